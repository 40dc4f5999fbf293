//! Good t-placements that may block a winning set more than once — *coverings* — on a
//! periodic board, found by a SAT solver (docs/spec.md §10).
//!
//! # What it computes
//!
//! When the best cookie of at most `t` cells blocks more than `n` winning sets per cell
//! (`n` directions), a good placement need not be tight, and the exact cover of
//! [`crate::placement::tight`] no longer describes it. This module asks instead: on the board
//! `Z²/Λ`, is there a set of cookies, drawn from a given list of *types* (cookies up to
//! translation), whose translates are pairwise disjoint and together block every class
//! of winning sets at least once? Such a *packing* becomes a good t-placement of the
//! plane with period Λ by [`complete`]: the cells no cookie holds join a cookie with
//! room, or pair up among themselves, or — one cell left and every cookie full — the
//! period is doubled and the two copies of the cell pair up. Blocking only grows when
//! cells are added to a cookie, so the placement stays good.
//!
//! # Why the types may be line-connected and irreducible
//!
//! Conversely, every good placement with period Λ gives such a packing: split each
//! cookie into its line-components (a component in one part blocks nothing; its cells
//! become free), then drop from each component, one at a time, cells whose removal
//! blocks nothing less. What remains are line-connected irreducible cookies of at most
//! `t` cells blocking every winning set: [`super::cookie::kept`] with floor 1 lists all
//! of them, so with that list an unsatisfiable formula **proves** that no good
//! t-placement has period Λ. With a higher floor (only cookies that block many sets)
//! the formula is smaller and a solution is still a good placement, but
//! unsatisfiability says only that none is built from those cookies.
//!
//! # The formula
//!
//! One variable per *row*: a type translated to a cell of the fundamental domain, kept
//! when its cells are pairwise incongruent modulo Λ (else its translates by Λ would
//! overlap). For each class of winning sets `(direction f, first cell s)`, a clause: one
//! of the rows blocking it. For each cell, at most one of the rows holding it: pairwise
//! for a few rows, by Sinz's sequential counter otherwise (C. Sinz, *Towards an optimal
//! CNF encoding of Boolean cardinality constraints*, CP 2005).
//!
//! # Symmetry breaking
//!
//! The translations of the plane and the symmetries of the directions that keep Λ map
//! packings to packings. The types fall into orbits under those symmetries, taken in a
//! fixed order; in any packing some orbit is the least with a type present, and moving
//! one of its cookies by a symmetry and a translation makes it the orbit's least type
//! with its first cell at cell 0. So the formula asks for exactly that: selector
//! variables "orbit `j` is the least present, and its least type starts at cell 0",
//! at least one of them true, and a chain `none_j` ("no type of an orbit before `j` is
//! used", each implying the one before) that forbids the earlier orbits' rows with one
//! binary clause per row. On the 4×4 torus this took the refutation of `t = 5, k = 5`
//! from 44 s to 2 s. When the types are not closed under the symmetries, each type is
//! an orbit of its own (only the translations are broken). The solver is CaDiCaL
//! (A. Biere et al.), run in rounds of a fixed number of conflicts so that long runs
//! report progress and a budget ends them; conflicts, not seconds, make the outcome the
//! same on every run and machine.

use super::cookie::{self, Cell, Cookie, Game};
use crate::core::board::lattice::Lattice;

/// A cookie of the plane: each cell with whether it is in part `b`.
pub type PlaneCookie = Vec<(Cell, bool)>;

/// One row: a type at a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Index into the types.
    pub kind: usize,
    /// The plane coordinates of the type's first cell (a cell of the fundamental domain).
    pub at: Cell,
    /// The cells held, as cells of the board.
    pub cells: Vec<u32>,
}

/// The packing problem on one board.
pub struct Covering {
    /// The period lattice (2-D).
    pub lattice: Lattice,
    /// The game.
    pub game: Game,
    /// The most cells in a cookie.
    pub t: usize,
    /// The cookie types, in normal form.
    pub types: Vec<Cookie>,
    /// The rows, in order of cell then type.
    pub rows: Vec<Row>,
    /// Per row, the window classes `f·N + s` it blocks, without repeats.
    blocks: Vec<Vec<u32>>,
    /// The types' orbits under the symmetries kept by the board, in a fixed order:
    /// per orbit, its least type (as an index into `types`), and per type its orbit.
    orbit_least: Vec<usize>,
    orbit_of: Vec<usize>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A good placement: its period lattice (Λ, or Λ with one basis vector doubled)
    /// and its cookies.
    Found(Lattice, Vec<PlaneCookie>),
    /// No packing of the types blocks every winning set (the solver's proof); `window`
    /// names a class no row blocks, when that alone is the reason.
    None { window: Option<(usize, Cell)> },
    /// The conflict budget ran out first.
    Unknown,
}

