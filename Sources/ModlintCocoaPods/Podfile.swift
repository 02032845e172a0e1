/// What a `Podfile` gives each target of the app's project: the pods it links, with where
/// development pods live. Nested targets inherit their parent's pods (`inherit! :none`
/// stops that), abstract targets only pass theirs on.
public struct Podfile: Sendable, Equatable {
    public var targets: [PodfileTarget] = []
    /// The pods declared for every target (outside any `target` block) also reach each
    /// target; they are listed here too, for a Podfile that names no target.
    public var notes: [PodNote] = []
    public var isIncomplete = false

    public init() {}
}

public struct PodfileTarget: Sendable, Equatable {
    public var name: String
    /// The `.xcodeproj` it belongs to, relative to the Podfile's folder (`project 'App'`).
    public var project: String?
    public var pods: [PodReference]
    public var line: Int
}

public struct PodReference: Sendable, Equatable {
    /// As written: `Moya/RxSwift`.
    public var name: String
    public var line: Int
    /// `:path =>` (a folder, or a `.podspec` file), relative to the Podfile's folder.
    public var path: String?
    /// `:podspec =>` a local file.
    public var podspec: String?
    /// `local_pod 'X'` (cocoapods-developing-folder): a podspec of the tree found by name.
    public var isLocalByName = false
    /// The concrete target it is inherited from (a nested test target's host app).
    public var inheritedFrom: String?
    public var pod: String { name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name }
    public var isDevelopment: Bool { path != nil || podspec != nil || isLocalByName }
}

public enum PodfileReader {
    /// - Parameter environment: the Podfile's folder in the tree and the tree's globs (`Dir[…]`).
    public static func read(_ bytes: [UInt8], environment: RubyEnvironment = RubyEnvironment()) throws(PodReadError) -> Podfile {
        var evaluation = PodfileEvaluation(environment: environment)
        let root = evaluation.newNode(name: nil, parent: nil, line: 1, isAbstract: true)
        evaluation.run(try RubyParser.parse(bytes, file: "Podfile"), in: root)
        if let exhausted = evaluation.exhausted { throw PodReadError(line: exhausted.line, message: exhausted.message) }
        return evaluation.podfile()
    }
}

private struct PodfileEvaluation {
    struct Node {
        var name: String?
        var parent: Int?
        var line: Int
        var isAbstract: Bool
        var project: String?
        var pods: [PodReference] = []
        var inheritsPods = true
    }

    let environment: RubyEnvironment
    var nodes: [Node] = []
    var definitions: [String: (parameters: [String], body: [RubyStatement])] = [:]
    var locals: [String: RubyValue] = [:]
    var notes: [PodNote] = []
    var depth = 0
    var steps = 0
    var exhausted: PodNote?

    mutating func newNode(name: String?, parent: Int?, line: Int, isAbstract: Bool) -> Int {
        nodes.append(Node(name: name, parent: parent, line: line, isAbstract: isAbstract))
        return nodes.count - 1
    }

    mutating func note(_ line: Int, _ message: String) {
        notes.append(PodNote(line: line, message: message))
    }

    mutating func run(_ statements: [RubyStatement], in node: Int) {
        depth += 1
        defer { depth -= 1 }
        // Methods calling each other forever, or a huge loop, stop here.
        guard depth < 40 else { return }
        for statement in statements {
            steps += 1
            guard steps < 100_000 else {
                if exhausted == nil { exhausted = PodNote(line: 1, message: "evaluation stopped after 100000 steps (the step budget)") }
                return
            }
            switch statement {
            case .call(let call):
                handle(call, in: node)
            case .assignment(let name, let value, _):
                locals[name] = resolve(value)
            case .definition(let name, let parameters, let body, _):
                definitions[name] = (parameters, body)
            case .conditional(let branches, let line):
                if branches.contains(where: declaresPods) {
                    note(line, "a conditional in the Podfile cannot be evaluated: the pods of every branch are read")
                }
                for branch in branches { run(branch, in: node) }
            case .unknown:
                continue
            }
        }
    }

    func declaresPods(_ statements: [RubyStatement]) -> Bool {
        statements.contains { statement in
            switch statement {
            case .call(let call): return ["pod", "local_pod", "target"].contains(call.name) || definitions[call.name] != nil || call.block.map { declaresPods($0.body) } ?? false
            case .conditional(let branches, _): return branches.contains(where: declaresPods)
            default: return false
            }
        }
    }

