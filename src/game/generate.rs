//! Games made from geometry (docs/spec.md §11): the strip sub-boards of 7-in-a-row,
//! Maker–Breaker k-in-a-row on a rectangle, and the lines of a periodic board on its
//! torus. `amoba game` writes them as game files (FORMATS.md, *Game files*).
//!
//! # Cells, labels, order
//!
//! The strips and the rectangle number their cells **row by row**: row 0 first, each
//! row from column 0, so cell `(c, r)` of a board `w` columns wide is `r·w + c`. Its
//! label is `c,r` (column, row; rows grow downwards when drawn), so every game made here
//! from the plane carries its coordinates ([`Game::coords`]) and `amoba game info`
//! can compute its blocking power ([`super::info`]). The torus keeps the board's own
//! cell numbering (first coordinate fastest, the same order). Winning sets come in a
//! fixed order, given with each generator; a set that arises twice is kept once, at
//! its first place. Every game has an empty starting position and Maker moves first.
//! [`after`] then starts a game from the position that some moves reach.
//!
//! # The dissertation's strip ([`strip_dissertation`])
//!
//! L. Győrffy's dissertation (University of Szeged, 2019, ch. 6.2) splits the plane
//! into copies of a 4×n strip, `n` a multiple of 4, and lets Breaker answer in the copy
//! where Maker moved. A copy sits between a copy on its left and one on its right
//! (column `n` of this copy is column 0 of the next one), and the four rows are cut into
//! *blocks* of four columns. The winning sets of the strip game, for `n = 8`:
//!
//! ```text
//!  column   0 1 2 3   4 5 6 7
//!  row 0    A A A A | B B B B     the horizontal 4s: each row cut into blocks
//!  row 1    C C C C | D D D D     of 4 columns (n = 8 sets: A … H)
//!  row 2    E E E E | F F F F
//!  row 3    G G G G | H H H H
//!
//!  every column: the vertical 4s (8 sets)
//!
//!  the diagonal 4s inside the board, block boundaries or not (10 sets):
//!  direction (1,1) from (c,0), direction (1,−1) from (c,3), c = 0 … n−4, e.g.
//!
//!  row 0    . . x . | . . . .
//!  row 1    . . . x | . . . .     (2,0) (3,1) (4,2) (5,3): one set
//!  row 2    . . . . | x . . .
//!  row 3    . . . . | . x . .
//!
//!  the diagonals that cross the board's edge into the neighbouring copy (6 sets):
//!
//!           0 1 2 3 4 5 6 7                0 1 2 3 4 5 6 7
//!  row 0    . p a . . b q .       row 0    . . . . . . . .
//!  row 1    p a . . . . b q       row 1    c . . . . . . d
//!  row 2    a . . . . . . b       row 2    . c . . . . d .
//!  row 3    . . . . . . . .       row 3    . . c . . d . .
//! ```
//!
//! A diagonal that crosses the edge holds 4 cells of the strip's rows, split between
//! the copy on the left and the copy on the right, and is kept on the side that holds 3
//! of them, as the 3-set of those cells (`a`, `b`, `c`, `d`); a 2–2 split is kept as a
//! 2-set, the direction (1,1) one in the left copy (`q` = {(n−2,0), (n−1,1)}) and the
//! direction (1,−1) one in the right copy (`p` = {(1,0), (0,1)}). So the strip has
//! `n` verticals, `n` horizontals, `2(n − 3)` diagonal 4s, 2 pairs and 4 triples: `4n`
//! sets on `4n` cells, 32 for n = 8. The blocking power (ch. 6.2;
//! [`super::info::blocking_power`]) is `Σ (k − s + 1) = 4n·k − (12n − 8)`: `32k − 88`
//! for n = 8, `48k − 136` for n = 12, as in the dissertation.
//!
//! The cut into blocks applies to the horizontals only: a diagonal 4 inside the board
//! stays whole where it crosses a block boundary, and only the board's edge splits
//! diagonals. Splitting them at every block boundary as at the edge (keeping only the
//! diagonal 4s inside a block) also gives 32 sets for n = 8, but blocking powers
//! `32k − 80` and `48k − 120` instead of the dissertation's `32k − 88` and `48k − 136`:
//! that is how this reading was settled.
//!
//! # The (4, n, 7^tr) strip ([`strip_7tr`])
//!
//! D. Czifra, E. Csóka, Zs. Zombori, G. Makay, *Towards solving the 7-in-a-row game*,
//! IEEE Conference on Games 2021: the same corner pairs and triples and the same
//! verticals and diagonal 4s, but the rows are not cut into blocks: each row has the
//! horizontal 7s that start at columns 1 … n − 8 and a horizontal 4 at each end
//! (columns 0–3 and n−4 … n−1). For n = 8 this is the dissertation's 4×8 strip.
//!
//! # Rectangles and tori
//!
//! [`rectangle`]: every window of `k` consecutive cells along each direction inside a
//! `w × h` rectangle (tic-tac-toe is 3×3 with k = 3). [`torus`]: along every line of a
//! periodic board ([`Board::lines`]), every window of `k` cyclically consecutive cells,
//! or the whole line when it has at most `k` cells: k-in-a-row played on the torus of
//! the board itself (docs/spec.md §2, §8).

