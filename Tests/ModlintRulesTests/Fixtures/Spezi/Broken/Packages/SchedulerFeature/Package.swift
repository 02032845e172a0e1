// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "SchedulerFeature",
    platforms: [.iOS(.v17)],
    products: [.library(name: "SchedulerFeature", targets: ["SchedulerFeature"])],
    dependencies: [.package(url: "https://github.com/StanfordSpezi/Spezi", from: "1.8.0")],
    targets: [
        .target(name: "SchedulerFeature", dependencies: [.product(name: "Spezi", package: "Spezi")]),
    ]
)
