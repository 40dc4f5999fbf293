//! Checks 2–5: consistency, dominoes, lines, the plane window.
//!
//! Check 4 on a periodic board (docs/spec.md §8): a line of family `f` has `ord(v_f)` cells and
//! a good pairing puts `q_f = ord(v_f)/p` dominoes on it, at positions congruent
//! modulo `p`. Positions are counted in steps of `v_f` from the line's first cell, by
//! the verifier's own line walk ([`Geometry::line_through`]).

use super::*;

/// A cell whose partner does not point back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Inconsistency {
    /// The cell, `(x,y)`.
    pub cell: String,
    /// Its code and the code's name.
    pub code: u8,
    /// E, SE, …
    pub direction: String,
    /// The would-be partner.
    pub partner: String,
    /// The partner's code.
    pub partner_code: u8,
    /// Where the partner's code points instead.
    pub partner_points_to: String,
}

/// How many dominoes of one orientation a pairing has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OrientationCount {
    /// `horizontal`, `vertical`, `diagonal`, `antidiagonal`, …
    pub orientation: String,
    /// Dominoes of that orientation.
    pub dominoes: usize,
}

/// A line holding no domino or two or more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineReport {
    /// Line name, e.g. `row y=2`.
    pub line: String,
    /// Line number in the board's order (rows, diagonals, columns, antidiagonals on
    /// square9: family, then smallest cell), from 0.
    pub index: usize,
    /// The dominoes on it, `(a)-(b)` with `b = a + v`.
    pub dominoes: Vec<String>,
    /// How many dominoes a good pairing puts on it (`ord(v)/p`), exactly `p` apart.
    pub expected: usize,
}

/// The first run of the window that holds no pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WindowFailure {
    /// Plane coordinates of the run's first cell (window coordinates, from 0).
    pub x: i64,
    /// Second coordinate (0 on a 1-D board).
    pub y: i64,
    /// Direction name (E, SE, S, SW, …).
    pub direction: String,
    /// Run length `k`.
    pub cells: usize,
    /// Plane coordinates of the run's last cell.
    pub last_x: i64,
    /// Second coordinate of the last cell.
    pub last_y: i64,
    /// Third coordinates of the first and last cells (3-D boards only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub z: Option<i64>,
    /// Third coordinate of the last cell (3-D boards only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_z: Option<i64>,
}

/// Result of the periodic-window check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WindowReport {
    /// Window width.
    pub width: usize,
    /// Window height (1 on a 1-D board).
    pub height: usize,
    /// Window depth (3-D boards only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<usize>,
    /// Runs examined.
    pub runs_checked: u64,
    /// Runs holding no pair.
    pub runs_failed: u64,
    /// The first failing run: smallest direction, then layer, then row, then column.
    pub first_failure: Option<WindowFailure>,
}

/// Everything checks 2–5 found about one code sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// Every cell's partner points back.
    pub consistent: bool,
    /// The cells that break consistency, in cell order.
    pub inconsistencies: Vec<Inconsistency>,
    /// Pairs (dominoes) of a consistent grid; 0 otherwise.
    pub pairs: usize,
    /// Always true on this text form: every code is a step to a neighbour.
    pub all_pairs_are_dominoes: bool,
    /// Dominoes per orientation, in family order (consistent grids only).
    pub dominoes_by_orientation: Vec<OrientationCount>,
    /// Lines without a domino (consistent grids only), in line order.
    pub lines_without_domino: Vec<LineReport>,
    /// Lines with more dominoes than a good pairing puts on them (two or more where
    /// that is one; consistent grids only), in line order.
    pub lines_with_several: Vec<LineReport>,
    /// Lines with at least one domino and at most as many as a good pairing puts on
    /// them, but not that many exactly `p` apart (consistent grids only; never on a
    /// board with one domino per line), in line order.
    pub lines_misplaced: Vec<LineReport>,
    /// The periodic-window check (consistent grids only).
    pub window: Option<WindowReport>,
    /// Consistent, on every line its dominoes exactly `p` apart (one domino per line
    /// on the tori of docs/spec.md §2 and §7), and the window check passed.
    pub good: bool,
    /// The window check agrees with the lines: it fails exactly when some line has a
    /// gap of more than `p` cells between consecutive dominoes (on a board with one
    /// domino per line: when some line is empty). False means a bug.
    pub checks_agree: bool,
}

