//! Tight t-placements on a periodic board (docs/spec.md §10): which cookies they may
//! use, and the exact cover that finds, counts and classifies them.
//!
//! # When a placement must be tight
//!
//! On a board `Z²/Λ` of `N` cells with `n` directions there are `n·N` classes of winning
//! sets, and a class blocked by the translates of one cookie is blocked as often as the
//! cookie blocks windows of that class, so `Σ_cookies bn(C) ≥ n·N = n·Σ_cookies |C|`
//! for a good periodic placement. Let `ρ` be the largest blocking number per cell of a
//! line-connected cookie of at most `t` cells ([`super::cookie`]; by additivity no
//! cookie does better). Then
//!
//! * `ρ < n`: no good periodic t-placement exists, on any lattice (the count fails);
//! * `ρ = n`: a good placement is **tight**: every cookie blocks exactly `n` windows
//!   per cell and every winning set is blocked exactly once. Splitting each cookie into
//!   its line-components keeps both properties (a component in one part would block
//!   nothing and break the equality), so the tight placements are, up to that
//!   refinement, the exact covers below;
//! * `ρ > n`: a good placement may waste blocks; [`super::covering`] searches those.
//!
//! # The exact cover
//!
//! Columns: the `N` cells, then the `n·N` window classes `(direction f, first cell s)`
//! as `f·N + s`. Rows: every *piece* — a line-connected cookie of at most `t` cells that
//! blocks `n·|C|` windows — translated to each cell of the board, kept when its cells
//! are pairwise incongruent modulo Λ and so are the windows it blocks. An exact cover
//! is a tight placement whose cookies are line-connected; the count of such covers is
//! the count of placements of the plane with period Λ (two translates of a piece by a
//! vector of Λ are the same cookie of the plane, so each is one row).
//!
//! # Symmetry
//!
//! The board's symmetries are `x ↦ M·x + τ` for `τ` a cell and `M` in the point group
//! of Λ and the directions ([`crate::core::board::group::point_group`]); they map pieces to
//! pieces. A placement is written, cell by cell, as the *shape seen from the cell*:
//! the offsets of its cookie's cells from it and whether each is in its own part. The
//! canonical form of a class is the least such array over the group, so classes are
//! counted by a hash set of canonical forms, and each class's stabiliser order is the
//! number of symmetries that fix it (checked by `Σ |G|/|stabiliser|` = labelled count).
//! [`Cover::census`] searches only placements holding the representative of their
//! least piece type at cell 0, which reaches every class; columns that meet exactly the
//! same rows are merged first (on the 6×6 torus with `k = 7` the six window classes of a
//! line are covered together). Together they took the count of tight 3-placements of
//! 7-in-a-row on the 6×6 torus from 252,603,026 nodes to 3,667,698 (BENCHMARKS.md).
//!
//! # The plane
//!
//! [`local_cover`] asks whether the pieces of a tight placement can cover an `m × m`
//! square (cells and windows inside it once, nothing twice); if not, no tight placement
//! of the plane exists, periodic or not (docs/spec.md §10). [`plane`] tries growing
//! squares, [`on_lattices`] every lattice up to an index.
//!
//! # Reference
//!
//! The exact cover is solved by [`crate::solvers::dlx`] (Knuth's dancing links).

use super::cookie::{self, Cell, Cookie, Game};
use super::covering::{cell_at, translated};
use crate::core::board::group::{Matrix, apply};
use crate::core::board::lattice::Lattice;
use crate::solvers::dlx::{Dlx, Stats};
use std::collections::HashMap;

mod classes;

pub use classes::Classes;
use classes::piece_types;

/// How the best blocking number per cell compares with the directions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tightness {
    /// `ρ < n`: no good t-placement exists (counting).
    Below,
    /// `ρ = n`: a good t-placement is tight; these are its pieces.
    Tight,
    /// `ρ > n`: a good t-placement need not be tight.
    Above,
}

/// Most nodes of each tight search unless the caller says otherwise (`--node-limit`).
pub const NODE_LIMIT: u64 = 1_000_000_000;

/// Why the exact cover cannot answer for a game: its best cookie blocks more than one
/// winning set per cell and direction, so a good placement may block some sets twice
/// and need not be tight ([`Tightness::Above`]).
#[derive(Debug, thiserror::Error)]
#[error(
    "{t}-placements of {k}-in-a-row need not be tight: the best cookie blocks {best} \
     winning sets per {size} cells, more than {n} per cell, so a good placement may \
     block some sets twice; this command searches tight placements (exact covers) \
     only: `amoba covering` searches the others"
)]
pub struct NeedNotBeTight {
    /// The largest cookie size.
    pub t: usize,
    /// Cells in a winning set.
    pub k: usize,
    /// The best blocking number of a cookie of `size` cells.
    pub best: u32,
    /// The size of that cookie.
    pub size: usize,
    /// The number of directions.
    pub n: usize,
}

