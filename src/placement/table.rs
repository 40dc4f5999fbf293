//! The k-versus-t table of good t-placements (docs/spec.md §10), four directions:
//! each entry decided by an argument amoba computes (`amoba placement-table` prints
//! it beside the published table).
//!
//! # What it computes
//!
//! Per `k`, one census of line-connected cookies ([`censuses`]) gives the best
//! blocking number per cell `ρ(k, t)` for every `t` it reaches, and the cookies
//! blocking at least 4 sets per cell; an entry beyond the census's budget that a
//! smaller one does not answer gets both by peeling ([`cookie::beyond`]: `c_s` from the
//! best king-connected cookie, and every cookie at or above 4 per cell). Then an entry
//! ([`grid`], [`decide`]) is
//!
//! * **N** by counting when `ρ < 4`;
//! * when `ρ = 4` (tight): **N** if some square no tight placement covers
//!   ([`tight::plane`]), else **Y** with a tight placement found on a lattice (and
//!   passed by the independent checker), else open with "none on lattices of index
//!   ≤ N";
//! * when `ρ > 4`: **Y** with a good placement (a covering) found by the SAT search on
//!   a lattice of small index, from the cookies blocking at least 4 sets per cell, and
//!   passed by the independent checker; else open, saying how far the search went;
//! * open when neither the census nor peeling reaches it;
//!
//! and then ([`infer`]) **Y** spreads to larger `k` and `t` (a good placement stays
//! good), **N** to smaller ones.
//!
//! # Invariants
//!
//! A direct **Y** carries a placement the checker accepted ([`crate::check::certify`]);
//! a direct **Y** and a direct **N** that imply each other's opposite are a
//! contradiction between two arguments, reported as an error ([`TableError`]), never
//! tabulated.

use crate::check::certify::CertifyError;
use crate::core::board::directions::candidates;
use crate::core::board::group::{GroupError, Matrix};
use crate::core::board::lattice::Lattice;
use crate::core::verdict::Verdict;
use crate::placement::cookie::{self, Game, GameError, Growth};
use crate::placement::engine::{Kinds, cover_on, tight_verdict};
use crate::placement::setup::{self, SetupError};
use crate::placement::tight::{self, Plane, Tightness};
use rayon::prelude::*;

/// The published table, as data.
const PUBLISHED: &str = include_str!("../../data/published/k-vs-t.csv");

/// The four directions of the published table.
pub const FOUR: [[i64; 2]; 4] = [[1, 0], [0, 1], [1, 1], [1, -1]];

/// Largest `t` of the table.
pub const MAX_T: usize = 8;

/// What one table is computed with.
#[derive(Clone, Debug)]
pub struct Options {
    /// Greatest k (rows `2..=k_max`).
    pub k_max: usize,
    /// Greatest t (columns `2..=t_max`).
    pub t_max: usize,
    /// Most line-connected sets one census may enumerate (estimated up front).
    pub budget: f64,
    /// Lattices searched for tight placements: index up to this.
    pub max_index: usize,
    /// Largest square tried to exclude tight placements from the plane.
    pub side: i64,
    /// Node limit of each search.
    pub node_limit: u64,
    /// Lattices searched for coverings: index up to this.
    pub cover_index: usize,
    /// Conflicts the SAT solver may spend on each lattice of a covering search.
    pub conflicts: u64,
}

