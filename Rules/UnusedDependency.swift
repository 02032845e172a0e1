import ModlintGraph

/// A declared dependency that no source file of the target imports.
public struct UnusedDependency: Rule {
    public static let description = RuleDescription(
        id: "unused-dependency",
        defaultSeverity: .warning,
        summary: "A target declares a dependency that none of its source files imports.",
        rationale: """
        Every declared dependency is an edge in the module graph: it is built before the \
        target, it is linked into it, and every architecture rule treats it as real. A \
        dependency that no source file imports only costs build time and hides the true \
        shape of the graph — and it lets code start using the module later without anyone \
        deciding that it should.

        A dependency counts as used when a source file of the target imports any module \
        it provides: any module of a product with several modules, or a module that one \
        of them re-exports with `@_exported import`. Imports under `#if` count. modlint \
        does not report what a missing import cannot prove: targets without Swift sources \
        (resource-only, C-family, binary and system targets), dependencies on plugins, \
        executables, macros, resource-only targets, system libraries and targets with \
        `linkerSettings:` and C-family targets that no module imports (a dependency on \
        them links a library or runtime shims), empty marker modules \
        (declared so that dependents can test `#if canImport(…)`), and products of packages \
        outside the workspace whose modules it cannot see (those are only reported when the target \
        imports no module that could belong to them). A C-family or system-library target \
        provides the module its `module.modulemap` declares, whatever the target is called. \
        To fix a finding, remove the dependency from the manifest.

        A module linked for what it provides at run time is not unused, though nothing \
        imports it: the live value of a dependency key declared in another module \
        (`ClientLive` with `extension Client: DependencyKey { static let liveValue = … }`), \
        DI registrations of other modules' types, a conformance of another module's \
        type to a protocol from elsewhere, or its `resources:` (copied into what links it). \
        When no other dependency links it, removing it \
        would still build and silently ship the test value, so it is kept, and a note says \
        why; `fix --remove-unused` leaves it alone. So is a dependency that is the target's \
        only way to a module with resources, a live value or registrations (removing it \
        would unlink that module too). Resources count whether declared with `resources:` \
        or picked up by SwiftPM's defaults (asset catalogs, `.lproj` folders, Core Data \
        models, storyboards and XIBs, Metal sources, string catalogs under the target's \
        folder). A module the target reaches through \
        another dependency anyway is reported as before: dropping the direct edge changes \
        nothing that runs.

        Nor is a dependency that another import builds through: SwiftPM compiles an \
        import of any module the importer reaches through declared dependencies, so a \
        dependent (or the target itself) may import a module that it reaches only by way \
        of this edge. Removing it would turn that import into an error; it is kept with a \
        note naming the import (declare that module where it is imported, then remove the \
        edge). Removals are judged one after the other, so that applying every finding's \
        fix keeps every import that builds today reachable.
        """,
        examples: [
            RuleExample("a feature declares networking but never imports it", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Feature", dependencies: ["Models", \u{2193}"Networking"]),
                        .target(name: "Networking"),
                        .target(name: "Models"),
                    ]
                )
                """,
                "Sources/Feature/Feature.swift": "import Models\n",
                "Sources/Networking/Client.swift": "struct Client {}\n",
                "Sources/Models/Model.swift": "struct Model {}\n",
            ]),
            RuleExample("a live-implementation module and a resource library nobody imports are kept, with a note", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Client"),
                        .target(name: "ClientLive", dependencies: ["Client"]),
                        .target(name: "Sounds", resources: [.process("Resources")]),
                        .target(name: "Feature", dependencies: ["Client", \u{2193}"ClientLive", \u{2193}"Sounds"]),
                    ]
                )
                """,
                "Sources/Sounds/Sounds.swift": "public enum Sounds {}\n",
                "Sources/Client/Client.swift": """
                import Dependencies

                public struct Client {
                    public var fetch: () async throws -> String
                }

                extension Client: TestDependencyKey {
                    public static let testValue = Client(fetch: { "" })
                }
                """,
                "Sources/ClientLive/Live.swift": """
                import Client
                import Dependencies

                extension Client: DependencyKey {
                    public static let liveValue = Client(fetch: { "live" })
                }
                """,
                "Sources/Feature/Feature.swift": "import Client\n",
            ]),
            RuleExample("an edge another import builds through, and a library whose asset catalog SwiftPM bundles without `resources:`: kept, with a note", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Models"),
                        .target(name: "Kit", dependencies: ["Models"]),
                        .target(name: "Core", dependencies: [\u{2193}"Kit"]),
                        .target(name: "Theme"),
                        .target(name: "Feature", dependencies: ["Core", \u{2193}"Theme"]),
                    ]
                )
                """,
                "Sources/Models/Model.swift": "public struct Model {}\n",
                "Sources/Kit/Kit.swift": "import Models\n",
                "Sources/Core/Core.swift": "public struct Core {}\n",
                "Sources/Theme/Theme.swift": "public enum Theme {}\n",
                "Sources/Theme/Colors.xcassets/Contents.json": "{}\n",
                "Sources/Feature/Feature.swift": "import Core\nimport Models\n",
            ]),
            RuleExample("a library that is the only way to a module with resources: kept, with a note", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Assets", resources: [.process("Resources")]),
                        .target(name: "Design", dependencies: ["Assets"]),
                        .target(name: "Feature", dependencies: [\u{2193}"Design"]),
                    ]
                )
                """,
                "Sources/Assets/Assets.swift": "public enum Assets {}\n",
                "Sources/Design/Design.swift": "import Assets\n",
                "Sources/Feature/Feature.swift": "public enum Feature {}\n",
            ]),
            RuleExample("a live module reached through another dependency anyway, and a module's own key: reported (Search, which links ClientLive, gets the note)", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Client"),
                        .target(name: "ClientLive", dependencies: ["Client"]),
                        .target(name: "Settings"),
                        .target(name: "Search", dependencies: ["Client", \u{2193}"ClientLive"]),
                        .target(name: "Feature", dependencies: ["Search", \u{2193}"ClientLive", \u{2193}"Settings"]),
                    ]
                )
                """,
                "Sources/Client/Client.swift": """
                import Dependencies

                public struct Client {}
                """,
                "Sources/ClientLive/Live.swift": """
                import Client
                import Dependencies

                extension Client: DependencyKey {
                    public static let liveValue = Client()
                }
                """,
                "Sources/Settings/Settings.swift": """
                import Dependencies

                public struct Settings {}

                // The key's own module: only a file that imports Settings can ask for it.
                extension Settings: DependencyKey {
                    public static let liveValue = Settings()
                }
                """,
                "Sources/Search/Search.swift": "import Client\n",
                "Sources/Feature/Feature.swift": "import Search\n",
            ]),
            RuleExample("products with several modules (one that links a library: depending on it is using it), re-exports, conditional imports and plugins", files: [
                "App/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [.package(path: "../Kit")],
                    targets: [
                        .target(name: "App", dependencies: [
                            .product(name: "KitSuite", package: "Kit"),
                            .product(name: "Umbrella", package: "Kit"),
                            .product(name: "Platform", package: "Kit", condition: .when(platforms: [.iOS])),
                            .product(name: "CodeGen", package: "Kit"),
                            .product(name: "Compression", package: "Kit"),
                            "Assets",
                        ]),
                        .target(name: "Assets", resources: [.process("Resources")]),
                    ]
                )
                """,
                "App/Sources/App/App.swift": """
                import KitUI
                import Parts
                #if os(iOS)
                import Platform
                #endif
                """,
                "Kit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Kit",
                    products: [
                        .library(name: "KitSuite", targets: ["KitCore", "KitUI"]),
                        .library(name: "Umbrella", targets: ["Umbrella"]),
                        .library(name: "Platform", targets: ["Platform"]),
                        .executable(name: "CodeGen", targets: ["CodeGen"]),
                        .library(name: "Compression", targets: ["Compression", "ZShim"]),
                    ],
                    targets: [
                        .target(name: "KitCore"), .target(name: "KitUI"),
                        .target(name: "Umbrella", dependencies: ["Parts"]), .target(name: "Parts"),
                        .target(name: "Platform"), .executableTarget(name: "CodeGen"),
                        .target(name: "Compression"), .target(name: "ZShim", linkerSettings: [.linkedLibrary("z")]),
                    ]
                )
                """,
                "Kit/Sources/KitCore/Core.swift": "public struct Core {}\n",
                "Kit/Sources/KitUI/UI.swift": "public struct UI {}\n",
                "Kit/Sources/Umbrella/Exports.swift": "@_exported import Parts\n",
                "Kit/Sources/Parts/Parts.swift": "public struct Part {}\n",
                "Kit/Sources/Platform/Platform.swift": "public struct Platform {}\n",
                "Kit/Sources/CodeGen/main.swift": "print(1)\n",
                "Kit/Sources/Compression/Compression.swift": "public enum Compression {}\n",
                "Kit/Sources/ZShim/Shim.swift": "public func inflate() {}\n",
            ]),
            RuleExample("C modules named by their module map, system libraries, linker settings and runtime shims", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "App", dependencies: ["CShims", "CZlib", "Linked", "CRuntime"]),
                        .target(name: "CShims"),
                        .target(name: "CRuntime"),
                        .systemLibrary(name: "CZlib"),
                        .target(name: "Linked", linkerSettings: [.linkedLibrary("sqlite3")]),
                    ]
                )
                """,
                "Sources/App/App.swift": "import CShimsPrivate\n",
                "Sources/CShims/shim.c": "int shim(void) { return 0; }\n",
                "Sources/CShims/include/shim.h": "int shim(void);\n",
                "Sources/CShims/include/module.modulemap": "// the module Swift imports\nmodule CShimsPrivate {\n    header \"shim.h\"\n    export *\n}\n",
                "Sources/CZlib/module.modulemap": "module CZlib [system] {\n    link \"z\"\n}\n",
                "Sources/Linked/Linked.swift": "public struct Linked {}\n",
                "Sources/CRuntime/runtime.c": "void *swift_runtime_hook(void) { return 0; }\n",
            ]),
            RuleExample("an external product the target may import under another name", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Tool",
                    dependencies: [
                        .package(url: "https://github.com/apple/swift-collections", from: "1.0.0"),
                        .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
                    ],
                    targets: [
                        .target(name: "Tool", dependencies: [
                            .product(name: "Collections", package: "swift-collections"),
                            \u{2193}.product(name: "Logging", package: "swift-log"),
                        ]),
                        .target(name: "Other", dependencies: [.product(name: "Collections", package: "swift-collections")]),
                    ]
                )
                """,
                "Sources/Tool/Tool.swift": "import Foundation\nimport Collections\n",
                "Sources/Other/Other.swift": "import OrderedCollections\n",
            ]),
            RuleExample("a pod's podspec lists a pod it never imports; the Podfile's list is about installing (development pods must be listed there) and is not judged", files: [
                "App.xcodeproj/project.pbxproj": XcodeExampleProjects.app(),
                "App/App.swift": "import Profile\n",
                "Podfile": "target 'App' do\n  pod 'Profile', :path => 'Modules/Profile'\n  pod 'Networking', :path => 'Modules/Networking'\nend\n",
                "Modules/Profile/Profile.podspec": "Pod::Spec.new do |s|\n  s.name = 'Profile'\n  s.source_files = '*.swift'\n\u{2193}  s.dependency 'Networking'\nend\n",
                "Modules/Profile/Profile.swift": "public struct Profile {}\n",
                "Modules/Networking/Networking.podspec": "Pod::Spec.new do |s|\n  s.name = 'Networking'\n  s.source_files = '*.swift'\nend\n",
                "Modules/Networking/Client.swift": "public struct Client {}\n",
            ]),
        ],
        analyses: [.unusedDependencies]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let graph = context.graph
        return context.unusedDependencies.unused.map { unused in
            let module = graph.modules[unused.dependent]
            let declaration = unused.declaration
            let edges = declaration.isExternal ? [ModuleEdge(from: module.id, to: declaration.name)]
                : declaration.modules.map { ModuleEdge(from: module.id, to: graph.modules[$0].id) }
            // Linked for what it provides at run time (removing it would still build and
            // silently change what the app runs), or another import builds only through this
            // edge (removing it breaks the build): kept, and said so.
            let kept = unused.runtimeProvision.map { "\($0); removing it would still build and change what runs" }
                ?? unused.reachedThrough.map { "\($0); removing it would break that import (declare what it imports where it is imported first)" }
            if let kept {
                var note = Finding(
                    site: declaration.site,
                    message: "\(module.id) imports nothing from \(declaration.name), but the dependency is kept: \(kept)",
                    module: module.id,
                    key: [module.id, declaration.name, "kept"],
                    edges: edges
                )
                note.severity = .note
                return note
            }
            var finding = Finding(
                site: declaration.site,
                message: "\(module.id) declares a dependency on \(declaration.name) but none of its source files imports it",
                module: module.id,
                key: [module.id, declaration.name],
                edges: edges
            )
            let package = context.workspace.packages[module.packageIndex]
            let target = package.targets[module.targetIndex].declaration
            finding.fix = DependencyFix(action: .remove, manifest: declaration.site.file, target: target.name,
                                        dependency: declaration.name, isXcodeProject: package.kind == .xcodeProject && package.generator == nil)
            return finding
        }
    }
}
