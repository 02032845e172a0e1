#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ModlintGraph

/// A layout for views of any size, in time linear in nodes and edges (Graphviz's grows
/// much faster): rows by dependency depth — what depends on nothing at the bottom, the
/// modules that depend on the most above — and packages (or configured layers) as
/// vertical bands, so a module is found by its package and its height says how much
/// stands below it. The members of a cycle share a row. Edges are drawn straight.
public struct LayeredLayout: Sendable {
    /// Nodes side by side in one package and row before the row wraps.
    public var nodesPerLine = 8
    public var nodeGap = 10.0
    public var lineGap = 8.0
    public var rowGap = 44.0
    public var bandGap = 36.0
    /// Room above a band's first row for its name.
    public var bandTitle = 22.0
    public var bandPadding = 10.0

    public init() {}

    /// `layerOrder`: when nodes carry layers, the layers from top to bottom; rows are then
    /// grouped by layer first.
    public func layout(_ view: GraphView, layerOrder: [String] = []) -> DiagramLayout {
        guard !view.nodes.isEmpty else { return DiagramLayout(engine: "layered", width: 0, height: 0, nodes: [], edges: [], groups: []) }
        let (successors, dependents) = Self.adjacency(view)
        let grid = self.grid(view, depth: Self.depths(successors: successors), layerOrder: layerOrder)
        let placed = place(grid, on: shelves(for: grid), dependents: dependents)
        return DiagramLayout(engine: "layered", width: placed.width.rounded(.up), height: (placed.bottom - bandGap).rounded(.up), nodes: placed.boxes,
                             edges: [[Double]](repeating: [], count: view.edges.count), groups: placed.groups)
    }

    /// The nodes sorted into rows and bands before anything is placed: a cell holds the
    /// nodes of one band in one row, by id (the view's order).
    struct Grid {
        var rowCount: Int
        /// Band names (packages), left to right; one unnamed band when packages do not group.
        var bands: [String]
        var grouping: Bool
        /// Nodes side by side in a cell before its line wraps.
        var nodesPerLine: Int
        /// Per cell (`cell(row, band)`), its nodes.
        var cells: [[Int]]
        /// Per cell, the lines its nodes take.
        var cellLines: [Int]
        /// Per band, the widest line of any of its cells.
        var bandWidth: [Double]
        /// Per node, its box's width.
        var widths: [Double]

        func cell(_ row: Int, _ band: Int) -> Int { row * bands.count + band }

        /// The lines the tallest cell of `shelf` takes in `row`.
        func lines(row: Int, shelf: [Int]) -> Int { shelf.map { cellLines[cell(row, $0)] }.max() ?? 0 }
    }

