//! A game's search split over shards and merged (`amoba solve --shard`, `--merge`):
//! the merged verdict against a plain minimax that shares no code with the solver
//! (tests/independent/minimax.rs), every merged certificate replayed by the
//! independent checker (`amoba::check`), the refusals of a missing, repeated or
//! foreign part, a shard resumed from what it saved, one that stops because its part
//! file cannot be saved, and certificates joined across a move (`amoba game join`).

mod common;
use common::{amoba, run, temp_dir};
mod independent;

use amoba::check::{Verdict, check_strategy};
use amoba::game::shard::{Frontier, Part, PartRequest, merge, read_part, solve_part};
use amoba::game::{Side, file};
use common::schema::assert_valid_text;
use independent::minimax::{self, Hypergraph};
use std::path::Path;

/// Splits `text` at `depth` into `count` shards, solves and merges them in the
/// library (each part written and read back); returns the merged winner after checking
/// the merged certificate, and the merge's moves at the root (each a label and its
/// winner, every one decided).
fn split_and_merge(text: &str, depth: usize, count: usize) -> (Side, Vec<(String, Side)>) {
    let game = file::parse(text).unwrap();
    let sha = amoba::core::provenance::sha256_of(|w| w.write_all(text.as_bytes())).unwrap();
    let f = Frontier::new(&game, depth).unwrap();
    let request = PartRequest {
        memory: 1 << 20,
        node_limit: None,
        stop: &[],
        narrow: None,
        progress: None,
    };
    let mut parts = Vec::new();
    for i in 0..count {
        let todo: Vec<usize> = f.shard(i, count).collect();
        let part = Part {
            game_sha256: sha.clone(),
            depth,
            fingerprint: f.fingerprint.clone(),
            shard: i,
            count,
            solved: solve_part(&game, &f, &todo, &request, &|_| {}).unwrap(),
        };
        let mut out = Vec::new();
        part.write(&game, &mut out).unwrap();
        let back = read_part(&game, std::str::from_utf8(&out).unwrap()).unwrap();
        assert_eq!(back, part);
        parts.push((format!("part {i}"), back));
    }
    let m = merge(&f, &sha, &parts, true).unwrap();
    assert_eq!(m.decided, m.positions);
    let winner = m.winner.expect("every position decided settles the root");
    let moves = m
        .moves
        .iter()
        .map(|r| {
            assert_eq!(r.open, 0, "a decided move has nothing open below it");
            assert!(r.open_lines.is_empty());
            let w = r.winner.expect("every position decided settles every move");
            (game.labels[r.cell as usize].clone(), w)
        })
        .collect();
    let mut cert = Vec::new();
    m.certificate
        .unwrap()
        .write(&game, &sha, &mut cert)
        .unwrap();
    match check_strategy(text.as_bytes(), &cert[..]).unwrap() {
        Verdict::Proof { winner: w, .. } => assert_eq!(w.word(), winner.word()),
        other => panic!(
            "merged certificate refused: {other:?}\n{text}\n{}",
            String::from_utf8_lossy(&cert)
        ),
    }
    (winner, moves)
}

#[test]
fn split_searches_agree_with_plain_minimax_and_merged_certificates_check() {
    let mut listed = 0;
    for seed in 0..120u64 {
        let ncells = 5 + (seed % 9) as usize;
        let nsets = 2 + (seed % 11) as usize;
        let h = Hypergraph::random(5000 + seed, ncells, nsets, seed % 2 == 0);
        let text = h.to_game_text();
        let want = match h.winner() {
            minimax::Side::Maker => Side::Maker,
            minimax::Side::Breaker => Side::Breaker,
        };
        let depth = (seed % 4) as usize;
        let count = 1 + (seed % 3) as usize;
        let (winner, moves) = split_and_merge(&text, depth, count);
        assert_eq!(
            winner, want,
            "seed {seed}, depth {depth}, {count} shards\n{text}"
        );
        // Each move the merge lists at the root has the minimax's value.
        let values = h.move_values();
        for (label, w) in &moves {
            let (_, v) = values
                .iter()
                .find(|(c, _)| &minimax::label(*c) == label)
                .unwrap();
            assert_eq!(w.word(), v.word(), "seed {seed}: after {label}\n{text}");
        }
        listed += moves.len();
    }
    assert!(listed > 200, "{listed} moves at the root compared");
}

