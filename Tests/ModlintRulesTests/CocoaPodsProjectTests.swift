import ModlintGraph
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// Development pods (an Interface/Implementation split), a Podfile that gives the app's
/// committed project its pods, remote pods and a podspec beside a Package.swift: exact
/// modules, files, edges and findings.
struct CocoaPodsProjectTests {
    static let files: [(String, String)] = [
        ("App.xcodeproj/project.pbxproj", Self.project),
        ("Podfile", """
        platform :ios, '16.0'
        use_frameworks!

        def modules
          pod 'ProfileInterface', :path => 'Modules/ProfileInterface'
          pod 'Profile', :path => 'Modules/Profile'
        end

        target 'App' do
          modules
          pod 'Alamofire', '~> 5.6'

          target 'AppTests' do
            inherit! :search_paths
          end
        end
        """),
        ("Podfile.lock", "PODS:\n  - Alamofire (5.6.1)\n  - Profile (1.0)\n\nEXTERNAL SOURCES:\n  Profile:\n    :path: Modules/Profile\n"),
        ("Modules/ProfileInterface/ProfileInterface.podspec", """
        Pod::Spec.new do |s|
          s.name = 'ProfileInterface'
          s.source_files = 'Sources/**/*.swift'
        end
        """),
        ("Modules/Profile/Profile.podspec", """
        Pod::Spec.new do |s|
          s.name         = 'Profile'
          s.source_files = 'Sources/**/*.{swift,h,m}'
          s.exclude_files = 'Sources/Legacy/**'
          s.dependency 'ProfileInterface'
          s.dependency 'Alamofire', '~> 5.6'

          s.subspec 'UI' do |ui|
            ui.source_files = 'UI/*.swift'
          end

          s.test_spec 'Tests' do |t|
            t.source_files = 'Tests/*.swift'
          end
        end
        """),
        ("App/AppDelegate.swift", "import Profile\nimport ProfileInterface\nimport Alamofire\n"),
        ("AppTests/AppTests.swift", "import ProfileInterface\n@testable import App\n"),
        ("Modules/ProfileInterface/Sources/ProfileService.swift", "public protocol ProfileService {}\n"),
        ("Modules/Profile/Sources/ProfileServiceImpl.swift", "import ProfileInterface\nimport Alamofire\nstruct ProfileServiceImpl: ProfileService {}\n"),
        ("Modules/Profile/Sources/Legacy/Old.swift", "import Gone\n"),
        ("Modules/Profile/UI/ProfileView.swift", "import ProfileInterface\n"),
        ("Modules/Profile/Tests/ProfileTests.swift", "@testable import Profile\n"),
        // A library that ships a podspec beside its Package.swift: one module, SwiftPM's.
        ("Vendor/Kit/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])
        """),
        // Its podspec also lists files SwiftPM does not build: the module is still SwiftPM's.
        ("Vendor/Kit/Kit.podspec", "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = ['Sources/**/*.swift', 'Extras/*.swift']\n  s.dependency 'Logging'\nend\n"),
        ("Vendor/Kit/Sources/Kit/Kit.swift", "public struct Kit {}\n"),
        ("Vendor/Kit/Extras/Legacy.swift", "import Kit\n"),
        ("Vendor/Kit/Extras/Compat.swift", "import Kit\n"),
    ]

    /// An app and its tests in Xcode 16 synchronized folders; the tests depend on the app.
    static let project = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 77;
    \tobjects = {
    \t\tSG01 = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
    \t\tSG02 = {isa = PBXFileSystemSynchronizedRootGroup; path = AppTests; sourceTree = "<group>"; };
    \t\tGR00 = {isa = PBXGroup; children = (SG01, SG02, ); sourceTree = "<group>"; };
    \t\tTG01 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (SG01, ); name = App; productType = "com.apple.product-type.application"; };
    \t\tTG02 = {isa = PBXNativeTarget; buildPhases = (); dependencies = (TD01, ); fileSystemSynchronizedGroups = (SG02, ); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
    \t\tTD01 = {isa = PBXTargetDependency; target = TG01; };
    \t\tPR01 = {isa = PBXProject; mainGroup = GR00; targets = (TG01, TG02, ); };
    \t};
    \trootObject = PR01;
    }
    """

    func edges(_ graph: ModuleGraph) -> [String] {
        graph.dependencies.map { "\(graph.modules[$0.from].id) -> \(graph.modules[$0.to].id) @\($0.site.file):\($0.site.line)" }.sorted()
    }

    @Test func developmentPodsAreModulesAndThePodfileGivesTheAppItsPods() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.map { "\($0.identity) \($0.generator?.rawValue ?? "-") \($0.manifestPath)" } == [
            "app.xcodeproj - App.xcodeproj/project.pbxproj",
            "profile.podspec CocoaPods Modules/Profile/Profile.podspec",
            "profileinterface.podspec CocoaPods Modules/ProfileInterface/ProfileInterface.podspec",
            "kit - Vendor/Kit/Package.swift",
        ])
        let targets = workspace.packages.flatMap(\.targets)
        #expect(targets.map { "\($0.name) \($0.kind) \($0.files.map(\.path))" } == [
            "App executable [\"App/AppDelegate.swift\"]",
            "AppTests test [\"AppTests/AppTests.swift\"]",
            "Profile regular [\"Modules/Profile/Sources/ProfileServiceImpl.swift\", \"Modules/Profile/UI/ProfileView.swift\"]",
            "Profile_Unit_Tests test [\"Modules/Profile/Tests/ProfileTests.swift\"]",
            "ProfileInterface regular [\"Modules/ProfileInterface/Sources/ProfileService.swift\"]",
            "Kit regular [\"Vendor/Kit/Sources/Kit/Kit.swift\"]",
        ])
        #expect(workspace.filesInNoTarget == ["Modules/Profile/Sources/Legacy/Old.swift", "Vendor/Kit/Extras/Compat.swift", "Vendor/Kit/Extras/Legacy.swift"])
        let graph = ModuleGraph(workspace: workspace)
        #expect(edges(graph) == [
            "App -> Profile @Podfile:6",
            "App -> ProfileInterface @Podfile:5",
            "AppTests -> App @App.xcodeproj/project.pbxproj:\(workspace.packages[0].targets[1].declaration.dependencies[0].line)",
            "AppTests -> Profile @Podfile:6",
            "AppTests -> ProfileInterface @Podfile:5",
            "Profile -> ProfileInterface @Modules/Profile/Profile.podspec:5",
            "Profile-Unit-Tests -> Profile @Modules/Profile/Profile.podspec:12",
            // A test spec inherits its pod's dependencies.
            "Profile-Unit-Tests -> ProfileInterface @Modules/Profile/Profile.podspec:5",
        ])
        #expect(graph.externalDependencies.map { "\(graph.modules[$0.from].id) -> \($0.name) @\($0.site.file):\($0.site.line)" }.sorted() == [
            "App -> Alamofire @Podfile:11",
            "AppTests -> Alamofire @Podfile:11",
            "Profile -> Alamofire @Modules/Profile/Profile.podspec:6",
            "Profile-Unit-Tests -> Alamofire @Modules/Profile/Profile.podspec:6",
        ])
        #expect(workspace.notes.map { "\($0.kind) \($0.file):\($0.line) \($0.message)" } == [
            "unreadDependency Podfile:11 1 pod is not read, so what its module requires is unknown and not checked: Alamofire (5.6.1 in Podfile.lock)",
        ])
    }

    /// The Podfile applies to a project XcodeGen generates as it does to a committed one:
    /// the only project beside it (`project.yml` → `App.xcodeproj`), or the one it names.
    @Test func thePodfileGivesAnXcodeGenProjectItsPods() throws {
        let spec = """
            name: App
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
              AppTests:
                type: bundle.unit-test
                platform: iOS
                sources: [AppTests]
                dependencies:
                  - target: App
            """
        let files = Self.files.filter { $0.0 != "App.xcodeproj/project.pbxproj" && !$0.0.hasPrefix("Vendor/") } + [("project.yml", spec)]
        let directory = try TemporaryDirectory(files: files)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let graph = ModuleGraph(workspace: workspace)
        #expect(edges(graph).filter { $0.hasPrefix("App") } == [
            "App -> Profile @Podfile:6",
            "App -> ProfileInterface @Podfile:5",
            "AppTests -> App @project.yml:\(workspace.packages[0].targets[1].declaration.dependencies[0].line)",
            "AppTests -> Profile @Podfile:6",
            "AppTests -> ProfileInterface @Podfile:5",
        ])
        #expect(graph.externalDependencies.filter { graph.modules[$0.from].id.hasPrefix("App") }.map { "\(graph.modules[$0.from].id) -> \($0.name)" }.sorted() == [
            "App -> Alamofire", "AppTests -> Alamofire",
        ])
    }

    /// A pod's own development project beside its podspec builds the pod's module again:
    /// one module, the pod's, and the project's target stands for it.
    @Test func aPodsOwnProjectIsNotASecondModule() throws {
        let podProject = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {
        \t\tSG01 = {isa = PBXFileSystemSynchronizedRootGroup; path = Sources; sourceTree = "<group>"; };
        \t\tSG02 = {isa = PBXFileSystemSynchronizedRootGroup; path = UI; sourceTree = "<group>"; };
        \t\tGR00 = {isa = PBXGroup; children = (SG01, SG02, ); sourceTree = "<group>"; };
        \t\tTG01 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (SG01, SG02, ); name = Profile; productType = "com.apple.product-type.framework"; };
        \t\tPR01 = {isa = PBXProject; mainGroup = GR00; targets = (TG01, ); };
        \t};
        \trootObject = PR01;
        }
        """
        let directory = try TemporaryDirectory(files: Self.files + [("Modules/Profile/Profile.xcodeproj/project.pbxproj", podProject)])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let graph = ModuleGraph(workspace: workspace)
        #expect(graph.modules.filter { $0.name == "Profile" }.map(\.id) == ["Profile"])
        #expect(graph.modules.first { $0.name == "Profile" }?.package == "profile.podspec")
        #expect(edges(graph).filter { $0.hasPrefix("App -> ") } == ["App -> Profile @Podfile:6", "App -> ProfileInterface @Podfile:5"])
    }

    /// A remote pod only a development pod asks for (through another development pod, too)
    /// is not read either: the Podfile's one note names it, at the line of the development
    /// pod that brings it in.
    @Test func remotePodsOfDevelopmentPodsAreNamedInTheNote() throws {
        let directory = try TemporaryDirectory(files: [
            ("Podfile", "target 'App' do\n  pod 'Alamofire'\n  pod 'Feed', :path => 'Modules/Feed'\nend\n"),
            ("Modules/Feed/Feed.podspec", "Pod::Spec.new do |s|\n  s.name = 'Feed'\n  s.source_files = '*.swift'\n  s.dependency 'Media'\n  s.dependency 'Alamofire'\nend\n"),
            ("Modules/Feed/Feed.swift", "import Media\n"),
            ("Modules/Media/Media.podspec", "Pod::Spec.new do |s|\n  s.name = 'Media'\n  s.source_files = '*.swift'\n  s.dependency 'Kingfisher'\nend\n"),
            ("Modules/Media/Media.swift", "import Kingfisher\n"),
        ])
        defer { directory.remove() }
        let result = try Linter(rules: [UnreadDependency()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.file):\($0.line) \($0.message)" } == [
            "Podfile:2 2 pods are not read, so what their modules require is unknown and not checked: Alamofire, Kingfisher; "
                + "run `pod install` (CocoaPods keeps their sources in Pods/) or vendor them as development pods",
        ])
    }

    @Test func findingsPointAtThePodfileAndThePodspec() throws {
        let directory = try TemporaryDirectory(files: Self.files + [
            ("Modules/ProfileInterface/Sources/Extra.swift", "import Settings\n"),
            ("Modules/Settings/Settings.podspec", "Pod::Spec.new do |s|\n  s.name = 'Settings'\n  s.source_files = '*.swift'\nend\n"),
            ("Modules/Settings/Settings.swift", "public enum Settings {}\n"),
        ])
        defer { directory.remove() }
        let result = try Linter(rules: [UndeclaredImport(), UnusedDependency(), UnreadDependency()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.severity.rawValue) \($0.rule) \($0.file):\($0.line) \($0.message)" } == [
            "error undeclared-import Modules/ProfileInterface/Sources/Extra.swift:1 ProfileInterface imports Settings, which no dependency it "
                + "declares reaches: the target does not build on its own. Add `s.dependency 'Settings'` to ProfileInterface in "
                + "Modules/ProfileInterface/ProfileInterface.podspec.",
            "note unread-dependency Podfile:11 1 pod is not read, so what its module requires is unknown and not checked: Alamofire (5.6.1 in Podfile.lock); "
                + "run `pod install` (CocoaPods keeps their sources in Pods/) or vendor them as development pods",
        ])
    }

    /// `Pods/` committed (or installed by `pod install` before modlint): a remote pod's
    /// sources are read as context, under the module name CocoaPods' module map gives.
    @Test func installedRemotePodsAreReadAsContext() throws {
        let directory = try TemporaryDirectory(files: Self.files + [
            ("Pods/Alamofire/Source/Session.swift", "public final class Session {}\n"),
            ("Pods/Target Support Files/Alamofire/Alamofire.modulemap", "framework module Alamofire {\n  umbrella header \"Alamofire-umbrella.h\"\n}\n"),
            ("Pods/Manifest.lock", "PODS:\n  - Alamofire (5.6.1)\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let pod = try #require(workspace.packages.first { $0.isContext })
        #expect("\(pod.identity) \(pod.directory) \(pod.manifestPath) \(pod.targets.map(\.name)) \(pod.targets.flatMap(\.files).map(\.path))"
                == "pods/alamofire Pods/Alamofire Podfile [\"Alamofire\"] [\"Pods/Alamofire/Source/Session.swift\"]")
        let graph = ModuleGraph(workspace: workspace)
        #expect(edges(graph).filter { $0.contains("Alamofire") } == [
            "App -> Alamofire @Podfile:11", "AppTests -> Alamofire @Podfile:11", "Profile -> Alamofire @Modules/Profile/Profile.podspec:6",
            "Profile-Unit-Tests -> Alamofire @Modules/Profile/Profile.podspec:6",
        ])
        #expect(graph.externalDependencies.isEmpty)
        #expect(workspace.notes.isEmpty, "\(workspace.notes)")
        // The context is never linted: no finding sits in Pods/.
        let result = try Linter(rules: BuiltinRules.all).lint(paths: [directory.path])
        #expect(!result.diagnostics.contains { $0.file.hasPrefix("Pods/") })
    }

    /// A tree with only a Podfile and podspecs (no project yet) is read, not refused.
    @Test func podsWithoutAProjectAreRead() throws {
        let directory = try TemporaryDirectory(files: Self.files.filter { !$0.0.hasPrefix("App") && !$0.0.hasPrefix("Vendor") })
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.flatMap(\.targets).map(\.name) == ["Profile", "Profile_Unit_Tests", "ProfileInterface"])
    }

    /// A Podfile that globs its development pods, podspecs that name themselves after their
    /// file and list several source globs: the tree's own pods, exact files and edges.
    @Test func globbedDevelopmentPodsAndComputedPodspecs() throws {
        let spec = """
        Pod::Spec.new do |s|
          s.name = File.basename(__FILE__, '.podspec')
          s.source_files = 'Sources/**/*.swift', 'Shared/*.swift'
          s.dependency 'Core' unless s.name == 'Core'
        end
        """
        let directory = try TemporaryDirectory(files: [
            ("Podfile", """
            target 'App' do
              Dir['LocalPods/*/*.podspec'].each { |p| pod File.basename(p, '.podspec'), :path => File.dirname(p) }
            end
            """),
            ("LocalPods/Core/Core.podspec", "Pod::Spec.new do |s|\n  s.name = File.basename(__FILE__, '.podspec')\n  s.source_files = 'Sources/**/*.swift', 'Shared/*.swift'\nend\n"),
            ("LocalPods/Core/Sources/Core.swift", "public enum Core {}\n"),
            ("LocalPods/Core/Shared/Log.swift", "public enum Log {}\n"),
            ("LocalPods/Feed/Feed.podspec", spec),
            ("LocalPods/Feed/Sources/Feed.swift", "import Core\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.flatMap(\.targets).map { "\($0.name) \($0.files.map(\.path))" } == [
            "Core [\"LocalPods/Core/Shared/Log.swift\", \"LocalPods/Core/Sources/Core.swift\"]",
            "Feed [\"LocalPods/Feed/Sources/Feed.swift\"]",
        ])
        let graph = ModuleGraph(workspace: workspace)
        #expect(edges(graph) == ["Feed -> Core @LocalPods/Feed/Feed.podspec:4"])
        // The Podfile's target has no project to go to; its pods are the tree's, none remote.
        #expect(!workspace.notes.contains { $0.kind == .unreadDependency })
    }
}
