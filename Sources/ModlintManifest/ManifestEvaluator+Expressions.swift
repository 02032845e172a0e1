/// Expressions: literals, names, members, subscripts and operators, each metered.
extension ManifestEvaluator {
    /// Every expression is a step and every value it makes is weighed: a manifest cannot
    /// hang or exhaust memory however it recurses, loops or doubles.
    mutating func evaluate(_ expr: Expr, in scope: Scope) -> Value {
        guard step() else { return .unknown("evaluation stopped", expr.pos) }
        let value = evaluateUnmetered(expr, in: scope)
        meter(value)
        return value
    }

    private mutating func evaluateUnmetered(_ expr: Expr, in scope: Scope) -> Value {
        switch expr {
        case .string(let s, let p):
            return .string(s, p)
        case .interpolated(let parts, let p):
            return interpolate(parts, pos: p, in: scope)
        case .number(let text, let p):
            if let n = Double(String(text.filter { $0 != "_" })) { return .number(n) }
            return .unknown("number '\(text)' is not evaluated", p)
        case .bool(let b, _):
            return .bool(b)
        case .nilLiteral:
            return .null
        case .identifier(let name, let p):
            return resolveName(name, pos: p, in: scope)
        case .implicitMember(let name, let p):
            return resolveImplicitMember(name, pos: p)
        case .member(let baseExpr, let name, let p):
            // `.projects.app` where `extension String { enum projects { static let app } }`:
            // the nested type of the contextual type, whatever else is named `projects`.
            // The contextual type's own nested type first (`.Package.naverMap` of
            // `[TargetDependency]` is `TargetDependency.Package`'s).
            if case .implicitMember(let typeName, _) = baseExpr,
               let owner = expectedType.map({ $0 + "." + typeName }).flatMap({ staticsByType[$0]?[name] == nil ? nil : $0 })
                   ?? nestedType(typeName, declaring: name),
               let member = staticsByType[owner]?[name] {
                return resolveStatic(member, owner: owner)
            }
            let base = evaluate(baseExpr, in: scope)
            return member(of: base, name, pos: p, exprPos: expr.pos)
        case .call(let callee, let args, let p):
            return call(callee, args, pos: p, in: scope)
        case .subscriptAccess(let baseExpr, let args, let p):
            let base = evaluate(baseExpr, in: scope)
            let key = args.first.map { evaluate($0.value, in: scope) } ?? .null
            return subscriptValue(base, key, pos: p)
        case .array(let elements, _):
            return .array(elements.map { evaluate($0, in: scope) })
        case .dictionary(let pairs, _):
            return .dictionary(pairs.map { (evaluate($0.0, in: scope), evaluate($0.1, in: scope)) })
        case .closure(let closure):
            return .closure(closure, scope)
        case .binary(let op, let lhsExpr, let rhsExpr, let p):
            return evaluateBinary(op, lhsExpr, rhsExpr, pos: p, in: scope)
        case .prefix(let op, let operandExpr, let p):
            let operand = evaluate(operandExpr, in: scope)
            return Self.applyPrefix(op, operand, pos: p)
        case .ternary(let conditionExpr, let a, let b, let p):
            let condition = evaluate(conditionExpr, in: scope)
            guard case .bool(let flag) = condition else { return Self.unknownOr(condition, "ternary condition is not evaluated", p) }
            return evaluate(flag ? a : b, in: scope)
        case .tuple(let elements, let p):
            // A tuple is kept like a call's arguments: `.0`, `.1` or its labels read it.
            return .object(ManifestObject(kind: Self.tupleKind, args: evaluateArgs(elements, in: scope), pos: p))
        case .statement(let statement, let p):
            let body = Self.branchesReturned(statement) ?? statement
            if case .returned(let value) = execute([body], in: Scope(parent: scope)) { return value }
            return .unknown("no branch of the expression gives a value", p)
        case .pattern(_, let p):
            return .unknown("a 'case' pattern is not a value", p)
        case .unknown(let message, let p):
            return .unknown(message, p)
        }
    }

