/// A `PackageDescription` value built by a call such as `.target(name: "A")`, kept
/// symbolically: the member name and its arguments. A reference type, like the classes
/// of `PackageDescription`, so that `package.targets.append(…)` and
/// `for target in package.targets { target.dependencies += … }` mutate it.
final class ManifestObject {
    var kind: String
    var args: [(label: String?, value: Value)]
    let pos: SourcePos
    /// For an enum case (`Module.core`, or `.core` passed where a `Module` is declared):
    /// the enum, whose raw values and members it gets.
    var enumType: String?

    init(kind: String, args: [(label: String?, value: Value)], pos: SourcePos) {
        self.kind = kind
        self.args = args
        self.pos = pos
    }

    func argument(_ label: String) -> Value? {
        args.first(where: { $0.label == label })?.value
    }

    func set(_ label: String, _ value: Value) {
        if let index = args.firstIndex(where: { $0.label == label }) {
            args[index].value = value
        } else {
            args.append((label, value))
        }
    }
}

final class Scope {
    var values: [String: Value] = [:]
    let parent: Scope?
    init(parent: Scope?) { self.parent = parent }

    func lookup(_ name: String) -> Value? {
        var scope: Scope? = self
        while let current = scope {
            if let value = current.values[name] { return value }
            scope = current.parent
        }
        return nil
    }

    /// Assigns to the innermost scope that defines `name`.
    func assign(_ name: String, _ value: Value) -> Bool {
        var scope: Scope? = self
        while let current = scope {
            if current.values[name] != nil {
                current.values[name] = value
                return true
            }
            scope = current.parent
        }
        return false
    }
}

indirect enum Value {
    case string(String, SourcePos)
    case number(Double)
    case bool(Bool)
    case null
    case array([Value])
    case dictionary([(Value, Value)])
    case object(ManifestObject)
    case closure(ClosureExpr, Scope)
    case function(FunctionDecl)
    /// A type name such as `Target`, `Target.Dependency`, `Context`.
    case type(String)
    /// `Context.environment` / `ProcessInfo.processInfo.environment`.
    case environment
    /// A computed top-level or static `var` body, evaluated on access.
    case getter([Stmt])
    case unknown(String, SourcePos)

    var stringValue: String? {
        if case .string(let s, _) = self { return s }
        return nil
    }
}