impl Analysis {
    /// The verdict on a sequence that is not a consistent pairing: the line and
    /// window checks do not apply (they are defined on pairings only).
    fn inconsistent(inconsistencies: Vec<Inconsistency>) -> Analysis {
        Analysis {
            consistent: false,
            inconsistencies,
            pairs: 0,
            all_pairs_are_dominoes: true,
            dominoes_by_orientation: Vec::new(),
            lines_without_domino: Vec::new(),
            lines_with_several: Vec::new(),
            lines_misplaced: Vec::new(),
            window: None,
            good: false,
            checks_agree: true,
        }
    }
}

/// Runs checks 2–5 on `codes` (length `ncells`, every code `< 2F`, as the reader
/// produces them). Other input is reported as inconsistent, never a panic.
pub fn analyse(geom: &Geometry, codes: &[u8]) -> Analysis {
    let n = geom.ncells();
    let nf = geom.nfam;
    let ncodes = geom.ncodes();
    let mut inconsistencies = Vec::new();
    let well_formed = codes.len() == n && codes.iter().all(|&k| (k as usize) < ncodes);
    if !well_formed {
        return Analysis::inconsistent(inconsistencies);
    }
    for (c, &k) in codes.iter().enumerate() {
        let k = k as usize;
        let p = geom.step(c, k);
        let back = codes[p] as usize;
        if back != (k + nf) % ncodes {
            inconsistencies.push(Inconsistency {
                cell: geom.cell_name(c).to_string(),
                code: k as u8,
                direction: geom.code_name(k).to_string(),
                partner: geom.cell_name(p).to_string(),
                partner_code: back as u8,
                partner_points_to: geom.cell_name(geom.step(p, back)).to_string(),
            });
        }
    }
    let consistent = inconsistencies.is_empty();
    if !consistent {
        return Analysis::inconsistent(inconsistencies);
    }
    // Each domino counted once, at its anchor (the cell whose code is +v_f), with its
    // position on its line.
    let mut on_line: Vec<Vec<(usize, usize)>> = vec![Vec::new(); geom.nlines()];
    let mut by_family = vec![0usize; nf];
    for (c, &k) in codes.iter().enumerate() {
        let k = k as usize;
        if k < nf {
            let (l, pos) = geom.line_through(k, c);
            on_line[l].push((c, pos));
            by_family[k] += 1;
        }
    }
    let domino = |l: usize, a: usize| -> String {
        let f = geom.line_family[l];
        format!("{}-{}", geom.cell_name(a), geom.cell_name(geom.step(a, f)))
    };
    let p = geom.spacing;
    let mut lines_without_domino = Vec::new();
    let mut lines_with_several = Vec::new();
    let mut lines_misplaced = Vec::new();
    // Every run of p + 1 cells along every line holds a domino: what check 5 must find.
    let mut every_run_blocked = true;
    let mut positions = Vec::new();
    for (l, anchors) in on_line.iter().enumerate() {
        let f = geom.line_family[l];
        let (len, q) = (geom.line_len[f], geom.per_line(f));
        positions.clear();
        positions.extend(anchors.iter().map(|&(_, pos)| pos));
        positions.sort_unstable();
        // The largest cyclic gap between consecutive anchors: a run of p + 1 cells
        // starting at position s holds a domino exactly when an anchor lies in
        // s … s + p − 1, so every run is blocked exactly when no gap exceeds p.
        let widest = match (positions.first(), positions.last()) {
            (Some(&first), Some(&last)) => positions
                .windows(2)
                .map(|w| w[1] - w[0])
                .max()
                .unwrap_or(0)
                .max(first + len - last),
            _ => usize::MAX,
        };
        every_run_blocked &= widest <= p;
        let spaced = positions.iter().all(|&x| x % p == positions[0] % p);
        let report = || LineReport {
            line: geom.line_name(l).to_string(),
            index: l,
            dominoes: anchors.iter().map(|&(a, _)| domino(l, a)).collect(),
            expected: q,
        };
        match anchors.len() {
            0 => lines_without_domino.push(report()),
            n if n > q => lines_with_several.push(report()),
            n if n < q || !spaced => lines_misplaced.push(report()),
            _ => {}
        }
    }
    let window = window_check(geom, codes, geom.window_side());
    let window_ok = window.runs_failed == 0;
    let lines_ok = lines_without_domino.is_empty()
        && lines_with_several.is_empty()
        && lines_misplaced.is_empty();
    Analysis {
        consistent,
        inconsistencies,
        pairs: n / 2,
        all_pairs_are_dominoes: true,
        dominoes_by_orientation: (0..nf)
            .map(|f| OrientationCount {
                orientation: geom.orientation_name(f),
                dominoes: by_family[f],
            })
            .collect(),
        checks_agree: window_ok == every_run_blocked,
        lines_without_domino,
        lines_with_several,
        lines_misplaced,
        window: Some(window),
        good: lines_ok && window_ok,
    }
}

