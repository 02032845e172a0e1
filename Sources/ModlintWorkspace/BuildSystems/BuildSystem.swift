#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The build systems modlint reads.
public enum BuildSystemKind: String, Sendable, CaseIterable {
    case swiftPM = "SwiftPM"
    case xcode = "Xcode"
    case xcodeGen = "XcodeGen"
    case tuist = "Tuist"
    case cocoaPods = "CocoaPods"
    case bazel = "Bazel"
}

/// The names by which the walk knows a build system's files.
public struct DescriptionNames: Sendable {
    /// Exact names of its descriptions (`Podfile`, `BUILD`).
    public var files: Set<String> = []
    /// Endings of its descriptions' names (`.podspec`).
    public var suffixes: [String] = []
    /// Folder endings of its description bundles (`.xcodeproj`): never descended into.
    public var bundles: [String] = []
    /// Folders its tools write (installed pods, derived data): never walked.
    public var outputFolders: [String] = []
    /// Files its descriptions read besides themselves (build settings, includes, module
    /// maps): their identity keys the layout memo, but they describe nothing on their own.
    public var inputFiles: Set<String> = []
    public var inputSuffixes: [String] = []

    func isDescription(_ name: String) -> Bool {
        files.contains(name) || suffixes.contains { name.hasSuffix($0) }
    }

    func isInput(_ name: String) -> Bool {
        inputFiles.contains(name) || inputSuffixes.contains { name.hasSuffix($0) }
    }
}

/// How `modlint fix` treats a description.
public enum DescriptionEditing: Sendable, Equatable {
    /// Swift (`Package.swift`, Tuist's `Project.swift`), edited in place; `createsDependencies`:
    /// a target without a `dependencies:` argument gets one (Tuist's place among the
    /// arguments is fixed, so there it is never created).
    case swift(createsDependencies: Bool)
    /// An XcodeGen YAML spec, edited line by line.
    case yaml
    /// Written by hand: the refusal reads "`<reason>` `<entry>` by hand".
    case byHand(reason: String)
}

/// One build system: the files that are its descriptions, and how it speaks to the user —
/// advice in its own syntax, whether `fix` edits it, what to do about the dependencies it
/// leaves unread. Nothing outside this folder and the readers tests a build-system file
/// name: code asks the registry (`BuildSystems`), and `BuildSystemNamesTests` greps for it.
///
/// Each system reads its descriptions in its own way: SwiftPM into packages
/// (`SwiftPMReading`), the others into Xcode projects (`ProjectBuildSystem`).
public protocol BuildSystem: Sendable {
    var kind: BuildSystemKind { get }
    var names: DescriptionNames { get }
    /// How the "nothing to lint" message names what it looks for (`Package.swift`);
    /// `nil`: not listed there.
    var lookedFor: String? { get }
    /// Whether a recorded description makes a project of its own (a spec, podspec or BUILD
    /// file; not a Podfile, lock file or `.bzl` file): a tree with one has something to lint.
    func makesProject(_ name: String) -> Bool
    /// Whether a root-relative path is one of its descriptions (or a file a description
    /// includes, for specs that include others).
    func claims(_ path: String) -> Bool
    /// Whether `fix` declares dependencies in its descriptions (a file it cannot edit, a
    /// JSON spec, is refused there); `false`: the advice names the entry to write by hand.
    var editsDependencies: Bool { get }
    /// How `fix` edits `description`, one of its files.
    func editing(of description: String) -> DescriptionEditing
    /// What to do when dependencies it declares have no sources to read.
    var unreadDependencyRemedy: String { get }
    /// The entry its description takes for a dependency on `target`, a target of the same
    /// project (`sameProject`) or of `imported`: `target: Kit`, `.target(name: "Kit")`;
    /// `nil` where it needs more than one entry (a project reference, a package).
    func dependencyEntry(on target: String, sameProject: Bool, from importer: Package, to imported: Package) -> String?
    /// The advice to add `entry` (or, when there is none, a dependency on `module` of
    /// `imported`) to `target`, declared in `file`.
    func advice(adding entry: String?, module: String, of imported: Package, to target: String, in file: String) -> String
    /// The advice to declare `importedTarget`, a target of the same package or project.
    func targetAdvice(_ importedTarget: String, to target: String) -> String
    /// The advice to declare `product` of package `package`.
    func productAdvice(_ product: String, of package: String, to target: String) -> String
    /// Whether a file name is one of its descriptions under another name, read only when
    /// its tool is told to (`xcodegen --spec project-ci.yml`).
    func isAlternativeDescription(_ name: String) -> Bool
}

extension BuildSystem {
    public func makesProject(_ name: String) -> Bool { names.files.contains(name) }
    public func isAlternativeDescription(_ name: String) -> Bool { false }
    public func claims(_ path: String) -> Bool { names.isDescription(Paths.lastComponent(path)) }
    public func dependencyEntry(on target: String, sameProject: Bool, from importer: Package, to imported: Package) -> String? { nil }
    public func advice(adding entry: String?, module: String, of imported: Package, to target: String, in file: String) -> String {
        "Add \(entry ?? "a dependency on \(module)") to \(target) in \(file)."
    }
    public func targetAdvice(_ importedTarget: String, to target: String) -> String {
        "Add a dependency on target \(importedTarget) to \(target)."
    }
    public func productAdvice(_ product: String, of package: String, to target: String) -> String {
        "Add the \(product) product of \(package) to target \(target)"
    }
}

/// The registry: every build system, in the order they are listed to the user.
public enum BuildSystems {
    public static let all: [any BuildSystem] = [SwiftPMBuildSystem(), CommittedXcodeProjects(), XcodeGenBuildSystem(), TuistBuildSystem(),
                                                CocoaPodsBuildSystem(), BazelBuildSystem()]

