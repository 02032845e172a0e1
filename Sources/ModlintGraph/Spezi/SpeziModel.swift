import ModlintFacts
import ModlintWorkspace

/// The Stanford Spezi model of a workspace: which types are modules, Standards and
/// constraint protocols; every configuration of a `SpeziAppDelegate` with the modules it
/// brings up; and the `@Dependency` edges between modules.
///
/// Conformances are the union of a type's declaration and every extension of it anywhere
/// in the workspace, closed over protocol inheritance and class inheritance. Types are
/// keyed by their simple name (the last component). The Spezi root names (`Module`,
/// `Standard`, `DefaultInitializable` …) count only in files that import a `Spezi*`
/// module, so a server's own `Module` protocol never turns its types into Spezi modules.
/// Test targets are left out: their mocks break the rules on purpose.
public struct SpeziModel: Sendable {
    /// A fact with the file it was found in and the module (target) of that file.
    public struct Located<Fact: Sendable>: Sendable {
        public var fact: Fact
        public var file: String
        public var module: String
    }

    /// A type declared (or extended) in the workspace.
    public struct TypeInfo: Sendable {
        public var name: String
        /// Kind of the declaration proper; `nil` when the workspace only extends the type.
        public var kind: DeclarationKind?
        /// The declaration proper, else the first extension.
        public var site: Site
        public var module: String
        /// Every name the type conforms to or inherits from, transitively (simple names).
        public var conformances: Set<String>
        public var isProtocol: Bool { kind == .protocol }
    }

    /// A module a configuration brings up, and why.
    public struct ConfiguredModule: Sendable, Equatable {
        public var name: String
        /// Where the configuration lists it; for a module pulled in through `@Dependency`,
        /// the site of that dependency.
        public var site: Site
        /// The module whose `@Dependency` pulled it in (`nil` when listed directly).
        public var requiredBy: String?
    }

    /// One `Configuration { … }` of an app delegate, resolved.
    public struct ResolvedConfiguration: Sendable {
        public var fact: SpeziConfiguration
        public var file: String
        public var module: String
        public var site: Site
        /// The configured Standard type; `DefaultStandard` for `Configuration { … }`.
        public var standard: String
        /// Where the Standard is created (`S()`), else the configuration itself.
        public var standardSite: Site
        /// Listed modules first, then those pulled in through `@Dependency`, in discovery order.
        public var modules: [ConfiguredModule]
        /// A display id for the graph: the owner, numbered when it declares several.
        public var id: String
    }

    /// Spezi's standard for `Configuration { … }`; it conforms to no constraint.
    public static let defaultStandard = "DefaultStandard"
    static let moduleRoots: Set<String> = ["Module", "Component", "ServiceModule"]
    static let speziRoots: Set<String> = moduleRoots.union(["Standard", "DefaultInitializable", "SpeziAppDelegate", "EnvironmentAccessible"])

    public private(set) var types: [String: TypeInfo] = [:]
    public private(set) var requirements: [Located<SpeziStandardRequirement>] = []
    public private(set) var dependencies: [Located<SpeziDependency>] = []
    public private(set) var wrappedProperties: [Located<SpeziWrappedProperty>] = []
    public private(set) var lifecycleReads: [Located<SpeziLifecycleRead>] = []
    public private(set) var configurations: [ResolvedConfiguration] = []
    private var computedProperties: [String: [String: SpeziComputedProperty]] = [:]

    public var isEmpty: Bool { configurations.isEmpty && requirements.isEmpty && dependencies.isEmpty && wrappedProperties.isEmpty }

