import ModlintTokenizer

/// The calls and attributes the scan finds, handed to the file's adapters (`DIAdapterSet`)
/// in order, the first that takes one ending its dispatch; what the scan records itself
/// about containers (hand-rolled candidates, resets, containers passed to a function).
extension DIScan {
    /// UIKit's `tableView.register(Cell.self, forCellReuseIdentifier: "cell")` and its
    /// collection-view and header kin register a view class for reuse, never a service: a
    /// file that imports a DI library and UIKit read them as duplicate registrations.
    private func isViewRegistration(_ method: Int) -> Bool {
        guard tokens.isWord(method, "register"), tokens.isPunctuation(method + 1, UInt8(ascii: "(")) else { return false }
        let open = method + 1
        return tokens.argument("forCellReuseIdentifier", inCallAt: open) != nil
            || tokens.argument("forHeaderFooterViewReuseIdentifier", inCallAt: open) != nil
            || tokens.argument("forCellWithReuseIdentifier", inCallAt: open) != nil
            || tokens.argument("forSupplementaryViewOfKind", inCallAt: open) != nil
    }

    /// Names this file declares as a table or collection view (`let tableView = UITableView()`,
    /// `@IBOutlet weak var list: UICollectionView!`, a parameter `_ tableView: UITableView`,
    /// `tableView.register(Cell.self)` (a `Reusable`-style extension without a reuse
    /// identifier) on a receiver the file declares as a table or collection view.
    private mutating func isViewReceiver(method: Int) -> Bool {
        // The name right before the `.` (past an optional chain's `?` or `!`).
        guard tokens.isPunctuation(method - 1, UInt8(ascii: ".")) else { return false }
        var receiver = method - 2
        if tokens.isOperator(receiver, "?") || tokens.isOperator(receiver, "!")
            || tokens.isPunctuation(receiver, UInt8(ascii: "?")) || tokens.isPunctuation(receiver, UInt8(ascii: "!")) { receiver -= 1 }
        guard tokens.isName(receiver) else { return false }
        if viewNames == nil { viewNames = declaredViewNames() }
        return viewNames!.contains(tokens.name(receiver))
    }

    private func declaredViewNames() -> Set<String> {
        func isViewType(_ index: Int) -> Bool {
            guard tokens.isName(index) else { return false }
            let token = tokens.tokens[index]
            guard token.kind == .identifier else {
                let name = tokens.name(index)
                return name.hasSuffix("TableView") || name.hasSuffix("CollectionView")
            }
            // On the bytes: this runs at every `name:` and `name =` of the file.
            let text = tokens.bytes[Int(token.start)..<Int(token.end)]
            return text.suffix(9).elementsEqual("TableView".utf8) || text.suffix(14).elementsEqual("CollectionView".utf8)
        }
        var names: Set<String> = []
        var index = 1
        while index + 2 < tokens.count {
            defer { index += 1 }
            // Byte comparisons first: a String is made only for a name that is declared a view.
            guard tokens.tokens[index].kind == .identifier else { continue }
            if tokens.isWord(index, "UITableViewController") { names.insert("tableView") }
            if tokens.isWord(index, "UICollectionViewController") { names.insert("collectionView") }
            guard tokens.isPunctuation(index + 1, UInt8(ascii: ":")) || tokens.isOperator(index + 1, "=") else { continue }
            // `name: UITableView`, `name: UIKit.UITableView`, `name = UITableView(`.
            var type = index + 2
            if tokens.isWord(type, "UIKit") && tokens.isPunctuation(type + 1, UInt8(ascii: ".")) { type += 2 }
            if isViewType(type) && !tokens.isPunctuation(type + 1, UInt8(ascii: ".")) { names.insert(tokens.name(index)) }
        }
        return names
    }

    /// `method(T.self …)` / `receiver.method(T.self …)`: the enabled adapters, then the
    /// fallback (a hand-rolled container's candidate call).
    mutating func handleMetatypeCall(at method: Int, key: String, keyEnd: Int) {
        let name = tokens.name(method)
        let receiver = tokens.isPunctuation(method - 1, UInt8(ascii: ".")) ? tokens.receiver(beforeDot: method - 1) : ""
        // A table or collection view's `register(Cell.self …)` registers a cell, not a
        // dependency (only `register` is asked: finding the file's view names reads every token).
        if tokens.isWord(method, "register") && (isViewRegistration(method) || isViewReceiver(method: method)) { return }
        for adapter in adapters.enabled where adapter.call(name, at: method, receiver: receiver, key: key, scan: &self) { return }
        _ = DIAdapters.fallback.call(name, at: method, receiver: receiver, key: key, scan: &self)
    }

