//! Brute force on boards small enough to list every domino pairing, against the
//! enumerator. The brute force shares nothing with the search: it lists perfect
//! matchings of the torus by plain recursion, keeps those with one domino per line,
//! and canonicalises with its own coordinate arithmetic.

use amoba::core::board::Board;
use amoba::pairing::search::{Mode, Options, count_labelled, enumerate_all};
use std::collections::BTreeSet;

mod common;
use common::brute::{Brute, assert_engine_agrees, generate};

fn d4() -> Vec<[i64; 4]> {
    generate(&[[0, -1, 1, 0], [1, 0, 0, -1]])
}

#[test]
fn square5_brute_force_finds_exactly_two_classes_like_the_enumerator() {
    let brute = Brute {
        n: 4,
        dirs: vec![(1, 0), (0, 1)],
    };
    let all = brute.matchings();
    let good: Vec<Vec<u8>> = all.iter().filter_map(|m| brute.good_codes(m)).collect();
    let classes: BTreeSet<Vec<u8>> = good.iter().map(|c| brute.canonical(c, &d4())).collect();
    assert_eq!(classes.len(), 2, "docs/spec.md §7: exactly 2 classes");

    assert_engine_agrees(&Board::square5(), &classes, good.len());
}

#[test]
fn line3_has_exactly_one_class() {
    let board = Board::line3();
    let (found, _) = enumerate_all(&board, Options::default());
    assert_eq!(found.len(), 1);
    let (stats, _) = count_labelled(&board, Mode::Labelled, Options::default(), &|_| true);
    assert_eq!(stats.leaves, 2, "{{0,1}} and {{1,2}} pairings of the line");
}
