import Yams

/// A value of an XcodeGen spec: YAML (or JSON) as plain data, keys in written order, each
/// map and list with the line it starts on (findings and notes name it).
///
/// XcodeGen merges includes and templates on untyped dictionaries; modlint does the same
/// on this type, so the merge rules (`merged(onto:)`) read like XcodeGen's.
indirect enum SpecValue {
    case scalar(String)
    case list([SpecValue], line: Int)
    case map([(key: String, value: SpecValue)], line: Int)

    var string: String? {
        if case .scalar(let text) = self { return text }
        return nil
    }

    /// A list, or one value standing for a list of one (`sources: App`).
    var elements: [SpecValue] {
        switch self {
        case .list(let items, _): return items
        case .scalar, .map: return [self]
        }
    }

    var entries: [(key: String, value: SpecValue)] {
        if case .map(let entries, _) = self { return entries }
        return []
    }

    var line: Int? {
        switch self {
        case .scalar: return nil
        case .list(_, let line), .map(_, let line): return line
        }
    }

    subscript(key: String) -> SpecValue? {
        entries.last { $0.key == key }?.value
    }

    var isTrue: Bool {
        guard let text = string?.lowercased() else { return false }
        return text == "true" || text == "yes"
    }

    /// XcodeGen's `merged(onto:)`: maps merge key by key, lists concatenate (the base's
    /// first), anything else is replaced; a key ending in `:REPLACE` replaces outright.
    func merged(onto base: SpecValue) -> SpecValue {
        guard case .map(let entries, let line) = self, case .map(var merged, _) = base else { return self }
        for (key, value) in entries {
            if key.hasSuffix(":REPLACE") {
                Self.set(String(key.dropLast(":REPLACE".count)), value, in: &merged)
                continue
            }
            let existing = merged.last { $0.key == key }?.value
            switch (value, existing) {
            case (.map, .map?): Self.set(key, value.merged(onto: existing!), in: &merged)
            case (.list(let items, let itemLine), .list(let baseItems, _)?): Self.set(key, .list(baseItems + items, line: itemLine), in: &merged)
            default: Self.set(key, value, in: &merged)
            }
        }
        return .map(merged, line: line)
    }

    private static func set(_ key: String, _ value: SpecValue, in entries: inout [(key: String, value: SpecValue)]) {
        if let index = entries.lastIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append((key, value))
        }
    }

    /// `${name}` replaced in keys and strings wherever `variables` has the name; others stay.
    func expanded(_ variables: [String: String]) -> SpecValue {
        guard !variables.isEmpty else { return self }
        switch self {
        case .scalar(let text): return .scalar(Self.expand(text, variables))
        case .list(let items, let line): return .list(items.map { $0.expanded(variables) }, line: line)
        case .map(let entries, let line): return .map(entries.map { (Self.expand($0.key, variables), $0.value.expanded(variables)) }, line: line)
        }
    }

    static func expand(_ text: String, _ variables: [String: String]) -> String {
        guard text.contains("${") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                rest = rest[start.lowerBound...]
                break
            }
            let name = String(rest[start.upperBound..<end])
            result += variables[name] ?? "${\(name)}"
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// The same map with `key` set.
    func setting(_ key: String, _ value: SpecValue) -> SpecValue {
        guard case .map(var entries, let line) = self else { return self }
        Self.set(key, value, in: &entries)
        return .map(entries, line: line)
    }
}

/// YAML text to `SpecValue`, with a budget: a spec of aliases to aliases (a "billion
/// laughs" file from a pull request) would otherwise expand beyond memory.
struct SpecDecoder {
    static let maximumNodes = 1_000_000
    private(set) var nodes = 0

    struct Failure: Error {
        var line: Int
        var message: String
    }

    /// A key written twice in one map (`duplicates`: its lines): YAML readers before Yams
    /// 5.1, XcodeGen's among them, kept the last value; specs that relied on it still
    /// generate, so the earlier line is skipped and reported instead of failing the spec.
    static let maximumDuplicates = 64

    static func decode(_ bytes: [UInt8]) throws(Failure) -> (value: SpecValue, duplicates: [(line: Int, key: String)]) {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var duplicates: [(line: Int, key: String)] = []
        while true {
            do {
                return (try decode(text: lines.joined(separator: "\n")), duplicates)
            } catch let failure as DuplicateKey {
                let index = failure.line - 1
                guard duplicates.count < maximumDuplicates, lines.indices.contains(index),
                      let keyStart = lines[index].firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "-" }),
                      lines[index][keyStart...].hasPrefix(failure.key + ":") else {
                    throw Failure(line: failure.line, message: "duplicate key '\(failure.key)'")
                }
                lines[index].insert("#", at: keyStart)
                duplicates.append((failure.line, failure.key))
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure(line: 1, message: "invalid YAML")
            }
        }
    }

    private struct DuplicateKey: Error {
        var line: Int
        var key: String
    }

    private static func decode(text: String) throws -> SpecValue {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                throw Failure(line: mark.line, message: "invalid YAML: \(problem)")
            case .duplicatedKeysInMapping(let duplicates, let context):
                throw DuplicateKey(line: context.mark.line, key: duplicates.first ?? "")
            default:
                throw Failure(line: 1, message: "invalid YAML")
            }
        } catch {
            throw Failure(line: 1, message: "invalid YAML")
        }
        guard let root else { return .map([], line: 1) }
        var decoder = SpecDecoder()
        return try decoder.value(root, depth: 0)
    }

    private mutating func value(_ node: Node, depth: Int) throws(Failure) -> SpecValue {
        nodes += 1
        let line = node.mark?.line ?? 1
        guard nodes <= Self.maximumNodes, depth < 256 else {
            throw Failure(line: line, message: "the spec expands to more than \(Self.maximumNodes) values (aliases of aliases?); it is not read")
        }
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string)
        case .sequence(let sequence):
            var items: [SpecValue] = []
            for item in sequence { items.append(try value(item, depth: depth + 1)) }
            return .list(items, line: line)
        case .mapping(let mapping):
            var entries: [(key: String, value: SpecValue)] = []
            for (key, item) in mapping {
                // `<<: *defaults` merge keys: the anchored map's entries, then the map's own.
                if key.string == "<<", case .map(let inherited, _) = try value(item, depth: depth + 1) {
                    entries += inherited
                    continue
                }
                var decoded = try value(item, depth: depth + 1)
                // A map or list under a key starts, for a reader, at the key (`App:`).
                if let keyLine = key.mark?.line {
                    switch decoded {
                    case .map(let inner, _): decoded = .map(inner, line: keyLine)
                    case .list(let inner, _): decoded = .list(inner, line: keyLine)
                    case .scalar: break
                    }
                }
                entries.append((key.string ?? "", decoded))
            }
            return .map(entries, line: line)
        case .alias:
            return .scalar("")
        }
    }
}
