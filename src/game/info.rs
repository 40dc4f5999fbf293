//! What a game is (`amoba game info`), and the blocking power of a sub-board of the
//! plane with the counting bound it gives (L. Győrffy's dissertation, University of
//! Szeged, 2019, ch. 6.2; docs/spec.md §11).
//!
//! # Blocking power
//!
//! Breaker may play k-in-a-row on the plane by splitting it into copies of a finite
//! *sub-board* and answering every move of Maker in the copy where it was made, with a
//! winning strategy of the sub-board game. A winning set of the sub-board that is `s`
//! consecutive cells of a line is contained in `k − s + 1` windows of k-in-a-row along
//! that line (for `k ≥ s`), and Breaker, who takes a cell of it, blocks them all. The
//! *blocking power* of the sub-board is the number of windows its sets block,
//! counted with multiplicity:
//!
//! ```text
//! Σ over the winning sets (k − s + 1) = a·k − b,   a = number of sets, b = Σ (s − 1).
//! ```
//!
//! [`blocking_power`] checks that every set is a segment — its cells collinear, evenly
//! spaced by a primitive vector, no cell of the line missing between its ends — and
//! returns `a`, `b` and the count of sets of each size ([`Linear`]);
//! [`blocking_power_from_sizes`] computes the same from the sizes alone. A set of one
//! cell is refused: it lies on a line of every direction, so its windows depend on the
//! directions of the game on the plane.
//!
//! # The counting bound (Statement 6.5)
//!
//! A copy of an `r`-cell sub-board must block its share of the windows: with `D`
//! windows per cell (`D = 4` for rows, columns and both diagonals, one window starting
//! at each cell in each direction), a good decomposition needs `(a·k − b)/r ≥ D`, that
//! is `k ≥ (D·r + b)/a` ([`counting_bound`], an exact fraction). For the dissertation's
//! 4×8 strip, `32k − 88` on 32 cells: `k ≥ 216/32 = 6.75`; for its 4×12 strip `48k −
//! 136`: `k ≥ 328/48 ≈ 6.83`. It is a necessary condition only: a sub-board that meets
//! it may still lose.
//!
//! # Invariants
//!
//! All arithmetic is checked; `a ≤ 65,536` and `b < 128·65,536` for any game, so the
//! bound's fraction always fits. The starting position plays no part in either number.

use super::file::{ReadError, load, size_counts, summary};
use super::{Game, cells};
use crate::core::board::gcd;
use crate::core::provenance::{GAME_INFO, GAME_POWER, Provenance};
use serde::Serialize;
use std::fmt;
use std::path::Path;

/// Why a blocking power or a counting bound cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BlockingError {
    /// The labels are not coordinates `x,y` ([`Game::coords`] is `None`).
    #[error("the labels are not coordinates x,y, so the sets are not drawn in the plane")]
    NoCoordinates,
    /// A winning set is not a segment of a line.
    #[error("winning set {index} ({cells}) is not {reason}")]
    NotSegment {
        /// 1-based, in the game's order.
        index: usize,
        /// Its labels, separated by spaces.
        cells: String,
        /// What it is not.
        reason: String,
    },
    /// A set of fewer than 2 cells (from sizes).
    #[error(
        "found a set of {0} cell(s), expected at least 2 (a one-cell set lies on a line of every direction)"
    )]
    Size(usize),
    /// No winning set: nothing is blocked, no k is enough.
    #[error("the game has no winning set, so it blocks no window for any k")]
    NoSets,
    /// The numbers do not fit in 64 bits.
    #[error("the numbers of the bound do not fit in 64 bits")]
    Overflow,
}

/// A blocking power `a·k − b`, with the sets of each size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Linear {
    /// The slope: the number of winning sets.
    pub a: u64,
    /// The constant: `Σ (s − 1)` over the sets.
    pub b: u64,
    /// `sizes[s]`: the number of sets of `s` cells, from `s = 0` to the largest size.
    pub sizes: Vec<u64>,
}

