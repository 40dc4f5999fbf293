//! Cookies of the plane and their blocking numbers (docs/spec.md §10): every
//! line-connected t-cookie, the largest blocking number of each size, and the cookies a
//! tight placement may use.
//!
//! # What it computes
//!
//! A *cookie* is a finite set of cells of `Z²` split into two non-empty parts; it
//! *blocks* a winning set (`k` consecutive cells along one of the game's directions)
//! when the set meets both parts, and its *blocking number* is the number of winning
//! sets it blocks. Two cells are *linked* when some winning set holds both: they lie on
//! one line of a direction `v`, at most `k − 1` steps apart. A cookie is
//! *line-connected* when the linked pairs connect it.
//!
//! # Why line-connected cookies are enough
//!
//! A winning set meets at most one line-component of a cookie (its cells are pairwise
//! linked), so it is blocked by the cookie exactly when it is blocked by the component it
//! meets, with the component's cells keeping their parts. Blocking numbers therefore
//! *add up* over line-components, and a component lying in one part blocks nothing.
//! Hence, with `c_s` the largest blocking number of a line-connected cookie of exactly
//! `s` cells,
//!
//! ```text
//! d_t = max( c_s (s ≤ t),  d_{t1} + d_{t2} (t1 + t2 ≤ t, t1, t2 ≥ 2) ),
//! ```
//!
//! and the largest blocking number *per cell* over all cookies of at most `t` cells is
//! attained by a line-connected one. This is a proof, not a restriction: nothing here
//! assumes that a best cookie is king-connected, and [`census`] enumerates every
//! line-connected cookie (not only king-connected ones), so the figures are exact.
//!
//! # How
//!
//! Redelmeier's algorithm (D. H. Redelmeier, *Counting polyominoes: yet another
//! attack*, Discrete Math. 36 (1981)) on the graph of linked cells: every
//! line-connected set whose lexicographically least cell (by `(y, x)`) is the origin is
//! generated exactly once, by growing it from an *untried* list of cells that touch the
//! set and come after the origin. For each set every split into parts with the first
//! cell in part `a` is scored ([`blocking_number`]): per direction the cells are grouped
//! by line and sorted along it; a window is blocked exactly when it holds two
//! consecutive cells of the line in different parts, so the blocked windows of a line
//! are the union of the intervals of starts `[p_j − k + 1, p_i]` of those consecutive
//! pairs `p_i < p_j`. The splits of a set are skipped when the union of those intervals
//! over *all* its consecutive pairs (the windows holding two of its cells), which bounds
//! every split, is below the best found so far for its size (and below the floor of
//! [`kept`]): such a set changes nothing, and the sets themselves are still all
//! generated and counted.
//!
//! The set being grown keeps, per direction, its cells sorted by `(line, position)`:
//! a new cell is put in place by one insertion step and taken out the same way, so no
//! set is sorted afresh; the untried cells of Redelmeier's algorithm are one vector
//! whose tail each level appends and truncates.
//!
//! # Beyond the census
//!
//! [`census_within`] enumerates only the cookies whose cells link within fewer steps
//! (one step: the king's moves for the four directions): its maxima are lower bounds,
//! attained by the cookies it lists. [`peel`] turns such a bound into the exact value:
//! it lists every line-connected cookie at least as good, built up from pairs through
//! levels whose thresholds a counting lemma justifies, and those levels stay small
//! because near-best cookies are rare. [`eventual`] gives a cookie's blocking number as
//! a linear form in `k`, exact for every `k` from some point on, so each cookie found
//! bounds `d_t(k)` from below for all larger `k` (docs/spec.md §10).
//!
//! # Complexity
//!
//! Linear in the number of sets generated times `2^(s−1) · s · n`; the number of sets
//! grows roughly like `(8(k − 1))^(t − 1)` for the four directions, which [`Growth`]
//! sizes up before a run.

// Indices run over several parallel arrays at once in the word loops (this lint was
// allowed for the whole search module this file came from).
#![allow(clippy::needless_range_loop)]

use rayon::prelude::*;
use std::collections::BTreeMap;

/// A cell (or vector) of the plane.
pub type Cell = [i64; 2];

/// A game in the plane: the winning directions and `k`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Primitive direction vectors, one per line family.
    pub directions: Vec<Cell>,
    /// Cells in a winning set.
    pub k: usize,
}

/// The most cells in a winning set a game of cookies may have.
pub const MAX_K: usize = 64;
/// The most cells in a cookie.
pub const MAX_T: usize = 16;
/// The most cells of the grid a census grows its cookies in: `(2r + 1)(r + 1)` for
/// `r = (k − 1)(t − 1)` times the largest coordinate of a direction.
pub const MAX_GRID: u64 = 1 << 26;

/// Why a game or a cookie size is out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// `k` out of `2..=MAX_K`.
    #[error("--k {0}: expected 2 ≤ k ≤ {MAX_K}")]
    K(usize),
    /// `t` out of `2..=MAX_T`.
    #[error("--t {0}: expected 2 ≤ t ≤ {MAX_T}")]
    T(usize),
    /// The largest `k` of a table out of `2..=MAX_K` ([`Game::check_largest`]).
    #[error("--k-max {0}: expected 2 ≤ k ≤ {MAX_K}")]
    KMax(usize),
    /// The largest `t` of a table out of `2..=MAX_T` ([`Game::check_largest`]).
    #[error("--t-max {0}: expected 2 ≤ t ≤ {MAX_T}")]
    TMax(usize),
    /// A direction is zero or beyond the coordinate limit.
    #[error(
        "--directions: the direction ({0}, {1}) is zero or has a coordinate beyond ±{max}",
        max = crate::core::board::group::MAX_COORDINATE
    )]
    Direction(i64, i64),
    /// The census grid would be too large.
    #[error(
        "k = {k}, t = {t} with directions of coordinates up to {step}: a census would grow \
         its cookies in a grid of more than {MAX_GRID} cells"
    )]
    Grid {
        /// `k`.
        k: usize,
        /// `t`.
        t: usize,
        /// The largest coordinate of a direction.
        step: i64,
    },
}

impl Game {
    /// Checks `k`, the directions and, if given, the cookie size `t` against the
    /// limits above, so that every census of the game is within reach of memory.
    pub fn check(&self, t: Option<usize>) -> Result<(), GameError> {
        if !(2..=MAX_K).contains(&self.k) {
            return Err(GameError::K(self.k));
        }
        if let Some(t) = t
            && !(2..=MAX_T).contains(&t)
        {
            return Err(GameError::T(t));
        }
        let limit = crate::core::board::group::MAX_COORDINATE as u64;
        if let Some(v) = self
            .directions
            .iter()
            .find(|v| *v == &[0, 0] || v.iter().any(|x| x.unsigned_abs() > limit))
        {
            return Err(GameError::Direction(v[0], v[1]));
        }
        let step = self
            .directions
            .iter()
            .flat_map(|v| v.iter().map(|x| x.unsigned_abs()))
            .max()
            .unwrap_or(1);
        // Within the limits above, r < 2^6 · 2^4 · 2^9 and the product fits in u64.
        let r = (self.k as u64 - 1) * (t.unwrap_or(MAX_T) as u64 - 1) * step;
        if (2 * r + 1) * (r + 1) > MAX_GRID {
            return Err(GameError::Grid {
                k: self.k,
                t: t.unwrap_or(MAX_T),
                step: step as i64,
            });
        }
        Ok(())
    }

