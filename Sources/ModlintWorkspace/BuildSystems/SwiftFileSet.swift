import ModlintXcode

/// The linted Swift files, looked up as Xcode does on a Mac: a project that says
/// `Mindkeeper/App.swift` for the folder `mindkeeper/` builds there (APFS ignores case by
/// default), so a path that does not exist as written is matched ignoring case. The
/// case-folded indexes are built only when such a path turns up.
///
/// A tree's projects miss a handful of paths (a file they still list that is gone, a
/// header taken for a folder): the first misses are answered by scanning the files, which
/// costs less than indexing them. Past those, indexes key each file and folder by a hash
/// of its case-folded bytes, made without a string: folding and hashing ten thousand paths
/// as strings was the largest single cost of laying out a tree's projects. A hit is
/// confirmed by comparing the folded paths; two different paths that share a hash send the
/// lookup to tables of folded strings (made only then), so the answer is always exact.
final class SwiftFileSet {
    private let exact: Set<String>
    private let files: [String]
    /// The folders the walk entered (root-relative), when known: a folder that is there as
    /// written is the one a project means, whatever it holds.
    private let directories: Set<String>

    /// Every file by the hash of its folded path (its index in `files`); sorted input: of
    /// two files differing only in case, the first wins, on every host.
    private lazy var foldedFileIndex: [UInt64: Int] = {
        var index: [UInt64: Int] = [:]
        index.reserveCapacity(files.count)
        for (position, file) in files.enumerated() {
            let key = Self.foldedHash(file)
            if index[key] == nil { index[key] = position }
        }
        return index
    }()
    /// Every folder that holds a file (at any depth) by the hash of its folded path, spelled
    /// as the first file below it spells it; `exact` is false when two different folders
    /// share a hash (then `foldedFolders` answers).
    private lazy var foldedFolderIndex: (folders: [UInt64: String], exact: Bool) = {
        var index: [UInt64: String] = [:]
        var exact = true
        forEachFolder { folder in
            let key = Self.foldedHash(folder)
            guard let known = index[key] else {
                index[key] = folder
                return true
            }
            if Self.foldedEqual(known, folder) { return false }
            exact = false
            return true
        }
        return (index, exact)
    }()
    /// Folded path → file, and folded folder → folder, as strings: only when a hash is
    /// shared by two different paths (or a path is not ASCII), which no real tree has.
    private lazy var foldedFiles: [String: String] = {
        var map: [String: String] = [:]
        for file in files where map[Self.folded(file)] == nil { map[Self.folded(file)] = file }
        return map
    }()
    private lazy var foldedFolders: [String: String] = {
        var map: [String: String] = [:]
        forEachFolder { folder in
            let key = Self.folded(folder)
            if map[key] != nil { return false }
            map[key] = folder
            return true
        }
        return map
    }()

    /// Misses left to answer by a scan before the indexes are made.
    private var scansLeft = 16
    /// Whether every file's path is ASCII: then a path of another length cannot fold to the
    /// same bytes, and a scan compares only paths of the query's length.
    private lazy var filesAreASCII = files.allSatisfy(Paths.isASCII)

    /// `XcodeProjectLayout.files(of:…)` by project folder and target name: the target and
    /// the package folders it was resolved with, and its files. (The set and its files
    /// never change, so a target equal to one resolved before has the same files.)
    private var resolved: [String: [(target: XcodeTarget, packageDirectories: [String], files: [String])]] = [:]

    init(_ files: [String], directories: Set<String> = []) {
        self.files = files
        self.exact = Set(files)
        self.directories = directories
    }

    /// Every folder that holds a file, in the files' order, each new one with its ancestors
    /// up to the first `record` says it knows (returns false for): consecutive files share
    /// their folder, so only a new one is copied out of its path, and an ancestor recorded
    /// before has its own ancestors recorded too.
    private func forEachFolder(_ record: (String) -> Bool) {
        var previous: Substring = ""
        for file in files {
            guard let slash = Paths.lastSlash(file) else { continue }
            let slice = file[..<slash]
            if Paths.sameBytes(slice, previous) { continue }
            previous = slice
            var folder = String(slice)
            while !folder.isEmpty && record(folder) { folder = Paths.parent(folder) }
        }
    }

    func memoizedFiles(of target: XcodeTarget, projectDirectory: String, packageDirectories: [String],
                       resolve: () -> [String]) -> [String] {
        let key = projectDirectory + "\u{1F}" + target.name
        if let known = resolved[key]?.first(where: { $0.target == target && $0.packageDirectories == packageDirectories }) {
            return known.files
        }
        let files = resolve()
        resolved[key, default: []].append((target, packageDirectories, files))
        return files
    }