/// The cookies of a game up to `t` cells, and what they say about t-placements.
#[derive(Clone, Debug)]
pub struct Cookies {
    /// The game.
    pub game: Game,
    /// The largest cookie size.
    pub t: usize,
    /// Per size `s = 0..=t`: line-connected sets, best blocking number `c_s`, best
    /// cookies.
    pub sizes: Vec<cookie::SizeCensus>,
    /// The best blocking number per cell, as the pair `(c_s, s)` of the smallest size
    /// attaining it.
    pub ratio: (u32, usize),
    /// Below, equal to or above the number of directions.
    pub tightness: Tightness,
    /// The pieces of a tight placement (line-connected cookies of at most `t` cells with
    /// blocking number `n·|C|`), sorted; empty unless tight.
    pub pieces: Vec<Cookie>,
}

impl Cookies {
    /// Whether the exact cover answers for this game: `Ok(true)` when the placements
    /// are tight, `Ok(false)` when counting alone says none exists ([`Tightness::Below`]).
    ///
    /// *Errors*: [`NeedNotBeTight`] when good placements may block a set twice.
    pub fn exact_cover(&self) -> Result<bool, NeedNotBeTight> {
        let (best, size) = self.ratio;
        match self.tightness {
            Tightness::Below => Ok(false),
            Tightness::Tight => Ok(true),
            Tightness::Above => Err(NeedNotBeTight {
                t: self.t,
                k: self.game.k,
                best,
                size,
                n: self.game.directions.len(),
            }),
        }
    }

    /// The census of every line-connected cookie of at most `t` cells (exhaustive).
    pub fn new(game: &Game, t: usize) -> Cookies {
        Cookies::from_census(game, t, &cookie::census(game, t))
    }

    /// The same from a census of at least `t` cells ([`cookie::census`]), so that one
    /// census serves every `t` up to its own.
    pub fn from_census(game: &Game, t: usize, census: &[cookie::SizeCensus]) -> Cookies {
        let sizes = census[..=t].to_vec();
        let mut ratio = (0u32, 1usize);
        for (s, e) in sizes.iter().enumerate().skip(2) {
            // e.best / s > ratio.0 / ratio.1, in integers.
            if u64::from(e.best) * ratio.1 as u64 > u64::from(ratio.0) * s as u64 {
                ratio = (e.best, s);
            }
        }
        let n = game.directions.len();
        let tightness = match (ratio.0 as usize).cmp(&(n * ratio.1)) {
            std::cmp::Ordering::Less => Tightness::Below,
            std::cmp::Ordering::Equal => Tightness::Tight,
            std::cmp::Ordering::Greater => Tightness::Above,
        };
        let pieces = if tightness == Tightness::Tight {
            let mut p: Vec<Cookie> = sizes
                .iter()
                .enumerate()
                .filter(|&(s, e)| e.best as usize == n * s && s >= 2)
                .flat_map(|(_, e)| e.best_cookies.iter().cloned())
                .collect();
            p.sort();
            p
        } else {
            Vec::new()
        };
        Cookies {
            game: game.clone(),
            t,
            sizes,
            ratio,
            tightness,
            pieces,
        }
    }
}

/// One row of the exact cover: a piece at a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Index into the pieces.
    pub piece: usize,
    /// The plane coordinates of the piece's first cell (a cell of the fundamental
    /// domain).
    pub at: Cell,
    /// The cells covered.
    pub cells: Vec<u32>,
}

/// The exact-cover problem of tight placements on one board `Z²/Λ`.
pub struct Cover {
    /// The period lattice (2-D).
    pub lattice: Lattice,
    /// The game and pieces.
    pub cookies: Cookies,
    /// The rows, in order of cell then piece.
    pub rows: Vec<Row>,
    /// The columns of each row: cells, then window classes, with columns that meet
    /// exactly the same rows kept once (covering one covers the others).
    columns: Vec<Vec<u32>>,
    ncolumns: usize,
}

/// A tight placement: the rows chosen, sorted.
pub type Placement = Vec<u32>;

