//! Graph exports: the pairing graph (docs/spec.md §5) in the formats its readers take
//! without edits or flags.
//!
//! `amoba graph` computes the pairing graph and its analysis once; this module writes
//! them out for the people and programs that want to look at the graph with their own
//! tools. Every format is chosen for a reader, and each file is written the way that
//! reader wants it, even where the readers disagree (a header is right for a
//! spreadsheet and wrong for igraph), so the same graph is written several times. The
//! files are addressed by one enum, [`Export`].
//!
//! | [`Export`] | file (`tag` = `9` on the 8×8 torus) | format | vertex names | for |
//! |---|---|---|---|---|
//! | `EdgesCsv` | `graph-<tag>.edges.csv` | CSV, header `source,target` | IDs | people, spreadsheets, pandas, polars, R |
//! | `VerticesCsv` | `graph-<tag>.vertices.csv` | CSV, `id,canonical_grid,degree,component,stabiliser_order` | IDs | people, data frames |
//! | `DegreesCsv` | `graph-<tag>.degrees.csv` | CSV, `degree,vertices`, every degree `0..=max` | — | plots |
//! | `ComponentsCsv` | `graph-<tag>.components.csv` | CSV, `component,size,edges,min_degree,max_degree,smallest_id` | IDs | people |
//! | `EdgeList` | `graph-<tag>.edgelist` | `u v` per line, nothing else | `ID − 1` | igraph `Read_Edgelist`, NetworkX `read_edgelist`, SNAP, networkit, C/C++ tools |
//! | `GraphMl` | `graph-<tag>.graphml` | GraphML 1.0, all keys declared | IDs | NetworkX, igraph, graph-tool, yEd, Cytoscape |
//! | `Gexf` | `graph-<tag>.gexf` | GEXF 1.2draft | IDs | Gephi, NetworkX |
//! | `Sparse6` | `graph-<tag>.s6` | nauty sparse6, one line, no header | `ID − 1` | nauty/Traces, SageMath, NetworkX `read_sparse6` |
//! | `Dot` | `graph-<tag>.dot` | Graphviz `graph`, small components only | IDs | `fdp` drawings, graph-tool, NetworkX (pydot) |
//! | `Sidecar` | `graph-<tag>.json` | JSON: provenance, counts, manifest | — | scripts, `scripts/check_exports.py` |
//!
//! # Vertex names
//!
//! A vertex is a class of the catalogue and its name is the catalogue ID (1-based,
//! docs/spec.md §4), the number people quote. Two formats cannot use it: the plain
//! edge list and sparse6 are read by tools that number vertices `0 … n−1` and would
//! otherwise invent a vertex 0, so there a vertex is `ID − 1`. The XML formats write
//! their nodes in ID order, so igraph, which renumbers GraphML nodes by document
//! order, also ends up with `ID − 1`. Components are numbered as by
//! [`PairingGraph::component`]: 1 is the giant one, then by decreasing size, ties by
//! smallest member ID.
//!
//! # Typed readers
//!
//! CSV carries no types: pandas, polars, pyarrow, R and DuckDB guess each column's
//! type from its text. Every column here is an integer except the canonical form,
//! whose 64 digits with a leading 0 would be guessed as a number (and lose the 0, or
//! overflow). The vertex table therefore writes it in *grid form*: the rows of the
//! one-line form joined by `/` (`04111115/04155555/…`), which no reader takes for a
//! number, and removing the `/` gives the catalogue line back. A board whose grid has a
//! single row gets a final `/`. The typed formats (GraphML, GEXF) declare `canonical`
//! as a string and keep the one-line form.
//!
//! # Tallies
//!
//! The degree distribution, the component sizes and the per-component rows are taken
//! from the [`Analysis`], which computed them once; the exporter does not recount, and
//! [`write_all`] refuses an analysis whose counts are not the graph's.
//!
//! # Isolated vertices
//!
//! An edge list cannot show a vertex without edges. The sidecar gives the vertex
//! count, so a reader adds the missing vertices `0 … n−1` itself (the sidecar's
//! `isolated_vertices` says how many there are; on the 8×8 torus there are none, but
//! the exporter does not rely on that). The other formats name every vertex.
//!
//! # Provenance and the sidecar
//!
//! The run's [`Provenance`] (board, amoba version, command line, SHA-256 of the
//! catalogue) goes wherever a format has room for it: graph-level data in GraphML,
//! `<meta>` in GEXF, a graph `comment` attribute in DOT (not a `//` comment, which
//! graph-tool's reader refuses), and the JSON sidecar's `provenance` block. The CSVs,
//! the edge list and sparse6 have no room for it without breaking a reader, so they
//! carry none. The sidecar is written last and lists every other file with its size
//! and SHA-256: each file is replaced atomically ([`crate::core::io::write_atomic`]) but a
//! set of files is not, so a run that fails halfway leaves new and old files side by
//! side, and the manifest is how a reader tells (`scripts/check_exports.py` checks it
//! first).
//!
//! # Determinism
//!
//! The bytes depend only on the graph, the catalogue, the analysis and the
//! provenance: no dates, no host names, no hash-map order, integers formatted by
//! hand, floats by `serde_json`'s shortest round-trip form. The provenance's command
//! comes from [`crate::core::provenance::command_line`], which drops the executable's
//! directory and the options that cannot change the output (`--threads`), so two runs
//! of the same command give identical files on any machine and thread count.
//!
//! # Checking
//!
//! `tests/export.rs` pins the bytes of every format on a small graph, compares sparse6
//! with encodings nauty writes and round-trips it through a decoder written from
//! nauty's `formats.txt`, validates the sidecar against its JSON Schema, and runs
//! `scripts/check_exports.py` (NetworkX) on the 8×8 graph. Checked by hand with the
//! real tools, not in the test suite: pandas 3.1, polars 2.1 and pyarrow 26 read the
//! vertex table's `canonical_grid` as text without options; graph-tool 2.45 and
//! NetworkX 3.6's pydot reader read the DOT file (210 vertices, 414 edges); nauty
//! 2.8.6's `geng -s` writes the same sparse6 lines as [`write_sparse6`] for every graph
//! on up to 8 vertices, and its `dretog -s` writes a file byte-identical to
//! `graph-9.s6`; igraph 1.0 reads the edge list and the GraphML to the same graph;
//! Graphviz `fdp` draws the DOT file.
//!
//! # Cost
//!
//! Every writer streams: one pass over the compressed-sparse-row graph, no string per
//! line, generic over the writer so the buffered writes inline, through a hashing
//! writer (SHA-256 for the manifest) into the atomic file of
//! [`crate::core::io::write_atomic`]. [`write_all`] writes the nine data files in parallel
//! (rayon), then the sidecar. On the 8×8 graph (194,543 vertices, 532,107 edges) the
//! files total about 160 MB (GEXF 74 MB, GraphML 56 MB) and [`write_all`] takes about
//! 0.3 s of wall time on two cores in release mode. The wait for the disk is kept off
//! the workers: each file is staged ([`crate::core::io::write_staged`]) and its sync and
//! rename run on a thread of their own while the workers format the next file; the
//! kernel starts writing each file while it is still being formatted.
//!
//! FORMATS.md ("Graph exports") is the byte-level description of every file, with
//! worked examples and how to read each one in pandas, polars and R.

