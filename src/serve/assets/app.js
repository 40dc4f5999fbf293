// The explorer's page: reads the address (/pairing/5, /path?from=1&to=9, …), asks the
// JSON and SVG API of the same server, and builds the view. No library, no network
// beyond this server.
"use strict";

const params = new URLSearchParams(location.search);
const board = params.get("board");

// An address of this explorer, keeping the board of the current one.
function url(path, extra) {
  const q = new URLSearchParams(extra || {});
  if (board && !q.has("board")) q.set("board", board);
  const s = q.toString();
  return s ? path + "?" + s : path;
}

// An element with attributes and children (strings become text: nothing is parsed as HTML).
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === "function" && k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

class ApiError extends Error {
  constructor(message, body) { super(message); this.body = body; }
}

async function api(path, extra, init) {
  const r = await fetch(url(path, extra), init);
  const type = r.headers.get("content-type") || "";
  if (!r.ok) {
    let body = null;
    if (type.includes("json")) body = await r.json();
    throw new ApiError(body && body.error ? body.error : r.status + " " + r.statusText, body);
  }
  return type.includes("json") ? r.json() : r.text();
}

function errorBox(e, id) {
  return el("p", { class: "error", id: id || "error" }, e.message || String(e));
}

// A drawing fetched from the API, inline, with its download link.
async function picture(path, extra, name) {
  const box = el("div", { class: "picture" });
  try {
    const svg = await api(path, extra);
    const holder = el("div", { class: "svg" });
    holder.innerHTML = svg;
    box.append(holder);
    box.append(el("a", { class: "download", href: url(path, Object.assign({}, extra, { download: "1" })), download: name }, "download SVG"));
  } catch (e) {
    box.append(errorBox(e, "picture-error"));
  }
  return box;
}

// A drawing from a POST (the pasted text), with a download link to a copy in memory.
function postedPicture(svg, name) {
  const box = el("div", { class: "picture" });
  const holder = el("div", { class: "svg" });
  holder.innerHTML = svg;
  box.append(holder);
  const link = el("a", { class: "download", download: name }, "download SVG");
  link.href = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  box.append(link);
  return box;
}

function cell(v) { return "(" + v.join(",") + ")"; }
function chain(slides) {
  return slides.map(s => cell(s.from) + "-" + cell(s.pivot) + " → " + cell(s.pivot) + "-" + cell(s.to)).join(", ");
}
function idLink(id) { return el("a", { href: url("/pairing/" + id), "data-id": id }, "ID " + id); }

const main = document.getElementById("main");
function show(...nodes) { main.replaceChildren(...nodes); }

async function pairingPage(id) {
  const doc = await api("/api/pairing/" + encodeURIComponent(id));
  document.title = "ID " + doc.id + " · amoba explorer";
  const place = doc.component_size === 1 ? "an isolated vertex of the pairing graph"
    : doc.component === 1 ? "a vertex of the largest component"
    : "a vertex of a small component (" + doc.component_size + " vertices)";
  const facts = el("dl", { class: "facts" },
    el("dt", {}, "canonical form"), el("dd", {}, el("code", { id: "canonical" }, doc.canonical)),
    el("dt", {}, "stabiliser"), el("dd", { id: "stabiliser" }, "order " + doc.stabiliser_order,
      el("ul", {}, doc.stabiliser.map(g => el("li", {}, el("code", {}, g.text || "identity"), " — " + g.kind + ": " + g.formula)))),
    el("dt", {}, "component"), el("dd", { id: "component" },
      doc.component_size <= 300
        ? el("a", { href: url("/component/" + doc.component) }, "component " + doc.component)
        : "component " + doc.component,
      " (" + doc.component_size + " vertices)"),
    el("dt", {}, "degree"), el("dd", { id: "degree" }, String(doc.degree)),
    el("dt", {}, "kind"), el("dd", { id: "kind" }, doc.kind || "not named (the axis periods of the board differ)"),
    el("dt", {}, "in the graph"), el("dd", { id: "graph-place" }, place),
    el("dt", {}, "moves within the class"), el("dd", {}, doc.same_class_cells.length ? doc.same_class_cells.map(cell).join(" ") : "none"),
  );
  const around = el("p", {},
    el("a", { href: url("/neighbourhood/" + doc.id, { radius: 1 }) }, "neighbourhood, radius 1"), " · ",
    el("a", { href: url("/neighbourhood/" + doc.id, { radius: 2 }) }, "radius 2"), " · ",
    el("a", { href: url("/path", { from: doc.id }) }, "a path from here"));
  const neighbours = el("ul", { class: "neighbours", id: "neighbours" },
    doc.neighbours.map(n => el("li", { class: "neighbour", "data-id": n.id },
      el("div", {}, el("a", { href: url("/pairing/" + n.id), class: "neighbour-link" }, "ID " + n.id),
        " — moves at " + n.cells.map(cell).join(" ")),
      el("div", { class: "mono" }, "move at " + cell(n.move.cell) + ", " + n.move.slides.length + " slides: " + chain(n.move.slides)),
      el("img", { loading: "lazy", alt: "the move to ID " + n.id, src: url("/api/pairing/" + doc.id + "/move/" + n.id + "/svg") }),
      el("a", { class: "download", href: url("/api/pairing/" + doc.id + "/move/" + n.id + "/svg", { download: "1" }) }, "download SVG"))));
  show(
    el("h1", { id: "title" }, "Pairing ID " + doc.id),
    el("div", { class: "columns" },
      await picture("/api/pairing/" + doc.id + "/svg", {}, "pairing-" + doc.id + ".svg"),
      el("div", {}, facts, around)),
    el("h2", {}, "Neighbours (" + doc.neighbours.length + "), the slid dominoes highlighted"),
    neighbours);
}

