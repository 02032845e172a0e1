import ModlintTestSupport
import Testing
@testable import ModlintManifest

private let linux = BuildEnvironment(os: "linux", arch: "x86_64", swiftVersion: [6, 3, 1],
                                     importableModules: ["Foundation", "Glibc", "PackageDescription"])
private let macOS = BuildEnvironment(os: "macos", arch: "arm64", swiftVersion: [6, 3, 1],
                                     importableModules: ["Foundation", "Darwin", "PackageDescription"])

private func read(_ text: String, _ environment: BuildEnvironment = linux) -> PackageManifest {
    ManifestReader(environment: environment).read(bytes: Array(text.utf8))
}

private func dep(_ kind: TargetDependency.Kind, _ line: Int, _ column: Int, platforms: [String]? = nil) -> TargetDependency {
    TargetDependency(kind: kind, platforms: platforms, line: line, column: column)
}

@Suite struct ToolsVersionTests {
    @Test(arguments: [
        ("// swift-tools-version:5.9\n", "5.9"),
        ("// swift-tools-version: 6.0\n", "6.0"),
        ("//swift-tools-version:5.10.0\n", "5.10.0"),
        ("// Swift-Tools-Version:5.3\n", "5.3"),
        ("// swift-tools-version:5.7; swift-language-version: 6\n", "5.7"),
        ("\u{FEFF}\n\n// swift-tools-version:6.1\n", "6.1"),
        ("//  swift-tools-version : 4.2\n", "4.2"),
    ])
    func spellings(_ input: String, _ expected: String) {
        #expect(ManifestReader.toolsVersion(in: Array(input.utf8)) == expected)
    }

    @Test func missing() {
        #expect(ManifestReader.toolsVersion(in: Array("import PackageDescription\n".utf8)) == nil)
        let manifest = read("import PackageDescription\nlet package = Package(name: \"A\")\n")
        #expect(manifest.notes == [ManifestNote(message: "missing '// swift-tools-version:' line", line: 1, column: 1)])
    }
}

