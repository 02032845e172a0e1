#!/usr/bin/env python3
"""Browser tests of `modlint report`: the page in headless Chromium (Debian's package),
driven by Playwright. Usage: report_test.py MODLINT OUTDIR. Writes the reports and a
screenshot per test into OUTDIR, so that a failure can be looked at.

Oracles are modlint's other outputs of the same tree: `graph --format json` (nodes and
edges) and `lint --reporter json` (findings); paths are counted here, independently.
"""
import base64
import json
import os
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright

MODLINT, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# A freeze, not a timing goal (goals are measured and printed, never asserted here).
FREEZE_MS = 2000


def run(*args, cwd=None):
    return subprocess.run([MODLINT, *args], cwd=cwd, capture_output=True, check=False)


def report(tree, name):
    path = os.path.join(OUT, name + ".html")
    started = time.monotonic()
    result = run("report", tree, "-o", path)
    assert result.returncode == 0, result.stderr.decode()
    return path, time.monotonic() - started


def graph_json(tree):
    result = run("graph", tree, "--view", "modules", "--collapse", "none", "--format", "json")
    assert result.returncode == 0, result.stderr.decode()
    return json.loads(result.stdout)


def lint_json(tree):
    return json.loads(run("lint", tree, "--reporter", "json", "--no-cache").stdout)


def simple_paths(edges, start, goal):
    successors = {}
    for edge in edges:
        successors.setdefault(edge["from"], set()).add(edge["to"])
    found = []

    def walk(node, path):
        if node == goal:
            found.append(path)
            return
        for nxt in sorted(successors.get(node, ())):
            if nxt not in path:
                walk(nxt, path + [nxt])
    walk(start, [start])
    return found


class Page:
    def __init__(self, browser, path):
        self.browser = browser
        self.page = browser.new_page(viewport={"width": 1400, "height": 850})
        self.errors, self.requests = [], []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        self.page.on("request", lambda request: self.requests.append(request.url))
        started = time.monotonic()
        self.page.goto("file://" + path)
        self.page.wait_for_selector("body[data-ready=true]", timeout=30000)
        self.page.evaluate("() => new Promise(requestAnimationFrame)")
        self.load_ms = (time.monotonic() - started) * 1000

    def js(self, expression, *args):
        return self.page.evaluate(expression, *args)

    def shot(self, name):
        self.page.screenshot(path=os.path.join(OUT, name + ".png"))

    def ink(self, selector, inset=0):
        """Pixels of `selector` as shown on screen (less `inset` pixels on every side: a
        toolbar, a legend) that are not near white: a screenshot, decoded by the browser
        itself in a blank page (the report's CSP allows no image)."""
        box = self.page.locator(selector).bounding_box()
        png = self.page.screenshot(clip={"x": box["x"] + inset, "y": box["y"] + inset,
                                         "width": box["width"] - 2 * inset, "height": box["height"] - 2 * inset})
        blank = self.browser.new_page()
        try:
            return blank.evaluate("""async (b64) => {
                const image = new Image();
                image.src = 'data:image/png;base64,' + b64;
                await image.decode();
                const canvas = document.createElement('canvas');
                canvas.width = image.width; canvas.height = image.height;
                const context = canvas.getContext('2d');
                context.drawImage(image, 0, 0);
                const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
                let count = 0;
                for (let i = 0; i < data.length; i += 4) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) count++;
                return count;
            }""", base64.b64encode(png).decode())
        finally:
            blank.close()

    def colour(self, selector, hex_colour, tolerance=16):
        """Pixels of `selector` on screen within `tolerance` of `hex_colour` on each channel."""
        box = self.page.locator(selector).bounding_box()
        png = self.page.screenshot(clip=box)
        target = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
        blank = self.browser.new_page()
        try:
            return blank.evaluate("""async ([b64, target, tolerance]) => {
                const image = new Image();
                image.src = 'data:image/png;base64,' + b64;
                await image.decode();
                const canvas = document.createElement('canvas');
                canvas.width = image.width; canvas.height = image.height;
                const context = canvas.getContext('2d');
                context.drawImage(image, 0, 0);
                const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
                let count = 0;
                for (let i = 0; i < data.length; i += 4) {
                    if (Math.abs(data[i] - target[0]) <= tolerance && Math.abs(data[i + 1] - target[1]) <= tolerance
                        && Math.abs(data[i + 2] - target[2]) <= tolerance) count++;
                }
                return count;
            }""", [base64.b64encode(png).decode(), target, tolerance])
        finally:
            blank.close()

    def frame(self):
        self.page.evaluate("() => new Promise(requestAnimationFrame)")
        self.page.evaluate("() => new Promise(requestAnimationFrame)")

    def click_node(self, node_id):
        point = self.js("id => modlintReport.screenPoint(id)", node_id)
        assert point, node_id
        self.page.mouse.click(point["x"], point["y"])

    def clean(self):
        assert not self.errors, self.errors
        assert all(url.startswith("file://") for url in self.requests), self.requests
        assert len(self.requests) == 1, self.requests


