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
//!
//! # The answer and the shared verdict
//!
//! A search for an object ends in a [`Verdict`] (`crate::core::verdict`): found, none,
//! or unknown at a limit. A game's question is two-sided instead: Maker wins and
//! Breaker wins are both proofs, each with the winner's strategy, and neither is the
//! "none" of a failed search. The root's answer therefore keeps its own type
//! ([`Outcome`]: the winner, or `None` when undecided, with the nodes and the root's
//! proof and disproof numbers), and [`Answer::verdict`] reads it in the shared
//! vocabulary: `Found(side)` for a decided game (the winner, a proof either way),
//! `Unknown(Limit)` with the nodes spent when the node limit stopped the search. A
//! decided game is never a `None`: a complete search always names a winner.

use super::certificate::{self, Certificate, CertificateError};
use super::solve::{Options, Outcome, Pool, Position, Progress, Solver};
use super::{Game, Side};
use crate::core::verdict::{Limit, Unit, Verdict};
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

    /// The root's answer as a shared verdict (module essay): `Found` with the winner,
    /// or `Unknown` with the nodes spent when the node limit stopped the search. Never
    /// `None`.
    pub fn verdict(&self) -> Verdict<Side, std::convert::Infallible> {
        outcome_verdict(&self.root)
    }
}

/// The verdict of one search of a game (see [`Answer::verdict`]).
pub fn outcome_verdict(outcome: &Outcome) -> Verdict<Side, std::convert::Infallible> {
    match outcome.winner {
        Some(side) => Verdict::Found(side),
        None => Verdict::Unknown(Limit {
            unit: Unit::Nodes,
            spent: outcome.nodes,
        }),
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
            solver.lift_node_limit();
            let c = certificate::extract(&mut solver, &start, w)?;
            (Some(c), solver.nodes() - before)
        }
        _ => (None, 0),
    };
    drop(solver);
    let moves = request.moves.then(|| {
        let free = game.all() & !(game.maker | game.breaker);
        let cells: Vec<usize> = super::cells(free).collect();
        let pool = Pool::new(game, request.memory, request.node_limit);
        cells
            .par_iter()
            .with_max_len(1)
            .map(|&c| {
                let o = pool.with(|s| s.solve(&start.play(c)));
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

/// The value of one first move in the document of `amoba solve --json`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MoveDoc {
    /// The cell's label.
    pub cell: String,
    /// `maker`, `breaker`, or null when its search stopped at the node limit.
    pub winner: Option<&'static str>,
    /// Nodes of its search.
    pub nodes: u64,
}

/// The certificate written, in the document of `amoba solve --json`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CertificateDoc {
    /// Where it was written.
    pub file: String,
    /// Its nodes.
    pub nodes: usize,
    /// Its depth.
    pub depth: usize,
}

/// What the answer cost, in the document of `amoba solve --json`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CostDoc {
    /// Wall time.
    pub seconds: f64,
    /// Peak resident memory of the process, where the system tells it.
    pub peak_memory_bytes: Option<u64>,
}

/// The document of `amoba solve --json` (docs/schemas/solve.schema.json); the
/// explorer (`amoba serve`) answers with it too.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SolveDoc {
    /// The shared provenance block.
    pub provenance: crate::core::provenance::Provenance,
    /// The game's name (the file's when the game has none).
    pub game: String,
    /// SHA-256 of the game file's bytes.
    pub game_sha256: String,
    /// Cells of the game.
    pub cells: usize,
    /// Winning sets.
    pub sets: usize,
    /// Who moves first.
    pub first: &'static str,
    /// Automorphisms folded into the table.
    pub symmetries: usize,
    /// `maker`, `breaker`, or null when not decided.
    pub winner: Option<&'static str>,
    /// Nodes of every search.
    pub nodes: u64,
    /// The root's proof number.
    pub proof_number: u32,
    /// The root's disproof number.
    pub disproof_number: u32,
    /// Every first move's value, when asked.
    pub moves: Option<Vec<MoveDoc>>,
    /// The certificate written, if any.
    pub certificate: Option<CertificateDoc>,
    /// What it cost.
    pub cost: CostDoc,
}

impl SolveDoc {
    /// The document of `answer` for `game`, named `name`, whose file has SHA-256
    /// `sha256`; `command` goes into the provenance, `seconds` is the wall time.
    pub fn new(
        name: &str,
        sha256: &str,
        game: &Game,
        answer: &Answer,
        command: &str,
        certificate: Option<CertificateDoc>,
        seconds: f64,
    ) -> SolveDoc {
        SolveDoc {
            provenance: crate::core::provenance::Provenance::new(name, command, None)
                .stamped(&crate::core::provenance::SOLVE),
            game: name.to_string(),
            game_sha256: sha256.to_string(),
            cells: game.ncells(),
            sets: game.sets.len(),
            first: game.first.word(),
            symmetries: answer.symmetries,
            winner: answer.root.winner.map(Side::word),
            nodes: answer.total_nodes(),
            proof_number: answer.root.pn,
            disproof_number: answer.root.dn,
            moves: answer.moves.as_ref().map(|m| {
                m.iter()
                    .map(|v| MoveDoc {
                        cell: game.label(v.cell).to_string(),
                        winner: v.winner.map(Side::word),
                        nodes: v.nodes,
                    })
                    .collect()
            }),
            certificate,
            cost: CostDoc {
                seconds,
                peak_memory_bytes: crate::core::io::peak_memory_bytes(),
            },
        }
    }
}
