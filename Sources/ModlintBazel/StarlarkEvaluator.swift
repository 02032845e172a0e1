/// The evaluation of one BUILD file (or of one `.bzl` file for the module cache): its
/// state and budgets. What it does is in extensions named after each job: statements,
/// expressions, calls, builtins, methods, loads and the targets rules record.
final class StarlarkEvaluation {
    let package: String
    let buildFile: String
    let reader: BazelReader
    var targets: [BazelTarget] = []
    /// The file whose statements run now (a `.bzl` while its top level is evaluated).
    var currentFile = ""
    var forwarders: [String: [String]] = [:]
    var notes: [BazelNote] = []
    var failure: BazelReadError?
    /// The line in the BUILD file of the statement or call being evaluated.
    var buildLine = 1
    var steps = 0
    var callStack: [ObjectIdentifier] = []
    var loadedModules: [String: StarlarkScope] = [:]
    var notedForeign = Set<String>()
    /// Calls through functions whose load could not be followed (`noteUnfollowed`), and the
    /// BUILD file's lines they were made from.
    var unfollowed: [BazelNote] = []
    var unfollowedLines = Set<Int>()
    /// `filegroup`s by name: their `srcs`, for a target that lists the group in its own.
    var filegroups: [String: [BazelSource]] = [:]
    /// Budget: a hostile `for i in range(10**9)` ends here with a clear error.
    static let maximumSteps = 2_000_000
    /// The longest string and list one value may be (`s = s + s` forty times), and what all
    /// values read or built together may weigh (bytes of strings, items of lists and
    /// dictionaries): bounds memory and the time of copies that grow one by one.
    static let maximumStringBytes = 1 << 22
    static let maximumItems = 1 << 18
    static let maximumWeight = 1 << 27
    var weight = 0
    /// Modules being evaluated on the way to this one (a load cycle returns the partial
    /// scope, as before, and what depends on it is not shared).
    var inProgress: Set<String> = []
    /// Whether this evaluation used a partial module scope (a cycle): its own module is then
    /// kept to this BUILD file instead of shared.
    var sawCycle = false

    init(package: String, buildFile: String, reader: BazelReader) {
        self.package = package
        self.buildFile = buildFile
        self.reader = reader
    }

    func fail(_ line: Int, _ message: String) {
        if failure == nil { failure = BazelReadError(line: line, message: message) }
    }

    /// False (and the file fails, as in Bazel) for a value a loaded `.bzl` file froze.
    func mayChange(_ frozen: Bool) -> Bool {
        if frozen { fail(buildLine, "a value of a loaded .bzl file cannot be changed (Bazel freezes it too)") }
        return !frozen
    }

    /// Charges a value against the size budgets; over one, the file fails naming it.
    func meter(_ value: StarlarkValue) {
        let size: Int, limit: Int, what: String
        switch value {
        case .string(let text): (size, limit, what) = (text.utf8.count, Self.maximumStringBytes, "a string longer than \(Self.maximumStringBytes) bytes")
        case .list(let list): (size, limit, what) = (list.items.count, Self.maximumItems, "a list longer than \(Self.maximumItems) items")
        case .tuple(let items): (size, limit, what) = (items.count, Self.maximumItems, "a tuple longer than \(Self.maximumItems) items")
        case .dictionary(let dictionary): (size, limit, what) = (dictionary.pairs.count, Self.maximumItems, "a dictionary larger than \(Self.maximumItems) entries")
        default: return
        }
        weight += size
        if size > limit {
            fail(buildLine, "evaluation stopped: \(what) (the size budget)")
        } else if weight > Self.maximumWeight {
            fail(buildLine, "evaluation stopped: values built weigh more than \(Self.maximumWeight) bytes and items (the size budget)")
        }
    }
}
