import Foundation

/// Node boxes of a Graphviz SVG: for every `<g … class="node">` group, its `<title>` and
/// the bounding box of the coordinates in its shapes (`points`, path `d`, ellipses).
struct SVGGeometry {
    struct Box: Equatable {
        var minX, minY, maxX, maxY: Double

        func overlaps(_ other: Box, margin: Double = 0.5) -> Bool {
            minX + margin < other.maxX && other.minX + margin < maxX
                && minY + margin < other.maxY && other.minY + margin < maxY
        }
    }

    var nodes: [(title: String, box: Box)] = []

    init(svg: String) {
        var rest = svg[...]
        while let start = rest.range(of: "class=\"node\"") {
            let afterStart = rest[start.upperBound...]
            let end = afterStart.range(of: "</g>")?.lowerBound ?? afterStart.endIndex
            let group = afterStart[..<end]
            rest = afterStart[end...]
            let title = Self.between(group, "<title>", "</title>") ?? ""
            var xs: [Double] = [], ys: [Double] = []
            for attribute in ["points=\"", " d=\""] {
                var scan = group
                while let open = scan.range(of: attribute) {
                    let valueEnd = scan[open.upperBound...].firstIndex(of: "\"") ?? scan.endIndex
                    for (x, y) in Self.pairs(scan[open.upperBound..<valueEnd]) {
                        xs.append(x)
                        ys.append(y)
                    }
                    scan = scan[valueEnd...].dropFirst()
                }
            }
            var scan = group
            while let open = scan.range(of: "<ellipse") {
                let close = scan[open.upperBound...].firstIndex(of: ">") ?? scan.endIndex
                let tag = scan[open.upperBound..<close]
                if let cx = Self.number(tag, "cx"), let cy = Self.number(tag, "cy"),
                   let rx = Self.number(tag, "rx"), let ry = Self.number(tag, "ry") {
                    xs += [cx - rx, cx + rx]
                    ys += [cy - ry, cy + ry]
                }
                scan = scan[close...]
            }
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { continue }
            nodes.append((title, Box(minX: minX, minY: minY, maxX: maxX, maxY: maxY)))
        }
    }

    /// Pairs of nodes whose boxes overlap.
    var overlaps: [(String, String)] {
        var out: [(String, String)] = []
        for i in nodes.indices {
            for j in nodes.indices where j > i && nodes[i].box.overlaps(nodes[j].box) {
                out.append((nodes[i].title, nodes[j].title))
            }
        }
        return out
    }

    private static func between(_ text: Substring, _ open: String, _ close: String) -> String? {
        guard let start = text.range(of: open), let end = text[start.upperBound...].range(of: close) else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }

    private static func number(_ tag: Substring, _ name: String) -> Double? {
        guard let value = between(tag, " \(name)=\"", "\"") else { return nil }
        return Double(value)
    }

    /// `x,y` pairs in a points list or path data (Graphviz writes absolute coordinates).
    private static func pairs(_ text: Substring) -> [(Double, Double)] {
        var numbers: [Double] = []
        var current = ""
        for character in text {
            if character.isNumber || character == "." || (character == "-" && current.isEmpty) {
                current.append(character)
            } else {
                if let value = Double(current) { numbers.append(value) }
                current = character == "-" ? "-" : ""
            }
        }
        if let value = Double(current) { numbers.append(value) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }
}