/// Why a table could not be computed.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// `k_max < 2` or `t_max` out of `2..=MAX_T`.
    #[error("expected --k-max ≥ 2 and 2 ≤ --t-max ≤ {MAX_T}, found {k_max} and {t_max}")]
    Range {
        /// Greatest k.
        k_max: usize,
        /// Greatest t.
        t_max: usize,
    },
    /// The largest game is beyond the census's limits.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The side of the plane searches.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The directions' symmetries or lattices cannot be computed.
    #[error(transparent)]
    Group(#[from] GroupError),
    /// A placement found was rejected by the checker (an engine bug).
    #[error(transparent)]
    Certify(#[from] CertifyError),
    /// A direct Y and a direct N imply each other's opposite (a bug).
    #[error("internal contradiction: k = {0}, t = {1} is Y but k = {2}, t = {3} is N")]
    Contradiction(usize, usize, usize, usize),
}

impl Options {
    /// Checks the ranges, the largest game and the side (the indices are the
    /// caller's: they are bounded by the boards a search may take).
    pub fn check(&self) -> Result<(), TableError> {
        if self.k_max < 2 || !(2..=MAX_T).contains(&self.t_max) {
            return Err(TableError::Range {
                k_max: self.k_max,
                t_max: self.t_max,
            });
        }
        // The largest k bounds every census below, the side every plane search.
        game(self.k_max).check_largest(self.t_max)?;
        setup::side(self.side)?;
        Ok(())
    }
}

fn game(k: usize) -> Game {
    Game {
        directions: FOUR.to_vec(),
        k,
    }
}

/// An entry's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A good placement exists.
    Yes,
    /// None exists.
    No,
    /// Not decided.
    Open,
}

impl Answer {
    /// `Y`, `N`, `?`, as in the published table.
    pub fn letter(&self) -> &'static str {
        match self {
            Answer::Yes => "Y",
            Answer::No => "N",
            Answer::Open => "?",
        }
    }
}

/// One entry: the answer, its argument, and the placement found for a direct Y.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The answer.
    pub answer: Answer,
    /// The argument, in a sentence.
    pub why: String,
    /// A placement found, in the text form (for direct Y entries).
    pub placement: Option<String>,
}

impl Entry {
    fn open(why: String) -> Entry {
        Entry {
            answer: Answer::Open,
            why,
            placement: None,
        }
    }
}

/// The census of one `k`: its growth, the largest `t` within the budget, the cookies
/// kept (at least 4 per cell) up to it, and beyond it the cookies linking within one
/// step up to `t_max` (empty when that too is beyond the budget).
pub struct Census {
    /// The estimate of the census's size.
    pub growth: Growth,
    /// The largest size within the budget.
    pub reach: usize,
    /// [`cookie::kept`] up to `reach`, floor 4 per cell.
    pub sizes: Vec<cookie::SizeCensus>,
    /// [`cookie::census_within`] one step, up to `t_max`, when beyond `reach`.
    pub near: Vec<cookie::SizeCensus>,
}

/// One census per `k` of `2..=k_max`, on all threads; `done(censuses finished)` is
/// called as each ends.
pub fn censuses(options: &Options, done: &(dyn Fn(u64) + Sync)) -> Vec<Census> {
    let finished = std::sync::atomic::AtomicU64::new(0);
    (2..=options.k_max)
        .collect::<Vec<usize>>()
        .par_iter()
        .map(|&k| {
            let game = game(k);
            let growth = Growth::of(&game);
            let t = growth.reach(options.t_max, options.budget);
            // Beyond the budget, the cookies linking within one step (a lower bound):
            // one blocking more than 4 per cell shows that counting cannot exclude t.
            let near = if t < options.t_max
                && Growth::within(&game, 1).sets(options.t_max) <= options.budget
            {
                cookie::census_within(&game, options.t_max, 1)
            } else {
                Vec::new()
            };
            // Keeping the cookies that pay for their cells, for the covering searches.
            let census = Census {
                growth,
                reach: t,
                sizes: cookie::kept(&game, t, &Kinds::floor(4.0, t)),
                near,
            };
            done(finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
            census
        })
        .collect()
}

/// What the table's searches report as they go.
pub struct Report<'a> {
    /// Called as the entries of each `k` begin, with the row's position.
    pub row: &'a mut dyn FnMut(usize),
    /// Called when a covering search on a lattice is still undecided after so many
    /// conflicts.
    pub undecided: &'a mut dyn FnMut(&Lattice, u64),
}

