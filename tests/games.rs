//! The Maker–Breaker solver against a plain minimax that shares no code with it
//! (tests/independent/minimax.rs), every certificate it writes replayed by the
//! independent checker (`amoba::check`), and `amoba solve` on the command line.

mod common;
use common::amoba;
mod independent;

use amoba::check::{Verdict, check_strategy};
use amoba::game::decide::{Request, after_move_file, decide, decide_reporting};
use amoba::game::solve::{Narrow, Options, Position, Solver};
use amoba::game::{Side, file};
use common::schema::assert_valid_text;
use independent::minimax::{self, Hypergraph};

fn side(s: minimax::Side) -> Side {
    match s {
        minimax::Side::Maker => Side::Maker,
        minimax::Side::Breaker => Side::Breaker,
    }
}

/// Solves `text` with moves and certificates; checks the winner, every first move and
/// the certificates against `h`'s minimax. Returns how many first moves took the
/// winner and the mapped certificate of another ([`agree_with`]).
fn agree(h: &Hypergraph, text: &str, what: &str) -> usize {
    agree_with(h.winner(), h.move_values(), text, what)
}

/// [`agree`], given the minimax's winner and first moves. Every first move's
/// certificate is checked against the game after that move, as `amoba solve
/// --move-certificates` writes it.
fn agree_with(
    winner: minimax::Side,
    moves: Vec<(usize, minimax::Side)>,
    text: &str,
    what: &str,
) -> usize {
    let game = file::parse(text).unwrap();
    // Each first move's strategy, as the search reports it when it ends: once per move.
    let told = std::sync::Mutex::new(std::collections::BTreeMap::new());
    let tell = |cell: usize, c: &amoba::game::certificate::Certificate| {
        let again = told.lock().unwrap().insert(cell, c.clone());
        assert!(again.is_none(), "{what}: move {cell} reported twice");
    };
    let answer = decide_reporting(&game, &WHOLE, None, Some(&tell)).unwrap();
    let want = side(winner);
    assert_eq!(answer.root.winner, Some(want), "{what}: winner\n{text}");
    let first_moves = answer.moves.unwrap();
    let values: Vec<(usize, Side)> = first_moves
        .iter()
        .map(|m| (m.cell, m.outcome.winner.unwrap()))
        .collect();
    let expected: Vec<(usize, Side)> = moves.into_iter().map(|(c, s)| (c, side(s))).collect();
    assert_eq!(values, expected, "{what}: first moves\n{text}");
    let told = told.into_inner().unwrap();
    assert_eq!(told.len(), first_moves.len(), "{what}: moves reported");
    for m in &first_moves {
        assert_eq!(
            told.get(&m.cell),
            m.certificate.as_ref(),
            "{what}: {}",
            m.cell
        );
    }
    let sha = amoba::core::provenance::sha256_of(|w| w.write_all(text.as_bytes())).unwrap();
    let root = answer.certificate.unwrap();
    check_certificate(text.as_bytes(), &game, &sha, &root, want, what);
    check_move_certificates(&game, &first_moves, what);
    first_moves.iter().filter(|m| m.same_as.is_some()).count()
}

/// Everything decided, with every certificate, in a table of a MiB.
const WHOLE: Request<'static> = Request {
    memory: 1 << 20,
    node_limit: None,
    moves: true,
    move_node_limit: None,
    certificate: true,
    move_certificates: true,
    stop: &[],
    narrow: None,
};

/// Each first move's certificate checked against the game after that move, as `amoba
/// solve --move-certificates` writes it; every move must be decided.
fn check_move_certificates(
    game: &amoba::game::Game,
    first_moves: &[amoba::game::decide::MoveValue],
    what: &str,
) {
    for m in first_moves {
        let (after, bytes, sha) = after_move_file(game, "game.txt", m.cell).unwrap();
        let cert = m.certificate.as_ref().expect("every first move is decided");
        let want = m.outcome.winner.unwrap();
        let what = format!("{what}, after {}", m.cell);
        check_certificate(&bytes, &after, &sha, cert, want, &what);
    }
}