TESTS = []


def test(function):
    TESTS.append(function)
    return function


@test
def demo_page_shows_every_module_and_nothing_else_loads(browser, demo):
    page = Page(browser, demo["report"])
    expected = sorted(node["id"] for node in demo["graph"]["nodes"])
    listed = page.js("() => modlintReport.listedIds()")
    assert sorted(listed) == expected, (listed, expected)
    # The list is virtual: scrolled to its end, its last rows are in the document.
    page.js("() => { const list = document.getElementById('modules'); list.scrollTop = list.scrollHeight; list.dispatchEvent(new Event('scroll')); }")
    rendered = page.js("() => [...document.querySelectorAll('#modules li')].map(li => li.dataset.id)")
    assert listed[-1] in rendered, rendered
    drawn = page.js("() => modlintReport.views[0].nodes.map(n => n.id).sort()")
    assert drawn == expected
    edges = sorted((e["from"], e["to"], e["kind"]) for e in demo["graph"]["edges"])
    page_edges = page.js("() => { const v = modlintReport.views[0]; return v.edges.map(e => [v.nodes[e.from].id, v.nodes[e.to].id, e.kind]); }")
    assert sorted(map(tuple, page_edges)) == edges
    findings = page.js("() => document.querySelectorAll('#findings li').length")
    assert findings == len(demo["lint"]["diagnostics"])
    page.shot("demo")
    page.clean()


@test
def search_narrows_the_list_and_the_drawing(browser, demo):
    page = Page(browser, demo["report"])
    page.page.fill("#search", "set")
    shown = page.js("() => [...document.querySelectorAll('#modules li')].map(li => li.dataset.id)")
    assert shown == ["Settings"] and page.js("() => modlintReport.listedIds()") == ["Settings"], shown
    assert page.js("() => modlintReport.activeIds()") == ["Settings"]
    page.page.fill("#search", "")
    assert page.js("() => modlintReport.activeIds()") is None
    page.clean()


@test
def clicking_a_module_shows_its_neighbours_and_panel(browser, demo):
    page = Page(browser, demo["report"])
    page.click_node("Settings")
    assert page.page.inner_text("#panel h2") == "Settings"
    edges = demo["graph"]["edges"]
    neighbours = {"Settings"} | {e["to"] for e in edges if e["from"] == "Settings"} | {e["from"] for e in edges if e["to"] == "Settings"}
    assert page.js("() => modlintReport.activeIds()") == sorted(neighbours)
    panel = page.page.inner_text("#panel")
    for label in ("fan-in", "fan-out", "instability", "depth", "files", "Depends on", "Used by"):
        assert label in panel, (label, panel)
    page.shot("focus")
    # Two levels reach further down.
    page.page.select_option("#depth", "0")
    everything = page.js("() => modlintReport.activeIds()")
    assert set(neighbours) < set(everything), everything
    page.clean()


@test
def a_finding_highlights_its_edges(browser, demo):
    page = Page(browser, demo["report"])
    index = next(i for i, d in enumerate(demo["lint"]["diagnostics"]) if d["rule"] == "target-cycle")
    page.page.click(f"#findings li[data-index='{index}']")
    expected = sorted(tuple(e.values()) if isinstance(e, dict) else tuple(e) for e in
                      ([(x["from"], x["to"]) for x in demo["lint"]["diagnostics"][index]["edges"]]))
    highlighted = sorted(set(map(tuple, page.js("() => modlintReport.strongEdges()"))))
    assert highlighted == sorted(set(expected)), (highlighted, expected)
    assert page.js("() => document.querySelector('#findings li.selected').dataset.index") == str(index)
    page.page.select_option("#filter-severity", "warning")
    visible = page.js("() => [...document.querySelectorAll('#findings li')].filter(li => !li.hidden).map(li => li.dataset.severity)")
    assert visible and set(visible) == {"warning"}, visible
    page.shot("finding")
    page.clean()


