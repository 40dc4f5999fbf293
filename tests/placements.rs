//! `amoba verify --placements` and `amoba show --placement` (docs/spec.md §10), checked
//! from outside: this file expands every placement over a stretch of the plane with
//! its own arithmetic, counts blocked winning sets by brute force and compares with
//! the command's JSON, and it turns catalogue pairings into 2-placements with its own
//! code table.

mod common;
use common::amoba;

use common::{Rng, STEP, output_text, temp_dir};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

const SQUARE: [(i64, i64); 4] = [(1, 0), (1, 1), (0, 1), (-1, 1)];

/// A placement: rows (a, b), (0, c) of its lattice and cookies of (cell, part a?).
struct Placement {
    lattice: [(i64, i64); 2],
    cookies: Vec<Vec<((i64, i64), bool)>>,
}

impl Placement {
    fn text(&self) -> String {
        let [(x1, y1), (x2, y2)] = self.lattice;
        let mut s = format!("# a test placement\nlattice {x1},{y1} {x2},{y2}\n");
        for c in &self.cookies {
            let cells: Vec<String> = c
                .iter()
                .map(|&((x, y), a)| format!("{x},{y}:{}", if a { 'a' } else { 'b' }))
                .collect();
            s.push_str(&cells.join(" "));
            s.push('\n');
        }
        s
    }

    /// Every cell within `r` periods of the origin: (cookie, copy, part a?).
    fn expand(&self, r: i64) -> HashMap<(i64, i64), (usize, i64, i64, bool)> {
        let [(a, b), (c0, c)] = self.lattice;
        let mut m = HashMap::new();
        for (i, cookie) in self.cookies.iter().enumerate() {
            for u in -r..=r {
                for v in -r..=r {
                    let (lx, ly) = (u * a + v * c0, u * b + v * c);
                    for &((x, y), part) in cookie {
                        let old = m.insert((x + lx, y + ly), (i, u, v, part));
                        assert!(old.is_none(), "overlap in the test's own placement");
                    }
                }
            }
        }
        m
    }

    /// (unblocked, blocked more than once) over the windows starting in the box of
    /// representatives, by brute force.
    fn brute(&self, dirs: &[(i64, i64)], k: i64) -> (u64, u64) {
        let m = self.expand(4 + k);
        let [(a, _), (_, c)] = self.lattice;
        let (mut un, mut multi) = (0, 0);
        for x in 0..a {
            for y in 0..c {
                for &(dx, dy) in dirs {
                    let cells: Vec<_> = (0..k).map(|j| m[&(x + j * dx, y + j * dy)]).collect();
                    let blockers: HashSet<_> = cells
                        .iter()
                        .filter(|&&(i, u, v, p)| {
                            p && cells
                                .iter()
                                .any(|&(j, s, t, q)| (j, s, t) == (i, u, v) && !q)
                        })
                        .map(|&(i, u, v, _)| (i, u, v))
                        .collect();
                    match blockers.len() {
                        0 => un += 1,
                        1 => {}
                        _ => multi += 1,
                    }
                }
            }
        }
        (un, multi)
    }
}

/// Blocking number of one cookie by brute force over the windows near it.
fn blocking(cookie: &[((i64, i64), bool)], dirs: &[(i64, i64)], k: i64) -> u64 {
    let part: HashMap<_, _> = cookie.iter().copied().collect();
    let xs = cookie.iter().map(|&((x, _), _)| x);
    let ys = cookie.iter().map(|&((_, y), _)| y);
    let (x0, x1) = (xs.clone().min().unwrap() - 2 * k, xs.max().unwrap() + 2 * k);
    let (y0, y1) = (ys.clone().min().unwrap() - 2 * k, ys.max().unwrap() + 2 * k);
    let mut n = 0;
    for x in x0..=x1 {
        for y in y0..=y1 {
            for &(dx, dy) in dirs {
                let seen: Vec<bool> = (0..k)
                    .filter_map(|j| part.get(&(x + j * dx, y + j * dy)).copied())
                    .collect();
                if seen.contains(&true) && seen.contains(&false) {
                    n += 1;
                }
            }
        }
    }
    n
}

/// A catalogue pairing of the 8×8 torus as a 2-placement: the cell with code < 4 is
/// in part a, its partner in part b.
fn from_pairing(codes: &[u8]) -> Placement {
    let cookies = (0..64)
        .filter(|&c| codes[c] < 4)
        .map(|c| {
            let (x, y) = ((c % 8) as i64, (c / 8) as i64);
            let (dx, dy) = STEP[codes[c] as usize];
            vec![((x, y), true), ((x + dx, y + dy), false)]
        })
        .collect();
    Placement {
        lattice: [(8, 0), (0, 8)],
        cookies,
    }
}

