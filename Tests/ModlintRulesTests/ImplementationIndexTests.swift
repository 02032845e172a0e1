import ModlintConfiguration
@testable import ModlintRules
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
        #expect(NamePatterns([Glob("*Mock*"), Glob("Exact")]).matchAny("AMockB"))
        #expect(NamePatterns([Glob("*Mock*"), Glob("Exact")]).matchAny("Exact"))
        #expect(!NamePatterns([Glob("*Mock*"), Glob("Exact")]).matchAny("Exactly"))
    }

    @Test func inheritanceListsAreFoundByName() {
        var table = InheritanceTable()
        table.add("LiveClock", ["Clock"])
        table.add("Other", ["Sendable"])
        table.add("LiveClock", ["CustomStringConvertible", "Equatable"])
        #expect(table.lists(of: "LiveClock") == [["CustomStringConvertible", "Equatable"], ["Clock"]])
        #expect(table.lists(of: "Other") == [["Sendable"]])
        #expect(table.lists(of: "Clock").isEmpty)
    }
}
