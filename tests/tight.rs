//! Blocking numbers and tight placements (docs/spec.md §10), checked against brute
//! forces written here: cookies enumerated as subsets of a box with their own
//! connectivity test, blocking numbers counted window by window, placements counted by
//! a plain backtracking over the lowest uncovered cell with its own lattice arithmetic,
//! and every placement the engine prints run through the independent checker.

mod common;
use common::amoba;

use amoba::placement::cookie::{Game, census, census_within, peel};
use amoba::placement::tight::{Cookies, Cover, Tightness};
use common::output_text;
use std::collections::HashSet;

/// The independent checker's report on the placement in `file` and its exit code.
fn verify_placement(file: &std::path::Path, t: &str, k: &str) -> (String, i32) {
    let out = amoba()
        .args(["verify", "--placements", "--t", t, "--k", k])
        .arg(file)
        .output()
        .unwrap();
    let (report, _, code) = output_text(&out);
    (report, code)
}

type Cell = (i64, i64);

/// A piece's cells and the windows it blocks.
type Shape = (Vec<Cell>, Vec<(usize, Cell)>);

const FOUR: [Cell; 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
const TWO: [Cell; 2] = [(1, 0), (0, 1)];

/// The winning sets meeting both parts, found one window at a time: `(direction index,
/// first cell)`.
fn brute_windows(cells: &[(Cell, bool)], dirs: &[Cell], k: i64) -> Vec<(usize, Cell)> {
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
fn brute_bn(cells: &[(Cell, bool)], dirs: &[Cell], k: i64) -> u32 {
    brute_windows(cells, dirs, k).len() as u32
}

/// Are the cells connected by "same line, fewer than k steps apart"?
fn linked(cells: &[Cell], dirs: &[Cell], k: i64) -> bool {
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
fn brute_census(dirs: &[Cell], k: i64, t: usize) -> Vec<(u64, u32, Vec<Vec<(Cell, bool)>>)> {
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

fn game(dirs: &[Cell], k: usize) -> Game {
    Game {
        directions: dirs.iter().map(|&(x, y)| [x, y]).collect(),
        k,
    }
}

#[test]
fn the_cookie_census_and_peeling_match_a_brute_force() {
    for (dirs, k, t) in [
        (&FOUR[..], 2, 5),
        (&FOUR[..], 3, 4),
        (&FOUR[..], 5, 4),
        (&FOUR[..], 7, 3),
        (&TWO[..], 4, 4),
        (&[(1, 0), (0, 1), (1, 1)][..], 4, 4),
        (&[(1, 0), (0, 1), (1, 1), (1, -1), (1, 2)][..], 3, 4),
    ] {
        let g = game(dirs, k);
        let brute = brute_census(dirs, k as i64, t);
        let engine = census(&g, t);
        // Peeling from the census of king-connected cookies (the blocking command's
        // targets).
        let matrices: Vec<Vec<i64>> = g.directions.iter().map(|v| v.to_vec()).collect();
        let group = amoba::core::board::directions::symmetries(&matrices).unwrap();
        let near = census_within(&g, t, 1);
        let mut upper = vec![0u32; 2];
        for s in 2..=t {
            assert_eq!(engine[s].sets, brute[s].0, "sets, {dirs:?} k {k} size {s}");
            assert_eq!(engine[s].best, brute[s].1, "best, {dirs:?} k {k} size {s}");
            assert_eq!(
                engine[s].best_cookies.len(),
                brute[s].2.len(),
                "best cookies, {dirs:?} k {k} size {s}"
            );
            let p = peel(&g, s, near[s].best, &upper, &group, 1e9).unwrap();
            assert_eq!(p.best, brute[s].1, "peeled best, {dirs:?} k {k} size {s}");
            assert_eq!(
                p.best_cookies.len(),
                brute[s].2.len(),
                "peeled best cookies, {dirs:?} k {k} size {s}"
            );
            upper.push(p.best);
        }
    }
}

/// `amoba blocking ARGS --json-out FILE --check-published` in a temporary directory
/// `name`: its report, which must end with exit status 1 (some entry differs), and its
/// JSON twin, valid.
fn blocking_run(name: &str, args: &[&str]) -> (String, serde_json::Value) {
    let dir = common::temp_dir(name);
    let json = dir.join("blocking.json");
    let out = amoba()
        .arg("blocking")
        .args(args)
        .arg("--check-published")
        .arg("--json-out")
        .arg(&json)
        .output()
        .unwrap();
    let (stdout, _, code) = output_text(&out);
    assert_eq!(code, 1, "{stdout}");
    let doc = common::schema::assert_valid_text(&std::fs::read_to_string(&json).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
    (stdout, doc)
}

#[test]
fn the_blocking_table_marks_the_published_values_it_contradicts_with_a_witness() {
    let (stdout, doc) = blocking_run(
        "blocking-json",
        &["--t-max", "5", "--k-min", "4", "--k-max", "5"],
    );
    // The JSON twin: valid, and the same DIFFER.
    let e = doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["t"] == 5 && e["k"] == 5)
        .unwrap();
    assert_eq!(
        (e["d"].as_u64(), e["published"].as_i64()),
        (Some(22), Some(21))
    );
    assert_eq!(e["differs"], true);
    // The drawings of the best cookies: the domino of the first orbit, drawn with the
    // diagonal one beside it.
    assert!(
        stdout.contains("t = 2, k = 5 (c_t = 4):\n\n```\n.#    #\no.    o\n```"),
        "{stdout}"
    );
    // t ≤ 4 agree with the published a·k − b; t = 5 at k = 4 too.
    assert!(stdout.contains("| 4 | 12 | 16 |"), "{stdout}");
    assert!(
        stdout.contains("| 5 | 16 | **22 / 21 DIFFER** |"),
        "{stdout}"
    );
    // The 24 best 3-cookies (a cell and two neighbours on two lines) are 4 shapes up to
    // the 8 symmetries: the angle between the two neighbours is 45°, 90° (along the
    // axes or along the diagonals) or 135°.
    assert!(
        stdout.contains("- t = 3, k = 5: c_t = 8, 4 up to symmetry (24 up to translation)"),
        "{stdout}"
    );
    // The witness blocks 22 windows, counted here one window at a time.
    let line = stdout
        .lines()
        .find(|l| l.starts_with("- t = 5, k = 5: 22 (published 21): "))
        .expect("witness");
    let cells = parse_cookie(line.rsplit(": ").next().unwrap());
    assert_eq!(cells.len(), 5);
    assert_eq!(brute_bn(&cells, &FOUR, 5), 22);
}

/// The cookie `x,y:a x,y:b …` of a report or JSON document.
fn parse_cookie(text: &str) -> Vec<(Cell, bool)> {
    text.split(' ')
        .map(|c| {
            let (xy, part) = c.split_once(':').unwrap();
            let (x, y) = xy.split_once(',').unwrap();
            ((x.parse().unwrap(), y.parse().unwrap()), part == "b")
        })
        .collect()
}

/// Every blocking number a `blocking --json` document quotes, recounted window by
/// window: each best cookie shown blocks the entry's c (or its lower bound), and each
/// linear lower bound's cookies block `slope·k + constant` together, k after k; the
/// census values are never below those forms.
fn recount_blocking_document(doc: &serde_json::Value) {
    let entries = doc["entries"].as_array().unwrap();
    let mut shapes = 0;
    for e in entries {
        let k = e["k"].as_i64().unwrap();
        for shape in e["best_cookie_shapes"].as_array().unwrap() {
            let cells = parse_cookie(shape.as_str().unwrap());
            assert_eq!(cells.len() as u64, e["t"].as_u64().unwrap(), "{e}");
            assert_eq!(
                u64::from(brute_bn(&cells, &FOUR, k)),
                e["c_at_least"].as_u64().unwrap(),
                "{shape} at k = {k}"
            );
            shapes += 1;
        }
        if let (Some(d), Some(c)) = (e["d_at_least"].as_u64(), e["c_at_least"].as_u64()) {
            assert!(d >= c, "{e}");
        }
        assert_eq!(
            e["d"].is_null(),
            !e["link_steps"].is_null() || e["d_at_least"].is_null(),
            "{e}"
        );
    }
    assert!(shapes > 0);
    let forms = doc["linear_lower_bounds"].as_array().unwrap();
    assert!(!forms.is_empty());
    for f in forms {
        let (t, slope, constant) = (
            f["t"].as_u64().unwrap(),
            f["slope"].as_i64().unwrap(),
            f["constant"].as_i64().unwrap(),
        );
        let from = f["from_k"].as_i64().unwrap();
        let cookies: Vec<Vec<(Cell, bool)>> = f["cookies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| parse_cookie(c.as_str().unwrap()))
            .collect();
        assert!(
            cookies.iter().map(Vec::len).sum::<usize>() as u64 <= t,
            "{f}"
        );
        for k in from..from + 12 {
            // Cookies placed far apart block the sum of their numbers.
            let n: i64 = cookies
                .iter()
                .map(|c| i64::from(brute_bn(c, &FOUR, k)))
                .sum();
            assert_eq!(n, slope * k + constant, "{f} at k = {k}");
            if let Some(d) = entries
                .iter()
                .find(|e| e["t"] == t && e["k"] == k)
                .and_then(|e| e["d_at_least"].as_i64())
            {
                assert!(
                    d >= n,
                    "t = {t}, k = {k}: the census's {d} is below the form's {n}"
                );
            }
        }
    }
}

#[test]
fn every_blocking_number_the_reports_quote_is_recounted_window_by_window() {
    // A fresh run whose budget leaves most entries to peeling.
    let (stdout, doc) = blocking_run(
        "blocking-peeled",
        &[
            "--t-max", "8", "--k-min", "4", "--k-max", "7", "--budget", "3e5",
        ],
    );
    let entries = doc["entries"].as_array().unwrap();
    let peeled = entries.iter().filter(|e| e["method"] == "peeling").count();
    assert!(peeled >= 10, "{stdout}");
    // d_8(4) = 36, above the published 11k − 9 = 35.
    assert!(stdout.contains("| 8 | **36 / 35 DIFFER** |"), "{stdout}");
    recount_blocking_document(&doc);
    // The committed report's twin.
    let committed = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("results/blocking.json");
    let text = std::fs::read_to_string(committed).unwrap();
    let committed = common::schema::assert_valid_text(&text);
    recount_blocking_document(&committed);
    // Two algorithms on the same entries: where one run has the census and the other
    // peeling, the values agree.
    let mut compared = 0;
    for e in entries {
        let other = committed["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["t"] == e["t"] && x["k"] == e["k"])
            .unwrap();
        assert_eq!(e["d"], other["d"], "{e} against {other}");
        assert_eq!(
            e["best_cookies"], other["best_cookies"],
            "{e} against {other}"
        );
        if e["method"] != other["method"] {
            compared += 1;
        }
    }
    assert!(compared >= 5, "{compared}");
    // A budget too small for some levels: lower bounds from king-connected cookies,
    // recounted too, and never above the exact values.
    let (stdout, low) = blocking_run(
        "blocking-lower",
        &[
            "--t-max", "8", "--k-min", "4", "--k-max", "7", "--budget", "3e3",
        ],
    );
    assert!(stdout.contains("not settled"), "{stdout}");
    recount_blocking_document(&low);
    let mut bounded = 0;
    for e in low["entries"].as_array().unwrap() {
        let exact = entries
            .iter()
            .find(|x| x["t"] == e["t"] && x["k"] == e["k"])
            .unwrap();
        if e["method"] == "lower bound" {
            assert_eq!(e["link_steps"], 1, "{e}");
            assert!(e["c_at_least"].as_u64() <= exact["c"].as_u64(), "{e}");
            bounded += 1;
        } else if !e["d"].is_null() {
            assert_eq!(e["d"], exact["d"], "{e}");
        }
    }
    assert!(bounded >= 5, "{stdout}");
}

/// A lattice `⟨(a, 0), (b, c)⟩` of the plane, with its own reduction.
#[derive(Clone, Copy)]
struct Lat(i64, i64, i64);
impl Lat {
    fn cell(&self, (x, y): Cell) -> usize {
        let q = y.div_euclid(self.2);
        let (x, y) = (x - q * self.1, y - q * self.2);
        (y * self.0 + x.rem_euclid(self.0)) as usize
    }
    fn index(&self) -> usize {
        (self.0 * self.2) as usize
    }
    fn text(&self) -> String {
        format!("{},0 {},{}", self.0, self.1, self.2)
    }
}

/// The labelled tight placements with period `lat`: a plain backtracking that covers
/// the lowest uncovered cell with every piece in every position over it, and refuses a
/// window class blocked twice.
fn brute_count(pieces: &[Vec<(Cell, bool)>], dirs: &[Cell], k: i64, lat: Lat) -> u64 {
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
fn brute_pieces(dirs: &[Cell], k: i64, t: usize) -> Vec<Vec<(Cell, bool)>> {
    let c = brute_census(dirs, k, t);
    let n = dirs.len() as u32;
    assert!((2..=t).all(|s| c[s].1 <= n * s as u32), "not tight");
    (2..=t)
        .filter(|&s| c[s].1 == n * s as u32)
        .flat_map(|s| c[s].2.clone())
        .collect()
}

#[test]
fn tight_placement_counts_match_a_brute_force() {
    // (directions, k, t, lattices ⟨(a,0),(b,c)⟩).
    let cases: [(&[Cell], i64, usize, &[Lat]); 3] = [
        // Pairings of 5-in-a-row along rows and columns: square5 is the 4×4 torus.
        (
            &TWO,
            5,
            2,
            &[Lat(4, 0, 4), Lat(4, 1, 4), Lat(8, 0, 4), Lat(8, 2, 4)],
        ),
        // L-shaped 3-cookies of 4-in-a-row along rows and columns.
        (
            &TWO,
            4,
            3,
            &[
                Lat(3, 0, 3),
                Lat(3, 1, 3),
                Lat(6, 0, 3),
                Lat(6, 3, 6),
                Lat(9, 3, 3),
            ],
        ),
        // 2×2 squares split along a diagonal, 3-in-a-row along rows and columns.
        (
            &TWO,
            3,
            4,
            &[
                Lat(2, 0, 2),
                Lat(4, 0, 2),
                Lat(4, 1, 4),
                Lat(4, 2, 4),
                Lat(4, 0, 4),
            ],
        ),
    ];
    for (dirs, k, t, lattices) in cases {
        let pieces = brute_pieces(dirs, k, t);
        let cookies = Cookies::new(&game(dirs, k as usize), t);
        assert_eq!(cookies.tightness, Tightness::Tight);
        assert_eq!(cookies.pieces.len(), pieces.len(), "pieces, k {k} t {t}");
        let mut some = false;
        for &lat in lattices {
            let expected = brute_count(&pieces, dirs, k, lat);
            let l =
                amoba::core::board::lattice::Lattice::new(&[vec![lat.0, 0], vec![lat.1, lat.2]])
                    .unwrap();
            let board = Cover::new(&l, &cookies);
            let group = amoba::core::board::group::point_group(
                &l,
                &dirs.iter().map(|&(x, y)| vec![x, y]).collect::<Vec<_>>(),
            )
            .unwrap();
            let census = board.census(&group, &mut |_| {});
            assert_eq!(
                census.labelled,
                expected,
                "k {k} t {t} lattice {}",
                lat.text()
            );
            // The full search without symmetry counts every labelled placement too.
            assert_eq!(board.search(None, &mut |_| true).solutions, expected);
            some |= expected > 0;
        }
        assert!(some, "k {k} t {t}: no lattice with a placement");
    }
}

#[test]
fn the_pairings_of_square5_are_its_tight_2_placements() {
    // A second algorithm for a published board: the pairing engine's count of square5
    // against the exact cover of tight placements.
    let out = amoba()
        .args(["tight", "--t", "2", "--k", "5", "--directions", "1,0 0,1"])
        .args(["--lattice", "4,0 0,4", "--count"])
        .output()
        .unwrap();
    let (stdout, stderr, code) = output_text(&out);
    assert_eq!(code, 0, "{stderr}");
    let labelled = |s: &str, key: &str| -> u64 {
        let l = s.lines().find(|l| l.starts_with(key)).expect(key);
        l.rsplit(' ').next().unwrap().trim().parse().unwrap()
    };
    let placements = labelled(&stdout, "labelled placements");
    let dir = common::temp_dir("tight-square5");
    let count = amoba()
        .args(["count", "--board", "square5"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let (cstdout, _, ccode) = output_text(&count);
    assert_eq!(ccode, 0);
    assert!(
        cstdout.contains(&format!(" {placements} labelled good pairings")),
        "square5: {cstdout}\ntight: {stdout}"
    );
}

#[test]
fn a_tight_3_placement_of_7_in_a_row_on_the_6x6_torus_passes_the_checker() {
    let dir = common::temp_dir("tight-37");
    let file = dir.join("found.txt");
    let out = amoba()
        .args([
            "tight",
            "--t",
            "3",
            "--k",
            "7",
            "--lattice",
            "6,0 0,6",
            "--out",
        ])
        .arg(&file)
        .output()
        .unwrap();
    let (stdout, stderr, code) = output_text(&out);
    assert_eq!(code, 0, "{stderr}");
    // `--out` takes the placement instead of stdout; the file records its game.
    assert_eq!(stdout, "");
    let stdout = std::fs::read_to_string(&file).unwrap();
    assert!(stdout.starts_with("directions 1,0 0,1 1,1 1,-1\nk 7\nt 3\nlattice 6,0 0,6\n"));
    // The sample file is this output, after its comments.
    let sample = std::fs::read_to_string("data/placements/tight-3-7.txt").unwrap();
    let body: String = sample
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(body, stdout);
    let (report, code) = verify_placement(&file, "3", "7");
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("good and tight"), "{report}");
    // And it is good for 8-in-a-row as well (every 8-window holds a blocked 7-window).
    assert_eq!(verify_placement(&file, "3", "8").1, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_6x6_census_of_tight_3_placements_of_7_in_a_row() {
    let out = amoba()
        .args([
            "tight",
            "--t",
            "3",
            "--k",
            "7",
            "--lattice",
            "6,0 0,6",
            "--count",
        ])
        .output()
        .unwrap();
    let (stdout, stderr, code) = output_text(&out);
    assert_eq!(code, 0, "{stderr}");
    // Computed, and checked once against an unreduced count of every labelled placement
    // (docs: BENCHMARKS.md); here the classes must add up to the labelled count.
    assert!(stdout.contains("classes: 18692\n"), "{stdout}");
    assert!(
        stdout.contains("labelled placements (Σ |G|/|stabiliser|): 5296896\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("18092 with stabiliser 1, 600 with stabiliser 2"),
        "{stdout}"
    );
    let text: String = stdout
        .split("the least class:\n")
        .nth(1)
        .expect("the least class")
        .to_string();
    let dir = common::temp_dir("tight-37-least");
    let file = dir.join("least.txt");
    std::fs::write(&file, text).unwrap();
    assert_eq!(verify_placement(&file, "3", "7").1, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Can pieces cover the m×m square, every window inside it blocked once and no window
/// twice? A plain backtracking over the lowest uncovered cell of the square.
fn brute_local(pieces: &[Vec<(Cell, bool)>], dirs: &[Cell], k: i64, m: i64) -> bool {
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

#[test]
fn the_plane_excludes_tight_4_placements_of_5_in_a_row_and_the_brute_force_agrees() {
    let out = amoba()
        .args(["tight", "--t", "4", "--k", "5", "--plane"])
        .output()
        .unwrap();
    let (stdout, stderr, code) = output_text(&out);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("covers the 5×5 square"), "{stdout}");
    let pieces = brute_pieces(&FOUR, 5, 4);
    assert!(
        brute_local(&pieces, &FOUR, 5, 4),
        "the 4×4 square can be covered"
    );
    assert!(!brute_local(&pieces, &FOUR, 5, 5), "the 5×5 square cannot");
}

#[test]
fn tight_refuses_bad_input_and_explains_games_that_are_not_tight() {
    for (args, expect) in [
        (
            &["--t", "1", "--k", "7", "--lattice", "6,0 0,6"][..],
            "expected t ≥ 2",
        ),
        (
            &["--t", "3", "--k", "7", "--lattice", "6,0"][..],
            "expected two plane vectors",
        ),
        (
            &["--t", "3", "--k", "7", "--lattice", "6,0 12,0"][..],
            "--lattice",
        ),
        (
            &[
                "--t",
                "3",
                "--k",
                "7",
                "--directions",
                "2,0 0,1",
                "--lattice",
                "6,0 0,6",
            ][..],
            "not primitive",
        ),
        (
            &["--t", "3", "--k", "9", "--lattice", "6,0 0,6"][..],
            "need not be tight",
        ),
        (
            &["--t", "3", "--k", "7"][..],
            "expected one of --lattice, --max-index or --plane",
        ),
    ] {
        let out = amoba().arg("tight").args(args).output().unwrap();
        let (_, stderr, code) = output_text(&out);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(expect), "{args:?}: {stderr}");
    }
    // Counting excludes 2-placements of 7-in-a-row: exit 1, with the reason.
    let out = amoba()
        .args(["tight", "--t", "2", "--k", "7", "--lattice", "6,0 0,6"])
        .output()
        .unwrap();
    let (stdout, _, code) = output_text(&out);
    assert_eq!(code, 1);
    assert!(stdout.contains("fewer than 4 per cell"), "{stdout}");
}

#[test]
fn the_placement_table_settles_three_open_entries_with_their_arguments() {
    let json_dir = common::temp_dir("placement-table-json");
    let json = json_dir.join("table.json");
    let out = amoba()
        .args([
            "placement-table",
            "--t-max",
            "4",
            "--max-index",
            "64",
            "--cover-index",
            "6",
            "--json-out",
        ])
        .arg(&json)
        .output()
        .unwrap();
    let (stdout, stderr, code) = output_text(&out);
    assert_eq!(code, 0, "{stderr}");
    let doc = common::schema::assert_valid_text(&std::fs::read_to_string(&json).unwrap());
    assert_eq!(doc["settled"], 3, "{doc}");
    assert_eq!(doc["differ"], 0, "{doc}");
    let _ = std::fs::remove_dir_all(&json_dir);
    for row in [
        "| 4 | N (N) | N (N) | N (N) |",
        "| 5 | N (N) | N (N) | N (?) **settled** |",
        "| 7 | N (N) | Y (?) **settled** | Y (Y) |",
        "| 8 | N (N) | Y (?) **settled** | Y (Y) |",
        "| 9 | Y (Y) | Y (Y) | Y (Y) |",
    ] {
        assert!(stdout.contains(row), "{row}\n{stdout}");
    }
    assert!(
        stdout.contains("no tight placement covers the 5×5 square"),
        "{stdout}"
    );
    // Every placement the table prints passes the checker.
    let dir = common::temp_dir("placement-table");
    for block in stdout.split("\nk = ").skip(1) {
        let (head, rest) = block.split_once(":\n\n```\n").unwrap();
        let (k, t) = head.split_once(", t = ").unwrap();
        let text = rest.split("```").next().unwrap();
        let file = dir.join(format!("k{k}-t{t}.txt"));
        std::fs::write(&file, text).unwrap();
        let (report, code) = verify_placement(&file, t, k);
        assert_eq!(code, 0, "k {k} t {t}: {report}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// stdout and exit code of `amoba` with `args`.
fn run(args: &[&str]) -> (String, String, i32) {
    output_text(&amoba().args(args).output().unwrap())
}

#[test]
fn search_enumerate_and_scan_answer_about_placements_with_t_and_k() {
    let lat = ["--lattice", "6,0 0,6"];
    let game = ["--t", "3", "--k", "7"];
    let with = |cmd: &str, rest: &[&str]| -> Vec<String> {
        std::iter::once(cmd)
            .chain(game)
            .chain(rest.iter().copied())
            .map(String::from)
            .collect()
    };
    let call = |v: Vec<String>| run(&v.iter().map(String::as_str).collect::<Vec<_>>());
    // search = tight on one lattice; the placement passes the independent checker.
    let (found, stderr, code) = call(with("search", &lat));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(found, call(with("tight", &lat)).0);
    let dir = common::temp_dir("routes");
    let file = dir.join("found.txt");
    std::fs::write(&file, &found).unwrap();
    let (report, code) = verify_placement(&file, "3", "7");
    assert_eq!(code, 0, "{report}");
    // enumerate = tight --count; scan = tight --max-index.
    let (count, stderr, code) = call(with("enumerate", &lat));
    assert_eq!(code, 0, "{stderr}");
    assert!(count.contains("classes: 18692"), "{count}");
    assert_eq!(
        count,
        call(with("tight", &["--lattice", "6,0 0,6", "--count"])).0
    );
    let range = ["--min-index", "30", "--max-index", "36"];
    let (scan, stderr, code) = call(with("scan", &range));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(scan, call(with("tight", &range)).0);
    // A scan reports: exit 0 even when no lattice of the range has one (tight: 1).
    let (scan, stderr, code) = call(with("scan", &["--max-index", "5"]));
    assert_eq!(code, 0, "{stderr}");
    assert!(scan.contains("0 with a tight placement"), "{scan}");
    assert_eq!(call(with("tight", &["--max-index", "5"])).2, 1);
    // A game whose placements need not be tight goes to the covering search.
    let cover = ["--t", "5", "--k", "6", "--lattice", "5,0 2,1"];
    let (found, stderr, code) = run(&[&["search"][..], &cover[..]].concat());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(found, run(&[&["covering"][..], &cover[..]].concat()).0);
    // A board's lattice and directions: the hexagonal board's three directions.
    let (_, stderr, code) = run(&["search", "--t", "3", "--k", "7", "--board", "hex7"]);
    assert_eq!(code, 0, "{stderr}");
    // Counting excludes 2-placements: exit 1 with the reason.
    let (stdout, _, code) = run(&["search", "--t", "2", "--k", "5", "--lattice", "4,0 0,4"]);
    assert_eq!(code, 1);
    assert!(stdout.contains("fewer than 4 per cell"), "{stdout}");
    for (args, expect) in [
        (
            &["enumerate", "--t", "5", "--k", "6", "--lattice", "5,0 2,1"][..],
            "not counted",
        ),
        (
            &["search", "--lattice", "6,0 0,6"][..],
            "needs --directions too",
        ),
        (
            &["search", "--t", "3", "--k", "7", "--board", "cube7"][..],
            "dimension 2",
        ),
        (
            &[
                "scan",
                "--t",
                "3",
                "--k",
                "7",
                "--max-index",
                "4",
                "--count",
            ][..],
            "--count does not apply",
        ),
        (
            &[
                "enumerate",
                "--t",
                "3",
                "--k",
                "7",
                "--lattice",
                "6,0 0,6",
                "--summary",
                "x.json",
            ][..],
            "--summary does not apply",
        ),
        (&["search", "--t", "3", "--lattice", "6,0 0,6"][..], "--k"),
        (
            &[
                "scan",
                "--t",
                "3",
                "--k",
                "7",
                "--max-index",
                "4",
                "--threads",
                "1",
            ][..],
            "--threads does not apply",
        ),
        (
            &[
                "search",
                "--t",
                "5",
                "--k",
                "6",
                "--lattice",
                "5,0 2,1",
                "--node-limit",
                "9",
            ][..],
            "counts conflicts",
        ),
    ] {
        let (_, stderr, code) = run(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(expect), "{args:?}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
