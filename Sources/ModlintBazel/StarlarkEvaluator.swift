import Synchronization

/// A Starlark value, as far as the reader needs it.
indirect enum StarlarkValue {
    case none
    case bool(Bool)
    case int(Int)
    case string(String)
    case list(StarlarkList)
    case tuple([StarlarkValue])
    case dictionary(StarlarkDictionary)
    /// A `glob()` result, kept as patterns: it is matched against the walked files later.
    case glob(include: [String], exclude: [String])
    case function(StarlarkFunction)
    case builtin(String)
    /// Bound to `value.method`: `"{}".format`, `deps.append`.
    case method(StarlarkValueBox, String)
    case rule(String, BazelRuleKind)
    /// A function of another repository (or one that could not be evaluated), by name and origin.
    case foreign(name: String, origin: String)
    case structure([String: StarlarkValue])
    case unknown

    var truth: Bool? {
        switch self {
        case .none: return false
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .string(let value): return !value.isEmpty
        case .list(let list): return !list.items.isEmpty
        case .tuple(let items): return !items.isEmpty
        case .dictionary(let dictionary): return !dictionary.pairs.isEmpty
        case .unknown, .glob: return nil
        default: return true
        }
    }

    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The items of a list or tuple (a glob is one item).
    var items: [StarlarkValue]? {
        switch self {
        case .list(let list): return list.items
        case .tuple(let items): return items
        case .glob: return [self]
        case .dictionary(let dictionary): return dictionary.pairs.map(\.key)
        case .string(let text): return text.map { .string(String($0)) }
        default: return nil
        }
    }

    static func == (lhs: StarlarkValue, rhs: StarlarkValue) -> Bool? {
        switch (lhs, rhs) {
        case (.none, .none): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.unknown, _), (_, .unknown): return nil
        case (.dictionary(let a), .dictionary(let b)):
            guard a.pairs.count == b.pairs.count else { return false }
            for pair in a.pairs {
                guard let other = b.get(pair.key) else { return false }
                guard let same = pair.value == other else { return nil }
                if !same { return false }
            }
            return true
        case (.list(let a), .list(let b)): return equalItems(a.items, b.items)
        case (.tuple(let a), .tuple(let b)): return equalItems(a, b)
        default: return false
        }
    }

    private static func equalItems(_ a: [StarlarkValue], _ b: [StarlarkValue]) -> Bool? {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard let same = x == y else { return nil }
            if !same { return false }
        }
        return true
    }
}

final class StarlarkValueBox {
    let value: StarlarkValue
    init(_ value: StarlarkValue) { self.value = value }
}

final class StarlarkList {
    var items: [StarlarkValue]
    /// A loaded `.bzl` file's values are frozen, as in Bazel: shared by every BUILD file
    /// that loads it, they never change.
    var frozen = false
    init(_ items: [StarlarkValue]) { self.items = items }
}

final class StarlarkDictionary {
    var frozen = false
    var pairs: [(key: StarlarkValue, value: StarlarkValue)]
    init(_ pairs: [(key: StarlarkValue, value: StarlarkValue)] = []) { self.pairs = pairs }

    func get(_ key: StarlarkValue) -> StarlarkValue? {
        pairs.first { ($0.key == key) == true }?.value
    }

    func set(_ key: StarlarkValue, _ value: StarlarkValue) {
        if let index = pairs.firstIndex(where: { ($0.key == key) == true }) { pairs[index].value = value } else { pairs.append((key, value)) }
    }
}

final class StarlarkFunction {
    let name: String
    let parameters: [StarlarkParameter]
    let body: [StarlarkStatement]
    let globals: StarlarkScope
    /// The file it was defined in (workspace-relative): the BUILD file's own `def`s count
    /// as the BUILD file for target lines.
    let file: String
    init(name: String, parameters: [StarlarkParameter], body: [StarlarkStatement], globals: StarlarkScope, file: String) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.globals = globals
        self.file = file
    }
}

final class StarlarkScope {
    var values: [String: StarlarkValue] = [:]
    let parent: StarlarkScope?
    /// A file's top level (its functions close over it), not a function's locals.
    let isModule: Bool
    init(parent: StarlarkScope?, isModule: Bool = false) {
        self.parent = parent
        self.isModule = isModule
    }

    func lookup(_ name: String) -> StarlarkValue? {
        values[name] ?? parent?.lookup(name)
    }
}

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

/// Evaluates one `BUILD` file: its loads, its own `def`s, the workspace's macros, and
/// records the calls of the Swift and Apple rules.
public struct BazelReader {
    /// Reads a file of the Bazel workspace by its workspace-relative path; `nil` when it is
    /// absent or refused.
    public var readFile: @Sendable (String) -> [UInt8]?
    public var cache: StarlarkModuleCache

    public init(cache: StarlarkModuleCache = StarlarkModuleCache(), readFile: @escaping @Sendable (String) -> [UInt8]?) {
        self.cache = cache
        self.readFile = readFile
    }

    /// `buildFile`: workspace-relative (`Features/Login/BUILD.bazel`).
    public func read(buildFile: String, bytes: [UInt8]) -> Result<BazelPackage, BazelReadError> {
        let statements: [StarlarkStatement]
        do throws(StarlarkSyntaxError) {
            statements = try StarlarkParser.parse(bytes)
        } catch {
            return .failure(BazelReadError(line: error.line, message: error.message))
        }
        let package = BazelPaths.parent(buildFile)
        let evaluation = StarlarkEvaluation(package: package, buildFile: buildFile, reader: self)
        let globals = StarlarkScope(parent: StarlarkEvaluation.builtins, isModule: true)
        evaluation.execute(statements, scope: globals, file: buildFile)
        if let failure = evaluation.failure { return .failure(failure) }
        var result = BazelPackage(path: package)
        result.targets = evaluation.targets
        result.forwarders = evaluation.forwarders
        result.notes = evaluation.notes
        result.unfollowed = evaluation.unfollowed
        Self.mergeObjcWrappers(&result)
        let placeDependency = Self.dependencyLines(bytes, statementLines: statements.compactMap(\.line))
        for index in result.targets.indices {
            if evaluation.unfollowedLines.contains(result.targets[index].line) { result.targets[index].isIncomplete = true }
            let target = result.targets[index]
            result.targets[index].dependencies = target.dependencies.map { ($0.label, $0.line == target.line ? placeDependency($0.label, target.line) : $0.line) }
            // A filegroup may be declared after the target that lists it.
            result.targets[index].sources = evaluation.expandingFilegroups(result.targets[index].sources)
        }
        return .success(result)
    }
}

