//! Graph exports: the pairing graph (docs/spec.md §5) in the formats its readers take without
//! edits.
//!
//! `amoba graph` computes the pairing graph once; this module writes it out for the
//! people and programs that want to look at it with their own tools. Every format is
//! chosen for a reader, and each file is written the way that reader wants it, even
//! where the readers disagree (a header is right for a spreadsheet and wrong for
//! igraph), so the same graph is written several times.
//!
//! | file (`tag` = `9` on the 8×8 torus) | format | vertex names | for |
//! |---|---|---|---|
//! | `graph-<tag>.edges.csv` | CSV, header `source,target` | catalogue IDs | people, spreadsheets, pandas |
//! | `graph-<tag>.vertices.csv` | CSV, `id,canonical,degree,component,stabiliser_order` | catalogue IDs | people, joins with the catalogue |
//! | `graph-<tag>.degrees.csv` | CSV, `degree,vertices`, every degree `0..=max` | — | plots |
//! | `graph-<tag>.components.csv` | CSV, `component,size,edges,min_degree,max_degree,smallest_id` | catalogue IDs | people |
//! | `graph-<tag>.edgelist` | `u v` per line, nothing else | `ID − 1` | igraph `Read_Edgelist`, NetworkX `read_edgelist`, SNAP, most C/C++ tools |
//! | `graph-<tag>.graphml` | GraphML 1.0, all keys declared | catalogue IDs | NetworkX, igraph, yEd, Cytoscape, graph-tool |
//! | `graph-<tag>.gexf` | GEXF 1.2draft | catalogue IDs | Gephi |
//! | `graph-<tag>.s6` | nauty sparse6, one line, no header | `ID − 1` | nauty/Traces, SageMath, NetworkX `read_sparse6` |
//! | `graph-<tag>.dot` | Graphviz `graph`, small components only | catalogue IDs | `fdp`/`dot` drawings |
//! | `graph-<tag>.json` | JSON sidecar: provenance, counts, manifest | — | scripts, `scripts/check_exports.py` |
//!
//! # Vertex names
//!
//! A vertex is a class of the catalogue and its name is the catalogue ID (1-based,
//! docs/spec.md §4), the number people quote. Two formats cannot use it: the plain edge list
//! and sparse6 are read by tools that number vertices `0 … n−1`, so there a vertex is
//! `ID − 1`. The XML formats write their nodes in ID order, so igraph, which renumbers
//! GraphML nodes by document order, also ends up with `ID − 1`. Components are numbered
//! as by [`PairingGraph::component`]: 1 is the giant one, then by decreasing size, ties
//! by smallest member ID.
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
//! [`Provenance`] (board, amoba version, command line, vertex/edge/component counts)
//! goes wherever a format has room for it: graph-level data in GraphML, `<meta>` in
//! GEXF, `//` comments in DOT, and the JSON sidecar. The CSVs, the edge list and
//! sparse6 have no room for comments without breaking a reader, so they carry none.
//! The sidecar is written last and lists every other file with its size and SHA-256:
//! each file is replaced atomically ([`crate::io::write_atomic`]) but a set of files
//! is not, so a run that fails halfway leaves new and old files side by side, and the
//! manifest is how a reader tells (`scripts/check_exports.py` checks it first).
//!
//! # Determinism
//!
//! The bytes depend only on the graph, the catalogue and the provenance: no dates, no
//! host names, no hash-map order, integers formatted by hand, floats by `serde_json`'s
//! shortest round-trip form. The command line is part of the provenance, so two runs
//! give identical files exactly when they were given the same command
//! ([`command_line`] drops the directory of the executable for that reason).
//!
//! # Checking
//!
//! `tests/export.rs` pins the bytes of every format on a small graph, compares sparse6
//! with encodings nauty writes and round-trips it through a decoder written from
//! nauty's `formats.txt`, and runs `scripts/check_exports.py` (NetworkX) on the 8×8
//! graph. Checked once by hand, not in the test suite: nauty 2.8.6's `geng -s` writes
//! the same sparse6 lines as [`write_sparse6`] for every graph on up to 8 vertices, and
//! its `dretog -s` writes a file byte-identical to `graph-9.s6`; igraph 1.0 reads the
//! edge list and the GraphML to the same graph; Graphviz `fdp` draws the DOT file.
//!
//! # Cost
//!
//! Every writer streams: one pass over the compressed-sparse-row graph, no string per
//! line, generic over the writer so the buffered writes inline, through a hashing
//! writer (SHA-256 for the manifest) into the atomic file of
//! [`crate::io::write_atomic`]. [`write_all`] writes the nine data files in parallel
//! (rayon), then the sidecar. On the 8×8 graph (194,543 vertices, 532,107 edges) the
//! files total about 160 MB (GEXF 74 MB, GraphML 56 MB) and [`write_all`] takes about
//! 0.2–0.3 s of wall time on two cores in release mode, plus the `fsync` of each file.
//!
//! docs/spec.md §5 defines the graph; FORMATS.md ("Graph exports") is the byte-level
//! description of every file with worked examples.

