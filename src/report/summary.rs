//! Summaries of an enumeration: the human summary `amoba enumerate` prints and the
//! rows of the published-beside-computed table it can fill (docs/spec.md §6, §7), and
//! the lines of a run: the files written, and for one shard of a cluster job
//! (`--shard I/N`) what it found and what a part already on disk means for it.

use crate::core::io::is_stdout;
use crate::core::text::{counted, fmt_int};
use crate::pairing::catalogue::enumerate::{EnumerateOutput, Paths};
use crate::pairing::catalogue::parts::Existing;
use crate::pairing::search::Shard;
use crate::report::table::{Row, int_row};
use std::path::Path;

/// A short human summary; the same text for every run and thread count (the run's
/// time and memory are [`EnumerateOutput::cost_line`]).
pub fn human_summary(out: &EnumerateOutput) -> String {
    let c = &out.census;
    let mut s = format!(
        "board {}: {}, {}, {} containing the first domino\n",
        out.board,
        counted(c.classes, "class", "classes"),
        counted(
            c.labelled,
            "labelled good pairing",
            "labelled good pairings"
        ),
        fmt_int(c.labelled_with_first_domino)
    );
    let hist: Vec<String> = c
        .classes_by_stabiliser_order
        .iter()
        .map(|(k, v)| format!("|stab|={k}: {}", fmt_int(*v)))
        .collect();
    s += &format!("classes by stabiliser order: {}\n", hist.join(", "));
    if let Some((coarser, c)) = &out.left_out {
        s += &format!(
            "left out: {} classes ({} labelled) that are also pairings of {coarser}; \
             {} labelled good pairings of the board in all\n",
            fmt_int(c.classes),
            fmt_int(c.labelled),
            fmt_int(c.labelled + out.census.labelled)
        );
    }
    if let Some(e) = out.explained() {
        s += &format!(
            "published {} = pairings with (0,0)-(1,0) and (2,0) paired south: {} \
             (north: {}, fixed by the mirror y -> -y: {})\n",
            fmt_int(e.published),
            fmt_int(e.computed),
            fmt_int(e.first_domino_pairings_with_2_0_north),
            fmt_int(e.first_domino_pairings_fixed_by_mirror_y)
        );
    }
    s += &format!(
        "search: {} in {}\n",
        counted(out.stats.nodes, "node", "nodes"),
        counted(out.stats.subtrees, "subtree", "subtrees")
    );
    s
}

/// How a written file is named in a line: its path, or `standard output`.
fn shown(path: &Path) -> String {
    if is_stdout(path) {
        "standard output".into()
    } else {
        path.display().to_string()
    }
}

/// The note of the files an enumeration wrote: the catalogue with its classes, and the
/// summary when there is one.
pub fn written(paths: &Paths, out: &EnumerateOutput) -> String {
    format!(
        "wrote {} ({}){}",
        shown(&paths.catalogue),
        counted(out.catalogue.len() as u64, "class", "classes"),
        paths
            .summary
            .as_deref()
            .map(|p| format!(" and {}", shown(p)))
            .unwrap_or_default()
    )
}

/// The line of one shard of a sharded enumeration: its classes and subtrees.
pub fn shard_line(shard: Shard, out: &EnumerateOutput) -> String {
    format!(
        "shard {shard} of board {}: {} in {}",
        out.board,
        counted(out.catalogue.len() as u64, "class", "classes"),
        counted(out.stats.subtrees, "subtree", "subtrees"),
    )
}

/// The note of a part file already at `path`: skipped when complete, redone when
/// not; `None` when there is none.
pub fn existing_part(path: &Path, existing: &Existing) -> Option<String> {
    match existing {
        Existing::Absent => None,
        Existing::Complete(h) => Some(format!(
            "{} is complete ({} forms): skipped",
            path.display(),
            h.count
        )),
        Existing::Damaged => Some(format!(
            "{} is incomplete or damaged: redoing it",
            path.display()
        )),
    }
}

/// Rows of the published-figure table this step can fill (docs/spec.md §6, §7).
pub fn published_rows(out: &EnumerateOutput) -> Vec<Row> {
    let p = &out.published;
    let mut rows = vec![int_row("classes (vertices)", p.classes, out.census.classes)];
    if let Some(e) = out.explained() {
        rows.push(int_row(
            "pairings before reduction (with (0,0)-(1,0), (2,0) paired south)",
            p.before_reduction,
            e.computed,
        ));
    }
    rows
}

/// Rows of a board that refines a coarser one: its classes and what was left out.
pub fn refinement_rows(out: &EnumerateOutput) -> Vec<Row> {
    let Some((coarser, c)) = &out.left_out else {
        return Vec::new();
    };
    vec![
        Row::info(
            &format!("good pairings that are also pairings of {coarser} (left out)"),
            "—",
            &format!(
                "{} classes, {} labelled",
                fmt_int(c.classes),
                fmt_int(c.labelled)
            ),
        ),
        Row::info(
            "labelled good pairings of the board",
            "—",
            &fmt_int(c.labelled + out.census.labelled),
        ),
    ]
}

/// The headline of a game whose good pairings live on a board and a finer one that
/// refines it (9-in-a-row: the 8×8 torus and the 16-toroidal board): every good
/// pairing up to symmetry.
pub fn all_pairings_rows(coarse: &EnumerateOutput, finer: &EnumerateOutput) -> Vec<Row> {
    let p = &finer.published;
    vec![
        int_row(
            &format!(
                "classes of {} (not pairings of {})",
                finer.board, coarse.board
            ),
            p.classes,
            finer.census.classes,
        ),
        Row::info(
            "all good pairings up to symmetry",
            "not published",
            &format!(
                "{} + {} = {} ({} and {})",
                fmt_int(coarse.census.classes),
                fmt_int(finer.census.classes),
                fmt_int(coarse.census.classes + finer.census.classes),
                coarse.board,
                finer.board
            ),
        ),
    ]
}