/// Runs `amoba verify --placements --json ARGS FILES`: the document and exit code.
fn verify(args: &[&str], files: &[std::path::PathBuf]) -> (Value, i32) {
    let out = amoba()
        .args(["verify", "--placements", "--json"])
        .args(args)
        .args(files)
        .output()
        .unwrap();
    let (stdout, stderr, code) = output_text(&out);
    let doc = common::schema::assert_valid_text(&stdout);
    assert!(code != 2 || !stderr.is_empty(), "{stderr}");
    (doc, code)
}

#[test]
fn catalogue_pairings_are_tight_two_placements() {
    let dir = temp_dir("placements-catalogue");
    let cat = common::catalogue();
    let ids: Vec<usize> = (1..=40).chain((1..=cat.len()).step_by(9973)).collect();
    let mut files = Vec::new();
    let mut placements = Vec::new();
    for &id in &ids {
        let p = from_pairing(cat.codes_of(id));
        let f = dir.join(format!("p{id}.txt"));
        std::fs::write(&f, p.text()).unwrap();
        files.push(f);
        placements.push(p);
    }
    let (doc, code) = verify(&["--t", "2"], &files);
    assert_eq!(code, 0);
    assert_eq!(doc["good"], ids.len());
    for input in doc["inputs"].as_array().unwrap() {
        let r = &input["report"];
        assert_eq!(r["tight"], true, "{}", input["file"]);
        assert_eq!(r["winning_sets"], 256);
        assert!(
            r["blocking_numbers"]
                .as_array()
                .unwrap()
                .iter()
                .all(|b| b == 8)
        );
    }
    // k = 8: not good; the witnesses and counts agree with the brute force.
    let (doc, code) = verify(&["--t", "2", "--k", "8"], &files[..5]);
    assert_eq!(code, 1);
    for (input, p) in doc["inputs"].as_array().unwrap().iter().zip(&placements) {
        let (un, multi) = p.brute(&SQUARE, 8);
        assert!(un > 0);
        assert_eq!(input["report"]["unblocked"], un);
        assert_eq!(input["report"]["blocked_more_than_once"], multi);
        assert_eq!(
            input["report"]["witnesses"][0]["cells"]
                .as_array()
                .unwrap()
                .len(),
            8
        );
    }
}

/// A random placement on the lattice with rows (a, b), (0, c): the cells of the box
/// of representatives cut into cookies of 2 to `t` cells with both parts, each cell
/// moved by a random lattice vector (so cookies spread over periods).
fn random_placement(rng: &mut Rng, a: i64, b: i64, c: i64, t: usize) -> Placement {
    let mut cells: Vec<(i64, i64)> = (0..a).flat_map(|x| (0..c).map(move |y| (x, y))).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    let mut cookies = Vec::new();
    while !cells.is_empty() {
        let n = (2 + rng.below(t - 1)).min(cells.len());
        let n = if cells.len() - n == 1 { n + 1 } else { n };
        let chunk: Vec<_> = cells.drain(..n).collect();
        let split = 1 + rng.below(chunk.len() - 1);
        let cookie = chunk
            .iter()
            .enumerate()
            .map(|(j, &(x, y))| {
                let (u, v) = (rng.below(3) as i64 - 1, rng.below(3) as i64 - 1);
                ((x + u * a, y + u * b + v * c), j < split)
            })
            .collect();
        cookies.push(cookie);
    }
    Placement {
        lattice: [(a, b), (0, c)],
        cookies,
    }
}

#[test]
fn random_placements_agree_with_a_brute_force() {
    let dir = temp_dir("placements-random");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let dirs_sets: [(&str, &[(i64, i64)]); 3] = [
        ("square9", &SQUARE),
        ("hex7", &[(1, 0), (1, 1), (0, 1)]),
        ("square9", &SQUARE),
    ];
    let mut seen = (0, 0);
    for round in 0..24 {
        let (a, b, c) = [
            (4, 0, 4),
            (3, 1, 5),
            (6, 2, 3),
            (2, 1, 7),
            (5, 0, 2),
            (4, 3, 4),
        ][round % 6];
        let t = 2 + round % 4;
        let k = 2 + (round % 3) as i64;
        let p = if round % 4 == 3 {
            // A catalogue pairing, each cookie moved by a random period and its parts
            // perhaps swapped: still good for k = 9 (forced below).
            let mut p = from_pairing(common::catalogue().codes_of(1 + rng.below(1000)));
            for cookie in &mut p.cookies {
                let swap = rng.below(2) == 1;
                let (u, v) = (rng.below(3) as i64 - 1, rng.below(3) as i64 - 1);
                for ((x, y), part) in cookie.iter_mut() {
                    *x += 8 * u;
                    *y += 8 * v;
                    *part ^= swap;
                }
            }
            p
        } else {
            random_placement(&mut rng, a, b, c, t + 1)
        };
        let (k, dirs_sets_i) = if round % 4 == 3 {
            (9, 0)
        } else {
            (k, round % 3)
        };
        let f = dir.join(format!("r{round}.txt"));
        std::fs::write(&f, p.text()).unwrap();
        let (board, dirs) = dirs_sets[dirs_sets_i];
        let (doc, code) = verify(
            &["--board", board, "--k", &k.to_string()],
            std::slice::from_ref(&f),
        );
        let r = &doc["inputs"][0]["report"];
        let (un, multi) = p.brute(dirs, k);
        assert_eq!(r["unblocked"], un, "round {round}:\n{}", p.text());
        assert_eq!(r["blocked_more_than_once"], multi, "round {round}");
        assert_eq!(r["good"], un == 0);
        assert_eq!(code, if un == 0 { 0 } else { 1 });
        let numbers: Vec<u64> = p.cookies.iter().map(|c| blocking(c, dirs, k)).collect();
        assert_eq!(
            r["blocking_numbers"],
            serde_json::json!(numbers),
            "round {round}"
        );
        if un == 0 {
            seen.0 += 1;
        } else {
            seen.1 += 1;
        }
    }
    assert!(
        seen.0 >= 6 && seen.1 > 0,
        "both verdicts exercised: {seen:?}"
    );
}

