/// What an Xcode target builds, from `productType` in `project.pbxproj`.
public enum XcodeProductType: String, Sendable, Equatable, Codable, CaseIterable {
    case application = "com.apple.product-type.application"
    case appExtension = "com.apple.product-type.app-extension"
    case extensionKitExtension = "com.apple.product-type.extensionkit-extension"
    case messagesExtension = "com.apple.product-type.app-extension.messages"
    case watchApp = "com.apple.product-type.application.watchapp"
    case watchApp2 = "com.apple.product-type.application.watchapp2"
    case watchApp2Container = "com.apple.product-type.application.watchapp2-container"
    case watchExtension = "com.apple.product-type.watchkit-extension"
    case watch2Extension = "com.apple.product-type.watchkit2-extension"
    case appClip = "com.apple.product-type.application.on-demand-install-capable"
    case messagesApplication = "com.apple.product-type.application.messages"
    case tvExtension = "com.apple.product-type.tv-app-extension"
    case intentsServiceExtension = "com.apple.product-type.app-extension.intents-service"
    case xcodeExtension = "com.apple.product-type.xcode-extension"
    case xpcService = "com.apple.product-type.xpc-service"
    case systemExtension = "com.apple.product-type.system-extension"
    case driverExtension = "com.apple.product-type.driver-extension"
    case framework = "com.apple.product-type.framework"
    case staticFramework = "com.apple.product-type.framework.static"
    case xcFramework = "com.apple.product-type.xcframework"
    case staticLibrary = "com.apple.product-type.library.static"
    case dynamicLibrary = "com.apple.product-type.library.dynamic"
    case bundle = "com.apple.product-type.bundle"
    case unitTest = "com.apple.product-type.bundle.unit-test"
    case uiTest = "com.apple.product-type.bundle.ui-testing"
    case commandLineTool = "com.apple.product-type.tool"
    case instrumentsPackage = "com.apple.product-type.instruments-package"
    case other = ""

    public init(productType: String?) {
        self = productType.flatMap(Self.init(rawValue:)) ?? .other
    }

    /// The broad role a target plays in the architecture.
    public enum Role: String, Sendable, Equatable, Codable {
        /// Runs on its own (app, watch app, app clip, command-line tool).
        case app
        /// Hosted by an app (app, widget, share, watch … extensions, XPC services).
        case appExtension = "extension"
        /// A library another target links (frameworks, static and dynamic libraries, bundles).
        case framework
        /// Unit and UI test bundles.
        case test
    }

    public var role: Role {
        switch self {
        case .application, .watchApp, .watchApp2, .watchApp2Container, .appClip, .messagesApplication, .commandLineTool:
            return .app
        case .appExtension, .extensionKitExtension, .messagesExtension, .watchExtension, .watch2Extension,
             .tvExtension, .intentsServiceExtension, .xcodeExtension, .xpcService, .systemExtension, .driverExtension:
            return .appExtension
        case .unitTest, .uiTest:
            return .test
        case .framework, .staticFramework, .xcFramework, .staticLibrary, .dynamicLibrary, .bundle, .instrumentsPackage, .other:
            return .framework
        }
    }

    /// App, extension, watch and clip targets assemble the object graph: composition roots.
    public var isCompositionRoot: Bool { role == .app || role == .appExtension }
}

/// One `PBXNativeTarget` (or `PBXAggregateTarget`, which builds no sources).
public struct XcodeTarget: Sendable, Equatable {
    public var name: String
    /// `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` (default `$(TARGET_NAME)`), made a C99 identifier.
    public var moduleName: String
    public var productType: XcodeProductType
    /// File name of what it builds (`App.app`, `Kit.framework`), from `productReference`.
    public var productFileName: String?
    /// Swift files of the Sources build phase, relative to the project's folder (`..` allowed) or absolute.
    public var sourceFiles: [String]
    /// Xcode 16 synchronized folders the target builds: every file below, minus `excluded`.
    public var synchronizedFolders: [SynchronizedFolder]
    /// Files of other targets' synchronized folders that exception sets add to this target.
    public var extraSynchronizedFiles: [String]
    /// Folder references (blue folders) the target copies as resources: Swift files inside
    /// are bundled, not compiled.
    public var resourceFolders: [String] = []
    public var dependencies: [XcodeDependency]
    /// The target's object identifier in its project.pbxproj: what another project's
    /// `PBXContainerItemProxy` names it by (`remoteGlobalIDString`), whatever it is called now.
    public var objectID: String?
    /// Part of the dependency list could not be read (a spec's expression modlint cannot
    /// evaluate): imports its readable dependencies do not reach are not judged.
    public var dependenciesIncomplete = false
    /// The platforms it builds for (`ios`, `macos`, `watchos`, `tvos`, `visionos`), from
    /// `SUPPORTED_PLATFORMS`, else `SDKROOT`; empty when the settings do not say.
    public var platforms: [String] = []
    /// Line of the target's object in `project.pbxproj` (or of its name in a spec).
    public var line: Int
    /// For a spec: the file that declares the target, relative to the spec's folder, when
    /// it is not the spec itself (an included file).
    public var file: String?

