//! GraphML 1.0 ([`super::Export::GraphMl`]): every key declared, the canonical form a
//! string, the provenance as graph data; and the XML pieces GEXF shares with it
//! ([`NODE_KEYS`] and their values, the escaping).

use super::{put_uint, summary};
use crate::core::provenance::Provenance;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::graph::PairingGraph;
use crate::pairing::graph::analysis::Analysis;
use std::io::{self, Write};

/// The canonical form of class `id` as ASCII digits into `line`.
fn canonical_into(cat: &Catalogue, id: usize, line: &mut Vec<u8>) {
    line.clear();
    line.extend(
        cat.codes_of(id)
            .iter()
            .map(|&c| crate::core::board::pairing::code_byte(c)),
    );
}

/// Writes `s` escaped for XML text and attribute values; control characters (not
/// allowed in XML 1.0, or not preserved in attributes) become spaces.
pub(super) fn put_xml(w: &mut impl Write, s: &str) -> io::Result<()> {
    for c in s.chars() {
        match c {
            '&' => w.write_all(b"&amp;")?,
            '<' => w.write_all(b"&lt;")?,
            '>' => w.write_all(b"&gt;")?,
            '"' => w.write_all(b"&quot;")?,
            '\'' => w.write_all(b"&apos;")?,
            c if c.is_control() => w.write_all(b" ")?,
            c => {
                let mut b = [0u8; 4];
                w.write_all(c.encode_utf8(&mut b).as_bytes())?;
            }
        }
    }
    Ok(())
}

/// The node attribute keys of the XML formats: (name, GraphML type, GEXF type).
pub(super) const NODE_KEYS: [(&str, &str, &str); 4] = [
    ("canonical", "string", "string"),
    ("degree", "int", "integer"),
    ("component", "int", "integer"),
    ("stabiliser_order", "int", "integer"),
];

/// Writes the values of the [`NODE_KEYS`] of class `id`, each after its markup in
/// `before`, then `after`: the node attributes of GraphML and GEXF, in the order of
/// their keys. `line` is scratch space for the canonical form.
#[inline]
pub(super) fn put_node_values(
    w: &mut impl Write,
    g: &PairingGraph,
    cat: &Catalogue,
    id: usize,
    line: &mut Vec<u8>,
    before: [&[u8]; 4],
    after: &[u8],
) -> io::Result<()> {
    canonical_into(cat, id, line);
    w.write_all(before[0])?;
    w.write_all(line)?; // digits: nothing to escape
    w.write_all(before[1])?;
    put_uint(w, g.degree(id) as u64)?;
    w.write_all(before[2])?;
    put_uint(w, g.component(id) as u64)?;
    w.write_all(before[3])?;
    put_uint(w, cat.stabiliser(id) as u64)?;
    w.write_all(after)
}

pub(super) fn graphml(
    w: &mut impl Write,
    g: &PairingGraph,
    cat: &Catalogue,
    a: &Analysis,
    p: &Provenance,
) -> io::Result<()> {
    w.write_all(
        b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
          <graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" \
          xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" \
          xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns \
          http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n",
    )?;
    let graph_data = [
        ("board", p.board.clone()),
        ("generator", p.generator()),
        ("command", p.command.clone()),
        (
            "catalogue_sha256",
            p.catalogue_sha256.clone().unwrap_or_default(),
        ),
        ("summary", summary(p, a)),
    ];
    for (i, (name, _)) in graph_data.iter().enumerate() {
        writeln!(
            w,
            "  <key id=\"g{i}\" for=\"graph\" attr.name=\"{name}\" attr.type=\"string\"/>"
        )?;
    }
    for (i, (name, ty, _)) in NODE_KEYS.iter().enumerate() {
        writeln!(
            w,
            "  <key id=\"d{i}\" for=\"node\" attr.name=\"{name}\" attr.type=\"{ty}\"/>"
        )?;
    }
    w.write_all(b"  <graph id=\"G\" edgedefault=\"undirected\">\n")?;
    for (i, (_, value)) in graph_data.iter().enumerate() {
        write!(w, "    <data key=\"g{i}\">")?;
        put_xml(w, value)?;
        w.write_all(b"</data>\n")?;
    }
    let mut line = Vec::with_capacity(cat.ncells());
    for id in 1..=g.vertex_count() {
        w.write_all(b"<node id=\"")?;
        put_uint(w, id as u64)?;
        put_node_values(
            w,
            g,
            cat,
            id,
            &mut line,
            [
                b"\"><data key=\"d0\">",
                b"</data><data key=\"d1\">",
                b"</data><data key=\"d2\">",
                b"</data><data key=\"d3\">",
            ],
            b"</data></node>\n",
        )?;
    }
    for (u, v) in g.edges() {
        w.write_all(b"<edge source=\"")?;
        put_uint(w, u as u64)?;
        w.write_all(b"\" target=\"")?;
        put_uint(w, v as u64)?;
        w.write_all(b"\"/>\n")?;
    }
    w.write_all(b"  </graph>\n</graphml>\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_escaping() {
        let mut out = Vec::new();
        put_xml(&mut out, "a<b>&\"c'\n").unwrap();
        assert_eq!(out, b"a&lt;b&gt;&amp;&quot;c&apos; ");
    }
}
