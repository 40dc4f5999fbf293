//! `amoba enumerate`: the catalogue of a board (SPEC §4) and its summary.

use super::progress;
use amoba::enumerate::{self as pipeline, EnumerateOutput};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Board: square9 (8×8 torus of 9-in-a-row), hex7, square5, line3.
    #[arg(long, default_value = "square9")]
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
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let out = enumerate(&args)?;
    let mut stdout = std::io::stdout().lock();
    write!(stdout, "{}", out.human_summary())?;
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
    let bar = progress::bar(0, "enumerate");
    let out = pipeline::run(&board, args.threads, &|done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    out.catalogue.write(&cat_path)?;
    out.write_summary(&sum_path)?;
    eprintln!(
        "wrote {} ({} classes) and {}",
        cat_path.display(),
        out.catalogue.len(),
        sum_path.display()
    );
    Ok(out)
}
