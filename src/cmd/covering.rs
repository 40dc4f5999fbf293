//! `amoba covering`: good t-placements of k-in-a-row that may block a winning set more
//! than once (docs/spec.md §10), searched by a SAT solver on one lattice or on every
//! lattice up to an index.
//!
//! Every placement printed has passed the independent checker
//! ([`amoba::check::placement`]) first. Exit 0 a placement was found, 1 none was (the
//! message says what the search proves), 2 usage or input error.

use super::note;
use super::progress::{Mode, Progress};
use amoba::core::board::lattice::Lattice;
use amoba::core::verdict::Verdict;
use amoba::placement::cookie::Game;
use amoba::placement::engine::{Kinds, cover_on};
use amoba::placement::setup;
use amoba::placement::tight::Tightness;
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
    pub game: super::tight::GameArgs,
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
    let lattices = lattices(&args, &game)?;
    let per_cell = args.per_cell.unwrap_or(game.directions.len() as f64);
    let kinds = Kinds::new(&game, args.game.t, per_cell, args.force)?;
    search(
        &lattices,
        &kinds,
        args.conflicts,
        args.all,
        args.out.as_deref(),
        args.progress,
    )
}

/// The lattices `args` asks for: `--lattice`, or every lattice up to `--max-index`.
fn lattices(args: &Args, game: &Game) -> anyhow::Result<Vec<Lattice>> {
    lattices_of(
        game,
        args.lattice.as_deref(),
        args.min_index,
        args.max_index,
        args.progress,
    )
}

/// The lattice `text` (`--lattice`), or every lattice of index `min..=max` up to the
/// symmetries of the game's directions (`--max-index`), listed with progress `mode`.
pub fn lattices_of(
    game: &Game,
    text: Option<&str>,
    min: usize,
    max: Option<usize>,
    mode: Mode,
) -> anyhow::Result<Vec<Lattice>> {
    Ok(match (text, max) {
        (Some(text), _) => vec![setup::lattice(text)?],
        (None, Some(max)) => {
            amoba::pairing::scan::check_max_index(max)?;
            let dirs: Vec<Vec<i64>> = game.directions.iter().map(|v| v.to_vec()).collect();
            listed(&dirs, min, max, mode)?
                .into_iter()
                .map(|c| c.lattice)
                .collect()
        }
        (None, None) => anyhow::bail!("expected --lattice or --max-index"),
    })
}

/// Every lattice of index `min..=max` up to the symmetries of `directions`, with
/// progress while they are listed (minutes for indices in the thousands).
pub fn listed(
    directions: &[Vec<i64>],
    min: usize,
    max: usize,
    mode: Mode,
) -> anyhow::Result<Vec<amoba::core::board::directions::Candidate>> {
    let progress = Progress::counting(mode, "listing lattices", "of the index sum");
    let list =
        amoba::core::board::directions::candidates_reporting(directions, 1, min, max, &|a, b| {
            progress.update(a, b)
        })?;
    progress.finish();
    Ok(list)
}

/// The note of a lattice whose covering search is still undecided after `conflicts`.
pub fn undecided(lattice: &Lattice, conflicts: u64) {
    note!("lattice {lattice}: {conflicts} conflicts, undecided");
}

/// The covering search on each of `lattices` with the cookie types of `kinds`, each
/// allowed `conflicts`, up to the first placement found (every lattice with `all`);
/// the first written to `out` (stdout when `None`). Exit 0 found, 1 none (or none by
/// counting).
pub fn search(
    lattices: &[Lattice],
    kinds: &Kinds,
    conflicts: u64,
    all: bool,
    out: Option<&Path>,
    mode: Mode,
) -> anyhow::Result<ExitCode> {
    let per_cell = kinds.per_cell;
    let (t, k) = (kinds.cookies.t, kinds.cookies.game.k);
    let mut stdout = amoba::core::io::stdout();
    if kinds.cookies.tightness == Tightness::Below {
        writeln!(stdout, "{}", super::tight::below(&kinds.cookies))?;
        return Ok(ExitCode::from(1));
    }
    note!(
        "{} (irreducible, line-connected, at most {t} cells, blocking at least {per_cell} sets \
         per cell)",
        super::counted(kinds.types.len(), "cookie type", "cookie types"),
    );
    let mut first: Option<String> = None;
    let (mut none, mut unknown) = (0usize, 0usize);
    let progress = Progress::counting(mode, "covering", "lattices");
    for (i, l) in lattices.iter().enumerate() {
        progress.update(i as u64, lattices.len() as u64);
        let searched = cover_on(kinds, l, conflicts, &mut |c| undecided(l, c))?;
        if let Some(why) = searched.none_text(kinds) {
            if searched.verdict.is_unknown() {
                unknown += 1;
            } else {
                none += 1;
            }
            writeln!(stdout, "index {:>4}  lattice {l}: {why}", l.index())?;
        } else if let Verdict::Found(placed) = searched.verdict {
            writeln!(stdout, "index {:>4}  lattice {l}: found", l.index())?;
            if first.is_none() {
                first = Some(placed.text);
                if !all {
                    break;
                }
            }
        }
    }
    progress.finish();
    match &first {
        Some(text) => {
            writeln!(
                stdout,
                "a good {t}-placement of {k}-in-a-row, confirmed by the checker{}",
                if out.is_none() { ":" } else { "" }
            )?;
            super::write_product(out, text)?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            writeln!(
                stdout,
                "{} searched: {none} without a placement{}, {unknown} undecided",
                super::counted(lattices.len(), "lattice", "lattices"),
                if kinds.complete() {
                    " (proved)"
                } else {
                    " from these cookies"
                }
            )?;
            Ok(ExitCode::from(1))
        }
    }
}
