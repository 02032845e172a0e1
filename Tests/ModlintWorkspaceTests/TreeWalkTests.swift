import Foundation
import ModlintTestSupport
@testable import ModlintWorkspace
import Testing

/// The walk turns down files it never records before it makes a string for them.
struct TreeWalkTests {
    @Test(arguments: [("a.swift", true), ("Package.swift", true), ("Package@swift-5.9.swift", true), ("Base.xcconfig", true),
                      ("module.modulemap", true), (".swift", true), ("amodule.modulemap", false), ("README.md", false),
                      ("swift", false), ("a.swiftinterface", false), ("x.xcconfig.bak", false)])
    func walkedFilesAreKnownByTheirNames(_ name: String, _ walked: Bool) {
        #expect(Array(name.utf8).withUnsafeBufferPointer(TreeScan.isWalkedFile) == walked)
    }

    @Test func turnedDownFilesAreLeftOutAndLinksJudgedByTheirOwnName() throws {
        let directory = try TemporaryDirectory(files: [("a.swift", ""), ("b.md", ""), ("sub/c.swift", "")])
        #expect(symlink(directory.path + "/a.swift", directory.path + "/link.swift") == 0)
        #expect(symlink(directory.path + "/b.md", directory.path + "/link.md") == 0)
        #expect(symlink(directory.path + "/a.swift", directory.path + "/swift-file.txt") == 0)
        let entries = try #require(FileSystem.entries(of: directory.path, keepsFile: TreeScan.isWalkedFile, identify: { _ in true }))
        #expect(entries.map(\.name) == ["a.swift", "link.swift", "sub"])
        #expect(entries.map(\.kind) == [.file, .file, .directory])
        #expect(entries[0].identity != nil && entries[1].identity != nil && entries[2].identity == nil)
        // Without the filter every entry is listed.
        #expect(FileSystem.entries(of: directory.path)?.map(\.name) == ["a.swift", "b.md", "link.md", "link.swift", "sub", "swift-file.txt"])
    }

    /// Each walked source keeps its identity at its own position, through the parallel
    /// walk's merge and the final sort; a `Package@swift-` variant kept as a source has none.
    @Test func identitiesStayWithTheirFiles() throws {
        var files: [(String, String)] = [("Package@swift-5.9.swift", ""), ("Sources/Z.swift", "z")]
        for index in 0..<40 { files.append(("P\(index % 20)/Sources/F\(39 - index).swift", String(repeating: "x", count: index))) }
        let directory = try TemporaryDirectory(files: files)
        var scan = TreeScan()
        scan.fingerprinting = true
        scan.walkInParallel("", root: directory.path, skipping: [])
        #expect(scan.swiftFiles == scan.swiftFiles.sorted())
        #expect(scan.swiftFiles.count == 42 && scan.swiftIdentities.count == 42)
        for (index, path) in scan.swiftFiles.enumerated() {
            let expected = path.hasPrefix("Package@") ? nil : FileIdentity(path: directory.path + "/" + path)
            #expect(scan.swiftIdentities[index] == expected, "\(path)")
            #expect(scan.identity(of: path) == expected, "\(path)")
        }
        #expect(scan.identity(of: "P0/Sources/Missing.swift") == nil)
    }
}
