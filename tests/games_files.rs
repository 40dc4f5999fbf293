//! Game files and `amoba game` (FORMATS.md, *Game files*; docs/spec.md §11), checked
//! from outside: the games shipped in `data/games/` are what the command writes now
//! (each file names its command in a comment), the worked example of FORMATS.md is
//! `data/games/seven.game` byte for byte, every rejection of the format exits 2 with
//! `FILE:LINE:COLUMN` and writes nothing, the generators' arguments are checked, and
//! the set counts and blocking powers are the published ones.

mod common;
use common::amoba;

use amoba::game::{file, generate, info};
use common::{output_text, temp_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn games_dir() -> PathBuf {
    Path::new(ROOT).join("data/games")
}

fn run(args: &[&str]) -> Output {
    amoba().args(args).stdin(Stdio::null()).output().unwrap()
}

/// The shipped games, sorted by file name.
fn shipped() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(games_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    v.sort();
    v
}

/// The words of a command line as `amoba::core::provenance::command_line` quotes them:
/// blanks separate words, single quotes quote.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut any) = (false, false);
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            _ => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// The command of a game file's `# written by:` line.
fn written_by(text: &str) -> &str {
    text.lines()
        .find_map(|l| l.strip_prefix("# written by: "))
        .unwrap_or_else(|| panic!("no `# written by:` line in\n{text}"))
}

/// Runs the command a game file's `# written by:` line names (an `amoba game` command).
fn rerun(text: &str) -> Output {
    let words = shell_words(written_by(text));
    assert_eq!(&words[..2], ["amoba", "game"], "{}", written_by(text));
    run(&words[1..].iter().map(String::as_str).collect::<Vec<_>>())
}

/// `amoba game info --json FILE`, checked against its schema.
fn info_json(path: &Path) -> Value {
    let out = run(&["game", "info", "--json", path.to_str().unwrap()]);
    let (stdout, stderr, code) = output_text(&out);
    assert_eq!(code, 0, "{}: {stderr}", path.display());
    common::schema::assert_valid_text(&stdout)
}

#[test]
fn the_shipped_games_are_what_the_command_writes_now() {
    let names: Vec<String> = shipped()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut want: Vec<String> = [
        "seven",
        "tictactoe",
        "square4-k4",
        "strip4-8",
        "strip4-12",
        "strip4-16",
        "strip4-20",
        "torus-square9",
    ]
    .iter()
    .map(|s| format!("{s}.game"))
    .chain((7..=16).map(|n| format!("strip7tr-{n}.game")))
    .collect();
    want.sort();
    assert_eq!(names, want);
    for path in shipped() {
        let text = std::fs::read_to_string(&path).unwrap();
        if path.ends_with("seven.game") {
            continue;
        }
        let line = written_by(&text);
        let out = rerun(&text);
        let (stdout, stderr, code) = output_text(&out);
        assert_eq!(code, 0, "{line}: {stderr}");
        assert_eq!(
            stdout,
            text,
            "{} is not what `{line}` writes now (run it with --out {})",
            path.display(),
            path.display()
        );
    }
}

#[test]
fn seven_game_is_the_worked_example_of_formats_md() {
    let formats = std::fs::read_to_string(Path::new(ROOT).join("FORMATS.md")).unwrap();
    let at = formats
        .find("(`data/games/seven.game`):")
        .expect("the worked example of game files");
    let block = &formats[at..];
    let start = block.find("```\n").unwrap() + 4;
    let end = start + block[start..].find("```\n").unwrap();
    let shipped = std::fs::read_to_string(games_dir().join("seven.game")).unwrap();
    assert_eq!(shipped, &block[start..end]);
    let g = file::read(&games_dir().join("seven.game")).unwrap();
    assert_eq!((g.name.as_str(), g.ncells(), g.sets.len()), ("seven", 7, 5));
    // The canonical writer, given the same comment, writes the same bytes.
    let mut out = Vec::new();
    let comment = ["Maker wins, but only by opening at 1".to_string()];
    file::write_commented(&g, &comment, &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), shipped);
}

