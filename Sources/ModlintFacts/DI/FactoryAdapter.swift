/// Factory: `extension Container { var x: Factory<T> { self { Impl() } } }` (any
/// container type, `ParameterFactory` too), and `@Injected(\.x)`, `@LazyInjected`,
/// `@WeakLazyInjected`, `@InjectedObject` consumers.
enum FactoryAdapter: DIAdapter {
    static let framework = DIFramework.factory
    static let modules: Set<String> = ["Factory", "FactoryKit"]
    static let attributes: Set<String> = ["Injected", "LazyInjected", "WeakLazyInjected", "InjectedObject"]

    static func property(name: String, type: String, owner: String, nameToken: Int, body: (open: Int, close: Int), scan: inout DIScan) {
        guard type.hasPrefix("Factory<") || type.hasPrefix("ParameterFactory<") || type.hasPrefix("FactoryKit.Factory<") else { return }
        var resolves: [DIKey] = []
        var builds: String?
        var index = body.open + 1
        while index < body.close {
            // `self.other()`, `self.other.resolve()`, `Container.shared.other()`.
            if (scan.tokens.isWord(index, "self") || scan.tokens.isWord(index, "shared")),
               scan.tokens.isPunctuation(index + 1, UInt8(ascii: ".")), scan.tokens.isName(index + 2),
               scan.tokens.isPunctuation(index + 3, UInt8(ascii: "(")) || scan.tokens.isPunctuation(index + 3, UInt8(ascii: ".")) {
                let root = scan.tokens.isWord(index, "shared") && scan.tokens.isName(index - 2) ? scan.tokens.name(index - 2) : owner
                let resolved = scan.tokens.name(index + 2)
                if resolved != "callAsFunction" && resolved != "scope" && resolved != name {
                    let key = DIKey.property(root, resolved)
                    if !resolves.contains(key) { resolves.append(key) }
                }
            }
            if builds == nil, scan.tokens.startsUppercase(index), !scan.tokens.isPunctuation(index - 1, UInt8(ascii: ".")),
               !["Factory", "ParameterFactory", "Self"].contains(scan.tokens.name(index)) {
                builds = scan.tokens.builtType(from: index, to: index + 4)
            }
            index += 1
        }
        scan.facts.registrations.append(DIRegistration(
            framework: .factory, key: .property(owner, name), container: owner, scope: scope(in: body, scan: scan),
            builds: builds, resolves: resolves, site: scan.tokens.site(nameToken)))
    }

    /// `.singleton`, `.cached`, `.shared`, `.scope(.session)` after the factory closure.
    private static func scope(in body: (open: Int, close: Int), scan: DIScan) -> String? {
        var index = body.open + 1
        while index < body.close {
            if scan.tokens.isPunctuation(index, UInt8(ascii: "}")) && scan.tokens.isPunctuation(index + 1, UInt8(ascii: ".")),
               scan.tokens.isName(index + 2) {
                let word = scan.tokens.name(index + 2)
                if ["singleton", "cached", "shared", "graph", "unique"].contains(word) { return word }
                if word == "scope", scan.tokens.isPunctuation(index + 3, UInt8(ascii: "(")), let close = scan.tokens.partner(of: index + 3) {
                    return scan.tokens.text(from: index + 4, through: close - 1).trimmingPrefixDot()
                }
            }
            index += 1
        }
        return nil
    }

    /// `@Injected(\.x)` (the default `Container`) or `@Injected(\MyContainer.x)`.
    static func attribute(at index: Int, scan: inout DIScan) {
        guard scan.tokens.isPunctuation(index + 1, UInt8(ascii: "(")), let path = scan.tokens.keyPath(at: index + 2) else { return }
        scan.facts.consumptions.append(DIConsumption(
            framework: .factory, key: .property(path.root ?? "Container", path.property), site: scan.tokens.site(index - 1)))
    }
}
