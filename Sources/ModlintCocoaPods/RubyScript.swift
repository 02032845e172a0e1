/// A value of the DSL: what a literal evaluates to, or a name the reader resolves later.
public indirect enum RubyValue: Equatable, Sendable {
    case string(String)
    case symbol(String)
    case number(String)
    case bool(Bool)
    case null
    case array([RubyValue])
    case hash([RubyPair])
    /// A variable or a method chain without arguments: `s.name`, `t`, `ENV`.
    case reference([String])
    /// A string with `#{…}` code: its pieces, resolved by the reader that knows the names.
    case interpolated([Piece])
    /// `/-+/`: a regular expression's source and options.
    case regex(String, options: String)
    /// A method call the evaluator computes once its operands are known (`RubyMethods`):
    /// `File.basename(p, '.podspec')` (receiver `File`), `name.downcase`, `a + b` (`+`),
    /// `Dir['*/*.podspec']` (`Dir.glob`), `__dir__` (no receiver).
    case method(receiver: RubyValue?, name: String, arguments: [RubyValue])
    /// Ruby the reader cannot evaluate (`File.read(…)`, `ENV['X']`, a ternary).
    case unknown

    public enum Piece: Equatable, Sendable {
        case text(String)
        case code(String)
    }

    /// The text of a string or symbol.
    public var text: String? {
        switch self {
        case .string(let text), .symbol(let text): return text
        default: return nil
        }
    }

    /// A string with its `#{…}` pieces resolved by `code` (`nil`: that piece cannot be,
    /// and the value is unknown); other values as they are.
    public func interpolating(_ code: (String) -> String?) -> RubyValue {
        guard case .interpolated(let pieces) = self else { return self }
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let literal): text += literal
            case .code(let source):
                guard let resolved = code(source.trimmingSpaces) else { return .unknown }
                text += resolved
            }
        }
        return .string(text)
    }

    /// A string, or an array of strings (`source_files` takes either); `nil` entries for
    /// the parts that are not literal.
    public var strings: [String?] {
        switch self {
        case .array(let items): return items.flatMap(\.strings)
        case .string(let text): return [text]
        case .null: return []
        default: return [nil]
        }
    }
}

public struct RubyPair: Equatable, Sendable {
    public var key: RubyValue
    public var value: RubyValue
}

/// A method call: `s.dependency 'Core', '~> 1.0'`, `pod 'X', :path => 'Y'`,
/// `target 'App' do … end`, `s.name = 'Core'` (the setter `name=`).
public struct RubyCall: Equatable, Sendable {
    /// The chain before the method: `["s"]`, `["s", "ios"]`, `["Pod", "Spec"]`; empty for a bare call.
    public var receiver: [String]
    /// A literal receiver: `['App', 'Widget'].each do |t|`.
    public var receiverValue: RubyValue?
    public var name: String
    public var arguments: [RubyValue]
    /// Keyword and `=>` arguments by key: `path:` / `:path =>` are both `path`.
    public var options: [String: RubyValue]
    public var block: RubyBlock?
    public var line: Int
    /// It ran under a modifier (`pod 'X' if debug`): whether it runs is unknown.
    public var isConditional = false
}

public struct RubyBlock: Equatable, Sendable {
    public var parameters: [String]
    public var body: [RubyStatement]
}

public indirect enum RubyStatement: Equatable, Sendable {
    case call(RubyCall)
    /// `name = value` for a local variable.
    case assignment(name: String, value: RubyValue, line: Int)
    /// `def name(parameters) … end`.
    case definition(name: String, parameters: [String], body: [RubyStatement], line: Int)
    /// `if` / `unless` / `case` / `while`: every branch, since which one runs is unknown.
    case conditional(branches: [[RubyStatement]], line: Int)
    /// A statement the reader cannot evaluate: what it skipped, for the "says so once" note.
    case unknown(line: Int, text: String)
}

