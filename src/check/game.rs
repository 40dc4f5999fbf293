//! The checker's own reader of game files (FORMATS.md, *Game files*), written from
//! that text and sharing no code with the solver's reader (see [`crate::check`]).
//!
//! # What it computes
//!
//! [`Game::parse`] turns the bytes of a game file into a [`Game`]: the labels of the
//! cells in declaration order, the distinct winning sets in file order, who moves
//! first, the starting position, and the SHA-256 of the bytes (which a certificate
//! names). Every rejection of FORMATS.md is an [`Error`] with the line and column of
//! the offending text.
//!
//! # Grammar, as read here
//!
//! A line is `\n`-terminated (the last line may lack its `\n`; a `\r` just before the
//! `\n` is ignored, anywhere else it is a character like any other); `#` starts a
//! comment; blanks are spaces and tabs. A statement is `game NAME`, `first SIDE`,
//! `cells L…`, `set L…`, `maker L…` or `breaker L…`. The checks, in the order a line
//! meets them: its length (at most 1 MiB, `\n` excluded), UTF-8, then its tokens.
//! The size of the file (at most 16 MiB) is checked before any line.
//!
//! # Invariants of a [`Game`]
//!
//! * at most [`MAX_CELLS`] cells, labels distinct, each of 1 to 32 characters of
//!   `[A-Za-z0-9_.,:+-]`;
//! * at most [`MAX_SETS`] winning sets, distinct, non-empty, each with its cells
//!   sorted and without repetition, `cells` and `bits` describing the same set;
//! * `maker & breaker == 0`, both inside the declared cells;
//! * `minimal` lists, in file order, the sets that contain no other winning set.
//!
//! # Minimal sets
//!
//! A winning set that contains another changes nothing in the game: Maker owns it
//! only when he already owns the smaller one. The replay works with the minimal sets
//! only (FORMATS.md, *Strategy certificates*): every rule of a certificate holds for
//! them whenever it holds for all the sets, and each is sound for the game.
//! [`Game::parse`] finds them by comparing each set with the smaller sets whose least
//! cell it contains (worst case quadratic in the number of sets, in practice far
//! less).

use super::{Error, Input, Side, column_of, quoted, sha256_hex, tokens};
use std::collections::{BTreeMap, BTreeSet};

/// The most cells a game may have.
pub const MAX_CELLS: usize = 128;
/// The most winning sets (distinct) a game may have.
pub const MAX_SETS: usize = 65_536;
/// The longest line of a game file, in bytes, its `\n` excluded.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The largest game file, in bytes.
pub const MAX_FILE_BYTES: usize = 16 << 20;
/// The longest label, in characters.
pub const MAX_LABEL: usize = 32;
/// The longest name, in characters.
pub const MAX_NAME: usize = 64;

/// One winning set, stored twice: as the sorted list of its cells and as a bit set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningSet {
    /// Its cells, increasing.
    pub cells: Vec<u8>,
    /// The same cells, bit `c` for cell `c`.
    pub bits: u128,
}

/// A game file as the checker reads it.
#[derive(Clone, Debug)]
pub struct Game {
    name: Option<String>,
    labels: Vec<String>,
    by_label: BTreeMap<String, u8>,
    sets: Vec<WinningSet>,
    minimal: Vec<usize>,
    first: Side,
    maker: u128,
    breaker: u128,
    sha256: String,
}

fn err(line: u64, column: u64, message: impl Into<String>) -> Error {
    Error {
        input: Input::Game,
        line,
        column,
        message: message.into(),
    }
}

/// Checks `label` (at `column`) against the label grammar.
fn check_label(line: u64, column: u64, label: &str) -> Result<(), Error> {
    check_word(line, column, label, MAX_LABEL, "label", b"_.,:+-")
}

/// Checks a label or name: 1 to `max` characters of letters, digits and `extra`.
fn check_word(
    line: u64,
    column: u64,
    word: &str,
    max: usize,
    what: &str,
    extra: &[u8],
) -> Result<(), Error> {
    let extra_text = String::from_utf8_lossy(extra);
    for (i, ch) in word.chars().enumerate() {
        let ok = ch.is_ascii_alphanumeric() || (ch.is_ascii() && extra.contains(&(ch as u8)));
        if !ok {
            return Err(err(
                line,
                column + i as u64,
                format!(
                    "found the character {ch:?} in the {what} {}, expected letters, \
                     digits or {extra_text}",
                    quoted(word)
                ),
            ));
        }
    }
    let n = word.chars().count();
    if n > max {
        return Err(err(
            line,
            column,
            format!(
                "the {what} {} has {n} characters, expected at most {max}",
                quoted(word)
            ),
        ));
    }
    Ok(())
}

