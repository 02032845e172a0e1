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
    /// `typealias Name = Aliased`: its `inheritance` holds the aliased type.
    case `typealias`
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
    /// `@unchecked Sendable`, `@retroactive Foo`, `~Copyable`, generic arguments. For a
    /// `typealias`, the aliased type (`typealias UserCache = Cache<User>` → `Cache<User>`).
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
    /// The facts themselves. A summary travels by value from the cache through the loader
    /// to every rule, and its facts hold some twenty arrays: kept behind one shared
    /// reference, a copy costs one retain instead of twenty, and no two threads contend
    /// for twenty reference counts when they read the same file.
    @usableFromInline
    struct Fields: Sendable, Equatable, Codable {
        @usableFromInline var imports: [ImportFact]
        @usableFromInline var declarations: [TypeDeclaration]
        @usableFromInline var problems: [SourceProblem]
        @usableFromInline var lineCount: Int
        @usableFromInline var byteCount: Int
        @usableFromInline var typeReferences: TypeReferenceList
        @usableFromInline var di: DIFacts
        @usableFromInline var spezi: SpeziFacts
        @usableFromInline var suppressions: [SuppressionComment]
    }

    /// Shared between copies until one of them changes a fact (copy on write). The getters
    /// are inlinable so that a read such as `summary.di.registrations` in another module
    /// loads that one array, not a copy of every array of the DI facts.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline var fields: Fields
        @usableFromInline init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var storage: Storage

    @inlinable public var imports: [ImportFact] {
        get { storage.fields.imports }
        _modify { makeUnique(); yield &storage.fields.imports }
    }
    @inlinable public var declarations: [TypeDeclaration] {
        get { storage.fields.declarations }
        _modify { makeUnique(); yield &storage.fields.declarations }
    }
    /// Lexer problems (unterminated literals, invalid UTF-8 …) as `line:column: message`.
    @inlinable public var problems: [SourceProblem] {
        get { storage.fields.problems }
        _modify { makeUnique(); yield &storage.fields.problems }
    }
    @inlinable public var lineCount: Int {
        get { storage.fields.lineCount }
        _modify { makeUnique(); yield &storage.fields.lineCount }
    }
    @inlinable public var byteCount: Int {
        get { storage.fields.byteCount }
        _modify { makeUnique(); yield &storage.fields.byteCount }
    }
    /// Uses of type names outside declarations (boundary rules).
    @inlinable public var typeReferences: TypeReferenceList {
        get { storage.fields.typeReferences }
        _modify { makeUnique(); yield &storage.fields.typeReferences }
    }
    /// Registrations, consumptions and keys of DI frameworks.
    @inlinable public var di: DIFacts {
        get { storage.fields.di }
        _modify { makeUnique(); yield &storage.fields.di }
    }
    /// Spezi modules, standards, configurations and their requirements.
    @inlinable public var spezi: SpeziFacts {
        get { storage.fields.spezi }
        _modify { makeUnique(); yield &storage.fields.spezi }
    }
    /// `// modlint:disable…` comments.
    @inlinable public var suppressions: [SuppressionComment] {
        get { storage.fields.suppressions }
        _modify { makeUnique(); yield &storage.fields.suppressions }
    }

    public init(imports: [ImportFact] = [], declarations: [TypeDeclaration] = [], problems: [SourceProblem] = [],
                lineCount: Int = 0, byteCount: Int = 0, typeReferences: TypeReferenceList = [], di: DIFacts = DIFacts(),
                spezi: SpeziFacts = SpeziFacts(), suppressions: [SuppressionComment] = []) {
        storage = Storage(Fields(imports: imports, declarations: declarations, problems: problems, lineCount: lineCount,
                                 byteCount: byteCount, typeReferences: typeReferences, di: di, spezi: spezi,
                                 suppressions: suppressions))
    }

    @usableFromInline
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    public static func == (lhs: SourceSummary, rhs: SourceSummary) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    // The coded form is the fields' own, as before they moved behind the shared reference.
    public init(from decoder: Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    public func encode(to encoder: Encoder) throws {
        try storage.fields.encode(to: encoder)
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