mod csv;
mod dot;
mod edgelist;
mod gexf;
mod graphml;
mod hashed;
mod sidecar;
mod sparse6;

use crate::core::io::{IoError, Staged};
use crate::core::provenance::Provenance;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::graph::PairingGraph;
use crate::pairing::graph::analysis::Analysis;
use rayon::prelude::*;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use hashed::{file_name, stage_hashed, write_hashed};

pub use crate::core::provenance::command_line;

/// One exported file. [`Export::ALL`] lists them in the order [`write_all`] returns
/// them; the file of `e` is `graph-<tag>.<e.suffix()>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Export {
    /// `edges.csv`: `source,target`, one row per edge, catalogue IDs.
    EdgesCsv,
    /// `vertices.csv`: one row per class.
    VerticesCsv,
    /// `degrees.csv`: vertices per degree, every degree `0..=max`.
    DegreesCsv,
    /// `components.csv`: one row per component.
    ComponentsCsv,
    /// `edgelist`: `u v` per edge, `ID − 1`.
    EdgeList,
    /// `graphml`: GraphML 1.0 with attributes.
    GraphMl,
    /// `gexf`: GEXF 1.2draft with attributes.
    Gexf,
    /// `s6`: nauty's sparse6, `ID − 1`.
    Sparse6,
    /// `dot`: Graphviz, the components other than the giant one.
    Dot,
    /// `json`: the sidecar, written last (provenance, counts, manifest).
    Sidecar,
}

/// How a file names the vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexNames {
    /// The catalogue ID, 1-based.
    Id,
    /// `ID − 1`, 0-based, for readers that number vertices from 0.
    IdMinusOne,
}

