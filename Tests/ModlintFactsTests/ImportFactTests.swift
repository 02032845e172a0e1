import Testing
import ModlintFacts
import ModlintTokenizer

func summary(_ text: String) -> SourceSummary {
    FactExtractor.summarize(bytes: Array(text.utf8))
}

@Suite struct ImportFactTests {
    @Test func everyForm() {
        let text = """
        import A
        import A.B
        import struct C.D
        import class C.E
        import enum C.F
        import protocol C.G
        import typealias C.H
        import let C.i
        import var C.j
        import func C.k
        import func C.+
        @testable import T
          @_exported import X; @_implementationOnly import Y
        @preconcurrency import Z
        @_spi(Internal) @_spi(Other) import S
        @_weakLinked import W
        public import P1
        package import P2
        internal import P3
        private import P4
        fileprivate import P5
        @_spi(X) public import struct Q.R
        @testable
        import `Multi`
        """
        #expect(summary(text).imports == [
            ImportFact(module: "A", path: ["A"], line: 1, column: 1),
            ImportFact(module: "A", path: ["A", "B"], line: 2, column: 1),
            ImportFact(module: "C", path: ["C", "D"], kind: .struct, line: 3, column: 1),
            ImportFact(module: "C", path: ["C", "E"], kind: .class, line: 4, column: 1),
            ImportFact(module: "C", path: ["C", "F"], kind: .enum, line: 5, column: 1),
            ImportFact(module: "C", path: ["C", "G"], kind: .protocol, line: 6, column: 1),
            ImportFact(module: "C", path: ["C", "H"], kind: .typealias, line: 7, column: 1),
            ImportFact(module: "C", path: ["C", "i"], kind: .let, line: 8, column: 1),
            ImportFact(module: "C", path: ["C", "j"], kind: .var, line: 9, column: 1),
            ImportFact(module: "C", path: ["C", "k"], kind: .func, line: 10, column: 1),
            ImportFact(module: "C", path: ["C", "+"], kind: .func, line: 11, column: 1),
            ImportFact(module: "T", path: ["T"], attributes: ["testable"], line: 12, column: 1),
            ImportFact(module: "X", path: ["X"], attributes: ["_exported"], line: 13, column: 3),
            ImportFact(module: "Y", path: ["Y"], attributes: ["_implementationOnly"], line: 13, column: 24),
            ImportFact(module: "Z", path: ["Z"], attributes: ["preconcurrency"], line: 14, column: 1),
            ImportFact(module: "S", path: ["S"], attributes: ["_spi(Internal)", "_spi(Other)"], line: 15, column: 1),
            ImportFact(module: "W", path: ["W"], attributes: ["_weakLinked"], line: 16, column: 1),
            ImportFact(module: "P1", path: ["P1"], accessLevel: .public, line: 17, column: 1),
            ImportFact(module: "P2", path: ["P2"], accessLevel: .package, line: 18, column: 1),
            ImportFact(module: "P3", path: ["P3"], accessLevel: .internal, line: 19, column: 1),
            ImportFact(module: "P4", path: ["P4"], accessLevel: .private, line: 20, column: 1),
            ImportFact(module: "P5", path: ["P5"], accessLevel: .fileprivate, line: 21, column: 1),
            ImportFact(module: "Q", path: ["Q", "R"], kind: .struct, attributes: ["_spi(X)"], accessLevel: .public, line: 22, column: 1),
            ImportFact(module: "Multi", path: ["Multi"], attributes: ["testable"], line: 23, column: 1),
        ])
    }

    /// Any white space separates `import` from its module, as Swift takes it.
    @Test func anyWhiteSpaceAfterImport() {
        #expect(summary("import\tProjectDescription\nimport  \t Kit\nimport\nSplit\n").imports == [
            ImportFact(module: "ProjectDescription", path: ["ProjectDescription"], line: 1, column: 1),
            ImportFact(module: "Kit", path: ["Kit"], line: 2, column: 1),
            ImportFact(module: "Split", path: ["Split"], line: 3, column: 1),
        ])
    }

    @Test func conditions() {
        let text = """
        #if canImport(UIKit)
        import UIKit
        #elseif os(macOS)
        @preconcurrency import AppKit
        #else
        #if DEBUG
        import Debug
        #endif
        #endif
        import Foundation
        """
        let result = summary(text)
        #expect(result.imports == [
            ImportFact(module: "UIKit", path: ["UIKit"], condition: "canImport(UIKit)", conditionID: 1, line: 2, column: 1),
            ImportFact(module: "AppKit", path: ["AppKit"], attributes: ["preconcurrency"],
                       condition: "!canImport(UIKit) && os(macOS)", conditionID: 2, line: 4, column: 1),
            ImportFact(module: "Debug", path: ["Debug"], condition: "!canImport(UIKit) && !os(macOS) && DEBUG",
                       conditionID: 4, line: 7, column: 1),
            ImportFact(module: "Foundation", path: ["Foundation"], line: 10, column: 1),
        ])
        #expect(result.problems.isEmpty)
    }

    @Test func notImports() {
        let text = #"""
        /// Example:
        /// ```
        /// import Hidden
        /// ```
        /* import Hidden2 */
        let s = """
        import Hidden3
        """
        let r = #"import Hidden4"#
        func f(import: Int) {}
        f(import: 1)
        x.import
        struct S { var `import`: Int }
        let y = S(import: 2)
        import Real
        """#
        #expect(summary(text).imports == [ImportFact(module: "Real", path: ["Real"], line: 15, column: 1)])
    }
}
