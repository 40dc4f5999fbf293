//! Graph exports (`amoba::report::export`): exact bytes on a tiny graph, sparse6 against
//! nauty's own encodings and a decoder written from nauty's formats.txt, invariants,
//! error handling, and the real 8×8 graph cross-checked with NetworkX by
//! `scripts/check_exports.py` (run with `cargo test --release --test export`).
//!
//! One file for one subject, the graph exports, past the usual 600 lines: the tiny
//! graph and the sparse6 decoder below serve every format's cases.

mod common;

use amoba::core::provenance::Provenance;
use amoba::pairing::catalogue::Catalogue;
use amoba::pairing::graph::PairingGraph;
use amoba::pairing::graph::analysis::{Analysis, analyse};
use amoba::pairing::search::Found;
use amoba::report::export::{self, Export, Source};
use common::Rng;
use std::path::Path;
use std::process::Command;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Seven vertices: component 1 = {1, 2, 4, 5} (path 1-2-4-5), component 2 = {3, 6},
/// component 3 = {7} (isolated). 0-based adjacency. Pairings of 4 cells in 2 rows of 2.
fn tiny() -> (PairingGraph, Catalogue, Analysis, Provenance) {
    let adj = vec![
        vec![1],
        vec![0, 3],
        vec![5],
        vec![1, 4],
        vec![3],
        vec![2],
        vec![],
    ];
    let g = PairingGraph::from_adjacency(adj);
    let codes = ["0011", "0012", "0013", "0102", "0103", "0120", "0123"];
    let stabiliser = [1, 2, 1, 4, 1, 1, 8];
    let found: Vec<Found> = codes
        .iter()
        .zip(stabiliser)
        .map(|(c, s)| Found {
            codes: c.bytes().map(|b| b - b'0').collect(),
            stabiliser: s,
        })
        .collect();
    let cat = Catalogue::from_found(4, &found);
    let a = analyse(&g);
    let p = Provenance {
        amoba_version: "test".into(),
        ..Provenance::new("tiny", "amoba graph --board tiny", Some("ab".repeat(32)))
    };
    (g, cat, a, p)
}

/// The export source of `tiny()`'s parts.
fn source<'a>(
    g: &'a PairingGraph,
    cat: &'a Catalogue,
    a: &'a Analysis,
    p: &'a Provenance,
) -> Source<'a> {
    Source {
        tag: "tiny",
        graph: g,
        catalogue: cat,
        analysis: a,
        provenance: p,
        grid_width: 2,
    }
}

fn graph_of(n: usize, edges: &[(u32, u32)]) -> PairingGraph {
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in edges {
        adj[u as usize].push(v);
        adj[v as usize].push(u);
    }
    for l in &mut adj {
        l.sort_unstable();
        l.dedup();
    }
    PairingGraph::from_adjacency(adj)
}

fn sparse6_of(g: &PairingGraph) -> String {
    let dir = common::temp_dir("export-s6");
    let path = dir.path().join("g.s6");
    export::write_sparse6(&path, g).unwrap();
    read(&path)
}

/// A sparse6 decoder written from nauty's formats.txt (independent of the encoder):
/// returns `(n, edges)` with each edge `(min, max)`, in file order.
fn decode_sparse6(line: &str) -> (usize, Vec<(usize, usize)>) {
    let bytes = line.strip_suffix('\n').expect("ends with \\n").as_bytes();
    assert_eq!(bytes[0], b':', "starts with ':'");
    let six: Vec<u64> = bytes[1..]
        .iter()
        .map(|&b| {
            assert!((63..=126).contains(&b), "byte {b} out of range");
            (b - 63) as u64
        })
        .collect();
    let (n, rest) = if six[0] < 63 {
        (six[0], &six[1..])
    } else if six[1] < 63 {
        (six[1] << 12 | six[2] << 6 | six[3], &six[4..])
    } else {
        let n = six[2..8].iter().fold(0, |a, &x| a << 6 | x);
        (n, &six[8..])
    };
    let n = n as usize;
    let k = if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    } as usize;
    let bits: Vec<u64> = rest
        .iter()
        .flat_map(|&x| (0..6).rev().map(move |i| (x >> i) & 1))
        .collect();
    let mut edges = Vec::new();
    let mut v = 0usize;
    let mut pos = 0;
    while pos + 1 + k <= bits.len() {
        let b = bits[pos];
        let x = bits[pos + 1..pos + 1 + k]
            .iter()
            .fold(0usize, |a, &bit| a << 1 | bit as usize);
        pos += 1 + k;
        if b == 1 {
            v += 1;
        }
        if v >= n {
            break;
        }
        if x > v {
            v = x;
        } else {
            edges.push((x, v));
        }
    }
    (n, edges)
}

