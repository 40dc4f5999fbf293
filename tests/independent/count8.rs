//! An independent counter of the labelled good pairings of the 8×8 torus.
//!
//! # What it counts
//!
//! The good pairings (every cell in exactly one domino, every row, column, diagonal
//! and antidiagonal holding exactly one domino) that contain a given set of dominoes,
//! with no symmetry reduction: each labelled pairing is counted once.
//!
//! # How
//!
//! Plain backtracking over the cells in row-major order: the lowest free cell is
//! paired with each free king-neighbour whose line holds no domino yet. Two cheap
//! rules keep the tree small without changing its leaves:
//!
//! * *dead ends*: a branch stops as soon as some free cell cannot be paired any more
//!   or some empty line has no room left for a domino;
//! * *forced moves*: when an empty line has room for exactly one domino, or a free
//!   cell has exactly one partner left, that domino is placed first (unit
//!   propagation); only otherwise does the lowest free cell branch.
//!
//! Both rules only skip subtrees without leaves or reorder decisions that every leaf
//! makes anyway, so the count is that of the plain backtracking.
//!
//! # Layout
//!
//! Everything here is written from the definition and shares nothing with the
//! library: cell `(x, y)` is bit `8y + x` of a `u64`; the 32 lines are bits of a `u32`
//! (rows `y`, then columns `8 + x`, diagonals `16 + (x − y mod 8)`, antidiagonals
//! `24 + (x + y mod 8)`); a domino of family `f` (E, S, SE, SW) is named by its
//! *anchor* `a`, its other cell being `a + v_f`. The anchors of the dominoes that can
//! still be placed are, per family, `free ∧ (free shifted back by v_f) ∧ (cells of
//! empty lines of that family)`, computed with whole-board shifts.
//!
//! # Cost
//!
//! About 2 µs of one core per labelled pairing found: the 12,421,120 that contain
//! (0,0)–(1,0) take about 25 s of CPU, half that on two cores. The work is spread over
//! rayon by expanding the first levels of the tree into independent subtrees.

use rayon::prelude::*;

/// The eight direction codes of the 8×8 torus, `(dx, dy)`, east first, clockwise with
/// y growing southward.
pub const DIRECTIONS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

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

fn cell(x: i64, y: i64) -> usize {
    (y.rem_euclid(8) * 8 + x.rem_euclid(8)) as usize
}

/// A partial pairing: covered cells and lines holding a domino.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// Bit `8y + x`: the cell is in a domino.
    pub covered: u64,
    /// Bit per line (see the module docs): the line holds a domino.
    pub full: u32,
}

/// The counter's tables.
pub struct Counter {
    /// Per family (E, S, SE, SW) and 8-bit set of that family's empty lines: the
    /// cells lying on those lines.
    on_lines: [[u64; 256]; 4],
    /// Per line: its cells.
    line_cells: [u64; 32],
    /// Per family and anchor cell: the line bit of that domino.
    line_bit: [[u32; 64]; 4],
}

/// Family of each direction code (E, S, SE, SW = 0, 1, 2, 3).
const FAMILY_OF_CODE: [usize; 8] = [0, 2, 1, 3, 0, 2, 1, 3];
/// Unit vector of each family.
const FAMILY_VECTOR: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// The line through `(x, y)` in family `f`, as a bit index.
fn line_index(f: usize, x: i64, y: i64) -> usize {
    match f {
        0 => y.rem_euclid(8) as usize,
        1 => 8 + x.rem_euclid(8) as usize,
        2 => 16 + (x - y).rem_euclid(8) as usize,
        _ => 24 + (x + y).rem_euclid(8) as usize,
    }
}

impl Default for Counter {
    fn default() -> Self {
        Self::new()
    }
}

impl Counter {
    /// Builds the tables from coordinates.
    pub fn new() -> Counter {
        let mut on_lines = [[0u64; 256]; 4];
        let mut line_cells = [0u64; 32];
        let mut line_bit = [[0u32; 64]; 4];
        for y in 0..8 {
            for x in 0..8 {
                let c = cell(x, y);
                for f in 0..4 {
                    let l = line_index(f, x, y);
                    line_cells[l] |= 1 << c;
                    line_bit[f][c] = 1 << l;
                    for (set, cells) in on_lines[f].iter_mut().enumerate() {
                        if set >> (l % 8) & 1 == 1 {
                            *cells |= 1 << c;
                        }
                    }
                }
            }
        }
        Counter {
            on_lines,
            line_cells,
            line_bit,
        }
    }