#[test]
fn bad_placements_name_the_line() {
    let dir = temp_dir("placements-bad");
    let domino = "lattice 2,0 0,1\n0,0:a 1,0:b\n";
    let cases = [
        ("0,0:a 1,0:b\n", "line 1", "expected `lattice x1,y1 x2,y2`"),
        ("# only a comment\n", "1:1", "found no `lattice` line"),
        ("lattice 2,0 4,0\n0,0:a 1,0:b\n", "1:1", "degenerate"),
        ("lattice 2,0 0,1\n0,0:a 1,0:a\n", "2:1", "no cell in part b"),
        (
            "lattice 3,0 0,1\n0,0:a 1,0:b 2,0:b\n",
            "2:1",
            "expected at most t = 2",
        ),
        (
            "lattice 2,0 0,1\n0,0:a 2,0:b\n",
            "2:1",
            "moved by the lattice",
        ),
        (
            "lattice 4,0 0,1\n0,0:a 1,0:b\n",
            "1:1",
            "no cookie covers cell 2,0",
        ),
        (
            "lattice 2,0 0,1\n0,0:a 1;0:b\n",
            "2:7",
            "expected a cell or vector x,y",
        ),
        (
            "lattice 2,0 0,1\n0,0:a 1,0:c\n",
            "2:11",
            "found part 'c', expected a or b",
        ),
    ];
    for (i, (text, place, message)) in cases.iter().enumerate() {
        let f = dir.join(format!("bad{i}.txt"));
        std::fs::write(&f, text).unwrap();
        let out = amoba()
            .args(["verify", "--placements", "--t", "2"])
            .arg(&f)
            .output()
            .unwrap();
        let (_, err, code) = output_text(&out);
        assert_eq!(code, 2, "{text}: {err}");
        let place = if place.starts_with("line") {
            ":1:".to_string()
        } else {
            format!(":{place}:")
        };
        assert!(
            err.contains(&place) && err.contains(message),
            "{text}: {err}"
        );
    }
    // A well-formed placement that does not block: horizontal dominoes leave every
    // column open; the witness runs along 0,1.
    let f = dir.join("rows.txt");
    std::fs::write(&f, domino).unwrap();
    let (doc, code) = verify(&["--k", "3"], std::slice::from_ref(&f));
    assert_eq!(code, 1);
    let dirs: Vec<&Value> = doc["inputs"][0]["report"]["witnesses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| &w["direction"])
        .collect();
    assert!(dirs.contains(&&serde_json::json!([0, 1])), "{dirs:?}");
    assert!(!dirs.contains(&&serde_json::json!([1, 0])), "{dirs:?}");
}

#[test]
fn show_draws_a_placement() {
    let dir = temp_dir("placements-show");
    let f = dir.join("rows.txt");
    // Two cookies per period: a domino and an L-tromino.
    std::fs::write(&f, "lattice 5,0 0,1\n0,0:a 1,0:b\n2,0:a 3,0:b 4,0:b\n").unwrap();
    let out = amoba()
        .args(["show", "--placement", "--window", "6"])
        .arg(&f)
        .output()
        .unwrap();
    let (text, err, code) = output_text(&out);
    assert_eq!(code, 0, "{err}");
    assert_eq!(text.lines().count(), 6);
    assert!(text.lines().all(|l| l == "AaBbbA"), "{text}");
    let out = amoba()
        .args(["show", "--placement", "--format", "svg"])
        .arg(&f)
        .output()
        .unwrap();
    let (svg, _, code) = output_text(&out);
    assert_eq!(code, 0);
    assert!(svg.starts_with("<svg") && svg.contains("#9a9a9a"));
}
