/// Calls: of methods, static functions, user functions and closures, with their arguments
/// bound and the call depth bounded.
extension ManifestEvaluator {
    mutating func call(_ callee: Expr, _ argExprs: [Argument], pos: SourcePos, in scope: Scope) -> Value {
        switch callee {
        case .member(let baseExpr, let name, let p):
            // Mutating array methods on a variable or property.
            if name == "append" || name == "insert" || name == "removeAll" || name == "remove" {
                return mutatingCall(baseExpr, name, argExprs, pos: p, in: scope)
            }
            let base = evaluate(baseExpr, in: scope)
            return callMethod(name, on: base, argExprs, pos: pos, namePos: p, in: scope)
        case .implicitMember(let name, _):
            if let value = contextualCall(name, argExprs, pos: pos, in: scope) { return value }
            // ProjectDescription's own factory of the expected type (`.target(name:)` of a
            // `TargetDependency`), not a helper's function of that name on another type.
            if describesProject, let type = expectedType, ProjectDescriptionAPI.declares(Self.plainTypeName(type), name) {
                return .object(ManifestObject(kind: name, args: evaluateArgs(argExprs, in: scope, callee: (type, name)), pos: pos))
            }
            if let decl = staticFunction(name, argExprs) {
                return call(decl, argExprs, pos: pos, in: scope, callee: staticScope(staticFunctionOwners[ObjectIdentifier(decl)]))
            }
            if let member = statics[name] {
                return apply(resolveStatic(member, owner: staticOwners[name]), argExprs, pos: pos, in: scope)
            }
            return .object(ManifestObject(kind: name, args: evaluateArgs(argExprs, in: scope, callee: expectedType.map { ($0, name) }), pos: pos))
        case .identifier(let name, let p):
            return callNamed(name, argExprs, pos: pos, namePos: p, in: scope)
        default:
            let value = evaluate(callee, in: scope)
            return apply(value, argExprs, pos: pos, in: scope)
        }
    }

    /// `base.name(…)`: a type's initialiser or static member, a builtin method of a string
    /// or an array (or one an extension adds), a method of one of the manifest's own types.
    /// `pos` is the call's position, `namePos` the method name's.
    private mutating func callMethod(_ name: String, on base: Value, _ argExprs: [Argument], pos: SourcePos, namePos p: SourcePos,
                                     in scope: Scope) -> Value {
        switch base {
        case .type(let typeName):
            return callStatic(name, of: typeName, argExprs, pos: pos, namePos: p, in: scope)
        case .array(let elements):
            return arrayMethod(elements, name, argExprs, pos: p, in: scope)
        case .string(let s, let sp):
            let args = evaluateArgs(argExprs, in: scope)
            if let method = instanceMethods[name]?.first(where: { Self.isStringType($0.type) }) {
                // `extension String { func … }`: called with the string as `self`.
                let inner = Scope(parent: global)
                inner.values["self"] = base
                return call(method.decl, argExprs, pos: pos, in: scope, callee: inner)
            }
            return Self.stringMethod(name, of: s, at: sp, args, pos: p)
        case .object(let object) where name == "init":
            // `self.init(…)` inside another initialiser: the overload the arguments fit.
            guard let decl = initializer(of: object.kind, argExprs) else { return .unknown("initialiser is not evaluated", p) }
            return call(decl, argExprs, pos: pos, in: scope, callee: memberScope(object))
        case .object(let object):
            guard let decl = own(instanceMethods[name]?.map { ($0.type, $0.decl) }, for: object) else {
                return .unknown("method '\(name)' is not evaluated", p)
            }
            return call(decl, argExprs, pos: pos, in: scope, callee: memberScope(object))
        case .unknown:
            return base
        case .null:
            // `Environment.linking.getString(default: "static")` of an unset value: the default.
            if name.hasPrefix("get"), let fallback = argExprs.first(where: { $0.label == "default" }) {
                return evaluate(fallback.value, in: scope)
            }
            return .null
        case .dictionary:
            if name == "map" || name == "compactMap" || name == "flatMap" {
                return .unknown("dictionary '\(name)' is not evaluated", p)
            }
            return .unknown("dictionary method '\(name)' is not evaluated", p)
        default:
            return .unknown("method '\(name)' is not evaluated", p)
        }
    }

