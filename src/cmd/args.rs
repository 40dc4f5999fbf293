//! The options by which commands name what they work on: a board ([`BoardArgs`]:
//! `--board NAME|FILE`, or an inline board by `--directions` and `--lattice`) or a
//! game of placements ([`GameArgs`]: `--t`, `--k`, `--directions`).

/// The help text of `--board`: the names of the boards this build knows, or a board
/// file.
pub fn board_help() -> String {
    format!(
        "Board: {}, or a board file (*.toml; docs/spec.md appendix A, FORMATS.md) \
         [default: square9]",
        amoba::core::board::Board::NAMES.join(", ")
    )
}

/// The board named on the command line.
pub fn board(name: &str) -> anyhow::Result<amoba::core::board::Board> {
    Ok(amoba::core::board::Board::by_name(name)?)
}

/// How every command takes its board: `--board NAME|FILE`, or an inline game
/// `--directions "1,0 0,1 1,2 2,1" --lattice "8,0 0,8"` (k = 2n + 1, point group
/// computed; see [`amoba::core::board::builtin::inline`]).
#[derive(clap::Args, Clone, Debug)]
pub struct BoardArgs {
    #[arg(long, value_name = "NAME|FILE", help = board_help(),
          conflicts_with_all = ["directions", "lattice"])]
    pub board: Option<String>,
    /// The directions of an inline board, e.g. "1,0 0,1 1,2 2,1" (k = 2n + 1); with
    /// `verify --placements` they may come alone (a placement file has its lattice).
    #[arg(long, value_name = "VECTORS")]
    pub directions: Option<String>,
    /// The period lattice of an inline board, as basis vectors, e.g. "8,0 0,8"; needs
    /// --directions, except for the placements of search, enumerate and scan (--t).
    #[arg(long, value_name = "VECTORS")]
    pub lattice: Option<String>,
}

impl BoardArgs {
    /// A built-in board or board file by name.
    pub fn named(name: &str) -> BoardArgs {
        BoardArgs {
            board: Some(name.into()),
            directions: None,
            lattice: None,
        }
    }

    /// The board these options describe.
    pub fn load(&self) -> anyhow::Result<amoba::core::board::Board> {
        match (&self.directions, &self.lattice) {
            (Some(d), Some(l)) => Ok(amoba::core::board::builtin::inline(d, l)?),
            (Some(_), None) => anyhow::bail!(
                "--directions: an inline board needs --lattice too (only `verify \
                 --placements` takes directions alone)"
            ),
            (None, Some(_)) => anyhow::bail!("--lattice: an inline board needs --directions too"),
            _ => board(self.name()),
        }
    }

    /// The board named by `--board`, or the default board, square9.
    pub fn name(&self) -> &str {
        self.board.as_deref().unwrap_or(DEFAULT_BOARD)
    }

    /// Does the command line name the game (`--board`, `--directions`)? Where it does
    /// not, `verify --placements` takes the game a placement file records.
    pub fn explicit(&self) -> bool {
        self.board.is_some() || self.directions.is_some()
    }
}

/// The board of a command given none: square9, the game of 9-in-a-row.
pub const DEFAULT_BOARD: &str = "square9";

/// The game of a placement command: `t`, `k` and the directions.
#[derive(clap::Args)]
pub struct GameArgs {
    /// Most cells in a cookie.
    #[arg(long, value_name = "T")]
    pub t: usize,
    /// Cells in a winning set.
    #[arg(long, value_name = "K")]
    pub k: usize,
    /// The winning directions (plane vectors).
    #[arg(long, default_value = amoba::placement::setup::FOUR_DIRECTIONS, value_name = "VECTORS")]
    pub directions: String,
}

impl GameArgs {
    /// The game, once `t`, `k` and the directions are checked
    /// ([`amoba::placement::setup::game`]).
    pub fn game(&self) -> anyhow::Result<amoba::placement::cookie::Game> {
        Ok(amoba::placement::setup::game(
            &self.directions,
            self.k,
            self.t,
        )?)
    }
}
