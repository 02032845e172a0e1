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
    /// What an `import` rarely has. Nearly every import is a plain `import A`, and a
    /// summary is kept for every file: these fields inline took half of each import's room.
    struct Extras: Sendable, Equatable {
        var members: [String] = []
        var attributes: [String] = []
        var accessLevel: AccessLevel?
        var condition: String?
    }

    /// The imported module (first path component).
    public var module: String
    public var kind: ImportKind
    /// Index into the file's `ConditionTable` (0 = unconditional).
    public var conditionID: Int32
    /// 32 bits are room for any line and column, and the summary of every file keeps its imports.
    @Int32Backed public var line: Int
    @Int32Backed public var column: Int
    /// `nil` when every extra is empty.
    private var extras: Boxed<Extras>?

    /// The path past the module: `["B"]` for `import struct A.B` or `import A.B`; empty
    /// for the common `import A`.
    public var members: [String] {
        get { extras?.value.members ?? [] }
        set { extras = .changing(extras) { $0.members = newValue } }
    }
    /// The full path: `["A", "B"]` for `import struct A.B` or `import A.B` (submodule).
    public var path: [String] { [module] + members }
    /// Attributes without `@`, in source order: `testable`, `_exported`,
    /// `_implementationOnly`, `preconcurrency`, `_spi(Internal)`, `_weakLinked` …
    public var attributes: [String] {
        get { extras?.value.attributes ?? [] }
        set { extras = .changing(extras) { $0.attributes = newValue } }
    }
    /// `public import`, `package import` … (Swift 6 access-level imports).
    public var accessLevel: AccessLevel? {
        get { extras?.value.accessLevel }
        set { extras = .changing(extras) { $0.accessLevel = newValue } }
    }
    /// Readable `#if` condition, `nil` when unconditional.
    public var condition: String? {
        get { extras?.value.condition }
        set { extras = .changing(extras) { $0.condition = newValue } }
    }

    public init(module: String, path: [String], kind: ImportKind = .module, attributes: [String] = [],
                accessLevel: AccessLevel? = nil, condition: String? = nil, conditionID: Int32 = 0,
                line: Int, column: Int) {
        self.module = module
        self.kind = kind
        self.conditionID = conditionID
        self.line = line
        self.column = column
        let members = path.first == module ? Array(path.dropFirst()) : path
        self.extras = .unlessEmpty(Extras(members: members, attributes: attributes, accessLevel: accessLevel, condition: condition))
    }

    public static func == (lhs: ImportFact, rhs: ImportFact) -> Bool {
        lhs.module == rhs.module && lhs.kind == rhs.kind && lhs.conditionID == rhs.conditionID && lhs.line == rhs.line && lhs.column == rhs.column
            && (lhs.extras?.value ?? Extras()) == (rhs.extras?.value ?? Extras())
    }

    public var isTestable: Bool { attributes.contains("testable") }
    public var isExported: Bool { attributes.contains("_exported") }
}

/// Coded as before `members` was split off: `path` is the whole path.
extension ImportFact {
    enum CodingKeys: String, CodingKey {
        case module, path, kind, attributes, accessLevel, condition, conditionID, line, column
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(module: try container.decode(String.self, forKey: .module), path: try container.decode([String].self, forKey: .path),
                  kind: try container.decode(ImportKind.self, forKey: .kind), attributes: try container.decode([String].self, forKey: .attributes),
                  accessLevel: try container.decodeIfPresent(AccessLevel.self, forKey: .accessLevel),
                  condition: try container.decodeIfPresent(String.self, forKey: .condition),
                  conditionID: try container.decode(Int32.self, forKey: .conditionID),
                  line: try container.decode(Int.self, forKey: .line), column: try container.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(module, forKey: .module)
        try container.encode(path, forKey: .path)
        try container.encode(kind, forKey: .kind)
        try container.encode(attributes, forKey: .attributes)
        try container.encodeIfPresent(accessLevel, forKey: .accessLevel)
        try container.encodeIfPresent(condition, forKey: .condition)
        try container.encode(conditionID, forKey: .conditionID)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}

public enum DeclarationKind: String, Sendable, Codable {
    case `class`, `struct`, `enum`, `protocol`, `actor`, `extension`
    /// `typealias Name = Aliased`: its `inheritance` holds the aliased type.
    case `typealias`
}

/// A type declaration or an extension.
public struct TypeDeclaration: Sendable, Equatable {
    /// What a declaration often lacks, kept out of line: a summary is kept for every file,
    /// and these fields inline took more than half of each declaration's room.
    struct Extras: Sendable, Equatable {
        var enclosing: [String] = []
        var genericParameters: String?
        var attributes: [String] = []
        var condition: String?
    }

