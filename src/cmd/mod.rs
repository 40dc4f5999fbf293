//! Subcommands, one file each. Data goes to stdout, diagnostics and progress to stderr.
//!
//! Exit codes: 0 good, 1 a candidate is not good (`verify`), 2 usage or input error.
//! A closed stdout (`amoba … | head`) is not an error and never changes the exit code:
//! data goes through [`amoba::io::stdout`], which discards what the reader no longer
//! wants, so a command finishes its work and reports its verdict; a closed stderr is
//! ignored too ([`note!`]). SIGINT, SIGTERM and SIGHUP remove the temporary files of
//! the writes in progress before the process ends ([`amoba::io`]).

mod enumerate;
mod graph;
mod merge;
mod progress;
mod reproduce;
mod search;
mod show;
mod verify;

use clap::{Parser, Subcommand};
use std::path::Path;
use std::process::ExitCode;

/// Exhaustive search of pairing strategies for k-in-a-row games.
#[derive(Parser)]
#[command(name = "amoba", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Enumerate every good pairing up to symmetry and write the catalogue.
    Enumerate(enumerate::Args),
    /// Build the pairing graph, analyse it and write every export.
    Graph(graph::Args),
    /// Merge the part files of a sharded enumeration into the catalogue.
    Merge(merge::Args),
    /// Run the whole pipeline with default settings and compare with the published figures.
    Reproduce(reproduce::Args),
    /// Find one good pairing of a board, or show exhaustively that it has none.
    Search(search::Args),
    /// Check candidate pairing files: exit 0 all good, 1 some not good, 2 unreadable.
    Verify(verify::Args),
    /// Draw a pairing (catalogue ID or file) as ASCII or SVG.
    Show(show::Args),
}

/// A line on stderr. Unlike `eprintln!` it does not panic when stderr is closed
/// (`amoba … 2>&1 | head`): a diagnostic nobody reads is not worth a crash.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
pub(crate) use note;

/// Runs the command line; maps errors to exit codes.
pub fn main() -> ExitCode {
    #[cfg(unix)]
    if let Err(e) = amoba::io::remove_temp_files_on_signals() {
        note!(
            "amoba: warning: cannot watch for interrupts ({e}); an interrupted write may leave a temporary file"
        );
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Enumerate(a) => enumerate::run(a),
        Command::Graph(a) => graph::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Reproduce(a) => reproduce::run(a),
        Command::Search(a) => search::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Show(a) => show::run(a),
    };
    match result {
        Ok(code) => code,
        // Only a command with no verdict to report can end here: data on stdout goes
        // through amoba::io::stdout, which does not fail on a closed pipe.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // `{:#}` prints the chain `outer: cause: root cause`; library errors keep
            // their cause as `source()` only, so each is named once.
            note!("amoba: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// An error and its causes, `: `-separated (what `{:#}` does for `anyhow::Error`).
pub fn chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cause = c.source();
    }
    s
}

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

/// The board named on the command line.
pub fn board(name: &str) -> anyhow::Result<amoba::board::Board> {
    amoba::board::Board::by_name(name).map_err(|e| anyhow::anyhow!("{e}"))
}

/// Refuses `-` for an option that names a directory (`-` means standard output only
/// where a file is written).
pub fn directory_option(path: &Path, option: &str) -> anyhow::Result<()> {
    if amoba::io::is_dash(path) {
        anyhow::bail!(
            "{option} names a directory, expected a directory path: '-' (standard output) \
             stands for a file only (use ./- for a directory called '-')"
        );
    }
    Ok(())
}

/// How a written file is named in messages: its path, or `standard output`.
pub fn shown(path: &Path) -> String {
    if amoba::io::is_stdout(path) {
        "standard output".into()
    } else {
        path.display().to_string()
    }
}

/// The command line for provenance ([`amoba::output::export::command_line`]); an
/// argument that is not UTF-8 is written with U+FFFD in place of its bad bytes.
pub fn command_line() -> String {
    amoba::output::export::command_line(
        std::env::args_os().map(|a| a.to_string_lossy().into_owned()),
    )
}

/// Refuses work that is out of reach before it starts: on a board whose catalogue is
/// known to be out of reach (its board file says `catalogue = false`), or that the
/// search cannot hold, says so with an estimate of the cost and fails with exit 2,
/// unless `force` is set.
pub fn refuse_out_of_reach(
    board: &amoba::board::Board,
    threads: usize,
    force: bool,
) -> anyhow::Result<()> {
    amoba::search::searchable(board, true)
        .map_err(|e| anyhow::anyhow!("board {}: {e}", board.name()))?;
    if board.info().catalogue != Some(false) || force {
        return Ok(());
    }
    note!(
        "board {}: enumerating its classes is out of reach; estimating the cost…",
        board.name()
    );
    let run = amoba::output::results::estimate_board(board, threads);
    anyhow::bail!(
        "board {}: a full enumeration is out of reach: about {:.1e} labelled good pairings, \
         {:.1e} search nodes, about {:.0e} years at the measured {:.1e} nodes/s (Knuth's \
         estimator over {} random subtrees; `amoba reproduce --board {}` writes the \
         estimate). Pass --force to run it anyway.",
        board.name(),
        run.estimated_labelled,
        run.estimated_nodes,
        run.estimated_years,
        run.nodes_per_second,
        run.partial.samples,
        board.name()
    )
}
