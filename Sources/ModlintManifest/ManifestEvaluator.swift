/// Tree-walking evaluator for the Swift subset that manifests use.
struct ManifestEvaluator {
    static let maxCallDepth = 48
    /// The kind of the object a tuple evaluates to.
    static let tupleKind = "(tuple)"
    /// Steps: every statement, expression, call and loop iteration counts one.
    static let maxSteps = 1_000_000
    /// The longest string and the longest list one value may be (`s += s` forty times).
    static let maxStringBytes = 1 << 22
    static let maxElements = 1 << 18
    /// What all values built together may weigh (bytes of strings, elements of lists,
    /// counted each time a value is built or read): bounds the memory and the time of
    /// copies that grow one by one (`a.append(x)` in a long loop copies the list each time).
    static let maxWeight = 1 << 27

    let global = Scope(parent: nil)
    /// `static let` / `static func` members of any extension or type, by member name.
    var statics: [String: Value] = [:]
    /// Static functions by name; several types may declare the same name.
    var staticFunctions: [String: [FunctionDecl]] = [:]
    /// Instance methods and computed properties of the manifest's own types (`struct
    /// CustomTarget { func toTarget() -> Target }`, `extension Kind { var isTest: Bool }`),
    /// by member name, with the type that declares them: called on a value with `self`
    /// and its stored properties in scope.
    var instanceMethods: [String: [(type: String, decl: FunctionDecl)]] = [:]
    var instanceGetters: [String: [(type: String, body: [Stmt])]] = [:]
    /// Stored properties with an initial value (`private var name = ""`), by type.
    var storedDefaults: [String: [(name: String, value: Expr)]] = [:]
    /// The enums that declare each case name, and each enum's cases in order (`allCases`).
    var enumCaseTypes: [String: [String]] = [:]
    var casesByType: [String: [String]] = [:]
    /// Each raw-value enum's cases with their raw values (`enum Module: String`).
    var rawValues: [String: [(name: String, value: Value)]] = [:]
    /// Every type the manifest and its helpers declare (`String.projects`), by full name,
    /// with the static members each declares: `String.projects.app` is that type's `app`.
    var declaredTypes: Set<String> = []
    var staticsByType: [String: [String: Value]] = [:]
    /// The type that declares each static member and static function: `Self` inside it.
    var staticOwners: [String: String] = [:]
    var staticFunctionOwners: [ObjectIdentifier: String] = [:]
    /// The type an implicit member (`.core`, `.init(…)`) resolves against while an argument
    /// of a declared parameter type is evaluated (`Item` for `dependencies: [Item]`); `nil`
    /// where the manifest's own declarations do not say.
    var expectedType: String?
    /// A Tuist manifest: the arguments of ProjectDescription's calls take their types from
    /// `ProjectDescriptionAPI`.
    var describesProject = false
    var notes: [(String, SourcePos)] = []
    var packages: [ManifestObject] = []
    var callDepth = 0
    var steps = 0
    var weight = 0
    /// The budget that ran out, if one did: evaluation then stops at once everywhere,
    /// and the manifest is reported unread (its partial result would be a guess).
    var exhausted: String?

    /// Counts one step; false (and evaluation stops) once a budget is spent.
    mutating func step() -> Bool {
        guard exhausted == nil else { return false }
        steps += 1
        if steps > ManifestEvaluator.maxSteps { exhausted = "evaluation stopped after \(ManifestEvaluator.maxSteps) steps (the step budget)" }
        return exhausted == nil
    }

    /// Charges a value just built or read against the size budgets.
    mutating func meter(_ value: Value) {
        switch value {
        case .string(let text, _):
            let bytes = text.utf8.count
            weight += bytes
            if bytes > ManifestEvaluator.maxStringBytes { spend("a string longer than \(ManifestEvaluator.maxStringBytes) bytes (the size budget)") }
        case .array(let elements):
            weight += elements.count
            if elements.count > ManifestEvaluator.maxElements { spend("a list longer than \(ManifestEvaluator.maxElements) elements (the size budget)") }
        case .dictionary(let pairs):
            weight += pairs.count
            if pairs.count > ManifestEvaluator.maxElements { spend("a dictionary larger than \(ManifestEvaluator.maxElements) entries (the size budget)") }
        default:
            return
        }
        if weight > ManifestEvaluator.maxWeight { spend("values built weigh more than \(ManifestEvaluator.maxWeight) bytes and elements (the size budget)") }
    }

    private mutating func spend(_ reason: String) {
        if exhausted == nil { exhausted = "evaluation stopped: \(reason)" }
    }

    mutating func note(_ message: String, _ pos: SourcePos) {
        notes.append((message, pos))
    }

    enum Flow {
        case normal
        case returned(Value)
    }

    // MARK: - The program and its declarations

    mutating func run(_ program: [Stmt]) {
        // Functions and types are visible in the whole script.
        for statement in program {
            switch statement {
            case .function(let decl, _):
                global.values[decl.name] = .function(decl)
            case .binding(let name, _, nil, let getter?, _):
                global.values[name] = .getter(getter)
            case .typeDecl(let name, let members, let rawType):
                registerStatics(members, type: name, rawType: rawType)
            default:
                break
            }
        }
        _ = execute(program, in: global)
    }

    mutating func registerStatics(_ members: [Stmt], type: String, rawType: String? = nil) {
        declaredTypes.insert(type)
        var nextOrdinal: Double = 0
        for member in members {
            switch member {
            case .binding(let name, true, let value, let getter, let pos):
                var body: [Stmt]?
                if let value {
                    body = [.returnStmt(value, pos)]
                } else if let getter {
                    body = getter
                }
                if let body {
                    statics[name] = .getter(body)
                    staticsByType[type, default: [:]][name] = .getter(body)
                    staticOwners[name] = type
                }
            case .binding(let name, false, nil, let getter?, _):
                instanceGetters[name, default: []].append((type, getter))
            case .binding(let name, false, let value?, nil, _):
                storedDefaults[type, default: []].append((name, value))
            case .enumCases(let cases):
                for (name, _) in cases { enumCaseTypes[name, default: []].append(type) }
                casesByType[type, default: []] += cases.map(\.name)
                guard let rawType else { break }
                for (name, rawExpr) in cases {
                    // Swift's implicit raw values: the case name for `String`, one more than
                    // the previous case's for numbers (from 0).
                    var raw: Value = rawType == "String" || rawType == "Character" ? .string(name, .none) : .number(nextOrdinal)
                    if let rawExpr { raw = evaluate(rawExpr, in: global) }
                    if case .number(let n) = raw { nextOrdinal = n + 1 }
                    rawValues[type, default: []].append((name, raw))
                }
            case .function(let decl, true):
                staticFunctions[decl.name, default: []].append(decl)
                staticFunctionOwners[ObjectIdentifier(decl)] = type
            case .function(let decl, false):
                instanceMethods[decl.name, default: []].append((type, decl))
            case .typeDecl(let nested, let members, let nestedRawType):
                registerStatics(members, type: type + "." + nested, rawType: nestedRawType)
            default:
                break
            }
        }
    }
}
