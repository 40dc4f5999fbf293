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
        stop: &[],
        narrow: None,
    };
    let pool = Pool::new(&g, options);
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

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// What a node holds that means something: the counts of dead sets are not kept.
fn meaningful(n: Node) -> (u128, Vec<u128>, Cells, Cells) {
    let alive = n.counters.alive;
    let slices = n.counters.slice.iter().map(|&x| x & alive).collect();
    (alive, slices, n.live, n.rel)
}

/// The two views of a position — by scanning the sets and through their counters —
/// give the same look, the same moves in the same order and the same zone, on random
/// positions of random games (sets of 2 to 7 cells, up to 128 of them) and of the
/// strip boards; a child's counters and reduction step, followed from its parent's,
/// are those computed from scratch.
#[test]
fn scanned_and_counted_views_agree() {
    let mut rng = Rng(11);
    let mut games: Vec<Game> = Vec::new();
    for _ in 0..40 {
        let n = 8 + rng.below(40) as usize;
        let m = 2 + rng.below(127) as usize;
        let sets: Vec<Vec<usize>> = (0..m)
            .map(|_| {
                let size = 2 + rng.below(6);
                let mut s: Vec<usize> = (0..size).map(|_| rng.below(n as u64) as usize).collect();
                s.sort_unstable();
                s.dedup();
                s
            })
            .collect();
        let refs: Vec<&[usize]> = sets.iter().map(|s| s.as_slice()).collect();
        games.push(game(n, &refs, Side::Maker));
    }
    for n in [8, 11] {
        games.push(crate::game::generate::strip_7tr(n).unwrap());
    }
    games.push(crate::game::generate::strip_dissertation(12).unwrap());
    let (mut decided, mut open) = (0, 0);
    for g in &games {
        let s = Solver::new(
            g,
            &Options {
                memory: 1 << 16,
                ..Options::default()
            },
        );
        assert!(s.threats.slices().is_some());
        for _ in 0..200 {
            let (mut maker, mut breaker) = (0u128, 0u128);
            for c in 0..g.ncells() {
                match rng.below(6) {
                    0 => maker |= 1 << c,
                    1 => breaker |= 1 << c,
                    _ => {}
                }
            }
            let to_move = if rng.below(2) == 0 {
                Side::Maker
            } else {
                Side::Breaker
            };
            let p = Position {
                maker,
                breaker,
                to_move,
            };
            let node = s.node_of(&p);
            for (threats, order) in [(true, true), (true, false), (false, true)] {
                let counted = s.scan_at(&p, node.as_ref(), threats, order);
                let scanned = s.scan_at(&p, None, threats, order);
                assert_eq!(counted, scanned, "game {:x?}, {p:?}", g.sets);
            }
            match s.scan_at(&p, None, true, true).0 {
                Eval::Decided(_) => decided += 1,
                Eval::Open(m) => {
                    open += 1;
                    let live = s.live_sets(&p);
                    let rel = live.iter().fold(0, |a, &x| a | x);
                    assert_eq!(node.unwrap().rel, rel);
                    for &c in &m.cells {
                        let (step, child) = s.step_at(&p, node.as_ref(), rel, &live, c as usize);
                        let scanned = s.step(&p, rel, &live, c as usize);
                        assert_eq!(format!("{step:?}"), format!("{scanned:?}"));
                        let fresh = s.node_of(&p.play(c as usize));
                        assert_eq!(child.map(meaningful), fresh.map(meaningful));
                    }
                }
            }
        }
    }
    assert!(
        decided > 500 && open > 500,
        "{decided} decided, {open} open"
    );
}

/// Below a root with one move, the progress reports show the root's numbers as they
/// stand, not the first numbers of its move: the forced move's search returns to the
/// root only once decided, and before, the reports read its first numbers throughout.
#[test]
fn a_forced_roots_progress_shows_its_numbers_as_they_stand() {
    let g = crate::game::generate::strip_7tr(12).unwrap();
    let cell = |l: &str| g.labels.iter().position(|x| x == l).unwrap();
    // Maker's (0,1) leaves Breaker one move: (1,0), the other cell of a corner pair.
    let p = Position::start(&g).play(cell("0,1"));
    let seen = std::sync::Mutex::new(Vec::new());
    let record = |r: &Progress| {
        seen.lock()
            .unwrap()
            .push((r.root_moves, r.root_pn, r.root_dn))
    };
    let options = Options {
        memory: 1 << 26,
        node_limit: Some(1 << 19),
        progress: Some(&record),
        stop: &[],
        narrow: None,
    };
    Solver::new(&g, &options).solve(&p);
    let seen = seen.into_inner().unwrap();
    assert!(seen.len() >= 4, "{seen:?}");
    assert!(seen.iter().all(|r| r.0 == 1), "{seen:?}");
    let numbers: std::collections::BTreeSet<(u32, u32)> = seen.iter().map(|r| (r.1, r.2)).collect();
    assert!(numbers.len() > 1, "{seen:?}");
}