/// What a classifying enumeration found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// Symmetry classes.
    pub classes: u64,
    /// Labelled placements, `Σ |G| / |stabiliser|` over the classes.
    pub labelled: u64,
    /// `(stabiliser order, classes)`, increasing.
    pub by_stabiliser: Vec<(u64, u64)>,
    /// The least canonical placement (rows), if any.
    pub first: Option<Placement>,
    /// Search statistics, summed over the searches.
    pub stats: Stats,
}

impl Cover {
    /// The exact cover of tight placements of `cookies` on `Z²/lattice`.
    ///
    /// Complexity: `O(N · pieces · (t + n·k))`.
    pub fn new(lattice: &Lattice, cookies: &Cookies) -> Cover {
        assert_eq!(lattice.dim(), 2, "placements live in the plane");
        let n = lattice.index();
        let windows: Vec<Vec<cookie::Window>> = cookies
            .pieces
            .iter()
            .map(|p| cookie::blocked_windows(p, &cookies.game))
            .collect();
        let mut rows = Vec::new();
        let mut columns = Vec::new();
        for c in 0..n {
            let at = cell_at(lattice, c);
            for (pi, p) in cookies.pieces.iter().enumerate() {
                let (mut cells, blocked) = translated(lattice, p, &windows[pi], at);
                // Window class w is column N + w, after the cells.
                let mut cols = cells.clone();
                cols.extend(blocked.iter().map(|&w| n as u32 + w));
                let len = cols.len();
                cols.sort_unstable();
                cols.dedup();
                if cols.len() < len {
                    continue; // two cells, or two windows, congruent modulo Λ
                }
                cells.sort_unstable();
                rows.push(Row {
                    piece: pi,
                    at,
                    cells,
                });
                columns.push(cols);
            }
        }
        // Columns met by exactly the same rows are one constraint: keep the first.
        let ncolumns = n * (1 + cookies.game.directions.len());
        let mut meets: Vec<Vec<u32>> = vec![Vec::new(); ncolumns];
        for (r, cols) in columns.iter().enumerate() {
            for &c in cols {
                meets[c as usize].push(r as u32);
            }
        }
        let mut first_with: HashMap<&[u32], u32> = HashMap::new();
        let mut keep = vec![u32::MAX; ncolumns];
        for (c, m) in meets.iter().enumerate() {
            let next = first_with.len() as u32;
            let id = *first_with.entry(m.as_slice()).or_insert(next);
            if id == next {
                keep[c] = id;
            }
        }
        let merged = first_with.len();
        for cols in &mut columns {
            cols.retain_mut(|c| {
                *c = keep[*c as usize];
                *c != u32::MAX
            });
        }
        Cover {
            lattice: lattice.clone(),
            cookies: cookies.clone(),
            rows,
            columns,
            ncolumns: merged,
        }
    }

    /// The number of columns after merging.
    pub fn ncolumns(&self) -> usize {
        self.ncolumns
    }

    /// Every tight placement, in the search's order: `visit` returns whether to go on.
    /// Stops after `limit` nodes if given.
    pub fn search(&self, limit: Option<u64>, visit: &mut dyn FnMut(&[u32]) -> bool) -> Stats {
        if self.cookies.tightness != Tightness::Tight {
            return Stats::default();
        }
        let mut x = Dlx::new(self.ncolumns, &self.columns);
        x.search(limit, visit)
    }

    /// One tight placement, or none (with the search's statistics).
    pub fn find_one(&self, limit: Option<u64>) -> (Option<Placement>, Stats) {
        let mut found = None;
        let stats = self.search(limit, &mut |rows| {
            let mut r = rows.to_vec();
            r.sort_unstable();
            found = Some(r);
            false
        });
        let stats = Stats {
            cut: stats.cut && found.is_none(),
            ..stats
        };
        (found, stats)
    }

