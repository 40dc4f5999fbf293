//! The census of line-connected cookies: Redelmeier's algorithm on the graph of
//! linked cells (the parent module's essay, *How*), every set with the origin least
//! generated once ([`census`]), or only those whose cells link within fewer steps
//! ([`census_within`]), or keeping the irreducible cookies at or above a floor
//! ([`kept`]). [`SizeCensus`] is what each size yields: the sets counted, the best
//! blocking number and the cookies attaining it. All three share one walk, parallel
//! over the first cell added.

use super::*;

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
/// with another free cell ([`crate::placement::covering`]).
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
pub(super) fn walk(game: &Game, t: usize, reach: i64, floor: Option<&[u32]>) -> Vec<SizeCensus> {
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

/// Scratch space of [`irreducible`].
pub(super) struct Scratch {
    pub(super) rest: Vec<Cell>,
    pub(super) lines: Lines,
    pub(super) pairs: Vec<Pair>,
}

/// Does every cell of the cookie `(cells, parts)`, blocking `bn`, count: does taking
/// any one out (the rest keeping their parts) block fewer?
pub(super) fn irreducible(
    cells: &[Cell],
    parts: u32,
    bn: u32,
    game: &Game,
    scratch: &mut Scratch,
) -> bool {
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
pub(super) struct Growing {
    pub(super) cells: Vec<Cell>,
    pub(super) lines: Lines,
}

impl Growing {
    pub(super) fn push(&mut self, c: Cell) {
        self.cells.push(c);
        self.lines.push(c);
    }

    pub(super) fn pop(&mut self) {
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
pub(super) fn grow(
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

/// Every offset of a linked cell: `±j·v`, `1 ≤ j ≤ reach`, direction after direction.
pub(super) fn linked_offsets(directions: &[Cell], reach: i64) -> Vec<Cell> {
    directions
        .iter()
        .flat_map(|v| (1..=reach).flat_map(move |j| [[j * v[0], j * v[1]], [-j * v[0], -j * v[1]]]))
        .collect()
}

/// Does `c` come after the origin in the `(y, x)` order?
pub(super) fn after(c: Cell) -> bool {
    c[1] > 0 || (c[1] == 0 && c[0] > 0)
}
