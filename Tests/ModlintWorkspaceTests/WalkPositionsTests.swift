@testable import ModlintWorkspace
import Testing

/// A target's files are found at their positions in the walk's sorted list: in order (the
/// next position), out of order and again (a search), and a path the walk did not list is
/// not found, without losing the place for the files after it.
struct WalkPositionsTests {
    let files = ["App/A.swift", "App/B.swift", "App/C.swift", "Kit/Thêm/View.swift", "Kit/Util.swift"]

    @Test func filesInOrderAreFoundOneAfterAnother() {
        var cursor = WalkPositions(files)
        #expect(["App/A.swift", "App/B.swift", "App/C.swift"].map { cursor.position(of: $0) } == [0, 1, 2])
    }

    @Test func filesOutOfOrderOrTwiceAreFound() {
        var cursor = WalkPositions(files)
        #expect(["Kit/Util.swift", "App/B.swift", "App/B.swift", "App/C.swift", "App/A.swift"].map { cursor.position(of: $0) } == [4, 1, 1, 2, 0])
    }

    @Test func aPathTheWalkDidNotListIsNotFound() {
        var cursor = WalkPositions(files)
        #expect(["App/A.swift", "App/Gone.swift", "App/B.swift", "Zed.swift", ""].map { cursor.position(of: $0) } == [0, nil, 1, nil, nil])
        #expect(WalkPositions.search("Kit/Thêm/View.swift", in: files) == 3)
        #expect(WalkPositions.search("App/B.swift", in: []) == nil)
    }
}
