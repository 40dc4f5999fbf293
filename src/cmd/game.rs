//! `amoba game`: writes game files (FORMATS.md, *Game files*) of the games
//! [`amoba::game::generate`] makes — the dissertation's 4×n strip, the (4, n, 7^tr)
//! strip, k-in-a-row on a rectangle, a periodic board's lines on its torus — and
//! describes games (`info`, `power`: `game_info.rs`); `join` puts certificates
//! together (`game_join.rs`).
//!
//! A written file opens with comment lines saying what the game is and the command
//! that makes it; that command line is built from the options (without `--out`), so the
//! same game gives the same bytes wherever it is written. Exit 0, or 2 with the option
//! or `FILE:LINE:COLUMN` of what is wrong (nothing is written then).

use super::BoardArgs;
use amoba::game::generate::{self, Recipe};
use amoba::game::{Side, file};

use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Sub,
}

#[derive(clap::Subcommand)]
pub enum Sub {
    /// The 4×n strip of L. Győrffy's dissertation (ch. 6.2), n a multiple of 4.
    Strip4 {
        /// Columns: 4, 8, …, 32.
        #[arg(long)]
        n: usize,
        #[command(flatten)]
        out: OutArgs,
    },
    /// The (4, n, 7^tr) strip of "Towards solving the 7-in-a-row game", n ≥ 7.
    Strip7tr {
        /// Columns: 7 to 32.
        #[arg(long)]
        n: usize,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Maker–Breaker k-in-a-row on a rectangle (3×3, k = 3 is tic-tac-toe).
    Rectangle {
        /// Columns.
        #[arg(long)]
        width: usize,
        /// Rows.
        #[arg(long)]
        height: usize,
        /// Cells in a winning set.
        #[arg(long)]
        k: usize,
        /// The directions of the lines, primitive vectors "x,y" separated by spaces.
        #[arg(long, default_value = "1,0 0,1 1,1 1,-1", value_name = "VECTORS")]
        directions: String,
        #[command(flatten)]
        out: OutArgs,
    },
    /// The lines of a periodic board on its torus: windows of k cells (at most 128 cells).
    Torus {
        #[command(flatten)]
        board: BoardArgs,
        #[command(flatten)]
        out: OutArgs,
    },
    /// A game file started from the position some moves reach: who wins after them.
    After {
        /// The game file (`-` = stdin).
        #[arg(value_name = "GAME")]
        file: PathBuf,
        /// Cell labels separated by blanks, taken in turn from the game's starting
        /// position by the player to move there, then the other (e.g. "0,1 1,0").
        #[arg(long, value_name = "LABELS", allow_hyphen_values = true)]
        moves: String,
        /// Write the game file here (`-` = stdout).
        #[arg(long, default_value = "-", value_name = "FILE")]
        out: PathBuf,
        /// The game's name (default: the name in GAME).
        #[arg(long)]
        name: Option<String>,
    },
    /// The certificate of a game's starting position, joined from the certificates of
    /// the games after one move each.
    #[command(
        after_help = "Example (Maker wins tic-tac-toe after the centre, whatever \
        Breaker answers):\n  \
        amoba game after data/games/tictactoe.game --moves 1,1 --out centre.game\n  \
        amoba solve centre.game --moves --move-certificates replies\n  \
        amoba game join centre.game --dir replies --out centre.strategy\n  \
        amoba verify --strategy centre.game centre.strategy"
    )]
    Join(super::game_join::JoinArgs),
    /// Cells, sets, set sizes, first player, and the blocking power of a game file.
    Info(super::game_info::InfoArgs),
    /// The blocking power and counting bound of a sub-board known only by the sizes
    /// of its sets (each taken to be a segment of a line) and its number of cells.
    #[command(
        after_help = "Example (the dissertation's 12-cell tile of 8-in-a-row):\n  \
        amoba game power --sizes 2,2,3,3,3,3,4,4,4 --cells 12"
    )]
    Power(super::game_info::PowerArgs),
}

/// What every generator takes besides its geometry.
#[derive(clap::Args)]
pub struct OutArgs {
    /// Write the game file here (`-` = stdout).
    #[arg(long, default_value = "-", value_name = "FILE")]
    pub out: PathBuf,
    /// Who moves first.
    #[arg(long, default_value = "maker", value_parser = ["maker", "breaker"])]
    pub first: String,
    /// The game's name (default: strip4-N, strip7tr-N, rectangle-WxH-kK, torus-BOARD).
    #[arg(long)]
    pub name: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (recipe, out) = match args.command {
        Sub::Info(a) => return super::game_info::info(&a),
        Sub::Join(a) => return super::game_join::run(&a),
        Sub::Power(a) => return super::game_info::power(&a),
        Sub::After {
            file,
            moves,
            out,
            name,
        } => return after(&file, &moves, &out, name.as_deref()),
        Sub::Strip4 { n, out } => (Recipe::StripDissertation { n }, out),
        Sub::Strip7tr { n, out } => (Recipe::Strip7tr { n }, out),
        Sub::Rectangle {
            width,
            height,
            k,
            directions,
            out,
        } => {
            let directions =
                generate::parse_directions(&directions).map_err(|e| anyhow::anyhow!("--{e}"))?;
            let r = Recipe::Rectangle {
                width,
                height,
                k,
                directions,
            };
            (r, out)
        }
        Sub::Torus { board, out } => {
            let b = (board.load()).map_err(|e| anyhow::anyhow!("--board: {e:#}"))?;
            let (d, l) = (board.directions.as_deref(), board.lattice.as_deref());
            (Recipe::torus(b, d, l, board.name()), out)
        }
    };
    let first = if out.first == "breaker" {
        Side::Breaker
    } else {
        Side::Maker
    };
    let (game, comments) =
        (recipe.finished(out.name.as_deref(), first)).map_err(|e| anyhow::anyhow!("--{e}"))?;
    amoba::core::io::write_atomic(&out.out, |w| file::write_commented(&game, &comments, w))?;
    Ok(ExitCode::SUCCESS)
}

/// `amoba game after`: the game of `path` from the position `moves` reach
/// ([`generate::after_finished`]).
fn after(path: &Path, moves: &str, out: &Path, name: Option<&str>) -> anyhow::Result<ExitCode> {
    let game = file::read(path)?;
    let (started, comments) =
        generate::after_finished(&game, &path.display().to_string(), moves, name)
            .map_err(|e| anyhow::anyhow!("--{e}"))?;
    amoba::core::io::write_atomic(out, |w| file::write_commented(&started, &comments, w))?;
    Ok(ExitCode::SUCCESS)
}
