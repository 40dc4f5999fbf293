//! The report of `amoba placement-table`: the Markdown k-versus-t table of good
//! t-placements beside the published table, and its JSON document
//! (docs/schemas/placement-table.schema.json).
//!
//! [`placement::table`](crate::placement::table) decides every entry; this module
//! only writes the table down. Each entry is computed (published), marked
//! **settled** where the published table has "?", **DIFFER** where it says the
//! opposite, *not reproduced* where amoba cannot decide a published answer; then the
//! argument of every entry, and the placements found (each a placement file that
//! `amoba verify --placements` checks). The JSON document holds the same entries with
//! their comparison, and how many were settled and differ.

use crate::core::provenance::{PLACEMENT_TABLE, Provenance};
use crate::placement::table::{self, Entry, FOUR, Options, comparison};
use std::fmt::Write as _;

/// One entry of the JSON document.
#[derive(serde::Serialize)]
struct JsonEntry {
    k: usize,
    t: usize,
    /// `Y`, `N` or `?`.
    computed: &'static str,
    /// `Y`, `N` or `?`, or null outside the published table.
    published: Option<String>,
    /// `agrees`, `settled`, `differs`, `not reproduced`, or `unpublished`.
    comparison: &'static str,
    why: String,
    /// The placement found for a direct Y, in the placement file form.
    placement: Option<String>,
}

/// The `--json` document (docs/schemas/placement-table.schema.json).
#[derive(serde::Serialize)]
pub struct Document {
    provenance: Provenance,
    directions: Vec<[i64; 2]>,
    entries: Vec<JsonEntry>,
    settled: usize,
    differ: usize,
}

/// The table written down: the Markdown, the JSON document, and how many entries
/// contradict the published table.
pub struct Report {
    /// The Markdown report.
    pub markdown: String,
    /// The JSON document.
    pub document: Document,
    /// Entries that contradict the published table.
    pub differ: usize,
}

/// The report of `grid` (rows `k = 2..=k_max`, columns `t = 2..=t_max` of
/// `options`), with `provenance` (not yet stamped).
pub fn report(grid: &[Vec<Entry>], options: &Options, provenance: Provenance) -> Report {
    let ks: Vec<usize> = (2..=options.k_max).collect();
    let ts: Vec<usize> = (2..=options.t_max).collect();
    let published = table::published();
    let mut out = String::new();
    let _ = writeln!(out, "# Good t-placements of k-in-a-row, four directions\n");
    let _ = writeln!(
        out,
        "Computed by `amoba placement-table --budget {:.0e} --max-index {} --side {} \
         --cover-index {} --conflicts {}` \
         (docs/spec.md §10). Each entry: computed (published); **settled** where the \
         published table has \"?\", **DIFFER** where it says the opposite, *not reproduced* \
         where amoba cannot decide a published answer.\n",
        options.budget, options.max_index, options.side, options.cover_index, options.conflicts
    );
    let _ = write!(out, "| k \\ t |");
    for t in &ts {
        let _ = write!(out, " {t} |");
    }
    let _ = write!(out, "\n|---|");
    for _ in &ts {
        let _ = write!(out, "---|");
    }
    out.push('\n');
    let mut entries = Vec::new();
    let mut notes = String::new();
    for (i, &k) in ks.iter().enumerate() {
        let _ = write!(out, "| {k} |");
        for (j, &t) in ts.iter().enumerate() {
            let e = &grid[i][j];
            let mine = e.answer.letter();
            let theirs = published
                .iter()
                .find(|(pk, _)| *pk == k)
                .and_then(|(_, row)| row.get(t - 2))
                .map(String::as_str);
            let comparison = comparison(mine, theirs);
            let mark = match comparison {
                "not reproduced" => " *not reproduced*",
                "settled" => " **settled**",
                "differs" => " **DIFFER**",
                _ => "",
            };
            let _ = write!(out, " {mine} ({}){mark} |", theirs.unwrap_or("–"));
            let _ = writeln!(notes, "- k = {k}, t = {t}: {mine} — {}", e.why);
            entries.push(JsonEntry {
                k,
                t,
                computed: mine,
                published: theirs.map(String::from),
                comparison,
                why: e.why.clone(),
                placement: e.placement.clone(),
            });
        }
        out.push('\n');
    }
    let _ = writeln!(out, "\n## Why\n\n{notes}");
    let found: Vec<(usize, usize, &String)> = ks
        .iter()
        .enumerate()
        .flat_map(|(i, &k)| {
            ts.iter()
                .enumerate()
                .filter_map(move |(j, &t)| grid[i][j].placement.as_ref().map(|p| (k, t, p)))
        })
        .collect();
    if !found.is_empty() {
        let _ = writeln!(
            out,
            "## The placements found\n\nEach is a placement file (FORMATS.md, *Placement \
             files*), the game it blocks first: `amoba verify --placements FILE` checks it.\n"
        );
        for (k, t, p) in found {
            let _ = writeln!(out, "k = {k}, t = {t}:\n\n```\n{p}```\n");
        }
    }
    let count = |c: &str| entries.iter().filter(|e| e.comparison == c).count();
    let (settled, differ) = (count("settled"), count("differs"));
    Report {
        markdown: out,
        document: Document {
            provenance: provenance.stamped(&PLACEMENT_TABLE),
            directions: FOUR.to_vec(),
            entries,
            settled,
            differ,
        },
        differ,
    }
}
