//! An independent counter of the labelled good pairings of an 8×8 torus game.
//!
//! # What it counts
//!
//! A game here is four directions `v_0 … v_3` on the 8×8 torus, each with lines of 8
//! cells (the rows, columns and diagonals of 9-in-a-row, or the rows, columns and
//! knight lines (1,2), (2,1) of the knight game). The counter counts the good
//! pairings (every cell in exactly one domino `{a, a + v_f}`, every line holding
//! exactly one domino of its own direction) that contain a given set of dominoes,
//! with no symmetry reduction: each labelled pairing is counted once. It also counts
//! the pairings left fixed by one symmetry of the torus (for Burnside's lemma).
//!
//! # How
//!
//! Plain backtracking over the cells in row-major order: the lowest free cell is
//! paired with each free neighbour whose line holds no domino yet. Two cheap
//! rules keep the tree small without changing its leaves:
//!
//! * *dead ends*: a branch stops as soon as some free cell cannot be paired any more
//!   or some empty line has no room left for a domino;
//! * *forced moves*: when an empty line has room for exactly one domino, or a free
//!   cell has exactly one partner left, that domino is placed first (unit
//!   propagation); only otherwise does the lowest free cell branch.
//!
//! Both rules only skip subtrees without leaves or reorder decisions that every leaf
//! makes anyway, so the count is that of the plain backtracking. When counting the
//! pairings fixed by a symmetry `g`, placing a domino places its whole orbit under
//! `g` (and fails when the orbit overlaps itself or puts two dominoes on a line):
//! every fixed pairing contains the orbit of each of its dominoes, so the same
//! branching counts each fixed pairing once.
//!
//! # Layout
//!
//! Everything here is written from the definition and shares nothing with the
//! library: cell `(x, y)` is bit `8y + x` of a `u64`; the 32 lines are bits of a `u32`,
//! 8 per direction: the line of direction `v_f = (a, b)` through `(x, y)` is bit
//! `8f + (b·x − a·y mod 8)` (that value is constant along the line and takes 8 values
//! when the direction's lines have 8 cells). Direction code `k` is `+v_k` for
//! `k < 4` and `−v_{k−4}` otherwise; a domino of direction `f` is named by its
//! *anchor* `a`, its other cell being `a + v_f`. The anchors of the dominoes that can
//! still be placed are, per direction, `free ∧ (free moved by −v_f) ∧ (cells of empty
//! lines of that direction)`, computed with whole-board shifts.
//!
//! # Cost
//!
//! About 2 µs of one core per labelled pairing found: the 12,421,120 pairings of
//! 9-in-a-row that contain (0,0)–(1,0) take about 25 s of CPU, half that on two
//! cores. The work is spread over rayon by expanding the first levels of the tree
//! into independent subtrees.

// Directions index several parallel tables at once.
#![allow(clippy::needless_range_loop)]

use rayon::prelude::*;

/// 9-in-a-row: E, SE, S, SW (y grows southward), so that the eight codes run east
/// first, clockwise.
pub const SQUARE: [(i64, i64); 4] = [(1, 0), (1, 1), (0, 1), (-1, 1)];
/// The knight game: E, S and the knight directions (1,2), (2,1).
pub const KNIGHT: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 2), (2, 1)];

const COLUMN_0: u64 = 0x0101_0101_0101_0101;

/// The whole board moved one cell east (x + 1, wrapping within each row).
fn east(m: u64) -> u64 {
    ((m << 1) & !COLUMN_0) | ((m >> 7) & COLUMN_0)
}
/// The whole board moved one cell west.
fn west(m: u64) -> u64 {
    ((m >> 1) & !(COLUMN_0 << 7)) | ((m << 7) & (COLUMN_0 << 7))
}
/// The whole board moved one row south (y + 1, row 7 wrapping to row 0).
fn south(m: u64) -> u64 {
    m.rotate_left(8)
}
/// The whole board moved one row north.
fn north(m: u64) -> u64 {
    m.rotate_right(8)
}
/// The whole board moved by `(dx, dy)`.
fn moved(mut m: u64, (dx, dy): (i64, i64)) -> u64 {
    for _ in 0..dx.abs() {
        m = if dx > 0 { east(m) } else { west(m) };
    }
    for _ in 0..dy.abs() {
        m = if dy > 0 { south(m) } else { north(m) };
    }
    m
}

