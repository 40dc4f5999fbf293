//! `amoba blocking` (docs/spec.md §10): the values it prints beside the published
//! ones, its witnesses and its linear lower bounds, recounted window by window by the
//! brute force of `independent::cookies`.

mod common;
mod independent;
use common::{amoba, output_text};
use independent::cookies::*;

/// `amoba blocking ARGS --json-out FILE --check-published` in a temporary directory
/// `name`: its report, which must end with exit status 1 (some entry differs), and its
/// JSON twin, valid.
fn blocking_run(name: &str, args: &[&str]) -> (String, serde_json::Value) {
    let dir = common::temp_dir(name);
    let json = dir.join("blocking.json");
    let out = amoba()
        .arg("blocking")
        .args(args)
        .arg("--check-published")
        .arg("--json-out")
        .arg(&json)
        .output()
        .unwrap();
    let (stdout, _, code) = output_text(&out);
    assert_eq!(code, 1, "{stdout}");
    let doc = common::schema::assert_valid_text(&std::fs::read_to_string(&json).unwrap());
    (stdout, doc)
}

#[test]
fn the_blocking_table_marks_the_published_values_it_contradicts_with_a_witness() {
    let (stdout, doc) = blocking_run(
        "blocking-json",
        &["--t-max", "5", "--k-min", "4", "--k-max", "5"],
    );
    // The JSON twin: valid, and the same DIFFER.
    let e = doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["t"] == 5 && e["k"] == 5)
        .unwrap();
    assert_eq!(
        (e["d"].as_u64(), e["published"].as_i64()),
        (Some(22), Some(21))
    );
    assert_eq!(e["differs"], true);
    // The drawings of the best cookies: the domino of the first orbit, drawn with the
    // diagonal one beside it.
    assert!(
        stdout.contains("t = 2, k = 5 (c_t = 4):\n\n```\n.#    #\no.    o\n```"),
        "{stdout}"
    );
    // t ≤ 4 agree with the published a·k − b; t = 5 at k = 4 too.
    assert!(stdout.contains("| 4 | 12 | 16 |"), "{stdout}");
    assert!(
        stdout.contains("| 5 | 16 | **22 / 21 DIFFER** |"),
        "{stdout}"
    );
    // The 24 best 3-cookies (a cell and two neighbours on two lines) are 4 shapes up to
    // the 8 symmetries: the angle between the two neighbours is 45°, 90° (along the
    // axes or along the diagonals) or 135°.
    assert!(
        stdout.contains("- t = 3, k = 5: c_t = 8, 4 up to symmetry (24 up to translation)"),
        "{stdout}"
    );
    // The witness blocks 22 windows, counted here one window at a time.
    let line = stdout
        .lines()
        .find(|l| l.starts_with("- t = 5, k = 5: 22 (published 21): "))
        .expect("witness");
    let cells = parse_cookie(line.rsplit(": ").next().unwrap());
    assert_eq!(cells.len(), 5);
    assert_eq!(brute_bn(&cells, &FOUR, 5), 22);
}

/// The cookie `x,y:a x,y:b …` of a report or JSON document.
fn parse_cookie(text: &str) -> Vec<(Cell, bool)> {
    text.split(' ')
        .map(|c| {
            let (xy, part) = c.split_once(':').unwrap();
            let (x, y) = xy.split_once(',').unwrap();
            ((x.parse().unwrap(), y.parse().unwrap()), part == "b")
        })
        .collect()
}

