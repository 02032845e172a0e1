import ModlintFacts
import ModlintGraph

/// A dependency key with a live value but no test value.
public struct MissingTestValue: Rule {
    public static let description = RuleDescription(
        id: "missing-test-value",
        defaultSeverity: .warning,
        summary: "A DependencyKey or InjectedKey provides a liveValue but no testValue.",
        rationale: """
        Without a `testValue`, swift-dependencies falls back to the live value and \
        reports "missing test value" — but only while a test that touches the dependency \
        runs; until then tests may quietly hit the network, the keychain or the real \
        clock. WeaveDI's `InjectedKey` likewise hands tests the live implementation.

        Declare `static let testValue` next to the key (an `unimplemented` client for \
        `@DependencyClient` types, or a `TestDependencyKey` conformance in the interface \
        module). A key split over several declarations — `testValue` in the interface \
        module, `liveValue` in the live module — counts as one key. Only a key has a test \
        value to miss: a `static let liveValue` on a type that conforms to no key protocol \
        anywhere in the workspace is left alone.
        """,
        examples: [
            RuleExample("a DependencyKey with only a live value", files: [
                "Package.swift": DIRuleExamples.package(["Clients"]),
                "Sources/Clients/SpeechClient.swift": """
                import Dependencies

                struct SpeechClient: Sendable {
                    var authorizationStatus: @Sendable () -> Int
                }

                extension SpeechClient: DependencyKey {
                    static let \u{2193}liveValue = SpeechClient(authorizationStatus: { 3 })
                    static let previewValue = SpeechClient(authorizationStatus: { 3 })
                }
                """,
            ]),
            RuleExample("a live value on a type that is no dependency key", files: [
                "Package.swift": DIRuleExamples.package(["Clients"]),
                "Sources/Clients/Theme.swift": """
                import Dependencies

                struct Theme {
                    static let liveValue = Theme()
                }
                """,
            ]),
            RuleExample("a WeaveDI InjectedKey with only a live value", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/Keys.swift": """
                import WeaveDI

                struct AnalyticsKey: InjectedKey {
                    static var \u{2193}liveValue: Analytics = FirebaseAnalytics()
                }
                """,
            ]),
            RuleExample("a test value declared in a file that imports no key framework, under #if DEBUG", files: [
                "Package.swift": DIRuleExamples.package(["Clients"]),
                "Sources/Clients/ClockKey.swift": """
                import Dependencies

                public enum ClockKey: DependencyKey {
                    public static let liveValue: any Clock<Duration> = ContinuousClock()
                }
                """,
                "Sources/Clients/ClockKey+Test.swift": """
                import Foundation

                #if DEBUG
                public extension ClockKey {
                    static let testValue: any Clock<Duration> = ContinuousClock()
                }
                #endif
                """,
            ]),
            RuleExample("a key split between interface and live modules", files: [
                "Package.swift": DIRuleExamples.package(["APIClient", "APIClientLive"]),
                "Sources/APIClient/APIClient.swift": """
                import Dependencies
                import DependenciesMacros

                @DependencyClient
                public struct APIClient: Sendable {
                    public var fetch: @Sendable (Int) async throws -> String
                }

                extension APIClient: TestDependencyKey {
                    public static let testValue = Self()
                }
                """,
                "Sources/APIClientLive/LiveKey.swift": """
                import APIClient
                import Dependencies

                extension APIClient: DependencyKey {
                    public static let liveValue = APIClient(fetch: { "\\($0)" })
                }
                """,
            ]),
        ],
        edgeView: .di,
        analyses: [.dependencyInjection]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let (graph, analysis) = context.dependencyInjection
        return analysis.missingTestValues.compactMap { missing in
            let declaration = graph.keyDeclarations[missing.declaration]
            guard let live = declaration.fact.liveValue else { return nil }
            let site = declaration.site(live)
            return Finding(
                site: site,
                message: "\(declaration.fact.type) has a liveValue but no testValue anywhere in the workspace (\(declaration.fact.framework.rawValue)); tests would use the live implementation",
                module: context.graph.modules[declaration.module].id,
                key: [declaration.fact.framework.rawValue, declaration.fact.type],
                related: missing.others.map { other in
                    let otherDeclaration = graph.keyDeclarations[other]
                    let otherSite = otherDeclaration.site(otherDeclaration.fact.site)
                    return RelatedLocation(file: otherSite.file, line: otherSite.line, message: "\(otherDeclaration.fact.type) is also declared here")
                },
                // The DI view's `key -binds-> type` edges of the registrations it backs.
                edges: graph.registrations.filter { ($0.fact.backingKey ?? $0.fact.builds) == declaration.fact.type }
                    .map { ModuleEdge(from: $0.fact.key.description, to: declaration.fact.type) }
            )
        }
    }
}
