//! Breadth-first search: one source at a time, and 64 at once (one bit per source).

use crate::pairing::graph::PairingGraph;

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