impl VertexNames {
    /// As written in the sidecar's `vertex_names`: `ID` or `ID - 1`.
    pub fn label(self) -> &'static str {
        match self {
            VertexNames::Id => "ID",
            VertexNames::IdMinusOne => "ID - 1",
        }
    }
}

impl Export {
    /// Every export, in the order [`write_all`] writes and returns them (the sidecar
    /// last).
    pub const ALL: [Export; 10] = [
        Export::EdgesCsv,
        Export::VerticesCsv,
        Export::DegreesCsv,
        Export::ComponentsCsv,
        Export::EdgeList,
        Export::GraphMl,
        Export::Gexf,
        Export::Sparse6,
        Export::Dot,
        Export::Sidecar,
    ];

    /// The data files (all but the sidecar) by decreasing cost: [`write_all`] hands
    /// them to rayon in this order so that work stealing puts the two big XML files
    /// (GEXF 74 MB, GraphML 56 MB on the 8×8 graph) on different threads. The bytes
    /// do not depend on the schedule.
    pub const BY_COST: [Export; 9] = [
        Export::Gexf,
        Export::GraphMl,
        Export::VerticesCsv,
        Export::EdgeList,
        Export::EdgesCsv,
        Export::Sparse6,
        Export::Dot,
        Export::ComponentsCsv,
        Export::DegreesCsv,
    ];

    /// The file-name suffix: the file is `graph-<tag>.<suffix>`.
    pub fn suffix(self) -> &'static str {
        match self {
            Export::EdgesCsv => "edges.csv",
            Export::VerticesCsv => "vertices.csv",
            Export::DegreesCsv => "degrees.csv",
            Export::ComponentsCsv => "components.csv",
            Export::EdgeList => "edgelist",
            Export::GraphMl => "graphml",
            Export::Gexf => "gexf",
            Export::Sparse6 => "s6",
            Export::Dot => "dot",
            Export::Sidecar => "json",
        }
    }

    /// The file name for `tag`: `graph-<tag>.<suffix>`.
    pub fn file_name(self, tag: &str) -> String {
        format!("graph-{tag}.{}", self.suffix())
    }

    /// How the file names vertices (`None`: it names none, only counts).
    pub fn vertex_names(self) -> Option<VertexNames> {
        match self {
            Export::EdgeList | Export::Sparse6 => Some(VertexNames::IdMinusOne),
            Export::DegreesCsv | Export::Sidecar => None,
            _ => Some(VertexNames::Id),
        }
    }
}

/// Everything the exports are written from.
#[derive(Clone, Copy)]
pub struct Source<'a> {
    /// File-name tag (`9` on the 8×8 torus, [`crate::pairing::catalogue::enumerate::file_tag`]).
    pub tag: &'a str,
    /// The graph.
    pub graph: &'a PairingGraph,
    /// The catalogue: one class per vertex, in ID order.
    pub catalogue: &'a Catalogue,
    /// The analysis of `graph` ([`crate::pairing::graph::analysis::analyse`]).
    pub analysis: &'a Analysis,
    /// The run's provenance (the sidecar stamps it with
    /// [`GRAPH_EXPORT`](crate::core::provenance::GRAPH_EXPORT)).
    pub provenance: &'a Provenance,
    /// Codes per row of the board's grid form (8 on the 8×8 torus): the vertex table
    /// writes the canonical form in rows of this length.
    pub grid_width: usize,
}

/// One entry of the sidecar's manifest (`files`): a written file, its size and
/// checksum. Deserialise the sidecar's `files` array into it to check a set of exports.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileRecord {
    /// File name (no directory).
    pub name: String,
    /// Size in bytes.
    pub bytes: u64,
    /// SHA-256 of the contents, lowercase hex.
    pub sha256: String,
}

/// The degree distribution of `a` as counts indexed by degree, every degree from 0 to
/// the maximum (zero counts included; empty for a graph without vertices): the form
/// of `degrees.csv` and of `degree_distribution` in every JSON file.
pub fn degree_counts(a: &Analysis) -> Vec<usize> {
    if a.vertices == 0 {
        return Vec::new();
    }
    let mut v = vec![0; a.max_degree + 1];
    for (&d, &n) in &a.degree_distribution {
        v[d] = n;
    }
    v
}

// ---------------------------------------------------------------------------------
// Public writers.

