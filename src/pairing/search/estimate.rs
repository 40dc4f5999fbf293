//! Estimates of a search too large to run: Knuth's estimator with exact subtree
//! counts (D. E. Knuth, *Estimating the efficiency of backtrack programs*, Math. Comp.
//! 29 (1975) 121–136).

use super::{Ctx, Mode, Options, SegShift, Shift, Square8, Square16, Stats, with_pool};
use crate::core::board::Board;
use crate::solvers::bits::{Bits, Words};
use rayon::prelude::*;

/// Exact counts below random nodes at a fixed depth.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PartialCounts {
    /// Depth (dominoes placed below the root) of the sampled subtrees.
    pub depth: usize,
    /// Subtrees sampled.
    pub samples: u64,
    /// Samples whose random walk reached depth `depth` (the others hit a dead end).
    pub reached: u64,
    /// Leaves (complete pairings) counted exactly, over all sampled subtrees.
    pub leaves_counted: u64,
    /// Nodes visited by those exact counts.
    pub nodes_counted: u64,
    /// Seconds the exact counts took.
    pub seconds: f64,
    /// Estimated leaves of the whole tree: mean over samples of (product of branching
    /// degrees on the walk) × (exact leaves below).
    pub leaves: f64,
    /// Standard error of that estimate.
    pub leaves_stderr: f64,
    /// Estimated nodes of the whole tree, the same way.
    pub nodes: f64,
}

/// Knuth's estimator with exact subtree counts: `samples` random walks to `depth`,
/// then an exhaustive count below each (in `mode`: `Labelled` or
/// `LabelledFirstDomino`). The exact counts are real partial results of the full
/// search and time its speed; the weighted mean estimates the whole tree.
/// Deterministic for a given `seed` whatever the number of threads.
pub fn partial_counts(
    board: &Board,
    mode: Mode,
    depth: usize,
    samples: u64,
    seed: u64,
    opts: Options,
) -> PartialCounts {
    assert!(
        mode != Mode::Canonical,
        "partial counts walk the unreduced tree"
    );
    fn run<S: Shift<B>, B: Bits, const F: usize>(
        ctx: &Ctx<'_, S, B, F>,
        depth: usize,
        samples: u64,
        seed: u64,
        opts: Options,
    ) -> PartialCounts {
        let root = ctx.root();
        let start = std::time::Instant::now();
        let results: Vec<Option<(f64, Stats, f64)>> = with_pool(ctx.board, opts.threads, || {
            (0..samples)
                .into_par_iter()
                .map(|i| {
                    let mut rng = (seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1;
                    let mut node = root.node;
                    let mut weight = 1.0f64;
                    let mut nodes_above = 1.0f64;
                    let mut kids: Vec<(usize, usize)> = Vec::new();
                    for _ in 0..depth {
                        if node.free.is_empty() {
                            break;
                        }
                        let degree = ctx.random_step(&mut node, &mut rng, &mut kids)?;
                        weight *= degree as f64;
                        nodes_above += weight;
                    }
                    let mut stats = Stats::default();
                    let mut cands = Vec::new();
                    ctx.dfs(&node, &mut cands, 0, &mut stats, u64::MAX, &mut |_, _| {});
                    Some((weight, stats, nodes_above))
                })
                .collect()
        });
        let k = samples.max(1) as f64;
        let est: Vec<f64> = results
            .iter()
            .map(|r| r.as_ref().map_or(0.0, |(w, s, _)| w * s.leaves as f64))
            .collect();
        let mean = est.iter().sum::<f64>() / k;
        let var = est.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (k - 1.0).max(1.0);
        let reached: Vec<&(f64, Stats, f64)> = results.iter().flatten().collect();
        PartialCounts {
            depth,
            samples,
            reached: reached.len() as u64,
            leaves_counted: reached.iter().map(|r| r.1.leaves).sum(),
            nodes_counted: reached.iter().map(|r| r.1.nodes).sum(),
            seconds: start.elapsed().as_secs_f64(),
            leaves: mean,
            leaves_stderr: (var / k).sqrt(),
            nodes: results
                .iter()
                .map(|r| {
                    r.as_ref()
                        .map_or(0.0, |(w, s, above)| above + w * s.nodes as f64)
                })
                .sum::<f64>()
                / k,
        }
    }
    with_ctx!(board, mode, |ctx| run(ctx, depth, samples, seed, opts))
}

/// Random walks of [`quick_size`].
pub const QUICK_WALKS: u64 = 2000;

/// A quick estimate of the size of `board`'s search: Knuth's estimator with plain
/// random walks to the leaves ([`QUICK_WALKS`] of them, seed 1) in the tree of the
/// labelled pairings with the first domino, which the canonical search prunes further
/// by symmetry (on the 8×8 torus it visits 12 times fewer nodes, on the 16-toroidal
/// board 5 times fewer, on the knight game 3 times fewer). Milliseconds on every
/// board amoba ships; heavy-tailed, so read it as an order of magnitude.
///
/// *Returns* the [`PartialCounts`] of depth `nlines` (every walk ends at a leaf or a
/// dead end, so the exact counts below are trivial).
pub fn quick_size(board: &Board, threads: usize) -> PartialCounts {
    partial_counts(
        board,
        Mode::LabelledFirstDomino,
        board.nlines(),
        QUICK_WALKS,
        1,
        Options {
            threads,
            ..Options::default()
        },
    )
}
