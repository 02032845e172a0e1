import ModlintTokenizer

/// A use of a type name (in a type position, a call, a generic argument …).
public struct TypeReference: Sendable, Equatable, Codable {
    /// How the name is used. Rules mostly treat every kind alike; messages name it.
    public enum Kind: String, Sendable, Codable {
        /// A type position: annotations, generic arguments, `as`/`is` casts, `[T]`, `T?`.
        case type
        /// `Foo(…)`: an initializer call (`Foo<T>(…)` counts as `type`).
        case call
        /// `Foo.shared`, `Foo.self`, `Foo.Nested`: a static member or a qualified name.
        case member
        /// The inheritance or conformance clause of a type or extension declared here.
        case inheritance
        /// The extended type of an `extension`.
        case `extension`
    }

    public var name: String
    public var kind: Kind
    /// The innermost type (or extended type) whose declaration or body contains the
    /// reference, qualified by its enclosing types (`Outer.Inner`); `nil` at file scope.
    public var enclosingType: String?
    public var line: Int
    public var column: Int

    public init(name: String, kind: Kind = .type, enclosingType: String? = nil, line: Int, column: Int) {
        self.name = name
        self.kind = kind
        self.enclosingType = enclosingType
        self.line = line
        self.column = column
    }
}

/// Finds references to type names: capitalized identifiers used outside the name position
/// of their own declaration.
///
/// A name counts when it starts with an ASCII capital letter and is not
/// - the declared name after `class`/`struct`/`enum`/`protocol`/`actor`/`typealias`/
///   `associatedtype`, or a generic parameter declared in such a header;
/// - a member of a value (`x.Foo`) or an implicit member (`.Foo`) — but the components of a
///   qualified name (`Module.Foo`, `Outer.Inner`) all count;
/// - an attribute (`@MainActor`, `@Published`), a function or variable name, an enum case
///   declared with `case`;
/// - `Self`, `Type`, `Protocol`, `Any`.
///
/// References inside a type's header (`class A: BaseFoo`) and body belong to that type
/// (`enclosingType`); functions are transparent. Strings and comments never produce
/// references (the lexer makes them single tokens or drops them).
public enum TypeReferenceExtractor {
    public static func extract(_ source: TokenizedSource) -> TypeReferenceList {
        source.bytes.withUnsafeBufferPointer { bytes in
            source.tokens.withUnsafeBufferPointer { tokens in
                source.stops.withUnsafeBufferPointer { stops in
                    guard let byteBase = bytes.baseAddress, let tokenBase = tokens.baseAddress, let stopBase = stops.baseAddress else { return [] }
                    var none = NoStructuralVisitor()
                    return extract(bytes: byteBase, byteCount: bytes.count, tokens: tokenBase, count: tokens.count,
                                   stops: stopBase, stopCount: stops.count, lineStarts: source.lineStarts,
                                   capacity: source.hints.capitalNames, visiting: &none)
                }
            }
        }
    }

    /// The pass over a source's raw buffers (`stops`, `lineStarts` and `capacity` from its
    /// lexer), handing every structural token to `visitor` in order: another pass that
    /// acts only there rides along instead of walking the stops again.
    static func extract<Visitor: StructuralTokenVisitor>(
        bytes: UnsafePointer<UInt8>, byteCount: Int, tokens: UnsafePointer<Token>, count: Int,
        stops: UnsafePointer<Int32>, stopCount: Int, lineStarts: [Int32], capacity: Int, visiting visitor: inout Visitor
    ) -> TypeReferenceList {
        lineStarts.withUnsafeBufferPointer { lines in
            var pass = ReferencePass<Visitor>(bytes: bytes, byteCount: byteCount, tokens: tokens, count: count,
                                              stops: stops, stopCount: stopCount, lineStarts: lines, capacity: capacity)
            pass.run(visiting: &visitor)
            return pass.finish()
        }
    }
}

/// A pass that acts only at structural tokens (`Token.Flags.structural`), visited in order.
protocol StructuralTokenVisitor {
    mutating func visitStructural(at index: Int)
}

private struct NoStructuralVisitor: StructuralTokenVisitor {
    @inline(__always) mutating func visitStructural(at index: Int) {}
}

/// One pass over the tokens with a stack of `{ … }` scopes. Every structural token it
/// reaches — all of them: the tokens a handler steps over are names — goes to the visitor
/// `run` is given.
private struct ReferencePass<Visitor: StructuralTokenVisitor>: RawTokenCursor {
    let bytes: UnsafePointer<UInt8>
    let byteCount: Int
    let tokens: UnsafePointer<Token>
    let count: Int
    /// `TokenizedSource.stops`: where the pass acts outside a header or case list.
    let stops: UnsafePointer<Int32>
    let stopCount: Int

