/// What a command analyses when it is given no path: the git work tree that holds the
/// working folder — as git and SwiftLint find their root —, so `modlint lint` in
/// `App/Sources/Feature` checks the whole repository's graph, the only one the rules can
/// judge (an import in one folder is declared in a manifest in another). Outside git, the
/// working folder. A path given explicitly (`.` included) is taken as it is.
public struct AnalysedPaths: Equatable, Sendable {
    public let paths: [String]
    /// The work tree found above the working folder, when no path was given and it is not
    /// the working folder itself (`--verbose` names it).
    public let foundRoot: String?

    public init(given: [String], workingDirectory: String = FileSystem.absolute(".")) {
        guard given.isEmpty else {
            (paths, foundRoot) = (given, nil)
            return
        }
        if let tree = ReadScope.workTree(of: workingDirectory), tree != workingDirectory {
            (paths, foundRoot) = ([tree], tree)
        } else {
            (paths, foundRoot) = (["."], nil)
        }
    }
}
