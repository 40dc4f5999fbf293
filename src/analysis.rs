//! Analysis of the pairing graph (SPEC §5, figures of SPEC §6).
//!
//! Everything SPEC §6 states about the graph is computed here from the graph itself:
//! degrees, components, exact diameters, triangles, bipartiteness, which components
//! are 4-dimensional cubes, and whether every induced cycle has length 4.
//!
//! * **Diameter.** Components up to [`ALL_PAIRS_LIMIT`] vertices get a BFS from every
//!   vertex. Larger ones get the *BoundingDiameters* algorithm of Takes and Kosters
//!   ([`bounding_diameter`]): every BFS from a vertex `v` of eccentricity `e` bounds
//!   every other eccentricity, `max(d, e − d) ≤ ecc(w) ≤ e + d` with `d = d(v, w)`,
//!   and the search stops when the largest lower bound meets the largest upper bound.
//!   The BFS runs go 64 at a time, one bit per source ([`multi_bfs`]). On the giant
//!   component (194,333 vertices, diameter 34, radius about 23) it needs 619 BFS runs
//!   in 10 passes; iFUB ([`ifub_diameter`], Crescenzi et al.), kept as an independent
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

use crate::graph::PairingGraph;
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
/// use amoba::graph::PairingGraph;
/// use amoba::analysis::analyse;
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

/// A reusable breadth-first search over 0-based vertices. Distances are `u16` so that
/// the array of a 194,333-vertex component (390 KB) stays in the L2 cache.
pub struct Bfs {
    dist: Vec<u16>,
    queue: Vec<u32>,
    touched: Vec<u32>,
}

impl Bfs {
    /// Workspace for a graph of `n` vertices.
    pub fn new(n: usize) -> Bfs {
        Bfs {
            dist: vec![u16::MAX; n],
            queue: Vec::new(),
            touched: Vec::new(),
        }
    }

    /// BFS from `s`: returns (a farthest vertex, eccentricity of `s`). Afterwards
    /// [`Bfs::order`] lists the visited vertices by distance and [`Bfs::dist`] their
    /// distances.
    pub fn run(&mut self, g: &PairingGraph, s: u32) -> (u32, usize) {
        for &v in &self.touched {
            self.dist[v as usize] = u16::MAX;
        }
        self.touched.clear();
        self.queue.clear();
        self.dist[s as usize] = 0;
        self.queue.push(s);
        let mut head = 0;
        while head < self.queue.len() {
            let u = self.queue[head];
            head += 1;
            let du = self.dist[u as usize];
            assert!(du < u16::MAX - 1, "BFS deeper than 65,533 levels");
            for &v in g.neighbors0(u as usize) {
                if self.dist[v as usize] == u16::MAX {
                    self.dist[v as usize] = du + 1;
                    self.queue.push(v);
                }
            }
        }
        std::mem::swap(&mut self.touched, &mut self.queue);
        let last = *self.touched.last().expect("s itself");
        (last, self.dist[last as usize] as usize)
    }

    /// Vertices of the last run in BFS order.
    pub fn order(&self) -> &[u32] {
        &self.touched
    }

    /// Distance of `v` in the last run (`u32::MAX` if unreached).
    pub fn dist(&self, v: u32) -> u32 {
        match self.dist[v as usize] {
            u16::MAX => u32::MAX,
            d => u32::from(d),
        }
    }
}

/// The component `members` as a graph of its own, vertices renumbered in BFS order
/// from its smallest vertex (a cache-friendly layout for repeated BFS).
pub fn relabel_bfs_order(g: &PairingGraph, members: &[u32]) -> PairingGraph {
    let mut bfs = Bfs::new(g.vertex_count());
    bfs.run(g, members[0]);
    let order = bfs.order();
    let mut new_id = vec![u32::MAX; g.vertex_count()];
    for (i, &v) in order.iter().enumerate() {
        new_id[v as usize] = i as u32;
    }
    let mut offsets = Vec::with_capacity(order.len() + 1);
    let mut targets =
        Vec::with_capacity(order.iter().map(|&v| g.neighbors0(v as usize).len()).sum());
    offsets.push(0);
    for &v in order {
        let start = targets.len();
        targets.extend(g.neighbors0(v as usize).iter().map(|&w| new_id[w as usize]));
        targets[start..].sort_unstable();
        offsets.push(targets.len());
    }
    PairingGraph::from_csr(offsets, targets)
}

