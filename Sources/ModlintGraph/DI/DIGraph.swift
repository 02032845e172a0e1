import ModlintConfiguration
import ModlintFacts
import ModlintWorkspace

/// The workspace's dependency-injection graph: every registration, consumption and key
/// type of every file, placed in its module. Hand-rolled container calls are resolved here
/// because they need the configured method names and the whole workspace.
public struct DIGraph: Sendable {
    public struct Registration: Sendable, Equatable {
        public var fact: DIRegistration
        public var site: Site
        /// Index into `ModuleGraph.modules`.
        public var module: Int
        public var isTest: Bool
        public var key: DIKey { fact.key }
    }

    public struct Consumption: Sendable, Equatable {
        public var fact: DIConsumption
        public var site: Site
        public var module: Int
        public var isTest: Bool
        public var key: DIKey { fact.key }
    }

    /// One declaration of a key type (`DependencyKey`, `TestDependencyKey`, `InjectedKey`).
    public struct KeyDeclaration: Sendable, Equatable {
        public var fact: DIKeyDeclaration
        public var file: String
        public var module: Int
        public var isTest: Bool

        public func site(_ value: DISite) -> Site { Site(file: file, line: value.line, column: value.column) }
    }

    /// Sorted by site.
    public private(set) var registrations: [Registration] = []
    public private(set) var consumptions: [Consumption] = []
    public private(set) var keyDeclarations: [KeyDeclaration] = []
    /// Containers handed to other types' registration functions, with the caller's file.
    public private(set) var containerPasses: [(pass: DIContainerPass, file: String)] = []
    /// Swinject assembly type (last name component) → the places that apply it with others
    /// (`Assembler([A(), B()])`, `apply(assemblies:)`): `file|function line`, or
    /// `file|@line` for a list outside a function. Test targets' lists are left out.
    public private(set) var assemblerGroups: [String: Set<String>] = [:]

    public init(workspace: Workspace, graph: ModuleGraph, settings: DISettings = DISettings()) {
        // The files with DI facts, found once: most files have none (read in place, not
        // copied out of their arrays).
        var diFiles: [(module: Int, file: SourceFile)] = []
        for (index, module) in graph.modules.enumerated() {
            workspace.target(of: module).files.withUnsafeBufferPointer { files in
                for fileIndex in files.indices where !files[fileIndex].summary.di.isEmpty { diFiles.append((index, files[fileIndex])) }
            }
        }
        let declaredMethods = Set(diFiles.flatMap(\.file.summary.di.containerMethods))
        let registerMethods = Set(settings.registerMethods).intersection(declaredMethods)
        let resolveMethods = Set(settings.resolveMethods).intersection(declaredMethods)
        let wrappers = Self.registeringWrappers(diFiles.map(\.file), declared: declaredMethods, registerMethods: registerMethods)
        let injectingWrappers = Self.injectingWrappers(in: diFiles.map(\.file), resolveMethods: resolveMethods)
        for (index, file) in diFiles {
            let isTest = graph.modules[index].kind == .test
            let di = file.summary.di
            func site(_ value: DISite) -> Site { Site(file: file.path, line: value.line, column: value.column) }
            // `container.resolve(T.self)` inside `func resolve<T>` (a wrapper around
            // a framework's container) stands for every key, so for none.
            let generic = Self.genericParameters(in: file)
            for fact in di.registrations where !generic.contains(fact.key.id) {
                registrations.append(Registration(fact: fact, site: site(fact.site), module: index, isTest: isTest))
            }
            if !isTest {
                containerPasses += di.containerPasses.map { ($0, file.path) }
                for list in di.assemblerLists {
                    let group = file.path + "|" + (list.functionLine.map(String.init) ?? "@\(list.line)")
                    for assembly in list.assemblies { assemblerGroups[assembly, default: []].insert(group) }
                }
            }
            for fact in di.consumptions where !generic.contains(fact.key.id) {
                consumptions.append(Consumption(fact: fact, site: site(fact.site), module: index, isTest: isTest))
            }
            for fact in di.keys {
                keyDeclarations.append(KeyDeclaration(fact: fact, file: file.path, module: index, isTest: isTest))
            }
            for use in di.wrapperUses where injectingWrappers.contains(use.wrapper) {
                let fact = DIConsumption(framework: .handRolled, key: DIKey(use.type), site: use.site)
                consumptions.append(Consumption(fact: fact, site: site(use.site), module: index, isTest: isTest))
            }
            for (callIndex, call) in di.containerCalls.enumerated() where !generic.contains(call.key.id) {
                if registerMethods.contains(call.method) || wrappers[call.method] != nil {
                    let resolves = di.containerCalls.filter { $0.enclosingCall == callIndex && resolveMethods.contains($0.method) }.map(\.key)
                    let framework = registerMethods.contains(call.method) ? .handRolled : wrappers[call.method]!
                    var fact = DIRegistration(framework: framework, key: call.key,
                                              container: Self.container(of: call), builds: call.builds,
                                              resolves: resolves, site: call.site)
                    fact.function = call.function
                    fact.functionLine = call.functionLine
                    registrations.append(Registration(fact: fact, site: site(call.site), module: index, isTest: isTest))
                } else if resolveMethods.contains(call.method) {
                    let fact = DIConsumption(framework: .handRolled, key: call.key, site: call.site)
                    consumptions.append(Consumption(fact: fact, site: site(call.site), module: index, isTest: isTest))
                }
            }
        }
        resolveAliases(Self.keyAliases(diFiles: diFiles.map(\.file), workspace: workspace, graph: graph,
                                       used: Set(registrations.flatMap { [$0.fact.key.id] + $0.fact.resolves.map(\.id) }
                                                 + consumptions.map(\.fact.key.id))))
        registrations.sort { Self.ordered($0.site, $1.site) }
        consumptions.sort { Self.ordered($0.site, $1.site) }
        keyDeclarations.sort { Self.ordered($0.site($0.fact.site), $1.site($1.fact.site)) }
    }