fn cell(x: i64, y: i64) -> usize {
    (y.rem_euclid(8) * 8 + x.rem_euclid(8)) as usize
}

fn xy(c: usize) -> (i64, i64) {
    ((c % 8) as i64, (c / 8) as i64)
}

/// A partial pairing: covered cells and lines holding a domino.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// Bit `8y + x`: the cell is in a domino.
    pub covered: u64,
    /// Bit per line (see the module docs): the line holds a domino.
    pub full: u32,
}

/// A symmetry of the torus acting on dominoes: `domino[f][a]` is the image of the
/// domino of direction `f` anchored at `a`, as (direction, anchor).
pub struct Symmetry {
    domino: [[(usize, usize); 64]; 4],
}

/// The counter's tables.
pub struct Counter {
    /// The four directions.
    vectors: [(i64, i64); 4],
    /// Per direction and 8-bit set of that direction's empty lines: the cells lying
    /// on those lines.
    on_lines: [[u64; 256]; 4],
    /// Per line: its cells.
    line_cells: [u64; 32],
    /// Per direction and anchor cell: the line bit of that domino.
    line_bit: [[u32; 64]; 4],
    /// Per direction and anchor cell: the other cell of that domino.
    partner: [[usize; 64]; 4],
}

/// The line through `(x, y)` of direction `f = (a, b)`, as a bit index.
fn line_index(f: usize, (a, b): (i64, i64), x: i64, y: i64) -> usize {
    8 * f + (b * x - a * y).rem_euclid(8) as usize
}

impl Default for Counter {
    fn default() -> Self {
        Self::new()
    }
}

impl Counter {
    /// The counter of 9-in-a-row.
    pub fn new() -> Counter {
        Counter::for_directions(SQUARE)
    }

    /// Builds the tables of the game with these directions from coordinates. Panics
    /// unless every line of every direction has 8 cells.
    pub fn for_directions(vectors: [(i64, i64); 4]) -> Counter {
        let mut on_lines = [[0u64; 256]; 4];
        let mut line_cells = [0u64; 32];
        let mut line_bit = [[0u32; 64]; 4];
        let mut partner = [[0usize; 64]; 4];
        for y in 0..8 {
            for x in 0..8 {
                let c = cell(x, y);
                for (f, &(dx, dy)) in vectors.iter().enumerate() {
                    let l = line_index(f, (dx, dy), x, y);
                    assert_eq!(
                        l,
                        line_index(f, (dx, dy), x + dx, y + dy),
                        "a line is one value of its index"
                    );
                    line_cells[l] |= 1 << c;
                    line_bit[f][c] = 1 << l;
                    partner[f][c] = cell(x + dx, y + dy);
                    for (set, cells) in on_lines[f].iter_mut().enumerate() {
                        if set >> (l % 8) & 1 == 1 {
                            *cells |= 1 << c;
                        }
                    }
                }
            }
        }
        assert!(
            line_cells.iter().all(|l| l.count_ones() == 8),
            "every line has 8 cells"
        );
        Counter {
            vectors,
            on_lines,
            line_cells,
            line_bit,
            partner,
        }
    }

    /// The domino of direction code `k` at `(x, y)`, as (direction, anchor).
    fn domino(&self, (x, y): (i64, i64), k: u8) -> (usize, usize) {
        let f = k as usize % 4;
        let (dx, dy) = self.vectors[f];
        if k < 4 {
            (f, cell(x, y))
        } else {
            (f, cell(x - dx, y - dy))
        }
    }