/// A vertex halfway along a shortest path from `a` to `b` (BFS from `b` first).
fn middle(g: &PairingGraph, bfs: &mut Bfs, a: u32, b: u32) -> u32 {
    bfs.run(g, b);
    let d = bfs.dist(a);
    let mut v = a;
    for _ in 0..d / 2 {
        v = *g
            .neighbors0(v as usize)
            .iter()
            .find(|&&w| bfs.dist(w) + 1 == bfs.dist(v))
            .expect("a shortest path continues");
    }
    v
}

/// Exact diameter of the component `members` by iFUB from a 4-sweep start.
///
/// *Arguments*: the graph and the component's vertices (0-based). *Returns*
/// `(diameter, BFS runs)`. *Complexity*: `O(r · (V + E))` for `r` BFS runs; `r` is
/// typically tiny compared with `V` on graphs with a few peripheral vertices.
///
/// Reference: Crescenzi, Grossi, Habib, Lanzi, Marino, *On computing the diameter of
/// real-world undirected graphs*, Theoretical Computer Science 514 (2013) 84–95
/// (Algorithm iFUB and the 4-Sweep heuristic).
/// ```
/// use amoba::graph::PairingGraph;
/// // A path 0–1–2–3–4 plus a pendant 5 on 2.
/// let edges = [(0u32, 1u32), (1, 2), (2, 3), (3, 4), (2, 5)];
/// let mut adj = vec![Vec::new(); 6];
/// for (u, v) in edges { adj[u as usize].push(v); adj[v as usize].push(u); }
/// for l in &mut adj { l.sort(); }
/// let g = PairingGraph::from_adjacency(adj);
/// let all: Vec<u32> = (0..6).collect();
/// let (d, runs) = amoba::analysis::ifub_diameter(&g, &all);
/// assert_eq!(d, 4);
/// assert!(runs >= 1);
/// ```
pub fn ifub_diameter(g: &PairingGraph, members: &[u32]) -> (usize, usize) {
    let mut bfs = Bfs::new(g.vertex_count());
    let mut runs = 0;
    let mut lb = 0;
    // 4-sweep: r1 = a highest-degree vertex (smallest ID among them).
    let r1 = *members
        .iter()
        .max_by_key(|&&u| (g.neighbors0(u as usize).len(), std::cmp::Reverse(u)))
        .expect("non-empty component");
    // One sweep: BFS from v, the eccentricity raises the lower bound, return the
    // farthest vertex.
    let mut sweep = |bfs: &mut Bfs, v: u32| {
        let (far, e) = bfs.run(g, v);
        runs += 1;
        lb = lb.max(e);
        far
    };
    let a1 = sweep(&mut bfs, r1);
    let b1 = sweep(&mut bfs, a1);
    let r2 = middle(g, &mut bfs, a1, b1);
    let a2 = sweep(&mut bfs, r2);
    let b2 = sweep(&mut bfs, a2);
    let u = middle(g, &mut bfs, a2, b2);
    runs += 2; // the BFS inside each `middle`
    // iFUB from u.
    let (_, ecc_u) = bfs.run(g, u);
    runs += 1;
    lb = lb.max(ecc_u);
    let mut levels: Vec<Vec<u32>> = vec![Vec::new(); ecc_u + 1];
    for &v in bfs.order() {
        levels[bfs.dist(v) as usize].push(v);
    }
    let mut ub = 2 * ecc_u;
    let mut i = ecc_u;
    while ub > lb && i > 0 {
        use rayon::prelude::*;
        // B_i: the largest eccentricity in fringe i, one BFS per vertex, in parallel.
        let bi = levels[i]
            .par_chunks(64)
            .map_init(
                || Bfs::new(g.vertex_count()),
                |bfs, chunk| chunk.iter().map(|&v| bfs.run(g, v).1).max().unwrap_or(0),
            )
            .max()
            .unwrap_or(0);
        runs += levels[i].len();
        lb = lb.max(bi);
        if lb > 2 * (i - 1) {
            break;
        }
        ub = 2 * (i - 1);
        i -= 1;
    }
    (lb, runs)
}

