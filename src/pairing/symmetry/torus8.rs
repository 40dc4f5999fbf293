//! Class keys on the 8×8 torus by bitboards (docs/spec.md §4, for the graph of docs/spec.md §5).
//!
//! The graph build must name the class of about a million move results. The canonical
//! form of docs/spec.md §4 does that but costs a tournament over 64 candidate images
//! ([`crate::pairing::symmetry::Canonicalizer`]). Naming a class needs less: any *complete
//! invariant* will do — a value that two pairings share exactly when a symmetry maps
//! one onto the other. This module computes one for the 8×8 torus of 9-in-a-row
//! (families E, SE, S, SW; translations and the point group D4, 512 symmetries) in a
//! few dozen word operations, and the graph looks the value up in a table built from
//! the catalogue's canonical forms. The key is not the docs/spec.md §4 canonical form and is
//! never written anywhere.
//!
//! # Bit layout
//!
//! A good pairing is four *anchor bitboards* `b[f]` (`u64`, bit `c = 8y + x` for cell
//! `(x, y)`): bit `c` of `b[f]` is set when the domino `{c, c + v_f}` is in the pairing
//! (cell `c` carries code `f`, docs/spec.md §3). One domino lies on each line, so `b[0]` (E) has
//! one bit in each row (byte) and `b[2]` (S) one bit in each column. Write `h[y]` for
//! the column of row `y`'s bit in `b[0]`, and pack sequences of eight 3-bit values one
//! per byte, entry `i` in byte `i`.
//!
//! # The key
//!
//! For a pairing `R` let `d(R)` be the word of the differences `h[i+1] − h[i] mod 8`
//! (`i = 0..8`, cyclically) and `bits(R)` its four anchor bitboards. The key of `Q` is
//!
//! ```text
//! key(Q) = min over the 512 symmetries g of ( d(gQ), h_{gQ}[0], bits(gQ) ),
//! ```
//!
//! compared lexicographically, words as unsigned integers. `bits` determines the
//! pairing, so the triple does, and a minimum over the orbit is the same for every
//! pairing of the orbit: the key is a complete invariant. It is cheap because the
//! first two parts can be minimised without building images:
//!
//! * a translation by `(dx, dy)` rotates `d` by `dy` bytes and adds `dx` to `h`, so
//!   `h_{gQ}[0] = 0` fixes `dx` once the rest of `g` is chosen;
//! * for `g = M` in D4, written `M(x, y) = (s₁x, s₂y)` or `(s₁y, s₂x)`, the rows of
//!   `MQ`'s E dominoes come from `Q`'s rows or, when `M` swaps the axes, from `Q`'s
//!   columns (the S dominoes, `v[x]` = row of column `x`'s bit in `b[2]`), and
//!   `h_{MQ}[y] = s₁ h[s₂y] + const` (respectively `s₁ v[s₂y] + const`). So `d(MQ)` is
//!   `d(h)` or `d(v)`, negated when `s₁ = −1`, reversed and negated when `s₂ = −1`.
//!
//! Eight words and their eight byte rotations give all 512 values of `d(gQ)`; only the
//! symmetries reaching the least one (usually one symmetry, the stabiliser's order in
//! general) have their image built, from the bitboards: transposition by delta swaps,
//! mirrors by bit and byte reversal, translations by rotations, and a one-cell shift of
//! the families whose direction `M` reverses (the anchor moves to the other end).
//!
//! The tests check the key against docs/spec.md §4 equivalence: equal for all 512 images of a
//! pairing, different for all 194,543 catalogue classes, and the graph built with it
//! equals the graph built with canonical forms.

use crate::core::board::Board;
use crate::core::board::square8::{mirror_x, mirror_y, translate, transpose};

/// The four anchor bitboards of a pairing (module docs, *Bit layout*).
pub type Anchors = [u64; 4];

/// A class key: the anchor bitboards of the least image (module docs, *The key*).
pub type Key = [u64; 4];

