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

//! # Files
//!
//! The cookie, the game and their limits are here; scoring is in `score`, the
//! census in [`census`], peeling in [`peel`], the estimate of a census's size in
//! `growth`. Their items are re-exported here, so that `cookie::census` and the rest
//! keep one name.

use rayon::prelude::*;
use std::collections::BTreeMap;

mod census;
mod growth;
mod peel;
mod score;

pub use census::*;
pub use growth::*;
pub use peel::*;
pub use score::*;

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
