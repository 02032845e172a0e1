/// A `PackageDescription` value built by a call such as `.target(name: "A")`, kept
/// symbolically: the member name and its arguments. A reference type, like the classes
/// of `PackageDescription`, so that `package.targets.append(…)` and
/// `for target in package.targets { target.dependencies += … }` mutate it.
final class ManifestObject {
    var kind: String
    var args: [(label: String?, value: Value)]
    let pos: SourcePos
    /// For an enum case (`Module.core`, or `.core` passed where a `Module` is declared):
    /// the enum, whose raw values and members it gets.
    var enumType: String?

    init(kind: String, args: [(label: String?, value: Value)], pos: SourcePos) {
        self.kind = kind
        self.args = args
        self.pos = pos
    }

    func argument(_ label: String) -> Value? {
        args.first(where: { $0.label == label })?.value
    }

    func set(_ label: String, _ value: Value) {
        if let index = args.firstIndex(where: { $0.label == label }) {
            args[index].value = value
        } else {
            args.append((label, value))
        }
    }
}

final class Scope {
    var values: [String: Value] = [:]
    let parent: Scope?
    init(parent: Scope?) { self.parent = parent }

    func lookup(_ name: String) -> Value? {
        var scope: Scope? = self
        while let current = scope {
            if let value = current.values[name] { return value }
            scope = current.parent
        }
        return nil
    }

    /// Assigns to the innermost scope that defines `name`.
    func assign(_ name: String, _ value: Value) -> Bool {
        var scope: Scope? = self
        while let current = scope {
            if current.values[name] != nil {
                current.values[name] = value
                return true
            }
            scope = current.parent
        }
        return false
    }
}

indirect enum Value {
    case string(String, SourcePos)
    case number(Double)
    case bool(Bool)
    case null
    case array([Value])
    case dictionary([(Value, Value)])
    case object(ManifestObject)
    case closure(ClosureExpr, Scope)
    case function(FunctionDecl)
    /// A type name such as `Target`, `Target.Dependency`, `Context`.
    case type(String)
    /// `Context.environment` / `ProcessInfo.processInfo.environment`.
    case environment
    /// A computed top-level or static `var` body, evaluated on access.
    case getter([Stmt])
    case unknown(String, SourcePos)

    var stringValue: String? {
        if case .string(let s, _) = self { return s }
        return nil
    }
}

/// Tree-walking evaluator for the Swift subset that manifests use.
struct ManifestEvaluator {
    static let maxCallDepth = 48
    /// The kind of the object a tuple evaluates to.
    static let tupleKind = "(tuple)"
    /// Steps: every statement, expression, call and loop iteration counts one.
    static let maxSteps = 1_000_000
    /// The longest string and the longest list one value may be (`s += s` forty times).
    static let maxStringBytes = 1 << 22
    static let maxElements = 1 << 18
    /// What all values built together may weigh (bytes of strings, elements of lists,
    /// counted each time a value is built or read): bounds the memory and the time of
    /// copies that grow one by one (`a.append(x)` in a long loop copies the list each time).
    static let maxWeight = 1 << 27

    let global = Scope(parent: nil)
    /// `static let` / `static func` members of any extension or type, by member name.
    var statics: [String: Value] = [:]
    /// Static functions by name; several types may declare the same name.
    var staticFunctions: [String: [FunctionDecl]] = [:]
    /// Instance methods and computed properties of the manifest's own types (`struct
    /// CustomTarget { func toTarget() -> Target }`, `extension Kind { var isTest: Bool }`),
    /// by member name, with the type that declares them: called on a value with `self`
    /// and its stored properties in scope.
    var instanceMethods: [String: [(type: String, decl: FunctionDecl)]] = [:]
    var instanceGetters: [String: [(type: String, body: [Stmt])]] = [:]
    /// Stored properties with an initial value (`private var name = ""`), by type.
    var storedDefaults: [String: [(name: String, value: Expr)]] = [:]
    /// The enums that declare each case name, and each enum's cases in order (`allCases`).
    var enumCaseTypes: [String: [String]] = [:]
    var casesByType: [String: [String]] = [:]
    /// Each raw-value enum's cases with their raw values (`enum Module: String`).
    var rawValues: [String: [(name: String, value: Value)]] = [:]
    /// Every type the manifest and its helpers declare (`String.projects`), by full name,
    /// with the static members each declares: `String.projects.app` is that type's `app`.
    var declaredTypes: Set<String> = []
    var staticsByType: [String: [String: Value]] = [:]
    /// The type that declares each static member and static function: `Self` inside it.
    var staticOwners: [String: String] = [:]
    var staticFunctionOwners: [ObjectIdentifier: String] = [:]
    var notes: [(String, SourcePos)] = []
    var packages: [ManifestObject] = []
    var callDepth = 0
    var steps = 0
    var weight = 0
    /// The budget that ran out, if one did: evaluation then stops at once everywhere,
    /// and the manifest is reported unread (its partial result would be a guess).
    var exhausted: String?

    /// Counts one step; false (and evaluation stops) once a budget is spent.
    mutating func step() -> Bool {
        guard exhausted == nil else { return false }
        steps += 1
        if steps > ManifestEvaluator.maxSteps { exhausted = "evaluation stopped after \(ManifestEvaluator.maxSteps) steps (the step budget)" }
        return exhausted == nil
    }

    /// Charges a value just built or read against the size budgets.
    mutating func meter(_ value: Value) {
        switch value {
        case .string(let text, _):
            let bytes = text.utf8.count
            weight += bytes
            if bytes > ManifestEvaluator.maxStringBytes { spend("a string longer than \(ManifestEvaluator.maxStringBytes) bytes (the size budget)") }
        case .array(let elements):
            weight += elements.count
            if elements.count > ManifestEvaluator.maxElements { spend("a list longer than \(ManifestEvaluator.maxElements) elements (the size budget)") }
        case .dictionary(let pairs):
            weight += pairs.count
            if pairs.count > ManifestEvaluator.maxElements { spend("a dictionary larger than \(ManifestEvaluator.maxElements) entries (the size budget)") }
        default:
            return
        }
        if weight > ManifestEvaluator.maxWeight { spend("values built weigh more than \(ManifestEvaluator.maxWeight) bytes and elements (the size budget)") }
    }

