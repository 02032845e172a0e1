// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Bank",
    platforms: [.iOS(.v16)],
    targets: [
        .executableTarget(name: "App", dependencies: ["LoginUI", "LoginViewModels", "ProfileUI"]),
        .target(name: "LoginUI", dependencies: ["LoginViewModels"]),
        .target(name: "LoginViewModels", dependencies: ["ProfileUI"]),
        .target(name: "ProfileUI"),
    ]
)
