#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ModlintFacts
import Synchronization

/// Per-file `SourceSummary` cache, in a per-user folder outside the analysed tree
/// (`$XDG_CACHE_HOME/modlint/<hash of the root>`, else `~/.cache/modlint/…`,
/// `~/Library/Caches/modlint/…` on macOS; `--cache-dir` or `MODLINT_CACHE_DIR` replace the
/// base), so that a pre-commit hook never finds new files in the work tree. Each root has
/// its own folder: two workspaces sharing a base never evict each other.
///
/// Two files per root, so that a changed file costs one file (the root's folder also holds
/// `result.memo` and `layout.memo`):
/// - `records-<generation>.bin`: encoded summaries, appended to and never rewritten in
///   place; memory-mapped on read, so an unchanged summary is decoded straight from the
///   page cache without copying the file.
/// - `index.bin`: one entry per source file — path, stat (size, modification time in
///   nanoseconds, inode), content hash, and the record's offset, length and checksum —
///   with a checksum over the whole index. It is small (about 100 bytes a file) and
///   replaced atomically (temporary file + rename) by each run that changed anything.
/// An unchanged file (same stat) is never read; a touched one with the same content hash
/// reuses its record; anything else is summarised and its record appended. When dead
/// records outweigh live ones, the next writer compacts into a new generation. Writers
/// serialise on a lock file; readers never wait and never see a torn index. A record or
/// index whose checksum does not match is rebuilt, never served. The cache is tied to the
/// modlint build that wrote it (version, schema and the executable's identity).
public final class SummaryCache: Sendable {
    /// The base folder; each workspace root gets a folder of its own below it.
    public let base: String
    /// Write failures of this run (`lint --verbose` shows them; the result never depends on them).
    let failures = Mutex<[String]>([])

    /// `base`: the folder (see `CacheFolder.base` for the one a run may trust).
    public init(base: String) {
        self.base = base
    }