/// Parses the statement subset of Ruby that podspecs and Podfiles use. Only a literal
/// that never ends fails it (`RubyLexer`); what it cannot parse becomes `.unknown` and
/// parsing resumes on the next line, so a spec with one exotic line still yields
/// everything around it.
public struct RubyParser {
    private var tokens: [RubyToken]
    private var position = 0
    /// Nesting guard: a hostile file of ten thousand `[` must not overflow the stack.
    private var depth = 0
    private static let maximumDepth = 200
    /// Set when the guard was reached: Ruby itself gives up on such a file (its stack), and
    /// what was skipped may hold the pod's name or sources, so the file is not read at all.
    private var tooDeep: PodReadError?
    /// The file's name, what `__FILE__` evaluates to (`nil`: unknown).
    private let file: String?

    public static func parse(_ bytes: [UInt8], file: String? = nil) throws(PodReadError) -> [RubyStatement] {
        var parser = RubyParser(tokens: try RubyLexer.tokens(bytes), file: file)
        let statements = parser.statements(until: [])
        if let tooDeep = parser.tooDeep { throw tooDeep }
        return statements
    }

    private init(tokens: [RubyToken], file: String?) {
        self.tokens = tokens
        self.file = file
    }

    private var current: RubyToken { tokens[position] }

    private mutating func noteTooDeep(_ line: Int) {
        if tooDeep == nil {
            tooDeep = PodReadError(line: line, message: "brackets and blocks nest more than \(Self.maximumDepth) levels deep (the nesting budget)")
        }
    }

    private func peekKind(_ offset: Int = 1) -> RubyToken.Kind {
        position + offset < tokens.count ? tokens[position + offset].kind : .end
    }

    private mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    private func isWord(_ word: String) -> Bool {
        if case .identifier(let identifier) = current.kind { return identifier == word }
        return false
    }

    private func isPunctuation(_ text: String) -> Bool {
        if case .punctuation(let punctuation) = current.kind { return punctuation == text }
        return false
    }

    private var isOpaqueOperator: Bool {
        if case .punctuation(let punctuation) = current.kind { return Self.opaqueOperators.contains(punctuation) }
        return false
    }

    private mutating func skipNewlines() {
        while current.kind == .newline || isPunctuation(";") { advance() }
    }

    /// Statements until one of `terminators` (not consumed) or the end.
    private mutating func statements(until terminators: Set<String>) -> [RubyStatement] {
        var result: [RubyStatement] = []
        while true {
            skipNewlines()
            if current.kind == .end { return result }
            if case .identifier(let word) = current.kind, terminators.contains(word) { return result }
            if isPunctuation("}") && terminators.contains("}") { return result }
            let start = position
            if let statement = statement() { result.append(statement) }
            if position == start { advance() }
        }
    }

    private static let blockOpeners: Set<String> = ["if", "unless", "while", "until", "case", "begin", "for"]
    /// Statements that say nothing about pods or targets.
    private static let ignoredCommands: Set<String> = ["require", "require_relative", "return", "next", "break", "raise", "puts", "print", "source", "plugin"]
    /// Words after a command that start no argument.
    private static let argumentStoppers: Set<String> = ["do", "if", "unless", "while", "until", "and", "or", "then", "end", "rescue"]
    /// Operators the evaluator does not compute: the value becomes unknown.
    private static let opaqueOperators: Set<String> = ["-", "*", "/", "||", "&&", "==", "!=", "<<", "<", ">", "=~", "%"]