/// The size of the formula and the work done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Variables (rows and counter variables).
    pub variables: u64,
    /// Clauses.
    pub clauses: u64,
    /// Conflicts the solver was allowed, rounded up to whole rounds.
    pub conflicts: u64,
}

/// Conflicts per round of the solver.
pub const ROUND: u64 = 20_000;

impl Covering {
    /// The packing problem of `types` (normal forms, at most `t` cells) on
    /// `Z²/lattice`.
    ///
    /// Complexity: `O(N · types · (t + n·k))` for `N` cells and `n` directions.
    pub fn new(lattice: &Lattice, game: &Game, t: usize, types: &[Cookie]) -> Covering {
        assert_eq!(lattice.dim(), 2, "placements live in the plane");
        let n = lattice.index();
        let windows: Vec<Vec<cookie::Window>> = types
            .iter()
            .map(|p| cookie::blocked_windows(p, game))
            .collect();
        let mut rows = Vec::new();
        let mut blocks = Vec::new();
        for c in 0..n {
            let at = cell_at(lattice, c);
            for (kind, p) in types.iter().enumerate() {
                let (mut cells, mut b) = translated(lattice, p, &windows[kind], at);
                cells.sort_unstable();
                if cells.windows(2).any(|w| w[0] == w[1]) {
                    continue; // two cells congruent modulo Λ: its translates overlap
                }
                b.sort_unstable();
                b.dedup();
                rows.push(Row { kind, at, cells });
                blocks.push(b);
            }
        }
        let (orbit_least, orbit_of) = orbits(lattice, game, types);
        Covering {
            lattice: lattice.clone(),
            game: game.clone(),
            t,
            types: types.to_vec(),
            rows,
            blocks,
            orbit_least,
            orbit_of,
        }
    }

    /// Searches for a packing within `budget` conflicts (rounded up to whole rounds of
    /// [`ROUND`]); `progress(conflicts so far)` is called after each round that does not
    /// decide. A packing found is completed to a placement ([`complete`]).
    pub fn solve(&self, budget: u64, progress: &mut dyn FnMut(u64)) -> (Outcome, Stats) {
        let n = self.lattice.index();
        let classes = n * self.game.directions.len();
        let mut by_window: Vec<Vec<i32>> = vec![Vec::new(); classes];
        let mut by_cell: Vec<Vec<i32>> = vec![Vec::new(); n];
        for (r, (row, b)) in self.rows.iter().zip(&self.blocks).enumerate() {
            let var = r as i32 + 1;
            for &w in b {
                by_window[w as usize].push(var);
            }
            for &c in &row.cells {
                by_cell[c as usize].push(var);
            }
        }
        let mut stats = Stats::default();
        if let Some(w) = by_window.iter().position(|v| v.is_empty()) {
            return (
                Outcome::None {
                    window: Some((w / n, cell_at(&self.lattice, w % n))),
                },
                stats,
            );
        }
        let mut sat: cadical::Solver = cadical::Solver::new();
        let mut next = self.rows.len() as i32 + 1;
        for clause in &by_window {
            sat.add_clause(clause.iter().copied());
            stats.clauses += 1;
        }
        for xs in &by_cell {
            stats.clauses += at_most_one(&mut sat, xs, &mut next);
        }
        stats.clauses += self.break_symmetry(&mut sat, &mut next);
        stats.variables = next as u64 - 1;
        loop {
            sat.set_limit("conflicts", ROUND as i32)
                .expect("CaDiCaL knows the conflicts limit");
            stats.conflicts += ROUND;
            match sat.solve() {
                Some(true) => {
                    let chosen: Vec<usize> = (0..self.rows.len())
                        .filter(|&r| sat.value(r as i32 + 1) == Some(true))
                        .collect();
                    let (lattice, cookies) = complete(self, &chosen);
                    return (Outcome::Found(lattice, cookies), stats);
                }
                Some(false) => return (Outcome::None { window: None }, stats),
                None if stats.conflicts >= budget => return (Outcome::Unknown, stats),
                None => progress(stats.conflicts),
            }
        }
    }

