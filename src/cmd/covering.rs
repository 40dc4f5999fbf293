//! `amoba covering`: good t-placements of k-in-a-row that may block a winning set more
//! than once (docs/spec.md §10), searched by a SAT solver on one lattice or on every
//! lattice up to an index.
//!
//! Every placement printed has passed the independent checker
//! ([`amoba::check::placement`]) first. Exit 0 a placement was found, 1 none was (the
//! message says what the search proves), 2 usage or input error.

use super::note;
use super::progress::{Mode, Progress};
use super::tight::{lattice, reachable_census};
use amoba::core::board::lattice::Lattice;
use amoba::placement::cookie::{self, Cookie, Game};
use amoba::placement::covering::{self, Covering, Outcome};
use amoba::placement::tight::{Cookies, Tightness};
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

/// The cookies a search uses, and what kept them.
pub struct Kinds {
    /// The census (best per size, tightness).
    pub cookies: Cookies,
    /// The types searched.
    pub types: Vec<Cookie>,
    /// Blocking at least this many sets per cell (0: every cookie).
    pub per_cell: f64,
}

impl Kinds {
    /// The irreducible line-connected cookies of at most `t` cells blocking at least
    /// `per_cell` sets per cell.
    pub fn new(game: &Game, t: usize, per_cell: f64, force: bool) -> anyhow::Result<Kinds> {
        if !(per_cell >= 0.0 && per_cell.is_finite()) {
            anyhow::bail!("--per-cell {per_cell}: expected a number ≥ 0");
        }
        reachable_census(game, t, force)?;
        let census = cookie::kept(game, t, &Kinds::floor(per_cell, t));
        Ok(Kinds::from_census(game, t, &census, per_cell))
    }

    /// The least blocking number kept for each size `0..=t`: `per_cell` sets per cell,
    /// and at least one.
    pub fn floor(per_cell: f64, t: usize) -> Vec<u32> {
        (0..=t)
            .map(|s| ((per_cell * s as f64).ceil() as u32).max(1))
            .collect()
    }

    /// The kinds of at most `t` cells from a census [`cookie::kept`] with
    /// [`Kinds::floor`]`(per_cell, t′)`, `t′ ≥ t`, so that one census serves every `t`
    /// up to its own. The types are sorted.
    pub fn from_census(
        game: &Game,
        t: usize,
        census: &[cookie::SizeCensus],
        per_cell: f64,
    ) -> Kinds {
        let mut types: Vec<Cookie> = census[..=t]
            .iter()
            .flat_map(|e| e.kept.iter().cloned())
            .collect();
        types.sort();
        Kinds {
            cookies: Cookies::from_census(game, t, census),
            types,
            per_cell,
        }
    }

    /// Does "no packing" prove that no good placement has the lattice?
    pub fn complete(&self) -> bool {
        self.per_cell == 0.0
    }
}

/// One lattice's search: the outcome, with the placement's checked text if found.
pub struct Searched {
    /// The solver's outcome.
    pub outcome: Outcome,
    /// The formula's size and the conflicts allowed.
    pub stats: covering::Stats,
    /// The placement found, as the checker accepted it.
    pub text: Option<String>,
}

/// Searches one lattice; a placement found must pass the independent checker.
pub fn search(kinds: &Kinds, lattice: &Lattice, conflicts: u64) -> anyhow::Result<Searched> {
    let game = &kinds.cookies.game;
    let t = kinds.cookies.t;
    let board = Covering::new(lattice, game, t, &kinds.types);
    let (outcome, stats) = board.solve(conflicts, &mut |c| {
        note!("lattice {lattice}: {c} conflicts, undecided");
    });
    let text = match &outcome {
        Outcome::Found(l, cookies) => {
            Some(certified(&covering::text(game, t, l, cookies), game, t)?)
        }
        _ => None,
    };
    Ok(Searched {
        outcome,
        stats,
        text,
    })
}

/// `text` after the independent checker has confirmed that it is a good placement.
fn certified(text: &str, game: &Game, t: usize) -> anyhow::Result<String> {
    let report = super::tight::check(text, game, t)?;
    if !report.good {
        anyhow::bail!(
            "the search returned a placement the checker does not find good:\n{}",
            report.to_text("(found)")
        );
    }
    Ok(text.to_string())
}

