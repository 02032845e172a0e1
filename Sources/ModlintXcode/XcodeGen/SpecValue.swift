import Synchronization
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
    /// How many values this one holds, counted up to `limit` (then `limit`): iteratively,
    /// so a deep value costs no stack.
    func nodeCount(limit: Int) -> Int {
        var count = 0
        var pending: [SpecValue] = [self]
        while let next = pending.popLast() {
            count += 1
            if count >= limit { return limit }
            switch next {
            case .scalar: break
            case .list(let items, _): pending += items
            case .map(let entries, _): pending += entries.map(\.value)
            }
        }
        return count
    }

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
    /// Parses of the whole spec for duplicates the line pass cannot see.
    static let maximumReparses = 8

    /// One include shared by 100 specs is decoded once per run: results are kept by the
    /// file's bytes (not a hash, so no two contents share an entry).
    static func decodeShared(_ bytes: [UInt8]) throws(Failure) -> (value: SpecValue, duplicates: [(line: Int, key: String)]) {
        if let known = decodedFiles.withLock({ $0[bytes] }) { return try known.result.get() }
        let result: Result<(value: SpecValue, duplicates: [(line: Int, key: String)]), Failure>
        do throws(Failure) {
            result = .success(try decode(bytes))
        } catch {
            result = .failure(error)
        }
        decodedFiles.withLock { $0[bytes] = DecodedFile(result: result) }
        return try result.get()
    }

    /// Values hold no reference types: shared read-only across threads.
    private struct DecodedFile: @unchecked Sendable {
        var result: Result<(value: SpecValue, duplicates: [(line: Int, key: String)]), Failure>
    }

    private static let decodedFiles = Mutex<[[UInt8]: DecodedFile]>([:])

    static func decode(_ bytes: [UInt8]) throws(Failure) -> (value: SpecValue, duplicates: [(line: Int, key: String)]) {
        var lines = Self.lines(String(decoding: SpecText.utf8(bytes), as: UTF8.self))
        var duplicates: [(line: Int, key: String)] = []
        // Block-style duplicates are found in one pass over the lines and set aside at
        // once; only what that pass cannot see (flow style, quoted keys) costs a parse each.
        for index in BlockDuplicates.earlierLines(lines.map(\.text)).prefix(maximumDuplicates) {
            guard let keyStart = lines[index].text.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "-" }) else { continue }
            let key = String(lines[index].text[keyStart...].prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces)
            setAside(&lines[index].text, at: keyStart, number: duplicates.count)
            duplicates.append((index + 1, key))
        }
        var reparses = 0
        while true {
            reparses += 1
            guard reparses <= maximumReparses else {
                throw Failure(line: duplicates.last?.line ?? 1, message: "more than \(maximumReparses) duplicate keys the reader must parse again for (the size budget)")
            }
            do {
                let value = try decode(text: lines.map { $0.text + $0.lineBreak }.joined())
                return (duplicates.isEmpty ? value : value.removingSetAsideKeys(), duplicates)
            } catch let failure as DuplicateKey {
                let index = failure.line - 1
                guard duplicates.count < maximumDuplicates, lines.indices.contains(index),
                      let keyStart = lines[index].text.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "-" }),
                      lines[index].text[keyStart...].hasPrefix(failure.key + ":") else {
                    throw Failure(line: min(max(failure.line, 1), lines.count), message: "duplicate key '\(failure.key)'")
                }
                setAside(&lines[index].text, at: keyStart, number: duplicates.count)
                duplicates.append((failure.line, failure.key))
            } catch let failure as Failure {
                // libyaml reports an error at the end of a file that does not end with a line
                // break on the line after the last: the file's last line.
                throw Failure(line: min(max(failure.line, 1), lines.count), message: failure.message)
            } catch {
                throw Failure(line: 1, message: "invalid YAML")
            }
        }
    }

    /// The lines of `text` as libyaml numbers them — `\n`, `\r\n`, a lone `\r`, NEL, LS and
    /// PS each end one —, each with the break that ends it (none for the last): a line a
    /// mark names is the line commented out, and joined they are the text again.
    static func lines(_ text: String) -> [(text: String, lineBreak: String)] {
        var lines: [(text: String, lineBreak: String)] = []
        var current = ""
        for character in text {
            switch character {
            case "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                lines.append((current, String(character)))
                current = ""
            default:
                current.append(character)
            }
        }
        lines.append((current, ""))
        return lines
    }

    /// The earlier of two equal keys is renamed, not commented out: its value stays where
    /// it is (an anchor it defines, `App: &app`, is still there for the later key's
    /// `<<: *app`, and its indented lines do not fall to the key above), and the renamed
    /// entry is dropped once parsed (`removingSetAsideKeys`). The later value wins, as in
    /// XcodeGen's reader.
    private static func setAside(_ line: inout String, at keyStart: String.Index, number: Int) {
        line.insert(contentsOf: setAsidePrefix + "\(number).", at: keyStart)
    }

    static let setAsidePrefix = "modlint-duplicate-key."

    private struct DuplicateKey: Error {
        var line: Int
        var key: String
    }

    private static func decode(text: String) throws -> SpecValue {
        let root: Node?
        do {
            // No implicit types: the decoder reads every scalar as text, and Yams' default
            // resolver matches each map key against seven regular expressions (compiled
            // first) only to find duplicate keys, which equal text finds as well.
            root = try Yams.compose(yaml: text, .basic)
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

/// Keys written twice in one block-style map, found from the lines alone: the line of
/// each earlier occurrence (the later one wins, as in XcodeGen's YAML reader).
enum BlockDuplicates {
    static func earlierLines(_ lines: [String]) -> [Int] {
        // One frame per open map: its indentation and the keys seen in it.
        var frames: [(indent: Int, keys: [Substring: Int])] = []
        var blockScalarIndent: Int?
        var result: [Int] = []
        for (index, line) in lines.enumerated() {
            let bytes = line.utf8
            let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
            guard let first = bytes.dropFirst(indent).first, first != UInt8(ascii: "#") else { continue }
            if let scalar = blockScalarIndent {
                if indent > scalar { continue }
                blockScalarIndent = nil
            }
            var content = line.dropFirst(indent)
            var keyIndent = indent
            // `- key: value`: a sequence item opens a new map at its content's indentation.
            while content.hasPrefix("- ") {
                let dash = content.dropFirst(2)
                let spaces = dash.prefix { $0 == " " }.count
                keyIndent += 2 + spaces
                content = dash.dropFirst(spaces)
                frames.removeAll { $0.indent >= keyIndent }
                frames.append((keyIndent, [:]))
            }
            // A line the pass does not understand closes the maps at its indentation, so
            // that it never pairs two keys of different maps (a key it cannot see between them).
            guard let key = Self.plainKey(content) else {
                frames.removeAll { $0.indent >= keyIndent }
                continue
            }
            frames.removeAll { $0.indent > keyIndent }
            if frames.last?.indent != keyIndent { frames.append((keyIndent, [:])) }
            if let earlier = frames[frames.count - 1].keys[key] { result.append(earlier) }
            frames[frames.count - 1].keys[key] = index
            let value = content.dropFirst(key.count).drop { $0 == " " }.dropFirst().drop { $0 == " " }
            if value.hasPrefix("|") || value.hasPrefix(">") { blockScalarIndent = keyIndent }
        }
        return result.sorted()
    }

    /// `name:` or `name: value` with a plain key (spaces allowed: `Design System:`); `nil`
    /// for anything else (quoted or complex keys, flow collections, comments).
    private static func plainKey(_ content: Substring) -> Substring? {
        guard let first = content.first, !"\"'{[&*!|>?%@`#-".contains(first) else { return nil }
        var colon: Substring.Index?
        var index = content.startIndex
        while index < content.endIndex {
            let character = content[index]
            if character == "#" || character == "{" || character == "[" { return nil }
            if character == ":" {
                let next = content.index(after: index)
                if next == content.endIndex || content[next] == " " || content[next] == "\t" {
                    colon = index
                    break
                }
            }
            index = content.index(after: index)
        }
        guard let colon else { return nil }
        let key = content[..<colon]
        guard !key.isEmpty, key.last != " ", key.last != "\t" else { return nil }
        return key
    }
}

extension SpecValue {
    /// The value without the entries `SpecDecoder.setAside` renamed, at any depth.
    func removingSetAsideKeys() -> SpecValue {
        switch self {
        case .scalar: return self
        case .list(let items, let line): return .list(items.map { $0.removingSetAsideKeys() }, line: line)
        case .map(let entries, let line):
            return .map(entries.filter { !$0.key.hasPrefix(SpecDecoder.setAsidePrefix) }.map { ($0.key, $0.value.removingSetAsideKeys()) }, line: line)
        }
    }
}
