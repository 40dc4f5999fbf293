//! Fixed-width bit sets for the search: one bit per cell (or per line).
//!
//! The search is generic over [`Bits`] so that one code serves every board and is
//! monomorphised per width: boards of at most 64 cells (the 8×8 torus among them) use a
//! plain `u64`, whose operations are single instructions; larger boards (the 6×6×6
//! torus of 216 cells) use [`Wide`], four `u64` words. Bit `i` of a set is cell `i`.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

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
}

impl Bits for u64 {
    const CAPACITY: usize = 64;
    type Bytes = [u8; 64];
    #[inline(always)]
    fn empty() -> u64 {
        0
    }
    #[inline(always)]
    fn first_n(n: usize) -> u64 {
        if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
    }
    #[inline(always)]
    fn single(i: usize) -> u64 {
        1u64 << i
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
    fn bytes(b: u8) -> [u8; 64] {
        [b; 64]
    }
}

/// 256 bits: word `i / 64`, bit `i % 64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Wide(pub [u64; 4]);

impl BitAnd for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitand(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}
impl BitOr for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitor(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}
impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide(std::array::from_fn(|i| !self.0[i]))
    }
}
impl BitAndAssign for Wide {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Wide) {
        *self = *self & o;
    }
}
impl BitOrAssign for Wide {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Wide) {
        *self = *self | o;
    }
}

impl Bits for Wide {
    const CAPACITY: usize = 256;
    type Bytes = [u8; 256];
    fn empty() -> Wide {
        Wide([0; 4])
    }
    fn first_n(n: usize) -> Wide {
        Wide(std::array::from_fn(|w| {
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
    fn single(i: usize) -> Wide {
        let mut w = [0; 4];
        w[i / 64] = 1u64 << (i % 64);
        Wide(w)
    }
    #[inline(always)]
    fn contains(&self, i: usize) -> bool {
        (self.0[i / 64] >> (i % 64)) & 1 == 1
    }
    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    #[inline(always)]
    fn least(&self) -> usize {
        for (w, &x) in self.0.iter().enumerate() {
            if x != 0 {
                return w * 64 + x.trailing_zeros() as usize;
            }
        }
        256
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
    fn bytes(b: u8) -> [u8; 256] {
        [b; 256]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_agrees_with_a_bool_vector() {
        let mut w = Wide::empty();
        let members = [0usize, 5, 63, 64, 130, 200, 255];
        for &i in &members {
            w |= Wide::single(i);
        }
        assert_eq!(w.len(), 7);
        let mut seen = Vec::new();
        let mut v = w;
        while !v.is_empty() {
            seen.push(v.least());
            v.remove_least();
        }
        assert_eq!(seen, members);
        assert_eq!(Wide::first_n(130).len(), 130);
        assert!(Wide::first_n(130).contains(129) && !Wide::first_n(130).contains(130));
        assert_eq!((!Wide::first_n(200)).len(), 56);
    }
}
