//! One question about a game, answered whole: the winner, the value of every first
//! move, and the winner's certificate (docs/spec.md §11). This is what `amoba solve`
//! and the games report call; the command only parses and prints.
//!
//! # Determinism
//!
//! The root is searched by one [`Solver`] with one table, so its node count depends
//! only on the game and the table size. The first moves searched (one per class,
//! below) are searched each by a fresh solver with a table of the same size, in
//! parallel over the threads of rayon's pool: every move's count, and so the whole
//! answer, is the same for any number of threads (with `--threads T`, up to `T` tables
//! are in memory at once).
//!
//! # First moves that an automorphism exchanges
//!
//! An automorphism of the game that fixes the starting position maps the position
//! after a first move `c` onto the position after its image, so the two have one
//! winner (docs/spec.md §11.8). Only one move of each class is searched — its
//! *representative*, the least cell reached from it by repeatedly taking the least
//! image under the automorphisms the solver folds ([`first_move_classes`]) — and the
//! others take its winner, with no nodes of their own and the representative named in
//! [`MoveValue::same_as`]. On the strip boards, whose mirror exchanges the columns in
//! pairs, that is about half the work of `--moves`, and two mirror-image moves can no
//! longer read "decided" and "not decided" side by side.
//!
//! With [`Request::move_certificates`], each representative decided gets its winner's
//! strategy, extracted with the table of its own search, and each move joined to it
//! the same strategy with its cells renamed by the inverse of the automorphism that
//! took the move to its representative (the composition of the steps,
//! [`first_move_classes`]): an automorphism fixing the start maps a winning strategy
//! from one position onto a winning strategy from its image (docs/spec.md §11.8). The
//! checker replays each against the game after its own move ([`after_move_file`]), so
//! the renaming is checked, not trusted.
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
//! `Unknown(Limit)` with the nodes spent when the node limit (or the stop flag) stopped
//! the search. A
//! decided game is never a `None`: a complete search always names a winner.

use super::certificate::{self, Certificate, CertificateError};
use super::solve::{
    Batch, BatchRoot, Narrow, Options, Outcome, Pool, Position, Progress, Solver, stop_set,
};
use super::symmetry::image;
use super::{Game, Side};
use crate::core::verdict::{Limit, Unit, Verdict};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// What to compute and within which limits.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// Bytes for each search's transposition table.
    pub memory: usize,
    /// The most nodes of each search (the root's, and each first move's unless
    /// `move_node_limit` says otherwise).
    pub node_limit: Option<u64>,
    /// Also decide the position after each first move.
    pub moves: bool,
    /// The most nodes of each first move's search; `None`: `node_limit`.
    pub move_node_limit: Option<u64>,
    /// Also extract the winner's strategy.
    pub certificate: bool,
    /// With `moves`: also the winner's strategy after each first move decided
    /// ([`MoveValue::certificate`]).
    pub move_certificates: bool,
    /// Flags that stop every search once one is set ([`Options::stop`]); what they
    /// cut short is left out of the answer, which says so ([`Answer::interrupted`]).
    pub stop: &'a [&'a AtomicBool],
    /// Search only the heaviest moves of one player ([`Options::narrow`]).
    pub narrow: Option<Narrow>,
}

/// The value of one first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The cell taken.
    pub cell: usize,
    /// The search of the position after it: the winner, or `None` when it stopped at
    /// the node limit (or the stop flag stopped it); its nodes (0 when the move took
    /// another move's winner); and the proof and disproof numbers it ended with, which
    /// say, where it stopped undecided, how near each side came (a small `pn`, a
    /// Maker win near). A move joined to another takes that move's outcome.
    pub outcome: Outcome,
    /// The move whose search gave the winner, when it is not this one: an
    /// automorphism of the game that fixes the starting position maps one onto the
    /// other (module documentation).
    pub same_as: Option<usize>,
    /// With [`Request::move_certificates`], when the move is decided: the winner's
    /// strategy from the position after it (the game of [`after_move_file`]). A move
    /// joined to another gets that move's strategy with every cell renamed by the
    /// automorphism that joins them ([`Certificate::mapped`]).
    pub certificate: Option<Certificate>,
    /// Nodes searched again while extracting that strategy (0 for a joined move).
    pub certificate_nodes: u64,
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
    /// Whether [`Request::stop`] cut the answer short: the root undecided, a first
    /// move undecided, or a certificate asked for (the root's or a decided first
    /// move's) missing, because the flag was set.
    pub interrupted: bool,
    /// The narrowing of the searches ([`Request::narrow`]): once it has left out a
    /// move, only that player's wins are reported.
    pub narrow: Option<Narrow>,
}

