// swift-tools-version:6.0
// modlint — architecture linter for modular Swift code bases.
// The pipeline is split into one library target per stage so that each stage
// can be tested, benchmarked and reused on its own:
//   tokenizer → facts / manifest → workspace → graph → rule engine → rules
//   → reporters / rendering → thin CLI.
import PackageDescription

let package = Package(
    name: "modlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "modlint", targets: ["modlint"]),
        // Stage libraries, for tools (and the accuracy oracle) built on top of modlint.
        .library(name: "ModlintTokenizer", targets: ["ModlintTokenizer"]),
        .library(name: "ModlintFacts", targets: ["ModlintFacts"]),
        .library(name: "ModlintManifest", targets: ["ModlintManifest"]),
        .library(name: "ModlintXcode", targets: ["ModlintXcode"]),
        .library(name: "ModlintCocoaPods", targets: ["ModlintCocoaPods"]),
        .library(name: "ModlintBazel", targets: ["ModlintBazel"]),
        .library(name: "ModlintKit", targets: ["ModlintRuleEngine", "ModlintRules", "ModlintReporters", "ModlintRendering", "ModlintFix"]),
        // Rendering to SVG, PNG and PDF (links libgvc); DOT, Mermaid and JSON need only ModlintKit.
        .library(name: "ModlintGraphviz", targets: ["ModlintGraphviz"]),
        .library(name: "ModlintReport", targets: ["ModlintReport"]),
        // `swift package modlint` in packages that depend on modlint.
        .plugin(name: "ModlintCommandPlugin", targets: ["ModlintCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // Byte-level lexer: tokens, `#if` condition stack, line table.
        .target(name: "ModlintTokenizer"),
        // Per-file source summaries: imports, type declarations, extensions.
        .target(name: "ModlintFacts", dependencies: ["ModlintTokenizer"]),
        // Static reader for Package.swift manifests.
        .target(name: "ModlintManifest", dependencies: ["ModlintTokenizer"]),
        // Static reader for Xcode projects and workspaces (`project.pbxproj`, `contents.xcworkspacedata`).
        .target(name: "ModlintXcode"),
        // XcodeGen specs (`project.yml`) read into the Xcode project model, includes and templates resolved.
        .target(name: "ModlintXcodeGen", dependencies: ["ModlintXcode", .product(name: "Yams", package: "Yams")]),
        // CocoaPods podspecs, Podfiles and Podfile.lock, read from their Ruby DSL without Ruby.
        .target(name: "ModlintCocoaPods"),
        // Bazel BUILD and .bzl files: a Starlark reader that records the Swift and Apple rules.
        .target(name: "ModlintBazel"),
        // `.modlint.yml`: strict YAML reading with located errors, globs, layers.
        .target(name: "ModlintConfiguration", dependencies: [.product(name: "Yams", package: "Yams")]),
        // Discovery of packages, targets and their source files.
        .target(name: "ModlintWorkspace", dependencies: ["ModlintManifest", "ModlintXcode", "ModlintXcodeGen", "ModlintCocoaPods", "ModlintBazel", "ModlintFacts", "ModlintConfiguration"]),
        // Module graph and graph algorithms (cycles, reachability).
        .target(name: "ModlintGraph", dependencies: ["ModlintWorkspace", "ModlintXcode", "ModlintFacts", "ModlintManifest", "ModlintConfiguration", "ModlintTokenizer"]),
        // Rule protocol, diagnostics, the versioned result and the lint driver.
        .target(name: "ModlintRuleEngine", dependencies: ["ModlintGraph", "ModlintWorkspace", "ModlintFacts", "ModlintConfiguration", "ModlintJSON"]),
        // One file per rule, each with rationale and executable examples.
        .target(name: "ModlintRules", dependencies: ["ModlintRuleEngine", "ModlintGraph", "ModlintFacts", "ModlintTokenizer", "ModlintWorkspace", "ModlintManifest"], path: "Rules"),
        // Ordered JSON values (deterministic bytes in the documented key order), and the text
        // escapers the reporters and renderers share.
        .target(name: "ModlintJSON"),
        // Pure functions from the result to text, JSON, ...
        .target(name: "ModlintReporters", dependencies: ["ModlintRuleEngine", "ModlintWorkspace", "ModlintJSON"]),
        // Graphviz is linked in-process, by ModlintGraphviz only.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // Views, their shaping (a lint run's violations drawn red) and the text formats (DOT, Mermaid, JSON): no Graphviz needed.
        .target(name: "ModlintRendering", dependencies: ["ModlintGraph", "ModlintRuleEngine", "ModlintJSON", "ModlintWorkspace", "ModlintConfiguration"]),
        // SVG, PNG and PDF through libgvc, linked in process.
        .target(name: "ModlintGraphviz", dependencies: ["ModlintRendering", "CGraphviz", "ModlintGraph"]),
        // `modlint report`: the interactive HTML architecture report (page assets compiled in).
        .target(name: "ModlintReport", dependencies: ["ModlintRendering", "ModlintRuleEngine", "ModlintGraph", "ModlintJSON", "ModlintWorkspace", "ModlintConfiguration"],
                resources: [.embedInCode("Assets/report.html"), .embedInCode("Assets/report.css"), .embedInCode("Assets/report.js")]),
        // `modlint fix`: the manifest edits findings carry, applied as minimal text edits.
        .target(name: "ModlintFix", dependencies: ["ModlintRuleEngine", "ModlintGraph", "ModlintTokenizer", "ModlintWorkspace"]),
        // `modlint diff`: two revisions analysed (one from git objects) and compared.
        .target(name: "ModlintDiff", dependencies: ["ModlintRuleEngine", "ModlintGraph", "ModlintWorkspace", "ModlintReporters", "ModlintRendering", "ModlintJSON"]),
        // The commit a release build was made from (`make dist` defines it; empty otherwise).
        .target(name: "ModlintBuildInfo"),
        .executableTarget(
            name: "modlint",
            dependencies: [
                "ModlintRules", "ModlintReporters", "ModlintRendering", "ModlintGraphviz", "ModlintFix", "ModlintReport",
                "ModlintRuleEngine", "ModlintGraph", "ModlintWorkspace", "ModlintConfiguration", "ModlintBuildInfo", "ModlintDiff",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // `swift package modlint [ARGS]`: runs the modlint tool on the package directory.
        .plugin(
            name: "ModlintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "modlint", description: "Lint the architecture of this package with modlint"),
                permissions: []
            ),
            dependencies: ["modlint"],
            // Kept under Sources/ so that the top level stays the documented layout.
            path: "Sources/ModlintCommandPlugin"
        ),

        // Scratch directories and paths shared by the test targets.
        .target(name: "ModlintTestSupport", path: "Sources/ModlintTestSupport"),

        .testTarget(name: "ModlintTokenizerTests", dependencies: ["ModlintTokenizer", "ModlintTestSupport"]),
        .testTarget(name: "ModlintFactsTests", dependencies: ["ModlintFacts", "ModlintTokenizer"]),
        .testTarget(name: "ModlintManifestTests", dependencies: ["ModlintManifest", "ModlintConfiguration", "ModlintTestSupport"]),
        .testTarget(name: "ModlintXcodeTests", dependencies: ["ModlintXcode", "ModlintTestSupport"]),
        .testTarget(name: "ModlintXcodeGenTests", dependencies: ["ModlintXcodeGen", "ModlintXcode"]),
        .testTarget(name: "ModlintCocoaPodsTests", dependencies: ["ModlintCocoaPods"]),
        .testTarget(name: "ModlintBazelTests", dependencies: ["ModlintBazel"]),
        .testTarget(name: "ModlintWorkspaceTests", dependencies: ["ModlintWorkspace", "ModlintFacts", "ModlintManifest", "ModlintTestSupport", "ModlintBazel"]),
        .testTarget(name: "ModlintConfigurationTests", dependencies: ["ModlintConfiguration"]),
        .testTarget(name: "ModlintGraphTests", dependencies: ["ModlintGraph", "ModlintWorkspace", "ModlintTestSupport", "ModlintRendering", "ModlintFacts",
                                                             "ModlintRuleEngine", "ModlintRules", "ModlintConfiguration"]),
        .testTarget(name: "ModlintRulesTests", dependencies: ["ModlintRules", "ModlintRuleEngine", "ModlintGraph", "ModlintWorkspace", "ModlintTestSupport", "ModlintRendering"],
                    exclude: ["Fixtures"], resources: [.copy("Golden")]),
        .testTarget(name: "ModlintReportersTests", dependencies: ["ModlintReporters", "ModlintRuleEngine", "ModlintJSON", "ModlintTestSupport"], resources: [.copy("Golden"), .copy("Schemas")]),
        .testTarget(name: "ModlintRenderingTests", dependencies: ["ModlintRendering", "ModlintGraphviz", "ModlintGraph", "ModlintTestSupport"], resources: [.copy("Golden")]),
        .testTarget(name: "ModlintFixTests", dependencies: ["ModlintFix", "ModlintRuleEngine"]),
        .testTarget(name: "ModlintRuleEngineTests", dependencies: ["ModlintRuleEngine", "ModlintWorkspace", "ModlintGraph", "ModlintConfiguration", "ModlintTestSupport"]),
        .testTarget(name: "ModlintJSONTests", dependencies: ["ModlintJSON"]),
        .testTarget(name: "ModlintDiffTests", dependencies: ["ModlintDiff", "ModlintRuleEngine", "ModlintWorkspace"]),
        .testTarget(name: "ModlintCLITests", dependencies: ["modlint", "ModlintTestSupport", .product(name: "Yams", package: "Yams")],
                    resources: [.copy("Golden")]),
    ]
)
