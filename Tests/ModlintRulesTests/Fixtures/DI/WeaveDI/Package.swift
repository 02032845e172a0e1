// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "WeaveDIApp",
    dependencies: [.package(url: "https://github.com/Roy-wonji/WeaveDI.git", from: "3.2.0")],
    targets: [
        .target(name: "App", dependencies: ["Profile", .product(name: "WeaveDI", package: "WeaveDI")]),
        .target(name: "Profile", dependencies: [.product(name: "WeaveDI", package: "WeaveDI")]),
    ]
)
