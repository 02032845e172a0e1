import ModlintFacts
import Testing

/// What shows registrations run together: the function each call registers in, the
/// function a container hand-off stands in, and the assemblies one Swinject `Assembler`
/// applies.
struct DIRunTogetherFactsTests {
    @Test func callRegistrationsCarryTheirFunction() {
        let facts = diFacts("""
        import Swinject

        final class AppAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Logger.self) { _ in OSLogger() }
            }
        }

        enum Mock {
            static func registerAll() {
                Shared.container.register(Clock.self) { _ in MockClock() }
            }
        }

        let container = Container()
        container.register(Store.self) { _ in LiveStore() }
        """)
        #expect(facts.registrations.map { "\($0.key) \($0.function ?? "-") \($0.functionLine.map(String.init) ?? "-")" } == [
            "Logger AppAssembly.assemble 4",
            "Clock Mock.registerAll 10",
            "Store - -",
        ])
    }

    @Test func declarationsAreNoCalls() {
        let facts = diFacts("""
        import Dependencies

        extension DependencyValues {
            var apiClient: APIClient {
                get { self[APIClientKey.self] }
                set { self[APIClientKey.self] = newValue }
            }
        }
        """)
        #expect(facts.registrations.map { "\($0.key) \($0.function ?? "-") \($0.isDeclaration)" } == ["\\DependencyValues.apiClient - true"])
    }

    @Test func handOffsCarryTheCallersFunction() {
        let facts = diFacts("""
        import WeaveDI

        enum AppDI {
            static func bootstrap(container: WeaveDI.Container) {
                UserFeatureModule.register(in: container)
            }
        }
        """)
        #expect(facts.containerPasses == [DIContainerPass(callee: "UserFeatureModule.register", container: "container@4:AppDI.bootstrap",
                                                          line: 5, function: "AppDI.bootstrap", functionLine: 4)])
    }

    @Test func handRolledCallsCarryTheirFunction() {
        let facts = diFacts("""
        enum Composition {
            static func registerServices() {
                ServiceLocator.shared.register(NotesStore.self) { CoreDataNotesStore() }
            }
        }
        """)
        #expect(facts.containerCalls.map { "\($0.function ?? "-") \($0.functionLine.map(String.init) ?? "-")" } == ["Composition.registerServices 2"])
    }

    /// Every shape of `Assembler` and `apply` that lists assemblies, and the ones that do not.
    @Test func assemblerLists() {
        let facts = diFacts("""
        import Swinject

        let root = Assembler([NetworkAssembly(), Feature.ProfileAssembly(api: LiveAPI()), StorageAssembly.init()])

        final class AppDelegate {
            var assemblies: [Assembly] { [SettingsAssembly(), AppAssembly()] }

            func setUp() {
                let assembler = Assembler(container: Container())
                assembler.apply(assembly: LoggingAssembly())
                assembler.apply(assemblies: [CacheAssembly(), SearchAssembly()])
                _ = Assembler(assemblies)
                _ = try? Assembler(assemblies: [LegacyAssembly()], container: Container())
                let list: [Assembly] = [OneAssembly(), TwoAssembly()]
                _ = Swinject.Assembler(list, parent: nil)
                _ = Assembler(makeAssemblies())
                items.apply(filter: Filter())
            }
        }
        """)
        #expect(facts.assemblerLists == [
            DIAssemblerList(assemblies: ["NetworkAssembly", "ProfileAssembly", "StorageAssembly"], line: 3),
            DIAssemblerList(assemblies: ["LoggingAssembly"], functionLine: 8, line: 10),
            DIAssemblerList(assemblies: ["CacheAssembly", "SearchAssembly"], functionLine: 8, line: 11),
            DIAssemblerList(assemblies: ["SettingsAssembly", "AppAssembly"], functionLine: 8, line: 12),
            DIAssemblerList(assemblies: ["LegacyAssembly"], functionLine: 8, line: 13),
            DIAssemblerList(assemblies: ["OneAssembly", "TwoAssembly"], functionLine: 8, line: 15),
        ])
    }

    /// Without Swinject imported, `Assembler(…)` is someone else's.
    @Test func assemblerListsOnlyInSwinjectFiles() {
        #expect(diFacts("import Other\nlet a = Assembler([NetworkAssembly()])\n").assemblerLists == [])
    }
}
