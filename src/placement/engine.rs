//! The placement engine's searches as questions with verdicts: each finds, on one
//! lattice, a tight placement (the exact cover of [`crate::placement::tight`]) or a
//! good one that may block a set twice (the packing formula of
//! [`crate::placement::covering`]), passes what it finds through the independent
//! checker ([`crate::check::certify`]), and says what its "none" means as a
//! [`Verdict`] (docs/spec.md §10).
//!
//! # Which engine answers
//!
//! The cookie census decides ([`Kinds::new`], [`Tightness`]): when the best cookies of
//! at most `t` cells block exactly `n` winning sets per cell (`n` directions), every
//! good placement is tight and the exact cover answers, exhaustively (its "none" is a
//! proof for the lattice, with the nodes it took); when they block more, a good
//! placement may block some sets twice and the packing formula answers; when they
//! block fewer, counting alone says none exists. One census serves both engines: the
//! cookies blocking at least a floor of sets per cell (the pieces of the tight engine
//! are among them, at `n` per cell) with the best of every size.
//!
//! # When "none" is a proof
//!
//! * a tight search: always, unless the node limit stopped it ([`Verdict::Unknown`]);
//! * a covering search: when its types are every irreducible line-connected cookie
//!   (`per_cell = 0`, [`Kinds::complete`]), since every good placement then gives a
//!   packing of them (the covering module's essay); with a higher floor, "none" is
//!   only "none built from these cookies" (`complete: false`).
//!
//! # Invariants
//!
//! A [`Verdict::Found`] holds a placement the checker has accepted: tight for the
//! tight engine, good for the covering engine. A rejection is an engine bug and comes
//! back as [`CertifyError`], never as a verdict.

use crate::check::certify::{self, CertifyError, Need};
use crate::check::placement as checker;
use crate::core::board::directions::Candidate;
use crate::core::board::group::{GroupError, point_group};
use crate::core::board::lattice::Lattice;
use crate::core::verdict::{Limit, Unit, Verdict};
use crate::placement::cookie::{self, Cell, Cookie, Game};
use crate::placement::covering::{self, Covering, Outcome};
use crate::placement::setup::{SetupError, reachable_census};
use crate::placement::tight::{self, Census, Cookies, Cover, Tightness};
use crate::solvers::dlx::Stats;

/// The game of the checker for t-placements of `game`.
pub fn checker_game(game: &Game, t: usize) -> checker::Game {
    checker::Game {
        directions: game.directions.clone(),
        k: game.k,
        t: Some(t),
    }
}

/// `text`, a placement of `game` with cookies of at most `t` cells, once the checker
/// finds it `need` ([`certify::placement`]).
pub fn certified(text: String, game: &Game, t: usize, need: Need) -> Result<String, CertifyError> {
    certify::placement(text, &checker_game(game, t), need)
}

/// What a tight search on one lattice concluded: the placement's checked text, or
/// none with the nodes of the exhaustive search, or unknown at the node limit.
pub type TightVerdict = Verdict<String, u64>;

/// The verdict of one tight search on `board` that found `found` with `stats`.
///
/// *Errors*: the checker rejects the placement found (an engine bug).
pub fn tight_verdict(
    board: &Cover,
    found: Option<&[u32]>,
    stats: &Stats,
) -> Result<TightVerdict, CertifyError> {
    let found = match found {
        Some(p) => Some(certified(
            board.text(p),
            &board.cookies.game,
            board.cookies.t,
            Need::Tight,
        )?),
        None => None,
    };
    Ok(Verdict::of_search(found, stats.cut, stats.nodes))
}

/// One tight placement on `board`, searched with at most `limit` nodes.
///
/// Complexity: that of the exact cover (exponential in the cells in the worst case),
/// plus one check of the placement found.
pub fn tight_on(board: &Cover, limit: Option<u64>) -> Result<(TightVerdict, Stats), CertifyError> {
    let (found, stats) = board.find_one(limit);
    Ok((tight_verdict(board, found.as_deref(), &stats)?, stats))
}

/// Every tight placement on one lattice counted and classified ([`tight_count`]).
#[derive(Clone, Debug)]
pub struct TightCount {
    /// The classes, the labelled count, the stabilisers and the search's size.
    pub census: Census,
    /// The order of the group the classes are taken under: the point group of the
    /// lattice and directions times the translations of the lattice.
    pub symmetries: usize,
    /// The checked text of the least class, when there is one.
    pub least: Option<String>,
}

