//! Game files (FORMATS.md, *Game files*; docs/spec.md §11): the reader and the writer.
//!
//! A game file is a list of statements, one per line: `game NAME`, `first SIDE`,
//! `cells L…` (the cells, numbered in the order declared), `set L…` (a winning set),
//! `maker L…` and `breaker L…` (the starting position). [`parse`] reads the text into
//! a [`Game`]; [`write()`] writes a game in the canonical layout, which [`parse`] reads
//! back to the same game: `parse(write(g)) == g` for every game `g` that satisfies the
//! invariants of [`crate::game`] with valid labels and name.
//!
//! # What the reader guarantees
//!
//! Every error names the line and the column (1-based, in characters) where the file
//! stops being a game file, as `LINE:COLUMN: message` ([`GameFileError`]); [`read`]
//! adds the file name in front. A game the reader returns satisfies the invariants of
//! [`crate::game`]: at most [`MAX_CELLS`] cells with distinct labels, at most
//! [`MAX_SETS`] distinct non-empty winning sets (a set listed again is kept once, at its
//! first place), disjoint starting cells of Maker and Breaker. The labels are
//! coordinates ([`Game::coords`]) exactly when every label has the form `x,y` of
//! [`coordinate`] and there is at least one cell.
//!
//! # Bounded work
//!
//! The reader never grows a table past its limit: it counts cells and sets before it
//! adds one, and it refuses a line longer than [`MAX_LINE_BYTES`] before looking at
//! its statements and a text longer than [`MAX_FILE_BYTES`] before looking at any line.
//! [`read`] checks the size of a file before it reads it and reads at most one byte
//! more than the limit, so a file that grows while it is read is refused too. Work and
//! memory are linear in the size of the text.
//!
//! # Decisions the format leaves open
//!
//! * a line ends at `\n`; a `\r` just before it is dropped (files written on Windows),
//!   and so is a UTF-8 byte-order mark at the very start of the text;
//! * a `#` ends the statement wherever it stands, also right after a label (`set 1 2#`);
//! * a label is a coordinate only in its usual decimal form: `-3,0` is the cell at
//!   column −3, row 0, but `03,0`, `+3,0` and `-0,0` are labels without coordinates
//!   (so two distinct labels never name one point of the plane);
//! * a starting position may give either player any number of cells: the file says who
//!   moves next with `first`;
//! * a game may have no winning set (Breaker has won) and even no cell.
//!
//! # The canonical layout
//!
//! [`write()`]: a comment line saying what the game is ([`summary`]), `game NAME` (when
//! the game has a name), `first SIDE`, the cells in lines of at most [`WRAP`] labels,
//! one `set` line per winning set in the game's order with its labels in cell order,
//! then `maker` and `breaker` lines for the starting position (wrapped as the cells),
//! each statement with single spaces and every line ending in `\n`.
//! [`write_commented`] writes other comment lines in place of the summary.
//!
//! # Files
//!
//! `reader.rs` holds [`parse`] and its state, `writer.rs` [`write()`], [`summary`] and
//! the checks of a game before it is written, `tests.rs` the tests of both; this file
//! the limits, the errors, the labels and the reading of files and standard input.

mod reader;
mod writer;

#[cfg(test)]
mod tests;

pub use reader::parse;
pub use writer::{position, size_counts, summary, write, write_commented};

use super::{Game, MAX_CELLS, MAX_SETS};
use std::io::{self, Read};
use std::path::Path;

/// The largest game file: 16 MiB.
pub const MAX_FILE_BYTES: usize = 16 << 20;

/// The longest line of a game file: 1 MiB, without its line end.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The most characters in a game's name.
pub const MAX_NAME_CHARS: usize = 64;

/// The most characters in a label.
pub const MAX_LABEL_CHARS: usize = 32;

/// The largest absolute value of a coordinate in a label `x,y`.
pub const MAX_COORDINATE: i64 = 1_000_000;

/// Labels per `cells`, `maker` or `breaker` line in the canonical layout.
pub const WRAP: usize = 16;