// ---------------------------------------------------------------------------------
// Exact bytes on the tiny graph.

#[test]
fn tiny_graph_exact_bytes_of_the_tables() {
    let (g, cat, a, p) = tiny();
    let dir = common::temp_dir("export-tables");
    let paths = export::write_all(dir.path(), &source(&g, &cat, &a, &p)).unwrap();
    let file = |suffix: &str| read(&dir.path().join(format!("graph-tiny.{suffix}")));
    assert_eq!(
        paths,
        Export::ALL
            .iter()
            .map(|e| dir.path().join(e.file_name("tiny")))
            .collect::<Vec<_>>()
    );
    assert_eq!(file("edgelist"), "0 1\n1 3\n2 5\n3 4\n");
    assert_eq!(file("edges.csv"), "source,target\n1,2\n2,4\n3,6\n4,5\n");
    assert_eq!(
        file("vertices.csv"),
        "id,canonical_grid,degree,component,stabiliser_order\n\
         1,00/11,1,1,1\n\
         2,00/12,2,1,2\n\
         3,00/13,1,2,1\n\
         4,01/02,2,1,4\n\
         5,01/03,1,1,1\n\
         6,01/20,1,2,1\n\
         7,01/23,0,3,8\n"
    );
    assert_eq!(file("degrees.csv"), "degree,vertices\n0,1\n1,4\n2,2\n");
    assert_eq!(
        file("components.csv"),
        "component,size,edges,min_degree,max_degree,smallest_id\n\
         1,4,3,1,2,1\n\
         2,2,1,1,1,3\n\
         3,1,0,0,0,7\n"
    );
    // Vertices 0..6, edges 0-1 1-3 2-5 3-4: decoded by hand and by NetworkX.
    assert_eq!(file("s6"), ":Fapmn\n");
}

#[test]
fn tiny_graph_exact_bytes_of_graphml() {
    let (g, cat, a, p) = tiny();
    let dir = common::temp_dir("export-graphml");
    let path = dir.path().join("g.graphml");
    export::write(Export::GraphMl, &path, &source(&g, &cat, &a, &p)).unwrap();
    let expected = r#"<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">
  <key id="g0" for="graph" attr.name="board" attr.type="string"/>
  <key id="g1" for="graph" attr.name="generator" attr.type="string"/>
  <key id="g2" for="graph" attr.name="command" attr.type="string"/>
  <key id="g3" for="graph" attr.name="catalogue_sha256" attr.type="string"/>
  <key id="g4" for="graph" attr.name="summary" attr.type="string"/>
  <key id="d0" for="node" attr.name="canonical" attr.type="string"/>
  <key id="d1" for="node" attr.name="degree" attr.type="int"/>
  <key id="d2" for="node" attr.name="component" attr.type="int"/>
  <key id="d3" for="node" attr.name="stabiliser_order" attr.type="int"/>
  <graph id="G" edgedefault="undirected">
    <data key="g0">tiny</data>
    <data key="g1">amoba test</data>
    <data key="g2">amoba graph --board tiny</data>
    <data key="g3">abababababababababababababababababababababababababababababababab</data>
    <data key="g4">pairing graph of board tiny: 7 vertices, 4 edges, 3 components</data>
<node id="1"><data key="d0">0011</data><data key="d1">1</data><data key="d2">1</data><data key="d3">1</data></node>
<node id="2"><data key="d0">0012</data><data key="d1">2</data><data key="d2">1</data><data key="d3">2</data></node>
<node id="3"><data key="d0">0013</data><data key="d1">1</data><data key="d2">2</data><data key="d3">1</data></node>
<node id="4"><data key="d0">0102</data><data key="d1">2</data><data key="d2">1</data><data key="d3">4</data></node>
<node id="5"><data key="d0">0103</data><data key="d1">1</data><data key="d2">1</data><data key="d3">1</data></node>
<node id="6"><data key="d0">0120</data><data key="d1">1</data><data key="d2">2</data><data key="d3">1</data></node>
<node id="7"><data key="d0">0123</data><data key="d1">0</data><data key="d2">3</data><data key="d3">8</data></node>
<edge source="1" target="2"/>
<edge source="2" target="4"/>
<edge source="3" target="6"/>
<edge source="4" target="5"/>
  </graph>
</graphml>
"#;
    assert_eq!(read(&path), expected);
}

