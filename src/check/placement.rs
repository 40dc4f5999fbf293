//! The checker of periodic t-placements (docs/spec.md §10): is every winning set of the
//! plane blocked?
//!
//! # What it computes
//!
//! A *t-cookie* is a set of at most `t` cells split into two non-empty parts `a` and
//! `b`; it *blocks* a winning set (`k` consecutive cells along one of the game's
//! directions) when the set meets both parts. A periodic placement is given by its
//! period lattice Λ and one copy of each cookie (FORMATS.md, *Placement files*); the
//! placement is the set of all translates `C + λ`, `λ ∈ Λ`, and must partition the
//! plane. It is *good* when every winning set is blocked by some cookie, *tight* when
//! every winning set is blocked by exactly one.
//!
//! [`parse_placement`] reads the text form; [`check_placement`] first checks the
//! structure (every part non-empty, no cookie larger than `t`, the cookies' cells
//! pairwise incongruent modulo Λ and as many as the index `|det Λ|`, so that their
//! translates partition the plane) and then tests every winning set of one period:
//! `|det Λ|` start cells times the directions. A structural fault is an error naming
//! the line; a winning set no cookie blocks is a verdict, with the first ones as
//! witnesses.
//!
//! # Arithmetic and invariants
//!
//! The module has its own lattice arithmetic, shared with nothing: the basis is brought
//! to Hermite normal form by integer row operations, rows `(h11, h12)` and `(0, h22)`
//! with `h11, h22 > 0` and `0 ≤ h12 < h22`, so the cells `(x, y)` with `0 ≤ x < h11`,
//! `0 ≤ y < h22` are one representative of each class of `Z²/Λ` ([`Hnf::reduce`]).
//! A cell of the plane belongs to the copy `λ = c − r` of the listed cookie that holds
//! the cell `r ≡ c (mod Λ)`: two cells are in the same cookie of the placement exactly
//! when they name the same listed cookie *and* the same `λ` — a cookie may be spread
//! over several periods, so the same listed cookie is not enough.
//!
//! # Complexity
//!
//! `O(|det Λ| · n · k)` for the winning sets (`n` directions) plus `O(t² · n · k)` per
//! cookie for the blocking numbers; hash-free, with one table of `|det Λ|` entries.

use crate::check::pairing::VerifyError;
use serde::Serialize;

mod parse;

pub use parse::parse_placement;

/// A part of a cookie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Part {
    /// Part `a` (drawn grey).
    A,
    /// Part `b` (drawn white).
    B,
}

/// One cookie as listed: the line it was read from and its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cookie {
    /// 1-based line of the file.
    pub line: usize,
    /// Its cells (plane coordinates) and their parts, in the order written.
    pub cells: Vec<([i64; 2], Part)>,
}

/// A periodic placement as read: the game it records, the lattice and one copy of each
/// cookie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The game the file says it blocks (its `directions`, `k` and `t` lines), each
    /// `None` when not written.
    pub recorded: Recorded,
    /// The basis of the period lattice, as written.
    pub lattice: [[i64; 2]; 2],
    /// 1-based line of the `lattice` line.
    pub lattice_line: usize,
    /// The cookies, in file order.
    pub cookies: Vec<Cookie>,
}

/// What a placement file records of its game, before its lattice line: the lines
/// `directions x,y …`, `k K` and `t T`, each optional and written at most once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    /// The winning directions: non-zero, primitive, none listed twice (a direction and
    /// its negative are the same lines), coordinates within ±[`MAX_DIRECTION`].
    pub directions: Option<Vec<[i64; 2]>>,
    /// Cells in a winning set, `2 ≤ k ≤ MAX_K`.
    pub k: Option<usize>,
    /// Most cells in a cookie, `2 ≤ t ≤ MAX_T`.
    pub t: Option<usize>,
}

/// The largest coordinate of a recorded direction (as the boards' directions).
pub const MAX_DIRECTION: i64 = 512;
/// The most directions a placement file may record.
pub const MAX_DIRECTIONS: usize = 64;
/// The largest `k` a placement file may record (as the searches of cookies).
pub const MAX_K: usize = 64;
/// The largest `t` a placement file may record (as the searches of cookies).
pub const MAX_T: usize = 16;

