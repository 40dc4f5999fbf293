//! Fixed-width bit sets for the search: one bit per cell (or per line).
//!
//! The search is generic over [`Bits`] so that one code serves every board and is
//! monomorphised per width. Boards of at most 64 cells (the 8×8 torus among them) use
//! a plain `u64` and boards of at most 128 cells (the 16-toroidal board) a `u128`,
//! whose operations are single instructions (or two); larger boards use [`Words`],
//! `W` words of 64 bits. Bit `i` of a set is cell `i`; in [`Words`], word `i / 64`,
//! bit `i % 64`.
//!
//! Fixed-size words are kept on purpose: a search node is copied at every step, and a
//! copy of a few words on the stack is far cheaper than a heap-allocated bit vector.
//! Widths are powers of two up to 4,096 cells; a board beyond that is refused by the
//! search with a message.
//!
//! Every width also shifts a whole set by `δ` positions ([`Bits::shifted`]): a
//! translation of the board moves the cells of each of a few *segments* by the same
//! index difference, which is how the generic shifts of `crate::pairing::search` move sets
//! along a direction in a handful of word operations.

// Indices run over several parallel arrays at once in the word loops (this lint was
// allowed for the whole search module this file came from).
#![allow(clippy::needless_range_loop)]

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A cell index in the search's tables: one byte up to 254 cells, two beyond.
pub trait CellIndex: Copy + Eq + Send + Sync + std::fmt::Debug + 'static {
    /// The marker of "no cell" (the largest value).
    const NONE: Self;
    /// From a cell index (which must fit).
    fn from_usize(i: usize) -> Self;
    /// As a cell index.
    fn get(self) -> usize;
}

impl CellIndex for u8 {
    const NONE: u8 = u8::MAX;
    #[inline(always)]
    fn from_usize(i: usize) -> u8 {
        i as u8
    }
    #[inline(always)]
    fn get(self) -> usize {
        self as usize
    }
}

impl CellIndex for u16 {
    const NONE: u16 = u16::MAX;
    #[inline(always)]
    fn from_usize(i: usize) -> u16 {
        i as u16
    }
    #[inline(always)]
    fn get(self) -> usize {
        self as usize
    }
}

/// A fixed-capacity set of small integers with word-parallel operations.
pub trait Bits:
    Copy
    + Eq
    + Send
    + Sync
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + 'static
{
    /// Largest element plus one.
    const CAPACITY: usize;
    /// A per-cell byte array of the same capacity (the codes of a search node).
    type Bytes: Copy + Send + Sync + AsRef<[u8]> + AsMut<[u8]>;
    /// The cell index type of this width.
    type Idx: CellIndex;
    /// The empty set.
    fn empty() -> Self;
    /// `{0, …, n−1}`.
    fn first_n(n: usize) -> Self;
    /// `{i}`.
    fn single(i: usize) -> Self;
    /// Is `i` in the set?
    fn contains(&self, i: usize) -> bool;
    /// Is the set empty?
    fn is_empty(&self) -> bool;
    /// The least element (`CAPACITY` when empty).
    fn least(&self) -> usize;
    /// Removes the least element.
    fn remove_least(&mut self);
    /// Number of elements.
    fn len(&self) -> u32;
    /// A byte array filled with `b`.
    fn bytes(b: u8) -> Self::Bytes;
    /// Every element `i` moved to `i + by` (`by` may be negative; elements leaving
    /// `0..CAPACITY` are dropped). `|by| < CAPACITY`.
    fn shifted(self, by: i32) -> Self;
}

macro_rules! native_bits {
    ($t:ty, $cap:expr) => {
        impl Bits for $t {
            const CAPACITY: usize = $cap;
            type Bytes = [u8; $cap];
            type Idx = u8;
            #[inline(always)]
            fn empty() -> $t {
                0
            }
            #[inline(always)]
            fn first_n(n: usize) -> $t {
                if n >= $cap { <$t>::MAX } else { (1 << n) - 1 }
            }
            #[inline(always)]
            fn single(i: usize) -> $t {
                1 << i
            }
            #[inline(always)]
            fn contains(&self, i: usize) -> bool {
                (self >> i) & 1 == 1
            }
            #[inline(always)]
            fn is_empty(&self) -> bool {
                *self == 0
            }
            #[inline(always)]
            fn least(&self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn remove_least(&mut self) {
                // x & (x − 1) clears the lowest set bit.
                *self &= self.wrapping_sub(1);
            }
            #[inline(always)]
            fn len(&self) -> u32 {
                self.count_ones()
            }
            fn bytes(b: u8) -> [u8; $cap] {
                [b; $cap]
            }
            #[inline(always)]
            fn shifted(self, by: i32) -> $t {
                if by >= 0 { self << by } else { self >> -by }
            }
        }
    };
}

native_bits!(u64, 64);
native_bits!(u128, 128);

/// `W · 64` bits: word `i / 64`, bit `i % 64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words<const W: usize>(pub [u64; W]);

impl<const W: usize> BitAnd for Words<W> {
    type Output = Words<W>;
    #[inline(always)]
    fn bitand(self, o: Words<W>) -> Words<W> {
        Words(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}
impl<const W: usize> BitOr for Words<W> {
    type Output = Words<W>;
    #[inline(always)]
    fn bitor(self, o: Words<W>) -> Words<W> {
        Words(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}
impl<const W: usize> Not for Words<W> {
    type Output = Words<W>;
    #[inline(always)]
    fn not(self) -> Words<W> {
        Words(std::array::from_fn(|i| !self.0[i]))
    }
}
impl<const W: usize> BitAndAssign for Words<W> {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Words<W>) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a &= b;
        }
    }
}
impl<const W: usize> BitOrAssign for Words<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Words<W>) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a |= b;
        }
    }
}

