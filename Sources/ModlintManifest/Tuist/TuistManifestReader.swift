import ModlintTokenizer
import Synchronization

/// Reads a Tuist `Project.swift` without running it, with the evaluator that reads
/// `Package.swift`: `ProjectDescription` calls stay data, while constants, helper
/// functions, extension methods (`Project.makeModule(…)`), static members, enums,
/// `map`/`flatMap` and string interpolation are evaluated. The helpers of
/// `Tuist/ProjectDescriptionHelpers` (and of local plugins) are read with the manifest,
/// as Tuist compiles them into one module the manifest imports.
///
/// What cannot be evaluated keeps its literal parts: the target is marked incomplete and
/// a note says what — never a silent drop.
public struct TuistManifestReader: Sendable {
    /// Tuist runs manifests on a Mac: `#if os(macOS)` holds.
    static let environment = BuildEnvironment.platform("macos")!

    /// Where parsed helpers are kept: one store per run (tests pass their own).
    let helperPrograms: HelperPrograms

    public init() {
        helperPrograms = .shared
    }

    init(helperPrograms: HelperPrograms) {
        self.helperPrograms = helperPrograms
    }

    /// - Parameters:
    ///   - manifest: the bytes of `Project.swift`.
    ///   - helpers: the bytes of each helper file, in a stable order.
    ///   - rootFromManifest: the path from the manifest's folder to the folder that holds
    ///     `Tuist/` (`../..`), for `.relativeToRoot(…)` paths; `""` when they are the same.
    public func read(manifest: [UInt8], helpers: [[UInt8]], rootFromManifest: String) -> TuistProject {
        // The helpers first, then the manifest, as one program. The helpers are parsed
        // once for every manifest that shares them (a workspace of 300 projects reads its
        // helpers once); lines after the helpers' are the manifest's, and a construct
        // inside a helper is reported where the manifest makes its project.
        let shared = helperPrograms.parsed(helpers, environment: Self.environment)
        let helperLines = shared.lines
        let source = TokenizedSource(bytes: manifest)
        var notes = shared.notes
        let reader = ManifestReader(environment: Self.environment)
        var clauseNotes: [(String, SourcePos)] = []
        let active = reader.activeClauses(source.conditions, environment: Self.environment, notes: &clauseNotes)
        notes += clauseNotes.map { ($0.0, SourcePos(line: $0.1.line + Int32(helperLines), offset: $0.1.offset < 0 ? -1 : $0.1.offset + Int32(shared.bytes))) }
        let tokens = source.conditions.isEmpty ? source.tokens : source.tokens.filter { active[Int(source.conditions.condition(of: $0))] }
        var parser = ManifestParser(source: source, tokens: tokens)
        parser.lineOffset = Int32(helperLines)
        parser.byteOffset = Int32(shared.bytes)
        let program = shared.program + parser.parseStatements()
        notes += parser.notes
        var evaluator = ManifestEvaluator()
        evaluator.describesProject = true
        evaluator.run(program)
        notes += evaluator.notes

        let (projectName, projectLine) = Self.projectConstant(in: program, globals: evaluator.global, helperLines: helperLines)
        func line(_ pos: SourcePos) -> Int {
            Int(pos.line) > helperLines ? Int(pos.line) - helperLines : projectLine ?? 1
        }

        var builder = TuistProjectBuilder(base: ManifestBuilder(notes: []), rootFromManifest: rootFromManifest, line: line)
        var project = TuistProject(name: "")
        if let exhausted = evaluator.exhausted {
            project.failure = ManifestNote(message: exhausted, line: projectLine ?? 1, column: 1)
            return project
        }
        switch evaluator.global.values[projectName] {
        case .object(let object)? where object.kind == "Project":
            builder.fill(&project, from: object)
        case .unknown(let message, _)?:
            project.failure = ManifestNote(message: "'project' could not be evaluated: \(message)", line: projectLine ?? 1, column: 1)
        case nil:
            project.failure = ManifestNote(message: "no 'let project = Project(…)' found", line: 1, column: 1)
            project.makesNoProject = true
        case .object(let object)?:
            // `Project.app(…)` of a helper that is not in the tree stays a call to `.app`.
            project.failure = ManifestNote(message: "'project' is '.\(object.kind)(…)', which no helper read here defines: no 'Project(…)'",
                                           line: projectLine ?? 1, column: 1)
        default:
            project.failure = ManifestNote(message: "'project' is not a 'Project(…)'", line: projectLine ?? 1, column: 1)
        }
        if project.failure == nil && project.name.isEmpty {
            project.failure = ManifestNote(message: "the project has no name", line: projectLine ?? 1, column: 1)
        }
        var seen = Set<String>()
        for (message, pos) in notes + builder.base.notes {
            let note = ManifestNote(message: message, line: line(pos),
                                    column: Int(pos.line) > helperLines ? ManifestReader.column(manifest, Int(pos.offset) - shared.bytes) : 1)
            if seen.insert("\(note.line):\(note.column):\(message)").inserted { project.notes.append(note) }
        }
        project.notes.sort { ($0.line, $0.column, $0.message) < ($1.line, $1.column, $1.message) }
        return project
    }

