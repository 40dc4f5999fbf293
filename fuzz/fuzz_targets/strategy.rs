//! Fuzz target: arbitrary bytes through the checker of strategy certificates
//! (`amoba::check`, FORMATS.md "Game files" and "Strategy certificates"): its reader
//! of game files, its reader of certificates and the replay.
//!
//! The input is split at its first `0xFF` byte (never valid UTF-8, so never part of a
//! well-formed file): the bytes before are the game file, the bytes after the
//! certificate; without one, the whole input is the game file and the certificate is
//! the game's own trivial one (`root 0`, `node 0 closed`, with the right digest), so
//! that the replay runs on every game the reader accepts.
//!
//! Properties checked on every input, besides "no panic, no hang":
//! * an error names a line and a column of at least 1, and its message is not empty;
//! * a proof has at least one node reached, and a depth of at most the game's cells
//!   plus one;
//! * a game the reader accepts has at most 128 cells, and its digest is that of the
//!   bytes;
//! * the same certificate checked twice gets the same answer.
#![no_main]

use amoba::check::{Game, Verdict, check_strategy, sha256_hex};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (game, cert) = match data.iter().position(|&b| b == 0xFF) {
        Some(i) => (&data[..i], data[i + 1..].to_vec()),
        None => {
            let Ok(g) = Game::parse(data) else { return };
            assert!(g.ncells() <= 128);
            assert_eq!(g.sha256(), sha256_hex(data));
            let trivial = format!(
                "amoba-strategy 1\ngame {}\nwinner breaker\nroot 0\nnode 0 closed\n",
                g.sha256()
            );
            (data, trivial.into_bytes())
        }
    };
    let first = check_strategy(game, cert.as_slice());
    match &first {
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            assert!(!e.message.is_empty());
        }
        Ok(Verdict::Proof { nodes, depth, .. }) => {
            assert!(*nodes >= 1);
            assert!(*depth <= 129);
        }
        Ok(Verdict::NotAProof { reason, .. }) => assert!(!reason.is_empty()),
    }
    assert_eq!(first, check_strategy(game, cert.as_slice()));
});