    /// The list's table and records, made into a `TypeReferenceList` by `finish()`.
    private var records: [TypeReferenceList.Record] = []
    private var interner = ByteInterner()
    /// The table index + 1 of `currentType` and of `pendingType`, interned at the first
    /// reference that needs it and kept with the name: a type's index is interned once, not
    /// again each time the scan comes back out of a nested type.
    private var currentEnclosing: UInt32?
    private var pendingEnclosing: UInt32?

    /// Adds a reference to the token's name (interned by its bytes) inside the current
    /// enclosing type.
    mutating func add(_ token: Token, kind: TypeReference.Kind) {
        var start = Int(token.start), end = Int(token.end)
        if token.kind == .backtickIdentifier && end - start >= 2 {
            start += 1
            end -= 1
        }
        let name = interner.index(of: bytes + start, count: end - start, readable: byteCount - start)
        let enclosing: UInt32
        if let pending = pendingType {
            if pendingEnclosing == nil { pendingEnclosing = interner.index(of: pending) + 1 }
            enclosing = pendingEnclosing ?? 0
        } else if let current = currentType {
            if currentEnclosing == nil { currentEnclosing = interner.index(of: current) + 1 }
            enclosing = currentEnclosing ?? 0
        } else {
            enclosing = 0
        }
        records.append(TypeReferenceList.Record(name: name, enclosing: enclosing, kind: kind, line: Int(token.line), column: column(of: token)))
    }

    /// What an open `{` hides, restored at its `}`. Only a type's body changes the
    /// enclosing type, so only it saves one (`outerTypes`): the braces of functions and
    /// closures, most of them, cost no reference count.
    private struct Scope {
        var opensType: Bool
        var outerIsEnum: Bool
    }

    /// What the scanner is inside of between a type keyword and its body.
    private enum Header {
        case none
        /// After the declared name, before `:`, `where` or `{` — generic parameters.
        case genericParameters
        /// The inheritance clause or `where` clause.
        case inheritance
    }

    private var scopes: [Scope] = []
    /// The enclosing type outside each open type body (and its index), innermost last.
    private var outerTypes: [(name: String?, index: UInt32?)] = []
    /// Qualified name of the innermost enclosing type, `nil` at file scope (set only where a
    /// type's body opens or closes).
    private var currentType: String?
    /// Name of the type whose header is being read; becomes a scope at its `{`.
    private var pendingType: String? { didSet { if pendingType != oldValue { pendingEnclosing = nil } } }
    private var pendingIsEnum = false
    /// Directly inside an enum body, where `case` declares cases.
    private var inEnumBody = false
    private var header = Header.none
    /// Bracket depth (`(`, `[`, `<`) inside the current header.
    private var headerDepth = 0
    /// Inside `case A, B(…)` of an enum body: names after `case` or `,` are declared cases.
    private var inCaseList = false
    private var caseDepth = 0
    /// Index of the previous token that is not a comment.
    private var previous = -1
    /// `TokenizedSource.lineStarts`.
    let lineStarts: UnsafeBufferPointer<Int32>

    init(bytes: UnsafePointer<UInt8>, byteCount: Int, tokens: UnsafePointer<Token>, count: Int,
         stops: UnsafePointer<Int32>, stopCount: Int, lineStarts: UnsafeBufferPointer<Int32>, capacity: Int) {
        self.lineStarts = lineStarts
        self.bytes = bytes
        self.byteCount = byteCount
        self.tokens = tokens
        self.count = count
        self.stops = stops
        self.stopCount = stopCount
        // Nearly every reference is a capitalised name (all but the lower-case back-ticked
        // components of an extended type): the records rarely grow.
        records.reserveCapacity(capacity)
    }

    /// The references found, and the interner's buffers freed.
    func finish() -> TypeReferenceList {
        let packed = records.withUnsafeBufferPointer { interner.packed(records: $0) }
        interner.deallocate()
        return TypeReferenceList(packed: packed)
    }

