//! `amoba select`: the classes of the catalogue that pass a filter — ID range,
//! stabiliser order, component, degree, a symmetry they must have — printed as IDs,
//! canonical forms or JSON lines ([`amoba::pairing::graph::query::select`]).

use super::ask::AskArgs;
use amoba::pairing::graph::query::{Filter, SymmetryFilter};
use std::io::Write;
use std::ops::RangeInclusive;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One ID a line.
    Ids,
    /// One canonical form (one-line) a line.
    Forms,
    /// JSON lines: the provenance first, then one object a class
    /// (docs/schemas/select.schema.json).
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// Catalogue IDs: N, A..B, A.. or ..B (inclusive).
    #[arg(long, value_name = "RANGE", value_parser = range)]
    pub ids: Option<RangeInclusive<usize>>,
    /// Stabiliser order: N or a range.
    #[arg(long, value_name = "RANGE", value_parser = range)]
    pub stabiliser: Option<RangeInclusive<usize>>,
    /// Component of the pairing graph (1 = the largest): N or a range.
    #[arg(long, value_name = "RANGE", value_parser = range)]
    pub component: Option<RangeInclusive<usize>>,
    /// Degree in the pairing graph: N or a range.
    #[arg(long, value_name = "RANGE", value_parser = range)]
    pub degree: Option<RangeInclusive<usize>>,
    /// A symmetry the canonical form must have (FORMATS.md, Symmetries). With a
    /// translation ("-1,0 0,1 + 4,0") that element exactly; a matrix alone ("-1,0 0,1")
    /// asks for any element with that linear part other than the identity, so "1,0 0,1"
    /// selects the classes fixed by a non-zero translation.
    #[arg(long, value_name = "SYM", allow_hyphen_values = true)]
    pub symmetry: Option<String>,
    /// What to print for each class.
    #[arg(long, value_enum, default_value = "ids")]
    pub format: Format,
    /// Print only the number of classes selected.
    #[arg(long, conflicts_with = "format")]
    pub count: bool,
    /// JSON lines on stdout: the same as --format json.
    #[arg(long, conflicts_with_all = ["format", "count"])]
    pub json: bool,
    #[command(flatten)]
    pub ask: AskArgs,
}

/// Parses `N`, `A..B`, `A..` or `..B` (inclusive; [`amoba::pairing::graph::query::parse_range`]).
fn range(s: &str) -> Result<RangeInclusive<usize>, String> {
    amoba::pairing::graph::query::parse_range(s)
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let answers = args.ask.answers()?;
    let symmetry = match &args.symmetry {
        None => None,
        Some(s) => Some(
            SymmetryFilter::parse(&answers.board, s)
                .map_err(|e| anyhow::anyhow!("--symmetry {e}"))?,
        ),
    };
    let filter = Filter {
        ids: args.ids.clone(),
        stabiliser: args.stabiliser.clone(),
        component: args.component.clone(),
        degree: args.degree.clone(),
        symmetry,
    };
    let ids = answers.select(&filter);
    let mut out = amoba::core::io::stdout();
    if args.count {
        writeln!(out, "{}", ids.len())?;
        return Ok(ExitCode::SUCCESS);
    }
    match if args.json { Format::Json } else { args.format } {
        Format::Ids => {
            for id in &ids {
                writeln!(out, "{id}")?;
            }
        }
        Format::Forms => {
            for &id in &ids {
                writeln!(out, "{}", answers.data.catalogue.pairing(id).to_line())?;
            }
        }
        Format::Json => {
            writeln!(out, "{}", serde_json::to_string(&answers.select_head())?)?;
            for &id in &ids {
                writeln!(out, "{}", serde_json::to_string(&answers.select_row(id))?)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
