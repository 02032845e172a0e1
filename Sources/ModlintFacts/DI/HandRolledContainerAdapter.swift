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
            functionLine: scan.enclosingFunction?.line, site: scan.tokens.site(index)), body: body)
    }
}