    /// (`visitor` is passed in, not kept: a pass that rides along holds arrays, and a copy
    /// in and out per file retained each of them.)
    mutating func run(visiting visitor: inout Visitor) {
        // Outside a type header and an enum's case list, only capitalized names, braces,
        // `;`, comments and the lexer's keyword candidates matter: the pass jumps to the
        // next of them (`stops`).
        var stop = 0
        var index = 0
        while index < count {
            if header == .none && !inCaseList {
                while stop < stopCount && Int(stops[stop]) < index { stop += 1 }
                // Past the last stop nothing outside a header or case list acts.
                guard stop < stopCount else { break }
                let cursor = Int(stops[stop])
                if cursor > index {
                    previous = cursor - 1
                    index = cursor
                }
            }
            let token = tokens[index]
            if token.flags & Token.Flags.structural != 0 { visitor.visitStructural(at: index) }
            if inCaseList && token.isAtLineStart && !isPunctuation(previous, UInt8(ascii: ",")) {
                inCaseList = false
            }
            switch token.kind {
            case .identifier:
                index = identifier(at: index)
                continue
            case .backtickIdentifier:
                if token.length > 2 && isCapital(bytes[Int(token.start) + 1]) && isRecordable(index) { record(at: index) }
            case .punctuation:
                // Most punctuation changes nothing: only braces and `;` always matter, the
                // rest inside a type header or an enum's case list.
                if token.flags & (Token.Flags.openBrace | Token.Flags.closeBrace) != 0 || header != .none || inCaseList
                    || byte(token) == UInt8(ascii: ";") {
                    punctuation(at: index)
                }
            case .operator:
                if header != .none { headerDepth += angleChange(token) }
            case .comment:
                index += 1
                continue
            default:
                break
            }
            previous = index
            index += 1
        }
    }

    // MARK: - Tokens

    @inline(__always)
    func isCapital(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }

    @inline(__always)
    func byte(_ token: Token) -> UInt8 { bytes[Int(token.start)] }

    /// The next token that is not a comment.
    func next(after index: Int) -> Int {
        var next = index + 1
        while next < count && tokens[next].kind == .comment { next += 1 }
        return next
    }

    // MARK: - Punctuation: scopes and headers

    mutating func punctuation(at index: Int) {
        switch byte(tokens[index]) {
        case UInt8(ascii: "{"):
            scopes.append(Scope(opensType: pendingType != nil, outerIsEnum: inEnumBody))
            if let pending = pendingType {
                outerTypes.append((currentType, currentEnclosing))
                currentType = pending
                currentEnclosing = pendingEnclosing
                inEnumBody = pendingIsEnum
                pendingType = nil
                header = .none
            } else {
                // A function body or closure: the enclosing type stays, cases do not.
                inEnumBody = false
            }
            inCaseList = false
        case UInt8(ascii: "}"):
            if let scope = scopes.popLast() {
                if scope.opensType { (currentType, currentEnclosing) = outerTypes.removeLast() }
                inEnumBody = scope.outerIsEnum
            }
            inCaseList = false
            header = .none
            pendingType = nil
        case UInt8(ascii: ";"):
            inCaseList = false
            header = .none
            pendingType = nil
        case UInt8(ascii: ":"):
            if header == .genericParameters && headerDepth == 0 { header = .inheritance }
        case UInt8(ascii: "("), UInt8(ascii: "["):
            if header != .none { headerDepth += 1 }
            if inCaseList { caseDepth += 1 }
        case UInt8(ascii: ")"), UInt8(ascii: "]"):
            if header != .none { headerDepth -= 1 }
            if inCaseList { caseDepth -= 1 }
        default:
            break
        }
    }

    // MARK: - Identifiers

    /// Handles the identifier at `index`; returns the index to continue from.
    mutating func identifier(at index: Int) -> Int {
        let token = tokens[index]
        let first = byte(token)
        if isCapital(first) {
            if isRecordable(index) { record(at: index) }
            previous = index
            return index + 1
        }
        if token.flags & Token.Flags.declarationKeyword != 0 && first != UInt8(ascii: "i") && first != UInt8(ascii: "t") && !isPunctuation(previous, UInt8(ascii: ".")) {
            previous = index
            return typeKeyword(at: index)
        }
        switch token.length {
        case 4:
            if matches(token, "case") && inEnumBody && !isPunctuation(previous, UInt8(ascii: ".")) {
                inCaseList = true
                caseDepth = 0
            } else if matches(token, "func") {
                // `func Foo()` — the declared name is not a reference.
                return skipDeclaredName(after: index)
            }
        case 5:
            if header != .none && matches(token, "where") { header = .inheritance }
        case 9:
            if matches(token, "typealias") { return skipDeclaredName(after: index) }
        case 14:
            if matches(token, "associatedtype") { return skipDeclaredName(after: index) }
        default:
            break
        }
        previous = index
        return index + 1
    }

    /// Skips the name declared by the keyword at `keyword` (`func Make`, `typealias Alias`);
    /// returns the index to continue from.
    mutating func skipDeclaredName(after keyword: Int) -> Int {
        let name = next(after: keyword)
        guard isName(name) else {
            previous = keyword
            return keyword + 1
        }
        previous = name
        return name + 1
    }

