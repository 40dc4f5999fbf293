//! The command line's definition: every subcommand with its one-line help, and the
//! long help texts and examples of help.rs attached to them ([`command`]); `amoba
//! --help`, the completions and the manual pages are generated from it. The dispatch
//! to each command's `run` is in mod.rs.

use super::*;
use clap::{CommandFactory, Parser, Subcommand};

/// Pairing strategies, placements and Maker–Breaker games of k-in-a-row.
#[derive(Parser)]
#[command(
    name = "amoba",
    version,
    about,
    long_about = help::LONG_ABOUT,
    after_help = help::EXAMPLES
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
