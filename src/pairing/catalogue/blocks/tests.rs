//! The tests of the block analysis: cells of the plane reduced by the lattice, the shape
//! of square9-16, bad codes refused, and a pairing without a good offset reported rather
//! than hidden.

use super::*;

#[test]
fn cells_of_the_plane_reduce_by_the_lattice() {
    for (x, y) in [(0i64, 0i64), (5, 3), (15, 7), (-3, 20), (40, -17)] {
        let c = cell_of(x, y);
        assert!(c < CELLS);
        // Translations by (8, 8) and (8, −8) do not move the cell.
        assert_eq!(cell_of(x + 8, y + 8), c);
        assert_eq!(cell_of(x + 8, y - 8), c);
        // Translation by (8, 0) does.
        assert_ne!(cell_of(x + 8, y), c);
    }
    let all: std::collections::BTreeSet<usize> = (0..16)
        .flat_map(|x| (0..8).map(move |y| cell_of(x, y)))
        .collect();
    assert_eq!(all.len(), CELLS);
}

#[test]
fn the_shape_is_that_of_square9_16() {
    assert!(applies_to(&Board::square9_16()));
    assert!(!applies_to(&Board::square9()));
    let b = Board::square9_16();
    for c in 0..CELLS {
        let x = b.coords(c);
        for k in 0..8u8 {
            let (dx, dy) = DIRS[k as usize];
            assert_eq!(b.neighbor(c, k as usize), cell_of(x[0] + dx, x[1] + dy));
        }
    }
}

#[test]
fn bad_codes_are_an_error() {
    assert!(analyse(&[0u8; 64]).is_err());
    let mut codes = vec![0u8; CELLS];
    codes[5] = 9;
    assert_eq!(
        analyse(&codes),
        Err(BlocksError::Codes {
            found: "code 9 at cell 5".into()
        })
    );
}

#[test]
fn a_pairing_without_good_offset_is_reported_not_hidden() {
    // All codes E: inconsistent everywhere, so no offset is good.
    let codes = vec![0u8; CELLS];
    let b = analyse(&codes).unwrap();
    assert_eq!(b.good_offsets(), 0);
    assert!(b.reported.is_none());
    let cat = Catalogue::from_found(64, &[]);
    let row = class_row(&Board::square9(), &cat, 7, &codes).unwrap();
    assert_eq!(row.offset, None);
    let d = distributions(&[row], 5);
    assert_eq!(d.without_good_offset, vec![7]);
    assert!(
        d.markdown()
            .contains("FINDING: 1 classes have no good block offset")
    );
}