impl Linear {
    /// The windows blocked for a given `k` (negative when `k` is below the sizes).
    pub fn at(&self, k: u64) -> i128 {
        i128::from(self.a) * i128::from(k) - i128::from(self.b)
    }
}

impl fmt::Display for Linear {
    /// `32k − 88` (or `32k` when `b = 0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.b == 0 {
            write!(f, "{}k", self.a)
        } else {
            write!(f, "{}k − {}", self.a, self.b)
        }
    }
}

/// The direction of a segment: `points` sorted, collinear, each the previous one plus
/// one primitive vector. Returns that vector, or what is wrong.
///
/// ```
/// use amoba::game::info::segment_direction;
/// assert_eq!(segment_direction(&[(2, 0), (0, 2), (1, 1)]), Ok((1, -1)));
/// assert!(segment_direction(&[(0, 0), (2, 0)]).is_err());
/// ```
///
/// # Errors
///
/// A sentence saying what the points are not: fewer than 2, a gap, not collinear.
pub fn segment_direction(points: &[(i64, i64)]) -> Result<(i64, i64), String> {
    let mut p = points.to_vec();
    p.sort_unstable();
    if p.len() < 2 {
        return Err("a segment of a line: one cell lies on a line of every direction".into());
    }
    let step = |a: (i64, i64), b: (i64, i64)| (b.0 - a.0, b.1 - a.1);
    let d = step(p[0], p[1]);
    let g = gcd(d.0.abs(), d.1.abs());
    if g != 1 {
        return Err(format!(
            "a segment of a line: ({},{}) and ({},{}) have {} cells of their line between them",
            p[0].0,
            p[0].1,
            p[1].0,
            p[1].1,
            g - 1
        ));
    }
    for w in p.windows(2).skip(1) {
        if step(w[0], w[1]) != d {
            return Err(format!(
                "consecutive cells of one line: after ({},{}) comes ({},{}), not ({},{})",
                w[0].0,
                w[0].1,
                w[1].0,
                w[1].1,
                w[0].0 + d.0,
                w[0].1 + d.1
            ));
        }
    }
    Ok(d)
}

/// The blocking power of a game drawn in the plane (module documentation).
///
/// # Errors
///
/// [`BlockingError::NoCoordinates`] when the labels are not coordinates,
/// [`BlockingError::NotSegment`] for the first set that is not a segment of a line of
/// at least 2 cells.
///
/// ```
/// use amoba::game::{generate, info};
/// let p = info::blocking_power(&generate::strip_dissertation(8).unwrap()).unwrap();
/// assert_eq!(p.to_string(), "32k − 88");
/// ```
pub fn blocking_power(game: &Game) -> Result<Linear, BlockingError> {
    let coords = game.coords.as_ref().ok_or(BlockingError::NoCoordinates)?;
    let mut sizes = Vec::with_capacity(game.sets.len());
    for (i, &s) in game.sets.iter().enumerate() {
        let points: Vec<(i64, i64)> = cells(s).filter_map(|c| coords.get(c).copied()).collect();
        segment_direction(&points).map_err(|reason| BlockingError::NotSegment {
            index: i + 1,
            cells: cells(s)
                .map(|c| game.labels.get(c).map_or("?", String::as_str))
                .collect::<Vec<_>>()
                .join(" "),
            reason,
        })?;
        sizes.push(points.len());
    }
    blocking_power_from_sizes(&sizes)
}

/// The blocking power `Σ (k − s + 1)` of sets of the given sizes.
///
/// # Errors
///
/// [`BlockingError::Size`] for a size below 2.
///
/// ```
/// use amoba::game::info::blocking_power_from_sizes;
/// let p = blocking_power_from_sizes(&[2, 2, 3, 3, 3, 3, 4, 4, 4]).unwrap();
/// assert_eq!((p.a, p.b), (9, 19));
/// ```
pub fn blocking_power_from_sizes(sizes: &[usize]) -> Result<Linear, BlockingError> {
    let mut counts: Vec<u64> = Vec::new();
    let mut b: u64 = 0;
    for &s in sizes {
        if s < 2 {
            return Err(BlockingError::Size(s));
        }
        if counts.len() <= s {
            counts.resize(s + 1, 0);
        }
        counts[s] += 1;
        b = b.checked_add(s as u64 - 1).ok_or(BlockingError::Overflow)?;
    }
    Ok(Linear {
        a: sizes.len() as u64,
        b,
        sizes: counts,
    })
}