    /// Adds the clauses that break the board's symmetries (module notes): some orbit
    /// `j` is the least with a type in the packing, no type of an earlier orbit is
    /// used, and the least type of orbit `j` starts at cell 0. Returns the clauses
    /// added; new variables come from `next`.
    ///
    /// Why no packing is lost: the translations of the plane and the symmetries in
    /// the orbits (those of the directions that keep Λ) map packings with period Λ to
    /// packings with period Λ. Take the least orbit with a type in the packing, one
    /// cookie of that orbit, the symmetry that maps its type to the orbit's least
    /// type, then the translation that brings that cookie's first cell to cell 0.
    fn break_symmetry(&self, sat: &mut cadical::Solver, next: &mut i32) -> u64 {
        let orbits = self.orbit_least.len();
        let mut clauses = 0;
        // none[j], j ≥ 1: no type of the orbits before j is used; none[j] ⇒ none[j − 1].
        let none: Vec<i32> = (0..orbits)
            .map(|_| {
                *next += 1;
                *next - 1
            })
            .collect();
        for j in 2..orbits {
            sat.add_clause([-none[j], none[j - 1]]);
            clauses += 1;
        }
        for (r, row) in self.rows.iter().enumerate() {
            let i = self.orbit_of[row.kind];
            if i + 1 < orbits {
                sat.add_clause([-none[i + 1], -(r as i32 + 1)]);
                clauses += 1;
            }
        }
        // Orbit j's least type at cell 0 (the rows at cell 0 come first), with none[j].
        let at_zero = self.rows.iter().take_while(|r| r.at == self.rows[0].at);
        let mut some = Vec::new();
        for (r, row) in at_zero.enumerate() {
            let j = self.orbit_of[row.kind];
            if self.orbit_least[j] != row.kind {
                continue;
            }
            *next += 1;
            let chosen = *next - 1;
            sat.add_clause([-chosen, r as i32 + 1]);
            clauses += 1;
            if j > 0 {
                sat.add_clause([-chosen, none[j]]);
                clauses += 1;
            }
            some.push(chosen);
        }
        sat.add_clause(some);
        clauses + 1
    }
}

/// The orbits of `types` under the symmetries of `game`'s directions that keep
/// `lattice`: per orbit (in the order of their least members) the index of its least
/// type, and per type its orbit. Every type is an orbit of its own when the list is not
/// closed under those symmetries (then only the translations are broken).
fn orbits(lattice: &Lattice, game: &Game, types: &[Cookie]) -> (Vec<usize>, Vec<usize>) {
    let index: std::collections::HashMap<&Cookie, usize> =
        types.iter().enumerate().map(|(i, c)| (c, i)).collect();
    let dirs: Vec<Vec<i64>> = game.directions.iter().map(|v| v.to_vec()).collect();
    let group: Vec<Vec<i64>> = crate::core::board::directions::symmetries(&dirs)
        .unwrap_or_default()
        .into_iter()
        .filter(|m| lattice.image(m) == *lattice)
        .collect();
    // Per type, the least image; None when an image is not a type.
    let least: Option<Vec<usize>> = types
        .iter()
        .map(|c| {
            group
                .iter()
                .map(|m| index.get(&c.image(m)).copied())
                .try_fold(usize::MAX, |best, i| i.map(|i| best.min(i)))
        })
        .collect();
    let least = least
        .filter(|l| l.iter().all(|&i| i < types.len()))
        .unwrap_or_else(|| (0..types.len()).collect());
    let mut reps: Vec<usize> = least.clone();
    reps.sort_unstable();
    reps.dedup();
    let orbit_of = least
        .iter()
        .map(|i| reps.binary_search(i).expect("a representative"))
        .collect();
    (reps, orbit_of)
}

/// The plane coordinates of cell `c` of the fundamental domain.
pub(super) fn cell_at(lattice: &Lattice, c: usize) -> Cell {
    let v = lattice.coords_of(c);
    [v[0], v[1]]
}

/// The cookie `p`, whose blocked windows are `windows`, with its first cell at `at`:
/// the board cells it holds and the window classes `f·N + s` it blocks, in the cookie's
/// order (repeats kept, so that a caller can tell congruent cells or windows).
pub(super) fn translated(
    lattice: &Lattice,
    p: &Cookie,
    windows: &[cookie::Window],
    at: Cell,
) -> (Vec<u32>, Vec<u32>) {
    let n = lattice.index();
    let cell = |o: &Cell| lattice.cell_of(&[at[0] + o[0], at[1] + o[1]]) as u32;
    let cells = p.cells.iter().map(cell).collect();
    let blocked = windows
        .iter()
        .map(|(f, s)| *f as u32 * n as u32 + cell(s))
        .collect();
    (cells, blocked)
}

