import Testing
@testable import ModlintManifest

/// Manifests that build their targets through their own types: a struct with a static
/// factory, an enum with computed properties and methods that `switch self`, and an
/// instance method that turns each value into a `Target` (swift-collections' shape).
@Suite struct HelperTypeManifestTests {
    static let manifest = """
    // swift-tools-version:5.9
    import PackageDescription

    let shared: [SwiftSetting] = [.define("COLLECTIONS_RANDOMIZED_TESTING")]

    struct CustomTarget {
      enum Kind {
        case exported
        case hidden
        case test
      }

      var kind: Kind
      var name: String
      var dependencies: [Target.Dependency]
      var directory: String
      var settings: [SwiftSetting]
    }

    extension CustomTarget.Kind {
      func path(for name: String) -> String {
        switch self {
        case .exported, .hidden: return "Sources/\\(name)"
        case .test: return "Tests/\\(name)"
        }
      }

      var isTest: Bool {
        switch self {
        case .exported, .hidden: return false
        case .test: return true
        }
      }
    }

    extension CustomTarget {
      static func target(kind: Kind, name: String, dependencies: [Target.Dependency] = [], directory: String? = nil) -> CustomTarget {
        CustomTarget(kind: kind, name: name, dependencies: dependencies, directory: directory ?? name,
                     settings: kind.isTest ? [] : shared)
      }

      func toTarget() -> Target {
        var linkerSettings: [LinkerSetting] = []
        if kind == .test {
          linkerSettings.append(.linkedFramework("XCTest"))
        }
        switch kind {
        case .exported, .hidden:
          return Target.target(name: name, dependencies: dependencies, path: kind.path(for: directory),
                               swiftSettings: settings, linkerSettings: linkerSettings)
        case .test:
          return Target.testTarget(name: name, dependencies: dependencies, path: kind.path(for: directory),
                                   linkerSettings: linkerSettings)
        }
      }
    }

    let targets: [CustomTarget] = [
      .target(kind: .hidden, name: "InternalUtilities"),
      .target(kind: .exported, name: "DequeModule", dependencies: ["InternalUtilities"]),
      .target(kind: .exported, name: "_RopeModule", dependencies: ["InternalUtilities"], directory: "RopeModule"),
      .target(kind: .test, name: "DequeTests", dependencies: ["DequeModule"]),
    ]

    let package = Package(
      name: "swift-collections",
      products: targets.compactMap { t in
        guard t.kind == .exported else { return nil }
        return .library(name: t.name, targets: [t.name])
      },
      targets: targets.map { $0.toTarget() })
    """

    @Test func everyTargetAndEdgeResolves() {
        let manifest = ManifestReader().read(bytes: Array(Self.manifest.utf8))
        #expect(manifest.notes.isEmpty, "\(manifest.notes)")
        #expect(manifest.targets.map(\.name) == ["InternalUtilities", "DequeModule", "_RopeModule", "DequeTests"])
        #expect(manifest.targets.map(\.kind) == [.regular, .regular, .regular, .test])
        #expect(manifest.targets.map(\.path) == ["Sources/InternalUtilities", "Sources/DequeModule", "Sources/RopeModule", "Tests/DequeTests"])
        #expect(manifest.targets.map { $0.dependencies.map(\.name) } == [[], ["InternalUtilities"], ["InternalUtilities"], ["DequeModule"]])
        #expect(manifest.targets.map(\.hasLinkerSettings) == [false, false, false, true])
        #expect(manifest.products.map(\.name) == ["DequeModule", "_RopeModule"])
        #expect(manifest.flagCandidates.contains("COLLECTIONS_RANDOMIZED_TESTING"))
    }

