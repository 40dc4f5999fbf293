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

use crate::core::io::{IoError, Staged, write_staged};
use crate::core::provenance::{GRAPH_EXPORT, Provenance, hex};
use crate::pairing::catalogue::Catalogue;
use crate::pairing::graph::PairingGraph;
use crate::pairing::graph::analysis::Analysis;
use rayon::prelude::*;
use serde::ser::{SerializeMap, Serializer};
use sha2::{Digest, Sha256};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

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
    /// The run's provenance (the sidecar stamps it with [`GRAPH_EXPORT`]).
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
    write_hashed(path, |w| edgelist(w, g)).map(drop)
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
    write_hashed(path, |w| sparse6(w, g)).map(drop)
}

/// Writes every export of `src` into `dir` (created if missing), each by the writer
/// of its [`Export`]: the nine data files in parallel, then the JSON sidecar
/// `graph-<tag>.json` with the provenance (stamped [`GRAPH_EXPORT`]), the counts a
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
    write_hashed(&path, |w| sidecar(w, src, &records))?;
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
        Export::EdgesCsv => stage_hashed(path, |w| edges_csv(w, g)),
        Export::VerticesCsv => stage_hashed(path, |w| vertices_csv(w, g, cat, src.grid_width)),
        Export::DegreesCsv => stage_hashed(path, |w| degrees_csv(w, a)),
        Export::ComponentsCsv => stage_hashed(path, |w| components_csv(w, a)),
        Export::EdgeList => stage_hashed(path, |w| edgelist(w, g)),
        Export::GraphMl => stage_hashed(path, |w| graphml(w, g, cat, a, p)),
        Export::Gexf => stage_hashed(path, |w| gexf(w, g, cat, a, p)),
        Export::Sparse6 => stage_hashed(path, |w| sparse6(w, g)),
        Export::Dot => stage_hashed(path, |w| dot(w, g, a, p, &file_name(path))),
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

/// A writer that hashes and counts what passes through it.
struct Hashing<'a> {
    inner: &'a mut dyn Write,
    hasher: Sha256,
    bytes: u64,
}

impl Write for Hashing<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes `path` atomically through a buffer and a hasher; returns its record.
fn write_hashed(
    path: &Path,
    body: impl FnOnce(&mut BufWriter<&mut Hashing>) -> io::Result<()>,
) -> Result<FileRecord, IoError> {
    let (record, staged) = stage_hashed(path, body)?;
    staged.commit()?;
    Ok(record)
}

