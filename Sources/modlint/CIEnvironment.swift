#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ModlintWorkspace

/// What the CI system tells modlint through its environment, read once by the CLI and
/// handed to the reporters as options (reporters never read the environment).
struct CIEnvironment {
    /// GitHub Actions: `GITHUB_WORKSPACE`; GitLab CI: `CI_PROJECT_DIR`. Absolute, with
    /// symbolic links resolved like the result root.
    var repositoryRoot: String?
    /// GitHub Actions: `<GITHUB_SERVER_URL>/<GITHUB_REPOSITORY>/blob/<GITHUB_SHA>/`.
    var sourceLinkBase: String?
    /// GitHub Actions: `<GITHUB_SERVER_URL>/<GITHUB_REPOSITORY>` (links to other commits).
    var repositoryURL: String?

    static var current: CIEnvironment {
        CIEnvironment(variables: { name in getenv(name).map { String(cString: $0) } })
    }

    init(variables: (String) -> String?) {
        func value(_ name: String) -> String? {
            variables(name).flatMap { $0.isEmpty ? nil : $0 }
        }
        repositoryRoot = (value("GITHUB_WORKSPACE") ?? value("CI_PROJECT_DIR")).map(FileSystem.absolute)
        if let server = value("GITHUB_SERVER_URL"), let repository = value("GITHUB_REPOSITORY") {
            repositoryURL = "\(server)/\(repository)"
        }
        sourceLinkBase = repositoryURL.flatMap { url in value("GITHUB_SHA").map { "\(url)/blob/\($0)/" } }
    }
}