@Suite struct ManifestReaderTests {
    @Test func everyTargetKindAndArgument() {
        var manifest = read("""
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            targets: [
                .target(name: "Core", dependencies: [], path: "Sources/CoreLib", exclude: ["README.md"], sources: ["a.swift"],
                        resources: [.process("Assets")], plugins: [.plugin(name: "Lint", package: "lint-plugin"), "Gen"]),
                .executableTarget(name: "Tool", dependencies: ["Core"]),
                .testTarget(name: "CoreTests", dependencies: [.target(name: "Core")]),
                .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
                .binaryTarget(name: "Blob", url: "https://example.com/b.zip", checksum: "abc"),
                .plugin(name: "Gen", capability: .buildTool()),
                .macro(name: "Macros", dependencies: [.product(name: "SwiftSyntaxMacros", package: "swift-syntax")]),
            ],
            name: "Kinds",
            products: [
                .library(name: "Core", type: .dynamic, targets: ["Core"]),
                .executable(name: "tool", targets: ["Tool"]),
                .plugin(name: "GenPlugin", targets: ["Gen"]),
            ]
        )
        """)
        #expect(manifest.flagCandidates.isSuperset(of: ["Kinds", "Core", "zlib", "Assets"]))
        manifest.flagCandidates = []
        #expect(manifest == PackageManifest(
            name: "Kinds", toolsVersion: "5.9",
            products: [
                ManifestProduct(name: "Core", kind: .library, targets: ["Core"], line: 17),
                ManifestProduct(name: "tool", kind: .executable, targets: ["Tool"], line: 18),
                ManifestProduct(name: "GenPlugin", kind: .plugin, targets: ["Gen"], line: 19),
            ],
            targets: [
                ManifestTarget(name: "Core", kind: .regular, path: "Sources/CoreLib", sources: ["a.swift"], exclude: ["README.md"],
                               plugins: ["Lint", "Gen"], hasResources: true, resources: ["Assets"], line: 6),
                ManifestTarget(name: "Tool", kind: .executable, dependencies: [dep(.byName("Core"), 8, 56)], line: 8),
                ManifestTarget(name: "CoreTests", kind: .test, dependencies: [dep(.target("Core"), 9, 55)], line: 9),
                ManifestTarget(name: "CZlib", kind: .system, line: 10),
                ManifestTarget(name: "Blob", kind: .binary, line: 11),
                ManifestTarget(name: "Gen", kind: .plugin, line: 12),
                ManifestTarget(name: "Macros", kind: .macro,
                               dependencies: [dep(.product(name: "SwiftSyntaxMacros", package: "swift-syntax"), 13, 47)], line: 13),
            ]
        ))
    }

    @Test func dependencyFormsAndConditions() {
        let manifest = read("""
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(name: "P", targets: [
            .target(name: "A", dependencies: [
                "B",
                .target(name: "C", condition: .when(platforms: [.linux, .macOS])),
                .product(name: "NIO", package: "swift-nio", condition: .when(platforms: [.iOS])),
                .product(name: "Logging"),
                .byName(name: "D", condition: .when(traits: ["Fast"])),
                Target.Dependency.product(name: "X", package: "x"),
                .byName(name: "E"),
            ]),
        ])
        """)
        #expect(manifest.notes.isEmpty)
        #expect(manifest.targets.first?.dependencies == [
            dep(.byName("B"), 5, 9),
            dep(.target("C"), 6, 9, platforms: ["linux", "macos"]),
            dep(.product(name: "NIO", package: "swift-nio"), 7, 9, platforms: ["ios"]),
            dep(.product(name: "Logging", package: nil), 8, 9),
            dep(.byName("D"), 9, 9),
            dep(.product(name: "X", package: "x"), 10, 9),
            dep(.byName("E"), 11, 9),
        ])
    }

    @Test func packageDependencies() {
        let manifest = read("""
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "P",
            dependencies: [
                .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
                .package(url: "https://github.com/apple/swift-log", exact: "1.5.0"),
                .package(url: "git@github.com:pointfreeco/Swift-Case-Paths.git", branch: "main"),
                .package(url: "https://example.com/a/b/", revision: "abc"),
                .package(url: "https://github.com/x/range", "1.0.0"..<"2.0.0"),
                .package(url: "https://github.com/x/req", .upToNextMajor(from: "1.0.0")),
                .package(name: "Legacy", url: "https://github.com/x/legacy-kit.git", from: "1.0.0"),
                .package(path: "../Local/CoreKit"),
                .package(id: "Mona.LinkedList", from: "1.0.0"),
                Package.Dependency.package(path: "Vendor"),
            ]
        )
        """)
        #expect(manifest.dependencies == [
            PackageDependency(location: .url("https://github.com/apple/swift-nio.git"), identity: "swift-nio", line: 6),
            PackageDependency(location: .url("https://github.com/apple/swift-log"), identity: "swift-log", line: 7),
            PackageDependency(location: .url("git@github.com:pointfreeco/Swift-Case-Paths.git"), identity: "swift-case-paths", line: 8),
            PackageDependency(location: .url("https://example.com/a/b/"), identity: "b", line: 9),
            PackageDependency(location: .url("https://github.com/x/range"), identity: "range", line: 10),
            PackageDependency(location: .url("https://github.com/x/req"), identity: "req", line: 11),
            PackageDependency(location: .url("https://github.com/x/legacy-kit.git"), identity: "legacy-kit", name: "Legacy", line: 12),
            PackageDependency(location: .path("../Local/CoreKit"), identity: "corekit", line: 13),
            PackageDependency(location: .registry("Mona.LinkedList"), identity: "mona.linkedlist", line: 14),
            PackageDependency(location: .path("Vendor"), identity: "vendor", line: 15),
        ])
        #expect(manifest.notes.isEmpty)
        let resolved = ManifestReader(environment: linux).read(
            bytes: Array("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", dependencies: [.package(path: \"..\")])\n".utf8),
            packageDirectory: "/src/Parent/Child")
        #expect(resolved.dependencies.map(\.identity) == ["parent"])
    }

    @Test func constantsConcatenationAndAppends() {
        let manifest = read("""
        // swift-tools-version:5.9
        import PackageDescription

        let nio: Target.Dependency = .product(name: "NIO", package: "swift-nio")
        var commonDeps: [Target.Dependency] = ["Shared", nio]
        commonDeps.append("Extra")
        commonDeps += [.target(name: "More")]
        let excluded = ["Info.plist"]
        var targets: [Target] = [
            .target(name: "App", dependencies: commonDeps + ["Last"], exclude: excluded + ["x.md"]),
        ]
        targets.append(contentsOf: [.target(name: "Shared")])
        let package = Package(name: "Consts", targets: targets)
        package.targets.append(.testTarget(name: "AppTests", dependencies: ["App"]))
        package.dependencies += [.package(url: "https://github.com/apple/swift-nio", from: "2.0.0")]
        package.products.append(.library(name: "App", targets: ["App"]))
        """)
        #expect(manifest.notes.isEmpty)
        #expect(manifest.targets.map(\.name) == ["App", "Shared", "AppTests"])
        #expect(manifest.targets[0].dependencies.map(\.kind) == [
            .byName("Shared"), .product(name: "NIO", package: "swift-nio"), .byName("Extra"), .target("More"), .byName("Last"),
        ])
        #expect(manifest.targets[0].exclude == ["Info.plist", "x.md"])
        #expect(manifest.targets[2] == ManifestTarget(name: "AppTests", kind: .test, dependencies: [dep(.byName("App"), 14, 69)], line: 14))
        #expect(manifest.dependencies.map(\.identity) == ["swift-nio"])
        #expect(manifest.products == [ManifestProduct(name: "App", kind: .library, targets: ["App"], line: 16)])
    }

    @Test func mapHelpersAndStaticMembers() {
        let manifest = read("""
        // swift-tools-version:5.9
        import PackageDescription

        extension Target.Dependency {
            static let nio = Self.product(name: "NIO", package: "swift-nio")
            static var logging: Self { .product(name: "Logging", package: "swift-log") }
        }

        func feature(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
            .target(name: name, dependencies: dependencies + [.nio], path: "Features/\\(name)")
        }

        func tests(for name: String) -> Target {
            return .testTarget(name: "\\(name)Tests", dependencies: [.target(name: name)])
        }

        let features = ["Login", "Feed"]
        let package = Package(
            name: "App",
            targets: features.map { feature($0) }
                + features.map(tests(for:))
                + [.target(name: "Core", dependencies: ["A", "B"].map { .target(name: $0) } + [.logging])]
                + ["X"].map { name in Target.target(name: name) }
        )
        """)
        #expect(manifest.notes.isEmpty)
        #expect(manifest.targets.map(\.name) == ["Login", "Feed", "LoginTests", "FeedTests", "Core", "X"])
        #expect(manifest.targets[0].path == "Features/Login")
        #expect(manifest.targets[0].dependencies.map(\.kind) == [.product(name: "NIO", package: "swift-nio")])
        #expect(manifest.targets[2].kind == .test)
        #expect(manifest.targets[2].dependencies.map(\.kind) == [.target("Login")])
        #expect(manifest.targets[4].dependencies.map(\.kind) == [
            .target("A"), .target("B"), .product(name: "Logging", package: "swift-log"),
        ])
    }

    @Test func conditionalCompilation() {
        let text = """
        // swift-tools-version:5.9
        import PackageDescription

        var deps: [Target.Dependency] = []
        #if os(Linux) && !canImport(Darwin)
        deps.append("LinuxOnly")
        #elseif os(macOS) || os(iOS)
        deps.append("AppleOnly")
        #else
        deps.append("Other")
        #endif
        #if swift(>=5.9) && compiler(<7.0)
        deps.append("New")
        #endif
        #if (canImport(Foundation) && !MY_FLAG) || false
        deps.append("Flagless")
        #endif
        let package = Package(name: "C", targets: [.target(name: "T", dependencies: deps)])
        """
        #expect(read(text, linux).targets[0].dependencies.map(\.name) == ["LinuxOnly", "New", "Flagless"])
        #expect(read(text, macOS).targets[0].dependencies.map(\.name) == ["AppleOnly", "New", "Flagless"])
        var flagged = linux
        flagged.flags = ["MY_FLAG"]
        flagged.swiftVersion = [5, 8]
        #expect(read(text, flagged).targets[0].dependencies.map(\.name) == ["LinuxOnly"])
    }

    @Test func environmentChecksTakeTheDefaultPath() {
        let manifest = read("""
        // swift-tools-version:5.9
        import PackageDescription
        import Foundation

        let package = Package(name: "E", targets: [.target(name: "T")])
        if ProcessInfo.processInfo.environment["USE_LOCAL_DEPS"] == nil {
            package.dependencies += [.package(url: "https://github.com/apple/swift-nio", from: "2.0.0")]
        } else {
            package.dependencies += [.package(path: "../swift-nio")]
        }
        if Context.environment["EXTRA"] != nil {
            package.targets.append(.target(name: "Extra"))
        }
        """)
        #expect(manifest.dependencies.map(\.identity) == ["swift-nio"])
        #expect(manifest.targets.map(\.name) == ["T"])
        #expect(manifest.notes == [
            ManifestNote(message: "reads environment variable 'USE_LOCAL_DEPS'; evaluated as unset", line: 6, column: 4),
            ManifestNote(message: "reads environment variable 'EXTRA'; evaluated as unset", line: 11, column: 4),
        ])
    }

    @Test func loopsOverTargets() {
        let manifest = read("""
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "L", targets: [
            .target(name: "A"),
            .testTarget(name: "ATests", dependencies: ["A"]),
        ])
        for target in package.targets where target.type != .test {
            target.dependencies.append(.product(name: "Log", package: "swift-log"))
        }
        for target in package.targets {
            switch target.type {
            case .regular, .executable:
                target.swiftSettings = [.define("X")]
            case .test:
                target.dependencies += ["Helpers"]
            default:
                break
            }
        }
        """)
        #expect(manifest.notes.isEmpty)
        #expect(manifest.targets[0].dependencies.map(\.name) == ["Log"])
        #expect(manifest.targets[1].dependencies.map(\.name) == ["A", "Helpers"])
    }

    @Test func unresolvableConstructsBecomeNotes() {
        let manifest = read("""
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "N",
            targets: [
                .target(name: "A", dependencies: [someDependency, "B"]),
                makeTarget(),
                .target(name: computedName),
            ]
        )
        """)
        var incomplete = ManifestTarget(name: "A", kind: .regular, dependencies: [dep(.byName("B"), 6, 59)], line: 6)
        incomplete.dependenciesIncomplete = true
        #expect(manifest.targets == [incomplete])
        #expect(manifest.notes == [
            ManifestNote(message: "dependency of 'A': cannot resolve 'someDependency'", line: 6, column: 43),
            ManifestNote(message: "target: cannot resolve function 'makeTarget'", line: 7, column: 9),
            ManifestNote(message: "target name: cannot resolve 'computedName'", line: 8, column: 23),
        ])
    }
}

