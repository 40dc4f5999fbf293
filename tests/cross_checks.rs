//! The headline figures checked by code that shares nothing with the engine: the
//! verifier over the whole 8×8 catalogue, and the pairing graph's edges against a
//! second, literal implementation of the move with brute-force canonical
//! forms (tests/independent). The library is used only to obtain what is checked:
//! the catalogues and the graphs.

mod common;
mod independent;

use amoba::core::board::Board;
use amoba::pairing::catalogue::Catalogue;
use amoba::pairing::graph::PairingGraph;
use common::{Rng, catalogue, square9};
use independent::torus::{Torus, dihedral_square};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap};

/// The catalogue's lines, looked up by text: line number = ID.
fn line_numbers(cat: &Catalogue) -> HashMap<Vec<u8>, usize> {
    let mut text = Vec::new();
    cat.write_to(&mut text).unwrap();
    let map: HashMap<Vec<u8>, usize> = text
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .enumerate()
        .map(|(i, l)| (l.iter().map(|&b| b - b'0').collect(), i + 1))
        .collect();
    assert_eq!(map.len(), cat.len(), "distinct lines");
    map
}

/// The classes one move away from class `id` (itself excluded), each move done
/// literally and each result named by its brute-force canonical form.
fn move_neighbours(
    t: &Torus,
    ids: &HashMap<Vec<u8>, usize>,
    codes: &[u8],
    id: usize,
) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    for a in 0..t.cells() {
        let (result, _) = t
            .slide_move(codes, a, 64 * t.cells())
            .unwrap_or_else(|e| panic!("class {id}, move at cell {a}: {e}"));
        assert!(t.is_good(&result), "class {id}, move at cell {a}: not good");
        let canon = t.canonical(&result);
        let other = *ids
            .get(&canon)
            .unwrap_or_else(|| panic!("class {id}, move at {a}: result not in the catalogue"));
        if other != id {
            out.insert(other);
        }
    }
    out
}

fn graph_neighbours(g: &PairingGraph, id: usize) -> BTreeSet<usize> {
    g.neighbors(id).collect()
}

#[test]
fn sampled_8x8_classes_have_the_graph_s_neighbours_under_a_literal_move() {
    let t = Torus::square8();
    assert_eq!(t.symmetries(), 512);
    let cat = catalogue();
    let ids = line_numbers(cat);
    let (graph, _) = PairingGraph::build(square9(), cat).unwrap();
    let mut rng = Rng(0x5EED_0FC1_A55E_5EED);
    let mut sample: Vec<usize> = (0..5000).map(|_| 1 + rng.below(cat.len())).collect();
    // The first and last classes and every class with a non-trivial stabiliser, too.
    sample.extend([1, cat.len()]);
    sample.extend((1..=cat.len()).filter(|&id| cat.stabiliser(id) > 1));
    sample.sort_unstable();
    sample.dedup();
    let edges: usize = sample
        .par_iter()
        .map(|&id| {
            let codes = cat.codes_of(id);
            assert!(t.is_good(codes), "class {id} is good");
            assert_eq!(t.canonical(codes), codes, "class {id} is canonical");
            let mine = move_neighbours(&t, &ids, codes, id);
            assert_eq!(
                mine,
                graph_neighbours(&graph, id),
                "neighbours of class {id}"
            );
            mine.len()
        })
        .sum();
    assert!(sample.len() > 5000 && edges > 5 * sample.len());
}