/// Breadth-first search from up to 64 sources at once, one bit per source (the
/// multi-source BFS of Then et al., *The more the merrier: efficient multi-source graph
/// traversal*, VLDB 2014).
///
/// Bit `i` of `seen[w]` says source `i` has reached `w`; of `frontier[w]`, that it
/// reached `w` at the last level. Each level is expanded in whichever direction costs
/// less (Beamer, Asanović, Patterson, *Direction-optimizing breadth-first search*,
/// SC 2012): while the vertices with a non-empty frontier word have few arcs, *push*
/// (serially) from them, OR-ing their words into their neighbours'; otherwise *pull*,
/// in parallel: every vertex not yet reached by all sources ORs its neighbours'
/// frontier words, and a vertex every source has reached is skipped. Both give the
/// same bits.
///
/// *Arguments*: the graph, the `k` sources, and the vertices whose distances to record
/// (ascending).
/// *Returns* the eccentricity of each source (within its component) and writes
/// `dist[j·k + i]`, the distance from source `i` to the `j`-th recorded vertex
/// (`u8::MAX`: unreached) — vertex-major, so a vertex's distances share a cache line.
/// *Complexity*: `O(L · (V + E))` word operations for `L` levels at worst, plus one
/// write per reached (source, recorded vertex) pair.
pub fn multi_bfs(
    g: &PairingGraph,
    sources: &[u32],
    recorded: &[u32],
    dist: &mut Vec<u8>,
) -> Vec<u32> {
    use rayon::prelude::*;
    let n = g.vertex_count();
    let k = sources.len();
    assert!(k <= 64, "at most 64 sources per pass");
    assert!(
        recorded.windows(2).all(|w| w[0] < w[1]),
        "recorded vertices ascending"
    );
    let all_sources = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
    dist.clear();
    dist.resize(k * recorded.len(), u8::MAX);
    // row[w]: w's row in `dist`, or NONE.
    const NONE: u32 = u32::MAX;
    let mut row = vec![NONE; n];
    for (j, &w) in recorded.iter().enumerate() {
        row[w as usize] = j as u32;
    }
    // Sets `dist` for the bits of `new` at vertex w (row r, relative to the slice).
    let record = |dist: &mut [u8], r: usize, new: u64, level: u32| {
        let d = &mut dist[r * k..(r + 1) * k];
        let mut bits = new;
        while bits != 0 {
            d[bits.trailing_zeros() as usize] = level as u8;
            bits &= bits - 1;
        }
    };
    let mut seen = vec![0u64; n];
    let mut frontier = vec![0u64; n];
    // The next frontier while it is built; all zero between levels.
    let mut next = vec![0u64; n];
    for (i, &s) in sources.iter().enumerate() {
        seen[s as usize] |= 1 << i;
        frontier[s as usize] |= 1 << i;
        if row[s as usize] != NONE {
            dist[row[s as usize] as usize * k + i] = 0;
        }
    }
    // Vertices with a non-empty frontier word.
    let mut active: Vec<u32> = sources.to_vec();
    active.sort_unstable();
    active.dedup();
    // Arcs at vertices not yet reached by every source: the cost of a pull.
    let mut open_arcs: usize = (0..n).map(|w| g.neighbors0(w).len()).sum();
    // The recorded vertices of each chunk of CHUNK vertices are a range of rows, so
    // `dist` splits into one slice per chunk for the parallel pull.
    const CHUNK: usize = 4096;
    let bounds: Vec<usize> = (0..=n.div_ceil(CHUNK))
        .map(|c| recorded.partition_point(|&w| (w as usize) < c * CHUNK))
        .collect();
    let mut ecc = vec![0u32; k];
    let mut level = 0u32;
    loop {
        level += 1;
        assert!(level < u32::from(u8::MAX), "BFS deeper than 254 levels");
        let push_arcs: usize = active.iter().map(|&u| g.neighbors0(u as usize).len()).sum();
        let mut any = 0u64;
        let mut reached: Vec<u32> = Vec::new();
        if 8 * push_arcs < open_arcs {
            // Push: offer each active word to the neighbours that lack some of its bits.
            for &u in &active {
                let f = frontier[u as usize];
                for &w in g.neighbors0(u as usize) {
                    let add = f & !seen[w as usize];
                    if add != 0 {
                        if next[w as usize] == 0 {
                            reached.push(w);
                        }
                        next[w as usize] |= add;
                    }
                }
            }
            for &u in &active {
                frontier[u as usize] = 0;
            }
            for &w in &reached {
                let new = std::mem::take(&mut next[w as usize]);
                frontier[w as usize] = new;
                seen[w as usize] |= new;
                any |= new;
                if seen[w as usize] == all_sources {
                    open_arcs -= g.neighbors0(w as usize).len();
                }
                if row[w as usize] != NONE {
                    record(dist, row[w as usize] as usize, new, level);
                }
            }
        } else {
            // Pull into `next`, in parallel chunks, then swap it in as the frontier.
            let mut rest = dist.as_mut_slice();
            let mut slices = Vec::with_capacity(bounds.len());
            for b in bounds.windows(2) {
                let (head, tail) = rest.split_at_mut((b[1] - b[0]) * k);
                slices.push(head);
                rest = tail;
            }
            let frontier_now = &frontier;
            let parts: Vec<(Vec<u32>, u64, usize)> = seen
                .par_chunks_mut(CHUNK)
                .zip(next.par_chunks_mut(CHUNK))
                .zip(slices.into_par_iter())
                .enumerate()
                .map(|(c, ((seen, next), dist))| {
                    let mut act = Vec::new();
                    let (mut any, mut closed) = (0u64, 0usize);
                    for (x, (sw, nw)) in seen.iter_mut().zip(next.iter_mut()).enumerate() {
                        if *sw == all_sources {
                            continue;
                        }
                        let w = c * CHUNK + x;
                        let reach = g
                            .neighbors0(w)
                            .iter()
                            .fold(0u64, |acc, &v| acc | frontier_now[v as usize]);
                        let new = reach & !*sw;
                        if new == 0 {
                            continue;
                        }
                        *nw = new;
                        *sw |= new;
                        any |= new;
                        act.push(w as u32);
                        if *sw == all_sources {
                            closed += g.neighbors0(w).len();
                        }
                        if row[w] != NONE {
                            record(dist, row[w] as usize - bounds[c], new, level);
                        }
                    }
                    (act, any, closed)
                })
                .collect();
            // The old frontier becomes the (all-zero) scratch for the next level.
            for &u in &active {
                frontier[u as usize] = 0;
            }
            std::mem::swap(&mut frontier, &mut next);
            for (act, a, closed) in parts {
                reached.extend_from_slice(&act);
                any |= a;
                open_arcs -= closed;
            }
        }
        if any == 0 {
            return ecc;
        }
        active = reached;
        let mut bits = any;
        while bits != 0 {
            ecc[bits.trailing_zeros() as usize] = level;
            bits &= bits - 1;
        }
    }
}

