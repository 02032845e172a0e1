import Synchronization
import ModlintXcode

/// A build system whose descriptions become Xcode projects of the workspace: a committed
/// `.xcodeproj`, or a spec a generator turns into one (XcodeGen, Tuist). Each finds its
/// descriptions in the walk and reads one into the pbxproj reader's model
/// (`XcodeProject`); `XcodeProjectLayout` turns every such project into packages and
/// targets the same way, so rules, views, `--focus`, the cache and `fix` need no case for
/// the build system a project came from.
///
/// To add one: implement this protocol in its own file of this folder (its file names are
/// `names`: the walk records them), register it in `BuildSystems.all`, and add a fixture
/// test that compares its graph with the one of the project it would generate.
protocol ProjectBuildSystem: BuildSystem {
    /// The generator that writes the project; `nil` for a committed project.
    var generator: ProjectGenerator? { get }
    /// Whether the project it generates may be committed beside it (XcodeGen, Tuist): read
    /// before committed projects, which it then shadows.
    var generatesCommittableProject: Bool { get }
    /// What it reads in this walk, and how. Inputs every description shares (Tuist's
    /// helpers) are read once, here.
    func plan(scan: TreeScan, root: String, scope: ReadScope) -> ProjectReadPlan
}

/// The descriptions a build system reads in one walk, and how to read one.
struct ProjectReadPlan: Sendable {
    /// Root-relative paths of the descriptions it may read.
    var descriptions: [String]
    /// Reads one description; never throws: what fails is in the reading. `nil`: the file
    /// turned out to describe no project (a `project.yml` of another tool).
    var read: @Sendable (String) -> ProjectReading?
    /// Runs once every build system has read: adds what this one knows to projects another
    /// read (a Podfile gives the app target of a committed project its pods).
    var amend: (@Sendable (inout [ProjectReading]) -> Void)? = nil
}

/// One project description, read.
struct ProjectReading: Sendable {
    /// Root-relative path of the description: `App.xcodeproj`, `project.yml`, `Project.swift`.
    var description: String
    /// The file notes and findings about the project point at: `project.pbxproj`, or the spec.
    var file: String
    /// Root-relative `.xcodeproj` path: the committed one, or the one the generator would write.
    var projectPath: String
    var generator: ProjectGenerator?
    /// The package identity, when the project file's name does not make a good one
    /// (`//Features/Login` for a BUILD package).
    var identity: String?
    var project: XcodeProject?
    /// Why `project` is `nil`.
    var failure: (line: Int, message: String)?
    /// Settings files refused while reading it.
    var notes: [WorkspaceNote] = []
    /// Remote pods whose sources are installed under the tree (a Podfile's reading).
    var podContexts: [PodContext] = []
    /// The description is not there at all (an `.xcodeproj` folder without its
    /// `project.pbxproj`): no failure, unless Swift files go unread below it.
    var hasNoDescription = false
    /// A BUILD file read in part (a macro whose `load()` could not be followed) or not at
    /// all (outside any Bazel workspace): Swift files it leaves in no target are reported.
    var bazelGap: UnreadSpecs.BazelGap?
    /// A description its build system never reads (a Tuist `Project.swift` that makes no
    /// project and that no workspace lists): its note is all it gives, and the Swift files
    /// below it are in no target, not unread.
    var isInert = false
    /// Package.swift files the Bazel workspace of a BUILD file takes as input (root-relative),
    /// each with the file that names it.
    var manifestsUsedAsInput: [String: String] = [:]
}

enum ProjectBuildSystems {
    /// The registry's project build systems, specs first: a committed project at the path a
    /// spec generates is the spec's output, compared with it rather than read as a project
    /// of its own.
    static let all: [any ProjectBuildSystem] = {
        let systems = BuildSystems.all.compactMap { $0 as? any ProjectBuildSystem }
        return systems.filter(\.generatesCommittableProject) + systems.filter { !$0.generatesCommittableProject }
    }()

    /// Every project of the walk, read in parallel; a committed project a spec read here
    /// generates is left out (`shadowed`). A spec that declares no target stands for no
    /// project: beside a committed one it is left out instead (`empty`), else a two-line
    /// decoy `project.yml` would hide every target of the project a pull request changes.
    static func read(scan: TreeScan, root: String, scope: ReadScope)
        -> (readings: [ProjectReading], shadowed: [ProjectReading], empty: [ProjectReading]) {
        var readings: [ProjectReading] = []
        var amendments: [@Sendable (inout [ProjectReading]) -> Void] = []
        for system in all {
            let plan = system.plan(scan: scan, root: root, scope: scope)
            readings += plan.descriptions.parallelMap(plan.read).compactMap { $0 }
            if let amend = plan.amend { amendments.append(amend) }
        }
        for amend in amendments { amend(&readings) }
        let committed = Set(readings.filter { $0.generator == nil }.map(\.projectPath))
        func isEmptySpec(_ reading: ProjectReading) -> Bool {
            reading.generator != nil && reading.project?.targets.isEmpty == true && committed.contains(reading.projectPath)
        }
        let generated = Set(readings.filter { $0.generator != nil && $0.project != nil && !isEmptySpec($0) }.map(\.projectPath))
        var kept: [ProjectReading] = [], shadowed: [ProjectReading] = [], empty: [ProjectReading] = []
        for reading in readings {
            if isEmptySpec(reading) {
                empty.append(reading)
            } else if reading.generator == nil && generated.contains(reading.projectPath) {
                shadowed.append(reading)
            } else {
                kept.append(reading)
            }
        }
        return (kept, shadowed, empty)
    }

