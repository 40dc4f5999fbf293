//! The enumeration pipeline: search, catalogue, census and summary (docs/spec.md §4, §6).
//!
//! [`run`] is what `amoba enumerate` and `amoba reproduce` call: it runs the search of
//! [`crate::pairing::search`] on all threads, builds the [`Catalogue`], derives the
//! [`Census`], and measures wall time and peak memory. Its output renders as the
//! human summary, the `enumerate-<tag>.json` summary and the published-figure rows,
//! all of which are the same bytes for every run and thread count; the time, memory
//! and thread count, which are not, have a line of their own
//! ([`EnumerateOutput::cost_line`]) that is printed, never written into a file.
//! [`Paths`] says where a run writes its catalogue and summary by default.

use crate::core::board::Board;
use crate::core::board::Published;
use crate::core::io::{IoError, is_stdout, peak_memory_bytes, write_atomic};
use crate::core::provenance::Provenance;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::catalogue::census::Census;
use crate::pairing::search::{Found, Options, Rooted, Stats, enumerate, enumerate_rooted};
use rayon::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};
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
    /// The board's published figures.
    pub published: Published,
    /// On a board that refines a coarser one: the board it refines and the census of
    /// the classes left out of the catalogue (the good pairings that are also
    /// pairings of the coarser board).
    pub left_out: Option<(String, Census)>,
}

/// Translation tables of the vectors of `coarse` that are not in the board's lattice:
/// a pairing invariant under all of them is a pairing of the coarser board.
fn coarser_translations(board: &Board) -> Vec<Vec<usize>> {
    let Some(coarse) = board.coarser_lattice() else {
        return Vec::new();
    };
    coarse
        .basis()
        .iter()
        .filter(|w| !board.lattice().contains(w))
        .map(|w| board.translation(w))
        .collect()
}

/// Whether the catalogue of `board` comes from the rooted search of
/// [`crate::pairing::search::Rooted`] (docs/spec.md §8): the board refines a coarser one by a
/// translation `τ` of order 2 that commutes with every symmetry, the families whose
/// options `τ` moves form one orbit, and the coarser board is the same game (the same
/// directions in the same order, the same `k`) with the same point group, so that its
/// classes are the left-out classes of this board ([`Census::lifted`]).
/// True of the 16-toroidal board.
pub fn rooted(board: &Board) -> bool {
    Rooted::of(board).is_some()
        && board
            .info()
            .refines
            .as_deref()
            .and_then(|name| Board::by_name(name).ok())
            .is_some_and(|coarse| {
                // The same game (refining boards are checked for it when they are read)
                // with the same point group.
                let same_game =
                    coarse.directions() == board.directions() && coarse.k() == board.k();
                let set = |b: &Board| {
                    let mut g = b.point_group().to_vec();
                    g.sort();
                    g
                };
                same_game && set(&coarse) == set(board)
            })
}