/// The least `k` a good decomposition of the plane into copies of a sub-board allows
/// (Statement 6.5): `k ≥ num/den`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bound {
    /// Windows per cell the copies must block (4 for the four directions).
    pub density: u64,
    /// Cells of the sub-board.
    pub cells: u64,
    /// Numerator of `(density·cells + b)/a`, in lowest terms.
    pub num: u64,
    /// Denominator, in lowest terms.
    pub den: u64,
    /// `num/den` as a float.
    pub value: f64,
    /// The least whole `k ≥ num/den`.
    pub least_k: u64,
}

impl fmt::Display for Bound {
    /// `k ≥ 27/4 = 6.75`, or `k ≥ 7` for a whole bound.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "k ≥ {}", self.num)
        } else {
            write!(f, "k ≥ {}/{} ≈ {:.4}", self.num, self.den, self.value)
        }
    }
}

/// The counting bound for a sub-board of `r` cells whose sets block `a·k − b` windows,
/// when each cell of the plane starts `density` windows (module documentation):
/// `k ≥ (density·r + b)/a`, in lowest terms.
///
/// # Errors
///
/// [`BlockingError::NoSets`] when `a = 0`; [`BlockingError::Overflow`] when
/// `density·r + b` does not fit in 64 bits.
///
/// ```
/// use amoba::game::info::counting_bound;
/// let k = counting_bound(48, 136, 48, 4).unwrap();
/// assert_eq!((k.num, k.den, k.least_k), (41, 6, 7)); // 328/48
/// ```
pub fn counting_bound(a: u64, b: u64, r: u64, density: u64) -> Result<Bound, BlockingError> {
    if a == 0 {
        return Err(BlockingError::NoSets);
    }
    let num = density
        .checked_mul(r)
        .and_then(|x| x.checked_add(b))
        .ok_or(BlockingError::Overflow)?;
    let g = gcd_u64(num, a);
    let (num, den) = (num / g, a / g);
    Ok(Bound {
        density,
        cells: r,
        num,
        den,
        value: num as f64 / den as f64,
        least_k: num.div_ceil(den),
    })
}

fn gcd_u64(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd_u64(b, a % b) }
}

/// The starting position, by label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Start {
    /// Maker's cells.
    pub maker: Vec<String>,
    /// Breaker's cells.
    pub breaker: Vec<String>,
}

/// The blocking power in a document: the form and its text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PowerDoc {
    /// Slope `a`: the number of sets.
    pub a: u64,
    /// Constant `b`: `Σ (s − 1)`.
    pub b: u64,
    /// `a·k − b` as text, e.g. `32k − 88`.
    pub text: String,
}

impl From<&Linear> for PowerDoc {
    fn from(p: &Linear) -> PowerDoc {
        PowerDoc {
            a: p.a,
            b: p.b,
            text: p.to_string(),
        }
    }
}

/// What `amoba game info --json` prints (docs/schemas/game-info.schema.json).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Info {
    /// The provenance block (format `amoba-game-info`).
    pub provenance: Provenance,
    /// The file as named on the command line (`<stdin>` for `-`).
    pub file: String,
    /// SHA-256 of the file's bytes (what a strategy certificate names).
    pub file_sha256: String,
    /// The game's name, `null` when it has none.
    pub name: Option<String>,
    /// The summary line the writer puts at the top of a game file.
    pub summary: String,
    /// Number of cells.
    pub cells: usize,
    /// Number of winning sets.
    pub sets: usize,
    /// `set_sizes[s]`: the sets of `s` cells, from 0 to the largest size.
    pub set_sizes: Vec<usize>,
    /// Who moves first: `maker` or `breaker`.
    pub first: &'static str,
    /// The starting position.
    pub start: Start,
    /// Whether every label is a coordinate `x,y`.
    pub coordinates: bool,
    /// The blocking power, when every set is a segment of a line.
    pub blocking_power: Option<PowerDoc>,
    /// The counting bound from the blocking power.
    pub counting_bound: Option<Bound>,
    /// Why there is no blocking power or bound, if there is none.
    pub no_blocking_power: Option<String>,
}