/// Why [`tight_count`] gave no census.
#[derive(Debug, thiserror::Error)]
pub enum TightCountError {
    /// The symmetries of the lattice and directions cannot be computed.
    #[error(transparent)]
    Group(#[from] GroupError),
    /// The checker rejected the least class (an engine bug).
    #[error(transparent)]
    Certify(#[from] CertifyError),
}

/// Every tight placement on `board` counted and classified under the point group of
/// its lattice and directions, with the least class's checked text.
/// `progress(classes so far)` is called now and then.
pub fn tight_count(
    board: &Cover,
    progress: &mut dyn FnMut(u64),
) -> Result<TightCount, TightCountError> {
    let dirs: Vec<Vec<i64>> = board
        .cookies
        .game
        .directions
        .iter()
        .map(|v| v.to_vec())
        .collect();
    let group = point_group(&board.lattice, &dirs)?;
    let census = board.census(&group, progress);
    let least = match &census.first {
        Some(p) => Some(certified(
            board.text(p),
            &board.cookies.game,
            board.cookies.t,
            Need::Tight,
        )?),
        None => None,
    };
    let symmetries = group.len() * board.lattice.index();
    Ok(TightCount {
        census,
        symmetries,
        least,
    })
}

/// What a tight search over many lattices found ([`tight_scan`]).
#[derive(Clone, Debug, Default)]
pub struct TightScan {
    /// Lattices with a tight placement.
    pub found: usize,
    /// Lattices where the node limit stopped the search.
    pub unknown: usize,
    /// The checked text of the first placement found.
    pub first: Option<String>,
}

/// The tight search on each of `lattices` in order ([`tight::on_lattices`]), each
/// verdict checked ([`tight_verdict`]); `each(candidate, verdict, nodes)` is called
/// for every lattice searched (a lattice whose index no sum of piece sizes reaches is
/// skipped: none there). "None" on a lattice is exhaustive: it is counted as neither
/// found nor unknown.
///
/// *Errors*: the checker rejects a placement found (an engine bug); the scan stops.
pub fn tight_scan(
    cookies: &Cookies,
    lattices: &[Candidate],
    limit: Option<u64>,
    each: &mut dyn FnMut(&Candidate, &TightVerdict, u64),
) -> Result<TightScan, CertifyError> {
    let mut scan = TightScan::default();
    let mut failure = None;
    tight::on_lattices(cookies, lattices, limit, &mut |c, board, p, stats| {
        let verdict = match tight_verdict(board, p.map(Vec::as_slice), stats) {
            Ok(v) => v,
            Err(e) => {
                failure = Some(e);
                return false;
            }
        };
        match &verdict {
            Verdict::Found(text) => {
                scan.found += 1;
                scan.first.get_or_insert_with(|| text.clone());
            }
            Verdict::Unknown(_) => scan.unknown += 1,
            Verdict::None { .. } => {}
        }
        each(c, &verdict, stats.nodes);
        true
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(scan),
    }
}

/// The cookies a covering search uses, and what kept them.
pub struct Kinds {
    /// The census (best per size, tightness, pieces).
    pub cookies: Cookies,
    /// The types searched.
    pub types: Vec<Cookie>,
    /// Blocking at least this many sets per cell (0: every cookie).
    pub per_cell: f64,
}

/// The cookies searched unless asked otherwise: those blocking at least one winning
/// set per cell and direction of `game`, the ones that pay for their cells.
pub fn default_per_cell(game: &Game) -> f64 {
    game.directions.len() as f64
}

impl Kinds {
    /// The irreducible line-connected cookies of at most `t` cells of `game` blocking
    /// at least `per_cell` sets per cell, from one census ([`cookie::kept`]).
    ///
    /// *Errors*: [`SetupError::PerCell`] unless `per_cell` is a finite number ≥ 0;
    /// [`SetupError::Census`] when the census is out of reach and not `force`d.
    pub fn new(game: &Game, t: usize, per_cell: f64, force: bool) -> Result<Kinds, SetupError> {
        if !(per_cell >= 0.0 && per_cell.is_finite()) {
            return Err(SetupError::PerCell(per_cell));
        }
        reachable_census(game, t, force)?;
        let census = cookie::kept(game, t, &Kinds::floor(per_cell, t));
        Ok(Kinds::from_census(game, t, &census, per_cell))
    }

    /// The least blocking number kept for each size `0..=t`: `per_cell` sets per cell,
    /// and at least one.
    pub fn floor(per_cell: f64, t: usize) -> Vec<u32> {
        (0..=t)
            .map(|s| ((per_cell * s as f64).ceil() as u32).max(1))
            .collect()
    }

    /// The kinds of at most `t` cells from a census [`cookie::kept`] with
    /// [`Kinds::floor`]`(per_cell, t′)`, `t′ ≥ t`, so that one census serves every `t`
    /// up to its own. The types are sorted.
    pub fn from_census(
        game: &Game,
        t: usize,
        census: &[cookie::SizeCensus],
        per_cell: f64,
    ) -> Kinds {
        let mut types: Vec<Cookie> = census[..=t]
            .iter()
            .flat_map(|e| e.kept.iter().cloned())
            .collect();
        types.sort();
        Kinds {
            cookies: Cookies::from_census(game, t, census),
            types,
            per_cell,
        }
    }

    /// Does "no packing" prove that no good placement has the lattice?
    pub fn complete(&self) -> bool {
        self.per_cell == 0.0
    }

    /// Which engine answers (the tightness of the census).
    pub fn engine(&self) -> &Tightness {
        &self.cookies.tightness
    }
}

/// A placement found: its period lattice (a covering may double the lattice searched)
/// and its checked text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The placement's period lattice.
    pub lattice: Lattice,
    /// The placement file's text, as the checker accepted it.
    pub text: String,
}

/// What a covering search on one lattice concluded: the evidence of "none" is a class
/// of winning sets `(direction, first cell)` that no kept cookie blocks, when that alone
/// is the reason, else `None` (the formula is unsatisfiable).
pub type CoverVerdict = Verdict<Placed, Option<(usize, Cell)>>;

/// One lattice's covering search: the verdict and the formula's size.
pub struct Searched {
    /// What the search concluded.
    pub verdict: CoverVerdict,
    /// The formula's size and the conflicts allowed.
    pub stats: covering::Stats,
}

/// Searches `lattice` for a good placement built from `kinds`, the solver allowed
/// `conflicts` conflicts; `progress(conflicts so far)` is called after each round left
/// undecided. A placement found passes the checker (good) first.
///
/// *Errors*: the checker rejects the placement found (an engine bug).
pub fn cover_on(
    kinds: &Kinds,
    lattice: &Lattice,
    conflicts: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Searched, CertifyError> {
    let game = &kinds.cookies.game;
    let t = kinds.cookies.t;
    let board = Covering::new(lattice, game, t, &kinds.types);
    let (outcome, stats) = board.solve(conflicts, progress);
    let verdict = match outcome {
        Outcome::Found(l, cookies) => {
            let text = certified(covering::text(game, t, &l, &cookies), game, t, Need::Good)?;
            Verdict::Found(Placed { lattice: l, text })
        }
        Outcome::None { window } => Verdict::None {
            complete: kinds.complete(),
            evidence: window,
        },
        Outcome::Unknown => Verdict::Unknown(Limit {
            unit: Unit::Conflicts,
            spent: stats.conflicts,
        }),
    };
    Ok(Searched { verdict, stats })
}

impl Searched {
    /// What the verdict means, in a sentence (`None` for a placement found): undecided
    /// within the conflicts; none, proved (a winning set no cookie blocks, or an
    /// unsatisfiable formula over every irreducible cookie); or none among the cookies
    /// kept.
    pub fn none_text(&self, kinds: &Kinds) -> Option<String> {
        let s = &self.stats;
        Some(match &self.verdict {
            Verdict::Found(_) => return None,
            Verdict::Unknown(_) => format!(
                "undecided within {} conflicts ({} variables, {} clauses)",
                s.conflicts, s.variables, s.clauses
            ),
            Verdict::None {
                complete: true,
                evidence: Some((f, c)),
            } => format!(
                "none, proved: no cookie of at most {} cells blocks the winning sets of \
                 direction {} starting at {},{} on this lattice",
                kinds.cookies.t, f, c[0], c[1]
            ),
            Verdict::None {
                complete: false,
                evidence: Some((f, c)),
            } => format!(
                "none: no cookie kept blocks the winning sets of direction {} starting at {},{}",
                f, c[0], c[1]
            ),
            Verdict::None {
                complete: true,
                evidence: None,
            } => format!(
                "none, proved: the formula over every irreducible cookie is unsatisfiable ({} \
                 variables, {} clauses)",
                s.variables, s.clauses
            ),
            Verdict::None {
                complete: false,
                evidence: None,
            } => format!(
                "none built from cookies blocking at least {} sets per cell (unsatisfiable, {} \
                 variables, {} clauses)",
                kinds.per_cell, s.variables, s.clauses
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::setup;

    #[test]
    fn a_tight_search_finds_a_checked_placement_or_proves_none() {
        // 2-placements of 5-in-a-row with rows and columns: the dominoes of a pairing.
        let game = setup::game("1,0 0,1", 5, 2).unwrap();
        let cookies = Cookies::new(&game, 2);
        let board = Cover::new(&setup::lattice("4,0 0,4").unwrap(), &cookies);
        let (verdict, _) = tight_on(&board, None).unwrap();
        let text = verdict.found().expect("a pairing of the 4×4 torus");
        assert!(checker_game(&game, 2).k == 5 && text.contains("lattice"));
        // Three cells cannot be split into dominoes: none, exhaustively.
        let board = Cover::new(&setup::lattice("3,0 0,1").unwrap(), &cookies);
        let (verdict, _) = tight_on(&board, None).unwrap();
        assert!(matches!(verdict, Verdict::None { complete: true, .. }));
    }

    #[test]
    fn a_covering_none_is_a_proof_only_over_every_cookie() {
        let game = setup::game("1,0 0,1 1,1 1,-1", 6, 4).unwrap();
        let lattice = setup::lattice("2,0 0,2").unwrap();
        for (per_cell, proved) in [(0.0, true), (4.0, false)] {
            let kinds = Kinds::new(&game, 4, per_cell, false).unwrap();
            let searched = cover_on(&kinds, &lattice, 1_000_000, &mut |_| {}).unwrap();
            assert!(
                matches!(searched.verdict, Verdict::None { complete, .. } if complete == proved)
            );
            let text = searched.none_text(&kinds).unwrap();
            assert_eq!(text.starts_with("none, proved"), proved, "{text}");
        }
        assert!(matches!(
            Kinds::new(&game, 4, -1.0, false),
            Err(SetupError::PerCell(_))
        ));
    }
}
