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
            let arguments = method == "autoregister" ? autoregisterArguments(inCallAt: open, scan: scan)
                : body.map { factoryArguments($0, scan: scan) } ?? 0
            registration.arguments = arguments > 0 ? arguments : nil
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

    /// The arguments a factory closure takes besides the resolver: `{ r, id in … }` and
    /// `{ (r: Resolver, id: Int) in … }` take 1, `{ _ in … }` none; without a parameter
    /// list, the highest `$n` used.
    static func factoryArguments(_ body: (open: Int, close: Int), scan: DIScan) -> Int {
        let tokens = scan.tokens
        var index = body.open + 1
        var parameters = 0
        var expectsName = true
        var depth = 0
        while index < body.close && index < body.open + 48 {
            if tokens.isWord(index, "in") && depth == 0 { return max(parameters - 1, 0) }
            if tokens.isPunctuation(index, UInt8(ascii: "(")) {
                // `(r: Resolver, id: Int)`: the list itself, or a type's parentheses inside it.
                if depth == 0 && index == body.open + 1 { index += 1; continue }
                guard let close = tokens.partner(of: index), close > index else { break }
                index = close + 1
                continue
            }
            if tokens.isPunctuation(index, UInt8(ascii: ")")) { index += 1; continue }
            if tokens.isOperator(index, "<") { depth += 1 } else if tokens.isOperator(index, ">") { depth -= 1 }
            if depth == 0 && tokens.isPunctuation(index, UInt8(ascii: ",")) {
                expectsName = true
            } else if expectsName && depth == 0 && (tokens.isName(index) || tokens.text(at: index) == "_") {
                parameters += 1
                expectsName = false
            } else if !tokens.isName(index) && tokens.text(at: index) != "_" && !tokens.isPunctuation(index, UInt8(ascii: ":"))
                        && !tokens.isPunctuation(index, UInt8(ascii: ".")) && !tokens.isOperator(index, "?")
                        && !tokens.isOperator(index, "!") && depth == 0 {
                // A statement, not a parameter list.
                break
            }
            index += 1
        }
        // `{ Impl(resolver: $0, id: $1) }`
        var highest = 0
        index = body.open + 1
        while index < body.close {
            let text = tokens.text(at: index)
            if text.first == "$", let number = Int(text.dropFirst()) { highest = max(highest, number) }
            index += 1
        }
        return highest
    }

    /// `autoregister(A.self, argument: Int.self, initializer: A.init)`: the metatypes
    /// after the service's.
    static func autoregisterArguments(inCallAt open: Int, scan: DIScan) -> Int {
        guard let close = scan.tokens.closing(open) else { return 0 }
        var count = 0
        var index = open + 1
        while index < close {
            if scan.tokens.isWord(index, "self") && scan.tokens.isPunctuation(index - 1, UInt8(ascii: ".")) { count += 1 }
            index += 1
        }
        return max(count - 1, 0)
    }
}
