// swift-tools-version:6.0
// modlint — architecture linter for modular Swift code bases.
// The pipeline is split into one library target per stage so that each stage
// can be tested, benchmarked and reused on its own:
//   tokenizer → facts / manifest, readers → workspace → graph → rules (and their engine)
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
        // The rules and their engine, reporters, diagrams (SVG, PNG and PDF through libgvc) and fix.
        .library(name: "ModlintKit", targets: ["ModlintRules", "ModlintReporters", "ModlintRendering", "ModlintFix"]),
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
        // Static readers for Xcode projects and workspaces (`project.pbxproj`, `contents.xcworkspacedata`),
        // and for XcodeGen specs (`project.yml`, in XcodeGen/): read into the one Xcode project model,
        // includes and templates resolved.
        .target(name: "ModlintXcode", dependencies: [.product(name: "Yams", package: "Yams")]),
        // CocoaPods podspecs, Podfiles and Podfile.lock, read from their Ruby DSL without Ruby.
        .target(name: "ModlintCocoaPods"),
        // Bazel BUILD and .bzl files: a Starlark reader that records the Swift and Apple rules.
        .target(name: "ModlintBazel"),
        // `.modlint.yml`: strict YAML reading with located errors, globs, layers.
        .target(name: "ModlintConfiguration", dependencies: [.product(name: "Yams", package: "Yams")]),
        // Discovery of packages, targets and their source files.
        .target(name: "ModlintWorkspace", dependencies: ["ModlintManifest", "ModlintXcode", "ModlintCocoaPods", "ModlintBazel", "ModlintFacts", "ModlintConfiguration"]),
        // Module graph and graph algorithms (cycles, reachability).
        .target(name: "ModlintGraph", dependencies: ["ModlintWorkspace", "ModlintXcode", "ModlintFacts", "ModlintManifest", "ModlintConfiguration", "ModlintTokenizer"]),
        // One file per rule, each with rationale and executable examples; in Engine/, the rule
        // protocol, diagnostics, the versioned result and the lint driver.
        .target(name: "ModlintRules", dependencies: ["ModlintGraph", "ModlintFacts", "ModlintTokenizer", "ModlintWorkspace", "ModlintManifest",
                                                     "ModlintConfiguration", "ModlintJSON"], path: "Rules"),
        // Ordered JSON values (deterministic bytes in the documented key order), and the text
        // escapers the reporters and renderers share.
        .target(name: "ModlintJSON"),
        // Pure functions from the result to text, JSON, ...
        .target(name: "ModlintReporters", dependencies: ["ModlintRules", "ModlintWorkspace", "ModlintJSON"]),
        // Graphviz is linked in-process, by ModlintRendering only (its Graphviz/ folder).
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // Views, their shaping (a lint run's violations drawn red), the text formats (DOT, Mermaid,
        // JSON), and SVG, PNG and PDF through libgvc, linked in process (Graphviz/).
        .target(name: "ModlintRendering", dependencies: ["ModlintGraph", "ModlintRules", "ModlintJSON", "ModlintWorkspace", "ModlintConfiguration", "CGraphviz"]),
        // `modlint report`: the interactive HTML architecture report (page assets compiled in).
        .target(name: "ModlintReport", dependencies: ["ModlintRendering", "ModlintRules", "ModlintGraph", "ModlintJSON", "ModlintWorkspace", "ModlintConfiguration"],
                resources: [.embedInCode("Assets/report.html"), .embedInCode("Assets/report.css"), .embedInCode("Assets/report.js")]),
        // `modlint fix`: the manifest edits findings carry, applied as minimal text edits.
        .target(name: "ModlintFix", dependencies: ["ModlintRules", "ModlintGraph", "ModlintTokenizer", "ModlintWorkspace"]),
        // `modlint diff`: two revisions analysed (one from git objects) and compared.
        .target(name: "ModlintDiff", dependencies: ["ModlintRules", "ModlintGraph", "ModlintWorkspace", "ModlintReporters", "ModlintRendering", "ModlintJSON"]),
        // The commit a release build was made from (`make dist` defines it; empty otherwise).
        .target(name: "ModlintBuildInfo"),
        .executableTarget(
            name: "modlint",
            dependencies: [
                "ModlintRules", "ModlintReporters", "ModlintRendering", "ModlintFix", "ModlintReport",
                "ModlintGraph", "ModlintWorkspace", "ModlintConfiguration", "ModlintBuildInfo", "ModlintDiff",
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
        .testTarget(name: "ModlintXcodeGenTests", dependencies: ["ModlintXcode"]),
        .testTarget(name: "ModlintCocoaPodsTests", dependencies: ["ModlintCocoaPods"]),
        .testTarget(name: "ModlintBazelTests", dependencies: ["ModlintBazel"]),
        .testTarget(name: "ModlintWorkspaceTests", dependencies: ["ModlintWorkspace", "ModlintFacts", "ModlintManifest", "ModlintTestSupport", "ModlintBazel"]),
        .testTarget(name: "ModlintConfigurationTests", dependencies: ["ModlintConfiguration"]),
        .testTarget(name: "ModlintGraphTests", dependencies: ["ModlintGraph", "ModlintWorkspace", "ModlintTestSupport", "ModlintRendering", "ModlintFacts",
                                                             "ModlintRules", "ModlintConfiguration"]),
        .testTarget(name: "ModlintRulesTests", dependencies: ["ModlintRules", "ModlintGraph", "ModlintWorkspace", "ModlintTestSupport", "ModlintRendering"],
                    exclude: ["Fixtures"], resources: [.copy("Golden")]),
        .testTarget(name: "ModlintReportersTests", dependencies: ["ModlintReporters", "ModlintRules", "ModlintJSON", "ModlintTestSupport"], resources: [.copy("Golden"), .copy("Schemas")]),
        .testTarget(name: "ModlintRenderingTests", dependencies: ["ModlintRendering", "ModlintGraph", "ModlintTestSupport"], resources: [.copy("Golden")]),
        .testTarget(name: "ModlintFixTests", dependencies: ["ModlintFix", "ModlintRules"]),
        .testTarget(name: "ModlintRuleEngineTests", dependencies: ["ModlintRules", "ModlintWorkspace", "ModlintGraph", "ModlintConfiguration", "ModlintTestSupport"]),
        .testTarget(name: "ModlintJSONTests", dependencies: ["ModlintJSON"]),
        .testTarget(name: "ModlintDiffTests", dependencies: ["ModlintDiff", "ModlintRules", "ModlintWorkspace"]),
        .testTarget(name: "ModlintCLITests", dependencies: ["modlint", "ModlintTestSupport", .product(name: "Yams", package: "Yams")],
                    resources: [.copy("Golden")]),
    ]
)
