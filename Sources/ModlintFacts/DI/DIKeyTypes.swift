import ModlintTokenizer

/// Key types shared by swift-dependencies (`DependencyKey`, `TestDependencyKey`) and
/// WeaveDI (`InjectedKey`): the declaration and the `static` `liveValue` / `testValue` /
/// `previewValue` it provides. A key is often split over several declarations, so each
/// declaration is recorded on its own and the DI graph merges them by type name.
enum DIKeyTypes {
    /// The static values a key declares; the pass dispatches on them.
    static let valueNames = ["liveValue", "testValue", "previewValue"]
    /// The key protocols and values containers of both frameworks, and the values a key
    /// type alone can declare (`testValue`, `previewValue` without a `liveValue`).
    static let watchedWords = ["DependencyKey", "TestDependencyKey", "InjectedKey", "DependencyValues", "InjectedValues", "testValue", "previewValue"]

    static let swiftDependenciesConformances: Set<String> = ["DependencyKey", "TestDependencyKey"]
    static let weaveDIConformances: Set<String> = ["InjectedKey"]

    /// Records a key declaration when the type conforms to a key protocol; returns its index.
    static func keyDeclaration(name: String, inheritance: [String], nameToken: Int, isExtension: Bool, scan: inout DIScan) -> Int? {
        for conformance in inheritance where conformance.hasSuffix("Key") {
            let last = conformance.split(separator: ".").last.map(String.init) ?? conformance
            let framework: DIFramework
            if swiftDependenciesConformances.contains(last) {
                framework = .swiftDependencies
            } else if weaveDIConformances.contains(last) {
                framework = .weaveDI
            } else {
                continue
            }
            scan.facts.keys.append(DIKeyDeclaration(framework: framework, type: name, conformance: last, site: scan.tokens.site(nameToken)))
            return scan.facts.keys.count - 1
        }
        return nil
    }

    /// `static let liveValue = …` directly inside a type body.
    static func valueDeclaration(at index: Int, scan: inout DIScan) {
        guard scan.tokens.isWord(index - 1, "let") || scan.tokens.isWord(index - 1, "var"),
              scan.tokens.isPunctuation(index + 1, UInt8(ascii: ":")) || scan.tokens.isOperator(index + 1, "=")
                || scan.tokens.isPunctuation(index + 1, UInt8(ascii: "{")),
              let owner = scan.memberOf, isStatic(before: index - 1, scan: scan) else { return }
        guard case .type(let name, let inheritance, var keyIndex) = scan.scopes[owner.depth] else { return }
        if keyIndex == nil {
            // `extension APIClient { static let previewValue = … }`: values without a
            // conformance count in files that use a key framework.
            // A file that imports no key framework may still hold a key's test or preview
            // value (`import Foundation; extension ClockKey { static let testValue … }`):
            // recorded as swift-dependencies', merged with the key's other declarations by type.
            let framework: DIFramework
            if scan.adapters.imports(.swiftDependencies) { framework = .swiftDependencies }
            else if scan.adapters.imports(.weaveDI) { framework = .weaveDI }
            else if !scan.tokens.isWord(index, "liveValue") { framework = .swiftDependencies }
            else { return }
            scan.facts.keys.append(DIKeyDeclaration(framework: framework, type: name, conformance: "", site: scan.tokens.site(index)))
            keyIndex = scan.facts.keys.count - 1
            scan.scopes[owner.depth] = .type(name: name, inheritance: inheritance, keyIndex: keyIndex)
        }
        guard let keyIndex else { return }
        let site = scan.tokens.site(index)
        if scan.tokens.isWord(index, "liveValue") {
            scan.facts.keys[keyIndex].liveValue = site
        } else if scan.tokens.isWord(index, "testValue") {
            scan.facts.keys[keyIndex].testValue = site
        } else {
            scan.facts.keys[keyIndex].previewValue = site
        }
    }

    /// True when `static` (or `class`) is among the modifiers before `let`/`var`.
    private static func isStatic(before keyword: Int, scan: DIScan) -> Bool {
        var index = keyword - 1
        while index >= 0 && scan.tokens.isName(index) {
            if scan.tokens.isWord(index, "static") || scan.tokens.isWord(index, "class") { return true }
            if scan.tokens.tokens[index + 1].isAtLineStart { return false }
            index -= 1
        }
        return false
    }
}

/// `extension DependencyValues { var x: T { get { self[Key.self] } set { … } } }` and the
/// same shape on WeaveDI's `InjectedValues`: the property is the key consumers ask for,
/// the key type behind the subscript is what provides it.
enum DIValuesContainer {
    static func handles(_ owner: String) -> Bool {
        owner == "DependencyValues" || owner == "InjectedValues" || owner == "Dependencies.DependencyValues"
            || owner == "WeaveDI.InjectedValues"
    }

    /// `@DependencyEntry var name = value`: the macro generates the key and its live value.
    static func entry(name: String, type: String?, owner: String, nameToken: Int, scan: inout DIScan) {
        let root = owner.split(separator: ".").last.map(String.init) ?? owner
        scan.facts.registrations.append(DIRegistration(
            framework: .swiftDependencies, key: .property(root, name), container: root, builds: type, site: scan.tokens.site(nameToken)))
    }

    static func property(name: String, type: String, owner: String, nameToken: Int, body: (open: Int, close: Int), scan: inout DIScan) {
        let root = owner.split(separator: ".").last.map(String.init) ?? owner
        let framework: DIFramework = root == "InjectedValues" ? .weaveDI : .swiftDependencies
        var backing: [String] = []
        var index = body.open + 1
        while index < body.close {
            if scan.tokens.isWord(index, "self"), scan.tokens.isPunctuation(index + 1, UInt8(ascii: "[")),
               let metatype = scan.tokens.metatype(at: index + 2), !backing.contains(metatype.type) {
                backing.append(metatype.type)
            }
            index += 1
        }
        let site = scan.tokens.site(nameToken)
        for key in backing {
            scan.facts.registrations.append(DIRegistration(
                framework: framework, key: .property(root, name), container: root, builds: type, backingKey: key, site: site))
        }
    }
}
