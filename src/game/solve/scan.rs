//! One look at a position: the rules that decide it at once, and the moves left to
//! search, in the order they are tried (docs/spec.md §11; the list is in the essay of
//! [`super`]). The search for a line of threats it calls is in
//! [`crate::game::threats`].
//!
//! # Two views of one position
//!
//! The rules ([`Solver::look`]) ask the same questions of every position: the first
//! live set with no free cell; the number of live sets and their free cells; the
//! sets with one free cell (threats) and with two (double threats, in the order the
//! sets are met); how many live sets have `f` free cells (the potential); the sets of
//! two free cells through a cell; the hopeless components; each cell's weight. Two
//! [`View`]s answer them:
//!
//! * **By scanning** ([`Scanned`], any game): one pass over the winning sets gathers
//!   the [`Tally`] and the weights, and each further question is another pass.
//!   `O(m)` word operations for `m` sets, per question.
//! * **Through counters** ([`super::counted`], games of at most 128 sets of at most 15
//!   cells — every board of `data/games/`): the position's live sets and their
//!   free-cell counts are bit-sliced words ([`crate::game::slices`]), carried from a
//!   node to its children with a few word operations per move ([`Node::child`]). The
//!   sets with exactly `f` free cells are then a handful of masks, the tally walks
//!   only the sets with one or two free cells, a cell's weight is a few population
//!   counts, and the components grow a layer of sets at a time.
//!
//! Both give the same answers — the same rule, moves in the same order, the same
//! zone — because the counted view visits the sets it walks in file order, as the
//! scan meets them; a unit test holds them to that on random positions of random
//! games. The counters matter because the look is made for (nearly) every child the
//! table lacks, not only for the node searched: on (4, 11, 7^tr) they cut the
//! CPU of a search by about a third (BENCHMARKS.md, *The cost of a node*).

use super::counted::{Counted, Node};
use super::keys::Step;
use super::scanned::Scanned;
use super::{Cells, Line, Position, Side, Solver, cells, pairing, potential_below};
use crate::game::threats::THREAT_BUDGET;

/// The budget of the search for a line of threats at the first look at a child with
/// Breaker to move, below [`THREAT_BUDGET`], the budget everywhere else. There the
/// line only narrows the moves Breaker is counted to have, for the child's first
/// numbers: a cheaper search does for an estimate, and the child gets the full budget
/// once it is searched. With 15 instead of 30, (4, 11, 7^tr) takes 22 % fewer nodes
/// and 31 % fewer instructions, (4, 14) 11 % fewer nodes, and 4×16 15 % more
/// (BENCHMARKS.md, *Two budgets for the threat search*).
const BREAKER_LOOK_BUDGET: u32 = 15;

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
#[derive(Clone, Debug, PartialEq)]
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
#[derive(Clone, Debug, PartialEq)]
pub enum Eval {
    /// Decided by a rule.
    Decided(Rule),
    /// Undecided: the moves to try.
    Open(Moves),
}

/// What one pass over the winning sets (or over their counters) tells of a position,
/// before any rule is applied. Every field is as the pass over the sets in file order
/// meets them, whichever view computed it (the default: nothing met yet).
#[derive(Default)]
pub(super) struct Tally {
    /// The first live set with no free cell (Maker has won), or 0.
    pub(super) complete: Cells,
    /// The number of live sets.
    pub(super) live_sets: u32,
    /// The free cells of the live sets.
    pub(super) live_cells: Cells,
    /// The free cells of the live sets with one free cell (Maker's threats).
    pub(super) threats: Cells,
    /// The first live set with one free cell, and the first after it whose free cell
    /// it does not hold.
    pub(super) threat_set: Cells,
    pub(super) other_threat: Cells,
    /// The cells with two different partners among the live sets with two free cells
    /// (Maker's double threats); the first such cell met and its two sets.
    pub(super) double: Cells,
    pub(super) double_cell: u8,
    pub(super) double_sets: Cells,
    /// Whether a live set has two free cells.
    pub(super) any_two: bool,
}

impl Tally {
    /// Counts live set `s`, whose free cells `free` are one.
    #[inline]
    pub(super) fn threat(&mut self, s: Cells, free: Cells) {
        if self.threat_set == 0 {
            self.threat_set = s;
        } else if self.other_threat == 0 && free & self.threat_set == 0 {
            self.other_threat = s;
        }
        self.threats |= free;
    }
}

/// The partners of the cells of the live sets with two free cells, as the sets are
/// met in file order: one partner recorded per cell, with the set it came from.
pub(super) struct Partners {
    partner: [u8; 128],
    via: [u32; 128],
}

