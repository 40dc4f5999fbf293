//! `amoba enumerate`: the catalogue of a board (docs/spec.md §4) and its summary, or one shard
//! of it for a cluster (`--shard I/N`, see `amoba::catalogue::parts`).

use super::progress::{Mode, Progress};
use amoba::catalogue::enumerate::{self as pipeline, EnumerateOutput};
use amoba::search::{Options, Shard};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Board (docs/spec.md, appendix A).
    #[arg(long, default_value = "square9", value_name = "NAME", help = super::board_help())]
    pub board: String,
    /// Catalogue file (default results/catalogue-<tag>.txt).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Summary JSON (default results/enumerate-<tag>.json).
    #[arg(long)]
    pub summary: Option<PathBuf>,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Search only shard I of N (0-based) and write a part file instead of the
    /// catalogue. Default from SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT when set.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Directory for part files.
    #[arg(long, default_value = "results/parts")]
    pub parts_dir: PathBuf,
    /// Progress display.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
}

impl Args {
    /// The defaults of `amoba enumerate` for `board`.
    pub fn defaults(board: &str, threads: usize) -> Args {
        Args {
            board: board.into(),
            out: None,
            summary: None,
            threads,
            shard: None,
            parts_dir: PathBuf::from("results/parts"),
            progress: Mode::Auto,
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(shard) = args.shard.or(slurm_shard()?) {
        return run_shard(&args, shard);
    }
    let out = enumerate(&args)?;
    let mut stdout = std::io::stdout().lock();
    write!(stdout, "{}", out.human_summary())?;
    Ok(ExitCode::SUCCESS)
}

/// The shard given by a Slurm job array, if this runs in one.
fn slurm_shard() -> anyhow::Result<Option<Shard>> {
    match (
        std::env::var("SLURM_ARRAY_TASK_ID"),
        std::env::var("SLURM_ARRAY_TASK_COUNT"),
    ) {
        (Ok(i), Ok(n)) => {
            Ok(Some(format!("{i}/{n}").parse().map_err(|e| {
                anyhow::anyhow!("SLURM_ARRAY_TASK_ID/COUNT: {e}")
            })?))
        }
        _ => Ok(None),
    }
}

fn run_shard(args: &Args, shard: Shard) -> anyhow::Result<ExitCode> {
    let board = super::board(&args.board)?;
    let path = args.parts_dir.join(amoba::catalogue::parts::part_name(
        &pipeline::file_tag(&board),
        shard,
    ));
    if path.exists() {
        match amoba::catalogue::parts::read_part(&board, &path) {
            Ok((h, _)) if h.shard == shard && h.split == amoba::catalogue::parts::SPLIT => {
                eprintln!(
                    "{} is complete ({} forms): skipped",
                    path.display(),
                    h.count
                );
                return Ok(ExitCode::SUCCESS);
            }
            _ => eprintln!("{} is incomplete or damaged: redoing it", path.display()),
        }
    }
    let progress = Progress::new(args.progress, &format!("shard {shard}"));
    let out = pipeline::run_with(
        &board,
        Options {
            threads: args.threads,
            shard: Some(shard),
        },
        &|d, t| progress.update(d, t),
    );
    progress.finish();
    amoba::catalogue::parts::write_part(&path, &board, shard, &out.catalogue)?;
    let mut stdout = std::io::stdout().lock();
    writeln!(
        stdout,
        "shard {shard} of board {}: {} classes in {} subtrees, {:.3} s; wrote {}",
        board.name(),
        out.catalogue.len(),
        out.stats.subtrees,
        out.wall_seconds,
        path.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Runs the enumeration and writes its files; shared with `reproduce`.
pub fn enumerate(args: &Args) -> anyhow::Result<EnumerateOutput> {
    let board = super::board(&args.board)?;
    let tag = pipeline::file_tag(&board);
    let cat_path = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("results/catalogue-{tag}.txt")));
    let sum_path = args
        .summary
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("results/enumerate-{tag}.json")));
    let progress = Progress::new(args.progress, "enumerate");
    let out = pipeline::run(&board, args.threads, &|done, total| {
        progress.update(done, total)
    });
    progress.finish();
    out.catalogue.write(&cat_path)?;
    let provenance = amoba::provenance::Provenance::new(
        board.name(),
        &super::command(),
        Some(amoba::output::results::catalogue_sha256(&out.catalogue)),
    );
    out.write_summary(&sum_path, &provenance)?;
    eprintln!(
        "wrote {} ({} classes) and {}",
        cat_path.display(),
        out.catalogue.len(),
        sum_path.display()
    );
    Ok(out)
}