    public init(workspace: Workspace, graph: ModuleGraph) {
        // Spezi roots only count in files that import Spezi: without such a file there is
        // nothing to model, and most workspaces (and the whole corpus) have none.
        let usesSpezi = workspace.packages.contains { package in
            package.targets.contains { $0.kind != .test && $0.files.contains { $0.summary.spezi.importsSpezi } }
        }
        guard usesSpezi else { return }
        var moduleIDs: [String: String] = [:]
        for module in graph.modules { moduleIDs["\(module.packageIndex)/\(module.targetIndex)"] = module.id }
        var inherited: [String: Set<String>] = [:]
        var declarations: [String: (kind: DeclarationKind?, site: Site, module: String)] = [:]
        var rawConfigurations: [Located<SpeziConfiguration>] = []
        for (packageIndex, package) in workspace.packages.enumerated() {
            for (targetIndex, target) in package.targets.enumerated() where target.kind != .test {
                let module = moduleIDs["\(packageIndex)/\(targetIndex)"] ?? target.name
                for file in target.files {
                    let summary = file.summary
                    let spezi = summary.spezi
                    for declaration in summary.declarations where declaration.kind != .typealias {
                        let name = Self.simpleName(declaration.name)
                        let site = Site(file: file.path, line: declaration.line, column: declaration.column)
                        let isExtension = declaration.kind == .extension
                        if declarations[name] == nil || (!isExtension && declarations[name]?.kind == nil) {
                            declarations[name] = (isExtension ? nil : declaration.kind, site, module)
                        }
                        for entry in declaration.inheritance {
                            let parent = Self.simpleName(entry)
                            if Self.speziRoots.contains(parent) && !spezi.importsSpezi { continue }
                            inherited[name, default: []].insert(parent)
                        }
                    }
                    guard spezi.importsSpezi else { continue }
                    func located<Fact>(_ fact: Fact) -> Located<Fact> { Located(fact: fact, file: file.path, module: module) }
                    requirements += spezi.standardRequirements.map(located)
                    dependencies += spezi.dependencies.map(located)
                    wrappedProperties += spezi.wrappedProperties.map(located)
                    lifecycleReads += spezi.lifecycleReads.map(located)
                    rawConfigurations += spezi.configurations.map(located)
                    for property in spezi.computedProperties {
                        computedProperties[Self.simpleName(property.owner), default: [:]][property.name] = property
                    }
                }
            }
        }
        var closures: [String: Set<String>] = [:]
        for (name, declaration) in declarations {
            types[name] = TypeInfo(name: name, kind: declaration.kind, site: declaration.site, module: declaration.module,
                                   conformances: Self.closure(of: name, inherited: inherited, cache: &closures))
        }
        var perOwner: [String: Int] = [:]
        for configuration in rawConfigurations where conforms(Self.simpleName(configuration.fact.owner), to: "SpeziAppDelegate") {
            perOwner[Self.simpleName(configuration.fact.owner), default: 0] += 1
        }
        var seenPerOwner: [String: Int] = [:]
        for configuration in rawConfigurations {
            let owner = Self.simpleName(configuration.fact.owner)
            guard conforms(owner, to: "SpeziAppDelegate") else { continue }
            seenPerOwner[owner, default: 0] += 1
            let id = perOwner[owner, default: 0] > 1 ? "\(owner).configuration#\(seenPerOwner[owner]!)" : "\(owner).configuration"
            configurations.append(resolve(configuration, owner: owner, id: id))
        }
    }

    // MARK: - Queries

