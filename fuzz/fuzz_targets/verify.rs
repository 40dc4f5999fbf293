//! Fuzz target: arbitrary bytes through the candidate-file reader and the verifier
//! (`amoba::verify`, FORMATS.md "Candidate pairing files"), on every board.
//!
//! Properties checked on every input, besides "no panic, no hang":
//! * every candidate the reader returns has exactly `N` codes, each below `2F`;
//! * the periodic-window check agrees with the line count (`checks_agree`);
//! * a good candidate classifies without a cross-check failure (brute-force canonical
//!   form and stabiliser equal `amoba::pairing::symmetry::canonical`'s), and its canonical form
//!   is good;
//! * the text report and the ASCII and SVG pictures of a consistent candidate render.
//!
//! Every board is read, analysed and, when good, classified (line3 too, since the
//! stabiliser fix found by tests/verify.rs, line3_stabiliser_cross_check).
#![no_main]

use amoba::check::pairing::{Geometry, Reader, analyse};
use amoba::core::board::Board;
use amoba::report::draw::{View, ascii, svg};
use amoba::verify::{PairingReport, classify};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn boards() -> &'static [(Board, Geometry)] {
    static B: OnceLock<Vec<(Board, Geometry)>> = OnceLock::new();
    B.get_or_init(|| {
        Board::NAMES
            .iter()
            .filter_map(|n| {
                let b = Board::by_name(n).expect("named board");
                // Every named board, the 3-D cube included; a board the verifier could
                // not model would be skipped rather than fuzzed.
                let g = Geometry::new(&b).ok()?;
                Some((b, g))
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    for (board, geom) in boards() {
        for (i, cand) in Reader::new(geom, "fuzz", data).enumerate() {
            let Ok(cand) = cand else { break };
            assert_eq!(cand.codes.len(), geom.ncells());
            assert!(cand.codes.iter().all(|&k| (k as usize) < geom.ncodes()));
            let a = analyse(geom, &cand.codes);
            assert!(
                a.checks_agree,
                "{}: window and lines disagree",
                board.name()
            );
            let mut report = PairingReport::new(geom, "fuzz", i + 1, &cand);
            if a.good {
                let class = classify(geom, board, &cand.codes, None).expect("cross-checks hold");
                assert!(class.stabiliser_order >= 1);
                report.class = Some(class);
            }
            let _ = report.to_text(geom);
            let _ = report.brief();
            if a.consistent {
                ascii(geom, &cand.codes, View::Torus, "").expect("consistent draws");
                svg(geom, &cand.codes, View::Window(9), "").expect("consistent draws");
            }
        }
    }
});
