//! `amoba verify` — every diagnostic, the exit codes, `--json`, stdin, and
//! random catalogue pairings under random symmetries (run with `cargo test --release`).
//!
//! The catalogue is enumerated once in-process (about a second) and written to a
//! temporary file that the binary reads with `--catalogue`; the binary runs with
//! `--no-graph` (the whole pairing graph takes seconds to build), and the graph facts
//! are tested on a small graph through the library.
//!
//! One file for one subject, `amoba verify`, past the usual 600 lines: its cases share
//! the catalogue enumerated once and the harness that runs the binary.

mod common;
use common::{digits as codes_of, output_text as text};

use amoba::check::pairing::{Form, Geometry, Reader, VerifyError, analyse, window_check};
use amoba::core::board::{Board, Symmetry};
use amoba::pairing::graph::PairingGraph;
use amoba::pairing::symmetry::apply_pairing;
use amoba::verify::{check_catalogue_line, classify, graph_facts};
use common::{Rng, catalogue, square9};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

const BIN: &str = env!("CARGO_BIN_EXE_amoba");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The square9 catalogue as a file, written once per test binary.
fn catalogue_file() -> &'static Path {
    static P: OnceLock<PathBuf> = OnceLock::new();
    P.get_or_init(|| {
        let path = scratch_dir().join("catalogue-9.txt");
        catalogue().write(&path).unwrap();
        path
    })
}

fn data(rel: &str) -> String {
    format!("{ROOT}/data/{rel}")
}

fn verify(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.arg("verify")
        .arg("--no-graph")
        .arg("--catalogue")
        .arg(catalogue_file())
        .args(args)
        .current_dir(ROOT)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    let mut child = cmd.spawn().unwrap();
    if let Some(input) = stdin {
        let mut w = child.stdin.take().unwrap();
        let input = input.to_vec();
        std::thread::spawn(move || {
            let _ = w.write_all(&input);
        });
    }
    child.wait_with_output().unwrap()
}

fn geom() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::new(square9()).unwrap())
}

fn read_str(g: &Geometry, s: &[u8]) -> Result<Vec<amoba::check::pairing::Candidate>, VerifyError> {
    Reader::new(g, "t", s).collect()
}

#[test]
fn good_samples_exit_0_with_their_ids() {
    let (out, err, code) = text(&verify(&[&data("good/first.txt")], None));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("data/good/first.txt:3: pairing 1 (grid form): GOOD"),
        "{out}"
    );
    assert!(out.contains("catalogue ID: 1\n"), "{out}");
    assert!(out.contains("each of the 32 lines holds exactly one domino"));
    assert!(out.contains("all 32 pairs are dominoes"));
    assert!(out.contains("all 13440 runs of 9 consecutive cells hold a pair"));
    assert!(out.contains("stabiliser order: 1\n    identity: (x,y) ↦ (x, y) (mod 8)"));

    let (out, err, code) = text(&verify(
        &[
            "--brief",
            &data("good/several.txt"),
            &data("good/transformed.txt"),
        ],
        None,
    ));
    assert_eq!(code, 0, "{out}{err}");
    let ids: Vec<&str> = out
        .lines()
        .map(|l| l.rsplit("ID ").next().unwrap())
        .collect();
    assert_eq!(ids, ["2", "2", "194543", "1", "100"], "{out}");
    assert!(
        out.contains("several.txt:8: pairing 2: good"),
        "CRLF grid at line 8: {out}"
    );
}

#[test]
fn inconsistent_cells_are_named_with_their_partners() {
    let (out, _, code) = text(&verify(&[&data("bad/inconsistent.txt")], None));
    assert_eq!(code, 1);
    assert!(out.contains("NOT GOOD"));
    assert!(out.contains("consistent: no, 2 cells' partners do not point back"));
    assert!(
        out.contains("(2,0) has code 2 (S) → (2,1), whose code 1 points to (3,2)"),
        "{out}"
    );
    assert!(out.contains("(3,1) has code 5 (NW) → (2,0), whose code 2 points to (2,1)"));
}

#[test]
fn empty_and_crowded_lines_are_named_with_their_dominoes() {
    let (out, _, code) = text(&verify(&[&data("bad/line-twice.txt")], None));
    assert_eq!(code, 1);
    assert!(out.contains("consistent: yes"));
    assert!(
        out.contains("lines: 2 without a domino, 2 with two or more:"),
        "{out}"
    );
    assert!(out.contains("    row y=0: none\n    row y=1: none\n"));
    assert!(out.contains("column x=0: 2 dominoes (0,0)-(0,1), (0,4)-(0,5)"));
    assert!(out.contains("column x=1: 2 dominoes (1,0)-(1,1), (1,6)-(1,7)"));
    assert!(out.contains("6 horizontal, 8 diagonal, 10 vertical, 8 antidiagonal"));

    let (out, _, code) = text(&verify(&[&data("bad/line-empty.txt")], None));
    assert_eq!(code, 1);
    assert!(
        out.contains("diagonal x−y≡0: 2 dominoes (0,0)-(1,1), (2,2)-(3,3)"),
        "{out}"
    );
    assert!(out.contains("antidiagonal x+y≡1: 2 dominoes (1,0)-(0,1), (5,4)-(4,5)"));
    assert!(out.contains(
        "FAILS: the 9 cells from (0,0) going E to (8,0) hold no pair (896 of 13440 runs fail)"
    ));

    let (out, _, code) = text(&verify(&["--brief", &data("bad/mixed.txt")], None));
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "data/bad/mixed.txt:2: pairing 1: good, ID 1\n\
         data/bad/mixed.txt:3: pairing 2: NOT GOOD: inconsistent at 2 cells\n"
            .replace("data/", &data(""))
    );
}

