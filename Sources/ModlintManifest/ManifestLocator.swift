/// Picks the manifest SwiftPM evaluates in a package directory.
public enum ManifestLocator {
    public static let defaultToolsVersion = [6, 3, 1]

    /// The file name SwiftPM uses among `fileNames` (the entries of a package directory):
    /// the `Package@swift-X[.Y[.Z]].swift` with the highest version not above
    /// `toolsVersion`, else `Package.swift`; `nil` when there is neither.
    public static func manifestFileName(in fileNames: [String], toolsVersion: [Int] = defaultToolsVersion) -> String? {
        var best: (version: [Int], name: String)?
        var hasPlain = false
        for name in fileNames {
            if name == "Package.swift" {
                hasPlain = true
                continue
            }
            guard let version = version(ofVariant: name), compare(version, toolsVersion) <= 0 else { continue }
            if best == nil || compare(version, best!.version) > 0 {
                best = (version, name)
            }
        }
        if let best { return best.name }
        return hasPlain ? "Package.swift" : nil
    }

    /// `Package@swift-5.9.swift` → `[5, 9, 0]`; `nil` for any other name.
    public static func version(ofVariant name: String) -> [Int]? {
        let prefix = "Package@swift-", suffix = ".swift"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        let parts = middle.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var version: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(part) else { return nil }
            version.append(n)
        }
        while version.count < 3 { version.append(0) }
        return version
    }

    static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for k in 0..<max(a.count, b.count) {
            let x = k < a.count ? a[k] : 0
            let y = k < b.count ? b[k] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}
