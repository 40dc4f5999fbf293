//! Fuzz target: arbitrary bytes through the placement-file reader and checker
//! (`amoba::check::placement`, FORMATS.md "Placement files"), and the pictures of
//! `amoba::report::placement`.
//!
//! Properties checked on every input, besides "no panic, no hang":
//! * an error names the file, a line from 1 and a column from 1;
//! * a placement read has at most `MAX_INDEX` cells and coordinates within
//!   `MAX_COORDINATE`;
//! * a placement that tiles the plane has a report whose counts add up: as many
//!   winning sets as the index times the directions, the unblocked ones at most those.
#![no_main]

use amoba::check::pairing::VerifyError;
use amoba::check::placement::{
    Game, MAX_COORDINATE, MAX_INDEX, check_placement, parse_placement, tile,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let placement = match parse_placement("fuzz.txt", text) {
        Ok(p) => p,
        Err(e) => {
            check_error(&e);
            return;
        }
    };
    let cells: usize = placement.cookies.iter().map(|c| c.cells.len()).sum();
    assert!(cells as u64 <= MAX_INDEX);
    assert!(
        placement
            .cookies
            .iter()
            .flat_map(|c| &c.cells)
            .all(|(x, _)| { x.iter().all(|v| v.unsigned_abs() <= MAX_COORDINATE as u64) })
    );
    let game = Game {
        directions: vec![[1, 0], [0, 1], [1, 1], [1, -1]],
        k: 5,
        t: Some(4),
    };
    match check_placement("fuzz.txt", &placement, &game) {
        Ok(r) => {
            assert_eq!(r.winning_sets, r.index * 4);
            assert!(r.unblocked <= r.winning_sets);
            assert_eq!(r.good, r.unblocked == 0);
        }
        Err(e) => check_error(&e),
    }
    if let Ok(tiling) = tile("fuzz.txt", &placement, None) {
        let _ = amoba::report::placement::ascii(&tiling, 12);
        let _ = amoba::report::placement::svg(&placement, &tiling, 12);
    }
});

fn check_error(e: &VerifyError) {
    let text = e.to_string();
    assert!(!text.is_empty());
    if let VerifyError::Malformed {
        file, line, column, ..
    } = e
    {
        assert_eq!(file, "fuzz.txt");
        assert!(*line >= 1 && *column >= 1, "{text}");
    }
}