/// Adds "at most one of `xs`" to `sat`, pairwise for up to five literals and by the
/// sequential counter otherwise (new variables from `next`); returns the clauses added.
fn at_most_one(sat: &mut cadical::Solver, xs: &[i32], next: &mut i32) -> u64 {
    if xs.len() <= 5 {
        let mut added = 0;
        for (i, &a) in xs.iter().enumerate() {
            for &b in &xs[i + 1..] {
                sat.add_clause([-a, -b]);
                added += 1;
            }
        }
        return added;
    }
    // s_i: one of xs[..=i] is true. x_i → s_i, s_{i−1} → s_i, x_i → ¬s_{i−1}.
    let s0 = *next;
    *next += xs.len() as i32 - 1;
    let s = |i: usize| s0 + i as i32;
    let last = xs.len() - 1;
    for (i, &x) in xs.iter().enumerate() {
        if i < last {
            sat.add_clause([-x, s(i)]);
        }
        if i > 0 {
            sat.add_clause([-x, -s(i - 1)]);
            if i < last {
                sat.add_clause([-s(i - 1), s(i)]);
            }
        }
    }
    3 * xs.len() as u64 - 4
}

/// The good placement from a packing `chosen` (rows of `board`): the cookies of the
/// rows, the free cells added (module notes). Returns the period lattice and the
/// cookies, each in the plane coordinates of one copy.
///
/// Free cells, in order: while two or more are left and `t ≥ 3` allows, the last three
/// when exactly three are left become one cookie, else two become a domino-like cookie
/// of two cells (parts one each); one left joins the first cookie with fewer than `t`
/// cells; if there is none, the period doubles along the first basis vector, every
/// cookie appears twice and the two copies of the cell pair up.
pub fn complete(board: &Covering, chosen: &[usize]) -> (Lattice, Vec<PlaneCookie>) {
    let n = board.lattice.index();
    let mut held = vec![false; n];
    let mut cookies: Vec<PlaneCookie> = Vec::new();
    for &r in chosen {
        let row = &board.rows[r];
        let p = &board.types[row.kind];
        for &c in &row.cells {
            held[c as usize] = true;
        }
        cookies.push(
            p.cells
                .iter()
                .enumerate()
                .map(|(i, o)| ([row.at[0] + o[0], row.at[1] + o[1]], p.in_b(i)))
                .collect(),
        );
    }
    let free: Vec<Cell> = (0..n)
        .filter(|&c| !held[c])
        .map(|c| cell_at(&board.lattice, c))
        .collect();
    let mut rest = free.as_slice();
    while rest.len() >= 2 {
        let take = if rest.len() == 3 && board.t >= 3 {
            3
        } else {
            2
        };
        cookies.push(
            rest[..take]
                .iter()
                .enumerate()
                .map(|(i, &c)| (c, i % 2 == 1))
                .collect(),
        );
        rest = &rest[take..];
    }
    let mut lattice = board.lattice.clone();
    if let [c] = rest {
        if let Some(room) = cookies.iter_mut().find(|k| k.len() < board.t) {
            room.push((*c, false));
        } else {
            let b = lattice.basis().to_vec();
            lattice = Lattice::new(&[vec![2 * b[0][0], 2 * b[0][1]], b[1].clone()])
                .expect("twice a basis vector keeps the lattice non-degenerate");
            let shift = |k: &PlaneCookie| -> PlaneCookie {
                k.iter()
                    .map(|&(x, part)| ([x[0] + b[0][0], x[1] + b[0][1]], part))
                    .collect()
            };
            let copies: Vec<PlaneCookie> = cookies.iter().map(shift).collect();
            cookies.extend(copies);
            cookies.push(vec![(*c, false), ([c[0] + b[0][0], c[1] + b[0][1]], true)]);
        }
    }
    (lattice, cookies)
}

/// The placement in the text form of docs/spec.md §10 (FORMATS.md, *Placement files*):
/// the game it blocks (`directions`, `k`, `t`), the lattice, then one cookie per line.
pub fn text(game: &Game, t: usize, lattice: &Lattice, cookies: &[PlaneCookie]) -> String {
    let b = lattice.basis();
    let directions: Vec<String> = game
        .directions
        .iter()
        .map(|d| format!("{},{}", d[0], d[1]))
        .collect();
    let mut s = format!(
        "directions {}\nk {}\nt {t}\nlattice {},{} {},{}\n",
        directions.join(" "),
        game.k,
        b[0][0],
        b[0][1],
        b[1][0],
        b[1][1]
    );
    for k in cookies {
        let cells: Vec<String> = k
            .iter()
            .map(|(c, part)| format!("{},{}:{}", c[0], c[1], if *part { 'b' } else { 'a' }))
            .collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}
