import Foundation
import ModlintTestSupport
import Testing

/// A pull request must not make the gate pass blind by writing a build description in
/// another spelling that the real tool reads the same: each spelling below gives exactly
/// the finding of its plain form (rule, file, line), and what the real tool rejects is an
/// `unread-build-description` error instead of a silent skip.
@Suite struct EquivalentSpellingTests {
    static func lint(_ files: [(String, String)]) throws -> CLIRun {
        let tree = try TemporaryDirectory(files: files, prefix: "modlint-spelling")
        defer { tree.remove() }
        return try UntrustedInputTests.lint(tree)
    }

    static func lint(_ files: [(String, String)], spec: (path: String, bytes: [UInt8])) throws -> CLIRun {
        let tree = try TemporaryDirectory(files: files, prefix: "modlint-spelling")
        defer { tree.remove() }
        try tree.write(spec.path, bytes: spec.bytes)
        return try UntrustedInputTests.lint(tree)
    }

    // MARK: - XcodeGen

    /// Two frameworks; Kit imports App without declaring it.
    static let xcodeGenSources: [(String, String)] = [("App/App.swift", "public struct App {}\n"), ("Kit/Kit.swift", "import App\n")]

    static let plainSpec = """
    name: App
    targets:
      App:
        type: framework
        platform: iOS
        sources: [App]
      Kit:
        type: framework
        platform: iOS
        sources: [Kit]

    """

    /// The finding, with the line the spec declares Kit on.
    static func undeclaredKit(line: Int) -> String {
        """
        Kit/Kit.swift:1:1: error: Kit imports App, which no dependency it declares reaches: the target does not build on its own. Add `- target: App` to the dependencies of Kit in project.yml. [undeclared-import]
            project.yml:\(line):1: note: declare it in the dependencies of target Kit
        modlint: 1 error, 0 warnings, 0 notes in 1 package, 2 modules, 2 files

        """
    }