/// Writes the file of `export` (any but [`Export::Sidecar`], which only [`write_all`]
/// writes because its manifest describes the set) to `path`, and returns its record.
///
/// # Errors
/// `InvalidInput` before anything is written when `src` is inconsistent (see
/// [`write_all`]) or `export` is the sidecar; otherwise the I/O failure.
///
/// *Complexity*: `O(V · N + E)` for `N` cells per pairing; the tables `O(C)` or
/// `O(Δ)`.
pub fn write(export: Export, path: &Path, src: &Source) -> Result<FileRecord, IoError> {
    check_source(path, src)?;
    write_one(export, path, src)
}

/// Writes `graph-<tag>.edgelist` for any graph: one line `u v` per edge, `u = ID − 1 <
/// v = ID − 1`, lines in ascending order, single spaces, `\n` endings, no header, no
/// comments. Vertices without edges do not appear (the sidecar has the vertex count).
///
/// *Complexity*: `O(V + E)`.
pub fn write_edgelist(path: &Path, g: &PairingGraph) -> Result<(), IoError> {
    write_hashed(path, |w| edgelist::edgelist(w, g)).map(drop)
}

/// Writes `graph-<tag>.s6` for any graph: nauty's sparse6 format (vertices `ID − 1`),
/// one line ending in `\n`, without the optional `>>sparse6<<` header. The encoding is
/// exactly that of nauty's `sgtos6`, padding rule included, so the bytes equal what
/// nauty's tools print for this labelling.
///
/// # Errors
/// An [`IoError`] of kind `InvalidInput` when the graph has more than `2³⁶ − 1`
/// vertices (the format's limit); otherwise the I/O failure.
///
/// *Complexity*: `O(V + E)`; the file has about `E · (⌈log₂ V⌉ + 1) / 6` bytes.
pub fn write_sparse6(path: &Path, g: &PairingGraph) -> Result<(), IoError> {
    write_hashed(path, |w| sparse6::sparse6(w, g)).map(drop)
}

/// Writes every export of `src` into `dir` (created if missing), each by the writer
/// of its [`Export`]: the nine data files in parallel, then the JSON sidecar
/// `graph-<tag>.json` with the provenance (stamped
/// [`GRAPH_EXPORT`](crate::core::provenance::GRAPH_EXPORT)), the counts a
/// reader needs (vertices, edges, components, component sizes, degree distribution
/// `0..=max`, isolated vertices, min/max/mean degree, all from the analysis), the
/// vertex naming of each file and `files`, a [`FileRecord`] (name, bytes, SHA-256) per
/// data file.
///
/// # Returns
/// The paths written, in the order of [`Export::ALL`] (the sidecar last).
///
/// # Errors
/// `InvalidInput` before anything is written when the catalogue does not have one
/// class per vertex or the analysis's vertex, edge or component count is not the
/// graph's. Otherwise the first I/O failure in [`Export::ALL`] order: the other data
/// files are still written (each completely or not at all), the sidecar is not, so an
/// old sidecar's checksums expose the mix.
///
/// *Complexity*: `O(V · N + E)` time, `N` cells per pairing; memory `O(V)` beyond the
/// graph (DOT members) plus a 64 KiB and a 1 MiB buffer per file being written.
pub fn write_all(dir: &Path, src: &Source) -> Result<Vec<PathBuf>, IoError> {
    let path_of = |e: Export| dir.join(e.file_name(src.tag));
    check_source(&path_of(Export::Sidecar), src)?;
    // Each file's sync and rename (waiting for the disk, no CPU) run on a thread of
    // their own, so that the workers go on with the next file meanwhile.
    let mut results: Vec<(Export, Result<FileRecord, IoError>)> = std::thread::scope(|s| {
        let staged: Vec<_> = Export::BY_COST
            .par_iter()
            .with_max_len(1)
            .map(|&e| {
                let path = path_of(e);
                let commit = stage_one(e, &path, src).and_then(|(record, staged)| {
                    std::thread::Builder::new()
                        .spawn_scoped(s, move || staged.commit().map(|()| record))
                        .map_err(|err| IoError::new(&path, err))
                });
                (e, commit)
            })
            .collect();
        staged
            .into_iter()
            .map(|(e, commit)| {
                let done = commit.and_then(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                });
                (e, done)
            })
            .collect()
    });
    results.sort_by_key(|&(e, _)| e);
    let mut records = Vec::with_capacity(results.len());
    let mut paths = Vec::with_capacity(Export::ALL.len());
    for (e, result) in results {
        records.push(result?);
        paths.push(path_of(e));
    }
    let path = path_of(Export::Sidecar);
    write_hashed(&path, |w| sidecar::sidecar(w, src, &records))?;
    paths.push(path);
    Ok(paths)
}

