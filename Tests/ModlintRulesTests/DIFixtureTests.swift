import Foundation
import ModlintConfiguration
import ModlintRules
import ModlintTestSupport
import Testing

/// One workspace per DI framework, written in that framework's idioms, linted with the
/// four DI rules: the findings must be exactly these.
struct DIFixtureTests {
    static let rules: [any Rule] = [DuplicateRegistration(), MissingRegistration(), DICycle(), MissingTestValue()]

    struct Expected: Equatable, CustomStringConvertible {
        var rule: String
        var file: String
        var line: Int
        var column: Int
        var message: String
        var related: [String]
        var description: String { "\(rule) \(file):\(line):\(column) \(message) \(related)" }
    }

    static func lint(_ framework: String) throws -> [Expected] {
        let root = repositoryRoot() + "/Tests/ModlintRulesTests/Fixtures/DI/" + framework
        let result = try Linter(rules: rules).lint(paths: [root])
        return result.diagnostics.map {
            Expected(rule: $0.rule, file: $0.file, line: $0.line, column: $0.column, message: $0.message,
                     related: $0.related.map { "\($0.file):\($0.line)" })
        }
    }

    @Test func swinject() throws {
        #expect(try Self.lint("Swinject") == [
            Expected(rule: "missing-registration", file: "Sources/App/AppAssembly.swift", line: 10, column: 30,
                     message: "Analytics is consumed here but never registered in the workspace (Swinject)", related: []),
            Expected(rule: "duplicate-registration", file: "Sources/Networking/NetworkAssembly.swift", line: 7, column: 19,
                     message: "HTTPClient is registered 2 times in the same Swinject container (assembly); only one registration takes effect",
                     related: ["Sources/App/AppAssembly.swift:5"]),
            Expected(rule: "di-cycle", file: "Sources/Networking/NetworkAssembly.swift", line: 15, column: 19,
                     message: "DI factories resolve each other: TokenRefresher -> TokenStore -> TokenRefresher (Swinject)",
                     related: ["Sources/Networking/NetworkAssembly.swift:12"]),
        ])
    }

    @Test func weaveDI() throws {
        #expect(try Self.lint("WeaveDI") == [
            Expected(rule: "duplicate-registration", file: "Sources/App/AppDI.swift", line: 13, column: 19,
                     message: "Logger is registered 2 times in the same WeaveDI container (shared); only one registration takes effect",
                     related: ["Sources/App/AppDI.swift:6"]),
            Expected(rule: "missing-test-value", file: "Sources/Profile/UserServiceKey.swift", line: 13, column: 16,
                     message: "AnalyticsKey has a liveValue but no testValue anywhere in the workspace (WeaveDI); tests would use the live implementation",
                     related: []),
            Expected(rule: "missing-registration", file: "Sources/Profile/UserServiceKey.swift", line: 30, column: 5,
                     message: "\\InjectedValues.featureFlags is consumed here but never registered in the workspace (WeaveDI)", related: []),
        ])
    }

    @Test func swiftDependencies() throws {
        #expect(try Self.lint("SwiftDependencies") == [
            Expected(rule: "missing-registration", file: "Sources/Feature/CounterModel.swift", line: 16, column: 25,
                     message: "\\DependencyValues.haptics is consumed here but never registered in the workspace (swift-dependencies)", related: []),
            Expected(rule: "missing-test-value", file: "Sources/NumberFactClient/NumberFactClient.swift", line: 26, column: 23,
                     message: "SpeechClient has a liveValue but no testValue anywhere in the workspace (swift-dependencies); tests would use the live implementation",
                     related: []),
            Expected(rule: "duplicate-registration", file: "Sources/NumberFactClientLive/LiveKey.swift", line: 17, column: 16,
                     message: "\\DependencyValues.speechClient is declared 2 times (backed by LegacySpeechClientKey, SpeechClient); which one `speechClient` reads depends on the imports",
                     related: ["Sources/NumberFactClient/NumberFactClient.swift:30"]),
        ])
    }

    @Test func factory() throws {
        #expect(try Self.lint("Factory") == [
            Expected(rule: "missing-registration", file: "Sources/Checkout/CheckoutViewModel.swift", line: 8, column: 5,
                     message: "\\Container.paymentSheet is consumed here but never registered in the workspace (Factory)", related: []),
            Expected(rule: "di-cycle", file: "Sources/Services/Container+Services.swift", line: 9, column: 16,
                     message: "DI factories resolve each other: \\Container.cartService -> \\Container.pricingService -> \\Container.cartService (Factory)",
                     related: ["Sources/Services/Container+Services.swift:13"]),
        ])
    }

    @Test func handRolledContainer() throws {
        #expect(try Self.lint("HandRolled") == [
            Expected(rule: "duplicate-registration", file: "Sources/App/Composition.swift", line: 9, column: 17,
                     message: "NotesStore is registered 2 times in the same hand-rolled container (locator); only one registration takes effect",
                     related: ["Sources/App/Composition.swift:7"]),
            Expected(rule: "missing-registration", file: "Sources/App/Composition.swift", line: 15, column: 49,
                     message: "SpellChecker is consumed here but never registered in the workspace (hand-rolled)", related: []),
        ])
    }

    @Test func handRolledMethodNamesComeFromTheConfiguration() throws {
        // With other method names configured, the locator's calls are no container calls.
        var configuration = Configuration()
        configuration.di.registerMethods = ["bind"]
        configuration.di.resolveMethods = ["get"]
        let root = repositoryRoot() + "/Tests/ModlintRulesTests/Fixtures/DI/HandRolled"
        #expect(try Linter(rules: Self.rules, configuration: configuration).lint(paths: [root]).diagnostics.isEmpty)
    }
}

/// The real Swinject and swift-dependencies packages — doc comments and tests full of
/// example registrations — produce no `duplicate-registration`. Runs when the corpus is
/// present (`make test` exports it and sets MODLINT_CORPUS).
struct DICorpusTests {
    static var corpusRoot: String? {
        let root = ProcessInfo.processInfo.environment["MODLINT_CORPUS"] ?? "/tmp/modlint-corpus"
        return FileManager.default.fileExists(atPath: root + "/pkgs") ? root + "/pkgs" : nil
    }

    @Test(.enabled(if: corpusRoot != nil, "corpus not exported (run `make corpus`)"),
          arguments: ["Swinject", "swift-dependencies"])
    func noFalseDuplicateRegistrations(_ package: String) throws {
        let root = try #require(Self.corpusRoot) + "/" + package
        try #require(FileManager.default.fileExists(atPath: root + "/Package.swift"), "corpus package \(package) is missing")
        let result = try Linter(rules: [DuplicateRegistration()]).lint(paths: [root])
        #expect(result.summary.files > 10)
        #expect(result.diagnostics.map { "\($0.file):\($0.line): \($0.message)" } == [])
    }
}
