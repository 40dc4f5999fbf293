//! Scoring a cookie: which winning sets it blocks and how many ([`blocking_number`],
//! [`blocked_windows`]), by the consecutive pairs of its cells along each line (the
//! parent module's essay, *How*); the per-direction sorted lines a growing set keeps
//! ([`Lines`]); and a cookie's blocking number as a linear form in `k` ([`eventual`]).
//! These are the inner loop of every census: a blocked window is a start in the union
//! of the intervals `[p_j − k + 1, p_i]` of consecutive cells `p_i < p_j` in
//! different parts, so a split is scored in `O(n·s)` after the sort.

use super::*;

/// One window a cookie blocks: direction index and first cell.
pub type Window = (usize, Cell);

/// Two cells next to each other on one line, fewer than `k` steps apart: direction
/// index `f`, positions `p < q` along the line and cell indices `i`, `j`; `first` marks
/// the first such pair of its line.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pair {
    pub(super) f: u8,
    pub(super) p: i64,
    pub(super) q: i64,
    pub(super) i: u8,
    pub(super) j: u8,
    pub(super) first: bool,
}

/// `(line, position along it, cell)` of one cell for one direction.
pub(super) type Key = (i64, i64, u8);

/// The cells of a set (at most 16) arranged by line: per direction, their [`Key`]s in
/// increasing order. The census adds and removes one cell at a time, so the order is
/// kept by one insertion step instead of sorting every set afresh.
#[derive(Clone, Debug)]
pub(super) struct Lines {
    /// Each direction `v` with `|v|²`.
    pub(super) directions: Vec<(Cell, i64)>,
    pub(super) on: Vec<[Key; 16]>,
    pub(super) len: usize,
}

impl Lines {
    /// No cells yet.
    pub(super) fn new(directions: &[Cell]) -> Lines {
        Lines {
            directions: directions
                .iter()
                .map(|&v| (v, v[0] * v[0] + v[1] * v[1]))
                .collect(),
            on: vec![[(0, 0, 0); 16]; directions.len()],
            len: 0,
        }
    }

    /// Exactly `cells`, numbered in order.
    pub(super) fn fill(&mut self, cells: &[Cell]) {
        self.len = 0;
        for &c in cells {
            self.push(c);
        }
    }

    /// Cell number `len` joins.
    pub(super) fn push(&mut self, c: Cell) {
        let i = self.len;
        for (&(v, norm), on) in self.directions.iter().zip(&mut self.on) {
            // The cross product names the line, the dot product orders it (positions
            // step by 1 along a primitive v: the dot product steps by |v|²).
            let dot = c[0] * v[0] + c[1] * v[1];
            let key = (
                c[0] * v[1] - c[1] * v[0],
                if norm == 1 { dot } else { dot.div_euclid(norm) },
                i as u8,
            );
            let mut j = i;
            while j > 0 && on[j - 1] > key {
                on[j] = on[j - 1];
                j -= 1;
            }
            on[j] = key;
        }
        self.len += 1;
    }

    /// The last cell pushed leaves.
    pub(super) fn pop(&mut self) {
        self.len -= 1;
        let (i, len) = (self.len as u8, self.len);
        for on in &mut self.on {
            let mut j = 0;
            while on[j].2 != i {
                j += 1;
            }
            while j < len {
                on[j] = on[j + 1];
                j += 1;
            }
        }
    }

    /// The pairs of the cells, into `out`, line after line.
    pub(super) fn pairs(&self, k: i64, out: &mut Vec<Pair>) {
        out.clear();
        for (f, on) in self.on.iter().enumerate() {
            let mut line = None;
            for w in on[..self.len].windows(2) {
                let ((l0, p, i), (l1, q, j)) = (w[0], w[1]);
                if l0 == l1 && q - p < k {
                    out.push(Pair {
                        f: f as u8,
                        p,
                        q,
                        i,
                        j,
                        first: line != Some(l0),
                    });
                    line = Some(l0);
                }
            }
        }
    }
}

/// The pairs of `cells` (at most 16), into `out`, line after line.
pub(super) fn pairs(cells: &[Cell], game: &Game, out: &mut Vec<Pair>) {
    let mut lines = Lines::new(&game.directions);
    lines.fill(cells);
    lines.pairs(game.k as i64, out);
}

/// The windows the pairs block: per line, the union of the start intervals
/// `[q − k + 1, p]` of its pairs in different parts, reported as disjoint ranges
/// `each(pair, first start, last start)` in order along the line.
#[inline]
pub(super) fn blocked_ranges(
    pairs: &[Pair],
    parts: u32,
    k: i64,
    each: impl FnMut(&Pair, i64, i64),
) {
    union_ranges(pairs, |x| (parts >> x.i ^ parts >> x.j) & 1 == 1, k, each);
}

