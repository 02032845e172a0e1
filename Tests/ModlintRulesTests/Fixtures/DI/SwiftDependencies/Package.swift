// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Counter",
    dependencies: [.package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.4.0")],
    targets: [
        .target(name: "NumberFactClient", dependencies: [
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "DependenciesMacros", package: "swift-dependencies"),
        ]),
        .target(name: "NumberFactClientLive", dependencies: ["NumberFactClient"]),
        .target(name: "Feature", dependencies: ["NumberFactClient"]),
    ]
)
