#!/usr/bin/env python3
"""Cross-check the graph exports of `amoba graph` with NetworkX and NetworKit.

Usage: python3 scripts/check_exports.py RESULTS_DIR [TAG]      (TAG defaults to 9)

Reads the JSON sidecar graph-TAG.json (the Rust side's report) and then, each file
independently:

  * the manifest: every file listed exists with the recorded size and SHA-256;
  * graph-TAG.vertices.csv, .components.csv, .degrees.csv, .edges.csv: headers, ID
    order, and the counts they imply;
  * graph-TAG.edgelist with nx.read_edgelist(nodetype=int), plus the vertices 0..n-1
    that have no edge (the sidecar's vertex count); the raw lines are checked for
    "u v", u < v, ascending order;
  * graph-TAG.graphml with nx.read_graphml(node_type=int), node attributes included;
  * graph-TAG.gexf with nx.read_gexf(node_type=int, version="1.2draft");
  * graph-TAG.s6 with nx.read_sparse6;
  * graph-TAG.dot: the clusters hold exactly the components 2.. and their edges, and
    NetworkX's pydot reader (nx.nx_pydot.read_dot) sees every node and edge.

For every graph it compares vertex count, edge count, sorted component sizes and the
degree distribution with the sidecar, and it checks that all graphs have the same edge
set once the labels are mapped to 0-based (ID - 1), and that the component numbers
in the vertex table are those of the documented order (1 = largest, ties by smallest ID).

The diameter of the largest component is computed exactly by NetworKit from the edge
list (its exact method bounds every eccentricity from BFS sweeps, SumSweep: about ten
seconds of CPU on the 8x8 graph, where NetworkX's bounded
`nx.diameter(G, usebounds=True)` ran for over three minutes without finishing) and
compared with component 1 of the Rust analysis, analysis-TAG.json in the same
directory (written by `amoba graph` and `amoba reproduce`).

Prints one line per check. Exit status: 0 all checks passed, 1 some check failed,
2 usage error or a missing/unreadable sidecar or analysis, 3 NetworkX or NetworKit
is not importable (the Rust test reports that as skipped outside CI).
"""

import csv
import hashlib
import json
import os
import re
import sys
import time
from collections import Counter

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_NO_NETWORKX = 0, 1, 2, 3
SIDECAR_FORMAT = ("amoba-graph-export", 2)


