import Foundation
import ModlintFacts
import Testing

@Suite struct SourceSummaryTests {
    /// Copies share their facts until one changes: the change must not reach the other.
    @Test func copiesAreIndependentValues() {
        let original = FactExtractor.summarize(bytes: Array("import A\nstruct S: P {}\nlet x = Foo()\n".utf8))
        var copy = original
        #expect(copy == original)
        copy.imports.removeAll()
        copy.typeReferences = []
        copy.lineCount += 1
        #expect(original.imports.map(\.module) == ["A"])
        #expect(original.typeReferences.map(\.name) == ["A", "P", "Foo"])
        #expect(original.lineCount == 3)
        #expect(copy.imports.isEmpty && copy.typeReferences.isEmpty && copy.lineCount == 4)
        #expect(copy != original)
        #expect(copy.declarations == original.declarations)
    }

    /// JSON sees the facts' fields, as before they moved behind one shared reference.
    @Test func codedFormIsTheFields() throws {
        let summary = SourceSummary(imports: [], lineCount: 2, byteCount: 10)
        let data = try JSONEncoder().encode(summary)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["lineCount"] as? Int == 2 && object["byteCount"] as? Int == 10)
        #expect(Set(object.keys) == ["imports", "declarations", "problems", "lineCount", "byteCount", "typeReferences", "di", "spezi", "suppressions"])
        #expect(try JSONDecoder().decode(SourceSummary.self, from: data) == summary)
    }
}
