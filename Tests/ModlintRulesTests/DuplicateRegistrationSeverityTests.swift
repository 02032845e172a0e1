import ModlintConfiguration
import ModlintRules
import ModlintTestSupport
import Testing

/// duplicate-registration is an error only where modlint sees both registrations take
/// effect in one program; two registering places nothing shows run together are a
/// warning (same finding, same fingerprint), and a configured severity wins over both.
struct DuplicateRegistrationSeverityTests {
    static let package = DIKeyIdentityTests.package(
        #".executableTarget(name: "App", dependencies: ["A", "B"]), .target(name: "A"), .target(name: "B"), .testTarget(name: "AppTests", dependencies: ["App"])"#)

    static func lint(_ files: [(String, String)], configuration: Configuration = Configuration()) throws -> [Diagnostic] {
        let directory = try TemporaryDirectory(files: [("Package.swift", package)] + files, prefix: "modlint-di-severity")
        defer { directory.remove() }
        return try Linter(rules: [DuplicateRegistration()], configuration: configuration).lint(paths: [directory.path]).diagnostics
    }

    static func shown(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.rule) \($0.severity.rawValue) \($0.file):\($0.line)" }
    }

    // MARK: - Static register functions into one shared container

    static let sharedContainer = [
        ("Sources/A/Live.swift", """
        import Swinject

        public enum LiveConfiguration {
            public static func register() {
                DIContainer.shared.container.register(NetworkConfigurable.self) { _ in Live() }
            }
        }
        """),
        ("Sources/B/Mock.swift", """
        import Swinject

        public enum MockConfiguration {
            public static func register() {
                DIContainer.shared.container.register(NetworkConfigurable.self) { _ in Mock() }
            }
        }
        """),
    ]

