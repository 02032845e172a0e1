/// A unified diff (`diff -u` layout, three lines of context) between two texts, for
/// `modlint fix --dry-run`. Lines are compared whole; manifests are small, so the longest
/// common subsequence is computed directly on the part between the common prefix and
/// suffix.
public enum UnifiedDiff {
    public static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        guard a != b else { return "" }
        let operations = diff(a, b)
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        // Changes closer than twice the context share a hunk.
        var index = 0
        while let firstChange = operations[index...].firstIndex(where: { $0.kind != .same }) {
            let start = max(index, firstChange - context)
            var lastChange = firstChange
            var cursor = firstChange + 1
            while cursor < operations.count {
                if operations[cursor].kind != .same {
                    lastChange = cursor
                } else if cursor - lastChange > 2 * context {
                    break
                }
                cursor += 1
            }
            let end = min(operations.count, lastChange + 1 + context)
            let hunk = operations[start..<end]
            let oldCount = hunk.filter { $0.kind != .insert }.count, newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(range(hunk.first!.oldLine, oldCount)) +\(range(hunk.first!.newLine, newCount)) @@\n"
            for operation in hunk {
                output += (operation.kind == .same ? " " : operation.kind == .delete ? "-" : "+") + operation.text + "\n"
            }
            index = end
        }
        return output
    }

    static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    struct Operation {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var text: String
        /// 1-based line in the old / new text where this operation stands.
        var oldLine: Int
        var newLine: Int
    }

    static func diff(_ a: [String], _ b: [String]) -> [Operation] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        // table[i][j]: length of the longest common subsequence of middleA[i...] and middleB[j...].
        var table = [[Int]](repeating: [Int](repeating: 0, count: middleB.count + 1), count: middleA.count + 1)
        if !middleA.isEmpty && !middleB.isEmpty {
            for i in stride(from: middleA.count - 1, through: 0, by: -1) {
                for j in stride(from: middleB.count - 1, through: 0, by: -1) {
                    table[i][j] = middleA[i] == middleB[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
        }
        var operations: [Operation] = []
        var oldLine = 1, newLine = 1
        func emit(_ kind: Operation.Kind, _ text: String) {
            operations.append(Operation(kind: kind, text: text, oldLine: oldLine, newLine: newLine))
            if kind != .insert { oldLine += 1 }
            if kind != .delete { newLine += 1 }
        }
        for line in a[..<prefix] { emit(.same, line) }
        var i = 0, j = 0
        while i < middleA.count || j < middleB.count {
            if i < middleA.count && j < middleB.count && middleA[i] == middleB[j] {
                emit(.same, middleA[i]); i += 1; j += 1
            } else if j < middleB.count && (i == middleA.count || table[i][j + 1] > table[i + 1][j]) {
                // Deletions before insertions, as `diff -u` prints a changed line.
                emit(.insert, middleB[j]); j += 1
            } else {
                emit(.delete, middleA[i]); i += 1
            }
        }
        for line in a[(a.count - suffix)...] { emit(.same, line) }
        return operations
    }
}