use crate::catalogue::Catalogue;
use crate::graph::PairingGraph;
use crate::io::{IoError, write_atomic};
use rayon::prelude::*;
use serde::ser::{SerializeMap, Serializer};
use sha2::{Digest, Sha256};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Identifies the layout of the JSON sidecar; bumped when a field changes meaning.
pub const SIDECAR_FORMAT: &str = "amoba-graph-export 1";

/// The suffixes of the exported files, in the order [`write_all`] writes them: the
/// file name is `graph-<tag>.<suffix>`. The sidecar (`json`) is last.
pub const SUFFIXES: [&str; 10] = [
    "edges.csv",
    "vertices.csv",
    "degrees.csv",
    "components.csv",
    "edgelist",
    "graphml",
    "gexf",
    "s6",
    "dot",
    "json",
];

/// Where a graph came from: written into every format that has room for it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Provenance {
    /// Board name (`square9` for the 8×8 torus).
    pub board: String,
    /// Version of amoba that wrote the files.
    pub amoba_version: String,
    /// The command that produced the files (see [`command_line`]).
    pub command: String,
    /// Number of vertices (catalogue classes).
    pub vertices: usize,
    /// Number of edges.
    pub edges: usize,
    /// Number of connected components.
    pub components: usize,
}

impl Provenance {
    /// The provenance of `g` on board `board`, written by this amoba for `command`.
    pub fn new(board: &str, command: &str, g: &PairingGraph) -> Provenance {
        Provenance {
            board: board.into(),
            amoba_version: env!("CARGO_PKG_VERSION").into(),
            command: command.into(),
            vertices: g.vertex_count(),
            edges: g.edge_count(),
            components: g.component_count(),
        }
    }

    /// `amoba <version>`, the generator string.
    fn generator(&self) -> String {
        format!("amoba {}", self.amoba_version)
    }

    /// One line describing the graph (no control characters).
    fn summary(&self) -> String {
        single_line(&format!(
            "pairing graph of board {}: {} vertices, {} edges, {} components",
            self.board, self.vertices, self.edges, self.components
        ))
    }
}

/// A command line for [`Provenance::command`]: the executable's file name (not its
/// directory, which differs between machines) followed by the arguments, each quoted
/// for a POSIX shell when it needs it.
///
/// `command_line(std::env::args())` gives e.g. `amoba graph --out results`.
pub fn command_line(args: impl IntoIterator<Item = String>) -> String {
    let mut out = Vec::new();
    for (i, a) in args.into_iter().enumerate() {
        let a = if i == 0 {
            Path::new(&a)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or(a)
        } else {
            a
        };
        let plain = !a.is_empty()
            && a.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b));
        out.push(if plain {
            a
        } else {
            format!("'{}'", a.replace('\'', r"'\''"))
        });
    }
    out.join(" ")
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