/// Runs the search and returns the catalogue (docs/spec.md §4), the search counters,
/// and, on a board that refines a coarser one (docs/spec.md §8), the catalogue of the
/// classes left out: those invariant under the translations of the coarser lattice.
///
/// On a [`rooted`] board the search never meets the left-out classes: the third value
/// is `None`, and their census is the coarser board's, lifted ([`run_with`]). The
/// rooted search finds each class in its rooted form; the catalogue holds its
/// canonical form ([`crate::pairing::symmetry::canonical_into`]), whose stabiliser order must
/// equal the one the search found.
pub fn build_catalogue(
    board: &Board,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> (Catalogue, Stats, Option<Catalogue>) {
    let n = board.ncells();
    if rooted(board) {
        let mut found: Vec<Found> = Vec::new();
        let stats = enumerate_rooted(board, opts, progress, &mut |f| found.push(f.clone()))
            .expect("a rooted board has a root");
        let mut canonical: Vec<Found> = found
            .par_iter()
            .map(|f| {
                let mut codes = vec![0u8; n];
                let stabiliser =
                    crate::pairing::symmetry::canonical_into(board, &f.codes, &mut codes);
                assert_eq!(
                    stabiliser, f.stabiliser,
                    "the rooted search and the canonical form disagree on a stabiliser"
                );
                Found { codes, stabiliser }
            })
            .collect();
        canonical.sort_unstable();
        return (Catalogue::from_found(n, &canonical), stats, None);
    }
    let shifts = coarser_translations(board);
    let mut kept: Vec<Found> = Vec::new();
    let mut left: Vec<Found> = Vec::new();
    let stats = enumerate(board, opts, progress, &mut |f| {
        let coarse = !shifts.is_empty()
            && shifts
                .iter()
                .all(|t| (0..f.codes.len()).all(|c| f.codes[t[c]] == f.codes[c]));
        if coarse {
            left.push(f.clone())
        } else {
            kept.push(f.clone())
        }
    });
    let left = (board.coarser_lattice().is_some()).then(|| Catalogue::from_found(n, &left));
    (Catalogue::from_found(n, &kept), stats, left)
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
    #[serde(skip_serializing_if = "Option::is_none")]
    left_out: Option<LeftOut<'a>>,
    search_nodes: u64,
    search_subtrees: u64,
}

/// The classes of a board that refines a coarser one which its catalogue leaves out.
#[derive(Serialize)]
struct LeftOut<'a> {
    /// What they are.
    what: String,
    classes: u64,
    labelled_good_pairings: u64,
    classes_by_stabiliser_order: &'a std::collections::BTreeMap<usize, u64>,
    /// All labelled good pairings of the board: those of the catalogue and these.
    labelled_good_pairings_of_the_board: u64,
}

/// The published count of pairings "before reduction", explained.
#[derive(Serialize)]
pub struct PublishedExplained {
    /// The published number.
    pub published: u64,
    /// What it equals.
    pub equals: &'static str,
    /// The computed value of that.
    pub computed: u64,
    /// First-domino pairings fixed by the mirror y ↦ −y.
    pub first_domino_pairings_fixed_by_mirror_y: u64,
    /// First-domino pairings in which (2,0) pairs north.
    pub first_domino_pairings_with_2_0_north: u64,
}

/// The file-name tag of a board: `9` for the 8×8 torus (as in `catalogue-9.txt`),
/// otherwise, unless its board file says otherwise, the board name.
pub fn file_tag(board: &Board) -> String {
    board.tag().to_string()
}

/// Where an enumeration writes its catalogue and summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    /// The catalogue (`-`: standard output).
    pub catalogue: PathBuf,
    /// The summary JSON, if one is written (`-`: standard output).
    pub summary: Option<PathBuf>,
}

/// Why the output paths of an enumeration were refused.
#[derive(Debug, thiserror::Error)]
#[error(
    "--out and --summary both write to standard output, expected at most one of them to \
     be '-'"
)]
pub struct PathsError;

impl Paths {
    /// The paths of a run of the board tagged `tag`: `out` and `summary` when given,
    /// else `DIR/catalogue-<tag>.txt` and `DIR/enumerate-<tag>.json` (`dir` being the
    /// output directory); no summary when the catalogue goes to standard output and no
    /// summary file is named.
    ///
    /// *Errors*: both on standard output.
    pub fn of(
        out: Option<&Path>,
        summary: Option<&Path>,
        dir: &Path,
        tag: &str,
    ) -> Result<Paths, PathsError> {
        let catalogue = out.map_or_else(
            || dir.join(format!("catalogue-{tag}.txt")),
            Path::to_path_buf,
        );
        let summary = match summary {
            Some(p) => Some(p.to_path_buf()),
            None if is_stdout(&catalogue) => None,
            None => Some(dir.join(format!("enumerate-{tag}.json"))),
        };
        if is_stdout(&catalogue) && summary.as_deref().is_some_and(is_stdout) {
            return Err(PathsError);
        }
        Ok(Paths { catalogue, summary })
    }
}

