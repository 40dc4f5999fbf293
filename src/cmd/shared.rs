//! What every command shares: how a command takes its board ([`BoardArgs`]) or its
//! game of placements ([`GameArgs`]), its thread pool, the progress of listing
//! lattices ([`listing`]), and how it writes its products, reports and JSON documents
//! by the rules of README, *Where output goes* ([`write_report_and_json`]).

use super::note;
use std::io::Write as _;
use std::path::Path;

pub use amoba::core::io::error_chain as chain;

/// Runs `f` on a pool of `threads` threads (0 = rayon's default, all cores).
pub fn with_threads<T: Send>(
    threads: usize,
    f: impl FnOnce() -> anyhow::Result<T> + Send,
) -> anyhow::Result<T> {
    if threads == 0 {
        return f();
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?
        .install(f)
}

/// The help text of `--board`: the names of the boards this build knows, or a board
/// file.
pub fn board_help() -> String {
    format!(
        "Board: {}, or a board file (*.toml; docs/spec.md appendix A, FORMATS.md) \
         [default: square9]",
        amoba::core::board::Board::NAMES.join(", ")
    )
}

/// The board named on the command line.
pub fn board(name: &str) -> anyhow::Result<amoba::core::board::Board> {
    Ok(amoba::core::board::Board::by_name(name)?)
}

/// How every command takes its board: `--board NAME|FILE`, or an inline game
/// `--directions "1,0 0,1 1,2 2,1" --lattice "8,0 0,8"` (k = 2n + 1, point group
/// computed; see [`amoba::core::board::builtin::inline`]).
#[derive(clap::Args, Clone, Debug)]
pub struct BoardArgs {
    #[arg(long, value_name = "NAME|FILE", help = board_help(),
          conflicts_with_all = ["directions", "lattice"])]
    pub board: Option<String>,
    /// The directions of an inline board, e.g. "1,0 0,1 1,2 2,1" (k = 2n + 1); with
    /// `verify --placements` they may come alone (a placement file has its lattice).
    #[arg(long, value_name = "VECTORS")]
    pub directions: Option<String>,
    /// The period lattice of an inline board, as basis vectors, e.g. "8,0 0,8"; needs
    /// --directions, except for the placements of search, enumerate and scan (--t).
    #[arg(long, value_name = "VECTORS")]
    pub lattice: Option<String>,
}

impl BoardArgs {
    /// A built-in board or board file by name.
    pub fn named(name: &str) -> BoardArgs {
        BoardArgs {
            board: Some(name.into()),
            directions: None,
            lattice: None,
        }
    }

    /// The board these options describe.
    pub fn load(&self) -> anyhow::Result<amoba::core::board::Board> {
        match (&self.directions, &self.lattice) {
            (Some(d), Some(l)) => Ok(amoba::core::board::builtin::inline(d, l)?),
            (Some(_), None) => anyhow::bail!(
                "--directions: an inline board needs --lattice too (only `verify \
                 --placements` takes directions alone)"
            ),
            (None, Some(_)) => anyhow::bail!("--lattice: an inline board needs --directions too"),
            _ => board(self.name()),
        }
    }

    /// The board named by `--board`, or the default board, square9.
    pub fn name(&self) -> &str {
        self.board.as_deref().unwrap_or(DEFAULT_BOARD)
    }

    /// Does the command line name the game (`--board`, `--directions`)? Where it does
    /// not, `verify --placements` takes the game a placement file records.
    pub fn explicit(&self) -> bool {
        self.board.is_some() || self.directions.is_some()
    }
}

/// The board of a command given none: square9, the game of 9-in-a-row.
pub const DEFAULT_BOARD: &str = "square9";

/// Refuses `-` for an option that names a directory (`-` means standard output only
/// where a file is written).
pub fn directory_option(path: &Path, option: &str) -> anyhow::Result<()> {
    if amoba::core::io::is_dash(path) {
        anyhow::bail!(
            "{option} names a directory, expected a directory path: '-' (standard output) \
             stands for a file only (use ./- for a directory called '-')"
        );
    }
    Ok(())
}

/// How a written file is named in messages: its path, or `standard output`.
pub fn shown(path: &Path) -> String {
    if amoba::core::io::is_stdout(path) {
        "standard output".into()
    } else {
        path.display().to_string()
    }
}

/// The command line of this process, as recorded in the provenance of every file it
/// writes ([`amoba::core::provenance::command_line`]); an argument that is not UTF-8 is
/// written with U+FFFD in place of its bad bytes.
pub fn command_line() -> String {
    amoba::core::provenance::this_command()
}

