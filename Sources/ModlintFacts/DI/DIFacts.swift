import ModlintTokenizer

/// The DI frameworks modlint understands. `handRolled` is a workspace's own container.
public enum DIFramework: String, Sendable, Codable, CaseIterable, Comparable {
    case weaveDI = "WeaveDI"
    case swinject = "Swinject"
    case swiftDependencies = "swift-dependencies"
    case factory = "Factory"
    case handRolled = "hand-rolled"

    public static func < (lhs: DIFramework, rhs: DIFramework) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What a registration is looked up by: a type (`Service.self`) or a property of a values
/// container (`\DependencyValues.apiClient`, `\InjectedValues.userService`,
/// `\Container.analytics` for Factory), optionally with a Swinject-style name.
public struct DIKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// `Service` for a type key; `\DependencyValues.apiClient` for a property key.
    public var id: String
    /// `register(Service.self, name: "main")` → `"main"`.
    public var name: String?

    public init(_ id: String, name: String? = nil) {
        self.id = id
        self.name = name
    }

    public static func type(_ name: String) -> DIKey { DIKey(name) }

    public static func property(_ root: String, _ name: String) -> DIKey { DIKey("\\\(root).\(name)") }

    public var isProperty: Bool { id.hasPrefix("\\") }

    /// `any Tracker?` → `Tracker`: the type a key names, from a declared type.
    public static func bareType(_ written: String) -> String {
        var bare = Substring(written)
        while let last = bare.last, last == "?" || last == "!" || last == " " { bare = bare.dropLast() }
        if bare.hasPrefix("any ") { bare = bare.dropFirst(4) }
        return String(bare)
    }

    /// `\DependencyValues.apiClient` → `apiClient`.
    public var propertyName: String? {
        guard isProperty, let dot = id.lastIndex(of: ".") else { return nil }
        return String(id[id.index(after: dot)...])
    }

    /// `\DependencyValues.apiClient` → `DependencyValues`.
    public var propertyRoot: String? {
        guard isProperty, let dot = id.lastIndex(of: ".") else { return nil }
        return String(id[id.index(after: id.startIndex)..<dot])
    }

    public var description: String { name.map { "\(id) (name: \"\($0)\")" } ?? id }

    public static func < (lhs: DIKey, rhs: DIKey) -> Bool {
        (lhs.id, lhs.name ?? "") < (rhs.id, rhs.name ?? "")
    }
}

/// A position in the file, with the `#if` clause it sits in.
public struct DISite: Sendable, Equatable, Codable {
    public var line: Int
    public var column: Int
    /// Readable `#if` condition, `nil` when unconditional.
    public var condition: String?
    /// Index into the file's `ConditionTable` (0 = unconditional).
    public var conditionID: Int32
    /// The `#if` clauses around the site, outermost first, as `(block, branch)` pairs
    /// flattened: two sites of one file can never be compiled together when they sit in
    /// different branches of one block.
    public var branches: [Int32]

    public init(line: Int, column: Int, condition: String? = nil, conditionID: Int32 = 0, branches: [Int32] = []) {
        self.line = line
        self.column = column
        self.condition = condition
        self.conditionID = conditionID
        self.branches = branches
    }

    /// True when no build configuration compiles both sites (same file).
    public func isMutuallyExclusive(with other: DISite) -> Bool {
        var index = 0
        while index + 1 < branches.count {
            var otherIndex = 0
            while otherIndex + 1 < other.branches.count {
                if branches[index] == other.branches[otherIndex] && branches[index + 1] != other.branches[otherIndex + 1] {
                    return true
                }
                otherIndex += 2
            }
            index += 2
        }
        return false
    }
}

/// A key bound to a factory: `container.register(T.self) { … }`, a Factory container
/// property, or a values-container property backed by a key type.
public struct DIRegistration: Sendable, Equatable, Codable {
    public var framework: DIFramework
    public var key: DIKey
    /// Which container the registration goes to. Registrations only clash within one
    /// container: `assembly` (every `Assembly.assemble(container:)`), `shared`
    /// (`UnifiedDI`, `WeaveDI.Container.bootstrap`), a global expression
    /// (`Container.shared`), or a local receiver scoped to its function (`container@42`).
    public var container: String
    /// Object scope as written (`.inObjectScope(.container)` → `container`, `.singleton`).
    public var scope: String?
    /// The type the factory builds (`{ _ in Cat() }` → `Cat`), when visible.
    public var builds: String?
    /// Keys the factory resolves.
    public var resolves: [DIKey]
    /// For a values-container property: the key type that backs it (`self[Key.self]`).
    public var backingKey: String?
    public var site: DISite
    /// `resolve(T.self) ?? register(T.self) { … }`: registers only when nothing is yet, so
    /// it never competes with another registration of the key.
    public var isFallback = false
    /// A Factory container member's access when it is not `internal` (`public`, `private`…,
    /// the extension's when the member names none; `nil` is `internal`): two members that
    /// are not public, in two modules, are two keys.
    public var access: String?
    /// Swinject: how many arguments the factory takes besides the resolver (`{ r, id in … }`
    /// is 1; `nil` is none). Swinject keys a registration by type, name and arguments.
    public var arguments: Int?
    /// A call's enclosing function, qualified by the type around it (`AppAssembly.assemble`,
    /// `UserFeatureModule.register`), and the line of its `func`; `nil` for a declaration
    /// (a `DependencyValues` property, a Factory member) and for top-level code. Two
    /// registrations run together when they are in one function, or in functions that one
    /// function hands its container to, or in assemblies that one `Assembler` applies.
    public var function: String?
    public var functionLine: Int?

