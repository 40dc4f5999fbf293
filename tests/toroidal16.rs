//! The 16-toroidal pairings of 9-in-a-row (docs/spec.md §8) by a second, independent route,
//! compared byte for byte with the catalogue of the search (`amoba enumerate --board
//! square9-16`).
//!
//! The route is the published characterisation turned into an algorithm: a 16-toroidal
//! pairing is made of two good 8×8 pairings C and W, on the blocks of the two colours
//! of the checkerboard of 8×8 blocks, sharing their horizontal and vertical dominoes.
//! For each class C of the 8×8 catalogue (its canonical form):
//!
//! 1. every W: a small search of the diagonal dominoes on the 32 cells that C's
//!    diagonal dominoes cover, one on each diagonal and each antidiagonal;
//! 2. for each W ≠ C and each of the 64 positions of the block grid relative to C
//!    (C's canonical translation need not put the grid at (0, 0)), the 128-cell
//!    pairing with C on one colour and W on the other, kept when it is consistent,
//!    good on square9-16 and not 8-toroidal;
//! 3. its canonical form by brute force over the 1,024 symmetries, with this file's
//!    own arithmetic (checked against the engine's on random images).
//!
//! Every 16-toroidal pairing with a good block offset is reached: a symmetry of the
//! plane maps its block C onto the canonical form of C's class and its grid onto one of
//! the 64 positions. A pairing without a good offset would be missed; the comparison
//! prints every class found by one side only, with its number of good offsets.
//!
//! A third route, `brute_force_agrees`, searches square9-16 itself by dancing links
//! with its own arithmetic; it takes minutes, so it is ignored by default (run it with
//! `cargo test --release --test toroidal16 -- --ignored`).
//!
//! One file for one subject, the second route to the 16-toroidal catalogue, past the
//! usual 600 lines: the route itself is written here, outside the engine, on purpose.

mod common;

use amoba::core::board::Board;
use amoba::pairing::catalogue::blocks;
use amoba::pairing::catalogue::enumerate::run;
use amoba::pairing::symmetry::canonical_into;
use common::{Rng, STEP, catalogue, square9, temp_dir};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Index on the 16-toroidal board of the plane cell (x, y): (x, y) ≡ (x + 8q, y − 8q).
fn cell16(x: i64, y: i64) -> usize {
    let q = y.div_euclid(8);
    (16 * (y - 8 * q) + (x + 8 * q).rem_euclid(16)) as usize
}

