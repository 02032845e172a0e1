import Testing
@testable import ModlintCocoaPods

/// The Ruby DSL of podspecs, Podfiles and Podfile.lock, read without Ruby: exact values.
struct PodspecReaderTests {
    @Test func aPodspecWithSubspecsTestAndAppSpecs() throws {
        let spec = try #require(try PodspecReader.read(Array("""
        Pod::Spec.new do |s|
          s.name             = 'lottie-ios'
          s.version          = '4.1.0'
          s.summary          = "#{s.name} renders animations"
          s.description      = <<-DESC
            Lottie end-of-line; s.dependency 'NotADependency'
          DESC
          s.ios.deployment_target = '13.0'
          s.osx.deployment_target = '10.15'
          s.source_files     = 'Sources/Core/**/*.{swift,h,m}'
          s.exclude_files    = ['Sources/Core/Legacy/**']
          s.static_framework = true
          s.default_subspecs = 'Core'
          s.dependency 'Alamofire', '~> 5.0'

          s.subspec 'UI' do |ui|
            ui.source_files = "Sources/#{s.name}UI/*.swift"
            ui.dependency 'lottie-ios/Core'
            ui.ios.dependency 'SnapKit'
          end

          s.test_spec 'Tests' do |test_spec|
            test_spec.source_files = 'Tests/**/*.swift'
            test_spec.dependency 'Quick'
          end

          s.app_spec 'Demo' do |app|
            app.source_files = 'Demo/*.swift'
          end
        end
        """.utf8)))
        #expect(spec.name == "lottie-ios")
        #expect(spec.moduleName == "lottie_ios")
        #expect(spec.line == 1)
        #expect(spec.sources == ["Sources/Core/**/*.swift", "Sources/Core/**/*.h", "Sources/Core/**/*.m", "Sources/lottie-iosUI/*.swift"])
        #expect(spec.excluded == ["Sources/Core/Legacy/**"])
        #expect(spec.dependencies.map { "\($0.name)@\($0.line)" } == ["Alamofire@14", "lottie-ios/Core@18", "SnapKit@19"])
        #expect(spec.dependencies.map(\.pod) == ["Alamofire", "lottie-ios", "SnapKit"])
        #expect(spec.platforms == ["ios", "macos"])
        #expect(spec.defaultSubspecs == ["Core"])
        #expect(spec.isStaticFramework)
        #expect(!spec.isIncomplete)
        #expect(spec.specs.map { "\($0.targetName(pod: spec.name)) \($0.kind) \($0.sources) \($0.dependencies.map(\.name))" } == [
            // The pod's dependencies are inherited.
            "lottie-ios-Unit-Tests unitTests [\"Tests/**/*.swift\"] [\"Alamofire\", \"lottie-ios/Core\", \"SnapKit\", \"Quick\"]",
            "lottie-ios-Demo app [\"Demo/*.swift\"] [\"Alamofire\", \"lottie-ios/Core\", \"SnapKit\"]",
        ])
    }

    @Test func whatCannotBeEvaluatedKeepsTheLiteralPartsAndSaysSoOnce() throws {
        let spec = try #require(try PodspecReader.read(Array("""
        Pod::Spec.new do |spec|
          spec.name = "Kit"
          spec.module_name = "KitCore"
          spec.source_files = ["Kit/**/*.swift", File.read("sources.txt")]
          if ENV['WITH_EXTRAS']
            spec.dependency 'Extras'
          end
        end
        """.utf8)))
        #expect(spec.moduleName == "KitCore")
        #expect(spec.sources == ["Kit/**/*.swift"])
        #expect(spec.dependencies.map(\.name) == ["Extras"])
        #expect(spec.isIncomplete)
        #expect(spec.notes.map(\.line) == [4])
        #expect(spec.notes.count == 1)
        #expect(spec.notes[0].message.contains("(and 2 more)"))
    }

    @Test func aJSONPodspec() throws {
        let spec = try #require(try PodspecJSONReader.read(Array("""
        {
          "name": "Core",
          "source_files": "Core/**/*.swift",
          "dependencies": { "Logging": [] },
          "subspecs": [ { "name": "Net", "source_files": ["Net/*.{swift,m}"], "dependencies": { "Alamofire": ["~> 5"] } } ],
          "testspecs": [ { "name": "Tests", "test_type": "unit", "source_files": "Tests/*.swift" } ]
        }
        """.utf8)))
        #expect(spec.sources == ["Core/**/*.swift", "Net/*.swift", "Net/*.m"])
        #expect(spec.dependencies.map { "\($0.name)@\($0.line)" } == ["Logging@4", "Alamofire@5"])
        #expect(spec.specs.map { $0.targetName(pod: "Core") } == ["Core-Unit-Tests"])
    }

    /// The spellings CocoaPods reads the same as the plain one: the file's own name, the
    /// `%q` strings, the class's other name, globs of `Dir`.
    @Test(arguments: [
        "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = File.basename(__FILE__, '.podspec')\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = File.basename __FILE__, '.podspec'\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = File.basename(__FILE__, '.*')\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "::Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "Pod::Specification.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Sources/**/*.swift'\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = %q{Kit}\n  s.source_files = %q(Sources/**/*.swift)\n  s.dependency %Q[Core]\nend\n",
        "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = Dir.glob('Sources/**/*.swift')\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = Dir['Sources/**/*.swift']\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = %q(Sources/**/*.{swift,(h)})\n  s.dependency 'Core'\nend\n",
        "Pod::Spec.new do |s|\n  s.name = %q<Kit>\n  s.source_files = %Q{Sources/**/*.swift}\n  s.dependency %q|Core|\nend\n",
    ])
    func equivalentSpellingsReadTheSame(podspec: String) throws {
        let spec = try #require(try PodspecReader.read(Array(podspec.utf8), file: "Kit.podspec"), "\(podspec)")
        #expect(spec.name == "Kit")
        #expect(spec.line == 1)
        #expect(spec.sources == (podspec.contains("(h)") ? ["Sources/**/*.swift", "Sources/**/*.(h)"] : ["Sources/**/*.swift"]), "\(podspec)")
        #expect(spec.dependencies == [PodDependency(name: "Core", line: 4)], "\(podspec)")
        #expect(!spec.isIncomplete, "\(podspec)")
    }

    @Test func globsOfDirAreTheirPatterns() throws {
        let spec = try #require(try PodspecReader.read(Array("""
        Pod::Spec.new do |s|
          s.name = 'Kit'
          s.source_files = Dir.glob(['A/*.swift', 'B/*.{swift,m}'], File::FNM_DOTMATCH) + Dir['C/*.swift', "D/#{s.name}.swift"]
          s.exclude_files = Dir.glob('A/Old.swift')
        end
        """.utf8)))
        #expect(spec.sources == ["A/*.swift", "B/*.swift", "B/*.m", "C/*.swift", "D/Kit.swift"])
        #expect(spec.excluded == ["A/Old.swift"])
        #expect(!spec.isIncomplete)
        // A glob filtered by code is still not evaluated: it says so.
        let filtered = try #require(try PodspecReader.read(Array("Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = Dir.glob('A/*').reject { |f| f.end_with?('.h') }\nend\n".utf8)))
        #expect(filtered.isIncomplete)
    }

    /// What Ruby rejects is not read on as text: the line the literal opens on, and why.
    @Test(arguments: [
        ("Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.description = <<~EOS\n    text\n  s.dependency 'Core'\nend\n", 3, "the heredoc <<~EOS has no EOS line to end it"),
        ("Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.description = <<~EOS", 3, "the heredoc <<~EOS has no EOS line to end it"),
        ("Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = %w[Sources/a.swift\n  s.dependency 'Core'\nend\n", 3, "the word list %w[ is never closed"),
        ("Pod::Spec.new do |s|\n  s.name = 'Kit\nend\n", 2, "a string opened here is never closed"),
        ("Pod::Spec.new do |s|\n  s.name = %q{Kit\nend\n", 2, "a string opened here is never closed"),
        ("Pod::Spec.new do |s|\n=begin\n  s.name = 'Kit'\nend\n", 2, "the comment =begin has no =end"),
    ])
    func literalsThatNeverEndAreErrors(podspec: String, line: Int, message: String) {
        #expect(throws: PodReadError(line: line, message: message)) { try PodspecReader.read(Array(podspec.utf8)) }
        #expect(throws: PodReadError(line: line, message: message)) { try PodfileReader.read(Array(podspec.utf8)) }
    }

    /// A heredoc in a file with CRLF line ends still ends at its terminator.
    @Test func aHeredocEndsOnACRLFLine() throws {
        let spec = try #require(try PodspecReader.read(Array("Pod::Spec.new do |s|\r\n  s.name = 'Kit'\r\n  s.description = <<-EOS\r\n    text\r\n  EOS\r\n  s.dependency 'Core'\r\nend\r\n".utf8)))
        #expect(spec.dependencies.map(\.name) == ["Core"])
    }

    /// JSON nested beyond any podspec is refused in one pass, before the recursive parser
    /// sees it; JSON that does not parse is an error too.
    @Test func aJSONPodspecNestedTooDeepOrInvalidIsAnError() {
        let deep = "{\"name\":\"Kit\",\n\"x\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(throws: PodReadError(line: 2, message: "arrays and objects nest more than 64 levels deep")) { try PodspecJSONReader.read(Array(deep.utf8)) }
        let strings = "{\"name\":\"Kit\",\"x\":\"" + String(repeating: "[", count: 1000) + "\"}"
        #expect((try? PodspecJSONReader.read(Array(strings.utf8)))??.name == "Kit")
        #expect(throws: PodReadError(line: 1, message: "it is not valid JSON")) { try PodspecJSONReader.read(Array("{\"name\": \"Kit\",".utf8)) }
    }

    @Test func bracesExpandNestedAndBounded() {
        #expect(GlobBraces.expand("{Core,UI/{A,B}}/*.{swift,h}") == ["Core/*.swift", "Core/*.h", "UI/A/*.swift", "UI/A/*.h", "UI/B/*.swift", "UI/B/*.h"])
        #expect(GlobBraces.expand("Sources/**/*.swift") == ["Sources/**/*.swift"])
        // 5,001 alternatives, or 2^28 from 28 groups: over the budget, said instead of cut.
        #expect(GlobBraces.expandChecked("{" + String(repeating: "a,", count: 5000) + "b}") == nil)
        #expect(GlobBraces.expandChecked(String(repeating: "{a,b}", count: 28)) == nil)
        #expect(GlobBraces.expandChecked(String(repeating: "{a,b}", count: 10))?.count == 1024)
    }

    @Test func aPodfileWithNestedAbstractAndLoopedTargets() throws {
        let podfile = try PodfileReader.read(Array("""
        platform :ios, '15.0'
        use_frameworks!
        project 'Shop.xcodeproj'

        pod 'SwiftLint'

        def features
          pod 'Search', :path => 'Modules/Search'
          local_pod 'Cart'
        end

        abstract_target 'Shared' do
          pod 'Core', path: 'Modules/Core'

          target 'Shop' do
            features
            pod 'Alamofire', '~> 5.6'
            pod 'Moya/RxSwift'

            target 'ShopTests' do
              inherit! :search_paths
              pod 'Quick'
            end
          end
        end

        ['Widget', 'Clip'].each do |name|
          target name do
            pod 'Core', :path => 'Modules/Core'
            pod 'Debug', :configurations => ['Debug'] if ENV['DEBUG_TOOLS']
          end
        end

        target 'Isolated' do
          inherit! :none
        end

        post_install do |installer|
          installer.pods_project.targets.each do |target|
            target.build_configurations.each { |c| c.build_settings['X'] = 'Y' }
          end
        end
        """.utf8))
        #expect(podfile.targets.map { "\($0.name) \($0.project ?? "-"): \($0.pods.map { $0.name + ($0.inheritedFrom.map { "<" + $0 } ?? "") }.joined(separator: ","))" } == [
            "Shop Shop.xcodeproj: SwiftLint,Core,Search,Cart,Alamofire,Moya/RxSwift",
            "ShopTests Shop.xcodeproj: SwiftLint,Core,Search<Shop,Cart<Shop,Alamofire<Shop,Moya/RxSwift<Shop,Quick",
            "Widget Shop.xcodeproj: SwiftLint,Core,Debug",
            "Clip Shop.xcodeproj: SwiftLint,Core,Debug",
            "Isolated Shop.xcodeproj: ",
        ])
        let shop = podfile.targets[0].pods
        #expect(shop.map { $0.path ?? "-" } == ["-", "Modules/Core", "Modules/Search", "-", "-", "-"])
        #expect(shop.map(\.isLocalByName) == [false, false, false, true, false, false])
        #expect(shop.map(\.line) == [5, 13, 8, 9, 17, 18])
        #expect(podfile.isIncomplete)
        #expect(podfile.notes.map(\.line) == [30])
    }

    @Test func aPodfileLock() {
        let lock = PodfileLock.read(Array("""
        PODS:
          - Alamofire (5.6.1)
          - "Moya/Core (15.0.0)":
            - Alamofire (~> 5.0)
          - Search (1.0.0):
            - Core

        DEPENDENCIES:
          - Alamofire (= 5.6.1)

        EXTERNAL SOURCES:
          Search:
            :path: Modules/Search
          "Core":
            :path: "Modules/Core"

        COCOAPODS: 1.15.2
        """.utf8))
        #expect(lock.versions == ["Alamofire": "5.6.1", "Moya": "15.0.0", "Search": "1.0.0"])
        #expect(lock.paths == ["Search": "Modules/Search", "Core": "Modules/Core"])
    }

    /// Hostile input: deep nesting and unterminated constructs end at once, as errors (Ruby
    /// gives up on both; what they hide could be the pod's sources).
    @Test func hostileInputEnds() throws {
        let deep = "Pod::Spec.new do |s|\n s.name = 'X'\n s.source_files = " + String(repeating: "[", count: 50_000) + "\nend\n"
        #expect(throws: PodReadError(line: 3, message: "brackets and blocks nest more than 200 levels deep (the nesting budget)")) {
            try PodspecReader.read(Array(deep.utf8))
        }
        // A heredoc that never ends is an error, as to Ruby: not the rest of the file as its text.
        #expect(throws: PodReadError(line: 3, message: "the heredoc <<-DESC has no DESC line to end it")) {
            try PodspecReader.read(Array("Pod::Spec.new do |s|\n s.name = 'Z'\n s.description = <<-DESC\n never ends".utf8))
        }
        let recursive = "def a\n a\nend\ntarget 'T' do\n a\n pod 'P'\nend\n"
        #expect(try PodfileReader.read(Array(recursive.utf8)).targets.map(\.name) == ["T"])
    }
}