    private mutating func statement() -> RubyStatement? {
        let line = current.line
        guard depth < Self.maximumDepth else {
            noteTooDeep(line)
            return skipLine(line)
        }
        depth += 1
        defer { depth -= 1 }
        if case .identifier(let word) = current.kind {
            if word == "def" { return definition() }
            if Self.blockOpeners.contains(word) { return conditional(word) }
            if Self.ignoredCommands.contains(word) {
                _ = skipLine(line)
                return nil
            }
        }
        // `::Pod::Spec.new`: a constant named from the top level is the same constant.
        if isPunctuation("::"), case .identifier = peekKind() { advance() }
        if let loop = loopOverComputedValue(line: line) { return loop }
        guard case .identifier = current.kind else { return literalReceiverCall(line: line) }
        let chain = nameChain()
        // `a.b = value`, `name = value`, `a.b += value`.
        if isPunctuation("=") || isPunctuation("+=") || isPunctuation("||=") { return assignment(to: chain, line: line) }
        var call = RubyCall(receiver: Array(chain.dropLast()), name: chain.last ?? "", arguments: [], options: [:], line: line)
        if isPunctuation("(") && !current.spaceBefore {
            advance()
            arguments(into: &call, closing: ")")
        } else if startsArgument {
            arguments(into: &call, closing: nil)
        }
        // `Pod::Spec.new do |s|`: the chain's last call takes the block.
        if isPunctuation(".") {
            // A call on a call's result (`Dir.glob('x').each do`): not evaluated.
            return skipLine(line)
        }
        call.block = blockIfAny()
        call.isConditional = modifier()
        guard current.kind == .newline || current.kind == .end || isPunctuation(";") || isWord("end") || isPunctuation("}") else {
            return skipLine(line)
        }
        return .call(call)
    }

    /// A loop over a computed value: `Dir['LocalPods/*/*.podspec'].each { |p| … }`,
    /// `File.basename(x).each_char`, `__dir__`; `nil`, back where it started, for any other
    /// statement.
    private mutating func loopOverComputedValue(line: Int) -> RubyStatement? {
        guard case .identifier(let word) = current.kind, ["Dir", "File", "__dir__", "__FILE__"].contains(word) else { return nil }
        let start = position
        let value = expression()
        if isPunctuation("."), case .identifier(let method) = peekKind(), method.hasPrefix("each") {
            advance(); advance()
            var call = RubyCall(receiver: [], receiverValue: value, name: method, arguments: [], options: [:], line: line)
            call.block = blockIfAny()
            return .call(call)
        }
        position = start
        return nil
    }

    /// A statement that starts with no name: a method of a literal receiver (`['App',
    /// 'Extension'].each do |name| … end`), else skipped.
    private mutating func literalReceiverCall(line: Int) -> RubyStatement {
        if isPunctuation("[") || current.kind.isWords {
            let value = expression()
            if isPunctuation("."), case .identifier(let method) = peekKind() {
                advance(); advance()
                var call = RubyCall(receiver: [], receiverValue: value, name: method, arguments: [], options: [:], line: line)
                call.block = blockIfAny()
                return .call(call)
            }
        }
        return skipLine(line)
    }

    /// `a`, `a.b`, `A::B.c`: the names of a chain without arguments.
    private mutating func nameChain() -> [String] {
        var chain: [String] = []
        while case .identifier(let name) = current.kind {
            chain.append(name)
            advance()
            if (isPunctuation(".") || isPunctuation("::")), case .identifier = peekKind() {
                advance()
                continue
            }
            break
        }
        return chain
    }

    /// `name = value` (a local), `a.b = value` (the setter `b=`), `+=` and `||=`; at the
    /// operator.
    private mutating func assignment(to chain: [String], line: Int) -> RubyStatement {
        let isAppend = isPunctuation("+=")
        advance()
        skipNewlines()
        if isPunctuation("*") { advance() }
        var value = expression()
        // `s.source_files = 'A/**/*.swift', 'B/**/*.swift'`: several values are an array.
        if isPunctuation(",") {
            var items = [value]
            while isPunctuation(",") {
                advance()
                skipNewlines()
                if isPunctuation("*") { advance() }
                items.append(expression())
            }
            value = .array(items)
        }
        if isAppend { value = .unknown }
        let trailing = modifier()
        if chain.count == 1 {
            return .assignment(name: chain[0], value: trailing ? .unknown : value, line: line)
        }
        var call = RubyCall(receiver: Array(chain.dropLast()), name: chain.last! + "=", arguments: [value], options: [:], line: line)
        call.isConditional = trailing
        return .call(call)
    }

