// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Shop",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "Catalog", targets: ["Catalog"]),
        .library(name: "Checkout", targets: ["Checkout"]),
    ],
    targets: [
        .executableTarget(name: "App", dependencies: ["Catalog", "Checkout", "Core"]),
        .target(name: "Catalog", dependencies: ["Core"]),
        .target(name: "Checkout", dependencies: ["Catalog", "Core"]),
        .target(name: "Core"),
        .testTarget(name: "CoreTests", dependencies: ["Core"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "Core"]),
    ]
)
