//! The tests of the strategy checker: the worked example of FORMATS.md, a wrong game
//! digest, an unanswered threat, the potential rule, the limits and malformed
//! certificates.

use super::*;

const SEVEN: &str = "# Maker wins, but only by opening at 1\ngame seven\nfirst maker\n\
                     cells 1 2 3 4 5 6 7\nset 5 6\nset 1 2 4\nset 1 2 5\nset 1 3 6\nset 1 3 7\n";

fn seven_cert(hash: &str) -> String {
    format!(
        "amoba-strategy 1\ngame {hash}\nwinner maker\nroot 0\nnode 0 move 1 1\n\
         node 1 reply 2 2 3 3 4 4 5 5 6 6 7 7\nnode 2 move 3 8\nnode 3 move 2 9\n\
         node 4 move 3 10\nnode 5 move 3 11\nnode 6 move 2 12\nnode 7 move 2 13\n\
         node 8 reply\nnode 9 reply\nnode 10 reply\nnode 11 reply\nnode 12 reply\n\
         node 13 reply\n"
    )
}

fn check(game: &str, cert: &str) -> Result<Verdict, Error> {
    check_strategy(game.as_bytes(), cert.as_bytes())
}

fn hash(game: &str) -> String {
    super::super::sha256_hex(game.as_bytes())
}

#[test]
fn the_worked_example_is_a_proof() {
    let v = check(SEVEN, &seven_cert(&hash(SEVEN))).unwrap();
    assert_eq!(
        v,
        Verdict::Proof {
            winner: Side::Maker,
            nodes: 14,
            depth: 3,
            unreachable: 0,
            opening: vec![0]
        }
    );
}

/// The opening follows Maker's moves and Breaker's only answered replies, and stops
/// at Breaker's first choice, at a `reply` with no entry, or where the game is over.
#[test]
fn the_opening_follows_forced_replies() {
    let game = "first maker\ncells a b c d e\nset a b\nset a c d\nset a c e\n";
    let cert = format!(
        "amoba-strategy 1\ngame {}\nwinner maker\nroot 0\nnode 0 move a 1\n\
         node 1 reply b 2\nnode 2 move c 3\nnode 3 reply\n",
        hash(game)
    );
    let opening = |cert: &str| match check(game, cert).unwrap() {
        Verdict::Proof { opening, .. } => opening,
        v => panic!("{v:?}"),
    };
    assert_eq!(opening(&cert), vec![0, 1, 2]);
    // Breaker's replies answered one by one: the opening stops before them.
    let answered = cert.replace(
        "node 3 reply\n",
        "node 3 reply d 4 e 5\nnode 4 move e win\nnode 5 move d win\n",
    );
    assert_eq!(opening(&answered), vec![0, 1, 2]);
    // One reply answered, then a winning move: the opening ends with it.
    let one = cert.replace("node 3 reply\n", "node 3 reply d 4\nnode 4 move e win\n");
    assert_eq!(opening(&one), vec![0, 1, 2, 3, 4]);
    // Breaker's certificate of a game Maker cannot win: Maker's first choice at once.
    let g = "first maker\ncells a b\nset a b\n";
    let breaker = format!(
        "amoba-strategy 1\ngame {}\nwinner breaker\nroot 0\nnode 0 reply a 1 b 2\n\
         node 1 move b 3\nnode 2 move a 4\nnode 3 closed\nnode 4 closed\n",
        hash(g)
    );
    assert!(matches!(
        check(g, &breaker).unwrap(),
        Verdict::Proof { ref opening, .. } if opening.is_empty()
    ));
}

#[test]
fn a_wrong_hash_is_not_a_proof() {
    let v = check(SEVEN, &seven_cert(&"0".repeat(64))).unwrap();
    assert!(matches!(v, Verdict::NotAProof { node: 0, ref reason } if reason.contains("SHA-256")));
}

#[test]
fn an_unanswered_threat_is_not_a_proof() {
    let cert = seven_cert(&hash(SEVEN)).replace("reply 2 2 3 3", "reply 3 3");
    let v = check(SEVEN, &cert).unwrap();
    assert_eq!(
        v,
        Verdict::NotAProof {
            node: 1,
            reason: "Breaker's move at 2 is not answered (it is in a live winning set)".into()
        }
    );
}

#[test]
fn maker_owning_a_set_at_the_start_needs_nothing_more() {
    let game = "first breaker\ncells a b c\nset a b\nmaker a b\n";
    let h = hash(game);
    let ok = format!("amoba-strategy 1\ngame {h}\nwinner maker\nroot 7\nnode 7 reply\n");
    assert!(matches!(
        check(game, &ok),
        Ok(Verdict::Proof {
            nodes: 1,
            depth: 0,
            ..
        })
    ));
    let bad = ok.replace("winner maker", "winner breaker");
    assert!(matches!(
        check(game, &bad),
        Ok(Verdict::NotAProof { node: 7, .. })
    ));
}

