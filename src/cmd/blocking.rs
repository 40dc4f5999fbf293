//! `amoba blocking`: the largest blocking numbers `d_t(k)` of t-cookies (docs/spec.md
//! §10), exact, printed beside the published values.
//!
//! Per `k`, each size is settled by the exhaustive census of line-connected cookies
//! ([`cookie::census`]) while the estimate keeps it within the budget; it grows like
//! `(8(k − 1))^(t − 1)`. Beyond it, the census of the cookies whose cells link within
//! fewer steps ([`cookie::census_within`]) finds a good cookie of each size, and
//! peeling ([`cookie::peel`]) lists every line-connected cookie at least as good, which
//! makes the value exact; the report lists its levels as the certificate. Where peeling
//! cannot conclude (its inequality fails, or a level is beyond the budget) the entry is
//! a *lower bound* `≥ v` with the cookies that attain it, or `—` when even that is out
//! of the budget: never a guess. Every best cookie also gives a lower bound for *every*
//! `k` (its eventual linear form, [`cookie::eventual`]), which the report states beside
//! the published form.

use super::note;
use amoba::core::provenance::{BLOCKING, Provenance};
use amoba::placement::blocking::{self, Options};
use amoba::report::blocking::report;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba blocking                          # t = 2..8, k = 2..12, every entry exact\n  \
    amoba blocking --t-max 4 --k-max 9\n  \
    amoba blocking --t-max 6 --k-min 4 --k-max 4 --budget 1e9   # the census alone\n\n\
    amoba blocking --t-max 4 --k-max 6 --json | jq '.entries[] | select(.differs)'\n\n\
    Exit status: 0 the table was computed (values that differ from the published ones \
    are marked DIFFER, with a cookie that shows it), 1 with --check-published when some \
    differ, 2 usage error.")]
pub struct Args {
    /// Largest cookie size.
    #[arg(long, default_value_t = 8, value_name = "T")]
    pub t_max: usize,
    /// Least k.
    #[arg(long, default_value_t = 2, value_name = "K")]
    pub k_min: usize,
    /// Greatest k.
    #[arg(long, default_value_t = 12, value_name = "K")]
    pub k_max: usize,
    /// The winning directions (the published values are for the default four).
    #[arg(long, default_value = amoba::placement::setup::FOUR_DIRECTIONS, value_name = "VECTORS")]
    pub directions: String,
    /// Most line-connected sets one census may enumerate, and most cookies one level of
    /// peeling may score (both estimated up front).
    #[arg(long, default_value_t = 1e6, value_name = "SETS")]
    pub budget: f64,
    /// Beyond the budget, lower bounds from the cookies whose cells link within this many
    /// steps along a direction (1: the king's moves for the four directions; 0: none).
    #[arg(long, default_value_t = 1, value_name = "STEPS")]
    pub lower_steps: i64,
    /// Write the table here instead of stdout (`-` = stdout).
    #[arg(long, default_value = "-")]
    pub out: std::path::PathBuf,
    /// Print the table as JSON (docs/schemas/blocking.schema.json) on stdout instead of
    /// the Markdown.
    #[arg(long)]
    pub json: bool,
    /// Also write the JSON document here (`-` = stdout, in place of the Markdown).
    #[arg(long, value_name = "PATH")]
    pub json_out: Option<std::path::PathBuf>,
    /// Exit 1 when a computed value differs from the published one.
    #[arg(long)]
    pub check_published: bool,
    /// Progress display (one step a value of k).
    #[arg(long, value_enum, default_value_t = super::progress::Mode::Auto)]
    pub progress: super::progress::Mode,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let options = Options {
        t_max: args.t_max,
        k_min: args.k_min,
        k_max: args.k_max,
        budget: args.budget,
        lower_steps: args.lower_steps,
    };
    options.check()?;
    let directions = amoba::placement::setup::plane_directions(&args.directions)?;
    // Per k (independent, on all threads): the exhaustive census as far as the budget
    // reaches, then peeling from the best cookies linking within fewer steps.
    let progress = super::progress::Progress::counting(args.progress, "blocking", "values of k");
    let total = (args.k_max - args.k_min + 1) as u64;
    progress.update(0, total);
    let table = blocking::compute(&options, &directions, &|d| progress.update(d, total))?;
    let provenance = Provenance::new("plane", &super::command_line(), None).stamped(&BLOCKING);
    let report = report(&table, &options, &args.directions, &directions, provenance);
    super::write_report_and_json(
        &report.markdown,
        &report.document,
        &args.out,
        args.json,
        args.json_out.as_deref(),
    )?;
    if report.differ > 0 {
        note!(
            "{} from the published values",
            super::counted(report.differ, "entry differs", "entries differ")
        );
        if args.check_published {
            return Ok(ExitCode::from(1));
        }
    }
    Ok(ExitCode::SUCCESS)
}