/// The game a placement must block: directions and `k`, and the bound `t`.
#[derive(Clone, Debug)]
pub struct Game {
    /// The winning directions (one per line family; a direction and its negative are
    /// the same lines).
    pub directions: Vec<[i64; 2]>,
    /// Cells in a winning set.
    pub k: usize,
    /// Most cells in a cookie, when bounded.
    pub t: Option<usize>,
}

/// An unblocked winning set.
#[derive(Clone, Debug, Serialize)]
pub struct Witness {
    /// Its first cell (a representative of a period: `0 ≤ x < h11`, `0 ≤ y < h22`).
    pub start: [i64; 2],
    /// Its direction.
    pub direction: [i64; 2],
    /// Each of its cells with the line of its cookie and its part.
    pub cells: Vec<WitnessCell>,
}

/// A cell of a witness.
#[derive(Clone, Debug, Serialize)]
pub struct WitnessCell {
    /// The cell.
    pub cell: [i64; 2],
    /// Line of the listed cookie it belongs to (a translate of it).
    pub cookie_line: usize,
    /// The translation `λ` of that copy.
    pub translate: [i64; 2],
    /// Its part.
    pub part: Part,
}

/// The verdict on a structurally sound placement.
#[derive(Clone, Debug, Serialize)]
pub struct PlacementReport {
    /// The lattice basis, `x1,y1 x2,y2`.
    pub lattice: String,
    /// Its index `|det Λ|`: cells per period.
    pub index: u64,
    /// Cookies per period.
    pub cookies: usize,
    /// Cells of the largest cookie.
    pub largest_cookie: usize,
    /// The bound `t`, if given.
    pub t: Option<usize>,
    /// Cells in a winning set.
    pub k: usize,
    /// The winning directions.
    pub directions: Vec<[i64; 2]>,
    /// Winning sets per period: index × directions.
    pub winning_sets: u64,
    /// Winning sets (per period) no cookie blocks.
    pub unblocked: u64,
    /// Winning sets (per period) blocked by more than one cookie.
    pub blocked_more_than_once: u64,
    /// The first unblocked winning sets (at most [`MAX_WITNESSES`]).
    pub witnesses: Vec<Witness>,
    /// Blocking number of each listed cookie (winning sets of the plane it blocks).
    pub blocking_numbers: Vec<u64>,
    /// Every winning set blocked.
    pub good: bool,
    /// Every winning set blocked exactly once.
    pub tight: bool,
}

/// Most witnesses listed.
pub const MAX_WITNESSES: usize = 10;

/// The largest coordinate, in absolute value, of a cell or a lattice vector of a
/// placement file (`2^30`).
pub const MAX_COORDINATE: i64 = 1 << 30;

/// The largest index of a placement's lattice, and so the most cells a placement file
/// may list (`2^16`, sixteen times the largest board the searches handle).
pub const MAX_INDEX: u64 = 1 << 16;

/// The Hermite normal form of a 2-D lattice basis (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hnf {
    h11: i64,
    h12: i64,
    h22: i64,
}

impl Hnf {
    /// The normal form of the lattice spanned by `basis`, or `None` when it is
    /// degenerate (determinant 0).
    ///
    /// The arithmetic is in 128 bits and checked, so any basis is accepted; a lattice
    /// whose normal form leaves `i64` is reported as degenerate too, which only a basis
    /// far beyond [`MAX_COORDINATE`] can have (the parser refuses those first).
    pub fn new(basis: [[i64; 2]; 2]) -> Option<Hnf> {
        // Row operations keep the lattice: make the first column (g, 0) by the
        // Euclidean algorithm on its entries.
        let wide = |v: [i64; 2]| [i128::from(v[0]), i128::from(v[1])];
        let (mut r1, mut r2) = (wide(basis[0]), wide(basis[1]));
        while r2[0] != 0 {
            let q = r1[0].checked_div_euclid(r2[0])?;
            r1 = [
                r1[0].checked_sub(q.checked_mul(r2[0])?)?,
                r1[1].checked_sub(q.checked_mul(r2[1])?)?,
            ];
            std::mem::swap(&mut r1, &mut r2);
        }
        if r1[0] < 0 {
            r1 = [r1[0].checked_neg()?, r1[1].checked_neg()?];
        }
        let h22 = r2[1].checked_abs()?;
        if r1[0] == 0 || h22 == 0 {
            return None;
        }
        Some(Hnf {
            h11: i64::try_from(r1[0]).ok()?,
            h12: i64::try_from(r1[1].rem_euclid(h22)).ok()?,
            h22: i64::try_from(h22).ok()?,
        })
    }

