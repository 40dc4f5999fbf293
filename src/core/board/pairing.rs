//! Pairings and their text forms (docs/spec.md §3).
//!
//! A pairing is stored as its *codes*: one byte per cell, the direction code (docs/spec.md §2)
//! from the cell to its partner, in cell-index order. That is the one-line text form
//! with `'0'` subtracted, so printing is a byte map and the lexicographic order of
//! the text equals the order of the byte slices — the canonical form (docs/spec.md §4) is a
//! plain `min` over byte strings.
//!
//! Two text forms are read and written:
//!
//! * **one-line**: the `N` codes in cell order on one line;
//! * **grid** (2-D boards): `n₁` lines of `n₀` codes, line `y` holding cells
//!   `(0, y) … (n₀−1, y)`.
//!
//! Codes are one character each: `0`–`9` for codes 0–9, then `a`–`z` for codes 10–35
//! (boards with more than five directions). The characters sort like the codes, so
//! the order of one-line forms as text is the order of code sequences.
//!
//! A code sequence is *consistent* when every cell's partner points back, and *good*
//! when, in addition, every line of family `f` holds exactly `q_f` dominoes
//! ([`Board::per_line`]), each `p` cells from the next ([`Board::jump`]): one domino
//! per line on the 8×8 torus. [`Pairing::check`] reports
//! which of these fail and where; the stand-alone verifier (`crate::verify`) checks
//! the same rules its own way.

use crate::core::board::Board;
use std::fmt;

/// A domino pairing of a board, as direction codes in cell order.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pairing {
    codes: Box<[u8]>,
}

impl fmt::Debug for Pairing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pairing({})", self.to_line())
    }
}

/// Where and why a text form could not be read. Lines and columns are 1-based and
/// relative to the text handed to the parser.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was found and what was expected.
    pub message: String,
}

/// What is wrong with a code sequence, if anything.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// Wrong number of cells.
    #[error("expected {expected} cells, found {found}")]
    Length {
        /// Cells on the board.
        expected: usize,
        /// Codes given.
        found: usize,
    },
    /// A code outside `0..2F`.
    #[error("cell {cell}: code {code} is not a direction code of this board")]
    Code {
        /// Cell index.
        cell: usize,
        /// The offending code.
        code: u8,
    },
    /// Some cell's partner does not point back.
    #[error("cell {cell} points to cell {partner}, which does not point back")]
    Inconsistent {
        /// Cell index.
        cell: usize,
        /// Its would-be partner.
        partner: usize,
    },
    /// A line holds the wrong number of dominoes.
    #[error("line {line} holds {count} dominoes, not exactly {expected}")]
    Line {
        /// Line index.
        line: usize,
        /// Dominoes on it.
        count: usize,
        /// Dominoes it must hold.
        expected: usize,
    },
    /// Two dominoes of a line are not a multiple of the spacing apart.
    #[error("the domino at cell {cell} has no domino p cells further along its line")]
    Spacing {
        /// Anchor cell of the domino.
        cell: usize,
    },
}

impl Pairing {
    /// Wraps a code sequence without checking it; see [`Pairing::check`].
    pub fn from_codes(codes: impl Into<Box<[u8]>>) -> Pairing {
        Pairing {
            codes: codes.into(),
        }
    }