#[test]
fn tiny_graph_exact_bytes_of_gexf() {
    let (g, cat, a, p) = tiny();
    let dir = common::temp_dir("export-gexf");
    let path = dir.path().join("g.gexf");
    export::write(Export::Gexf, &path, &source(&g, &cat, &a, &p)).unwrap();
    let expected = r#"<?xml version="1.0" encoding="UTF-8"?>
<gexf xmlns="http://www.gexf.net/1.2draft" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.gexf.net/1.2draft http://www.gexf.net/1.2draft/gexf.xsd" version="1.2">
  <meta>
    <creator>amoba test</creator>
    <description>pairing graph of board tiny: 7 vertices, 4 edges, 3 components; written by amoba test; command: amoba graph --board tiny; catalogue SHA-256: abababababababababababababababababababababababababababababababab</description>
  </meta>
  <graph mode="static" defaultedgetype="undirected">
    <attributes class="node" mode="static">
      <attribute id="0" title="canonical" type="string"/>
      <attribute id="1" title="degree" type="integer"/>
      <attribute id="2" title="component" type="integer"/>
      <attribute id="3" title="stabiliser_order" type="integer"/>
    </attributes>
    <nodes count="7">
<node id="1" label="1"><attvalues><attvalue for="0" value="0011"/><attvalue for="1" value="1"/><attvalue for="2" value="1"/><attvalue for="3" value="1"/></attvalues></node>
<node id="2" label="2"><attvalues><attvalue for="0" value="0012"/><attvalue for="1" value="2"/><attvalue for="2" value="1"/><attvalue for="3" value="2"/></attvalues></node>
<node id="3" label="3"><attvalues><attvalue for="0" value="0013"/><attvalue for="1" value="1"/><attvalue for="2" value="2"/><attvalue for="3" value="1"/></attvalues></node>
<node id="4" label="4"><attvalues><attvalue for="0" value="0102"/><attvalue for="1" value="2"/><attvalue for="2" value="1"/><attvalue for="3" value="4"/></attvalues></node>
<node id="5" label="5"><attvalues><attvalue for="0" value="0103"/><attvalue for="1" value="1"/><attvalue for="2" value="1"/><attvalue for="3" value="1"/></attvalues></node>
<node id="6" label="6"><attvalues><attvalue for="0" value="0120"/><attvalue for="1" value="1"/><attvalue for="2" value="2"/><attvalue for="3" value="1"/></attvalues></node>
<node id="7" label="7"><attvalues><attvalue for="0" value="0123"/><attvalue for="1" value="0"/><attvalue for="2" value="3"/><attvalue for="3" value="8"/></attvalues></node>
    </nodes>
    <edges count="4">
<edge id="0" source="1" target="2"/>
<edge id="1" source="2" target="4"/>
<edge id="2" source="3" target="6"/>
<edge id="3" source="4" target="5"/>
    </edges>
  </graph>
</gexf>
"#;
    assert_eq!(read(&path), expected);
}