extension BazelReader {
    /// An `objc_library` that wraps a Swift module of the same name (rules_ios and hand-made
    /// mixed modules: `objc_library(name = "Foo", deps = [":FooSwift"])`, through any number
    /// of `objc_library`s of the package) is that module, not a second one: it forwards to
    /// its deps, as a group does.
    static func mergeObjcWrappers(_ package: inout BazelPackage) {
        var byName: [String: BazelTarget] = [:]
        for target in package.targets { byName[target.name] = target }
        func wrapsSameNamedSwift(_ wrapper: BazelTarget) -> Bool {
            var queue = [wrapper], seen: Set<String> = [wrapper.name]
            while let next = queue.popLast() {
                for dependency in next.dependencies {
                    let label = BazelLabel(dependency.label, in: package.path)
                    guard label.repository == nil, label.package == package.path, let inner = byName[label.name],
                          seen.insert(inner.name).inserted, inner.moduleName == wrapper.moduleName else { continue }
                    if inner.rule != "objc_library" { return true }
                    queue.append(inner)
                }
            }
            return false
        }
        let wrappers = Set(package.targets.filter { $0.rule == "objc_library" && wrapsSameNamedSwift($0) }.map(\.name))
        guard !wrappers.isEmpty else { return }
        for target in package.targets where wrappers.contains(target.name) { package.forwarders[target.name] = target.dependencies.map(\.label) }
        package.targets.removeAll { wrappers.contains($0.name) }
    }

    /// Where a dependency is written: the line of the first string literal spelling the
    /// label inside the statement that declared the target (the BUILD file's own line of
    /// `"//Core",` in `deps = […]`), so a finding on it points there; a label the statement
    /// builds (`":" + name`) or takes from a variable keeps the statement's line.
    static func dependencyLines(_ bytes: [UInt8], statementLines: [Int]) -> (String, Int) -> Int {
        guard let tokens = try? StarlarkLexer.tokens(bytes) else { return { $1 } }
        var strings: [String: [Int]] = [:]
        for token in tokens { if case .string(let text) = token.kind { strings[text, default: []].append(token.line) } }
        let starts = statementLines.sorted()
        return { label, line in
            let end = starts.first { $0 > line } ?? Int.max
            return strings[label]?.first { $0 >= line && $0 < end } ?? line
        }
    }
}

extension StarlarkStatement {
    var line: Int? {
        switch self {
        case .expression(_, let line), .assignment(_, _, _, let line), .definition(_, _, _, let line), .conditional(_, let line),
             .loop(_, _, _, let line), .returning(_, let line), .load(_, _, let line):
            return line
        case .pass, .breaking, .continuing:
            return nil
        }
    }
}

public struct BazelReadError: Error, Equatable, Sendable {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

enum BazelPaths {
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func join(_ a: String, _ b: String) -> String {
        a.isEmpty ? b : (b.isEmpty ? a : a + "/" + b)
    }
}

/// Control flow out of a block.
enum StarlarkFlow {
    case normal, breaking, continuing
    case returning(StarlarkValue)
}

final class StarlarkEvaluation {
    let package: String
    let buildFile: String
    let reader: BazelReader
    var targets: [BazelTarget] = []
    /// The file whose statements run now (a `.bzl` while its top level is evaluated).
    var currentFile = ""
    var forwarders: [String: [String]] = [:]
    var notes: [BazelNote] = []
    var failure: BazelReadError?
    /// The line in the BUILD file of the statement or call being evaluated.
    var buildLine = 1
    var steps = 0
    var callStack: [ObjectIdentifier] = []
    var loadedModules: [String: StarlarkScope] = [:]
    var notedForeign = Set<String>()
    /// Calls through functions whose load could not be followed (`noteUnfollowed`), and the
    /// BUILD file's lines they were made from.
    var unfollowed: [BazelNote] = []
    var unfollowedLines = Set<Int>()
    /// `filegroup`s by name: their `srcs`, for a target that lists the group in its own.
    var filegroups: [String: [BazelSource]] = [:]
    /// Budget: a hostile `for i in range(10**9)` ends here with a clear error.
    static let maximumSteps = 2_000_000
    /// The longest string and list one value may be (`s = s + s` forty times), and what all
    /// values read or built together may weigh (bytes of strings, items of lists and
    /// dictionaries): bounds memory and the time of copies that grow one by one.
    static let maximumStringBytes = 1 << 22
    static let maximumItems = 1 << 18
    static let maximumWeight = 1 << 27
    var weight = 0

    init(package: String, buildFile: String, reader: BazelReader) {
        self.package = package
        self.buildFile = buildFile
        self.reader = reader
    }

    /// The names every file sees, made once and never changed: a file's own scope looks
    /// them up here instead of copying them (that copy was a third of reading a BUILD file).
    nonisolated(unsafe) static let builtins: StarlarkScope = {
        let scope = StarlarkScope(parent: nil)
        installBuiltins(scope)
        return scope
    }()

    private static func installBuiltins(_ scope: StarlarkScope) {
        for name in ["glob", "select", "len", "str", "int", "bool", "list", "dict", "tuple", "sorted", "reversed", "range", "enumerate",
                     "zip", "any", "all", "min", "max", "hasattr", "getattr", "type", "print", "fail", "package_name", "repository_name",
                     "Label", "struct", "depset", "package", "licenses", "exports_files", "package_group", "existing_rules", "existing_rule",
                     "module_name", "provider", "rule", "aspect", "repr", "hash", "filegroup", "config_setting", "alias",
                     "genrule", "test_suite", "cc_library", "sh_test", "sh_binary"] {
            scope.values[name] = .builtin(name)
        }
        scope.values["True"] = .bool(true)
        scope.values["False"] = .bool(false)
        scope.values["None"] = StarlarkValue.none   // `.none` alone would be Optional.none: no binding at all
        scope.values["native"] = .builtin("native")
        // Bazel's own rule: used without a load().
        scope.values["objc_library"] = .rule("objc_library", .library)
    }