    /// A declaration rather than a call: a values-container property (`DependencyValues`,
    /// WeaveDI's `InjectedValues`), a Factory container member, a hand-rolled container's
    /// `lazy var` or `make…()`. Two declarations of one key clash at compile time or at
    /// every lookup, whatever code runs.
    public var isDeclaration: Bool {
        switch framework {
        case .factory, .swiftDependencies: return true
        case .handRolled: return key.isProperty
        case .weaveDI: return backingKey != nil
        case .swinject: return false
        }
    }

    /// `shared#42` → (`shared`, 42): a container registered into after the reset on line 42
    /// of the same function (`UnifiedDI.releaseAll()`, a new `Container()`).
    public static func splitReset(_ container: String) -> (container: String, resetLine: Int?) {
        guard let hash = container.lastIndex(of: "#"), let line = Int(container[container.index(after: hash)...]) else {
            return (container, nil)
        }
        return (String(container[..<hash]), line)
    }

    public init(framework: DIFramework, key: DIKey, container: String, scope: String? = nil, builds: String? = nil,
                resolves: [DIKey] = [], backingKey: String? = nil, function: String? = nil, functionLine: Int? = nil, site: DISite) {
        self.framework = framework
        self.function = function
        self.functionLine = functionLine
        self.key = key
        self.container = container
        self.scope = scope
        self.builds = builds
        self.resolves = resolves
        self.backingKey = backingKey
        self.site = site
    }
}

/// A place that asks for a key: `resolve(T.self)`, `@Dependency(\.x)`, `@Injected(\.x)`.
public struct DIConsumption: Sendable, Equatable, Codable {
    public var framework: DIFramework
    public var key: DIKey
    public var site: DISite

    public init(framework: DIFramework, key: DIKey, site: DISite) {
        self.framework = framework
        self.key = key
        self.site = site
    }
}

/// A key type (`DependencyKey`, `TestDependencyKey`, WeaveDI `InjectedKey`) or one
/// extension of it, with the values that declaration provides. A key is often split over
/// several declarations (test value beside the interface, live value in the live module).
public struct DIKeyDeclaration: Sendable, Equatable, Codable {
    public var framework: DIFramework
    /// The key type as written (`APIClient`, `UserServiceKey`).
    public var type: String
    /// `DependencyKey`, `TestDependencyKey`, `InjectedKey` (empty for a plain extension
    /// that only adds values).
    public var conformance: String
    /// Sites of `liveValue`, `testValue` and `previewValue` declared here.
    public var liveValue: DISite?
    public var testValue: DISite?
    public var previewValue: DISite?
    /// Site of the declaration's name.
    public var site: DISite

    public init(framework: DIFramework, type: String, conformance: String, liveValue: DISite? = nil,
                testValue: DISite? = nil, previewValue: DISite? = nil, site: DISite) {
        self.framework = framework
        self.type = type
        self.conformance = conformance
        self.liveValue = liveValue
        self.testValue = testValue
        self.previewValue = previewValue
        self.site = site
    }
}

/// A `register`/`resolve`-shaped call with a metatype argument (`x.method(T.self …)`) in a
/// file that no framework claims. Whether it belongs to a hand-rolled container depends on
/// the configured method names and on the workspace declaring such a method, so the DI
/// graph decides.
public struct DIContainerCall: Sendable, Equatable, Codable {
    public var method: String
    /// The receiver as written (`container`, `Services.shared`), empty for a bare call.
    public var receiver: String
    public var key: DIKey
    public var builds: String?
    /// Index (in this file's `containerCalls`) of the call whose trailing closure holds
    /// this one: a `resolve` inside a `register { … }` factory.
    public var enclosingCall: Int?
    /// Start line of the enclosing function, scoping local receivers.
    public var functionLine: Int?
    /// The enclosing function's name, qualified by its type (`Composition.registerServices`).
    public var function: String?
    public var site: DISite

    public init(method: String, receiver: String, key: DIKey, builds: String? = nil, enclosingCall: Int? = nil,
                functionLine: Int? = nil, function: String? = nil, site: DISite) {
        self.method = method
        self.receiver = receiver
        self.key = key
        self.builds = builds
        self.enclosingCall = enclosingCall
        self.functionLine = functionLine
        self.function = function
        self.site = site
    }
}

