//! The lines `amoba covering` prints (and `amoba search --t` when the placements
//! need not be tight): one per lattice searched, saying what the covering search of
//! [`crate::placement::engine::cover_on`] concluded there, then either the placement
//! found or a count of the lattices without one, and whether that count is a proof
//! (it is when every irreducible cookie was searched, [`Kinds::complete`]).

use crate::core::board::lattice::Lattice;
use crate::core::text::counted;
use crate::core::verdict::Verdict;
use crate::placement::engine::{Kinds, Searched};

/// The lattices searched so far without a placement: those where there is none, and
/// those left undecided.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Lattices with no placement.
    pub none: usize,
    /// Lattices undecided within the conflicts.
    pub unknown: usize,
}

impl Tally {
    /// The line of `lattice` after its search `searched` (with the cookies of
    /// `kinds`), counted when it found nothing.
    pub fn line(&mut self, lattice: &Lattice, searched: &Searched, kinds: &Kinds) -> String {
        match searched.none_text(kinds) {
            Some(why) => {
                if searched.verdict.is_unknown() {
                    self.unknown += 1;
                } else {
                    self.none += 1;
                }
                format!("index {:>4}  lattice {lattice}: {why}", lattice.index())
            }
            None => format!("index {:>4}  lattice {lattice}: found", lattice.index()),
        }
    }

    /// The last line when no placement was found on any of `lattices` lattices.
    pub fn summary(&self, lattices: usize, kinds: &Kinds) -> String {
        format!(
            "{} searched: {} without a placement{}, {} undecided",
            counted(lattices as u64, "lattice", "lattices"),
            self.none,
            if kinds.complete() {
                " (proved)"
            } else {
                " from these cookies"
            },
            self.unknown
        )
    }
}

/// The placement found by `searched`, if it found one.
pub fn found(searched: Searched) -> Option<String> {
    match searched.verdict {
        Verdict::Found(placed) => Some(placed.text),
        _ => None,
    }
}

/// The line before the placement found: a good `t`-placement of `k`-in-a-row,
/// followed by a colon when the placement follows on standard output.
pub fn found_line(kinds: &Kinds, on_stdout: bool) -> String {
    format!(
        "a good {}-placement of {}-in-a-row, confirmed by the checker{}",
        kinds.cookies.t,
        kinds.cookies.game.k,
        if on_stdout { ":" } else { "" }
    )
}

/// The note of the cookie types searched.
pub fn types_note(kinds: &Kinds) -> String {
    format!(
        "{} (irreducible, line-connected, at most {} cells, blocking at least {} sets \
         per cell)",
        counted(kinds.types.len() as u64, "cookie type", "cookie types"),
        kinds.cookies.t,
        kinds.per_cell
    )
}
