//! Wins of Maker's by threats alone (docs/spec.md §11): Maker's move leaves a live
//! winning set with one free cell (a *threat*), Breaker's reply is forced onto that
//! cell, and so on until Maker's move leaves two threats on different cells, which
//! no single reply stops.
//!
//! # What it computes
//!
//! [`Threats::win`] looks for such a *threat line* from a position with Maker to
//! move: depth first over Maker's threats, at most `THREAT_DEPTH` threats deep and
//! `THREAT_BUDGET` positions per call. It returns the first line found in a fixed
//! order — Maker's first move, the cells of the line (Maker's moves, Breaker's forced
//! replies and the free cells of the final double threat) and the winning sets the
//! line uses, united (its *zone*: a Breaker move outside the line's cells leaves the
//! line intact). A direct-mapped cache keeps the answers per position, because df-pn
//! comes back to the same positions again and again.
//!
//! # Two implementations of one search
//!
//! Each step of the search plays a pair of cells — Maker's threat `x`, Breaker's forced
//! reply `y` — and must then know which winning sets have one and two free cells.
//!
//! * **By scanning** (any number of sets): every step rescans the sets live at the
//!   start, `O(m)` word operations for `m` sets.
//! * **By bit slices** (at most 128 sets of at most 15 cells, every board of
//!   `data/games/`; the counters of [`super::slices`]): the sets are the bits of a
//!   `u128`; `through(c)` holds the sets through cell `c`, `alive` the sets Breaker
//!   has not touched, and the free-cell counts of all sets are kept as binary
//!   counters sliced across words — `slice[b]` holds bit `b` of every set's count.
//!   Breaker's `y` is `alive &= !through(y)`; Maker's `x` subtracts one from the
//!   counters of the sets in `through(x)` (a ripple borrow through the slices).
//!   The sets with 0, 1 or 2 free cells are then three mask expressions, so a step
//!   costs `O(log max |set|)` words plus the sets with two free cells, not `O(m)`.
//!
//! Both visit the same positions in the same order and return the same line: the
//! sliced search takes the sets with at most two free cells in increasing index, as
//! the scan meets them, and stops where the scan would (a double threat found among
//! sets before the first set with at most one free cell, else that set). A unit test
//! holds them to the same answers on random positions of random games.

use super::slices::{Counters, Slices};
use super::solve::Position;
use super::{Cells, cells};
use std::cell::RefCell;

/// How many threats deep [`Threats::win`] looks.
const THREAT_DEPTH: u32 = 8;

/// Positions [`Threats::win`] may visit per call.
const THREAT_BUDGET: u32 = 30;

/// Slots of the cache of [`Threats::win`] (a power of two). Few answers are asked for
/// again (with 2^14 slots one search in twelve found its answer there), so the cache
/// pays only while it stays in the processor's second-level cache: 2^11 slots of 96
/// bytes (BENCHMARKS.md, *A table that doubles when half full*); 2^14 was 4 % slower,
/// 2^17 20 %.
const THREAT_CACHE: usize = 1 << 11;

/// The most sets the bit-sliced search handles (one bit each in a `u128`).
const SLICED_SETS: usize = super::slices::MAX_SETS;

/// A win by threats: Maker's first move, the cells of the line (Breaker must take one
/// of them), and the union of the winning sets the line uses (its zone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// Maker's first move.
    pub first: u8,
    /// Maker's moves, Breaker's forced replies and the free cells of the final double
    /// threat.
    pub cells: Cells,
    /// The winning sets of the line, united.
    pub sets: Cells,
}

/// One slot of the cache: Maker's and Breaker's cells and the line found, if any
/// (`None`: an empty slot).
type Entry = Option<(Cells, Cells, Option<Line>)>;

/// The threat-line search of one game, with its cache.
pub struct Threats {
    /// The winning sets.
    sets: Vec<Cells>,
    /// Every cell of the game.
    all: Cells,
    /// For the bit-sliced search: the sets through each cell (`None` when the game
    /// has more than [`SLICED_SETS`] sets or a set of more than 15 cells, which are
    /// searched by scanning).
    slices: Option<Slices>,
    /// Earlier answers, direct mapped by a hash of the position (an answer depends
    /// only on its position, so the cache changes the time of a search, never its
    /// result).
    cache: RefCell<Vec<Entry>>,
    /// The sets with two free cells met by each level of a search, kept between
    /// calls so that a call does not clear their tables ([`Pairs::level`]).
    stack: RefCell<Vec<Pairs>>,
}