/// Every entry, decided directly (rows `k = 2..=k_max`, columns `t = 2..=t_max`), then
/// spread by [`infer`].
///
/// *Errors*: a placement the checker rejects, a contradiction between arguments.
pub fn grid(
    options: &Options,
    censuses: &[Census],
    report: Report,
) -> Result<Vec<Vec<Entry>>, TableError> {
    let ks: Vec<usize> = (2..=options.k_max).collect();
    let ts: Vec<usize> = (2..=options.t_max).collect();
    let dirs: Vec<Vec<i64>> = FOUR.iter().map(|v| v.to_vec()).collect();
    let group = crate::core::board::directions::symmetries(&dirs)?;
    let mut grid: Vec<Vec<Entry>> = Vec::new();
    for (i, (&k, census)) in ks.iter().zip(censuses).enumerate() {
        (report.row)(i);
        let game = game(k);
        let mut row = Vec::new();
        // Sizes beyond the census, settled by peeling when an entry needs them.
        let mut extended: Option<(Vec<cookie::SizeCensus>, cookie::Beyond)> = None;
        for &t in &ts {
            // A Y at smaller k and t already answers this entry (spread below).
            let j = row.len();
            let implied = grid[..i]
                .iter()
                .flat_map(|r| &r[..=j])
                .chain(&row[..j])
                .any(|e: &Entry| e.answer == Answer::Yes);
            if implied {
                row.push(Entry::open("follows from a smaller k or t".into()));
                continue;
            }
            if t > census.reach {
                let (more, done) =
                    extended.get_or_insert_with(|| extend(options, &game, census, &group));
                if more.len() > t {
                    let kinds = Kinds::from_census(&game, t, more, 4.0);
                    row.push(decide(options, &kinds, report.undecided)?);
                } else {
                    let why = done
                        .stuck
                        .as_ref()
                        .map_or(String::new(), |(_, w)| format!(": {w}"));
                    row.push(Entry::open(format!(
                        "the census of {t}-cell cookies for k = {k} is beyond the budget \
                         (about {:.1e} sets), and peeling does not settle it{why}",
                        census.growth.sets(t)
                    )));
                }
                continue;
            }
            let kinds = Kinds::from_census(&game, t, &census.sizes, 4.0);
            row.push(decide(options, &kinds, report.undecided)?);
        }
        grid.push(row);
    }
    infer(&mut grid, &ks, &ts)?;
    Ok(grid)
}

/// The census of one `k` carried on to `t_max` by peeling, from its near census.
fn extend(
    options: &Options,
    game: &Game,
    census: &Census,
    group: &[Matrix],
) -> (Vec<cookie::SizeCensus>, cookie::Beyond) {
    let mut more = census.sizes.clone();
    let floor = Kinds::floor(4.0, options.t_max);
    let done = cookie::beyond(
        game,
        &mut more,
        &census.near,
        options.t_max,
        group,
        options.budget,
        Some(&floor),
    );
    (more, done)
}