    private mutating func spend(_ reason: String) {
        if exhausted == nil { exhausted = "evaluation stopped: \(reason)" }
    }

    mutating func note(_ message: String, _ pos: SourcePos) {
        notes.append((message, pos))
    }

    enum Flow {
        case normal
        case returned(Value)
    }

    // MARK: - Statements

    mutating func run(_ program: [Stmt]) {
        // Functions and types are visible in the whole script.
        for statement in program {
            switch statement {
            case .function(let decl, _):
                global.values[decl.name] = .function(decl)
            case .binding(let name, _, nil, let getter?, _):
                global.values[name] = .getter(getter)
            case .typeDecl(let name, let members, let rawType):
                registerStatics(members, type: name, rawType: rawType)
            default:
                break
            }
        }
        _ = execute(program, in: global)
    }

    mutating func registerStatics(_ members: [Stmt], type: String, rawType: String? = nil) {
        declaredTypes.insert(type)
        var nextOrdinal: Double = 0
        for member in members {
            switch member {
            case .binding(let name, true, let value, let getter, let pos):
                var body: [Stmt]?
                if let value {
                    body = [.returnStmt(value, pos)]
                } else if let getter {
                    body = getter
                }
                if let body {
                    statics[name] = .getter(body)
                    staticsByType[type, default: [:]][name] = .getter(body)
                    staticOwners[name] = type
                }
            case .binding(let name, false, nil, let getter?, _):
                instanceGetters[name, default: []].append((type, getter))
            case .binding(let name, false, let value?, nil, _):
                storedDefaults[type, default: []].append((name, value))
            case .enumCases(let cases):
                for (name, _) in cases { enumCaseTypes[name, default: []].append(type) }
                casesByType[type, default: []] += cases.map(\.name)
                guard let rawType else { break }
                for (name, rawExpr) in cases {
                    // Swift's implicit raw values: the case name for `String`, one more than
                    // the previous case's for numbers (from 0).
                    var raw: Value = rawType == "String" || rawType == "Character" ? .string(name, .none) : .number(nextOrdinal)
                    if let rawExpr { raw = evaluate(rawExpr, in: global) }
                    if case .number(let n) = raw { nextOrdinal = n + 1 }
                    rawValues[type, default: []].append((name, raw))
                }
            case .function(let decl, true):
                staticFunctions[decl.name, default: []].append(decl)
                staticFunctionOwners[ObjectIdentifier(decl)] = type
            case .function(let decl, false):
                instanceMethods[decl.name, default: []].append((type, decl))
            case .typeDecl(let nested, let members, let nestedRawType):
                registerStatics(members, type: type + "." + nested, rawType: nestedRawType)
            default:
                break
            }
        }
    }

    /// The member of the manifest's own types that `object` gets: its own type's (a value
    /// built by `CustomTarget(…)` has that kind), else the only candidate, else the first
    /// (an enum case such as `.exported` does not say its type).
    /// An enum case value (`.testKit`) belongs to the enum that declares that case.
    func own<Member>(_ candidates: [(type: String, member: Member)]?, for object: ManifestObject) -> Member? {
        guard let candidates, !candidates.isEmpty else { return nil }
        if let enumType = object.enumType, let typed = candidates.first(where: { $0.type == enumType }) { return typed.member }
        let exact = candidates.first { $0.type == object.kind || $0.type.hasSuffix("." + object.kind) }
        let declaringCase = enumCaseTypes[object.kind].flatMap { types in candidates.first { types.contains($0.type) } }
        return (exact ?? declaringCase ?? candidates[0]).member
    }

    /// A scope for a member of `object`: `self` and its stored properties.
    func memberScope(_ object: ManifestObject) -> Scope {
        let inner = Scope(parent: global)
        for (label, value) in object.args { if let label { inner.values[label] = value } }
        inner.values["self"] = .object(object)
        if let enumType = object.enumType { inner.values[Self.staticSelf] = .type(enumType) }
        return inner
    }

