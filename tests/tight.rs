//! Tight placements (docs/spec.md §10) and the cookie census they stand on, checked
//! against the brute forces of `independent::cookies` (cookies as subsets of a box,
//! blocking numbers window by window, placements by a plain backtracking with their
//! own lattice arithmetic), and every placement the engine prints run through the
//! independent checker.

mod common;
mod independent;
use amoba::placement::cookie::{Game, census, census_within, peel};
use amoba::placement::tight::{Cookies, Cover, Tightness};
use common::verify_placement;
use common::{amoba, output_text};
use independent::cookies::*;

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
    // Stopped by the node limit before a square is decided: nothing found, exit 1 (as
    // any search its limit stops), and the document says the square is not decided.
    let out = amoba()
        .args(["tight", "--t", "4", "--k", "5", "--plane", "--json"])
        .args(["--node-limit", "100", "--progress", "none"])
        .output()
        .unwrap();
    let (stdout, stderr, code) = output_text(&out);
    assert_eq!(code, 1, "{stderr}");
    let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(doc["answer"], "unknown", "{stdout}");
    assert_eq!(doc["exit_code"], 1, "{stdout}");
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
