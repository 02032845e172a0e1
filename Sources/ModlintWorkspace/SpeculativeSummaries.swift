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
    private let paths: [String]
    /// How many files (a prefix of `paths`) the worker has taken; `stop` sets it past any
    /// count, so the worker takes no further file.
    private let claimed = Atomic<Int>(0)
    /// How many of them are summarised: their slots are written (released by this count).
    private let finished = Atomic<Int>(0)
    /// One slot per path, each written once by the worker: `nil` = not summarised,
    /// `.some(nil)` = unreadable or larger than `largestFile`.
    private let slots: UnsafeMutableBufferPointer<SourceSummary??>

    init(root: String, paths: [String], scope: ReadScope) {
        self.paths = paths
        slots = .allocate(capacity: paths.count)
        slots.initialize(repeating: nil)
        DispatchQueue.global().async(group: group) { [self] in
            let reader = SourceFolderReader(root: root, scope: scope)
            var index = 0
            while index < paths.count,
                  claimed.compareExchange(expected: index, desired: index + 1, ordering: .acquiringAndReleasing).exchanged {
                slots[index] = .some(reader.read(paths[index], atMost: Self.largestFile).map(FactExtractor.summarize(bytes:)))
                finished.store(index + 1, ordering: .releasing)
                index += 1
            }
        }
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Takes the files the worker has not started away from it, without waiting for the one
    /// it is summarising (a large file could keep the loader waiting on one core): the
    /// summaries made so far, at the positions of the walk's files (`nil`: not made; a file
    /// that could not be read is left to the loader, which reports it), and the position
    /// of the file still in progress, whose summary `inFlightSummary` waits for.
    func stop() -> (summaries: [SourceSummary?], inFlight: Int?) {
        let taken = min(claimed.exchange(Int.max, ordering: .acquiringAndReleasing), paths.count)
        let ready = finished.load(ordering: .acquiring)
        var summaries = [SourceSummary?](repeating: nil, count: paths.count)
        for index in 0..<ready { summaries[index] = slots[index] ?? nil }
        return (summaries, ready < taken ? ready : nil)
    }

    /// The summary of the file `stop` found in progress, once the worker is done with it
    /// (`nil` when it could not be read).
    func inFlightSummary(at position: Int) -> SourceSummary? {
        group.wait()
        return slots[position] ?? nil
    }
}
