//! GEXF 1.2draft ([`super::Export::Gexf`]), for Gephi: the node attributes of
//! GraphML ([`super::graphml::NODE_KEYS`]) and the provenance in `<meta>`.

use super::graphml::{NODE_KEYS, put_node_values, put_xml};
use super::{provenance_line, put_uint, summary};
use crate::core::provenance::Provenance;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::graph::PairingGraph;
use crate::pairing::graph::analysis::Analysis;
use std::io::{self, Write};

pub(super) fn gexf(
    w: &mut impl Write,
    g: &PairingGraph,
    cat: &Catalogue,
    a: &Analysis,
    p: &Provenance,
) -> io::Result<()> {
    w.write_all(
        b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
          <gexf xmlns=\"http://www.gexf.net/1.2draft\" \
          xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" \
          xsi:schemaLocation=\"http://www.gexf.net/1.2draft \
          http://www.gexf.net/1.2draft/gexf.xsd\" version=\"1.2\">\n  <meta>\n    <creator>",
    )?;
    put_xml(w, &p.generator())?;
    w.write_all(b"</creator>\n    <description>")?;
    put_xml(w, &format!("{}; {}", summary(p, a), provenance_line(p)))?;
    w.write_all(
        b"</description>\n  </meta>\n  \
          <graph mode=\"static\" defaultedgetype=\"undirected\">\n    \
          <attributes class=\"node\" mode=\"static\">\n",
    )?;
    for (i, (name, _, ty)) in NODE_KEYS.iter().enumerate() {
        writeln!(
            w,
            "      <attribute id=\"{i}\" title=\"{name}\" type=\"{ty}\"/>"
        )?;
    }
    writeln!(
        w,
        "    </attributes>\n    <nodes count=\"{}\">",
        g.vertex_count()
    )?;
    let mut line = Vec::with_capacity(cat.ncells());
    for id in 1..=g.vertex_count() {
        w.write_all(b"<node id=\"")?;
        put_uint(w, id as u64)?;
        w.write_all(b"\" label=\"")?;
        put_uint(w, id as u64)?;
        put_node_values(
            w,
            g,
            cat,
            id,
            &mut line,
            [
                b"\"><attvalues><attvalue for=\"0\" value=\"",
                b"\"/><attvalue for=\"1\" value=\"",
                b"\"/><attvalue for=\"2\" value=\"",
                b"\"/><attvalue for=\"3\" value=\"",
            ],
            b"\"/></attvalues></node>\n",
        )?;
    }
    writeln!(w, "    </nodes>\n    <edges count=\"{}\">", g.edge_count())?;
    for (i, (u, v)) in g.edges().enumerate() {
        w.write_all(b"<edge id=\"")?;
        put_uint(w, i as u64)?;
        w.write_all(b"\" source=\"")?;
        put_uint(w, u as u64)?;
        w.write_all(b"\" target=\"")?;
        put_uint(w, v as u64)?;
        w.write_all(b"\"/>\n")?;
    }
    w.write_all(b"    </edges>\n  </graph>\n</gexf>\n")
}
