//! The independent checker of candidate pairings behind `amoba verify` (docs/spec.md §2,
//! §3, §8): checks 1–5 below; [`crate::verify`] adds the class (check 6).
//!
//! # What it computes
//!
//! A researcher hands us text files of candidate pairings. For each candidate the
//! checker answers, in this order:
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
//! 6. **If good: which class?** That is [`crate::verify`]'s, which builds on this.
//!
//! # Independence
//!
//! Like a proof checker beside a solver, the checker shares no code with the search
//! and canonical-form machinery: it imports nothing of amoba's engines, only
//! [`crate::core`]'s board data. It has its own parser (not
//! [`crate::core::board::pairing::Pairing::parse_line`]), its own lattice arithmetic on
//! coordinates (reduction modulo the Hermite normal form of the period lattice), its
//! own line numbering (orbits of `+v_f`) and its own application of symmetries. From
//! [`Board`] it takes only data ([`BoardData`]): the lattice basis, the direction
//! vectors, the spacing, the point-group matrices, and the names of the codes.
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
//!   `a`–`z`). A board without a catalogue (cube7, [`no_catalogue_reason`](crate::verify::no_catalogue_reason)) gets the
//!   canonical form and the stabiliser, brute force over all symmetries included,
//!   but no ID.

use crate::core::board::Board;
use serde::Serialize;
use std::io::{self, BufRead};

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
    /// The catalogue or its pairing graph could not be loaded (by [`crate::verify`],
    /// whose loader's error this holds).
    #[error(transparent)]
    Load(Box<dyn std::error::Error + Send + Sync>),
}

mod checks;
mod geometry;
mod reader;

pub use checks::*;
pub use geometry::*;
pub use reader::*;
