//! The independent checkers: each reads what an engine claims and decides it with
//! code of its own, sharing none with the engine (`tests/layout.rs` holds them to it).
//!
//! * [`pairing`] — candidate pairings (`amoba verify`): its own reader, geometry and
//!   checks; from [`crate::core`] it takes the board's data only;
//! * [`placement`] — periodic t-placements of cookies (`amoba verify --placements`),
//!   with its own lattice arithmetic;
//! * [`certify`] — the one path by which every engine's find (a pairing, a placement)
//!   passes through these checkers before it is reported;
//! * this module, [`game`] and [`strategy`] — strategy certificates of Maker–Breaker
//!   games, below; they use nothing of amoba at all.
//!
//! # The checker of strategy certificates
//!
//! The independent checker of strategy certificates (FORMATS.md, *Game files* and
//! *Strategy certificates*): `amoba verify --strategy GAME FILE`.
//!
//! # What it computes
//!
//! Given the bytes of a game file and a strategy certificate, [`check_strategy`]
//! decides whether the certificate proves that its winner wins the game: it replays
//! the strategy from the game's starting position, the side to move being the game's
//! `first`, and checks at every node it reaches the rule that node states. The answer
//! is a [`Verdict`]: a proof (with the winner, the nodes reached, the longest line of
//! play, the nodes never reached and the strategy's forced opening), or *not a proof*
//! with the first node found wrong and why. Input that does not follow the grammar of
//! FORMATS.md, in either file, is an [`Error`] naming the file, line and column.
//!
//! # Independence
//!
//! The checker shares no code with the solver it checks: it imports nothing from
//! `crate::game`, `crate::pairing::search` or any other engine of amoba, only the standard
//! library, `sha2` (the game file's digest) and `thiserror` (the error type). It has
//! its own reader of game files ([`game`]) and of certificates ([`strategy`]), each
//! written from the text of FORMATS.md, and its own representation of positions.
//! Where it costs little, it works differently from how a solver would: a winning set
//! is kept as a sorted list of cell numbers beside its bit set, and at every node the
//! free and Breaker cells of every set are recounted from that list instead of being
//! updated incrementally.
//!
//! # Representation
//!
//! Cells are numbered `0..n` (`n ≤ 128`) in the order the game file declares them. A
//! set of cells is a `u128` with bit `c` for cell `c`; a position is the pair
//! (Maker's cells, Breaker's cells), two disjoint `u128`. A winning set is a
//! [`game::WinningSet`]: its cells as a sorted `Vec<u8>` and the same cells as a
//! `u128`. The side to move is not stored: every move adds one cell, so it follows
//! from the number of cells owned beyond those of the starting position.
//!
//! # Invariants
//!
//! * A parsed [`game::Game`] has at most 128 cells with distinct labels, at most
//!   65,536 distinct non-empty winning sets over those cells, and a starting position
//!   whose two sides own disjoint cells.
//! * During the replay every position reached is the starting position plus one cell
//!   per move of the path, so a path is at most 128 moves long and the explicit stack
//!   of the replay holds at most 129 frames, whatever the certificate.
//! * Nothing is allocated in proportion to a number read from a file before that
//!   number is checked: node ids are only keys of a map, and every table grows with
//!   the lines actually read (at most 16 MiB of game file, 4 GiB of certificate).

pub mod certify;
pub mod game;
pub mod pairing;
pub mod placement;
pub mod strategy;

pub use game::Game;
pub use strategy::{check_strategy, check_with_game};

/// A token of the input as an error message quotes it: between single quotes, its
/// first 40 characters with control characters escaped, and `…` when it is longer, so
/// that a malformed token of any length gives a message of a line.
pub(crate) fn quoted(token: &str) -> String {
    let mut out = String::new();
    for c in token.chars().take(40) {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    if token.chars().nth(40).is_some() {
        out.push('…');
    }
    format!("'{out}'")
}

/// The exit code of a verifier run: 2 when some input is unreadable or malformed, else
/// 1 when fewer than `checked` candidates are good, else 0.
pub fn exit_code(malformed: usize, good: usize, checked: usize) -> u8 {
    if malformed > 0 {
        2
    } else if good < checked {
        1
    } else {
        0
    }
}

use std::fmt;

/// A player of a Maker–Breaker game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Wants to own every cell of some winning set.
    Maker,
    /// Wants to own a cell of every winning set.
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

    /// `maker` or `breaker`, as written in game files, certificates and JSON.
    pub fn word(self) -> &'static str {
        match self {
            Side::Maker => "maker",
            Side::Breaker => "breaker",
        }
    }

    /// The side named by `word` (`maker` or `breaker`, exactly), if any.
    pub fn from_word(word: &str) -> Option<Side> {
        match word {
            "maker" => Some(Side::Maker),
            "breaker" => Some(Side::Breaker),
            _ => None,
        }
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

/// Which of the two inputs an [`Error`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// The game file.
    Game,
    /// The strategy certificate.
    Certificate,
}

