import Foundation
import ModlintTestSupport
@testable import ModlintWorkspace
import Testing

/// One registry of build systems (`BuildSystems`) knows every build-file name: the walk,
/// the loader, `fix` and the rules ask it, and no code outside the readers spells a name.
struct BuildSystemNamesTests {
    /// Every name the registry and its systems own, as code would spell it in a literal
    /// (not `.yml`: configuration files are YAML too).
    static var registeredNames: Set<String> {
        var names = Set<String>()
        for system in BuildSystems.all {
            names.formUnion(system.names.files)
            names.formUnion(system.names.suffixes)
            names.formUnion(system.names.bundles)
            names.formUnion(system.names.inputFiles)
            names.formUnion(system.names.outputFolders)
        }
        names.formUnion(TuistBuildSystem.manifestNames)
        names.formUnion([SwiftPMBuildSystem.variantPrefix, CocoaPodsBuildSystem.installFolder, CocoaPodsBuildSystem.installLock,
                         SwiftPMBuildSystem.pinsFile, CommittedXcodeProjects.workspaceMembersFile, "project.pbxproj",
                         DependencyContext.swiftPMCheckouts, DependencyContext.xcodeCheckouts, "ProjectDescriptionHelpers"])
        return names
    }

    /// Where build-file names may be spelled: the readers' targets, the build systems'
    /// folder of the workspace model, and the fixtures tests are built from.
    static let readerFolders = ["Sources/ModlintManifest/", "Sources/ModlintXcode/", "Sources/ModlintCocoaPods/",
                                "Sources/ModlintBazel/", "Sources/ModlintWorkspace/BuildSystems/", "Sources/ModlintTestSupport/"]

    @Test func noCodeOutsideTheReadersSpellsABuildFileName() throws {
        let root = repositoryRoot()
        let literals = Self.registeredNames.map { "\"\($0)\"" }
        var offenders: [String] = []
        for folder in ["Sources", "Rules"] {
            let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let file = enumerator?.nextObject() as? String {
                let path = folder + "/" + file
                guard path.hasSuffix(".swift"), !Self.readerFolders.contains(where: path.hasPrefix) else { continue }
                let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }
                    // A rule example's file tree names its files as keys (`"Package.swift": …`).
                    for literal in literals where code.contains(literal) && !code.contains(literal + ":") {
                        offenders.append("\(path):\(number + 1): \(literal)")
                    }
                }
            }
        }
        #expect(offenders == [], "ask BuildSystems (or the build system's own type) instead")
    }

    @Test func everyBuildSystemIsRegisteredOnce() {
        #expect(BuildSystems.all.map(\.kind) == BuildSystemKind.allCases)
        // Specs are read before committed projects, which they may shadow.
        #expect(ProjectBuildSystems.all.map(\.kind) == [.xcodeGen, .tuist, .xcode, .cocoaPods, .bazel])
    }

    /// The walk's byte filter is built from the registry: every registered name passes it,
    /// and a description is recorded as one.
    @Test func theWalkRecordsEveryRegisteredName() {
        for system in BuildSystems.all {
            for name in system.names.files.union(system.names.inputFiles) {
                #expect(TreeScan.isWalkedFile(name), "\(name)")
            }
            for suffix in system.names.suffixes + system.names.inputSuffixes {
                #expect(TreeScan.isWalkedFile("Name" + suffix), "\(suffix)")
            }
            for name in system.names.files where !name.hasSuffix(".swift") {
                #expect(BuildSystems.isRecordedDescription(name), "\(name)")
            }
            for bundle in system.names.bundles {
                #expect(BuildSystems.isDescriptionBundle("App" + bundle))
            }
            // The walk takes `.swift` names as sources or manifests before any name test:
            // an input or a recorded description must not end in `.swift`.
            for name in system.names.inputFiles.union(system.names.files) where name != SwiftPMBuildSystem.manifestName {
                #expect(!name.hasSuffix(".swift"), "\(name)")
            }
            for suffix in system.names.suffixes + system.names.inputSuffixes {
                #expect(!suffix.hasSuffix(".swift"), "\(suffix)")
            }
        }
        for name in ["README.md", "Info.plist", "icon.png", "BUILDING.md", "Podfile.bak", "project.yml.orig"] {
            #expect(!BuildSystems.isRecordedDescription(name), "\(name)")
        }
    }

    /// Each description names its build system, which says how `fix` treats it.
    @Test(arguments: [
        ("Package.swift", BuildSystemKind.swiftPM, DescriptionEditing.swift(createsDependencies: true)),
        ("Kit/Package@swift-5.9.swift", .swiftPM, .swift(createsDependencies: true)),
        ("Tuist/Package.swift", .tuist, .swift(createsDependencies: true)),
        ("App/Project.swift", .tuist, .swift(createsDependencies: false)),
        ("project.yml", .xcodeGen, .yaml),
        ("Specs/targets.yml", .xcodeGen, .yaml),
        ("project.json", .xcodeGen, .byHand(reason: "JSON specs are not edited; add")),
        ("Kit.podspec", .cocoaPods, .byHand(reason: "Podfiles and podspecs are not edited; change")),
        ("Kit.podspec.json", .cocoaPods, .byHand(reason: "JSON specs are not edited; add")),
        ("Podfile", .cocoaPods, .byHand(reason: "Podfiles and podspecs are not edited; change")),
        ("Features/Login/BUILD.bazel", .bazel, .byHand(reason: "BUILD files are not edited; change")),
        ("App.xcodeproj/project.pbxproj", .xcode, .byHand(reason: "Xcode projects are not edited; add")),
    ])
    func descriptionsBelongToTheirBuildSystem(_ path: String, _ kind: BuildSystemKind, _ editing: DescriptionEditing) {
        #expect(BuildSystems.owner(of: path)?.kind == kind)
        #expect(BuildSystems.editing(of: path) == editing)
    }

    /// The remedy for unread dependencies is the build system's whose file declares them,
    /// each once.
    @Test func unreadDependenciesGetTheirBuildSystemsRemedy() {
        #expect(BuildSystems.unreadDependencyRemedy(for: ["Package.swift", "Kit/Package.swift"]) == BuildSystems[.swiftPM].unreadDependencyRemedy)
        #expect(BuildSystems.unreadDependencyRemedy(for: ["Podfile"]).hasPrefix("run `pod install`"))
        #expect(BuildSystems.unreadDependencyRemedy(for: ["App.xcodeproj/project.pbxproj"]) == BuildSystems[.xcode].unreadDependencyRemedy)
        // SwiftPM's remedy covers Xcode's.
        #expect(BuildSystems.unreadDependencyRemedy(for: ["App.xcodeproj/project.pbxproj", "Package.swift"]) == BuildSystems[.swiftPM].unreadDependencyRemedy)
        #expect(BuildSystems.unreadDependencyRemedy(for: ["Podfile", "project.yml"])
            == BuildSystems[.xcodeGen].unreadDependencyRemedy + "; " + BuildSystems[.cocoaPods].unreadDependencyRemedy)
    }

    @Test func nothingToLintNamesWhatEachBuildSystemLooksFor() {
        #expect(WorkspaceError.noPackages(["x"]).description == "no Package.swift, .xcodeproj, project.yml, podspec or Bazel BUILD file found under x")
    }
}
