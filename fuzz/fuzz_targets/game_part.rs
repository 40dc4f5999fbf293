//! Fuzz target: arbitrary bytes through the reader of game parts
//! (`amoba::game::shard::read_part`, FORMATS.md "Game parts"), for the 4×7 strip of
//! 7-in-a-row.
//!
//! Properties checked on every input, besides "no panic, no hang":
//! * an error names a line and a column from 1, the line no further than the input's
//!   last line;
//! * a part read lists positions of its own shard by increasing index, a certificate
//!   exactly for the decided ones, every node pointing inside its certificate;
//! * written again, it reads back as the same part.
#![no_main]

use amoba::game::generate::strip_7tr;
use amoba::game::shard::read_part;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    static GAME: OnceLock<amoba::game::Game> = OnceLock::new();
    let game = GAME.get_or_init(|| strip_7tr(7).expect("the 4×7 strip"));
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let part = match read_part(game, text) {
        Ok(p) => p,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            let lines = 1 + text.matches('\n').count();
            assert!(e.line <= lines, "{e} beyond line {lines}");
            return;
        }
    };
    assert!(part.count >= 1 && part.shard < part.count);
    for w in part.solved.windows(2) {
        assert!(w[0].index < w[1].index);
    }
    for s in &part.solved {
        assert_eq!(s.index % part.count, part.shard);
        assert_eq!(s.winner.is_some(), s.certificate.is_some());
        if let Some(c) = &s.certificate {
            assert!(c.well_formed(game.ncells()));
        }
    }
    let mut out = Vec::new();
    part.write(game, &mut out)
        .expect("a part read can be written");
    let again = read_part(game, std::str::from_utf8(&out).expect("UTF-8")).expect("reads back");
    assert_eq!(again, part);
});
