import ModlintTestSupport
import Testing
@testable import ModlintXcode

private func parse(_ text: String) throws -> PropertyList {
    try PropertyListParser.parse(Array(text.utf8))
}

private func parseError(_ text: String) -> PropertyListError? {
    do {
        _ = try PropertyListParser.parse(Array(text.utf8))
        return nil
    } catch {
        return error
    }
}

@Suite struct PropertyListParserTests {
    @Test func dictionariesArraysStringsAndComments() throws {
        let value = try parse("""
        // !$*UTF8*$!
        {
        \tkey = value; /* a comment */
        \t"quoted key" = "a \\"quoted\\" value\\nwith\\ttabs";
        \tlist = (one, "two", /* inline */ three/four.swift, );
        \tnested = {inner = (); empty = {}; };
        \tpath = ../Shared/File-1.0+x_y$z.swift;
        \tbytes = <0fA1 ff>;
        \tsingle = 'single quoted';
        }
        """)
        let root = try #require(value.dictionary)
        #expect(root.line == 2)
        #expect(root.string("key") == "value")
        #expect(root.string("quoted key") == "a \"quoted\" value\nwith\ttabs")
        #expect(root.strings("list") == ["one", "two", "three/four.swift"])
        #expect(root["nested"]?.dictionary?["inner"] == .array([]))
        #expect(root["nested"]?.dictionary?["empty"]?.dictionary?.entries.isEmpty == true)
        #expect(root.string("path") == "../Shared/File-1.0+x_y$z.swift")
        #expect(root["bytes"] == .data([0x0F, 0xA1, 0xFF]))
        #expect(root.string("single") == "single quoted")
    }

    @Test func escapes() throws {
        let root = try #require(try parse(#"{ a = "\U00e9\101\\"; b = "line\rbreak"; }"#).dictionary)
        #expect(root.string("a") == "éA\\")
        #expect(root.string("b") == "line\rbreak")
    }

    @Test func lineOfEveryDictionary() throws {
        let root = try #require(try parse("{\n  a = {\n    b = c;\n  };\n  d =\n  {\n  };\n}\n").dictionary)
        #expect(root["a"]?.dictionary?.line == 2)
        #expect(root["d"]?.dictionary?.line == 6)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let value = try PropertyListParser.parse([0xEF, 0xBB, 0xBF] + Array("{a = b;}".utf8))
        #expect(value.dictionary?.string("a") == "b")
    }

    @Test(arguments: [
        ("{\n  a = b;\n  c = (d, e", 3, "unexpected end of file inside an array (truncated?)"),
        ("{\n  a = \"unterminated\n", 2, "unterminated string (truncated?)"),
        ("{\n  a = b\n  c = d;\n}", 3, "expected ';' after the value of 'a'"),
        ("{\n  a b;\n}", 2, "expected '=' after key 'a'"),
        ("{ a = b; } trailing", 1, "unexpected text after the top-level value"),
        ("{\n /* open comment\n", 2, "unterminated comment (truncated?)"),
        ("{ a = (b c); }", 1, "expected ',' or ')' in an array"),
        ("{ a = <0g>; }", 1, "invalid byte in <data>"),
        ("", 1, "unexpected end of file (truncated?)"),
        ("{ = b; }", 1, "unexpected '='"),
    ])
    func errorsNameTheLine(_ text: String, _ line: Int, _ message: String) {
        let error = parseError(text)
        #expect(error?.line == line)
        #expect(error?.message == message)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "(", count: 10_000)
        #expect(parseError(text)?.message == "nested deeper than \(PropertyListParser.maximumDepth) levels")
    }

    /// Seeded mutations of a real-shaped project: every input ends in a value or an error.
    @Test func mutatedProjectsNeverCrashOrHang() {
        var generator = SeededGenerator(seed: 0x5EED_0A11)
        let original = Array((XcodeFixtures.classicGroups + XcodeFixtures.synchronizedFolders).utf8)
        let alphabet = Array("{}();=,\"'<>/*\\ \n\tabcXYZ019$".utf8)
        for _ in 0..<2_000 {
            var bytes = original
            let edits = Int.random(in: 1...8, using: &generator)
            for _ in 0..<edits {
                let position = Int.random(in: 0..<max(bytes.count, 1), using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where !bytes.isEmpty: bytes.remove(at: position)
                case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: min(position, bytes.count))
                case 2 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                default: bytes = Array(bytes.prefix(position))
                }
            }
            _ = try? PropertyListParser.parse(bytes)
            // Reading the model must not crash either.
            _ = try? XcodeProjectReader.read(bytes: bytes, name: "Fuzz")
        }
    }
}
