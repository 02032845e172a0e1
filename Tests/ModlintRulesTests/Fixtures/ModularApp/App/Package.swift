// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.iOS(.v17)],
    dependencies: [
        .package(path: "../Packages/Features"),
        .package(path: "../Packages/Core/Networking"),
        .package(path: "../Packages/Core/Database"),
        .package(path: "../Packages/Shared/SharedModels"),
    ],
    targets: [
        .executableTarget(name: "App", dependencies: [
            "DI",
            .product(name: "Home", package: "Features"),
            .product(name: "Profile", package: "Features"),
            .product(name: "Settings", package: "Features"),
        ]),
        .target(name: "DI", dependencies: [
            .product(name: "Networking", package: "Networking"),
            .product(name: "Database", package: "Database"),
            .product(name: "SharedModels", package: "SharedModels"),
        ]),
    ]
)
