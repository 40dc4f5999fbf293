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

use super::{Cells, Game, MAX_CELLS, MAX_SETS, Side, cells};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::io::{self, Read, Write};
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

/// Reads the text of a game file (FORMATS.md, *Game files*).
///
/// # Errors
///
/// A [`GameFileError`] at the first place where the text stops being a game file: an
/// unknown statement, a missing or repeated `first`, a side other than `maker` or
/// `breaker`, a repeated `game`, a bad name, a label that is too long or holds another
/// character, a label declared twice or used before its declaration, a set with no
/// cell or naming a cell twice, a cell owned twice in the starting position, more than
/// [`MAX_CELLS`] cells or [`MAX_SETS`] sets, a line longer than [`MAX_LINE_BYTES`], a
/// text longer than [`MAX_FILE_BYTES`].
///
/// ```
/// use amoba::game::{Side, file};
/// let g = file::parse("first maker\ncells a b c\nset a b\nset b c # a comment\n").unwrap();
/// assert_eq!((g.ncells(), g.sets.len(), g.first), (3, 2, Side::Maker));
/// let e = file::parse("first maker\ncells a\nset a b\n").unwrap_err();
/// assert_eq!(e.to_string(), "3:7: found the label 'b', which no `cells` line declares before it");
/// ```
pub fn parse(text: &str) -> Result<Game, GameFileError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(too_large(text.len() as u64));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut r = Reader::default();
    let mut rest = text;
    let mut lineno = 0;
    while !rest.is_empty() {
        lineno += 1;
        let (line, next) = rest.split_once('\n').unwrap_or((rest, ""));
        rest = next;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.len() > MAX_LINE_BYTES {
            return Err(GameFileError {
                line: lineno,
                column: 1,
                message: format!(
                    "found a line of {} bytes, expected at most {MAX_LINE_BYTES} (1 MiB)",
                    line.len()
                ),
            });
        }
        r.line(lineno, line)?;
    }
    r.finish()
}

/// A token of a line: its 1-based character column and its text.
type Token<'a> = (usize, &'a str);

/// The state of [`parse`].
#[derive(Default)]
struct Reader {
    name: Option<(String, usize)>,
    first: Option<(Side, usize)>,
    labels: Vec<String>,
    /// Label → (cell, line of its declaration).
    index: HashMap<String, (usize, usize)>,
    sets: Vec<Cells>,
    seen: HashSet<Cells>,
    maker: Cells,
    breaker: Cells,
}

/// An error at `line`, `column`.
fn err(line: usize, column: usize, message: String) -> GameFileError {
    GameFileError {
        line,
        column,
        message,
    }
}