    /// A build-setting file a project names, read inside the scope: a missing one is
    /// skipped as Xcode does (`#include?`), a refused one is reported at `file`.
    static func settingsReader(root: String, folder: String, file: String, scope: ReadScope,
                               notes: ReadingNotes) -> @Sendable (String) -> [UInt8]? {
        let absoluteFolder = Paths.join(root, folder)
        return { path in
            let absolute = Paths.normalize(path.hasPrefix("/") ? path : Paths.join(absoluteFolder, path))
            switch FileSystem.readInput(absolute, atMost: InputLimits.small, scope: scope) {
            case .success(let bytes): return bytes
            case .failure(.missing): return nil
            case .failure(let refusal):
                // Reported at the project: the file may lie outside the tree.
                let shown = Paths.isInside(absolute, root) ? Paths.relative(absolute, to: root) : absolute
                notes.append(WorkspaceNote(kind: .unreadBuildDescription, file: file, line: 1, column: 1,
                                            message: "\(WorkspaceNote.unreadConfiguration) \(shown): \(refusal); the settings it holds (the module name) are not applied"))
                return nil
            }
        }
    }
}

/// `Name.xcodeproj/project.pbxproj`, committed.
struct CommittedXcodeProjects: ProjectBuildSystem {
    var generator: ProjectGenerator? { nil }
    var generatesCommittableProject: Bool { false }
    var kind: BuildSystemKind { .xcode }
    var lookedFor: String? { ".xcodeproj" }
    var names: DescriptionNames {
        DescriptionNames(bundles: [".xcodeproj", ".xcworkspace"], outputFolders: ["DerivedData", "SourcePackages"], inputSuffixes: [".xcconfig"])
    }
    /// A workspace bundle's list of member projects.
    static let workspaceMembersFile = "contents.xcworkspacedata"
    var unreadDependencyRemedy: String {
        "provide the sources by opening the project in Xcode once, or with --dependencies FOLDER"
    }

    /// The description inside a project or workspace bundle.
    static func descriptionFile(ofBundle bundle: String) -> String {
        Paths.join(bundle, bundle.hasSuffix(".xcworkspace") ? workspaceMembersFile : "project.pbxproj")
    }

    static func isProjectBundle(_ name: String) -> Bool { name.hasSuffix(".xcodeproj") }

    func claims(_ path: String) -> Bool {
        path.hasSuffix(".xcodeproj") || path.contains(".xcodeproj/") || path.hasSuffix(".xcworkspace") || path.contains(".xcworkspace/")
    }

    /// `fix` reports the edit (`DependencyFix.isXcodeProject`): a project file is Xcode's to write.
    var editsDependencies: Bool { false }

    func editing(of description: String) -> DescriptionEditing { .byHand(reason: "Xcode projects are not edited; add") }

    func plan(scan: TreeScan, root: String, scope: ReadScope) -> ProjectReadPlan {
        ProjectReadPlan(descriptions: scan.xcodeProjects.sorted()) { read($0, root: root, scope: scope) }
    }

    func read(_ path: String, root: String, scope: ReadScope) -> ProjectReading? {
        let pbxproj = Paths.join(path, "project.pbxproj")
        var reading = ProjectReading(description: path, file: pbxproj, projectPath: path, generator: nil)
        let bytes: [UInt8]
        switch FileSystem.readInput(Paths.join(root, pbxproj), atMost: InputLimits.project, scope: scope) {
        case .success(let read): bytes = read
        case .failure(.missing):
            // Only workspace settings (`project.xcworkspace`, `xcshareddata`): nothing to
            // read. Swift files it would leave unread are an error (`UnreadSpecs`).
            reading.hasNoDescription = true
            reading.notes = [WorkspaceNote(kind: .unresolvedManifest, file: path, line: 1, column: 1,
                                           message: "\(Paths.lastComponent(path)) holds no project.pbxproj, only workspace settings: there is no project to read")]
            return reading
        case .failure(let refusal):
            reading.failure = (1, "cannot read Xcode project: cannot read project.pbxproj: \(refusal); its targets are not analysed")
            return reading
        }
        let name = String(Paths.lastComponent(path).dropLast(".xcodeproj".count))
        let notes = ReadingNotes()
        do throws(PropertyListError) {
            reading.project = try XcodeProjectReader.read(bytes: bytes, name: name,
                                                          readFile: ProjectBuildSystems.settingsReader(root: root, folder: Paths.parent(path), file: pbxproj,
                                                                                                       scope: scope, notes: notes))
        } catch {
            reading.failure = (error.line, "cannot read Xcode project: \(error.message); its targets are not analysed")
        }
        reading.notes = notes.all
        return reading
    }
}

