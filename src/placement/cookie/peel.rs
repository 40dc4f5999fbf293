//! Peeling (the parent module's essay, *Beyond the census*): from a lower bound found
//! among the cookies that link within fewer steps, every line-connected cookie at
//! least as good is listed by levels built up from pairs, each level's threshold
//! justified by a counting lemma, which makes the bound exact ([`peel`]); [`beyond`]
//! carries a census on size by size this way and says where and why it stops
//! ([`PeelError`]). The levels are the certificate a report prints ([`Peeled`]).

use super::*;

/// What [`beyond`] settled past the census.
#[derive(Clone, Debug, Default)]
pub struct Beyond {
    /// Each size settled by peeling, with its levels (its cookies moved into the census).
    pub peeled: BTreeMap<usize, Peeled>,
    /// The first size not settled, and why.
    pub stuck: Option<(usize, PeelError)>,
}

/// The census `sizes` carried on towards `t_max` cells by [`peel`]: each further size
/// is peeled from the best cookie `near` found of that size (a lower bound, from
/// [`census_within`]), or from `floor[s]` if that is lower; its entry gets `best` and
/// `best_cookies` and, with a floor, the irreducible cookies at or above it as
/// [`kept`] gives them. Stops at the first size it cannot settle and says why.
///
/// Arguments as for [`peel`]; `sizes` must hold sizes `0..` in order (at least `0..=1`).
pub fn beyond(
    game: &Game,
    sizes: &mut Vec<SizeCensus>,
    near: &[SizeCensus],
    t_max: usize,
    group: &[Vec<i64>],
    limit: f64,
    floor: Option<&[u32]>,
) -> Beyond {
    let mut out = Beyond::default();
    let mut scratch = Scratch {
        rest: Vec::new(),
        lines: Lines::new(&game.directions),
        pairs: Vec::new(),
    };
    for s in sizes.len()..=t_max {
        let Some(target) = near.get(s).map(|e| e.best).filter(|&b| b > 0) else {
            out.stuck = Some((s, PeelError::NoStart { size: s }));
            break;
        };
        let least = floor.map(|f| f[s].max(1));
        let upper: Vec<u32> = sizes.iter().map(|e| e.best).collect();
        let start = least.map_or(target, |l| l.min(target));
        let mut p = match peel(game, s, start, &upper, group, limit) {
            Ok(p) => p,
            Err(e) => {
                out.stuck = Some((s, e));
                break;
            }
        };
        let kept = least.map_or(Vec::new(), |l| {
            std::mem::take(&mut p.cookies)
                .into_iter()
                .filter(|c| {
                    let bn = blocking_number(&c.cells, c.parts, game);
                    bn >= l && irreducible(&c.cells, c.parts, bn, game, &mut scratch)
                })
                .collect()
        });
        sizes.push(SizeCensus {
            sets: 0,
            best: p.best,
            best_cookies: std::mem::take(&mut p.best_cookies),
            kept,
        });
        out.peeled.insert(s, p);
    }
    out
}

/// What [`peel`] found: every line-connected cookie of `s` cells blocking at least a
/// target, found by growing cookies one cell at a time through levels of rising
/// thresholds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Peeled {
    /// Per size `j = 2..=s` (index `j`): the threshold `T_j` and how many cookies, up to
    /// translation, symmetry and the exchange of parts, block at least it.
    pub levels: Vec<(u32, u64)>,
    /// Cookies scored, over all levels.
    pub scored: u64,
    /// The largest blocking number among the cookies of `s` cells at or above the target
    /// (0 if there are none: then `c_s` is below the target).
    pub best: u32,
    /// The cookies of `s` cells attaining `best`, up to translation, in normal form,
    /// sorted (as [`SizeCensus::best_cookies`]).
    pub best_cookies: Vec<Cookie>,
    /// Every cookie of `s` cells blocking at least the target, up to translation, in
    /// normal form, sorted.
    pub cookies: Vec<Cookie>,
}

/// Why [`peel`] cannot conclude.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PeelError {
    /// A cookie of `size` cells split into line-components could reach the level's
    /// threshold with one component blocking nothing, so that component has no target
    /// to be peeled from.
    #[error(
        "cookies of {size} cells split into line-components may block {reach} ≥ the threshold {threshold} without one of them"
    )]
    Disconnected {
        size: usize,
        threshold: u32,
        reach: u32,
    },
    /// No cookie of `size` cells was found to take the target from.
    #[error("no cookie of {size} cells to start from within the budget")]
    NoStart { size: usize },
    /// Growing a level would score more cookies than allowed.
    #[error(
        "cookies of {size} cells: about {estimate:.1e} to score, beyond the limit of {limit:.0e}"
    )]
    Budget {
        size: usize,
        estimate: f64,
        limit: f64,
    },
}