    /// The larger side of the box of representatives, `max(h11, h22)`.
    pub fn period(&self) -> usize {
        self.h11.max(self.h22) as usize
    }

    /// Cells per period.
    pub fn index(&self) -> u64 {
        // Both sides are below 2^63, so their product fits in 128 bits; an index
        // beyond u64 saturates (it is refused long before, [`MAX_INDEX`]).
        u64::try_from(i128::from(self.h11) * i128::from(self.h22)).unwrap_or(u64::MAX)
    }

    /// The representative of `c` modulo the lattice, and its index in `0..index()`.
    pub fn reduce(&self, c: [i64; 2]) -> ([i64; 2], usize) {
        // Subtract m·(h11, h12) to bring x into [0, h11), then n·(0, h22) for y.
        let m = c[0].div_euclid(self.h11);
        let x = c[0] - m * self.h11;
        let y = (c[1] - m * self.h12).rem_euclid(self.h22);
        ([x, y], (x * self.h22 + y) as usize)
    }

    /// The representative with index `i`.
    pub fn cell(&self, i: usize) -> [i64; 2] {
        [i as i64 / self.h22, i as i64 % self.h22]
    }
}

fn malformed(file: &str, line: usize, column: usize, message: String) -> VerifyError {
    VerifyError::Malformed {
        file: file.to_string(),
        line,
        column,
        message,
    }
}

/// Where each class of `Z²/Λ` lies: (listed cookie, its cell).
type Owner = Option<(usize, [i64; 2], Part)>;

/// A placement found to partition the plane: which cookie copy holds each cell.
pub struct Tiling {
    hnf: Hnf,
    owner: Vec<(usize, [i64; 2], Part)>,
}

impl Tiling {
    /// The copy of a listed cookie that holds plane cell `c`: (index of the listed
    /// cookie, the translation `λ` of the copy, the part of `c`).
    pub fn copy(&self, c: [i64; 2]) -> (usize, [i64; 2], Part) {
        let (_, r) = self.hnf.reduce(c);
        let (i, rep, part) = self.owner[r];
        (i, [c[0] - rep[0], c[1] - rep[1]], part)
    }

    /// The lattice in Hermite normal form.
    pub fn hnf(&self) -> &Hnf {
        &self.hnf
    }
}