/// One entry from its own census (`kinds`: the cookies of at most `t` cells blocking
/// at least 4 sets per cell, and the best of each size); `undecided` as in [`Report`].
///
/// *Errors*: a placement the checker rejects; lattices that cannot be listed.
pub fn decide(
    options: &Options,
    kinds: &Kinds,
    undecided: &mut dyn FnMut(&Lattice, u64),
) -> Result<Entry, TableError> {
    let cookies = &kinds.cookies;
    let (best, size) = cookies.ratio;
    let ratio = format!("the best cookie blocks {best} winning sets with {size} cells");
    let dirs: Vec<Vec<i64>> = FOUR.iter().map(|v| v.to_vec()).collect();
    match cookies.tightness {
        Tightness::Below => Ok(Entry {
            answer: Answer::No,
            why: format!("counting: {ratio}, fewer than 4 per cell"),
            placement: None,
        }),
        Tightness::Above => {
            let lattices = candidates(&dirs, 1, 1, options.cover_index)?;
            let mut unknown = 0;
            for c in &lattices {
                let searched = cover_on(kinds, &c.lattice, options.conflicts, &mut |n| {
                    undecided(&c.lattice, n)
                })?;
                match searched.verdict {
                    Verdict::Found(placed) => {
                        return Ok(Entry {
                            answer: Answer::Yes,
                            why: format!(
                                "{ratio}, more than 4 per cell: a good placement (a covering) \
                                 with period lattice {}, found by the SAT search and \
                                 confirmed by the checker",
                                placed.lattice
                            ),
                            placement: Some(placed.text),
                        });
                    }
                    Verdict::Unknown(_) => unknown += 1,
                    Verdict::None { .. } => {}
                }
            }
            let how = match unknown {
                0 => "every formula unsatisfiable".to_string(),
                u => format!(
                    "{u} of them undecided within {} conflicts each",
                    options.conflicts
                ),
            };
            Ok(Entry::open(format!(
                "{ratio}, more than 4 per cell: no good placement built from cookies \
                 blocking at least 4 sets per cell on the {} lattices of index ≤ {} \
                 ({how}); other cookies and larger lattices are not searched",
                lattices.len(),
                options.cover_index,
            )))
        }
        Tightness::Tight => {
            if let Plane::Excluded { side, nodes, .. } =
                tight::plane(cookies, options.side, Some(options.node_limit), &mut |_| {})
            {
                return Ok(Entry {
                    answer: Answer::No,
                    why: format!(
                        "tight ({ratio}, 4 per cell), and no tight placement covers the \
                         {side}×{side} square ({nodes} nodes)"
                    ),
                    placement: None,
                });
            }
            let mut found = None;
            let mut failure = None;
            let lattices = candidates(&dirs, 1, 1, options.max_index)?;
            tight::on_lattices(
                cookies,
                &lattices,
                Some(options.node_limit),
                &mut |c, board, p, stats| {
                    let Some(p) = p else { return true };
                    match tight_verdict(board, Some(p), stats) {
                        Ok(Verdict::Found(text)) => {
                            found = Some((c.lattice.clone(), stats.nodes, text))
                        }
                        Ok(_) => {}
                        Err(e) => failure = Some(e),
                    }
                    false
                },
            );
            if let Some(e) = failure {
                return Err(e.into());
            }
            Ok(match found {
                Some((lattice, nodes, text)) => Entry {
                    answer: Answer::Yes,
                    why: format!(
                        "tight ({ratio}, 4 per cell): a tight placement with period lattice \
                         {lattice}, found after {nodes} nodes and confirmed by the checker"
                    ),
                    placement: Some(text),
                },
                None => Entry::open(format!(
                    "tight ({ratio}, 4 per cell): the squares up to {s}×{s} can be covered, and no \
                     lattice of index ≤ {m} has a tight placement (or the node limit \
                     stopped its search)",
                    s = options.side,
                    m = options.max_index
                )),
            })
        }
    }
}

/// Y spreads to larger k and t, N to smaller (`grid[i][j]` is `k = ks[i]`,
/// `t = ts[j]`).
///
/// *Errors*: [`TableError::Contradiction`] when a direct Y implies the opposite of a
/// direct N.
pub fn infer(grid: &mut [Vec<Entry>], ks: &[usize], ts: &[usize]) -> Result<(), TableError> {
    let direct: Vec<Vec<Answer>> = grid
        .iter()
        .map(|r| r.iter().map(|e| e.answer.clone()).collect())
        .collect();
    // A direct Y and a direct N that imply each other's opposite are a contradiction
    // between two arguments: a bug, never a table.
    for (i, row) in direct.iter().enumerate() {
        for (j, a) in row.iter().enumerate() {
            if *a == Answer::Yes {
                let clash = (i..ks.len())
                    .flat_map(|x| (j..ts.len()).map(move |y| (x, y)))
                    .find(|&(x, y)| direct[x][y] == Answer::No);
                if let Some((x, y)) = clash {
                    return Err(TableError::Contradiction(ks[i], ts[j], ks[x], ts[y]));
                }
            }
        }
    }
    for (i, row) in grid.iter_mut().enumerate() {
        for (j, entry) in row.iter_mut().enumerate() {
            if entry.answer != Answer::Open {
                continue;
            }
            let yes = (0..=i)
                .flat_map(|a| (0..=j).map(move |b| (a, b)))
                .find(|&(a, b)| direct[a][b] == Answer::Yes);
            let no = (i..ks.len())
                .flat_map(|a| (j..ts.len()).map(move |b| (a, b)))
                .find(|&(a, b)| direct[a][b] == Answer::No);
            if let Some((a, b)) = yes {
                *entry = Entry {
                    answer: Answer::Yes,
                    why: format!(
                        "a good {}-placement of {}-in-a-row is one here",
                        ts[b], ks[a]
                    ),
                    placement: None,
                };
            } else if let Some((a, b)) = no {
                *entry = Entry {
                    answer: Answer::No,
                    why: format!(
                        "a good placement here would be a good {}-placement of {}-in-a-row",
                        ts[b], ks[a]
                    ),
                    placement: None,
                };
            }
        }
    }
    Ok(())
}

