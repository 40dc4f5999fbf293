//! The largest blocking numbers `d_t(k)` of t-cookies, exact, with the linear forms
//! they take in `k` (docs/spec.md §10; `amoba blocking` prints them beside the
//! published values).
//!
//! # What it computes
//!
//! For each `k` of a range ([`compute`], one `k` per thread), a [`Row`]: `d_s` for
//! every size `s` it settles, the best line-connected cookies of each size, and how
//! each size was settled.
//!
//! * Each size is settled by the exhaustive census of line-connected cookies
//!   ([`cookie::census`]) while the estimate ([`Growth::reach`]) keeps it within the
//!   budget; it grows like `(8(k − 1))^(t − 1)`.
//! * Beyond it, the census of the cookies whose cells link within fewer steps
//!   ([`cookie::census_within`]) finds a good cookie of each size, and peeling
//!   ([`cookie::beyond`], [`cookie::peel`]) lists every line-connected cookie at least
//!   as good, which makes the value exact; its levels are the certificate.
//! * Where peeling cannot conclude (its inequality fails, or a level is beyond the
//!   budget) the entry is a *lower bound* with the cookies that attain it ([`Low`]), or
//!   unknown when even that is beyond the budget: never a guess.
//!
//! Every best cookie also gives a lower bound for *every* `k`: its eventual linear
//! form ([`cookie::eventual`]); [`forms`] keeps the best per size, closed under unions
//! of cookies placed far apart as [`cookie::largest`] is, and [`above_from`] says from
//! which `k` such a form exceeds a published `a·k − b`. [`observed`] fits the linear
//! form the exact values of a row take over the `k` computed (an observation on that
//! range, not a proof beyond it).
//!
//! # Invariants
//!
//! `Row::d` is exact (line-connected cookies are enough, by additivity: the cookie
//! module's essay); `Low::d` is a lower bound equal to `Row::d` where both exist; a
//! [`Form`] is a proved lower bound for every `k ≥ from`.

use crate::core::board::group::{GroupError, Matrix};
use crate::placement::cookie::{self, Cookie, Game, GameError, Growth};
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The published values `d_t(k) = a·k − b` (four directions), as data.
const PUBLISHED: &str = include_str!("../../data/published/blocking.csv");

/// The four directions of the plane, for which the published values hold.
const FOUR: [[i64; 2]; 4] = [[1, 0], [0, 1], [1, 1], [1, -1]];

/// Largest cookie size of a table.
pub const MAX_T: usize = 16;

/// What one table is computed for.
#[derive(Clone, Debug)]
pub struct Options {
    /// Largest cookie size.
    pub t_max: usize,
    /// Least `k`.
    pub k_min: usize,
    /// Greatest `k`.
    pub k_max: usize,
    /// Most line-connected sets one census may enumerate, and most cookies one level of
    /// peeling may score.
    pub budget: f64,
    /// Beyond the budget, lower bounds from the cookies whose cells link within this
    /// many steps (0: none).
    pub lower_steps: i64,
}

/// Why a table could not be computed.
#[derive(Debug, thiserror::Error)]
pub enum BlockingError {
    /// The ranges of `t` and `k` are empty or too small.
    #[error(
        "expected --t-max ≥ 2 and 2 ≤ --k-min ≤ --k-max, found t-max {t_max}, k {k_min}..{k_max}"
    )]
    Range {
        /// Largest cookie size.
        t_max: usize,
        /// Least `k`.
        k_min: usize,
        /// Greatest `k`.
        k_max: usize,
    },
    /// `t_max` beyond [`MAX_T`].
    #[error("--t-max {0}: expected at most {MAX_T}")]
    TMax(usize),
    /// The largest game is beyond the census's limits.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The directions' symmetries cannot be computed.
    #[error(transparent)]
    Group(#[from] GroupError),
}

impl Options {
    /// Checks the ranges: `t_max ≥ 2`, `2 ≤ k_min ≤ k_max`, `t_max ≤` [`MAX_T`].
    pub fn check(&self) -> Result<(), BlockingError> {
        if self.t_max < 2 || self.k_min < 2 || self.k_max < self.k_min {
            return Err(BlockingError::Range {
                t_max: self.t_max,
                k_min: self.k_min,
                k_max: self.k_max,
            });
        }
        if self.t_max > MAX_T {
            return Err(BlockingError::TMax(self.t_max));
        }
        Ok(())
    }
}

/// A computed table.
pub struct Table {
    /// The row of each `k`.
    pub rows: BTreeMap<usize, Row>,
    /// Per size `0..=t_max`, the best eventual form ([`forms`]).
    pub forms: Vec<Option<Form>>,
    /// The symmetries of the directions.
    pub group: Vec<Matrix>,
    /// The published `(a, b)` by `t`: empty unless the directions are the four of the
    /// plane.
    pub published: BTreeMap<usize, (i64, i64)>,
}