#[test]
fn every_shipped_game_round_trips_and_has_its_counts() {
    for path in shipped() {
        let g = file::read(&path).unwrap();
        let mut out = Vec::new();
        file::write(&g, &mut out).unwrap();
        assert_eq!(file::parse(std::str::from_utf8(&out).unwrap()).unwrap(), g);
        let doc = info_json(&path);
        assert_eq!(doc["cells"], g.ncells(), "{}", path.display());
        assert_eq!(doc["sets"], g.sets.len(), "{}", path.display());
        let name = path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(doc["name"], name);
        assert_eq!(doc["provenance"]["board"], name);
        let power = doc["blocking_power"]["text"].as_str().unwrap_or("none");
        let bound = &doc["counting_bound"];
        let expected: Option<(u64, u64, &str, u64, u64)> = match name {
            "seven" => None,
            "tictactoe" => Some((9, 8, "8k − 16", 13, 2)),
            "square4-k4" => Some((16, 10, "10k − 30", 47, 5)),
            "strip4-8" => Some((32, 32, "32k − 88", 27, 4)),
            "strip4-12" => Some((48, 48, "48k − 136", 41, 6)),
            "strip4-16" => Some((64, 64, "64k − 184", 55, 8)),
            // The pattern of the three above, 4n·k − (12n − 8), one step on.
            "strip4-20" => Some((80, 80, "80k − 232", 69, 10)),
            "strip7tr-7" => Some((28, 29, "29k − 79", 191, 29)),
            "strip7tr-8" => Some((32, 32, "32k − 88", 27, 4)),
            "torus-square9" => None,
            _ => continue,
        };
        match expected {
            Some((cells, sets, text, num, den)) => {
                assert_eq!(
                    (doc["cells"].as_u64(), doc["sets"].as_u64()),
                    (Some(cells), Some(sets)),
                    "{name}"
                );
                assert_eq!(power, text, "{name}");
                assert_eq!(
                    (bound["num"].as_u64(), bound["den"].as_u64()),
                    (Some(num), Some(den)),
                    "{name}"
                );
            }
            None => assert!(doc["blocking_power"].is_null(), "{name}"),
        }
    }
    let torus = info_json(&games_dir().join("torus-square9.game"));
    assert_eq!(torus["set_sizes"][8], 32);
    assert!(
        torus["no_blocking_power"]
            .as_str()
            .unwrap()
            .contains("not consecutive cells")
    );
    // 4×12: 48k − 136, k ≥ 328/48 ≈ 6.83.
    let d = info_json(&games_dir().join("strip4-12.game"));
    assert!((d["counting_bound"]["value"].as_f64().unwrap() - 328.0 / 48.0).abs() < 1e-12);
    assert_eq!(d["counting_bound"]["least_k"], 7);
}

/// The dissertation's 12-cell tile of 8-in-a-row, known by its set sizes alone (two
/// 2-sets, four 3-sets, three 4-sets): `9k − 19`, `k ≥ 67/9 ≈ 7.44`, by the library
/// and by `amoba game power`, whose bad options exit 2.
#[test]
fn blocking_power_from_sizes_alone() {
    let p = info::blocking_power_from_sizes(&[2, 2, 3, 3, 3, 3, 4, 4, 4]).unwrap();
    assert_eq!(p.to_string(), "9k − 19");
    let k = info::counting_bound(p.a, p.b, 12, 4).unwrap();
    assert_eq!((k.num, k.den), (67, 9));
    assert!((k.value - 7.444_444).abs() < 1e-5);

    let tile = [
        "game",
        "power",
        "--sizes",
        "2,2,3,3,3,3,4,4,4",
        "--cells",
        "12",
    ];
    let (stdout, stderr, code) = output_text(&run(&[&tile[..], &["--json"]].concat()));
    assert_eq!(code, 0, "{stderr}");
    let d = common::schema::assert_valid_text(&stdout);
    assert_eq!(d["blocking_power"]["text"], "9k − 19");
    assert_eq!(d["set_sizes"], serde_json::json!([0, 0, 2, 4, 3]));
    assert_eq!(
        (
            d["counting_bound"]["num"].clone(),
            d["counting_bound"]["den"].clone()
        ),
        (67.into(), 9.into())
    );
    assert_eq!(d["counting_bound"]["least_k"], 8);
    let (stdout, _, code) = output_text(&run(&tile));
    assert_eq!(code, 0);
    assert!(
        stdout.contains("counting bound: k ≥ 67/9 ≈ 7.4444"),
        "{stdout}"
    );
    for (bad, option) in [
        (vec!["--sizes", "1,2", "--cells", "3"], "--sizes"),
        (vec!["--sizes", "2,x", "--cells", "3"], "--sizes"),
        (vec!["--sizes", "2", "--cells", "0"], "--cells"),
        (
            vec!["--sizes", "2", "--cells", "3", "--density", "0"],
            "--density",
        ),
        (
            vec!["--sizes", "2", "--cells", "3", "--density", "65537"],
            "--density",
        ),
        (vec!["--sizes", "2", "--cells", "4294967297"], "--cells"),
    ] {
        let (stdout, stderr, code) = output_text(&run(&[&["game", "power"][..], &bad].concat()));
        assert_eq!((code, stdout.as_str()), (2, ""), "{bad:?}: {stderr}");
        assert!(stderr.contains(option), "{bad:?}: {stderr}");
    }
}

