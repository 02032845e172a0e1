import ModlintRules

/// Edits an XcodeGen `project.yml` as lines: adds `- target: X` to a target's
/// `dependencies:` (creating the list when absent) or removes one, indented like its
/// neighbours; nothing else moves. A target this file does not declare (it comes from an
/// include or a template) or a list in flow style (`[…]`) is left alone with a reason.
public struct XcodeGenSpecEditor {
    public private(set) var text: String
    public private(set) var applied: [DependencyFix] = []
    public private(set) var refused: [ManifestEditor.Refusal] = []

    public init(text: String) {
        self.text = text
    }

    /// Applies `fixes` (all for this spec); one that changes nothing is neither applied
    /// nor refused.
    public mutating func apply(_ fixes: [DependencyFix]) {
        for fix in fixes { apply(fix) }
    }

    private mutating func apply(_ fix: DependencyFix) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let target = Self.targetBlock(fix.target, in: lines) else {
            refused.append(.init(fix: fix, reason: "target \(fix.target) is not declared in this file (an include or a template builds it); "
                                 + "add `- \(fix.dependency)` to its dependencies by hand"))
            return
        }
        let list = Self.dependencyList(in: lines, target: target)
        switch (fix.action, list) {
        case (_, .flow):
            refused.append(.init(fix: fix, reason: "the dependencies of target \(fix.target) are written inline (`[…]`); edit them by hand"))
        case (.add, .block(let key, let items, let itemIndent)):
            guard !items.contains(where: { Self.entry(lines[$0.first], is: fix.dependency) }) else { return }
            let after = items.last?.last ?? key
            lines.insert(String(repeating: " ", count: itemIndent) + "- " + fix.dependency, at: after + 1)
            applied.append(fix)
        case (.add, .absent):
            let indent = target.propertyIndent
            lines.insert(contentsOf: [String(repeating: " ", count: indent) + "dependencies:",
                                      String(repeating: " ", count: indent + 2) + "- " + fix.dependency], at: target.last + 1)
            applied.append(fix)
        case (.remove, .block(_, let items, _)):
            guard let item = items.first(where: { Self.entry(lines[$0.first], is: "target: " + fix.dependency) }) else { return }
            lines.removeSubrange(item.first...item.last)
            applied.append(fix)
        case (.remove, .absent):
            return
        }
        text = lines.joined(separator: "\n")
    }

    /// A target's lines: its key, the last line of its block, the indent of its properties.
    struct TargetBlock {
        var key: Int
        var last: Int
        var propertyIndent: Int
    }

    enum DependencyList {
        /// `dependencies:` followed by `- …` items, each with its first and last line.
        case block(key: Int, items: [(first: Int, last: Int)], itemIndent: Int)
        case flow
        case absent
    }

    static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    /// Blank lines and comments do not end a block.
    static func isContent(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return !trimmed.isEmpty && !trimmed.hasPrefix("#")
    }

    static func key(_ line: String) -> String? {
        let trimmed = line.drop { $0 == " " }
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        var name = String(trimmed[..<colon])
        if name.count >= 2, let first = name.first, first == "\"" || first == "'", name.last == first { name = String(name.dropFirst().dropLast()) }
        return name
    }

    /// The last line of the block that starts at `start` (lines indented more than it).
    static func blockEnd(from start: Int, in lines: [String]) -> Int {
        let base = indent(lines[start])
        var last = start
        for index in (start + 1)..<lines.count where isContent(lines[index]) {
            if indent(lines[index]) <= base { break }
            last = index
        }
        return last
    }

    static func targetBlock(_ name: String, in lines: [String]) -> TargetBlock? {
        guard let targets = lines.firstIndex(where: { indent($0) == 0 && key($0) == "targets" }) else { return nil }
        let end = blockEnd(from: targets, in: lines)
        guard end > targets, let first = lines[(targets + 1)...end].firstIndex(where: isContent) else { return nil }
        let childIndent = indent(lines[first])
        for index in first...end where isContent(lines[index]) && indent(lines[index]) == childIndent && key(lines[index]) == name {
            let last = blockEnd(from: index, in: lines)
            guard last > index, let property = lines[(index + 1)...last].first(where: isContent) else { return nil }
            return TargetBlock(key: index, last: last, propertyIndent: indent(property))
        }
        return nil
    }

    static func dependencyList(in lines: [String], target: TargetBlock) -> DependencyList {
        guard target.last > target.key,
              let key = ((target.key + 1)...target.last).first(where: {
                  isContent(lines[$0]) && indent(lines[$0]) == target.propertyIndent && Self.key(lines[$0]) == "dependencies"
              }) else { return .absent }
        let line = lines[key]
        let value = line.firstIndex(of: ":").map { line[line.index(after: $0)...].trimmingCharacters(in: " ") } ?? ""
        guard value.isEmpty || value.hasPrefix("#") else { return .flow }
        var items: [(first: Int, last: Int)] = []
        var itemIndent = target.propertyIndent + 2
        var index = key + 1
        while index <= target.last {
            let line = lines[index]
            guard isContent(line) else {
                index += 1
                continue
            }
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("- "), indent(line) >= target.propertyIndent else { break }
            if items.isEmpty { itemIndent = indent(line) }
            guard indent(line) == itemIndent else { break }
            var last = index
            var next = index + 1
            while next <= target.last {
                if isContent(lines[next]) {
                    if indent(lines[next]) <= itemIndent { break }
                    last = next
                }
                next += 1
            }
            items.append((index, last))
            index = last + 1
        }
        return .block(key: key, items: items, itemIndent: itemIndent)
    }

    /// Whether `- target: Kit` (any spacing) is the entry `target: Kit`.
    static func entry(_ line: String, is dependency: String) -> Bool {
        let trimmed = line.drop { $0 == " " }.dropFirst(2).trimmingCharacters(in: " ")
        func normalized(_ text: String) -> String { text.filter { $0 != " " } }
        return normalized(trimmed) == normalized(dependency)
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
