@testable import ModlintXcode
import Testing

/// The spec as XcodeGen resolves it: exact targets, module names, sources and dependencies.
struct XcodeGenReaderTests {
    func read(_ files: [String: String], _ spec: String = "project.yml") throws(XcodeGenError) -> XcodeProject {
        try XcodeGenReader.read(file: spec) { path in files[path].map { Array($0.utf8) } }
    }

    @Test func targetsWithTypesModuleNamesAndDependencies() throws {
        let project = try read(["project.yml": """
            name: Shop
            packages:
              Alamofire: {url: https://github.com/Alamofire/Alamofire, from: 5.0.0}
              Core: {path: Packages/Core}
              Pulse: {github: kean/Pulse}
            settings:
              SWIFT_VERSION: 5.9
            targets:
              Shop App:
                type: application
                platform: iOS
                sources: [App]
                dependencies:
                  - target: Checkout
                  - package: Alamofire
                  - package: Core
                    product: CoreUI
                  - package: Pulse
                    products: [Pulse, PulseUI]
                  - sdk: Contacts.framework
                  - framework: Carthage/Build/iOS/Lottie.framework
                  - carthage: Kingfisher
                  - bundle: Assets.bundle
              Checkout:
                type: framework
                platform: iOS
                sources: Checkout
                settings:
                  base:
                    PRODUCT_MODULE_NAME: CheckoutKit
              Widget:
                type: app-extension
                platform: iOS
                productName: Shop Widget
            """])
        #expect(project.name == "Shop")
        #expect(project.targets.map(\.name) == ["Shop App", "Checkout", "Widget"])
        #expect(project.targets.map(\.moduleName) == ["Shop_App", "CheckoutKit", "Shop_Widget"])
        #expect(project.targets.map(\.productType) == [.application, .framework, .appExtension])
        #expect(project.targets.map(\.productFileName) == ["Shop App.app", "Checkout.framework", nil])
        #expect(project.targets[0].platforms == ["ios"])
        #expect(project.targets[0].dependencies.map(\.kind) == [
            .target("Checkout"),
            .packageProduct(product: "Alamofire", package: .remote("https://github.com/Alamofire/Alamofire")),
            .packageProduct(product: "CoreUI", package: .local("Packages/Core")),
            .packageProduct(product: "Pulse", package: .remote("https://github.com/kean/Pulse")),
            .packageProduct(product: "PulseUI", package: .remote("https://github.com/kean/Pulse")),
            .linkedProduct("Lottie.framework"),
            .linkedProduct("Kingfisher.framework"),
        ])
        // Lines point at the spec: the dependency list entry.
        #expect(project.targets[0].dependencies.map(\.line) == [14, 15, 16, 18, 18, 21, 22])
        // The target's line is its name's.
        #expect(project.targets[0].line == 9)
        #expect(project.referencedFolders == ["Packages/Core"])
    }

    /// `platform: [iOS, macOS]`: one target per platform, named with the suffix,
    /// `${platform}` replaced, the module keeping the written name.
    @Test func multiPlatformTargets() throws {
        let project = try read(["project.yml": """
            name: P
            targets:
              Kit:
                type: framework
                platform: [iOS, macOS]
                sources: Kit
                dependencies:
                  - target: Base_${platform}
                  - target: Mac_${platform}
                    platforms: [macOS]
              Base:
                type: framework
                platform: [iOS, macOS]
                platformPrefix: Lib
                platformSuffix: ""
            """])
        #expect(project.targets.map(\.name) == ["Kit_iOS", "Kit_macOS", "LibBase", "LibBase"])
        #expect(project.targets.map(\.moduleName) == ["Kit", "Kit", "Base", "Base"])
        #expect(project.targets.map(\.platforms) == [["ios"], ["macos"], ["ios"], ["macos"]])
        #expect(project.targets[0].dependencies.map(\.kind) == [.target("Base_iOS")])
        #expect(project.targets[1].dependencies.map(\.kind) == [.target("Base_macOS"), .target("Mac_macOS")])
        #expect(project.targets.map(\.productFileName) == ["Kit.framework", "Kit.framework", "Base.framework", "Base.framework"])
    }

    /// Templates, nested ones first, merged under the target (lists concatenate), with
    /// `${target_name}` and `templateAttributes` replaced.
    @Test func targetTemplates() throws {
        let project = try read(["project.yml": """
            name: P
            targetTemplates:
              Base:
                platform: iOS
                sources: ["Sources/${target_name}"]
                dependencies: [{target: Logging}]
              Feature:
                templates: [Base]
                type: framework
                sources: ["Shared/${flavour}"]
            targets:
              Search:
                templates: [Feature]
                templateAttributes: {flavour: Green}
                dependencies: [{target: Network}]
            """])
        let search = try #require(project.targets.first)
        #expect(search.productType == .framework)
        #expect(search.synchronizedFolders.map(\.path) == ["Sources/Search", "Shared/Green"])
        #expect(search.dependencies.map(\.kind) == [.target("Logging"), .target("Network")])
    }

    /// XcodeGen 2.33 and later: a file included with `relativePaths: false` reads its own
    /// includes from the including spec's base, not from its folder (a module spec in
    /// `Modules/Search` includes `../module_template.yml`, which includes
    /// `../../templates.yml` at the top of the repository), and its paths are the spec's.
    /// With the default `relativePaths: true` both are its own folder's.
    @Test func includesWithoutRelativePathsResolveFromTheSpecsBase() throws {
        let project = try read([
            "project.yml": """
                name: Search
                include:
                  - path: ../module_template.yml
                    relativePaths: false
                targets:
                  Search:
                    templates: [Module]
                """,
            "../module_template.yml": """
                include:
                  - path: ../../templates.yml
                    relativePaths: false
                  - shared/extra.yml
                """,
            "../../templates.yml": """
                targetTemplates:
                  Module:
                    type: framework
                    platform: iOS
                    sources: [Sources]
                """,
            "shared/extra.yml": """
                targets:
                  Extra:
                    type: framework
                    platform: iOS
                    sources: [Extra]
                """,
        ])
        #expect(project.targets.map(\.name) == ["Extra", "Search"])
        #expect(project.targets.first { $0.name == "Search" }?.synchronizedFolders.map(\.path) == ["Sources"])
        // Included (relativePaths: true, the default) by ../module_template.yml, which reads
        // from the spec's base: found at shared/extra.yml, its paths that folder's.
        #expect(project.targets.first { $0.name == "Extra" }?.synchronizedFolders.map(\.path) == ["shared/Extra"])
    }

    /// `include:` nested and relative: an included file's paths are relative to itself;
    /// the including spec wins on conflicts; a file included twice is merged once.
    @Test func includesResolvePathsRelativeToTheIncludedFile() throws {
        let project = try read([
            "project.yml": """
                name: P
                include:
                  - Modules/modules.yml
                  - path: Shared/base.yml
                    relativePaths: false
                  - {path: Disabled/off.yml, enable: false}
                targets:
                  App:
                    type: application
                    platform: iOS
                    sources: [App]
                """,
            "Modules/modules.yml": """
                include: [Search/search.yml, ../Shared/base.yml]
                configFiles:
                  Debug: Configs/Debug.xcconfig
                targets:
                  Profile:
                    type: framework
                    platform: iOS
                    sources: [Profile, {path: Extra, excludes: ["*.md"]}]
                """,
            "Modules/Search/search.yml": """
                targets:
                  Search:
                    type: framework
                    platform: iOS
                    sources: Sources
                packages:
                  Local: {path: ../../Packages/Local}
                """,
            "Shared/base.yml": """
                options: {transitivelyLinkDependencies: false}
                targets:
                  App:
                    type: framework
                """,
            "Modules/Configs/Debug.xcconfig": "PRODUCT_MODULE_NAME = $(TARGET_NAME)Module\n",
        ])
        #expect(project.targets.map(\.name) == ["Search", "App", "Profile"])
        // Where each target is declared: findings and `fix` go to that file, at its lines.
        #expect(project.targets.map(\.file) == ["Modules/Search/search.yml", nil, "Modules/modules.yml"])
        #expect(project.targets.map(\.line) == [2, 8, 5])
        #expect(project.targets.map(\.productType) == [.framework, .application, .framework])
        #expect(project.targets.map { $0.synchronizedFolders.map(\.path) } == [["Modules/Search/Sources"], ["App"], ["Modules/Profile", "Modules/Extra"]])
        #expect(project.targets[2].synchronizedFolders[1].excludedPatterns == ["*.md"])
        // The included xcconfig, found relative to the file that names it.
        #expect(project.targets.map(\.moduleName) == ["SearchModule", "AppModule", "ProfileModule"])
        #expect(project.referencedFolders == ["Packages/Local"])
    }

    /// What is not compiled is not a source: folder references are resources, other build
    /// phases are skipped; a synced folder is a folder, never one file.
    @Test func onlyCompiledSourcesCount() throws {
        let project = try read(["project.yml": """
            name: P
            targets:
              App:
                type: application
                platform: iOS
                sources:
                  - path: App
                    includes: ["**/*.swift"]
                  - {path: Templates, type: folder}
                  - {path: Scripts, buildPhase: none}
                  - {path: Fonts, buildPhase: resources}
                  - {path: Headers, buildPhase: {copyFiles: {destination: productsDirectory}}}
                  - {path: Synced, type: syncedFolder, excludes: [Old]}
                  - {path: Generated, buildPhase: sources, optional: true}
              Runner:
                type: ""
                legacy: {toolPath: /usr/bin/true}
            """])
        #expect(project.targets.map(\.name) == ["App"])
        let app = project.targets[0]
        #expect(app.synchronizedFolders.map(\.path) == ["App", "Synced", "Generated"])
        #expect(app.synchronizedFolders.map(\.mayBeFile) == [true, false, true])
        #expect(app.synchronizedFolders[0].includedPatterns == ["**/*.swift"])
        #expect(app.resourceFolders == ["Templates"])
    }

    /// An app links what its frameworks link when the spec asks (`transitivelyLinkDependencies`).
    @Test func transitiveLinking() throws {
        let project = try read(["project.yml": """
            name: P
            options: {transitivelyLinkDependencies: true}
            targets:
              App: {type: application, platform: iOS, dependencies: [{target: Feature}]}
              Feature: {type: framework, platform: iOS, dependencies: [{target: Core}]}
              Core: {type: framework, platform: iOS, dependencies: [{target: Log}]}
              Log: {type: framework, platform: iOS}
            """])
        #expect(project.targets[0].dependencies.map(\.kind) == [.target("Feature"), .target("Core"), .target("Log")])
        #expect(project.targets[1].dependencies.map(\.kind) == [.target("Core")])
    }

    /// Keys written twice are found from the lines; keys of different maps are never paired,
    /// also when a map's key has spaces (`Design System:`) or the pass cannot read a line.
    @Test func duplicateKeysAreFoundOnlyWithinOneMap() throws {
        let project = try read(["project.yml": """
            name: Shop
            targets:
              Design System:
                type: application
                platform: iOS
                sources: [App]
              Design SystemTests:
                type: bundle.unit-test
                platform: iOS
                sources: [Tests]
            schemes:
              Widgets - Todo:
                build:
                  targets: {Design System: all}
              Widgets - News:
                build:
                  targets: {Design System: all}
            options:
              bundleIdPrefix: a
              bundleIdPrefix: b
            """])
        #expect(project.targets.map(\.name) == ["Design System", "Design SystemTests"])
        #expect(project.notes.map(\.message) == ["key 'bundleIdPrefix' is written twice in one map; the later value is used"])
        #expect(project.notes.map(\.line) == [19])
        #expect(project.notes.map(\.file) == [nil])
    }

    /// A key written twice in a file the spec includes is said at that file's line.
    @Test func duplicateKeysOfAnIncludedFileAreSaidInThatFile() throws {
        let project = try read([
            "project.yml": """
            name: Shop
            include: [config/base.yml]
            targets:
              App: {type: application, platform: iOS, sources: [App]}
            """,
            "config/base.yml": """
            options:
              bundleIdPrefix: a
            settings:
              base: {A: 1}
              base: {B: 2}
            """,
        ])
        #expect(project.notes.map { "\($0.file ?? "-"):\($0.line) \($0.message)" }
                == ["config/base.yml:4 key 'base' is written twice in one map; the later value is used"])
    }

    /// The earlier of two equal keys may hold an anchor the later one merges (`App: &app`
    /// … `App: <<: *app`): its value stays in place while the spec is parsed, the later
    /// value wins, and the earlier one's lines do not fall to the key above it.
    @Test func aDuplicateKeyWhoseValueTheLaterOneMergesIsRead() throws {
        let project = try read(["project.yml": """
            name: Shop
            targets:
              Kit:
                type: framework
                platform: iOS
                sources: [Kit]
              App: &app
                type: application
                platform: iOS
                sources: [App]
              App:
                <<: *app
                dependencies:
                  - target: Kit
            """])
        #expect(project.targets.map(\.name) == ["Kit", "App"])
        #expect(project.targets[0].productType == .framework)
        #expect(project.targets[1].productType == .application)
        #expect(project.targets[1].dependencies.map(\.kind) == [.target("Kit")])
        #expect(project.notes.map(\.line) == [7])
    }

    @Test func badSpecsSayWhereAndWhy() {
        #expect(throws: XcodeGenError(file: "project.yml", line: 3, message: "invalid YAML: mapping values are not allowed in this context")) {
            try read(["project.yml": "name: P\ntargets:\n  App: type: application\n"])
        }
        #expect(throws: XcodeGenError(file: "project.yml", line: 1, message: "no 'name:': not an XcodeGen spec")) {
            try read(["project.yml": "targets: {}\n"])
        }
        #expect(throws: XcodeGenError(file: "missing.yml", line: 1, message: "cannot read missing.yml")) {
            try read(["project.yml": "name: P\ninclude: [missing.yml]\n"])
        }
        // Includes nested too deep are reported at the include that goes too deep, in a file
        // that was read, not in the file not read (found by fuzzing: `a/` included from `a/`
        // makes ever longer paths to files that do not exist).
        var chain = ["project.yml": "name: P\ninclude: [1.yml]\n"]
        for level in 1...20 { chain["\(level).yml"] = "# level \(level)\ninclude:\n  - \(level + 1).yml\n" }
        #expect(throws: XcodeGenError(file: "15.yml", line: 2, message: "includes nest deeper than 16 levels: 16.yml is not read")) {
            try read(chain)
        }
        // An include cycle is read once, not forever.
        #expect((try? read(["project.yml": "name: P\ninclude: [a.yml]\n", "a.yml": "include: [project.yml]\n"]))?.name == "P")
    }

    /// Whether a `project.yml` is a spec is decided on the YAML, whatever its spelling; a
    /// `targets` key nested in another tool's file is none, one in a broken file is.
    @Test func aSpecIsKnownByItsTopLevelKeysInAnySpelling() {
        for spec in ["name: A\ntargets: {}\n", "{name: A, targets: {}}", "  name: A\n  'targets' : {}\n", "name: A\ninclude: [b.yml]\n",
                     "{\"name\": \"A\", \"targets\": {}}", "name: A\ntargets:\n  App: type: application\n", "{name: A, targets: {App: [}"] {
            #expect(XcodeGenReader.declaresTargets(Array(spec.utf8)), "\(spec)")
        }
        for other in ["name: A\n", "jobs:\n  build:\n    targets: [a, b]\n", "{tool: {include: x}}", ""] {
            #expect(!XcodeGenReader.declaresTargets(Array(other.utf8)), "\(other)")
        }
        // UTF-16 is transcoded before YAML reads it.
        let utf16: [UInt8] = [0xFF, 0xFE] + "name: A\ntargets: {}\n".utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(XcodeGenReader.declaresTargets(utf16))
        #expect(SpecText.utf8(utf16) == Array("name: A\ntargets: {}\n".utf8))
        #expect(SpecText.utf8([0xEF, 0xBB, 0xBF, 0x61]) == [0x61])
    }

    /// Aliases of aliases (a "billion laughs" spec from a pull request) stop at a budget.
    @Test func aliasBombIsRefused() {
        var yaml = "name: P\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(throws: XcodeGenError.self) { try read(["project.yml": yaml]) }
    }

    /// Lines as the YAML reader numbers them, whatever the line ends (found by fuzzing): an
    /// error at the end of a file without a final line break is on its last line, not the
    /// one after; a key written twice is read past on its own line with `\r` or `\r\n`
    /// line ends too, the later value kept, as with `\n`.
    @Test func linesWhateverTheLineEnds() throws {
        #expect(throws: XcodeGenError(file: "project.yml", line: 2, message: "invalid YAML: could not find expected ':'")) {
            try read(["project.yml": "name: P\nr"])
        }
        for lineBreak in ["\n", "\r\n", "\r"] {
            let spec = ["name: P", "targets:", "  App: {type: framework}", "  Kit: {type: framework}", "  App: {type: application}", ""]
            let project = try read(["project.yml": spec.joined(separator: lineBreak)])
            #expect(project.targets.map(\.name) == ["Kit", "App"])
            #expect(project.targets.map(\.productType) == [.framework, .application])
            #expect(project.targets.map(\.line) == [4, 5])
            #expect(project.notes.map { "\($0.line) \($0.message)" } == ["3 key 'App' is written twice in one map; the later value is used"])
        }
    }
}