/// Exact diameter of the component `members` by Takes and Kosters' BoundingDiameters,
/// 64 sources per pass.
///
/// Each round takes up to 64 candidates, alternating the paper's two strategies (the
/// largest eccentricity upper bound, the smallest lower bound; ties by degree then
/// vertex), and runs their BFS together with [`multi_bfs`]. A BFS from `v` with
/// eccentricity `e` tightens every vertex `w` at distance `d` to
/// `max(d, e − d) ≤ ecc(w) ≤ e + d`. A vertex stops being a candidate once its upper
/// bound cannot beat the diameter's lower bound `ΔL` (and its lower bound is at least
/// half of `ΔU`), or its eccentricity is known. `ΔL` is the largest lower bound, `ΔU`
/// the largest upper bound of any vertex; the diameter is `ΔL` once they meet.
///
/// *Arguments*: the graph and the component's vertices (0-based). *Returns*
/// `(diameter, BFS runs)` — every source counts as one BFS, though 64 share a pass.
/// *Complexity*: `O(p · L · (V + E))` word operations for `p` passes of `L` levels.
///
/// Reference: F. W. Takes, W. A. Kosters, *Determining the diameter of small world
/// networks*, CIKM 2011, 1191–1196 (Algorithm BoundingDiameters).
/// ```
/// use amoba::graph::PairingGraph;
/// // A path 0–1–2–3–4 plus a pendant 5 on 2.
/// let edges = [(0u32, 1u32), (1, 2), (2, 3), (3, 4), (2, 5)];
/// let mut adj = vec![Vec::new(); 6];
/// for (u, v) in edges { adj[u as usize].push(v); adj[v as usize].push(u); }
/// for l in &mut adj { l.sort(); }
/// let g = PairingGraph::from_adjacency(adj);
/// let all: Vec<u32> = (0..6).collect();
/// assert_eq!(amoba::analysis::bounding_diameter(&g, &all).0, 4);
/// ```
pub fn bounding_diameter(g: &PairingGraph, members: &[u32]) -> (usize, usize) {
    use rayon::prelude::*;
    /// A candidate: vertex, lower and upper bound of its eccentricity.
    #[derive(Clone, Copy)]
    struct Cand {
        w: u32,
        lo: u32,
        hi: u32,
    }
    // Ascending by vertex, as multi_bfs wants its recorded vertices (retain keeps the
    // order).
    let mut cands: Vec<Cand> = members
        .iter()
        .map(|&w| Cand {
            w,
            lo: 0,
            hi: u32::MAX,
        })
        .collect();
    cands.sort_unstable_by_key(|c| c.w);
    let (mut dl, mut du) = (0u32, u32::MAX);
    let mut runs = 0;
    let mut dist = Vec::new();
    let deg = |w: u32| g.neighbors0(w as usize).len();
    // The first `m` candidates in the order of `key` (a total order: keys end with
    // the vertex), sorted; a selection, not a sort of all candidates.
    fn first_by<K: Ord>(cands: &[Cand], m: usize, key: impl Fn(&Cand) -> K) -> Vec<u32> {
        let mut v = cands.to_vec();
        if m < v.len() {
            v.select_nth_unstable_by_key(m, &key);
            v.truncate(m);
        }
        v.sort_unstable_by_key(&key);
        v.iter().map(|c| c.w).collect()
    }
    while dl < du && !cands.is_empty() {
        // Up to 64 sources, alternating: largest upper bound, smallest lower bound
        // (ties: higher degree, then smaller vertex). Each list skips the other's
        // picks, so neither needs more than 128 entries.
        let want = cands.len().min(64);
        let by_high = first_by(&cands, 128, |c| {
            (std::cmp::Reverse(c.hi), std::cmp::Reverse(deg(c.w)), c.w)
        });
        let by_low = first_by(&cands, 128, |c| (c.lo, std::cmp::Reverse(deg(c.w)), c.w));
        let mut sources = Vec::with_capacity(want);
        let (mut h, mut l) = (by_high.iter(), by_low.iter());
        while sources.len() < want {
            for it in [&mut h, &mut l] {
                if let Some(&w) = it.find(|w| !sources.contains(*w))
                    && sources.len() < want
                {
                    sources.push(w);
                }
            }
        }
        let recorded: Vec<u32> = cands.iter().map(|c| c.w).collect();
        let ecc = multi_bfs(g, &sources, &recorded, &mut dist);
        runs += sources.len();
        for &e in &ecc {
            dl = dl.max(e);
            du = du.min(2 * e);
        }
        let k = sources.len();
        let largest_lo = cands
            .par_iter_mut()
            .zip(dist.par_chunks(k))
            .map(|(c, row)| {
                for (&d, &e) in row.iter().zip(&ecc) {
                    let d = u32::from(d);
                    c.lo = c.lo.max(d.max(e.saturating_sub(d)));
                    c.hi = c.hi.min(e + d);
                }
                c.lo
            })
            .max()
            .unwrap_or(0);
        dl = dl.max(largest_lo);
        let mut max_hi = dl;
        cands.retain(|c| {
            let keep = !((c.hi <= dl && 2 * c.lo >= du) || c.lo == c.hi);
            if keep {
                max_hi = max_hi.max(c.hi);
            }
            keep
        });
        // A dropped vertex has eccentricity at most ΔL (known, or bounded by it), so
        // the largest upper bound among the candidates bounds the diameter.
        du = du.min(max_hi);
    }
    (dl as usize, runs)
}