    /// [`Game::check`] for the largest game of a table over `k ≤ self.k` and
    /// `t ≤ t_max` (the largest bounds every census of the table), out-of-range values
    /// named as the table's options `--k-max` and `--t-max`.
    pub fn check_largest(&self, t_max: usize) -> Result<(), GameError> {
        self.check(Some(t_max)).map_err(|e| match e {
            GameError::K(k) => GameError::KMax(k),
            GameError::T(t) => GameError::TMax(t),
            e => e,
        })
    }
}

/// A cookie in normal form: cells sorted by `(y, x)`, the first at the origin and in
/// part `a`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cookie {
    /// The cells, the first at the origin, in increasing `(y, x)`.
    pub cells: Vec<Cell>,
    /// Bit `i` set: cell `i` is in part `b` (bit 0 is always clear).
    pub parts: u32,
}

impl Cookie {
    /// The cookie `cells` with `parts`, brought to normal form.
    pub fn normal(cells: &[Cell], parts: u32) -> Cookie {
        let mut v: Vec<(Cell, bool)> = cells
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, parts >> i & 1 == 1))
            .collect();
        v.sort_by_key(|&(c, _)| (c[1], c[0]));
        let (o, flip) = (v[0].0, v[0].1);
        Cookie {
            cells: v.iter().map(|&(c, _)| [c[0] - o[0], c[1] - o[1]]).collect(),
            parts: v
                .iter()
                .enumerate()
                .map(|(i, &(_, b))| u32::from(b != flip) << i)
                .sum(),
        }
    }

    /// The image under the matrix `m` (row-major 2×2, acting on column vectors), in
    /// normal form.
    pub fn image(&self, m: &[i64]) -> Cookie {
        let cells: Vec<Cell> = self
            .cells
            .iter()
            .map(|x| [m[0] * x[0] + m[1] * x[1], m[2] * x[0] + m[3] * x[1]])
            .collect();
        Cookie::normal(&cells, self.parts)
    }

    /// The least image under `group` (matrices as for [`Cookie::image`], the identity
    /// among them): one representative per orbit.
    pub fn least_image(&self, group: &[Vec<i64>]) -> Cookie {
        group
            .iter()
            .map(|m| self.image(m))
            .min()
            .expect("the group holds the identity")
    }

    /// Is cell `i` in part `b`?
    pub fn in_b(&self, i: usize) -> bool {
        self.parts >> i & 1 == 1
    }
}

/// The cell text of placement files (docs/spec.md §10): `x,y:a x,y:b …`.
impl std::fmt::Display for Cookie {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, x) in self.cells.iter().enumerate() {
            let part = if self.in_b(i) { 'b' } else { 'a' };
            let sep = if i == 0 { "" } else { " " };
            write!(f, "{sep}{},{}:{part}", x[0], x[1])?;
        }
        Ok(())
    }
}

/// One window a cookie blocks: direction index and first cell.
pub type Window = (usize, Cell);

/// Two cells next to each other on one line, fewer than `k` steps apart: direction
/// index `f`, positions `p < q` along the line and cell indices `i`, `j`; `first` marks
/// the first such pair of its line.
#[derive(Clone, Copy, Debug)]
struct Pair {
    f: u8,
    p: i64,
    q: i64,
    i: u8,
    j: u8,
    first: bool,
}

/// `(line, position along it, cell)` of one cell for one direction.
type Key = (i64, i64, u8);

/// The cells of a set (at most 16) arranged by line: per direction, their [`Key`]s in
/// increasing order. The census adds and removes one cell at a time, so the order is
/// kept by one insertion step instead of sorting every set afresh.
#[derive(Clone, Debug)]
struct Lines {
    /// Each direction `v` with `|v|²`.
    directions: Vec<(Cell, i64)>,
    on: Vec<[Key; 16]>,
    len: usize,
}

impl Lines {
    /// No cells yet.
    fn new(directions: &[Cell]) -> Lines {
        Lines {
            directions: directions
                .iter()
                .map(|&v| (v, v[0] * v[0] + v[1] * v[1]))
                .collect(),
            on: vec![[(0, 0, 0); 16]; directions.len()],
            len: 0,
        }
    }

    /// Exactly `cells`, numbered in order.
    fn fill(&mut self, cells: &[Cell]) {
        self.len = 0;
        for &c in cells {
            self.push(c);
        }
    }

    /// Cell number `len` joins.
    fn push(&mut self, c: Cell) {
        let i = self.len;
        for (&(v, norm), on) in self.directions.iter().zip(&mut self.on) {
            // The cross product names the line, the dot product orders it (positions
            // step by 1 along a primitive v: the dot product steps by |v|²).
            let dot = c[0] * v[0] + c[1] * v[1];
            let key = (
                c[0] * v[1] - c[1] * v[0],
                if norm == 1 { dot } else { dot.div_euclid(norm) },
                i as u8,
            );
            let mut j = i;
            while j > 0 && on[j - 1] > key {
                on[j] = on[j - 1];
                j -= 1;
            }
            on[j] = key;
        }
        self.len += 1;
    }

    /// The last cell pushed leaves.
    fn pop(&mut self) {
        self.len -= 1;
        let (i, len) = (self.len as u8, self.len);
        for on in &mut self.on {
            let mut j = 0;
            while on[j].2 != i {
                j += 1;
            }
            while j < len {
                on[j] = on[j + 1];
                j += 1;
            }
        }
    }

    /// The pairs of the cells, into `out`, line after line.
    fn pairs(&self, k: i64, out: &mut Vec<Pair>) {
        out.clear();
        for (f, on) in self.on.iter().enumerate() {
            let mut line = None;
            for w in on[..self.len].windows(2) {
                let ((l0, p, i), (l1, q, j)) = (w[0], w[1]);
                if l0 == l1 && q - p < k {
                    out.push(Pair {
                        f: f as u8,
                        p,
                        q,
                        i,
                        j,
                        first: line != Some(l0),
                    });
                    line = Some(l0);
                }
            }
        }
    }
}

/// The pairs of `cells` (at most 16), into `out`, line after line.
fn pairs(cells: &[Cell], game: &Game, out: &mut Vec<Pair>) {
    let mut lines = Lines::new(&game.directions);
    lines.fill(cells);
    lines.pairs(game.k as i64, out);
}

/// The windows the pairs block: per line, the union of the start intervals
/// `[q − k + 1, p]` of its pairs in different parts, reported as disjoint ranges
/// `each(pair, first start, last start)` in order along the line.
#[inline]
fn blocked_ranges(pairs: &[Pair], parts: u32, k: i64, each: impl FnMut(&Pair, i64, i64)) {
    union_ranges(pairs, |x| (parts >> x.i ^ parts >> x.j) & 1 == 1, k, each);
}

