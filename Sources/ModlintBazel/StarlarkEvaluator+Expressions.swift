/// Expressions: every one a step of the budget, every value weighed; operators, slices,
/// comprehensions and the arguments of calls.
extension StarlarkEvaluation {
    /// Every expression is a step and every value it yields is weighed.
    func evaluate(_ expression: StarlarkExpression, scope: StarlarkScope, file: String) -> StarlarkValue {
        steps += 1
        if steps > Self.maximumSteps || failure != nil { return .unknown }
        let value = evaluateUnmetered(expression, scope: scope, file: file)
        meter(value)
        return failure == nil ? value : .unknown
    }

    private func evaluateUnmetered(_ expression: StarlarkExpression, scope: StarlarkScope, file: String) -> StarlarkValue {
        switch expression {
        case .name(let name, _):
            return scope.lookup(name) ?? .unknown
        case .string(let text):
            return .string(text)
        case .number(let value):
            return .int(value)
        case .list(let items):
            return .list(StarlarkList(items.map { evaluate($0, scope: scope, file: file) }))
        case .tuple(let items):
            return .tuple(items.map { evaluate($0, scope: scope, file: file) })
        case .dictionary(let pairs):
            return .dictionary(StarlarkDictionary(pairs.map { (evaluate($0.0, scope: scope, file: file), evaluate($0.1, scope: scope, file: file)) }))
        case .attribute(let base, let name):
            return attribute(name, of: evaluate(base, scope: scope, file: file))
        case .index(let base, let key):
            let container = evaluate(base, scope: scope, file: file)
            return indexed(container, by: evaluate(key, scope: scope, file: file))
        case .slice(let base, let start, let end, let step):
            return slice(base, start: start, end: end, step: step, scope: scope, file: file)
        case .binary(let op, let left, let right):
            if op == "and" || op == "or" {
                let first = evaluate(left, scope: scope, file: file)
                guard let truth = first.truth else { return .unknown }
                if op == "and" { return truth ? evaluate(right, scope: scope, file: file) : first }
                return truth ? first : evaluate(right, scope: scope, file: file)
            }
            return binary(op, evaluate(left, scope: scope, file: file), evaluate(right, scope: scope, file: file))
        case .unary(let op, let operand):
            let value = evaluate(operand, scope: scope, file: file)
            switch (op, value) {
            case ("not", _): return value.truth.map { .bool(!$0) } ?? .unknown
            case ("-", .int(let number)): return .int(-number)
            default: return value
            }
        case .conditional(let then, let condition, let otherwise):
            guard let truth = evaluate(condition, scope: scope, file: file).truth else {
                return evaluate(then, scope: scope, file: file)
            }
            return evaluate(truth ? then : otherwise, scope: scope, file: file)
        case .comprehension(let element, let key, let clauses, let isDictionary):
            return comprehension(element, key: key, clauses: clauses, isDictionary: isDictionary, scope: scope, file: file)
        case .lambda(let parameters, let body):
            return .function(StarlarkFunction(name: "lambda", parameters: parameters, body: [.returning(body, line: 0)], globals: scope, file: file))
        case .call(let callee, let arguments, let line):
            // Targets take the line of the BUILD file's statement (`execute`), not of a call
            // nested in its arguments.
            let function = evaluate(callee, scope: scope, file: file)
            let (positional, keywords) = evaluateArguments(arguments, scope: scope, file: file)
            return call(function, positional: positional, keywords: keywords, line: line)
        }
    }

    /// `value.name`: a rule or builtin of `native`, a field of a `struct`, else the method
    /// bound to the value (`"{}".format`).
    private func attribute(_ name: String, of value: StarlarkValue) -> StarlarkValue {
        switch value {
        case .builtin("native"):
            if let kind = BazelRuleKind.known[name] { return .rule(name, kind) }
            return .builtin(name)
        case .structure(let fields):
            return fields[name] ?? .unknown
        case .unknown:
            return .unknown
        default:
            return .method(StarlarkValueBox(value), name)
        }
    }

