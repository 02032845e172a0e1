import Foundation
@testable import ModlintWorkspace
import ModlintTestSupport
import Testing

/// A forged or copied cache file can only cost speed: the index is checked whole, keyed to
/// its folder, and may name only a records file beside it.
struct CacheIntegrityTests {
    static let entry = SummaryCache.Index.Entry(identity: FileIdentity(size: 1, modified: 2, inode: 3), hash: 4, offset: 0, length: 5, checksum: 6, facts: 7)

    @Test func anIndexNamesOnlyARecordsFileBesideIt() {
        let folder = "/cache/0123456789abcdef"
        let good = SummaryCache.Index.encoded(recordsName: "records-1a2b.bin", directory: folder, entries: [("A.swift", Self.entry)])
        #expect(SummaryCache.Index(good, directory: folder)?.recordsName == "records-1a2b.bin")
        for forged in ["../../home/user/.bashrc", "/etc/passwd", "records-../x.bin", "records-.bin", "records-ABC.bin", "records-1a2b.bin/x", "index.bin"] {
            let bytes = SummaryCache.Index.encoded(recordsName: forged, directory: folder, entries: [("A.swift", Self.entry)])
            #expect(SummaryCache.Index(bytes, directory: folder) == nil, "\(forged)")
        }
    }

    @Test func anIndexFromAnotherFolderIsNotRead() {
        let bytes = SummaryCache.Index.encoded(recordsName: "records-1.bin", directory: "/cache/aaaa", entries: [("A.swift", Self.entry)])
        #expect(SummaryCache.Index(bytes, directory: "/cache/aaaa") != nil)
        #expect(SummaryCache.Index(bytes, directory: "/cache/bbbb") == nil)
        var flipped = bytes
        flipped[SummaryCache.magic.count + 3] ^= 1
        #expect(SummaryCache.Index(flipped, directory: "/cache/aaaa") == nil)
    }

    @Test func aMemoIsBoundToItsHeaderAndFolder() throws {
        let base = try TemporaryDirectory(prefix: "modlint-memo")
        defer { base.remove() }
        chmod(base.path, 0o700)
        let first = base.path + "/aaaa", second = base.path + "/bbbb"
        #expect(MemoFile.write(["kind", "key1"], payload: Array("clean".utf8), directory: first, name: "m"))
        #expect(MemoFile.read(first + "/m")?.payload == Array("clean".utf8))
        // Another key on the same payload.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first + "/m"))
        let text = String(decoding: bytes, as: UTF8.self).replacing("key1", with: "key2")
        try Data(text.utf8).write(to: URL(fileURLWithPath: first + "/m"))
        #expect(MemoFile.read(first + "/m") == nil)
        // The same file in another tree's folder.
        #expect(MemoFile.write(["kind", "key1"], payload: Array("clean".utf8), directory: first, name: "m"))
        try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: true)
        chmod(second, 0o700)
        try FileManager.default.copyItem(atPath: first + "/m", toPath: second + "/m")
        #expect(MemoFile.read(second + "/m") == nil)
    }

    @Test func cacheFoldersMustBeTheUsersAlone() throws {
        let base = try TemporaryDirectory(prefix: "modlint-folder")
        defer { base.remove() }
        chmod(base.path, 0o700)
        #expect(CacheFolder.problem(base.path) == nil)
        #expect(CacheFolder.problem(base.path + "/missing") == nil)
        chmod(base.path, 0o775)
        #expect(CacheFolder.problem(base.path) == "\(base.path) is writable by its group (mode 775)")
        chmod(base.path, 0o700)
        try FileManager.default.createSymbolicLink(atPath: base.path + "/link", withDestinationPath: base.path)
        #expect(CacheFolder.problem(base.path + "/link") == "\(base.path)/link is a symbolic link")
        #expect(CacheFolder.make(base.path + "/made"))
        var info = stat()
        #expect(stat(base.path + "/made", &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(SummaryCache.defaultBase(environment: { _ in nil }) == nil)
        #expect(SummaryCache.defaultBase(environment: { $0 == "HOME" ? "relative" : nil }) == nil)
    }
}

/// Two trees cached under one key (`modlint diff`'s sides: the work tree and a commit written
/// into a scratch folder) share their summaries by content.
struct SharedCacheFolderTests {
    @Test func aFileWithTheSameContentInAnotherTreeIsNotSummarisedAgain() throws {
        let base = try TemporaryDirectory(prefix: "modlint-shared-cache")
        defer { base.remove() }
        chmod(base.path, 0o700)
        let workTree = try TemporaryDirectory(files: [("Sources/A/A.swift", "import B\npublic struct A {}\n"), ("Sources/A/Changed.swift", "let x = 1\n")])
        let scratch = try TemporaryDirectory(files: [("Sources/A/A.swift", "import B\npublic struct A {}\n"), ("Sources/A/Changed.swift", "let x = 2\n")])
        defer { workTree.remove(); scratch.remove() }

        let first = SummaryCache(base: base.path)
        first.cache(root: workTree.path, under: "repository\u{0}diff")
        let session = first.open(root: workTree.path)
        for path in ["Sources/A/A.swift", "Sources/A/Changed.swift"] {
            guard case .fresh = session.find(path: path, absolute: workTree.path + "/" + path) else {
                Issue.record("\(path) should be summarised on the first look")
                continue
            }
        }
        #expect(session.save())

        // Another process: the scratch copy of a commit, under the same key.
        let second = SummaryCache(base: base.path)
        second.cache(root: scratch.path, under: "repository\u{0}diff")
        #expect(second.directory(forRoot: scratch.path) == first.directory(forRoot: workTree.path))
        let other = second.open(root: scratch.path)
        guard case .stored = other.find(path: "Sources/A/A.swift", absolute: scratch.path + "/Sources/A/A.swift") else {
            Issue.record("the same content under the same path is found stored, not summarised again")
            return
        }
        guard case .fresh = other.find(path: "Sources/A/Changed.swift", absolute: scratch.path + "/Sources/A/Changed.swift") else {
            Issue.record("changed content is summarised")
            return
        }
    }
}