#[test]
fn malformed_samples_exit_2_naming_file_line_column() {
    let cases = [
        (
            "bad-char.txt",
            "3:7: found '8', expected a direction code 0–7",
        ),
        (
            "binary.txt",
            "1:1: found U+007F, expected a direction code 0–7",
        ),
        (
            "blank-in-grid.txt",
            "6:1: found a blank line, expected row 5 of 8 of the grid that starts at line 2",
        ),
        (
            "comments-only.txt",
            "4:1: found only comments and blank lines, expected at least one pairing",
        ),
        (
            "empty.txt",
            "1:1: found an empty file, expected at least one pairing",
        ),
        (
            "non-utf8.txt",
            "2:77: found byte 0xE9, which is not UTF-8 text",
        ),
        (
            "short-row.txt",
            "4:8: found 7 codes (too few), expected 8: row 3 of 8",
        ),
        ("spaces-in-row.txt", "2:3: found '4' after whitespace"),
        (
            "too-long-line.txt",
            "2:4097: found a line longer than 4096 bytes",
        ),
        (
            "truncated-grid.txt",
            "7:1: found the end of the file after 5 of 8 rows",
        ),
        (
            "wrong-length.txt",
            "2:64: found 63 codes, expected 8 (a row of a grid) or 64",
        ),
    ];
    for (file, want) in cases {
        let path = data(&format!("malformed/{file}"));
        let (out, err, code) = text(&verify(&[&path], None));
        assert_eq!(code, 2, "{file}: {err}");
        assert!(err.starts_with(&format!("{path}:{want}")), "{file}: {err}");
        assert!(!err.contains("panicked"), "{file}: {err}");
        assert!(out.contains("0 pairings: 0 good, 0 not good; 1 file unreadable or malformed"));
    }
}

#[test]
fn one_bad_file_does_not_hide_the_others() {
    let (out, err, code) = text(&verify(
        &[
            "--brief",
            &data("malformed/short-row.txt"),
            "no/such/file.txt",
            &data("good/first.txt"),
        ],
        None,
    ));
    assert_eq!(code, 2, "malformed wins over good");
    assert!(err.contains("no/such/file.txt: cannot open:"), "{err}");
    assert!(out.contains("first.txt:3: pairing 1: good, ID 1"), "{out}");
    // Pairings before an error in the same file are still reported.
    let input = format!("{}\n{}\n0411\n", catalogue_line(1), catalogue_line(2));
    let (out, err, code) = text(&verify(&["--brief", "-"], Some(input.as_bytes())));
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        err.starts_with("<stdin>:3:5: found 4 codes, expected 8"),
        "{err}"
    );
}

#[test]
fn every_malformed_line_is_reported_and_the_well_formed_pairings_checked() {
    let (one, two) = (catalogue_line(1), catalogue_line(2));
    let rows = |p: &str| -> Vec<String> {
        p.as_bytes()
            .chunks(8)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect()
    };
    let mut bad_grid = rows(&one);
    bad_grid[2].pop(); // row 3: 7 codes
    let mut inconsistent = two.clone().into_bytes();
    inconsistent[2] = b'2';
    let input = format!(
        "{one}\n\
         {}8\n\
         {}\n\
         {}\n\
         0411 11\n\
         {}\n",
        &one[..63],
        bad_grid.join("\n"),
        rows(&two).join("\n"),
        String::from_utf8(inconsistent).unwrap()
    );
    let (out, err, code) = text(&verify(&["--brief", "-"], Some(input.as_bytes())));
    assert_eq!(code, 2, "malformed lines make the exit code 2\n{err}");
    assert_eq!(
        out,
        "<stdin>:1: pairing 1: good, ID 1\n\
         <stdin>:11: pairing 2: good, ID 2\n\
         <stdin>:20: pairing 3: NOT GOOD: inconsistent at 2 cells\n"
    );
    let located: Vec<&str> = err.lines().collect();
    assert_eq!(located.len(), 3, "{err}");
    assert!(located[0].starts_with("<stdin>:2:64: found '8'"), "{err}");
    assert!(
        located[1].starts_with("<stdin>:5:8: found 7 codes (too few), expected 8: row 3 of 8"),
        "{err}"
    );
    assert!(
        located[2].starts_with("<stdin>:19:6: found '1' after whitespace"),
        "{err}"
    );

    let (out, _, code) = text(&verify(&["--json", "-"], Some(input.as_bytes())));
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["pairings"].as_u64(), v["good_pairings"].as_u64()),
        (Some(3), Some(2))
    );
    assert_eq!(v["malformed_lines"], 3);
    assert_eq!(v["exit_code"], 2);
    let errors = v["inputs"][0]["errors"].as_array().unwrap();
    assert_eq!(
        errors
            .iter()
            .map(|e| (e["line"].as_u64().unwrap(), e["column"].as_u64().unwrap()))
            .collect::<Vec<_>>(),
        [(2, 64), (5, 8), (19, 6)]
    );
}