async function pathPage() {
  const from = params.get("from") || "", to = params.get("to") || "";
  const form = el("form", { class: "inline", id: "path-form", action: "/path" },
    el("label", {}, "from ID", el("input", { name: "from", id: "path-from", value: from, size: 8 })),
    el("label", {}, "to ID", el("input", { name: "to", id: "path-to", value: to, size: 8 })),
    board ? el("input", { type: "hidden", name: "board", value: board }) : null,
    el("button", { type: "submit", id: "path-go" }, "shortest path"));
  const nodes = [el("h1", {}, "A shortest path of moves"), form];
  if (from && to) {
    try {
      const doc = await api("/api/path", { from, to });
      nodes.push(pathView(doc));
    } catch (e) { nodes.push(errorBox(e)); }
  }
  show(...nodes);
}

function pathView(doc) {
  const box = el("div", { id: "path" });
  if (!doc.connected) {
    box.append(el("p", { id: "path-length", class: "bad" },
      "No path: ID " + doc.from.id + " lies in component " + doc.from.component + ", ID " + doc.to.id + " in component " + doc.to.component + "."));
    return box;
  }
  const n = doc.length;
  box.append(el("p", { id: "path-length" }, "A shortest path from ", idLink(doc.from.id), " to ", idLink(doc.to.id), ": " + n + (n === 1 ? " move" : " moves") + " (component " + doc.from.component + ")."));
  const label = el("span", { id: "path-step" });
  const holder = el("div", { id: "path-picture" });
  const list = el("ol", { start: 0, id: "path-steps" },
    el("li", {}, "start: ", idLink(doc.from.id), " ", el("code", {}, doc.from.pairing)),
    doc.steps.map(s => el("li", {}, "move at " + cell(s.move.cell) + ", " + s.move.slides.length + " slides → ", idLink(s.id), el("div", { class: "mono" }, chain(s.move.slides)))));
  let k = 0;
  async function go(to) {
    k = Math.max(0, Math.min(n, to));
    label.textContent = "step " + k + " of " + n;
    [...list.children].forEach((li, i) => li.classList.toggle("current", i === k));
    holder.replaceChildren(await picture("/api/path/svg", { from: doc.from.id, to: doc.to.id, step: k }, "path-step-" + k + ".svg"));
  }
  box.append(el("p", { class: "steps" },
    el("button", { type: "button", id: "path-prev", onclick: () => go(k - 1) }, "◀ previous"), label,
    el("button", { type: "button", id: "path-next", onclick: () => go(k + 1) }, "next ▶")));
  box.append(holder, list);
  if (doc.last_to_target) box.append(el("p", {}, "The last pairing is carried onto the target's canonical form by ", el("code", {}, doc.last_to_target.text || "the identity"), " (" + doc.last_to_target.kind + ")."));
  go(0);
  return box;
}

const FILTERS = [["ids", "IDs"], ["stabiliser", "stabiliser order"], ["component", "component"], ["degree", "degree"], ["symmetry", "symmetry"]];

async function selectPage() {
  const form = el("form", { class: "inline", id: "select-form", action: "/select" },
    FILTERS.map(([k, t]) => el("label", {}, t, el("input", { name: k, value: params.get(k) || "", size: k === "symmetry" ? 18 : 10, placeholder: k === "symmetry" ? "-1,0 0,-1" : "A..B" }))),
    el("label", {}, "per page", el("input", { name: "per_page", value: params.get("per_page") || "50", size: 4 })),
    board ? el("input", { type: "hidden", name: "board", value: board }) : null,
    el("button", { type: "submit", id: "select-go" }, "select"));
  const nodes = [el("h1", {}, "Select classes"), el("p", {}, "Ranges are N, A..B, A.. or ..B; a symmetry as in FORMATS.md (a matrix alone: any element with that linear part)."), form];
  const q = {};
  for (const k of ["ids", "stabiliser", "component", "degree", "symmetry", "per_page", "page"]) if (params.get(k)) q[k] = params.get(k);
  try {
    const doc = await api("/api/select", q);
    const pages = Math.max(1, Math.ceil(doc.total / doc.per_page));
    const pager = el("p", { class: "pager" },
      el("span", { id: "select-total" }, doc.total + " classes"), el("span", {}, "page " + doc.page + " of " + pages),
      doc.page > 1 ? el("a", { href: url("/select", Object.assign({}, q, { page: doc.page - 1 })), id: "select-prev" }, "◀ previous") : null,
      doc.page < pages ? el("a", { href: url("/select", Object.assign({}, q, { page: doc.page + 1 })), id: "select-next" }, "next ▶") : null);
    nodes.push(pager, el("table", { id: "select-rows" },
      el("tr", {}, ["ID", "stabiliser", "component", "degree", "canonical form"].map(h => el("th", {}, h))),
      doc.rows.map(r => el("tr", {}, el("td", {}, idLink(r.id)), el("td", {}, r.stabiliser_order), el("td", {}, r.component), el("td", {}, r.degree), el("td", {}, el("code", {}, r.canonical))))));
  } catch (e) { nodes.push(errorBox(e)); }
  show(...nodes);
}