    /// The state with the given dominoes placed, each `((x, y), code)`; `None` when
    /// two of them overlap or share a line.
    pub fn start(&self, dominoes: &[((i64, i64), u8)]) -> Option<State> {
        let mut s = State {
            covered: 0,
            full: 0,
        };
        for &(at, k) in dominoes {
            let (f, a) = self.domino(at, k);
            let cells = 1 << a | 1 << self.partner[f][a];
            let l = self.line_bit[f][a];
            if s.covered & cells != 0 || s.full & l != 0 {
                return None;
            }
            s.covered |= cells;
            s.full |= l;
        }
        Some(s)
    }

    /// The integer matrices with determinant ±1 that map the set `±v_f` onto itself
    /// (the point group): each is fixed by the images of two directions forming a
    /// basis of Z², and those images are in `±v_f`.
    pub fn point_group(&self) -> Vec<[[i64; 2]; 2]> {
        let v = self.vectors;
        let signed: Vec<(i64, i64)> = v.iter().flat_map(|&(a, b)| [(a, b), (-a, -b)]).collect();
        let det = |p: (i64, i64), q: (i64, i64)| p.0 * q.1 - p.1 * q.0;
        let (u, w) = (0..4)
            .flat_map(|i| (0..4).map(move |j| (v[i], v[j])))
            .find(|&(u, w)| det(u, w).abs() == 1)
            .expect("two directions form a basis");
        let d = det(u, w);
        let mut out = Vec::new();
        for &mu in &signed {
            for &mw in &signed {
                // M = [mu mw] · [u w]⁻¹, with [u w]⁻¹ = (1/d)·[[w.1, −w.0], [−u.1, u.0]].
                let m = [
                    [
                        (mu.0 * w.1 - mw.0 * u.1) * d,
                        (-mu.0 * w.0 + mw.0 * u.0) * d,
                    ],
                    [
                        (mu.1 * w.1 - mw.1 * u.1) * d,
                        (-mu.1 * w.0 + mw.1 * u.0) * d,
                    ],
                ];
                let apply =
                    |(a, b): (i64, i64)| (m[0][0] * a + m[0][1] * b, m[1][0] * a + m[1][1] * b);
                let unimodular = (m[0][0] * m[1][1] - m[0][1] * m[1][0]).abs() == 1;
                if unimodular && signed.iter().all(|&s| signed.contains(&apply(s))) {
                    out.push(m);
                }
            }
        }
        out
    }

    /// The symmetry `(x, y) ↦ M·(x, y) + t` of the torus, for `M` in the point group.
    pub fn symmetry(&self, m: [[i64; 2]; 2], t: (i64, i64)) -> Symmetry {
        let g = |c: usize| {
            let (x, y) = xy(c);
            cell(
                m[0][0] * x + m[0][1] * y + t.0,
                m[1][0] * x + m[1][1] * y + t.1,
            )
        };
        let mut domino = [[(0, 0); 64]; 4];
        for f in 0..4 {
            for a in 0..64 {
                let (p, q) = (g(a), g(self.partner[f][a]));
                domino[f][a] = (0..4)
                    .find_map(|h| {
                        if self.partner[h][p] == q {
                            Some((h, p))
                        } else if self.partner[h][q] == p {
                            Some((h, q))
                        } else {
                            None
                        }
                    })
                    .expect("the point group maps dominoes to dominoes");
            }
        }
        Symmetry { domino }
    }

    /// The anchors of the dominoes still placeable, per direction.
    fn available(&self, s: State) -> [u64; 4] {
        let free = !s.covered;
        let empty = !s.full;
        let mut a = [0u64; 4];
        for f in 0..4 {
            let (dx, dy) = self.vectors[f];
            let ok = self.on_lines[f][(empty >> (8 * f) & 0xFF) as usize];
            a[f] = free & moved(free, (-dx, -dy)) & ok;
        }
        a
    }

    /// `s` with the domino `(f, a)` placed, and with its orbit under `sym` when given;
    /// `None` when the orbit overlaps itself or fills a line twice.
    fn place(&self, s: State, f: usize, a: usize, sym: Option<&Symmetry>) -> Option<State> {
        let Some(g) = sym else {
            return Some(State {
                covered: s.covered | 1 << a | 1 << self.partner[f][a],
                full: s.full | self.line_bit[f][a],
            });
        };
        let mut t = s;
        let (mut h, mut b) = (f, a);
        loop {
            let cells = 1 << b | 1 << self.partner[h][b];
            let l = self.line_bit[h][b];
            if t.covered & cells != 0 || t.full & l != 0 {
                return None;
            }
            t.covered |= cells;
            t.full |= l;
            (h, b) = g.domino[h][b];
            if (h, b) == (f, a) {
                return Some(t);
            }
        }
    }