    /// Two modules' `static func register…()` into one global container, each called by
    /// some app (a demo app the mock's, the app the live one): nothing shows both run.
    @Test func independentRegisterFunctionsAreAWarning() throws {
        let diagnostics = try Self.lint(Self.sharedContainer)
        #expect(Self.shown(diagnostics) == ["duplicate-registration warning Sources/B/Mock.swift:5"])
        #expect(diagnostics.first?.message == "NetworkConfigurable is registered in 2 places of the same Swinject container (DIContainer.shared.container) "
            + "that nothing shows run together (LiveConfiguration.register in A, MockConfiguration.register in B); if one app runs both, only the last takes effect")
        #expect(diagnostics.first?.related.map { "\($0.file):\($0.line)" } == ["Sources/A/Live.swift:5"])
    }

    /// Two registrations in one of those functions are seen to run together.
    @Test func oneFunctionIsAnError() throws {
        let diagnostics = try Self.lint([Self.sharedContainer[0], ("Sources/B/Mock.swift", """
        import Swinject

        public enum MockConfiguration {
            public static func register() {
                DIContainer.shared.container.register(NetworkConfigurable.self) { _ in Mock() }
                DIContainer.shared.container.register(NetworkConfigurable.self) { _ in OtherMock() }
            }
        }
        """)])
        // Reported on the first that follows another; all three listed, one finding.
        #expect(Self.shown(diagnostics) == ["duplicate-registration error Sources/B/Mock.swift:5"])
        #expect(diagnostics.first?.related.map { "\($0.file):\($0.line)" } == ["Sources/A/Live.swift:5", "Sources/B/Mock.swift:6"])
    }

    /// The configured severity applies to every finding: `warning` lowers the seen clash,
    /// `error` raises the unseen one; the fingerprint is the finding's whatever its severity.
    @Test func aConfiguredSeverityWins() throws {
        var warning = Configuration()
        warning.severities["duplicate-registration"] = .warning
        var error = Configuration()
        error.severities["duplicate-registration"] = .error
        let unseen = try Self.lint(Self.sharedContainer)
        let raised = try Self.lint(Self.sharedContainer, configuration: error)
        #expect(Self.shown(raised) == ["duplicate-registration error Sources/B/Mock.swift:5"])
        #expect(raised.map(\.fingerprint) == unseen.map(\.fingerprint))
        #expect(raised.map(\.message) == unseen.map(\.message))
        let lowered = try Self.lint(Self.handOffs(oneFunction: true), configuration: warning)
        #expect(Self.shown(lowered) == ["duplicate-registration warning Sources/B/OrderModule.swift:5"])
    }

    // MARK: - Container hand-offs

    /// `UserModule.register(in: container)` and `OrderModule.register(in: container)`
    /// inside WeaveDI's bootstrap (the shared container), from one function or from two.
    static func handOffs(oneFunction: Bool) -> [(String, String)] {
        let bootstrap = oneFunction ? """
            static func bootstrap() async {
                await WeaveDI.Container.bootstrap { container in
                    UserModule.register(in: container)
                    OrderModule.register(in: container)
                }
            }
            """ : """
            static func bootstrapLive() async {
                await WeaveDI.Container.bootstrap { container in
                    UserModule.register(in: container)
                }
            }

            static func bootstrapDemo() async {
                await WeaveDI.Container.bootstrap { container in
                    OrderModule.register(in: container)
                }
            }
            """
        return [
            ("Sources/A/UserModule.swift", """
            import WeaveDI

            public enum UserModule {
                public static func register(in container: WeaveDI.Container) {
                    container.register(UserService.self) { UserServiceImpl() }
                }
            }
            """),
            ("Sources/B/OrderModule.swift", """
            import WeaveDI

            public enum OrderModule {
                public static func register(in container: WeaveDI.Container) {
                    container.register(UserService.self) { OtherUserService() }
                }
            }
            """),
            ("Sources/App/Bootstrap.swift", "import A\nimport B\nimport WeaveDI\n\nenum AppDI {\n" + bootstrap + "\n}\n"),
        ]
    }

    @Test func modulesOneFunctionHandsItsContainerToAreAnError() throws {
        #expect(Self.shown(try Self.lint(Self.handOffs(oneFunction: true)))
                == ["duplicate-registration error Sources/B/OrderModule.swift:5"])
    }

    @Test func modulesTwoFunctionsHandTheirContainersToAreAWarning() throws {
        let diagnostics = try Self.lint(Self.handOffs(oneFunction: false))
        #expect(Self.shown(diagnostics) == ["duplicate-registration warning Sources/B/OrderModule.swift:5"])
    }

    // MARK: - Swinject assemblies

    static let assemblies = [
        ("Sources/A/NetworkAssembly.swift", """
        import Swinject

        public final class NetworkAssembly: Assembly {
            public init() {}
            public func assemble(container: Container) {
                container.register(HTTPClient.self) { _ in URLSessionHTTPClient() }
            }
        }
        """),
        ("Sources/B/StubAssembly.swift", """
        import Swinject

        public final class StubAssembly: Assembly {
            public init() {}
            public func assemble(container: Container) {
                container.register(HTTPClient.self) { _ in StubHTTPClient() }
            }
        }
        """),
    ]

    static func assembled(_ app: String, in path: String = "Sources/App/App.swift") throws -> [String] {
        shown(try lint(assemblies + [(path, "import A\nimport B\nimport Swinject\n\n" + app)]))
    }

    @Test func assembliesNoAssemblerAppliesTogetherAreAWarning() throws {
        let diagnostics = try Self.lint(Self.assemblies)
        #expect(Self.shown(diagnostics) == ["duplicate-registration warning Sources/B/StubAssembly.swift:6"])
        #expect(diagnostics.first?.message == "HTTPClient is registered in 2 places of the same Swinject container (assembly) that nothing shows run together "
            + "(NetworkAssembly.assemble in A, StubAssembly.assemble in B): no `Assembler` seen applying these assemblies together; "
            + "if one app runs both, only the last takes effect")
        // Each applied alone, in two functions (the app and a demo).
        #expect(try Self.assembled("""
        func live() -> Assembler { Assembler([NetworkAssembly()]) }
        func demo() -> Assembler { Assembler([StubAssembly()]) }
        """) == ["duplicate-registration warning Sources/B/StubAssembly.swift:6"])
        #expect(try Self.assembled("""
        func live(_ assembler: Assembler) { assembler.apply(assembly: NetworkAssembly()) }
        func demo(_ assembler: Assembler) { assembler.apply(assembly: StubAssembly()) }
        """) == ["duplicate-registration warning Sources/B/StubAssembly.swift:6"])
        // A test's assembler is no app's.
        #expect(try Self.assembled("let assembler = Assembler([NetworkAssembly(), StubAssembly()])\n",
                                   in: "Tests/AppTests/AppTests.swift") == ["duplicate-registration warning Sources/B/StubAssembly.swift:6"])
    }

    @Test(arguments: [
        "let assembler = Assembler([NetworkAssembly(), StubAssembly()])\n",
        "func make() -> Assembler {\n    let assemblies: [Assembly] = [NetworkAssembly(), StubAssembly()]\n    return Assembler(assemblies)\n}\n",
        "enum Root {\n    static func make() -> Assembler { Assembler(assemblies) }\n    static var assemblies: [Assembly] { [NetworkAssembly(), StubAssembly()] }\n}\n",
        "func setUp(_ assembler: Assembler) {\n    assembler.apply(assemblies: [StubAssembly(), NetworkAssembly()])\n}\n",
        "func setUp(_ assembler: Assembler) {\n    assembler.apply(assembly: NetworkAssembly())\n    assembler.apply(assembly: StubAssembly())\n}\n",
    ])
    func assembliesOneAssemblerAppliesAreAnError(_ app: String) throws {
        #expect(try Self.assembled(app) == ["duplicate-registration error Sources/B/StubAssembly.swift:6"])
    }
}
