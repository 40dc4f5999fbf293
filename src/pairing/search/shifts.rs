//! Moving bit sets along a family's direction: the `pull_f` and `push_f` of the
//! search ([`Shift`]).
//!
//! `pull_f(s)` holds cell `a` exactly when `a + v_f ∈ s`; `push_f` is its inverse;
//! `pull_jump_f` moves by `p·v_f` (the jumps inside an option of `q_f > 1`
//! dominoes). Three implementations: [`Square8`] (two byte-wise rotations of a
//! `u64`, the 8×8 torus), [`Square16`] (lane rotations of a `u128`, the
//! 16-toroidal board) and [`SegShift`] (masked word shifts, one per segment of the
//! cell numbering that a translation moves by one index difference, any board).
//! Invariant: on the boards that have a fast path, the fast path and the segment
//! shifts of the same board give the same bit sets (tested). Every method is
//! `#[inline(always)]`: they are the innermost operations of the search.

use super::*;

/// Moves bit sets along a family's direction.
pub trait Shift<B: Bits>: Sync {
    /// Cells `a` with `a + v_f` in `s`.
    fn pull(&self, f: usize, s: B) -> B;
    /// Cells `a + v_f` for `a` in `s`.
    fn push(&self, f: usize, s: B) -> B;
    /// Cells `a` with `a + p·v_f` in `s` (the next domino of the same line).
    fn pull_jump(&self, f: usize, s: B) -> B;
}

/// The 8×8 torus: byte `y` of the `u64` is row `y`, bit `x` of it is column `x`
/// ([`crate::core::board::square8`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Square8;

impl Shift<u64> for Square8 {
    #[inline(always)]
    fn pull(&self, f: usize, s: u64) -> u64 {
        // Families E (1,0), SE (1,1), S (0,1), SW (−1,1); moving the set by −v_f.
        match f {
            0 => square8::west(s),
            1 => square8::north(square8::west(s)),
            2 => square8::north(s),
            _ => square8::north(square8::east(s)),
        }
    }
    #[inline(always)]
    fn push(&self, f: usize, s: u64) -> u64 {
        match f {
            0 => square8::east(s),
            1 => square8::south(square8::east(s)),
            2 => square8::south(s),
            _ => square8::south(square8::west(s)),
        }
    }
    #[inline(always)]
    fn pull_jump(&self, _f: usize, s: u64) -> u64 {
        // 8·v_f is a period of the 8×8 torus.
        s
    }
}

/// The 16-toroidal board of 9-in-a-row: lane `y` of the `u128` is row `y`, bit `x` of
/// it is column `x` ([`crate::core::board::square16`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Square16;

impl Shift<u128> for Square16 {
    #[inline(always)]
    fn pull(&self, f: usize, s: u128) -> u128 {
        use crate::core::board::square16::{east, north, west};
        // Families E (1,0), SE (1,1), S (0,1), SW (−1,1); moving the set by −v_f.
        match f {
            0 => west(s),
            1 => north(west(s)),
            2 => north(s),
            _ => north(east(s)),
        }
    }
    #[inline(always)]
    fn push(&self, f: usize, s: u128) -> u128 {
        use crate::core::board::square16::{east, south, west};
        match f {
            0 => east(s),
            1 => south(east(s)),
            2 => south(s),
            _ => south(west(s)),
        }
    }
    #[inline(always)]
    fn pull_jump(&self, f: usize, s: u128) -> u128 {
        // 8·E and 8·S are both (8,0) modulo the lattice; 8·SE and 8·SW are periods.
        if f == 0 || f == 2 {
            crate::core::board::square16::half_turn_of_rows(s)
        } else {
            s
        }
    }
}

/// A translation of the board as masked shifts: the cells of segment `i` (bit set
/// `mask[i]`) all move by the index difference `by[i]`.
#[derive(Clone, Copy, Debug)]
struct Segments<B: Bits> {
    n: usize,
    mask: [B; 8],
    by: [i32; 8],
}

impl<B: Bits> Segments<B> {
    /// The segments of the cell permutation `to`.
    fn of(ncells: usize, to: impl Fn(usize) -> usize) -> Segments<B> {
        let mut seg = Segments {
            n: 0,
            mask: [B::empty(); 8],
            by: [0; 8],
        };
        for c in 0..ncells {
            let by = to(c) as i32 - c as i32;
            let i = match seg.by[..seg.n].iter().position(|&b| b == by) {
                Some(i) => i,
                None => {
                    assert!(seg.n < 8, "a translation has at most 2^d segments");
                    seg.by[seg.n] = by;
                    seg.n += 1;
                    seg.n - 1
                }
            };
            seg.mask[i] |= B::single(c);
        }
        seg
    }

    #[inline(always)]
    fn apply(&self, s: B) -> B {
        let mut out = B::empty();
        for i in 0..self.n {
            out |= (s & self.mask[i]).shifted(self.by[i]);
        }
        out
    }
}

/// Any board: translations as a few masked shifts each (module docs).
#[derive(Clone, Debug)]
pub struct SegShift<B: Bits> {
    push: Vec<Segments<B>>,
    pull: Vec<Segments<B>>,
    pull_jump: Vec<Segments<B>>,
}

impl<B: Bits> SegShift<B> {
    /// Shifts for `board`.
    pub fn new(board: &Board) -> SegShift<B> {
        let n = board.ncells();
        let nf = board.nfamilies();
        let mut back_jump = vec![vec![0usize; n]; nf];
        for f in 0..nf {
            for a in 0..n {
                back_jump[f][board.jump(f, a)] = a;
            }
        }
        SegShift {
            push: (0..nf)
                .map(|f| Segments::of(n, |c| board.neighbor(c, f)))
                .collect(),
            pull: (0..nf)
                .map(|f| Segments::of(n, |c| board.neighbor(c, f + nf)))
                .collect(),
            pull_jump: (0..nf)
                .map(|f| Segments::of(n, |c| back_jump[f][c]))
                .collect(),
        }
    }
}

impl<B: Bits> Shift<B> for SegShift<B> {
    #[inline(always)]
    fn pull(&self, f: usize, s: B) -> B {
        self.pull[f].apply(s)
    }
    #[inline(always)]
    fn push(&self, f: usize, s: B) -> B {
        self.push[f].apply(s)
    }
    #[inline(always)]
    fn pull_jump(&self, f: usize, s: B) -> B {
        self.pull_jump[f].apply(s)
    }
}
