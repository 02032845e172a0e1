// swift-tools-version:5.9
import PackageDescription

let coreProducts = ["Networking", "Database", "SharedModels", "DI"]

let package = Package(
    name: "Core",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: coreProducts.map { .library(name: $0, targets: [$0]) },
    dependencies: [
        .package(path: "../Features"),
    ],
    targets: [
        .target(name: "SharedModels"),
        .target(name: "DI"),
        .target(
            name: "Networking",
            dependencies: [
                "SharedModels",
                // Reads a feature flag from Settings: closes a cycle with Features.
                .product(name: "Settings", package: "Features"),
            ]
        ),
        .target(name: "Database", dependencies: ["SharedModels"]),
    ]
)