    /// `$XDG_CACHE_HOME/modlint`, else `~/.cache/modlint` (`~/Library/Caches/modlint` on
    /// macOS); `nil` without either variable — never a shared folder such as `/tmp`, where
    /// another user could have made it first (`CacheFolder`).
    public static func defaultBase(environment: (String) -> String?) -> String? {
        #if os(macOS)
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/Library/Caches/modlint" }
        #else
        if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/modlint" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.cache/modlint" }
        #endif
        return nil
    }

    /// What could not be written, with the reason (after the writes still under way).
    public var writeFailures: [String] {
        Self.finishWrites()
        return failures.withLock { $0 }
    }

    /// Saves under way on other threads (`Session.saveInBackground`). The process waits
    /// for them when it exits, however it exits: a run never leaves a half-written index.
    private static let pendingWrites = DispatchGroup()
    private static let waitsAtExit: Void = {
        atexit { SummaryCache.finishWrites() }
    }()

    /// Waits for the saves under way.
    public static func finishWrites() {
        pendingWrites.wait()
    }

    /// Runs a cache write on another thread, waited for at exit and by `writeFailures`.
    public static func writeInBackground(_ write: @escaping @Sendable () -> Void) {
        waitsAtExit
        pendingWrites.enter()
        DispatchQueue.global().async {
            write()
            pendingWrites.leave()
        }
    }

    /// Notes a file of this cache that could not be written (the reason is `errno`'s).
    public func recordWriteFailure(_ path: String) {
        let reason = String(cString: strerror(errno))
        failures.withLock { $0.append("\(path): \(reason)") }
    }

    public static let indexName = "index.bin"
    static let lockName = "lock"
    static let recordsPrefix = "records-"
    static let magic: [UInt8] = Array("MODLINT-INDEX\n".utf8)
    static let schemaVersion = 9

    /// The cache directory for the workspace at `root`: the base plus a hash of the root.
    public func directory(forRoot root: String) -> String {
        var hash = StableHash()
        hash.add(folderKeys.withLock { $0[root] } ?? root)
        let hex = String(hash.value, radix: 16)
        return Paths.join(base, String(repeating: "0", count: 16 - hex.count) + hex)
    }

    /// Roots cached under another root's name (`cache(root:under:)`).
    private let folderKeys = Mutex<[String: String]>([:])

    /// Caches the workspace at `root` in the folder of `key` instead of its own: a revision
    /// written into a fresh scratch folder each run (`modlint diff`) keeps one folder, whose
    /// summaries its unchanged files find again by content.
    public func cache(root: String, under key: String) {
        folderKeys.withLock { $0[root] = key }
    }

    /// Opens the cache for one load of the workspace at `root`.
    /// One session per root and process: the facts check and the load that may follow
    /// share what they found (a changed file is summarised once).
    public func open(root: String) -> Session {
        if let pending = preparing.withLock({ $0[root] }) { pending.wait() }
        return sessions.withLock { sessions in
            if let session = sessions[root] { return session }
            let session = makeSession(root: root)
            sessions[root] = session
            return session
        }
    }

    /// Forgets the session of `root` once its saves are done: a process that analyses
    /// several trees one after the other (`modlint diff`) keeps one tree's records at a time.
    public func forget(root: String) {
        Self.finishWrites()
        sessions.withLock { $0[root] = nil }
    }

    /// Starts opening the session for `root` on another thread: reading and indexing the
    /// index is serial work that the walk of the tree, which comes first, can hide.
    /// `open` waits for it.
    public func prepare(root: String) {
        let group = DispatchGroup()
        let started = preparing.withLock { pending -> Bool in
            guard pending[root] == nil else { return false }
            pending[root] = group
            return true
        }
        guard started else { return }
        DispatchQueue.global().async(group: group) { [self] in
            let session = makeSession(root: root)
            sessions.withLock { sessions in
                if sessions[root] == nil { sessions[root] = session }
            }
        }
    }

    private func makeSession(root: String) -> Session {
        let directory = directory(forRoot: root)
        // A folder this user does not own alone is neither read nor written (`CacheFolder`).
        guard CacheFolder.problem(base) == nil, CacheFolder.problem(directory) == nil else {
            return Session(cache: self, directory: directory, scope: ReadScope.enclosing(root), index: nil, records: nil, usable: false)
        }
        let index = FileSystem.read(Paths.join(directory, Self.indexName)).flatMap { Index($0, directory: directory) }
        Self.removeStaleFiles(in: directory, keeping: index?.recordsName)
        let records = index.flatMap { MappedFile(path: Paths.join(directory, $0.recordsName)) }
        return Session(cache: self, directory: directory, scope: ReadScope.enclosing(root), index: records == nil ? nil : index, records: records,
                       usable: true)
    }

    private let sessions = Mutex<[String: Session]>([:])
    private let preparing = Mutex<[String: DispatchGroup]>([:])

    /// Temporaries a killed run left behind, and record generations no index names any
    /// more (older than ten minutes: a live writer's or reader's are not).
    static func removeStaleFiles(in directory: String, keeping current: String?) {
        let now = time(nil)
        for entry in FileSystem.entries(of: directory) ?? [] {
            let stale = entry.name.contains(".modlint-tmp-") || (entry.name.hasPrefix(recordsPrefix) && entry.name != current)
            guard stale else { continue }
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
        return "\(info.st_size)-\(FileIdentity(info).modified)"
    }()

    static var header: String { "schema \(schemaVersion); build \(buildIdentity)" }

    /// `records-` and up to 16 lowercase hex digits, `.bin`: the only records file an index
    /// may name (never a path, so a forged index cannot point a write outside the folder).
    static func isRecordsName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let prefix = Array(recordsPrefix.utf8), suffix = Array(".bin".utf8)
        guard bytes.count > prefix.count + suffix.count, bytes.count <= prefix.count + 16 + suffix.count,
              bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix) else { return false }
        return bytes[prefix.count..<(bytes.count - suffix.count)].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The index as read: entries by path, and the records file they point into.
    public struct Index: Sendable {
        public struct Entry: Sendable {
            var identity: FileIdentity
            var hash: UInt64
            var offset: Int
            var length: Int
            /// Checksum of the record's bytes: a damaged record is rebuilt, never served.
            var checksum: UInt64
            /// Checksum of the facts in it (`SummaryCodec.factsChecksum`).
            var facts: UInt64
        }
        var recordsName: String
        var entries: [String: Entry]

        /// `nil` for an index of another build or another folder (one copied or spliced in
        /// from another tree's), a damaged one (its checksum), a truncated one, or one that
        /// names a records file other than a `records-<hex>.bin` beside it.
        init?(_ bytes: [UInt8], directory: String) {
            guard bytes.count >= SummaryCache.magic.count + 8,
                  Array(bytes.prefix(SummaryCache.magic.count)) == SummaryCache.magic else { return nil }
            let parsed: (String, [String: Entry])? = bytes.withUnsafeBytes { raw in
                let body = UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 8)])
                guard Checksum.of(body) == raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self).littleEndian else { return nil }
                let reader = Reader(body)
                reader.position = SummaryCache.magic.count
                do {
                    guard try reader.readString() == SummaryCache.header, try reader.readString() == directory else { return nil }
                    let recordsName = try reader.readString()
                    guard SummaryCache.isRecordsName(recordsName) else { return nil }
                    let count: Int = try reader.readInteger()
                    guard count >= 0, count <= body.count else { return nil }
                    var entries: [String: Entry] = [:]
                    entries.reserveCapacity(count)
                    for _ in 0..<count {
                        let path = try reader.readString()
                        let identity = FileIdentity(size: try reader.readInteger(), modified: try reader.readInteger(), inode: try reader.readInteger())
                        entries[path] = Entry(identity: identity, hash: try reader.readInteger(), offset: try reader.readInteger(),
                                              length: try reader.readInteger(), checksum: try reader.readInteger(), facts: try reader.readInteger())
                    }
                    return (recordsName, entries)
                } catch {
                    return nil
                }
            }
            guard let parsed else { return nil }
            (recordsName, entries) = parsed
        }

        /// The index file for `entries` (in any order: the reader keys them by path).
        static func encoded(recordsName: String, directory: String, entries: [(path: String, entry: Entry)]) -> [UInt8] {
            let output = Writer()
            output.bytes = SummaryCache.magic
            output.bytes.reserveCapacity(entries.count * 96 + 256)
            output.writeString(SummaryCache.header)
            output.writeString(directory)
            output.writeString(recordsName)
            output.writeInteger(entries.count)
            for (path, entry) in entries {
                output.writeString(path)
                output.writeInteger(entry.identity.size)
                output.writeInteger(entry.identity.modified)
                output.writeInteger(entry.identity.inode)
                output.writeInteger(entry.hash)
                output.writeInteger(entry.offset)
                output.writeInteger(entry.length)
                output.writeInteger(entry.checksum)
                output.writeInteger(entry.facts)
            }
            output.writeInteger(Checksum.of(output.bytes))
            return output.bytes
        }
    }

    /// A file as `Session.find` found it.
    public enum Found: Sendable {
        /// In the cache, not decoded yet.
        case stored(Index.Entry)
        /// Summarised now.
        case fresh(SourceSummary, facts: UInt64)

        /// Checksum of the file's facts.
        public var facts: UInt64 {
            switch self {
            case .stored(let entry): return entry.facts
            case .fresh(_, let facts): return facts
            }
        }

        var summary: SourceSummary? {
            if case .fresh(let summary, _) = self { return summary }
            return nil
        }
    }

    /// One load: looks summaries up, summarises misses, and writes what changed once.
    public final class Session: Sendable {
        /// What this run knows of one file: its stored record, or a record made now.
        struct Record: Sendable {
            var identity: FileIdentity
            var hash: UInt64
            var checksum: UInt64
            var facts: UInt64
            /// `nil` for a stored record (its index entry says where it is).
            var fresh: [UInt8]?
            /// Where a stored record lies in the records file (from its index entry): saving
            /// needs no lookup of every path in the index.
            var stored: (offset: Int, length: Int)?
        }

        let cache: SummaryCache
        let directory: String
        /// Where this root's sources may be read from (`ReadScope`).
        let scope: ReadScope
        /// False for a folder `CacheFolder` refuses: nothing is written there.
        let usable: Bool
        let index: Index?
        let records: MappedFile?
        let kept = Mutex<[String: Record]>([:])
        /// Identities modified at or after this are stored unverified (`FileIdentity.isRacy`).
        let racyThreshold = FileIdentity.racyThreshold()
        /// What `find` answered, per path (asked again by the load after the facts check).
        let found = Mutex<[String: Found]>([:])
        /// What the last `findAll` learned, by position in its paths: the load asks again
        /// for the same paths (`storedSummaries`), and answers by position without hashing
        /// a path; `save` takes the records from here (a record in `kept` replaces one).
        let batch = Mutex<Batch?>(nil)

        struct Batch: Sendable {
            var paths: [String]
            var lookups: [Lookup?]
            /// Positions by path, made when a path is first asked for alone (rarely).
            var positions: [String: Int]?

            init(paths: [String], lookups: [Lookup?]) {
                self.paths = paths
                self.lookups = lookups
            }

            mutating func lookup(_ path: String) -> Lookup? {
                if positions == nil { positions = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) }
                return positions?[path].flatMap { lookups[$0] }
            }
        }
        let changes = Atomic<Int>(0)

        init(cache: SummaryCache, directory: String, scope: ReadScope, index: Index?, records: MappedFile?, usable: Bool) {
            self.cache = cache
            self.directory = directory
            self.scope = scope
            self.usable = usable
            self.index = index
            self.records = records
        }

        /// What one lookup learned: the answer, and the record to keep (`nil` when the
        /// answer was given earlier in this run).
        struct Lookup {
            var found: Found
            var record: Record?
        }

        /// The file at `absolute` (cached as `path`): its stored record when its stat or its
        /// content matches the index, else its summary made now; `nil` when it cannot be
        /// read. `identity`: the file's stat when the caller already has it (the walk does).
        public func find(path: String, absolute: String, identity known: FileIdentity? = nil) -> Found? {
            if let earlier = found.withLock({ $0[path] }) { return earlier }
            if let earlier = batch.withLock({ batch in batch?.lookup(path) }) { return earlier.found }
            guard let lookup = lookUp(path: path, absolute: absolute, identity: known) else { return nil }
            remember([path], [lookup])
            return lookup.found
        }

        /// `find` for the root-relative `paths` under `root`, in parallel; what was learned
        /// is remembered under one lock instead of two per file.
        public func findAll(_ paths: [String], root: String, identities: [FileIdentity?]) -> [Found?] {
            if let same = answers(for: paths) { return same.map { $0?.found } }
            let earlier = found.withLock { $0 }
            let lookups: [Lookup?] = Array(paths.indices).parallelMap { index in
                let path = paths[index]
                if let known = earlier[path] { return Lookup(found: known, record: nil) }
                return lookUp(path: path, absolute: Paths.join(root, path), identity: identities[index])
            }
            // The batch replaced, if any, is kept by path.
            if let previous = batch.withLock({ batch in defer { batch = Batch(paths: paths, lookups: lookups) }; return batch }) {
                remember(previous.paths, previous.lookups)
            }
            return lookups.map { $0?.found }
        }

        /// The last batch's answers when `paths` are its paths (the same array is compared
        /// in constant time).
        private func answers(for paths: [String]) -> [Lookup?]? {
            batch.withLock { batch in batch.flatMap { $0.paths == paths ? $0.lookups : nil } }
        }

        /// The stored summaries of the unchanged files among `paths` (same stat as in the
        /// index, or found stored earlier in this run), decoded in parallel; `nil` for a file
        /// that would have to be read. Remembered as `find` remembers them. For the paths
        /// of the facts check (`findAll`), also the summaries it made of changed files.
        func storedSummaries(_ paths: [String], root: String, identities: [FileIdentity?]) -> [SourceSummary?] {
            if let known = answers(for: paths) {
                // Summaries made by the facts check come along: the load need not look again.
                return Array(known.indices).parallelMap { index -> SourceSummary? in
                    guard let found = known[index]?.found else { return nil }
                    return summary(found, path: paths[index], absolute: Paths.join(root, paths[index]))
                }
            }
            let earlier = found.withLock { $0 }
            let results: [(lookup: Lookup?, summary: SourceSummary?)] = Array(paths.indices).parallelMap { index in
                let path = paths[index]
                let known = earlier[path].map { Lookup(found: $0, record: nil) }
                guard let lookup = known ?? unchanged(path: path, identity: identities[index]) else { return (nil, nil) }
                guard case .stored = lookup.found else { return (lookup, nil) }
                return (lookup, summary(lookup.found, path: path, absolute: Paths.join(root, path)))
            }
            remember(paths, results.map(\.lookup))
            return results.map(\.summary)
        }

        /// Keeps the new records and answers of a batch of lookups.
        private func remember(_ paths: [String], _ lookups: [Lookup?]) {
            // Sized once for the batch: growing a table of path keys rehashes every path.
            kept.withLock { kept in
                kept.reserveCapacity(kept.count + paths.count)
                for (index, lookup) in lookups.enumerated() {
                    if let record = lookup?.record { kept[paths[index]] = record }
                }
            }
            found.withLock { found in
                found.reserveCapacity(found.count + paths.count)
                for (index, lookup) in lookups.enumerated() where lookup?.record != nil { found[paths[index]] = lookup!.found }
            }
        }

        /// The stored answer for a file whose stat matches its index entry (nothing to read).
        private func unchanged(path: String, identity: FileIdentity?) -> Lookup? {
            guard let entry = index?.entries[path], let identity, entry.identity == identity else { return nil }
            return Lookup(found: .stored(entry), record: Record(identity: identity, hash: entry.hash, checksum: entry.checksum, facts: entry.facts,
                                                                fresh: nil, stored: (entry.offset, entry.length)))
        }

        /// `absolute` is made only for a file that must be stat'ed or read: most are neither.
        private func lookUp(path: String, absolute makeAbsolute: @autoclosure () -> String, identity known: FileIdentity?) -> Lookup? {
            lazy var absolute = makeAbsolute()
            guard let identity = known ?? FileIdentity(path: absolute) else { return nil }
            if let unchanged = unchanged(path: path, identity: identity) { return unchanged }
            let entry = index?.entries[path]
            guard let bytes = FileSystem.readSource(absolute, scope: scope) else { return nil }
            let hash = Self.contentHash(bytes)
            changes.add(1, ordering: .relaxed)
            if let entry, entry.hash == hash {
                return Lookup(found: .stored(entry), record: Record(identity: identity, hash: hash, checksum: entry.checksum, facts: entry.facts,
                                                                    fresh: nil, stored: (entry.offset, entry.length)))
            }
            let made = summarize(bytes, identity: identity, hash: hash)
            return Lookup(found: .fresh(made.summary, facts: made.record.facts), record: made.record)
        }

        /// The summary `find` found: decoded from its record (whose checksum must match),
        /// or — for a damaged record — made again from the file.
        /// `absolute` is made only for a damaged record (the file is read again).
        public func summary(_ found: Found, path: String, absolute makeAbsolute: @autoclosure () -> String) -> SourceSummary? {
            switch found {
            case .fresh(let summary, _):
                return summary
            case .stored(let entry):
                if let summary = stored(entry) { return summary }
                let absolute = makeAbsolute()
                guard let identity = FileIdentity(path: absolute), let bytes = FileSystem.readSource(absolute, scope: scope) else { return nil }
                changes.add(1, ordering: .relaxed)
                let made = summarize(bytes, identity: identity, hash: Self.contentHash(bytes))
                keep(path, made.record)
                return made.summary
            }
        }

        /// A hash of a file's bytes: equal content reuses the record whatever the stat says.
        static func contentHash(_ bytes: [UInt8]) -> UInt64 {
            var content = StableHash()
            content.addRaw(bytes)
            return content.value
        }

        /// Summarises a file into its summary and the record to keep.
        private func summarize(_ bytes: [UInt8], identity: FileIdentity, hash: UInt64) -> (summary: SourceSummary, record: Record) {
            let summary = FactExtractor.summarize(bytes: bytes)
            let encoded = SummaryCodec.encode(summary)
            let facts = encoded.withUnsafeBytes(SummaryCodec.factsChecksum)
            return (summary, Record(identity: identity, hash: hash, checksum: Checksum.of(encoded), facts: facts, fresh: encoded))
        }

        private func stored(_ entry: Index.Entry) -> SourceSummary? {
            guard let records, entry.offset >= 0, entry.length >= 0, entry.offset + entry.length <= records.count else { return nil }
            let bytes = UnsafeRawBufferPointer(rebasing: records.bytes[entry.offset..<entry.offset + entry.length])
            guard Checksum.of(bytes) == entry.checksum else { return nil }
            // The mapping is never written or truncated (records are appended, or a new
            // generation replaces the file by a rename): summaries may keep reading it.
            return SummaryCodec.decode(bytes, owner: records)
        }

        private func keep(_ path: String, _ record: Record) {
            kept.withLock { $0[path] = record }
        }

        /// `save` on another thread: the rules run meanwhile. Waited for at exit (and by
        /// `writeFailures`).
        public func saveInBackground() {
            SummaryCache.writeInBackground { [self] in save() }
        }

        /// Appends the new records and replaces the index, when anything changed. Failing
        /// to write is not an error: the next run summarises those files again.
        @discardableResult
        public func save() -> Bool {
            let kept = liveRecords()
            let unchanged = changes.load(ordering: .relaxed) == 0 && index.map { $0.entries.count == kept.count } ?? false
            if unchanged { return true }
            guard usable, CacheFolder.make(cache.base), CacheFolder.make(directory) else {
                cache.recordWriteFailure(directory)
                return false
            }
            let lockPath = Paths.join(directory, SummaryCache.lockName)
            let lock = Glibc_open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard lock >= 0 else {
                cache.recordWriteFailure(lockPath)
                return false
            }
            defer { close(lock) }
            // Writers take turns: appends never interleave, and each index names only
            // records that are complete on disk.
            _ = flock(lock, LOCK_EX)
            defer { _ = flock(lock, LOCK_UN) }

            var entries: [(path: String, entry: Index.Entry)] = []
            entries.reserveCapacity(kept.count)
            var recordsName = index?.recordsName
            if let name = recordsName, let records, appendable(records: records, kept: kept) {
                guard appendFresh(kept, to: Paths.join(directory, name), entries: &entries) else { return false }
            } else {
                recordsName = SummaryCache.recordsPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 16) + ".bin"
                guard writeAll(kept, to: Paths.join(directory, recordsName!), entries: &entries) else { return false }
            }
            let indexPath = Paths.join(directory, SummaryCache.indexName)
            guard FileSystem.write(Index.encoded(recordsName: recordsName!, directory: directory, entries: entries), to: indexPath) else {
                cache.recordWriteFailure(indexPath)
                return false
            }
            return true
        }

        /// Every record this run keeps, one per path: the last batch's, replaced by any
        /// kept by path (a damaged record summarised again).
        private func liveRecords() -> [(path: String, record: Record)] {
            let byPath = kept.withLock { $0 }
            var live: [(path: String, record: Record)] = []
            if let batch = batch.withLock({ $0 }) {
                live.reserveCapacity(batch.paths.count + byPath.count)
                for (index, lookup) in batch.lookups.enumerated() {
                    if let record = lookup?.record, byPath.isEmpty || byPath[batch.paths[index]] == nil {
                        live.append((batch.paths[index], record))
                    }
                }
            }
            for (path, record) in byPath { live.append((path, record)) }
            return live
        }

        /// Appending is right while live records make up at least half of the file.
        private func appendable(records: MappedFile, kept: [(path: String, record: Record)]) -> Bool {
            var live = 0
            for (_, record) in kept {
                live += record.fresh?.count ?? record.stored?.length ?? 0
            }
            return records.count <= 2 * live + (1 << 20)
        }

        /// Appends the fresh records at the end of the current generation.
        private func appendFresh(_ kept: [(path: String, record: Record)], to file: String, entries: inout [(path: String, entry: Index.Entry)]) -> Bool {
            let descriptor = Glibc_open(file, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                cache.recordWriteFailure(file)
                return false
            }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return false }
            let offset = Int(info.st_size)
            var batch: [UInt8] = []
            for (path, record) in kept {
                if let fresh = record.fresh {
                    entries.append((path, Index.Entry(identity: record.identity.settled(threshold: racyThreshold), hash: record.hash, offset: offset + batch.count,
                                                      length: fresh.count, checksum: record.checksum, facts: record.facts)))
                    batch += fresh
                } else if let stored = record.stored {
                    entries.append((path, Index.Entry(identity: record.identity.settled(threshold: racyThreshold), hash: record.hash, offset: stored.offset,
                                                      length: stored.length, checksum: record.checksum, facts: record.facts)))
                }
            }
            guard FileSystem.writeAll(batch, to: descriptor) else {
                cache.recordWriteFailure(file)
                return false
            }
            return true
        }

        /// Writes every live record into a new generation (the first run, or compaction).
        private func writeAll(_ kept: [(path: String, record: Record)], to file: String, entries: inout [(path: String, entry: Index.Entry)]) -> Bool {
            var bytes: [UInt8] = []
            for (path, record) in kept.sorted(by: { $0.path < $1.path }) {
                let offset = bytes.count
                if let fresh = record.fresh {
                    bytes += fresh
                } else if let records, let stored = record.stored {
                    bytes += records.bytes[stored.offset..<stored.offset + stored.length]
                } else {
                    continue
                }
                entries.append((path, Index.Entry(identity: record.identity.settled(threshold: racyThreshold), hash: record.hash, offset: offset,
                                                  length: bytes.count - offset, checksum: record.checksum, facts: record.facts)))
            }
            guard FileSystem.write(bytes, to: file) else {
                cache.recordWriteFailure(file)
                return false
            }
            return true
        }
    }
}

