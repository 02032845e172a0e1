import ModlintRules
import ModlintTestSupport
import Testing

/// A file that two Xcode targets build (`Shared-iOS`, `Shared-watchOS`) is one place in
/// the code: one finding, naming every module that builds it.
struct SharedFileFindingsTests {
    static let files: [(String, String)] = [
        // Both targets are frameworks: no composition root builds the shared file.
        ("Demo.xcodeproj/project.pbxproj", XcodeFixtures.classicGroups.replacingOccurrences(
            of: "productType = \"com.apple.product-type.application\"", with: "productType = \"com.apple.product-type.framework\"")),
        ("Packages/Storage/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Storage", products: [.library(name: "Storage", targets: ["Storage"])],
                              targets: [.target(name: "Storage")])
        """),
        ("Packages/Storage/Sources/Storage/Store.swift", """
        public protocol Store {}
        public final class LiveStore: Store { public init() {} }
        """),
        ("Shared Code/Shared.swift", """
        import Storage

        public protocol Clock {}
        public final class ClockImpl: Clock {}

        let store = LiveStore()
        """),
        ("Demo App/AppDelegate.swift", "import Storage\n"),
        ("Kit/Sources/Kit.swift", "import Storage\n"),
    ]

    func lint(_ rule: any Rule) throws -> [String] {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let result = try Linter(rules: [rule]).lint(paths: [directory.path])
        return result.diagnostics.map { "\($0.file):\($0.line): \($0.message)" }
    }

    @Test func implCrossesBoundaryOncePerSharedSite() throws {
        #expect(try lint(ImplCrossesBoundary()) == [
            "Shared Code/Shared.swift:6: Demo App and Kit use LiveStore, a concrete implementation of Storage; "
                + "depend on its abstraction and let a composition root inject it",
        ])
    }

    @Test func publicImplOncePerSharedDeclaration() throws {
        #expect(try lint(PublicImpl()) == [
            "Packages/Storage/Sources/Storage/Store.swift:2: LiveStore implements Store but is public; Demo App, Kit use it "
                + "directly (see impl-crosses-boundary): switch those uses to Store first, then make it internal",
            "Shared Code/Shared.swift:4: ClockImpl implements Clock but is public; make it internal "
                + "and expose Clock (through a factory or the DI container) instead",
        ])
    }
}