class Checker:
    """Collects and prints check results."""

    def __init__(self):
        self.failures = 0
        self.count = 0

    def check(self, name, ok, detail=""):
        self.count += 1
        if not ok:
            self.failures += 1
        print(f"{'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)
        return ok

    def equal(self, name, expected, got, show=True):
        ok = expected == got
        if ok:
            detail = repr(got) if show else ""
        else:
            detail = f"expected {short(expected)}, got {short(got)}"
        return self.check(name, ok, detail)


def short(x, limit=160):
    s = repr(x)
    return s if len(s) <= limit else s[:limit] + "..."


def histogram(degrees):
    """Degree distribution as {degree: vertices}, zero counts left out."""
    return dict(sorted(Counter(degrees).items()))


def stats(nx, G):
    """(vertices, edges, component sizes descending, degree distribution)."""
    sizes = sorted((len(c) for c in nx.connected_components(G)), reverse=True)
    return (
        G.number_of_nodes(),
        G.number_of_edges(),
        sizes,
        histogram(d for _, d in G.degree()),
    )


def edge_keys(G, n, shift):
    """Sorted edges as integers u*n+v, u < v, labels shifted to 0-based."""
    keys = []
    for a, b in G.edges():
        u, v = a - shift, b - shift
        if u > v:
            u, v = v, u
        keys.append(u * n + v)
    keys.sort()
    return keys


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while True:
            block = f.read(1 << 20)
            if not block:
                break
            h.update(block)
    return h.hexdigest()


def check_giant_diameter(c, nk, n, pairs, analysis):
    """The largest component's size and exact diameter by NetworKit, against
    component 1 of the Rust analysis."""
    facts = analysis.get("component_facts") or []
    if not c.check("analysis lists component 1", bool(facts) and facts[0].get("component") == 1):
        return
    t = time.monotonic()
    G = nk.Graph(n)
    for u, v in pairs:
        G.addEdge(u, v)
    giant = nk.components.ConnectedComponents.extractLargestConnectedComponent(G, True)
    c.equal("NetworKit largest component size", facts[0]["size"], giant.numberOfNodes())
    c.equal("NetworKit largest component edges", facts[0]["edges"], giant.numberOfEdges())
    d = nk.distance.Diameter(giant, nk.distance.DiameterAlgo.EXACT)
    d.run()
    diameter = d.getDiameter()[0]
    c.equal(
        "NetworKit exact diameter of the largest component",
        facts[0]["diameter"],
        diameter,
    )
    print(f"     diameter {diameter}, {time.monotonic() - t:.1f} s")


def main(argv):
    if len(argv) not in (2, 3) or argv[1] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return EXIT_USAGE
    directory = argv[1]
    tag = argv[2] if len(argv) == 3 else "9"
    try:
        import networkx as nx
        import networkit as nk
    except ImportError as e:
        print(
            f"check_exports: {e.name} is not importable; install it with "
            "`python3 -m pip install -r scripts/requirements.txt`"
        )
        return EXIT_NO_NETWORKX

    def path(suffix):
        return os.path.join(directory, f"graph-{tag}.{suffix}")

    try:
        with open(path("json"), encoding="utf-8") as f:
            side = json.load(f)
    except (OSError, ValueError) as e:
        print(f"check_exports: cannot read the sidecar: {e}", file=sys.stderr)
        return EXIT_USAGE

    try:
        with open(os.path.join(directory, f"analysis-{tag}.json"), encoding="utf-8") as f:
            analysis = json.load(f)["analysis"]
    except (OSError, ValueError, KeyError) as e:
        print(f"check_exports: cannot read the analysis: {e}", file=sys.stderr)
        return EXIT_USAGE

    start = time.monotonic()
    c = Checker()
    print(
        f"check_exports: {directory} tag {tag}, NetworkX {nx.__version__}, "
        f"NetworKit {nk.__version__}"
    )
    prov = side.get("provenance", {})
    c.equal("sidecar format", SIDECAR_FORMAT, (prov.get("format"), prov.get("format_version")))
    # degree_distribution: vertices of degree d at index d, from 0.
    degree_map = dict(enumerate(side["degree_distribution"]))
    n = side["vertices"]
    m = side["edges"]
    expected = (
        n,
        m,
        sorted(side["component_sizes"], reverse=True),
        {d: k for d, k in degree_map.items() if k},
    )
    c.equal("sidecar component count", side["components"], len(side["component_sizes"]))
    c.equal("sidecar component sizes sum to vertices", n, sum(side["component_sizes"]))
    c.equal(
        "sidecar degree distribution sums to vertices",
        n,
        sum(degree_map.values()),
    )
    c.equal(
        "sidecar degree sum is twice the edges",
        2 * m,
        sum(d * k for d, k in degree_map.items()),
    )
    print(
        f"     sidecar: {n} vertices, {m} edges, {side['components']} components, "
        f"board {prov.get('board')}, {prov.get('amoba_version')!r}, "
        f"command {prov.get('command')!r}"
    )

    # The manifest first: a stale or truncated file explains every later mismatch.
    listed = {r["name"]: r for r in side["files"]}
    wanted = [
        f"graph-{tag}.{s}"
        for s in (
            "edges.csv",
            "vertices.csv",
            "degrees.csv",
            "components.csv",
            "edgelist",
            "graphml",
            "gexf",
            "s6",
            "dot",
        )
    ]
    c.equal("manifest lists every export", sorted(wanted), sorted(listed))
    for name in wanted:
        rec = listed.get(name)
        p = os.path.join(directory, name)
        if rec is None or not os.path.exists(p):
            c.check(f"manifest {name}", False, "missing")
            continue
        size, digest = os.path.getsize(p), sha256_of(p)
        c.check(
            f"manifest {name}",
            size == rec["bytes"] and digest == rec["sha256"],
            f"{size} bytes, sha256 {digest[:16]}…"
            if size == rec["bytes"] and digest == rec["sha256"]
            else f"expected {rec['bytes']} bytes {rec['sha256'][:16]}…, "
            f"found {size} bytes {digest[:16]}…",
        )

    # vertices.csv: the per-vertex table everything else is compared with.
    with open(path("vertices.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    c.equal(
        "vertices.csv header",
        ["id", "canonical_grid", "degree", "component", "stabiliser_order"],
        rows[0],
    )
    body = rows[1:]
    ids = [int(r[0]) for r in body]
    canonical = [r[1].replace("/", "") for r in body]  # grid form -> one-line form
    vdegree = [int(r[2]) for r in body]
    vcomp = [int(r[3]) for r in body]
    vstab = [int(r[4]) for r in body]
    c.check("vertices.csv IDs are 1..n in order", ids == list(range(1, n + 1)), f"{len(ids)} rows")
    c.check(
        "vertices.csv canonical forms strictly ascending (catalogue order)",
        all(a < b for a, b in zip(canonical, canonical[1:])),
    )
    c.check("vertices.csv stabiliser orders positive", all(s > 0 for s in vstab))
    c.equal("vertices.csv degree distribution", expected[3], histogram(vdegree))
    comp_size = Counter(vcomp)
    c.equal(
        "vertices.csv component k has size component_sizes[k-1]",
        side["component_sizes"],
        [comp_size[k] for k in range(1, len(comp_size) + 1)],
        show=False,
    )

    # components.csv and degrees.csv against the vertex table.
    with open(path("components.csv"), newline="", encoding="utf-8") as f:
        crows = list(csv.reader(f))
    c.equal(
        "components.csv header",
        ["component", "size", "edges", "min_degree", "max_degree", "smallest_id"],
        crows[0],
    )
    members = {}
    for i, k in enumerate(vcomp):
        members.setdefault(k, []).append(i)
    derived = [
        [
            k,
            len(members[k]),
            sum(vdegree[i] for i in members[k]) // 2,
            min(vdegree[i] for i in members[k]),
            max(vdegree[i] for i in members[k]),
            members[k][0] + 1,
        ]
        for k in sorted(members)
    ]
    c.equal(
        "components.csv rows match vertices.csv",
        derived,
        [[int(x) for x in r] for r in crows[1:]],
        show=False,
    )
    c.equal("components.csv edges sum to edges", m, sum(int(r[2]) for r in crows[1:]))
    with open(path("degrees.csv"), newline="", encoding="utf-8") as f:
        drows = list(csv.reader(f))
    c.equal("degrees.csv header", ["degree", "vertices"], drows[0])
    c.equal(
        "degrees.csv rows are every degree 0..max",
        list(range(len(drows) - 1)),
        [int(r[0]) for r in drows[1:]],
        show=False,
    )
    c.equal(
        "degrees.csv equals the sidecar",
        degree_map,
        {int(r[0]): int(r[1]) for r in drows[1:]},
    )

    graphs = {}  # name -> (stats, sorted edge keys)

    def load(name, loader, shift):
        t = time.monotonic()
        try:
            G = loader()
        except Exception as e:  # a reader's refusal is a failed check, not a crash
            c.check(f"{name} loads", False, f"{type(e).__name__}: {e}")
            return None
        c.check(
            f"{name} loads",
            True,
            f"{type(G).__name__}, {time.monotonic() - t:.1f} s",
        )
        c.check(f"{name} is a simple undirected graph", not G.is_directed() and not G.is_multigraph())
        c.equal(f"{name} has no self-loops", 0, nx.number_of_selfloops(G))
        c.equal(
            f"{name} vertex labels",
            (shift, n - 1 + shift),
            (min(G.nodes(), default=shift), max(G.nodes(), default=n - 1 + shift)),
        )
        s = stats(nx, G)
        c.equal(f"{name} vertices", expected[0], s[0])
        c.equal(f"{name} edges", expected[1], s[1])
        c.equal(f"{name} component sizes", expected[2], s[2], show=False)
        c.equal(f"{name} degree distribution", expected[3], s[3])
        graphs[name] = (s, edge_keys(G, n, shift))
        return G

    # The edge list: raw lines first (what igraph would choke on), then NetworkX.
    with open(path("edgelist"), "rb") as f:
        raw = f.read()
    lines = raw.split(b"\n")
    c.check("edgelist ends with a newline (or is empty)", raw == b"" or lines[-1] == b"")
    pattern = re.compile(rb"^(0|[1-9][0-9]*) (0|[1-9][0-9]*)$")
    pairs = []
    bad = None
    for i, line in enumerate(lines[:-1] if lines[-1] == b"" else lines):
        mt = pattern.match(line)
        if not mt:
            bad = (i + 1, line[:40])
            break
        pairs.append((int(mt.group(1)), int(mt.group(2))))
    c.check("edgelist lines are `u v` (no header, no comments)", bad is None, f"line {bad}" if bad else "")
    c.check("edgelist has u < v", all(u < v for u, v in pairs))
    c.check("edgelist is strictly ascending", all(a < b for a, b in zip(pairs, pairs[1:])))
    labels_ok = c.check("edgelist labels are 0..n-1", all(0 <= u and v < n for u, v in pairs))
    del raw, lines
    if bad is None and labels_ok:
        check_giant_diameter(c, nk, n, pairs, analysis)
    del pairs

    def read_edgelist():
        G = nx.read_edgelist(path("edgelist"), nodetype=int)
        G.add_nodes_from(range(n))  # vertices without edges are not in the file
        return G

    E = load("edgelist", read_edgelist, 0)
    if E is not None:
        # The documented order of components: 1 = largest, ties by smallest ID.
        comps = sorted(
            (sorted(cc) for cc in nx.connected_components(E)), key=lambda cc: (-len(cc), cc[0])
        )
        numbering = [0] * n
        for k, cc in enumerate(comps, start=1):
            for v in cc:
                numbering[v] = k
        c.check("vertices.csv component numbers follow the documented order", numbering == vcomp)
        c.check("vertices.csv degrees equal the edge list's", [E.degree(v) for v in range(n)] == vdegree)
        del E

    with open(path("edges.csv"), newline="", encoding="utf-8") as f:
        erows = list(csv.reader(f))
    c.equal("edges.csv header", ["source", "target"], erows[0])
    epairs = [(int(a), int(b)) for a, b in erows[1:]]
    c.check("edges.csv has source < target, ascending", all(a < b for a, b in epairs) and epairs == sorted(epairs))
    graphs["edges.csv"] = (None, sorted((a - 1) * n + (b - 1) for a, b in epairs))
    del erows, epairs

    def check_attributes(name, G, shift):
        nodes = G.nodes
        ok = all(
            nodes[v + shift].get("canonical") == canonical[v]
            and nodes[v + shift].get("degree") == vdegree[v]
            and nodes[v + shift].get("component") == vcomp[v]
            and nodes[v + shift].get("stabiliser_order") == vstab[v]
            for v in range(n)
        )
        c.check(f"{name} node attributes equal vertices.csv (typed)", ok)

    G = load("graphml", lambda: nx.read_graphml(path("graphml"), node_type=int), 1)
    if G is not None:
        check_attributes("graphml", G, 1)
        c.equal("graphml graph data board", prov.get("board"), G.graph.get("board"))
        del G
    G = load("gexf", lambda: nx.read_gexf(path("gexf"), node_type=int, version="1.2draft"), 1)
    if G is not None:
        check_attributes("gexf", G, 1)
        del G
    G = load("sparse6", lambda: nx.read_sparse6(path("s6")), 0)
    if G is not None:
        del G

    reference = graphs.get("edgelist")
    for name, (_, keys) in graphs.items():
        if name != "edgelist" and reference is not None:
            c.check(f"{name} has the same edge set as the edge list", keys == reference[1])

    # DOT: clusters 2.. with exactly their members and edges.
    if reference is not None:
        with open(path("dot"), encoding="utf-8") as f:
            dot = f.read()
        clusters = {}
        current = None
        dot_edges = []
        for line in dot.splitlines():
            s = line.strip()
            mt = re.match(r"subgraph cluster_c(\d+) \{$", s)
            if mt:
                current = int(mt.group(1))
                clusters[current] = []
                continue
            mt = re.match(r"(\d+) -- (\d+);$", s)
            if mt:
                dot_edges.append((int(mt.group(1)) - 1) * n + int(mt.group(2)) - 1)
                continue
            mt = re.match(r"(\d+);$", s)
            if mt and current is not None:
                clusters[current].append(int(mt.group(1)) - 1)
        want = {k: members[k] for k in members if k >= 2}
        c.equal("dot clusters are components 2..", sorted(want), sorted(clusters), show=False)
        c.check(
            "dot cluster members equal the components",
            all(sorted(clusters.get(k, [])) == want[k] for k in want),
        )
        small = {v for k in want for v in want[k]}
        c.equal(
            "dot edges are the edges of components 2..",
            [e for e in reference[1] if e // n in small],
            sorted(dot_edges),
            show=False,
        )
        # NetworkX's pydot reader ignores subgraphs: every node and edge must be at the
        # top level for it to see them.
        try:
            D = nx.nx_pydot.read_dot(path("dot"))
            got = sorted(
                (min(int(a), int(b)) - 1) * n + max(int(a), int(b)) - 1 for a, b in D.edges()
            )
            c.equal("dot read by NetworkX's pydot reader: nodes", len(small), D.number_of_nodes())
            c.check("dot read by NetworkX's pydot reader: edges", got == sorted(dot_edges))
            comment = D.graph.get("graph", {}).get("comment", "")
            c.check(
                "dot read by NetworkX's pydot reader: the provenance comment",
                "written by amoba" in comment,
                repr(comment[:80]),
            )
        except Exception as e:  # pydot missing or refusing the file
            c.check("dot read by NetworkX's pydot reader", False, f"{type(e).__name__}: {e}")

    took = time.monotonic() - start
    if c.failures:
        print(f"check_exports: {c.failures} of {c.count} checks FAILED in {took:.1f} s")
    else:
        print(f"check_exports: all {c.count} checks passed in {took:.1f} s")
    return EXIT_OK if c.failures == 0 else EXIT_FAIL


if __name__ == "__main__":
    sys.exit(main(sys.argv))
