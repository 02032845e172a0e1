import ModlintFacts
import ModlintGraph
import ModlintRuleEngine

/// Shared pieces of the DI rules' examples.
enum DIRuleExamples {
    /// A manifest whose regular targets are `targets` and test targets `tests`.
    static func package(_ targets: [String], tests: [String] = []) -> String {
        let entries = targets.map { "        .target(name: \"\($0)\")," } + tests.map { "        .testTarget(name: \"\($0)\")," }
        return """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "App",
            targets: [
        \(entries.joined(separator: "\n"))
            ]
        )
        """
    }
}

/// Manifests shared by the Spezi rule examples: an app target that uses Spezi.
enum SpeziExampleManifest {
    static let app = """
    // swift-tools-version:5.9
    import PackageDescription

    let package = Package(
        name: "App",
        dependencies: [.package(url: "https://github.com/StanfordSpezi/Spezi", from: "1.0.0")],
        targets: [
            .target(name: "App", dependencies: [.product(name: "Spezi", package: "Spezi")]),
        ]
    )
    """
}
