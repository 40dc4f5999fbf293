//! What `amoba solve GAME` prints of a whole search ([`crate::game::decide`]): the
//! text of the answer, the progress line of the root's search, and the exit status
//! (0 decided, 1 not decided within the limits given), and the files of the first
//! moves decided ([`MoveFiles`]). A split search is [`super::solve_parts`]'s.

use crate::core::io::write_atomic;
use crate::core::text::counted;
use crate::game::Game;
use crate::game::certificate::Certificate;
use crate::game::decide::{Answer, CertificateDoc, after_move_file};
use crate::game::solve::{BatchProgress, BatchRoot, Narrow, Progress};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;

/// The exit status of `answer`: 0 when the root is decided, 1 when not. (An
/// interrupted `amoba solve` ends by its signal instead, after printing.)
pub fn status(answer: &Answer) -> u8 {
    if answer.root.winner.is_some() { 0 } else { 1 }
}

/// The text of `answer` for the game `game` named `name`, decided in `seconds`: the
/// game (with its starting position when that is not empty), the winner (or the
/// root's numbers when not decided), the nodes with the time and the peak memory,
/// then with `--moves` who wins after each first move.
pub fn text(game: &Game, name: &str, answer: &Answer, seconds: f64) -> String {
    let mut s = String::new();
    let from = crate::game::file::position(game)
        .map(|p| format!(" {p}"))
        .unwrap_or_default();
    let _ = writeln!(
        s,
        "game {}: {} cells, {} winning sets, {} moves first{from}; {} automorphism{} folded",
        name,
        game.ncells(),
        game.sets.len(),
        game.first,
        answer.symmetries,
        if answer.symmetries == 1 { "" } else { "s" }
    );
    // The narrowing, where a search narrowed by it found no win.
    let exhausted = |pn, dn| {
        answer
            .narrow
            .filter(|_| Narrow::exhausted(answer.narrow, pn, dn))
    };
    let _ = match answer.root.winner {
        Some(w) => writeln!(s, "winner: {w}"),
        None if let Some(n) = exhausted(answer.root.pn, answer.root.dn) => {
            writeln!(s, "not decided: {}", no_win(n))
        }
        None => writeln!(
            s,
            "not decided within {}: root proof number {}, disproof number {}",
            if answer.interrupted {
                "the time given (interrupted)"
            } else {
                "the node limit"
            },
            answer.root.pn,
            answer.root.dn
        ),
    };
    if answer.interrupted && answer.root.winner.is_some() {
        let _ = writeln!(
            s,
            "interrupted before the answer was complete: what it cut short (first moves read not decided, a certificate not finished) is left out"
        );
    }
    let _ = writeln!(
        s,
        "nodes: {} ({:.2} s, peak memory {})",
        answer.total_nodes(),
        seconds,
        crate::core::io::peak_memory_bytes()
            .map(|b| format!("{:.0} MB", b as f64 / 1e6))
            .unwrap_or_else(|| "unknown".into())
    );
    if let Some(moves) = &answer.moves {
        let _ = writeln!(s, "first moves (who wins after each):");
        for m in moves {
            let o = &m.outcome;
            let w = o
                .winner
                .map(|w| format!("{w} wins"))
                .unwrap_or_else(|| "not decided".into());
            let nodes = counted(o.nodes, "node", "nodes");
            let how = match m.same_as {
                Some(c) => format!("as after {}, by an automorphism", game.label(c)),
                None if let Some(n) = exhausted(o.pn, o.dn) => format!("{nodes}; {}", no_win(n)),
                None if o.winner.is_none() => format!("{nodes}; pn {}, dn {}", o.pn, o.dn),
                None => nodes,
            };
            let _ = writeln!(s, "  {:>8}  {w}  ({how})", game.label(m.cell));
        }
    }
    s
}

