import ModlintConfiguration
import ModlintGraph
import ModlintRules
import ModlintWorkspace

/// Analyses one side of a diff — the work tree, or a commit written into a scratch folder —
/// into a snapshot, through the cache: each side's snapshot is memoised (the work tree's
/// under its files' stats as `lint`'s result is, a commit's under its tree id, which names
/// its content), and both sides' files find the summaries of their content in one cache
/// folder, whatever scratch folder a commit was written to.
public struct SnapshotAnalysis {
    /// Which memo slot a side uses: a base and a head commit never evict each other.
    public enum Role: String, Sendable {
        case base, head
    }

    public let repository: GitRepository
    /// Makes a side's linter from its configuration: the CLI adds the cache, dependency
    /// folders and platforms here, as for `lint`.
    public let makeLinter: (Configuration) throws -> Linter
    /// `--config`: judges both sides.
    public let configurationOverride: Configuration?
    /// The tree's own `.modlint.yml` at `root`. `inRevision`: the tree is a commit's,
    /// whose file is never searched for above `root`.
    public let treeConfiguration: (_ root: String, _ inRevision: Bool) throws -> Configuration

    public init(repository: GitRepository, configurationOverride: Configuration?,
                treeConfiguration: @escaping (String, Bool) throws -> Configuration,
                makeLinter: @escaping (Configuration) throws -> Linter) {
        self.repository = repository
        self.configurationOverride = configurationOverride
        self.treeConfiguration = treeConfiguration
        self.makeLinter = makeLinter
    }

    private func configuration(_ root: String, inRevision: Bool) throws -> Configuration {
        try configurationOverride ?? treeConfiguration(root, inRevision)
    }

    /// The work tree as a commit of it would hold it: untracked files included, files git
    /// ignores left out. The memo is looked up before git is asked what it ignores (a walk
    /// of the whole tree, as long as modlint's own): under the files' stats and the ignore
    /// rules' identities.
    public func workTree() throws -> ArchitectureSnapshot {
        let root = repository.topLevel
        var linter = try makeLinter(configuration(root, inRevision: false))
        linter.loaderOptions.cache?.cache(root: root, under: folderKey)
        let scanned = try WorkspaceLoader(options: linter.loaderOptions).scan(paths: [root])
        let memo = linter.loaderOptions.cache.map { NamedMemo(directory: $0.directory(forRoot: root), name: "diff-work-tree.memo") }
        let key = Self.key([String(scanned.fingerprint, radix: 16), root, repository.ignoreRulesIdentity()], linter: linter)
        if let memo, let stored = Self.decode(memo.load(key: key)) { return stored }
        linter.loaderOptions.ignoredFiles.formUnion(try repository.ignoredPaths())
        let loader = WorkspaceLoader(options: linter.loaderOptions)
        let snapshot = Self.analyse(loader.load(try loader.scan(paths: [root])), linter: linter)
        linter.loaderOptions.cache?.forget(root: root)
        if let memo, !scanned.sourcesAreRacy, !scanned.structureIsRacy { Self.save(snapshot, in: memo, key: key) }
        return snapshot
    }

