//! `amoba tight`: tight t-placements of k-in-a-row (docs/spec.md §10) — one found on
//! a lattice, counted and classified, searched over every lattice up to an index, or
//! excluded from the whole plane by a square no tight placement can cover.
//!
//! Every placement printed has passed the independent checker
//! ([`amoba::check::placement`]) first. Exit 0 a placement was found (or, with
//! `--plane`, none was excluded), 1 none exists (the message says where and how many
//! nodes the exhaustive search took), 2 usage or input error, or a game whose good
//! placements need not be tight.

use super::note;
use super::progress::{Mode, Progress};
use amoba::check::placement as checker;
use amoba::core::board::builtin::parse_vectors;
use amoba::core::board::lattice::Lattice;
use amoba::placement::cookie::{self, Game};
use amoba::placement::tight::{self, Cookies, Cover, Plane, Tightness};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Most line-connected sets the cookie census may enumerate without `--force`.
const CENSUS_BUDGET: f64 = 3e8;

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

/// The four directions of the plane (rows, columns, both diagonals): the default game
/// of the placement commands.
pub const FOUR_DIRECTIONS: &str = "1,0 0,1 1,1 1,-1";

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
        if self.t < 2 {
            anyhow::bail!(
                "--t {}: expected t ≥ 2 (a cookie has two non-empty parts)",
                self.t
            );
        }
        let game = game(&self.directions, self.k)?;
        game.check(Some(self.t))?;
        Ok(game)
    }
}

/// Most nodes of each search unless `--node-limit` says otherwise.
pub const NODE_LIMIT: u64 = 1_000_000_000;

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = args.game.game()?;
    let cookies = census(&game, args.game.t, args.force)?;
    run_with(&args, &game, &cookies)
}

/// [`run`] once the game is checked and its cookie census taken.
pub fn run_with(args: &Args, game: &Game, cookies: &Cookies) -> anyhow::Result<ExitCode> {
    let n = game.directions.len();
    let (best, size) = cookies.ratio;
    let mut stdout = amoba::core::io::stdout();
    match cookies.tightness {
        Tightness::Below => {
            writeln!(
                stdout,
                "no good {t}-placement of {k}-in-a-row exists with these {n} directions: the \
                 best cookie of at most {t} cells blocks {best} winning sets per {size} cells, \
                 fewer than {n} per cell (counting, docs/spec.md §10).",
                t = args.game.t,
                k = args.game.k
            )?;
            return Ok(ExitCode::from(1));
        }
        Tightness::Above => anyhow::bail!(
            "{t}-placements of {k}-in-a-row need not be tight: the best cookie blocks {best} \
             winning sets per {size} cells, more than {n} per cell, so a good placement may \
             block some sets twice; this command searches tight placements (exact covers) \
             only: `amoba covering` searches the others",
            t = args.game.t,
            k = args.game.k
        ),
        Tightness::Tight => {}
    }
    note!(
        "{}-placements of {}-in-a-row are tight: {} (line-connected cookies blocking \
         {n} winning sets per cell)",
        args.game.t,
        args.game.k,
        super::counted(cookies.pieces.len(), "piece", "pieces")
    );
    if args.plane {
        if !(1..=amoba::placement::tight::MAX_SIDE).contains(&args.side) {
            anyhow::bail!(
                "--side {}: expected 1 ≤ M ≤ {}",
                args.side,
                amoba::placement::tight::MAX_SIDE
            );
        }
        return plane(args, cookies);
    }
    if let Some(max) = args.max_index {
        amoba::pairing::scan::check_max_index(max)?;
        return scan(args, cookies, max);
    }
    let Some(text) = &args.lattice else {
        anyhow::bail!("expected one of --lattice, --max-index or --plane");
    };
    let lattice = lattice(text)?;
    let board = Cover::new(&lattice, cookies);
    if args.count {
        return count(args, &board);
    }
    let start = std::time::Instant::now();
    // One search with no count of its own: the log line still says it is running.
    let progress = Progress::counting(args.progress, "tight", "searches");
    progress.update(0, 1);
    let (found, stats) = board.find_one(Some(args.node_limit));
    progress.finish();
    match found {
        Some(p) => {
            let text = certified(&board, &p, game, args.game.t)?;
            note!(
                "lattice {}: a tight placement, found after {} in {:.3} s; the checker \
                 confirms every winning set blocked exactly once",
                lattice,
                super::counted(stats.nodes as usize, "node", "nodes"),
                start.elapsed().as_secs_f64()
            );
            super::write_product(args.out.as_deref(), &text)?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            writeln!(stdout, "{}", none_message(args, &lattice, &stats))?;
            Ok(ExitCode::from(1))
        }
    }
}

/// The game of the directions given.
pub(super) fn game(directions: &str, k: usize) -> anyhow::Result<Game> {
    if k < 2 {
        anyhow::bail!("--k {k}: expected k ≥ 2");
    }
    Ok(Game {
        directions: plane_directions(directions)?,
        k,
    })
}

