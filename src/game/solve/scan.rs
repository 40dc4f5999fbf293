//! One look at a position: the rules that decide it at once, and the moves left to
//! search, in the order they are tried (docs/spec.md §11; the list is in the essay of
//! [`super`]). A scan reads every winning set once; the search for a line of threats
//! it calls is in [`crate::game::threats`].

use super::{Cells, Line, Position, Side, Solver, cells, pairing, potential_below};

/// Why a position is decided without search (docs/spec.md §11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Maker owns a whole winning set.
    Complete,
    /// Maker to move takes the last free cell of a live set.
    Threat(u8),
    /// Maker to move takes a cell that leaves two live sets with one free cell each,
    /// on different cells.
    DoubleThreat(u8),
    /// Breaker to move faces two live sets with one free cell each, on different cells.
    TwoThreats,
    /// Breaker to move faces double threats of Maker's that no single cell stops.
    DoubleThreatAhead,
    /// Maker to move wins by a sequence of threats that starts at this cell: each of
    /// Maker's moves leaves a live set with one free cell, which Breaker must take,
    /// until Maker makes two threats at once.
    ThreatSequence(u8),
    /// No live winning set is left.
    NoLiveSet,
    /// The Erdős–Selfridge potential is below the bound.
    Potential,
    /// A pairing of the live sets exists.
    Pairing,
}

impl Rule {
    /// The player the rule decides for.
    pub fn winner(self) -> Side {
        match self {
            Rule::Complete
            | Rule::Threat(_)
            | Rule::DoubleThreat(_)
            | Rule::TwoThreats
            | Rule::DoubleThreatAhead
            | Rule::ThreatSequence(_) => Side::Maker,
            Rule::NoLiveSet | Rule::Potential | Rule::Pairing => Side::Breaker,
        }
    }
}

/// The moves worth trying at a position, heaviest first.
#[derive(Clone, Debug)]
pub struct Moves {
    /// The cells, in the order they are tried.
    pub cells: Vec<u8>,
    /// Every free cell of a live set: the moves a certificate must answer for the
    /// loser (a superset of `cells`).
    pub live: Cells,
    /// The Erdős–Selfridge potential `Σ 2^(−f)` of the live sets.
    pub potential: f64,
}

/// What one scan of a position finds.
#[derive(Clone, Debug)]
pub enum Eval {
    /// Decided by a rule.
    Decided(Rule),
    /// Undecided: the moves to try.
    Open(Moves),
}

