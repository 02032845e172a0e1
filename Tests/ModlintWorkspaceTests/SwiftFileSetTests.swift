@testable import ModlintWorkspace
import Testing

/// Paths a project writes in another case find the tree's files and folders, as on a Mac;
/// the first of two files differing only in case wins; what no file matches stays unmatched.
struct SwiftFileSetTests {
    let set = SwiftFileSet(["App/Sources/Main.swift", "App/sources/Other.swift", "Kit/Thêm/View.swift", "Kit/Util.swift", "Kit/util.swift",
                            "Top.swift"].sorted(),
                           directories: ["", "App", "App/Sources", "App/sources", "Kit", "Kit/Thêm", "Kit/Resources"])

    @Test func filesAreFoundIgnoringCase() {
        #expect(set.find("App/Sources/Main.swift") == "App/Sources/Main.swift")
        #expect(set.find("app/sources/main.SWIFT") == "App/Sources/Main.swift")
        #expect(set.find("APP/SOURCES/OTHER.swift") == "App/sources/Other.swift")
        #expect(set.find("kit/UTIL.swift") == "Kit/Util.swift")
        #expect(set.find("KIT/THÊM/view.swift") == "Kit/Thêm/View.swift")
        #expect(set.find("top.Swift") == "Top.swift")
        #expect(set.find("App/Sources/Missing.swift") == nil)
        #expect(set.find("App/Sources/Main.m") == nil)
        #expect(set.find("App/Sources") == nil)
    }

    @Test func foldersAreFoundIgnoringCaseUnlessTheyAreThereAsWritten() {
        #expect(set.findFolder("app/SOURCES") == "App/Sources")
        #expect(set.findFolder("kit/thêm") == "Kit/Thêm")
        #expect(set.findFolder("KIT") == "Kit")
        // There as written, though it holds no Swift file; and nowhere at all.
        #expect(set.findFolder("Kit/Resources") == "Kit/Resources")
        #expect(set.findFolder("Gone/Folder") == "Gone/Folder")
    }

    /// In an ASCII tree the first misses are answered by scanning the files, the later ones
    /// by the folded indexes: the answers are the same, the first spelling winning in both.
    @Test func scansAndIndexesGiveTheSameAnswers() {
        let ascii = SwiftFileSet(["App/Sources/Main.swift", "App/sources/Other.swift", "Kit/Util.swift", "Kit/util.swift", "Lib/Deep/A/B.swift",
                                  "Top.swift"].sorted(),
                                 directories: ["", "App", "App/Sources", "App/sources", "Kit", "Lib", "Lib/Deep", "Lib/Deep/A"])
        let files = ["app/sources/main.SWIFT", "kit/UTIL.swift", "APP/SOURCES/OTHER.swift", "top.Swift", "Gone.swift", "lib/deep/a/b.swift"]
        let folders = ["app/SOURCES", "KIT", "lib/DEEP", "LIB/deep/a", "Gone/Folder", "Kit/Resources"]
        let expectedFiles: [String?] = ["App/Sources/Main.swift", "Kit/Util.swift", "App/sources/Other.swift", "Top.swift", nil, "Lib/Deep/A/B.swift"]
        let expectedFolders = ["App/Sources", "Kit", "Lib/Deep", "Lib/Deep/A", "Gone/Folder", "Kit/Resources"]
        // Four rounds of twelve misses: the scans run out during the second.
        for _ in 0..<4 {
            #expect(files.map { ascii.find($0) } == expectedFiles)
            #expect(folders.map { ascii.findFolder($0) } == expectedFolders)
        }
    }

    @Test(arguments: ["App/Sources/Main.swift", "ÄPP/x.swift", ""])
    func hashesAgreeWithFolding(_ path: String) {
        #expect(SwiftFileSet.foldedHash(path) == SwiftFileSet.foldedHash(path.lowercased()))
        #expect(SwiftFileSet.foldedHash(path) == SwiftFileSet.foldedHash(path.uppercased()) || path.uppercased().lowercased() != path.lowercased())
        #expect(SwiftFileSet.foldedEqual(path, path.uppercased()) == (path.uppercased().lowercased() == path.lowercased()))
    }
}