    public init(name: String, moduleName: String, productType: XcodeProductType, productFileName: String? = nil,
                sourceFiles: [String] = [], synchronizedFolders: [SynchronizedFolder] = [], extraSynchronizedFiles: [String] = [],
                dependencies: [XcodeDependency] = [], line: Int) {
        self.name = name
        self.moduleName = moduleName
        self.productType = productType
        self.productFileName = productFileName
        self.sourceFiles = sourceFiles
        self.synchronizedFolders = synchronizedFolders
        self.extraSynchronizedFiles = extraSynchronizedFiles
        self.dependencies = dependencies
        self.line = line
    }
}

public struct SynchronizedFolder: Sendable, Equatable {
    /// Relative to the project's folder, or absolute.
    public var path: String
    /// Paths relative to `path` that are not members of the target.
    public var excluded: [String]
    /// Glob patterns relative to `path` (XcodeGen's `excludes:`): a file, or a folder above
    /// it, that one matches is not a member.
    public var excludedPatterns: [String] = []
    /// When not empty (XcodeGen's `includes:`), only files matched by one of these (or
    /// inside a folder matched) are members.
    public var includedPatterns: [String] = []
    /// Whether `path` may name a single file rather than a folder (an XcodeGen source).
    public var mayBeFile = false

    public init(path: String, excluded: [String], excludedPatterns: [String] = [], includedPatterns: [String] = [], mayBeFile: Bool = false) {
        self.path = path
        self.excluded = excluded
        self.excludedPatterns = excludedPatterns
        self.includedPatterns = includedPatterns
        self.mayBeFile = mayBeFile
    }
}

/// Something a target depends on, with the line of the object that declares it.
public struct XcodeDependency: Sendable, Equatable {
    public enum Kind: Sendable, Hashable {
        /// Another target of the same project (by target name).
        case target(String)
        /// A target of another project: the `.xcodeproj` path (relative to this project's
        /// folder, or absolute) and the target name.
        case projectTarget(project: String, target: String)
        /// A Swift package product; `package` is `nil` when the project names none (a local
        /// package found through the project's file tree or workspace).
        case packageProduct(product: String, package: PackageReference?)
        /// A framework or library linked by file name (`Kit.framework`, `libKit.a`), built by some target.
        case linkedProduct(String)
    }
    public var kind: Kind
    public var line: Int

    /// Set by a build description that adds to a committed project (a Podfile): where the
    /// dependency is declared (root-relative).
    public var file: String?
    /// Listed to be installed, not as a claim of use: CocoaPods needs every development
    /// pod in the Podfile (nested targets inherit their host's), imported or not; a test
    /// spec inherits its pod's dependencies the same way.
    public var isInstallList = false
    /// For a target of another project: its object identifier there (the proxy's
    /// `remoteGlobalIDString`), which still finds it after a rename (`remoteInfo` does not).
    public var remoteTargetID: String?

    public init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }
}

public enum PackageReference: Sendable, Equatable, Hashable {
    /// `XCLocalSwiftPackageReference.relativePath`, relative to the project's folder.
    case local(String)
    /// `XCRemoteSwiftPackageReference.repositoryURL`.
    case remote(String)
}

/// An Xcode project read from `project.pbxproj`.
public struct XcodeProject: Sendable, Equatable {
    /// `Name` of `Name.xcodeproj`.
    public var name: String
    public var targets: [XcodeTarget]
    /// Every package the project references, local and remote, sorted.
    public var packages: [PackageReference]
    /// Folders and files the project's group tree points at (relative to the project's
    /// folder): local packages dragged into the navigator are found among them.
    public var referencedFolders: [String]
    /// Of those, the folders referenced as files (`lastKnownFileType = wrapper` or
    /// `folder`), not as groups: a package folder dragged in, even the project's own
    /// parent (`path = ..` in swift-syntax's editor extension).
    public var folderReferences: [String]
    /// What could not be resolved (a dangling object id …), each with its line.
    public var notes: [XcodeNote]

    public init(name: String, targets: [XcodeTarget] = [], packages: [PackageReference] = [],
                referencedFolders: [String] = [], folderReferences: [String] = [], notes: [XcodeNote] = []) {
        self.name = name
        self.targets = targets
        self.packages = packages
        self.referencedFolders = referencedFolders
        self.folderReferences = folderReferences
        self.notes = notes
    }
}

public struct XcodeNote: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var message: String
    /// A structure the reader cannot follow as written (a group cycle): what it holds may
    /// be read wrongly, so this is an error, not a note about one unresolved detail.
    public var isStructural: Bool
    /// The file the note is about when it is not the description's own (a file an
    /// XcodeGen spec includes), relative to the same root as the description.
    public var file: String?

    public init(line: Int, column: Int = 1, message: String, isStructural: Bool = false, file: String? = nil) {
        self.line = line
        self.column = column
        self.message = message
        self.isStructural = isStructural
        self.file = file
    }
}
