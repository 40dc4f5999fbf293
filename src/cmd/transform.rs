//! `amoba transform --symmetry SYM ID|FILE`: applies a symmetry of the board to
//! pairings and prints the images in one-line form (or as grids), so nobody remaps
//! direction codes by hand. The symmetry is written as FORMATS.md, *Symmetries*, says
//! ([`amoba::pairing::symmetry::text`]).

use super::ask::read_file;
use amoba::check::pairing::Geometry;
use amoba::core::board::pairing::Pairing;
use amoba::pairing::symmetry::{apply, text};
use amoba::report::query::Target;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// A catalogue ID or a pairing file (`-` = stdin); every pairing of the file is
    /// transformed.
    #[arg(value_name = "ID|FILE")]
    pub target: PathBuf,
    /// The symmetry, e.g. "0,-1 1,0 + 3,0" for (x,y) ↦ (−y+3, x).
    #[arg(long, value_name = "SYM", allow_hyphen_values = true)]
    pub symmetry: String,
    /// Print grids instead of one-line forms.
    #[arg(long)]
    pub grid: bool,
    #[command(flatten)]
    pub ask: super::ask::AskArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let board = args.ask.board.load()?;
    let g = text::parse(&board, &args.symmetry).map_err(|e| anyhow::anyhow!("--symmetry {e}"))?;
    let geom = Geometry::new(&board)?;
    let pairings: Vec<Vec<u8>> = match super::ask::as_id(&args.target) {
        Some(id) => {
            let answers = args.ask.answers()?;
            let (codes, _, _) = answers.resolve(&Target::Id(id))?;
            vec![codes]
        }
        _ => read_file(&geom, &args.target)?
            .into_iter()
            .filter_map(|t| match t {
                Target::Pairing { codes, .. } => Some(codes),
                Target::Id(_) => None,
            })
            .collect(),
    };
    let mut out = amoba::core::io::stdout();
    for codes in &pairings {
        let image = Pairing::from_codes(apply(&board, codes, g));
        if args.grid {
            writeln!(out, "{}", image.to_grid(&board))?;
        } else {
            writeln!(out, "{}", image.to_line())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