/// The line directions E, SE, S, SW as `(dx, dy)`.
const DIRS: [(i32, i32); 4] = [(1, 0), (1, 1), (0, 1), (-1, 1)];

/// Byte `i` of the word holds the low bits of every byte.
const LOW3: u64 = 0x0707_0707_0707_0707;
/// 8 in every byte.
const EIGHTS: u64 = 0x0808_0808_0808_0808;

/// One element of D4: `(x, y) ↦ (s₁x, s₂y)`, or `(s₁y, s₂x)` when `swap`; `neg_x` is
/// `s₁ = −1`, `neg_y` is `s₂ = −1`. `family[f] = (f', reversed)`: `M v_f = ±v_{f'}`.
#[derive(Clone, Copy, Debug)]
struct PointMap {
    swap: bool,
    neg_x: bool,
    neg_y: bool,
    family: [(usize, bool); 4],
}

impl PointMap {
    const fn new(swap: bool, neg_x: bool, neg_y: bool) -> PointMap {
        let mut family = [(0usize, false); 4];
        let mut f = 0;
        while f < 4 {
            let (x, y) = DIRS[f];
            let (x, y) = if swap { (y, x) } else { (x, y) };
            let (x, y) = (if neg_x { -x } else { x }, if neg_y { -y } else { y });
            let mut g = 0;
            while g < 4 {
                if DIRS[g].0 == x && DIRS[g].1 == y {
                    family[f] = (g, false);
                } else if DIRS[g].0 == -x && DIRS[g].1 == -y {
                    family[f] = (g, true);
                }
                g += 1;
            }
            f += 1;
        }
        PointMap {
            swap,
            neg_x,
            neg_y,
            family,
        }
    }

    /// The image of one bitboard of cells under `M` (about the origin).
    #[inline]
    fn cells(&self, mut b: u64) -> u64 {
        if self.swap {
            b = transpose(b);
        }
        if self.neg_x {
            b = mirror_x(b);
        }
        if self.neg_y {
            b = mirror_y(b);
        }
        b
    }

    /// `d(MQ)` from `d(h)` and `d(v)` of `Q` (module docs, *The key*).
    #[inline]
    fn diff_word(&self, dh: u64, dv: u64) -> u64 {
        let base = if self.swap { dv } else { dh };
        match (self.neg_y, self.neg_x) {
            (false, false) => base,
            (false, true) => negate(base),
            (true, false) => negate(base.swap_bytes()),
            (true, true) => base.swap_bytes(),
        }
    }

    /// The anchor bitboards of `MQ` translated by `(dx, dy)`.
    #[inline]
    fn image(&self, b: &Anchors, dx: i32, dy: i32) -> Anchors {
        let mut out = [0u64; 4];
        for (f, &bits) in b.iter().enumerate() {
            let (g, reversed) = self.family[f];
            // A reversed direction puts the anchor at the domino's other end: −v_g.
            let (sx, sy) = if reversed {
                (-DIRS[g].0, -DIRS[g].1)
            } else {
                (0, 0)
            };
            out[g] = translate(self.cells(bits), dx + sx, dy + sy);
        }
        out
    }
}

/// D4, every combination of axis swap and the two negations.
const MAPS: [PointMap; 8] = [
    PointMap::new(false, false, false),
    PointMap::new(false, true, false),
    PointMap::new(false, false, true),
    PointMap::new(false, true, true),
    PointMap::new(true, false, false),
    PointMap::new(true, true, false),
    PointMap::new(true, false, true),
    PointMap::new(true, true, true),
];

/// Each byte `k` of `w` (`0..8`) to `−k mod 8`.
#[inline]
fn negate(w: u64) -> u64 {
    // 8 − k is 1..=8 in every byte, no borrow between bytes.
    EIGHTS.wrapping_sub(w) & LOW3
}

/// Byte `i`: `w[i+1] − w[i] mod 8`, cyclically.
#[inline]
fn differences(w: u64) -> u64 {
    // Byte i of the rotation is w[i+1]; adding 8 first keeps every byte non-negative.
    ((w.rotate_right(8) | EIGHTS) - w) & LOW3
}

