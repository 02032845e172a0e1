import ModlintGraph
import ModlintWorkspace

/// A build description modlint found but could not read or follow: the gate must not pass
/// because what it describes went unanalysed.
public struct UnreadBuildDescription: Rule {
    public static let description = RuleDescription(
        id: "unread-build-description",
        defaultSeverity: .error,
        summary: "A build description that modlint found but could not read or follow, or has no reader for yet, so that Swift files go unanalysed.",
        rationale: """
        A CI gate lints what a pull request commits, so every build description is read \
        with care: it must be a regular file (a FIFO or `/dev/zero` would hang or exhaust \
        the run), inside the analysed tree — the git work tree that holds the linted paths, \
        or a configured dependency folder — and below its size cap (Package.swift, \
        workspaces and Package.resolved 8 MiB, project.pbxproj 64 MiB, xcconfig 1 MiB). A \
        symbolic link that leads out of the tree is not followed, so nothing outside it is \
        read or quoted. A project whose groups contain each other, or that is not a \
        property list, cannot be followed either.

        Whatever the reason, the targets that file describes are not analysed, and a gate \
        that reported nothing would pass blind. So this is an **error** for a manifest or \
        a project (their targets are missing); a **warning** for an xcconfig (the module \
        name it sets is not applied) or a workspace (the projects it lists are still read \
        on their own); a **note** for Package.resolved (only the pinned versions shown in \
        notes are missing). Commit the file itself, not a link to it; move shared files \
        into the repository; or exclude the folder in `.modlint.yml` when it is not yours.

        An XcodeGen spec (`project.yml`, with its includes and xcconfig files), a Tuist \
        `Project.swift` (with its helpers), a CocoaPods `.podspec` and a Bazel `BUILD` file \
        (with the workspace's `.bzl` macros) are read like projects, with the same care; \
        one that is not valid YAML, Ruby, JSON or Starlark (a heredoc that never ends, a \
        `.podspec.json` nested more than 64 levels deep), or makes no project, is an \
        error at the line that breaks it; so is a spec XcodeGen itself rejects, one whose \
        target names a source folder that is not there (unless `optional: true`). A spec \
        under another name (`project-ci.yml`, read only as `xcodegen --spec \
        project-ci.yml`) that no spec includes is a note. A spec \
        that could not be read is also an error where it \
        leaves Swift files in no target below its folder: the finding names the file, how \
        many files go unread and the remedy (generate the project first, or exclude the \
        folder). A `BUILD` file with no Swift or Apple rule (the C parts of a library) \
        describes no Swift code and is not read at all; nor is one in no Bazel workspace \
        (no `MODULE.bazel`, `REPO.bazel` or `WORKSPACE` above it, in the tree or above \
        the linted folder), which Bazel does not build either: where such a file names \
        a Swift rule over Swift files no other description builds, it is an error too.
        """,
        examples: [
            RuleExample("a Bazel BUILD file that is not valid Starlark: the line that breaks it; one for C code only is not read", files: [
                "BUILD": "swift_library(\n    name = \"App\",\n    srcs = glob([\"App/*.swift\"]),\n    deps = [\":Kit\"\n\u{2193})\n",
                "App/App.swift": "import Kit\n",
                "Kit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit")])
                """,
                "Kit/Sources/Kit/Kit.swift": "public struct Kit {}\n",
                "native/BUILD": "cc_library(name = \"native\", srcs = [\"native.c\"])\n",
                "MODULE.bazel": "module(name = \"app\")\n",
            ]),
            RuleExample("a BUILD file in no Bazel workspace, over Swift files no other description builds", files: [
                "Vendor/BUILD": "\u{2193}swift_library(name = \"Vendor\", srcs = glob([\"*.swift\"]))\n",
                "Vendor/Vendor.swift": "struct Vendor {}\n",
            ]),
            RuleExample("an XcodeGen spec that is not valid YAML: the line that breaks it, and the files it leaves unread", files: [
                "project.yml": "\u{2193}name: App\ntargets:\n  App:\n    type: application\n    sources: [App\n\u{2193}",
                "App/App.swift": "import Kit\n",
                "Kit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit")])
                """,
                "Kit/Sources/Kit/Kit.swift": "public struct Kit {}\n",
            ]),
            RuleExample("an XcodeGen spec with a missing source folder, which XcodeGen rejects; an optional one is skipped", files: [
                "project.yml": """
                \u{2193}name: App
                targets:
                  App:
                    type: application
                    platform: iOS
                    sources:
                      - App
                      - path: Generated
                        optional: true
                \u{2193}  Widget:
                    type: app-extension
                    platform: iOS
                    sources: [Widget/Sources]
                """,
                "App/App.swift": "struct App {}\n",
            ]),
            RuleExample("an XcodeGen spec under another name, which XcodeGen reads only when told to: a note", files: [
                "project.yml": "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n",
                "project-ci.yml": "\u{2193}name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n",
                "App/App.swift": "struct App {}\n",
            ]),
            RuleExample("a Tuist manifest whose project cannot be evaluated", files: [
                "Project.swift": "\u{2193}import ProjectDescription\n\u{2193}let project = makeProject()\n",
                "App/App.swift": "import Kit\n",
                "Kit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit")])
                """,
                "Kit/Sources/Kit/Kit.swift": "public struct Kit {}\n",
            ]),
            RuleExample("an empty Package.swift over code no other description builds", files: [
                "Package.swift": "\u{2193}",
                "Sources/App/App.swift": "struct App {}\n",
            ]),
            RuleExample("an empty Package.swift that hides a demo folder another project builds", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit")])
                """,
                "Sources/Kit/Kit.swift": "public struct Kit {}\n",
                "Demo/Package.swift": "// swift-tools-version:5.9\n// Keeps this folder out of the package above.\n",
                "Demo/project.yml": "name: Demo\ntargets:\n  Demo:\n    type: application\n    platform: iOS\n    sources: [Demo]\n",
                "Demo/Demo/App.swift": "import UIKit\n",
            ]),
            RuleExample("an .xcodeproj folder with only workspace settings, beside a package", files: [
                "Tools.xcodeproj/project.xcworkspace/contents.xcworkspacedata": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\"></Workspace>\n",
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit")])
                """,
                "Sources/Kit/Kit.swift": "public struct Kit {}\n",
            ]),
            RuleExample("a Podfile without development pods leaves nothing of its own unread", files: [
                "Podfile": "target 'App' do\n  pod 'Alamofire'\nend\n",
                "fastlane/Release.swift": "print(1)\n",
                "Kit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit")])
                """,
                "Kit/Sources/Kit/Kit.swift": "public struct Kit {}\n",
            ]),
            RuleExample("groups that contain each other", files: [
                "App.xcodeproj/project.pbxproj": XcodeExampleProjects.app(appGroup: "\u{2193}\t\tGR02 = {isa = PBXGroup; children = (FR01, GR01); path = App; sourceTree = \"<group>\"; };"),
                "App/App.swift": "struct App {}\n",
            ]),
            RuleExample("a project that is cut off", files: [
                "App.xcodeproj/project.pbxproj": """
                // !$*UTF8*$!
                {
                	archiveVersion = 1;
                	objectVersion = 56;
                	objects = {
                		FR01 = {isa = PBXFileReference; path = App.swift; sourceTree = "<group>"; };
                \u{2193}
                """,
                "App/App.swift": "struct App {}\n",
            ]),
            RuleExample("groups nested in order", files: [
                "App.xcodeproj/project.pbxproj": XcodeExampleProjects.app(),
                "App/App.swift": "struct App {}\n",
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        context.notes(.unreadBuildDescription).map { note in
            var finding = note.finding(key: [note.file, Self.reasonKey(note.message)])
            finding.severity = Self.severity(of: note)
            return finding
        }
    }

    /// What the file describes decides what is lost (see the rationale); `nil` = the rule's.
    static func severity(of note: WorkspaceNote) -> Severity? {
        switch BuildSystems.role(of: note.file) {
        case .pins: return .note
        case .workspaceMembers: return .warning
        case .description:
            if note.message.hasPrefix(WorkspaceNote.unreadConfiguration) { return .warning }
            return note.message.hasPrefix(WorkspaceNote.alternativeSpec) ? .note : nil
        }
    }

    /// The message up to its first colon: stable when only the details (a size) change.
    static func reasonKey(_ message: String) -> String {
        String(message.prefix { $0 != ":" })
    }
}
