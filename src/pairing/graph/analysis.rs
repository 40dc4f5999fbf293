//! Analysis of the pairing graph (docs/spec.md §5, figures of docs/spec.md §6).
//!
//! Everything docs/spec.md §6 states about the graph is computed here from the graph itself:
//! degrees, components, exact diameters, triangles, bipartiteness, which components
//! are 4-dimensional cubes, and whether every induced cycle has length 4.
//!
//! * **Diameter.** Components up to [`ALL_PAIRS_LIMIT`] vertices get a BFS from every
//!   vertex. Larger ones get the *BoundingDiameters* algorithm of Takes and Kosters
//!   ([`bounding_diameter`]): every BFS from a vertex `v` of eccentricity `e` bounds
//!   every other eccentricity, `max(d, e − d) ≤ ecc(w) ≤ e + d` with `d = d(v, w)`,
//!   and the search stops when the largest lower bound meets the largest upper bound.
//!   The BFS runs go 64 at a time, one bit per source ([`multi_bfs`](crate::pairing::graph::bfs::multi_bfs)). On the giant
//!   component (194,333 vertices, diameter 34, radius about 23) it needs 619 BFS runs
//!   in 10 passes; iFUB ([`ifub_diameter`](crate::pairing::graph::diameter::ifub_diameter), Crescenzi et al.), kept as an independent
//!   second method, needs 4,823 there because the graph's radius is far above half
//!   its diameter. Both are exact; the number of BFS runs is reported.
//! * **Triangles** by merging sorted adjacency lists over each edge `u < v`.
//!
//! The diameter of the giant component, its cycle structure, the triangles and the
//! small components are computed side by side (rayon), and each result is the same
//! for any number of threads.
//! * **Bipartiteness** by BFS 2-colouring.
//! * **4-cubes.** Each 16-vertex component is tested for isomorphism with Q4 by
//!   petgraph's VF2 ([`petgraph::algo::is_isomorphic`]), not by counts.
//! * **Induced cycles.** In a bipartite graph every induced cycle has length 4 exactly
//!   when the graph is *chordal bipartite* (every cycle of length ≥ 6 has a chord).
//!   Recognition by bisimplicial edge elimination (Golumbic & Goss, *Perfect
//!   elimination and chordal bipartite graphs*, J. Graph Theory 2, 1978): an edge `uv`
//!   is bisimplicial when every neighbour of `u` is adjacent to every neighbour of
//!   `v`; a bipartite graph is chordal bipartite if and only if deleting bisimplicial
//!   edges one at a time (keeping the vertices) empties it, and any bisimplicial edge
//!   may be chosen at each step. When the elimination gets stuck, a chordless cycle of
//!   length ≥ 6 is searched for and reported as a witness.

use crate::pairing::graph::PairingGraph;
use crate::pairing::graph::bfs::{Bfs, relabel_bfs_order};
use crate::pairing::graph::diameter::bounding_diameter;
use crate::pairing::graph::structure::{
    chordal_bipartite, is_q4, long_induced_cycle, triangles, two_colouring,
};
use serde::Serialize;
use std::collections::BTreeMap;

/// Components up to this size get an all-pairs BFS for their diameter.
pub const ALL_PAIRS_LIMIT: usize = 5_000;

/// Facts about one component.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ComponentFacts {
    /// Component number (1 = largest).
    pub component: usize,
    /// Vertices.
    pub size: usize,
    /// Edges.
    pub edges: usize,
    /// Smallest catalogue ID in it.
    pub smallest_id: usize,
    /// Exact diameter.
    pub diameter: usize,
    /// BFS runs the diameter took.
    pub diameter_bfs_runs: usize,
    /// Method: `all-pairs` or `Takes-Kosters BoundingDiameters`.
    pub diameter_method: &'static str,
    /// Minimum and maximum degree.
    pub min_degree: usize,
    /// Maximum degree.
    pub max_degree: usize,
    /// Bipartite?
    pub bipartite: bool,
    /// For 16-vertex components: isomorphic to the 4-cube Q4?
    pub is_q4: Option<bool>,
    /// Chordal bipartite (every induced cycle of length 4)? `None` if not bipartite.
    pub chordal_bipartite: Option<bool>,
    /// A chordless cycle of length ≥ 6 (catalogue IDs), when one was found.
    pub long_induced_cycle: Option<Vec<usize>>,
}

/// The whole analysis.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Analysis {
    /// Vertices.
    pub vertices: usize,
    /// Edges.
    pub edges: usize,
    /// Number of components.
    pub components: usize,
    /// Vertices per degree.
    pub degree_distribution: BTreeMap<usize, usize>,
    /// Minimum degree.
    pub min_degree: usize,
    /// Maximum degree.
    pub max_degree: usize,
    /// Mean degree `2E / V`.
    pub mean_degree: f64,
    /// Triangles.
    pub triangles: u64,
    /// Every component bipartite?
    pub bipartite: bool,
    /// Every component chordal bipartite (every induced cycle has length 4)?
    pub every_induced_cycle_has_length_4: bool,
    /// Per component, component 1 first.
    pub component_facts: Vec<ComponentFacts>,
}

