import Testing
@testable import ModlintCocoaPods

/// What the readers compute of the Ruby around the DSL: `Dir[…]` loops, `File` paths,
/// string methods, every value of a list attribute, and test specs' inherited
/// dependencies. Exact values; what cannot be computed stays a note.
struct RubyEvaluationTests {
    /// A tree's globs, as the workspace answers them (relative to the file's folder, sorted).
    static func environment(folder: String, _ globs: [String: [String]]) -> RubyEnvironment {
        RubyEnvironment(folder: folder) { globs[$0] }
    }

    @Test func aPodfileLoopsOverTheTreesPodspecsAndFolders() throws {
        let podfile = try PodfileReader.read(Array("""
        target 'App' do
          Dir['LocalPods/*/*.podspec'].each { |p| pod File.basename(p, '.podspec'), :path => File.dirname(p) }
          Dir.glob("Modules/*").each do |dir|
            pod File.basename(dir).gsub('-', ''), :path => dir
          end
          Dir.glob('Missing/*').select { |d| d }.each do |dir|
            pod File.basename(dir), :path => dir
          end
          Dir['Outside/*'].each { |p| pod File.basename(p), :path => p }
        end
        """.utf8), environment: Self.environment(folder: "ios", [
            "LocalPods/*/*.podspec": ["LocalPods/Core/Core.podspec", "LocalPods/UI/UI.podspec"],
            "Modules/*": ["Modules/Feature-A", "Modules/Feature-B"],
            "Missing/*": [],
        ]))
        #expect(podfile.targets.map(\.name) == ["App"])
        #expect(podfile.targets[0].pods.map { "\($0.name) \($0.path ?? "-") @\($0.line)" } == [
            "Core LocalPods/Core @2", "UI LocalPods/UI @2", "FeatureA Modules/Feature-A @4", "FeatureB Modules/Feature-B @4",
        ])
        // A loop over a `select` block and a glob the tree cannot answer: said, never guessed.
        #expect(podfile.isIncomplete)
        #expect(podfile.notes.map { "\($0.line) \($0.message)" } == [
            "6 a loop over a value that cannot be evaluated: the pods and targets it declares are not read (and 1 more)",
        ])
    }

    @Test func aPodspecNamesItselfFromItsFileAndFolder() throws {
        let sources = """
        folder = File.basename(__dir__)
        name = File.basename(__FILE__, '.podspec')
        extension = '.podspec'
        Pod::Spec.new do |s|
          s.name = File.basename(__FILE__, extension)
          s.module_name = "#{folder.capitalize}Kit"
          s.source_files = File.join(File.dirname(__FILE__), 'Sources', '**', '*.swift'), File.join(__dir__, 'Extra/*.swift')
          s.exclude_files = File.expand_path('Sources/Legacy/**', __dir__)
          s.dependency File.basename(File.expand_path('../Common', __dir__))
          s.dependency File.basename File.expand_path('../../..', __dir__)
        end
        """
        let spec = try #require(try PodspecReader.read(Array(sources.utf8), file: "Login.podspec", environment: RubyEnvironment(folder: "Modules/login")))
        #expect(spec.name == "Login")
        #expect(spec.moduleName == "LoginKit")
        #expect(spec.sources == ["Sources/**/*.swift", "Extra/*.swift"])
        #expect(spec.excluded == ["Sources/Legacy/**"])
        // The second leaves the tree: unknown, and said.
        #expect(spec.dependencies.map(\.name) == ["Common"])
        #expect(spec.isIncomplete)
        #expect(spec.notes.map(\.line) == [10])
        #expect(spec.notes[0].message.hasPrefix("a dependency is not a literal name;"))
    }

    @Test func stringMethodsOnNames() throws {
        let spec = try #require(try PodspecReader.read(Array("""
        base = '  my-feature '
        Pod::Spec.new do |s|
          s.name = base.strip.gsub('-', '_').upcase + 'Kit'
          s.module_name = s.name.downcase.sub(/_?kit$/, '').capitalize
          s.dependency "#{s.name.sub('Kit', '')}Core"
          s.dependency 'Shared-Utils'.gsub(/[-_]/, '')
          s.dependency s.name.tr('A-Z', 'a-z')
          s.dependency s.name.gsub(/(?<=K)it/, '')
          s.dependency s.name.gsub('Kit', '\\\\0s')
        end
        """.utf8)))
        #expect(spec.name == "MY_FEATUREKit")
        #expect(spec.moduleName == "My_feature")
        #expect(spec.dependencies.map(\.name) == ["MY_FEATURECore", "SharedUtils"])
        // `tr`, a look-behind and a back-reference are not evaluated: noted.
        #expect(spec.notes.map(\.line) == [7])
        #expect(spec.notes[0].message.hasPrefix("a dependency is not a literal name (and 2 more);"))
    }

    @Test func listAttributesTakeEveryValue() throws {
        let spec = try #require(try PodspecReader.read(Array("""
        extras = ['C/**/*.swift']
        Pod::Spec.new do |s|
          s.name = 'Kit'; s.platform = :tvos, '14.0'
          s.source_files = 'A/**/*.swift', 'B/**/*.{h,m}'
          s.ios.source_files = *extras, 'D/*.swift'
          s.source_files 'E/*.swift', 'F/*.swift'
          s.exclude_files = 'A/Legacy/**', 'B/Old/**'
          s.resources = 'Assets/*.xcassets', 'Strings/*.strings'
          s.resource_bundles = { 'Kit' => ['Bundle/*.json', 'Bundle/*.png'] }
          s.dependency *['Core', '~> 1.0']
          s.dependency('UI', '>= 2')
          %w[Net Log].each { |d| s.dependency d }
          deps = ['Store']
          deps.each do |d|
            s.dependency d
          end
        end
        """.utf8)))
        #expect(spec.sources == ["A/**/*.swift", "B/**/*.h", "B/**/*.m", "C/**/*.swift", "D/*.swift", "E/*.swift", "F/*.swift"])
        #expect(spec.excluded == ["A/Legacy/**", "B/Old/**"])
        #expect(spec.resources == ["Assets/*.xcassets", "Strings/*.strings", "Bundle/*.json", "Bundle/*.png"])
        #expect(spec.dependencies.map { "\($0.name)@\($0.line)" } == ["Core@10", "UI@11", "Net@12", "Log@12", "Store@15"])
        #expect(spec.platforms == ["ios", "tvos"])
        #expect(!spec.isIncomplete)
    }

    @Test func aTestSpecInheritsTheRootsDependencies() throws {
        let spec = try #require(try PodspecReader.read(Array("""
        Pod::Spec.new do |s|
          s.name = 'Presentation'
          s.source_files = 'Presentation/**/*.swift'
          s.test_spec 'Tests' do |t|
            t.source_files = 'Tests/**/*.swift'
            t.dependency 'Quick'
            t.dependency 'Domain'
          end
          s.app_spec 'Demo' do |app|
            app.source_files = 'Demo/*.swift'
          end
          s.dependency 'Domain'
          s.dependency 'Common'
        end
        """.utf8)))
        #expect(spec.dependencies.map(\.name) == ["Domain", "Common"])
        #expect(spec.specs.map { "\($0.targetName(pod: spec.name)) \($0.dependencies.map { "\($0.name)@\($0.line)" })" } == [
            "Presentation-Unit-Tests [\"Common@13\", \"Quick@6\", \"Domain@7\"]",
            "Presentation-Demo [\"Domain@12\", \"Common@13\"]",
        ])
    }

    @Test func dirInSourceFilesIsItsPatterns() throws {
        let spec = try #require(try PodspecReader.read(Array("""
        Pod::Spec.new do |s|
          s.name = 'Kit'
          s.source_files = Dir['Sources/**/*.swift'] + ['Extra/*.swift']
        end
        """.utf8), environment: Self.environment(folder: "", ["Sources/**/*.swift": ["Sources/A.swift"]])))
        #expect(spec.sources == ["Sources/**/*.swift", "Extra/*.swift"])
    }

    @Test func pathsStayInsideTheTree() {
        let environment = RubyEnvironment(folder: "Modules/Core")
        #expect(environment.normalized("../Common/./Sources/") == "../Common/Sources")
        #expect(environment.normalized("../../..") == nil)
        #expect(environment.normalized("/etc") == nil)
        #expect(environment.normalized("a/..") == ".")
        #expect(RubyMethods.apply(.reference(["File"]), "dirname", [.string(".")], in: environment) == .string(".."))
        #expect(RubyMethods.apply(.reference(["File"]), "basename", [.string("..")], in: environment) == .string("Modules"))
        #expect(RubyMethods.apply(.reference(["File"]), "basename", [.string("../..")], in: environment) == .unknown)
        #expect(RubyMethods.apply(.reference(["Dir"]), "glob", [.string("*")], in: environment) == .unknown)
    }
}
