import ModlintGraph
import ModlintWorkspace

/// Remote packages the workspace depends on whose sources modlint could not find.
public struct UnreadDependency: Rule {
    public static let description = RuleDescription(
        id: "unread-dependency",
        defaultSeverity: .note,
        summary: "Remote packages whose sources modlint could not find: what their modules require is unknown.",
        rationale: """
        What a library module requires is declared in the library's sources: a Spezi \
        module's `@StandardActor` constraint and `@Dependency`s, a DI key's values, the \
        modules a product exports. modlint reads resolved dependency sources as context — \
        SwiftPM's `.build/checkouts`, Xcode's `SourcePackages/checkouts` (and, on macOS, the \
        project's DerivedData), and folders given with `--dependencies` or `dependencies:` \
        in `.modlint.yml` — matched by package identity (the last component of the URL). \
        Nothing inside them is reported and they are not counted in the summary.

        When a remote package's sources are not there, rules that would need its facts do \
        not guess: no unmet constraint, missing module or undeclared import is built on a \
        package modlint could not read. This note names those packages, with the version \
        `Package.resolved` pins, once per run. Provide them with `swift package resolve`, by \
        opening the project in Xcode once, or with `--dependencies FOLDER` (a folder of \
        package checkouts, such as a CI cache).
        """,
        examples: [
            RuleExample("a local package in a git submodule that is not checked out", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                \u{2193}    dependencies: [.package(path: "Vendor/Charts")],
                    targets: [.target(name: "App", dependencies: [.product(name: "Charts", package: "Charts")])]
                )
                """,
                "Sources/App/App.swift": "import Charts\n",
                ".gitmodules": "[submodule \"Vendor/Charts\"]\n\tpath = Vendor/Charts\n\turl = https://github.com/example/charts\n",
            ]),
            RuleExample("a remote package that has not been resolved", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [
                \u{2193}        .package(url: "https://github.com/StanfordSpezi/SpeziHealthKit.git", from: "1.0.0"),
                    ],
                    targets: [.target(name: "App", dependencies: [.product(name: "SpeziHealthKit", package: "SpeziHealthKit")])]
                )
                """,
                "Sources/App/App.swift": "import SpeziHealthKit\n",
            ]),
            RuleExample("a resolved remote package is read as context", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [.package(url: "https://github.com/example/Kit.git", from: "1.0.0")],
                    targets: [.target(name: "App", dependencies: [.product(name: "Kit", package: "Kit")])]
                )
                """,
                "Sources/App/App.swift": "import Kit\n",
                ".build/checkouts/Kit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                // A target cycle: an error in the dependency, never reported in the app.
                let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [
                    .target(name: "Kit", dependencies: ["KitCore"]),
                    .target(name: "KitCore", dependencies: ["Kit"]),
                ])
                """,
                ".build/checkouts/Kit/Sources/Kit/Kit.swift": "import KitCore\npublic struct Kit {}\n",
                ".build/checkouts/Kit/Sources/KitCore/Core.swift": "import Kit\n",
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        // Remote pods: one note per Podfile, written by the CocoaPods reader; the remedy is
        // the build system's whose file the note is on.
        let pods = context.notes(.unreadDependency).map { note in
            note.finding(message: note.message + "; " + BuildSystems.unreadDependencyRemedy(for: [note.file]), key: [note.file, "pods"])
        }
        let missing = context.workspace.unavailableDependencies
        let submodules = Self.missingSubmodules(context.workspace)
        guard let first = missing.first else { return pods + submodules }
        let names = missing.map { $0.identity + ($0.pin.map { " (pinned \($0))" } ?? "") }
        return [Finding(
            site: Site(file: first.file, line: first.line, column: 1),
            message: "\(missing.count == 1 ? "1 remote package is" : "\(missing.count) remote packages are") not read, so what "
                + "\(missing.count == 1 ? "its" : "their") modules require is unknown and not checked: \(names.joined(separator: ", ")); "
                + BuildSystems.unreadDependencyRemedy(for: missing.map(\.file)),
            key: missing.map(\.identity),
            related: missing.dropFirst().map { RelatedLocation(file: $0.file, line: $0.line, message: "\($0.identity) is declared here") }
        )] + pods + submodules
    }

    /// Local packages in git submodules that are not checked out: one note for all of them.
    static func missingSubmodules(_ workspace: Workspace) -> [Finding] {
        let missing = workspace.packages.filter { !$0.isContext }.flatMap { package in
            package.missingLocalPackages.filter(\.isSubmodule).map { (file: package.manifestPath, package: $0) }
        }
        guard let first = missing.first else { return [] }
        let folders = Array(Set(missing.map(\.package.folder))).sorted()
        return [Finding(
            site: Site(file: first.file, line: first.package.line, column: 1),
            message: "\(folders.count == 1 ? "1 git submodule is" : "\(folders.count) git submodules are") not checked out, so the local "
                + "\(folders.count == 1 ? "package" : "packages") in \(folders.joined(separator: ", ")) \(folders.count == 1 ? "is" : "are") not read; "
                + "run `git submodule update --init` before modlint",
            key: ["submodules"] + folders,
            related: missing.dropFirst().map { RelatedLocation(file: $0.file, line: $0.package.line, message: "\($0.package.path) is declared here") }
        )]
    }
}