/// Per line, the union of the start intervals `[q − k + 1, p]` of the pairs `counted`,
/// as disjoint ranges `each(pair, first start, last start)` in order along the line.
#[inline]
fn union_ranges(
    pairs: &[Pair],
    counted: impl Fn(&Pair) -> bool,
    k: i64,
    mut each: impl FnMut(&Pair, i64, i64),
) {
    let mut next = i64::MIN; // the first start of the current line not yet reported
    for x in pairs {
        if x.first {
            next = i64::MIN;
        }
        if !counted(x) {
            continue;
        }
        let lo = (x.q - k + 1).max(next);
        if x.p >= lo {
            each(x, lo, x.p);
        }
        next = next.max(x.p + 1);
    }
}

/// The blocking number from the pairs.
fn pairs_count(pairs: &[Pair], parts: u32, k: i64) -> u32 {
    let mut n = 0i64;
    blocked_ranges(pairs, parts, k, |_, lo, hi| n += hi - lo + 1);
    n as u32
}

/// The blocking number of the cookie `cells` (bit `i` of `parts` set: cell `i` in part
/// `b`) in `game`.
///
/// ```
/// use amoba::placement::cookie::{Game, blocking_number};
/// let game = Game { directions: vec![[1, 0], [0, 1], [1, 1], [1, -1]], k: 9 };
/// // A domino blocks the k − 1 windows of its line that hold it.
/// assert_eq!(blocking_number(&[[0, 0], [1, 0]], 0b10, &game), 8);
/// // The 2×2 square split along its diagonals blocks 4k − 4.
/// assert_eq!(blocking_number(&[[0, 0], [1, 0], [0, 1], [1, 1]], 0b0110, &game), 32);
/// ```
pub fn blocking_number(cells: &[Cell], parts: u32, game: &Game) -> u32 {
    assert!(cells.len() <= 16, "cookies of at most 16 cells");
    let mut found = Vec::new();
    pairs(cells, game, &mut found);
    pairs_count(&found, parts, game.k as i64)
}

/// The windows the cookie blocks, as `(direction index, first cell)`, sorted.
pub fn blocked_windows(cookie: &Cookie, game: &Game) -> Vec<Window> {
    let mut found = Vec::new();
    pairs(&cookie.cells, game, &mut found);
    let mut out = Vec::new();
    blocked_ranges(&found, cookie.parts, game.k as i64, |x, lo, hi| {
        // Cell i sits at position p of the line; start s is s − p steps from it.
        let (v, c) = (game.directions[x.f as usize], cookie.cells[x.i as usize]);
        for s in lo..=hi {
            out.push((
                x.f as usize,
                [c[0] + (s - x.p) * v[0], c[1] + (s - x.p) * v[1]],
            ));
        }
    });
    out.sort_unstable();
    out
}

/// The blocking number of a cookie for every large `k`: `(slope, constant, from)` with
/// `blocking_number(cells, parts, k) = slope·k + constant` for every `k ≥ from`.
///
/// Why it is linear (docs/spec.md §10): on a line whose cells span `s` steps, once
/// `k > s` every interval of starts `[q − k + 1, p]` of two neighbours `p < q` in
/// different parts holds the line's first cell, so the intervals' union is the one
/// interval `[min q − k + 1, max p]`, of `k + max p − min q` starts. Summed over the
/// lines that hold both parts: `slope` is the number of those lines and `constant` the
/// sum of their `max p − min q`. That holds for every `k` above the largest span;
/// `from` is then lowered one `k` at a time while the count still equals the form.
///
/// Complexity: `O(n·s log s)` for the form, plus one count per `k` below the span.
///
/// ```
/// use amoba::placement::cookie::eventual;
/// let four = [[1, 0], [0, 1], [1, 1], [1, -1]];
/// // The 2×2 square split along its diagonals: 4k − 4 from k = 2 on.
/// assert_eq!(eventual(&[[0, 0], [1, 0], [0, 1], [1, 1]], 0b0110, &four), (4, -4, 2));
/// ```
pub fn eventual(cells: &[Cell], parts: u32, directions: &[Cell]) -> (i64, i64, usize) {
    let (mut slope, mut constant, mut span) = (0i64, 0i64, 0i64);
    let mut lines = Lines::new(directions);
    lines.fill(cells);
    let in_b = |x: &Key| parts >> x.2 & 1 == 1;
    for on in &lines.on {
        for line in on[..lines.len].chunk_by(|a, b| a.0 == b.0) {
            span = span.max(line[line.len() - 1].1 - line[0].1);
            let mixed: Vec<(i64, i64)> = line
                .windows(2)
                .filter(|w| in_b(&w[0]) != in_b(&w[1]))
                .map(|w| (w[0].1, w[1].1))
                .collect();
            if let (Some(p), Some(q)) = (
                mixed.iter().map(|x| x.0).max(),
                mixed.iter().map(|x| x.1).min(),
            ) {
                slope += 1;
                constant += p - q;
            }
        }
    }
    let mut from = (span + 1).max(2) as usize;
    let mut found = Vec::new();
    while from > 2 {
        let k = from as i64 - 1;
        lines.pairs(k, &mut found);
        if i64::from(pairs_count(&found, parts, k)) != slope * k + constant {
            break;
        }
        from -= 1;
    }
    (slope, constant, from)
}

/// What [`census`] found for one cookie size.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SizeCensus {
    /// Line-connected cell sets of this size, up to translation.
    pub sets: u64,
    /// `c_s`: the largest blocking number of a line-connected cookie of this size (0 if
    /// there is none).
    pub best: u32,
    /// The line-connected cookies attaining `best`, in normal form, sorted.
    pub best_cookies: Vec<Cookie>,
    /// With [`kept`]: the irreducible cookies of this size at or above the floor, in
    /// normal form, sorted; otherwise empty.
    pub kept: Vec<Cookie>,
}

/// Every line-connected cookie of at most `t` cells, up to translation.
///
/// Arguments: the game and `t ≥ 2`. Runs on all threads (the first cell after the
/// origin splits the work); the result does not depend on their number. Returns the
/// census of each size `0..=t` (size 0 empty, size 1 the origin alone).
///
/// Complexity: see the module notes; the enumeration is exhaustive, so the maxima are
/// exact.
pub fn census(game: &Game, t: usize) -> Vec<SizeCensus> {
    walk(game, t, game.k as i64 - 1, None)
}

/// The cookies of at most `t` cells whose cells are connected by links of at most
/// `reach` steps along a direction (`reach = 1`: neighbours on a line, the king's moves
/// for the four directions), scored in `game`.
///
/// These are some of the line-connected cookies (all of them when `reach ≥ k − 1`), so
/// each [`SizeCensus::best`] is a *lower bound* on `c_s`, attained by the cookies
/// listed: the census to use when the exhaustive one is out of reach. Same threads and
/// determinism as [`census`]; the number of sets grows like `(2n·reach)^(t − 1)` for `n`
/// directions, whatever `k`.
///
/// ```
/// use amoba::placement::cookie::{Game, census, census_within};
/// let game = Game { directions: vec![[1, 0], [0, 1], [1, 1], [1, -1]], k: 4 };
/// let (all, near) = (census(&game, 4), census_within(&game, 4, 1));
/// // Fewer sets, and here the same best 4-cookie (4k − 4 = 12).
/// assert!(near[4].sets < all[4].sets);
/// assert_eq!((near[4].best, all[4].best), (12, 12));
/// ```
pub fn census_within(game: &Game, t: usize, reach: i64) -> Vec<SizeCensus> {
    assert!(reach >= 1, "links of at least one step");
    walk(game, t, reach.min(game.k as i64 - 1), None)
}

