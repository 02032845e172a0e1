/// Whether some default build compiles the code under an `#if` condition: the question
/// that decides if an undeclared import under `#if` breaks a build (an error) or can only
/// matter in a build nobody runs by default (a warning).
///
/// A default build is SwiftPM's or Xcode's debug or release build for one of the platforms
/// the target is built for. In it:
/// - `DEBUG` may hold (debug builds define it) or not;
/// - a flag the manifest can `.define` (a string literal of the manifest names it) or a
///   package trait may hold or not; any other flag does not hold;
/// - `os(X)` holds for exactly one platform of `platforms` (all platforms when empty);
/// - `canImport`, `targetEnvironment`, `arch`, `swift`, `compiler`, `hasFeature`,
///   `hasAttribute` and the other built-in tests may hold or not.
/// The condition is compiled when some such assignment makes it true. `nil`: the condition
/// could not be parsed (the caller keeps its cautious answer).
public enum CompilationCondition {
    public static func isCompiledByDefault(_ condition: String, platforms: [String], settableFlags: Set<String>) -> Bool? {
        var parser = Parser(text: Array(condition.utf8))
        guard let expression = parser.parse() else { return nil }
        var free: [String] = []
        var operatingSystems: [String] = []
        expression.collect(free: &free, operatingSystems: &operatingSystems, settable: settableFlags)
        // More than 12 free atoms: 4,096 assignments per platform is the budget; beyond it
        // the answer is "compiled" (the error side: a real condition is never that large).
        guard free.count <= 12 else { return true }
        let candidates = platforms.isEmpty ? operatingSystems + ["(another platform)"] : platforms.map(normalizedPlatform)
        for platform in Set(candidates) {
            for assignment in 0..<(1 << free.count) {
                var values: [String: Bool] = [:]
                for (index, atom) in free.enumerated() { values[atom] = assignment & (1 << index) != 0 }
                if expression.evaluate(values: values, platform: platform, settable: settableFlags) { return true }
            }
        }
        return false
    }

    /// A condition as a finding shows it: a condition of thousands of nested `#if`s is cut
    /// after its first 200 characters, so one line of output stays one line to read.
    public static func shown(_ condition: String) -> String {
        guard condition.utf8.count > 200 else { return condition }
        return String(condition.prefix(200)) + " …"
    }

    /// `macOS`, `OSX` and `macos` are one platform.
    static func normalizedPlatform(_ name: String) -> String {
        let lower = name.lowercased()
        return lower == "osx" ? "macos" : lower
    }

    /// The flags and traits of `condition` that must hold for it to be compiled — the
    /// conjuncts that are plain identifiers (`A && (B && os(iOS))` → `A`, `B`).
    public static func requiredFlags(_ condition: String) -> [String] {
        var parser = Parser(text: Array(condition.utf8))
        guard let expression = parser.parse() else { return [] }
        return expression.requiredFlags()
    }

    indirect enum Expression {
        case flag(String)
        /// `name(argument)`: `os(iOS)`, `canImport(Kit)`, `swift(>=5.9)`.
        case test(String, String)
        case literal(Bool)
        case not(Expression)
        case and(Expression, Expression)
        case or(Expression, Expression)

        /// Atoms whose value a default build may choose (each once), and the platforms named.
        func collect(free: inout [String], operatingSystems: inout [String], settable: Set<String>) {
            switch self {
            case .flag(let name):
                if (name == "DEBUG" || settable.contains(name)) && !free.contains(name) { free.append(name) }
            case .test(let name, let argument):
                if name == "os" {
                    operatingSystems.append(CompilationCondition.normalizedPlatform(argument))
                } else if !free.contains(key) {
                    free.append(key)
                }
            case .literal:
                break
            case .not(let inner):
                inner.collect(free: &free, operatingSystems: &operatingSystems, settable: settable)
            case .and(let left, let right), .or(let left, let right):
                left.collect(free: &free, operatingSystems: &operatingSystems, settable: settable)
                right.collect(free: &free, operatingSystems: &operatingSystems, settable: settable)
            }
        }

        private var key: String {
            if case .test(let name, let argument) = self { return "\(name)(\(argument))" }
            return ""
        }

        func evaluate(values: [String: Bool], platform: String, settable: Set<String>) -> Bool {
            switch self {
            case .flag(let name): return values[name] ?? false
            case .test(let name, let argument):
                if name == "os" { return CompilationCondition.normalizedPlatform(argument) == platform }
                return values[key] ?? false
            case .literal(let value): return value
            case .not(let inner): return !inner.evaluate(values: values, platform: platform, settable: settable)
            case .and(let left, let right):
                return left.evaluate(values: values, platform: platform, settable: settable)
                    && right.evaluate(values: values, platform: platform, settable: settable)
            case .or(let left, let right):
                return left.evaluate(values: values, platform: platform, settable: settable)
                    || right.evaluate(values: values, platform: platform, settable: settable)
            }
        }

        func requiredFlags() -> [String] {
            switch self {
            case .flag(let name): return [name]
            case .and(let left, let right): return left.requiredFlags() + right.requiredFlags()
            default: return []
            }
        }
    }