/// [`write_hashed`] up to the commit: the bytes are staged, not yet in place.
fn stage_hashed(
    path: &Path,
    body: impl FnOnce(&mut BufWriter<&mut Hashing>) -> io::Result<()>,
) -> Result<(FileRecord, Staged), IoError> {
    let mut digest = None;
    let staged = write_staged(path, |w| {
        let mut hashing = Hashing {
            inner: w,
            hasher: Sha256::new(),
            bytes: 0,
        };
        {
            // Large chunks into the hasher, few calls through `dyn Write`.
            let mut buf = BufWriter::with_capacity(1 << 16, &mut hashing);
            body(&mut buf)?;
            buf.flush()?;
        }
        digest = Some((hashing.bytes, hashing.hasher.finalize()));
        Ok(())
    })?;
    let Some((bytes, hash)) = digest else {
        return Err(IoError::new(
            path,
            io::Error::other("write_staged returned without running the writer"),
        ));
    };
    let record = FileRecord {
        name: file_name(path),
        bytes,
        sha256: hex(&hash),
    };
    Ok((record, staged))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
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

/// The canonical form of class `id` as ASCII digits into `line`.
fn canonical_into(cat: &Catalogue, id: usize, line: &mut Vec<u8>) {
    line.clear();
    line.extend(
        cat.codes_of(id)
            .iter()
            .map(|&c| crate::core::board::pairing::code_byte(c)),
    );
}

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

/// `s` with every control character (newline, tab, …) replaced by a space.
fn single_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Writes `s` escaped for XML text and attribute values; control characters (not
/// allowed in XML 1.0, or not preserved in attributes) become spaces.
fn put_xml(w: &mut impl Write, s: &str) -> io::Result<()> {
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

// ---------------------------------------------------------------------------------
// The formats.

fn edges_csv(w: &mut impl Write, g: &PairingGraph) -> io::Result<()> {
    let mut out = csv_writer(w);
    out.write_record(["source", "target"]).map_err(csv_err)?;
    let (mut a, mut b) = ([0u8; 20], [0u8; 20]);
    for (u, v) in g.edges() {
        out.write_record([uint_bytes(u as u64, &mut a), uint_bytes(v as u64, &mut b)])
            .map_err(csv_err)?;
    }
    out.flush()
}

fn vertices_csv(
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

fn degrees_csv(w: &mut impl Write, a: &Analysis) -> io::Result<()> {
    let mut out = csv_writer(w);
    out.write_record(["degree", "vertices"]).map_err(csv_err)?;
    for (d, &count) in degree_counts(a).iter().enumerate() {
        out.write_record([d.to_string(), count.to_string()])
            .map_err(csv_err)?;
    }
    out.flush()
}

fn components_csv(w: &mut impl Write, a: &Analysis) -> io::Result<()> {
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

fn edgelist(w: &mut impl Write, g: &PairingGraph) -> io::Result<()> {
    for u in 0..g.vertex_count() {
        for &v in g.neighbors0(u) {
            if v as usize > u {
                put_uint(w, u as u64)?;
                w.write_all(b" ")?;
                put_uint(w, v as u64)?;
                w.write_all(b"\n")?;
            }
        }
    }
    Ok(())
}

/// The node attribute keys of the XML formats: (name, GraphML type, GEXF type).
const NODE_KEYS: [(&str, &str, &str); 4] = [
    ("canonical", "string", "string"),
    ("degree", "int", "integer"),
    ("component", "int", "integer"),
    ("stabiliser_order", "int", "integer"),
];

fn graphml(
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
        canonical_into(cat, id, &mut line);
        w.write_all(b"<node id=\"")?;
        put_uint(w, id as u64)?;
        w.write_all(b"\"><data key=\"d0\">")?;
        w.write_all(&line)?; // digits: nothing to escape
        w.write_all(b"</data><data key=\"d1\">")?;
        put_uint(w, g.degree(id) as u64)?;
        w.write_all(b"</data><data key=\"d2\">")?;
        put_uint(w, g.component(id) as u64)?;
        w.write_all(b"</data><data key=\"d3\">")?;
        put_uint(w, cat.stabiliser(id) as u64)?;
        w.write_all(b"</data></node>\n")?;
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

fn gexf(
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
        canonical_into(cat, id, &mut line);
        w.write_all(b"<node id=\"")?;
        put_uint(w, id as u64)?;
        w.write_all(b"\" label=\"")?;
        put_uint(w, id as u64)?;
        w.write_all(b"\"><attvalues><attvalue for=\"0\" value=\"")?;
        w.write_all(&line)?;
        w.write_all(b"\"/><attvalue for=\"1\" value=\"")?;
        put_uint(w, g.degree(id) as u64)?;
        w.write_all(b"\"/><attvalue for=\"2\" value=\"")?;
        put_uint(w, g.component(id) as u64)?;
        w.write_all(b"\"/><attvalue for=\"3\" value=\"")?;
        put_uint(w, cat.stabiliser(id) as u64)?;
        w.write_all(b"\"/></attvalues></node>\n")?;
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

/// Big-endian bits packed six to a byte, each byte + 63 (nauty's `R(x)`).
struct SixBits<'a, W: Write> {
    w: &'a mut W,
    acc: u64,
    pending: u32,
}

impl<W: Write> SixBits<'_, W> {
    /// Appends the low `k` bits of `x` (`k ≤ 36`), most significant first.
    #[inline]
    fn push(&mut self, x: u64, k: u32) -> io::Result<()> {
        debug_assert!(k <= 36 && x >> k == 0);
        self.acc = (self.acc << k) | x;
        self.pending += k;
        while self.pending >= 6 {
            self.pending -= 6;
            self.w
                .write_all(&[63 + ((self.acc >> self.pending) & 63) as u8])?;
        }
        self.acc &= (1u64 << self.pending) - 1;
        Ok(())
    }
}

/// nauty's `N(n)`: the vertex count in 1, 4 or 8 bytes.
fn sparse6_size(n: u64) -> Option<Vec<u8>> {
    let r = |x: u64, groups: u32| {
        (0..groups)
            .rev()
            .map(move |i| 63 + ((x >> (6 * i)) & 63) as u8)
    };
    match n {
        0..=62 => Some(vec![63 + n as u8]),
        63..=258_047 => Some(std::iter::once(126).chain(r(n, 3)).collect()),
        258_048..=68_719_476_735 => Some([126, 126].into_iter().chain(r(n, 6)).collect()),
        _ => None,
    }
}

fn sparse6(w: &mut impl Write, g: &PairingGraph) -> io::Result<()> {
    let n = g.vertex_count() as u64;
    let size = sparse6_size(n).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("sparse6 holds at most 2^36 - 1 vertices, the graph has {n}"),
        )
    })?;
    w.write_all(b":")?;
    w.write_all(&size)?;
    // nb = number of bits of n − 1 (0 for n ≤ 1).
    let nb = if n <= 1 {
        0
    } else {
        64 - (n - 1).leading_zeros()
    };
    let mut bits = SixBits {
        w,
        acc: 0,
        pending: 0,
    };
    // The edges {i, j}, i ≤ j, by increasing j then i, as in nauty's sgtos6: b = 0
    // stays at vertex v, b = 1 moves to v + 1, and a jump further is b = 1, x = j
    // (x > v sets v = x) followed by the edge with b = 0.
    let mut lastj = 0u64;
    for j in 0..g.vertex_count() {
        let j64 = j as u64;
        for &i in g.neighbors0(j).iter().take_while(|&&i| i as usize <= j) {
            if j64 == lastj {
                bits.push(0, 1)?;
            } else {
                bits.push(1, 1)?;
                if j64 > lastj + 1 {
                    bits.push(j64, nb)?;
                    bits.push(0, 1)?;
                }
                lastj = j64;
            }
            bits.push(i as u64, nb)?;
        }
    }
    if bits.pending > 0 {
        let k = 6 - bits.pending;
        // Padding with 1-bits could read as one more edge {n−1, n−1} when n = 2^nb and
        // the decoder sits at n − 2 with room for a whole (b, x) pair; nauty then pads
        // with a 0 first.
        if k > nb && n >= 2 && lastj == n - 2 && n == 1u64 << nb {
            bits.push((1 << (k - 1)) - 1, k)?;
        } else {
            bits.push((1 << k) - 1, k)?;
        }
    }
    w.write_all(b"\n")
}

/// The DOT file: every node of components 2.. declared at the top level with its
/// `component`, then one `cluster_c<k>` subgraph per component listing its members
/// (what `fdp` and `dot` draw as a box), then every edge at the top level. Readers
/// that skip subgraphs (NetworkX's pydot reader) still get every node and edge, and
/// no `//` comment is used (graph-tool's reader refuses them): the provenance is the
/// graph's `comment` attribute.
fn dot(
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

fn sidecar(w: &mut impl Write, src: &Source, files: &[FileRecord]) -> io::Result<()> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn s6(adj: Vec<Vec<u32>>) -> String {
        let g = PairingGraph::from_adjacency(adj);
        let mut out = Vec::new();
        sparse6(&mut out, &g).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn sparse6_size_examples_of_formats_txt() {
        assert_eq!(sparse6_size(30).unwrap(), vec![93]);
        assert_eq!(sparse6_size(12345).unwrap(), vec![126, 66, 63, 120]);
        assert_eq!(
            sparse6_size(460_175_067).unwrap(),
            vec![126, 126, 63, 90, 90, 90, 90, 90]
        );
        assert_eq!(sparse6_size(1 << 36), None);
    }

    #[test]
    fn sparse6_example_of_formats_txt() {
        // formats.txt: ":Fa@x^" is n = 7 with edges 0-1, 0-2, 1-2, 5-6.
        let adj = vec![
            vec![1, 2],
            vec![0, 2],
            vec![0, 1],
            vec![],
            vec![],
            vec![6],
            vec![5],
        ];
        assert_eq!(s6(adj), ":Fa@x^\n");
    }

    #[test]
    fn sparse6_padding_special_case() {
        // n = 4 = 2^2, triangle 0-1-2: 9 bits, 3 left to pad, last vertex n − 2:
        // nauty pads 011, not 111 (which would read as a loop at vertex 3).
        let adj = vec![vec![1, 2], vec![0, 2], vec![0, 1], vec![]];
        assert_eq!(s6(adj), ":CcJ\n");
        // The same triangle on 5 vertices: 12 bits, no padding at all.
        let adj = vec![vec![1, 2], vec![0, 2], vec![0, 1], vec![], vec![]];
        assert_eq!(s6(adj), ":Da@\n");
        // n = 3 (not a power of 2), edge 0-1, last vertex n − 2: plain 1-padding.
        assert_eq!(s6(vec![vec![1], vec![0], vec![]]), ":Bf\n");
    }

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

    #[test]
    fn dot_strings_are_escaped() {
        assert_eq!(dot_string("a \"b\" c\\d\n"), "\"a \\\"b\\\" c\\\\d \"");
    }

    #[test]
    fn xml_escaping() {
        let mut out = Vec::new();
        put_xml(&mut out, "a<b>&\"c'\n").unwrap();
        assert_eq!(out, b"a&lt;b&gt;&amp;&quot;c&apos; ");
    }
}
