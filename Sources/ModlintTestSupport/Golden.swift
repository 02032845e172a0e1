import Foundation
import Testing

/// Compares `actual` with `Golden/<name>` (a resource of the calling test target, next to
/// `filePath`) byte for byte. With `MODLINT_UPDATE_GOLDEN=1`
/// the golden file in the source tree is rewritten instead (then rebuild and rerun).
public func expectGolden(_ actual: String, _ name: String, bundle: Bundle, filePath: String,
                         sourceLocation: SourceLocation) {
    let sourceURL = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["MODLINT_UPDATE_GOLDEN"] == "1" {
        do {
            try Data(actual.utf8).write(to: sourceURL)
        } catch {
            Issue.record("cannot write golden file \(name): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let url = bundle.url(forResource: name, withExtension: nil, subdirectory: "Golden"),
          let data = FileManager.default.contents(atPath: url.path) else {
        Issue.record("missing golden file Golden/\(name); run with MODLINT_UPDATE_GOLDEN=1 to create it",
                     sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
        let diff = goldenDiff(expected: expected, actual: actual)
        Issue.record("\(name) differs from its golden file (MODLINT_UPDATE_GOLDEN=1 rewrites it):\n\(diff)",
                     sourceLocation: sourceLocation)
    }
}

/// The first differing line with three lines of context, control characters made visible.
public func goldenDiff(expected: String, actual: String) -> String {
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var first = 0
    while first < min(e.count, a.count), e[first] == a[first] { first += 1 }
    func visible(_ line: Substring) -> String {
        line.unicodeScalars.map { $0.value < 0x20 || $0 == "\u{7F}" ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }
    var out = "first difference at line \(first + 1) (expected \(e.count) lines, got \(a.count))\n"
    for i in max(first - 3, 0)..<min(first, e.count) { out += "   \(i + 1)  \(visible(e[i]))\n" }
    for i in first..<min(first + 4, e.count) { out += "-  \(i + 1)  \(visible(e[i]))\n" }
    for i in first..<min(first + 4, a.count) { out += "+  \(i + 1)  \(visible(a[i]))\n" }
    return out
}