impl Game {
    /// Reads a game file from its raw bytes (FORMATS.md, *Game files*).
    ///
    /// Returns the game, or the first rejection met, in file order (a missing `first`
    /// is reported at 1:1 once the whole file is read).
    ///
    /// # Errors
    /// An [`Error`] with `input == Input::Game`, for every rejection of FORMATS.md.
    ///
    /// Complexity: linear in the size of the file, plus the search for minimal sets
    /// (see the module docs).
    pub fn parse(bytes: &[u8]) -> Result<Game, Error> {
        if bytes.len() > MAX_FILE_BYTES {
            return Err(err(
                1,
                1,
                format!(
                    "the file has more than {MAX_FILE_BYTES} bytes (16 MiB), the most a game \
                     file may have"
                ),
            ));
        }
        let mut r = Reading {
            name: None,
            first: None,
            labels: Vec::new(),
            by_label: BTreeMap::new(),
            sets: Vec::new(),
            seen_sets: BTreeSet::new(),
            maker: 0,
            breaker: 0,
        };
        let mut line_no = 0u64;
        let mut rest = bytes;
        while !rest.is_empty() {
            line_no += 1;
            let (raw, next) = match rest.iter().position(|&b| b == b'\n') {
                Some(i) => (&rest[..i], &rest[i + 1..]),
                None => (rest, &rest[rest.len()..]),
            };
            rest = next;
            if raw.len() > MAX_LINE_BYTES {
                return Err(err(
                    line_no,
                    1,
                    format!(
                        "the line has {} bytes, expected at most {MAX_LINE_BYTES} (1 MiB)",
                        raw.len()
                    ),
                ));
            }
            let text = std::str::from_utf8(raw).map_err(|e| {
                err(
                    line_no,
                    column_of(raw, e.valid_up_to()),
                    "found bytes that are not UTF-8, expected UTF-8 text",
                )
            })?;
            r.statement(line_no, text)?;
        }
        let Some(first) = r.first else {
            return Err(err(
                1,
                1,
                "no `first` statement, expected exactly one (`first maker` or `first breaker`)",
            ));
        };
        let minimal = minimal_sets(&r.sets);
        Ok(Game {
            name: r.name,
            labels: r.labels,
            by_label: r.by_label,
            sets: r.sets,
            minimal,
            first,
            maker: r.maker,
            breaker: r.breaker,
            sha256: sha256_hex(bytes),
        })
    }

    /// The name of the `game` statement, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The number of cells.
    pub fn ncells(&self) -> usize {
        self.labels.len()
    }

    /// The label of cell `c` (`c < ncells()`), or `?` for a cell out of range.
    pub fn label(&self, c: u8) -> &str {
        self.labels.get(usize::from(c)).map_or("?", String::as_str)
    }

    /// The cell labelled `label`, if any. Complexity: O(log n).
    pub fn cell(&self, label: &str) -> Option<u8> {
        self.by_label.get(label).copied()
    }

    /// The distinct winning sets, in file order.
    pub fn sets(&self) -> &[WinningSet] {
        &self.sets
    }

    /// The indices (into [`Game::sets`]) of the sets that contain no other winning
    /// set, in file order.
    pub fn minimal(&self) -> &[usize] {
        &self.minimal
    }

    /// Who moves first from the starting position.
    pub fn first(&self) -> Side {
        self.first
    }

    /// Maker's cells at the start.
    pub fn maker(&self) -> u128 {
        self.maker
    }

    /// Breaker's cells at the start.
    pub fn breaker(&self) -> u128 {
        self.breaker
    }

    /// Every declared cell.
    pub fn all(&self) -> u128 {
        if self.labels.len() >= 128 {
            !0
        } else {
            (1u128 << self.labels.len()) - 1
        }
    }

    /// SHA-256 of the file's bytes, 64 lowercase hexadecimal digits.
    pub fn sha256(&self) -> &str {
        &self.sha256
    }

    /// `{a b c}`: the labels of the cells of `bits`, in cell order.
    pub fn describe(&self, bits: u128) -> String {
        let labels: Vec<&str> = (0..self.labels.len())
            .filter(|&c| bits >> c & 1 == 1)
            .map(|c| self.labels[c].as_str())
            .collect();
        format!("{{{}}}", labels.join(" "))
    }
}

/// The state of a reading in progress.
struct Reading {
    name: Option<String>,
    first: Option<Side>,
    labels: Vec<String>,
    by_label: BTreeMap<String, u8>,
    sets: Vec<WinningSet>,
    seen_sets: BTreeSet<Vec<u8>>,
    maker: u128,
    breaker: u128,
}