impl Answer {
    /// Nodes of every search together.
    pub fn total_nodes(&self) -> u64 {
        self.root.nodes
            + self.certificate_nodes
            + self
                .moves
                .iter()
                .flatten()
                .map(|m| m.outcome.nodes + m.certificate_nodes)
                .sum::<u64>()
    }

    /// The root's answer as a shared verdict (module essay): `Found` with the winner,
    /// or `Unknown` with the nodes spent when the node limit or the stop flag stopped
    /// the search, or a narrowed search found no win ([`Narrow::exhausted`]). Never
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
/// called every 65,536 nodes from the root's search and from each first move's
/// search, which names its move ([`Progress::batch`]).
///
/// # Errors
///
/// [`CertificateError`] when a certificate (the root's or a first move's) cannot be
/// extracted (a table collision that the re-search does not confirm; the checker
/// would refuse such a strategy).
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
/// let req = Request {
///     memory: 1 << 20,
///     node_limit: None,
///     moves: true,
///     move_node_limit: None,
///     certificate: true,
///     move_certificates: true,
///     stop: &[],
///     narrow: None,
/// };
/// let answer = decide(&game, &req, None).unwrap();
/// assert_eq!(answer.root.winner, Some(Side::Maker));
/// let moves = answer.moves.unwrap();
/// assert_eq!(moves.len(), 9);
/// // Every first move is decided here, each with its winner's strategy.
/// assert!(moves.iter().all(|m| m.certificate.as_ref().map(|c| c.winner) == m.outcome.winner));
/// ```
pub fn decide(
    game: &Game,
    request: &Request,
    progress: Option<&(dyn Fn(&Progress) + Sync)>,
) -> Result<Answer, CertificateError> {
    decide_reporting(game, request, progress, None)
}

/// A first move decided, as soon as its search has ended: the cell and its winner's
/// strategy from the position after it ([`MoveValue::certificate`]), called from the
/// thread of that search.
pub type OnMove<'a> = &'a (dyn Fn(usize, &Certificate) + Sync);

/// [`decide`], with `on_move` told of each first move's strategy as soon as its search
/// ends (with [`Request::move_certificates`]): the move searched, then each move an
/// automorphism joins to it, with the strategy renamed — the same strategies, in some
/// order, that the answer holds at the end. A caller that writes them keeps what a
/// long run has proved even if the run is killed before its end.
///
/// # Errors
///
/// Those of [`decide`].
pub fn decide_reporting(
    game: &Game,
    request: &Request,
    progress: Option<&(dyn Fn(&Progress) + Sync)>,
    on_move: Option<OnMove>,
) -> Result<Answer, CertificateError> {
    let options = Options {
        memory: request.memory,
        node_limit: request.node_limit,
        progress,
        stop: request.stop,
        narrow: request.narrow,
    };
    let start = Position::start(game);
    let mut solver = Solver::new(game, &options);
    let root = solver.solve(&start);
    let symmetries = solver.symmetries().len();
    let table_bytes = solver.table().bytes();
    let classes = request
        .moves
        .then(|| first_move_maps(game, solver.symmetries()));
    let move_limit = request.move_node_limit.or(request.node_limit);
    let (certificate, certificate_nodes) =
        certified(&mut solver, &start, &root, request.certificate)?;
    drop(solver);
    let moves = classes.map(|classes| -> Result<Vec<MoveValue>, CertificateError> {
        let searched: Vec<usize> = classes
            .iter()
            .filter(|&(c, rep, _)| c == rep)
            .map(|&(c, _, _)| c)
            .collect();
        let tally = Batch {
            ended: 0.into(),
            searches: searched.len() as u32,
        };
        let pool = Pool::new(
            game,
            Options {
                node_limit: move_limit,
                ..options
            },
        );
        let searches: Vec<Searched> = searched
            .par_iter()
            .with_max_len(1)
            .map(|&c| {
                let r = pool.with(|s| -> Result<Searched, CertificateError> {
                    s.set_batch(BatchRoot::FirstMove(c as u8), &tally);
                    let after = start.play(c);
                    let outcome = s.solve(&after);
                    let (certificate, certificate_nodes) =
                        certified(s, &after, &outcome, request.move_certificates).map_err(|e| {
                            CertificateError::AfterMove {
                                label: game.label(c).to_string(),
                                source: Box::new(e),
                            }
                        })?;
                    // The moves joined to this one get its strategy renamed, made once,
                    // here, so that the listener hears of them with it.
                    let joined: Vec<(usize, Certificate)> = match &certificate {
                        Some(cert) => classes
                            .iter()
                            .filter(|&&(cell, rep, _)| rep == c && cell != c)
                            .map(|(cell, _, map)| (*cell, cert.mapped(&inverse(map))))
                            .collect(),
                        None => Vec::new(),
                    };
                    if let (Some(tell), Some(cert)) = (on_move, &certificate) {
                        tell(c, cert);
                        joined
                            .iter()
                            .for_each(|(cell, renamed)| tell(*cell, renamed));
                    }
                    Ok(Searched {
                        outcome,
                        certificate,
                        certificate_nodes,
                        joined,
                    })
                });
                tally.ended.fetch_add(1, Ordering::Relaxed);
                r
            })
            .collect::<Result<_, _>>()?;
        let mut values: Vec<MoveValue> = classes
            .iter()
            .map(|(cell, rep, _)| {
                let (cell, rep) = (*cell, *rep);
                let i = searched
                    .binary_search(&rep)
                    .expect("a representative is its own representative, so it was searched");
                let o = &searches[i];
                let joined = cell != rep;
                MoveValue {
                    cell,
                    outcome: Outcome {
                        nodes: if joined { 0 } else { o.outcome.nodes },
                        ..o.outcome
                    },
                    same_as: joined.then_some(rep),
                    // The strategies are moved in below, not copied.
                    certificate: None,
                    certificate_nodes: if joined { 0 } else { o.certificate_nodes },
                }
            })
            .collect();
        let at = |c: usize| {
            classes
                .binary_search_by_key(&c, |&(cell, _, _)| cell)
                .expect("a move searched or joined is a free cell")
        };
        for (&c, s) in searched.iter().zip(searches) {
            values[at(c)].certificate = s.certificate;
            for (cell, renamed) in s.joined {
                values[at(cell)].certificate = Some(renamed);
            }
        }
        Ok(values)
    });
    let moves = moves.transpose()?;
    // What the flag cut short: a search left undecided before its node limit, or the
    // certificate of a decided root.
    let stopped = stop_set(request.stop);
    // A narrowed search that found no win ran to its end: not cut short.
    let short = |o: &Outcome, limit: Option<u64>| {
        o.winner.is_none()
            && !Narrow::exhausted(request.narrow, o.pn, o.dn)
            && limit.is_none_or(|l| o.nodes < l)
    };
    let cut = short(&root, request.node_limit)
        || (request.certificate && root.winner.is_some() && certificate.is_none())
        || moves.iter().flatten().any(|m: &MoveValue| {
            m.same_as.is_none()
                && (short(&m.outcome, move_limit)
                    || (request.move_certificates
                        && m.outcome.winner.is_some()
                        && m.certificate.is_none()))
        });
    Ok(Answer {
        root,
        symmetries,
        table_bytes,
        moves,
        certificate,
        certificate_nodes,
        interrupted: stopped && cut,
        narrow: request.narrow,
    })
}

/// Each free cell of the starting position of `game`, in increasing order, with the
/// representative of its class (module documentation): from the cell, the least image
/// under the automorphisms in `syms` that fix the starting position, taken again
/// until it no longer changes. The representative of a representative is itself.
///
/// `syms` may be any set of automorphisms (the solver's search for them may stop
/// early); every step follows one of them, so a cell and its representative always
/// have one winner.
///
/// Every automorphism in `syms` is a permutation of all the game's cells (one entry
/// per cell), as the solver's are.
///
/// Complexity: `O(n · (s + c) · steps)` for `n` free cells, `s` automorphisms and `c`
/// cells (the automorphism taking each cell to its representative is composed as
/// well), each step lowering the cell.
///
/// # Example
///
/// ```
/// use amoba::game::decide::first_move_classes;
/// use amoba::game::{Game, Side};
/// // A path 0 – 1 – 2 of two sets: its mirror exchanges cells 0 and 2.
/// let game = Game {
///     name: "path".into(),
///     labels: (0..3).map(|c| c.to_string()).collect(),
///     coords: None,
///     sets: vec![0b011, 0b110],
///     first: Side::Maker,
///     maker: 0,
///     breaker: 0,
/// };
/// let syms = vec![vec![0, 1, 2], vec![2, 1, 0]];
/// assert_eq!(first_move_classes(&game, &syms), vec![(0, 0), (1, 1), (2, 0)]);
/// ```
pub fn first_move_classes(game: &Game, syms: &[Vec<u8>]) -> Vec<(usize, usize)> {
    first_move_maps(game, syms)
        .into_iter()
        .map(|(c, rep, _)| (c, rep))
        .collect()
}

/// [`first_move_classes`], each cell also with the automorphism that takes it to its
/// representative (the composition of the steps taken; the identity for a
/// representative). It fixes the starting position, so it maps the position after
/// the cell onto the position after the representative.
fn first_move_maps(game: &Game, syms: &[Vec<u8>]) -> Vec<(usize, usize, Vec<u8>)> {
    let fixing: Vec<&Vec<u8>> = syms
        .iter()
        .filter(|g| image(game.maker, g) == game.maker && image(game.breaker, g) == game.breaker)
        .collect();
    let free = game.all() & !(game.maker | game.breaker);
    let identity: Vec<u8> = (0..game.ncells()).map(|c| c as u8).collect();
    super::cells(free)
        .map(|c| {
            let (mut rep, mut map) = (c, identity.clone());
            while let Some(g) = fixing
                .iter()
                .filter(|g| (g[rep] as usize) < rep)
                .min_by_key(|g| g[rep])
            {
                rep = g[rep] as usize;
                for x in map.iter_mut() {
                    *x = g[*x as usize];
                }
            }
            (c, rep, map)
        })
        .collect()
}

/// The inverse of the permutation `map` of the cells.
fn inverse(map: &[u8]) -> Vec<u8> {
    let mut inv = vec![0; map.len()];
    for (x, &y) in map.iter().enumerate() {
        inv[y as usize] = x as u8;
    }
    inv
}

/// The winner's strategy from `p`, which `solver` has just searched with `outcome`,
/// when `wanted` and decided ([`certificate::extract_unless_stopped`]), with the nodes
/// the extraction searched again.
fn certified(
    solver: &mut Solver,
    p: &Position,
    outcome: &Outcome,
    wanted: bool,
) -> Result<(Option<Certificate>, u64), CertificateError> {
    match (wanted, outcome.winner) {
        (true, Some(w)) => {
            let before = solver.nodes();
            let c = certificate::extract_unless_stopped(solver, p, w)?;
            Ok((c, solver.nodes() - before))
        }
        _ => Ok((None, 0)),
    }
}

/// One first move's search: its outcome, and the strategy extracted when asked.
struct Searched {
    outcome: Outcome,
    certificate: Option<Certificate>,
    certificate_nodes: u64,
    /// The moves joined to it, each with the strategy renamed.
    joined: Vec<(usize, Certificate)>,
}

/// The game file of the position after the first move `cell` — the bytes `amoba game
/// after FILE --moves LABEL` writes, `file` being the game file as typed — with the
/// game it holds and the SHA-256 of its bytes, which a strategy for that position
/// names ([`MoveValue::certificate`]).
///
/// # Errors
///
/// As [`super::generate::after_finished`] (a cell that is not free, a game Maker has
/// already won), or a game that no game file can hold (argument `game`).
///
/// # Example
///
/// ```
/// use amoba::game::decide::after_move_file;
/// use amoba::game::generate;
/// let strip = generate::strip_7tr(8).unwrap();
/// let (after, bytes, sha) = after_move_file(&strip, "strip7tr-8.game", 8).unwrap();
/// assert_eq!(after.maker, 1 << 8);
/// assert!(String::from_utf8(bytes).unwrap().contains("after the moves 0,1"));
/// assert_eq!(sha.len(), 64);
/// ```
pub fn after_move_file(
    game: &Game,
    file: &str,
    cell: usize,
) -> Result<(Game, Vec<u8>, String), super::generate::GenerateError> {
    use sha2::{Digest, Sha256};
    let label = game.labels.get(cell).map_or("", String::as_str);
    let (after, comments) = super::generate::after_finished(game, file, label, None)?;
    let mut bytes = Vec::new();
    // Into memory, this fails only for a game no file can hold (a name or label
    // outside the grammar).
    super::file::write_commented(&after, &comments, &mut bytes).map_err(|e| {
        super::generate::GenerateError {
            argument: "game",
            message: e.to_string(),
        }
    })?;
    let sha = crate::core::provenance::hex(&Sha256::digest(&bytes));
    Ok((after, bytes, sha))
}

/// The value of one first move in the document of `amoba solve --json`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MoveDoc {
    /// The cell's label.
    pub cell: String,
    /// `maker`, `breaker`, or null when its search stopped at the node limit or was
    /// interrupted.
    pub winner: Option<Side>,
    /// Nodes of its search (0 when it took the winner of another move's search).
    pub nodes: u64,
    /// The proof number (Maker's side) of the position after it at the end of its
    /// search: 0 when Maker wins.
    pub proof_number: u32,
    /// The disproof number of the position after it: 0 when Breaker wins.
    pub disproof_number: u32,
    /// The label of the move whose search gave the winner, when it is not this one
    /// (an automorphism of the game that fixes the starting position maps one onto
    /// the other), or null.
    pub same_as: Option<String>,
    /// The certificate written for it (`amoba solve --move-certificates`), or null.
    pub certificate: Option<CertificateDoc>,
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
    /// The cells each player owns at the start: the position decided.
    pub start: StartDoc,
    /// Automorphisms folded into the table.
    pub symmetries: usize,
    /// `maker`, `breaker`, or null when not decided.
    pub winner: Option<Side>,
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
    /// Whether an interruption (SIGINT or SIGTERM) cut the answer short: what it cut
    /// short reads undecided or is missing.
    pub interrupted: bool,
    /// The narrowing of the searches (`--narrow`), or null: once it has left out a
    /// move, only the narrowed player's wins are reported.
    pub narrow: Option<Narrow>,
    /// What it cost.
    pub cost: CostDoc,
}

