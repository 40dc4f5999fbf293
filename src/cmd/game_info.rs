//! `amoba game info` and `amoba game power`: what a game file holds — its cells and
//! sets, and for a sub-board of the plane its blocking power and counting bound — and
//! the same two figures for a sub-board known only by the sizes of its sets
//! ([`amoba::game::info`]). Exit 0, or 2 with the file or option that is wrong.

use amoba::game::info;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct InfoArgs {
    /// The game file (`-` = stdin).
    #[arg(value_name = "GAME")]
    file: PathBuf,
    /// Windows of k-in-a-row starting at each cell that copies of the game, as a
    /// sub-board of the plane, must block (4: rows, columns, both diagonals; 1 to
    /// 65,536).
    #[arg(long, default_value_t = 4, value_name = "D",
          value_parser = clap::value_parser!(u64).range(1..=1 << 16))]
    density: u64,
    /// Print the document as JSON (docs/schemas/game-info.schema.json).
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct PowerArgs {
    /// The sizes of the winning sets, comma-separated (2 to 1024 each, at most
    /// 65,536 sets).
    #[arg(long, value_delimiter = ',', required = true, value_name = "S,S,…",
          value_parser = clap::value_parser!(u64).range(2..=1024))]
    sizes: Vec<u64>,
    /// Cells of the sub-board (1 to 2^32).
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u64).range(1..=1 << 32))]
    cells: u64,
    /// Windows of k-in-a-row starting at each cell that the copies must block (1 to
    /// 65,536).
    #[arg(long, default_value_t = 4, value_name = "D",
          value_parser = clap::value_parser!(u64).range(1..=1 << 16))]
    density: u64,
    /// Print the document as JSON (docs/schemas/game-power.schema.json).
    #[arg(long)]
    json: bool,
}

/// `amoba game info`: the document of [`info::Info`], as text or JSON.
pub fn info(a: &InfoArgs) -> anyhow::Result<ExitCode> {
    let doc = info::Info::read(&a.file, a.density, &super::command_line())?;
    print(&doc, doc.to_text(), a.json)
}

/// `amoba game power`: the document of [`info::SizesInfo`], as text or JSON.
pub fn power(a: &PowerArgs) -> anyhow::Result<ExitCode> {
    if a.sizes.len() > 1 << 16 {
        anyhow::bail!("--sizes: {} sets, at most 65536", a.sizes.len());
    }
    // Each size was bounded by its parser (2..=1024), so it fits a usize; with at
    // most 2^16 sets, 2^32 cells and a density of 2^16 the bound's numbers fit in 64
    // bits, so the library's errors cannot arise here (kept, and named, all the same).
    let sizes: Vec<usize> = a.sizes.iter().map(|&s| s as usize).collect();
    let doc = info::SizesInfo::new(&sizes, a.cells, a.density, &super::command_line())
        .map_err(|e| anyhow::anyhow!("--sizes: {e}"))?;
    print(&doc, doc.to_text(), a.json)
}

/// Prints `doc` as JSON, or its `text`.
fn print(doc: &impl serde::Serialize, text: String, json: bool) -> anyhow::Result<ExitCode> {
    if json {
        super::ask::print_json(doc)?;
    } else {
        amoba::core::io::stdout().write_all(text.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}
