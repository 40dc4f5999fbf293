//! `amoba merge`: the catalogue from a complete set of shard parts.

use super::note;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Part files (`catalogue-<tag>.part-I-of-N.txt`); all N of them.
    #[arg(required = true)]
    pub parts: Vec<PathBuf>,
    #[command(flatten)]
    pub board: super::BoardArgs,
    /// Catalogue to write (default results/catalogue-<tag>.txt; `-` = stdout, and the
    /// message then goes to stderr).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let board = args.board.load()?;
    let cat = amoba::pairing::catalogue::parts::merge(&board, &args.parts)?;
    let out = args
        .out
        .unwrap_or_else(|| amoba::pairing::catalogue::source::results_path(&board));
    cat.write(&out)?;
    note!(
        "merged {}: {}; wrote {}",
        super::counted(args.parts.len(), "part", "parts"),
        super::counted(cat.len(), "class", "classes"),
        super::shown(&out)
    );
    Ok(ExitCode::SUCCESS)
}
