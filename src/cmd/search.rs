//! `amoba search`: one good pairing of a board, found fast, or the exhaustive proof
//! that the board has none (docs/spec.md §8, §9).

use super::progress::{Mode, Progress};
use amoba::core::board::pairing::Pairing;
use amoba::report::search_doc::{self, json_provenance};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba search --board hex7\n  \
    amoba search --directions \"1,0 0,1 1,2 2,1\" --lattice \"8,0 0,8\"\n  \
    amoba search --board my-game.toml --out found.txt\n  \
    amoba search --board hex7 --json | jq -r .found\n\n\
    Exit status: 0 a good pairing was found, 1 none was found (the board has none: the \
    search was exhaustive on this board; or --node-limit stopped it, which the message \
    says), 2 usage or input error.")]
pub struct Args {
    #[command(flatten)]
    pub board: super::BoardArgs,
    #[command(flatten)]
    pub placement: super::placement_game::PlacementArgs,
    /// With --t: run a cookie census the estimate puts out of reach.
    #[arg(long, requires = "t", help_heading = "Placements")]
    pub force: bool,
    /// Write the pairing found (one-line form; with --t, the placement) to this file
    /// instead of standard output (`-` = stdout).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Stop after this many search nodes (default: no limit). A search that stops
    /// there exits 1 and says that whether a pairing exists is not known.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Print the answer as JSON (docs/schemas/search.schema.json) on stdout instead of
    /// its text, with the pairing (or placement) found inside it (and in --out FILE if
    /// given).
    #[arg(long)]
    pub json: bool,
    /// How to show progress (nodes searched and the rate) on stderr.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.placement.t.is_some() {
        use super::placement_game::{Job, board_game, run};
        let (directions, lattice) = board_game(&args.board)?;
        let job = Job::Find {
            node_limit: args.node_limit,
        };
        let (lattice, out) = (Some(lattice), args.out);
        return run(
            &args.placement,
            directions,
            lattice,
            job,
            out,
            args.force,
            args.json,
        );
    }
    let board = args.board.load()?;
    let out = args.out.as_deref();
    let json = json_provenance(args.json, out, board.name(), &super::command_line())?;
    amoba::pairing::search::searchable(&board, false)
        .map_err(|e| anyhow::anyhow!("board {}: {e}", board.name()))?;
    let start = std::time::Instant::now();
    let progress = Progress::counting(args.progress, "search", "nodes");
    let (found, stats) =
        amoba::pairing::search::find_one_reporting(&board, args.node_limit, &|n| {
            progress.update_open(n)
        });
    progress.finish();
    let seconds = start.elapsed().as_secs_f64();
    let found = match found {
        Some(codes) => {
            let p = Pairing::from_codes(codes);
            // The engine's own check; the tests also run the independent verifier.
            p.check(&board).map_err(|e| {
                anyhow::anyhow!("the search returned a pairing that is not good: {e}")
            })?;
            Some(p.to_line())
        }
        None => None,
    };
    let answer = search_doc::pairing(&board, found, stats.cut, stats.nodes, seconds);
    let to = super::tight::To::new(out, json.as_ref());
    Ok(ExitCode::from(super::tight::print(answer, to)?))
}