/// Every line-connected cookie of at most `t` cells that blocks at least `floor[s]`
/// winning sets (`s` its size, `floor.len() > t`) and is *irreducible*: taking any one
/// cell out of it (the others keeping their parts) blocks fewer. Returns the census
/// with these cookies in [`SizeCensus::kept`].
///
/// Why irreducible ones are enough for good placements: a reducible cookie blocks no
/// more than the cookie without that cell, whose line-components are again cookies
/// (or blocked nothing), and the cell freed can join any cookie with room, or pair
/// with another free cell ([`super::covering`]).
///
/// ```
/// use amoba::placement::cookie::{Game, kept};
/// let game = Game { directions: vec![[1, 0], [0, 1], [1, 1], [1, -1]], k: 5 };
/// // Dominoes of 5-in-a-row block 4 sets: the four directions' dominoes.
/// let c = kept(&game, 2, &[u32::MAX, u32::MAX, 4]);
/// assert_eq!(c[2].kept.len(), 4);
/// ```
pub fn kept(game: &Game, t: usize, floor: &[u32]) -> Vec<SizeCensus> {
    assert!(floor.len() > t, "a floor for every size up to t");
    walk(game, t, game.k as i64 - 1, Some(floor))
}

/// The census of the cookies connected by links of at most `reach` steps (`k − 1`: all
/// line-connected ones), keeping the irreducible cookies at or above `floor` if given.
fn walk(game: &Game, t: usize, reach: i64, floor: Option<&[u32]>) -> Vec<SizeCensus> {
    assert!((2..=16).contains(&t), "cookie sizes 2 to 16");
    let k = game.k as i64;
    let offsets = linked_offsets(&game.directions, reach);
    let step = offsets
        .iter()
        .map(|o| o[0].abs().max(o[1].abs()))
        .max()
        .unwrap_or(0);
    let r = step * (t as i64 - 1);
    let width = (2 * r + 1) as usize;
    // Cells y ∈ [0, r], x ∈ [−r, r]: every set grown from the origin stays there.
    let index = |c: Cell| ((c[1]) as usize) * width + (c[0] + r) as usize;
    // The first level of the growth: the origin, then each linked cell after it. The
    // branch of `first[i]` keeps `first[i + 1..]` untried, as the sequential algorithm
    // does when it reaches `first[i]`; the branches are independent, so they run in
    // parallel.
    let mut first: Vec<Cell> = offsets.iter().copied().filter(|&c| after(c)).collect();
    first.dedup();
    let mut base = vec![false; width * (r as usize + 1)];
    base[index([0, 0])] = true;
    for &c in &first {
        base[index(c)] = true;
    }
    let branches: Vec<Vec<SizeCensus>> = (0..first.len())
        .into_par_iter()
        .map(|i| {
            let mut out = vec![SizeCensus::default(); t + 1];
            let mut marked = base.clone();
            let mut found: Vec<Pair> = Vec::new();
            let mut scratch = Scratch {
                rest: Vec::new(),
                lines: Lines::new(&game.directions),
                pairs: Vec::new(),
            };
            let mut score = |set: &Growing| {
                let (cells, s) = (&set.cells[..], set.cells.len());
                let entry = &mut out[s];
                entry.sets += 1;
                set.lines.pairs(k, &mut found);
                // A blocked window holds two neighbours of a line in different parts,
                // so no split blocks more windows than hold two cells of the set (the
                // union of all pairs' intervals, whatever the parts). A set whose bound
                // is below the best so far (and below the floor) cannot change the
                // census, so its splits are not scored.
                let mut bound = 0i64;
                union_ranges(&found, |_| true, k, |_, lo, hi| bound += hi - lo + 1);
                let needed = floor.map_or(entry.best, |f| entry.best.min(f[s].max(1)));
                if bound < i64::from(needed) {
                    return;
                }
                for parts in (2u32..1 << s).step_by(2) {
                    let bn = pairs_count(&found, parts, k);
                    if bn > entry.best {
                        entry.best = bn;
                        entry.best_cookies.clear();
                    }
                    if bn == entry.best && bn > 0 {
                        entry.best_cookies.push(Cookie::normal(cells, parts));
                    }
                    if floor.is_some_and(|f| bn >= f[s].max(1))
                        && irreducible(cells, parts, bn, game, &mut scratch)
                    {
                        entry.kept.push(Cookie::normal(cells, parts));
                    }
                }
            };
            // The set {origin, first[i]}, then its growth with first[i + 1..] untried.
            let mut set = Growing {
                cells: Vec::new(),
                lines: Lines::new(&game.directions),
            };
            set.push([0, 0]);
            set.push(first[i]);
            score(&set);
            if t > 2 {
                let mut untried = first[i + 1..].to_vec();
                let c = first[i];
                for o in &offsets {
                    let n = [c[0] + o[0], c[1] + o[1]];
                    if after(n) && !marked[index(n)] {
                        marked[index(n)] = true;
                        untried.push(n);
                    }
                }
                grow(
                    &mut untried,
                    0,
                    &mut set,
                    &mut marked,
                    t,
                    &offsets,
                    &index,
                    &mut score,
                );
            }
            out
        })
        .collect();
    let mut out = vec![SizeCensus::default(); t + 1];
    out[1].sets = 1;
    for branch in branches {
        for (e, b) in out.iter_mut().zip(branch) {
            e.sets += b.sets;
            if b.best > e.best {
                e.best = b.best;
                e.best_cookies.clear();
            }
            if b.best == e.best && b.best > 0 {
                e.best_cookies.extend(b.best_cookies);
            }
            e.kept.extend(b.kept);
        }
    }
    for e in &mut out {
        e.best_cookies.sort();
        e.kept.sort();
    }
    out
}

/// What [`beyond`] settled past the census.
#[derive(Clone, Debug, Default)]
pub struct Beyond {
    /// Each size settled by peeling, with its levels (its cookies moved into the census).
    pub peeled: BTreeMap<usize, Peeled>,
    /// The first size not settled, and why.
    pub stuck: Option<(usize, PeelError)>,
}