    /// Whether the current token can start a command argument (`pod 'X'` without parentheses).
    private var startsArgument: Bool {
        guard current.spaceBefore else { return false }
        switch current.kind {
        case .string, .symbol, .label, .number, .words: return true
        case .identifier(let word): return !Self.argumentStoppers.contains(word)
        // `*` only as a splat: `s.dependency *deps`.
        case .punctuation(let text): return text == "[" || text == ":" || text == "->" || (text == "*" && !nextHasSpaceBefore)
        default: return false
        }
    }

    private var nextHasSpaceBefore: Bool {
        position + 1 < tokens.count ? tokens[position + 1].spaceBefore : true
    }

    private mutating func arguments(into call: inout RubyCall, closing: String?) {
        while true {
            if let closing {
                skipNewlines()
                if isPunctuation(closing) {
                    advance()
                    return
                }
            }
            if current.kind == .end || current.kind == .newline { return }
            if case .label(let key) = current.kind {
                advance()
                skipNewlines()
                call.options[key] = expression()
            } else {
                if isPunctuation("*") || isPunctuation("&") { advance() }
                let value = expression()
                if isPunctuation("=>") {
                    advance()
                    skipNewlines()
                    let optionValue = expression()
                    if let key = value.text { call.options[key] = optionValue }
                } else {
                    call.arguments.append(value)
                }
            }
            if isPunctuation(",") {
                advance()
                if closing == nil { while current.kind == .newline { advance() } }
                continue
            }
            if let closing {
                if isPunctuation(closing) { advance(); return }
                // Something the argument grammar does not cover: skip to the closing bracket.
                skipBalanced(until: closing)
                return
            }
            return
        }
    }

    private mutating func blockIfAny() -> RubyBlock? {
        if isWord("do") {
            advance()
            let parameters = blockParameters()
            let body = statements(until: ["end"])
            if isWord("end") { advance() }
            return RubyBlock(parameters: parameters, body: body)
        }
        if isPunctuation("{") {
            advance()
            let parameters = blockParameters()
            let body = statements(until: ["}"])
            if isPunctuation("}") { advance() }
            return RubyBlock(parameters: parameters, body: body)
        }
        return nil
    }

    private mutating func blockParameters() -> [String] {
        guard isPunctuation("|") else { return [] }
        advance()
        var names: [String] = []
        while !isPunctuation("|") && current.kind != .end && current.kind != .newline {
            if case .identifier(let name) = current.kind { names.append(name) }
            advance()
        }
        if isPunctuation("|") { advance() }
        return names
    }

    /// A trailing `if`/`unless`/`while` modifier: skipped, and reported as conditional.
    private mutating func modifier() -> Bool {
        guard isWord("if") || isWord("unless") || isWord("while") || isWord("until") else { return false }
        while current.kind != .newline && current.kind != .end && !isPunctuation(";") { advance() }
        return true
    }

    private mutating func definition() -> RubyStatement {
        let line = current.line
        advance()
        var name = ""
        while case .identifier(let part) = current.kind {
            name = part
            advance()
            if isPunctuation(".") { advance() } else { break }
        }
        var parameters: [String] = []
        let parenthesised = isPunctuation("(")
        while current.kind != .newline && current.kind != .end && !isPunctuation(";") {
            if case .identifier(let parameter) = current.kind { parameters.append(parameter) }
            if case .label(let parameter) = current.kind { parameters.append(parameter) }
            if parenthesised && isPunctuation(")") { advance(); break }
            if case .punctuation("=") = current.kind {
                // A default value: not a parameter name.
                advance()
                _ = expression()
                continue
            }
            advance()
        }
        let body = statements(until: ["end"])
        if isWord("end") { advance() }
        return .definition(name: name, parameters: parameters, body: body, line: line)
    }

