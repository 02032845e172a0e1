import Testing
import ModlintXcode

@Suite struct XcodePathsTests {
    /// The first version, by components: what the byte version must return.
    static func reference(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    @Test(arguments: ["a/../b", "../a", "/../a", "a//b/./c/", "./", ".", "..", "a/..", "/a/b/../../..", "a/.../b", "..a/b",
                      "../../x/../y", "/", "//", "a/b/../../../c", "Sources/é/../Ü.swift", ""])
    func foldsLikeTheComponentVersion(_ path: String) {
        #expect(XcodePaths.normalize(path) == Self.reference(path))
    }

    @Test func foldsLikeTheComponentVersionOnRandomPaths() {
        let parts = ["a", "..", ".", "", "b.c", "...", ".x", "é"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let count = Int(state >> 60) + 1
            var components: [String] = []
            var seed = state
            for _ in 0..<count {
                components.append(parts[Int(seed % UInt64(parts.count))])
                seed /= UInt64(parts.count)
            }
            let path = (state & 1 == 0 ? "/" : "") + components.joined(separator: "/") + (state & 2 == 0 ? "/" : "")
            #expect(XcodePaths.normalize(path) == Self.reference(path), "\(path)")
        }
    }
}
