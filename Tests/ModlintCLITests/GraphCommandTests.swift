import Foundation
import ModlintTestSupport
import Testing

/// `modlint graph` end to end: views, transforms, violations, formats, `--check`.
@Suite(.serialized) struct GraphCommandTests {
    /// Kit: Feature → Service → Core → Models, Feature → Core (implied), Service ↔ Cache
    /// (declared cycle), Feature imports Models without declaring it; tests in Kit, and an
    /// app package using Feature.
    static let workspace: [(String, String)] = [
        ("Kit/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "KitPackage",
            products: [.library(name: "Feature", targets: ["Feature"])],
            dependencies: [.package(url: "https://github.com/example/Remote.git", from: "1.0.0")],
            targets: [
                .target(name: "Feature", dependencies: ["Service", "Core"]),
                .target(name: "Service", dependencies: ["Core", "Cache"]),
                .target(name: "Cache", dependencies: ["Service"]),
                .target(name: "Core", dependencies: ["Models", .product(name: "Remote", package: "Remote")]),
                .target(name: "Models"),
                .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
            ]
        )
        """),
        ("Kit/Sources/Feature/Feature.swift", "import Service\nimport Core\nimport Models\n"),
        ("Kit/Sources/Service/Service.swift", "import Core\nimport Cache\n"),
        ("Kit/Sources/Cache/Cache.swift", "import Service\n"),
        ("Kit/Sources/Core/Core.swift", "import Models\nimport Remote\n"),
        ("Kit/Sources/Models/Models.swift", "public struct Model {}\n"),
        ("Kit/Tests/FeatureTests/FeatureTests.swift", "import Feature\n"),
        ("App/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "App",
            dependencies: [.package(path: "../Kit")],
            targets: [.executableTarget(name: "App", dependencies: [.product(name: "Feature", package: "Kit")])]
        )
        """),
        ("App/Sources/App/main.swift", "import Feature\n"),
    ]

    struct Graph: Decodable, Equatable {
        struct Node: Decodable, Equatable {
            var id: String
            var kind: String
        }

        struct Edge: Decodable, Equatable {
            var from: String
            var to: String
            var kind: String
            var violations: [String]?
        }

        var nodes: [Node]
        var edges: [Edge]

        var edgeList: [String] {
            edges.map { "\($0.from)->\($0.to):\($0.kind)" + ($0.violations.map { "[\($0.joined(separator: ","))]" } ?? "") }
        }
    }

    static func graph(_ arguments: [String], in directory: TemporaryDirectory) throws -> Graph {
        let run = try CLI.run(["graph", directory.path, "--format", "json"] + arguments)
        #expect(run.exitCode == 0, "\(arguments): \(run.standardError)")
        return try JSONDecoder().decode(Graph.self, from: Data(run.standardOutput.utf8))
    }

    @Test func modulesViewMarksViolations() throws {
        let directory = try TemporaryDirectory(files: Self.workspace)
        defer { directory.remove() }
        let graph = try Self.graph([], in: directory)
        #expect(graph.nodes.map(\.id) == ["App", "Cache", "Core", "Feature", "Models", "Service"])
        #expect(graph.edgeList == [
            "App->Feature:dependency",
            // The target cycle is an import cycle too: both findings name the edges.
            "Cache->Service:dependency[import-cycle,target-cycle]",
            "Core->Models:dependency",
            "Feature->Core:dependency",
            "Feature->Models:import[undeclared-import]",
            "Feature->Service:dependency",
            "Service->Cache:dependency[import-cycle,target-cycle]",
            "Service->Core:dependency",
        ])
    }

    @Test func packagesViewUsesManifestNamesAsLabels() throws {
        let directory = try TemporaryDirectory(files: Self.workspace)
        defer { directory.remove() }
        let graph = try Self.graph(["--view", "packages", "--include-external"], in: directory)
        #expect(graph.nodes.map(\.id) == ["app", "kit", "remote"])
        #expect(graph.edgeList == ["app->kit:package", "kit->remote:package"])
        let dot = try CLI.run(["graph", directory.path, "--view", "packages"])
        #expect(dot.standardOutput.contains("\"kit\" [label=\"KitPackage\", shape=tab"))
    }

    @Test func focusDepthReverseExcludeCollapseReduce() throws {
        let directory = try TemporaryDirectory(files: Self.workspace)
        defer { directory.remove() }
        let focused = try Self.graph(["--focus", "Service", "--depth", "1"], in: directory)
        #expect(focused.edgeList == [
            "Cache->Service:dependency[import-cycle,target-cycle]", "Service->Cache:dependency[import-cycle,target-cycle]",
            "Service->Core:dependency",
        ])
        let reverse = try Self.graph(["--focus", "Core", "--reverse", "--include-tests"], in: directory)
        #expect(reverse.nodes.map(\.id) == ["App", "Cache", "Core", "Feature", "FeatureTests", "Service"])
        let excluded = try Self.graph(["--exclude", "C*", "--exclude", "App/**"], in: directory)
        #expect(excluded.nodes.map(\.id) == ["Feature", "Models", "Service"])
        #expect(excluded.edgeList == ["Feature->Models:import[undeclared-import]", "Feature->Service:dependency"])
        let collapsed = try Self.graph(["--collapse", "package"], in: directory)
        #expect(collapsed.nodes.map(\.id) == ["app", "kit"])
        #expect(collapsed.edgeList == [
            "app->kit:dependency", "kit->kit:dependency[import-cycle,target-cycle]", "kit->kit:import[undeclared-import]",
        ])
        let reduced = try Self.graph(["--transitive-reduction"], in: directory)
        #expect(!reduced.edgeList.contains("Feature->Core:dependency"))
        #expect(reduced.edgeList.contains("Feature->Models:import[undeclared-import]"))
        #expect(reduced.edges.count == 7)
    }

    @Test(arguments: [
        (["--focus", "Servic"], "--focus: no node 'Servic' in the modules view; did you mean 'Service'?"),
        (["--depth", "2"], "--depth and --reverse need --focus MODULE"),
        (["--reverse"], "--depth and --reverse need --focus MODULE"),
        (["--check"], "--check needs the committed file: -o FILE"),
        (["--check", "--format", "png", "-o", "x.png"], "--check compares DOT, Mermaid, JSON or SVG files"),
        (["--cluster", "galaxy"], "galaxy"),
        (["--collapse", "folder"], "folder"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory(files: Self.workspace)
        defer { directory.remove() }
        let run = try CLI.run(["graph", directory.path] + arguments)
        #expect(run.exitCode == 2, "\(arguments): \(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func textFormatsAreByteIdenticalAcrossRuns() throws {
        let directory = try TemporaryDirectory(files: Self.workspace)
        defer { directory.remove() }
        for format in ["dot", "mermaid", "json"] {
            let first = try CLI.run(["graph", directory.path, "--format", format, "--include-tests", "--include-external"])
            let second = try CLI.run(["graph", directory.path, "--format", format, "--include-tests", "--include-external"])
            #expect(first.exitCode == 0 && !first.standardOutput.isEmpty)
            #expect(first.standardOutput == second.standardOutput, "\(format)")
        }
    }

    @Test func imagesAreValid() throws {
        let directory = try TemporaryDirectory(files: Self.workspace)
        defer { directory.remove() }
        for format in ["svg", "png", "pdf"] {
            let file = directory.path + "/graph.\(format)"
            let run = try CLI.run(["graph", directory.path, "--format", format, "-o", file])
            #expect(run.exitCode == 0, "\(run.standardError)")
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            switch format {
            case "svg":
                let svg = String(decoding: data, as: UTF8.self)
                #expect(svg.hasPrefix("<?xml"))
                #expect(svg.contains("<!-- modlint-source: fnv1a64 "))
                for id in ["App", "Cache", "Core", "Feature", "Models", "Service"] { #expect(svg.contains("<title>\(id)</title>")) }
                #expect(svg.contains("<title>KitPackage</title>") || svg.contains(">KitPackage</text>"))
            case "png": #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            default: #expect(data.starts(with: Array("%PDF".utf8)))
            }
        }
    }

    @Test func renderFailureIsAClearInternalError() throws {
        let directory = try TemporaryDirectory(files: Self.workspace)
        defer { directory.remove() }
        let run = try CLI.run(["graph", directory.path, "--format", "svg"], environment: ["MODLINT_FAULT_INJECTION": "invalid-dot"])
        #expect(run.exitCode == 3)
        #expect(run.standardError.hasPrefix("modlint: error: cannot render the diagram: invalid DOT input\nGraphviz: "), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test(arguments: ["dot", "mermaid", "json", "svg"])
    func checkReportsCurrentStaleAndMissing(format: String) throws {
        let directory = try TemporaryDirectory(files: Self.workspace)
        defer { directory.remove() }
        let file = directory.path + "/docs/modules.\(format)"
        let missing = try CLI.run(["graph", directory.path, "--format", format, "--check", "-o", file])
        #expect(missing.exitCode == 2)
        #expect(missing.standardError == "modlint: error: \(file) does not exist; generate it without --check\n")
        #expect(FileManager.default.fileExists(atPath: file) == false)

        // Like every report, a diagram is written into a folder that exists.
        let noFolder = try CLI.run(["graph", directory.path, "--format", format, "-o", file])
        #expect(noFolder.exitCode == 2)
        #expect(noFolder.standardError == "modlint: error: cannot write \(file): No such file or directory\n")
        try FileManager.default.createDirectory(atPath: directory.path + "/docs", withIntermediateDirectories: true)
        #expect(try CLI.run(["graph", directory.path, "--format", format, "-o", file]).exitCode == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: file))
        let current = try CLI.run(["graph", directory.path, "--format", format, "--check", "-o", file])
        #expect(current.exitCode == 0, "\(current.standardError)")
        #expect(current.standardOutput.isEmpty && current.standardError.isEmpty)

        // The code changes: Feature stops importing Models (the undeclared-import edge goes).
        try directory.write("Kit/Sources/Feature/Feature.swift", "import Service\nimport Core\n")
        let stale = try CLI.run(["graph", directory.path, "--format", format, "--check", "-o", file])
        #expect(stale.exitCode == 1)
        #expect(stale.standardError == "modlint: error: \(file) is stale: the modules view has changed; "
            + "regenerate it by running the same command without --check\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == written, "--check never writes")
    }

    @Test func checkRejectsAnSVGWithoutStamp() throws {
        let directory = try TemporaryDirectory(files: Self.workspace + [("hand.svg", "<svg></svg>\n")])
        defer { directory.remove() }
        let run = try CLI.run(["graph", directory.path, "--format", "svg", "--check", "-o", directory.path + "/hand.svg"])
        #expect(run.exitCode == 2)
        #expect(run.standardError.contains("has no modlint source stamp"))
    }

    @Test func layersAreClusteredAndRankedTopToBottom() throws {
        let directory = try TemporaryDirectory(files: Self.workspace + [(".modlint.yml", """
        layers:
          - name: app
            modules: [App]
          - name: features
            modules: [Feature, Service]
          - name: core
            modules: [Cache]
            paths: ["Kit/Sources/Core", "Kit/Sources/Models"]
        composition-roots: [App]
        """)])
        defer { directory.remove() }
        let dot = try CLI.run(["graph", directory.path, "--cluster", "layer"])
        #expect(dot.exitCode == 0, "\(dot.standardError)")
        for layer in ["app", "features", "core"] { #expect(dot.standardOutput.contains("subgraph \"cluster_\(layer)\" {")) }
        #expect(dot.standardOutput.contains("// Layer ranks (top to bottom): app, features, core"))
        #expect(dot.standardOutput.contains("\"App\" [style=\"rounded,filled,bold\", peripheries=2, fillcolor=\"#fff1d6\", color=\"#c05621\", shape=box, penwidth=2.5"))

        let svg = try CLI.run(["graph", directory.path, "--cluster", "layer", "--format", "svg"])
        let geometry = SVGGeometry(svg: svg.standardOutput)
        func top(_ id: String) throws -> Double { try #require(geometry.nodes.first { $0.title == id }).box.minY }
        func bottom(_ id: String) throws -> Double { try #require(geometry.nodes.first { $0.title == id }).box.maxY }
        #expect(try bottom("App") < top("Feature"))
        #expect(try bottom("Feature") < top("Core"))
        #expect(try bottom("Feature") < top("Models"))
        // Cache -> Service goes up a layer (a cycle): it must not pull Cache up.
        #expect(dot.standardOutput.contains("\"Cache\" -> \"Service\" [constraint=false, color="))
        #expect(try bottom("Service") < top("Cache"))
    }

    /// The red edges are the lint result's: a layer violation and a forbidden dependency
    /// are drawn in DOT and in the Markdown report alike, and a suppressed finding is not.
    @Test func layerAndForbiddenEdgesAreRedAsTheResultSays() throws {
        let configuration = """
        layers:
          - name: features
            modules: [Feature, Service]
          - name: core
            modules: [Cache, Core, Models]
        forbidden:
          - from: Feature
            to: Core
            reason: features go through Service
          - from: Core
            to: Models
            reason: a suppressed promise
        """
        let files = Self.workspace.map { entry in
            // `Core -> Models` is suppressed where it is declared: it must not be drawn.
            entry.0 == "Kit/Package.swift" ? (entry.0, entry.1.replacingOccurrences(
                of: "        .target(name: \"Core\",",
                with: "        // modlint:disable:next forbidden-dependency - kept on purpose\n        .target(name: \"Core\",")) : entry
        }
        let directory = try TemporaryDirectory(files: files + [(".modlint.yml", configuration)])
        defer { directory.remove() }
        let graph = try Self.graph([], in: directory)
        #expect(graph.edgeList.contains("Cache->Service:dependency[import-cycle,layer-violation,target-cycle]"))
        #expect(graph.edgeList.contains("Feature->Core:dependency[forbidden-dependency]"))
        #expect(graph.edgeList.contains("Core->Models:dependency"))
        let dot = try CLI.run(["graph", directory.path])
        #expect(dot.standardOutput.contains(##""Feature" -> "Core" [color="#d62728", fontcolor="#d62728", penwidth=2, tooltip="forbidden-dependency""##),
                "\(dot.standardOutput)")
        #expect(dot.standardOutput.contains(#"tooltip="import-cycle, layer-violation, target-cycle""#))
        #expect(!dot.standardOutput.contains(##""Core" -> "Models" [color="#d62728""##))
        let markdown = try CLI.run(["lint", "--no-cache", "--reporter", "markdown", directory.path])
        #expect(markdown.standardOutput.contains("-->|forbidden-dependency|"))
        #expect(markdown.standardOutput.contains("-->|layer-violation|"))
        #expect(!markdown.standardOutput.contains("a suppressed promise"))
    }

    /// 124 targets in six packages: by default one node per package with a hint naming
    /// the options that expand it, and a legend; all modules on request, with no two nodes
    /// overlapping, and the SVG byte-identical across runs. `MODLINT_KEEP_RENDERINGS=DIR`
    /// keeps an SVG and a PNG to look at.
    @Test func largeWorkspaceStaysReadable() throws {
        let directory = try TemporaryDirectory(files: LargeWorkspace.files)
        defer { directory.remove() }
        let names = LargeWorkspace.targets.map(\.name)
        #expect(names.count == 124)
        let collapsed = try CLI.run(["graph", directory.path, "--format", "svg"])
        #expect(collapsed.exitCode == 0)
        #expect(SVGGeometry(svg: collapsed.standardOutput).nodes.map(\.title).sorted() == ["app", "core", "features", "services", "ui", "utilities"])
        #expect(collapsed.standardError == "modlint: 124 modules drawn as 6 package nodes to stay readable; draw modules with "
                + "--focus MODULE [--depth N], --expand PACKAGE (repeatable) or --collapse none, or see every module in `modlint report -o architecture.html`\n")
        #expect(collapsed.standardOutput.contains(">Legend<"))
        #expect(collapsed.standardOutput.contains("breaks a rule") == false)
        let expanded = SVGGeometry(svg: try CLI.run(["graph", directory.path, "--format", "svg", "--expand", "utilities"]).standardOutput)
        #expect(expanded.nodes.count == 5 + 8)
        let first = try CLI.run(["graph", directory.path, "--format", "svg", "--collapse", "none"])
        #expect(first.exitCode == 0, "\(first.standardError)")
        #expect(first.standardError.isEmpty)
        let second = try CLI.run(["graph", directory.path, "--format", "svg", "--collapse", "none"])
        #expect(first.standardOutput == second.standardOutput, "the layout is not stable")
        let geometry = SVGGeometry(svg: first.standardOutput)
        #expect(geometry.nodes.map(\.title).sorted() == names.sorted())
        #expect(geometry.overlaps.isEmpty, "overlapping nodes: \(geometry.overlaps.prefix(10))")

        // The app's 40 features are leaves once focused: spread over four rows of ten.
        let fan = SVGGeometry(svg: try CLI.run(["graph", directory.path, "--format", "svg", "--focus", "App", "--depth", "1"]).standardOutput)
        #expect(fan.nodes.count == 41)
        #expect(fan.overlaps.isEmpty)
        #expect(Set(fan.nodes.filter { $0.title != "App" }.map { Int($0.box.minY) }).count == 4)
        if let keep = ProcessInfo.processInfo.environment["MODLINT_KEEP_RENDERINGS"] {
            for format in ["svg", "png", "dot"] {
                _ = try CLI.run(["graph", directory.path, "--format", format, "--collapse", "none", "-o", "\(keep)/large-modules.\(format)"])
                _ = try CLI.run(["graph", directory.path, "--format", format, "--view", "packages", "-o", "\(keep)/large-packages.\(format)"])
                _ = try CLI.run(["graph", directory.path, "--format", format, "--focus", "App", "--depth", "1", "-o", "\(keep)/large-focus-app.\(format)"])
            }
        }
    }

    /// 1,000 modules: collapsed by default and drawn at once; all of them as an image is
    /// refused with the options that help instead of minutes of silent layout, and as DOT
    /// they are written.
    @Test func thousandModulesNeverHangTheLayout() throws {
        var files: [(String, String)] = []
        for package in 0..<20 {
            let targets = (0..<50).map { index -> String in
                let dependency = index > 0 ? "\"P\(package)M\(index - 1)\"" : (package > 0 ? ".product(name: \"P\(package - 1)M0\", package: \"P\(package - 1)\")" : "")
                return ".target(name: \"P\(package)M\(index)\", dependencies: [\(dependency)])"
            }
            let products = ".library(name: \"P\(package)M0\", targets: [\"P\(package)M0\"])"
            let dependencies = package > 0 ? ".package(path: \"../P\(package - 1)\")" : ""
            files.append(("P\(package)/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P\(package)", products: [\(products)], dependencies: [\(dependencies)],
                                  targets: [\(targets.joined(separator: ", "))])
            """))
            for index in 0..<50 { files.append(("P\(package)/Sources/P\(package)M\(index)/F.swift", "public struct T {}\n")) }
        }
        let directory = try TemporaryDirectory(files: files)
        defer { directory.remove() }
        let collapsed = try CLI.run(["graph", directory.path, "--format", "svg"])
        #expect(collapsed.exitCode == 0, "\(collapsed.standardError)")
        #expect(SVGGeometry(svg: collapsed.standardOutput).nodes.count == 20)
        let refused = try CLI.run(["graph", directory.path, "--format", "svg", "--collapse", "none"])
        #expect(refused.exitCode == 2)
        #expect(refused.standardError.contains("the modules view has 1000 nodes, more than Graphviz lays out in reasonable time (limit 500)"))
        let dot = try CLI.run(["graph", directory.path, "--format", "dot", "--collapse", "none"])
        #expect(dot.exitCode == 0)
        #expect(dot.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("    \"P19M") && $0.contains("tooltip=") }.count == 50)
    }

    /// 70 modules in one package: package nodes would say nothing, so the modules are
    /// drawn, with a hint that names the options that narrow the view.
    @Test func oneLargePackageKeepsItsModules() throws {
        let targets = (0..<70).map { ".target(name: \"M\($0)\"\($0 > 0 ? ", dependencies: [\"M\($0 - 1)\"]" : ""))" }
        var files: [(String, String)] = [("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Big", targets: [\(targets.joined(separator: ", "))])
        """)]
        for index in 0..<70 { files.append(("Sources/M\(index)/F.swift", "public struct T {}\n")) }
        let directory = try TemporaryDirectory(files: files)
        defer { directory.remove() }
        let run = try CLI.run(["graph", directory.path, "--format", "mermaid"])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "modlint: 70 modules in one package make a large diagram; narrow it with --focus MODULE [--depth N] or --exclude GLOB\n")
        #expect(run.standardOutput.components(separatedBy: "\n").filter { $0.contains("[\"M") }.count == 70)
    }

    /// JSON is for tools: never collapsed unless asked (no hint), each module with its
    /// Swift files, so that a target's files can be compared with another tool's.
    @Test func jsonListsEveryModuleWithItsFiles() throws {
        let targets = (0..<70).map { ".target(name: \"M\($0)\"\($0 > 0 ? ", dependencies: [\"M\($0 - 1)\"]" : ""))" }
        var files: [(String, String)] = [("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Big", targets: [\(targets.joined(separator: ", "))])
        """), ("Other/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Other", targets: [.target(name: "O")])
        """), ("Other/Sources/O/O.swift", "public struct O {}\n")]
        for index in 0..<70 { files.append(("Sources/M\(index)/F.swift", "public struct T {}\n")) }
        files.append(("Sources/M0/G.swift", "public struct G {}\n"))
        let directory = try TemporaryDirectory(files: files)
        defer { directory.remove() }
        let run = try CLI.run(["graph", directory.path, "--format", "json"])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "")
        struct Listing: Decodable {
            struct Node: Decodable { var id: String; var files: [String]? }
            var nodes: [Node]
        }
        let listing = try JSONDecoder().decode(Listing.self, from: Data(run.standardOutput.utf8))
        #expect(listing.nodes.count == 71)
        #expect(listing.nodes.first { $0.id == "M0" }?.files == ["Sources/M0/F.swift", "Sources/M0/G.swift"])
        #expect(listing.nodes.first { $0.id == "O" }?.files == ["Other/Sources/O/O.swift"])
        let asked = try CLI.run(["graph", directory.path, "--format", "json", "--collapse", "package"])
        let packages = try JSONDecoder().decode(Listing.self, from: Data(asked.standardOutput.utf8)).nodes
        #expect(packages.count == 2 && packages.contains { $0.id == "other" && $0.files == nil })
    }

    /// The diagrams in docs/ are current (regenerate them with `make diagrams`).
    @Test(arguments: DocumentedDiagrams.all)
    func documentedDiagramsAreCurrent(diagram: DocumentedDiagrams.Diagram) throws {
        let root = repositoryRoot()
        let run = try CLI.run(["graph", diagram.path] + diagram.arguments + ["--check", "-o", diagram.file], in: root)
        #expect(run.exitCode == 0, "\(diagram.file): \(run.standardError) — run `make diagrams`")
    }

    @Test func everyDocumentedDiagramIsChecked() throws {
        let directory = repositoryRoot() + "/docs/diagrams"
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == DocumentedDiagrams.all.map { String($0.file.dropFirst("docs/diagrams/".count)) }.sorted())
    }
}