use super::file::{coordinates, is_name, is_name_char};
use super::{Cells, Game, MAX_CELLS, MAX_SETS, Side};
use crate::core::board::Board;
use std::collections::HashSet;

mod recipe;

pub use recipe::Recipe;

/// The four directions of the plane: rows, columns and both diagonals.
pub const FOUR_DIRECTIONS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// An argument no game can be made from: which argument, and why.
///
/// Displayed as `ARGUMENT: message`; `amoba game` puts `--` in front, naming its
/// option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{argument}: {message}")]
pub struct GenerateError {
    /// The argument: `n`, `width`, `height`, `k`, `directions`, `board`, `name`,
    /// `moves`.
    pub argument: &'static str,
    /// What was found and what was expected.
    pub message: String,
}

fn bad(argument: &'static str, message: String) -> GenerateError {
    GenerateError { argument, message }
}

/// A game on the cells of a `width × height` rectangle, numbered row by row.
struct Grid {
    width: i64,
    height: i64,
    sets: Vec<Cells>,
    seen: HashSet<Cells>,
}

impl Grid {
    /// The grid, refused when it has more than [`MAX_CELLS`] cells.
    fn new(width: usize, height: usize) -> Result<Grid, GenerateError> {
        match width.checked_mul(height) {
            Some(n) if n <= MAX_CELLS => Ok(Grid {
                width: width as i64,
                height: height as i64,
                sets: Vec::new(),
                seen: HashSet::new(),
            }),
            _ => Err(bad(
                "width",
                format!(
                    "a {width}×{height} board has more than {MAX_CELLS} cells, the most a game \
                     may have"
                ),
            )),
        }
    }

    /// The cell `(c, r)`, when inside.
    fn cell(&self, (c, r): (i64, i64)) -> Option<usize> {
        ((0..self.width).contains(&c) && (0..self.height).contains(&r))
            .then(|| (r * self.width + c) as usize)
    }

    /// Adds the set of the cells `(c, r)` of `cells`, all inside.
    fn add(&mut self, cells: &[(i64, i64)]) -> Result<(), GenerateError> {
        let mut s: Cells = 0;
        for &p in cells {
            // Only called with cells inside; a cell outside would be a bug, skipped.
            if let Some(i) = self.cell(p) {
                s |= 1 << i;
            }
        }
        self.add_bits(s)
    }

    fn add_bits(&mut self, s: Cells) -> Result<(), GenerateError> {
        if s == 0 || self.seen.contains(&s) {
            return Ok(());
        }
        if self.sets.len() >= MAX_SETS {
            return Err(bad(
                "directions",
                format!("more than {MAX_SETS} winning sets, the most a game may have"),
            ));
        }
        self.seen.insert(s);
        self.sets.push(s);
        Ok(())
    }