    func fail(_ line: Int, _ message: String) {
        if failure == nil { failure = BazelReadError(line: line, message: message) }
    }

    // MARK: Statements

    @discardableResult
    func execute(_ statements: [StarlarkStatement], scope: StarlarkScope, file: String) -> StarlarkFlow {
        let outerFile = currentFile
        currentFile = file
        defer { currentFile = outerFile }
        for statement in statements {
            if failure != nil { return .normal }
            steps += 1
            if steps > Self.maximumSteps {
                fail(buildLine, "evaluation took more than \(Self.maximumSteps) steps (a loop too large to read)")
                return .normal
            }
            switch statement {
            case .expression(let expression, let line):
                if file == buildFile { buildLine = line }
                _ = evaluate(expression, scope: scope, file: file)
            case .assignment(let target, let op, let value, let line):
                if file == buildFile { buildLine = line }
                var result = evaluate(value, scope: scope, file: file)
                if let op {
                    let current = evaluate(target, scope: scope, file: file)
                    if op == "+", case .list(let list) = current, let added = result.items {
                        // `srcs += […]` extends the list in place.
                        guard mayChange(list.frozen) else { return .normal }
                        list.items += added
                        meter(current)
                        continue
                    }
                    result = binary(op, current, result)
                }
                assign(target, result, scope: scope, file: file)
            case .definition(let name, let parameters, let body, _):
                scope.values[name] = .function(StarlarkFunction(name: name, parameters: parameters, body: body,
                                                                globals: scope.isModule ? scope : (scope.parent ?? scope), file: file))
            case .conditional(let branches, _):
                for branch in branches {
                    guard let condition = branch.condition else {
                        let flow = execute(branch.body, scope: scope, file: file)
                        if case .normal = flow { break }
                        return flow
                    }
                    let truth = evaluate(condition, scope: scope, file: file).truth
                    // An unknown condition: the first branch is taken, as the common case.
                    if truth ?? true {
                        let flow = execute(branch.body, scope: scope, file: file)
                        if case .normal = flow { break }
                        return flow
                    }
                }
            case .loop(let target, let sequence, let body, let line):
                if file == buildFile { buildLine = line }
                guard let items = evaluate(sequence, scope: scope, file: file).items else { continue }
                for item in items {
                    assign(target, item, scope: scope, file: file)
                    let flow = execute(body, scope: scope, file: file)
                    if case .breaking = flow { break }
                    if case .returning = flow { return flow }
                    if failure != nil { break }
                }
            case .returning(let value, _):
                return .returning(value.map { evaluate($0, scope: scope, file: file) } ?? .none)
            case .load(let module, let bindings, let line):
                load(module, bindings: bindings, line: line, scope: scope, file: file)
            case .pass:
                continue
            case .breaking:
                return .breaking
            case .continuing:
                return .continuing
            }
        }
        return .normal
    }

    func assign(_ target: StarlarkExpression, _ value: StarlarkValue, scope: StarlarkScope, file: String) {
        switch target {
        case .name(let name, _):
            // `swift_overlay = rule(…)`: the rule takes the name it is bound to.
            if case .foreign("", let origin) = value {
                scope.values[name] = .foreign(name: name, origin: origin)
                return
            }
            scope.values[name] = value
        case .tuple(let names), .list(let names):
            let items = value.items ?? []
            for (index, name) in names.enumerated() {
                assign(name, index < items.count ? items[index] : .unknown, scope: scope, file: file)
            }
        case .index(let container, let key):
            if case .dictionary(let dictionary) = evaluate(container, scope: scope, file: file), mayChange(dictionary.frozen) {
                dictionary.set(evaluate(key, scope: scope, file: file), value)
            }
        default:
            return
        }
    }