/// The table of `options` for the game with `directions`: one [`Row`] per `k` (on all
/// threads; `done(rows finished)` is called as each ends), the forms, the symmetries.
///
/// *Errors*: the ranges ([`Options::check`]), the largest game beyond the census's
/// limits, directions whose symmetries cannot be computed.
///
/// Complexity: per `k`, the census within the budget, and peeling within it.
pub fn compute(
    options: &Options,
    directions: &[[i64; 2]],
    done: &(dyn Fn(u64) + Sync),
) -> Result<Table, BlockingError> {
    options.check()?;
    // The largest k and t bound every census below.
    Game {
        directions: directions.to_vec(),
        k: options.k_max,
    }
    .check_largest(options.t_max)?;
    let published = if directions == FOUR {
        published()
    } else {
        BTreeMap::new()
    };
    let dirs: Vec<Vec<i64>> = directions.iter().map(|v| v.to_vec()).collect();
    let group = crate::core::board::directions::symmetries(&dirs)?;
    let finished = std::sync::atomic::AtomicU64::new(0);
    let computed: Vec<(usize, Row)> = (options.k_min..=options.k_max)
        .into_par_iter()
        .map(|k| {
            let game = Game {
                directions: directions.to_vec(),
                k,
            };
            let row = Row::compute(&game, options, &group);
            done(finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
            (k, row)
        })
        .collect();
    let rows: BTreeMap<usize, Row> = computed.into_iter().collect();
    let forms = forms(&rows, options.t_max, directions);
    Ok(Table {
        rows,
        forms,
        group,
        published,
    })
}

/// What was computed for one `k`.
pub struct Row {
    /// `d_s` for `s = 0..=t` (exact), `t` the largest size settled.
    pub d: Vec<u32>,
    /// The best line-connected cookies of each size `0..=t`: from the exhaustive census
    /// up to `census_t`, then by peeling.
    pub sizes: Vec<cookie::SizeCensus>,
    /// The largest size of the exhaustive census.
    pub census_t: usize,
    /// The first size out of the census's budget and its estimated number of sets.
    pub skipped: Option<(usize, f64)>,
    /// Each size settled by peeling: its levels (the cookies moved into `sizes`).
    pub peeled: BTreeMap<usize, cookie::Peeled>,
    /// The first size neither settled, and why peeling could not settle it.
    pub stuck: Option<(usize, cookie::PeelError)>,
    /// Beyond `t`: the census of the cookies linking within fewer steps.
    pub low: Option<Low>,
}

/// Lower bounds beyond the sizes settled.
pub struct Low {
    /// Links of at most this many steps.
    pub steps: i64,
    /// Lower bounds on `d_s`, `s = 0..=` the largest size reached (exact up to the
    /// row's `t`).
    pub d: Vec<u32>,
    /// The census of the cookies linking within `steps`, sizes `0..=` the same.
    pub sizes: Vec<cookie::SizeCensus>,
}

impl Row {
    /// Settles what the options allow for `game`: the exhaustive census as far as the
    /// budget reaches; beyond it the census of the cookies linking within
    /// `options.lower_steps`, whose best cookie of each size is the target that peeling
    /// starts from; lower bounds where peeling cannot conclude.
    pub fn compute(game: &Game, options: &Options, group: &[Matrix]) -> Row {
        let growth = Growth::of(game);
        let census_t = growth.reach(options.t_max, options.budget);
        let skipped = (census_t < options.t_max).then(|| (census_t + 1, growth.sets(census_t + 1)));
        let mut sizes = cookie::census(game, census_t);
        let near = skipped.and_then(|_| near(game, census_t, options));
        let cookie::Beyond { peeled, stuck } = match &near {
            Some(n) => cookie::beyond(
                game,
                &mut sizes,
                n,
                options.t_max,
                group,
                options.budget,
                None,
            ),
            // Nothing to start peeling from: the first size past the census says so.
            None => cookie::Beyond {
                stuck: (census_t < options.t_max).then(|| {
                    let size = census_t + 1;
                    (size, cookie::PeelError::NoStart { size })
                }),
                ..cookie::Beyond::default()
            },
        };
        let connected: Vec<u32> = sizes.iter().map(|e| e.best).collect();
        let low = near.filter(|n| n.len() > sizes.len()).map(|n| {
            let c: Vec<u32> = (0..n.len())
                .map(|s| connected.get(s).copied().unwrap_or(n[s].best))
                .collect();
            Low {
                steps: options.lower_steps,
                d: cookie::largest(&c),
                sizes: n,
            }
        });
        Row {
            d: cookie::largest(&connected),
            sizes,
            census_t,
            skipped,
            peeled,
            stuck,
            low,
        }
    }

    /// `d_t`, and whether it is exact (else a lower bound), if either is known.
    pub fn value(&self, t: usize) -> Option<(u32, bool)> {
        match self.d.get(t) {
            Some(&v) => Some((v, true)),
            None => self
                .low
                .as_ref()
                .and_then(|l| l.d.get(t))
                .map(|&v| (v, false)),
        }
    }

    /// The entry of size `t`, and the link steps when it is not exact.
    pub fn size(&self, t: usize) -> Option<(&cookie::SizeCensus, Option<i64>)> {
        match self.sizes.get(t) {
            Some(e) => Some((e, None)),
            None => self
                .low
                .as_ref()
                .and_then(|l| l.sizes.get(t).map(|e| (e, Some(l.steps)))),
        }
    }

    /// How the entry of size `t` was settled: `census`, `peeling`, `lower bound`.
    pub fn method(&self, t: usize) -> Option<&'static str> {
        if t <= self.census_t {
            Some("census")
        } else if self.peeled.contains_key(&t) {
            Some("peeling")
        } else {
            self.size(t).map(|_| "lower bound")
        }
    }

    /// The best connected cookie of a size `2..=t` attaining the value `v` of `d_t`,
    /// if one does (else `d_t` is a union of smaller ones).
    pub fn witness(&self, t: usize, v: u32) -> Option<&Cookie> {
        (2..=t)
            .filter_map(|s| self.size(s))
            .find(|(e, _)| e.best == v)
            .and_then(|(e, _)| e.best_cookies.first())
    }
}