// ---------------------------------------------------------------------------------
// Public writers, one per file.

/// Writes `graph-<tag>.edges.csv`: header `source,target`, then one row per edge with
/// the catalogue IDs `source < target`, rows in ascending order.
///
/// *Complexity*: `O(V + E)` time, `O(1)` memory beyond the output buffer.
pub fn write_edges_csv(path: &Path, g: &PairingGraph) -> Result<(), IoError> {
    write_hashed(path, |w| edges_csv(w, g)).map(drop)
}

/// Writes `graph-<tag>.vertices.csv`: header `id,canonical,degree,component,
/// stabiliser_order`, one row per catalogue ID in ascending order. `canonical` is the
/// one-line canonical form (docs/spec.md §3–4).
///
/// # Errors
/// An [`IoError`] of kind `InvalidInput` when `cat` does not have one class per vertex
/// of `g`; otherwise the I/O failure.
///
/// *Complexity*: `O(V · N)` for `N` cells per pairing.
pub fn write_vertices_csv(path: &Path, g: &PairingGraph, cat: &Catalogue) -> Result<(), IoError> {
    check_catalogue(path, g, cat)?;
    write_hashed(path, |w| vertices_csv(w, g, cat)).map(drop)
}

/// Writes `graph-<tag>.degrees.csv`: header `degree,vertices` and one row for every
/// degree from 0 to the maximum degree, zero counts included (so the isolated vertices
/// are always stated and a bar chart gets a contiguous axis). The `vertices` column
/// sums to the vertex count. A graph without vertices gets the header only.
///
/// *Complexity*: `O(V)`.
pub fn write_degrees_csv(path: &Path, g: &PairingGraph) -> Result<(), IoError> {
    write_hashed(path, |w| degrees_csv(w, g)).map(drop)
}

/// Writes `graph-<tag>.components.csv`: header
/// `component,size,edges,min_degree,max_degree,smallest_id`, one row per component in
/// the numbering of [`PairingGraph::component`] (1 = giant). `smallest_id` is the
/// least catalogue ID in the component.
///
/// *Complexity*: `O(V + C)` for `C` components.
pub fn write_components_csv(path: &Path, g: &PairingGraph) -> Result<(), IoError> {
    write_hashed(path, |w| components_csv(w, g)).map(drop)
}

/// Writes `graph-<tag>.edgelist`: one line `u v` per edge, `u = ID − 1 < v = ID − 1`,
/// lines in ascending order, single spaces, `\n` endings, no header, no comments.
/// Vertices without edges do not appear (the sidecar has the vertex count).
///
/// *Complexity*: `O(V + E)`.
pub fn write_edgelist(path: &Path, g: &PairingGraph) -> Result<(), IoError> {
    write_hashed(path, |w| edgelist(w, g)).map(drop)
}

/// Writes `graph-<tag>.graphml`: GraphML 1.0, `edgedefault="undirected"`, node ids
/// the catalogue IDs in ascending order, node keys `canonical` (string), `degree`,
/// `component`, `stabiliser_order` (int) and graph keys `board`, `generator`,
/// `command`, `summary` (string), all declared. Edges in ascending order, no ids.
///
/// # Errors
/// As [`write_vertices_csv`].
///
/// *Complexity*: `O(V · N + E)`.
pub fn write_graphml(
    path: &Path,
    g: &PairingGraph,
    cat: &Catalogue,
    provenance: &Provenance,
) -> Result<(), IoError> {
    check_catalogue(path, g, cat)?;
    write_hashed(path, |w| graphml(w, g, cat, provenance)).map(drop)
}