/// The independent checker's verdict on `cert` for the game of `bytes` (read as
/// `game`, SHA-256 `sha`): a proof for `want`.
fn check_certificate(
    bytes: &[u8],
    game: &amoba::game::Game,
    sha: &str,
    cert: &amoba::game::certificate::Certificate,
    want: Side,
    what: &str,
) {
    let mut written = Vec::new();
    cert.write(game, sha, &mut written).unwrap();
    match check_strategy(bytes, &written[..]).unwrap() {
        Verdict::Proof { winner, .. } => assert_eq!(winner.word(), want.word(), "{what}"),
        other => panic!(
            "{what}: certificate refused: {other:?}\n{}\n{}",
            String::from_utf8_lossy(bytes),
            String::from_utf8_lossy(&written)
        ),
    }
}

#[test]
fn random_hypergraphs_agree_with_plain_minimax_and_every_certificate_checks() {
    let (mut games, mut joined) = (0, 0);
    for seed in 0..400u64 {
        let ncells = 5 + (seed % 10) as usize;
        let nsets = 2 + (seed % 13) as usize;
        let h = Hypergraph::random(seed, ncells, nsets, seed % 2 == 0);
        let text = h.to_game_text();
        joined += agree(&h, &text, &format!("seed {seed}"));
        games += 1;
    }
    assert_eq!(games, 400);
    // The certificates mapped by an automorphism were checked too.
    assert!(joined > 100, "{joined} joined first moves");
}

/// Games of 15 to 20 cells, Breaker first in two of three: those the plain minimax
/// finishes within 1.5 million positions each (19 of the 36, up to 19 cells, three of
/// them Breaker wins). Most of the others have cells in no set, which the minimax plays
/// through one by one.
#[test]
fn random_hypergraphs_of_up_to_twenty_cells_agree_with_plain_minimax() {
    let (mut finished, mut breaker) = (0, 0);
    for seed in 0..36u64 {
        let ncells = 15 + (seed % 6) as usize;
        let nsets = ncells / 2 + (seed % 7) as usize * 2;
        let h = Hypergraph::random(5000 + seed, ncells, nsets, seed % 3 == 0);
        let Some((winner, moves)) = h.values_within(1_500_000) else {
            continue;
        };
        finished += 1;
        breaker += usize::from(winner == minimax::Side::Breaker);
        agree_with(winner, moves, &h.to_game_text(), &format!("seed {seed}"));
    }
    assert!(
        finished >= 19 && breaker >= 3,
        "{finished} games finished, {breaker} Breaker wins"
    );
}

/// A narrowed search (docs/spec.md §11.20) reports the narrowed player's wins, and the
/// other player's only while no move has been left out: each the plain minimax's
/// winner, with a certificate the checker accepts as a proof. With every move allowed
/// it decides everything.
#[test]
fn narrowed_searches_report_only_the_narrowed_players_wins() {
    let mut found = [0usize; 2];
    for seed in 0..150u64 {
        let ncells = 5 + (seed % 9) as usize;
        let nsets = 2 + (seed % 11) as usize;
        let h = Hypergraph::random(700 + seed, ncells, nsets, seed % 2 == 0);
        let text = h.to_game_text();
        let game = file::parse(&text).unwrap();
        let sha = amoba::core::provenance::sha256_of(|w| w.write_all(text.as_bytes())).unwrap();
        let want = side(h.winner());
        let moves = h.move_values();
        for narrowed in [Side::Maker, Side::Breaker] {
            for k in [1, 2, 128] {
                let narrow = Narrow {
                    side: narrowed,
                    moves: k,
                };
                let what = format!("seed {seed}, --narrow {narrow}");
                let req = Request {
                    narrow: Some(narrow),
                    ..WHOLE
                };
                let answer = decide(&game, &req, None).unwrap();
                match answer.root.winner {
                    Some(w) => {
                        assert_eq!(w, want, "{what}\n{text}");
                        let cert = answer.certificate.as_ref().unwrap();
                        check_certificate(text.as_bytes(), &game, &sha, cert, w, &what);
                        found[usize::from(w == narrowed)] += 1;
                    }
                    None => assert!(k < 128, "{what}: not decided\n{text}"),
                }
                for (m, &(cell, value)) in answer.moves.as_ref().unwrap().iter().zip(&moves) {
                    assert_eq!(m.cell, cell, "{what}");
                    if let Some(w) = m.outcome.winner {
                        assert_eq!(w, side(value), "{what}: after {cell}");
                        let (after, bytes, sha) = after_move_file(&game, "g", cell).unwrap();
                        let cert = m.certificate.as_ref().unwrap();
                        check_certificate(&bytes, &after, &sha, cert, w, &what);
                    } else {
                        assert!(k < 128, "{what}: after {cell} not decided");
                    }
                }
            }
        }
    }
    // Wins of the narrowed player, and of the other where nothing was cut.
    assert!(found[0] > 50 && found[1] > 50, "{found:?}");
}

