//! Fuzz target: arbitrary bytes through the reader of symmetry strings
//! (`amoba::pairing::symmetry::text`, FORMATS.md "Symmetries") on every built-in board.
//!
//! Properties checked on every input, besides "no panic, no hang": a symmetry read
//! is written back as text that reads as the same symmetry.
#![no_main]

use amoba::core::board::{Board, builtin::NAMES};
use amoba::pairing::symmetry::text::{format, parse};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn boards() -> &'static Vec<Board> {
    static B: OnceLock<Vec<Board>> = OnceLock::new();
    B.get_or_init(|| NAMES.iter().map(|n| Board::by_name(n).unwrap()).collect())
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for board in boards() {
        if let Ok(g) = parse(board, text) {
            let back = format(board, g);
            assert_eq!(parse(board, &back).ok(), Some(g), "{text:?} -> {back:?}");
        }
    }
});
