//! The exhaustive search: every good pairing of a board, one per symmetry class.
//!
//! # The problem (docs/spec.md §2, §8)
//!
//! A good pairing is an exact cover of the cells *and* the lines: every cell is
//! covered by one domino, and every line of family `f` by one *option*, the `q_f`
//! dominoes of that line that sit exactly `p` apart (`q_f = ord(v_f)/p`,
//! [`Board::per_line`]; on the 8×8 torus `q_f = 1` and an option is one domino). The
//! search is a dancing-links style backtracking over that exact cover, on bit sets
//! instead of linked lists.
//!
//! # Bit layout
//!
//! Bit `c` of a bit set ([`bits::Bits`](crate::solvers::bits::Bits): `u64`, `u128` or [`bits::Words`](crate::solvers::bits::Words)) is cell `c`
//! (`y·8 + x` on the 8×8 torus). A node of the search holds
//!
//! * `free` — the uncovered cells;
//! * `allowed[f]` — the cells that may still anchor a domino of family `f`, i.e. the
//!   cells of the family-`f` lines that hold no option yet;
//! * `open` — bit `l` set while line `l` holds no option;
//! * `codes` — the codes decided so far (`UNKNOWN` elsewhere), needed by the symmetry
//!   pruning below.
//!
//! The options that can still be placed are, per family, the anchors of
//! `avail_f = allowed_f & free & pull_f(free)` (the dominoes whose two cells are
//! free), intersected, when `q_f > 1`, with its own images under the jumps by
//! `p·v_f` (every domino of the option must be free). `pull_f(s)` holds cell `a`
//! exactly when `a + v_f ∈ s` ([`Shift`]). On the 8×8 torus `pull_f` is two byte-wise
//! rotations ([`Square8`]), on the 16-toroidal board a few lane rotations of a `u128`
//! ([`Square16`]); on every other board it is a [`SegShift`]: a translation
//! moves the cells of at most `2^d` segments of the cell numbering by one index
//! difference each, so it is that many masked word shifts. The fast paths are chosen
//! from the board's geometry ([`crate::core::board::FastPath`]) and tested equal to the
//! segment shifts of the same board.
//!
//! # Branching
//!
//! Each node branches on the most constrained item (fewest remaining options), as
//! Knuth's Algorithm X does: a line with `popcount(avail_f & first_p(line))` options
//! (an option is counted at its anchor among the first `p` cells of the line), or a
//! cell whose options are counted in bit-sliced form over the `2n` bit sets `avail_f`
//! and `push_f(avail_f)` (the cells reachable as the *second* cell of an available
//! domino). A cell or line with no option ends the branch at once.
//!
//! # Symmetry breaking inside the search (docs/spec.md §4)
//!
//! We want each class once, in its canonical (lexicographically least) form. So the
//! search only builds pairings that *could* be canonical:
//!
//! 1. the domino at cell 0 has code 0 (every canonical form starts `0…`);
//! 2. the first row (the first `s_0` cells of the one-line form) is decided first, cell
//!    by cell, so that the prefix the comparisons below need is known early;
//! 3. every time a domino is placed, each symmetry that would put code 0 at cell 0
//!    (a *candidate*, see [`crate::pairing::symmetry`]) becomes defined if that domino is its
//!    anchor, and every defined candidate `g` is compared with the partial pairing `P`:
//!    `g(P)` against `P`, position by position, as far as both are known. If `g(P)`
//!    is already smaller, no completion is canonical and the branch is cut. If it is
//!    already larger, the candidate is dropped. If they agree so far, the candidate
//!    remembers how far it got and waits for more cells.
//!
//! At a leaf every candidate has been compared to the end, so the pairing is canonical
//! and the candidates that survive equal to the end are exactly its non-identity
//! automorphisms: the stabiliser order falls out of the search for free.
//!
//! # Parallelism and determinism
//!
//! The tree is cut during step 2: the *frontier* is the list of nodes with the first
//! cells of the first row decided (all 8 on the 8×8 torus, 8 of the 16 on the
//! 16-toroidal board), produced in lexicographic order of those cells. Frontier nodes are
//! independent subtrees; rayon runs them on all threads, each sorts its own output,
//! and the outputs are concatenated in frontier order. Since different frontier nodes
//! differ in those first cells, that concatenation is sorted, byte for byte the same
//! for any number of threads.
//!
//! # The rooted search (docs/spec.md §8)
//!
//! On a board that refines a coarser one by a translation `τ` of order 2 (the
//! 16-toroidal board), the catalogue wants only the pairings that are not
//! `τ`-invariant, which the canonical search meets among 34 times as many invariant
//! ones. [`Mode::Rooted`] starts instead from a *root* option that `τ` moves, forbids
//! its image under `τ`, and breaks symmetries among the images that keep that shape
//! ([`Rooted`]); it decides a few cells near the root first
//! (`Rooted::first_cells`) instead of the first row, and cuts its frontier four
//! branchings below the root, so its output is sorted after the fact.
//!
//! # Layout
//!
//! The node and its branching live in `context`, the rooted search in `rooted`, the
//! shifts in `shifts`, the estimator in [`estimate`] and the shards in [`shard`]. This
//! file keeps the entry points and the drivers that instantiate the search for each
//! bit-set width and shift (`run_canonical`, `run_frontier`), beside the limits and
//! options they check: every public way into the hot loops is visible in one place, so
//! that a change to one instantiation is seen next to the others. That is why it is
//! somewhat over 600 lines, and it is not split further.

