//! `amoba scan`: one game, or every class of games of a kind, on every period lattice
//! up to an index (docs/spec.md §9; the engine is `amoba::pairing::scan`).
//!
//! Every pairing a scan reports passes the independent checker
//! (`amoba::check::certify::pairing`) before it is written; a pairing that fails is a
//! bug and stops the scan with exit 2.
//!
//! [`amoba::pairing::scan`] plans and searches; [`amoba::report::scan`] certifies what
//! was found, builds the document and its Markdown; this file parses, calls and writes.

use super::note;
use super::progress::{Mode, Progress};
use amoba::pairing::scan::{self as engine, COUNT_LIMIT, FIND_LIMIT, Limits};
use amoba::pairing::search::Shard;
use amoba::report::scan::{self as report, ScanDoc};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba scan --directions \"1,0 0,1 1,2 2,1\" --max-index 64 --count\n  \
    amoba scan --all 5 --box 2 --max-index 100 --json-out scan-5.json --out scan-5.md\n  \
    amoba scan --directions \"1,0,0 0,1,0 0,0,1 1,1,1\" --max-index 128\n  \
    amoba scan --all 5 --box 2 --max-index 100 --shard 3/8 --json-out part-3.json\n  \
    amoba scan --merge part-*.json --json-out scan-5.json --out scan-5.md\n  \
    amoba scan --directions \"1,0 0,1 1,2 2,1\" --max-index 16 --json | jq .games\n\n\
    Exit status: 0 the scan ran (whatever it found), 2 usage or input error.")]
pub struct Args {
    /// The game's directions, e.g. "1,0 0,1 1,2 2,1" (k = 2n + 1).
    #[arg(long, value_name = "VECTORS", required_unless_present_any = ["all", "merge", "t"],
          conflicts_with_all = ["all", "merge"])]
    pub directions: Option<String>,
    /// Scan every class (up to GL(d, Z)) of sets of this many primitive directions with
    /// coordinates in {−R, …, R} (`--box R`), one game per class.
    #[arg(long, value_name = "N", requires = "box_", conflicts_with = "merge")]
    pub all: Option<usize>,
    /// The box of `--all`.
    #[arg(long = "box", id = "box_", value_name = "R")]
    pub box_: Option<i64>,
    /// Dimension (2 or 3); with `--directions`, it must match them.
    #[arg(long, value_name = "D")]
    pub dims: Option<usize>,
    /// Least index (cells) of the lattices.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub min_index: usize,
    /// Greatest index (cells) of the lattices.
    #[arg(long, value_name = "N", required_unless_present = "merge")]
    pub max_index: Option<usize>,
    /// Node limit of each existence search.
    #[arg(long, default_value_t = FIND_LIMIT, value_name = "NODES")]
    pub node_limit: u64,
    /// Also count classes and labelled pairings where a pairing exists.
    #[arg(long)]
    pub count: bool,
    /// Node limit of each count.
    #[arg(long, default_value_t = COUNT_LIMIT, value_name = "NODES")]
    pub count_limit: u64,
    /// Scan only shard I of N of each game's lattices (merge the shards with --merge).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Merge the JSON documents of the shards of one scan instead of scanning.
    #[arg(long, num_args = 1.., value_name = "FILES")]
    pub merge: Option<Vec<PathBuf>>,
    /// Write the Markdown report here instead of stdout (`-` = stdout, the default).
    #[arg(long, default_value = "-")]
    pub out: PathBuf,
    /// Print the JSON document (docs/schemas/scan.schema.json) on stdout instead of the
    /// Markdown report; with --t, the answer (docs/schemas/search.schema.json).
    #[arg(long)]
    pub json: bool,
    /// Also write the JSON document here (`-` = stdout, in place of the report).
    #[arg(long, value_name = "PATH")]
    pub json_out: Option<PathBuf>,
    /// Worker threads (0 = all cores); the documents are the same for any number.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Progress display.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
    #[command(flatten)]
    pub placement: super::placement_game::PlacementArgs,
    /// With --t: run a cookie census the estimate puts out of reach.
    #[arg(long, requires = "t", help_heading = "Placements")]
    pub force: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.placement.t.is_some() {
        use super::placement_game::{Job, run};
        super::placement_game::refuse(&[
            ("--all", args.all.is_some()),
            ("--merge", args.merge.is_some()),
            ("--dims", args.dims.is_some()),
            ("--count", args.count),
            ("--shard", args.shard.is_some()),
            ("--json-out", args.json_out.is_some()),
            ("--out", !amoba::core::io::is_dash(&args.out)),
            ("--threads", args.threads != 0),
            ("--count-limit", args.count_limit != COUNT_LIMIT),
        ])?;
        let directions = (args.directions.clone())
            .unwrap_or_else(|| amoba::placement::setup::FOUR_DIRECTIONS.into());
        let max = args.max_index.expect("clap requires --max-index");
        engine::check_max_index(max)?;
        let job = Job::Scan {
            min: args.min_index,
            max,
            node_limit: args.node_limit,
        };
        return run(
            &args.placement,
            directions,
            None,
            job,
            None,
            args.force,
            args.json,
        );
    }
    if let Some(files) = &args.merge {
        let parts: Vec<(String, ScanDoc)> = super::read_json_docs(files, "scan document")?;
        let mut doc = report::merge(&parts)?;
        doc.provenance.command = super::command_line();
        return write(&args, &doc);
    }
    let (min, max) = (
        args.min_index,
        args.max_index.expect("clap requires --max-index"),
    );
    engine::check_max_index(max)?;
    let all = args
        .all
        .map(|n| (n, args.box_.expect("clap requires --box")));
    let mut games = engine::games(args.directions.as_deref(), all, args.dims)?;
    if let (None, Some((n, r))) = (&args.directions, all) {
        let d = args.dims.unwrap_or(engine::ALL_DIMS);
        note!("{}", report::classes_note(games.len(), n, r, d));
    }
    let dims = engine::plan(&mut games, min, max)?;
    let limits = Limits {
        find_nodes: args.node_limit,
        count_nodes: args.count.then_some(args.count_limit),
    };
    let start = std::time::Instant::now();
    let progress = Progress::counting(args.progress, "scan", "lattice orbits");
    let hooks = report::Hooks {
        note: &|s| note!("{s}"),
        stage: &|s| progress.set_what(s),
        progress: &|done, total| progress.update(done, total),
    };
    let out_games =
        report::scan_games(&games, (min, max), limits, args.shard, args.threads, &hooks)?;
    progress.finish();
    note!("scan: {:.1} s", start.elapsed().as_secs_f64());
    let command = super::command_line();
    let doc = ScanDoc::new(&command, dims, (min, max), limits, args.shard, out_games);
    write(&args, &doc)
}

/// Writes the report and the document where asked ([`super::write_report_and_json`]).
fn write(args: &Args, doc: &ScanDoc) -> anyhow::Result<ExitCode> {
    let (out, json_out) = (&args.out, args.json_out.as_deref());
    let markdown = report::markdown(doc);
    super::write_report_and_json(&markdown, &doc.stamped(), out, args.json, json_out)?;
    Ok(ExitCode::SUCCESS)
}
