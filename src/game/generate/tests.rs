//! The tests of the generators: the sets and blocking powers of the dissertation's
//! strips, the sets of the 7^tr strips, rectangles and tori, the check of names, and what
//! a recipe says about the game it makes.

use super::*;
use crate::game::cells;
use crate::game::info::blocking_power;

/// The sets of `g` as sorted lists of (column, row).
fn points(g: &Game) -> Vec<Vec<(i64, i64)>> {
    let coords = g.coords.as_ref().unwrap();
    g.sets
        .iter()
        .map(|&s| cells(s).map(|c| coords[c]).collect())
        .collect()
}

fn sizes(g: &Game) -> Vec<usize> {
    let mut v = vec![0; 9];
    for s in &g.sets {
        v[s.count_ones() as usize] += 1;
    }
    v
}

#[test]
fn the_dissertation_strips_have_their_sets_and_blocking_powers() {
    let g = strip_dissertation(8).unwrap();
    assert_eq!((g.ncells(), g.sets.len()), (32, 32));
    assert_eq!(sizes(&g), [0, 0, 2, 4, 26, 0, 0, 0, 0]);
    assert_eq!(g.coords.as_ref().unwrap()[9], (1, 1));
    let p = points(&g);
    assert!(p.contains(&vec![(1, 0), (0, 1)]));
    assert!(p.contains(&vec![(6, 0), (7, 1)]));
    assert!(p.contains(&vec![(2, 0), (3, 1), (4, 2), (5, 3)]));
    assert!(p.contains(&vec![(7, 1), (6, 2), (5, 3)]));
    assert!(!p.contains(&vec![(2, 0), (3, 0), (4, 0), (5, 0)]));
    let b = blocking_power(&g).unwrap();
    assert_eq!((b.a, b.b), (32, 88));
    let g = strip_dissertation(12).unwrap();
    assert_eq!((g.ncells(), g.sets.len()), (48, 48));
    let b = blocking_power(&g).unwrap();
    assert_eq!((b.a, b.b), (48, 136));
    for n in (4..=32).step_by(4) {
        let g = strip_dissertation(n).unwrap();
        let b = blocking_power(&g).unwrap();
        assert_eq!((b.a, b.b), (4 * n as u64, 12 * n as u64 - 8), "n = {n}");
    }
    for n in [0, 2, 6, 36] {
        assert_eq!(strip_dissertation(n).unwrap_err().argument, "n");
    }
}

#[test]
fn the_7tr_strips_have_their_sets() {
    let g = strip_7tr(7).unwrap();
    assert_eq!((g.ncells(), g.sets.len()), (28, 29));
    assert_eq!(sizes(&g), [0, 0, 2, 4, 23, 0, 0, 0, 0]);
    // n = 8: the dissertation's strip, in the same order.
    assert_eq!(
        strip_7tr(8).unwrap().sets,
        strip_dissertation(8).unwrap().sets
    );
    for n in 7..=32 {
        let g = strip_7tr(n).unwrap();
        let sevens = 4 * n.saturating_sub(8);
        assert_eq!(g.sets.len(), 8 + sevens + n + 2 * (n - 3) + 6, "n = {n}");
        assert_eq!(sizes(&g)[7], sevens, "n = {n}");
    }
    let p = points(&strip_7tr(9).unwrap());
    assert!(p.contains(&(1..8).map(|c| (c, 2)).collect()));
    for n in [0, 6, 33] {
        assert_eq!(strip_7tr(n).unwrap_err().argument, "n");
    }
}