impl Partners {
    pub(super) fn new() -> Partners {
        Partners {
            partner: [u8::MAX; 128],
            via: [0; 128],
        }
    }

    /// Records live set number `i` of `sets`, with two free cells `free`, marking in
    /// `t` the cells that now have two different partners.
    #[inline]
    pub(super) fn add(&mut self, t: &mut Tally, sets: &[Cells], i: usize, free: Cells) {
        t.any_two = true;
        let a = free.trailing_zeros() as usize;
        let b = 127 - free.leading_zeros() as usize;
        for (x, y) in [(a, b), (b, a)] {
            if self.partner[x] == u8::MAX {
                self.partner[x] = y as u8;
                self.via[x] = i as u32;
            } else if self.partner[x] as usize != y {
                if t.double == 0 {
                    t.double_sets = sets[i] | sets[self.via[x] as usize];
                    t.double_cell = x as u8;
                }
                t.double |= 1 << x;
            }
        }
    }
}

/// A position seen through one of the two representations of its sets (see the
/// module documentation): what the rules ask beyond the [`Tally`].
pub(super) trait View {
    /// The pass over the sets.
    fn tally(&self) -> &Tally;
    /// The number of live sets by free cells (`counts[f]` sets with `f` free cells;
    /// every set of more free cells than the slice is long has none).
    fn counts(&self) -> &[u32];
    /// The free cells, and the cells, of the live sets with two free cells through
    /// cell `x`.
    fn pairs_through(&self, x: usize) -> (Cells, Cells);
    /// The free cells of the hopeless components
    /// ([`hopeless_components`](super::scanned::hopeless_components)).
    fn hopeless(&self) -> Cells;
    /// The weight of free cell `c`: `Σ 2^(40 − f)` over the live sets through it.
    fn weight(&self, c: usize) -> u64;
    /// A win of Maker's by threats alone from the position with Maker to move, within
    /// `budget` positions.
    fn threat_line(&self, threats: &super::Threats, p: &Position, budget: u32) -> Option<Line>;
    /// The cells of `candidates` no other candidate dominates ([`undominated`]).
    fn undominated(&self, candidates: Cells) -> Cells;
}

/// The cells of `candidates` that no other candidate dominates (docs/spec.md §11.10):
/// `x` is left out when some candidate `y` lies in every live set through `x` — then
/// `L(x) ⊆ L(y)` and `y` wins whenever `x` does (§11.4) — and `y` lies in more live
/// sets than `x` or, as many (`L(x) = L(y)`), `y < x`. That order is strict, so every
/// cell left out has a dominating cell kept.
///
/// `common(x)` is the intersection of the live sets through `x` (a candidate lies in
/// at least one), `degree(c)` the number of live sets through `c`.
pub(super) fn undominated(
    candidates: Cells,
    common: impl Fn(usize) -> Cells,
    degree: impl Fn(usize) -> u32,
) -> Cells {
    let mut keep = candidates;
    for x in cells(candidates) {
        let others = common(x) & candidates & !(1 << x);
        if others == 0 {
            continue;
        }
        let dx = degree(x);
        if cells(others).any(|y| y < x || degree(y) > dx) {
            keep &= !(1 << x);
        }
    }
    keep
}

/// The outcome of the rules at a position, before the moves are ordered.
pub(super) enum Look {
    /// Decided by a rule; the zone of a win of Maker's.
    Decided(Rule, Cells),
    /// Open: the cells to try, the free cells of the live sets, the potential and the
    /// zone of the moves excluded.
    Open {
        candidates: Cells,
        live: Cells,
        potential: f64,
        zone: Cells,
    },
}