    /// Spezi's manifests add their lint plugin through functions whose body is an
    /// if-expression: each branch's expression is the result (the package list is kept).
    @Test func ifExpressionBodiesReturnTheirBranch() {
        let manifest = ManifestReader().read(bytes: Array("""
        // swift-tools-version:5.9
        import class Foundation.ProcessInfo
        import PackageDescription

        let package = Package(
            name: "SpeziAccount",
            dependencies: [
                .package(url: "https://github.com/StanfordSpezi/SpeziViews.git", from: "1.12.4"),
            ] + swiftLintPackage(),
            targets: [
                .target(name: "SpeziAccount", dependencies: [.product(name: "SpeziValidation", package: "SpeziViews")],
                        plugins: [] + swiftLintPlugin()),
            ]
        )

        func swiftLintPlugin() -> [Target.PluginUsage] {
            if ProcessInfo.processInfo.environment["SPEZI_DEVELOPMENT_SWIFTLINT"] != nil {
                [.plugin(name: "SwiftLintBuildToolPlugin", package: "SwiftLint")]
            } else {
                []
            }
        }

        func swiftLintPackage() -> [PackageDescription.Package.Dependency] {
            switch ProcessInfo.processInfo.environment["SPEZI_DEVELOPMENT_SWIFTLINT"] {
            case nil: []
            default: [.package(url: "https://github.com/SimplyDanny/SwiftLintPlugins.git", from: "0.61.0")]
            }
        }
        """.utf8))
        #expect(manifest.dependencies.map(\.identity) == ["speziviews"])
        #expect(manifest.targets.map { $0.dependencies.map(\.name) } == [["SpeziValidation"]])
        #expect(manifest.targets.map(\.plugins) == [[]])
        #expect(manifest.notes.allSatisfy { $0.message.contains("environment variable") }, "\(manifest.notes)")
    }

    /// Helpers that build a target through `self.target(…)` or a bare `target(…)` inside
    /// `extension Target`, an `Array` extension on a dependency list, and a top-level
    /// function that appends a product built from `package.targets` names: every target,
    /// edge and product resolves, with no note.
    @Test func targetFactoryHelpersResolve() {
        let manifest = ManifestReader().read(bytes: Array("""
        // swift-tools-version:5.9
        import PackageDescription

        extension PackageDescription.Target {
            static func featureTarget(name: String, dependencies: [Dependency] = []) -> PackageDescription.Target {
                self.target(name: name, dependencies: dependencies + ["A"])
            }
            static func core(name: String) -> Target {
                target(name: name, path: "Core/\\(name)")
            }
        }

        extension Array where Element == Target.Dependency {
            func appendingDebugDependencies(_ extra: [Target.Dependency]) -> [Target.Dependency] {
                self + extra
            }
        }

        extension [Target.Dependency] {
            func withLogging() -> [Target.Dependency] { self + ["Logging"] }
        }

        let package = Package(
            name: "P",
            targets: [
                .target(name: "A"),
                .featureTarget(name: "B", dependencies: ["C"]),
                .core(name: "C"),
                .target(name: "D", dependencies: ["B"].appendingDebugDependencies(["C"]).withLogging()),
                .target(name: "Logging"),
            ]
        )

        func addUmbrellaProduct() {
            package.products.append(.library(name: "All", targets: package.targets.map { $0.name }))
        }
        addUmbrellaProduct()
        """.utf8))
        #expect(manifest.notes.isEmpty, "\(manifest.notes)")
        #expect(manifest.targets.map(\.name) == ["A", "B", "C", "D", "Logging"])
        #expect(manifest.targets.map(\.path) == [nil, nil, "Core/C", nil, nil])
        #expect(manifest.targets.map { $0.dependencies.map(\.name) } == [[], ["C", "A"], [], ["B", "C", "Logging"], []])
        #expect(manifest.products.map(\.name) == ["All"])
        #expect(manifest.products.first?.targets == ["A", "B", "C", "D", "Logging"])
    }