/// Enumerates `board` with `threads` threads (0 = all cores). `coarse` is the census
/// of the board it refines, which a [`rooted`] board needs for its left-out classes.
pub fn run(
    board: &Board,
    threads: usize,
    coarse: Option<&Census>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> EnumerateOutput {
    run_with(
        board,
        Options {
            threads,
            shard: None,
            ..Options::default()
        },
        coarse,
        progress,
    )
}

/// Enumerates `board` (or one shard of it) with the given options. For a shard the
/// catalogue holds only that shard's classes and the census covers only them. On a
/// [`rooted`] board the left-out classes are the coarser board's, whose census is
/// `coarse` (without it, `left_out` is `None`).
pub fn run_with(
    board: &Board,
    opts: Options,
    coarse: Option<&Census>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> EnumerateOutput {
    let threads = opts.threads;
    let start = Instant::now();
    let (catalogue, stats, left) = build_catalogue(board, opts, progress);
    let census = Census::of(board, &catalogue);
    let left = match left {
        Some(cat) => Some(Census::of(board, &cat)),
        None if rooted(board) && opts.shard.is_none() => coarse.map(|c| c.lifted(2)),
        None => None,
    };
    let left_out = left.map(|c| (board.info().refines.clone().unwrap_or_default(), c));
    EnumerateOutput {
        board: board.name().into(),
        catalogue,
        census,
        stats,
        wall_seconds: start.elapsed().as_secs_f64(),
        group_order: board.group_order(),
        published: board.published().clone(),
        left_out,
        threads: if threads == 0 {
            rayon::current_num_threads()
        } else {
            threads
        },
    }
}

impl EnumerateOutput {
    /// The published count "before reduction" with what it equals, on boards where
    /// one is published.
    pub fn explained(&self) -> Option<PublishedExplained> {
        let m = self.census.mirror.as_ref()?;
        let published = self.published.before_reduction?;
        Some(PublishedExplained {
            published,
            equals: "labelled good pairings containing (0,0)-(1,0) in which (2,0) pairs \
                     southward: half of those containing (0,0)-(1,0), split by the mirror \
                     y -> -y, which fixes none of them",
            computed: m.cell_2_0_pairs_south,
            first_domino_pairings_fixed_by_mirror_y: m.fixed_by_mirror,
            first_domino_pairings_with_2_0_north: m.cell_2_0_pairs_north,
        })
    }

    /// Writes the JSON summary atomically (format [`crate::core::provenance::ENUMERATE`]),
    /// opening with `provenance` stamped with that format. Its bytes are the same for
    /// every run and thread count (FORMATS.md, *Enumeration summary*).
    pub fn write_summary(&self, path: &Path, provenance: &Provenance) -> Result<(), IoError> {
        let s = Summary {
            provenance: provenance.stamped(&crate::core::provenance::ENUMERATE),
            classes: self.census.classes,
            labelled_good_pairings: self.census.labelled,
            labelled_good_pairings_with_first_domino: self.census.labelled_with_first_domino,
            first_domino: "cell 0 with code 0; (0,0)-(1,0) on square9".into(),
            classes_by_stabiliser_order: &self.census.classes_by_stabiliser_order,
            group_order: self.group_order,
            published_before_reduction: self.explained(),
            left_out: self.left_out.as_ref().map(|(coarser, c)| LeftOut {
                what: format!(
                    "good pairings that are also pairings of {coarser} (periodic with its \
                     lattice); the catalogue holds the others"
                ),
                classes: c.classes,
                labelled_good_pairings: c.labelled,
                classes_by_stabiliser_order: &c.classes_by_stabiliser_order,
                labelled_good_pairings_of_the_board: c.labelled + self.census.labelled,
            }),
            search_nodes: self.stats.nodes,
            search_subtrees: self.stats.subtrees,
        };
        if crate::core::provenance::same_document_but_command(path, &s) {
            return Ok(());
        }
        write_atomic(path, |w| {
            serde_json::to_writer_pretty(&mut *w, &s)?;
            w.write_all(b"\n")
        })
    }

    /// What the run cost: `enumeration: 0.717 s on 2 threads, peak memory 60.6 MB`
    /// (no final newline). It differs between runs: print it, do not write it into a
    /// file.
    pub fn cost_line(&self) -> String {
        format!(
            "enumeration: {:.3} s on {} thread{}, peak memory {}",
            self.wall_seconds,
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            peak_memory_bytes()
                .map(|b| format!("{:.1} MB", b as f64 / 1e6))
                .unwrap_or_else(|| "unknown".into())
        )
    }
}