    mutating func execute(_ statements: [Stmt], in scope: Scope) -> Flow {
        for statement in statements {
            guard step() else { return .normal }
            switch statement {
            case .binding(let name, _, let value, let getter, _):
                if let value {
                    scope.values[name] = evaluate(value, in: scope)
                } else if let getter {
                    scope.values[name] = .getter(getter)
                } else {
                    scope.values[name] = .null
                }
            case .function(let decl, _):
                scope.values[decl.name] = .function(decl)
            case .typeDecl(let name, let members, let rawType):
                if scope !== global { registerStatics(members, type: name, rawType: rawType) }
            case .expr(let expr):
                _ = evaluate(expr, in: scope)
            case .assign(let op, let target, let valueExpr, let pos):
                let value = evaluate(valueExpr, in: scope)
                switch op {
                case "=":
                    mutate(target, in: scope, pos: pos) { _ in value }
                case "+=":
                    mutate(target, in: scope, pos: pos) { old in Self.add(old, value, pos: pos) }
                default:
                    mutate(target, in: scope, pos: pos) { _ in .unknown("'\(op)' is not evaluated", pos) }
                }
            case .ifStmt(let clauses, let elseBody, _):
                var taken = false
                for clause in clauses {
                    let inner = Scope(parent: scope)
                    if testConditions(clause.conditions, in: inner) {
                        taken = true
                        if case .returned(let v) = execute(clause.body, in: inner) { return .returned(v) }
                        break
                    }
                }
                if !taken, let elseBody {
                    if case .returned(let v) = execute(elseBody, in: Scope(parent: scope)) { return .returned(v) }
                }
            case .guardStmt(let conditions, let elseBody, _):
                if !testConditions(conditions, in: scope) {
                    if case .returned(let v) = execute(elseBody, in: Scope(parent: scope)) { return .returned(v) }
                }
            case .forIn(let name, let sequenceExpr, let filter, let body, let pos):
                let sequence = evaluate(sequenceExpr, in: scope)
                guard case .array(let elements) = sequence else {
                    if case .unknown(let message, let p) = sequence { note(message, p) } else {
                        note("'for' loop over a value that is not an array is not evaluated", pos)
                    }
                    continue
                }
                for element in elements {
                    guard step() else { break }
                    let inner = Scope(parent: scope)
                    inner.values[name] = element
                    if let filter {
                        let keep = evaluate(filter, in: inner)
                        guard case .bool(true) = keep else {
                            if case .unknown(let message, let p) = keep { note(message, p) }
                            continue
                        }
                    }
                    if case .returned(let v) = execute(body, in: inner) { return .returned(v) }
                }
            case .switchStmt(let subjectExpr, let cases, let pos):
                let subject = evaluate(subjectExpr, in: scope)
                var chosen: [Stmt]?
                caseLoop: for switchCase in cases {
                    guard let patterns = switchCase.patterns else {
                        chosen = switchCase.body
                        break
                    }
                    for pattern in patterns {
                        let value = evaluate(pattern, in: scope)
                        guard let equal = Self.equals(subject, value) else {
                            if case .unknown(let message, let p) = value { note(message, p) } else if case .unknown(let message, let p) = subject {
                                note(message, p)
                            } else {
                                note("'switch' could not be evaluated", pos)
                            }
                            break caseLoop
                        }
                        if equal {
                            chosen = switchCase.body
                            break caseLoop
                        }
                    }
                }
                if let chosen, case .returned(let v) = execute(chosen, in: Scope(parent: scope)) { return .returned(v) }
            case .returnStmt(let expr, _):
                return .returned(expr.map { evaluate($0, in: scope) } ?? .null)
            case .enumCases:
                break   // registered with their type
            case .unsupported(let message, let pos):
                note(message, pos)
            }
        }
        return .normal
    }

    /// `if`/`guard` conditions. Unknown conditions are reported and taken as false.
    mutating func testConditions(_ conditions: [Condition], in scope: Scope) -> Bool {
        for condition in conditions {
            switch condition {
            case .expr(let expr):
                let value = evaluate(expr, in: scope)
                switch value {
                case .bool(let b):
                    if !b { return false }
                case .unknown(let message, let pos):
                    note(message + "; condition taken as false", pos)
                    return false
                default:
                    note("condition could not be evaluated; taken as false", expr.pos)
                    return false
                }
            case .binding(let name, let expr):
                let value = evaluate(expr, in: scope)
                switch value {
                case .null:
                    return false
                case .unknown(let message, let pos):
                    note(message + "; condition taken as false", pos)
                    return false
                default:
                    scope.values[name] = value
                }
            }
        }
        return true
    }

    /// Applies `transform` to the storage `target` denotes.
    mutating func mutate(_ target: Expr, in scope: Scope, pos: SourcePos, _ transform: (Value) -> Value) {
        switch target {
        case .identifier(let name, let p):
            guard let old = scope.lookup(name) else {
                note("assignment to unknown variable '\(name)'", p)
                return
            }
            let value = transform(old)
            meter(value)
            _ = scope.assign(name, value)
        case .member(let baseExpr, let name, let p):
            let base = evaluate(baseExpr, in: scope)
            if case .object(let object) = base {
                let old = object.argument(name) ?? Self.defaultProperty(name, pos: p)
                let value = transform(old)
                meter(value)
                object.set(name, value)
            } else if case .unknown(let message, let up) = base {
                note(message, up)
            } else {
                note("assignment to '\(name)' is not evaluated", p)
            }
        default:
            note("assignment is not evaluated", pos)
        }
    }

    static func defaultProperty(_ name: String, pos: SourcePos) -> Value {
        switch name {
        case "dependencies", "targets", "products", "exclude", "plugins", "swiftSettings", "cSettings", "linkerSettings",
             "cxxSettings", "resources", "platforms", "traits":
            return .array([])
        default:
            return .unknown("property '\(name)' is not known statically", pos)
        }
    }

