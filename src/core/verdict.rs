//! The verdict of one search: what an engine concluded about one question (one lattice,
//! one square of the plane, one board), shared by the engines so that the commands
//! print, count and exit on the same three cases.
//!
//! # What it says
//!
//! A search for an object (a pairing, a placement) ends in one of three ways:
//!
//! * **found** — the object, which the engine has already passed through the
//!   independent checker (`crate::check::certify`): a verdict never carries an object
//!   the checker has not accepted;
//! * **none** — the search ran to its end without one. `complete` says whether it
//!   looked at every candidate, so that "none" is a proof for the question asked
//!   (the exact cover of every piece over one lattice, the formula over every
//!   irreducible cookie), or only at a restricted set of candidates (the cookies that
//!   pay for their cells), so that "none" proves nothing beyond that set. The
//!   `evidence` is the engine's own account of where and how: the nodes of an
//!   exhaustive search, a winning set no candidate blocks, the size of an
//!   unsatisfiable formula;
//! * **unknown** — a limit stopped the search first ([`Limit`]: which resource, and
//!   how much of it was spent). Nothing follows from it.
//!
//! # Invariants
//!
//! `Found` holds checked objects only; `None { complete: true, .. }` is a proof about
//! the whole question; `Unknown` is never turned into either of the others by a caller.
//!
//! # Adoption
//!
//! The placement engine (`crate::placement::engine`) returns it for one lattice of a
//! tight search and one lattice of a covering search, and the pairing scan
//! (`crate::pairing::scan::Existence`) for one lattice of a scan: the pairing found,
//! none by an exhaustive search of so many nodes, unknown at the node limit.
//!
//! The Maker–Breaker search keeps its own answer (`crate::game::solve::Outcome`): a
//! game's question is two-sided, and "Maker wins" and "Breaker wins" are both proofs
//! with a winning strategy, neither of them the "none" of a failed search. It reads
//! as a verdict through `crate::game::decide::Answer::verdict`: `Found(side)` for a
//! decided game, `Unknown(Limit)` with the nodes spent at the node limit, never
//! `None`. A new engine should return a `Verdict` from the start.

/// What one search concluded: `T` the object found, `E` the engine's evidence for
/// "none".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<T, E> {
    /// An object, accepted by the independent checker.
    Found(T),
    /// None: `complete` when every candidate was searched (a proof for the question
    /// asked), else only a restricted set of them; `evidence` says where and how.
    None {
        /// Every candidate searched: the "none" is a proof.
        complete: bool,
        /// The engine's account of the search.
        evidence: E,
    },
    /// Undecided: the limit stopped the search.
    Unknown(Limit),
}

impl<T, E> Verdict<T, E> {
    /// The object found, if any.
    pub fn found(&self) -> Option<&T> {
        match self {
            Verdict::Found(t) => Some(t),
            _ => None,
        }
    }

    /// Is this an undecided verdict?
    pub fn is_unknown(&self) -> bool {
        matches!(self, Verdict::Unknown(_))
    }
}

impl<T> Verdict<T, u64> {
    /// The verdict of an exhaustive search counted in nodes: `found` when it found
    /// one; else none, proved, with the nodes searched as evidence — unless a node
    /// limit cut the search (`cut`), which leaves it unknown after `nodes` nodes.
    pub fn of_search(found: Option<T>, cut: bool, nodes: u64) -> Self {
        match found {
            Some(t) => Verdict::Found(t),
            None if cut => Verdict::Unknown(Limit {
                unit: Unit::Nodes,
                spent: nodes,
            }),
            None => Verdict::None {
                complete: true,
                evidence: nodes,
            },
        }
    }
}

/// The resource whose limit stopped a search, and how much of it was spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// What was counted.
    pub unit: Unit,
    /// How much was spent (the limit, or a little more when a step overshoots it).
    pub spent: u64,
}

/// What a search limit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Nodes of a backtracking search (dancing links, proof numbers).
    Nodes,
    /// Conflicts of a SAT solver.
    Conflicts,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_and_unknown_are_told_apart() {
        let found: Verdict<u8, ()> = Verdict::Found(3);
        assert_eq!(found.found(), Some(&3));
        assert!(!found.is_unknown());
        let unknown: Verdict<u8, ()> = Verdict::Unknown(Limit {
            unit: Unit::Nodes,
            spent: 10,
        });
        assert_eq!(unknown.found(), None);
        assert!(unknown.is_unknown());
        let none: Verdict<u8, ()> = Verdict::None {
            complete: true,
            evidence: (),
        };
        assert_eq!(none.found(), None);
        assert!(!none.is_unknown());
    }
}