    public static subscript(kind: BuildSystemKind) -> any BuildSystem {
        all.first { $0.kind == kind }!
    }

    /// The build system a package or project was read from.
    public static func of(_ package: Package) -> any BuildSystem {
        guard package.kind == .xcodeProject else { return self[.swiftPM] }
        switch package.generator {
        case nil: return self[.xcode]
        case .xcodeGen: return self[.xcodeGen]
        case .tuist: return self[.tuist]
        case .cocoaPods: return self[.cocoaPods]
        case .bazel: return self[.bazel]
        }
    }

    /// The build system a description file belongs to, by its path.
    public static func owner(of description: String) -> (any BuildSystem)? {
        all.first { $0.claims(description) }
    }

    /// How `fix` edits a description; a file no system claims is edited as Swift.
    public static func editing(of description: String) -> DescriptionEditing {
        owner(of: description)?.editing(of: description) ?? .swift(createsDependencies: true)
    }

    /// Folders build systems write their output and checkouts to: the walk skips them.
    public static var outputFolders: Set<String> { Set(all.flatMap(\.names.outputFolders)) }

    /// What a file read for a description holds, which decides how much is lost when it
    /// cannot be read: pins (`Package.resolved`) lose nothing of the graph, a workspace's
    /// member list only which projects belong together.
    public enum FileRole: Sendable {
        case description, pins, workspaceMembers
    }

    public static func role(of path: String) -> FileRole {
        let name = Paths.lastComponent(path)
        if name == SwiftPMBuildSystem.pinsFile { return .pins }
        if name == CommittedXcodeProjects.workspaceMembersFile { return .workspaceMembers }
        return .description
    }

    /// What to do about dependencies the descriptions `files` declare and modlint could not
    /// read: the remedy of each build system they belong to, once each, in registry order
    /// (SwiftPM's for a file none claims).
    public static func unreadDependencyRemedy(for files: [String]) -> String {
        var kinds = Set(files.map { (owner(of: $0) ?? self[.swiftPM]).kind })
        // SwiftPM's remedy names Xcode's (opening the project once resolves both).
        if kinds.contains(.swiftPM) { kinds.remove(.xcode) }
        return all.filter { kinds.contains($0.kind) }.map(\.unreadDependencyRemedy).joined(separator: "; ")
    }

    /// What the "nothing to lint" message says it looked for.
    public static var lookedFor: String {
        let names = all.compactMap(\.lookedFor)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// Every system's names, gathered once: the walk asks for each entry of the tree.
    private static let descriptionFiles = Set(all.flatMap(\.names.files))
    private static let descriptionSuffixes = all.flatMap(\.names.suffixes)
    private static let inputFiles = Set(all.flatMap(\.names.inputFiles))
    private static let inputSuffixes = all.flatMap(\.names.inputSuffixes)
    private static let bundleSuffixes = all.flatMap(\.names.bundles)

    /// A build description the walk records (a spec, podspec, Podfile, BUILD or `.bzl`
    /// file): Swift manifests and project bundles are recorded on their own.
    /// A file named like a description a build system reads only when asked to
    /// (`project-ci.yml` beside `project.yml`).
    static func isAlternativeDescription(_ name: String) -> Bool {
        all.contains { $0.isAlternativeDescription(name) }
    }

    static func isRecordedDescription(_ name: String) -> Bool {
        (descriptionFiles.contains(name) || descriptionSuffixes.contains { name.hasSuffix($0) }) && !name.hasSuffix(".swift")
    }

    /// Whether a recorded description makes a project: the tree has something to lint.
    static func makesProject(_ description: String) -> Bool {
        let name = Paths.lastComponent(description)
        return all.contains { $0.makesProject(name) }
    }

    /// A file a description reads (build settings, module maps, YAML includes).
    static func isDescriptionInput(_ name: String) -> Bool {
        inputFiles.contains(name) || inputSuffixes.contains { name.hasSuffix($0) }
    }

    /// A folder that is a description bundle (`App.xcodeproj`): not walked.
    static func isDescriptionBundle(_ name: String) -> Bool {
        bundleSuffixes.contains { name.hasSuffix($0) }
    }

    /// The walk's byte test, built once from every system's names: a name that may be a
    /// description or an input, judged on its bytes before a string is made for it.
    static let byteFilter = NameFilter(exact: Array(descriptionFiles.union(inputFiles)), suffixes: descriptionSuffixes + inputSuffixes)
}

/// A byte-level test for a set of exact names and endings: the exact names by length and
/// first byte (a table lookup; the string test decides later), the endings by comparing
/// bytes. Most entries of a tree are resources and documentation, rejected here without
/// making a string.
struct NameFilter: Sendable {
    private var lengthAndFirstByte: [Bool]
    private let suffixes: [[UInt8]]
    private static let maximumLength = 32

    init(exact: [String], suffixes: [String]) {
        lengthAndFirstByte = Array(repeating: false, count: Self.maximumLength * 256)
        for name in exact {
            let bytes = Array(name.utf8)
            precondition(bytes.count < Self.maximumLength, "a build-file name longer than the filter's table")
            lengthAndFirstByte[bytes.count * 256 + Int(bytes[0])] = true
        }
        self.suffixes = Set(suffixes).sorted().map { Array($0.utf8) }
    }

    func mayMatch(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if name.count > 0 && name.count < Self.maximumLength && lengthAndFirstByte[name.count * 256 + Int(name[0])] { return true }
        for suffix in suffixes where name.count >= suffix.count {
            let matches = suffix.withUnsafeBufferPointer { memcmp(name.baseAddress! + (name.count - $0.count), $0.baseAddress!, $0.count) == 0 }
            if matches { return true }
        }
        return false
    }
}
