//! Fuzz target: arbitrary bytes through the board-file reader
//! (`amoba::core::board::builtin::parse`, FORMATS.md "Board files"): the TOML, the lattice's
//! normal form, the directions, the point group and the board's tables.
//!
//! Properties checked on every input, besides "no panic, no hang":
//! * an error names the file;
//! * a board read has at most `MAX_CELLS` cells, directions within
//!   `group::MAX_COORDINATE`, and every cell's coordinates map back to the cell;
//! * every symmetry maps cells to cells, bijectively.
#![no_main]

use amoba::core::board::{builtin, group, lattice::MAX_CELLS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let board = match builtin::parse(text, "fuzz.toml") {
        Ok(b) => b,
        Err(e) => {
            assert!(e.to_string().starts_with("fuzz.toml"), "{e}");
            return;
        }
    };
    let n = board.ncells();
    assert!((1..=MAX_CELLS).contains(&n));
    assert!(
        board
            .directions()
            .iter()
            .flatten()
            .all(|x| x.unsigned_abs() <= group::MAX_COORDINATE as u64)
    );
    for c in 0..n {
        assert_eq!(board.index_of(board.coords(c)), c);
    }
    // The symmetries of small boards (a large one takes long, not wrongly).
    if n * board.group_order() <= 1 << 16 {
        for g in board.symmetries() {
            let mut seen = vec![false; n];
            for c in 0..n {
                let m = board.map_cell(g, c);
                assert!(!std::mem::replace(&mut seen[m], true));
            }
        }
    }
});