/// The `--directions` of a game in the plane: non-zero, primitive, each line family
/// once (a direction and its negative are the same lines).
pub(super) fn plane_directions(text: &str) -> anyhow::Result<Vec<[i64; 2]>> {
    let dirs = parse_vectors("--directions", text).map_err(|e| anyhow::anyhow!("{e}"))?;
    let directions = dirs
        .iter()
        .map(|v| match v.as_slice() {
            [x, y] if (*x, *y) != (0, 0) => Ok([*x, *y]),
            _ => anyhow::bail!(
                "--directions: expected non-zero plane vectors x,y, found {}",
                amoba::core::board::lattice::vector_text(v)
            ),
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    for (i, v) in directions.iter().enumerate() {
        if gcd(v[0], v[1]) != 1 {
            anyhow::bail!(
                "--directions: {},{} is not primitive (divide it by its gcd)",
                v[0],
                v[1]
            );
        }
        if directions[..i]
            .iter()
            .any(|u| *u == *v || *u == [-v[0], -v[1]])
        {
            anyhow::bail!(
                "--directions: {},{} is listed twice (a direction and its negative are the same lines)",
                v[0],
                v[1]
            );
        }
    }
    Ok(directions)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

pub(super) fn lattice(text: &str) -> anyhow::Result<Lattice> {
    let basis = parse_vectors("--lattice", text).map_err(|e| anyhow::anyhow!("{e}"))?;
    if basis.len() != 2 || basis.iter().any(|v| v.len() != 2) {
        anyhow::bail!("--lattice {text:?}: expected two plane vectors, e.g. \"6,0 0,6\"");
    }
    Lattice::new(&basis).map_err(|e| anyhow::anyhow!("--lattice {text:?}: {e}"))
}

/// The cookie census, refused up front when the estimate puts it out of reach.
pub fn census(game: &Game, t: usize, force: bool) -> anyhow::Result<Cookies> {
    reachable_census(game, t, force)?;
    Ok(Cookies::new(game, t))
}

/// Refuses a census of cookies of at most `t` cells that the estimate puts out of
/// reach, unless forced.
pub(super) fn reachable_census(game: &Game, t: usize, force: bool) -> anyhow::Result<()> {
    let estimate = cookie::Growth::of(game).sets(t);
    if estimate > CENSUS_BUDGET && !force {
        anyhow::bail!(
            "the census of line-connected cookies of at most {t} cells for k = {} would \
             enumerate about {estimate:.1e} sets (about {:.0} s at 10^6 sets per second); \
             --force runs it anyway",
            game.k,
            estimate / 1e6
        );
    }
    Ok(())
}

/// The independent checker's report on a placement's `text` (docs/spec.md §10).
pub(super) fn check(text: &str, game: &Game, t: usize) -> anyhow::Result<checker::PlacementReport> {
    let parsed = checker::parse_placement("(found)", text)?;
    Ok(checker::check_placement(
        "(found)",
        &parsed,
        &checker::Game {
            directions: game.directions.clone(),
            k: game.k,
            t: Some(t),
        },
    )?)
}

/// The placement's text, after the independent checker has confirmed it is tight.
pub(super) fn certified(board: &Cover, p: &[u32], game: &Game, t: usize) -> anyhow::Result<String> {
    let text = board.text(p);
    let report = check(&text, game, t)?;
    if !report.tight {
        anyhow::bail!(
            "the search returned a placement the checker does not find tight:\n{}",
            report.to_text("(found)")
        );
    }
    Ok(text)
}

fn none_message(args: &Args, lattice: &Lattice, stats: &amoba::solvers::dlx::Stats) -> String {
    if stats.cut {
        format!(
            "lattice {lattice}: no tight {}-placement of {}-in-a-row found within {} \
             (--node-limit): whether one exists on this lattice is not known.",
            args.game.t,
            args.game.k,
            super::counted(stats.nodes as usize, "node", "nodes")
        )
    } else {
        format!(
            "lattice {lattice}: no tight {}-placement of {}-in-a-row has this period lattice \
             (the search was exhaustive, {}). This says nothing about other lattices.",
            args.game.t,
            args.game.k,
            super::counted(stats.nodes as usize, "node", "nodes")
        )
    }
}

fn count(args: &Args, board: &Cover) -> anyhow::Result<ExitCode> {
    let dirs: Vec<Vec<i64>> = board
        .cookies
        .game
        .directions
        .iter()
        .map(|v| v.to_vec())
        .collect();
    let group = amoba::core::board::group::point_group(&board.lattice, &dirs)?;
    let start = std::time::Instant::now();
    let progress = Progress::counting(args.progress, "tight placements", "classes");
    let census = board.census(&group, &mut |classes| progress.update_open(classes));
    progress.finish();
    note!("counted in {:.3} s", start.elapsed().as_secs_f64());
    let mut stdout = amoba::core::io::stdout();
    let order = group.len() * board.lattice.index();
    writeln!(
        stdout,
        "tight {}-placements of {}-in-a-row with period lattice {} ({} cells, {} \
         directions, {} symmetries)",
        args.game.t,
        args.game.k,
        board.lattice,
        board.lattice.index(),
        board.cookies.game.directions.len(),
        order
    )?;
    writeln!(stdout, "classes: {}", census.classes)?;
    writeln!(
        stdout,
        "labelled placements (Σ |G|/|stabiliser|): {}",
        census.labelled
    )?;
    let stab: Vec<String> = census
        .by_stabiliser
        .iter()
        .map(|(s, n)| format!("{n} with stabiliser {s}"))
        .collect();
    if !stab.is_empty() {
        writeln!(stdout, "classes by stabiliser order: {}", stab.join(", "))?;
    }
    writeln!(
        stdout,
        "search: exhaustive, {}, {} canonicalised",
        super::counted(census.stats.nodes as usize, "node", "nodes"),
        super::counted(census.stats.solutions as usize, "placement", "placements")
    )?;
    let Some(first) = &census.first else {
        return Ok(ExitCode::from(1));
    };
    let text = certified(board, first, &board.cookies.game, args.game.t)?;
    if args.out.is_none() {
        writeln!(stdout, "the least class:")?;
    }
    super::write_product(args.out.as_deref(), &text)?;
    Ok(ExitCode::SUCCESS)
}

fn scan(args: &Args, cookies: &Cookies, max: usize) -> anyhow::Result<ExitCode> {
    let mut stdout = amoba::core::io::stdout();
    let (mut found, mut unknown, mut searched) = (0usize, 0usize, 0usize);
    let mut first: Option<String> = None;
    let mut failure = None;
    let dirs: Vec<Vec<i64>> = cookies.game.directions.iter().map(|v| v.to_vec()).collect();
    let lattices = super::covering::listed(&dirs, args.min_index, max, args.progress)?;
    let total = lattices.len();
    let progress = Progress::counting(args.progress, "tight", "lattices");
    tight::on_lattices(
        cookies,
        &lattices,
        Some(args.node_limit),
        &mut |c, board, p, stats| {
            searched += 1;
            progress.update_open(searched as u64);
            let answer = match p {
                Some(p) => match certified(board, p, &cookies.game, args.game.t) {
                    Ok(text) => {
                        found += 1;
                        first.get_or_insert(text);
                        "found"
                    }
                    Err(e) => {
                        failure = Some(e);
                        return false;
                    }
                },
                None if stats.cut => {
                    unknown += 1;
                    "unknown (node limit)"
                }
                None => return true,
            };
            let _ = writeln!(
                stdout,
                "index {:>4}  lattice {}  ({} in its orbit): {answer} after {}",
                c.lattice.index(),
                c.lattice,
                c.orbit,
                super::counted(stats.nodes as usize, "node", "nodes")
            );
            true
        },
    );
    progress.finish();
    if let Some(e) = failure {
        return Err(e);
    }
    writeln!(
        stdout,
        "{} of index {}..={max} up to symmetry: {found} with a tight placement, {} without \
         (exhaustive), {unknown} not decided",
        super::counted(total, "lattice", "lattices"),
        args.min_index,
        total - found - unknown,
    )?;
    if let Some(text) = &first {
        if args.out.is_none() {
            writeln!(stdout, "the first found:")?;
        }
        super::write_product(args.out.as_deref(), text)?;
    }
    Ok(if found > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn plane(args: &Args, cookies: &Cookies) -> anyhow::Result<ExitCode> {
    let mut stdout = amoba::core::io::stdout();
    let progress = Progress::counting(args.progress, "tight --plane", "square sides");
    let side = args.side as u64;
    let plane = tight::plane(cookies, args.side, Some(args.node_limit), &mut |m| {
        progress.update(m as u64 - 1, side)
    });
    progress.finish();
    match plane {
        Plane::Excluded {
            side: m,
            nodes,
            total,
        } => {
            writeln!(
                stdout,
                "no tight {t}-placement of {k}-in-a-row exists in the plane (periodic or not): \
                 no choice of pieces covers the {m}×{m} square with every cell covered and \
                 every winning set inside it blocked exactly once (exhaustive, {nodes} nodes; \
                 {total} for the squares 1..={m}). Since tight is forced, no good \
                 {t}-placement exists.",
                t = args.game.t,
                k = args.game.k,
            )?;
            Ok(ExitCode::from(1))
        }
        Plane::Undecided { side: m, nodes } => {
            writeln!(
                stdout,
                "the {m}×{m} square: not decided within {nodes} nodes (--node-limit)"
            )?;
            Ok(ExitCode::from(2))
        }
        Plane::Covered { side: s, total } => {
            writeln!(
                stdout,
                "every square up to {s}×{s} can be covered by the pieces of a tight placement \
                 ({total} nodes): the plane does not exclude tight {t}-placements of \
                 {k}-in-a-row at this size; try --max-index for periodic ones.",
                t = args.game.t,
                k = args.game.k
            )?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