#[test]
fn potential_is_exact() {
    // Two disjoint sets of two free cells: Σ = 1/2, not below 1/2 with Maker to
    // move, below 1 with Breaker to move.
    for (first, proof) in [("maker", false), ("breaker", true)] {
        let game = format!("first {first}\ncells a b c d\nset a b\nset c d\n");
        let h = hash(&game);
        let cert =
            format!("amoba-strategy 1\ngame {h}\nwinner breaker\nroot 0\nnode 0 potential\n");
        let v = check(&game, &cert).unwrap();
        assert_eq!(matches!(v, Verdict::Proof { .. }), proof, "{first}: {v:?}");
    }
}

#[test]
fn potential_carries_exactly() {
    // 1/2 + 1/4 + 1/8 + 1/8 = 1: not below 1; without the last set, 7/8: below 1
    // with Breaker to move, not below 1/2 with Maker to move.
    let sets = "set a\nset b c\nset d e f\nset g h i\n";
    for (first, drop, proof) in [
        ("breaker", false, false),
        ("breaker", true, true),
        ("maker", true, false),
    ] {
        let sets = if drop {
            sets.replace("set g h i\n", "")
        } else {
            sets.into()
        };
        let game = format!("first {first}\ncells a b c d e f g h i\n{sets}");
        let h = hash(&game);
        let cert =
            format!("amoba-strategy 1\ngame {h}\nwinner breaker\nroot 0\nnode 0 potential\n");
        let v = check(&game, &cert).unwrap();
        assert_eq!(
            matches!(v, Verdict::Proof { .. }),
            proof,
            "{first} {drop}: {v:?}"
        );
    }
}

#[test]
fn limits_are_enforced() {
    let game = Game::parse(SEVEN.as_bytes()).unwrap();
    let cert = seven_cert(game.sha256());
    let small = |bytes, nodes, line| Limits { bytes, nodes, line };
    let e = check_with_limits(&game, cert.as_bytes(), small(100, 100, 100)).unwrap_err();
    assert!(e.message.contains("larger than 100 bytes"), "{e}");
    let e = check_with_limits(&game, cert.as_bytes(), small(1 << 20, 5, 100)).unwrap_err();
    assert_eq!((e.line, e.column), (10, 6), "{e}");
    let e = check_with_limits(&game, cert.as_bytes(), small(1 << 20, 100, 68)).unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(check_with_limits(&game, cert.as_bytes(), small(1 << 20, 14, 69)).is_ok());
}

#[test]
fn malformed_certificates() {
    let h = hash(SEVEN);
    let good = seven_cert(&h);
    let at = |cert: &str| {
        let e = check(SEVEN, cert).unwrap_err();
        assert_eq!(e.input, Input::Certificate);
        (e.line, e.column)
    };
    assert_eq!(at(""), (1, 1));
    assert_eq!(
        at(&good.replacen("amoba-strategy 1", "amoba-strategy 2", 1)),
        (1, 16)
    );
    assert_eq!(at(&format!("{good}amoba-strategy 1\n")), (19, 1));
    assert_eq!(at(&format!("{good}node 3 closed\n")), (19, 6));
    assert_eq!(at(&good.replace("node 13 reply\n", "")), (12, 15));
    assert_eq!(at(&good.replace("move 2 12", "move 9 12")), (11, 13));
    assert_eq!(at(&good.replace("root 0\n", "")), (1, 1));
    assert_eq!(at(&format!("{good}root 0\n")), (19, 1));
    assert_eq!(at(&good.replace("move 1 1", "move 1")), (5, 14));
    assert_eq!(at(&good.replace("move 1 1", "move 1 1 2")), (5, 17));
    assert_eq!(at(&good.replace("reply 2 2", "reply 2")), (6, 35));
    assert_eq!(at(&good.replace("node 8 reply", "node 8 replies")), (13, 8));
    assert_eq!(
        at(&good.replace("node 8 reply", "node 4294967296 reply")),
        (13, 6)
    );
    assert_eq!(at(&good.replace(&h, &h.to_uppercase())), (2, 6));
    assert_eq!(at(&good.replace("winner maker", "winner nobody")), (3, 8));
}

#[test]
fn a_long_token_is_quoted_short() {
    let long = "x".repeat(100_000);
    let cert = seven_cert(&hash(SEVEN)).replace("winner maker", &format!("winner {long}"));
    let e = check(SEVEN, &cert).unwrap_err();
    assert_eq!((e.line, e.column), (3, 8));
    assert!(e.message.contains(&format!("'{}…'", "x".repeat(40))), "{e}");
    assert!(e.message.len() < 200, "{e}");
    let game = SEVEN.replace("cells 1", &format!("cells {long}\u{7} 1"));
    let e = Game::parse(game.as_bytes()).unwrap_err();
    assert!(e.message.len() < 200, "{e}");
    let e = Game::parse("game g\u{1}\n".as_bytes()).unwrap_err();
    assert!(e.message.contains("'g\\u{1}'"), "{e}");
}
