// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Health",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "Health", targets: ["Health"]),
    ],
    dependencies: [
        .package(url: "https://github.com/StanfordSpezi/Spezi", from: "1.8.0"),
    ],
    targets: [
        .target(name: "Health", dependencies: [.product(name: "Spezi", package: "Spezi")]),
    ]
)
