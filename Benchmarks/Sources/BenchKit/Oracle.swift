import ModlintFacts
import SwiftParser
import SwiftSyntax

/// The swift-syntax oracle: parses a file with SwiftParser and walks it with a
/// `SyntaxVisitor`, producing the same facts as `FactExtractor` (imports, type
/// declarations, extensions) in modlint's own models.
///
/// Conventions (see Benchmarks/README.md):
/// - all `#if` branches are visited (swift-syntax parses every clause);
/// - `line`/`column` are those of the declaration's first attribute (attributes inside an
///   `#if` within the attribute list are skipped) or modifier, else of the keyword
///   (`LinePosition.declarationStart`, the default); with
///   `.keyword` those of the introducing keyword (`import`, `class`, `struct`, …);
/// - `enclosing` lists enclosing type declarations and extensions only (an extension
///   contributes its extended type as written); functions, closures, properties are skipped;
/// - texts (extended types, inheritance entries, attributes, generic clauses) are the
///   token texts with trivia (white space, comments) folded to one space;
/// - `condition`/`conditionID` are not filled.
public enum SyntaxOracle {
    public struct Result {
        public var summary: SourceSummary
        /// swift-syntax reported syntax errors in the file.
        public var hasSyntaxErrors: Bool
    }

    /// Which token gives a fact its line and column.
    public enum LinePosition: String, Sendable {
        /// The first attribute (not inside an `#if`) or modifier, else the keyword.
        case declarationStart = "start"
        /// The introducing keyword: `import`, `class`, `struct`, `enum`, `protocol`, `actor`, `extension`.
        case keyword
    }

    public static func summarize(bytes: [UInt8], fileName: String = "",
                                 lineAt: LinePosition = .declarationStart) -> Result {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        return summarize(tree: tree, fileName: fileName, byteCount: bytes.count, lineAt: lineAt)
    }

    public static func summarize(tree: SourceFileSyntax, fileName: String = "", byteCount: Int = 0,
                                 lineAt: LinePosition = .declarationStart) -> Result {
        let visitor = FactVisitor(converter: SourceLocationConverter(fileName: fileName, tree: tree), lineAt: lineAt)
        visitor.walk(tree)
        let summary = SourceSummary(imports: visitor.imports, declarations: visitor.declarations,
                                    lineCount: 0, byteCount: byteCount)
        return Result(summary: summary, hasSyntaxErrors: tree.hasError)
    }
}

/// Token texts, one space where the source has trivia (white space or comments) between
/// two tokens.
func compactText(_ node: some SyntaxProtocol) -> String {
    var s = ""
    var first = true
    var previousHadTrailing = false
    for token in node.tokens(viewMode: .sourceAccurate) {
        if !first && (previousHadTrailing || !token.leadingTrivia.isEmpty) { s += " " }
        s += token.text
        first = false
        previousHadTrailing = !token.trailingTrivia.isEmpty
    }
    return s
}

private let accessLevels: [String: AccessLevel] = [
    "private": .private, "fileprivate": .fileprivate, "internal": .internal,
    "package": .package, "public": .public, "open": .open,
]

final class FactVisitor: SyntaxVisitor {
    let converter: SourceLocationConverter
    let lineAt: SyntaxOracle.LinePosition
    var imports: [ImportFact] = []
    var declarations: [TypeDeclaration] = []
    private var enclosing: [String] = []

    init(converter: SourceLocationConverter, lineAt: SyntaxOracle.LinePosition) {
        self.converter = converter
        self.lineAt = lineAt
        super.init(viewMode: .sourceAccurate)
    }

    /// The position of the declaration's first attribute (outside any `#if` in the
    /// attribute list) or modifier, else of its keyword; with `.keyword`, of the keyword.
    private func location(_ keyword: TokenSyntax, attributes: AttributeListSyntax,
                          modifiers: DeclModifierListSyntax) -> (line: Int, column: Int) {
        var first = keyword
        if lineAt == .declarationStart {
            var attribute: AttributeSyntax? = nil
            for element in attributes {
                if case .attribute(let a) = element { attribute = a; break }
            }
            if let token = attribute?.firstToken(viewMode: .sourceAccurate) ?? modifiers.first?.firstToken(viewMode: .sourceAccurate) {
                first = token
            }
        }
        let loc = converter.location(for: first.positionAfterSkippingLeadingTrivia)
        return (loc.line, loc.column)
    }

    private func attributes(_ list: AttributeListSyntax) -> [String] {
        var result: [String] = []
        for element in list {
            // Attributes inside `#if` within an attribute list are not collected.
            if case .attribute(let attribute) = element {
                var text = compactText(attribute)
                if text.hasPrefix("@") { text.removeFirst() }
                result.append(text)
            }
        }
        return result
    }

    private func accessLevel(_ modifiers: DeclModifierListSyntax) -> AccessLevel? {
        for modifier in modifiers where modifier.detail == nil {
            if let level = accessLevels[modifier.name.text] { return level }
        }
        return nil
    }

    private func inheritance(_ clause: InheritanceClauseSyntax?) -> [String] {
        guard let clause else { return [] }
        return clause.inheritedTypes.map { compactText($0.type) }
    }

    // MARK: imports

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        let path = node.path.map { $0.name.text }
        var kind = ImportKind.module
        if let specifier = node.importKindSpecifier {
            kind = ImportKind(rawValue: specifier.text) ?? .module
        }
        let (line, column) = location(node.importKeyword, attributes: node.attributes, modifiers: node.modifiers)
        imports.append(ImportFact(module: path.first ?? "", path: path, kind: kind,
                                  attributes: attributes(node.attributes),
                                  accessLevel: accessLevel(node.modifiers),
                                  line: line, column: column))
        return .skipChildren
    }

    // MARK: type declarations

    private func record(_ kind: DeclarationKind, name: String, keyword: TokenSyntax,
                        attributes attrs: AttributeListSyntax, modifiers: DeclModifierListSyntax,
                        inheritance clause: InheritanceClauseSyntax?,
                        generics: GenericParameterClauseSyntax?) {
        let (line, column) = location(keyword, attributes: attrs, modifiers: modifiers)
        declarations.append(TypeDeclaration(
            kind: kind, name: name, enclosing: enclosing, accessLevel: accessLevel(modifiers),
            inheritance: inheritance(clause), genericParameters: generics.map(compactText),
            attributes: attributes(attrs), line: line, column: column))
        enclosing.append(name)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        record(.class, name: node.name.text, keyword: node.classKeyword, attributes: node.attributes,
               modifiers: node.modifiers, inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        record(.struct, name: node.name.text, keyword: node.structKeyword, attributes: node.attributes,
               modifiers: node.modifiers, inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        record(.enum, name: node.name.text, keyword: node.enumKeyword, attributes: node.attributes,
               modifiers: node.modifiers, inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        record(.actor, name: node.name.text, keyword: node.actorKeyword, attributes: node.attributes,
               modifiers: node.modifiers, inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        record(.protocol, name: node.name.text, keyword: node.protocolKeyword, attributes: node.attributes,
               modifiers: node.modifiers, inheritance: node.inheritanceClause, generics: nil)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(.extension, name: compactText(node.extendedType), keyword: node.extensionKeyword,
               attributes: node.attributes, modifiers: node.modifiers,
               inheritance: node.inheritanceClause, generics: nil)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }
}
