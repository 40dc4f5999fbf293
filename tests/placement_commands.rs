//! `--t T --k K` on `search`, `enumerate` and `scan` (docs/spec.md §10): the same
//! answers as `amoba tight` and `amoba covering`, and the options that do not apply
//! refused.

mod common;
use common::{amoba, output_text, verify_placement};

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
}
