//! The 16-toroidal pairings of 9-in-a-row (SPEC §8) by a second, independent route:
//! assembled from pairs of 8-toroidal pairings, the published characterisation.

mod common;

use common::{catalogue, square9};
use rayon::prelude::*;
use std::time::Instant;

const DIRS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Index on the 16-toroidal board of the plane cell (x, y): (x, y) ≡ (x + 8q, y − 8q).
fn cell16(x: i64, y: i64) -> usize {
    let q = y.div_euclid(8);
    (16 * (y - 8 * q) + (x + 8 * q).rem_euclid(16)) as usize
}

fn step8(c: usize, k: u8) -> usize {
    let (dx, dy) = DIRS[k as usize];
    let x = (c % 8) as i64 + dx;
    let y = (c / 8) as i64 + dy;
    (8 * y.rem_euclid(8) + x.rem_euclid(8)) as usize
}

/// Every good 8×8 pairing W with the horizontal and vertical dominoes of `c`: the
/// diagonal dominoes are chosen anew on the cells `c`'s diagonal dominoes cover, one
/// domino on each diagonal and each antidiagonal. `c` itself is among them.
fn diagonal_variants(c: &[u8; 64]) -> Vec<[u8; 64]> {
    fn go(w: &mut [u8; 64], free: u64, diag: u8, anti: u8, out: &mut Vec<[u8; 64]>) {
        if free == 0 {
            out.push(*w);
            return;
        }
        let a = free.trailing_zeros() as usize;
        for k in [1u8, 3, 5, 7] {
            let b = step8(a, k);
            if free & (1 << b) == 0 || b == a {
                continue;
            }
            let (x, y) = ((a % 8) as i64, (a / 8) as i64);
            let (line, used) = if k == 1 || k == 5 {
                ((x - y).rem_euclid(8) as u8, diag)
            } else {
                ((x + y).rem_euclid(8) as u8, anti)
            };
            if used & (1 << line) != 0 {
                continue;
            }
            w[a] = k;
            w[b] = (k + 4) & 7;
            let rest = free & !(1 << a) & !(1 << b);
            if k == 1 || k == 5 {
                go(w, rest, diag | 1 << line, anti, out);
            } else {
                go(w, rest, diag, anti | 1 << line, out);
            }
        }
    }
    let free = (0..64)
        .filter(|&i| c[i] & 1 == 1)
        .fold(0u64, |m, i| m | 1 << i);
    let mut w = *c;
    let mut out = Vec::new();
    go(&mut w, free, 0, 0, &mut out);
    out
}

/// The pairing of the 16-toroidal board with `c` on the blocks of one colour and `w`
/// on the other, the grid of blocks at `(ox, oy)`: plane cell `(ox + u, oy + v)`
/// carries code `c[u mod 8, v mod 8]` or `w[…]` by the colour of its block.
fn assemble(c: &[u8; 64], w: &[u8; 64], ox: i64, oy: i64) -> [u8; 128] {
    let mut q = [0u8; 128];
    for y in 0..8i64 {
        for x in 0..16i64 {
            let (u, v) = (x - ox, y - oy);
            let colour = (u.div_euclid(8) + v.div_euclid(8)) & 1;
            let src = if colour == 0 { c } else { w };
            q[(16 * y + x) as usize] = src[(8 * v.rem_euclid(8) + u.rem_euclid(8)) as usize];
        }
    }
    q
}

/// Consistent and good on the 16-toroidal board: rows and columns (16 cells) hold two
/// dominoes 8 apart, diagonals and antidiagonals (8 cells) one.
fn good16(q: &[u8; 128]) -> bool {
    let mut rows = [[0u8; 16]; 8];
    let mut cols = [[0u8; 16]; 8];
    let mut diag = [0u8; 16];
    let mut anti = [0u8; 16];
    for y in 0..8i64 {
        for x in 0..16i64 {
            let k = q[(16 * y + x) as usize];
            let (dx, dy) = DIRS[k as usize];
            if q[cell16(x + dx, y + dy)] != (k + 4) & 7 {
                return false;
            }
            match k {
                0 => rows[y as usize][x as usize] += 1,
                1 => diag[(x - y).rem_euclid(16) as usize] += 1,
                2 => cols[(x % 8) as usize][(y + 8 * (x / 8)) as usize] += 1,
                3 => anti[(x + y).rem_euclid(16) as usize] += 1,
                _ => {}
            }
        }
    }
    let two_apart =
        |l: &[u8; 16]| l.iter().sum::<u8>() == 2 && (0..8).any(|p| l[p] == 1 && l[p + 8] == 1);
    rows.iter().all(two_apart)
        && cols.iter().all(two_apart)
        && diag.iter().all(|&n| n == 1)
        && anti.iter().all(|&n| n == 1)
}