/// Checks that the cookies of `p` are proper (both parts non-empty, at most `t`
/// cells) and that their translates partition the plane.
///
/// Errors: [`VerifyError::Malformed`] naming the line, for a degenerate lattice, an
/// empty part, a cookie larger than `t`, two cells of the placement that are the same
/// cell modulo the lattice, or cookies that leave some cell of the plane uncovered.
pub fn tile(file: &str, p: &Placement, t: Option<usize>) -> Result<Tiling, VerifyError> {
    let [[x1, y1], [x2, y2]] = p.lattice;
    let hnf = Hnf::new(p.lattice).ok_or_else(|| {
        malformed(
            file,
            p.lattice_line,
            1,
            format!(
                "the lattice {x1},{y1} {x2},{y2} is degenerate, expected two independent vectors"
            ),
        )
    })?;
    let index = hnf.index();
    if index > MAX_INDEX {
        return Err(malformed(
            file,
            p.lattice_line,
            1,
            format!("the lattice has index {index}, expected at most {MAX_INDEX}"),
        ));
    }
    let mut owner: Vec<Owner> = vec![None; index as usize];
    for (i, cookie) in p.cookies.iter().enumerate() {
        if let Some(t) = t
            && cookie.cells.len() > t
        {
            return Err(malformed(
                file,
                cookie.line,
                1,
                format!(
                    "found a cookie of {} cells, expected at most t = {t}",
                    cookie.cells.len()
                ),
            ));
        }
        for part in [Part::A, Part::B] {
            if !cookie.cells.iter().any(|&(_, q)| q == part) {
                return Err(malformed(
                    file,
                    cookie.line,
                    1,
                    format!(
                        "found a cookie with no cell in part {}, expected both parts non-empty",
                        if part == Part::A { "a" } else { "b" }
                    ),
                ));
            }
        }
        for &(c, part) in &cookie.cells {
            let (_, r) = hnf.reduce(c);
            if let Some((j, other, _)) = owner[r] {
                return Err(malformed(
                    file,
                    cookie.line,
                    1,
                    format!(
                        "cell {},{} is cell {},{} of the cookie on line {} moved by the \
                         lattice, expected every cell of the plane in exactly one cookie",
                        c[0], c[1], other[0], other[1], p.cookies[j].line
                    ),
                ));
            }
            owner[r] = Some((i, c, part));
        }
    }
    // The first class no cookie covers.
    let uncovered = owner.iter().position(Option::is_none);
    let owner: Option<Vec<_>> = owner.iter().copied().collect();
    owner.map(|owner| Tiling { hnf, owner }).ok_or_else(|| {
        let covered: usize = p.cookies.iter().map(|c| c.cells.len()).sum();
        let r = uncovered.unwrap_or(0);
        let c = hnf.cell(r);
        malformed(
            file,
            p.lattice_line,
            1,
            format!(
                "the cookies cover {covered} of the {index} cells of a period of the lattice \
                 {x1},{y1} {x2},{y2}; no cookie covers cell {},{} (or any cell congruent to \
                 it), expected every cell of the plane in exactly one cookie",
                c[0], c[1]
            ),
        )
    })
}

/// Checks a placement against a game (module docs): [`tile`], then every winning set
/// of one period.
///
/// Errors: those of [`tile`], and a game with `k < 2` or no direction. A well-formed
/// placement that fails to block is not an error: see [`PlacementReport::good`] and
/// its witnesses.
pub fn check_placement(
    file: &str,
    p: &Placement,
    game: &Game,
) -> Result<PlacementReport, VerifyError> {
    if game.k < 2 || game.directions.is_empty() {
        return Err(VerifyError::Board {
            board: "placement".into(),
            message: format!("expected k ≥ 2 and a direction, found k = {}", game.k),
        });
    }
    let limit = crate::core::board::group::MAX_COORDINATE;
    if game.k > MAX_K
        || game
            .directions
            .iter()
            .any(|d| d.iter().any(|x| x.unsigned_abs() > limit as u64))
    {
        return Err(VerifyError::Board {
            board: "placement".into(),
            message: format!(
                "expected k ≤ {} and directions of coordinates within ±{limit}, found k = {}",
                MAX_K, game.k
            ),
        });
    }
    let tiling = tile(file, p, game.t)?;
    let [[x1, y1], [x2, y2]] = p.lattice;
    let hnf = tiling.hnf;
    let index = hnf.index();
    let largest = p.cookies.iter().map(|c| c.cells.len()).max().unwrap_or(0);
    let (mut unblocked, mut multiple) = (0u64, 0u64);
    let mut witnesses = Vec::new();
    let mut window = Vec::with_capacity(game.k);
    for r in 0..index as usize {
        let s = hnf.cell(r);
        for &d in &game.directions {
            window.clear();
            window.extend((0..game.k as i64).map(|m| {
                let c = [s[0] + m * d[0], s[1] + m * d[1]];
                (c, tiling.copy(c))
            }));
            // Copies meeting the window in both parts.
            let mut blockers: Vec<(usize, [i64; 2])> = Vec::new();
            for (_, (i, l, part)) in &window {
                if *part == Part::A
                    && window
                        .iter()
                        .any(|(_, (j, m, q))| j == i && m == l && *q == Part::B)
                    && !blockers.contains(&(*i, *l))
                {
                    blockers.push((*i, *l));
                }
            }
            match blockers.len() {
                0 => {
                    unblocked += 1;
                    if witnesses.len() < MAX_WITNESSES {
                        witnesses.push(Witness {
                            start: s,
                            direction: d,
                            cells: window
                                .iter()
                                .map(|&(cell, (i, l, part))| WitnessCell {
                                    cell,
                                    cookie_line: p.cookies[i].line,
                                    translate: l,
                                    part,
                                })
                                .collect(),
                        });
                    }
                }
                1 => {}
                _ => multiple += 1,
            }
        }
    }
    let blocking_numbers = p
        .cookies
        .iter()
        .map(|c| blocking_number(&c.cells, &game.directions, game.k))
        .collect();
    Ok(PlacementReport {
        lattice: format!("{x1},{y1} {x2},{y2}"),
        index,
        cookies: p.cookies.len(),
        largest_cookie: largest,
        t: game.t,
        k: game.k,
        directions: game.directions.clone(),
        winning_sets: index * game.directions.len() as u64,
        unblocked,
        blocked_more_than_once: multiple,
        witnesses,
        blocking_numbers,
        good: unblocked == 0,
        tight: unblocked == 0 && multiple == 0,
    })
}

