//! Subcommands, one file each (`completions` and `man`, generated from the command
//! definitions by clap's companion crates, are here). Data goes to stdout, diagnostics
//! and progress to stderr.
//! Exit codes: 0 good, 1 a candidate is not good (`verify`), 2 usage or input error.
//! A closed stdout (e.g. `amoba … | head`) ends the command quietly with 0.

mod enumerate;
mod graph;
mod merge;
mod progress;
mod reproduce;
mod show;
mod verify;

use clap::{CommandFactory, Parser, Subcommand};
use std::io::Write;
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
        amoba graph                           # from results/catalogue-9.txt into results/\n  \
        amoba graph --board hex7\n  \
        amoba graph --catalogue my-catalogue.txt --out-dir out")]
    Graph(graph::Args),
    /// Merge the part files of a sharded enumeration into the catalogue.
    #[command(after_help = "Example:\n  \
        amoba merge results/parts/catalogue-9.part-*-of-64.txt")]
    Merge(merge::Args),
    /// Run the whole pipeline with default settings and compare with the published figures.
    #[command(after_help = "Examples:\n  \
        amoba reproduce                       # the 8x8 torus of 9-in-a-row (about 2 s)\n  \
        amoba reproduce --board hex7          # another board of docs/spec.md §7\n  \
        amoba reproduce --json | jq '.rows[] | select(.verdict == \"differ\")'")]
    Reproduce(reproduce::Args),
    /// Check candidate pairing files: exit 0 all good, 1 some not good, 2 unreadable.
    #[command(after_help = "Examples:\n  \
        amoba verify data/good/several.txt    # exit 0: all good, with IDs\n  \
        amoba verify --json - < my-pairing.txt\n  \
        amoba verify --board cube7 data/cube7/good.txt")]
    Verify(verify::Args),
    /// Draw a pairing (catalogue ID or file) as ASCII or SVG.
    #[command(after_help = "Examples:\n  \
        amoba show 1                          # catalogue pairing 1 on the torus, as text\n  \
        amoba show 1 --format svg --out pairing-1.svg\n  \
        amoba show data/good/first.txt --window 16   # a 16x16 window of the plane")]
    Show(show::Args),
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
        Command::Completions { shell } => completions(shell),
        Command::Man { command } => man(command.as_deref()),
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

/// `amoba completions SHELL`: the completion script on stdout.
fn completions(shell: clap_complete::Shell) -> anyhow::Result<ExitCode> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "amoba", &mut buf);
    let mut out = std::io::stdout().lock();
    out.write_all(&buf)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `amoba man [COMMAND]`: the manual page of amoba or of one subcommand, on stdout.
fn man(command: Option<&str>) -> anyhow::Result<ExitCode> {
    let mut cmd = Cli::command();
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
    let mut out = std::io::stdout().lock();
    out.write_all(&buf)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
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
