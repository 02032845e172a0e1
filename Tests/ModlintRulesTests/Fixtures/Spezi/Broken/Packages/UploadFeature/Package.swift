// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "UploadFeature",
    platforms: [.iOS(.v17)],
    products: [.library(name: "UploadFeature", targets: ["UploadFeature"])],
    dependencies: [.package(url: "https://github.com/StanfordSpezi/Spezi", from: "1.8.0")],
    targets: [
        .target(name: "UploadFeature", dependencies: [.product(name: "Spezi", package: "Spezi")]),
    ]
)
