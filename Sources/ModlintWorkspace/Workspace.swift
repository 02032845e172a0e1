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

    /// Remote packages the workspace depends on whose sources were not found (identities,
    /// sorted, each with the manifest line that declares it): their facts are unknown.
    public var unavailableDependencies: [UnavailableDependency] = []
    /// Remote pods whose sources CocoaPods installed under the tree (`Pods/Alamofire`):
    /// read as context packages.
    var podContexts: [PodContext] = []

    /// What the manifest reader passed over in dependencies read as context: never
    /// findings, shown with `lint --verbose`.
    public var contextNotes: [WorkspaceNote] = []

    /// The packages and projects being linted (not dependencies read as context).
    public var subjectPackages: [Package] { packages.filter { !$0.isContext } }
    public var contextPackageCount: Int { packages.count - subjectPackages.count }

    public var targetCount: Int { subjectPackages.reduce(0) { $0 + $1.targets.count } }
    /// Distinct files analysed: a file that several Xcode targets build counts once.
    public var fileCount: Int {
        var total = 0
        for package in packages where !package.isContext {
            for target in package.targets { total += target.files.count }
        }
        // Sized once: ten thousand paths would otherwise be rehashed at every growth.
        var seen = Set<String>(minimumCapacity: total)
        for package in packages where !package.isContext {
            for target in package.targets { for file in target.files { seen.insert(file.path) } }
        }
        return seen.count
    }

    /// True for a path inside a dependency read as context: no finding is reported there.
    public func isContext(_ path: String) -> Bool {
        packages.contains { $0.isContext && Paths.isInside(path, $0.directory) }
    }
}

/// A tool that writes Xcode projects from a spec modlint reads instead.
public enum ProjectGenerator: String, Sendable, Codable {
    case xcodeGen = "XcodeGen"
    case tuist = "Tuist"
    /// A pod's `.podspec`: a project of one framework (and its test and app specs).
    case cocoaPods = "CocoaPods"
    /// A `BUILD` package: a project whose targets are its Swift and Apple rules.
    case bazel = "Bazel"

    /// Libraries ship podspecs and BUILD files beside their Package.swift for the same
    /// sources; a spec generator's project is the app's own.
    var describesSwiftPMSourcesAgain: Bool { self == .cocoaPods || self == .bazel }

    /// A pod or a Bazel target can use only what its description declares (CocoaPods and
    /// Bazel build each from its own list); an Xcode target may also get modules from
    /// outside what modlint reads (search paths, Carthage).
    public var declaresEveryDependency: Bool { self == .cocoaPods || self == .bazel }

}

public struct Package: Sendable {
    public enum Kind: String, Sendable, Codable {
        /// A SwiftPM package: `Package.swift`.
        case swiftPackage
        /// An Xcode project: `Name.xcodeproj/project.pbxproj`, modelled as a package whose
        /// targets are the project's native targets.
        case xcodeProject
    }
    public var kind: Kind = .swiftPackage
    /// For an Xcode project read from a spec (XcodeGen, Tuist): the generator. The project
    /// is the one it would write; `manifestPath` is the spec.
    public var generator: ProjectGenerator?
    /// For an Xcode project: its root-relative `.xcodeproj` path, committed or to be generated.
    public var projectPath: String?
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
    /// `.package(path:)` dependencies whose folder is not there and that no package of the
    /// tree stands for: SwiftPM cannot load the package (a submodule not checked out is
    /// told apart, as its remedy differs).
    public var missingLocalPackages: [MissingLocalPackage] = []
    /// A resolved dependency (a checkout) read for its facts only: its modules, types,
    /// Spezi requirements and DI keys inform the rules, but nothing inside it is reported.
    public var isContext = false
    /// The version or revision `Package.resolved` pins for a context package.
    public var pin: String?

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

    /// The file that declares a target of this package (and its dependencies' lines).
    public func file(declaring target: ManifestTarget) -> String { target.file ?? manifestPath }

    /// An Xcode project's `.xcodeproj` folder name (`App.xcodeproj`).
    public var projectName: String { Paths.lastComponent(projectPath ?? Paths.parent(manifestPath)) }

