//! `amoba tight`: tight t-placements of k-in-a-row (docs/spec.md §10) — one found on
//! a lattice, counted and classified, searched over every lattice up to an index, or
//! excluded from the whole plane by a square no tight placement can cover.
//!
//! The library asks each question and decides its answer, exit status included
//! ([`amoba::report::tight::answer`]; every placement has passed the independent
//! checker first); this file parses, calls and prints. Exit statuses: see `--help`.

use super::note;
use super::progress::{Mode, Progress};
use amoba::placement::setup;
use amoba::placement::tight::{Cookies, NODE_LIMIT};
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
    /// Progress display.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = args.game.game()?;
    setup::reachable_census(&game, args.game.t, args.force)?;
    let cookies = Cookies::new(&game, args.game.t);
    if let Some(status) = not_tight(&cookies)? {
        return Ok(ExitCode::from(status));
    }
    let (limit, out, mode) = (args.node_limit, args.out.as_deref(), args.progress);
    let (plane, lattice) = (args.plane.then_some(args.side), args.lattice.as_deref());
    let scan = args.max_index.map(|max| (args.min_index, max));
    let question = Question::of_options(plane, scan, args.count, lattice, limit)?;
    Ok(ExitCode::from(ask(&cookies, question, out, mode)?))
}

/// Answers `question` about `cookies` ([`answer`]: `find`, `count`, `scan` with a line
/// printed per lattice found or undecided, `plane`), the placement found or the least
/// class written to `out` (stdout when `None`), with progress in `mode`. Returns the
/// answer's exit status.
pub fn ask(
    cookies: &Cookies,
    question: Question,
    out: Option<&Path>,
    mode: Mode,
) -> anyhow::Result<u8> {
    match question {
        Question::Find(lattice, limit) => answered(mode, ("tight", "searches"), out, |p| {
            // One search with no count of its own: the log line still says it is running.
            p.update(0, 1);
            answer::find(&lattice, cookies, limit)
        }),
        Question::Count(lattice) => answered(mode, ("tight placements", "classes"), out, |p| {
            answer::count(&lattice, cookies, out.is_none(), &mut |n| p.update_open(n))
        }),
        Question::Plane(side, limit) => {
            answered(mode, ("tight --plane", "square sides"), out, |p| {
                answer::plane(cookies, side, limit, &mut |m| {
                    p.update(m as u64 - 1, side as u64)
                })
            })
        }
        Question::Scan(min, max, limit) => {
            let lattices = super::listing(mode, |p| setup::candidates(&cookies.game, min, max, p))?;
            answered(mode, ("tight", "lattices"), out, |p| {
                let mut stdout = amoba::core::io::stdout();
                let each = &mut |searched, line: Option<&str>| {
                    p.update_open(searched);
                    if let Some(line) = line {
                        let _ = writeln!(stdout, "{line}");
                    }
                };
                answer::scan(cookies, &lattices, (min, max), limit, out.is_none(), each)
            })
        }
    }
}

/// Asks with a progress display in `mode` of `what`, counted in `unit`, handed to
/// `ask`, then prints the answer ([`print`]). Returns the answer's exit status.
fn answered<E: Into<anyhow::Error>>(
    mode: Mode,
    (what, unit): (&str, &'static str),
    out: Option<&Path>,
    ask: impl FnOnce(&Progress) -> Result<Answer, E>,
) -> anyhow::Result<u8> {
    let progress = Progress::counting(mode, what, unit);
    let answer = ask(&progress);
    progress.finish();
    print(answer.map_err(Into::into)?, out)
}

/// Prints `answer` ([`Answer::emit`]), the placement by the rule of `--out` (`out`;
/// stdout when `None`). Returns its status.
fn print(answer: Answer, out: Option<&Path>) -> anyhow::Result<u8> {
    Ok(answer.emit(out, &|s| note!("{s}"))?)
}

/// What the census says when it answers alone ([`answer::by_counting`]): none by
/// counting, printed (exit status 1); `None` when the pieces are tight (with a note naming
/// them). *Errors*: good placements need not be tight.
pub fn not_tight(cookies: &Cookies) -> anyhow::Result<Option<u8>> {
    match answer::by_counting(cookies)? {
        ByCounting::None(answer) => Ok(Some(print(answer, None)?)),
        ByCounting::Tight(pieces) => {
            note!("{pieces}");
            Ok(None)
        }
    }
}
