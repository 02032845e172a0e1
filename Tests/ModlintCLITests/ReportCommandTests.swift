import Foundation
import ModlintTestSupport
import Testing

/// `modlint report` and `--reporter html`: what the page is made of, outside the browser
/// (the page itself is tested in Chromium by `Tests/Browser`).
@Suite struct ReportCommandTests {
    static let demo = repositoryRoot() + "/Examples/DemoApp"

    /// The page's data between `<script id="modlint-data" …>` and `</script>`.
    static func data(_ page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "<script id=\"modlint-data\" type=\"application/json\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// Same tree, same bytes; everything inline (no external script, style, font or
    /// image, and a policy that forbids fetching any); exit 0 whatever it finds.
    @Test func reportIsSelfContainedAndDeterministic() throws {
        let first = try CLI.run(["report", Self.demo])
        let second = try CLI.run(["report", Self.demo])
        #expect(first.exitCode == 0)
        #expect(first.standardOutput == second.standardOutput)
        let page = first.standardOutput
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\""))
        for external in ["<script src", "<link", "@import", "url(http", "fetch(", "XMLHttpRequest"] {
            #expect(!page.contains(external), "\(external)")
        }
        #expect(!page.contains(repositoryRoot()), "no host path in the page")
    }

    /// The data holds every module of the modules view, the edges and their violations,
    /// every finding of `lint`, metrics, and the views as tabs; small views are laid out
    /// by Graphviz.
    @Test func dataMatchesTheOtherOutputs() throws {
        let page = try Self.data(try CLI.run(["report", Self.demo]).standardOutput)
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(try CLI.run(
            ["graph", Self.demo, "--view", "modules", "--collapse", "none", "--format", "json"]).standardOutput.utf8)) as? [String: Any])
        let lint = try #require(try JSONSerialization.jsonObject(with: Data(try CLI.run(["lint", Self.demo, "--reporter", "json"]).standardOutput.utf8))
            as? [String: Any])
        let views = try #require(page["views"] as? [[String: Any]])
        #expect(views.map { $0["name"] as? String } == ["modules", "packages", "di", "spezi"])
        let modules = views[0]
        #expect(modules["engine"] as? String == "graphviz dot")
        let nodes = try #require(modules["nodes"] as? [[String: Any]])
        let expected = try #require(graph["nodes"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(nodes.compactMap { $0["id"] as? String } == expected)
        let ids = nodes.compactMap { $0["id"] as? String }
        let edges = try #require(modules["edges"] as? [[String: Any]]).map { edge -> String in
            "\(ids[edge["from"] as! Int]) -> \(ids[edge["to"] as! Int]) \(edge["kind"] as! String) \((edge["violations"] as? [String] ?? []).joined(separator: ","))"
        }
        let graphEdges = try #require(graph["edges"] as? [[String: Any]]).map { edge -> String in
            "\(edge["from"] as! String) -> \(edge["to"] as! String) \(edge["kind"] as! String) \((edge["violations"] as? [String] ?? []).joined(separator: ","))"
        }
        #expect(edges == graphEdges)
        #expect(edges.contains("Networking -> Settings dependency import-cycle,layer-violation,target-cycle"))
        // Metrics as `graph` computes them; files as the workspace holds them.
        for (node, graphNode) in zip(nodes, try #require(graph["nodes"] as? [[String: Any]])) {
            let metrics = try #require(graphNode["metrics"] as? [String: Any])
            #expect(node["fanIn"] as? Int == metrics["fanIn"] as? Int && node["fanOut"] as? Int == metrics["fanOut"] as? Int
                    && node["depth"] as? Int == metrics["depth"] as? Int, "\(node["id"]!)")
        }
        let settings = try #require(nodes.first { $0["id"] as? String == "Settings" })
        #expect(settings["files"] as? Int == 1 && settings["package"] as? String == "Features" && settings["layer"] as? String == "Features")
        let findings = try #require(page["findings"] as? [[String: Any]])
        let diagnostics = try #require(lint["diagnostics"] as? [[String: Any]])
        #expect(findings.map { "\($0["rule"]!) \($0["file"]!):\($0["line"]!)" } == diagnostics.map { "\($0["rule"]!) \($0["file"]!):\($0["line"]!)" })
        let rules = try #require(page["rules"] as? [String: Any])
        #expect(rules["target-cycle"] as? String == "Targets whose declared dependencies form a cycle.")
    }

    /// `lint --reporter html:FILE` writes the page `report` writes, and still gates.
    @Test func htmlReporterWritesTheSamePage() throws {
        let directory = try TemporaryDirectory(files: [("README.md", "")])
        defer { directory.remove() }
        let file = directory.path + "/architecture.html"
        let lint = try CLI.run(["lint", Self.demo, "--reporter", "html:" + file, "--quiet"])
        #expect(lint.exitCode == 1)
        let report = try CLI.run(["report", Self.demo])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == report.standardOutput)
    }
}
