//! One question about a game, answered whole: the winner, the value of every first
//! move, and the winner's certificate (docs/spec.md §11). This is what `amoba solve`
//! and the games report call; the command only parses and prints.
//!
//! # Determinism
//!
//! The root is searched by one [`Solver`] with one table, so its node count depends
//! only on the game and the table size. The first moves are searched each by a fresh
//! solver with a table of the same size, in parallel over the threads of rayon's
//! pool: every move's count, and so the whole answer, is the same for any number of
//! threads (with `--threads T`, up to `T` tables are in memory at once).

use super::certificate::{self, Certificate, CertificateError};
use super::solve::{Options, Outcome, Position, Progress, Solver};
use super::{Game, Side};
use rayon::prelude::*;

/// What to compute and within which limits.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// Bytes for each search's transposition table.
    pub memory: usize,
    /// The most nodes of each search (the root's, and each first move's).
    pub node_limit: Option<u64>,
    /// Also decide the position after each first move.
    pub moves: bool,
    /// Also extract the winner's strategy.
    pub certificate: bool,
}

/// The value of one first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The cell taken.
    pub cell: usize,
    /// Who wins after it, or `None` when its search stopped at the node limit.
    pub winner: Option<Side>,
    /// Nodes of its search.
    pub nodes: u64,
}

/// The answer to a [`Request`].
#[derive(Clone, Debug)]
pub struct Answer {
    /// The root's search.
    pub root: Outcome,
    /// Automorphisms of the game folded into the table.
    pub symmetries: usize,
    /// Bytes of each table.
    pub table_bytes: usize,
    /// The first moves' values (free cells in order), when asked.
    pub moves: Option<Vec<MoveValue>>,
    /// The winner's strategy, when asked and decided.
    pub certificate: Option<Certificate>,
    /// Nodes searched again while extracting the certificate (positions the table had
    /// forgotten).
    pub certificate_nodes: u64,
}

impl Answer {
    /// Nodes of every search together.
    pub fn total_nodes(&self) -> u64 {
        self.root.nodes
            + self.certificate_nodes
            + self.moves.iter().flatten().map(|m| m.nodes).sum::<u64>()
    }
}

/// Answers `request` about the starting position of `game`; `progress` (if any) is
/// called from the root's search every 65,536 nodes.
///
/// # Errors
///
/// [`CertificateError`] when the certificate cannot be extracted (a table collision
/// that the re-search does not confirm; the checker would refuse such a strategy).
///
/// # Example
///
/// ```
/// use amoba::game::decide::{Request, decide};
/// use amoba::game::{Game, Side};
/// // Tic-tac-toe: Maker wins.
/// let lines: [[usize; 3]; 8] = [[0,1,2],[3,4,5],[6,7,8],[0,3,6],[1,4,7],[2,5,8],[0,4,8],[2,4,6]];
/// let game = Game {
///     name: "tic-tac-toe".into(),
///     labels: (0..9).map(|c| c.to_string()).collect(),
///     coords: None,
///     sets: lines.iter().map(|l| l.iter().fold(0u128, |a, &c| a | 1 << c)).collect(),
///     first: Side::Maker,
///     maker: 0,
///     breaker: 0,
/// };
/// let req = Request { memory: 1 << 20, node_limit: None, moves: true, certificate: true };
/// let answer = decide(&game, &req, None).unwrap();
/// assert_eq!(answer.root.winner, Some(Side::Maker));
/// assert_eq!(answer.moves.unwrap().len(), 9);
/// ```
pub fn decide(
    game: &Game,
    request: &Request,
    progress: Option<&(dyn Fn(&Progress) + Sync)>,
) -> Result<Answer, CertificateError> {
    let options = Options {
        memory: request.memory,
        node_limit: request.node_limit,
        progress,
    };
    let start = Position::start(game);
    let mut solver = Solver::new(game, &options);
    let root = solver.solve(&start);
    let symmetries = solver.symmetries().len();
    let table_bytes = solver.table().bytes();
    let (certificate, certificate_nodes) = match (request.certificate, root.winner) {
        (true, Some(w)) => {
            let before = solver.nodes();
            let c = certificate::extract(&mut solver, &start, w)?;
            (Some(c), solver.nodes() - before)
        }
        _ => (None, 0),
    };
    drop(solver);
    let moves = request.moves.then(|| {
        let free = game.all() & !(game.maker | game.breaker);
        let cells: Vec<usize> = super::cells(free).collect();
        cells
            .par_iter()
            .map(|&c| {
                let options = Options {
                    memory: request.memory,
                    node_limit: request.node_limit,
                    progress: None,
                };
                let mut s = Solver::new(game, &options);
                let o = s.solve(&start.play(c));
                MoveValue {
                    cell: c,
                    winner: o.winner,
                    nodes: o.nodes,
                }
            })
            .collect()
    });
    Ok(Answer {
        root,
        symmetries,
        table_bytes,
        moves,
        certificate,
        certificate_nodes,
    })
}
