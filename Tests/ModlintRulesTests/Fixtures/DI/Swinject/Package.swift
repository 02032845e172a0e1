// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "SwinjectApp",
    dependencies: [.package(url: "https://github.com/Swinject/Swinject.git", from: "2.9.0")],
    targets: [
        .target(name: "App", dependencies: ["Networking", "Storage", .product(name: "Swinject", package: "Swinject")]),
        .target(name: "Networking", dependencies: [.product(name: "Swinject", package: "Swinject")]),
        .target(name: "Storage", dependencies: [.product(name: "Swinject", package: "Swinject")]),
        .testTarget(name: "AppTests", dependencies: ["App"]),
    ]
)
