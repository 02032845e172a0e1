/// Where a podspec or Podfile is evaluated, for what depends on it: `__dir__`, paths
/// made with `File`, and `Dir[…]` / `Dir.glob(…)`. Paths are kept relative to the file's
/// folder (CocoaPods evaluates a podspec in its folder, `pod install` runs in the
/// Podfile's), lexically normalised: `.` is the folder itself, `../Common` its sibling.
public struct RubyEnvironment {
    /// The file's folder, relative to the analysed tree's root (`""` at the root).
    public var folder: String
    /// The tree's paths a glob pattern (relative to `folder`, braces expanded) matches,
    /// relative to `folder` and sorted; `nil` when they cannot be known (a pattern that
    /// leaves the tree, a budget spent). No function: every glob is unknown.
    public var glob: ((String) -> [String]?)?

    public init(folder: String = "", glob: ((String) -> [String]?)? = nil) {
        self.folder = folder
        self.glob = glob
    }

    /// `path` (relative to the folder) as components from the tree's root; `nil` when it
    /// leaves the tree or is absolute.
    public func treeComponents(_ path: String) -> [String]? {
        guard !path.hasPrefix("/"), !path.hasPrefix("~") else { return nil }
        var components = folder.split(separator: "/").map(String.init)
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components
    }

