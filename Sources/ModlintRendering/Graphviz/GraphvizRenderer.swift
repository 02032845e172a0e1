import CGraphviz
import Foundation
import ModlintGraph
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output formats rendered through libgvc.
public enum GraphvizFormat: String, Sendable, CaseIterable {
    case svg, png, pdf
}

/// A rendering failure, with Graphviz's own error text when it gave one.
public struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The DOT text could not be parsed.
        case invalidDOT
        /// The requested output format is not one modlint renders, or Graphviz has no plugin for it.
        case unknownFormat
        /// `gvLayout` failed.
        case layoutFailed
        /// `gvRenderData` failed.
        case renderFailed
        /// No usable layout/render plugins (Graphviz plugin configuration missing or broken).
        case pluginsUnavailable
    }

    public var kind: Kind
    /// One line (or a few) for the user, without the Graphviz text.
    public var message: String
    /// What Graphviz itself reported (trimmed), if anything.
    public var graphvizMessage: String?

    public init(_ kind: Kind, _ message: String, graphvizMessage: String? = nil) {
        self.kind = kind
        self.message = message
        let trimmed = graphvizMessage?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.graphvizMessage = trimmed?.isEmpty == false ? trimmed : nil
    }

    public var description: String {
        guard let graphvizMessage else { return message }
        return "\(message)\nGraphviz: \(graphvizMessage.replacingOccurrences(of: "\n", with: "\nGraphviz: "))"
    }
}

/// DOT text → SVG / PNG / PDF bytes, in process through libgvc (`dot` layout).
///
/// libgvc is not thread-safe: every call is serialised on one process-wide lock.
/// Contexts are created once per plugin source and kept for the life of the process.
public struct GraphvizRenderer: Sendable {
    /// Where libgvc's layout and render plugins come from.
    public enum PluginSource: Sendable, Equatable, Hashable {
        /// The installed plugin configuration (`config6`, written by `dot -c`); when that is
        /// missing or unusable, the plugins are loaded directly from `defaultPluginDirectory`.
        case automatic
        /// Only the installed plugin configuration (what the `dot` command uses).
        case systemConfiguration
        /// Load the `core`, `dot_layout`, `pango` and `gd` plugins from this directory
        /// directly; the plugin configuration file is never read.
        case directory(String)
    }

    public var pluginSource: PluginSource

    public init(pluginSource: PluginSource = .automatic) {
        self.pluginSource = pluginSource
    }

    /// Renders DOT text with the `dot` layout.
    public func render(dot: String, format: GraphvizFormat) throws(RenderError) -> Data {
        try GraphvizEngine.shared.render(dot: dot, format: format.rawValue, source: pluginSource)
    }