/// The diagrams of docs/diagrams.md, as the `diagrams` target of the Makefile writes them.
enum DocumentedDiagrams {
    struct Diagram: Sendable, CustomTestStringConvertible {
        var file: String
        var arguments: [String]
        /// What is drawn: the bundled example, or modlint itself (docs/architecture.md).
        var path = "Examples/DemoApp"
        var testDescription: String { file }
    }

    static let all: [Diagram] = ["packages", "modules", "imports", "di", "spezi"].map {
        Diagram(file: "docs/diagrams/\($0).svg", arguments: ["--view", $0, "--format", "svg"])
    } + [
        Diagram(file: "docs/diagrams/modules.mmd", arguments: ["--view", "modules", "--format", "mermaid"]),
        Diagram(file: "docs/diagrams/modules-focus-settings.svg",
                arguments: ["--view", "modules", "--focus", "Settings", "--depth", "1", "--format", "svg"]),
        Diagram(file: "docs/diagrams/modules-collapsed.svg",
                arguments: ["--view", "imports", "--collapse", "package", "--format", "svg"]),
        // One package, and its cluster would be named after the checkout folder: no clusters.
        Diagram(file: "docs/diagrams/modlint-modules.mmd", arguments: ["--view", "modules", "--cluster", "none", "--format", "mermaid"], path: "."),
    ]
}
