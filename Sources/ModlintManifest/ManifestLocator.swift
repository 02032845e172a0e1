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

extension ManifestLocator {
    /// SwiftPM's full choice, which also looks inside the files: a version-specific
    /// manifest is used only when its declared tools version is higher than that of
    /// `Package.swift`, or when `Package.swift` needs a newer toolchain than this one.
    public static func select(in fileNames: [String], toolsVersion: [Int] = defaultToolsVersion,
                              contents: (String) -> [UInt8]?) -> String? {
        guard let candidate = manifestFileName(in: fileNames, toolsVersion: toolsVersion) else { return nil }
        guard candidate != "Package.swift", fileNames.contains("Package.swift") else { return candidate }
        guard let regularBytes = contents("Package.swift"),
              let regular = ManifestReader.toolsVersion(in: regularBytes).flatMap(parse) else { return candidate }
        if compare(regular, toolsVersion) > 0 { return candidate }
        let variant = contents(candidate).flatMap { ManifestReader.toolsVersion(in: $0) }.flatMap(parse)
            ?? version(ofVariant: candidate) ?? []
        return compare(variant, regular) > 0 ? candidate : "Package.swift"
    }

    /// `"5.9"` → `[5, 9, 0]`.
    static func parse(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        var version = parts.map { $0! }
        while version.count < 3 { version.append(0) }
        return version
    }
}
