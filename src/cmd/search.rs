//! `amoba search`: one good pairing of a board, found fast, or the exhaustive proof
//! that the board has none (docs/spec.md §8, §9).

use super::note;
use amoba::board::pairing::Pairing;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba search --board hex7\n  \
    amoba search --directions \"1,0 0,1 1,2 2,1\" --lattice \"8,0 0,8\"\n  \
    amoba search --board my-game.toml --out found.txt\n\n\
    Exit status: 0 a good pairing was found, 1 the board has none (the search was \
    exhaustive on this board), 2 usage or input error.")]
pub struct Args {
    #[command(flatten)]
    pub board: super::BoardArgs,
    /// Also write the pairing (one-line form) to this file (`-` = stdout).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let board = args.board.load()?;
    amoba::search::searchable(&board, false)
        .map_err(|e| anyhow::anyhow!("board {}: {e}", board.name()))?;
    let start = std::time::Instant::now();
    let (found, stats) = amoba::search::find_one(&board);
    let seconds = start.elapsed().as_secs_f64();
    let mut stdout = amoba::io::stdout();
    match found {
        Some(codes) => {
            let p = Pairing::from_codes(codes);
            // The engine's own check; the tests also run the independent verifier.
            p.check(&board).map_err(|e| {
                anyhow::anyhow!("the search returned a pairing that is not good: {e}")
            })?;
            note!(
                "board {}: a good pairing, found after {} search nodes in {seconds:.3} s",
                board.name(),
                stats.nodes
            );
            writeln!(stdout, "{}", p.to_line())?;
            if let Some(path) = &args.out {
                amoba::io::write_atomic(path, |w| writeln!(w, "{}", p.to_line()))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        None => {
            writeln!(
                stdout,
                "board {}: no good pairing exists on this board (lattice {}, {} directions, \
                 k = {}): the search was exhaustive, {} nodes. This says nothing about other \
                 lattices.",
                board.name(),
                board.lattice(),
                board.nfamilies(),
                board.k(),
                stats.nodes
            )?;
            Ok(ExitCode::from(1))
        }
    }
}
