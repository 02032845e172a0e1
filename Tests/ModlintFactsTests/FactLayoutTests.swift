import Foundation
@testable import ModlintFacts
import ModlintTokenizer
import Testing

/// A summary is kept for every file of the workspace until the rules are done: the layout
/// of its facts is the run's memory at scale (`make bench`, memory at scale).
@Suite struct FactLayoutTests {
    /// What most imports and declarations leave empty lives out of line: a field added
    /// inline shows here before it shows at 100,000 files.
    @Test func factsKeepTheirStrides() {
        #expect(MemoryLayout<ImportFact>.stride == 40)
        #expect(MemoryLayout<TypeDeclaration>.stride == 48)
    }

    /// An import's rare fields read and change as stored fields do; one set back to its
    /// empty value leaves the import equal to one that never had it.
    @Test func importExtrasBehaveAsFields() {
        let plain = ImportFact(module: "A", path: ["A"], line: 3, column: 1)
        #expect(plain.members == [] && plain.attributes == [] && plain.accessLevel == nil && plain.condition == nil)
        var changed = plain
        changed.attributes = ["testable"]
        changed.condition = "DEBUG"
        changed.accessLevel = .public
        changed.members = ["B"]
        #expect(changed.isTestable && !changed.isExported && changed.path == ["A", "B"] && changed.condition == "DEBUG")
        #expect(changed.accessLevel == .public && changed != plain && plain.attributes == [])
        #expect(changed == ImportFact(module: "A", path: ["A", "B"], attributes: ["testable"], accessLevel: .public,
                                      condition: "DEBUG", line: 3, column: 1))
        changed.attributes = []
        changed.condition = nil
        changed.accessLevel = nil
        changed.members = []
        #expect(changed == plain)
    }

    /// The same for a declaration's enclosing types, generic parameters, attributes and
    /// condition; line and column keep what 32 bits hold.
    @Test func declarationExtrasBehaveAsFields() {
        let plain = TypeDeclaration(kind: .struct, name: "S", inheritance: ["P"], line: 70_000, column: 12)
        #expect(plain.enclosing == [] && plain.genericParameters == nil && plain.attributes == [] && plain.condition == nil)
        #expect(plain.line == 70_000 && plain.column == 12)
        var changed = plain
        changed.enclosing = ["Outer"]
        changed.genericParameters = "<T>"
        changed.attributes = ["MainActor"]
        changed.condition = "os(iOS)"
        #expect(changed.qualifiedName == "Outer.S" && changed != plain)
        #expect(changed == TypeDeclaration(kind: .struct, name: "S", enclosing: ["Outer"], inheritance: ["P"], genericParameters: "<T>",
                                           attributes: ["MainActor"], condition: "os(iOS)", line: 70_000, column: 12))
        changed.enclosing = []
        changed.genericParameters = nil
        changed.attributes = []
        changed.condition = nil
        #expect(changed == plain)
    }

    /// JSON keeps the keys the fields had inline (absent optionals left out), and reads
    /// back the same facts.
    @Test func codedFormIsUnchanged() throws {
        let declaration = TypeDeclaration(kind: .class, name: "C", enclosing: ["O"], accessLevel: .public, inheritance: ["Base"],
                                          attributes: ["objc"], conditionID: 1, line: 4, column: 2)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(declaration)) as? [String: Any])
        #expect(Set(object.keys) == ["kind", "name", "enclosing", "accessLevel", "inheritance", "attributes", "conditionID", "line", "column"])
        #expect(object["enclosing"] as? [String] == ["O"] && object["line"] as? Int == 4)
        #expect(try JSONDecoder().decode(TypeDeclaration.self, from: JSONEncoder().encode(declaration)) == declaration)
        let fact = ImportFact(module: "A", path: ["A", "B"], kind: .struct, attributes: ["testable"], condition: "DEBUG", conditionID: 2,
                              line: 1, column: 1)
        let importObject = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(fact)) as? [String: Any])
        #expect(Set(importObject.keys) == ["module", "path", "kind", "attributes", "condition", "conditionID", "line", "column"])
        #expect(importObject["path"] as? [String] == ["A", "B"])
        #expect(try JSONDecoder().decode(ImportFact.self, from: JSONEncoder().encode(fact)) == fact)
    }

    /// An extracted file's references are packed from the start, their records known to
    /// fit: counting them makes neither names nor records.
    @Test func extractedReferencesArePacked() throws {
        let list = TypeReferenceExtractor.extract(TokenizedSource("let a: Foo = Bar(); let b: [Foo] = []"))
        let packed = try #require(list.packedStorage)
        #expect(packed.recordsChecked && packed.recordCount == 3 && list.count == 3 && packed.nameCount == 2)
        #expect(list.map(\.name) == ["Foo", "Bar", "Foo"])
    }
}