    /// `method(\\.property …)` / `receiver.method(\\.property …)`.
    mutating func handleKeyPathCall(at method: Int) {
        guard let path = tokens.keyPath(at: method + 2) else { return }
        let name = tokens.name(method)
        let receiver = tokens.isPunctuation(method - 1, UInt8(ascii: ".")) ? tokens.receiver(beforeDot: method - 1) : ""
        for adapter in adapters.keyPathCallReaders where adapter.keyPathCall(name, at: method, receiver: receiver, path: path, scan: &self) {
            return
        }
    }

    /// `@Name` or `@Name(…)`: the one enabled adapter that claims the attribute reads it; one
    /// no adapter owns is the fallback's (a hand-rolled wrapper).
    mutating func handleAttribute(at index: Int) {
        guard tokens.isName(index) else { return }
        let name = tokens.name(index)
        var claimant: (any DIAdapter.Type)?
        var claims = 0
        for adapter in adapters.enabled where adapter.attributes.contains(name) {
            claimant = adapter
            claims += 1
        }
        if claims == 1, let claimant {
            claimant.attribute(name, at: index, scan: &self)
        } else if claims == 0 && !DIAdapters.ownedAttributes.contains(name) {
            DIAdapters.fallback.attribute(name, at: index, scan: &self)
        }
    }

    // MARK: - Recording

    /// A hand-rolled container's candidate call, with the candidate whose factory body it
    /// sits in.
    mutating func recordCandidate(_ call: DIContainerCall, body: (open: Int, close: Int)?) {
        var call = call
        call.enclosingCall = openCandidateBodies.last?.call
        facts.containerCalls.append(call)
        if let body { openCandidateBodies.append((body.close, facts.containerCalls.count - 1)) }
    }

    /// Calls that empty a container: registrations after one, in the same function, land in
    /// a fresh container (`DIRegistration.container` gets `#line` of the reset).
    static let resetMethods: Set<String> = ["releaseAll", "releaseAllAsync", "reset", "resetAll", "removeAll", "resetForTesting"]
    /// Types whose initialiser makes a new container (`container = Container()`).
    static let containerConstructors: Set<String> = ["Container", "DIContainer", "Assembler"]

    /// `UnifiedDI.releaseAll()`, `container.removeAll()`, `container = Container()`.
    mutating func noteReset(at index: Int) {
        // Most calls are neither: their first byte says so before a name is made.
        let first = tokens.bytes[Int(tokens.tokens[index].start)]
        guard first == UInt8(ascii: "r") || first == UInt8(ascii: "C") || first == UInt8(ascii: "D") || first == UInt8(ascii: "A") else { return }
        let name = tokens.name(index)
        let afterDot = tokens.isPunctuation(index - 1, UInt8(ascii: "."))
        if afterDot && Self.resetMethods.contains(name) {
            // An array's `removeAll()` is no reset: the receiver must name a container.
            let receiver = tokens.receiver(beforeDot: index - 1)
            guard receiver == "UnifiedDI" || receiver.contains("ontainer") || receiver.contains("DI")
                    || receiver.contains("ssembler") || receiver.contains("esolver") else { return }
        } else if Self.containerConstructors.contains(name) && !afterDot {
            // `container = Container()` replaces a container; `let container = Container()`
            // only makes the first one.
            guard tokens.isOperator(index - 1, "="), !tokens.isWord(index - 3, "let"), !tokens.isWord(index - 3, "var") else { return }
        } else {
            return
        }
        lastReset = (enclosingFunction?.line ?? 0, Int(tokens.tokens[index].line))
    }

    /// `Type.function(label: container)` at `index` (the type name): records the pass
    /// when an argument is a plain identifier.
    mutating func recordContainerPass(at index: Int) {
        guard tokens.startsUppercase(index), tokens.isPunctuation(index + 1, UInt8(ascii: ".")), tokens.isName(index + 2),
              !tokens.startsUppercase(index + 2), tokens.isPunctuation(index + 3, UInt8(ascii: "(")),
              !tokens.isPunctuation(index - 1, UInt8(ascii: ".")), let close = tokens.partner(of: index + 3) else { return }
        var argument = index + 4
        while argument + 2 < close {
            if tokens.isName(argument), tokens.isPunctuation(argument + 1, UInt8(ascii: ":")), tokens.isName(argument + 2),
               tokens.isPunctuation(argument + 3, UInt8(ascii: ",")) || argument + 3 == close {
                let receiver = tokens.name(argument + 2)
                guard receiver.first?.isLowercase == true else { return }
                let caller = runningFunction
                facts.containerPasses.append(DIContainerPass(callee: tokens.name(index) + "." + tokens.name(index + 2),
                                                             container: container(receiver: receiver, shared: isInBootstrap),
                                                             line: Int(tokens.tokens[index].line),
                                                             function: caller?.name, functionLine: caller?.line))
                return
            }
            argument += 1
        }
    }
}
