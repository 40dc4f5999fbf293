//! Bit-sliced free-cell counters of the winning sets: the representation that lets
//! the solver look at a position in a few dozen word operations instead of one pass
//! over the sets (the look of docs/spec.md §11 at every position searched).
//!
//! # Bit layout
//!
//! For a game of at most 128 winning sets ([`MAX_SETS`]) of at most 15 cells each
//! ([`SLICES`] bits of count), a set of *sets* is one
//! `u128`, bit `i` for set `i` in the order of the game file. [`Slices`] holds, for
//! every cell `c`, the sets through it (`through(c)`). [`Counters`] describes a
//! position: `alive` holds the sets Breaker has no cell of, and the free-cell count
//! of every set is kept in binary, sliced across words — `slice[b]` holds bit `b` of
//! every set's count, so set `i` has `Σ_b (slice[b] >> i & 1) · 2^b` free cells.
//!
//! # Invariants
//!
//! * For every set in `alive`, its count is the number of its cells that are free.
//!   The counts of dead sets are not maintained and mean nothing: every question
//!   ([`Slices::exactly`], [`Slices::at_least`]) is masked by `alive`.
//! * Only `slice[..bits]` is used, `bits` being the width of the largest set's size.
//!
//! # Moves
//!
//! Breaker taking `y` kills the sets through it: `alive &= !through(y)`. Maker taking
//! `x` takes one free cell from each live set through `x`: one subtracted from their
//! counters at once, a ripple borrow through the slices. Either costs `O(bits)` word
//! operations, whatever the number of sets; the sets with exactly `f` free cells are
//! then `bits` masks ANDed ([`Slices::exactly`]).
//!
//! The threat-line search ([`super::threats`]) and the solver's look at a position
//! ([`super::solve`]) both work on these counters.

use super::{Cells, cells};

/// The most winning sets the counters handle (one bit each in a `u128`).
pub const MAX_SETS: usize = 128;

/// The most slices of a counter: sets of at most `2^SLICES − 1` cells.
pub const SLICES: usize = 4;

/// The sets through each cell of a game of at most [`MAX_SETS`] sets, and the
/// number of slices its counters need.
#[derive(Clone, Debug)]
pub struct Slices {
    by_cell: Vec<u128>,
    bits: usize,
    sets: Vec<Cells>,
}

/// A position's live sets and their free-cell counts, bit-sliced (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counters {
    /// The sets Breaker has no cell of.
    pub alive: u128,
    /// Bit `b` of every set's free-cell count.
    pub slice: [u128; SLICES],
}

impl Slices {
    /// The slices of a game with winning sets `sets`, or `None` when it has more than
    /// [`MAX_SETS`] of them or one of more than `2^SLICES − 1` cells.
    pub fn new(sets: &[Cells]) -> Option<Slices> {
        let largest = sets.iter().map(|s| s.count_ones()).max().unwrap_or(0);
        if sets.len() > MAX_SETS || largest >> SLICES != 0 {
            return None;
        }
        let by_cell = (0..128)
            .map(|c| {
                sets.iter()
                    .enumerate()
                    .filter(|(_, s)| *s >> c & 1 == 1)
                    .fold(0u128, |a, (i, _)| a | 1 << i)
            })
            .collect();
        Some(Slices {
            by_cell,
            bits: (u32::BITS - largest.leading_zeros()) as usize,
            sets: sets.to_vec(),
        })
    }

    /// The sets through cell `c`.
    #[inline]
    pub fn through(&self, c: usize) -> u128 {
        self.by_cell[c]
    }

    /// The winning sets, in file order.
    pub fn sets(&self) -> &[Cells] {
        &self.sets
    }

    /// Set number `i`.
    #[inline]
    pub fn set(&self, i: usize) -> Cells {
        self.sets[i]
    }

