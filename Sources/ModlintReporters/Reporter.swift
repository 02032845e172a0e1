import ModlintRules

/// A reporter is a pure function of the versioned result: same result, same bytes.
public protocol Reporter: Sendable {
    /// The name used by `--reporter NAME[:FILE]`.
    var name: String { get }
    /// The complete output, ending in a newline.
    func render(_ result: LintResult) -> String
}

/// A reporter for a CI service or tool that resolves paths against the repository's root
/// (`--repository-root`, `GITHUB_WORKSPACE`): the opening every such reporter shares.
public protocol RepositoryRelativeReporter: Reporter {
    var repositoryRoot: String? { get }
}

extension RepositoryRelativeReporter {
    /// Finding paths as the service expects them: relative to the repository root, and
    /// absolute outside it when `absoluteOutside` (else as the result has them).
    func paths(_ result: LintResult, absoluteOutside: Bool = true) -> RepositoryPaths {
        RepositoryPaths(resultRoot: result.root, repositoryRoot: repositoryRoot, absoluteOutside: absoluteOutside)
    }
}

/// Caller-decided presentation options shared by all reporters. Reporters never look at
/// the environment themselves: the CLI decides these, so output stays a pure function of
/// the result and the options.
public struct ReporterOptions: Sendable, Equatable {
    /// ANSI colour. The CLI enables it only when the output is a TTY and `NO_COLOR` is unset.
    public var colored: Bool
    /// Rule metadata (summaries, rationale, help URIs) for formats that describe rules.
    public var rules: RuleCatalog
    /// Absolute repository root (on GitHub Actions `GITHUB_WORKSPACE`): CI formats make paths
    /// relative to it when the linted root lies inside it.
    public var repositoryRoot: String?
    /// Prefix of links to source lines in Markdown, e.g. `https://github.com/o/r/blob/<sha>/`.
    public var sourceLinkBase: String?
    /// `lint --strict`: every finding fails (JUnit marks warnings and notes as failures too).
    public var strict: Bool
    /// The absolute working directory: `text`, and outside CI `github`, `checkstyle` and
    /// `junit`, write paths relative to it (absolute when the root lies outside it), so a
    /// terminal or an editor opens them from where modlint ran. `nil`: root-relative.
    public var workingDirectory: String?
    /// `lint --quiet`: `text` and `xcode` print only the findings that fail the gate (errors;
    /// with `strict`, every finding) and no summary line. Machine formats are unchanged.
    public var quiet = false

    public init(colored: Bool = false, rules: RuleCatalog = .empty, repositoryRoot: String? = nil,
                sourceLinkBase: String? = nil, strict: Bool = false, workingDirectory: String? = nil, quiet: Bool = false) {
        self.quiet = quiet
        self.colored = colored
        self.rules = rules
        self.repositoryRoot = repositoryRoot
        self.sourceLinkBase = sourceLinkBase
        self.strict = strict
        self.workingDirectory = workingDirectory
    }

    /// The base that `github`, `checkstyle` and `junit` paths are relative to: the
    /// repository on CI, else the working directory.
    var annotationRoot: String? { repositoryRoot ?? workingDirectory }
}

/// Reporters by name, for `--reporter NAME`.
public struct ReporterRegistry: Sendable {
    public typealias Factory = @Sendable (ReporterOptions) -> any Reporter

    private var factories: [String: Factory]

    public init(_ factories: [String: Factory] = [:]) {
        self.factories = factories
    }

    /// Every reporter that ships with modlint.
    public static let standard = ReporterRegistry([
        JSONReporter.name: { _ in JSONReporter() },
        TextReporter.name: { TextReporter(colored: $0.colored, workingDirectory: $0.workingDirectory).quieted($0) },
        TextReporter.xcodeName: { TextReporter.xcode().quieted($0) },
        SARIFReporter.name: { SARIFReporter(rules: $0.rules, repositoryRoot: $0.repositoryRoot) },
        GitHubReporter.name: { GitHubReporter(repositoryRoot: $0.annotationRoot) },
        JUnitReporter.name: { JUnitReporter(rules: $0.rules, repositoryRoot: $0.annotationRoot, strict: $0.strict) },
        CheckstyleReporter.name: { CheckstyleReporter(repositoryRoot: $0.annotationRoot) },
        CodeClimateReporter.name: { CodeClimateReporter(repositoryRoot: $0.repositoryRoot) },
        MarkdownReporter.name: {
            MarkdownReporter(rules: $0.rules, repositoryRoot: $0.repositoryRoot, sourceLinkBase: $0.sourceLinkBase)
        },
    ])

    /// Sorted reporter names.
    public var names: [String] { factories.keys.sorted() }

    public mutating func register(_ name: String, _ factory: @escaping Factory) {
        factories[name] = factory
    }

    /// `nil` when no reporter has that name (the CLI turns that into a usage error, exit 2).
    public func reporter(named name: String, options: ReporterOptions = ReporterOptions()) -> (any Reporter)? {
        factories[name].map { $0(options) }
    }
}

/// "1 error", "2 errors": the counts every human-readable summary line prints.
public enum Plural {
    public static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
