import ModlintTokenizer

/// Hand-rolled containers: any `receiver.method(T.self …)` call no framework claims is a
/// candidate. Whether it registers or resolves depends on the configured method names and
/// on the workspace declaring such a method (`DIFacts.containerMethods`), so the DI graph
/// decides; here the call, its factory and its nesting are recorded. Always on
/// (`DIAdapters.fallback`): it reads the calls and attributes no framework adapter takes,
/// and the members of the container types a file declares.
enum HandRolledContainerAdapter: DIAdapter {
    static let framework = DIFramework.handRolled
    /// No import turns it on: it is always on.
    static let modules: Set<String> = []
    static let shapes: DIShapes = [.containerMembers]

    /// Calls that take a metatype but never touch a container.
    static let ignored: Set<String> = ["decode", "encode", "isKind", "isMember", "String", "describing", "cast", "forKey"]

    static func call(_ method: String, at index: Int, receiver: String, key: String, scan: inout DIScan) -> Bool {
        guard !ignored.contains(method), let first = method.first, first.isLowercase else { return false }
        let open = index + 1
        let body = scan.tokens.factoryBody(ofCallAt: open)
        scan.recordCandidate(DIContainerCall(
            method: method, receiver: receiver, key: DIKey(key, name: scan.name(inCallAt: open)),
            builds: body.flatMap { scan.tokens.builtType(from: $0.open + 1, to: $0.close) } ?? initializerArgument(inCallAt: open, scan: scan),
            functionLine: scan.enclosingFunction?.line, function: scan.runningFunction?.name,
            site: isRegistration(method) ? scan.registrationSite(index) : scan.tokens.site(index)), body: body)
        return true
    }

    /// An attribute no framework adapter owns: a wrapper of the workspace's own (`wrapperUse`).
    static func attribute(_ name: String, at index: Int, scan: inout DIScan) {
        wrapperUse(name, at: index, scan: &scan)
    }

    /// `lazy var` in a container type, unless an enabled framework owns the member's type.
    static func containerVariable(at keyword: Int, owner: String, scan: inout DIScan) -> Bool {
        guard scan.containerTypes.contains(owner), scan.tokens.isWord(keyword - 1, "lazy"),
              !scan.adapters.enabled.contains(where: { $0.ownsMember(at: keyword, tokens: scan.tokens) }) else { return false }
        lazyMember(at: keyword, owner: owner, scan: &scan)
        return true
    }

    /// A `make…()` function of a container type (`factoryMethod`).
    static func containerFunction(nameToken: Int, open: Int, owner: String, scan: inout DIScan) {
        guard scan.containerTypes.contains(owner), let close = scan.tokens.partner(of: open) else { return }
        factoryMethod(nameToken: nameToken, body: (open, close), owner: owner, scan: &scan)
    }

    static func finish(_ facts: inout DIFacts) {
        keepMemberResolves(&facts)
    }

