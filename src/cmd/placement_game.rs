//! `--t T --k K` on `search`, `enumerate` and `scan`: the same three questions about
//! t-placements of k-in-a-row (docs/spec.md §10) that these commands answer about
//! pairings — find one on a board, count and classify them, run over every lattice up
//! to an index.
//!
//! The board's period lattice and directions come from the usual options (`--board`,
//! or `--lattice` with `--directions`, which default to the four directions of the
//! plane here); `k` and `t` are the game's. Which engine answers, what is refused and
//! the exit status are [`amoba::placement::route`]'s: the exact cover of `amoba tight`
//! when every good placement is tight, the covering search of `amoba covering` when a
//! good placement may block some sets twice. One census of the cookies serves both
//! engines. This file lists the lattices with a progress display, calls the engine
//! and writes what it found.

use super::covering;
use super::progress::Mode;
use super::tight::{self, Question as Tight, To};
use amoba::placement::engine::{self, Kinds};
use amoba::placement::route::{self, Engine};
use amoba::placement::setup;
use amoba::report::search_doc::{Question, json_provenance};
use std::path::PathBuf;
use std::process::ExitCode;

pub use amoba::placement::route::{Job, refuse};

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

/// The game's directions and the lattice (as text) that the board options describe
/// ([`route::given_texts`], or [`route::board_texts`] of `--board`).
pub fn board_game(board: &super::BoardArgs) -> anyhow::Result<(String, String)> {
    let (directions, lattice) = (board.directions.as_deref(), board.lattice.as_deref());
    match route::given_texts(directions, lattice)? {
        Some(texts) => Ok(texts),
        None => Ok(route::board_texts(&board.load()?, board.name())?),
    }
}

/// Answers `job` for the game `placement` with `directions` on `lattice` (`None`: a
/// scan, which has no lattice), by the engine the cookie census calls for
/// ([`Job::engine`]), the placement found written to `out` (stdout when `None`), with
/// `json` the answer's document on stdout instead of its text. Exit status:
/// [`Job::status`].
///
/// *Errors*: a game or lattice the placement commands reject; a job the engine that
/// answers refuses.
pub fn run(
    placement: &PlacementArgs,
    directions: String,
    lattice: Option<String>,
    job: Job,
    out: Option<PathBuf>,
    force: bool,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let (Some(t), Some(k)) = (placement.t, placement.k) else {
        anyhow::bail!("--t and --k go together");
    };
    let out = out.as_deref();
    let json = json_provenance(json, out, "plane", &super::command_line())?;
    let to = To {
        job: Some(job),
        ..To::new(out, json.as_ref())
    };
    let game = setup::game(&directions, k, t)?;
    // One census serves both engines: the cookies blocking at least one set per cell
    // and direction, with the best of every size.
    let kinds = Kinds::new(&game, t, engine::default_per_cell(&game), force)?;
    let mode = Mode::Auto;
    let status = match job.engine(&kinds, t, k)? {
        Engine::Covering => {
            let (min, max, question) = match job {
                Job::Scan { min, max, .. } => (min, Some(max), Question::Scan),
                _ => (1, None, Question::Find),
            };
            let text = lattice.as_deref().filter(|_| max.is_none());
            let lattices = super::listing(mode, |p| setup::lattices(&game, text, min, max, p))?;
            let conflicts = covering::CONFLICTS;
            covering::search(&lattices, &kinds, (question, conflicts, false), to, mode)?
        }
        Engine::Tight => {
            let question = question(job, lattice)?;
            match tight::not_tight(&kinds.cookies, &question, to)? {
                Some(status) => status,
                None => tight::ask(&kinds.cookies, question, to, mode)?,
            }
        }
    };
    Ok(ExitCode::from(status))
}

/// The question the tight engine answers for `job`, on `lattice` unless it scans.
fn question(job: Job, lattice: Option<String>) -> anyhow::Result<Tight> {
    let on = || setup::one_lattice(lattice.as_deref());
    Ok(match job {
        Job::Scan {
            min,
            max,
            node_limit,
        } => Tight::Scan(min, max, node_limit),
        Job::Find { node_limit } => Tight::Find(
            on()?,
            node_limit.unwrap_or(amoba::placement::tight::NODE_LIMIT),
        ),
        Job::Count => Tight::Count(on()?),
    })
}