    /// Moves a package read with its own directory as the root (a dependency checkout)
    /// under `prefix`, root-relative or absolute.
    mutating func rebase(onto prefix: String) {
        directory = Paths.join(prefix, directory)
        manifestPath = Paths.join(prefix, manifestPath)
        projectPath = projectPath.map { Paths.join(prefix, $0) }
        for index in targets.indices {
            targets[index].package = identity
            targets[index].directory = targets[index].directory.map { Paths.join(prefix, $0) }
            for file in targets[index].files.indices {
                targets[index].files[file].path = Paths.join(prefix, targets[index].files[file].path)
            }
        }
    }

    /// What `.package(path:)` and project references point at: the package's directory,
    /// or the `.xcodeproj` folder (several projects may share one directory).
    public var location: String {
        kind == .xcodeProject ? projectPath ?? Paths.parent(manifestPath) : directory
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
    /// A SwiftPM target's first file or bundle folder (root-relative) of a kind SwiftPM
    /// processes as a resource without a `resources:` list (`.xcassets`, `.lproj`, `.xib`,
    /// `.storyboard`, `.metal`, …): the target bundles it into whatever links it.
    public var processedResource: String?

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

/// A remote package dependency whose sources modlint could not read.
public struct UnavailableDependency: Sendable, Equatable {
    public var identity: String
    /// Where it is declared (a manifest or project file, root-relative) and the line.
    public var file: String
    public var line: Int
    /// The pinned version or revision from `Package.resolved`, when one names it.
    public var pin: String?

    public init(identity: String, file: String, line: Int, pin: String? = nil) {
        self.identity = identity
        self.file = file
        self.line = line
        self.pin = pin
    }
}

/// A `.package(path:)` whose folder is not there.
public struct MissingLocalPackage: Sendable, Equatable, Codable {
    /// As written in the manifest.
    public var path: String
    /// Root-relative folder it names.
    public var folder: String
    public var line: Int
    /// The folder is a git submodule (`.gitmodules`) that is not checked out.
    public var isSubmodule: Bool

    public init(path: String, folder: String, line: Int, isSubmodule: Bool) {
        self.path = path
        self.folder = folder
        self.line = line
        self.isSubmodule = isSubmodule
    }
}

/// Something the loader wants the user to know, at a location.
public struct WorkspaceNote: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// A manifest construct the static reader could not resolve.
        case unresolvedManifest
        /// A source file the lexer had trouble with (invalid UTF-8, unterminated literal …).
        case invalidSource
        /// A file or directory that could not be read.
        case unreadable
        /// A build description (manifest, project, workspace, xcconfig, pins) that was found
        /// but not read or not followed: refused by the input checks, malformed, or of a
        /// structure the reader cannot follow. What it describes is not analysed.
        case unreadBuildDescription
        /// Dependencies whose sources are not there to read (remote pods): one note says which.
        case unreadDependency
        /// A committed project that differs from the spec it is generated from.
        case staleGeneratedProject
        /// A build description another one overrules for the same sources (a Package.swift
        /// inside a Bazel workspace whose BUILD files build its sources as other modules):
        /// read as context, it makes no module.
        case supersededBuildDescription
    }
    public var kind: Kind
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    /// How a note about an xcconfig that was refused begins (`unread-build-description`
    /// reports it as a warning: only the settings it holds are lost).
    public static let unreadConfiguration = "cannot read xcconfig"

    /// How a note on a spec under another name begins (`project-ci.yml`): `unread-build-description`
    /// reports it as a note, as the default spec beside it, or the files it leaves in no
    /// target, say the rest.
    public static let alternativeSpec = "an XcodeGen spec under another name"

    /// How the note about a source over the size cap ends (`invalid-source` reports it as
    /// an error: the code of the file goes unanalysed).
    public static let unanalysedCode = "; its code is not analysed"

    /// How a note about a spec that declares no target beside its committed project begins
    /// (`stale-generated-project` reports it as a note: the committed project is read in
    /// its place, so nothing goes unanalysed).
    public static let emptySpec = "the spec declares no target"

    public init(kind: Kind, file: String, line: Int, column: Int, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
}

/// A remote pod whose sources are in the tree (`Pods/` committed, or after `pod install`).
struct PodContext: Codable, Sendable, Equatable {
    var pod: String
    /// The module it builds: from `Pods/Target Support Files/<pod>/<pod>.modulemap`, else
    /// the pod's name made an identifier.
    var module: String
    /// Root-relative: `Pods/Alamofire`.
    var folder: String
    /// The Podfile that installs it.
    var podfile: String
}