/// The periodic check: extends `codes` (a consistent pairing) to a `size × size`
/// window of the plane (`size × 1` on a 1-D board, `size × size × size` of space on
/// a 3-D board) and examines every run of `k = p + 1` consecutive cells along every
/// direction `+v_f` that lies inside the window. Window point `(x, y, z)` carries the
/// code of the cell it reduces to modulo the lattice.
///
/// For each maximal segment of the window along `v_f`, `end[i]` is the position of
/// the partner of cell `i` when that partner lies further along the same segment
/// (`∞` otherwise); the run starting at `s` holds a pair exactly when
/// `min_{i ≥ s} end[i] ≤ s + k − 1`. That is `O(size^d)` per direction.
///
/// [`analyse`] uses a window of side [`Geometry::window_side`], large enough that runs
/// start at a copy of every cell in every direction; then the check fails exactly
/// when some line of the board has a gap of more than `p` cells between consecutive
/// dominoes.
pub fn window_check(geom: &Geometry, codes: &[u8], size: usize) -> WindowReport {
    let d = geom.dimension;
    let extent = |i: usize| if i < d { size as i64 } else { 1i64 };
    let (ww, wh, wd) = (extent(0), extent(1), extent(2));
    let inside =
        |p: [i64; 3]| p[0] >= 0 && p[1] >= 0 && p[2] >= 0 && p[0] < ww && p[1] < wh && p[2] < wd;
    // The cell of every window point, so the walk reduces nothing.
    let own;
    let cells: &[u32] = if size == geom.window {
        &geom.window_cells
    } else {
        own = geom.window_table(size);
        &own
    };
    let at = |p: [i64; 3]| cells[((p[2] * wh + p[1]) * ww + p[0]) as usize] as usize;
    let mut checked = 0u64;
    let mut failed = 0u64;
    let mut first: Option<(usize, i64, i64, i64)> = None;
    let mut end: Vec<usize> = Vec::with_capacity(size);
    for f in 0..geom.nfam {
        let v = geom.vec[f];
        let k = geom.run_length(f);
        let vv: i64 = v.iter().map(|a| a * a).sum();
        // along[code] = s ≥ 1 when the code's vector is s·v_f, else 0: the partner lies
        // s cells further along the segment.
        let along: Vec<usize> = geom
            .vec
            .iter()
            .map(|u| {
                let dot: i64 = (0..3).map(|i| u[i] * v[i]).sum();
                let parallel = (0..3).all(|i| (0..3).all(|j| u[i] * v[j] == u[j] * v[i]));
                if parallel && dot > 0 {
                    (dot / vv) as usize
                } else {
                    0
                }
            })
            .collect();
        for sz in 0..wd {
            for sy in 0..wh {
                for sx in 0..ww {
                    if inside([sx - v[0], sy - v[1], sz - v[2]]) {
                        continue; // not the first cell of a segment
                    }
                    // Walk the segment.
                    end.clear();
                    let mut p = [sx, sy, sz];
                    while inside(p) {
                        let code = codes[at(p)];
                        let s = along[code as usize];
                        end.push(if s > 0 { end.len() + s } else { usize::MAX });
                        p = [p[0] + v[0], p[1] + v[1], p[2] + v[2]];
                    }
                    let len = end.len();
                    if len < k {
                        continue;
                    }
                    let mut best = usize::MAX;
                    for s in (0..len).rev() {
                        best = best.min(end[s]);
                        if s + k <= len {
                            checked += 1;
                            if best > s + k - 1 {
                                failed += 1;
                                let s = s as i64;
                                let key = (f, sz + v[2] * s, sy + v[1] * s, sx + v[0] * s);
                                if first.is_none_or(|b| key < b) {
                                    first = Some(key);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    let first_failure = first.map(|(f, z, y, x)| {
        let v = geom.vec[f];
        let k = geom.run_length(f) as i64;
        WindowFailure {
            x,
            y,
            direction: geom.code_name(f).to_string(),
            cells: k as usize,
            last_x: x + v[0] * (k - 1),
            last_y: y + v[1] * (k - 1),
            z: (d == 3).then_some(z),
            last_z: (d == 3).then_some(z + v[2] * (k - 1)),
        }
    });
    WindowReport {
        width: ww as usize,
        height: wh as usize,
        depth: (d == 3).then_some(wd as usize),
        runs_checked: checked,
        runs_failed: failed,
        first_failure,
    }
}