/// Invariant under translation by (8, 0): an 8-toroidal pairing.
fn eight_toroidal(q: &[u8; 128]) -> bool {
    (0..128).all(|i| q[i] == q[(i & !15) | ((i + 8) & 15)])
}

/// The 1,024 symmetries x ↦ M·x + t of the 16-toroidal board, each as the preimage of
/// every cell and the code map of M.
struct Symmetries {
    pre: Vec<[u8; 128]>,
    code: Vec<[u8; 8]>,
}

impl Symmetries {
    fn new() -> Symmetries {
        // The eight rotations and reflections of the square, as (a, b, c, d) for the
        // matrix [[a, b], [c, d]].
        let mats: [(i64, i64, i64, i64); 8] = [
            (1, 0, 0, 1),
            (0, -1, 1, 0),
            (-1, 0, 0, -1),
            (0, 1, -1, 0),
            (-1, 0, 0, 1),
            (1, 0, 0, -1),
            (0, 1, 1, 0),
            (0, -1, -1, 0),
        ];
        let (mut pre, mut code) = (Vec::new(), Vec::new());
        for &(a, b, c, d) in &mats {
            let det = a * d - b * c;
            // The inverse of an orthogonal integer matrix with determinant ±1.
            let (ia, ib, ic, id) = (d * det, -b * det, -c * det, a * det);
            let mut cm = [0u8; 8];
            for (k, &(dx, dy)) in DIRS.iter().enumerate() {
                let img = (a * dx + b * dy, c * dx + d * dy);
                cm[k] = DIRS.iter().position(|&v| v == img).unwrap() as u8;
            }
            for ty in 0..8i64 {
                for tx in 0..16i64 {
                    let mut p = [0u8; 128];
                    for y in 0..8i64 {
                        for x in 0..16i64 {
                            let (u, v) = (x - tx, y - ty);
                            p[(16 * y + x) as usize] =
                                cell16(ia * u + ib * v, ic * u + id * v) as u8;
                        }
                    }
                    pre.push(p);
                    code.push(cm);
                }
            }
        }
        Symmetries { pre, code }
    }

    /// The least one-line form among the 1,024 images.
    fn canonical(&self, q: &[u8; 128]) -> [u8; 128] {
        let mut best = [u8::MAX; 128];
        for (pre, code) in self.pre.iter().zip(&self.code) {
            // Compare the image with the best so far, building it only where it wins.
            let mut i = 0;
            while i < 128 {
                let k = code[q[pre[i] as usize] as usize];
                if k != best[i] {
                    break;
                }
                i += 1;
            }
            if i < 128 && code[q[pre[i] as usize] as usize] < best[i] {
                for j in i..128 {
                    best[j] = code[q[pre[j] as usize] as usize];
                }
            }
        }
        best
    }
}

#[derive(Default, Debug)]
struct Tally {
    classes_with_variants: u64,
    pairs: u64,
    placements_good: u64,
}

/// The second route: canonical forms of every 16-toroidal pairing assembled from a
/// class C of the 8×8 catalogue and a diagonal variant W ≠ C, sorted, deduplicated.
fn second_route() -> (Vec<[u8; 128]>, Tally) {
    let cat = catalogue();
    let syms = Symmetries::new();
    let per_class: Vec<(Vec<[u8; 128]>, u64, u64)> = (1..=cat.len())
        .into_par_iter()
        .map(|id| {
            let c: [u8; 64] = cat.codes_of(id).try_into().unwrap();
            let mut found = Vec::new();
            let mut pairs = 0;
            for w in diagonal_variants(&c) {
                if w == c {
                    continue;
                }
                pairs += 1;
                for oy in 0..8 {
                    for ox in 0..8 {
                        let q = assemble(&c, &w, ox, oy);
                        if good16(&q) && !eight_toroidal(&q) {
                            found.push(syms.canonical(&q));
                        }
                    }
                }
            }
            let n = found.len() as u64;
            found.sort_unstable();
            found.dedup();
            (found, pairs, n)
        })
        .collect();
    let mut tally = Tally::default();
    let mut all = Vec::new();
    for (found, pairs, n) in per_class {
        tally.classes_with_variants += u64::from(pairs > 0);
        tally.pairs += pairs;
        tally.placements_good += n;
        all.extend(found);
    }
    all.par_sort_unstable();
    all.dedup();
    (all, tally)
}

#[test]
fn second_route_to_the_16_toroidal_catalogue() {
    let _ = square9();
    let t = Instant::now();
    let _ = catalogue();
    eprintln!("8x8 catalogue: {:.2?}", t.elapsed());
    let t = Instant::now();
    let (classes, tally) = second_route();
    eprintln!(
        "second route: {} classes; {tally:?}; {:.2?}",
        classes.len(),
        t.elapsed()
    );
}