    /// The `len` cells from `(c, r)` in direction `(dx, dy)`.
    fn segment(c: i64, r: i64, (dx, dy): (i64, i64), len: i64) -> Vec<(i64, i64)> {
        (0..len).map(|i| (c + i * dx, r + i * dy)).collect()
    }

    fn into_game(self, name: String) -> Game {
        let labels: Vec<String> = (0..self.height)
            .flat_map(|r| (0..self.width).map(move |c| format!("{c},{r}")))
            .collect();
        Game {
            name,
            coords: coordinates(&labels),
            labels,
            sets: self.sets,
            first: Side::Maker,
            maker: 0,
            breaker: 0,
        }
    }
}

/// The verticals, the diagonal 4s and the corner pairs and triples shared by both
/// strips (see the module documentation), after their horizontals.
fn strip_rest(g: &mut Grid, n: i64) -> Result<(), GenerateError> {
    for c in 0..n {
        g.add(&Grid::segment(c, 0, (0, 1), 4))?;
    }
    for c in 0..=n - 4 {
        g.add(&Grid::segment(c, 0, (1, 1), 4))?;
    }
    for c in 0..=n - 4 {
        g.add(&Grid::segment(c, 3, (1, -1), 4))?;
    }
    g.add(&[(1, 0), (0, 1)])?;
    g.add(&[(n - 2, 0), (n - 1, 1)])?;
    g.add(&[(2, 0), (1, 1), (0, 2)])?;
    g.add(&[(n - 3, 0), (n - 2, 1), (n - 1, 2)])?;
    g.add(&[(0, 1), (1, 2), (2, 3)])?;
    g.add(&[(n - 1, 1), (n - 2, 2), (n - 3, 3)])
}

/// The dissertation's 4×n strip (module documentation, with its picture), named
/// `strip4-N`.
///
/// Sets in this order: the horizontal 4s (by row, then block), the verticals (by
/// column), the diagonal 4s of direction (1,1) (by starting column), those of direction
/// (1,−1) (starting in row 3, by column), the pairs {(1,0),(0,1)} and
/// {(n−2,0),(n−1,1)}, the triples {(2,0),(1,1),(0,2)}, {(n−3,0),(n−2,1),(n−1,2)},
/// {(0,1),(1,2),(2,3)}, {(n−1,1),(n−2,2),(n−3,3)}.
///
/// # Errors
///
/// `n` not a positive multiple of 4, or more than 32 (the strip would have more than
/// [`MAX_CELLS`] cells).
///
/// ```
/// use amoba::game::generate::strip_dissertation;
/// let g = strip_dissertation(8).unwrap();
/// assert_eq!((g.ncells(), g.sets.len()), (32, 32));
/// assert!(strip_dissertation(6).is_err());
/// ```
pub fn strip_dissertation(n: usize) -> Result<Game, GenerateError> {
    if n == 0 || !n.is_multiple_of(4) || n > MAX_CELLS / 4 {
        return Err(bad(
            "n",
            format!(
                "found {n}, expected a positive multiple of 4 up to {} (the strip has 4n cells, \
                 at most {MAX_CELLS})",
                MAX_CELLS / 4
            ),
        ));
    }
    let mut g = Grid::new(n, 4)?;
    let w = n as i64;
    for r in 0..4 {
        for b in (0..w).step_by(4) {
            g.add(&Grid::segment(b, r, (1, 0), 4))?;
        }
    }
    strip_rest(&mut g, w)?;
    Ok(g.into_game(format!("strip4-{n}")))
}