/// The zone of every position the solver proves won for Maker (the start and each
/// first move): Maker still wins, by the plain minimax, with only the winning sets
/// inside the zone (docs/spec.md §11.3 (f)).
#[test]
fn zones_of_proofs_hold_by_plain_minimax() {
    let mut checked = 0;
    for seed in 0..200u64 {
        let ncells = 5 + (seed % 9) as usize;
        let nsets = 2 + (seed % 11) as usize;
        let h = Hypergraph::random(1000 + seed, ncells, nsets, seed % 2 == 0);
        let game = file::parse(&h.to_game_text()).unwrap();
        let start = Position::start(&game);
        let positions =
            std::iter::once((None, start)).chain((0..ncells).map(|c| (Some(c), start.play(c))));
        for (first, p) in positions {
            let mut solver = Solver::new(&game, &Options::default());
            if solver.solve(&p).winner != Some(Side::Maker) {
                continue;
            }
            let zone = solver
                .proved_zone(&p)
                .expect("a proved position keeps its zone");
            let inside = Hypergraph {
                sets: h
                    .sets
                    .iter()
                    .filter(|s| s.iter().all(|&c| zone >> c & 1 == 1))
                    .cloned()
                    .collect(),
                ..h.clone()
            };
            let winner = match first {
                None => inside.winner(),
                Some(c) => inside.move_values()[c].1,
            };
            assert_eq!(
                side(winner),
                Side::Maker,
                "seed {seed}, first move {first:?}, zone {zone:#b}"
            );
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} zones checked");
}

#[test]
fn the_classic_boards_agree_with_plain_minimax() {
    // 3×3 tic-tac-toe (Maker wins) and 4×4 with k = 4 (Breaker wins), both first
    // players.
    for (n, first) in [(3, true), (3, false), (4, true), (4, false)] {
        let h = Hypergraph::square(n, first);
        agree(&h, &h.to_game_text(), &format!("{n}x{n}"));
    }
}

/// A game whose only symmetries are rotations of order 3 (cells `i → i + 3 mod 9`): a
/// first move joined to its representative by a rotation gets a strategy renamed by a
/// permutation that is not its own inverse, so renaming in the wrong direction would
/// be refused by the checker. Both first players.
#[test]
fn first_move_certificates_follow_a_rotation_of_order_three() {
    let mut joined = 0;
    for (k, maker_first) in [(0, true), (0, false), (1, true), (1, false)] {
        let base: [&[usize]; 3] = [&[0, 1, 4], &[0, 2], &[1, 5, 8]];
        let sets = (0..3)
            .flat_map(|r| {
                base.iter()
                    .take(2 + k)
                    .map(move |s| s.iter().map(|&c| (c + 3 * r) % 9).collect::<Vec<_>>())
            })
            .collect();
        let h = Hypergraph {
            ncells: 9,
            sets,
            maker_first,
        };
        joined += agree(
            &h,
            &h.to_game_text(),
            &format!("rotation {k} {maker_first}"),
        );
    }
    assert!(joined >= 8, "{joined} joined first moves");
}

/// A first move that completes one of Maker's sets (or leaves no cell free) ends the
/// game at once: its certificate is a leaf the checker accepts, not an error.
#[test]
fn first_moves_that_end_the_game_have_certificates() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/games/tictactoe.game"
    ))
    .unwrap();
    let start = file::parse(&text).unwrap();
    for moves in ["0,0 1,0 1,1 2,1", "0,0 1,1 0,1 0,2 2,0 1,0 1,2 2,1"] {
        let game = amoba::game::generate::after(&start, moves).unwrap();
        let answer = decide(&game, &WHOLE, None).unwrap();
        check_move_certificates(&game, &answer.moves.unwrap(), moves);
    }
}

