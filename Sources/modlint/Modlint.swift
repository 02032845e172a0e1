import ArgumentParser
import ModlintRules
import ModlintWorkspace
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct Modlint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modlint",
        abstract: "Architecture linter for modular Swift code bases: module graph, DI graph, rules, diagrams.",
        discussion: """
        EXIT CODES
          0  no finding at error severity (with --strict: no finding at all)
          1  findings at error severity (with --strict: any finding; with --baseline-strict: baselined findings that are gone)
          2  usage, configuration or input error (unknown flag, path not found, no Package.swift)
          3  internal error
        """,
        version: ModlintVersion.current,
        subcommands: [LintCommand.self, FixCommand.self, GraphCommand.self, ReportCommand.self, DiffCommand.self, RulesCommand.self, ExplainCommand.self, InitCommand.self, VersionCommand.self],
        defaultSubcommand: LintCommand.self
    )

    /// Maps every outcome to the documented exit codes; ArgumentParser's own usage
    /// errors (64 by default) become 2, anything unexpected becomes 3.
    static func main() {
        let code: Int32
        do {
            var command = try parseAsRoot(ChangedFiles.normalizeArguments(Array(CommandLine.arguments.dropFirst())))
            try command.run()
            code = 0
        } catch let status as ExitStatus {
            code = status.code
        } catch let error as UsageError {
            if error.prefixed { Output.error(error.message) } else { Output.standardError(error.message + "\n") }
            code = ExitStatus.usage.code
        } catch let error as ConfigurationError {
            Output.standardError(error.description + "\n")
            code = ExitStatus.usage.code
        } catch let error as WorkspaceError {
            Output.error(error.description)
            code = ExitStatus.usage.code
        } catch {
            if exitCode(for: error) == .success {
                // --help, --version.
                Output.standardOutput(fullMessage(for: error) + "\n")
                code = 0
            } else if String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
                Output.standardError(fullMessage(for: error) + "\n")
                code = ExitStatus.usage.code
            } else {
                Output.error("internal error: \(error)")
                code = ExitStatus.internalError.code
            }
        }
        Output.flush()
        terminate(code)
    }
}

#if canImport(Glibc)
private func terminate(_ code: Int32) -> Never { Glibc.exit(code) }
#else
private func terminate(_ code: Int32) -> Never { Darwin.exit(code) }
#endif

/// Documented exit codes, thrown to end a command.
struct ExitStatus: Error {
    let code: Int32

    static let findings = ExitStatus(code: 1)
    static let usage = ExitStatus(code: 2)
    static let internalError = ExitStatus(code: 3)
}

/// A usage, configuration or input problem: message on stderr, exit 2.
struct UsageError: Error {
    let message: String
    /// `false` when the message already has its own `file:line:col: error:` prefix.
    var prefixed = true
}