/// The (4, n, 7^tr) strip of Czifra, Csóka, Zombori and Makay (module documentation),
/// named `strip7tr-N`.
///
/// Sets in this order: for each row, the horizontal 4 at columns 0–3, the horizontal
/// 7s starting at columns 1 … n−8, the horizontal 4 at columns n−4 … n−1; then as
/// [`strip_dissertation`]: verticals, diagonal 4s, pairs, triples. For n = 7 it has 29
/// sets on 28 cells.
///
/// # Errors
///
/// `n` below 7 or above 32 (more than [`MAX_CELLS`] cells).
///
/// ```
/// use amoba::game::generate::strip_7tr;
/// let g = strip_7tr(7).unwrap();
/// assert_eq!((g.ncells(), g.sets.len()), (28, 29));
/// ```
pub fn strip_7tr(n: usize) -> Result<Game, GenerateError> {
    if !(7..=MAX_CELLS / 4).contains(&n) {
        return Err(bad(
            "n",
            format!(
                "found {n}, expected 7 to {} (the strip has 4n cells, at most {MAX_CELLS})",
                MAX_CELLS / 4
            ),
        ));
    }
    let mut g = Grid::new(n, 4)?;
    let w = n as i64;
    for r in 0..4 {
        g.add(&Grid::segment(0, r, (1, 0), 4))?;
        for c in 1..=w - 8 {
            g.add(&Grid::segment(c, r, (1, 0), 7))?;
        }
        g.add(&Grid::segment(w - 4, r, (1, 0), 4))?;
    }
    strip_rest(&mut g, w)?;
    Ok(g.into_game(format!("strip7tr-{n}")))
}

/// Maker–Breaker k-in-a-row on a `width × height` rectangle: every window of `k`
/// consecutive cells along one of `directions` that lies inside, named
/// `rectangle-WxH-kK`.
///
/// Sets by direction (in the order given), then by first cell (in cell order). With
/// `k` larger than both sides no window fits and the game has no winning set.
///
/// # Errors
///
/// A side of 0, more than [`MAX_CELLS`] cells, `k = 0`, no direction, a direction
/// that is zero or not primitive (its window would skip cells), or two directions that
/// are equal or opposite.
///
/// ```
/// use amoba::game::generate::{FOUR_DIRECTIONS, rectangle};
/// assert_eq!(rectangle(3, 3, 3, &FOUR_DIRECTIONS).unwrap().sets.len(), 8);
/// assert_eq!(rectangle(4, 4, 4, &FOUR_DIRECTIONS).unwrap().sets.len(), 10);
/// ```
pub fn rectangle(
    width: usize,
    height: usize,
    k: usize,
    directions: &[(i64, i64)],
) -> Result<Game, GenerateError> {
    if width == 0 {
        return Err(bad("width", "found 0, expected at least 1".into()));
    }
    if height == 0 {
        return Err(bad("height", "found 0, expected at least 1".into()));
    }
    if k == 0 {
        return Err(bad("k", "found 0, expected at least 1".into()));
    }
    if directions.is_empty() {
        return Err(bad(
            "directions",
            "found none, expected at least one".into(),
        ));
    }
    let vectors: Vec<Vec<i64>> = directions.iter().map(|&(x, y)| vec![x, y]).collect();
    crate::core::board::check_directions(&vectors, 2)
        .map_err(|e| bad("directions", e.to_string()))?;
    let mut g = Grid::new(width, height)?;
    if k <= width.max(height) {
        let span = (k - 1) as i64;
        for &(dx, dy) in directions {
            for r in 0..g.height {
                for c in 0..g.width {
                    let end = span
                        .checked_mul(dx)
                        .zip(span.checked_mul(dy))
                        .and_then(|(x, y)| c.checked_add(x).zip(r.checked_add(y)));
                    if end.is_some_and(|e| g.cell(e).is_some()) {
                        g.add(&Grid::segment(c, r, (dx, dy), k as i64))?;
                    }
                }
            }
        }
    }
    Ok(g.into_game(format!("rectangle-{width}x{height}-k{k}")))
}