    /// Decides whether the capitalized identifier at `index` is a reference. (`mutating`
    /// although it changes nothing: a non-mutating call passes this large struct by value,
    /// which the compiler did with a copy of all of it per call.)
    mutating func isRecordable(_ index: Int) -> Bool {
        let token = tokens[index]
        switch token.length {
        case 3: if matches(token, "Any") { return false }
        case 4: if matches(token, "Self") || matches(token, "Type") { return false }
        case 8: if matches(token, "Protocol") { return false }
        default: break
        }
        if previous >= 0 {
            let before = tokens[previous]
            if before.kind == .punctuation {
                switch byte(before) {
                case UInt8(ascii: "@"):
                    return false
                case UInt8(ascii: "."):
                    // A qualified name continues only after a capitalized name or `>`
                    // (`Module.Foo`, `Outer<T>.Inner`); `x.Foo` and `.Foo` are members.
                    let qualifier = previous - 1
                    guard qualifier >= 0 else { return false }
                    let owner = tokens[qualifier]
                    if owner.kind == .identifier { return isCapital(byte(owner)) }
                    if owner.kind == .backtickIdentifier { return owner.length > 2 && isCapital(bytes[Int(owner.start) + 1]) }
                    if owner.kind == .operator { return bytes[Int(owner.end) - 1] == UInt8(ascii: ">") && owner.length == 1 }
                    return false
                case UInt8(ascii: ","):
                    if inCaseList && caseDepth == 0 { return false }
                    if header == .genericParameters && headerDepth == 1 { return false }
                default:
                    break
                }
            } else if before.kind == .operator {
                if header == .genericParameters && headerDepth == 1 && before.length == 1 && byte(before) == UInt8(ascii: "<") {
                    return false
                }
            } else if before.kind == .identifier {
                switch before.length {
                case 3: if matches(before, "let") || matches(before, "var") { return false }
                case 4: if inCaseList && matches(before, "case") { return false }
                default: break
                }
            }
        }
        return true
    }

    mutating func record(at index: Int) {
        let token = tokens[index]
        let following = next(after: index)
        var kind = TypeReference.Kind.type
        if header == .inheritance && pendingType != nil {
            kind = .inheritance
        } else if following < count && tokens[following].kind == .punctuation {
            switch byte(tokens[following]) {
            case UInt8(ascii: "("): kind = .call
            case UInt8(ascii: "."): kind = .member
            default: break
            }
        }
        add(token, kind: kind)
    }

    mutating func column(of token: Token) -> Int {
        TokenizedSource.column(ofOffset: Int(token.start), line: Int(token.line), lineStarts: lineStarts,
                               in: UnsafeBufferPointer(start: bytes, count: byteCount))
    }

    // MARK: - Type declarations

    /// `class`/`struct`/`enum`/`protocol`/`actor`/`extension` at `index` (not after `.`).
    mutating func typeKeyword(at index: Int) -> Int {
        let keyword = tokens[index]
        let nameIndex = next(after: index)
        guard isName(nameIndex) else { return index + 1 }
        let isExtension = byte(keyword) == UInt8(ascii: "e") && keyword.length == 9
        if byte(keyword) == UInt8(ascii: "c") && tokens[nameIndex].kind == .identifier && !isCapital(byte(tokens[nameIndex])) {
            // `class func`, `class var`: a modifier. Lower-case type names are rare and
            // name nothing the boundary rules look for.
            return index + 1
        }
        if isExtension {
            // The extended type as written, every component a reference; the qualified
            // name is the enclosing type's, then the components joined by `.`.
            var qualified = currentType.map { $0 + "." } ?? ""
            var components = 0
            var cursor = nameIndex
            // The components belong to the scope around the extension: `pendingType` is
            // set once they are read.
            pendingType = nil
            while isName(cursor) {
                let name = tokens[cursor]
                if tokens[cursor].kind == .backtickIdentifier || isCapital(byte(name)) {
                    add(name, kind: .extension)
                }
                if components > 0 { qualified += "." }
                qualified += self.name(name)
                components += 1
                previous = cursor
                let dot = next(after: cursor)
                guard isPunctuation(dot, UInt8(ascii: ".")) else {
                    cursor = dot
                    break
                }
                cursor = next(after: dot)
            }
            guard components > 0 else { return nameIndex }
            pendingType = qualified
            pendingIsEnum = false
            header = .genericParameters
            headerDepth = 0
            return cursor
        }
        let name = self.name(tokens[nameIndex])
        pendingType = currentType.map { $0 + "." + name } ?? name
        pendingIsEnum = byte(keyword) == UInt8(ascii: "e")
        header = .genericParameters
        headerDepth = 0
        previous = nameIndex
        return nameIndex + 1
    }
}
