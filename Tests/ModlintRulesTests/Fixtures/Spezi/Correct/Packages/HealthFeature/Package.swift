// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "HealthFeature",
    platforms: [.iOS(.v17)],
    products: [.library(name: "HealthFeature", targets: ["HealthFeature"])],
    dependencies: [.package(url: "https://github.com/StanfordSpezi/Spezi", from: "1.8.0")],
    targets: [
        .target(name: "HealthFeature", dependencies: [.product(name: "Spezi", package: "Spezi")]),
    ]
)