/// The root's numbers in a progress report are combined up the line being searched:
/// each node from its children, the child searched now (not the first of them)
/// counting with the numbers combined below it, the deepest with those its parent
/// holds for it. Each frame is one the search can be in: its numbers open, and its
/// child searched now the one `select` picks.
#[test]
fn the_roots_numbers_are_combined_up_the_line() {
    let g = crate::game::generate::strip_7tr(8).unwrap();
    let mut s = Solver::new(&g, &Options::default());
    assert_eq!(s.root_as_it_stands(), ((1, 1), (0, 0)));
    let child = |cell, pn, dn| Child {
        cell,
        pn,
        dn,
        zone: 0,
    };
    // The root, Breaker to move: move 3 lost for Breaker, with a zone that leaves
    // move 2 out; move 1, the least disproof number, searched now.
    s.frames.push(Frame {
        children: vec![
            child(0, 3, 8),
            child(1, 2, 4),
            child(2, 4, 6),
            child(3, 0, INF),
        ],
        or: false,
        must: !(1 << 2),
        best: 1,
    });
    assert_eq!(s.root_as_it_stands(), ((5, 4), (4, 2)));
    // Below move 1, Maker to move: move 8, the least proof number, searched now.
    s.frames.push(Frame {
        children: vec![child(7, 9, 1), child(8, 6, 2), child(9, 10, 2)],
        or: true,
        must: !0,
        best: 1,
    });
    // Maker's node: pn 6, weak dn 2 + 2; the root: pn 3 + 6, dn min(8, 4).
    assert_eq!(s.root_as_it_stands(), ((9, 4), (4, 2)));
    // Below move 8, Breaker to move: move 21 searched now.
    s.frames.push(Frame {
        children: vec![child(20, 2, 7), child(21, 5, 3)],
        or: false,
        must: !0,
        best: 1,
    });
    // Breaker's node (7, 3); Maker's: pn min(9, 7, 10), dn 3 + 2; the root (3 + 7, 5).
    assert_eq!(s.root_as_it_stands(), ((10, 5), (4, 2)));
    // The same line, had move 20 been searched first and returned with (3, 9).
    s.frames[2].children[0] = child(20, 3, 9);
    // Breaker's node (8, 3); Maker's: pn min(9, 8, 10), dn 5; the root (3 + 8, 5).
    assert_eq!(s.root_as_it_stands(), ((11, 5), (4, 2)));
}

/// A first move's search from a pool names its move and the tally of the first-move
/// searches in its progress reports; a reset solver reports as a root search again.
#[test]
fn a_first_moves_search_names_its_move_in_progress() {
    let g = crate::game::generate::strip_7tr(10).unwrap();
    let cell = g.labels.iter().position(|x| x == "0,3").unwrap() as u8;
    let seen = std::sync::Mutex::new(Vec::new());
    let record = |r: &Progress| seen.lock().unwrap().push(r.batch);
    let pool = Pool::new(
        &g,
        Options {
            memory: 1 << 24,
            node_limit: Some(1 << 16),
            progress: Some(&record),
            stop: &[],
            narrow: None,
        },
    );
    let tally = Batch {
        ended: 2.into(),
        searches: 5,
    };
    let start = Position::start(&g);
    let o = pool.with(|s| {
        s.set_batch(BatchRoot::FirstMove(cell), &tally);
        s.solve(&start.play(cell as usize))
    });
    assert_eq!(
        o.winner, None,
        "the move's search needs more than 2^16 nodes"
    );
    pool.with(|s| s.solve(&start.play(cell as usize)));
    let want = BatchProgress {
        root: BatchRoot::FirstMove(cell),
        ended: 2,
        searches: 5,
    };
    assert_eq!(seen.into_inner().unwrap(), [Some(want), None]);
}