/// Runs `solve GAME --shard I/N --split-depth D --out-dir DIR` and returns (stdout,
/// stderr, exit code).
fn shard(
    game: &Path,
    i: usize,
    n: usize,
    depth: usize,
    dir: &Path,
    extra: &[&str],
) -> (String, String, i32) {
    let shard = format!("{i}/{n}");
    let depth = depth.to_string();
    run(amoba()
        .arg("solve")
        .arg(game)
        .args([
            "--shard",
            &shard,
            "--split-depth",
            &depth,
            "--json",
            "--progress",
            "none",
        ])
        .arg("--out-dir")
        .arg(dir)
        .args(extra))
}

fn part_path(dir: &Path, stem: &str, i: usize, n: usize) -> std::path::PathBuf {
    dir.join(format!("parts/solve-{stem}.part-{i}-of-{n}.txt"))
}

#[test]
fn shards_on_the_command_line_merge_into_a_checked_certificate() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/games");
    for (stem, winner) in [("strip7tr-7", "maker"), ("square4-k4", "breaker")] {
        let dir = temp_dir(&format!("parts-{stem}"));
        let game = data.join(format!("{stem}.game"));
        let mut parts = Vec::new();
        for i in 0..3 {
            let (out, err, code) = shard(&game, i, 3, 2, &dir, &[]);
            assert_eq!(code, 0, "{err}");
            let doc = assert_valid_text(&out);
            assert_eq!(doc["shard"], i);
            assert_eq!(doc["decided"], doc["positions"]);
            parts.push(part_path(&dir, stem, i, 3));
        }
        let cert = dir.join("merged.txt");
        let (out, err, code) = run(amoba()
            .args(["solve", "--json", "--certificate"])
            .arg(&cert)
            .arg(&game)
            .arg("--merge")
            .args(&parts));
        assert_eq!(code, 0, "{err}");
        let doc = assert_valid_text(&out);
        assert_eq!(doc["winner"], winner, "{stem}");
        assert_eq!(doc["shard"], serde_json::Value::Null);
        // The plain search agrees, and the checker accepts the merged strategy.
        let (plain, _, _) = run(amoba().args(["solve", "--json"]).arg(&game));
        assert_eq!(assert_valid_text(&plain)["winner"], winner, "{stem}");
        let (out, err, code) = run(amoba().args(["verify", "--strategy"]).arg(&game).arg(&cert));
        assert_eq!(code, 0, "{stem}: {out}{err}");

        // A missing, a repeated and a foreign part are refused, naming the problem.
        let (_, err, code) = run(amoba()
            .arg("solve")
            .arg(&game)
            .arg("--merge")
            .args(&parts[..2]));
        assert_eq!(code, 2);
        assert!(err.contains("missing part: shard 2 of 3"), "{err}");
        let (_, err, code) = run(amoba()
            .arg("solve")
            .arg(&game)
            .arg("--merge")
            .args([&parts[0], &parts[1], &parts[1]]));
        assert_eq!(code, 2);
        assert!(err.contains("are both shard 1/3"), "{err}");
        let other = dir.join("other");
        let (_, err, code) = shard(&game, 2, 3, 1, &other, &[]);
        assert_eq!(code, 0, "{err}");
        let (_, err, code) = run(amoba()
            .arg("solve")
            .arg(&game)
            .arg("--merge")
            .args([&parts[0], &parts[1]])
            .arg(part_path(&other, stem, 2, 3)));
        assert_eq!(code, 2);
        assert!(err.contains("split at depth 1, not 2"), "{err}");
        let elsewhere = data.join("tictactoe.game");
        let (_, err, code) = run(amoba()
            .arg("solve")
            .arg(&elsewhere)
            .arg("--merge")
            .args(&parts));
        assert_eq!(code, 2);
        assert!(
            err.contains("the game has no cell") || err.contains("a part of another game"),
            "{err}"
        );
    }
}

