//! The catalogue: every canonical form, sorted (docs/spec.md §4).
//!
//! In memory the catalogue is one flat byte vector, `N` codes per class, in ascending
//! order, so class `id` (1-based, as in docs/spec.md §4) occupies bytes
//! `(id−1)·N .. id·N`, and [`Catalogue::id_of`] is a binary search over those
//! slices. Stabiliser orders ride along (they are not part of the file format and are
//! recomputed on load).
//!
//! On disk it is exactly the docs/spec.md §4 file: one one-line form per line, `\n` endings,
//! no header (see FORMATS.md). [`Catalogue::read`] accepts nothing else: each line
//! must be a good pairing in canonical form, strictly above the line before; the first
//! violation is reported with file, line and column.

pub mod blocks;
pub mod census;
pub mod enumerate;
pub mod parts;
pub mod source;

use crate::core::board::Board;
use crate::core::board::pairing::{Pairing, PairingError};
use crate::core::io::{IoError, write_atomic};
use crate::pairing::search::Found;
use crate::pairing::symmetry::canonical_into;
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};

/// All canonical pairings of a board, sorted, with their stabiliser orders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    ncells: usize,
    codes: Vec<u8>,
    stabiliser: Vec<u16>,
}

/// Why a catalogue file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    /// The file could not be opened or read.
    #[error(transparent)]
    Io(#[from] IoError),
    /// A line is not what docs/spec.md §4 requires.
    #[error("{path}:{line}:{column}: {message}")]
    Format {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was expected.
        message: String,
    },
}

impl Catalogue {
    /// Builds the catalogue from search output, which must already be sorted.
    pub fn from_found(ncells: usize, found: &[Found]) -> Catalogue {
        let mut codes = Vec::with_capacity(found.len() * ncells);
        let mut stabiliser = Vec::with_capacity(found.len());
        for f in found {
            debug_assert_eq!(f.codes.len(), ncells);
            codes.extend_from_slice(&f.codes);
            stabiliser.push(f.stabiliser as u16);
        }
        let cat = Catalogue {
            ncells,
            codes,
            stabiliser,
        };
        debug_assert!(cat.is_strictly_sorted());
        cat
    }

    /// A catalogue from its flat codes (`ncells` per class) and stabiliser orders, as
    /// an index file stores them; `None` unless the lengths agree and the classes are
    /// strictly ascending. (The codes are not re-validated as pairings: the index that
    /// stores them is checksummed and tied to a validated catalogue file.)
    pub fn from_parts(ncells: usize, codes: Vec<u8>, stabiliser: Vec<u16>) -> Option<Catalogue> {
        if ncells == 0 || codes.len() != ncells * stabiliser.len() {
            return None;
        }
        let cat = Catalogue {
            ncells,
            codes,
            stabiliser,
        };
        cat.is_strictly_sorted().then_some(cat)
    }

    fn is_strictly_sorted(&self) -> bool {
        (1..self.len()).all(|i| self.codes_of(i) < self.codes_of(i + 1))
    }

    /// Number of classes.
    pub fn len(&self) -> usize {
        self.stabiliser.len()
    }

    /// True when there are no classes.
    pub fn is_empty(&self) -> bool {
        self.stabiliser.is_empty()
    }

    /// Cells per pairing.
    pub fn ncells(&self) -> usize {
        self.ncells
    }

    /// Codes of class `id` (1-based).
    #[inline]
    pub fn codes_of(&self, id: usize) -> &[u8] {
        &self.codes[(id - 1) * self.ncells..id * self.ncells]
    }

    /// Class `id` (1-based) as a pairing.
    pub fn pairing(&self, id: usize) -> Pairing {
        Pairing::from_codes(self.codes_of(id).to_vec())
    }

    /// Stabiliser order of class `id` (1-based).
    pub fn stabiliser(&self, id: usize) -> usize {
        self.stabiliser[id - 1] as usize
    }

    /// All canonical codes, class after class.
    pub fn flat_codes(&self) -> &[u8] {
        &self.codes
    }