    /// `container[index]`: a dictionary's value, or an item counted from either end.
    private func indexed(_ container: StarlarkValue, by index: StarlarkValue) -> StarlarkValue {
        switch (container, index) {
        case (.dictionary(let dictionary), _): return dictionary.get(index) ?? .unknown
        case (_, .int(let position)):
            guard let items = container.items, !items.isEmpty else { return .unknown }
            let resolved = position < 0 ? items.count + position : position
            return resolved >= 0 && resolved < items.count ? items[resolved] : .unknown
        default: return .unknown
        }
    }

    /// `base[start:end:step]` of a string, list or tuple; the bounds are evaluated in order
    /// and stop at the first that is no number.
    private func slice(_ base: StarlarkExpression, start: StarlarkExpression?, end: StarlarkExpression?, step: StarlarkExpression?,
                       scope: StarlarkScope, file: String) -> StarlarkValue {
        let value = evaluate(base, scope: scope, file: file)
        // A bound that is no number (and not None) is unknown: so is the slice.
        func number(_ expression: StarlarkExpression?) -> Int?? {
            guard let expression else { return .some(nil) }
            switch evaluate(expression, scope: scope, file: file) {
            case .int(let raw): return .some(raw)
            case .none: return .some(nil)
            default: return nil
            }
        }
        guard let from = number(start), let to = number(end), let by = number(step) else { return .unknown }
        let stride = by ?? 1
        guard stride != 0 else {
            fail(buildLine, "slice step cannot be zero")
            return .unknown
        }
        if case .string(let text) = value {
            let characters = Array(text)
            return .string(String(Self.sliceIndices(count: characters.count, start: from, end: to, step: stride).map { characters[$0] }))
        }
        guard let items = value.items else { return .unknown }
        let picked = Self.sliceIndices(count: items.count, start: from, end: to, step: stride).map { items[$0] }
        if case .tuple = value { return .tuple(picked) }
        return .list(StarlarkList(picked))
    }

    /// `[element for … in … if …]` and `{key: element for …}`, in a scope of their own.
    private func comprehension(_ element: StarlarkExpression, key: StarlarkExpression?, clauses: [StarlarkClause], isDictionary: Bool,
                               scope: StarlarkScope, file: String) -> StarlarkValue {
        let inner = StarlarkScope(parent: scope)
        var results: [StarlarkValue] = []
        let dictionary = StarlarkDictionary()
        func run(_ index: Int) {
            guard failure == nil, steps <= Self.maximumSteps else { return }
            guard index < clauses.count else {
                if isDictionary, let key {
                    dictionary.set(evaluate(key, scope: inner, file: file), evaluate(element, scope: inner, file: file))
                } else {
                    results.append(evaluate(element, scope: inner, file: file))
                }
                return
            }
            switch clauses[index] {
            case .forIn(let target, let sequence):
                for item in evaluate(sequence, scope: inner, file: file).items ?? [] {
                    assign(target, item, scope: inner, file: file)
                    run(index + 1)
                }
            case .condition(let condition):
                if evaluate(condition, scope: inner, file: file).truth ?? true { run(index + 1) }
            }
        }
        run(0)
        return isDictionary ? .dictionary(dictionary) : .list(StarlarkList(results))
    }

    /// A call's arguments in order, `*list` and `**dictionary` unpacked.
    private func evaluateArguments(_ arguments: [StarlarkArgument], scope: StarlarkScope,
                                   file: String) -> (positional: [StarlarkValue], keywords: [(String, StarlarkValue)]) {
        var positional: [StarlarkValue] = []
        var keywords: [(String, StarlarkValue)] = []
        for argument in arguments {
            switch argument {
            case .positional(let value): positional.append(evaluate(value, scope: scope, file: file))
            case .keyword(let name, let value): keywords.append((name, evaluate(value, scope: scope, file: file)))
            case .unpackList(let value): positional += evaluate(value, scope: scope, file: file).items ?? []
            case .unpackDictionary(let value):
                if case .dictionary(let dictionary) = evaluate(value, scope: scope, file: file) {
                    for pair in dictionary.pairs { if let name = pair.key.text { keywords.append((name, pair.value)) } }
                }
            }
        }
        return (positional, keywords)
    }

