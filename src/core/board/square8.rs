//! Bit operations on the 8×8 torus (docs/spec.md §2), shared by the search's shifts
//! and the bitboard class keys.
//!
//! # Bit layout
//!
//! A set of cells of the 8×8 torus is a `u64`: bit `8y + x` is cell `(x, y)`, so byte
//! `y` is row `y` and bit `x` of a byte is column `x`. Moving a set by a vector is then
//! a rotation of the bytes (the rows) and of the bits inside every byte (the columns);
//! the maps of the point group are bit and byte reversals and a transposition by delta
//! swaps.

/// Low 7 bits of every byte (all columns but x = 7).
const NOT_COL7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// Bit 0 of every byte (column x = 0).
const COL0: u64 = 0x0101_0101_0101_0101;

/// Cell `(x, y)` → `(x + 1, y)`: every byte rotated left by one bit.
#[inline(always)]
pub fn east(s: u64) -> u64 {
    ((s & NOT_COL7) << 1) | ((s >> 7) & COL0)
}

/// Cell `(x, y)` → `(x − 1, y)`: every byte rotated right by one bit.
#[inline(always)]
pub fn west(s: u64) -> u64 {
    ((s >> 1) & NOT_COL7) | ((s & COL0) << 7)
}

/// Cell `(x, y)` → `(x, y + 1)`: the word rotated by one row (8 bits).
#[inline(always)]
pub fn south(s: u64) -> u64 {
    s.rotate_left(8)
}

/// Cell `(x, y)` → `(x, y − 1)`.
#[inline(always)]
pub fn north(s: u64) -> u64 {
    s.rotate_right(8)
}

/// Cell `(x, y)` → `(y, x)`: three delta swaps (the flip about the a1–h8 diagonal of
/// chess bitboards).
#[inline]
pub fn transpose(mut b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    // Swap 4×4 blocks, then 2×2 blocks, then single bits across the diagonal.
    let t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = K1 & (b ^ (b << 7));
    b ^ t ^ (t >> 7)
}

/// Cell `(x, y)` → `(−x mod 8, y)`: reverse the bits of each byte (`x ↦ 7 − x`), then
/// rotate each byte by one.
#[inline]
pub fn mirror_x(b: u64) -> u64 {
    rotate_columns(b.reverse_bits().swap_bytes(), 1)
}

/// Cell `(x, y)` → `(x, −y mod 8)`: reverse the bytes (`y ↦ 7 − y`), then rotate by a
/// row.
#[inline]
pub fn mirror_y(b: u64) -> u64 {
    b.swap_bytes().rotate_left(8)
}

/// Cell `(x, y)` → `(x + dx mod 8, y)`: each byte rotated left by `dx`.
#[inline]
pub fn rotate_columns(b: u64, dx: u32) -> u64 {
    let dx = dx & 7;
    // Bits that stay in their byte after the shift left, and those that wrap.
    let stay = 0x0101_0101_0101_0101u64 * u64::from(0xffu8 << dx);
    ((b << dx) & stay) | ((b >> (8 - dx)) & !stay)
}

/// Cell `(x, y)` → `(x + dx, y + dy)` on the torus.
#[inline]
pub fn translate(b: u64, dx: i32, dy: i32) -> u64 {
    rotate_columns(b, dx.rem_euclid(8) as u32).rotate_left(8 * dy.rem_euclid(8) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(x: i32, y: i32) -> u64 {
        1u64 << (8 * y.rem_euclid(8) + x.rem_euclid(8))
    }

    #[test]
    fn every_map_moves_every_cell_where_its_formula_says() {
        for y in 0..8 {
            for x in 0..8 {
                let b = cell(x, y);
                assert_eq!(east(b), cell(x + 1, y));
                assert_eq!(west(b), cell(x - 1, y));
                assert_eq!(south(b), cell(x, y + 1));
                assert_eq!(north(b), cell(x, y - 1));
                assert_eq!(transpose(b), cell(y, x));
                assert_eq!(mirror_x(b), cell(-x, y));
                assert_eq!(mirror_y(b), cell(x, -y));
                assert_eq!(translate(b, 3, -2), cell(x + 3, y - 2));
            }
        }
    }
}
