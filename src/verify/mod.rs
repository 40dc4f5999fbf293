//! The stand-alone verifier behind `amoba verify` (docs/spec.md §2, §3, §4).
//!
//! # What it computes
//!
//! A researcher hands us text files of candidate pairings. For each candidate this
//! module answers, in this order:
//!
//! 1. **Is the text well formed?** ([`Reader`]) The grammar is the docs/spec.md §3 text form
//!    plus comments and blank lines; FORMATS.md, section *Candidate pairing files*,
//!    is its precise statement (what is lenient, what is rejected). A malformed file
//!    is an error naming `FILE:LINE:COLUMN`, what was found and what was expected.
//! 2. **Is it consistent?** (docs/spec.md §3: for every cell `c` with code `k`, the cell
//!    `c + v(k)` has code `k + F mod 2F`.) Every offending cell is named with its
//!    would-be partner and what that partner points to.
//! 3. **Are all pairs dominoes?** On this text form every code is a step to a
//!    king-neighbour (docs/spec.md §2), so every pair of a consistent grid is a domino; the
//!    report says so rather than pretending to find out.
//! 4. **Does every line hold exactly one domino?** (docs/spec.md §2.) Lines holding none and
//!    lines holding two or more are named, with their dominoes.
//! 5. **The torus rule, checked a second way.** The pairing is extended periodically
//!    to a 64×64 window of the plane (a 24×24×24 window of space on a 3-D board), and every run of `k` consecutive cells (k = the
//!    torus line length + 1: 9 on the 8×8 torus) along every board direction inside
//!    the window must contain both cells of some pair. The first run that does not is
//!    reported. For a consistent pairing this holds exactly when no torus line is
//!    empty — a run of `L + 1` cells covers all `L` domino positions of its line — so
//!    the two checks must agree ([`Analysis::checks_agree`]); a disagreement is a bug
//!    in one of them and is reported as such.
//! 6. **If good: which class?** The canonical form (docs/spec.md §4) and the stabiliser are
//!    computed twice: by [`crate::symmetry::canonical`] (the definition the catalogue
//!    was built with) and by a brute-force minimum over all `|G|` images computed
//!    with this module's own arithmetic. They must agree, the canonical form must
//!    itself pass checks 2–5, and its catalogue ID is confirmed against the text of
//!    that catalogue line ([`check_catalogue_line`]).
//!
//! # Independence
//!
//! Like a proof checker beside a solver, the verifier shares as little as possible
//! with the search and canonical-form machinery. It has its own parser (not
//! [`crate::board::pairing::Pairing::parse_line`]), its own neighbour arithmetic on
//! coordinates, its own line numbering (orbits of `+v_f`) and its own application
//! of symmetries. From [`Board`] it takes only data: the torus sides, the direction
//! vectors, the point-group matrices, and the human names of codes, cells and lines.
//! The only calls into the machinery are [`crate::symmetry::canonical`] and
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
//!   per 24³ window check, 1.5 ms for the brute-force minimum over 10,368 images).
//! * Boards of one, two and three dimensions are supported (every board of docs/spec.md §7).
//!   On a 3-D board (cube7, the 6×6×6 torus) the window of check 5 is
//!   [`WINDOW_3D`]³ cells, and check 6 has no catalogue to consult (its classes are
//!   not enumerated, [`no_catalogue_reason`]): it gives the canonical form and the
//!   stabiliser, brute force over all 10,368 symmetries included.

use crate::board::Board;
use crate::catalogue::Catalogue;
use crate::symmetry;
use serde::Serialize;
use std::io::{self, BufRead, Read, Seek, SeekFrom};
use std::path::Path;

/// Longest line the reader accepts, in bytes, not counting the line ending.
pub const MAX_LINE_BYTES: usize = 4096;

/// Side of the square window of the plane used by the periodic check (1- and 2-D
/// boards).
pub const WINDOW: usize = 64;

/// Side of the cubic window of space used by the periodic check on 3-D boards: four
/// periods of the 6×6×6 torus, 13,824 cells.
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
}

mod checks;
mod classify;
mod geometry;
mod reader;
mod report;

pub use checks::*;
pub use classify::*;
pub use geometry::*;
pub use reader::*;
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
        let b = Board::square9();
        let g = Geometry::new(&b).unwrap();
        assert_eq!(g.nlines(), 32);
        for l in 0..32 {
            assert_eq!(g.line_name(l), b.line_name(l));
        }
        for c in 0..64 {
            for k in 0..8 {
                assert_eq!(g.step(c, k), b.neighbor(c, k));
            }
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