/// Writes the data file of `export`.
fn write_one(export: Export, path: &Path, src: &Source) -> Result<FileRecord, IoError> {
    let (record, staged) = stage_one(export, path, src)?;
    staged.commit()?;
    Ok(record)
}

/// Writes the data file of `export` into its staged temporary file.
fn stage_one(export: Export, path: &Path, src: &Source) -> Result<(FileRecord, Staged), IoError> {
    let (g, cat, a, p) = (src.graph, src.catalogue, src.analysis, src.provenance);
    match export {
        Export::EdgesCsv => stage_hashed(path, |w| csv::edges_csv(w, g)),
        Export::VerticesCsv => stage_hashed(path, |w| csv::vertices_csv(w, g, cat, src.grid_width)),
        Export::DegreesCsv => stage_hashed(path, |w| csv::degrees_csv(w, a)),
        Export::ComponentsCsv => stage_hashed(path, |w| csv::components_csv(w, a)),
        Export::EdgeList => stage_hashed(path, |w| edgelist::edgelist(w, g)),
        Export::GraphMl => stage_hashed(path, |w| graphml::graphml(w, g, cat, a, p)),
        Export::Gexf => stage_hashed(path, |w| gexf::gexf(w, g, cat, a, p)),
        Export::Sparse6 => stage_hashed(path, |w| sparse6::sparse6(w, g)),
        Export::Dot => stage_hashed(path, |w| dot::dot(w, g, a, p, &file_name(path))),
        Export::Sidecar => Err(invalid(
            path,
            "the sidecar describes the whole set: write it with write_all".into(),
        )),
    }
}

// ---------------------------------------------------------------------------------
// Plumbing: checks and atomic, buffered, hashed output.

fn check_source(path: &Path, src: &Source) -> Result<(), IoError> {
    let (g, cat, a) = (src.graph, src.catalogue, src.analysis);
    if cat.len() != g.vertex_count() {
        return Err(invalid(
            path,
            format!(
                "the catalogue has {} classes but the graph {} vertices",
                cat.len(),
                g.vertex_count()
            ),
        ));
    }
    if (a.vertices, a.edges, a.components)
        != (g.vertex_count(), g.edge_count(), g.component_count())
        || a.component_facts.len() != a.components
    {
        return Err(invalid(
            path,
            format!(
                "the analysis ({} vertices, {} edges, {} components) is not of this graph \
                 ({}, {}, {})",
                a.vertices,
                a.edges,
                a.components,
                g.vertex_count(),
                g.edge_count(),
                g.component_count()
            ),
        ));
    }
    if src.grid_width == 0 || cat.ncells() % src.grid_width != 0 {
        return Err(invalid(
            path,
            format!(
                "a grid row of {} codes does not divide a pairing of {} cells",
                src.grid_width,
                cat.ncells()
            ),
        ));
    }
    Ok(())
}

/// `n` and the noun, singular or plural: `1 vertex`, `2 vertices`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn invalid(path: &Path, message: String) -> IoError {
    IoError::new(path, io::Error::new(io::ErrorKind::InvalidInput, message))
}

/// Writes `n` in decimal.
#[inline]
fn put_uint(w: &mut impl Write, n: u64) -> io::Result<()> {
    w.write_all(uint_bytes(n, &mut [0u8; 20]))
}

/// `n` in decimal, in the tail of `buf`.
#[inline]
fn uint_bytes(n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[i..]
}

/// `s` with every control character (newline, tab, …) replaced by a space.
fn single_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// One line describing the graph (no control characters).
fn summary(p: &Provenance, a: &Analysis) -> String {
    single_line(&format!(
        "pairing graph of board {}: {}, {}, {}",
        p.board,
        count(a.vertices, "vertex", "vertices"),
        count(a.edges, "edge", "edges"),
        count(a.components, "component", "components")
    ))
}

/// The provenance in one line: generator, command and catalogue digest.
fn provenance_line(p: &Provenance) -> String {
    single_line(&format!(
        "written by {}; command: {}; catalogue SHA-256: {}",
        p.generator(),
        p.command,
        p.catalogue_sha256.as_deref().unwrap_or("none")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_cost_is_a_permutation_of_the_data_files() {
        let mut v = Export::BY_COST.to_vec();
        v.sort_unstable();
        let data: Vec<Export> = Export::ALL
            .iter()
            .copied()
            .filter(|&e| e != Export::Sidecar)
            .collect();
        assert_eq!(v, data);
        assert_eq!(Export::ALL.last(), Some(&Export::Sidecar));
    }
}