/// The census `sizes` carried on towards `t_max` cells by [`peel`]: each further size
/// is peeled from the best cookie `near` found of that size (a lower bound, from
/// [`census_within`]), or from `floor[s]` if that is lower; its entry gets `best` and
/// `best_cookies` and, with a floor, the irreducible cookies at or above it as
/// [`kept`] gives them. Stops at the first size it cannot settle and says why.
///
/// Arguments as for [`peel`]; `sizes` must hold sizes `0..` in order (at least `0..=1`).
pub fn beyond(
    game: &Game,
    sizes: &mut Vec<SizeCensus>,
    near: &[SizeCensus],
    t_max: usize,
    group: &[Vec<i64>],
    limit: f64,
    floor: Option<&[u32]>,
) -> Beyond {
    let mut out = Beyond::default();
    let mut scratch = Scratch {
        rest: Vec::new(),
        lines: Lines::new(&game.directions),
        pairs: Vec::new(),
    };
    for s in sizes.len()..=t_max {
        let Some(target) = near.get(s).map(|e| e.best).filter(|&b| b > 0) else {
            out.stuck = Some((s, PeelError::NoStart { size: s }));
            break;
        };
        let least = floor.map(|f| f[s].max(1));
        let upper: Vec<u32> = sizes.iter().map(|e| e.best).collect();
        let start = least.map_or(target, |l| l.min(target));
        let mut p = match peel(game, s, start, &upper, group, limit) {
            Ok(p) => p,
            Err(e) => {
                out.stuck = Some((s, e));
                break;
            }
        };
        let kept = least.map_or(Vec::new(), |l| {
            std::mem::take(&mut p.cookies)
                .into_iter()
                .filter(|c| {
                    let bn = blocking_number(&c.cells, c.parts, game);
                    bn >= l && irreducible(&c.cells, c.parts, bn, game, &mut scratch)
                })
                .collect()
        });
        sizes.push(SizeCensus {
            sets: 0,
            best: p.best,
            best_cookies: std::mem::take(&mut p.best_cookies),
            kept,
        });
        out.peeled.insert(s, p);
    }
    out
}

/// Scratch space of [`irreducible`].
struct Scratch {
    rest: Vec<Cell>,
    lines: Lines,
    pairs: Vec<Pair>,
}

/// Does every cell of the cookie `(cells, parts)`, blocking `bn`, count: does taking
/// any one out (the rest keeping their parts) block fewer?
fn irreducible(cells: &[Cell], parts: u32, bn: u32, game: &Game, scratch: &mut Scratch) -> bool {
    (0..cells.len()).all(|i| {
        scratch.rest.clear();
        scratch.rest.extend(
            cells
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &c)| c),
        );
        // The parts without bit i: the bits below stay, the bits above move down one.
        let low = parts & ((1 << i) - 1);
        let fewer = low | (parts >> (i + 1)) << i;
        scratch.lines.fill(&scratch.rest);
        scratch.lines.pairs(game.k as i64, &mut scratch.pairs);
        pairs_count(&scratch.pairs, fewer, game.k as i64) < bn
    })
}

/// The set being grown: its cells in order, and by line.
struct Growing {
    cells: Vec<Cell>,
    lines: Lines,
}

impl Growing {
    fn push(&mut self, c: Cell) {
        self.cells.push(c);
        self.lines.push(c);
    }

    fn pop(&mut self) {
        self.cells.pop();
        self.lines.pop();
    }
}

/// Redelmeier's growth, in place: takes the untried cells `untried[from..]` one by one
/// (in order), scores the set with each, and grows further with the cells after it
/// plus the cells it links that are not yet marked. Those are appended to `untried`,
/// so a child's untried cells are always one contiguous tail of the same vector and
/// nothing is copied; they are taken off (and unmarked) before the next cell.
#[allow(clippy::too_many_arguments)]
fn grow(
    untried: &mut Vec<Cell>,
    from: usize,
    set: &mut Growing,
    marked: &mut [bool],
    t: usize,
    offsets: &[Cell],
    index: &dyn Fn(Cell) -> usize,
    score: &mut dyn FnMut(&Growing),
) {
    let end = untried.len();
    for i in from..end {
        let c = untried[i];
        set.push(c);
        score(set);
        if set.cells.len() < t {
            for o in offsets {
                let n = [c[0] + o[0], c[1] + o[1]];
                if after(n) && !marked[index(n)] {
                    marked[index(n)] = true;
                    untried.push(n);
                }
            }
            grow(untried, i + 1, set, marked, t, offsets, index, score);
            for n in untried.drain(end..) {
                marked[index(n)] = false;
            }
        }
        set.pop();
    }
}

/// The cookies `cookies` (normal forms) grouped into orbits under `group` (matrices
/// mapping the directions onto themselves, [`crate::core::board::directions::symmetries`]):
/// each orbit as its least cookie and the number of cookies of the list in it, by
/// representative.
///
/// ```
/// use amoba::placement::cookie::{Cookie, orbits};
/// // The E and S dominoes are one orbit under the quarter turn; the S domino, whose
/// // cells (0,0), (0,1) come first, represents it.
/// let e = Cookie::normal(&[[0, 0], [1, 0]], 0b10);
/// let s = Cookie::normal(&[[0, 0], [0, 1]], 0b10);
/// let quarter = vec![vec![1, 0, 0, 1], vec![0, -1, 1, 0]];
/// assert_eq!(orbits(&[e, s.clone()], &quarter), vec![(s, 2)]);
/// ```
pub fn orbits(cookies: &[Cookie], group: &[Vec<i64>]) -> Vec<(Cookie, usize)> {
    let mut out: BTreeMap<Cookie, usize> = BTreeMap::new();
    for c in cookies {
        *out.entry(c.least_image(group)).or_insert(0) += 1;
    }
    out.into_iter().collect()
}

/// What [`peel`] found: every line-connected cookie of `s` cells blocking at least a
/// target, found by growing cookies one cell at a time through levels of rising
/// thresholds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Peeled {
    /// Per size `j = 2..=s` (index `j`): the threshold `T_j` and how many cookies, up to
    /// translation, symmetry and the exchange of parts, block at least it.
    pub levels: Vec<(u32, u64)>,
    /// Cookies scored, over all levels.
    pub scored: u64,
    /// The largest blocking number among the cookies of `s` cells at or above the target
    /// (0 if there are none: then `c_s` is below the target).
    pub best: u32,
    /// The cookies of `s` cells attaining `best`, up to translation, in normal form,
    /// sorted (as [`SizeCensus::best_cookies`]).
    pub best_cookies: Vec<Cookie>,
    /// Every cookie of `s` cells blocking at least the target, up to translation, in
    /// normal form, sorted.
    pub cookies: Vec<Cookie>,
}

/// Why [`peel`] cannot conclude.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PeelError {
    /// A cookie of `size` cells split into line-components could reach the level's
    /// threshold with one component blocking nothing, so that component has no target
    /// to be peeled from.
    #[error(
        "cookies of {size} cells split into line-components may block {reach} ≥ the threshold {threshold} without one of them"
    )]
    Disconnected {
        size: usize,
        threshold: u32,
        reach: u32,
    },
    /// No cookie of `size` cells was found to take the target from.
    #[error("no cookie of {size} cells to start from within the budget")]
    NoStart { size: usize },
    /// Growing a level would score more cookies than allowed.
    #[error(
        "cookies of {size} cells: about {estimate:.1e} to score, beyond the limit of {limit:.0e}"
    )]
    Budget {
        size: usize,
        estimate: f64,
        limit: f64,
    },
}

