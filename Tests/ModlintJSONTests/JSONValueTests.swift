import Foundation
import ModlintJSON
import Testing

/// Deterministic JSON: key order as given, RFC 8259 escaping, numbers, empty containers.
struct JSONValueTests {
    @Test func keysKeepTheirOrderAndContainersTheirLayout() {
        let value = JSONValue.object([
            ("z", .int(1)), ("a", .array([.bool(true), .null])), ("empty", .array([])), ("none", .object([])),
        ])
        #expect(value.serialized() == """
        {
          "z": 1,
          "a": [
            true,
            null
          ],
          "empty": [],
          "none": {}
        }
        """)
        #expect(JSONValue.array([.int(1)]).serialized(indent: 4) == "[\n    1\n]")
    }

    @Test func stringsAreEscapedAndParseBack() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{7} café / 𝄞"
        let serialized = JSONValue.string(text).serialized()
        #expect(serialized == #""quote \" backslash \\ newline \n tab \t bell \u0007 café / 𝄞""#)
        let parsed = try JSONSerialization.jsonObject(with: Data(serialized.utf8), options: [.fragmentsAllowed]) as? String
        #expect(parsed == text)
    }

    @Test func numbers() {
        #expect(JSONValue.number(0.5).serialized() == "0.5")
        #expect(JSONValue.number(2.0 / 3.0).serialized() == String(2.0 / 3.0))
        #expect(JSONValue.number(.infinity).serialized() == "null")
        #expect(JSONValue.int(-42).serialized() == "-42")
    }

    @Test func equalityComparesMembersInOrder() {
        #expect(JSONValue.object([("a", .int(1)), ("b", .int(2))]) == .object([("a", .int(1)), ("b", .int(2))]))
        #expect(JSONValue.object([("a", .int(1)), ("b", .int(2))]) != .object([("b", .int(2)), ("a", .int(1))]))
    }
}