    /// `if`/`unless`/`while`/`case`/`begin`: the condition skipped, every branch kept.
    private mutating func conditional(_ opener: String) -> RubyStatement {
        let line = current.line
        var branches: [[RubyStatement]] = []
        advance()
        skipToLineEnd()
        let separators: Set<String> = ["elsif", "else", "when", "in", "rescue", "ensure", "end"]
        while true {
            branches.append(statements(until: separators))
            if isWord("end") || current.kind == .end {
                advance()
                break
            }
            // A branch separator: its condition is skipped.
            advance()
            skipToLineEnd()
        }
        return .conditional(branches: branches.filter { !$0.isEmpty }, line: line)
    }

    private mutating func skipToLineEnd() {
        var nesting = 0
        while current.kind != .end {
            if current.kind == .newline && nesting == 0 { return }
            if isPunctuation(";") && nesting == 0 { return }
            if isWord("then") && nesting == 0 { advance(); return }
            if isPunctuation("(") || isPunctuation("[") || isPunctuation("{") { nesting += 1 }
            if isPunctuation(")") || isPunctuation("]") || isPunctuation("}") { nesting = max(0, nesting - 1) }
            advance()
        }
    }

    /// Skips the rest of a statement it cannot evaluate, blocks included.
    private mutating func skipLine(_ line: Int) -> RubyStatement {
        var nesting = 0
        while current.kind != .end {
            if (current.kind == .newline || isPunctuation(";")) && nesting == 0 { break }
            if isPunctuation("(") || isPunctuation("[") || isPunctuation("{") { nesting += 1 }
            if isPunctuation(")") || isPunctuation("]") || isPunctuation("}") {
                if nesting == 0 { break }
                nesting -= 1
            }
            if isWord("do") {
                // The block of the skipped call: skipped whole.
                advance()
                _ = statements(until: ["end"])
                if isWord("end") { advance() }
                continue
            }
            advance()
        }
        return .unknown(line: line, text: "")
    }

    private mutating func skipBalanced(until closing: String) {
        var nesting = 0
        while current.kind != .end {
            if isPunctuation("(") || isPunctuation("[") || isPunctuation("{") { nesting += 1 }
            if isPunctuation(")") || isPunctuation("]") || isPunctuation("}") {
                if nesting == 0 {
                    if isPunctuation(closing) { advance() }
                    return
                }
                nesting -= 1
            }
            advance()
        }
    }

    // MARK: - Expressions

    /// Operands joined by `+` (strings and arrays add up); any other operator makes the
    /// value unknown.
    private mutating func expression() -> RubyValue {
        guard depth < Self.maximumDepth else {
            noteTooDeep(current.line)
            skipBalanced(until: ")")
            return .unknown
        }
        depth += 1
        defer { depth -= 1 }
        var value = operand()
        while true {
            if isPunctuation("+") {
                advance()
                skipNewlines()
                value = Self.add(value, operand())
            } else if isOpaqueOperator || isWord("and") || isWord("or") {
                advance()
                skipNewlines()
                _ = operand()
                value = .unknown
            } else if isPunctuation("?") && current.spaceBefore {
                // A ternary: `a ? b : c`.
                advance()
                _ = expression()
                if isPunctuation(":") { advance() }
                _ = expression()
                value = .unknown
            } else {
                return value
            }
        }
    }

    static func add(_ left: RubyValue, _ right: RubyValue) -> RubyValue {
        switch (left, right) {
        case (.string(let a), .string(let b)): return .string(a + b)
        case (.array(let a), .array(let b)): return .array(a + b)
        case (.interpolated(let a), .string(let b)): return .interpolated(a + [.text(b)])
        case (.string(let a), .interpolated(let b)): return .interpolated([.text(a)] + b)
        case (.interpolated(let a), .interpolated(let b)): return .interpolated(a + b)
        case (.unknown, _), (_, .unknown): return .unknown
        // Operands known once evaluated (`name + 'Tests'`).
        default: return .method(receiver: left, name: "+", arguments: [right])
        }
    }

