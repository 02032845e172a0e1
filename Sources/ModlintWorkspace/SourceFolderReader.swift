#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the walk's Swift files in the order of the walk (sorted: a folder's files are
/// together), each opened relative to its folder (`openat`): the kernel resolves one name
/// per file instead of its whole path, which cost more than reading the file. One reader
/// per thread; a file it cannot open so is read by its path (`FileSystem.readSource`).
final class SourceFolderReader {
    private let root: String
    private let scope: ReadScope
    private var folder: String?
    private var descriptor: Int32 = -1

    init(root: String, scope: ReadScope) {
        self.root = root
        self.scope = scope
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The file at `path` (root-relative, as the walk spells it); `nil` when it is refused.
    func read(_ path: String, atMost limit: Int = InputLimits.source) -> [UInt8]? {
        let parent = Paths.parent(path)
        if parent != folder {
            if descriptor >= 0 { close(descriptor) }
            folder = parent
            // The walk's folders: never a link it followed (see `readInput`'s `trustingFolders`).
            descriptor = PathBytes.withCString(parent.isEmpty ? root : Paths.join(root, parent)) {
                open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY)
            }
        }
        if descriptor >= 0, let read = FileSystem.readSource(named: Paths.lastComponent(path), inFolder: descriptor, atMost: limit) {
            return read
        }
        return FileSystem.readSource(Paths.join(root, path), scope: scope, atMost: limit)
    }
}