#[test]
fn malformed_lines_beyond_the_limit_are_counted() {
    let mut input = String::new();
    for i in 0..250 {
        input += &format!("{}x\n", &catalogue_line(1)[..i % 40 + 20]);
    }
    input += &format!("{}\n", catalogue_line(1));
    let (out, err, code) = text(&verify(&["--brief", "-"], Some(input.as_bytes())));
    assert_eq!(code, 2);
    assert_eq!(out, "<stdin>:251: pairing 1: good, ID 1\n");
    assert_eq!(
        err.lines().filter(|l| l.starts_with("<stdin>:")).count(),
        101
    );
    assert!(
        err.ends_with("<stdin>: and 150 more malformed lines\n"),
        "{err}"
    );
    let (out, _, _) = text(&verify(&["--json", "-"], Some(input.as_bytes())));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["inputs"][0]["errors"].as_array().unwrap().len(), 100);
    assert_eq!(v["inputs"][0]["errors_not_listed"], 150);
    assert_eq!(v["malformed_lines"], 250);
    assert_eq!(v["good_pairings"], 1);
}

#[test]
fn a_closed_pipe_keeps_the_verdict_in_every_output_mode() {
    // `amoba verify … | head -c 10`: the reader goes away early.
    for (mode, files, want) in [
        (&["--json"][..], "bad/mixed.txt", 1),
        (&["--json"], "good/several.txt", 0),
        (&["--brief"], "bad/mixed.txt", 1),
        (&[], "bad/mixed.txt", 1),
        (&["--json"], "malformed/short-row.txt", 2),
    ] {
        let mut child = Command::new(BIN)
            .args(["verify", "--no-graph"])
            .args(mode)
            .arg("--catalogue")
            .arg(catalogue_file())
            .arg(data(files))
            .arg(data(files))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Closed before the first write, so that the write certainly fails (a reader
        // that took 10 bytes of a pipe buffer's worth would leave nothing to fail).
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(want), "{mode:?} {files}: {err}");
        assert!(
            !err.contains("Broken pipe") && !err.contains("panicked"),
            "{err}"
        );
    }
}

fn catalogue_line(id: usize) -> String {
    catalogue()
        .codes_of(id)
        .iter()
        .map(|&k| (b'0' + k) as char)
        .collect()
}

#[test]
fn stdin_and_json() {
    let input = std::fs::read(data("good/transformed.txt")).unwrap();
    let o = verify(&["--json", "-", &data("bad/line-twice.txt")], Some(&input));
    let (out, err, code) = text(&o);
    assert_eq!(code, 1, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["provenance"]["board"], "square9");
    assert_eq!(v["pairings"], 2);
    assert_eq!(v["good_pairings"], 1);
    assert_eq!(v["exit_code"], 1);
    let p = &v["inputs"][0]["reports"][0];
    assert_eq!(v["inputs"][0]["file"], "<stdin>");
    assert_eq!(p["good"], true);
    assert_eq!(p["form"], "grid");
    assert_eq!(p["line"], 3);
    assert_eq!(p["class"]["id"], 100);
    assert_eq!(p["class"]["stabiliser_order"], 1);
    assert_eq!(
        p["class"]["canonical"].as_str().unwrap(),
        catalogue_line(100)
    );
    assert_eq!(p["class"]["graph"], serde_json::Value::Null);
    let q = &v["inputs"][1]["reports"][0];
    assert_eq!(q["good"], false);
    assert_eq!(q["analysis"]["lines_without_domino"][0]["line"], "row y=0");
    assert_eq!(
        q["analysis"]["lines_with_several"][1]["dominoes"][1],
        "(1,6)-(1,7)"
    );
    assert_eq!(q["analysis"]["window"]["first_failure"]["direction"], "E");
    assert_eq!(q["class"], serde_json::Value::Null);

    // Malformed input in JSON mode: the error is in the document and on stderr.
    let o = verify(&["--json", "-"], Some(b"04111115\n"));
    let (out, err, code) = text(&o);
    assert_eq!(code, 2);
    assert!(err.starts_with("<stdin>:2:1: found the end of the file after 1 of 8 rows"));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["inputs"][0]["errors"][0]["line"], 2);
    assert_eq!(v["inputs"][0]["errors_not_listed"], 0);
    assert_eq!(v["malformed_files"], 1);
    assert_eq!(v["malformed_lines"], 1);
}