@test
def why_lists_every_path_and_the_edges_to_cut(browser, demo):
    page = Page(browser, demo["report"])
    page.js("() => modlintReport.why('App', 'SharedModels')")
    expected = simple_paths(demo["graph"]["edges"], "App", "SharedModels")
    text = page.page.inner_text("#why-result")
    assert f"{len(expected)} path(s)" in text, (text, len(expected))
    on_paths = {(p[i], p[i + 1]) for p in expected for i in range(len(p) - 1)}
    assert set(map(tuple, page.js("() => modlintReport.strongEdges()"))) == on_paths
    cut = set(map(tuple, page.js("() => modlintReport.cutEdges()")))
    assert cut and cut <= on_paths, cut
    # Cutting them leaves no path.
    remaining = [e for e in demo["graph"]["edges"] if (e["from"], e["to"]) not in cut]
    assert not simple_paths(remaining, "App", "SharedModels")
    page.shot("why")
    page.clean()


@test
def severities_colour_the_drawing_and_the_filter_filters_it(browser, demo):
    """Errors red, warnings amber in the drawing as in the list (counted in the stage's
    pixels), the severity filter takes the other marks off the drawing, and the legend
    says what the drawing does: an undeclared import keeps its dashed line."""
    page = Page(browser, demo["report"])
    colours = page.js("() => modlintReport.data.palette.severity")
    severities = {d["severity"] for d in demo["lint"]["diagnostics"] if d.get("edges")}
    assert {"error", "warning"} <= severities, severities
    red, amber = page.colour("#graph", colours["error"]), page.colour("#graph", colours["warning"])
    assert red > 100 and amber > 40, (red, amber)
    page.shot("severities")
    page.page.select_option("#filter-severity", "warning")
    page.frame()
    assert page.colour("#graph", colours["error"]) < red / 20, (page.colour("#graph", colours["error"]), red)
    assert page.colour("#graph", colours["warning"]) > 40
    page.shot("severities-warning")
    page.page.select_option("#filter-severity", "error")
    page.frame()
    assert page.colour("#graph", colours["warning"]) < amber / 10, (page.colour("#graph", colours["warning"]), amber)
    assert page.colour("#graph", colours["error"]) > 100
    page.page.select_option("#filter-severity", "")
    page.frame()
    # An undeclared import that no dependency reaches: an error, drawn red and dashed, as
    # the legend's import line is dashed; a warning's undeclared import amber and dashed.
    undeclared = [d for d in demo["lint"]["diagnostics"] if d["rule"] == "undeclared-import"]
    for finding in undeclared:
        edge = finding["edges"][0]
        look = page.js("([from, to]) => modlintReport.edgeLook(from, to)", [edge["from"], edge["to"]])
        assert look and look["dash"], (edge, look)
        assert look["colour"].lower() == colours[finding["severity"]].lower(), (edge, look, finding["severity"])
    legend = page.page.inner_html("#legend")
    assert "dashed" in legend.split("import</span>")[0].rsplit("<span>", 1)[-1], legend
    assert "error finding" in legend and "warning finding" in legend, legend
    assert "breaks a rule" not in legend
    page.clean()


@test
def why_takes_two_modules_of_any_tab(browser, demo):
    page = Page(browser, demo["report"])
    page.page.click("#tabs button:has-text('Packages')")
    assert page.js("() => modlintReport.views[modlintReport.state.view].name") == "packages"
    page.js("() => modlintReport.why('App', 'SharedModels')")
    assert page.js("() => modlintReport.views[modlintReport.state.view].name") == "modules"
    expected = simple_paths(demo["graph"]["edges"], "App", "SharedModels")
    text = page.page.inner_text("#why-result")
    assert f"{len(expected)} path(s)" in text, (text, len(expected))
    # From the matrix too.
    page.page.click("#tabs button:has-text('Matrix')")
    page.js("() => modlintReport.why('Profile', 'SharedModels')")
    assert page.js("() => modlintReport.state.mode") == "graph"
    assert "path(s)" in page.page.inner_text("#why-result")
    page.clean()


@test
def matrix_and_other_views_render(browser, demo):
    page = Page(browser, demo["report"])
    tabs = page.js("() => [...document.querySelectorAll('#tabs button')].map(b => b.textContent)")
    assert "Matrix" in tabs and "Spezi" in tabs and "Dependency injection" in tabs, tabs
    page.page.click("#tabs button:has-text('Matrix')")
    assert page.js("() => !document.getElementById('matrix').hidden && document.getElementById('graph').hidden")
    # What the eye sees, not attributes: the matrix's cells and names are drawn in the stage.
    ink = page.ink("#stage", inset=110)
    assert ink > 2000, f"the Matrix tab shows a blank stage ({ink} inked pixels)"
    # Dependents before their dependencies: every edge right of the diagonal, but the
    # cycle's, whose members stand side by side in one framed block.
    matrix = page.js("() => modlintReport.matrix()")
    position = {name: i for i, name in enumerate(matrix["names"])}
    assert sorted(position) == sorted(n["id"] for n in demo["graph"]["nodes"])
    cycle = {"Networking", "Settings"}
    assert matrix["blocks"] == [[min(position[m] for m in cycle), max(position[m] for m in cycle)]], matrix
    assert max(position[m] for m in cycle) - min(position[m] for m in cycle) == 1
    for e in demo["graph"]["edges"]:
        if not ({e["from"], e["to"]} <= cycle):
            assert position[e["from"]] < position[e["to"]], (e, matrix["names"])
    page.shot("matrix")
    page.page.click("#tabs button:has-text('Spezi')")
    assert page.js("() => modlintReport.views[modlintReport.state.view].name") == "spezi"
    page.shot("spezi")
    page.clean()


