//! The automorphisms of a game: the permutations of its cells that map the winning
//! sets onto the winning sets (docs/spec.md §11). Positions in one orbit have one
//! value, so the solver folds them into one entry of its table ([`super::solve`]).
//!
//! They are computed from the sets, never typed: cells are coloured by iterated
//! refinement and a backtracking search maps them colour by colour, within a bound on
//! its steps. Any subset of the group may be folded soundly, so a search that stops
//! early only folds less.

use super::{Cells, cells};

/// The image of the cells `s` under the permutation `perm` (`perm[c]` the image of
/// cell `c`): how a position or a set is carried by an automorphism.
pub(crate) fn image(s: Cells, perm: &[u8]) -> Cells {
    cells(s).fold(0, |a, c| a | 1 << perm[c])
}

/// Steps the automorphism search may take before it stops with what it has.
const AUTOMORPHISM_STEPS: u64 = 2_000_000;

/// Automorphisms of the hypergraph `(n cells, sets)`: permutations of the cells that
/// map the set family onto itself, identity first, at most `max` of them (a search
/// that stops early keeps those found; any subset of the group may be folded into
/// the table soundly).
///
/// Cells are first coloured by iterated refinement (a cell's colour is the multiset
/// of the colours of its sets, a set's the multiset of its cells'); the search then
/// maps the cells in order, each to a cell of its colour, and checks every set whose
/// cells are all mapped. At most `AUTOMORPHISM_STEPS` steps.
pub fn automorphisms(n: usize, sets: &[Cells], max: usize) -> Vec<Vec<u8>> {
    let identity: Vec<u8> = (0..n as u8).collect();
    let found = vec![identity];
    if max <= 1 || n == 0 {
        return found;
    }
    let family: std::collections::HashSet<Cells> = sets.iter().copied().collect();
    // Colour refinement.
    let mut colour = vec![0u64; n];
    for _ in 0..4 {
        let set_colour: Vec<u64> = sets
            .iter()
            .map(|&s| {
                let mut v: Vec<u64> = cells(s).map(|c| colour[c]).collect();
                v.sort_unstable();
                mix(&v) ^ s.count_ones() as u64
            })
            .collect();
        let mut next = vec![0u64; n];
        for (c, nc) in next.iter_mut().enumerate() {
            let mut v: Vec<u64> = sets
                .iter()
                .zip(&set_colour)
                .filter(|(s, _)| *s >> c & 1 == 1)
                .map(|(_, &k)| k)
                .collect();
            v.sort_unstable();
            *nc = mix(&v) ^ colour[c].rotate_left(17);
        }
        colour = next;
    }
    // Sets by their highest cell: checked once that cell is mapped.
    let mut by_top: Vec<Vec<Cells>> = vec![Vec::new(); n];
    for &s in sets {
        by_top[127 - s.leading_zeros() as usize].push(s);
    }
    let mut search = AutSearch {
        n,
        colour,
        by_top,
        family,
        perm: vec![u8::MAX; n],
        used: 0,
        found,
        max,
        steps: 0,
    };
    search.go(0);
    search.found
}

/// The backtracking state of [`automorphisms`].
struct AutSearch {
    n: usize,
    colour: Vec<u64>,
    by_top: Vec<Vec<Cells>>,
    family: std::collections::HashSet<Cells>,
    perm: Vec<u8>,
    used: Cells,
    found: Vec<Vec<u8>>,
    max: usize,
    steps: u64,
}

impl AutSearch {
    fn done(&self) -> bool {
        self.found.len() >= self.max || self.steps > AUTOMORPHISM_STEPS
    }

    /// Maps cell `i` and the cells after it.
    fn go(&mut self, i: usize) {
        if self.done() {
            return;
        }
        if i == self.n {
            if self.perm.iter().enumerate().any(|(c, &x)| c != x as usize) {
                self.found.push(self.perm.clone());
            }
            return;
        }
        for t in 0..self.n {
            self.steps += 1;
            if self.used >> t & 1 == 1 || self.colour[t] != self.colour[i] {
                continue;
            }
            self.perm[i] = t as u8;
            let ok = self.by_top[i].iter().all(|&s| {
                let img = cells(s).fold(0u128, |a, c| a | 1 << self.perm[c]);
                self.family.contains(&img)
            });
            if ok {
                self.used |= 1 << t;
                self.go(i + 1);
                self.used &= !(1 << t);
            }
            if self.done() {
                return;
            }
        }
        self.perm[i] = u8::MAX;
    }
}

fn mix(v: &[u64]) -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    for &x in v {
        h ^= x;
        h = h.wrapping_mul(0x1000_0000_01B3);
        h ^= h >> 29;
    }
    h
}