    @Test(arguments: [
        ("plain", plainSpec, 7),
        ("flow-style document", "{name: App, targets: {App: {type: framework, platform: iOS, sources: [App]}, Kit: {type: framework, platform: iOS, sources: [Kit]}}}\n", 1),
        ("flow-style targets", "name: App\ntargets: {App: {type: framework, platform: iOS, sources: [App]},\n  Kit: {type: framework, platform: iOS, sources: [Kit]}}\n", 3),
        ("space before the colon", plainSpec.replacing("targets:", with: "targets :"), 7),
        ("single-quoted key", plainSpec.replacing("targets:", with: "'targets':"), 7),
        ("double-quoted key", plainSpec.replacing("targets:", with: "\"targets\":"), 7),
        ("indented document", plainSpec.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n", 7),
        ("JSON", #"{"name": "App", "targets": {"App": {"type": "framework", "platform": "iOS", "sources": ["App"]},"# + "\n"
            + #" "Kit": {"type": "framework", "platform": "iOS", "sources": ["Kit"]}}}"# + "\n", 2),
    ])
    func xcodeGenSpecsInAnySpellingOfYAML(spelling: String, spec: String, line: Int) throws {
        let run = try Self.lint(Self.xcodeGenSources + [("project.yml", spec)])
        #expect(run.exitCode == 1, "\(spelling)")
        #expect(run.standardOutput == Self.undeclaredKit(line: line), "\(spelling)")
    }

    @Test(arguments: ["UTF-8 with BOM", "UTF-16LE with BOM", "UTF-16BE with BOM", "UTF-16LE"])
    func xcodeGenSpecsInAnyUnicodeEncoding(encoding: String) throws {
        let units = Array(Self.plainSpec.utf16)
        let bytes: [UInt8]
        switch encoding {
        case "UTF-8 with BOM": bytes = [0xEF, 0xBB, 0xBF] + Array(Self.plainSpec.utf8)
        case "UTF-16LE with BOM": bytes = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "UTF-16BE with BOM": bytes = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default: bytes = units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        let run = try Self.lint(Self.xcodeGenSources, spec: ("project.yml", bytes))
        #expect(run.exitCode == 1, "\(encoding)")
        #expect(run.standardOutput == Self.undeclaredKit(line: 7), "\(encoding)")
    }

    // MARK: - Tuist

    @Test(arguments: ["import ProjectDescription", "import\tProjectDescription", "import  \t ProjectDescription", "@preconcurrency import ProjectDescription"])
    func tuistManifestsImportingWithAnyWhiteSpace(line: String) throws {
        let run = try Self.lint([
            ("App/App.swift", "public struct App {}\n"), ("Kit/Kit.swift", "import App\n"),
            ("Project.swift", line + """


            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .framework, bundleId: "app", sources: ["App/**"]),
                .target(name: "Kit", destinations: .iOS, product: .framework, bundleId: "kit", sources: ["Kit/**"]),
            ])

            """),
        ])
        #expect(run.exitCode == 1, "\(line)")
        #expect(run.standardOutput == """
            Kit/Kit.swift:1:1: error: Kit imports App, which no dependency it declares reaches: the target does not build on its own. Add .target(name: "App") to the dependencies of Kit in Project.swift. [undeclared-import]
                Project.swift:5:1: note: declare it in the dependencies of target Kit
            modlint: 1 error, 0 warnings, 0 notes in 1 package, 2 modules, 2 files

            """, "\(line)")
    }

    // MARK: - A spec that declares no target

    /// A spec without targets beside a committed project would make the project its output
    /// and hide every target of it: the committed project is read, the spec noted.
    @Test(arguments: [
        ("project.yml", "name: App\n", nil),
        ("project.yml", "name: App\ntargets: {}\n", "project.yml:1:1: note: the spec declares no target: the committed App.xcodeproj is read instead; generate the project again and commit it, or remove the spec [stale-generated-project]\n"),
        ("project.yml", "name: App\ntargets:\n", "project.yml:1:1: note: the spec declares no target: the committed App.xcodeproj is read instead; generate the project again and commit it, or remove the spec [stale-generated-project]\n"),
        ("Project.swift", "import ProjectDescription\nlet project = Project(name: \"App\", targets: [])\n",
         "Project.swift:1:1: note: the spec declares no target: the committed App.xcodeproj is read instead; generate the project again and commit it, or remove the spec [stale-generated-project]\n"),
    ] as [(String, String, String?)])
    func anEmptySpecDoesNotHideTheCommittedProject(file: String, spec: String, note: String?) throws {
        let tree = try UntrustedInputTests.app()
        defer { tree.remove() }
        try tree.write(file, spec)
        let run = try UntrustedInputTests.lint(tree)
        #expect(run.exitCode == 1, "\(spec)")
        #expect(run.standardOutput == UntrustedInputTests.duplicate + (note ?? "")
                + "modlint: 1 error, 0 warnings, \(note == nil ? 0 : 1) note\(note == nil ? "s" : "") in 2 packages, 3 modules, 3 files\n", "\(spec)")
    }

    // MARK: - CocoaPods

    /// Two development pods: Feature depends on Core, Core imports Feature back.
    static func pods(feature: String) -> [(String, String)] {
        [
            ("Core/Core.podspec", "Pod::Spec.new do |s|\n  s.name = 'Core'\n  s.source_files = 'Sources/**/*.swift'\nend\n"),
            ("Core/Sources/Core.swift", "import Feature\n"),
            ("Feature/Sources/Feature.swift", "import Core\n"),
            ("Feature/Feature.podspec", feature),
        ]
    }

    static let podFindings = """
    Core/Sources/Core.swift:1:1: error: import cycle: Core -> Feature -> Core; to break it, remove the import Core -> Feature [import-cycle]
        Feature/Sources/Feature.swift:1:1: note: Feature imports Core
        Core/Sources/Core.swift:1:1: note: cycle breaker: Core imports Feature
    Core/Sources/Core.swift:1:1: error: Core imports Feature, which no dependency it declares reaches: the target does not build on its own. Do not declare it: it would close the dependency cycle Feature -> Core -> Feature, which the build rejects. Move the import out of Core, or move what it uses from Feature into a module Core may depend on. [undeclared-import]
    modlint: 2 errors, 0 warnings, 0 notes in 2 packages, 2 modules, 2 files

    """

    @Test(arguments: [
        "Pod::Spec.new do |s|\n  s.name = 'Feature'\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = File.basename(__FILE__, '.podspec')\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = File.basename __FILE__, '.podspec'\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "::Pod::Spec.new do |s|\n  s.name = 'Feature'\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "Pod::Specification.new do |s|\n  s.name = 'Feature'\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = %q{Feature}\n  s.source_files = %q(Sources/**/*.swift)\n  s.dependency %Q[Core]\nend\n",
        "Pod::Spec.new do |s|\n  s.name = %q<Feature>\n  s.source_files = %Q{Sources/**/*.swift}\n  s.dependency %q[Core]\nend\n",
        "Pod::Spec.new do |s|\n  s.name = 'Feature'\n  s.source_files = Dir.glob('Sources/**/*.swift')\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = 'Feature'\n  s.source_files = Dir['Sources/**/*.swift']\n  s.dependency 'Core'\nend\n",
    ])
    func podspecsInAnySpellingOfTheDSL(podspec: String) throws {
        let run = try Self.lint(Self.pods(feature: podspec))
        #expect(run.exitCode == 1, "\(podspec)")
        #expect(run.standardOutput == Self.podFindings, "\(podspec)")
    }

    /// What CocoaPods rejects is an error at the line that breaks it, not a pod that
    /// silently reads as less (or as nothing).
    @Test(arguments: [
        ("Feature/Feature.podspec", "Pod::Spec.new do |s|\n  s.name = 'Feature'\n  s.description = <<~EOS\n    Feature\n  s.source_files = 'Sources/**/*.swift'\nend\n",
         "Feature/Feature.podspec:3:1: error: cannot read podspec: the heredoc <<~EOS has no EOS line to end it; its pod is not analysed [unread-build-description]\n"),
        ("Feature/Feature.podspec", "Pod::Spec.new do |s|\n  s.name = 'Feature'\n  s.source_files = %w[Sources/**/*.swift\n  s.dependency 'Core'\nend\n",
         "Feature/Feature.podspec:3:1: error: cannot read podspec: the word list %w[ is never closed; its pod is not analysed [unread-build-description]\n"),
        ("Feature/Feature.podspec.json", "{\"name\":\"Feature\",\"source_files\":\"Sources/**/*.swift\",\"x\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}",
         "Feature/Feature.podspec.json:1:1: error: cannot read podspec: arrays and objects nest more than 64 levels deep; its pod is not analysed [unread-build-description]\n"),
    ])
    func podspecsCocoaPodsRejectsAreErrors(file: String, podspec: String, expected: String) throws {
        var files = Self.pods(feature: podspec)
        files[3].0 = file
        let run = try Self.lint(files)
        #expect(run.exitCode == 1)
        #expect(run.standardOutput == expected + """
            Feature/Sources/Feature.swift:1:1: note: 1 Swift file belongs to no SwiftPM or Xcode target and is not analysed: Feature/ (1 file) [files-in-no-target]
            modlint: 1 error, 0 warnings, 1 note in 1 package, 1 module, 1 file (1 file in no target)

            """)
    }

    @Test func aPodfileRubyRejectsIsAnError() throws {
        let tree = try UntrustedInputTests.app()
        defer { tree.remove() }
        try tree.write("Podfile", "platform :ios, '16.0'\ntarget 'App' do\n  pod 'Kit', :path => 'Kit'\n  note = <<~EOS\n    pods\nend\n")
        let run = try UntrustedInputTests.lint(tree)
        #expect(run.exitCode == 1)
        #expect(run.standardOutput == UntrustedInputTests.duplicate
                + "Podfile:4:1: error: cannot read Podfile: the heredoc <<~EOS has no EOS line to end it; the pods it gives the app's targets are not known [unread-build-description]\n"
                + "modlint: 2 errors, 0 warnings, 0 notes in 2 packages, 3 modules, 3 files\n")
    }

    // MARK: - Bazel

    /// Two rules_swift libraries: Feature depends on Core, Core imports Feature back.
    static func bazel(feature: String) -> [(String, String)] {
        [
            ("MODULE.bazel", "module(name = \"shop\")\n"),
            ("Core/BUILD.bazel", "load(\"@build_bazel_rules_swift//swift:swift.bzl\", \"swift_library\")\n\nswift_library(name = \"Core\", srcs = [\"Core.swift\"])\n"),
            ("Core/Core.swift", "import Feature_Feature\n"),
            ("Feature/Feature.swift", "import Core_Core\n"),
            ("Feature/BUILD.bazel", feature),
        ]
    }

    @Test(arguments: [
        "load(\"@build_bazel_rules_swift//swift:swift.bzl\", \"swift_library\")\n\nswift_library(name = \"Feature\", srcs = [\"Feature.swift\"], deps = [\"//Core\"])\n",
        "load(\"@build_bazel_rules_swift//swift:swift.bzl\", \"swift_library\")\n\nswift_library (name = \"Feature\", srcs = [\"Feature.swift\"], deps = [\"//Core\"])\n",
        "load(\"@build_bazel_rules_swift//swift:swift.bzl\", my_lib = \"swift_library\")\n\nmy_lib(name = \"Feature\", srcs = [\"Feature.swift\"], deps = [\"//Core\"])\n",
    ])
    func bazelRulesInAnySpellingOfTheCall(build: String) throws {
        let run = try Self.lint(Self.bazel(feature: build))
        #expect(run.exitCode == 1, "\(build)")
        #expect(run.standardOutput == """
            Core/Core.swift:1:1: error: import cycle: Core -> Feature -> Core; to break it, remove the import Core -> Feature [import-cycle]
                Feature/Feature.swift:1:1: note: Feature imports Core
                Core/Core.swift:1:1: note: cycle breaker: Core imports Feature
            Core/Core.swift:1:1: error: Core imports Feature_Feature (target Feature), which no dependency it declares reaches: the target does not build on its own. Do not declare it: it would close the dependency cycle Feature -> Core -> Feature, which the build rejects. Move the import out of Core, or move what it uses from Feature into a module Core may depend on. [undeclared-import]
            modlint: 2 errors, 0 warnings, 0 notes in 2 packages, 2 modules, 2 files

            """, "\(build)")
    }
}
