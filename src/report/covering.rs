//! The lines `amoba covering` prints (and `amoba search --t` when the placements
//! need not be tight): one per lattice searched, saying what the covering search of
//! [`crate::placement::engine::cover_on`] concluded there, then either the placement
//! found or a count of the lattices without one, and whether that count is a proof
//! (it is when every irreducible cookie was searched, [`Kinds::complete`]). The
//! [`Tally`] of the lattices searched becomes the command's [`Answer`], with the facts
//! of its JSON document ([`crate::report::search_doc`]).

use crate::core::board::lattice::Lattice;
use crate::core::text::counted;
use crate::core::verdict::Verdict;
use crate::placement::engine::{Kinds, Searched};
use crate::report::search_doc::{Answer, Engine, Facts, LatticeEntry, Object, Question, Said};

/// The lattices searched so far: how many without a placement, those where there is
/// none and those left undecided, and an entry for each.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Lattices with no placement.
    pub none: usize,
    /// Lattices undecided within the conflicts.
    pub unknown: usize,
    /// Each lattice searched, in order.
    pub entries: Vec<LatticeEntry>,
}

impl Tally {
    /// The line of `lattice` after its search `searched` (with the cookies of
    /// `kinds`), counted when it found nothing.
    pub fn line(&mut self, lattice: &Lattice, searched: &Searched, kinds: &Kinds) -> String {
        let conflicts = searched.stats.conflicts;
        (self.entries).push(LatticeEntry::of_conflicts(
            lattice,
            &searched.verdict,
            conflicts,
        ));
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

impl Tally {
    /// The answer of the covering search with the cookies of `kinds` over `lattices`
    /// lattices (`question`: one lattice, or a scan of an index range), now that it
    /// has ended with the first placement found, `first`, if any (announced as
    /// following on standard output when `follows`): exit 0 with the placement, else
    /// 1 with the [`Tally::summary`].
    pub fn answer(
        self,
        kinds: &Kinds,
        question: Question,
        lattices: usize,
        first: Option<String>,
        follows: bool,
    ) -> Answer {
        let (answer, proved) = match (&first, self.unknown) {
            (Some(_), _) => (Said::Found, true),
            (None, 0) => (Said::None, kinds.complete()),
            (None, _) => (Said::Unknown, false),
        };
        let (text, status) = match first {
            Some(_) => (found_line(kinds, follows), 0),
            None => (self.summary(lattices, kinds), 1),
        };
        let facts = Facts {
            lattices_total: Some(lattices),
            ..facts(kinds, Engine::Covering, question).saying(answer, proved)
        };
        Answer {
            text: format!("{text}\n"),
            product: first,
            status,
            facts: Facts {
                lattices: self.entries,
                ..facts
            },
            ..Answer::default()
        }
    }
}

/// The answer when the census says alone that no good placement exists: the best
/// cookies of `kinds` block too few winning sets per cell (exit 1, a proof).
pub fn below(kinds: &Kinds, question: Question) -> Answer {
    let facts = facts(kinds, Engine::Counting, question).saying(Said::None, true);
    Answer {
        text: format!("{}\n", crate::report::tight::below(&kinds.cookies)),
        status: 1,
        facts,
        ..Answer::default()
    }
}

/// The facts every answer of the covering search starts from.
fn facts(kinds: &Kinds, engine: Engine, question: Question) -> Facts {
    let (game, t) = (&kinds.cookies.game, kinds.cookies.t);
    Facts::placements(Object::Placement, engine, question, game, t)
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
