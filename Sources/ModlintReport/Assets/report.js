// modlint's architecture report: draws the data in #modlint-data on a canvas (thousands of
// modules stay fast: one path per line style, labels only when readable), with search,
// focus, findings, a "why" query and a dependency matrix. No network, no dependencies.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("modlint-data").textContent);
  const $ = (id) => document.getElementById(id);
  const palette = DATA.palette;
  const FADED = 0.1;
  const CUT_COLOR = "#dd6b20";
  const HIGHLIGHT = "#2b6cb0";

  // ---- Views: the data, with adjacency and indexes made once --------------------------
  const views = DATA.views.map((view) => {
    const count = view.nodes.length;
    const out = Array.from({ length: count }, () => []);
    const inc = Array.from({ length: count }, () => []);
    const byPair = new Map();
    view.edges.forEach((edge, index) => {
      out[edge.from].push(index);
      inc[edge.to].push(index);
      const key = edge.from + ":" + edge.to;
      if (!byPair.has(key)) byPair.set(key, []);
      byPair.get(key).push(index);
    });
    const byId = new Map(view.nodes.map((node, index) => [node.id, index]));
    const packages = new Map();
    view.nodes.forEach((node, index) => {
      const name = node.package || "(outside the workspace)";
      if (!packages.has(name)) packages.set(name, []);
      packages.get(name).push(index);
    });
    const groupByName = new Map(view.groups.map((group) => [group.name, group]));
    return { ...view, out, inc, byPair, byId, packages, groupByName };
  });

  const state = {
    view: 0,
    mode: "graph",
    transform: { x: 0, y: 0, k: 1 },
    selected: null,
    depth: 1,
    query: "",
    collapsed: new Set(),
    active: null, // Set of node indices shown at full strength, or null: all
    activeEdges: null, // Set of edge indices, or null: edges between active nodes
    strongEdges: new Set(), // drawn thick (a finding's edges, a why query's paths)
    cutEdges: new Set(),
    finding: null,
    why: null,
  };
  const timings = [];

  const current = () => views[state.view];
  const SEVERITIES = ["error", "warning", "note"];
  // The worst severity of an edge's or node's findings that the severity filter shows, or
  // null: what the drawing marks, in that severity's colour.
  function markOf(item) {
    const severities = item.severities || (item.violations ? ["error"] : null);
    if (!severities) return null;
    const only = $("filter-severity").value;
    return only ? (severities.includes(only) ? only : null) : severities[0];
  }
  const packageOf = (view, index) => view.nodes[index].package || "(outside the workspace)";

  // ---- Header, tabs, legend -----------------------------------------------------------
  $("title").textContent = "modlint — " + DATA.title;
  const summary = DATA.summary;
  $("summary").innerHTML = "";
  [[summary.errors, "error", "errors"], [summary.warnings, "warning", "warnings"], [summary.notes, "note", "notes"],
    [summary.modules, "", "modules"], [summary.packages, "", "packages"], [summary.files, "", "files"]].forEach(([value, kind, label]) => {
    const badge = document.createElement("span");
    badge.className = "badge " + kind;
    badge.textContent = value + " " + label;
    $("summary").appendChild(badge);
  });

  function makeTabs() {
    const tabs = $("tabs");
    tabs.innerHTML = "";
    views.forEach((view, index) => addTab(view.title, () => switchView(index, "graph"), state.mode === "graph" && state.view === index));
    addTab("Matrix", () => switchView(0, "matrix"), state.mode === "matrix");
    function addTab(label, action, selected) {
      const button = document.createElement("button");
      button.type = "button";
      button.setAttribute("role", "tab");
      button.setAttribute("aria-selected", selected ? "true" : "false");
      button.textContent = label;
      button.addEventListener("click", action);
      tabs.appendChild(button);
    }
  }

  function makeLegend() {
    const view = current();
    const legend = $("legend");
    legend.innerHTML = "";
    const kinds = [...new Set(view.nodes.map((node) => node.kind))].sort();
    for (const kind of kinds) {
      const colors = palette.nodes[kind] || palette.nodes.library;
      legend.insertAdjacentHTML("beforeend", `<span><i class="swatch" style="background:${colors.fill};border-color:${colors.stroke}"></i>${escapeHTML(kind)}</span>`);
    }
    if (view.nodes.some((node) => node.root)) {
      const root = palette.compositionRoot;
      legend.insertAdjacentHTML("beforeend", `<span><i class="swatch" style="background:${root.fill};border-color:${root.stroke};border-width:2px"></i>composition root</span>`);
    }
    const edgeKinds = [...new Set(view.edges.map((edge) => edge.kind))].sort();
    for (const kind of edgeKinds) {
      const stroke = palette.edges[kind].stroke;
      const style = stroke === "dashed" ? "dashed" : stroke === "dotted" ? "dotted" : "solid";
      const width = stroke === "bold" ? 3 : 2;
      legend.insertAdjacentHTML("beforeend", `<span><i class="line" style="border-top:${width}px ${style} ${palette.line}"></i>${escapeHTML(kind)}</span>`);
    }
    // A finding's edge keeps its kind's line (an undeclared import stays dashed) in the
    // colour of its worst severity, as the list's badges tell them.
    const marked = new Set();
    for (const item of [...view.edges, ...view.nodes]) for (const severity of item.severities || []) marked.add(severity);
    for (const severity of SEVERITIES) {
      if (marked.has(severity)) legend.insertAdjacentHTML("beforeend", `<span><i class="line" style="border-top:2px solid ${palette.severity[severity]}"></i>${severity} finding</span>`);
    }
    legend.insertAdjacentHTML("beforeend", `<span><i class="line" style="border-top:3px dashed ${CUT_COLOR}"></i>edge to cut</span>`);
  }

  // ---- Module list and search ---------------------------------------------------------
  // The module list is virtual: of the modules that match, only the rows in sight are in
  // the document (thousands of rows made every search and every clear cost a frame).
  const ROW = 20;
  let listOrder = [];
  let listed = [];
  let findingsByModule = new Map();
  function makeModuleList() {
    const view = current();
    findingsByModule = new Map();
    for (const finding of DATA.findings) {
      if (finding.module) findingsByModule.set(finding.module, (findingsByModule.get(finding.module) || 0) + 1);
    }
    listOrder = view.nodes.map((_, index) => index).sort((a, b) => (view.nodes[a].id < view.nodes[b].id ? -1 : view.nodes[a].id > view.nodes[b].id ? 1 : 0));
    // The why fields take a node of any tab.
    const every = new Set();
    for (const other of views) for (const node of other.nodes) every.add(node.id);
    $("node-names").innerHTML = [...every].sort().map((id) => `<option value="${escapeHTML(id)}">`).join("");
    applySearch();
  }

  function applySearch() {
    const view = current();
    listed = listOrder.filter((index) => matches(view.nodes[index]));
    $("modules").scrollTop = 0;
    $("search-count").textContent = state.query ? listed.length + " of " + view.nodes.length + " match" : view.nodes.length + " nodes";
    renderList();
  }

  function renderList() {
    const view = current();
    const list = $("modules");
    const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 10);
    const last = Math.min(listed.length, first + Math.ceil((list.clientHeight || 400) / ROW) + 20);
    const rows = [];
    for (let position = first; position < last; position++) {
      const index = listed[position];
      const node = view.nodes[index];
      const count = findingsByModule.get(node.id);
      const selected = index === state.selected ? " selected" : "";
      rows.push(`<li class="row${selected}" style="top:${position * ROW}px" data-index="${index}" data-id="${escapeHTML(node.id)}" `
        + `title="${escapeHTML(node.id + (node.package ? " (" + node.package + ")" : ""))}">`
        + escapeHTML(node.id) + (count ? `<span class="count">${count}</span>` : "") + "</li>");
    }
    list.innerHTML = `<div class="spacer" style="height:${listed.length * ROW}px">${rows.join("")}</div>`;
  }
  $("modules").addEventListener("scroll", () => renderList());

  // Scrolls the list to a module (and renders the rows there).
  function revealInList(index) {
    const position = listed.indexOf(index);
    if (position < 0) return;
    const list = $("modules");
    if (position * ROW < list.scrollTop || (position + 1) * ROW > list.scrollTop + list.clientHeight) list.scrollTop = position * ROW - list.clientHeight / 2;
    renderList();
  }

  $("modules").addEventListener("click", (event) => {
    const item = event.target.closest("li");
    if (item) select(Number(item.dataset.index), { center: true });
  });

  $("search").addEventListener("input", () => {
    state.query = $("search").value.trim().toLowerCase();
    measure("search", () => {
      applySearch();
      if (state.selected === null && !state.finding && !state.why) recomputeActive();
      draw();
    });
  });
  $("search").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const first = listed.length ? { dataset: { index: listed[0] } } : null;
    if (first) select(Number(first.dataset.index), { center: true });
  });

  function matches(node) {
    return !state.query || node.id.toLowerCase().includes(state.query) || (node.package || "").toLowerCase().includes(state.query);
  }

  // ---- Selection, focus, panel --------------------------------------------------------
  $("depth").addEventListener("change", () => {
    state.depth = Number($("depth").value);
    if (state.selected !== null) measure("depth", () => { recomputeActive(); draw(); });
  });
  $("clear").addEventListener("click", () => clearSelection());

  function clearSelection() {
    state.selected = null;
    state.finding = null;
    state.why = null;
    state.strongEdges = new Set();
    state.cutEdges = new Set();
    $("why-result").innerHTML = "";
    for (const item of document.querySelectorAll("#findings li.selected")) item.classList.remove("selected");
    renderList();
    showPanel(null);
    recomputeActive();
    draw();
  }

  // Nodes within `depth` edges along `next` (0: unbounded).
  function reach(start, next, depth, view) {
    const seen = new Map([[start, 0]]);
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head];
      const distance = seen.get(node);
      if (depth && distance >= depth) continue;
      for (const edge of next[node]) {
        const other = next === view.out ? view.edges[edge].to : view.edges[edge].from;
        if (!seen.has(other)) {
          seen.set(other, distance + 1);
          queue.push(other);
        }
      }
    }
    return seen;
  }

  function recomputeActive() {
    const view = current();
    if (state.why) {
      state.active = state.why.nodes;
      state.activeEdges = state.why.edges;
    } else if (state.finding) {
      state.active = state.finding.nodes;
      state.activeEdges = state.finding.edges;
    } else if (state.selected !== null) {
      const down = reach(state.selected, view.out, state.depth, view);
      const up = reach(state.selected, view.inc, state.depth, view);
      state.active = new Set([...down.keys(), ...up.keys()]);
      // The edges that lead from the module down and up to them, not every edge among them.
      const edges = new Set();
      view.edges.forEach((edge, index) => {
        if ((down.has(edge.from) && down.has(edge.to) && down.get(edge.to) === down.get(edge.from) + 1)
          || (up.has(edge.from) && up.has(edge.to) && up.get(edge.from) === up.get(edge.to) + 1)) edges.add(index);
      });
      state.activeEdges = edges;
    } else if (state.query) {
      state.active = new Set();
      view.nodes.forEach((node, index) => { if (matches(node)) state.active.add(index); });
      state.activeEdges = null;
    } else {
      state.active = null;
      state.activeEdges = null;
    }
  }

  function select(index, options = {}) {
    measure("select", () => {
      const view = current();
      state.selected = index;
      state.finding = null;
      state.why = null;
      state.strongEdges = new Set();
      state.cutEdges = new Set();
      state.collapsed.delete(packageOf(view, index));
      revealInList(index);
      recomputeActive();
      showPanel(index);
      if (options.center) centerOn([index]);
      if (state.mode === "matrix") drawMatrix(); else draw();
    });
  }

  function showPanel(index) {
    const panel = $("panel");
    if (index === null) {
      panel.innerHTML = '<p class="muted">Click a module to see what it depends on, what depends on it, its metrics and its findings.</p>';
      return;
    }
    const view = current();
    const node = view.nodes[index];
    const dependencies = [...new Set(view.out[index].map((edge) => view.edges[edge].to))].map((other) => view.nodes[other].id).sort();
    const dependents = [...new Set(view.inc[index].map((edge) => view.edges[edge].from))].map((other) => view.nodes[other].id).sort();
    const findings = DATA.findings.filter((finding) => finding.module === node.id || finding.edges.some((edge) => edge[0] === node.id || edge[1] === node.id));
    const rows = [["kind", node.kind + (node.root ? " (composition root)" : "")], ["package", node.package], ["path", node.path], ["layer", node.layer],
      ["files", node.files], ["fan-in", node.fanIn], ["fan-out", node.fanOut], ["instability", node.instability], ["depth", node.depth]]
      .filter(([, value]) => value !== undefined && value !== null);
    const links = (names) => names.length ? names.map((name) => `<a data-node="${escapeHTML(name)}">${escapeHTML(name)}</a>`).join(", ") : '<span class="muted">none</span>';
    panel.innerHTML = `<h2>${escapeHTML(node.id)}</h2>
      <dl>${rows.map(([key, value]) => `<dt>${key}</dt><dd>${escapeHTML(String(value))}</dd>`).join("")}</dl>
      <div class="links"><b>Depends on (${dependencies.length}):</b> ${links(dependencies)}</div>
      <div class="links"><b>Used by (${dependents.length}):</b> ${links(dependents)}</div>
      <div><b>Findings (${findings.length})</b>${findings.length ? "<ul class=\"list\">" + findings.map((finding) =>
        `<li><span class="sev ${finding.severity}">${finding.severity}</span>${escapeHTML(finding.rule)}: ${escapeHTML(finding.message)}</li>`).join("") + "</ul>" : ""}</div>`;
  }

  $("panel").addEventListener("click", (event) => {
    const link = event.target.closest("a[data-node]");
    if (!link) return;
    const index = current().byId.get(link.dataset.node);
    if (index !== undefined) select(index, { center: true });
  });

  // ---- Findings -----------------------------------------------------------------------
  function makeFindings() {
    const rules = [...new Set(DATA.findings.map((finding) => finding.rule))].sort();
    for (const rule of rules) {
      const option = document.createElement("option");
      option.value = rule;
      option.textContent = rule;
      $("filter-rule").appendChild(option);
    }
    const list = $("findings");
    const fragment = document.createDocumentFragment();
    DATA.findings.forEach((finding, index) => {
      const item = document.createElement("li");
      item.dataset.index = index;
      item.dataset.rule = finding.rule;
      item.dataset.severity = finding.severity;
      item.dataset.module = finding.module || "";
      item.title = DATA.rules[finding.rule] || "";
      item.innerHTML = `<span class="sev ${finding.severity}">${finding.severity}</span><span class="rule">${escapeHTML(finding.rule)}</span>
        ${finding.module ? "· " + escapeHTML(finding.module) : ""}<div>${escapeHTML(finding.message)}</div>
        <div class="where">${escapeHTML(finding.file)}:${finding.line}</div>`;
      fragment.appendChild(item);
    });
    list.appendChild(fragment);
    applyFindingFilters();
  }

  function applyFindingFilters() {
    const rule = $("filter-rule").value, severity = $("filter-severity").value, module = $("filter-module").value.trim().toLowerCase();
    let shown = 0;
    for (const item of $("findings").children) {
      const visible = (!rule || item.dataset.rule === rule) && (!severity || item.dataset.severity === severity)
        && (!module || item.dataset.module.toLowerCase().includes(module));
      item.hidden = !visible;
      if (visible) shown++;
    }
    $("findings-title").textContent = `Findings (${shown} of ${DATA.findings.length})`;
    // The drawing follows the severity filter: marks of other severities step back.
    if (ready) { makeLegend(); draw(); }
  }
  for (const id of ["filter-rule", "filter-severity", "filter-module"]) $(id).addEventListener("input", applyFindingFilters);

  $("findings").addEventListener("click", (event) => {
    const item = event.target.closest("li");
    if (item) showFinding(Number(item.dataset.index));
  });

  // The view that holds a finding's edges (or its module), switched to when needed.
  function showFinding(index) {
    measure("finding", () => {
      const finding = DATA.findings[index];
      let viewIndex = views.findIndex((view) => finding.edges.some(([from, to]) => view.byPair.has(view.byId.get(from) + ":" + view.byId.get(to))));
      if (viewIndex < 0) viewIndex = views.findIndex((view) => finding.module && view.byId.has(finding.module));
      if (viewIndex < 0) viewIndex = state.view;
      if (viewIndex !== state.view || state.mode !== "graph") switchView(viewIndex, "graph", true);
      const view = current();
      const nodes = new Set(), edges = new Set();
      for (const [from, to] of finding.edges) {
        const a = view.byId.get(from), b = view.byId.get(to);
        if (a !== undefined) nodes.add(a);
        if (b !== undefined) nodes.add(b);
        for (const edge of view.byPair.get(a + ":" + b) || []) edges.add(edge);
      }
      if (finding.module && view.byId.has(finding.module)) nodes.add(view.byId.get(finding.module));
      for (const node of nodes) state.collapsed.delete(packageOf(view, node));
      state.selected = null;
      state.why = null;
      state.finding = { index, nodes, edges };
      state.strongEdges = edges;
      state.cutEdges = new Set();
      for (const item of document.querySelectorAll("#findings li.selected")) item.classList.remove("selected");
      const item = $("findings").querySelector(`li[data-index="${index}"]`);
      if (item) item.classList.add("selected");
      recomputeActive();
      if (nodes.size) centerOn([...nodes]);
      draw();
    });
  }

  // ---- Why: every path from one module to another, and the fewest edges to cut -------
  $("why-go").addEventListener("click", () => runWhy());
  for (const id of ["why-from", "why-to"]) $(id).addEventListener("keydown", (event) => { if (event.key === "Enter") runWhy(); });

  function runWhy() {
    measure("why", () => {
      const names = [$("why-from").value.trim(), $("why-to").value.trim()];
      const holds = (view) => names.every((name) => view.byId.has(name));
      const result = $("why-result");
      // Any two modules the report shows: this tab when it has both, else the first that
      // does (the modules tab has every module; the DI and Spezi tabs their own nodes).
      const viewIndex = holds(current()) ? state.view : views.findIndex(holds);
      if (viewIndex < 0) {
        result.innerHTML = '<span class="muted">Pick two modules (or two nodes of one tab).</span>';
        return;
      }
      if (viewIndex !== state.view || state.mode !== "graph") switchView(viewIndex, "graph", true);
      const view = current();
      const from = view.byId.get(names[0]), to = view.byId.get(names[1]);
      const why = paths(view, from, to);
      state.selected = null;
      state.finding = null;
      state.why = why;
      state.strongEdges = why.edges;
      state.cutEdges = why.cut;
      for (const node of why.nodes) state.collapsed.delete(packageOf(view, node));
      recomputeActive();
      const name = (index) => escapeHTML(view.nodes[index].id);
      if (!why.list.length) {
        result.innerHTML = `<b>${name(from)}</b> does not depend on <b>${name(to)}</b>, directly or through other modules.`;
      } else {
        const shown = why.list.slice(0, 50);
        result.innerHTML = `<b>${why.list.length}${why.truncated ? "+" : ""}</b> path(s) from <b>${name(from)}</b> to <b>${name(to)}</b>:
          <ol>${shown.map((path) => "<li>" + path.map(name).join(" → ") + "</li>").join("")}</ol>
          ${why.list.length > shown.length ? `<div class="muted">and ${why.list.length - shown.length} more</div>` : ""}
          <div class="cut">Cut ${why.cut.size} edge(s) to separate them:</div>
          <ul>${[...why.cut].map((edge) => "<li>" + name(view.edges[edge].from) + " → " + name(view.edges[edge].to) + "</li>").join("")}</ul>`;
      }
      centerOn([...why.nodes].length ? [...why.nodes] : [from, to]);
      draw();
    });
  }

  // Simple paths from `from` to `to` (at most 500, through nodes that reach `to`), the
  // nodes and edges on them, and a minimum edge cut (unit capacities, shortest
  // augmenting paths) over the same subgraph.
  function paths(view, from, to) {
    const reaches = reach(to, view.inc, 0, view);
    const reached = reach(from, view.out, 0, view);
    const inside = (node) => reaches.has(node) && reached.has(node);
    const list = [];
    const nodes = new Set(), edges = new Set();
    let truncated = false, steps = 0;
    if (inside(from)) {
      const path = [from], onPath = new Set([from]);
      const stack = [{ node: from, next: 0 }];
      while (stack.length) {
        if (++steps > 200000 || list.length >= 500) { truncated = true; break; }
        const frame = stack[stack.length - 1];
        const out = view.out[frame.node];
        if (frame.next >= out.length) {
          stack.pop();
          onPath.delete(path.pop());
          continue;
        }
        const edge = out[frame.next++];
        const next = view.edges[edge].to;
        if (onPath.has(next) || !inside(next)) continue;
        if (next === to) {
          list.push([...path, to]);
          continue;
        }
        path.push(next);
        onPath.add(next);
        stack.push({ node: next, next: 0 });
      }
      // Nodes and edges on some path: every edge inside the subgraph lies on a walk; keep
      // those of the listed paths.
      for (const found of list) {
        for (let i = 0; i < found.length; i++) nodes.add(found[i]);
        for (let i = 0; i + 1 < found.length; i++) for (const edge of view.byPair.get(found[i] + ":" + found[i + 1]) || []) edges.add(edge);
      }
    }
    list.sort((a, b) => a.length - b.length);
    const cut = minimumCut(view, from, to, inside);
    return { list, nodes, edges, cut, truncated };
  }

  function minimumCut(view, source, sink, inside) {
    if (!inside(source)) return new Set();
    // One unit of capacity per node pair; parallel edges of one pair are one edge to cut.
    const flow = new Map();
    const capacity = (a, b) => (view.byPair.has(a + ":" + b) ? 1 : 0);
    const neighbours = (node) => {
      const result = [];
      for (const edge of view.out[node]) { const other = view.edges[edge].to; if (inside(other)) result.push(other); }
      for (const edge of view.inc[node]) { const other = view.edges[edge].from; if (inside(other)) result.push(other); }
      return result;
    };
    const remaining = (a, b) => capacity(a, b) - (flow.get(a + ":" + b) || 0) + (flow.get(b + ":" + a) || 0);
    for (let round = 0; round < 1000; round++) {
      const previous = new Map([[source, -1]]);
      const queue = [source];
      for (let head = 0; head < queue.length && !previous.has(sink); head++) {
        const node = queue[head];
        for (const other of neighbours(node)) {
          if (!previous.has(other) && remaining(node, other) > 0) { previous.set(other, node); queue.push(other); }
        }
      }
      if (!previous.has(sink)) {
        // The source side: what the last search reached. Cut edges leave it.
        const cut = new Set();
        for (const node of previous.keys()) {
          for (const edge of view.out[node]) {
            const other = view.edges[edge].to;
            if (inside(other) && !previous.has(other)) cut.add(edge);
          }
        }
        return cut;
      }
      for (let node = sink; previous.get(node) !== -1; node = previous.get(node)) {
        const parent = previous.get(node);
        const back = flow.get(node + ":" + parent) || 0;
        if (back > 0) flow.set(node + ":" + parent, back - 1); else flow.set(parent + ":" + node, (flow.get(parent + ":" + node) || 0) + 1);
      }
    }
    return new Set();
  }

  // ---- Graph drawing ------------------------------------------------------------------
  const canvas = $("graph");
  const context = canvas.getContext("2d");
  let scheduled = false;
  // Set once the page is built: filters redraw from then on.
  let ready = false;

  function resize() {
    const ratio = window.devicePixelRatio || 1;
    for (const element of [canvas, $("matrix")]) {
      const box = element.getBoundingClientRect();
      element.width = Math.max(1, Math.round(box.width * ratio));
      element.height = Math.max(1, Math.round(box.height * ratio));
    }
  }

  function draw() {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      if (state.mode === "matrix") drawMatrix(); else drawGraph();
    });
  }

  // Where a node is drawn: its own box, or its package's when the package is collapsed.
  function boxOf(view, index) {
    const name = packageOf(view, index);
    if (state.collapsed.has(name)) return packageBox(view, name);
    const node = view.nodes[index];
    return node;
  }

  // A collapsed package is drawn as its band (or the box around its modules), so the
  // picture keeps its shape and edges meet the package where its modules were.
  const packageBoxes = new Map();
  function packageBox(view, name) {
    const key = state.view + ":" + name;
    if (packageBoxes.has(key)) return packageBoxes.get(key);
    const group = view.groupByName.get(name);
    const members = view.packages.get(name) || [];
    let box;
    if (group) {
      box = { x: group.x, y: group.y, w: group.w, h: group.h };
    } else {
      const left = Math.min(...members.map((m) => view.nodes[m].x)), top = Math.min(...members.map((m) => view.nodes[m].y));
      const right = Math.max(...members.map((m) => view.nodes[m].x + view.nodes[m].w)), bottom = Math.max(...members.map((m) => view.nodes[m].y + view.nodes[m].h));
      box = { x: left - 6, y: top - 6, w: right - left + 12, h: bottom - top + 12 };
    }
    box.label = "▸ " + name + " (" + members.length + ")";
    box.collapsedPackage = name;
    packageBoxes.set(key, box);
    return box;
  }

  function isActive(index) { return !state.active || state.active.has(index); }

  function drawGraph() {
    const view = current();
    const ratio = window.devicePixelRatio || 1;
    const { x, y, k } = state.transform;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.fillStyle = palette.background;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.setTransform(k * ratio, 0, 0, k * ratio, x * ratio, y * ratio);
    const visible = visibleRect();
    // Groups behind everything; a collapsed package draws as one node instead.
    context.lineWidth = 1 / k;
    context.font = "bold 11px Helvetica, Arial, sans-serif";
    for (const group of view.groups) {
      if (state.collapsed.has(group.name) || !intersects(group, visible)) continue;
      context.fillStyle = palette.cluster.fill;
      context.strokeStyle = palette.cluster.border;
      context.fillRect(group.x, group.y, group.w, group.h);
      context.strokeRect(group.x, group.y, group.w, group.h);
      if (k > 0.25) {
        context.fillStyle = palette.cluster.text;
        context.fillText((view.packages.has(group.name) ? "▾ " : "") + group.name, group.x + 6, group.y + 14);
      }
    }
    drawEdges(view, k, visible);
    drawNodes(view, k, visible);
  }


  // How each edge of the last frame was drawn (its colour, dashed or not), by index.
  const drawnLooks = new Map();

  function drawEdges(view, k, visible) {
    drawnLooks.clear();
    // Batched by look: one path per (style, strength).
    const batches = new Map();
    const drawnPairs = new Set();
    const collapsing = state.collapsed.size > 0;
    const hideFaded = (state.active !== null || state.activeEdges !== null) && view.edges.length > 1500;
    view.edges.forEach((edge, index) => {
      const a = boxOf(view, edge.from), b = boxOf(view, edge.to);
      if (a === b) return;
      let points = edge.points;
      if (collapsing && (a !== view.nodes[edge.from] || b !== view.nodes[edge.to])) {
        // Rerouted to a package: one straight line per pair of boxes.
        const key = (a.collapsedPackage || edge.from) + "\u0000" + (b.collapsedPackage || edge.to) + "\u0000" + (markOf(edge) || "");
        if (drawnPairs.has(key)) return;
        drawnPairs.add(key);
        points = null;
      }
      const minX = Math.min(a.x, b.x), maxX = Math.max(a.x + a.w, b.x + b.w), minY = Math.min(a.y, b.y), maxY = Math.max(a.y + a.h, b.y + b.h);
      if (maxX < visible.x || minX > visible.x + visible.w || maxY < visible.y || minY > visible.y + visible.h) return;
      const strong = state.strongEdges.has(index);
      const cut = state.cutEdges.has(index);
      const active = state.activeEdges ? state.activeEdges.has(index) : isActive(edge.from) && isActive(edge.to);
      // In a large view, what is faded is left out: thousands of faint lines cost the
      // frame its time and say nothing.
      if (!active && hideFaded) return;
      const mark = markOf(edge) || "";
      const key = (cut ? "cut" : (palette.edges[edge.kind] || { stroke: "solid" }).stroke) + "|" + mark + "|" + (active ? "on" : "off") + "|" + (strong ? "strong" : "");
      if (!batches.has(key)) batches.set(key, []);
      batches.get(key).push({ a, b, points, index });
    });
    // Active over faded; within each, plain lines first, then notes, warnings, errors, cuts.
    const rank = (key) => {
      const [look, mark, strength] = key.split("|");
      return (strength === "on" ? 10 : 0) + (look === "cut" ? 4 : mark ? 3 - SEVERITIES.indexOf(mark) : 0);
    };
    const order = [...batches.keys()].sort((p, q) => rank(p) - rank(q) || (p < q ? -1 : p > q ? 1 : 0));
    for (const key of order) {
      const [look, mark, strength, strong] = key.split("|");
      context.globalAlpha = strength === "on" ? 1 : FADED;
      context.strokeStyle = look === "cut" ? CUT_COLOR : mark ? palette.severity[mark] : strong ? HIGHLIGHT : palette.line;
      context.fillStyle = context.strokeStyle;
      const base = look === "bold" ? 2.2 : mark ? 2 : 1;
      context.lineWidth = (strong || look === "cut" ? base + 2 : base) / Math.max(k, 0.35);
      const dash = look === "dashed" ? [6, 4] : look === "dotted" ? [2, 3] : look === "cut" ? [8, 4] : [];
      context.setLineDash(dash);
      for (const { index } of batches.get(key)) drawnLooks.set(index, { colour: context.strokeStyle, dash: dash.length > 0 });
      context.beginPath();
      const arrows = [];
      for (const { a, b, points } of batches.get(key)) {
        if (points && points.length >= 8) {
          context.moveTo(points[0], points[1]);
          for (let i = 2; i + 5 < points.length; i += 6) context.bezierCurveTo(points[i], points[i + 1], points[i + 2], points[i + 3], points[i + 4], points[i + 5]);
          const n = points.length;
          arrows.push([points[n - 8] ?? points[0], points[n - 7] ?? points[1], points[n - 2], points[n - 1]]);
        } else {
          const start = anchor(a, b), end = anchor(b, a);
          context.moveTo(start[0], start[1]);
          context.lineTo(end[0], end[1]);
          arrows.push([start[0], start[1], end[0], end[1]]);
        }
      }
      context.stroke();
      context.setLineDash([]);
      if (k > 0.3 || arrows.length < 2000) {
        context.beginPath();
        const size = 7 / Math.max(k, 0.5);
        for (const [x1, y1, x2, y2] of arrows) {
          const angle = Math.atan2(y2 - y1, x2 - x1);
          context.moveTo(x2, y2);
          context.lineTo(x2 - size * Math.cos(angle - 0.4), y2 - size * Math.sin(angle - 0.4));
          context.lineTo(x2 - size * Math.cos(angle + 0.4), y2 - size * Math.sin(angle + 0.4));
          context.closePath();
        }
        context.fill();
      }
    }
    context.globalAlpha = 1;
  }

  // Where a straight edge meets a box: the middle of its top or bottom side, or of a side
  // when the other box is beside it.
  function anchor(box, other) {
    const cx = box.x + box.w / 2, cy = box.y + box.h / 2;
    const ox = other.x + other.w / 2, oy = other.y + other.h / 2;
    if (Math.abs(oy - cy) > box.h) return [cx, oy > cy ? box.y + box.h : box.y];
    return [ox > cx ? box.x + box.w : box.x, cy];
  }

  function drawNodes(view, k, visible) {
    const labels = k >= 0.45;
    context.lineWidth = 1 / Math.max(k, 0.5);
    context.font = "11px Helvetica, Arial, sans-serif";
    context.textBaseline = "middle";
    const drawnPackages = new Set();
    for (let pass = 0; pass < 2; pass++) {
      // Faded nodes first, active ones over them.
      context.globalAlpha = pass === 0 ? FADED : 1;
      view.nodes.forEach((node, index) => {
        const box = boxOf(view, index);
        const active = box === node ? isActive(index) : (view.packages.get(box.collapsedPackage) || []).some(isActive);
        if ((pass === 1) !== active) return;
        if (box !== node) {
          if (drawnPackages.has(box.collapsedPackage)) return;
          drawnPackages.add(box.collapsedPackage);
        }
        if (!intersects(box, visible)) return;
        const colors = box === node ? palette.nodes[node.kind] || palette.nodes.library : palette.nodes.package;
        const root = box === node && node.root;
        context.fillStyle = root ? palette.compositionRoot.fill : colors.fill;
        context.strokeStyle = root ? palette.compositionRoot.stroke : colors.stroke;
        const selected = index === state.selected && box === node;
        // A module with findings of its own wears its worst severity's colour as border.
        const mark = box === node ? markOf(node) : null;
        context.lineWidth = (selected ? 3 : mark ? 2.5 : root ? 2 : 1) / Math.max(k, 0.5);
        if (mark) context.strokeStyle = palette.severity[mark];
        if (selected) context.strokeStyle = HIGHLIGHT;
        roundRect(box.x, box.y, box.w, box.h, 4);
        context.fill();
        context.stroke();
        if (labels) {
          context.fillStyle = colors.text || "#1a202c";
          if (box === node) context.fillText(node.id, box.x + 8, box.y + box.h / 2, box.w - 12);
          else context.fillText(box.label, box.x + 6, box.y + 12, box.w - 10);
        }
      });
    }
    context.globalAlpha = 1;
  }

  function roundRect(x, y, w, h, r) {
    context.beginPath();
    context.moveTo(x + r, y);
    context.arcTo(x + w, y, x + w, y + h, r);
    context.arcTo(x + w, y + h, x, y + h, r);
    context.arcTo(x, y + h, x, y, r);
    context.arcTo(x, y, x + w, y, r);
    context.closePath();
  }

  // The stage, not a canvas: the canvas of the other tab is hidden and measures nothing.
  function stageBox() {
    return $("stage").getBoundingClientRect();
  }

  function visibleRect() {
    const { x, y, k } = state.transform;
    const box = stageBox();
    return { x: -x / k, y: -y / k, w: box.width / k, h: box.height / k };
  }

  function intersects(a, b) { return a.x <= b.x + b.w && a.x + a.w >= b.x && a.y <= b.y + b.h && a.y + a.h >= b.y; }

  // ---- Pan, zoom, click ---------------------------------------------------------------
  function fit() {
    const view = current();
    const box = stageBox();
    const width = state.mode === "matrix" ? matrixSize() : view.width, height = state.mode === "matrix" ? matrixSize() : view.height;
    // Room for the toolbar above and the legend below.
    const top = 40, bottom = 56;
    const k = Math.min(2, Math.max(0.02, Math.min((box.width - 20) / Math.max(width, 1), (box.height - top - bottom) / Math.max(height, 1))));
    state.transform = { k, x: (box.width - width * k) / 2, y: top + (box.height - top - bottom - height * k) / 2 };
    draw();
  }

  function centerOn(indices) {
    const view = current();
    const boxes = indices.map((index) => boxOf(view, index));
    const minX = Math.min(...boxes.map((b) => b.x)), maxX = Math.max(...boxes.map((b) => b.x + b.w));
    const minY = Math.min(...boxes.map((b) => b.y)), maxY = Math.max(...boxes.map((b) => b.y + b.h));
    const box = stageBox();
    let k = state.transform.k;
    const needed = Math.min((box.width - 40) / Math.max(maxX - minX, 1), (box.height - 80) / Math.max(maxY - minY, 1));
    if (needed < k || k < 0.6) k = Math.max(0.05, Math.min(1.2, needed));
    state.transform = { k, x: box.width / 2 - (minX + maxX) / 2 * k, y: box.height / 2 - (minY + maxY) / 2 * k };
  }

  function zoom(factor, cx, cy) {
    const t = state.transform;
    const k = Math.min(8, Math.max(0.01, t.k * factor));
    t.x = cx - (cx - t.x) * (k / t.k);
    t.y = cy - (cy - t.y) * (k / t.k);
    t.k = k;
    draw();
  }

  $("fit").addEventListener("click", fit);
  $("zoom-in").addEventListener("click", () => { const b = stageBox(); zoom(1.4, b.width / 2, b.height / 2); });
  $("zoom-out").addEventListener("click", () => { const b = stageBox(); zoom(1 / 1.4, b.width / 2, b.height / 2); });
  $("collapse-all").addEventListener("click", () => { measure("collapse", () => { for (const name of current().packages.keys()) state.collapsed.add(name); draw(); }); });
  $("expand-all").addEventListener("click", () => { measure("expand", () => { state.collapsed.clear(); draw(); }); });

  for (const element of [canvas, $("matrix")]) {
    let drag = null;
    element.addEventListener("wheel", (event) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      zoom(Math.exp(-event.deltaY * 0.0015), event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });
    element.addEventListener("mousedown", (event) => {
      drag = { x: event.clientX, y: event.clientY, tx: state.transform.x, ty: state.transform.y, moved: false };
      element.classList.add("dragging");
    });
    window.addEventListener("mousemove", (event) => {
      if (drag) {
        const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
        state.transform.x = drag.tx + dx;
        state.transform.y = drag.ty + dy;
        draw();
      } else if (event.target === element) {
        hover(element, event);
      }
    });
    window.addEventListener("mouseup", (event) => {
      if (!drag) return;
      const moved = drag.moved;
      drag = null;
      element.classList.remove("dragging");
      if (!moved && event.target === element) click(element, event);
    });
    element.addEventListener("mouseleave", () => { $("tooltip").hidden = true; });
  }

  function worldPoint(element, event) {
    const box = element.getBoundingClientRect();
    const { x, y, k } = state.transform;
    return { x: (event.clientX - box.left - x) / k, y: (event.clientY - box.top - y) / k, sx: event.clientX - box.left, sy: event.clientY - box.top };
  }

  function nodeAt(point) {
    const view = current();
    for (let index = view.nodes.length - 1; index >= 0; index--) {
      const box = boxOf(view, index);
      if (point.x >= box.x && point.x <= box.x + box.w && point.y >= box.y && point.y <= box.y + box.h) return { index, box };
    }
    return null;
  }

  function click(element, event) {
    const point = worldPoint(element, event);
    if (element.id === "matrix") {
      const cell = matrixCell(point);
      if (cell) select(cell.row);
      return;
    }
    const hit = nodeAt(point);
    if (hit && hit.box.collapsedPackage) {
      // A collapsed package: open it.
      measure("expand", () => { state.collapsed.delete(hit.box.collapsedPackage); draw(); });
      return;
    }
    if (hit) { select(hit.index); return; }
    const view = current();
    const group = view.groups.find((g) => point.x >= g.x && point.x <= g.x + g.w && point.y >= g.y && point.y <= g.y + 20);
    if (group && view.packages.has(group.name)) {
      measure("collapse", () => { state.collapsed.add(group.name); draw(); });
      return;
    }
    clearSelection();
  }

  function hover(element, event) {
    const point = worldPoint(element, event);
    const tooltip = $("tooltip");
    let text = null;
    if (element.id === "matrix") {
      const cell = matrixCell(point);
      if (cell) text = matrixOrder.names[cell.row] + " → " + matrixOrder.names[cell.column] + (cell.edge ? "" : " (no dependency)");
    } else {
      const hit = nodeAt(point);
      if (hit) text = hit.box.collapsedPackage ? hit.box.label + ": click to expand" : current().nodes[hit.index].id;
    }
    if (!text) { tooltip.hidden = true; return; }
    tooltip.textContent = text;
    tooltip.style.left = point.sx + 14 + "px";
    tooltip.style.top = point.sy + 14 + "px";
    tooltip.hidden = false;
  }

  // ---- Dependency matrix --------------------------------------------------------------
  const matrixCanvas = $("matrix");
  const matrixContext = matrixCanvas.getContext("2d");
  let matrixOrder = null;
  const CELL = 12;

  // Modules in layer order, then dependents before their dependencies (by the rank the
  // report computed: the longest chain below a module, a cycle's members sharing one),
  // the members of a cycle side by side: every dependency lies right of the diagonal
  // except inside a cycle's block (the cycles come with the data).
  function makeMatrixOrder() {
    const view = views[0];
    const count = view.nodes.length;
    const layers = view.layers || [];
    const cycleOf = new Array(count).fill(-1);
    view.cycles.forEach((members, cycle) => { for (const member of members) cycleOf[member] = cycle; });
    const layerOf = (node) => {
      const members = cycleOf[node] < 0 ? [node] : view.cycles[cycleOf[node]];
      return Math.min(...members.map((member) => { const i = layers.indexOf(view.nodes[member].layer); return i < 0 ? layers.length : i; }));
    };
    const order = view.nodes.map((_, node) => node).sort((a, b) => layerOf(a) - layerOf(b) || view.nodes[b].rank - view.nodes[a].rank
      || cycleOf[a] - cycleOf[b] || (view.nodes[a].id < view.nodes[b].id ? -1 : view.nodes[a].id > view.nodes[b].id ? 1 : 0));
    const position = new Array(count);
    order.forEach((node, index) => { position[node] = index; });
    const blocks = view.cycles.map((members) => {
      const positions = members.map((node) => position[node]);
      return [Math.min(...positions), Math.max(...positions)];
    });
    matrixOrder = { order, position, blocks, names: order.map((node) => view.nodes[node].id) };
  }

  function matrixSize() { return views[0].nodes.length * CELL; }

  function matrixCell(point) {
    const count = views[0].nodes.length;
    const row = Math.floor(point.y / CELL), column = Math.floor(point.x / CELL);
    if (row < 0 || column < 0 || row >= count || column >= count) return null;
    const view = views[0];
    const from = matrixOrder.order[row], to = matrixOrder.order[column];
    return { row: from, column: to, edge: view.byPair.get(from + ":" + to) };
  }

  function drawMatrix() {
    const view = views[0];
    const ratio = window.devicePixelRatio || 1;
    const { x, y, k } = state.transform;
    const c = matrixContext;
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.fillStyle = palette.background;
    c.fillRect(0, 0, matrixCanvas.width, matrixCanvas.height);
    c.setTransform(k * ratio, 0, 0, k * ratio, x * ratio, y * ratio);
    const count = view.nodes.length;
    const size = count * CELL;
    c.fillStyle = "#f7fafc";
    c.fillRect(0, 0, size, size);
    c.strokeStyle = "#e2e8f0";
    c.lineWidth = 1 / k;
    if (k * CELL >= 4) {
      c.beginPath();
      for (let i = 0; i <= count; i++) { c.moveTo(0, i * CELL); c.lineTo(size, i * CELL); c.moveTo(i * CELL, 0); c.lineTo(i * CELL, size); }
      c.stroke();
    }
    // Rows and columns of the selection.
    if (state.selected !== null && matrixOrder.position[state.selected] !== undefined) {
      const p = matrixOrder.position[state.selected];
      c.fillStyle = "rgba(43,108,176,0.12)";
      c.fillRect(0, p * CELL, size, CELL);
      c.fillRect(p * CELL, 0, CELL, size);
    }
    const pad = Math.min(1, CELL * 0.1);
    // Plain cells first, then notes, warnings and errors over them, in their colours.
    for (const mark of [null, "note", "warning", "error"]) {
      c.fillStyle = mark ? palette.severity[mark] : "#3b6fc4";
      view.edges.forEach((edge) => {
        if (markOf(edge) !== mark) return;
        const row = matrixOrder.position[edge.from], column = matrixOrder.position[edge.to];
        c.fillRect(column * CELL + pad, row * CELL + pad, CELL - 2 * pad, CELL - 2 * pad);
      });
    }
    // Cycles: their blocks on the diagonal.
    c.strokeStyle = palette.violation;
    c.lineWidth = 2 / k;
    for (const [first, last] of matrixOrder.blocks) c.strokeRect(first * CELL, first * CELL, (last - first + 1) * CELL, (last - first + 1) * CELL);
    if (k * CELL >= 9) {
      c.fillStyle = "#1a202c";
      c.font = "10px Helvetica, Arial, sans-serif";
      c.textBaseline = "middle";
      c.textAlign = "right";
      const visible = visibleRect();
      const first = Math.max(0, Math.floor(visible.y / CELL)), last = Math.min(count - 1, Math.ceil((visible.y + visible.h) / CELL));
      for (let i = first; i <= last; i++) c.fillText(matrixOrder.names[i], -4, i * CELL + CELL / 2);
      c.textAlign = "left";
    }
  }

  // ---- Views --------------------------------------------------------------------------
  function switchView(index, mode, keepSelection) {
    const changed = index !== state.view;
    state.view = index;
    state.mode = mode;
    if (changed || !keepSelection) {
      state.selected = null;
      state.finding = null;
      state.why = null;
      state.strongEdges = new Set();
      state.cutEdges = new Set();
      showPanel(null);
    }
    if (changed) {
      state.collapsed = new Set();
      $("search").value = "";
      state.query = "";
      // A large view opens as packages: readable at once, each a click from its modules.
      if (current().nodes.length > 400) for (const name of current().packages.keys()) state.collapsed.add(name);
      makeModuleList();
    }
    canvas.hidden = mode !== "graph";
    matrixCanvas.hidden = mode !== "matrix";
    $("engine").textContent = mode === "matrix" ? "dependency matrix: row depends on column; red squares are cycles" : "layout: " + current().engine;
    if (mode === "matrix" && !matrixOrder) makeMatrixOrder();
    resize();
    makeTabs();
    makeLegend();
    recomputeActive();
    fit();
  }

  function measure(name, action) {
    const start = performance.now();
    action();
    timings.push({ name, ms: performance.now() - start });
  }

  function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }

  window.addEventListener("resize", () => { resize(); draw(); });

  // The page's state, for tests and for anyone scripting it.
  window.modlintReport = {
    data: DATA,
    state,
    timings,
    views,
    select: (id) => { const index = current().byId.get(id); if (index !== undefined) select(index, { center: true }); },
    showFinding,
    switchView,
    why: (from, to) => { $("why-from").value = from; $("why-to").value = to; runWhy(); },
    matrix: () => matrixOrder && { names: matrixOrder.names, blocks: matrixOrder.blocks },
    listedIds: () => listed.map((index) => current().nodes[index].id),
    activeIds: () => (state.active ? [...state.active].map((index) => current().nodes[index].id).sort() : null),
    strongEdges: () => [...state.strongEdges].map((index) => { const e = current().edges[index]; return [current().nodes[e.from].id, current().nodes[e.to].id]; }),
    cutEdges: () => [...state.cutEdges].map((index) => { const e = current().edges[index]; return [current().nodes[e.from].id, current().nodes[e.to].id]; }),
    // Where a node is on screen (its box's centre, in CSS pixels of the page).
    screenPoint: (id) => {
      const view = current();
      const index = view.byId.get(id);
      if (index === undefined) return null;
      const box = boxOf(view, index);
      const rect = stageBox();
      const { x, y, k } = state.transform;
      return { x: rect.left + x + (box.x + box.w / 2) * k, y: rect.top + y + (box.y + box.h / 2) * k };
    },
    // The colour and dash the last frame drew an edge with (null when it was not drawn).
    edgeLook: (from, to) => {
      const view = current();
      const edge = (view.byPair.get(view.byId.get(from) + ":" + view.byId.get(to)) || [])[0];
      return edge === undefined ? null : drawnLooks.get(edge) || null;
    },
    drawNow: () => { if (state.mode === "matrix") drawMatrix(); else drawGraph(); },
  };

  makeFindings();
  state.view = -1;
  switchView(0, "graph");
  ready = true;
  document.body.dataset.ready = "true";
})();
