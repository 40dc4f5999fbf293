//! The graph index: the catalogue and its pairing graph in one binary file, so that the
//! questions of `amoba query`, `amoba path` and `amoba select` (and the Python
//! package) are answered in a fraction of a second instead of the second it takes to
//! validate a catalogue and build its graph.
//!
//! # Where it lives, and when it is trusted
//!
//! In the per-user cache directory ([`crate::pairing::catalogue::source::cache_dir`]), as
//! `index-<tag>-<h>.bin` with `h` the first 16 hex digits of the SHA-256 of the
//! catalogue file. It is used only when it names the same board tag and the same
//! catalogue SHA-256 (all 64 digits), and when its own checksum (SHA-256 of everything
//! before it) is right; otherwise the catalogue is read and validated as every command
//! reads it, the graph built, and the index (re)written. A cache that cannot be written
//! is not an error: the answers are then computed in memory.
//!
//! # Layout (little-endian)
//!
//! ```text
//! magic        8 bytes  "AMOBAIDX"
//! version      u32      1
//! tag          u32 length, then UTF-8 bytes (the board's file tag)
//! catalogue    32 bytes SHA-256 of the catalogue file
//! ncells       u32
//! classes      u32      n
//! codes        n · ncells bytes, class after class (the catalogue, ascending)
//! stabiliser   n · u16  stabiliser orders
//! offsets      (n + 1) · u64   compressed sparse rows of the graph (0-based)
//! targets      offsets[n] · u32
//! checksum     32 bytes SHA-256 of all the bytes above
//! ```
//!
//! The reader checks every length and bound before it builds anything, so a truncated
//! or damaged file is rebuilt, never trusted and never a panic.

use crate::core::board::Board;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::catalogue::enumerate::file_tag;
use crate::pairing::catalogue::source::{self, Location};
use crate::pairing::graph::{GraphError, PairingGraph};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"AMOBAIDX";
const VERSION: u32 = 1;

/// Why the catalogue and graph could not be had.
#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    /// The catalogue could not be read or enumerated.
    #[error(transparent)]
    Catalogue(#[from] crate::pairing::catalogue::CatalogueError),
    /// The graph could not be built.
    #[error(transparent)]
    Graph(#[from] GraphError),
}

/// A catalogue with its pairing graph, and where they came from.
pub struct Indexed {
    /// The catalogue.
    pub catalogue: Catalogue,
    /// Its pairing graph.
    pub graph: PairingGraph,
    /// The catalogue file, if there is one.
    pub catalogue_file: Option<PathBuf>,
    /// SHA-256 of the catalogue file (hex).
    pub catalogue_sha256: String,
    /// The index file read or written, if any.
    pub index_file: Option<PathBuf>,
}

/// Loads the catalogue of `board` from `location` (as [`source::load`] does) and its
/// pairing graph, through the index (module docs). `note` receives one-line messages
/// for the user.
///
/// *Cost*: with a valid index, reading two files and hashing them (about 0.1 s for
/// square9); otherwise a catalogue load and a graph build (about a second), once.
///
/// # Errors
///
/// As [`source::load`] and [`PairingGraph::build`]. The board must have one domino
/// per line (the graph is defined there only).
pub fn load(
    board: &Board,
    location: &Location,
    note: &dyn Fn(&str),
) -> Result<Indexed, IndexError> {
    let tag = file_tag(board);
    if let Some(file) = location.path().filter(|p| p.is_file())
        && let Ok(bytes) = std::fs::read(file)
    {
        let sha = Sha256::digest(&bytes);
        if let Some(path) = index_path(&tag, &sha)
            && let Some((catalogue, graph)) = read(&path, &tag, &sha, board)
        {
            return Ok(Indexed {
                catalogue,
                graph,
                catalogue_file: Some(file.to_path_buf()),
                catalogue_sha256: crate::core::provenance::hex(&sha),
                index_file: Some(path),
            });
        }
    }
    let loaded = source::load(board, location, note)?;
    note(&format!(
        "building the pairing graph of {} and indexing it (once per catalogue)",
        crate::core::text::counted(loaded.catalogue.len() as u64, "class", "classes")
    ));
    let graph = crate::pairing::graph::of_catalogue(board, &loaded.catalogue)?;
    let mut text = Vec::with_capacity(loaded.catalogue.len() * (board.ncells() + 1));
    loaded
        .catalogue
        .write_to(&mut text)
        .expect("writing to memory");
    let sha = Sha256::digest(&text);
    let mut index_file = None;
    if loaded.file.is_some()
        && let Some(path) = index_path(&tag, &sha)
    {
        match write(&path, &tag, &sha, &loaded.catalogue, &graph) {
            Ok(()) => index_file = Some(path),
            Err(e) => note(&format!(
                "cannot write the index {} ({}); answering from memory",
                path.display(),
                crate::core::io::error_chain(&e)
            )),
        }
    }
    Ok(Indexed {
        catalogue: loaded.catalogue,
        graph,
        catalogue_file: loaded.file,
        catalogue_sha256: crate::core::provenance::hex(&sha),
        index_file,
    })
}

/// `<cache>/index-<tag>-<first 16 hex digits>.bin`, if there is a cache directory.
fn index_path(tag: &str, sha: &[u8]) -> Option<PathBuf> {
    let short = crate::core::provenance::hex(&sha[..8]);
    source::cache_dir().map(|d| d.join(format!("index-{tag}-{short}.bin")))
}

/// Writes the index atomically.
fn write(
    path: &Path,
    tag: &str,
    sha: &[u8],
    cat: &Catalogue,
    graph: &PairingGraph,
) -> Result<(), crate::core::io::IoError> {
    let mut b = Vec::new();
    b.extend_from_slice(MAGIC);
    b.extend_from_slice(&VERSION.to_le_bytes());
    b.extend_from_slice(&(tag.len() as u32).to_le_bytes());
    b.extend_from_slice(tag.as_bytes());
    b.extend_from_slice(sha);
    b.extend_from_slice(&(cat.ncells() as u32).to_le_bytes());
    b.extend_from_slice(&(cat.len() as u32).to_le_bytes());
    b.extend_from_slice(cat.flat_codes());
    for id in 1..=cat.len() {
        b.extend_from_slice(&(cat.stabiliser(id) as u16).to_le_bytes());
    }
    let (offsets, targets) = graph.csr();
    for &o in offsets {
        b.extend_from_slice(&(o as u64).to_le_bytes());
    }
    for &t in targets {
        b.extend_from_slice(&t.to_le_bytes());
    }
    let check = Sha256::digest(&b);
    b.extend_from_slice(&check);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| crate::core::io::IoError::new(dir, e))?;
    }
    crate::core::io::write_atomic(path, |w| w.write_all(&b))
}

