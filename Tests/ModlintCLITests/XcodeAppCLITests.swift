import Foundation
import ModlintTestSupport
import Testing

/// `Examples/XcodeApp` end to end: an Xcode 16 app with synchronized folders, a widget
/// extension and a local package of Spezi-style modules.
@Suite struct XcodeAppCLITests {
    static let example = repositoryRoot() + "/Examples/XcodeApp"

    /// A scratch copy of the example, optionally with files replaced.
    static func copy(replacing: [(String, String)] = []) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let files = try FileManager.default.subpathsOfDirectory(atPath: example).sorted()
        for file in files {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: example + "/" + file, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            try directory.write(file, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: example + "/" + file))))
        }
        for (path, contents) in replacing { try directory.write(path, contents) }
        return directory
    }

    @Test func findingsOnTheAppsConfigurationAndTheWidget() throws {
        let run = try CLI.run(["lint", "--no-cache", Self.example])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput == """
        Scripts/GenerateIcons.swift:1:1: note: 1 Swift file belongs to no SwiftPM or Xcode target and is not analysed: Scripts/ (1 file) [files-in-no-target]
        Wellness.xcodeproj/project.pbxproj:196:1: note: 1 remote package is not read, so what its modules require is unknown and not checked: spezi; provide the sources by opening the project in Xcode once, or with --dependencies FOLDER [unread-dependency]
        Wellness/WellnessDelegate.swift:8:33: error: `HealthDataModule` requires the Standard to conform to `HealthDataConstraint` (Modules/Sources/HealthData/HealthDataModule.swift:11), but `WellnessStandard`, the Standard of this configuration, does not (Wellness/WellnessStandard.swift:6): Spezi stops at launch with unsatisfiedStandardConstraint [missing-standard-constraint]
            Modules/Sources/HealthData/HealthDataModule.swift:11:1: note: `HealthDataModule` requires `HealthDataConstraint` here
            Wellness/WellnessStandard.swift:6:1: note: `WellnessStandard` is declared here
            Wellness/WellnessDelegate.swift:9:1: note: `HealthDataModule` is brought into the configuration here
        WellnessWidget/WellnessWidget.swift:1:1: error: WellnessWidgetExtension imports HealthData, which no dependency it declares reaches: the target does not build on its own. Add the HealthData product of Modules to target WellnessWidgetExtension. [undeclared-import]
            Wellness.xcodeproj/project.pbxproj:102:1: note: declare it in the dependencies of target WellnessWidgetExtension
        modlint: 2 errors, 0 warnings, 2 notes in 2 packages, 6 modules, 9 files (1 file in no target)

        """)
    }

    @Test func theFixedStandardIsSilent() throws {
        let directory = try Self.copy(replacing: [
            ("Wellness/WellnessStandard.swift", """
            import HealthData
            import Reminders
            import Spezi
            import WellnessKit

            actor WellnessStandard: Standard, ReminderConstraint, HealthDataConstraint {
                func scheduleReminder(at hour: Int) async {}
                func store(steps: StepCount) async {}
            }
            """),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", "--reporter", "json", directory.path])
        let result = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let rules = (result?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        #expect(rules == ["files-in-no-target", "unread-dependency", "undeclared-import"])
    }

    @Test func theGraphShowsTheAppAsACompositionRoot() throws {
        let json = try CLI.run(["graph", "--view", "modules", "--include-tests", "--format", "json", Self.example])
        #expect(json.exitCode == 0)
        let graph = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let nodes = (graph?["nodes"] as? [[String: Any]] ?? []).map { "\($0["id"] ?? ""):\($0["kind"] ?? "")" }
        #expect(nodes == ["HealthData:library", "Reminders:library", "Wellness:app", "WellnessKit:library",
                          "WellnessTests:test", "WellnessWidgetExtension:extension"])
        let edges = (graph?["edges"] as? [[String: Any]] ?? []).map { "\($0["from"] ?? "")->\($0["to"] ?? "")" }
        #expect(edges == ["HealthData->WellnessKit", "Wellness->HealthData", "Wellness->Reminders", "Wellness->WellnessKit",
                          "Wellness->WellnessWidgetExtension", "WellnessTests->Wellness",
                          // The undeclared import, drawn so that the diagram shows the violation.
                          "WellnessWidgetExtension->HealthData", "WellnessWidgetExtension->WellnessKit"])
        let dot = try CLI.run(["graph", "--view", "modules", "--format", "dot", Self.example])
        #expect(dot.standardOutput.contains(#""Wellness" [shape=box, style="rounded,filled,bold", peripheries=2"#))
        #expect(dot.standardOutput.contains("Wellness (app, composition root)"))
        #expect(dot.standardOutput.contains("WellnessWidgetExtension (extension, composition root)"))
    }

    @Test func aFolderWithNeitherManifestNorProjectExitsTwo() throws {
        let directory = try TemporaryDirectory(files: [("Sources/Loose.swift", "struct Loose {}\n")])
        defer { directory.remove() }
        let run = try CLI.run(["lint", directory.path])
        #expect(run.exitCode == 2)
        #expect(run.standardError == "modlint: error: no Package.swift, .xcodeproj, project.yml, podspec or Bazel BUILD file found under \(directory.path)\n")
    }
}
