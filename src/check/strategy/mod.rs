//! The checker's reader of strategy certificates and its replay of them (FORMATS.md,
//! *Strategy certificates*), sharing no code with the solver (see [`crate::check`]).
//!
//! # What it computes
//!
//! [`check_strategy`] reads a game file ([`Game::parse`]) and streams a certificate
//! line by line, then replays it: starting at the node named by `root` with the
//! game's starting position and the game's `first` to move, it follows every move the
//! certificate makes and every answer it gives, and at each node it reaches it checks
//! the one rule that node states. The result is a [`Verdict`], or an [`Error`] for
//! input that breaks the grammar.
//!
//! # The order of the checks
//!
//! 1. The game file is read; any rejection is an error about it.
//! 2. The certificate is read to its end. A line that breaks the grammar (header,
//!    statements, ids, arity of a body), a repeated statement or node, a line over
//!    1 MiB or a file over 4 GiB stops the reading with an error. A label that is not
//!    a cell of the game is remembered (the first one) and the reading goes on.
//! 3. A missing `game`, `winner` or `root` is an error.
//! 4. The certificate's `game` digest is compared with the SHA-256 of the game file's
//!    bytes: a certificate of another game is *not a proof* (reported at the root),
//!    even when its labels are not cells of this game.
//! 5. The first label that is not a cell, then the first reference (in file order)
//!    to a node never defined, is an error.
//! 6. The replay: depth first from the root, the entries of a node in the order they
//!    are written; the first node found wrong is the verdict.
//!
//! # The replay
//!
//! Each node gets, on its first arrival, the position of the path that reached it;
//! every later arrival must bring the same position, and an arrival at a node whose
//! moves are still being followed is a cycle. The stack is explicit: one frame per
//! node on the current line of play, at most 129 since each move takes a free cell.
//! At a node, first every minimal winning set ([`Game::minimal`]) is recounted from
//! its cell list: whether Breaker owns one of its cells (then it is dead), and how
//! many of its cells are free. From that count:
//!
//! * a *terminal* position — Maker owns a whole set (Maker has won), or no cell is
//!   free (Breaker has won) — ends the line of play whatever the node says: it is a
//!   proof when the certificate's winner has won, and not a proof otherwise;
//! * `move L N` / `move L win`: the certificate's winner is to move, `L` is free, and
//!   for `win` Maker then owns a whole set;
//! * `reply`: the loser is to move; each answered cell is free and answered once;
//!   each free cell left out is *dead* (in no live set) with at least one cell
//!   answered, or, in Maker's certificate, leaves Maker a live set with one free
//!   cell after Breaker takes it — the case when some live set with exactly one free
//!   cell has that cell elsewhere than at the cell left out;
//! * `closed`, `pairing`, `potential` (Breaker's certificate): no live set; disjoint
//!   pairs of free cells with a pair inside every live set; `Σ 2^(−f)` below 1
//!   (Breaker to move) or 1/2 (Maker to move), decided exactly by adding the counts
//!   of live sets per `f` as a binary number from the largest `f` down.
//!
//! # Storage
//!
//! A node is 20 bytes (its id, its kind and the start and length of its entries);
//! the cells of all entries are one `Vec<u8>` and the target nodes one `Vec<u32>`;
//! a map takes ids to nodes, and one more map holds the ids referred to before their
//! definition. The replay adds 33 bytes per node (position and state). Everything
//! grows with the lines read, never with a number read.
//!
//! Complexity: reading is linear in the certificate; the replay does, per node
//! reached, work linear in the total size of the minimal winning sets plus the
//! node's entries.
//!
//! # Files
//!
//! `read.rs` reads a certificate into the node table of this file (`Certificate`),
//! `replay.rs` replays it, `tests.rs` tests both; this file holds the entry points,
//! the limits and the node table they share.

mod read;
mod replay;

#[cfg(test)]
mod tests;

use super::game::Game;
use super::{Error, Input, Side, Verdict, column_of, tokens};
use read::read;
use replay::Replay;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::io::{BufRead, Read};

/// Hashing of node ids for the maps of the reader: the splitmix64 finaliser of the id
/// mixed with a seed drawn once per map from the standard library's random state
/// (fast on 32-bit keys, and not predictable from the certificate).
#[derive(Clone, Copy)]
struct IdHashing(u64);

