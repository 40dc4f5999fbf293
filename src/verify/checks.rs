//! Checks 2–5: consistency, dominoes, lines, the plane window.

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
    /// Lines with two or more dominoes (consistent grids only), in line order.
    pub lines_with_several: Vec<LineReport>,
    /// The periodic-window check (consistent grids only).
    pub window: Option<WindowReport>,
    /// Consistent, one domino on every line, and the window check passed.
    pub good: bool,
    /// The window check agrees with the line count (it fails exactly when some
    /// line is empty). False means a bug.
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
    // Each domino counted once, at its anchor (the cell whose code is +v_f).
    let mut on_line: Vec<Vec<usize>> = vec![Vec::new(); geom.nlines()];
    let mut by_family = vec![0usize; nf];
    for (c, &k) in codes.iter().enumerate() {
        let k = k as usize;
        if k < nf {
            on_line[geom.line[k * n + c]].push(c);
            by_family[k] += 1;
        }
    }
    let domino = |l: usize, a: usize| -> String {
        let f = geom.line_family[l];
        format!("{}-{}", geom.cell_name(a), geom.cell_name(geom.step(a, f)))
    };
    let mut lines_without_domino = Vec::new();
    let mut lines_with_several = Vec::new();
    for (l, anchors) in on_line.iter().enumerate() {
        let report = LineReport {
            line: geom.line_name(l).to_string(),
            index: l,
            dominoes: anchors.iter().map(|&a| domino(l, a)).collect(),
        };
        match anchors.len() {
            0 => lines_without_domino.push(report),
            1 => {}
            _ => lines_with_several.push(report),
        }
    }
    let window = window_check(geom, codes, window_size(geom.dimension));
    let window_ok = window.runs_failed == 0;
    let lines_ok = lines_without_domino.is_empty() && lines_with_several.is_empty();
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
        checks_agree: window_ok == lines_without_domino.is_empty(),
        lines_without_domino,
        lines_with_several,
        window: Some(window),
        good: lines_ok && window_ok,
    }
}

/// Side of the window used by [`analyse`] on a board of `dimension` dimensions:
/// [`WINDOW`] on 1- and 2-D boards, [`WINDOW_3D`] on 3-D boards.
pub fn window_size(dimension: usize) -> usize {
    if dimension == 3 { WINDOW_3D } else { WINDOW }
}

/// The periodic check: extends `codes` (a consistent pairing) to a `size × size`
/// window of the plane (`size × 1` on a 1-D board, `size × size × size` of space on
/// a 3-D board) and examines every run of `k` consecutive cells along every
/// direction `+v_f` that lies inside the window.
///
/// For each maximal segment of the window along `v_f`, `end[i]` is the position of
/// the partner of cell `i` when that partner lies further along the same segment
/// (`∞` otherwise); the run starting at `s` holds a pair exactly when
/// `min_{i ≥ s} end[i] ≤ s + k − 1`. That is `O(size^d)` per direction.
pub fn window_check(geom: &Geometry, codes: &[u8], size: usize) -> WindowReport {
    let d = geom.dimension;
    let extent = |i: usize| if i < d { size as i64 } else { 1i64 };
    let (ww, wh, wd) = (extent(0), extent(1), extent(2));
    let inside =
        |p: [i64; 3]| p[0] >= 0 && p[1] >= 0 && p[2] >= 0 && p[0] < ww && p[1] < wh && p[2] < wd;
    // Torus offsets of the window's columns, rows and layers, so the walk divides
    // nothing.
    let [w, h, dp] = geom.sides;
    let xmod: Vec<usize> = (0..ww as usize).map(|x| x % w).collect();
    let ymod: Vec<usize> = (0..wh as usize).map(|y| (y % h) * w).collect();
    let zmod: Vec<usize> = (0..wd as usize).map(|z| (z % dp) * w * h).collect();
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
                        let code =
                            codes[zmod[p[2] as usize] + ymod[p[1] as usize] + xmod[p[0] as usize]];
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
