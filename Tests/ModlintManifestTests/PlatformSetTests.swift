import ModlintConfiguration
import Testing
@testable import ModlintManifest

/// Manifests with `#if` give the same graph on every host: they are evaluated for a
/// platform set (requested, else declared, else Linux) and merged.
@Suite struct PlatformSetTests {
    /// A Spezi-style manifest: the Apple-only targets are added under `#if !os(Linux)`,
    /// and one dependency differs by platform.
    static let manifest = """
    // swift-tools-version:5.9
    import PackageDescription

    #if os(Linux)
    let coreDependencies: [Target.Dependency] = ["Shims"]
    #else
    let coreDependencies: [Target.Dependency] = ["Shims", "HealthKitSupport"]
    #endif

    let package = Package(
        name: "Health",
        platforms: [.iOS(.v17), .macOS(.v14)],
        targets: [
            .target(name: "Core", dependencies: coreDependencies),
            .target(name: "Shims"),
        ]
    )

    #if !os(Linux)
    package.targets += [
        .target(name: "HealthKitSupport"),
        .target(name: "HealthUI", dependencies: ["Core"]),
    ]
    #endif
    """

    func read(_ platforms: [String]? = nil, environment: BuildEnvironment? = nil) -> PackageManifest {
        ManifestReader(environment: environment, platforms: platforms).read(bytes: Array(Self.manifest.utf8))
    }

    @Test func declaredPlatformsByDefault() {
        let manifest = read()
        #expect(manifest.platforms == ["ios", "macos"])
        #expect(manifest.evaluatedPlatforms == ["ios", "macos"])
        #expect(manifest.targets.map(\.name) == ["Core", "Shims", "HealthKitSupport", "HealthUI"])
        #expect(manifest.targets[0].dependencies.map(\.name) == ["Shims", "HealthKitSupport"])
        #expect(manifest.targets[0].dependencies.map(\.platforms) == [nil, nil])
    }

    /// The host never decides: forcing either host's environment on the reader changes
    /// nothing unless it is asked for explicitly.
    @Test func everyHostGetsTheSameGraph() {
        let onLinux = ManifestReader(platforms: nil).read(bytes: Array(Self.manifest.utf8))
        #expect(onLinux == read())
        let forcedLinux = read(environment: BuildEnvironment.platform("linux"))
        let forcedMac = read(environment: BuildEnvironment.platform("macos"))
        #expect(forcedLinux.targets.count == 2)
        #expect(forcedMac.targets.count == 4)
        #expect(read().targets.map(\.name) == forcedMac.targets.map(\.name))
    }

    @Test func mergedPlatformsConditionTheDependenciesSomeLack() {
        let manifest = read(["linux", "macos"])
        #expect(manifest.evaluatedPlatforms == ["linux", "macos"])
        #expect(manifest.targets.map(\.name) == ["Core", "Shims", "HealthKitSupport", "HealthUI"])
        let core = manifest.targets[0].dependencies
        #expect(core.map(\.name) == ["Shims", "HealthKitSupport"])
        #expect(core.map(\.platforms) == [nil, ["macos"]])
    }

    @Test func withoutDeclaredPlatformsLinux() {
        let text = Self.manifest.replacingOccurrences(of: "    platforms: [.iOS(.v17), .macOS(.v14)],\n", with: "")
        let manifest = ManifestReader().read(bytes: Array(text.utf8))
        #expect(manifest.evaluatedPlatforms == ["linux"])
        #expect(manifest.targets.map(\.name) == ["Core", "Shims"])
    }

    /// Without `#if` one evaluation answers for every platform.
    @Test func manifestsWithoutConditionsAreReadOnce() {
        let manifest = ManifestReader().read(bytes: Array("""
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "P", platforms: [.iOS(.v17)], targets: [.target(name: "A")])
        """.utf8))
        #expect(manifest.evaluatedPlatforms.isEmpty)
        #expect(manifest.targets.map(\.name) == ["A"])
    }

    /// The configuration accepts exactly the platforms the reader knows.
    @Test func configurationNamesMatchTheReader() {
        for name in ConfigurationLoader.platformNames { #expect(BuildEnvironment.platform(name) != nil, "\(name)") }
    }
}
