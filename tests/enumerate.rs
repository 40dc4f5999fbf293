//! Cross-checks of the 8×8 enumeration (run with `cargo test --release`).

mod common;
mod independent;

use amoba::core::board::pairing::Pairing;
use amoba::core::board::{Board, Symmetry};
use amoba::pairing::catalogue::Catalogue;
use amoba::pairing::search::{Options, enumerate_generic};
use amoba::pairing::symmetry::{apply, canonical};
use common::{Rng, catalogue, enumeration, square9};
use independent::count8::Counter;

const SPEC_FIRST: &str = "0411111504155555041522220435666627333304677773044222733046667710";

#[test]
fn catalogue_has_194543_classes_and_the_spec_4_properties() {
    let b = square9();
    let cat = catalogue();
    assert_eq!(cat.len(), 194_543);
    let mut bytes = Vec::new();
    cat.write_to(&mut bytes).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.ends_with('\n'));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 194_543);
    assert_eq!(
        lines[0], SPEC_FIRST,
        "docs/spec.md §3 names the first pairing"
    );
    for w in lines.windows(2) {
        assert!(w[0] < w[1], "sorted and unique: {} !< {}", w[0], w[1]);
    }
    for (i, line) in lines.iter().enumerate() {
        assert!(line.starts_with("04"), "line {}", i + 1);
        let p = Pairing::parse_line(b, line).unwrap();
        assert!(p.is_good(b), "line {} is not good", i + 1);
    }
    // Round trip through the validating reader.
    let dir = common::temp_dir("cat");
    let path = dir.join("catalogue-9.txt");
    cat.write(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let back = Catalogue::read(b, &path).unwrap();
    assert_eq!(&back, cat);
}

/// Canonical form by the definition: all 512 images, minimum; stabiliser by counting.
fn brute_canonical(b: &Board, codes: &[u8]) -> (Vec<u8>, usize) {
    let mut best: Option<Vec<u8>> = None;
    let mut stab = 0;
    for g in b.symmetries() {
        let img = apply(b, codes, g);
        if img == codes {
            stab += 1;
        }
        if best.as_ref().is_none_or(|x| img < *x) {
            best = Some(img);
        }
    }
    (best.unwrap(), stab)
}

