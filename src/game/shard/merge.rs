//! Merging the solved parts of a sharded game: each part checked against the game and
//! the split, the root's value computed from the frontier positions the parts decide,
//! the value of each move at the root with the undecided positions that could still
//! change it, and the winner's certificate assembled from theirs.

use super::*;

/// The root's verdict from the parts, and the merged certificate.
#[derive(Clone, Debug)]
pub struct Merged {
    /// Who wins the game, when the parts decide it.
    pub winner: Option<Side>,
    /// Frontier positions.
    pub positions: usize,
    /// Of those, the ones the parts decide.
    pub decided: usize,
    /// Nodes of every part's searches.
    pub nodes: u64,
    /// The winner's strategy, when asked and decided.
    pub certificate: Option<Certificate>,
    /// Each move of the player to move at the root, in cell order, when the split
    /// expands the root (empty when the root is itself a frontier position).
    pub moves: Vec<RootMove>,
}

/// A move at the root of a split, as the parts leave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The cell taken.
    pub cell: u8,
    /// Who wins after it, when the decided positions settle it.
    pub winner: Option<Side>,
    /// The undecided frontier positions below it whose values could still change its
    /// own: those reached through positions that are themselves undecided (0 when it
    /// is decided). Where they are few, more search is best spent on them.
    pub open: usize,
    /// The first [`MAX_OPEN_LINES`] of them (all, where there are no more), each as
    /// the moves that first reach a member of its orbit from the root — this move
    /// first, in the root's frame, children taken in cell order, so the lines come in
    /// lexicographic order: `amoba game after GAME --moves LINE` writes the game from
    /// there, which has the open position's value.
    pub open_lines: Vec<Vec<u8>>,
}

/// The most open lines [`RootMove::open_lines`] keeps for one move: enough to search
/// where they are few, and a bound on a merge's memory where they are many.
pub const MAX_OPEN_LINES: usize = 100;

/// Merges `parts` (each with its name, for messages) of a game whose file has digest
/// `game_sha256`, split as `frontier`.
///
/// # Errors
///
/// [`ShardError::Foreign`] for a part of another game or split, or with another
/// shard count; [`ShardError::Missing`], [`ShardError::Repeated`]; a certificate that
/// cannot be merged.
pub fn merge(
    frontier: &Frontier,
    game_sha256: &str,
    parts: &[(String, Part)],
    certificate: bool,
) -> Result<Merged, ShardError> {
    let count = match parts.first() {
        Some((_, p)) => p.count,
        None => {
            return Err(ShardError::Missing {
                missing: vec![0],
                count: 1,
            });
        }
    };
    let mut seen: BTreeMap<usize, &str> = BTreeMap::new();
    for (name, p) in parts {
        if let Some(why) = p.differs(game_sha256, frontier) {
            return Err(ShardError::Foreign {
                name: name.clone(),
                why,
            });
        }
        if p.count != count {
            return Err(ShardError::Foreign {
                name: name.clone(),
                why: format!("one of {} shards, the first part one of {count}", p.count),
            });
        }
        if let Some(first) = seen.insert(p.shard, name) {
            return Err(ShardError::Repeated {
                first: first.to_string(),
                second: name.clone(),
                shard: format!("{}/{count}", p.shard),
            });
        }
    }
    let missing: Vec<usize> = (0..count).filter(|i| !seen.contains_key(i)).collect();
    if !missing.is_empty() {
        return Err(ShardError::Missing { missing, count });
    }
    let mut solved: Vec<Option<&Solved>> = vec![None; frontier.positions.len()];
    let mut nodes = 0u64;
    for (name, p) in parts {
        for s in &p.solved {
            if s.index >= solved.len() {
                return Err(ShardError::Foreign {
                    name: name.clone(),
                    why: format!(
                        "position {} is beyond the frontier's {}",
                        s.index,
                        solved.len()
                    ),
                });
            }
            nodes = nodes.saturating_add(s.nodes);
            solved[s.index] = Some(s);
        }
    }
    let values: Vec<Option<Side>> = solved.iter().map(|s| s.and_then(|s| s.winner)).collect();
    let mut memo = vec![None; frontier.top.len()];
    let winner = value(frontier, &values, &mut memo, frontier.root);
    let moves = root_moves(frontier, &values, &mut memo);
    let certificate = match (certificate, winner) {
        (true, Some(w)) => {
            let mut m = Merger {
                frontier,
                values: &values,
                memo: &mut memo,
                solved: &solved,
                winner: w,
                nodes: Vec::new(),
                tops: HashMap::new(),
                leaves: HashMap::new(),
            };
            m.link(frontier.root)?;
            Some(Certificate {
                winner: w,
                nodes: m.nodes,
            })
        }
        _ => None,
    };
    Ok(Merged {
        winner,
        positions: frontier.positions.len(),
        decided: values.iter().filter(|v| v.is_some()).count(),
        nodes,
        certificate,
        moves,
    })
}

