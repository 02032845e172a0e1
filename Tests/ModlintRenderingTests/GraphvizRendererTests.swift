import Foundation
import ModlintGraph
@testable import ModlintRendering
import Testing

/// The graphviz name of a node: DOT quoting doubles backslashes, and Graphviz keeps them.
private func svgTitle(_ id: String) -> String {
    let name = id.replacingOccurrences(of: "\\", with: "\\\\")
    var out = ""
    for c in name {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "-": out += "&#45;"
        default: out.append(c)
        }
    }
    return "<title>\(out)</title>"
}

@Suite(.serialized) struct GraphvizRendererTests {
    static let dot = DOTRenderer(options: DOTOptions(title: "Modules")).render(Fixtures.view)

    @Test func svg() throws {
        let data = try GraphvizRenderer().render(dot: Self.dot, format: .svg)
        let svg = String(decoding: data, as: UTF8.self)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<svg"))
        for node in Fixtures.view.nodes {
            #expect(svg.contains(svgTitle(node.id)), "no <title> for \(node.id)")
        }
        // Violation edges are red and carry their rule ids as tooltip.
        #expect(svg.contains("stroke=\"#d62728\""))
        #expect(svg.contains("import&#45;cycle, layer&#45;violation"))
    }

    @Test func png() throws {
        let data = try GraphvizRenderer().render(Fixtures.view, format: .png)
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func pdf() throws {
        let data = try GraphvizRenderer().render(dot: Self.dot, format: "pdf")
        #expect(data.starts(with: Array("%PDF".utf8)))
    }

    /// Loading the plugins directly never reads the plugin configuration, so this works
    /// on machines where `dot -c` was never run.
    @Test(arguments: GraphvizFormat.allCases)
    func withoutPluginConfiguration(format: GraphvizFormat) throws {
        let directory = try #require(GraphvizRenderer.defaultPluginDirectory)
        let data = try GraphvizRenderer(pluginSource: .directory(directory)).render(dot: Self.dot, format: format)
        switch format {
        case .svg: #expect(String(decoding: data, as: UTF8.self).contains(svgTitle("Core")))
        case .png: #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        case .pdf: #expect(data.starts(with: Array("%PDF".utf8)))
        }
    }

    @Test func missingPluginsAreReportedClearly() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("modlint-no-plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let error = #expect(throws: RenderError.self) {
            try GraphvizRenderer(pluginSource: .directory(empty.path)).render(dot: "digraph { a }", format: .svg)
        }
        #expect(error?.kind == .pluginsUnavailable)
        #expect(error?.message.contains("no usable Graphviz plugins in \(empty.path)") == true)
    }

