//! The pairing graph (docs/spec.md §5): one vertex per class, an edge where a move leads
//! from one class to another.
//!
//! # Construction
//!
//! For every catalogue entry (in parallel, rayon), the move of [`crate::pairing::graph::moves`] is
//! applied at each of the `N` cells of its canonical pairing — all at once by
//! [`AllMoves`], which follows each cycle of moves once and groups the `N` results
//! (about 5.5 different ones per class on the 8×8 torus). Each different result is
//! named and looked up in the catalogue: on the 8×8 torus by its bitboard class key
//! ([`crate::pairing::symmetry::torus8`]), elsewhere by its canonical form
//! ([`crate::pairing::symmetry::Canonicalizer`]); [`Naming`] selects, and the tests check that
//! both give the same graph. A result in the start's own class adds nothing and
//! parallel edges count once, so each vertex gets a sorted, duplicate-free
//! *out-list*. docs/spec.md §5 says the relation is
//! symmetric; [`PairingGraph::build`] does not assume it: it counts the ordered pairs
//! `(u, v)` with `v` in `u`'s out-list but not `u` in `v`'s ([`BuildStats::asymmetric`])
//! and builds the undirected graph from the union.
//!
//! # Storage
//!
//! Compressed sparse rows: the neighbours of vertex `i` (0-based, = ID − 1) are
//! `targets[offsets[i]..offsets[i+1]]`, sorted ascending. IDs in the public API are
//! 1-based catalogue IDs, like the catalogue's (docs/spec.md §4).
//!
//! # Components
//!
//! Components are numbered from 1 by decreasing size, ties by smallest member ID, so
//! the giant component is component 1. Everything here is deterministic: the same
//! graph and numbering for any thread count.

use crate::core::board::Board;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::graph::moves::AllMoves;
use crate::pairing::symmetry::torus8;
use crate::pairing::symmetry::{Canonicalizer, TournamentScratch};
use rayon::prelude::*;
use std::collections::HashMap;

/// Counters of one graph construction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct BuildStats {
    /// Moves applied (`classes × N`).
    pub moves: u64,
    /// Slides over all move chains.
    pub slides: u64,
    /// Longest move chain, in slides.
    pub longest_chain: u64,
    /// Moves whose result is in the start's own class.
    pub same_class: u64,
    /// Ordered pairs `(u, v)` with an edge `u → v` but none `v → u` (0 when the move
    /// relation is symmetric, as docs/spec.md §5 states).
    pub asymmetric: u64,
}

/// Why the graph could not be built.
#[derive(Debug, thiserror::Error)]
pub enum GraphError {
    /// A move chain did not end.
    #[error("class {id}")]
    Move {
        /// Catalogue ID.
        id: usize,
        /// The move failure.
        source: crate::pairing::graph::moves::MoveError,
    },
    /// A move result is not in the catalogue (the catalogue is incomplete or wrong).
    #[error("class {id}, move at cell {cell}: result {result} is not in the catalogue")]
    Missing {
        /// Catalogue ID of the start.
        id: usize,
        /// Cell of the move.
        cell: usize,
        /// Canonical form of the result.
        result: String,
    },
    /// Two catalogue entries are the same class (a corrupt catalogue, or a class key
    /// that is not a complete invariant).
    #[error("catalogue IDs {first} and {second} are the same class")]
    SameClass {
        /// The first ID.
        first: usize,
        /// The second ID.
        second: usize,
    },
}

/// How move results are named (see [`PairingGraph::build_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// The fastest method the board allows: the bitboard class keys of
    /// [`crate::pairing::symmetry::torus8`] on the 8×8 torus, canonical forms elsewhere.
    Auto,
    /// docs/spec.md §4 canonical forms ([`Canonicalizer`]) on every board.
    CanonicalForm,
}

/// Catalogue IDs by class, for O(1) lookups of move results: by the
/// [`crate::pairing::symmetry::torus8`] class key, or by the canonical form with its codes packed 21 to
/// a `u64` (3 bits each); the catalogue's binary search for boards with more than 84
/// cells or 8 codes.
enum CatalogueIndex<'c> {
    Torus8(HashMap<torus8::Key, u32, BuildPacked>),
    Packed(HashMap<[u64; 4], u32, BuildPacked>),
    Search(&'c Catalogue),
}

