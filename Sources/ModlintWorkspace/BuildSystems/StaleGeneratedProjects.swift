import ModlintXcode

/// A spec (`project.yml`, `Project.swift`) read beside the project generated from it and
/// committed: the spec is the truth, and what the committed project says differently —
/// a target, a Swift file of a target, a target or package dependency — is a
/// `stale-generated-project` note at the spec (teams run the generator in CI and diff;
/// this answers without it).
enum StaleGeneratedProjects {
    /// At most this many differences are listed per project (the rest are counted).
    static let listed = 20

    static func notes(specs: [ProjectReading], committed: [ProjectReading], root: String, swiftFiles: [String],
                      fileSet: SwiftFileSet?) -> [WorkspaceNote] {
        let committedByPath = Dictionary(committed.compactMap { reading in reading.project.map { (reading.projectPath, $0) } },
                                         uniquingKeysWith: { first, _ in first })
        // Most trees commit no generated project: no set of every path for them.
        guard specs.contains(where: { committedByPath[$0.projectPath] != nil }) else { return [] }
        let swiftFileSet = fileSet ?? SwiftFileSet(swiftFiles)
        var notes: [WorkspaceNote] = []
        for spec in specs {
            guard let generated = spec.project, let written = committedByPath[spec.projectPath] else { continue }
            let folder = Paths.parent(spec.projectPath)
            func files(_ target: XcodeTarget) -> Set<String> {
                Set(XcodeProjectLayout.files(of: target, projectDirectory: folder, root: root, swiftFiles: swiftFiles, swiftFileSet: swiftFileSet))
            }
            let project = Paths.lastComponent(spec.projectPath)
            var differences: [(line: Int, text: String)] = []
            let writtenTargets = Dictionary(written.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let specNames = Set(generated.targets.map(\.name))
            for target in generated.targets {
                guard let old = writtenTargets[target.name] else {
                    differences.append((target.line, "target \(target.name) is not in the committed \(project)"))
                    continue
                }
                let (added, removed) = diff(files(target), files(old))
                if !added.isEmpty || !removed.isEmpty {
                    differences.append((target.line, "target \(target.name) builds \(describe(added, removed, "Swift file")) than in the committed \(project)"))
                }
                let (newDependencies, oldDependencies) = diff(dependencyNames(target), dependencyNames(old))
                if !newDependencies.isEmpty || !oldDependencies.isEmpty {
                    differences.append((target.line, "target \(target.name) has \(describe(newDependencies, oldDependencies, "dependency")) than in the committed \(project)"))
                }
            }
            for target in written.targets where !specNames.contains(target.name) && !target.sourceFiles.isEmpty {
                differences.append((1, "the committed \(project) has a target \(target.name) the spec does not declare"))
            }
            // Files the committed project still lists that are gone: Xcode stops at them.
            let gone = written.targets.flatMap { target in
                target.sourceFiles.filter { $0.hasSuffix(".swift") }.compactMap { XcodeProjectLayout.rootRelative($0, in: folder, root: root) }
                    .filter { swiftFileSet.find($0) == nil && FileSystem.kind(of: Paths.join(root, $0)) == .missing }
            }
            if !gone.isEmpty {
                let sorted = Array(Set(gone)).sorted()
                let names = sorted.prefix(3).map(Paths.lastComponent).joined(separator: ", ") + (sorted.count > 3 ? ", …" : "")
                differences.append((1, "the committed \(project) lists \(sorted.count) Swift file\(sorted.count == 1 ? "" : "s") that \(sorted.count == 1 ? "is" : "are") "
                                        + "no longer there (\(names)), which Xcode cannot build"))
            }
            for (line, text) in differences.prefix(listed) {
                notes.append(WorkspaceNote(kind: .staleGeneratedProject, file: spec.file, line: line, column: 1,
                                           message: "\(text); generate the project again and commit it"))
            }
            if differences.count > listed {
                notes.append(WorkspaceNote(kind: .staleGeneratedProject, file: spec.file, line: 1, column: 1,
                                           message: "\(differences.count - listed) more differences from the committed \(project)"))
            }
        }
        return notes
    }

    /// Specs older than the project committed beside them: the project has targets the
    /// spec does not declare, whose Swift files none of the spec's targets builds (a team
    /// that went on in Xcode and left the spec behind). The committed project is the build,
    /// read in the spec's place; the spec gets one note. Returns the readings with each
    /// such spec replaced by its project, the committed projects still shadowed, and the notes.
    static func olderSpecs(readings: [ProjectReading], shadowed: [ProjectReading], root: String, swiftFiles: [String],
                           fileSet swiftFileSet: @autoclosure () -> SwiftFileSet)
        -> (readings: [ProjectReading], shadowed: [ProjectReading], notes: [WorkspaceNote]) {
        guard !shadowed.isEmpty else { return (readings, shadowed, []) }
        let swiftFileSet = swiftFileSet()
        var readings = readings, shadowed = shadowed, notes: [WorkspaceNote] = []
        for (position, spec) in readings.enumerated() {
            guard spec.generator != nil, let generated = spec.project,
                  let index = shadowed.firstIndex(where: { $0.projectPath == spec.projectPath }), let written = shadowed[index].project else { continue }
            let folder = Paths.parent(spec.projectPath)
            func files(_ target: XcodeTarget) -> [String] {
                XcodeProjectLayout.files(of: target, projectDirectory: folder, root: root, swiftFiles: swiftFiles, swiftFileSet: swiftFileSet)
            }
            let specNames = Set(generated.targets.map(\.name))
            let built = Set(generated.targets.flatMap(files))
            let onlyCommitted = written.targets.filter { !specNames.contains($0.name) }
                .map { ($0.name, files($0).filter { !built.contains($0) }) }.filter { !$0.1.isEmpty }
            guard !onlyCommitted.isEmpty else { continue }
            let count = onlyCommitted.reduce(0) { $0 + $1.1.count }
            let names = onlyCommitted.prefix(3).map(\.0).joined(separator: ", ") + (onlyCommitted.count > 3 ? ", …" : "")
            notes.append(WorkspaceNote(kind: .staleGeneratedProject, file: spec.file, line: 1, column: 1,
                                       message: "the spec is older than the committed \(Paths.lastComponent(spec.projectPath)): it does not declare "
                                        + "\(onlyCommitted.count == 1 ? "target" : "targets") \(names) (\(count) Swift file\(count == 1 ? "" : "s") no target of "
                                        + "the spec builds), so the committed project is analysed; declare \(onlyCommitted.count == 1 ? "it" : "them") in the spec and generate the project again, "
                                        + "or remove the spec"))
            readings[position] = shadowed.remove(at: index)
        }
        return (readings, shadowed, notes)
    }

    /// One note per spec that declares no target beside its committed project.
    static func notes(emptySpecs: [ProjectReading]) -> [WorkspaceNote] {
        emptySpecs.map { spec in
            WorkspaceNote(kind: .staleGeneratedProject, file: spec.file, line: 1, column: 1,
                          message: "\(WorkspaceNote.emptySpec): the committed \(Paths.lastComponent(spec.projectPath)) is read instead; "
                            + "generate the project again and commit it, or remove the spec")
        }
    }

    /// What the spec has that the project lacks, and the other way round, sorted.
    private static func diff(_ spec: Set<String>, _ written: Set<String>) -> (added: [String], removed: [String]) {
        (spec.subtracting(written).sorted(), written.subtracting(spec).sorted())
    }

    /// `2 more Swift files (A.swift, B.swift) and 1 fewer (C.swift)`.
    private static func describe(_ added: [String], _ removed: [String], _ noun: String) -> String {
        func list(_ items: [String]) -> String {
            let names = items.prefix(3).map(Paths.lastComponent).joined(separator: ", ")
            return "(\(names)\(items.count > 3 ? ", …" : ""))"
        }
        func count(_ n: Int) -> String {
            "\(n) " + (n == 1 ? noun : noun.hasSuffix("y") ? noun.dropLast() + "ies" : noun + "s")
        }
        var parts: [String] = []
        if !added.isEmpty { parts.append("\(count(added.count)) more \(list(added))") }
        if !removed.isEmpty { parts.append("\(parts.isEmpty ? count(removed.count) : String(removed.count)) fewer \(list(removed))") }
        return parts.joined(separator: " and ")
    }

    /// Target and package dependencies by name. Linked products are left out: a project
    /// links the framework of each target it depends on, which a spec does not repeat.
    private static func dependencyNames(_ target: XcodeTarget) -> Set<String> {
        Set(target.dependencies.compactMap { dependency in
            switch dependency.kind {
            case .target(let name), .projectTarget(_, let name): return name
            case .packageProduct(let product, _): return product
            case .linkedProduct: return nil
            }
        })
    }
}
