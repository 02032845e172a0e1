import ModlintConfiguration
import ModlintFacts
import ModlintWorkspace

/// The DI problems of a workspace, computed once from a `DIGraph`: the four DI rules
/// report them and the `di` view marks them, so both always agree.
public struct DIAnalysis: Sendable {
    /// Registrations of one key in one container that can be active together.
    public struct Duplicate: Sendable, Equatable {
        /// Indices into `DIGraph.registrations`: the registration reported, then every
        /// other one it clashes with.
        public var registration: Int
        public var others: [Int]
        /// Whether modlint sees two of them take effect in one program: declarations of one
        /// key (two `DependencyValues` properties, two public Factory members clash whatever
        /// runs), or registrations in one function or assembly, in functions one function
        /// hands its container to, or in assemblies one `Assembler` applies. False when
        /// nothing shows that any two of the registering places run in one process (two
        /// `static func register…()` of two modules, which two demo apps may each call).
        public var runTogether: Bool
    }

    public struct Missing: Sendable, Equatable {
        /// Index into `DIGraph.consumptions`.
        public var consumption: Int
        /// Other consumptions of the same key.
        public var others: [Int]
    }

    public struct Cycle: Sendable, Equatable {
        /// Indices into `DIGraph.registrations`, in resolution order, starting at the
        /// smallest key.
        public var registrations: [Int]
    }

    public struct MissingTestValue: Sendable, Equatable {
        /// Index into `DIGraph.keyDeclarations` of the declaration with the live value.
        public var declaration: Int
        /// Every other declaration of the key type.
        public var others: [Int]
    }

    public private(set) var duplicates: [Duplicate] = []
    public private(set) var missing: [Missing] = []
    public private(set) var cycles: [Cycle] = []
    public private(set) var missingTestValues: [MissingTestValue] = []

    /// swift-dependencies' own `DependencyValues` (and The Composable Architecture's).
    public static let builtinDependencyValues: Set<String> = [
        "assert", "calendar", "context", "continuousClock", "date", "dismiss", "fireAndForget", "isPresented",
        "locale", "mainQueue", "mainRunLoop", "openURL", "openSettings", "suspendingClock", "timeZone",
        "urlSession", "uuid", "withRandomNumberGenerator", "defaultAppStorage", "defaultFileStorage",
        "defaultInMemoryStorage", "defaultDatabase", "isTesting", "dependencyValues", "notificationCenter", "precondition",
        "preferredLocales",
        // `@Dependency(\.self)`: the whole DependencyValues.
        "self",
    ]

    /// `linkable(a, b)`: modules `a` and `b` can end up in one program (the same module, or
    /// both reached by some module of the workspace); registrations in two example apps
    /// that never link each other do not clash.
    public init(_ graph: DIGraph, linkable: (Int, Int) -> Bool = { _, _ in true }) {
        duplicates = Self.duplicates(graph, linkable: linkable)
        missing = Self.missing(graph)
        cycles = Self.cycles(graph)
        missingTestValues = Self.missingTestValues(graph)
    }

    // MARK: - duplicate-registration

    static func duplicates(_ graph: DIGraph, linkable: (Int, Int) -> Bool) -> [Duplicate] {
        var groups: [String: [Int]] = [:]
        let callers = Self.callerContainers(graph)
        for (index, registration) in graph.registrations.enumerated() where !registration.isTest && !registration.fact.isFallback {
            let fact = registration.fact
            let scope = Self.keyScope(registration)
            for container in Self.containers(of: registration, callers: callers) {
                groups["\(fact.framework.rawValue)\u{0}\(container)\u{0}\(fact.key.id)\u{0}\(fact.key.name ?? "")\u{0}\(scope)", default: []].append(index)
            }
        }
        var result: [Duplicate] = []
        var reported = Set<[Int]>()
        let runs = RunContexts(graph)
        for members in groups.values where members.count > 1 {
            // One finding per clash: the sites already named in a finding of this group
            // are not reported again.
            var covered = Set<Int>()
            for index in members.sorted() where !covered.contains(index) {
                let clashing = members.filter {
                    let (other, this) = (graph.registrations[$0], graph.registrations[index])
                    // One source line built into several targets (an Xcode file shared by an
                    // iOS and a watchOS target) is one registration, not two.
                    return $0 != index && other.site != this.site && canBeActiveTogether(other, this)
                        && linkable(other.module, this.module)
                }
                // Reported on the first registration that follows one it clashes with.
                guard clashing.contains(where: { $0 < index }) else { continue }
                covered.formUnion(clashing)
                covered.insert(index)
                // A registration in several containers' groups is reported once per clash.
                guard reported.insert(([index] + clashing).sorted()).inserted else { continue }
                result.append(Duplicate(registration: index, others: clashing, runTogether: runs.together([index] + clashing)))
            }
        }
        return result.sorted { $0.registration < $1.registration }
    }