/// The lines of a periodic board on its torus: along each line of
/// [`Board::lines`] (in the board's order), every window of `k = board.k()` cyclically
/// consecutive cells, by first cell along the line, or the whole line when it has at
/// most `k` cells; named `torus-BOARD` (characters a name may not hold become `_`).
///
/// Cells are the board's cells in its order; labels are the coordinates `x,y` on a
/// 2-dimensional board (so the game has [`Game::coords`]), the coordinates joined by
/// commas otherwise (`x,y,z`).
///
/// # Errors
///
/// A board with more than [`MAX_CELLS`] cells, or whose windows give more than
/// [`MAX_SETS`] sets.
///
/// ```
/// use amoba::core::board::Board;
/// use amoba::game::generate::torus;
/// let g = torus(&Board::square9()).unwrap();
/// assert_eq!(g.sets.len(), 32);
/// assert!(g.sets.iter().all(|s| s.count_ones() == 8));
/// ```
pub fn torus(board: &Board) -> Result<Game, GenerateError> {
    let n = board.ncells();
    if n > MAX_CELLS {
        return Err(bad(
            "board",
            format!(
                "board {} has {n} cells, more than the {MAX_CELLS} a game may have",
                board.name()
            ),
        ));
    }
    let k = board.k();
    let mut sets = Vec::new();
    let mut seen = HashSet::new();
    for line in board.lines() {
        let len = line.cells.len();
        let windows = if len <= k { 1 } else { len };
        for start in 0..windows {
            let s: Cells = (0..k.min(len))
                .map(|i| line.cells[(start + i) % len])
                .fold(0, |s, c| s | 1 << c);
            if s != 0 && seen.insert(s) {
                if sets.len() >= MAX_SETS {
                    return Err(bad(
                        "board",
                        format!("more than {MAX_SETS} winning sets, the most a game may have"),
                    ));
                }
                sets.push(s);
            }
        }
    }
    let labels: Vec<String> = (0..n)
        .map(|c| {
            let xs: Vec<String> = board.coords(c).iter().map(i64::to_string).collect();
            xs.join(",")
        })
        .collect();
    Ok(Game {
        name: name_from(&format!("torus-{}", board.name())),
        coords: coordinates(&labels),
        labels,
        sets,
        first: Side::Maker,
        maker: 0,
        breaker: 0,
    })
}

/// `text` as a game name: characters a name may not hold become `_`, cut to the
/// longest name allowed.
fn name_from(text: &str) -> String {
    text.chars()
        .map(|c| if is_name_char(c) { c } else { '_' })
        .take(super::file::MAX_NAME_CHARS)
        .collect()
}

/// `game` with the name `name` and `first` to move.
///
/// # Errors
///
/// A name that is not a valid game name (FORMATS.md: 1 to 64 characters of
/// `[A-Za-z0-9_.,:()+-]`).
pub fn renamed(mut game: Game, name: Option<&str>, first: Side) -> Result<Game, GenerateError> {
    if let Some(name) = name {
        if !is_name(name) {
            return Err(bad(
                "name",
                format!("found {name:?}, expected 1 to 64 characters of [A-Za-z0-9_.,:()+-]"),
            ));
        }
        game.name = name.to_string();
    }
    game.first = first;
    Ok(game)
}

