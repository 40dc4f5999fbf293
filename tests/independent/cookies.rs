//! Cookies, blocking numbers and tight placements of the plane (docs/spec.md §10) by
//! brute force, from the definitions alone: cookies enumerated as subsets of a box
//! with their own connectivity test, blocking numbers counted window by window,
//! periodic placements counted by a plain backtracking over the lowest uncovered cell
//! with their own lattice arithmetic, and squares of the plane covered the same way.
//! No `amoba::` item is used.

use std::collections::HashSet;

pub type Cell = (i64, i64);

/// A piece's cells and the windows it blocks.
pub type Shape = (Vec<Cell>, Vec<(usize, Cell)>);

pub const FOUR: [Cell; 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
pub const TWO: [Cell; 2] = [(1, 0), (0, 1)];

/// The winning sets meeting both parts, found one window at a time: `(direction index,
/// first cell)`.
pub fn brute_windows(cells: &[(Cell, bool)], dirs: &[Cell], k: i64) -> Vec<(usize, Cell)> {
    let mut windows = HashSet::new();
    for &((x, y), _) in cells {
        for (f, &(dx, dy)) in dirs.iter().enumerate() {
            for j in 0..k {
                windows.insert((f, (x - j * dx, y - j * dy)));
            }
        }
    }
    let mut out: Vec<(usize, Cell)> = windows
        .into_iter()
        .filter(|&(f, (sx, sy))| {
            let (dx, dy) = dirs[f];
            let parts: Vec<bool> = (0..k)
                .filter_map(|m| {
                    let c = (sx + m * dx, sy + m * dy);
                    cells.iter().find(|&&(x, _)| x == c).map(|&(_, p)| p)
                })
                .collect();
            parts.contains(&true) && parts.contains(&false)
        })
        .collect();
    out.sort_unstable();
    out
}

/// The number of winning sets meeting both parts.
pub fn brute_bn(cells: &[(Cell, bool)], dirs: &[Cell], k: i64) -> u32 {
    brute_windows(cells, dirs, k).len() as u32
}

/// Are the cells connected by "same line, fewer than k steps apart"?
pub fn linked(cells: &[Cell], dirs: &[Cell], k: i64) -> bool {
    let near = |a: Cell, b: Cell| {
        dirs.iter().any(|&(dx, dy)| {
            (1..k).any(|j| (a.0 + j * dx, a.1 + j * dy) == b || (b.0 + j * dx, b.1 + j * dy) == a)
        })
    };
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for j in 0..cells.len() {
            if !seen[j] && near(cells[i], cells[j]) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen.iter().all(|&s| s)
}

/// Per size 2..=t: (line-connected sets with the origin least, best blocking number,
/// the best cookies as (cell, part b) lists with the origin in part a), from every
/// subset of the box that can hold them.
#[allow(clippy::type_complexity)]
pub fn brute_census(dirs: &[Cell], k: i64, t: usize) -> Vec<(u64, u32, Vec<Vec<(Cell, bool)>>)> {
    let reach = dirs.iter().map(|d| d.0.abs().max(d.1.abs())).max().unwrap() * (k - 1);
    let r = reach * (t as i64 - 1);
    let mut box_cells = Vec::new();
    for y in 0..=r {
        for x in -r..=r {
            if y > 0 || x > 0 {
                box_cells.push((x, y));
            }
        }
    }
    let mut out = vec![(0u64, 0u32, Vec::new()); t + 1];
    let mut chosen: Vec<Cell> = vec![(0, 0)];
    fn rec(
        from: usize,
        box_cells: &[Cell],
        chosen: &mut Vec<Cell>,
        t: usize,
        dirs: &[Cell],
        k: i64,
        out: &mut Vec<(u64, u32, Vec<Vec<(Cell, bool)>>)>,
    ) {
        if chosen.len() >= 2 && linked(chosen, dirs, k) {
            let s = chosen.len();
            out[s].0 += 1;
            for mask in (2u32..1 << s).step_by(2) {
                let cells: Vec<(Cell, bool)> = chosen
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| (c, mask >> i & 1 == 1))
                    .collect();
                let bn = brute_bn(&cells, dirs, k);
                if bn > out[s].1 {
                    out[s].1 = bn;
                    out[s].2.clear();
                }
                if bn == out[s].1 {
                    out[s].2.push(cells);
                }
            }
        }
        if chosen.len() == t {
            return;
        }
        for i in from..box_cells.len() {
            chosen.push(box_cells[i]);
            rec(i + 1, box_cells, chosen, t, dirs, k, out);
            chosen.pop();
        }
    }
    rec(0, &box_cells, &mut chosen, t, dirs, k, &mut out);
    out
}

/// A lattice `⟨(a, 0), (b, c)⟩` of the plane, with its own reduction.
#[derive(Clone, Copy)]
pub struct Lat(pub i64, pub i64, pub i64);
impl Lat {
    pub fn cell(&self, (x, y): Cell) -> usize {
        let q = y.div_euclid(self.2);
        let (x, y) = (x - q * self.1, y - q * self.2);
        (y * self.0 + x.rem_euclid(self.0)) as usize
    }
    pub fn index(&self) -> usize {
        (self.0 * self.2) as usize
    }
    pub fn text(&self) -> String {
        format!("{},0 {},{}", self.0, self.1, self.2)
    }
}

/// The labelled tight placements with period `lat`: a plain backtracking that covers
/// the lowest uncovered cell with every piece in every position over it, and refuses a
/// window class blocked twice.
pub fn brute_count(pieces: &[Vec<(Cell, bool)>], dirs: &[Cell], k: i64, lat: Lat) -> u64 {
    let n = lat.index();
    // Each piece at each anchor: its cells and window classes.
    let mut options: Vec<Vec<(Vec<usize>, Vec<usize>)>> = vec![Vec::new(); n];
    for p in pieces {
        let windows = brute_windows(p, dirs, k);
        for y in 0..lat.2 {
            for x in 0..lat.0 {
                let cells: Vec<usize> = p
                    .iter()
                    .map(|&((a, b), _)| lat.cell((x + a, y + b)))
                    .collect();
                let slots: Vec<usize> = windows
                    .iter()
                    .map(|&(f, (a, b))| f * n + lat.cell((x + a, y + b)))
                    .collect();
                let distinct = |v: &[usize]| v.iter().collect::<HashSet<_>>().len() == v.len();
                if distinct(&cells) && distinct(&slots) {
                    for &c in &cells {
                        options[c].push((cells.clone(), slots.clone()));
                    }
                }
            }
        }
    }
    fn rec(
        options: &[Vec<(Vec<usize>, Vec<usize>)>],
        used: &mut [bool],
        blocked: &mut [bool],
    ) -> u64 {
        let Some(c) = used.iter().position(|&u| !u) else {
            return u64::from(blocked.iter().all(|&b| b));
        };
        let mut total = 0;
        for (cells, slots) in &options[c] {
            if cells.iter().any(|&x| used[x]) || slots.iter().any(|&s| blocked[s]) {
                continue;
            }
            cells.iter().for_each(|&x| used[x] = true);
            slots.iter().for_each(|&s| blocked[s] = true);
            total += rec(options, used, blocked);
            cells.iter().for_each(|&x| used[x] = false);
            slots.iter().for_each(|&s| blocked[s] = false);
        }
        total
    }
    rec(
        &options,
        &mut vec![false; n],
        &mut vec![false; n * dirs.len()],
    )
}

/// The pieces of a tight game from the brute-force census: connected cookies blocking
/// `n` windows per cell (the census must show that no cookie does better).
pub fn brute_pieces(dirs: &[Cell], k: i64, t: usize) -> Vec<Vec<(Cell, bool)>> {
    let c = brute_census(dirs, k, t);
    let n = dirs.len() as u32;
    assert!((2..=t).all(|s| c[s].1 <= n * s as u32), "not tight");
    (2..=t)
        .filter(|&s| c[s].1 == n * s as u32)
        .flat_map(|s| c[s].2.clone())
        .collect()
}

/// Can pieces cover the m×m square, every window inside it blocked once and no window
/// twice? A plain backtracking over the lowest uncovered cell of the square.
pub fn brute_local(pieces: &[Vec<(Cell, bool)>], dirs: &[Cell], k: i64, m: i64) -> bool {
    let inside = |c: Cell| (0..m).contains(&c.0) && (0..m).contains(&c.1);

    let shapes: Vec<Shape> = pieces
        .iter()
        .map(|p| {
            (
                p.iter().map(|&(c, _)| c).collect(),
                brute_windows(p, dirs, k),
            )
        })
        .collect();
    fn rec(
        shapes: &[Shape],
        used: &mut HashSet<Cell>,
        blocked: &mut HashSet<(usize, Cell)>,
        m: i64,
        inside_window: &dyn Fn(usize, Cell) -> bool,
        windows_inside: usize,
    ) -> bool {
        let next = (0..m * m)
            .map(|i| (i % m, i / m))
            .find(|c| !used.contains(c));
        let Some(c) = next else {
            return blocked
                .iter()
                .filter(|&&(f, s)| inside_window(f, s))
                .count()
                == windows_inside;
        };
        for (cells, windows) in shapes {
            for &o in cells {
                let d = (c.0 - o.0, c.1 - o.1);
                let moved: Vec<Cell> = cells.iter().map(|&(x, y)| (x + d.0, y + d.1)).collect();
                let ws: Vec<(usize, Cell)> = windows
                    .iter()
                    .map(|&(f, (x, y))| (f, (x + d.0, y + d.1)))
                    .collect();
                if moved.iter().any(|x| used.contains(x)) || ws.iter().any(|w| blocked.contains(w))
                {
                    continue;
                }
                moved.iter().for_each(|&x| {
                    used.insert(x);
                });
                ws.iter().for_each(|&w| {
                    blocked.insert(w);
                });
                let ok = rec(shapes, used, blocked, m, inside_window, windows_inside);
                moved.iter().for_each(|x| {
                    used.remove(x);
                });
                ws.iter().for_each(|w| {
                    blocked.remove(w);
                });
                if ok {
                    return true;
                }
            }
        }
        false
    }
    let inside_window = |f: usize, s: Cell| {
        let (dx, dy) = dirs[f];
        inside(s) && inside((s.0 + (k - 1) * dx, s.1 + (k - 1) * dy))
    };
    let windows_inside = (0..dirs.len())
        .map(|f| {
            (0..m * m)
                .filter(|&i| inside_window(f, (i % m, i / m)))
                .count()
        })
        .sum();
    rec(
        &shapes,
        &mut HashSet::new(),
        &mut HashSet::new(),
        m,
        &inside_window,
        windows_inside,
    )
}
