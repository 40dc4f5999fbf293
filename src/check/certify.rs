//! Certification: the one path by which an engine's find becomes a result. Every
//! pairing or placement a search reports passes through here before it is printed,
//! written or counted as found; the checkers it calls ([`crate::check::pairing`],
//! [`crate::check::placement`]) share no code with the engines.
//!
//! # What it decides
//!
//! * [`placement`]: the text of a periodic t-placement (FORMATS.md, *Placement files*)
//!   is read back by the placement checker's own reader and checked against the game
//!   (docs/spec.md §10); [`Need::Good`] asks that every winning set be blocked,
//!   [`Need::Tight`] that every one be blocked exactly once.
//! * [`pairing`]: the codes of a pairing on a board are analysed by the pairing
//!   checker's own geometry (docs/spec.md §2, §8); it must be good.
//!
//! A rejection is a bug in the engine, never a verdict about the question: the error
//! ([`CertifyError`]) carries the checker's report so that the bug can be seen, and
//! the commands stop with exit 2 on it.
//!
//! # Cost
//!
//! One check of a placement is linear in the cells of its period and the winning sets
//! through them; one check of a pairing is linear in the board's cells and lines.

use crate::check::pairing::{Geometry, VerifyError, analyse};
use crate::check::placement::{self as checker, PlacementReport};
use crate::core::board::Board;

/// What the checker must find in a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Every winning set blocked (a covering may block some twice).
    Good,
    /// Every winning set blocked exactly once.
    Tight,
}

impl Need {
    /// The word of the message: `good`, `tight`.
    fn word(self) -> &'static str {
        match self {
            Need::Good => "good",
            Need::Tight => "tight",
        }
    }
}

/// Why a find could not be certified.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// The checker could not read or set up the find (a malformed text, a board its
    /// geometry refuses).
    #[error(transparent)]
    Check(#[from] VerifyError),
    /// The checker read the placement and does not find what the engine claims.
    #[error(
        "the search returned a placement the checker does not find {need}:\n{report}",
        need = .need.word(),
        report = .report.to_text("(found)")
    )]
    Placement {
        /// What was claimed.
        need: Need,
        /// The checker's report.
        report: Box<PlacementReport>,
    },
    /// The checker finds the pairing not good.
    #[error("the search reported a pairing on {lattice} that the verifier rejects: {pairing}")]
    Pairing {
        /// The board's lattice, as text.
        lattice: String,
        /// The pairing's codes, as text.
        pairing: String,
    },
}

/// The checker's report on a placement's `text` for the game (named `(found)` in it).
///
/// *Errors*: [`CertifyError::Check`] when the text does not read as a placement or the
/// game is refused.
pub fn report(text: &str, game: &checker::Game) -> Result<PlacementReport, CertifyError> {
    let parsed = checker::parse_placement("(found)", text)?;
    Ok(checker::check_placement("(found)", &parsed, game)?)
}

/// `text`, once the placement checker finds it a `need` placement of `game`.
///
/// *Errors*: [`CertifyError::Check`] as [`report`]; [`CertifyError::Placement`] when
/// the checker does not find it `need`.
pub fn placement(text: String, game: &checker::Game, need: Need) -> Result<String, CertifyError> {
    let report = report(&text, game)?;
    let ok = match need {
        Need::Good => report.good,
        Need::Tight => report.tight,
    };
    if !ok {
        return Err(CertifyError::Placement {
            need,
            report: Box::new(report),
        });
    }
    Ok(text)
}

/// Accepts the pairing `text` (one code per cell, FORMATS.md) on `board` when the
/// pairing checker finds it good; `lattice` names the board in the message.
///
/// *Errors*: [`CertifyError::Check`] when the checker's geometry refuses the board;
/// [`CertifyError::Pairing`] when the pairing is not good (an unknown character is a
/// code no cell has, so it is not good either).
pub fn pairing(board: &Board, lattice: &str, text: &str) -> Result<(), CertifyError> {
    let geom = Geometry::new(board)?;
    let codes: Vec<u8> = text
        .chars()
        .map(|c| crate::core::board::pairing::char_code(c).unwrap_or(u8::MAX))
        .collect();
    if !analyse(&geom, &codes).good {
        return Err(CertifyError::Pairing {
            lattice: lattice.to_string(),
            pairing: text.to_string(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four(k: usize, t: usize) -> checker::Game {
        checker::Game {
            directions: vec![[1, 0], [0, 1], [1, 1], [1, -1]],
            k,
            t: Some(t),
        }
    }

    #[test]
    fn a_placement_that_blocks_nothing_is_refused_with_the_report() {
        // One domino on the 2×2 torus cannot block every winning set of 7-in-a-row.
        let text = "lattice 2,0 0,2\n0,0:a 1,0:b\n0,1:a 1,1:b\n";
        let refused = placement(text.into(), &four(7, 2), Need::Good);
        match refused {
            Err(e @ CertifyError::Placement { .. }) => {
                assert!(e.to_string().starts_with(
                    "the search returned a placement the checker does not find good:\n"
                ));
            }
            Err(CertifyError::Check(e)) => panic!("unexpected read error: {e}"),
            other => panic!("expected a refusal, found {other:?}"),
        }
    }

    #[test]
    fn malformed_text_is_a_check_error() {
        assert!(matches!(
            placement("lattice x".into(), &four(5, 2), Need::Tight),
            Err(CertifyError::Check(_))
        ));
    }
}