@test
def five_thousand_modules_stay_interactive(browser, big):
    page = Page(browser, big["report"])
    timings = {"load": page.load_ms}
    listed = page.js("() => modlintReport.listedIds()")
    assert sorted(listed) == sorted(n["id"] for n in big["graph"]["nodes"]), len(listed)
    assert page.js("() => document.querySelector('#modules .spacer').offsetHeight") == 20 * len(listed)

    def timed(name, action):
        started = time.monotonic()
        action()
        page.js("() => modlintReport.drawNow()")
        timings[name] = (time.monotonic() - started) * 1000

    timed("search", lambda: page.page.fill("#search", "P123M1"))
    shown = page.js("() => modlintReport.listedIds()")
    assert shown == sorted(n["id"] for n in big["graph"]["nodes"] if "p123m1" in n["id"].lower()), shown
    assert sorted(page.js("() => [...document.querySelectorAll('#modules li')].map(li => li.dataset.id)")) == shown
    timed("clear search", lambda: page.page.fill("#search", ""))
    timed("expand packages", lambda: page.page.click("#expand-all"))
    # Found by name, then clicked where the page centred it.
    page.page.fill("#search", "P200M10")
    timed("search and enter", lambda: page.page.press("#search", "Enter"))
    assert page.page.inner_text("#panel h2") == "P200M10"
    page.page.click("#clear")
    timed("click a module", lambda: page.click_node("P200M10"))
    assert page.page.inner_text("#panel h2") == "P200M10"
    neighbours = page.js("() => modlintReport.activeIds()")
    edges = big["graph"]["edges"]
    expected = {"P200M10"} | {e["to"] for e in edges if e["from"] == "P200M10"} | {e["from"] for e in edges if e["to"] == "P200M10"}
    assert neighbours == sorted(expected), (neighbours, sorted(expected))
    timed("collapse packages", lambda: page.page.click("#collapse-all"))
    timed("finding", lambda: page.page.click("#findings li[data-index='3']"))
    timed("why", lambda: page.js("() => modlintReport.why('P249M19', 'P000M00')"))
    timed("matrix", lambda: page.page.click("#tabs button:has-text('Matrix')"))
    timed("packages tab", lambda: page.page.click("#tabs button:has-text('Packages')"))
    inside = {name: round(ms, 1) for name, ms in ((t["name"], t["ms"]) for t in page.js("() => modlintReport.timings"))}
    print("    5,000 modules, wall ms per interaction:", {k: round(v) for k, v in timings.items()})
    print("    5,000 modules, ms inside the page (last of each):", inside)
    slow = {k: v for k, v in timings.items() if v > FREEZE_MS and k != "load"}
    assert not slow, slow
    page.shot("big")
    page.clean()


def main():
    os.makedirs(OUT, exist_ok=True)
    demo_tree = os.path.join(ROOT, "Examples", "DemoApp")
    demo_report, _ = report(demo_tree, "demo")
    demo = {"report": demo_report, "graph": graph_json(demo_tree), "lint": lint_json(demo_tree)}
    big_tree = os.path.join(OUT, "workspace-5000")
    if not os.path.isdir(big_tree):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate-workspace.py"), big_tree, "5000", "--violations"], check=True)
    big_report, seconds = report(big_tree, "big")
    print(f"    5,000-module report: {os.path.getsize(big_report) / 1e6:.1f} MB written in {seconds:.1f} s")
    big = {"report": big_report, "graph": graph_json(big_tree)}
    failed = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for function in TESTS:
            arguments = {"browser": browser}
            if "demo" in function.__code__.co_varnames[:function.__code__.co_argcount]:
                arguments["demo"] = demo
            if "big" in function.__code__.co_varnames[:function.__code__.co_argcount]:
                arguments["big"] = big
            try:
                function(**arguments)
                print(f"  ✔ {function.__name__}")
            except Exception as error:  # noqa: BLE001 - report every failure, then exit 1
                failed += 1
                print(f"  ✘ {function.__name__}: {type(error).__name__}: {error}")
        browser.close()
    print(f"browser tests: {len(TESTS) - failed} passed, {failed} failed (screenshots in {OUT})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
