//! `amoba placement-table` (docs/spec.md §10): the entries it settles, with their
//! arguments, and every placement it prints passed by `amoba verify --placements`.

mod common;
use common::{amoba, output_text, verify_placement};

#[test]
fn the_placement_table_settles_three_open_entries_with_their_arguments() {
    let json_dir = common::temp_dir("placement-table-json");
    let json = json_dir.join("table.json");
    let out = amoba()
        .args([
            "placement-table",
            "--t-max",
            "4",
            "--max-index",
            "64",
            "--cover-index",
            "6",
            "--json-out",
        ])
        .arg(&json)
        .output()
        .unwrap();
    let (stdout, stderr, code) = output_text(&out);
    assert_eq!(code, 0, "{stderr}");
    let doc = common::schema::assert_valid_text(&std::fs::read_to_string(&json).unwrap());
    assert_eq!(doc["settled"], 3, "{doc}");
    assert_eq!(doc["differ"], 0, "{doc}");
    for row in [
        "| 4 | N (N) | N (N) | N (N) |",
        "| 5 | N (N) | N (N) | N (?) **settled** |",
        "| 7 | N (N) | Y (?) **settled** | Y (Y) |",
        "| 8 | N (N) | Y (?) **settled** | Y (Y) |",
        "| 9 | Y (Y) | Y (Y) | Y (Y) |",
    ] {
        assert!(stdout.contains(row), "{row}\n{stdout}");
    }
    assert!(
        stdout.contains("no tight placement covers the 5×5 square"),
        "{stdout}"
    );
    // Every placement the table prints passes the checker.
    let dir = common::temp_dir("placement-table");
    for block in stdout.split("\nk = ").skip(1) {
        let (head, rest) = block.split_once(":\n\n```\n").unwrap();
        let (k, t) = head.split_once(", t = ").unwrap();
        let text = rest.split("```").next().unwrap();
        let file = dir.join(format!("k{k}-t{t}.txt"));
        std::fs::write(&file, text).unwrap();
        let (report, code) = verify_placement(&file, t, k);
        assert_eq!(code, 0, "k {k} t {t}: {report}");
    }
}