impl Solver<'_> {
    /// One scan of the winning sets at `p` (see the module documentation).
    pub fn evaluate(&self, p: &Position) -> Eval {
        self.scan(p, true, true).0
    }

    /// [`Solver::evaluate`], with the search for a win by threats only when
    /// `threats` is set (a quick look at a child before it is searched leaves it out),
    /// and a zone: for a position decided for Maker, the winning sets the rule uses,
    /// united; for an open position with Breaker to move, the sets of the rules that
    /// excluded some of Breaker's moves (every excluded move loses within them).
    ///
    /// With `order` unset the moves come in increasing cell order, not heaviest first
    /// (a child's first numbers need only how many there are).
    pub(super) fn scan(&self, p: &Position, threats_too: bool, order: bool) -> (Eval, Cells) {
        if threats_too {
            // The cache slot of the threat search below, read while the sets are.
            self.threats.warm(p);
        }
        let free_all = self.game.all() & !(p.maker | p.breaker);
        let mut live_sets = 0usize;
        let mut live_cells: Cells = 0;
        let mut threats: Cells = 0;
        // The first live set with one free cell, and one whose free cell differs.
        let mut threat_set: Cells = 0;
        let mut other_threat: Cells = 0;
        let mut counts = [0u32; 130];
        let mut weight = [0u64; 128];
        // Cells of the live sets with two free cells: one partner recorded per cell
        // (with the set it came from), and the cells that have two different partners.
        let mut partner = [u8::MAX; 128];
        let mut via = [0u32; 128];
        let mut double: Cells = 0;
        // Whether a live set has two free cells: without one, Maker has no threat to
        // make, and no line of threats exists.
        let mut any_two = false;
        let mut double_sets: Cells = 0;
        let mut double_cell = 0u8;
        for (i, &s) in self.sets.iter().enumerate() {
            if s & p.breaker != 0 {
                continue;
            }
            let free = s & free_all;
            let f = free.count_ones() as usize;
            if f == 0 {
                return (Eval::Decided(Rule::Complete), s);
            }
            live_sets += 1;
            live_cells |= free;
            counts[f] += 1;
            if f == 1 {
                if threat_set == 0 {
                    threat_set = s;
                } else if other_threat == 0 && free & threat_set == 0 {
                    other_threat = s;
                }
                threats |= free;
            } else if f == 2 {
                any_two = true;
                let a = free.trailing_zeros() as usize;
                let b = 127 - free.leading_zeros() as usize;
                for (x, y) in [(a, b), (b, a)] {
                    if partner[x] == u8::MAX {
                        partner[x] = y as u8;
                        via[x] = i as u32;
                    } else if partner[x] as usize != y {
                        if double == 0 {
                            double_sets = s | self.sets[via[x] as usize];
                            double_cell = x as u8;
                        }
                        double |= 1 << x;
                    }
                }
            }
            if order {
                let w = 1u64 << (40 - f.min(40));
                for c in cells(free) {
                    weight[c] += w;
                }
            }
        }
        if live_sets == 0 {
            return (Eval::Decided(Rule::NoLiveSet), 0);
        }
        match p.to_move {
            Side::Maker => {
                if threats != 0 {
                    let c = (threat_set & free_all).trailing_zeros() as u8;
                    return (Eval::Decided(Rule::Threat(c)), threat_set);
                }
                if double != 0 {
                    return (Eval::Decided(Rule::DoubleThreat(double_cell)), double_sets);
                }
            }
            Side::Breaker => {
                if threats.count_ones() >= 2 {
                    return (Eval::Decided(Rule::TwoThreats), threat_set | other_threat);
                }
                if threats != 0 {
                    let moves = Moves {
                        cells: vec![threats.trailing_zeros() as u8],
                        live: live_cells,
                        potential: potential(&counts),
                    };
                    return (Eval::Open(moves), threat_set);
                }
            }
        }
        if potential_below(&counts, p.to_move) {
            return (Eval::Decided(Rule::Potential), 0);
        }
        if 2 * live_sets <= live_cells.count_ones() as usize
            && pairing(&self.sets, p, free_all).is_some()
        {
            return (Eval::Decided(Rule::Pairing), 0);
        }
        // Maker wins by threats alone: decided. Breaker to move: where Maker, were it
        // Maker's turn, would win by threats, Breaker must take a cell of that line
        // (docs/spec.md §11), so only those cells are tried.
        let mut candidates = live_cells;
        let mut zone: Cells = 0;
        if threats_too
            && any_two
            && let Some(line) = self.threat_win(&Position {
                to_move: Side::Maker,
                ..*p
            })
        {
            if p.to_move == Side::Maker {
                return (Eval::Decided(Rule::ThreatSequence(line.first)), line.sets);
            }
            if candidates & !line.cells != 0 {
                zone |= line.sets;
            }
            candidates &= line.cells;
        }
        if candidates == 0 {
            return (Eval::Decided(Rule::DoubleThreatAhead), zone);
        }
        // Breaker to move against a double threat of Maker's at x (two live sets
        // {x, a} and {x, b} of two free cells, a ≠ b): every move outside {x, a, b}
        // lets Maker win by taking x, so only cells in each such triple are tried
        // (the others are decided at once when a certificate needs them).
        if p.to_move == Side::Breaker && double != 0 {
            for x in cells(double) {
                let mut triple: Cells = 1 << x;
                let mut sets: Cells = 0;
                for &s in &self.sets {
                    if s & p.breaker == 0 && s >> x & 1 == 1 {
                        let free = s & free_all;
                        if free.count_ones() == 2 {
                            triple |= free;
                            sets |= s;
                        }
                    }
                }
                if candidates & !triple != 0 {
                    zone |= sets;
                }
                candidates &= triple;
            }
            if candidates == 0 {
                return (Eval::Decided(Rule::DoubleThreatAhead), zone);
            }
        }
        // Components of the live sets (joined by shared free cells) that Breaker wins
        // even with Maker first, by the potential: whoever wins the position also wins
        // by a move outside them (docs/spec.md §11.9, *hopeless groups*), so none of
        // their cells is tried — unless nothing else is left, which is then searched
        // as usual.
        let hopeless = hopeless_components(&self.sets, p, free_all);
        if hopeless != 0 && candidates & !hopeless != 0 {
            candidates &= !hopeless;
        }
        let moves: Vec<u8> = if order {
            // Heaviest first, ties by cell: one key per cell, the weight (below 2^56:
            // at most 2^16 sets of weight at most 2^40) above the complemented cell.
            let mut keys: Vec<u64> = cells(candidates)
                .map(|c| weight[c] << 8 | (255 - c as u64))
                .collect();
            keys.sort_unstable_by(|a, b| b.cmp(a));
            keys.iter().map(|&k| 255 - (k & 255) as u8).collect()
        } else {
            cells(candidates).map(|c| c as u8).collect()
        };
        let moves = Moves {
            cells: moves,
            live: live_cells,
            potential: potential(&counts),
        };
        (Eval::Open(moves), zone)
    }

    /// A win of Maker's by threats alone from `p` (Maker to move), if the search of
    /// [`Threats::win`](crate::game::threats::Threats::win) finds one.
    pub fn threat_win(&self, p: &Position) -> Option<Line> {
        self.threats.win(p)
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

/// The Erdős–Selfridge potential from the numbers of live sets by free cells.
pub(super) fn potential(counts: &[u32; 130]) -> f64 {
    let fixed: u64 = counts[..41]
        .iter()
        .enumerate()
        .map(|(f, &n)| (n as u64) << (40 - f))
        .sum();
    fixed as f64 / (1u64 << 40) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn potential_is_exact() {
        let mut c = [0u32; 130];
        c[1] = 1; // 1/2
        assert!(!potential_below(&c, Side::Maker));
        assert!(potential_below(&c, Side::Breaker));
        c[3] = 3; // 1/2 + 3/8
        assert!(potential_below(&c, Side::Breaker));
        c[3] = 4; // = 1
        assert!(!potential_below(&c, Side::Breaker));
    }
}
