//! Breaker's two stops (docs/spec.md §11.6, §11.7): positions that Breaker wins
//! without search, by the Erdős–Selfridge potential or by a pairing of the live sets.
//! The solver ([`super::solve`]) tests them at every node; the certificate writer
//! ([`super::certificate`]) writes the pairs this module finds.

use super::solve::Position;
use super::{Cells, Side, cells};

/// Whether the Erdős–Selfridge potential `Σ counts[f] · 2^(−f)` is below 1 (Breaker
/// to move) or below 1/2 (Maker to move), exactly: the sum is carried from the
/// smallest terms up, in units of `2^(−f)`, halving with the remainder remembered.
pub fn potential_below(counts: &[u32], to_move: Side) -> bool {
    // v = the sum in units of 2^(−f), rounded down, for f from the top down.
    let top = counts.len() - 1;
    let mut v: u64 = 0;
    let stop = match to_move {
        Side::Breaker => 0,
        Side::Maker => 1,
    };
    for f in (stop + 1..=top).rev() {
        v = (v + counts[f] as u64) / 2;
    }
    // Now v = ⌊sum · 2^stop⌋ minus the count at f = stop itself, which is added here.
    v += if stop < counts.len() {
        counts[stop] as u64
    } else {
        0
    };
    v == 0
}

/// A pairing of the live sets at `p`: for each live set two free cells of its own,
/// all disjoint (Kuhn's augmenting paths, each set matched twice). Returns the pairs
/// as `(a, b)` cells, one per live set, or `None` when no such matching exists.
///
/// Complexity `O(L · (L + n))` word operations for `L` live sets and `n` cells.
pub fn pairing(sets: &[Cells], p: &Position, free_all: Cells) -> Option<Vec<(u8, u8)>> {
    let live: Vec<Cells> = sets
        .iter()
        .filter(|&&s| s & p.breaker == 0)
        .map(|&s| s & free_all)
        .collect();
    // owner[c] = the set copy matched to cell c (copy = 2·set + {0,1}).
    let mut owner = [u32::MAX; 128];
    for copy in 0..2 * live.len() as u32 {
        let mut seen: Cells = 0;
        if !augment(copy, &live, &mut owner, &mut seen) {
            return None;
        }
    }
    let mut pairs = vec![(u8::MAX, u8::MAX); live.len()];
    for (c, &o) in owner.iter().enumerate() {
        if o != u32::MAX {
            let slot = &mut pairs[(o / 2) as usize];
            if o % 2 == 0 {
                slot.0 = c as u8;
            } else {
                slot.1 = c as u8;
            }
        }
    }
    Some(pairs)
}

fn augment(copy: u32, live: &[Cells], owner: &mut [u32; 128], seen: &mut Cells) -> bool {
    let avail = live[(copy / 2) as usize] & !*seen;
    for c in cells(avail) {
        *seen |= 1 << c;
        if owner[c] == u32::MAX || augment(owner[c], live, owner, seen) {
            owner[c] = copy;
            return true;
        }
    }
    false
}