/// Every line-connected cookie of `s` cells blocking at least `target` windows, up to
/// translation: `c_s` exactly when some cookie reaches `target` (a lower bound found
/// elsewhere), and a proof that `c_s < target` when none does.
///
/// Arguments: the game; `s ≥ 2`; `target ≥ 1`; `upper[j]` for `j < s` an upper bound on
/// `c_j` (the exact values below `s`, `upper[1] = 0`), used to show that each level
/// needs only line-connected cookies; `group` the symmetries of the directions
/// ([`crate::core::board::directions::symmetries`], or the identity alone); `limit` the most
/// cookies one level may score, checked before the level is grown.
///
/// # Why it is exhaustive (docs/spec.md §10)
///
/// *Peeling.* Take a cookie `C` of `j ≥ 3` cells blocking `b > 0`. A window blocked by
/// `C` is freed by taking a cell `x` out (the rest keeping their parts) only when `x`
/// is the one cell of its part in the window, so each window is freed by at most two
/// cells: the losses sum to at most `2b`, and some cell loses at most `2b/j`. So `C`
/// has a cell whose removal leaves a cookie of `j − 1` cells blocking at least
/// `⌈b(j − 2)/j⌉`. With `T_s = target` and `T_{j−1} = ⌈T_j (j − 2)/j⌉`, every cookie of
/// level `j` (blocking `≥ T_j`) is a cookie of level `j − 1` plus one cell.
///
/// *Two ways up.* If the smaller cookie `C − x` is line-connected it is in level
/// `j − 1`, and `x` is linked to it (within `k − 1` steps along a direction of one of
/// its cells): growing each cookie of level `j − 1` by every linked cell, in either
/// part, finds `C`. If not, its line-components (which block the sum of their numbers)
/// are each line-connected and each linked to `x`; for every split of `j − 1` cells
/// into two or more sizes whose best values (`upper`) can add up to `T_{j−1}`, a
/// component of `i` cells blocks at least `T_{j−1}` minus the best of the others, and
/// peeling `i` cells from that target lists it. Placing `x` at the origin and one such
/// component of each size around it, linked to the origin, in every part, finds `C`.
/// When a component's target would be 0 (the others alone may reach `T_{j−1}`) this
/// is impossible and the function returns [`PeelError::Disconnected`].
///
/// Levels are kept up to translation, the symmetries of the directions and the
/// exchange of the parts (the blocking number is invariant under all three, and growing
/// one representative reaches a representative of every orbit above it); the last
/// level is expanded back to every cookie up to translation.
///
/// # Complexity
///
/// `O(Σ_j |level j−1| · 2n(k − 1)(j − 1) · j n)`: each cookie of a level is grown by
/// every linked cell in each part and scored. The levels are small when the target is
/// close to `c_s`, because near-best cookies are rare.
///
/// ```
/// use amoba::placement::cookie::{Game, census, peel};
/// let game = Game { directions: vec![[1, 0], [0, 1], [1, 1], [1, -1]], k: 5 };
/// let c = census(&game, 5);
/// let upper: Vec<u32> = c.iter().map(|e| e.best).collect();
/// let identity = vec![vec![1, 0, 0, 1]];
/// let p = peel(&game, 5, c[5].best, &upper, &identity, 1e6).unwrap();
/// assert_eq!((p.best, &p.best_cookies), (c[5].best, &c[5].best_cookies));
/// // Nothing blocks more.
/// assert_eq!(peel(&game, 5, c[5].best + 1, &upper, &identity, 1e6).unwrap().best, 0);
/// ```
pub fn peel(
    game: &Game,
    s: usize,
    target: u32,
    upper: &[u32],
    group: &[Vec<i64>],
    limit: f64,
) -> Result<Peeled, PeelError> {
    assert!((2..=16).contains(&s) && target >= 1 && upper.len() >= s);
    let canonical = |c: &Cookie| c.least_image(group);
    // The thresholds, from the top down.
    let mut threshold = vec![0u32; s + 1];
    threshold[s] = target;
    for j in (3..=s).rev() {
        threshold[j - 1] = (threshold[j] * (j as u32 - 2)).div_ceil(j as u32);
    }
    let k = game.k as i64;
    let offsets = linked_offsets(&game.directions, k - 1);
    let mut out = Peeled {
        levels: vec![(0, 0); s + 1],
        ..Peeled::default()
    };
    // Level 2: two cells of a line, `g < k` steps apart, block `k − g`.
    let mut level: Vec<Cookie> = offsets
        .iter()
        .filter(|o| after(**o))
        .map(|&o| Cookie::normal(&[[0, 0], o], 0b10))
        .filter(|c| blocking_number(&c.cells, c.parts, game) >= threshold[2])
        .map(|c| canonical(&c))
        .collect();
    level.sort();
    level.dedup();
    out.levels[2] = (threshold[2], level.len() as u64);
    // Cookies of a level whose peeled cookie is not line-connected.
    let split = Split {
        game,
        upper,
        group,
        limit,
        offsets: &offsets,
    };
    for j in 3..=s {
        // Each cookie of the level is grown by its linked cells, in either part.
        let estimate = level.len() as f64 * ((j - 1) * offsets.len() * 2) as f64;
        if estimate > limit {
            return Err(PeelError::Budget {
                size: j,
                estimate,
                limit,
            });
        }
        let grown: Vec<(Vec<Cookie>, u64)> = level
            .par_iter()
            .map(|c| {
                let mut lines = Lines::new(&game.directions);
                lines.fill(&c.cells);
                let mut found = Vec::new();
                let mut next: Vec<Cookie> = Vec::new();
                let mut seen: Vec<Cell> = c.cells.clone();
                let mut scored = 0u64;
                let mut cells = c.cells.clone();
                for x in &c.cells {
                    for o in &offsets {
                        let n = [x[0] + o[0], x[1] + o[1]];
                        if seen.contains(&n) {
                            continue;
                        }
                        seen.push(n);
                        lines.push(n);
                        lines.pairs(k, &mut found);
                        for part in [0u32, 1] {
                            let parts = c.parts | part << (j - 1);
                            scored += 1;
                            if pairs_count(&found, parts, k) >= threshold[j] {
                                cells.push(n);
                                next.push(canonical(&Cookie::normal(&cells, parts)));
                                cells.pop();
                            }
                        }
                        lines.pop();
                    }
                }
                next.sort();
                next.dedup();
                (next, scored)
            })
            .collect();
        level = grown.iter().flat_map(|(n, _)| n.iter().cloned()).collect();
        let (more, scored) = split.grow(j, &threshold)?;
        level.extend(more.iter().map(&canonical));
        level.sort();
        level.dedup();
        out.scored += scored + grown.iter().map(|(_, n)| n).sum::<u64>();
        out.levels[j] = (threshold[j], level.len() as u64);
    }
    // Back to every cookie up to translation: the images of each representative.
    let mut all: Vec<(u32, Cookie)> = level
        .iter()
        .flat_map(|c| {
            let b = blocking_number(&c.cells, c.parts, game);
            group.iter().map(move |m| (b, c.image(m)))
        })
        .collect();
    all.sort_by(|x, y| x.1.cmp(&y.1));
    all.dedup();
    out.best = all.iter().map(|x| x.0).max().unwrap_or(0);
    out.best_cookies = all
        .iter()
        .filter(|x| x.0 == out.best)
        .map(|x| x.1.clone())
        .collect();
    out.cookies = all.into_iter().map(|x| x.1).collect();
    Ok(out)
}

