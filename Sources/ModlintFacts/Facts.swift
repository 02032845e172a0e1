import ModlintTokenizer

/// Swift access levels, in increasing visibility.
public enum AccessLevel: String, Sendable, Codable, Comparable, CaseIterable {
    case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

    public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// `import` kinds: a whole module or a single declaration (`import struct A.B`).
public enum ImportKind: String, Sendable, Codable {
    case module
    case `typealias`, `struct`, `class`, `enum`, `protocol`, `let`, `var`, `func`
}

/// One `import` declaration.
public struct ImportFact: Sendable, Equatable, Codable {
    /// The imported module (first path component).
    public var module: String
    /// The full path: `["A", "B"]` for `import struct A.B` or `import A.B` (submodule).
    public var path: [String]
    public var kind: ImportKind
    /// Attributes without `@`, in source order: `testable`, `_exported`,
    /// `_implementationOnly`, `preconcurrency`, `_spi(Internal)`, `_weakLinked` …
    public var attributes: [String]
    /// `public import`, `package import` … (Swift 6 access-level imports).
    public var accessLevel: AccessLevel?
    /// Readable `#if` condition, `nil` when unconditional.
    public var condition: String?
    /// Index into the file's `ConditionTable` (0 = unconditional).
    public var conditionID: Int32
    public var line: Int
    public var column: Int

    public init(module: String, path: [String], kind: ImportKind = .module, attributes: [String] = [],
                accessLevel: AccessLevel? = nil, condition: String? = nil, conditionID: Int32 = 0,
                line: Int, column: Int) {
        self.module = module
        self.path = path
        self.kind = kind
        self.attributes = attributes
        self.accessLevel = accessLevel
        self.condition = condition
        self.conditionID = conditionID
        self.line = line
        self.column = column
    }

    public var isTestable: Bool { attributes.contains("testable") }
    public var isExported: Bool { attributes.contains("_exported") }
}

public enum DeclarationKind: String, Sendable, Codable {
    case `class`, `struct`, `enum`, `protocol`, `actor`, `extension`
}

/// A type declaration or an extension.
public struct TypeDeclaration: Sendable, Equatable, Codable {
    public var kind: DeclarationKind
    /// The declared name (`Inner`), or for an extension the extended type as written
    /// (`Outer.Inner`, `Array`).
    public var name: String
    /// Names of the enclosing types, outermost first (`["Outer"]` for `Outer.Inner`).
    public var enclosing: [String]
    /// Explicit access level, `nil` when none is written.
    public var accessLevel: AccessLevel?
    /// Inheritance / conformance list as written, white space folded, including
    /// `@unchecked Sendable`, `@retroactive Foo`, `~Copyable`, generic arguments.
    public var inheritance: [String]
    /// `<T: Foo, U>` as written, white space folded; `nil` when absent.
    public var genericParameters: String?
    /// Attributes before the declaration, without `@` (`MainActor`, `objc`, `Observable`).
    public var attributes: [String]
    public var condition: String?
    public var conditionID: Int32
    public var line: Int
    public var column: Int

    public init(kind: DeclarationKind, name: String, enclosing: [String] = [], accessLevel: AccessLevel? = nil,
                inheritance: [String] = [], genericParameters: String? = nil, attributes: [String] = [],
                condition: String? = nil, conditionID: Int32 = 0, line: Int, column: Int) {
        self.kind = kind
        self.name = name
        self.enclosing = enclosing
        self.accessLevel = accessLevel
        self.inheritance = inheritance
        self.genericParameters = genericParameters
        self.attributes = attributes
        self.condition = condition
        self.conditionID = conditionID
        self.line = line
        self.column = column
    }

    /// `Outer.Inner` — the name qualified by its enclosing types.
    public var qualifiedName: String { (enclosing + [name]).joined(separator: ".") }
}

/// Everything modlint needs from one source file. Built once per file, cacheable.
public struct SourceSummary: Sendable, Equatable, Codable {
    public var imports: [ImportFact]
    public var declarations: [TypeDeclaration]
    /// Lexer problems (unterminated literals, invalid UTF-8 …) as `line:column: message`.
    public var problems: [SourceProblem]
    public var lineCount: Int
    public var byteCount: Int
    /// Uses of type names outside declarations (boundary rules).
    public var typeReferences: TypeReferenceList
    /// Registrations, consumptions and keys of DI frameworks.
    public var di: DIFacts
    /// Spezi modules, standards, configurations and their requirements.
    public var spezi: SpeziFacts
    /// `// modlint:disable…` comments.
    public var suppressions: [SuppressionComment]

    public init(imports: [ImportFact] = [], declarations: [TypeDeclaration] = [], problems: [SourceProblem] = [],
                lineCount: Int = 0, byteCount: Int = 0, typeReferences: TypeReferenceList = [], di: DIFacts = DIFacts(),
                spezi: SpeziFacts = SpeziFacts(), suppressions: [SuppressionComment] = []) {
        self.imports = imports
        self.declarations = declarations
        self.problems = problems
        self.lineCount = lineCount
        self.byteCount = byteCount
        self.typeReferences = typeReferences
        self.di = di
        self.spezi = spezi
        self.suppressions = suppressions
    }
}

public struct SourceProblem: Sendable, Equatable, Codable {
    public var message: String
    public var line: Int
    public var column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }
}
