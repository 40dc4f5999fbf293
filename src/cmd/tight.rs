//! `amoba tight`: tight t-placements of k-in-a-row (docs/spec.md §10) — one found on
//! a lattice, counted and classified, searched over every lattice up to an index, or
//! excluded from the whole plane by a square no tight placement can cover.
//!
//! Every placement printed has passed the independent checker
//! ([`amoba::check::placement`]) first. Exit 0 a placement was found (or, with
//! `--plane`, none was excluded), 1 none exists (the message says where and how many
//! nodes the exhaustive search took), 2 usage or input error, or a game whose good
//! placements need not be tight.
//!
//! The library decides ([`amoba::placement::tight`], [`amoba::placement::engine`]);
//! [`amoba::report::tight`] words each answer; this file parses, calls and prints.

use super::note;
use super::progress::{Mode, Progress};
use amoba::core::board::lattice::Lattice;
use amoba::core::verdict::Verdict;
use amoba::placement::cookie::Game;
use amoba::placement::engine::{tight_count, tight_on, tight_scan};
use amoba::placement::setup;
use amoba::placement::tight::{self, Cookies, Cover};
use amoba::report::tight as report;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba tight --t 3 --k 7 --lattice \"6,0 0,6\"            # one tight 3-placement of 7-in-a-row\n  \
    amoba tight --t 3 --k 7 --lattice \"6,0 0,6\" --count    # its classes and labelled count\n  \
    amoba tight --t 3 --k 7 --max-index 72                 # every lattice up to index 72\n  \
    amoba tight --t 4 --k 5 --plane                        # none in the plane: a 5x5 square\n  \
    amoba tight --t 3 --k 4 --directions \"1,0 0,1\" --lattice \"3,0 0,3\"\n\n\
    Exit status: 0 found (with --plane: not excluded), 1 none exists (where, and the \
    nodes of the exhaustive search), 2 usage or input error, or good placements of this \
    game need not be tight.")]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// The period lattice to search, as basis vectors, e.g. "6,0 0,6".
    #[arg(long, value_name = "VECTORS", conflicts_with_all = ["max_index", "plane"])]
    pub lattice: Option<String>,
    /// With --lattice: count every tight placement and its symmetry classes.
    #[arg(long, requires = "lattice")]
    pub count: bool,
    /// Search every lattice of index up to N (one per orbit of the directions'
    /// symmetries).
    #[arg(long, value_name = "N", conflicts_with = "plane")]
    pub max_index: Option<usize>,
    /// Least index with --max-index.
    #[arg(long, default_value_t = 1, value_name = "N", requires = "max_index")]
    pub min_index: usize,
    /// Decide whether tight placements of the whole plane can cover squares of growing
    /// side (up to --side); a square none can cover proves none exists at all.
    #[arg(long)]
    pub plane: bool,
    /// The largest square side with --plane.
    #[arg(long, default_value_t = 12, value_name = "M", requires = "plane")]
    pub side: i64,
    /// Node limit of each search.
    #[arg(long, default_value_t = NODE_LIMIT, value_name = "NODES")]
    pub node_limit: u64,
    /// Write the placement found (with --count: the least class) to this file instead
    /// of standard output (`-` = stdout).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Run a cookie census the estimate puts out of reach.
    #[arg(long)]
    pub force: bool,
    /// Progress display.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
}

/// The default game and node limit, which the library owns; `blocking`, `covering`,
/// `scan` and the placement routes take them from here.
pub use amoba::placement::setup::FOUR_DIRECTIONS;
pub use amoba::placement::tight::NODE_LIMIT;

/// The game of a placement command: `t`, `k` and the directions.
#[derive(clap::Args)]
pub struct GameArgs {
    /// Most cells in a cookie.
    #[arg(long, value_name = "T")]
    pub t: usize,
    /// Cells in a winning set.
    #[arg(long, value_name = "K")]
    pub k: usize,
    /// The winning directions (plane vectors).
    #[arg(long, default_value = FOUR_DIRECTIONS, value_name = "VECTORS")]
    pub directions: String,
}