    /// Every class of tight placements under the board's symmetries (`point_group`:
    /// the matrices that preserve the lattice and the directions, identity first).
    ///
    /// Pieces fall into *types*, their orbits under the point group. Every placement
    /// has a least type present, and a symmetry maps one of its pieces of that type onto
    /// the type's representative at cell 0; so it is enough to search, type by type,
    /// the placements that contain that representative and no piece of a smaller type,
    /// and to canonicalise what they find ([`Classes`]). `progress(classes so far)` is
    /// called now and then.
    ///
    /// Complexity: the searches, plus `O(|G| · N)` per placement found in the worst
    /// case (the comparisons usually stop after a few cells).
    pub fn census(&self, point_group: &[Matrix], progress: &mut dyn FnMut(u64)) -> Census {
        let mut classes = Classes::new(self, point_group);
        let mut census = Census::default();
        if self.cookies.tightness != Tightness::Tight {
            return census;
        }
        let types = piece_types(&self.cookies.pieces, point_group);
        let ntypes = types.iter().max().map_or(0, |&t| t + 1);
        for ty in 0..ntypes {
            let rep = types.iter().position(|&t| t == ty).expect("types are 0..n");
            let Some(forced) = self
                .rows
                .iter()
                .position(|r| r.piece == rep && r.at == [0, 0])
            else {
                continue; // this type cannot lie on this board
            };
            let allowed: Vec<usize> = (0..self.rows.len())
                .filter(|&r| types[self.rows[r].piece] >= ty)
                .collect();
            let cols: Vec<Vec<u32>> = allowed.iter().map(|&r| self.columns[r].clone()).collect();
            let mut x = Dlx::new(self.ncolumns, &cols);
            let local = allowed.iter().position(|&r| r == forced).expect("allowed");
            if !x.force(local as u32) {
                continue;
            }
            let mut placement = Vec::new();
            let stats = x.search(None, &mut |chosen| {
                placement.clear();
                placement.push(forced as u32);
                placement.extend(chosen.iter().map(|&r| allowed[r as usize] as u32));
                placement.sort_unstable();
                classes.add(self, &placement);
                if classes.labelled.is_multiple_of(4096) {
                    progress(classes.count() as u64);
                }
                true
            });
            census.stats.nodes += stats.nodes;
            census.stats.solutions += stats.solutions;
            progress(classes.count() as u64);
        }
        census.classes = classes.count() as u64;
        census.labelled = classes.orbit_sum();
        census.by_stabiliser = classes.by_stabiliser();
        census.first = classes.least(self);
        census
    }

    /// The placement in the text form of docs/spec.md §10 (FORMATS.md, *Placement
    /// files*): the game, the lattice, then one cookie per line.
    pub fn text(&self, placement: &[u32]) -> String {
        let cookies: Vec<super::covering::PlaneCookie> = placement
            .iter()
            .map(|&r| {
                let row = &self.rows[r as usize];
                let p = &self.cookies.pieces[row.piece];
                p.cells
                    .iter()
                    .enumerate()
                    .map(|(i, o)| ([row.at[0] + o[0], row.at[1] + o[1]], p.in_b(i)))
                    .collect()
            })
            .collect();
        super::covering::text(&self.cookies.game, self.cookies.t, &self.lattice, &cookies)
    }
}

/// Whether a tight placement of the whole plane can cover the `m × m` square.
///
/// Take any tight placement of the plane (periodic or not) and keep the cookies that
/// meet the square `R = [0, m)²`: they cover each cell of `R` once, block each window
/// inside `R` once (a cookie blocking it meets it, so meets `R`), and block no window
/// twice. This is an exact cover with the cells and windows of `R` as primary columns
/// and every other cell and window the kept cookies touch as secondary ones. So if it
/// has no solution, **no tight placement exists at all**, on any lattice or none.
///
/// Returns the cover found (the cookies, each as its first cell and piece index) or
/// `None`, with the search statistics; `limit` bounds the nodes.
pub fn local_cover(
    cookies: &Cookies,
    m: i64,
    limit: Option<u64>,
) -> (Option<Vec<(Cell, usize)>>, Stats) {
    let game = &cookies.game;
    let k = game.k as i64;
    let inside = |c: Cell| (0..m).contains(&c[0]) && (0..m).contains(&c[1]);
    let window_inside = |f: usize, s: Cell| {
        let v = game.directions[f];
        inside(s) && inside([s[0] + (k - 1) * v[0], s[1] + (k - 1) * v[1]])
    };
    // Primary columns first: the cells of R, then the windows inside R.
    let mut cell_col: HashMap<Cell, u32> = HashMap::new();
    let mut window_col: HashMap<(usize, Cell), u32> = HashMap::new();
    for y in 0..m {
        for x in 0..m {
            let n = cell_col.len() as u32;
            cell_col.insert([x, y], n);
        }
    }
    let mut next = cell_col.len() as u32;
    for f in 0..game.directions.len() {
        for y in 0..m {
            for x in 0..m {
                if window_inside(f, [x, y]) {
                    window_col.insert((f, [x, y]), next);
                    next += 1;
                }
            }
        }
    }
    let primary = next as usize;
    let windows: Vec<Vec<cookie::Window>> = cookies
        .pieces
        .iter()
        .map(|p| cookie::blocked_windows(p, game))
        .collect();
    let reach = cookies
        .pieces
        .iter()
        .flat_map(|p| p.cells.iter())
        .map(|c| c[0].abs().max(c[1].abs()))
        .max()
        .unwrap_or(0);
    let mut rows = Vec::new();
    let mut what = Vec::new();
    for y in -reach..m + reach {
        for x in -reach..m + reach {
            for (pi, p) in cookies.pieces.iter().enumerate() {
                let cells: Vec<Cell> = p.cells.iter().map(|o| [x + o[0], y + o[1]]).collect();
                if !cells.iter().any(|&c| inside(c)) {
                    continue;
                }
                let mut cols = Vec::new();
                for c in cells {
                    let n = next;
                    cols.push(*cell_col.entry(c).or_insert_with(|| {
                        next += 1;
                        n
                    }));
                }
                for &(f, s) in &windows[pi] {
                    let n = next;
                    cols.push(
                        *window_col
                            .entry((f, [x + s[0], y + s[1]]))
                            .or_insert_with(|| {
                                next += 1;
                                n
                            }),
                    );
                }
                rows.push(cols);
                what.push(([x, y], pi));
            }
        }
    }
    let mut x = Dlx::with_secondary(next as usize, primary, &rows);
    let mut found = None;
    let stats = x.search(limit, &mut |chosen| {
        let mut v: Vec<(Cell, usize)> = chosen.iter().map(|&r| what[r as usize]).collect();
        v.sort_unstable();
        found = Some(v);
        false
    });
    let stats = Stats {
        cut: stats.cut && found.is_none(),
        ..stats
    };
    (found, stats)
}