    func binary(_ op: String, _ left: StarlarkValue, _ right: StarlarkValue) -> StarlarkValue {
        switch (op, left, right) {
        case ("+", .int(let a), .int(let b)): return .int(a &+ b)
        case ("-", .int(let a), .int(let b)): return .int(a &- b)
        case ("*", .int(let a), .int(let b)): return .int(a &* b)
        case ("+", .string(let a), .string(let b)): return .string(a + b)
        case ("+", .tuple(let a), .tuple(let b)): return .tuple(a + b)
        case ("+", _, _):
            // Lists, globs and `select()` results concatenate.
            if let a = Self.listItems(left), let b = Self.listItems(right) { return .list(StarlarkList(a + b)) }
            return .unknown
        case ("|", .dictionary(let a), .dictionary(let b)):
            let merged = StarlarkDictionary(a.pairs)
            for pair in b.pairs { merged.set(pair.key, pair.value) }
            return .dictionary(merged)
        case ("%", .string(let format), _):
            return Self.percentFormat(format, right.items.flatMap { items in if case .tuple = right { return items } else { return nil } } ?? [right])
        case ("==", _, _): return (left == right).map { .bool($0) } ?? .unknown
        case ("!=", _, _): return (left == right).map { .bool(!$0) } ?? .unknown
        case ("in", _, _), ("not in", _, _):
            var found: Bool?
            if case .string(let haystack) = right, case .string(let needle) = left {
                found = haystack.contains(needle)
            } else if case .dictionary(let dictionary) = right {
                found = dictionary.get(left) != nil
            } else if let items = right.items {
                found = items.contains { ($0 == left) == true }
            }
            guard let found else { return .unknown }
            return .bool(op == "in" ? found : !found)
        case ("<", .int(let a), .int(let b)): return .bool(a < b)
        case (">", .int(let a), .int(let b)): return .bool(a > b)
        case ("<=", .int(let a), .int(let b)): return .bool(a <= b)
        case (">=", .int(let a), .int(let b)): return .bool(a >= b)
        case ("//", .int(let a), .int(let b)) where b != 0: return .int(a / b)
        case ("%", .int(let a), .int(let b)) where b != 0: return .int(a % b)
        default: return .unknown
        }
    }

    /// The positions `x[start:end:step]` picks, as Python and Starlark pick them: negative
    /// bounds count from the end, bounds outside are clamped, and a negative step walks
    /// back from the last item (`x[::-1]`).
    static func sliceIndices(count: Int, start: Int?, end: Int?, step: Int) -> [Int] {
        func clamp(_ raw: Int, _ low: Int, _ high: Int) -> Int { min(max(raw < 0 ? raw + count : raw, low), high) }
        if step > 0 {
            let from = start.map { clamp($0, 0, count) } ?? 0, to = end.map { clamp($0, 0, count) } ?? count
            return Array(Swift.stride(from: from, to: to, by: step))
        }
        let from = start.map { clamp($0, -1, count - 1) } ?? count - 1, to = end.map { clamp($0, -1, count - 1) } ?? -1
        return Array(Swift.stride(from: from, to: to, by: step))
    }

    static func listItems(_ value: StarlarkValue) -> [StarlarkValue]? {
        switch value {
        case .list(let list): return list.items
        case .glob: return [value]
        case .none: return nil
        default: return nil
        }
    }

    static func percentFormat(_ format: String, _ values: [StarlarkValue]) -> StarlarkValue {
        var result = ""
        var remaining = values[...]
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { result.append(character); continue }
            guard let directive = characters.next() else { break }
            if directive == "%" { result.append("%"); continue }
            guard let value = remaining.popFirst() else { return .unknown }
            switch value {
            case .string(let text): result += text
            case .int(let number): result += String(number)
            default: return .unknown
            }
        }
        return .string(result)
    }
}
