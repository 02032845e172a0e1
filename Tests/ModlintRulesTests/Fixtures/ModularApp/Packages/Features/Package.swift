// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Features",
    platforms: [.iOS(.v17)],
    products: [
        .library(name: "Home", targets: ["Home"]),
        .library(name: "Profile", targets: ["Profile"]),
        .library(name: "Settings", targets: ["Settings"]),
    ],
    dependencies: [
        .package(path: "../Core/Networking"),
        .package(path: "../Core/Database"),
        .package(path: "../Shared/SharedModels"),
    ],
    targets: [
        .target(name: "Home", dependencies: [
            .product(name: "SharedModels", package: "SharedModels"),
            .product(name: "Networking", package: "Networking"),
        ]),
        .target(name: "Profile", dependencies: [
            "Home",
            .product(name: "SharedModels", package: "SharedModels"),
            .product(name: "Database", package: "Database", condition: .when(platforms: [.iOS])),
        ]),
        .target(name: "Settings", dependencies: [
            "Profile",
            .product(name: "Database", package: "Database"),
        ]),
        .testTarget(name: "HomeTests", dependencies: ["Home"]),
    ]
)
