// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.iOS(.v17)],
    dependencies: [
        .package(url: "https://github.com/StanfordSpezi/Spezi", from: "1.8.0"),
        .package(path: "../Packages/HealthFeature"),
        .package(path: "../Packages/UploadFeature"),
        .package(path: "../Packages/SchedulerFeature"),
    ],
    targets: [
        .target(
            name: "App",
            dependencies: [
                .product(name: "Spezi", package: "Spezi"),
                .product(name: "HealthFeature", package: "HealthFeature"),
                .product(name: "UploadFeature", package: "UploadFeature"),
                .product(name: "SchedulerFeature", package: "SchedulerFeature"),
            ]
        ),
    ]
)
