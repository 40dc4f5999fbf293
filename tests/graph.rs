//! The move, the pairing graph and the docs/spec.md §6 figures (release mode).

mod common;

use amoba::core::board::pairing::Pairing;
use amoba::pairing::graph::bfs::Bfs;
use amoba::pairing::graph::diameter::{bounding_diameter, ifub_diameter};
use amoba::pairing::graph::moves::{AllMoves, apply_move};
use amoba::pairing::graph::{Naming, PairingGraph};
use amoba::pairing::symmetry::canonical_pairing;
use amoba::report::results::{GraphRun, run_graph};
use common::{Rng, catalogue, square9};
use std::collections::BTreeMap;
use std::sync::OnceLock;

fn graph_run() -> &'static GraphRun {
    static G: OnceLock<GraphRun> = OnceLock::new();
    G.get_or_init(|| run_graph(square9(), catalogue()).expect("the graph builds"))
}

#[test]
fn every_move_result_is_good_and_every_chain_ends() {
    let b = square9();
    let cat = catalogue();
    let mut rng = Rng(99);
    for _ in 0..3000 {
        let id = 1 + rng.below(cat.len());
        let cell = rng.below(64);
        let mut codes = cat.codes_of(id).to_vec();
        let slides = apply_move(b, &mut codes, cell).expect("the chain ends");
        assert!(slides >= 1);
        let q = Pairing::from_codes(codes);
        assert_eq!(q.check(b), Ok(()), "move at {cell} of ID {id}");
        // The result's class is in the catalogue.
        assert!(cat.id_of(canonical_pairing(b, &q).codes()).is_some());
    }
    // Every chain of the whole graph ended (the build would have failed otherwise).
    let run = graph_run();
    assert_eq!(run.build.moves, 194_543 * 64);
    assert!(run.build.longest_chain <= 64 * 64);
}

#[test]
fn all_moves_at_once_agree_with_one_chain_per_cell() {
    // The graph applies one move per cycle of f and derives the rest (moves module
    // docs); here every one of the 12,450,752 moves is simulated on its own instead,
    // and its result and chain length compared.
    let b = square9();
    let cat = catalogue();
    let mut all = AllMoves::default();
    let (mut slides, mut longest, mut simulated) = (0u64, 0usize, 0u64);
    for id in 1..=cat.len() {
        let start = cat.codes_of(id);
        all.compute(b, start).unwrap();
        let mut total = 0u64;
        for cell in 0..64 {
            let mut codes = start.to_vec();
            let s = apply_move(b, &mut codes, cell).unwrap();
            assert_eq!(
                all.result_at(cell),
                codes.as_slice(),
                "ID {id}, cell {cell}"
            );
            total += s as u64;
            longest = longest.max(s);
        }
        assert_eq!(all.slides(), total, "ID {id}");
        assert_eq!(all.results().map(|(_, n)| n).sum::<u64>(), 64);
        slides += total;
        simulated += all.simulated();
    }
    let run = graph_run();
    assert_eq!(
        (run.build.slides, run.build.longest_chain),
        (slides, longest as u64)
    );
    // The shortcut covers every start on this board (the moves module docs say so):
    // no path into a cycle meets a domino twice.
    assert_eq!(simulated, 0);
}

#[test]
fn bitboard_class_keys_give_the_canonical_form_graph() {
    // The 8×8 build names move results by torus8 class keys; naming them by docs/spec.md §4
    // canonical forms must give the same graph and counters.
    let b = square9();
    let cat = catalogue();
    let (g, stats) = PairingGraph::build_with(b, cat, Naming::CanonicalForm).unwrap();
    let run = graph_run();
    assert!(g == run.graph);
    assert_eq!(stats, run.build);
    // The keys of the 194,543 classes are different (the index refuses duplicates).
    let keys: std::collections::HashSet<_> = (1..=cat.len())
        .map(|id| {
            amoba::pairing::symmetry::torus8::class_key(&amoba::pairing::symmetry::torus8::anchors(
                cat.codes_of(id),
            ))
        })
        .collect();
    assert_eq!(keys.len(), cat.len());
}

#[test]
fn an_incomplete_catalogue_is_an_error_not_a_wrong_graph() {
    // Without class 1000, some move results have no vertex: the build must say so,
    // whichever way results are named.
    let b = square9();
    let cat = catalogue();
    let mut text = Vec::new();
    cat.write_to(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let kept: String = text
        .split_inclusive('\n')
        .enumerate()
        .filter(|&(i, _)| i + 1 != 1000)
        .map(|(_, l)| l)
        .collect();
    let path = std::path::Path::new("without-1000.txt");
    let partial = amoba::pairing::catalogue::Catalogue::parse(b, &kept, path, 0).unwrap();
    assert_eq!(partial.len(), cat.len() - 1);
    let lost = Pairing::from_codes(cat.codes_of(1000).to_vec()).to_line();
    for naming in [Naming::Auto, Naming::CanonicalForm] {
        let err = PairingGraph::build_with(b, &partial, naming).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("is not in the catalogue"), "{msg}");
        assert!(msg.contains(&lost), "the missing class is named: {msg}");
    }
}

