import Synchronization

/// Parsed `.bzl` files, shared by every BUILD file of a walk: a macro file loaded by a
/// thousand packages is parsed once.
public final class StarlarkModuleCache: Sendable {
    private let parsed = Mutex<[String: ParsedModule]>([:])

    /// Statements hold no reference types: shared read-only across threads.
    private struct ParsedModule: @unchecked Sendable {
        var result: Result<[StarlarkStatement], StarlarkSyntaxError>
    }

    /// Evaluated `.bzl` files: their frozen top-level scope (nil: not readable) and the
    /// notes their evaluation made, which every BUILD file that loads them repeats.
    private let evaluated = Mutex<[String: EvaluatedModule]>([:])

    struct EvaluatedModule: @unchecked Sendable {
        var scope: StarlarkScope?
        var notes: [String]
    }

    public init() {}

    func evaluatedModule(_ path: String) -> EvaluatedModule? {
        evaluated.withLock { $0[path] }
    }

    /// The first evaluation stored is the one every loader gets (two threads evaluating the
    /// same file at once get equal results; one is kept).
    func store(_ module: EvaluatedModule, for path: String) -> EvaluatedModule {
        evaluated.withLock { modules in
            if let first = modules[path] { return first }
            modules[path] = module
            return module
        }
    }

    func statements(for path: String, read: () -> [UInt8]?) -> Result<[StarlarkStatement], StarlarkSyntaxError>? {
        if let cached = parsed.withLock({ $0[path] }) { return cached.result }
        guard let bytes = read() else { return nil }
        let result: Result<[StarlarkStatement], StarlarkSyntaxError>
        do throws(StarlarkSyntaxError) {
            result = .success(try StarlarkParser.parse(bytes))
        } catch {
            result = .failure(error)
        }
        parsed.withLock { $0[path] = ParsedModule(result: result) }
        return result
    }
}

/// Loads: rule names bind to their rules, the workspace's `.bzl` files are evaluated once
/// per run (their scope frozen and shared), and a load cycle is kept to its BUILD file.
extension StarlarkEvaluation {
    /// `load("//tools:swift.bzl", "feature")`: a rule name of rules_swift, rules_apple or
    /// rules_ios binds to the rule wherever it is loaded from (a repository may re-export
    /// or wrap it); other names come from the workspace's own `.bzl` files, evaluated.
    func load(_ module: String, bindings: [(local: String, exported: String)], line: Int, scope: StarlarkScope, file: String) {
        // Another repository's macro file modlint has a stand-in for is evaluated as one.
        let path = Self.modulePath(module, from: BazelPaths.parent(file)) ?? BazelStandIns.path(for: module)
        var moduleScope: StarlarkScope?
        for binding in bindings {
            if let kind = BazelRuleKind.known[binding.exported] {
                scope.values[binding.local] = .rule(binding.exported, kind)
                continue
            }
            guard let path else {
                scope.values[binding.local] = .foreign(name: binding.exported, origin: module)
                continue
            }
            if moduleScope == nil { moduleScope = loadModule(path) }
            scope.values[binding.local] = moduleScope?.values[binding.exported] ?? .foreign(name: binding.exported, origin: module)
        }
    }

    /// A label of this workspace as a workspace-relative path; `nil` for another repository.
    static func modulePath(_ label: String, from package: String) -> String? {
        let parsed = BazelLabel(label, in: package)
        guard parsed.repository == nil else { return nil }
        return parsed.namesTarget ? BazelPaths.join(parsed.package, parsed.name) : parsed.package
    }

    /// A `.bzl` file is evaluated once per run and its frozen scope shared by every BUILD
    /// file that loads it (a macro file of 100 packages costs one evaluation); its
    /// evaluation has a budget of its own, so what a loader gets never depends on which
    /// BUILD file loaded it first.
    func loadModule(_ path: String) -> StarlarkScope? {
        if let loaded = loadedModules[path] { return loaded }
        guard path.hasSuffix(".bzl"), loadedModules.count < 500 else { return nil }
        if inProgress.contains(path) {
            sawCycle = true
            return nil
        }
        let module = reader.cache.evaluatedModule(path) ?? evaluateModule(path)
        for message in module.notes { notes.append(BazelNote(line: buildLine, message: message)) }
        if let scope = module.scope { loadedModules[path] = scope }
        return module.scope
    }

    private func evaluateModule(_ path: String) -> StarlarkModuleCache.EvaluatedModule {
        let evaluation = StarlarkEvaluation(package: BazelPaths.parent(path), buildFile: "", reader: reader)
        evaluation.inProgress = inProgress.union([path])
        let scope = StarlarkScope(parent: Self.builtins, isModule: true)
        var module = StarlarkModuleCache.EvaluatedModule(scope: nil, notes: [])
        switch reader.cache.statements(for: path, read: { BazelStandIns.source(path) ?? reader.readFile(path) }) {
        case .success(let statements)?:
            evaluation.execute(statements, scope: scope, file: path)
            if let failure = evaluation.failure {
                // A macro file this reader cannot evaluate: its functions become foreign.
                evaluation.notes.append(BazelNote(line: 1, message: "\(path) could not be evaluated (\(failure.message), line \(failure.line)): the targets its macros declare are read from their arguments only"))
                for (name, _) in scope.values where !name.hasPrefix("_") { scope.values[name] = .foreign(name: name, origin: path) }
            }
            Self.freeze(scope)
            module = StarlarkModuleCache.EvaluatedModule(scope: scope, notes: evaluation.notes.map(\.message))
        case .failure(let error)?:
            module.notes = ["\(path) could not be read: \(error.message) (line \(error.line)); the targets its macros declare are read from their arguments only"]
        case nil:
            break
        }
        if evaluation.sawCycle {
            sawCycle = true
            return module
        }
        return reader.cache.store(module, for: path)
    }

    /// Marks every list and dictionary reachable from a module's scope frozen (iteratively).
    static func freeze(_ scope: StarlarkScope) {
        var pending = Array(scope.values.values)
        while let value = pending.popLast() {
            switch value {
            case .list(let list) where !list.frozen:
                list.frozen = true
                pending += list.items
            case .dictionary(let dictionary) where !dictionary.frozen:
                dictionary.frozen = true
                for pair in dictionary.pairs { pending += [pair.key, pair.value] }
            case .tuple(let items): pending += items
            case .structure(let fields): pending += fields.values
            case .method(let box, _): pending.append(box.value)
            default: break
            }
        }
    }
}
