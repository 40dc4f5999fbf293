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
