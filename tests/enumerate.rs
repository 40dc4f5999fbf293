//! Cross-checks of the 8×8 enumeration (run with `cargo test --release`).

mod common;

use amoba::board::pairing::Pairing;
use amoba::board::{Board, Symmetry};
use amoba::catalogue::Catalogue;
use amoba::search::{Mode, Options, count_labelled, enumerate_generic};
use amoba::symmetry::{apply, canonical};
use common::{Rng, catalogue, enumeration, square9};

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
    let dir = std::env::temp_dir().join(format!("amoba-cat-{}", std::process::id()));
    let path = dir.join("catalogue-9.txt");
    cat.write(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let back = Catalogue::read(b, &path).unwrap();
    assert_eq!(&back, cat);
    std::fs::remove_dir_all(&dir).unwrap();
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
        let q = amoba::symmetry::apply_pairing(b, &p, g);
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
    let one = amoba::catalogue::enumerate::run(square9(), 1, &|_, _| {});
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

#[test]
fn orbit_sum_equals_a_search_with_no_symmetry_reduction() {
    // Σ 512/|stab| over the classes against every labelled good pairing, listed by a
    // search that fixes nothing (about a minute on two cores).
    let census = &enumeration().census;
    assert_eq!(
        census.classes_by_stabiliser_order.values().sum::<u64>(),
        194_543
    );
    let (stats, with_first) = count_labelled(square9(), Mode::Labelled, Options::default(), &|c| {
        c[0] == 0
    });
    assert_eq!(stats.leaves, census.labelled);
    assert_eq!(stats.leaves, 99_368_960);
    assert_eq!(with_first, census.labelled_with_first_domino);
}

#[test]
fn published_6210560_is_the_first_domino_pairings_with_2_0_paired_south() {
    // docs/spec.md §6: "pairings found by the published search before reduction".
    let south = |c: &[u8]| matches!(c[2], 1..=3); // SE, S, SW
    let (stats, hits) = count_labelled(
        square9(),
        Mode::LabelledFirstDomino,
        Options::default(),
        &south,
    );
    let census = &enumeration().census;
    assert_eq!(stats.leaves, census.labelled_with_first_domino);
    assert_eq!(stats.leaves, 12_421_120);
    assert_eq!(hits, 6_210_560);
    let m = census.mirror.as_ref().unwrap();
    assert_eq!(m.cell_2_0_pairs_south, 6_210_560);
    assert_eq!(m.cell_2_0_pairs_north, 6_210_560);
    assert_eq!(m.fixed_by_mirror, 0);
}
