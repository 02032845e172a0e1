import ModlintTestSupport
import Testing
@testable import ModlintXcode

private func read(_ text: String, name: String = "Demo") throws -> XcodeProject {
    try XcodeProjectReader.read(bytes: Array(text.utf8), name: name)
}

@Suite struct XcodeProjectReaderTests {
    @Test func classicGroupsResolveSourcesThroughTheGroupTree() throws {
        let project = try read(XcodeFixtures.classicGroups)
        #expect(project.name == "Demo")
        // The aggregate target builds no module.
        #expect(project.targets.map(\.name) == ["Demo App", "Kit", "AppTests"])
        let app = project.targets[0]
        #expect(app.moduleName == "Demo_App")
        #expect(app.productType == .application)
        #expect(app.productType.role == .app)
        #expect(app.productFileName == "Demo App.app")
        #expect(app.sourceFiles == [
            "/Users/someone/Outside.swift",
            "Demo App/AppDelegate.swift",
            "Demo App/Views/ContentView.swift",
            "Shared Code/Shared.swift",
        ])
        #expect(project.targets[1].sourceFiles == ["Kit/Sources/Kit.swift", "Shared Code/Shared.swift"])
        #expect(project.targets[2].sourceFiles == ["Tests/AppTests/AppTests.swift"])
        #expect(app.resourceFolders == ["Templates"])
    }

    /// XcodeGen's `framework: Kit.framework` links a file beside the project that the tree
    /// does not hold (`sourceTree = "<group>"`): Xcode finds the product of the target that
    /// makes it, so it is a linked product too; the SDK's frameworks stay ignored.
    @Test func aFrameworkLinkedBesideTheProjectIsALinkedProduct() throws {
        let fixture = XcodeFixtures.classicGroups.replacingOccurrences(
            of: "path = Kit.framework; sourceTree = BUILT_PRODUCTS_DIR;", with: #"path = Kit.framework; sourceTree = "<group>";"#)
        #expect(fixture != XcodeFixtures.classicGroups)
        let project = try read(fixture)
        #expect(project.targets[0].dependencies.map(\.kind).first == .linkedProduct("Kit.framework"))
        #expect(project.targets[0].dependencies.count == 3)
    }

    @Test func dependenciesOfEveryKind() throws {
        let project = try read(XcodeFixtures.classicGroups)
        let app = project.targets[0]
        #expect(app.dependencies.map(\.kind) == [
            .linkedProduct("Kit.framework"),
            .packageProduct(product: "Alamofire", package: .remote("https://github.com/Alamofire/Alamofire.git")),
            .packageProduct(product: "Storage", package: nil),
        ])
        // The dependency's line is the line of the object that declares it.
        #expect(app.dependencies[0].line == 15)
        #expect(project.targets[2].dependencies.map(\.kind) == [.target("Demo App")])
        #expect(project.packages == [.local("Packages/Storage"), .remote("https://github.com/Alamofire/Alamofire.git")])
        #expect(project.referencedFolders.contains("Packages/Storage"))
        #expect(project.notes.isEmpty)
    }

    @Test func synchronizedFoldersWithExceptionSets() throws {
        let project = try read(XcodeFixtures.synchronizedFolders)
        #expect(project.targets.map(\.name) == ["App", "Widget Extension", "AppTests"])
        let app = project.targets[0]
        #expect(app.synchronizedFolders == [SynchronizedFolder(path: "App", excluded: ["Info.plist", "Preview Content"])])
        #expect(app.extraSynchronizedFiles.isEmpty)
        #expect(app.dependencies.map(\.kind) == [.target("Widget Extension")])
        let widget = project.targets[1]
        #expect(widget.productType.role == .appExtension)
        // The Debug configuration decides; Release's PRODUCT_MODULE_NAME is not used.
        #expect(widget.moduleName == "Widget_Extension")
        #expect(widget.synchronizedFolders == [SynchronizedFolder(path: "Widget", excluded: [])])
        #expect(widget.extraSynchronizedFiles == ["App/Shared/Formatting.swift"])
        // A synchronized folder below a plain group takes the group's path.
        #expect(project.targets[2].synchronizedFolders == [SynchronizedFolder(path: "Tests/AppTests", excluded: [])])
    }

    @Test func crossProjectDependencyThroughTheContainerProxy() throws {
        let project = try read(XcodeFixtures.workspaceApp, name: "App")
        #expect(project.targets.count == 1)
        #expect(project.targets[0].dependencies.map(\.kind) == [
            .projectTarget(project: "../Core/Core.xcodeproj", target: "Core"),
            .packageProduct(product: "Models", package: nil),
        ])
    }

    /// A proxy names the other project's target by `remoteInfo` and by its object id: the
    /// id survives a rename of the target, the name does not.
    @Test func aCrossProjectDependencyKeepsTheTargetsObjectID() throws {
        let project = try read(XcodeFixtures.workspaceApp, name: "App")
        #expect(project.targets[0].dependencies.first?.remoteTargetID == "TC01")
        let core = try read(XcodeFixtures.workspaceCore, name: "Core")
        #expect(core.targets.map(\.objectID) == ["TC01"])
    }

    @Test func moduleNamesFollowXcode() {
        #expect(XcodeProjectReader.c99Identifier("NetNewsWire iOS") == "NetNewsWire_iOS")
        #expect(XcodeProjectReader.c99Identifier("9Lives-App") == "_9Lives_App")
        #expect(XcodeProjectReader.c99Identifier("Ünïcode") == "Ünïcode")
    }

    /// `PRODUCT_NAME = "$(PROJECT_NAME)"` (ReactiveCocoa's platform twins): the module is
    /// named after the `.xcodeproj`, so `ReactiveCocoa-iOS` builds `ReactiveCocoa`.
    @Test func theProjectsNameStandsForProjectName() throws {
        let project = try XcodeProjectReader.read(bytes: Array("""
        { objects = {
            P = {isa = PBXProject; mainGroup = G; buildConfigurationList = PL; targets = (T1, T2, ); };
            G = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            PL = {isa = XCConfigurationList; buildConfigurations = (PC, ); };
            PC = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(PROJECT_NAME)"; }; name = Debug; };
            T1 = {isa = PBXNativeTarget; name = "ReactiveCocoa-iOS"; productType = "com.apple.product-type.framework"; };
            T2 = {isa = PBXNativeTarget; name = "ReactiveCocoa-macOS"; buildConfigurationList = L2; productType = "com.apple.product-type.framework"; };
            L2 = {isa = XCConfigurationList; buildConfigurations = (C2, ); };
            C2 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "${PROJECT_NAME}Mac"; }; name = Debug; };
        }; rootObject = P; }
        """.utf8), name: "ReactiveCocoa")
        #expect(project.targets.map(\.moduleName) == ["ReactiveCocoa", "ReactiveCocoaMac"])
    }

    @Test func productTypesAndRoles() {
        #expect(XcodeProductType(productType: "com.apple.product-type.application.on-demand-install-capable").role == .app)
        #expect(XcodeProductType(productType: "com.apple.product-type.application.watchapp2").isCompositionRoot)
        #expect(XcodeProductType(productType: "com.apple.product-type.app-extension").isCompositionRoot)
        #expect(XcodeProductType(productType: "com.apple.product-type.framework").role == .framework)
        #expect(XcodeProductType(productType: "com.apple.product-type.bundle.ui-testing").role == .test)
        #expect(XcodeProductType(productType: "com.example.unknown") == .other)
    }

    @Test func notAProject() {
        #expect(throws: PropertyListError(line: 1, column: 1, message: "no 'objects' dictionary: not a project.pbxproj")) {
            try read("{ archiveVersion = 1; }")
        }
        #expect(throws: PropertyListError(line: 1, column: 1, message: "the top-level value is not a dictionary")) {
            try read("(a, b)")
        }
    }

    @Test func danglingTargetIsANote() throws {
        let project = try read("{ objects = { P = {isa = PBXProject; mainGroup = G; targets = (T1, ); }; G = {isa = PBXGroup; children = (); }; }; rootObject = P; }")
        #expect(project.notes == [XcodeNote(line: 1, message: "target T1 is listed but not defined")])
    }
}