#[test]
fn tiny_graph_dot_holds_only_the_small_components() {
    let (g, cat, a, p) = tiny();
    let dir = common::temp_dir("export-dot");
    let path = dir.path().join("graph-tiny.dot");
    export::write(Export::Dot, &path, &source(&g, &cat, &a, &p)).unwrap();
    let expected = format!(
        "\
graph small_components {{
  comment=\"The components 2..3 (all but the giant component 1) of the pairing graph of board tiny: 7 vertices, 4 edges, 3 components: 3 vertices, 1 edge; nodes are catalogue IDs; written by amoba test; command: amoba graph --board tiny; catalogue SHA-256: {}. Draw with a layout that honours clusters: fdp -Tsvg graph-tiny.dot > small.svg\";
  node [shape=circle, fontsize=10];
  3 [component=2];
  6 [component=2];
  7 [component=3];
  subgraph cluster_c2 {{
    label=\"component 2: 2 vertices\";
    3;
    6;
  }}
  subgraph cluster_c3 {{
    label=\"component 3: 1 vertex\";
    7;
  }}
  3 -- 6;
}}
",
        "ab".repeat(32)
    );
    assert_eq!(read(&path), expected);
    assert!(
        !expected.contains("//"),
        "no C++ comments (graph-tool refuses them)"
    );
    // A connected graph: no cluster, no node, no edge.
    let g = graph_of(3, &[(0, 1), (1, 2)]);
    let a = analyse(&g);
    let cat = Catalogue::from_found(
        4,
        &(0..3)
            .map(|i| Found {
                codes: vec![0, 0, 1, i],
                stabiliser: 1,
            })
            .collect::<Vec<_>>(),
    );
    export::write(Export::Dot, &path, &source(&g, &cat, &a, &p)).unwrap();
    let text = read(&path);
    assert!(
        !text.contains("subgraph") && !text.contains(" -- "),
        "{text}"
    );
    assert!(text.ends_with("  node [shape=circle, fontsize=10];\n}\n"));
}

#[test]
fn tiny_graph_sidecar_counts_and_manifest() {
    let (g, cat, a, p) = tiny();
    let dir = common::temp_dir("export-sidecar");
    export::write_all(dir.path(), &source(&g, &cat, &a, &p)).unwrap();
    let text = read(&dir.path().join("graph-tiny.json"));
    let side = common::schema::assert_valid_text(&text);
    assert_eq!(side["provenance"]["format"], "amoba-graph-export");
    assert_eq!(side["provenance"]["board"], "tiny");
    assert_eq!(side["provenance"]["command"], "amoba graph --board tiny");
    assert_eq!(side["provenance"]["catalogue_sha256"], "ab".repeat(32));
    assert_eq!(side["vertices"], 7);
    assert_eq!(side["edges"], 4);
    assert_eq!(side["components"], 3);
    assert_eq!(side["component_sizes"], serde_json::json!([4, 2, 1]));
    assert_eq!(side["isolated_vertices"], 1);
    assert_eq!(side["degree_distribution"], serde_json::json!([1, 4, 2]));
    assert_eq!(side["min_degree"], 0);
    assert_eq!(side["max_degree"], 2);
    assert_eq!(side["vertex_names"]["graph-tiny.edgelist"], "ID - 1");
    assert_eq!(side["vertex_names"]["graph-tiny.graphml"], "ID");
    let files = side["files"].as_array().unwrap();
    assert_eq!(files.len(), Export::ALL.len() - 1);
    for (rec, e) in files.iter().zip(Export::ALL) {
        let name = e.file_name("tiny");
        assert_eq!(rec["name"], name.as_str());
        let bytes = std::fs::read(dir.path().join(&name)).unwrap();
        assert_eq!(rec["bytes"], bytes.len());
    }
    // SHA-256 of the edge list "0 1\n1 3\n2 5\n3 4\n", as printed by `sha256sum`.
    assert_eq!(
        files[4]["sha256"],
        "62cf6af3311133a363ce6d05b5cbfe7a607cd0a53e91c0f2547ddbde923a60ec"
    );
    assert!(text.ends_with("}\n"));
}

#[test]
fn the_sidecar_schema_rejects_what_it_does_not_describe() {
    let (g, cat, a, p) = tiny();
    let dir = common::temp_dir("export-schema");
    export::write_all(dir.path(), &source(&g, &cat, &a, &p)).unwrap();
    let side: serde_json::Value =
        serde_json::from_str(&read(&dir.path().join("graph-tiny.json"))).unwrap();
    let format = &amoba::core::provenance::GRAPH_EXPORT;
    let broken = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = side.clone();
        f(&mut v);
        common::schema::errors(format, &v)
    };
    assert!(
        !broken(&|v| v["wall_seconds"] = 1.5.into()).is_empty(),
        "a timing field"
    );
    assert!(!broken(&|v| v["degree_distribution"] = serde_json::json!({"0": 1})).is_empty());
    assert!(!broken(&|v| v["provenance"]["catalogue_sha256"] = "ABC".into()).is_empty());
    assert!(!broken(&|v| v["provenance"]["format"] = "amoba-analysis".into()).is_empty());
    assert!(
        !broken(&|v| {
            v["provenance"].as_object_mut().unwrap().remove("command");
        })
        .is_empty()
    );
}