#[test]
fn rectangles() {
    let g = rectangle(3, 3, 3, &FOUR_DIRECTIONS).unwrap();
    assert_eq!(
        (g.ncells(), g.sets.len(), g.name.as_str()),
        (9, 8, "rectangle-3x3-k3")
    );
    assert_eq!(g.labels[5], "2,1");
    assert_eq!(rectangle(4, 4, 4, &FOUR_DIRECTIONS).unwrap().sets.len(), 10);
    // 5×2, k = 2: 8 horizontal, 5 vertical, 4 + 4 diagonal windows.
    assert_eq!(rectangle(5, 2, 2, &FOUR_DIRECTIONS).unwrap().sets.len(), 21);
    assert_eq!(rectangle(3, 3, 1, &FOUR_DIRECTIONS).unwrap().sets.len(), 9);
    assert_eq!(rectangle(3, 3, 4, &FOUR_DIRECTIONS).unwrap().sets.len(), 0);
    assert_eq!(
        rectangle(3, 3, usize::MAX, &FOUR_DIRECTIONS)
            .unwrap()
            .sets
            .len(),
        0
    );
    // A knight's direction: (0,0) (1,2) on a 2×3 board.
    let g = rectangle(2, 3, 2, &[(1, 2), (i64::MAX, 1)]).unwrap();
    assert_eq!(points(&g), vec![vec![(0, 0), (1, 2)]]);
    assert_eq!(rectangle(128, 1, 128, &[(1, 0)]).unwrap().sets.len(), 1);
    let err = |w, h, k, d: &[(i64, i64)]| rectangle(w, h, k, d).unwrap_err().argument;
    assert_eq!(err(0, 3, 3, &FOUR_DIRECTIONS), "width");
    assert_eq!(err(3, 0, 3, &FOUR_DIRECTIONS), "height");
    assert_eq!(err(3, 3, 0, &FOUR_DIRECTIONS), "k");
    assert_eq!(err(3, 3, 3, &[]), "directions");
    assert_eq!(err(3, 3, 3, &[(2, 0)]), "directions");
    assert_eq!(err(3, 3, 3, &[(0, 0)]), "directions");
    assert_eq!(err(3, 3, 3, &[(1, 0), (-1, 0)]), "directions");
    assert_eq!(err(12, 11, 3, &FOUR_DIRECTIONS), "width");
    assert_eq!(err(usize::MAX, 2, 3, &FOUR_DIRECTIONS), "width");
}

#[test]
fn tori() {
    let g = torus(&Board::square9()).unwrap();
    assert_eq!((g.ncells(), g.sets.len()), (64, 32));
    assert_eq!(g.name, "torus-square9");
    assert!(g.coords.is_some());
    assert!(g.sets.iter().all(|s| s.count_ones() == 8));
    // The 16-toroidal board, Z²/⟨(16,0), (8,8)⟩: 8 rows and 8 columns of 16 cells,
    // 16 windows of 9 on each; 16 diagonals and 16 antidiagonals of 8 cells.
    let g = torus(&Board::square9_16()).unwrap();
    assert_eq!(g.ncells(), 128);
    let nine = g.sets.iter().filter(|s| s.count_ones() == 9).count();
    let eight = g.sets.iter().filter(|s| s.count_ones() == 8).count();
    assert_eq!((nine, eight, g.sets.len()), (256, 32, 288));
    for name in Board::NAMES {
        let b = Board::by_name(name).unwrap();
        match torus(&b) {
            Ok(g) => {
                assert_eq!(g.ncells(), b.ncells(), "{name}");
                assert_eq!(g.coords.is_some(), b.dim() == 2, "{name}");
            }
            Err(e) => assert!(b.ncells() > MAX_CELLS, "{name}: {e}"),
        }
    }
}

#[test]
fn names_are_checked() {
    let g = rectangle(3, 3, 3, &FOUR_DIRECTIONS).unwrap();
    let g = renamed(g, Some("tictactoe"), Side::Breaker).unwrap();
    assert_eq!((g.name.as_str(), g.first), ("tictactoe", Side::Breaker));
    assert_eq!(
        renamed(g, Some("tic tac"), Side::Maker)
            .unwrap_err()
            .argument,
        "name"
    );
    assert_eq!(name_from("torus-my board"), "torus-my_board");
}