/// What a lattice's "none" means.
pub fn none_text(kinds: &Kinds, searched: &Searched) -> String {
    let s = &searched.stats;
    match &searched.outcome {
        Outcome::Unknown => format!(
            "undecided within {} conflicts ({} variables, {} clauses)",
            s.conflicts, s.variables, s.clauses
        ),
        Outcome::None {
            window: Some((f, c)),
        } if kinds.complete() => format!(
            "none, proved: no cookie of at most {} cells blocks the winning sets of direction \
             {} starting at {},{} on this lattice",
            kinds.cookies.t, f, c[0], c[1]
        ),
        Outcome::None {
            window: Some((f, c)),
        } => format!(
            "none: no cookie kept blocks the winning sets of direction {} starting at {},{}",
            f, c[0], c[1]
        ),
        _ if kinds.complete() => format!(
            "none, proved: the formula over every irreducible cookie is unsatisfiable ({} \
             variables, {} clauses)",
            s.variables, s.clauses
        ),
        _ => format!(
            "none built from cookies blocking at least {} sets per cell (unsatisfiable, {} \
             variables, {} clauses)",
            kinds.per_cell, s.variables, s.clauses
        ),
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = args.game.game()?;
    let lattices = lattices(&args, &game)?;
    let per_cell = args.per_cell.unwrap_or(game.directions.len() as f64);
    let kinds = Kinds::new(&game, args.game.t, per_cell, args.force)?;
    run_with(&args, &lattices, &kinds)
}

/// The lattices `args` asks for: `--lattice`, or every lattice up to `--max-index`.
pub fn lattices(args: &Args, game: &Game) -> anyhow::Result<Vec<Lattice>> {
    Ok(match (&args.lattice, args.max_index) {
        (Some(text), _) => vec![lattice(text)?],
        (None, Some(max)) => {
            amoba::pairing::scan::check_max_index(max)?;
            let dirs: Vec<Vec<i64>> = game.directions.iter().map(|v| v.to_vec()).collect();
            listed(&dirs, args.min_index, max, args.progress)?
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

/// [`run`] once the lattices are read and the cookie types chosen.
pub fn run_with(args: &Args, lattices: &[Lattice], kinds: &Kinds) -> anyhow::Result<ExitCode> {
    let n = kinds.cookies.game.directions.len();
    let per_cell = kinds.per_cell;
    let mut stdout = amoba::core::io::stdout();
    let (best, size) = kinds.cookies.ratio;
    if kinds.cookies.tightness == Tightness::Below {
        writeln!(
            stdout,
            "no good {t}-placement of {k}-in-a-row exists with these {n} directions: the best \
             cookie of at most {t} cells blocks {best} winning sets per {size} cells, fewer \
             than {n} per cell (counting, docs/spec.md §10).",
            t = args.game.t,
            k = args.game.k
        )?;
        return Ok(ExitCode::from(1));
    }
    note!(
        "{} (irreducible, line-connected, at most {} cells, blocking at least {per_cell} sets \
         per cell)",
        super::counted(kinds.types.len(), "cookie type", "cookie types"),
        args.game.t
    );
    let mut first: Option<String> = None;
    let (mut none, mut unknown) = (0usize, 0usize);
    let progress = Progress::counting(args.progress, "covering", "lattices");
    for (i, l) in lattices.iter().enumerate() {
        progress.update(i as u64, lattices.len() as u64);
        let searched = search(kinds, l, args.conflicts)?;
        match &searched.text {
            Some(text) => {
                writeln!(stdout, "index {:>4}  lattice {l}: found", l.index())?;
                if first.is_none() {
                    first = Some(text.clone());
                    if !args.all {
                        break;
                    }
                }
            }
            None => {
                if searched.outcome == Outcome::Unknown {
                    unknown += 1;
                } else {
                    none += 1;
                }
                writeln!(
                    stdout,
                    "index {:>4}  lattice {l}: {}",
                    l.index(),
                    none_text(kinds, &searched)
                )?;
            }
        }
    }
    progress.finish();
    match &first {
        Some(text) => {
            writeln!(
                stdout,
                "a good {}-placement of {}-in-a-row, confirmed by the checker{}",
                args.game.t,
                args.game.k,
                if args.out.is_none() { ":" } else { "" }
            )?;
            super::write_product(args.out.as_deref(), text)?;
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
