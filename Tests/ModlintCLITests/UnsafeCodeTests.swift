import Foundation
import ModlintTestSupport
import Testing

/// Where unsafe code may live: the allow-list is the table of `docs/architecture.md`'s
/// section "Where unsafe code may live" (read here, so the document and the check are one
/// list). Every Swift file of `Sources/` and `Rules/` is scanned, comment lines aside.
struct UnsafeCodeTests {
    /// The kinds of unsafe code, by the name the table uses, and what marks each.
    static let kinds: [(name: String, pattern: String)] = [
        ("pointers", #"\b(withUnsafe\w*|Unsafe\w*Pointer|unsafeBitCast|unsafeDowncast|unsafeUninitializedCapacity|assumingMemoryBound|bindMemory|OpaquePointer|Unmanaged)\b"#),
        ("sendable", #"@unchecked\s+Sendable|nonisolated\(unsafe\)"#),
        ("libc", #"(?m)^\s*(@\w+\s+)*import\s+(Glibc|Darwin|Musl)\b"#),
        ("graphviz", #"(?m)^\s*(@\w+\s+)*import\s+CGraphviz\b"#),
    ]

    struct Allowance {
        var path: String
        var kinds: Set<String>

        func covers(_ file: String) -> Bool {
            path.hasSuffix("/") ? file.hasPrefix(path) : file == path
        }
    }

    /// The rows of the section's table: `| \`path\` | kinds | why |`.
    static func allowList(root: String) throws -> [Allowance] {
        let document = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        guard let start = document.range(of: "\n## Where unsafe code may live\n") else { return [] }
        let section = document[start.upperBound...]
        let body = section.range(of: "\n## ").map { section[..<$0.lowerBound] } ?? section
        var rows: [Allowance] = []
        for line in body.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let path = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let kinds = Set(cells[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            rows.append(Allowance(path: path, kinds: kinds))
        }
        return rows
    }

    /// Each Swift file below `Sources/` and `Rules/` (relative paths, sorted) with the
    /// kinds of unsafe code it uses; lines that are comments are left out.
    static func usage(root: String) throws -> [(file: String, kinds: Set<String>)] {
        // Simple word boundaries: Unicode's find none inside `files.withUnsafeBufferPointer`.
        let patterns = try kinds.map { ($0.name, try Regex($0.pattern).wordBoundaryKind(.simple)) }
        var result: [(String, Set<String>)] = []
        for folder in ["Sources", "Rules"] {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let file = folder + "/" + relative
                let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.drop { $0 == " " || $0 == "\t" }.hasPrefix("//") }
                    .joined(separator: "\n")
                let used = Set(patterns.filter { code.contains($0.1) }.map(\.0))
                if !used.isEmpty { result.append((file, used)) }
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    @Test func unsafeCodeLivesOnlyWhereTheArchitectureAllowsIt() throws {
        let root = repositoryRoot()
        let allowList = try Self.allowList(root: root)
        #expect(allowList.count > 5, "no allow-list table in docs/architecture.md's \"Where unsafe code may live\"")
        let known = Set(Self.kinds.map(\.name))
        for row in allowList {
            #expect(row.kinds.isSubset(of: known), "\(row.path): unknown kinds \(row.kinds.subtracting(known).sorted())")
            // Rules read analyses and word findings; only their engine may hold unsafe code.
            #expect(row.path.hasPrefix("Sources/") || row.path.hasPrefix("Rules/Engine/"), "\(row.path): only Sources/ and Rules/Engine/ may hold unsafe code")
        }

        let usage = try Self.usage(root: root)
        // The scan sees what the table was written from (it cannot pass by finding nothing).
        #expect(usage.contains { $0.file == "Sources/ModlintRendering/Graphviz/GraphvizRenderer.swift" && $0.kinds.contains("graphviz") })

        var outside: [String] = []
        for (file, kinds) in usage {
            let allowed = allowList.filter { $0.covers(file) }.reduce(into: Set<String>()) { $0.formUnion($1.kinds) }
            let extra = kinds.subtracting(allowed)
            if !extra.isEmpty { outside.append("\(file) (\(extra.sorted().joined(separator: ", ")))") }
        }
        #expect(outside.isEmpty, """
            unsafe code outside the allow-list of docs/architecture.md ("Where unsafe code may live"): \
            \(outside.joined(separator: "; "))
            """)

        // No row allows more than the code uses: a kind no file below a row uses any more
        // comes out of the table.
        var unused: [String] = []
        for row in allowList {
            for kind in row.kinds.sorted() where !usage.contains(where: { row.covers($0.file) && $0.kinds.contains(kind) }) {
                unused.append("\(row.path) (\(kind))")
            }
        }
        #expect(unused.isEmpty, "allow-list rows no file uses: \(unused.joined(separator: "; "))")
    }
}