/// `amoba solve data/games/NAME.game --json ARGS`, which must answer (exit 0): its
/// document, checked against its schema.
fn solve_json(name: &str, args: &[&str]) -> serde_json::Value {
    let path = format!("{}/data/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    let o = amoba()
        .args(["solve", &path, "--json"])
        .args(args)
        .output()
        .unwrap();
    let (out, err, code) = common::output_text(&o);
    assert_eq!(code, 0, "{err}");
    assert_valid_text(&out)
}

/// SIGINT stops the search as a node limit would: the document is printed (the
/// root undecided, `interrupted`), and the process then ends by the signal, so that a
/// script loop around amoba still stops. SIGTERM (a batch system's time limit) too.
#[cfg(unix)]
#[test]
fn an_interrupted_search_prints_how_far_it_got_and_ends_by_the_signal() {
    use std::os::unix::process::ExitStatusExt;
    let path = format!("{}/data/games/strip7tr-15.game", env!("CARGO_MANIFEST_DIR"));
    for (signal, number) in [("INT", 2), ("TERM", 15)] {
        let (status, out, err, took) = common::interrupted_when(
            || {
                let mut c = amoba();
                c.args(["solve", &path, "--json", "--memory", "64", "--moves"]);
                c
            },
            signal,
            |out| !out.is_empty(),
        );
        assert_eq!(status.signal(), Some(number), "{status:?} {err}");
        assert!(took.as_secs() < 10, "{took:?} to stop");
        let doc = assert_valid_text(&out);
        assert_eq!(doc["interrupted"], true);
        assert!(doc["winner"].is_null());
        assert!(doc["nodes"].as_u64().unwrap() > 0);
        assert!(doc["moves"].as_array().unwrap().len() == 60);
    }
    // Text: the same, said in words.
    let (status, out, _, _) = common::interrupted_when(
        || {
            let mut c = amoba();
            c.args(["solve", &path, "--memory", "64"]);
            c
        },
        "INT",
        |out| !out.is_empty(),
    );
    assert_eq!(status.signal(), Some(2));
    assert!(
        out.contains("not decided within the time given (interrupted): root proof number"),
        "{out}"
    );
}

#[test]
fn the_seven_cell_game_is_won_by_maker_only_from_cell_one() {
    let doc = solve_json("seven", &["--moves"]);
    assert_eq!(doc["winner"], "maker");
    let moves = doc["moves"].as_array().unwrap();
    for m in moves {
        let want = if m["cell"] == "1" { "maker" } else { "breaker" };
        assert_eq!(m["winner"], want, "{m}");
    }
}

/// `--move-node-limit` bounds the first moves' searches and not the root's; mirror
/// images take the winner of the move searched, and the option needs `--moves`.
#[test]
fn first_moves_have_their_own_node_limit() {
    let doc = solve_json("strip4-8", &["--moves", "--move-node-limit", "40"]);
    assert_eq!(doc["winner"], "maker");
    let moves = doc["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 32);
    let searched: Vec<&serde_json::Value> =
        moves.iter().filter(|m| m["same_as"].is_null()).collect();
    assert_eq!(searched.len(), 16, "the mirror joins the moves in pairs");
    for m in moves {
        assert!(m["nodes"].as_u64().unwrap() <= 40, "{m}");
        // The numbers say how the search ended: 0 on the winner's side, neither 0
        // when it stopped undecided.
        let (pn, dn) = (&m["proof_number"], &m["disproof_number"]);
        match m["winner"].as_str() {
            Some("maker") => assert_eq!(pn, 0, "{m}"),
            Some(_) => assert_eq!(dn, 0, "{m}"),
            None => assert!(pn != 0 && dn != 0, "{m}"),
        }
        if let Some(rep) = m["same_as"].as_str() {
            let r = moves.iter().find(|x| x["cell"] == rep).unwrap();
            assert_eq!(m["winner"], r["winner"], "{m}");
            assert_eq!((pn, dn), (&r["proof_number"], &r["disproof_number"]), "{m}");
            assert_eq!(m["nodes"], 0, "{m}");
        }
    }
    assert!(
        moves.iter().any(|m| m["winner"].is_null()),
        "40 nodes decide every move?"
    );
    needs_moves(&["--move-node-limit", "40"]);
}

/// `amoba solve` with `option` but without `--moves`: exit 2, naming `--moves`.
fn needs_moves(option: &[&str]) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/games/strip4-8.game");
    let o = amoba().args(["solve", path]).args(option).output().unwrap();
    let (_, err, code) = common::output_text(&o);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--moves"), "{err}");
}

/// `--move-certificates DIR` writes, for each first move decided, the game after it
/// (the bytes of `amoba game after`) and its winner's strategy, which `amoba verify
/// --strategy` accepts, mirror images included; an undecided move gets neither, and
/// the option needs `--moves`.
#[test]
fn first_moves_come_with_certificates_the_checker_accepts() {
    let dir = common::temp_dir("games-move-certificates");
    let out_dir = dir.join("strip4-8");
    let doc = solve_json(
        "strip4-8",
        &[
            "--moves",
            "--move-node-limit",
            "3000",
            "--move-certificates",
            out_dir.to_str().unwrap(),
        ],
    );
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/games/strip4-8.game");
    let (mut proofs, mut joined, mut undecided) = (0, 0, 0);
    for m in doc["moves"].as_array().unwrap() {
        let label = m["cell"].as_str().unwrap();
        let game = out_dir.join(format!("after-{label}.game"));
        let cert = out_dir.join(format!("after-{label}.strategy"));
        if m["winner"].is_null() {
            assert!(m["certificate"].is_null(), "{m}");
            assert!(!game.exists() && !cert.exists(), "{m}");
            undecided += 1;
            continue;
        }
        assert_eq!(m["certificate"]["file"], cert.to_str().unwrap(), "{m}");
        let o = amoba()
            .args(["game", "after", path, "--moves", label, "--out"])
            .arg(dir.join("after.game"))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(
            std::fs::read(&game).unwrap(),
            std::fs::read(dir.join("after.game")).unwrap(),
            "after {label}: the bytes of amoba game after"
        );
        let o = amoba()
            .args(["verify", "--json", "--strategy"])
            .arg(&game)
            .arg(&cert)
            .output()
            .unwrap();
        let (out, err, code) = common::output_text(&o);
        assert_eq!(code, 0, "after {label}: {out}{err}");
        let check = assert_valid_text(&out);
        assert_eq!(check["verdict"], "proof", "after {label}");
        assert_eq!(check["winner"], m["winner"], "after {label}");
        assert_eq!(check["nodes"], m["certificate"]["nodes"], "after {label}");
        proofs += 1;
        joined += usize::from(!m["same_as"].is_null());
    }
    assert!(
        proofs > 0 && joined > 0 && undecided > 0,
        "{proofs} {joined} {undecided}"
    );
    needs_moves(&["--move-certificates", out_dir.to_str().unwrap()]);
}

#[test]
fn strip_boards_are_maker_wins_with_checked_certificates() {
    let dir = common::temp_dir("games-strips");
    for name in ["strip7tr-7", "strip4-8"] {
        let game = format!("{}/data/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
        let cert = dir.join(format!("{name}.strategy"));
        let o = amoba()
            .args(["solve", &game, "--memory", "64", "--certificate"])
            .arg(&cert)
            .output()
            .unwrap();
        let (out, err, code) = common::output_text(&o);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.contains("winner: Maker"), "{name}: {out}");
        let o = amoba()
            .args(["verify", "--strategy", &game])
            .arg(&cert)
            .output()
            .unwrap();
        let (out, err, code) = common::output_text(&o);
        assert_eq!(code, 0, "{name}: {out}{err}");
    }
}

/// `--narrow maker:K` on the command line: a Maker win with a certificate the
/// checker accepts (the certificate's searches are made without the narrowing, which
/// at 2 and 3 moves would miss some of Breaker's replies refuted by a zone), also for
/// each first move, and the document says how the search was narrowed; narrowed to
/// Maker on a Breaker win, "not decided" (exit 1); a width out of range, exit 2.
#[test]
fn solve_narrowed_on_the_command_line() {
    let dir = common::temp_dir("games-narrow");
    let cert = dir.join("c.strategy");
    let cert_arg = cert.to_str().unwrap();
    let doc = solve_json(
        "strip7tr-9",
        &["--narrow", "maker:2", "--certificate", cert_arg],
    );
    assert_eq!(doc["winner"], "maker", "{doc}");
    assert_eq!(doc["narrow"]["side"], "maker", "{doc}");
    assert_eq!(doc["narrow"]["moves"], 2, "{doc}");
    let game = format!("{}/data/games/strip7tr-9.game", env!("CARGO_MANIFEST_DIR"));
    let o = amoba()
        .args(["verify", "--strategy", &game, cert_arg])
        .output()
        .unwrap();
    let (out, err, code) = common::output_text(&o);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("proof"), "{out}");
    let moves = dir.join("moves");
    let moves_arg = moves.to_str().unwrap();
    let doc = solve_json(
        "strip7tr-9",
        &[
            "--narrow",
            "maker:3",
            "--moves",
            "--move-certificates",
            moves_arg,
        ],
    );
    let won = doc["moves"].as_array().unwrap().iter();
    let won = won.filter(|m| m["winner"] == "maker").count();
    let written = strategies(&moves);
    assert!(won > 30 && written.len() == won, "{won} won, {written:?}");
    for s in &written {
        let game = std::fs::read(s.with_extension("game")).unwrap();
        let cert = std::fs::read(s).unwrap();
        let v = check_strategy(&game, &cert[..]).unwrap();
        assert!(matches!(v, Verdict::Proof { .. }), "{}: {v:?}", s.display());
    }
    // `amoba solve data/games/NAME.game ARGS`: (stdout, stderr, exit code).
    let solve = |name: &str, args: &[&str]| {
        let game = format!("{}/data/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
        let o = amoba().arg("solve").arg(game).args(args).output().unwrap();
        common::output_text(&o)
    };
    let (out, err, code) = solve("square4-k4", &["--narrow", "maker:3", "--moves"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("not decided: the search narrowed to Maker's 3 heaviest moves"),
        "{out}"
    );
    // Narrowed to one move, Maker misses his win on (4, 9, 7^tr): not decided.
    let (out, err, code) = solve("strip7tr-9", &["--narrow", "maker:1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("narrowed to Maker's heaviest move (--narrow maker:1) found no win"),
        "{out}"
    );
    for bad in ["maker:0", "maker:129", "both:3", "maker"] {
        let (_, err, code) = solve("square4-k4", &["--narrow", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("--narrow"), "{bad}: {err}");
    }
}

#[test]
fn solve_exit_codes_follow_the_convention() {
    let dir = common::temp_dir("games-exit");
    let bad = dir.join("bad.game");
    std::fs::write(&bad, "first maker\ncells a b\nset a c\n").unwrap();
    let o = amoba()
        .arg("solve")
        .arg(&bad)
        .arg("--certificate")
        .arg(dir.join("c.txt"))
        .output()
        .unwrap();
    let (_, err, code) = common::output_text(&o);
    assert_eq!(code, 2);
    assert!(err.contains("bad.game:3:7"), "{err}");
    // A node limit too small to decide: exit 1, and the text says so.
    let game = format!("{}/data/games/strip4-8.game", env!("CARGO_MANIFEST_DIR"));
    let o = amoba()
        .args(["solve", &game, "--node-limit", "10", "--memory", "8"])
        .output()
        .unwrap();
    let (out, _, code) = common::output_text(&o);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not decided"), "{out}");
    // Nothing was written.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

/// `amoba solve GAME --moves` on one thread, quietly, with the options `extra`, each
/// first move's files written into `out`.
fn first_move_table(game: &str, extra: &[&str], out: &std::path::Path) -> std::process::Command {
    let mut c = amoba();
    c.arg("solve")
        .arg(game)
        .args(["--moves", "--threads", "1", "--progress", "none"])
        .args(extra)
        .arg("--move-certificates")
        .arg(out);
    c
}

/// The strategy files in `dir`, sorted (none when it does not exist).
fn strategies(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<_> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "strategy"))
        .collect();
    v.sort();
    v
}

/// A first move's files that `solve --moves --move-certificates` cannot write stop the
/// table at once: the run ends with exit 2, naming the file, instead of searching the
/// other moves for a table it would not print. Here the game file of the first move
/// searched, 0,0, cannot be written (a directory holds its name): only the moves an
/// automorphism joins to 0,0 may still get their files, not the other 28 of the 32.
#[test]
fn a_first_move_file_that_cannot_be_written_stops_the_table() {
    let dir = common::temp_dir("unwritable-move");
    let out = dir.join("moves");
    std::fs::create_dir_all(out.join("after-0,0.game")).unwrap();
    let game = format!("{}/data/games/strip4-8.game", env!("CARGO_MANIFEST_DIR"));
    let o = first_move_table(&game, &["--memory", "64"], &out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("after-0,0.game"), "{stderr}");
    assert!(stderr.contains("the searches stop"), "{stderr}");
    let written = strategies(&out).len();
    assert!(
        written <= 3,
        "{written} strategies written after the failure"
    );
    assert!(o.stdout.is_empty(), "a table was printed");
}

/// `solve --moves --move-certificates` writes each first move's strategy as its search
/// ends: a run killed outright (SIGKILL, no chance to write anything at its end) keeps
/// the strategies of the moves decided so far, each a proof for the game beside it.
#[cfg(unix)]
#[test]
fn a_killed_first_move_table_keeps_the_strategies_written() {
    let dir = common::temp_dir("killed-moves");
    let out = dir.join("moves");
    let game = format!("{}/data/games/strip4-12.game", env!("CARGO_MANIFEST_DIR"));
    let cmd = || {
        first_move_table(
            &game,
            &[
                "--node-limit",
                "1",
                "--move-node-limit",
                "2000000",
                "--memory",
                "64",
            ],
            &out,
        )
    };
    // Killed as soon as a first strategy is on disk (the search of a move takes
    // seconds, the whole table minutes).
    let mut child = cmd()
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while strategies(&out).is_empty() && start.elapsed() < std::time::Duration::from_secs(120) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the table ended before the kill"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap();
    let o = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(o.status.signal(), Some(9), "{stderr}");
    let written = strategies(&out);
    assert!(
        !written.is_empty(),
        "no strategy written before the kill: {stderr}"
    );
    for s in written {
        let after = s.with_extension("game");
        let o = amoba()
            .args(["verify", "--strategy"])
            .arg(&after)
            .arg(&s)
            .output()
            .unwrap();
        let (report, err, code) = common::output_text(&o);
        assert_eq!(code, 0, "{}: {report}{err}", s.display());
    }
}