/// `game` after `moves`: labels of cells separated by blanks, taken in turn from its
/// starting position, the first by the player to move there. The result is the same
/// game (its cells, sets and name) started from the position the moves reach, with
/// the player whose turn it then is to move first: what `amoba solve` decides for it
/// is who wins after those moves, and a certificate for it is checked against it.
///
/// # Errors
///
/// No move at all, a label that names no cell of the game, a cell already taken, or a
/// move after Maker has completed a winning set, when the game is over (argument
/// `moves`; the message gives the move's number, counted from 1).
///
/// ```
/// use amoba::game::{Side, generate};
/// let strip = generate::strip_7tr(8).unwrap();
/// // Maker takes 0,1 and Breaker answers in the corner pair at 1,0.
/// let p = generate::after(&strip, "0,1 1,0").unwrap();
/// assert_eq!(p.first, Side::Maker);
/// assert_eq!((p.maker, p.breaker), (1 << 8, 1 << 1));
/// assert!(generate::after(&strip, "0,1 0,1").is_err());
/// assert!(generate::after(&strip, "8,0").is_err());
/// ```
pub fn after(game: &Game, moves: &str) -> Result<Game, GenerateError> {
    let labels: Vec<&str> = moves.split_whitespace().collect();
    if labels.is_empty() {
        return Err(bad(
            "moves",
            "no move given: expected cell labels separated by blanks".into(),
        ));
    }
    let mut g = game.clone();
    for (i, &label) in labels.iter().enumerate() {
        if let Some(set) = g.won_set() {
            return Err(bad(
                "moves",
                format!(
                    "move {}: the game is over, Maker owns the winning set {set}",
                    i + 1
                ),
            ));
        }
        let c = game.labels.iter().position(|l| l == label).ok_or_else(|| {
            bad(
                "moves",
                format!(
                    "move {}: found {label:?}, which is not the label of a cell of the game",
                    i + 1
                ),
            )
        })?;
        let bit: Cells = 1 << c;
        if (g.maker | g.breaker) & bit != 0 {
            return Err(bad(
                "moves",
                format!("move {}: cell {label} is taken already", i + 1),
            ));
        }
        match g.first {
            Side::Maker => g.maker |= bit,
            Side::Breaker => g.breaker |= bit,
        }
        g.first = g.first.other();
    }
    Ok(g)
}

/// [`after`], named `name` (default: the game's own), with the comment lines that
/// open its file: what it is (`NAME after the moves MOVES`, the game's name or else
/// `file`, and where `game` itself starts when that is not the empty position),
/// `written by: amoba game after FILE --moves MOVES` (with
/// `--name NAME` when given; `file` is the game file as typed), and the
/// [`summary`](crate::game::file::summary).
///
/// # Errors
///
/// As [`after`], or a name that is not a valid game name.
pub fn after_finished(
    game: &Game,
    file: &str,
    moves: &str,
    name: Option<&str>,
) -> Result<(Game, Vec<String>), GenerateError> {
    let started = after(game, moves)?;
    let first = started.first;
    let started = renamed(started, name, first)?;
    let moves = moves.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut words: Vec<String> = ["amoba", "game", "after", file, "--moves", &moves]
        .map(String::from)
        .into();
    if let Some(n) = name {
        words.extend(["--name".into(), n.into()]);
    }
    let named = if game.name.is_empty() {
        crate::game::file::display_name(std::path::Path::new(file))
    } else {
        game.name.clone()
    };
    let from = crate::game::file::position(game)
        .map(|p| format!(", {p}"))
        .unwrap_or_default();
    let comments = vec![
        format!("{named} after the moves {moves}{from}"),
        format!(
            "written by: {}",
            crate::core::provenance::command_line(words)
        ),
        crate::game::file::summary(&started),
    ];
    Ok((started, comments))
}

/// Directions as typed on the command line, `"1,0 0,1 1,1 1,-1"`: vectors `x,y`
/// separated by blanks. (Whether they are primitive and distinct is [`rectangle`]'s
/// check.)
///
/// # Errors
///
/// A vector that is not two integers separated by a comma (argument `directions`).
///
/// ```
/// use amoba::game::generate::parse_directions;
/// assert_eq!(parse_directions("1,0 1,-1").unwrap(), [(1, 0), (1, -1)]);
/// assert!(parse_directions("1,0,0").is_err());
/// ```
pub fn parse_directions(text: &str) -> Result<Vec<(i64, i64)>, GenerateError> {
    text.split_whitespace()
        .map(|v| {
            v.split_once(',')
                .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
                .ok_or_else(|| {
                    bad(
                        "directions",
                        format!(
                            "found {v:?}, expected vectors x,y of two integers separated by \
                             blanks (e.g. \"1,0 0,1 1,1 1,-1\")"
                        ),
                    )
                })
        })
        .collect()
}

#[cfg(test)]
mod tests;
