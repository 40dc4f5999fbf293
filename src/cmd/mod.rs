//! Subcommands, one file each (`completions` and `man`, generated from the command
//! definitions by clap's companion crates, are here). Data goes to stdout, diagnostics
//! and progress to stderr.
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

mod ask;
mod blocking;
mod canon;
mod count;
mod covering;
mod directions;
mod enumerate;
mod game;
mod graph;
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
use std::io::Write as _;
use std::process::ExitCode;

/// Exhaustive search of pairing strategies for k-in-a-row games.
#[derive(Parser)]
#[command(
    name = "amoba",
    version,
    about,
    long_about = "Exhaustive search of pairing strategies for k-in-a-row games: enumerates \
                  the good pairings of a periodic board up to symmetry, builds the graph \
                  that pairing moves draw between their classes, analyses and exports it, \
                  and checks candidate pairings. docs/spec.md defines every term; \
                  FORMATS.md every file.",
    after_help = "Examples:\n  \
                  amoba reproduce                 # everything, compared with the published figures\n  \
                  amoba verify my-pairings.txt    # check pairings of your own\n  \
                  amoba show 1 --format svg --out pairing-1.svg\n\n\
                  Run `amoba help COMMAND` for the options and examples of one command."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Enumerate every good pairing up to symmetry and write the catalogue.
    #[command(after_help = "Examples:\n  \
        amoba enumerate                       # results/catalogue-9.txt, results/enumerate-9.json\n  \
        amoba enumerate --board hex7          # the hexagonal board of 7-in-a-row\n  \
        amoba enumerate --shard 3/64 --progress log   # one part of a cluster job")]
    Enumerate(enumerate::Args),
    /// Build the pairing graph, analyse it and write every export and the report.
    #[command(after_help = "Examples:\n  \
        amoba graph                           # from the square9 catalogue into results/\n  \
        amoba graph --board hex7\n  \
        amoba graph --catalogue my-catalogue.txt --out-dir out")]
    Graph(graph::Args),
    /// Merge the part files of a sharded enumeration into the catalogue.
    #[command(after_help = "Example:\n  \
        amoba merge results/parts/catalogue-9.part-*-of-64.txt")]
    Merge(merge::Args),
    /// Run the whole pipeline with default settings and compare with the published figures.
    #[command(after_help = "Examples:\n  \
        amoba reproduce                       # 9-in-a-row: the 8x8 torus and the 16-toroidal board\n  \
        amoba reproduce --board hex7          # another board of docs/spec.md §7\n  \
        amoba reproduce --json | jq '.rows[] | select(.verdict == \"differ\")'")]
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
    #[command(after_help = "Examples:\n  \
        amoba game strip4 --n 8 --out strip4-8.game   # the dissertation's 4x8 strip\n  \
        amoba game strip7tr --n 9                     # the (4, 9, 7^tr) strip, on stdout\n  \
        amoba game rectangle --width 3 --height 3 --k 3 --name tictactoe\n  \
        amoba game torus --board square9              # the 8x8 torus of 9-in-a-row\n  \
        amoba game info data/games/strip4-12.game     # blocking power 48k − 136, k ≥ 41/6")]
    Game(game::Args),
    /// Check candidate pairing files: exit 0 all good, 1 some not good, 2 unreadable.
    #[command(after_help = "Examples:\n  \
        amoba verify data/good/several.txt    # exit 0: all good, with IDs\n  \
        amoba verify --json - < my-pairing.txt\n  \
        amoba verify --board cube7 data/cube7/good.txt\n  \
        amoba verify --strategy seven.game seven.strategy   # a Maker–Breaker certificate")]
    Verify(verify::Args),
    /// Who wins a Maker–Breaker game: the winner, the value of every first move, the
    /// winner's certificate.
    #[command(after_help = "Examples:\n  \
        amoba solve data/games/seven.game --moves     # Maker wins, only by opening at 1\n  \
        amoba solve data/games/strip7tr-8.game --certificate s.txt && \\\n    \
        amoba verify --strategy data/games/strip7tr-8.game s.txt\n  \
        amoba solve my.game --node-limit 100000000 --memory 8192 --progress log")]
    Solve(solve::Args),
    /// Draw a pairing (catalogue ID or file) as ASCII or SVG.
    #[command(after_help = "Examples:\n  \
        amoba show 1                          # catalogue pairing 1 on the torus, as text\n  \
        amoba show 1 --format svg --out pairing-1.svg\n  \
        amoba show data/good/first.txt --window 16   # a 16x16 window of the plane")]
    Show(show::Args),
    /// A class and everything around it: stabiliser, component, degree, each neighbour
    /// with the move that reaches it.
    #[command(after_help = "Examples:\n  \
        amoba query 1                         # class 1 of the 8x8 catalogue\n  \
        amoba query my-pairing.txt --json     # the moves of a pairing of your own\n  \
        amoba query 5 --board hex7")]
    Query(query::Args),
    /// A shortest sequence of moves from one pairing to another (IDs or files).
    #[command(after_help = "Examples:\n  \
        amoba path 1 194543                   # exit 1: different components\n  \
        amoba path 1 2000 --svg steps/        # each step drawn, slid dominoes highlighted\n  \
        amoba path mine.txt 17 --json")]
    Path(path::Args),
    /// The classes that pass a filter: IDs, stabiliser, component, degree, a symmetry.
    #[command(after_help = "Examples:\n  \
        amoba select --stabiliser 4..         # the most symmetric classes of square9\n  \
        amoba select --component 2.. --format forms\n  \
        amoba select --symmetry \"-1,0 0,-1\" --count   # classes with a half-turn symmetry")]
    Select(select::Args),
    /// A local web explorer of the catalogue and the pairing graph, in the browser.
    #[command(after_help = "Examples:\n  \
        amoba serve                           # http://127.0.0.1:8080/ on the 8x8 torus\n  \
        amoba serve --board hex7 --port 0     # any free port; the URL is printed on stderr")]
    Serve(serve::Args),
    /// Canonical form, ID and the symmetry reaching it, for each pairing in a file.
    #[command(after_help = "Examples:\n  \
        amoba canon my-pairings.txt\n  \
        amoba transform 1 --symmetry \"0,-1 1,0\" | amoba canon -   # back to ID 1")]
    Canon(canon::Args),
    /// Apply a symmetry of the board to pairings (IDs or a file).
    #[command(after_help = "Examples:\n  \
        amoba transform 1 --symmetry \"0,-1 1,0 + 3,0\"    # (x,y) -> (-y+3, x)\n  \
        amoba transform mine.txt --symmetry \"+ 1,0\" --grid  # shift one cell east")]
    Transform(transform::Args),
    /// Print a shell completion script, generated from these command definitions.
    #[command(after_help = "Examples:\n  \
        amoba completions bash > ~/.local/share/bash-completion/completions/amoba\n  \
        amoba completions zsh > ~/.zfunc/_amoba\n  \
        amoba completions fish > ~/.config/fish/completions/amoba.fish")]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), generated from these command definitions.
    #[command(after_help = "Examples:\n  \
        amoba man > amoba.1 && man ./amoba.1\n  \
        amoba man verify > amoba-verify.1")]
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
        Command::Completions { shell } => completions(shell),
        Command::Man { command } => man(command.as_deref()),
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
fn command() -> clap::Command {
    let boards = format!(
        "Boards (--board): {}, or a board file (*.toml; docs/spec.md appendix A describes \
         each, FORMATS.md the file).\n\n\
         Rules shared by every command (README, *Where output goes*): --json prints the \
         command's JSON document on stdout instead of its text; exit 0 answered, 1 the \
         negative verdict a command exists for, 2 usage or input error; messages and \
         progress on stderr.",
        amoba::core::board::Board::NAMES.join(", ")
    );
    let cmd = Cli::command();
    let after = cmd
        .get_after_help()
        .map(|a| a.to_string())
        .unwrap_or_default();
    cmd.after_help(format!("{boards}\n\n{after}"))
}

/// `amoba completions SHELL`: the completion script on stdout.
fn completions(shell: clap_complete::Shell) -> anyhow::Result<ExitCode> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut command(), "amoba", &mut buf);
    amoba::core::io::stdout().write_all(&buf)?;
    Ok(ExitCode::SUCCESS)
}

/// `amoba man [COMMAND]`: the manual page of amoba or of one subcommand, on stdout.
fn man(command: Option<&str>) -> anyhow::Result<ExitCode> {
    let mut cmd = self::command();
    cmd.build();
    let page = match command {
        None => cmd,
        Some(name) => {
            let names: Vec<String> = cmd
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            cmd.find_subcommand(name).cloned().ok_or_else(|| {
                anyhow::anyhow!("found {name:?}, expected one of {}", names.join(", "))
            })?
        }
    };
    let mut buf = Vec::new();
    clap_mangen::Man::new(page).render(&mut buf)?;
    amoba::core::io::stdout().write_all(&buf)?;
    Ok(ExitCode::SUCCESS)
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

pub use shared::*;