#[test]
fn the_move_relation_is_symmetric() {
    // Checked on the whole graph by the construction (one-way pairs counted), and here
    // independently on sampled edges: from the neighbour's canonical pairing some move
    // leads back to the start's class.
    let b = square9();
    let cat = catalogue();
    let run = graph_run();
    assert_eq!(run.build.asymmetric, 0);
    let mut rng = Rng(5);
    for _ in 0..300 {
        let u = 1 + rng.below(cat.len());
        for v in run.graph.neighbors(u) {
            let back = (0..64).any(|cell| {
                let mut codes = cat.codes_of(v).to_vec();
                apply_move(b, &mut codes, cell).unwrap();
                cat.id_of(canonical_pairing(b, &Pairing::from_codes(codes)).codes()) == Some(u)
            });
            assert!(back, "edge {u}–{v} has no way back");
        }
    }
}

#[test]
fn spec_6_figures_are_reproduced() {
    let run = graph_run();
    let a = &run.analysis;
    assert_eq!(a.vertices, 194_543);
    assert_eq!(a.edges, 532_107);
    assert_eq!(a.components, 14);
    assert_eq!((a.min_degree, a.max_degree), (1, 11));
    assert_eq!(format!("{:.2}", a.mean_degree), "5.47");
    let published: BTreeMap<usize, usize> = [
        (1, 17),
        (2, 392),
        (3, 395),
        (4, 39811),
        (5, 66185),
        (6, 53222),
        (7, 25309),
        (8, 7547),
        (9, 1472),
        (10, 183),
        (11, 10),
    ]
    .into_iter()
    .collect();
    assert_eq!(a.degree_distribution, published);
    let sizes: Vec<usize> = a.component_facts.iter().map(|f| f.size).collect();
    assert_eq!(
        sizes,
        [194_333, 48, 26, 16, 16, 16, 16, 16, 10, 10, 10, 10, 10, 6]
    );
    assert_eq!(a.component_facts[0].diameter, 34);
    assert!(
        a.component_facts[0].diameter_bfs_runs < 1000,
        "far fewer BFS than all pairs"
    );
    for f in a.component_facts.iter().filter(|f| f.size == 16) {
        assert_eq!(f.is_q4, Some(true), "component {} is a 4-cube", f.component);
    }
    assert_eq!(a.triangles, 0);
    assert!(a.bipartite);
}

#[test]
fn invariants_degree_sum_and_edge_list() {
    let g = &graph_run().graph;
    let degree_sum: usize = (1..=g.vertex_count()).map(|id| g.degree(id)).sum();
    assert_eq!(degree_sum, 2 * g.edge_count(), "degree sum = 2 × edges");
    let edges: Vec<(usize, usize)> = g.edges().collect();
    assert_eq!(edges.len(), g.edge_count());
    assert!(edges.windows(2).all(|w| w[0] < w[1]));
    assert!(
        edges
            .iter()
            .all(|&(u, v)| u < v && g.neighbors(v).any(|w| w == u))
    );
    let comp_total: usize = g.component_sizes().iter().sum();
    assert_eq!(comp_total, g.vertex_count());
}

#[test]
fn giant_diameter_two_exact_methods_agree() {
    // Takes–Kosters (the report's method) against iFUB (a second exact method).
    let g = &graph_run().graph;
    let giant: Vec<u32> = (1..=g.vertex_count())
        .filter(|&id| g.component(id) == 1)
        .map(|id| (id - 1) as u32)
        .collect();
    let (tk, _) = bounding_diameter(g, &giant);
    let (ifub, runs) = ifub_diameter(g, &giant);
    assert_eq!((tk, ifub), (34, 34));
    assert!(runs < giant.len() / 10);
    // Small components: all-pairs by a plain BFS.
    let mut bfs = Bfs::new(g.vertex_count());
    for f in graph_run().analysis.component_facts.iter().skip(1) {
        let m = g.component_members(f.component);
        let d = m
            .iter()
            .map(|&id| bfs.run(g, (id - 1) as u32).1)
            .max()
            .unwrap();
        assert_eq!(d, f.diameter);
    }
}

#[test]
fn induced_cycle_witnesses_are_chordless() {
    // The report says the published "every induced cycle has length 4" fails; each
    // witness must be a cycle of length ≥ 6 with no chord.
    let run = graph_run();
    let g = &run.graph;
    let adjacent = |u: usize, v: usize| g.neighbors(u).any(|w| w == v);
    let mut witnesses = 0;
    for f in &run.analysis.component_facts {
        if f.chordal_bipartite == Some(false) {
            let w = f
                .long_induced_cycle
                .as_ref()
                .expect("a witness for each failure");
            witnesses += 1;
            assert!(w.len() >= 6);
            for i in 0..w.len() {
                for j in i + 1..w.len() {
                    let consecutive = j == i + 1 || (i == 0 && j == w.len() - 1);
                    assert_eq!(adjacent(w[i], w[j]), consecutive, "{w:?}");
                }
            }
        }
    }
    assert!(witnesses > 0);
    assert!(!run.analysis.every_induced_cycle_has_length_4);
}
