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
    /// Written once by the background work, read only after `group.wait()`.
    private var decoded: [String: SourceSummary] = [:]

    /// `identities`: at the positions of `paths`.
    init(session: SummaryCache.Session, root: String, paths: [String], identities: [FileIdentity?]) {
        DispatchQueue.global().async(group: group) { [self] in
            let summaries = session.storedSummaries(paths, root: root, identities: identities)
            var decoded: [String: SourceSummary] = [:]
            decoded.reserveCapacity(paths.count)
            for (index, summary) in summaries.enumerated() {
                if let summary { decoded[paths[index]] = summary }
            }
            self.decoded = decoded
        }
    }

    /// The decoded summaries by path (waits for the background work to finish).
    func summaries() -> [String: SourceSummary] {
        group.wait()
        return decoded
    }
}
