//! A corpus of hostile inputs run through the command line: huge and extreme numbers
//! in options, inline boards, board files, placement files and merge parts. Each must
//! end with exit 2 and a message naming the option, or the file and what was expected
//! — never a panic (101), an abort (134), a hang or a file written. Every run has a
//! time limit. Inputs that used to crash but are within the limits must now run.
//!
//! One file for one subject, the hostile-input corpus, past the usual 600 lines: one
//! runner with its time limit serves every input.

mod common;
use common::temp_dir;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const MAX: &str = "18446744073709551615";

/// Runs `amoba ARGS` in `dir` with a time limit: (stdout, stderr, exit code). The
/// output is read while the command runs, so that a full pipe cannot stall it.
fn run_within(dir: &Path, args: &[&str], limit: Duration) -> (String, String, i32) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_amoba"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            String::from_utf8_lossy(&v).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!(
                "amoba {args:?} ran for more than {limit:?}; stderr: {}",
                err.join().unwrap()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (
        out.join().unwrap(),
        err.join().unwrap(),
        status.code().unwrap_or(-1),
    )
}

/// The files of `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = walk(dir)
        .iter()
        .map(|p| p.strip_prefix(dir).unwrap().display().to_string())
        .collect();
    v.sort();
    v
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// Runs every case in a fresh directory holding `files`: exit 2, a message on stderr
/// containing `expect`, no panic, and no file written.
fn refused(name: &str, files: &[(&str, &str)], cases: &[(&[&str], &str)]) {
    let dir = temp_dir(&format!("hostile-{name}"));
    for (f, text) in files {
        std::fs::write(dir.join(f), text).unwrap();
    }
    let before = listing(&dir);
    for (args, expect) in cases {
        let (out, err, code) = run_within(&dir, args, Duration::from_secs(60));
        assert_eq!(code, 2, "amoba {args:?}: exit {code}\n{out}\n{err}");
        assert!(
            err.contains(expect),
            "amoba {args:?}: expected {expect:?} in the message, found\n{err}"
        );
        assert!(
            !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
            "{err}"
        );
        assert_eq!(listing(&dir), before, "amoba {args:?} wrote a file");
    }
}

#[test]
fn inline_boards_with_huge_coordinates_are_refused() {
    refused(
        "inline",
        &[],
        &[
            (
                &[
                    "search",
                    "--directions",
                    "1,0 9223372036854775807,1",
                    "--lattice",
                    "8,0 0,8",
                ],
                "--directions/--lattice: key `directions`: direction \
                 (9223372036854775807,1) has a coordinate beyond ±512",
            ),
            (
                &[
                    "search",
                    "--directions",
                    "1,0 -9223372036854775808,1",
                    "--lattice",
                    "8,0 0,8",
                ],
                "beyond ±512",
            ),
            (
                &[
                    "search",
                    "--directions",
                    "1,0 0,1",
                    "--lattice",
                    "9223372036854775807,5 3,9223372036854775807",
                ],
                "key `lattice`: the lattice has index",
            ),
            (
                &[
                    "search",
                    "--directions=1,0 0,1",
                    "--lattice=-9223372036854775808,0 0,-9223372036854775808",
                ],
                "key `lattice`",
            ),
            (
                &[
                    "search",
                    "--directions=1,0,0 0,1,0 0,0,1",
                    "--lattice=4611686018427387904,0,0 0,4611686018427387904,0 0,0,16",
                ],
                "key `lattice`",
            ),
            (
                &["directions", "9223372036854775807,1 1,0"],
                "VECTORS: the direction (9223372036854775807,1) has a coordinate beyond ±512",
            ),
            (
                &["directions", "1,0,0,0 0,1,0,0"],
                "expected directions of 1, 2 or 3 coordinates",
            ),
        ],
    );
}

#[test]
fn board_files_with_huge_numbers_are_refused() {
    refused(
        "board-files",
        &[
            (
                "torus.toml",
                "name = \"x\"\ntorus = [4611686018427387904, 4611686018427387904, 16]\n\
                 directions = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]\n",
            ),
            (
                "lattice.toml",
                "name = \"x\"\nlattice = [[-9223372036854775808, 1], [1, -9223372036854775808]]\n\
                 directions = [[1, 0], [0, 1]]\n",
            ),
            (
                "group.toml",
                "name = \"x\"\ntorus = [8, 8]\ndirections = [[1, 0], [0, 1]]\n\
                 point_group = [[9223372036854775807, 0, 0, 1]]\n",
            ),
            (
                "directions.toml",
                "name = \"x\"\ntorus = [8, 8]\n\
                 directions = [[1, 0], [-9223372036854775808, 1]]\n",
            ),
        ],
        &[
            (
                &["search", "--board", "torus.toml"],
                "torus.toml: key `torus`: the lattice has index",
            ),
            (
                &["show", "--board", "torus.toml", "x.txt"],
                "torus.toml: key `torus`",
            ),
            (
                &["search", "--board", "lattice.toml"],
                "lattice.toml: key `lattice`",
            ),
            (
                &["search", "--board", "group.toml"],
                "group.toml: key `point_group`",
            ),
            (
                &["search", "--board", "directions.toml"],
                "directions.toml: key `directions`",
            ),
        ],
    );
}

