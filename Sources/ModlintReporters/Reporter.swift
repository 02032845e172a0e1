import ModlintRuleEngine

/// A reporter is a pure function of the versioned result: same result, same bytes.
public protocol Reporter: Sendable {
    /// The name used by `--reporter NAME[:FILE]`.
    var name: String { get }
    /// The complete output, ending in a newline.
    func render(_ result: LintResult) -> String
}

/// Caller-decided presentation options shared by all reporters.
public struct ReporterOptions: Sendable, Equatable {
    /// ANSI colour. The CLI enables it only when the output is a TTY and `NO_COLOR` is unset;
    /// reporters never look at the environment themselves.
    public var colored: Bool

    public init(colored: Bool = false) {
        self.colored = colored
    }
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
        TextReporter.name: { TextReporter(colored: $0.colored) },
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
