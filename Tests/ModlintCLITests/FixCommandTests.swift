import Foundation
import ModlintTestSupport
import Testing

/// `modlint fix` end to end: a dry run that changes nothing, the edits, a second run that
/// is a no-op, a lint that no longer reports what was fixed, exit codes, Xcode projects
/// left alone, and `lint --fix`.
@Suite struct FixCommandTests {
    static let files: [(String, String)] = [
        ("App/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "App",
            targets: [
                .target(
                    name: "Feature",
                    dependencies: [
                        "Legacy", // kept until the migration
                    ]
                ),
                .target(name: "Models"),
                .target(name: "Legacy"),
            ]
        )

        """),
        ("App/Sources/Feature/Feature.swift", "import Models\nimport Kit\n#if os(iOS)\nimport Legacy\n#endif\n"),
        ("App/Sources/Models/Models.swift", "public struct Model {}\n"),
        ("App/Sources/Legacy/Legacy.swift", "public struct Old {}\n"),
        ("Kit/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])

        """),
        ("Kit/Sources/Kit/Kit.swift", "public struct Kit {}\n"),
    ]

    static let fixed = """
    // swift-tools-version:5.9
    import PackageDescription

    let package = Package(
        name: "App",
        dependencies: [.package(path: "../Kit")],
        targets: [
            .target(
                name: "Feature",
                dependencies: [
                    "Legacy", // kept until the migration
                    "Models",
                    .product(name: "Kit", package: "Kit"),
                ]
            ),
            .target(name: "Models"),
            .target(name: "Legacy"),
        ]
    )

    """

    @Test func dryRunThenFixThenNothingLeft() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let original = try directory.read("App/Package.swift")

        let dryRun = try CLI.run(["fix", "--no-cache", "--dry-run", directory.path])
        #expect(dryRun.exitCode == 1)   // two undeclared imports break the build today
        #expect(try directory.read("App/Package.swift") == original)
        #expect(dryRun.standardOutput == """
        --- a/App/Package.swift
        +++ b/App/Package.swift
        @@ -3,11 +3,14 @@
         
         let package = Package(
             name: "App",
        +    dependencies: [.package(path: "../Kit")],
             targets: [
                 .target(
                     name: "Feature",
                     dependencies: [
                         "Legacy", // kept until the migration
        +                "Models",
        +                .product(name: "Kit", package: "Kit"),
                     ]
                 ),
                 .target(name: "Models"),

        """)
        #expect(dryRun.standardError == """
        App/Package.swift: target Feature: would add "Models"
        App/Package.swift: target Feature: would add .product(name: "Kit", package: "Kit") and .package(path: "../Kit")
        modlint: would make 2 edits in 1 manifest

        """)

        let fix = try CLI.run(["fix", "--no-cache", directory.path])
        #expect(fix.exitCode == 0, "\(fix.standardError)")
        #expect(try directory.read("App/Package.swift") == Self.fixed)
        #expect(fix.standardOutput.hasPrefix("App/Package.swift: target Feature: added \"Models\"\n"))
        #expect(fix.standardError == "modlint: after fixing: 0 errors, 0 warnings, 0 notes\n")

        let again = try CLI.run(["fix", "--no-cache", directory.path])
        #expect(again.exitCode == 0)
        #expect(again.standardOutput == "modlint: made 0 edits in 0 manifests\n")
        #expect(try directory.read("App/Package.swift") == Self.fixed)

        let lint = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(lint.exitCode == 0)
        #expect(!lint.standardOutput.contains("undeclared-import"))
    }

    /// `Legacy` is imported only on iOS: it is no unused dependency. Removing one that
    /// nothing imports takes its line; a platform-only import gets a condition.
    @Test func removeUnusedAndPlatformConditions() throws {
        var files = Self.files
        files[1] = ("App/Sources/Feature/Feature.swift", "#if os(iOS) || os(visionOS)\nimport Models\n#endif\n")
        let directory = try TemporaryDirectory(files: files)
        defer { directory.remove() }
        let fix = try CLI.run(["fix", "--no-cache", "--remove-unused", directory.path])
        #expect(fix.exitCode == 0, "\(fix.standardError)")
        #expect(try directory.read("App/Package.swift").contains("""
                    dependencies: [
                        .target(name: "Models", condition: .when(platforms: [.iOS, .visionOS])),
                    ]
        """))
    }

    /// A `…Live` module that only provides `extension Client: DependencyKey { static let
    /// liveValue }` is imported by nobody, yet removing it would still build and ship the
    /// test value: `fix --remove-unused` keeps it, and lint says why (a note, not a warning).
    /// An XcodeGen target declared in an included file is fixed in that file; the lint
    /// that follows is clean.
    @Test func xcodeGenTargetsAreFixedInTheFileThatDeclaresThem() throws {
        let directory = try TemporaryDirectory(files: [
            ("project.yml", "name: App\ninclude:\n  - path: Targets/feature.yml\n    relativePaths: false\ntargets:\n  Kit:\n    type: framework\n    platform: iOS\n    sources: [Kit]\n"),
            ("Targets/feature.yml", "targets:\n  Feature:\n    type: framework\n    platform: iOS\n    sources: [Feature]\n    dependencies:\n      - sdk: UIKit.framework\n"),
            ("Kit/Kit.swift", "public struct Kit {}\n"),
            ("Feature/Feature.swift", "import Kit\n"),
        ])
        defer { directory.remove() }
        let fix = try CLI.run(["fix", "--no-cache", directory.path])
        #expect(fix.exitCode == 0)
        #expect(fix.standardOutput.contains("Targets/feature.yml: target Feature: added target: Kit\n"), "\(fix.standardOutput)")
        #expect(try String(contentsOfFile: directory.path + "/Targets/feature.yml", encoding: .utf8)
            == "targets:\n  Feature:\n    type: framework\n    platform: iOS\n    sources: [Feature]\n    dependencies:\n      - sdk: UIKit.framework\n      - target: Kit\n")
        let lint = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(lint.exitCode == 0, "\(lint.standardOutput)")
    }

    @Test func removeUnusedKeepsLiveImplementationModules() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "App",
                targets: [
                    .target(name: "Client"),
                    .target(name: "ClientLive", dependencies: ["Client"]),
                    .target(name: "Unused"),
                    .target(name: "Feature", dependencies: ["Client", "ClientLive", "Unused"]),
                ]
            )

            """),
            ("Sources/Client/Client.swift", """
            import Dependencies
            public struct Client { public var fetch: () -> String }
            extension Client: TestDependencyKey { public static let testValue = Client(fetch: { "test" }) }
            """),
            ("Sources/ClientLive/Live.swift", """
            import Client
            import Dependencies
            extension Client: DependencyKey {
                public static let liveValue = Client(fetch: { "live" })
            }
            """),
            ("Sources/Unused/Unused.swift", "public struct Nothing {}\n"),
            ("Sources/Feature/Feature.swift", "import Client\n"),
        ])
        defer { directory.remove() }
        let lint = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(lint.standardOutput.contains("""
        Package.swift:10:59: note: Feature imports nothing from ClientLive, but the dependency is kept: it provides the live value \
        of Client (Sources/ClientLive/Live.swift:4); removing it would still build and change what runs [unused-dependency]
        """), "\(lint.standardOutput)")
        #expect(lint.standardOutput.contains("Package.swift:10:73: warning: Feature declares a dependency on Unused"), "\(lint.standardOutput)")
        let fix = try CLI.run(["fix", "--no-cache", "--remove-unused", directory.path])
        #expect(fix.exitCode == 0, "\(fix.standardError)")
        let manifest = try directory.read("Package.swift")
        #expect(manifest.contains(#".target(name: "Feature", dependencies: ["Client", "ClientLive"]),"#), "\(manifest)")
    }

    /// `--remove-unused` keeps an edge that another import builds through: Feature
    /// imports Models, which it reaches only through Core -> Kit (nothing in Core imports
    /// Kit), and App imports Shared through either of two edges it never imports from
    /// (one of them goes, the other stays). Every import that built still builds: no
    /// undeclared-import error after the fix.
    @Test func removeUnusedKeepsEdgesThatOtherImportsBuildThrough() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "App",
                targets: [
                    .target(name: "Models"),
                    .target(name: "Kit", dependencies: ["Models"]),
                    .target(name: "Core", dependencies: ["Kit"]),
                    .target(name: "Feature", dependencies: ["Core"]),
                    .target(name: "Shared"),
                    .target(name: "Left", dependencies: ["Shared"]),
                    .target(name: "Right", dependencies: ["Shared"]),
                    .target(name: "App", dependencies: ["Left", "Right"]),
                ]
            )
            """),
            ("Sources/Models/Model.swift", "public struct Model {}\n"),
            ("Sources/Kit/Kit.swift", "import Models\n"),
            ("Sources/Core/Core.swift", "public struct Core {}\n"),
            ("Sources/Feature/Feature.swift", "import Core\nimport Models\n"),
            ("Sources/Shared/Shared.swift", "public struct Shared {}\n"),
            ("Sources/Left/Left.swift", "import Shared\n"),
            ("Sources/Right/Right.swift", "import Shared\n"),
            ("Sources/App/App.swift", "import Shared\n"),
        ])
        defer { directory.remove() }
        let fix = try CLI.run(["fix", "--no-cache", "--remove-unused", directory.path])
        #expect(fix.exitCode == 0, "\(fix.standardError)")
        #expect(fix.standardOutput.contains("Package.swift: target App: removed Left\n"), "\(fix.standardOutput)")
        #expect(fix.standardOutput.contains("""
        Package.swift:9: kept: Core imports nothing from Kit, but the dependency is kept: Feature imports Models through Core -> Kit; \
        removing it would break that import
        """), "\(fix.standardOutput)")
        #expect(fix.standardOutput.contains("""
        Package.swift:14: kept: App imports nothing from Right, but the dependency is kept: App imports Shared through App -> Right;
        """), "\(fix.standardOutput)")
        let manifest = try directory.read("Package.swift")
        #expect(manifest.contains(#".target(name: "Core", dependencies: ["Kit"]),"#), "\(manifest)")
        #expect(manifest.contains(#".target(name: "App", dependencies: ["Right"]),"#), "\(manifest)")
        let lint = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(lint.exitCode == 0, "\(lint.standardOutput)")
        #expect(!lint.standardOutput.contains("error:"), "\(lint.standardOutput)")
    }

    /// `fix` never declares an edge the configuration bans: the features are independent
    /// siblings, so HomeFeature's import of ProfileFeature stays an error whose advice moves
    /// the import, and the manifest is left as it was.
    @Test func fixNeverDeclaresAnEdgeTheLayersBan() throws {
        let manifest = """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "App",
            targets: [
                .target(name: "HomeFeature"),
                .target(name: "ProfileFeature"),
            ]
        )
        """
        let directory = try TemporaryDirectory(files: [
            (".modlint.yml", "layers:\n  - name: Features\n    modules: [\"*Feature\"]\n    independent: true\n"),
            ("Package.swift", manifest),
            ("Sources/HomeFeature/Home.swift", "import ProfileFeature\n"),
            ("Sources/ProfileFeature/Profile.swift", "public struct Profile {}\n"),
        ])
        defer { directory.remove() }
        let fix = try CLI.run(["fix", "--no-cache", directory.path])
        #expect(fix.exitCode == 1, "\(fix.standardError)")
        #expect(fix.standardOutput.contains("modlint: made 0 edits in 0 manifests"), "\(fix.standardOutput)")
        #expect(try directory.read("Package.swift") == manifest)
        let lint = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(lint.standardOutput.contains("Do not declare it: modules of the independent layer Features must not depend on each other. "
            + "Move the import out of HomeFeature"), "\(lint.standardOutput)")
    }

    /// A declaration that would close a cycle of declared dependencies is never made:
    /// `Core` already depends on `Kit`, so `Kit`'s import of `Core` is advice to move, not
    /// an edit; `Feed` and `Search` import each other with neither declared, so `fix`
    /// declares the first and leaves the second, saying which cycle it would close.
    @Test func fixNeverClosesADependencyCycle() throws {
        let manifest = """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "App",
            targets: [
                .target(name: "Core", dependencies: ["Kit"]),
                .target(name: "Kit"),
                .target(name: "Feed"),
                .target(name: "Search"),
            ]
        )
        """
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", manifest),
            ("Sources/Core/Core.swift", "import Kit\n"),
            ("Sources/Kit/Kit.swift", "import Core\n"),
            ("Sources/Feed/Feed.swift", "import Search\n"),
            ("Sources/Search/Search.swift", "import Feed\n"),
        ])
        defer { directory.remove() }
        let lint = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(lint.standardOutput.contains("Sources/Kit/Kit.swift:1:1: error: Kit imports Core, which no dependency it declares reaches: "
            + "the target does not build on its own. Do not declare it: it would close the dependency cycle Core -> Kit -> Core, which the "
            + "build rejects. Move the import out of Kit"), "\(lint.standardOutput)")
        let fix = try CLI.run(["fix", "--no-cache", directory.path])
        #expect(fix.standardOutput.contains("Package.swift: target Feed: added .target(name: \"Search\")"), "\(fix.standardOutput)")
        #expect(fix.standardOutput.contains("Sources/Search/Search.swift:1: Search -> Feed not declared: with the other declarations of this "
            + "run it would close the dependency cycle Feed -> Search -> Feed"), "\(fix.standardOutput)")
        #expect(fix.standardOutput.contains("modlint: made 1 edit in 1 manifest"))
        let edited = try directory.read("Package.swift")
        #expect(edited.contains(".target(name: \"Feed\", dependencies: [.target(name: \"Search\")]),"), "\(edited)")
        #expect(edited.contains(".target(name: \"Search\"),"))
        #expect(edited.contains(".target(name: \"Kit\"),"))
        // What is left is the import cycle to break by hand, never a target cycle.
        let after = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(!after.standardOutput.contains("[target-cycle]"), "\(after.standardOutput)")
    }

    /// A package another manifest already depends on by URL is declared with that entry
    /// (folded onto one line), not with a path to the checkout beside it.
    @Test func aPublishedPackageIsDeclaredByItsURL() throws {
        let directory = try TemporaryDirectory(files: [
            ("Kit/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])
            """),
            ("Kit/Sources/Kit/Kit.swift", "public struct Kit {}\n"),
            ("Tools/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Tools",
                dependencies: [
                    .package(
                        url: "https://example.com/acme/Kit.git",
                        from: "1.2.0"
                    ),
                ],
                targets: [.target(name: "Tools", dependencies: [.product(name: "Kit", package: "Kit")])]
            )
            """),
            ("Tools/Sources/Tools/Tools.swift", "import Kit\n"),
            ("App/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "App")])
            """),
            ("App/Sources/App/App.swift", "import Kit\n"),
        ])
        defer { directory.remove() }
        let fix = try CLI.run(["fix", "--no-cache", directory.path])
        #expect(fix.exitCode == 0, "\(fix.standardOutput)")
        #expect(try directory.read("App/Package.swift").hasSuffix("""
        let package = Package(name: "App", dependencies: [.package(url: "https://example.com/acme/Kit.git", from: "1.2.0")], targets: [.target(name: "App", dependencies: [.product(name: "Kit", package: "Kit")])])
        """))
    }

    @Test func xcodeProjectsAreReportedNotEdited() throws {
        let directory = try XcodeAppCLITests.copy()
        defer { directory.remove() }
        let before = directory.snapshot()
        let fix = try CLI.run(["fix", "--no-cache", directory.path])
        #expect(fix.exitCode == 1)   // the widget's undeclared import is still there
        #expect(fix.standardOutput.contains(
            "Wellness.xcodeproj/project.pbxproj: target WellnessWidgetExtension: add .product(name: \"HealthData\", package: \"Modules\") in Xcode (projects are not edited)"))
        #expect(directory.snapshot() == before)
    }

    @Test func lintFixEditsThenReportsWhatIsLeft() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let lint = try CLI.run(["lint", "--no-cache", "--fix", directory.path])
        #expect(lint.exitCode == 0, "\(lint.standardOutput)")
        #expect(lint.standardError.contains("App/Package.swift: target Feature: added \"Models\""))
        #expect(try directory.read("App/Package.swift") == Self.fixed)
    }
}