/// Every class of a small board: the graph's neighbours are exactly the classes one
/// literal move away, and that relation is symmetric.
fn every_class_of(board: &Board, t: &Torus) {
    let dirs: Vec<Vec<i64>> = t.dirs.iter().map(|&(x, y)| vec![x, y]).collect();
    let theirs: Vec<Vec<i64>> = (0..board.nfamilies())
        .map(|f| board.family(f).to_vec())
        .collect();
    assert_eq!(dirs, theirs, "{}: the direction codes", board.name());
    let cat = amoba::pairing::catalogue::enumerate::run(board, 1, None, &|_, _| {}).catalogue;
    let ids = line_numbers(&cat);
    let (graph, _) = PairingGraph::build(board, &cat).unwrap();
    let mut relation = Vec::new();
    for id in 1..=cat.len() {
        let codes = cat.codes_of(id);
        assert!(t.is_good(codes), "{} class {id}", board.name());
        assert_eq!(t.canonical(codes), codes, "{} class {id}", board.name());
        let mine = move_neighbours(t, &ids, codes, id);
        assert_eq!(
            mine,
            graph_neighbours(&graph, id),
            "{} class {id}",
            board.name()
        );
        relation.push(mine);
    }
    for (u, out) in relation.iter().enumerate() {
        for &v in out {
            assert!(
                relation[v - 1].contains(&(u + 1)),
                "{}: {} → {v} has no way back",
                board.name(),
                u + 1
            );
        }
    }
    let edges: usize = relation.iter().map(BTreeSet::len).sum::<usize>() / 2;
    assert_eq!(edges, graph.edge_count(), "{}", board.name());
}

/// `ours` and the board's point group are the same set of matrices.
fn same_group(board: &Board, ours: &[[i64; 4]]) {
    let mine: BTreeSet<Vec<i64>> = ours.iter().map(|m| m.to_vec()).collect();
    let theirs: BTreeSet<Vec<i64>> = board.point_group().iter().cloned().collect();
    assert_eq!(mine.len(), ours.len());
    assert_eq!(mine, theirs, "{}", board.name());
}

#[test]
fn every_hex7_and_square5_class_has_the_graph_s_neighbours_under_a_literal_move() {
    // hex7: three directions on the 6×6 torus; the published group is generated by the
    // rotation by 120° ((1,0) → (0,1) → (−1,−1)) and the reflection swapping x and y.
    let (r, s) = ([0, -1, 1, -1], [0, 1, 1, 0]);
    let mul = |a: [i64; 4], b: [i64; 4]| {
        [
            a[0] * b[0] + a[1] * b[2],
            a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3],
        ]
    };
    let r2 = mul(r, r);
    let d3 = vec![[1, 0, 0, 1], r, r2, s, mul(r, s), mul(r2, s)];
    let hex7 = Board::hex7();
    same_group(&hex7, &d3);
    let t = Torus::new(6, vec![(1, 0), (1, 1), (0, 1)], d3);
    every_class_of(&hex7, &t);

    let square5 = Board::square5();
    same_group(&square5, &dihedral_square());
    let t = Torus::new(4, vec![(1, 0), (0, 1)], dihedral_square());
    every_class_of(&square5, &t);
}

#[test]
fn the_verifier_passes_every_line_of_the_8x8_catalogue() {
    // For each line, `classify` computes the class with the verifier's own arithmetic:
    // the least of all 512 images by brute force (cross-checked with the library's
    // canonical form and stabiliser), that least image verified good by checks 2–5
    // (consistency, one domino per line, the 64×64 window of the plane, the two
    // agreeing), and its catalogue ID. The line must be that least image, and its ID
    // its line number. Goodness is checked a second time by tests/independent.
    use amoba::check::pairing::Geometry;
    use amoba::verify::classify;
    let board = square9();
    let geom = Geometry::new(board).unwrap();
    let torus = Torus::square8();
    let cat = catalogue();
    let mut text = Vec::new();
    cat.write_to(&mut text).unwrap();
    let lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(lines.len(), 194_543);
    let t = std::time::Instant::now();
    lines.par_iter().enumerate().for_each(|(i, line)| {
        let id = i + 1;
        let codes: Vec<u8> = line.iter().map(|&b| b - b'0').collect();
        assert!(torus.is_good(&codes), "line {id} is not good");
        let c =
            classify(&geom, board, &codes, Some(cat)).unwrap_or_else(|e| panic!("line {id}: {e}"));
        assert_eq!(c.canonical.as_bytes(), *line, "line {id} is not canonical");
        assert_eq!(c.id, Some(id), "line {id}");
        assert_eq!(c.stabiliser_order, cat.stabiliser(id), "line {id}");
    });
    eprintln!(
        "verified 194,543 lines in {:.1} s",
        t.elapsed().as_secs_f64()
    );
}
