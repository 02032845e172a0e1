import Foundation
import ModlintGraph
import ModlintWorkspace

/// A check over the workspace. Each rule lives in one file in `Rules/` with its
/// description, rationale and executable examples.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ context: LintContext) -> [Finding]
    /// The rule as one that judges the suppressions (`nil` for the others): a cast to that
    /// protocol searched the binary's conformance records, once for every rule of a run.
    var suppressionAudit: (any SuppressionAuditRule)? { get }
}

extension Rule {
    public var description: RuleDescription { Self.description }
    public var suppressionAudit: (any SuppressionAuditRule)? { nil }
}

/// What a rule is, for `modlint rules`, `modlint explain`, the docs and the tests.
public struct RuleDescription: Sendable {
    /// Kebab-case, stable forever.
    public var id: String
    public var defaultSeverity: Severity
    /// One line.
    public var summary: String
    /// Why the rule exists and how to fix a finding (Markdown).
    public var rationale: String
    public var examples: [RuleExample]
    /// The graph view whose edges the rule's findings name (`Finding.edges`): module
    /// edges for most rules; the `di` view's for DI rules, the `spezi` view's for Spezi
    /// rules. Diagrams draw a finding's edges only on that kind of view.
    public var edgeView: GraphView.Name
    /// The shared analyses the rule reads (`LintContext.shared`). The linter builds those
    /// of the enabled rules first, beside the rules that need none, so that no worker
    /// sits waiting while another builds the analysis both need.
    public var analyses: [SharedAnalysis]

    public init(id: String, defaultSeverity: Severity, summary: String, rationale: String, examples: [RuleExample],
                edgeView: GraphView.Name = .modules, analyses: [SharedAnalysis] = []) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.examples = examples
        self.edgeView = edgeView
        self.analyses = analyses
    }
}

/// A workspace-wide analysis several rules read, by its `SharedAnalyses` name, with what
/// builds it. `rank`: its place in the order analyses build on each other; a higher rank
/// builds on more and costs more, so it is started first. `buildsOn`: the analyses its
/// build asks for itself (never started beside it: one worker would wait for the other).
public struct SharedAnalysis: Sendable {
    public let name: String
    public let rank: Int
    public let buildsOn: [String]
    public let build: @Sendable (LintContext) -> Void

    public init(name: String, rank: Int, buildsOn: [String] = [], build: @escaping @Sendable (LintContext) -> Void) {
        self.name = name
        self.rank = rank
        self.buildsOn = buildsOn
        self.build = build
    }
}

/// A small workspace, file by file. `↓` marks where a finding must land (line and column
/// of the character after it); an example without markers must produce no finding.
public struct RuleExample: Sendable {
    public static let marker: Character = "\u{2193}"

    public struct File: Sendable {
        public var path: String
        public var contents: String
    }

    public var title: String
    public var files: [File]

    public init(_ title: String, files: KeyValuePairs<String, String>) {
        self.title = title
        self.files = files.map { File(path: $0.key, contents: $0.value) }
    }

    /// True when the example expects findings.
    public var triggers: Bool { files.contains { $0.contents.contains(Self.marker) } }
}

/// Everything a rule may look at.
public struct LintContext: Sendable {
    public var workspace: Workspace
    public var graph: ModuleGraph
    public var configuration: Configuration
    /// The date suppressions expire against, `YYYY-MM-DD`.
    public var today: String = Today.current()
    /// Workspace-wide analyses that several rules read (the DI graph, the Spezi model).
    public let shared = SharedAnalyses()

    public init(workspace: Workspace, graph: ModuleGraph, configuration: Configuration = Configuration()) {
        self.workspace = workspace
        self.graph = graph
        self.configuration = configuration
    }
}

/// Built once per lint and handed to every rule that asks, although rules run
/// concurrently: the first caller of a name builds it (under that name's lock, so that
/// different analyses build in parallel), the others wait and reuse it. The analyses, by
/// name, are listed in `Rules/Support/Analyses.swift`.
public final class SharedAnalyses: @unchecked Sendable {
    private final class Slot: @unchecked Sendable {
        let lock = NSLock()
        var value: Any?
    }

    private let lock = NSLock()
    private var slots: [String: Slot] = [:]

    public init() {}

    /// The names asked for so far (a test checks each rule declares what it reads).
    public var requested: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return Set(slots.keys)
    }

    /// The analysis built once per lint, keyed by its declaration: the key a rule declares
    /// and the key it reads are one value, never two spellings of a string.
    public func value<Value>(_ analysis: SharedAnalysis, _ make: () -> Value) -> Value {
        value(analysis.name, make)
    }

    public func value<Value>(_ name: String, _ make: () -> Value) -> Value {
        lock.lock()
        let slot = slots[name] ?? Slot()
        slots[name] = slot
        lock.unlock()
        slot.lock.lock()
        defer { slot.lock.unlock() }
        if let value = slot.value as? Value { return value }
        let value = make()
        slot.value = value
        return value
    }
}

extension RuleExample {
    /// The example's files with the markers removed, and the sites the markers stand for.
    public func materialized() -> (files: [File], expected: [Site]) {
        var files: [File] = []
        var expected: [Site] = []
        for file in self.files {
            var output = ""
            var line = 1
            var column = 1
            for character in file.contents {
                if character == Self.marker {
                    expected.append(Site(file: file.path, line: line, column: column))
                    continue
                }
                output.append(character)
                if character == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += character.utf8.count
                }
            }
            files.append(File(path: file.path, contents: output))
        }
        return (files, expected.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) })
    }
}
