//! Cycle structure: triangles, 2-colouring, 4-cubes, chordal bipartite graphs.

use crate::pairing::graph::PairingGraph;

/// Counts triangles: for each edge `u < v`, common neighbours `w > v`.
///
/// *Complexity*: `O(E · Δ)`.
/// ```
/// use amoba::pairing::graph::PairingGraph;
/// // K4 has four triangles.
/// let adj = (0..4u32).map(|u| (0..4).filter(|&v| v != u).collect()).collect();
/// assert_eq!(amoba::pairing::graph::structure::triangles(&PairingGraph::from_adjacency(adj)), 4);
/// ```
pub fn triangles(g: &PairingGraph) -> u64 {
    use rayon::prelude::*;
    (0..g.vertex_count())
        .into_par_iter()
        .map(|u| {
            let nu = g.neighbors0(u);
            let mut count = 0;
            for &v in nu.iter().filter(|&&v| v as usize > u) {
                let nv = g.neighbors0(v as usize);
                let (mut i, mut j) = (0, 0);
                while i < nu.len() && j < nv.len() {
                    match nu[i].cmp(&nv[j]) {
                        std::cmp::Ordering::Less => i += 1,
                        std::cmp::Ordering::Greater => j += 1,
                        std::cmp::Ordering::Equal => {
                            if nu[i] > v {
                                count += 1;
                            }
                            i += 1;
                            j += 1;
                        }
                    }
                }
            }
            count
        })
        .sum()
}

/// A proper 2-colouring of the component (colour per vertex, indexed like
/// `members`), or `None` if it has an odd cycle.
pub fn two_colouring(g: &PairingGraph, members: &[u32]) -> Option<Vec<u8>> {
    const NONE: u8 = u8::MAX;
    let mut colour = vec![NONE; g.vertex_count()];
    let mut queue = vec![members[0]];
    colour[members[0] as usize] = 0;
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head];
        head += 1;
        let cu = colour[u as usize];
        for &v in g.neighbors0(u as usize) {
            match colour[v as usize] {
                NONE => {
                    colour[v as usize] = 1 - cu;
                    queue.push(v);
                }
                cv if cv == cu => return None,
                _ => {}
            }
        }
    }
    Some(members.iter().map(|&v| colour[v as usize]).collect())
}

/// Is the 16-vertex component isomorphic to the 4-dimensional cube? (VF2.)
/// ```
/// use amoba::pairing::graph::PairingGraph;
/// // The 4-cube on labels 0..16, neighbours differing in one bit.
/// let adj = (0..16u32).map(|x| { let mut l: Vec<u32> = (0..4).map(|b| x ^ (1 << b)).collect(); l.sort(); l }).collect();
/// let all: Vec<u32> = (0..16).collect();
/// assert!(amoba::pairing::graph::structure::is_q4(&PairingGraph::from_adjacency(adj), &all));
/// ```
pub fn is_q4(g: &PairingGraph, members: &[u32]) -> bool {
    use petgraph::graph::UnGraph;
    let index: std::collections::HashMap<u32, u32> = members
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, i as u32))
        .collect();
    let mut edges = Vec::new();
    for &u in members {
        for &v in g.neighbors0(u as usize) {
            if u < v {
                edges.push((index[&u], index[&v]));
            }
        }
    }
    let comp = UnGraph::<(), ()>::from_edges(&edges);
    let cube = UnGraph::<(), ()>::from_edges((0u32..16).flat_map(|x| {
        (0..4)
            .map(move |b| (x, x ^ (1 << b)))
            .filter(|(x, y)| x < y)
    }));
    comp.node_count() == 16 && petgraph::algo::is_isomorphic(&comp, &cube)
}