    /// The state with the given dominoes placed, each `((x, y), code)`; `None` when
    /// two of them overlap or share a line.
    pub fn start(&self, dominoes: &[((i64, i64), u8)]) -> Option<State> {
        let mut s = State {
            covered: 0,
            full: 0,
        };
        for &((x, y), k) in dominoes {
            let (dx, dy) = DIRECTIONS[k as usize];
            let (a, b) = (cell(x, y), cell(x + dx, y + dy));
            let l = 1u32 << line_index(FAMILY_OF_CODE[k as usize], x, y);
            if s.covered >> a & 1 == 1 || s.covered >> b & 1 == 1 || s.full & l != 0 {
                return None;
            }
            s.covered |= 1 << a | 1 << b;
            s.full |= l;
        }
        Some(s)
    }

    /// The anchors of the dominoes still placeable, per family.
    fn available(&self, s: State) -> [u64; 4] {
        let free = !s.covered;
        let empty = !s.full;
        let ok = |f: usize| self.on_lines[f][(empty >> (8 * f) & 0xFF) as usize];
        [
            free & west(free) & ok(0),
            free & north(free) & ok(1),
            free & north(west(free)) & ok(2),
            free & north(east(free)) & ok(3),
        ]
    }

    /// Calls `visit` with each child of `s` in the search tree; returns false when
    /// `s` is a dead end (then `visit` is never called). A complete pairing has no
    /// children and is not a dead end.
    fn branch(&self, s: State, visit: &mut impl FnMut(State)) -> bool {
        let free = !s.covered;
        if free == 0 {
            return true;
        }
        let a = self.available(s);
        let second = [
            east(a[0]),
            south(a[1]),
            south(east(a[2])),
            south(west(a[3])),
        ];
        // Cells with at least one, two options (bit-sliced counting).
        let (mut one, mut two) = (0u64, 0u64);
        for m in a.iter().chain(second.iter()) {
            two |= one & m;
            one |= m;
        }
        if free & !one != 0 {
            return false;
        }
        let place = |f: usize, anchor: usize| -> State {
            let (dx, dy) = FAMILY_VECTOR[f];
            let (x, y) = ((anchor % 8) as i64, (anchor / 8) as i64);
            State {
                covered: s.covered | 1 << anchor | 1 << cell(x + dx, y + dy),
                full: s.full | self.line_bit[f][anchor],
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
            visit(place(f, room.trailing_zeros() as usize));
            return true;
        }
        // A cell with a single partner is forced; otherwise the lowest free cell.
        let single = free & one & !two;
        let c = if single != 0 { single } else { free }.trailing_zeros() as usize;
        let bit = 1u64 << c;
        for f in 0..4 {
            if a[f] & bit != 0 {
                visit(place(f, c));
            }
            if second[f] & bit != 0 {
                let (dx, dy) = FAMILY_VECTOR[f];
                let (x, y) = ((c % 8) as i64, (c / 8) as i64);
                visit(place(f, cell(x - dx, y - dy)));
            }
        }
        true
    }

    /// Good pairings completing `s`, on the current thread.
    pub fn count(&self, s: State) -> u64 {
        if s.covered == !0 {
            return 1;
        }
        let mut n = 0;
        self.branch(s, &mut |child| n += self.count(child));
        n
    }

    /// Good pairings completing `s`, on all rayon threads: the first levels of the
    /// tree are expanded until there are at least `tasks` subtrees (or nothing is left
    /// to expand), which are then counted in parallel.
    pub fn count_parallel(&self, s: State, tasks: usize) -> u64 {
        let mut level = vec![s];
        let mut complete = 0u64;
        while level.len() < tasks {
            let mut next = Vec::new();
            for &t in &level {
                if t.covered == !0 {
                    complete += 1;
                } else {
                    self.branch(t, &mut |child| next.push(child));
                }
            }
            if next.is_empty() {
                return complete;
            }
            level = next;
        }
        complete + level.par_iter().map(|&t| self.count(t)).sum::<u64>()
    }
}
