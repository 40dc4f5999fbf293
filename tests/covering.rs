//! Good t-placements that are coverings (docs/spec.md §10), found by the SAT search of
//! `amoba covering`. Every placement it prints is checked twice: by `amoba verify
//! --placements` (the independent checker) and by a brute force written here, which
//! reduces cells modulo the lattice with its own arithmetic and looks at every winning
//! set of one period.

mod common;
use common::amoba;

use common::output_text;
use std::collections::HashMap;

type Cell = (i64, i64);

const FOUR: &str = "1,0 0,1 1,1 1,-1";
const THREE: &str = "1,0 0,1 1,-1";
const TWO: &str = "1,0 0,1";

fn vectors(text: &str) -> Vec<Cell> {
    text.split_whitespace()
        .map(|v| {
            let (x, y) = v.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// Every winning set of one period blocked? The placement text (lattice line, then one
/// cookie per line, cells `x,y:a|b`), checked without the engine: a cell's class is the
/// pair of its coordinates in the basis times the determinant, modulo the determinant;
/// which copy of a cookie holds a cell is its offset from the cookie's listed cell.
fn brute_good(text: &str, dirs: &[Cell], k: i64, t: usize) -> bool {
    let mut lines = text.lines().filter(|l| !l.starts_with('#')).peekable();
    // The game a file records comes first, and must be the game searched.
    if lines.peek().is_some_and(|l| l.starts_with("directions ")) {
        let recorded: Vec<&str> = lines.by_ref().take(3).collect();
        let directions = recorded[0].strip_prefix("directions ").map(vectors);
        assert_eq!(directions, Some(dirs.to_vec()));
        assert_eq!(recorded[1], format!("k {k}"));
        assert_eq!(recorded[2], format!("t {t}"));
    }
    let basis = vectors(lines.next().unwrap().strip_prefix("lattice ").unwrap());
    let ((a, b), (c, d)) = (basis[0], basis[1]);
    let det = (a * d - b * c).abs();
    let class = |(x, y): Cell| {
        (
            (x * d - y * c).rem_euclid(det),
            (a * y - b * x).rem_euclid(det),
        )
    };
    let mut owner: HashMap<Cell, (usize, Cell, bool)> = HashMap::new();
    for (i, line) in lines.enumerate() {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert!((2..=t).contains(&cells.len()), "cookie size: {line}");
        for cell in cells {
            let (xy, part) = cell.split_once(':').unwrap();
            let x = vectors(xy)[0];
            let before = owner.insert(class(x), (i, x, part == "b"));
            assert!(before.is_none(), "two cookies hold the class of {xy}");
        }
    }
    assert_eq!(owner.len() as i64, det, "every cell in one cookie");
    // A box of side det holds every class (det·Z² lies in the lattice).
    for x in 0..det {
        for y in 0..det {
            for &(dx, dy) in dirs {
                let mut parts: HashMap<(usize, Cell), [bool; 2]> = HashMap::new();
                for m in 0..k {
                    let cell = (x + m * dx, y + m * dy);
                    let (i, rep, b) = owner[&class(cell)];
                    let copy = (i, (cell.0 - rep.0, cell.1 - rep.1));
                    parts.entry(copy).or_default()[usize::from(b)] = true;
                }
                if !parts.values().any(|p| p[0] && p[1]) {
                    return false;
                }
            }
        }
    }
    true
}

/// Runs `amoba covering` and returns the placement it prints, after both checks.
fn found(t: usize, k: usize, dirs: &str, search: &[&str]) -> String {
    let out = amoba()
        .args(["covering", "--t", &t.to_string(), "--k", &k.to_string()])
        .args(["--directions", dirs])
        .args(search)
        .output()
        .unwrap();
    let (stdout, stderr, code) = output_text(&out);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let text = stdout
        .split_once("confirmed by the checker:\n")
        .unwrap()
        .1
        .to_string();
    assert!(
        brute_good(&text, &vectors(dirs), k as i64, t),
        "the brute force finds a winning set unblocked:\n{text}"
    );
    let dir = common::temp_dir(&format!("covering-{t}-{k}"));
    let file = dir.join("found.txt");
    std::fs::write(&file, &text).unwrap();
    let check = amoba()
        .args([
            "verify",
            "--placements",
            "--t",
            &t.to_string(),
            "--k",
            &k.to_string(),
        ])
        .args(["--directions", dirs])
        .arg(&file)
        .output()
        .unwrap();
    let (report, err, code) = output_text(&check);
    assert_eq!(code, 0, "{report}{err}");
    assert!(report.contains("good"), "{report}");
    // The file records its game: no options needed.
    let check = amoba()
        .args(["verify", "--placements"])
        .arg(&file)
        .output()
        .unwrap();
    let (again, err, code) = output_text(&check);
    assert_eq!(
        (code, again.replace(&report, "")),
        (0, String::new()),
        "{err}"
    );
    text
}

/// The sample file `data/placements/NAME`, without its comments, is `text`.
fn is_sample(name: &str, text: &str) {
    let sample = std::fs::read_to_string(format!("data/placements/{name}")).unwrap();
    let body: String = sample
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(body, text, "{name}");
}

#[test]
fn a_good_5_placement_of_6_in_a_row_settles_a_published_open_entry() {
    let text = found(5, 6, FOUR, &["--lattice", "5,0 2,1"]);
    assert!(text.contains("\nlattice 5,0 2,1\n"), "{text}");
    is_sample("covering-5-6.txt", &text);
}

#[test]
fn a_good_4_placement_of_6_in_a_row_settles_a_published_open_entry() {
    let text = found(4, 6, FOUR, &["--lattice", "4,0 0,4"]);
    is_sample("covering-4-6.txt", &text);
}

#[test]
fn a_good_6_placement_of_5_in_a_row_settles_a_published_open_entry() {
    let text = found(6, 5, FOUR, &["--max-index", "6"]);
    // The game, the lattice and one cookie of six cells per period, as the search's
    // first lattice.
    assert_eq!(text.lines().count(), 5, "{text}");
    is_sample("covering-6-5.txt", &text);
}

#[test]
fn three_directions_the_published_4_placements_and_a_3_placement_of_6_in_a_row() {
    found(4, 5, THREE, &["--max-index", "8"]);
    found(4, 6, THREE, &["--max-index", "10"]);
    let text = found(3, 6, THREE, &["--lattice", "5,0 3,3"]);
    is_sample("covering-3-6-three.txt", &text);
}

#[test]
fn two_directions_the_published_placements_for_3_and_4_in_a_row() {
    let square = found(4, 3, TWO, &["--max-index", "4"]);
    assert!(square.contains("\nlattice 2,0 0,2\n"), "{square}");
    found(3, 4, TWO, &["--max-index", "6"]);
}

#[test]
fn the_brute_force_sees_an_unblocked_set() {
    // Two dominoes of the 2×2 square, both horizontal: the columns are never blocked.
    let text = "lattice 2,0 0,2\n0,0:a 1,0:b\n0,1:a 1,1:b\n";
    assert!(!brute_good(text, &vectors(TWO), 3, 4));
    assert!(brute_good(
        "lattice 2,0 0,2\n0,0:a 1,0:b 0,1:b 1,1:a\n",
        &vectors(TWO),
        3,
        4
    ));
}

#[test]
fn counting_and_bad_input() {
    // Pairings of 5-in-a-row: dominoes block 4 sets for 2 cells.
    let out = amoba()
        .args(["covering", "--t", "2", "--k", "5", "--max-index", "4"])
        .output()
        .unwrap();
    let (stdout, _, code) = output_text(&out);
    assert_eq!(code, 1);
    assert!(stdout.contains("fewer than 4 per cell"), "{stdout}");
    for (args, expected) in [
        (vec!["--t", "1", "--k", "5", "--max-index", "4"], "--t 1"),
        (
            vec!["--t", "3", "--k", "5"],
            "expected --lattice or --max-index",
        ),
        (
            vec!["--t", "3", "--k", "7", "--lattice", "2,0 4,0"],
            "--lattice",
        ),
        (
            vec!["--t", "3", "--k", "7", "--max-index", "4", "--per-cell=-1"],
            "--per-cell",
        ),
    ] {
        let out = amoba().arg("covering").args(&args).output().unwrap();
        let (_, stderr, code) = output_text(&out);
        assert_eq!(code, 2, "{args:?}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

/// Is there a packing of `types` (cells and parts) on `Z²/⟨(a, b), (c, d)⟩`: cookies
/// whose translates are disjoint and block every class of winning sets? A plain
/// backtracking over the first class not yet blocked, with its own lattice arithmetic
/// and windows counted one cell at a time; no symmetry is broken.
fn brute_packing(types: &[Vec<(Cell, bool)>], basis: [Cell; 2], dirs: &[Cell], k: i64) -> bool {
    let ((a, b), (c, d)) = (basis[0], basis[1]);
    let det = (a * d - b * c).abs();
    let key = |(x, y): Cell| {
        (
            (x * d - y * c).rem_euclid(det),
            (a * y - b * x).rem_euclid(det),
        )
    };
    // One representative per class, numbered.
    let mut number: HashMap<Cell, usize> = HashMap::new();
    let mut reps = Vec::new();
    for x in 0..det {
        for y in 0..det {
            if let std::collections::hash_map::Entry::Vacant(e) = number.entry(key((x, y))) {
                e.insert(reps.len());
                reps.push((x, y));
            }
        }
    }
    let n = reps.len();
    assert_eq!(n as i64, det);
    let class = |p: Cell| number[&key(p)];
    // Rows: a type at a representative, as (cells, blocked window classes f·n + s).
    let mut rows: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for cookie in types {
        for &(ox, oy) in &reps {
            let placed: Vec<(Cell, bool)> = cookie
                .iter()
                .map(|&((x, y), p)| ((x + ox, y + oy), p))
                .collect();
            let mut cells: Vec<usize> = placed.iter().map(|&(p, _)| class(p)).collect();
            cells.sort_unstable();
            if cells.windows(2).any(|w| w[0] == w[1]) {
                continue;
            }
            let mut blocked = Vec::new();
            for (f, &(dx, dy)) in dirs.iter().enumerate() {
                for &((x, y), _) in &placed {
                    for j in 0..k {
                        let s = (x - j * dx, y - j * dy);
                        let parts: Vec<bool> = (0..k)
                            .filter_map(|m| {
                                let cell = (s.0 + m * dx, s.1 + m * dy);
                                placed.iter().find(|&&(p, _)| p == cell).map(|&(_, b)| b)
                            })
                            .collect();
                        if parts.contains(&true) && parts.contains(&false) {
                            blocked.push(f * n + class(s));
                        }
                    }
                }
            }
            blocked.sort_unstable();
            blocked.dedup();
            rows.push((cells, blocked));
        }
    }
    fn search(
        rows: &[(Vec<usize>, Vec<usize>)],
        used: &mut Vec<bool>,
        hits: &mut Vec<u32>,
    ) -> bool {
        let Some(w) = hits.iter().position(|&h| h == 0) else {
            return true;
        };
        for (cells, blocked) in rows {
            if !blocked.contains(&w) || cells.iter().any(|&c| used[c]) {
                continue;
            }
            cells.iter().for_each(|&c| used[c] = true);
            blocked.iter().for_each(|&x| hits[x] += 1);
            let found = search(rows, used, hits);
            cells.iter().for_each(|&c| used[c] = false);
            blocked.iter().for_each(|&x| hits[x] -= 1);
            if found {
                return true;
            }
        }
        false
    }
    search(&rows, &mut vec![false; n], &mut vec![0; dirs.len() * n])
}

#[test]
fn found_and_none_on_small_lattices_agree_with_a_brute_force_packing_search() {
    use amoba::placement::cookie::{Game, kept};
    let mut answers = [0, 0];
    for (t, k, dirs, max_index) in [
        (4, 3, TWO, 6),
        (3, 4, TWO, 8),
        (4, 5, THREE, 8),
        (3, 6, THREE, 9),
        (4, 6, FOUR, 9),
        (5, 5, FOUR, 8),
    ] {
        let out = amoba()
            .args(["covering", "--t", &t.to_string(), "--k", &k.to_string()])
            .args(["--directions", dirs, "--all", "--conflicts", "100000000"])
            .args(["--max-index", &max_index.to_string()])
            .output()
            .unwrap();
        let (stdout, stderr, _) = output_text(&out);
        // The types the search used: cookies blocking at least n sets per cell.
        let v = vectors(dirs);
        let game = Game {
            directions: v.iter().map(|&(x, y)| [x, y]).collect(),
            k,
        };
        let floor: Vec<u32> = (0..=t).map(|s| (v.len() * s).max(1) as u32).collect();
        let types: Vec<Vec<(Cell, bool)>> = kept(&game, t, &floor)
            .iter()
            .flat_map(|e| &e.kept)
            .map(|c| {
                c.cells
                    .iter()
                    .enumerate()
                    .map(|(i, x)| ((x[0], x[1]), c.in_b(i)))
                    .collect()
            })
            .collect();
        let mut lattices = 0;
        for line in stdout.lines().filter(|l| l.starts_with("index")) {
            // "index   16  lattice ⟨(4,0), (0,4)⟩: found" or ": none …".
            let inside = line.split_once('⟨').unwrap().1.split_once('⟩').unwrap();
            let basis = vectors(&inside.0.replace(['(', ')'], "").replace(", ", " "));
            let engine = inside.1.starts_with(": found");
            assert!(engine || inside.1.starts_with(": none"), "{line}");
            let brute = brute_packing(&types, [basis[0], basis[1]], &v, k as i64);
            assert_eq!(engine, brute, "t {t}, k {k}, {dirs}: {line}\n{stderr}");
            answers[usize::from(engine)] += 1;
            lattices += 1;
        }
        assert!(lattices > 0, "{stdout}{stderr}");
    }
    // Both answers occur.
    assert!(answers[0] >= 5 && answers[1] >= 5, "{answers:?}");
}
