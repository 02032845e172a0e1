import ModlintTokenizer

/// Reads the Spezi facts of one file.
///
/// Files that import no `Spezi*` module return at once: that keeps the corpus fast and
/// keeps the many server-side `Module`, `Configuration` and `@Dependency` (swift-dependencies)
/// names out of the Spezi model.
public enum SpeziExtractor {
    /// `partners`: the file's bracket partners, shared with the other passes.
    public static func extract(_ source: TokenizedSource, imports: [ImportFact], partners: BracketPartners? = nil) -> SpeziFacts {
        guard imports.contains(where: { isSpeziModule($0.module) }) else { return SpeziFacts() }
        var scan = SpeziScan(source: source, partners: partners)
        scan.run()
        return scan.facts
    }

    /// `Spezi`, `SpeziFoundation`, `SpeziHealthKit` …
    public static func isSpeziModule(_ name: String) -> Bool {
        name.hasPrefix("Spezi")
    }
}

/// One pass over the tokens with a stack of brace scopes: types, lifecycle functions,
/// computed properties and configuration bodies.
private struct SpeziScan: BracketReader {
    enum Scope {
        case type(String)
        case function(owner: String, lifecycle: SpeziLifecycleRead.Function?)
        case computed(Int)
        case configuration(Int)
        case block
    }

    let source: TokenizedSource
    let tokens: [Token]
    let partners: BracketPartners
    var bytes: [UInt8] { source.bytes }
    var facts = SpeziFacts(importsSpezi: true)

    private var scopes: [Scope] = []
    /// Scopes to open at the `{` with this token index.
    private var pendingBodies: [Int: Scope] = [:]
    private var computedReferences: [Int: Set<String>] = [:]
    private var configurationReferences: [Int: Set<String>] = [:]
    private var seenReads = Set<String>()
    private var conditionCache: [Int32: String?] = [:]
    /// Instantiations inside configuration bodies whose call (arguments and trailing
    /// closure) is still open: the innermost one encloses the next instantiation.
    private var openCalls: [(name: String, end: Int)] = []

    /// Lower-case keywords that are never references to properties.
    static let keywords: Set<String> = [
        "if", "else", "for", "in", "while", "switch", "case", "default", "return", "let", "var", "true", "false", "nil",
        "self", "try", "await", "guard", "where", "is", "as", "some", "any", "do", "catch", "throw", "defer", "repeat",
    ]

    init(source: TokenizedSource, partners: BracketPartners?) {
        self.source = source
        let hasComments = source.tokens.contains { $0.kind == .comment }
        self.tokens = hasComments ? source.tokens.filter { $0.kind != .comment } : source.tokens
        // Shared partners index the source's tokens: only usable without comments.
        self.partners = (hasComments ? nil : partners) ?? BracketPartners(source: source, tokens: tokens)
    }

    mutating func use(_ index: Int) -> SpeziTypeUse {
        let token = tokens[index]
        return SpeziTypeUse(name: name(index), condition: condition(source.conditions.condition(of: token)), line: Int(token.line), column: source.column(of: token))
    }

    mutating func condition(_ id: Int32) -> String? {
        guard id > 0 else { return nil }
        if let cached = conditionCache[id] { return cached }
        let description = source.conditions.description(of: id)
        conditionCache[id] = description
        return description
    }


    /// The `{` opening the body of a declaration whose header starts at `index`: the first
    /// `{` outside brackets, unless a `}` or `;` ends the header first.
    func bodyBrace(from index: Int, stopAtNewLine: Bool = false) -> Int? {
        var depth = 0
        var index = index
        while index < tokens.count {
            if depth == 0 {
                if isPunctuation(index, UInt8(ascii: "{")) { return index }
                if isPunctuation(index, UInt8(ascii: "}")) || isPunctuation(index, UInt8(ascii: ";")) { return nil }
                if stopAtNewLine && tokens[index].isAtLineStart { return nil }
                if stopAtNewLine && isOperator(index, "=") { return nil }
            }
            depth += bracketDepthChange(index)
            if depth < 0 { return nil }
            index += 1
        }
        return nil
    }

    /// The end (exclusive) of the statement starting at `index`: the first token at the
    /// start of a line outside brackets whose predecessor does not continue the expression.
    func statementEnd(from index: Int) -> Int {
        var depth = 0
        var index = index
        let start = index
        while index < tokens.count {
            if depth == 0 && index > start {
                if isPunctuation(index, UInt8(ascii: ";")) { return index }
                let previous = tokens[index - 1]
                if tokens[index].isAtLineStart && previous.kind != .operator && !isPunctuation(index - 1, UInt8(ascii: ","))
                    && tokens[index].kind != .operator && !isPunctuation(index, UInt8(ascii: ".")) {
                    return index
                }
            }
            depth += bracketDepthChange(index)
            if depth < 0 { return index }
            index += 1
        }
        return index
    }