    /// `Type.name(…)`: `init`, a static function or member the manifest declares, else a
    /// `PackageDescription`/`ProjectDescription` factory kept as data.
    private mutating func callStatic(_ name: String, of typeName: String, _ argExprs: [Argument], pos: SourcePos, namePos p: SourcePos,
                                     in scope: Scope) -> Value {
        if name == "init" { return constructNamed(typeName, argExprs, pos: pos, in: scope) }
        if let decl = staticFunction(name, argExprs, of: resolveType(typeName)) {
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
        return .object(ManifestObject(kind: name, args: evaluateArgs(argExprs, in: scope, callee: (typeName, name)), pos: pos))
    }

    /// `name(…)`: a function or closure in scope, else a method of `self` (an array's, a
    /// string's, one of the manifest's own types', a static one of `Self`), else a type
    /// constructed.
    private mutating func callNamed(_ name: String, _ argExprs: [Argument], pos: SourcePos, namePos p: SourcePos, in scope: Scope) -> Value {
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
        // `Item(…)` inside `extension Item { static let core = Item(…) }`: the type's initialiser.
        if resolveType(name) != nil { return constructNamed(name, argExprs, pos: pos, in: scope) }
        let capitalised = name.utf8.first.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ?? false
        if case .type? = scope.lookup("self"), case .type? = scope.lookup(Self.staticSelf),
           !capitalised || staticFunctions[name] != nil || statics[name] != nil {
            // A bare `target(…)` inside `extension Target { static func … }` is
            // `Self.target(…)`: the type's own factory or another of its helpers.
            return call(.implicitMember(name, p), argExprs, pos: pos, in: scope)
        }
        if capitalised { return constructNamed(name, argExprs, pos: pos, in: scope) }
        return .unknown("cannot resolve function '\(name)'", p)
    }

    /// A user-declared static function whose parameter labels accept `args`: the one `type`
    /// declares when it declares one (`TargetDependency.module(_:)` beside
    /// `Project.module(_:)`), else the first.
    func staticFunction(_ name: String, _ args: [Argument], of type: String? = nil) -> FunctionDecl? {
        guard let candidates = staticFunctions[name] else { return nil }
        if let type, let own = candidates.first(where: { staticFunctionOwners[ObjectIdentifier($0)] == type && Self.accepts($0, args) }) {
            return own
        }
        return candidates.first { Self.accepts($0, args) }
    }

    /// `.name(…)` where the contextual type decides: its own static function or factory
    /// member, `.init(stringLiteral:)` (the literal itself, as Swift's literal protocols
    /// make it) and `.init(…)` of the contextual type.
    mutating func contextualCall(_ name: String, _ argExprs: [Argument], pos: SourcePos, in scope: Scope) -> Value? {
        if name == "init", argExprs.count == 1, argExprs[0].label == "stringLiteral" {
            return evaluateArgs(argExprs, in: scope)[0].value
        }
        guard let type = expectedType else { return nil }
        if let decl = staticFunctions[name]?.first(where: { staticFunctionOwners[ObjectIdentifier($0)] == type && Self.accepts($0, argExprs) }) {
            return call(decl, argExprs, pos: pos, in: scope, callee: staticScope(type))
        }
        if let member = staticsByType[type]?[name] {
            return apply(resolveStatic(member, owner: type), argExprs, pos: pos, in: scope)
        }
        if name == "init", declaredTypes.contains(type) { return constructNamed(type, argExprs, pos: pos, in: scope) }
        return nil
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

    /// The arguments of a call whose parameters the manifest does not declare. In a Tuist
    /// manifest `callee` (`Target.target`, `Project.init`) finds their declared types in
    /// `ProjectDescriptionAPI`; otherwise only a label that tells its type wherever it
    /// appears (`product:` is a `Product`) gives an argument's implicit members a
    /// contextual type.
    mutating func evaluateArgs(_ args: [Argument], in scope: Scope, callee: (type: String, function: String)? = nil) -> [(label: String?, value: Value)] {
        let outer = expectedType
        defer { expectedType = outer }
        let declared = describesProject ? callee.flatMap { ProjectDescriptionAPI.parameterTypes(of: $0.function, in: Self.plainTypeName($0.type)) } : nil
        return args.map { argument in
            expectedType = argument.label.flatMap { label in
                if let type = declared?[label] { return apiContextualType(type) }
                if let type = Self.descriptionParameterTypes[label] { return resolveType(type) ?? type }
                return Self.extendedParameterTypes[label].flatMap(resolveType)
            }
            return (argument.label, evaluate(argument.value, in: scope))
        }
    }

    /// Parameters of ProjectDescription's and PackageDescription's factories whose type
    /// is the same wherever the label appears: `product: .app` is `Product.app`, never a
    /// helper's `String.app`.
    static let descriptionParameterTypes: [String: String] = [
        "product": "Product", "destinations": "Destinations", "deploymentTargets": "DeploymentTargets",
        "name": "String", "bundleId": "String",
    ]

    /// The type an implicit member resolves against for a parameter of the description API
    /// declared `type`: the element type of `[Target]`; `nil` for a dictionary.
    func apiContextualType(_ type: String) -> String? {
        Self.elementTypeName(type).map { resolveType($0) ?? $0 }
    }

    /// Parameters whose type only Tuist's API has (`dependencies: [TargetDependency]`; a
    /// package's dependencies are other types): contextual where the helpers extend it.
    static let extendedParameterTypes: [String: String] = ["dependencies": "TargetDependency"]

    /// An argument for a parameter declared `type`: its implicit members resolve against
    /// that type, and an enum case becomes a value of it.
    mutating func argument(_ expr: Expr, as type: String?, in scope: Scope) -> Value {
        let outer = expectedType
        expectedType = contextualType(type)
        defer { expectedType = outer }
        return typed(evaluate(expr, in: scope), as: type)
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
        var remaining = argExprs[...]
        for param in decl.params {
            if let next = remaining.first, next.label == param.label {
                inner.values[param.name] = argument(next.value, as: param.type, in: scope)
                remaining = remaining.dropFirst()
            } else if let defaultValue = param.defaultValue {
                // A default is evaluated where the function is declared: `defaultProductType()`
                // names a static function of the same type.
                inner.values[param.name] = argument(defaultValue, as: param.type, in: Scope(parent: inner))
            } else if let next = remaining.first, param.label == nil || next.label == nil {
                // Trailing closures have no label.
                inner.values[param.name] = argument(next.value, as: param.type, in: scope)
                remaining = remaining.dropFirst()
            } else {
                inner.values[param.name] = .unknown("argument '\(param.name)' of '\(decl.name)' is missing", pos)
            }
        }
        return Self.retyped(invoke(body: decl.body, scope: inner, pos: pos), as: decl.returnType)
    }

    mutating func invoke(body: [Stmt], scope: Scope, pos: SourcePos) -> Value {
        guard step() else { return .unknown("evaluation stopped", pos) }
        // A body is its own context: the caller's contextual type does not reach into it.
        let outer = expectedType
        expectedType = nil
        defer { expectedType = outer }
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
}
