//! Wins of Maker's by threats alone (docs/spec.md §11): Maker's move leaves a live
//! winning set with one free cell (a *threat*), Breaker's reply is forced onto that
//! cell, and so on until Maker's move leaves two threats on different cells, which
//! no single reply stops.
//!
//! # What it computes
//!
//! [`Threats::win`] looks for such a *threat line* from a position with Maker to
//! move: depth first over Maker's threats, at most `THREAT_DEPTH` threats deep and at
//! most a *budget* of positions per call ([`THREAT_BUDGET`] unless the caller gives
//! another, [`Threats::win_from`]). It returns the first line found in a fixed
//! order — Maker's first move, the cells of the line (Maker's moves, Breaker's forced
//! replies and the free cells of the final double threat) and the winning sets the
//! line uses, united (its *zone*: a Breaker move outside the line's cells leaves the
//! line intact). A direct-mapped cache keeps the answers per position, because df-pn
//! comes back to the same positions again and again.
//!
//! # Budgets
//!
//! The budget only cuts the search short: every budget visits the same positions in
//! the same order, as far as it goes. So one search tells the answer for other budgets
//! too. If it found a line after charging `u` positions, every budget of at least `u`
//! finds that line and every smaller one finds none; if it ended without a line and
//! with budget left, no budget finds one; if its budget ran out, no budget up to its
//! own finds one, and a larger one must search again. The cache keeps the charge and
//! answers exactly as a search from scratch with the budget asked for would, so it
//! changes the time of a search, never its result, whatever budgets came before.
//!
//! # Footprints
//!
//! A search that ends without a line also gives two *footprints*: the cells of the live
//! sets with two, and with two or three, free cells that it met. A position with more
//! of Breaker's cells outside the first and at most one more of Maker's outside the
//! second is searched step for step the same way, so it has no line either within the
//! same budget — within any budget if the first search ended with budget left
//! ([`Threats::base`]; docs/spec.md §11.3 (g)). After scanning a position it searches,
//! the solver names it with [`Threats::base`], and the searches of its children's first
//! looks that the footprints cover are answered at once: on (4, 12, 7^tr), 36 % of all
//! the searches asked for (measured with one budget for every search), every answer
//! and node count as a search would give.
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

/// Positions [`Threats::win`] may visit per call: the budget of every search but those
/// whose caller gives its own ([`Threats::win_from`]).
pub const THREAT_BUDGET: u32 = 30;

/// Slots of the cache of [`Threats::win`] (a power of two). Few answers are asked for
/// again (with 2^14 slots one search in twelve found its answer there), so the cache
/// pays only while it stays in the processor's second-level cache: 2^11 slots of 96
/// bytes ([`Entry`]) (BENCHMARKS.md, *A table that doubles when half full*); 2^14 was
/// 4 % slower, 2^17 20 %.
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

/// What a search found, and the positions it charged to its budget before it
/// returned: a line, or none with the search's two footprints ([`Threats::base`]) and
/// whether the budget stopped it (the module documentation, *Budgets*, says what each
/// tells of other budgets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    Line {
        line: Line,
        used: u32,
    },
    Nothing {
        /// The cells of the live sets with two free cells the search met.
        two: Cells,
        /// The cells of the live sets with two or three free cells it met.
        three: Cells,
        used: u32,
        /// The budget ran out (taken to be so whenever nothing of it is left).
        cut: bool,
    },
}

impl Found {
    /// What a search within `asked` positions that returned `line`, with `left` of its
    /// budget left and footprints `(two, three)`, found.
    fn new(line: Option<Line>, (two, three): (Cells, Cells), asked: u32, left: u32) -> Found {
        let used = asked - left;
        match line {
            Some(line) => Found::Line { line, used },
            None => Found::Nothing {
                two,
                three,
                used,
                cut: left == 0,
            },
        }
    }

    /// The line found, if any.
    fn line(self) -> Option<Line> {
        match self {
            Found::Line { line, .. } => Some(line),
            Found::Nothing { .. } => None,
        }
    }