impl Info {
    /// The document of `game`, read from the file `file` whose bytes have SHA-256
    /// `file_sha256`, with the counting bound for `density` windows per cell.
    pub fn new(
        provenance: Provenance,
        file: &str,
        file_sha256: &str,
        game: &Game,
        density: u64,
    ) -> Info {
        let sizes = size_counts(&game.sets);
        let mut set_sizes = vec![0; sizes.last().map_or(0, |&(s, _)| s + 1)];
        for (s, c) in sizes {
            set_sizes[s] = c;
        }
        let labels = |s| cells(s).map(|c| game.labels[c].clone()).collect();
        let power = blocking_power(game).and_then(|p| {
            let bound = counting_bound(p.a, p.b, game.ncells() as u64, density)?;
            Ok((p, bound))
        });
        let (blocking_power, counting_bound, no_blocking_power) = match power {
            Ok((p, bound)) => (Some(PowerDoc::from(&p)), Some(bound), None),
            Err(e) => (None, None, Some(e.to_string())),
        };
        Info {
            provenance,
            file: file.to_string(),
            file_sha256: file_sha256.to_string(),
            name: (!game.name.is_empty()).then(|| game.name.clone()),
            summary: summary(game),
            cells: game.ncells(),
            sets: game.sets.len(),
            set_sizes,
            first: game.first.word(),
            start: Start {
                maker: labels(game.maker),
                breaker: labels(game.breaker),
            },
            coordinates: game.coords.is_some(),
            blocking_power,
            counting_bound,
            no_blocking_power,
        }
    }

    /// The document of the game file `path` (`-` = standard input), for a run of
    /// `command` (the provenance's `board` is the game's name, or the file's when the
    /// game has none).
    ///
    /// # Errors
    ///
    /// A [`ReadError`] when the file cannot be read or is not a game file.
    pub fn read(path: &Path, density: u64, command: &str) -> Result<Info, ReadError> {
        let loaded = load(path)?;
        let provenance = Provenance::new(loaded.title(), command, None).stamped(&GAME_INFO);
        Ok(Info::new(
            provenance,
            &loaded.name,
            &loaded.sha256,
            &loaded.game,
            density,
        ))
    }

    /// The document as text, one fact per line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let line = |out: &mut String, s: String| {
            out.push_str(&s);
            out.push('\n');
        };
        line(
            &mut out,
            format!(
                "game {} ({}, SHA-256 {})",
                self.name.as_deref().unwrap_or("(no name)"),
                self.file,
                self.file_sha256
            ),
        );
        line(
            &mut out,
            format!(
                "cells: {}{}",
                self.cells,
                if self.coordinates {
                    ", labelled by coordinates x,y"
                } else {
                    ""
                }
            ),
        );
        let sizes = size_list(&self.set_sizes);
        line(
            &mut out,
            format!(
                "winning sets: {}{}",
                self.sets,
                if sizes.is_empty() {
                    String::new()
                } else {
                    format!(" (sizes: {})", sizes.join(", "))
                }
            ),
        );
        let start = if self.start.maker.is_empty() && self.start.breaker.is_empty() {
            "the empty board".to_string()
        } else {
            format!(
                "Maker owns {}, Breaker owns {}",
                list(&self.start.maker),
                list(&self.start.breaker)
            )
        };
        line(
            &mut out,
            format!("first: {}, from {start}", title(self.first)),
        );
        match (&self.blocking_power, &self.counting_bound) {
            (Some(p), Some(b)) => out.push_str(&power_lines(p, b)),
            _ => line(
                &mut out,
                format!(
                    "blocking power: none ({})",
                    self.no_blocking_power.as_deref().unwrap_or("")
                ),
            ),
        }
        out
    }
}