    mutating func handle(_ call: RubyCall, in node: Int) {
        // `['A', 'B'].each do |name|`, `Dir['LocalPods/*/*.podspec'].each { |p| … }`,
        // `names.each`: the body for each item.
        if ["each", "each_with_index"].contains(call.name), let block = call.block,
           let receiver = call.receiverValue ?? (call.receiver.isEmpty ? nil : .reference(call.receiver)) {
            guard case .array(let items) = resolve(receiver) else {
                if declaresPods(block.body) {
                    note(call.line, "a loop over a value that cannot be evaluated: the pods and targets it declares are not read")
                }
                return
            }
            for (index, item) in items.enumerated() {
                steps += 1
                guard steps < 100_000 else {
                    if exhausted == nil { exhausted = PodNote(line: call.line, message: "evaluation stopped after 100000 steps (the step budget)") }
                    break
                }
                if let parameter = block.parameters.first { locals[parameter] = item }
                if call.name == "each_with_index", block.parameters.count > 1 { locals[block.parameters[1]] = .number(String(index)) }
                run(block.body, in: node)
            }
            return
        }
        guard call.receiver.isEmpty else { return }
        let first = call.arguments.first.map(resolve)
        if call.isConditional && ["pod", "local_pod", "target"].contains(call.name) {
            note(call.line, "`\(call.name)` under a condition cannot be evaluated: it is read as if it applied")
        }
        switch call.name {
        case "target", "abstract_target":
            guard let block = call.block else {
                // `target 'Tests'` without a block inside an abstract target: a target that
                // takes its parent's pods.
                if let name = first?.text { _ = newNode(name: name, parent: node, line: call.line, isAbstract: false) }
                return
            }
            guard let name = first?.text else {
                note(call.line, "a target whose name is not literal text cannot be evaluated: its pods are not given to any target")
                return
            }
            let child = newNode(name: name, parent: node, line: call.line, isAbstract: call.name == "abstract_target")
            run(block.body, in: child)
        case "pod", "local_pod":
            guard let name = first?.text else {
                note(call.line, "a pod whose name is not literal text cannot be evaluated")
                return
            }
            var reference = PodReference(name: name, line: call.line)
            reference.path = call.options["path"].map(resolve)?.text
            if let podspec = call.options["podspec"].map(resolve)?.text, !podspec.contains("://") { reference.podspec = podspec }
            reference.isLocalByName = call.name == "local_pod"
            nodes[node].pods.append(reference)
        case "project", "xcodeproj":
            nodes[node].project = first?.text
        case "inherit!":
            if first?.text == "none" { nodes[node].inheritsPods = false }
        default:
            if let definition = definitions[call.name] {
                let saved = locals
                for (parameter, argument) in zip(definition.parameters, call.arguments) { locals[parameter] = resolve(argument) }
                run(definition.body, in: node)
                locals = saved
            }
        }
    }

    func resolve(_ value: RubyValue) -> RubyValue {
        RubyMethods.resolve(value, in: environment, file: "Podfile") { chain in
            locals[chain[0]].map { ($0, 1) }
        }
    }

    func podfile() -> Podfile {
        var result = Podfile()
        for (index, node) in nodes.enumerated() where !node.isAbstract {
            guard let name = node.name else { continue }
            var pods = node.pods
            var project = node.project
            var current = node
            var inherits = node.inheritsPods
            while let parent = current.parent {
                current = nodes[parent]
                // Pods of an abstract target are every child's own; those of a concrete
                // parent (the app of a nested test target) are inherited.
                if inherits { pods = current.pods.map { pod in
                    var pod = pod
                    if !current.isAbstract { pod.inheritedFrom = current.name }
                    return pod
                } + pods }
                if project == nil { project = current.project }
                inherits = inherits && current.inheritsPods
            }
            _ = index
            var seen = Set<String>()
            pods = pods.filter { seen.insert($0.name).inserted }
            result.targets.append(PodfileTarget(name: name, project: project, pods: pods, line: node.line))
        }
        if let first = notes.first {
            result.isIncomplete = true
            result.notes = [PodNote(line: first.line, message: first.message + (notes.count > 1 ? " (and \(notes.count - 1) more)" : ""))]
        }
        return result
    }
}

/// `Podfile.lock`: the versions installed and where development pods come from.
public struct PodfileLock: Sendable, Equatable {
    /// Pod → version (`Alamofire` → `5.6.1`).
    public var versions: [String: String] = [:]
    /// Development pod → `:path:` (relative to the Podfile's folder).
    public var paths: [String: String] = [:]

    public init() {}

    public static func read(_ bytes: [UInt8]) -> PodfileLock {
        var lock = PodfileLock()
        var section = ""
        var pendingPod: String?
        for rawLine in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(rawLine)
            if !line.hasPrefix(" ") {
                section = line
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            let text = line.trimmingSpaces
            if section == "PODS:" && indent == 2 && text.hasPrefix("- ") {
                // `  - Alamofire (5.6.1)` or `  - "Moya/Core (15.0.0)":`.
                var entry = String(text.dropFirst(2))
                entry = entry.filter { $0 != "\"" }
                if entry.hasSuffix(":") { entry.removeLast() }
                guard let open = entry.firstIndex(of: "("), let close = entry.lastIndex(of: ")") else { continue }
                let name = String(entry[..<open]).trimmingSpaces
                let pod = name.split(separator: "/").first.map(String.init) ?? name
                if lock.versions[pod] == nil { lock.versions[pod] = String(entry[entry.index(after: open)..<close]) }
            } else if section == "EXTERNAL SOURCES:" {
                if indent == 2 && text.hasSuffix(":") {
                    pendingPod = String(text.dropLast()).filter { $0 != "\"" }
                } else if indent == 4, let pod = pendingPod, text.hasPrefix(":path:") {
                    lock.paths[pod] = String(text.dropFirst(":path:".count)).trimmingSpaces.filter { $0 != "\"" && $0 != "'" }
                }
            }
        }
        return lock
    }
}