@Suite struct XcodeWorkspaceReaderTests {
    @Test func locationsOfEveryScheme() {
        let references = XcodeWorkspaceReader.references(bytes: Array(XcodeFixtures.workspace.utf8))
        #expect(references == ["App/App.xcodeproj", "Core/Core.xcodeproj", "Packages/Models"])
        let other = XcodeWorkspaceReader.references(bytes: Array("""
        <Workspace version = "1.0">
           <FileRef location = "self:"></FileRef>
           <FileRef location = "absolute:/opt/Shared/Shared.xcodeproj"/>
           <Group location = "group:Nested" name = "Nested">
              <Group location = "group:Deeper" name = "Deeper">
                 <FileRef location = "group:Lib.xcodeproj"></FileRef>
              </Group>
              <FileRef location = "group:Other &amp; Co.xcodeproj"></FileRef>
           </Group>
        </Workspace>
        """.utf8))
        #expect(other == ["", "/opt/Shared/Shared.xcodeproj", "Nested/Deeper/Lib.xcodeproj", "Nested/Other & Co.xcodeproj"])
    }
}

@Suite struct XCConfigTests {
    static let files: [String: String] = [
        "xcconfig/App.xcconfig": """
        // The app's settings.
        #include "common/Base.xcconfig"
        PRODUCT_NAME = NetNews   // trailing comment
        PRODUCT_MODULE_NAME[sdk=iphoneos*] = Conditional
        """,
        "xcconfig/common/Base.xcconfig": "PRODUCT_NAME = $(TARGET_NAME)\nSWIFT_VERSION = 6.0;\n#include? \"Missing.xcconfig\"\n",
        "xcconfig/Loop.xcconfig": "#include \"Loop.xcconfig\"\nA = 1\n",
    ]

