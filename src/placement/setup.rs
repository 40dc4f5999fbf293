//! The inputs of a placement question, checked: the game's directions and `k`, the
//! cookie size `t`, a period lattice of the plane or the lattices up to an index that
//! a question searches, the largest square of a plane search, and whether the cookie
//! census is within reach (docs/spec.md §10).
//!
//! Every placement command reads its options through these, so that one rule says
//! what a game of the plane is: directions are non-zero plane vectors, primitive, each
//! line family once (a direction and its negative are the same lines); `t ≥ 2` (a
//! cookie has two non-empty parts) and `k ≥ 2`, within the census's own limits
//! ([`Game::check`]); a lattice is two independent plane vectors. A census whose
//! estimated size ([`Growth::sets`]) is beyond [`CENSUS_BUDGET`] is refused up front
//! unless forced, since it would run for minutes or hours.
//!
//! Errors are [`SetupError`]; each message names the option at fault, as the command
//! line spells it.

use crate::core::board::BoardError;
use crate::core::board::builtin::parse_vectors;
use crate::core::board::directions::{
    Candidate, IndexError, candidates_reporting, check_max_index,
};
use crate::core::board::group::GroupError;
use crate::core::board::lattice::{Lattice, LatticeError, vector_text};
use crate::placement::cookie::{Game, GameError, Growth};

/// Most line-connected sets the cookie census may enumerate without `force`.
pub const CENSUS_BUDGET: f64 = 3e8;

/// Largest square side a plane search takes (the search's own bound).
pub use crate::placement::tight::MAX_SIDE;

/// Why the inputs of a placement question were refused.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// `t < 2`.
    #[error("--t {0}: expected t ≥ 2 (a cookie has two non-empty parts)")]
    T(usize),
    /// `k < 2`.
    #[error("--k {0}: expected k ≥ 2")]
    K(usize),
    /// The vectors of an option do not parse.
    #[error(transparent)]
    Vectors(#[from] BoardError),
    /// A direction is not a non-zero plane vector.
    #[error("--directions: expected non-zero plane vectors x,y, found {0}")]
    NotPlane(String),
    /// A direction is not primitive.
    #[error("--directions: {},{} is not primitive (divide it by its gcd)", .0[0], .0[1])]
    NotPrimitive([i64; 2]),
    /// A line family is listed twice.
    #[error(
        "--directions: {},{} is listed twice (a direction and its negative are the same lines)",
        .0[0],
        .0[1]
    )]
    Twice([i64; 2]),
    /// The lattice is not two plane vectors.
    #[error("--lattice {0:?}: expected two plane vectors, e.g. \"6,0 0,6\"")]
    LatticeShape(String),
    /// The lattice is degenerate or too large.
    #[error("--lattice {text:?}")]
    Lattice {
        /// The option's text.
        text: String,
        /// Why the lattice was refused.
        #[source]
        source: LatticeError,
    },
    /// The game or cookie size is beyond the census's limits.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A covering's floor of sets per cell is not a finite number ≥ 0.
    #[error("--per-cell {0}: expected a number ≥ 0")]
    PerCell(f64),
    /// A plane search's square side out of `1..=MAX_SIDE`.
    #[error("--side {0}: expected 1 ≤ M ≤ {MAX_SIDE}")]
    Side(i64),
    /// Neither a lattice nor a largest index was given.
    #[error("expected --lattice or --max-index")]
    NoLattice,
    /// No question was asked: no lattice, largest index or plane search.
    #[error("expected one of --lattice, --max-index or --plane")]
    NoQuestion,
    /// The largest index is beyond the boards a search handles.
    #[error(transparent)]
    Index(#[from] IndexError),
    /// The symmetries of the directions cannot be computed, so their lattices cannot
    /// be listed up to symmetry.
    #[error(transparent)]
    Group(#[from] GroupError),
    /// The census is estimated beyond [`CENSUS_BUDGET`].
    #[error(
        "the census of line-connected cookies of at most {t} cells for k = {k} would \
         enumerate about {estimate:.1e} sets (about {seconds:.0} s at 10^6 sets per second); \
         --force runs it anyway",
        seconds = .estimate / 1e6
    )]
    Census {
        /// The cookie size.
        t: usize,
        /// The game's `k`.
        k: usize,
        /// The estimated sets.
        estimate: f64,
    },
}