    /// `path` normalised and relative to the folder (`.` for the folder); `nil` outside the tree.
    public func normalized(_ path: String) -> String? {
        guard let components = treeComponents(path) else { return nil }
        let base = folder.split(separator: "/").map(String.init)
        var common = 0
        while common < min(base.count, components.count) && base[common] == components[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + components[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

/// The methods the readers evaluate, on values already resolved: `File` and `Dir` calls,
/// `+`, and the string methods names are spelled with. Anything else is `.unknown`, which
/// the reader reports as a construct it could not evaluate.
public enum RubyMethods {
    /// How many paths one glob may yield.
    public static let maximumGlobMatches = 10_000

    public static func apply(_ receiver: RubyValue?, _ name: String, _ arguments: [RubyValue], in environment: RubyEnvironment) -> RubyValue {
        if arguments.contains(.unknown) || receiver == .unknown { return .unknown }
        switch receiver {
        case nil:
            return name == "__dir__" && arguments.isEmpty ? .string(".") : .unknown
        case .reference(["File"])?:
            return file(name, arguments, in: environment)
        case .reference(["Dir"])?:
            return name == "glob" ? glob(arguments, in: environment) : .unknown
        case .string(let text)?:
            return string(text, name, arguments)
        case .symbol(let text)?:
            if name == "to_s" && arguments.isEmpty { return .string(text) }
            if name == "to_sym" && arguments.isEmpty { return .symbol(text) }
            return .unknown
        case .array(let items)?:
            return array(items, name, arguments)
        case .number(let digits)? where name == "to_s" && arguments.isEmpty:
            return .string(digits)
        default:
            return .unknown
        }
    }

    /// `value` evaluated: references looked up (`lookup` gives the value of a chain's first
    /// names and how many it took; the names after them are methods without arguments),
    /// methods applied, `#{…}` filled in. What cannot be is `.unknown`.
    public static func resolve(_ value: RubyValue, in environment: RubyEnvironment, file: String?,
                               lookup: ([String]) -> (value: RubyValue, consumed: Int)?) -> RubyValue {
        func evaluate(_ value: RubyValue, depth: Int) -> RubyValue {
            guard depth < 64 else { return .unknown }
            switch value {
            case .reference(["File"]), .reference(["Dir"]):
                return value
            case .reference(let chain):
                guard let (found, consumed) = lookup(chain), consumed > 0 else { return .unknown }
                var result = found
                for method in chain.dropFirst(consumed) { result = apply(result, method, [], in: environment) }
                return result
            case .method(let receiver, let name, let arguments):
                return apply(receiver.map { evaluate($0, depth: depth + 1) }, name, arguments.map { evaluate($0, depth: depth + 1) }, in: environment)
            case .interpolated:
                return value.interpolating { code in
                    interpolationText(evaluate(RubyParser.expression(code, file: file), depth: depth + 1))
                }
            case .array(let items):
                return .array(items.map { evaluate($0, depth: depth + 1) })
            default:
                return value
            }
        }
        return evaluate(value, depth: 0)
    }

    /// The text a value stands for inside `#{…}`.
    public static func interpolationText(_ value: RubyValue) -> String? {
        switch value {
        case .string(let text), .symbol(let text), .number(let text): return text
        default: return nil
        }
    }

    static func string(_ text: String, _ name: String, _ arguments: [RubyValue]) -> RubyValue {
        if arguments.isEmpty {
            switch name {
            case "downcase": return .string(text.lowercased())
            case "upcase": return .string(text.uppercased())
            case "capitalize": return .string(text.prefix(1).uppercased() + text.dropFirst().lowercased())
            case "strip": return .string(text.trimmingWhitespace(leading: true, trailing: true))
            case "lstrip": return .string(text.trimmingWhitespace(leading: true, trailing: false))
            case "rstrip": return .string(text.trimmingWhitespace(leading: false, trailing: true))
            case "to_s", "to_str", "freeze", "dup", "itself": return .string(text)
            case "to_sym": return .symbol(text)
            default: return .unknown
            }
        }
        let first = arguments[0]
        switch name {
        case "+" where arguments.count == 1:
            if case .string(let other) = first { return .string(text + other) }
            if case .interpolated(let pieces) = first { return .interpolated([.text(text)] + pieces) }
            return .unknown
        case "gsub" where arguments.count == 2, "sub" where arguments.count == 2:
            // `\1`, `\0`, `\k<name>` in a replacement: not evaluated.
            guard case .string(let replacement) = arguments[1], !replacement.contains("\\") else { return .unknown }
            return replace(in: text, first, with: replacement, all: name == "gsub").map { .string($0) } ?? .unknown
        case "delete_suffix" where arguments.count == 1:
            guard case .string(let suffix) = first else { return .unknown }
            return .string(text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text)
        case "delete_prefix" where arguments.count == 1:
            guard case .string(let prefix) = first else { return .unknown }
            return .string(text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
        default: return .unknown
        }
    }

    static func array(_ items: [RubyValue], _ name: String, _ arguments: [RubyValue]) -> RubyValue {
        if name == "+", arguments.count == 1 {
            if case .array(let other) = arguments[0] { return .array(items + other) }
            return .unknown
        }
        guard arguments.isEmpty else { return .unknown }
        switch name {
        case "freeze", "dup", "to_a": return .array(items)
        case "sort":
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else { return .unknown }
                texts.append(text)
            }
            return .array(texts.sorted().map { .string($0) })
        case "first": return items.first ?? .null
        case "last": return items.last ?? .null
        case "flatten":
            func flat(_ value: RubyValue) -> [RubyValue] {
                if case .array(let inner) = value { return inner.flatMap(flat) }
                return [value]
            }
            return .array(items.flatMap(flat))
        case "compact": return .array(items.filter { $0 != .null })
        case "uniq":
            var seen: [RubyValue] = []
            for item in items where !seen.contains(item) { seen.append(item) }
            return .array(seen)
        default: return .unknown
        }
    }

    /// `sub`/`gsub` with a string (every occurrence as written) or a simple regular
    /// expression; `nil` for a pattern not evaluated.
    static func replace(in text: String, _ pattern: RubyValue, with replacement: String, all: Bool) -> String? {
        switch pattern {
        case .string(let literal):
            guard !literal.isEmpty else { return nil }
            var result = ""
            var rest = Substring(text)
            while let range = rest.range(of: literal) {
                result += rest[..<range.lowerBound] + replacement
                rest = rest[range.upperBound...]
                if !all { break }
            }
            return result + rest
        case .regex(let source, let options):
            guard options.isEmpty, isSimpleRegex(source), let regex = try? Regex(source) else { return nil }
            return all ? text.replacing(regex, with: replacement) : text.replacing(regex, with: replacement, maxReplacements: 1)
        default:
            return nil
        }
    }

    /// A regular expression whose meaning Ruby and Swift share: literal characters,
    /// escapes of punctuation, `\s`, `\d`, `\w` (and their negations), `.`, character
    /// classes, quantifiers, anchors, plain groups and alternation. No look-around, named
    /// group, `\h` (hexadecimal in Ruby), property or back-reference.
    static func isSimpleRegex(_ source: String) -> Bool {
        let characters = Array(source)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                guard index + 1 < characters.count else { return false }
                let escaped = characters[index + 1]
                guard "sSdDwWAzZ".contains(escaped) || (escaped.isASCII && !escaped.isLetter && !escaped.isNumber) else { return false }
                index += 2
                continue
            }
            if character == "(" && index + 1 < characters.count && characters[index + 1] == "?" { return false }
            if character == "[" && index + 1 < characters.count && characters[index + 1] == "[" { return false }
            index += 1
        }
        return true
    }

    static func file(_ name: String, _ arguments: [RubyValue], in environment: RubyEnvironment) -> RubyValue {
        switch name {
        case "basename":
            guard (1...2).contains(arguments.count), case .string(let path) = arguments[0] else { return .unknown }
            var last: String
            let components = path.split(separator: "/")
            if let final = components.last, final != ".", final != ".." {
                last = String(final)
            } else {
                // `File.basename(__dir__)`: the folder's own name, known from the tree.
                guard let tree = environment.treeComponents(path), let name = tree.last else { return .unknown }
                last = name
            }
            guard arguments.count == 2 else { return .string(last) }
            guard case .string(let suffix) = arguments[1] else { return .unknown }
            if suffix == ".*" {
                if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
            } else if last.hasSuffix(suffix) && last != suffix {
                last = String(last.dropLast(suffix.count))
            }
            return .string(last)
        case "dirname":
            guard arguments.count == 1, case .string(let path) = arguments[0], let normalized = environment.normalized(path + "/..") else { return .unknown }
            return .string(normalized)
        case "join":
            var parts: [String] = []
            func add(_ value: RubyValue) -> Bool {
                switch value {
                case .string(let text): parts.append(text); return true
                case .array(let items): return items.allSatisfy(add)
                default: return false
                }
            }
            guard !arguments.isEmpty, arguments.allSatisfy(add) else { return .unknown }
            var joined = ""
            for part in parts {
                if joined.isEmpty { joined = part; continue }
                joined = (joined.hasSuffix("/") ? String(joined.dropLast()) : joined) + "/" + (part.hasPrefix("/") ? String(part.dropFirst()) : part)
            }
            return .string(joined)
        case "expand_path":
            guard (1...2).contains(arguments.count), case .string(let path) = arguments[0] else { return .unknown }
            var base = "."
            if arguments.count == 2 {
                guard case .string(let given) = arguments[1] else { return .unknown }
                base = given
            }
            guard !path.hasPrefix("/"), let normalized = environment.normalized(base + "/" + path) else { return .unknown }
            return .string(normalized)
        default:
            return .unknown
        }
    }

    static func glob(_ arguments: [RubyValue], in environment: RubyEnvironment) -> RubyValue {
        guard let glob = environment.glob else { return .unknown }
        var patterns: [String] = []
        for argument in arguments {
            switch argument {
            case .string(let pattern): patterns.append(pattern)
            case .array(let items):
                for item in items {
                    guard case .string(let pattern) = item else { return .unknown }
                    patterns.append(pattern)
                }
            // `File::FNM_DOTMATCH` and other flags: the matches of the tree's files stand.
            case .reference, .number: continue
            default: return .unknown
            }
        }
        guard !patterns.isEmpty else { return .unknown }
        var matches: [RubyValue] = []
        for pattern in patterns {
            guard let found = glob(pattern) else { return .unknown }
            matches += found.map { .string($0) }
            if matches.count > maximumGlobMatches { return .unknown }
        }
        return .array(matches)
    }

    /// The patterns of a `Dir.glob`/`Dir[…]` given to `source_files` (CocoaPods globs them
    /// the same way); `nil` for any other value.
    public static func globPatterns(_ value: RubyValue) -> [RubyValue]? {
        guard case .method(.reference(["Dir"])?, "glob", let arguments) = value else { return nil }
        var patterns: [RubyValue] = []
        for argument in arguments {
            switch argument {
            case .array(let items): patterns += items
            case .reference, .number: continue
            default: patterns.append(argument)
            }
        }
        return patterns
    }
}

extension String {
    func trimmingWhitespace(leading: Bool, trailing: Bool) -> String {
        let whitespace: Set<Character> = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\0"]
        var result = Substring(self)
        if leading { result = result.drop { whitespace.contains($0) } }
        if trailing { while let last = result.last, whitespace.contains(last) { result = result.dropLast() } }
        return String(result)
    }
}
