import Foundation
import ModlintReporters
import ModlintRules

/// Results for the CI reporters: realistic graph-rule messages (for the edge diagram),
/// related locations with and without a line, a rule the catalog does not know, and text
/// that every format has to escape (`%`, CR LF, `:` and `,` in a path, XML and Markdown
/// metacharacters, a backtick, a tab, non-ASCII).
enum CIFixtures {
    static let awkwardMessage = "100% of 'APIClient' <registrations> & \"factories\" | *twice*:\r\nsee `Container`,\tcafé"
    static let awkwardFile = "Sources/App Kit/Con,tainer:1#.swift"

    static let findings = LintResult(
        tool: .init(version: "0.1.0"), root: "/work/app",
        summary: .init(errors: 2, warnings: 1, notes: 1, packages: 3, modules: 12, files: 140),
        diagnostics: [
            Diagnostic(rule: "unresolved-manifest", severity: .note,
                       message: "cannot resolve 'extraTargets' statically", file: "Package.swift", line: 20, column: 14,
                       fingerprint: "aa11bb22cc33dd44"),
            Diagnostic(rule: "target-cycle", severity: .error,
                       message: "dependency cycle between targets: Networking -> Settings -> Networking",
                       file: "Packages/Core/Package.swift", line: 21, column: 17, module: "Networking",
                       fingerprint: "23001bc2c0e50a32",
                       related: [RelatedLocation(file: "Packages/Features/Package.swift", line: 22,
                                                 message: "Settings depends on Networking")],
                       edges: [ModuleEdge(from: "Networking", to: "Settings"), ModuleEdge(from: "Settings", to: "Networking")]),
            Diagnostic(rule: "duplicate-registration", severity: .warning,
                       message: awkwardMessage, file: awkwardFile, line: 40, column: 5,
                       fingerprint: "9d8c7b6a5f4e3d2c",
                       related: [
                           RelatedLocation(file: awkwardFile, line: 52, message: "other registration <here>"),
                           RelatedLocation(file: "Sources/App/Assembly.swift", line: 0, message: "assembled here, 50% \\ done"),
                       ]),
            Diagnostic(rule: "undeclared-import", severity: .error,
                       message: "Profile imports SharedModels, which it does not declare: reachable only transitively (Profile -> Networking -> SharedModels)",
                       file: "Sources/Profile/ProfileViewModel.swift", line: 4, column: 1, module: "Profile",
                       fingerprint: "0b1e44a9c3d2f610",
                       related: [RelatedLocation(file: "Package.swift", line: 17,
                                                 message: "declare SharedModels in the dependencies of target Profile")],
                       edges: [ModuleEdge(from: "Profile", to: "SharedModels")]),
        ])

    static let clean = LintResult(
        tool: .init(version: "0.1.0"), root: "/work/app",
        summary: .init(packages: 1, modules: 1, files: 1), diagnostics: [])

    /// Three rules; `layer-violation` has no findings, `unresolved-manifest` is unknown.
    static let catalog = RuleCatalog(rules: [
        RuleMetadata(id: "target-cycle", summary: "Targets whose declared dependencies form a cycle.",
                     rationale: "SwiftPM refuses to build a cyclic target graph.\n\nMove shared code into a lower module.",
                     defaultSeverity: .error, helpURI: "https://example.com/docs/rules/target-cycle.md"),
        RuleMetadata(id: "undeclared-import", summary: "A target imports a module it does not declare.",
                     rationale: "Transitive imports build by accident.", defaultSeverity: .error,
                     helpURI: "https://example.com/docs/rules/undeclared-import.md"),
        RuleMetadata(id: "duplicate-registration", summary: "A service is registered twice <in one container>.",
                     rationale: "The last registration wins silently.", defaultSeverity: .warning,
                     helpURI: "https://example.com/docs/rules/duplicate-registration.md"),
        RuleMetadata(id: "layer-violation", summary: "A lower layer depends on a higher one.",
                     rationale: "Layers keep dependencies pointing down.", defaultSeverity: .error,
                     helpURI: "https://example.com/docs/rules/layer-violation.md"),
    ])

    /// The linted root `/work/app` lies in the repository `/work`: CI paths start with `app/`.
    static let options = ReporterOptions(rules: catalog, repositoryRoot: "/work",
                                         sourceLinkBase: "https://github.com/acme/app/blob/0123abc/")

    static func reporter(_ name: String, _ options: ReporterOptions = CIFixtures.options) -> any Reporter {
        ReporterRegistry.standard.reporter(named: name, options: options)!
    }
}

/// Runs `python3 -c script args…` (the tests use Python's `jsonschema` and `xml.etree` as
/// independent parsers of our output).
enum Python {
    struct Run { var status: Int32; var output: String }

    static func run(_ script: String, _ arguments: [String] = [], input: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    static let hasJSONSchema: Bool = (try? run("import jsonschema").status) == 0
}
