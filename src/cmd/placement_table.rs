//! `amoba placement-table`: the k-versus-t table of good t-placements (docs/spec.md
//! §10), each entry decided by an argument amoba computes, beside the published table.
//!
//! The arguments are [`amoba::placement::table`]'s (its essay says which decides an
//! entry, and how Y and N spread), the Markdown report and the JSON document
//! [`amoba::report::placement_table`]'s; this command checks the options, reports
//! progress, and writes them.

use super::note;
use amoba::core::provenance::Provenance;
use amoba::placement::table::{self, Options};
use amoba::report::placement_table::report;
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
    let (rows, columns) = ((args.k_max - 1) as u64, (args.t_max - 1) as u64);
    // One census per k, on all threads: the largest t within the budget. With k up to
    // 64 they take about a minute: progress from the start.
    let census_progress = super::progress::Progress::counting(
        args.progress,
        "placement-table censuses",
        "values of k",
    );
    census_progress.update(0, rows);
    let censuses = table::censuses(&options, &|d| census_progress.update(d, rows));
    census_progress.finish();
    let progress = super::progress::Progress::counting(args.progress, "placement-table", "entries");
    let grid = table::grid(
        &options,
        &censuses,
        table::Report {
            row: &mut |i| progress.update(i as u64 * columns, rows * columns),
            undecided: &mut super::covering::undecided,
        },
    )?;
    progress.finish();
    let provenance = Provenance::new("plane", &super::command_line(), None);
    let report = report(&grid, &options, provenance);
    super::write_report_and_json(
        &report.markdown,
        &report.document,
        &args.out,
        args.json,
        args.json_out.as_deref(),
    )?;
    if report.differ > 0 {
        note!(
            "{}",
            super::counted(report.differ, "entry contradicts", "entries contradict")
                + " the published table"
        );
        if args.check_published {
            return Ok(ExitCode::from(1));
        }
    }
    Ok(ExitCode::SUCCESS)
}
