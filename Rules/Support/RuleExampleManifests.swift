import ModlintFacts
import ModlintGraph

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

/// Xcode projects shared by the examples of the rules on build descriptions.
enum XcodeExampleProjects {
    /// The group that holds `App/App.swift`.
    static let appGroup = "\t\tGR02 = {isa = PBXGroup; children = (FR01); path = App; sourceTree = \"<group>\"; };"

    /// `App.xcodeproj`: one app target building `App/App.swift`, its main group holding
    /// `appGroup` (the line that declares group GR02); with `kit`, a framework target `Kit`
    /// too, over the synchronized folder `Kit/`, that the app depends on.
    static func app(appGroup: String = appGroup, kit: Bool = false) -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 56;
        	objects = {
        		BF01 = {isa = PBXBuildFile; fileRef = FR01; };
        		FR01 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
        		GR01 = {isa = PBXGroup; children = (GR02\(kit ? ", SG01" : "")); sourceTree = "<group>"; };
        \(appGroup)
        		SP01 = {isa = PBXSourcesBuildPhase; files = (BF01); };
        		TG01 = {isa = PBXNativeTarget; buildPhases = (SP01); \(kit ? "dependencies = (TD01); " : "")name = App; productType = "com.apple.product-type.application"; };
        \(kit ? """
        		SG01 = {isa = PBXFileSystemSynchronizedRootGroup; path = Kit; sourceTree = "<group>"; };
        		TG02 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (SG01); name = Kit; productType = "com.apple.product-type.framework"; };
        		TD01 = {isa = PBXTargetDependency; target = TG02; };
        """ : "")
        		PR01 = {isa = PBXProject; mainGroup = GR01; targets = (TG01\(kit ? ", TG02" : "")); };
        	};
        	rootObject = PR01;
        }
        """
    }
}