function lineName(l) { return l.line + ": " + (l.dominoes.length ? l.dominoes.join(" ") : "no domino") + " (expected " + l.expected + ")"; }

async function verifyPage() {
  const area = el("textarea", { id: "pasted", rows: 10, spellcheck: "false", placeholder: "a pairing: one-line form or grid, # comments (FORMATS.md)" });
  const out = el("div", { id: "verdict" });
  async function check() {
    const text = area.value;
    out.replaceChildren(el("p", {}, "Checking…"));
    const init = { method: "POST", body: text, headers: { "content-type": "text/plain; charset=utf-8" } };
    try {
      const doc = await api("/api/verify", {}, init);
      out.replaceChildren(await verdictView(doc, text));
    } catch (e) {
      const at = e.body && e.body.line ? [{ line: e.body.line, column: e.body.column, message: e.message }] : [];
      out.replaceChildren(errorBox(e, "verify-error"), pastedLines(text, at));
    }
  }
  show(el("h1", {}, "Verify a candidate pairing"),
    el("p", {}, "Paste pairings in any form amoba verify reads; the malformed text lines and the board lines a pairing gets wrong are highlighted."),
    area, el("p", {}, el("button", { type: "button", id: "verify-button", onclick: check }, "verify")), out);
}

// The pasted text, numbered, the malformed lines highlighted with their reasons.
function pastedLines(text, errors) {
  const bad = new Map(errors.filter(e => e.line).map(e => [e.line, e]));
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return el("ol", { class: "pasted", id: "pasted-lines" }, lines.map((t, i) => {
    const e = bad.get(i + 1);
    return el("li", { class: e ? "bad-line" : null }, t || " ", e ? el("span", { class: "why" }, "column " + e.column + ": " + e.message) : null);
  }));
}

async function verdictView(doc, text) {
  const file = doc.inputs[0];
  const box = el("div", {});
  box.append(el("p", { id: "verify-summary", class: doc.exit_code === 0 ? "good" : "bad" },
    doc.pairings + (doc.pairings === 1 ? " pairing: " : " pairings: ") + doc.good_pairings + " good, " + doc.not_good_pairings + " not good" +
    (doc.malformed_lines ? "; " + doc.malformed_lines + " malformed lines" : "")));
  if (file.errors.length) box.append(pastedLines(text, file.errors));
  for (const r of file.reports.slice(0, 20)) {
    const a = r.analysis;
    const item = el("div", { class: "report" }, el("h2", {}, "Pairing " + r.index + " (line " + r.line + "): ",
      el("span", { class: r.good ? "good" : "bad" }, r.good ? "good" : "not good")));
    if (r.good && r.class && r.class.id) item.append(el("p", {}, "Its class: ", idLink(r.class.id), ", canonical form ", el("code", {}, r.class.canonical)));
    if (r.good && r.class && r.class.periodicity) item.append(el("p", { class: "periodicity" }, "Kind: " + r.class.periodicity.kind));
    const wrong = [].concat(
      a.lines_without_domino.map(l => ["without a domino", l]),
      a.lines_with_several.map(l => ["with too many dominoes", l]),
      a.lines_misplaced.map(l => ["with dominoes misplaced", l]));
    if (wrong.length) item.append(el("ul", { class: "wrong-lines" }, wrong.map(([why, l]) => el("li", {}, "line " + why + " — " + lineName(l)))));
    if (a.inconsistencies.length) item.append(el("ul", { class: "wrong-lines" }, a.inconsistencies.map(c => el("li", {}, c.cell + " points " + c.direction + " to " + c.partner + ", which points to " + c.partner_points_to))));
    try {
      const svg = await api("/api/verify/svg", { pick: r.index }, { method: "POST", body: text, headers: { "content-type": "text/plain; charset=utf-8" } });
      item.append(postedPicture(svg, "pasted-" + r.index + ".svg"));
    } catch (e) { item.append(errorBox(e, "picture-error")); }
    box.append(item);
  }
  if (file.reports.length > 20) box.append(el("p", {}, "… and " + (file.reports.length - 20) + " more pairings (the JSON of /api/verify has them all)."));
  return box;
}

async function graphPage() {
  const doc = await api("/api/graph");
  const limit = 300;
  show(el("h1", {}, "The pairing graph of " + doc.board),
    el("p", { id: "graph-summary" }, doc.vertices + " vertices, " + doc.edges + " edges, " + doc.components.length + " components."),
    el("form", { class: "inline", id: "ball-form", onsubmit: ev => { ev.preventDefault(); const f = ev.target; location.href = url("/neighbourhood/" + encodeURIComponent(f.id.value.trim()), { radius: f.radius.value.trim() }); } },
      el("label", {}, "neighbourhood of ID", el("input", { name: "id", size: 8, value: "1" })),
      el("label", {}, "radius", el("input", { name: "radius", size: 3, value: "2" })),
      el("button", { type: "submit" }, "draw")),
    el("table", { id: "components" }, el("tr", {}, el("th", {}, "component"), el("th", {}, "vertices")),
      doc.components.map(c => el("tr", {}, el("td", {}, c.size <= limit ? el("a", { href: url("/component/" + c.component) }, "component " + c.component) : "component " + c.component + " (draw a neighbourhood)"), el("td", {}, c.size)))));
}

