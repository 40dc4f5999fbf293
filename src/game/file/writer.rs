//! The writer of game files: [`write()`] in the canonical layout of the essay of
//! [`super`], headed by the one-line [`summary`] of the game.

use super::{WRAP, is_label, is_name};
use crate::game::{Cells, Game, MAX_CELLS, MAX_SETS, cells};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::{self, Write};

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
    if let Some(p) = position(game) {
        let _ = write!(s, ", {p}");
    }
    s
}

/// `from a position where Maker owns 2 cells and Breaker 2`, when the game's starting
/// position is not empty.
pub fn position(game: &Game) -> Option<String> {
    let (m, b) = (game.maker.count_ones(), game.breaker.count_ones());
    (m + b > 0).then(|| {
        format!(
            "from a position where Maker owns {m} cell{} and Breaker {b}",
            plural(m as usize)
        )
    })
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
