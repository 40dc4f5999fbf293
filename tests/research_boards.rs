//! The research example boards of `data/boards/research/` against independent counts
//! (run with `cargo test --release`).

mod independent;

use amoba::core::board::builtin;
use independent::count8::{Counter, KNIGHT};
use std::path::Path;

/// The knight game ({E, S, (1,2), (2,1)}, 9-in-a-row, the 8×8 torus): the engine's
/// labelled count and class count against the independent counter of
/// tests/independent/count8.rs, which shares no code with the engine.
///
/// * Labelled pairings: every good pairing has exactly 8 horizontal dominoes (one
///   per row), and the 64 translations carry the pairings that contain (0,0)–(1,0)
///   bijectively onto those containing any other horizontal domino, so
///   64 · (pairings containing (0,0)–(1,0)) = 8 · (all pairings).
/// * Classes, by Burnside's lemma: classes = (1/|G|) Σ_g |Fix(g)|, over the group of
///   the 64 translations times the integer matrices that permute ±S, each fixed set
///   counted by the same independent backtracking, placing whole orbits.
#[test]
fn knight9_counts_equal_independent_counts() {
    let board = builtin::from_file(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/research/knight9.toml"),
    )
    .unwrap();
    let engine = amoba::pairing::catalogue::enumerate::run(&board, 0, None, &|_, _| {});

    let t = std::time::Instant::now();
    let counter = Counter::for_directions(KNIGHT);
    let first = counter.count_parallel(counter.start(&[((0, 0), 0)]).unwrap(), 512);
    let labelled = 8 * first;
    let point_group = counter.point_group();
    let mut fixed_sum = 0u64;
    let mut fixed_by_non_identity = 0u64;
    for m in &point_group {
        for t in 0..64 {
            let shift = (t % 8, t / 8);
            if *m == [[1, 0], [0, 1]] && shift == (0, 0) {
                fixed_sum += labelled;
                continue;
            }
            let fixed = counter.count_fixed(&counter.symmetry(*m, shift), 64);
            fixed_sum += fixed;
            fixed_by_non_identity += fixed;
        }
    }
    let order = 64 * point_group.len() as u64;
    eprintln!(
        "independent: {first} pairings contain (0,0)-(1,0); {fixed_by_non_identity} \
         (pairing, non-identity symmetry) fixed pairs; group order {order}; {:.1} s",
        t.elapsed().as_secs_f64()
    );
    assert_eq!(fixed_sum % order, 0, "Burnside's sum is a multiple of |G|");
    let classes = fixed_sum / order;

    assert_eq!(order, engine.group_order as u64);
    assert_eq!(labelled, engine.census.labelled);
    assert_eq!(classes, engine.census.classes);
    assert_eq!(engine.catalogue.len() as u64, classes);
    // `amoba count` (the search without a catalogue) agrees class for class.
    let (by_stab, _) = amoba::pairing::search::count_classes(
        &board,
        amoba::pairing::search::Options::default(),
        &|_, _| {},
    );
    assert_eq!(by_stab, engine.census.classes_by_stabiliser_order);
    // The figures the README states.
    assert_eq!((labelled, classes), (58_929_152, 231_760));
}