/// A game file that is not well formed: where, and what was found instead of what.
///
/// Displayed as `LINE:COLUMN: message`; [`ReadError`] puts the file name in front.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct GameFileError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was found and what was expected.
    pub message: String,
}

/// A game file that cannot be read: the file itself, or its text.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file cannot be opened or read (the path is the message, the failure its
    /// source, as [`crate::core::io::IoError`]).
    #[error("{name}")]
    Io {
        /// The file as messages name it (`<stdin>` for `-`).
        name: String,
        /// The failure.
        #[source]
        source: io::Error,
    },
    /// The text is not a game file: `FILE:LINE:COLUMN: message`.
    #[error("{name}:{error}")]
    Malformed {
        /// The file as messages name it (`<stdin>` for `-`).
        name: String,
        /// Where and why.
        error: GameFileError,
    },
}

/// Whether `c` may stand in a label: `[A-Za-z0-9_.,:+-]`.
pub fn is_label_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ',' | ':' | '+' | '-')
}

/// Whether `c` may stand in a game's name: the label characters and `(`, `)`.
pub fn is_name_char(c: char) -> bool {
    is_label_char(c) || matches!(c, '(' | ')')
}

/// Whether `s` is a valid label: 1 to [`MAX_LABEL_CHARS`] label characters.
pub fn is_label(s: &str) -> bool {
    !s.is_empty() && s.len() <= MAX_LABEL_CHARS && s.chars().all(is_label_char)
}

/// Whether `s` is a valid name: 1 to [`MAX_NAME_CHARS`] name characters.
pub fn is_name(s: &str) -> bool {
    !s.is_empty() && s.len() <= MAX_NAME_CHARS && s.chars().all(is_name_char)
}

/// The point of the plane a label names, when it has the form `x,y`: two decimal
/// integers in their usual form (digits without leading zeros, a leading `-` for a
/// negative number, no `+`, no `-0`), each of absolute value at most
/// [`MAX_COORDINATE`].
///
/// ```
/// use amoba::game::file::coordinate;
/// assert_eq!(coordinate("3,-2"), Some((3, -2)));
/// assert_eq!(coordinate("03,2"), None);
/// assert_eq!(coordinate("1000001,0"), None);
/// assert_eq!(coordinate("a1"), None);
/// ```
pub fn coordinate(label: &str) -> Option<(i64, i64)> {
    let (x, y) = label.split_once(',')?;
    Some((integer(x)?, integer(y)?))
}

/// One coordinate of [`coordinate`].
fn integer(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let usual = !digits.is_empty()
        && digits.len() <= 7
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && !(digits == "0" && s.starts_with('-'));
    if !usual {
        return None;
    }
    let v: i64 = s.parse().ok()?;
    (v.abs() <= MAX_COORDINATE).then_some(v)
}

/// The coordinates of every cell, when there is at least one cell and every label is
/// a [`coordinate`]: what [`parse`] stores in [`Game::coords`], and what a generator
/// must store for its game to read back the same.
pub fn coordinates(labels: &[String]) -> Option<Vec<(i64, i64)>> {
    if labels.is_empty() {
        return None;
    }
    labels.iter().map(|l| coordinate(l)).collect()
}

/// Reads a game file (`-` = standard input): at most [`MAX_FILE_BYTES`] bytes (a
/// larger regular file is refused before it is read), UTF-8, then [`parse`].
///
/// # Errors
///
/// [`ReadError::Io`] when the file cannot be opened or read; [`ReadError::Malformed`]
/// with the line and column when it is too large (at 1:1), not UTF-8 (at the first bad
/// byte) or not a game file.
pub fn read(path: &Path) -> Result<Game, ReadError> {
    load(path).map(|l| l.game)
}

/// A game file read whole, with what the commands report about it.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The file as messages name it (`<stdin>` for `-`).
    pub name: String,
    /// The game.
    pub game: Game,
    /// SHA-256 of the file's bytes (lowercase hex): what a strategy certificate names.
    pub sha256: String,
}

