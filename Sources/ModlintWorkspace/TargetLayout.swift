import ModlintManifest

/// SwiftPM's conventions for where a target's sources live.
enum TargetLayout {
    /// Folders SwiftPM searches for non-test targets, in order.
    static let sourceRoots = ["Sources", "Source", "src", "srcs"]

    /// The target directory relative to the workspace root, or `nil` when SwiftPM would not
    /// find one (binary targets, missing folders).
    /// `occupiesRoot`: SwiftPM 5.9 and later let the only target of its kind (the only
    /// non-test, non-plugin target; the only test target) keep its sources directly in
    /// `Sources/` (`Tests/`) when no folder of its name is there (`PackageBuilder`).
    static func directory(of target: ManifestTarget, packageDirectory: String, occupiesRoot: Bool = false, exists: (String) -> Bool) -> String? {
        if target.kind == .binary { return nil }
        if let path = target.path {
            return Paths.normalize(Paths.join(packageDirectory, path))
        }
        let candidates: [String]
        switch target.kind {
        case .test: candidates = ["Tests"]
        case .plugin: candidates = ["Plugins"]
        default: candidates = sourceRoots
        }
        for root in candidates {
            let candidate = Paths.join(Paths.join(packageDirectory, root), target.name)
            if exists(candidate) { return candidate }
        }
        if occupiesRoot, let root = candidates.lazy.map({ Paths.join(packageDirectory, $0) }).first(where: exists) { return root }
        return nil
    }

    /// The source roots (`Sources/`, `Tests/`, `Plugins/`, numbered by `root(of:)`) that
    /// exactly one target of the manifest would occupy, with tools 5.9 or later: that target
    /// may keep its sources directly in the root (see `directory(of:…occupiesRoot:)`).
    /// Counted once per manifest, then asked per target (a count per target made a package
    /// of 10,000 targets take seconds).
    static func soleTargetRoots(in manifest: PackageManifest) -> Set<Int> {
        guard let version = manifest.toolsVersion, isAtLeast(version, 5, 9) else { return [] }
        var counts = [0, 0, 0]
        for target in manifest.targets { counts[root(of: target.kind)] += 1 }
        return Set(counts.indices.filter { counts[$0] == 1 })
    }

    static func root(of kind: ManifestTarget.Kind) -> Int { kind == .test ? 1 : kind == .plugin ? 2 : 0 }

    /// Whether the tools version `version` (`5.9`, `6.0.1`) is `major.minor` or later.
    static func isAtLeast(_ version: String, _ major: Int, _ minor: Int) -> Bool {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        guard let first = parts.first else { return false }
        return (first, parts.count > 1 ? parts[1] : 0) >= (major, minor)
    }

    /// A target's `sources:`, `exclude:` and `resources:` lists, normalised once: the
    /// loader asks it about every file of the target.
    struct SourceFilter {
        let excluded: [String]
        let sources: [String]?

        init(_ target: ManifestTarget) {
            excluded = (target.exclude + target.resources).map(Paths.normalize)
            sources = target.sources?.map(Paths.normalize)
        }

        /// True when every file below the target directory belongs to it (no lists).
        var includesEverything: Bool { excluded.isEmpty && sources == nil }

        func includes(_ file: String) -> Bool {
            if isExcluded(file) { return false }
            guard let sources else { return true }
            return sources.contains { Paths.isInside(file, $0) }
        }

        /// Left out by `exclude:` or as a resource: on purpose. A file `sources:` does not
        /// list is only not compiled: it is in no target.
        func isExcluded(_ file: String) -> Bool {
            excluded.contains { Paths.isInside(file, $0) }
        }
    }
}
