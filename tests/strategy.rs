//! The checker of strategy certificates (`amoba::check`, `amoba verify --strategy`)
//! against certificates no solver wrote: those built from a plain minimax
//! (tests/independent/minimax.rs), the worked example of FORMATS.md, and mutations of
//! them, each with the verdict the definitions of FORMATS.md predict; certificates
//! that claim the win for the side that loses, which must never be proofs; every
//! rejection of a malformed game file or certificate; the `--json` document against
//! its schema.
//!
//! One file for one subject, the strategy checker, past the usual 600 lines: its cases
//! share the minimax-built certificates and their mutations.

mod common;
mod independent;

use amoba::check::{Error, Input, Verdict, check_strategy};
use common::schema::assert_valid_text;
use independent::minimax::{Body, Certificate, Hypergraph, Side, XorShift, label, sha256_hex};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_amoba");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A fresh directory for one test's files, removed at its end.
fn dir(name: &str) -> common::TempDir {
    common::temp_dir(&format!("strategy-{name}"))
}

/// `amoba verify --strategy GAME CERT [extra…]`, the certificate on stdin when `cert`
/// is `-`: (stdout, stderr, exit code).
fn verify(game: &Path, cert: &Path, extra: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let mut child = Command::new(BIN)
        .arg("verify")
        .arg("--strategy")
        .arg(game)
        .arg(cert)
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // The checker may stop reading early (a malformed line): a closed pipe is fine.
    let _ = input.write_all(stdin);
    drop(input);
    common::output_text(&child.wait_with_output().unwrap())
}

/// Writes `game` and `cert` into `d` and runs the command line on them.
fn verify_texts(d: &Path, game: &[u8], cert: &[u8], extra: &[&str]) -> (String, String, i32) {
    let (g, c) = (d.join("g.game"), d.join("c.strategy"));
    std::fs::write(&g, game).unwrap();
    std::fs::write(&c, cert).unwrap();
    verify(&g, &c, extra, b"")
}

fn check(game: &str, cert: &str) -> Result<Verdict, Error> {
    check_strategy(game.as_bytes(), cert.as_bytes())
}

/// The text of the first code block after `marker` in FORMATS.md.
fn formats_block(marker: &str) -> String {
    let text = std::fs::read_to_string(format!("{ROOT}/FORMATS.md")).unwrap();
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} in FORMATS.md"));
    let open = at + text[at..].find("```").unwrap();
    let body = open + text[open..].find('\n').unwrap() + 1;
    let close = body + text[body..].find("\n```").unwrap();
    text[body..=close].to_string()
}

/// The seven-cell game of FORMATS.md with labels `1`…`7` as cells 0…6.
fn seven() -> Hypergraph {
    Hypergraph {
        ncells: 7,
        sets: vec![
            vec![4, 5],
            vec![0, 1, 3],
            vec![0, 1, 4],
            vec![0, 2, 5],
            vec![0, 2, 6],
        ],
        maker_first: true,
    }
}