async function componentPage(c) {
  const doc = await api("/api/component/" + encodeURIComponent(c));
  show(el("h1", { id: "title" }, doc.title),
    await picture("/api/component/" + encodeURIComponent(c) + "/svg", {}, "component-" + c + ".svg"),
    el("p", { id: "members" }, "Vertices: ", doc.vertices.map(v => [idLink(v.id), " "])));
}

async function neighbourhoodPage(id) {
  const radius = params.get("radius") || "1";
  const doc = await api("/api/neighbourhood/" + encodeURIComponent(id), { radius });
  const byDistance = new Map();
  for (const v of doc.vertices) { if (!byDistance.has(v.distance)) byDistance.set(v.distance, []); byDistance.get(v.distance).push(v.id); }
  show(el("h1", { id: "title" }, doc.title),
    el("p", {}, [0, 1, 2, 3].map(r => [el("a", { href: url("/neighbourhood/" + id, { radius: r }) }, "radius " + r), " "])),
    await picture("/api/neighbourhood/" + encodeURIComponent(id) + "/svg", { radius }, "neighbourhood-" + id + "-r" + radius + ".svg"),
    el("ul", { id: "members" }, [...byDistance.entries()].sort((x, y) => x[0] - y[0]).map(([d, ids]) => el("li", {}, "distance " + d + ": ", ids.map(i => [idLink(i), " "])))));
}

async function boardsPage() {
  const doc = await api("/api/boards");
  show(el("h1", {}, "Boards"),
    el("table", { id: "boards" }, el("tr", {}, el("th", {}, "board"), el("th", {}, "")),
      doc.boards.map(b => el("tr", {},
        el("td", {}, b.unavailable ? b.name : el("a", { href: "/?board=" + encodeURIComponent(b.name) }, b.name), b.name === doc.default ? " (served)" : ""),
        el("td", {}, b.unavailable || (b.classes ? b.classes + " classes" : "loaded at first use"))))));
}

async function homePage() {
  const doc = await api("/api/graph");
  show(el("h1", {}, "amoba explorer · board " + doc.board),
    el("p", { id: "home-summary" }, doc.vertices + " classes of good pairings, " + doc.edges + " edges of the pairing graph, " + doc.components.length + " components."),
    el("ul", {},
      el("li", {}, el("a", { href: url("/pairing/1") }, "pairing ID 1"), " — its drawing, symmetries and neighbours"),
      el("li", {}, el("a", { href: url("/path", { from: 1, to: doc.vertices }) }, "a path"), " between two classes"),
      el("li", {}, el("a", { href: url("/select") }, "select"), " classes by stabiliser, component, degree or symmetry"),
      el("li", {}, el("a", { href: url("/verify") }, "verify"), " a pairing of your own"),
      el("li", {}, el("a", { href: url("/graph") }, "the graph"), ": its components and neighbourhoods"),
      el("li", {}, el("a", { href: "/placement" }, "placements"), ": check a periodic t-placement and draw it"),
      el("li", {}, el("a", { href: "/boards" }, "other boards"))));
}

async function gamePage() {
  const samples = await api("/api/games");
  const area = el("textarea", { id: "game-text", rows: 12, spellcheck: "false" });
  area.value = samples.length ? samples[0].text : "";
  const pick = el("select", { id: "game-sample", onchange: () => { area.value = samples[pick.selectedIndex].text; } },
    samples.map(g => el("option", {}, g.file)));
  const moves = el("input", { type: "checkbox", id: "game-moves", checked: true });
  const out = el("div", { id: "game-answer" });
  async function solve() {
    out.replaceChildren(el("p", {}, "Solving…"));
    try {
      const doc = await api("/api/game", { moves: moves.checked ? "1" : "0" }, { method: "POST", body: area.value, headers: { "content-type": "text/plain; charset=utf-8" } });
      out.replaceChildren(
        el("p", { id: "game-winner", class: doc.winner ? "good" : "bad" },
          doc.winner ? doc.game + ": " + doc.winner + " wins (" + doc.first + " moves first)" : doc.game + ": not decided within the node limit"),
        el("p", {}, doc.cells + " cells, " + doc.sets + " winning sets, " + doc.symmetries + " automorphisms folded; " + doc.nodes + " nodes in " + doc.cost.seconds.toFixed(2) + " s."),
        doc.moves ? el("table", { id: "game-moves-table" }, el("tr", {}, el("th", {}, "first move"), el("th", {}, "then wins"), el("th", {}, "nodes")),
          doc.moves.map(m => el("tr", {}, el("td", {}, m.cell), el("td", {}, m.winner || "not decided (pn " + m.proof_number + ", dn " + m.disproof_number + ")"), el("td", {}, m.same_as ? "as after " + m.same_as + " (an automorphism)" : m.nodes)))) : null,
        el("p", {}, "Play it against the solver: ",
          el("button", { type: "button", id: "game-play-maker", onclick: () => play(area.value, "maker", out) }, "as Maker"), " ",
          el("button", { type: "button", id: "game-play-breaker", onclick: () => play(area.value, "breaker", out) }, "as Breaker")));
    } catch (e) { out.replaceChildren(errorBox(e, "game-error")); }
  }
  show(el("h1", {}, "Who wins a Maker–Breaker game"),
    el("p", {}, "A game file (FORMATS.md, Game files): a sample or your own; each search stops after two million nodes."),
    el("p", {}, el("label", {}, "sample ", pick), " ", el("label", {}, moves, " every first move's value")),
    area, el("p", {}, el("button", { type: "button", id: "game-solve", onclick: solve }, "solve")), out);
}

