import ModlintGraph
import ModlintRules
import ModlintTokenizer
import ModlintWorkspace
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `modlint fix` does with a lint result: the manifest edits of its
/// `undeclared-import` findings (and, when asked, of its `unused-dependency` findings),
/// grouped by manifest. Only findings the result kept are fixed, so suppressed and
/// baselined ones stay as they are. Xcode projects are reported, never edited.
public struct DependencyFixer {
    public struct Change: Sendable {
        /// Root-relative path.
        public var manifest: String
        public var original: String
        public var edited: String
        public var applied: [DependencyFix]
        public var refused: [ManifestEditor.Refusal]

        public var diff: String { UnifiedDiff.make(old: original, new: edited, path: manifest) }
    }

    public let root: String
    /// Manifests with edits or refusals, by path.
    public private(set) var changes: [Change] = []
    /// Edits of Xcode projects, reported only.
    public private(set) var xcodeFixes: [DependencyFix] = []
    /// Manifests that could not be read.
    public private(set) var unreadable: [String] = []

    /// With `removeUnused`: the unused dependencies kept on purpose (what the module
    /// provides at run time, or an import that builds through it), with the finding's words.
    public private(set) var kept: [(file: String, line: Int, message: String)] = []

    /// Undeclared imports that only warnings report (reachable transitively), left as
    /// they are without `all`.
    public private(set) var leftAtWarning = 0
    /// Declarations not made because, with the others this run makes, they would close a
    /// cycle of declared dependencies (each finding's own check sees only the edges
    /// declared before the run): where, and the cycle.
    public private(set) var closingCycles: [(file: String, line: Int, message: String)] = []

    /// - Parameters:
    ///   - all: also declare what warnings report; by default `fix` changes what the gate
    ///     fails on (errors), as `lint` exits on them.
    ///   - removeUnused: also remove what `unused-dependency` reports (asked for by name).
    ///   - graph: the result's module graph; with it, a declaration that would close a
    ///     cycle together with the others made in this run is left out.
    public init(result: LintResult, removeUnused: Bool, all: Bool = false, graph: ModuleGraph? = nil) {
        root = result.root
        var byManifest: [String: [DependencyFix]] = [:]
        var entries = PackageEntries(root: root)
        // Declared dependencies by module index, with the additions this run accepts.
        var declared = graph?.declaredSuccessors ?? []
        let index = Dictionary((graph?.modules ?? []).enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for diagnostic in result.diagnostics {
            if removeUnused && diagnostic.rule == "unused-dependency" && diagnostic.fix == nil {
                kept.append((diagnostic.file, diagnostic.line, diagnostic.message))
            }
            guard var fix = diagnostic.fix,
                  diagnostic.rule == "undeclared-import" || (removeUnused && diagnostic.rule == "unused-dependency") else { continue }
            if diagnostic.rule == "undeclared-import" && diagnostic.severity != .error && !all {
                leftAtWarning += 1
                continue
            }
            if let graph, fix.action == .add, let edge = diagnostic.edges.first, let from = index[edge.from], let to = index[edge.to] {
                if let back = ModuleGraph.shortestPath(from: to, to: from, along: declared) {
                    closingCycles.append((diagnostic.file, diagnostic.line, "\(edge.from) -> \(edge.to) not declared: with the other declarations "
                        + "of this run it would close the dependency cycle \((back + [to]).map { graph.modules[$0].id }.joined(separator: " -> "))"))
                    continue
                }
                declared[from].append(to)
            }
            // Only for a fix that is made: the entry is read from another manifest.
            if fix.packageDependency == nil, let declared = fix.packageDependencyDeclaredAt {
                fix.packageDependency = entries.entry(declared)
            }
            if fix.isXcodeProject {
                xcodeFixes.append(fix)
            } else {
                byManifest[fix.manifest, default: []].append(fix)
            }
        }
        for manifest in byManifest.keys.sorted() {
            guard let bytes = FileSystem.read(Paths.join(root, manifest)) else {
                unreadable.append(manifest)
                continue
            }
            let original = String(decoding: bytes, as: UTF8.self)
            let (edited, applied, refused) = Self.edit(original, of: manifest, with: byManifest[manifest]!)
            if edited != original || !refused.isEmpty {
                changes.append(Change(manifest: manifest, original: original, edited: edited, applied: applied, refused: refused))
            }
        }
    }

    /// The editor of each kind of manifest, as its build system says (`DescriptionEditing`):
    /// Swift manifests as Swift, XcodeGen specs as YAML lines; Ruby, Starlark and JSON are
    /// left to the user, with the entry to change.
    static func edit(_ text: String, of manifest: String, with fixes: [DependencyFix])
        -> (text: String, applied: [DependencyFix], refused: [ManifestEditor.Refusal]) {
        switch BuildSystems.editing(of: manifest) {
        case .byHand(let reason):
            return (text, [], fixes.map { ManifestEditor.Refusal(fix: $0, reason: "\(reason) `\($0.dependency)` by hand") })
        case .yaml:
            var editor = XcodeGenSpecEditor(text: text)
            editor.apply(fixes)
            return (editor.text, editor.applied, editor.refused)
        case .swift(let createsDependencies):
            var editor = ManifestEditor(text: text, createsDependencies: createsDependencies)
            editor.apply(fixes)
            return (editor.text, editor.applied, editor.refused)
        }
    }

    /// Every edit as one unified diff.
    public var diff: String { changes.map(\.diff).joined() }

    /// Writes each edited manifest atomically, keeping its permissions; returns the paths
    /// that could not be written (with the reason).
    public func write() -> [(manifest: String, reason: String)] {
        var failures: [(manifest: String, reason: String)] = []
        for change in changes where change.edited != change.original {
            let path = Paths.join(root, change.manifest)
            var info = stat()
            let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
            if !FileSystem.write(Array(change.edited.utf8), to: path) {
                failures.append((change.manifest, String(cString: strerror(errno))))
                continue
            }
            chmod(path, mode)
        }
        return failures
    }
}

/// `.package(url:)` entries copied from the manifests that declare them, each file read once.
struct PackageEntries {
    let root: String
    private var cursors: [String: ManifestCursor?] = [:]

    init(root: String) {
        self.root = root
    }

    mutating func entry(_ location: RelatedLocation) -> String? {
        if cursors[location.file] == nil {
            cursors[location.file] = FileSystem.read(Paths.join(root, location.file)).map { ManifestCursor(TokenizedSource(bytes: $0)) }
        }
        return cursors[location.file]!.flatMap { $0.packageEntry(onLine: location.line) }.map(ManifestCursor.oneLine)
    }
}
