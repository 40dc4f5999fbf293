//! The answers of `amoba tight`, one per question: what the cookie census says alone,
//! one placement on a lattice, the census of classes on a lattice, a scan over
//! lattices, and squares of growing side in the plane.
//!
//! Each question runs its search ([`placement::engine`](crate::placement::engine),
//! [`placement::tight`](crate::placement::tight)) and returns an [`Answer`]: the text
//! for standard output, a note for standard error, the placement to write and the
//! exit status, all decided here, so that a command only prints them. The placement
//! to write has passed the independent checker first.

use super::{below, count as count_text, found, not_found, pieces, plane as plane_text};
use super::{plane_status, scan_end, scan_line, scan_status};
use crate::check::certify::CertifyError;
use crate::core::board::directions::Candidate;
use crate::core::board::lattice::Lattice;
use crate::core::verdict::Verdict;
use crate::placement::engine::{TightCountError, tight_count, tight_on, tight_scan};
use crate::placement::setup::{self, SetupError};
use crate::placement::tight::{self, Cookies, Cover, NeedNotBeTight, Plane};
use crate::report::search_doc::{
    CensusDoc, Engine, Facts, LatticeEntry, Object, PlaneDoc, Question as Asked, Said,
};
use std::time::Instant;

pub use crate::report::search_doc::Answer;

/// What is asked of tight placements (`amoba tight`, and `search`, `enumerate` and
/// `scan` with `--t`); each search with the node limit given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// One tight placement on the lattice ([`find`]).
    Find(Lattice, u64),
    /// Every tight placement on the lattice, counted and classified ([`count`]).
    Count(Lattice),
    /// The lattices of index `min..=max` up to symmetry ([`scan`]).
    Scan(usize, usize, u64),
    /// Squares of growing side up to this one, in the plane ([`plane`]).
    Plane(i64, u64),
}

impl Question {
    /// The question the options of `amoba tight` ask, each search within `limit`
    /// nodes: squares up to side `plane` (`--plane --side`) if given, else the
    /// lattices of index `scan = (min, max)` (`--min-index`, `--max-index`) if given,
    /// else on the lattice `lattice` (`--lattice`) a count with `count` (`--count`) or
    /// one placement.
    ///
    /// *Errors*: a question about one lattice without a valid one
    /// ([`setup::one_lattice`]).
    pub fn of_options(
        plane: Option<i64>,
        scan: Option<(usize, usize)>,
        count: bool,
        lattice: Option<&str>,
        limit: u64,
    ) -> Result<Question, SetupError> {
        Ok(match (plane, scan) {
            (Some(side), _) => Question::Plane(side, limit),
            (None, Some((min, max))) => Question::Scan(min, max, limit),
            (None, None) if count => Question::Count(setup::one_lattice(lattice)?),
            (None, None) => Question::Find(setup::one_lattice(lattice)?, limit),
        })
    }
}

impl Question {
    /// The question in the words of the JSON document.
    pub fn asked(&self) -> Asked {
        match self {
            Question::Find(..) => Asked::Find,
            Question::Count(..) => Asked::Count,
            Question::Scan(..) => Asked::Scan,
            Question::Plane(..) => Asked::Plane,
        }
    }
}

/// What the cookie census says before any search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ByCounting {
    /// No good placement exists: the best cookies block fewer winning sets per cell
    /// than there are directions ([`below`], exit 1).
    None(Box<Answer>),
    /// Every good placement is tight, so a search answers; the note names the pieces.
    Tight(String),
}

/// What the census of `cookies` says alone, asked `question`: none by counting (no good
/// placement at all, so the answer holds for the whole plane whatever was asked), or
/// tight pieces.
///
/// *Errors*: [`NeedNotBeTight`] when the best cookies block more than one winning set
/// per cell and direction (good placements need not be exact covers).
pub fn by_counting(cookies: &Cookies, question: &Question) -> Result<ByCounting, NeedNotBeTight> {
    if !cookies.exact_cover()? {
        let (game, t, asked) = (&cookies.game, cookies.t, question.asked());
        let facts = Facts::placements(Object::Placement, Engine::Counting, asked, game, t);
        let facts = facts.saying(Said::None, true);
        return Ok(ByCounting::None(Box::new(Answer {
            text: format!("{}\n", below(cookies)),
            status: 1,
            facts,
            ..Answer::default()
        })));
    }
    Ok(ByCounting::Tight(pieces(cookies)))
}