    /// What tells two registrations of one key and container apart, as the library keys
    /// them: Swinject by the factory's arguments (`{ r, id in … }` is another key than
    /// `{ r in … }`); a Factory member by its declaration, which two modules can share only
    /// when both are `public` (an `internal` or `private` member of one name in two
    /// modules, or `fileprivate` in two files, is two members); a hand-rolled container's
    /// own member (`lazy var`, `make…()`) by the type, which is each module's own.
    static func keyScope(_ registration: DIGraph.Registration) -> String {
        let fact = registration.fact
        switch fact.framework {
        case .swinject:
            return "\(fact.arguments ?? 0)"
        case .factory:
            switch fact.access ?? "internal" {
            case "public", "open", "package": return ""
            case "private", "fileprivate": return "\(registration.module)\u{0}\(registration.site.file)"
            default: return "\(registration.module)"
            }
        case .handRolled where fact.key.isProperty:
            return "\(registration.module)"
        default:
            return ""
        }
    }

    /// Registration function (`UserFeatureModule.register`) → the containers its callers
    /// hand it, each local one qualified by the caller's file.
    static func callerContainers(_ graph: DIGraph) -> [String: Set<String>] {
        var callers: [String: Set<String>] = [:]
        for (pass, file) in graph.containerPasses {
            callers[pass.callee, default: []].insert(pass.container.contains("@") ? pass.container + "|" + file : pass.container)
        }
        return callers
    }

    /// The containers a registration lands in. A container local to a function
    /// (`container@5:UserFeatureModule.register`, usually its parameter) is the one its
    /// callers pass (`UserFeatureModule.register(in: container)` in one bootstrap: the
    /// guide's two modules registering one protocol clash there); without a known caller
    /// it is that function's own, in that file.
    static func containers(of registration: DIGraph.Registration, callers: [String: Set<String>]) -> [String] {
        // `…#42`: registered after the reset on line 42, into a fresh container.
        let (container, reset) = DIRegistration.splitReset(registration.fact.container)
        if let reset {
            let base = DIGraph.Registration(fact: DIRegistration(framework: registration.fact.framework, key: registration.fact.key,
                                                                 container: container, site: registration.fact.site),
                                            site: registration.site, module: registration.module, isTest: registration.isTest)
            return containers(of: base, callers: callers).map { "\($0)#\(reset)|\(registration.site.file)" }
        }
        guard container.contains("@"), let colon = container.firstIndex(of: ":") else { return [container] }
        let function = String(container[container.index(after: colon)...])
        if let passed = callers[function], !passed.isEmpty { return passed.sorted() }
        return [container + "|" + registration.site.file]
    }

    /// Where registrations are seen to run: each in its function (`file|line` of the
    /// `func`; `file|top` for top-level code), the functions that hand it the container it
    /// registers into (`FeatureModule.register(in: container)`, followed up the callers),
    /// and, for a Swinject assembly, every `Assembler` list that applies the assembly.
    /// Registrations with one place in common run together.
    struct RunContexts {
        let graph: DIGraph
        /// Callee (`FeatureModule.register`) → the functions that hand it a container.
        private var callers: [String: [(function: String?, context: String)]] = [:]

        init(_ graph: DIGraph) {
            self.graph = graph
            for (pass, file) in graph.containerPasses {
                callers[pass.callee, default: []].append((pass.function, Self.context(file: file, line: pass.functionLine)))
            }
        }

        static func context(file: String, line: Int?) -> String {
            file + "|" + (line.map(String.init) ?? "top")
        }