    // Stored in an order that leaves no padding: words first, then 32-bit, then bytes.
    /// The declared name (`Inner`), or for an extension the extended type as written
    /// (`Outer.Inner`, `Array`).
    public var name: String
    /// Inheritance / conformance list as written, white space folded, including
    /// `@unchecked Sendable`, `@retroactive Foo`, `~Copyable`, generic arguments. For a
    /// `typealias`, the aliased type (`typealias UserCache = Cache<User>` → `Cache<User>`).
    public var inheritance: [String]
    /// `nil` when every extra is empty.
    private var extras: Boxed<Extras>?
    public var conditionID: Int32
    @Int32Backed public var line: Int
    @Int32Backed public var column: Int
    public var kind: DeclarationKind
    /// Explicit access level, `nil` when none is written.
    public var accessLevel: AccessLevel?

    /// Names of the enclosing types, outermost first (`["Outer"]` for `Outer.Inner`).
    public var enclosing: [String] {
        get { extras?.value.enclosing ?? [] }
        set { extras = .changing(extras) { $0.enclosing = newValue } }
    }
    /// `<T: Foo, U>` as written, white space folded; `nil` when absent.
    public var genericParameters: String? {
        get { extras?.value.genericParameters }
        set { extras = .changing(extras) { $0.genericParameters = newValue } }
    }
    /// Attributes before the declaration, without `@` (`MainActor`, `objc`, `Observable`).
    public var attributes: [String] {
        get { extras?.value.attributes ?? [] }
        set { extras = .changing(extras) { $0.attributes = newValue } }
    }
    public var condition: String? {
        get { extras?.value.condition }
        set { extras = .changing(extras) { $0.condition = newValue } }
    }

    public init(kind: DeclarationKind, name: String, enclosing: [String] = [], accessLevel: AccessLevel? = nil,
                inheritance: [String] = [], genericParameters: String? = nil, attributes: [String] = [],
                condition: String? = nil, conditionID: Int32 = 0, line: Int, column: Int) {
        self.kind = kind
        self.accessLevel = accessLevel
        self.name = name
        self.inheritance = inheritance
        self.conditionID = conditionID
        self.line = line
        self.column = column
        self.extras = .unlessEmpty(Extras(enclosing: enclosing, genericParameters: genericParameters, attributes: attributes, condition: condition))
    }

    public static func == (lhs: TypeDeclaration, rhs: TypeDeclaration) -> Bool {
        lhs.kind == rhs.kind && lhs.accessLevel == rhs.accessLevel && lhs.name == rhs.name && lhs.inheritance == rhs.inheritance
            && lhs.conditionID == rhs.conditionID && lhs.line == rhs.line && lhs.column == rhs.column
            && (lhs.extras?.value ?? Extras()) == (rhs.extras?.value ?? Extras())
    }