/// `amoba game after` writes the game from the position its moves reach: `solve`
/// decides who wins after them and `verify --strategy` checks the certificate against
/// the written file; a bad move exits 2 and writes nothing.
#[test]
fn after_writes_the_game_from_the_position_the_moves_reach() {
    let dir = temp_dir("games-after");
    let out = dir.join("after.game");
    let o = out.to_str().unwrap();
    let strip = games_dir().join("strip7tr-8.game");
    let s = strip.to_str().unwrap();
    let w = run(&["game", "after", s, "--moves", "0,1 1,0", "--out", o]);
    assert_eq!(w.status.code(), Some(0), "{}", output_text(&w).1);
    let g = file::read(&out).unwrap();
    let want = generate::after(&file::read(&strip).unwrap(), "0,1 1,0").unwrap();
    assert_eq!(g, want);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with("# strip7tr-8 after the moves 0,1 1,0\n"),
        "{text}"
    );
    // The command the file names writes it again, byte for byte.
    assert_eq!(output_text(&rerun(&text)).0, text);

    let cert = dir.join("after.txt");
    let solved = run(&["solve", o, "--certificate", cert.to_str().unwrap()]);
    let (stdout, stderr, code) = output_text(&solved);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("winner: Maker"), "{stdout}");
    assert!(
        stdout.contains("Maker moves first from a position where Maker owns 1 cell and Breaker 1;"),
        "{stdout}"
    );
    let doc = common::schema::assert_valid_text(&output_text(&run(&["solve", o, "--json"])).0);
    assert_eq!(
        doc["start"],
        serde_json::json!({ "maker": ["0,1"], "breaker": ["1,0"] })
    );
    let checked = run(&["verify", "--strategy", o, cert.to_str().unwrap()]);
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{}",
        output_text(&checked).0
    );
    // The certificate is for the position, not for the game's empty start.
    let other = run(&["verify", "--strategy", s, cert.to_str().unwrap()]);
    assert_ne!(other.status.code(), Some(0));

    let refused = dir.join("refused.game");
    let r = refused.to_str().unwrap();
    for (moves, message) in [
        ("0,1 0,1", "--moves: move 2: cell 0,1 is taken already"),
        ("0,1 9,9", "--moves: move 2: found \"9,9\""),
    ] {
        let bad = run(&["game", "after", s, "--moves", moves, "--out", r]);
        let (_, stderr, code) = output_text(&bad);
        assert_eq!(code, 2, "{moves}");
        assert!(stderr.contains(message), "{stderr}");
        assert!(!refused.exists());
    }
    let bad = run(&[
        "game", "after", s, "--moves", "0,1", "--name", "a b", "--out", r,
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let bad = run(&["game", "after", s, "--moves", " ", "--out", r]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(!refused.exists());

    // Labels may begin with a minus sign: the moves are read as a value, not options,
    // and the command the file names writes it again.
    let neg = dir.join("neg.game");
    std::fs::write(
        &neg,
        "first maker\ncells -1,0 0,0 1,0\nset -1,0 0,0\nset 0,0 1,0\n",
    )
    .unwrap();
    let n = neg.to_str().unwrap();
    let w = run(&["game", "after", n, "--moves", "-1,0 0,0"]);
    let (text, stderr, code) = output_text(&w);
    assert_eq!(code, 0, "{stderr}");
    assert!(text.contains("maker -1,0\nbreaker 0,0\n"), "{text}");
    assert_eq!(output_text(&rerun(&text)).0, text);
}

#[test]
fn generators_write_where_told_and_refuse_bad_arguments() {
    let dir = temp_dir("games-files");
    let out = dir.join("strip.game");
    let o = out.to_str().unwrap();
    let written = run(&["game", "strip4", "--n", "12", "--out", o]);
    assert_eq!(written.status.code(), Some(0));
    assert!(written.stdout.is_empty());
    let on_stdout = run(&["game", "strip4", "--n", "12"]);
    assert_eq!(std::fs::read(&out).unwrap(), on_stdout.stdout);
    let g = file::read(&out).unwrap();
    assert_eq!(g, generate::strip_dissertation(12).unwrap());

    let breaker = run(&[
        "game",
        "rectangle",
        "--width",
        "3",
        "--height",
        "3",
        "--k",
        "3",
        "--first",
        "breaker",
    ]);
    let g = file::parse(&output_text(&breaker).0).unwrap();
    assert_eq!(g.first, amoba::game::Side::Breaker);
    let knight = run(&[
        "game",
        "rectangle",
        "--width",
        "3",
        "--height",
        "3",
        "--k",
        "2",
        "--directions",
        "1,2 2,1",
    ]);
    let (text, _, code) = output_text(&knight);
    assert_eq!(code, 0);
    assert!(text.contains(
        "# written by: amoba game rectangle --width 3 --height 3 --k 2 --directions '1,2 2,1'\n"
    ));
    assert_eq!(file::parse(&text).unwrap().sets.len(), 4);

    let bad: &[(&[&str], &str)] = &[
        (&["strip4", "--n", "6"], "--n: found 6"),
        (&["strip4", "--n", "36"], "--n: found 36"),
        (&["strip7tr", "--n", "6"], "--n: found 6"),
        (
            &["rectangle", "--width", "0", "--height", "3", "--k", "3"],
            "--width: found 0",
        ),
        (
            &["rectangle", "--width", "12", "--height", "11", "--k", "3"],
            "--width: a 12×11 board",
        ),
        (
            &["rectangle", "--width", "3", "--height", "3", "--k", "0"],
            "--k: found 0",
        ),
        (
            &[
                "rectangle",
                "--width",
                "3",
                "--height",
                "3",
                "--k",
                "3",
                "--directions",
                "2,0",
            ],
            "--directions: direction (2,0) is not primitive",
        ),
        (
            &[
                "rectangle",
                "--width",
                "3",
                "--height",
                "3",
                "--k",
                "3",
                "--directions",
                "1,0,0",
            ],
            "--directions: found \"1,0,0\"",
        ),
        (
            &[
                "rectangle",
                "--width",
                "3",
                "--height",
                "3",
                "--k",
                "3",
                "--directions",
                "x",
            ],
            "--directions: found \"x\"",
        ),
        (
            &[
                "rectangle",
                "--width",
                "3",
                "--height",
                "3",
                "--k",
                "3",
                "--name",
                "a b",
            ],
            "--name: found \"a b\"",
        ),
        (
            &["torus", "--board", "cube7"],
            "--board: board cube7 has 216 cells",
        ),
        (&["torus", "--board", "nosuchboard"], "--board:"),
    ];
    for (args, message) in bad {
        let _ = std::fs::remove_file(&out);
        let mut all: Vec<&str> = vec!["game"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--out", o]);
        let (stdout, stderr, code) = output_text(&run(&all));
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}");
        assert!(!out.exists(), "{args:?} wrote its file");
    }
}

/// A text FORMATS.md rejects: a name, its bytes, the line and column of the error and
/// a word of its message.
type Rejected = (String, Vec<u8>, (usize, usize), &'static str);

/// The texts FORMATS.md rejects.
fn rejected() -> Vec<Rejected> {
    let case =
        |name: &str, text: &str, at, what| (name.to_string(), text.as_bytes().to_vec(), at, what);
    let labels: Vec<String> = (0..129).map(|i| format!("c{i}")).collect();
    let many_cells = format!("first maker\ncells {}\n", labels.join(" "));
    let mut many_sets = format!("first maker\ncells {}\n", labels[..17].join(" "));
    for m in 0..=65_536u32 {
        many_sets.push_str("set c16");
        for b in 0..16 {
            if m >> b & 1 == 1 {
                many_sets.push_str(&format!(" c{b}"));
            }
        }
        many_sets.push('\n');
    }
    many_sets.push_str("set c0\n");
    let long_line = format!("first maker\n#{}\n", "x".repeat(1 << 20));
    let mut v = vec![
        case(
            "unknown",
            "first maker\nplay 1\n",
            (2, 1),
            "expected a statement",
        ),
        case("no-first", "cells a\nset a\n", (1, 1), "no `first`"),
        case(
            "two-firsts",
            "first maker\nfirst maker\n",
            (2, 1),
            "second `first`",
        ),
        case("side", "first white\n", (1, 7), "expected maker or breaker"),
        case(
            "two-games",
            "game a\ngame a\nfirst maker\n",
            (2, 1),
            "second `game`",
        ),
        case(
            "long-label",
            &format!("first maker\ncells {}\n", "a".repeat(33)),
            (2, 7),
            "at most 32",
        ),
        case(
            "bad-char",
            "first maker\ncells a b;c\n",
            (2, 10),
            "character ';'",
        ),
        case(
            "declared-twice",
            "first maker\ncells a b\ncells b\n",
            (3, 7),
            "declared at line 2",
        ),
        case(
            "undeclared",
            "first maker\ncells a\nset a b\n",
            (3, 7),
            "no `cells` line declares",
        ),
        case(
            "used-before",
            "first maker\nmaker a\ncells a\n",
            (2, 7),
            "no `cells` line declares",
        ),
        case(
            "empty-set",
            "first maker\ncells a\nset\n",
            (3, 4),
            "not empty",
        ),
        case(
            "cell-twice",
            "first maker\ncells a b\nset b a b\n",
            (3, 9),
            "twice in one set",
        ),
        case(
            "owned-by-both",
            "first maker\ncells a b\nmaker a\nbreaker a\n",
            (4, 9),
            "owned twice",
        ),
        case(
            "owned-twice",
            "first maker\ncells a b\nmaker b a b\n",
            (3, 11),
            "owned twice",
        ),
        case(
            "cells",
            &many_cells,
            (
                2,
                7 + labels[..128].iter().map(|l| l.len() + 1).sum::<usize>(),
            ),
            "at most 128 cells",
        ),
        case("sets", &many_sets, (3 + 65_537, 1), "at most 65536"),
        case("long-line", &long_line, (2, 1), "1 MiB"),
    ];
    v.push((
        "non-utf8".into(),
        b"first maker\ncells a \xe9\n".to_vec(),
        (2, 9),
        "UTF-8",
    ));
    v
}

#[test]
fn every_rejection_exits_2_at_its_line_and_column() {
    let dir = temp_dir("games-rejected");
    for (name, bytes, (line, column), what) in rejected() {
        let path = dir.join(format!("{name}.game"));
        std::fs::write(&path, &bytes).unwrap();
        let (stdout, stderr, code) = output_text(&run(&["game", "info", path.to_str().unwrap()]));
        assert_eq!(code, 2, "{name}: {stderr}");
        let want = format!("{}:{line}:{column}: ", path.display());
        assert!(
            stderr.contains(&want),
            "{name}: expected {want}, found {stderr}"
        );
        assert!(stderr.contains(what), "{name}: {stderr}");
        assert!(stdout.is_empty(), "{name}");
        // The same through the library.
        let e = file::parse_bytes(&bytes).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{name}");
    }
    // A file over 16 MiB is refused from its size, before it is read.
    let big = dir.join("big.game");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len((16 << 20) + 1).unwrap();
    let (stdout, stderr, code) = output_text(&run(&["game", "info", big.to_str().unwrap()]));
    assert_eq!(code, 2);
    assert!(
        stderr.contains(&format!("{}:1:1: ", big.display())),
        "{stderr}"
    );
    assert!(stderr.contains("16 MiB"), "{stderr}");
    assert!(stdout.is_empty());
}

#[test]
fn info_reads_standard_input_and_lenient_files() {
    let text = "\u{feff}# a game written by hand\r\n\tgame hand\r\ncells 0,0 1,0 2,0\nset 1,0 0,0 # first\n\
                set 0,0 1,0\nset 2,0 1,0\nfirst breaker\nmaker 2,0\n";
    let mut child = amoba()
        .args(["game", "info", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let (stdout, stderr, code) = output_text(&child.wait_with_output().unwrap());
    assert_eq!(code, 0, "{stderr}");
    let doc = common::schema::assert_valid_text(&stdout);
    assert_eq!(doc["file"], "<stdin>");
    assert_eq!(doc["sets"], 2);
    assert_eq!(doc["first"], "breaker");
    assert_eq!(doc["start"]["maker"][0], "2,0");
    assert_eq!(doc["blocking_power"]["text"], "2k − 2");
    assert_eq!(doc["counting_bound"]["num"], 7);
    let sha = amoba::core::provenance::sha256_of(|w| w.write_all(text.as_bytes())).unwrap();
    assert_eq!(doc["file_sha256"], sha);
}

#[test]
fn help_and_manual_page_show_the_game_command() {
    let out = run(&["game", "--help"]);
    let (help, _, code) = output_text(&out);
    assert_eq!(code, 0);
    assert!(help.contains("Example"), "{help}");
    for sub in ["strip4", "strip7tr", "rectangle", "torus", "info"] {
        assert!(help.contains(&format!("amoba game {sub}")), "{sub}: {help}");
        let (help, _, code) = output_text(&run(&["game", sub, "--help"]));
        assert_eq!(code, 0, "{sub}");
        assert!(help.contains("--out") || sub == "info", "{sub}: {help}");
    }
    let (page, _, code) = output_text(&run(&["man", "game"]));
    assert_eq!(code, 0);
    assert!(page.contains(".TH amoba-game 1"), "{page}");
}
