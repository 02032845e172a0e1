/// Starlark's syntax tree: the expressions and statements `BUILD` and `.bzl` files use.
indirect enum StarlarkExpression: Sendable {
    case name(String, line: Int)
    case string(String)
    case number(Int)
    case list([StarlarkExpression])
    case tuple([StarlarkExpression])
    case dictionary([(StarlarkExpression, StarlarkExpression)])
    case call(StarlarkExpression, [StarlarkArgument], line: Int)
    case attribute(StarlarkExpression, String)
    case index(StarlarkExpression, StarlarkExpression)
    /// `x[start:end:step]`, each part optional.
    case slice(StarlarkExpression, StarlarkExpression?, StarlarkExpression?, StarlarkExpression?)
    case binary(String, StarlarkExpression, StarlarkExpression)
    case unary(String, StarlarkExpression)
    case conditional(StarlarkExpression, condition: StarlarkExpression, otherwise: StarlarkExpression)
    /// `[e for x in xs if c]` (and the dictionary form, with `key`).
    case comprehension(element: StarlarkExpression, key: StarlarkExpression?, clauses: [StarlarkClause], isDictionary: Bool)
    case lambda([StarlarkParameter], StarlarkExpression)
}

enum StarlarkClause: Sendable {
    case forIn(StarlarkExpression, StarlarkExpression)
    case condition(StarlarkExpression)
}

enum StarlarkArgument: Sendable {
    case positional(StarlarkExpression)
    case keyword(String, StarlarkExpression)
    case unpackList(StarlarkExpression)
    case unpackDictionary(StarlarkExpression)
}

struct StarlarkParameter: Sendable {
    enum Kind: Sendable { case plain, list, dictionary }
    var name: String
    var kind: Kind
    var defaultValue: StarlarkExpression?
}

indirect enum StarlarkStatement: Sendable {
    case expression(StarlarkExpression, line: Int)
    case assignment(StarlarkExpression, operator: String?, StarlarkExpression, line: Int)
    case definition(name: String, parameters: [StarlarkParameter], body: [StarlarkStatement], line: Int)
    case conditional([(condition: StarlarkExpression?, body: [StarlarkStatement])], line: Int)
    case loop(StarlarkExpression, StarlarkExpression, body: [StarlarkStatement], line: Int)
    case returning(StarlarkExpression?, line: Int)
    case load(module: String, bindings: [(local: String, exported: String)], line: Int)
    case pass, breaking, continuing
}

/// Recursive descent over the tokens; a syntax error names its line.
struct StarlarkParser {
    private let tokens: [StarlarkToken]
    private var position = 0
    private var depth = 0