    func find(_ path: String) -> String? {
        if exact.contains(path) { return path }
        // Only a name that ends in `.swift`, in any case, can be one of these files: the
        // folded index is not made for a project's other sources or its folders.
        guard Self.mayEndInSwift(path) else { return nil }
        guard Paths.isASCII(path) else { return foldedFiles[Self.folded(path)] }
        if takesScan() {
            // The first file that folds to the same bytes: the one the index would give.
            let length = path.utf8.count
            return files.first { $0.utf8.count == length && Self.foldedEqual($0, path) }
        }
        guard let position = foldedFileIndex[Self.foldedHash(path)] else { return nil }
        return Self.foldedEqual(files[position], path) ? files[position] : foldedFiles[Self.folded(path)]
    }

    /// `folder` as written when it holds linted files or is there as written (the walk
    /// entered it), else the folder with linted files whose name differs only in case.
    func findFolder(_ folder: String) -> String {
        guard !folder.isEmpty, XcodeProjectLayout.filesBelow(folder, in: files).isEmpty, !directories.contains(folder) else { return folder }
        if Paths.isASCII(folder) && takesScan() { return scanForFolder(folder) }
        let index = foldedFolderIndex
        guard index.exact, Paths.isASCII(folder) else { return foldedFolders[Self.folded(folder)] ?? folder }
        guard let known = index.folders[Self.foldedHash(folder)] else { return folder }
        return Self.foldedEqual(known, folder) ? known : foldedFolders[Self.folded(folder)] ?? folder
    }

    /// Whether a miss may be answered by a scan (one of the first, over ASCII paths).
    private func takesScan() -> Bool {
        guard scansLeft > 0, filesAreASCII else { return false }
        scansLeft -= 1
        return true
    }

    /// The folder that folds to `folder`'s bytes as the first file below it spells it (what
    /// the folder index holds), or `folder` when none does.
    private func scanForFolder(_ folder: String) -> String {
        let length = folder.utf8.count
        let wanted = Array(folder.utf8)
        for file in files where file.utf8.count > length {
            // Every path is ASCII here (`takesScan`): a byte is a character.
            let prefix = file.utf8.prefix(length + 1)
            guard prefix.last == UInt8(ascii: "/"), zip(prefix, wanted).allSatisfy({ Self.foldedByte($0) == Self.foldedByte($1) }) else { continue }
            return String(decoding: prefix.dropLast(), as: UTF8.self)
        }
        return folder
    }

    /// Whether `path` ends in `.swift` ignoring ASCII case, or in bytes that are not ASCII
    /// (whose case mapping only `lowercased()` knows).
    private static func mayEndInSwift(_ path: String) -> Bool {
        let suffix = Array(path.utf8.suffix(6))
        guard suffix.count == 6 else { return false }
        guard suffix.allSatisfy({ $0 < 0x80 }) else { return true }
        return zip(suffix, ".swift".utf8).allSatisfy { foldedByte($0) == $1 }
    }

    /// An ASCII capital as its small letter; any other byte as it is.
    private static func foldedByte(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// FNV-1a (64 bit) of the folded bytes: ASCII letters lower-cased in passing; a path
    /// that is not ASCII is folded by `lowercased()` first.
    static func foldedHash(_ path: String) -> UInt64 {
        func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
            var value: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { value = (value ^ UInt64(foldedByte(byte))) &* 0x100_0000_01b3 }
            return value
        }
        return path.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 >= 0x80 } ? nil : hash(bytes)
        }.flatMap { $0 } ?? hash(path.lowercased().utf8)
    }

    /// Whether two paths are equal once folded: byte by byte for ASCII (no string made).
    static func foldedEqual(_ first: String, _ second: String) -> Bool {
        guard Paths.isASCII(first), Paths.isASCII(second) else { return folded(first) == folded(second) }
        guard first.utf8.count == second.utf8.count else { return false }
        let compared: Bool?? = first.utf8.withContiguousStorageIfAvailable { one in
            second.utf8.withContiguousStorageIfAvailable { other in zip(one, other).allSatisfy { foldedByte($0) == foldedByte($1) } }
        }
        return (compared ?? nil) ?? zip(first.utf8, second.utf8).allSatisfy { foldedByte($0) == foldedByte($1) }
    }

    /// `path.lowercased()`, over the bytes when they are ASCII (as nearly all paths are).
    static func folded(_ path: String) -> String {
        let ascii: String?? = path.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            guard bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return path }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (index, byte) in bytes.enumerated() { buffer[index] = foldedByte(byte) }
                return bytes.count
            }
        }
        return (ascii ?? nil) ?? path.lowercased()
    }
}