impl Solver<'_> {
    /// The counters of `p`, when positions are looked at through them.
    pub(super) fn node_of(&self, p: &Position) -> Option<Node> {
        self.threats
            .slices()
            .map(|sl| Node::start(sl, p, self.game.all()))
    }

    /// The change of the reduction when the player to move at `p` takes `c`, and the
    /// child's node: from `p`'s node when it has one, else by scanning (`rel` and
    /// `live` are then the relevant cells and the live sets at `p`).
    pub(super) fn step_at(
        &self,
        p: &Position,
        node: Option<&Node>,
        rel: Cells,
        live: &[Cells],
        c: usize,
    ) -> (Step, Option<Node>) {
        match (node, self.threats.slices()) {
            (Some(n), Some(sl)) => {
                let (child, step) = n.child(sl, p, c);
                (step, Some(child))
            }
            _ => (self.step(p, rel, live, c), None),
        }
    }

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
    /// With `searched` set, the moves are those of a position to be searched: none in
    /// a hopeless component, none of Maker's dominated by another ([`undominated`]),
    /// heaviest first. Unset — the first look at a child, which needs only how many
    /// moves there are — those two rules are left out and the moves come in
    /// increasing cell order.
    pub(super) fn scan(&self, p: &Position, threats_too: bool, searched: bool) -> (Eval, Cells) {
        self.scan_at(p, self.node_of(p).as_ref(), threats_too, searched)
    }

    /// [`Solver::scan`] of `p`, through its counters `node` when it has them.
    pub(super) fn scan_at(
        &self,
        p: &Position,
        node: Option<&Node>,
        threats_too: bool,
        searched: bool,
    ) -> (Eval, Cells) {
        match (node, self.threats.slices()) {
            (Some(node), Some(sl)) => {
                let v = Counted::new(sl, node, p, self.game.all());
                Self::ordered(&v, self.look(p, &v, threats_too, searched), searched)
            }
            _ => {
                let free_all = self.game.all() & !(p.maker | p.breaker);
                let v = Scanned::new(&self.sets, p, free_all, searched);
                Self::ordered(&v, self.look(p, &v, threats_too, searched), searched)
            }
        }
    }

    /// The rules at `p` (with the threat search) through its counters `node` when it
    /// has them: what a child met for the first time needs.
    pub(super) fn look_at(&self, p: &Position, node: Option<&Node>) -> Look {
        match (node, self.threats.slices()) {
            (Some(node), Some(sl)) => {
                let v = Counted::new(sl, node, p, self.game.all());
                self.look(p, &v, true, false)
            }
            _ => {
                let free_all = self.game.all() & !(p.maker | p.breaker);
                let v = Scanned::new(&self.sets, p, free_all, false);
                self.look(p, &v, true, false)
            }
        }
    }

    /// The moves of an open look: heaviest first at a position to be `searched`, else
    /// in increasing cell order.
    fn ordered<V: View>(v: &V, look: Look, searched: bool) -> (Eval, Cells) {
        let (candidates, live, potential, zone) = match look {
            Look::Decided(rule, zone) => return (Eval::Decided(rule), zone),
            Look::Open {
                candidates,
                live,
                potential,
                zone,
            } => (candidates, live, potential, zone),
        };
        let moves: Vec<u8> = if searched && candidates.count_ones() > 1 {
            // Heaviest first, ties by cell: one key per cell, the weight (below 2^56:
            // at most 2^16 sets of weight at most 2^40) above the complemented cell.
            let mut keys: Vec<u64> = cells(candidates)
                .map(|c| v.weight(c) << 8 | (255 - c as u64))
                .collect();
            keys.sort_unstable_by(|a, b| b.cmp(a));
            keys.iter().map(|&k| 255 - (k & 255) as u8).collect()
        } else {
            cells(candidates).map(|c| c as u8).collect()
        };
        let moves = Moves {
            cells: moves,
            live,
            potential,
        };
        (Eval::Open(moves), zone)
    }

    /// The rules of the module documentation, in order, at `p` seen through `v`; the
    /// hopeless components and domination only at a position to be `searched`.
    fn look<V: View>(&self, p: &Position, v: &V, threats_too: bool, searched: bool) -> Look {
        if threats_too {
            // The cache slot of the threat search below, read while the sets are.
            self.threats.warm(p);
        }
        let t = v.tally();
        if t.complete != 0 {
            return Look::Decided(Rule::Complete, t.complete);
        }
        if t.live_sets == 0 {
            return Look::Decided(Rule::NoLiveSet, 0);
        }
        let free_all = self.game.all() & !(p.maker | p.breaker);
        match p.to_move {
            Side::Maker => {
                if t.threats != 0 {
                    let c = (t.threat_set & free_all).trailing_zeros() as u8;
                    return Look::Decided(Rule::Threat(c), t.threat_set);
                }
                if t.double != 0 {
                    return Look::Decided(Rule::DoubleThreat(t.double_cell), t.double_sets);
                }
            }
            Side::Breaker => {
                if t.threats.count_ones() >= 2 {
                    return Look::Decided(Rule::TwoThreats, t.threat_set | t.other_threat);
                }
                if t.threats != 0 {
                    return Look::Open {
                        candidates: 1 << t.threats.trailing_zeros(),
                        live: t.live_cells,
                        potential: potential(v.counts()),
                        zone: t.threat_set,
                    };
                }
            }
        }
        if potential_below(v.counts(), p.to_move) {
            return Look::Decided(Rule::Potential, 0);
        }
        if 2 * t.live_sets as usize <= t.live_cells.count_ones() as usize
            && pairing(&self.sets, p, free_all).is_some()
        {
            return Look::Decided(Rule::Pairing, 0);
        }
        // Maker wins by threats alone: decided. Breaker to move: where Maker, were it
        // Maker's turn, would win by threats, Breaker must take a cell of that line
        // (docs/spec.md §11), so only those cells are tried.
        let mut candidates = t.live_cells;
        let mut zone: Cells = 0;
        let budget = if searched || p.to_move == Side::Maker {
            THREAT_BUDGET
        } else {
            BREAKER_LOOK_BUDGET
        };
        if threats_too
            && t.any_two
            && let Some(line) = v.threat_line(
                &self.threats,
                &Position {
                    to_move: Side::Maker,
                    ..*p
                },
                budget,
            )
        {
            if p.to_move == Side::Maker {
                return Look::Decided(Rule::ThreatSequence(line.first), line.sets);
            }
            if candidates & !line.cells != 0 {
                zone |= line.sets;
            }
            candidates &= line.cells;
        }
        if candidates == 0 {
            return Look::Decided(Rule::DoubleThreatAhead, zone);
        }
        // Breaker to move against a double threat of Maker's at x (two live sets
        // {x, a} and {x, b} of two free cells, a ≠ b): every move outside {x, a, b}
        // lets Maker win by taking x, so only cells in each such triple are tried
        // (the others are decided at once when a certificate needs them).
        if p.to_move == Side::Breaker && t.double != 0 {
            for x in cells(t.double) {
                let (free, sets) = v.pairs_through(x);
                let triple = 1 << x | free;
                if candidates & !triple != 0 {
                    zone |= sets;
                }
                candidates &= triple;
            }
            if candidates == 0 {
                return Look::Decided(Rule::DoubleThreatAhead, zone);
            }
        }
        // Components of the live sets (joined by shared free cells) that Breaker wins
        // even with Maker first, by the potential: whoever wins the position also wins
        // by a move outside them (docs/spec.md §11.9, *hopeless groups*), so none of
        // their cells is tried — unless nothing else is left, which is then searched
        // as usual. The first look at a child leaves the components out: it only
        // counts the moves, and finding them cost more than it saved.
        let hopeless = if searched { v.hopeless() } else { 0 };
        if hopeless != 0 && candidates & !hopeless != 0 {
            candidates &= !hopeless;
        }
        // Maker's moves dominated by another (docs/spec.md §11.10). Not Breaker's: a
        // dominated move of Breaker's is a weak one, which Maker refutes quickly and in
        // a small zone that rules out many others, so dropping it made the search
        // longer.
        if searched && p.to_move == Side::Maker {
            candidates = v.undominated(candidates);
        }
        Look::Open {
            candidates,
            live: t.live_cells,
            potential: potential(v.counts()),
            zone,
        }
    }
}

