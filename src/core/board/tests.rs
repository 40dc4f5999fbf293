//! The tests of the board tables: the square board of docs/spec.md §2, the 16-toroidal
//! board and its coarse translation, the pull table against the symmetry it inverts, the
//! other built-in boards, and the reasons a malformed board is refused.

use super::*;

#[test]
fn square_board_matches_spec_section_2() {
    let b = Board::square9();
    assert_eq!(b.ncells(), 64);
    assert_eq!(b.nlines(), 32);
    assert_eq!(b.point_group().len(), 8);
    assert_eq!(b.group_order(), 512);
    assert_eq!(b.fast_path(), Some(FastPath::Square8));
    assert_eq!(b.tag(), "9");
    let names: Vec<String> = (0..8).map(|k| b.code_name(k)).collect();
    assert_eq!(names, ["E", "SE", "S", "SW", "W", "NW", "N", "NE"]);
    // Cell (x, y) is y*8 + x; code 0 goes east, code 2 south, with wrap-around.
    assert_eq!(b.neighbor(7, 0), 0);
    assert_eq!(b.neighbor(0, 2), 8);
    assert_eq!(b.neighbor(0, 5), 63);
    assert_eq!(b.line_name(3), "row y=3");
    assert_eq!(b.line_name(16 + 5), "column x=5");
    assert_eq!(b.line_name(8 + 3), "diagonal x−y≡3");
    assert_eq!(b.line_name(24 + 6), "antidiagonal x+y≡6");
    assert_eq!(b.line_of(3, b.index_of(&[2, 5])), 24 + 7);
    assert_eq!(b.jump(0, 5), 5);
}

#[test]
fn the_16_toroidal_board() {
    let b = Board::square9_16();
    assert_eq!((b.ncells(), b.dims()), (128, &[16usize, 8][..]));
    assert_eq!(b.group_order(), 1024);
    assert_eq!(b.fast_path(), Some(FastPath::Square16));
    // Rows and columns have 16 cells and two dominoes; diagonals 8 and one.
    assert_eq!(
        (0..4).map(|f| b.per_line(f)).collect::<Vec<_>>(),
        [2, 1, 2, 1]
    );
    assert_eq!(b.nlines(), 8 + 16 + 8 + 16);
    // (x, y + 8) is (x + 8, y): going south from row 7 lands in row 0, 8 columns on.
    assert_eq!(b.neighbor(7 * 16 + 3, 2), 11);
    assert_eq!(b.jump(0, 3), 11);
    assert_eq!(b.jump(0, 11), 3);
    assert!(b.coarser_lattice().is_some());
}

#[test]
fn the_coarse_translation_of_square9_16_swaps_the_halves_of_each_row() {
    let b = Board::square9_16();
    let tau = b
        .coarse_translation()
        .expect("square9-16 refines square9 by index 2");
    for (c, &t) in tau.iter().enumerate() {
        assert_eq!(1u128 << t, square16::half_turn_of_rows(1u128 << c));
    }
    assert!(Board::square9().coarse_translation().is_none());
}

#[test]
fn pull_table_inverts_the_symmetry() {
    for b in [Board::square9(), Board::square9_16()] {
        for m in 0..8 {
            for a in [0usize, 9, 63] {
                let pull = b.pull(m, a);
                for (i, &src) in pull.iter().enumerate() {
                    // g(x) = M (x - a): translation part is -M a.
                    let ma = b.map_cell(Symmetry { m, t: 0 }, a);
                    let t = b.index_of(&b.coords(ma).iter().map(|x| -x).collect::<Vec<_>>());
                    assert_eq!(b.map_cell(Symmetry { m, t }, src as usize), i);
                }
            }
        }
    }
}

#[test]
fn other_boards_are_well_formed() {
    let s5 = Board::square5();
    assert_eq!(
        (s5.ncells(), s5.nlines(), s5.point_group().len()),
        (16, 8, 8)
    );
    assert_eq!(Board::hex7().point_group().len(), 6);
    assert_eq!(Board::hex7full().point_group().len(), 12);
    assert_eq!(Board::cube7().group_order(), 10_368);
    assert_eq!(Board::line3().group_order(), 4);
}

#[test]
fn bad_boards_are_refused_with_a_reason() {
    let sq = vec![vec![1, 0], vec![1, 1], vec![0, 1], vec![-1, 1]];
    // ord((1,0)) = 6 on the 6×6 torus, not a multiple of p = 8.
    let e = Board::new("x", vec![6, 6], sq.clone(), None).unwrap_err();
    assert!(e.to_string().contains("not a multiple"), "{e}");
    let e = Board::new("x", vec![8, 8], vec![vec![2, 0], vec![0, 1]], None).unwrap_err();
    assert!(e.to_string().contains("not primitive"), "{e}");
    let e = Board::new("x", vec![4, 4], vec![vec![1, 0], vec![-1, 0]], None).unwrap_err();
    assert!(e.to_string().contains("repeats"), "{e}");
}
