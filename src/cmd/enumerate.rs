//! `amoba enumerate`: the catalogue of a board (docs/spec.md §4) and its summary, or one shard
//! of it for a cluster (`--shard I/N`, see `amoba::pairing::catalogue::parts`).
//!
//! Where the files go and where the summary goes, which catalogues a refining board
//! needs and the table of blocks are the library's ([`amoba::report::enumerate`],
//! [`amoba::pairing::catalogue::parts`]); the lines printed are
//! [`amoba::report::summary`]'s, and where they go [`SummaryTo`]'s.

use super::note;
use super::progress::{Mode, Progress};
use amoba::core::provenance::Provenance;
use amoba::pairing::catalogue::enumerate::{self as pipeline, EnumerateOutput};
use amoba::pairing::catalogue::parts;
use amoba::pairing::catalogue::source::CatalogueCensus;
use amoba::pairing::search::Shard;
use amoba::report::enumerate::{Run, SummaryTo};
use amoba::report::summary;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Where the files go unless `--out-dir` says otherwise.
const OUT_DIR: &str = "results";

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub board: super::BoardArgs,
    #[command(flatten)]
    pub placement: super::placement_game::PlacementArgs,
    /// Catalogue file (default DIR/catalogue-<tag>.txt, DIR being --out-dir; `-` =
    /// stdout: then nothing else is written unless --summary names a file, and the
    /// human summary goes to stderr).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Summary JSON (default DIR/enumerate-<tag>.json; `-` = stdout, but not together
    /// with `--out -`).
    #[arg(long)]
    pub summary: Option<PathBuf>,
    /// Directory of the files written by default: the catalogue, the summary, the part
    /// files of a shard (in DIR/parts) and, on square9-16, the table of blocks.
    #[arg(long, value_name = "DIR", default_value = OUT_DIR)]
    pub out_dir: PathBuf,
    /// Print the summary JSON (docs/schemas/enumerate.schema.json) on stdout instead of
    /// the human summary (the files are written all the same); with --t, the answer
    /// (docs/schemas/search.schema.json).
    #[arg(long, conflicts_with = "shard")]
    pub json: bool,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Search only shard I of N (0-based) and write a part file instead of the
    /// catalogue. Default from SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT when set.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Directory for part files (default DIR/parts).
    #[arg(long)]
    pub parts_dir: Option<PathBuf>,
    /// Progress display.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
    /// Run even when the board's enumeration is known to be out of reach.
    #[arg(long)]
    pub force: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.placement.t.is_some() {
        use super::placement_game::{Job, board_game, refuse, run};
        refuse(&[
            ("--summary", args.summary.is_some()),
            ("--shard", args.shard.is_some()),
            ("--threads", args.threads != 0),
            ("--parts-dir", args.parts_dir.is_some()),
            ("--out-dir", args.out_dir != Path::new(OUT_DIR)),
        ])?;
        let (directions, lattice) = board_game(&args.board)?;
        let (lattice, out) = (Some(lattice), args.out);
        return run(
            &args.placement,
            directions,
            lattice,
            Job::Count,
            out,
            args.force,
            args.json,
        );
    }
    super::directory_option(&args.out_dir, "--out-dir")?;
    if let Some(shard) = args.shard.or(parts::slurm_shard()?) {
        return run_shard(&args, shard);
    }
    let files = (args.out.as_deref(), args.summary.as_deref(), &*args.out_dir);
    let to = SummaryTo::of(args.json, files.0, files.1)?;
    let how = (args.threads, args.force, args.progress);
    let (out, provenance) = enumerate(&args.board, files, how, None)?;
    to.emit(&out, &provenance, &|s| note!("{s}"))?;
    Ok(ExitCode::SUCCESS)
}

/// Searches shard `shard` and writes its part file, unless a complete part of it is
/// already there ([`parts::existing`]).
fn run_shard(args: &Args, shard: Shard) -> anyhow::Result<ExitCode> {
    let parts_dir = parts::parts_dir(args.parts_dir.as_deref(), &args.out_dir);
    super::directory_option(&parts_dir, "--parts-dir")?;
    let board = args.board.load()?;
    super::refuse_out_of_reach(&board, args.threads, args.force)?;
    let path = parts::part_path(&parts_dir, &board, shard);
    let existing = parts::existing(&board, &path, shard);
    if let Some(line) = summary::existing_part(&path, &existing) {
        note!("{line}");
    }
    if let parts::Existing::Complete(_) = existing {
        return Ok(ExitCode::SUCCESS);
    }
    let progress = Progress::new(args.progress, &format!("shard {shard}"));
    let out = parts::run_shard(&board, shard, args.threads, &path, &|d, t| {
        progress.update(d, t)
    });
    progress.finish();
    let out = out?;
    note!("{}", out.cost_line());
    let line = summary::shard_line(shard, &out);
    writeln!(amoba::core::io::stdout(), "{line}")?;
    note!("wrote {}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// Runs the enumeration of `board` and writes its `files` (catalogue, summary and
/// their directory, as [`Run::new`] takes them), the time and memory on stderr, with
/// `how` = (threads, run even when out of reach, progress display); shared with
/// `reproduce`, which passes the `coarse` catalogue and census of the 8×8 torus it
/// has just enumerated. Returns the output and the files' provenance.
pub fn enumerate(
    board: &super::BoardArgs,
    files: (Option<&Path>, Option<&Path>, &Path),
    (threads, force, mode): (usize, bool, Mode),
    coarse: Option<CatalogueCensus>,
) -> anyhow::Result<(EnumerateOutput, Provenance)> {
    let board = board.load()?;
    super::refuse_out_of_reach(&board, threads, force)?;
    let run = Run::new(&board, files, coarse.is_some(), &|s| note!("{s}"))?;
    let coarse = run.refined.coarse(coarse);
    let progress = Progress::new(mode, "enumerate");
    let out = pipeline::run(&board, threads, coarse.map(|c| c.1), &|done, total| {
        progress.update(done, total)
    });
    progress.finish();
    let command = super::command_line();
    let provenance = run.write(&board, &out, coarse, &command, &|s| note!("{s}"))?;
    Ok((out, provenance))
}
