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
        let tokens: [StarlarkToken]
        do throws(StarlarkSyntaxError) {
            tokens = try StarlarkLexer.tokens(bytes)
            statements = try StarlarkParser.parse(tokens: tokens)
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
        let placeDependency = Self.dependencyLines(tokens, statementLines: statements.compactMap(\.line))
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
    static func dependencyLines(_ tokens: [StarlarkToken], statementLines: [Int]) -> (String, Int) -> Int {
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