@Suite struct ManifestLocatorTests {
    @Test func picksHighestCompatibleVariant() {
        let names = ["Package.swift", "Package@swift-5.9.swift", "Package@swift-6.swift", "Package@swift-6.3.1.swift",
                     "Package@swift-6.4.swift", "Package@swift-6.3.2.swift", "README.md"]
        #expect(ManifestLocator.manifestFileName(in: names) == "Package@swift-6.3.1.swift")
        #expect(ManifestLocator.manifestFileName(in: names, toolsVersion: [6, 2]) == "Package@swift-6.swift")
        #expect(ManifestLocator.manifestFileName(in: names, toolsVersion: [5, 10]) == "Package@swift-5.9.swift")
        #expect(ManifestLocator.manifestFileName(in: names, toolsVersion: [5, 8]) == "Package.swift")
        #expect(ManifestLocator.manifestFileName(in: ["Package@swift-7.swift", "Package.swift"]) == "Package.swift")
        #expect(ManifestLocator.manifestFileName(in: ["Sources"]) == nil)
        #expect(ManifestLocator.manifestFileName(in: ["Package@swift-5.swift"]) == "Package@swift-5.swift")
    }

    @Test func variantNames() {
        #expect(ManifestLocator.version(ofVariant: "Package@swift-5.10.swift") == [5, 10, 0])
        #expect(ManifestLocator.version(ofVariant: "Package@swift-6.swift") == [6, 0, 0])
        #expect(ManifestLocator.version(ofVariant: "Package@swift-5.9.1.swift") == [5, 9, 1])
        #expect(ManifestLocator.version(ofVariant: "Package@swift-.swift") == nil)
        #expect(ManifestLocator.version(ofVariant: "Package@swift-5.x.swift") == nil)
        #expect(ManifestLocator.version(ofVariant: "Package@swift-1.2.3.4.swift") == nil)
        #expect(ManifestLocator.version(ofVariant: "Package.swift") == nil)
    }
}