    /// Workspace methods that forward their metatype parameter to a registration, one
    /// level deep (`func registerModule<T>(_ type: T.Type, …) { container.register(type, …) }`):
    /// a call of one registers what it is passed, into the framework the forwarded call
    /// belongs to (a Swinject `register`), or into the workspace's own container.
    static func registeringWrappers(_ files: [SourceFile], declared: Set<String>, registerMethods: Set<String>) -> [String: DIFramework] {
        var wrappers: [String: DIFramework] = [:]
        for file in files {
            for forward in file.summary.di.methodForwards where declared.contains(forward.method) && !registerMethods.contains(forward.method) {
                if let framework = forward.framework {
                    wrappers[forward.method] = framework
                } else if registerMethods.contains(forward.target) {
                    wrappers[forward.method] = wrappers[forward.method] ?? .handRolled
                }
            }
        }
        return wrappers
    }

    /// Keys that stand for other keys: WeaveDI key paths into `WeaveDI.Container` (the
    /// container's computed properties) and `typealias`es declared anywhere in the
    /// workspace (Swinject and WeaveDI key on the type, so `register(Tracker.self)` with
    /// `typealias Tracker = AnalyticsTracking` registers `AnalyticsTracking`). A name
    /// aliased to two different types is left alone. Only names some key uses are kept.
    static func keyAliases(diFiles: [SourceFile], workspace: Workspace, graph: ModuleGraph, used: Set<String>) -> [String: String] {
        guard !used.isEmpty else { return [:] }
        var candidates: [String: Set<String>] = [:]
        for file in diFiles {
            for alias in file.summary.di.keyAliases where used.contains(alias.alias) {
                candidates[alias.alias, default: []].insert(alias.type)
            }
        }
        // Every declaration of the workspace is looked at: in place, kind first (a copied
        // declaration retains six arrays and strings), then the bare name, before a
        // qualified one is joined.
        let usedNames = Set(used.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
        // Through buffers, files too: a file copied out of its array retains its path and summary.
        for module in graph.modules {
            workspace.target(of: module).files.withUnsafeBufferPointer { files in
                for fileIndex in files.indices {
                    files[fileIndex].summary.declarations.withUnsafeBufferPointer { declarations in
                        for index in declarations.indices where declarations[index].kind == .typealias {
                            guard usedNames.contains(declarations[index].name), declarations[index].inheritance.count == 1 else { continue }
                            let enclosing = declarations[index].enclosing
                            let qualified = enclosing.isEmpty ? declarations[index].name : (enclosing + [declarations[index].name]).joined(separator: ".")
                            guard used.contains(qualified) else { continue }
                            candidates[qualified, default: []].insert(DIKey.bareType(declarations[index].inheritance[0]))
                        }
                    }
                }
            }
        }
        var aliases: [String: String] = [:]
        for (alias, types) in candidates where types.count == 1 && types.first != alias { aliases[alias] = types.first }
        return aliases
    }

    /// Rewrites every key through `aliases`, following chains (a bounded number of steps:
    /// `typealias A = B; typealias B = A` must not loop).
    mutating func resolveAliases(_ aliases: [String: String]) {
        guard !aliases.isEmpty else { return }
        func resolved(_ key: DIKey) -> DIKey {
            var id = key.id
            var steps = 0
            while let next = aliases[id], steps < 8 {
                id = next
                steps += 1
            }
            return id == key.id ? key : DIKey(id, name: key.name)
        }
        for index in registrations.indices {
            registrations[index].fact.key = resolved(registrations[index].fact.key)
            registrations[index].fact.resolves = registrations[index].fact.resolves.map(resolved)
        }
        for index in consumptions.indices {
            consumptions[index].fact.key = resolved(consumptions[index].fact.key)
        }
    }

    /// A hand-rolled receiver: a type-level expression (`Services.shared`) is one global
    /// container; a local one is scoped to its function.
    static func container(of call: DIContainerCall) -> String {
        let receiver = call.receiver.isEmpty ? "self" : call.receiver
        if let first = receiver.first, first.isUppercase { return receiver }
        if let line = call.functionLine { return "\(receiver)@\(line)" }
        return receiver
    }

    /// Property wrappers that resolve their type parameter from a hand-rolled container
    /// (`@propertyWrapper struct Inject<Service>` whose file calls `resolve(Service.self)`):
    /// `@Inject var clock: Clock` consumes `Clock`.
    /// `files`: those with DI facts (a file that resolves nothing declares no such wrapper).
    static func injectingWrappers(in files: [SourceFile], resolveMethods: Set<String>) -> Set<String> {
        guard !resolveMethods.isEmpty else { return [] }
        var names: Set<String> = []
        for file in files {
            let resolvedKeys = Set(file.summary.di.containerCalls.filter { resolveMethods.contains($0.method) }.map(\.key.id))
            guard !resolvedKeys.isEmpty else { continue }
            for declaration in file.summary.declarations where declaration.attributes.contains("propertyWrapper") {
                guard let clause = declaration.genericParameters,
                      !typeParameters(clause).isDisjoint(with: resolvedKeys) else { continue }
                names.insert(declaration.name)
            }
        }
        return names
    }

    /// `<Service, T: P>` → `Service`, `T`.
    static func typeParameters(_ clause: String) -> Set<String> {
        var names: Set<String> = []
        for part in clause.dropFirst().dropLast().split(separator: ",") {
            let name = part.split(separator: ":").first.map { $0.trimmingPrefix(" ") }.map { String($0.prefix { $0 != " " }) }
            if let name, !name.isEmpty { names.insert(name) }
        }
        return names
    }

    /// Names that stand for a type parameter in `file`: those of its generic types
    /// (`struct Inject<T>`) and single capital letters (`func resolve<T>`, whose generic
    /// clause the facts do not keep). `resolve(T.self)` inside them resolves no key.
    static func genericParameters(in file: SourceFile) -> TypeParameterNames {
        var names: Set<String> = []
        for declaration in file.summary.declarations {
            guard let clause = declaration.genericParameters else { continue }
            names.formUnion(typeParameters(clause))
        }
        return TypeParameterNames(declared: names)
    }

    /// A file's type parameter names: the declared ones, and any single capital letter
    /// (tested, not stored: most files declare none, and thousands are asked).
    struct TypeParameterNames {
        let declared: Set<String>

        func contains(_ name: String) -> Bool {
            if name.utf8.count == 1, let letter = name.utf8.first, letter >= UInt8(ascii: "A") && letter <= UInt8(ascii: "Z") { return true }
            return !declared.isEmpty && declared.contains(name)
        }
    }

    static func ordered(_ a: Site, _ b: Site) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }

    /// Frameworks that register or key anything in the workspace: a consumer of another
    /// framework's key is served from outside (a dependency package), not missing.
    public var frameworksWithProviders: Set<DIFramework> {
        // (A declaration that only adds a test or preview value serves no consumer.)
        // (A hand-rolled container's own members — `lazy var`, `make…()` — serve only
        // those who call them, never a `resolve(T.self)`.)
        Set(registrations.filter { !$0.isTest && !($0.fact.framework == .handRolled && $0.fact.key.isProperty) }.map(\.fact.framework)
            + keyDeclarations.filter { !$0.isTest && (!$0.fact.conformance.isEmpty || $0.fact.liveValue != nil) }.map(\.fact.framework))
    }
}
