import ModlintGraph
import Testing

/// Whether some default debug or release build compiles code under an `#if`.
struct CompilationConditionTests {
    @Test(arguments: [
        ("DEBUG", true), ("!DEBUG", true), ("DEBUG && !DEBUG", false), ("FOO", false), ("!FOO", true),
        ("DEFINED", true), ("DEBUG && FOO", false), ("DEBUG || FOO", true), ("os(iOS)", true), ("os(Linux)", false),
        ("os(OSX)", true), ("os(iOS) && os(macOS)", false), ("!os(iOS) && !os(macOS)", false), ("canImport(UIKit) && os(iOS)", true),
        ("targetEnvironment(simulator)", true), ("swift(>=5.9)", true), ("(DEBUG && (os(Linux) || FOO))", false), ("true", true),
        ("false || false", false),
    ])
    func forIOSAndMacOS(condition: String, compiled: Bool) {
        #expect(CompilationCondition.isCompiledByDefault(condition, platforms: ["ios", "macos"], settableFlags: ["DEFINED"]) == compiled)
    }

    @Test func withoutDeclaredPlatformsEveryPlatformBuilds() {
        #expect(CompilationCondition.isCompiledByDefault("os(Linux)", platforms: [], settableFlags: []) == true)
        #expect(CompilationCondition.isCompiledByDefault("os(Linux) && os(Windows)", platforms: [], settableFlags: []) == false)
        #expect(CompilationCondition.isCompiledByDefault("!os(Linux)", platforms: [], settableFlags: []) == true)
    }

    @Test func unreadableConditionsAreUnknown() {
        for condition in ["DEBUG &&", "(DEBUG", "os(iOS", "&& DEBUG", String(repeating: "(", count: 100) + "A" + String(repeating: ")", count: 100)] {
            #expect(CompilationCondition.isCompiledByDefault(condition, platforms: [], settableFlags: []) == nil, "\(condition)")
        }
    }

    @Test func requiredFlagsAreTheConjuncts() {
        #expect(CompilationCondition.requiredFlags("Telemetry && (DEBUG && os(iOS))") == ["Telemetry", "DEBUG"])
        #expect(CompilationCondition.requiredFlags("A || B").isEmpty)
    }
}
