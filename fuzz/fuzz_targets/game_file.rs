//! Fuzz target: arbitrary bytes through the game-file reader and writer
//! (`amoba::game::file`, FORMATS.md "Game files"), and the blocking power of what it
//! reads (`amoba::game::info`).
//!
//! Properties checked on every input, besides "no panic, no hang":
//! * an error names a line and a column from 1, the line no further than the input's
//!   last line;
//! * a game read satisfies the invariants of `amoba::game`: at most 128 cells with
//!   distinct valid labels, at most 65,536 distinct non-empty sets inside the cells,
//!   disjoint starting cells, coordinates exactly when every label is one;
//! * written in the canonical layout, it reads back as the same game, and the canonical
//!   text of that game is the same text (the layout is a fixed point);
//! * the blocking power and the document of `amoba game info` are computed without
//!   panicking.
#![no_main]

use amoba::game::{MAX_CELLS, MAX_SETS, file, info};
use libfuzzer_sys::fuzz_target;
use std::collections::HashSet;

fuzz_target!(|data: &[u8]| {
    let game = match file::parse_bytes(data) {
        Ok(g) => g,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            let lines = 1 + data.iter().filter(|&&b| b == b'\n').count();
            assert!(e.line <= lines, "{e} beyond line {lines}");
            return;
        }
    };
    assert!(game.ncells() <= MAX_CELLS && game.sets.len() <= MAX_SETS);
    let all = game.all();
    let labels: HashSet<&str> = game.labels.iter().map(String::as_str).collect();
    assert_eq!(labels.len(), game.ncells());
    assert!(game.labels.iter().all(|l| file::is_label(l)));
    let sets: HashSet<u128> = game.sets.iter().copied().collect();
    assert_eq!(sets.len(), game.sets.len());
    assert!(game.sets.iter().all(|&s| s != 0 && s & !all == 0));
    assert_eq!(game.maker & game.breaker, 0);
    assert_eq!((game.maker | game.breaker) & !all, 0);
    assert_eq!(game.coords, file::coordinates(&game.labels));

    let mut text = Vec::new();
    file::write(&game, &mut text).expect("a game read can be written");
    let again = file::parse_bytes(&text).expect("the canonical text reads");
    assert_eq!(again, game);
    let mut text2 = Vec::new();
    file::write(&again, &mut text2).expect("written twice");
    assert_eq!(text, text2);

    let _ = info::blocking_power(&game);
    let p = amoba::core::provenance::Provenance::new("fuzz", "fuzz", None);
    let doc = info::Info::new(p, "fuzz", "0", &game, 4);
    let _ = doc.to_text();
});
