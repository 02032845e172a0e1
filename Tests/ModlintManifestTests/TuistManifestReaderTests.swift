@testable import ModlintManifest
import Testing

/// `Project.swift` evaluated with its helpers: exact targets, sources and dependencies.
struct TuistManifestReaderTests {
    func read(_ manifest: String, helpers: [String] = [], root: String = "") -> TuistProject {
        TuistManifestReader().read(manifest: Array(manifest.utf8), helpers: helpers.map { Array($0.utf8) }, rootFromManifest: root)
    }

    @Test func sourcesProductsSettingsAndDependencies() {
        let project = read(#"""
        import ProjectDescription

        let project = Project(
            name: "Kit",
            targets: [
                .target(name: "Kit", destinations: [.mac], product: .staticFramework, bundleId: "k",
                        sources: .paths(["Sources/Kit/**"]),
                        dependencies: [.external(name: "Alamofire"), .package(product: "Pulse"), .xcframework(path: "Vendor/Lottie.xcframework"),
                                       .sdk(name: "UIKit", type: .framework), .project(target: "Core", path: .relativeToRoot("Core")),
                                       .project(target: "Log", path: "//Shared/Log")],
                        settings: .settings(base: ["PRODUCT_MODULE_NAME": "KitModule", "OTHER": .string("x")])),
                Target(name: "KitTests", platform: .iOS, product: .unitTests, bundleId: "kt",
                       sources: ["Tests/**", .glob("More/**/*.swift", excluding: "More/Old/**")], dependencies: [.target(name: "Kit")]),
                .target(name: "Folders", destinations: .iOS, product: .app, bundleId: "f", buildableFolders: ["App", .folder("Shared"), .mystery("Gen")]),
            ]
        )
        """#, root: "../..")
        #expect(project.failure == nil)
        #expect(project.name == "Kit")
        #expect(project.targets.map(\.name) == ["Kit", "KitTests", "Folders"])
        #expect(project.targets.map(\.product) == ["staticFramework", "unitTests", "app"])
        #expect(project.targets.map(\.moduleName) == ["KitModule", nil, nil])
        #expect(project.targets.map(\.platforms) == [["macos"], ["ios"], ["ios"]])
        #expect(project.targets[0].sources == [TuistSourceGlob("Sources/Kit/**")])
        #expect(project.targets[1].sources == [TuistSourceGlob("Tests/**"), TuistSourceGlob("More/**/*.swift", excluding: ["More/Old/**"])])
        #expect(project.targets[2].buildableFolders == ["App", "Shared"])
        #expect(project.targets[0].dependencies.map(\.kind) == [
            .external("Alamofire"), .package(product: "Pulse"), .binary("Lottie.xcframework"), .project(target: "Core", path: "../../Core"),
            .project(target: "Log", path: "../../Shared/Log"),
        ])
        #expect(project.targets[0].dependencies.map(\.line) == [8, 8, 8, 9, 10])
        #expect(project.targets.map(\.line) == [6, 12, 14])
        // Tuist 4's `.folder("Shared")` is a folder; `.mystery` is no form modlint knows:
        // said, and the target marked.
        #expect(project.targets[2].isIncomplete)
        #expect(project.notes.map { "\($0.line) \($0.message)" } == ["14 buildableFolders of target 'Folders': '.mystery' is not understood"])
    }

    /// The helper styles real apps use: a builder class with chained setters, enums whose
    /// computed properties switch on `self` and call each other, `CaseIterable`, a struct
    /// with an `init` that has defaults. What a helper builds is reported at the manifest's
    /// `let project` line.
    @Test func builderClassesEnumsAndInitializers() {
        let helpers = [#"""
        import ProjectDescription

        public final class TargetBuilder {
            private var name = ""
            private var product: Product = .framework
            private var dependencies: [TargetDependency] = []

            public init() {}

            public func setName(_ name: String) -> TargetBuilder {
                self.name = name
                return self
            }

            public func setDependencies(_ dependencies: [TargetDependency]) -> TargetBuilder {
                self.dependencies = dependencies
                return self
            }

            public func build() -> Target {
                .target(name: name, destinations: .iOS, product: product, bundleId: "b.\(name)", sources: ["\(name)/**"], dependencies: dependencies)
            }
        }
        """#, #"""
        import ProjectDescription

        public enum Module: CaseIterable {
            case core
            case feature, settings

            var name: String {
                switch self {
                case .core: return "Core"
                case .feature: return "Feature"
                case .settings: return "Settings"
                }
            }

            var dependencies: [TargetDependency] {
                switch self {
                case .core: return []
                default: return [.target(name: Module.core.name)]
                }
            }

            public var target: Target {
                TargetBuilder().setName(name).setDependencies(dependencies).build()
            }
        }

        public struct Options {
            let prefix: String
            let tests: Bool

            public init(prefix: String = "App", tests: Bool = false) {
                self.prefix = prefix
                self.tests = tests
            }
        }
        """#]
        let project = read("""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let options = Options(tests: true)
        let project = Project(name: options.prefix, targets: Module.allCases.map { $0.target } + (options.tests ? [undefinedHelper()] : []))
        """, helpers: helpers)
        #expect(project.name == "App")
        #expect(project.targets.map(\.name) == ["Core", "Feature", "Settings"])
        #expect(project.targets.map(\.dependencies) == [[], [TuistDependency(.target("Core"), line: 5)], [TuistDependency(.target("Core"), line: 5)]])
        #expect(project.targets.map(\.sources) == [[TuistSourceGlob("Core/**")], [TuistSourceGlob("Feature/**")], [TuistSourceGlob("Settings/**")]])
        #expect(project.notes.map { "\($0.line) \($0.message)" } == ["5 target: cannot resolve function 'undefinedHelper'"])
    }

    @Test func aManifestWithoutAProjectSaysWhy() {
        #expect(read("import ProjectDescription\n").failure == ManifestNote(message: "no 'let project = Project(…)' found", line: 1, column: 1))
        #expect(read("import ProjectDescription\n\nlet project = make()\n").failure
            == ManifestNote(message: "'project' could not be evaluated: cannot resolve function 'make'", line: 3, column: 1))
        #expect(read("import ProjectDescription\nlet project = Workspace(name: \"W\", projects: [])\n").failure?.message
            == "'project' is '.Workspace(…)', which no helper read here defines: no 'Project(…)'")
        #expect(read("import ProjectDescription\nlet project = Project.app(name: \"A\")\n").failure?.message
            == "'project' is '.app(…)', which no helper read here defines: no 'Project(…)'")
        #expect(read("import ProjectDescription\nlet project = 1\n").failure?.message == "'project' is not a 'Project(…)'")
    }

    /// A helper declared `-> Project` that returns `.init(…)`, `Self(…)`, `Project.init(…)`
    /// or `return .init(…)` makes a `Project`: the implicit member is the declared type's,
    /// as is `.init` in `-> Target` and in the elements of `-> [TargetDependency]`.
    @Test func implicitInitResolvesAgainstTheDeclaredType() {
        let helpers = [#"""
        import ProjectDescription

        public enum Layer: String { case network, storage }

        extension Project {
            public static func layer(_ layer: Layer, deps: [TargetDependency] = []) -> Project {
                .init(name: layer.rawValue, targets: [.unit(layer.rawValue, deps)])
            }
            static func plain(_ name: String) -> Project { Self(name: name, targets: [Target.unit(name, [])]) }
            static func spelled(_ name: String) -> Project { Project.init(name: name, targets: []) }
            static func returned(_ name: String) -> Project {
                let label = name + "Kit"
                return .init(name: label, targets: [])
            }
        }

        extension Target {
            static func unit(_ name: String, _ deps: [TargetDependency]) -> Target {
                .init(name: name, destinations: .iOS, product: .framework, bundleId: "io.\(name)", dependencies: deps + common())
            }
            static func common() -> [TargetDependency] { [.init(stringLiteral: "x"), .external(name: "Log")] }
        }
        """#]
        let project = read("""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project.layer(.storage, deps: [.target(name: "Base")])
        """, helpers: helpers)
        #expect(project.failure == nil)
        #expect(project.name == "storage")
        #expect(project.targets.map(\.name) == ["storage"])
        #expect(project.targets.first?.product == "framework")
        #expect(project.targets.first?.dependencies.map(\.kind) == [.target("Base"), .external("Log")])
        for (call, name) in [("Project.plain(\"Plain\")", "Plain"), ("Project.spelled(\"Spelled\")", "Spelled"), (".returned(\"Ret\")", "RetKit")] {
            let other = read("import ProjectDescriptionHelpers\nlet project: Project = \(call)\n", helpers: helpers)
            #expect(other.failure == nil)
            #expect(other.name == name)
        }
        let annotated = read("""
        import ProjectDescription
        let project: Project = .init(name: "Annotated", targets: [.target(name: "A", destinations: .iOS, product: .app, bundleId: "a")])
        """)
        #expect(annotated.failure == nil)
        #expect(annotated.name == "Annotated")
        #expect(annotated.targets.map(\.name) == ["A"])
    }

    /// Raw-value enums: a `String` case's implicit raw value is its name, an explicit one
    /// is kept, `Int` cases count from the previous value; `rawValue` is read through
    /// `Module.x.rawValue`, a parameter declared as the enum, `self.rawValue` and a bare
    /// `rawValue` in the enum's members, `allCases` and `init(rawValue:)`.
    /// `SourceFileGlob("Sources/**")` (Tuist 3's initialiser beside `.glob`), and
    /// `.init(…)` as an element of `targets:` (a `Target`, as the constant's `[Target]`
    /// annotation says).
    @Test func sourceFileGlobsAndImplicitTargetInits() {
        let project = read(#"""
        import ProjectDescription

        let targets: [Target] = [
            .init(name: "App", platform: .iOS, product: .app, bundleId: "a", sources: [SourceFileGlob("Sources/**")]),
        ]
        let project = Project(name: "App", targets: targets)
        """#)
        #expect(project.failure == nil)
        #expect(project.notes.isEmpty, "\(project.notes)")
        #expect(project.targets.map(\.name) == ["App"])
        #expect(project.targets[0].sources == [TuistSourceGlob("Sources/**")])
    }

    @Test func rawValueEnums() {
        let helpers = [#"""
        import ProjectDescription

        public enum Module {
            public enum Core: String, CaseIterable {
                case network = "Networking"
                case storage
                var name: String { rawValue.capitalized }
                var path: String {
                    switch self {
                    case .network: return "Core/\(self.rawValue)"
                    default: return "Core/" + name
                    }
                }
            }
            public enum Feature: String { case storage = "StorageFeature" }
        }

        public enum Order: Int { case first, second = 5, third }

        extension String {
            var pascalCase: String { prefix(1).uppercased() + dropFirst() }
        }

        public protocol Named { var title: String { get } }
        extension Named where Self: RawRepresentable, Self.RawValue == String {
            public var title: String { rawValue.pascalCase }
        }
        public enum Client: String, Named { case dataClient }
        public enum External: String { case RxMoya }
        extension TargetDependency {
            public static func external(dependency: External) -> TargetDependency { .external(name: dependency.rawValue) }
        }

        extension Project {
            public static func core(_ module: Module.Core, extra: [TargetDependency] = []) -> Project {
                let name = module.rawValue
                return Project(name: name, targets: [
                    .target(name: module.name, destinations: .iOS, product: .framework, bundleId: "io.\(name)",
                            dependencies: extra + Module.Core.allCases.filter { $0 != module }.map { .project(target: $0.name, path: .relativeToRoot($0.path)) })
                ])
            }
        }
        """#]
        let project = read(#"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project.core(.storage, extra: [
            .target(name: Module.Feature.storage.rawValue),
            .external(name: "order\(Order.third.rawValue)"),
            .external(name: Module.Core(rawValue: "Networking")?.name ?? "none"),
            .external(name: "designSystem".pascalCase),
            .external(name: Client.dataClient.title),
            .external(dependency: .RxMoya),
        ])
        """#, helpers: helpers)
        #expect(project.failure == nil)
        #expect(project.name == "storage")
        #expect(project.targets.map(\.name) == ["Storage"])
        #expect(project.targets.first?.dependencies.map(\.kind) == [
            .target("StorageFeature"), .external("order6"), .external("Networking"), .external("DesignSystem"), .external("DataClient"), .external("RxMoya"),
            .project(target: "Networking", path: "Core/Networking"),
        ])
    }

    /// An enum without raw values named in lower case (`uFeatureTarget`), its `allCases` in a
    /// `Set` parameter default, and `contains(.case)` choosing the targets; a helper whose
    /// condition calls Foundation (`FileManager.default.fileExists`) only runs a command.
    @Test func lowerCaseEnumsInSetsChooseTargets() {
        let helpers = [#"""
        import ProjectDescription
        import Foundation

        public enum uFeatureTarget: CaseIterable {
            case framework
            case tests
            case examples
        }

        extension Target {
            public static func makeModule(name: String, targets: Set<uFeatureTarget> = Set(uFeatureTarget.allCases)) -> [Target] {
                if !FileManager.default.fileExists(atPath: "Modules/\(name)") {
                    print("scaffold \(name)")
                }
                var result: [Target] = []
                if targets.contains(.framework) {
                    result.append(Target(name: name, platform: .iOS, product: .framework, bundleId: "io.\(name)",
                                         sources: ["Modules/\(name)/Sources/**/*.swift"]))
                }
                if targets.contains(.tests) {
                    result.append(Target(name: "\(name)Tests", platform: .iOS, product: .unitTests, bundleId: "io.\(name)Tests",
                                         sources: ["Modules/\(name)/Tests/**/*.swift"], dependencies: [.target(name: name)]))
                }
                return result
            }
        }
        """#]
        let project = read(#"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        func targets() -> [Target] {
            var targets = [Target]()
            targets += Target.makeModule(name: "Core")
            targets += Target.makeModule(name: "UI", targets: [.framework])
            return targets
        }

        let project = Project(name: "App", targets: targets())
        """#, helpers: helpers)
        #expect(project.failure == nil)
        #expect(project.targets.map(\.name) == ["Core", "CoreTests", "UI"])
        #expect(project.targets.map { $0.dependencies.map(\.kind) } == [[], [.target("Core")], []])
    }

    /// `.Package.naverMap` where a `[TargetDependency]` is expected is the helper's nested
    /// `TargetDependency.Package`, not ProjectDescription's `Package`, which the helpers
    /// extend with a static of the same name.
    @Test func anImplicitNestedTypeIsTheContextualTypes() {
        let helpers = [#"""
        import ProjectDescription

        public extension Package {
            static let naverMap = Package.remote(url: "https://github.com/navermaps/SPM-NMapsMap", requirement: .exact("3.23.0"))
        }

        public extension TargetDependency {
            class Core {
                public static let common = TargetDependency.project(target: "Common", path: .relativeToRoot("Modules/Core/Common"))
            }
            class Package {
                public static let naverMap = TargetDependency.package(product: "NMapsMap")
            }
        }

        extension Project {
            public static func feature(name: String, packages: [Package] = [], dependencies: [TargetDependency]) -> Project {
                Project(name: name, packages: packages, targets: [
                    .target(name: name, destinations: .iOS, product: .framework, bundleId: "io.\(name)", dependencies: dependencies)
                ])
            }
        }
        """#]
        let project = read(#"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project.feature(name: "Home", packages: [.naverMap], dependencies: [.Core.common, .Package.naverMap])
        """#, helpers: helpers)
        #expect(project.failure == nil)
        #expect(project.notes.isEmpty, "\(project.notes)")
        #expect(project.targets.first?.dependencies.map(\.kind) == [
            .project(target: "Common", path: "Modules/Core/Common"), .package(product: "NMapsMap"),
        ])
        // The same inside ProjectDescription's own `.target(…)`, whose `dependencies:` is a `[TargetDependency]`.
        let app = read(#"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project(name: "App", packages: [.naverMap], targets: [
            .target(name: "App", destinations: .iOS, product: .app, bundleId: "io.app", dependencies: [.Package.naverMap]),
        ])
        """#, helpers: helpers)
        #expect(app.notes.isEmpty, "\(app.notes)")
        #expect(app.targets.first?.dependencies.map(\.kind) == [.package(product: "NMapsMap")])
    }

    /// `product: .app` is `Product.app` although a helper declares `String.app`; a default
    /// argument calls a static function of its own type; an unset `Environment` value
    /// matches no `if case let .string(…)`; a dictionary element is assigned by key.
    @Test func contextualCasesDefaultsCasePatternsAndSubscriptAssignments() {
        let helpers = [#"""
        import ProjectDescription

        public extension String {
            enum projects {
                public static let app = "App"
            }
            static let app = "Application"
        }

        extension Target {
            public static func module(name: String, product: Product = defaultProduct(), infoPlist: [String: Plist.Value] = [:]) -> Target {
                var plist = infoPlist
                plist["UILaunchStoryboardName"] = .string("Launch")
                plist["CFBundleName"] = .string(name)
                return .target(name: name, destinations: .iOS, product: product, bundleId: "io.\(name)", infoPlist: .extendingDefault(with: plist))
            }

            static func defaultProduct() -> Product {
                if case let .string(linking) = Environment.linking {
                    return linking == "static" ? .staticFramework : .framework
                }
                return .framework
            }
        }
        """#]
        let project = read(#"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project(name: .projects.app, targets: [
            .target(name: .projects.app, destinations: .iOS, product: .app, bundleId: "io.app"),
            .module(name: "Core", infoPlist: ["CFBundleName": "x"]),
        ])
        """#, helpers: helpers)
        #expect(project.failure == nil)
        #expect(project.name == "App")
        #expect(project.targets.map(\.name) == ["App", "Core"])
        #expect(project.targets.map(\.product) == ["app", "framework"])
        #expect(project.notes.map(\.message) == ["reads the environment (Environment.linking); evaluated as unset"])
    }

    /// The Swift helpers use, run with Swift's rules: `switch` patterns that bind
    /// (`case let .core(name)`, `case let .feature(module as any TargetNaming)`, `case let
    /// count where …`), a `switch` expression, `if case`, a protocol extension's default
    /// through `rawValue`, key paths as functions (`filter(\.isPublic)`, `map(\.0)`),
    /// `first(where:)` with optional chaining and `??`, `reduce`, `sorted`, `guard let`,
    /// a dictionary lookup in `if let`, a ternary, `+=` and `Set`.
    @Test func helperSwiftRunsWithSwiftsRules() {
        let helpers = [#"""
        import ProjectDescription

        public protocol TargetNaming { var targetName: String { get } }
        extension TargetNaming where Self: RawRepresentable, Self.RawValue == String {
            public var targetName: String { rawValue }
        }

        public enum Feature: String, CaseIterable, TargetNaming {
            case home, search, profile
            public var isPublic: Bool { self != .profile }
        }

        public enum Layer {
            case core(String)
            case feature(any TargetNaming)
            case shared

            public var name: String {
                switch self {
                case let .core(name): return name
                case let .feature(module as any TargetNaming): return module.targetName.capitalized
                case .shared: return "Shared"
                }
            }
        }

        public struct Module {
            public let name: String
            public let deps: [String]
            public var target: Target {
                let product: Product = switch deps.count {
                case 0: .staticFramework
                case let count where count > 5: .dynamicLibrary
                default: .framework
                }
                return .target(name: name, destinations: .iOS, product: product, bundleId: "io.\(name)", sources: ["\(name)/**"],
                        dependencies: deps.map { .target(name: $0) })
            }
        }

        extension Project {
            public static func make(_ modules: [Module]) -> Project {
                let sorted = modules.sorted { $0.name < $1.name }
                let first = sorted.first(where: { $0.deps.isEmpty })?.name ?? "none"
                let count = modules.reduce(0) { $0 + $1.deps.count }
                let pairs = modules.map { ($0.name, $0.deps.count) }
                let names = pairs.map(\.0)
                var extra: [Target] = []
                guard let last = names.last else { return Project(name: "Empty", targets: []) }
                if let lookup = ["a": "b"]["a"], !lookup.isEmpty, names.contains(last) {
                    extra += [.target(name: "Extra\(count)", destinations: .iOS, product: .framework, bundleId: "io.x", sources: ["Extra/**"])]
                }
                let tag = count > 2 ? "Many" : "Few"
                return Project(name: first + tag, targets: sorted.map(\.target) + extra + Set(["Z"]).map { name in
                    .target(name: name, destinations: .iOS, product: .framework, bundleId: "z", sources: ["Z/**"])
                })
            }
        }
        """#]
        let project = read(#"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let layers: [Layer] = [.core("Core"), .feature(Feature.home), .shared]
        let features = Feature.allCases.filter(\.isPublic).map { Module(name: $0.rawValue.capitalized, deps: ["Core"]) }
        let modules = [Module(name: "Core", deps: [])] + features + layers.compactMap { layer -> Module? in
            if case .shared = layer { return Module(name: layer.name, deps: []) }
            return nil
        }
        let project = Project.make(modules)
        """#, helpers: helpers)
        #expect(project.failure == nil)
        #expect(project.notes.isEmpty, "\(project.notes)")
        #expect(project.name == "CoreFew")
        #expect(project.targets.map(\.name) == ["Core", "Home", "Search", "Shared", "Extra2", "Z"])
        #expect(project.targets.map(\.product) == ["staticFramework", "framework", "framework", "staticFramework", "framework", "framework"])
        #expect(project.targets.map { $0.dependencies.map(\.kind) } == [[], [.target("Core")], [.target("Core")], [], [], []])
    }

    /// Static functions of the same name on two types are told apart by the expected
    /// type: `let project: Project = .module(…)` is `Project.module`, and `.module("Core")`
    /// in `dependencies:` (a `[TargetDependency]` by ProjectDescription's declaration of
    /// `.target(…)`) is `TargetDependency.module`, whichever the helpers declare first.
    @Test func staticFunctionsOfTheSameNameAreToldApartByTheExpectedType() {
        let helpers = [#"""
        import ProjectDescription

        extension Project {
            public static func module(_ name: String, dependencies: [TargetDependency] = []) -> Project {
                Project(name: name, targets: [
                    .target(name: name, destinations: .iOS, product: .framework, bundleId: "io.\(name)", dependencies: dependencies),
                ])
            }
        }

        extension TargetDependency {
            public static func module(_ name: String) -> TargetDependency {
                .project(target: name, path: .relativeToRoot("Modules/\(name)"))
            }
        }
        """#]
        let project = read(#"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let extra: [TargetDependency] = [.module("Log")]
        let project: Project = .module("Feature", dependencies: [.module("Core")] + extra)
        """#, helpers: helpers)
        #expect(project.failure == nil)
        #expect(project.notes.isEmpty, "\(project.notes)")
        #expect(project.name == "Feature")
        #expect(project.targets.first?.dependencies.map(\.kind) == [
            .project(target: "Core", path: "Modules/Core"), .project(target: "Log", path: "Modules/Log"),
        ])
        // `targets:` of `Project(…)` is a `[Target]`: `.module` there is `Target.module`,
        // although `TargetDependency.module` is declared first.
        let targets = read(#"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        extension Target {
            static func module(_ name: String) -> Target {
                .target(name: name, destinations: .iOS, product: .framework, bundleId: "io.\(name)", dependencies: [.module("Core")])
            }
        }

        let project = Project(name: "App", targets: [.module("Search")])
        """#, helpers: helpers)
        #expect(targets.notes.isEmpty, "\(targets.notes)")
        #expect(targets.targets.map(\.name) == ["Search"])
        #expect(targets.targets.first?.dependencies.map(\.kind) == [.project(target: "Core", path: "Modules/Core")])
    }

    /// ProjectDescription's own factory of the expected type wins over a helper's function
    /// of the same name on another type: `.target(name:)` in `dependencies:` is
    /// `TargetDependency.target`, not the helpers' `Target.target(name:)`.
    @Test func theDescriptionsOwnFactoryOfTheExpectedTypeWins() {
        let helpers = [#"""
        import ProjectDescription

        extension Target {
            public static func target(name: String) -> Target {
                .target(name: "Kit" + name, destinations: .iOS, product: .framework, bundleId: "io.\(name)", sources: ["\(name)/**"])
            }
        }
        """#]
        let project = read(#"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project(name: "App", targets: [
            .target(name: "Core"),
            .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["App/**"], dependencies: [.target(name: "Core")]),
        ])
        """#, helpers: helpers)
        #expect(project.notes.isEmpty, "\(project.notes)")
        #expect(project.targets.map(\.name) == ["KitCore", "App"])
        #expect(project.targets.map { $0.dependencies.map(\.kind) } == [[], [.target("Core")]])
    }

    /// `sources: [.tests]` is an array literal of `SourceFileGlob`s: `.tests` is the
    /// helpers' `SourceFileGlob.tests`, and `resources:` likewise takes `ResourceFileElement`s.
    @Test func collectionLiteralsTakeTheirElementsStatics() {
        let helpers = [#"""
        import ProjectDescription

        public extension SourceFileGlob {
            static let sources = SourceFileGlob("Sources/**")
            static let tests = SourceFileGlob("Tests/**")
        }
        public extension ResourceFileElement {
            static let assets = ResourceFileElement.glob(pattern: "Resources/**")
        }
        """#]
        let project = read(#"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project(name: "App", targets: [
            .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: [.sources], resources: [.assets]),
            .target(name: "AppTests", destinations: .iOS, product: .unitTests, bundleId: "t", sources: [.tests], dependencies: [.target(name: "App")]),
        ])
        """#, helpers: helpers)
        #expect(project.notes.isEmpty, "\(project.notes)")
        #expect(project.targets.map { $0.sources.map(\.pattern) } == [["Sources/**"], ["Tests/**"]])
    }

    /// The project is the `Project` the manifest makes, whatever its constant is named;
    /// with several, the one named `project`, else the last.
    @Test func theProjectIsTheProjectValueWhateverItsName() {
        let misspelt = read("""
        import ProjectDescription
        let name = "Kit"
        let projdct = Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .framework, bundleId: "k")])
        """)
        #expect(misspelt.failure == nil)
        #expect(misspelt.name == "Kit")
        #expect(misspelt.targets.map(\.name) == ["Kit"])
        let several = read("""
        import ProjectDescription
        let draft = Project(name: "Draft", targets: [])
        let project = Project(name: "Real", targets: [])
        let later = Project(name: "Later", targets: [])
        """)
        #expect(several.name == "Real")
        let unnamed = read("""
        import ProjectDescription
        let first = Project(name: "First", targets: [])
        let second = Project(name: "Second", targets: [])
        """)
        #expect(unnamed.name == "Second")
    }

    /// `name: .projects.app` where a helper nests `enum projects { static let app }` in
    /// `extension String`: the nested type's member, even when another type has a static
    /// `projects` of its own.
    @Test func nestedTypeImplicitMemberChains() {
        let helpers = [#"""
        import ProjectDescription

        public extension String {
            enum projects {
                public static let app = "App"
                public static let kit = "Kit"
            }
        }

        public struct Paths {
            public static let projects: [String] = [String.projects.app, String.projects.kit].map { "Projects/\($0)" }
        }

        extension TargetDependency {
            public static let kit: TargetDependency = .project(target: .projects.kit, path: .relativeToRoot("Projects/\(String.projects.kit)"))
        }
        """#]
        let project = read("""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project(name: .projects.app, targets: [
            .target(name: .projects.app, destinations: .iOS, product: .app, bundleId: "a", dependencies: [.kit]),
        ])
        """, helpers: helpers)
        #expect(project.failure == nil)
        #expect(project.name == "App")
        #expect(project.targets.map(\.name) == ["App"])
        #expect(project.targets.first?.dependencies.map(\.kind) == [.project(target: "Kit", path: "Projects/Kit")])
    }

    /// Lines are the manifest's whatever the helpers' line ends: a helper saved with lone
    /// `\r` (or `\r\n`) ends as many lines as the tokenizer counts, so a target and a note
    /// of the manifest are not reported lines further down (found by fuzzing).
    @Test func helperLineEndsDoNotShiftTheManifestsLines() {
        let manifest = """
        import ProjectDescription
        import ProjectDescriptionHelpers
        let project = Project(name: "App", targets: [
            .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", dependencies: [.target(name: shared), missing()]),
        ])
        """
        for helper in ["import ProjectDescription\r\rpublic let shared = \"Kit\"\r", "import ProjectDescription\r\n\r\npublic let shared = \"Kit\"\r\n",
                       "\r\rpublic let shared = \"Kit\"", "public let shared = \"Kit\"\n\r"] {
            let project = read(manifest, helpers: [helper, "\r"])
            #expect(project.targets.map(\.line) == [4])
            #expect(project.targets.first?.dependencies == [TuistDependency(.target("Kit"), line: 4)])
            #expect(project.notes.map { "\($0.line):\($0.column) \($0.message)" } == ["4:114 dependency of target 'App': cannot resolve function 'missing'"])
        }
    }

    /// A type whose stored property's initial value constructs the type again is
    /// evaluated to the call depth and said, instead of recursing off the stack (found by
    /// fuzzing: `extension Project { let o = Project(` in a helper).
    @Test func selfConstructingInitialValuesStopAtTheCallDepth() {
        let helpers = [#"""
        import ProjectDescription

        public final class Module {
            public var name = "Kit"
            public var next = Module()
        }
        """#]
        let project = read("""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project(name: "App", targets: [.target(name: Module().name, destinations: .iOS, product: .framework, bundleId: "k")])
        """, helpers: helpers)
        #expect(project.targets.map(\.name) == ["Kit"])
        #expect(project.notes.map { "\($0.line) \($0.message)" } == ["4 calls nested deeper than 48 are not evaluated"])
        #expect(TuistManifestReader().read(manifest: Array("let o=Project(".utf8), helpers: [Array("Project{}extension Project{".utf8)],
                                           rootFromManifest: "").failure != nil)
    }
}

/// Recursion that branches (a function calling itself twice in one expression, an initial
/// value constructing its type twice) stops at the step budget instead of making 2^48 calls
/// (found by fuzzing), and the manifest is reported unread, naming the budget.
struct BranchingRecursionTests {
    @Test func branchingRecursionStopsAtTheStepBudget() {
        let helpers = [#"""
        import ProjectDescription

        public final class Module {
            public var name = "Kit"
            public var pair = [Module(), Module()]
        }

        public func modules() -> [Target] { modules() + modules() }
        """#]
        let project = TuistManifestReader().read(manifest: Array("""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project(name: "App", targets: [.target(name: Module().name, destinations: .iOS, product: .framework, bundleId: "k")] + modules())
        """.utf8), helpers: helpers.map { Array($0.utf8) }, rootFromManifest: "")
        #expect(project.failure == ManifestNote(message: "evaluation stopped after 1000000 steps (the step budget)", line: 4, column: 1))
        #expect(project.targets.isEmpty)
    }
}

/// The project is the manifest's own: a helper's top-level `let project` (a template file
/// among the helpers) is never taken for it.
struct ManifestProjectTests {
    @Test func aHelpersTopLevelProjectIsNotTheManifests() {
        let helper = "import ProjectDescription\nlet project = Project(name: \"Template\", targets: [.target(name: \"Template\", destinations: .iOS, product: .framework, bundleId: \"t\")])\n"
        let manifest = "import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet protject = Project(name: \"DesignSystem\", targets: [.target(name: \"DesignSystem\", destinations: .iOS, product: .framework, bundleId: \"d\")])\n"
        let project = TuistManifestReader().read(manifest: Array(manifest.utf8), helpers: [Array(helper.utf8)], rootFromManifest: "")
        #expect(project.failure == nil)
        #expect(project.name == "DesignSystem")
        #expect(project.targets.map(\.name) == ["DesignSystem"])
        let none = TuistManifestReader().read(manifest: Array("import ProjectDescription\nimport ProjectDescriptionHelpers\n".utf8), helpers: [Array(helper.utf8)], rootFromManifest: "")
        #expect(none.failure?.message == "no 'let project = Project(…)' found")
    }
}

/// Helpers shared by many manifests are parsed once per run, and what a manifest reports
/// stays at its own lines and columns.
struct SharedHelperTests {
    @Test func helpersSharedByManyManifestsAreParsedOnce() {
        let helper = """
        import ProjectDescription
        extension Project {
            public static func sharedOnce(_ name: String) -> Project {
                Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .framework, bundleId: "b", sources: ["Sources/**"], dependencies: [.unknownHelperCall()])])
            }
        }
        """
        let programs = HelperPrograms()
        var projects: [TuistProject] = []
        for index in 0..<30 {
            let manifest = "import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.sharedOnce(\"M\(index)\")\n"
            projects.append(TuistManifestReader(helperPrograms: programs).read(manifest: Array(manifest.utf8), helpers: [Array(helper.utf8)], rootFromManifest: ""))
        }
        #expect(programs.parses == 1)
        #expect(projects.map(\.name) == (0..<30).map { "M\($0)" })
        #expect(projects[7].targets.map(\.name) == ["M7"])
        // A construct the helper leaves unread is reported where the manifest makes its project.
        #expect(projects[7].notes.allSatisfy { $0.line == 4 }, "\(projects[7].notes)")
    }

    @Test func aManifestsOwnNotesKeepTheirColumns() {
        let manifest = "import ProjectDescription\n\nlet project = Project(name: \"App\", targets: [.target(name: \"App\", destinations: .iOS, product: .app, bundleId: \"a\", sources: mystery)])\n"
        let alone = TuistManifestReader().read(manifest: Array(manifest.utf8), helpers: [], rootFromManifest: "")
        let helped = TuistManifestReader().read(manifest: Array(manifest.utf8), helpers: [Array("import ProjectDescription\nlet unused = 1\n".utf8)], rootFromManifest: "")
        #expect(!alone.notes.isEmpty)
        #expect(helped.notes == alone.notes)
    }
}