// A game file's cells, winning sets, starting position and first player (the
// statements of FORMATS.md, Game files; the server has checked the file).
function parseGame(text) {
  const g = { cells: [], sets: [], maker: [], breaker: [], first: "maker" };
  for (const raw of text.split("\n")) {
    const words = raw.split("#")[0].trim().split(/[ \t]+/).filter(w => w);
    if (!words.length) continue;
    const [kw, ...rest] = words;
    if (kw === "cells") g.cells.push(...rest);
    else if (kw === "set") g.sets.push(rest);
    else if (kw === "maker") g.maker.push(...rest);
    else if (kw === "breaker") g.breaker.push(...rest);
    else if (kw === "first") g.first = rest[0];
  }
  return g;
}

// Whether Maker's cells `maker` hold a whole winning set of the parsed game `g`.
function makerOwnsASet(g, maker) {
  return g.sets.some(set => set.every(c => maker.includes(c)));
}

// The game file of a position: the text's own position and first player replaced.
function positionText(text, maker, breaker, toMove) {
  const lines = text.split("\n").filter(l => !/^[ \t]*(first|maker|breaker)[ \t]/.test(l));
  lines.push("first " + toMove);
  if (maker.length) lines.push("maker " + maker.join(" "));
  if (breaker.length) lines.push("breaker " + breaker.join(" "));
  return lines.join("\n") + "\n";
}

// The person plays `side`, the solver the other: after each move the server solves
// the position with every move's value (the same search as `amoba solve --moves`);
// the solver answers with a move its side wins after, and the board shows the value
// of each free cell to the side to move.
async function play(text, side, out) {
  const g = parseGame(text);
  const other = side === "maker" ? "breaker" : "maker";
  const owned = { maker: [...g.maker], breaker: [...g.breaker] };
  let toMove = g.first;
  const status = el("p", { id: "game-status" });
  const board = el("div", { id: "game-board" });
  const log = el("ol", { id: "game-log" });
  out.replaceChildren(el("h2", {}, "Playing as " + side), status, board, log);
  const over = () => {
    if (makerOwnsASet(g, owned.maker)) return "maker";
    if (g.sets.every(set => set.some(c => owned.breaker.includes(c)))) return "breaker";
    if (g.cells.every(c => owned.maker.includes(c) || owned.breaker.includes(c))) return "breaker";
    return null;
  };
  const solve = () => api("/api/game", { moves: "1" }, { method: "POST", body: positionText(text, owned.maker, owned.breaker, toMove), headers: { "content-type": "text/plain; charset=utf-8" } });
  const grid = g.cells.every(c => /^-?\d+,-?\d+$/.test(c));
  const xy = c => c.split(",").map(Number);
  const draw = (values, mine) => {
    const buttons = g.cells.map(c => {
      const who = owned.maker.includes(c) ? "maker" : owned.breaker.includes(c) ? "breaker" : null;
      const value = values && values[c];
      const b = el("button", { type: "button", class: "cell" + (who ? " " + who : value ? " then-" + value : ""), "data-cell": c,
        title: who ? c + ": " + who : c + (value ? ": then " + value + " wins" : "") }, who ? (who === "maker" ? "M" : "B") : c);
      if (who || !mine) b.disabled = true;
      else b.onclick = () => move(c);
      if (grid) { const [x, y] = xy(c); b.style.gridColumn = String(x + 1); b.style.gridRow = String(y + 1); }
      return b;
    });
    board.className = grid ? "game-grid" : "game-row";
    board.replaceChildren(...buttons);
  };
  const step = async () => {
    const done = over();
    if (done) {
      status.textContent = done + " has won" + (done === side ? ": you won." : ": the solver won.");
      status.className = done === side ? "good" : "bad";
      draw(null, false);
      return;
    }
    status.textContent = "solving…";
    const doc = await solve();
    const values = {};
    for (const m of doc.moves || []) values[m.cell] = m.winner;
    const verdict = doc.winner ? doc.winner + " wins with perfect play" : "not decided within the node limit";
    if (toMove === side) {
      status.textContent = "Your move (" + side + "); " + verdict + ". A free cell shows who wins after it.";
      status.className = "";
      draw(values, true);
    } else {
      draw(values, false);
      const moves = doc.moves || [];
      const best = moves.find(m => m.winner === other) || moves.find(m => !m.winner) || moves[0];
      if (!best) { status.textContent = "no free cell left"; return; }
      owned[other].push(best.cell);
      log.append(el("li", {}, "solver (" + other + "): " + best.cell + (best.winner ? " — then " + best.winner + " wins" : "")));
      toMove = side;
      await step();
    }
  };
  const move = async c => {
    owned[side].push(c);
    log.append(el("li", {}, "you (" + side + "): " + c));
    toMove = other;
    try { await step(); } catch (e) { out.append(errorBox(e, "game-error")); }
  };
  try { await step(); } catch (e) { out.append(errorBox(e, "game-error")); }
}