#[test]
fn symmetric_pairings_list_their_stabiliser() {
    let cat = catalogue();
    let id = (1..=cat.len()).find(|&i| cat.stabiliser(i) == 4).unwrap();
    let o = verify(&["-"], Some(format!("{}\n", catalogue_line(id)).as_bytes()));
    let (out, _, code) = text(&o);
    assert_eq!(code, 0);
    assert!(out.contains(&format!("catalogue ID: {id}\n")));
    assert!(
        out.contains("stabiliser order: 4\n    identity: (x,y) ↦ (x, y) (mod 8)\n"),
        "{out}"
    );
    assert_eq!(
        out.matches(" (mod 8)\n").count(),
        4 + 1,
        "4 symmetries + to_canonical"
    );
}

#[test]
fn broken_pipe_is_not_an_error() {
    // Many inconsistent pairings (no catalogue needed), stdout closed after one line.
    let mut bad = catalogue_line(1).into_bytes();
    bad[2] = b'2';
    bad.push(b'\n');
    let input: Vec<u8> = bad
        .iter()
        .copied()
        .cycle()
        .take(bad.len() * 20_000)
        .collect();
    let mut child = Command::new(BIN)
        .args(["verify", "--no-graph", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut w = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = w.write_all(&input);
    });
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let status = child.wait().unwrap();
    let _ = feeder.join();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    // Every pairing is inconsistent: the verdict, 1, survives the closed pipe.
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn random_pairings_under_random_symmetries_get_their_ids() {
    let b = square9();
    let g = geom();
    let cat = catalogue();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..300 {
        let id = 1 + rng.below(cat.len());
        let s = Symmetry {
            m: rng.below(8),
            t: rng.below(64),
        };
        let p = apply_pairing(b, &cat.pairing(id), s);
        let a = analyse(g, p.codes());
        assert!(a.good && a.checks_agree, "ID {id} under {s:?}");
        let c = classify(g, b, p.codes(), Some(cat)).unwrap();
        assert_eq!(c.id, Some(id), "ID {id} under {s:?}");
        assert_eq!(c.stabiliser_order, cat.stabiliser(id));
        assert_eq!(c.canonical, catalogue_line(id));
        assert_eq!(c.stabiliser[0].kind, "identity");
        check_catalogue_line(catalogue_file(), id, &c.canonical).unwrap();
    }
    // A wrong line is caught.
    assert!(matches!(
        check_catalogue_line(catalogue_file(), 2, &catalogue_line(1)),
        Err(VerifyError::CrossCheck(_))
    ));
}

#[test]
fn window_check_catches_consistent_pairings_that_are_not_good() {
    // Turn two stacked parallel dominoes of a random good pairing into the other
    // orientation (a 2×2 flip): still consistent, never good.
    let b = square9();
    let g = geom();
    let cat = catalogue();
    let mut rng = Rng(12345);
    let mut flipped = 0;
    while flipped < 200 {
        let id = 1 + rng.below(cat.len());
        let mut c = cat.codes_of(id).to_vec();
        let x = rng.below(8);
        let y = rng.below(8);
        let at = |x: usize, y: usize| (y % 8) * 8 + x % 8;
        let (a, r, d, rd) = (at(x, y), at(x + 1, y), at(x, y + 1), at(x + 1, y + 1));
        if c[a] == 0 && c[d] == 0 {
            (c[a], c[r], c[d], c[rd]) = (2, 2, 6, 6); // horizontals → verticals
        } else if c[a] == 2 && c[r] == 2 {
            (c[a], c[r], c[d], c[rd]) = (0, 4, 0, 4); // verticals → horizontals
        } else {
            continue;
        }
        flipped += 1;
        let an = analyse(g, &c);
        assert!(an.consistent && !an.good && an.checks_agree);
        let w = an.window.as_ref().unwrap();
        assert!(w.runs_failed > 0);
        let f = w.first_failure.as_ref().unwrap();
        // The first failing run lies on an empty line of the torus.
        assert!(!an.lines_without_domino.is_empty());
        assert!(f.cells == 9 && f.x >= 0 && f.y >= 0);
        assert!(!amoba::core::board::pairing::Pairing::from_codes(c.clone()).is_good(b));
    }
    // Every good pairing passes.
    let an = analyse(g, cat.codes_of(cat.len()));
    assert_eq!(window_check(g, cat.codes_of(cat.len()), 64).runs_failed, 0);
    assert!(an.good);
}

#[test]
fn reader_leniency_and_positions() {
    let g = geom();
    let one = catalogue_line(1);
    let grid: String = one
        .as_bytes()
        .chunks(8)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    // BOM, CRLF, tabs, comment inside a grid, consecutive grids, no final newline.
    let crlf = grid.replace('\n', "\r\n");
    let mut lines: Vec<&str> = crlf.split_inclusive('\n').collect();
    lines.insert(3, "  # comment inside the grid\r\n");
    let text = format!(
        "\u{feff}# header\n\t{one}\t# tail\n{}{grid}{}",
        lines.concat(),
        one
    );
    let cands = read_str(g, text.as_bytes()).unwrap();
    assert_eq!(cands.len(), 4);
    assert!(cands.iter().all(|c| c.codes == codes_of(&one)));
    assert_eq!(
        cands.iter().map(|c| (c.line, c.column)).collect::<Vec<_>>(),
        [(2, 2), (3, 1), (12, 1), (20, 1)]
    );
    // A one-line pairing where a grid row was expected: the grid is reported as cut
    // short, and the one-line pairing is read on its own.
    let bad = format!("04111115\n{one}\n");
    let mut reader = Reader::new(g, "t", bad.as_bytes());
    match reader.next_candidate() {
        Err(VerifyError::Malformed {
            line,
            column,
            message,
            ..
        }) => {
            assert_eq!((line, column), (2, 1));
            assert!(
                message.starts_with(
                    "found a pairing in one-line form (64 codes), expected row 2 of 8 of the \
                     grid that starts at line 1"
                ),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
    let c = reader.next_candidate().unwrap().unwrap();
    assert_eq!(
        (c.line, c.form, c.codes),
        (2, Form::OneLine, codes_of(&one))
    );
    assert!(reader.next_candidate().unwrap().is_none());
    assert_eq!((reader.pairings_read(), reader.errors()), (1, 1));
    // A multi-byte character: columns count characters.
    match read_str(g, "0411−115\n".as_bytes()) {
        Err(VerifyError::Malformed {
            column, message, ..
        }) => {
            assert_eq!(column, 5);
            assert!(message.starts_with("found '−' (U+2212)"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

/// A reader that yields `n` bytes of a repeating pattern, never all at once.
struct Endless {
    pattern: Vec<u8>,
    pos: usize,
    left: u64,
}
impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.left as usize).min(1000);
        for b in &mut buf[..n] {
            *b = self.pattern[self.pos % self.pattern.len()];
            self.pos += 1;
        }
        self.left -= n as u64;
        Ok(n)
    }
}

#[test]
fn huge_inputs_are_streamed_or_refused_quickly() {
    let g = geom();
    // 1 GiB without a newline: refused after 4097 bytes, not buffered.
    let r = std::io::BufReader::new(Endless {
        pattern: b"0".to_vec(),
        pos: 0,
        left: 1 << 30,
    });
    let t = std::time::Instant::now();
    match Reader::new(g, "big", r).next() {
        Some(Err(VerifyError::Malformed {
            line: 1,
            column: 4097,
            ..
        })) => {}
        other => panic!("{other:?}"),
    }
    assert!(t.elapsed().as_secs() < 2);
    // 200,000 comment lines, then a pairing: streamed line by line.
    let pattern = b"# a comment line of some length\n".to_vec();
    let reps = 200_000u64;
    let left = pattern.len() as u64 * reps;
    let tail = format!("{}\n", catalogue_line(1));
    let r = std::io::BufReader::new(Endless {
        pattern,
        pos: 0,
        left,
    })
    .chain(tail.as_bytes());
    let cands: Vec<_> = Reader::new(g, "long", std::io::BufReader::new(r))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(cands.len(), 1);
    assert_eq!(cands[0].line, reps as usize + 1);
}

#[test]
fn arbitrary_bytes_never_panic() {
    let g = geom();
    let mut rng = Rng(7);
    let alphabet = b"0123456789#\n\r\t x\xff\xe2\x88";
    for _ in 0..3000 {
        let len = rng.below(300);
        let bytes: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        for c in Reader::new(g, "r", &bytes[..]).flatten() {
            let a = analyse(g, &c.codes);
            assert!(a.checks_agree);
        }
    }
}

#[test]
fn graph_facts_come_from_the_graph() {
    // Path 1-2-3, edge 4-5, isolated 6.
    let g =
        PairingGraph::from_adjacency(vec![vec![1], vec![0, 2], vec![1], vec![4], vec![3], vec![]]);
    let f = graph_facts(&g, 2).unwrap();
    assert_eq!((f.component, f.component_size, f.degree), (1, 3, 2));
    let f = graph_facts(&g, 5).unwrap();
    assert_eq!((f.component, f.component_size, f.degree), (2, 2, 1));
    let f = graph_facts(&g, 6).unwrap();
    assert_eq!((f.component, f.component_size, f.degree), (3, 1, 0));
    assert_eq!(graph_facts(&g, 0), None);
    assert_eq!(graph_facts(&g, 7), None);
}

#[test]
fn other_boards_verify_their_own_catalogues() {
    for name in ["hex7", "square5"] {
        every_class_verifies_under_every_point_symmetry(name);
    }
    // line3: see line3_stabiliser_cross_check.
    let b = Board::line3();
    let g = Geometry::new(&b).unwrap();
    let a = analyse(&g, &[0, 1]);
    assert!(a.good && a.window.unwrap().runs_checked == 62);
    let a = analyse(&g, &[1, 0]);
    assert!(a.good);
    assert!(!analyse(&g, &[0, 0]).consistent);
    // The reader uses the board's sizes: hex7 rows have 6 codes 0–5.
    let b = Board::hex7();
    let g = Geometry::new(&b).unwrap();
    match read_str(&g, b"012345\n012346\n") {
        Err(VerifyError::Malformed {
            line: 2,
            column: 6,
            message,
            ..
        }) => {
            assert!(
                message.contains("expected a direction code 0–5"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
}

/// On the 2-cell torus of line3 the symmetries (identity, translation 1) and
/// (reflection, translation 1) move the cells alike and differ only in how they
/// rewrite codes. `amoba::pairing::symmetry::canonical` once identified stabiliser elements by
/// their action on cells only, and reported (m=0, t=1) for the pairing `10` instead of
/// (m=1, t=1); the verifier's brute force caught it. It now matches the code map too.
#[test]
fn line3_stabiliser_cross_check() {
    every_class_verifies_under_every_point_symmetry("line3");
}

fn every_class_verifies_under_every_point_symmetry(name: &str) {
    {
        let b = Board::by_name(name).unwrap();
        let g = Geometry::new(&b).unwrap();
        let out = amoba::pairing::catalogue::enumerate::run(&b, 1, None, &|_, _| {});
        let cat = &out.catalogue;
        assert!(!cat.is_empty());
        for id in 1..=cat.len() {
            let a = analyse(&g, cat.codes_of(id));
            assert!(a.good && a.checks_agree, "{name} ID {id}");
            let w = a.window.unwrap();
            assert!(w.runs_checked > 0);
            for m in 0..g.npoint() {
                let mut img = vec![0; g.ncells()];
                g.apply(cat.codes_of(id), m, g.ncells() - 1, &mut img);
                let c = classify(&g, &b, &img, Some(cat)).unwrap();
                assert_eq!(c.id, Some(id), "{name} ID {id}");
                assert_eq!(c.stabiliser_order, cat.stabiliser(id));
            }
        }
    }
}

#[test]
fn the_verifier_s_own_arithmetic_matches_the_board() {
    let b = square9();
    let g = geom();
    let p = catalogue().pairing(17);
    for s in b.symmetries().step_by(7) {
        let mut img = vec![0; 64];
        g.apply(p.codes(), s.m, s.t, &mut img);
        assert_eq!(img, apply_pairing(b, &p, s).codes(), "{s:?}");
    }
    let half = b
        .point_group()
        .iter()
        .position(|m| m == &vec![-1, 0, 0, -1])
        .unwrap();
    let d = g.describe_symmetry(half, 4 * 8 + 4);
    assert_eq!(d.matrix, vec![vec![-1, 0], vec![0, -1]]);
    assert_eq!(d.kind, "half turn, then translation by (4,4)");
    assert_eq!(d.formula, "(x,y) ↦ (−x+4, −y+4) (mod 8)");
}

// ---------------------------------------------------------------------------------
// cube7: the 6×6×6 torus (docs/spec.md §7), no catalogue.
// ---------------------------------------------------------------------------------

fn cube7() -> &'static Board {
    static B: OnceLock<Board> = OnceLock::new();
    B.get_or_init(Board::cube7)
}

fn cube_geom() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::new(cube7()).unwrap())
}

/// The pairing of data/cube7/good.txt, read by the verifier's reader.
fn cube_good() -> Vec<u8> {
    let text = std::fs::read(data("cube7/good.txt")).unwrap();
    let cands = read_str(cube_geom(), &text).unwrap();
    assert_eq!(cands.len(), 1);
    assert_eq!(cands[0].codes.len(), 216);
    cands[0].codes.clone()
}

fn line_text(codes: &[u8]) -> String {
    codes.iter().map(|&k| (b'0' + k) as char).collect()
}

/// This test binary's folder for files that outlive one test.
fn scratch_dir() -> PathBuf {
    common::shared_dir("verify")
}

/// A scratch file holding `text`, in [`scratch_dir`].
fn scratch(name: &str, text: &str) -> PathBuf {
    let path = scratch_dir().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Turns two parallel dominoes side by side in an axis plane (a 2×2 square) into
/// the other orientation: still consistent, but two lines lose their domino and two
/// get a second one. Returns the first such flip of `codes`, if any.
fn cube_flip(codes: &[u8]) -> Option<Vec<u8>> {
    let g = cube_geom();
    for c in 0..216 {
        for a in 0..3usize {
            for b in 0..3usize {
                if a == b {
                    continue;
                }
                let cb = g.step(c, b);
                if codes[c] as usize == a && codes[cb] as usize == a {
                    let (ca, cab) = (g.step(c, a), g.step(cb, a));
                    let mut out = codes.to_vec();
                    out[c] = b as u8;
                    out[cb] = (b + 3) as u8;
                    out[ca] = b as u8;
                    out[cab] = (b + 3) as u8;
                    return Some(out);
                }
            }
        }
    }
    None
}

#[test]
fn cube7_good_pairing_verifies_without_a_catalogue() {
    let b = cube7();
    let codes = cube_good();
    let p = amoba::core::board::pairing::Pairing::from_codes(codes.clone());
    assert!(p.is_good(b));
    let canon = amoba::pairing::symmetry::canonical_pairing(b, &p);
    let stab = amoba::pairing::symmetry::canonical(b, &p).stabiliser.len();
    let (o, e, code) = text(&verify(&["--board", "cube7", "data/cube7/good.txt"], None));
    assert_eq!(code, 0, "{o}{e}");
    assert!(o.contains("(one-line form): GOOD"), "{o}");
    assert!(o.contains("36 along x, 36 along y, 36 along z"), "{o}");
    assert!(
        o.contains("each of the 108 lines holds exactly one domino"),
        "{o}"
    );
    assert!(
        o.contains("periodic check (24×24×24 window of space): all 31104 runs of 7"),
        "{o}"
    );
    assert!(
        o.contains(&format!("canonical form: {}\n", line_text(canon.codes()))),
        "{o}"
    );
    assert!(o.contains("(x,y,z) ↦ ("), "{o}");
    assert!(o.contains(&format!("stabiliser order: {stab}\n")), "{o}");
    assert!(
        o.contains("catalogue ID: none (board cube7 (216 cells) has no catalogue"),
        "{o}"
    );
    assert!(o.contains("1 pairing: 1 good, 0 not good"), "{o}");
    assert!(!e.contains("enumerating"), "{e}");
    // The library agrees, and JSON says there is no catalogue.
    let c = classify(cube_geom(), b, &codes, None).unwrap();
    assert_eq!(c.canonical, line_text(canon.codes()));
    assert_eq!(c.stabiliser_order, stab);
    let (o, e, code) = text(&verify(
        &["--board", "cube7", "--json", "data/cube7/good.txt"],
        None,
    ));
    assert_eq!(code, 0, "{e}");
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!(v["catalogue"], "none");
    let class = &v["inputs"][0]["reports"][0]["class"];
    assert_eq!(class["id"], serde_json::Value::Null);
    assert!(class["no_catalogue"].as_str().unwrap().contains("cube7"));
    assert_eq!(
        v["inputs"][0]["reports"][0]["analysis"]["window"]["depth"],
        24
    );
}

#[test]
fn cube7_grid_form_is_the_layers_one_after_the_other() {
    let codes = cube_good();
    let line = line_text(&codes);
    let mut grid = String::new();
    for z in 0..6 {
        grid.push_str(&format!("# layer z={z}\n"));
        for y in 0..6 {
            let i = 6 * (y + 6 * z);
            grid.push_str(&line[i..i + 6]);
            grid.push('\n');
        }
    }
    let cands = read_str(cube_geom(), grid.as_bytes()).unwrap();
    assert_eq!(cands.len(), 1);
    assert_eq!(cands[0].codes, codes);
    assert_eq!((cands[0].line, cands[0].column), (2, 1));
    // A blank line between layers is not allowed inside a grid.
    let broken = grid.replacen("# layer z=1\n", "\n", 1);
    match read_str(cube_geom(), broken.as_bytes()) {
        Err(VerifyError::Malformed { line, message, .. }) => {
            assert_eq!(line, 8);
            assert!(message.contains("expected row 7 of 36"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    // A 6-digit code 6 is out of range on cube7 (codes 0–5).
    match read_str(cube_geom(), b"0123456\n") {
        Err(VerifyError::Malformed {
            column, message, ..
        }) => {
            assert_eq!(column, 7);
            assert!(message.contains("direction code 0–5"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn cube7_corrupted_copy_is_inconsistent() {
    let mut codes = cube_good();
    let i = (1..216).find(|&i| codes[i] != codes[0]).unwrap();
    codes.swap(0, i);
    let a = analyse(cube_geom(), &codes);
    assert!(!a.consistent && !a.good);
    assert!(
        a.inconsistencies.iter().any(|x| x.cell == "(0,0,0)"),
        "{a:?}"
    );
    let path = scratch("cube7-swapped.txt", &format!("{}\n", line_text(&codes)));
    let (o, e, code) = text(&verify(&["--board", "cube7", path.to_str().unwrap()], None));
    assert_eq!(code, 1, "{o}{e}");
    assert!(o.contains("NOT GOOD"), "{o}");
    assert!(o.contains("consistent: no,"), "{o}");
    assert!(o.contains("(0,0,0) has code"), "{o}");
}

#[test]
fn cube7_consistent_but_not_good_is_caught_by_both_checks() {
    let b = cube7();
    let g = cube_geom();
    let good = cube_good();
    let mut rng = Rng(777);
    let mut tried = 0;
    for round in 0..40 {
        // The good pairing itself, then random images of it.
        let base = if round == 0 {
            good.clone()
        } else {
            let s = Symmetry {
                m: rng.below(48),
                t: rng.below(216),
            };
            amoba::pairing::symmetry::apply(b, &good, s)
        };
        let Some(bad) = cube_flip(&base) else {
            continue;
        };
        tried += 1;
        let a = analyse(g, &bad);
        assert!(a.consistent && !a.good && a.checks_agree, "{a:?}");
        assert_eq!(a.lines_without_domino.len(), 2);
        assert_eq!(a.lines_with_several.len(), 2);
        assert!(
            a.lines_with_several
                .iter()
                .all(|l| l.dominoes.len() == 2 && l.dominoes[0].matches(',').count() == 4)
        );
        let w = a.window.as_ref().unwrap();
        assert_eq!(w.depth, Some(24));
        assert!(w.runs_failed > 0);
        let f = w.first_failure.as_ref().unwrap();
        assert_eq!(f.cells, 7);
        let (z, lz) = (f.z.unwrap(), f.last_z.unwrap());
        assert_eq!(
            (f.last_x - f.x) + (f.last_y - f.y) + (lz - z),
            6,
            "a run of 7 along one axis: {f:?}"
        );
        assert!(!amoba::core::board::pairing::Pairing::from_codes(bad.clone()).is_good(b));
        if round == 0 {
            let path = scratch("cube7-flipped.txt", &format!("{}\n", line_text(&bad)));
            let (o, e, code) = text(&verify(&["--board", "cube7", path.to_str().unwrap()], None));
            assert_eq!(code, 1, "{o}{e}");
            assert!(
                o.contains("lines: 2 without a domino, 2 with two or more:"),
                "{o}"
            );
            assert!(
                o.contains("periodic check (24×24×24 window of space): FAILS"),
                "{o}"
            );
            assert!(o.contains("hold no pair"), "{o}");
        }
    }
    assert!(tried >= 20, "only {tried} flips found");
}

#[test]
fn cube7_random_symmetries_give_the_same_canonical_form() {
    let b = cube7();
    let g = cube_geom();
    let good = cube_good();
    let first = classify(g, b, &good, None).unwrap();
    let mut rng = Rng(4242);
    for _ in 0..12 {
        let s = Symmetry {
            m: rng.below(b.point_group().len()),
            t: rng.below(216),
        };
        let img = amoba::pairing::symmetry::apply(b, &good, s);
        // The verifier's own arithmetic moves the pairing the same way.
        let mut own = vec![0; 216];
        g.apply(&good, s.m, s.t, &mut own);
        assert_eq!(own, img, "{s:?}");
        let a = analyse(g, &img);
        assert!(a.good && a.checks_agree);
        let c = classify(g, b, &img, None).unwrap();
        assert_eq!(c.canonical, first.canonical, "{s:?}");
        assert_eq!(c.stabiliser_order, first.stabiliser_order);
        assert_eq!(c.id, None);
    }
    // Several images in one file, through the binary.
    let mut file = String::from("# images of data/cube7/good.txt\n");
    for t in [0, 1, 37, 215] {
        let img = amoba::pairing::symmetry::apply(b, &good, Symmetry { m: t % 48, t });
        file.push_str(&line_text(&img));
        file.push('\n');
    }
    let path = scratch("cube7-images.txt", &file);
    let (o, e, code) = text(&verify(&["--board", "cube7", path.to_str().unwrap()], None));
    assert_eq!(code, 0, "{o}{e}");
    assert_eq!(
        o.matches(&format!("canonical form: {}\n", first.canonical))
            .count(),
        4,
        "{o}"
    );
}

#[test]
fn cube7_geometry_matches_the_board() {
    let b = cube7();
    let g = cube_geom();
    assert_eq!((g.dimension(), g.ncells(), g.nlines()), (3, 216, 108));
    assert_eq!(g.npoint() * g.ncells(), 10_368);
    for c in 0..216 {
        assert_eq!(g.cell_name(c), b.cell_name(c));
        for k in 0..6 {
            assert_eq!(g.step(c, k), b.neighbor(c, k), "cell {c} code {k}");
        }
    }
    for l in 0..108 {
        assert_eq!(g.line_name(l), b.line_name(l));
    }
    assert_eq!(
        (0..6).map(|k| g.code_name(k)).collect::<Vec<_>>(),
        ["+x", "+y", "+z", "−x", "−y", "−z"]
    );
    // The window of check 5 stays cheap.
    let start = std::time::Instant::now();
    let w = window_check(g, &cube_good(), 24);
    assert_eq!((w.runs_checked, w.runs_failed), (3 * 24 * 24 * 18, 0));
    assert!(start.elapsed().as_secs_f64() < 1.0);
}
