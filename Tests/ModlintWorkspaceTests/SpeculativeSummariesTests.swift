import ModlintFacts
import ModlintTestSupport
@testable import ModlintWorkspace
import Testing

/// Stopping the speculative worker never waits for it and never loses a file: each file is
/// summarised already, in progress (its summary comes once the worker is done), or left to
/// the loader, whenever the stop comes; and what was made is what summarising the file gives.
struct SpeculativeSummariesTests {
    @Test(arguments: [0, 1, 3, 20])
    func aStopLeavesEveryFileAccountedFor(filesBeforeStop: Int) throws {
        // Files large enough that a stop often finds one in progress.
        let files = (0..<40).map { index in
            ("F\(index).swift", (0..<400).map { "let value\(index)_\($0) = Service\($0)()\n" }.joined())
        }
        let directory = try TemporaryDirectory(files: files)
        let paths = files.map(\.0).sorted()
        let expected = try paths.map { try FactExtractor.summarize(bytes: Array(String(contentsOfFile: directory.path + "/" + $0, encoding: .utf8).utf8)) }
        let speculation = SpeculativeSummaries(root: directory.path, paths: paths, scope: ReadScope(roots: [directory.path]))
        // Let the worker get some way (or none).
        let deadline = ContinuousClock.now + .milliseconds(2 * filesBeforeStop)
        while ContinuousClock.now < deadline {}
        let (summaries, inFlight) = speculation.stop()
        #expect(summaries.count == paths.count)
        // Made ones are a prefix of the walk's order, the file in progress right after it.
        let made = summaries.prefix { $0 != nil }.count
        #expect(summaries.dropFirst(made).allSatisfy { $0 == nil })
        #expect(Array(summaries.prefix(made)) == Array(expected.prefix(made)))
        if let inFlight {
            #expect(inFlight == made)
            #expect(speculation.inFlightSummary(at: inFlight) == expected[inFlight])
        }
    }
}
