/// The builtin functions and names of Starlark and Bazel's BUILD language that the
/// reader evaluates.
extension StarlarkEvaluation {
    /// The names every file sees, made once and never changed: a file's own scope looks
    /// them up here instead of copying them (that copy was a third of reading a BUILD file).
    nonisolated(unsafe) static let builtins: StarlarkScope = {
        let scope = StarlarkScope(parent: nil)
        installBuiltins(scope)
        return scope
    }()

    private static func installBuiltins(_ scope: StarlarkScope) {
        for name in ["glob", "select", "len", "str", "int", "bool", "list", "dict", "tuple", "sorted", "reversed", "range", "enumerate",
                     "zip", "any", "all", "min", "max", "hasattr", "getattr", "type", "print", "fail", "package_name", "repository_name",
                     "Label", "struct", "depset", "package", "licenses", "exports_files", "package_group", "existing_rules", "existing_rule",
                     "module_name", "provider", "rule", "aspect", "repr", "hash", "filegroup", "config_setting", "alias",
                     "genrule", "test_suite", "cc_library", "sh_test", "sh_binary"] {
            scope.values[name] = .builtin(name)
        }
        scope.values["True"] = .bool(true)
        scope.values["False"] = .bool(false)
        scope.values["None"] = StarlarkValue.none   // `.none` alone would be Optional.none: no binding at all
        scope.values["native"] = .builtin("native")
        // Bazel's own rule: used without a load().
        scope.values["objc_library"] = .rule("objc_library", .library)
    }

    func builtin(_ name: String, positional: [StarlarkValue], keywords: [(String, StarlarkValue)], line: Int) -> StarlarkValue {
        func keyword(_ key: String) -> StarlarkValue? { keywords.first { $0.0 == key }?.1 }
        func argument(_ index: Int, _ key: String) -> StarlarkValue? { index < positional.count ? positional[index] : keyword(key) }
        switch name {
        case "glob":
            let include = (argument(0, "include")?.items ?? []).compactMap(\.text)
            let exclude = (argument(1, "exclude")?.items ?? []).compactMap(\.text)
            return .glob(include: include, exclude: exclude)
        case "select":
            guard case .dictionary(let branches)? = argument(0, "x") else { return .unknown }
            return Self.merged(branches)
        case "len":
            if case .string(let text)? = positional.first { return .int(text.count) }
            return positional.first?.items.map { .int($0.count) } ?? .unknown
        case "str":
            return Self.text(of: positional.first)
        case "list", "tuple", "sorted", "reversed":
            return Self.sequence(name, positional)
        case "dict":
            let result = StarlarkDictionary()
            if case .dictionary(let source)? = positional.first { result.pairs = source.pairs }
            for (key, value) in keywords { result.set(.string(key), value) }
            return .dictionary(result)
        case "range":
            return range(positional, line: line)
        case "enumerate":
            return .list(StarlarkList((positional.first?.items ?? []).enumerated().map { .tuple([.int($0.offset), $0.element]) }))
        case "zip":
            let lists = positional.map { $0.items ?? [] }
            let count = lists.map(\.count).min() ?? 0
            return .list(StarlarkList((0..<count).map { index in .tuple(lists.map { $0[index] }) }))
        case "any", "all":
            let truths = (positional.first?.items ?? []).map(\.truth)
            if truths.contains(where: { $0 == nil }) { return .unknown }
            return .bool(name == "any" ? truths.contains(true) : !truths.contains(false))
        case "bool":
            return positional.first?.truth.map { .bool($0) } ?? .bool(false)
        case "package_name":
            return .string(package)
        case "repository_name":
            return .string("@")
        case "module_name":
            return .string("")
        case "Label":
            return positional.first ?? .unknown
        case "struct":
            var fields: [String: StarlarkValue] = [:]
            for (key, value) in keywords { fields[key] = value }
            return .structure(fields)
        case "fail":
            // A macro that rejects its arguments: what it declared so far stays.
            return .unknown
        case "rule":
            // A rule of the workspace's own (its implementation runs in Bazel's analysis,
            // out of reach): a call that passes Swift sources is read from its arguments.
            return .foreign(name: "", origin: currentFile)
        case "existing_rules":
            return .dictionary(StarlarkDictionary())
        case "getattr", "hasattr":
            return Self.field(name, positional)
        default:
            return .unknown
        }
    }

    /// `select({…})`: every branch, merged: what a platform's build adds is the target's too.
    private static func merged(_ branches: StarlarkDictionary) -> StarlarkValue {
        var merged: [StarlarkValue] = []
        var isList = false
        for pair in branches.pairs {
            if let items = listItems(pair.value) {
                isList = true
                for item in items where !merged.contains(where: { ($0 == item) == true }) { merged.append(item) }
            } else if !isList, pair.value.text != nil {
                return pair.value
            }
        }
        return isList ? .list(StarlarkList(merged)) : (branches.pairs.first?.value ?? .unknown)
    }

    /// `str(x)` of a string, number or boolean.
    private static func text(of value: StarlarkValue?) -> StarlarkValue {
        switch value {
        case .string(let text)?: return .string(text)
        case .int(let number)?: return .string(String(number))
        case .bool(let value)?: return .string(value ? "True" : "False")
        default: return .unknown
        }
    }

    /// `list(x)`, `tuple(x)`, `sorted(x)` (strings only), `reversed(x)`.
    private static func sequence(_ name: String, _ positional: [StarlarkValue]) -> StarlarkValue {
        guard var items = positional.first?.items else { return name == "list" && positional.isEmpty ? .list(StarlarkList([])) : .unknown }
        if name == "sorted", items.allSatisfy({ $0.text != nil }) { items.sort { $0.text! < $1.text! } }
        if name == "reversed" { items.reverse() }
        return name == "tuple" ? .tuple(items) : .list(StarlarkList(items))
    }

    /// `range(end)`, `range(start, end)`: more items than a BUILD file needs fail it.
    private func range(_ positional: [StarlarkValue], line: Int) -> StarlarkValue {
        let numbers = positional.compactMap { value -> Int? in if case .int(let number) = value { return number }; return nil }
        guard numbers.count == positional.count, !numbers.isEmpty else { return .unknown }
        let (start, end) = numbers.count == 1 ? (0, numbers[0]) : (numbers[0], numbers[1])
        guard end - start < 100_000 else {
            fail(line, "range() of \(end - start) items is more than a BUILD file needs")
            return .unknown
        }
        return .list(StarlarkList(start < end ? (start..<end).map { .int($0) } : []))
    }

    /// `getattr(struct, "name"[, default])` and `hasattr(struct, "name")`.
    private static func field(_ name: String, _ positional: [StarlarkValue]) -> StarlarkValue {
        guard case .structure(let fields)? = positional.first, let key = positional.dropFirst().first?.text else { return .unknown }
        if name == "hasattr" { return .bool(fields[key] != nil) }
        return fields[key] ?? (positional.count > 2 ? positional[2] : .unknown)
    }
}
