// swift-tools-version:6.0
// modlint benchmarks and accuracy harness. A separate package: swift-syntax is a
// dependency of this package only, never of modlint itself.
//   modlint-oracle    swift-syntax facts for a list of files (JSON lines)
//   modlint-accuracy  modlint facts / manifests vs swift-syntax / `swift package dump-package`
//   modlint-bench     throughput and wall-time table against the DESIGN.md targets
import PackageDescription

let package = Package(
    name: "ModlintBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "modlint", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        .target(
            name: "BenchKit",
            dependencies: [
                .product(name: "ModlintFacts", package: "modlint"),
                .product(name: "ModlintManifest", package: "modlint"),
                .product(name: "ModlintTokenizer", package: "modlint"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(name: "modlint-oracle", dependencies: ["BenchKit"]),
        .executableTarget(name: "modlint-accuracy", dependencies: ["BenchKit"]),
        .executableTarget(name: "modlint-bench", dependencies: ["BenchKit", .product(name: "ModlintXcode", package: "modlint"),
                                                               .product(name: "ModlintCocoaPods", package: "modlint"),
                                                               .product(name: "ModlintBazel", package: "modlint")]),
    ]
)
