import Dispatch
import ModlintFacts
import Synchronization

/// Summarises the walked files on another thread while the loader reads manifests and
/// Xcode projects, in a run without a cache (`SummaryPrefetch` is the same overlap for
/// stored summaries). Which files a target builds is known only once the layout is, and
/// the layout is mostly serial work: without this the second core idles through it
/// (some 60 ms of a cold run of the corpus). The worker takes files in walk order and
/// stops at the next file once the layout is ready; a file it summarised that no target
/// builds (a few percent) is the price. A large file is left to the loader, which reads it
/// only when a target builds it (a generated file a target excludes is never read).
final class SpeculativeSummaries: @unchecked Sendable {
    /// 4 MiB: larger than nearly every hand-written file.
    static let largestFile = 1 << 22

    private let group = DispatchGroup()
    private let stopped = Atomic<Bool>(false)
    private let paths: [String]
    /// Written by the worker, read only after `group.wait()`: `nil` = not summarised,
    /// `.some(nil)` = unreadable or larger than `largestFile`.
    private var summaries: [SourceSummary??]

    init(root: String, paths: [String], scope: ReadScope) {
        self.paths = paths
        summaries = Array(repeating: nil, count: paths.count)
        DispatchQueue.global().async(group: group) { [self] in
            let reader = SourceFolderReader(root: root, scope: scope)
            for index in paths.indices {
                if stopped.load(ordering: .relaxed) { break }
                summaries[index] = .some(reader.read(paths[index], atMost: Self.largestFile).map(FactExtractor.summarize(bytes:)))
            }
        }
    }

    /// Stops the worker after its current file; the summaries it made, at the positions of
    /// the walk's files (`nil`: not made; a file that could not be read is left to the
    /// loader, which reports it).
    func finish() -> [SourceSummary?] {
        stopped.store(true, ordering: .relaxed)
        group.wait()
        return summaries.map { $0 ?? nil }
    }
}