/// XcodeGen's `project.yml` / `project.json`: read in place of the project it generates.
struct XcodeGenBuildSystem: ProjectBuildSystem {
    static let fileNames: Set<String> = ["project.yml", "project.yaml", "project.json"]
    var generator: ProjectGenerator? { .xcodeGen }
    var generatesCommittableProject: Bool { true }
    var kind: BuildSystemKind { .xcodeGen }
    var lookedFor: String? { "project.yml" }
    /// Any YAML file may be a spec's include: its identity keys the layout memo.
    var names: DescriptionNames { DescriptionNames(files: Self.fileNames, inputSuffixes: [".yml", ".yaml"]) }
    var unreadDependencyRemedy: String {
        "provide the sources by opening the project `xcodegen generate` writes in Xcode once, or with --dependencies FOLDER"
    }

    /// `project-ci.yml`, `project_spm.yaml`: a spec `xcodegen --spec` may be given.
    func isAlternativeDescription(_ name: String) -> Bool {
        name.hasPrefix("project") && (name.hasSuffix(".yml") || name.hasSuffix(".yaml")) && !Self.fileNames.contains(name)
    }

    /// One note per spec under another name that declares targets and that no spec read
    /// includes: XcodeGen reads `project.yml` unless `--spec` names another file.
    static func alternativeSpecNotes(_ candidates: [String], readSpecs: [String], root: String, scope: ReadScope) -> [WorkspaceNote] {
        guard !candidates.isEmpty else { return [] }
        var included = Set<String>()
        for spec in readSpecs {
            guard let bytes = try? FileSystem.readInput(Paths.join(root, spec), atMost: InputLimits.buildDescription, scope: scope).get(),
                  let outline = XcodeGenReader.outline(bytes) else { continue }
            for include in outline.includes { included.insert(Paths.normalize(Paths.join(Paths.parent(spec), include))) }
        }
        let readFolders = Set(readSpecs.map(Paths.parent))
        return candidates.sorted().compactMap { candidate in
            guard !included.contains(candidate),
                  let bytes = try? FileSystem.readInput(Paths.join(root, candidate), atMost: InputLimits.buildDescription, scope: scope).get(),
                  XcodeGenReader.outline(bytes)?.hasName == true, XcodeGenReader.declaresTargets(bytes) else { return nil }
            let name = Paths.lastComponent(candidate)
            let read = readFolders.contains(Paths.parent(candidate)) ? "modlint reads the project.yml beside it" : "modlint reads no spec in its folder"
            return WorkspaceNote(kind: .unreadBuildDescription, file: candidate, line: 1, column: 1,
                                 message: "\(WorkspaceNote.alternativeSpec), not read: XcodeGen reads it only as `xcodegen --spec \(name)`, and \(read); "
                                    + "include it from a spec, or lint the project that command generates")
        }
    }

    /// Its specs, and the YAML files they include (any name); JSON podspecs are CocoaPods'.
    func claims(_ path: String) -> Bool {
        names.isDescription(Paths.lastComponent(path)) || path.hasSuffix(".yml") || path.hasSuffix(".yaml")
            || (path.hasSuffix(".json") && !path.hasSuffix(".podspec.json"))
    }

    var editsDependencies: Bool { true }

    func editing(of description: String) -> DescriptionEditing {
        description.hasSuffix(".json") ? .byHand(reason: "JSON specs are not edited; add") : .yaml
    }

    func dependencyEntry(on target: String, sameProject: Bool, from importer: Package, to imported: Package) -> String? {
        sameProject ? "target: \(target)" : nil
    }

    func advice(adding entry: String?, module: String, of imported: Package, to target: String, in file: String) -> String {
        let spec = Paths.lastComponent(file)
        guard let entry else { return "Add a dependency on \(module) (of \(Paths.lastComponent(imported.manifestPath))) to \(target) in \(spec)." }
        return "Add `- \(entry)` to the dependencies of \(target) in \(spec)."
    }

    func plan(scan: TreeScan, root: String, scope: ReadScope) -> ProjectReadPlan {
        let specs = scan.buildDescriptions.filter { Self.fileNames.contains(Paths.lastComponent($0)) }.sorted()
        let fragments = Self.fragments(specs, root: root, scope: scope)
        return ProjectReadPlan(descriptions: specs.filter { !fragments.contains($0) }) {
            read($0, root: root, scope: scope)
        }
    }