/// `h`: byte `y` holds the column of the one bit in byte `y` of `e`.
#[inline]
fn row_positions(e: u64) -> u64 {
    let mut w = 0u64;
    for y in 0..8 {
        let row = (e >> (8 * y)) as u8;
        w |= u64::from(row.trailing_zeros() & 7) << (8 * y);
    }
    w
}

/// `v`: byte `x` holds the row of the one bit in column `x` of `s`.
#[inline]
fn column_positions(mut s: u64) -> u64 {
    let mut w = 0u64;
    while s != 0 {
        let c = s.trailing_zeros();
        w |= u64::from(c >> 3) << (8 * (c & 7));
        s &= s - 1;
    }
    w
}

/// The anchor bitboards of a pairing given by its 64 codes.
#[inline]
pub fn anchors(codes: &[u8]) -> Anchors {
    let mut b = [0u64; 4];
    for (c, &k) in codes.iter().enumerate() {
        // Codes 0–3 mark anchors; 4–7 the other ends.
        b[usize::from(k & 3)] |= u64::from(k < 4) << c;
    }
    b
}

/// Whether `board` is the 8×8 torus these keys are for: families E, SE, S, SW and
/// exactly the eight matrices of `MAPS` as point group.
pub fn applies_to(board: &Board) -> bool {
    board.fast_path() == Some(crate::core::board::FastPath::Square8)
}