    @Test func invalidDOT() throws {
        let error = #expect(throws: RenderError.self) {
            try GraphvizRenderer().render(dot: "digraph { a -> ; }", format: .svg)
        }
        #expect(error?.kind == .invalidDOT)
        #expect(error?.message == "invalid DOT input")
        #expect(error?.graphvizMessage?.contains("syntax error in line 1") == true, "\(String(describing: error))")
        #expect(error?.description.contains("Graphviz: ") == true)
        // The parser recovers: the next valid graph still renders.
        let svg = try GraphvizRenderer().render(dot: "digraph { ok }", format: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("<title>ok</title>"))
    }

    /// cgraph keeps unread input in a global lexer buffer; a second graph in one input must
    /// not leak into the next render.
    @Test func noInputLeaksIntoTheNextRender() throws {
        _ = try GraphvizRenderer().render(dot: "digraph first { x }\ndigraph second { leaked }\n", format: .svg)
        let svg = String(decoding: try GraphvizRenderer().render(dot: "digraph third { z }", format: .svg), as: UTF8.self)
        #expect(svg.contains("<title>z</title>"))
        #expect(!svg.contains("leaked"))
    }

    /// cgraph's default IDs are the addresses of interned names, and subgraphs are kept in
    /// ID order: the cluster order, and so the SVG, followed the heap. Each render here
    /// starts on a heap shaped differently (blocks of seeded random sizes, some freed), and
    /// all must give the same bytes. With the default IDs, most of the six differed.
    @Test func sameDOTGivesTheSameSVGWhateverTheHeap() throws {
        var dot = "digraph layers {\n  compound=true;\n"
        let clusters = ["app", "core", "features", "services", "ui", "utilities"]
        for cluster in clusters {
            dot += "  subgraph \"cluster_\(cluster)\" {\n    label=\"\(cluster)\";\n"
            for index in 0..<4 { dot += "    \"\(cluster)\(index)\";\n" }
            dot += "  }\n"
        }
        for (position, cluster) in clusters.enumerated() {
            for index in 0..<4 {
                let target = clusters[(position + index + 1) % clusters.count]
                dot += "  \"\(cluster)\(index)\" -> \"\(target)\((index * 3 + 1) % 4)\";\n"
            }
        }
        dot += "}\n"
        var renders: Set<Data> = []
        for seed in 1...6 {
            let noise = HeapNoise(seed: UInt64(seed))
            renders.insert(try GraphvizRenderer().render(dot: dot, format: .svg))
            noise.release()
        }
        #expect(renders.count == 1)
    }

    @Test func emptyInput() {
        let error = #expect(throws: RenderError.self) { try GraphvizRenderer().render(dot: "", format: .svg) }
        #expect(error?.kind == .invalidDOT)
    }

    @Test func unknownFormat() {
        let error = #expect(throws: RenderError.self) { try GraphvizRenderer().render(dot: "digraph { a }", format: "bmp2") }
        #expect(error?.kind == .unknownFormat)
        #expect(error?.message == "unknown image format 'bmp2' (supported: svg, png, pdf)")
    }

    @Test func concurrentRendersAreSerialised() async throws {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<8 {
                group.addTask { try GraphvizRenderer().render(dot: "digraph { n\(i) -> m\(i) }", format: .svg).count }
            }
            for try await count in group { #expect(count > 0) }
        }
    }

    @Test func version() {
        #expect(GraphvizRenderer.graphvizVersion?.isEmpty == false)
    }
}

/// libgvc reads `GVBINDIR` once per process, so the "plugin configuration missing" case can
/// only be set up from outside: run the tests with `GVBINDIR` pointing at an empty directory
/// (`GVBINDIR=$(mktemp -d) swift test --filter ModlintRenderingTests`) to exercise it.
@Suite struct MissingPluginConfigurationTests {
    static var configurationHidden: Bool {
        guard let dir = ProcessInfo.processInfo.environment["GVBINDIR"] else { return false }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return !files.contains { $0.hasPrefix("config") }
    }

    @Test(.enabled(if: configurationHidden, "needs GVBINDIR pointing at a directory without config6"))
    func automaticFallsBackAndSystemReportsClearly() throws {
        let error = #expect(throws: RenderError.self) {
            try GraphvizRenderer(pluginSource: .systemConfiguration).render(dot: "digraph { a }", format: .svg)
        }
        #expect(error?.kind == .pluginsUnavailable)
        #expect(error?.message.contains("plugin configuration (config6)") == true)
        #expect(error?.message.contains("dot -c") == true)
        let svg = try GraphvizRenderer(pluginSource: .automatic).render(dot: "digraph { a }", format: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("<title>a</title>"))
    }
}

/// Blocks of seeded random sizes, every other one freed at once and the rest on `release`:
/// what follows allocates into a heap of another shape.
private struct HeapNoise {
    private var kept: [UnsafeMutableRawPointer] = []

    init(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        for index in 0..<4_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            guard let block = malloc(Int(state >> 33) % 300 + 1) else { continue }
            if index % 2 == 0 { free(block) } else { kept.append(block) }
        }
    }

    func release() {
        for block in kept { free(block) }
    }
}
