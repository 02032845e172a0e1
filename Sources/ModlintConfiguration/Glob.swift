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

    public func matches(_ text: String) -> Bool {
        Self.match(characters[...], Array(text)[...])
    }

    private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        // Iterative with backtracking points for `*` and `**` (no exponential recursion
        // for ordinary patterns).
        var p = pattern.startIndex, t = text.startIndex
        var starP: Int?, starT = 0, starCrossesSlash = false
        while t < text.endIndex {
            if p < pattern.endIndex {
                let character = pattern[p]
                if character == "*" {
                    let isDouble = p + 1 < pattern.endIndex && pattern[p + 1] == "*"
                    starP = isDouble ? p + 2 : p + 1
                    // `**/` matches zero or more whole directories: the rest of the pattern
                    // is tried at the start of each. (Resolved here, because a later `*` would
                    // replace this backtracking point and `**/*.swift` would stop one level down.)
                    if isDouble, starP! < pattern.endIndex, pattern[starP!] == "/" {
                        let rest = pattern[(starP! + 1)...]
                        var start = t
                        while true {
                            if match(rest, text[start...]) { return true }
                            guard let slash = text[start...].firstIndex(of: "/") else { return false }
                            start = slash + 1
                        }
                    }
                    starT = t
                    starCrossesSlash = isDouble
                    p = starP!
                    continue
                }
                if character == "?" && text[t] != "/" {
                    p += 1
                    t += 1
                    continue
                }
                if character == "[", let (matched, next) = matchSet(pattern, at: p, text[t]) {
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
            guard let resume = starP, starCrossesSlash || text[starT] != "/" else { return false }
            starT += 1
            t = starT
            p = resume
        }
        while p < pattern.endIndex && pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }

    private static func matchSet(_ pattern: ArraySlice<Character>, at start: Int, _ character: Character) -> (Bool, Int)? {
        var index = start + 1
        var negate = false
        if index < pattern.endIndex && (pattern[index] == "!" || pattern[index] == "^") {
            negate = true
            index += 1
        }
        var matched = false
        var first = true
        while index < pattern.endIndex && (pattern[index] != "]" || first) {
            if index + 2 < pattern.endIndex && pattern[index + 1] == "-" && pattern[index + 2] != "]" {
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