// A strategy certificate (FORMATS.md, Strategy certificates) for walking through: its
// winner, root and nodes by number (the server has checked the file).
function parseStrategy(text) {
  const s = { winner: null, root: null, nodes: new Map() };
  // Node numbers as numbers (a file may write 007 for 7).
  const id = w => String(Number(w));
  for (const raw of text.split("\n")) {
    const words = raw.split("#")[0].trim().split(/[ \t]+/).filter(w => w);
    if (!words.length) continue;
    const [kw, ...rest] = words;
    if (kw === "winner") s.winner = rest[0];
    else if (kw === "game") s.game = rest[0];
    else if (kw === "root") s.root = id(rest[0]);
    else if (kw === "node") {
      const [nodeId, kind, ...args] = rest;
      const n = { kind, answers: new Map(), pairs: [] };
      if (kind === "move") { n.cell = args[0]; n.next = args[1] === "win" ? "win" : id(args[1]); }
      for (let i = 0; kind !== "move" && i + 1 < args.length; i += 2) {
        if (kind === "reply") n.answers.set(args[i], id(args[i + 1]));
        else n.pairs.push([args[i], args[i + 1]]);
      }
      s.nodes.set(id(nodeId), n);
    }
  }
  return s;
}

// A game and a strategy certificate for it: the checker's verdict, then the strategy
// played out on the board. The winner's moves are made for the reader; at the
// loser's turn the cells the certificate answers can be clicked, and so can a cell it
// leaves out because Maker then completes a set at once (the checker's own rule); a
// dead cell needs no answer. Leaves say the rule that ends the play.
async function strategyPage() {
  const samples = await api("/api/games");
  const gameArea = el("textarea", { id: "strategy-game", rows: 10, spellcheck: "false" });
  const certArea = el("textarea", { id: "strategy-text", rows: 10, spellcheck: "false",
    placeholder: "a certificate (amoba solve GAME --certificate FILE); left empty, the explorer's solver writes one" });
  const pick = el("select", { id: "strategy-sample", onchange: () => { gameArea.value = samples[pick.selectedIndex].text; certArea.value = ""; } },
    samples.map(s => el("option", {}, s.file)));
  gameArea.value = samples[0].text;
  const out = el("div", { id: "strategy-answer" });
  const walk = async () => {
    out.replaceChildren(el("p", {}, "checking…"));
    try {
      if (!certArea.value.trim()) {
        certArea.value = await api("/api/strategy/solve", {}, { method: "POST", body: gameArea.value, headers: { "content-type": "text/plain; charset=utf-8" } });
      }
      const doc = await api("/api/strategy", {}, { method: "POST", body: JSON.stringify({ game: gameArea.value, certificate: certArea.value }), headers: { "content-type": "application/json" } });
      walkStrategy(gameArea.value, certArea.value, doc, out);
    } catch (e) { out.replaceChildren(errorBox(e, "strategy-error")); }
  };
  show(el("h1", {}, "Walk through a winning strategy"),
    el("p", {}, "A game file and a strategy certificate for it (FORMATS.md): the verdict of amoba verify --strategy, then the strategy played out — the winner's moves made for you, the loser's chosen by you among the moves the certificate answers. Leave the certificate empty to have the explorer's solver write one (at most two million nodes)."),
    el("p", {}, el("label", {}, "sample ", pick)),
    el("h2", {}, "Game"), gameArea, el("h2", {}, "Certificate"), certArea,
    el("p", {}, el("button", { type: "button", id: "strategy-walk", onclick: walk }, "check and walk")), out);
}

