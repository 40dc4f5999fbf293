//! `amoba query`, `path`, `select`, `canon` and `transform`, checked from outside: every
//! move they print is replayed by this file's own implementation of the move of
//! docs/spec.md §5 on the 8×8 torus (a set of dominoes, slid one by one), every pairing
//! checked good by its own line count, every symmetry applied with its own coordinate
//! arithmetic, and every count compared with a brute force or the census.

mod common;

use common::STEP;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn at(x: i64, y: i64) -> usize {
    (y.rem_euclid(8) * 8 + x.rem_euclid(8)) as usize
}

fn xy(c: usize) -> (i64, i64) {
    ((c % 8) as i64, (c / 8) as i64)
}

fn code_of(dx: i64, dy: i64) -> u8 {
    STEP.iter()
        .position(|&s| s == (dx, dy))
        .expect("a king step") as u8
}

/// Good on the 8×8 torus: consistent, and one domino on each of the 32 lines.
fn good(codes: &[u8]) -> bool {
    let mut lines = BTreeSet::new();
    for c in 0..64 {
        let (x, y) = xy(c);
        let (dx, dy) = STEP[codes[c] as usize];
        let p = at(x + dx, y + dy);
        if codes[p] as usize != (codes[c] as usize + 4) % 8 {
            return false;
        }
        if codes[c] < 4 {
            let key = match codes[c] {
                0 => (0, y),
                1 => (1, (x - y).rem_euclid(8)),
                2 => (2, x),
                _ => (3, (x + y).rem_euclid(8)),
            };
            if !lines.insert(key) {
                return false;
            }
        }
    }
    lines.len() == 32
}

/// The move at cell `a` exactly as docs/spec.md §5 words it, on a list of dominoes:
/// returns the new codes and the number of slides.
fn spec_move(codes: &[u8], a: usize) -> (Vec<u8>, usize) {
    let mut dom: Vec<(usize, usize)> = (0..64)
        .filter(|&c| codes[c] < 4)
        .map(|c| {
            let (x, y) = xy(c);
            let (dx, dy) = STEP[codes[c] as usize];
            (c, at(x + dx, y + dy))
        })
        .collect();
    let slide = |dom: &mut Vec<(usize, usize)>, i: usize, from: usize| -> usize {
        let (p, q) = dom[i];
        let keep = if p == from { q } else { p };
        let ((fx, fy), (kx, ky)) = (xy(from), xy(keep));
        let (dx, dy) = (
            (kx - fx + 12).rem_euclid(8) - 4,
            (ky - fy + 12).rem_euclid(8) - 4,
        );
        let to = at(kx + dx, ky + dy);
        dom[i] = (keep, to);
        to
    };
    let mut i = dom.iter().position(|&(p, q)| p == a || q == a).unwrap();
    let mut covered = slide(&mut dom, i, a);
    let mut slides = 1;
    while covered != a {
        // The domino that covered `covered` before the last slide: the other one on it.
        let j = (0..dom.len())
            .find(|&j| j != i && (dom[j].0 == covered || dom[j].1 == covered))
            .expect("covered twice");
        covered = slide(&mut dom, j, covered);
        i = j;
        slides += 1;
        assert!(slides < 10_000, "endless chain");
    }
    let mut out = vec![0u8; 64];
    for &(p, q) in &dom {
        let ((px, py), (qx, qy)) = (xy(p), xy(q));
        let (dx, dy) = (
            (qx - px + 12).rem_euclid(8) - 4,
            (qy - py + 12).rem_euclid(8) - 4,
        );
        out[p] = code_of(dx, dy);
        out[q] = code_of(-dx, -dy);
    }
    (out, slides)
}

