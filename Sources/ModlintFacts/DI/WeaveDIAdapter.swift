/// WeaveDI: `UnifiedDI.register(T.self) { … }`, `container.register(T.self) { … }`
/// (shared inside `WeaveDI.Container.bootstrap { c in … }`), `resolve(T.self)`,
/// `@Injected(\.x)` on `InjectedValues`; key paths into `WeaveDI.Container`
/// (`UnifiedDI.register(\.user) { … }`) through the container's computed properties. `InjectedKey` types and `extension
/// InjectedValues` are read by `DIKeyTypes` and `DIValuesContainer`.
enum WeaveDIAdapter: DIAdapter {
    /// `bootstrap { … }` registers wherever it stands.
    static let markedWords = ["bootstrap"]

    static let framework = DIFramework.weaveDI
    static let shapes: DIShapes = [.keyPathCalls, .closureCalls, .markedWords, .properties, .containerValues]
    static let forwardingMethods: Set<String> = ["register"]
    static let modules: Set<String> = ["WeaveDI", "WeaveDICore"]
    /// Factory's wrapper names too: in a file that imports only WeaveDI they are WeaveDI's.
    static let attributes: Set<String> = ["Injected", "LazyInjected", "WeakLazyInjected", "InjectedObject"]

    static let registerMethods: Set<String> = ["register", "registerAsync", "registerIf"]
    static let resolveMethods: Set<String> = ["resolve", "requireResolve", "resolveAsync"]

    static func call(_ method: String, at index: Int, receiver: String, key: String, scan: inout DIScan) -> Bool {
        let open = index + 1
        if registerMethods.contains(method) {
            let body = scan.tokens.factoryBody(ofCallAt: open)
            let shared = scan.isInBootstrap || receiver == "UnifiedDI" || receiver == "DIContainer.shared"
                || receiver.hasPrefix("WeaveDI.") || receiver == "DIContainer.live"
            var registration = DIRegistration(
                framework: .weaveDI, key: DIKey(key), container: scan.container(receiver: receiver, shared: shared),
                builds: body.flatMap { scan.tokens.builtType(from: $0.open + 1, to: $0.close) },
                resolves: body.map { scan.resolvedKeys(in: $0, methods: resolveMethods) } ?? [],
                site: scan.registrationSite(index))
            registration.isFallback = scan.followsNilCoalescing(index)
            scan.appendCallRegistration(registration)
            return true
        }
        if resolveMethods.contains(method) {
            // `var user: UserService? { resolve(UserService.self) }` in `extension
            // WeaveDI.Container` declares the key path `\\.user`; it consumes nothing.
            if isInKeyPathAccessor(scan) { return true }
            scan.facts.consumptions.append(DIConsumption(framework: .weaveDI, key: DIKey(key), site: scan.tokens.site(index)))
            return true
        }
        return false
    }

    /// `UnifiedDI.register(\\.user) { … }`: the key path into `WeaveDI.Container` is the key.
    static func keyPathCall(_ method: String, at index: Int, receiver: String, path: (root: String?, property: String),
                            scan: inout DIScan) -> Bool {
        let key = DIKey.property(path.root ?? containerRoot, path.property)
        return call(method, at: index, receiver: receiver, key: key.id, scan: &scan)
    }

    static func closureCall(at method: Int, scan: inout DIScan) {
        guard scan.tokens.isWord(method, "register") else { return }
        inferredRegistration(at: method, scan: &scan)
    }

    /// `UnifiedDI.register { FileLogger() as LoggerProtocol }`: a registration whose key is
    /// the `as` type, else the type the factory builds (WeaveDI infers it).
    static func inferredRegistration(at index: Int, scan: inout DIScan) {
        let tokens = scan.tokens
        guard tokens.isPunctuation(index - 1, UInt8(ascii: ".")), tokens.isPunctuation(index + 1, UInt8(ascii: "{")),
              let close = tokens.partner(of: index + 1) else { return }
        let receiver = tokens.receiver(beforeDot: index - 1)
        guard receiver == "UnifiedDI" || receiver == "DI" || receiver.hasPrefix("WeaveDI.") || scan.isInBootstrap else { return }
        var key: String?
        var cursor = index + 2
        while cursor < close {
            if tokens.isWord(cursor, "as"), tokens.startsUppercase(cursor + 1) { key = tokens.name(cursor + 1) }
            if let partner = tokens.partner(of: cursor), partner > cursor { cursor = partner + 1; continue }
            cursor += 1
        }
        let builds = tokens.builtType(from: index + 2, to: close)
        guard let key = key ?? builds else { return }
        scan.appendCallRegistration(DIRegistration(
            framework: .weaveDI, key: DIKey(key), container: scan.container(receiver: receiver, shared: true), builds: builds,
            resolves: scan.resolvedKeys(in: (index + 1, close), methods: resolveMethods), site: scan.registrationSite(index)))
    }

    /// The root WeaveDI's key-path APIs take (`KeyPath<WeaveDI.Container, T?>`).
    static let containerRoot = "WeaveDI.Container"

    /// `extension WeaveDI.Container { … }` (or `Container`, `DIContainer` in a WeaveDI file):
    /// its computed properties are the key paths `register(\\.x)` and `resolve(\\.x)` name.
    static func isKeyPathContainer(_ owner: String) -> Bool {
        owner == containerRoot || owner == "Container" || owner == "DIContainer"
    }

    static func readsProperties(of owner: String) -> Bool { isKeyPathContainer(owner) }

    static func property(name: String, type: String, owner: String, nameToken: Int, body: (open: Int, close: Int), scan: inout DIScan) {
        accessor(name: name, type: type, scan: &scan)
    }

    /// Records that `\\WeaveDI.Container.name` stands for the property's type.
    static func accessor(name: String, type: String, scan: inout DIScan) {
        let bare = DIKey.bareType(type)
        guard !bare.isEmpty else { return }
        scan.facts.keyAliases.append(DIKeyAlias(alias: DIKey.property(containerRoot, name).id, type: bare))
    }

    private static func isInKeyPathAccessor(_ scan: DIScan) -> Bool {
        guard let property = scan.enclosingProperty, property.depth > 0,
              let owner = scan.type(enclosing: property.depth - 1) else { return false }
        return isKeyPathContainer(owner.name)
    }

    /// `bootstrap { c in … }` / `bootstrap(…) { c in … }` (its one marked word): labels the closure.
    static func markedWord(at index: Int, scan: inout DIScan) {
        guard scan.tokens.isPunctuation(index - 1, UInt8(ascii: ".")) else { return }
        var brace = index + 1
        if scan.tokens.isPunctuation(brace, UInt8(ascii: "(")), let close = scan.tokens.partner(of: brace) { brace = close + 1 }
        if scan.tokens.isPunctuation(brace, UInt8(ascii: "{")) { scan.label(brace, .bootstrap) }
    }

    /// `@Injected(\.userService)`.
    static func attribute(_ name: String, at index: Int, scan: inout DIScan) {
        guard scan.tokens.isPunctuation(index + 1, UInt8(ascii: "(")), let path = scan.tokens.keyPath(at: index + 2) else { return }
        scan.facts.consumptions.append(DIConsumption(
            framework: .weaveDI, key: .property(path.root ?? "InjectedValues", path.property), site: scan.tokens.site(index - 1)))
    }
}
