/// Hand-rolled containers: any `receiver.method(T.self …)` call no framework claims is a
/// candidate. Whether it registers or resolves depends on the configured method names and
/// on the workspace declaring such a method (`DIFacts.containerMethods`), so the DI graph
/// decides; here the call, its factory and its nesting are recorded.
enum HandRolledContainerAdapter {
    /// Calls that take a metatype but never touch a container.
    static let ignored: Set<String> = ["decode", "encode", "isKind", "isMember", "String", "describing", "cast", "forKey"]

    static func call(_ method: String, at index: Int, receiver: String, key: String, scan: inout DIScan) {
        guard !ignored.contains(method), let first = method.first, first.isLowercase else { return }
        let open = index + 1
        let body = scan.tokens.factoryBody(ofCallAt: open)
        scan.recordCandidate(DIContainerCall(
            method: method, receiver: receiver, key: DIKey(key, name: scan.name(inCallAt: open)),
            builds: body.flatMap { scan.tokens.builtType(from: $0.open + 1, to: $0.close) },
            functionLine: scan.enclosingFunction?.line,
            site: method.contains("egister") ? scan.registrationSite(index) : scan.tokens.site(index)), body: body)
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
}