    /// The `projects:` of a `Workspace.swift`, as written: strings and `.relativeToManifest`
    /// paths relative to the workspace's folder, `.relativeToRoot` ones marked `root`;
    /// `nil` when the manifest makes no `Workspace` or its list cannot be evaluated.
    public func workspaceProjects(manifest: [UInt8], helpers: [[UInt8]]) -> [(path: String, fromRoot: Bool)]? {
        let shared = helperPrograms.parsed(helpers, environment: Self.environment)
        let source = TokenizedSource(bytes: manifest)
        var parser = ManifestParser(source: source, tokens: source.tokens)
        var evaluator = ManifestEvaluator()
        evaluator.describesProject = true
        evaluator.run(shared.program + parser.parseStatements())
        let workspace = evaluator.global.values.values.lazy.compactMap { value -> ManifestObject? in
            if case .object(let object) = value, object.kind == "Workspace" { return object }
            return nil
        }.first
        guard let workspace, case .array(let projects)? = workspace.argument("projects") else { return nil }
        var result: [(path: String, fromRoot: Bool)] = []
        for project in projects {
            switch project {
            case .string(let path, _):
                result.append((path, false))
            case .object(let object) where object.kind == "relativeToManifest" || object.kind == "relativeToRoot":
                guard case .string(let path, _)? = object.args.first?.value else { return nil }
                result.append((path, object.kind == "relativeToRoot"))
            default:
                return nil
            }
        }
        return result
    }

    /// The constant that holds the project, and its line in the manifest. The project is
    /// the one `Project` the manifest makes, whatever its constant is named (Tuist dumps the
    /// `Project` created when the manifest runs): `project` if that holds one, else the last
    /// top-level constant that does; `""` when no constant is named `project` and none holds one.
    /// Only the manifest's own constants count: a helper's top-level `let project` (a
    /// template file among the helpers) is no project of this manifest.
    static func projectConstant(in program: [Stmt], globals: Scope, helperLines: Int) -> (name: String, line: Int?) {
        var projectName = "project"
        var projectLine: Int?
        var lastProject: (name: String, line: Int)?
        for case .binding(let name, _, _, _, let pos) in program where Int(pos.line) > helperLines {
            if name == "project" { projectLine = Int(pos.line) - helperLines }
            if case .object(let object)? = globals.values[name], object.kind == "Project" {
                lastProject = (name, Int(pos.line) - helperLines)
            }
        }
        let namedHoldsProject: Bool = if projectLine != nil, case .object(let object)? = globals.values["project"], object.kind == "Project" { true } else { false }
        if let lastProject, !namedHoldsProject {
            projectName = lastProject.name
            projectLine = lastProject.line
        } else if projectLine == nil {
            projectName = ""
        }
        return (projectName, projectLine)
    }
}

/// The evaluated `Project(…)` value as a `TuistProject`.
struct TuistProjectBuilder {
    var base: ManifestBuilder
    let rootFromManifest: String
    let line: (SourcePos) -> Int

    /// Destinations and platforms as `#if os(…)` names.
    static let platformNames: [String: String] = [
        "iOS": "ios", "iPhone": "ios", "iPad": "ios", "macCatalyst": "ios", "macWithiPadDesign": "ios", "macOS": "macos", "mac": "macos",
        "tvOS": "tvos", "appleTv": "tvos", "watchOS": "watchos", "appleWatch": "watchos", "visionOS": "visionos", "appleVision": "visionos",
        "appleVisionWithiPadDesign": "visionos",
    ]

    mutating func fill(_ project: inout TuistProject, from object: ManifestObject) {
        project.name = base.string(object.argument("name"), "project name", object.pos) ?? ""
        for value in base.elements(object.argument("targets"), "targets", object.pos) {
            if let target = target(value, object.pos) { project.targets.append(target) }
        }
    }

