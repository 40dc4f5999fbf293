//! Exact diameters: iFUB and BoundingDiameters.

use crate::pairing::graph::PairingGraph;
use crate::pairing::graph::bfs::{Bfs, multi_bfs};

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
/// use amoba::pairing::graph::PairingGraph;
/// // A path 0–1–2–3–4 plus a pendant 5 on 2.
/// let edges = [(0u32, 1u32), (1, 2), (2, 3), (3, 4), (2, 5)];
/// let mut adj = vec![Vec::new(); 6];
/// for (u, v) in edges { adj[u as usize].push(v); adj[v as usize].push(u); }
/// for l in &mut adj { l.sort(); }
/// let g = PairingGraph::from_adjacency(adj);
/// let all: Vec<u32> = (0..6).collect();
/// let (d, runs) = amoba::pairing::graph::diameter::ifub_diameter(&g, &all);
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
/// use amoba::pairing::graph::PairingGraph;
/// // A path 0–1–2–3–4 plus a pendant 5 on 2.
/// let edges = [(0u32, 1u32), (1, 2), (2, 3), (3, 4), (2, 5)];
/// let mut adj = vec![Vec::new(); 6];
/// for (u, v) in edges { adj[u as usize].push(v); adj[v as usize].push(u); }
/// for l in &mut adj { l.sort(); }
/// let g = PairingGraph::from_adjacency(adj);
/// let all: Vec<u32> = (0..6).collect();
/// assert_eq!(amoba::pairing::graph::diameter::bounding_diameter(&g, &all).0, 4);
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
