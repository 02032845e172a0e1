import ModlintBazel
@testable import ModlintWorkspace
import Testing

/// Which BUILD files are read at all: the one-pass byte scan answers as a substring search
/// for each `rule(` and for `load("//`, `load(":`, `load('//`, `load(':` would.
@Suite struct BazelPrefilterTests {
    static func bySubstring(_ text: String, loads: Bool) -> Bool {
        (loads && (text.contains("load(\"//") || text.contains("load(\":") || text.contains("load('//") || text.contains("load(':")))
            || BazelRuleKind.known.keys.contains { text.contains($0 + "(") }
    }

    @Test(arguments: [
        "swift_library(name = \"A\")", "native.swift_library(name = 'A')", "apple_swift_library(name = 'A')",
        "swift_library (name = 'A')", "cc_library(name = 'c')", "load(\"//tools:defs.bzl\", \"x\")\nx(name='a')",
        "load(\":defs.bzl\", \"x\")", "load('//a:b.bzl', 'x')", "load(':b.bzl', 'x')", "reload(\"//a\")",
        "load(\"@rules_cc//cc:defs.bzl\", \"cc_library\")", "load (\"//a\")", "(", "", "ios_application(", "x = ios_unit_test(\n",
        "# swift_test(\n", "Ünïcode_swift_binary(", "swift_library", "objc_library(name='o')",
    ])
    func scanAgreesWithSubstringSearch(_ text: String) {
        #expect(BazelBuildSystem.mayDeclareSwift(Array(text.utf8)) == Self.bySubstring(text, loads: true), "\(text)")
        #expect(BazelBuildSystem.mentionsKnownRule(Array(text.utf8)) == Self.bySubstring(text, loads: false), "\(text)")
    }
}