/// The starting position in a [`SolveDoc`]: each player's cells, by label in cell
/// order (both empty for a game from the empty position).
#[derive(Clone, Debug, serde::Serialize)]
pub struct StartDoc {
    /// Maker's cells.
    pub maker: Vec<String>,
    /// Breaker's cells.
    pub breaker: Vec<String>,
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
            start: StartDoc {
                maker: game.labels_of(game.maker).map(String::from).collect(),
                breaker: game.labels_of(game.breaker).map(String::from).collect(),
            },
            symmetries: answer.symmetries,
            winner: answer.root.winner,
            nodes: answer.total_nodes(),
            proof_number: answer.root.pn,
            disproof_number: answer.root.dn,
            moves: answer.moves.as_ref().map(|m| {
                m.iter()
                    .map(|v| MoveDoc {
                        cell: game.label(v.cell).to_string(),
                        winner: v.outcome.winner,
                        nodes: v.outcome.nodes,
                        proof_number: v.outcome.pn,
                        disproof_number: v.outcome.dn,
                        same_as: v.same_as.map(|c| game.label(c).to_string()),
                        certificate: None,
                    })
                    .collect()
            }),
            certificate,
            interrupted: answer.interrupted,
            narrow: answer.narrow,
            cost: CostDoc {
                seconds,
                peak_memory_bytes: crate::core::io::peak_memory_bytes(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::solve::STOP_EVERY;

    /// The path 0 – 1 – 2 – 3 of three sets, with Maker's cell `maker` at the start.
    fn path(maker: crate::game::Cells) -> Game {
        Game {
            name: "path".into(),
            labels: (0..4).map(|c| c.to_string()).collect(),
            coords: None,
            sets: vec![0b0011, 0b0110, 0b1100],
            first: Side::Breaker,
            maker,
            breaker: 0,
        }
    }

    /// The mirror exchanges first moves only when it fixes the starting position.
    #[test]
    fn only_automorphisms_fixing_the_start_join_first_moves() {
        let syms = vec![vec![0, 1, 2, 3], vec![3, 2, 1, 0]];
        let empty = first_move_classes(&path(0), &syms);
        assert_eq!(empty, vec![(0, 0), (1, 1), (2, 1), (3, 0)]);
        // Maker owns cell 0: the mirror would move it to 3, so nothing is joined.
        let held = first_move_classes(&path(0b0001), &syms);
        assert_eq!(held, vec![(1, 1), (2, 2), (3, 3)]);
        // The automorphism that comes with each cell takes it to its representative.
        for (c, rep, map) in first_move_maps(&path(0), &syms) {
            assert_eq!(map[c] as usize, rep);
            assert_eq!(inverse(&map)[rep] as usize, c);
        }
    }

    /// A joined move takes its representative's winner, with no nodes of its own; the
    /// values agree with the moves searched one by one.
    #[test]
    fn joined_first_moves_take_their_representatives_winner() {
        let game = path(0);
        let req = Request {
            memory: 1 << 20,
            node_limit: None,
            moves: true,
            move_node_limit: None,
            certificate: false,
            move_certificates: false,
            stop: &[],
            narrow: None,
        };
        let moves = decide(&game, &req, None).unwrap().moves.unwrap();
        assert_eq!(moves.len(), 4);
        assert_eq!(moves.iter().filter(|m| m.same_as.is_some()).count(), 2);
        for m in &moves {
            let rep = m.same_as.unwrap_or(m.cell);
            assert_eq!(m.outcome.winner, moves[rep].outcome.winner);
            if m.same_as.is_some() {
                assert_eq!(m.outcome.nodes, 0);
            }
            let mut alone = game.clone();
            alone.breaker |= 1 << m.cell;
            alone.first = Side::Maker;
            let o = decide(
                &alone,
                &Request {
                    moves: false,
                    ..req
                },
                None,
            )
            .unwrap();
            assert_eq!(o.root.winner, m.outcome.winner, "after {}", m.cell);
        }
    }

    /// A stop flag set during the search stops it within [`crate::game::solve::STOP_EVERY`]
    /// nodes, leaves the first moves unsearched and the certificate out, and says so;
    /// the same request without it is not interrupted.
    #[test]
    fn a_stop_flag_cuts_the_answer_short() {
        let game = crate::game::generate::strip_7tr(11).unwrap();
        let stop = AtomicBool::new(false);
        let req = Request {
            memory: 1 << 24,
            node_limit: None,
            moves: true,
            move_node_limit: None,
            certificate: true,
            move_certificates: false,
            stop: &[&stop],
            narrow: None,
        };
        // The first progress report comes at 65,536 nodes; the root needs more.
        let set = |_: &Progress| stop.store(true, Ordering::Relaxed);
        let cut = decide(&game, &req, Some(&set)).unwrap();
        assert!(cut.interrupted);
        assert_eq!(cut.root.winner, None);
        let nodes = cut.root.nodes;
        assert!(
            (1 << 16..=(1 << 16) + STOP_EVERY).contains(&nodes),
            "{nodes}"
        );
        assert!(cut.certificate.is_none());
        assert!(cut.moves.unwrap().iter().all(|m| m.outcome.nodes <= 1));
        let path = path(0);
        let whole = decide(&path, &Request { stop: &[], ..req }, None).unwrap();
        assert!(!whole.interrupted);
        assert!(whole.root.winner.is_some() && whole.certificate.is_some());
    }
}