/// Beyond the exhaustive census of `t` cells, the census of the cookies whose cells
/// link within `options.lower_steps`, as far as the budget reaches; `None` when that is
/// no further than `t` (or the steps are 0).
fn near(game: &Game, t: usize, options: &Options) -> Option<Vec<cookie::SizeCensus>> {
    if options.lower_steps < 1 {
        return None;
    }
    let t_low = Growth::within(game, options.lower_steps).reach(options.t_max, options.budget);
    (t_low > t).then(|| cookie::census_within(game, t_low, options.lower_steps))
}

/// A lower bound `slope·k + constant` for every `k ≥ from`, attained by the union of
/// `cookies`.
#[derive(Clone, Debug)]
pub struct Form {
    /// The coefficient of `k`.
    pub slope: i64,
    /// The constant.
    pub constant: i64,
    /// The least `k` from which the bound holds.
    pub from: usize,
    /// The cookies whose union attains it (one unless the form is a sum).
    pub cookies: Vec<Cookie>,
}

impl Form {
    /// The better for large `k`: the larger slope, then the larger constant.
    fn key(&self) -> (i64, i64) {
        (self.slope, self.constant)
    }

    /// The form of the union of two cookies placed far apart.
    fn plus(&self, other: &Form) -> Form {
        Form {
            slope: self.slope + other.slope,
            constant: self.constant + other.constant,
            from: self.from.max(other.from),
            cookies: self.cookies.iter().chain(&other.cookies).cloned().collect(),
        }
    }
}

/// Per size `0..=t_max`, the best eventual form of the best cookies found in `rows` (at
/// any k, exact or not), closed under unions as [`cookie::largest`] is.
///
/// Complexity: one [`cookie::eventual`] per best cookie, then `O(t_max²)`.
pub fn forms(
    rows: &BTreeMap<usize, Row>,
    t_max: usize,
    directions: &[[i64; 2]],
) -> Vec<Option<Form>> {
    let mut connected: Vec<Option<Form>> = vec![None; t_max + 1];
    for row in rows.values() {
        for (s, best) in connected.iter_mut().enumerate().skip(2) {
            let Some((e, _)) = row.size(s) else { continue };
            for c in &e.best_cookies {
                let (slope, constant, from) = cookie::eventual(&c.cells, c.parts, directions);
                let f = Form {
                    slope,
                    constant,
                    from,
                    cookies: vec![c.clone()],
                };
                if best.as_ref().is_none_or(|b| f.key() > b.key()) {
                    *best = Some(f);
                }
            }
        }
    }
    let mut d: Vec<Option<Form>> = vec![None; t_max + 1];
    for s in 2..=t_max {
        let mut best = connected[s].clone();
        let mut consider = |f: Option<Form>| {
            if let Some(f) = f.filter(|f| best.as_ref().is_none_or(|b| f.key() > b.key())) {
                best = Some(f);
            }
        };
        consider(d[s - 1].clone());
        for s1 in 2..=s / 2 {
            if let (Some(a), Some(b)) = (&d[s1], &d[s - s1]) {
                consider(Some(a.plus(b)));
            }
        }
        d[s] = best;
    }
    d
}