impl Reading {
    /// Reads one line (its statement, if any).
    fn statement(&mut self, line: u64, text: &str) -> Result<(), Error> {
        let toks = tokens(text);
        let Some(&(col0, keyword)) = toks.first() else {
            return Ok(());
        };
        let args = &toks[1..];
        // Where an argument that is missing would start.
        let after = col0 + keyword.chars().count() as u64;
        match keyword {
            "game" => {
                if self.name.is_some() {
                    return Err(err(line, col0, "a second `game` statement, expected one"));
                }
                let &[(c, name)] = args else {
                    return Err(match args.get(1) {
                        None => err(line, after, "found nothing, expected the game's name"),
                        Some(&(c, extra)) => err(
                            line,
                            c,
                            format!("found {} after the name, expected one name", quoted(extra)),
                        ),
                    });
                };
                check_word(line, c, name, MAX_NAME, "name", b"_.,:()+-")?;
                self.name = Some(name.to_string());
            }
            "first" => {
                if self.first.is_some() {
                    return Err(err(line, col0, "a second `first` statement, expected one"));
                }
                let &[(c, side)] = args else {
                    return Err(match args.get(1) {
                        None => err(line, after, "found nothing, expected maker or breaker"),
                        Some(&(c, extra)) => err(
                            line,
                            c,
                            format!("found {} after the side, expected one side", quoted(extra)),
                        ),
                    });
                };
                let Some(side) = Side::from_word(side) else {
                    return Err(err(
                        line,
                        c,
                        format!("found {}, expected maker or breaker", quoted(side)),
                    ));
                };
                self.first = Some(side);
            }
            "cells" => {
                if args.is_empty() {
                    return Err(err(line, after, "found nothing, expected a label"));
                }
                for &(c, label) in args {
                    check_label(line, c, label)?;
                    if self.by_label.contains_key(label) {
                        return Err(err(
                            line,
                            c,
                            format!("the label {} is declared a second time", quoted(label)),
                        ));
                    }
                    if self.labels.len() >= MAX_CELLS {
                        return Err(err(
                            line,
                            c,
                            format!("a cell beyond the {MAX_CELLS} a game may have"),
                        ));
                    }
                    let cell = self.labels.len() as u8;
                    self.by_label.insert(label.to_string(), cell);
                    self.labels.push(label.to_string());
                }
            }
            "set" => {
                if args.is_empty() {
                    return Err(err(
                        line,
                        after,
                        "found nothing, expected the cells of the winning set (a set may \
                         not be empty)",
                    ));
                }
                let mut bits = 0u128;
                for &(c, label) in args {
                    let cell = self.declared(line, c, label)?;
                    if bits >> cell & 1 == 1 {
                        return Err(err(
                            line,
                            c,
                            format!(
                                "the cell {} is named twice in one winning set",
                                quoted(label)
                            ),
                        ));
                    }
                    bits |= 1u128 << cell;
                }
                let cells: Vec<u8> = (0..128u8).filter(|&c| bits >> c & 1 == 1).collect();
                if !self.seen_sets.contains(&cells) {
                    if self.sets.len() >= MAX_SETS {
                        return Err(err(
                            line,
                            col0,
                            format!("a winning set beyond the {MAX_SETS} a game may have"),
                        ));
                    }
                    self.seen_sets.insert(cells.clone());
                    self.sets.push(WinningSet { cells, bits });
                }
            }
            "maker" | "breaker" => {
                if args.is_empty() {
                    return Err(err(line, after, "found nothing, expected a label"));
                }
                for &(c, label) in args {
                    let cell = self.declared(line, c, label)?;
                    let bit = 1u128 << cell;
                    if (self.maker | self.breaker) & bit != 0 {
                        let owner = if self.maker & bit != 0 {
                            "Maker"
                        } else {
                            "Breaker"
                        };
                        return Err(err(
                            line,
                            c,
                            format!(
                                "the cell {} is already owned by {owner} in the starting \
                                 position, expected each cell owned at most once",
                                quoted(label)
                            ),
                        ));
                    }
                    if keyword == "maker" {
                        self.maker |= bit;
                    } else {
                        self.breaker |= bit;
                    }
                }
            }
            other => {
                return Err(err(
                    line,
                    col0,
                    format!(
                        "found {}, expected a statement: game, first, cells, set, maker \
                         or breaker",
                        quoted(other)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The cell of a label used by `set`, `maker` or `breaker`.
    fn declared(&self, line: u64, column: u64, label: &str) -> Result<u8, Error> {
        check_label(line, column, label)?;
        self.by_label.get(label).copied().ok_or_else(|| {
            err(
                line,
                column,
                format!(
                    "the label {} is not declared, expected a `cells` line declaring it \
                     before it is used",
                    quoted(label)
                ),
            )
        })
    }
}

/// The indices of the sets that contain no other set of `sets` (all distinct), in
/// order: each set is compared with the smaller sets whose least cell it contains.
fn minimal_sets(sets: &[WinningSet]) -> Vec<usize> {
    let mut by_least: Vec<Vec<usize>> = vec![Vec::new(); MAX_CELLS];
    for (i, s) in sets.iter().enumerate() {
        if let Some(&c) = s.cells.first() {
            by_least[usize::from(c)].push(i);
        }
    }
    (0..sets.len())
        .filter(|&i| {
            let s = &sets[i];
            !s.cells.iter().any(|&c| {
                by_least[usize::from(c)].iter().any(|&j| {
                    let t = &sets[j];
                    j != i && t.cells.len() < s.cells.len() && t.bits & !s.bits == 0
                })
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEVEN: &str = "# Maker wins, but only by opening at 1\ngame seven\nfirst maker\n\
                         cells 1 2 3 4 5 6 7\nset 5 6\nset 1 2 4\nset 1 2 5\nset 1 3 6\nset 1 3 7\n";

    fn rejects(text: &str) -> (u64, u64, String) {
        let e = Game::parse(text.as_bytes()).unwrap_err();
        assert_eq!(e.input, Input::Game);
        (e.line, e.column, e.message)
    }

    #[test]
    fn seven_reads() {
        let g = Game::parse(SEVEN.as_bytes()).unwrap();
        assert_eq!(g.name(), Some("seven"));
        assert_eq!(g.ncells(), 7);
        assert_eq!(g.sets().len(), 5);
        assert_eq!(g.sets()[1].cells, vec![0, 1, 3]);
        assert_eq!(g.first(), Side::Maker);
        assert_eq!(g.minimal(), &[0, 1, 2, 3, 4]);
        assert_eq!(g.cell("7"), Some(6));
        assert_eq!(g.describe(0b101), "{1 3}");
    }

    #[test]
    fn lenient_forms() {
        let g = Game::parse(
            b"first breaker\r\ncells a b c # d\n\n  set\tb a\nset a b\nset a b c\nmaker c\nbreaker",
        );
        // `breaker` with no label is rejected even on a last line without a newline.
        assert!(g.is_err());
        let g = Game::parse(b"first breaker\r\ncells a b c\nset b a\nset a b\nset a b c").unwrap();
        assert_eq!(g.sets().len(), 2);
        assert_eq!(g.minimal(), &[0]);
    }

    #[test]
    fn rejections_name_line_and_column() {
        assert_eq!(rejects("first maker\nfoo x").0, 2);
        assert!(rejects("cells a").2.contains("first"));
        assert_eq!(rejects("first maker\nfirst maker").0, 2);
        assert_eq!(rejects("first nobody").1, 7);
        assert_eq!(rejects("game a\ngame b\nfirst maker").0, 2);
        assert_eq!(rejects("first maker\ncells a b!c").1, 10);
        assert_eq!(
            rejects(&format!("first maker\ncells {}", "x".repeat(33))).1,
            7
        );
        assert_eq!(rejects("first maker\ncells a a").1, 9);
        assert_eq!(rejects("first maker\nset a\ncells a").0, 2);
        assert_eq!(rejects("first maker\ncells a\nset  ").1, 4);
        assert_eq!(rejects("first maker\ncells a b\nset a b a").1, 9);
        assert_eq!(rejects("first maker\ncells a b\nmaker a\nbreaker a").1, 9);
        assert_eq!(rejects("first maker\ncells a b\nmaker a a").1, 9);
        let e = Game::parse(b"first maker\ncells a\xff").unwrap_err();
        assert_eq!((e.line, e.column), (2, 8));
        assert_eq!(rejects("first maker\r\r\n").1, 7);
        assert_eq!(rejects("first maker # x\ngame a b").1, 8);
        let many: String = (0..129).map(|i| format!("cells c{i}\n")).collect();
        assert_eq!(rejects(&format!("first maker\n{many}")).0, 130);
        let long = format!("first maker\n#{}\n", "x".repeat(MAX_LINE_BYTES));
        assert_eq!(rejects(&long).0, 2);
        let big = vec![b'\n'; MAX_FILE_BYTES + 1];
        assert!(
            rejects(std::str::from_utf8(&big).unwrap())
                .2
                .contains("16 MiB")
        );
    }

    #[test]
    fn maker_owning_a_set_is_well_formed() {
        let g = Game::parse(b"first breaker\ncells a b\nset a b\nmaker a b\n").unwrap();
        assert_eq!(g.maker(), 0b11);
    }
}