/// The statement part of a line (before any `#`) split at blanks (spaces and tabs),
/// with character columns.
fn tokens(line: &str) -> Vec<Token<'_>> {
    let body = line.split('#').next().unwrap_or("");
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut column = 0;
    for (i, ch) in body.char_indices() {
        column += 1;
        let blank = ch == ' ' || ch == '\t';
        match (blank, start) {
            (false, None) => start = Some((i, column)),
            (true, Some((s, c))) => {
                out.push((c, &body[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((s, c)) = start {
        out.push((c, &body[s..]));
    }
    out
}

/// Shows a token in a message: its first 40 characters, with control characters
/// escaped.
fn shown(s: &str) -> String {
    let mut out: String = s.chars().take(40).flat_map(char::escape_debug).collect();
    if s.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

/// Checks a label token: its length and characters.
fn check_label(line: usize, (col, s): Token<'_>) -> Result<(), GameFileError> {
    if let Some((i, c)) = s.chars().enumerate().find(|&(_, c)| !is_label_char(c)) {
        return Err(err(
            line,
            col + i,
            format!(
                "found the character '{}' in the label '{}', expected a label of \
                 [A-Za-z0-9_.,:+-]",
                c.escape_debug(),
                shown(s)
            ),
        ));
    }
    if s.len() > MAX_LABEL_CHARS {
        return Err(err(
            line,
            col,
            format!(
                "found a label of {} characters ('{}'), expected at most {MAX_LABEL_CHARS}",
                s.len(),
                shown(s)
            ),
        ));
    }
    Ok(())
}

impl Reader {
    /// Reads one line (without its line end).
    fn line(&mut self, line: usize, text: &str) -> Result<(), GameFileError> {
        let toks = tokens(text);
        let Some(&(col, keyword)) = toks.first() else {
            return Ok(());
        };
        let args = &toks[1..];
        match keyword {
            "game" => self.game(line, col, args),
            "first" => self.first(line, col, args),
            "cells" => self.cells(line, col, args),
            "set" => self.set(line, col, args),
            "maker" => self.owned(line, col, args, Side::Maker),
            "breaker" => self.owned(line, col, args, Side::Breaker),
            other => Err(err(
                line,
                col,
                format!(
                    "found '{}', expected a statement: game, first, cells, set, maker, \
                     breaker (or a comment after #)",
                    shown(other)
                ),
            )),
        }
    }

    /// The one argument of `game` or `first`.
    fn one<'a>(
        line: usize,
        col: usize,
        args: &[Token<'a>],
        keyword: &str,
        what: &str,
    ) -> Result<Token<'a>, GameFileError> {
        match args {
            [] => Err(err(
                line,
                col + keyword.len(),
                format!("found the end of the line, expected {what} after `{keyword}`"),
            )),
            [one] => Ok(*one),
            [_, (c, extra), ..] => Err(err(
                line,
                *c,
                format!(
                    "found '{}', expected the end of the line (`{keyword}` takes one word)",
                    shown(extra)
                ),
            )),
        }
    }

    fn game(&mut self, line: usize, col: usize, args: &[Token<'_>]) -> Result<(), GameFileError> {
        let (c, name) = Self::one(line, col, args, "game", "the game's name")?;
        if let Some((_, before)) = &self.name {
            return Err(err(
                line,
                col,
                format!(
                    "found a second `game` statement, expected one at most (the first is at line {before})"
                ),
            ));
        }
        if let Some((i, ch)) = name.chars().enumerate().find(|&(_, ch)| !is_name_char(ch)) {
            return Err(err(
                line,
                c + i,
                format!(
                    "found the character '{}' in the name, expected a name of \
                     [A-Za-z0-9_.,:()+-]",
                    ch.escape_debug()
                ),
            ));
        }
        if name.len() > MAX_NAME_CHARS {
            return Err(err(
                line,
                c,
                format!(
                    "found a name of {} characters, expected at most {MAX_NAME_CHARS}",
                    name.len()
                ),
            ));
        }
        self.name = Some((name.to_string(), line));
        Ok(())
    }

    fn first(&mut self, line: usize, col: usize, args: &[Token<'_>]) -> Result<(), GameFileError> {
        let (c, word) = Self::one(line, col, args, "first", "maker or breaker")?;
        if let Some((_, before)) = self.first {
            return Err(err(
                line,
                col,
                format!(
                    "found a second `first` statement, expected exactly one (the first is at line {before})"
                ),
            ));
        }
        let side = match word {
            "maker" => Side::Maker,
            "breaker" => Side::Breaker,
            other => {
                return Err(err(
                    line,
                    c,
                    format!("found '{}', expected maker or breaker", shown(other)),
                ));
            }
        };
        self.first = Some((side, line));
        Ok(())
    }

    /// The error of a statement that needs at least one label.
    fn no_label(line: usize, col: usize, keyword: &str, what: &str) -> GameFileError {
        err(
            line,
            col + keyword.len(),
            format!("found the end of the line, expected {what} after `{keyword}`"),
        )
    }

    fn cells(&mut self, line: usize, col: usize, args: &[Token<'_>]) -> Result<(), GameFileError> {
        if args.is_empty() {
            return Err(Self::no_label(line, col, "cells", "at least one label"));
        }
        for &(c, label) in args {
            check_label(line, (c, label))?;
            if let Some((_, before)) = self.index.get(label) {
                return Err(err(
                    line,
                    c,
                    format!(
                        "found the label '{label}' again, expected each cell declared once \
                         (it is declared at line {before})"
                    ),
                ));
            }
            if self.labels.len() >= MAX_CELLS {
                return Err(err(
                    line,
                    c,
                    format!(
                        "found cell {} ('{label}'), expected at most {MAX_CELLS} cells",
                        self.labels.len() + 1
                    ),
                ));
            }
            self.index
                .insert(label.to_string(), (self.labels.len(), line));
            self.labels.push(label.to_string());
        }
        Ok(())
    }

    /// The cell of a label token that must be declared.
    fn cell(&self, line: usize, (c, label): Token<'_>) -> Result<usize, GameFileError> {
        check_label(line, (c, label))?;
        match self.index.get(label) {
            Some(&(cell, _)) => Ok(cell),
            None => Err(err(
                line,
                c,
                format!("found the label '{label}', which no `cells` line declares before it"),
            )),
        }
    }

    fn set(&mut self, line: usize, col: usize, args: &[Token<'_>]) -> Result<(), GameFileError> {
        if args.is_empty() {
            return Err(Self::no_label(
                line,
                col,
                "set",
                "the labels of its cells (a winning set is not empty)",
            ));
        }
        let mut bits: Cells = 0;
        for &t in args {
            let cell = self.cell(line, t)?;
            if bits >> cell & 1 == 1 {
                return Err(err(
                    line,
                    t.0,
                    format!(
                        "found the label '{}' twice in one set, expected each cell once",
                        t.1
                    ),
                ));
            }
            bits |= 1 << cell;
        }
        if self.seen.contains(&bits) {
            return Ok(());
        }
        if self.sets.len() >= MAX_SETS {
            return Err(err(
                line,
                col,
                format!(
                    "found winning set {}, expected at most {MAX_SETS} distinct sets",
                    self.sets.len() + 1
                ),
            ));
        }
        self.seen.insert(bits);
        self.sets.push(bits);
        Ok(())
    }

    fn owned(
        &mut self,
        line: usize,
        col: usize,
        args: &[Token<'_>],
        side: Side,
    ) -> Result<(), GameFileError> {
        if args.is_empty() {
            return Err(Self::no_label(
                line,
                col,
                side.word(),
                "the labels of the cells it owns",
            ));
        }
        for &t in args {
            let cell = self.cell(line, t)?;
            let bit: Cells = 1 << cell;
            let owner = if self.maker & bit != 0 {
                Some(Side::Maker)
            } else if self.breaker & bit != 0 {
                Some(Side::Breaker)
            } else {
                None
            };
            if let Some(owner) = owner {
                return Err(err(
                    line,
                    t.0,
                    format!(
                        "found the cell '{}' owned twice in the starting position (already \
                         {owner}'s), expected each cell owned once at most",
                        t.1
                    ),
                ));
            }
            match side {
                Side::Maker => self.maker |= bit,
                Side::Breaker => self.breaker |= bit,
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<Game, GameFileError> {
        let Some((first, _)) = self.first else {
            return Err(err(
                1,
                1,
                "found no `first` statement, expected exactly one (`first maker` or \
                 `first breaker`)"
                    .into(),
            ));
        };
        let coords = coordinates(&self.labels);
        Ok(Game {
            name: self.name.map(|(n, _)| n).unwrap_or_default(),
            labels: self.labels,
            coords,
            sets: self.sets,
            first,
            maker: self.maker,
            breaker: self.breaker,
        })
    }
}

/// One line saying what a game is: its name, cells, winning sets by size, who moves
/// first and the starting position, e.g. `Maker–Breaker game seven: 7 cells, 5
/// winning sets (2 cells: 1, 3 cells: 4), Maker first`.
pub fn summary(game: &Game) -> String {
    let mut s = String::from("Maker–Breaker game");
    if !game.name.is_empty() {
        let _ = write!(s, " {}", game.name);
    }
    let nsets = game.sets.len();
    let _ = write!(
        s,
        ": {} cell{}, {nsets} winning set{}",
        game.ncells(),
        plural(game.ncells()),
        plural(nsets)
    );
    let sizes = size_counts(&game.sets);
    if !sizes.is_empty() {
        let parts: Vec<String> = sizes
            .iter()
            .map(|(size, count)| format!("{size} cell{}: {count}", plural(*size)))
            .collect();
        let _ = write!(s, " ({})", parts.join(", "));
    }
    let _ = write!(s, ", {} first", game.first);
    let (m, b) = (game.maker.count_ones(), game.breaker.count_ones());
    if m + b > 0 {
        let _ = write!(
            s,
            ", from a position where Maker owns {m} cell{} and Breaker {b}",
            plural(m as usize)
        );
    }
    s
}

/// `"s"` unless `n` is 1.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The sizes of `sets` with how many sets have each, by increasing size.
pub fn size_counts(sets: &[Cells]) -> Vec<(usize, usize)> {
    let mut counts = [0usize; MAX_CELLS + 1];
    for s in sets {
        counts[s.count_ones() as usize] += 1;
    }
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(s, &c)| (s, c))
        .collect()
}

/// Writes `game` in the canonical layout (see the module documentation), opening with
/// the comment line [`summary`].
///
/// # Errors
///
/// What `out` returns, or [`io::ErrorKind::InvalidInput`] when the game cannot be
/// written as a game file: a name or label that is not valid, two equal labels, more
/// than [`MAX_CELLS`] cells or [`MAX_SETS`] sets, an empty set or a cell out of range,
/// a cell owned by both players. Nothing is written then.
///
/// ```
/// use amoba::game::file;
/// let g = file::parse("first maker\ncells a b\nset b a\n").unwrap();
/// let mut out = Vec::new();
/// file::write(&g, &mut out).unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "# Maker–Breaker game: 2 cells, 1 winning set (2 cells: 1), Maker first\n\
///      first maker\ncells a b\nset a b\n"
/// );
/// ```
pub fn write(game: &Game, out: &mut dyn Write) -> io::Result<()> {
    write_commented(game, &[summary(game)], out)
}

/// Writes `game` in the canonical layout, opening with one comment line `# C` for each
/// `C` of `comments` (line breaks in a comment become spaces) instead of the summary.
///
/// # Errors
///
/// As [`write()`].
pub fn write_commented(game: &Game, comments: &[String], out: &mut dyn Write) -> io::Result<()> {
    check(game).map_err(|m| io::Error::new(io::ErrorKind::InvalidInput, m))?;
    let mut s = String::new();
    for c in comments {
        let c = c.replace(['\n', '\r'], " ");
        match c.trim_end() {
            "" => s.push_str("#\n"),
            c => {
                let _ = writeln!(s, "# {c}");
            }
        }
    }
    if !game.name.is_empty() {
        let _ = writeln!(s, "game {}", game.name);
    }
    let _ = writeln!(s, "first {}", game.first.word());
    let wrapped = |s: &mut String, keyword: &str, set: Cells| {
        let all: Vec<usize> = cells(set).collect();
        for chunk in all.chunks(WRAP) {
            s.push_str(keyword);
            for &c in chunk {
                s.push(' ');
                s.push_str(&game.labels[c]);
            }
            s.push('\n');
        }
    };
    wrapped(&mut s, "cells", game.all());
    for &set in &game.sets {
        s.push_str("set");
        for c in cells(set) {
            s.push(' ');
            s.push_str(&game.labels[c]);
        }
        s.push('\n');
    }
    wrapped(&mut s, "maker", game.maker);
    wrapped(&mut s, "breaker", game.breaker);
    out.write_all(s.as_bytes())
}

/// Why `game` cannot be written as a game file, if it cannot.
fn check(game: &Game) -> Result<(), String> {
    if !game.name.is_empty() && !is_name(&game.name) {
        return Err(format!("the name {:?} is not a valid game name", game.name));
    }
    if game.ncells() > MAX_CELLS {
        return Err(format!("{} cells, more than {MAX_CELLS}", game.ncells()));
    }
    if game.sets.len() > MAX_SETS {
        return Err(format!("{} sets, more than {MAX_SETS}", game.sets.len()));
    }
    let mut seen = HashSet::new();
    for l in &game.labels {
        if !is_label(l) {
            return Err(format!("the label {l:?} is not a valid label"));
        }
        if !seen.insert(l.as_str()) {
            return Err(format!("the label {l:?} names two cells"));
        }
    }
    let all = game.all();
    if let Some(s) = game.sets.iter().find(|&&s| s == 0 || s & !all != 0) {
        return Err(format!(
            "the winning set {s:#x} is empty or not inside the cells"
        ));
    }
    if game.maker & game.breaker != 0 || (game.maker | game.breaker) & !all != 0 {
        return Err("the starting position gives a cell to both players or names no cell".into());
    }
    Ok(())
}

/// The name messages give a file: its path, or `<stdin>` for `-`.
pub fn display_name(path: &Path) -> String {
    if crate::core::io::is_dash(path) {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::mask;

    const SEVEN: &str = "# Maker wins, but only by opening at 1\ngame seven\nfirst maker\n\
                         cells 1 2 3 4 5 6 7\nset 5 6\nset 1 2 4\nset 1 2 5\nset 1 3 6\n\
                         set 1 3 7\n";

    fn seven() -> Game {
        parse(SEVEN).unwrap()
    }

    fn written(g: &Game, comments: &[&str]) -> String {
        let mut out = Vec::new();
        let c: Vec<String> = comments.iter().map(|s| s.to_string()).collect();
        write_commented(g, &c, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn error(text: &str) -> (usize, usize, String) {
        let e = parse(text).unwrap_err();
        (e.line, e.column, e.message)
    }

    #[test]
    fn the_worked_example_reads_and_writes_back_byte_for_byte() {
        let g = seven();
        assert_eq!(g.name, "seven");
        assert_eq!(g.ncells(), 7);
        assert_eq!(g.first, Side::Maker);
        assert_eq!(g.sets, vec![0b110000, 0b1011, 0b10011, 0b100101, 0b1000101]);
        assert_eq!((g.maker, g.breaker), (0, 0));
        assert_eq!(g.coords, None);
        assert_eq!(
            written(&g, &["Maker wins, but only by opening at 1"]),
            SEVEN
        );
        assert_eq!(parse(&written(&g, &[])).unwrap(), g);
    }

    #[test]
    fn lenient_forms_are_accepted() {
        let text = "\u{feff}  # comment\r\n\tcells 1,0\t0,0  x#tail\r\n\nset x 0,0 # again\n\
                    set 0,0 x\nbreaker 1,0\nfirst breaker#c\ncells 2,0\nset 1,0 0,0 x\n\
                    set 1,0 0,0\nmaker x\nset 0,0 x";
        let g = parse(text).unwrap();
        assert_eq!(g.labels, ["1,0", "0,0", "x", "2,0"]);
        assert_eq!(g.coords, None);
        assert_eq!(g.sets, vec![0b110, 0b111, 0b011]);
        assert_eq!((g.maker, g.breaker, g.first), (0b100, 0b1, Side::Breaker));
    }

    #[test]
    fn coordinates_are_read_only_in_their_usual_form() {
        let g = parse("first maker\ncells 0,0 -3,2 1000000,-1000000\n").unwrap();
        assert_eq!(
            g.coords,
            Some(vec![(0, 0), (-3, 2), (1_000_000, -1_000_000)])
        );
        for bad in [
            "01,0",
            "+1,0",
            "-0,0",
            "1000001,0",
            "1,2,3",
            "1,",
            ",1",
            "a,1",
        ] {
            assert_eq!(coordinate(bad), None, "{bad}");
            let g = parse(&format!("first maker\ncells 0,0 {bad}\n")).unwrap();
            assert_eq!(g.coords, None, "{bad}");
        }
        assert_eq!(parse("first maker\n").unwrap().coords, None);
    }

    #[test]
    fn every_rejection_names_its_line_and_column() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("first maker\nplay 1\n", (2, 1), "expected a statement"),
            ("cells a\nset a\n", (1, 1), "no `first`"),
            ("first maker\n first breaker\n", (2, 2), "second `first`"),
            ("first white\n", (1, 7), "expected maker or breaker"),
            ("first\n", (1, 6), "expected maker or breaker"),
            ("first maker now\n", (1, 13), "takes one word"),
            ("game a\ngame b\nfirst maker\n", (2, 1), "second `game`"),
            ("game a b\n", (1, 8), "takes one word"),
            ("game a/b\n", (1, 7), "character '/'"),
            (&format!("game {}\n", "n".repeat(65)), (1, 6), "at most 64"),
            ("first maker\ncells a é\n", (2, 9), "character 'é'"),
            ("first maker\ncells a(1)\n", (2, 8), "character '('"),
            (
                &format!("first maker\ncells {}\n", "a".repeat(33)),
                (2, 7),
                "at most 32",
            ),
            ("first maker\ncells a b a\n", (2, 11), "declared at line 2"),
            (
                "first maker\nset a\ncells a\n",
                (2, 5),
                "no `cells` line declares",
            ),
            ("first maker\ncells a\nset\n", (3, 4), "not empty"),
            ("first maker\ncells a\nset # nothing\n", (3, 4), "not empty"),
            (
                "first maker\ncells a b\nset a b a\n",
                (3, 9),
                "twice in one set",
            ),
            (
                "first maker\ncells a b\nmaker a\nbreaker b a\n",
                (4, 11),
                "already Maker's",
            ),
            (
                "first maker\ncells a b\nbreaker a a\n",
                (3, 11),
                "already Breaker's",
            ),
            (
                "first maker\ncells a\nmaker\n",
                (3, 6),
                "expected the labels",
            ),
            ("first maker\ncells\n", (2, 6), "at least one label"),
            ("first maker\ncells a\x0bb\n", (2, 8), "character '\\u{b}'"),
            ("first maker\ncells a\rb\n", (2, 8), "character '\\r'"),
        ];
        for (text, (line, column), what) in cases {
            let (l, c, m) = error(text);
            assert_eq!((l, c), (*line, *column), "{text:?}: {m}");
            assert!(m.contains(what), "{text:?}: {m}");
        }
    }

    #[test]
    fn limits_are_checked_before_growing() {
        let labels: Vec<String> = (0..129).map(|i| format!("c{i}")).collect();
        let text = format!("first maker\ncells {}\n", labels.join(" "));
        let (l, c, m) = error(&text);
        assert_eq!(l, 2);
        assert_eq!(
            c,
            7 + labels[..128].iter().map(|s| s.len() + 1).sum::<usize>()
        );
        assert!(m.contains("at most 128 cells"), "{m}");
        let ok = format!("first maker\ncells {}\n", labels[..128].join(" "));
        assert_eq!(parse(&ok).unwrap().ncells(), 128);

        // 65,536 distinct sets of 17 cells (bit patterns of 16 cells with a fixed one),
        // then one more.
        let mut text = format!("first maker\ncells {}\n", labels[..17].join(" "));
        for m in 0..=MAX_SETS {
            text.push_str("set c16");
            for b in 0..16 {
                if m >> b & 1 == 1 {
                    text.push_str(&format!(" c{b}"));
                }
            }
            text.push_str(if m == MAX_SETS { " \n" } else { "\n" });
        }
        // m = 65,536 has no bit below 16: the set {c16} again, kept once.
        assert_eq!(parse(&text).unwrap().sets.len(), MAX_SETS);
        text.push_str("set c15 c16 c14 c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13\n");
        assert_eq!(parse(&text).unwrap().sets.len(), MAX_SETS);
        text.push_str("set c15\n");
        let (l, c, m) = error(&text);
        assert_eq!((l, c), (3 + MAX_SETS + 2, 1), "{m}");
        assert!(m.contains("at most 65536"), "{m}");

        let long = format!("first maker\n#{}\n", "x".repeat(MAX_LINE_BYTES));
        assert_eq!(error(&long).0, 2);
        let fine = format!("first maker\n#{}\n", "x".repeat(MAX_LINE_BYTES - 1));
        assert!(parse(&fine).is_ok());
        let huge = format!("first maker\n{}", "\n".repeat(MAX_FILE_BYTES));
        let (l, c, m) = error(&huge);
        assert_eq!((l, c), (1, 1));
        assert!(m.contains("16 MiB"), "{m}");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_placed() {
        let e = parse_bytes(b"first maker\ncells \xc3\xa9a \xff\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 10));
        assert!(e.message.contains("0xff"), "{}", e.message);
    }

    #[test]
    fn a_game_that_is_not_valid_is_not_written() {
        let mut g = seven();
        g.labels[0] = "a b".into();
        assert!(write(&g, &mut Vec::new()).is_err());
        let mut g = seven();
        g.sets.push(0);
        assert!(write(&g, &mut Vec::new()).is_err());
        let mut g = seven();
        g.maker = 1;
        g.breaker = 1;
        assert!(write(&g, &mut Vec::new()).is_err());
        let mut g = seven();
        g.name = "two words".into();
        assert!(write(&g, &mut Vec::new()).is_err());
    }

    #[test]
    fn positions_and_long_lines_wrap() {
        let labels: Vec<String> = (0..40).map(|i| format!("{i},0")).collect();
        let g = Game {
            name: "row(40)".into(),
            coords: coordinates(&labels),
            labels,
            sets: vec![mask(40), 0b11],
            first: Side::Breaker,
            maker: mask(20) & !0b11,
            breaker: 0b11 | 1 << 39,
        };
        let text = written(&g, &["a\ncomment"]);
        assert!(text.starts_with("# a comment\ngame row(40)\nfirst breaker\ncells 0,0 1,0"));
        assert_eq!(text.lines().filter(|l| l.starts_with("cells")).count(), 3);
        assert_eq!(text.lines().filter(|l| l.starts_with("maker")).count(), 2);
        assert_eq!(text.lines().filter(|l| l.starts_with("set")).count(), 2);
        assert_eq!(parse(&text).unwrap(), g);
    }

    mod round_trip {
        use super::*;
        use proptest::prelude::*;

        fn label() -> impl Strategy<Value = String> {
            prop_oneof![
                "[A-Za-z0-9_.,:+-]{1,32}",
                (-1_000_000i64..=1_000_000, -3i64..=3).prop_map(|(x, y)| format!("{x},{y}")),
            ]
        }

        fn game() -> impl Strategy<Value = Game> {
            (
                prop::collection::vec(label(), 0..=128),
                prop::bool::ANY,
                "[A-Za-z0-9_.,:()+-]{0,64}",
                prop::collection::vec(any::<u128>(), 0..40),
                any::<u128>(),
                any::<u128>(),
                prop::bool::ANY,
            )
                .prop_map(|(mut labels, coord_only, name, sets, m, b, breaker)| {
                    let mut seen = HashSet::new();
                    labels.retain(|l| seen.insert(l.clone()));
                    if coord_only {
                        labels.retain(|l| coordinate(l).is_some());
                    }
                    let all = mask(labels.len());
                    let mut seen = HashSet::new();
                    let sets: Vec<Cells> = sets
                        .into_iter()
                        .map(|s| s & all)
                        .filter(|&s| s != 0 && seen.insert(s))
                        .collect();
                    Game {
                        name,
                        coords: coordinates(&labels),
                        labels,
                        sets,
                        first: if breaker { Side::Breaker } else { Side::Maker },
                        maker: m & all,
                        breaker: b & !m & all,
                    }
                })
        }

        proptest! {
            #[test]
            fn parse_of_write_is_the_game(g in game()) {
                let mut out = Vec::new();
                write(&g, &mut out).unwrap();
                let text = String::from_utf8(out).unwrap();
                prop_assert_eq!(parse(&text).unwrap(), g);
            }

            #[test]
            fn parse_never_panics(text in "(game|first|cells|set|maker|breaker|#| |\t|\n|\r|[a-c]|,|1|-|é){0,80}") {
                let _ = parse(&text);
            }
        }
    }
}