impl Loaded {
    /// The game's name, or the file's when the game has none.
    pub fn title(&self) -> &str {
        if self.game.name.is_empty() {
            &self.name
        } else {
            &self.game.name
        }
    }
}

/// [`read`], keeping the file's name and the SHA-256 of its bytes.
///
/// # Errors
///
/// As [`read`].
pub fn load(path: &Path) -> Result<Loaded, ReadError> {
    use sha2::{Digest, Sha256};
    let (name, bytes) = read_bytes(path)?;
    let game = parse_bytes(&bytes).map_err(|error| ReadError::Malformed {
        name: name.clone(),
        error,
    })?;
    let sha256 = crate::core::provenance::hex(&Sha256::digest(&bytes));
    Ok(Loaded { name, game, sha256 })
}

/// The name messages give `path`, and at most [`MAX_FILE_BYTES`] + 1 of its bytes.
/// A regular file larger than the limit is refused before it is read.
///
/// # Errors
///
/// As [`read`].
pub fn read_bytes(path: &Path) -> Result<(String, Vec<u8>), ReadError> {
    read_limited(path, MAX_FILE_BYTES as u64, too_large)
}

/// The bytes of `path` (`-`: stdin) and its name for messages, at most `limit` of
/// them: a regular file larger is refused before it is read, a longer stream after
/// `limit + 1` bytes, each with the error `too_large` makes of the size found (at
/// least). Every reader of the game engine's files reads through here.
///
/// # Errors
///
/// [`ReadError::Io`] when the file cannot be read, [`ReadError::Malformed`] when it is
/// too large.
pub fn read_limited(
    path: &Path,
    limit: u64,
    too_large: impl Fn(u64) -> GameFileError,
) -> Result<(String, Vec<u8>), ReadError> {
    let name = display_name(path);
    let io_error = |source| ReadError::Io {
        name: name.clone(),
        source,
    };
    let mut bytes = Vec::new();
    if crate::core::io::is_dash(path) {
        io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
    } else {
        let file = std::fs::File::open(path).map_err(io_error)?;
        let meta = file.metadata().map_err(io_error)?;
        if meta.is_file() && meta.len() > limit {
            return Err(ReadError::Malformed {
                name,
                error: too_large(meta.len()),
            });
        }
        file.take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
    }
    if bytes.len() as u64 > limit {
        return Err(ReadError::Malformed {
            name,
            error: too_large(bytes.len() as u64),
        });
    }
    Ok((name, bytes))
}

/// The error of a file of `len` bytes, more than [`MAX_FILE_BYTES`].
fn too_large(len: u64) -> GameFileError {
    GameFileError {
        line: 1,
        column: 1,
        message: format!(
            "found a file of {len} bytes or more, expected at most {MAX_FILE_BYTES} \
             (16 MiB: a game has at most {MAX_CELLS} cells and {MAX_SETS} sets)"
        ),
    }
}

/// [`parse`] for bytes: refuses more than [`MAX_FILE_BYTES`] bytes and bytes that are
/// not UTF-8 (at the line and column of the first bad byte).
///
/// # Errors
///
/// A [`GameFileError`] as [`parse`], or for the size or encoding.
pub fn parse_bytes(bytes: &[u8]) -> Result<Game, GameFileError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    parse(utf8(bytes)?)
}

/// `bytes` as text, or the error at the line and column of the first byte that is not
/// UTF-8.
///
/// # Errors
///
/// A [`GameFileError`] naming the byte.
pub fn utf8(bytes: &[u8]) -> Result<&str, GameFileError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        // Both slices end at a character boundary of valid UTF-8.
        let before = std::str::from_utf8(&valid[line_start..]).unwrap_or("");
        GameFileError {
            line: 1 + valid.iter().filter(|&&b| b == b'\n').count(),
            column: 1 + before.chars().count(),
            message: format!(
                "found the byte 0x{:02x}, expected UTF-8 text",
                bytes[e.valid_up_to()]
            ),
        }
    })
}

/// The name messages give a file: its path, or `<stdin>` for `-`.
pub fn display_name(path: &Path) -> String {
    if crate::core::io::is_dash(path) {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}