    /// The commit `revision`, read from git objects into a scratch folder (removed after).
    public func revision(_ revision: GitRepository.Revision, role: Role) throws -> ArchitectureSnapshot {
        let root = repository.topLevel
        let probe = try makeLinter(configurationOverride ?? Configuration())
        probe.loaderOptions.cache?.cache(root: root, under: folderKey)
        let memo = probe.loaderOptions.cache.map { NamedMemo(directory: $0.directory(forRoot: root), name: "diff-\(role.rawValue).memo") }
        // The tree id names every file's content, the configuration in it included; a
        // `--config` file outside the tree is hashed by `key`; the checkout folders read as
        // context (outside the tree) by their stats, which change when packages are resolved.
        let context = (probe.loaderOptions.dependencyFolders + Self.workTreeCheckouts(root)).map { "\($0) \(FileIdentity(path: $0)?.description ?? "-")" }
        let key = Self.key([revision.tree, root, "revision"] + context, linter: probe)
        if let memo, let stored = Self.decode(memo.load(key: key)) { return stored }
        guard let scratch = ScratchTree(prefix: "modlint-diff") else {
            throw GitRepository.Failure(description: "cannot make a scratch folder for \(revision.name) in $TMPDIR")
        }
        defer { scratch.remove() }
        _ = try repository.write(tree: revision.tree, into: scratch)
        var linter = try makeLinter(configuration(scratch.root, inRevision: true))
        // Packages resolved for the work tree serve the revision too (it has no checkouts).
        linter.loaderOptions.dependencyFolders += Self.workTreeCheckouts(root)
        linter.loaderOptions.cache?.cache(root: scratch.root, under: folderKey)
        let workspace = try WorkspaceLoader(options: linter.loaderOptions).load(paths: [scratch.root])
        var snapshot = Self.analyse(workspace, linter: linter)
        linter.loaderOptions.cache?.forget(root: scratch.root)
        snapshot.relocate(from: scratch.root)
        if let memo { Self.save(snapshot, in: memo, key: key) }
        return snapshot
    }

    /// The work tree's package checkouts (SwiftPM's and Xcode's), where they exist.
    static func workTreeCheckouts(_ root: String) -> [String] {
        BuildSystems.rootCheckoutFolders(root)
    }

    static func analyse(_ workspace: Workspace, linter: Linter) -> ArchitectureSnapshot {
        let graph = ModuleGraph(workspace: workspace)
        let result = linter.lint(workspace, graph: graph)
        let architecture = ArchitectureModel(workspace: workspace, graph: graph, configuration: linter.configuration)
        return ArchitectureSnapshot(workspace: workspace, graph: graph, result: result, architecture: architecture)
    }

    /// The one cache folder of every side of this repository's diffs, apart from `lint`'s
    /// (whose set of files differs: it reads what git ignores). Sides find each other's
    /// summaries by content: a file the change leaves alone is summarised once.
    private var folderKey: String { repository.topLevel + "\u{0}diff" }

    /// A memo key: the side's identity plus everything else a result depends on (the
    /// configuration file given, the date suppressions expire against, the modlint build,
    /// the platforms).
    static func key(_ identity: [String], linter: Linter) -> UInt64 {
        let configuration = linter.configuration.file.flatMap(FileSystem.read) ?? []
        let options = identity + ["platforms=" + (linter.loaderOptions.platforms ?? []).joined(separator: ","),
                                  "snapshot v1"]
        return ResultMemo.key(fingerprint: 0, configuration: configuration, today: linter.today, options: options)
    }

    static func decode(_ payload: [UInt8]?) -> ArchitectureSnapshot? {
        payload.flatMap { try? BinaryCoding.decode(ArchitectureSnapshot.self, from: $0) }
    }

    static func save(_ snapshot: ArchitectureSnapshot, in memo: NamedMemo, key: UInt64) {
        var payload: [UInt8] = []
        guard (try? BinaryCoding.encode(snapshot, into: &payload)) != nil else { return }
        memo.save(key: key, payload: payload)
    }
}

extension ArchitectureSnapshot {
    /// Drops the scratch folder a revision was read from out of every path and message:
    /// the two sides then name files alike.
    mutating func relocate(from scratch: String) {
        let prefix = scratch + "/"
        func strip(_ text: String) -> String { text.contains(scratch) ? text.replacing(prefix, with: "").replacing(scratch, with: ".") : text }
        result.diagnostics = result.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.file = strip(diagnostic.file)
            diagnostic.message = strip(diagnostic.message)
            diagnostic.related = diagnostic.related.map { RelatedLocation(file: strip($0.file), line: $0.line, message: strip($0.message)) }
            return diagnostic
        }
    }
}