/// Writes `graph-<tag>.gexf`: GEXF 1.2draft (the version NetworkX reads and every
/// Gephi since 0.8 opens), static, `defaultedgetype="undirected"`, node attributes
/// `canonical` (string), `degree`, `component`, `stabiliser_order` (integer) declared
/// in `<attributes class="node">`, node ids and labels the catalogue IDs, edge ids
/// `0 … E−1` in ascending edge order (the line of the edge list, less one).
///
/// # Errors
/// As [`write_vertices_csv`].
///
/// *Complexity*: `O(V · N + E)`.
pub fn write_gexf(
    path: &Path,
    g: &PairingGraph,
    cat: &Catalogue,
    provenance: &Provenance,
) -> Result<(), IoError> {
    check_catalogue(path, g, cat)?;
    write_hashed(path, |w| gexf(w, g, cat, provenance)).map(drop)
}

/// Writes `graph-<tag>.s6`: the graph in nauty's sparse6 format (vertices `ID − 1`),
/// one line ending in `\n`, without the optional `>>sparse6<<` header. The encoding is
/// exactly that of nauty's `sgtos6`, padding rule included, so the bytes equal what
/// `nauty`'s tools print for this labelling.
///
/// # Errors
/// An [`IoError`] of kind `InvalidInput` when the graph has more than `2³⁶ − 1`
/// vertices (the format's limit); otherwise the I/O failure.
///
/// *Complexity*: `O(V + E)`; the file has about `E · (⌈log₂ V⌉ + 1) / 6` bytes.
pub fn write_sparse6(path: &Path, g: &PairingGraph) -> Result<(), IoError> {
    write_hashed(path, |w| sparse6(w, g)).map(drop)
}

/// Writes `graph-<tag>.dot`: a Graphviz `graph` of every component except the giant
/// one (components `2 ..`), one `subgraph cluster_c<k>` per component labelled with
/// its number and size, nodes named by catalogue ID, edges `u -- v` with `u < v`, and
/// the provenance as `//` comments. With a single component the graph is empty.
///
/// *Complexity*: `O(V + E_small)`.
pub fn write_dot(path: &Path, g: &PairingGraph, provenance: &Provenance) -> Result<(), IoError> {
    write_hashed(path, |w| dot(w, g, provenance, &file_name(path))).map(drop)
}

/// Writes every export of `g` into `dir` (created if missing) as `graph-<tag>.<suffix>`
/// for each suffix of [`SUFFIXES`] — `tag` is `9` on the 8×8 torus
/// ([`crate::catalogue::enumerate::file_tag`]). The nine data files are written in parallel, each
/// by the function above for it; then the JSON sidecar `graph-<tag>.json`, which only
/// this function writes because its manifest describes the set: the provenance, the
/// counts a reader needs (vertices, edges, components, component sizes, degree
/// distribution `0..=max`, isolated vertices, min/max/mean degree), the vertex naming
/// of each file and `files`, a [`FileRecord`] (name, bytes, SHA-256) per data file.
///
/// # Returns
/// The paths written, in the order of [`SUFFIXES`] (the sidecar last).
///
/// # Errors
/// `InvalidInput` before anything is written when `cat` does not have one class per
/// vertex or `provenance`'s counts are not `g`'s. Otherwise the first I/O failure in
/// [`SUFFIXES`] order: the other data files are still written (each completely or not
/// at all), the sidecar is not, so an old sidecar's checksums expose the mix.
///
/// *Complexity*: `O(V · N + E)` time, `N` cells per pairing; memory `O(V)` beyond the
/// graph (per-component tallies, DOT members) plus a 64 KiB and a 1 MiB buffer per
/// file being written.
pub fn write_all(
    dir: &Path,
    tag: &str,
    g: &PairingGraph,
    cat: &Catalogue,
    provenance: &Provenance,
) -> Result<Vec<PathBuf>, IoError> {
    let path_of = |suffix: &str| dir.join(format!("graph-{tag}.{suffix}"));
    check_catalogue(&path_of("vertices.csv"), g, cat)?;
    if (provenance.vertices, provenance.edges, provenance.components)
        != (g.vertex_count(), g.edge_count(), g.component_count())
    {
        return Err(invalid(
            &path_of("json"),
            format!(
                "provenance counts ({} vertices, {} edges, {} components) are not the \
                 graph's ({}, {}, {})",
                provenance.vertices,
                provenance.edges,
                provenance.components,
                g.vertex_count(),
                g.edge_count(),
                g.component_count()
            ),
        ));
    }
    let mut results: Vec<(usize, Result<FileRecord, IoError>)> = BY_COST
        .par_iter()
        .with_max_len(1)
        .map(|&i| {
            let path = path_of(SUFFIXES[i]);
            (i, write_one(&path, SUFFIXES[i], g, cat, provenance))
        })
        .collect();
    results.sort_by_key(|&(i, _)| i);
    let mut records = Vec::with_capacity(SUFFIXES.len() - 1);
    let mut paths = Vec::with_capacity(SUFFIXES.len());
    for (i, result) in results {
        records.push(result?);
        paths.push(path_of(SUFFIXES[i]));
    }
    let path = path_of("json");
    write_hashed(&path, |w| sidecar(w, tag, g, provenance, &records))?;
    paths.push(path);
    Ok(paths)
}