    static func parse(_ bytes: [UInt8]) throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        try parse(tokens: StarlarkLexer.tokens(bytes))
    }

    /// Statements from tokens already lexed (a BUILD file's reader keeps them to place
    /// dependencies on their lines).
    static func parse(tokens: [StarlarkToken]) throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        var parser = StarlarkParser(tokens: tokens)
        return try parser.file()
    }

    private init(tokens: [StarlarkToken]) {
        self.tokens = tokens
    }

    private var current: StarlarkToken { tokens[position] }
    private var line: Int { current.line }

    private mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    private func isOp(_ text: String) -> Bool { current.kind == .op(text) }
    private func isName(_ text: String) -> Bool { current.kind == .name(text) }

    private mutating func expect(_ text: String) throws(StarlarkSyntaxError) {
        guard isOp(text) else { throw StarlarkSyntaxError(line: line, message: "expected '\(text)'") }
        advance()
    }

    private mutating func file() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        var statements: [StarlarkStatement] = []
        while current.kind != .end {
            if current.kind == .newline { advance(); continue }
            statements += try statement()
        }
        return statements
    }

    private mutating func block() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        try expect(":")
        if current.kind != .newline {
            // `if x: return y` on one line.
            return try simpleStatements()
        }
        advance()
        guard current.kind == .indent else { throw StarlarkSyntaxError(line: line, message: "expected an indented block") }
        advance()
        var body: [StarlarkStatement] = []
        while current.kind != .dedent && current.kind != .end {
            if current.kind == .newline { advance(); continue }
            body += try statement()
        }
        advance()
        return body
    }

    private mutating func statement() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        let at = line
        if isName("def") {
            advance()
            guard case .name(let name) = current.kind else { throw StarlarkSyntaxError(line: line, message: "expected a function name") }
            advance()
            try expect("(")
            let parameters = try parameterList(closing: ")")
            if isOp("->") { advance(); _ = try expression() }
            return [.definition(name: name, parameters: parameters, body: try block(), line: at)]
        }
        if isName("if") {
            var branches: [(condition: StarlarkExpression?, body: [StarlarkStatement])] = []
            advance()
            branches.append((try expression(), try block()))
            while isName("elif") {
                advance()
                branches.append((try expression(), try block()))
            }
            if isName("else") {
                advance()
                branches.append((nil, try block()))
            }
            return [.conditional(branches, line: at)]
        }
        if isName("for") {
            advance()
            let target = try targetList()
            guard isName("in") else { throw StarlarkSyntaxError(line: line, message: "expected 'in'") }
            advance()
            let sequence = try expressionList()
            return [.loop(target, sequence, body: try block(), line: at)]
        }
        return try simpleStatements()
    }

    /// Small statements separated by `;`, ending the line.
    private mutating func simpleStatements() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        var statements: [StarlarkStatement] = [try simpleStatement()]
        while isOp(";") {
            advance()
            if current.kind == .newline { break }
            statements.append(try simpleStatement())
        }
        guard current.kind == .newline || current.kind == .end else { throw StarlarkSyntaxError(line: line, message: "expected the end of the line") }
        advance()
        return statements
    }

    private mutating func simpleStatement() throws(StarlarkSyntaxError) -> StarlarkStatement {
        let at = line
        switch current.kind {
        case .name("pass"): advance(); return .pass
        case .name("break"): advance(); return .breaking
        case .name("continue"): advance(); return .continuing
        case .name("return"):
            advance()
            if current.kind == .newline || isOp(";") { return .returning(nil, line: at) }
            return .returning(try expressionList(), line: at)
        case .name("load") where position + 1 < tokens.count && tokens[position + 1].kind == .op("("):
            advance(); advance()
            guard case .string(let module) = current.kind else { throw StarlarkSyntaxError(line: line, message: "load() needs a module label") }
            advance()
            var bindings: [(String, String)] = []
            while isOp(",") {
                advance()
                if isOp(")") { break }
                if case .string(let exported) = current.kind {
                    bindings.append((exported, exported))
                    advance()
                } else if case .name(let local) = current.kind {
                    advance()
                    try expect("=")
                    guard case .string(let exported) = current.kind else { throw StarlarkSyntaxError(line: line, message: "load() binds names to strings") }
                    bindings.append((local, exported))
                    advance()
                } else {
                    throw StarlarkSyntaxError(line: line, message: "unexpected load() argument")
                }
            }
            try expect(")")
            return .load(module: module, bindings: bindings, line: at)
        default:
            break
        }
        let left = try expressionList()
        for assignment in ["=", "+=", "-=", "*=", "/=", "//=", "%=", "|="] where isOp(assignment) {
            advance()
            let right = try expressionList()
            return .assignment(left, operator: assignment == "=" ? nil : String(assignment.dropLast()), right, line: at)
        }
        return .expression(left, line: at)
    }

    private mutating func parameterList(closing: String) throws(StarlarkSyntaxError) -> [StarlarkParameter] {
        var parameters: [StarlarkParameter] = []
        while !isOp(closing) {
            var kind = StarlarkParameter.Kind.plain
            if isOp("*") { kind = .list; advance() } else if isOp("**") { kind = .dictionary; advance() }
            if case .name(let name) = current.kind {
                advance()
                var defaultValue: StarlarkExpression?
                if isOp("=") {
                    advance()
                    defaultValue = try test()
                }
                parameters.append(StarlarkParameter(name: name, kind: kind, defaultValue: defaultValue))
            } else if kind != .list {
                throw StarlarkSyntaxError(line: line, message: "expected a parameter name")
            }
            if isOp(",") { advance() } else { break }
        }
        if closing == ")" { try expect(")") }
        return parameters
    }

    /// `a, b` as a tuple (loop targets, `return a, b`).
    private mutating func expressionList() throws(StarlarkSyntaxError) -> StarlarkExpression {
        let first = try test()
        guard isOp(",") else { return first }
        var items = [first]
        while isOp(",") {
            advance()
            if current.kind == .newline || isOp("=") || isOp(")") || isName("in") { break }
            items.append(try test())
        }
        return .tuple(items)
    }

    private mutating func targetList() throws(StarlarkSyntaxError) -> StarlarkExpression {
        var items: [StarlarkExpression] = [try primary()]
        while isOp(",") {
            advance()
            items.append(try primary())
        }
        return items.count == 1 ? items[0] : .tuple(items)
    }

    private mutating func expression() throws(StarlarkSyntaxError) -> StarlarkExpression {
        try test()
    }

    /// `a if c else b`, `lambda x: …`, and below.
    private mutating func test() throws(StarlarkSyntaxError) -> StarlarkExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth < 200 else { throw StarlarkSyntaxError(line: line, message: "nesting too deep") }
        if isName("lambda") {
            advance()
            let parameters = try parameterList(closing: ":")
            try expect(":")
            return .lambda(parameters, try test())
        }
        let value = try orTest()
        if isName("if") {
            advance()
            let condition = try orTest()
            guard isName("else") else { throw StarlarkSyntaxError(line: line, message: "expected 'else'") }
            advance()
            return .conditional(value, condition: condition, otherwise: try test())
        }
        return value
    }

    private mutating func orTest() throws(StarlarkSyntaxError) -> StarlarkExpression {
        var left = try andTest()
        while isName("or") {
            advance()
            left = .binary("or", left, try andTest())
        }
        return left
    }

    private mutating func andTest() throws(StarlarkSyntaxError) -> StarlarkExpression {
        var left = try notTest()
        while isName("and") {
            advance()
            left = .binary("and", left, try notTest())
        }
        return left
    }

    private mutating func notTest() throws(StarlarkSyntaxError) -> StarlarkExpression {
        if isName("not") {
            advance()
            return .unary("not", try notTest())
        }
        return try comparison()
    }

    private mutating func comparison() throws(StarlarkSyntaxError) -> StarlarkExpression {
        var left = try binary(0)
        while true {
            if let op = ["==", "!=", "<", ">", "<=", ">="].first(where: isOp) {
                advance()
                left = .binary(op, left, try binary(0))
            } else if isName("in") {
                advance()
                left = .binary("in", left, try binary(0))
            } else if isName("not"), position + 1 < tokens.count, tokens[position + 1].kind == .name("in") {
                advance(); advance()
                left = .binary("not in", left, try binary(0))
            } else {
                return left
            }
        }
    }

    private static let levels: [[String]] = [["|"], ["^"], ["&"], ["<<", ">>"], ["+", "-"], ["*", "/", "//", "%"]]

    private mutating func binary(_ level: Int) throws(StarlarkSyntaxError) -> StarlarkExpression {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level + 1)
        while let op = Self.levels[level].first(where: isOp) {
            advance()
            left = .binary(op, left, try binary(level + 1))
        }
        return left
    }

    private mutating func unary() throws(StarlarkSyntaxError) -> StarlarkExpression {
        if isOp("-") || isOp("+") || isOp("~") {
            let op = isOp("-") ? "-" : (isOp("+") ? "+" : "~")
            advance()
            return .unary(op, try unary())
        }
        return try primary()
    }

    private mutating func primary() throws(StarlarkSyntaxError) -> StarlarkExpression {
        var value = try atom()
        while true {
            if isOp(".") {
                advance()
                guard case .name(let name) = current.kind else { throw StarlarkSyntaxError(line: line, message: "expected an attribute name") }
                advance()
                value = .attribute(value, name)
            } else if isOp("(") {
                let at = line
                advance()
                value = .call(value, try arguments(), line: at)
            } else if isOp("[") {
                advance()
                var start: StarlarkExpression?
                if !isOp(":") { start = try test() }
                if isOp(":") {
                    advance()
                    var end: StarlarkExpression?
                    if !isOp("]") && !isOp(":") { end = try test() }
                    var step: StarlarkExpression?
                    if isOp(":") { advance(); if !isOp("]") { step = try test() } }
                    try expect("]")
                    value = .slice(value, start, end, step)
                } else {
                    try expect("]")
                    value = .index(value, start ?? .number(0))
                }
            } else {
                return value
            }
        }
    }

    private mutating func arguments() throws(StarlarkSyntaxError) -> [StarlarkArgument] {
        var result: [StarlarkArgument] = []
        while !isOp(")") {
            if isOp("*") {
                advance()
                result.append(.unpackList(try test()))
            } else if isOp("**") {
                advance()
                result.append(.unpackDictionary(try test()))
            } else if case .name(let name) = current.kind, position + 1 < tokens.count, tokens[position + 1].kind == .op("=") {
                advance(); advance()
                result.append(.keyword(name, try test()))
            } else {
                let value = try test()
                if isName("for") {
                    // `f(x for x in y)`: a generator, read as a list.
                    result.append(.positional(.comprehension(element: value, key: nil, clauses: try clauses(), isDictionary: false)))
                } else {
                    result.append(.positional(value))
                }
            }
            if isOp(",") { advance() } else { break }
        }
        try expect(")")
        return result
    }

    private mutating func clauses() throws(StarlarkSyntaxError) -> [StarlarkClause] {
        var result: [StarlarkClause] = []
        while true {
            if isName("for") {
                advance()
                let target = try targetList()
                guard isName("in") else { throw StarlarkSyntaxError(line: line, message: "expected 'in'") }
                advance()
                result.append(.forIn(target, try orTest()))
            } else if isName("if") {
                advance()
                result.append(.condition(try orTest()))
            } else {
                return result
            }
        }
    }

    private mutating func atom() throws(StarlarkSyntaxError) -> StarlarkExpression {
        let at = line
        switch current.kind {
        case .name(let name):
            advance()
            return .name(name, line: at)
        case .string(let text):
            advance()
            var joined = text
            // Adjacent literals concatenate.
            while case .string(let more) = current.kind {
                joined += more
                advance()
            }
            return .string(joined)
        case .number(let value):
            advance()
            return .number(value)
        case .op("("):
            advance()
            if isOp(")") { advance(); return .tuple([]) }
            let first = try test()
            if isName("for") {
                let generator = StarlarkExpression.comprehension(element: first, key: nil, clauses: try clauses(), isDictionary: false)
                try expect(")")
                return generator
            }
            if isOp(")") { advance(); return first }
            var items = [first]
            while isOp(",") {
                advance()
                if isOp(")") { break }
                items.append(try test())
            }
            try expect(")")
            return .tuple(items)
        case .op("["):
            advance()
            if isOp("]") { advance(); return .list([]) }
            let first = try test()
            if isName("for") {
                let comprehension = StarlarkExpression.comprehension(element: first, key: nil, clauses: try clauses(), isDictionary: false)
                try expect("]")
                return comprehension
            }
            var items = [first]
            while isOp(",") {
                advance()
                if isOp("]") { break }
                items.append(try test())
            }
            try expect("]")
            return .list(items)
        case .op("{"):
            advance()
            if isOp("}") { advance(); return .dictionary([]) }
            let key = try test()
            try expect(":")
            let value = try test()
            if isName("for") {
                let comprehension = StarlarkExpression.comprehension(element: value, key: key, clauses: try clauses(), isDictionary: true)
                try expect("}")
                return comprehension
            }
            var pairs = [(key, value)]
            while isOp(",") {
                advance()
                if isOp("}") { break }
                let nextKey = try test()
                try expect(":")
                pairs.append((nextKey, try test()))
            }
            try expect("}")
            return .dictionary(pairs)
        default:
            throw StarlarkSyntaxError(line: at, message: "unexpected \(Self.describe(current.kind))")
        }
    }

    static func describe(_ kind: StarlarkToken.Kind) -> String {
        switch kind {
        case .name(let name): return "'\(name)'"
        case .string: return "string"
        case .number: return "number"
        case .op(let op): return "'\(op)'"
        case .newline: return "end of line"
        case .indent: return "indentation"
        case .dedent: return "end of block"
        case .end: return "end of file"
        }
    }
}