/// Per line, the union of the start intervals `[q − k + 1, p]` of the pairs `counted`,
/// as disjoint ranges `each(pair, first start, last start)` in order along the line.
#[inline]
pub(super) fn union_ranges(
    pairs: &[Pair],
    counted: impl Fn(&Pair) -> bool,
    k: i64,
    mut each: impl FnMut(&Pair, i64, i64),
) {
    let mut next = i64::MIN; // the first start of the current line not yet reported
    for x in pairs {
        if x.first {
            next = i64::MIN;
        }
        if !counted(x) {
            continue;
        }
        let lo = (x.q - k + 1).max(next);
        if x.p >= lo {
            each(x, lo, x.p);
        }
        next = next.max(x.p + 1);
    }
}

/// The blocking number from the pairs.
pub(super) fn pairs_count(pairs: &[Pair], parts: u32, k: i64) -> u32 {
    let mut n = 0i64;
    blocked_ranges(pairs, parts, k, |_, lo, hi| n += hi - lo + 1);
    n as u32
}

/// The blocking number of the cookie `cells` (bit `i` of `parts` set: cell `i` in part
/// `b`) in `game`.
///
/// ```
/// use amoba::placement::cookie::{Game, blocking_number};
/// let game = Game { directions: vec![[1, 0], [0, 1], [1, 1], [1, -1]], k: 9 };
/// // A domino blocks the k − 1 windows of its line that hold it.
/// assert_eq!(blocking_number(&[[0, 0], [1, 0]], 0b10, &game), 8);
/// // The 2×2 square split along its diagonals blocks 4k − 4.
/// assert_eq!(blocking_number(&[[0, 0], [1, 0], [0, 1], [1, 1]], 0b0110, &game), 32);
/// ```
pub fn blocking_number(cells: &[Cell], parts: u32, game: &Game) -> u32 {
    assert!(cells.len() <= 16, "cookies of at most 16 cells");
    let mut found = Vec::new();
    pairs(cells, game, &mut found);
    pairs_count(&found, parts, game.k as i64)
}

/// The windows the cookie blocks, as `(direction index, first cell)`, sorted.
pub fn blocked_windows(cookie: &Cookie, game: &Game) -> Vec<Window> {
    let mut found = Vec::new();
    pairs(&cookie.cells, game, &mut found);
    let mut out = Vec::new();
    blocked_ranges(&found, cookie.parts, game.k as i64, |x, lo, hi| {
        // Cell i sits at position p of the line; start s is s − p steps from it.
        let (v, c) = (game.directions[x.f as usize], cookie.cells[x.i as usize]);
        for s in lo..=hi {
            out.push((
                x.f as usize,
                [c[0] + (s - x.p) * v[0], c[1] + (s - x.p) * v[1]],
            ));
        }
    });
    out.sort_unstable();
    out
}

/// The blocking number of a cookie for every large `k`: `(slope, constant, from)` with
/// `blocking_number(cells, parts, k) = slope·k + constant` for every `k ≥ from`.
///
/// Why it is linear (docs/spec.md §10): on a line whose cells span `s` steps, once
/// `k > s` every interval of starts `[q − k + 1, p]` of two neighbours `p < q` in
/// different parts holds the line's first cell, so the intervals' union is the one
/// interval `[min q − k + 1, max p]`, of `k + max p − min q` starts. Summed over the
/// lines that hold both parts: `slope` is the number of those lines and `constant` the
/// sum of their `max p − min q`. That holds for every `k` above the largest span;
/// `from` is then lowered one `k` at a time while the count still equals the form.
///
/// Complexity: `O(n·s log s)` for the form, plus one count per `k` below the span.
///
/// ```
/// use amoba::placement::cookie::eventual;
/// let four = [[1, 0], [0, 1], [1, 1], [1, -1]];
/// // The 2×2 square split along its diagonals: 4k − 4 from k = 2 on.
/// assert_eq!(eventual(&[[0, 0], [1, 0], [0, 1], [1, 1]], 0b0110, &four), (4, -4, 2));
/// ```
pub fn eventual(cells: &[Cell], parts: u32, directions: &[Cell]) -> (i64, i64, usize) {
    let (mut slope, mut constant, mut span) = (0i64, 0i64, 0i64);
    let mut lines = Lines::new(directions);
    lines.fill(cells);
    let in_b = |x: &Key| parts >> x.2 & 1 == 1;
    for on in &lines.on {
        for line in on[..lines.len].chunk_by(|a, b| a.0 == b.0) {
            span = span.max(line[line.len() - 1].1 - line[0].1);
            let mixed: Vec<(i64, i64)> = line
                .windows(2)
                .filter(|w| in_b(&w[0]) != in_b(&w[1]))
                .map(|w| (w[0].1, w[1].1))
                .collect();
            if let (Some(p), Some(q)) = (
                mixed.iter().map(|x| x.0).max(),
                mixed.iter().map(|x| x.1).min(),
            ) {
                slope += 1;
                constant += p - q;
            }
        }
    }
    let mut from = (span + 1).max(2) as usize;
    let mut found = Vec::new();
    while from > 2 {
        let k = from as i64 - 1;
        lines.pairs(k, &mut found);
        if i64::from(pairs_count(&found, parts, k)) != slope * k + constant {
            break;
        }
        from -= 1;
    }
    (slope, constant, from)
}