/// The data files (indices into [`SUFFIXES`]) by decreasing cost: [`write_all`] hands
/// them to rayon in this order so that work stealing puts the two big XML files
/// (GEXF 74 MB, GraphML 56 MB on the 8×8 graph) on different threads. The bytes do not
/// depend on the schedule.
const BY_COST: [usize; 9] = [6, 5, 1, 4, 0, 7, 8, 3, 2];

/// Writes the file of `suffix` (any but the sidecar).
fn write_one(
    path: &Path,
    suffix: &str,
    g: &PairingGraph,
    cat: &Catalogue,
    provenance: &Provenance,
) -> Result<FileRecord, IoError> {
    match suffix {
        "edges.csv" => write_hashed(path, |w| edges_csv(w, g)),
        "vertices.csv" => write_hashed(path, |w| vertices_csv(w, g, cat)),
        "degrees.csv" => write_hashed(path, |w| degrees_csv(w, g)),
        "components.csv" => write_hashed(path, |w| components_csv(w, g)),
        "edgelist" => write_hashed(path, |w| edgelist(w, g)),
        "graphml" => write_hashed(path, |w| graphml(w, g, cat, provenance)),
        "gexf" => write_hashed(path, |w| gexf(w, g, cat, provenance)),
        "s6" => write_hashed(path, |w| sparse6(w, g)),
        "dot" => write_hashed(path, |w| dot(w, g, provenance, &file_name(path))),
        other => Err(invalid(path, format!("no writer for suffix {other:?}"))),
    }
}

// ---------------------------------------------------------------------------------
// Plumbing: atomic, buffered, hashed output.

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
    let mut digest = None;
    write_atomic(path, |w| {
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
            io::Error::other("write_atomic returned without running the writer"),
        ));
    };
    Ok(FileRecord {
        name: file_name(path),
        bytes,
        sha256: hex(&hash),
    })
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

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * bytes.len());
    for &b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

fn invalid(path: &Path, message: String) -> IoError {
    IoError::new(path, io::Error::new(io::ErrorKind::InvalidInput, message))
}