    /// `Outer.Inner` — the name qualified by its enclosing types.
    public var qualifiedName: String { (enclosing + [name]).joined(separator: ".") }
}

/// Coded with the keys the synthesized coding had, before the extras moved out of line.
extension TypeDeclaration: Codable {
    enum CodingKeys: String, CodingKey {
        case kind, name, enclosing, accessLevel, inheritance, genericParameters, attributes, condition, conditionID, line, column
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try container.decode(DeclarationKind.self, forKey: .kind), name: try container.decode(String.self, forKey: .name),
                  enclosing: try container.decode([String].self, forKey: .enclosing),
                  accessLevel: try container.decodeIfPresent(AccessLevel.self, forKey: .accessLevel),
                  inheritance: try container.decode([String].self, forKey: .inheritance),
                  genericParameters: try container.decodeIfPresent(String.self, forKey: .genericParameters),
                  attributes: try container.decode([String].self, forKey: .attributes),
                  condition: try container.decodeIfPresent(String.self, forKey: .condition),
                  conditionID: try container.decode(Int32.self, forKey: .conditionID),
                  line: try container.decode(Int.self, forKey: .line), column: try container.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(enclosing, forKey: .enclosing)
        try container.encodeIfPresent(accessLevel, forKey: .accessLevel)
        try container.encode(inheritance, forKey: .inheritance)
        try container.encodeIfPresent(genericParameters, forKey: .genericParameters)
        try container.encode(attributes, forKey: .attributes)
        try container.encodeIfPresent(condition, forKey: .condition)
        try container.encode(conditionID, forKey: .conditionID)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}

/// An immutable value behind a reference, for fields most facts leave empty: such a fact
/// keeps `nil` (one word) instead of the fields (`unlessEmpty` gives `nil` for the empty
/// value), and a change makes a new box.
final class Boxed<Value: Sendable & Equatable & EmptyDefault>: Sendable {
    let value: Value

    private init(value: Value) {
        self.value = value
    }

    /// A box of `value`, or `nil` when it is the empty value.
    static func unlessEmpty(_ value: Value) -> Boxed? {
        value == Value() ? nil : Boxed(value: value)
    }

    /// `box`'s value (empty when `nil`) with `change` made to it, boxed anew.
    static func changing(_ box: Boxed?, _ change: (inout Value) -> Void) -> Boxed? {
        var value = box?.value ?? Value()
        change(&value)
        return unlessEmpty(value)
    }
}

/// An `Int` kept in 32 bits (beyond them it wraps): lines, columns and module indices,
/// which every fact of every file holds and which never come near the limit.
@propertyWrapper
public struct Int32Backed: Sendable, Hashable {
    private var stored: Int32

    public init(wrappedValue: Int) {
        stored = Int32(truncatingIfNeeded: wrappedValue)
    }

    public var wrappedValue: Int {
        get { Int(stored) }
        set { stored = Int32(truncatingIfNeeded: newValue) }
    }
}

/// A value whose `init()` is its empty state.
protocol EmptyDefault {
    init()
}

extension ImportFact.Extras: EmptyDefault {}
extension TypeDeclaration.Extras: EmptyDefault {}

/// Everything modlint needs from one source file. Built once per file, cacheable.
public struct SourceSummary: Sendable, Equatable, Codable {
    /// The facts themselves. A summary travels by value from the cache through the loader
    /// to every rule, and its facts hold some twenty arrays: kept behind one shared
    /// reference, a copy costs one retain instead of twenty, and no two threads contend
    /// for twenty reference counts when they read the same file.
    @usableFromInline
    struct Fields: Sendable, Equatable {
        @usableFromInline var imports: [ImportFact]
        @usableFromInline var declarations: [TypeDeclaration]
        @usableFromInline var lineCount: Int
        @usableFromInline var byteCount: Int
        @usableFromInline var typeReferences: TypeReferenceList
        /// What most files have none of, boxed: `nil` when all of it is empty. A summary
        /// is kept per file, and these took some hundred bytes of every one.
        @usableFromInline var rare: RareBox?

        /// All four rare fields, copied: for changes and comparison. A getter reads its one
        /// field out of the box instead (every rule reads them, for every file).
        @usableFromInline var rareFields: RareFields { rare?.fields ?? RareFields() }

        @usableFromInline mutating func setRare(_ fields: RareFields) {
            rare = fields == RareFields() ? nil : RareBox(fields)
        }

        @usableFromInline static func == (lhs: Fields, rhs: Fields) -> Bool {
            lhs.imports == rhs.imports && lhs.declarations == rhs.declarations && lhs.lineCount == rhs.lineCount
                && lhs.byteCount == rhs.byteCount && lhs.typeReferences == rhs.typeReferences && lhs.rareFields == rhs.rareFields
        }
    }