    /// `load("//tools:swift.bzl", "feature")`: a rule name of rules_swift, rules_apple or
    /// rules_ios binds to the rule wherever it is loaded from (a repository may re-export
    /// or wrap it); other names come from the workspace's own `.bzl` files, evaluated.
    func load(_ module: String, bindings: [(local: String, exported: String)], line: Int, scope: StarlarkScope, file: String) {
        let path = Self.modulePath(module, from: BazelPaths.parent(file))
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

    /// Modules being evaluated on the way to this one (a load cycle returns the partial
    /// scope, as before, and what depends on it is not shared).
    var inProgress: Set<String> = []
    /// Whether this evaluation used a partial module scope (a cycle): its own module is then
    /// kept to this BUILD file instead of shared.
    var sawCycle = false

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
        switch reader.cache.statements(for: path, read: { reader.readFile(path) }) {
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

    /// False (and the file fails, as in Bazel) for a value a loaded `.bzl` file froze.
    func mayChange(_ frozen: Bool) -> Bool {
        if frozen { fail(buildLine, "a value of a loaded .bzl file cannot be changed (Bazel freezes it too)") }
        return !frozen
    }

    // MARK: Expressions

    /// Every expression is a step and every value it yields is weighed.
    func evaluate(_ expression: StarlarkExpression, scope: StarlarkScope, file: String) -> StarlarkValue {
        steps += 1
        if steps > Self.maximumSteps || failure != nil { return .unknown }
        let value = evaluateUnmetered(expression, scope: scope, file: file)
        meter(value)
        return failure == nil ? value : .unknown
    }

    /// Charges a value against the size budgets; over one, the file fails naming it.
    func meter(_ value: StarlarkValue) {
        let size: Int, limit: Int, what: String
        switch value {
        case .string(let text): (size, limit, what) = (text.utf8.count, Self.maximumStringBytes, "a string longer than \(Self.maximumStringBytes) bytes")
        case .list(let list): (size, limit, what) = (list.items.count, Self.maximumItems, "a list longer than \(Self.maximumItems) items")
        case .tuple(let items): (size, limit, what) = (items.count, Self.maximumItems, "a tuple longer than \(Self.maximumItems) items")
        case .dictionary(let dictionary): (size, limit, what) = (dictionary.pairs.count, Self.maximumItems, "a dictionary larger than \(Self.maximumItems) entries")
        default: return
        }
        weight += size
        if size > limit {
            fail(buildLine, "evaluation stopped: \(what) (the size budget)")
        } else if weight > Self.maximumWeight {
            fail(buildLine, "evaluation stopped: values built weigh more than \(Self.maximumWeight) bytes and items (the size budget)")
        }
    }

    private func evaluateUnmetered(_ expression: StarlarkExpression, scope: StarlarkScope, file: String) -> StarlarkValue {
        switch expression {
        case .name(let name, _):
            return scope.lookup(name) ?? .unknown
        case .string(let text):
            return .string(text)
        case .number(let value):
            return .int(value)
        case .list(let items):
            return .list(StarlarkList(items.map { evaluate($0, scope: scope, file: file) }))
        case .tuple(let items):
            return .tuple(items.map { evaluate($0, scope: scope, file: file) })
        case .dictionary(let pairs):
            return .dictionary(StarlarkDictionary(pairs.map { (evaluate($0.0, scope: scope, file: file), evaluate($0.1, scope: scope, file: file)) }))
        case .attribute(let base, let name):
            let value = evaluate(base, scope: scope, file: file)
            switch value {
            case .builtin("native"):
                if let kind = BazelRuleKind.known[name] { return .rule(name, kind) }
                return .builtin(name)
            case .structure(let fields):
                return fields[name] ?? .unknown
            case .unknown:
                return .unknown
            default:
                return .method(StarlarkValueBox(value), name)
            }
        case .index(let base, let key):
            let container = evaluate(base, scope: scope, file: file)
            let index = evaluate(key, scope: scope, file: file)
            switch (container, index) {
            case (.dictionary(let dictionary), _): return dictionary.get(index) ?? .unknown
            case (_, .int(let position)):
                guard let items = container.items, !items.isEmpty else { return .unknown }
                let resolved = position < 0 ? items.count + position : position
                return resolved >= 0 && resolved < items.count ? items[resolved] : .unknown
            default: return .unknown
            }
        case .slice(let base, let start, let end, let step):
            let value = evaluate(base, scope: scope, file: file)
            // A bound that is no number (and not None) is unknown: so is the slice.
            func number(_ expression: StarlarkExpression?) -> Int?? {
                guard let expression else { return .some(nil) }
                switch evaluate(expression, scope: scope, file: file) {
                case .int(let raw): return .some(raw)
                case .none: return .some(nil)
                default: return nil
                }
            }
            guard let from = number(start), let to = number(end), let by = number(step) else { return .unknown }
            let stride = by ?? 1
            guard stride != 0 else {
                fail(buildLine, "slice step cannot be zero")
                return .unknown
            }
            if case .string(let text) = value {
                let characters = Array(text)
                return .string(String(Self.sliceIndices(count: characters.count, start: from, end: to, step: stride).map { characters[$0] }))
            }
            guard let items = value.items else { return .unknown }
            let picked = Self.sliceIndices(count: items.count, start: from, end: to, step: stride).map { items[$0] }
            if case .tuple = value { return .tuple(picked) }
            return .list(StarlarkList(picked))
        case .binary(let op, let left, let right):
            if op == "and" || op == "or" {
                let first = evaluate(left, scope: scope, file: file)
                guard let truth = first.truth else { return .unknown }
                if op == "and" { return truth ? evaluate(right, scope: scope, file: file) : first }
                return truth ? first : evaluate(right, scope: scope, file: file)
            }
            return binary(op, evaluate(left, scope: scope, file: file), evaluate(right, scope: scope, file: file))
        case .unary(let op, let operand):
            let value = evaluate(operand, scope: scope, file: file)
            switch (op, value) {
            case ("not", _): return value.truth.map { .bool(!$0) } ?? .unknown
            case ("-", .int(let number)): return .int(-number)
            default: return value
            }
        case .conditional(let then, let condition, let otherwise):
            guard let truth = evaluate(condition, scope: scope, file: file).truth else {
                return evaluate(then, scope: scope, file: file)
            }
            return evaluate(truth ? then : otherwise, scope: scope, file: file)
        case .comprehension(let element, let key, let clauses, let isDictionary):
            let inner = StarlarkScope(parent: scope)
            var results: [StarlarkValue] = []
            let dictionary = StarlarkDictionary()
            func run(_ index: Int) {
                guard failure == nil, steps <= Self.maximumSteps else { return }
                guard index < clauses.count else {
                    if isDictionary, let key {
                        dictionary.set(evaluate(key, scope: inner, file: file), evaluate(element, scope: inner, file: file))
                    } else {
                        results.append(evaluate(element, scope: inner, file: file))
                    }
                    return
                }
                switch clauses[index] {
                case .forIn(let target, let sequence):
                    for item in evaluate(sequence, scope: inner, file: file).items ?? [] {
                        assign(target, item, scope: inner, file: file)
                        run(index + 1)
                    }
                case .condition(let condition):
                    if evaluate(condition, scope: inner, file: file).truth ?? true { run(index + 1) }
                }
            }
            run(0)
            return isDictionary ? .dictionary(dictionary) : .list(StarlarkList(results))
        case .lambda(let parameters, let body):
            return .function(StarlarkFunction(name: "lambda", parameters: parameters, body: [.returning(body, line: 0)], globals: scope, file: file))
        case .call(let callee, let arguments, let line):
            // Targets take the line of the BUILD file's statement (`execute`), not of a call
            // nested in its arguments.
            let function = evaluate(callee, scope: scope, file: file)
            var positional: [StarlarkValue] = []
            var keywords: [(String, StarlarkValue)] = []
            for argument in arguments {
                switch argument {
                case .positional(let value): positional.append(evaluate(value, scope: scope, file: file))
                case .keyword(let name, let value): keywords.append((name, evaluate(value, scope: scope, file: file)))
                case .unpackList(let value): positional += evaluate(value, scope: scope, file: file).items ?? []
                case .unpackDictionary(let value):
                    if case .dictionary(let dictionary) = evaluate(value, scope: scope, file: file) {
                        for pair in dictionary.pairs { if let name = pair.key.text { keywords.append((name, pair.value)) } }
                    }
                }
            }
            return call(function, positional: positional, keywords: keywords, line: line)
        }
    }

    func binary(_ op: String, _ left: StarlarkValue, _ right: StarlarkValue) -> StarlarkValue {
        switch (op, left, right) {
        case ("+", .int(let a), .int(let b)): return .int(a &+ b)
        case ("-", .int(let a), .int(let b)): return .int(a &- b)
        case ("*", .int(let a), .int(let b)): return .int(a &* b)
        case ("+", .string(let a), .string(let b)): return .string(a + b)
        case ("+", .tuple(let a), .tuple(let b)): return .tuple(a + b)
        case ("+", _, _):
            // Lists, globs and `select()` results concatenate.
            if let a = Self.listItems(left), let b = Self.listItems(right) { return .list(StarlarkList(a + b)) }
            return .unknown
        case ("|", .dictionary(let a), .dictionary(let b)):
            let merged = StarlarkDictionary(a.pairs)
            for pair in b.pairs { merged.set(pair.key, pair.value) }
            return .dictionary(merged)
        case ("%", .string(let format), _):
            return Self.percentFormat(format, right.items.flatMap { items in if case .tuple = right { return items } else { return nil } } ?? [right])
        case ("==", _, _): return (left == right).map { .bool($0) } ?? .unknown
        case ("!=", _, _): return (left == right).map { .bool(!$0) } ?? .unknown
        case ("in", _, _), ("not in", _, _):
            var found: Bool?
            if case .string(let haystack) = right, case .string(let needle) = left {
                found = haystack.contains(needle)
            } else if case .dictionary(let dictionary) = right {
                found = dictionary.get(left) != nil
            } else if let items = right.items {
                found = items.contains { ($0 == left) == true }
            }
            guard let found else { return .unknown }
            return .bool(op == "in" ? found : !found)
        case ("<", .int(let a), .int(let b)): return .bool(a < b)
        case (">", .int(let a), .int(let b)): return .bool(a > b)
        case ("<=", .int(let a), .int(let b)): return .bool(a <= b)
        case (">=", .int(let a), .int(let b)): return .bool(a >= b)
        case ("//", .int(let a), .int(let b)) where b != 0: return .int(a / b)
        case ("%", .int(let a), .int(let b)) where b != 0: return .int(a % b)
        default: return .unknown
        }
    }

    /// The positions `x[start:end:step]` picks, as Python and Starlark pick them: negative
    /// bounds count from the end, bounds outside are clamped, and a negative step walks
    /// back from the last item (`x[::-1]`).
    static func sliceIndices(count: Int, start: Int?, end: Int?, step: Int) -> [Int] {
        func clamp(_ raw: Int, _ low: Int, _ high: Int) -> Int { min(max(raw < 0 ? raw + count : raw, low), high) }
        if step > 0 {
            let from = start.map { clamp($0, 0, count) } ?? 0, to = end.map { clamp($0, 0, count) } ?? count
            return Array(Swift.stride(from: from, to: to, by: step))
        }
        let from = start.map { clamp($0, -1, count - 1) } ?? count - 1, to = end.map { clamp($0, -1, count - 1) } ?? -1
        return Array(Swift.stride(from: from, to: to, by: step))
    }

    static func listItems(_ value: StarlarkValue) -> [StarlarkValue]? {
        switch value {
        case .list(let list): return list.items
        case .glob: return [value]
        case .none: return nil
        default: return nil
        }
    }

    static func percentFormat(_ format: String, _ values: [StarlarkValue]) -> StarlarkValue {
        var result = ""
        var remaining = values[...]
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { result.append(character); continue }
            guard let directive = characters.next() else { break }
            if directive == "%" { result.append("%"); continue }
            guard let value = remaining.popFirst() else { return .unknown }
            switch value {
            case .string(let text): result += text
            case .int(let number): result += String(number)
            default: return .unknown
            }
        }
        return .string(result)
    }

    // MARK: Calls

    func call(_ function: StarlarkValue, positional: [StarlarkValue], keywords: [(String, StarlarkValue)], line: Int) -> StarlarkValue {
        func keyword(_ name: String) -> StarlarkValue? { keywords.first { $0.0 == name }?.1 }
        switch function {
        case .rule(let rule, let kind):
            record(rule: rule, kind: kind, keywords: keywords, incomplete: false)
            return .none
        case .foreign(let name, let origin):
            if !recordForeign(name: name, origin: origin, keywords: keywords) {
                recordForwarder(keywords)
                noteUnfollowed(name: name, origin: origin, keywords: keywords)
            }
            return .unknown
        case .function(let definition):
            return invoke(definition, positional: positional, keywords: keywords, line: line)
        case .method(let box, let name):
            return method(box.value, name, positional: positional, keywords: keywords)
        case .builtin(let name):
            if Self.forwardingBuiltins.contains(name) { recordForwarder(keywords) }
            if name == "filegroup", let group = keyword("name")?.text, filegroups[group] == nil {
                filegroups[group] = Self.sources(keyword("srcs"))
            }
            return builtin(name, positional: positional, keywords: keywords, line: line)
        case .unknown:
            // A rule of another kind (`rule()` of a .bzl file, a group, a transition): what it
            // passes on still reaches the targets that depend on it.
            recordForwarder(keywords)
            return .unknown
        default:
            return .unknown
        }
    }

    /// A call that declares a target (`name = …`) through a function whose load could not
    /// be followed — one a workspace macro loads from another repository, or a `.bzl` of the
    /// workspace that is not there to read — and passes no Swift sources: what it declares
    /// is unknown. Said once per function; the BUILD file's targets from the same statement
    /// are incomplete, and Swift files it leaves in no target are an error of the workspace.
    func noteUnfollowed(name: String, origin: String, keywords: [(String, StarlarkValue)]) {
        guard keywords.contains(where: { $0.0 == "name" }) else { return }
        let inMacro = currentFile != buildFile
        let workspaceLabel = origin.hasPrefix("//") || origin.hasPrefix(":") || origin.hasPrefix("@//")
        guard (inMacro && origin.hasPrefix("@")) || workspaceLabel else { return }
        let construct = inMacro ? "`\(name)`, loaded by \(currentFile) from \(origin)" : "`\(name)` of \(origin), not in the linted tree"
        unfollowedLines.insert(buildLine)
        guard notedForeign.insert(name).inserted else { return }
        notes.append(BazelNote(line: buildLine, message: "\(construct), could not be followed: the targets it declares are unknown"))
        unfollowed.append(BazelNote(line: buildLine, message: construct))
    }

    static let forwardingBuiltins: Set<String> = ["alias", "filegroup", "test_suite", "cc_library"]

    /// A target modlint does not model, by name, with the labels it forwards (`deps`,
    /// `target`, `actual`): `swift_library_group`, `alias`, transition wrappers.
    func recordForwarder(_ keywords: [(String, StarlarkValue)]) {
        guard let name = keywords.first(where: { $0.0 == "name" })?.1.text, forwarders[name] == nil,
              !targets.contains(where: { $0.name == name }) else { return }
        var labels: [String] = []
        for attribute in ["deps", "target", "actual", "exports"] {
            guard let value = keywords.first(where: { $0.0 == attribute })?.1 else { continue }
            for item in Self.listItems(value) ?? [value] {
                if let label = item.text { labels.append(label) }
            }
        }
        forwarders[name] = labels
    }

    func invoke(_ function: StarlarkFunction, positional: [StarlarkValue], keywords: [(String, StarlarkValue)], line: Int) -> StarlarkValue {
        let identifier = ObjectIdentifier(function)
        // Starlark forbids recursion; a file that tries it gets no further.
        guard !callStack.contains(identifier), callStack.count < 64 else {
            fail(line, "\(function.name) calls itself, which Starlark does not allow")
            return .unknown
        }
        callStack.append(identifier)
        defer { callStack.removeLast() }
        let scope = StarlarkScope(parent: function.globals)
        var remaining = positional[...]
        var extraKeywords = StarlarkDictionary()
        for parameter in function.parameters {
            switch parameter.kind {
            case .plain:
                if let value = remaining.popFirst() {
                    scope.values[parameter.name] = value
                } else if let value = keywords.first(where: { $0.0 == parameter.name })?.1 {
                    scope.values[parameter.name] = value
                } else if let defaultValue = parameter.defaultValue {
                    scope.values[parameter.name] = evaluate(defaultValue, scope: function.globals, file: function.file)
                } else {
                    scope.values[parameter.name] = .unknown
                }
            case .list:
                scope.values[parameter.name] = .tuple(Array(remaining))
                remaining = []
            case .dictionary:
                let named = Set(function.parameters.map(\.name))
                extraKeywords = StarlarkDictionary(keywords.filter { !named.contains($0.0) }.map { (.string($0.0), $0.1) })
                scope.values[parameter.name] = .dictionary(extraKeywords)
            }
        }
        if case .returning(let value) = execute(function.body, scope: scope, file: function.file) { return value }
        return .none
    }

    func builtin(_ name: String, positional: [StarlarkValue], keywords: [(String, StarlarkValue)], line: Int) -> StarlarkValue {
        func keyword(_ key: String) -> StarlarkValue? { keywords.first { $0.0 == key }?.1 }
        func argument(_ index: Int, _ key: String) -> StarlarkValue? { index < positional.count ? positional[index] : keyword(key) }
        switch name {
        case "glob":
            let include = (argument(0, "include")?.items ?? []).compactMap(\.text)
            let exclude = (argument(1, "exclude")?.items ?? []).compactMap(\.text)
            return .glob(include: include, exclude: exclude)
        case "select":
            // Every branch, merged: what a platform's build adds is the target's too.
            guard case .dictionary(let branches)? = argument(0, "x") else { return .unknown }
            var merged: [StarlarkValue] = []
            var isList = false
            for pair in branches.pairs {
                if let items = Self.listItems(pair.value) {
                    isList = true
                    for item in items where !merged.contains(where: { ($0 == item) == true }) { merged.append(item) }
                } else if !isList, pair.value.text != nil {
                    return pair.value
                }
            }
            return isList ? .list(StarlarkList(merged)) : (branches.pairs.first?.value ?? .unknown)
        case "len":
            if case .string(let text)? = positional.first { return .int(text.count) }
            return positional.first?.items.map { .int($0.count) } ?? .unknown
        case "str":
            switch positional.first {
            case .string(let text)?: return .string(text)
            case .int(let number)?: return .string(String(number))
            case .bool(let value)?: return .string(value ? "True" : "False")
            default: return .unknown
            }
        case "list", "tuple", "sorted", "reversed":
            guard var items = positional.first?.items else { return name == "list" && positional.isEmpty ? .list(StarlarkList([])) : .unknown }
            if name == "sorted", items.allSatisfy({ $0.text != nil }) { items.sort { $0.text! < $1.text! } }
            if name == "reversed" { items.reverse() }
            return name == "tuple" ? .tuple(items) : .list(StarlarkList(items))
        case "dict":
            let result = StarlarkDictionary()
            if case .dictionary(let source)? = positional.first { result.pairs = source.pairs }
            for (key, value) in keywords { result.set(.string(key), value) }
            return .dictionary(result)
        case "range":
            let numbers = positional.compactMap { value -> Int? in if case .int(let number) = value { return number }; return nil }
            guard numbers.count == positional.count, !numbers.isEmpty else { return .unknown }
            let (start, end) = numbers.count == 1 ? (0, numbers[0]) : (numbers[0], numbers[1])
            guard end - start < 100_000 else {
                fail(line, "range() of \(end - start) items is more than a BUILD file needs")
                return .unknown
            }
            return .list(StarlarkList(start < end ? (start..<end).map { .int($0) } : []))
        case "enumerate":
            return .list(StarlarkList((positional.first?.items ?? []).enumerated().map { .tuple([.int($0.offset), $0.element]) }))
        case "zip":
            let lists = positional.map { $0.items ?? [] }
            let count = lists.map(\.count).min() ?? 0
            return .list(StarlarkList((0..<count).map { index in .tuple(lists.map { $0[index] }) }))
        case "any", "all":
            let truths = (positional.first?.items ?? []).map(\.truth)
            if truths.contains(where: { $0 == nil }) { return .unknown }
            return .bool(name == "any" ? truths.contains(true) : !truths.contains(false))
        case "bool":
            return positional.first?.truth.map { .bool($0) } ?? .bool(false)
        case "package_name":
            return .string(package)
        case "repository_name":
            return .string("@")
        case "module_name":
            return .string("")
        case "Label":
            return positional.first ?? .unknown
        case "struct":
            var fields: [String: StarlarkValue] = [:]
            for (key, value) in keywords { fields[key] = value }
            return .structure(fields)
        case "fail":
            // A macro that rejects its arguments: what it declared so far stays.
            return .unknown
        case "rule":
            // A rule of the workspace's own (its implementation runs in Bazel's analysis,
            // out of reach): a call that passes Swift sources is read from its arguments.
            return .foreign(name: "", origin: currentFile)
        case "existing_rules":
            return .dictionary(StarlarkDictionary())
        case "getattr":
            if case .structure(let fields)? = positional.first, let key = positional.dropFirst().first?.text {
                return fields[key] ?? (positional.count > 2 ? positional[2] : .unknown)
            }
            return .unknown
        case "hasattr":
            if case .structure(let fields)? = positional.first, let key = positional.dropFirst().first?.text { return .bool(fields[key] != nil) }
            return .unknown
        default:
            return .unknown
        }
    }

    func method(_ value: StarlarkValue, _ name: String, positional: [StarlarkValue], keywords: [(String, StarlarkValue)]) -> StarlarkValue {
        switch (value, name) {
        case (.string(let text), "format"):
            var result = ""
            var index = positional.startIndex
            var characters = Array(text)[...]
            while let character = characters.popFirst() {
                if character == "{" {
                    if characters.first == "{" { characters.removeFirst(); result.append("{"); continue }
                    var field = ""
                    while let next = characters.popFirst(), next != "}" { field.append(next) }
                    let replacement: StarlarkValue?
                    if field.isEmpty {
                        replacement = index < positional.count ? positional[index] : nil
                        index += 1
                    } else if let number = Int(field) {
                        replacement = number < positional.count ? positional[number] : nil
                    } else {
                        replacement = keywords.first { $0.0 == field }?.1
                    }
                    switch replacement {
                    case .string(let inserted)?: result += inserted
                    case .int(let number)?: result += String(number)
                    default: return .unknown
                    }
                } else if character == "}" && characters.first == "}" {
                    characters.removeFirst()
                    result.append("}")
                } else {
                    result.append(character)
                }
            }
            return .string(result)
        case (.string(let text), "replace"):
            guard let old = positional.first?.text, let new = positional.dropFirst().first?.text, !old.isEmpty else { return .unknown }
            return .string(text.replacingAll(old, with: new))
        case (.string(let text), "split"):
            guard let separator = positional.first?.text, !separator.isEmpty else {
                return .list(StarlarkList(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map { .string(String($0)) }))
            }
            return .list(StarlarkList(text.splitting(by: separator).map { .string($0) }))
        case (.string(let text), "rsplit"):
            guard let separator = positional.first?.text, !separator.isEmpty else { return .unknown }
            let parts = text.splitting(by: separator)
            if case .int(1)? = positional.dropFirst().first, parts.count > 1 {
                return .list(StarlarkList([.string(parts.dropLast().joined(separator: separator)), .string(parts.last!)]))
            }
            return .list(StarlarkList(parts.map { .string($0) }))
        case (.string(let text), "join"):
            guard let items = positional.first?.items, items.allSatisfy({ $0.text != nil }) else { return .unknown }
            return .string(items.map { $0.text! }.joined(separator: text))
        case (.string(let text), "endswith"):
            guard let suffix = positional.first?.text else { return .unknown }
            return .bool(text.hasSuffix(suffix))
        case (.string(let text), "startswith"):
            guard let prefix = positional.first?.text else { return .unknown }
            return .bool(text.hasPrefix(prefix))
        case (.string(let text), "lower"): return .string(text.lowercased())
        case (.string(let text), "upper"): return .string(text.uppercased())
        case (.string(let text), "strip"): return .string(text.trimmingCharacters(in: " \n\t"))
        case (.string(let text), "capitalize"): return .string(text.prefix(1).uppercased() + text.dropFirst().lowercased())
        case (.string(let text), "removeprefix"):
            guard let prefix = positional.first?.text else { return .unknown }
            return .string(text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
        case (.string(let text), "removesuffix"):
            guard let suffix = positional.first?.text else { return .unknown }
            return .string(text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text)
        // A `where` belongs to one pattern of a case: each says it.
        case (.list(let list), "append") where list.frozen, (.list(let list), "extend") where list.frozen,
             (.list(let list), "insert") where list.frozen:
            _ = mayChange(true)
            return .unknown
        case (.dictionary(let dictionary), "pop") where dictionary.frozen, (.dictionary(let dictionary), "setdefault") where dictionary.frozen,
             (.dictionary(let dictionary), "update") where dictionary.frozen:
            _ = mayChange(true)
            return .unknown
        case (.list(let list), "append"):
            if let item = positional.first { list.items.append(item) }
            return .none
        case (.list(let list), "extend"):
            list.items += positional.first.flatMap(Self.listItems) ?? []
            meter(.list(list))
            return .none
        case (.list(let list), "insert"):
            if positional.count == 2, case .int(let index) = positional[0] { list.items.insert(positional[1], at: min(max(index, 0), list.items.count)) }
            return .none
        case (.list(let list), "index"):
            return list.items.firstIndex { ($0 == positional.first ?? .unknown) == true }.map { .int($0) } ?? .unknown
        case (.dictionary(let dictionary), "get"):
            guard let key = positional.first else { return .unknown }
            return dictionary.get(key) ?? (positional.count > 1 ? positional[1] : .none)
        case (.dictionary(let dictionary), "pop"):
            guard let key = positional.first else { return .unknown }
            let found = dictionary.get(key)
            dictionary.pairs.removeAll { ($0.key == key) == true }
            return found ?? (positional.count > 1 ? positional[1] : .unknown)
        case (.dictionary(let dictionary), "setdefault"):
            guard let key = positional.first else { return .unknown }
            if let found = dictionary.get(key) { return found }
            let fallback = positional.count > 1 ? positional[1] : .none
            dictionary.set(key, fallback)
            return fallback
        case (.dictionary(let dictionary), "keys"): return .list(StarlarkList(dictionary.pairs.map(\.key)))
        case (.dictionary(let dictionary), "values"): return .list(StarlarkList(dictionary.pairs.map(\.value)))
        case (.dictionary(let dictionary), "items"): return .list(StarlarkList(dictionary.pairs.map { .tuple([$0.key, $0.value]) }))
        case (.dictionary(let dictionary), "update"):
            if case .dictionary(let other)? = positional.first { for pair in other.pairs { dictionary.set(pair.key, pair.value) } }
            for (key, value) in keywords { dictionary.set(.string(key), value) }
            return .none
        default:
            return .unknown
        }
    }

    // MARK: Targets

    func record(rule: String, kind: BazelRuleKind, keywords: [(String, StarlarkValue)], incomplete: Bool) {
        func keyword(_ name: String) -> StarlarkValue? { keywords.first { $0.0 == name }?.1 }
        guard let name = keyword("name")?.text, !targets.contains(where: { $0.name == name }) else { return }
        var sources: [BazelSource] = []
        for attribute in ["srcs", "non_arc_srcs", "swift_srcs", "sources"] {
            sources += Self.sources(keyword(attribute))
        }
        var dependencies: [(String, Int)] = []
        // `plugins` (macros) are never imported or linked: no edge.
        var depAttributes = ["deps", "private_deps", "frameworks", "extensions", "test_host"]
        // An app embeds its clips, its watch app (`ios_application(watch_application = …)`)
        // and a watch app its extension (`watchos_application(extension = …)`).
        if kind == .application || kind == .appExtension { depAttributes += ["app_clips", "watch_application", "extension"] }
        for attribute in depAttributes {
            guard let value = keyword(attribute) else { continue }
            for item in Self.listItems(value) ?? [value] {
                if let label = item.text { dependencies.append((label, buildLine)) }
            }
        }
        var moduleName = keyword("module_name")?.text ?? ""
        if moduleName.isEmpty {
            // rules_swift derives the name from the label; rules_apple, rules_ios and
            // objc_library use the target's name.
            moduleName = rule.hasPrefix("swift_") || rule == "mixed_language_library"
                ? BazelTarget.derivedModuleName(package: package, name: name)
                : BazelTarget.derivedModuleName(package: "", name: keyword("bundle_name")?.text ?? name)
        }
        targets.append(BazelTarget(name: name, rule: rule, kind: kind, moduleName: moduleName, sources: sources,
                                   dependencies: dependencies, line: buildLine, isIncomplete: incomplete))
    }

    /// Files, globs and labels of a `srcs` list.
    static func sources(_ value: StarlarkValue?) -> [BazelSource] {
        (value.flatMap(listItems) ?? []).compactMap { item in
            switch item {
            case .string(let path): return path.hasPrefix(":") || path.hasPrefix("//") || path.hasPrefix("@") ? .label(path) : .file(path)
            case .glob(let include, let exclude): return .glob(include: include, exclude: exclude)
            default: return nil
            }
        }
    }

    /// `srcs = [":sources"]` naming a `filegroup` of the same package: its files and globs
    /// (a filegroup of filegroups too); a label of another package or rule stays a label.
    func expandingFilegroups(_ sources: [BazelSource]) -> [BazelSource] {
        var result: [BazelSource] = []
        var seen = Set<String>()
        func expand(_ sources: [BazelSource]) {
            for source in sources {
                guard case .label(let label) = source else { result.append(source); continue }
                let parsed = BazelLabel(label, in: package)
                guard parsed.repository == nil, parsed.package == package, let group = filegroups[parsed.name] else {
                    result.append(source)
                    continue
                }
                if seen.insert(parsed.name).inserted { expand(group) }
            }
        }
        expand(sources)
        return result
    }

    /// A macro of another repository: a call that names a target and passes Swift sources
    /// is read as a library from its arguments, said once per macro.
    @discardableResult
    func recordForeign(name: String, origin: String, keywords: [(String, StarlarkValue)]) -> Bool {
        let sources = (keywords.first { $0.0 == "srcs" }?.1).flatMap(Self.listItems) ?? []
        let hasSwift = sources.contains { item in
            switch item {
            case .string(let path): return path.hasSuffix(".swift")
            case .glob(let include, _): return include.contains { $0.hasSuffix(".swift") || $0.hasSuffix("*") }
            default: return false
            }
        }
        guard hasSwift, keywords.contains(where: { $0.0 == "name" }) else { return false }
        if notedForeign.insert(name).inserted {
            notes.append(BazelNote(line: buildLine, message: "`\(name)` (from \(origin)) is a rule or macro modlint does not evaluate: the targets it declares are read from their srcs and deps, and may depend on more"))
        }
        record(rule: name, kind: .library, keywords: keywords, incomplete: true)
        return true
    }
}

extension String {
    func replacingAll(_ old: String, with new: String) -> String {
        splitting(by: old).joined(separator: new)
    }

    func splitting(by separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
