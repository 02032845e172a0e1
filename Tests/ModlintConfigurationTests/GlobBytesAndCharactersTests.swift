import ModlintConfiguration
import Testing

/// ASCII paths are matched byte by byte, others by characters: both ways give one answer.
struct GlobBytesAndCharactersTests {
    @Test(arguments: [
        ("Sources/**/*.swift", "Sources/App/Main.swift", true),
        ("Sources/**/*.swift", "Sources/Main.swift", true),
        ("Sources/*.swift", "Sources/App/Main.swift", false),
        ("Tests/**", "Tests/Fixtures/a/b.swift", true),
        ("Feature?", "FeatureA", true),
        ("Feature?", "Feature/", false),
        ("[A-C]ore", "Core", true),
        ("[!A-C]ore", "Core", false),
        ("[^A-C]ore", "More", true),
        ("*Impl", "NetworkImpl", true),
        // Not ASCII: matched by characters (`?` is one character, `é` precomposed or not).
        ("Th?m/*.swift", "Thêm/a.swift", true),
        ("Th?m/*.swift", "The\u{301}m/a.swift", true),
        ("Thêm/**", "Thêm/Sources/a.swift", true),
        ("Thêm/**", "Them/Sources/a.swift", false),
    ])
    func matches(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }
}