fn check_catalogue(path: &Path, g: &PairingGraph, cat: &Catalogue) -> Result<(), IoError> {
    if cat.len() == g.vertex_count() {
        Ok(())
    } else {
        Err(invalid(
            path,
            format!(
                "the catalogue has {} classes but the graph {} vertices",
                cat.len(),
                g.vertex_count()
            ),
        ))
    }
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
    line.extend(cat.codes_of(id).iter().map(|&c| b'0' + c));
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

/// Degree histogram: entry `d` = number of vertices of degree `d`, for `d` in
/// `0..=max degree`; empty for a graph without vertices.
fn degree_histogram(g: &PairingGraph) -> Vec<usize> {
    let mut hist = Vec::new();
    for u in 0..g.vertex_count() {
        let d = g.neighbors0(u).len();
        if hist.len() <= d {
            hist.resize(d + 1, 0);
        }
        hist[d] += 1;
    }
    hist
}

/// Per-component tallies, indexed by component − 1.
#[derive(Clone, Copy)]
struct ComponentRow {
    size: usize,
    degree_sum: usize,
    min_degree: usize,
    max_degree: usize,
    smallest_id: usize,
}

fn component_rows(g: &PairingGraph) -> Vec<ComponentRow> {
    let mut rows: Vec<Option<ComponentRow>> = vec![None; g.component_count()];
    for id in 1..=g.vertex_count() {
        let d = g.degree(id);
        let r = rows[g.component(id) - 1].get_or_insert(ComponentRow {
            size: 0,
            degree_sum: 0,
            min_degree: d,
            max_degree: d,
            smallest_id: id,
        });
        r.size += 1;
        r.degree_sum += d;
        r.min_degree = r.min_degree.min(d);
        r.max_degree = r.max_degree.max(d);
    }
    rows.into_iter()
        .map(|r| r.expect("every component has a member"))
        .collect()
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

fn vertices_csv(w: &mut impl Write, g: &PairingGraph, cat: &Catalogue) -> io::Result<()> {
    let mut out = csv_writer(w);
    out.write_record(["id", "canonical", "degree", "component", "stabiliser_order"])
        .map_err(csv_err)?;
    let mut line = Vec::with_capacity(cat.ncells());
    let mut bufs = [[0u8; 20]; 4];
    for id in 1..=g.vertex_count() {
        canonical_into(cat, id, &mut line);
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

fn degrees_csv(w: &mut impl Write, g: &PairingGraph) -> io::Result<()> {
    let mut out = csv_writer(w);
    out.write_record(["degree", "vertices"]).map_err(csv_err)?;
    for (d, &count) in degree_histogram(g).iter().enumerate() {
        out.write_record([d.to_string(), count.to_string()])
            .map_err(csv_err)?;
    }
    out.flush()
}

fn components_csv(w: &mut impl Write, g: &PairingGraph) -> io::Result<()> {
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
    for (c, r) in component_rows(g).iter().enumerate() {
        out.write_record([
            (c + 1).to_string(),
            r.size.to_string(),
            (r.degree_sum / 2).to_string(),
            r.min_degree.to_string(),
            r.max_degree.to_string(),
            r.smallest_id.to_string(),
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
        ("summary", p.summary()),
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

fn gexf(w: &mut impl Write, g: &PairingGraph, cat: &Catalogue, p: &Provenance) -> io::Result<()> {
    w.write_all(
        b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
          <gexf xmlns=\"http://www.gexf.net/1.2draft\" \
          xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" \
          xsi:schemaLocation=\"http://www.gexf.net/1.2draft \
          http://www.gexf.net/1.2draft/gexf.xsd\" version=\"1.2\">\n  <meta>\n    <creator>",
    )?;
    put_xml(w, &p.generator())?;
    w.write_all(b"</creator>\n    <description>")?;
    put_xml(w, &format!("{}; command: {}", p.summary(), p.command))?;
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

fn dot(w: &mut impl Write, g: &PairingGraph, p: &Provenance, name: &str) -> io::Result<()> {
    let c = g.component_count();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); c.saturating_sub(1)];
    for id in 1..=g.vertex_count() {
        let k = g.component(id);
        if k >= 2 {
            members[k - 2].push(id);
        }
    }
    let small_vertices: usize = members.iter().map(Vec::len).sum();
    let small_edges: usize = members
        .iter()
        .flatten()
        .map(|&id| g.degree(id))
        .sum::<usize>()
        / 2;
    writeln!(w, "// Small components of the {}", p.summary())?;
    if c >= 2 {
        writeln!(
            w,
            "// This file: components 2..{c} (all but the giant component 1), {}, {}; \
             nodes are catalogue IDs.",
            count(small_vertices, "vertex", "vertices"),
            count(small_edges, "edge", "edges")
        )?;
    } else {
        writeln!(
            w,
            "// This file: empty, the graph has no component besides the giant one."
        )?;
    }
    writeln!(
        w,
        "// Written by {}; command: {}",
        p.generator(),
        single_line(&p.command)
    )?;
    writeln!(
        w,
        "// Draw with a layout that honours clusters: fdp -Tsvg {} > small.svg",
        single_line(name)
    )?;
    w.write_all(b"graph small_components {\n  node [shape=circle, fontsize=10];\n")?;
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
        for &u in list {
            for v in g.neighbors(u).filter(|&v| v > u) {
                w.write_all(b"    ")?;
                put_uint(w, u as u64)?;
                w.write_all(b" -- ")?;
                put_uint(w, v as u64)?;
                w.write_all(b";\n")?;
            }
        }
        w.write_all(b"  }\n")?;
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
    format: &'static str,
    tag: &'a str,
    #[serde(flatten)]
    provenance: &'a Provenance,
    component_sizes: &'a [usize],
    isolated_vertices: usize,
    min_degree: usize,
    max_degree: usize,
    mean_degree: f64,
    degree_distribution: Ordered<usize, usize>,
    vertex_names: Ordered<String, &'static str>,
    files: &'a [FileRecord],
}

fn sidecar(
    w: &mut impl Write,
    tag: &str,
    g: &PairingGraph,
    p: &Provenance,
    files: &[FileRecord],
) -> io::Result<()> {
    let hist = degree_histogram(g);
    let v = g.vertex_count();
    let naming = |suffix: &str, vertex| (format!("graph-{tag}.{suffix}"), vertex);
    let s = Sidecar {
        format: SIDECAR_FORMAT,
        tag,
        provenance: p,
        component_sizes: g.component_sizes(),
        isolated_vertices: hist.first().copied().unwrap_or(0),
        min_degree: hist.iter().position(|&n| n > 0).unwrap_or(0),
        max_degree: hist.len().saturating_sub(1),
        mean_degree: if v == 0 {
            0.0
        } else {
            2.0 * g.edge_count() as f64 / v as f64
        },
        degree_distribution: Ordered(hist.iter().copied().enumerate().collect()),
        vertex_names: Ordered(vec![
            naming("edges.csv", "ID"),
            naming("vertices.csv", "ID"),
            naming("components.csv", "ID"),
            naming("edgelist", "ID - 1"),
            naming("graphml", "ID"),
            naming("gexf", "ID"),
            naming("s6", "ID - 1"),
            naming("dot", "ID"),
        ]),
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
    fn command_line_drops_the_directory_and_quotes() {
        let args = ["/x/y/amoba", "graph", "--out", "my dir", "it's"].map(String::from);
        assert_eq!(command_line(args), r"amoba graph --out 'my dir' 'it'\''s'");
    }

    #[test]
    fn by_cost_is_a_permutation_of_the_data_files() {
        let mut v = BY_COST.to_vec();
        v.sort_unstable();
        assert_eq!(v, (0..SUFFIXES.len() - 1).collect::<Vec<_>>());
        assert_eq!(SUFFIXES[BY_COST[0]], "gexf");
        assert_eq!(SUFFIXES[SUFFIXES.len() - 1], "json");
    }

    #[test]
    fn xml_escaping() {
        let mut out = Vec::new();
        put_xml(&mut out, "a<b>&\"c'\n").unwrap();
        assert_eq!(out, b"a&lt;b&gt;&amp;&quot;c&apos; ");
    }
}
