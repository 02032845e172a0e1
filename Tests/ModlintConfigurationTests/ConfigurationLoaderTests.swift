import ModlintConfiguration
import Testing

/// The strict loader: every error kind at its exact place, with a did-you-mean.
struct ConfigurationLoaderTests {
    static let loader = ConfigurationLoader(knownRuleIDs: ["import-cycle", "layer-violation", "unused-dependency"])

    func parse(_ text: String) throws -> Configuration {
        try Self.loader.parse(text, file: "/w/.modlint.yml", baseDirectory: "/w")
    }

    func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch let error as ConfigurationError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func emptyFileIsTheDefaults() throws {
        let configuration = try parse("")
        #expect(configuration.layers.isEmpty)
        #expect(configuration.implPatterns == Configuration.defaultImplPatterns)
        #expect(configuration.file == "/w/.modlint.yml")
        #expect(configuration.baseDirectory == "/w")
    }

    @Test func fullConfiguration() throws {
        let configuration = try parse("""
        rules:
          import-cycle: warning
          unused-dependency: off
        include: ["Packages/**"]
        exclude:
          - "**/Fixtures/**"
        composition-roots: [App, DI]
        layers:
          - name: Features
            paths: ["Packages/Features/**"]
            independent: true
          - name: Core
            modules: ["Networking", "Data*"]
        forbidden:
          - from: "*Feature"
            to: Database
            reason: use repositories
        allowed:
          - {from: Settings, to: Profile}
        max-depth: 4
        """)
        #expect(configuration.severities == ["import-cycle": .warning, "unused-dependency": .off])
        #expect(configuration.include.map(\.pattern) == ["Packages/**"])
        #expect(configuration.exclude.map(\.pattern) == ["**/Fixtures/**"])
        #expect(configuration.compositionRoots.map(\.pattern) == ["App", "DI"])
        #expect(configuration.layers.map(\.name) == ["Features", "Core"])
        #expect(configuration.layers[0].independent)
        #expect(configuration.layers[0].location == ConfigurationLocation(file: "/w/.modlint.yml", line: 9, column: 5))
        #expect(configuration.layers[1].modules.map(\.pattern) == ["Networking", "Data*"])
        #expect(configuration.layers[1].modules[1].location == ConfigurationLocation(file: "/w/.modlint.yml", line: 13, column: 29))
        #expect(configuration.forbidden.map { "\($0.from) -> \($0.to): \($0.reason ?? "")" } == ["*Feature -> Database: use repositories"])
        #expect(configuration.forbidden[0].location == ConfigurationLocation(file: "/w/.modlint.yml", line: 15, column: 5))
        #expect(configuration.allowed.map { "\($0.from) -> \($0.to)" } == ["Settings -> Profile"])
        #expect(configuration.maxDepth == 4)
    }

    @Test func transitiveImportsAndDependencies() throws {
        #expect(try parse("").transitiveImports == .warning)
        let configuration = try parse("transitive-imports: error\ndependencies: [.ci/checkouts]\n")
        #expect(configuration.transitiveImports == .error)
        #expect(configuration.dependencies == [".ci/checkouts"])
        // The configuration comes from the tree a pull request changes: it cannot widen
        // what is read (the command line's --dependencies can).
        #expect(error("dependencies: [.ci/checkouts, /opt/cache]\n")
                == "/w/.modlint.yml:1:15: error: dependencies: '/opt/cache' is not a folder inside the work tree; name a folder outside the work tree with --dependencies on the command line")
        #expect(error("dependencies: [../../etc]\n")?.hasPrefix("/w/.modlint.yml:1:15: error: dependencies: '../../etc' leads out of the work tree") == true)
        #expect(error("dependencies: [.git/modules]\n") == "/w/.modlint.yml:1:15: error: dependencies: '.git/modules' is inside .git, which is never read")
        #expect(error("transitive-imports: warn\n")
                == "/w/.modlint.yml:1:21: error: transitive-imports must be one of error, warning, note, off (got 'warn')")
    }

    @Test func platforms() throws {
        #expect(try parse("").platforms == nil)
        #expect(try parse("platforms: [iOS, macos]\n").platforms == ["ios", "macos"])
        #expect(error("platforms: [ios, macoss]\n")?.hasPrefix("/w/.modlint.yml:1:12: error: unknown platform 'macoss' in platforms (known: android, freebsd") == true)
    }

    @Test func swiftLintKeysNameModlintsEquivalent() {
        #expect(error("disabled_rules: [import-cycle]\n")
                == "/w/.modlint.yml:1:1: error: unknown key 'disabled_rules' in the configuration — this is SwiftLint's; modlint's equivalent: 'rules:' with 'RULE: off'")
        #expect(error("excluded:\n  - Pods\n")
                == "/w/.modlint.yml:1:1: error: unknown key 'excluded' in the configuration — this is SwiftLint's; modlint's equivalent: 'exclude:' (paths relative to this file)")
    }

    @Test func unknownTopLevelKey() {
        #expect(error("layer:\n  - name: A\n") == "/w/.modlint.yml:1:1: error: unknown key 'layer' in the configuration — did you mean 'layers'?")
    }

    @Test func unknownNestedKey() {
        #expect(error("layers:\n  - name: A\n    module: [A]\n")
                == "/w/.modlint.yml:3:5: error: unknown key 'module' in a layer — did you mean 'modules'?")
        #expect(error("forbidden:\n  - from: A\n    too: B\n")
                == "/w/.modlint.yml:3:5: error: unknown key 'too' in an entry of forbidden — did you mean 'to'?")
    }

    @Test func unknownRuleAndSeverity() {
        #expect(error("rules:\n  import-cycles: error\n")
                == "/w/.modlint.yml:2:3: error: unknown rule 'import-cycles' — did you mean 'import-cycle'?")
        #expect(error("rules:\n  import-cycle: eror\n")
                == "/w/.modlint.yml:2:17: error: severity must be one of error, warning, note, off (got 'eror') — did you mean 'error'?")
    }

    @Test func wrongTypes() {
        #expect(error("layers: Features\n") == "/w/.modlint.yml:1:9: error: layers must be a list")
        #expect(error("max-depth: deep\n") == "/w/.modlint.yml:1:12: error: max-depth must be a whole number")
        #expect(error("max-depth: 0\n") == "/w/.modlint.yml:1:12: error: max-depth must be at least 1")
        #expect(error("layers:\n  - name: A\n    modules: [A]\n    independent: maybe\n")
                == "/w/.modlint.yml:4:18: error: independent must be true or false (got 'maybe')")
        #expect(error("rules: [import-cycle]\n") == "/w/.modlint.yml:1:8: error: rules must be a mapping (key: value)")
    }

    @Test func missingRequiredFields() {
        #expect(error("layers:\n  - modules: [A]\n") == "/w/.modlint.yml:2:5: error: a layer needs a 'name'")
        #expect(error("layers:\n  - name: A\n") == "/w/.modlint.yml:2:5: error: layer 'A' needs 'modules' or 'paths'")
        #expect(error("forbidden:\n  - from: A\n") == "/w/.modlint.yml:2:5: error: an entry of forbidden needs 'from' and 'to'")
    }

    @Test func duplicateKeysAndBrokenYAML() {
        #expect(error("max-depth: 2\nmax-depth: 3\n")?.hasPrefix("/w/.modlint.yml:") == true)
        #expect(error("layers: [\n")?.contains("error: invalid YAML") == true)
    }
}