/// Applies `x ↦ M·x + t` (from a symmetry document) with this file's arithmetic.
fn apply(codes: &[u8], sym: &Value) -> Vec<u8> {
    let m: Vec<Vec<i64>> = serde_json::from_value(sym["matrix"].clone()).unwrap();
    let t: Vec<i64> = serde_json::from_value(sym["translation"].clone()).unwrap();
    let map = |x: i64, y: i64| (m[0][0] * x + m[0][1] * y, m[1][0] * x + m[1][1] * y);
    let mut out = vec![0u8; 64];
    for c in 0..64 {
        let (x, y) = xy(c);
        let (nx, ny) = map(x, y);
        let (dx, dy) = STEP[codes[c] as usize];
        let (vx, vy) = map(dx, dy);
        out[at(nx + t[0], ny + t[1])] = code_of(vx, vy);
    }
    out
}

fn cell(v: &Value) -> usize {
    at(v[0].as_i64().unwrap(), v[1].as_i64().unwrap())
}

fn codes(v: &Value) -> Vec<u8> {
    common::digits(v.as_str().unwrap())
}

/// The catalogue written once into a temporary directory, which is also the cache of
/// the index.
fn dir() -> &'static PathBuf {
    static D: OnceLock<PathBuf> = OnceLock::new();
    D.get_or_init(|| {
        let d = common::shared_dir("query");
        common::catalogue()
            .write(&d.join("catalogue-9.txt"))
            .unwrap();
        d
    })
}

fn amoba(args: &[&str], stdin: Option<&str>) -> (String, String, i32) {
    let d = dir();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_amoba"));
    cmd.args(args)
        .arg("--catalogue")
        .arg(d.join("catalogue-9.txt"))
        .env("AMOBA_CACHE_DIR", d.join("cache"))
        .current_dir(d);
    let out = match stdin {
        None => cmd.output().unwrap(),
        Some(text) => {
            use std::io::Write;
            cmd.stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped());
            let mut child = cmd.spawn().unwrap();
            child
                .stdin
                .take()
                .unwrap()
                .write_all(text.as_bytes())
                .unwrap();
            child.wait_with_output().unwrap()
        }
    };
    common::output_text(&out)
}

fn json(args: &[&str]) -> Value {
    let (out, err, code) = amoba(args, None);
    assert_eq!(code, 0, "{args:?}: {err}");
    common::schema::assert_valid_text(&out)
}

fn line_of(id: usize) -> Vec<u8> {
    common::catalogue().codes_of(id).to_vec()
}

