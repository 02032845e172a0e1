// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Database",
    products: [.library(name: "Database", targets: ["Database"])],
    dependencies: [.package(path: "../../Shared/SharedModels")],
    targets: [
        .target(name: "Database", dependencies: [.product(name: "SharedModels", package: "SharedModels")]),
    ]
)
