import ModlintManifest

/// SwiftPM's conventions for where a target's sources live.
enum TargetLayout {
    /// Folders SwiftPM searches for non-test targets, in order.
    static let sourceRoots = ["Sources", "Source", "src", "srcs"]

    /// The target directory relative to the workspace root, or `nil` when SwiftPM would not
    /// find one (binary targets, missing folders).
    static func directory(of target: ManifestTarget, packageDirectory: String, exists: (String) -> Bool) -> String? {
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
        return nil
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
            if excluded.contains(where: { Paths.isInside(file, $0) }) { return false }
            guard let sources else { return true }
            return sources.contains { Paths.isInside(file, $0) }
        }
    }
}