/// Every line-connected cookie of `s` cells blocking at least `target` windows, up to
/// translation: `c_s` exactly when some cookie reaches `target` (a lower bound found
/// elsewhere), and a proof that `c_s < target` when none does.
///
/// Arguments: the game; `s ≥ 2`; `target ≥ 1`; `upper[j]` for `j < s` an upper bound on
/// `c_j` (the exact values below `s`, `upper[1] = 0`), used to show that each level
/// needs only line-connected cookies; `group` the symmetries of the directions
/// ([`crate::core::board::directions::symmetries`], or the identity alone); `limit` the most
/// cookies one level may score, checked before the level is grown.
///
/// # Why it is exhaustive (docs/spec.md §10)
///
/// *Peeling.* Take a cookie `C` of `j ≥ 3` cells blocking `b > 0`. A window blocked by
/// `C` is freed by taking a cell `x` out (the rest keeping their parts) only when `x`
/// is the one cell of its part in the window, so each window is freed by at most two
/// cells: the losses sum to at most `2b`, and some cell loses at most `2b/j`. So `C`
/// has a cell whose removal leaves a cookie of `j − 1` cells blocking at least
/// `⌈b(j − 2)/j⌉`. With `T_s = target` and `T_{j−1} = ⌈T_j (j − 2)/j⌉`, every cookie of
/// level `j` (blocking `≥ T_j`) is a cookie of level `j − 1` plus one cell.
///
/// *Two ways up.* If the smaller cookie `C − x` is line-connected it is in level
/// `j − 1`, and `x` is linked to it (within `k − 1` steps along a direction of one of
/// its cells): growing each cookie of level `j − 1` by every linked cell, in either
/// part, finds `C`. If not, its line-components (which block the sum of their numbers)
/// are each line-connected and each linked to `x`; for every split of `j − 1` cells
/// into two or more sizes whose best values (`upper`) can add up to `T_{j−1}`, a
/// component of `i` cells blocks at least `T_{j−1}` minus the best of the others, and
/// peeling `i` cells from that target lists it. Placing `x` at the origin and one such
/// component of each size around it, linked to the origin, in every part, finds `C`.
/// When a component's target would be 0 (the others alone may reach `T_{j−1}`) this
/// is impossible and the function returns [`PeelError::Disconnected`].
///
/// Levels are kept up to translation, the symmetries of the directions and the
/// exchange of the parts (the blocking number is invariant under all three, and growing
/// one representative reaches a representative of every orbit above it); the last
/// level is expanded back to every cookie up to translation.
///
/// # Complexity
///
/// `O(Σ_j |level j−1| · 2n(k − 1)(j − 1) · j n)`: each cookie of a level is grown by
/// every linked cell in each part and scored. The levels are small when the target is
/// close to `c_s`, because near-best cookies are rare.
///
/// ```
/// use amoba::placement::cookie::{Game, census, peel};
/// let game = Game { directions: vec![[1, 0], [0, 1], [1, 1], [1, -1]], k: 5 };
/// let c = census(&game, 5);
/// let upper: Vec<u32> = c.iter().map(|e| e.best).collect();
/// let identity = vec![vec![1, 0, 0, 1]];
/// let p = peel(&game, 5, c[5].best, &upper, &identity, 1e6).unwrap();
/// assert_eq!((p.best, &p.best_cookies), (c[5].best, &c[5].best_cookies));
/// // Nothing blocks more.
/// assert_eq!(peel(&game, 5, c[5].best + 1, &upper, &identity, 1e6).unwrap().best, 0);
/// ```
pub fn peel(
    game: &Game,
    s: usize,
    target: u32,
    upper: &[u32],
    group: &[Vec<i64>],
    limit: f64,
) -> Result<Peeled, PeelError> {
    assert!((2..=16).contains(&s) && target >= 1 && upper.len() >= s);
    let canonical = |c: &Cookie| c.least_image(group);
    // The thresholds, from the top down.
    let mut threshold = vec![0u32; s + 1];
    threshold[s] = target;
    for j in (3..=s).rev() {
        threshold[j - 1] = (threshold[j] * (j as u32 - 2)).div_ceil(j as u32);
    }
    let k = game.k as i64;
    let offsets = linked_offsets(&game.directions, k - 1);
    let mut out = Peeled {
        levels: vec![(0, 0); s + 1],
        ..Peeled::default()
    };
    // Level 2: two cells of a line, `g < k` steps apart, block `k − g`.
    let mut level: Vec<Cookie> = offsets
        .iter()
        .filter(|o| after(**o))
        .map(|&o| Cookie::normal(&[[0, 0], o], 0b10))
        .filter(|c| blocking_number(&c.cells, c.parts, game) >= threshold[2])
        .map(|c| canonical(&c))
        .collect();
    level.sort();
    level.dedup();
    out.levels[2] = (threshold[2], level.len() as u64);
    // Cookies of a level whose peeled cookie is not line-connected.
    let split = Split {
        game,
        upper,
        group,
        limit,
        offsets: &offsets,
    };
    for j in 3..=s {
        // Each cookie of the level is grown by its linked cells, in either part.
        let estimate = level.len() as f64 * ((j - 1) * offsets.len() * 2) as f64;
        if estimate > limit {
            return Err(PeelError::Budget {
                size: j,
                estimate,
                limit,
            });
        }
        let grown: Vec<(Vec<Cookie>, u64)> = level
            .par_iter()
            .map(|c| {
                let mut lines = Lines::new(&game.directions);
                lines.fill(&c.cells);
                let mut found = Vec::new();
                let mut next: Vec<Cookie> = Vec::new();
                let mut seen: Vec<Cell> = c.cells.clone();
                let mut scored = 0u64;
                let mut cells = c.cells.clone();
                for x in &c.cells {
                    for o in &offsets {
                        let n = [x[0] + o[0], x[1] + o[1]];
                        if seen.contains(&n) {
                            continue;
                        }
                        seen.push(n);
                        lines.push(n);
                        lines.pairs(k, &mut found);
                        for part in [0u32, 1] {
                            let parts = c.parts | part << (j - 1);
                            scored += 1;
                            if pairs_count(&found, parts, k) >= threshold[j] {
                                cells.push(n);
                                next.push(canonical(&Cookie::normal(&cells, parts)));
                                cells.pop();
                            }
                        }
                        lines.pop();
                    }
                }
                next.sort();
                next.dedup();
                (next, scored)
            })
            .collect();
        level = grown.iter().flat_map(|(n, _)| n.iter().cloned()).collect();
        let (more, scored) = split.grow(j, &threshold)?;
        level.extend(more.iter().map(&canonical));
        level.sort();
        level.dedup();
        out.scored += scored + grown.iter().map(|(_, n)| n).sum::<u64>();
        out.levels[j] = (threshold[j], level.len() as u64);
    }
    // Back to every cookie up to translation: the images of each representative.
    let mut all: Vec<(u32, Cookie)> = level
        .iter()
        .flat_map(|c| {
            let b = blocking_number(&c.cells, c.parts, game);
            group.iter().map(move |m| (b, c.image(m)))
        })
        .collect();
    all.sort_by(|x, y| x.1.cmp(&y.1));
    all.dedup();
    out.best = all.iter().map(|x| x.0).max().unwrap_or(0);
    out.best_cookies = all
        .iter()
        .filter(|x| x.0 == out.best)
        .map(|x| x.1.clone())
        .collect();
    out.cookies = all.into_iter().map(|x| x.1).collect();
    Ok(out)
}