/// The root's moves with their values and their open positions below ([`RootMove`]):
/// for each, a depth-first walk of the links below it through undecided nodes only,
/// children in cell order, each top node and frontier position met once (marked with
/// the move's number), the line of moves that first reaches each of the first
/// [`MAX_OPEN_LINES`] open frontier positions kept.
///
/// *Complexity*: `O(m · (l + p))` for `m` moves at the root, `l` links between the
/// top nodes and to the frontier positions, and `p` frontier positions.
pub(super) fn root_moves(
    f: &Frontier,
    values: &[Option<Side>],
    memo: &mut [Option<Option<Side>>],
) -> Vec<RootMove> {
    let Link::Top(root) = f.root else {
        return Vec::new();
    };
    let (mut top_mark, mut leaf_mark) = (vec![0u32; f.top.len()], vec![0u32; values.len()]);
    let mut moves = Vec::with_capacity(f.top[root as usize].children.len());
    for (mark, &(cell, link)) in (1u32..).zip(&f.top[root as usize].children) {
        let winner = value(f, values, memo, link);
        let (mut open, mut open_lines) = (0, Vec::new());
        // Each entry: a link, the move that reaches it and its depth below the root.
        let mut stack = vec![(link, cell, 1)];
        let mut line = Vec::new();
        while let Some((l, c, depth)) = stack.pop() {
            if value(f, values, memo, l).is_some() {
                continue;
            }
            line.truncate(depth - 1);
            line.push(c);
            match l {
                Link::Leaf { index, .. } => {
                    if std::mem::replace(&mut leaf_mark[index as usize], mark) != mark {
                        open += 1;
                        if open_lines.len() < MAX_OPEN_LINES {
                            open_lines.push(line.clone());
                        }
                    }
                }
                Link::Top(t) => {
                    if std::mem::replace(&mut top_mark[t as usize], mark) != mark {
                        let children = &f.top[t as usize].children;
                        stack.extend(children.iter().rev().map(|&(c, l)| (l, c, depth + 1)));
                    }
                }
            }
        }
        moves.push(RootMove {
            cell,
            winner,
            open,
            open_lines,
        });
    }
    moves
}

/// The minimax value of `link` from the frontier's values (`None`: undecided).
fn value(
    f: &Frontier,
    values: &[Option<Side>],
    memo: &mut [Option<Option<Side>>],
    link: Link,
) -> Option<Side> {
    let t = match link {
        Link::Leaf { index, .. } => return values[index as usize],
        Link::Top(t) => t as usize,
    };
    if let Some(v) = memo[t] {
        return v;
    }
    let mover = f.top[t].to_move;
    let mut lost = true;
    let mut v = None;
    for i in 0..f.top[t].children.len() {
        match value(f, values, memo, f.top[t].children[i].1) {
            Some(w) if w == mover => {
                v = Some(mover);
                break;
            }
            Some(_) => {}
            None => lost = false,
        }
    }
    if v.is_none() && lost {
        v = Some(mover.other());
    }
    memo[t] = Some(v);
    v
}

struct Merger<'a> {
    frontier: &'a Frontier,
    values: &'a [Option<Side>],
    memo: &'a mut [Option<Option<Side>>],
    solved: &'a [Option<&'a Solved>],
    winner: Side,
    nodes: Vec<Node>,
    tops: HashMap<u32, u32>,
    leaves: HashMap<(u32, u16), u32>,
}

impl Merger<'_> {
    fn link(&mut self, link: Link) -> Result<u32, ShardError> {
        let not_won = CertificateError::NotWon {
            winner: self.winner,
            depth: 0,
        };
        match link {
            Link::Leaf { index, sym } => {
                if let Some(&id) = self.leaves.get(&(index, sym)) {
                    return Ok(id);
                }
                let c = self.solved[index as usize]
                    .and_then(|s| s.certificate.as_ref())
                    .filter(|c| c.winner == self.winner)
                    .ok_or(not_won)?;
                let base = self.nodes.len();
                if base + c.nodes.len() > certificate::MAX_NODES {
                    return Err(CertificateError::TooLarge(certificate::MAX_NODES).into());
                }
                let inv = &self.frontier.inverses[sym as usize];
                let b = base as u32;
                let cell = |c: u8| inv[c as usize];
                self.nodes
                    .extend(c.nodes.iter().map(|n| n.mapped(cell, |j| j + b)));
                self.leaves.insert((index, sym), b);
                Ok(b)
            }
            Link::Top(t) => {
                if let Some(&id) = self.tops.get(&t) {
                    return Ok(id);
                }
                let id = self.nodes.len() as u32;
                self.nodes.push(Node::Closed);
                self.tops.insert(t, id);
                let f = self.frontier;
                let top = &f.top[t as usize];
                let node = if top.to_move == self.winner {
                    let &(cell, child) = top
                        .children
                        .iter()
                        .find(|&&(_, l)| value(f, self.values, self.memo, l) == Some(self.winner))
                        .ok_or(not_won)?;
                    Node::Move {
                        cell,
                        next: Next::Node(self.link(child)?),
                    }
                } else {
                    let mut r = Vec::with_capacity(top.children.len());
                    for &(cell, child) in &top.children {
                        r.push((cell, self.link(child)?));
                    }
                    Node::Reply(r)
                };
                self.nodes[id as usize] = node;
                Ok(id)
            }
        }
    }
}
