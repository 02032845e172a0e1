// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "SharedModels",
    products: [.library(name: "SharedModels", targets: ["SharedModels"])],
    dependencies: [.package(path: "../../Core/Networking")],
    targets: [
        .target(name: "SharedModels", dependencies: [.product(name: "Networking", package: "Networking")]),
    ]
)