/// The Erdős–Selfridge potential from the numbers of live sets by free cells.
pub(super) fn potential(counts: &[u32]) -> f64 {
    let fixed: u64 = counts[..counts.len().min(41)]
        .iter()
        .enumerate()
        .map(|(f, &n)| (n as u64) << (40 - f))
        .sum();
    fixed as f64 / (1u64 << 40) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell is dropped for one in every live set through it and in more sets, or in
    /// as many with a lower number; a cell alone in the intersection of its sets stays.
    #[test]
    fn dominated_cells_are_dropped() {
        let undom = |sets: &[Cells], candidates: Cells| {
            let through = |x: usize| sets.iter().filter(move |&&s| s >> x & 1 == 1);
            undominated(
                candidates,
                |x| through(x).fold(!0, |a, &s| a & s),
                |c| through(c).count() as u32,
            )
        };
        // {0, 1, 2} and {1, 3, 4}: cell 1 lies in both, every other cell in one.
        assert_eq!(undom(&[0b00111, 0b11010], 0b11111), 0b00010);
        // One set: its cells tie, the lowest stays.
        assert_eq!(undom(&[0b111], 0b111), 0b001);
        assert_eq!(undom(&[0b111], 0b110), 0b010);
        // A triangle {0, 1}, {0, 2}, {1, 2}: nobody dominates.
        assert_eq!(undom(&[0b011, 0b101, 0b110], 0b111), 0b111);
        // A dominating cell that is not a candidate drops nothing.
        assert_eq!(undom(&[0b00111, 0b11010], 0b11101), 0b00001 | 0b01000);
    }

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