/// A position of the bit-sliced search: the cells taken, and the sets still live with
/// their free-cell counts ([`Counters`]).
#[derive(Clone, Copy)]
struct Sliced {
    maker: Cells,
    breaker: Cells,
    counters: Counters,
}

impl Threats {
    /// The search over the winning sets `sets` of a game whose cells are `all`.
    pub fn new(sets: &[Cells], all: Cells) -> Threats {
        Threats {
            sets: sets.to_vec(),
            all,
            slices: Slices::new(sets),
            cache: RefCell::new(vec![None; THREAT_CACHE]),
            stack: RefCell::new((0..=THREAT_DEPTH).map(|_| Pairs::new()).collect()),
        }
    }

    /// The bit-sliced counters' geometry, when the game has at most 128 sets of at
    /// most 15 cells.
    pub fn slices(&self) -> Option<&Slices> {
        self.slices.as_ref()
    }

    /// Forgets every cached answer.
    pub fn clear(&self) {
        self.slots().fill(None);
    }

    /// A win of Maker's by threats alone from `p` (Maker to move, whatever
    /// `p.to_move` says), or `None` when none is found within the depth and the
    /// budget. See the module documentation.
    ///
    /// Complexity: at most `THREAT_BUDGET` + 1 positions, each `O(log s)` words
    /// plus its sets with two free cells (bit slices), or `O(m)` (scanning).
    pub fn win(&self, p: &Position) -> Option<Line> {
        self.win_from(p, None)
    }

    /// [`Threats::win`], given the counters of `p` when the caller has them (they
    /// save the search's one pass over the sets).
    pub fn win_from(&self, p: &Position, counters: Option<&Counters>) -> Option<Line> {
        let slot = Self::slot(p);
        if let Some((maker, breaker, line)) = self.slots()[slot]
            && maker == p.maker
            && breaker == p.breaker
        {
            return line;
        }
        let mut budget = THREAT_BUDGET;
        let found = match &self.slices {
            None => self.win_scanning(p, &mut budget),
            Some(sl) => {
                let st = Sliced {
                    maker: p.maker,
                    breaker: p.breaker,
                    counters: match counters {
                        Some(&c) => c,
                        None => sl.start(self.all & !(p.maker | p.breaker), p.breaker),
                    },
                };
                self.sliced(sl, &st, THREAT_DEPTH, &mut budget, &mut self.levels())
            }
        };
        self.slots()[slot] = Some((p.maker, p.breaker, found));
        found
    }

