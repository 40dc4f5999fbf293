//! Whether enumerating a board's classes is within reach, decided before the work
//! starts (`amoba enumerate`, `count` and `graph` refuse what is not, unless forced).
//!
//! A board the search cannot hold ([`crate::pairing::search::searchable`]) is refused
//! outright. A board whose file says `catalogue = true` is taken on; one whose file
//! says `catalogue = false` is refused with the full estimate of
//! [`super::results::estimate_board`] (Knuth's estimator, the measured speed, the
//! years it would take); one whose file says nothing is refused when the quick
//! estimate of [`crate::pairing::search::quick_size`] exceeds [`QUICK_LIMIT`] nodes.
//! `force` takes on every searchable board.

use crate::core::board::Board;
use crate::pairing::search::SearchError;

/// Nodes of the unreduced search tree beyond which [`check`] refuses a board whose
/// file says nothing about feasibility: at the few million nodes per second of one
/// core, and with the symmetry pruning of the canonical search, days of work at the
/// least.
pub const QUICK_LIMIT: f64 = 1e12;

/// Why a board's enumeration was refused before it started.
#[derive(Debug, thiserror::Error)]
pub enum ReachError {
    /// The search cannot hold the board.
    #[error("board {board}")]
    Unsearchable {
        /// The board's name.
        board: String,
        /// What the search cannot hold.
        #[source]
        cause: SearchError,
    },
    /// The board file says its catalogue is out of reach; the full estimate agrees.
    #[error(
        "board {board}: a full enumeration is out of reach: about {labelled:.1e} labelled \
         good pairings, {nodes:.1e} search nodes, about {years:.0e} years at the measured \
         {rate:.1e} nodes/s (Knuth's estimator over {samples} random subtrees; `amoba \
         reproduce --board {board}` writes the estimate). Pass --force to run it anyway."
    )]
    OutOfReach {
        /// The board's name.
        board: String,
        /// Estimated labelled good pairings.
        labelled: f64,
        /// Estimated search nodes.
        nodes: f64,
        /// Estimated years of one machine.
        years: f64,
        /// Measured nodes per second.
        rate: f64,
        /// Random subtrees of the estimate.
        samples: u64,
    },
    /// The quick estimate of a board its file says nothing about exceeds
    /// [`QUICK_LIMIT`].
    #[error(
        "board {board}: a full enumeration looks out of reach: Knuth's estimator ({samples} \
         random walks) puts the search tree of the pairings with the first domino at about \
         {nodes:.1e} nodes and {leaves:.1e} leaves, beyond the {QUICK_LIMIT:.0e} nodes \
         (days of work) this command takes on without being asked; the symmetry pruning of \
         the enumeration saves a factor of a few to a few dozen. Pass --force to run it \
         anyway, split it with `amoba count --shard I/N`, or set `catalogue = false` in a \
         board file for `amoba reproduce` to write a fuller estimate."
    )]
    LooksLarge {
        /// The board's name.
        board: String,
        /// Random walks of the quick estimate.
        samples: u64,
        /// Estimated nodes.
        nodes: f64,
        /// Estimated leaves.
        leaves: f64,
    },
}

/// Refuses the enumeration of `board` when it is out of reach (see the module essay),
/// unless `force` is set. `estimating` is called before the full estimate, which takes
/// a while, so that the caller can say so.
pub fn check(
    board: &Board,
    threads: usize,
    force: bool,
    estimating: impl FnOnce(),
) -> Result<(), ReachError> {
    crate::pairing::search::searchable(board, true).map_err(|cause| ReachError::Unsearchable {
        board: board.name().into(),
        cause,
    })?;
    if force || board.info().catalogue == Some(true) {
        return Ok(());
    }
    if board.info().catalogue.is_none() {
        let quick = crate::pairing::search::quick_size(board, threads);
        if quick.nodes <= QUICK_LIMIT {
            return Ok(());
        }
        return Err(ReachError::LooksLarge {
            board: board.name().into(),
            samples: quick.samples,
            nodes: quick.nodes,
            leaves: quick.leaves,
        });
    }
    estimating();
    let run = super::results::estimate_board(board, threads);
    Err(ReachError::OutOfReach {
        board: board.name().into(),
        labelled: run.estimated_labelled,
        nodes: run.estimated_nodes,
        years: run.estimated_years,
        rate: run.nodes_per_second,
        samples: run.partial.samples,
    })
}
