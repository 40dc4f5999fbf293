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

/// `--json` prints the same answer as the text: the same exit status, the object the
/// text prints (which the independent checker accepts, and which `--out FILE` holds
/// byte for byte), and a verdict that agrees with it, lattice by lattice.
#[test]
fn a_json_answer_says_what_the_text_says() {
    let dir = common::temp_dir("json-answers");
    // The command, and the game (t, k) of a placement found (none: a pairing).
    type Case<'a> = (&'a [&'a str], Option<(&'a str, &'a str)>);
    let cases: [Case; 8] = [
        (&["search", "--board", "square5"], None),
        (&["search", "--board", "square5", "--node-limit", "2"], None),
        (
            &["tight", "--t", "3", "--k", "7", "--lattice", "6,0 0,6"],
            Some(("3", "7")),
        ),
        (
            &[
                "tight",
                "--t",
                "3",
                "--k",
                "5",
                "--lattice",
                "3,0 0,3",
                "--count",
            ],
            Some(("3", "5")),
        ),
        (
            &[
                "tight",
                "--t",
                "3",
                "--k",
                "7",
                "--min-index",
                "30",
                "--max-index",
                "36",
            ],
            Some(("3", "7")),
        ),
        (&["tight", "--t", "4", "--k", "5", "--plane"], None),
        (
            &["covering", "--t", "5", "--k", "6", "--max-index", "5"],
            Some(("5", "6")),
        ),
        (
            &["search", "--t", "2", "--k", "5", "--lattice", "4,0 0,4"],
            None,
        ),
    ];
    for (i, (args, game)) in cases.into_iter().enumerate() {
        let (text, _, code) = run(args);
        let file = dir.join(format!("found-{i}.txt"));
        let with_json = [args, &["--json", "--out", file.to_str().unwrap()]].concat();
        let (json, stderr, json_code) = run(&with_json);
        let what = format!("amoba {}: {stderr}", args.join(" "));
        assert_eq!(code, json_code, "{what}");
        let doc = common::schema::assert_valid_text(&json);
        assert_eq!(doc["exit_code"], code, "{what}");
        assert!(text.contains(doc["message"].as_str().unwrap().trim_end_matches('\n')));
        let answer = doc["answer"].as_str().unwrap();
        match doc["found"].as_str() {
            Some(found) => {
                assert_eq!(answer, "found", "{what}");
                assert!(text.ends_with(found), "{what}: the text's object");
                assert_eq!(std::fs::read_to_string(&file).unwrap(), found, "{what}");
                let (report, checked) = match game {
                    Some((t, k)) => verify_placement(&file, t, k),
                    None => {
                        let mut verify = amoba();
                        let o = verify.args(["verify", "--board", "square5"]).arg(&file);
                        let (report, _, checked) = output_text(&o.output().unwrap());
                        (report, checked)
                    }
                };
                assert_eq!(checked, 0, "{what}: {report}");
            }
            None => {
                assert_ne!(answer, "found", "{what}");
                assert!(!file.exists(), "{what}");
            }
        }
        // Each lattice's verdict adds up to the answer.
        let lattices = doc["lattices"].as_array().unwrap();
        let some = |a: &str| lattices.iter().any(|l| l["answer"] == a);
        match answer {
            "found" => assert!(some("found"), "{what}"),
            "unknown" => assert!(some("unknown") && !some("found"), "{what}"),
            _ => assert!(!some("found") && !some("unknown"), "{what}"),
        }
        let proved = doc["proved"].as_bool().unwrap();
        assert_eq!(
            proved,
            answer == "found" || (answer == "none" && lattices.iter().all(|l| l["proved"] == true)),
            "{what}"
        );
    }
}