    /// `T(…)` and `T { … }` in `range`, `T` starting upper-case (`Dependency` itself aside).
    /// `afterLabels`: `Dependency(wrappedValue: X())` — a type after `label:` counts.
    mutating func instantiations(in range: Range<Int>, afterLabels: Bool = false) -> [SpeziTypeUse] {
        var result: [SpeziTypeUse] = []
        for index in range where isInstantiation(index, afterLabels: afterLabels) && !isWord(index, "Dependency") {
            result.append(use(index))
        }
        return result
    }

    func isInstantiation(_ index: Int, afterLabels: Bool = false) -> Bool {
        startsUppercase(index) && (isPunctuation(index + 1, UInt8(ascii: "(")) || isPunctuation(index + 1, UInt8(ascii: "{")))
            && !(isPunctuation(index - 1, UInt8(ascii: ".")) && !startsUppercase(index - 2))
            && (afterLabels || !isPunctuation(index - 1, UInt8(ascii: ":"))) && !isOperator(index - 1, "->")
    }

    /// The last token of the call `T(…) { … }` / `T { … }` whose name is at `index`.
    func callEnd(after index: Int) -> Int {
        var end = index
        if isPunctuation(end + 1, UInt8(ascii: "(")), let close = partner(of: end + 1) { end = close }
        if isPunctuation(end + 1, UInt8(ascii: "{")), let close = partner(of: end + 1) { end = close }
        return end
    }

    /// Qualified name of the innermost type scope.
    var owner: String? {
        for scope in scopes.reversed() {
            if case .type(let name) = scope { return name }
        }
        return nil
    }

    /// The innermost scope that is not a plain block.
    var innermostDeclaration: Scope? {
        scopes.last { if case .block = $0 { return false } else { return true } }
    }

    /// True when directly inside a type body (member level).
    var atMemberLevel: Bool {
        if case .type = scopes.last { return true }
        return false
    }

    // MARK: - Main loop