// Families index several parallel arrays at once in the hot loops.
#![allow(clippy::needless_range_loop)]

pub mod shard;

use crate::core::board::{Board, square8};
use crate::solvers::bits::{Bits, CellIndex, Words};
use rayon::prelude::*;
pub use shard::Shard;

/// Code of an undecided cell.
const UNKNOWN: u8 = u8::MAX;
/// Most codes of a board (`2 · MAX_FAMILIES`).
const MAX_CODES: usize = 2 * crate::core::board::MAX_FAMILIES;
/// Most candidates (symmetries putting code 0 at cell 0) a board may have.
const MAX_CANDIDATES: usize = 1 << 16;
/// Most entries of the symmetry table (`|M| · N²`) a canonical search may build.
const MAX_SYMMETRY_TABLE: usize = 1 << 26;
/// The frontier of canonical mode cuts the tree where this many cells of the first
/// row are decided (the whole first row of the 8×8 torus: 4,778 subtrees).
const SPLIT_CELLS: usize = 8;
/// The frontier of rooted mode: nodes this many branchings below the root.
pub const ROOTED_SPLIT_DEPTH: usize = 4;
/// Most cells the search handles: the largest index a listing of lattices takes.
pub const MAX_CELLS: usize = crate::core::board::directions::MAX_INDEX;

/// Why a board cannot be searched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// Too many cells for the widest bit set.
    #[error("the board has {0} cells; the search handles at most {MAX_CELLS}")]
    TooLarge(usize),
    /// The symmetry breaking needs too large a table.
    #[error(
        "enumerating classes needs a symmetry table of {0} entries (point group × cells²), \
         more than the {MAX_SYMMETRY_TABLE} this build allows"
    )]
    SymmetryTable(usize),
}

/// Checks that `board` can be searched, with symmetry breaking when `canonical`.
pub fn searchable(board: &Board, canonical: bool) -> Result<(), SearchError> {
    let n = board.ncells();
    if n > MAX_CELLS {
        return Err(SearchError::TooLarge(n));
    }
    let entries = board.point_group().len() * n * n;
    if canonical && entries > MAX_SYMMETRY_TABLE {
        return Err(SearchError::SymmetryTable(entries));
    }
    Ok(())
}

mod context;
mod rooted;
mod shifts;

use context::{Ctx, Subtree};
pub use context::{Found, Stats};
pub use rooted::{Mode, Rooted};
pub use shifts::{SegShift, Shift, Square8, Square16};

/// Options of an enumeration.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Threads to use (`0`: rayon's default, all cores).
    pub threads: usize,
    /// Search only part of the tree: shard `index` of `count` (see [`Shard`]).
    pub shard: Option<Shard>,
    /// Stop after about this many nodes (`None`: no limit). A search that stops sets
    /// [`Stats::cut`]. On several threads an enumeration may overrun the limit by the
    /// subtrees in hand (each may use what was left when it started); on one thread,
    /// and in [`find_one_within`], it stops at the limit exactly.
    pub node_limit: Option<u64>,
}

