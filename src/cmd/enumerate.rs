//! `amoba enumerate`: the catalogue of a board (docs/spec.md §4) and its summary, or one shard
//! of it for a cluster (`--shard I/N`, see `amoba::pairing::catalogue::parts`).
//!
//! Where the files go ([`amoba::pairing::catalogue::enumerate::Paths`]), which
//! catalogues a refining board needs ([`amoba::pairing::catalogue::source::Refined`])
//! and the table of blocks are the library's; the lines printed are
//! [`amoba::report::summary`]'s.

use super::note;
use super::progress::{Mode, Progress};
use amoba::core::board::Board;
use amoba::core::io::is_stdout;
use amoba::pairing::catalogue::enumerate::{self as pipeline, EnumerateOutput, Paths};
use amoba::pairing::catalogue::source::{CatalogueCensus, Refined};
use amoba::pairing::catalogue::{blocks, parts};
use amoba::pairing::search::{Options, Shard};
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
    /// the human summary (the files are written all the same).
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

impl Args {
    /// The defaults of `amoba enumerate` for `board`.
    pub fn defaults(
        board: &super::BoardArgs,
        threads: usize,
        out_dir: &Path,
        progress: Mode,
    ) -> Args {
        Args {
            board: board.clone(),
            placement: super::placement_game::PlacementArgs { t: None, k: None },
            out: None,
            summary: None,
            out_dir: out_dir.to_path_buf(),
            json: false,
            threads,
            shard: None,
            parts_dir: None,
            progress,
            force: false,
        }
    }
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
            ("--json", args.json),
        ])?;
        let (directions, lattice) = board_game(&args.board)?;
        let job = Job::Count { out: args.out };
        return run(&args.placement, directions, Some(lattice), job, args.force);
    }
    super::directory_option(&args.out_dir, "--out-dir")?;
    if let Some(shard) = args.shard.or(slurm_shard()?) {
        return run_shard(&args, shard);
    }
    if args.json && outputs_to_stdout(&args) {
        anyhow::bail!(
            "--json prints the summary on standard output, and so does --out - or --summary -: \
             expected one of them"
        );
    }
    let (out, provenance) = enumerate(&args, None)?;
    let human = summary::human_summary(&out);
    if args.json {
        note!("{}", human.trim_end());
        out.write_summary(Path::new("-"), &provenance)?;
    } else if outputs_to_stdout(&args) {
        // Standard output carries a file: the summary must not mix into it.
        note!("{}", human.trim_end());
    } else {
        write!(amoba::core::io::stdout(), "{human}")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn outputs_to_stdout(args: &Args) -> bool {
    let to_stdout = |p: &Option<PathBuf>| p.as_deref().is_some_and(is_stdout);
    to_stdout(&args.out) || to_stdout(&args.summary)
}

/// The shard given by a Slurm job array, if this runs in one ([`parts::slurm_shard`]).
pub fn slurm_shard() -> anyhow::Result<Option<Shard>> {
    Ok(parts::slurm_shard()?)
}

fn run_shard(args: &Args, shard: Shard) -> anyhow::Result<ExitCode> {
    let parts_dir = (args.parts_dir.clone()).unwrap_or_else(|| args.out_dir.join("parts"));
    super::directory_option(&parts_dir, "--parts-dir")?;
    let board = args.board.load()?;
    super::refuse_out_of_reach(&board, args.threads, args.force)?;
    let path = parts_dir.join(parts::part_name(&pipeline::file_tag(&board), shard));
    let existing = parts::existing(&board, &path, shard);
    if let Some(line) = summary::existing_part(&path, &existing) {
        note!("{line}");
    }
    if let parts::Existing::Complete(_) = existing {
        return Ok(ExitCode::SUCCESS);
    }
    let progress = Progress::new(args.progress, &format!("shard {shard}"));
    let options = Options {
        threads: args.threads,
        shard: Some(shard),
        ..Options::default()
    };
    let out = pipeline::run_with(&board, options, None, &|d, t| progress.update(d, t));
    progress.finish();
    parts::write_part(&path, &board, shard, &out.catalogue)?;
    note!("{}", out.cost_line());
    writeln!(
        amoba::core::io::stdout(),
        "{}",
        summary::shard_line(shard, &out)
    )?;
    note!("wrote {}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// Runs the enumeration and writes its files; shared with `reproduce`. The run's time
/// and memory go to stderr (they differ between runs, so no file records them).
/// Returns the output and the provenance the files carry (with the catalogue's
/// SHA-256), for a caller that writes more files of the same run.
///
/// A board that refines a coarser one (the 16-toroidal board) needs the coarser
/// board's catalogue and census: for its left-out classes when its search is rooted,
/// and for the table of blocks. `coarse` passes them when the caller has them
/// (`reproduce` has just enumerated the 8×8 torus); otherwise they are loaded like any
/// catalogue (`results/`, the cache, or a fresh enumeration in memory).
pub fn enumerate(
    args: &Args,
    coarse: Option<CatalogueCensus>,
) -> anyhow::Result<(EnumerateOutput, amoba::core::provenance::Provenance)> {
    let board = args.board.load()?;
    super::refuse_out_of_reach(&board, args.threads, args.force)?;
    let (out, sum) = (args.out.as_deref(), args.summary.as_deref());
    let paths = Paths::of(out, sum, &args.out_dir, &pipeline::file_tag(&board))?;
    // The board this one refines, with its catalogue and census: given, or loaded when
    // the rooted search needs its census.
    let refined = Refined::of(&board, coarse.is_some(), &|s| note!("{s}"))?;
    let coarse = refined.coarse(coarse);
    let progress = Progress::new(args.progress, "enumerate");
    let out = pipeline::run(&board, args.threads, coarse.map(|c| c.1), &|done, total| {
        progress.update(done, total)
    });
    progress.finish();
    out.catalogue.write(&paths.catalogue)?;
    let provenance = amoba::core::provenance::Provenance::new(
        board.name(),
        &super::command_line(),
        Some(amoba::report::results::catalogue_sha256(&out.catalogue)),
    );
    if let Some(p) = &paths.summary {
        out.write_summary(p, &provenance)?;
    }
    if blocks::applies_to(&board) && !is_stdout(&paths.catalogue) {
        // The blocks are 8×8 pairings: the catalogue of square9, which is the refined
        // board's when that is square9.
        let board8 = Board::square9();
        let cat8 = refined.blocks_catalogue(&board8, coarse, &|s| note!("{s}"))?;
        let (path, rows) =
            blocks::write_table(&board, &board8, &cat8, &out.catalogue, &paths.catalogue)?;
        note!("{}", blocks::distributions(&rows, 10).markdown());
        note!("wrote {}", super::shown(&path));
    }
    note!("{}", out.cost_line());
    note!("{}", summary::written(&paths, &out));
    Ok((out, provenance))
}
