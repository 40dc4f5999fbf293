//! The tests of the reader and the writer: the worked example of FORMATS.md, every
//! error of the reader at its line and column, the round trip `parse(write(g)) == g`.

use super::*;
use crate::game::{Cells, Side, mask};
use std::collections::HashSet;

const SEVEN: &str = "# Maker wins, but only by opening at 1\ngame seven\nfirst maker\n\
                     cells 1 2 3 4 5 6 7\nset 5 6\nset 1 2 4\nset 1 2 5\nset 1 3 6\n\
                     set 1 3 7\n";

fn seven() -> Game {
    parse(SEVEN).unwrap()
}

fn written(g: &Game, comments: &[&str]) -> String {
    let mut out = Vec::new();
    let c: Vec<String> = comments.iter().map(|s| s.to_string()).collect();
    write_commented(g, &c, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn error(text: &str) -> (usize, usize, String) {
    let e = parse(text).unwrap_err();
    (e.line, e.column, e.message)
}

#[test]
fn the_worked_example_reads_and_writes_back_byte_for_byte() {
    let g = seven();
    assert_eq!(g.name, "seven");
    assert_eq!(g.ncells(), 7);
    assert_eq!(g.first, Side::Maker);
    assert_eq!(g.sets, vec![0b110000, 0b1011, 0b10011, 0b100101, 0b1000101]);
    assert_eq!((g.maker, g.breaker), (0, 0));
    assert_eq!(g.coords, None);
    assert_eq!(
        written(&g, &["Maker wins, but only by opening at 1"]),
        SEVEN
    );
    assert_eq!(parse(&written(&g, &[])).unwrap(), g);
}

#[test]
fn lenient_forms_are_accepted() {
    let text = "\u{feff}  # comment\r\n\tcells 1,0\t0,0  x#tail\r\n\nset x 0,0 # again\n\
                set 0,0 x\nbreaker 1,0\nfirst breaker#c\ncells 2,0\nset 1,0 0,0 x\n\
                set 1,0 0,0\nmaker x\nset 0,0 x";
    let g = parse(text).unwrap();
    assert_eq!(g.labels, ["1,0", "0,0", "x", "2,0"]);
    assert_eq!(g.coords, None);
    assert_eq!(g.sets, vec![0b110, 0b111, 0b011]);
    assert_eq!((g.maker, g.breaker, g.first), (0b100, 0b1, Side::Breaker));
}

#[test]
fn coordinates_are_read_only_in_their_usual_form() {
    let g = parse("first maker\ncells 0,0 -3,2 1000000,-1000000\n").unwrap();
    assert_eq!(
        g.coords,
        Some(vec![(0, 0), (-3, 2), (1_000_000, -1_000_000)])
    );
    for bad in [
        "01,0",
        "+1,0",
        "-0,0",
        "1000001,0",
        "1,2,3",
        "1,",
        ",1",
        "a,1",
    ] {
        assert_eq!(coordinate(bad), None, "{bad}");
        let g = parse(&format!("first maker\ncells 0,0 {bad}\n")).unwrap();
        assert_eq!(g.coords, None, "{bad}");
    }
    assert_eq!(parse("first maker\n").unwrap().coords, None);
}

#[test]
fn every_rejection_names_its_line_and_column() {
    let cases: &[(&str, (usize, usize), &str)] = &[
        ("first maker\nplay 1\n", (2, 1), "expected a statement"),
        ("cells a\nset a\n", (1, 1), "no `first`"),
        ("first maker\n first breaker\n", (2, 2), "second `first`"),
        ("first white\n", (1, 7), "expected maker or breaker"),
        ("first\n", (1, 6), "expected maker or breaker"),
        ("first maker now\n", (1, 13), "takes one word"),
        ("game a\ngame b\nfirst maker\n", (2, 1), "second `game`"),
        ("game a b\n", (1, 8), "takes one word"),
        ("game a/b\n", (1, 7), "character '/'"),
        (&format!("game {}\n", "n".repeat(65)), (1, 6), "at most 64"),
        ("first maker\ncells a é\n", (2, 9), "character 'é'"),
        ("first maker\ncells a(1)\n", (2, 8), "character '('"),
        (
            &format!("first maker\ncells {}\n", "a".repeat(33)),
            (2, 7),
            "at most 32",
        ),
        ("first maker\ncells a b a\n", (2, 11), "declared at line 2"),
        (
            "first maker\nset a\ncells a\n",
            (2, 5),
            "no `cells` line declares",
        ),
        ("first maker\ncells a\nset\n", (3, 4), "not empty"),
        ("first maker\ncells a\nset # nothing\n", (3, 4), "not empty"),
        (
            "first maker\ncells a b\nset a b a\n",
            (3, 9),
            "twice in one set",
        ),
        (
            "first maker\ncells a b\nmaker a\nbreaker b a\n",
            (4, 11),
            "already Maker's",
        ),
        (
            "first maker\ncells a b\nbreaker a a\n",
            (3, 11),
            "already Breaker's",
        ),
        (
            "first maker\ncells a\nmaker\n",
            (3, 6),
            "expected the labels",
        ),
        ("first maker\ncells\n", (2, 6), "at least one label"),
        ("first maker\ncells a\x0bb\n", (2, 8), "character '\\u{b}'"),
        ("first maker\ncells a\rb\n", (2, 8), "character '\\r'"),
    ];
    for (text, (line, column), what) in cases {
        let (l, c, m) = error(text);
        assert_eq!((l, c), (*line, *column), "{text:?}: {m}");
        assert!(m.contains(what), "{text:?}: {m}");
    }
}

#[test]
fn limits_are_checked_before_growing() {
    let labels: Vec<String> = (0..129).map(|i| format!("c{i}")).collect();
    let text = format!("first maker\ncells {}\n", labels.join(" "));
    let (l, c, m) = error(&text);
    assert_eq!(l, 2);
    assert_eq!(
        c,
        7 + labels[..128].iter().map(|s| s.len() + 1).sum::<usize>()
    );
    assert!(m.contains("at most 128 cells"), "{m}");
    let ok = format!("first maker\ncells {}\n", labels[..128].join(" "));
    assert_eq!(parse(&ok).unwrap().ncells(), 128);

    // 65,536 distinct sets of 17 cells (bit patterns of 16 cells with a fixed one),
    // then one more.
    let mut text = format!("first maker\ncells {}\n", labels[..17].join(" "));
    for m in 0..=MAX_SETS {
        text.push_str("set c16");
        for b in 0..16 {
            if m >> b & 1 == 1 {
                text.push_str(&format!(" c{b}"));
            }
        }
        text.push_str(if m == MAX_SETS { " \n" } else { "\n" });
    }
    // m = 65,536 has no bit below 16: the set {c16} again, kept once.
    assert_eq!(parse(&text).unwrap().sets.len(), MAX_SETS);
    text.push_str("set c15 c16 c14 c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12 c13\n");
    assert_eq!(parse(&text).unwrap().sets.len(), MAX_SETS);
    text.push_str("set c15\n");
    let (l, c, m) = error(&text);
    assert_eq!((l, c), (3 + MAX_SETS + 2, 1), "{m}");
    assert!(m.contains("at most 65536"), "{m}");

    let long = format!("first maker\n#{}\n", "x".repeat(MAX_LINE_BYTES));
    assert_eq!(error(&long).0, 2);
    let fine = format!("first maker\n#{}\n", "x".repeat(MAX_LINE_BYTES - 1));
    assert!(parse(&fine).is_ok());
    let huge = format!("first maker\n{}", "\n".repeat(MAX_FILE_BYTES));
    let (l, c, m) = error(&huge);
    assert_eq!((l, c), (1, 1));
    assert!(m.contains("16 MiB"), "{m}");
}

#[test]
fn bytes_that_are_not_utf8_are_placed() {
    let e = parse_bytes(b"first maker\ncells \xc3\xa9a \xff\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 10));
    assert!(e.message.contains("0xff"), "{}", e.message);
}

#[test]
fn a_game_that_is_not_valid_is_not_written() {
    let mut g = seven();
    g.labels[0] = "a b".into();
    assert!(write(&g, &mut Vec::new()).is_err());
    let mut g = seven();
    g.sets.push(0);
    assert!(write(&g, &mut Vec::new()).is_err());
    let mut g = seven();
    g.maker = 1;
    g.breaker = 1;
    assert!(write(&g, &mut Vec::new()).is_err());
    let mut g = seven();
    g.name = "two words".into();
    assert!(write(&g, &mut Vec::new()).is_err());
}

#[test]
fn positions_and_long_lines_wrap() {
    let labels: Vec<String> = (0..40).map(|i| format!("{i},0")).collect();
    let g = Game {
        name: "row(40)".into(),
        coords: coordinates(&labels),
        labels,
        sets: vec![mask(40), 0b11],
        first: Side::Breaker,
        maker: mask(20) & !0b11,
        breaker: 0b11 | 1 << 39,
    };
    let text = written(&g, &["a\ncomment"]);
    assert!(text.starts_with("# a comment\ngame row(40)\nfirst breaker\ncells 0,0 1,0"));
    assert_eq!(text.lines().filter(|l| l.starts_with("cells")).count(), 3);
    assert_eq!(text.lines().filter(|l| l.starts_with("maker")).count(), 2);
    assert_eq!(text.lines().filter(|l| l.starts_with("set")).count(), 2);
    assert_eq!(parse(&text).unwrap(), g);
}

mod round_trip {
    use super::*;
    use proptest::prelude::*;

    fn label() -> impl Strategy<Value = String> {
        prop_oneof![
            "[A-Za-z0-9_.,:+-]{1,32}",
            (-1_000_000i64..=1_000_000, -3i64..=3).prop_map(|(x, y)| format!("{x},{y}")),
        ]
    }

    fn game() -> impl Strategy<Value = Game> {
        (
            prop::collection::vec(label(), 0..=128),
            prop::bool::ANY,
            "[A-Za-z0-9_.,:()+-]{0,64}",
            prop::collection::vec(any::<u128>(), 0..40),
            any::<u128>(),
            any::<u128>(),
            prop::bool::ANY,
        )
            .prop_map(|(mut labels, coord_only, name, sets, m, b, breaker)| {
                let mut seen = HashSet::new();
                labels.retain(|l| seen.insert(l.clone()));
                if coord_only {
                    labels.retain(|l| coordinate(l).is_some());
                }
                let all = mask(labels.len());
                let mut seen = HashSet::new();
                let sets: Vec<Cells> = sets
                    .into_iter()
                    .map(|s| s & all)
                    .filter(|&s| s != 0 && seen.insert(s))
                    .collect();
                Game {
                    name,
                    coords: coordinates(&labels),
                    labels,
                    sets,
                    first: if breaker { Side::Breaker } else { Side::Maker },
                    maker: m & all,
                    breaker: b & !m & all,
                }
            })
    }

    proptest! {
        #[test]
        fn parse_of_write_is_the_game(g in game()) {
            let mut out = Vec::new();
            write(&g, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            prop_assert_eq!(parse(&text).unwrap(), g);
        }

        #[test]
        fn parse_never_panics(text in "(game|first|cells|set|maker|breaker|#| |\t|\n|\r|[a-c]|,|1|-|é){0,80}") {
            let _ = parse(&text);
        }
    }
}