/// `c of s` for each size `s` with `c = set_sizes[s] > 0` sets.
fn size_list(set_sizes: &[usize]) -> Vec<String> {
    set_sizes
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(s, c)| format!("{c} of {s}"))
        .collect()
}

/// The text lines of a blocking power `p` and its counting bound `b`.
fn power_lines(p: &PowerDoc, b: &Bound) -> String {
    format!(
        "blocking power: {} (a set of s cells on a line blocks k − s + 1 windows of \
         k-in-a-row)\ncounting bound: {b} (({})/{} ≥ {}: a good decomposition of the plane \
         into copies needs k ≥ {})\n",
        p.text, p.text, b.cells, b.density, b.least_k
    )
}

/// What `amoba game power --json` prints (docs/schemas/game-power.schema.json): the
/// blocking power and the counting bound of a sub-board known only by the sizes of
/// its winning sets and its number of cells, every set taken to be a segment of a
/// line (the dissertation's 12-cell tile of 8-in-a-row is given so).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SizesInfo {
    /// The provenance block (format `amoba-game-power`, board `set-sizes`).
    pub provenance: Provenance,
    /// Cells of the sub-board.
    pub cells: u64,
    /// Winning sets.
    pub sets: u64,
    /// `set_sizes[s]`: the sets of `s` cells, from 0 to the largest size.
    pub set_sizes: Vec<usize>,
    /// The blocking power.
    pub blocking_power: PowerDoc,
    /// The counting bound from it.
    pub counting_bound: Bound,
}

impl SizesInfo {
    /// The document of a sub-board of `cells` cells whose sets have the sizes `sizes`,
    /// with the counting bound for `density` windows per cell, for a run of
    /// `command`.
    ///
    /// # Errors
    ///
    /// [`BlockingError::Size`] for a size below 2, [`BlockingError::NoSets`] for no
    /// size, [`BlockingError::Overflow`] when the numbers do not fit in 64 bits.
    ///
    /// ```
    /// use amoba::game::info::SizesInfo;
    /// let doc = SizesInfo::new(&[2, 2, 3, 3, 3, 3, 4, 4, 4], 12, 4, "amoba").unwrap();
    /// assert_eq!(doc.blocking_power.text, "9k − 19");
    /// assert_eq!((doc.counting_bound.num, doc.counting_bound.den), (67, 9));
    /// ```
    pub fn new(
        sizes: &[usize],
        cells: u64,
        density: u64,
        command: &str,
    ) -> Result<SizesInfo, BlockingError> {
        let p = blocking_power_from_sizes(sizes)?;
        let bound = counting_bound(p.a, p.b, cells, density)?;
        Ok(SizesInfo {
            provenance: Provenance::new("set-sizes", command, None).stamped(&GAME_POWER),
            cells,
            sets: p.a,
            // Each count is at most `sizes.len()`, a usize.
            set_sizes: p.sizes.iter().map(|&c| c as usize).collect(),
            blocking_power: PowerDoc::from(&p),
            counting_bound: bound,
        })
    }

    /// The document as text, one fact per line.
    pub fn to_text(&self) -> String {
        let sizes = size_list(&self.set_sizes);
        format!(
            "a sub-board of {} cells, every set a segment of a line\nwinning sets: {} (sizes: {})\n{}",
            self.cells,
            self.sets,
            sizes.join(", "),
            power_lines(&self.blocking_power, &self.counting_bound)
        )
    }
}

/// `Maker` from `maker`.
fn title(word: &str) -> &'static str {
    if word == "maker" { "Maker" } else { "Breaker" }
}

