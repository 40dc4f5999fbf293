//! `amoba directions`: a set of directions up to `GL(d, Z)` — its normal form, the
//! matrix that takes it there, its symmetries — or every class of sets in a box
//! (`amoba::core::board::directions`, docs/spec.md §9).

use amoba::core::board::directions::typed;
use amoba::report::directions::{of_box, of_set};
use std::io::Write;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba directions \"1,0 0,1 1,2 2,1\"          # normal form and symmetries\n  \
    amoba directions \"1,0 0,1 1,1 1,-1 1,2\" --box 2   # and its class among the 5-sets in the box\n  \
    amoba directions --all 5 --box 2            # every class of 5 directions in {-2..2}^2\n  \
    amoba directions \"1,0 0,1 1,1 1,-1\" --json | jq -c '.symmetries[]'\n\n\
    Two sets with the same normal form are one game: the matrix printed for each maps it \
    onto the normal form, so M2^-1 M1 maps the first onto the second.")]
pub struct Args {
    /// The directions, e.g. "1,0 0,1 1,2 2,1".
    #[arg(value_name = "VECTORS", required_unless_present = "all")]
    pub directions: Option<String>,
    /// List every class of this many primitive directions in the box instead.
    #[arg(
        long,
        value_name = "N",
        requires = "box_",
        conflicts_with = "directions"
    )]
    pub all: Option<usize>,
    /// The box {−R, …, R}^d: with VECTORS, also say which class of the sets of the box
    /// it is in (numbered as `--all` numbers them).
    #[arg(long = "box", id = "box_", value_name = "R")]
    pub box_: Option<i64>,
    /// Dimension of `--all` (2 or 3).
    #[arg(long, default_value_t = 2, value_name = "D")]
    pub dims: usize,
    /// Print the answer as JSON (docs/schemas/directions.schema.json) on stdout instead
    /// of its text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let answer = match args.all {
        Some(n) => of_box(args.dims, args.box_.expect("clap requires --box"), n)?,
        None => {
            let text = args.directions.as_deref().expect("clap requires VECTORS");
            let (given, normal) = typed("VECTORS", text)?;
            of_set(given, normal, args.box_)?
        }
    };
    if args.json {
        super::ask::print_json(&answer.document(&super::command_line()))?;
    } else {
        amoba::core::io::stdout().write_all(answer.text().as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}
