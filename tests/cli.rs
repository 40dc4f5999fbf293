//! The command line: exit codes, files written, messages, and results that stay the
//! same when the README's commands run again.

mod common;
use common::amoba;
use common::temp_dir;
use std::process::Command;

/// Runs `amoba ARGS` in `dir`: (stdout, stderr, exit code).
fn run_in(dir: &std::path::Path, args: &[&str]) -> (String, String, i32) {
    let o = amoba().args(args).current_dir(dir).output().unwrap();
    common::output_text(&o)
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
    assert!(table.contains("| cost | "), "the cost is printed");
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
    let read = |f: &str| std::fs::read(dir.join("results").join(f)).unwrap();
    let report = String::from_utf8(read("report-9.md")).unwrap();
    assert!(report.contains("| every induced cycle has length 4 | yes | no:"));
    assert!(!report.contains("cost"), "no run time in the report");
    unchanged("amoba reproduce", &[]);
    let mut top: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    top.sort();
    assert_eq!(top, ["results"], "reproduce writes into results/ only");
    for f in ["enumerate-9.json", "analysis-9.json", "graph-9.json"] {
        let doc = common::schema::assert_valid_text(&String::from_utf8(read(f)).unwrap());
        assert_eq!(doc["provenance"]["command"], "amoba reproduce", "{f}");
    }

    // Again on one thread: the same bytes, every file (the command recorded in the
    // provenance leaves --threads out).
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
    unchanged("amoba reproduce --threads 1", &[]);
    assert!(
        String::from_utf8(again.stdout)
            .unwrap()
            .contains("(1 thread)")
    );
    // --json prints the table as a JSON document with a verdict per row.
    let json = amoba()
        .args(["reproduce", "--board", "hex7", "--json"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(json.status.success());
    let doc = common::schema::assert_valid_text(&String::from_utf8(json.stdout).unwrap());
    let rows = doc["rows"].as_array().unwrap();
    let row = |figure: &str| {
        rows.iter()
            .find(|r| r["figure"] == figure)
            .unwrap_or_else(|| panic!("no row {figure:?}"))
    };
    assert_eq!(row("edges")["computed"], "53");
    assert_eq!(row("edges")["verdict"], "match");
    assert_eq!(doc["verdicts"]["differ"], 0);
    assert_eq!(doc["provenance"]["board"], "hex7");
    assert!(doc["cost"]["total_seconds"].as_f64().unwrap() > 0.0);
    // `amoba graph` writes the same report from the same catalogue: one function
    // writes it for both commands.
    let graph = amoba()
        .args([
            "graph",
            "--catalogue",
            "results/catalogue-9.txt",
            "--out-dir",
            "by-graph",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        graph.status.success(),
        "{}",
        String::from_utf8_lossy(&graph.stderr)
    );
    assert_eq!(
        std::fs::read(dir.join("by-graph/report-9.md")).unwrap(),
        report.as_bytes()
    );
    let mut top: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    top.sort();
    assert_eq!(top, ["by-graph", "results"]);
}

#[test]
fn help_shows_an_example_for_every_subcommand() {
    for sub in [
        "enumerate",
        "graph",
        "merge",
        "reproduce",
        "search",
        "verify",
        "show",
        "completions",
        "man",
    ] {
        let out = amoba().args([sub, "--help"]).output().unwrap();
        assert!(out.status.success());
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(help.contains("Example"), "{sub}: {help}");
        assert!(help.contains(&format!("amoba {sub}")), "{sub}: {help}");
    }
    let out = amoba().args(["reproduce", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for name in amoba::core::board::Board::NAMES {
        assert!(help.contains(name), "board {name} in\n{help}");
    }
}

#[test]
fn completions_and_man_pages_come_from_the_same_definitions() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = amoba().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("reproduce") && text.contains("board"),
            "{shell}"
        );
    }
    let out = amoba().arg("man").output().unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains(".TH amoba 1"), "{page}");
    assert!(page.contains("amoba\\-merge(1)"), "every subcommand listed");
    let out = amoba().args(["man", "verify"]).output().unwrap();
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains(".TH amoba-verify 1")
    );
    let out = amoba().args(["man", "nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn committed_json_files_satisfy_their_schemas_and_hold_no_timings() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("results");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let doc = common::schema::assert_valid_text(&text);
        let mut keys = Vec::new();
        collect_keys(&doc, &mut keys);
        for k in keys {
            assert!(
                ![
                    "seconds",
                    "memory",
                    "threads",
                    "per_second",
                    "years",
                    "wall"
                ]
                .iter()
                .any(|t| k.contains(t)),
                "{}: key {k} depends on the run",
                path.display()
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} JSON files in results/");
}

fn collect_keys(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                out.push(k.clone());
                collect_keys(x, out);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_keys(x, out)),
        _ => {}
    }
}

#[test]
fn every_schema_is_valid_and_every_format_has_one() {
    let dir = common::schema::schema_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut want: Vec<String> = amoba::core::provenance::JSON_FORMATS
        .iter()
        .map(|f| f.schema.to_string())
        .collect();
    want.push(amoba::core::provenance::PROVENANCE_SCHEMA.to_string());
    want.sort();
    assert_eq!(
        names, want,
        "one schema per JSON format, and the provenance block"
    );
    for name in &names {
        let schema = common::schema::schema(name);
        assert!(
            jsonschema::meta::is_valid(&schema),
            "{name} is not a valid JSON Schema"
        );
        assert_eq!(
            schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{name}"
        );
    }
}

#[test]
fn enumerate_writes_where_told_and_one_thread_gives_the_same_bytes() {
    let dir = temp_dir("enumerate");
    // The same command (the provenance records it, without --threads) in two
    // directories, on one thread and on all.
    let run = |threads: &str, sub: &str| {
        let here = dir.join(sub);
        std::fs::create_dir_all(&here).unwrap();
        let out = amoba()
            .args(["enumerate", "--threads", threads])
            .args(["--out", "cat.txt", "--summary", "cat.txt.json"])
            .current_dir(&here)
            .output()
            .unwrap();
        assert!(out.status.success());
        let summary = std::fs::read(here.join("cat.txt.json")).unwrap();
        (
            std::fs::read(here.join("cat.txt")).unwrap(),
            summary,
            out.stdout,
        )
    };
    // Catalogue, summary and stdout: the same bytes for any thread count.
    assert!(run("1", "one") == run("0", "all"));
    let summary: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("one/cat.txt.json")).unwrap()).unwrap();
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
    common::schema::assert_valid(&amoba::core::provenance::ENUMERATE, &summary);
    assert_eq!(
        summary["provenance"]["command"]
            .as_str()
            .map(|c| c == "amoba enumerate --out cat.txt --summary cat.txt.json"),
        Some(true)
    );
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
}