/// Analyses `g` completely.
///
/// *Returns* the [`Analysis`]. *Complexity*: `O(V + E)` for degrees, components and
/// bipartiteness; `O(E · Δ)` for triangles; `O(r · (V + E))` for the diameters with
/// `r` BFS runs (all pairs in small components, iFUB in large ones); the chordal
/// bipartite test is `O(E · Δ³)` on graphs of maximum degree `Δ`.
///
/// ```
/// use amoba::pairing::graph::PairingGraph;
/// use amoba::pairing::graph::analysis::analyse;
/// // A 6-cycle: bipartite, no triangles, diameter 3, and itself a long induced cycle.
/// let adj = (0..6u32).map(|i| { let mut v = vec![(i + 1) % 6, (i + 5) % 6]; v.sort(); v }).collect();
/// let a = analyse(&PairingGraph::from_adjacency(adj));
/// assert_eq!(a.component_facts[0].diameter, 3);
/// assert!(a.bipartite && !a.every_induced_cycle_has_length_4);
/// ```
pub fn analyse(g: &PairingGraph) -> Analysis {
    let n = g.vertex_count();
    let mut dist = BTreeMap::new();
    for id in 1..=n {
        *dist.entry(g.degree(id)).or_insert(0) += 1;
    }
    let members = members_by_component(g);
    let (facts, triangles) = rayon::join(
        || -> Vec<ComponentFacts> {
            use rayon::prelude::*;
            members
                .par_iter()
                .enumerate()
                .map(|(i, m)| component_facts(g, i + 1, m))
                .collect()
        },
        || triangles(g),
    );
    Analysis {
        vertices: n,
        edges: g.edge_count(),
        components: g.component_count(),
        min_degree: dist.keys().next().copied().unwrap_or(0),
        max_degree: dist.keys().next_back().copied().unwrap_or(0),
        mean_degree: if n == 0 {
            0.0
        } else {
            2.0 * g.edge_count() as f64 / n as f64
        },
        degree_distribution: dist,
        triangles,
        bipartite: facts.iter().all(|f| f.bipartite),
        every_induced_cycle_has_length_4: facts.iter().all(|f| f.chordal_bipartite == Some(true)),
        component_facts: facts,
    }
}

/// Members (0-based vertices, ascending) of each component, component 1 first.
fn members_by_component(g: &PairingGraph) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new(); g.component_count()];
    for id in 1..=g.vertex_count() {
        out[g.component(id) - 1].push((id - 1) as u32);
    }
    out
}

