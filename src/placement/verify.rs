//! `amoba verify --placements`, as a library: which game each placement file is checked
//! against, and the JSON document of a run (docs/schemas/placements.schema.json).
//! The command line and the explorer (`amoba serve`, its placement page) both check
//! placements here, so that they give the same verdicts by construction.
//!
//! The game: the options' game (a board's directions and `k`, `t` given or not) when
//! the options name one explicitly or the file records no directions; else the game the
//! file records (its `directions`, `k` and `t` lines); `k` and `t` given as options
//! override what the file records ([`GameChoice`]).

use crate::check::exit_code;
use crate::check::pairing::VerifyError;
use crate::check::placement::{Game, Placement, PlacementReport, Recorded, check_placement};
use crate::core::board::Board;
use crate::core::provenance::Provenance;
use serde::Serialize;

/// Why a game cannot be the one checked against.
#[derive(Debug, thiserror::Error)]
pub enum PlacementError {
    /// The placement is malformed or cannot be tiled (the message names the line).
    #[error(transparent)]
    Verify(#[from] VerifyError),
    /// `k` or `t` out of range, a board that is not 2-D, a recorded game without `k`.
    #[error("{0}")]
    Game(String),
    /// As [`PlacementError::Game`], for the game of one file (its name first).
    #[error("{file}: {message}")]
    FileGame {
        /// The file.
        file: String,
        /// Why.
        message: String,
    },
}

/// The game, once `k` and `t` are in range (the limits of the games of cookies).
///
/// # Errors
///
/// `k < 2`, `t = 0`, or `k`, `t` or a direction beyond the limits of
/// [`crate::placement::cookie::Game::check`].
pub fn checked_game(
    directions: Vec<[i64; 2]>,
    k: usize,
    t: Option<usize>,
) -> Result<Game, PlacementError> {
    if k < 2 {
        return Err(PlacementError::Game(format!("--k {k}: expected k ≥ 2")));
    }
    if t == Some(0) {
        return Err(PlacementError::Game("--t 0: expected t ≥ 2".into()));
    }
    crate::placement::cookie::Game {
        directions: directions.clone(),
        k,
    }
    .check(Some(t.unwrap_or(2)))
    .map_err(|e| PlacementError::Game(e.to_string()))?;
    Ok(Game { directions, k, t })
}

/// The game of a board: its directions (which must be plane vectors), `k` (the board's
/// unless given) and `t`.
///
/// # Errors
///
/// A board that is not 2-D; those of [`checked_game`].
pub fn board_game(
    board: &Board,
    k: Option<usize>,
    t: Option<usize>,
) -> Result<Game, PlacementError> {
    let directions = board
        .directions()
        .iter()
        .map(|v| match v.as_slice() {
            [x, y] => Ok([*x, *y]),
            _ => Err(PlacementError::Game(format!(
                "board {}: placements are checked in the plane, expected a 2-D board, found \
                 directions of dimension {}",
                board.name(),
                v.len()
            ))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    checked_game(directions, k.unwrap_or(board.k()), t)
}

/// What the options say about the game (module docs).
#[derive(Clone, Debug)]
pub struct GameChoice {
    /// The options' game (a board's or `--directions`'), or the default board's.
    pub options: Game,
    /// Whether the options name a game (a board or directions) explicitly: then it is
    /// used even for a file that records its own.
    pub explicit: bool,
    /// `k` given as an option.
    pub k: Option<usize>,
    /// `t` given as an option.
    pub t: Option<usize>,
}

impl GameChoice {
    /// The game one file is checked against, and whether it is the one the file
    /// records.
    ///
    /// # Errors
    ///
    /// A file that records its directions but not `k` (and no `k` option); those of
    /// [`checked_game`].
    pub fn for_file(&self, recorded: &Recorded) -> Result<(bool, Game), PlacementError> {
        let t = self.t.or(recorded.t);
        match (self.explicit, &recorded.directions) {
            (false, Some(directions)) => {
                let Some(k) = self.k.or(recorded.k) else {
                    return Err(PlacementError::Game(
                        "the file records its directions but not k: expected a `k` line or --k"
                            .into(),
                    ));
                };
                Ok((true, checked_game(directions.clone(), k, t)?))
            }
            _ => Ok((
                false,
                checked_game(self.options.directions.clone(), self.options.k, t)?,
            )),
        }
    }

    /// Reads the placement `text` (called `file` in messages) and checks it against its
    /// game: the placement, whether the game is the one the file records, the report.
    ///
    /// # Errors
    ///
    /// A malformed placement (naming the line), a placement whose cookies do not tile
    /// the plane, the errors of [`GameChoice::for_file`] (prefixed with the file).
    pub fn check(&self, file: &str, text: &str) -> Result<Checked, PlacementError> {
        let placement = crate::check::placement::parse_placement(file, text)?;
        let (own_game, game) =
            self.for_file(&placement.recorded)
                .map_err(|e| PlacementError::FileGame {
                    file: file.to_string(),
                    message: e.to_string(),
                })?;
        let report = check_placement(file, &placement, &game)?;
        Ok(Checked {
            placement,
            own_game,
            report,
        })
    }
}

/// One placement read and checked.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The placement read.
    pub placement: Placement,
    /// Whether it was checked against the game it records.
    pub own_game: bool,
    /// The verdict.
    pub report: PlacementReport,
}

/// One input of `amoba verify --placements --json`: its report, or why it has none.
#[derive(Clone, Debug, Serialize)]
pub struct PlacementInput {
    /// The file, as named (`<stdin>` for standard input).
    pub file: String,
    /// The verdict, when the file is a well-formed placement.
    pub report: Option<PlacementReport>,
    /// Why it is not, else null.
    pub error: Option<String>,
}

/// The document of `amoba verify --placements --json` (`amoba-verify-placements`).
#[derive(Clone, Debug, Serialize)]
pub struct PlacementsDoc {
    /// The shared provenance block.
    pub provenance: Provenance,
    /// One entry per file, in order.
    pub inputs: Vec<PlacementInput>,
    /// Well-formed placements checked.
    pub placements: usize,
    /// Of them, good.
    pub good: usize,
    /// Of them, not good.
    pub not_good: usize,
    /// Files that were malformed or unreadable.
    pub malformed: usize,
    /// The exit code of the command (0 all good, 1 some not good, 2 some malformed).
    pub exit_code: u8,
}

impl PlacementsDoc {
    /// The document of `inputs`; `board` names the game (`plane` as soon as one file
    /// was checked against the game it records), `command` the command line.
    pub fn new(board: &str, command: &str, inputs: Vec<PlacementInput>) -> PlacementsDoc {
        let reports = inputs.iter().filter_map(|i| i.report.as_ref());
        let good = reports.clone().filter(|r| r.good).count();
        let placements = reports.count();
        let malformed = inputs.len() - placements;
        PlacementsDoc {
            provenance: Provenance::new(board, command, None)
                .stamped(&crate::core::provenance::PLACEMENTS),
            inputs,
            placements,
            good,
            not_good: placements - good,
            malformed,
            exit_code: exit_code(malformed, good, placements),
        }
    }
}
