//! Which engine answers a question about t-placements of k-in-a-row asked through
//! `search`, `enumerate` and `scan` with `--t` (docs/spec.md §10), and what the
//! question's exit status is.
//!
//! The cookie census decides: when the best cookies block exactly one winning set per
//! cell and direction, every good placement is tight and the exact cover of the tight
//! engine answers; when they block more, a good placement may block some sets twice
//! and the covering search answers, which neither takes a node limit nor counts (a
//! covering is not an exact cover and has no census of classes); when they block
//! fewer, the count alone says none exists. The options of a pairing command that mean
//! nothing for placements are refused ([`refuse`]), and so is a board that is not of
//! the plane ([`board_texts`]).

use crate::core::board::Board;
use crate::placement::engine::Kinds;
use crate::placement::setup::FOUR_DIRECTIONS;
use crate::placement::tight::Tightness;

/// Why a question about placements is refused before any search.
#[derive(Debug, thiserror::Error)]
pub enum RouteError {
    /// An option of the pairing command that means nothing for placements.
    #[error("{0} does not apply to placements (--t)")]
    NotForPlacements(String),
    /// `--directions` without `--lattice`.
    #[error("--directions: a placement search needs the period lattice too (--lattice)")]
    NoLattice,
    /// A board that is not of the plane.
    #[error(
        "--board {name}: placements are searched in the plane, expected a board of \
         dimension 2, found {dim}"
    )]
    NotPlane { name: String, dim: usize },
    /// A node limit for the covering search, which counts conflicts instead.
    #[error(
        "--node-limit does not apply here: {t}-placements of {k}-in-a-row need not be \
         tight, and the covering search that answers counts conflicts (`amoba \
         covering --conflicts`)"
    )]
    NodeLimit { t: usize, k: usize },
    /// A count of placements that need not be tight.
    #[error(
        "{t}-placements of {k}-in-a-row need not be tight (the best cookie blocks \
         more than one winning set per cell and direction), so they are not exact \
         covers and are not counted; `amoba search --t {t} --k {k}` finds one"
    )]
    NotCounted { t: usize, k: usize },
}

/// What is asked about the placements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// One good placement on the lattice (`search`), within the node limit if given.
    Find { node_limit: Option<u64> },
    /// Every tight placement on the lattice, counted and classified (`enumerate`).
    Count,
    /// The lattices of index `min..=max`, one per orbit of the directions' symmetries
    /// (`scan`).
    Scan {
        min: usize,
        max: usize,
        node_limit: u64,
    },
}

/// The engine that answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The covering search (`amoba covering`): good placements need not be tight.
    Covering,
    /// The exact cover (`amoba tight`), which also answers by counting alone when
    /// the cookies block too few sets.
    Tight,
}

impl Job {
    /// The engine that answers this job for the `t`-placements of `k`-in-a-row whose
    /// census is `kinds`.
    ///
    /// *Errors*: a node limit or a count asked of the covering search.
    pub fn engine(&self, kinds: &Kinds, t: usize, k: usize) -> Result<Engine, RouteError> {
        if kinds.cookies.tightness != Tightness::Above {
            return Ok(Engine::Tight);
        }
        match self {
            Job::Find {
                node_limit: Some(_),
            } => Err(RouteError::NodeLimit { t, k }),
            Job::Count => Err(RouteError::NotCounted { t, k }),
            Job::Find { .. } | Job::Scan { .. } => Ok(Engine::Covering),
        }
    }

    /// The exit status of the job, from that of the engine that answered (0 found,
    /// 1 none): a scan reports and exits 0 whatever it found, as the scan of
    /// pairings does.
    pub fn status(&self, engine_status: u8) -> u8 {
        match self {
            Job::Scan { .. } if engine_status == 1 => 0,
            _ => engine_status,
        }
    }
}

/// Refuses the options of a pairing command that mean nothing for placements:
/// `given` pairs each option's name with whether it was given.
///
/// *Errors*: the first option given.
pub fn refuse(given: &[(&str, bool)]) -> Result<(), RouteError> {
    match given.iter().find(|(_, on)| *on) {
        Some((name, _)) => Err(RouteError::NotForPlacements(name.to_string())),
        None => Ok(()),
    }
}

/// The game's directions and the lattice, as option text, when `--lattice` gives the
/// lattice (the directions default to the four of the plane); `None` when neither
/// option is given and the board names them.
///
/// *Errors*: `--directions` without `--lattice`.
pub fn given_texts(
    directions: Option<&str>,
    lattice: Option<&str>,
) -> Result<Option<(String, String)>, RouteError> {
    match (directions, lattice) {
        (directions, Some(lattice)) => Ok(Some((
            directions.unwrap_or(FOUR_DIRECTIONS).into(),
            lattice.into(),
        ))),
        (Some(_), None) => Err(RouteError::NoLattice),
        (None, None) => Ok(None),
    }
}

/// The directions and the lattice of `board` (named `name` on the command line) as
/// option text, "x,y x,y".
///
/// *Errors*: a board that is not of the plane.
pub fn board_texts(board: &Board, name: &str) -> Result<(String, String), RouteError> {
    if board.dim() != 2 {
        return Err(RouteError::NotPlane {
            name: name.into(),
            dim: board.dim(),
        });
    }
    let text = |vs: &[Vec<i64>]| {
        vs.iter()
            .map(|v| v.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join(" ")
    };
    Ok((text(board.directions()), text(board.lattice().basis())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scan_exits_0_whatever_it_found() {
        let scan = Job::Scan {
            min: 1,
            max: 4,
            node_limit: 1,
        };
        assert_eq!(scan.status(1), 0);
        assert_eq!(scan.status(2), 2);
        assert_eq!(Job::Count.status(1), 1);
        assert_eq!(Job::Find { node_limit: None }.status(0), 0);
    }

    #[test]
    fn the_first_option_given_is_refused() {
        assert!(refuse(&[("--json", false), ("--shard", false)]).is_ok());
        let e = refuse(&[("--json", false), ("--shard", true), ("--out", true)]);
        assert_eq!(
            e.unwrap_err().to_string(),
            "--shard does not apply to placements (--t)"
        );
    }

    #[test]
    fn a_lattice_names_the_game_and_directions_alone_do_not() {
        let texts = given_texts(None, Some("6,0 0,6")).unwrap();
        assert_eq!(texts, Some((FOUR_DIRECTIONS.into(), "6,0 0,6".into())));
        assert!(matches!(
            given_texts(Some("1,0 0,1"), None),
            Err(RouteError::NoLattice)
        ));
        assert_eq!(given_texts(None, None).unwrap(), None);
    }
}