/// A file mapped read-only into memory (empty files map to an empty buffer).
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    var count: Int { bytes.count }

    init?(path: String) {
        let descriptor = Glibc_open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}

#if canImport(Darwin)
@inline(__always) private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
#elseif canImport(Musl)
@inline(__always) private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Musl.open(path, flags, mode) }
#else
@inline(__always) private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
#endif

/// A fast checksum of a byte range (64-bit words, multiply and rotate): damage in a cache
/// record or the memo is detected before it can be served. Four lanes take every fourth
/// word, so that four multiplications are in flight instead of one waiting on the other
/// (every record is checked before it is decoded).
public enum Checksum {
    /// One word into a lane (or the hash): multiply, rotate.
    @inline(__always)
    private static func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (lane ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return (mixed << 31) | (mixed >> 33)
    }

    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        if bytes.count >= 32 {
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (hash, hash ^ 0x2545_F491_4F6C_DD1D, hash ^ 0x6A09_E667_F3BC_C908, hash ^ 0xBB67_AE85_84CA_A73B)
            while index + 32 <= bytes.count {
                lanes.0 = mix(lanes.0, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                lanes.1 = mix(lanes.1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)))
                lanes.2 = mix(lanes.2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)))
                lanes.3 = mix(lanes.3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)))
                index += 32
            }
            hash = mix(mix(mix(mix(hash, lanes.0), lanes.1), lanes.2), lanes.3)
        }
        while index + 8 <= bytes.count {
            hash = mix(hash, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
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