function walkStrategy(text, certText, doc, out) {
  const g = parseGame(text);
  const s = parseStrategy(certText);
  const winner = s.winner;
  const loser = winner === "maker" ? "breaker" : "maker";
  const proof = doc.verdict === "proof";
  if (s.game !== doc.game_sha256) {
    out.replaceChildren(el("p", { id: "strategy-verdict", class: "bad" }, "Not a proof: the certificate names the game file " + s.game + ", not this one (" + doc.game_sha256 + "); there is nothing to walk through."));
    return;
  }
  const verdict = el("p", { id: "strategy-verdict", class: proof ? "good" : "bad" },
    proof ? "A proof: " + doc.winner + " wins (" + doc.nodes + " nodes, depth " + doc.depth + ")."
      : "Not a proof: node " + doc.node + ": " + doc.reason + ". The walk below follows the certificate as written.");
  const status = el("p", { id: "strategy-status" });
  const board = el("div", { id: "strategy-board", class: "cells" });
  const log = el("ol", { id: "strategy-log" });
  const history = [];
  let st = { maker: [...g.maker], breaker: [...g.breaker], toMove: g.first, node: s.root, moves: [] };
  const back = el("button", { type: "button", id: "strategy-back", onclick: () => { if (history.length) { st = history.pop(); step(); } } }, "back");
  out.replaceChildren(verdict, el("h2", {}, "The strategy of " + winner), el("p", {}, back), status, board, log);
  const grid = g.cells.every(c => /^-?\d+,-?\d+$/.test(c));
  const other = side => side === "maker" ? "breaker" : "maker";
  const isFree = (p, c) => g.cells.includes(c) && !p.maker.includes(c) && !p.breaker.includes(c);
  // The checker's rules are about the minimal winning sets: those containing no other
  // (of two equal sets, the first is kept). A set's supersets all lie among the sets
  // through its rarest cell, so each set is compared with those alone.
  const through = new Map();
  g.sets.forEach((set, i) => set.forEach(c => {
    if (!through.has(c)) through.set(c, []);
    through.get(c).push(i);
  }));
  const cellsOf = g.sets.map(set => new Set(set));
  const everyIndex = g.sets.map((_, i) => i);
  const covers = new Set();
  g.sets.forEach((t, j) => {
    const candidates = t.reduce((best, c) => {
      const list = through.get(c) || [];
      return list.length < best.length ? list : best;
    }, everyIndex);
    for (const i of candidates) {
      if (i !== j && (t.length < g.sets[i].length || j < i) && t.every(c => cellsOf[i].has(c))) covers.add(i);
    }
  });
  const minimal = g.sets.filter((_, i) => !covers.has(i));
  const liveSets = p => minimal.filter(set => !set.some(c => p.breaker.includes(c)));
  const played = (p, side, c, why) => ({ ...p, [side]: [...p[side], c], toMove: other(side), moves: [...p.moves, [side, c, why]] });
  // Maker completes a set after Breaker's `c`: the cell that does it, or null.
  const completes = (p, c) => {
    const after = { ...p, breaker: [...p.breaker, c] };
    for (const set of liveSets(after)) {
      const open = set.filter(x => isFree(after, x));
      if (open.length === 1) return open[0];
    }
    return null;
  };
  const draw = (choices, notes, pairs, forced) => {
    const buttons = g.cells.map(c => {
      const who = st.maker.includes(c) ? "maker" : st.breaker.includes(c) ? "breaker" : null;
      const pair = pairs ? pairs.findIndex(p => p.includes(c)) : -1;
      const text = who ? (who === "maker" ? "M" : "B") : pair >= 0 ? c + " ·" + (pair + 1) : c;
      const open = forced && forced.has(c) ? " forced" : choices.has(c) ? " answered" : "";
      const b = el("button", { type: "button", "data-cell": c, class: "cell" + (who ? " " + who : open),
        title: who ? c + ": " + who : notes.get(c) || c }, text);
      if (!who && choices.has(c)) b.onclick = () => { history.push(st); st = choices.get(c)(); step(); };
      else b.disabled = true;
      if (grid) { const [x, y] = c.split(",").map(Number); b.style.gridColumn = String(x + 1); b.style.gridRow = String(y + 1); }
      return b;
    });
    board.className = "cells " + (grid ? "game-grid" : "game-row");
    board.replaceChildren(...buttons);
    log.replaceChildren(...st.moves.map(([side, c, why]) => el("li", {}, side + ": " + c + (why ? " (" + why + ")" : ""))));
    back.disabled = !history.length;
  };
  // The end of a line of play. A leaf of a certificate that is not a proof is only its
  // claim: the verdict above says where the certificate fails.
  const end = (message, good, pairs) => { status.textContent = message; status.className = good ? "good" : "bad"; draw(new Map(), new Map(), pairs); };
  const leaf = (message, pairs) => proof ? end(message, winner === "breaker", pairs)
    : end("The certificate claims: " + message + " (not checked here: see the verdict above)", false, pairs);
  const step = () => {
    // The winner's moves, made for the reader, up to the loser's turn or a leaf.
    for (;;) {
      if (makerOwnsASet(g, st.maker)) return end("Maker owns a whole winning set: Maker has won.", winner === "maker");
      if (g.cells.every(c => !isFree(st, c))) return end("Every cell is taken and Maker owns no winning set: Breaker has won.", winner === "breaker");
      const n = s.nodes.get(st.node);
      if (!n) return end("The certificate has no node " + st.node + ".", false);
      if (n.kind === "closed") return leaf("No live winning set is left (closed): Breaker has won.");
      if (n.kind === "potential") return leaf("The Erdős–Selfridge potential of the live winning sets is below " + (st.toMove === "breaker" ? "1" : "1/2") + " with " + st.toMove + " to move (potential): Breaker wins (docs/spec.md §11.6).");
      if (n.kind === "pairing") return leaf("A pairing (cells numbered by pair): every live winning set holds a pair, and Breaker answers each of Maker's moves in a pair with its partner (docs/spec.md §11.7).", n.pairs);
      if (n.kind === "move" && n.next === "win" && winner !== "maker") return end("The certificate writes `move " + n.cell + " win` (a win for Maker) in Breaker's certificate.", false);
      if (n.kind === "move" && st.toMove === winner) {
        if (!isFree(st, n.cell)) return end("The certificate's move " + n.cell + " is not free.", false);
        if (n.next === "win") {
          st = played(st, winner, n.cell, "completes a winning set");
          if (!makerOwnsASet(g, st.maker)) return end("The certificate's move " + n.cell + " completes no winning set.", false);
          return end("Maker completes a winning set: Maker has won.", winner === "maker");
        }
        st = { ...played(st, winner, n.cell, "the strategy's move"), node: n.next };
        continue;
      }
      if (n.kind !== "reply" || st.toMove !== loser) return end("The certificate writes `" + n.kind + "` here with " + st.toMove + " to move, which does not fit.", false);
      const choices = new Map();
      const notes = new Map();
      const forced = new Set();
      const live = liveSets(st);
      for (const c of g.cells.filter(c => isFree(st, c))) {
        if (n.answers.has(c)) {
          choices.set(c, () => ({ ...played(st, loser, c, ""), node: n.answers.get(c) }));
          notes.set(c, c + ": answered");
          continue;
        }
        const m = winner === "maker" ? completes(st, c) : null;
        if (m !== null) {
          choices.set(c, () => { const after = played(st, loser, c, ""); return { ...played(after, "maker", m, "completes a threat"), node: null }; });
          notes.set(c, c + ": left out, Maker then completes a set at once");
          forced.add(c);
        } else if (!live.some(set => set.includes(c)) && n.answers.size > 0) {
          notes.set(c, c + ": a dead cell (in no live winning set), left out");
        } else {
          notes.set(c, c + ": not answered by the certificate");
        }
      }
      status.textContent = "Your move as " + loser + ": the certificate answers " + n.answers.size + " cell" + (n.answers.size === 1 ? "" : "s")
        + (forced.size ? "; after " + forced.size + " more, Maker completes a set at once" : "") + ". Each cell says why on hover.";
      status.className = "";
      return draw(choices, notes, null, forced);
    }
  };
  step();
}