/// The four directions of the plane (rows, columns, both diagonals), as option text:
/// the game of the placement commands unless `--directions` says otherwise.
pub const FOUR_DIRECTIONS: &str = "1,0 0,1 1,1 1,-1";

/// The game of t-placements of k-in-a-row with the `directions` given as option text
/// (`"1,0 0,1 1,1 1,-1"`), once `t`, `k` and the directions are checked.
///
/// *Errors*: [`SetupError::T`], [`SetupError::K`], those of [`plane_directions`], and
/// [`SetupError::Game`] for a game beyond the census's limits.
pub fn game(directions: &str, k: usize, t: usize) -> Result<Game, SetupError> {
    if t < 2 {
        return Err(SetupError::T(t));
    }
    let game = game_of(directions, k)?;
    game.check(Some(t))?;
    Ok(game)
}

/// The game of k-in-a-row with the `directions` given as option text, `k ≥ 2` checked
/// (the census's limits are not: a table checks its largest game instead).
pub fn game_of(directions: &str, k: usize) -> Result<Game, SetupError> {
    if k < 2 {
        return Err(SetupError::K(k));
    }
    Ok(Game {
        directions: plane_directions(directions)?,
        k,
    })
}

/// The `--directions` of a game in the plane: non-zero, primitive, each line family
/// once (a direction and its negative are the same lines).
///
/// *Errors*: the first direction that breaks a rule, named as in the text.
pub fn plane_directions(text: &str) -> Result<Vec<[i64; 2]>, SetupError> {
    let dirs = parse_vectors("--directions", text)?;
    let directions = dirs
        .iter()
        .map(|v| match v.as_slice() {
            [x, y] if (*x, *y) != (0, 0) => Ok([*x, *y]),
            _ => Err(SetupError::NotPlane(vector_text(v))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (i, v) in directions.iter().enumerate() {
        if gcd(v[0], v[1]) != 1 {
            return Err(SetupError::NotPrimitive(*v));
        }
        if directions[..i]
            .iter()
            .any(|u| *u == *v || *u == [-v[0], -v[1]])
        {
            return Err(SetupError::Twice(*v));
        }
    }
    Ok(directions)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// The period lattice of the plane given as `--lattice` text (`"6,0 0,6"`).
///
/// *Errors*: [`SetupError::LatticeShape`] unless two plane vectors;
/// [`SetupError::Lattice`] for a degenerate or too large lattice.
pub fn lattice(text: &str) -> Result<Lattice, SetupError> {
    let basis = parse_vectors("--lattice", text)?;
    if basis.len() != 2 || basis.iter().any(|v| v.len() != 2) {
        return Err(SetupError::LatticeShape(text.into()));
    }
    Lattice::new(&basis).map_err(|source| SetupError::Lattice {
        text: text.into(),
        source,
    })
}

/// The lattice of a question about one lattice: `text` (`--lattice`), when given.
///
/// *Errors*: those of [`lattice`]; [`SetupError::NoQuestion`] when `text` is `None`
/// (no lattice, and no other question asked).
pub fn one_lattice(text: Option<&str>) -> Result<Lattice, SetupError> {
    lattice(text.ok_or(SetupError::NoQuestion)?)
}

/// Every lattice of index `min..=max` up to the symmetries of the directions of `game`,
/// one per orbit (with the orbit's size), by index; `progress(done, total)` is called
/// while they are listed (minutes for indices in the thousands).
///
/// *Errors*: [`SetupError::Index`] for `max` beyond the boards a search handles
/// (checked before anything is listed); [`SetupError::Group`] when the symmetries of
/// the directions cannot be computed.
pub fn candidates(
    game: &Game,
    min: usize,
    max: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<Candidate>, SetupError> {
    check_max_index(max)?;
    let dirs: Vec<Vec<i64>> = game.directions.iter().map(|v| v.to_vec()).collect();
    Ok(candidates_reporting(&dirs, 1, min, max, progress)?)
}

/// The lattices a placement question searches: the lattice `text` (`--lattice`) when
/// given, else every lattice of index `min..=max` ([`candidates`], `--max-index`);
/// `progress(done, total)` is called while they are listed.
///
/// *Errors*: those of [`lattice`] and [`candidates`]; [`SetupError::NoLattice`] when
/// neither `text` nor `max` is given.
pub fn lattices(
    game: &Game,
    text: Option<&str>,
    min: usize,
    max: Option<usize>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<Lattice>, SetupError> {
    match (text, max) {
        (Some(text), _) => Ok(vec![lattice(text)?]),
        (None, Some(max)) => Ok(candidates(game, min, max, progress)?
            .into_iter()
            .map(|c| c.lattice)
            .collect()),
        (None, None) => Err(SetupError::NoLattice),
    }
}

/// Checks the largest square side of a plane search: `1..=MAX_SIDE`.
///
/// *Errors*: [`SetupError::Side`] outside that range.
pub fn side(side: i64) -> Result<(), SetupError> {
    if !(1..=MAX_SIDE).contains(&side) {
        return Err(SetupError::Side(side));
    }
    Ok(())
}

/// Refuses a census of cookies of at most `t` cells of `game` that the estimate puts
/// beyond [`CENSUS_BUDGET`], unless `force`. Constant time (the estimate is a formula).
pub fn reachable_census(game: &Game, t: usize, force: bool) -> Result<(), SetupError> {
    let estimate = Growth::of(game).sets(t);
    if estimate > CENSUS_BUDGET && !force {
        return Err(SetupError::Census {
            t,
            k: game.k,
            estimate,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_searches_the_lattice_given_or_those_up_to_an_index() {
        let game = game("1,0 0,1", 5, 2).unwrap();
        let quiet = &|_, _| {};
        let given = lattices(&game, Some("4,0 0,4"), 1, Some(8), quiet).unwrap();
        assert_eq!(given, vec![lattice("4,0 0,4").unwrap()]);
        let listed = lattices(&game, None, 4, Some(4), quiet).unwrap();
        assert!(listed.iter().all(|l| l.index() == 4) && !listed.is_empty());
        assert!(matches!(
            lattices(&game, None, 1, None, quiet),
            Err(SetupError::NoLattice)
        ));
        assert!(matches!(
            candidates(&game, 1, 5000, quiet),
            Err(SetupError::Index(IndexError(5000)))
        ));
        assert!(matches!(one_lattice(None), Err(SetupError::NoQuestion)));
    }

    #[test]
    fn directions_are_checked_one_rule_at_a_time() {
        assert_eq!(plane_directions("1,0 0,1").unwrap(), vec![[1, 0], [0, 1]]);
        for (text, message) in [
            (
                "2,0 0,1",
                "--directions: 2,0 is not primitive (divide it by its gcd)",
            ),
            (
                "1,0 -1,0",
                "--directions: -1,0 is listed twice (a direction and its negative are the \
                 same lines)",
            ),
            (
                "0,0",
                "--directions: expected non-zero plane vectors x,y, found (0,0)",
            ),
        ] {
            assert_eq!(plane_directions(text).unwrap_err().to_string(), message);
        }
    }

    #[test]
    fn a_degenerate_lattice_names_the_option_and_keeps_the_cause() {
        let e = lattice("2,0 4,0").unwrap_err();
        assert_eq!(e.to_string(), "--lattice \"2,0 4,0\"");
        assert_eq!(
            crate::core::io::error_chain(&e),
            "--lattice \"2,0 4,0\": the basis vectors (2,0), (4,0) are linearly dependent \
             (the lattice is degenerate)"
        );
        assert!(matches!(lattice("6,0"), Err(SetupError::LatticeShape(_))));
        assert_eq!(lattice("6,0 0,6").unwrap().index(), 36);
    }

    #[test]
    fn games_and_sides_out_of_range_are_refused() {
        assert!(matches!(game("1,0 0,1", 5, 1), Err(SetupError::T(1))));
        assert!(matches!(game("1,0 0,1", 1, 3), Err(SetupError::K(1))));
        assert!(game("1,0 0,1", 5, 3).is_ok());
        assert!(side(0).is_err() && side(MAX_SIDE + 1).is_err() && side(MAX_SIDE).is_ok());
    }
}