@Suite struct ManifestRobustnessTests {
    @Test func emptyAndBrokenInput() {
        #expect(read("").name == "")
        #expect(!read("").notes.isEmpty)
        let unbalanced = read("// swift-tools-version:5.9\nlet package = Package(name: \"U\", targets: [.target(name: \"A\"\n")
        #expect(unbalanced.name == "U")
        #expect(unbalanced.targets.map(\.name) == ["A"])
        _ = read("]]]})))) let package = Package(name: ")
        _ = read("#if os(\n#endif\n#else\n")
        _ = read("let package = Package(name: \"\\(\"\\(\"\\(x\")\")\")")
    }

    @Test func deepNestingIsLimited() {
        let deep = "// swift-tools-version:5.9\nlet x = " + String(repeating: "[", count: 100_000) + "\nlet package = Package(name: \"D\")\n"
        let manifest = read(deep)
        #expect(manifest.notes.contains { $0.message.contains("nesting deeper than") })
        let parens = "let package = Package(name: " + String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000) + ")"
        #expect(!read(parens).notes.isEmpty)
        let closures = "let x = " + String(repeating: "{ ", count: 50_000)
        _ = read(closures)
        let recursion = "// swift-tools-version:5.9\nfunc f(_ x: String) -> String { f(x) }\nlet package = Package(name: f(\"a\"))\n"
        #expect(!read(recursion).notes.isEmpty)
        let bang = "#if " + String(repeating: "!", count: 10_000) + "os(Linux)\n#endif\nlet package = Package(name: \"B\")\n"
        #expect(read(bang).name == "B")
    }

    /// Seeded, so that a failure can be reproduced: the seed is in the test's name.
    @Test(arguments: [0x5EED_0001 as UInt64, 0x5EED_0002])
    func randomBytes(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("[](){}.,:\"\\#$0 \n=+letvarfuncifPackage(name:".utf8)
        for round in 0..<200 {
            let count = Int.random(in: 0..<2_000, using: &generator)
            let bytes: [UInt8] = (0..<count).map { _ in
                round % 2 == 0 ? UInt8.random(in: 0...255, using: &generator) : alphabet.randomElement(using: &generator)!
            }
            _ = ManifestReader(environment: linux).read(bytes: bytes)
        }
    }
}