#[test]
fn recipes_say_what_they_make() {
    let r = Recipe::Rectangle {
        width: 3,
        height: 3,
        k: 3,
        directions: FOUR_DIRECTIONS.to_vec(),
    };
    let g = r.make().unwrap();
    let c = r.comments(&g, &["--name".into(), "tic tac".into()]);
    assert_eq!(
        c[1],
        "written by: amoba game rectangle --width 3 --height 3 --k 3 --name 'tic tac'"
    );
    let r = Recipe::Rectangle {
        width: 3,
        height: 3,
        k: 2,
        directions: vec![(1, 2)],
    };
    assert!(r.about().ends_with("directions 1,2"));
    assert_eq!(r.arguments()[8..], ["--directions", "1,2"]);
    let r = Recipe::Torus {
        board: Box::new(Board::square9()),
        options: vec!["--board".into(), "square9".into()],
    };
    assert_eq!(r.arguments(), ["game", "torus", "--board", "square9"]);
    assert_eq!(r.make().unwrap().sets.len(), 32);
}

/// Moves alternate from the player to move, compose, leave the sets alone, and a
/// game started by Breaker gives Breaker the first of them.
#[test]
fn after_plays_the_moves_in_turn() {
    let g = strip_7tr(9).unwrap();
    let cell = |l: &str| g.labels.iter().position(|x| x == l).unwrap();
    let p = after(&g, "0,1 1,0 8,1").unwrap();
    assert_eq!(p.maker, 1 << cell("0,1") | 1 << cell("8,1"));
    assert_eq!(p.breaker, 1 << cell("1,0"));
    assert_eq!(p.first, Side::Breaker);
    assert_eq!((&p.sets, &p.labels, &p.name), (&g.sets, &g.labels, &g.name));
    assert_eq!(after(&after(&g, "0,1 1,0").unwrap(), "8,1").unwrap(), p);
    assert!(
        after(&g, " \t ")
            .unwrap_err()
            .message
            .contains("no move given")
    );
    let b = renamed(g.clone(), None, Side::Breaker).unwrap();
    let q = after(&b, "4,2").unwrap();
    assert_eq!(
        (q.maker, q.breaker, q.first),
        (0, 1 << cell("4,2"), Side::Maker)
    );
    let taken = after(&p, "1,0").unwrap_err();
    assert_eq!(taken.argument, "moves");
    assert!(
        taken.message.contains("move 1: cell 1,0 is taken"),
        "{taken}"
    );
    let unknown = after(&g, "0,1 0,4").unwrap_err();
    assert!(
        unknown.message.contains("move 2: found \"0,4\""),
        "{unknown}"
    );
    let (named, comments) = after_finished(&g, "s9.game", "0,1\t1,0", Some("s9-edge")).unwrap();
    assert_eq!(named.name, "s9-edge");
    assert_eq!(comments[0], "strip7tr-9 after the moves 0,1 1,0");
    assert_eq!(
        comments[1],
        "written by: amoba game after s9.game --moves '0,1 1,0' --name s9-edge"
    );
    assert!(after_finished(&g, "s9.game", "0,1", Some("a b")).is_err());
    // From a position already reached, the comment says so.
    let (_, comments) = after_finished(&p, "p.game", "4,2", None).unwrap();
    assert_eq!(
        comments[0],
        "strip7tr-9 after the moves 4,2, from a position where Maker owns 2 cells and Breaker 1"
    );
}

/// Once Maker owns a whole winning set the game is over, and a further move is refused.
#[test]
fn after_refuses_moves_once_maker_has_won() {
    let seven = crate::game::file::parse(include_str!("../../../data/games/seven.game")).unwrap();
    let done = after(&seven, "5 1 6").unwrap();
    assert!(seven.sets.iter().any(|&s| s & !done.maker == 0));
    let over = after(&seven, "5 1 6 2").unwrap_err();
    assert_eq!(over.argument, "moves");
    assert!(
        over.message
            .contains("move 4: the game is over, Maker owns the winning set"),
        "{over}"
    );
}
