//! The JSON sidecar ([`super::Export::Sidecar`]), written last: provenance, counts,
//! and the manifest of every other file with its size and SHA-256.

use super::{Export, FileRecord, Source, degree_counts};
use crate::core::provenance::{GRAPH_EXPORT, Provenance};
use serde::ser::{SerializeMap, Serializer};
use std::io::{self, Write};

/// A JSON object with its keys in the given order (serde_json keeps the order of a
/// serialised map; a `BTreeMap<String, _>` would sort "10" before "2").
struct Ordered<K, V>(Vec<(K, V)>);

impl<K: serde::Serialize, V: serde::Serialize> serde::Serialize for Ordered<K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

#[derive(serde::Serialize)]
struct Sidecar<'a> {
    provenance: Provenance,
    tag: &'a str,
    vertices: usize,
    edges: usize,
    components: usize,
    component_sizes: Vec<usize>,
    isolated_vertices: usize,
    min_degree: usize,
    max_degree: usize,
    mean_degree: f64,
    degree_distribution: Vec<usize>,
    vertex_names: Ordered<String, &'static str>,
    files: &'a [FileRecord],
}

pub(super) fn sidecar(w: &mut impl Write, src: &Source, files: &[FileRecord]) -> io::Result<()> {
    let a = src.analysis;
    let counts = degree_counts(a);
    let s = Sidecar {
        provenance: src.provenance.stamped(&GRAPH_EXPORT),
        tag: src.tag,
        vertices: a.vertices,
        edges: a.edges,
        components: a.components,
        component_sizes: a.component_facts.iter().map(|f| f.size).collect(),
        isolated_vertices: counts.first().copied().unwrap_or(0),
        min_degree: a.min_degree,
        max_degree: a.max_degree,
        mean_degree: a.mean_degree,
        degree_distribution: counts,
        vertex_names: Ordered(
            Export::ALL
                .iter()
                .filter_map(|&e| Some((e.file_name(src.tag), e.vertex_names()?.label())))
                .collect(),
        ),
        files,
    };
    serde_json::to_writer_pretty(&mut *w, &s).map_err(io::Error::other)?;
    w.write_all(b"\n")
}
