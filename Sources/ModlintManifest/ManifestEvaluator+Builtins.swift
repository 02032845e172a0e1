/// The methods a string or an array has without the manifest declaring them (`lowercased()`,
/// `map`, `filter`, `append`…), and those an extension of `String` or `Array` adds.
extension ManifestEvaluator {
    /// `extension String`, `extension StringProtocol`: members a string value gets.
    static func isStringType(_ type: String) -> Bool {
        type == "String" || type == "StringProtocol" || type == "Substring"
    }

    /// `text.name(args)` for the string methods manifests use (`lowercased()`, `prefix(3)`,
    /// `replacingOccurrences(of:with:)`, `hasPrefix(_:)`…); `pos` is the method name's.
    static func stringMethod(_ name: String, of s: String, at sp: SourcePos, _ args: [(label: String?, value: Value)],
                             pos p: SourcePos) -> Value {
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
        if let found = searchOrSlice(elements, name, args, pos: pos, applyEach: applyEach) { return found }
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

    /// A closure or function passed as an argument (`first(where: { … })`, `first(where: isApp)`).
    static func isCallable(_ value: Value) -> Bool {
        switch value {
        case .closure, .function, .getter: return true
        default: return false
        }
    }

    /// `first(where:)`, `last(where:)`, `allSatisfy`, `reduce`, `enumerated` and the
    /// slices (`prefix`, `suffix`, `dropFirst`, `dropLast`); `nil` for any other method.
    mutating func searchOrSlice(_ elements: [Value], _ name: String, _ args: [(label: String?, value: Value)], pos: SourcePos,
                                applyEach: (inout ManifestEvaluator, Value) -> Value) -> Value? {
        let function = args.last?.value
        switch name {
        case "first" where function.map(Self.isCallable) == true, "last" where function.map(Self.isCallable) == true:
            // `first(where:)`, `last(where:)`: the element, or `nil`.
            for element in name == "first" ? elements : elements.reversed() {
                let found = applyEach(&self, element)
                if case .bool(true) = found { return element } else if case .unknown = found { return found }
            }
            return .null
        case "allSatisfy":
            for element in elements {
                let holds = applyEach(&self, element)
                if case .bool(false) = holds { return .bool(false) } else if case .unknown = holds { return holds }
            }
            return .bool(true)
        case "reduce" where args.count == 2 && args[0].label == nil:
            // `reduce(0) { $0 + $1.count }`.
            guard case .closure(let closure, let captured)? = function else { return .unknown("'reduce' is not evaluated", pos) }
            var result = args[0].value
            for element in elements {
                result = callClosure(closure, captured, [result, element], pos: pos)
                if case .unknown = result { return result }
            }
            return result
        case "enumerated":
            return .array(elements.enumerated().map { offset, element in
                .object(ManifestObject(kind: Self.tupleKind, args: [("offset", .number(Double(offset))), ("element", element)], pos: pos))
            })
        case "prefix", "suffix", "dropFirst", "dropLast":
            let count = args.first.flatMap { if case .number(let n) = $0.value { return Int(n) } else { return nil } } ?? (name.hasPrefix("drop") ? 1 : nil)
            guard let count, count >= 0 else { return .unknown("'\(name)' is not evaluated", pos) }
            switch name {
            case "prefix": return .array(Array(elements.prefix(count)))
            case "suffix": return .array(Array(elements.suffix(count)))
            case "dropFirst": return .array(Array(elements.dropFirst(count)))
            default: return .array(Array(elements.dropLast(count)))
            }
        default:
            return nil
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
