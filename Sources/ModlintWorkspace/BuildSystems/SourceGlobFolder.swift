import ModlintXcode

/// Source globs of the descriptions that list files by pattern (Tuist's `sources:`, a
/// podspec's `source_files`, a BUILD file's `glob()`), as the folder the layout reads.
extension SynchronizedFolder {
    /// The folder a glob starts in (the components before the first wildcard) and the
    /// pattern below it; a glob without wildcards names a file or folder.
    init(sourceGlob pattern: String, excluding: [String]) {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let fixed = components.prefix { !$0.contains("*") && !$0.contains("?") && !$0.contains("[") && !$0.contains("{") }
        let base = fixed.joined(separator: "/")
        let rest = components.dropFirst(fixed.count).joined(separator: "/")
        let excluded = excluding.map { excluded in
            excluded.hasPrefix(base + "/") ? String(excluded.dropFirst(base.count + 1)) : excluded
        }
        self.init(path: base, excluded: [], excludedPatterns: excluded,
                  includedPatterns: rest.isEmpty || rest == "**" ? [] : [rest], mayBeFile: rest.isEmpty)
    }
}