    /// What a search of the same position within `budget` positions finds: `None` when
    /// only a new search can tell (a budget larger than one that ran out).
    fn answer(self, budget: u32) -> Option<Option<Line>> {
        match self {
            Found::Line { line, used } => Some((budget >= used).then_some(line)),
            Found::Nothing { used, cut, .. } => (!cut || budget <= used).then_some(None),
        }
    }
}

/// One slot of the cache: Maker's and Breaker's cells and what the search found
/// (`None`: an empty slot).
type Entry = Option<(Cells, Cells, Found)>;

/// A position whose search found no line, with its footprints: Maker's and Breaker's
/// cells, the cells of every set with two free cells the search met, and of every
/// set with two or three; and the most budget the footprints answer for (`u32::MAX`
/// when the search ended with budget left).
type Base = (Cells, Cells, Cells, Cells, u32);

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
    /// Earlier answers, direct mapped by a hash of the position, with the positions
    /// each search charged (an answer depends only on its position and its budget,
    /// and the cache answers a budget only where that charge tells the answer, so it
    /// changes the time of a search, never its result).
    cache: RefCell<Vec<Entry>>,
    /// The sets with two free cells met by each level of a search, kept between
    /// calls so that a call does not clear their tables ([`Pairs::level`]).
    stack: RefCell<Vec<Pairs>>,
    /// A position whose search found no line, and its footprints ([`Threats::base`]).
    base: std::cell::Cell<Option<Base>>,
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
            base: std::cell::Cell::new(None),
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
        self.base.set(None);
    }

    /// A win of Maker's by threats alone from `p` (Maker to move, whatever
    /// `p.to_move` says), or `None` when none is found within the depth and
    /// [`THREAT_BUDGET`]. See the module documentation.
    ///
    /// Complexity: at most `THREAT_BUDGET` + 1 positions, each `O(log s)` words
    /// plus its sets with two free cells (bit slices), or `O(m)` (scanning).
    pub fn win(&self, p: &Position) -> Option<Line> {
        self.win_from(p, None, THREAT_BUDGET)
    }

    /// [`Threats::win`] within `budget` positions, given the counters of `p` when the
    /// caller has them (they save the search's one pass over the sets). The answer is
    /// that of a search from scratch with this budget, whatever the cache holds.
    ///
    /// Complexity: at most `budget` + 1 positions, each as in [`Threats::win`].
    pub fn win_from(&self, p: &Position, counters: Option<&Counters>, budget: u32) -> Option<Line> {
        if self.base.get().is_some_and(|b| Self::covers(&b, p, budget)) {
            return None;
        }
        let slot = Self::slot(p);
        if let Some((maker, breaker, found)) = self.slots()[slot]
            && maker == p.maker
            && breaker == p.breaker
            && let Some(answer) = found.answer(budget)
        {
            return answer;
        }
        let found = match &self.slices {
            None => self.win_scanning(p, budget),
            Some(sl) => {
                let st = Sliced {
                    maker: p.maker,
                    breaker: p.breaker,
                    counters: match counters {
                        Some(&c) => c,
                        None => sl.start(self.all & !(p.maker | p.breaker), p.breaker),
                    },
                };
                let (mut met, mut left) = ((0, 0), budget);
                let line = self.sliced(
                    sl,
                    &st,
                    THREAT_DEPTH,
                    &mut left,
                    &mut met,
                    &mut self.levels(),
                );
                let footprints = match line {
                    Some(_) => (0, 0),
                    None => (sl.union(met.0), sl.union(met.1)),
                };
                Found::new(line, footprints, budget, left)
            }
        };
        self.slots()[slot] = Some((p.maker, p.breaker, found));
        found.line()
    }

    /// Whether the footprints of `base` answer the search of `p` within `budget`: `p`
    /// adds to it cells of Breaker's outside the first and at most one of Maker's
    /// outside the second, and the budget is one the footprints answer for
    /// ([`Threats::base`]).
    fn covers(&(maker, breaker, two, three, most): &Base, p: &Position, budget: u32) -> bool {
        let more = p.maker & !maker;
        budget <= most
            && p.maker & maker == maker
            && p.breaker & breaker == breaker
            && p.breaker & !breaker & two == 0
            && more & more.wrapping_sub(1) == 0
            && more & three == 0
    }

    /// Lets later searches reuse the answer of `p` (Maker to move), when its search is
    /// in the cache and found no line. Its two *footprints* are the cells of the live
    /// sets with two free cells, and with two or three, that the search met at any
    /// position it visited. A position that adds to `p` any cells of Breaker's outside the
    /// first footprint and at most one cell of Maker's outside the second has no line
    /// either. At a position with Breaker to move this answers the searches of
    /// Breaker's moves far from Maker's threats; at one with Maker to move, those of
    /// Maker's moves far from them (docs/spec.md §11.3 (g)).
    ///
    /// Why: a search looks only at the live sets with at most two free cells, and the
    /// search of `p` met none with fewer than two (it would have found a line). In the
    /// later search a set through a cell of Breaker's added is dead, and at every
    /// position the search of `p` visited it was dead or had three free cells or more;
    /// a live set through Maker's added cell had four or more there, so it has three or
    /// more.
    /// Every other set is as it was. So the later search visits the same positions,
    /// meets the same sets with two free cells in the same order and charges the same
    /// positions to its budget: it ends as that of `p` did, without a line, or its
    /// budget runs out sooner. Hence the footprints answer for every budget when the
    /// search of `p` ended with budget left, and for budgets up to its own when that
    /// ran out. Two cells of Maker's added to one set of four free cells would make a
    /// threat, hence the one cell.
    ///
    /// Complexity: `O(1)`; every later search pays one test of a few words.
    pub fn base(&self, p: &Position) {
        if let Some((
            maker,
            breaker,
            Found::Nothing {
                two,
                three,
                used,
                cut,
            },
        )) = self.slots()[Self::slot(p)]
            && maker == p.maker
            && breaker == p.breaker
        {
            let most = if cut { used } else { u32::MAX };
            self.base.set(Some((maker, breaker, two, three, most)));
        }
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

    /// The search by scanning (see the module documentation) within `budget`
    /// positions, uncached.
    fn win_scanning(&self, p: &Position, budget: u32) -> Found {
        let live: Vec<Cells> = self
            .sets
            .iter()
            .copied()
            .filter(|&s| s & p.breaker == 0)
            .collect();
        let (mut footprints, mut left) = ((0, 0), budget);
        let line = self.scanning(
            &live,
            (p.maker, p.breaker),
            THREAT_DEPTH,
            &mut left,
            &mut footprints,
            &mut self.levels(),
        );
        Found::new(line, footprints, budget, left)
    }

    /// Maker takes `x` and Breaker `y` in `st`.
    fn play(sl: &Slices, st: &mut Sliced, x: usize, y: usize) {
        st.maker |= 1 << x;
        st.breaker |= 1 << y;
        sl.breaker_takes(&mut st.counters, y);
        sl.maker_takes(&mut st.counters, x);
    }

    /// The bit-sliced search from `st` (see the module documentation); `met`
    /// gathers the live sets with two free cells it meets, and those with at most
    /// three (for the footprints of [`Found::Nothing`]).
    fn sliced(
        &self,
        sl: &Slices,
        st: &Sliced,
        depth: u32,
        budget: &mut u32,
        met: &mut (u128, u128),
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
        met.0 |= two;
        met.1 |= low;
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
            self.sliced(sl, &next, depth - 1, budget, met, stack)
        })
    }

    /// The search by scanning over `live`, the winning sets live at its start
    /// (Breaker's later cells only remove sets), from Maker's and Breaker's cells;
    /// `footprint` gathers the cells of the live sets with two free cells it meets,
    /// and of those with two or three.
    fn scanning(
        &self,
        live: &[Cells],
        (maker, breaker): (Cells, Cells),
        depth: u32,
        budget: &mut u32,
        footprint: &mut (Cells, Cells),
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
                    footprint.0 |= s;
                    footprint.1 |= s;
                    if let Some(line) = pairs.add(i, free, set) {
                        return Some(line);
                    }
                }
                3 => footprint.1 |= s,
                _ => {}
            }
        }
        pairs.deeper(depth, budget, set, |x, y, budget| {
            self.scanning(
                live,
                (maker | 1 << x, breaker | 1 << y),
                depth - 1,
                budget,
                footprint,
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

    /// `count` random games (8 to 47 cells, 2 to 128 sets of 2 to 7 cells) and the
    /// (4, n, 7^tr) boards for n = 8, 11, 13: each its number of cells and its sets.
    fn games(rng: &mut Rng, count: usize) -> Vec<(usize, Vec<Cells>)> {
        let mut games: Vec<(usize, Vec<Cells>)> = (0..count)
            .map(|_| {
                let n = 8 + rng.below(40) as usize;
                let m = 2 + rng.below(127) as usize;
                let sets = (0..m)
                    .map(|_| {
                        let size = 2 + rng.below(6);
                        (0..size).fold(0u128, |a, _| a | 1 << rng.below(n as u64))
                    })
                    .collect();
                (n, sets)
            })
            .collect();
        for n in [8, 11, 13] {
            let g = crate::game::generate::strip_7tr(n).unwrap();
            games.push((g.ncells(), g.sets.clone()));
        }
        games
    }

    /// The games of [`games`], then two random games on 40 cells of more than 128
    /// sets (150 and 200), which the scanning search handles.
    fn games_and_scanned(rng: &mut Rng, count: usize) -> Vec<(usize, Vec<Cells>)> {
        let mut all = games(rng, count);
        for m in [150, 200] {
            let sets = (0..m)
                .map(|_| (0..2 + rng.below(6)).fold(0u128, |a, _| a | 1 << rng.below(40)))
                .collect();
            all.push((40, sets));
        }
        all
    }

    /// A random position on cells `0..n`, Maker to move: each cell Maker's with
    /// chance `1/odds`, Breaker's with chance `1/odds`.
    fn position(rng: &mut Rng, n: usize, odds: u64) -> Position {
        let (mut maker, mut breaker) = (0u128, 0u128);
        for c in 0..n {
            match rng.below(odds) {
                0 => maker |= 1 << c,
                1 => breaker |= 1 << c,
                _ => {}
            }
        }
        Position {
            maker,
            breaker,
            to_move: Side::Maker,
        }
    }

    /// A random budget, from 0 to twice [`THREAT_BUDGET`].
    fn random_budget(rng: &mut Rng) -> u32 {
        rng.below(2 * u64::from(THREAT_BUDGET)) as u32
    }

    /// The search of `p` within `budget` by `t` emptied first: a search from scratch.
    fn from_scratch(t: &Threats, p: &Position, budget: u32) -> Option<Line> {
        t.clear();
        t.win_from(p, None, budget)
    }

    /// The two searches give the same answer, budget left and footprints on random
    /// positions of random games and of the strip boards, each within a random budget.
    #[test]
    fn sliced_and_scanning_searches_agree() {
        let mut rng = Rng(7);
        let mut found = 0;
        for (n, sets) in &games(&mut rng, 60) {
            let all = (1u128 << n) - 1;
            let t = Threats::new(sets, all);
            let sl = t.slices().unwrap();
            for _ in 0..300 {
                let p = position(&mut rng, *n, 5);
                let budget = random_budget(&mut rng);
                let mut left = budget;
                let st = Sliced {
                    maker: p.maker,
                    breaker: p.breaker,
                    counters: sl.start(all & !(p.maker | p.breaker), p.breaker),
                };
                let mut met = (0, 0);
                let a = t.sliced(sl, &st, THREAT_DEPTH, &mut left, &mut met, &mut t.levels());
                let b = t.win_scanning(&p, budget);
                let footprints = (sl.union(met.0), sl.union(met.1));
                assert_eq!(
                    b,
                    Found::new(a, footprints, budget, left),
                    "sets {sets:x?}, {p:?}, budget {budget}"
                );
                found += usize::from(a.is_some());
            }
        }
        assert!(found > 100, "only {found} lines found");
    }

    /// A position whose search found no line answers the searches of the positions
    /// with more of Breaker's cells outside its first footprint and at most one more
    /// of Maker's outside its second, within the budgets it answers for: they find no
    /// line either, as a search from scratch with the same budget confirms, on random
    /// positions of random games (two of them of more than 128 sets, searched by
    /// scanning) and of the strip boards, each search with a random budget; the other
    /// positions are searched as usual.
    #[test]
    fn a_footprint_answers_the_moves_outside_it() {
        let mut rng = Rng(11);
        let (mut answered, mut searched) = (0, 0);
        for (n, sets) in &games_and_scanned(&mut rng, 40) {
            let all = (1u128 << n) - 1;
            let (t, scratch) = (Threats::new(sets, all), Threats::new(sets, all));
            for _ in 0..200 {
                let p = position(&mut rng, *n, 6);
                // No base left from the position before: its footprints might answer
                // the search of `p`, which would then leave none of its own.
                t.clear();
                let budget = random_budget(&mut rng);
                if t.win_from(&p, None, budget).is_some() {
                    continue;
                }
                t.base(&p);
                let Some(base) = t.base.get() else {
                    panic!("the answer of a search just made is in the cache");
                };
                assert_eq!((base.0, base.1), (p.maker, p.breaker));
                for _ in 0..20 {
                    // One to three more cells, each Maker's or Breaker's.
                    let mut q = p;
                    for _ in 0..1 + rng.below(3) {
                        let free = all & !(q.maker | q.breaker);
                        if free == 0 {
                            break;
                        }
                        let c = cells(free).nth(rng.below(free.count_ones().into()) as usize);
                        let c = 1u128 << c.unwrap();
                        if rng.below(2) == 0 {
                            q.maker |= c;
                        } else {
                            q.breaker |= c;
                        }
                    }
                    let budget = random_budget(&mut rng);
                    let fresh = from_scratch(&scratch, &q, budget);
                    if Threats::covers(&base, &q, budget) {
                        assert_eq!(fresh, None, "sets {sets:x?}, {p:?}, {q:?}");
                        answered += 1;
                    } else {
                        searched += 1;
                    }
                    let cached = t.win_from(&q, None, budget);
                    assert_eq!(cached, fresh, "sets {sets:x?}, {p:?}, {q:?}, {budget}");
                }
            }
        }
        assert!(
            answered > 1000 && searched > 1000,
            "{answered} answered, {searched} searched"
        );
    }

    /// The cache answers a search within any budget as a search from scratch with
    /// that budget would, whatever budgets the same position was asked with before:
    /// random budgets in random order on random positions of random games (two of
    /// them of more than 128 sets, searched by scanning) and of the strip boards, each
    /// without a line at the position itself. Some positions must have a line that a
    /// smaller budget misses.
    #[test]
    fn the_cache_answers_every_budget_as_a_search_from_scratch() {
        let mut rng = Rng(13);
        let (mut lines, mut missed) = (0, 0);
        for (n, sets) in &games_and_scanned(&mut rng, 40) {
            let all = (1u128 << n) - 1;
            let (t, scratch) = (Threats::new(sets, all), Threats::new(sets, all));
            for _ in 0..400 {
                let p = position(&mut rng, *n, 5);
                // A line at the position itself is found within any budget.
                if from_scratch(&scratch, &p, 0).is_some() {
                    continue;
                }
                let mut seen = (false, false);
                for _ in 0..8 {
                    // Small budgets half the time: most lines are found within a few.
                    let most = [6, 2 * u64::from(THREAT_BUDGET)][rng.below(2) as usize];
                    let budget = rng.below(most) as u32;
                    let fresh = from_scratch(&scratch, &p, budget);
                    assert_eq!(
                        t.win_from(&p, None, budget),
                        fresh,
                        "sets {sets:x?}, {p:?}, budget {budget}"
                    );
                    seen = (seen.0 || fresh.is_some(), seen.1 || fresh.is_none());
                }
                lines += usize::from(seen.0);
                missed += usize::from(seen.0 && seen.1);
            }
        }
        assert!(
            lines > 100 && missed > 50,
            "{lines} with lines, {missed} missed by a budget"
        );
    }
}