/// The least `k ≥ f.from` from which `slope·k + constant > a·k − b` at every `k`, if
/// any.
pub fn above_from(f: &Form, (a, b): (i64, i64)) -> Option<usize> {
    let (ds, dc) = (f.slope - a, f.constant + b);
    let from = f.from as i64;
    let k = match ds.cmp(&0) {
        std::cmp::Ordering::Less => return None,
        std::cmp::Ordering::Equal => return (dc > 0).then_some(f.from),
        // ds·k + dc > 0 ⇔ k > −dc / ds.
        std::cmp::Ordering::Greater => from.max((-dc).div_euclid(ds) + 1),
    };
    Some(k as usize)
}

/// `(a, b)` by `t` from the published table `d_t(k) = a·k − b` (four directions).
pub fn published() -> BTreeMap<usize, (i64, i64)> {
    PUBLISHED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('t'))
        .filter_map(|l| {
            let v: Vec<i64> = l.split(',').filter_map(|x| x.trim().parse().ok()).collect();
            (v.len() == 3).then(|| (v[0] as usize, (v[1], v[2])))
        })
        .collect()
}

/// Does `(value, exact?)` contradict the published `p`: an exact value other than `p`,
/// or a lower bound above it (a cookie shows it either way)?
pub fn differs((v, exact): (u32, bool), p: i64) -> bool {
    (exact && i64::from(v) != p) || i64::from(v) > p
}

/// The linear form `a·k − b` the exact values `(k, d_t(k))` of one size take over
/// their last run of at least three consecutive `k` with constant differences, as
/// `(a, b, first k, last k)`; `None` when there is no such run. An observation on that
/// range of `k`, not a proof beyond it.
pub fn observed(seen: &[(i64, i64)]) -> Option<(i64, i64, i64, i64)> {
    let mut from = seen.len().saturating_sub(1);
    while from >= 2
        && seen[from - 1].0 + 1 == seen[from].0
        && seen[from].1 - seen[from - 1].1 == seen[from - 1].1 - seen[from - 2].1
        && seen[from - 2].0 + 1 == seen[from - 1].0
    {
        from -= 1;
    }
    let from = from.saturating_sub(1);
    if seen.len() < 3 || seen.len() - from < 3 {
        return None;
    }
    let ((k0, v0), (k1, v1)) = (seen[from], seen[from + 1]);
    let a = v1 - v0;
    let b = a * k0 - v0;
    Some((a, b, k0, seen.last().map_or(k1, |l| l.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(t_max: usize, k_min: usize, k_max: usize) -> Options {
        Options {
            t_max,
            k_min,
            k_max,
            budget: 1e6,
            lower_steps: 1,
        }
    }

    #[test]
    fn ranges_are_checked_first() {
        assert!(matches!(
            options(1, 2, 5).check(),
            Err(BlockingError::Range { .. })
        ));
        assert!(matches!(
            options(17, 2, 5).check(),
            Err(BlockingError::TMax(17))
        ));
        assert!(options(4, 2, 5).check().is_ok());
    }

    #[test]
    fn the_domino_and_the_three_cell_values_of_five_in_a_row() {
        let table = compute(&options(3, 5, 5), &FOUR, &|_| {}).unwrap();
        let row = &table.rows[&5];
        // A domino blocks the 4 windows of its line holding both cells; the best
        // 3-cookie blocks 8 (docs/spec.md §10).
        assert_eq!(row.value(2), Some((4, true)));
        assert_eq!(row.value(3), Some((8, true)));
        assert_eq!(row.method(3), Some("census"));
        assert_eq!(row.witness(3, 8).map(|c| c.cells.len()), Some(3));
        assert_eq!(table.group.len(), 8);
        assert!(!table.published.is_empty());
    }

    #[test]
    fn forms_are_compared_with_published_lines() {
        let f = Form {
            slope: 4,
            constant: -4,
            from: 2,
            cookies: Vec::new(),
        };
        // 4k − 4 against 3k: above from k = 5; against 4k − 4: never above.
        assert_eq!(above_from(&f, (3, 0)), Some(5));
        assert_eq!(above_from(&f, (4, 4)), None);
        assert_eq!(above_from(&f, (4, 5)), Some(2));
        assert!(differs((5, true), 4) && differs((5, false), 4) && !differs((3, false), 4));
    }

    #[test]
    fn a_linear_run_is_observed_only_over_three_values() {
        assert_eq!(observed(&[(2, 4), (3, 8)]), None);
        assert_eq!(observed(&[(2, 4), (3, 8), (4, 12)]), Some((4, 4, 2, 4)));
        // The run is the last one: 1, 4, 8, 12 fits 4k − 4 from k = 3.
        assert_eq!(
            observed(&[(2, 1), (3, 8), (4, 12), (5, 16)]),
            Some((4, 4, 3, 5))
        );
    }
}