/// One tight placement of `cookies` on `lattice`, searched with at most `node_limit`
/// nodes: the placement (exit 0, with a note of the nodes and seconds the search
/// took), or the sentence of none (exit 1): exhaustive on this lattice only, or not
/// known when the node limit stopped the search.
///
/// *Errors*: the checker rejects the placement found (an engine bug).
pub fn find(lattice: &Lattice, cookies: &Cookies, node_limit: u64) -> Result<Answer, CertifyError> {
    let board = Cover::new(lattice, cookies);
    let start = Instant::now();
    let (verdict, stats) = tight_on(&board, Some(node_limit))?;
    let seconds = start.elapsed().as_secs_f64();
    let entry = LatticeEntry::of_nodes(lattice, None, &verdict, stats.nodes);
    let facts = facts(cookies, Engine::Tight, Asked::Find).on_one_lattice(entry);
    if let Verdict::Found(text) = verdict {
        return Ok(Answer {
            note: Some(found(lattice, stats.nodes, seconds)),
            product: Some(text),
            facts,
            ..Answer::default()
        });
    }
    let stopped = matches!(verdict, Verdict::Unknown(_));
    Ok(Answer {
        text: format!("{}\n", not_found(lattice, cookies, stopped, stats.nodes)),
        status: 1,
        facts,
        ..Answer::default()
    })
}

/// Every tight placement of `cookies` on `lattice` counted and classified: the census
/// (with a line announcing the least class when it follows on standard output,
/// `class_follows`), the least class to write, exit 0, or exit 1 when there is none.
/// `progress(classes so far)` is called now and then; the note gives the seconds.
///
/// *Errors*: those of [`tight_count`].
pub fn count(
    lattice: &Lattice,
    cookies: &Cookies,
    class_follows: bool,
    progress: &mut dyn FnMut(u64),
) -> Result<Answer, TightCountError> {
    let board = Cover::new(lattice, cookies);
    let start = Instant::now();
    let counted = tight_count(&board, progress)?;
    let seconds = start.elapsed().as_secs_f64();
    let some = counted.least.is_some();
    let c = &counted.census;
    // The census is exhaustive: a class found, or none on this lattice, proved.
    let verdict = Verdict::of_search(some.then_some(()), false, c.stats.nodes);
    let entry = LatticeEntry::of_nodes(lattice, None, &verdict, c.stats.nodes);
    let facts = Facts {
        census: Some(CensusDoc {
            symmetries: counted.symmetries,
            classes: c.classes,
            labelled: c.labelled,
            classes_by_stabiliser_order: c.by_stabiliser.clone(),
            nodes: c.stats.nodes,
        }),
        ..facts(cookies, Engine::Tight, Asked::Count).on_one_lattice(entry)
    };
    Ok(Answer {
        note: Some(format!("counted in {seconds:.3} s")),
        text: count_text(&board, &counted, class_follows),
        status: if some { 0 } else { 1 },
        product: counted.least,
        facts,
    })
}

/// The tight search of `cookies` on each of `lattices` (those of index `min..=max` up
/// to symmetry), each with at most `node_limit` nodes. `each(lattices searched, line)`
/// is called after every lattice, with its line for standard output when it has one
/// ([`scan_line`]). The answer is the summary line (and a line announcing the first
/// placement when it follows on standard output, `first_follows`), the first
/// placement found to write, and exit 0 when some lattice has one, else 1.
///
/// *Errors*: the checker rejects a placement found (an engine bug); the scan stops.
pub fn scan(
    cookies: &Cookies,
    lattices: &[Candidate],
    (min, max): (usize, usize),
    node_limit: u64,
    first_follows: bool,
    each: &mut dyn FnMut(u64, Option<&str>),
) -> Result<Answer, CertifyError> {
    let mut searched = 0;
    let mut entries = Vec::new();
    let scan = tight_scan(
        cookies,
        lattices,
        Some(node_limit),
        &mut |c, verdict, nodes| {
            searched += 1;
            entries.push(LatticeEntry::of_nodes(
                &c.lattice,
                Some(c.orbit),
                verdict,
                nodes,
            ));
            each(searched, scan_line(c, verdict, nodes).as_deref());
        },
    )?;
    let end = scan_end(lattices.len(), min, max, &scan, first_follows);
    let (answer, proved) = match (scan.found, scan.unknown) {
        (0, 0) => (Said::None, true),
        (0, _) => (Said::Unknown, false),
        _ => (Said::Found, true),
    };
    let facts = Facts {
        lattices_total: Some(lattices.len()),
        lattices: entries,
        ..facts(cookies, Engine::Tight, Asked::Scan).saying(answer, proved)
    };
    Ok(Answer {
        text: format!("{end}\n"),
        status: scan_status(&scan),
        product: scan.first,
        facts,
        ..Answer::default()
    })
}

