//! The pairing move and the pairing graph: construction ([`build`], from the moves of
//! [`moves`]), breadth-first search ([`bfs`]), exact diameters ([`diameter`]), cycle
//! structure ([`structure`]), the analysis that gathers them ([`analysis`]), the
//! questions `amoba query`, `path` and `select` ask of one class or two ([`query`]) and
//! the on-disk index that answers them fast ([`index`]).

pub mod analysis;
pub mod bfs;
pub mod build;
pub mod diameter;
pub mod index;
pub mod moves;
pub mod query;
pub mod structure;

pub use build::{BuildStats, GraphError, Naming, PairingGraph};

/// The pairing graph of `cat` (docs/spec.md §5) for look-ups — the component and degree of a
/// class, as `amoba verify` and `amoba show` report them: [`PairingGraph::build`]
/// without its construction counters.
///
/// *Cost*: about 0.3 s for square9's 194,543 classes on two cores.
///
/// # Errors
///
/// As [`PairingGraph::build`]: a catalogue that is incomplete or not canonical.
pub fn of_catalogue(
    board: &crate::core::board::Board,
    cat: &crate::pairing::catalogue::Catalogue,
) -> Result<PairingGraph, GraphError> {
    PairingGraph::build(board, cat).map(|(graph, _)| graph)
}

/// Why `board` has no pairing graph, if it has none: the move (docs/spec.md §5) slides
/// one domino along its line, which keeps a pairing good only when every line holds one
/// domino.
pub fn no_graph_reason(board: &crate::core::board::Board) -> Option<String> {
    if board.one_domino_per_line() {
        return None;
    }
    Some(format!(
        "board {}: the pairing move (docs/spec.md §5) slides one domino along its line, \
         which keeps a pairing good only when every line holds one domino; this board's \
         lines hold {} dominoes, so it has no pairing graph",
        board.name(),
        (0..board.nfamilies())
            .map(|f| board.per_line(f).to_string())
            .collect::<Vec<_>>()
            .join("/")
    ))
}
