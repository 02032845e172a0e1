/// A Tuist `Project.swift`, evaluated without running it: what the project Tuist would
/// generate holds, in Tuist's own terms. The workspace turns it into an Xcode project.
public struct TuistProject: Sendable, Equatable {
    public var name: String
    public var targets: [TuistTarget]
    /// What could not be evaluated, at lines of `Project.swift` (a construct inside a
    /// helper is reported at the line of the manifest that calls into the helpers).
    public var notes: [ManifestNote]
    /// Why no project could be made (`name` is then empty).
    public var failure: ManifestNote?
    /// The manifest makes no `Project` at all (commented out, a scaffold): Tuist fails on
    /// it only where a workspace lists its folder.
    public var makesNoProject = false

    public init(name: String, targets: [TuistTarget] = [], notes: [ManifestNote] = [], failure: ManifestNote? = nil) {
        self.name = name
        self.targets = targets
        self.notes = notes
        self.failure = failure
    }
}

public struct TuistTarget: Sendable, Equatable {
    public var name: String
    /// `Product` case: `app`, `framework`, `staticFramework`, `unitTests`, `appExtension` …
    public var product: String
    /// `productName:`, else `PRODUCT_NAME`; `nil` when neither is given.
    public var productName: String?
    /// `PRODUCT_MODULE_NAME` from the target's base settings.
    public var moduleName: String?
    /// `#if os(…)` names of the destinations or platform (`ios`, `macos` …).
    public var platforms: [String]
    /// Source globs, relative to the manifest's folder.
    public var sources: [TuistSourceGlob]
    /// Xcode 16 buildable folders: every file below is built.
    public var buildableFolders: [String]
    public var dependencies: [TuistDependency]
    public var line: Int
    /// Something it is built from could not be evaluated: its files or dependencies may be
    /// incomplete (a note says what).
    public var isIncomplete: Bool
    /// Part of its dependency list could not be evaluated.
    public var dependenciesIncomplete = false

    public init(name: String, product: String, productName: String? = nil, moduleName: String? = nil, platforms: [String] = [],
                sources: [TuistSourceGlob] = [], buildableFolders: [String] = [], dependencies: [TuistDependency] = [],
                line: Int, isIncomplete: Bool = false) {
        self.name = name
        self.product = product
        self.productName = productName
        self.moduleName = moduleName
        self.platforms = platforms
        self.sources = sources
        self.buildableFolders = buildableFolders
        self.dependencies = dependencies
        self.line = line
        self.isIncomplete = isIncomplete
    }
}

/// `"Sources/**"`, or `.glob("Sources/**", excluding: ["Sources/Legacy/**"])`.
public struct TuistSourceGlob: Sendable, Equatable {
    public var pattern: String
    public var excluding: [String]

    public init(_ pattern: String, excluding: [String] = []) {
        self.pattern = pattern
        self.excluding = excluding
    }
}

public struct TuistDependency: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `.target(name:)`: a target of the same project.
        case target(String)
        /// `.project(target:path:)`: a target of the project in that folder (relative to the
        /// manifest's folder).
        case project(target: String, path: String)
        /// `.external(name:)`: a product of `Tuist/Package.swift`'s dependencies.
        case external(String)
        /// `.package(product:)`: a product of a package the project lists.
        case package(product: String)
        /// `.framework(path:)`, `.xcframework(path:)`, `.library(path:)`: a prebuilt binary,
        /// by file name.
        case binary(String)
    }
    public var kind: Kind
    public var line: Int

    public init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }
}
