//! The stand-alone verifier behind `amoba verify` (docs/spec.md §2, §3, §4, §8).
//!
//! # What it computes
//!
//! A researcher hands us text files of candidate pairings. For each candidate this
//! module answers, in this order:
//!
//! 1. **Is the text well formed?** ([`Reader`]) The grammar is the docs/spec.md §3 text form
//!    plus comments and blank lines, and on a board whose lattice is not rectangular
//!    also the *block* form (the box of the axis periods, 16×16 on square9-16,
//!    accepted only when it really is periodic with the lattice); FORMATS.md, section
//!    *Candidate pairing files*, is its precise statement (what is lenient, what is
//!    rejected). A malformed file is an error naming `FILE:LINE:COLUMN`, what was
//!    found and what was expected.
//! 2. **Is it consistent?** (docs/spec.md §3: for every cell `c` with code `k`, the cell
//!    `c + v(k)` has code `k + F mod 2F`.) Every offending cell is named with its
//!    would-be partner and what that partner points to.
//! 3. **Are all pairs dominoes?** On this text form every code is a step to a
//!    neighbour along a direction of the board (docs/spec.md §2), so every pair of a
//!    consistent grid is a domino; the report says so rather than pretending to find
//!    out.
//! 4. **Does every line hold its dominoes exactly `p` apart?** (docs/spec.md §2, §8.) A line
//!    of family `f` has `ord(v_f)` cells and must hold `q_f = ord(v_f)/p` dominoes at
//!    positions congruent modulo `p` — exactly one on the tori of docs/spec.md §2 and §7; on
//!    square9-16 two on each row and column, one on each diagonal. Lines holding none,
//!    too many, or too few or unevenly spaced ones are named, with their dominoes.
//! 5. **The line rule, checked a second way.** The pairing is extended periodically
//!    to a window of the plane (64×64 on the boards of the plane, 24×24×24 of space on
//!    the cube, larger when the lattice needs it: [`Geometry::window_side`]), and
//!    every run of `k = p + 1` consecutive cells along every board direction inside
//!    the window must contain both cells of some pair. The first run that does not is
//!    reported. A run of `p + 1` cells of a line holds a domino exactly when one of
//!    the line's dominoes starts in its first `p` cells, so for a consistent pairing
//!    the window check fails exactly when some line has a gap of more than `p` cells
//!    between consecutive dominoes, which check 4 computes from the line positions:
//!    the two must agree ([`Analysis::checks_agree`]); a disagreement is a bug in one
//!    of them and is reported as such.
//! 6. **If good: which class?** The canonical form (docs/spec.md §4) and the stabiliser are
//!    computed twice: by [`crate::pairing::symmetry::canonical`] (the definition the catalogue
//!    was built with) and by a brute-force minimum over all `|G|` images computed
//!    with this module's own arithmetic. They must agree, the canonical form must
//!    itself pass checks 2–5, and its catalogue ID is confirmed against the text of
//!    that catalogue line ([`check_catalogue_line`]). On a board that refines a
//!    coarser one ([`Refinement`]; square9-16 refines square9) the pairing is also
//!    tested for periodicity with the coarser lattice: an 8-toroidal pairing gets the
//!    class of its 8×8 block on square9, a 16-toroidal one its ID in the 16-toroidal
//!    catalogue.
//!
//! # Independence
//!
//! Like a proof checker beside a solver, the verifier shares as little as possible
//! with the search and canonical-form machinery. It has its own parser (not
//! [`crate::core::board::pairing::Pairing::parse_line`]), its own lattice arithmetic on
//! coordinates (reduction modulo the Hermite normal form of the period lattice), its
//! own line numbering (orbits of `+v_f`) and its own application of symmetries. From
//! [`Board`] it takes only data ([`BoardData`]): the lattice basis, the direction
//! vectors, the spacing, the point-group matrices, and the names of the codes. The
//! only calls into the machinery are [`crate::pairing::symmetry::canonical`] and
//! [`Catalogue::id_of`], and both results are cross-checked as described above.
//!
//! # Invariants
//!
//! * No input makes it panic, loop forever or buffer more than
//!   [`MAX_LINE_BYTES`] + 1 bytes of one line: input is read line by line from a
//!   [`BufRead`] and a longer line is rejected.
//! * Output is deterministic: every list is in a fixed order (cells and lines in
//!   index order, symmetries by point-group element, then translation).
//! * Cost: about 0.2 ms per good pairing on square9, most of it the two 64×64
//!   window checks (the candidate's and its canonical form's); the whole catalogue
//!   of 194,543 pairings verifies in well under a minute. The catalogue (about a
//!   second to read and validate) and the pairing graph (seconds to build) are loaded
//!   by the caller only when a good pairing needs them. On cube7 the tables take
//!   about 50 ms to build (2.2 M cell images) and a good pairing about 2 ms (0.3 ms
//!   per 24³ window check, 1.5 ms for the brute-force minimum over 10,368 images);
//!   on square9-16 the brute force runs over 1,024 images of 128 cells.
//! * Boards of one, two and three dimensions are supported, on any period lattice of
//!   at most 65,535 cells, with at most [`MAX_CODES`] direction codes (`0`–`9`, then
//!   `a`–`z`). A board without a catalogue (cube7, [`no_catalogue_reason`]) gets the
//!   canonical form and the stabiliser, brute force over all symmetries included,
//!   but no ID.

