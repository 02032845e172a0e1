import ModlintRules
import ModlintTokenizer

/// Edits a `Package.swift` as text: the dependencies of its targets, and the package's
/// own `dependencies:` when a new product needs its package. Every edit is local — inside
/// one `dependencies:` array literal (created when absent) — and keeps the file's
/// indentation, trailing-comma style and comments; nothing else moves. A target whose
/// dependencies are computed (a variable, a helper function, a concatenation), or that is
/// declared more than once, is left alone with a reason.
public struct ManifestEditor {
    /// Why a fix was not applied.
    public struct Refusal: Sendable, Equatable {
        public var fix: DependencyFix
        public var reason: String
    }

    public private(set) var text: String
    public private(set) var applied: [DependencyFix] = []
    public private(set) var refused: [Refusal] = []

    /// Whether a missing `dependencies:` argument may be created after the target's
    /// name: SwiftPM's `.target(…)` takes it there, Tuist's takes it after a dozen others.
    let createsDependencies: Bool

    public init(text: String, createsDependencies: Bool = true) {
        self.text = text
        self.createsDependencies = createsDependencies
    }

    /// Applies `fixes` (all for this manifest). Fixes that change nothing — the dependency
    /// is already there, or already gone — are neither applied nor refused.
    public mutating func apply(_ fixes: [DependencyFix]) {
        // Removals one at a time (two neighbours share a comma), then the additions into
        // the arrays as they are after them: the edits of one pass never overlap.
        for removal in fixes where removal.action == .remove { applyPass([removal]) }
        let additions = fixes.filter { $0.action == .add }
        if !additions.isEmpty { applyPass(additions) }
    }

    private mutating func applyPass(_ fixes: [DependencyFix]) {
        let cursor = ManifestCursor(TokenizedSource(text))
        // A product of a package the manifest does not declare needs that declaration too:
        // without a place to put it, such fixes are refused up front.
        let packageList = cursor.packageDependencies()
        var edits: [TextEdit] = []
        var packageDependencies: [String] = []
        for (target, fixes) in byTarget(fixes, packageList: packageList) {
            edits += targetEdits(target, fixes, cursor: cursor, packageDependencies: &packageDependencies)
        }
        if !packageDependencies.isEmpty, case .success(let edit) = packageList, let insertion = edit(packageDependencies) {
            edits.append(insertion)
        }
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.offset > $1.offset }) {
            bytes.replaceSubrange(edit.offset..<(edit.offset + edit.length), with: Array(edit.replacement.utf8))
        }
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// The fixes by target, targets in the order of their first fix; a fix whose package
    /// declaration cannot be copied or placed is refused here.
    private mutating func byTarget(_ fixes: [DependencyFix], packageList: Result<([String]) -> TextEdit?, PackageDependenciesFailure>)
        -> [(target: String, fixes: [DependencyFix])] {
        var byTarget: [String: [DependencyFix]] = [:]
        var order: [String] = []
        for fix in fixes {
            if fix.packageDependencyDeclaredAt != nil && fix.packageDependency == nil {
                let place = fix.packageDependencyDeclaredAt.map { "\($0.file):\($0.line)" } ?? ""
                refused.append(Refusal(fix: fix, reason: "the package entry to copy from \(place) could not be read; declare the package dependency by hand"))
                continue
            }
            if fix.packageDependency != nil, case .failure(let failure) = packageList {
                refused.append(Refusal(fix: fix, reason: failure.description))
                continue
            }
            if byTarget[fix.target] == nil { order.append(fix.target) }
            byTarget[fix.target, default: []].append(fix)
        }
        return order.map { ($0, byTarget[$0]!) }
    }

    /// The edits of one target's dependencies (its fixes applied or refused), and the
    /// package dependencies the added products need.
    private mutating func targetEdits(_ target: String, _ fixes: [DependencyFix], cursor: ManifestCursor,
                                      packageDependencies: inout [String]) -> [TextEdit] {
        let calls = cursor.targetCalls(named: target)
        guard calls.count == 1, let call = calls.first else {
            let reason = calls.isEmpty
                ? "target \(target) is not declared literally in this manifest (a helper builds it)"
                : "target \(target) is declared \(calls.count) times (under #if?)"
            refused += fixes.map { fix in
                Refusal(fix: fix, reason: reason + (fix.action == .add ? "; add `\(fix.element)` to its dependencies by hand" : "; edit its dependencies by hand"))
            }
            return []
        }
        var adds: [String] = []
        func add(_ fix: DependencyFix) {
            guard !adds.contains(fix.element) else { return }
            adds.append(fix.element)
            applied.append(fix)
            if let package = fix.packageDependency, !packageDependencies.contains(package) { packageDependencies.append(package) }
        }
        switch cursor.dependenciesArgument(of: call) {
        case .computed(let expression):
            refused += fixes.map {
                Refusal(fix: $0, reason: "the dependencies of target \(target) are computed (`\(expression)`); edit them by hand")
            }
        case .notEditable(let reason):
            refused += fixes.map { Refusal(fix: $0, reason: reason) }
        case .array(let open, let close):
            let list = cursor.items(in: open)
            var removals: [ListItem] = []
            let appendable = cursor.canAppend(to: list, close: close)
            for fix in fixes {
                switch fix.action {
                case .add:
                    guard !list.contains(where: { cursor.names($0, fix.dependency) }) else { continue }
                    if appendable {
                        add(fix)
                    } else {
                        refused.append(Refusal(fix: fix, reason: "the dependencies of target \(target) end inside #if without a trailing comma; edit them by hand"))
                    }
                case .remove:
                    guard let element = list.first(where: { cursor.names($0, fix.dependency) }) else { continue }
                    removals.append(element)
                    applied.append(fix)
                }
            }
            var edits = removals.map { cursor.removal(of: $0, in: list) }
            if let insertion = cursor.insertion(of: adds, into: list, open: open, close: close) { edits.append(insertion) }
            return edits
        case .absent where !createsDependencies:
            refused += fixes.filter { $0.action == .add }.map {
                Refusal(fix: $0, reason: "target \(target) has no dependencies: argument; add `dependencies: [\($0.element)]` in its place")
            }
        case .absent(let after):
            fixes.filter { $0.action == .add }.forEach(add)
            if !adds.isEmpty { return [cursor.newArgument("dependencies", elements: adds, after: after)] }
        }
        return []
    }
}

/// A replacement of `length` bytes at `offset`.
struct TextEdit {
    var offset: Int
    var length: Int
    var replacement: String
}

/// Where a target's `dependencies:` stand.
enum DependenciesArgument {
    /// An array literal: `[` and `]` token indices.
    case array(open: Int, close: Int)
    /// Anything else, as written.
    case computed(String)
    /// No such argument: the token after which a new one goes.
    case absent(after: Int)
    case notEditable(String)
}

struct PackageDependenciesFailure: Error, CustomStringConvertible {
    var description: String
}
