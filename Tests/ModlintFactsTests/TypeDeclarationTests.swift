import Testing
import ModlintFacts
import ModlintTokenizer

@Suite struct TypeDeclarationTests {
    @Test func kindsNamesAccessAndModifiers() {
        let text = """
        class A {}
        public struct B {}
        open class C {}
        package enum D {}
        fileprivate protocol E {}
        private actor F {}
        internal extension G {}
        public final class H {}
        final public class I {}
        indirect enum J {}
        nonisolated struct K {}
        distributed actor L {}
        struct `Type` {}
        """
        #expect(summary(text).declarations == [
            TypeDeclaration(kind: .class, name: "A", line: 1, column: 1),
            TypeDeclaration(kind: .struct, name: "B", accessLevel: .public, line: 2, column: 1),
            TypeDeclaration(kind: .class, name: "C", accessLevel: .open, line: 3, column: 1),
            TypeDeclaration(kind: .enum, name: "D", accessLevel: .package, line: 4, column: 1),
            TypeDeclaration(kind: .protocol, name: "E", accessLevel: .fileprivate, line: 5, column: 1),
            TypeDeclaration(kind: .actor, name: "F", accessLevel: .private, line: 6, column: 1),
            TypeDeclaration(kind: .extension, name: "G", accessLevel: .internal, line: 7, column: 1),
            TypeDeclaration(kind: .class, name: "H", accessLevel: .public, line: 8, column: 1),
            TypeDeclaration(kind: .class, name: "I", accessLevel: .public, line: 9, column: 1),
            TypeDeclaration(kind: .enum, name: "J", line: 10, column: 1),
            TypeDeclaration(kind: .struct, name: "K", line: 11, column: 1),
            TypeDeclaration(kind: .actor, name: "L", line: 12, column: 1),
            TypeDeclaration(kind: .struct, name: "Type", line: 13, column: 1),
        ])
    }

    @Test func inheritanceGenericsAttributes() {
        let text = """
        @MainActor
        @objc(FooBar) public final class Foo<T: Equatable, U>: NSObject,
            Bar<Int, [String: T]>,
            @unchecked Sendable where T: Hashable {
        }
        @Observable final class Model: ~Copyable, A & B, @retroactive Codable {}
        protocol P<Element>: AnyObject where Element: Sendable {}
        public private(set) struct Weird {}
        struct Nested<T: Collection<Int>>: Q {}
        enum E: String, CaseIterable { case a, b }
        struct Fn: Handler<(Int) -> Void> {}
        """
        #expect(summary(text).declarations == [
            TypeDeclaration(kind: .class, name: "Foo", accessLevel: .public,
                            inheritance: ["NSObject", "Bar<Int, [String: T]>", "@unchecked Sendable"],
                            genericParameters: "<T: Equatable, U>", attributes: ["MainActor", "objc"], line: 1, column: 1),
            TypeDeclaration(kind: .class, name: "Model", inheritance: ["~Copyable", "A & B", "@retroactive Codable"],
                            attributes: ["Observable"], line: 6, column: 1),
            TypeDeclaration(kind: .protocol, name: "P", inheritance: ["AnyObject"], genericParameters: "<Element>", line: 7, column: 1),
            TypeDeclaration(kind: .struct, name: "Weird", accessLevel: .public, line: 8, column: 1),
            TypeDeclaration(kind: .struct, name: "Nested", inheritance: ["Q"], genericParameters: "<T: Collection<Int>>", line: 9, column: 1),
            TypeDeclaration(kind: .enum, name: "E", inheritance: ["String", "CaseIterable"], line: 10, column: 1),
            TypeDeclaration(kind: .struct, name: "Fn", inheritance: ["Handler<(Int) -> Void>"], line: 11, column: 1),
        ])
    }

    @Test func nestingAndExtensions() {
        let text = """
        struct Outer {
            class Middle {
                enum Inner {}
                class func make() -> Middle { Middle() }
                class var shared: Int { 0 }
                final class override func f() {}
            }
            func build() {
                struct Local { struct Deeper {} }
                let c = { actor InClosure {} }
            }
            var computed: Int { 1 }
            enum After {}
        }
        extension Outer { struct Added {} }
        extension Outer.Middle: Equatable, Hashable where Inner: Sendable { protocol Deep {} }
        extension Array where Element == Int {}
        public extension Dictionary<String, Int>: P {}
        struct Top {}
        """
        #expect(summary(text).declarations == [
            TypeDeclaration(kind: .struct, name: "Outer", line: 1, column: 1),
            TypeDeclaration(kind: .class, name: "Middle", enclosing: ["Outer"], line: 2, column: 5),
            TypeDeclaration(kind: .enum, name: "Inner", enclosing: ["Outer", "Middle"], line: 3, column: 9),
            TypeDeclaration(kind: .struct, name: "Local", enclosing: ["Outer"], line: 9, column: 9),
            TypeDeclaration(kind: .struct, name: "Deeper", enclosing: ["Outer", "Local"], line: 9, column: 24),
            TypeDeclaration(kind: .actor, name: "InClosure", enclosing: ["Outer"], line: 10, column: 19),
            TypeDeclaration(kind: .enum, name: "After", enclosing: ["Outer"], line: 13, column: 5),
            TypeDeclaration(kind: .extension, name: "Outer", line: 15, column: 1),
            TypeDeclaration(kind: .struct, name: "Added", enclosing: ["Outer"], line: 15, column: 19),
            TypeDeclaration(kind: .extension, name: "Outer.Middle", inheritance: ["Equatable", "Hashable"], line: 16, column: 1),
            TypeDeclaration(kind: .protocol, name: "Deep", enclosing: ["Outer", "Middle"], line: 16, column: 69),
            TypeDeclaration(kind: .extension, name: "Array", line: 17, column: 1),
            TypeDeclaration(kind: .extension, name: "Dictionary<String, Int>", accessLevel: .public, inheritance: ["P"], line: 18, column: 1),
            TypeDeclaration(kind: .struct, name: "Top", line: 19, column: 1),
        ])
    }

    @Test func nothingFromCommentsStringsOrLabels() {
        let text = #"""
        /// ```swift
        /// class Example: Base {}
        /// ```
        /* struct Hidden {} */
        let s = "struct InString {}"
        let m = """
            enum InMultiLine {}
            extension X {}
            """
        let r = #/class InRegex/#
        func f(class c: Int, struct: Int) {}
        f(class: 1)
        let k = x.enum
        init(
            class value: Int
        ) {}
        protocol Old: class {}
        let p: protocol<A, B>
        var actor = 1
        actor.run()
        actor Real {}
        """#
        #expect(summary(text).declarations == [
            TypeDeclaration(kind: .protocol, name: "Old", inheritance: ["class"], line: 17, column: 1),
            TypeDeclaration(kind: .actor, name: "Real", line: 21, column: 1),
        ])
    }

    @Test func conditionsAndProblems() {
        let text = "#if os(iOS)\n@available(iOS 17, *)\npublic struct A: View {\n#else\n}\n#endif\nlet s = \"open\nstruct B {}"
        let result = summary(text)
        #expect(result.declarations == [
            TypeDeclaration(kind: .struct, name: "A", accessLevel: .public, inheritance: ["View"], attributes: ["available"],
                            condition: "os(iOS)", conditionID: 1, line: 2, column: 1),
            TypeDeclaration(kind: .struct, name: "B", line: 8, column: 1),
        ])
        #expect(result.problems == [SourceProblem(message: "unterminated string literal", line: 7, column: 9)])
        #expect(result.lineCount == 8)
        #expect(result.byteCount == text.utf8.count)
    }

    /// Declarations that go back and forth between `#if` clauses each get their own
    /// clause's condition (the extractor remembers the last one it described).
    @Test func conditionsAlternatingBetweenClauses() {
        let text = """
        #if os(iOS)
        struct A {}
        struct B {}
        #else
        struct C {}
        #if DEBUG
        struct D {}
        #endif
        struct E {}
        #endif
        struct F {}
        """
        #expect(summary(text).declarations.map { "\($0.name) \($0.condition ?? "-")" } == [
            "A os(iOS)", "B os(iOS)", "C !os(iOS)", "D !os(iOS) && DEBUG", "E !os(iOS)", "F -",
        ])
    }

    /// Kept comments change nothing: the declaration pass reads the tokens without them.
    @Test func commentsKeptAsTokensChangeNoDeclaration() {
        let text = "/* a */ public /* b */ struct /* c */ S /* d */: P /* e */ { class C {} } // f\nimport /* g */ M"
        let plain = FactExtractor.summarizeDeclarations(TokenizedSource(text))
        let kept = FactExtractor.summarizeDeclarations(TokenizedSource(text, options: TokenizerOptions(keepComments: true)))
        #expect(kept.declarations == plain.declarations)
        #expect(kept.imports == plain.imports)
        #expect(plain.declarations.map(\.name) == ["S", "C"])
        #expect(plain.imports.map(\.module) == ["M"])
    }
}

/// Declarations in `switch` case bodies count; a closure parameter named `actor` does not.
struct CaseBodyDeclarationTests {
    @Test func typesInCaseBodiesAndActorClosureParameters() {
        let summary = FactExtractor.summarize(bytes: Array("""
        func f(x: Int) {
            switch x {
            case 1:
                struct Local {}
            default:
                enum Other {}
            }
            let run = { actor in actor.start() }
        }
        """.utf8))
        #expect(summary.declarations.map { "\($0.kind.rawValue) \($0.name) \($0.line)" } == ["struct Local 4", "enum Other 6"])
    }
}