/// A search of the 16-toroidal board of its own: lowest free cell first, the second
/// domino of a row or column placed with the first (8 apart), one domino per
/// diagonal and antidiagonal; only pairings with code 0 at cell 0 (every canonical
/// form has it). Returns the canonical forms of the 16-toroidal ones and the number
/// of good pairings found (8- and 16-toroidal).
fn brute_force() -> (Vec<[u8; 128]>, u64) {
    #[derive(Clone)]
    struct State {
        q: [u8; 128],
        free: u128,
        rows: u8,
        cols: u8,
        diag: u16,
        anti: u16,
    }
    fn nb(c: usize, k: u8) -> usize {
        let (dx, dy) = DIRS[k as usize];
        cell16((c % 16) as i64 + dx, (c / 16) as i64 + dy)
    }
    fn shift8(c: usize) -> usize {
        (c & !15) | ((c + 8) & 15)
    }
    /// Places the domino from `c` by code `k` (and its copy 8 along for rows and
    /// columns) if the rules allow it.
    fn place(s: &State, c: usize, k: u8) -> Option<State> {
        let p = nb(c, k);
        if p == c || s.free & (1 << p) == 0 {
            return None;
        }
        let (a, f) = if k < 4 { (c, k) } else { (p, k - 4) };
        let (x, y) = ((a % 16) as i64, (a / 16) as i64);
        let mut t = s.clone();
        match f {
            0 | 2 => {
                let (line, used) = if f == 0 {
                    (y as u8, &mut t.rows)
                } else {
                    ((x % 8) as u8, &mut t.cols)
                };
                if *used & (1 << line) != 0 {
                    return None;
                }
                *used |= 1 << line;
                let (c2, p2) = (shift8(c), shift8(p));
                let m = (1u128 << c) | (1 << p) | (1 << c2) | (1 << p2);
                if s.free & m != m || m.count_ones() != 4 {
                    return None;
                }
                t.free &= !m;
                t.q[c2] = k;
                t.q[p2] = (k + 4) & 7;
            }
            _ => {
                let (line, used) = if f == 1 {
                    ((x - y).rem_euclid(16) as u8, &mut t.diag)
                } else {
                    ((x + y).rem_euclid(16) as u8, &mut t.anti)
                };
                if *used & (1 << line) != 0 {
                    return None;
                }
                *used |= 1 << line;
                t.free &= !((1u128 << c) | (1 << p));
            }
        }
        t.q[c] = k;
        t.q[p] = (k + 4) & 7;
        Some(t)
    }
    fn go(s: &State, syms: &Symmetries, out: &mut Vec<[u8; 128]>, count: &mut u64) {
        if s.free == 0 {
            *count += 1;
            if !eight_toroidal(&s.q) {
                out.push(syms.canonical(&s.q));
            }
            return;
        }
        let c = s.free.trailing_zeros() as usize;
        for k in 0..8 {
            if let Some(t) = place(s, c, k) {
                go(&t, syms, out, count);
            }
        }
    }
    let syms = Symmetries::new();
    let start = State {
        q: [0; 128],
        free: u128::MAX,
        rows: 0,
        cols: 0,
        diag: 0,
        anti: 0,
    };
    // Cell 0 with code 0, then split the next three choices into parallel tasks.
    let mut tasks = vec![place(&start, 0, 0).unwrap()];
    for _ in 0..3 {
        tasks = tasks
            .iter()
            .flat_map(|s| {
                let c = s.free.trailing_zeros() as usize;
                (0..8).filter_map(move |k| place(s, c, k))
            })
            .collect();
    }
    let parts: Vec<(Vec<[u8; 128]>, u64)> = tasks
        .par_iter()
        .map(|s| {
            let (mut out, mut count) = (Vec::new(), 0);
            go(s, &syms, &mut out, &mut count);
            out.sort_unstable();
            out.dedup();
            (out, count)
        })
        .collect();
    let mut all = Vec::new();
    let mut total = 0;
    for (out, count) in parts {
        all.extend(out);
        total += count;
    }
    all.par_sort_unstable();
    all.dedup();
    (all, total)
}

#[test]
#[ignore]
fn brute_force_agrees() {
    let t = Instant::now();
    let (bf, total) = brute_force();
    eprintln!(
        "brute force: {} classes from {total} pairings with code 0 at cell 0; {:.2?}",
        bf.len(),
        t.elapsed()
    );
    let (classes, _) = second_route();
    assert_eq!(bf, classes);
}
