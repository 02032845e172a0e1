/// The `#if` structure of one file.
///
/// Every `#if`, `#elseif` and `#else` clause becomes one entry; a token points at the
/// innermost clause it sits in, and each clause points at its parent. That is enough to
/// print a token's condition and to decide whether two tokens can ever be compiled
/// together (clauses of the same block are mutually exclusive).
public struct ConditionTable: Sendable, Equatable {
    public enum ClauseKind: UInt8, Sendable {
        case `if`, `elseif`, `else`
    }

    public struct Clause: Sendable, Equatable {
        /// Enclosing clause, `0` at the top level.
        public var parent: Int32
        /// Identifies the `#if … #endif` block; clauses of one block share it.
        public var block: Int32
        /// 0 for `#if`, then 1, 2, … for each `#elseif` / `#else`.
        public var branch: Int32
        public var kind: ClauseKind
        /// The condition as written, white space folded; empty for `#else`.
        public var expression: String
        public var line: Int32
        /// The block's clause before this one (`0` for its `#if`): the earlier branches of
        /// a clause are found by following these, without a search (deeply nested `#if`
        /// stays linear).
        public var previous: Int32 = 0
    }

    /// Index 0 is a sentinel for "unconditional".
    public private(set) var clauses: [Clause] = [
        Clause(parent: 0, block: -1, branch: 0, kind: .if, expression: "", line: 0)
    ]

    /// Where the clause changes: from `offset` on (to the next run), tokens sit in
    /// `clause`. One entry per directive, in order; none in a file without `#if`, where
    /// tokens then carry no clause at all.
    public struct Run: Sendable, Equatable {
        public var offset: Int32
        public var clause: Int32
    }

    public private(set) var runs: [Run] = []

    public init() {}

    public var isEmpty: Bool { clauses.count == 1 }

    mutating func append(_ clause: Clause) -> Int32 {
        clauses.append(clause)
        return Int32(clauses.count - 1)
    }

    /// Tokens from byte `offset` on sit in `clause` (until the next call).
    mutating func enter(_ clause: Int32, at offset: Int) {
        runs.append(Run(offset: Int32(truncatingIfNeeded: offset), clause: clause))
    }

    /// The clause of the token starting at byte `offset` (an index into `clauses`); `0`
    /// when it is inside no `#if`.
    @inlinable
    public func condition(at offset: Int32) -> Int32 {
        guard let first = runs.first, offset >= first.offset else { return 0 }
        // The last run starting at or before `offset`.
        var low = 1, high = runs.count
        while low < high {
            let middle = (low + high) >> 1
            if runs[middle].offset <= offset { low = middle + 1 } else { high = middle }
        }
        return runs[low - 1].clause
    }

    /// The clause of `token` (see `condition(at:)`).
    @inlinable
    public func condition(of token: Token) -> Int32 { condition(at: token.start) }

    /// The clauses from the outermost to `id`, sentinel excluded.
    public func chain(_ id: Int32) -> [Clause] {
        var result: [Clause] = []
        var current = id
        while current > 0 && Int(current) < clauses.count {
            result.append(clauses[Int(current)])
            current = clauses[Int(current)].parent
        }
        return result.reversed()
    }

    /// A readable condition such as `canImport(UIKit)`, `!DEBUG` or
    /// `os(iOS) && !(swift(>=6.0))`; `nil` when unconditional.
    ///
    /// The condition of a clause is the conjunction, from the outermost block inwards, of
    /// the negations of the earlier branches of each block and the clause's own
    /// expression: `#if A … #elseif B … #else` gives `A`, `!A && B`, `!A && !B`.
    public func description(of id: Int32) -> String? {
        guard id > 0, Int(id) < clauses.count else { return nil }
        // The commonest clause, a top-level `#if` (a whole file in `#if canImport(UIKit)`):
        // its own expression, without building the chain.
        let clause = clauses[Int(id)]
        if clause.parent == 0 && clause.branch == 0 { return clause.expression.isEmpty ? nil : clause.expression }
        var parts: [String] = []
        for clause in chain(id) {
            // Earlier branches of the same block are false when this one is taken.
            var earlier: [String] = []
            var previous = clause.previous
            while previous > 0 && Int(previous) < clauses.count {
                earlier.append(clauses[Int(previous)].expression)
                previous = clauses[Int(previous)].previous
            }
            for expression in earlier.reversed() where !expression.isEmpty {
                parts.append(ConditionTable.negated(expression))
            }
            if !clause.expression.isEmpty {
                parts.append(clause.expression)
            }
        }
        if parts.isEmpty { return nil }
        if parts.count == 1 { return parts[0] }
        return parts.map { ConditionTable.isAtom($0) ? $0 : "(\($0))" }.joined(separator: " && ")
    }

    /// True when no build configuration can compile both clauses: they lie in different
    /// branches of one `#if` block.
    public func areMutuallyExclusive(_ a: Int32, _ b: Int32) -> Bool {
        guard a > 0, b > 0 else { return false }
        var branchByBlock: [Int32: Int32] = [:]
        for clause in chain(a) { branchByBlock[clause.block] = clause.branch }
        return chain(b).contains { clause in branchByBlock[clause.block].map { $0 != clause.branch } ?? false }
    }

    /// `!X` for an atom, `!(X || Y)` otherwise; `!!X` is simplified to `X`.
    static func negated(_ expression: String) -> String {
        guard isAtom(expression) else { return "!(\(expression))" }
        if expression.hasPrefix("!") {
            let rest = String(expression.dropFirst())
            if isAtom(rest) { return rest }
        }
        return "!" + expression
    }

    /// True when the expression needs no parentheses as an operand of `&&` or `!`: no
    /// white space or binary operator outside parentheses (`DEBUG`, `os(iOS)`,
    /// `!DEBUG`, `swift(>=5.9)`).
    static func isAtom(_ expression: String) -> Bool {
        var depth = 0
        for byte in expression.utf8 {
            switch byte {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: " "), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="):
                if depth == 0 { return false }
            default: break
            }
        }
        return !expression.isEmpty
    }
}
