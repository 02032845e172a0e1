/// A pod as its `.podspec` (or `.podspec.json`) describes it. The pod is one module: the
/// sources of its subspecs are its sources, their dependencies its dependencies (CocoaPods
/// builds one framework per pod from the subspecs in use). Test and app specs are targets
/// of their own.
public struct Podspec: Sendable, Equatable {
    public var name: String
    /// `module_name`, else the name made a C99 identifier (`lottie-ios` → `lottie_ios`).
    public var moduleName: String
    public var line: Int
    /// Source globs relative to the podspec's folder, braces expanded (`Sources/**/*.swift`).
    public var sources: [String] = []
    public var excluded: [String] = []
    public var dependencies: [PodDependency] = []
    public var specs: [PodTestSpec] = []
    public var platforms: [String] = []
    public var defaultSubspecs: [String] = []
    public var isStaticFramework = false
    /// Part of it could not be evaluated (interpolation, `File.read`, a conditional): its
    /// sources or dependencies may be more than what was read.
    public var isIncomplete = false
    public var notes: [PodNote] = []

    public init(name: String, line: Int) {
        self.name = name
        self.moduleName = Self.moduleName(for: name)
        self.line = line
    }

    /// CocoaPods' `c99ext_identifier`: every character outside `[A-Za-z0-9_]` becomes `_`,
    /// and a leading digit gets `_` before it.
    public static func moduleName(for name: String) -> String {
        var result = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }
}

/// `s.dependency 'Moya/RxSwift', '~> 15.0'`.
public struct PodDependency: Sendable, Equatable {
    /// As written: `Moya/RxSwift`.
    public var name: String
    public var line: Int
    /// The pod: `Moya`.
    public var pod: String { name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name }

    public init(name: String, line: Int) {
        self.name = name
        self.line = line
    }
}

/// `s.test_spec 'Tests' do |t|` or `s.app_spec 'Demo' do |app|`.
public struct PodTestSpec: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case unitTests, uiTests, app
    }
    public var name: String
    public var kind: Kind
    public var line: Int
    public var sources: [String] = []
    public var excluded: [String] = []
    public var dependencies: [PodDependency] = []

    /// The target CocoaPods generates: `Core-Unit-Tests`, `Core-UI-Tests`, `Core-Demo`.
    public func targetName(pod: String) -> String {
        switch kind {
        case .unitTests: return "\(pod)-Unit-\(name)"
        case .uiTests: return "\(pod)-UI-\(name)"
        case .app: return "\(pod)-\(name)"
        }
    }
}

public struct PodNote: Sendable, Equatable {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

/// A podspec or Podfile that CocoaPods would reject too (a literal that never ends, JSON
/// nested beyond the limit), or whose evaluation spent a budget: nothing of it is read.
public struct PodReadError: Error, Equatable, Sendable {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

/// Reads a podspec's Ruby DSL without Ruby: `Pod::Spec.new do |s| … end`.
public enum PodspecReader {
    public static let platformNames: Set<String> = ["ios", "osx", "macos", "tvos", "watchos", "visionos"]

    /// `nil` when the file declares no `Pod::Spec.new` with a readable name.
    /// - Parameter file: the podspec's file name, what `__FILE__` is (`Kit.podspec`).
    public static func read(_ bytes: [UInt8], file: String? = nil) throws(PodReadError) -> Podspec? {
        let statements = try RubyParser.parse(bytes, file: file)
        // `Pod::Specification` is the class, `Pod::Spec` its alias: both are written.
        for case .call(let call) in statements where (call.receiver == ["Pod", "Spec"] || call.receiver == ["Pod", "Specification"]) && call.name == "new" {
            guard let block = call.block else { continue }
            var reader = SpecEvaluation(variable: block.parameters.first ?? "s")
            reader.run(block.body, into: .root)
            // A budget spent: what was read is a guess, so nothing of it is (as for a
            // literal Ruby rejects).
            if let exhausted = reader.exhausted { throw PodReadError(line: exhausted.line, message: exhausted.message) }
            guard let name = reader.name else { return nil }
            var spec = Podspec(name: name, line: call.line)
            reader.apply(to: &spec)
            return spec
        }
        return nil
    }
}

/// One pass over a spec's block, subspecs and test specs included.
private struct SpecEvaluation {
    enum Destination: Equatable {
        case root
        case spec(Int)
    }

    var variables: [String]
    var name: String?
    var moduleName: String?
    var version: String?
    var sources: [String] = []
    var excluded: [String] = []
    var dependencies: [PodDependency] = []
    var specs: [PodTestSpec] = []
    var platforms: [String] = []
    var defaultSubspecs: [String] = []
    var isStaticFramework = false
    var incomplete: [PodNote] = []
    var locals: [String: RubyValue] = [:]
    var depth = 0
    /// Statements and loop iterations run: nested `.each` over long word lists multiply.
    var steps = 0
    static let maximumSteps = 100_000
    /// The budget that ran out, if one did.
    var exhausted: PodNote?