    /// Renders DOT text to a format given by name (`svg`, `png`, `pdf`); any other name is a
    /// `RenderError` of kind `.unknownFormat`.
    public func render(dot: String, format: String) throws(RenderError) -> Data {
        guard let known = GraphvizFormat(rawValue: format.lowercased()) else {
            throw RenderError(.unknownFormat, "unknown image format '\(format)' (supported: "
                + GraphvizFormat.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        return try render(dot: dot, format: known)
    }

    /// `DOTRenderer` followed by `render(dot:format:)`.
    public func render(_ view: GraphView, options: DOTOptions = DOTOptions(), format: GraphvizFormat) throws(RenderError) -> Data {
        try render(dot: DOTRenderer(options: options).render(view), format: format)
    }

    /// The layout itself as Graphviz's `json0` (positions, sizes, clusters, splines):
    /// what `GraphvizLayout` reads back.
    func layoutJSON(dot: String) throws(RenderError) -> Data {
        try GraphvizEngine.shared.render(dot: dot, format: "json0", source: pluginSource)
    }

    /// The Graphviz version of the linked libgvc (e.g. `2.42.2`), or `nil` when no context
    /// could be created.
    public static var graphvizVersion: String? {
        GraphvizEngine.shared.version()
    }

    /// The directory holding libgvc's plugins: the `graphviz` folder next to the loaded libgvc
    /// (the same place libgvc itself looks), or `nil` when that cannot be determined.
    public static var defaultPluginDirectory: String? {
        GraphvizEngine.pluginDirectoryNextToLibgvc()
    }
}

// MARK: - Engine

/// Text reported through `agerr` while the engine lock is held (the callback cannot capture).
nonisolated(unsafe) private var capturedGraphvizText = ""

private let captureGraphvizText: agusererrf = { text in
    if let text { capturedGraphvizText += String(cString: text) }
    return 0
}

/// Owns the libgvc contexts; all libgvc / cgraph calls go through `lock`.
final class GraphvizEngine: @unchecked Sendable {
    static let shared = GraphvizEngine()

    private let lock = NSLock()
    private var contexts: [GraphvizRenderer.PluginSource: OpaquePointer] = [:]

    func render(dot: String, format: String, source: GraphvizRenderer.PluginSource) throws(RenderError) -> Data {
        lock.lock()
        defer { lock.unlock() }
        let previousHandler = agseterrf(captureGraphvizText)
        defer { agseterrf(previousHandler) }

        let gvc = try context(for: source)
        capturedGraphvizText = ""
        agreseterrors()

        guard let graph = Self.read(dot) else {
            let text = capturedGraphvizText
            throw RenderError(.invalidDOT, text.isEmpty ? "the DOT input contains no graph" : "invalid DOT input",
                              graphvizMessage: text)
        }
        defer { agclose(graph) }
        if agerrors() > 0 {
            throw RenderError(.invalidDOT, "invalid DOT input", graphvizMessage: capturedGraphvizText)
        }

        guard gvLayout(gvc, graph, "dot") == 0 else {
            throw RenderError(.layoutFailed, "Graphviz 'dot' layout failed", graphvizMessage: capturedGraphvizText)
        }
        defer { gvFreeLayout(gvc, graph) }

        capturedGraphvizText = ""
        var bytes: UnsafeMutablePointer<CChar>?
        let (status, length) = Self.renderData(gvRenderData, gvc, graph, format, &bytes)
        defer { if let bytes { gvFreeRenderData(bytes) } }
        guard status == 0, let bytes else {
            let text = capturedGraphvizText
            if text.contains("not recognized") {
                throw RenderError(.unknownFormat, "Graphviz has no renderer for format '\(format)'", graphvizMessage: text)
            }
            throw RenderError(.renderFailed, "Graphviz could not render format '\(format)'", graphvizMessage: text)
        }
        return Data(bytes: bytes, count: length)
    }

    /// `gvRenderData` takes `unsigned int *` in older Graphviz and `size_t *` in newer ones;
    /// let the compiler pick.
    private static func renderData<Length: BinaryInteger>(
        _ function: (OpaquePointer?, UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?,
                     UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<Length>?) -> Int32,
        _ gvc: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, _ format: String,
        _ result: inout UnsafeMutablePointer<CChar>?
    ) -> (Int32, Int) {
        var length: Length = 0
        let status = format.withCString { function(gvc, graph, $0, &result, &length) }
        return (status, Int(length))
    }

    func version() -> String? {
        lock.lock()
        defer { lock.unlock() }
        let previousHandler = agseterrf(captureGraphvizText)
        defer { agseterrf(previousHandler) }
        guard let gvc = try? context(for: .automatic), let text = gvcVersion(gvc) else { return nil }
        return String(cString: text)
    }

    // MARK: Contexts (lock held)

    private func context(for source: GraphvizRenderer.PluginSource) throws(RenderError) -> OpaquePointer {
        if let gvc = contexts[source] { return gvc }
        let gvc: OpaquePointer
        switch source {
        case .systemConfiguration:
            gvc = try systemContext()
        case let .directory(path):
            gvc = try directoryContext(path)
        case .automatic:
            do {
                gvc = try systemContext()
            } catch let systemError {
                guard let directory = Self.pluginDirectoryNextToLibgvc() else { throw systemError }
                do {
                    gvc = try directoryContext(directory)
                } catch {
                    throw RenderError(.pluginsUnavailable, systemError.message + "; loading the plugins directly from \(directory) failed too: " + error.message,
                                      graphvizMessage: [systemError.graphvizMessage, error.graphvizMessage].compactMap { $0 }.joined(separator: "\n"))
                }
            }
        }
        contexts[source] = gvc
        return gvc
    }

    private func systemContext() throws(RenderError) -> OpaquePointer {
        capturedGraphvizText = ""
        guard let gvc = gvContext() else {
            throw RenderError(.pluginsUnavailable, "could not create a Graphviz context", graphvizMessage: capturedGraphvizText)
        }
        guard probe(gvc) else {
            let text = capturedGraphvizText
            gvFreeContext(gvc)
            // libgvc looks in $GVBINDIR when set, else in the graphviz folder next to itself.
            let location = (ProcessInfo.processInfo.environment["GVBINDIR"] ?? Self.pluginDirectoryNextToLibgvc())
                .map { " in \($0)" } ?? ""
            throw RenderError(.pluginsUnavailable,
                              "Graphviz has no 'dot' layout plugin: its plugin configuration (config6)\(location) is missing or "
                              + "incomplete; run `dot -c` with installer privileges or reinstall Graphviz",
                              graphvizMessage: text)
        }
        return gvc
    }

    /// Plugins in load order; the first two are required.
    static let directPlugins = ["core", "dot_layout", "pango", "gd"]

    private func directoryContext(_ directory: String) throws(RenderError) -> OpaquePointer {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var symbols: [(String, UnsafeMutableRawPointer)] = []
        var problems: [String] = []
        for plugin in Self.directPlugins {
            let prefix = "libgvplugin_\(plugin)."
            guard let file = files.filter({ $0.hasPrefix(prefix) && ($0.contains(".so") || $0.hasSuffix(".dylib")) }).sorted().first else {
                problems.append("no \(prefix)* library")
                continue
            }
            guard let handle = dlopen(directory + "/" + file, RTLD_NOW | RTLD_LOCAL) else {
                problems.append(dlerror().map { String(cString: $0) } ?? "cannot load \(file)")
                continue
            }
            let symbol = "gvplugin_\(plugin)_LTX_library"
            guard let address = dlsym(handle, symbol) else {
                problems.append("\(file) has no \(symbol)")
                continue
            }
            symbols.append((symbol, address))
        }
        let loaded = Set(symbols.map(\.0))
        guard loaded.contains("gvplugin_core_LTX_library"), loaded.contains("gvplugin_dot_layout_LTX_library") else {
            throw RenderError(.pluginsUnavailable,
                              "no usable Graphviz plugins in \(directory) (need core and dot_layout): "
                              + problems.joined(separator: "; "))
        }
        // libgvc keeps pointers into this table: allocate it once and never free it.
        let table = UnsafeMutablePointer<lt_symlist_t>.allocate(capacity: symbols.count + 1)
        for (index, (name, address)) in symbols.enumerated() {
            table[index] = lt_symlist_t(name: UnsafePointer(strdup(name)), address: address)
        }
        table[symbols.count] = lt_symlist_t(name: nil, address: nil)
        capturedGraphvizText = ""
        // demand_loading = 0: only the built-in table, the configuration file is never read.
        guard let gvc = gvContextPlugins(table, 0), probe(gvc) else {
            throw RenderError(.pluginsUnavailable, "Graphviz plugins from \(directory) do not provide the 'dot' layout",
                              graphvizMessage: capturedGraphvizText)
        }
        return gvc
    }

    /// `agmemread` with a clean lexer, and object IDs in creation order (`modlint_read_dot`:
    /// cgraph's default IDs are heap addresses, which made the cluster order of a layout vary
    /// between runs). cgraph's lexer is global: after a successful read the rest of the
    /// previous input (at least its trailing newline) stays buffered and would be read first,
    /// and the line counter keeps counting. `aglexbad` (exported, not declared in the
    /// headers; looked up at run time in case a Graphviz version drops it) flushes the buffer.
    private static func read(_ dot: String) -> UnsafeMutablePointer<Agraph_t>? {
        flushLexer?()
        agreadline(1)
        var text = dot
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { modlint_read_dot($0.baseAddress, $0.count) }
        }
    }

    private static let flushLexer: (@convention(c) () -> Void)? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "aglexbad") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
    }()

    /// Lays out a one-node graph: does this context have a working `dot` layout?
    private func probe(_ gvc: OpaquePointer) -> Bool {
        guard let graph = Self.read("digraph probe { a }") else { return false }
        defer { agclose(graph) }
        guard gvLayout(gvc, graph, "dot") == 0 else { return false }
        gvFreeLayout(gvc, graph)
        return true
    }

    static func pluginDirectoryNextToLibgvc() -> String? {
        guard let path = loadedLibgvcPath() else { return nil }
        let library = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        return library.deletingLastPathComponent().appendingPathComponent("graphviz").path
    }

    /// The file libgvc was loaded from.
    private static func loadedLibgvcPath() -> String? {
        #if canImport(Darwin)
        let function: @convention(c) () -> OpaquePointer? = gvContext
        var info = Dl_info()
        guard dladdr(unsafeBitCast(function, to: UnsafeRawPointer.self), &info) != 0, let file = info.dli_fname else {
            return nil
        }
        return String(cString: file)
        #else
        // glibc's dladdr needs _GNU_SOURCE; the loader's own map is just as good.
        // (/proc files report size 0, so read them line by line.)
        guard let file = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(file) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, file) > 0, let buffer {
            let line = String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if URL(fileURLWithPath: path).lastPathComponent.hasPrefix("libgvc.") { return path }
        }
        return nil
        #endif
    }
}