    /// The cache slot of `p`.
    fn slot(p: &Position) -> usize {
        let h = (p.maker as u64 ^ (p.maker >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (p.breaker as u64 ^ (p.breaker >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (h >> 40) as usize & (THREAT_CACHE - 1)
    }

    /// Reads the cache slot of `p` (Maker to move), so that a call of
    /// [`Threats::win`] made after other work finds it in the processor's cache.
    pub fn warm(&self, p: &Position) {
        std::hint::black_box(self.slots()[Self::slot(p)].is_some());
    }

    /// The levels of a search's [`Pairs`], one per threat deep.
    fn levels(&self) -> std::cell::RefMut<'_, Vec<Pairs>> {
        self.stack.borrow_mut()
    }

    /// The cache's slots.
    fn slots(&self) -> std::cell::RefMut<'_, Vec<Entry>> {
        self.cache.borrow_mut()
    }

    /// The search by scanning (see the module documentation), uncached.
    fn win_scanning(&self, p: &Position, budget: &mut u32) -> Option<Line> {
        let live: Vec<Cells> = self
            .sets
            .iter()
            .copied()
            .filter(|&s| s & p.breaker == 0)
            .collect();
        self.scanning(
            &live,
            p.maker,
            p.breaker,
            THREAT_DEPTH,
            budget,
            &mut self.levels(),
        )
    }

    /// Maker takes `x` and Breaker `y` in `st`.
    fn play(sl: &Slices, st: &mut Sliced, x: usize, y: usize) {
        st.maker |= 1 << x;
        st.breaker |= 1 << y;
        sl.breaker_takes(&mut st.counters, y);
        sl.maker_takes(&mut st.counters, x);
    }

    /// The bit-sliced search from `st` (see the module documentation).
    fn sliced(
        &self,
        sl: &Slices,
        st: &Sliced,
        depth: u32,
        budget: &mut u32,
        stack: &mut [Pairs],
    ) -> Option<Line> {
        let free_all = self.all & !(st.maker | st.breaker);
        let c = &st.counters;
        let low = c.alive & !sl.at_least(c, 2);
        let (b0, b1) = (c.slice[0], c.slice[1]);
        let at_most_one = low & !b1;
        let two = low & b1 & !b0;
        // The scan stops at the first set with at most one free cell; the sets with
        // two free cells before it may show a double threat first.
        let stop = if at_most_one == 0 {
            SLICED_SETS
        } else {
            at_most_one.trailing_zeros() as usize
        };
        let set = |i: usize| self.sets[i];
        let (pairs, stack) = Pairs::level(stack);
        let mut rest = two;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if i > stop {
                break;
            }
            if let Some(line) = pairs.add(i, self.sets[i] & free_all, set) {
                return Some(line);
            }
        }
        if stop < SLICED_SETS {
            return Some(Line::completing(self.sets[stop], free_all));
        }
        pairs.deeper(depth, budget, set, |x, y, budget| {
            let mut next = *st;
            Self::play(sl, &mut next, x, y);
            self.sliced(sl, &next, depth - 1, budget, stack)
        })
    }

    /// The search by scanning over `live`, the winning sets live at its start
    /// (Breaker's later cells only remove sets).
    fn scanning(
        &self,
        live: &[Cells],
        maker: Cells,
        breaker: Cells,
        depth: u32,
        budget: &mut u32,
        stack: &mut [Pairs],
    ) -> Option<Line> {
        let free_all = self.all & !(maker | breaker);
        let set = |i: usize| live[i];
        let (pairs, stack) = Pairs::level(stack);
        for (i, &s) in live.iter().enumerate() {
            if s & breaker != 0 {
                continue;
            }
            let free = s & free_all;
            match free.count_ones() {
                // Already won, or a threat Maker completes.
                0 | 1 => return Some(Line::completing(s, free_all)),
                2 => {
                    if let Some(line) = pairs.add(i, free, set) {
                        return Some(line);
                    }
                }
                _ => {}
            }
        }
        pairs.deeper(depth, budget, set, |x, y, budget| {
            self.scanning(
                live,
                maker | 1 << x,
                breaker | 1 << y,
                depth - 1,
                budget,
                stack,
            )
        })
    }
}

impl Line {
    /// The line of a set `s` with at most one free cell (of `free_all`): Maker has
    /// won, or takes that cell.
    fn completing(s: Cells, free_all: Cells) -> Line {
        let free = s & free_all;
        Line {
            first: if free == 0 {
                0
            } else {
                free.trailing_zeros() as u8
            },
            cells: free,
            sets: s,
        }
    }
}

/// The sets with two free cells met so far by one position of a search, in the order
/// met: for each cell, the other free cell of the first such set through it, and that
/// set's number.
struct Pairs {
    /// The cells of those sets.
    cells: Cells,
    /// The cells with a partner recorded.
    seen: Cells,
    partner: [u8; 128],
    via: [u32; 128],
}

impl Pairs {
    fn new() -> Pairs {
        Pairs {
            cells: 0,
            seen: 0,
            partner: [0; 128],
            via: [0; 128],
        }
    }

    /// The first level of `stack`, emptied (only `seen` and `cells` are cleared: a
    /// partner is read only for a cell marked seen), and the levels below it.
    fn level(stack: &mut [Pairs]) -> (&mut Pairs, &mut [Pairs]) {
        let (pairs, rest) = stack
            .split_first_mut()
            .expect("one level of pairs per threat deep");
        pairs.cells = 0;
        pairs.seen = 0;
        (pairs, rest)
    }

