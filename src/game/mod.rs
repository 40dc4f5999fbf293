//! Finite Maker–Breaker games (docs/spec.md §11): the third engine of amoba.
//!
//! A [`Game`] is a hypergraph — cells and winning sets — with the player who moves
//! first and an optional starting position. Maker wins by owning every cell of some
//! winning set; Breaker wins by owning a cell of every winning set before the cells run
//! out. The game is finite and has no draws, so exactly one player has a winning
//! strategy; [`solve`] finds which, and [`certificate`] writes the winner's strategy in
//! a form that `amoba verify --strategy` replays with code that shares nothing with the
//! solver (`crate::check`).
//!
//! # Bit layout
//!
//! Cells are numbered `0..n` in the order the game file declares them, `n ≤ 128`
//! ([`MAX_CELLS`]), so a set of cells is one `u128` ([`Cells`]) with bit `i` for cell
//! `i`. A winning set, Maker's cells and Breaker's cells are each one such word; the
//! free cells are `all & !(maker | breaker)`, and a set is *live* while it meets no
//! cell of Breaker's.
//!
//! # Invariants
//!
//! * every winning set is non-empty and lies inside `all`;
//! * Maker's and Breaker's cells are disjoint and inside `all`;
//! * labels are distinct; `coords`, when present, has one entry per cell.
//!
//! The files of the engine:
//!
//! * [`file`](mod@file) — the game-file format of FORMATS.md (*Game files*): reader and writer;
//! * [`generate`] — games made from geometry: the strip boards of 7-in-a-row,
//!   k-in-a-row on a rectangle, the lines of a periodic board on its torus;
//! * [`info`] — what a game is, and the blocking power of a sub-board of the plane
//!   with the counting bound it gives;
//! * [`solve`] — the proof-number search, with its [`table`] and the game's
//!   automorphisms ([`symmetry`]) and Breaker's [`stops`] (potential, pairing); the
//!   wins by [`threats`] alone; [`slices`] — the bit-sliced free-cell counters both
//!   look at positions through;
//! * [`certificate`] — the winner's strategy as a DAG of positions;
//! * [`shard`] — one search split a few moves below the root over jobs, and merged;
//!   [`part`] — the part files the jobs write; [`job`] — one shard's job, saving
//!   its part file as it goes.

pub mod certificate;
pub mod decide;
pub mod file;
pub mod generate;
pub mod info;
pub mod job;
pub mod join;
pub mod part;
pub mod shard;
pub mod slices;
pub mod solve;
pub mod stops;
pub mod symmetry;
pub mod table;
pub mod threats;

use std::fmt;

/// The most cells a game may have: one bit each in a `u128`.
pub const MAX_CELLS: usize = 128;

/// The most winning sets a game may have.
pub const MAX_SETS: usize = 65_536;

/// A set of cells: bit `i` for cell `i`.
pub type Cells = u128;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player who wants to own a whole winning set.
    Maker,
    /// The player who wants a cell in every winning set.
    Breaker,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Maker => Side::Breaker,
            Side::Breaker => Side::Maker,
        }
    }

    /// `maker` or `breaker`, as in files and JSON.
    pub fn word(self) -> &'static str {
        match self {
            Side::Maker => "maker",
            Side::Breaker => "breaker",
        }
    }
}

/// In JSON, [`Side::word`].
impl serde::Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.word())
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Maker => "Maker",
            Side::Breaker => "Breaker",
        })
    }
}

/// A finite Maker–Breaker game with its starting position (docs/spec.md §11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The game's name (the `game` statement), or empty.
    pub name: String,
    /// One label per cell, in cell order.
    pub labels: Vec<String>,
    /// Plane coordinates `(column, row)` of each cell, when every label is one.
    pub coords: Option<Vec<(i64, i64)>>,
    /// The winning sets, in file order, each listed once.
    pub sets: Vec<Cells>,
    /// Who moves first (from the starting position).
    pub first: Side,
    /// Maker's cells at the start.
    pub maker: Cells,
    /// Breaker's cells at the start.
    pub breaker: Cells,
}

impl Game {
    /// The number of cells.
    pub fn ncells(&self) -> usize {
        self.labels.len()
    }

    /// Every cell of the game.
    pub fn all(&self) -> Cells {
        mask(self.ncells())
    }

    /// The label of cell `c`.
    pub fn label(&self, c: usize) -> &str {
        &self.labels[c]
    }

    /// The labels of the cells `s`, in cell order.
    pub fn labels_of(&self, s: Cells) -> impl Iterator<Item = &str> {
        cells(s).map(|c| self.label(c))
    }

    /// The first winning set Maker owns whole at the starting position, by labels
    /// joined with blanks: the game is then over, Maker has won it.
    pub fn won_set(&self) -> Option<String> {
        let won = self.sets.iter().find(|&&s| s & !self.maker == 0)?;
        Some(self.labels_of(*won).collect::<Vec<_>>().join(" "))
    }
}

/// The set of the first `n` cells (`n ≤ 128`).
pub fn mask(n: usize) -> Cells {
    if n >= 128 { !0 } else { (1u128 << n) - 1 }
}

/// The cells of `s`, in increasing order.
pub fn cells(mut s: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if s == 0 {
            None
        } else {
            let c = s.trailing_zeros() as usize;
            s &= s - 1;
            Some(c)
        }
    })
}
