//! `amoba tight`: tight t-placements of k-in-a-row (docs/spec.md §10) — one found on
//! a lattice, counted and classified, searched over every lattice up to an index, or
//! excluded from the whole plane by a square no tight placement can cover.
//!
//! The library asks each question and decides its answer, exit status included
//! ([`amoba::report::tight::answer`]; every placement has passed the independent
//! checker first); this file parses, calls and prints. Exit statuses: see `--help`.

use super::note;
use super::progress::{Mode, Progress};
use amoba::core::provenance::Provenance;
use amoba::placement::route::Job;
use amoba::placement::setup;
use amoba::placement::tight::{Cookies, NODE_LIMIT};
use amoba::report::search_doc::json_provenance;
pub use amoba::report::tight::answer::Question;
use amoba::report::tight::answer::{self, Answer, ByCounting};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = super::help::TIGHT)]
pub struct Args {
    #[command(flatten)]
    pub game: super::GameArgs,
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
    /// Print the answer as JSON (docs/schemas/search.schema.json) on stdout instead of
    /// its text, with the placement found inside it (and in --out FILE if given).
    #[arg(long)]
    pub json: bool,
    /// Progress display.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (limit, out, mode) = (args.node_limit, args.out.as_deref(), args.progress);
    let json = json_provenance(args.json, out, "plane", &super::command_line())?;
    let game = args.game.game()?;
    setup::reachable_census(&game, args.game.t, args.force)?;
    let cookies = Cookies::new(&game, args.game.t);
    let (plane, lattice) = (args.plane.then_some(args.side), args.lattice.as_deref());
    let scan = args.max_index.map(|max| (args.min_index, max));
    let question = Question::of_options(plane, scan, args.count, lattice, limit)?;
    let to = To::new(out, json.as_ref());
    if let Some(status) = not_tight(&cookies, &question, to)? {
        return Ok(ExitCode::from(status));
    }
    Ok(ExitCode::from(ask(&cookies, question, to, mode)?))
}

/// Where an answer goes: the object found to `out` (stdout when `None`), and with
/// `json` (the run's provenance) the document on stdout instead of the text; `job`,
/// the question of `search`, `enumerate` or `scan` with `--t`, whose exit status it
/// is ([`Job::status`]).
#[derive(Clone, Copy)]
pub struct To<'a> {
    /// `--out`.
    pub out: Option<&'a Path>,
    /// `--json`: the provenance of the run.
    pub json: Option<&'a Provenance>,
    /// The job of a pairing command with `--t`.
    pub job: Option<Job>,
}

impl<'a> To<'a> {
    /// The answer of `amoba tight` or `covering`: to `out`, as JSON with `json`.
    pub fn new(out: Option<&'a Path>, json: Option<&'a Provenance>) -> Self {
        To {
            out,
            json,
            job: None,
        }
    }

    /// Whether the object found follows the text on standard output, which the text
    /// then announces: not when it goes to a file, nor inside a JSON document.
    pub fn follows(&self) -> bool {
        self.out.is_none() && self.json.is_none()
    }
}

/// Answers `question` about `cookies` ([`answer`]: `find`, `count`, `scan` with a line
/// printed per lattice found or undecided unless `--json`, `plane`), the placement
/// found or the least class written where `to` says, with progress in `mode`. Returns
/// the answer's exit status.
pub fn ask(cookies: &Cookies, question: Question, to: To, mode: Mode) -> anyhow::Result<u8> {
    let follows = to.follows();
    match question {
        Question::Find(lattice, limit) => answered(mode, ("tight", "searches"), to, |p| {
            // One search with no count of its own: the log line still says it is running.
            p.update(0, 1);
            answer::find(&lattice, cookies, limit)
        }),
        Question::Count(lattice) => answered(mode, ("tight placements", "classes"), to, |p| {
            answer::count(&lattice, cookies, follows, &mut |n| p.update_open(n))
        }),
        Question::Plane(side, limit) => {
            answered(mode, ("tight --plane", "square sides"), to, |p| {
                answer::plane(cookies, side, limit, &mut |m| {
                    p.update(m as u64 - 1, side as u64)
                })
            })
        }
        Question::Scan(min, max, limit) => {
            let lattices = super::listing(mode, |p| setup::candidates(&cookies.game, min, max, p))?;
            answered(mode, ("tight", "lattices"), to, |p| {
                let mut stdout = amoba::core::io::stdout();
                let each = &mut |searched, line: Option<&str>| {
                    p.update_open(searched);
                    if let Some(line) = line.filter(|_| to.json.is_none()) {
                        let _ = writeln!(stdout, "{line}");
                    }
                };
                answer::scan(cookies, &lattices, (min, max), limit, follows, each)
            })
        }
    }
}

/// Asks with a progress display in `mode` of `what`, counted in `unit`, handed to
/// `ask`, then prints the answer ([`print`]). Returns the answer's exit status.
fn answered<E: Into<anyhow::Error>>(
    mode: Mode,
    (what, unit): (&str, &'static str),
    to: To,
    ask: impl FnOnce(&Progress) -> Result<Answer, E>,
) -> anyhow::Result<u8> {
    let progress = Progress::counting(mode, what, unit);
    let answer = ask(&progress);
    progress.finish();
    print(answer.map_err(Into::into)?, to)
}

/// Prints `answer` ([`Answer::emit`]) where `to` says, with the exit status of its
/// job if it has one. Returns that status.
pub fn print(mut answer: Answer, to: To) -> anyhow::Result<u8> {
    if let Some(job) = to.job {
        answer.status = job.status(answer.status);
    }
    Ok(answer.emit(to.out, &|s| note!("{s}"), to.json)?)
}

/// What the census says when it answers `question` alone ([`answer::by_counting`]):
/// none by counting, printed where `to` says (exit status 1, or its job's); `None`
/// when the pieces are tight (with a note naming them). *Errors*: good placements need
/// not be tight.
pub fn not_tight(cookies: &Cookies, question: &Question, to: To) -> anyhow::Result<Option<u8>> {
    match answer::by_counting(cookies, question)? {
        ByCounting::None(answer) => Ok(Some(print(*answer, to)?)),
        ByCounting::Tight(pieces) => {
            note!("{pieces}");
            Ok(None)
        }
    }
}
