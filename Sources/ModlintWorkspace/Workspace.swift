import ModlintFacts
import ModlintManifest
import ModlintXcode

/// Every package found under the linted paths, with its targets and their source files.
public struct Workspace: Sendable {
    /// Absolute path every other path is relative to.
    public var root: String
    /// Sorted by directory.
    public var packages: [Package]
    /// Problems met while loading (unresolved manifest constructs, unreadable files …).
    public var notes: [WorkspaceNote]
    /// Root-relative paths left out because an `exclude` glob matched them, sorted.
    public var excludedPaths: [String] = []
    /// Swift files under the linted paths that no SwiftPM or Xcode target builds, sorted
    /// (root-relative): counted and reported, never silently unread.
    public var filesInNoTarget: [String] = []

    public init(root: String, packages: [Package], notes: [WorkspaceNote]) {
        self.root = root
        self.packages = packages
        self.notes = notes
    }

    public var targetCount: Int { packages.reduce(0) { $0 + $1.targets.count } }
    /// Distinct files analysed: a file that several Xcode targets build counts once.
    public var fileCount: Int {
        var seen = Set<String>()
        for package in packages {
            for target in package.targets { for file in target.files { seen.insert(file.path) } }
        }
        return seen.count
    }
}

public struct Package: Sendable {
    public enum Kind: String, Sendable {
        /// A SwiftPM package: `Package.swift`.
        case swiftPackage
        /// An Xcode project: `Name.xcodeproj/project.pbxproj`, modelled as a package whose
        /// targets are the project's native targets.
        case xcodeProject
    }
    public var kind: Kind = .swiftPackage
    /// SwiftPM identity: the directory name, lower-cased (made unique within the workspace);
    /// for an Xcode project the `.xcodeproj` folder's name, lower-cased.
    public var identity: String
    /// Directory relative to the root (`""` for the root itself); for an Xcode project the
    /// folder that holds the `.xcodeproj` (its `SOURCE_ROOT`).
    public var directory: String
    /// The manifest that was read (a `Package@swift-X.swift` variant when SwiftPM would pick
    /// it), or the project's `project.pbxproj`.
    public var manifestPath: String
    public var manifest: PackageManifest
    public var targets: [Target]
    /// Identities of workspace packages this one depends on, by `.package(path:)` or by URL identity.
    public var localDependencies: [String]
    /// How the manifest refers to each of those packages (declared identity and legacy
    /// `name:`, lower-cased) → workspace identity. `.product(package:)` is looked up here.
    public var dependencyNames: [String: String] = [:]
    /// `// modlint:…` comments in the manifest (findings on manifests can be suppressed too).
    public var suppressions: [SuppressionComment] = []

    public init(identity: String, directory: String, manifestPath: String, manifest: PackageManifest,
                targets: [Target], localDependencies: [String]) {
        self.identity = identity
        self.directory = directory
        self.manifestPath = manifestPath
        self.manifest = manifest
        self.targets = targets
        self.localDependencies = localDependencies
    }

    public var name: String { manifest.name.isEmpty ? identity : manifest.name }

    /// What `.package(path:)` and project references point at: the package's directory,
    /// or the `.xcodeproj` folder (several projects may share one directory).
    public var location: String {
        kind == .xcodeProject ? Paths.parent(manifestPath) : directory
    }
}

public struct Target: Sendable {
    public var name: String
    public var kind: ManifestTarget.Kind
    /// Identity of the owning package.
    public var package: String
    /// Directory relative to the root; `nil` when SwiftPM would find none.
    public var directory: String?
    /// Sorted by path.
    public var files: [SourceFile]
    /// The manifest entry, with its dependency sites. For an Xcode target, `declaration.name`
    /// is the Xcode target name (unique in its project) and `name` the module name.
    public var declaration: ManifestTarget
    /// What an Xcode target builds (`nil` for SwiftPM targets).
    public var productType: XcodeProductType?

    public init(name: String, kind: ManifestTarget.Kind, package: String, directory: String?, files: [SourceFile],
                declaration: ManifestTarget) {
        self.name = name
        self.kind = kind
        self.package = package
        self.directory = directory
        self.files = files
        self.declaration = declaration
    }
}

public struct SourceFile: Sendable {
    /// Relative to the workspace root.
    public var path: String
    public var summary: SourceSummary

    public init(path: String, summary: SourceSummary) {
        self.path = path
        self.summary = summary
    }
}

/// Something the loader wants the user to know, at a location.
public struct WorkspaceNote: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A manifest construct the static reader could not resolve.
        case unresolvedManifest
        /// A source file the lexer had trouble with (invalid UTF-8, unterminated literal …).
        case invalidSource
        /// A file or directory that could not be read.
        case unreadable
    }
    public var kind: Kind
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(kind: Kind, file: String, line: Int, column: Int, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
}
