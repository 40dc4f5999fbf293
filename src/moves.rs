//! The pairing move (SPEC §5).
//!
//! A move takes a good pairing `P` and a cell `A`:
//!
//! 1. the domino `{A, B}` slides one step along its own line, away from `A`: it becomes
//!    `{B, C}` with `C = B + (B − A)`. `A` is now uncovered and `C` covered twice;
//! 2. while a cell `X ≠ A` is covered twice, the domino that covered `X` *before the
//!    last slide*, `{X, Y}`, slides one step away from `X`: it becomes
//!    `{Y, Y + (Y − X)}`;
//! 3. the chain stops when the newly covered cell is `A`.
//!
//! # Representation
//!
//! The pairing is its codes (one direction code per cell, SPEC §3). A slide of
//! `{X, Y}` away from `X` with `k` the code from `X` to `Y` (so `Y = X + v_k`) makes
//! `Y` point on by the same code `k` to `Z = Y + v_k`, and `Z` point back by the
//! opposite code. The cell `X` keeps its stale code until the chain re-covers it —
//! that is exactly "the domino that covered `X` before the last slide": `Z`'s *old*
//! partner is read from `Z`'s code before it is overwritten. The chain works on the
//! current state throughout, so a domino met twice may slide back, as SPEC §5 says.
//!
//! Every slide keeps its domino on its own line (it moves along the line's
//! direction), so the result has one domino per line again and is a good pairing.
//! SPEC §5 says every chain ends; [`apply_move`] nevertheless bounds the chain (a
//! chain longer than `ncells²` slides would have to revisit a state) and reports
//! [`MoveError::Endless`] rather than loop, and the tests check no chain reaches it.

use crate::board::Board;

/// Why a move could not be completed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The chain did not return to `A` within the bound.
    #[error("the move chain from cell {0} did not end")]
    Endless(usize),
}

/// Applies the move at cell `a` to the good pairing `codes`, in place. Returns the
/// number of slides in the chain.
///
/// *Complexity*: `O(length of the chain)`.
///
/// ```
/// use amoba::board::Board;
/// use amoba::pairing::Pairing;
/// use amoba::moves::apply_move;
/// let b = Board::square9();
/// let first = "0411111504155555041522220435666627333304677773044222733046667710";
/// let mut codes = Pairing::parse_line(&b, first).unwrap().codes().to_vec();
/// apply_move(&b, &mut codes, 0).unwrap();
/// assert!(Pairing::from_codes(codes).is_good(&b));
/// ```
#[inline]
pub fn apply_move(board: &Board, codes: &mut [u8], a: usize) -> Result<usize, MoveError> {
    let nfam = board.nfamilies();
    let ncodes = 2 * nfam;
    let limit = codes.len() * codes.len();
    // The domino {x, y} slides away from x; k is the code from x to y.
    let mut x = a;
    let mut k = codes[a] as usize;
    let mut slides = 0;
    loop {
        let y = board.neighbor(x, k);
        let z = board.neighbor(y, k);
        slides += 1;
        // z's partner before this slide (meaningless when z = a, which is uncovered).
        let old = codes[z] as usize;
        codes[y] = k as u8;
        codes[z] = ((k + nfam) % ncodes) as u8;
        if z == a {
            return Ok(slides);
        }
        if slides > limit {
            return Err(MoveError::Endless(a));
        }
        // z is covered twice; its old domino {z, old partner} slides away from z.
        x = z;
        k = old;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::Pairing;

    #[test]
    fn move_keeps_the_pairing_good_and_is_reversible_somewhere() {
        let b = Board::square9();
        let first = "0411111504155555041522220435666627333304677773044222733046667710";
        let p = Pairing::parse_line(&b, first).unwrap();
        for a in 0..64 {
            let mut codes = p.codes().to_vec();
            apply_move(&b, &mut codes, a).unwrap();
            let q = Pairing::from_codes(codes.clone());
            assert_eq!(q.check(&b), Ok(()), "move at {a}");
            // Some move from the result leads back to P exactly (the relation is symmetric
            // on labelled pairings, not only on classes).
            let back = (0..64).any(|c| {
                let mut r = codes.clone();
                apply_move(&b, &mut r, c).unwrap();
                r == p.codes()
            });
            assert!(back || q == p, "no move undoes the move at {a}");
        }
    }
}
