//! What `amoba verify` adds to a pairing the independent checker
//! ([`crate::check::pairing`], checks 1–5 of docs/spec.md §2, §3, §8) found good: its
//! class (docs/spec.md §4), its catalogue ID and its facts in the pairing graph.
//!
//! # What it computes
//!
//! **If good: which class?** The canonical form (docs/spec.md §4) and the stabiliser are
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
//! The class is computed with the checker's own arithmetic beside the machinery's:
//! the only calls into the machinery are [`crate::pairing::symmetry::canonical`] and
//! [`Catalogue::id_of`], and both results are cross-checked as described above.
//!
//! # Invariants
//!
//! The reading and its limits are the checker's ([`crate::check::pairing`]); the output
//! is deterministic as the checker's is.
//!
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

use crate::check::pairing::*;
use crate::core::board::Board;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::symmetry;
use serde::Serialize;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

impl From<crate::pairing::graph::index::IndexError> for VerifyError {
    fn from(e: crate::pairing::graph::index::IndexError) -> VerifyError {
        VerifyError::Load(Box::new(e))
    }
}

mod classes;
mod classify;
mod document;
mod refine;
mod report;

pub use classes::*;
pub use classify::*;
pub use document::*;
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
