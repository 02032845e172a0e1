/// Swinject: `container.register(T.self[, name:]) { r in … r.resolve(U.self) … }`
/// (also inside `Assembly.assemble(container:)`, also `autoregister`), and
/// `resolve(T.self[, name:])`.
enum SwinjectAdapter: DIAdapter {
    static let framework = DIFramework.swinject
    static let modules: Set<String> = ["Swinject", "SwinjectAutoregistration", "SwinjectStoryboard"]

    static let resolveMethods: Set<String> = ["resolve"]

    /// Returns false when the call is not a Swinject one.
    static func call(_ method: String, at index: Int, receiver: String, key: String, scan: inout DIScan) -> Bool {
        let open = index + 1
        switch method {
        case "register", "autoregister":
            let body = scan.tokens.factoryBody(ofCallAt: open)
            var builds = body.flatMap { scan.tokens.builtType(from: $0.open + 1, to: $0.close) }
            if method == "autoregister", let initializer = scan.tokens.argument("initializer", inCallAt: open) {
                builds = scan.tokens.isName(initializer) ? scan.tokens.name(initializer) : builds
            }
            let end = body.map { max($0.close, scan.tokens.partner(of: open) ?? $0.close) } ?? (scan.tokens.partner(of: open) ?? open)
            var registration = DIRegistration(
                framework: .swinject, key: DIKey(key, name: scan.name(inCallAt: open)),
                container: scan.container(receiver: receiver, shared: false), scope: scan.objectScope(after: end),
                builds: builds, resolves: body.map { scan.resolvedKeys(in: $0, methods: resolveMethods) } ?? [],
                site: scan.registrationSite(index))
            registration.isFallback = scan.followsNilCoalescing(index)
            scan.facts.registrations.append(registration)
            return true
        case "resolve":
            scan.facts.consumptions.append(DIConsumption(
                framework: .swinject, key: DIKey(key, name: scan.name(inCallAt: open)), site: scan.tokens.site(index)))
            return true
        default:
            return false
        }
    }
}