    mutating func run() {
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .punctuation:
                let byte = source.bytes[Int(token.start)]
                if byte == UInt8(ascii: "{") {
                    scopes.append(pendingBodies.removeValue(forKey: index) ?? .block)
                } else if byte == UInt8(ascii: "}") {
                    closeScope()
                } else if byte == UInt8(ascii: "@") {
                    handleAttribute(at: index)
                }
            case .identifier, .backtickIdentifier:
                handleIdentifier(at: index)
            default:
                break
            }
            index += 1
        }
        while !scopes.isEmpty { closeScope() }
        resolveCollectionDefaults()
    }

    mutating func closeScope() {
        guard let scope = scopes.popLast() else { return }
        switch scope {
        case .computed(let property):
            facts.computedProperties[property].references = computedReferences[property, default: []].sorted()
        case .configuration(let configuration):
            facts.configurations[configuration].references = configurationReferences[configuration, default: []].sorted()
        default:
            break
        }
    }

    mutating func handleIdentifier(at index: Int) {
        let token = tokens[index]
        if token.kind == .identifier && !isPunctuation(index - 1, UInt8(ascii: ".")) {
            switch token.length {
            case 3 where isWord(index, "var"):
                if atMemberLevel { handleComputedProperty(at: index) }
                return
            case 4 where isWord(index, "func"):
                handleFunction(at: index)
                return
            case 4 where isWord(index, "init"):
                if atMemberLevel { handleInitializer(at: index) }
                return
            case 4 where isWord(index, "enum"), 5 where isWord(index, "class") || isWord(index, "actor"),
                 6 where isWord(index, "struct"), 8 where isWord(index, "protocol"), 9 where isWord(index, "extension"):
                handleType(at: index)
                return
            case 13 where isWord(index, "Configuration"):
                handleConfiguration(at: index)
                return
            default:
                break
            }
        }
        recordUse(at: index)
    }

    // MARK: - Declarations

    mutating func handleType(at keyword: Int) {
        guard isName(keyword + 1), !isWord(keyword + 1, "func"), !isWord(keyword + 1, "var"), !isWord(keyword + 1, "let") else { return }
        if isWord(keyword, "class"), tokens[keyword + 1].kind == .identifier,
           ["override", "final", "private", "public", "internal", "fileprivate", "static", "subscript", "open"].contains(name(keyword + 1)) {
            return
        }
        var components = [name(keyword + 1)]
        var index = keyword + 2
        while isPunctuation(index, UInt8(ascii: ".")) && isName(index + 1) {
            components.append(name(index + 1))
            index += 2
        }
        guard let body = bodyBrace(from: index) else { return }
        let qualified = isWord(keyword, "extension") ? components.joined(separator: ".")
            : ((owner.map { [$0] } ?? []) + components).joined(separator: ".")
        pendingBodies[body] = .type(qualified)
    }

    mutating func handleFunction(at keyword: Int) {
        guard isName(keyword + 1), let owner = owner else { return }
        var lifecycle: SpeziLifecycleRead.Function?
        if atMemberLevel && isWord(keyword + 1, "configure") && isPunctuation(keyword + 2, UInt8(ascii: "(")) && isPunctuation(keyword + 3, UInt8(ascii: ")")) {
            lifecycle = .configure
        }
        guard let body = bodyBrace(from: keyword + 1) else { return }
        pendingBodies[body] = .function(owner: owner, lifecycle: lifecycle)
    }

    mutating func handleInitializer(at keyword: Int) {
        guard let owner = owner else { return }
        var open = keyword + 1
        if isOperator(open, "?") || isOperator(open, "!") { open += 1 }
        guard isPunctuation(open, UInt8(ascii: "(")), let close = partner(of: open), let body = bodyBrace(from: close + 1) else { return }
        pendingBodies[body] = .function(owner: owner, lifecycle: .initializer)
    }

    /// `var name: Type { … }` at member level: a computed property whose body may list modules.
    mutating func handleComputedProperty(at keyword: Int) {
        guard let owner = owner, isName(keyword + 1), isPunctuation(keyword + 2, UInt8(ascii: ":")) else { return }
        var index = keyword + 3
        var depth = 0
        while index < tokens.count {
            if depth == 0 {
                if isPunctuation(index, UInt8(ascii: "{")) { break }
                if isOperator(index, "=") || isPunctuation(index, UInt8(ascii: "}")) || isPunctuation(index, UInt8(ascii: ";")) { return }
                if index > keyword + 3 && tokens[index].isAtLineStart { return }
            }
            depth += bracketDepthChange(index)
            if depth < 0 { return }
            index += 1
        }
        guard index < tokens.count else { return }
        facts.computedProperties.append(SpeziComputedProperty(owner: owner, name: name(keyword + 1), instantiations: [], references: []))
        pendingBodies[index] = .computed(facts.computedProperties.count - 1)
    }

    /// `Configuration(standard: S()) { … }` or `Configuration { … }`.
    mutating func handleConfiguration(at index: Int) {
        guard !isPunctuation(index - 1, UInt8(ascii: ":")), !isOperator(index - 1, "->"), !isWord(index - 1, "var"),
              !isWord(index - 1, "let"), !isWord(index - 1, "func") else { return }
        var standard: SpeziTypeUse?
        var body = index + 1
        if isPunctuation(body, UInt8(ascii: "(")) {
            guard let close = partner(of: body) else { return }
            var argument = body + 1
            while argument < close {
                if isWord(argument, "standard") && isPunctuation(argument + 1, UInt8(ascii: ":")) && startsUppercase(argument + 2) {
                    var typeIndex = argument + 2
                    while isPunctuation(typeIndex + 1, UInt8(ascii: ".")) && startsUppercase(typeIndex + 2) { typeIndex += 2 }
                    standard = use(typeIndex)
                    break
                }
                argument += 1
            }
            body = close + 1
        }
        guard isPunctuation(body, UInt8(ascii: "{")) else { return }
        let owner = self.owner ?? ""
        let token = tokens[index]
        facts.configurations.append(SpeziConfiguration(owner: owner, standard: standard, instantiations: [], references: [],
                                                       line: Int(token.line), column: source.column(of: token)))
        pendingBodies[body] = .configuration(facts.configurations.count - 1)
    }

    // MARK: - Uses inside bodies

    /// Instantiations and references inside configuration and computed-property bodies;
    /// reads inside `configure()` and `init`.
    mutating func recordUse(at index: Int) {
        guard !scopes.isEmpty else { return }
        // `Loader.shared` on a line of its own: a module configured as a static instance
        // counts as built here (not `if Flags.health {`, an argument or a condition).
        let staticInstance = tokens[index].isAtLineStart && startsUppercase(index) && isPunctuation(index + 1, UInt8(ascii: "."))
            && startsLowercase(index + 2) && (index + 3 >= tokens.count || tokens[index + 3].isAtLineStart)
        // Arguments count: `AccountConfiguration(service: FirebaseAccountService())` configures both.
        if isInstantiation(index, afterLabels: true) || staticInstance {
            var typeUse = use(index)
            while let last = openCalls.last, last.end < index { openCalls.removeLast() }
            typeUse.enclosing = openCalls.last?.name
            if !staticInstance { openCalls.append((typeUse.name, callEnd(after: index))) }
            for scope in scopes {
                switch scope {
                case .computed(let property): facts.computedProperties[property].instantiations.append(typeUse)
                case .configuration(let configuration): facts.configurations[configuration].instantiations.append(typeUse)
                default: break
                }
            }
            return
        }
        guard startsLowercase(index) else { return }
        let afterDot = isPunctuation(index - 1, UInt8(ascii: "."))
        let selfMember = afterDot && isWord(index - 2, "self") && !isPunctuation(index - 3, UInt8(ascii: "."))
        guard !afterDot || selfMember, !isPunctuation(index + 1, UInt8(ascii: ":")) else { return }
        let reference = name(index)
        guard !Self.keywords.contains(reference) else { return }
        for scope in scopes {
            switch scope {
            case .computed(let property): computedReferences[property, default: []].insert(reference)
            case .configuration(let configuration): configurationReferences[configuration, default: []].insert(reference)
            default: break
            }
        }
        guard case .function(let owner, let lifecycle?)? = innermostDeclaration, !isOperator(index + 1, "=") else { return }
        let key = "\(owner)\u{0}\(lifecycle.rawValue)\u{0}\(reference)"
        guard seenReads.insert(key).inserted else { return }
        let token = tokens[index]
        facts.lifecycleReads.append(SpeziLifecycleRead(owner: owner, function: lifecycle, name: reference,
                                                       line: Int(token.line), column: source.column(of: token)))
    }

    // MARK: - Property wrappers

    mutating func handleAttribute(at marker: Int) {
        guard let owner = owner, atMemberLevel, isName(marker + 1), tokens[marker + 1].kind == .identifier else { return }
        let attribute = marker + 1
        let isDependency = isWord(attribute, "Dependency")
        let isStandardActor = isWord(attribute, "StandardActor")
        let wrapper: SpeziWrappedProperty.Wrapper? = isWord(attribute, "Provide") ? .provide : isWord(attribute, "Collect") ? .collect : nil
        guard isDependency || isStandardActor || wrapper != nil else { return }
        var arguments: Range<Int> = (attribute + 1)..<(attribute + 1)
        var index = attribute + 1
        if isPunctuation(index, UInt8(ascii: "(")) && !tokens[index].hasSpaceBefore {
            guard let close = partner(of: index) else { return }
            arguments = (index + 1)..<close
            index = close + 1
        }
        // Other attributes and modifiers up to `var`/`let`.
        var steps = 0
        while index < tokens.count && steps < 64 && !isWord(index, "var") && !isWord(index, "let") {
            if isPunctuation(index, UInt8(ascii: "@")) {
                index += 2
                if isPunctuation(index, UInt8(ascii: "(")), let close = partner(of: index) { index = close + 1 }
                steps += 1
                continue
            }
            guard tokens[index].kind == .identifier, !isWord(index, "func"), !isWord(index, "init") else { return }
            if isPunctuation(index + 1, UInt8(ascii: "(")), let close = partner(of: index + 1) { index = close }
            index += 1
            steps += 1
        }
        guard isWord(index, "var") || isWord(index, "let"), isName(index + 1) else { return }
        let property = name(index + 1)
        let site = tokens[marker]
        index += 2
        var annotation: Range<Int> = index..<index
        if isPunctuation(index, UInt8(ascii: ":")) {
            let start = index + 1
            var end = start
            var depth = 0
            while end < tokens.count {
                if depth == 0 && end > start {
                    if isOperator(end, "=") || isPunctuation(end, UInt8(ascii: "{")) || isPunctuation(end, UInt8(ascii: "}"))
                        || isPunctuation(end, UInt8(ascii: ";")) || isPunctuation(end, UInt8(ascii: "@")) || tokens[end].isAtLineStart {
                        break
                    }
                }
                depth += bracketDepthChange(end)
                if depth < 0 { break }
                end += 1
            }
            annotation = start..<end
            index = end
        }
        var defaults: [SpeziTypeUse] = []
        if isOperator(index, "=") {
            defaults = instantiations(in: (index + 1)..<statementEnd(from: index + 1))
        }
        let line = Int(site.line), column = source.column(of: site)
        if let wrapper {
            facts.wrappedProperties.append(SpeziWrappedProperty(owner: owner, name: property, wrapper: wrapper, line: line, column: column))
        } else if isStandardActor {
            facts.standardRequirements.append(standardRequirement(owner: owner, property: property, annotation: annotation, line: line, column: column))
        } else if let dependency = dependency(owner: owner, property: property, arguments: arguments, annotation: annotation,
                                              defaults: defaults, line: line, column: column) {
            facts.dependencies.append(dependency)
        }
    }

    mutating func standardRequirement(owner: String, property: String, annotation: Range<Int>, line: Int, column: Int) -> SpeziStandardRequirement {
        let text = folded(annotation)
        var kind = SpeziStandardRequirement.Kind.concrete
        var types: [SpeziTypeUse] = []
        let names = annotation.filter { startsUppercase($0) && !isPunctuation($0 + 1, UInt8(ascii: ".")) }
        if annotation.isEmpty || isOperator(annotation.upperBound - 1, "?") || text.hasSuffix("?") {
            kind = .soft
        } else if annotation.contains(where: { isWord($0, "any") || isWord($0, "some") }) {
            let constraints = names.filter { !isWord($0, "Standard") }
            kind = constraints.isEmpty ? .soft : .constraint
            types = constraints.map { use($0) }
        } else if let last = names.last {
            kind = isWord(last, "Standard") ? .soft : .concrete
            types = kind == .soft ? [] : [use(last)]
        } else {
            kind = .soft
        }
        return SpeziStandardRequirement(owner: owner, property: property, typeText: text, kind: kind, types: types, line: line, column: column)
    }

    mutating func dependency(owner: String, property: String, arguments: Range<Int>, annotation: Range<Int>,
                             defaults: [SpeziTypeUse], line: Int, column: Int) -> SpeziDependency? {
        // `@Dependency(\.client)` is swift-dependencies, even in a file that imports Spezi.
        if let first = arguments.first, tokens[first].kind == .operator, source.bytes[Int(tokens[first].start)] == UInt8(ascii: "\\") {
            return nil
        }
        var type: String?
        for index in arguments where isWord(index, "self") && isPunctuation(index - 1, UInt8(ascii: ".")) && isName(index - 2) {
            type = name(index - 2)
            break
        }
        let isOptional = !annotation.isEmpty && (isOperator(annotation.upperBound - 1, "?") || folded(annotation).hasSuffix("?"))
        let isCollection = !annotation.isEmpty && isPunctuation(annotation.lowerBound, UInt8(ascii: "["))
        if type == nil && !isCollection {
            type = annotation.last { startsUppercase($0) && !isPunctuation($0 + 1, UInt8(ascii: ".")) }.map { name($0) }
        }
        if type == nil && !isCollection {
            type = defaults.first?.name
        }
        guard type != nil || isCollection else { return nil }
        return SpeziDependency(owner: owner, property: property, type: isCollection ? nil : type, isOptional: isOptional,
                               isCollection: isCollection, defaultTypes: defaults, line: line, column: column)
    }

    func folded(_ range: Range<Int>) -> String {
        var result = ""
        for index in range {
            if index > range.lowerBound && tokens[index].hasSpaceBefore { result += " " }
            result += source.text(tokens[index])
        }
        return result
    }

    /// `_modules = Dependency { A(); B() }` in an initializer gives a collection
    /// dependency its modules, and `self._storage = Dependency(wrappedValue: Storage(…))`
    /// or `_clock = Dependency { Clock() }` gives a single one its value: Spezi uses the
    /// module built there.
    mutating func resolveCollectionDefaults() {
        let pending = facts.dependencies.indices.filter { facts.dependencies[$0].isCollection || facts.dependencies[$0].defaultTypes.isEmpty }
        guard !pending.isEmpty else { return }
        for position in pending {
            let target = "_" + facts.dependencies[position].property
            var index = 0
            while index < tokens.count {
                defer { index += 1 }
                guard tokens[index].kind == .identifier, isOperator(index + 1, "="), source.text(tokens[index]) == target else { continue }
                facts.dependencies[position].defaultTypes += instantiations(in: (index + 2)..<statementEnd(from: index + 2), afterLabels: true)
            }
        }
    }
}
