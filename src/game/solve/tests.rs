//! Tests of the search on small games whose answers are known: the seven-cell game
//! of docs/spec.md §11.17, tic-tac-toe, and a reused solver against a fresh one.

use super::*;

#[test]
fn a_reset_solver_counts_as_a_fresh_one() {
    let g = crate::game::generate::strip_7tr(8).unwrap();
    let start = Position::start(&g);
    let options = Options {
        memory: 1 << 22,
        node_limit: None,
        progress: None,
    };
    let pool = Pool::new(&g, options.memory, None);
    for c in [0, 9, 17] {
        let fresh = Solver::new(&g, &options).solve(&start.play(c));
        let reused = pool.with(|s| s.solve(&start.play(c)));
        assert_eq!(fresh, reused, "first move {c}");
    }
}

fn game(n: usize, sets: &[&[usize]], first: Side) -> Game {
    Game {
        name: String::new(),
        labels: (0..n).map(|c| c.to_string()).collect(),
        coords: None,
        sets: sets
            .iter()
            .map(|s| s.iter().fold(0u128, |a, &c| a | 1 << c))
            .collect(),
        first,
        maker: 0,
        breaker: 0,
    }
}

#[test]
fn seven_cell_game_is_a_maker_win_only_from_cell_one() {
    // Cells 1..7 of docs/spec.md §11 as 0..6.
    let g = game(
        7,
        &[&[4, 5], &[0, 1, 3], &[0, 1, 4], &[0, 2, 5], &[0, 2, 6]],
        Side::Maker,
    );
    let mut s = Solver::new(&g, &Options::default());
    let root = Position::start(&g);
    assert_eq!(s.solve(&root).winner, Some(Side::Maker));
    for c in 0..7 {
        let w = s.value(&root.play(c));
        let want = if c == 0 { Side::Maker } else { Side::Breaker };
        assert_eq!(w, Some(want), "first move {c}");
    }
}

#[test]
fn tic_tac_toe_is_a_maker_win() {
    let g = game(
        9,
        &[
            &[0, 1, 2],
            &[3, 4, 5],
            &[6, 7, 8],
            &[0, 3, 6],
            &[1, 4, 7],
            &[2, 5, 8],
            &[0, 4, 8],
            &[2, 4, 6],
        ],
        Side::Maker,
    );
    let mut s = Solver::new(&g, &Options::default());
    assert_eq!(s.symmetries().len(), 8);
    assert_eq!(s.solve(&Position::start(&g)).winner, Some(Side::Maker));
}
