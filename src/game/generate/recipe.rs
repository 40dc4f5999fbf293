//! The recipe of a generated game ([`Recipe`]): which generator with which arguments,
//! what it says about the game, and the command that makes it again, for the comment
//! lines that open a game file.

use super::*;

/// A game `amoba game` makes: which generator with which arguments, what it says about
/// the game, and the command that makes it, for the comment lines that open the file.
#[derive(Clone, Debug)]
pub enum Recipe {
    /// [`strip_dissertation`]`(n)`.
    StripDissertation {
        /// Columns.
        n: usize,
    },
    /// [`strip_7tr`]`(n)`.
    Strip7tr {
        /// Columns.
        n: usize,
    },
    /// [`rectangle`]`(width, height, k, directions)`.
    Rectangle {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Cells in a winning set.
        k: usize,
        /// The directions of the lines.
        directions: Vec<(i64, i64)>,
    },
    /// [`torus`]`(board)`.
    Torus {
        /// The board.
        board: Box<Board>,
        /// The options that name it on the command line, e.g. `--board square9`.
        options: Vec<String>,
    },
}

impl Recipe {
    /// The game.
    ///
    /// # Errors
    ///
    /// The generator's [`GenerateError`].
    pub fn make(&self) -> Result<Game, GenerateError> {
        match self {
            Recipe::StripDissertation { n } => strip_dissertation(*n),
            Recipe::Strip7tr { n } => strip_7tr(*n),
            Recipe::Rectangle {
                width,
                height,
                k,
                directions,
            } => rectangle(*width, *height, *k, directions),
            Recipe::Torus { board, .. } => torus(board),
        }
    }

    /// One line saying what the game is and where it comes from.
    pub fn about(&self) -> String {
        match self {
            Recipe::StripDissertation { n } => format!(
                "The 4×{n} strip of L. Győrffy's dissertation (University of Szeged, 2019, ch. 6.2)"
            ),
            Recipe::Strip7tr { n } => format!(
                "The (4, {n}, 7^tr) strip of Czifra, Csóka, Zombori, Makay, \"Towards solving \
                 the 7-in-a-row game\" (IEEE CoG 2021)"
            ),
            Recipe::Rectangle {
                width,
                height,
                k,
                directions,
            } => format!(
                "Maker–Breaker {k}-in-a-row on the {width}×{height} rectangle, directions {}",
                vectors(directions)
            ),
            Recipe::Torus { board, .. } => format!(
                "The lines of board {} on its torus, each cut into windows of {} cells ({})",
                board.name(),
                board.k(),
                board.info().description
            ),
        }
    }

    /// The arguments of `amoba game` that make the game (the directions of a
    /// rectangle only when they are not [`FOUR_DIRECTIONS`]).
    pub fn arguments(&self) -> Vec<String> {
        let mut v: Vec<String> = match self {
            Recipe::StripDissertation { n } => vec!["strip4".into(), "--n".into(), n.to_string()],
            Recipe::Strip7tr { n } => vec!["strip7tr".into(), "--n".into(), n.to_string()],
            Recipe::Rectangle {
                width,
                height,
                k,
                directions,
            } => {
                let mut v: Vec<String> = ["rectangle", "--width", &width.to_string()]
                    .into_iter()
                    .chain(["--height", &height.to_string(), "--k", &k.to_string()])
                    .map(String::from)
                    .collect();
                if directions[..] != FOUR_DIRECTIONS {
                    v.extend(["--directions".into(), vectors(directions)]);
                }
                v
            }
            Recipe::Torus { options, .. } => std::iter::once("torus".to_string())
                .chain(options.iter().cloned())
                .collect(),
        };
        v.insert(0, "game".into());
        v
    }

    /// The comment lines that open the file of `game` (made by this recipe, then given
    /// `extra` arguments such as `--name`): [`Recipe::about`], `written by: amoba game
    /// …` (quoted for a POSIX shell, as [`crate::core::provenance::command_line`]), and the
    /// [`summary`](crate::game::file::summary).
    pub fn comments(&self, game: &Game, extra: &[String]) -> Vec<String> {
        let words = std::iter::once("amoba".to_string())
            .chain(self.arguments())
            .chain(extra.iter().cloned());
        vec![
            self.about(),
            format!(
                "written by: {}",
                crate::core::provenance::command_line(words)
            ),
            crate::game::file::summary(game),
        ]
    }
}

impl Recipe {
    /// The torus of `board`, named on the command line by `--directions DIRECTIONS
    /// --lattice LATTICE` when both are given, else by `--board NAME`.
    pub fn torus(
        board: Board,
        directions: Option<&str>,
        lattice: Option<&str>,
        name: &str,
    ) -> Recipe {
        let options = match (directions, lattice) {
            (Some(d), Some(l)) => vec![
                "--directions".into(),
                d.into(),
                "--lattice".into(),
                l.into(),
            ],
            _ => vec!["--board".into(), name.into()],
        };
        Recipe::Torus {
            board: Box::new(board),
            options,
        }
    }

    /// The game of this recipe, named `name` (default: its own) with `first` to move,
    /// and the comment lines that open its file ([`Recipe::comments`]), whose command
    /// gives `--first breaker` and `--name` when they are not the defaults.
    ///
    /// # Errors
    ///
    /// The generator's [`GenerateError`], or a name that is not a valid game name.
    pub fn finished(
        &self,
        name: Option<&str>,
        first: Side,
    ) -> Result<(Game, Vec<String>), GenerateError> {
        let game = renamed(self.make()?, name, first)?;
        let mut extra: Vec<String> = Vec::new();
        if first == Side::Breaker {
            extra.extend(["--first".into(), "breaker".into()]);
        }
        if let Some(name) = name {
            extra.extend(["--name".into(), name.into()]);
        }
        let comments = self.comments(&game, &extra);
        Ok((game, comments))
    }
}

/// Vectors as `1,0 0,1`.
fn vectors(v: &[(i64, i64)]) -> String {
    let t: Vec<String> = v.iter().map(|(x, y)| format!("{x},{y}")).collect();
    t.join(" ")
}
