//! The look at a position by scanning its winning sets: the first of the two views of
//! [`super::scan`], which compares them, and the one for every game (the counters of
//! [`super::counted`] need at most 128 sets of at most 15 cells).

use super::scan::{Partners, Tally, View};
use super::{Cells, Line, Position, Threats, cells};

/// The view by scanning: one pass over the sets, and another for each question.
pub(super) struct Scanned<'a> {
    sets: &'a [Cells],
    p: &'a Position,
    free_all: Cells,
    tally: Tally,
    counts: [u32; 130],
    /// The weights, when the moves are ordered.
    weight: [u64; 128],
}

impl<'a> Scanned<'a> {
    /// The view of `p`, whose free cells are `free_all`, in a game with sets `sets`;
    /// with `order` set, the cells' weights are gathered too.
    pub(super) fn new(
        sets: &'a [Cells],
        p: &'a Position,
        free_all: Cells,
        order: bool,
    ) -> Scanned<'a> {
        let mut t = Tally::default();
        let mut counts = [0u32; 130];
        let mut weight = [0u64; 128];
        let mut partners = Partners::new();
        for (i, &s) in sets.iter().enumerate() {
            if s & p.breaker != 0 {
                continue;
            }
            let free = s & free_all;
            let f = free.count_ones() as usize;
            if f == 0 {
                t.complete = s;
                break;
            }
            t.live_sets += 1;
            t.live_cells |= free;
            counts[f] += 1;
            if f == 1 {
                t.threat(s, free);
            } else if f == 2 {
                partners.add(&mut t, sets, i, free);
            }
            if order {
                let w = 1u64 << (40 - f.min(40));
                for c in cells(free) {
                    weight[c] += w;
                }
            }
        }
        Scanned {
            sets,
            p,
            free_all,
            tally: t,
            counts,
            weight,
        }
    }
}

impl View for Scanned<'_> {
    fn tally(&self) -> &Tally {
        &self.tally
    }

    fn counts(&self) -> &[u32] {
        &self.counts
    }

    fn pairs_through(&self, x: usize) -> (Cells, Cells) {
        let (mut free_cells, mut sets) = (0, 0);
        for &s in self.sets {
            if s & self.p.breaker == 0 && s >> x & 1 == 1 {
                let free = s & self.free_all;
                if free.count_ones() == 2 {
                    free_cells |= free;
                    sets |= s;
                }
            }
        }
        (free_cells, sets)
    }

    fn hopeless(&self) -> Cells {
        hopeless_components(self.sets, self.p, self.free_all)
    }

    fn weight(&self, c: usize) -> u64 {
        self.weight[c]
    }

    fn threat_line(&self, threats: &Threats, p: &Position, budget: u32) -> Option<Line> {
        threats.win_from(p, None, budget)
    }

    fn undominated(&self, candidates: Cells) -> Cells {
        let mut common = [!0 as Cells; 128];
        let mut degree = [0u32; 128];
        for &s in self.sets.iter().filter(|&&s| s & self.p.breaker == 0) {
            for c in cells(s & candidates) {
                common[c] &= s;
                degree[c] += 1;
            }
        }
        super::scan::undominated(candidates, |x| common[x], |c| degree[c])
    }
}

/// The free cells of the components of the live sets at `p` whose Erdős–Selfridge
/// potential is below 1/2: Breaker wins each of them even when Maker moves first
/// there. Two live sets are in one component when their free cells meet (a set with
/// no free cell has none). The potential is summed exactly in units of `2^(−100)`; a
/// component with a set of more than 100 free cells is never counted hopeless.
///
/// Complexity `O(L · C)` word operations for `L` live sets and `C` components.
pub(super) fn hopeless_components(sets: &[Cells], p: &Position, free_all: Cells) -> Cells {
    const UNIT: u32 = 100;
    // (free cells, potential in units of 2^(−UNIT), whether exact) per component.
    let mut comps: Vec<(Cells, u128, bool)> = Vec::new();
    for &s in sets {
        if s & p.breaker != 0 {
            continue;
        }
        let free = s & free_all;
        if free == 0 {
            continue;
        }
        let f = free.count_ones();
        let (w, exact) = if f <= UNIT {
            (1u128 << (UNIT - f), true)
        } else {
            (0, false)
        };
        let mut merged = (free, w, exact);
        let mut i = 0;
        while i < comps.len() {
            if comps[i].0 & merged.0 != 0 {
                let c = comps.swap_remove(i);
                merged = (merged.0 | c.0, merged.1 + c.1, merged.2 && c.2);
            } else {
                i += 1;
            }
        }
        comps.push(merged);
    }
    comps
        .iter()
        .filter(|c| c.2 && c.1 < 1u128 << (UNIT - 1))
        .fold(0, |a, c| a | c.0)
}