/// The other way into a level of [`peel`]: a cookie `C` of `j` cells whose peeled
/// cookie `C − x` is not line-connected. Each line-component of `C − x` is then linked
/// to `x` (`C` is line-connected) and line-connected itself, and together they block at
/// least `T_{j−1}`; so a component of `i` cells blocks at least `T_{j−1}` minus the
/// best the other components can block (`upper`), and is found by peeling `i` cells
/// from that target. `C` is `x` at the origin, in either part, with one such
/// component of each size of a split of `j − 1` cells, each in either part and placed
/// with one of its cells linked to the origin.
pub(super) struct Split<'a> {
    pub(super) game: &'a Game,
    pub(super) upper: &'a [u32],
    pub(super) group: &'a [Vec<i64>],
    pub(super) limit: f64,
    pub(super) offsets: &'a [Cell],
}

/// One component to place: its cells (the first at the origin), parts and blocking
/// number.
pub(super) type Piece = (Vec<Cell>, u32, u32);

impl Split<'_> {
    /// The cookies of `j` cells blocking at least `threshold[j]` grown from cookies of
    /// `j − 1` cells that are not line-connected but block at least `threshold[j − 1]`,
    /// and the cookies scored.
    pub(super) fn grow(
        &self,
        j: usize,
        threshold: &[u32],
    ) -> Result<(Vec<Cookie>, u64), PeelError> {
        let (n, floor) = (j - 1, threshold[j - 1]);
        let mut splits = Vec::new();
        split_sizes(n, n - 1, &mut Vec::new(), &mut splits);
        let mut out = Vec::new();
        let mut scored = 0u64;
        for sizes in splits {
            let total: u32 = sizes.iter().map(|&i| self.upper[i]).sum();
            if total < floor {
                continue;
            }
            // The components each size may use, in both parts.
            let mut pieces: Vec<Vec<Piece>> = Vec::new();
            let mut estimate = 2.0;
            for &i in &sizes {
                let list = if i == 1 {
                    vec![(vec![[0, 0]], 0, 0), (vec![[0, 0]], 1, 0)]
                } else {
                    // The others may block at most `others`; this one the rest.
                    let others = total - self.upper[i];
                    let target = floor.saturating_sub(others);
                    if target == 0 {
                        return Err(PeelError::Disconnected {
                            size: n,
                            threshold: floor,
                            reach: total,
                        });
                    }
                    let found = peel(self.game, i, target, self.upper, self.group, self.limit)?;
                    scored += found.scored;
                    let mask = (1u32 << i) - 1;
                    found
                        .cookies
                        .iter()
                        .flat_map(|c| {
                            let b = blocking_number(&c.cells, c.parts, self.game);
                            [
                                (c.cells.clone(), c.parts, b),
                                (c.cells.clone(), !c.parts & mask, b),
                            ]
                        })
                        .collect()
                };
                estimate *= (list.len() * i * self.offsets.len()) as f64;
                pieces.push(list);
            }
            if estimate > self.limit {
                return Err(PeelError::Budget {
                    size: j,
                    estimate,
                    limit: self.limit,
                });
            }
            let rest: Vec<u32> = (0..=sizes.len())
                .map(|q| sizes[q..].iter().map(|&i| self.upper[i]).sum())
                .collect();
            let mut cells = vec![[0, 0]];
            let mut parts = 0u32;
            self.place(
                &pieces,
                &rest,
                floor,
                0,
                0,
                &mut cells,
                &mut parts,
                &mut |cells, parts| {
                    for x in [0u32, 1] {
                        scored += 1;
                        let parts = parts | x;
                        if blocking_number(cells, parts, self.game) >= threshold[j] {
                            out.push(Cookie::normal(cells, parts));
                        }
                    }
                },
            );
        }
        Ok((out, scored))
    }

    /// Places component `q` onward (cells and parts appended after the origin), each
    /// with a cell linked to the origin, while the components can still block `floor`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn place(
        &self,
        pieces: &[Vec<Piece>],
        rest: &[u32],
        floor: u32,
        q: usize,
        blocked: u32,
        cells: &mut Vec<Cell>,
        parts: &mut u32,
        each: &mut dyn FnMut(&[Cell], u32),
    ) {
        if q == pieces.len() {
            each(cells, *parts);
            return;
        }
        for (shape, bits, b) in &pieces[q] {
            if blocked + b + rest[q + 1] < floor {
                continue;
            }
            for anchor in shape {
                for o in self.offsets {
                    // The anchor cell lands on the linked cell o.
                    let at = |c: &Cell| [c[0] - anchor[0] + o[0], c[1] - anchor[1] + o[1]];
                    if shape.iter().any(|c| cells.contains(&at(c))) {
                        continue;
                    }
                    let (len, before) = (cells.len(), *parts);
                    cells.extend(shape.iter().map(at));
                    *parts |= bits << len;
                    self.place(pieces, rest, floor, q + 1, blocked + b, cells, parts, each);
                    cells.truncate(len);
                    *parts = before;
                }
            }
        }
    }
}

/// The splits of `n` cells into two or more parts, sizes non-increasing, none above
/// `most`.
pub(super) fn split_sizes(n: usize, most: usize, now: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    if n == 0 {
        if now.len() >= 2 {
            out.push(now.clone());
        }
        return;
    }
    for i in (1..=most.min(n)).rev() {
        now.push(i);
        split_sizes(n - i, i, now, out);
        now.pop();
    }
}