use crate::core::board::Board;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::symmetry;
use serde::Serialize;
use std::io::{self, BufRead, Read, Seek, SeekFrom};
use std::path::Path;

/// Most direction codes a board may have: one character each, `0`–`9` then `a`–`z`.
pub const MAX_CODES: usize = 36;

/// Longest line the reader accepts, in bytes, not counting the line ending.
pub const MAX_LINE_BYTES: usize = 4096;

/// Least side of the square window of the plane used by the periodic check (1- and
/// 2-D boards; [`Geometry::window_side`]).
pub const WINDOW: usize = 64;

/// Least side of the cubic window of space used by the periodic check on 3-D boards:
/// four periods of the 6×6×6 torus, 13,824 cells.
pub const WINDOW_3D: usize = 24;

/// Why verification could not proceed. Verdicts about pairings (not good,
/// inconsistent, …) are not errors: they are in [`Analysis`].
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// The input is not a pairing file (FORMATS.md, *Candidate pairing files*).
    #[error("{file}:{line}:{column}: {message}")]
    Malformed {
        /// File name as given (`<stdin>` for standard input).
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What was found and what was expected.
        message: String,
    },
    /// The input could not be read.
    #[error("{file}: cannot read")]
    Read {
        /// File name as given.
        file: String,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// The board cannot be handled by the verifier.
    #[error("board {board}: {message}")]
    Board {
        /// Board name.
        board: String,
        /// Why.
        message: String,
    },
    /// Two computations that must agree did not: a bug in the verifier or in the
    /// machinery it checks, or a catalogue that does not match the board.
    #[error("cross-check failed: {0}")]
    CrossCheck(String),
    /// The catalogue or its pairing graph could not be loaded.
    #[error(transparent)]
    Load(#[from] crate::pairing::graph::index::IndexError),
}

mod checks;
mod classes;
mod classify;
mod document;
mod geometry;
pub mod placement;
mod reader;
mod refine;
mod report;

pub use checks::*;
pub use classes::*;
pub use classify::*;
pub use document::*;
pub use geometry::*;
pub use reader::*;
pub use refine::*;
pub use report::*;

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST: &str = "0411111504155555041522220435666627333304677773044222733046667710";

    fn read_all(geom: &Geometry, text: &[u8]) -> Result<Vec<Candidate>, VerifyError> {
        Reader::new(geom, "t", text).collect()
    }

    #[test]
    fn own_lines_match_the_board_numbering() {
        for name in Board::NAMES {
            let b = Board::by_name(name).unwrap();
            let g = Geometry::new(&b).unwrap();
            assert_eq!(g.nlines(), b.nlines(), "{name}");
            for l in 0..g.nlines() {
                // Same cells in the same order; on a rectangular torus the same names.
                let f = g.line_family(l);
                assert_eq!(f, b.lines()[l].family, "{name}");
                let mut c = b.lines()[l].cells[0];
                for (pos, &cell) in b.lines()[l].cells.iter().enumerate() {
                    assert_eq!(g.line_through(f, cell), (l, pos), "{name}");
                    assert_eq!(c, cell);
                    c = g.step(c, f);
                }
                if g.is_rectangular() {
                    assert_eq!(g.line_name(l), b.line_name(l), "{name}");
                }
            }
            for c in 0..g.ncells() {
                assert_eq!(g.cell_name(c), b.cell_name(c), "{name}");
                for k in 0..g.ncodes() {
                    assert_eq!(g.step(c, k), b.neighbor(c, k), "{name}");
                }
            }
            assert_eq!(g.spacing(), b.spacing(), "{name}");
            assert_eq!(g.axis_periods(), b.lattice().axis_periods(), "{name}");
        }
    }

    #[test]
    fn first_pairing_is_good_in_both_forms() {
        let b = Board::square9();
        let g = Geometry::new(&b).unwrap();
        let grid: String = FIRST
            .as_bytes()
            .chunks(8)
            .map(|r| format!("{}\r\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let text = format!("# c\n{FIRST}  # trailing\n\n{grid}");
        let cands = read_all(&g, text.as_bytes()).unwrap();
        assert_eq!(cands.len(), 2);
        assert_eq!(cands[0].codes, cands[1].codes);
        assert_eq!((cands[1].line, cands[1].form), (4, Form::Grid));
        let a = analyse(&g, &cands[0].codes);
        assert!(a.good && a.checks_agree, "{a:?}");
        let w = a.window.unwrap();
        assert_eq!(w.runs_failed, 0);
        // Rows and columns: 64 segments × 56 runs each; diagonals: Σ over segments.
        assert!(w.runs_checked > 2 * 64 * 56);
    }

    fn cube_codes() -> Vec<u8> {
        let text = include_str!("../../data/cube7/good.txt");
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        line.bytes().map(|b| b - b'0').collect()
    }

    #[test]
    fn cube7_geometry_and_symmetry_names() {
        let b = Board::cube7();
        let g = Geometry::new(&b).unwrap();
        assert_eq!(
            (g.dims(), g.grid_rows(), g.nlines()),
            (&[6, 6, 6][..], 36, 108)
        );
        assert_eq!(g.coords(5 + 6 * (4 + 6 * 3)), [5, 4, 3]);
        assert_eq!(g.index([-1, 6, 13]), 5 + 6 * 6); // (5, 0, 1)
        for c in (0..216).step_by(5) {
            for k in 0..6 {
                assert_eq!(g.step(c, k), b.neighbor(c, k));
            }
        }
        // (x,y,z) ↦ (y, −x, z): a quarter turn about the z axis.
        let m = b
            .point_group()
            .iter()
            .position(|m| m == &vec![0, 1, 0, -1, 0, 0, 0, 0, 1])
            .unwrap();
        let d = g.describe_symmetry(m, 1 + 6 * (2 + 6 * 3));
        assert_eq!(d.formula, "(x,y,z) ↦ (y+1, −x+2, z+3) (mod 6)");
        assert_eq!(
            d.kind,
            "quarter turn about a coordinate axis, then translation by (1,2,3)"
        );
        assert_eq!(d.matrix, vec![vec![0, 1, 0], vec![-1, 0, 0], vec![0, 0, 1]]);
        let inv = b
            .point_group()
            .iter()
            .position(|m| m == &vec![-1, 0, 0, 0, -1, 0, 0, 0, -1])
            .unwrap();
        assert_eq!(
            g.describe_symmetry(inv, 0).kind,
            "inversion through the origin"
        );
        assert_eq!(g.describe_symmetry(0, 0).kind, "identity");
    }

    #[test]
    fn cube7_pairing_is_good_and_its_window_checked() {
        let b = Board::cube7();
        let g = Geometry::new(&b).unwrap();
        let codes = cube_codes();
        let a = analyse(&g, &codes);
        assert!(a.good && a.checks_agree, "{a:?}");
        let w = a.window.unwrap();
        assert_eq!((w.width, w.height, w.depth), (24, 24, Some(24)));
        assert_eq!(w.runs_checked, 3 * 24 * 24 * 18);
        // A 2×2 flip in the xz plane: two x-dominoes stacked along z become two
        // z-dominoes. Still consistent; two x-lines are now empty.
        let mut bad = codes.clone();
        let c = (0..216)
            .find(|&c| codes[c] == 0 && codes[g.step(c, 2)] == 0)
            .expect("two x-dominoes stacked along z");
        let (r, up, rup) = (g.step(c, 0), g.step(c, 2), g.step(g.step(c, 2), 0));
        (bad[c], bad[up], bad[r], bad[rup]) = (2, 5, 2, 5);
        let a = analyse(&g, &bad);
        assert!(a.consistent && !a.good && a.checks_agree);
        assert_eq!(a.lines_without_domino.len(), 2);
        let f = a.window.unwrap().first_failure.unwrap();
        assert_eq!(f.direction, "+x");
        assert!(f.z.is_some() && f.last_x - f.x == 6);
    }

    #[test]
    fn reader_reports_positions() {
        let b = Board::square9();
        let g = Geometry::new(&b).unwrap();
        let err = |t: &[u8]| match read_all(&g, t) {
            Err(VerifyError::Malformed { line, column, .. }) => (line, column),
            other => panic!("{other:?}"),
        };
        assert_eq!(err(b""), (1, 1));
        assert_eq!(err(b"04111118\n"), (1, 8));
        assert_eq!(err(b"0411111\n"), (1, 8));
        assert_eq!(err(b"04111115\n0411\n"), (2, 5));
        assert_eq!(err(b"04111115\n\n"), (2, 1));
        assert_eq!(err(b"04111115\n"), (2, 1));
        assert_eq!(err(b"04111115"), (1, 9));
        assert_eq!(err(b"  0411 1115\n"), (1, 8));
        assert_eq!(err(b"\xff\n"), (1, 1));
        assert_eq!(err(b"# ok\n# \xe2\x88\x92\n"), (3, 1));
        assert_eq!(err(&[b'0'; 10_000]), (1, 4097));
        assert_eq!(err(&[0u8; 10_000]), (1, 1));
    }
}