#[test]
fn query_lists_every_move_and_each_replays_by_the_definition() {
    let cat = common::catalogue();
    let mut rng = common::Rng(0x9e37_79b9);
    let mut ids = vec![1, 11211, cat.len()];
    ids.extend((0..5).map(|_| 1 + rng.below(cat.len())));
    let graph = amoba::pairing::graph::of_catalogue(common::square9(), cat).unwrap();
    for id in ids {
        let doc = json(&["query", &id.to_string(), "--json"]);
        assert_eq!(doc["id"], id);
        let start = line_of(id);
        assert_eq!(codes(&doc["canonical"]), start);
        assert_eq!(doc["stabiliser_order"], cat.stabiliser(id));
        assert_eq!(doc["degree"], graph.degree(id));
        assert_eq!(doc["component"], graph.component(id));
        let neighbours = doc["neighbours"].as_array().unwrap();
        assert_eq!(neighbours.len(), graph.degree(id), "ID {id}");
        // Every cell is moved exactly once.
        let mut cells: Vec<usize> = doc["same_class_cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(cell)
            .collect();
        for n in neighbours {
            let nid = n["id"].as_u64().unwrap() as usize;
            assert!(
                graph.neighbors(id).any(|v| v == nid),
                "{id} – {nid} is an edge"
            );
            cells.extend(n["cells"].as_array().unwrap().iter().map(cell));
            let a = cell(&n["move"]["cell"]);
            let (after, slides) = spec_move(&start, a);
            assert_eq!(after, codes(&n["pairing"]), "ID {id}, move at {a}");
            assert_eq!(slides, n["move"]["slides"].as_array().unwrap().len());
            assert!(good(&after));
            // The class reached: the least image over all 512 symmetries is line nid.
            assert_eq!(brute_canonical(&after), line_of(nid));
        }
        cells.sort_unstable();
        assert_eq!(cells, (0..64).collect::<Vec<_>>(), "ID {id}");
    }
}

/// The canonical form by brute force over the 512 symmetries, with this file's
/// arithmetic.
fn brute_canonical(codes: &[u8]) -> Vec<u8> {
    let mats = [
        [1, 0, 0, 1],
        [0, -1, 1, 0],
        [-1, 0, 0, -1],
        [0, 1, -1, 0],
        [-1, 0, 0, 1],
        [1, 0, 0, -1],
        [0, 1, 1, 0],
        [0, -1, -1, 0],
    ];
    let mut best: Option<Vec<u8>> = None;
    for m in mats {
        for t in 0..64 {
            let (tx, ty) = xy(t);
            let sym = serde_json::json!({"matrix": [[m[0], m[1]], [m[2], m[3]]], "translation": [tx, ty]});
            let img = apply(codes, &sym);
            if best.as_ref().is_none_or(|b| img < *b) {
                best = Some(img);
            }
        }
    }
    best.unwrap()
}

#[test]
fn a_path_is_a_chain_of_moves_as_short_as_a_breadth_first_search_finds() {
    let cat = common::catalogue();
    let graph = amoba::pairing::graph::of_catalogue(common::square9(), cat).unwrap();
    // The target, from a file, in other coordinates than its canonical form.
    let d = dir();
    let (moved, _, code) = amoba(
        &["transform", "100000", "--symmetry", "0,1 -1,0 + 2,5"],
        None,
    );
    assert_eq!(code, 0);
    std::fs::write(d.join("target.txt"), &moved).unwrap();
    let svg = d.join("steps");
    let doc = json(&[
        "path",
        "1",
        "target.txt",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(doc["connected"], true);
    let target = common::digits(moved.trim());
    assert_eq!(codes(&doc["to"]["pairing"]), target);
    let mut now = line_of(1);
    let steps = doc["steps"].as_array().unwrap();
    for s in steps {
        let (after, slides) = spec_move(&now, cell(&s["move"]["cell"]));
        assert_eq!(after, codes(&s["pairing"]));
        assert_eq!(slides, s["move"]["slides"].as_array().unwrap().len());
        assert_eq!(
            brute_canonical(&after),
            line_of(s["id"].as_u64().unwrap() as usize)
        );
        now = after;
    }
    assert_eq!(
        apply(&now, &doc["last_to_target"]),
        target,
        "the last step lands on the target"
    );
    // Shortest: this file's breadth-first search over the graph's edges.
    let mut dist = vec![usize::MAX; cat.len() + 1];
    dist[1] = 0;
    let mut queue = std::collections::VecDeque::from([1usize]);
    while let Some(u) = queue.pop_front() {
        for v in graph.neighbors(u) {
            if dist[v] == usize::MAX {
                dist[v] = dist[u] + 1;
                queue.push_back(v);
            }
        }
    }
    assert_eq!(steps.len(), dist[100000]);
    assert_eq!(doc["length"], dist[100000]);
    let pictures: Vec<_> = std::fs::read_dir(&svg).unwrap().collect();
    assert_eq!(pictures.len(), steps.len() + 1);
    let last = std::fs::read_to_string(svg.join(format!("step-{:03}.svg", steps.len()))).unwrap();
    assert!(
        last.contains("class=\"marked\""),
        "the slid dominoes are highlighted"
    );

    // Different components: exit 1, a message, and the document says so.
    let other = (1..=cat.len())
        .find(|&id| graph.component(id) == 2)
        .unwrap();
    let (out, err, code) = amoba(&["path", "1", &other.to_string(), "--json"], None);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("lie in different components"), "{err}");
    let doc = common::schema::assert_valid_text(&out);
    assert_eq!(doc["connected"], false);
    assert_eq!(doc["length"], Value::Null);
}

#[test]
fn select_agrees_with_the_census_the_graph_and_a_brute_force() {
    let cat = common::catalogue();
    let graph = amoba::pairing::graph::of_catalogue(common::square9(), cat).unwrap();
    let count = |args: &[&str]| -> usize {
        let mut a = vec!["select", "--count"];
        a.extend_from_slice(args);
        let (out, err, code) = amoba(&a, None);
        assert_eq!(code, 0, "{err}");
        out.trim().parse().unwrap()
    };
    for (order, n) in &common::enumeration().census.classes_by_stabiliser_order {
        assert_eq!(
            count(&["--stabiliser", &order.to_string()]) as u64,
            *n,
            "order {order}"
        );
    }
    assert_eq!(
        count(&["--component", "2.."]),
        cat.len() - graph.component_size(1)
    );
    let isolated = (1..=cat.len()).filter(|&id| graph.degree(id) == 0).count();
    assert_eq!(count(&["--degree", "0"]), isolated);
    assert_eq!(count(&["--ids", "10..19"]), 10);
    // Classes with a half-turn symmetry, by brute force over all translations.
    let half_turn = (1..=cat.len())
        .filter(|&id| cat.stabiliser(id) > 1)
        .filter(|&id| {
            let p = line_of(id);
            (0..64).any(|t| {
                let (tx, ty) = xy(t);
                apply(
                    &p,
                    &serde_json::json!({"matrix": [[-1, 0], [0, -1]], "translation": [tx, ty]}),
                ) == p
            })
        })
        .count();
    assert!(half_turn > 0);
    assert_eq!(count(&["--symmetry", "-1,0 0,-1"]), half_turn);
    // JSON lines: the provenance, then one valid row a class.
    let (out, _, code) = amoba(&["select", "--stabiliser", "4", "--format", "json"], None);
    assert_eq!(code, 0);
    let mut lines = out.lines();
    common::schema::assert_valid_text(lines.next().unwrap());
    let rows: Vec<Value> = lines.map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(
        rows.len() as u64,
        common::enumeration().census.classes_by_stabiliser_order[&4]
    );
    for r in &rows {
        let id = r["id"].as_u64().unwrap() as usize;
        assert_eq!(codes(&r["canonical"]), line_of(id));
        assert_eq!(r["stabiliser_order"], 4);
    }
}

#[test]
fn canon_undoes_transform_and_names_the_symmetry() {
    let mut rng = common::Rng(77);
    let syms = [
        "0,-1 1,0 + 3,0",
        "-1,0 0,1 + 5,2",
        "0,1 1,0",
        "+ 1,7",
        "identity",
    ];
    let mut file = String::new();
    let mut ids = Vec::new();
    for s in syms {
        let id = 1 + rng.below(common::catalogue().len());
        let (out, err, code) = amoba(&["transform", &id.to_string(), "--symmetry", s], None);
        assert_eq!(code, 0, "{s}: {err}");
        file.push_str(&out);
        ids.push(id);
    }
    let (out, err, code) = amoba(&["canon", "-", "--json"], Some(&file));
    assert_eq!(code, 0, "{err}");
    let doc = common::schema::assert_valid_text(&out);
    for (e, (id, given)) in doc["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .zip(ids.iter().zip(file.lines()))
    {
        assert_eq!(e["id"], *id);
        let p = common::digits(given);
        assert_eq!(apply(&p, &e["to_canonical"]), line_of(*id));
    }
    // Grids read back as the same pairings.
    let (grid, _, _) = amoba(&["transform", "5", "--symmetry", "+ 2,2", "--grid"], None);
    let (out, _, code) = amoba(&["canon", "-"], Some(&grid));
    assert_eq!(code, 0);
    assert!(out.contains("ID 5,"), "{out}");
    // A pairing that is not good: listed as such, exit 1.
    let mut bad = line_of(1);
    bad.swap(0, 1);
    let text: String = bad.iter().map(|k| char::from(b'0' + k)).collect();
    let (out, _, code) = amoba(&["canon", "-"], Some(&text));
    assert_eq!(code, 1);
    assert!(out.contains("not a good pairing"), "{out}");
}

#[test]
fn bad_input_is_refused_with_a_message_and_exit_2() {
    let d = dir();
    std::fs::write(d.join("empty.txt"), "# nothing here\n\n").unwrap();
    std::fs::write(d.join("short.txt"), "0411\n").unwrap();
    let mut bad = line_of(1);
    bad.swap(0, 1);
    let text: String = bad.iter().map(|k| char::from(b'0' + k)).collect();
    std::fs::write(d.join("bad.txt"), text + "\n").unwrap();
    let n = common::catalogue().len();
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec!["query".into(), "0".into()],
            format!("found ID 0, expected a catalogue ID from 1 to {n}"),
        ),
        (
            vec!["query".into(), (n + 1).to_string()],
            format!("found ID {}, expected a catalogue ID from 1 to {n}", n + 1),
        ),
        (
            vec!["query".into(), "empty.txt".into()],
            "empty.txt:3:1: found only comments and blank lines".into(),
        ),
        (
            vec!["path".into(), "1".into(), "short.txt".into()],
            "short.txt:1:5: found 4 codes".into(),
        ),
        (
            vec!["query".into(), "bad.txt".into()],
            "bad.txt:1: expected a good pairing of board square9".into(),
        ),
        (
            vec!["query".into(), "no-such-file.txt".into()],
            "no-such-file.txt: cannot open".into(),
        ),
        (
            vec!["query".into(), "1".into(), "--pick".into(), "2".into()],
            String::new(),
        ),
        (
            vec![
                "transform".into(),
                "1".into(),
                "--symmetry".into(),
                "2,0 0,1".into(),
            ],
            "is not a symmetry of board square9".into(),
        ),
        (
            vec!["select".into(), "--symmetry".into(), "0,1".into()],
            "expected a matrix of 2 rows".into(),
        ),
        (
            vec!["select".into(), "--degree".into(), "5..2".into()],
            "empty range".into(),
        ),
        (
            vec![
                "query".into(),
                "1".into(),
                "--board".into(),
                "square9-16".into(),
            ],
            "has no pairing graph".into(),
        ),
    ];
    for (args, want) in cases {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, err, code) = amoba(&a, None);
        if args.contains(&"--pick".to_string()) {
            // An ID takes no --pick: the option is ignored, the answer given.
            assert_eq!(code, 0, "{args:?}: {err}");
            continue;
        }
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains(&want),
            "{args:?}: expected {want:?} in {err:?}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn the_index_is_built_once_and_a_damaged_one_is_rebuilt() {
    let d = common::temp_dir("query-index");
    common::catalogue()
        .write(&d.join("catalogue-9.txt"))
        .unwrap();
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_amoba"))
            .args(["query", "17", "--catalogue", "catalogue-9.txt"])
            .env("AMOBA_CACHE_DIR", d.join("cache"))
            .current_dir(&d)
            .output()
            .unwrap();
        common::output_text(&out)
    };
    let (first, err, code) = run();
    assert_eq!(code, 0);
    assert!(err.contains("indexing it"), "{err}");
    let (second, err, _) = run();
    assert_eq!(second, first);
    assert!(!err.contains("indexing"), "the index is reused: {err}");
    let index: PathBuf = std::fs::read_dir(d.join("cache"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("index-9-")
        })
        .unwrap();
    for damage in [Damage::Flip, Damage::Truncate] {
        damage.apply(&index);
        let (again, err, code) = run();
        assert_eq!((code, &again), (0, &first), "{err}");
        assert!(
            err.contains("indexing it"),
            "a damaged index is rebuilt: {err}"
        );
    }
}

#[derive(Clone, Copy)]
enum Damage {
    Flip,
    Truncate,
}

impl Damage {
    fn apply(self, path: &Path) {
        let mut b = std::fs::read(path).unwrap();
        match self {
            Damage::Flip => {
                let i = b.len() / 2;
                b[i] ^= 0x40;
            }
            Damage::Truncate => b.truncate(b.len() / 3),
        }
        std::fs::write(path, b).unwrap();
    }
}
