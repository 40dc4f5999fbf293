//! The tests of the placement checker's own lattice arithmetic: one representative a
//! class of the Hermite normal form, and the blocking number of a domino.

use super::*;

#[test]
fn hnf_reduces_to_one_representative_per_class() {
    let h = Hnf::new([[8, 8], [8, -8]]).unwrap();
    assert_eq!(h.index(), 128);
    let mut seen = [false; 128];
    for x in -20..20 {
        for y in -20..20 {
            let (r, i) = h.reduce([x, y]);
            assert_eq!(h.cell(i), r);
            seen[i] = true;
            // The difference is in the lattice: a(8,8) + b(8,-8) = (dx, dy).
            let (dx, dy) = (x - r[0], y - r[1]);
            assert!((dx + dy) % 16 == 0 && (dx - dy) % 16 == 0, "{x},{y}");
        }
    }
    assert!(seen.iter().all(|&s| s));
    assert_eq!(Hnf::new([[2, 4], [1, 2]]), None);
}

#[test]
fn blocking_number_of_a_domino_is_k_minus_one() {
    let dirs = [[1, 0], [0, 1], [1, 1], [1, -1]];
    let domino = [([0, 0], Part::A), ([1, 0], Part::B)];
    for k in 2..12 {
        assert_eq!(blocking_number(&domino, &dirs, k), k as u64 - 1);
    }
}
