//! The other boards of docs/spec.md §7 against their published figures, and a brute
//! force on hex7 and square5 that shares nothing with the engine's search.

use amoba::core::board::Board;
use amoba::pairing::search::{Mode, Options, enumerate_all};
use amoba::report::results::run_graph;
use std::collections::BTreeSet;

mod common;
use common::brute::{Brute, assert_engine_agrees, generate};

/// The rotation by 120° in the axial coordinates of the hexagonal board, which maps
/// (1,0) → (0,1) → (−1,−1), and the reflection swapping x and y, fixing (1,1).
const ROT120: [i64; 4] = [0, -1, 1, -1];
const SWAP: [i64; 4] = [0, 1, 1, 0];
const HALF_TURN: [i64; 4] = [-1, 0, 0, -1];

fn hex_brute() -> Brute {
    Brute {
        n: 6,
        dirs: vec![(1, 0), (1, 1), (0, 1)],
    }
}

#[test]
fn hex7_brute_force_agrees_with_the_engine_under_both_groups() {
    let brute = hex_brute();
    let good = brute.all_good();
    let published = generate(&[ROT120, SWAP]);
    assert_eq!(published.len(), 6);
    let full = generate(&[ROT120, SWAP, HALF_TURN]);
    assert_eq!(full.len(), 12);
    for (board, group, classes) in [
        (Board::hex7(), published, 26usize),
        (Board::hex7full(), full, 16),
    ] {
        let brute_classes: BTreeSet<Vec<u8>> =
            good.iter().map(|c| brute.canonical(c, &group)).collect();
        assert_eq!(brute_classes.len(), classes, "{}", board.name());
        assert_engine_agrees(&board, &brute_classes, good.len());
    }
}

#[test]
fn hex7_graph_matches_the_published_figures() {
    let board = Board::hex7();
    let (found, _) = enumerate_all(&board, Options::default());
    let cat = amoba::pairing::catalogue::Catalogue::from_found(board.ncells(), &found);
    let run = run_graph(&board, &cat).unwrap();
    let a = &run.analysis;
    assert_eq!((a.vertices, a.edges, a.components), (26, 53, 1));
    assert_eq!((a.min_degree, a.max_degree), (2, 6));
    assert_eq!(format!("{:.2}", a.mean_degree), "4.08");
    assert_eq!(a.component_facts[0].diameter, 7);
    assert_eq!(run.build.asymmetric, 0);
}

#[test]
fn only_one_order_6_subgroup_reproduces_the_hex7_graph() {
    // The three subgroups of order 6 of the hexagonal point group, built from explicit
    // generators; only the D3 with mirrors along the line directions gives 53 edges.
    let dirs = vec![vec![1, 0], vec![1, 1], vec![0, 1]];
    let candidates = [
        ("D3, mirrors along the lines", generate(&[ROT120, SWAP])),
        (
            "D3, mirrors across the lines",
            generate(&[ROT120, [0, -1, -1, 0]]),
        ),
        ("C6", generate(&[[1, -1, 1, 0]])),
    ];
    let mut results = Vec::new();
    for (name, group) in candidates {
        assert_eq!(group.len(), 6, "{name}");
        let mut mats: Vec<Vec<i64>> = vec![vec![1, 0, 0, 1]];
        mats.extend(
            group
                .iter()
                .filter(|m| **m != [1, 0, 0, 1])
                .map(|m| m.to_vec()),
        );
        let board = Board::new("hex7", vec![6, 6], dirs.clone(), Some(mats)).unwrap();
        let (found, _) = enumerate_all(&board, Options::default());
        let cat = amoba::pairing::catalogue::Catalogue::from_found(board.ncells(), &found);
        let run = run_graph(&board, &cat).unwrap();
        results.push((name, cat.len(), run.analysis.edges));
    }
    assert_eq!(
        results,
        [
            ("D3, mirrors along the lines", 26, 53),
            ("D3, mirrors across the lines", 26, 51),
            ("C6", 32, 54),
        ]
    );
    // And Board::hex7 is the first of them.
    let mut g: Vec<Vec<i64>> = Board::hex7().point_group().to_vec();
    g.sort();
    let mut want: Vec<Vec<i64>> = generate(&[ROT120, SWAP])
        .iter()
        .map(|m| m.to_vec())
        .collect();
    want.sort();
    assert_eq!(g, want);
}

#[test]
fn cube7_has_a_good_pairing_and_the_estimator_is_calibrated() {
    use amoba::pairing::search::{first_pairing, partial_counts};
    let cube = Board::cube7();
    assert_eq!(
        (cube.ncells(), cube.nlines(), cube.group_order()),
        (216, 108, 216 * 48)
    );
    let p = amoba::core::board::pairing::Pairing::from_codes(
        first_pairing(&cube).expect("a good pairing exists"),
    );
    assert_eq!(p.check(&cube), Ok(()));
    // Canonical form under the 10,368 symmetries: good, and a fixed point.
    let c = amoba::pairing::symmetry::canonical_pairing(&cube, &p);
    assert!(c.is_good(&cube));
    assert_eq!(amoba::pairing::symmetry::canonical_pairing(&cube, &c), c);
    // Partial counts are deterministic for any number of threads.
    let one = |threads| {
        partial_counts(
            &cube,
            Mode::LabelledFirstDomino,
            60,
            50,
            3,
            Options {
                threads,
                shard: None,
                ..Options::default()
            },
        )
    };
    let (a, b) = (one(1), one(2));
    assert_eq!(
        (a.leaves_counted, a.nodes_counted, a.leaves),
        (b.leaves_counted, b.nodes_counted, b.leaves)
    );
    // Calibration where the truth is known: square9 has 12,421,120 first-domino pairings.
    let sq = Board::square9();
    let e = partial_counts(
        &sq,
        Mode::LabelledFirstDomino,
        10,
        3000,
        11,
        Options::default(),
    );
    let z = (e.leaves - 12_421_120.0).abs() / e.leaves_stderr;
    assert!(
        z < 4.0,
        "estimate {} ± {} is {z} standard errors off",
        e.leaves,
        e.leaves_stderr
    );
}