/// `*` within a component, `**` across, `?` one character, `[…]` sets.
struct GlobTests {
    @Test func star() {
        #expect(Glob("*Feature").matches("HomeFeature"))
        #expect(Glob("*Feature").matches("Feature"))
        #expect(!Glob("*Feature").matches("HomeFeatures"))
        #expect(!Glob("Packages/*").matches("Packages/Core/Networking"))
        #expect(Glob("Packages/*").matches("Packages/Core"))
    }

    @Test func doubleStar() {
        #expect(Glob("Packages/**").matches("Packages/Core/Networking"))
        #expect(Glob("**/Fixtures/**").matches("Tests/Rules/Fixtures/App/Package.swift"))
        #expect(Glob("**/Fixtures/**").matches("Fixtures/App"))
        #expect(!Glob("**/Fixtures/**").matches("Tests/FixturesX/App"))
        #expect(Glob("Packages/**/Sources").matches("Packages/Sources"))
        // A `*` after `**/` still lets `**` reach any depth (XcodeGen's `**/*_SPEC*.swift`).
        #expect(Glob("**/*_SPEC*.swift").matches("UseCases/Rate/Rate_SPEC.swift"))
        #expect(Glob("**/*_SPEC*.swift").matches("Rate_SPEC.swift"))
        #expect(Glob("Sources/**/*.swift").matches("Sources/A/B/C.swift"))
        #expect(!Glob("**/*_SPEC*.swift").matches("UseCases/Rate_SPEC/Rate.swift"))
    }

    @Test func questionMarkAndSets() {
        #expect(Glob("Module?").matches("ModuleA"))
        #expect(!Glob("Module?").matches("Module"))
        #expect(!Glob("a?b").matches("a/b"))
        #expect(Glob("[HP]*").matches("Home"))
        #expect(Glob("[HP]*").matches("Profile"))
        #expect(!Glob("[HP]*").matches("Settings"))
        #expect(Glob("[!HP]*").matches("Settings"))
        #expect(Glob("V[0-9]").matches("V7"))
        #expect(!Glob("V[0-9]").matches("Vx"))
    }
}

/// The nearest `.modlint.yml` upward from the linted path.
struct DiscoveryTests {
    @Test func findsTheNearestFileUpward() {
        let files: Set<String> = ["/repo/.modlint.yml", "/repo/Packages/Core/.modlint.yml"]
        #expect(ConfigurationLoader.find(startingAt: "/repo/Packages/Core/Networking", exists: files.contains) == "/repo/Packages/Core/.modlint.yml")
        #expect(ConfigurationLoader.find(startingAt: "/repo/Packages/Features", exists: files.contains) == "/repo/.modlint.yml")
        #expect(ConfigurationLoader.find(startingAt: "/repo", exists: files.contains) == "/repo/.modlint.yml")
        #expect(ConfigurationLoader.find(startingAt: "/elsewhere", exists: files.contains) == nil)
        #expect(ConfigurationLoader.find(startingAt: "/", exists: { $0 == "/.modlint.yml" }) == "/.modlint.yml")
    }
}