    static func add(_ lhs: Value, _ rhs: Value, pos: SourcePos) -> Value {
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)): return .array(a + b)
        case (.string(let a, let p), .string(let b, _)): return .string(a + b, p)
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.array(let a), .unknown): return .array(a + [rhs])
        case (.unknown, .array(let b)): return .array([lhs] + b)
        case (.unknown, _): return lhs
        case (_, .unknown): return rhs
        default: return .unknown("'+' on these values is not evaluated", pos)
        }
    }

    // MARK: - Expressions

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
            var result = ""
            for part in parts {
                let value = evaluate(part, in: scope)
                switch value {
                case .string(let s, _): result += s
                case .number(let n): result += n == n.rounded() ? String(Int(n)) : String(n)
                case .bool(let b): result += b ? "true" : "false"
                case .unknown: return value
                default: return .unknown("string interpolation is not evaluated", p)
                }
            }
            return .string(result, p)
        case .number(let text, let p):
            if let n = Double(String(text.filter { $0 != "_" })) { return .number(n) }
            return .unknown("number '\(text)' is not evaluated", p)
        case .bool(let b, _):
            return .bool(b)
        case .nilLiteral:
            return .null
        case .identifier(let name, let p):
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
            return .unknown("cannot resolve '\(name)'", p)
        case .implicitMember(let name, let p):
            if let member = statics[name] { return resolveStatic(member, owner: staticOwners[name]) }
            // `.RxMoya` of `enum External: String { case RxMoya }`: a case, not a type.
            if enumCaseTypes[name] != nil && resolveType(name) == nil { return .object(ManifestObject(kind: name, args: [], pos: p)) }
            // `.Feature.search`: a nested type of the contextual type, whose statics follow.
            if let first = name.utf8.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") { return .type(name) }
            return .object(ManifestObject(kind: name, args: [], pos: p))
        case .member(let baseExpr, let name, let p):
            // `.projects.app` where `extension String { enum projects { static let app } }`:
            // the nested type of the contextual type, whatever else is named `projects`.
            if case .implicitMember(let typeName, _) = baseExpr, let owner = nestedType(typeName, declaring: name),
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
        case .array(let elements, _):
            return .array(elements.map { evaluate($0, in: scope) })
        case .dictionary(let pairs, _):
            return .dictionary(pairs.map { (evaluate($0.0, in: scope), evaluate($0.1, in: scope)) })
        case .closure(let closure):
            return .closure(closure, scope)
        case .binary(let op, let lhsExpr, let rhsExpr, let p):
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
        case .prefix(let op, let operandExpr, let p):
            let operand = evaluate(operandExpr, in: scope)
            switch (op, operand) {
            case ("!", .bool(let b)): return .bool(!b)
            case ("-", .number(let n)): return .number(-n)
            case (_, .unknown): return operand
            case ("..<", _), ("...", _): return .object(ManifestObject(kind: "range", args: [(nil, operand)], pos: p))
            default: return .unknown("prefix '\(op)' is not evaluated", p)
            }
        case .ternary(let conditionExpr, let a, let b, let p):
            let condition = evaluate(conditionExpr, in: scope)
            guard case .bool(let flag) = condition else { return Self.unknownOr(condition, "ternary condition is not evaluated", p) }
            return evaluate(flag ? a : b, in: scope)
        case .tuple(let elements, let p):
            // A tuple is kept like a call's arguments: `.0`, `.1` or its labels read it.
            return .object(ManifestObject(kind: Self.tupleKind, args: evaluateArgs(elements, in: scope), pos: p))
        case .unknown(let message, let p):
            return .unknown(message, p)
        }
    }

    static func unknownOr(_ value: Value, _ message: String, _ pos: SourcePos) -> Value {
        if case .unknown = value { return value }
        return .unknown(message, pos)
    }

    /// A static member's value, evaluated with `Self` as the type that declares it.
    mutating func resolveStatic(_ value: Value, owner: String?) -> Value {
        guard case .getter(let body) = value else { return value }
        return invoke(body: body, scope: staticScope(owner), pos: .none)
    }

    /// The declared type `name` names: itself, else the one nested type it ends
    /// (`Core` for `Module.Core`).
    func resolveType(_ name: String) -> String? {
        let name = Self.plainTypeName(name)
        if declaredTypes.contains(name) { return name }
        // The first in name order, as a sorted search would find it, without sorting.
        return declaredTypes.filter { $0.hasSuffix("." + name) }.min()
    }

    /// `Project` for `Project?`, `Project!` and `ProjectDescription.Project`.
    static func plainTypeName(_ name: String) -> String {
        var name = name
        if name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        if name.hasPrefix("ProjectDescription.") { name.removeFirst("ProjectDescription.".count) }
        return name
    }

    /// A declared type whose last name component is `name` and that declares the static
    /// member `member` (the first in name order).
    func nestedType(_ name: String, declaring member: String) -> String? {
        declaredTypes.filter { ($0 == name || $0.hasSuffix("." + name)) && staticsByType[$0]?[member] != nil }.min()
    }

    /// The raw value of an enum case value (`Module.core.rawValue`).
    func rawValue(of object: ManifestObject) -> Value? {
        guard object.args.isEmpty else { return nil }
        let types = object.enumType.map { [$0] } ?? enumCaseTypes[object.kind] ?? []
        var found: Value?
        for type in types {
            guard let raw = rawValues[type]?.first(where: { $0.name == object.kind })?.value else { continue }
            // `.presentation` of two enums whose raw values differ: which one is not known.
            if let found, Self.equals(found, raw) != true { return nil }
            found = raw
        }
        return found
    }

    /// An enum case value passed where `type` is declared (`_ target: Module.Core` given
    /// `.cache`) is that enum's case.
    func typed(_ value: Value, as type: String?) -> Value {
        guard let type, case .object(let object) = value, object.args.isEmpty, object.enumType == nil,
              let full = resolveType(type), casesByType[full]?.contains(object.kind) == true else { return value }
        let typedCase = ManifestObject(kind: object.kind, args: [], pos: object.pos)
        typedCase.enumType = full
        return .object(typedCase)
    }

    /// A function's result as its declared type makes it: `.init(…)` and `Self(…)` in a
    /// function declared `-> Project` build a `Project` (also the elements of `-> [T]`).
    static func retyped(_ value: Value, as returnType: String?) -> Value {
        guard let returnType, !returnType.isEmpty else { return value }
        let type = plainTypeName(returnType)
        switch value {
        case .object(let object) where object.enumType == nil && (object.kind == "init" || object.kind == "Self"):
            guard type != "Self", type.first?.isUppercase == true, !type.contains("<") else { return value }
            object.kind = type
        case .array(let elements) where type.hasPrefix("[") && type.hasSuffix("]") && !type.contains(":"):
            let element = String(type.dropFirst().dropLast())
            for case .object(let object) in elements { _ = retyped(.object(object), as: element) }
        default:
            break
        }
        return value
    }

    mutating func resolveGetter(_ value: Value, in scope: Scope) -> Value {
        guard case .getter(let body) = value else { return value }
        return invoke(body: body, scope: Scope(parent: global), pos: .none)
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

    mutating func member(of base: Value, _ name: String, pos: SourcePos, exprPos: SourcePos) -> Value {
        switch base {
        case .type(let typeName):
            if name == "environment" && (typeName == "Context" || typeName == "ProcessInfo") { return .environment }
            if name == "processInfo" { return .type("ProcessInfo") }
            if name == "self" { return base }
            if let full = resolveType(typeName) {
                if let member = staticsByType[full]?[name] { return resolveStatic(member, owner: full) }
                if declaredTypes.contains(full + "." + name) { return .type(full + "." + name) }
                if casesByType[full]?.contains(name) == true {
                    let value = ManifestObject(kind: name, args: [], pos: exprPos)
                    value.enumType = full
                    return .object(value)
                }
            }
            if let member = statics[name] { return resolveStatic(member, owner: staticOwners[name]) }
            if name == "allCases", let cases = casesByType[typeName] ?? casesByType.keys.sorted().first(where: { $0.hasSuffix("." + typeName) }).flatMap({ casesByType[$0] }) {
                // `enum Module: CaseIterable`: its cases, each a value of the enum.
                let enumType = casesByType[typeName] != nil ? typeName : resolveType(typeName)
                return .array(cases.map { name in
                    let value = ManifestObject(kind: name, args: [], pos: pos)
                    value.enumType = enumType
                    return .object(value)
                })
            }
            if let first = name.utf8.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") {
                return .type(typeName + "." + name)
            }
            if typeName == "Context" || typeName == "ProcessInfo" {
                return .unknown("'\(typeName).\(name)' is not known statically", pos)
            }
            return .object(ManifestObject(kind: name, args: [], pos: exprPos))
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

    // MARK: - Calls

    mutating func call(_ callee: Expr, _ argExprs: [Argument], pos: SourcePos, in scope: Scope) -> Value {
        switch callee {
        case .member(let baseExpr, let name, let p):
            // Mutating array methods on a variable or property.
            if name == "append" || name == "insert" || name == "removeAll" || name == "remove" {
                return mutatingCall(baseExpr, name, argExprs, pos: p, in: scope)
            }
            let base = evaluate(baseExpr, in: scope)
            switch base {
            case .type(let typeName):
                if name == "init" { return constructNamed(typeName, argExprs, pos: pos, in: scope) }
                if let decl = staticFunction(name, argExprs) {
                    return call(decl, argExprs, pos: pos, in: scope, callee: staticScope(staticFunctionOwners[ObjectIdentifier(decl)]))
                }
                if let full = resolveType(typeName), let member = staticsByType[full]?[name] {
                    return apply(resolveStatic(member, owner: full), argExprs, pos: pos, in: scope)
                }
                if let member = statics[name] {
                    return apply(resolveStatic(member, owner: staticOwners[name]), argExprs, pos: pos, in: scope)
                }
                if typeName == "Context" || typeName == "ProcessInfo" {
                    return .unknown("'\(typeName).\(name)(…)' is not known statically", p)
                }
                return .object(ManifestObject(kind: name, args: evaluateArgs(argExprs, in: scope), pos: pos))
            case .array(let elements):
                return arrayMethod(elements, name, argExprs, pos: p, in: scope)
            case .string(let s, let sp):
                let args = evaluateArgs(argExprs, in: scope)
                if let method = instanceMethods[name]?.first(where: { Self.isStringType($0.type) }) {
                    let inner = Scope(parent: global)
                    inner.values["self"] = base
                    return call(method.decl, argExprs, pos: pos, in: scope, callee: inner)
                }
                let count = args.first.flatMap { if case .number(let n) = $0.value { return Int(n) } else { return nil } }
                switch name {
                case "lowercased": return .string(s.lowercased(), sp)
                case "uppercased": return .string(s.uppercased(), sp)
                case "capitalized": return .string(Self.capitalized(s), sp)
                case "prefix": if let count, count >= 0 { return .string(String(s.prefix(count)), sp) }
                case "suffix": if let count, count >= 0 { return .string(String(s.suffix(count)), sp) }
                case "dropFirst": if (count ?? 1) >= 0 { return .string(String(s.dropFirst(count ?? 1)), sp) }
                case "dropLast": if (count ?? 1) >= 0 { return .string(String(s.dropLast(count ?? 1)), sp) }
                case "replacingOccurrences":
                    if let of = args.first(where: { $0.label == "of" })?.value.stringValue,
                       let with = args.first(where: { $0.label == "with" })?.value.stringValue, !of.isEmpty {
                        return .string(s.replacing(of, with: with), sp)
                    }
                case "hasPrefix": if let a = args.first?.value.stringValue { return .bool(s.hasPrefix(a)) }
                case "hasSuffix": if let a = args.first?.value.stringValue { return .bool(s.hasSuffix(a)) }
                case "contains": if let a = args.first?.value.stringValue { return .bool(s.contains(a)) }
                default: break
                }
                return .unknown("string method '\(name)' is not evaluated", p)
            case .object(let object):
                guard let decl = own(instanceMethods[name]?.map { ($0.type, $0.decl) }, for: object) else {
                    return .unknown("method '\(name)' is not evaluated", p)
                }
                return call(decl, argExprs, pos: pos, in: scope, callee: memberScope(object))
            case .unknown:
                return base
            case .null:
                return .null
            case .dictionary(let pairs):
                if name == "map" || name == "compactMap" || name == "flatMap" {
                    return .unknown("dictionary '\(name)' is not evaluated", p)
                }
                _ = pairs
                return .unknown("dictionary method '\(name)' is not evaluated", p)
            default:
                return .unknown("method '\(name)' is not evaluated", p)
            }
        case .implicitMember(let name, _):
            if let decl = staticFunction(name, argExprs) {
                return call(decl, argExprs, pos: pos, in: scope, callee: staticScope(staticFunctionOwners[ObjectIdentifier(decl)]))
            }
            if let member = statics[name] {
                return apply(resolveStatic(member, owner: staticOwners[name]), argExprs, pos: pos, in: scope)
            }
            return .object(ManifestObject(kind: name, args: evaluateArgs(argExprs, in: scope), pos: pos))
        case .identifier(let name, let p):
            if let value = scope.lookup(name) {
                return apply(value, argExprs, pos: pos, in: scope)
            }
            if case .array(let elements)? = scope.lookup("self") {
                // `filter { … }` inside `extension Array { func except(…) }`: a method of self.
                return arrayMethod(elements, name, argExprs, pos: p, in: scope)
            }
            if case .string? = scope.lookup("self") {
                // `prefix(1)` inside `extension String { var pascalCase: String { … } }`.
                return call(.member(.identifier("self", p), name, p), argExprs, pos: pos, in: scope)
            }
            if case .object(let object)? = scope.lookup("self"),
               let method = own(instanceMethods[name]?.map { ($0.type, $0.decl) }, for: object) {
                // `makeInfoPlist()` inside another member of the same type: a method of self.
                return call(method, argExprs, pos: pos, in: scope, callee: memberScope(object))
            }
            if case .type? = scope.lookup("self"), case .type? = scope.lookup(Self.staticSelf) {
                // A bare `target(…)` inside `extension Target { static func … }` is
                // `Self.target(…)`: the type's own factory or another of its helpers.
                return call(.implicitMember(name, p), argExprs, pos: pos, in: scope)
            }
            if let first = name.utf8.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") {
                return constructNamed(name, argExprs, pos: pos, in: scope)
            }
            return .unknown("cannot resolve function '\(name)'", p)
        default:
            let value = evaluate(callee, in: scope)
            return apply(value, argExprs, pos: pos, in: scope)
        }
    }

    /// `Name(…)`, `Name.init(…)`, `Self(…)`: a list for `Set`/`Array`, the case of a
    /// raw-value enum for `Module(rawValue: "core")`, a value of the manifest's own type,
    /// else the `ProjectDescription`/`PackageDescription` value as data.
    mutating func constructNamed(_ name: String, _ argExprs: [Argument], pos: SourcePos, in scope: Scope) -> Value {
        let args = evaluateArgs(argExprs, in: scope)
        if name == "Set" || name == "Array" {
            // `Set<String>()`, `Array(names)`: a list (order means nothing to targets).
            return args.first?.value ?? .array([])
        }
        if name == "String", let first = args.first, case .string = first.value { return first.value }
        if args.count == 1, args[0].label == "rawValue", let full = resolveType(name), let cases = rawValues[full] {
            guard let match = cases.first(where: { Self.equals($0.value, args[0].value) == true }) else {
                if case .unknown = args[0].value { return args[0].value }
                return .null
            }
            let value = ManifestObject(kind: match.name, args: [], pos: pos)
            value.enumType = full
            return .object(value)
        }
        if let object = construct(name, argExprs, args, pos: pos, in: scope) { return .object(object) }
        let object = ManifestObject(kind: name, args: args, pos: pos)
        if name == "Package" { packages.append(object) }
        return .object(object)
    }

    /// `extension String`, `extension StringProtocol`: members a string value gets.
    static func isStringType(_ type: String) -> Bool {
        type == "String" || type == "StringProtocol" || type == "Substring"
    }

    /// Foundation's `capitalized`: each word's first letter upper-cased, the rest lower-cased.
    static func capitalized(_ text: String) -> String {
        var result = ""
        var atWordStart = true
        for character in text {
            if character.isWhitespace {
                result.append(character)
                atWordStart = true
            } else {
                result += atWordStart ? character.uppercased() : character.lowercased()
                atWordStart = false
            }
        }
        return result
    }

    /// A value of one of the manifest's own types (a helper's `struct Module`, `final class
    /// ProjectBuilder`): its stored properties' initial values, then its `init` (whose
    /// parameter defaults fill what the call leaves out and whose `self.x = …` make the
    /// properties), else the call's labelled arguments as a memberwise init. `nil` for a
    /// type the manifest does not declare (`PackageDescription`'s own stay data).
    mutating func construct(_ type: String, _ argExprs: [Argument], _ args: [(label: String?, value: Value)], pos: SourcePos,
                            in scope: Scope) -> ManifestObject? {
        let defaults = storedDefaults[type] ?? []
        let initializer = instanceMethods["init"]?.first { $0.type == type && Self.accepts($0.decl, argExprs) }?.decl
        guard !defaults.isEmpty || initializer != nil else { return nil }
        let object = ManifestObject(kind: type, args: [], pos: pos)
        if !defaults.isEmpty {
            // Initial values are evaluated like a call's body, at one more level of the call
            // depth: `var next = Node()` inside `Node` would construct without end.
            guard callDepth < ManifestEvaluator.maxCallDepth else {
                note("calls nested deeper than \(ManifestEvaluator.maxCallDepth) are not evaluated", pos)
                return object
            }
            callDepth += 1
            for (name, value) in defaults { object.set(name, evaluate(value, in: global)) }
            callDepth -= 1
        }
        if let initializer {
            _ = call(initializer, argExprs, pos: pos, in: scope, callee: memberScope(object))
        } else {
            for case (let label?, let value) in args { object.set(label, value) }
        }
        return object
    }

    /// The name a static function's scope binds to the type it is called on, so that
    /// `self.target(…)` and a bare `target(…)` inside it resolve as `.target(…)` would.
    static let staticSelf = "Self"

    /// The scope a static function of an extension runs in: `self` and `Self` are the type
    /// that declares it, when known.
    func staticScope(_ owner: String? = nil) -> Scope {
        let inner = Scope(parent: global)
        inner.values["self"] = .type(owner ?? Self.staticSelf)
        inner.values[Self.staticSelf] = .type(owner ?? Self.staticSelf)
        return inner
    }

    /// A user-declared static function whose parameter labels accept `args`.
    func staticFunction(_ name: String, _ args: [Argument]) -> FunctionDecl? {
        staticFunctions[name]?.first { Self.accepts($0, args) }
    }

    /// Whether a function's parameter labels accept `args` (missing ones have defaults).
    static func accepts(_ decl: FunctionDecl, _ args: [Argument]) -> Bool {
        var remaining = args[...]
        for param in decl.params {
            if let next = remaining.first, next.label == param.label {
                remaining = remaining.dropFirst()
            } else if param.defaultValue == nil {
                return false
            }
        }
        return remaining.isEmpty
    }

    mutating func evaluateArgs(_ args: [Argument], in scope: Scope) -> [(label: String?, value: Value)] {
        args.map { ($0.label, evaluate($0.value, in: scope)) }
    }

    /// Calls a user function, closure or static member.
    mutating func apply(_ callee: Value, _ argExprs: [Argument], pos: SourcePos, in scope: Scope) -> Value {
        switch callee {
        case .function(let decl):
            return call(decl, argExprs, pos: pos, in: scope, callee: Scope(parent: global))
        case .closure(let closure, let captured):
            let args = evaluateArgs(argExprs, in: scope)
            return callClosure(closure, captured, args.map(\.value), pos: pos)
        case .getter:
            let value = resolveGetter(callee, in: scope)
            return apply(value, argExprs, pos: pos, in: scope)
        case .unknown:
            return callee
        case .type(let name):
            // `Self(…)` inside a type's static member.
            return constructNamed(name, argExprs, pos: pos, in: scope)
        case .array(let elements) where elements.count == 1 && argExprs.isEmpty:
            // `[String]()`: an empty array of that type.
            if case .type = elements[0] { return .array([]) }
            return .unknown("call is not evaluated", pos)
        case .dictionary(let pairs) where pairs.count == 1 && argExprs.isEmpty:
            // `[String: String]()`.
            if case .type = pairs[0].0 { return .dictionary([]) }
            return .unknown("call is not evaluated", pos)
        case .object(let object) where object.args.isEmpty:
            // A static member that is itself a factory, e.g. `.nio(…)` resolved to `.product`.
            return .object(ManifestObject(kind: object.kind, args: evaluateArgs(argExprs, in: scope), pos: pos))
        default:
            return .unknown("call is not evaluated", pos)
        }
    }

    /// Calls a user function with its parameters bound in `inner` (the global scope's
    /// child, or a member scope with `self`).
    mutating func call(_ decl: FunctionDecl, _ argExprs: [Argument], pos: SourcePos, in scope: Scope, callee inner: Scope) -> Value {
        let args = evaluateArgs(argExprs, in: scope)
        var remaining = args[...]
        for param in decl.params {
            if let next = remaining.first, next.label == param.label {
                inner.values[param.name] = typed(next.value, as: param.type)
                remaining = remaining.dropFirst()
            } else if let defaultValue = param.defaultValue {
                inner.values[param.name] = typed(evaluate(defaultValue, in: global), as: param.type)
            } else if let next = remaining.first, param.label == nil || next.label == nil {
                // Trailing closures have no label.
                inner.values[param.name] = typed(next.value, as: param.type)
                remaining = remaining.dropFirst()
            } else {
                inner.values[param.name] = .unknown("argument '\(param.name)' of '\(decl.name)' is missing", pos)
            }
        }
        return Self.retyped(invoke(body: decl.body, scope: inner, pos: pos), as: decl.returnType)
    }

    mutating func invoke(body: [Stmt], scope: Scope, pos: SourcePos) -> Value {
        guard step() else { return .unknown("evaluation stopped", pos) }
        if callDepth >= ManifestEvaluator.maxCallDepth {
            note("calls nested deeper than \(ManifestEvaluator.maxCallDepth) are not evaluated", pos)
            return .unknown("call nested too deeply", pos)
        }
        callDepth += 1
        defer { callDepth -= 1 }
        // A single expression is returned implicitly, and so is each branch's single
        // expression when the body is one `if` or `switch` (Swift 5.9 if-expressions:
        // `func lint() -> [Package.Dependency] { if … { [.package(…)] } else { [] } }`).
        if body.count == 1, case .expr(let expr) = body[0] {
            return evaluate(expr, in: scope)
        }
        if body.count == 1, let expression = Self.branchesReturned(body[0]) {
            if case .returned(let value) = execute([expression], in: scope) { return value }
            return .null
        }
        if case .returned(let value) = execute(body, in: scope) { return value }
        return .null
    }

    /// An `if` or `switch` statement whose branches are single expressions, with those
    /// expressions turned into `return`s; `nil` for any other statement.
    static func branchesReturned(_ statement: Stmt) -> Stmt? {
        func returning(_ body: [Stmt]) -> [Stmt] {
            if body.count == 1, case .expr(let expr) = body[0] { return [.returnStmt(expr, expr.pos)] }
            if body.count == 1, let nested = branchesReturned(body[0]) { return [nested] }
            return body
        }
        switch statement {
        case .ifStmt(let clauses, let elseBody, let pos):
            return .ifStmt(clauses: clauses.map { ($0.conditions, returning($0.body)) }, elseBody: elseBody.map(returning), pos: pos)
        case .switchStmt(let subject, let cases, let pos):
            return .switchStmt(subject: subject, cases: cases.map { ($0.patterns, returning($0.body)) }, pos: pos)
        default:
            return nil
        }
    }

    mutating func callClosure(_ closure: ClosureExpr, _ captured: Scope, _ args: [Value], pos: SourcePos) -> Value {
        let inner = Scope(parent: captured)
        // `{ name, dependencies in … }` over an array of tuples: the tuple is destructured.
        if closure.params.count > 1, args.count == 1, case .object(let tuple) = args[0], tuple.kind == Self.tupleKind {
            for (offset, name) in closure.params.enumerated() where offset < tuple.args.count {
                inner.values[name] = tuple.args[offset].value
            }
            return invoke(body: closure.body, scope: inner, pos: pos)
        }
        if closure.params.isEmpty {
            for (offset, arg) in args.enumerated() { inner.values["$\(offset)"] = arg }
        } else {
            for (offset, name) in closure.params.enumerated() where offset < args.count {
                inner.values[name] = args[offset]
            }
        }
        return invoke(body: closure.body, scope: inner, pos: pos)
    }

    mutating func arrayMethod(_ elements: [Value], _ name: String, _ argExprs: [Argument], pos: SourcePos, in scope: Scope) -> Value {
        let args = evaluateArgs(argExprs, in: scope)
        let function = args.last?.value
        func applyEach(_ evaluator: inout ManifestEvaluator, _ element: Value) -> Value {
            switch function {
            case .closure(let c, let s)?:
                return evaluator.callClosure(c, s, [element], pos: pos)
            case .function?, .getter?:
                return evaluator.apply(function!, [Argument(label: nil, value: .unknown("", pos))], pos: pos, in: scope)
            default:
                return .unknown("'\(name)' argument is not a closure", pos)
            }
        }
        switch name {
        case "forEach":
            for element in elements { _ = applyEach(&self, element) }
            return .null
        case "map", "compactMap", "flatMap":
            if case .function(let decl)? = function {
                // `.map(helper)`: call the function with each element.
                var result: [Value] = []
                for element in elements {
                    let inner = Scope(parent: global)
                    if let param = decl.params.first { inner.values[param.name] = element }
                    result.append(invoke(body: decl.body, scope: inner, pos: pos))
                }
                return flatten(name, result)
            }
            var result: [Value] = []
            for element in elements { result.append(applyEach(&self, element)) }
            return flatten(name, result)
        case "filter":
            var result: [Value] = []
            for element in elements {
                let keep = applyEach(&self, element)
                if case .bool(true) = keep { result.append(element) } else if case .unknown = keep { return keep }
            }
            return .array(result)
        case "contains":
            if case .closure? = function {
                for element in elements {
                    if case .bool(true) = applyEach(&self, element) { return .bool(true) }
                }
                return .bool(false)
            }
            guard let needle = args.first?.value else { return .unknown("'contains' is not evaluated", pos) }
            if case .null = needle { return .bool(false) }
            for element in elements {
                guard let equal = Self.equals(element, needle) else { return .unknown("'contains' is not evaluated", pos) }
                if equal { return .bool(true) }
            }
            return .bool(false)
        case "reversed":
            return .array(elements.reversed())
        case "sorted":
            // Order means nothing to a list of targets or dependencies.
            return .array(elements)
        case "joined":
            let separator = args.first?.value.stringValue ?? ""
            var parts: [String] = []
            for element in elements {
                guard let s = element.stringValue else { return .unknown("'joined' is not evaluated", pos) }
                parts.append(s)
            }
            return .string(parts.joined(separator: separator), pos)
        default:
            // `extension Array where Element == Target.Dependency { func appendingDebugDependencies(…) }`
            if let method = instanceMethods[name]?.first(where: { Self.isArrayType($0.type) }) {
                let inner = Scope(parent: global)
                inner.values["self"] = .array(elements)
                return call(method.decl, argExprs, pos: pos, in: scope, callee: inner)
            }
            // An array method modlint does not know: the literal part is known, the rest not.
            return .array(elements + [.unknown("array method '\(name)' is not evaluated", pos)])
        }
    }

    /// `Array`, `Array<…>`, `[…]`, `Collection`, `Sequence`: an extension whose methods
    /// a list of targets, products or dependencies gets.
    static func isArrayType(_ type: String) -> Bool {
        type.hasPrefix("Array") || type.hasPrefix("[") || type == "Collection" || type == "Sequence"
            || type == "RandomAccessCollection" || type == "MutableCollection" || type == "RangeReplaceableCollection"
    }

    func flatten(_ name: String, _ values: [Value]) -> Value {
        switch name {
        case "compactMap":
            return .array(values.filter { if case .null = $0 { return false } else { return true } })
        case "flatMap":
            var result: [Value] = []
            for value in values {
                if case .array(let inner) = value { result += inner } else if case .null = value {} else { result.append(value) }
            }
            return .array(result)
        default:
            return .array(values)
        }
    }

    mutating func mutatingCall(_ baseExpr: Expr, _ name: String, _ argExprs: [Argument], pos: SourcePos, in scope: Scope) -> Value {
        let args = evaluateArgs(argExprs, in: scope)
        let label = args.first?.label
        let value = args.first?.value ?? .null
        mutate(baseExpr, in: scope, pos: pos) { old in
            let oldElements: [Value]
            switch old {
            case .array(let elements): oldElements = elements
            case .unknown: return old
            default: return .unknown("'\(name)' on a value that is not an array is not evaluated", pos)
            }
            switch (name, label) {
            case ("append", nil):
                return .array(oldElements + [value])
            case ("append", "contentsOf"):
                if case .array(let extra) = value { return .array(oldElements + extra) }
                return .array(oldElements + [value])
            case ("insert", nil) where !args.contains(where: { $0.label == "at" }):
                // `Set.insert(_:)`: added once.
                if oldElements.contains(where: { Self.equals($0, value) == true }) { return old }
                return .array(oldElements + [value])
            case ("insert", nil), ("insert", "contentsOf"):
                var position = oldElements.count
                if let at = args.first(where: { $0.label == "at" })?.value, case .number(let n) = at {
                    position = max(0, min(oldElements.count, Int(n)))
                }
                var result = oldElements
                if label == "contentsOf", case .array(let extra) = value {
                    result.insert(contentsOf: extra, at: position)
                } else {
                    result.insert(value, at: position)
                }
                return .array(result)
            default:
                return .array(oldElements + [.unknown("'\(name)' is not evaluated", pos)])
            }
        }
        return .null
    }
}