#[test]
fn sampled_catalogue_lines_are_canonical_by_brute_force() {
    let b = square9();
    let cat = catalogue();
    let mut rng = Rng(7);
    let mut ids: Vec<usize> = (0..300).map(|_| 1 + rng.below(cat.len())).collect();
    // Every class with a non-trivial stabiliser, too.
    ids.extend((1..=cat.len()).filter(|&id| cat.stabiliser(id) > 1));
    for id in ids {
        let (min, stab) = brute_canonical(b, cat.codes_of(id));
        assert_eq!(min, cat.codes_of(id), "ID {id} is not the least image");
        assert_eq!(stab, cat.stabiliser(id), "stabiliser of ID {id}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
    /// canonical(g(P)) = canonical(P) and g(P) is good, for random g ∈ G and random
    /// catalogue pairings P.
    #[test]
    fn random_symmetries_preserve_goodness_and_class(
        id in 1usize..=194_543, m in 0usize..8, t in 0usize..64
    ) {
        let b = square9();
        let cat = catalogue();
        let g = Symmetry { m, t };
        let p = cat.pairing(id);
        let q = amoba::pairing::symmetry::apply_pairing(b, &p, g);
        proptest::prop_assert!(q.is_good(b), "g(P) is good whenever P is");
        let c = canonical(b, &q);
        proptest::prop_assert_eq!(&c.codes[..], p.codes(), "canonical(g(P)) = canonical(P)");
        proptest::prop_assert_eq!(cat.id_of(&c.codes), Some(id));
        proptest::prop_assert_eq!(c.stabiliser.len(), cat.stabiliser(id));
        proptest::prop_assert_eq!(apply(b, q.codes(), c.to_canonical), c.codes);
    }
}

#[test]
fn catalogue_is_the_same_bytes_for_one_thread_and_all() {
    let one = amoba::pairing::catalogue::enumerate::run(square9(), 1, None, &|_, _| {});
    assert_eq!(one.catalogue, *catalogue());
    assert_eq!(one.stats.nodes, enumeration().stats.nodes);
}

#[test]
fn table_driven_shifts_give_the_same_catalogue() {
    let b = square9();
    let mut codes = Vec::new();
    enumerate_generic(b, Options::default(), &mut |f| {
        codes.extend_from_slice(&f.codes)
    });
    assert_eq!(codes, catalogue().flat_codes());
}

/// The labelled good pairings that contain (0,0)–(1,0), split by the code of cell
/// (2,0), counted by the independent counter (tests/independent/count8.rs), which
/// shares no code with the search. Index k: (2,0) pairs in direction k.
fn independent_first_domino_split() -> [u64; 8] {
    let counter = Counter::new();
    let mut by_code = [0u64; 8];
    for k in 0..8u8 {
        // Codes 0 (E) and 4 (W) are impossible: row 0 already holds (0,0)–(1,0).
        if let Some(s) = counter.start(&[((0, 0), 0), ((2, 0), k)]) {
            by_code[k as usize] = counter.count_parallel(s, 512);
        }
    }
    by_code
}

#[test]
fn census_orbit_sums_equal_an_independent_count() {
    // The catalogue's orbit sums (Σ |G|/|stabiliser| and its refinements) against a
    // count of labelled pairings that shares nothing with the search.
    let census = &enumeration().census;
    assert_eq!(
        census.classes_by_stabiliser_order.values().sum::<u64>(),
        194_543
    );
    let t = std::time::Instant::now();
    let by_code = independent_first_domino_split();
    eprintln!(
        "independent count: {by_code:?} in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let first: u64 = by_code.iter().sum();
    assert_eq!(first, census.labelled_with_first_domino);
    assert_eq!(first, 12_421_120);

    // The published 6,210,560 ("pairings found before reduction"): (2,0) pairs south (SE, S, SW) in half of them. The mirror
    // y ↦ −y fixes (0,0)–(1,0) and maps code k at (2,0) to code 8 − k, so south and
    // north are equinumerous; (2,0) cannot pair along row 0, so no pairing is its own
    // mirror image.
    let south: u64 = by_code[1..=3].iter().sum();
    let north: u64 = by_code[5..=7].iter().sum();
    assert_eq!((by_code[0], by_code[4]), (0, 0));
    for k in 1..=3 {
        assert_eq!(by_code[k], by_code[8 - k], "code {k} against its mirror");
    }
    let m = census.mirror.as_ref().unwrap();
    assert_eq!(
        (m.cell_2_0_pairs_south, m.cell_2_0_pairs_north),
        (south, north)
    );
    assert_eq!(south, 6_210_560);
    assert_eq!(m.fixed_by_mirror, 0);

    // All labelled pairings: every good pairing has exactly 8 horizontal dominoes (one
    // per row), and the 64 translations carry the pairings that contain (0,0)–(1,0)
    // bijectively onto those containing any other of the 64 horizontal dominoes. So
    // 64 · first = Σ over pairings of their horizontal dominoes = 8 · total.
    assert_eq!(8 * first, census.labelled);
    assert_eq!(census.labelled, 99_368_960);

    // The classes by Burnside's lemma, on the counter alone: (1/|G|) Σ_g |Fix(g)| over
    // the 64 translations times the 8 symmetries of the square, the identity fixing
    // all 8 · first pairings.
    let counter = Counter::new();
    let point_group = counter.point_group();
    assert_eq!(point_group.len(), 8);
    let mut fixed_sum = 8 * first;
    for m in &point_group {
        for t in 0..64 {
            let shift = (t % 8, t / 8);
            if *m != [[1, 0], [0, 1]] || shift != (0, 0) {
                fixed_sum += counter.count_fixed(&counter.symmetry(*m, shift), 64);
            }
        }
    }
    assert_eq!(fixed_sum % 512, 0);
    assert_eq!(fixed_sum / 512, 194_543);
    assert_eq!(census.classes, 194_543);
    // The translation step, checked on the counter itself with a translation that
    // wraps around both axes: by (7,5), (0,0)–(1,0) becomes (7,5)–(0,5) and (2,0)
    // becomes (1,5).
    let moved = counter.start(&[((7, 5), 0), ((1, 5), 1)]).unwrap();
    assert_eq!(counter.count_parallel(moved, 256), by_code[1]);
}

/// The total counted directly, without the translation argument: the pairings with
/// each of the 8 possible dominoes on cell (0,0). About three minutes of CPU.
#[test]
#[ignore = "three minutes of CPU; the default suite derives the total by translation"]
fn independent_count_of_every_labelled_pairing() {
    let counter = Counter::new();
    let by_code: Vec<u64> = (0..8u8)
        .map(|k| counter.count_parallel(counter.start(&[((0, 0), k)]).unwrap(), 512))
        .collect();
    eprintln!("{by_code:?}");
    let total: u64 = by_code.iter().sum();
    assert_eq!(total, enumeration().census.labelled);
    assert_eq!(total, 99_368_960);
}