    static func line(of statement: RubyStatement) -> Int {
        switch statement {
        case .call(let call): return call.line
        case .assignment(_, _, let line), .definition(_, _, _, let line), .conditional(_, let line), .unknown(let line, _): return line
        }
    }

    /// Counts one step; false once the budget is spent.
    mutating func step(_ line: Int) -> Bool {
        guard exhausted == nil else { return false }
        steps += 1
        if steps > Self.maximumSteps {
            exhausted = PodNote(line: line, message: "evaluation stopped after \(Self.maximumSteps) steps (the step budget)")
        }
        return exhausted == nil
    }

    init(variable: String) {
        variables = [variable]
    }

    mutating func apply(to spec: inout Podspec) {
        if let moduleName { spec.moduleName = moduleName }
        spec.sources = sources
        spec.excluded = excluded
        spec.dependencies = dependencies
        spec.specs = specs
        spec.platforms = Array(Set(platforms)).sorted()
        spec.defaultSubspecs = defaultSubspecs
        spec.isStaticFramework = isStaticFramework
        if let first = incomplete.first {
            spec.isIncomplete = true
            spec.notes.append(PodNote(line: first.line, message: "\(first.message)\(incomplete.count > 1 ? " (and \(incomplete.count - 1) more)" : ""); "
                                        + "the pod is read from its literal parts and its unresolved imports are not judged"))
        }
    }

    mutating func run(_ statements: [RubyStatement], into destination: Destination, conditional: Bool = false) {
        depth += 1
        defer { depth -= 1 }
        guard depth < 40 else { return }
        for statement in statements {
            guard step(Self.line(of: statement)) else { return }
            switch statement {
            case .call(let call):
                handle(call, into: destination, conditional: conditional || call.isConditional)
            case .assignment(let name, let value, _):
                locals[name] = value
            case .conditional(let branches, let line):
                if branches.contains(where: mentionsSpec) {
                    incomplete.append(PodNote(line: line, message: "a conditional in the podspec cannot be evaluated: every branch is read"))
                }
                for branch in branches { run(branch, into: destination, conditional: true) }
            case .definition, .unknown:
                continue
            }
        }
    }

    /// Brace groups expanded; a pattern standing for too many globs spends the budget.
    mutating func expanded(_ patterns: [String], line: Int) -> [String] {
        var result: [String] = []
        for pattern in patterns {
            guard let globs = GlobBraces.expandChecked(pattern) else {
                if exhausted == nil {
                    exhausted = PodNote(line: line, message: "a glob whose braces stand for more than \(GlobBraces.maximumExpansions) patterns (the size budget)")
                }
                return []
            }
            result += globs
        }
        return result
    }

    func mentionsSpec(_ statements: [RubyStatement]) -> Bool {
        statements.contains { statement in
            if case .call(let call) = statement { return call.receiver.first.map(variables.contains) ?? false }
            return false
        }
    }

    mutating func handle(_ call: RubyCall, into destination: Destination, conditional: Bool) {
        // `['A', 'B'].each do |name|`: the body for each literal.
        if case .array(let items)? = call.receiverValue, call.name == "each", let block = call.block {
            for item in items {
                guard step(call.line) else { return }
                if let parameter = block.parameters.first { locals[parameter] = item }
                run(block.body, into: destination, conditional: conditional)
            }
            return
        }
        guard let variable = call.receiver.first, variables.contains(variable) else { return }
        var path = Array(call.receiver.dropFirst()) + [call.name]
        // `s.ios.source_files`: a platform's sources are the pod's too.
        if path.count == 2, PodspecReader.platformNames.contains(path[0]) {
            platforms.append(path[0] == "osx" ? "macos" : path[0])
            path.removeFirst()
        }
        guard path.count == 1 else { return }
        var attribute = path[0]
        if attribute.hasSuffix("=") { attribute.removeLast() }
        let value = call.arguments.first.map(resolve) ?? .null
        if conditional && ["source_files", "dependency", "exclude_files"].contains(attribute) {
            incomplete.append(PodNote(line: call.line, message: "`\(variable).\(attribute)` under a condition cannot be evaluated: it is read as if it applied"))
        }
        switch attribute {
        case "name" where destination == .root:
            name = value.text
            if name == nil { incomplete.append(PodNote(line: call.line, message: "the pod's name is not a literal")) }
        case "module_name" where destination == .root:
            moduleName = value.text
        case "version" where destination == .root:
            version = value.text
        case "source_files":
            let globs = expanded(strings(value, call: call, attribute: attribute), line: call.line)
            switch destination {
            case .root: sources += globs
            case .spec(let index): specs[index].sources += globs
            }
        case "exclude_files":
            let globs = expanded(strings(value, call: call, attribute: attribute), line: call.line)
            switch destination {
            case .root: excluded += globs
            case .spec(let index): specs[index].excluded += globs
            }
        case "dependency":
            guard let dependency = value.text else {
                incomplete.append(PodNote(line: call.line, message: "a dependency is not a literal name"))
                return
            }
            switch destination {
            case .root: dependencies.append(PodDependency(name: dependency, line: call.line))
            case .spec(let index): specs[index].dependencies.append(PodDependency(name: dependency, line: call.line))
            }
        case "dependencies":
            // `s.dependencies = { 'A' => ['~> 1'] }`.
            if case .hash(let pairs) = value {
                for pair in pairs {
                    if let name = pair.key.text { dependencies.append(PodDependency(name: name, line: call.line)) }
                }
            }
        case "platform", "deployment_target":
            if let platform = value.text, PodspecReader.platformNames.contains(platform) { platforms.append(platform == "osx" ? "macos" : platform) }
        case "default_subspecs", "default_subspec":
            defaultSubspecs = value.strings.compactMap { $0 }
        case "static_framework":
            isStaticFramework = value == .bool(true)
        case "subspec":
            guard let block = call.block else { return }
            variables.append(block.parameters.first ?? variable)
            run(block.body, into: destination, conditional: conditional)
            variables.removeLast()
        case "test_spec", "app_spec":
            guard let block = call.block else { return }
            let specName = value.text ?? (attribute == "app_spec" ? "App" : "Tests")
            let isUI = block.body.contains { statement in
                if case .call(let inner) = statement, inner.name == "test_type=" || inner.name == "test_type" {
                    return inner.arguments.first?.text == "ui"
                }
                return false
            }
            specs.append(PodTestSpec(name: specName, kind: attribute == "app_spec" ? .app : (isUI ? .uiTests : .unitTests), line: call.line))
            variables.append(block.parameters.first ?? variable)
            run(block.body, into: .spec(specs.count - 1), conditional: conditional)
            variables.removeLast()
        default:
            return
        }
    }

