import ModlintFacts
import Testing

@Suite struct SpeziFactsTests {
    @Test func filesWithoutSpeziImportHaveNoFacts() {
        let facts = summary("""
        import Vapor
        import Dependencies

        struct Configuration {}
        final class Feature: Module {
            @Dependency(\\.client) var client
            @Dependency(Storage.self) var storage
            @StandardActor var standard: any P
            var configuration: Configuration { Configuration { A() } }
        }
        """).spezi
        #expect(facts == SpeziFacts())
        #expect(facts.isEmpty)
    }

    @Test func standardRequirements() {
        let facts = summary("""
        import Spezi

        final class HealthModule: Module {
            @StandardActor var standard: any HealthConstraint
            @StandardActor
            @ObservationIgnored
            private var concrete: ExampleStandard
            @StandardActor var optional: (any HealthConstraint)?
            @StandardActor /* checked with as? */ var generic: any Standard
            @ObservationIgnored @StandardActor public var both: any A & B
        }
        """).spezi
        #expect(facts.importsSpezi)
        #expect(facts.standardRequirements == [
            SpeziStandardRequirement(owner: "HealthModule", property: "standard", typeText: "any HealthConstraint", kind: .constraint,
                                     types: [SpeziTypeUse(name: "HealthConstraint", line: 4, column: 38)], line: 4, column: 5),
            SpeziStandardRequirement(owner: "HealthModule", property: "concrete", typeText: "ExampleStandard", kind: .concrete,
                                     types: [SpeziTypeUse(name: "ExampleStandard", line: 7, column: 27)], line: 5, column: 5),
            SpeziStandardRequirement(owner: "HealthModule", property: "optional", typeText: "(any HealthConstraint)?", kind: .soft,
                                     types: [], line: 8, column: 5),
            SpeziStandardRequirement(owner: "HealthModule", property: "generic", typeText: "any Standard", kind: .soft,
                                     types: [], line: 9, column: 5),
            SpeziStandardRequirement(owner: "HealthModule", property: "both", typeText: "any A & B", kind: .constraint,
                                     types: [SpeziTypeUse(name: "A", line: 10, column: 61), SpeziTypeUse(name: "B", line: 10, column: 65)],
                                     line: 10, column: 25),
        ])
    }

    @Test func dependencyForms() {
        let facts = summary("""
        import Spezi
        import Dependencies

        final class Feature: Module {
            @Dependency(Storage.self) var storage
            @Dependency(Telemetry.self) private var telemetry: Telemetry?
            @Dependency var logger = Logger(level: 1)
            @Dependency var account: Account
            @Dependency private var modules: [any Module]
            @Dependency(\\.continuousClock) var clock

            init(extra: Bool) {
                _modules = Dependency {
                    Extra()
                    if extra { More() }
                }
            }
        }
        """).spezi
        #expect(facts.dependencies == [
            SpeziDependency(owner: "Feature", property: "storage", type: "Storage", line: 5, column: 5),
            SpeziDependency(owner: "Feature", property: "telemetry", type: "Telemetry", isOptional: true, line: 6, column: 5),
            SpeziDependency(owner: "Feature", property: "logger", type: "Logger",
                            defaultTypes: [SpeziTypeUse(name: "Logger", line: 7, column: 30)], line: 7, column: 5),
            SpeziDependency(owner: "Feature", property: "account", type: "Account", line: 8, column: 5),
            SpeziDependency(owner: "Feature", property: "modules", type: nil, isCollection: true,
                            defaultTypes: [SpeziTypeUse(name: "Extra", line: 14, column: 13), SpeziTypeUse(name: "More", line: 15, column: 24)],
                            line: 9, column: 5),
        ])
        #expect(facts.dependencies.map(\.needsConfiguration) == [true, false, false, true, false])
    }

    @Test func configurationsWithBranchesNestingAndComputedProperties() {
        let facts = summary("""
        import Spezi

        class AppDelegate: SpeziAppDelegate {
            override var configuration: Configuration {
                Configuration(standard: ExampleStandard()) {
                    if FeatureFlags.health {
                        HealthKit {
                            CollectSample(.steps)
                        }
                    }
                    #if DEBUG
                    MockModule()
                    #endif
                    featureModules
                }
            }

            private var featureModules: [any Module] {
                FeatureA()
                FeatureB()
            }
        }
        """).spezi
        #expect(facts.configurations == [
            SpeziConfiguration(owner: "AppDelegate", standard: SpeziTypeUse(name: "ExampleStandard", line: 5, column: 33),
                               instantiations: [
                                   SpeziTypeUse(name: "HealthKit", line: 7, column: 17),
                                   SpeziTypeUse(name: "CollectSample", line: 8, column: 21, enclosing: "HealthKit"),
                                   SpeziTypeUse(name: "MockModule", condition: "DEBUG", line: 12, column: 13),
                               ],
                               references: ["featureModules"], line: 5, column: 9),
        ])
        #expect(facts.computedProperties.map(\.name) == ["configuration", "featureModules"])
        #expect(facts.computedProperties[1].instantiations.map(\.name) == ["FeatureA", "FeatureB"])
    }

    @Test func defaultStandardConfiguration() {
        let facts = summary("""
        import Spezi

        class AppDelegate: SpeziAppDelegate {
            override var configuration: Configuration {
                Configuration {
                    Scheduler()
                }
            }
        }
        """).spezi
        #expect(facts.configurations.count == 1)
        #expect(facts.configurations[0].standard == nil)
        #expect(facts.configurations[0].instantiations.map(\.name) == ["Scheduler"])
    }

    @Test func provideCollectAndLifecycleReads() {
        let facts = summary("""
        import Spezi

        final class Tasks: Module {
            @Provide var provided: [String] = []
            @Collect private var collected: [String]
            private var count = 0

            init() {
                count = self.collected.count
            }

            func configure() {
                provided = ["a"]
                print(provided, count)
                other.provided.forEach { print($0) }
            }
        }
        """).spezi
        #expect(facts.wrappedProperties == [
            SpeziWrappedProperty(owner: "Tasks", name: "provided", wrapper: .provide, line: 4, column: 5),
            SpeziWrappedProperty(owner: "Tasks", name: "collected", wrapper: .collect, line: 5, column: 5),
        ])
        #expect(facts.lifecycleReads == [
            SpeziLifecycleRead(owner: "Tasks", function: .initializer, name: "collected", line: 9, column: 22),
            SpeziLifecycleRead(owner: "Tasks", function: .configure, name: "print", line: 14, column: 9),
            SpeziLifecycleRead(owner: "Tasks", function: .configure, name: "provided", line: 14, column: 15),
            SpeziLifecycleRead(owner: "Tasks", function: .configure, name: "count", line: 14, column: 25),
            SpeziLifecycleRead(owner: "Tasks", function: .configure, name: "other", line: 15, column: 9),
        ])
    }

    @Test func nothingInsideCommentsOrStrings() {
        let facts = summary("""
        import Spezi

        /// ```
        /// @Dependency(Storage.self) var storage
        /// Configuration(standard: S()) { A() }
        /// ```
        final class Feature: Module {
            let text = "@StandardActor var standard: any P"
        }
        """).spezi
        #expect(facts == SpeziFacts(importsSpezi: true))
    }
}
