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
use amoba::core::board::lattice::Lattice;
use amoba::placement::engine::{self, Kinds, cover_on};
use amoba::placement::setup;
use amoba::placement::tight::Tightness;
use amoba::report::covering::{self as report, Tally};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Conflicts the SAT solver may spend on each lattice unless `--conflicts` says
/// otherwise.
pub const CONFLICTS: u64 = 200_000;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba covering --t 6 --k 5 --max-index 6                  # found on the first lattice of index 6\n  \
    amoba covering --t 4 --k 6 --lattice \"4,0 0,4\"            # four cookies on the 4x4 torus\n  \
    amoba covering --t 4 --k 6 --lattice \"2,0 0,2\" --per-cell 0   # every cookie: none, proved\n  \
    amoba covering --t 4 --k 5 --directions \"1,0 0,1 1,1\" --max-index 8\n\n\
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
    /// Progress display.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = args.game.game()?;
    let (text, min, max) = (args.lattice.as_deref(), args.min_index, args.max_index);
    let lattices = super::listing(args.progress, |p| setup::lattices(&game, text, min, max, p))?;
    let per_cell = args
        .per_cell
        .unwrap_or_else(|| engine::default_per_cell(&game));
    let kinds = Kinds::new(&game, args.game.t, per_cell, args.force)?;
    let (conflicts, all, out) = (args.conflicts, args.all, args.out.as_deref());
    let status = search(&lattices, &kinds, conflicts, all, out, args.progress)?;
    Ok(ExitCode::from(status))
}

/// The note of a lattice whose covering search is still undecided after `conflicts`.
pub fn undecided(lattice: &Lattice, conflicts: u64) {
    note!("lattice {lattice}: {conflicts} conflicts, undecided");
}

/// The covering search on each of `lattices` with the cookie types of `kinds`, each
/// allowed `conflicts`, up to the first placement found (every lattice with `all`);
/// the first written to `out` (stdout when `None`). Returns the exit status: 0 found,
/// 1 none (or none by counting).
pub fn search(
    lattices: &[Lattice],
    kinds: &Kinds,
    conflicts: u64,
    all: bool,
    out: Option<&Path>,
    mode: Mode,
) -> anyhow::Result<u8> {
    let mut stdout = amoba::core::io::stdout();
    if kinds.cookies.tightness == Tightness::Below {
        writeln!(stdout, "{}", amoba::report::tight::below(&kinds.cookies))?;
        return Ok(1);
    }
    note!("{}", report::types_note(kinds));
    let mut first: Option<String> = None;
    let mut tally = Tally::default();
    let progress = Progress::counting(mode, "covering", "lattices");
    for (i, l) in lattices.iter().enumerate() {
        progress.update(i as u64, lattices.len() as u64);
        let searched = cover_on(kinds, l, conflicts, &mut |c| undecided(l, c))?;
        writeln!(stdout, "{}", tally.line(l, &searched, kinds))?;
        if first.is_none() {
            first = report::found(searched);
            if first.is_some() && !all {
                break;
            }
        }
    }
    progress.finish();
    match &first {
        Some(text) => {
            writeln!(stdout, "{}", report::found_line(kinds, out.is_none()))?;
            super::write_product(out, text)?;
            Ok(0)
        }
        None => {
            writeln!(stdout, "{}", tally.summary(lattices.len(), kinds))?;
            Ok(1)
        }
    }
}