fn component_facts(g: &PairingGraph, c: usize, members: &[u32]) -> ComponentFacts {
    let degs = members.iter().map(|&u| g.neighbors0(u as usize).len());
    let edges = members
        .iter()
        .map(|&u| g.neighbors0(u as usize).len())
        .sum::<usize>()
        / 2;
    // The diameter and the cycle structure are independent: compute them side by side.
    let ((diameter, runs, method), (bipartite, chordal, witness)) = rayon::join(
        || {
            if members.len() <= ALL_PAIRS_LIMIT {
                let mut bfs = Bfs::new(g.vertex_count());
                let d = members.iter().map(|&u| bfs.run(g, u).1).max().unwrap_or(0);
                (d, members.len(), "all-pairs")
            } else {
                // On a copy numbered in BFS order, so that neighbours sit close in memory.
                let local = relabel_bfs_order(g, members);
                let all: Vec<u32> = (0..members.len() as u32).collect();
                let (d, runs) = bounding_diameter(&local, &all);
                (d, runs, "Takes-Kosters BoundingDiameters")
            }
        },
        || {
            let bipartite = two_colouring(g, members).is_some();
            if !bipartite {
                return (false, None, None);
            }
            let ok = chordal_bipartite(g, members);
            let witness = if ok {
                None
            } else {
                long_induced_cycle(g, members)
            };
            (
                true,
                Some(ok),
                witness.map(|cyc| cyc.iter().map(|&v| v as usize + 1).collect()),
            )
        },
    );
    let is_q4 = (members.len() == 16).then(|| is_q4(g, members));
    ComponentFacts {
        component: c,
        size: members.len(),
        edges,
        smallest_id: members[0] as usize + 1,
        diameter,
        diameter_bfs_runs: runs,
        diameter_method: method,
        min_degree: degs.clone().min().unwrap_or(0),
        max_degree: degs.max().unwrap_or(0),
        bipartite,
        is_q4,
        chordal_bipartite: chordal,
        long_induced_cycle: witness,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::graph::bfs::multi_bfs;
    use crate::pairing::graph::diameter::ifub_diameter;

    fn graph(n: usize, edges: &[(u32, u32)]) -> PairingGraph {
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in edges {
            adj[u as usize].push(v);
            adj[v as usize].push(u);
        }
        for l in &mut adj {
            l.sort_unstable();
        }
        PairingGraph::from_adjacency(adj)
    }

    /// The edges of a `w × h` grid, vertex `y·w + x`.
    fn grid_edges(w: u32, h: u32) -> Vec<(u32, u32)> {
        let mut e = Vec::new();
        for v in 0..w * h {
            if v % w + 1 < w {
                e.push((v, v + 1));
            }
            if v / w + 1 < h {
                e.push((v, v + w));
            }
        }
        e
    }

    fn cube(dim: u32) -> PairingGraph {
        let n = 1u32 << dim;
        let e: Vec<(u32, u32)> = (0..n)
            .flat_map(|x| (0..dim).map(move |b| (x, x ^ (1 << b))))
            .filter(|(x, y)| x < y)
            .collect();
        graph(n as usize, &e)
    }

    #[test]
    fn cubes_and_cycles() {
        let q4 = cube(4);
        let all: Vec<u32> = (0..16).collect();
        assert!(is_q4(&q4, &all));
        assert!(
            !chordal_bipartite(&q4, &all),
            "Q4 contains induced 6-cycles"
        );
        let w = long_induced_cycle(&q4, &all).unwrap();
        assert_eq!(w.len(), 6);
        // C4 and a ladder of squares are chordal bipartite; C6 and C8 are not.
        let c4 = graph(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
        assert!(chordal_bipartite(&c4, &[0, 1, 2, 3]));
        let ladder = graph(
            8,
            &[
                (0, 1),
                (2, 3),
                (4, 5),
                (6, 7),
                (0, 2),
                (2, 4),
                (4, 6),
                (1, 3),
                (3, 5),
                (5, 7),
            ],
        );
        assert!(chordal_bipartite(&ladder, &(0..8).collect::<Vec<_>>()));
        let c8 = graph(8, &(0..8).map(|i| (i, (i + 1) % 8)).collect::<Vec<_>>());
        assert!(!chordal_bipartite(&c8, &(0..8).collect::<Vec<_>>()));
        assert_eq!(
            long_induced_cycle(&c8, &(0..8).collect::<Vec<_>>())
                .unwrap()
                .len(),
            8
        );
        // A 6-cycle with a chord (two squares) is chordal bipartite.
        let chorded = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3)]);
        assert!(chordal_bipartite(&chorded, &(0..6).collect::<Vec<_>>()));
        assert!(long_induced_cycle(&chorded, &(0..6).collect::<Vec<_>>()).is_none());
    }

    #[test]
    fn multi_bfs_matches_single_bfs() {
        // A long grid with random shortcuts and a second component: pushes on the
        // early levels, pulls on the wide ones, and leaves some vertices unreached.
        let (w, h) = (300u32, 9u32);
        let mut e = grid_edges(w, h);
        let mut x = 12345u64;
        for v in 0..w * h {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if x >> 60 == 0 {
                e.push((v, ((x >> 20) % u64::from(w * h)) as u32));
            }
        }
        let n = (w * h) as usize + 20;
        for v in (w * h)..(n as u32 - 1) {
            e.push((v, v + 1));
        }
        e.retain(|(u, v)| u != v);
        e.sort_unstable_by_key(|&(u, v)| (u.min(v), u.max(v)));
        e.dedup_by_key(|&mut (u, v)| (u.min(v), u.max(v)));
        let g = graph(n, &e);
        let mut bfs = Bfs::new(n);
        for k in [1usize, 7, 64] {
            let sources: Vec<u32> = (0..k as u32).map(|i| (i * 977 + 5) % (w * h)).collect();
            let recorded: Vec<u32> = (0..n as u32).filter(|v| v % 3 != 1).collect();
            let mut dist = Vec::new();
            let ecc = multi_bfs(&g, &sources, &recorded, &mut dist);
            for (i, &s) in sources.iter().enumerate() {
                let (_, e1) = bfs.run(&g, s);
                assert_eq!(ecc[i] as usize, e1, "source {s}");
                for (j, &v) in recorded.iter().enumerate() {
                    let d = bfs.dist(v);
                    let want = if d == u32::MAX { u8::MAX } else { d as u8 };
                    assert_eq!(dist[j * k + i], want, "source {s}, vertex {v}");
                }
            }
        }
    }

    #[test]
    fn ifub_matches_all_pairs_on_grids_and_cubes() {
        // A 30×7 grid with a few shortcuts: diameter by iFUB = by all pairs.
        let (w, h) = (30u32, 7u32);
        let mut e = grid_edges(w, h);
        e.push((5, 5 * w + 20));
        let g = graph((w * h) as usize, &e);
        let all: Vec<u32> = (0..w * h).collect();
        let mut bfs = Bfs::new(g.vertex_count());
        let brute = all.iter().map(|&u| bfs.run(&g, u).1).max().unwrap();
        let (d, runs) = ifub_diameter(&g, &all);
        assert_eq!(d, brute);
        assert!(runs < all.len());
        let q = cube(6);
        assert_eq!(ifub_diameter(&q, &(0..64).collect::<Vec<_>>()).0, 6);
    }

    #[test]
    fn triangles_counted_once() {
        let k4 = graph(4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        assert_eq!(triangles(&k4), 4);
        assert_eq!(triangles(&cube(4)), 0);
    }
}
