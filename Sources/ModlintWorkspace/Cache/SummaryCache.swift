#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ModlintFacts
import Synchronization

/// Per-file `SourceSummary` cache: one file per workspace root, in a per-user folder
/// outside the analysed tree (`$XDG_CACHE_HOME/modlint/<hash of the root>`, else
/// `~/.cache/modlint/…`, `~/Library/Caches/modlint/…` on macOS; `--cache-dir` or
/// `MODLINT_CACHE_DIR` replace the base), so that a warm run reads one file instead of
/// thousands and a pre-commit hook never finds new files in the work tree. Each root has
/// its own folder: two workspaces sharing a base never evict each other.
///
/// Each entry is keyed by the file's path and validated by its stat (size, modification
/// time in nanoseconds, inode): an unchanged file is never read. When the stat differs the
/// file is read and hashed (FNV-1a, 64 bit); equal content reuses the summary, anything
/// else is summarised again. The whole cache is tied to the modlint build that wrote it
/// (version, summary schema and the executable's identity), because summaries are stored
/// positionally. It is replaced atomically (temporary file + rename), so concurrent runs
/// never see a torn file: the last writer wins and a reader falls back to summarising.
public final class SummaryCache: Sendable {
    /// The base folder; each workspace root gets a folder of its own below it.
    public let base: String
    /// Write failures of this run (`lint --verbose` shows them; the result never depends on them).
    let failures = Mutex<[String]>([])

    /// `base`: `nil` takes the per-user default (`defaultBase`).
    public init(base: String? = nil) {
        self.base = base ?? Self.defaultBase(environment: { getenv($0).map { String(cString: $0) } })
    }

    /// `$XDG_CACHE_HOME/modlint`, else `~/.cache/modlint` (`~/Library/Caches/modlint` on
    /// macOS), else a per-user folder in the temporary directory.
    public static func defaultBase(environment: (String) -> String?) -> String {
        #if os(macOS)
        if let home = environment("HOME"), !home.isEmpty { return home + "/Library/Caches/modlint" }
        #else
        if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/modlint" }
        if let home = environment("HOME"), !home.isEmpty { return home + "/.cache/modlint" }
        #endif
        return "/tmp/modlint-cache-\(getuid())"
    }

    /// What could not be written, with the reason.
    public var writeFailures: [String] { failures.withLock { $0 } }

    /// Notes a file of this cache that could not be written (the reason is `errno`'s).
    public func recordWriteFailure(_ path: String) {
        let reason = String(cString: strerror(errno))
        failures.withLock { $0.append("\(path): \(reason)") }
    }

    public static let fileName = "summaries.bin"
    static let magic: [UInt8] = Array("MODLINT-SUMMARIES\n".utf8)
    static let schemaVersion = 3

    /// The cache directory for the workspace at `root`: the base plus a hash of the root.
    public func directory(forRoot root: String) -> String {
        var hash = StableHash()
        hash.add(root)
        let hex = String(hash.value, radix: 16)
        return Paths.join(base, String(repeating: "0", count: 16 - hex.count) + hex)
    }

    /// Opens the cache for one load of the workspace at `root`.
    public func open(root: String) -> Session {
        let directory = directory(forRoot: root)
        Self.removeStaleTemporaries(in: directory)
        return Session(cache: self, directory: directory,
                       stored: FileSystem.read(Paths.join(directory, Self.fileName)).flatMap(Stored.init))
    }

    /// Temporaries a killed run left behind (older than ten minutes: a live writer's are not).
    static func removeStaleTemporaries(in directory: String) {
        let now = time(nil)
        for entry in FileSystem.entries(of: directory) ?? [] where entry.name.contains(".modlint-tmp-") {
            let path = Paths.join(directory, entry.name)
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            #if canImport(Darwin)
            let modified = info.st_mtimespec.tv_sec
            #else
            let modified = info.st_mtim.tv_sec
            #endif
            if now - modified > 600 { unlink(path) }
        }
    }

    /// Identifies the build: summaries written by another build may have another layout.
    public static let buildIdentity: String = {
        var info = stat()
        #if os(Linux)
        let executable = "/proc/self/exe"
        #else
        let executable = CommandLine.arguments.first ?? ""
        #endif
        guard stat(executable, &info) == 0 else { return "unknown" }
        return "\(info.st_size)-\(FileStat.modificationNanoseconds(info))"
    }()

    static func header(modlintVersion: String) -> String {
        "schema \(schemaVersion); build \(buildIdentity)"
    }

    struct FileStat: Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64

