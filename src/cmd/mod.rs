//! Subcommands, one file each. Data goes to stdout, diagnostics and progress to stderr.
//! Exit codes: 0 good, 1 a candidate is not good (`verify`), 2 usage or input error.
//! A closed stdout (e.g. `amoba … | head`) ends the command quietly with 0.

mod enumerate;
mod graph;
mod merge;
mod progress;
mod reproduce;
mod show;
mod verify;

use clap::{Parser, Subcommand};
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
    /// Check candidate pairing files: exit 0 all good, 1 some not good, 2 unreadable.
    Verify(verify::Args),
    /// Draw a pairing (catalogue ID or file) as ASCII or SVG.
    Show(show::Args),
}

/// Runs the command line; maps errors to exit codes.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Enumerate(a) => enumerate::run(a),
        Command::Graph(a) => graph::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Reproduce(a) => reproduce::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Show(a) => show::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("amoba: error: {e:#}");
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

/// The command line of this process, as recorded in the provenance of every file it
/// writes ([`amoba::provenance::command_line`]).
pub fn command() -> String {
    amoba::provenance::this_command()
}

/// The help text of `--board`: the names of the boards this build knows.
pub fn board_help() -> String {
    format!(
        "Board: {} (docs/spec.md, appendix A)",
        amoba::board::Board::NAMES.join(", ")
    )
}

/// The board named on the command line.
pub fn board(name: &str) -> anyhow::Result<amoba::board::Board> {
    amoba::board::Board::by_name(name).map_err(|e| anyhow::anyhow!("{e}"))
}