/// Stack size of the search's threads: a node is copied at every level, and wide
/// boards have deep trees of large nodes.
fn stack_size(board: &Board) -> usize {
    let words = board.ncells().div_ceil(64).next_power_of_two();
    let node = (board.nfamilies() + 2) * 8 * words + 64 * words;
    (8 << 20).max(4 * node * (board.nlines() + 8))
}

/// Runs `f` on a pool of `threads` threads (`0` = all cores) whose stacks hold the
/// deepest search of `board`.
fn with_pool<T: Send>(board: &Board, threads: usize, f: impl FnOnce() -> T + Send) -> T {
    let need = stack_size(board);
    if threads == 0 && need <= 8 << 20 && board.ncells() <= 256 {
        return f();
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(need)
        .build()
        .expect("a thread pool")
        .install(f)
}

/// Binds `$ctx` to the search context of `$board` in `$mode` and evaluates `$body`,
/// monomorphised per board kind: [`Square8`] shifts on `u64` for the 8×8 torus,
/// [`Square16`] shifts on `u128` for the 16-toroidal board,
/// [`SegShift`]s on the narrowest bit set that holds the board otherwise.
macro_rules! with_ctx {
    ($board:expr, $mode:expr, |$ctx:ident| $body:expr) => {{
        let board: &Board = $board;
        let n = board.ncells();
        let few = board.nfamilies() <= 4;
        if board.fast_path() == Some($crate::core::board::FastPath::Square8) {
            let $ctx = &Ctx::<_, u64, 4>::new(board, Square8, $mode);
            $body
        } else if board.fast_path() == Some($crate::core::board::FastPath::Square16) {
            let $ctx = &Ctx::<_, u128, 4>::new(board, Square16, $mode);
            $body
        } else if n <= 64 && few {
            let $ctx = &Ctx::<_, u64, 4>::new(board, SegShift::<u64>::new(board), $mode);
            $body
        } else if n <= 64 {
            let $ctx = &Ctx::<_, u64, 18>::new(board, SegShift::<u64>::new(board), $mode);
            $body
        } else if n <= 128 && few {
            let $ctx = &Ctx::<_, u128, 4>::new(board, SegShift::<u128>::new(board), $mode);
            $body
        } else if n <= 128 {
            let $ctx = &Ctx::<_, u128, 18>::new(board, SegShift::<u128>::new(board), $mode);
            $body
        } else if n <= 256 {
            let $ctx = &Ctx::<_, Words<4>, 18>::new(board, SegShift::new(board), $mode);
            $body
        } else if n <= 1024 {
            let $ctx = &Ctx::<_, Words<16>, 18>::new(board, SegShift::new(board), $mode);
            $body
        } else {
            assert!(
                n <= $crate::pairing::search::MAX_CELLS,
                "board too large for the search"
            );
            let $ctx = &Ctx::<_, Words<64>, 18>::new(board, SegShift::new(board), $mode);
            $body
        }
    }};
}

pub mod estimate;
pub use estimate::{PartialCounts, partial_counts, quick_size};

/// Enumerates the canonical pairings of `board`, streaming them to `sink` in
/// ascending (catalogue) order, and returns the search counters.
///
/// `progress(done, total)` is called with `done = 0` once the frontier is known, then
/// after each frontier subtree, in completion
/// order, from worker threads. The board must be [`searchable`] with symmetry
/// breaking.
///
/// *Complexity*: exponential in the board size, as any exhaustive search; on the
/// 8×8 torus about ten million nodes (see BENCHMARKS.md).
pub fn enumerate(
    board: &Board,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    sink: &mut dyn FnMut(&Found),
) -> Stats {
    with_ctx!(board, Mode::Canonical, |ctx| run_canonical(
        ctx, opts, progress, sink
    ))
}

/// Enumerates the classes of good pairings of `board` that are not pairings of its
/// coarser board by the rooted search ([`Rooted`]): one pairing per class, in its
/// rooted form (not its canonical form), streamed to `sink` in ascending order of
/// rooted forms; `found.stabiliser` is the order of its stabiliser. Same `opts` and
/// `progress` as [`enumerate`]. `None` when `board` has no root ([`Rooted::of`]).
///
/// *Complexity*: on the 16-toroidal board 1.7 million nodes for its 5,740 classes,
/// against the 25.4 million of [`enumerate`], which also meets every pairing of the
/// 8×8 torus (see BENCHMARKS.md).
pub fn enumerate_rooted(
    board: &Board,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    sink: &mut dyn FnMut(&Found),
) -> Option<Stats> {
    Rooted::of(board)?;
    let mut found = Vec::new();
    let stats = with_ctx!(board, Mode::Rooted, |ctx| run_canonical(
        ctx,
        opts,
        progress,
        &mut |f| found.push(f.clone())
    ));
    // The frontier is cut at a depth, not along the one-line form: sort.
    found.sort_unstable();
    for f in &found {
        sink(f);
    }
    Some(stats)
}

/// Enumerates with the generic shifts even on the 8×8 torus (a cross-check of the
/// [`Square8`] bit tricks).
pub fn enumerate_generic(board: &Board, opts: Options, sink: &mut dyn FnMut(&Found)) -> Stats {
    assert!(board.ncells() <= 64 && board.nfamilies() <= 4);
    let ctx = Ctx::<_, u64, 4>::new(board, SegShift::<u64>::new(board), Mode::Canonical);
    run_canonical(&ctx, opts, &|_, _| {}, sink)
}

/// Collects [`enumerate`]'s output.
pub fn enumerate_all(board: &Board, opts: Options) -> (Vec<Found>, Stats) {
    let mut out = Vec::new();
    let stats = enumerate(board, opts, &|_, _| {}, &mut |f| out.push(f.clone()));
    (out, stats)
}

fn run_canonical<S: Shift<B>, B: Bits, const F: usize>(
    ctx: &Ctx<'_, S, B, F>,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    sink: &mut dyn FnMut(&Found),
) -> Stats {
    let n = ctx.n;
    let results = run_frontier(ctx, opts, progress, |node, stats, limit| {
        let mut found = Vec::new();
        ctx.search(node, stats, limit, &mut |leaf, ncand| {
            found.push(Found {
                codes: leaf.codes.as_ref()[..n].to_vec(),
                stabiliser: 1 + ncand,
            })
        });
        found.sort_unstable();
        found
    });
    let mut stats = Stats::default();
    for (found, s) in &results {
        stats += *s;
        for f in found {
            sink(f);
        }
    }
    stats
}

/// Runs `subtree(node, stats, limit)` on every frontier subtree of canonical mode (or
/// of the shard `opts.shard`) in parallel, and returns the results in frontier order.
/// Once the node limit is spent, the subtrees not yet started are skipped.
fn run_frontier<S: Shift<B>, B: Bits, const F: usize, T: Send + Default>(
    ctx: &Ctx<'_, S, B, F>,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    subtree: impl Fn(&Subtree<B, F>, &mut Stats, u64) -> T + Sync,
) -> Vec<(T, Stats)> {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    let depth = if ctx.mode == Mode::Rooted {
        ROOTED_SPLIT_DEPTH
    } else {
        0
    };
    let mut frontier = ctx.frontier(depth);
    if let Some(sh) = opts.shard {
        // Keep subtrees j ≡ index (mod count), in order.
        let mut j = 0;
        frontier.retain(|_| {
            j += 1;
            (j - 1) % sh.count == sh.index
        });
    }
    let total = frontier.len() as u64;
    progress(0, total);
    let done = AtomicU64::new(0);
    // Nodes of the finished subtrees: a subtree may use what is left of the node limit
    // when it starts, and once nothing is left the subtrees not yet started are skipped.
    let spent = AtomicU64::new(0);
    with_pool(ctx.board, opts.threads, || {
        frontier
            .par_iter()
            // One subtree per task: rayon's default pieces of several subtrees left one
            // thread idle at the end (0.92 s against 0.78 s on the 8×8 torus).
            .with_max_len(1)
            .map(|node| {
                let mut stats = Stats {
                    subtrees: 1,
                    ..Stats::default()
                };
                let used = spent.load(Relaxed);
                let limit = opts.node_limit.map_or(u64::MAX, |l| l.saturating_sub(used));
                let out = if limit == 0 {
                    stats.cut = true;
                    T::default()
                } else {
                    let out = subtree(node, &mut stats, limit);
                    spent.fetch_add(stats.nodes, Relaxed);
                    out
                };
                progress(done.fetch_add(1, Relaxed) + 1, total);
                (out, stats)
            })
            .collect()
    })
}

/// The labelled good pairings of classes counted by stabiliser order (the orbit of a
/// class of stabiliser order `s` has `group_order / s` pairings).
pub fn labelled(by_stabiliser: &std::collections::BTreeMap<usize, u64>, group_order: usize) -> u64 {
    by_stabiliser
        .iter()
        .map(|(&s, &n)| n * (group_order / s) as u64)
        .sum()
}

/// Counts the classes of `board` by the order of their stabilisers, as [`enumerate`]
/// finds them, without keeping the classes: the memory is that of the search alone,
/// whatever the number of classes. With `opts.shard`, the classes of that shard.
///
/// *Returns* the classes by stabiliser order and the search counters (with
/// `stats.cut` when the node limit stopped the search: then the counts are partial).
/// The same counts for any number of threads.
pub fn count_classes(
    board: &Board,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> (std::collections::BTreeMap<usize, u64>, Stats) {
    fn run<S: Shift<B>, B: Bits, const F: usize>(
        ctx: &Ctx<'_, S, B, F>,
        opts: Options,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> (std::collections::BTreeMap<usize, u64>, Stats) {
        let results = run_frontier(ctx, opts, progress, |node, stats, limit| {
            let mut by_stab = std::collections::BTreeMap::<usize, u64>::new();
            ctx.search(node, stats, limit, &mut |_, ncand| {
                *by_stab.entry(1 + ncand).or_default() += 1;
            });
            by_stab
        });
        let mut by_stab = std::collections::BTreeMap::new();
        let mut stats = Stats::default();
        for (part, s) in results {
            stats += s;
            for (k, v) in part {
                *by_stab.entry(k).or_default() += v;
            }
        }
        (by_stab, stats)
    }
    with_ctx!(board, Mode::Canonical, |ctx| run(ctx, opts, progress))
}

/// Counts labelled good pairings with no symmetry reduction (`Mode::Labelled` or
/// `Mode::LabelledFirstDomino`), in parallel, and how many of them satisfy `filter`
/// (which sees the codes). A path to the labelled counts that the orbit sums over the
/// catalogue (`crate::pairing::catalogue::census`) must equal.
pub fn count_labelled(
    board: &Board,
    mode: Mode,
    opts: Options,
    filter: &(dyn Fn(&[u8]) -> bool + Sync),
) -> (Stats, u64) {
    assert!(
        mode != Mode::Canonical,
        "count_labelled does no symmetry reduction"
    );
    fn run<S: Shift<B>, B: Bits, const F: usize>(
        ctx: &Ctx<'_, S, B, F>,
        opts: Options,
        filter: &(dyn Fn(&[u8]) -> bool + Sync),
    ) -> (Stats, u64) {
        let frontier = ctx.frontier(3);
        let n = ctx.n;
        let parts: Vec<(Stats, u64)> = with_pool(ctx.board, opts.threads, || {
            frontier
                .par_iter()
                .map(|node| {
                    let mut stats = Stats {
                        subtrees: 1,
                        ..Stats::default()
                    };
                    let mut hits = 0;
                    ctx.search(node, &mut stats, u64::MAX, &mut |leaf, _| {
                        hits += u64::from(filter(&leaf.codes.as_ref()[..n]));
                    });
                    (stats, hits)
                })
                .collect()
        });
        let mut total = (Stats::default(), 0);
        for (s, h) in parts {
            total.0 += s;
            total.1 += h;
        }
        total
    }
    with_ctx!(board, mode, |ctx| run(ctx, opts, filter))
}

/// The first good pairing of `board` in search order (its codes), found by the same
/// search with no symmetry reduction, and the counters of that search: when there is
/// none, `stats.nodes` is the size of the exhaustive search that shows it.
pub fn find_one(board: &Board) -> (Option<Vec<u8>>, Stats) {
    find_one_within(board, None)
}

/// [`find_one`] stopping after `limit` nodes: `(None, stats)` with `stats.cut` set
/// means the search did not finish, so neither a pairing nor its absence is known.
pub fn find_one_within(board: &Board, limit: Option<u64>) -> (Option<Vec<u8>>, Stats) {
    find_one_reporting(board, limit, &|_| {})
}

/// [`find_one_within`] calling `progress(nodes)` every 2^20 nodes (from the searching
/// thread).
pub fn find_one_reporting(
    board: &Board,
    limit: Option<u64>,
    progress: &(dyn Fn(u64) + Sync),
) -> (Option<Vec<u8>>, Stats) {
    fn run<S: Shift<B>, B: Bits, const F: usize>(
        ctx: &Ctx<'_, S, B, F>,
        limit: u64,
        progress: &(dyn Fn(u64) + Sync),
    ) -> (Option<Vec<u8>>, Stats) {
        let root = ctx.root();
        let mut stats = Stats::default();
        let found = with_pool(ctx.board, 1, || {
            ctx.first_leaf(&root.node, &mut stats, limit, progress)
        });
        (
            found.map(|leaf| leaf.codes.as_ref()[..ctx.n].to_vec()),
            stats,
        )
    }
    with_ctx!(board, Mode::Labelled, |ctx| run(
        ctx,
        limit.unwrap_or(u64::MAX),
        progress
    ))
}

/// The first good pairing of `board` in search order (see [`find_one`]).
pub fn first_pairing(board: &Board) -> Option<Vec<u8>> {
    find_one(board).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square8_shifts_match_segment_shifts() {
        let b = Board::square9();
        let t = SegShift::<u64>::new(&b);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for f in 0..4 {
                assert_eq!(Square8.pull(f, x), t.pull(f, x), "pull {f}");
                assert_eq!(Square8.push(f, x), t.push(f, x), "push {f}");
                assert_eq!(Square8.pull_jump(f, x), t.pull_jump(f, x), "jump {f}");
            }
        }
    }

    #[test]
    fn square16_shifts_match_segment_shifts() {
        let b = Board::square9_16();
        assert_eq!(b.fast_path(), Some(crate::core::board::FastPath::Square16));
        let t = SegShift::<u128>::new(&b);
        // Every shift commutes with union, so agreeing on the 128 single cells is
        // agreeing everywhere; random sets check the union too.
        for c in 0..128 {
            for f in 0..4 {
                let s = 1u128 << c;
                assert_eq!(Square16.pull(f, s), t.pull(f, s), "pull {f} of cell {c}");
                assert_eq!(Square16.push(f, s), t.push(f, s), "push {f} of cell {c}");
                assert_eq!(
                    Square16.pull_jump(f, s),
                    t.pull_jump(f, s),
                    "jump {f} of cell {c}"
                );
            }
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            let mut s = 0u128;
            for _ in 0..2 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                s = (s << 64) | u128::from(x);
            }
            for f in 0..4 {
                assert_eq!(Square16.pull(f, s), t.pull(f, s), "pull {f}");
                assert_eq!(Square16.push(f, s), t.push(f, s), "push {f}");
                assert_eq!(Square16.pull_jump(f, s), t.pull_jump(f, s), "jump {f}");
            }
        }
    }

    #[test]
    fn segment_shifts_move_every_cell_by_its_direction() {
        let b = Board::square9_16();
        let t = SegShift::<u128>::new(&b);
        for f in 0..4 {
            for c in 0..b.ncells() {
                let s = 1u128 << c;
                assert_eq!(t.push(f, s), 1u128 << b.neighbor(c, f));
                assert_eq!(t.pull(f, 1u128 << b.neighbor(c, f)), s);
                assert_eq!(t.pull_jump(f, 1u128 << b.jump(f, c)), s);
            }
        }
    }

    #[test]
    fn small_boards() {
        let b = Board::square5();
        let (found, _) = enumerate_all(&b, Options::default());
        assert_eq!(found.len(), 2);
    }
}