/// The published table: per `k`, the entries `Y`, `N`, `?` for `t = 2, 3, …`.
pub fn published() -> Vec<(usize, Vec<String>)> {
    PUBLISHED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('k'))
        .filter_map(|l| {
            let mut it = l.split(',');
            let k = it.next()?.trim().parse().ok()?;
            Some((k, it.map(|x| x.trim().to_string()).collect()))
        })
        .collect()
}

/// How a computed entry compares with the published one (`None`: not published):
/// `agrees`, `not reproduced` (amoba cannot decide a published answer), `settled` (the
/// published table has `?`), `differs` (the opposite), or `unpublished`.
pub fn comparison(mine: &str, theirs: Option<&str>) -> &'static str {
    match (mine, theirs) {
        (_, None) => "unpublished",
        (m, Some(p)) if m == p => "agrees",
        ("?", Some(_)) => "not reproduced",
        (_, Some("?")) => "settled",
        (_, Some(_)) => "differs",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(answer: Answer) -> Entry {
        Entry {
            answer,
            why: String::new(),
            placement: None,
        }
    }

    #[test]
    fn yes_spreads_up_and_no_spreads_down() {
        use Answer::*;
        let mut grid = vec![
            vec![entry(No), entry(Open)],
            vec![entry(Open), entry(Yes)],
            vec![entry(Open), entry(Open)],
        ];
        infer(&mut grid, &[2, 3, 4], &[2, 3]).unwrap();
        let letters: Vec<Vec<&str>> = grid
            .iter()
            .map(|r| r.iter().map(|e| e.answer.letter()).collect())
            .collect();
        assert_eq!(letters, [["N", "?"], ["?", "Y"], ["?", "Y"]]);
        assert_eq!(
            grid[2][1].why,
            "a good 3-placement of 3-in-a-row is one here"
        );
    }

    #[test]
    fn a_yes_below_a_no_is_a_contradiction() {
        let mut grid = vec![vec![entry(Answer::Yes)], vec![entry(Answer::No)]];
        assert!(matches!(
            infer(&mut grid, &[2, 3], &[2]),
            Err(TableError::Contradiction(2, 2, 3, 2))
        ));
    }

    #[test]
    fn comparisons_name_what_the_computation_adds() {
        assert_eq!(comparison("Y", Some("Y")), "agrees");
        assert_eq!(comparison("Y", Some("?")), "settled");
        assert_eq!(comparison("?", Some("N")), "not reproduced");
        assert_eq!(comparison("N", Some("Y")), "differs");
        assert_eq!(comparison("N", None), "unpublished");
        assert_eq!(published()[0].0, 2);
    }

    #[test]
    fn ranges_are_checked() {
        let options = Options {
            k_max: 5,
            t_max: 9,
            budget: 1e6,
            max_index: 10,
            side: 5,
            node_limit: 1000,
            cover_index: 4,
            conflicts: 1000,
        };
        assert!(matches!(options.check(), Err(TableError::Range { .. })));
        let options = Options {
            t_max: 3,
            ..options
        };
        assert!(options.check().is_ok());
        assert!(matches!(
            Options { side: 0, ..options }.check(),
            Err(TableError::Setup(_))
        ));
    }
}
