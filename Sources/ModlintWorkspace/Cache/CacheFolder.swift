#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Who may have written the cache decides whether it can be trusted: a folder another user
/// made (a predictable `/tmp` path made first by someone else), one reached through a
/// symbolic link, or one others can write to could hold a forged index or memo. Such a
/// folder is not used — the run reads everything and writes nothing there — and
/// `lint --verbose` says why. There is no shared fallback folder: without `HOME` or
/// `XDG_CACHE_HOME` (cron, `env -i`, some containers) there is no cache unless one is given.
public enum CacheFolder {
    /// Why `path` cannot hold a cache; `nil` when it is a folder of the current user, not
    /// a link and not writable by group or others — or does not exist yet (it is made
    /// with mode 0700 when first written).
    public static func problem(_ path: String) -> String? {
        var info = stat()
        guard PathBytes.withCString(path, { lstat($0, &info) }) == 0 else {
            return errno == ENOENT ? nil : "\(path): \(String(cString: strerror(errno)))"
        }
        if info.st_mode & S_IFMT == S_IFLNK { return "\(path) is a symbolic link" }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(path) is not a folder" }
        guard info.st_uid == geteuid() else { return "\(path) belongs to another user (uid \(info.st_uid))" }
        guard info.st_mode & 0o022 == 0 else {
            return "\(path) is writable by \(info.st_mode & 0o002 != 0 ? "every user" : "its group") (mode \(String(info.st_mode & 0o777, radix: 8)))"
        }
        return nil
    }

    /// The base folder to use: `explicit` (`--cache-dir`, `MODLINT_CACHE_DIR`), else the
    /// per-user default; or why there is none that can be trusted.
    public static func base(explicit: String?, environment: (String) -> String?) -> Result<String, Refusal> {
        guard let base = explicit ?? SummaryCache.defaultBase(environment: environment) else {
            return .failure(Refusal(description: "no per-user cache folder (HOME and XDG_CACHE_HOME are unset); "
                                    + "give one with --cache-dir or MODLINT_CACHE_DIR"))
        }
        if let problem = problem(base) { return .failure(Refusal(description: problem)) }
        return .success(base)
    }

    /// Makes `path` (mode 0700) when missing, with any missing parents; true when it is
    /// then a folder that `problem` accepts.
    static func make(_ path: String) -> Bool {
        var info = stat()
        if PathBytes.withCString(path, { lstat($0, &info) }) != 0 {
            _ = FileSystem.makeDirectories(Paths.parent(path))
            guard PathBytes.withCString(path, { mkdir($0, 0o700) }) == 0 || errno == EEXIST else { return false }
        }
        return problem(path) == nil
    }

    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }
}