/// Malformed or unreadable input: a rejection of FORMATS.md in the game file or in
/// the certificate (exit 2). Displayed as `LINE:COLUMN: message`, so that a caller
/// prefixes the file's name: `seven.game:3:7: …`. Lines and columns count from 1;
/// a column counts characters (a tab is one column).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct Error {
    /// The file the error is in.
    pub input: Input,
    /// 1-based line number.
    pub line: u64,
    /// 1-based character column.
    pub column: u64,
    /// What was found and what was expected.
    pub message: String,
}

/// The outcome of checking a well-formed certificate against a well-formed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The certificate proves that `winner` wins the game (exit 0).
    Proof {
        /// The side the certificate says wins, now proved.
        winner: Side,
        /// Distinct nodes reached from the root (each checked once).
        nodes: usize,
        /// The most moves from the starting position to a node reached, or to the
        /// last move of a `move L win` (moves the checker plays itself for a
        /// left-out reply are not counted).
        depth: usize,
        /// Nodes defined in the certificate but never reached from the root: their
        /// references were resolved, nothing else about them was checked.
        unreachable: usize,
        /// The strategy's opening: the cells taken from the starting position, in
        /// turn, while the play is forced — the winner's moves, and each reply of the
        /// loser's that is the only one the certificate answers (every other reply
        /// loses at once or takes a dead cell) — up to the loser's first choice or
        /// the end of the game.
        opening: Vec<u8>,
    },
    /// The certificate is well formed but proves nothing (exit 1): `node` is the first
    /// node found wrong (the root for a game hash that does not match).
    NotAProof {
        /// The id of the node.
        node: u32,
        /// Why, in words, naming cells by their labels.
        reason: String,
    },
}

/// Lowercase hexadecimal SHA-256 of `bytes` (what `sha256sum` prints).
///
/// Complexity: linear in `bytes.len()`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(bytes);
    let mut s = String::with_capacity(64);
    for b in digest.iter() {
        s.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
        s.push(char::from(b"0123456789abcdef"[usize::from(b & 15)]));
    }
    s
}

/// The blank-separated tokens of one line of text, with their 1-based character
/// columns, after a final `\r` and any `#` comment are cut off. Blanks are spaces
/// and tabs; runs of them count as one.
pub(crate) fn tokens(line: &str) -> Vec<(u64, &str)> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let body = match line.find('#') {
        Some(i) => &line[..i],
        None => line,
    };
    let mut out = Vec::new();
    let mut start: Option<(u64, usize)> = None;
    let mut column = 0u64;
    for (i, ch) in body.char_indices() {
        column += 1;
        let blank = ch == ' ' || ch == '\t';
        match (blank, start) {
            (false, None) => start = Some((column, i)),
            (true, Some((c, s))) => {
                out.push((c, &body[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((c, s)) = start {
        out.push((c, &body[s..]));
    }
    out
}

/// The 1-based character column of byte offset `byte` of `text`, counting the
/// characters before it (`byte` need not be on a character boundary: a partial
/// character counts as one).
pub(crate) fn column_of(text: &[u8], byte: usize) -> u64 {
    let before = &text[..byte.min(text.len())];
    // Count the bytes that start a character (not UTF-8 continuation bytes).
    before.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_have_character_columns() {
        assert_eq!(
            tokens("  set\ta  b # c d\r"),
            vec![(3, "set"), (7, "a"), (10, "b")]
        );
        assert_eq!(tokens("é x"), vec![(1, "é"), (3, "x")]);
        assert!(tokens("# only a comment").is_empty());
        assert!(tokens("\r").is_empty());
    }

    #[test]
    fn sha256_of_abc() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn columns_count_characters() {
        assert_eq!(column_of("aé b".as_bytes(), 4), 4);
        assert_eq!(column_of("aé b".as_bytes(), 3), 3);
        assert_eq!(column_of(b"abc", 0), 1);
    }
}
