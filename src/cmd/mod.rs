//! Subcommands, one file each (`completions` and `man`, generated from the command
//! definitions by clap's companion crates, share generate.rs; the long help texts and
//! examples are in help.rs). The definitions are in cli.rs, the dispatch to each
//! command's `run` here. Data goes to stdout, diagnostics and progress to stderr.
//!
//! The rules every command follows (README, *Where output goes*): `--json` is a flag
//! printing the command's JSON document on stdout instead of its text
//! ([`write_report_and_json`]); files go where `--out`/`--out-dir`/`--json-out` say.
//! Exit codes: 0 answered, 1 the negative verdict a command exists for (`verify`: a
//! candidate is not good; with `--check-published`, a figure differs from the
//! published one), 2 usage or input error.
//! A closed stdout (`amoba … | head`) is not an error and never changes the exit code:
//! data goes through [`amoba::core::io::stdout`], which discards what the reader no longer
//! wants, so a command finishes its work and reports its verdict
//! ([`amoba::core::io::is_broken_pipe`]); a closed stderr is ignored too ([`note!`]). SIGINT, SIGTERM and SIGHUP remove the temporary files of
//! the writes in progress before the process ends ([`amoba::core::io`]).

mod args;
mod ask;
mod blocking;
mod canon;
mod cli;
mod count;
mod covering;
mod directions;
mod enumerate;
mod game;
mod game_info;
mod game_join;
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

use clap::FromArgMatches;
use cli::{Cli, Command, command};
use std::process::ExitCode;

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
    // A command that deferred an interrupt ends by it, whatever its outcome (an
    // error included: its message is printed first).
    let code = match result {
        Ok(code) => code,
        // Only a command with no verdict to report can end here: data on stdout goes
        // through amoba::core::io::stdout, which does not fail on a closed pipe.
        Err(e) if amoba::core::io::is_broken_pipe(e.as_ref()) => ExitCode::SUCCESS,
        Err(e) => {
            // `{:#}` prints the chain `outer: cause: root cause`; library errors keep
            // their cause as `source()` only, so each is named once.
            note!("amoba: error: {e:#}");
            ExitCode::from(2)
        }
    };
    end_if_interrupted();
    code
}

pub use args::*;
pub use shared::*;