    /// Specs with no `name:` that another spec includes (`include: [App/project.yml]`): read
    /// as part of it, never as a project of their own. Decoding is shared with the reads.
    static func fragments(_ specs: [String], root: String, scope: ReadScope) -> Set<String> {
        guard specs.count > 1 else { return [] }
        var outlines: [String: (includes: [String], hasName: Bool)] = [:]
        for spec in specs {
            guard let bytes = try? FileSystem.readInput(Paths.join(root, spec), atMost: InputLimits.buildDescription, scope: scope).get(),
                  let outline = XcodeGenReader.outline(bytes) else { continue }
            outlines[spec] = outline
        }
        var included = Set<String>()
        for (spec, outline) in outlines {
            for include in outline.includes { included.insert(Paths.normalize(Paths.join(Paths.parent(spec), include))) }
        }
        return Set(outlines.filter { !$0.value.hasName && included.contains($0.key) }.map(\.key))
    }

    /// `path` with its last component matched as macOS matches it, ignoring case, when
    /// exactly one entry of its folder does; `nil` otherwise.
    static func caseInsensitiveMatch(_ path: String) -> String? {
        let folder = Paths.parent(path), name = Paths.lastComponent(path).lowercased()
        let matches = (FileSystem.entries(of: folder) ?? []).filter { $0.name.lowercased() == name }
        return matches.count == 1 ? Paths.join(folder, matches[0].name) : nil
    }

    /// A spec that describes targets; a `project.yml` of another tool (no `targets:` or
    /// `include:`, `XcodeGenReader.declaresTargets`) is none. The file is read first and
    /// judged only when it makes no target: a byte test before reading would skip specs
    /// written in another spelling of the same YAML.
    func read(_ path: String, root: String, scope: ReadScope) -> ProjectReading? {
        let folder = Paths.parent(path)
        var reading = ProjectReading(description: path, file: path, projectPath: path, generator: .xcodeGen)
        let spec: [UInt8]
        switch FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope) {
        case .success(let bytes):
            spec = bytes
        case .failure(let refusal):
            reading.failure = (1, "cannot read XcodeGen spec: \(refusal); its targets are not analysed")
            return reading
        }
        let name = Paths.lastComponent(path)
        let notes = ReadingNotes()
        let absoluteFolder = Paths.join(root, folder)
        let settings = ProjectBuildSystems.settingsReader(root: root, folder: folder, file: path, scope: scope, notes: notes)
        let readFile: @Sendable (String) -> [UInt8]? = { file in
            if file == name { return spec }
            // Includes are build descriptions: read with the same care, inside the scope.
            guard file.hasSuffix(".yml") || file.hasSuffix(".yaml") || file.hasSuffix(".json") else { return settings(file) }
            let absolute = Paths.normalize(Paths.join(absoluteFolder, file))
            if let bytes = try? FileSystem.readInput(absolute, atMost: InputLimits.buildDescription, scope: scope).get() { return bytes }
            // XcodeGen runs on macOS, whose file system ignores case: `Teacher/Teacher.yml`
            // includes `Teacher/teacher.yml` there. The one entry that differs only in case.
            guard let folded = Self.caseInsensitiveMatch(absolute) else { return nil }
            return try? FileSystem.readInput(folded, atMost: InputLimits.buildDescription, scope: scope).get()
        }
        do {
            let project = try XcodeGenReader.read(file: name, readFile: readFile) { source in
                // Outside the tree is not looked at; on macOS, where XcodeGen runs, case is ignored.
                let absolute = Paths.normalize(Paths.join(absoluteFolder, source))
                guard Paths.isInside(absolute, root) else { return true }
                return FileSystem.kind(of: absolute) != .missing || Self.caseInsensitiveMatch(absolute) != nil
            }
            if project.targets.isEmpty && !XcodeGenReader.declaresTargets(spec) { return nil }
            reading.project = project
            reading.projectPath = Paths.join(folder, project.name + ".xcodeproj")
        } catch {
            guard XcodeGenReader.declaresTargets(spec) else { return nil }
            let shown = error.file == name ? "" : " (in \(Paths.normalize(Paths.join(folder, error.file))))"
            reading.failure = (error.line, "cannot read XcodeGen spec\(shown): \(error.message); its targets are not analysed")
        }
        reading.notes = notes.all
        return reading
    }
}

/// Notes a reader's callbacks add from any thread.
final class ReadingNotes: Sendable {
    private let notes = Mutex<[WorkspaceNote]>([])

    func append(_ note: WorkspaceNote) {
        notes.withLock { $0.append(note) }
    }

    var all: [WorkspaceNote] { notes.withLock { $0 } }
}