    /// `Outer.Inner<T>` → `Inner`; `Spezi.Module` → `Module`; attributes and `~` dropped.
    public static func simpleName(_ written: String) -> String {
        // Most names are plain identifiers already: one byte scan instead of Character work.
        if !written.withBytes({ $0.contains(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ".")
            || $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "`") }) }) {
            return written
        }
        // Byte offsets: attributes (`@unchecked `) and generic arguments off, the last
        // component of a qualified name, `~`, spaces and backticks dropped.
        let bytes = Array(written.utf8)
        var start = 0
        while start < bytes.count && bytes[start] == UInt8(ascii: "@") {
            guard let space = bytes[start...].firstIndex(of: UInt8(ascii: " ")) else { break }
            start = space + 1
        }
        var end = bytes[start...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
        if let dot = bytes[start..<end].lastIndex(of: UInt8(ascii: ".")) { start = dot + 1 }
        if start < end && bytes[start] == UInt8(ascii: "~") { start += 1 }
        end = max(start, end)
        return String(decoding: bytes[start..<end].filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "`") }, as: UTF8.self)
    }

    public func conforms(_ type: String, to name: String) -> Bool {
        types[type]?.conformances.contains(name) ?? false
    }

    public func isModule(_ type: String) -> Bool {
        guard let info = types[type], !info.isProtocol else { return false }
        return !info.conformances.isDisjoint(with: Self.moduleRoots) || info.conformances.contains("Standard")
    }

    /// A concrete type that may be a module modlint cannot prove: one of its conformances
    /// is a protocol no read file declares (`final class MyAccountService: AccountService`
    /// where `AccountService: Module` lives in an unread package). Configured, it counts
    /// as configured: unknown is not wrong.
    public func mayBeModule(_ type: String) -> Bool {
        guard let info = types[type], !info.isProtocol, info.kind != nil else { return false }
        return info.conformances.contains { types[$0] == nil && !Self.knownNonModuleProtocols.contains($0) }
    }

    /// Standard-library and Foundation protocols and classes: conforming to them says
    /// nothing about being a Spezi module.
    static let knownNonModuleProtocols: Set<String> = [
        "Sendable", "Hashable", "Equatable", "Codable", "Encodable", "Decodable", "Identifiable", "Comparable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "AnyObject", "NSObject", "ObservableObject",
        "Observable", "Error", "LocalizedError", "CaseIterable", "RawRepresentable", "View", "App",
    ]

    /// A concrete type conforming to `Standard`.
    public func isStandard(_ type: String) -> Bool {
        guard let info = types[type], !info.isProtocol else { return false }
        return info.conformances.contains("Standard")
    }

    /// A protocol refining `Standard`.
    public func isConstraintProtocol(_ type: String) -> Bool {
        guard let info = types[type], info.isProtocol else { return false }
        return info.conformances.contains("Standard")
    }

    public func isDefaultInitializable(_ type: String) -> Bool { conforms(type, to: "DefaultInitializable") }

    /// Every name the Standard conforms to; `nil` when the Standard is not declared in the
    /// workspace (an external one cannot be checked).
    public func standardConformances(_ standard: String) -> Set<String>? {
        if standard == Self.defaultStandard && types[standard] == nil { return ["Standard", "Module"] }
        return types[standard].map { $0.conformances.union([standard]) }
    }

    public func dependencies(of module: String) -> [Located<SpeziDependency>] {
        dependencies.filter { Self.simpleName($0.fact.owner) == module }
    }

    public func requirements(of module: String) -> [Located<SpeziStandardRequirement>] {
        requirements.filter { Self.simpleName($0.fact.owner) == module }
    }

    /// The modules a dependency makes Spezi create when nobody configured its type:
    /// its default value, or the type itself when it is `DefaultInitializable`.
    public func createdModules(for dependency: SpeziDependency) -> [String] {
        if !dependency.defaultTypes.isEmpty { return dependency.defaultTypes.map(\.name).filter(isModule) }
        if dependency.isRequired, let type = dependency.type, isDefaultInitializable(type) { return [type] }
        return []
    }

    /// Required `@Dependency` edges between module types, for cycle detection: the type of
    /// every non-optional dependency and the modules built for collections.
    public func requiredEdges() -> [(from: String, to: String, dependency: Located<SpeziDependency>)] {
        var edges: [(from: String, to: String, dependency: Located<SpeziDependency>)] = []
        for dependency in dependencies {
            let owner = Self.simpleName(dependency.fact.owner)
            guard isModule(owner) else { continue }
            let targets = dependency.fact.isCollection ? dependency.fact.defaultTypes.map(\.name)
                : dependency.fact.isRequired ? [dependency.fact.type].compactMap { $0 } : []
            for target in Set(targets).sorted() where isModule(target) {
                edges.append((owner, target, dependency))
            }
        }
        // A module built inside another module's initialiser or builder closure in a
        // configuration (`StorageModule { SyncModule() }`) is handed to it: Spezi
        // resolves it as that module's dependency (its own `moduleCircle` case).
        for configuration in configurations {
            for use in configuration.fact.instantiations {
                guard let enclosing = use.enclosing, isModule(enclosing), isModule(use.name) else { continue }
                let handed = SpeziDependency(owner: enclosing, property: "(configured inside `\(enclosing)`)", type: use.name,
                                             line: use.line, column: use.column)
                edges.append((enclosing, use.name, Located(fact: handed, file: configuration.file, module: configuration.module)))
            }
        }
        return edges
    }

    // MARK: - Building

    private static func closure(of name: String, inherited: [String: Set<String>], cache: inout [String: Set<String>]) -> Set<String> {
        if let cached = cache[name] { return cached }
        var result = Set<String>()
        var stack = Array(inherited[name] ?? [])
        while let next = stack.popLast() {
            guard next != name, result.insert(next).inserted else { continue }
            stack += inherited[next] ?? []
        }
        cache[name] = result
        return result
    }

    private func resolve(_ configuration: Located<SpeziConfiguration>, owner: String, id: String) -> ResolvedConfiguration {
        let fact = configuration.fact
        let site = Site(file: configuration.file, line: fact.line, column: fact.column)
        var modules: [ConfiguredModule] = []
        var seen = Set<String>()
        var visitedProperties = Set<String>()
        func list(_ instantiations: [SpeziTypeUse], references: [String], file: String) {
            for use in instantiations where (isModule(use.name) || mayBeModule(use.name)) && seen.insert(use.name).inserted {
                modules.append(ConfiguredModule(name: use.name, site: Site(file: file, line: use.line, column: use.column), requiredBy: nil))
            }
            for reference in references {
                guard visitedProperties.insert(reference).inserted, let property = computedProperties[owner]?[reference] else { continue }
                list(property.instantiations, references: property.references, file: file)
            }
        }
        list(fact.instantiations, references: fact.references, file: configuration.file)
        // Modules Spezi creates for `@Dependency` declarations of the Standard (itself a
        // module) and of the configured modules.
        let standard = fact.standard?.name ?? Self.defaultStandard
        var head = -1
        while head < modules.count {
            let module = head < 0 ? standard : modules[head].name
            head += 1
            for dependency in dependencies(of: module) {
                for created in createdModules(for: dependency.fact) where seen.insert(created).inserted {
                    modules.append(ConfiguredModule(name: created, site: Site(file: dependency.file, line: dependency.fact.line,
                                                                               column: dependency.fact.column), requiredBy: module))
                }
            }
        }
        let standardSite = fact.standard.map { Site(file: configuration.file, line: $0.line, column: $0.column) } ?? site
        return ResolvedConfiguration(fact: fact, file: configuration.file, module: configuration.module, site: site,
                                     standard: standard, standardSite: standardSite, modules: modules, id: id)
    }
}

extension Site {
    /// `file:line`, for messages.
    public var shortDescription: String { "\(file):\(line)" }
}
