import ArgumentParser
import ModlintRules
import ModlintWorkspace

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: id, default severity, summary."
    )

    @Option(help: ArgumentHelp("Write docs/rules/<id>.md for every rule into this directory.", visibility: .hidden))
    var writeDocs: String?

    @Option(help: ArgumentHelp("With --write-docs: also regenerate the rule table of this README.", visibility: .hidden))
    var readme: String?

    func run() throws {
        let descriptions = BuiltinRules.all.map(\.description)
        if let directory = writeDocs {
            for description in descriptions {
                try Output.writeFile(Array(RuleDocumentation.markdown(description).utf8), to: "\(directory)/\(description.id).md", analysing: ["."])
            }
            try Output.writeFile(Array(RuleDocumentation.index(descriptions).utf8), to: "\(directory)/README.md", analysing: ["."])
            if let readme {
                guard let text = FileSystem.read(readme).map({ String(decoding: $0, as: UTF8.self) }),
                      let updated = RuleDocumentation.updatingReadme(text, rules: descriptions) else {
                    throw UsageError(message: "\(readme): no '## Rules' table to regenerate")
                }
                try Output.writeFile(Array(updated.utf8), to: readme, analysing: ["."])
            }
            return
        }
        let width = descriptions.map(\.id.count).max() ?? 0
        for description in descriptions.sorted(by: { $0.id < $1.id }) {
            let id = description.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = description.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            Output.standardOutput("\(id)  \(severity)  \(description.summary)\n")
        }
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Print a rule's rationale and examples."
    )

    @Argument(help: "A rule id, as listed by 'modlint rules'.")
    var rule: String

    func run() throws {
        guard let found = BuiltinRules.rule(id: rule) else {
            let ids = BuiltinRules.all.map(\.description.id)
            let suggestion = Suggestions.closest(to: rule, in: ids).map { " — did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown rule '\(rule)'\(suggestion)")
        }
        Output.standardOutput(RuleDocumentation.markdown(found.description))
    }
}

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print modlint's version and the commit it was built from (`--version` prints the version alone).")

    func run() throws {
        Output.standardOutput(BuildIdentity.current.description + "\n")
    }
}

extension String {
    func padding(toLength length: Int, withPad pad: String, startingAt _: Int) -> String {
        count >= length ? self : self + String(repeating: pad, count: length - count)
    }
}