/// The packed codes are already well mixed in their low word; multiply-fold them.
#[derive(Clone, Copy, Default)]
struct BuildPacked;

impl std::hash::BuildHasher for BuildPacked {
    type Hasher = PackedHasher;
    fn build_hasher(&self) -> PackedHasher {
        PackedHasher(0)
    }
}

/// A multiply-rotate hasher (FxHash's mixing step) for the packed keys.
struct PackedHasher(u64);

impl std::hash::Hasher for PackedHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// 21 codes of 3 bits per word, folded in a register (no division in the loop).
#[inline]
fn pack(codes: &[u8]) -> [u64; 4] {
    let mut key = [0u64; 4];
    for (word, chunk) in key.iter_mut().zip(codes.chunks(21)) {
        *word = chunk.iter().fold(0u64, |acc, &c| (acc << 3) | u64::from(c));
    }
    key
}

impl<'c> CatalogueIndex<'c> {
    fn new(
        board: &Board,
        cat: &'c Catalogue,
        naming: Naming,
    ) -> Result<CatalogueIndex<'c>, GraphError> {
        let torus8 = naming == Naming::Auto && torus8::applies_to(board);
        let packable = cat.ncells() <= 84 && cat.flat_codes().iter().all(|&c| c < 8);
        if !torus8 && !packable {
            return Ok(CatalogueIndex::Search(cat));
        }
        let keys: Vec<[u64; 4]> = (1..=cat.len())
            .into_par_iter()
            .map(|id| {
                let codes = cat.codes_of(id);
                if torus8 {
                    torus8::class_key(&torus8::anchors(codes))
                } else {
                    pack(codes)
                }
            })
            .collect();
        let mut map = HashMap::with_capacity_and_hasher(cat.len(), BuildPacked);
        for (key, id) in keys.into_iter().zip(1..) {
            if let Some(first) = map.insert(key, id as u32) {
                return Err(GraphError::SameClass {
                    first: first as usize,
                    second: id,
                });
            }
        }
        Ok(if torus8 {
            CatalogueIndex::Torus8(map)
        } else {
            CatalogueIndex::Packed(map)
        })
    }

    /// The catalogue ID of the class of the good pairing `codes`; `canonical` is
    /// working space for the canonical form where the index needs one.
    #[inline]
    fn id_of(
        &self,
        codes: &[u8],
        canon: &Canonicalizer,
        canonical: &mut [u8],
        scratch: &mut TournamentScratch,
    ) -> Option<usize> {
        let id = match self {
            CatalogueIndex::Torus8(map) => map.get(&torus8::class_key(&torus8::anchors(codes))),
            CatalogueIndex::Packed(map) => {
                canon.canonical_with(codes, canonical, scratch);
                map.get(&pack(canonical))
            }
            CatalogueIndex::Search(cat) => {
                canon.canonical_with(codes, canonical, scratch);
                return cat.id_of(canonical);
            }
        };
        id.map(|&id| id as usize)
    }
}

/// Working space of one build thread, reused across classes.
#[derive(Default)]
struct ClassScratch {
    moves: AllMoves,
    tournament: TournamentScratch,
    image: Vec<u8>,
}