    /// `||` binds loosest, then `&&`, then `!`; parentheses group.
    struct Parser {
        let text: [UInt8]
        var index = 0
        /// Nesting is capped: a condition is a line of source, never deep.
        var depth = 0
        var operands = 0
        static let maximumOperands = 512

        mutating func parse() -> Expression? {
            guard let expression = disjunction(), skipSpace() == nil else { return nil }
            return expression
        }

        /// The byte at the cursor after white space, or `nil` at the end.
        @discardableResult
        mutating func skipSpace() -> UInt8? {
            while index < text.count, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
            return index < text.count ? text[index] : nil
        }

        mutating func disjunction() -> Expression? {
            chain("|", combine: Expression.or) { $0.conjunction() }
        }

        mutating func conjunction() -> Expression? {
            chain("&", combine: Expression.and) { $0.unary() }
        }

        /// `operand (op op operand)*`, left to right, for `||` and `&&`.
        mutating func chain(_ symbol: Character, combine: (Expression, Expression) -> Expression,
                            operand: (inout Parser) -> Expression?) -> Expression? {
            let byte = symbol.asciiValue!
            guard var left = operand(&self) else { return nil }
            while skipSpace() == byte, index + 1 < text.count, text[index + 1] == byte {
                index += 2
                guard let right = operand(&self) else { return nil }
                left = combine(left, right)
            }
            return left
        }

        mutating func unary() -> Expression? {
            depth += 1
            defer { depth -= 1 }
            // A chain of `&&` builds a tree as deep as it is long (an import under 100,000
            // nested `#if`s): past this many operands the condition is not parsed, and the
            // caller keeps its cautious answer instead of walking and releasing that tree.
            operands += 1
            guard depth < 64, operands <= Self.maximumOperands, let byte = skipSpace() else { return nil }
            if byte == UInt8(ascii: "!") {
                index += 1
                return unary().map { .not($0) }
            }
            if byte == UInt8(ascii: "(") {
                index += 1
                guard let inner = disjunction(), skipSpace() == UInt8(ascii: ")") else { return nil }
                index += 1
                return inner
            }
            let start = index
            while index < text.count, Self.isIdentifier(text[index]) { index += 1 }
            guard index > start else { return nil }
            let name = String(decoding: text[start..<index], as: UTF8.self)
            if skipSpace() == UInt8(ascii: "(") {
                // The argument: everything to the matching parenthesis, white space dropped.
                var level = 0
                var argument: [UInt8] = []
                while index < text.count {
                    let character = text[index]
                    index += 1
                    if character == UInt8(ascii: "(") {
                        level += 1
                        if level == 1 { continue }
                    } else if character == UInt8(ascii: ")") {
                        level -= 1
                        if level == 0 { return .test(name, String(decoding: argument, as: UTF8.self)) }
                    }
                    if character != 0x20 && character != 0x09 { argument.append(character) }
                }
                return nil
            }
            if name == "true" { return .literal(true) }
            if name == "false" { return .literal(false) }
            return .flag(name)
        }

        static func isIdentifier(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
    }
}
