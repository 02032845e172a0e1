import ModlintBuildInfo
import ModlintRules

/// What `modlint version` prints: the released version and, for a release build, the
/// commit it was made from. A build from a work tree says so instead of guessing a commit
/// (the tree may hold uncommitted changes).
struct BuildIdentity: CustomStringConvertible, Equatable {
    var version: String
    /// Empty unless the build defined it (`make dist`).
    var commit: String

    static var current: BuildIdentity {
        BuildIdentity(version: ModlintVersion.current, commit: String(cString: modlint_build_commit()))
    }

    var description: String {
        commit.isEmpty ? "modlint \(version) (built from source)" : "modlint \(version) (commit \(commit))"
    }
}