/// The other way into a level of [`peel`]: a cookie `C` of `j` cells whose peeled
/// cookie `C − x` is not line-connected. Each line-component of `C − x` is then linked
/// to `x` (`C` is line-connected) and line-connected itself, and together they block at
/// least `T_{j−1}`; so a component of `i` cells blocks at least `T_{j−1}` minus the
/// best the other components can block (`upper`), and is found by peeling `i` cells
/// from that target. `C` is `x` at the origin, in either part, with one such
/// component of each size of a split of `j − 1` cells, each in either part and placed
/// with one of its cells linked to the origin.
struct Split<'a> {
    game: &'a Game,
    upper: &'a [u32],
    group: &'a [Vec<i64>],
    limit: f64,
    offsets: &'a [Cell],
}

/// One component to place: its cells (the first at the origin), parts and blocking
/// number.
type Piece = (Vec<Cell>, u32, u32);

impl Split<'_> {
    /// The cookies of `j` cells blocking at least `threshold[j]` grown from cookies of
    /// `j − 1` cells that are not line-connected but block at least `threshold[j − 1]`,
    /// and the cookies scored.
    fn grow(&self, j: usize, threshold: &[u32]) -> Result<(Vec<Cookie>, u64), PeelError> {
        let (n, floor) = (j - 1, threshold[j - 1]);
        let mut splits = Vec::new();
        split_sizes(n, n - 1, &mut Vec::new(), &mut splits);
        let mut out = Vec::new();
        let mut scored = 0u64;
        for sizes in splits {
            let total: u32 = sizes.iter().map(|&i| self.upper[i]).sum();
            if total < floor {
                continue;
            }
            // The components each size may use, in both parts.
            let mut pieces: Vec<Vec<Piece>> = Vec::new();
            let mut estimate = 2.0;
            for &i in &sizes {
                let list = if i == 1 {
                    vec![(vec![[0, 0]], 0, 0), (vec![[0, 0]], 1, 0)]
                } else {
                    // The others may block at most `others`; this one the rest.
                    let others = total - self.upper[i];
                    let target = floor.saturating_sub(others);
                    if target == 0 {
                        return Err(PeelError::Disconnected {
                            size: n,
                            threshold: floor,
                            reach: total,
                        });
                    }
                    let found = peel(self.game, i, target, self.upper, self.group, self.limit)?;
                    scored += found.scored;
                    let mask = (1u32 << i) - 1;
                    found
                        .cookies
                        .iter()
                        .flat_map(|c| {
                            let b = blocking_number(&c.cells, c.parts, self.game);
                            [
                                (c.cells.clone(), c.parts, b),
                                (c.cells.clone(), !c.parts & mask, b),
                            ]
                        })
                        .collect()
                };
                estimate *= (list.len() * i * self.offsets.len()) as f64;
                pieces.push(list);
            }
            if estimate > self.limit {
                return Err(PeelError::Budget {
                    size: j,
                    estimate,
                    limit: self.limit,
                });
            }
            let rest: Vec<u32> = (0..=sizes.len())
                .map(|q| sizes[q..].iter().map(|&i| self.upper[i]).sum())
                .collect();
            let mut cells = vec![[0, 0]];
            let mut parts = 0u32;
            self.place(
                &pieces,
                &rest,
                floor,
                0,
                0,
                &mut cells,
                &mut parts,
                &mut |cells, parts| {
                    for x in [0u32, 1] {
                        scored += 1;
                        let parts = parts | x;
                        if blocking_number(cells, parts, self.game) >= threshold[j] {
                            out.push(Cookie::normal(cells, parts));
                        }
                    }
                },
            );
        }
        Ok((out, scored))
    }

    /// Places component `q` onward (cells and parts appended after the origin), each
    /// with a cell linked to the origin, while the components can still block `floor`.
    #[allow(clippy::too_many_arguments)]
    fn place(
        &self,
        pieces: &[Vec<Piece>],
        rest: &[u32],
        floor: u32,
        q: usize,
        blocked: u32,
        cells: &mut Vec<Cell>,
        parts: &mut u32,
        each: &mut dyn FnMut(&[Cell], u32),
    ) {
        if q == pieces.len() {
            each(cells, *parts);
            return;
        }
        for (shape, bits, b) in &pieces[q] {
            if blocked + b + rest[q + 1] < floor {
                continue;
            }
            for anchor in shape {
                for o in self.offsets {
                    // The anchor cell lands on the linked cell o.
                    let at = |c: &Cell| [c[0] - anchor[0] + o[0], c[1] - anchor[1] + o[1]];
                    if shape.iter().any(|c| cells.contains(&at(c))) {
                        continue;
                    }
                    let (len, before) = (cells.len(), *parts);
                    cells.extend(shape.iter().map(at));
                    *parts |= bits << len;
                    self.place(pieces, rest, floor, q + 1, blocked + b, cells, parts, each);
                    cells.truncate(len);
                    *parts = before;
                }
            }
        }
    }
}

/// The splits of `n` cells into two or more parts, sizes non-increasing, none above
/// `most`.
fn split_sizes(n: usize, most: usize, now: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    if n == 0 {
        if now.len() >= 2 {
            out.push(now.clone());
        }
        return;
    }
    for i in (1..=most.min(n)).rev() {
        now.push(i);
        split_sizes(n - i, i, now, out);
        now.pop();
    }
}

/// Every offset of a linked cell: `±j·v`, `1 ≤ j ≤ reach`, direction after direction.
fn linked_offsets(directions: &[Cell], reach: i64) -> Vec<Cell> {
    directions
        .iter()
        .flat_map(|v| (1..=reach).flat_map(move |j| [[j * v[0], j * v[1]], [-j * v[0], -j * v[1]]]))
        .collect()
}

/// Does `c` come after the origin in the `(y, x)` order?
fn after(c: Cell) -> bool {
    c[1] > 0 || (c[1] == 0 && c[0] > 0)
}

/// `d_s` for `s = 0..=t` from the connected maxima `c_s` (module notes): the largest
/// blocking number of any cookie of at most `s` cells, connected or not.
pub fn largest(connected: &[u32]) -> Vec<u32> {
    let mut d = vec![0u32; connected.len()];
    for s in 2..connected.len() {
        let mut best = connected[s].max(d[s - 1]);
        for s1 in 2..=s / 2 {
            best = best.max(d[s1] + d[s - s1]);
        }
        d[s] = best;
    }
    d
}

/// How fast the census grows, to say up front when it is out of reach: the sets of 2
/// and 3 cells counted exactly, then the last ratio extrapolated.
#[derive(Clone, Copy, Debug)]
pub struct Growth {
    two: f64,
    three: f64,
}

impl Growth {
    /// The growth of `game`'s census (a census of 3 cells).
    pub fn of(game: &Game) -> Growth {
        Growth::within(game, game.k as i64 - 1)
    }

