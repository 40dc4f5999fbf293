//! The arithmetic of proof and disproof numbers: the first numbers of a position
//! met for the first time, a node's numbers from its children's, the child to search
//! next and the 1 + ε thresholds handed down to it ([`super`], *The search*).
//!
//! # Weak disproof numbers at Maker's nodes
//!
//! In a tree, a Maker node's disproof number is the sum of its children's: Breaker
//! must refute every move. In the graph of a Maker–Breaker game, Maker's moves lead to
//! positions that share most of what Breaker must show — the children of one node
//! differ by one cell, and their refutations by little more — so the sum counts the
//! same work once per move, and with dozens of moves it makes every Maker node look
//! far harder to refute than it is. The search then keeps going down Breaker's side
//! of a position it should have left to Maker's. The weak numbers of Ueda, Hashimoto,
//! Hashimoto and Iida ("Weak proof-number search", Computers and Games 2008, LNCS 5131)
//! count the hardest child once and every other open child as one: `dn = max dnᵢ +
//! (k − 1)` over the `k` children not yet refuted. At Breaker's nodes the proof number
//! stays the sum: used there too (and with both), the strip boards took more nodes
//! (BENCHMARKS.md, *Weak disproof numbers*).
//!
//! A child's threshold is what it may reach before its parent's number reaches the
//! parent's: with the sum, the parent's threshold less the other children's numbers;
//! with the weak number, less `k − 1`, since the parent's number reaches its threshold
//! exactly when its largest child's reaches that threshold less `k − 1`. The numbers
//! still read 0 only when every move is refuted and `INF` as soon as one is proved,
//! so they steer the search and never change an answer.

use super::{Cells, Child, EPS_DEN, EPS_NUM, INF, Side};

/// The first proof and disproof numbers of an open position with `moves` moves and
/// Erdős–Selfridge potential `potential`: its
/// mobility (`1` for the player to move, the number of moves for the other), the
/// proof number divided and the disproof number multiplied by `Φ²`, where `Φ` is the
/// Erdős–Selfridge potential of the live sets, doubled with Maker to move (Maker's
/// move to come is worth a halving of every set). A rich potential makes Maker's
/// proof look near and Breaker's far, and the reverse; `Φ < 1/2` or so is where
/// Breaker's wins by the potential rule begin (docs/spec.md §11.6).
///
/// Measured on the strip boards (BENCHMARKS.md): against plain mobility, the
/// first-move positions of the 4 × 8 and (4, 9, 7^tr) boards take 2.5 times fewer
/// nodes, the root of (4, 11, 7^tr) 6 times fewer. Exponents 1.5, 2.5 and 3 were
/// tried; 2 was the most even.
pub(super) fn open_numbers(moves: u32, potential: f64, to_move: Side) -> (u32, u32) {
    let n = f64::from(moves);
    let phi = match to_move {
        Side::Maker => 2.0 * potential,
        Side::Breaker => potential,
    };
    let f = phi * phi;
    let (pn, dn) = match to_move {
        Side::Maker => (1.0, n),
        Side::Breaker => (n, 1.0),
    };
    let clamp = |x: f64| x.ceil().clamp(1.0, (INF - 1) as f64) as u32;
    (clamp(pn / f), clamp(dn * f))
}

/// The threshold `a − b` handed to a child, never below 1 (a child still to be
/// searched gets at least one step); `INF` stays `INF`.
pub(super) fn sub_sat(a: u32, b: u32) -> u32 {
    if a == INF {
        INF
    } else {
        a.saturating_sub(b).max(1)
    }
}

/// The 1 + ε threshold above the second best number. Above a saturated number
/// (`INF − 1`, a sum that overflowed) it is `INF`: a threshold equal to the child's
/// own number would send it back at once, and its parent would send it down again
/// for ever.
pub(super) fn grow(second: u32) -> u32 {
    if second >= INF - 1 {
        return INF;
    }
    let g = second as u64 + (second as u64 * EPS_NUM).div_ceil(EPS_DEN) + 1;
    g.min(INF as u64 - 1) as u32
}

/// Saturating sum that keeps `INF` for a decided child.
pub(super) fn add(a: u32, b: u32) -> u32 {
    if a == INF || b == INF {
        INF
    } else {
        (a as u64 + b as u64).min(INF as u64 - 1) as u32
    }
}

/// A child's numbers, a Breaker move outside `must` counting as refuted.
pub(super) fn numbers(c: &Child, must: Cells) -> (u32, u32) {
    if must >> c.cell & 1 == 1 {
        (c.pn, c.dn)
    } else {
        (0, INF)
    }
}

