import ModlintTokenizer

/// A source position inside the manifest: 1-based line and byte offset (the column is
/// computed only when a note or dependency needs it).
struct SourcePos {
    var line: Int32
    var offset: Int32
    static let none = SourcePos(line: 1, offset: 0)
}

struct Argument {
    var label: String?
    var value: Expr
}

final class ClosureExpr {
    /// Parameter names; empty means `$0`, `$1` … are used.
    let params: [String]
    let body: [Stmt]
    let pos: SourcePos
    init(params: [String], body: [Stmt], pos: SourcePos) {
        self.params = params
        self.body = body
        self.pos = pos
    }
}

final class FunctionDecl {
    struct Param {
        var label: String?
        var name: String
        var defaultValue: Expr?
        /// The declared type's name when it is a plain (possibly dotted) name: an enum
        /// case passed as `.core` is of this type.
        var type: String? = nil
    }
    let name: String
    let params: [Param]
    let body: [Stmt]
    let pos: SourcePos
    /// The declared result type (`-> Project`, `-> [TargetDependency]`) as written, without
    /// spaces: what an implicit `.init(…)` or `Self(…)` in the body makes.
    let returnType: String?
    init(name: String, params: [Param], body: [Stmt], pos: SourcePos, returnType: String? = nil) {
        self.name = name
        self.params = params
        self.body = body
        self.pos = pos
        self.returnType = returnType
    }
}

/// Manifest expressions: only the subset of Swift that manifests use is modelled;
/// everything else becomes `.unknown` with its position.
indirect enum Expr {
    case string(String, SourcePos)
    case interpolated([Expr], SourcePos)
    case number(String, SourcePos)
    case bool(Bool, SourcePos)
    case nilLiteral(SourcePos)
    case identifier(String, SourcePos)
    case implicitMember(String, SourcePos)
    case member(Expr, String, SourcePos)
    case call(Expr, [Argument], SourcePos)
    case subscriptAccess(Expr, [Argument], SourcePos)
    case array([Expr], SourcePos)
    case dictionary([(Expr, Expr)], SourcePos)
    case closure(ClosureExpr)
    case binary(String, Expr, Expr, SourcePos)
    case prefix(String, Expr, SourcePos)
    case ternary(Expr, Expr, Expr, SourcePos)
    case tuple([Argument], SourcePos)
    /// A `case` item that binds or guards (only inside a `switch`).
    case pattern(CasePattern, SourcePos)
    /// An `if` or `switch` expression (`let kind = switch module { … }`): its branch's value.
    case statement(Stmt, SourcePos)
    case unknown(String, SourcePos)

    var pos: SourcePos {
        switch self {
        case .string(_, let p), .interpolated(_, let p), .number(_, let p), .bool(_, let p), .nilLiteral(let p),
             .identifier(_, let p), .implicitMember(_, let p), .call(_, _, let p), .subscriptAccess(_, _, let p),
             .array(_, let p), .dictionary(_, let p), .binary(_, _, _, let p), .prefix(_, _, let p),
             .ternary(_, _, _, let p), .tuple(_, let p), .pattern(_, let p), .statement(_, let p), .unknown(_, let p):
            return p
        case .member(let base, _, _):
            return base.pos
        case .closure(let c):
            return c.pos
        }
    }
}

/// A `case` item that binds or guards: `let .core(name)`, `.feature(let module as any P)`,
/// `let other where other.isEmpty`, `.app where flag`, `_`.
struct CasePattern {
    /// The enum case it matches; `nil`: any value (or `value`).
    var caseName: String?
    /// A value the subject must equal (`.app where …`, `"a" where …`).
    var value: Expr?
    /// The case's associated values, bound by position (`nil`: `_`).
    var bindings: [String?] = []
    /// `let other`: the whole subject.
    var bindsSubject: String?
    /// `where …`.
    var guardExpr: Expr?
}

enum Condition {
    case expr(Expr)
    /// `if let x = e` / `if let x` (shorthand: value is `nil` expression name).
    case binding(String, Expr)
    /// `if case let .string(value) = e`, `if case .framework = e`: the enum case `name`,
    /// its associated values bound by position (`nil` for `_`).
    case casePattern(name: String, bindings: [String?], subject: Expr, pos: SourcePos)
}

indirect enum Stmt {
    case binding(name: String, isStatic: Bool, value: Expr?, getter: [Stmt]?, pos: SourcePos)
    case function(FunctionDecl, isStatic: Bool)
    /// `rawType`: the first inherited type of an `enum` (`String`, `Int` …), whose cases
    /// then have raw values.
    case typeDecl(name: String, members: [Stmt], rawType: String?)
    case expr(Expr)
    case assign(op: String, target: Expr, value: Expr, pos: SourcePos)
    case ifStmt(clauses: [(conditions: [Condition], body: [Stmt])], elseBody: [Stmt]?, pos: SourcePos)
    case guardStmt(conditions: [Condition], elseBody: [Stmt], pos: SourcePos)
    case forIn(name: String, sequence: Expr, filter: Expr?, body: [Stmt], pos: SourcePos)
    /// `switch subject { case a, b: … default: … }`; `nil` patterns mean `default`.
    case switchStmt(subject: Expr, cases: [(patterns: [Expr]?, body: [Stmt])], pos: SourcePos)
    case returnStmt(Expr?, SourcePos)
    /// `case a, b(Int), c = "c"` in an enum: the case names (a value `.a` of this type)
    /// with their explicit raw values.
    case enumCases([(name: String, raw: Expr?)])
    case unsupported(String, SourcePos)
}
