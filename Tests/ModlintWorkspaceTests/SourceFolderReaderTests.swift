import Foundation
import ModlintTestSupport
@testable import ModlintWorkspace
import Testing

/// Sources read relative to their folder give what reading them by path gives: the same
/// bytes, and the same refusals (a link leaving the scope, a FIFO, a missing file).
struct SourceFolderReaderTests {
    @Test func readsWhatThePathReads() throws {
        let directory = try TemporaryDirectory(files: [("Top.swift", "let top = 1\n"), ("A/One.swift", "struct One {}\n"),
                                                       ("A/Two.swift", "struct Two {}\n"), ("B/C/Three.swift", "enum Three {}\n")])
        let outside = try TemporaryDirectory(files: [("Secret.swift", "let secret = 1\n")])
        // A link inside the tree is followed (it stays in the scope); one out of it is refused.
        #expect(symlink(directory.path + "/A/One.swift", directory.path + "/B/Linked.swift") == 0)
        #expect(symlink(outside.path + "/Secret.swift", directory.path + "/B/Escape.swift") == 0)
        #expect(mkfifo(directory.path + "/B/Pipe.swift", 0o644) == 0)
        let scope = ReadScope(roots: [directory.path])
        let reader = SourceFolderReader(root: directory.path, scope: scope)
        let paths = ["A/One.swift", "A/Two.swift", "B/C/Three.swift", "B/Escape.swift", "B/Linked.swift", "B/Missing.swift", "B/Pipe.swift",
                     "Top.swift", "A/One.swift"]
        let read = paths.map { reader.read($0) }
        #expect(read == paths.map { FileSystem.readSource(directory.path + "/" + $0, scope: scope) })
        #expect(read.map { $0.map { String(decoding: $0, as: UTF8.self) } } == [
            "struct One {}\n", "struct Two {}\n", "enum Three {}\n", nil, "struct One {}\n", nil, nil, "let top = 1\n", "struct One {}\n",
        ])
    }

    /// Each chunk of consecutive elements gets a context of its own, which sees them in
    /// order; results keep the input's order.
    @Test func parallelMapGivesEachChunkItsContext() {
        let numbers = Array(0..<5_000)
        let results = numbers.parallelMap(context: { 0 }) { seen, number -> (number: Int, ordinal: Int) in
            seen += 1
            return (number, seen)
        }
        #expect(results.map(\.number) == numbers)
        // Within a chunk the ordinals count up from 1; a new chunk starts again at 1.
        let ordinals = results.map(\.ordinal)
        #expect(ordinals.first == 1)
        #expect(zip(ordinals, ordinals.dropFirst()).allSatisfy { $1 == $0 + 1 || $1 == 1 })
        let chunks = ordinals.filter { $0 == 1 }.count
        // Several chunks, each of many elements (a context per chunk, not per element).
        #expect(chunks > 1 && chunks < numbers.count / 10)
    }
}