    static func read(_ path: String) -> [UInt8]? { files[path].map { Array($0.utf8) } }

    @Test func includesCommentsAndConditionalKeys() {
        #expect(XCConfig.settings(at: "xcconfig/App.xcconfig", readFile: Self.read) == ["PRODUCT_NAME": "NetNews", "SWIFT_VERSION": "6.0"])
        #expect(XCConfig.settings(at: "xcconfig/Loop.xcconfig", readFile: Self.read) == ["A": "1"])
        #expect(XCConfig.settings(at: "absent.xcconfig", readFile: Self.read).isEmpty)
    }

    /// The module name comes from the target's xcconfig, classic (a file reference) or
    /// Xcode 16 (a synchronized folder and a path inside it); the target's own settings win.
    @Test func moduleNamesFromConfigurationFiles() throws {
        let project = try XcodeProjectReader.read(bytes: Array("""
        { objects = {
            P = {isa = PBXProject; mainGroup = G; buildConfigurationList = PL; targets = (T1, T2, T3, ); };
            G = {isa = PBXGroup; children = (F1, S1, ); sourceTree = "<group>"; };
            F1 = {isa = PBXFileReference; path = xcconfig/App.xcconfig; sourceTree = "<group>"; };
            S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = xcconfig; sourceTree = "<group>"; };
            PL = {isa = XCConfigurationList; buildConfigurations = (PC, ); };
            PC = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 5.0; }; name = Debug; };
            T1 = {isa = PBXNativeTarget; name = "NetNews iOS"; buildConfigurationList = L1; productType = "com.apple.product-type.application"; };
            L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
            C1 = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {}; name = Debug; };
            T2 = {isa = PBXNativeTarget; name = "NetNews Mac"; buildConfigurationList = L2; productType = "com.apple.product-type.application"; };
            L2 = {isa = XCConfigurationList; buildConfigurations = (C2, ); };
            C2 = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = S1; baseConfigurationReferenceRelativePath = App.xcconfig; buildSettings = {PRODUCT_MODULE_NAME = NetNewsMac; }; name = Debug; };
            T3 = {isa = PBXNativeTarget; name = "Widget"; buildConfigurationList = L3; productType = "com.apple.product-type.app-extension"; };
            L3 = {isa = XCConfigurationList; buildConfigurations = (C3, ); };
            C3 = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = S1; baseConfigurationReferenceRelativePath = common/Base.xcconfig; name = Debug; };
        }; rootObject = P; }
        """.utf8), name: "NetNews", readFile: XCConfigTests.read)
        #expect(project.targets.map(\.moduleName) == ["NetNews", "NetNewsMac", "Widget"])
    }
}

