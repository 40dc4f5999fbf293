//! The look at a position through the bit-sliced counters of its winning sets
//! ([`crate::game::slices`]): the second of the two views of [`super::scan`], which
//! compares them.
//!
//! A [`Node`] is what the search carries from a position to its children: the
//! counters, the free cells of the live sets and the cells of the live sets (those
//! the reduced position keeps, [`super::keys`]). A child's node follows from its
//! parent's with a few word operations per set the move touches ([`Node::child`]);
//! only the root's is built by a pass over the sets.

use super::keys::Step;
use super::scan::{Partners, Tally, View};
use super::{Cells, Line, Position, Side, Threats, cells};
use crate::game::slices::{Counters, Slices};

use crate::game::slices::SLICES;

/// The counters of a position and what follows from them at once (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    /// The live sets and their free-cell counts.
    pub(super) counters: Counters,
    /// The free cells of the live sets.
    pub(super) live: Cells,
    /// The cells of the live sets, Maker's and free: the reduced position's cells.
    pub(super) rel: Cells,
}

impl Node {
    /// The node of `p` in a game with cells `all`, by a pass over the sets.
    pub(super) fn start(sl: &Slices, p: &Position, all: Cells) -> Node {
        let free = all & !(p.maker | p.breaker);
        let counters = sl.start(free, p.breaker);
        let rel = sl.union(counters.alive);
        Node {
            counters,
            live: rel & free,
            rel,
        }
    }

    /// The node after the player to move at `p` (whose node this is) takes cell `c`,
    /// and the change of the reduced position (as [`Solver::step`](super::Solver)
    /// computes it by scanning).
    ///
    /// Complexity: `O(bits)` for Maker's move; for Breaker's, the sets through `c` and
    /// their cells.
    pub(super) fn child(&self, sl: &Slices, p: &Position, c: usize) -> (Node, Step) {
        let bit: Cells = 1 << c;
        let mut next = *self;
        if self.rel & bit == 0 {
            // A cell in no live set: nothing the counters or the reduction hold changes.
            return (next, Step::default());
        }
        match p.to_move {
            Side::Maker => {
                sl.maker_takes(&mut next.counters, c);
                next.live &= !bit;
                (
                    next,
                    Step {
                        maker_in: bit,
                        ..Step::default()
                    },
                )
            }
            Side::Breaker => {
                let killed = self.counters.alive & sl.through(c);
                sl.breaker_takes(&mut next.counters, c);
                let gone = sl.outside(&next.counters, sl.union(killed) & self.rel);
                next.live &= !gone;
                next.rel &= !gone;
                (
                    next,
                    Step {
                        maker_in: 0,
                        maker_out: gone & p.maker,
                        breaker_in: gone & !p.maker,
                    },
                )
            }
        }
    }
}

/// The view through the counters: each question a few masks, not a pass over the sets.
pub(super) struct Counted<'a> {
    sl: &'a Slices,
    node: &'a Node,
    free_all: Cells,
    tally: Tally,
    /// The number of live sets by free cells.
    counts: [u32; 1 << SLICES],
    /// The live sets with exactly `f` free cells, `f < 2^SLICES`.
    by_free: [u128; 1 << SLICES],
    /// The largest `f` with live sets.
    top: usize,
}

impl<'a> Counted<'a> {
    /// The view of `p` (in a game with cells `all`) through its node.
    pub(super) fn new(sl: &'a Slices, node: &'a Node, p: &Position, all: Cells) -> Counted<'a> {
        let free_all = all & !(p.maker | p.breaker);
        let c = &node.counters;
        let mut view = Counted {
            sl,
            node,
            free_all,
            tally: Tally::default(),
            counts: [0; 1 << SLICES],
            by_free: [0; 1 << SLICES],
            top: 0,
        };
        let t = &mut view.tally;
        let zero = sl.exactly(c, 0);
        if zero != 0 {
            t.complete = sl.set(zero.trailing_zeros() as usize);
            return view;
        }
        t.live_sets = c.alive.count_ones();
        t.live_cells = node.live;
        for f in 1..1usize << sl.bits() {
            let m = sl.exactly(c, f as u32);
            view.by_free[f] = m;
            view.counts[f] = m.count_ones();
            if m != 0 {
                view.top = f;
            }
        }
        let mut one = view.by_free[1];
        while one != 0 {
            let s = sl.set(one.trailing_zeros() as usize);
            one &= one - 1;
            t.threat(s, s & free_all);
        }
        let two = view.by_free[2];
        if two.count_ones() == 1 {
            // One set of two free cells makes no double threat.
            t.any_two = true;
        } else if two != 0 {
            let mut partners = Partners::new();
            let mut rest = two;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                partners.add(t, sl.sets(), i, sl.set(i) & free_all);
            }
        }
        view
    }

    /// The potential of the sets in `mask` (live sets), in units of `2^(−unit)`.
    fn potential_of(&self, mask: u128, unit: u32) -> u128 {
        (1..=self.top)
            .map(|f| u128::from((mask & self.by_free[f]).count_ones()) << (unit - f as u32))
            .sum()
    }
}

impl View for Counted<'_> {
    fn tally(&self) -> &Tally {
        &self.tally
    }

    fn counts(&self) -> &[u32] {
        &self.counts
    }

    fn pairs_through(&self, x: usize) -> (Cells, Cells) {
        let sets = self.sl.union(self.by_free[2] & self.sl.through(x));
        (sets & self.free_all, sets)
    }

    /// Components grown from the lowest live set left, a layer of sets through the
    /// newly reached free cells at a time; the same partition as
    /// [`super::scanned::hopeless_components`] finds, so the same cells.
    fn hopeless(&self) -> Cells {
        const UNIT: u32 = 100;
        let mut rest = self.node.counters.alive;
        let mut out: Cells = 0;
        while rest != 0 {
            let first = rest & rest.wrapping_neg();
            let mut comp = first;
            let mut reached = self.sl.union(first) & self.free_all;
            let mut frontier = reached;
            loop {
                let mut more = 0u128;
                for x in cells(frontier) {
                    more |= self.sl.through(x);
                }
                more &= rest & !comp;
                if more == 0 {
                    break;
                }
                comp |= more;
                frontier = self.sl.union(more) & self.free_all & !reached;
                reached |= frontier;
            }
            rest &= !comp;
            if self.potential_of(comp, UNIT) < 1u128 << (UNIT - 1) {
                out |= reached;
            }
        }
        out
    }

    fn weight(&self, c: usize) -> u64 {
        let through = self.sl.through(c);
        (1..=self.top)
            .map(|f| u64::from((through & self.by_free[f]).count_ones()) << (40 - f))
            .sum()
    }

    fn threat_line(&self, threats: &Threats, p: &Position, budget: u32) -> Option<Line> {
        threats.win_from(p, Some(&self.node.counters), budget)
    }

    fn undominated(&self, candidates: Cells) -> Cells {
        let alive = self.node.counters.alive;
        let common = |x: usize| self.sl.common(self.sl.through(x) & alive);
        let degree = |c: usize| (self.sl.through(c) & alive).count_ones();
        super::scan::undominated(candidates, common, degree)
    }
}