        func contexts(of index: Int) -> Set<String> {
            let registration = graph.registrations[index]
            let fact = registration.fact
            var result: Set<String> = [Self.context(file: registration.site.file, line: fact.functionLine)]
            // The callers of the function whose local container it registers into.
            let container = DIRegistration.splitReset(fact.container).container
            if container.contains("@"), let colon = container.firstIndex(of: ":") {
                var pending = [String(container[container.index(after: colon)...])]
                var seen = Set(pending)
                while let function = pending.popLast() {
                    for caller in callers[function] ?? [] {
                        result.insert(caller.context)
                        if let next = caller.function, seen.insert(next).inserted { pending.append(next) }
                    }
                }
            }
            // `AppAssembly.assemble`: the Assembler lists naming `AppAssembly`.
            if fact.framework == .swinject, let function = fact.function, function.hasSuffix(".assemble") {
                let owner = function.dropLast(".assemble".count)
                let type = owner.split(separator: ".").last.map(String.init) ?? String(owner)
                for group in graph.assemblerGroups[type] ?? [] { result.insert("assembler|" + group) }
            }
            return result
        }

        /// Whether two of `indices` are seen to take effect together.
        func together(_ indices: [Int]) -> Bool {
            if indices.filter({ graph.registrations[$0].fact.isDeclaration }).count > 1 { return true }
            var seen = Set<String>()
            for index in indices {
                let places = contexts(of: index)
                if !seen.isDisjoint(with: places) { return true }
                seen.formUnion(places)
            }
            return false
        }
    }

    /// False when `#if` branches keep the two apart: different branches of one block in
    /// one file, or conditions that negate each other across files.
    static func canBeActiveTogether(_ a: DIGraph.Registration, _ b: DIGraph.Registration) -> Bool {
        if a.site.file == b.site.file { return !a.fact.site.isMutuallyExclusive(with: b.fact.site) }
        guard let left = a.fact.site.condition, let right = b.fact.site.condition else { return true }
        return !(left == "!" + right || right == "!" + left || left == "!(\(right))" || right == "!(\(left))")
    }

    // MARK: - missing-registration

    static func missing(_ graph: DIGraph) -> [Missing] {
        let providers = graph.frameworksWithProviders
        var registered = Set<String>()
        var propertyNames = Set<String>()
        for registration in graph.registrations {
            registered.insert(Self.identity(registration.fact.framework, registration.key))
            if let name = registration.key.propertyName { propertyNames.insert("\(registration.fact.framework.rawValue)\u{0}\(name)") }
        }
        let keyTypes = Set(graph.keyDeclarations.filter { !$0.fact.conformance.isEmpty && $0.fact.conformance != "DependencyClient" }
            .map { "\($0.fact.framework.rawValue)\u{0}\($0.fact.type)" })
        var unserved: [Int] = []
        for (index, consumption) in graph.consumptions.enumerated() where !consumption.isTest {
            let framework = consumption.fact.framework
            guard providers.contains(framework) else { continue }
            let key = consumption.key
            if registered.contains(identity(framework, key)) { continue }
            if let name = key.propertyName {
                if framework == .swiftDependencies && builtinDependencyValues.contains(name) { continue }
                // Factory's `\.x` shorthand may name a property of any container.
                if framework == .factory && propertyNames.contains("\(framework.rawValue)\u{0}\(name)") { continue }
            } else if keyTypes.contains("\(framework.rawValue)\u{0}\(key.id)") {
                continue
            }
            unserved.append(index)
        }
        return unserved.map { index in
            let key = graph.consumptions[index].key
            let others = unserved.filter { $0 != index && graph.consumptions[$0].key == key }
            return Missing(consumption: index, others: others)
        }
    }

    static func identity(_ framework: DIFramework, _ key: DIKey) -> String {
        "\(framework.rawValue)\u{0}\(key.id)\u{0}\(key.name ?? "")"
    }

    // MARK: - di-cycle

