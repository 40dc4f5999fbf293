//! `amoba reproduce`: the whole pipeline with default settings, side by side with the
//! published figures (SPEC §6).

use super::enumerate;
use std::io::Write;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let out = enumerate::enumerate(&enumerate::Args {
        board: "square9".into(),
        out: None,
        summary: None,
        threads: args.threads,
    })?;
    let mut stdout = std::io::stdout().lock();
    write!(
        stdout,
        "{}",
        amoba::report::published_table(&out.published_rows())
    )?;
    Ok(ExitCode::SUCCESS)
}
