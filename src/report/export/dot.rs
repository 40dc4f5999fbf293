//! Graphviz DOT ([`super::Export::Dot`]): the small components only, drawn by `fdp`;
//! the provenance as a graph `comment` attribute, which every reader accepts.

use super::{count, provenance_line, put_uint, summary};
use crate::core::provenance::Provenance;
use crate::pairing::graph::PairingGraph;
use crate::pairing::graph::analysis::Analysis;
use std::io::{self, Write};

/// `s` as a DOT double-quoted string: `"` and `\` escaped, control characters spaces.
fn dot_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The DOT file: every node of components 2.. declared at the top level with its
/// `component`, then one `cluster_c<k>` subgraph per component listing its members
/// (what `fdp` and `dot` draw as a box), then every edge at the top level. Readers
/// that skip subgraphs (NetworkX's pydot reader) still get every node and edge, and
/// no `//` comment is used (graph-tool's reader refuses them): the provenance is the
/// graph's `comment` attribute.
pub(super) fn dot(
    w: &mut impl Write,
    g: &PairingGraph,
    a: &Analysis,
    p: &Provenance,
    name: &str,
) -> io::Result<()> {
    let c = a.components;
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); c.saturating_sub(1)];
    for id in 1..=g.vertex_count() {
        let k = g.component(id);
        if k >= 2 {
            members[k - 2].push(id);
        }
    }
    let small = &a.component_facts[1.min(a.component_facts.len())..];
    let small_vertices: usize = small.iter().map(|f| f.size).sum();
    let small_edges: usize = small.iter().map(|f| f.edges).sum();
    let what = if c >= 2 {
        format!(
            "The components 2..{c} (all but the giant component 1) of the {}: {}, {}; \
             nodes are catalogue IDs",
            summary(p, a),
            count(small_vertices, "vertex", "vertices"),
            count(small_edges, "edge", "edges")
        )
    } else {
        format!(
            "Empty: the {} has no component besides the giant one",
            summary(p, a)
        )
    };
    let comment = format!(
        "{what}; {}. Draw with a layout that honours clusters: fdp -Tsvg {name} > small.svg",
        provenance_line(p)
    );
    writeln!(
        w,
        "graph small_components {{\n  comment={};\n  node [shape=circle, fontsize=10];",
        dot_string(&comment)
    )?;
    for (i, list) in members.iter().enumerate() {
        for &id in list {
            w.write_all(b"  ")?;
            put_uint(w, id as u64)?;
            writeln!(w, " [component={}];", i + 2)?;
        }
    }
    for (i, list) in members.iter().enumerate() {
        let k = i + 2;
        writeln!(w, "  subgraph cluster_c{k} {{")?;
        writeln!(
            w,
            "    label=\"component {k}: {}\";",
            count(list.len(), "vertex", "vertices")
        )?;
        for &id in list {
            w.write_all(b"    ")?;
            put_uint(w, id as u64)?;
            w.write_all(b";\n")?;
        }
        w.write_all(b"  }\n")?;
    }
    for &u in members.iter().flatten() {
        for v in g.neighbors(u).filter(|&v| v > u) {
            w.write_all(b"  ")?;
            put_uint(w, u as u64)?;
            w.write_all(b" -- ")?;
            put_uint(w, v as u64)?;
            w.write_all(b";\n")?;
        }
    }
    w.write_all(b"}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_strings_are_escaped() {
        assert_eq!(dot_string("a \"b\" c\\d\n"), "\"a \\\"b\\\" c\\\\d \"");
    }
}
