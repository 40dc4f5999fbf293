//! The command line: exit codes, files written, messages, and results that stay the
//! same when the README's commands run again.

mod common;
use common::temp_dir;
use std::process::Command;

fn amoba() -> Command {
    Command::new(env!("CARGO_BIN_EXE_amoba"))
}

/// The files under results/ that git tracks, relative to the repository; `None` when
/// git cannot tell (no git, or not a clone), which CI does not accept.
fn tracked_results() -> Option<Vec<String>> {
    let out = Command::new("git")
        .args(["ls-files", "-z", "--", "results"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output();
    match out {
        Ok(o) if o.status.success() && !o.stdout.is_empty() => Some(
            o.stdout
                .split(|&b| b == 0)
                .filter(|f| !f.is_empty())
                .map(|f| String::from_utf8(f.to_vec()).unwrap())
                .collect(),
        ),
        other => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI: git ls-files results failed: {other:?}"
            );
            eprintln!("NOTICE: not a git clone; committed results not compared");
            None
        }
    }
}

/// Runs `amoba reproduce` in a copy of the committed results: the committed files
/// must come out byte for byte the same (the README's promise: running its commands
/// leaves them unchanged), and nothing may be written outside results/.
#[test]
fn reproduce_leaves_the_committed_results_unchanged() {
    let dir = temp_dir("reproduce");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let tracked = tracked_results().unwrap_or_default();
    for f in &tracked {
        let to = dir.join(f);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(root.join(f), &to).unwrap();
    }
    let unchanged = |run: &str, except: &[&str]| {
        for f in &tracked {
            if except.iter().any(|e| f.ends_with(e)) {
                continue;
            }
            let (was, now) = (
                std::fs::read(root.join(f)).unwrap(),
                std::fs::read(dir.join(f)).unwrap(),
            );
            assert!(
                was == now,
                "{run} changed the committed {f}; regenerate the results with `cargo run \
                 --release -- reproduce` and remove anything run-dependent from it"
            );
        }
    };
    let out = amoba().arg("reproduce").current_dir(&dir).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    for row in [
        "| classes (vertices) | 194,543 | 194,543 | match |",
        "| edges | 532,107 | 532,107 | match |",
        "| connected components | 14 | 14 | match |",
        "| giant component | 194,333 vertices, diameter 34 | 194,333 vertices, diameter 34 | match |",
    ] {
        assert!(table.contains(row), "missing {row:?} in\n{table}");
    }
    for f in [
        "catalogue-9.txt",
        "enumerate-9.json",
        "report-9.md",
        "analysis-9.json",
        "graph-9.edgelist",
        "graph-9.graphml",
        "graph-9.s6",
        "degrees-9.svg",
    ] {
        assert!(dir.join("results").join(f).is_file(), "{f} written");
    }
    let report = std::fs::read_to_string(dir.join("results/report-9.md")).unwrap();
    assert!(report.contains("| every induced cycle has length 4 | yes | no:"));
    unchanged("amoba reproduce", &[]);
    let mut top: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    top.sort();
    assert_eq!(top, ["results"], "reproduce writes into results/ only");

    // Again on one thread: the same bytes (any thread count), except the two files
    // whose provenance records the command line, which now differs.
    let read = |f: &str| std::fs::read(dir.join("results").join(f)).unwrap();
    let (catalogue, edges) = (read("catalogue-9.txt"), read("graph-9.edgelist"));
    let again = amoba()
        .args(["reproduce", "--threads", "1"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(again.status.success());
    assert_eq!(read("report-9.md"), report.as_bytes());
    assert!(read("catalogue-9.txt") == catalogue);
    assert!(read("graph-9.edgelist") == edges);
    unchanged(
        "amoba reproduce --threads 1",
        &["graph-9.json", "graph-9.dot"],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn enumerate_writes_where_told_and_one_thread_gives_the_same_bytes() {
    let dir = temp_dir("enumerate");
    let run = |threads: &str, name: &str| {
        let out = amoba()
            .args(["enumerate", "--threads", threads, "--out"])
            .arg(dir.join(name))
            .arg("--summary")
            .arg(dir.join(format!("{name}.json")))
            .output()
            .unwrap();
        assert!(out.status.success());
        let summary = std::fs::read(dir.join(format!("{name}.json"))).unwrap();
        (std::fs::read(dir.join(name)).unwrap(), summary, out.stdout)
    };
    // Catalogue, summary and stdout: the same bytes for any thread count.
    assert!(run("1", "one.txt") == run("0", "all.txt"));
    let summary: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("one.txt.json")).unwrap()).unwrap();
    assert_eq!(summary["classes"], 194_543);
    assert_eq!(summary["labelled_good_pairings"], 99_368_960u64);
    assert_eq!(
        summary["labelled_good_pairings_with_first_domino"],
        12_421_120u64
    );
    assert_eq!(
        summary["published_before_reduction"]["computed"],
        6_210_560u64
    );
    for run_dependent in ["wall_seconds", "peak_memory_bytes", "threads"] {
        assert!(summary.get(run_dependent).is_none(), "{run_dependent}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_and_input_errors_exit_2_with_a_located_message() {
    let out = amoba()
        .args(["enumerate", "--board", "nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown board"));
    let out = amoba().arg("no-such-command").output().unwrap();
    assert_eq!(out.status.code(), Some(2));

    let dir = temp_dir("badcat");
    let bad = dir.join("cat.txt");
    std::fs::write(
        &bad,
        "0411111504155555041522220435666627333304677773044222733046667710\n04x\n",
    )
    .unwrap();
    let out = amoba()
        .args(["graph", "--catalogue"])
        .arg(&bad)
        .arg("--out-dir")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cat.txt:2:3"), "{err}");
    assert!(!dir.join("out").exists(), "nothing written on bad input");
    std::fs::remove_dir_all(&dir).unwrap();
}
