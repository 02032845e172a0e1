/// Methods of strings, lists and dictionaries (`"{}".format(x)`, `deps.append(x)`,
/// `kwargs.pop("name")`); a frozen value of a loaded `.bzl` file cannot change.
extension StarlarkEvaluation {
    func method(_ value: StarlarkValue, _ name: String, positional: [StarlarkValue], keywords: [(String, StarlarkValue)]) -> StarlarkValue {
        switch value {
        case .string(let text): return stringMethod(text, name, positional: positional, keywords: keywords)
        case .list(let list): return listMethod(list, name, positional: positional)
        case .dictionary(let dictionary): return dictionaryMethod(dictionary, name, positional: positional, keywords: keywords)
        default: return .unknown
        }
    }

    private func stringMethod(_ text: String, _ name: String, positional: [StarlarkValue], keywords: [(String, StarlarkValue)]) -> StarlarkValue {
        switch name {
        case "format":
            return Self.format(text, positional: positional, keywords: keywords)
        case "replace":
            guard let old = positional.first?.text, let new = positional.dropFirst().first?.text, !old.isEmpty else { return .unknown }
            return .string(text.replacingAll(old, with: new))
        case "split":
            guard let separator = positional.first?.text, !separator.isEmpty else {
                return .list(StarlarkList(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map { .string(String($0)) }))
            }
            return .list(StarlarkList(text.splitting(by: separator).map { .string($0) }))
        case "rsplit":
            guard let separator = positional.first?.text, !separator.isEmpty else { return .unknown }
            let parts = text.splitting(by: separator)
            if case .int(1)? = positional.dropFirst().first, parts.count > 1 {
                return .list(StarlarkList([.string(parts.dropLast().joined(separator: separator)), .string(parts.last!)]))
            }
            return .list(StarlarkList(parts.map { .string($0) }))
        case "join":
            guard let items = positional.first?.items, items.allSatisfy({ $0.text != nil }) else { return .unknown }
            return .string(items.map { $0.text! }.joined(separator: text))
        case "endswith":
            guard let suffix = positional.first?.text else { return .unknown }
            return .bool(text.hasSuffix(suffix))
        case "startswith":
            guard let prefix = positional.first?.text else { return .unknown }
            return .bool(text.hasPrefix(prefix))
        case "lower": return .string(text.lowercased())
        case "upper": return .string(text.uppercased())
        case "strip": return .string(text.trimmingCharacters(in: " \n\t"))
        case "capitalize": return .string(text.prefix(1).uppercased() + text.dropFirst().lowercased())
        case "removeprefix":
            guard let prefix = positional.first?.text else { return .unknown }
            return .string(text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
        case "removesuffix":
            guard let suffix = positional.first?.text else { return .unknown }
            return .string(text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text)
        default:
            return .unknown
        }
    }

    /// `"{} {name} {0}".format(…)`: fields by position, number or keyword, `{{` and `}}`
    /// escaped; a field that is no string or number makes the result unknown.
    static func format(_ text: String, positional: [StarlarkValue], keywords: [(String, StarlarkValue)]) -> StarlarkValue {
        var result = ""
        var index = positional.startIndex
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if character == "{" {
                if characters.first == "{" { characters.removeFirst(); result.append("{"); continue }
                var field = ""
                while let next = characters.popFirst(), next != "}" { field.append(next) }
                let replacement: StarlarkValue?
                if field.isEmpty {
                    replacement = index < positional.count ? positional[index] : nil
                    index += 1
                } else if let number = Int(field) {
                    replacement = number < positional.count ? positional[number] : nil
                } else {
                    replacement = keywords.first { $0.0 == field }?.1
                }
                switch replacement {
                case .string(let inserted)?: result += inserted
                case .int(let number)?: result += String(number)
                default: return .unknown
                }
            } else if character == "}" && characters.first == "}" {
                characters.removeFirst()
                result.append("}")
            } else {
                result.append(character)
            }
        }
        return .string(result)
    }

    private func listMethod(_ list: StarlarkList, _ name: String, positional: [StarlarkValue]) -> StarlarkValue {
        switch name {
        // A `where` belongs to one pattern of a case: each says it.
        case "append" where list.frozen, "extend" where list.frozen, "insert" where list.frozen:
            _ = mayChange(true)
            return .unknown
        case "append":
            if let item = positional.first { list.items.append(item) }
            return .none
        case "extend":
            list.items += positional.first.flatMap(Self.listItems) ?? []
            meter(.list(list))
            return .none
        case "insert":
            if positional.count == 2, case .int(let index) = positional[0] { list.items.insert(positional[1], at: min(max(index, 0), list.items.count)) }
            return .none
        case "index":
            return list.items.firstIndex { ($0 == positional.first ?? .unknown) == true }.map { .int($0) } ?? .unknown
        default:
            return .unknown
        }
    }

    private func dictionaryMethod(_ dictionary: StarlarkDictionary, _ name: String, positional: [StarlarkValue],
                                  keywords: [(String, StarlarkValue)]) -> StarlarkValue {
        switch name {
        case "pop" where dictionary.frozen, "setdefault" where dictionary.frozen, "update" where dictionary.frozen:
            _ = mayChange(true)
            return .unknown
        case "get":
            guard let key = positional.first else { return .unknown }
            return dictionary.get(key) ?? (positional.count > 1 ? positional[1] : .none)
        case "pop":
            guard let key = positional.first else { return .unknown }
            let found = dictionary.get(key)
            dictionary.pairs.removeAll { ($0.key == key) == true }
            return found ?? (positional.count > 1 ? positional[1] : .unknown)
        case "setdefault":
            guard let key = positional.first else { return .unknown }
            if let found = dictionary.get(key) { return found }
            let fallback = positional.count > 1 ? positional[1] : .none
            dictionary.set(key, fallback)
            return fallback
        case "keys": return .list(StarlarkList(dictionary.pairs.map(\.key)))
        case "values": return .list(StarlarkList(dictionary.pairs.map(\.value)))
        case "items": return .list(StarlarkList(dictionary.pairs.map { .tuple([$0.key, $0.value]) }))
        case "update":
            if case .dictionary(let other)? = positional.first { for pair in other.pairs { dictionary.set(pair.key, pair.value) } }
            for (key, value) in keywords { dictionary.set(.string(key), value) }
            return .none
        default:
            return .unknown
        }
    }
}

extension String {
    func replacingAll(_ old: String, with new: String) -> String {
        splitting(by: old).joined(separator: new)
    }

    func splitting(by separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
