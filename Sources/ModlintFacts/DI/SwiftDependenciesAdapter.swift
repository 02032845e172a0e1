/// swift-dependencies: `@Dependency(\.x)`, `@Dependency(T.self)`, `@DependencyClient`.
/// `DependencyKey` / `TestDependencyKey` types and `extension DependencyValues` are read
/// by `DIKeyTypes` and `DIValuesContainer`.
enum SwiftDependenciesAdapter: DIAdapter {
    static let framework = DIFramework.swiftDependencies
    static let modules: Set<String> = ["Dependencies", "DependenciesMacros", "ComposableArchitecture"]
    static let attributes: Set<String> = ["Dependency", "DependencyClient"]

    static func attribute(_ name: String, at index: Int, scan: inout DIScan) {
        if scan.tokens.isWord(index, "DependencyClient") {
            // `@DependencyClient struct APIClient { … }`: a client type, keyed elsewhere.
            var cursor = index + 1
            while scan.tokens.isName(cursor) && !scan.tokens.isWord(cursor, "struct") { cursor += 1 }
            guard scan.tokens.isWord(cursor, "struct"), scan.tokens.isName(cursor + 1) else { return }
            scan.facts.keys.append(DIKeyDeclaration(framework: .swiftDependencies, type: scan.tokens.name(cursor + 1),
                                                    conformance: "DependencyClient", site: scan.tokens.site(cursor + 1)))
            return
        }
        guard scan.tokens.isPunctuation(index + 1, UInt8(ascii: "(")) else { return }
        let key: DIKey
        if let path = scan.tokens.keyPath(at: index + 2) {
            key = .property(path.root ?? "DependencyValues", path.property)
        } else if let metatype = scan.tokens.metatype(at: index + 2) {
            key = .type(metatype.type)
        } else {
            return
        }
        scan.facts.consumptions.append(DIConsumption(framework: .swiftDependencies, key: key, site: scan.tokens.site(index - 1)))
    }
}