    /// The growth of [`census_within`] with links of at most `reach` steps.
    pub fn within(game: &Game, reach: i64) -> Growth {
        let c = census_within(game, 3, reach);
        Growth {
            two: c[2].sets as f64,
            three: c[3].sets as f64,
        }
    }

    /// A rough count of the line-connected sets of `t` cells.
    pub fn sets(&self, t: usize) -> f64 {
        if t <= 2 {
            return self.two;
        }
        let ratio = if self.two > 0.0 {
            self.three / self.two
        } else {
            1.0
        };
        self.three * ratio.powi(t as i32 - 3)
    }

    /// The largest size up to `t_max` (at least 2) whose census stays within `budget`
    /// sets.
    pub fn reach(&self, t_max: usize, budget: f64) -> usize {
        let mut t = t_max;
        while t > 2 && self.sets(t) > budget {
            t -= 1;
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four(k: usize) -> Game {
        Game {
            directions: vec![[1, 0], [0, 1], [1, 1], [1, -1]],
            k,
        }
    }

    #[test]
    fn blocked_windows_agree_with_the_count() {
        let g = four(5);
        let c = Cookie::normal(&[[0, 0], [1, 0], [0, 1], [2, 2]], 0b1010);
        assert_eq!(
            blocked_windows(&c, &g).len() as u32,
            blocking_number(&c.cells, c.parts, &g)
        );
    }

    #[test]
    fn eventual_forms_hold_from_their_first_k_on() {
        let dirs = [[1, 0], [0, 1], [1, 1], [1, -1]];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for _ in 0..300 {
            let s = 2 + next(6) as usize;
            let mut cells: Vec<Cell> = Vec::new();
            while cells.len() < s {
                let c = [next(9) as i64 - 4, next(9) as i64 - 4];
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            let parts = (next(1 << s) as u32) | 1 << (s - 1);
            let (slope, constant, from) = eventual(&cells, parts, &dirs);
            for k in from..from + 20 {
                let n = blocking_number(&cells, parts, &four(k));
                assert_eq!(
                    i64::from(n),
                    slope * k as i64 + constant,
                    "{cells:?} {parts:b} k {k}"
                );
            }
            // The form fails just below `from` (or `from` is 2).
            if from > 2 {
                let n = blocking_number(&cells, parts, &four(from - 1));
                assert_ne!(i64::from(n), slope * (from as i64 - 1) + constant);
            }
        }
    }

    fn group_of(game: &Game) -> Vec<Vec<i64>> {
        let dirs: Vec<Vec<i64>> = game.directions.iter().map(|v| v.to_vec()).collect();
        crate::core::board::directions::symmetries(&dirs).unwrap()
    }

    #[test]
    fn peeling_finds_what_the_census_finds() {
        // Every size the census reaches cheaply, from its own best value and from one
        // below it (a larger last level), and nothing above the best.
        for k in 2..=5 {
            let game = four(k);
            let group = group_of(&game);
            let c = census(&game, 6);
            let upper: Vec<u32> = c.iter().map(|e| e.best).collect();
            for s in 2..=6 {
                let p = peel(&game, s, c[s].best, &upper, &group, 1e8).unwrap();
                assert_eq!(p.best, c[s].best, "k {k} s {s}");
                assert_eq!(p.best_cookies, c[s].best_cookies, "k {k} s {s}");
                let lower = peel(&game, s, (c[s].best - 1).max(1), &upper, &group, 1e8).unwrap();
                assert_eq!(lower.best_cookies, c[s].best_cookies, "k {k} s {s}");
                assert!(lower.levels[s].1 >= p.levels[s].1);
                let above = peel(&game, s, c[s].best + 1, &upper, &group, 1e8).unwrap();
                assert_eq!((above.best, above.levels[s].1), (0, 0), "k {k} s {s}");
            }
        }
    }

    #[test]
    fn peeling_from_a_floor_lists_the_cookies_kept_for_placements() {
        // Every irreducible cookie at 4 sets per cell, carried past a census of 2 cells
        // by peeling, as the census of 6 cells keeps them (the covering searches' types).
        for k in 4..=5 {
            let game = four(k);
            let group = group_of(&game);
            let floor: Vec<u32> = (0..=6).map(|s| (4 * s as u32).max(1)).collect();
            let c = kept(&game, 6, &floor);
            let mut sizes = kept(&game, 2, &floor);
            let done = beyond(&game, &mut sizes, &c, 6, &group, 1e8, Some(&floor));
            assert!(done.stuck.is_none(), "k {k}");
            for s in 3..=6 {
                assert_eq!(sizes[s].kept, c[s].kept, "k {k} s {s}");
                assert_eq!(sizes[s].best_cookies, c[s].best_cookies, "k {k} s {s}");
            }
        }
    }

    #[test]
    fn peeling_through_cookies_that_are_not_line_connected() {
        // Two and three directions: a best cookie beside a lone cell reaches the
        // thresholds of lower levels, so levels are also grown from split cookies.
        for (directions, t) in [(vec![[1, 0], [0, 1]], 7), (vec![[1, 0], [0, 1], [1, 1]], 6)] {
            for k in 2..=5 {
                let game = Game {
                    directions: directions.clone(),
                    k,
                };
                let group = group_of(&game);
                let c = census(&game, t);
                let upper: Vec<u32> = c.iter().map(|e| e.best).collect();
                for s in 2..=t {
                    let p = peel(&game, s, c[s].best, &upper, &group, 1e8).unwrap();
                    assert_eq!(
                        p.best_cookies, c[s].best_cookies,
                        "{directions:?} k {k} s {s}"
                    );
                }
            }
        }
    }

    #[test]
    fn peeling_says_when_it_cannot_conclude() {
        // Two directions, k = 6: the best 5-cookie and a pair block as much as the
        // threshold of 6 cells on the way to 8, so a component of the split has no
        // target.
        let game = Game {
            directions: vec![[1, 0], [0, 1]],
            k: 6,
        };
        let group = group_of(&game);
        let c = census_within(&game, 8, 1);
        let mut upper = vec![0u32; 2];
        for s in 2..8 {
            upper.push(peel(&game, s, c[s].best, &upper, &group, 1e8).unwrap().best);
        }
        assert!(matches!(
            peel(&game, 8, c[8].best, &upper, &group, 1e8),
            Err(PeelError::Disconnected { size: 6, .. })
        ));
        // A limit too small for a level.
        let g4 = four(6);
        let c = census(&g4, 5);
        let upper: Vec<u32> = c.iter().map(|e| e.best).collect();
        assert!(matches!(
            peel(&g4, 5, c[5].best, &upper, &group_of(&g4), 10.0),
            Err(PeelError::Budget { size: 3, .. })
        ));
    }

    #[test]
    fn kings_polyplets_are_counted() {
        // k = 2 links exactly the king's neighbours: the fixed polyplets 1, 4, 20, 110.
        let c = census(&four(2), 4);
        let sets: Vec<u64> = c.iter().map(|e| e.sets).collect();
        assert_eq!(sets, vec![0, 1, 4, 20, 110]);
    }
}
