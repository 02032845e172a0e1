import ModlintRules
import ModlintTestSupport
import Testing

/// Real-app shaped workspaces under `Fixtures/`: each `Violating` variant produces exactly
/// the listed findings, its `Correct` twin none.
struct ArchitectureFixtureTests {
    struct Expected: Equatable, CustomStringConvertible {
        var rule: String
        var file: String
        var line: Int
        var column: Int
        var description: String { "\(rule) \(file):\(line):\(column)" }
    }

    static let rules: [any Rule] = [ImplCrossesBoundary(), PublicImpl(), ViewModelImportsUI(), NavigationBypassesNavigator()]

    func lint(_ fixture: String) throws -> LintResult {
        let root = repositoryRoot() + "/Tests/ModlintRulesTests/Fixtures/" + fixture
        var configuration = Configuration()
        if let text = try? String(contentsOfFile: root + "/" + ConfigurationLoader.fileName, encoding: .utf8) {
            configuration = try ConfigurationLoader(knownRuleIDs: Set(BuiltinRules.all.map(\.description.id)))
                .parse(text, file: ConfigurationLoader.fileName, baseDirectory: root)
        }
        return try Linter(rules: Self.rules, configuration: configuration).lint(paths: [root])
    }

    func findings(_ fixture: String) throws -> [Expected] {
        try lint(fixture).diagnostics.map { Expected(rule: $0.rule, file: $0.file, line: $0.line, column: $0.column) }
    }

    @Test func boundariesViolating() throws {
        #expect(try findings("Boundaries/Violating") == [
            Expected(rule: "impl-crosses-boundary", file: "Sources/Catalog/ProductImageLoader.swift", line: 10, column: 26),
            Expected(rule: "impl-crosses-boundary", file: "Sources/Checkout/CheckoutFlow.swift", line: 14, column: 11),
            Expected(rule: "public-impl", file: "Sources/Core/Networking.swift", line: 8, column: 1),
            Expected(rule: "impl-crosses-boundary", file: "Tests/CatalogTests/CatalogServiceTests.swift", line: 8, column: 22),
        ])
    }

    @Test func boundaryFindingsListEveryRelatedSite() throws {
        let diagnostics = try lint("Boundaries/Violating").diagnostics
        let catalog = try #require(diagnostics.first)
        #expect(catalog.message == "Catalog uses LiveNetworkClient, a concrete implementation of Core (2 uses); "
            + "depend on its abstraction and let a composition root inject it")
        #expect(catalog.module == "Catalog")
        #expect(catalog.related == [
            RelatedLocation(file: "Sources/Catalog/ProductImageLoader.swift", line: 14, message: "LiveNetworkClient is also used here"),
            RelatedLocation(file: "Sources/Core/Networking.swift", line: 8, message: "LiveNetworkClient is declared in Core"),
        ])
        let publicImpl = try #require(diagnostics.first { $0.rule == "public-impl" })
        // Catalog and Checkout use it: "make it internal" first would break them, so the
        // advice agrees with impl-crosses-boundary on the order. The App root builds it, as
        // a root should: `internal` would break App too, `package` (one package) does not.
        #expect(publicImpl.message == "LiveNetworkClient implements NetworkClient but is public; Catalog, Checkout use it directly "
            + "(see impl-crosses-boundary): switch those uses to NetworkClient first, then make it package (App builds it)")
        #expect(publicImpl.related == [
            RelatedLocation(file: "Sources/App/ShopApp.swift", line: 10, message: "used by App"),
            RelatedLocation(file: "Sources/Catalog/ProductImageLoader.swift", line: 10, message: "used by Catalog"),
            RelatedLocation(file: "Sources/Catalog/ProductImageLoader.swift", line: 14, message: "used by Catalog"),
            RelatedLocation(file: "Sources/Checkout/CheckoutFlow.swift", line: 14, message: "used by Checkout"),
            RelatedLocation(file: "Tests/CatalogTests/CatalogServiceTests.swift", line: 8, message: "used by CatalogTests"),
            RelatedLocation(file: "Tests/CoreTests/NetworkClientTests.swift", line: 6, message: "used by CoreTests"),
        ])
    }

    @Test func boundariesCorrect() throws {
        #expect(try findings("Boundaries/Correct") == [])
    }

    @Test func mvvmViolating() throws {
        #expect(try findings("MVVM/Violating") == [
            Expected(rule: "viewmodel-imports-ui", file: "Sources/LoginViewModels/LoginViewModel.swift", line: 3, column: 1),
            Expected(rule: "navigation-bypasses-navigator", file: "Sources/LoginViewModels/LoginViewModel.swift", line: 9, column: 25),
            Expected(rule: "navigation-bypasses-navigator", file: "Sources/LoginViewModels/LoginViewModel.swift", line: 15, column: 23),
            Expected(rule: "viewmodel-imports-ui", file: "Sources/ProfileUI/ProfileViewModel.swift", line: 1, column: 1),
        ])
    }

    @Test func mvvmCorrect() throws {
        #expect(try findings("MVVM/Correct") == [])
    }

    @Test func mvvmRulesAreOffUnlessEnabled() throws {
        let root = repositoryRoot() + "/Tests/ModlintRulesTests/Fixtures/MVVM/Violating"
        let result = try Linter(rules: Self.rules).lint(paths: [root])
        #expect(result.diagnostics.isEmpty)
    }
}