// A periodic t-placement: a sample or a pasted file, its verdict and its picture.
async function placementPage() {
  const samples = await api("/api/placements");
  const area = el("textarea", { id: "placement-text", rows: 14, spellcheck: "false", placeholder: "a placement file: directions, k, t, lattice and one cookie a line (FORMATS.md)" });
  const chosen = params.get("sample");
  const first = samples.find(p => p.file === chosen) || samples[0];
  area.value = first ? first.text : "";
  const pick = el("select", { id: "placement-sample", onchange: () => { area.value = samples[pick.selectedIndex].text; } },
    samples.map(p => el("option", { selected: p === first }, p.file)));
  const out = el("div", { id: "placement-answer" });
  async function check() {
    const text = area.value;
    out.replaceChildren(el("p", {}, "Checking…"));
    const init = { method: "POST", body: text, headers: { "content-type": "text/plain; charset=utf-8" } };
    try {
      const doc = await api("/api/placement", {}, init);
      const r = doc.inputs[0].report;
      const verdict = r.good ? (r.tight ? "good and tight" : "good") : "not good: " + r.unblocked + " winning sets of a period unblocked";
      const box = el("div", {},
        el("p", { id: "placement-verdict", class: r.good ? "good" : "bad" }, verdict),
        el("dl", { class: "facts" },
          el("dt", {}, "game"), el("dd", {}, "k = " + r.k + ", t = " + (r.t === null ? "unbounded" : r.t) + ", directions " + r.directions.map(d => d.join(",")).join(" ") + " (" + doc.provenance.board + ")"),
          el("dt", {}, "lattice"), el("dd", {}, r.lattice + " (index " + r.index + ")"),
          el("dt", {}, "cookies"), el("dd", {}, r.cookies + ", the largest of " + r.largest_cookie + " cells"),
          el("dt", {}, "winning sets"), el("dd", {}, r.winning_sets + " a period, " + r.unblocked + " unblocked, " + r.blocked_more_than_once + " blocked more than once")));
      if (r.witnesses.length) box.append(el("ul", { class: "wrong-lines", id: "placement-witnesses" }, r.witnesses.map(w =>
        el("li", {}, "unblocked: from " + cell(w.start) + " along " + cell(w.direction)))));
      try {
        const svg = await api("/api/placement/svg", {}, init);
        box.append(postedPicture(svg, "placement.svg"));
      } catch (e) { box.append(errorBox(e, "picture-error")); }
      out.replaceChildren(box);
    } catch (e) {
      const at = e.body && e.body.line ? [{ line: e.body.line, column: e.body.column, message: e.message }] : [];
      out.replaceChildren(errorBox(e, "placement-error"), pastedLines(text, at));
    }
  }
  show(el("h1", {}, "Check a periodic t-placement"),
    el("p", {}, "A sample of data/placements/ or a placement file of your own: the verdict of amoba verify --placements and the picture amoba show --placement draws (part a of each cookie grey, part b white)."),
    el("p", {}, el("label", {}, "sample ", pick)),
    area, el("p", {}, el("button", { type: "button", id: "placement-check", onclick: check }, "check")), out);
  await check();
}

async function route() {
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/pairing\/([^/]+)$/))) return pairingPage(decodeURIComponent(m[1]));
  if (path === "/path") return pathPage();
  if (path === "/select") return selectPage();
  if (path === "/verify") return verifyPage();
  if (path === "/graph") return graphPage();
  if ((m = path.match(/^\/component\/([^/]+)$/))) return componentPage(decodeURIComponent(m[1]));
  if ((m = path.match(/^\/neighbourhood\/([^/]+)$/))) return neighbourhoodPage(decodeURIComponent(m[1]));
  if (path === "/boards") return boardsPage();
  if (path === "/game") return gamePage();
  if (path === "/strategy") return strategyPage();
  if (path === "/placement") return placementPage();
  return homePage();
}

function setup() {
  for (const a of document.querySelectorAll("[data-nav]")) {
    a.href = url(a.getAttribute("href"));
    if (location.pathname.startsWith(a.getAttribute("href").split("?")[0].replace(/\/1$/, ""))) a.classList.add("active");
  }
  document.getElementById("goto").addEventListener("submit", ev => {
    ev.preventDefault();
    const id = document.getElementById("goto-id").value.trim();
    if (id) location.href = url("/pairing/" + encodeURIComponent(id));
  });
  document.getElementById("board-name").textContent = "board " + (board || "(served)");
  api("/api/boards").then(d => { document.getElementById("board-name").textContent = "board " + (board || d.default); }).catch(() => {});
  route().catch(e => show(errorBox(e))).finally(() => document.body.setAttribute("data-ready", "1"));
}

setup();
