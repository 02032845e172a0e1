/// A Starlark value, as far as the reader needs it.
indirect enum StarlarkValue {
    case none
    case bool(Bool)
    case int(Int)
    case string(String)
    case list(StarlarkList)
    case tuple([StarlarkValue])
    case dictionary(StarlarkDictionary)
    /// A `glob()` result, kept as patterns: it is matched against the walked files later.
    case glob(include: [String], exclude: [String])
    case function(StarlarkFunction)
    case builtin(String)
    /// Bound to `value.method`: `"{}".format`, `deps.append`.
    case method(StarlarkValueBox, String)
    case rule(String, BazelRuleKind)
    /// A function of another repository (or one that could not be evaluated), by name and origin.
    case foreign(name: String, origin: String)
    case structure([String: StarlarkValue])
    case unknown

    var truth: Bool? {
        switch self {
        case .none: return false
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .string(let value): return !value.isEmpty
        case .list(let list): return !list.items.isEmpty
        case .tuple(let items): return !items.isEmpty
        case .dictionary(let dictionary): return !dictionary.pairs.isEmpty
        case .unknown, .glob: return nil
        default: return true
        }
    }

    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The items of a list or tuple (a glob is one item).
    var items: [StarlarkValue]? {
        switch self {
        case .list(let list): return list.items
        case .tuple(let items): return items
        case .glob: return [self]
        case .dictionary(let dictionary): return dictionary.pairs.map(\.key)
        case .string(let text): return text.map { .string(String($0)) }
        default: return nil
        }
    }

    static func == (lhs: StarlarkValue, rhs: StarlarkValue) -> Bool? {
        switch (lhs, rhs) {
        case (.none, .none): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.unknown, _), (_, .unknown): return nil
        case (.dictionary(let a), .dictionary(let b)):
            guard a.pairs.count == b.pairs.count else { return false }
            for pair in a.pairs {
                guard let other = b.get(pair.key) else { return false }
                guard let same = pair.value == other else { return nil }
                if !same { return false }
            }
            return true
        case (.list(let a), .list(let b)): return equalItems(a.items, b.items)
        case (.tuple(let a), .tuple(let b)): return equalItems(a, b)
        default: return false
        }
    }

    private static func equalItems(_ a: [StarlarkValue], _ b: [StarlarkValue]) -> Bool? {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard let same = x == y else { return nil }
            if !same { return false }
        }
        return true
    }
}

final class StarlarkValueBox {
    let value: StarlarkValue
    init(_ value: StarlarkValue) { self.value = value }
}

final class StarlarkList {
    var items: [StarlarkValue]
    /// A loaded `.bzl` file's values are frozen, as in Bazel: shared by every BUILD file
    /// that loads it, they never change.
    var frozen = false
    init(_ items: [StarlarkValue]) { self.items = items }
}

final class StarlarkDictionary {
    var frozen = false
    var pairs: [(key: StarlarkValue, value: StarlarkValue)]
    init(_ pairs: [(key: StarlarkValue, value: StarlarkValue)] = []) { self.pairs = pairs }

    func get(_ key: StarlarkValue) -> StarlarkValue? {
        pairs.first { ($0.key == key) == true }?.value
    }

    func set(_ key: StarlarkValue, _ value: StarlarkValue) {
        if let index = pairs.firstIndex(where: { ($0.key == key) == true }) { pairs[index].value = value } else { pairs.append((key, value)) }
    }
}

final class StarlarkFunction {
    let name: String
    let parameters: [StarlarkParameter]
    let body: [StarlarkStatement]
    let globals: StarlarkScope
    /// The file it was defined in (workspace-relative): the BUILD file's own `def`s count
    /// as the BUILD file for target lines.
    let file: String
    init(name: String, parameters: [StarlarkParameter], body: [StarlarkStatement], globals: StarlarkScope, file: String) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.globals = globals
        self.file = file
    }
}

final class StarlarkScope {
    var values: [String: StarlarkValue] = [:]
    let parent: StarlarkScope?
    /// A file's top level (its functions close over it), not a function's locals.
    let isModule: Bool
    init(parent: StarlarkScope?, isModule: Bool = false) {
        self.parent = parent
        self.isModule = isModule
    }

    func lookup(_ name: String) -> StarlarkValue? {
        values[name] ?? parent?.lookup(name)
    }
}

/// Control flow out of a block.
enum StarlarkFlow {
    case normal, breaking, continuing
    case returning(StarlarkValue)
}
