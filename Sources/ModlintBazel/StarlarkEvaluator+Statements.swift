/// Statements: each a step of the budget; assignments (with `+=` on lists in place),
/// `def`, `if`, `for`, `return` and `load`.
extension StarlarkEvaluation {
    @discardableResult
    func execute(_ statements: [StarlarkStatement], scope: StarlarkScope, file: String) -> StarlarkFlow {
        let outerFile = currentFile
        currentFile = file
        defer { currentFile = outerFile }
        for statement in statements {
            if failure != nil { return .normal }
            steps += 1
            if steps > Self.maximumSteps {
                fail(buildLine, "evaluation took more than \(Self.maximumSteps) steps (a loop too large to read)")
                return .normal
            }
            switch statement {
            case .expression(let expression, let line):
                if file == buildFile { buildLine = line }
                _ = evaluate(expression, scope: scope, file: file)
            case .assignment(let target, let op, let value, let line):
                if file == buildFile { buildLine = line }
                var result = evaluate(value, scope: scope, file: file)
                if let op {
                    let current = evaluate(target, scope: scope, file: file)
                    if op == "+", case .list(let list) = current, let added = result.items {
                        // `srcs += […]` extends the list in place.
                        guard mayChange(list.frozen) else { return .normal }
                        list.items += added
                        meter(current)
                        continue
                    }
                    result = binary(op, current, result)
                }
                assign(target, result, scope: scope, file: file)
            case .definition(let name, let parameters, let body, _):
                scope.values[name] = .function(StarlarkFunction(name: name, parameters: parameters, body: body,
                                                                globals: scope.isModule ? scope : (scope.parent ?? scope), file: file))
            case .conditional(let branches, _):
                for branch in branches {
                    guard let condition = branch.condition else {
                        let flow = execute(branch.body, scope: scope, file: file)
                        if case .normal = flow { break }
                        return flow
                    }
                    let truth = evaluate(condition, scope: scope, file: file).truth
                    // An unknown condition: the first branch is taken, as the common case.
                    if truth ?? true {
                        let flow = execute(branch.body, scope: scope, file: file)
                        if case .normal = flow { break }
                        return flow
                    }
                }
            case .loop(let target, let sequence, let body, let line):
                if file == buildFile { buildLine = line }
                guard let items = evaluate(sequence, scope: scope, file: file).items else { continue }
                for item in items {
                    assign(target, item, scope: scope, file: file)
                    let flow = execute(body, scope: scope, file: file)
                    if case .breaking = flow { break }
                    if case .returning = flow { return flow }
                    if failure != nil { break }
                }
            case .returning(let value, _):
                return .returning(value.map { evaluate($0, scope: scope, file: file) } ?? .none)
            case .load(let module, let bindings, let line):
                load(module, bindings: bindings, line: line, scope: scope, file: file)
            case .pass:
                continue
            case .breaking:
                return .breaking
            case .continuing:
                return .continuing
            }
        }
        return .normal
    }

    func assign(_ target: StarlarkExpression, _ value: StarlarkValue, scope: StarlarkScope, file: String) {
        switch target {
        case .name(let name, _):
            // `swift_overlay = rule(…)`: the rule takes the name it is bound to.
            if case .foreign("", let origin) = value {
                scope.values[name] = .foreign(name: name, origin: origin)
                return
            }
            scope.values[name] = value
        case .tuple(let names), .list(let names):
            let items = value.items ?? []
            for (index, name) in names.enumerated() {
                assign(name, index < items.count ? items[index] : .unknown, scope: scope, file: file)
            }
        case .index(let container, let key):
            if case .dictionary(let dictionary) = evaluate(container, scope: scope, file: file), mayChange(dictionary.frozen) {
                dictionary.set(evaluate(key, scope: scope, file: file), value)
            }
        default:
            return
        }
    }
}