/// Counts triangles: for each edge `u < v`, common neighbours `w > v`.
///
/// *Complexity*: `O(E · Δ)`.
/// ```
/// use amoba::graph::PairingGraph;
/// // K4 has four triangles.
/// let adj = (0..4u32).map(|u| (0..4).filter(|&v| v != u).collect()).collect();
/// assert_eq!(amoba::analysis::triangles(&PairingGraph::from_adjacency(adj)), 4);
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
/// use amoba::graph::PairingGraph;
/// // The 4-cube on labels 0..16, neighbours differing in one bit.
/// let adj = (0..16u32).map(|x| { let mut l: Vec<u32> = (0..4).map(|b| x ^ (1 << b)).collect(); l.sort(); l }).collect();
/// let all: Vec<u32> = (0..16).collect();
/// assert!(amoba::analysis::is_q4(&PairingGraph::from_adjacency(adj), &all));
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
/// use amoba::graph::PairingGraph;
/// // A 6-cycle has no chord: not chordal bipartite. With the chord 0–3 it is.
/// let cycle = |chord: bool| {
///     let mut adj: Vec<Vec<u32>> = (0..6u32).map(|i| vec![(i + 1) % 6, (i + 5) % 6]).collect();
///     if chord { adj[0].push(3); adj[3].push(0); }
///     for l in &mut adj { l.sort(); }
///     PairingGraph::from_adjacency(adj)
/// };
/// let all: Vec<u32> = (0..6).collect();
/// assert!(!amoba::analysis::chordal_bipartite(&cycle(false), &all));
/// assert!(amoba::analysis::chordal_bipartite(&cycle(true), &all));
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

#[cfg(test)]
mod tests {
    use super::*;

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