/// What a search narrowed by `n` that ran to its end says: the narrowed player has no
/// win within the narrowing, which says nothing of the game.
fn no_win(n: Narrow) -> String {
    let moves = match n.moves {
        1 => "heaviest move".to_string(),
        k => format!("{k} heaviest moves"),
    };
    format!(
        "the search narrowed to {}'s {moves} (--narrow {n}) found no win for {}, which \
         says nothing of the game",
        n.side, n.side
    )
}

/// The progress line of a search of the game `name` (cells labelled `labels`):
/// nodes, rate, table fill, the root's proof and disproof numbers, the root's moves
/// decided, and the line being searched (its first moves and its length). The search
/// of a first move of `--moves` names that move and how many of the first-move
/// searches have ended; its root is the position after the move, whose moves are
/// the replies. The search of a frontier position of `--shard` names the position by
/// its index (as in the part file) and how many of the shard's searches have ended.
pub fn progress_line(name: &str, labels: &[String], p: &Progress) -> String {
    let label = |c: u8| labels.get(c as usize).map_or("?", String::as_str);
    let shown = (p.depth as usize).min(p.path.len());
    let mut line: Vec<&str> = p.path[..shown].iter().map(|&c| label(c)).collect();
    if shown < p.depth as usize {
        line.push("…");
    }
    let (search, moves) = match p.batch {
        None => (String::new(), "first moves"),
        Some(BatchProgress {
            root,
            ended,
            searches,
        }) => match root {
            BatchRoot::FirstMove(c) => (
                format!(
                    " after {} ({ended} of {searches} first-move searches ended)",
                    label(c)
                ),
                "replies",
            ),
            BatchRoot::Frontier(i) => (
                format!(" position {i} ({ended} of {searches} position searches ended)"),
                "moves",
            ),
        },
    };
    format!(
        "solve {name}{search}: {} nodes in {:.0} s ({:.0}/s), table {:.1}% full, root pn {} dn {}, {moves} decided {} of {}, searching [{}] (depth {})",
        p.nodes,
        p.seconds,
        p.nodes as f64 / p.seconds.max(1e-9),
        100.0 * p.table_used as f64 / p.table_capacity.max(1) as f64,
        p.root_pn,
        p.root_dn,
        p.root_settled,
        p.root_moves,
        line.join(" "),
        p.depth
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::solve::PATH_SHOWN;

    fn progress(path: &[u8], depth: u32) -> Progress {
        let mut p = Progress {
            nodes: 65_536,
            seconds: 2.0,
            table_used: 1,
            table_capacity: 4,
            root_pn: 3,
            root_dn: 7,
            root_moves: 9,
            root_settled: 1,
            path: [0; PATH_SHOWN],
            depth,
            batch: None,
        };
        p.path[..path.len()].copy_from_slice(path);
        p
    }

    /// The line searched is named by the game's labels, cut after `PATH_SHOWN` moves.
    #[test]
    fn the_progress_line_names_the_line_searched() {
        let labels: Vec<String> = (0..12).map(|c| format!("c{c}")).collect();
        let line = progress_line("g", &labels, &progress(&[4, 0], 2));
        assert_eq!(
            line,
            "solve g: 65536 nodes in 2 s (32768/s), table 25.0% full, root pn 3 dn 7, \
             first moves decided 1 of 9, searching [c4 c0] (depth 2)"
        );
        let long: Vec<u8> = (0..PATH_SHOWN as u8).collect();
        let line = progress_line("g", &labels, &progress(&long, 20));
        assert!(line.ends_with("c6 c7 …] (depth 20)"), "{line}");
        assert!(progress_line("g", &labels, &progress(&[], 0)).ends_with("searching [] (depth 0)"));
        // A search of a batch names its root and the batch's searches ended: a first
        // move of `--moves`, a frontier position of `--shard`.
        let batches = [
            (
                BatchRoot::FirstMove(3),
                (2, 24),
                "after c3 (2 of 24 first-move searches ended)",
                "replies",
            ),
            (
                BatchRoot::Frontier(17),
                (24, 47),
                "position 17 (24 of 47 position searches ended)",
                "moves",
            ),
        ];
        for (root, (ended, searches), head, moves) in batches {
            let mut p = progress(&[4], 1);
            p.batch = Some(BatchProgress {
                root,
                ended,
                searches,
            });
            assert_eq!(
                progress_line("g", &labels, &p),
                format!(
                    "solve g {head}: 65536 nodes in 2 s (32768/s), table 25.0% full, root pn 3 \
                     dn 7, {moves} decided 1 of 9, searching [c4] (depth 1)"
                )
            );
        }
    }
}

/// Why a first move's files could not be written ([`MoveFiles::write`]).
#[derive(Debug, thiserror::Error)]
pub enum MoveFileError {
    /// The game after the move cannot be written as a game file.
    #[error(transparent)]
    After(#[from] crate::game::generate::GenerateError),
    /// A file cannot be written.
    #[error(transparent)]
    Io(#[from] crate::core::io::IoError),
}

/// The files `amoba solve --moves --move-certificates DIR` writes for each first move
/// decided, as its search ends ([`crate::game::decide::decide_reporting`]): the game
/// after the move, `DIR/after-LABEL.game` (the bytes of
/// [`crate::game::decide::after_move_file`]), and the winner's strategy from there,
/// `DIR/after-LABEL.strategy`. One move's two files are written at a time, so that a
/// move's game and strategy always go together, and what was written is kept for the
/// document of the whole run ([`MoveFiles::finish`]).
pub struct MoveFiles<'a> {
    dir: &'a Path,
    file: String,
    game: &'a Game,
    written: Mutex<BTreeMap<usize, Result<CertificateDoc, MoveFileError>>>,
}

impl<'a> MoveFiles<'a> {
    /// The files of the first moves of `game`, read from `file`, into `dir`.
    pub fn new(dir: &'a Path, file: &Path, game: &'a Game) -> Self {
        MoveFiles {
            dir,
            file: file.display().to_string(),
            game,
            written: Mutex::new(BTreeMap::new()),
        }
    }

    /// The directory the files go into.
    pub fn dir(&self) -> &'a Path {
        self.dir
    }

    /// Writes the two files of the first move `cell` with the strategy `c`; `failed`
    /// is told at once of a write that fails (which [`MoveFiles::finish`] returns).
    pub fn write(&self, cell: usize, c: &Certificate, failed: &dyn Fn(&MoveFileError)) {
        let mut written = self.written.lock().unwrap_or_else(|e| e.into_inner());
        let done = self.write_one(cell, c);
        if let Err(e) = &done {
            failed(e);
        }
        written.insert(cell, done);
    }

    fn write_one(&self, cell: usize, c: &Certificate) -> Result<CertificateDoc, MoveFileError> {
        let (after, bytes, sha) = after_move_file(self.game, &self.file, cell)?;
        let stem = format!("after-{}", self.game.label(cell));
        let game_path = self.dir.join(format!("{stem}.game"));
        write_atomic(&game_path, |w| w.write_all(&bytes))?;
        let path = self.dir.join(format!("{stem}.strategy"));
        write_atomic(&path, |w| c.write(&after, &sha, w))?;
        Ok(CertificateDoc {
            file: path.display().to_string(),
            nodes: c.nodes.len(),
            depth: c.depth(),
        })
    }

    /// What was written for each first move of `answer`, in its order (`None` for a
    /// move with no strategy).
    ///
    /// *Errors*: the first write that failed.
    pub fn finish(self, answer: &Answer) -> Result<Vec<Option<CertificateDoc>>, MoveFileError> {
        let mut done = self.written.into_inner().unwrap_or_else(|e| e.into_inner());
        let moves = answer.moves.as_deref().unwrap_or_default();
        moves
            .iter()
            .map(|m| done.remove(&m.cell).transpose())
            .collect()
    }
}