#[test]
fn extreme_options_are_refused() {
    refused(
        "options",
        &[],
        &[
            (
                &["tight", "--k", MAX, "--t", "2"],
                "--k 18446744073709551615",
            ),
            (
                &["tight", "--k", "9", "--t", MAX],
                "--t 18446744073709551615",
            ),
            (
                &[
                    "tight", "--k", "5", "--t", "4", "--plane", "--side", "100000",
                ],
                "--side 100000",
            ),
            (
                &["tight", "--k", "5", "--t", "4", "--max-index", MAX],
                "--max-index 18446744073709551615",
            ),
            (
                &["covering", "--k", MAX, "--t", "2", "--lattice", "5,0 0,5"],
                "--k 18446744073709551615",
            ),
            (
                &["covering", "--k", "5", "--t", MAX, "--lattice", "5,0 0,5"],
                "--t 18446744073709551615",
            ),
            (
                &[
                    "covering",
                    "--k",
                    "5",
                    "--t",
                    "4",
                    "--max-index",
                    "1000000000000",
                ],
                "--max-index 1000000000000",
            ),
            (&["blocking", "--k-max", "100000"], "--k-max 100000"),
            (
                &["blocking", "--k-min", MAX, "--k-max", MAX],
                "--k-max 18446744073709551615",
            ),
            (&["placement-table", "--k-max", MAX], "--k-max"),
            (&["placement-table", "--k-max", "1000"], "--k-max 1000"),
            (&["placement-table", "--side", "100000"], "--side 100000"),
            (
                &["scan", "--directions", "1,0 0,1", "--max-index", "40000"],
                "--max-index 40000",
            ),
            (
                &[
                    "scan",
                    "--t",
                    "2",
                    "--k",
                    MAX,
                    "--directions",
                    "1,0 0,1",
                    "--max-index",
                    "4",
                ],
                "--k 18446744073709551615",
            ),
            (
                &[
                    "scan",
                    "--t",
                    MAX,
                    "--k",
                    "5",
                    "--directions",
                    "1,0 0,1",
                    "--max-index",
                    "4",
                ],
                "--t 18446744073709551615",
            ),
            (
                &["scan", "--all", "5", "--box", "1", "--max-index", "8"],
                "the box holds no set of 5 directions",
            ),
            (
                &[
                    "count",
                    "--board",
                    "square5",
                    "--shard",
                    &format!("0/{MAX}"),
                ],
                "shards",
            ),
        ],
    );
}

/// A table larger than the machine (the option's range goes to 2^20 MiB) is refused
/// before anything is read or written, not left to the system to refuse.
#[test]
#[cfg(target_os = "linux")]
fn a_table_beyond_the_machine_is_refused() {
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/data/games/seven.game");
    refused(
        "memory",
        &[],
        &[
            (&["solve", game, "--memory", "1048576"], "--memory 1048576"),
            (
                &["solve", game, "--memory", "1048576", "--shard", "0/2"],
                "--memory 1048576",
            ),
        ],
    );
}

