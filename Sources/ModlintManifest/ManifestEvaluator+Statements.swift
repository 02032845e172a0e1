/// Statements: bindings, assignments, `if`, `guard`, `for`, `switch` and `return`.
extension ManifestEvaluator {
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
                assign(op, target, valueExpr, pos: pos, in: scope)
            case .ifStmt(let clauses, let elseBody, _):
                if case .returned(let v) = executeIf(clauses, elseBody: elseBody, in: scope) { return .returned(v) }
            case .guardStmt(let conditions, let elseBody, _):
                if !testConditions(conditions, in: scope) {
                    if case .returned(let v) = execute(elseBody, in: Scope(parent: scope)) { return .returned(v) }
                }
            case .forIn(let name, let sequenceExpr, let filter, let body, let pos):
                if case .returned(let v) = executeFor(name, in: sequenceExpr, where: filter, body, pos: pos, scope: scope) { return .returned(v) }
            case .switchStmt(let subjectExpr, let cases, let pos):
                let caseScope = Scope(parent: scope)
                if let chosen = chooseCase(of: subjectExpr, cases, pos: pos, in: scope, binding: caseScope),
                   case .returned(let v) = execute(chosen, in: caseScope) {
                    return .returned(v)
                }
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

    /// `target = value`, `target += value`; other compound assignments make the target unknown.
    mutating func assign(_ op: String, _ target: Expr, _ valueExpr: Expr, pos: SourcePos, in scope: Scope) {
        let value = evaluate(valueExpr, in: scope)
        switch op {
        case "=":
            mutate(target, in: scope, pos: pos) { _ in value }
        case "+=":
            mutate(target, in: scope, pos: pos) { old in Self.add(old, value, pos: pos) }
        default:
            mutate(target, in: scope, pos: pos) { _ in .unknown("'\(op)' is not evaluated", pos) }
        }
    }

    /// `if … else if … else`: the first clause whose conditions hold runs, each in a scope
    /// of its own (where its `if let` bindings live).
    mutating func executeIf(_ clauses: [(conditions: [Condition], body: [Stmt])], elseBody: [Stmt]?, in scope: Scope) -> Flow {
        for clause in clauses {
            let inner = Scope(parent: scope)
            if testConditions(clause.conditions, in: inner) {
                return execute(clause.body, in: inner)
            }
        }
        if let elseBody { return execute(elseBody, in: Scope(parent: scope)) }
        return .normal
    }

    /// `for name in sequence where filter { body }` over an array; each iteration is a step.
    mutating func executeFor(_ name: String, in sequenceExpr: Expr, where filter: Expr?, _ body: [Stmt], pos: SourcePos,
                             scope: Scope) -> Flow {
        let sequence = evaluate(sequenceExpr, in: scope)
        guard case .array(let elements) = sequence else {
            if case .unknown(let message, let p) = sequence { note(message, p) } else {
                note("'for' loop over a value that is not an array is not evaluated", pos)
            }
            return .normal
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
        return .normal
    }

    /// The body of the `switch` case that matches the subject (`default` matches all), in
    /// order; `nil` when none does, or when a pattern cannot be compared (noted: a case
    /// after it might have matched).
    mutating func chooseCase(of subjectExpr: Expr, _ cases: [(patterns: [Expr]?, body: [Stmt])], pos: SourcePos,
                             in scope: Scope, binding caseScope: Scope) -> [Stmt]? {
        let subject = evaluate(subjectExpr, in: scope)
        for switchCase in cases {
            guard let patterns = switchCase.patterns else { return switchCase.body }
            for pattern in patterns {
                if case .pattern(let casePattern, let patternPos) = pattern {
                    guard let matched = match(casePattern, subject, binding: caseScope, pos: patternPos) else { return nil }
                    if matched { return switchCase.body }
                    continue
                }
                let value = evaluate(pattern, in: scope)
                guard let equal = Self.equals(subject, value) else {
                    if case .unknown(let message, let p) = value { note(message, p) } else if case .unknown(let message, let p) = subject {
                        note(message, p)
                    } else {
                        note("'switch' could not be evaluated", pos)
                    }
                    return nil
                }
                if equal { return switchCase.body }
            }
        }
        return nil
    }

    /// Whether `subject` matches a binding `case` item, its values bound in `scope`; `nil`
    /// (noted) when that cannot be told.
    mutating func match(_ pattern: CasePattern, _ subject: Value, binding scope: Scope, pos: SourcePos) -> Bool? {
        if let name = pattern.caseName {
            switch subject {
            case .object(let object) where object.kind != Self.tupleKind:
                guard object.kind == name else { return false }
                for (offset, binding) in pattern.bindings.enumerated() {
                    guard let binding else { continue }
                    scope.values[binding] = offset < object.args.count ? object.args[offset].value : .unknown("'\(binding)' is not known", pos)
                }
            case .null:
                return false
            case .unknown(let message, let p):
                note(message, p)
                return nil
            default:
                note("'case' pattern could not be matched", pos)
                return nil
            }
        } else if let valueExpr = pattern.value {
            guard let equal = Self.equals(subject, evaluate(valueExpr, in: scope)) else {
                note("'case' pattern could not be matched", pos)
                return nil
            }
            if !equal { return false }
        } else if let name = pattern.bindsSubject {
            scope.values[name] = subject
        }
        guard let guardExpr = pattern.guardExpr else { return true }
        switch evaluate(guardExpr, in: scope) {
        case .bool(let holds): return holds
        case .unknown(let message, let p):
            note(message, p)
            return nil
        default:
            note("'where' clause could not be evaluated", pos)
            return nil
        }
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
            case .casePattern(let name, let bindings, let subjectExpr, let pos):
                // An optional that is `nil` (an unset `Environment` value) matches no case.
                let pattern = CasePattern(caseName: name, bindings: bindings)
                guard match(pattern, evaluate(subjectExpr, in: scope), binding: scope, pos: pos) == true else { return false }
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
        case .subscriptAccess(let baseExpr, let args, let p) where args.count == 1:
            // `info["Key"] = value`, `list[0] = value`: the collection is rewritten in place.
            let key = evaluate(args[0].value, in: scope)
            mutate(baseExpr, in: scope, pos: p) { container in Self.replacing(key, in: container, transform) }
        default:
            note("assignment is not evaluated", pos)
        }
    }

    /// `container` with the element at `key` transformed (a dictionary gains the key when
    /// it has none); anything else stays as it is.
    static func replacing(_ key: Value, in container: Value, _ transform: (Value) -> Value) -> Value {
        switch container {
        case .dictionary(var pairs):
            let index = pairs.firstIndex { equals($0.0, key) == true }
            let value = transform(index.map { pairs[$0].1 } ?? .null)
            if let index { pairs[index].1 = value } else { pairs.append((key, value)) }
            return .dictionary(pairs)
        case .array(var elements):
            guard case .number(let number) = key, let index = Int(exactly: number), elements.indices.contains(index) else { return container }
            elements[index] = transform(elements[index])
            return .array(elements)
        default:
            return container
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
}