    /// `"\(a)-\(b)"`: strings, numbers and Booleans are written into the text; any other
    /// value leaves the whole string unknown.
    private mutating func interpolate(_ parts: [Expr], pos: SourcePos, in scope: Scope) -> Value {
        var result = ""
        for part in parts {
            let value = evaluate(part, in: scope)
            switch value {
            case .string(let s, _): result += s
            case .number(let n): result += n == n.rounded() ? String(Int(n)) : String(n)
            case .bool(let b): result += b ? "true" : "false"
            case .unknown: return value
            default: return .unknown("string interpolation is not evaluated", pos)
            }
        }
        return .string(result, pos)
    }

    /// A name: a binding in scope, else a member of `self`, else a type (capitalised), else
    /// unknown.
    private mutating func resolveName(_ name: String, pos p: SourcePos, in scope: Scope) -> Value {
        if let value = scope.lookup(name) { return resolveGetter(value, in: scope) }
        // A computed property of `self` named without `self.` (`setName(name)` inside
        // `var target: Target` of an enum).
        if case .object(let object)? = scope.lookup("self"),
           let getter = own(instanceGetters[name]?.map { ($0.type, $0.body) }, for: object) {
            return invoke(body: getter, scope: memberScope(object), pos: p)
        }
        // `rawValue` inside a member of a raw-value enum; a member of `self` inside
        // `extension String { var pascalCase: String { … } }`.
        if name == "rawValue", case .object(let object)? = scope.lookup("self"), let raw = rawValue(of: object) { return raw }
        if let this = scope.lookup("self"), case .string = this { return member(of: this, name, pos: p, exprPos: p) }
        if let first = name.utf8.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") {
            return .type(name)
        }
        // A type of the manifest's own named in lower case (`enum uFeatureTarget`).
        if declaredTypes.contains(name) { return .type(name) }
        return .unknown("cannot resolve '\(name)'", p)
    }

    /// `.name` where the type is implied: a static member, an enum case, a nested type.
    private mutating func resolveImplicitMember(_ name: String, pos p: SourcePos) -> Value {
        if let type = expectedType {
            // The contextual type's own member first: `.core` of `[Item]` is `Item.core` even
            // where `Target.Dependency` declares a `core` too, and `.Package` of
            // `[TargetDependency]` the nested `TargetDependency.Package`, not ProjectDescription's.
            if let member = declaredMember(name, of: type, pos: p) { return member }
            // Another type's static of the same name is not a member of the contextual type:
            // `.app` where a `Product` is expected is the case, not `String.app`.
            if statics[name] != nil { return .object(ManifestObject(kind: name, args: [], pos: p)) }
        }
        if let member = statics[name] { return resolveStatic(member, owner: staticOwners[name]) }
        // `.RxMoya` of `enum External: String { case RxMoya }`: a case, not a type.
        if enumCaseTypes[name] != nil && resolveType(name) == nil { return .object(ManifestObject(kind: name, args: [], pos: p)) }
        // `.Feature.search`: a nested type of the contextual type, whose statics follow.
        if let first = name.utf8.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") { return .type(name) }
        return .object(ManifestObject(kind: name, args: [], pos: p))
    }

    /// `base[key]`: the environment reads as unset, dictionaries by string key, arrays by index.
    private mutating func subscriptValue(_ base: Value, _ key: Value, pos p: SourcePos) -> Value {
        switch base {
        case .environment:
            let name = key.stringValue ?? "?"
            note("reads environment variable '\(name)'; evaluated as unset", p)
            return .null
        case .dictionary(let pairs):
            if let k = key.stringValue {
                return pairs.first(where: { $0.0.stringValue == k })?.1 ?? .null
            }
            return .unknown("dictionary subscript is not evaluated", p)
        case .array(let elements):
            if case .number(let n) = key, n >= 0, Int(n) < elements.count { return elements[Int(n)] }
            return .unknown("array subscript is not evaluated", p)
        case .unknown:
            return base
        default:
            return .unknown("subscript is not evaluated", p)
        }
    }

    /// A binary operator: `&&` and `||` evaluate their right operand only when it decides,
    /// `??` only when the left one is `nil`; the others evaluate both.
    private mutating func evaluateBinary(_ op: String, _ lhsExpr: Expr, _ rhsExpr: Expr, pos p: SourcePos, in scope: Scope) -> Value {
        let lhs = evaluate(lhsExpr, in: scope)
        if op == "&&" || op == "||" {
            guard case .bool(let a) = lhs else { return Self.unknownOr(lhs, "'\(op)' operand is not a Boolean", p) }
            if op == "&&" && !a { return .bool(false) }
            if op == "||" && a { return .bool(true) }
            let rhs = evaluate(rhsExpr, in: scope)
            guard case .bool(let b) = rhs else { return Self.unknownOr(rhs, "'\(op)' operand is not a Boolean", p) }
            return .bool(b)
        }
        if op == "??" {
            if case .null = lhs { return evaluate(rhsExpr, in: scope) }
            return lhs
        }
        let rhs = evaluate(rhsExpr, in: scope)
        return binary(op, lhs, rhs, pos: p)
    }

    /// `!flag`, `-n`, and the one-sided ranges `..<n`, `...n`.
    private static func applyPrefix(_ op: String, _ operand: Value, pos p: SourcePos) -> Value {
        switch (op, operand) {
        case ("!", .bool(let b)): return .bool(!b)
        case ("-", .number(let n)): return .number(-n)
        case (_, .unknown): return operand
        case ("..<", _), ("...", _): return .object(ManifestObject(kind: "range", args: [(nil, operand)], pos: p))
        default: return .unknown("prefix '\(op)' is not evaluated", p)
        }
    }

    static func unknownOr(_ value: Value, _ message: String, _ pos: SourcePos) -> Value {
        if case .unknown = value { return value }
        return .unknown(message, pos)
    }

    mutating func binary(_ op: String, _ lhs: Value, _ rhs: Value, pos: SourcePos) -> Value {
        switch op {
        case "+":
            return Self.add(lhs, rhs, pos: pos)
        case "==", "!=":
            guard let equal = Self.equals(lhs, rhs) else {
                if case .unknown = lhs { return lhs }
                if case .unknown = rhs { return rhs }
                return .unknown("'\(op)' comparison is not evaluated", pos)
            }
            return .bool(op == "==" ? equal : !equal)
        case "..<", "...":
            return .object(ManifestObject(kind: "range", args: [(nil, lhs), (nil, rhs)], pos: pos))
        case "<", ">", "<=", ">=":
            if case .number(let a) = lhs, case .number(let b) = rhs {
                switch op {
                case "<": return .bool(a < b)
                case ">": return .bool(a > b)
                case "<=": return .bool(a <= b)
                default: return .bool(a >= b)
                }
            }
            return Self.unknownOr(lhs, "'\(op)' comparison is not evaluated", pos)
        case "-":
            if case .number(let a) = lhs, case .number(let b) = rhs { return .number(a - b) }
            return .unknown("'-' is not evaluated", pos)
        default:
            return .unknown("operator '\(op)' is not evaluated", pos)
        }
    }

    static func equals(_ lhs: Value, _ rhs: Value) -> Bool? {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.null, .unknown), (.unknown, .null): return nil
        case (.null, _), (_, .null): return false
        case (.string(let a, _), .string(let b, _)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.object(let a), .object(let b)):
            if a === b { return true }
            if a.args.isEmpty && b.args.isEmpty { return a.kind == b.kind }
            return nil
        default: return nil
        }
    }

    /// `Type.name`: a static member, nested type or case of the manifest's own types,
    /// `allCases`, the environment, else a nested type name or a case kept as data.
    mutating func staticMember(of typeName: String, _ name: String, pos: SourcePos, exprPos: SourcePos) -> Value {
        if name == "environment" && (typeName == "Context" || typeName == "ProcessInfo") { return .environment }
        if name == "processInfo" { return .type("ProcessInfo") }
        if name == "self" { return .type(typeName) }
        if let full = resolveType(typeName), let member = declaredMember(name, of: full, pos: exprPos) { return member }
        if let member = statics[name] { return resolveStatic(member, owner: staticOwners[name]) }
        if name == "allCases", let cases = casesByType[typeName] ?? casesByType.keys.sorted().first(where: { $0.hasSuffix("." + typeName) }).flatMap({ casesByType[$0] }) {
            // `enum Module: CaseIterable`: its cases, each a value of the enum.
            let enumType = casesByType[typeName] != nil ? typeName : resolveType(typeName)
            return .array(cases.map { Self.enumCase($0, of: enumType, pos: pos) })
        }
        if let first = name.utf8.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") {
            return .type(typeName + "." + name)
        }
        if typeName == "Context" || typeName == "ProcessInfo" {
            return .unknown("'\(typeName).\(name)' is not known statically", pos)
        }
        if typeName == "Environment" {
            // Tuist's `Environment.linking` reads `TUIST_LINKING`: unset, as when
            // `tuist generate` runs without it.
            note("reads the environment (Environment.\(name)); evaluated as unset", pos)
            return .null
        }
        return .object(ManifestObject(kind: name, args: [], pos: exprPos))
    }

    mutating func member(of base: Value, _ name: String, pos: SourcePos, exprPos: SourcePos) -> Value {
        switch base {
        case .type(let typeName):
            return staticMember(of: typeName, name, pos: pos, exprPos: exprPos)
        case .object(let object):
            if let value = object.argument(name) { return value }
            if object.kind == Self.tupleKind, let position = Int(name), position >= 0, position < object.args.count {
                return object.args[position].value
            }
            if let getter = own(instanceGetters[name]?.map { ($0.type, $0.body) }, for: object) {
                return invoke(body: getter, scope: memberScope(object), pos: pos)
            }
            if name == "rawValue", let raw = rawValue(of: object) { return raw }
            if name == "type", let kind = ManifestBuilder.targetKinds[object.kind] {
                return .object(ManifestObject(kind: kind.rawValue, args: [], pos: pos))
            }
            if name == "name" || name == "kind" { return .unknown("'\(name)' of '\(object.kind)' is not known", pos) }
            return Self.defaultProperty(name, pos: pos)
        case .array(let elements):
            switch name {
            case "count": return .number(Double(elements.count))
            case "isEmpty": return .bool(elements.isEmpty)
            case "first": return elements.first ?? .null
            case "last": return elements.last ?? .null
            default: return .unknown("array property '\(name)' is not evaluated", pos)
            }
        case .string(let s, let sp):
            if name == "isEmpty" { return .bool(s.isEmpty) }
            if name == "count" { return .number(Double(s.count)) }
            if name == "capitalized" { return .string(Self.capitalized(s), sp) }
            // `let cli: TargetReference = "icli"`: a reference made from a string is named by it.
            if name == "targetName" { return base }
            if let getter = instanceGetters[name]?.first(where: { Self.isStringType($0.type) }) {
                let inner = Scope(parent: global)
                inner.values["self"] = base
                return invoke(body: getter.body, scope: inner, pos: pos)
            }
            return .unknown("string property '\(name)' is not evaluated", pos)
        case .environment:
            note("reads the environment; evaluated as empty", pos)
            if name == "keys" || name == "values" { return .array([]) }
            return .dictionary([])
        case .unknown:
            return base
        case .null:
            return .null // optional chaining on nil
        default:
            return .unknown("member '\(name)' is not evaluated", pos)
        }
    }
}