#[test]
fn placement_files_with_huge_numbers_are_refused() {
    refused(
        "placements",
        &[
            (
                "huge-basis.txt",
                "lattice 9223372036854775807,0 0,9223372036854775807\n0,0:a 1,0:b\n",
            ),
            (
                "huge-index.txt",
                "lattice 1000000,0 0,1000000\n0,0:a 1,0:b\n",
            ),
            (
                "far-cell.txt",
                "lattice 2,0 0,2\n0,0:a 1,0:b\n-8888888888888888888,1:a 1,1:b\n",
            ),
            ("good.txt", "lattice 2,0 0,1\n0,0:a 1,0:b\n"),
        ],
        &[
            (
                &[
                    "verify",
                    "--placements",
                    "--k",
                    "3",
                    "--directions",
                    "1,0 0,1",
                    "huge-basis.txt",
                ],
                "huge-basis.txt:1:9: found '9223372036854775807,0', expected coordinates of at \
                 most 1073741824",
            ),
            (
                &[
                    "verify",
                    "--placements",
                    "--k",
                    "3",
                    "--directions",
                    "1,0 0,1",
                    "huge-index.txt",
                ],
                "huge-index.txt:1:9: the lattice has index 1000000000000, expected at most 65536",
            ),
            (
                &[
                    "verify",
                    "--placements",
                    "--k",
                    "3",
                    "--directions",
                    "1,0 0,1",
                    "far-cell.txt",
                ],
                "far-cell.txt:3:1: found '-8888888888888888888,1'",
            ),
            (
                &[
                    "verify",
                    "--placements",
                    "--k",
                    MAX,
                    "--directions",
                    "1,0 0,1",
                    "good.txt",
                ],
                "--k 18446744073709551615",
            ),
            (
                &["show", "--placement", "--window", "100000", "good.txt"],
                "--window 100000",
            ),
            (
                &["show", "--placement", "huge-index.txt"],
                "huge-index.txt:1:9: the lattice has index",
            ),
        ],
    );
}

/// Count documents of the two shards of square5, written by amoba.
fn count_parts(dir: &Path) -> [serde_json::Value; 2] {
    [0, 1].map(|i| {
        let name = format!("part{i}.json");
        let (out, err, code) = run_within(
            dir,
            &[
                "count",
                "--board",
                "square5",
                "--shard",
                &format!("{i}/2"),
                "--out",
                &name,
                "--progress",
                "none",
            ],
            Duration::from_secs(60),
        );
        assert_eq!(code, 0, "{out}{err}");
        let text = std::fs::read_to_string(dir.join(&name)).unwrap();
        std::fs::remove_file(dir.join(&name)).unwrap();
        serde_json::from_str(&text).unwrap()
    })
}

#[test]
fn count_merges_check_every_number() {
    let dir = temp_dir("hostile-count-made");
    let [a, b] = count_parts(&dir);
    let text = |v: &serde_json::Value| serde_json::to_string_pretty(v).unwrap();
    let mut classes = b.clone();
    classes["classes"] = serde_json::json!(u64::MAX);
    let mut format = b.clone();
    format["provenance"]["format"] = serde_json::json!("amoba-scan");
    let mut shards = b.clone();
    shards["shard"] = serde_json::json!("1/1000000000");
    let mut stab = b.clone();
    stab["classes_by_stabiliser_order"] = serde_json::json!({"0": 1});
    let mut labelled = b.clone();
    labelled["labelled_good_pairings"] = serde_json::json!(u64::MAX);
    let files = [
        ("a.json", text(&a)),
        ("b.json", text(&b)),
        ("classes.json", text(&classes)),
        ("format.json", text(&format)),
        ("shards.json", text(&shards)),
        ("stab.json", text(&stab)),
        ("labelled.json", text(&labelled)),
    ];
    let files: Vec<(&str, &str)> = files.iter().map(|(f, t)| (*f, t.as_str())).collect();
    refused(
        "count",
        &files,
        &[
            (
                &[
                    "count",
                    "--merge",
                    "a.json",
                    "classes.json",
                    "--out",
                    "out.json",
                ],
                "classes.json: key `classes`: is 18446744073709551615",
            ),
            (
                &[
                    "count",
                    "--merge",
                    "a.json",
                    "format.json",
                    "--out",
                    "out.json",
                ],
                "format.json: key `provenance.format`",
            ),
            (
                &[
                    "count",
                    "--merge",
                    "a.json",
                    "shards.json",
                    "--out",
                    "out.json",
                ],
                "shards",
            ),
            (
                &[
                    "count",
                    "--merge",
                    "a.json",
                    "stab.json",
                    "--out",
                    "out.json",
                ],
                "stab.json: key `classes_by_stabiliser_order`",
            ),
            (
                &[
                    "count",
                    "--merge",
                    "a.json",
                    "labelled.json",
                    "--out",
                    "out.json",
                ],
                "labelled.json: key `labelled_good_pairings`",
            ),
            (
                &[
                    "count", "--merge", "a.json", "b.json", "--board", "hex7", "--out", "out.json",
                ],
                "--board: the parts count board square5",
            ),
        ],
    );
}

