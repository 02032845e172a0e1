import ModlintFacts
import ModlintManifest
import ModlintXcode

/// A workspace before its sources are summarised: packages and Xcode projects, their
/// targets, the files each target builds, and the loader's notes. It depends only on the
/// tree's structure (manifests, projects, settings files, folders and file names), so a
/// run whose structure is unchanged — the pre-commit case — takes it from `LayoutMemo`
/// instead of reading every manifest and project again.
struct WorkspaceLayout: Codable {
    struct Package: Codable {
        var kind: ModlintWorkspace.Package.Kind
        var identity: String
        var directory: String
        var manifestPath: String
        var manifest: PackageManifest
        var targets: [Target]
        var suppressions: [SuppressionComment]
        var generator: ProjectGenerator? = nil
        var projectPath: String? = nil
    }

    struct Target: Codable {
        var name: String
        var kind: ManifestTarget.Kind
        var package: String
        var directory: String?
        /// Root-relative, sorted.
        var files: [String]
        var declaration: ManifestTarget
        var productType: XcodeProductType?
        /// A resource SwiftPM processes without a `resources:` list (`Target.processedResource`).
        var processedResource: String? = nil
    }

    /// Sorted by directory, then manifest path.
    var packages: [Package]
    /// Notes on manifests and projects (the sources' own come with their summaries).
    var notes: [WorkspaceNote]
    var filesInNoTarget: [String]
    var podContexts: [PodContext] = []
}

extension WorkspaceLayout.Package {
    /// The workspace's package, each target with the source files `files` gives for its
    /// paths (local dependencies are wired afterwards, across packages).
    func package(files: ([String]) -> [SourceFile]) -> ModlintWorkspace.Package {
        let targets = self.targets.map { layout in
            var target = ModlintWorkspace.Target(name: layout.name, kind: layout.kind, package: layout.package, directory: layout.directory,
                                files: files(layout.files), declaration: layout.declaration)
            target.productType = layout.productType
            target.processedResource = layout.processedResource
            return target
        }
        var package = ModlintWorkspace.Package(identity: identity, directory: directory, manifestPath: manifestPath, manifest: manifest,
                                               targets: targets, localDependencies: [])
        package.kind = kind
        package.generator = generator
        package.projectPath = projectPath
        package.suppressions = suppressions
        return package
    }
}

/// The last layout of one workspace root, in its cache folder, under a key that covers the
/// tree's structure, the loader's options and the build. A damaged or foreign memo is a
/// miss: the layout is read again, never served wrong.
struct LayoutMemo {
    static let fileName = "layout.memo"
    static let magic = "modlint-layout-memo v1"

    let cache: SummaryCache
    let directory: String
    let key: UInt64

    init(cache: SummaryCache, root: String, key: UInt64) {
        self.cache = cache
        self.directory = cache.directory(forRoot: root)
        self.key = key
    }

    /// What the layout depends on besides the tree's structure: these options and the build.
    static func key(structure: UInt64, options: WorkspaceOptions) -> UInt64 {
        var hash = StableHash()
        hash.add(String(structure, radix: 16))
        hash.add(SummaryCache.buildIdentity)
        hash.add(options.skippedDirectoryNames.sorted().joined(separator: ","))
        hash.add(options.exclude.map(\.pattern).joined(separator: "\n"))
        hash.add(options.excludeBaseDirectory ?? "-")
        hash.add(options.toolsVersion.map(String.init).joined(separator: "."))
        if let environment = options.buildEnvironment {
            hash.add([environment.os, environment.arch, environment.swiftVersion.map(String.init).joined(separator: "."),
                      environment.importableModules.sorted().joined(separator: ","), environment.flags.sorted().joined(separator: ",")]
                .joined(separator: ";"))
        } else {
            hash.add("-")
        }
        hash.add(options.platforms?.joined(separator: ",") ?? "-")
        hash.add(options.dependencyFolders.joined(separator: "\n"))
        hash.add("\(options.readsDependencies) \(options.readsXcodeProjects) \(options.readsOnlyLibraryTargets)")
        hash.add(options.derivedDataDirectory ?? "-")
        return hash.value
    }

    func load() -> WorkspaceLayout? {
        guard let (fields, payload) = MemoFile.read(Paths.join(directory, Self.fileName)),
              fields.joined(separator: " ") == "\(Self.magic) \(String(key, radix: 16))" else { return nil }
        return payload.withUnsafeBytes { try? BinaryCoding.decode(WorkspaceLayout.self, from: $0) }
    }

    /// Replaces the memo atomically; a failed write only costs the next run its shortcut
    /// (`--verbose` lists it with the cache's other write failures).
    func save(_ layout: WorkspaceLayout) {
        var payload: [UInt8] = []
        guard (try? BinaryCoding.encode(layout, into: &payload)) != nil else { return }
        if !MemoFile.write([Self.magic, String(key, radix: 16)], payload: payload, directory: directory, name: Self.fileName) {
            cache.recordWriteFailure(Paths.join(directory, Self.fileName))
        }
    }
}
