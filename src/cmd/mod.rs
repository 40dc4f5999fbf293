//! Subcommands, one file each (`completions` and `man`, generated from the command
//! definitions by clap's companion crates, share generate.rs; the long help texts and
//! examples are in help.rs). Data goes to stdout, diagnostics and progress to stderr.
//!
//! The rules every command follows (README, *Where output goes*): `--json` is a flag
//! printing the command's JSON document on stdout instead of its text
//! ([`write_report_and_json`]); files go where `--out`/`--out-dir`/`--json-out` say.
//! Exit codes: 0 answered, 1 the negative verdict a command exists for (`verify`: a
//! candidate is not good; with `--check-published`, a figure differs from the
//! published one), 2 usage or input error.
//! A closed stdout (`amoba … | head`) is not an error and never changes the exit code:
//! data goes through [`amoba::core::io::stdout`], which discards what the reader no longer
//! wants, so a command finishes its work and reports its verdict; a closed stderr is
//! ignored too ([`note!`]). SIGINT, SIGTERM and SIGHUP remove the temporary files of
//! the writes in progress before the process ends ([`amoba::core::io`]).

mod args;
mod ask;
mod blocking;
mod canon;
mod count;
mod covering;
mod directions;
mod enumerate;
mod game;
mod generate;
mod graph;
mod help;
mod merge;
mod path;
mod placement_game;
mod placement_table;
mod placements;
mod progress;
mod query;
mod reproduce;
mod scan;
mod search;
mod select;
mod serve;
mod shared;
mod show;
mod solve;
mod solve_parts;
mod tight;
mod transform;
mod verify;
mod verify_strategy;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

/// Exhaustive search of pairing strategies for k-in-a-row games.
#[derive(Parser)]
#[command(
    name = "amoba",
    version,
    about,
    long_about = help::LONG_ABOUT,
    after_help = help::EXAMPLES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Enumerate every good pairing up to symmetry and write the catalogue.
    #[command(after_help = help::ENUMERATE)]
    Enumerate(enumerate::Args),
    /// Build the pairing graph, analyse it and write every export and the report.
    #[command(after_help = help::GRAPH)]
    Graph(graph::Args),
    /// Merge the part files of a sharded enumeration into the catalogue.
    #[command(after_help = help::MERGE)]
    Merge(merge::Args),
    /// Run the whole pipeline with default settings and compare with the published figures.
    #[command(after_help = help::REPRODUCE)]
    Reproduce(reproduce::Args),
    /// Find one good pairing of a board, or show exhaustively that it has none.
    Search(search::Args),
    /// Count the classes and labelled pairings of a board without keeping a catalogue.
    Count(count::Args),
    /// A set of directions up to GL(d, Z): normal form, symmetries, class in a box.
    Directions(directions::Args),
    /// Search one game, or every class of games of a kind, on every period lattice up to an index.
    Scan(scan::Args),
    /// Tight t-placements of k-in-a-row: find, count and classify, scan lattices, or
    /// exclude them from the whole plane.
    Tight(tight::Args),
    /// Good t-placements that may block a winning set twice: a SAT search on lattices.
    Covering(covering::Args),
    /// The largest blocking numbers d_t(k) of t-cookies, beside the published values.
    Blocking(blocking::Args),
    /// The k-versus-t table of good t-placements, each entry with its argument.
    PlacementTable(placement_table::Args),
    /// Maker–Breaker games: write game files (strips of 7-in-a-row, rectangles, tori)
    /// and describe one, with the blocking power of a sub-board of the plane.
    #[command(after_help = help::GAME)]
    Game(game::Args),
    /// Check candidate pairing files: exit 0 all good, 1 some not good, 2 unreadable.
    #[command(after_help = help::VERIFY)]
    Verify(verify::Args),
    /// Who wins a Maker–Breaker game: the winner, the value of every first move, the
    /// winner's certificate.
    #[command(after_help = help::SOLVE)]
    Solve(solve::Args),
    /// Draw a pairing (catalogue ID or file) as ASCII or SVG.
    #[command(after_help = help::SHOW)]
    Show(show::Args),
    /// A class and everything around it: stabiliser, component, degree, each neighbour
    /// with the move that reaches it.
    #[command(after_help = help::QUERY)]
    Query(query::Args),
    /// A shortest sequence of moves from one pairing to another (IDs or files).
    #[command(after_help = help::PATH)]
    Path(path::Args),
    /// The classes that pass a filter: IDs, stabiliser, component, degree, a symmetry.
    #[command(after_help = help::SELECT)]
    Select(select::Args),
    /// A local web explorer of the catalogue and the pairing graph, in the browser.
    #[command(after_help = help::SERVE)]
    Serve(serve::Args),
    /// Canonical form, ID and the symmetry reaching it, for each pairing in a file.
    #[command(after_help = help::CANON)]
    Canon(canon::Args),
    /// Apply a symmetry of the board to pairings (IDs or a file).
    #[command(after_help = help::TRANSFORM)]
    Transform(transform::Args),
    /// Print a shell completion script, generated from these command definitions.
    #[command(after_help = help::COMPLETIONS)]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), generated from these command definitions.
    #[command(after_help = help::MAN)]
    Man {
        /// A subcommand whose page to print instead of the main one.
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
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
    if let Err(e) = amoba::core::io::remove_temp_files_on_signals() {
        note!(
            "amoba: warning: cannot watch for interrupts ({e}); an interrupted write may leave a temporary file"
        );
    }
    let cli = match command().try_get_matches() {
        Ok(m) => Cli::from_arg_matches(&m).unwrap_or_else(|e| e.exit()),
        Err(e) => e.exit(),
    };
    let result = match cli.command {
        Command::Enumerate(a) => enumerate::run(a),
        Command::Graph(a) => graph::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Reproduce(a) => reproduce::run(a),
        Command::Search(a) => search::run(a),
        Command::Count(a) => count::run(a),
        Command::Scan(a) => scan::run(a),
        Command::Directions(a) => directions::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Tight(a) => tight::run(a),
        Command::Covering(a) => covering::run(a),
        Command::Blocking(a) => blocking::run(a),
        Command::PlacementTable(a) => placement_table::run(a),
        Command::Game(a) => game::run(a),
        Command::Show(a) => show::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Query(a) => query::run(a),
        Command::Path(a) => path::run(a),
        Command::Select(a) => select::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Canon(a) => canon::run(a),
        Command::Transform(a) => transform::run(a),
        Command::Completions { shell } => generate::completions(command(), shell),
        Command::Man { command: name } => generate::man(command(), name.as_deref()),
    };
    match result {
        Ok(code) => code,
        // Only a command with no verdict to report can end here: data on stdout goes
        // through amoba::core::io::stdout, which does not fail on a closed pipe.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // `{:#}` prints the chain `outer: cause: root cause`; library errors keep
            // their cause as `source()` only, so each is named once.
            note!("amoba: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// The command definitions, with the boards this build knows in `amoba --help`.
pub(crate) fn command() -> clap::Command {
    let boards = help::boards();
    let cmd = Cli::command();
    let after = cmd
        .get_after_help()
        .map(|a| a.to_string())
        .unwrap_or_default();
    cmd.after_help(format!("{boards}\n\n{after}"))
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

pub use args::*;
pub use shared::*;
