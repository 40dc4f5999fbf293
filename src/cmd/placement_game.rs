//! `--t T --k K` on `search`, `enumerate` and `scan`: the same three questions about
//! t-placements of k-in-a-row (docs/spec.md §10) that these commands answer about
//! pairings — find one on a board, count and classify them, run over every lattice up
//! to an index.
//!
//! The board's period lattice and directions come from the usual options (`--board`,
//! or `--lattice` with `--directions`, which default to the four directions of the
//! plane here); `k` and `t` are the game's. Which engine answers is decided by the
//! cookie census, as docs/spec.md §10 says: when the best cookies block exactly one
//! winning set per cell and direction, every good placement is tight and the exact
//! cover of `amoba tight` answers (exhaustive, with its node count); when they block
//! more, a good placement may block some sets twice and the packing formula of
//! `amoba covering` answers; when they block fewer, the count alone says none exists.
//! One census of the cookies serves both engines.
//! Counting is for tight placements only: a covering is not an exact cover and has no
//! census of classes here.

use super::covering;
use super::progress::Mode;
use super::tight::{self, Question};
use amoba::placement::engine::{self, Kinds};
use amoba::placement::setup;
use amoba::placement::tight::Tightness;
use std::path::PathBuf;
use std::process::ExitCode;

/// `--t` and `--k`: ask about t-placements of k-in-a-row instead of pairings.
#[derive(clap::Args, Clone, Debug)]
pub struct PlacementArgs {
    /// Ask about t-placements of k-in-a-row instead of pairings: the most cells in a
    /// cookie (docs/spec.md §10). Needs --k.
    #[arg(long, value_name = "T", requires = "k", help_heading = "Placements")]
    pub t: Option<usize>,
    /// With --t: the cells in a winning set.
    #[arg(long, value_name = "K", requires = "t", help_heading = "Placements")]
    pub k: Option<usize>,
}

/// What is asked about the placements.
pub enum Job {
    /// One good placement on the lattice (`search`).
    Find {
        out: Option<PathBuf>,
        node_limit: Option<u64>,
    },
    /// Every tight placement on the lattice, counted and classified (`enumerate`).
    Count { out: Option<PathBuf> },
    /// The lattices of index `min..=max`, one per orbit of the directions' symmetries
    /// (`scan`).
    Scan {
        min: usize,
        max: usize,
        node_limit: u64,
    },
}

/// The game's directions and the lattice (as text) that the board options describe:
/// `--lattice` with `--directions` (by default the four directions of the plane), or
/// the lattice and directions of `--board`, which must be a board of the plane.
pub fn board_game(board: &super::BoardArgs) -> anyhow::Result<(String, String)> {
    // The option syntax: "x,y x,y".
    let text = |vs: &[Vec<i64>]| {
        vs.iter()
            .map(|v| v.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match (&board.directions, &board.lattice) {
        (directions, Some(lattice)) => Ok((
            directions
                .as_deref()
                .unwrap_or(setup::FOUR_DIRECTIONS)
                .into(),
            lattice.clone(),
        )),
        (Some(_), None) => anyhow::bail!(
            "--directions: a placement search needs the period lattice too (--lattice)"
        ),
        (None, None) => {
            let b = board.load()?;
            if b.dim() != 2 {
                anyhow::bail!(
                    "--board {}: placements are searched in the plane, expected a board of \
                     dimension 2, found {}",
                    board.name(),
                    b.dim()
                );
            }
            Ok((text(b.directions()), text(b.lattice().basis())))
        }
    }
}

/// Answers `job` for the game `placement` with `directions` on `lattice` (`None`: a
/// scan, which has no lattice), by the engine the cookie census calls for. Exit codes
/// as those engines' (0 found, 1 none), except that a scan exits 0 whatever it found,
/// as the scan of pairings does.
///
/// *Errors*: a game or lattice the placement commands reject; counting a game whose
/// good placements need not be tight.
pub fn run(
    placement: &PlacementArgs,
    directions: String,
    lattice: Option<String>,
    job: Job,
    force: bool,
) -> anyhow::Result<ExitCode> {
    let (Some(t), Some(k)) = (placement.t, placement.k) else {
        anyhow::bail!("--t and --k go together");
    };
    let scanning = matches!(job, Job::Scan { .. });
    let game = setup::game(&directions, k, t)?;
    // One census serves both engines: the cookies blocking at least one set per cell
    // and direction, with the best of every size.
    let kinds = Kinds::new(&game, t, engine::default_per_cell(&game), force)?;
    // A scan reports; it exits 0 whatever it found, as for pairings.
    let reports = |code: anyhow::Result<ExitCode>| match code {
        Ok(c) if scanning && c == ExitCode::from(1) => Ok(ExitCode::SUCCESS),
        code => code,
    };
    let mode = Mode::Auto;
    if kinds.cookies.tightness == Tightness::Above {
        let (lattices, out) = match job {
            Job::Find {
                node_limit: Some(_),
                ..
            } => anyhow::bail!(
                "--node-limit does not apply here: {t}-placements of {k}-in-a-row need not be \
                 tight, and the covering search that answers counts conflicts (`amoba \
                 covering --conflicts`)"
            ),
            Job::Find { out, .. } => (
                super::listing(mode, |p| {
                    setup::lattices(&game, lattice.as_deref(), 1, None, p)
                })?,
                out,
            ),
            Job::Scan { min, max, .. } => (
                super::listing(mode, |p| setup::lattices(&game, None, min, Some(max), p))?,
                None,
            ),
            Job::Count { .. } => anyhow::bail!(
                "{t}-placements of {k}-in-a-row need not be tight (the best cookie blocks \
                 more than one winning set per cell and direction), so they are not exact \
                 covers and are not counted; `amoba search --t {t} --k {k}` finds one"
            ),
        };
        let code = covering::search(
            &lattices,
            &kinds,
            covering::CONFLICTS,
            false,
            out.as_deref(),
            mode,
        );
        return reports(code);
    }
    let cookies = &kinds.cookies;
    if let Some(code) = tight::not_tight(cookies)? {
        return reports(Ok(code));
    }
    // The lattice of a search or a count (a scan has none).
    let on = || setup::one_lattice(lattice.as_deref());
    let code = match job {
        Job::Scan {
            min,
            max,
            node_limit,
        } => tight::ask(cookies, Question::Scan(min, max, node_limit), None, mode),
        Job::Find { out, node_limit } => {
            let limit = node_limit.unwrap_or(amoba::placement::tight::NODE_LIMIT);
            tight::ask(cookies, Question::Find(on()?, limit), out.as_deref(), mode)
        }
        Job::Count { out } => tight::ask(cookies, Question::Count(on()?), out.as_deref(), mode),
    };
    reports(code)
}

/// Refuses the options of a pairing command that mean nothing for placements.
pub fn refuse(given: &[(&str, bool)]) -> anyhow::Result<()> {
    match given.iter().find(|(_, on)| *on) {
        Some((name, _)) => anyhow::bail!("{name} does not apply to placements (--t)"),
        None => Ok(()),
    }
}
