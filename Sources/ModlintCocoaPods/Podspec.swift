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
    /// `resources`, `resource` and the files of `resource_bundles`, braces expanded.
    public var resources: [String] = []
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
    /// A test or app spec's dependency inherited from its pod: there to build, not a claim
    /// that the spec's own files use it.
    public var isInherited = false
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
    /// - Parameters:
    ///   - file: the podspec's file name, what `__FILE__` is (`Kit.podspec`).
    ///   - environment: its folder in the tree and the tree's globs (`Dir[…]`, `__dir__`).
    public static func read(_ bytes: [UInt8], file: String? = nil, environment: RubyEnvironment = RubyEnvironment()) throws(PodReadError) -> Podspec? {
        let statements = try RubyParser.parse(bytes, file: file)
        // `Pod::Specification` is the class, `Pod::Spec` its alias: both are written.
        for (index, statement) in statements.enumerated() {
            guard case .call(let call) = statement, call.receiver == ["Pod", "Spec"] || call.receiver == ["Pod", "Specification"], call.name == "new",
                  let block = call.block else { continue }
            var reader = SpecEvaluation(variable: block.parameters.first ?? "s", environment: environment, file: file)
            // Variables set before the spec (`name = File.basename(__dir__)`).
            reader.run(statements[..<index].filter { if case .assignment = $0 { return true } else { return false } }, into: .root)
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
    var resources: [String] = []
    var dependencies: [PodDependency] = []
    var specs: [PodTestSpec] = []
    var platforms: [String] = []
    let environment: RubyEnvironment
    let file: String?
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

    init(variable: String, environment: RubyEnvironment, file: String?) {
        variables = [variable]
        self.environment = environment
        self.file = file
    }

    mutating func apply(to spec: inout Podspec) {
        if let moduleName { spec.moduleName = moduleName }
        spec.sources = sources
        spec.excluded = excluded
        spec.resources = resources
        spec.dependencies = dependencies
        // A test or app spec inherits the root spec's dependencies (CocoaPods' inherited
        // attribute), besides its own.
        spec.specs = specs.map { testSpec in
            var testSpec = testSpec
            let own = Set(testSpec.dependencies.map(\.name))
            testSpec.dependencies = dependencies.filter { !own.contains($0.name) }.map { dependency in
                var dependency = dependency
                dependency.isInherited = true
                return dependency
            } + testSpec.dependencies
            return testSpec
        }
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
                locals[name] = resolve(value)
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
        for written in patterns {
            // `File.join(__dir__, 'Sources/**/*.swift')`: relative to the folder all the same.
            var pattern = written
            while pattern.hasPrefix("./") { pattern.removeFirst(2) }
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
        if runLoop(call, into: destination, conditional: conditional) { return }
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
        // Every value given: `s.source_files = 'A/**/*.swift', 'B/**/*.swift'` (an array)
        // or `s.source_files 'A', 'B'`; `Dir[…]` there is its patterns.
        let isList = Self.listAttributes.contains(attribute)
        var raw = call.arguments.first ?? .null
        if isList && call.arguments.count > 1 { raw = .array(call.arguments) }
        if isList { raw = Self.globsAsPatterns(raw) }
        let value = resolve(raw)
        if conditional && ["source_files", "dependency", "exclude_files"].contains(attribute) {
            incomplete.append(PodNote(line: call.line, message: "`\(variable).\(attribute)` under a condition cannot be evaluated: it is read as if it applied"))
        }
        set(attribute, value, variable: variable, call: call, into: destination, conditional: conditional)
    }

    /// `['A', 'B'].each do |name|`, `Dir['*/*.podspec'].each`, `names.each`: the body for
    /// each item. `false` when the call is no such loop.
    mutating func runLoop(_ call: RubyCall, into destination: Destination, conditional: Bool) -> Bool {
        guard ["each", "each_with_index"].contains(call.name), let block = call.block,
              let receiver = call.receiverValue ?? (call.receiver.isEmpty || variables.contains(call.receiver[0]) ? nil : .reference(call.receiver)) else {
            return false
        }
        guard case .array(let items) = resolve(receiver) else {
            if mentionsSpec(block.body) {
                incomplete.append(PodNote(line: call.line, message: "a loop over a value that cannot be evaluated: its body is not read"))
            }
            return true
        }
        for (index, item) in items.enumerated() {
            guard step(call.line) else { return true }
            if let parameter = block.parameters.first { locals[parameter] = item }
            if call.name == "each_with_index", block.parameters.count > 1 { locals[block.parameters[1]] = .number(String(index)) }
            run(block.body, into: destination, conditional: conditional)
        }
        return true
    }

    /// `s.attribute = value` (or `s.attribute value`): for the root spec or, where the
    /// attribute is a test or app spec's too, for the spec being read.
    mutating func set(_ attribute: String, _ value: RubyValue, variable: String, call: RubyCall, into destination: Destination, conditional: Bool) {
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
        case "resources", "resource":
            resources += expanded(strings(value, call: call, attribute: attribute), line: call.line)
        case "resource_bundles":
            guard case .hash(let pairs) = value else {
                incomplete.append(PodNote(line: call.line, message: "`resource_bundles` is not a literal hash"))
                return
            }
            for pair in pairs { resources += expanded(strings(resolve(Self.globsAsPatterns(pair.value)), call: call, attribute: attribute), line: call.line) }
        case "dependency":
            addDependency(value, call: call, into: destination)
        case "dependencies":
            // `s.dependencies = { 'A' => ['~> 1'] }`.
            if case .hash(let pairs) = value {
                for pair in pairs {
                    if let name = pair.key.text { dependencies.append(PodDependency(name: name, line: call.line)) }
                }
            }
        case "platform", "deployment_target":
            // `s.platform = :ios, '14.0'`: the platform, then its version.
            var platformValue = value
            if case .array(let items) = value, let first = items.first { platformValue = first }
            if let platform = platformValue.text, PodspecReader.platformNames.contains(platform) { platforms.append(platform == "osx" ? "macos" : platform) }
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
            runSpec(attribute, named: value.text, block: block, variable: variable, call: call, conditional: conditional)
        default:
            return
        }
    }

    /// `s.dependency 'Core', '~> 1.0'` (`s.dependency *['Core', '~> 1.0']`: the name comes first).
    mutating func addDependency(_ value: RubyValue, call: RubyCall, into destination: Destination) {
        var named = value
        if case .array(let items) = value, let first = items.first { named = first }
        guard let dependency = named.text else {
            incomplete.append(PodNote(line: call.line, message: "a dependency is not a literal name"))
            return
        }
        switch destination {
        case .root: dependencies.append(PodDependency(name: dependency, line: call.line))
        case .spec(let index): specs[index].dependencies.append(PodDependency(name: dependency, line: call.line))
        }
    }

    /// `s.test_spec 'Tests' do |t| … end` and `s.app_spec`: a spec of its own (UI tests when
    /// its `test_type` is `:ui`), its block read into it.
    mutating func runSpec(_ attribute: String, named written: String?, block: RubyBlock, variable: String, call: RubyCall, conditional: Bool) {
        let specName = written ?? (attribute == "app_spec" ? "App" : "Tests")
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
    }

    /// Attributes that take a list of paths or globs.
    static let listAttributes: Set<String> = ["source_files", "exclude_files", "resources", "resource", "preserve_paths", "public_header_files", "private_header_files"]

    /// `Dir[…]` / `Dir.glob(…)` (alone or in an array) as the patterns it globs.
    static func globsAsPatterns(_ value: RubyValue) -> RubyValue {
        if let patterns = RubyMethods.globPatterns(value) { return .array(patterns) }
        if case .array(let items) = value { return .array(items.map(globsAsPatterns)) }
        if case .method(let left?, "+", let right) = value { return .method(receiver: globsAsPatterns(left), name: "+", arguments: right.map(globsAsPatterns)) }
        return value
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

    /// Locals, the spec's own name, version and module name, the methods on them and
    /// `#{…}` evaluated.
    func resolve(_ value: RubyValue) -> RubyValue {
        RubyMethods.resolve(value, in: environment, file: file) { chain in
            if let local = locals[chain[0]] { return (local, 1) }
            if chain.count >= 2, variables.contains(chain[0]) {
                if chain[1] == "name", let name { return (.string(name), 2) }
                if chain[1] == "version", let version { return (.string(version), 2) }
                if chain[1] == "module_name", let moduleName { return (.string(moduleName), 2) }
            }
            return nil
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