    /// The 1-based ID of a canonical form, if it is in the catalogue.
    ///
    /// *Complexity*: `O(N log n)` for `n` classes of `N` cells.
    #[inline]
    pub fn id_of(&self, canonical: &[u8]) -> Option<usize> {
        let (mut lo, mut hi) = (0usize, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.codes_of(mid + 1).cmp(canonical) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid + 1),
            }
        }
        None
    }

    /// Writes the docs/spec.md §4 file atomically.
    pub fn write(&self, path: &Path) -> Result<(), IoError> {
        write_atomic(path, |w| self.write_to(w))
    }

    /// Writes the docs/spec.md §4 text to `w`.
    pub fn write_to(&self, w: &mut dyn Write) -> std::io::Result<()> {
        let mut line = vec![b'\n'; self.ncells + 1];
        for id in 1..=self.len() {
            for (o, &c) in line.iter_mut().zip(self.codes_of(id)) {
                *o = crate::core::board::pairing::code_byte(c);
            }
            w.write_all(&line)?;
        }
        Ok(())
    }

    /// Reads and validates a catalogue file of `board`.
    pub fn read(board: &Board, path: &Path) -> Result<Catalogue, CatalogueError> {
        let bytes = std::fs::read(path).map_err(|e| IoError::new(path, e))?;
        let text = match std::str::from_utf8(&bytes) {
            Ok(t) => t,
            Err(e) => {
                let before = &bytes[..e.valid_up_to()];
                let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
                let column = before.len()
                    - before
                        .iter()
                        .rposition(|&b| b == b'\n')
                        .map_or(0, |p| p + 1)
                    + 1;
                return Err(CatalogueError::Format {
                    path: path.to_path_buf(),
                    line,
                    column,
                    message: "expected UTF-8 text".into(),
                });
            }
        };
        Catalogue::parse(board, text, path, 0)
    }

    /// Parses and validates catalogue text (docs/spec.md §4); errors name `path` and the line
    /// number plus `line_offset` (the lines before `text` in its file).
    pub fn parse(
        board: &Board,
        text: &str,
        path: &Path,
        line_offset: usize,
    ) -> Result<Catalogue, CatalogueError> {
        let n = board.ncells();
        let mut cat = Catalogue {
            ncells: n,
            codes: Vec::with_capacity(text.len()),
            stabiliser: Vec::new(),
        };
        let err = |line: usize, column: usize, message: String| CatalogueError::Format {
            path: path.to_path_buf(),
            line: line + line_offset,
            column,
            message,
        };
        // Each line is checked on its own (good, canonical) on all threads; then, in
        // order, the first error wins and the order of the lines is checked, so the
        // error reported is that of a check line by line.
        // In chunks of lines, so that a bad line near the start of a huge file is
        // reported before the rest is split and checked (and the memory of the checks
        // stays that of one chunk).
        const CHUNK: usize = 1 << 16;
        let mut rest = text.split_inclusive('\n');
        let mut first = 0;
        loop {
            let lines: Vec<&str> = rest.by_ref().take(CHUNK).collect();
            if lines.is_empty() {
                break;
            }
            let checked: Vec<Result<(Pairing, usize), CatalogueError>> = lines
                .par_iter()
                .enumerate()
                .map_init(
                    || vec![0u8; n],
                    |canon, (i, raw)| {
                        let lineno = first + i + 1;
                        let Some(line) = raw.strip_suffix('\n') else {
                            return Err(err(
                                lineno,
                                raw.chars().count() + 1,
                                "expected a line ending \\n".into(),
                            ));
                        };
                        let p = Pairing::parse_line(board, line)
                            .map_err(|e| err(lineno, e.column, e.message))?;
                        if let Err(e) = p.check(board) {
                            let column = match e {
                                PairingError::Inconsistent { cell, .. }
                                | PairingError::Code { cell, .. } => cell + 1,
                                _ => 1,
                            };
                            return Err(err(lineno, column, format!("not a good pairing: {e}")));
                        }
                        let stab = canonical_into(board, p.codes(), canon);
                        if canon.as_slice() != p.codes() {
                            let column = canon
                                .iter()
                                .zip(p.codes())
                                .position(|(a, b)| a != b)
                                .unwrap_or(0)
                                + 1;
                            return Err(err(
                                lineno,
                                column,
                                format!(
                                    "not in canonical form (expected {})",
                                    Pairing::from_codes(canon.clone()).to_line()
                                ),
                            ));
                        }
                        Ok((p, stab))
                    },
                )
                .collect();
            for (i, r) in checked.into_iter().enumerate() {
                let (p, stab) = r?;
                if !cat.is_empty() && cat.codes_of(cat.len()) >= p.codes() {
                    return Err(err(
                        first + i + 1,
                        1,
                        "expected lines in strictly ascending order (sorted, no duplicates)".into(),
                    ));
                }
                cat.codes.extend_from_slice(p.codes());
                cat.stabiliser.push(stab as u16);
            }
            first += lines.len();
        }
        if cat.is_empty() && line_offset == 0 {
            return Err(err(
                1,
                1,
                "expected at least one pairing, found an empty file".into(),
            ));
        }
        Ok(cat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line and message of the error `text` gets, read as a catalogue of square5.
    fn error_of(text: &str) -> (usize, String) {
        let board = Board::by_name("square5").unwrap();
        match Catalogue::parse(&board, text, Path::new("c.txt"), 0) {
            Err(CatalogueError::Format { line, message, .. }) => (line, message),
            other => panic!("expected a format error, got {other:?}"),
        }
    }

    #[test]
    fn the_first_bad_line_is_reported_whatever_comes_after() {
        let board = Board::by_name("square5").unwrap();
        let (found, _) = crate::pairing::search::enumerate_all(&board, Default::default());
        let [a, b] = [0, 1].map(|i| Pairing::from_codes(found[i].codes.clone()).to_line());
        assert!(a < b);
        let ok = Catalogue::parse(&board, &format!("{a}\n{b}\n"), Path::new("c.txt"), 0);
        assert_eq!(ok.unwrap().len(), 2);
        // A copy of `a` with two codes swapped is not a good pairing.
        let mut bad: Vec<char> = a.chars().collect();
        let j = (1..bad.len()).find(|&j| bad[j] != bad[0]).unwrap();
        bad.swap(0, j);
        let bad: String = bad.into_iter().collect();

        let (line, msg) = error_of(&format!("{b}\n{a}\n{bad}\n"));
        assert_eq!(line, 2);
        assert!(msg.contains("strictly ascending"), "{msg}");
        let (line, msg) = error_of(&format!("{a}\n{bad}\n{a}\n"));
        assert_eq!(line, 2);
        assert!(msg.contains("not a good pairing"), "{msg}");
        let (line, msg) = error_of(&format!("{a}\n{b}"));
        assert_eq!(line, 2);
        assert!(msg.contains("line ending"), "{msg}");
    }
}
