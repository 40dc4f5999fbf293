//! The test of sharding: the shards partition the frontier, and their parts merge to the
//! value of the root.

use super::*;
use crate::game::generate::strip_7tr;

#[test]
fn shards_partition_the_frontier_and_merge_to_the_root_value() {
    let game = strip_7tr(8).unwrap();
    let f = Frontier::new(&game, 1).unwrap();
    let n = 3;
    let request = PartRequest {
        memory: 1 << 20,
        node_limit: None,
        stop: &[],
        narrow: None,
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
        narrow: None,
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

/// Every open line below a move at the root follows the split's links from the root
/// through undecided positions only to an undecided frontier position, and playing it
/// from the start reaches a member of that position's orbit; the lines of a move come
/// in lexicographic order and reach each top node by one prefix; and they name the
/// first open positions that a plain recursive walk of every line meets, in its order,
/// which counts as many. On splits of (4, 8, 7^tr) two moves deep and of 4-in-a-row on
/// the 5×4 rectangle five deep, where positions transpose within one move's subtree,
/// with values made up.
#[test]
fn open_lines_reach_the_open_positions_below_each_move() {
    use crate::game::generate::{FOUR_DIRECTIONS, rectangle};
    let (mut some_open, mut some_decided, mut some_shared) = (false, false, false);
    for (game, depth) in [
        (strip_7tr(8).unwrap(), 2),
        (rectangle(5, 4, 4, &FOUR_DIRECTIONS).unwrap(), 5),
    ] {
        let f = Frontier::new(&game, depth).unwrap();
        let values: Vec<Option<Side>> = (0..f.positions.len())
            .map(|i| match (depth, i % 61, i % 97) {
                (_, _, 7) => Some(Side::Breaker),
                (2, 0 | 5, _) | (5, 1..=59, _) => None,
                _ => Some(Side::Maker),
            })
            .collect();
        let mut memo = vec![None; f.top.len()];
        let moves = merge::root_moves(&f, &values, &mut memo);
        let solver = Solver::new(&game, &Options::default());
        let mut known = HashMap::new();
        // Top nodes that several links lead to: positions reached by several orders.
        let mut parents: HashMap<u32, usize> = HashMap::new();
        for top in &f.top {
            for &(_, l) in &top.children {
                if let Link::Top(t) = l {
                    *parents.entry(t).or_default() += 1;
                }
            }
        }
        let Link::Top(root) = f.root else {
            panic!("the root is expanded")
        };
        for (m, &(cell, link)) in moves.iter().zip(&f.top[root as usize].children) {
            assert_eq!(m.cell, cell);
            let mut want = Vec::new();
            open_below(&f, &values, &mut known, link, &mut want);
            assert_eq!(m.open, want.len(), "after {cell}");
            want.truncate(MAX_OPEN_LINES);
            assert!(m.open_lines.is_sorted_by(|a, b| a < b), "after {cell}");
            let mut got = Vec::new();
            let mut prefix_of: HashMap<u32, &[u8]> = HashMap::new();
            for line in &m.open_lines {
                assert_eq!(line[0], cell, "{line:?}");
                // Follow the links, each undecided.
                let (mut at, mut p) = (f.root, Position::start(&game));
                for (k, &c) in line.iter().enumerate() {
                    let Link::Top(t) = at else {
                        panic!("{line:?} goes on below a frontier position")
                    };
                    let seen = prefix_of.entry(t).or_insert(&line[..k]);
                    assert_eq!(*seen, &line[..k], "{line:?}: a top node by two prefixes");
                    // Four moves deep, the first of them this one, a top node is also
                    // reached with Breaker's two moves exchanged: within this subtree.
                    some_shared |= k >= 4 && parents.get(&t).is_some_and(|&n| n > 1);
                    at = f.top[t as usize]
                        .children
                        .iter()
                        .find(|&&(d, _)| d == c)
                        .unwrap()
                        .1;
                    assert_eq!(open_value(&f, &values, &mut known, at), None, "{line:?}");
                    p = p.play(c as usize);
                }
                let Link::Leaf { index, .. } = at else {
                    panic!("{line:?} ends above the frontier")
                };
                let least = solver
                    .symmetries()
                    .iter()
                    .map(|s| (image(p.maker, s), image(p.breaker, s)))
                    .min()
                    .unwrap();
                let q = f.positions[index as usize];
                assert_eq!(
                    least,
                    (q.maker, q.breaker),
                    "{line:?} reaches another orbit"
                );
                got.push(index as usize);
            }
            assert_eq!(got, want, "after {cell}");
            some_open |= m.open > 0;
            some_decided |= m.winner.is_some();
        }
    }
    assert!(
        some_open && some_decided && some_shared,
        "{some_open} {some_decided} {some_shared}"
    );
}

/// The value of `link` by plain minimax over the split, with made-up `values`
/// (memoised by top node in `memo`).
fn open_value(
    f: &Frontier,
    values: &[Option<Side>],
    memo: &mut HashMap<u32, Option<Side>>,
    link: Link,
) -> Option<Side> {
    let t = match link {
        Link::Leaf { index, .. } => return values[index as usize],
        Link::Top(t) => t,
    };
    if let Some(&v) = memo.get(&t) {
        return v;
    }
    let top = &f.top[t as usize];
    let v: Vec<_> = top
        .children
        .iter()
        .map(|&(_, l)| open_value(f, values, memo, l))
        .collect();
    let value = if v.contains(&Some(top.to_move)) {
        Some(top.to_move)
    } else if v.iter().all(|w| *w == Some(top.to_move.other())) {
        Some(top.to_move.other())
    } else {
        None
    };
    memo.insert(t, value);
    value
}

/// The undecided frontier positions below `link` through undecided positions only,
/// in the order a walk of every line, children in cell order, first meets them.
fn open_below(
    f: &Frontier,
    values: &[Option<Side>],
    memo: &mut HashMap<u32, Option<Side>>,
    link: Link,
    out: &mut Vec<usize>,
) {
    if open_value(f, values, memo, link).is_some() {
        return;
    }
    match link {
        Link::Leaf { index, .. } => {
            if !out.contains(&(index as usize)) {
                out.push(index as usize);
            }
        }
        Link::Top(t) => {
            for &(_, l) in &f.top[t as usize].children {
                open_below(f, values, memo, l, out);
            }
        }
    }
}