    private mutating func operand() -> RubyValue {
        let token = current
        switch token.kind {
        case .string(let pieces):
            advance()
            var value = Self.value(of: pieces)
            // Adjacent literals concatenate: `'a' 'b'`.
            while case .string(let more) = current.kind {
                advance()
                value = Self.add(value, Self.value(of: more))
            }
            return postfix(value)
        case .symbol(let name):
            advance()
            return postfix(.symbol(name))
        case .number(let digits):
            advance()
            return postfix(.number(digits))
        case .regex(let source, let options):
            advance()
            return postfix(.regex(source, options: options))
        case .words(let words):
            advance()
            return postfix(.array(words.map { .string($0) }))
        case .punctuation("["):
            advance()
            return arrayLiteral()
        case .punctuation("{"):
            advance()
            return hashLiteral()
        case .punctuation("("):
            advance()
            skipNewlines()
            let value = expression()
            skipNewlines()
            if isPunctuation(")") { advance() } else { skipBalanced(until: ")") }
            return postfix(value)
        case .punctuation("-"), .punctuation("!"):
            advance()
            _ = operand()
            return .unknown
        case .identifier(let word):
            return nameOperand(word)
        default:
            return .unknown
        }
    }

    /// `[a, *b, c]` after its `[`; unknown when an item is not followed by `,` or `]`.
    private mutating func arrayLiteral() -> RubyValue {
        var items: [RubyValue] = []
        while true {
            skipNewlines()
            if isPunctuation("]") || current.kind == .end { advance(); break }
            if isPunctuation("*") { advance() }
            items.append(expression())
            skipNewlines()
            if isPunctuation(",") { advance(); continue }
            if isPunctuation("]") { advance(); break }
            skipBalanced(until: "]")
            return .unknown
        }
        return postfix(.array(items))
    }

    /// `{ key: value, 'k' => v }` after its `{`; unknown when a pair is not followed by `,`
    /// or `}`.
    private mutating func hashLiteral() -> RubyValue {
        var pairs: [RubyPair] = []
        while true {
            skipNewlines()
            if isPunctuation("}") || current.kind == .end { advance(); break }
            let key: RubyValue
            if case .label(let name) = current.kind {
                advance()
                key = .symbol(name)
            } else {
                key = expression()
                if isPunctuation("=>") { advance() } else { skipBalanced(until: "}"); return .unknown }
            }
            skipNewlines()
            pairs.append(RubyPair(key: key, value: expression()))
            skipNewlines()
            if isPunctuation(",") { advance(); continue }
            if isPunctuation("}") { advance(); break }
            skipBalanced(until: "}")
            return .unknown
        }
        return postfix(.hash(pairs))
    }

    /// An operand that starts with a name (`word`): `true`, `false`, `nil`, a reference
    /// (`s.name`), a known `File`/`Dir` call, a method with arguments on a name; a call or
    /// index it cannot evaluate is unknown.
    private mutating func nameOperand(_ word: String) -> RubyValue {
        switch word {
        case "true": advance(); return .bool(true)
        case "false": advance(); return .bool(false)
        case "nil": advance(); return .null
        default: break
        }
        let chain = nameChain()
        if let value = knownCall(chain) { return postfix(value) }
        if chain.count >= 2 && isPunctuation("(") && !current.spaceBefore {
            // A method with arguments on a name: `name.gsub('-', '')`.
            var call = RubyCall(receiver: [], name: chain.last!, arguments: [], options: [:], line: current.line)
            advance()
            arguments(into: &call, closing: ")")
            guard call.options.isEmpty else { return postfix(.unknown) }
            return postfix(.method(receiver: .reference(Array(chain.dropLast())), name: call.name, arguments: call.arguments))
        }
        if (isPunctuation("(") && !current.spaceBefore) || (isPunctuation("[") && !current.spaceBefore) {
            // A call with arguments or an index: `File.join(…)`, `ENV['X']`.
            let closing = isPunctuation("(") ? ")" : "]"
            advance()
            skipBalanced(until: closing)
            return postfix(.unknown)
        }
        // A `do` after an argument belongs to the command (`target t do`), not to `t`.
        if isPunctuation("{") && !current.spaceBefore {
            _ = blockIfAny()
            return .unknown
        }
        return postfix(.reference(chain))
    }

