//! The rules every command follows (README, *Where output goes, exit codes,
//! interruptions*), checked on every subcommand `amoba --help` lists: `--json` is a
//! flag that prints one JSON document on stdout, valid against its schema; exit codes
//! 0 answered, 1 the negative verdict, 2 usage or input error; nothing is written
//! outside the directory asked for (each run has a fresh working directory and its own
//! catalogue cache); messages such as "wrote …" go to stderr; the long commands take
//! `--progress`; what `show` prints as a pairing reads back.

mod common;
use common::amoba;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What one run must do.
struct Case {
    args: Vec<String>,
    /// The exit code.
    code: i32,
    /// What stdout holds.
    stdout: Stdout,
    /// Paths (relative to the working directory) the run may create: each must exist
    /// afterwards, and nothing else may appear.
    writes: Vec<&'static str>,
}

#[derive(Clone, Copy, PartialEq)]
enum Stdout {
    /// Text (not checked beyond the "wrote" rule).
    Text,
    /// One JSON document, valid against its schema.
    Json,
    /// JSON lines, the first with the provenance.
    JsonLines,
    /// Nothing at all.
    Empty,
}

fn case(args: &str, code: i32, stdout: Stdout, writes: &[&'static str]) -> Case {
    Case {
        args: split(args),
        code,
        stdout,
        writes: writes.to_vec(),
    }
}

/// Splits on spaces, keeping `'quoted parts'` whole.
fn split(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for ch in s.chars() {
        match ch {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Every file under `dir`, relative to it.
fn files(dir: &Path) -> BTreeSet<PathBuf> {
    let mut out = BTreeSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out
}

fn data(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(path)
        .display()
        .to_string()
}

/// Runs `c` in a fresh working directory holding `inputs`, with its own cache, and
/// checks the rules; returns stdout.
fn check(root: &Path, n: usize, c: &Case, inputs: &[(&str, &str)]) -> String {
    let cwd = root.join(format!("run-{n}"));
    std::fs::create_dir_all(&cwd).unwrap();
    for (name, text) in inputs {
        std::fs::write(cwd.join(name), text).unwrap();
    }
    let before = files(&cwd);
    let o = amoba()
        .args(&c.args)
        .current_dir(&cwd)
        .env("AMOBA_CACHE_DIR", root.join("cache"))
        .output()
        .unwrap();
    let (out, err, code) = common::output_text(&o);
    let what = format!("amoba {}\nstdout:\n{out}\nstderr:\n{err}", c.args.join(" "));
    assert_eq!(code, c.code, "exit code of {what}");
    assert!(!err.contains("panicked"), "{what}");
    // Messages on stderr.
    assert!(
        !out.lines()
            .any(|l| l.starts_with("wrote ") || l.contains("; wrote ")),
        "a message on stdout: {what}"
    );
    match c.stdout {
        Stdout::Text => {}
        Stdout::Empty => assert!(out.is_empty(), "stdout should be empty: {what}"),
        Stdout::Json => {
            common::schema::assert_valid_text(&out);
        }
        Stdout::JsonLines => {
            let mut lines = out.lines();
            let head: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
            assert!(head["provenance"]["format"].is_string(), "{what}");
            for l in lines {
                serde_json::from_str::<serde_json::Value>(l).unwrap();
            }
        }
    }
    // Nothing written but what was asked.
    let after = files(&cwd);
    let new: BTreeSet<&PathBuf> = after.difference(&before).collect();
    for w in &c.writes {
        let p = Path::new(w);
        assert!(
            new.iter().any(|f| f.starts_with(p)),
            "{w} not written: {what}"
        );
    }
    for f in &new {
        assert!(
            c.writes.iter().any(|w| f.starts_with(w)),
            "wrote {} unasked: {what}",
            f.display()
        );
    }
    out
}

/// The subcommands `amoba --help` lists.
fn subcommands() -> BTreeSet<String> {
    let o = amoba().arg("--help").output().unwrap();
    let help = String::from_utf8(o.stdout).unwrap();
    let list = help
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap();
    list.lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .map(String::from)
        .collect()
}

#[test]
fn every_subcommand_follows_the_shared_rules() {
    use Stdout::{Empty, Json, JsonLines, Text};
    let root = common::temp_dir("interface");
    let seven = data("games/seven.game");
    let placement = data("placements/pairing-1.txt");
    // A square5 pairing file, as `show --format codes` prints it.
    let pairing = "# square5 pairing ID 1\n0211\n0233\n1102\n3302\n";
    let cases = vec![
        case(
            "enumerate --board square5 --out-dir out --json",
            0,
            Json,
            &["out/catalogue-square5.txt", "out/enumerate-square5.json"],
        ),
        case("enumerate --board square5 --out -", 0, Text, &[]),
        case("enumerate --board square5 --out - --json", 2, Empty, &[]),
        case(
            "enumerate --board square5 --shard 0/2 --out-dir out",
            0,
            Text,
            &["out/parts/"],
        ),
        case(
            "graph --board square5 --out-dir out --progress none",
            0,
            Text,
            &["out/"],
        ),
        case(
            "reproduce --board square5 --out-dir out --json --progress log",
            0,
            Json,
            &["out/"],
        ),
        case(
            "reproduce --board square5 --out-dir out --check-published",
            0,
            Text,
            &["out/"],
        ),
        case(
            "count --board square5 --out-dir out --json",
            0,
            Json,
            &["out/count-square5.json"],
        ),
        case("count --board square5 --out c.json", 0, Text, &["c.json"]),
        case("count --board square5 --json c.json", 2, Empty, &[]),
        case("search --board square5", 0, Text, &[]),
        case(
            "search --directions '1,0 0,1' --lattice '6,0 0,6'",
            2,
            Empty,
            &[],
        ),
        case("directions '1,0 0,1 1,1 1,-1'", 0, Text, &[]),
        case("directions '1,0 0,1 1,2 2,1' --box 2 --json", 0, Json, &[]),
        case("directions --all 4 --box 1 --json", 0, Json, &[]),
        case(
            "scan --directions '1,0 0,1 1,2 2,1' --max-index 12 --json --progress none",
            0,
            Json,
            &[],
        ),
        case(
            "scan --directions '1,0 0,1 1,2 2,1' --max-index 12 --out out/s.md --json-out out/s.json",
            0,
            Empty,
            &["out/s.md", "out/s.json"],
        ),
        case("tight --t 3 --k 7 --lattice '6,0 0,6'", 0, Text, &[]),
        case(
            "tight --t 3 --k 7 --lattice '6,0 0,6' --out out/t.txt",
            0,
            Empty,
            &["out/t.txt"],
        ),
        case(
            "covering --t 5 --k 6 --lattice '5,0 2,1' --out out/c.txt",
            0,
            Text,
            &["out/c.txt"],
        ),
        case(
            "search --board square5 --out out/p.txt",
            0,
            Empty,
            &["out/p.txt"],
        ),
        case("tight --t 2 --k 5 --lattice '4,0 0,4'", 1, Text, &[]),
        case("covering --t 5 --k 6 --lattice '5,0 2,1'", 0, Text, &[]),
        // --json: the answer's document (search.schema.json), the object inside it
        // and in --out FILE when asked, never a second document on stdout.
        case("search --board square5 --json", 0, Json, &[]),
        case("search --board square5 --node-limit 2 --json", 1, Json, &[]),
        case(
            "search --board square5 --json --out out/p.txt",
            0,
            Json,
            &["out/p.txt"],
        ),
        case("search --board square5 --json --out -", 2, Empty, &[]),
        case("tight --t 3 --k 7 --lattice '6,0 0,6' --json", 0, Json, &[]),
        case(
            "tight --t 3 --k 7 --lattice '6,0 0,6' --count --json",
            0,
            Json,
            &[],
        ),
        case(
            "tight --t 3 --k 7 --max-index 12 --json --progress none",
            1,
            Json,
            &[],
        ),
        case(
            "tight --t 4 --k 5 --plane --json --progress none",
            1,
            Json,
            &[],
        ),
        case("tight --t 2 --k 5 --lattice '4,0 0,4' --json", 1, Json, &[]),
        case(
            "covering --t 5 --k 6 --lattice '5,0 2,1' --json",
            0,
            Json,
            &[],
        ),
        case("covering --t 2 --k 5 --max-index 3 --json", 1, Json, &[]),
        case(
            "search --t 3 --k 7 --lattice '6,0 0,6' --json",
            0,
            Json,
            &[],
        ),
        case(
            "enumerate --t 3 --k 7 --lattice '6,0 0,6' --json",
            0,
            Json,
            &[],
        ),
        case(
            "scan --t 3 --k 7 --max-index 12 --json --progress none",
            0,
            Json,
            &[],
        ),
        case(
            "blocking --t-max 3 --k-max 4 --json --progress none",
            0,
            Json,
            &[],
        ),
        case(
            "blocking --t-max 5 --k-min 5 --k-max 5 --progress none",
            0,
            Text,
            &[],
        ),
        case(
            "blocking --t-max 5 --k-min 5 --k-max 5 --progress none --check-published",
            1,
            Text,
            &[],
        ),
        case(
            "placement-table --k-max 4 --t-max 3 --json --progress none",
            0,
            Json,
            &[],
        ),
        case(
            "placement-table --k-max 4 --t-max 3 --out t.md --json-out t.json",
            0,
            Empty,
            &["t.md", "t.json"],
        ),
        case(
            "game rectangle --width 3 --height 3 --k 3 --name t",
            0,
            Text,
            &[],
        ),
        case(&format!("game info {seven} --json"), 0, Json, &[]),
        case("game power --sizes 2,3,3 --cells 5 --json", 0, Json, &[]),
        case(&format!("solve {seven} --json"), 0, Json, &[]),
        case("verify --board square5 p.txt --json", 0, Json, &[]),
        case("verify --board square5 bad.txt", 1, Text, &[]),
        case("verify --board square5 missing.txt", 2, Text, &[]),
        case(
            &format!("verify --placements {placement} --json"),
            0,
            Json,
            &[],
        ),
        case("show 1 --board square5 --format codes", 0, Text, &[]),
        case(
            "show 1 --board square5 --format svg --out out/p.svg",
            0,
            Empty,
            &["out/p.svg"],
        ),
        case("query 1 --board square5 --json", 0, Json, &[]),
        case("path 1 2 --board square5 --json", 0, Json, &[]),
        case("select --board square5 --json", 0, JsonLines, &[]),
        case("select --board square5 --format json", 0, JsonLines, &[]),
        case("canon p.txt --board square5 --json", 0, Json, &[]),
        // The explorer runs until stopped (tests/serve.rs); a board without a catalogue
        // is refused before it listens.
        case("serve --board cube7 --port 0", 2, Empty, &[]),
        case(
            "transform 1 --board square5 --symmetry '0,-1 1,0'",
            0,
            Text,
            &[],
        ),
        case("merge --board square5", 2, Empty, &[]),
        case("completions bash", 0, Text, &[]),
        case("man", 0, Text, &[]),
        case("nosuchcommand", 2, Empty, &[]),
    ];
    let covered: BTreeSet<String> = cases.iter().map(|c| c.args[0].clone()).collect();
    for cmd in subcommands() {
        assert!(covered.contains(&cmd), "no case for `amoba {cmd}`");
    }
    let inputs = [("p.txt", pairing), ("bad.txt", "0000\n0000\n0000\n0000\n")];
    let mut shown = None;
    for (n, c) in cases.iter().enumerate() {
        let out = check(&root, n, c, &inputs);
        if c.args.starts_with(&["show".into(), "1".into()]) && c.stdout == Text {
            shown = Some(out);
        }
    }
    // `amoba show ID --format codes > f; amoba verify f`: the round trip.
    let shown = shown.unwrap();
    assert_eq!(
        shown,
        pairing.replace("ID 1\n", "ID 1 · stabiliser order 16\n")
    );
}

/// What amoba prints as a placement, amoba reads back: a placement file records its
/// game (directions, k, t), so `verify --placements` checks it against that game
/// without options, and the options still override it.
#[test]
fn a_placement_found_is_checked_against_its_own_game() {
    let dir = common::temp_dir("placement-round-trip");
    let f = dir.join("f.txt");
    let out = amoba()
        .args(["search", "--t", "3", "--k", "7", "--board", "hex7", "--out"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(
        text.starts_with("directions 1,0 1,1 0,1\nk 7\nt 3\nlattice "),
        "{text}"
    );
    let verify = |extra: &[&str]| {
        let out = amoba()
            .args(["verify", "--placements", "--json"])
            .args(extra)
            .arg(&f)
            .output()
            .unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (out.status.code().unwrap(), doc)
    };
    let (code, doc) = verify(&[]);
    assert_eq!(code, 0, "{doc}");
    let report = &doc["inputs"][0]["report"];
    assert_eq!(report["k"], 7);
    assert_eq!(report["t"], 3);
    assert_eq!(report["directions"].as_array().unwrap().len(), 3);
    assert_eq!(doc["provenance"]["board"], "plane");
    // The command line overrides: square9's four directions and k = 9 are not blocked.
    let (code, doc) = verify(&["--board", "square9"]);
    assert_eq!(code, 1, "{doc}");
    assert_eq!(doc["inputs"][0]["report"]["k"], 9);
    let (code, doc) = verify(&["--k", "8"]);
    assert_eq!((code, &doc["inputs"][0]["report"]["k"]), (0, &8.into()));
    // A recorded game out of range is a malformed file, named by line and column.
    for (bad, at) in [
        ("k 65\n", ":1:3:"),
        ("directions 2,0\n", ":1:12:"),
        ("directions 1,0 -1,0\n", ":1:16:"),
        ("t 3\nt 3\n", ":2:1:"),
    ] {
        std::fs::write(&f, format!("{bad}lattice 1,0 0,2\n0,0:a 0,1:b\n")).unwrap();
        let out = amoba()
            .args(["verify", "--placements"])
            .arg(&f)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(err.contains(at), "{bad}: {err}");
    }
}

/// The long commands take the same `--progress auto|bar|log|none`, and where a
/// command has `--json` it is a flag.
#[test]
fn progress_and_json_are_the_same_option_everywhere() {
    let help = |cmd: &str| {
        let o = amoba().args([cmd, "--help"]).output().unwrap();
        String::from_utf8(o.stdout).unwrap()
    };
    for cmd in [
        "enumerate",
        "graph",
        "reproduce",
        "count",
        "search",
        "scan",
        "blocking",
        "placement-table",
        "solve",
        "tight",
        "covering",
    ] {
        let h = help(cmd);
        assert!(h.contains("--progress <PROGRESS>"), "{cmd}: {h}");
        assert!(h.contains("log:"), "{cmd}: {h}");
    }
    for cmd in subcommands() {
        let h = help(&cmd);
        assert!(!h.contains("--json <"), "{cmd}: --json takes a value\n{h}");
    }
    // `amoba --help` names the boards.
    let o = amoba().arg("--help").output().unwrap();
    let top = String::from_utf8(o.stdout).unwrap();
    for board in amoba::core::board::Board::NAMES {
        assert!(top.contains(board), "{board} not in amoba --help");
    }
}

/// Every schema has an `$id` and carries the shared provenance block inside it, so a
/// validator given one schema file alone resolves every reference.
#[test]
fn schemas_have_ids_and_carry_the_provenance_block() {
    let dir = common::schema::schema_dir();
    let provenance = common::schema::schema("provenance.schema.json");
    for e in std::fs::read_dir(&dir).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        let s = common::schema::schema(&name);
        assert_eq!(
            s["$id"],
            format!("https://amoba.invalid/schemas/{name}"),
            "{name}"
        );
        let text = std::fs::read_to_string(dir.join(&name)).unwrap();
        for r in text.split("\"$ref\": \"").skip(1) {
            let target = r.split('"').next().unwrap();
            assert!(
                target.starts_with('#') || target == "provenance.schema.json",
                "{name}: $ref {target} needs another file"
            );
        }
        if name != "provenance.schema.json" {
            let mut embedded = s["$defs"]["provenance"].clone();
            let mut whole = provenance.clone();
            embedded.as_object_mut().unwrap().remove("$id");
            let w = whole.as_object_mut().unwrap();
            w.remove("$id");
            w.remove("$schema");
            assert_eq!(embedded, whole, "{name}: its copy of the provenance block");
        }
    }
}
