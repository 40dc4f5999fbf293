//! `amoba covering`: good t-placements of k-in-a-row that may block a winning set more
//! than once (docs/spec.md §10), searched by a SAT solver on one lattice or on every
//! lattice up to an index.
//!
//! Every placement printed has passed the independent checker
//! ([`amoba::check::placement`]) first. Exit 0 a placement was found, 1 none was (the
//! message says what the search proves), 2 usage or input error.
//!
//! The search of each lattice and the cookies searched by default are
//! [`amoba::placement::engine`]'s, the lines printed [`amoba::report::covering`]'s.

use super::note;
use super::progress::{Mode, Progress};
use super::tight::To;
use amoba::core::board::lattice::Lattice;
use amoba::placement::engine::{self, Kinds, cover_on};
use amoba::placement::setup;
use amoba::placement::tight::Tightness;
use amoba::report::covering::{self as report, Tally};
use amoba::report::search_doc::{Question, json_provenance};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Conflicts the SAT solver may spend on each lattice unless `--conflicts` says
/// otherwise.
pub const CONFLICTS: u64 = 200_000;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba covering --t 6 --k 5 --max-index 6                  # found on the first lattice of index 6\n  \
    amoba covering --t 4 --k 6 --lattice \"4,0 0,4\"            # four cookies on the 4x4 torus\n  \
    amoba covering --t 4 --k 6 --lattice \"2,0 0,2\" --per-cell 0   # every cookie: none, proved\n  \
    amoba covering --t 4 --k 5 --directions \"1,0 0,1 1,1\" --max-index 8\n  \
    amoba covering --t 6 --k 5 --max-index 6 --json | jq -r .found > p.txt\n\n\
    Exit status: 0 found, 1 none found (the message says whether that is a proof), 2 \
    usage or input error.")]
pub struct Args {
    #[command(flatten)]
    pub game: super::GameArgs,
    /// The period lattice to search, as basis vectors, e.g. "5,0 0,5".
    #[arg(long, value_name = "VECTORS", conflicts_with = "max_index")]
    pub lattice: Option<String>,
    /// Search every lattice of index up to N (one per orbit of the directions'
    /// symmetries), in order of index.
    #[arg(long, value_name = "N")]
    pub max_index: Option<usize>,
    /// Least index with --max-index.
    #[arg(long, default_value_t = 1, value_name = "N", requires = "max_index")]
    pub min_index: usize,
    /// With --max-index: go on after the first lattice with a placement.
    #[arg(long, requires = "max_index")]
    pub all: bool,
    /// Use only cookies of s cells blocking at least X·s winning sets. The default, the
    /// number of directions, keeps the cookies that pay for their cells; 0 keeps every
    /// cookie, so that "none" is a proof for the lattice.
    #[arg(long, value_name = "X")]
    pub per_cell: Option<f64>,
    /// Conflicts the SAT solver may spend on each lattice (a few thousand a second on
    /// formulas of ten thousand variables; progress every 20,000).
    #[arg(long, default_value_t = CONFLICTS, value_name = "N")]
    pub conflicts: u64,
    /// Write the placement found to this file instead of standard output (`-` =
    /// stdout).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Run a cookie census the estimate puts out of reach.
    #[arg(long)]
    pub force: bool,
    /// Print the answer as JSON (docs/schemas/search.schema.json) on stdout instead of
    /// its text, with each lattice searched and the placement found inside it (and in
    /// --out FILE if given).
    #[arg(long)]
    pub json: bool,
    /// Progress display.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let out = args.out.as_deref();
    let json = json_provenance(args.json, out, "plane", &super::command_line())?;
    let game = args.game.game()?;
    let (text, min, max) = (args.lattice.as_deref(), args.min_index, args.max_index);
    let lattices = super::listing(args.progress, |p| setup::lattices(&game, text, min, max, p))?;
    let per_cell = args
        .per_cell
        .unwrap_or_else(|| engine::default_per_cell(&game));
    let kinds = Kinds::new(&game, args.game.t, per_cell, args.force)?;
    let (conflicts, all) = (args.conflicts, args.all);
    let question = match args.max_index {
        Some(_) => Question::Scan,
        None => Question::Find,
    };
    let to = To::new(out, json.as_ref());
    let status = search(
        &lattices,
        &kinds,
        (question, conflicts, all),
        to,
        args.progress,
    )?;
    Ok(ExitCode::from(status))
}

/// The note of a lattice whose covering search is still undecided after `conflicts`.
pub fn undecided(lattice: &Lattice, conflicts: u64) {
    note!("lattice {lattice}: {conflicts} conflicts, undecided");
}

/// The covering search on each of `lattices` (`question`: one lattice, or a scan)
/// with the cookie types of `kinds`, each allowed `conflicts`, up to the first
/// placement found (every lattice with `all`); a line per lattice on stdout unless
/// `--json`, then the answer printed where `to` says. Returns the exit status: 0
/// found, 1 none (or none by counting).
pub fn search(
    lattices: &[Lattice],
    kinds: &Kinds,
    (question, conflicts, all): (Question, u64, bool),
    to: To,
    mode: Mode,
) -> anyhow::Result<u8> {
    if kinds.cookies.tightness == Tightness::Below {
        return super::tight::print(report::below(kinds, question), to);
    }
    note!("{}", report::types_note(kinds));
    let mut stdout = amoba::core::io::stdout();
    let mut first: Option<String> = None;
    let mut tally = Tally::default();
    let progress = Progress::counting(mode, "covering", "lattices");
    for (i, l) in lattices.iter().enumerate() {
        progress.update(i as u64, lattices.len() as u64);
        let searched = cover_on(kinds, l, conflicts, &mut |c| undecided(l, c))?;
        let line = tally.line(l, &searched, kinds);
        if to.json.is_none() {
            writeln!(stdout, "{line}")?;
        }
        if first.is_none() {
            first = report::found(searched);
            if first.is_some() && !all {
                break;
            }
        }
    }
    progress.finish();
    let answer = tally.answer(kinds, question, lattices.len(), first, to.follows());
    super::tight::print(answer, to)
}