    mutating func target(_ value: Value, _ fallback: SourcePos) -> TuistTarget? {
        // An element of `targets:` is a `Target`: `.init(name:…)` there (or in a constant
        // annotated `[Target]` that `targets:` takes) is `Target(name:…)`.
        guard case .object(let object) = value, object.kind == "target" || object.kind == "Target" || object.kind == "init" else {
            base.unresolved(value, "target", fallback)
            return nil
        }
        let notesBefore = base.notes.count
        let pos = object.pos
        guard let name = base.string(object.argument("name"), "target name", pos) else { return nil }
        var product = "app"
        if case .object(let kind)? = object.argument("product") { product = kind.kind } else if let value = object.argument("product") {
            base.unresolved(value, "product of target '\(name)'", pos)
        }
        var target = TuistTarget(name: name, product: product, line: line(pos))
        target.productName = object.argument("productName").flatMap { base.string($0, "productName of target '\(name)'", pos) }
        let settings = buildSettings(object.argument("settings"))
        if target.productName == nil { target.productName = settings["PRODUCT_NAME"] }
        target.moduleName = settings["PRODUCT_MODULE_NAME"]
        target.platforms = platforms(object.argument("destinations") ?? object.argument("platform"))
        target.sources = sources(object.argument("sources"), target: name, pos)
        target.buildableFolders = paths(base.elements(object.argument("buildableFolders"), "buildableFolders of target '\(name)'", pos).map(Self.buildableFolderPath),
                                        "buildableFolders of target '\(name)'", pos)
        let notesBeforeDependencies = base.notes.count
        for dependency in base.elements(object.argument("dependencies"), "dependencies of target '\(name)'", pos) {
            if let resolved = self.dependency(dependency, target: name, pos) { target.dependencies.append(resolved) }
        }
        target.dependenciesIncomplete = base.notes.count > notesBeforeDependencies
        target.isIncomplete = base.notes.count > notesBefore
        return target
    }

    /// `.iOS`, `[.iPhone, .iPad]`, `Set([.mac])`, `.iOS` as a platform.
    func platforms(_ value: Value?) -> [String] {
        var names: [String] = []
        func add(_ value: Value) {
            switch value {
            case .object(let object):
                if let name = Self.platformNames[object.kind], !names.contains(name) { names.append(name) }
            case .array(let elements): elements.forEach(add)
            default: break
            }
        }
        if let value { add(value) }
        return names
    }

    /// `"Sources/**"`, `["A/**", .glob("B/**", excluding: […])]`, `SourceFilesList(globs:)`,
    /// `.paths([…])`.
    mutating func sources(_ value: Value?, target: String, _ pos: SourcePos) -> [TuistSourceGlob] {
        guard let value else { return [] }
        let what = "sources of target '\(target)'"
        switch value {
        case .null: return []
        // A `where` belongs to one pattern: a string is always a path, an object only when it reads as one.
        case .string:
            return path(value).map { [TuistSourceGlob($0)] } ?? []
        case .object(_) where path(value) != nil:
            return path(value).map { [TuistSourceGlob($0)] } ?? []
        case .array(let elements):
            return elements.flatMap { sources($0, target: target, pos) }
        case .object(let object):
            switch object.kind {
            // `SourceFileGlob("Sources/**")`: the initialiser Tuist 3 had beside `.glob(…)`.
            case "glob", "SourceFileGlob":
                guard let first = object.args.first?.value, let pattern = path(first) else {
                    base.unresolved(value, what, pos)
                    return []
                }
                let excluding = object.argument("excluding").map { exclusion in
                    exclusion.stringValue.map { [$0] } ?? paths(base.elements(exclusion, what, pos), what, pos)
                } ?? []
                return [TuistSourceGlob(pattern, excluding: excluding)]
            case "SourceFilesList", "sourceFilesList":
                return sources(object.argument("globs") ?? object.args.first?.value, target: target, pos)
            case "paths":
                return sources(object.args.first?.value, target: target, pos)
            default:
                base.unresolved(value, what, pos)
                return []
            }
        default:
            base.unresolved(value, what, pos)
            return []
        }
    }

    /// Each value as a path; one that is no path is reported.
    mutating func paths(_ values: [Value], _ what: String, _ pos: SourcePos) -> [String] {
        values.compactMap { value in
            if let path = path(value) { return path }
            base.unresolved(value, what, pos)
            return nil
        }
    }

    /// Tuist 4's `BuildableFolder`: a path, or `.folder("Sources")` (with `exceptions:`,
    /// which only leave files out of a folder the target still owns) — its path.
    static func buildableFolderPath(_ value: Value) -> Value {
        guard case .object(let object) = value, object.kind == "folder" || object.kind == "BuildableFolder",
              let first = object.args.first?.value else { return value }
        return first
    }

