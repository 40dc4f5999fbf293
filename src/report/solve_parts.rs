//! The report of a split game search: the document and the lines `amoba solve GAME
//! --shard I/N` prints for one shard's job ([`crate::game::job`]), and those `amoba
//! solve GAME --merge PART…` prints for the merge of the parts
//! ([`crate::game::shard::merge`]). Both are a [`PartsDoc`]
//! (docs/schemas/solve-parts.schema.json): the split, the positions covered and
//! decided, and for a merge the root's verdict and the certificate written.

use crate::core::text::{counted, fmt_int};
use crate::game::Side;
use crate::game::decide::CertificateDoc;
use crate::game::file::Loaded;
use crate::game::job::Job;
use crate::game::part::RootMoveDoc;
use crate::game::shard::{Frontier, MAX_OPEN_LINES, Merged, Part, PartsDoc, Solved};
use std::collections::BTreeMap;

/// The document of the shard of `job` (of `frontier`, a split of `loaded`): `solved`
/// its positions decided or given up ([`Job::run`]); `command` for the provenance,
/// `seconds` the wall time.
pub fn shard_doc(
    loaded: &Loaded,
    frontier: &Frontier,
    job: &Job,
    solved: &BTreeMap<usize, Solved>,
    command: &str,
    seconds: f64,
) -> PartsDoc {
    let all: Vec<&Solved> = solved.values().collect();
    let mut doc = PartsDoc::new(
        loaded.title(),
        &loaded.sha256,
        frontier,
        job.count,
        &all,
        command,
        seconds,
    );
    doc.shard = Some(job.index);
    // All of the shard's positions, those an interruption left out included.
    doc.positions = job.mine.len();
    doc.resumed = job.kept.len();
    doc.part = Some(job.path.display().to_string());
    doc
}

/// The document of the merge `merged` of `parts` of `frontier` (a split of
/// `loaded`), with the `certificate` written, if any; `command` for the provenance,
/// `seconds` the wall time.
pub fn merge_doc(
    loaded: &Loaded,
    frontier: &Frontier,
    parts: &[(String, Part)],
    merged: &Merged,
    certificate: Option<CertificateDoc>,
    command: &str,
    seconds: f64,
) -> PartsDoc {
    let all: Vec<&Solved> = parts.iter().flat_map(|(_, p)| &p.solved).collect();
    let mut doc = PartsDoc::new(
        loaded.title(),
        &loaded.sha256,
        frontier,
        parts.len(),
        &all,
        command,
        0.0,
    );
    doc.positions = merged.positions;
    doc.winner = merged.winner;
    doc.certificate = certificate;
    let label = |c: u8| loaded.game.labels[c as usize].clone();
    doc.moves = Some(
        merged
            .moves
            .iter()
            .map(|m| RootMoveDoc {
                cell: label(m.cell),
                winner: m.winner,
                open: m.open,
                open_lines: m
                    .open_lines
                    .iter()
                    .map(|line| {
                        let labels: Vec<String> = line.iter().map(|&c| label(c)).collect();
                        labels.join(" ")
                    })
                    .collect(),
            })
            .collect(),
    );
    doc.cost.seconds = seconds;
    doc
}

/// The note `amoba solve --shard` writes before it starts: the split, the shard's
/// positions and how many of them its part file keeps.
pub fn shard_start(loaded: &Loaded, frontier: &Frontier, job: &Job) -> String {
    format!(
        "{}: split at depth {}: {} above {}; shard {}/{}: {}, {} kept from {}",
        loaded.title(),
        frontier.depth,
        counted(
            frontier.top_nodes() as u64,
            "expanded position",
            "expanded positions"
        ),
        counted(
            frontier.positions.len() as u64,
            "frontier position",
            "frontier positions"
        ),
        job.index,
        job.count,
        counted(job.mine.len() as u64, "position", "positions"),
        job.kept.len(),
        job.path.display()
    )
}

/// The text of `doc`: a shard's (`root` is `None`), or a merge's with the root's
/// verdict `root`.
pub fn text(loaded: &Loaded, doc: &PartsDoc, root: Option<Option<Side>>) -> String {
    let what = match doc.shard {
        Some(index) => format!("shard {index}/{} of {}", doc.shards, loaded.title()),
        None => format!(
            "{} from {}",
            loaded.title(),
            counted(doc.shards as u64, "part", "parts")
        ),
    };
    let mut out = format!(
        "{what}: split at depth {} into {} ({} above {})\n",
        doc.split_depth,
        counted(doc.shards as u64, "shard", "shards"),
        counted(
            doc.top_nodes as u64,
            "expanded position",
            "expanded positions"
        ),
        counted(
            doc.frontier as u64,
            "frontier position",
            "frontier positions"
        ),
    );
    let n = |x: usize| fmt_int(x as u64);
    out += &format!(
        "positions: {}, decided {} (Maker {}, Breaker {}), undecided {}; {}\n",
        n(doc.positions),
        n(doc.decided),
        n(doc.maker),
        n(doc.breaker),
        n(doc.positions - doc.decided),
        counted(doc.nodes, "node", "nodes")
    );
    match root {
        Some(Some(w)) => out += &format!("winner: {w}\n"),
        Some(None) => out += "not decided: the decided positions do not settle the root\n",
        None => {}
    }
    if doc.moves.as_ref().is_some_and(|m| !m.is_empty()) {
        out += &format!(
            "each move at the root (undecided: the undecided positions below it that could \
             still change its value, and the moves that reach them where they are at most \
             {LINES_SHOWN}; --json lists up to {MAX_OPEN_LINES}):\n"
        );
    }
    for m in doc.moves.iter().flatten() {
        out += &match m.winner {
            Some(w) => format!("  after {}: {w} wins\n", m.cell),
            None => format!(
                "  after {}: not decided, {} below it open{}\n",
                m.cell,
                counted(m.open as u64, "position", "positions"),
                shown_lines(&m.open_lines)
            ),
        };
    }
    out
}

/// The open lines below a move at the root that the text names: all of them when
/// there are at most [`LINES_SHOWN`], else none (the JSON document lists up to
/// [`MAX_OPEN_LINES`]).
fn shown_lines(lines: &[String]) -> String {
    if lines.is_empty() || lines.len() > LINES_SHOWN {
        String::new()
    } else {
        format!(": {}", lines.join("; "))
    }
}

/// The most open lines below a move that the text lists.
const LINES_SHOWN: usize = 3;