    @usableFromInline
    struct RareFields: Sendable, Equatable {
        @usableFromInline var problems: [SourceProblem] = []
        @usableFromInline var di = DIFacts()
        @usableFromInline var spezi = SpeziFacts()
        @usableFromInline var suppressions: [SuppressionComment] = []
        @usableFromInline init() {}
    }

    @usableFromInline
    final class RareBox: @unchecked Sendable {
        @usableFromInline let fields: RareFields
        @usableFromInline init(_ fields: RareFields) { self.fields = fields }
    }

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
        get { storage.fields.rare?.fields.problems ?? [] }
        _modify {
            makeUnique()
            var rare = storage.fields.rareFields
            yield &rare.problems
            storage.fields.setRare(rare)
        }
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
        get { storage.fields.rare?.fields.di ?? DIFacts() }
        _modify {
            makeUnique()
            var rare = storage.fields.rareFields
            yield &rare.di
            storage.fields.setRare(rare)
        }
    }
    /// Spezi modules, standards, configurations and their requirements.
    @inlinable public var spezi: SpeziFacts {
        get { storage.fields.rare?.fields.spezi ?? SpeziFacts() }
        _modify {
            makeUnique()
            var rare = storage.fields.rareFields
            yield &rare.spezi
            storage.fields.setRare(rare)
        }
    }
    /// `// modlint:disable…` comments.
    @inlinable public var suppressions: [SuppressionComment] {
        get { storage.fields.rare?.fields.suppressions ?? [] }
        _modify {
            makeUnique()
            var rare = storage.fields.rareFields
            yield &rare.suppressions
            storage.fields.setRare(rare)
        }
    }

    public init(imports: [ImportFact] = [], declarations: [TypeDeclaration] = [], problems: [SourceProblem] = [],
                lineCount: Int = 0, byteCount: Int = 0, typeReferences: TypeReferenceList = [], di: DIFacts = DIFacts(),
                spezi: SpeziFacts = SpeziFacts(), suppressions: [SuppressionComment] = []) {
        var fields = Fields(imports: imports, declarations: declarations, lineCount: lineCount, byteCount: byteCount,
                            typeReferences: typeReferences, rare: nil)
        var rare = RareFields()
        rare.problems = problems
        rare.di = di
        rare.spezi = spezi
        rare.suppressions = suppressions
        fields.setRare(rare)
        storage = Storage(fields)
    }

    @usableFromInline
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    public static func == (lhs: SourceSummary, rhs: SourceSummary) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    // The coded form is the fields' own, as before they moved behind the shared reference.
    enum CodingKeys: String, CodingKey {
        case imports, declarations, problems, lineCount, byteCount, typeReferences, di, spezi, suppressions
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(imports: try container.decode([ImportFact].self, forKey: .imports),
                  declarations: try container.decode([TypeDeclaration].self, forKey: .declarations),
                  problems: try container.decode([SourceProblem].self, forKey: .problems),
                  lineCount: try container.decode(Int.self, forKey: .lineCount), byteCount: try container.decode(Int.self, forKey: .byteCount),
                  typeReferences: try container.decode(TypeReferenceList.self, forKey: .typeReferences),
                  di: try container.decode(DIFacts.self, forKey: .di), spezi: try container.decode(SpeziFacts.self, forKey: .spezi),
                  suppressions: try container.decode([SuppressionComment].self, forKey: .suppressions))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(imports, forKey: .imports)
        try container.encode(declarations, forKey: .declarations)
        try container.encode(problems, forKey: .problems)
        try container.encode(lineCount, forKey: .lineCount)
        try container.encode(byteCount, forKey: .byteCount)
        try container.encode(typeReferences, forKey: .typeReferences)
        try container.encode(di, forKey: .di)
        try container.encode(spezi, forKey: .spezi)
        try container.encode(suppressions, forKey: .suppressions)
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
