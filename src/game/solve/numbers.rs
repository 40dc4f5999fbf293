//! The arithmetic of proof and disproof numbers: the first numbers of a position
//! met for the first time, a node's numbers from its children's, the child to search
//! next and the 1 + ε thresholds handed down to it ([`super`], *The search*).

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

/// The node's numbers from its children's (Breaker's moves outside `must` refuted).
pub(super) fn combine(children: &[Child], or: bool, must: Cells) -> (u32, u32) {
    let nums = children.iter().map(|c| numbers(c, must));
    if or {
        nums.fold((INF, 0), |(pn, dn), (cp, cd)| (pn.min(cp), add(dn, cd)))
    } else {
        nums.fold((0, INF), |(pn, dn), (cp, cd)| (add(pn, cp), dn.min(cd)))
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