/// Dependency-injection facts of one file.
public struct DIFacts: Sendable, Equatable, Codable {
    public var registrations: [DIRegistration]
    public var consumptions: [DIConsumption]
    public var keys: [DIKeyDeclaration]
    /// Candidate hand-rolled container calls (see `DIContainerCall`).
    public var containerCalls: [DIContainerCall]
    /// Methods this file declares that take a metatype (`func register<T>(_ type: T.Type, …)`):
    /// what makes a type a hand-rolled container.
    public var containerMethods: [String]
    /// `UserFeatureModule.register(in: container)`: a container handed to another type's
    /// function, which registers into it (the WeaveDI guide's per-module registration).
    public var containerPasses: [DIContainerPass] = []
    /// `@Inject var clock: Clock` through a wrapper no framework claims: a consumption of
    /// `Clock` when the workspace declares `Inject` as a wrapper that resolves its type
    /// parameter from a container (`DIGraph` decides).
    public var wrapperUses: [DIWrapperUse] = []
    /// Container methods that forward their metatype parameter to another call
    /// (`func registerModule<T>(_ type: T.Type, …) { register(type, …) }`).
    public var methodForwards: [DIMethodForward] = []
    /// Keys that name another key: WeaveDI's `extension WeaveDI.Container { var user:
    /// UserService? { resolve(UserService.self) } }` makes `\\.user` stand for `UserService`.
    public var keyAliases: [DIKeyAlias] = []
    /// Swinject assemblies applied together: `Assembler([A(), B()])`,
    /// `assembler.apply(assemblies: [A(), B()])`, `apply(assembly:)` calls of one function.
    public var assemblerLists: [DIAssemblerList] = []

    public init(registrations: [DIRegistration] = [], consumptions: [DIConsumption] = [], keys: [DIKeyDeclaration] = [],
                containerCalls: [DIContainerCall] = [], containerMethods: [String] = []) {
        self.registrations = registrations
        self.consumptions = consumptions
        self.keys = keys
        self.containerCalls = containerCalls
        self.containerMethods = containerMethods
    }

    public var isEmpty: Bool {
        registrations.isEmpty && consumptions.isEmpty && keys.isEmpty && containerCalls.isEmpty && containerMethods.isEmpty
            && containerPasses.isEmpty && wrapperUses.isEmpty && keyAliases.isEmpty && methodForwards.isEmpty
            && assemblerLists.isEmpty
    }
}

/// A workspace method that hands its metatype parameter to another call: `registerModule`
/// whose body calls `container.register(type, factory: factory)`. The DI graph follows it
/// one level: calls of the wrapper register when the call it forwards to does.
public struct DIMethodForward: Sendable, Equatable, Codable {
    /// The wrapper (`registerModule`).
    public var method: String
    /// The call it forwards to (`register`).
    public var target: String
    /// The framework whose call that is, when the file's imports make it one (a Swinject
    /// `register` on a `Container`); `nil` for a workspace's own container.
    public var framework: DIFramework?

    public init(method: String, target: String, framework: DIFramework? = nil) {
        self.method = method
        self.target = target
        self.framework = framework
    }
}

/// A key that stands for another: `\WeaveDI.Container.user` → `UserService`. `DIGraph`
/// resolves registrations and consumptions through these (and through `typealias`es).
public struct DIKeyAlias: Sendable, Equatable, Codable {
    public var alias: String
    public var type: String

    public init(alias: String, type: String) {
        self.alias = alias
        self.type = type
    }
}

/// `@Inject var clock: Clock`: the wrapper's name, the property's type as written (optional
/// marks and `any` removed) and the attribute's site.
public struct DIWrapperUse: Sendable, Equatable, Codable {
    public var wrapper: String
    public var type: String
    public var site: DISite

    public init(wrapper: String, type: String, site: DISite) {
        self.wrapper = wrapper
        self.type = type
        self.site = site
    }
}

/// A call that hands a container to a function of another type:
/// `UserFeatureModule.register(in: container)` inside a bootstrap.
public struct DIContainerPass: Sendable, Equatable, Codable {
    /// `UserFeatureModule.register`.
    public var callee: String
    /// The caller's container, as registrations name it (`shared` in a bootstrap).
    public var container: String
    public var line: Int
    /// The function the call stands in (`AppDelegate.bootstrap`) and its line: the modules
    /// one function hands its container to register together.
    public var function: String?
    public var functionLine: Int?

    public init(callee: String, container: String, line: Int, function: String? = nil, functionLine: Int? = nil) {
        self.callee = callee
        self.container = container
        self.line = line
        self.function = function
        self.functionLine = functionLine
    }
}

/// Swinject assemblies one place applies together: the types constructed in the list of
/// `Assembler([A(), B()])` (or of the array a plain `Assembler(assemblies)` names, declared
/// in the same file), `assembler.apply(assemblies: [A(), B()])` and `apply(assembly: A())`.
/// The lists of one function are one sequence: their assemblies all run.
public struct DIAssemblerList: Sendable, Equatable, Codable {
    /// The assembly types as written, last component (`Feature.ProfileAssembly` → `ProfileAssembly`).
    public var assemblies: [String]
    /// The enclosing function's line; `nil` outside a function (a stored property's
    /// initial value), where the list stands alone.
    public var functionLine: Int?
    public var line: Int

    public init(assemblies: [String], functionLine: Int? = nil, line: Int) {
        self.assemblies = assemblies
        self.functionLine = functionLine
        self.line = line
    }
}
