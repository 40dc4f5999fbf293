//! The reader of game files: [`parse`] reads the text statement by statement into a
//! [`Game`], within the limits and with the errors the essay of [`super`] describes.

use super::{
    GameFileError, MAX_FILE_BYTES, MAX_LABEL_CHARS, MAX_LINE_BYTES, MAX_NAME_CHARS, coordinates,
    is_label_char, is_name_char, too_large,
};
use crate::game::{Cells, Game, MAX_CELLS, MAX_SETS, Side};
use std::collections::{HashMap, HashSet};

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