/// A little-endian reader that fails, rather than panics, past the end.
struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.0.len() {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
}

/// Reads and checks an index; `None` when it is missing, foreign or damaged.
fn read(path: &Path, tag: &str, sha: &[u8], board: &Board) -> Option<(Catalogue, PairingGraph)> {
    let bytes = std::fs::read(path).ok()?;
    let body_len = bytes.len().checked_sub(32)?;
    let (body, check) = bytes.split_at(body_len);
    if Sha256::digest(body).as_slice() != check {
        return None;
    }
    let mut c = Cursor(body);
    if c.take(8)? != MAGIC || c.u32()? != VERSION {
        return None;
    }
    let tag_len = c.u32()? as usize;
    if c.take(tag_len)? != tag.as_bytes() || c.take(32)? != sha {
        return None;
    }
    let ncells = c.u32()? as usize;
    let n = c.u32()? as usize;
    if ncells != board.ncells() {
        return None;
    }
    let codes = c.take(n.checked_mul(ncells)?)?.to_vec();
    let stabiliser: Vec<u16> = c
        .take(n.checked_mul(2)?)?
        .chunks_exact(2)
        .map(|x| u16::from_le_bytes([x[0], x[1]]))
        .collect();
    let offsets: Vec<usize> = c
        .take((n + 1).checked_mul(8)?)?
        .chunks_exact(8)
        .map(|x| u64::from_le_bytes(x.try_into().expect("8 bytes")) as usize)
        .collect();
    let nt = *offsets.last()?;
    let targets: Vec<u32> = c
        .take(nt.checked_mul(4)?)?
        .chunks_exact(4)
        .map(|x| u32::from_le_bytes(x.try_into().expect("4 bytes")))
        .collect();
    if !c.0.is_empty() {
        return None;
    }
    let catalogue = Catalogue::from_parts(ncells, codes, stabiliser)?;
    let graph = PairingGraph::try_from_csr(offsets, targets)?;
    Some((catalogue, graph))
}
