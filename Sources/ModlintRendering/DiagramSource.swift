import Foundation

/// Keeps committed diagrams comparable with the code they were drawn from.
///
/// Text formats (DOT, Mermaid, JSON) are their own source: a committed file is current when
/// it equals the freshly generated text byte for byte. A rendered SVG depends on the
/// Graphviz version, so it is compared through its DOT source instead: every SVG modlint
/// writes carries the fingerprint of that DOT text in a comment
/// (`<!-- modlint-source: fnv1a64 <16 hex digits> -->`) right before the `<svg` element.
public enum DiagramSource {
    public static let marker = "modlint-source: fnv1a64 "

    /// FNV-1a (64 bit) of the text, 16 lower-case hex digits.
    public static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The SVG with the fingerprint of its DOT source inserted before the `<svg` element
    /// (at the start when there is none).
    public static func stamp(svg: Data, dot: String) -> Data {
        let comment = Data("<!-- \(marker)\(fingerprint(dot)) -->\n".utf8)
        let position = svg.range(of: Data("<svg".utf8))?.lowerBound ?? svg.startIndex
        var stamped = Data(svg[svg.startIndex..<position])
        stamped.append(comment)
        stamped.append(svg[position...])
        return stamped
    }

    /// The fingerprint stamped into an SVG, or `nil` when it has none.
    public static func stampedFingerprint(svg: Data) -> String? {
        guard let start = svg.range(of: Data(marker.utf8)) else { return nil }
        let digits = svg[start.upperBound...].prefix(16)
        guard digits.count == 16, digits.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return nil
        }
        return String(decoding: digits, as: UTF8.self)
    }
}

/// Whether a committed diagram still matches what modlint generates now.
public enum DiagramFreshness: Equatable, Sendable {
    case current
    case stale
    /// An SVG without a modlint source stamp (not written by modlint, or edited by hand).
    case unstamped

    /// Compares a committed text diagram with the fresh text.
    public static func ofText(committed: Data, fresh: String) -> DiagramFreshness {
        committed == Data(fresh.utf8) ? .current : .stale
    }

    /// Compares a committed SVG with the DOT source it would be rendered from now.
    public static func ofSVG(committed: Data, dot: String) -> DiagramFreshness {
        guard let stamped = DiagramSource.stampedFingerprint(svg: committed) else { return .unstamped }
        return stamped == DiagramSource.fingerprint(dot) ? .current : .stale
    }
}
