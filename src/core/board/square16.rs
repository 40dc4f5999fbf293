//! Bit operations on the 16-toroidal board of 9-in-a-row (docs/spec.md §8), for the
//! search's shifts.
//!
//! # Bit layout
//!
//! The board is `Z² / Λ16` with `Λ16 = ⟨(8,8), (8,−8)⟩`, whose Hermite basis is
//! `(16,0), (8,8)`: its cells are `(x, y)` with `0 ≤ x < 16`, `0 ≤ y < 8`, and a set of
//! cells is a `u128` whose bit `16y + x` is cell `(x, y)` — each 16-bit lane is a row.
//! Moving east rotates every lane by one bit. Moving south shifts the word by one lane,
//! except that row 7 wraps to row 0 *shifted by 8 columns*, because
//! `(x, 8) ≡ (x − 8, 0) = (x + 8, 0)` modulo `Λ16`: the wrapped lane has its two bytes
//! swapped. For the same reason a jump by `8·E = (8,0)` or by `8·S = (0,8) ≡ (8,0)`
//! swaps the two bytes of every lane.

/// Bit 0 of every lane (column x = 0).
const COL0: u128 = 0x0001_0001_0001_0001_0001_0001_0001_0001;
/// Bit 15 of every lane (column x = 15).
const COL15: u128 = COL0 << 15;
/// The low byte of every lane (columns 0–7).
const LOW: u128 = 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF;

/// Cell `(x, y)` → `(x + 1, y)`: every lane rotated left by one bit.
#[inline(always)]
pub fn east(s: u128) -> u128 {
    ((s << 1) & !COL0) | ((s >> 15) & COL0)
}

/// Cell `(x, y)` → `(x − 1, y)`: every lane rotated right by one bit.
#[inline(always)]
pub fn west(s: u128) -> u128 {
    ((s >> 1) & !COL15) | ((s << 15) & COL15)
}

/// Cell `(x, y)` → `(x, y + 1)`: lanes 0–6 move up one lane; lane 7 becomes lane 0
/// with its bytes swapped (`(x, 8) ≡ (x + 8, 0)`).
#[inline(always)]
pub fn south(s: u128) -> u128 {
    (s << 16) | u128::from(((s >> 112) as u16).rotate_left(8))
}

/// Cell `(x, y)` → `(x, y − 1)`: lanes 1–7 move down one lane; lane 0 becomes lane 7
/// with its bytes swapped (`(x, −1) ≡ (x + 8, 7)`).
#[inline(always)]
pub fn north(s: u128) -> u128 {
    (s >> 16) | (u128::from((s as u16).rotate_left(8)) << 112)
}

/// Cell `(x, y)` → `(x + 8, y)` (= `(x − 8, y)` = `(x, y ± 8)`): the bytes of every
/// lane swapped.
#[inline(always)]
pub fn half_turn_of_rows(s: u128) -> u128 {
    ((s & LOW) << 8) | ((s >> 8) & LOW)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cell index of `(x, y)` reduced modulo `Λ16`, from the definition.
    fn cell(x: i64, y: i64) -> usize {
        // Subtract multiples of (8,8) to bring y into 0..8, then x modulo 16.
        let k = y.div_euclid(8);
        let (x, y) = (x - 8 * k, y - 8 * k);
        (16 * y + x.rem_euclid(16)) as usize
    }

    fn moved(s: u128, dx: i64, dy: i64) -> u128 {
        let mut out = 0;
        for c in 0..128 {
            if s >> c & 1 == 1 {
                let (x, y) = ((c % 16) as i64, (c / 16) as i64);
                out |= 1u128 << cell(x + dx, y + dy);
            }
        }
        out
    }

    #[test]
    fn shifts_move_every_cell_by_their_vector() {
        let mut r = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..200 {
            let mut s = 0u128;
            for _ in 0..2 {
                r ^= r << 13;
                r ^= r >> 7;
                r ^= r << 17;
                s = (s << 64) | u128::from(r);
            }
            assert_eq!(east(s), moved(s, 1, 0));
            assert_eq!(west(s), moved(s, -1, 0));
            assert_eq!(south(s), moved(s, 0, 1));
            assert_eq!(north(s), moved(s, 0, -1));
            assert_eq!(half_turn_of_rows(s), moved(s, 8, 0));
            assert_eq!(half_turn_of_rows(s), moved(s, 0, 8));
        }
    }
}
