/// Calls: rules record targets, functions run with their parameters bound, and what a
/// call through an unfollowed load or an unmodelled rule passes on is kept.
extension StarlarkEvaluation {
    func call(_ function: StarlarkValue, positional: [StarlarkValue], keywords: [(String, StarlarkValue)], line: Int) -> StarlarkValue {
        func keyword(_ name: String) -> StarlarkValue? { keywords.first { $0.0 == name }?.1 }
        switch function {
        case .rule(let rule, let kind):
            record(rule: rule, kind: kind, keywords: keywords, incomplete: false)
            return .none
        case .foreign(let name, let origin):
            if !recordForeign(name: name, origin: origin, keywords: keywords) {
                recordForwarder(keywords)
                noteUnfollowed(name: name, origin: origin, keywords: keywords)
            }
            return .unknown
        case .function(let definition):
            return invoke(definition, positional: positional, keywords: keywords, line: line)
        case .method(let box, let name):
            return method(box.value, name, positional: positional, keywords: keywords)
        case .builtin(let name):
            if Self.forwardingBuiltins.contains(name) { recordForwarder(keywords) }
            if name == "filegroup", let group = keyword("name")?.text, filegroups[group] == nil {
                filegroups[group] = Self.sources(keyword("srcs"))
            }
            return builtin(name, positional: positional, keywords: keywords, line: line)
        case .unknown:
            // A rule of another kind (`rule()` of a .bzl file, a group, a transition): what it
            // passes on still reaches the targets that depend on it.
            recordForwarder(keywords)
            return .unknown
        default:
            return .unknown
        }
    }

    /// A call that declares a target (`name = …`) through a function whose load could not
    /// be followed — one loaded from another repository, by a workspace macro or the BUILD
    /// file itself, or a `.bzl` of the workspace that is not there to read — and passes no
    /// Swift sources: what it declares
    /// is unknown. Said once per function; the BUILD file's targets from the same statement
    /// are incomplete, and Swift files it leaves in no target are an error of the workspace.
    func noteUnfollowed(name: String, origin: String, keywords: [(String, StarlarkValue)]) {
        guard keywords.contains(where: { $0.0 == "name" }) else { return }
        let inMacro = currentFile != buildFile
        let workspaceLabel = origin.hasPrefix("//") || origin.hasPrefix(":") || origin.hasPrefix("@//")
        // A macro of another repository called by the BUILD file itself counts too (its
        // package's Swift files are reported only where it leaves them in no target), but
        // for the rule sets of other languages and rules_swift's and rules_apple's own
        // rules that are not in the table: none of them declares a Swift module.
        guard workspaceLabel || (origin.hasPrefix("@") && (inMacro || !(BazelRuleSets.isOtherLanguage(origin) || BazelRuleSets.isModelled(origin)))) else { return }
        let construct: String
        if inMacro {
            construct = "`\(name)`, loaded by \(currentFile) from \(origin)"
        } else if workspaceLabel {
            construct = "`\(name)` of \(origin), not in the linted tree"
        } else {
            construct = "`\(name)` of \(origin), another repository"
        }
        unfollowedLines.insert(buildLine)
        guard notedForeign.insert(name).inserted else { return }
        notes.append(BazelNote(line: buildLine, message: "\(construct), could not be followed: the targets it declares are unknown"))
        unfollowed.append(BazelNote(line: buildLine, message: construct))
    }

    static let forwardingBuiltins: Set<String> = ["alias", "filegroup", "test_suite", "cc_library"]


    /// A target modlint does not model, by name, with the labels it forwards (`deps`,
    /// `target`, `actual`): `swift_library_group`, `alias`, transition wrappers.
    func recordForwarder(_ keywords: [(String, StarlarkValue)]) {
        guard let name = keywords.first(where: { $0.0 == "name" })?.1.text, forwarders[name] == nil,
              !targets.contains(where: { $0.name == name }) else { return }
        var labels: [String] = []
        for attribute in ["deps", "target", "actual", "exports"] {
            guard let value = keywords.first(where: { $0.0 == attribute })?.1 else { continue }
            for item in Self.listItems(value) ?? [value] {
                if let label = item.text { labels.append(label) }
            }
        }
        forwarders[name] = labels
    }

    func invoke(_ function: StarlarkFunction, positional: [StarlarkValue], keywords: [(String, StarlarkValue)], line: Int) -> StarlarkValue {
        let identifier = ObjectIdentifier(function)
        // Starlark forbids recursion; a file that tries it gets no further.
        guard !callStack.contains(identifier), callStack.count < 64 else {
            fail(line, "\(function.name) calls itself, which Starlark does not allow")
            return .unknown
        }
        callStack.append(identifier)
        defer { callStack.removeLast() }
        let scope = StarlarkScope(parent: function.globals)
        var remaining = positional[...]
        var extraKeywords = StarlarkDictionary()
        for parameter in function.parameters {
            switch parameter.kind {
            case .plain:
                if let value = remaining.popFirst() {
                    scope.values[parameter.name] = value
                } else if let value = keywords.first(where: { $0.0 == parameter.name })?.1 {
                    scope.values[parameter.name] = value
                } else if let defaultValue = parameter.defaultValue {
                    scope.values[parameter.name] = evaluate(defaultValue, scope: function.globals, file: function.file)
                } else {
                    scope.values[parameter.name] = .unknown
                }
            case .list:
                scope.values[parameter.name] = .tuple(Array(remaining))
                remaining = []
            case .dictionary:
                let named = Set(function.parameters.map(\.name))
                extraKeywords = StarlarkDictionary(keywords.filter { !named.contains($0.0) }.map { (.string($0.0), $0.1) })
                scope.values[parameter.name] = .dictionary(extraKeywords)
            }
        }
        if case .returning(let value) = execute(function.body, scope: scope, file: function.file) { return value }
        return .none
    }
}
