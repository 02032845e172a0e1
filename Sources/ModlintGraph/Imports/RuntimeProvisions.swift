import ModlintFacts
import ModlintWorkspace

/// What a module provides at run time without being imported: live values of dependency
/// keys (`extension Client: DependencyKey { static let liveValue = … }` in `ClientLive`),
/// DI registrations, conformances it adds to types declared elsewhere in the dependent's
/// closure, and resources bundled with it. A target links such a module to get them; no
/// import shows it.
/// Computed only for dependencies about to be reported.
final class RuntimeProvisions {
    private let workspace: Workspace
    private let graph: ModuleGraph
    private var declaredNames: [Int: Set<String>] = [:]
    private var closures: [Int: Set<Int>] = [:]

    init(workspace: Workspace, graph: ModuleGraph) {
        self.workspace = workspace
        self.graph = graph
    }

    /// Why `modules` (one declared dependency of `dependent`) are linked, or `nil`.
    /// `isLinkedOtherwise` tells whether `dependent` still links a module without this
    /// declaration (by default: through its other declared dependencies).
    /// `conformances: false` leaves out conformances to foreign protocols (the weakest
    /// sign: a module reached only through another one is judged by the rest).
    func provision(of modules: [Int], for dependent: Int, isLinkedOtherwise: ((Int) -> Bool)? = nil, conformances: Bool = true) -> String? {
        for module in modules {
            // Linked anyway through another dependency: dropping this edge changes nothing
            // that runs, and the warning stands.
            if isLinkedOtherwise?(module) ?? isReachable(module, from: dependent) { continue }
            if let reason = provision(of: module, for: dependent, conformances: conformances) { return reason }
        }
        return nil
    }

    private func provision(of module: Int, for dependent: Int, conformances: Bool) -> String? {
        let info = graph.modules[module]
        let target = workspace.target(of: info)
        // Its resources are copied into whatever links it (isowords' sound libraries, read
        // by name from the app's bundle).
        if target.declaration.hasResources { return "it bundles resources (its `resources:`) into what links it" }
        // SwiftPM bundles asset catalogs, localizations, models and Interface Builder files
        // under a target's folder without any `resources:` list.
        if let resource = target.processedResource {
            return "it bundles resources (\(resource), which SwiftPM processes without a `resources:` list) into what links it"
        }
        let files = target.files
        let own = names(declaredIn: module)
        for file in files {
            let di = file.summary.di
            // A key of the module's own type is read only through an import of it: the live
            // value that matters is one for a key declared elsewhere (`ClientLive` for `Client`).
            if let key = di.keys.first(where: { $0.liveValue != nil && !own.contains(SpeziModel.simpleName($0.type)) }) {
                return "it provides the live value of \(key.type) (\(file.path):\(key.liveValue!.line))"
            }
            // (A key path's accessor, `extension DependencyValues { var x }`, is an
            // interface: usable only where the module is imported.)
            if let registration = di.registrations.first(where: { !$0.key.isProperty && !own.contains(SpeziModel.simpleName($0.key.id)) }) {
                return "it registers \(registration.key) (\(file.path):\(registration.site.line))"
            }
        }
        guard conformances else { return nil }
        let closure = self.closure(of: dependent)
        for file in files {
            for declaration in file.summary.declarations where declaration.kind == .extension && !declaration.inheritance.isEmpty {
                let extended = declaration.name
                // A conformance to a protocol of the module itself is used only where the
                // module is imported (`extension ValueType: WasmEncodable` inside WAT); one
                // to a protocol from elsewhere (`extension Client: DependencyKey`) is found
                // at run time by whoever asks for it.
                let foreign = declaration.inheritance.contains { !own.contains(SpeziModel.simpleName($0)) }
                guard foreign, !own.contains(extended),
                      closure.contains(where: { $0 != module && names(declaredIn: $0).contains(extended) }) else { continue }
                return "it adds the conformance \(extended): \(declaration.inheritance.joined(separator: ", ")) (\(file.path):\(declaration.line))"
            }
        }
        return nil
    }

    /// The types a module declares (not extends), made once per module asked about: only
    /// the modules around a dependency that is about to be reported.
    private func names(declaredIn module: Int) -> Set<String> {
        if let known = declaredNames[module] { return known }
        let info = graph.modules[module]
        var names = Set<String>()
        for file in workspace.target(of: info).files {
            file.summary.declarations.withUnsafeBufferPointer { declarations in
                for index in declarations.indices where declarations[index].kind != .extension && declarations[index].kind != .typealias {
                    names.insert(declarations[index].name)
                }
            }
        }
        declaredNames[module] = names
        return names
    }

    /// Whether `dependent` reaches `module` through its other dependencies (not the direct edge).
    /// Breadth first: the module is most often a step or two away.
    private func isReachable(_ module: Int, from dependent: Int) -> Bool {
        let next = successors
        var seen = [Bool](repeating: false, count: next.count)
        seen[dependent] = true
        var queue = next[dependent].filter { $0 != module }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            if current == module { return true }
            guard !seen[current] else { continue }
            seen[current] = true
            queue += next[current]
        }
        return false
    }

    /// Made when a dependency is first in question.
    private lazy var successors = graph.declaredSuccessors

    /// The module and everything it depends on, transitively.
    private func closure(of module: Int) -> Set<Int> {
        if let cached = closures[module] { return cached }
        let seen = ModuleGraph.reachable(from: module, along: successors)
        closures[module] = seen
        return seen
    }
}