    static func cycles(_ graph: DIGraph) -> [Cycle] {
        // One node per registered key (first registration stands for it).
        var nodeOf: [String: Int] = [:]
        var registrationOf: [Int] = []
        var order = Array(graph.registrations.indices)
        order.sort { graph.registrations[$0].key < graph.registrations[$1].key || (graph.registrations[$0].key == graph.registrations[$1].key && $0 < $1) }
        for index in order where !graph.registrations[index].isTest {
            let registration = graph.registrations[index]
            let identity = identity(registration.fact.framework, registration.key)
            if nodeOf[identity] == nil {
                nodeOf[identity] = registrationOf.count
                registrationOf.append(index)
            }
        }
        var adjacency = [[Int]](repeating: [], count: registrationOf.count)
        for (node, index) in registrationOf.enumerated() {
            let registration = graph.registrations[index]
            for resolved in registration.fact.resolves {
                if let target = nodeOf[identity(registration.fact.framework, resolved)] { adjacency[node].append(target) }
            }
        }
        return Cycles.elementaryCycles(adjacency).map { Cycle(registrations: $0.map { registrationOf[$0] }) }
    }

    // MARK: - missing-test-value

    static let keyProtocols: Set<String> = ["DependencyKey", "TestDependencyKey", "InjectedKey"]

    static func missingTestValues(_ graph: DIGraph) -> [MissingTestValue] {
        var byType: [String: [Int]] = [:]
        for (index, declaration) in graph.keyDeclarations.enumerated() where !declaration.isTest {
            // By type alone: a test value declared in a file that imports no key framework
            // is recorded as swift-dependencies' whatever the key's framework.
            byType[declaration.fact.type, default: []].append(index)
        }
        var result: [MissingTestValue] = []
        for members in byType.values {
            // Only a key (a type conforming to `DependencyKey`, `TestDependencyKey` or
            // `InjectedKey` somewhere in the workspace) has a test value to miss: a
            // `static let liveValue` on any other type is no dependency.
            guard members.contains(where: { keyProtocols.contains(graph.keyDeclarations[$0].fact.conformance) }) else { continue }
            guard !members.contains(where: { graph.keyDeclarations[$0].fact.testValue != nil }) else { continue }
            for index in members where graph.keyDeclarations[index].fact.liveValue != nil {
                result.append(MissingTestValue(declaration: index, others: members.filter { $0 != index }))
            }
        }
        return result.sorted { $0.declaration < $1.declaration }
    }
}

extension DIAnalysis {
    /// Builds the DI graph of a workspace and analyses it.
    public static func of(workspace: ModlintWorkspace.Workspace, graph: ModuleGraph,
                          settings: ModlintConfiguration.DISettings) -> (graph: DIGraph, analysis: DIAnalysis) {
        let diGraph = DIGraph(workspace: workspace, graph: graph, settings: settings)
        let reach = ModuleReach(graph)
        return (diGraph, DIAnalysis(diGraph, linkable: reach.canBeLinkedTogether))
    }
}

extension DIGraph.Registration {
    /// `Logger`, `Repository (name: "remote")`, `\DependencyValues.apiClient`.
    public var keyDescription: String { fact.key.description }
}

/// Which modules can end up in one program: the same module, two modules some module of
/// the workspace depends on (transitively) both, or two libraries (a consumer outside the
/// workspace may link both). An app or executable links only what it reaches: two apps of
/// one repository never share a container, and neither does an app with the extension or
/// watch app it embeds (a dependency on a program embeds it: it runs in a process of its
/// own). Computed on demand, per pair.
final class ModuleReach {
    private var dependents: [[Int]]
    private var isProgram: [Bool]
    private var ancestorCache: [Int: Set<Int>] = [:]

    init(_ graph: ModuleGraph) {
        let isProgram = graph.modules.map { $0.kind == .executable }
        var dependents = [[Int]](repeating: [], count: graph.modules.count)
        for dependency in graph.dependencies where !isProgram[dependency.to] { dependents[dependency.to].append(dependency.from) }
        self.dependents = dependents
        self.isProgram = isProgram
    }

    /// The module and every module that depends on it, transitively.
    func ancestors(_ module: Int) -> Set<Int> {
        if let cached = ancestorCache[module] { return cached }
        let seen = ModuleGraph.reachable(from: module, along: dependents)
        ancestorCache[module] = seen
        return seen
    }

    func canBeLinkedTogether(_ a: Int, _ b: Int) -> Bool {
        if a == b || (!isProgram[a] && !isProgram[b]) { return true }
        return !ancestors(a).isDisjoint(with: ancestors(b))
    }
}