/// The byte arrays of the wide widths (`[u8; N]` implements the traits for any `N`).
pub trait WideBytes {
    /// `[u8; 64·W]`.
    type Bytes: Copy + Send + Sync + AsRef<[u8]> + AsMut<[u8]>;
    /// Filled with `b`.
    fn filled(b: u8) -> Self::Bytes;
}

macro_rules! words_bytes {
    ($($w:expr),*) => {$(
        impl WideBytes for Words<$w> {
            type Bytes = [u8; 64 * $w];
            fn filled(b: u8) -> [u8; 64 * $w] {
                [b; 64 * $w]
            }
        }
    )*};
}
words_bytes!(4, 16, 64);

impl<const W: usize> Bits for Words<W>
where
    Words<W>: WideBytes,
{
    const CAPACITY: usize = 64 * W;
    type Bytes = <Words<W> as WideBytes>::Bytes;
    type Idx = u16;
    fn empty() -> Words<W> {
        Words([0; W])
    }
    fn first_n(n: usize) -> Words<W> {
        Words(std::array::from_fn(|w| {
            let lo = w * 64;
            if n >= lo + 64 {
                u64::MAX
            } else if n <= lo {
                0
            } else {
                (1u64 << (n - lo)) - 1
            }
        }))
    }
    #[inline(always)]
    fn single(i: usize) -> Words<W> {
        let mut w = [0; W];
        w[i / 64] = 1u64 << (i % 64);
        Words(w)
    }
    #[inline(always)]
    fn contains(&self, i: usize) -> bool {
        (self.0[i / 64] >> (i % 64)) & 1 == 1
    }
    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
    #[inline(always)]
    fn least(&self) -> usize {
        for (w, &x) in self.0.iter().enumerate() {
            if x != 0 {
                return w * 64 + x.trailing_zeros() as usize;
            }
        }
        64 * W
    }
    #[inline(always)]
    fn remove_least(&mut self) {
        for x in self.0.iter_mut() {
            if *x != 0 {
                *x &= *x - 1;
                return;
            }
        }
    }
    #[inline(always)]
    fn len(&self) -> u32 {
        self.0.iter().map(|x| x.count_ones()).sum()
    }
    fn bytes(b: u8) -> Self::Bytes {
        <Words<W> as WideBytes>::filled(b)
    }
    #[inline(always)]
    fn shifted(self, by: i32) -> Words<W> {
        let mut out = [0u64; W];
        let (words, bits) = ((by.unsigned_abs() / 64) as usize, by.unsigned_abs() % 64);
        if by >= 0 {
            // Word i of the result takes word i − words shifted up, with the carry of
            // the word below it.
            for i in words..W {
                let lo = self.0[i - words];
                out[i] = lo << bits;
                if bits > 0 && i > words {
                    out[i] |= self.0[i - words - 1] >> (64 - bits);
                }
            }
        } else {
            for i in 0..W - words {
                let hi = self.0[i + words];
                out[i] = hi >> bits;
                if bits > 0 && i + words + 1 < W {
                    out[i] |= self.0[i + words + 1] << (64 - bits);
                }
            }
        }
        Words(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members<B: Bits>(mut v: B) -> Vec<usize> {
        let mut seen = Vec::new();
        while !v.is_empty() {
            seen.push(v.least());
            v.remove_least();
        }
        seen
    }

    #[test]
    fn words_agree_with_a_list() {
        let mut w = Words::<4>::empty();
        let list = [0usize, 5, 63, 64, 130, 200, 255];
        for &i in &list {
            w |= Words::<4>::single(i);
        }
        assert_eq!(w.len(), 7);
        assert_eq!(members(w), list);
        assert_eq!(Words::<4>::first_n(130).len(), 130);
        assert!(Words::<4>::first_n(130).contains(129) && !Words::<4>::first_n(130).contains(130));
        assert_eq!((!Words::<4>::first_n(200)).len(), 56);
    }

    #[test]
    fn shifts_move_every_member() {
        let list = [0usize, 5, 63, 64, 127, 130, 200, 255];
        let mut w = Words::<4>::empty();
        let mut n = 0u128;
        for &i in &list {
            w |= Words::<4>::single(i);
            if i < 128 {
                n |= 1 << i;
            }
        }
        for by in [-200i32, -129, -64, -63, -1, 0, 1, 7, 64, 65, 190] {
            let want: Vec<usize> = list
                .iter()
                .map(|&i| i as i64 + by as i64)
                .filter(|&j| (0..256).contains(&j))
                .map(|j| j as usize)
                .collect();
            assert_eq!(members(w.shifted(by)), want, "by {by}");
            if by.abs() < 128 {
                let want: Vec<usize> = list
                    .iter()
                    .filter(|&&i| i < 128)
                    .map(|&i| i as i64 + by as i64)
                    .filter(|&j| (0..128).contains(&j))
                    .map(|j| j as usize)
                    .collect();
                assert_eq!(members(n.shifted(by)), want, "u128 by {by}");
            }
        }
    }
}