/// The id table behind the reader: references resolve by their bytes, whatever the
/// quoting; an id defined twice takes its last definition; unknown ids resolve to nothing.
@Suite struct ObjectTableTests {
    static let plist = """
    {
        objects = {
            B2 = {isa = PBXGroup; name = first;};
            "A1" = {isa = PBXGroup; name = quoted;};
            B2 = {isa = PBXGroup; name = second;};
            "C\\\\3" = {isa = PBXGroup; name = escaped;};
        };
        refs = (A1, "B2", X9, "C\\\\3");
    }
    """

    @Test func referencesResolveByTheirBytes() throws {
        let document = try PropertyListDocument.parse(Array(Self.plist.utf8))
        let root = PBXObject(document: document, node: document.root)
        let objects = ObjectTable(document: document, objects: try #require(root.dictionary("objects")).node)
        #expect(objects.count == 3)
        let ids = root.stringNodes("refs").map(objects.id(named:))
        #expect(ids.map { $0.map(objects.name) } == ["A1", "B2", nil, "C\\3"])
        #expect(ids.map { $0.flatMap { objects.object($0).string("name") } } == ["quoted", "second", nil, "escaped"])
        // Text order, as `String` sorts ids.
        let a1 = try #require(ids[0]), b2 = try #require(ids[1])
        #expect(objects.precedes(a1, b2) && !objects.precedes(b2, a1) && !objects.precedes(a1, a1))
    }
}

/// A target's platforms come from its build settings: `#if os(…)` is judged per target.
struct XcodeTargetPlatformTests {
    @Test(arguments: [
        (["SDKROOT": "watchos"], ["watchos"]),
        (["SDKROOT": "iphoneos"], ["ios"]),
        (["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx"], ["ios", "macos"]),
        (["SUPPORTED_PLATFORMS": "\"xros xrsimulator\""], ["visionos"]),
        (["SDKROOT": "auto"], []),
        (["SUPPORTED_PLATFORMS": "$(AVAILABLE_PLATFORMS)", "SDKROOT": "appletvos"], ["tvos"]),
    ])
    func platformsFromSettings(settings: [String: String], platforms: [String]) {
        #expect(XcodeProjectReader.platforms(settings: settings) == platforms)
    }

    @Test func readFromTheTargetsConfiguration() throws {
        let project = try XcodeProjectReader.read(bytes: Array("""
        // !$*UTF8*$!
        { objects = {
            TG01 = {isa = PBXNativeTarget; buildConfigurationList = CL01; name = Watch; productType = "com.apple.product-type.framework"; };
            CL01 = {isa = XCConfigurationList; buildConfigurations = (BC01); };
            BC01 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = watchos; }; name = Debug; };
            PR01 = {isa = PBXProject; targets = (TG01); };
        }; rootObject = PR01; }
        """.utf8), name: "App")
        #expect(project.targets.map(\.platforms) == [["watchos"]])
    }
}
