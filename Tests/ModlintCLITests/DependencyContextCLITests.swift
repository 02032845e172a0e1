import Foundation
import ModlintTestSupport
import Testing

/// Resolved dependencies read as context: a library's Spezi requirements are checked at
/// the app's configuration, nothing inside the checkouts is reported, and a package whose
/// sources are missing is named once.
@Suite struct DependencyContextCLITests {
    static let spezi: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Spezi", products: [.library(name: "Spezi", targets: ["Spezi"])], targets: [.target(name: "Spezi")])
        """),
        ("Sources/Spezi/Module.swift", "public protocol Module: AnyObject {}\n"),
    ]

    /// A Spezi-style library: `HealthKit` requires `HealthKitConstraint` from the Standard.
    /// Its manifest has a target cycle — a finding that must never surface in the app.
    static let healthKit: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "SpeziHealthKit",
            products: [.library(name: "SpeziHealthKit", targets: ["SpeziHealthKit"])],
            dependencies: [.package(url: "https://github.com/StanfordSpezi/Spezi.git", from: "1.0.0")],
            targets: [
                .target(name: "SpeziHealthKit", dependencies: [.product(name: "Spezi", package: "Spezi"), "HealthKitCore"]),
                .target(name: "HealthKitCore", dependencies: ["SpeziHealthKit"]),
            ]
        )
        """),
        ("Sources/SpeziHealthKit/HealthKit.swift", """
        import Spezi

        public protocol HealthKitConstraint: Standard {
            func add(sample: Int) async
        }

        public final class HealthKit: Module {
            @StandardActor private var standard: any HealthKitConstraint

            public init() {}
        }
        """),
        ("Sources/HealthKitCore/Core.swift", "import SpeziHealthKit\n"),
    ]

    static func app(standard: String) -> [(String, String)] {
        [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "App",
                dependencies: [
                    .package(url: "https://github.com/StanfordSpezi/Spezi.git", from: "1.0.0"),
                    .package(url: "https://github.com/StanfordSpezi/SpeziHealthKit.git", from: "1.0.0"),
                    .package(url: "https://github.com/StanfordSpezi/SpeziScheduler.git", from: "1.0.0"),
                ],
                targets: [
                    .executableTarget(name: "App", dependencies: [
                        .product(name: "Spezi", package: "Spezi"),
                        .product(name: "SpeziHealthKit", package: "SpeziHealthKit"),
                    ]),
                ]
            )
            """),
            ("Sources/App/AppDelegate.swift", """
            import Spezi
            import SpeziHealthKit

            class AppDelegate: SpeziAppDelegate {
                override var configuration: Configuration {
                    Configuration(standard: AppStandard()) {
                        HealthKit()
                    }
                }
            }
            """),
            ("Sources/App/AppStandard.swift", standard),
            ("Package.resolved", """
            {
              "originHash" : "0",
              "pins" : [
                {
                  "identity" : "spezi",
                  "kind" : "remoteSourceControl",
                  "location" : "https://github.com/StanfordSpezi/Spezi.git",
                  "state" : {
                    "revision" : "1111111111111111111111111111111111111111",
                    "version" : "1.8.0"
                  }
                },
                {
                  "identity" : "spezischeduler",
                  "kind" : "remoteSourceControl",
                  "location" : "https://github.com/StanfordSpezi/SpeziScheduler.git",
                  "state" : {
                    "branch" : "main",
                    "revision" : "abcdef0123456789abcdef0123456789abcdef01"
                  }
                }
              ],
              "version" : 3
            }
            """),
        ]
    }

    static let unmet = "import Spezi\n\nactor AppStandard: Standard {}\n"
    static let met = "import Spezi\nimport SpeziHealthKit\n\nactor AppStandard: Standard, HealthKitConstraint {\n    func add(sample: Int) async {}\n}\n"

    static func prefixed(_ prefix: String, _ files: [(String, String)]) -> [(String, String)] {
        files.map { (prefix + $0.0, $0.1) }
    }

    static let expectedUnmet = """
    Package.swift:8:1: note: 1 remote package is not read, so what its modules require is unknown and not checked: spezischeduler (pinned revision abcdef0); provide the sources with `swift package resolve`, by opening the project in Xcode once, or with --dependencies FOLDER [unread-dependency]
    Sources/App/AppDelegate.swift:6:33: error: `HealthKit` requires the Standard to conform to `HealthKitConstraint` (CHECKOUTS/SpeziHealthKit/Sources/SpeziHealthKit/HealthKit.swift:8), but `AppStandard`, the Standard of this configuration, does not (Sources/App/AppStandard.swift:3): Spezi stops at launch with unsatisfiedStandardConstraint [missing-standard-constraint]
        CHECKOUTS/SpeziHealthKit/Sources/SpeziHealthKit/HealthKit.swift:8:1: note: `HealthKit` requires `HealthKitConstraint` here
        Sources/App/AppStandard.swift:3:1: note: `AppStandard` is declared here
        Sources/App/AppDelegate.swift:7:1: note: `HealthKit` is brought into the configuration here
    modlint: 1 error, 0 warnings, 1 note in 1 package, 1 module, 2 files; 2 dependency packages read as context

    """

    @Test func swiftPMCheckoutsAreReadAsContext() throws {
        let directory = try TemporaryDirectory(files: Self.app(standard: Self.unmet)
            + Self.prefixed(".build/checkouts/SpeziHealthKit/", Self.healthKit) + Self.prefixed(".build/checkouts/Spezi/", Self.spezi))
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput == Self.expectedUnmet.replacingOccurrences(of: "CHECKOUTS", with: ".build/checkouts"))

        try directory.write("Sources/App/AppStandard.swift", Self.met)
        let fixed = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(fixed.exitCode == 0)
        #expect(!fixed.standardOutput.contains("missing-standard-constraint"))
        #expect(fixed.standardOutput.hasSuffix("modlint: 0 errors, 0 warnings, 1 note in 1 package, 1 module, 2 files; 2 dependency packages read as context\n"))
    }

    @Test func withoutCheckoutsNothingIsGuessed() throws {
        let directory = try TemporaryDirectory(files: Self.app(standard: Self.unmet))
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == """
        Package.swift:6:1: note: 3 remote packages are not read, so what their modules require is unknown and not checked: spezi (pinned 1.8.0), spezihealthkit, spezischeduler (pinned revision abcdef0); provide the sources with `swift package resolve`, by opening the project in Xcode once, or with --dependencies FOLDER [unread-dependency]
            Package.swift:7:1: note: spezihealthkit is declared here
            Package.swift:8:1: note: spezischeduler is declared here
        modlint: 0 errors, 0 warnings, 1 note in 1 package, 1 module, 2 files

        """)
    }

    @Test func explicitDependencyFolders() throws {
        let checkouts = try TemporaryDirectory(files: Self.prefixed("SpeziHealthKit/", Self.healthKit) + Self.prefixed("Spezi/", Self.spezi))
        let directory = try TemporaryDirectory(files: Self.app(standard: Self.unmet))
        defer {
            directory.remove()
            checkouts.remove()
        }
        let run = try CLI.run(["lint", "--no-cache", "--dependencies", checkouts.path, directory.path])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput == Self.expectedUnmet.replacingOccurrences(of: "CHECKOUTS", with: checkouts.path))
        // The configuration comes from the tree a pull request changes: it cannot name a
        // folder outside the work tree (only the command line can).
        try directory.write(".modlint.yml", "dependencies: [\"\(checkouts.path)\"]\n")
        let configured = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(configured.exitCode == 2)
        #expect(configured.standardError.hasSuffix(".modlint.yml:1:15: error: dependencies: '\(checkouts.path)' is not a folder inside the work tree; "
                                                   + "name a folder outside the work tree with --dependencies on the command line\n"), "\(configured.standardError)")
        try FileManager.default.removeItem(atPath: directory.path + "/.modlint.yml")
        let missing = try CLI.run(["lint", "--no-cache", "--dependencies", directory.path + "/nope", directory.path])
        #expect(missing.exitCode == 2)
        #expect(missing.standardError == "modlint: error: --dependencies: not a folder: \(directory.path)/nope\n")
        let verbose = try CLI.run(["lint", "--no-cache", "--verbose", "--dependencies", checkouts.path, directory.path])
        #expect(verbose.standardError.contains("modlint: context: spezi 1.8.0 at \(checkouts.path)/Spezi (1 targets)\n"))
    }

    @Test func xcodeSourcePackagesAreReadAsContext() throws {
        let project = XcodeFixtures.synchronizedFolders
            .replacingOccurrences(of: "TG01 /* App */ = {\n\t\t\tisa = PBXNativeTarget;",
                                  with: "TG01 /* App */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tpackageProductDependencies = (PD01, PD02, );")
            .replacingOccurrences(of: "\t\tTD01 = ", with: """
            \t\tPD01 = {isa = XCSwiftPackageProductDependency; package = RP01; productName = SpeziHealthKit; };
            \t\tPD02 = {isa = XCSwiftPackageProductDependency; package = RP02; productName = Spezi; };
            \t\tRP01 = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/StanfordSpezi/SpeziHealthKit"; };
            \t\tRP02 = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/StanfordSpezi/Spezi.git"; };
            \t\tTD01 = 
            """)
        let directory = try TemporaryDirectory(files: [
            ("Sync.xcodeproj/project.pbxproj", project),
            ("App/AppDelegate.swift", Self.app(standard: "")[1].1),
            ("App/AppStandard.swift", Self.unmet),
            ("Widget/Widget.swift", "public struct Widget {}\n"),
            ("Tests/AppTests/AppTests.swift", "import XCTest\n"),
        ] + Self.prefixed("SourcePackages/checkouts/SpeziHealthKit/", Self.healthKit) + Self.prefixed("SourcePackages/checkouts/Spezi/", Self.spezi))
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains("App/AppDelegate.swift:6:33: error: `HealthKit` requires the Standard to conform to `HealthKitConstraint` (SourcePackages/checkouts/SpeziHealthKit/Sources/SpeziHealthKit/HealthKit.swift:8)"))
        #expect(!run.standardOutput.contains("target-cycle"))
        #expect(run.standardOutput.hasSuffix("; 2 dependency packages read as context\n"))
        try directory.write("App/AppStandard.swift", Self.met)
        #expect(try CLI.run(["lint", "--no-cache", directory.path]).exitCode == 0)
    }
}