#[test]
fn verify_json_satisfies_its_schema() {
    let dir = temp_dir("verify-json");
    let cat = dir.join("catalogue-9.txt");
    common::catalogue().write(&cat).unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let out = amoba()
        .args(["verify", "--json", "--no-graph", "--catalogue"])
        .arg(&cat)
        .args([
            "data/good/several.txt",
            "data/bad/mixed.txt",
            "data/malformed/empty.txt",
        ])
        .current_dir(root)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let doc = common::schema::assert_valid_text(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(doc["pairings"], 6);
    assert_eq!(doc["inputs"][0]["reports"].as_array().unwrap().len(), 4);
    assert_eq!(
        doc["provenance"]["catalogue_sha256"],
        amoba::report::results::catalogue_sha256(common::catalogue())
    );
    // On the cube there is no catalogue: the digest is null.
    let out = amoba()
        .args([
            "verify",
            "--json",
            "--board",
            "cube7",
            "data/cube7/good.txt",
        ])
        .current_dir(root)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let doc = common::schema::assert_valid_text(&String::from_utf8(out.stdout).unwrap());
    assert!(doc["provenance"]["catalogue_sha256"].is_null());
}

/// A board known to be out of reach gets a bounded search for a pairing before the
/// estimate: "none exists" (exhaustive) exits 1 and is written as such; a search
/// stopped by its node limit says that existence is unknown.
#[test]
fn searches_for_one_pairing_are_bounded_and_say_what_they_found() {
    let dir = temp_dir("cli-bounded");
    std::fs::write(
        dir.join("none.toml"),
        "name = \"nonetest\"\ndescription = \"E and S on a lattice with no pairing\"\n\
         lattice = [[4, 0], [1, 2]]\ndirections = [[1, 0], [0, 1]]\ncatalogue = false\n",
    )
    .unwrap();
    let (out, err, code) = run_in(&dir, &["reproduce", "--board", "none.toml"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("none exists (exhaustive search, 4 nodes)"),
        "{out}"
    );
    let text = std::fs::read_to_string(dir.join("results/estimate-nonetest.json")).unwrap();
    let doc = common::schema::assert_valid_text(&text);
    assert_eq!(doc["first_pairing"], serde_json::Value::Null);
    assert_eq!(doc["first_pairing_outcome"], "none");
    let report = std::fs::read_to_string(dir.join("results/report-nonetest.md")).unwrap();
    assert!(report.contains("**None exists on this board**"), "{report}");

    // The 8×8×8 torus with the axes and the space diagonal: stopped after 1,000 nodes.
    let (out, err, code) = run_in(
        &dir,
        &[
            "search",
            "--directions",
            "1,0,0 0,1,0 0,0,1 1,1,1",
            "--lattice",
            "8,0,0 0,8,0 0,0,8",
            "--node-limit",
            "1000",
            "--progress",
            "none",
        ],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("no good pairing found within 1,000 nodes (--node-limit)")
            && out.contains("not known"),
        "{out}"
    );
}

/// `amoba count` without a catalogue: the whole 8×8 torus gives the published counts,
/// its two shards add up to the same document, and `--merge` refuses incomplete,
/// repeated or foreign sets of shards, naming the file.
#[test]
fn count_shards_add_up_to_the_whole_and_bad_sets_are_refused() {
    let dir = temp_dir("cli-count");
    let run = |args: &[&str]| run_in(&dir, &[args, &["--progress", "none"]].concat());
    let merge = |args: &[&str]| run_in(&dir, &[&["count", "--merge"], args].concat());
    let (out, err, code) = run(&["count", "--out", "whole.json"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("board square9: 194,543 classes, 99,368,960 labelled good pairings"),
        "{out}"
    );
    let whole = common::schema::assert_valid_text(
        &std::fs::read_to_string(dir.join("whole.json")).unwrap(),
    );
    assert_eq!(whole["classes_by_stabiliser_order"]["4"], 24);
    for i in 0..2 {
        let (out, err, code) = run(&["count", "--shard", &format!("{i}/2"), "--threads", "1"]);
        assert_eq!(code, 0, "{out}{err}");
    }
    let part = |i: usize| format!("results/parts/count-9.part-{i}-of-2.json");
    for i in 0..2 {
        common::schema::assert_valid_text(&std::fs::read_to_string(dir.join(part(i))).unwrap());
    }
    let (out, err, code) = merge(&[&part(0), &part(1), "--out", "merged.json"]);
    assert_eq!(code, 0, "{out}{err}");
    let merged: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("merged.json")).unwrap()).unwrap();
    let without_command = |mut v: serde_json::Value| {
        v["provenance"]["command"] = serde_json::Value::Null;
        v
    };
    assert_eq!(without_command(merged), without_command(whole));

    // A missing shard, a repeated one, a whole count among shards, another board.
    let (_, err, code) = merge(&[&part(0)]);
    assert_eq!(
        (code, err.contains("shard 1/2 is missing")),
        (2, true),
        "{err}"
    );
    let (_, err, code) = merge(&[&part(0), &part(0)]);
    assert_eq!(code, 2);
    assert!(err.contains("shard 0/2 appears twice"), "{err}");
    let (_, err, code) = merge(&[&part(0), "whole.json"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("whole.json: key `shard`: not a shard"),
        "{err}"
    );
    let (out, err, code) = run(&["count", "--board", "hex7", "--shard", "1/2"]);
    assert_eq!(code, 0, "{out}{err}");
    let (_, err, code) = merge(&[&part(0), "results/parts/count-hex7.part-1-of-2.json"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("count-hex7.part-1-of-2.json: not a shard of the same count"),
        "{err}"
    );
    std::fs::write(dir.join("bad.json"), "{\n  \"provenance\": 3\n}\n").unwrap();
    let (_, err, code) = merge(&[&part(0), "bad.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.json:2:"), "{err}");
}

/// A board given inline, about which nothing says whether it is feasible, is sized up
/// by a quick estimate before the enumeration starts: {E, SE, S, NE, (1,2)} on the
/// 10×10 torus is refused at once, naming the estimate, with nothing written.
#[test]
fn enumerations_out_of_reach_are_refused_up_front() {
    let dir = temp_dir("cli-out-of-reach");
    let t = std::time::Instant::now();
    let (out, err, code) = run_in(
        &dir,
        &[
            "enumerate",
            "--directions",
            "1,0 0,1 1,1 1,-1 1,2",
            "--lattice",
            "10,0 0,10",
        ],
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("a full enumeration looks out of reach: Knuth's estimator"),
        "{err}"
    );
    assert!(err.contains("Pass --force"), "{err}");
    assert!(t.elapsed().as_secs() < 10, "the estimate is quick");
    assert!(!dir.join("results").exists(), "nothing written");
}

/// `amoba directions --json`: each matrix does what the document says of it, checked
/// by plain arithmetic here — the matrix takes the directions, up to sign, onto the
/// normal form, each symmetry takes the set onto itself, each is unimodular — and the
/// text counts the same symmetries and classes.
#[test]
fn directions_json_matrices_do_what_they_say() {
    type Vectors = Vec<Vec<i64>>;
    let vectors = |v: &serde_json::Value| -> Vectors { serde_json::from_value(v.clone()).unwrap() };
    let apply = |m: &Vectors, v: &[i64]| -> Vec<i64> {
        m.iter()
            .map(|row| row.iter().zip(v).map(|(a, b)| a * b).sum())
            .collect()
    };
    let up_to_sign = |s: &Vectors| -> std::collections::BTreeSet<Vec<i64>> {
        s.iter()
            .map(|v| {
                let neg: Vec<i64> = v.iter().map(|x| -x).collect();
                v.clone().max(neg)
            })
            .collect()
    };
    let det = |m: &Vectors| -> i64 {
        match m.len() {
            2 => m[0][0] * m[1][1] - m[0][1] * m[1][0],
            _ => (0..3)
                .map(|j| {
                    let minor = m[1][(j + 1) % 3] * m[2][(j + 2) % 3]
                        - m[1][(j + 2) % 3] * m[2][(j + 1) % 3];
                    m[0][j] * minor
                })
                .sum(),
        }
    };
    for set in [
        "1,0 0,1 1,1 1,-1",
        "1,0 0,1 1,2 2,1",
        "1,0,0 0,1,0 0,0,1 1,1,1",
    ] {
        let o = amoba()
            .args(["directions", set, "--json"])
            .output()
            .unwrap();
        let (json, err, code) = common::output_text(&o);
        assert_eq!(code, 0, "{err}");
        let doc = common::schema::assert_valid_text(&json);
        let given = vectors(&doc["directions"]);
        let m = vectors(&doc["matrix"]);
        assert_eq!(det(&m).abs(), 1, "{set}");
        let mapped: Vectors = given.iter().map(|v| apply(&m, v)).collect();
        assert_eq!(
            up_to_sign(&mapped),
            up_to_sign(&vectors(&doc["normal_form"]))
        );
        let symmetries = doc["symmetries"].as_array().unwrap();
        for s in symmetries {
            let s = vectors(s);
            assert_eq!(det(&s).abs(), 1, "{set}");
            let image: Vectors = given.iter().map(|v| apply(&s, v)).collect();
            assert_eq!(up_to_sign(&image), up_to_sign(&given), "{set}: {s:?}");
        }
        let text = String::from_utf8((amoba().args(["directions", set]).output().unwrap()).stdout)
            .unwrap();
        let line = format!("symmetries   {} matrices", symmetries.len());
        assert!(text.contains(&line), "{text}");
    }
    let all = ["directions", "--all", "5", "--box", "2"];
    let o = amoba().args(all).arg("--json").output().unwrap();
    let doc = common::schema::assert_valid_text(&common::output_text(&o).0);
    let classes = doc["classes"].as_array().unwrap();
    let o = amoba()
        .args(["directions", "--all", "5", "--box", "2"])
        .output();
    let text = String::from_utf8(o.unwrap().stdout).unwrap();
    assert!(
        text.starts_with(&format!("{} classes of 5", classes.len())),
        "{text}"
    );
}