/// The class key of a good pairing of the 8×8 torus given by its anchor bitboards
/// (module docs, *The key*). Two good pairings have the same key exactly when they
/// are equivalent (docs/spec.md §4).
///
/// *Complexity*: `O(1)`: 64 candidate words, and one image per symmetry reaching the
/// least word (one for most pairings).
///
/// ```
/// use amoba::core::board::Board;
/// use amoba::core::board::pairing::Pairing;
/// use amoba::pairing::symmetry::apply;
/// use amoba::pairing::symmetry::torus8::{anchors, class_key};
/// let b = Board::square9();
/// let first = "0411111504155555041522220435666627333304677773044222733046667710";
/// let p = Pairing::parse_line(&b, first).unwrap();
/// let key = class_key(&anchors(p.codes()));
/// for g in b.symmetries() {
///     assert_eq!(class_key(&anchors(&apply(&b, p.codes(), g))), key);
/// }
/// ```
#[inline]
pub fn class_key(b: &Anchors) -> Key {
    let dh = differences(row_positions(b[0]));
    let dv = differences(column_positions(b[2]));
    // The least d(gQ) and the (map, row shift) pairs reaching it.
    let mut least = u64::MAX;
    let mut cands = [(0u8, 0u8); 64];
    let mut ncand = 0;
    for (i, map) in MAPS.iter().enumerate() {
        let mut w = map.diff_word(dh, dv);
        for dy in 0..8u8 {
            if w <= least {
                if w < least {
                    least = w;
                    ncand = 0;
                }
                cands[ncand] = (i as u8, dy);
                ncand += 1;
            }
            // Translating by one more row moves entry i to i + 1.
            w = w.rotate_left(8);
        }
    }
    let mut best = [u64::MAX; 4];
    for &(i, dy) in &cands[..ncand] {
        let map = &MAPS[usize::from(i)];
        let dy = i32::from(dy);
        // h of MQ at row −dy becomes row 0: shift it to column 0.
        let row = (map.image(b, 0, 0)[0] >> (8 * (-dy).rem_euclid(8))) as u8;
        let dx = -(row.trailing_zeros() as i32);
        let img = map.image(b, dx, dy);
        debug_assert_eq!(differences(row_positions(img[0])), least);
        if img < best {
            best = img;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Symmetry;
    use crate::core::board::pairing::Pairing;
    use crate::pairing::graph::moves::apply_move;
    use crate::pairing::symmetry::apply;

    const FIRST: &str = "0411111504155555041522220435666627333304677773044222733046667710";

    /// Some good pairings: a walk of moves from the first catalogue entry.
    fn pairings(b: &Board) -> Vec<Vec<u8>> {
        let mut p = Pairing::parse_line(b, FIRST).unwrap().codes().to_vec();
        let mut out = vec![p.clone()];
        for step in 0..400 {
            apply_move(b, &mut p, (step * 37 + 11) % 64).unwrap();
            out.push(p.clone());
        }
        out.sort();
        out.dedup();
        out
    }

    /// Anchors from codes the slow way: the domino {c, c + v_f} for each anchor cell.
    fn cells_of(b: &Board, a: &Anchors) -> Vec<u8> {
        let mut codes = vec![u8::MAX; 64];
        for (f, &bits) in a.iter().enumerate() {
            for c in (0..64).filter(|c| bits >> c & 1 == 1) {
                codes[c] = f as u8;
                codes[b.neighbor(c, f)] = f as u8 + 4;
            }
        }
        codes
    }

    #[test]
    fn bit_maps_move_cells_as_their_formulas_say() {
        for c in 0..64u32 {
            let (x, y) = ((c % 8) as i32, (c / 8) as i32);
            let at = |x: i32, y: i32| 1u64 << (8 * y.rem_euclid(8) + x.rem_euclid(8));
            assert_eq!(transpose(1 << c), at(y, x));
            assert_eq!(mirror_x(1 << c), at(-x, y));
            assert_eq!(mirror_y(1 << c), at(x, -y));
            for (dx, dy) in [(0, 0), (1, 0), (3, 5), (-1, -1), (7, 2)] {
                assert_eq!(translate(1 << c, dx, dy), at(x + dx, y + dy));
            }
        }
    }

    #[test]
    fn images_agree_with_the_symmetry_tables() {
        // Every (map, translation) image of the bitboards is some symmetry's image of the
        // codes, and all 512 symmetries are reached.
        let b = Board::square9();
        assert!(applies_to(&b));
        for other in ["hex7", "hex7full", "square5", "line3", "cube7"] {
            assert!(!applies_to(&Board::by_name(other).unwrap()), "{other}");
        }
        let p = Pairing::parse_line(&b, FIRST).unwrap().codes().to_vec();
        let a = anchors(&p);
        assert_eq!(cells_of(&b, &a), p);
        let mut by_tables: Vec<Vec<u8>> =
            b.symmetries().map(|g: Symmetry| apply(&b, &p, g)).collect();
        by_tables.sort();
        let mut by_bits = Vec::new();
        for map in &MAPS {
            for dx in 0..8 {
                for dy in 0..8 {
                    by_bits.push(cells_of(&b, &map.image(&a, dx, dy)));
                }
            }
        }
        by_bits.sort();
        assert_eq!(by_bits, by_tables);
    }

    #[test]
    fn diff_words_are_those_of_the_images() {
        let b = Board::square9();
        for p in pairings(&b) {
            let a = anchors(&p);
            let dh = differences(row_positions(a[0]));
            let dv = differences(column_positions(a[2]));
            for map in &MAPS {
                let img = map.image(&a, 0, 0);
                assert_eq!(differences(row_positions(img[0])), map.diff_word(dh, dv));
            }
        }
    }

    #[test]
    fn key_is_a_class_invariant() {
        let b = Board::square9();
        let ps = pairings(&b);
        assert!(ps.len() > 100);
        let mut keys = std::collections::HashMap::new();
        for p in &ps {
            let key = class_key(&anchors(p));
            for g in b.symmetries() {
                assert_eq!(class_key(&anchors(&apply(&b, p, g))), key);
            }
            // Different classes, different keys (the converse is the test above).
            let canon =
                crate::pairing::symmetry::canonical_pairing(&b, &Pairing::from_codes(p.clone()));
            assert_eq!(*keys.entry(key).or_insert_with(|| canon.clone()), canon);
        }
    }
}
