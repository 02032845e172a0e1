import Dispatch
import ModlintFacts

/// Decodes the stored summaries of the walked files on other threads while the loader
/// reads manifests and Xcode projects. In the pre-commit case nearly every summary is
/// stored, and decoding them is the part of a load that needs no target to be known yet:
/// on two cores the two kinds of work overlap instead of following each other.
///
/// Only stored summaries are taken here (and those the facts check made already); a file
/// that must be read and summarised is left to the loader, which knows whether any target
/// builds it.
final class SummaryPrefetch: @unchecked Sendable {
    private let group = DispatchGroup()
    /// Written once by the background work, read only after `group.wait()`: at the
    /// positions of `paths`.
    private var decoded: [SourceSummary?] = []

    /// `identities`: at the positions of `paths`.
    init(session: SummaryCache.Session, root: String, paths: [String], identities: [FileIdentity?]) {
        DispatchQueue.global().async(group: group) { [self] in
            decoded = session.storedSummaries(paths, root: root, identities: identities)
        }
    }

    /// The decoded summaries at the positions of the walk's files (waits for the
    /// background work to finish).
    func summaries() -> [SourceSummary?] {
        group.wait()
        return decoded
    }
}