/// Squares of growing side up to `side`, each searched with at most `node_limit`
/// nodes for pieces of a tight placement of `cookies` covering it: exit 1 when one
/// excludes tight placements from the whole plane (a proof), 2 when the node limit
/// stopped a square, 0 when every square is covered (no conclusion).
/// `on_side(m)` is called as the square of side `m` is searched.
///
/// *Errors*: [`SetupError::Side`] for a side out of range, before any search.
pub fn plane(
    cookies: &Cookies,
    side: i64,
    node_limit: u64,
    on_side: &mut dyn FnMut(i64),
) -> Result<Answer, SetupError> {
    setup::side(side)?;
    let plane = tight::plane(cookies, side, Some(node_limit), on_side);
    let (answer, proved, last) = match plane {
        Plane::Excluded { side, nodes, total } => {
            (Said::None, true, (side, Some(nodes), Some(total)))
        }
        Plane::Undecided { side, nodes } => (Said::Unknown, false, (side, Some(nodes), None)),
        Plane::Covered { side, total } => (Said::Covered, false, (side, None, Some(total))),
    };
    let (side, nodes, total) = last;
    let facts = Facts {
        plane: Some(PlaneDoc { side, nodes, total }),
        ..facts(cookies, Engine::Tight, Asked::Plane).saying(answer, proved)
    };
    Ok(Answer {
        text: format!("{}\n", plane_text(cookies, &plane)),
        status: plane_status(&plane),
        facts,
        ..Answer::default()
    })
}

/// The facts every answer about tight placements of `cookies` starts from.
fn facts(cookies: &Cookies, engine: Engine, question: Asked) -> Facts {
    let object = Object::TightPlacement;
    Facts::placements(object, engine, question, &cookies.game, cookies.t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cookies(directions: &str, k: usize, t: usize) -> Cookies {
        Cookies::new(&setup::game(directions, k, t).unwrap(), t)
    }

    #[test]
    fn too_weak_cookies_answer_none_by_counting() {
        let weak = cookies(setup::FOUR_DIRECTIONS, 7, 2);
        let find = Question::Find(setup::lattice("6,0 0,6").unwrap(), 1);
        let ByCounting::None(answer) = by_counting(&weak, &find).unwrap() else {
            panic!("expected none by counting");
        };
        assert_eq!(answer.status, 1);
        assert!(
            answer
                .text
                .starts_with("no good 2-placement of 7-in-a-row exists")
        );
        assert_eq!(answer.product, None);
    }

    #[test]
    fn a_placement_found_is_the_product_and_exits_zero() {
        let c = cookies("1,0 0,1", 4, 3);
        let plane = Question::Plane(4, 1);
        assert!(matches!(
            by_counting(&c, &plane).unwrap(),
            ByCounting::Tight(_)
        ));
        let answer = find(&setup::lattice("3,0 0,3").unwrap(), &c, 1_000_000).unwrap();
        assert_eq!(answer.status, 0);
        assert!(answer.text.is_empty() && answer.product.is_some());
        assert!(
            answer
                .note
                .unwrap()
                .contains("a tight placement, found after")
        );
    }

    #[test]
    fn a_node_limit_leaves_a_lattice_unknown() {
        let c = cookies(setup::FOUR_DIRECTIONS, 7, 3);
        let answer = find(&setup::lattice("6,0 0,6").unwrap(), &c, 1).unwrap();
        assert_eq!(answer.status, 1);
        assert!(answer.text.contains("is not known"), "{}", answer.text);
    }

    #[test]
    fn a_bad_side_is_refused_before_any_search() {
        let c = cookies(setup::FOUR_DIRECTIONS, 5, 4);
        let mut searched = false;
        let refused = plane(&c, 0, 10, &mut |_| searched = true);
        assert!(matches!(refused, Err(SetupError::Side(0))) && !searched);
    }
}