impl GameArgs {
    /// The game, once `t`, `k` and the directions are checked.
    pub fn game(&self) -> anyhow::Result<Game> {
        Ok(setup::game(&self.directions, self.k, self.t)?)
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = args.game.game()?;
    setup::reachable_census(&game, args.game.t, args.force)?;
    let cookies = Cookies::new(&game, args.game.t);
    if let Some(code) = not_tight(&cookies)? {
        return Ok(code);
    }
    if args.plane {
        setup::side(args.side)?;
        return plane(args.side, args.node_limit, &cookies, args.progress);
    }
    if let Some(max) = args.max_index {
        amoba::pairing::scan::check_max_index(max)?;
        let out = args.out.as_deref();
        return scan(
            &cookies,
            args.min_index,
            max,
            args.node_limit,
            out,
            args.progress,
        );
    }
    let Some(text) = &args.lattice else {
        anyhow::bail!("expected one of --lattice, --max-index or --plane");
    };
    let lattice = setup::lattice(text)?;
    if args.count {
        return count(&lattice, &cookies, args.out.as_deref(), args.progress);
    }
    find(
        &lattice,
        &cookies,
        args.node_limit,
        args.out.as_deref(),
        args.progress,
    )
}

/// Says what the census says when it answers alone: none by counting (exit 1), or an
/// error when good placements need not be tight; `None` when the pieces are tight
/// (with a note naming them).
pub fn not_tight(cookies: &Cookies) -> anyhow::Result<Option<ExitCode>> {
    if !cookies.exact_cover()? {
        writeln!(amoba::core::io::stdout(), "{}", report::below(cookies))?;
        return Ok(Some(ExitCode::from(1)));
    }
    note!("{}", report::pieces(cookies));
    Ok(None)
}

/// The sentence of a game whose best cookies block fewer than `n` sets per cell.
pub fn below(cookies: &Cookies) -> String {
    report::below(cookies)
}

/// The frame of every mode: a progress reporter over `what` counted in `unit`, handed
/// to `work`, finished when it returns; with the seconds `work` took.
fn framed<T>(
    mode: Mode,
    what: &str,
    unit: &'static str,
    work: impl FnOnce(&Progress) -> T,
) -> (T, f64) {
    let start = std::time::Instant::now();
    let progress = Progress::counting(mode, what, unit);
    let result = work(&progress);
    progress.finish();
    (result, start.elapsed().as_secs_f64())
}

/// One tight placement on `lattice`, written to `out` (stdout when `None`); exit 1
/// with the verdict's sentence when there is none.
pub fn find(
    lattice: &Lattice,
    cookies: &Cookies,
    node_limit: u64,
    out: Option<&Path>,
    mode: Mode,
) -> anyhow::Result<ExitCode> {
    let board = Cover::new(lattice, cookies);
    let (searched, seconds) = framed(mode, "tight", "searches", |progress| {
        // One search with no count of its own: the log line still says it is running.
        progress.update(0, 1);
        tight_on(&board, Some(node_limit))
    });
    let (verdict, stats) = searched?;
    if let Verdict::Found(text) = verdict {
        note!("{}", report::found(lattice, stats.nodes, seconds));
        super::write_product(out, &text)?;
        return Ok(ExitCode::SUCCESS);
    }
    let stopped = matches!(verdict, Verdict::Unknown(_));
    let none = report::not_found(lattice, cookies, stopped, stats.nodes);
    writeln!(amoba::core::io::stdout(), "{none}")?;
    Ok(ExitCode::from(1))
}

/// Every tight placement on `lattice` counted and classified; the least class written
/// to `out` (stdout when `None`); exit 1 when there is none.
pub fn count(
    lattice: &Lattice,
    cookies: &Cookies,
    out: Option<&Path>,
    mode: Mode,
) -> anyhow::Result<ExitCode> {
    let board = Cover::new(lattice, cookies);
    let (counted, seconds) = framed(mode, "tight placements", "classes", |progress| {
        tight_count(&board, &mut |classes| progress.update_open(classes))
    });
    let counted = counted?;
    note!("counted in {seconds:.3} s");
    write!(
        amoba::core::io::stdout(),
        "{}",
        report::count(&board, &counted, out.is_none())
    )?;
    let Some(text) = &counted.least else {
        return Ok(ExitCode::from(1));
    };
    super::write_product(out, text)?;
    Ok(ExitCode::SUCCESS)
}

/// The lattices of index `min..=max` up to symmetry, one tight search each; the first
/// placement found written to `out` (stdout when `None`); exit 1 when none was found.
pub fn scan(
    cookies: &Cookies,
    min: usize,
    max: usize,
    node_limit: u64,
    out: Option<&Path>,
    mode: Mode,
) -> anyhow::Result<ExitCode> {
    let mut stdout = amoba::core::io::stdout();
    let dirs: Vec<Vec<i64>> = cookies.game.directions.iter().map(|v| v.to_vec()).collect();
    let lattices = super::listed(&dirs, min, max, mode)?;
    let (scan, _) = framed(mode, "tight", "lattices", |progress| {
        let mut searched = 0;
        tight_scan(
            cookies,
            &lattices,
            Some(node_limit),
            &mut |c, verdict, nodes| {
                searched += 1;
                progress.update_open(searched);
                if let Some(line) = report::scan_line(c, verdict, nodes) {
                    let _ = writeln!(stdout, "{line}");
                }
            },
        )
    });
    let scan = scan?;
    let end = report::scan_end(lattices.len(), min, max, &scan, out.is_none());
    writeln!(stdout, "{end}")?;
    if let Some(text) = &scan.first {
        super::write_product(out, text)?;
    }
    Ok(ExitCode::from(report::scan_status(&scan)))
}

/// Squares of growing side up to `side`: exit 1 when one excludes tight placements
/// from the plane, 2 when the node limit stops a square, 0 when every one is covered.
fn plane(side: i64, node_limit: u64, cookies: &Cookies, mode: Mode) -> anyhow::Result<ExitCode> {
    let (plane, _) = framed(mode, "tight --plane", "square sides", |progress| {
        tight::plane(cookies, side, Some(node_limit), &mut |m| {
            progress.update(m as u64 - 1, side as u64)
        })
    });
    let answer = report::plane(cookies, &plane);
    writeln!(amoba::core::io::stdout(), "{answer}")?;
    Ok(ExitCode::from(report::plane_status(&plane)))
}
