//! The command line: exit codes, files written, messages.

mod common;
use common::temp_dir;
use std::process::Command;

fn amoba() -> Command {
    Command::new(env!("CARGO_BIN_EXE_amoba"))
}

#[test]
fn reproduce_runs_the_whole_pipeline_and_prints_the_table() {
    let dir = temp_dir("reproduce");
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
    // A second run, on one thread, writes the same report, analysis and edge list
    // (byte-deterministic files for any thread count).
    let read = |f: &str| std::fs::read(dir.join("results").join(f)).unwrap();
    let (analysis, edges) = (read("analysis-9.json"), read("graph-9.edgelist"));
    let again = amoba()
        .args(["reproduce", "--threads", "1"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(again.status.success());
    assert_eq!(read("report-9.md"), report.as_bytes());
    assert!(read("analysis-9.json") == analysis);
    assert!(read("graph-9.edgelist") == edges);
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
        std::fs::read(dir.join(name)).unwrap()
    };
    assert_eq!(run("1", "one.txt"), run("0", "all.txt"));
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
    assert_eq!(summary["threads"], 1);
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
