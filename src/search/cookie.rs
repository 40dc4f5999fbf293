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
//! pairs `p_i < p_j`. The splits of a set are skipped when the sum of those intervals
//! over *all* its consecutive pairs, which bounds every split, is below the best found
//! so far for its size (and below the floor of [`kept`]): such a set changes nothing,
//! and the sets themselves are still all generated and counted.
//!
//! # Complexity
//!
//! Linear in the number of sets generated times `2^(s−1) · s · n`; the number of sets
//! grows roughly like `(8(k − 1))^(t − 1)` for the four directions, which [`Growth`]
//! sizes up before a run.

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

    /// Is cell `i` in part `b`?
    pub fn in_b(&self, i: usize) -> bool {
        self.parts >> i & 1 == 1
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

/// The pairs of `cells` (at most 16), into `out`, line after line; no allocation once
/// `out` has grown.
fn pairs(cells: &[Cell], game: &Game, out: &mut Vec<Pair>) {
    out.clear();
    let k = game.k as i64;
    let mut on: [(i64, i64, u8); 16] = [(0, 0, 0); 16];
    let s = cells.len();
    for (f, v) in game.directions.iter().enumerate() {
        for (i, c) in cells.iter().enumerate() {
            // (line, position along it, cell): the cross product names the line, the
            // dot product orders it (positions step by 1 along a primitive v).
            on[i] = (
                c[0] * v[1] - c[1] * v[0],
                (c[0] * v[0] + c[1] * v[1]).div_euclid(v[0] * v[0] + v[1] * v[1]),
                i as u8,
            );
        }
        on[..s].sort_unstable();
        let mut line = None;
        for w in on[..s].windows(2) {
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

/// The windows the pairs block: per line, the union of the start intervals
/// `[q − k + 1, p]` of its pairs in different parts, reported as disjoint ranges
/// `each(pair, first start, last start)` in order along the line.
#[inline]
fn blocked_ranges(pairs: &[Pair], parts: u32, k: i64, mut each: impl FnMut(&Pair, i64, i64)) {
    let mut next = i64::MIN; // the first start of the current line not yet reported
    for x in pairs {
        if x.first {
            next = i64::MIN;
        }
        if (parts >> x.i ^ parts >> x.j) & 1 == 0 {
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
/// use amoba::search::cookie::{Game, blocking_number};
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
    walk(game, t, None)
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
/// use amoba::search::cookie::{Game, kept};
/// let game = Game { directions: vec![[1, 0], [0, 1], [1, 1], [1, -1]], k: 5 };
/// // Dominoes of 5-in-a-row block 4 sets: the four directions' dominoes.
/// let c = kept(&game, 2, &[u32::MAX, u32::MAX, 4]);
/// assert_eq!(c[2].kept.len(), 4);
/// ```
pub fn kept(game: &Game, t: usize, floor: &[u32]) -> Vec<SizeCensus> {
    assert!(floor.len() > t, "a floor for every size up to t");
    walk(game, t, Some(floor))
}

/// The census, keeping the irreducible cookies at or above `floor` if given.
fn walk(game: &Game, t: usize, floor: Option<&[u32]>) -> Vec<SizeCensus> {
    assert!((2..=16).contains(&t), "cookie sizes 2 to 16");
    let k = game.k as i64;
    // Every offset of a linked cell: ±j·v, 1 ≤ j ≤ k − 1.
    let offsets: Vec<Cell> = game
        .directions
        .iter()
        .flat_map(|v| (1..k).flat_map(move |j| [[j * v[0], j * v[1]], [-j * v[0], -j * v[1]]]))
        .collect();
    let reach = offsets
        .iter()
        .map(|o| o[0].abs().max(o[1].abs()))
        .max()
        .unwrap_or(0);
    let r = reach * (t as i64 - 1);
    let width = (2 * r + 1) as usize;
    // Cells y ∈ [0, r], x ∈ [−r, r]: every set grown from the origin stays there.
    let index = |c: Cell| ((c[1]) as usize) * width + (c[0] + r) as usize;
    let after_origin = |c: Cell| c[1] > 0 || (c[1] == 0 && c[0] > 0);
    // The first level of the growth: the origin, then each linked cell after it. The
    // branch of `first[i]` keeps `first[..i]` untried, as the sequential algorithm does
    // when it reaches `first[i]`; the branches are independent, so they run in parallel.
    let mut first: Vec<Cell> = offsets
        .iter()
        .copied()
        .filter(|&c| after_origin(c))
        .collect();
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
            let mut less: Vec<Pair> = Vec::new();
            let mut rest: Vec<Cell> = Vec::new();
            let mut score = |cells: &[Cell]| {
                let s = cells.len();
                let entry = &mut out[s];
                entry.sets += 1;
                pairs(cells, game, &mut found);
                // No split blocks more than all pairs of neighbours on a line in
                // different parts: the sum of their windows bounds every split. A set
                // whose bound is below the best so far (and below the floor) cannot
                // change the census, so its splits are not scored.
                let bound: i64 = found.iter().map(|x| k - (x.q - x.p)).sum();
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
                        && irreducible(cells, parts, bn, game, &mut rest, &mut less)
                    {
                        entry.kept.push(Cookie::normal(cells, parts));
                    }
                }
            };
            // The set {origin, first[i]}, then its growth with first[..i] untried.
            let mut set = vec![[0, 0], first[i]];
            score(&set);
            if t > 2 {
                let mut untried = first[..i].to_vec();
                let c = first[i];
                for o in &offsets {
                    let n = [c[0] + o[0], c[1] + o[1]];
                    if after_origin(n) && !marked[index(n)] {
                        marked[index(n)] = true;
                        untried.push(n);
                    }
                }
                grow_one(
                    &mut untried,
                    &mut set,
                    &mut marked,
                    t,
                    &offsets,
                    &index,
                    &after_origin,
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

/// Does every cell of the cookie `(cells, parts)`, blocking `bn`, count: does taking
/// any one out (the rest keeping their parts) block fewer? `rest` and `less` are
/// scratch space.
fn irreducible(
    cells: &[Cell],
    parts: u32,
    bn: u32,
    game: &Game,
    rest: &mut Vec<Cell>,
    less: &mut Vec<Pair>,
) -> bool {
    (0..cells.len()).all(|i| {
        rest.clear();
        rest.extend(
            cells
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &c)| c),
        );
        // The parts without bit i: the bits below stay, the bits above move down one.
        let low = parts & ((1 << i) - 1);
        let fewer = low | (parts >> (i + 1)) << i;
        pairs(rest, game, less);
        pairs_count(less, fewer, game.k as i64) < bn
    })
}

/// Redelmeier's growth: pops the untried cells one by one (the last first), scores the
/// set with each, and grows further with the cells it links that are not yet marked.
/// Restores `marked` and leaves `untried` empty.
#[allow(clippy::too_many_arguments)]
fn grow_one(
    untried: &mut Vec<Cell>,
    set: &mut Vec<Cell>,
    marked: &mut [bool],
    t: usize,
    offsets: &[Cell],
    index: &dyn Fn(Cell) -> usize,
    after_origin: &dyn Fn(Cell) -> bool,
    score: &mut dyn FnMut(&[Cell]),
) {
    while let Some(c) = untried.pop() {
        set.push(c);
        score(set);
        if set.len() < t {
            let mut next = untried.clone();
            let from = next.len();
            for o in offsets {
                let n = [c[0] + o[0], c[1] + o[1]];
                if after_origin(n) && !marked[index(n)] {
                    marked[index(n)] = true;
                    next.push(n);
                }
            }
            let added: Vec<Cell> = next[from..].to_vec();
            grow_one(
                &mut next,
                set,
                marked,
                t,
                offsets,
                index,
                after_origin,
                score,
            );
            for n in added {
                marked[index(n)] = false;
            }
        }
        set.pop();
    }
}

/// The cookies `cookies` (normal forms) grouped into orbits under `group` (matrices
/// mapping the directions onto themselves, [`crate::board::directions::symmetries`]):
/// each orbit as its least cookie and the number of cookies of the list in it, by
/// representative.
///
/// ```
/// use amoba::search::cookie::{Cookie, orbits};
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
        let least = group
            .iter()
            .map(|m| {
                let cells: Vec<Cell> = c
                    .cells
                    .iter()
                    .map(|x| [m[0] * x[0] + m[1] * x[1], m[2] * x[0] + m[3] * x[1]])
                    .collect();
                Cookie::normal(&cells, c.parts)
            })
            .min()
            .expect("the group holds the identity");
        *out.entry(least).or_insert(0) += 1;
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
        let c = census(game, 3);
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
    fn kings_polyplets_are_counted() {
        // k = 2 links exactly the king's neighbours: the fixed polyplets 1, 4, 20, 110.
        let c = census(&four(2), 4);
        let sets: Vec<u64> = c.iter().map(|e| e.sets).collect();
        assert_eq!(sets, vec![0, 1, 4, 20, 110]);
    }
}