/// The out-list of class `id` (0-based neighbours, sorted, no duplicates) and the
/// counters of its `N` moves.
///
/// The moves are grouped by result first ([`AllMoves`]); only the distinct results
/// are canonicalised and looked up: about 5.5 per class on the 8×8 torus instead of
/// 64.
fn out_list(
    board: &Board,
    canon: &Canonicalizer,
    index: &CatalogueIndex<'_>,
    start: &[u8],
    id: usize,
    s: &mut ClassScratch,
) -> Result<(Vec<u32>, BuildStats), GraphError> {
    let n = start.len();
    s.moves
        .compute(board, start)
        .map_err(|source| GraphError::Move { id, source })?;
    let mut stats = BuildStats {
        moves: n as u64,
        slides: s.moves.slides(),
        longest_chain: s.moves.longest_chain() as u64,
        ..BuildStats::default()
    };
    s.image.resize(n, 0);
    let mut out = Vec::with_capacity(16);
    for (r, count) in s.moves.results() {
        let Some(other) = index.id_of(r, canon, &mut s.image, &mut s.tournament) else {
            canon.canonical_with(r, &mut s.image, &mut s.tournament);
            return Err(GraphError::Missing {
                id,
                cell: (0..n).find(|&c| s.moves.result_at(c) == r).unwrap_or(0),
                result: crate::core::board::pairing::Pairing::from_codes(s.image.clone()).to_line(),
            });
        };
        if other == id {
            stats.same_class += count;
        } else {
            out.push((other - 1) as u32);
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok((out, stats))
}

/// The undirected pairing graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingGraph {
    offsets: Vec<usize>,
    targets: Vec<u32>,
    component: Vec<u32>,
    component_sizes: Vec<usize>,
}

impl PairingGraph {
    /// Builds the graph of `cat`'s classes (docs/spec.md §5).
    ///
    /// *Complexity*: `O(n · N · (c + log n))` for `n` classes, `N` cells, `c` the cost of
    /// a move plus a canonical form; parallel over classes.
    pub fn build(board: &Board, cat: &Catalogue) -> Result<(PairingGraph, BuildStats), GraphError> {
        PairingGraph::build_with(board, cat, Naming::Auto)
    }

    /// [`PairingGraph::build`] naming the classes of move results as `naming` says (the
    /// tests build the 8×8 graph both ways and compare).
    pub fn build_with(
        board: &Board,
        cat: &Catalogue,
        naming: Naming,
    ) -> Result<(PairingGraph, BuildStats), GraphError> {
        let canon = Canonicalizer::new(board);
        let index = CatalogueIndex::new(board, cat, naming)?;
        let lists: Vec<(Vec<u32>, BuildStats)> = (1..=cat.len())
            .into_par_iter()
            .map_init(ClassScratch::default, |scratch, id| {
                out_list(board, &canon, &index, cat.codes_of(id), id, scratch)
            })
            .collect::<Result<_, _>>()?;
        let mut stats = BuildStats::default();
        for (_, s) in &lists {
            stats.moves += s.moves;
            stats.slides += s.slides;
            stats.same_class += s.same_class;
            stats.longest_chain = stats.longest_chain.max(s.longest_chain);
        }
        let mut adj: Vec<Vec<u32>> = lists.into_iter().map(|(l, _)| l).collect();
        // Undirected: the union of u → v and v → u. Count the one-way pairs (in
        // parallel) and add their missing reverse arcs.
        let missing: Vec<(u32, u32)> = adj
            .par_iter()
            .enumerate()
            .flat_map_iter(|(u, list)| {
                let adj = &adj;
                list.iter()
                    .filter(move |&&v| adj[v as usize].binary_search(&(u as u32)).is_err())
                    .map(move |&v| (v, u as u32))
            })
            .collect();
        stats.asymmetric = missing.len() as u64;
        for &(v, u) in &missing {
            adj[v as usize].push(u);
        }
        for &(v, _) in &missing {
            adj[v as usize].sort_unstable();
            adj[v as usize].dedup();
        }
        Ok((PairingGraph::from_adjacency(adj), stats))
    }

    /// A graph from sorted, duplicate-free, symmetric adjacency lists (0-based).
    pub fn from_adjacency(adj: Vec<Vec<u32>>) -> PairingGraph {
        let mut offsets = Vec::with_capacity(adj.len() + 1);
        offsets.push(0);
        let mut targets = Vec::with_capacity(adj.iter().map(Vec::len).sum());
        for l in &adj {
            targets.extend_from_slice(l);
            offsets.push(targets.len());
        }
        PairingGraph::from_csr(offsets, targets)
    }

    /// A graph from compressed sparse rows: the neighbours of `u` are
    /// `targets[offsets[u]..offsets[u + 1]]`, sorted, duplicate-free and symmetric.
    pub fn from_csr(offsets: Vec<usize>, targets: Vec<u32>) -> PairingGraph {
        assert_eq!(
            offsets.last().copied(),
            Some(targets.len()),
            "offsets end at |targets|"
        );
        let mut g = PairingGraph {
            offsets,
            targets,
            component: Vec::new(),
            component_sizes: Vec::new(),
        };
        g.number_components();
        g
    }

    /// [`PairingGraph::from_csr`] for rows read from a file: `None` unless the offsets
    /// are ascending from 0 to `targets.len()` and every row is sorted, duplicate-free,
    /// within range, without loops and symmetric.
    ///
    /// *Complexity*: `O(E log d)` for the symmetry check (`d` the largest degree).
    pub fn try_from_csr(offsets: Vec<usize>, targets: Vec<u32>) -> Option<PairingGraph> {
        let n = offsets.len().checked_sub(1)?;
        if offsets[0] != 0 || offsets[n] != targets.len() || offsets.windows(2).any(|w| w[0] > w[1])
        {
            return None;
        }
        let row = |u: usize| &targets[offsets[u]..offsets[u + 1]];
        let fine = (0..n).into_par_iter().all(|u| {
            let r = row(u);
            r.windows(2).all(|w| w[0] < w[1])
                && r.iter().all(|&v| {
                    (v as usize) < n
                        && v as usize != u
                        && row(v as usize).binary_search(&(u as u32)).is_ok()
                })
        });
        fine.then(|| PairingGraph::from_csr(offsets, targets))
    }

    /// The compressed sparse rows (module docs): offsets and 0-based targets.
    pub fn csr(&self) -> (&[usize], &[u32]) {
        (&self.offsets, &self.targets)
    }

    fn number_components(&mut self) {
        let n = self.vertex_count();
        let mut comp = vec![u32::MAX; n];
        let mut found: Vec<(usize, usize)> = Vec::new(); // (size, smallest vertex)
        let mut queue = Vec::new();
        for s in 0..n {
            if comp[s] != u32::MAX {
                continue;
            }
            let c = found.len() as u32;
            comp[s] = c;
            queue.clear();
            queue.push(s as u32);
            let mut head = 0;
            while head < queue.len() {
                let u = queue[head] as usize;
                head += 1;
                for &v in self.neighbors0(u) {
                    if comp[v as usize] == u32::MAX {
                        comp[v as usize] = c;
                        queue.push(v);
                    }
                }
            }
            found.push((queue.len(), s));
        }
        // Renumber: decreasing size, then smallest member (found in increasing order).
        let mut order: Vec<usize> = (0..found.len()).collect();
        order.sort_by_key(|&c| (std::cmp::Reverse(found[c].0), found[c].1));
        let mut rank = vec![0u32; found.len()];
        for (r, &c) in order.iter().enumerate() {
            rank[c] = r as u32 + 1;
        }
        self.component = comp.iter().map(|&c| rank[c as usize]).collect();
        self.component_sizes = order.iter().map(|&c| found[c].0).collect();
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of (undirected) edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// Neighbours of 0-based vertex `u`, ascending, 0-based.
    #[inline]
    pub fn neighbors0(&self, u: usize) -> &[u32] {
        &self.targets[self.offsets[u]..self.offsets[u + 1]]
    }

    /// Neighbours of catalogue ID `id`, as IDs, ascending.
    pub fn neighbors(&self, id: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbors0(id - 1).iter().map(|&v| v as usize + 1)
    }

    /// Degree of catalogue ID `id`.
    pub fn degree(&self, id: usize) -> usize {
        self.offsets[id] - self.offsets[id - 1]
    }

    /// Component (1-based, by decreasing size) of catalogue ID `id`.
    pub fn component(&self, id: usize) -> usize {
        self.component[id - 1] as usize
    }

    /// Number of components.
    pub fn component_count(&self) -> usize {
        self.component_sizes.len()
    }

    /// Size of component `c` (1-based).
    pub fn component_size(&self, c: usize) -> usize {
        self.component_sizes[c - 1]
    }

    /// Sizes of all components, component 1 first.
    pub fn component_sizes(&self) -> &[usize] {
        &self.component_sizes
    }

    /// Members of component `c`, ascending IDs.
    pub fn component_members(&self, c: usize) -> Vec<usize> {
        (1..=self.vertex_count())
            .filter(|&id| self.component(id) == c)
            .collect()
    }

    /// All edges as ID pairs `(u, v)` with `u < v`, in ascending order.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.vertex_count()).flat_map(move |u| {
            self.neighbors0(u)
                .iter()
                .filter(move |&&v| (v as usize) > u)
                .map(move |&v| (u + 1, v as usize + 1))
        })
    }
}
