//! Fuzz target: arbitrary bytes through the engine's reader of strategy certificates
//! (`amoba::game::join::read_strategy`, FORMATS.md "Strategy certificates", the input
//! of `amoba game join`), for the seven-cell game of FORMATS.md.
//!
//! Properties checked on every input, besides "no panic, no hang":
//! * an error names a line and a column from 1, the line no further than the input's
//!   last line;
//! * a certificate read has its root at node 0 and every node pointing inside it, with
//!   no cycle (its depth is computed);
//! * written again, it reads back as the same certificate.
#![no_main]

use amoba::game::join::read_strategy;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    static GAME: OnceLock<amoba::game::Game> = OnceLock::new();
    let game = GAME.get_or_init(|| {
        amoba::game::file::parse_bytes(include_bytes!("../../data/games/seven.game"))
            .expect("the seven-cell game")
    });
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let s = match read_strategy(game, text) {
        Ok(s) => s,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            let lines = 1 + text.matches('\n').count();
            assert!(e.line <= lines, "{e} beyond line {lines}");
            return;
        }
    };
    let c = &s.certificate;
    assert!(!c.nodes.is_empty());
    assert!(c.well_formed(game.ncells()));
    let _ = c.depth();
    let mut out = Vec::new();
    c.write(game, &s.game_sha256, &mut out)
        .expect("a certificate read can be written");
    let again = read_strategy(game, std::str::from_utf8(&out).expect("UTF-8")).expect("reads back");
    assert_eq!(again, s);
});