/// The number of winning sets of the plane (`k` cells along one of `directions`) that
/// meet both parts of the cookie `cells`.
pub fn blocking_number(cells: &[([i64; 2], Part)], directions: &[[i64; 2]], k: usize) -> u64 {
    // The first part given to a cell, as a search from the front would find it.
    let parts: std::collections::BTreeMap<[i64; 2], Part> = cells.iter().rev().copied().collect();
    let part_of = |c: [i64; 2]| parts.get(&c).copied();
    let mut starts: std::collections::BTreeSet<([i64; 2], usize)> = Default::default();
    for &(c, _) in cells {
        for (f, d) in directions.iter().enumerate() {
            for j in 0..k as i64 {
                starts.insert(([c[0] - j * d[0], c[1] - j * d[1]], f));
            }
        }
    }
    starts
        .iter()
        .filter(|&&(s, f)| {
            let d = directions[f];
            let mut seen = (false, false);
            for m in 0..k as i64 {
                match part_of([s[0] + m * d[0], s[1] + m * d[1]]) {
                    Some(Part::A) => seen.0 = true,
                    Some(Part::B) => seen.1 = true,
                    None => {}
                }
            }
            seen == (true, true)
        })
        .count() as u64
}

impl PlacementReport {
    /// The human-readable report.
    pub fn to_text(&self, file: &str) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let verdict = match (self.good, self.tight) {
            (true, true) => "good and tight (every winning set blocked exactly once)",
            (true, false) => "good (every winning set blocked)",
            _ => "NOT good",
        };
        let _ = writeln!(s, "{file}: placement: {verdict}");
        let _ = writeln!(
            s,
            "  lattice {} (index {}), {} cookies, largest {} cells{}",
            self.lattice,
            self.index,
            self.cookies,
            self.largest_cookie,
            self.t.map(|t| format!(" (t = {t})")).unwrap_or_default()
        );
        let dirs: Vec<String> = self
            .directions
            .iter()
            .map(|d| format!("{},{}", d[0], d[1]))
            .collect();
        let _ = writeln!(
            s,
            "  k = {} along {}: {} winning sets per period, {} unblocked, {} blocked more than once",
            self.k,
            dirs.join(" "),
            self.winning_sets,
            self.unblocked,
            self.blocked_more_than_once
        );
        let mut numbers = self.blocking_numbers.clone();
        numbers.sort_unstable();
        numbers.dedup();
        let _ = writeln!(
            s,
            "  blocking numbers of the cookies: {}",
            numbers
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
        for w in &self.witnesses {
            let cells: Vec<String> = w
                .cells
                .iter()
                .map(|c| {
                    format!(
                        "{},{}:{} (line {})",
                        c.cell[0],
                        c.cell[1],
                        if c.part == Part::A { "a" } else { "b" },
                        c.cookie_line
                    )
                })
                .collect();
            let _ = writeln!(
                s,
                "  unblocked: from {},{} along {},{}: {}",
                w.start[0],
                w.start[1],
                w.direction[0],
                w.direction[1],
                cells.join(" ")
            );
        }
        if self.unblocked as usize > self.witnesses.len() {
            let _ = writeln!(
                s,
                "  and {} more unblocked winning sets",
                self.unblocked as usize - self.witnesses.len()
            );
        }
        s
    }
}

#[cfg(test)]
mod tests;