impl IdHashing {
    fn new() -> IdHashing {
        IdHashing(std::collections::hash_map::RandomState::new().hash_one(0x5eed_u64))
    }
}

impl BuildHasher for IdHashing {
    type Hasher = IdHasher;
    fn build_hasher(&self) -> IdHasher {
        IdHasher(self.0)
    }
}

/// The hasher of [`IdHashing`].
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        let mut z = (self.0 ^ n).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = z ^ (z >> 31);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map keyed by node ids.
type IdMap<V> = HashMap<u32, V, IdHashing>;

/// The first line of every certificate.
pub const HEADER: &str = "amoba-strategy 1";

/// How much a certificate may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest file, in bytes.
    pub bytes: u64,
    /// The most nodes.
    pub nodes: u64,
    /// The longest line, in bytes, its `\n` excluded.
    pub line: usize,
}

impl Limits {
    /// The limits of FORMATS.md: 4 GiB, 2³² − 1 nodes, lines of 1 MiB.
    pub const DEFAULT: Limits = Limits {
        bytes: 1 << 32,
        nodes: (1 << 32) - 1,
        line: 1 << 20,
    };
}

/// Checks the certificate read from `cert` against the game file `game_bytes`.
///
/// Arguments: the raw bytes of the game file (at most 16 MiB: the caller reads no
/// more than one byte beyond that), and the certificate as any buffered reader (a
/// file, standard input, or `text.as_bytes()`), read line by line to its end.
///
/// Returns the [`Verdict`]: [`Verdict::Proof`] (exit 0) or [`Verdict::NotAProof`]
/// (exit 1).
///
/// # Errors
/// An [`Error`] (exit 2) for a game file or certificate that FORMATS.md rejects, and
/// for a certificate that cannot be read; [`Error::input`] says which file.
///
/// Complexity: see the module docs; memory grows with the certificate's size.
pub fn check_strategy(game_bytes: &[u8], cert: impl BufRead) -> Result<Verdict, Error> {
    let game = Game::parse(game_bytes)?;
    check_with_game(&game, cert)
}

/// [`check_strategy`] for a game already read (its digest is [`Game::sha256`]).
///
/// # Errors
/// An [`Error`] with `input == Input::Certificate`.
pub fn check_with_game(game: &Game, cert: impl BufRead) -> Result<Verdict, Error> {
    check_with_limits(game, cert, Limits::DEFAULT)
}

/// [`check_with_game`] with other limits on the certificate's size (tests use small
/// ones to reach the limits quickly).
///
/// # Errors
/// An [`Error`] with `input == Input::Certificate`.
pub fn check_with_limits(
    game: &Game,
    cert: impl BufRead,
    limits: Limits,
) -> Result<Verdict, Error> {
    let cert = match read(game, cert, limits)? {
        Ok(cert) => cert,
        Err(verdict) => return Ok(verdict),
    };
    Ok(Replay::new(game, &cert).run())
}

fn err(line: u64, column: u64, message: impl Into<String>) -> Error {
    Error {
        input: Input::Certificate,
        line,
        column,
        message: message.into(),
    }
}

/// What a node says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Move,
    Win,
    Reply,
    Closed,
    Pairing,
    Potential,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Move | Kind::Win => "move",
            Kind::Reply => "reply",
            Kind::Closed => "closed",
            Kind::Pairing => "pairing",
            Kind::Potential => "potential",
        }
    }
}

/// One node: its entries are `cells[cells_at..cells_at + len]` and, for `move` and
/// `reply`, the targets `targets[targets_at..]` (one per cell).
#[derive(Clone, Copy, Debug)]
struct Node {
    id: u32,
    kind: Kind,
    cells_at: u32,
    targets_at: u32,
    len: u32,
}

/// A certificate read, its references resolved: targets are node indices.
struct Certificate {
    winner: Side,
    root: u32,
    nodes: Vec<Node>,
    cells: Vec<u8>,
    targets: Vec<u32>,
}

/// A label that is not a cell of the game, in the table of cells.
const NO_CELL: u8 = u8::MAX;
