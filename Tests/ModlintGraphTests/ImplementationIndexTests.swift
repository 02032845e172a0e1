import ModlintConfiguration
import ModlintFacts
import ModlintWorkspace
@testable import ModlintGraph
import Testing

/// The boundary rules' name matching and inheritance lookup, below the rule examples.
struct ImplementationIndexTests {
    /// Plain prefix and suffix patterns are settled on bytes for ASCII names; any other
    /// name is compared by characters, as `hasPrefix`/`hasSuffix` compare them.
    @Test func implementationPatternsMatchByCharacters() {
        let defaults = NamePatterns(Configuration.defaultImplPatterns)
        #expect(defaults.matchAny("LiveClock"))
        #expect(defaults.matchAny("ClockImpl"))
        #expect(defaults.matchAny("ClockImplementation"))
        #expect(defaults.matchAny("DefaultClock"))
        #expect(!defaults.matchAny("Clock"))
        #expect(!defaults.matchAny("Impl2"))
        #expect(!defaults.matchAny("Deliver"))
        // A combining mark after the bytes changes the last or seventh character.
        #expect(defaults.matchAny("Cafe\u{301}Impl"))
        #expect(!defaults.matchAny("ClockImpl\u{301}"))
        #expect(!defaults.matchAny("Default\u{301}Clock"))
        // The Kelvin sign is canonically "K": equal as characters, not as bytes.
        #expect(NamePatterns([Glob("K*")]).matchAny("\u{212A}eyStore"))
        #expect(NamePatterns([Glob("*Store")]).matchAny("\u{212A}eyStore"))
        #expect(NamePatterns([Glob("K*")]).matchAny("KeyStore\u{301}"))
        // The first pattern's bytes match and its characters do not; the second matches.
        #expect(NamePatterns([Glob("K*"), Glob("*Store")]).matchAny("K\u{301}eyStore"))
        #expect(NamePatterns([Glob("*Mock*"), Glob("Exact")]).matchAny("AMockB"))
        #expect(NamePatterns([Glob("*Mock*"), Glob("Exact")]).matchAny("Exact"))
        #expect(!NamePatterns([Glob("*Mock*"), Glob("Exact")]).matchAny("Exactly"))
    }

    /// The byte shortcut answers as matching every pattern by characters would, for
    /// random names (combining marks, the Kelvin sign, empty) and patterns of every form.
    @Test func patternsAnswerAsCharacterMatching() {
        let globs = [["*Impl", "Live*"], ["*", "Exact"], ["K*", "*Mock*"], ["*e\u{301}", "Default*", "*Store"], []].map { $0.map { Glob($0) } }
        let pieces = ["Impl", "Live", "K", "\u{212A}", "e", "\u{301}", "Mock", "Store", "Default", "x", ""]
        var state: UInt64 = 0x5DEE_CE66_D1CE_4E5B
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var seed = state >> 20
            var name = ""
            for _ in 0..<Int(seed % 4) { seed /= 4; name += pieces[Int(seed % UInt64(pieces.count))]; seed /= UInt64(pieces.count) }
            for list in globs {
                let expected = list.contains { NamePattern($0).matches(name) }
                #expect(NamePatterns(list).matchAny(name) == expected, "\(list.map(\.pattern)) \(name.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test func inheritanceListsAreFoundByName() {
        let declarations = [
            TypeDeclaration(kind: .class, name: "LiveClock", inheritance: ["Clock"], line: 1, column: 1),
            TypeDeclaration(kind: .struct, name: "Other", inheritance: ["Sendable"], line: 2, column: 1),
            // An extension of a qualified name adds to the simple name's lists.
            TypeDeclaration(kind: .extension, name: "Outer.LiveClock", inheritance: ["CustomStringConvertible", "Equatable"], line: 3, column: 1),
        ] + (0..<100).map { TypeDeclaration(kind: .struct, name: "Filler\($0)", inheritance: ["P\($0)"], line: 4 + $0, column: 1) }
        var table = InheritanceTable(capacity: 0)
        for index in declarations.indices {
            table.add(declarations[index].name, at: InheritanceTable.Position(module: 0, file: 0, declaration: index))
        }
        table.seal()
        func lists(_ name: String) -> [[String]] {
            var lists: [[String]] = []
            table.forEachList(of: name, declaration: { declarations[Int($0.declaration)] }) { lists.append($0) }
            return lists
        }
        #expect(lists("LiveClock") == [["CustomStringConvertible", "Equatable"], ["Clock"]])
        #expect(lists("Other") == [["Sendable"]])
        #expect(lists("Filler42") == [["P42"]])
        #expect(lists("Clock").isEmpty)
        #expect(lists("Outer").isEmpty)
    }
}

/// needle's components build what their scope provides: `Component`, `NonCoreComponent`
/// (a lazily created scope) and `BootstrapComponent`, with or without the module prefix.
struct NeedleComponentTests {
    static func file(_ inheritance: String, imports: String = "import NeedleFoundation\n") -> ModlintWorkspace.SourceFile {
        ModlintWorkspace.SourceFile(path: "Sources/App/Scope.swift",
                                    summary: FactExtractor.summarize(bytes: Array("\(imports)final class Scope: \(inheritance) {}\n".utf8)))
    }

    @Test func everyNeedleComponentIsWiring() {
        for inheritance in ["Component<ScopeDependency>", "NonCoreComponent<ScopeDependency>", "BootstrapComponent",
                            "NeedleFoundation.Component<ScopeDependency>", "NeedleFoundation.NonCoreComponent<ScopeDependency>"] {
            #expect(ImplementationIndex.isNeedleComponentFile(Self.file(inheritance)), "\(inheritance)")
        }
        #expect(!ImplementationIndex.isNeedleComponentFile(Self.file("Component<ScopeDependency>", imports: "")))
        #expect(!ImplementationIndex.isNeedleComponentFile(Self.file("UIViewController")))
    }
}