    /// Rows by layer (when known) then depth, highest depth first; bands by package.
    func grid(_ view: GraphView, depth: [Int], layerOrder: [String]) -> Grid {
        let count = view.nodes.count
        let layerIndex = Dictionary(layerOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let rowKey = view.nodes.indices.map { index -> RowKey in
            let layer = view.nodes[index].layer.flatMap { layerIndex[$0] } ?? (layerOrder.isEmpty ? 0 : layerOrder.count)
            return RowKey(layer: layer, depth: depth[index])
        }
        let rows = Set(rowKey).sorted()
        let rowOf = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1, $0) })
        let (bands, bandName, grouping) = Self.bands(view, depth: depth)
        let bandOf = Dictionary(uniqueKeysWithValues: bands.enumerated().map { ($1, $0) })
        // One band: rows may run wider before they wrap.
        let nodesPerLine = grouping ? self.nodesPerLine : max(self.nodesPerLine, Int((Double(count) * 2.5).squareRoot()))
        var cells = [[Int]](repeating: [], count: rows.count * bands.count)
        for index in view.nodes.indices { cells[rowOf[rowKey[index]]! * bands.count + bandOf[bandName[index]]!].append(index) }
        let widths = view.nodes.map { DiagramLayout.nodeWidth($0.id) }
        // Band widths: the widest line of any of its cells; per row, the lines each band needs.
        var bandWidth = [Double](repeating: 0, count: bands.count)
        var cellLines = [Int](repeating: 0, count: rows.count * bands.count)
        for row in rows.indices {
            for band in bands.indices {
                let cell = cells[row * bands.count + band]
                guard !cell.isEmpty else { continue }
                cellLines[row * bands.count + band] = (cell.count + nodesPerLine - 1) / nodesPerLine
                for start in stride(from: 0, to: cell.count, by: nodesPerLine) {
                    let line = cell[start..<min(cell.count, start + nodesPerLine)]
                    bandWidth[band] = max(bandWidth[band], line.reduce(0) { $0 + widths[$1] } + Double(line.count - 1) * nodeGap)
                }
            }
        }
        return Grid(rowCount: rows.count, bands: bands, grouping: grouping, nodesPerLine: nodesPerLine, cells: cells, cellLines: cellLines,
                    bandWidth: bandWidth, widths: widths)
    }

    /// Bands: packages, ordered by their mean depth (deepest first) then name, so that what
    /// builds on a package tends to stand left of it; and each node's band. Packages are
    /// bands only where they group: in a view of packages each node is its own, and the
    /// rows alone order it.
    static func bands(_ view: GraphView, depth: [Int]) -> (bands: [String], bandName: [String], grouping: Bool) {
        let count = view.nodes.count
        let packages = view.nodes.map { $0.package ?? "(outside the workspace)" }
        let grouping = Set(packages).count * 2 <= count
        let bandName = grouping ? packages : [String](repeating: "", count: count)
        var depthSum: [String: (total: Int, count: Int)] = [:]
        for index in view.nodes.indices { depthSum[bandName[index], default: (0, 0)].total += depth[index]; depthSum[bandName[index]]!.count += 1 }
        let bands = depthSum.keys.sorted { lhs, rhs in
            let l = Double(depthSum[lhs]!.total) / Double(depthSum[lhs]!.count), r = Double(depthSum[rhs]!.total) / Double(depthSum[rhs]!.count)
            return l != r ? l > r : lhs < rhs
        }
        return (bands, bandName, grouping)
    }

    /// Many bands side by side make a picture far wider than high: they are packed into
    /// shelves, each with the rows its own bands need, as many as come closest to 16:10.
    func shelves(for grid: Grid) -> [[Int]] {
        let lineHeight = DiagramLayout.nodeHeight + lineGap
        let rowHeight = { (row: Int, shelf: [Int]) -> Double in
            let lines = grid.lines(row: row, shelf: shelf)
            return lines == 0 ? 0 : Double(lines) * lineHeight - lineGap + rowGap
        }
        let outer = grid.bandWidth.map { $0 + 2 * bandPadding + bandGap }
        var shelves = [Array(grid.bands.indices)]
        var bestScore = Double.infinity
        for count in 1...min(grid.bands.count, 64) {
            let candidate = Self.shelves(bandWidths: outer, count: count)
            let shelfWidth = candidate.map { $0.reduce(0) { $0 + outer[$1] } }.max() ?? 0
            let height = candidate.reduce(0.0) { total, shelf in total + (0..<grid.rowCount).reduce(0.0) { $0 + rowHeight($1, shelf) } + bandTitle + bandGap }
            let score = abs(log(shelfWidth / max(height, 1)) - log(1.6))
            if score < bestScore - 1e-9 {
                bestScore = score
                shelves = candidate
            }
        }
        return shelves
    }

    /// The boxes, shelf by shelf and row by row: each cell's nodes in lines centred in
    /// their band, in the order of what depends on them above; a group per band that
    /// groups; the picture's width, and the bottom of its last shelf (plus a band gap).
    func place(_ grid: Grid, on shelves: [[Int]], dependents: [[Int]])
        -> (boxes: [DiagramLayout.Box], groups: [DiagramLayout.Group], width: Double, bottom: Double) {
        let lineHeight = DiagramLayout.nodeHeight + lineGap
        var boxes = [DiagramLayout.Box](repeating: DiagramLayout.Box(x: 0, y: 0, width: 0, height: 0), count: grid.widths.count)
        var placed = [Bool](repeating: false, count: grid.widths.count)
        var groups: [DiagramLayout.Group] = []
        var width = 0.0
        var shelfTop = 0.0
        for shelf in shelves {
            var bandX: [Int: Double] = [:]
            var x = bandGap / 2
            for band in shelf {
                bandX[band] = x + bandPadding
                x += grid.bandWidth[band] + 2 * bandPadding + bandGap
            }
            width = max(width, x - bandGap / 2)
            var y = shelfTop + bandTitle + bandPadding
            var bandTop: [Int: Double] = [:], bandBottom: [Int: Double] = [:]
            for row in 0..<grid.rowCount {
                let lines = grid.lines(row: row, shelf: shelf)
                guard lines > 0 else { continue }
                for band in shelf {
                    let cell = Self.orderedByDependents(grid.cells[grid.cell(row, band)], dependents: dependents, boxes: boxes, placed: placed)
                    for (lineNumber, start) in stride(from: 0, to: cell.count, by: grid.nodesPerLine).enumerated() {
                        let line = cell[start..<min(cell.count, start + grid.nodesPerLine)]
                        let lineWidth = line.reduce(0) { $0 + grid.widths[$1] } + Double(line.count - 1) * nodeGap
                        var left = bandX[band]! + (grid.bandWidth[band] - lineWidth) / 2
                        let top = y + Double(lineNumber) * lineHeight
                        for index in line {
                            boxes[index] = DiagramLayout.Box(x: left.rounded(), y: top, width: grid.widths[index], height: DiagramLayout.nodeHeight)
                            placed[index] = true
                            left += grid.widths[index] + nodeGap
                        }
                        bandTop[band] = min(bandTop[band] ?? .infinity, top)
                        bandBottom[band] = max(bandBottom[band] ?? 0, top + DiagramLayout.nodeHeight)
                    }
                }
                y += Double(lines) * lineHeight - lineGap + rowGap
            }
            for band in shelf where grid.grouping {
                guard let top = bandTop[band], let bottom = bandBottom[band] else { continue }
                groups.append(DiagramLayout.Group(name: grid.bands[band], box: DiagramLayout.Box(
                    x: (bandX[band]! - bandPadding).rounded(), y: top - bandPadding - bandTitle,
                    width: (grid.bandWidth[band] + 2 * bandPadding).rounded(), height: bottom - top + 2 * bandPadding + bandTitle)))
            }
            shelfTop = y - rowGap + bandPadding + bandGap
        }
        return (boxes, groups, width, shelfTop)
    }

    /// A cell's nodes under the middle of what depends on them (the rows above are placed
    /// first), which uncrosses most edges between rows; a node nothing above depends on
    /// keeps its place by name.
    static func orderedByDependents(_ cell: [Int], dependents: [[Int]], boxes: [DiagramLayout.Box], placed: [Bool]) -> [Int] {
        guard cell.count > 1 else { return cell }
        var keys: [(key: Double, position: Int, node: Int)] = []
        var previous = -Double.infinity
        for (position, node) in cell.enumerated() {
            let above = dependents[node].filter { placed[$0] }
            // Without dependents above: just after the node before it.
            let key = above.isEmpty ? previous : above.reduce(0.0) { $0 + boxes[$1].x + boxes[$1].width / 2 } / Double(above.count)
            previous = key
            keys.append((key, position, node))
        }
        return keys.sorted { ($0.key, $0.position) < ($1.key, $1.position) }.map(\.node)
    }

    /// Bands in order, cut into `count` shelves of about equal width.
    static func shelves(bandWidths: [Double], count: Int) -> [[Int]] {
        let limit = max(bandWidths.reduce(0, +) / Double(count), bandWidths.max() ?? 0)
        var shelves: [[Int]] = [[]]
        var used = 0.0
        for (band, width) in bandWidths.enumerated() {
            if !shelves[shelves.count - 1].isEmpty && used + width > limit * 1.02 {
                shelves.append([])
                used = 0
            }
            shelves[shelves.count - 1].append(band)
            used += width
        }
        return shelves
    }

    struct RowKey: Hashable, Comparable {
        var layer: Int
        var depth: Int

        /// Top first: the first layer, then the deepest row.
        static func < (lhs: RowKey, rhs: RowKey) -> Bool {
            lhs.layer != rhs.layer ? lhs.layer < rhs.layer : lhs.depth > rhs.depth
        }
    }

    /// Per node, the nodes it depends on and the nodes that depend on it (self-loops and
    /// edges to nodes outside the view left out).
    public static func adjacency(_ view: GraphView) -> (successors: [[Int]], predecessors: [[Int]]) {
        let index = Dictionary(uniqueKeysWithValues: view.nodes.enumerated().map { ($1.id, $0) })
        var successors = [[Int]](repeating: [], count: view.nodes.count)
        var predecessors = [[Int]](repeating: [], count: view.nodes.count)
        for edge in view.edges {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            successors[from].append(to)
            predecessors[to].append(from)
        }
        return (successors, predecessors)
    }

    /// Per node, the longest chain of edges below it (0: depends on nothing in the view);
    /// the members of a cycle share one depth. Iterative: views have thousands of nodes.
    public static func depths(_ view: GraphView) -> [Int] {
        depths(successors: adjacency(view).successors)
    }

    /// `cycles`: `Cycles.stronglyConnectedComponents(successors)`, when the caller has them.
    public static func depths(successors: [[Int]], cycles: [[Int]]? = nil) -> [Int] {
        // A component per cycle (`Cycles`), every other node one of its own.
        let cycles = cycles ?? Cycles.stronglyConnectedComponents(successors)
        var component = Array(successors.indices)
        for (number, members) in cycles.enumerated() {
            for member in members { component[member] = successors.count + number }
        }
        let componentCount = successors.count + cycles.count
        // The condensation, and its reverse for a topological walk from the sinks.
        var outDegree = [Int](repeating: 0, count: componentCount)
        var predecessors = [[Int]](repeating: [], count: componentCount)
        var seen = Set<Int>()
        for from in successors.indices {
            for to in successors[from] where component[from] != component[to] {
                let pair = component[from] &* componentCount &+ component[to]
                guard seen.insert(pair).inserted else { continue }
                outDegree[component[from]] += 1
                predecessors[component[to]].append(component[from])
            }
        }
        var depth = [Int](repeating: 0, count: componentCount)
        var queue = (0..<componentCount).filter { outDegree[$0] == 0 }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for predecessor in predecessors[current] {
                depth[predecessor] = max(depth[predecessor], depth[current] + 1)
                outDegree[predecessor] -= 1
                if outDegree[predecessor] == 0 { queue.append(predecessor) }
            }
        }
        return component.map { depth[$0] }
    }
}