/// A catalogue part whose header claims 2^64 − 1 shards.
#[test]
fn catalogue_parts_with_absurd_shard_counts_are_refused() {
    let part = format!(
        "# amoba part\n# board square5\n# shard 0/{MAX}\n# depth first-row\n# version 0.1.0\n\
         # count 0\n# sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n"
    );
    refused(
        "parts",
        &[("p.txt", &part)],
        &[(
            &["merge", "--board", "square5", "p.txt", "--out", "cat.txt"],
            "p.txt:3",
        )],
    );
}

/// Boards within the documented limits that used to overflow the stack: the search's
/// descent is a loop. 64×64 is the search's limit of 4,096 cells.
#[test]
fn deep_searches_within_the_limits_run() {
    let dir = temp_dir("hostile-deep");
    std::fs::write(
        dir.join("d18.toml"),
        "name = \"d18\"\ntorus = [36, 36]\ndirections = [[1,0],[0,1],[1,1],[1,-1],[1,2],\
         [2,1],[1,-2],[2,-1],[1,3],[3,1],[1,-3],[3,-1],[1,4],[4,1],[1,-4],[4,-1],[1,5],[5,1]]\n",
    )
    .unwrap();
    for lattice in ["52,0 0,52", "64,0 0,64"] {
        let (out, err, code) = run_within(
            &dir,
            &["search", "--directions", "1,0 0,1", "--lattice", lattice],
            Duration::from_secs(120),
        );
        assert_eq!(code, 0, "{lattice}: {out}{err}");
        assert!((out.clone() + &err).contains("a good pairing"), "{err}");
    }
    let (out, err, code) = run_within(
        &dir,
        &[
            "search",
            "--board",
            "d18.toml",
            "--node-limit",
            "3000",
            "--progress",
            "none",
        ],
        Duration::from_secs(120),
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        (out.clone() + &err).contains("within 3,000 nodes"),
        "{out}{err}"
    );
    let (out, err, code) = run_within(
        &dir,
        &["directions", "500,1 1,500"],
        Duration::from_secs(60),
    );
    assert_eq!(code, 0, "{out}{err}");
}

/// Scan shards made from the committed scan of 5 directions: the merge checks each
/// document's format and rows, and refuses a lattice found in two shards.
#[test]
fn scan_merges_check_their_rows() {
    let whole: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("results/scan-5.json"))
            .unwrap(),
    )
    .unwrap();
    let text = |v: &serde_json::Value| serde_json::to_string_pretty(v).unwrap();
    let shard = |i: usize| {
        let mut v = whole.clone();
        v["shard"] = serde_json::json!(format!("{i}/2"));
        v
    };
    let mut format = shard(1);
    format["provenance"]["format"] = serde_json::json!("amoba-count");
    let mut outside = shard(1);
    outside["games"][0]["rows"][0]["index"] = serde_json::json!(u64::MAX);
    let files = [
        ("s0.json", text(&shard(0))),
        ("s1.json", text(&shard(1))),
        ("format.json", text(&format)),
        ("outside.json", text(&outside)),
    ];
    let files: Vec<(&str, &str)> = files.iter().map(|(f, t)| (*f, t.as_str())).collect();
    // Two shards that split the rows merge into the whole (rows with counts included).
    let dir = temp_dir("hostile-scan-good");
    for i in 0..2 {
        let mut part = shard(i);
        for g in part["games"].as_array_mut().unwrap() {
            let rows = g["rows"].as_array_mut().unwrap();
            let mut k = 0;
            rows.retain(|_| {
                k += 1;
                k % 2 == i
            });
        }
        std::fs::write(dir.join(format!("p{i}.json")), text(&part)).unwrap();
    }
    let (out, err, code) = run_within(
        &dir,
        &[
            "scan",
            "--merge",
            "p0.json",
            "p1.json",
            "--json-out",
            "whole.json",
        ],
        Duration::from_secs(60),
    );
    assert_eq!(code, 0, "{out}{err}");
    let merged: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("whole.json")).unwrap()).unwrap();
    assert_eq!(merged["games"], whole["games"]);
    refused(
        "scan",
        &files,
        &[
            (
                &[
                    "scan",
                    "--merge",
                    "s0.json",
                    "format.json",
                    "--json-out",
                    "out.json",
                ],
                "format.json: key `provenance.format`",
            ),
            (
                &[
                    "scan",
                    "--merge",
                    "s0.json",
                    "outside.json",
                    "--json-out",
                    "out.json",
                ],
                "outside.json: key `rows`: a row of index 18446744073709551615",
            ),
            (
                &[
                    "scan",
                    "--merge",
                    "s0.json",
                    "s1.json",
                    "--json-out",
                    "out.json",
                ],
                "appears in two shards",
            ),
        ],
    );
}
