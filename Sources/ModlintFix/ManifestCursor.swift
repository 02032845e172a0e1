import ModlintTokenizer

/// Token-level navigation of a manifest for `ManifestEditor`: target calls, their
/// arguments, array elements, and the byte offsets and indentation edits need.
struct ManifestCursor: BracketReader {
    let source: TokenizedSource
    let tokens: [Token]
    let partners: BracketPartners
    var bytes: [UInt8] { source.bytes }

    static let targetFactories: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget"]

    init(_ source: TokenizedSource) {
        self.source = source
        self.tokens = source.tokens
        self.partners = BracketPartners(source: source, tokens: source.tokens)
    }

    // MARK: - Tokens

    /// The value of a plain string literal token (`"Core"`), or `nil`.
    func stringValue(_ index: Int) -> String? {
        guard index < tokens.count, tokens[index].kind == .string else { return nil }
        let literal = text(at: index)
        guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\""), !literal.hasPrefix("\"\"\""),
              !literal.contains("\\(") else { return nil }
        return String(literal.dropFirst().dropLast())
    }

    /// Byte offsets.
    func start(_ index: Int) -> Int { Int(tokens[index].start) }
    func end(_ index: Int) -> Int { Int(tokens[index].end) }

    /// The offset of the start of the line holding byte `offset`.
    func startOfLine(from offset: Int) -> Int {
        var lineStart = offset
        while lineStart > 0 && source.bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        return lineStart
    }

    /// The white space that starts the line holding token `index`.
    func indentation(ofLineAt index: Int) -> String {
        let bytes = source.bytes
        let lineStart = startOfLine(from: start(index))
        var end = lineStart
        while end < bytes.count && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) { end += 1 }
        return String(decoding: bytes[lineStart..<end], as: UTF8.self)
    }

    /// The offset of the end of the line holding byte `offset` (before its newline and
    /// before a trailing `//` comment's end: the comment stays where it is only when the
    /// insertion goes after it, which is what the end of the line gives).
    func endOfLine(from offset: Int) -> Int {
        let bytes = source.bytes
        var end = offset
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return end
    }

    // MARK: - Targets

    /// The `(` of every `.target(name: "X", …)`-style call declaring `name`.
    func targetCalls(named name: String) -> [Int] {
        var calls: [Int] = []
        for index in 1..<max(1, tokens.count - 1) where tokens[index].kind == .identifier
            && isPunctuation(index - 1, UInt8(ascii: ".")) && isPunctuation(index + 1, UInt8(ascii: "("))
            && Self.targetFactories.contains(text(at: index)) {
            let open = index + 1
            // `.target(name: "X")` inside a `dependencies: […]` list depends on X.
            if let list = enclosingBracket(of: index - 1), list >= 2, isPunctuation(list, UInt8(ascii: "[")),
               isPunctuation(list - 1, UInt8(ascii: ":")), isWord(list - 2, "dependencies") { continue }
            guard let nameArgument = item(labelled: "name", in: items(in: open)),
                  nameArgument.last == nameArgument.first + 2, stringValue(nameArgument.last) == name else { continue }
            calls.append(open)
        }
        return calls
    }

    /// The `[` of a labelled argument whose whole value is one array literal (`label: […]`).
    func arrayLiteral(of argument: ListItem) -> Int? {
        let value = argument.first + 2
        return isPunctuation(value, UInt8(ascii: "[")) && partner(of: value) == argument.last ? value : nil
    }

    /// A labelled argument's value as written.
    func valueText(of argument: ListItem) -> String {
        source.text(from: start(argument.first + 2), to: end(argument.last))
    }

    func dependenciesArgument(of open: Int) -> DependenciesArgument {
        let arguments = items(in: open)
        if let argument = item(labelled: "dependencies", in: arguments) {
            if let value = arrayLiteral(of: argument) { return .array(open: value, close: argument.last) }
            return .computed(valueText(of: argument))
        }
        guard let name = item(labelled: "name", in: arguments) else {
            return .notEditable("the target has no literal name")
        }
        // `.plugin(name:capability:dependencies:)`: the new argument goes after `capability:`.
        if isWord(open - 1, "plugin") {
            guard let capability = item(labelled: "capability", in: arguments) else {
                return .notEditable("the plugin has no capability argument to place its dependencies after")
            }
            return .absent(after: capability.last)
        }
        return .absent(after: name.last)
    }

    // MARK: - Array elements

    /// The name a dependency element declares: `"X"`, `.target(name: "X")`,
    /// `.product(name: "X", …)`, `.byName(name: "X")`.
    func declaredName(_ element: ListItem) -> String? {
        if element.first == element.last { return stringValue(element.first) }
        guard isPunctuation(element.first, UInt8(ascii: ".")), isPunctuation(element.first + 2, UInt8(ascii: "(")) else { return nil }
        return item(labelled: "name", in: items(in: element.first + 2)).flatMap { $0.last == $0.first + 2 ? stringValue($0.last) : nil }
    }

    /// Whether the element declares the dependency `dependency` (a name, or an element's
    /// Swift text whose name is compared).
    func names(_ element: ListItem, _ dependency: String) -> Bool {
        declaredName(element) == Self.name(ofDependency: dependency)
    }

    /// `"X"` or `.target(name: "X", …)` → `X`; a bare name stays as it is.
    static func name(ofDependency dependency: String) -> String {
        if dependency.hasPrefix("\""), let end = dependency.dropFirst().firstIndex(of: "\"") {
            return String(dependency[dependency.index(after: dependency.startIndex)..<end])
        }
        guard let label = dependency.range(of: "name: \"") else { return dependency }
        let rest = dependency[label.upperBound...]
        return String(rest.prefix { $0 != "\"" })
    }

    // MARK: - Edits

    /// Inserts `additions` at the end of an array literal, in its style: one per line with
    /// the elements' indentation when `]` stands on its own line, else inline.
    func insertion(of additions: [String], into list: [ListItem], open: Int, close: Int) -> TextEdit? {
        guard !additions.isEmpty else { return nil }
        let multiline = tokens[close].isAtLineStart
        guard let last = list.last else {
            // Empty (or emptied) array: `[]` → `[X, Y]`, or one per line when it spans lines.
            if multiline {
                let indent = indentation(ofLineAt: close) + "    "
                let body = additions.map { "\n" + indent + $0 + "," }.joined()
                return TextEdit(offset: end(open), length: 0, replacement: body)
            }
            return TextEdit(offset: end(open), length: start(close) - end(open), replacement: additions.joined(separator: ", "))
        }
        if multiline && endsInsideCondition(list, close: close) {
            // The last element sits in an `#if` block (`#endif` before `]`): new elements go
            // after the block, on their own lines before `]`, so they are unconditional.
            // (`canAppend` has refused a last element without its trailing comma.)
            let indent = indentation(ofLineAt: last.first)
            return TextEdit(offset: startOfLine(from: start(close)), length: 0, replacement: additions.map { indent + $0 + ",\n" }.joined())
        }
        if multiline {
            let indent = indentation(ofLineAt: last.first)
            let trailingComma = last.comma != nil
            let anchor = last.comma.map(end) ?? end(last.last)
            // After any comment that ends the last element's line.
            let lineEnd = endOfLine(from: anchor)
            if trailingComma {
                return TextEdit(offset: lineEnd, length: 0, replacement: additions.map { "\n" + indent + $0 + "," }.joined())
            }
            // `A // why\n]` → `A, // why\n    X\n]`: the old last element gets the comma, the
            // new last one none, and a comment ending the line stays on it.
            let lines = additions.dropLast().map { "\n" + indent + $0 + "," }.joined() + "\n" + indent + additions.last!
            return TextEdit(offset: end(last.last), length: lineEnd - end(last.last),
                            replacement: "," + source.text(from: end(last.last), to: lineEnd) + lines)
        }
        if let comma = last.comma {
            return TextEdit(offset: end(comma), length: 0, replacement: " " + additions.joined(separator: ", ") + ",")
        }
        return TextEdit(offset: end(last.last), length: 0, replacement: ", " + additions.joined(separator: ", "))
    }

    /// The list's last element is compiled under another `#if` condition than its `]`.
    func endsInsideCondition(_ list: [ListItem], close: Int) -> Bool {
        guard let last = list.last else { return false }
        return source.conditions.condition(of: tokens[last.last]) != source.conditions.condition(of: tokens[close])
    }

    /// Whether elements can be appended: not when the list ends inside an `#if` block
    /// whose last element has no trailing comma (a new element after `#endif` would need
    /// a comma inside the block).
    func canAppend(to list: [ListItem], close: Int) -> Bool {
        !endsInsideCondition(list, close: close) || list.last?.comma != nil
    }

    /// Removes an element with its comma; an element alone on its line(s) takes the line.
    func removal(of element: ListItem, in list: [ListItem]) -> TextEdit {
        let bytes = source.bytes
        let endToken = element.comma ?? element.last
        if tokens[element.first].isAtLineStart {
            let lineStart = startOfLine(from: start(element.first))
            var lineEnd = endOfLine(from: end(endToken))
            if lineEnd < bytes.count { lineEnd += 1 }
            // A following element on the same line keeps the line.
            let next = list.first { $0.first > endToken }
            if next == nil || tokens[next!.first].isAtLineStart {
                // The previous element's comma stays: a trailing comma is legal Swift.
                return TextEdit(offset: lineStart, length: lineEnd - lineStart, replacement: "")
            }
        }
        if element.comma != nil {
            // `A, B` → `B`: the element, its comma and the space after.
            var stop = end(endToken)
            while stop < bytes.count && bytes[stop] == UInt8(ascii: " ") { stop += 1 }
            return TextEdit(offset: start(element.first), length: stop - start(element.first), replacement: "")
        }
        // The last element: take the comma before it.
        if let previous = list.last(where: { $0.last < element.first }), let comma = previous.comma {
            return TextEdit(offset: start(comma), length: end(element.last) - start(comma), replacement: "")
        }
        return TextEdit(offset: start(element.first), length: end(element.last) - start(element.first), replacement: "")
    }

    /// A new `label: [elements]` argument after the argument ending at token `after`.
    func newArgument(_ label: String, elements: [String], after: Int) -> TextEdit {
        let next = after + 1
        let value = "\(label): [\(elements.joined(separator: ", "))]"
        if isPunctuation(next, UInt8(ascii: ",")) && next + 1 < tokens.count && tokens[next + 1].isAtLineStart {
            // One argument per line: a line of its own, indented like the next argument.
            let indent = indentation(ofLineAt: next + 1)
            return TextEdit(offset: endOfLine(from: end(next)), length: 0, replacement: "\n" + indent + value + ",")
        }
        if isPunctuation(next, UInt8(ascii: ")")) && tokens[next].isAtLineStart {
            return TextEdit(offset: end(after), length: 0, replacement: ",\n" + indentation(ofLineAt: after) + value)
        }
        return TextEdit(offset: end(after), length: 0, replacement: ", " + value)
    }

    // MARK: - The package's dependencies

    /// The text of the `.package(…)` entry that starts on `line`, as written.
    func packageEntry(onLine line: Int) -> String? {
        for index in 1..<max(1, tokens.count - 1) where Int(tokens[index].line) == line && isWord(index, "package")
            && isPunctuation(index - 1, UInt8(ascii: ".")) && isPunctuation(index + 1, UInt8(ascii: "(")) {
            guard let close = partner(of: index + 1) else { continue }
            return source.text(from: start(index - 1), to: end(close))
        }
        return nil
    }

    /// `.package(url: …)` entries spread over lines, folded onto one.
    static func oneLine(_ text: String) -> String {
        var result = ""
        var lastWasSpace = false
        for character in text {
            if character == "\n" || character == "\r" || character == " " || character == "\t" {
                if !lastWasSpace && !result.hasSuffix("(") { result.append(" ") }
                lastWasSpace = true
            } else {
                if character == ")" && result.hasSuffix(" ") { result.removeLast() }
                if character == ")" && result.hasSuffix(",") { result.removeLast() }
                result.append(character)
                lastWasSpace = false
            }
        }
        return result
    }

    /// How to add package dependencies: an edit maker, or why it cannot be done.
    func packageDependencies() -> Result<([String]) -> TextEdit?, PackageDependenciesFailure> {
        // `package.dependencies += […]` or `= …` elsewhere: a new entry in the call could be
        // overwritten, or this is not the list SwiftPM reads.
        for index in 1..<max(1, tokens.count - 1) where isWord(index, "dependencies") && isPunctuation(index - 1, UInt8(ascii: "."))
            && tokens[index + 1].kind == .operator {
            return .failure(PackageDependenciesFailure(description:
                "the package's dependencies are changed after `Package(…)` (line \(tokens[index].line)); declare the package dependency by hand"))
        }
        guard let call = (1..<max(1, tokens.count - 1)).first(where: {
            isWord($0, "Package") && isPunctuation($0 + 1, UInt8(ascii: "(")) && !isPunctuation($0 - 1, UInt8(ascii: "."))
        }) else {
            return .failure(PackageDependenciesFailure(description: "no literal `Package(…)` call; declare the package dependency by hand"))
        }
        let open = call + 1
        let arguments = items(in: open)
        if let argument = item(labelled: "dependencies", in: arguments) {
            guard let value = arrayLiteral(of: argument) else {
                return .failure(PackageDependenciesFailure(description:
                    "the package's dependencies are computed (`\(valueText(of: argument))`); declare the package dependency by hand"))
            }
            let list = items(in: value)
            guard canAppend(to: list, close: argument.last) else {
                return .failure(PackageDependenciesFailure(description:
                    "the package's dependencies end inside #if without a trailing comma; declare the package dependency by hand"))
            }
            return .success { additions in
                let missing = additions.filter { addition in !list.contains { source.text(from: start($0.first), to: end($0.last)) == addition } }
                return insertion(of: missing, into: list, open: value, close: argument.last)
            }
        }
        // No `dependencies:` yet: SwiftPM wants it before `targets:`.
        guard let targets = item(labelled: "targets", in: arguments) else {
            return .failure(PackageDependenciesFailure(description: "`Package(…)` has no `targets:` argument to place `dependencies:` before"))
        }
        return .success { additions in
            let value = "dependencies: [\(additions.joined(separator: ", "))],"
            let label = targets.first
            if tokens[label].isAtLineStart {
                return TextEdit(offset: start(label), length: 0, replacement: value + "\n" + indentation(ofLineAt: label))
            }
            return TextEdit(offset: start(label), length: 0, replacement: value + " ")
        }
    }
}