/// Refuses work that is out of reach before it starts ([`amoba::report::reach`]): on
/// a board whose catalogue is known to be out of reach, or that the search cannot
/// hold, says so with an estimate of the cost and fails with exit 2, unless `force`
/// is set.
pub fn refuse_out_of_reach(
    board: &amoba::core::board::Board,
    threads: usize,
    force: bool,
) -> anyhow::Result<()> {
    Ok(amoba::report::reach::check(board, threads, force, || {
        note!(
            "board {}: enumerating its classes is out of reach; estimating the cost…",
            board.name()
        )
    })?)
}

/// Reads JSON documents of one kind (`what`, e.g. "scan document") from `files`, each
/// with its file name; errors name the file, line and column.
pub fn read_json_docs<D: serde::de::DeserializeOwned>(
    files: &[std::path::PathBuf],
    what: &str,
) -> anyhow::Result<Vec<(String, D)>> {
    files
        .iter()
        .map(|f| {
            let text =
                std::fs::read_to_string(f).map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))?;
            let doc = serde_json::from_str(&text).map_err(|e| {
                anyhow::anyhow!(
                    "{}:{}:{}: not a {what}: {e}",
                    f.display(),
                    e.line(),
                    e.column()
                )
            })?;
            Ok((f.display().to_string(), doc))
        })
        .collect()
}

/// `n` and the noun, singular or plural: `counted(1, "class", "classes")` is "1 class".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    amoba::core::text::counted(n as u64, one, many)
}

/// Writes a command's product (a pairing or placement found) by the rule of `--out`:
/// to `out` instead of standard output when given (`-` = stdout), with a note on
/// stderr naming the file.
pub fn write_product(out: Option<&Path>, text: &str) -> anyhow::Result<()> {
    let path = out.unwrap_or(Path::new("-"));
    amoba::core::io::write_atomic(path, |w| w.write_all(text.as_bytes()))?;
    if !amoba::core::io::is_stdout(path) {
        note!("wrote {}", path.display());
    }
    Ok(())
}

/// Writes a command's text report and its JSON document by the shared rules: the
/// report goes to `out` (`-` = stdout); `--json` prints the document on stdout
/// instead of the report; `--json-out PATH` also writes it to PATH (`-` = stdout, in
/// place of the report). Standard output carries one document at most.
pub fn write_report_and_json(
    report: &str,
    doc: &impl serde::Serialize,
    out: &Path,
    json: bool,
    json_out: Option<&Path>,
) -> anyhow::Result<()> {
    let json_out_stdout = json_out.is_some_and(amoba::core::io::is_stdout);
    if let Some(path) = json_out {
        amoba::report::results::write_json(path, doc)?;
        if !json_out_stdout {
            note!("wrote {}", path.display());
        }
    }
    if json && !json_out_stdout {
        amoba::report::results::write_json(Path::new("-"), doc)?;
    }
    if amoba::core::io::is_stdout(out) {
        if !(json || json_out_stdout) {
            amoba::core::io::stdout().write_all(report.as_bytes())?;
        }
    } else {
        amoba::core::io::write_atomic(out, |w| w.write_all(report.as_bytes()))?;
        note!("wrote {}", out.display());
    }
    Ok(())
}

/// Runs `list`, which lists lattices and calls its argument with `(done, total)` as
/// it goes ([`amoba::placement::setup::lattices`],
/// [`amoba::placement::setup::candidates`]), with a progress display in `mode` (the
/// listing takes minutes for indices in the thousands). The display starts with the first index listed, so a lattice given as
/// text shows none. Returns what `list` returns.
pub fn listing<T>(
    mode: super::progress::Mode,
    list: impl FnOnce(&(dyn Fn(u64, u64) + Sync)) -> T,
) -> T {
    let progress = std::sync::OnceLock::new();
    let listed = list(&|done, total| {
        progress
            .get_or_init(|| {
                super::progress::Progress::counting(mode, "listing lattices", "of the index sum")
            })
            .update(done, total)
    });
    if let Some(progress) = progress.into_inner() {
        progress.finish();
    }
    listed
}

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
    #[arg(long, default_value = amoba::placement::setup::FOUR_DIRECTIONS, value_name = "VECTORS")]
    pub directions: String,
}

impl GameArgs {
    /// The game, once `t`, `k` and the directions are checked
    /// ([`amoba::placement::setup::game`]).
    pub fn game(&self) -> anyhow::Result<amoba::placement::cookie::Game> {
        Ok(amoba::placement::setup::game(
            &self.directions,
            self.k,
            self.t,
        )?)
    }
}
