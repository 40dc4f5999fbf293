//! `amoba canon FILE`: for each pairing of a file, its canonical form, catalogue ID,
//! stabiliser order and a symmetry that carries it there
//! ([`amoba::report::query::Answers::canon`]). Exit 1 when some pairing is not good.

use super::ask::{AskArgs, print_json, read_file};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Pairing file (`-` = stdin): one-line forms or grids, as `amoba verify` reads.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print the document as JSON (docs/schemas/canon.schema.json).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub ask: AskArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let answers = args.ask.answers()?;
    let pairings = read_file(&answers.geom, &args.file)?;
    let doc = answers.canon(&pairings)?;
    let code = if doc.pairings.iter().all(|e| e.good) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    if args.json {
        print_json(&doc)?;
        return Ok(code);
    }
    let mut out = amoba::core::io::stdout();
    for e in &doc.pairings {
        match (&e.canonical, e.id, &e.to_canonical) {
            (Some(c), Some(id), Some(g)) => writeln!(
                out,
                "{}: ID {id}, stabiliser order {}, canonical form {c}, reached by {}   [{}]",
                e.source,
                e.stabiliser_order.unwrap_or(0),
                g.text,
                g.report.kind
            )?,
            _ => writeln!(
                out,
                "{}: not a good pairing of board {} (`amoba verify` says why)",
                e.source,
                answers.board.name()
            )?,
        }
    }
    Ok(code)
}