    /// The calls of `File` and `Dir` whose value a podspec's or Podfile's meaning rests on,
    /// left to the evaluator (`RubyMethods`): `File.basename(path[, suffix])`,
    /// `File.dirname`, `File.join`, `File.expand_path`, `Dir.glob(…)` / `Dir[…]`; `__FILE__`
    /// is the file's name, `__dir__` its folder. `nil`: no such call at the cursor (just past
    /// the chain).
    private mutating func knownCall(_ chain: [String]) -> RubyValue? {
        switch chain {
        case ["__FILE__"]:
            return file.map { .string($0) } ?? .unknown
        case ["__dir__"]:
            return .method(receiver: nil, name: "__dir__", arguments: [])
        case ["File", "basename"], ["File", "dirname"], ["File", "join"], ["File", "expand_path"], ["Dir", "glob"]:
            var call = RubyCall(receiver: [], name: chain[1], arguments: [], options: [:], line: current.line)
            if isPunctuation("(") && !current.spaceBefore {
                advance()
                arguments(into: &call, closing: ")")
            } else if startsArgument && !isPunctuation("[") {
                // Without parentheses: `File.basename __FILE__, '.podspec'`.
                arguments(into: &call, closing: nil)
            } else {
                return nil
            }
            // `base:` and the like are not evaluated.
            guard call.options.isEmpty else { return .unknown }
            return .method(receiver: .reference([chain[0]]), name: chain[1], arguments: call.arguments)
        case ["Dir"] where isPunctuation("[") && !current.spaceBefore:
            var call = RubyCall(receiver: [], name: "[]", arguments: [], options: [:], line: current.line)
            advance()
            arguments(into: &call, closing: "]")
            guard call.options.isEmpty else { return .unknown }
            return .method(receiver: .reference(["Dir"]), name: "glob", arguments: call.arguments)
        default:
            return nil
        }
    }

    /// An expression from its source (the code of a `#{…}`); `.unknown` when it is not one
    /// whole expression.
    static func expression(_ source: String, file: String?) -> RubyValue {
        guard let tokens = try? RubyLexer.tokens(Array(source.utf8)) else { return .unknown }
        var parser = RubyParser(tokens: tokens, file: file)
        let value = parser.expression()
        guard parser.current.kind == .end, parser.tooDeep == nil else { return .unknown }
        return value
    }

    /// Methods on a value (`.downcase`, `.gsub('-', '')`), left to the evaluator; one
    /// with a block (`.map { … }`) makes it unknown.
    private mutating func postfix(_ value: RubyValue) -> RubyValue {
        var value = value
        while isPunctuation(".") && !current.spaceBefore, case .identifier(let method) = peekKind() {
            // `[…].each do |x|` is a statement of its own: left to the caller.
            if method.hasPrefix("each") { return value }
            advance(); advance()
            if isPunctuation("(") && !current.spaceBefore {
                var call = RubyCall(receiver: [], name: method, arguments: [], options: [:], line: current.line)
                advance()
                arguments(into: &call, closing: ")")
                value = call.options.isEmpty ? .method(receiver: value, name: method, arguments: call.arguments) : .unknown
            } else if isPunctuation("{") {
                _ = blockIfAny()
                value = .unknown
            } else {
                value = .method(receiver: value, name: method, arguments: [])
            }
        }
        return value
    }

    static func value(of pieces: [RubyToken.StringPiece]) -> RubyValue {
        if pieces.count == 1, case .text(let text) = pieces[0] { return .string(text) }
        return .interpolated(pieces.map { piece in
            switch piece {
            case .text(let text): return .text(text)
            case .code(let code): return .code(code)
            }
        })
    }
}

extension RubyToken.Kind {
    var isWords: Bool {
        if case .words = self { return true }
        return false
    }
}
