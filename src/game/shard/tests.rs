//! The test of sharding: the shards partition the frontier, and their parts merge to the
//! value of the root.

use super::*;
use crate::game::generate::strip_7tr;
use std::collections::BTreeSet;

#[test]
fn shards_partition_the_frontier_and_merge_to_the_root_value() {
    let game = strip_7tr(8).unwrap();
    let f = Frontier::new(&game, 1).unwrap();
    let n = 3;
    let request = PartRequest {
        memory: 1 << 20,
        node_limit: None,
        stop: &[],
        progress: None,
    };
    let sha = "0".repeat(64);
    let mut parts = Vec::new();
    for i in 0..n {
        let todo: Vec<usize> = f.shard(i, n).collect();
        let solved = solve_part(&game, &f, &todo, &request, &|_| {}).unwrap();
        let part = Part {
            game_sha256: sha.clone(),
            depth: 1,
            fingerprint: f.fingerprint.clone(),
            shard: i,
            count: n,
            solved,
        };
        let mut text = Vec::new();
        part.write(&game, &mut text).unwrap();
        let back = read_part(&game, std::str::from_utf8(&text).unwrap()).unwrap();
        assert_eq!(back, part);
        parts.push((format!("part {i}"), back));
    }
    let m = merge(&f, &sha, &parts, true).unwrap();
    assert_eq!(m.winner, Some(Side::Maker));
    assert_eq!(m.decided, f.positions.len());
    let c = m.certificate.unwrap();
    assert!(matches!(c.nodes[0], Node::Move { .. }));
    // A missing and a repeated shard are refused.
    assert!(matches!(
        merge(&f, &sha, &parts[..2], false),
        Err(ShardError::Missing { .. })
    ));
    let mut twice = parts.clone();
    twice[2] = parts[1].clone();
    assert!(matches!(
        merge(&f, &sha, &twice, false),
        Err(ShardError::Repeated { .. })
    ));
}

/// Each search of a part reports its progress naming its frontier position and how
/// many of the part's searches have ended.
#[test]
fn a_parts_searches_name_their_positions_in_progress() {
    let game = strip_7tr(11).unwrap();
    let f = Frontier::new(&game, 1).unwrap();
    let seen = std::sync::Mutex::new(Vec::new());
    let record = |p: &Progress| seen.lock().unwrap().push(p.batch);
    let request = PartRequest {
        memory: 1 << 22,
        node_limit: Some(1 << 17),
        stop: &[],
        progress: Some(&record),
    };
    let todo = [0, 1];
    let solved = solve_part(&game, &f, &todo, &request, &|_| {}).unwrap();
    assert_eq!(solved.len(), 2);
    let seen = seen.into_inner().unwrap();
    // Position 0 needs more than 65,536 nodes; the other may end first (threads).
    assert!(
        seen.iter()
            .any(|b| b.is_some_and(|b| b.root == BatchRoot::Frontier(0))),
        "{seen:?}"
    );
    assert!(
        seen.iter()
            .all(|b| b.is_some_and(|b| b.searches == 2 && b.ended < 2)),
        "{seen:?}"
    );
}

/// Every open line below a move at the root, played from the start, reaches an
/// undecided frontier position through undecided positions only, and the lines name
/// each open position once: the same positions as a plain recursive walk of the split
/// finds, on a split of (4, 8, 7^tr) at depth 2 with values made up.
#[test]
fn open_lines_reach_the_open_positions_below_each_move() {
    let game = strip_7tr(8).unwrap();
    let f = Frontier::new(&game, 2).unwrap();
    let values: Vec<Option<Side>> = (0..f.positions.len())
        .map(|i| match (i % 61, i % 97) {
            (_, 7) => Some(Side::Breaker),
            (0 | 5, _) => None,
            _ => Some(Side::Maker),
        })
        .collect();
    let mut memo = vec![None; f.top.len()];
    let moves = merge::root_moves(&f, &values, &mut memo);
    let index: HashMap<(Cells, Cells), usize> = f
        .positions
        .iter()
        .enumerate()
        .map(|(i, p)| ((p.maker, p.breaker), i))
        .collect();
    // The open positions below `link`, by a recursive walk (its own minimax).
    fn walk(f: &Frontier, values: &[Option<Side>], link: Link, out: &mut BTreeSet<usize>) {
        fn val(f: &Frontier, values: &[Option<Side>], link: Link) -> Option<Side> {
            match link {
                Link::Leaf { index, .. } => values[index as usize],
                Link::Top(t) => {
                    let top = &f.top[t as usize];
                    let v: Vec<_> = top
                        .children
                        .iter()
                        .map(|&(_, l)| val(f, values, l))
                        .collect();
                    if v.contains(&Some(top.to_move)) {
                        Some(top.to_move)
                    } else if v.iter().all(|w| *w == Some(top.to_move.other())) {
                        Some(top.to_move.other())
                    } else {
                        None
                    }
                }
            }
        }
        if val(f, values, link).is_some() {
            return;
        }
        match link {
            Link::Leaf { index, .. } => {
                out.insert(index as usize);
            }
            Link::Top(t) => {
                for &(_, l) in &f.top[t as usize].children {
                    walk(f, values, l, out);
                }
            }
        }
    }
    let Link::Top(root) = f.root else {
        panic!("the root is expanded")
    };
    let (mut some_open, mut some_decided) = (false, false);
    for (m, &(cell, link)) in moves.iter().zip(&f.top[root as usize].children) {
        assert_eq!(m.cell, cell);
        let mut want = BTreeSet::new();
        walk(&f, &values, link, &mut want);
        let mut got = BTreeSet::new();
        for line in &m.open {
            assert_eq!(line[0], cell, "{line:?}");
            let mut p = Position::start(&game);
            for &c in line {
                assert_eq!(
                    (p.maker | p.breaker) >> c & 1,
                    0,
                    "{line:?} takes a cell twice"
                );
                p = p.play(c as usize);
            }
            let least = f
                .inverses
                .iter()
                .map(|s| (image(p.maker, s), image(p.breaker, s)))
                .min()
                .unwrap();
            let i = index[&least];
            assert_eq!(values[i], None, "{line:?} reaches a decided position");
            assert!(got.insert(i), "{line:?} names a position twice");
        }
        assert_eq!(got, want, "after {cell}");
        some_open |= !got.is_empty();
        some_decided |= m.winner.is_some();
    }
    assert!(some_open && some_decided, "{moves:?}");
}