    /// The union of the sets in `mask`.
    #[inline]
    pub fn union(&self, mask: u128) -> Cells {
        let mut u = 0;
        let mut rest = mask;
        while rest != 0 {
            u |= self.sets[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        u
    }

    /// The intersection of the sets in `mask` (all cells for an empty mask); the walk
    /// stops once it is empty.
    #[inline]
    pub fn common(&self, mask: u128) -> Cells {
        let mut c = !0;
        let mut rest = mask;
        while rest != 0 && c != 0 {
            c &= self.sets[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        c
    }

    /// The number of slices in use (bits of the largest set's size).
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The counters of the position where Breaker holds `breaker` and the cells
    /// `free` are free. `O(m · bits)` for `m` sets.
    pub fn start(&self, free: Cells, breaker: Cells) -> Counters {
        let mut st = Counters {
            alive: 0,
            slice: [0; SLICES],
        };
        for (i, &s) in self.sets.iter().enumerate() {
            if s & breaker != 0 {
                continue;
            }
            st.alive |= 1 << i;
            let f = (s & free).count_ones();
            for (b, slice) in st.slice[..self.bits].iter_mut().enumerate() {
                *slice |= u128::from(f >> b & 1) << i;
            }
        }
        st
    }

    /// Breaker takes cell `y`: the sets through it die.
    #[inline]
    pub fn breaker_takes(&self, st: &mut Counters, y: usize) {
        st.alive &= !self.by_cell[y];
    }

    /// Maker takes the free cell `x`: every live set through it loses a free cell.
    #[inline]
    pub fn maker_takes(&self, st: &mut Counters, x: usize) {
        let mut borrow = self.by_cell[x] & st.alive;
        for slice in st.slice[..self.bits].iter_mut() {
            let t = *slice;
            *slice = t ^ borrow;
            borrow &= !t;
        }
    }

    /// The live sets with exactly `f` free cells.
    #[inline]
    pub fn exactly(&self, st: &Counters, f: u32) -> u128 {
        if f >> self.bits != 0 {
            return 0;
        }
        let mut m = st.alive;
        for (b, &slice) in st.slice[..self.bits].iter().enumerate() {
            m &= if f >> b & 1 == 1 { slice } else { !slice };
        }
        m
    }

    /// The live sets with at least `2^b` free cells (some bit at or above `b` set).
    #[inline]
    pub fn at_least(&self, st: &Counters, b: usize) -> u128 {
        st.alive
            & st.slice[b.min(self.bits)..self.bits]
                .iter()
                .fold(0u128, |a, &s| a | s)
    }

    /// The cells of `candidates` that lie in no live set.
    #[inline]
    pub fn outside(&self, st: &Counters, candidates: Cells) -> Cells {
        cells(candidates)
            .filter(|&x| self.by_cell[x] & st.alive == 0)
            .fold(0, |a, x| a | 1 << x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_follow_the_moves() {
        // Sets {0,1,2}, {2,3}, {0,3,4,5,6,7,8}: sizes up to 7, three slices.
        let sets = [0b111u128, 0b1100, 0b1_1111_1001];
        let s = Slices::new(&sets).unwrap();
        assert_eq!(s.bits(), 3);
        let all: Cells = (1 << 9) - 1;
        let mut st = s.start(all, 0);
        assert_eq!(s.exactly(&st, 3), 0b001);
        assert_eq!(s.exactly(&st, 2), 0b010);
        assert_eq!(s.exactly(&st, 7), 0b100);
        s.maker_takes(&mut st, 0);
        assert_eq!(s.exactly(&st, 2), 0b011);
        assert_eq!(s.exactly(&st, 6), 0b100);
        s.breaker_takes(&mut st, 3);
        assert_eq!(st.alive, 0b001);
        assert_eq!(s.exactly(&st, 2), 0b001);
        assert_eq!(s.at_least(&st, 1), 0b001);
        assert_eq!(s.exactly(&st, 9), 0);
        assert_eq!(s.union(st.alive) & all & !0b1001, 0b110);
        assert_eq!(s.common(0b011), 0b100);
        assert_eq!(s.common(0b101), 0b001);
        assert_eq!(s.common(0), !0);
        assert_eq!(s.outside(&st, 0b1_1111_0110), 0b1_1111_0000);
    }
}
