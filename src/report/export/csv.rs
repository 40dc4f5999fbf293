//! The four CSV files ([`super::Export::EdgesCsv`], `VerticesCsv`, `DegreesCsv`,
//! `ComponentsCsv`): a header row, integers formatted by hand, the canonical form in
//! grid form so that no reader takes it for a number (the module essay of
//! [`super`], *Typed readers*).

use super::{degree_counts, uint_bytes};
use crate::pairing::catalogue::Catalogue;
use crate::pairing::graph::PairingGraph;
use crate::pairing::graph::analysis::Analysis;
use std::io::{self, Write};

/// The canonical form of class `id` in grid form, rows of `width` codes joined by
/// `/`, with a final `/` when there is a single row (so the text is never a number).
fn canonical_grid_into(cat: &Catalogue, id: usize, width: usize, line: &mut Vec<u8>) {
    line.clear();
    let codes = cat.codes_of(id);
    for (r, row) in codes.chunks(width).enumerate() {
        if r > 0 {
            line.push(b'/');
        }
        line.extend(row.iter().map(|&c| b'0' + c));
    }
    if codes.len() <= width {
        line.push(b'/');
    }
}

fn csv_writer<W: Write>(w: W) -> csv::Writer<W> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(w)
}

fn csv_err(e: csv::Error) -> io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    }
}

pub(super) fn edges_csv(w: &mut impl Write, g: &PairingGraph) -> io::Result<()> {
    let mut out = csv_writer(w);
    out.write_record(["source", "target"]).map_err(csv_err)?;
    let (mut a, mut b) = ([0u8; 20], [0u8; 20]);
    for (u, v) in g.edges() {
        out.write_record([uint_bytes(u as u64, &mut a), uint_bytes(v as u64, &mut b)])
            .map_err(csv_err)?;
    }
    out.flush()
}

pub(super) fn vertices_csv(
    w: &mut impl Write,
    g: &PairingGraph,
    cat: &Catalogue,
    width: usize,
) -> io::Result<()> {
    let mut out = csv_writer(w);
    out.write_record([
        "id",
        "canonical_grid",
        "degree",
        "component",
        "stabiliser_order",
    ])
    .map_err(csv_err)?;
    let mut line = Vec::with_capacity(2 * cat.ncells());
    let mut bufs = [[0u8; 20]; 4];
    for id in 1..=g.vertex_count() {
        canonical_grid_into(cat, id, width, &mut line);
        let [a, b, c, d] = &mut bufs;
        out.write_record([
            uint_bytes(id as u64, a),
            &line,
            uint_bytes(g.degree(id) as u64, b),
            uint_bytes(g.component(id) as u64, c),
            uint_bytes(cat.stabiliser(id) as u64, d),
        ])
        .map_err(csv_err)?;
    }
    out.flush()
}

pub(super) fn degrees_csv(w: &mut impl Write, a: &Analysis) -> io::Result<()> {
    let mut out = csv_writer(w);
    out.write_record(["degree", "vertices"]).map_err(csv_err)?;
    for (d, &count) in degree_counts(a).iter().enumerate() {
        out.write_record([d.to_string(), count.to_string()])
            .map_err(csv_err)?;
    }
    out.flush()
}

pub(super) fn components_csv(w: &mut impl Write, a: &Analysis) -> io::Result<()> {
    let mut out = csv_writer(w);
    out.write_record([
        "component",
        "size",
        "edges",
        "min_degree",
        "max_degree",
        "smallest_id",
    ])
    .map_err(csv_err)?;
    for f in &a.component_facts {
        out.write_record([
            f.component.to_string(),
            f.size.to_string(),
            f.edges.to_string(),
            f.min_degree.to_string(),
            f.max_degree.to_string(),
            f.smallest_id.to_string(),
        ])
        .map_err(csv_err)?;
    }
    out.flush()
}
