// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Features",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "Onboarding", targets: ["Onboarding"]),
        .library(name: "Profile", targets: ["Profile"]),
        .library(name: "Settings", targets: ["Settings"]),
    ],
    dependencies: [
        .package(path: "../Core"),
    ],
    targets: [
        .target(name: "Onboarding", dependencies: [.product(name: "SharedModels", package: "Core")]),
        .target(name: "Profile", dependencies: [.product(name: "Networking", package: "Core")]),
        .target(
            name: "Settings",
            dependencies: [
                .product(name: "Database", package: "Core"),
                .product(name: "Networking", package: "Core"),
            ]
        ),
        .testTarget(name: "ProfileTests", dependencies: ["Profile"]),
    ]
)