#[test]
fn the_seven_cell_game_of_formats_md() {
    let h = seven();
    assert_eq!(h.winner(), Side::Maker);
    let openings: Vec<usize> = h
        .move_values()
        .into_iter()
        .filter(|&(_, v)| v == Side::Maker)
        .map(|(c, _)| c)
        .collect();
    assert_eq!(openings, vec![0], "Maker wins only by opening at cell 1");
    let game = formats_block("The seven-cell game of docs/spec.md §11");
    assert!(game.contains("set 1 3 7\n"), "{game}");
    let hash = sha256_hex(game.as_bytes());
    let cert: String = formats_block("Maker's strategy for `seven.game` above")
        .lines()
        .map(|l| {
            if l.starts_with("game ") {
                format!("game {hash}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let d = dir("seven");
    let (out, err, code) = verify_texts(&d, game.as_bytes(), cert.as_bytes(), &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out,
        "strategy for Maker: a proof (14 nodes, depth 3); it opens, Maker first: 1\n"
    );
    // The refutation FORMATS.md shows: Maker's second move at 4 instead of 2.
    let wrong = cert.replace("node 3 move 2 9", "node 3 move 4 9");
    let (out, err, code) = verify_texts(&d, game.as_bytes(), wrong.as_bytes(), &[]);
    assert_eq!(code, 1, "{out}{err}");
    let shown =
        "NOT a proof: node 9: Breaker's move at 2 is not answered (it is in a live winning set)\n";
    assert_eq!(out, shown);
    assert!(
        formats_block("prints one line, of\none of these forms:")
            .contains(&shown[..shown.len() - 1])
    );
    // The same game with labels c0…c6: the minimax's own certificate.
    let text = h.to_game_text();
    let v = check(&text, &h.certificate(text.as_bytes())).unwrap();
    assert!(matches!(
        v,
        Verdict::Proof {
            winner: amoba::check::Side::Maker,
            unreachable: 0,
            ..
        }
    ));
}

#[test]
fn tic_tac_toe_3x3_maker_wins_4x4_breaker_wins() {
    for (n, winner) in [(3, Side::Maker), (4, Side::Breaker)] {
        let h = Hypergraph::square(n, true);
        assert_eq!(h.winner(), winner, "{n}x{n}");
        let game = h.to_game_text();
        let cert = h.strategy(game.as_bytes());
        let v = check(&game, &cert.to_text()).unwrap();
        let want = match winner {
            Side::Maker => amoba::check::Side::Maker,
            Side::Breaker => amoba::check::Side::Breaker,
        };
        match v {
            Verdict::Proof {
                winner,
                nodes,
                unreachable,
                ..
            } => {
                assert_eq!(winner, want);
                assert_eq!((nodes, unreachable), (cert.nodes.len(), 0));
            }
            other => panic!("{n}x{n}: {other:?}"),
        }
    }
    // 3x3 through the command line.
    let h = Hypergraph::square(3, true);
    let game = h.to_game_text();
    let cert = h.certificate(game.as_bytes());
    let (out, err, code) = verify_texts(&dir("ttt"), game.as_bytes(), cert.as_bytes(), &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("strategy for Maker: a proof ("), "{out}");
}

/// The verdict a mutated certificate must get.
#[derive(Debug)]
enum Expect {
    Proof,
    /// Not a proof at this node, the reason containing this text.
    Not(u32, &'static str),
    /// Malformed certificate, the message containing this text.
    Malformed(&'static str),
}

fn set_body(cert: &Certificate, id: u32, body: Body) -> Certificate {
    let mut c = cert.clone();
    for n in &mut c.nodes {
        if n.id == id {
            n.body = body.clone();
        }
    }
    c
}

fn is_closed(b: &Body) -> bool {
    matches!(b, Body::Closed)
}

/// Mutations of the minimax certificate `cert` of `h`, each with the verdict that
/// FORMATS.md predicts, computed here from the definitions.
fn mutations(
    h: &Hypergraph,
    cert: &Certificate,
    rng: &mut XorShift,
) -> Vec<(&'static str, String, Expect)> {
    let mut out = Vec::new();
    let pick = |rng: &mut XorShift, ids: &[u32]| -> Option<u32> {
        (!ids.is_empty()).then(|| ids[rng.below(ids.len())])
    };
    let maker = cert.winner == Side::Maker;
    // A reply entry dropped: not answered, unless the cell may be left out.
    let replies: Vec<u32> = cert
        .nodes
        .iter()
        .filter(|n| matches!(&n.body, Body::Reply(e) if !e.is_empty()))
        .map(|n| n.id)
        .collect();
    if let Some(id) = pick(rng, &replies) {
        let node = cert.node(id);
        let Body::Reply(entries) = &node.body else {
            unreachable!()
        };
        let k = rng.below(entries.len());
        let x = entries[k].0;
        let mut rest = entries.clone();
        rest.remove(k);
        let exempt = (h.dead(node.pos, x) && !rest.is_empty())
            || (maker && h.maker_completes_after(node.pos, x));
        let expect = if exempt {
            Expect::Proof
        } else {
            Expect::Not(id, "is not answered")
        };
        out.push((
            "drop a reply entry",
            set_body(cert, id, Body::Reply(rest)).to_text(),
            expect,
        ));
    }
    // A move on a cell already taken.
    let moves: Vec<u32> = cert
        .nodes
        .iter()
        .filter(|n| matches!(n.body, Body::Move(..)) && (n.pos.0 | n.pos.1) != 0)
        .map(|n| n.id)
        .collect();
    if let Some(id) = pick(rng, &moves) {
        let node = cert.node(id);
        let Body::Move(_, target) = node.body else {
            unreachable!()
        };
        let taken = (node.pos.0 | node.pos.1).trailing_zeros() as usize;
        out.push((
            "a move on a taken cell",
            set_body(cert, id, Body::Move(taken, target)).to_text(),
            Expect::Not(id, "the cell is not free"),
        ));
    }
    // The other winner.
    let mut swapped = cert.clone();
    swapped.winner = cert.winner.other();
    out.push((
        "swap the winner",
        swapped.to_text(),
        Expect::Not(cert.root, ""),
    ));
    // Breaker's leaves.
    let open: Vec<u32> = cert
        .nodes
        .iter()
        .filter(|n| !is_closed(&n.body))
        .map(|n| n.id)
        .collect();
    if let Some(id) = pick(rng, &open) {
        let node = cert.node(id);
        let free = h.free(node.pos);
        if maker {
            for body in [Body::Pairing(vec![]), Body::Potential, Body::Closed] {
                out.push((
                    "a Breaker leaf in Maker's certificate",
                    set_body(cert, id, body).to_text(),
                    Expect::Not(id, "a leaf for Breaker"),
                ));
            }
        } else {
            // Not closed: a live set is left, and an empty pairing misses it.
            out.push((
                "an empty pairing",
                set_body(cert, id, Body::Pairing(vec![])).to_text(),
                Expect::Not(id, "contains no pair"),
            ));
            out.push((
                "closed too early",
                set_body(cert, id, Body::Closed).to_text(),
                Expect::Not(id, "is still live"),
            ));
            if free.len() >= 3 {
                let pairs = vec![(free[0], free[1]), (free[2], free[0])];
                out.push((
                    "overlapping pairs",
                    set_body(cert, id, Body::Pairing(pairs)).to_text(),
                    Expect::Not(id, "is in two pairs"),
                ));
            }
            if (node.pos.0 | node.pos.1) != 0 {
                let taken = (node.pos.0 | node.pos.1).trailing_zeros() as usize;
                out.push((
                    "a pair with a taken cell",
                    set_body(cert, id, Body::Pairing(vec![(free[0], taken)])).to_text(),
                    Expect::Not(id, "is not free"),
                ));
            }
            let expect = if h.potential_below(node.pos) {
                Expect::Proof
            } else {
                Expect::Not(id, "`potential`")
            };
            out.push((
                "a potential leaf",
                set_body(cert, id, Body::Potential).to_text(),
                expect,
            ));
        }
    }
    if !maker && !is_closed(&cert.node(cert.root).body) {
        let expect = if h.potential_below(cert.node(cert.root).pos) {
            Expect::Proof
        } else {
            Expect::Not(cert.root, "`potential`")
        };
        out.push((
            "a potential leaf at the root",
            set_body(cert, cert.root, Body::Potential).to_text(),
            expect,
        ));
    }
    // Every answer FORMATS.md lets a certificate leave out, left out at once: still
    // a proof.
    let mut lean = cert.clone();
    for n in &mut lean.nodes {
        let Body::Reply(entries) = &n.body else {
            continue;
        };
        let needed: Vec<(usize, u32)> = entries
            .iter()
            .copied()
            .filter(|&(x, _)| !(maker && h.maker_completes_after(n.pos, x)))
            .collect();
        let mut kept: Vec<(usize, u32)> = needed
            .iter()
            .copied()
            .filter(|&(x, _)| !h.dead(n.pos, x))
            .collect();
        if kept.is_empty() && !needed.is_empty() {
            kept.push(needed[0]);
        }
        n.body = Body::Reply(kept);
    }
    out.push((
        "every answer that may be left out left out",
        lean.to_text(),
        Expect::Proof,
    ));
    // A `win` that wins nothing: the winner's first move, at the root, completes no set.
    if maker && let Body::Move(c, Some(_)) = cert.node(cert.root).body {
        out.push((
            "a win that completes nothing",
            set_body(cert, cert.root, Body::Move(c, None)).to_text(),
            Expect::Not(cert.root, "completes no winning set"),
        ));
    }
    // A cycle: a node below the root leads back to the root, which stays on the line
    // of play for the whole replay.
    let root_has_entries = matches!(
        cert.node(cert.root).body,
        Body::Move(_, Some(_)) | Body::Reply(_)
    ) && !matches!(&cert.node(cert.root).body, Body::Reply(e) if e.is_empty());
    let inner: Vec<u32> = cert
        .nodes
        .iter()
        .filter(|n| n.id != cert.root)
        .filter(|n| {
            matches!(&n.body, Body::Move(_, Some(_)))
                || matches!(&n.body, Body::Reply(e) if !e.is_empty())
        })
        .map(|n| n.id)
        .collect();
    if root_has_entries && let Some(id) = pick(rng, &inner) {
        let body = match &cert.node(id).body {
            Body::Move(c, Some(_)) => Body::Move(*c, Some(cert.root)),
            Body::Reply(e) => {
                let mut e = e.clone();
                e[0].1 = cert.root;
                Body::Reply(e)
            }
            _ => unreachable!(),
        };
        out.push((
            "a cycle",
            set_body(cert, id, body).to_text(),
            Expect::Not(cert.root, "a cycle"),
        ));
    }
    // Two positions: the last answer of a reply sent to the node of its first answer,
    // which the replay has finished by then.
    let wide: Vec<u32> = cert
        .nodes
        .iter()
        .filter(|n| matches!(&n.body, Body::Reply(e) if e.len() >= 2))
        .map(|n| n.id)
        .collect();
    if let Some(id) = pick(rng, &wide) {
        let Body::Reply(mut e) = cert.node(id).body.clone() else {
            unreachable!()
        };
        let first = e[0].1;
        let last = e.len() - 1;
        e[last].1 = first;
        out.push((
            "a node reached with two positions",
            set_body(cert, id, Body::Reply(e)).to_text(),
            Expect::Not(first, "two different positions"),
        ));
    }
    // Another game's hash.
    let mut other = cert.clone();
    let flipped = if other.hash.starts_with('0') {
        "1"
    } else {
        "0"
    };
    other.hash.replace_range(0..1, flipped);
    out.push((
        "a wrong hash",
        other.to_text(),
        Expect::Not(cert.root, "SHA-256"),
    ));
    // Malformed: a reference to a node never defined, a node defined twice, a label
    // that is no cell.
    let text = cert.to_text();
    let root_line = format!("root {}\n", cert.root);
    out.push((
        "an undefined root",
        text.replace(&root_line, "root 4000000000\n"),
        Expect::Malformed("never defined"),
    ));
    let last_line = text.lines().last().unwrap().to_string();
    out.push((
        "a node defined twice",
        format!("{text}{last_line}\n"),
        Expect::Malformed("defined a second time"),
    ));
    out.push((
        "a label that is not a cell",
        format!("{text}node 4000000001 move {} win\n", label(h.ncells)),
        Expect::Malformed("expected the label of a cell"),
    ));
    out
}

fn matches_expect(v: &Result<Verdict, Error>, e: &Expect) -> bool {
    match (v, e) {
        (Ok(Verdict::Proof { .. }), Expect::Proof) => true,
        (Ok(Verdict::NotAProof { node, reason }), Expect::Not(n, text)) => {
            node == n && reason.contains(text)
        }
        (Err(err), Expect::Malformed(text)) => {
            err.input == Input::Certificate && err.message.contains(text)
        }
        _ => false,
    }
}

#[test]
fn random_hypergraphs_minimax_certificates_pass_and_mutations_fail() {
    let mut rng = XorShift::new(2024);
    let mut winners = [0usize; 2];
    let mut kinds: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    let mut through_the_cli: std::collections::BTreeSet<&str> = Default::default();
    let d = dir("random");
    for i in 0..300u64 {
        let ncells = 5 + (i % 9) as usize;
        let nsets = 2 + rng.below(2 * ncells);
        let h = Hypergraph::random(i, ncells, nsets, i % 2 == 0);
        let game = h.to_game_text();
        let cert = h.strategy(game.as_bytes());
        let v = check(&game, &cert.to_text()).unwrap();
        let winner = h.winner();
        winners[(winner == Side::Breaker) as usize] += 1;
        match v {
            Verdict::Proof {
                winner: w,
                nodes,
                unreachable,
                ..
            } => {
                assert_eq!(w.word(), winner.word(), "graph {i}");
                assert_eq!((nodes, unreachable), (cert.nodes.len(), 0), "graph {i}");
            }
            other => panic!("graph {i}: {other:?}\n{game}\n{}", cert.to_text()),
        }
        for (kind, text, expect) in mutations(&h, &cert, &mut rng) {
            let got = check(&game, &text);
            assert!(
                matches_expect(&got, &expect),
                "graph {i}, {kind}: expected {expect:?}, got {got:?}\n{game}\n{text}"
            );
            let e = kinds.entry(kind).or_default();
            match expect {
                Expect::Proof => e.0 += 1,
                _ => e.1 += 1,
            }
            // Each kind once through the command line: the exit code and the message.
            if through_the_cli.insert(kind) {
                let (out, err, code) = verify_texts(&d, game.as_bytes(), text.as_bytes(), &[]);
                let want = match expect {
                    Expect::Proof => 0,
                    Expect::Not(..) => 1,
                    Expect::Malformed(_) => 2,
                };
                assert_eq!(code, want, "{kind}: {out}{err}");
                match expect {
                    Expect::Not(node, reason) => {
                        assert!(
                            out.starts_with(&format!("NOT a proof: node {node}: ")),
                            "{out}"
                        );
                        assert!(out.contains(reason), "{out}");
                    }
                    Expect::Malformed(_) => {
                        let prefix = format!("{}:", d.join("c.strategy").display());
                        assert!(err.starts_with(&prefix), "{err}");
                    }
                    Expect::Proof => {}
                }
            }
        }
    }
    assert!(winners[0] >= 50 && winners[1] >= 50, "winners {winners:?}");
    for (kind, (proof, not)) in &kinds {
        assert!(proof + not >= 20, "{kind}: {proof} + {not} only");
    }
    // Both outcomes of the rules with exemptions or arithmetic occur.
    for kind in [
        "drop a reply entry",
        "a potential leaf",
        "a potential leaf at the root",
    ] {
        let (proof, not) = kinds[kind];
        assert!(proof > 0 && not > 0, "{kind}: {proof} proofs, {not} not");
    }
}

/// Every rejection of FORMATS.md, *Game files*: (game text, line, column).
fn bad_games() -> Vec<(String, u64, u64, &'static str)> {
    let ok = "first maker\ncells a b c\nset a b\n";
    let mut v: Vec<(String, u64, u64, &'static str)> = vec![
        (format!("{ok}play a\n"), 4, 1, "unknown statement"),
        ("cells a b\nset a b\n".into(), 1, 1, "missing first"),
        (format!("{ok}first breaker\n"), 4, 1, "repeated first"),
        (
            "first nobody\ncells a\n".into(),
            1,
            7,
            "a side other than maker or breaker",
        ),
        (format!("game x\ngame y\n{ok}"), 2, 1, "repeated game"),
        (
            format!("{ok}cells {}\n", "d".repeat(33)),
            4,
            7,
            "a label too long",
        ),
        (
            format!("{ok}cells d/e\n"),
            4,
            8,
            "a label with another character",
        ),
        (format!("{ok}cells a\n"), 4, 7, "a label declared twice"),
        (
            "first maker\nset a b\ncells a b\n".into(),
            2,
            5,
            "a label used before its declaration",
        ),
        (format!("{ok}set a z\n"), 4, 7, "a label never declared"),
        (format!("{ok}set\n"), 4, 4, "an empty set"),
        (
            format!("{ok}set a b a\n"),
            4,
            9,
            "a set naming a cell twice",
        ),
        (
            format!("{ok}maker a\nbreaker a\n"),
            5,
            9,
            "a cell owned by both",
        ),
        (format!("{ok}maker a b a\n"), 4, 11, "a cell listed twice"),
        (
            format!("{ok}# \u{e9}\ncells \u{e9}\n"),
            5,
            7,
            "a non-ASCII label",
        ),
    ];
    let cells: String = (0..129).map(|i| format!(" x{i}")).collect();
    let line = format!("cells{cells}");
    let column = line.find(" x128").unwrap() as u64 + 2;
    v.push((format!("first maker\n{line}\n"), 2, column, "129 cells"));
    let mut sets = String::from("first maker\ncells");
    for i in 0..100 {
        sets += &format!(" x{i}");
    }
    sets += "\n";
    let mut n = 0;
    'outer: for a in 0..100 {
        for b in a + 1..100 {
            for c in b + 1..100 {
                sets += &format!("set x{a} x{b} x{c}\n");
                n += 1;
                if n == 65_537 {
                    break 'outer;
                }
            }
        }
    }
    v.push((sets, 65_539, 1, "65,537 sets"));
    v.push((
        format!("{ok}#{}\n", "x".repeat(1 << 20)),
        4,
        1,
        "a line over 1 MiB",
    ));
    v.push((
        format!("{ok}{}", "#\n".repeat(8 << 20)),
        1,
        1,
        "a file over 16 MiB",
    ));
    v
}

#[test]
fn malformed_game_files_exit_2_with_line_and_column() {
    let d = dir("bad-games");
    let cert = "amoba-strategy 1\n";
    for (game, line, column, what) in bad_games() {
        let (out, err, code) = verify_texts(&d, game.as_bytes(), cert.as_bytes(), &[]);
        let want = format!("{}:{line}:{column}: ", d.join("g.game").display());
        assert_eq!(code, 2, "{what}: {out}{err}");
        assert!(
            err.starts_with(&want),
            "{what}: expected {want}…, got {err}"
        );
        assert!(out.is_empty(), "{what}: {out}");
    }
    // Bytes that are not UTF-8, at the column of the first bad byte.
    let (_, err, code) = verify_texts(&d, b"first maker\ncells ab\xffc\n", cert.as_bytes(), &[]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with(&format!("{}:2:9: ", d.join("g.game").display())),
        "{err}"
    );
    // A game file that cannot be read.
    let (_, err, code) = verify(&d.join("absent.game"), &d.join("c.strategy"), &[], b"");
    assert_eq!(code, 2);
    assert!(err.contains("absent.game: cannot read"), "{err}");
}

#[test]
fn malformed_certificates_exit_2_with_line_and_column() {
    let d = dir("bad-certs");
    let game = "first maker\ncells a b c\nset a b\nset a c\n";
    let h = sha256_hex(game.as_bytes());
    let ok = format!(
        "amoba-strategy 1\ngame {h}\nwinner maker\nroot 0\nnode 0 move a 1\nnode 1 reply c 2\nnode 2 move b win\n"
    );
    assert!(matches!(
        check(game, &ok),
        Ok(Verdict::Proof {
            nodes: 3,
            depth: 3,
            ..
        })
    ));
    let cases: Vec<(String, u64, u64, &str)> = vec![
        (String::new(), 1, 1, "an empty file"),
        (ok.replacen("amoba-strategy 1\n", "", 1), 1, 1, "no header"),
        (
            ok.replacen("amoba-strategy 1", "amoba-strategy 2", 1),
            1,
            16,
            "another version",
        ),
        (format!("{ok}amoba-strategy 1\n"), 8, 1, "a repeated header"),
        (ok.replace(&format!("game {h}\n"), ""), 1, 1, "no game"),
        (format!("{ok}game {h}\n"), 8, 1, "a repeated game"),
        (ok.replace(&h, &h[1..]), 2, 6, "a short hash"),
        (ok.replace("winner maker\n", ""), 1, 1, "no winner"),
        (format!("{ok}winner maker\n"), 8, 1, "a repeated winner"),
        (
            ok.replace("winner maker", "winner draw"),
            3,
            8,
            "a third side",
        ),
        (ok.replace("root 0\n", ""), 1, 1, "no root"),
        (format!("{ok}root 1\n"), 8, 1, "a repeated root"),
        (ok.replace("root 0", "root -1"), 4, 6, "a negative id"),
        (
            ok.replace("root 0", "root 4294967296"),
            4,
            6,
            "an id of 2^32",
        ),
        (format!("{ok}node 1 closed\n"), 8, 6, "a node defined twice"),
        (
            ok.replace("reply c 2", "reply c 3"),
            6,
            16,
            "an undefined node",
        ),
        (
            ok.replace("move a 1", "move d 1"),
            5,
            13,
            "a label that is not a cell",
        ),
        (
            ok.replace("move a 1", "move a"),
            5,
            14,
            "a move without its target",
        ),
        (
            ok.replace("move a 1", "move a 1 2"),
            5,
            17,
            "a move with more",
        ),
        (
            ok.replace("reply c 2", "reply c"),
            6,
            15,
            "a reply without its node",
        ),
        (
            ok.replace("move b win", "closed now"),
            7,
            15,
            "closed with more",
        ),
        (
            format!("{ok}node 3 pairing a\n"),
            8,
            17,
            "a pair without its partner",
        ),
        (
            format!("{ok}node 3 potential a\n"),
            8,
            18,
            "potential with more",
        ),
        (format!("{ok}node 3\n"), 8, 7, "a node without a body"),
        (format!("{ok}node 3 resign\n"), 8, 8, "an unknown body"),
        (format!("{ok}edge 0 1\n"), 8, 1, "an unknown statement"),
        (
            format!("{ok}# {}\n", "x".repeat(1 << 20)),
            8,
            1,
            "a line over 1 MiB",
        ),
        (
            format!("{ok}node 3 closed \u{e9}\n"),
            8,
            15,
            "a non-ASCII token",
        ),
    ];
    let c = d.join("c.strategy");
    for (cert, line, column, what) in cases {
        let (out, err, code) = verify_texts(&d, game.as_bytes(), cert.as_bytes(), &[]);
        let want = format!("{}:{line}:{column}: ", c.display());
        assert_eq!(code, 2, "{what}: {out}{err}");
        assert!(
            err.starts_with(&want),
            "{what}: expected {want}…, got {err}"
        );
    }
    let (_, err, code) = verify_texts(&d, game.as_bytes(), b"amoba-strategy 1\nroot \xff\n", &[]);
    assert_eq!(code, 2);
    assert!(err.starts_with(&format!("{}:2:6: ", c.display())), "{err}");
    // Standard input, and a file that cannot be read.
    let g = d.join("g.game");
    let (_, err, code) = verify(&g, Path::new("-"), &[], b"amoba-strategy 1\nroot x\n");
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "<stdin>:2:6: found 'x', expected a node id (a decimal integer below 2^32)\n"
        )
    );
    let (out, _, code) = verify(&g, Path::new("-"), &[], ok.as_bytes());
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "strategy for Maker: a proof (3 nodes, depth 3); it opens, Maker first: a c b\n"
        )
    );
    let (_, err, code) = verify(&g, &d.join("absent"), &[], b"");
    assert_eq!(code, 2);
    assert!(err.contains("absent: cannot read"), "{err}");
    // One certificate only.
    let (_, _, code) = verify(&g, &c, &[c.to_str().unwrap()], b"");
    assert_eq!(code, 2);
}

#[test]
fn json_documents_satisfy_the_schema() {
    let d = dir("json");
    let h = Hypergraph::square(3, true);
    let game = h.to_game_text();
    let cert = h.certificate(game.as_bytes());
    let cases = [
        (cert.clone(), 0, "proof"),
        (
            cert.replace("winner maker", "winner breaker"),
            1,
            "not-a-proof",
        ),
        (cert.replace("root 0", "root x"), 2, "malformed"),
    ];
    for (text, want, verdict) in cases {
        let (out, err, code) = verify_texts(&d, game.as_bytes(), text.as_bytes(), &["--json"]);
        assert_eq!(code, want, "{out}{err}");
        let doc = assert_valid_text(&out);
        assert_eq!(doc["verdict"], verdict);
        assert_eq!(doc["exit_code"], want);
        assert_eq!(doc["provenance"]["board"], "h");
        if want < 2 {
            assert_eq!(doc["game_sha256"], sha256_hex(game.as_bytes()));
        }
    }
    // A malformed game file: no name, no digest.
    let (out, _, code) = verify_texts(&d, b"cells a\n", cert.as_bytes(), &["--json"]);
    assert_eq!(code, 2);
    let doc = assert_valid_text(&out);
    assert_eq!(doc["provenance"]["board"], "game");
    assert_eq!(doc["error"]["line"], 1);
    assert!(doc["game_sha256"].is_null());
    // A file that cannot be read: no line, no column.
    let (out, _, code) = verify(
        &d.join("absent.game"),
        &d.join("c.strategy"),
        &["--json"],
        b"",
    );
    assert_eq!(code, 2);
    let doc = assert_valid_text(&out);
    assert!(doc["error"]["line"].is_null());
}

/// Random changes to a certificate: a label replaced by another, a node id by
/// another, an answer (label and node) removed from a `reply`, a line removed, a
/// target replaced by `win`, a byte changed.
fn scramble(text: &str, rng: &mut XorShift) -> String {
    let mut lines: Vec<Vec<String>> = text
        .lines()
        .map(|l| l.split(' ').map(String::from).collect())
        .collect();
    let words: Vec<String> = lines.iter().flatten().cloned().collect();
    let labels: Vec<&String> = words.iter().filter(|w| w.starts_with('c')).collect();
    let ids: Vec<&String> = words
        .iter()
        .filter(|w| w.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    for _ in 0..1 + rng.below(2) {
        if lines.len() < 2 {
            break;
        }
        let i = 1 + rng.below(lines.len() - 1);
        let n = lines[i].len();
        let w = rng.below(n);
        let word = lines[i][w].clone();
        match rng.below(6) {
            0 if word.starts_with('c') => lines[i][w] = labels[rng.below(labels.len())].clone(),
            1 if word.bytes().all(|b| b.is_ascii_digit()) => {
                lines[i][w] = ids[rng.below(ids.len())].clone()
            }
            2 if lines[i].get(2).is_some_and(|b| b == "reply") && n >= 5 => {
                let k = 3 + 2 * rng.below((n - 3) / 2);
                lines[i].drain(k..k + 2);
            }
            3 => {
                lines.remove(i);
            }
            4 if lines[i].get(2).is_some_and(|b| b == "move") => lines[i][4] = "win".into(),
            5 => {
                let mut bytes = word.into_bytes();
                let k = rng
                    .below(bytes.len().max(1))
                    .min(bytes.len().saturating_sub(1));
                if let Some(b) = bytes.get_mut(k) {
                    *b = b"0123456789cwinmaker "[rng.below(20)];
                }
                lines[i][w] = String::from_utf8_lossy(&bytes).into_owned();
            }
            _ => {}
        }
    }
    lines.iter().map(|l| l.join(" ") + "\n").collect()
}

#[test]
fn scrambled_certificates_that_pass_prove_the_minimax_winner() {
    let mut rng = XorShift::new(99);
    let games: Vec<(Side, String, String)> = (0..40u64)
        .map(|i| {
            let h = Hypergraph::random(
                1000 + i,
                4 + (i % 5) as usize,
                2 + (i % 6) as usize,
                i % 2 == 0,
            );
            let g = h.to_game_text();
            let c = h.certificate(g.as_bytes());
            (h.winner(), g, c)
        })
        .collect();
    let mut proofs = 0;
    for _ in 0..10_000 {
        let (winner, game, cert) = &games[rng.below(games.len())];
        let text = scramble(cert, &mut rng);
        if let Ok(Verdict::Proof { winner: w, .. }) = check(game, &text) {
            proofs += 1;
            assert_eq!(w.word(), winner.word(), "{game}\n{text}");
        }
    }
    // Some changes keep a proof (an answer to a cell that may be left out removed, a
    // node no longer reached changed): enough of them to mean something.
    assert!(proofs >= 2000, "{proofs} proofs");
}

/// Certificates that claim the win for the side that loses (by the plain minimax):
/// the minimax strategy wherever the claimed side does win, and at every other
/// position a random body a faulty solver could write — a move, a `move L win` that
/// completes nothing, Breaker's leaves where their rules fail or hold only locally,
/// answers left out. None is a proof, and each kind of fake is the reason of some
/// rejections.
#[test]
fn certificates_for_the_side_that_loses_are_never_proofs() {
    let mut rng = XorShift::new(4242);
    let mut claimed = [0usize; 2];
    let mut fakes: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut reasons: std::collections::BTreeMap<&str, usize> = Default::default();
    for i in 0..600u64 {
        let ncells = 4 + (i % 8) as usize;
        let nsets = 1 + rng.below(2 * ncells);
        let h = Hypergraph::random(5000 + i, ncells, nsets, i % 3 != 0);
        let game = h.to_game_text();
        let (cert, used) = h.loser_strategy(game.as_bytes(), &mut rng);
        claimed[(cert.winner == Side::Breaker) as usize] += 1;
        for f in used {
            *fakes.entry(f).or_default() += 1;
        }
        match check(&game, &cert.to_text()) {
            Ok(Verdict::NotAProof { reason, .. }) => {
                let kind = REASONS
                    .iter()
                    .find(|k| reason.contains(*k))
                    .unwrap_or_else(|| panic!("graph {i}: an unexpected reason: {reason}"));
                *reasons.entry(kind).or_default() += 1;
            }
            other => panic!(
                "graph {i}: a certificate for the loser gave {other:?}\n{game}\n{}",
                cert.to_text()
            ),
        }
    }
    assert!(
        claimed[0] >= 100 && claimed[1] >= 100,
        "claimed {claimed:?}"
    );
    for kind in [
        "closed",
        "potential",
        "pairing",
        "move win",
        "move",
        "reply",
        "reply, some left out",
    ] {
        assert!(
            fakes.get(kind).copied().unwrap_or(0) >= 20,
            "{kind}: {fakes:?}"
        );
    }
    // Every reason a lost position can give, each met (a final position lost, a false
    // win, an answer left out, and each of Breaker's leaves where its rule fails).
    for kind in REASONS {
        assert!(
            reasons.get(kind).copied().unwrap_or(0) >= 5,
            "{kind}: {reasons:?}"
        );
    }
}

/// The reasons [`certificates_for_the_side_that_loses_are_never_proofs`] expects, as
/// parts of the checker's messages.
const REASONS: [&str; 7] = [
    "Maker owns the whole winning set",
    "every cell is taken and Maker owns no winning set",
    "completes no winning set",
    "is not answered",
    "`closed`, but the winning set",
    "contains no pair",
    "`potential`: the sum",
];