    /// Calls `visit` with each child of `s` in the search tree; returns false when
    /// `s` is a dead end (then `visit` is never called). A complete pairing has no
    /// children and is not a dead end.
    fn branch(&self, s: State, sym: Option<&Symmetry>, visit: &mut impl FnMut(State)) -> bool {
        let free = !s.covered;
        if free == 0 {
            return true;
        }
        let a = self.available(s);
        let mut second = [0u64; 4];
        for f in 0..4 {
            second[f] = moved(a[f], self.vectors[f]);
        }
        // Cells with at least one, two options (bit-sliced counting).
        let (mut one, mut two) = (0u64, 0u64);
        for m in a.iter().chain(second.iter()) {
            two |= one & m;
            one |= m;
        }
        if free & !one != 0 {
            return false;
        }
        let mut place = |f: usize, anchor: usize| {
            if let Some(child) = self.place(s, f, anchor, sym) {
                visit(child);
            }
        };
        // Empty lines: none may be without room; one with a single room is forced.
        let mut forced_line = None;
        let mut empty = !s.full;
        while empty != 0 {
            let l = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let room = a[l / 8] & self.line_cells[l];
            match room.count_ones() {
                0 => return false,
                1 if forced_line.is_none() => forced_line = Some((l / 8, room)),
                _ => {}
            }
        }
        if let Some((f, room)) = forced_line {
            place(f, room.trailing_zeros() as usize);
            return true;
        }
        // A cell with a single partner is forced; otherwise the lowest free cell.
        let single = free & one & !two;
        let c = if single != 0 { single } else { free }.trailing_zeros() as usize;
        let bit = 1u64 << c;
        for f in 0..4 {
            if a[f] & bit != 0 {
                place(f, c);
            }
            if second[f] & bit != 0 {
                let (dx, dy) = self.vectors[f];
                let (x, y) = xy(c);
                place(f, cell(x - dx, y - dy));
            }
        }
        true
    }

    /// Good pairings completing `s` (fixed by `sym` when given), on the current thread.
    fn count_with(&self, s: State, sym: Option<&Symmetry>) -> u64 {
        if s.covered == !0 {
            return 1;
        }
        let mut n = 0;
        self.branch(s, sym, &mut |child| n += self.count_with(child, sym));
        n
    }

    /// Good pairings completing `s`, on the current thread.
    pub fn count(&self, s: State) -> u64 {
        self.count_with(s, None)
    }

    /// Good pairings completing `s`, on all rayon threads: the first levels of the
    /// tree are expanded until there are at least `tasks` subtrees (or nothing is left
    /// to expand), which are then counted in parallel.
    pub fn count_parallel(&self, s: State, tasks: usize) -> u64 {
        self.count_parallel_with(s, tasks, None)
    }

    /// The good pairings fixed by `g` (completing the empty state), in parallel.
    pub fn count_fixed(&self, g: &Symmetry, tasks: usize) -> u64 {
        let empty = self.start(&[]).expect("the empty state");
        self.count_parallel_with(empty, tasks, Some(g))
    }

    fn count_parallel_with(&self, s: State, tasks: usize, sym: Option<&Symmetry>) -> u64 {
        let mut level = vec![s];
        let mut complete = 0u64;
        while level.len() < tasks {
            let mut next = Vec::new();
            for &t in &level {
                if t.covered == !0 {
                    complete += 1;
                } else {
                    self.branch(t, sym, &mut |child| next.push(child));
                }
            }
            if next.is_empty() {
                return complete;
            }
            level = next;
        }
        complete
            + level
                .par_iter()
                .map(|&t| self.count_with(t, sym))
                .sum::<u64>()
    }
}