        init(size: Int64, modified: Int64, inode: UInt64) {
            self.size = size
            self.modified = modified
            self.inode = inode
        }

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(size: Int64(info.st_size), modified: Self.modificationNanoseconds(info), inode: UInt64(info.st_ino))
        }

        static func modificationNanoseconds(_ info: stat) -> Int64 {
            #if canImport(Darwin)
            return Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
            #else
            return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            #endif
        }
    }

    struct Record {
        var path: String
        var stat: FileStat
        var hash: UInt64
        var summary: Bytes

        /// A summary's encoded bytes: still inside the file that was read (no copy), or new.
        enum Bytes {
            case stored(Range<Int>)
            case fresh([UInt8])
        }
    }

    /// The file as read: an index of entries over one byte buffer; summaries are decoded
    /// only when asked for (in parallel, by the loader's workers).
    struct Stored: @unchecked Sendable {
        struct Entry {
            var stat: FileStat
            var hash: UInt64
            var range: Range<Int>
            /// Checksum of the record's summary bytes: a damaged record is rebuilt, never served.
            var checksum: UInt64
        }
        var bytes: [UInt8]
        var entries: [String: Entry] = [:]

        init?(_ bytes: [UInt8]) {
            self.bytes = bytes
            let parsed: [String: Entry]? = bytes.withUnsafeBytes { raw in
                let reader = Reader(raw)
                do {
                    guard raw.count >= SummaryCache.magic.count,
                          Array(raw.prefix(SummaryCache.magic.count)) == SummaryCache.magic else { return nil }
                    reader.position = SummaryCache.magic.count
                    guard try reader.readString() == SummaryCache.header(modlintVersion: "") else { return nil }
                    let count: Int = try reader.readInteger()
                    var entries: [String: Entry] = [:]
                    entries.reserveCapacity(max(0, min(count, 1 << 20)))
                    for _ in 0..<max(0, count) {
                        let path = try reader.readString()
                        let stat = FileStat(size: try reader.readInteger(), modified: try reader.readInteger(), inode: try reader.readInteger())
                        let hash: UInt64 = try reader.readInteger()
                        let checksum: UInt64 = try reader.readInteger()
                        let length: Int = try reader.readInteger()
                        guard length >= 0, reader.position + length <= raw.count else { return nil }
                        entries[path] = Entry(stat: stat, hash: hash, range: reader.position..<reader.position + length, checksum: checksum)
                        reader.position += length
                    }
                    return entries
                } catch {
                    return nil
                }
            }
            guard let parsed else { return nil }
            entries = parsed
        }

        func summary(_ entry: Entry) -> SourceSummary? {
            bytes.withUnsafeBytes { raw in
                let record = UnsafeRawBufferPointer(rebasing: raw[entry.range])
                guard Checksum.of(record) == entry.checksum else { return nil }
                return try? BinaryCoding.decode(SourceSummary.self, from: record)
            }
        }
    }

    /// One load: looks summaries up, summarises misses, and writes the cache back once.
    public final class Session: Sendable {
        let cache: SummaryCache
        let directory: String
        let stored: Stored?
        let records = Mutex<[String: Record]>([:])
        let misses = Atomic<Int>(0)

        init(cache: SummaryCache, directory: String, stored: Stored?) {
            self.cache = cache
            self.directory = directory
            self.stored = stored
        }

        /// The summary of the file at `absolute` (cached as `path`); `nil` when it cannot be read.
        public func summary(path: String, absolute: String) -> SourceSummary? {
            guard let current = FileStat(path: absolute) else { return nil }
            let entry = stored?.entries[path]
            if let entry, entry.stat == current, let summary = stored?.summary(entry) {
                keep(Record(path: path, stat: current, hash: entry.hash, summary: .stored(entry.range)))
                return summary
            }
            guard let bytes = FileSystem.read(absolute) else { return nil }
            var content = StableHash()
            content.addRaw(bytes)
            let hash = content.value
            if let entry, entry.hash == hash, let summary = stored?.summary(entry) {
                keep(Record(path: path, stat: current, hash: hash, summary: .stored(entry.range)))
                misses.add(1, ordering: .relaxed)
                return summary
            }
            let summary = FactExtractor.summarize(bytes: bytes)
            var encoded: [UInt8] = []
            if (try? BinaryCoding.encode(summary, into: &encoded)) != nil {
                keep(Record(path: path, stat: current, hash: hash, summary: .fresh(encoded)))
            }
            misses.add(1, ordering: .relaxed)
            return summary
        }

        private func keep(_ record: Record) {
            records.withLock { $0[record.path] = record }
        }

        /// Writes the cache when anything changed. Failing to write is not an error: the
        /// next run simply summarises again.
        @discardableResult
        public func save() -> Bool {
            let records = records.withLock { $0 }
            let unchanged = misses.load(ordering: .relaxed) == 0 && stored.map { Set($0.entries.keys) == Set(records.keys) } ?? false
            if unchanged { return true }
            let output = Writer()
            output.bytes = SummaryCache.magic
            output.bytes.reserveCapacity((stored?.bytes.count ?? 0) + (1 << 20))
            output.writeString(SummaryCache.header(modlintVersion: ""))
            output.writeInteger(records.count)
            for path in records.keys.sorted() {
                let record = records[path]!
                output.writeString(path)
                output.writeInteger(record.stat.size)
                output.writeInteger(record.stat.modified)
                output.writeInteger(record.stat.inode)
                output.writeInteger(record.hash)
                switch record.summary {
                case .stored(let range):
                    output.writeInteger(stored!.entries[path]?.checksum ?? stored!.bytes.withUnsafeBytes { Checksum.of(UnsafeRawBufferPointer(rebasing: $0[range])) })
                    output.writeInteger(range.count)
                    output.bytes.append(contentsOf: stored!.bytes[range])
                case .fresh(let bytes):
                    output.writeInteger(Checksum.of(bytes))
                    output.writeInteger(bytes.count)
                    output.bytes.append(contentsOf: bytes)
                }
            }
            let file = Paths.join(directory, SummaryCache.fileName)
            guard FileSystem.makeDirectories(directory), FileSystem.write(output.bytes, to: file) else {
                cache.recordWriteFailure(file)
                return false
            }
            return true
        }
    }
}

/// A fast checksum of a byte range (64-bit words, multiply and rotate): damage in a cache
/// record or the memo is detected before it can be served.
public enum Checksum {
    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash = (hash << 31) | (hash >> 33)
            index += 8
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0xC4CE_B9FE_1A85_EC53
            index += 1
        }
        return hash ^ (hash >> 29)
    }

    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }
}