    /// A path as Tuist writes it: a string (relative to the manifest), `Path("…")`,
    /// `.relativeToManifest("…")`, `.relativeToRoot("…")`, `.path("…")`.
    func path(_ value: Value) -> String? {
        switch value {
        case .string(let text, _):
            // `"//Projects/Kit"`: relative to the root, as `Path` reads a leading `//`.
            guard text.hasPrefix("//") else { return text }
            let inner = String(text.dropFirst(2))
            return rootFromManifest.isEmpty ? inner : rootFromManifest + "/" + inner
        case .object(let object):
            guard let inner = object.args.first?.value.stringValue else { return nil }
            switch object.kind {
            case "Path", "relativeToManifest", "relativeToCurrentFile", "path": return inner
            case "relativeToRoot": return rootFromManifest.isEmpty ? inner : rootFromManifest + "/" + inner
            default: return nil
            }
        default: return nil
        }
    }

    mutating func dependency(_ value: Value, target: String, _ pos: SourcePos) -> TuistDependency? {
        guard case .object(let object) = value else {
            base.unresolved(value, "dependency of target '\(target)'", pos)
            return nil
        }
        let at = line(object.pos)
        let first = object.args.first?.value
        switch object.kind {
        case "target":
            guard let name = (object.argument("name") ?? first).flatMap({ base.string($0, "dependency of target '\(target)'", object.pos) }) else { return nil }
            return TuistDependency(.target(name), line: at)
        case "project":
            guard let name = object.argument("target").flatMap({ base.string($0, "dependency of target '\(target)'", object.pos) }),
                  let pathValue = object.argument("path"), let folder = path(pathValue) else {
                base.unresolved(value, "dependency of target '\(target)'", object.pos)
                return nil
            }
            return TuistDependency(.project(target: name, path: folder), line: at)
        case "external":
            guard let name = (object.argument("name") ?? first).flatMap({ base.string($0, "dependency of target '\(target)'", object.pos) }) else { return nil }
            return TuistDependency(.external(name), line: at)
        case "package":
            guard let name = (object.argument("product") ?? first).flatMap({ base.string($0, "dependency of target '\(target)'", object.pos) }) else { return nil }
            return TuistDependency(.package(product: name), line: at)
        case "framework", "xcframework", "library":
            guard let file = (object.argument("path") ?? first).flatMap(path) else { return nil }
            return TuistDependency(.binary(file.split(separator: "/").last.map(String.init) ?? file), line: at)
        case "sdk", "xctest", "macro":
            return nil
        default:
            base.unresolved(value, "dependency of target '\(target)'", object.pos)
            return nil
        }
    }

    /// `.settings(base: ["PRODUCT_MODULE_NAME": "Kit"])` (values as strings or `.string(…)`).
    func buildSettings(_ value: Value?) -> [String: String] {
        guard case .object(let settings)? = value, case .dictionary(let pairs)? = settings.argument("base") else { return [:] }
        var result: [String: String] = [:]
        for (key, setting) in pairs {
            guard let name = key.stringValue else { continue }
            if let text = setting.stringValue {
                result[name] = text
            } else if case .object(let object) = setting, object.kind == "string", let text = object.args.first?.value.stringValue {
                result[name] = text
            }
        }
        return result
    }
}

/// The helpers of a Tuist project, parsed once per run for every manifest that reads them:
/// keyed by their bytes (not a hash, so no two contents share an entry).
final class HelperPrograms: Sendable {
    static let shared = HelperPrograms()

    /// Statements hold no reference types: shared read-only across threads.
    struct Parsed: @unchecked Sendable {
        var program: [Stmt]
        var notes: [(String, SourcePos)]
        /// The helpers' lines as the tokenizer counts them (a lone `\r` ends one too).
        var lines: Int
        var bytes: Int
    }

    private let entries = Mutex<[[[UInt8]]: Parsed]>([:])
    /// How many distinct helper sets were parsed (tests check that sharing parses once).
    var parses: Int { entries.withLock { $0.count } }

    func parsed(_ helpers: [[UInt8]], environment: BuildEnvironment) -> Parsed {
        if let known = entries.withLock({ $0[helpers] }) { return known }
        var bytes: [UInt8] = []
        for helper in helpers {
            bytes += helper
            if helper.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        }
        let source = TokenizedSource(bytes: bytes)
        let lines = bytes.isEmpty ? 0 : source.lineStarts.firstIndex { Int($0) >= bytes.count } ?? source.lineStarts.count
        var notes: [(String, SourcePos)] = []
        let active = ManifestReader(environment: environment).activeClauses(source.conditions, environment: environment, notes: &notes)
        let tokens = source.conditions.isEmpty ? source.tokens : source.tokens.filter { active[Int(source.conditions.condition(of: $0))] }
        var parser = ManifestParser(source: source, tokens: tokens)
        let program = parser.parseStatements()
        notes += parser.notes
        let parsed = Parsed(program: program, notes: notes, lines: lines, bytes: bytes.count)
        entries.withLock { $0[helpers] = parsed }
        return parsed
    }
}