    /// A method whose name says it registers (`register`, `registerService`,
    /// `autoRegister`): its site gets the runtime branches around it. Bytes, not
    /// `String.contains`, which builds a search table at every candidate call.
    static func isRegistration(_ method: String) -> Bool {
        var name = method
        return name.withUTF8 { bytes in
            let word: StaticString = "egister"
            let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
                if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
            }
            return false
        }
    }

    /// `registerService(P.self, Impl.init)`: the type whose initializer is the factory.
    static func initializerArgument(inCallAt open: Int, scan: DIScan) -> String? {
        let tokens = scan.tokens
        // (A local count, not the file's bracket table: most files never build it.)
        guard let close = tokens.closing(open) else { return nil }
        var index = open + 1
        while index + 2 < close {
            if tokens.startsUppercase(index), tokens.isPunctuation(index + 1, UInt8(ascii: ".")), tokens.isWord(index + 2, "init"),
               !tokens.isPunctuation(index - 1, UInt8(ascii: ".")) {
                return tokens.name(index)
            }
            index += 1
        }
        return nil
    }

    /// Attributes that are never a container's wrapper (SwiftUI, Observation, SwiftData,
    /// Combine, Spezi, concurrency, Interface Builder, argument parsing): skipped so that
    /// the facts of view code stay small.
    static let knownAttributes: Set<String> = [
        "State", "Binding", "Published", "ObservedObject", "StateObject", "EnvironmentObject", "Environment",
        "AppStorage", "SceneStorage", "FocusState", "FocusedValue", "FocusedBinding", "GestureState", "Namespace",
        "FetchRequest", "SectionedFetchRequest", "Query", "Bindable", "ScaledMetric", "AccessibilityFocusState",
        "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor",
        "ObservationIgnored", "ObservationTracked", "Observable", "ObservableState", "Model", "Attribute",
        "Relationship", "Transient", "MainActor", "Sendable", "StandardActor", "Application", "Shared", "SharedReader",
        "Presents", "Option", "Argument", "Flag", "OptionGroup", "NSManaged", "GKInspectable", "IBOutlet",
        "IBInspectable", "Entry", "Test", "Suite", "TaskLocal", "Clamping", "UserDefault", "Default",
    ]

    /// `@Inject var clock: Clock` (modifiers and wrapper arguments allowed in between):
    /// recorded as a `DIWrapperUse` for the DI graph to judge.
    static func wrapperUse(_ wrapper: String, at attribute: Int, scan: inout DIScan) {
        let tokens = scan.tokens
        guard !knownAttributes.contains(wrapper) else { return }
        var index = attribute + 1
        if tokens.isPunctuation(index, UInt8(ascii: "(")), !tokens.tokens[index].hasSpaceBefore {
            guard let close = tokens.partner(of: index) else { return }
            index = close + 1
        }
        while tokens.isName(index), !tokens.isWord(index, "var") {
            guard modifiers.contains(tokens.name(index)) else { return }
            index += 1
            // `private(set)`
            if tokens.isPunctuation(index, UInt8(ascii: "(")), let close = tokens.partner(of: index) { index = close + 1 }
        }
        guard tokens.isWord(index, "var"), tokens.isName(index + 1), tokens.isPunctuation(index + 2, UInt8(ascii: ":")) else { return }
        let start = index + 3
        var end = start
        while end < tokens.count, !tokens.tokens[end].isAtLineStart || end == start,
              !tokens.isOperator(end, "="), !tokens.isPunctuation(end, UInt8(ascii: "{")) {
            end += 1
        }
        guard end > start else { return }
        var type = tokens.text(from: start, through: end - 1)
        while let last = type.last, last == "?" || last == "!" { type.removeLast() }
        if type.hasPrefix("any ") { type.removeFirst(4) }
        if type.hasPrefix("("), type.hasSuffix(")") { type = String(type.dropFirst().dropLast()) }
        if type.hasPrefix("any ") { type.removeFirst(4) }
        guard let first = type.first, first.isUppercase else { return }
        scan.facts.wrapperUses.append(DIWrapperUse(wrapper: wrapper, type: type, site: tokens.site(attribute - 1)))
    }

    static let modifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "package", "open", "lazy", "weak", "unowned", "static",
        "final", "nonisolated", "override", "dynamic",
    ]

    // MARK: - Containers that build their members themselves

    /// A type whose name says it holds the app's dependencies: `AppContainer`,
    /// `DependencyContainer`, `AppDependencies`, `ServiceLocator`, `CompositionRoot`.
    /// (`Container` and `DIContainer` alone are the frameworks' own.)
    static func isContainerName(_ name: String) -> Bool {
        // The last byte first: nearly every type name fails there.
        guard let last = name.utf8.last, last == UInt8(ascii: "r") || last == UInt8(ascii: "s") || last == UInt8(ascii: "t") else { return false }
        // The endings next, byte comparisons; the substring searches (Swift's generic
        // `contains`, slow) only for the few names that end so.
        guard name.hasSuffix("Container") || name.hasSuffix("Dependencies") || name.hasSuffix("ServiceLocator")
                || name.hasSuffix("CompositionRoot") else { return false }
        return name != "Container" && name != "DIContainer" && !name.utf8.contains(UInt8(ascii: "."))
            && !name.contains("Coding") && !name.contains("Persistent")
    }

    /// A workspace's own top-level `final class Container` (or `DIContainer`): the name is
    /// the frameworks', but a file that declares the type holds its own container (a
    /// generic or a SwiftUI `View` of that name is a layout container, not DI).
    static func isOwnFrameworkNamedContainer(_ declaration: TypeDeclaration) -> Bool {
        (declaration.name == "Container" || declaration.name == "DIContainer") && declaration.enclosing.isEmpty
            && declaration.genericParameters == nil && !declaration.inheritance.contains { $0 == "View" || $0.hasSuffix(".View") }
    }

    /// The container types a file declares (`KeyedDecodingContainer` and other Codable
    /// containers excluded). Most files declare none: no set is made for them.
    /// Every file asks: the declarations are read in place (a copied `TypeDeclaration`
    /// retains six arrays and strings), and a name's last byte rules out nearly all.
    static func containerTypes(in declarations: [TypeDeclaration]) -> Set<String> {
        var names: Set<String> = []
        declarations.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let kind = buffer[index].kind
                guard kind == .class || kind == .struct || kind == .actor else { continue }
                var name = buffer[index].name
                let last = name.withUTF8 { $0.count >= 9 ? $0[$0.count - 1] : 0 }
                guard last == UInt8(ascii: "r") || last == UInt8(ascii: "s") || last == UInt8(ascii: "t") else { continue }
                if isContainerName(name) || isOwnFrameworkNamedContainer(buffer[index]) { names.insert(name) }
            }
        }
        return names
    }

    /// `lazy var api: APIClient = APIClientImpl(session: session)` in a container: a
    /// registration of `\AppContainer.api`, built once, resolving the members it names.
    static func lazyMember(at keyword: Int, owner: String, scan: inout DIScan) {
        let tokens = scan.tokens
        guard tokens.isName(keyword + 1) else { return }
        // The initial value: after `=` (outside brackets, which are skipped whole), to the
        // statement's end.
        var cursor = keyword + 2
        while cursor < tokens.count {
            if tokens.isOperator(cursor, "=") { break }
            if cursor > keyword + 2 && tokens.tokens[cursor].isAtLineStart { return }
            if let partner = tokens.partner(of: cursor), partner > cursor { cursor = partner + 1; continue }
            cursor += 1
        }
        guard cursor < tokens.count else { return }
        let start = cursor + 1
        var end = start
        while end < tokens.count {
            if end > start && tokens.tokens[end].isAtLineStart && !tokens.isPunctuation(end, UInt8(ascii: ".")) { break }
            if tokens.tokens[end].flags & Token.Flags.closeBrace != 0 && tokens.partner(of: end).map({ $0 < start }) != false { break }
            if let partner = tokens.partner(of: end), partner > end { end = partner + 1; continue }
            end += 1
        }
        record(member: tokens.name(keyword + 1), owner: owner, nameToken: keyword + 1, range: (start, end), kind: "lazy var", scan: &scan)
    }

    /// `func makeProfileViewModel() -> ProfileViewModel { ProfileViewModel(api: api) }`.
    static func factoryMethod(nameToken: Int, body: (open: Int, close: Int), owner: String, scan: inout DIScan) {
        let name = scan.tokens.name(nameToken)
        guard name.hasPrefix("make"), name.count > 4 else { return }
        record(member: name, owner: owner, nameToken: nameToken, range: (body.open + 1, body.close), kind: "make function", scan: &scan)
    }

    /// The registration, with every lower-case name the value reads as a candidate
    /// resolve (`keepMemberResolves` keeps those that are members).
    private static func record(member: String, owner: String, nameToken: Int, range: (start: Int, end: Int), kind: String,
                               scan: inout DIScan) {
        let tokens = scan.tokens
        var resolves: [DIKey] = []
        var index = range.start
        while index < range.end {
            if tokens.tokens[index].kind == .identifier, !tokens.startsUppercase(index),
               !tokens.isPunctuation(index - 1, UInt8(ascii: ".")) || tokens.isWord(index - 2, "self") {
                let name = tokens.name(index)
                let key = DIKey.property(owner, name)
                if name != member && !resolves.contains(key) { resolves.append(key) }
            }
            index += 1
        }
        scan.facts.registrations.append(DIRegistration(
            framework: .handRolled, key: .property(owner, member), container: owner, scope: kind,
            builds: tokens.builtType(from: range.start, to: range.end), resolves: resolves, site: tokens.site(nameToken)))
    }

    /// Keeps, of each member registration's candidate resolves, those that name another
    /// member of the same container in this file.
    static func keepMemberResolves(_ facts: inout DIFacts) {
        let members = Set(facts.registrations.filter { $0.framework == .handRolled && $0.key.isProperty }.map(\.key))
        guard !members.isEmpty else { return }
        for index in facts.registrations.indices where facts.registrations[index].framework == .handRolled
            && facts.registrations[index].key.isProperty {
            facts.registrations[index].resolves = facts.registrations[index].resolves.filter { members.contains($0) }
        }
    }
}
