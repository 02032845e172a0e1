// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Modules",
    platforms: [.iOS(.v17)],
    products: [
        .library(name: "HealthData", targets: ["HealthData"]),
        .library(name: "Reminders", targets: ["Reminders"]),
        .library(name: "WellnessKit", targets: ["WellnessKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/StanfordSpezi/Spezi", from: "1.8.0"),
    ],
    targets: [
        .target(name: "HealthData", dependencies: [.product(name: "Spezi", package: "Spezi"), "WellnessKit"]),
        .target(name: "Reminders", dependencies: [.product(name: "Spezi", package: "Spezi")]),
        .target(name: "WellnessKit"),
    ]
)