#[test]
fn empty_and_single_vertex_graphs() {
    for n in [0usize, 1] {
        let g = PairingGraph::from_adjacency(vec![Vec::new(); n]);
        let found: Vec<Found> = (0..n)
            .map(|_| Found {
                codes: vec![0, 4],
                stabiliser: 1,
            })
            .collect();
        let cat = Catalogue::from_found(2, &found);
        let a = analyse(&g);
        let p = Provenance::new("none", "amoba graph", Some("0".repeat(64)));
        let dir = common::temp_dir(&format!("export-empty{n}"));
        let src = Source {
            tag: "x",
            graph: &g,
            catalogue: &cat,
            analysis: &a,
            provenance: &p,
            grid_width: 2,
        };
        export::write_all(dir.path(), &src).unwrap();
        let file = |suffix: &str| read(&dir.path().join(format!("graph-x.{suffix}")));
        assert_eq!(file("edgelist"), "");
        assert_eq!(file("edges.csv"), "source,target\n");
        assert_eq!(file("s6"), if n == 0 { ":?\n" } else { ":@\n" });
        let degrees = if n == 0 {
            "degree,vertices\n"
        } else {
            "degree,vertices\n0,1\n"
        };
        assert_eq!(file("degrees.csv"), degrees);
        // A single row of codes: the grid form ends in `/`, so it is never a number.
        if n == 1 {
            assert_eq!(
                file("vertices.csv"),
                "id,canonical_grid,degree,component,stabiliser_order\n1,04/,0,1,1\n"
            );
        }
        common::schema::assert_valid_text(&file("json"));
    }
}

// ---------------------------------------------------------------------------------
// sparse6.

#[test]
fn sparse6_matches_nauty_on_known_graphs() {
    // (n, edges, the line nauty writes): the formats.txt example first, then small
    // graphs whose nauty encodings are known, including the padding case of
    // formats.txt (n = 2^k, last edge at vertex n − 2, k + 1 or more bits to pad),
    // each also decoded by NetworkX's from_sparse6_bytes to the same graph.
    type Case = (usize, &'static [(u32, u32)], &'static str);
    let cases: &[Case] = &[
        (7, &[(0, 1), (0, 2), (1, 2), (5, 6)], ":Fa@x^"),
        (2, &[], ":A"),
        (2, &[(0, 1)], ":An"),
        (4, &[], ":C"),
        (4, &[(0, 3)], ":Cw"),
        (4, &[(0, 2), (1, 2)], ":CoJ"),
        (4, &[(0, 2), (0, 3), (1, 3)], ":Co`"),
        (
            4,
            &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)],
            ":CcKI",
        ),
        (4, &[(0, 1), (0, 2), (1, 2)], ":CcJ"),
        (16, &[(0, 1), (0, 2), (0, 14), (1, 14)], ":O`Bo?n"),
        (5, &[], ":D"),
        (5, &[(0, 2), (0, 4), (1, 3), (1, 4)], ":DgH_^"),
        (5, &[(1, 3), (2, 4)], ":DkY"),
        (3, &[(0, 1)], ":Bf"),
    ];
    for &(n, edges, line) in cases {
        let g = graph_of(n, edges);
        assert_eq!(
            sparse6_of(&g),
            format!("{line}\n"),
            "n = {n}, edges {edges:?}"
        );
    }
}

#[test]
fn sparse6_round_trips_through_a_formats_txt_decoder() {
    let mut rng = Rng(0x5eed_5eed_1234_5678);
    // Sizes around the powers of two (the padding rule) and the 1- / 4-byte N(n) switch.
    let sizes = [
        2usize, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 62, 63, 64, 65, 127, 128, 129, 1000, 4096,
    ];
    for &n in &sizes {
        let trials = if n < 128 { 40 } else { 8 };
        for trial in 0..trials {
            let m = rng.below(3 * n + 1);
            let mut edges: Vec<(u32, u32)> = (0..m)
                .filter_map(|_| {
                    let (a, b) = (rng.below(n) as u32, rng.below(n) as u32);
                    (a != b).then_some((a.min(b), a.max(b)))
                })
                .collect();
            if trial % 4 == 0 && n >= 3 {
                // Make vertex n − 2 the last one with an edge (the padding rule).
                edges.retain(|&(_, b)| (b as usize) < n - 1);
                edges.push((0, n as u32 - 2));
            }
            let g = graph_of(n, &edges);
            let line = sparse6_of(&g);
            let (dn, mut got) = decode_sparse6(&line);
            assert_eq!(dn, n);
            let sorted_got = {
                got.sort_unstable();
                got
            };
            let want: Vec<(usize, usize)> = g.edges().map(|(u, v)| (u - 1, v - 1)).collect();
            assert_eq!(sorted_got, want, "n = {n}, line {line:?}");
        }
    }
}

