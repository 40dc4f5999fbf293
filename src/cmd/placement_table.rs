//! `amoba placement-table`: the k-versus-t table of good t-placements (docs/spec.md
//! §10), each entry decided by an argument amoba computes, beside the published table.
//!
//! The arguments are [`amoba::placement::table`]'s (its essay says which decides an
//! entry, and how Y and N spread); this command checks the options, reports progress,
//! and writes the Markdown report and the JSON document.

use super::note;
use amoba::placement::table::{self, Entry, FOUR, Options, comparison};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba placement-table                                  # k = 2..9, t = 2..8\n  \
    amoba placement-table --budget 3e7 --out results/placements-k-vs-t.md\n  \
    amoba placement-table --k-max 5 --t-max 4 --json | jq '.entries[] | select(.comparison == \"differs\")'\n\n\
    Exit status: 0 the table was computed (entries that contradict the published table \
    are marked DIFFER), 1 with --check-published when some entry does, 2 usage error.")]
pub struct Args {
    /// Greatest k (rows 2..=K).
    #[arg(long, default_value_t = 9, value_name = "K")]
    pub k_max: usize,
    /// Greatest t (columns 2..=T).
    #[arg(long, default_value_t = 8, value_name = "T")]
    pub t_max: usize,
    /// Most line-connected sets one census may enumerate (estimated up front).
    #[arg(long, default_value_t = 2e6, value_name = "SETS")]
    pub budget: f64,
    /// Lattices searched for tight placements: index up to N.
    #[arg(long, default_value_t = 72, value_name = "N")]
    pub max_index: usize,
    /// Largest square tried to exclude tight placements from the plane.
    #[arg(long, default_value_t = 10, value_name = "M")]
    pub side: i64,
    /// Node limit of each search.
    #[arg(long, default_value_t = 10_000_000, value_name = "NODES")]
    pub node_limit: u64,
    /// Lattices searched for coverings (entries with more than 4 per cell): index up
    /// to N.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub cover_index: usize,
    /// Conflicts the SAT solver may spend on each lattice of a covering search.
    #[arg(long, default_value_t = 20_000, value_name = "N")]
    pub conflicts: u64,
    /// Write the report here instead of stdout (`-` = stdout).
    #[arg(long, default_value = "-")]
    pub out: PathBuf,
    /// Print the table as JSON (docs/schemas/placement-table.schema.json) on stdout
    /// instead of the report.
    #[arg(long)]
    pub json: bool,
    /// Also write the JSON document here (`-` = stdout, in place of the report).
    #[arg(long, value_name = "PATH")]
    pub json_out: Option<PathBuf>,
    /// Exit 1 when a computed entry contradicts the published table.
    #[arg(long)]
    pub check_published: bool,
    /// Progress display (one step an entry of the table).
    #[arg(long, value_enum, default_value_t = super::progress::Mode::Auto)]
    pub progress: super::progress::Mode,
}

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
struct Document {
    provenance: amoba::core::provenance::Provenance,
    directions: Vec<[i64; 2]>,
    entries: Vec<JsonEntry>,
    settled: usize,
    differ: usize,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let options = Options {
        k_max: args.k_max,
        t_max: args.t_max,
        budget: args.budget,
        max_index: args.max_index,
        side: args.side,
        node_limit: args.node_limit,
        cover_index: args.cover_index,
        conflicts: args.conflicts,
    };
    options.check()?;
    amoba::pairing::scan::check_max_index(args.max_index)?;
    amoba::pairing::scan::check_max_index(args.cover_index).map_err(|e| {
        anyhow::anyhow!("{}", e.to_string().replace("--max-index", "--cover-index"))
    })?;
    let ks: Vec<usize> = (2..=args.k_max).collect();
    let ts: Vec<usize> = (2..=args.t_max).collect();
    // One census per k, on all threads: the largest t within the budget. With k up to
    // 64 they take about a minute: progress from the start.
    let census_progress = super::progress::Progress::counting(
        args.progress,
        "placement-table censuses",
        "values of k",
    );
    census_progress.update(0, ks.len() as u64);
    let censuses = table::censuses(&options, &|d| census_progress.update(d, ks.len() as u64));
    census_progress.finish();
    let progress = super::progress::Progress::counting(args.progress, "placement-table", "entries");
    let grid = table::grid(
        &options,
        &censuses,
        table::Report {
            row: &mut |i| progress.update((i * ts.len()) as u64, (ks.len() * ts.len()) as u64),
            undecided: &mut super::covering::undecided,
        },
    )?;
    progress.finish();
    let (text, entries) = report(&args, &grid, &ks, &ts);
    let differ = entries.iter().filter(|e| e.comparison == "differs").count();
    let doc = Document {
        provenance: amoba::core::provenance::Provenance::new("plane", &super::command_line(), None)
            .stamped(&amoba::core::provenance::PLACEMENT_TABLE),
        directions: FOUR.to_vec(),
        settled: entries.iter().filter(|e| e.comparison == "settled").count(),
        differ,
        entries,
    };
    super::write_report_and_json(&text, &doc, &args.out, args.json, args.json_out.as_deref())?;
    if differ > 0 {
        note!(
            "{}",
            super::counted(differ, "entry contradicts", "entries contradict")
                + " the published table"
        );
        if args.check_published {
            return Ok(ExitCode::from(1));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The Markdown report, and every entry with its comparison for the JSON document.
fn report(
    args: &Args,
    grid: &[Vec<Entry>],
    ks: &[usize],
    ts: &[usize],
) -> (String, Vec<JsonEntry>) {
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
        args.budget, args.max_index, args.side, args.cover_index, args.conflicts
    );
    let _ = write!(out, "| k \\ t |");
    for t in ts {
        let _ = write!(out, " {t} |");
    }
    let _ = write!(out, "\n|---|");
    for _ in ts {
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
    (out, entries)
}
