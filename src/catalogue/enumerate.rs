//! The enumeration pipeline: search, catalogue, census and summary (docs/spec.md §4, §6).
//!
//! [`run`] is what `amoba enumerate` and `amoba reproduce` call: it runs the search of
//! [`crate::search`] on all threads, builds the [`Catalogue`], derives the
//! [`Census`], and measures wall time and peak memory. Its output renders as the
//! human summary, the `enumerate-<tag>.json` summary and the published-figure rows.

use crate::board::Board;
use crate::catalogue::Catalogue;
use crate::catalogue::census::Census;
use crate::io::{IoError, peak_memory_bytes, write_atomic};
use crate::output::table::{Published, Row, fmt_int, int_row};
use crate::provenance::Provenance;
use crate::search::{Options, Stats, build_catalogue};
use serde::Serialize;
use std::path::Path;
use std::time::Instant;

/// Everything one enumeration produced.
pub struct EnumerateOutput {
    /// Board name.
    pub board: String,
    /// The catalogue.
    pub catalogue: Catalogue,
    /// Derived counts.
    pub census: Census,
    /// Search counters.
    pub stats: Stats,
    /// Wall time of search and census, in seconds.
    pub wall_seconds: f64,
    /// Threads used.
    pub threads: usize,
    /// Order of the board's symmetry group.
    pub group_order: usize,
}

/// The JSON summary (`results/enumerate-<tag>.json`).
#[derive(Serialize)]
struct Summary<'a> {
    provenance: Provenance,
    classes: u64,
    labelled_good_pairings: u64,
    labelled_good_pairings_with_first_domino: u64,
    first_domino: String,
    classes_by_stabiliser_order: &'a std::collections::BTreeMap<usize, u64>,
    group_order: usize,
    published_before_reduction: Option<PublishedExplained>,
    search_nodes: u64,
    search_subtrees: u64,
}

#[derive(Serialize)]
struct PublishedExplained {
    published: u64,
    equals: &'static str,
    computed: u64,
    first_domino_pairings_fixed_by_mirror_y: u64,
    first_domino_pairings_with_2_0_north: u64,
}

/// The file-name tag of a board: `9` for the 8×8 torus (as in `catalogue-9.txt`),
/// otherwise the board name.
pub fn file_tag(board: &Board) -> String {
    if board.name() == "square9" {
        "9".into()
    } else {
        board.name().into()
    }
}

/// Enumerates `board` with `threads` threads (0 = all cores).
pub fn run(board: &Board, threads: usize, progress: &(dyn Fn(u64, u64) + Sync)) -> EnumerateOutput {
    run_with(
        board,
        Options {
            threads,
            shard: None,
        },
        progress,
    )
}

/// Enumerates `board` (or one shard of it) with the given options. For a shard the
/// catalogue holds only that shard's classes and the census covers only them.
pub fn run_with(
    board: &Board,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> EnumerateOutput {
    let threads = opts.threads;
    let start = Instant::now();
    let (catalogue, stats) = build_catalogue(board, opts, progress);
    let census = Census::of(board, &catalogue);
    EnumerateOutput {
        board: board.name().into(),
        catalogue,
        census,
        stats,
        wall_seconds: start.elapsed().as_secs_f64(),
        group_order: board.group_order(),
        threads: if threads == 0 {
            rayon::current_num_threads()
        } else {
            threads
        },
    }
}

impl EnumerateOutput {
    fn explained(&self) -> Option<PublishedExplained> {
        let m = self.census.mirror.as_ref()?;
        (self.board == "square9").then_some(PublishedExplained {
            published: 6_210_560,
            equals: "labelled good pairings containing (0,0)-(1,0) in which (2,0) pairs \
                     southward: half of those containing (0,0)-(1,0), split by the mirror \
                     y -> -y, which fixes none of them",
            computed: m.cell_2_0_pairs_south,
            first_domino_pairings_fixed_by_mirror_y: m.fixed_by_mirror,
            first_domino_pairings_with_2_0_north: m.cell_2_0_pairs_north,
        })
    }

    /// Writes the JSON summary atomically (format [`crate::provenance::ENUMERATE`]),
    /// opening with `provenance` stamped with that format.
    pub fn write_summary(&self, path: &Path, provenance: &Provenance) -> Result<(), IoError> {
        let s = Summary {
            provenance: provenance.stamped(&crate::provenance::ENUMERATE),
            classes: self.census.classes,
            labelled_good_pairings: self.census.labelled,
            labelled_good_pairings_with_first_domino: self.census.labelled_with_first_domino,
            first_domino: "cell 0 with code 0; (0,0)-(1,0) on square9".into(),
            classes_by_stabiliser_order: &self.census.classes_by_stabiliser_order,
            group_order: self.group_order,
            published_before_reduction: self.explained(),
            search_nodes: self.stats.nodes,
            search_subtrees: self.stats.subtrees,
        };
        write_atomic(path, |w| {
            serde_json::to_writer_pretty(&mut *w, &s)?;
            w.write_all(b"\n")
        })
    }

    /// A short human summary.
    pub fn human_summary(&self) -> String {
        let c = &self.census;
        let mut s = format!(
            "board {}: {} classes, {} labelled good pairings, {} containing the first domino\n",
            self.board,
            fmt_int(c.classes),
            fmt_int(c.labelled),
            fmt_int(c.labelled_with_first_domino)
        );
        let hist: Vec<String> = c
            .classes_by_stabiliser_order
            .iter()
            .map(|(k, v)| format!("|stab|={k}: {}", fmt_int(*v)))
            .collect();
        s += &format!("classes by stabiliser order: {}\n", hist.join(", "));
        if let Some(e) = self.explained() {
            s += &format!(
                "published 6,210,560 = pairings with (0,0)-(1,0) and (2,0) paired south: {} \
                 (north: {}, fixed by the mirror y -> -y: {})\n",
                fmt_int(e.computed),
                fmt_int(e.first_domino_pairings_with_2_0_north),
                fmt_int(e.first_domino_pairings_fixed_by_mirror_y)
            );
        }
        s += &format!(
            "search: {} nodes in {} subtrees, {:.3} s on {} threads, peak memory {}\n",
            fmt_int(self.stats.nodes),
            fmt_int(self.stats.subtrees),
            self.wall_seconds,
            self.threads,
            peak_memory_bytes()
                .map(|b| format!("{:.1} MB", b as f64 / 1e6))
                .unwrap_or_else(|| "unknown".into())
        );
        s
    }

    /// Rows of the published-figure table this step can fill (docs/spec.md §6, §7).
    pub fn published_rows(&self) -> Vec<Row> {
        let p = Published::of(&self.board);
        let mut rows = vec![int_row(
            "classes (vertices)",
            p.classes,
            self.census.classes,
        )];
        if let Some(e) = self.explained() {
            rows.push(int_row(
                "pairings before reduction (with (0,0)-(1,0), (2,0) paired south)",
                p.before_reduction,
                e.computed,
            ));
        }
        rows
    }
}