#[test]
fn sparse6_vertex_count_uses_the_four_byte_form() {
    // N(194543) = 126 followed by the 18-bit big-endian 194543 in three 6-bit groups.
    let g = PairingGraph::from_adjacency(vec![Vec::new(); 194_543]);
    let line = sparse6_of(&g);
    let n = 194_543u32;
    let expected: Vec<u8> = [
        b':',
        126,
        63 + (n >> 12) as u8,
        63 + ((n >> 6) & 63) as u8,
        63 + (n & 63) as u8,
        b'\n',
    ]
    .to_vec();
    assert_eq!(line.as_bytes(), &expected[..]);
}

// ---------------------------------------------------------------------------------
// Invariants, determinism, errors.

#[test]
fn edgelist_invariants_on_random_graphs() {
    let mut rng = Rng(42);
    for _ in 0..20 {
        let n = 1 + rng.below(300);
        let edges: Vec<(u32, u32)> = (0..rng.below(4 * n))
            .map(|_| (rng.below(n) as u32, rng.below(n) as u32))
            .filter(|(a, b)| a != b)
            .collect();
        let g = graph_of(n, &edges);
        let dir = common::temp_dir("export-inv");
        let path = dir.path().join("g.edgelist");
        export::write_edgelist(&path, &g).unwrap();
        let text = read(&path);
        let pairs: Vec<(usize, usize)> = text
            .lines()
            .map(|l| {
                let (a, b) = l.split_once(' ').expect("`u v`");
                (a.parse().unwrap(), b.parse().unwrap())
            })
            .collect();
        assert!(text.is_empty() || text.ends_with('\n'));
        assert!(!text.contains("\r") && !text.contains('#') && !text.contains("  "));
        assert!(pairs.iter().all(|&(u, v)| u < v && v < n), "0-based, u < v");
        assert!(pairs.windows(2).all(|w| w[0] < w[1]), "strictly ascending");
        assert_eq!(pairs.len(), g.edge_count());
        let want: Vec<(usize, usize)> = g.edges().map(|(u, v)| (u - 1, v - 1)).collect();
        assert_eq!(pairs, want);
    }
}