/// Labels separated by spaces, or `nothing`.
fn list(labels: &[String]) -> String {
    if labels.is_empty() {
        "nothing".into()
    } else {
        labels.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{file, generate};

    #[test]
    fn the_published_blocking_powers_and_bounds() {
        let strip8 = blocking_power(&generate::strip_dissertation(8).unwrap()).unwrap();
        assert_eq!((strip8.a, strip8.b), (32, 88));
        assert_eq!(strip8.sizes, [0, 0, 2, 4, 26]);
        let k = counting_bound(32, 88, 32, 4).unwrap();
        assert_eq!((k.num, k.den, k.value, k.least_k), (27, 4, 6.75, 7));
        assert_eq!(k.to_string(), "k ≥ 27/4 ≈ 6.7500");

        let strip12 = blocking_power(&generate::strip_dissertation(12).unwrap()).unwrap();
        assert_eq!(strip12.to_string(), "48k − 136");
        let k = counting_bound(48, 136, 48, 4).unwrap();
        assert_eq!((k.num * 48, k.den * 48), (328 * k.den, 48 * k.den));
        assert!((k.value - 328.0 / 48.0).abs() < 1e-12);

        let p = blocking_power_from_sizes(&[2, 2, 3, 3, 3, 3, 4, 4, 4]).unwrap();
        assert_eq!(p.to_string(), "9k − 19");
        let k = counting_bound(p.a, p.b, 12, 4).unwrap();
        assert_eq!((k.num, k.den, k.least_k), (67, 9, 8));
        assert_eq!(p.at(8), 53);
    }

    #[test]
    fn sets_must_be_segments() {
        let g =
            file::parse("first maker\ncells 0,0 1,0 2,0 0,1 2,2\nset 0,0 2,0 1,0\nset 0,0 2,0\n")
                .unwrap();
        match blocking_power(&g).unwrap_err() {
            BlockingError::NotSegment { index, cells, .. } => {
                assert_eq!((index, cells.as_str()), (2, "0,0 2,0"));
            }
            e => panic!("{e}"),
        }
        let g = file::parse("first maker\ncells 0,0 1,0 0,1 2,2\nset 0,0 1,0 2,2\n").unwrap();
        assert!(matches!(
            blocking_power(&g),
            Err(BlockingError::NotSegment { .. })
        ));
        let g = file::parse("first maker\ncells 0,0 1,1 2,2 3,3\nset 0,0 1,1 3,3\n").unwrap();
        assert!(blocking_power(&g).is_err());
        let g = file::parse("first maker\ncells 0,0 1,2 2,4\nset 2,4 0,0 1,2\n").unwrap();
        assert_eq!(blocking_power(&g).unwrap().to_string(), "1k − 2");
        let g = file::parse("first maker\ncells 0,0\nset 0,0\n").unwrap();
        assert!(blocking_power(&g).is_err());
        let g = file::parse("first maker\ncells a b\nset a b\n").unwrap();
        assert_eq!(blocking_power(&g), Err(BlockingError::NoCoordinates));
        let torus = generate::torus(&crate::core::board::Board::square9()).unwrap();
        assert!(blocking_power(&torus).is_err(), "rows wrap around");
        assert_eq!(
            blocking_power_from_sizes(&[3, 1]),
            Err(BlockingError::Size(1))
        );
        assert_eq!(counting_bound(0, 0, 3, 4), Err(BlockingError::NoSets));
        assert_eq!(
            counting_bound(1, u64::MAX, 1, 1),
            Err(BlockingError::Overflow)
        );
    }

    #[test]
    fn the_document_of_the_seven_cell_game() {
        let g = file::parse(
            "game seven\nfirst maker\ncells 1 2 3 4 5 6 7\nset 5 6\nset 1 2 4\nmaker 1\n",
        )
        .unwrap();
        let p = Provenance::new("seven", "amoba game info", None);
        let info = Info::new(p, "seven.game", "00", &g, 4);
        assert_eq!(info.set_sizes, [0, 0, 1, 1]);
        assert_eq!(info.start.maker, ["1"]);
        assert!(info.blocking_power.is_none());
        let text = info.to_text();
        assert!(
            text.contains("winning sets: 2 (sizes: 1 of 2, 1 of 3)"),
            "{text}"
        );
        assert!(
            text.contains("Maker owns 1, Breaker owns nothing"),
            "{text}"
        );
    }
}
