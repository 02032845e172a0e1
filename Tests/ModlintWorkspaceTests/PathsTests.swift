@testable import ModlintWorkspace
import Testing

/// `Paths` works on bytes; these are the first, `Character`-based versions it must agree
/// with (on every path whose `/` no combining mark follows, which is every real path).
@Suite struct PathsTests {
    enum Reference {
        static func join(_ base: String, _ component: String) -> String {
            if base.isEmpty || component.hasPrefix("/") { return component }
            if component.isEmpty { return base }
            return base.hasSuffix("/") ? base + component : base + "/" + component
        }

        static func relative(_ path: String, to root: String) -> String {
            if path == root { return "" }
            let prefix = root.hasSuffix("/") ? root : root + "/"
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        }

        static func isInside(_ path: String, _ directory: String) -> Bool {
            if directory.isEmpty { return true }
            return path == directory || path.hasPrefix(directory + "/")
        }

        static func lastComponent(_ path: String) -> String {
            path.split(separator: "/").last.map(String.init) ?? path
        }

        static func parent(_ path: String) -> String {
            guard let slash = path.lastIndex(of: "/") else { return "" }
            return String(path[..<slash])
        }
    }

    /// Paths of random components, with empty ones (`a//b`), leading and trailing slashes.
    static let samples: [String] = {
        let parts = ["a", "", "b.swift", "Sources", "é", "Ü.swift", "..", ".", "ab", "a b"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var paths = ["", "/", "//", "a", "a/", "/a", "a/b", "ab/c"]
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var seed = state
            var components: [String] = []
            for _ in 0..<Int(seed >> 61) + 1 {
                components.append(parts[Int(seed % UInt64(parts.count))])
                seed /= UInt64(parts.count)
            }
            paths.append((seed % 3 == 0 ? "/" : "") + components.joined(separator: "/") + (seed % 5 == 0 ? "/" : ""))
        }
        return paths
    }()

    @Test func singlePathHelpersAgreeWithTheCharacterVersions() {
        for path in Self.samples {
            #expect(Paths.lastComponent(path) == Reference.lastComponent(path), "lastComponent(\(path))")
            #expect(Paths.parent(path) == Reference.parent(path), "parent(\(path))")
        }
    }

    @Test func pairHelpersAgreeWithTheCharacterVersions() {
        // Pairs of samples, and each sample with its own prefixes (where the answers differ).
        var pairs: [(String, String)] = []
        for (index, path) in Self.samples.enumerated() {
            pairs.append((path, Self.samples[(index * 7 + 3) % Self.samples.count]))
            for length in 0...path.count { pairs.append((path, String(path.prefix(length)))) }
        }
        for (path, other) in pairs {
            #expect(Paths.join(other, path) == Reference.join(other, path), "join(\(other), \(path))")
            #expect(Paths.relative(path, to: other) == Reference.relative(path, to: other), "relative(\(path), to: \(other))")
            #expect(Paths.isInside(path, other) == Reference.isInside(path, other), "isInside(\(path), \(other))")
        }
    }

    @Test func examples() {
        #expect(Paths.join("Sources/App", "main.swift") == "Sources/App/main.swift")
        #expect(Paths.join("Sources/", "main.swift") == "Sources/main.swift")
        #expect(Paths.join("Sources", "/abs/x.swift") == "/abs/x.swift")
        #expect(Paths.relative("/w/Sources/A.swift", to: "/w") == "Sources/A.swift")
        #expect(Paths.relative("/wx/A.swift", to: "/w") == "/wx/A.swift")
        #expect(Paths.isInside("Kit/Sources", "Kit"))
        #expect(!Paths.isInside("KitX/Sources", "Kit"))
        #expect(Paths.lastComponent("a/b/c/") == "c")
        #expect(Paths.parent("a/b/c.swift") == "a/b")
    }

    /// The byte-level helpers the file set's folder walk uses: the last slash, also in a
    /// name that is not ASCII, and equality of bytes, not of canonically equivalent text.
    @Test func lastSlashAndSameBytes() {
        let path = "Kit/Thêm/View.swift"
        #expect(Paths.lastSlash(path).map { String(path[..<$0]) } == "Kit/Thêm")
        #expect(Paths.lastSlash("Top.swift") == nil)
        #expect(Paths.parent("Thêm/View.swift") == "Thêm" && Paths.parent("View.swift").isEmpty)
        #expect(Paths.sameBytes("a/b"[...], "a/b"))
        #expect(!Paths.sameBytes("a/b", "a/c") && !Paths.sameBytes("a", "a/b"))
        // "é" composed and decomposed: equal as Swift strings, not the same bytes on disk.
        #expect("Th\u{E9}m" == "The\u{301}m" && !Paths.sameBytes("Th\u{E9}m", "The\u{301}m"))
    }
}