/// Every blocking number a `blocking --json` document quotes, recounted window by
/// window: each best cookie shown blocks the entry's c (or its lower bound), and each
/// linear lower bound's cookies block `slope·k + constant` together, k after k; the
/// census values are never below those forms.
fn recount_blocking_document(doc: &serde_json::Value) {
    let entries = doc["entries"].as_array().unwrap();
    let mut shapes = 0;
    for e in entries {
        let k = e["k"].as_i64().unwrap();
        for shape in e["best_cookie_shapes"].as_array().unwrap() {
            let cells = parse_cookie(shape.as_str().unwrap());
            assert_eq!(cells.len() as u64, e["t"].as_u64().unwrap(), "{e}");
            assert_eq!(
                u64::from(brute_bn(&cells, &FOUR, k)),
                e["c_at_least"].as_u64().unwrap(),
                "{shape} at k = {k}"
            );
            shapes += 1;
        }
        if let (Some(d), Some(c)) = (e["d_at_least"].as_u64(), e["c_at_least"].as_u64()) {
            assert!(d >= c, "{e}");
        }
        assert_eq!(
            e["d"].is_null(),
            !e["link_steps"].is_null() || e["d_at_least"].is_null(),
            "{e}"
        );
    }
    assert!(shapes > 0);
    let forms = doc["linear_lower_bounds"].as_array().unwrap();
    assert!(!forms.is_empty());
    for f in forms {
        let (t, slope, constant) = (
            f["t"].as_u64().unwrap(),
            f["slope"].as_i64().unwrap(),
            f["constant"].as_i64().unwrap(),
        );
        let from = f["from_k"].as_i64().unwrap();
        let cookies: Vec<Vec<(Cell, bool)>> = f["cookies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| parse_cookie(c.as_str().unwrap()))
            .collect();
        assert!(
            cookies.iter().map(Vec::len).sum::<usize>() as u64 <= t,
            "{f}"
        );
        for k in from..from + 12 {
            // Cookies placed far apart block the sum of their numbers.
            let n: i64 = cookies
                .iter()
                .map(|c| i64::from(brute_bn(c, &FOUR, k)))
                .sum();
            assert_eq!(n, slope * k + constant, "{f} at k = {k}");
            if let Some(d) = entries
                .iter()
                .find(|e| e["t"] == t && e["k"] == k)
                .and_then(|e| e["d_at_least"].as_i64())
            {
                assert!(
                    d >= n,
                    "t = {t}, k = {k}: the census's {d} is below the form's {n}"
                );
            }
        }
    }
}

#[test]
fn every_blocking_number_the_reports_quote_is_recounted_window_by_window() {
    // A fresh run whose budget leaves most entries to peeling.
    let (stdout, doc) = blocking_run(
        "blocking-peeled",
        &[
            "--t-max", "8", "--k-min", "4", "--k-max", "7", "--budget", "3e5",
        ],
    );
    let entries = doc["entries"].as_array().unwrap();
    let peeled = entries.iter().filter(|e| e["method"] == "peeling").count();
    assert!(peeled >= 10, "{stdout}");
    // d_8(4) = 36, above the published 11k − 9 = 35.
    assert!(stdout.contains("| 8 | **36 / 35 DIFFER** |"), "{stdout}");
    recount_blocking_document(&doc);
    // The committed report's twin.
    let committed = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("results/blocking.json");
    let text = std::fs::read_to_string(committed).unwrap();
    let committed = common::schema::assert_valid_text(&text);
    recount_blocking_document(&committed);
    // Two algorithms on the same entries: where one run has the census and the other
    // peeling, the values agree.
    let mut compared = 0;
    for e in entries {
        let other = committed["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["t"] == e["t"] && x["k"] == e["k"])
            .unwrap();
        assert_eq!(e["d"], other["d"], "{e} against {other}");
        assert_eq!(
            e["best_cookies"], other["best_cookies"],
            "{e} against {other}"
        );
        if e["method"] != other["method"] {
            compared += 1;
        }
    }
    assert!(compared >= 5, "{compared}");
    // A budget too small for some levels: lower bounds from king-connected cookies,
    // recounted too, and never above the exact values.
    let (stdout, low) = blocking_run(
        "blocking-lower",
        &[
            "--t-max", "8", "--k-min", "4", "--k-max", "7", "--budget", "3e3",
        ],
    );
    assert!(stdout.contains("not settled"), "{stdout}");
    recount_blocking_document(&low);
    let mut bounded = 0;
    for e in low["entries"].as_array().unwrap() {
        let exact = entries
            .iter()
            .find(|x| x["t"] == e["t"] && x["k"] == e["k"])
            .unwrap();
        if e["method"] == "lower bound" {
            assert_eq!(e["link_steps"], 1, "{e}");
            assert!(e["c_at_least"].as_u64() <= exact["c"].as_u64(), "{e}");
            bounded += 1;
        } else if !e["d"].is_null() {
            assert_eq!(e["d"], exact["d"], "{e}");
        }
    }
    assert!(bounded >= 5, "{stdout}");
}
