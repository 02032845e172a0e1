/// The manifest's own types: their static members, enum cases and raw values, the members
/// a value of one of them gets, and constructing one.
extension ManifestEvaluator {
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

    /// The case `name` of the enum `type` as a value (`nil`: an enum not known).
    static func enumCase(_ name: String, of type: String?, pos: SourcePos) -> Value {
        let value = ManifestObject(kind: name, args: [], pos: pos)
        value.enumType = type
        return .object(value)
    }

    /// A static member, case or nested type of the manifest's own type `type` named `name`.
    mutating func declaredMember(_ name: String, of type: String, pos: SourcePos) -> Value? {
        if let member = staticsByType[type]?[name] { return resolveStatic(member, owner: type) }
        if casesByType[type]?.contains(name) == true { return Self.enumCase(name, of: type, pos: pos) }
        if declaredTypes.contains(type + "." + name) { return .type(type + "." + name) }
        return nil
    }

    /// An enum case value passed where `type` is declared (`_ target: Module.Core` given
    /// `.cache`) is that enum's case.
    func typed(_ value: Value, as type: String?) -> Value {
        guard let type, case .object(let object) = value, object.args.isEmpty, object.enumType == nil,
              let full = resolveType(type), casesByType[full]?.contains(object.kind) == true else { return value }
        return Self.enumCase(object.kind, of: full, pos: object.pos)
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

    /// `Name(…)`, `Name.init(…)`, `Self(…)`: a list for `Set`/`Array`, the case of a
    /// raw-value enum for `Module(rawValue: "core")`, a value of the manifest's own type,
    /// else the `ProjectDescription`/`PackageDescription` value as data.
    mutating func constructNamed(_ name: String, _ argExprs: [Argument], pos: SourcePos, in scope: Scope) -> Value {
        let args = evaluateArgs(argExprs, in: scope, callee: (name, "init"))
        if name == "Set" || name == "Array" {
            // `Set<String>()`, `Array(names)`: a list (order means nothing to targets).
            return args.first?.value ?? .array([])
        }
        if name == "String", let first = args.first, case .string = first.value { return first.value }
        // `Target.Dependency(stringLiteral: name)` is the literal, as Swift's literal protocols make it.
        if args.count == 1, args[0].label == "stringLiteral" { return args[0].value }
        if args.count == 1, args[0].label == "rawValue", let full = resolveType(name), let cases = rawValues[full] {
            guard let match = cases.first(where: { Self.equals($0.value, args[0].value) == true }) else {
                if case .unknown = args[0].value { return args[0].value }
                return .null
            }
            return Self.enumCase(match.name, of: full, pos: pos)
        }
        if let object = construct(name, argExprs, args, pos: pos, in: scope) { return .object(object) }
        let object = ManifestObject(kind: name, args: args, pos: pos)
        if name == "Package" { packages.append(object) }
        return .object(object)
    }

    /// A value of one of the manifest's own types (a helper's `struct Module`, `final class
    /// ProjectBuilder`): its stored properties' initial values, then its `init` (whose
    /// parameter defaults fill what the call leaves out and whose `self.x = …` make the
    /// properties), else the call's labelled arguments as a memberwise init. `nil` for a
    /// type the manifest does not declare (`PackageDescription`'s own stay data).
    mutating func construct(_ type: String, _ argExprs: [Argument], _ args: [(label: String?, value: Value)], pos: SourcePos,
                            in scope: Scope) -> ManifestObject? {
        let defaults = storedDefaults[type] ?? []
        let initializer = initializer(of: type, argExprs)
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

    /// The initialiser of `type` that Swift would pick: of those whose labels accept the
    /// arguments, the one whose parameter types the arguments' implicit members fit best
    /// (`init(name:dependencies: [Item])` for `[.core, .ui]` when `Item` declares `core`
    /// and `ui`, the `[Target.Dependency]` one for `[.product(…), .logging]`); the first
    /// declared on a tie.
    func initializer(of type: String, _ argExprs: [Argument]) -> FunctionDecl? {
        guard let candidates = instanceMethods["init"] else { return nil }
        var best: (decl: FunctionDecl, fit: Int)?
        for candidate in candidates where candidate.type == type && Self.accepts(candidate.decl, argExprs) {
            let fit = fit(of: candidate.decl, argExprs)
            if best == nil || fit > best!.fit { best = (candidate.decl, fit) }
        }
        return best?.decl
    }

    /// How well the arguments' implicit members fit the parameters' types: one for each
    /// the type declares, minus one for each only another type declares.
    func fit(of decl: FunctionDecl, _ argExprs: [Argument]) -> Int {
        var remaining = argExprs[...]
        var score = 0
        for param in decl.params {
            guard let next = remaining.first, next.label == param.label else { continue }
            remaining = remaining.dropFirst()
            if let type = contextualType(param.type) { score += fit(of: next.value, to: type) }
        }
        return score
    }

    private func fit(of expr: Expr, to type: String) -> Int {
        switch expr {
        case .array(let elements, _):
            return elements.reduce(0) { $0 + fit(of: $1, to: type) }
        case .implicitMember(let name, _), .call(.implicitMember(let name, _), _, _):
            if declares(type, name) { return 1 }
            return declaredTypes.contains { $0 != type && declares($0, name) } ? -1 : 0
        default:
            return 0
        }
    }

    /// Whether the manifest declares `member` as a static member, case or static function of `type`.
    func declares(_ type: String, _ member: String) -> Bool {
        staticsByType[type]?[member] != nil || casesByType[type]?.contains(member) == true
            || staticFunctions[member]?.contains { staticFunctionOwners[ObjectIdentifier($0)] == type } == true
    }

    /// The type an implicit member resolves against for a value declared `type`: the
    /// element type of `[T]`, without `?` or the description module's name, when the
    /// manifest declares or extends it; `nil` otherwise (dictionaries, generics).
    func contextualType(_ type: String?) -> String? {
        type.flatMap(Self.elementTypeName).flatMap(resolveType)
    }

    /// `Item` for `[Item]`, `Item?` and `PackageDescription.Item`; `nil` for a dictionary or
    /// a generic type, whose implicit members this evaluator does not follow.
    static func elementTypeName(_ type: String) -> String? {
        var type = plainTypeName(type)
        while type.hasPrefix("[") && type.hasSuffix("]") { type = plainTypeName(String(type.dropFirst().dropLast())) }
        if type.hasPrefix("PackageDescription.") { type.removeFirst("PackageDescription.".count) }
        guard !type.isEmpty, !type.contains(":"), !type.contains("<"), !type.contains("[") else { return nil }
        return type
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
}
