import ModlintBazel
@testable import ModlintWorkspace
import Testing

/// Which BUILD files are read at all: the one-pass byte scan answers as a substring search
/// would for each `rule(` (white space before the parenthesis left out), each rule's name
/// in quotes (`load(…, my_lib = "swift_library")` binds it to another name) and for
/// `load("//`, `load(":`, `load('//`, `load(':`.
@Suite struct BazelPrefilterTests {
    static func bySubstring(_ text: String, loads: Bool) -> Bool {
        let squeezed = text.replacing(try! Regex("[ \t]+\\("), with: "(")
        return (loads && (squeezed.contains("load(\"//") || squeezed.contains("load(\":") || squeezed.contains("load('//") || squeezed.contains("load(':")))
            || (Array(BazelRuleKind.known.keys) + ["swift_library_group", "alias"]).contains { squeezed.contains($0 + "(") || text.contains("\"\($0)\"") || text.contains("'\($0)'") }
    }

    @Test(arguments: [
        "swift_library(name = \"A\")", "native.swift_library(name = 'A')", "apple_swift_library(name = 'A')",
        "swift_library (name = 'A')", "cc_library(name = 'c')", "load(\"//tools:defs.bzl\", \"x\")\nx(name='a')",
        "load(\":defs.bzl\", \"x\")", "load('//a:b.bzl', 'x')", "load(':b.bzl', 'x')", "reload(\"//a\")",
        "load(\"@rules_cc//cc:defs.bzl\", \"cc_library\")", "load (\"//a\")", "(", "", "ios_application(", "x = ios_unit_test(\n",
        "# swift_test(\n", "Ünïcode_swift_binary(", "swift_library", "objc_library(name='o')",
        "swift_library\t(name = 'A')", "load(\"@rules_swift//swift:swift.bzl\", my_lib = \"swift_library\")", "x = 'swift_test'",
        "x = \"swift_test'", "x = \"not_swift_test\"", "alias(name = 'a', actual = ':b')", "swift_library_group(name = 'g')", "load\t (':b.bzl', 'x')", "swift_library\n(name = 'A')",
    ])
    func scanAgreesWithSubstringSearch(_ text: String) {
        #expect(BazelBuildSystem.mayDeclareSwift(Array(text.utf8)) == Self.bySubstring(text, loads: true), "\(text)")
        #expect(BazelBuildSystem.mentionsKnownRule(Array(text.utf8)) == Self.bySubstring(text, loads: false), "\(text)")
    }
}
