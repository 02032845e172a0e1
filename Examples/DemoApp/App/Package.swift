// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(path: "../Core"),
        .package(path: "../Features"),
        .package(path: "../Health"),
        .package(url: "https://github.com/StanfordSpezi/Spezi", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                .product(name: "DI", package: "Core"),
                .product(name: "Networking", package: "Core"),
                .product(name: "Database", package: "Core"),
                .product(name: "Onboarding", package: "Features"),
                .product(name: "Profile", package: "Features"),
                .product(name: "Settings", package: "Features"),
                .product(name: "Health", package: "Health"),
                .product(name: "Spezi", package: "Spezi"),
            ]
        ),
        .testTarget(name: "AppTests", dependencies: ["App"]),
    ]
)