    /// Records set number `i`, with free cells `free` (two of them); returns the
    /// double threat it makes with a set recorded before (a cell whose two sets'
    /// other cells differ). `set` gives a set by its number.
    fn add(&mut self, i: usize, free: Cells, set: impl Fn(usize) -> Cells) -> Option<Line> {
        let a = free.trailing_zeros() as usize;
        let b = 127 - free.leading_zeros() as usize;
        self.cells |= free;
        for (x, y) in [(a, b), (b, a)] {
            if self.seen >> x & 1 == 0 {
                self.seen |= 1 << x;
                self.partner[x] = y as u8;
                self.via[x] = i as u32;
            } else if self.partner[x] as usize != y {
                return Some(Line {
                    first: x as u8,
                    cells: (1u128 << x) | (1 << y) | (1 << self.partner[x]),
                    sets: set(i) | set(self.via[x] as usize),
                });
            }
        }
        None
    }

    /// One threat deeper: for each cell `x` of the recorded sets in increasing order,
    /// while the budget lasts, Maker's threat at `x` and Breaker's forced reply at its
    /// partner `y`, searched by `next(x, y, budget)`; the first line found, with the
    /// threat put in front.
    fn deeper(
        &self,
        depth: u32,
        budget: &mut u32,
        set: impl Fn(usize) -> Cells,
        mut next: impl FnMut(usize, usize, &mut u32) -> Option<Line>,
    ) -> Option<Line> {
        if depth == 0 {
            return None;
        }
        for x in cells(self.cells) {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let y = self.partner[x] as usize;
            if let Some(line) = next(x, y, budget) {
                return Some(Line {
                    first: x as u8,
                    cells: line.cells | (1u128 << x) | (1 << y),
                    sets: line.sets | set(self.via[x] as usize),
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;

    /// A small deterministic generator (SplitMix64).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// The two searches give the same answer on random positions of random games
    /// (sets of 2 to 7 cells, up to 128 of them) and of the strip boards.
    #[test]
    fn sliced_and_scanning_searches_agree() {
        let mut rng = Rng(7);
        let mut games: Vec<(usize, Vec<Cells>)> = Vec::new();
        for _ in 0..60 {
            let n = 8 + rng.below(40) as usize;
            let m = 2 + rng.below(127) as usize;
            let sets = (0..m)
                .map(|_| {
                    let size = 2 + rng.below(6);
                    (0..size).fold(0u128, |a, _| a | 1 << rng.below(n as u64))
                })
                .collect();
            games.push((n, sets));
        }
        for n in [8, 11, 13] {
            let g = crate::game::generate::strip_7tr(n).unwrap();
            games.push((g.ncells(), g.sets.clone()));
        }
        let mut found = 0;
        for (n, sets) in &games {
            let all = if *n == 128 { !0 } else { (1u128 << n) - 1 };
            let t = Threats::new(sets, all);
            let sl = t.slices().unwrap();
            for _ in 0..300 {
                let (mut maker, mut breaker) = (0u128, 0u128);
                for c in 0..*n {
                    match rng.below(5) {
                        0 => maker |= 1 << c,
                        1 => breaker |= 1 << c,
                        _ => {}
                    }
                }
                let p = Position {
                    maker,
                    breaker,
                    to_move: Side::Maker,
                };
                let mut b1 = THREAT_BUDGET;
                let mut b2 = THREAT_BUDGET;
                let st = Sliced {
                    maker,
                    breaker,
                    counters: sl.start(all & !(maker | breaker), breaker),
                };
                let a = t.sliced(sl, &st, THREAT_DEPTH, &mut b1, &mut t.levels());
                let b = t.win_scanning(&p, &mut b2);
                assert_eq!(a, b, "sets {sets:x?}, maker {maker:x}, breaker {breaker:x}");
                assert_eq!(b1, b2);
                found += usize::from(a.is_some());
            }
        }
        assert!(found > 100, "only {found} lines found");
    }
}