/// The node's numbers from its children's (Breaker's moves outside `must` refuted):
/// at Maker's nodes the least proof number and the weak disproof number (the module
/// documentation), at Breaker's the sum of the proof numbers and the least disproof
/// number.
pub(super) fn combine(children: &[Child], or: bool, must: Cells) -> (u32, u32) {
    let nums = children.iter().map(|c| numbers(c, must));
    if or {
        let (pn, max, open) = nums.fold((INF, 0, 0u64), |(pn, max, open), (cp, cd)| {
            (pn.min(cp), max.max(cd), open + u64::from(cd != 0))
        });
        let dn = match (max, open) {
            (INF, _) => INF,
            (_, 0) => 0,
            _ => (u64::from(max) + open - 1).min(u64::from(INF - 1)) as u32,
        };
        (pn, dn)
    } else {
        nums.fold((0, INF), |(pn, dn), (cp, cd)| (add(pn, cp), dn.min(cd)))
    }
}

/// The thresholds handed to child `c`, the node's most promising, when the node's
/// numbers are below its thresholds `(thpn, thdn)`, `pn` is its proof number and
/// `second` the second best child's number. The number the node minimises gets the
/// 1 + ε threshold above `second` (never above the node's own); the one it combines
/// gets the node's threshold less what the node's number holds besides the child's:
/// at Maker's nodes one for every other move not yet refuted (the weak disproof
/// number), at Breaker's the other moves' proof numbers.
pub(super) fn child_thresholds(
    children: &[Child],
    or: bool,
    must: Cells,
    pn: u32,
    (thpn, thdn): (u32, u32),
    c: &Child,
    second: u32,
) -> (u32, u32) {
    if or {
        let open = children.iter().filter(|x| numbers(x, must).1 != 0).count();
        (
            thpn.min(grow(second)),
            sub_sat(thdn, open.saturating_sub(1) as u32),
        )
    } else {
        (
            sub_sat(thpn, pn.saturating_sub(numbers(c, must).0)),
            thdn.min(grow(second)),
        )
    }
}

/// The index of the most promising child and the second best number.
pub(super) fn select(children: &[Child], or: bool, must: Cells) -> (usize, u32) {
    let num = |c: &Child| {
        let (pn, dn) = numbers(c, must);
        if or { pn } else { dn }
    };
    let mut best = 0;
    let mut second = INF;
    for (i, c) in children.iter().enumerate().skip(1) {
        let v = num(c);
        if v < num(&children[best]) {
            second = num(&children[best]);
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn child(cell: u8, pn: u32, dn: u32) -> Child {
        Child {
            cell,
            pn,
            dn,
            zone: 0,
        }
    }

    /// At Maker's nodes the disproof number counts the hardest move once and every
    /// other open move as one; a refuted move adds nothing, a proved one makes the
    /// node proved. Breaker's nodes keep the sum.
    #[test]
    fn weak_disproof_numbers_at_makers_nodes() {
        let kids = [child(0, 4, 3), child(1, 2, 7), child(2, INF, 0)];
        assert_eq!(combine(&kids, true, !0), (2, 7 + 1));
        assert_eq!(
            child_thresholds(&kids, true, !0, 2, (10, 12), &kids[1], 4).1,
            11
        );
        let proved = [child(0, 0, INF), child(1, 2, 7)];
        assert_eq!(combine(&proved, true, !0), (0, INF));
        let refuted = [child(0, INF, 0), child(1, INF, 0)];
        assert_eq!(combine(&refuted, true, !0), (INF, 0));
        // The child searched next gets a threshold above its own number whenever
        // the node's is below the node's threshold, so df-pn always moves on.
        let (_, dn) = combine(&kids, true, !0);
        for thdn in dn + 1..dn + 20 {
            let (_, cth_dn) = child_thresholds(&kids, true, !0, 2, (INF, thdn), &kids[1], 4);
            assert!(cth_dn > kids[1].dn);
        }
        let near = [child(0, 1, INF - 1), child(1, 1, INF - 1)];
        assert_eq!(combine(&near, true, !0).1, INF - 1);
        // Breaker's node: the sum of the proof numbers, the least disproof number;
        // the move outside `must` counts as refuted.
        let kids = [child(0, 4, 3), child(1, 2, 7), child(2, 5, 1)];
        assert_eq!(combine(&kids, false, 0b011), (6, 3));
        assert_eq!(
            child_thresholds(&kids, false, 0b011, 6, (10, 5), &kids[0], 7).0,
            10 - 2
        );
    }

    /// A saturated number gets an infinite threshold: anything less would not let
    /// the child move, and df-pn would call it again and again without progress.
    #[test]
    fn thresholds_above_saturated_numbers_are_infinite() {
        assert_eq!(grow(INF - 1), INF);
        assert_eq!(grow(INF), INF);
        assert!(grow(INF - 2) > INF - 2);
        assert_eq!(grow(4), 4 + 1 + 1);
    }
}