/// A merge of parts that leave positions undecided still gives each move at the root:
/// its winner where the decided positions settle it, else the undecided positions below
/// it that could change it; once the shard has been run again without a limit, every
/// move has the winner that `solve --moves` gives it.
#[test]
fn a_merge_gives_each_move_at_the_root_and_what_is_open_below_it() {
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/games/strip7tr-7.game");
    let dir = temp_dir("parts-open-moves");
    let part = part_path(&dir, "strip7tr-7", 0, 1);
    let merged = || {
        let (out, err, code) = run(amoba()
            .args(["solve", "--json"])
            .arg(&game)
            .arg("--merge")
            .arg(&part));
        (assert_valid_text(&out), err, code)
    };
    let (_, err, code) = shard(&game, 0, 1, 2, &dir, &["--node-limit", "3"]);
    assert_eq!(code, 1, "{err}");
    let (doc, err, code) = merged();
    assert_eq!(code, 1, "{err}");
    let undecided = doc["positions"].as_u64().unwrap() - doc["decided"].as_u64().unwrap();
    let moves = doc["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 28, "every cell of the empty board is a move");
    let mut open_moves = 0;
    for m in moves {
        let open = m["open"].as_u64().unwrap();
        let lines = m["open_lines"].as_array().unwrap();
        assert_eq!(lines.len() as u64, open.min(100), "{m}");
        for line in lines {
            // The moves from the root, this one first, at most the split depth of them.
            let labels: Vec<&str> = line.as_str().unwrap().split(' ').collect();
            assert!(labels[0] == m["cell"] && labels.len() <= 2, "{m}");
        }
        if m["winner"].is_null() {
            assert!(open >= 1 && open <= undecided, "{m}");
            open_moves += 1;
        } else {
            assert_eq!(open, 0, "{m}");
        }
    }
    assert!(open_moves > 0 && undecided > 0, "{doc}");
    let (text, _, _) = run(amoba().arg("solve").arg(&game).arg("--merge").arg(&part));
    assert!(
        text.contains("not decided, ") && text.contains(" below it open"),
        "{text}"
    );
    // Where a move has at most three open positions, the text names their lines.
    for m in moves
        .iter()
        .filter(|m| (1..=3).contains(&m["open"].as_u64().unwrap()))
    {
        let lines: Vec<&str> = m["open_lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        let want = format!(" below it open: {}\n", lines.join("; "));
        assert!(text.contains(&want), "{want}\n{text}");
    }

    let (_, err, code) = shard(&game, 0, 1, 2, &dir, &[]);
    assert_eq!(code, 0, "{err}");
    let (doc, err, code) = merged();
    assert_eq!(code, 0, "{err}");
    let (table, _, _) = run(amoba()
        .args([
            "solve",
            "--json",
            "--moves",
            "--node-limit",
            "1",
            "--move-node-limit",
            "1000000",
        ])
        .arg(&game));
    let table = assert_valid_text(&table);
    for m in doc["moves"].as_array().unwrap() {
        assert_eq!(m["open"], 0, "{m}");
        assert_eq!(m["open_lines"], serde_json::json!([]), "{m}");
        let want = table["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["cell"] == m["cell"])
            .unwrap();
        assert_eq!(m["winner"], want["winner"], "{m}");
    }
}

/// SIGTERM, as a batch system sends at a job's time limit: the shard stops its
/// searches, saves the positions decided (and none it cut short), prints its document
/// and then ends by the signal.
#[cfg(unix)]
#[test]
fn a_terminated_shard_saves_what_it_decided_and_ends_by_the_signal() {
    use std::os::unix::process::ExitStatusExt;
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/games/strip7tr-13.game");
    let dir = temp_dir("parts-term");
    // Decided positions are saved as they come; wait until some are.
    let some_decided = |out: &str| {
        serde_json::from_str::<serde_json::Value>(out)
            .is_ok_and(|d| d["decided"].as_u64().is_some_and(|n| n > 0))
    };
    let (status, out, err, took) = common::interrupted_when(
        || {
            let _ = std::fs::remove_dir_all(&dir);
            let mut c = amoba();
            c.arg("solve")
                .arg(&game)
                .args(["--shard", "0/1", "--split-depth", "3", "--json"])
                .args(["--progress", "none", "--threads", "1", "--memory", "16"])
                .arg("--out-dir")
                .arg(&dir);
            c
        },
        "TERM",
        some_decided,
    );
    assert_eq!(status.signal(), Some(15), "{status:?} {err}");
    assert!(took.as_secs() < 10, "{took:?} to stop");
    let doc = assert_valid_text(&out);
    let decided = doc["decided"].as_u64().unwrap();
    assert!(
        decided > 0 && decided < doc["positions"].as_u64().unwrap(),
        "{out}"
    );
    let g = file::load(&game).unwrap().game;
    let part = amoba::game::shard::load_part(&g, &part_path(&dir, "strip7tr-13", 0, 1)).unwrap();
    assert_eq!(part.solved.len() as u64, decided);
    assert!(part.solved.iter().all(|s| s.winner.is_some()));
}

#[test]
fn a_shard_resumes_from_what_it_saved() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/games");
    let game = data.join("strip4-8.game");
    let dir = temp_dir("parts-resume");
    // Within 300 nodes a position some positions are left undecided: exit 1.
    let (out, err, code) = shard(&game, 0, 4, 2, &dir, &["--node-limit", "300"]);
    assert_eq!(code, 1, "{err}");
    let first = assert_valid_text(&out);
    let decided = first["decided"].as_u64().unwrap();
    assert!(
        decided > 0 && decided < first["positions"].as_u64().unwrap(),
        "{out}"
    );
    // Again with the same limit: nothing is searched again.
    let (out, _, code) = shard(&game, 0, 4, 2, &dir, &["--node-limit", "300"]);
    assert_eq!(code, 1);
    let again = assert_valid_text(&out);
    assert_eq!(again["resumed"], first["positions"]);
    assert_eq!(again["nodes"], first["nodes"]);
    // Without the limit, stopped (as by a job's time limit) once it has saved more:
    // the rerun keeps what was saved and searches only the rest.
    let path = part_path(&dir, "strip4-8", 0, 4);
    let saved = std::fs::metadata(&path).unwrap().modified().unwrap();
    let mut child = amoba()
        .arg("solve")
        .arg(&game)
        .args([
            "--shard",
            "0/4",
            "--split-depth",
            "2",
            "--progress",
            "none",
            "--threads",
            "1",
        ])
        .arg("--out-dir")
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let began = std::time::Instant::now();
    while std::fs::metadata(&path).unwrap().modified().unwrap() == saved {
        assert!(began.elapsed().as_secs() < 60, "no save within a minute");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    let finished = child.wait().unwrap().success();
    let (out, err, code) = shard(&game, 0, 4, 2, &dir, &[]);
    assert_eq!(code, 0, "{err}");
    let last = assert_valid_text(&out);
    let resumed = last["resumed"].as_u64().unwrap();
    assert!(
        finished || resumed > decided,
        "{resumed} kept, {decided} before"
    );
    assert_eq!(last["decided"], last["positions"]);
    // The nodes are those of one run without a stop.
    let fresh = temp_dir("parts-resume-fresh");
    let (out, _, _) = shard(&game, 0, 4, 2, &fresh, &[]);
    assert_eq!(assert_valid_text(&out)["nodes"], last["nodes"]);
    // The same file asked for by a split at another depth is refused, not overwritten.
    let before = std::fs::read(&path).unwrap();
    let (_, err, code) = shard(&game, 0, 4, 1, &dir, &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("a part of another run (split at depth 2, not 1)"),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // A damaged part names its line and column.
    std::fs::write(&path, "amoba-game-part 1\ngame xyz\n").unwrap();
    let (_, err, code) = shard(&game, 0, 4, 2, &dir, &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains(":2:6: expected 64 lowercase hexadecimal digits"),
        "{err}"
    );
}

/// A shard searched with `--narrow` saves the narrowed player's wins only; the
/// positions it leaves undecided are searched again by a rerun without it.
#[test]
fn a_narrowed_shard_saves_only_the_narrowed_players_wins() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/games");
    let game = data.join("strip7tr-9.game");
    let dir = temp_dir("parts-narrow");
    let (out, err, code) = shard(&game, 0, 1, 1, &dir, &["--narrow", "maker:1"]);
    assert_eq!(code, 1, "{err}");
    let narrowed = assert_valid_text(&out);
    let decided = narrowed["decided"].as_u64().unwrap();
    assert!(decided < narrowed["positions"].as_u64().unwrap(), "{out}");
    let part = std::fs::read_to_string(part_path(&dir, "strip7tr-9", 0, 1)).unwrap();
    let verdicts: Vec<&str> = part
        .lines()
        .filter(|l| l.starts_with("position "))
        .map(|l| l.split(' ').nth(2).unwrap())
        .collect();
    assert!(verdicts.iter().all(|&v| v != "breaker"), "{part}");
    assert_eq!(
        verdicts.iter().filter(|&&v| v == "maker").count() as u64,
        decided
    );
    let (out, err, code) = shard(&game, 0, 1, 1, &dir, &[]);
    assert_eq!(code, 0, "{err}");
    let whole = assert_valid_text(&out);
    assert_eq!(whole["resumed"].as_u64().unwrap(), decided, "{out}");
    assert_eq!(whole["decided"], whole["positions"]);
}

#[test]
fn a_shard_whose_part_cannot_be_saved_stops_its_searches() {
    use amoba::game::job::{Job, JobError};
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/games/strip7tr-11.game");
    let loaded = file::load(&game).unwrap();
    let f = Frontier::new(&loaded.game, 2).unwrap();
    // A directory where the part file should be: every save fails.
    let dir = temp_dir("parts-unsaved");
    let job = Job {
        path: dir.to_path_buf(),
        index: 0,
        count: 1,
        mine: f.shard(0, 1).collect(),
        kept: Default::default(),
    };
    // Each of the 952 positions ends within 20,000 nodes: all of them take about two
    // minutes on one thread.
    let request = PartRequest {
        memory: 1 << 24,
        node_limit: Some(20_000),
        stop: &[],
        narrow: None,
        progress: None,
    };
    let decided = std::sync::atomic::AtomicU64::new(0);
    let count = |done, _| decided.store(done, std::sync::atomic::Ordering::Relaxed);
    let began = std::time::Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let out = pool.install(|| job.run(&loaded, &f, &request, &count));
    let took = began.elapsed();
    let e = out.unwrap_err();
    assert!(
        matches!(
            e,
            JobError::Unsaved {
                saved_at_end: false,
                ..
            }
        ),
        "{e:?}"
    );
    let shown = format!("{:#}", anyhow::Error::from(e));
    assert!(
        shown.contains("searches stopped") && shown.contains("parts-unsaved"),
        "{shown}"
    );
    // Stopped after the second failed save, seconds in, far from the shard's end.
    let decided = decided.into_inner() as usize;
    assert!(decided > 0 && decided < job.mine.len(), "{decided}");
    assert!(took.as_secs() < 30, "{took:?}");
    assert!(dir.is_dir());
}

/// `amoba game join`: the certificates of the games after one move each, put together
/// into the certificate of the position before it — after the loser's moves (every
/// reply of Breaker's to tic-tac-toe's centre), after the winner's move (the centre
/// itself), from a merged split (a corner of (4, 7, 7^tr)) — each replayed by
/// `amoba verify --strategy`; pieces that do not answer every move make no proof, and
/// pieces that cannot be joined are refused with exit 2, nothing written.
#[test]
fn certificates_join_across_moves_into_checked_certificates() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/games");
    let dir = temp_dir("join");
    let d = dir.path();
    let p = |name: &str| d.join(name);
    let ok = |cmd: &mut std::process::Command| {
        let (out, err, code) = run(cmd);
        assert_eq!(code, 0, "{out}{err}");
        err
    };
    let proof = |game: &Path, cert: &Path| {
        let (out, err, code) = run(amoba().args(["verify", "--strategy"]).arg(game).arg(cert));
        assert_eq!(code, 0, "{out}{err}");
        out
    };
    let tictactoe = data.join("tictactoe.game");
    ok(amoba()
        .args(["game", "after"])
        .arg(&tictactoe)
        .args(["--moves", "1,1", "--out"])
        .arg(p("centre.game")));
    ok(amoba()
        .arg("solve")
        .arg(p("centre.game"))
        .args(["--moves", "--move-certificates"])
        .arg(p("replies")));
    let err = ok(amoba()
        .args(["game", "join"])
        .arg(p("centre.game"))
        .arg("--dir")
        .arg(p("replies"))
        .arg("--out")
        .arg(p("centre.strategy")));
    assert!(
        err.contains("joined 8 certificates at Breaker's moves"),
        "{err}"
    );
    assert!(proof(&p("centre.game"), &p("centre.strategy")).contains("Maker: a proof"));
    ok(amoba()
        .args(["game", "join"])
        .arg(&tictactoe)
        .arg("--after")
        .arg(p("centre.game"))
        .arg(p("centre.strategy"))
        .arg("--out")
        .arg(p("tictactoe.strategy")));
    assert!(proof(&tictactoe, &p("tictactoe.strategy")).contains("opens, Maker first: 1,1"));

    // A split and merged search joined at the move before it.
    let strip = data.join("strip7tr-7.game");
    ok(amoba()
        .args(["game", "after"])
        .arg(&strip)
        .args(["--moves", "0,1", "--out"])
        .arg(p("corner.game")));
    ok(amoba()
        .arg("solve")
        .arg(p("corner.game"))
        .args(["--shard", "0/1", "--split-depth", "1", "--out-dir"])
        .arg(p("parts")));
    ok(amoba()
        .arg("solve")
        .arg(p("corner.game"))
        .arg("--certificate")
        .arg(p("corner.strategy"))
        .arg("--merge")
        .arg(part_path(&p("parts"), "corner", 0, 1)));
    ok(amoba()
        .args(["game", "join"])
        .arg(&strip)
        .arg("--after")
        .arg(p("corner.game"))
        .arg(p("corner.strategy"))
        .arg("--out")
        .arg(p("strip.strategy")));
    assert!(proof(&strip, &p("strip.strategy")).contains("opens, Maker first: 0,1"));

    // Breaker's refutations of six of Maker's seven moves are no proof: the seventh,
    // 1, is Maker's win and has no piece.
    let seven = data.join("seven.game");
    ok(amoba()
        .arg("solve")
        .arg(&seven)
        .args(["--moves", "--move-certificates"])
        .arg(p("seven")));
    let piece = |m: &str| {
        [
            p(&format!("seven/after-{m}.game")),
            p(&format!("seven/after-{m}.strategy")),
        ]
    };
    let mut six = amoba();
    six.args(["game", "join"]).arg(&seven);
    for m in ["2", "3", "4", "5", "6", "7"] {
        six.arg("--after").args(piece(m));
    }
    ok(six.arg("--out").arg(p("six.strategy")));
    let (out, _, code) = run(amoba()
        .args(["verify", "--strategy"])
        .arg(&seven)
        .arg(p("six.strategy")));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("Maker's move at 1 is not answered"), "{out}");

    // Refused, each with its reason, and nothing written.
    let refused = |args: &mut dyn FnMut(&mut std::process::Command), why: &str| {
        let out = p("refused.strategy");
        let mut cmd = amoba();
        cmd.args(["game", "join"]);
        args(&mut cmd);
        let (_, err, code) = run(cmd.arg("--out").arg(&out));
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(why), "expected {why:?} in {err}");
        assert!(!out.exists());
    };
    refused(
        &mut |c| {
            c.arg(&seven).arg("--dir").arg(p("seven"));
        },
        "a strategy for Breaker, but",
    );
    refused(
        &mut |c| {
            c.arg(&seven)
                .arg("--after")
                .args(piece("1"))
                .arg("--after")
                .args(piece("2"));
        },
        "a strategy for Breaker, but",
    );
    refused(
        &mut |c| {
            c.arg(&seven)
                .arg("--after")
                .arg(p("seven/after-2.game"))
                .arg(p("seven/after-1.strategy"));
        },
        "the certificate is for the game file with digest",
    );
    refused(
        &mut |c| {
            c.arg(&seven)
                .arg("--after")
                .args(piece("2"))
                .arg("--after")
                .args(piece("2"));
        },
        "the move 2 is joined already",
    );
    refused(
        &mut |c| {
            c.arg(&tictactoe).arg("--after").args(piece("1"));
        },
        "not the game after one of Maker's moves",
    );
    refused(
        &mut |c| {
            c.arg(&tictactoe)
                .arg("--after")
                .arg(p("centre.game"))
                .arg(p("centre.strategy"))
                .arg("--after")
                .arg(p("corner.game"))
                .arg(p("corner.strategy"));
        },
        "not the game after one of Maker's moves",
    );
    std::fs::create_dir(p("empty")).unwrap();
    refused(
        &mut |c| {
            c.arg(&seven).arg("--dir").arg(p("empty"));
        },
        "holds no after-LABEL.strategy file",
    );
    std::fs::write(p("bad.strategy"), "amoba-strategy 1\nnode 0 move 9 1\n").unwrap();
    refused(
        &mut |c| {
            c.arg(&seven)
                .arg("--after")
                .arg(p("seven/after-1.game"))
                .arg(p("bad.strategy"));
        },
        "bad.strategy:2:",
    );
    let wide = format!("amoba-strategy 1\nnode 0 reply{}\n", " 2 0".repeat(8));
    std::fs::write(p("wide.strategy"), wide).unwrap();
    refused(
        &mut |c| {
            c.arg(&seven)
                .arg("--after")
                .arg(p("seven/after-1.game"))
                .arg(p("wide.strategy"));
        },
        "a reply of 8 entries, more than the game's 7 cells",
    );
    refused(
        &mut |c| {
            c.arg("-")
                .arg("--after")
                .arg(p("seven/after-1.game"))
                .arg("-");
        },
        "is given 2 times",
    );
    let won = p("won.game");
    std::fs::write(
        &won,
        "first breaker\ncells a b c\nset a b\nset b c\nmaker a b\n",
    )
    .unwrap();
    refused(
        &mut |c| {
            c.arg(&won).arg("--after").args(piece("1"));
        },
        "the game is over at its start",
    );
}