/// What squares of growing side say about tight placements of the whole plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plane {
    /// No tight placement covers the `side × side` square (exhaustive, `nodes` for
    /// that square, `total` for all squares tried): none exists.
    Excluded { side: i64, nodes: u64, total: u64 },
    /// Every square up to `side` can be covered: the plane does not exclude them.
    Covered { side: i64, total: u64 },
    /// The square of this side hit the node limit.
    Undecided { side: i64, nodes: u64 },
}

/// The largest square side [`plane`] is asked for from the command line.
pub const MAX_SIDE: i64 = 64;

/// [`local_cover`] on the squares of side `1..=max_side`, up to the first that no
/// tight placement covers; `on_side(side)` is called as each square's search begins
/// (for progress reports).
pub fn plane(
    cookies: &Cookies,
    max_side: i64,
    limit: Option<u64>,
    on_side: &mut dyn FnMut(i64),
) -> Plane {
    let mut total = 0;
    for side in 1..=max_side {
        on_side(side);
        let (found, stats) = local_cover(cookies, side, limit);
        total += stats.nodes;
        if found.is_none() {
            return if stats.cut {
                Plane::Undecided {
                    side,
                    nodes: stats.nodes,
                }
            } else {
                Plane::Excluded {
                    side,
                    nodes: stats.nodes,
                    total,
                }
            };
        }
    }
    Plane::Covered {
        side: max_side,
        total,
    }
}

/// Can `n` cells be split into pieces of these sizes? (A lattice whose index cannot
/// has no tight placement.)
pub fn reachable(n: usize, sizes: &[usize]) -> bool {
    let mut ok = vec![false; n + 1];
    ok[0] = true;
    for i in 1..=n {
        ok[i] = sizes.iter().any(|&s| s <= i && ok[i - s]);
    }
    ok[n]
}

/// What [`on_lattices`] calls for each lattice: the lattice, its board, the placement
/// found if any, the search's statistics; returns whether to go on.
pub type LatticeVisitor<'a> = dyn FnMut(&crate::core::board::directions::Candidate, &Cover, Option<&Placement>, &Stats) -> bool
    + 'a;

/// The search for one tight placement on each of `lattices` (typically one per orbit
/// of the symmetries of the directions, [`crate::core::board::directions::candidates`]), in order:
/// `each(candidate, board, placement found, statistics)` returns whether to go on.
/// Lattices whose index no sum of piece sizes reaches are skipped (none there).
pub fn on_lattices(
    cookies: &Cookies,
    lattices: &[crate::core::board::directions::Candidate],
    limit: Option<u64>,
    each: &mut LatticeVisitor,
) {
    let sizes: Vec<usize> = cookies.pieces.iter().map(|p| p.cells.len()).collect();
    for c in lattices {
        if !reachable(c.lattice.index(), &sizes) {
            continue;
        }
        let board = Cover::new(&c.lattice, cookies);
        let (p, stats) = board.find_one(limit);
        if !each(c, &board, p.as_ref(), &stats) {
            break;
        }
    }
}