/// Chordal bipartite test of a bipartite component by bisimplicial edge elimination.
///
/// *Complexity*: each edge is (re)examined after a deletion at one of its ends; an
/// examination costs `O(Δ²)` adjacency tests of `O(log Δ)` — `O(E · Δ³)` overall at
/// worst, near-linear on bounded degree.
///
/// Reference: M. C. Golumbic, C. F. Goss, *Perfect elimination and chordal bipartite
/// graphs*, J. Graph Theory 2 (1978) 155–163.
/// ```
/// use amoba::pairing::graph::PairingGraph;
/// // A 6-cycle has no chord: not chordal bipartite. With the chord 0–3 it is.
/// let cycle = |chord: bool| {
///     let mut adj: Vec<Vec<u32>> = (0..6u32).map(|i| vec![(i + 1) % 6, (i + 5) % 6]).collect();
///     if chord { adj[0].push(3); adj[3].push(0); }
///     for l in &mut adj { l.sort(); }
///     PairingGraph::from_adjacency(adj)
/// };
/// let all: Vec<u32> = (0..6).collect();
/// assert!(!amoba::pairing::graph::structure::chordal_bipartite(&cycle(false), &all));
/// assert!(amoba::pairing::graph::structure::chordal_bipartite(&cycle(true), &all));
/// ```
pub fn chordal_bipartite(g: &PairingGraph, members: &[u32]) -> bool {
    // Local numbering 0..members.len(); each edge u < v gets an id for its queue flag.
    let mut local = vec![u32::MAX; g.vertex_count()];
    for (i, &v) in members.iter().enumerate() {
        local[v as usize] = i as u32;
    }
    // adj[x]: (neighbour, edge id), ascending by neighbour; edges deleted on the way.
    let mut adj: Vec<Vec<(u32, u32)>> = vec![Vec::new(); members.len()];
    let mut ends: Vec<(u32, u32)> = Vec::new();
    for (u, &gu) in members.iter().enumerate() {
        for &gv in g.neighbors0(gu as usize) {
            let v = local[gv as usize];
            if (u as u32) < v {
                let e = ends.len() as u32;
                ends.push((u as u32, v));
                adj[u].push((v, e));
                adj[v as usize].push((u as u32, e));
            }
        }
    }
    for l in &mut adj {
        l.sort_unstable();
    }
    let adjacent = |adj: &[Vec<(u32, u32)>], x: u32, y: u32| {
        adj[x as usize]
            .binary_search_by_key(&y, |&(w, _)| w)
            .is_ok()
    };
    // uv is bisimplicial: every neighbour x of u is adjacent to every neighbour y of v.
    let bisimplicial = |adj: &[Vec<(u32, u32)>], u: u32, v: u32| {
        adj[u as usize].iter().all(|&(x, _)| {
            adj[v as usize]
                .iter()
                .all(|&(y, _)| x == v || y == u || adjacent(adj, x, y))
        })
    };
    let mut remaining = ends.len();
    let mut queue: Vec<u32> = (0..ends.len() as u32).rev().collect();
    let mut queued = vec![true; ends.len()];
    while let Some(e) = queue.pop() {
        queued[e as usize] = false;
        let (u, v) = ends[e as usize];
        if !adjacent(&adj, u, v) || !bisimplicial(&adj, u, v) {
            continue;
        }
        adj[u as usize].retain(|&(x, _)| x != v);
        adj[v as usize].retain(|&(x, _)| x != u);
        remaining -= 1;
        // Only edges at u or v saw a neighbourhood shrink; re-examine them.
        for p in [u, v] {
            for &(_, f) in &adj[p as usize] {
                if !queued[f as usize] {
                    queued[f as usize] = true;
                    queue.push(f);
                }
            }
        }
    }
    remaining == 0
}

/// Searches the component for a chordless cycle of length 6, 8, … (up to 12) and
/// returns the first found (0-based vertices in cycle order), shortest lengths first.
pub fn long_induced_cycle(g: &PairingGraph, members: &[u32]) -> Option<Vec<u32>> {
    for len in (6..=12).step_by(2) {
        for &s in members {
            let mut path = vec![s];
            if let Some(c) = extend(g, &mut path, len) {
                return Some(c);
            }
        }
    }
    None
}

/// Extends an induced path starting at its smallest vertex `path[0]` to a chordless
/// cycle of exactly `len` vertices.
fn extend(g: &PairingGraph, path: &mut Vec<u32>, len: usize) -> Option<Vec<u32>> {
    let adjacent = |x: u32, y: u32| g.neighbors0(x as usize).binary_search(&y).is_ok();
    let s = path[0];
    let last = *path.last().expect("non-empty path");
    for &w in g.neighbors0(last as usize) {
        if w <= s || path.contains(&w) {
            continue;
        }
        // w may touch only `last` among path[1..], and s only when it closes the cycle.
        let closing = path.len() + 1 == len;
        let inner = if path.len() > 2 {
            &path[1..path.len() - 1]
        } else {
            &[][..]
        };
        if inner.iter().any(|&p| adjacent(p, w)) {
            continue;
        }
        // The first step leaves s along an edge; later steps must avoid s until closing.
        if path.len() >= 2 && adjacent(s, w) != closing {
            continue;
        }
        path.push(w);
        if closing {
            return Some(path.clone());
        }
        if let Some(c) = extend(g, path, len) {
            return Some(c);
        }
        path.pop();
    }
    None
}
