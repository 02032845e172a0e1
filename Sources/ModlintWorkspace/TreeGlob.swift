import ModlintCocoaPods
import ModlintConfiguration

/// Ruby's `Dir.glob` over the analysed tree, for the build descriptions that glob it
/// (`Dir['LocalPods/*/*.podspec'].each { … }` in a Podfile): `*`, `?`, `[…]`, `{a,b}` and
/// `**/`, names starting with `.` only for a pattern that spells the dot. Only inside the
/// tree: a pattern that leaves it is unknown, links to folders are never followed, and a
/// link is matched only when it leads to a place the read scope permits.
enum TreeGlob {
    /// Directory entries a glob may look at before it gives up (unknown).
    static let maximumVisits = 50_000

    /// The matches of `pattern` (relative to `folder`, which is relative to `root`),
    /// relative to `folder`, sorted; `nil` when they cannot be known.
    static func matches(_ pattern: String, folder: String, root: String, scope: ReadScope) -> [String]? {
        guard !pattern.hasPrefix("/"), !pattern.hasPrefix("~"), let patterns = GlobBraces.expandChecked(pattern) else { return nil }
        var visits = 0
        var found = Set<String>()
        for expanded in patterns {
            // The literal start of the pattern, resolved against the folder (`../Shared/*`).
            let environment = RubyEnvironment(folder: folder)
            var components = expanded.split(separator: "/").map(String.init)
            var literal: [String] = []
            while let first = components.first, !isWildcard(first) {
                literal.append(first)
                components.removeFirst()
            }
            guard let start = environment.treeComponents(literal.isEmpty ? "." : literal.joined(separator: "/")) else { return nil }
            let startPath = start.joined(separator: "/")
            var results: [String] = []
            guard walk(startPath, components[...], root: root, scope: scope, visits: &visits, into: &results) else { return nil }
            for result in results {
                found.insert(Paths.relativePath(from: folder, to: result))
            }
        }
        return found.sorted()
    }

    /// Links resolved, the path lies in the analysed tree and in the read scope.
    private static func isInside(_ absolute: String, root: String, scope: ReadScope) -> Bool {
        let resolved = FileSystem.absolute(absolute)
        return Paths.isInside(resolved, FileSystem.absolute(root)) && scope.permits(resolved)
    }

    static func isWildcard(_ component: String) -> Bool {
        component.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// Matches of `components` below `directory` (root-relative); false when the budget ran out.
    private static func walk(_ path: String, _ components: ArraySlice<String>, root: String, scope: ReadScope,
                             visits: inout Int, into results: inout [String]) -> Bool {
        let absolute = path.isEmpty ? root : Paths.join(root, path)
        guard let component = components.first else {
            // The pattern's end: the entry exists and lies inside the tree.
            if FileSystem.kind(of: absolute) != .missing, isInside(absolute, root: root, scope: scope) { results.append(path) }
            return true
        }
        guard FileSystem.kind(of: absolute) == .directory, isInside(absolute, root: root, scope: scope),
              let entries = FileSystem.entries(of: absolute) else { return true }
        visits += entries.count
        guard visits <= maximumVisits else { return false }
        let rest = components.dropFirst()
        if component == "**" && !rest.isEmpty {
            // Zero or more folders (not hidden ones, not links).
            guard walk(path, rest, root: root, scope: scope, visits: &visits, into: &results) else { return false }
            for entry in entries where entry.kind == .directory && !entry.name.hasPrefix(".") {
                guard walk(Paths.join(path, entry.name), components, root: root, scope: scope, visits: &visits, into: &results) else { return false }
            }
            return true
        }
        if !isWildcard(component) {
            guard entries.contains(where: { $0.name == component }) else { return true }
            return walk(Paths.join(path, component), rest, root: root, scope: scope, visits: &visits, into: &results)
        }
        let glob = Glob(component)
        for entry in entries where glob.matches(entry.name) && (!entry.name.hasPrefix(".") || component.hasPrefix(".")) {
            // A link to a folder (`.other`) is never entered nor matched.
            guard entry.kind != .other else { continue }
            if !rest.isEmpty && entry.kind != .directory { continue }
            guard walk(Paths.join(path, entry.name), rest, root: root, scope: scope, visits: &visits, into: &results) else { return false }
        }
        return true
    }
}