fn step8(c: usize, k: u8) -> usize {
    let (dx, dy) = STEP[k as usize];
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

/// The pairing of the 16-toroidal board with `c` on the blocks of one colour of the
/// block grid at `grid = (ox, oy)` and `w` on the others, both placed with their cell
/// (0, 0) at `origin`: the plane cell `X` carries the code of `c` or `w` (by the
/// colour of its block) at `X − origin` mod 8.
///
/// Only the position of the grid relative to the pairings matters (translating both
/// gives a translate of the result), so the second route fixes `origin` at (0, 0) and
/// tries the 64 grids; with `origin = grid` the blocks read at that offset are `c`
/// and `w` themselves.
fn assemble(c: &[u8; 64], w: &[u8; 64], grid: (i64, i64), origin: (i64, i64)) -> [u8; 128] {
    let mut q = [0u8; 128];
    for y in 0..8i64 {
        for x in 0..16i64 {
            let (u, v) = (x - grid.0, y - grid.1);
            let colour = (u.div_euclid(8) + v.div_euclid(8)) & 1;
            let src = if colour == 0 { c } else { w };
            let (s, t) = ((x - origin.0).rem_euclid(8), (y - origin.1).rem_euclid(8));
            q[(16 * y + x) as usize] = src[(8 * t + s) as usize];
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
            let (dx, dy) = STEP[k as usize];
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
            for (k, &(dx, dy)) in STEP.iter().enumerate() {
                let img = (a * dx + b * dy, c * dx + d * dy);
                cm[k] = STEP.iter().position(|&v| v == img).unwrap() as u8;
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
                        let q = assemble(&c, &w, (ox, oy), (0, 0));
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

/// The second route, computed once per test binary, with its run time.
fn route() -> &'static (Vec<[u8; 128]>, Tally, Duration) {
    static R: OnceLock<(Vec<[u8; 128]>, Tally, Duration)> = OnceLock::new();
    R.get_or_init(|| {
        let _ = catalogue();
        let t = Instant::now();
        let (classes, tally) = second_route();
        (classes, tally, t.elapsed())
    })
}

fn line(q: &[u8]) -> String {
    q.iter().map(|&k| (b'0' + k) as char).collect()
}

#[test]
fn own_canonical_form_agrees_with_the_engine() {
    // The brute force over 1,024 symmetries against the engine's candidate method, on
    // random images of assembled pairings and on the pairings themselves.
    let (classes, _, _) = route();
    let board = Board::square9_16();
    let syms = Symmetries::new();
    let mut rng = Rng(16);
    let mut out = vec![0u8; 128];
    for _ in 0..500 {
        let q = classes[rng.below(classes.len())];
        let g = rng.below(1024);
        let mut img = [0u8; 128];
        for i in 0..128 {
            img[i] = syms.code[g][q[syms.pre[g][i] as usize] as usize];
        }
        assert_eq!(syms.canonical(&img), q, "image {g} of {}", line(&q));
        canonical_into(&board, &img, &mut out);
        assert_eq!(out, q, "engine on image {g} of {}", line(&q));
    }
}

#[test]
fn blocks_of_every_class_are_good_at_some_offset() {
    // Route 2 against the library's block analysis: every class has a good offset, the
    // blocks there are catalogue classes, assembling them gives the class back, the
    // alternating cycles are diagonal and the same at every good offset, and so is the
    // unordered pair of the blocks' IDs.
    let (classes, _, _) = route();
    let b8 = square9();
    let cat = catalogue();
    let problems: Vec<String> = classes
        .par_iter()
        .filter_map(|q| {
            let b = blocks::analyse(q).unwrap();
            let Some(r) = &b.reported else {
                return Some(format!("no good offset: {}", line(q)));
            };
            let o = (r.ox as i64, r.oy as i64);
            if assemble(&r.c, &r.w, o, o) != *q {
                return Some(format!("blocks do not reassemble: {}", line(q)));
            }
            if blocks::block_id(b8, cat, &r.c).is_none()
                || blocks::block_id(b8, cat, &r.w).is_none()
            {
                return Some(format!("a block is not in the catalogue: {}", line(q)));
            }
            if r.cycles.is_empty()
                || r.cycles
                    .iter()
                    .flat_map(|c| &c.cells)
                    .any(|&i| r.c[i] % 2 == 0 || r.w[i] % 2 == 0)
            {
                return Some(format!("cycles not diagonal: {}", line(q)));
            }
            let edges = |c: &[u8; 64], w: &[u8; 64]| {
                let mut e: Vec<(usize, usize)> = (0..64)
                    .filter(|&i| c[i] != w[i])
                    .flat_map(|i| {
                        let (a, b) = (step8(i, c[i]), step8(i, w[i]));
                        [(i.min(a), i.max(a)), (i.min(b), i.max(b))]
                    })
                    .collect();
                e.sort_unstable();
                e.dedup();
                e
            };
            // The cycles at every good offset, moved to plane coordinates mod 8.
            let shifted = |o: &blocks::Offset| {
                let c = blocks::block(q, o.ox as i64, o.oy as i64);
                let w = blocks::block(q, o.ox as i64 + 8, o.oy as i64);
                let mut e: Vec<(usize, usize)> = edges(&c, &w)
                    .into_iter()
                    .map(|(a, b)| {
                        let m = |i: usize| {
                            8 * ((i / 8 + o.oy as usize) % 8) + (i % 8 + o.ox as usize) % 8
                        };
                        (m(a).min(m(b)), m(a).max(m(b)))
                    })
                    .collect();
                e.sort_unstable();
                e
            };
            let goods: Vec<&blocks::Offset> = b.offsets.iter().filter(|o| o.good()).collect();
            let first = shifted(goods[0]);
            if goods.iter().any(|o| shifted(o) != first) {
                return Some(format!("cycles depend on the offset: {}", line(q)));
            }
            // The unordered pair of IDs, at every good offset.
            let pair = |o: &blocks::Offset| {
                let id = |x| blocks::block_id(b8, cat, &blocks::block(q, x, o.oy as i64));
                let (c, w) = (id(o.ox as i64), id(o.ox as i64 + 8));
                (c.min(w), c.max(w))
            };
            let first = pair(goods[0]);
            if goods.iter().any(|o| pair(o) != first) {
                return Some(format!("{{C, W}} depends on the offset: {}", line(q)));
            }
            None
        })
        .collect();
    assert!(
        problems.is_empty(),
        "{} classes contradict the characterisation:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn table_of_blocks_over_the_catalogue() {
    // The per-class table and its distributions, as the enumeration writes them.
    let (classes, _, _) = route();
    let flat: Vec<u8> = classes.iter().flatten().copied().collect();
    let text: String = classes.iter().map(|q| line(q) + "\n").collect();
    let cat16 = amoba::pairing::catalogue::Catalogue::parse(
        &Board::square9_16(),
        &text,
        std::path::Path::new("second route"),
        0,
    )
    .unwrap();
    assert_eq!(cat16.flat_codes(), &flat[..]);
    let t = Instant::now();
    let rows = blocks::table(square9(), catalogue(), &cat16).unwrap();
    let took = t.elapsed();
    let d = blocks::distributions(&rows, 10);
    eprintln!(
        "table of {} rows in {took:.2?}\n{}",
        rows.len(),
        d.markdown()
    );
    assert!(d.without_good_offset.is_empty() && d.block_not_in_catalogue.is_empty());
    assert_eq!(d.classes as usize, classes.len());
    let mut csv = Vec::new();
    blocks::write_csv(&rows, &mut csv).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    assert_eq!(csv.lines().count(), classes.len() + 1);
    eprintln!("{}", csv.lines().take(4).collect::<Vec<_>>().join("\n"));
    for n in [2, 4] {
        if let Some(r) = rows.iter().find(|r| r.cycle_lengths.len() == n) {
            eprintln!(
                "first class with {n} cycles: {}",
                csv.lines().nth(r.id).unwrap()
            );
        }
    }
    // Every row, against the route's own view of the class.
    for (r, q) in rows.iter().zip(classes) {
        let (ox, oy) = r.offset.unwrap();
        let c = blocks::block(q, ox as i64, oy as i64);
        let w = blocks::block(q, ox as i64 + 8, oy as i64);
        assert!(diagonal_variants(&c).contains(&w), "class {}", r.id);
        assert_eq!(
            r.cycle_lengths.iter().sum::<usize>(),
            (0..64).filter(|&i| c[i] != w[i]).count()
        );
    }
}

#[test]
fn show_draws_the_blocks_of_a_16_toroidal_pairing() {
    // The catalogues come from files (no enumeration); the picture names the blocks'
    // IDs, marks C and W and the cells where they differ.
    let (classes, _, _) = route();
    let dir = temp_dir("show-blocks");
    let (work, cache) = (dir.join("work"), dir.join("cache"));
    std::fs::create_dir_all(&work).unwrap();
    std::fs::create_dir_all(&cache).unwrap();
    catalogue().write(&cache.join("catalogue-9.txt")).unwrap();
    let text: String = classes.iter().map(|q| line(q) + "\n").collect();
    std::fs::write(dir.join("cat16.txt"), text).unwrap();
    let id = classes.len() / 2;
    let q = &classes[id - 1];
    let row = blocks::class_row(square9(), catalogue(), id, q).unwrap();
    let show = |format: &str| {
        let o = Command::new(env!("CARGO_BIN_EXE_amoba"))
            .args(["show", "--board", "square9-16", "--format", format])
            .arg("--catalogue")
            .arg(dir.join("cat16.txt"))
            .arg(id.to_string())
            .current_dir(&work)
            .env("AMOBA_CACHE_DIR", &cache)
            .output()
            .unwrap();
        let (out, err) = (
            String::from_utf8(o.stdout).unwrap(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        );
        assert_eq!(o.status.code(), Some(0), "{err}");
        assert!(!err.contains("enumerating"), "{err}");
        out
    };
    let (ox, oy) = row.offset.unwrap();
    let ids = format!("C ID {}, W ID {}", row.c_id.unwrap(), row.w_id.unwrap());
    let ascii = show("ascii");
    assert!(ascii.starts_with(&format!("square9-16 pairing ID {id} · stabiliser order")));
    assert!(
        ascii.contains(&format!("blocks at offset ({ox}, {oy})")),
        "{ascii}"
    );
    assert!(ascii.contains(&ids), "{ascii}");
    // Cell (X, Y) of the window is at line 2 + 2Y, column 2X + 1: lower case where C
    // and W agree, capitals where they differ.
    let lines: Vec<&str> = ascii.lines().collect();
    let mut capitals = 0;
    for y in 0..16i64 {
        for x in 0..16i64 {
            let ch = lines[(2 + 2 * y) as usize].as_bytes()[(2 * x + 1) as usize];
            let (px, py) = (ox as i64 + x, oy as i64 + y);
            let differ = q[cell16(px, py)] != q[cell16(px + 8, py)];
            let c_block = (x / 8 + y / 8) % 2 == 0;
            let want = match (c_block, differ) {
                (true, false) => b'c',
                (true, true) => b'C',
                (false, false) => b'w',
                (false, true) => b'W',
            };
            assert_eq!(ch, want, "cell ({x}, {y}) of the window");
            capitals += usize::from(differ);
        }
    }
    // Four blocks, each holding every cycle once.
    assert_eq!(capitals, 4 * row.cycle_lengths.iter().sum::<usize>());
    let svg = show("svg");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains(&format!("C · ID {}", row.c_id.unwrap())));
    assert_eq!(std::fs::read_dir(&work).unwrap().count(), 0);
}

#[test]
fn second_route_matches_the_search_catalogue() {
    let (classes, tally, took) = route();
    let syms = Symmetries::new();
    let stabiliser = |q: &[u8; 128]| {
        (0..1024)
            .filter(|&g| {
                (0..128).all(|i| syms.code[g][q[syms.pre[g][i] as usize] as usize] == q[i])
            })
            .count()
    };
    let mut by_stab: BTreeMap<usize, usize> = BTreeMap::new();
    let mut labelled = 0;
    for q in classes {
        let s = stabiliser(q);
        *by_stab.entry(s).or_default() += 1;
        labelled += 1024 / s;
    }
    eprintln!(
        "second route: {} classes of 16-toroidal pairings, {labelled} labelled, by \
         stabiliser order {by_stab:?}; from {} 8x8 classes with a diagonal variant, {} \
         pairs (C, W), {} good placements; {took:.2?}",
        classes.len(),
        tally.classes_with_variants,
        tally.pairs,
        tally.placements_good
    );
    let mine: Vec<u8> = classes
        .iter()
        .flat_map(|q| q.iter().map(|&k| b'0' + k).chain([b'\n']))
        .collect();
    let t = Instant::now();
    let eight = common::enumeration();
    let out = run(&Board::square9_16(), 0, Some(&eight.census), &|_, _| {});
    let mut searched = Vec::new();
    out.catalogue.write_to(&mut searched).unwrap();
    eprintln!(
        "search: {} classes; {:.2?}",
        out.catalogue.len(),
        t.elapsed()
    );
    if mine != searched {
        let a: BTreeSet<&[u8]> = mine.split(|&b| b == b'\n').collect();
        let b: BTreeSet<&[u8]> = searched.split(|&b| b == b'\n').collect();
        let only_route: Vec<&&[u8]> = a.difference(&b).collect();
        let only_search: Vec<&&[u8]> = b.difference(&a).collect();
        // Each line with the number of good block offsets of its pairing.
        let show = |v: &[&&[u8]]| {
            v.iter()
                .map(|l| {
                    let codes: Vec<u8> = l.iter().map(|b| b.wrapping_sub(b'0')).collect();
                    let offsets = blocks::analyse(&codes)
                        .map_or("not 128 codes".into(), |b| b.good_offsets().to_string());
                    format!("{} (good offsets: {offsets})", String::from_utf8_lossy(l))
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        panic!(
            "the catalogues differ ({} classes by the second route, {} by the search)\n\
             {} only by the second route:\n{}\n{} only by the search:\n{}",
            classes.len(),
            out.catalogue.len(),
            only_route.len(),
            show(&only_route),
            only_search.len(),
            show(&only_search)
        );
    }
    // The same labelled count and stabilisers, by orbit–stabiliser on both sides.
    assert_eq!(out.census.labelled, labelled as u64);
    let theirs: BTreeMap<usize, usize> = out
        .census
        .classes_by_stabiliser_order
        .iter()
        .map(|(&k, &v)| (k, v as usize))
        .collect();
    assert_eq!(theirs, by_stab);
    // The good pairings of the board left out are the 8-toroidal ones: the classes and
    // labelled pairings of the 8×8 catalogue.
    let (_, left) = out.left_out.as_ref().expect("square9-16 refines square9");
    assert_eq!(left.classes as usize, catalogue().len());
    assert_eq!(left.labelled, eight.census.labelled);
}

/// The catalogue comes from the rooted search, which never meets an 8-toroidal pairing
/// and counts the left-out classes from the 8×8 catalogue (docs/spec.md §8). The
/// canonical search of the whole board meets every good pairing of square9-16, with
/// another root (a horizontal domino at cell 0) and no notion of τ: its 16-toroidal
/// classes must be the catalogue, byte for byte, and its 8-toroidal ones the 8×8
/// classes, with stabilisers twice theirs.
#[test]
fn the_search_of_the_whole_board_agrees_with_the_rooted_search() {
    let board = Board::square9_16();
    let eight = common::enumeration();
    let out = run(&board, 0, Some(&eight.census), &|_, _| {});
    let mut sixteen: Vec<u8> = Vec::new();
    let mut periodic: BTreeMap<usize, u64> = BTreeMap::new();
    let stats =
        amoba::pairing::search::enumerate(&board, Default::default(), &|_, _| {}, &mut |f| {
            let q: &[u8; 128] = f.codes[..].try_into().unwrap();
            if eight_toroidal(q) {
                *periodic.entry(f.stabiliser).or_default() += 1;
            } else {
                sixteen.extend(q.iter().map(|&k| b'0' + k).chain([b'\n']));
            }
        });
    let mut rooted = Vec::new();
    out.catalogue.write_to(&mut rooted).unwrap();
    assert!(
        sixteen == rooted,
        "the two searches' 16-toroidal catalogues differ"
    );
    let doubled: BTreeMap<usize, u64> = eight
        .census
        .classes_by_stabiliser_order
        .iter()
        .map(|(&s, &k)| (2 * s, k))
        .collect();
    assert_eq!(periodic, doubled);
    let (_, left) = out.left_out.as_ref().expect("square9-16 refines square9");
    assert_eq!(left.classes_by_stabiliser_order, periodic);
    // The rooted search visits far fewer nodes than the whole board's.
    assert!(
        out.stats.nodes * 4 < stats.nodes,
        "{} vs {}",
        out.stats.nodes,
        stats.nodes
    );
}

/// An option of the exact cover: the items it covers and the codes it writes.
type DlxOption = (Vec<usize>, Vec<(usize, u8)>);

/// A search of the 16-toroidal board of its own, by dancing links (Knuth's Algorithm
/// X) over 176 items — the 128 cells, the 8 rows, the 8 columns (16 cells each), the 16
/// diagonals and the 16 antidiagonals — and 384 options: a row or a column with its
/// two dominoes 8 apart (64 + 64), or one diagonal or antidiagonal domino (128 +
/// 128). Only pairings with code 0 at cell 0 are listed (every canonical form has it).
/// Returns the canonical forms of the 16-toroidal ones and the number of good
/// pairings listed (8- and 16-toroidal).
fn brute_force() -> (Vec<[u8; 128]>, u64) {
    // Options: the items they cover and the codes they write.
    let mut options: Vec<DlxOption> = Vec::new();
    let shift8 = |c: usize| (c & !15) | ((c + 8) & 15);
    let nb = |c: usize, k: u8| {
        let (dx, dy) = STEP[k as usize];
        cell16((c % 16) as i64 + dx, (c / 16) as i64 + dy)
    };
    for y in 0..8 {
        for a in 0..8 {
            let c = 16 * y + a;
            let cells = [c, nb(c, 0), shift8(c), nb(shift8(c), 0)];
            options.push((
                vec![cells[0], cells[1], cells[2], cells[3], 128 + y],
                vec![(cells[0], 0), (cells[1], 4), (cells[2], 0), (cells[3], 4)],
            ));
        }
    }
    for x in 0..8 {
        for y in 0..8 {
            // Column x: cells (x, y) and, 8 further along it, (x + 8, y).
            let c = 16 * y + x;
            let cells = [c, nb(c, 2), shift8(c), nb(shift8(c), 2)];
            options.push((
                vec![cells[0], cells[1], cells[2], cells[3], 136 + x],
                vec![(cells[0], 2), (cells[1], 6), (cells[2], 2), (cells[3], 6)],
            ));
        }
    }
    for c in 0..128 {
        let (x, y) = ((c % 16) as i64, (c / 16) as i64);
        let d = 144 + (x - y).rem_euclid(16) as usize;
        options.push((vec![c, nb(c, 1), d], vec![(c, 1), (nb(c, 1), 5)]));
        let a = 160 + (x + y).rem_euclid(16) as usize;
        options.push((vec![c, nb(c, 3), a], vec![(c, 3), (nb(c, 3), 7)]));
    }
    const ITEMS: usize = 176;

    /// The dancing-links structure: node 0 is the root, nodes 1..=ITEMS the item
    /// headers, then one node per (option, item).
    #[derive(Clone)]
    struct Dlx {
        l: Vec<usize>,
        r: Vec<usize>,
        u: Vec<usize>,
        d: Vec<usize>,
        col: Vec<usize>,
        opt: Vec<usize>,
        size: Vec<usize>,
    }
    impl Dlx {
        fn new(options: &[DlxOption]) -> Dlx {
            let n = ITEMS + 1;
            let mut x = Dlx {
                l: (0..n).map(|i| (i + n - 1) % n).collect(),
                r: (0..n).map(|i| (i + 1) % n).collect(),
                u: (0..n).collect(),
                d: (0..n).collect(),
                col: (0..n).collect(),
                opt: vec![usize::MAX; n],
                size: vec![0; n],
            };
            for (o, (items, _)) in options.iter().enumerate() {
                let first = x.l.len();
                for (j, &it) in items.iter().enumerate() {
                    let h = it + 1;
                    let node = x.l.len();
                    let last = x.u[h];
                    x.u.push(last);
                    x.d.push(h);
                    x.d[last] = node;
                    x.u[h] = node;
                    x.col.push(h);
                    x.opt.push(o);
                    x.size[h] += 1;
                    let prev = if j == 0 { node } else { node - 1 };
                    x.l.push(prev);
                    x.r.push(first);
                    x.r[prev] = node;
                    x.l[first] = node;
                }
            }
            x
        }
        fn cover(&mut self, c: usize) {
            let (l, r) = (self.l[c], self.r[c]);
            self.r[l] = r;
            self.l[r] = l;
            let mut i = self.d[c];
            while i != c {
                let mut j = self.r[i];
                while j != i {
                    let (u, d) = (self.u[j], self.d[j]);
                    self.d[u] = d;
                    self.u[d] = u;
                    self.size[self.col[j]] -= 1;
                    j = self.r[j];
                }
                i = self.d[i];
            }
        }
        fn uncover(&mut self, c: usize) {
            let mut i = self.u[c];
            while i != c {
                let mut j = self.l[i];
                while j != i {
                    let (u, d) = (self.u[j], self.d[j]);
                    self.d[u] = j;
                    self.u[d] = j;
                    self.size[self.col[j]] += 1;
                    j = self.l[j];
                }
                i = self.u[i];
            }
            let (l, r) = (self.l[c], self.r[c]);
            self.r[l] = c;
            self.l[r] = c;
        }
        /// Chooses option node `i`: covers the other items of its option.
        fn select(&mut self, i: usize) {
            let mut j = self.r[i];
            while j != i {
                self.cover(self.col[j]);
                j = self.r[j];
            }
        }
        fn unselect(&mut self, i: usize) {
            let mut j = self.l[i];
            while j != i {
                self.uncover(self.col[j]);
                j = self.l[j];
            }
        }
        /// The live item with fewest options (None when every item is covered).
        fn choose(&self) -> Option<usize> {
            let mut best = None;
            let mut c = self.r[0];
            while c != 0 {
                if best.is_none_or(|b| self.size[c] < self.size[b]) {
                    best = Some(c);
                }
                c = self.r[c];
            }
            best
        }
        /// Every solution below the current state, or, at `depth` 0, the state itself.
        fn search(
            &mut self,
            chosen: &mut Vec<usize>,
            depth: usize,
            leaf: &mut dyn FnMut(&[usize], &Dlx),
        ) {
            let Some(c) = self.choose().filter(|_| depth > 0) else {
                leaf(chosen, self);
                return;
            };
            self.cover(c);
            let mut i = self.d[c];
            while i != c {
                chosen.push(self.opt[i]);
                self.select(i);
                self.search(chosen, depth - 1, leaf);
                self.unselect(i);
                chosen.pop();
                i = self.d[i];
            }
            self.uncover(c);
        }
    }

    let syms = Symmetries::new();
    let mut root = Dlx::new(&options);
    // Code 0 at cell 0: the option of row 0 with dominoes (0,0)-(1,0), (8,0)-(9,0).
    let first = (ITEMS + 1..root.l.len())
        .find(|&i| root.opt[i] == 0)
        .unwrap();
    root.cover(root.col[first]);
    root.select(first);
    // Split the search three levels down into independent tasks.
    let mut tasks: Vec<(Vec<usize>, Dlx)> = Vec::new();
    root.search(&mut vec![0], 3, &mut |ch, st| {
        tasks.push((ch.to_vec(), st.clone()))
    });
    let parts: Vec<(Vec<[u8; 128]>, u64)> = tasks
        .into_par_iter()
        .map(|(mut chosen, mut st)| {
            let (mut out, mut count) = (Vec::new(), 0u64);
            st.search(&mut chosen, usize::MAX, &mut |ch, st| {
                if st.r[0] != 0 {
                    return;
                }
                count += 1;
                let mut q = [0u8; 128];
                for &o in ch {
                    for &(c, k) in &options[o].1 {
                        q[c] = k;
                    }
                }
                if !eight_toroidal(&q) {
                    out.push(syms.canonical(&q));
                }
            });
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
    let (classes, _, _) = route();
    assert_eq!(&bf, classes);
}
