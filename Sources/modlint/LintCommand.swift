import ArgumentParser
import ModlintReporters
import ModlintRuleEngine
import ModlintRules
import ModlintWorkspace
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the architecture rules over the packages under PATH (default: the current directory)."
    )

    @Argument(help: "Directories (or files inside packages) to lint. Every Package.swift below them is part of the workspace.")
    var paths: [String] = []

    @Option(name: .customLong("reporter"), help: ArgumentHelp(
        "Output format, optionally written to a file: text, json, sarif, github, junit, checkstyle, markdown. Repeatable (e.g. --reporter text --reporter sarif:out.sarif --reporter github).",
        valueName: "name[:file]"))
    var reporters: [ReporterRequest] = []

    @OptionGroup var configuration: ConfigurationOptions

    @Flag(help: "Exit 1 on any finding, not only on errors.")
    var strict = false

    @Option(help: ArgumentHelp(
        "Repository root that CI reporters (sarif, github, junit, checkstyle, markdown) make paths relative to. Default: $GITHUB_WORKSPACE or $CI_PROJECT_DIR when set, else the linted root.",
        valueName: "dir"))
    var repositoryRoot: String?

    @Option(help: ArgumentHelp(
        "Base URL of the rule documentation (<url>/<rule>.md) in sarif and markdown output.",
        valueName: "url"))
    var rulesURL: String = RuleCatalog.defaultDocumentationBaseURL

    @Option(help: ArgumentHelp("Colour in text output: auto (when stdout is a terminal and NO_COLOR is unset), always, never.", valueName: "when"))
    var color: ColorMode = .auto

    func run() throws {
        let requests = reporters.isEmpty ? [ReporterRequest(name: "text", file: nil)] : reporters
        let result = try Linter(rules: BuiltinRules.all, configuration: configuration.load(near: paths)).lint(paths: paths)
        try FaultInjection.checkInternalFault()
        let environment = CIEnvironment.current
        let catalog = RuleCatalog(BuiltinRules.all.map { $0.description }, documentationBaseURL: rulesURL)
        for request in requests {
            let colored = request.file == nil && color.isEnabled(forTerminal: Output.isStandardOutputTerminal)
            let options = ReporterOptions(colored: colored, rules: catalog,
                                          repositoryRoot: repositoryRoot.map(FileSystem.absolute) ?? environment.repositoryRoot,
                                          sourceLinkBase: environment.sourceLinkBase)
            let report = try ReporterSelection.render(result, reporter: request.name, options: options)
            if let file = request.file {
                try Output.writeFile(Array(report.utf8), to: file)
            } else {
                Output.standardOutput(report)
            }
        }
        let failing = strict ? result.diagnostics.count : result.summary.errors
        if failing > 0 { throw ExitStatus.findings }
    }
}

/// `--reporter name[:file]`.
struct ReporterRequest: ExpressibleByArgument {
    var name: String
    var file: String?

    init(name: String, file: String?) {
        self.name = name
        self.file = file
    }

    init?(argument: String) {
        if let colon = argument.firstIndex(of: ":") {
            name = String(argument[..<colon])
            file = String(argument[argument.index(after: colon)...])
            if file!.isEmpty { return nil }
        } else {
            name = argument
            file = nil
        }
        guard ReporterSelection.names.contains(name) else { return nil }
    }

    static var allValueStrings: [String] { ReporterSelection.names }
}

enum ColorMode: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    func isEnabled(forTerminal isTerminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
            return isTerminal && noColor.isEmpty
        }
    }
}

/// A documented way to make the binary fail internally, so that exit code 3 is tested
/// end to end like every other exit code.
enum FaultInjection {
    struct InternalFault: Error, CustomStringConvertible {
        var description: String { "fault injected through MODLINT_FAULT_INJECTION" }
    }

    static func checkInternalFault() throws {
        if let value = getenv("MODLINT_FAULT_INJECTION"), String(cString: value) == "internal" {
            throw InternalFault()
        }
    }
}