    /// The codes, one per cell in index order.
    #[inline]
    pub fn codes(&self) -> &[u8] {
        &self.codes
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// True for the empty sequence (never a pairing of a board).
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// Parses the one-line form: exactly `N` digits, each a direction code.
    pub fn parse_line(board: &Board, text: &str) -> Result<Pairing, ParseError> {
        let mut codes = Vec::with_capacity(board.ncells());
        parse_digits(board, text, 1, &mut codes)?;
        if codes.len() != board.ncells() {
            return Err(ParseError {
                line: 1,
                column: text.chars().count() + 1,
                message: format!(
                    "expected {} codes on the line, found {}",
                    board.ncells(),
                    codes.len()
                ),
            });
        }
        Ok(Pairing::from_codes(codes))
    }

    /// Parses the grid form of a 2-D board: `n₁` lines of `n₀` digits.
    pub fn parse_grid(board: &Board, text: &str) -> Result<Pairing, ParseError> {
        let width = board.dims()[0];
        let height = board.ncells() / width;
        let mut codes = Vec::with_capacity(board.ncells());
        let mut rows = 0;
        for (i, row) in text.lines().enumerate() {
            if rows == height {
                return Err(ParseError {
                    line: i + 1,
                    column: 1,
                    message: format!("expected {height} rows, found more"),
                });
            }
            let before = codes.len();
            parse_digits(board, row, i + 1, &mut codes)?;
            if codes.len() - before != width {
                return Err(ParseError {
                    line: i + 1,
                    column: row.chars().count() + 1,
                    message: format!(
                        "expected {width} codes in the row, found {}",
                        codes.len() - before
                    ),
                });
            }
            rows += 1;
        }
        if rows != height {
            return Err(ParseError {
                line: rows + 1,
                column: 1,
                message: format!("expected {height} rows, found {rows}"),
            });
        }
        Ok(Pairing::from_codes(codes))
    }

    /// The one-line form.
    pub fn to_line(&self) -> String {
        self.codes.iter().map(|&c| code_char(c)).collect()
    }

    /// The grid form: one line of `n₀` codes per row, each ending in `\n`.
    pub fn to_grid(&self, board: &Board) -> String {
        let width = board.dims()[0];
        let mut s = String::with_capacity(self.codes.len() + self.codes.len() / width);
        for row in self.codes.chunks(width) {
            s.extend(row.iter().map(|&c| code_char(c)));
            s.push('\n');
        }
        s
    }

    /// The partner of cell `c`.
    #[inline]
    pub fn partner(&self, board: &Board, c: usize) -> usize {
        board.neighbor(c, self.codes[c] as usize)
    }

    /// Checks that the codes are a good pairing of `board`: the right length, valid
    /// codes, consistent, and on every line its dominoes exactly `p` apart. Returns the
    /// first problem found.
    pub fn check(&self, board: &Board) -> Result<(), PairingError> {
        if self.codes.len() != board.ncells() {
            return Err(PairingError::Length {
                expected: board.ncells(),
                found: self.codes.len(),
            });
        }
        let ncodes = board.ncodes();
        let nfam = board.nfamilies();
        for (cell, &code) in self.codes.iter().enumerate() {
            if code as usize >= ncodes {
                return Err(PairingError::Code { cell, code });
            }
        }
        for cell in 0..self.codes.len() {
            let code = self.codes[cell] as usize;
            let partner = board.neighbor(cell, code);
            if self.codes[partner] as usize != (code + nfam) % ncodes {
                return Err(PairingError::Inconsistent { cell, partner });
            }
        }
        let mut count = vec![0usize; board.nlines()];
        for (cell, &code) in self.codes.iter().enumerate() {
            // Each domino is counted once, at the cell whose code is the + direction.
            if (code as usize) < nfam {
                let f = code as usize;
                count[board.line_of(f, cell)] += 1;
                if self.codes[board.jump(f, cell)] != code {
                    return Err(PairingError::Spacing { cell });
                }
            }
        }
        let expected = |l: usize| board.per_line(board.lines()[l].family);
        match (0..count.len()).find(|&l| count[l] != expected(l)) {
            Some(line) => Err(PairingError::Line {
                line,
                count: count[line],
                expected: expected(line),
            }),
            None => Ok(()),
        }
    }

    /// True when [`Pairing::check`] finds nothing wrong.
    pub fn is_good(&self, board: &Board) -> bool {
        self.check(board).is_ok()
    }
}

fn parse_digits(
    board: &Board,
    text: &str,
    line: usize,
    out: &mut Vec<u8>,
) -> Result<(), ParseError> {
    let ncodes = board.ncodes();
    for (i, ch) in text.chars().enumerate() {
        match char_code(ch) {
            Some(d) if (d as usize) < ncodes => out.push(d),
            _ => {
                return Err(ParseError {
                    line,
                    column: i + 1,
                    message: format!(
                        "expected a direction code {}–{}, found {:?}",
                        code_char(0),
                        code_char(ncodes as u8 - 1),
                        ch
                    ),
                });
            }
        }
    }
    Ok(())
}

/// The character of code `k`: `0`–`9`, then `a`–`z`.
#[inline]
pub fn code_char(k: u8) -> char {
    code_byte(k) as char
}

/// The byte of code `k` in a one-line form (ASCII `0`–`9`, `a`–`z`).
#[inline]
pub fn code_byte(k: u8) -> u8 {
    if k < 10 { b'0' + k } else { b'a' + (k - 10) }
}

/// The code of a character, if it is one (`0`–`9`, `a`–`z`).
#[inline]
pub fn char_code(ch: char) -> Option<u8> {
    match ch {
        '0'..='9' => Some(ch as u8 - b'0'),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST: &str = "0411111504155555041522220435666627333304677773044222733046667710";

    #[test]
    fn spec_example_is_good_and_round_trips() {
        let b = Board::square9();
        let p = Pairing::parse_line(&b, FIRST).unwrap();
        assert_eq!(p.check(&b), Ok(()));
        assert_eq!(p.to_line(), FIRST);
        let g = p.to_grid(&b);
        assert_eq!(g.lines().next(), Some("04111115"));
        assert_eq!(Pairing::parse_grid(&b, &g).unwrap(), p);
    }

    #[test]
    fn parse_errors_name_the_column() {
        let b = Board::square9();
        let e = Pairing::parse_line(&b, "0418").unwrap_err();
        assert_eq!((e.line, e.column), (1, 4));
        let e = Pairing::parse_line(&b, "04").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = Pairing::parse_grid(&b, "04111115\n0415555").unwrap_err();
        assert_eq!((e.line, e.column), (2, 8));
    }

    #[test]
    fn check_finds_the_problem() {
        let b = Board::square9();
        let mut codes = Pairing::parse_line(&b, FIRST).unwrap().codes().to_vec();
        codes[2] = 2;
        assert!(matches!(
            Pairing::from_codes(codes).check(&b),
            Err(PairingError::Inconsistent { cell: 2, .. })
        ));
    }
}