#[test]
fn output_is_byte_deterministic() {
    let (g, cat, an, p) = tiny();
    let (a, b) = (
        common::temp_dir("export-det-a"),
        common::temp_dir("export-det-b"),
    );
    export::write_all(a.path(), &source(&g, &cat, &an, &p)).unwrap();
    export::write_all(b.path(), &source(&g, &cat, &an, &p)).unwrap();
    for e in Export::ALL {
        let name = e.file_name("tiny");
        assert_eq!(
            std::fs::read(a.path().join(&name)).unwrap(),
            std::fs::read(b.path().join(&name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn errors_are_returned_not_panicked() {
    let (g, cat, a, p) = tiny();
    // The output directory is a file.
    let dir = common::temp_dir("export-err");
    let file = dir.path().join("not-a-dir");
    std::fs::write(&file, "x").unwrap();
    assert!(export::write_all(&file, &source(&g, &cat, &a, &p)).is_err());
    assert!(export::write_edgelist(&file.join("g.edgelist"), &g).is_err());
    // A catalogue of the wrong size.
    let small = Catalogue::from_found(
        4,
        &[Found {
            codes: vec![0, 0, 1, 1],
            stabiliser: 1,
        }],
    );
    let path = dir.path().join("g.graphml");
    let err = export::write(Export::GraphMl, &path, &source(&g, &small, &a, &p)).unwrap_err();
    assert_eq!(err.source.kind(), std::io::ErrorKind::InvalidInput);
    assert!(!path.exists());
    // An analysis that is not the graph's: nothing is written.
    let other = analyse(&graph_of(7, &[(0, 1)]));
    let err = export::write_all(dir.path(), &source(&g, &cat, &other, &p)).unwrap_err();
    assert_eq!(err.source.kind(), std::io::ErrorKind::InvalidInput);
    assert!(!dir.path().join("graph-tiny.edgelist").exists());
    // The sidecar only comes with the whole set.
    let err = export::write(Export::Sidecar, &path, &source(&g, &cat, &a, &p)).unwrap_err();
    assert_eq!(err.source.kind(), std::io::ErrorKind::InvalidInput);
}

#[test]
fn command_line_is_machine_and_thread_independent() {
    let args = [
        "/home/someone/amoba/target/release/amoba",
        "graph",
        "--threads",
        "2",
        "--out",
        "results",
    ];
    assert_eq!(
        export::command_line(args.map(String::from)),
        "amoba graph --out results"
    );
}

// ---------------------------------------------------------------------------------
// The real 8×8 graph, cross-checked with NetworkX.

#[test]
fn real_graph_exports_pass_the_networkx_check() {
    let board = common::square9();
    let cat = common::catalogue();
    let (g, _) = PairingGraph::build(board, cat).unwrap();
    let a = analyse(&g);
    let sha = amoba::report::results::catalogue_sha256(cat);
    let p = Provenance::new(board.name(), "amoba graph", Some(sha));
    let dir = common::temp_dir("export-real");
    let t = std::time::Instant::now();
    let src = Source {
        tag: "9",
        graph: &g,
        catalogue: cat,
        analysis: &a,
        provenance: &p,
        grid_width: 8,
    };
    let paths = export::write_all(dir.path(), &src).unwrap();
    eprintln!("write_all: {:?}", t.elapsed());
    assert_eq!(paths.len(), Export::ALL.len());
    common::schema::assert_valid_text(&read(&dir.path().join("graph-9.json")));

    // Checks that need no Python.
    let degrees = read(&dir.path().join("graph-9.degrees.csv"));
    assert_eq!(
        degrees,
        "degree,vertices\n0,0\n1,17\n2,392\n3,395\n4,39811\n5,66185\n6,53222\n7,25309\n\
         8,7547\n9,1472\n10,183\n11,10\n"
    );
    let edgelist = read(&dir.path().join("graph-9.edgelist"));
    assert_eq!(edgelist.lines().count(), 532_107);
    let s6 = read(&dir.path().join("graph-9.s6"));
    let (n, mut edges) = decode_sparse6(&s6);
    assert_eq!(n, 194_543);
    edges.sort_unstable();
    let want: Vec<(usize, usize)> = g.edges().map(|(u, v)| (u - 1, v - 1)).collect();
    assert_eq!(edges, want, "sparse6 decodes to the graph");
    let dot = read(&dir.path().join("graph-9.dot"));
    assert_eq!(dot.matches("subgraph cluster_c").count(), 13);
    assert!(!dot.contains("cluster_c1 "), "no giant component");
    assert!(
        !dot.contains("//"),
        "no C++ comments (graph-tool refuses them)"
    );
    assert_eq!(
        dot.matches(" -- ").count(),
        414,
        "every small edge, at the top level"
    );
    // The analysis beside the exports, as `amoba graph` writes it: the script compares
    // its giant-component diameter with NetworKit's.
    let analysis = amoba::pairing::graph::analysis::analyse(&g);
    assert_eq!(analysis.component_facts[0].diameter, 34);
    let json = serde_json::json!({ "board": board.name(), "analysis": analysis });
    std::fs::write(dir.path().join("analysis-9.json"), json.to_string()).unwrap();

    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/check_exports.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(dir.path())
        .arg("9")
        .output();
    let ci = std::env::var_os("CI").is_some();
    let out = match out {
        Ok(out) => out,
        Err(e) if !ci => {
            eprintln!("NOTICE: python3 not runnable ({e}); NetworkX check skipped");
            return;
        }
        Err(e) => panic!("python3 not runnable in CI: {e}"),
    };
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    match out.status.code() {
        Some(0) => eprintln!("{}", text.lines().last().unwrap_or("")),
        Some(3) if !ci => {
            eprintln!("NOTICE: NetworkX not installed; NetworkX check skipped\n{text}");
        }
        code => panic!("check_exports.py exited with {code:?}:\n{text}"),
    }
}
