/// A shell-style pattern for module names and paths: `*` matches within one path
/// component, `**` across components, `?` one character, `[abc]` a set.
public struct Glob: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let pattern: String
    /// Where the pattern was written in the configuration (for "matches nothing" errors).
    public let location: ConfigurationLocation?
    private let characters: [Character]

    public init(_ pattern: String, location: ConfigurationLocation? = nil) {
        self.pattern = pattern
        self.location = location
        self.characters = Array(pattern)
    }

    public var description: String { pattern }

    public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// An ASCII pattern and path are matched byte by byte, with the same result as by
    /// characters and without breaking the path into graphemes (the walk and the project
    /// readers match every path of a tree); anything else by characters.
    public func matches(_ text: String) -> Bool {
        let patternBytes = Array(pattern.utf8), bytes = Array(text.utf8)
        if patternBytes.allSatisfy({ $0 < 0x80 }) && bytes.allSatisfy({ $0 < 0x80 }) {
            return Self.match(patternBytes[...], bytes[...])
        }
        return Self.match(characters[...], Array(text)[...])
    }

    private static func match<Element: GlobElement>(_ pattern: ArraySlice<Element>, _ text: ArraySlice<Element>) -> Bool {
        // Iterative with backtracking points for `*` and `**` (no exponential recursion
        // for ordinary patterns).
        var p = pattern.startIndex, t = text.startIndex
        var starP: Int?, starT = 0, starCrossesSlash = false
        while t < text.endIndex {
            if p < pattern.endIndex {
                let character = pattern[p]
                if character == .star {
                    let isDouble = p + 1 < pattern.endIndex && pattern[p + 1] == .star
                    starP = isDouble ? p + 2 : p + 1
                    // `**/` matches zero or more whole directories: the rest of the pattern
                    // is tried at the start of each. (Resolved here, because a later `*` would
                    // replace this backtracking point and `**/*.swift` would stop one level down.)
                    if isDouble, starP! < pattern.endIndex, pattern[starP!] == .slash {
                        let rest = pattern[(starP! + 1)...]
                        var start = t
                        while true {
                            if match(rest, text[start...]) { return true }
                            guard let slash = text[start...].firstIndex(of: .slash) else { return false }
                            start = slash + 1
                        }
                    }
                    starT = t
                    starCrossesSlash = isDouble
                    p = starP!
                    continue
                }
                if character == .question && text[t] != .slash {
                    p += 1
                    t += 1
                    continue
                }
                if character == .openBracket, let (matched, next) = matchSet(pattern, at: p, text[t]) {
                    if matched {
                        p = next
                        t += 1
                        continue
                    }
                } else if character == text[t] {
                    p += 1
                    t += 1
                    continue
                }
            }
            // Backtrack: let the last star eat one more character.
            guard let resume = starP, starCrossesSlash || text[starT] != .slash else { return false }
            starT += 1
            t = starT
            p = resume
        }
        while p < pattern.endIndex && pattern[p] == .star { p += 1 }
        return p == pattern.endIndex
    }

    private static func matchSet<Element: GlobElement>(_ pattern: ArraySlice<Element>, at start: Int, _ character: Element) -> (Bool, Int)? {
        var index = start + 1
        var negate = false
        if index < pattern.endIndex && (pattern[index] == .bang || pattern[index] == .caret) {
            negate = true
            index += 1
        }
        var matched = false
        var first = true
        while index < pattern.endIndex && (pattern[index] != .closeBracket || first) {
            if index + 2 < pattern.endIndex && pattern[index + 1] == .dash && pattern[index + 2] != .closeBracket {
                if pattern[index] <= character && character <= pattern[index + 2] { matched = true }
                index += 3
            } else {
                if pattern[index] == character { matched = true }
                index += 1
            }
            first = false
        }
        guard index < pattern.endIndex else { return nil }
        return (matched != negate, index + 1)
    }
}

/// What a glob is matched over: characters, or the bytes of ASCII text (the same order and
/// the same matches).
protocol GlobElement: Comparable {
    static var star: Self { get }
    static var question: Self { get }
    static var slash: Self { get }
    static var openBracket: Self { get }
    static var closeBracket: Self { get }
    static var bang: Self { get }
    static var caret: Self { get }
    static var dash: Self { get }
}

extension Character: GlobElement {
    static var star: Character { "*" }
    static var question: Character { "?" }
    static var slash: Character { "/" }
    static var openBracket: Character { "[" }
    static var closeBracket: Character { "]" }
    static var bang: Character { "!" }
    static var caret: Character { "^" }
    static var dash: Character { "-" }
}

extension UInt8: GlobElement {
    static var star: UInt8 { UInt8(ascii: "*") }
    static var question: UInt8 { UInt8(ascii: "?") }
    static var slash: UInt8 { UInt8(ascii: "/") }
    static var openBracket: UInt8 { UInt8(ascii: "[") }
    static var closeBracket: UInt8 { UInt8(ascii: "]") }
    static var bang: UInt8 { UInt8(ascii: "!") }
    static var caret: UInt8 { UInt8(ascii: "^") }
    static var dash: UInt8 { UInt8(ascii: "-") }
}
