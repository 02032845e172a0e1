import ModlintGraph
import ModlintWorkspace

/// Swift files under the linted paths that no SwiftPM or Xcode target builds.
public struct FilesInNoTarget: Rule {
    public static let description = RuleDescription(
        id: "files-in-no-target",
        defaultSeverity: .note,
        summary: "Swift files under the linted paths that no SwiftPM or Xcode target builds, listed by folder.",
        rationale: """
        modlint analyses the files that targets build: SwiftPM targets by SwiftPM's layout \
        rules, Xcode targets through their build phases and synchronized folders. A Swift \
        file that belongs to no target is not analysed — so none of its imports, \
        registrations or Spezi configurations take part in any rule. Rather than passing \
        over it silently, modlint counts such files (the summary says `N files in no \
        target`) and reports one note that lists their folders with counts.

        Often they are example apps, scripts or leftovers that nothing compiles. When a \
        folder should be analysed, make sure the project or manifest that builds it lies \
        under the linted paths; when it should not be, leave it out with `exclude:` in \
        `.modlint.yml`. Files a target leaves out on purpose (`exclude:`, resources) are \
        not counted. A Tuist project (`Project.swift`, `Tuist/`) has no Xcode projects \
        until `tuist generate` writes them; the note says so.
        """,
        examples: [
            RuleExample("an example folder that no target builds", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "Kit", targets: [.target(name: "Kit")])
                """,
                "Sources/Kit/Kit.swift": "public struct Kit {}\n",
                "Example/ExampleApp.swift": "\u{2193}import Kit\n",
                "Example/Views/ContentView.swift": "import Kit\n",
            ]),
            RuleExample("every file belongs to a target, and excluded files are accounted for", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "Kit", targets: [
                    .target(name: "Kit", exclude: ["Legacy"]),
                    .testTarget(name: "KitTests", dependencies: ["Kit"]),
                ])
                """,
                "Sources/Kit/Kit.swift": "public struct Kit {}\n",
                "Sources/Kit/Legacy/Old.swift": "struct Old {}\n",
                "Tests/KitTests/KitTests.swift": "import Kit\n",
            ]),
        ]
    )

    public init() {}

    /// At most this many folders are named in the message; the rest are counted.
    static let listedFolders = 10

    public func check(_ context: LintContext) -> [Finding] {
        let files = context.workspace.filesInNoTarget
        guard !files.isEmpty else { return [] }
        let directories = Set(context.workspace.packages.map(\.directory))
        var folders: [String: [String]] = [:]
        for file in files { folders[Self.folder(of: file, packageDirectories: directories), default: []].append(file) }
        let ordered = folders.keys.sorted()
        let listed = ordered.prefix(Self.listedFolders).map { "\($0.isEmpty ? "./" : $0 + "/") (\(Self.count(folders[$0]!.count, "file")))" }
        let rest = ordered.count > Self.listedFolders ? ", and \(ordered.count - Self.listedFolders) more folders" : ""
        let first = folders[ordered[0]]!.sorted()[0]
        // Tuist's manifests among the unread files: the projects were never generated.
        let hint = files.contains(where: WorkspaceLoader.isTuistManifest) ? "; " + WorkspaceError.tuistAdvice : ""
        return [Finding(
            site: Site(file: first, line: 1, column: 1),
            message: "\(Self.count(files.count, "Swift file")) \(files.count == 1 ? "belongs" : "belong") to no SwiftPM or Xcode target and \(files.count == 1 ? "is" : "are") not analysed: "
                + listed.joined(separator: ", ") + rest + hint,
            key: ordered,
            related: ordered.dropFirst().prefix(Self.listedFolders - 1).map {
                RelatedLocation(file: folders[$0]!.sorted()[0], line: 0, message: "\(Self.count(folders[$0]!.count, "file")) in no target")
            }
        )]
    }

    /// The folder a file is listed under: the first folder below its package or project
    /// (`Kit/Example`), or the first folder of its path outside every package.

    /// The deepest package directory is found by walking up the file's folders: one set
    /// lookup per level, however many packages the workspace has.
    static func folder(of file: String, packageDirectories: Set<String>) -> String {
        var base = Paths.parent(file)
        while !base.isEmpty && !packageDirectories.contains(base) { base = Paths.parent(base) }
        let inner = base.isEmpty ? file : Paths.relative(file, to: base)
        let components = inner.split(separator: "/")
        guard components.count > 1 else { return base }
        return Paths.join(base, String(components[0]))
    }

    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