    /// An `Array` extension whose body calls `filter` on its implicit `self`
    /// (OpenCombine's `supportedPlatforms.except([.wasi])`).
    @Test func arrayExtensionMethodsCallMethodsOfSelf() {
        let manifest = ManifestReader().read(bytes: Array("""
        // swift-tools-version:5.9
        import PackageDescription

        let supportedPlatforms: [Platform] = [.iOS, .macOS, .wasi]

        let package = Package(
            name: "P",
            targets: [
                .target(name: "A", dependencies: [
                    .target(name: "B", condition: .when(platforms: supportedPlatforms.except([.wasi]))),
                ]),
                .target(name: "B"),
            ]
        )

        extension Array where Element == Platform {
            func except(_ exceptions: [Platform]) -> [Platform] {
                return filter { !exceptions.contains($0) }
            }
        }
        """.utf8))
        #expect(manifest.notes.isEmpty, "\(manifest.notes)")
        #expect(manifest.targets.first?.dependencies.first?.platforms == ["ios", "macos"])
    }

    /// A function that collects target names into a `Set<String>()` and appends a
    /// product of them (prose-app-macos's preview library): `Set<String>()` is a value, not
    /// a comparison, and `insert` adds each name once.
    @Test func productsBuiltFromTargetNamesInASet() {
        let manifest = ManifestReader().read(bytes: Array("""
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "P",
            targets: [.target(name: "HomeFeature"), .target(name: "ChatFeature"), .target(name: "Core")]
        )

        func addPreviewLibrary() {
            var features = Set<String>()
            for target in package.targets {
                if target.name.hasSuffix("Feature") {
                    features.insert(target.name)
                    features.insert(target.name)
                }
            }
            let empty = [String]()
            package.products.append(.library(name: "Previews", targets: Array(features) + empty + ["Core"]))
        }

        addPreviewLibrary()
        """.utf8))
        #expect(manifest.notes.isEmpty, "\(manifest.notes)")
        #expect(manifest.products.map(\.name) == ["Previews"])
        #expect(manifest.products.first?.targets == ["HomeFeature", "ChatFeature", "Core"])
    }

    /// A helper struct with two initialisers told apart by their parameter types (`[Item]`
    /// against `[Target.Dependency]`), one delegating to the other through `self.init`;
    /// static members of the same name on both types, resolved by the contextual type;
    /// `.init(stringLiteral:)`; and key paths as functions (`map(\.target)`).
    @Test func overloadsAndImplicitMembersFollowTheParameterTypes() {
        let manifest = ManifestReader().read(bytes: Array("""
        // swift-tools-version:5.5
        import PackageDescription

        extension Item {
            static let a = Item(name: "A", dependencies: [.b, .logging])
            static let b = Item(name: "B", dependencies: [Item.c.dependency, .logging])
            static var c: Item { .init(name: "C") }
            static var logging: Item { .init(name: "Logging") }
        }

        extension Target.Dependency {
            static var logging: Self { .product(name: "Logging", package: "swift-log") }
        }

        let items: [Item] = [.a, .b, .c]

        let package = Package(
            name: "P",
            products: items.map(\\.library),
            targets: items.map(\\.target)
        )

        struct Item {
            let name: String
            let dependency: Target.Dependency
            let dependencies: [Target.Dependency]

            init(name: String, dependency: Target.Dependency? = nil, dependencies: [Target.Dependency] = []) {
                self.name = name
                self.dependency = dependency ?? .init(stringLiteral: name)
                self.dependencies = dependencies
            }

            var library: Product { Product.library(name: name, targets: [name]) }
            var target: Target { Target.target(name: name, dependencies: dependencies) }
        }

        extension Item {
            init(name: String, dependencies: [Item]) {
                self.init(name: name, dependency: nil, dependencies: dependencies.map(\\.dependency))
            }
        }
        """.utf8))
        #expect(manifest.notes.isEmpty, "\(manifest.notes)")
        #expect(manifest.targets.map(\.name) == ["A", "B", "C"])
        // `.logging` is `Item.logging` (the target) in `[Item]`, the product in `[Target.Dependency]`.
        #expect(manifest.targets.map { $0.dependencies.map(\.name) } == [["B", "Logging"], ["C", "Logging"], []])
        #expect(manifest.targets[1].dependencies.map(\.kind) == [.byName("C"), .product(name: "Logging", package: "swift-log")])
        #expect(manifest.products.map(\.name) == ["A", "B", "C"])
    }
}