    /// The literal strings of a value; a part that is not literal is noted.
    mutating func strings(_ value: RubyValue, call: RubyCall, attribute: String) -> [String] {
        var result: [String] = []
        for case let item in value.strings {
            if let item { result.append(item) } else {
                incomplete.append(PodNote(line: call.line, message: "`\(attribute)` is not (only) literal text"))
            }
        }
        return result
    }

    /// Locals and the spec's own name and version inside `#{…}`.
    func resolve(_ value: RubyValue) -> RubyValue {
        switch value {
        case .reference(let chain):
            if chain.count == 1, let local = locals[chain[0]] { return local }
            if chain.count == 2, variables.contains(chain[0]) {
                if chain[1] == "name", let name { return .string(name) }
                if chain[1] == "version", let version { return .string(version) }
                if chain[1] == "module_name", let moduleName { return .string(moduleName) }
            }
            return .unknown
        case .interpolated:
            return value.interpolating { resolve(.reference($0.split(separator: ".").map(String.init))).text }
        case .array(let items):
            return .array(items.map(resolve))
        default:
            return value
        }
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// Brace alternatives of CocoaPods' globs (`*.{swift,h,m}`, `{Core,UI}/**/*`), expanded
/// into plain globs (nested braces included).
public enum GlobBraces {
    /// How many plain globs one pattern may stand for: 28 `{a,b}` groups are 2^28.
    public static let maximumExpansions = 1024

    /// The plain globs, at most `maximumExpansions` of them (the first ones).
    public static func expand(_ pattern: String) -> [String] {
        expandChecked(pattern) ?? []
    }

    /// `nil` when the pattern stands for more than `maximumExpansions` globs: the expansion
    /// stops there instead of building them all.
    public static func expandChecked(_ pattern: String) -> [String]? {
        var result: [String] = []
        var pending = [pattern]
        while let next = pending.popLast() {
            guard let (prefix, alternatives, suffix) = split(next) else {
                result.append(next)
                if result.count > maximumExpansions { return nil }
                continue
            }
            guard pending.count + alternatives.count <= maximumExpansions else { return nil }
            // Reversed: the first alternative is expanded first, as before.
            for alternative in alternatives.reversed() { pending.append(prefix + alternative + suffix) }
        }
        return result
    }

    /// The first brace group's prefix, alternatives and suffix; `nil` when there is none.
    private static func split(_ pattern: String) -> (String, [Substring], Substring)? {
        guard let open = pattern.firstIndex(of: "{") else { return nil }
        var depth = 0
        var close: String.Index?
        var commas: [String.Index] = []
        var index = open
        while index < pattern.endIndex {
            let character = pattern[index]
            if character == "{" { depth += 1 }
            if character == "}" {
                depth -= 1
                if depth == 0 { close = index; break }
            }
            if character == "," && depth == 1 { commas.append(index) }
            index = pattern.index(after: index)
        }
        guard let close else { return nil }
        var alternatives: [Substring] = []
        var start = pattern.index(after: open)
        for comma in commas {
            alternatives.append(pattern[start..<comma])
            start = pattern.index(after: comma)
        }
        alternatives.append(pattern[start..<close])
        return (String(pattern[..<open]), alternatives, pattern[pattern.index(after: close)...])
    }
}
