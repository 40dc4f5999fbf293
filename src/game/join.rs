//! Joining strategies: the certificate of a position from the certificates of the
//! positions one move later (docs/spec.md §11.19; FORMATS.md, *Joining certificates*).
//!
//! # What it computes
//!
//! A hard position is often decided in pieces: `amoba game after` writes the game after
//! one move, each such game is searched on its own (or split with `--shard` and merged),
//! and each comes with its winner's certificate. [`join`] puts the pieces together into
//! one certificate for the position before the move:
//!
//! * where the winner is to move, one piece: the winner's move, then that piece's
//!   strategy;
//! * where the loser is to move, one piece per move answered: the loser's move, then
//!   the winner's strategy from the position it reaches.
//!
//! The joined certificate's root is node 0 (the move, or the reply that answers each
//! piece's move), and each piece's nodes follow, renumbered by an offset, in the order
//! the pieces' moves have in the game (cell order). Positions that two pieces share are
//! not merged: each piece keeps its own nodes.
//!
//! # What it checks, and what it leaves to the checker
//!
//! Each piece is a game file and a certificate. The game must be the game of the
//! position joined after one move of the player to move there — the same cells, sets,
//! coordinates and position as [`super::generate::after`] makes, whatever the name and
//! the comments — and the certificate must name that game file's digest. So the move of
//! each piece is found, not typed, and a certificate can only be joined at the position
//! it is for. The pieces must share their winner, and where the winner moves there must
//! be exactly one. Whether the join is a proof — every move of the loser answered, every
//! piece a proof — is not judged here: `amoba verify --strategy` replays the joined
//! certificate from the root as it replays any other.
//!
//! # Reading certificates
//!
//! [`read_strategy`] reads a strategy certificate in the grammar of FORMATS.md with the
//! line reader of the part files (`super::part`): statements in any order, node
//! numbers anything below 2³², comments and blank lines anywhere. The nodes the root
//! reaches are renumbered in the order a depth-first walk first meets them (the root is
//! 0); nodes it does not reach are dropped. A reference to an undefined node and a
//! cycle are errors at the line of the node that holds them. This reader is the
//! engine's own; the checker (`crate::check`) has another that shares nothing with it.

use super::certificate::{self, Certificate, Next, Node};
use super::file::{GameFileError, ReadError};
use super::part::{PartReader, after_header, at, label_map, load_text};
use super::{Game, Side};
use std::collections::HashMap;

/// The first line of every strategy certificate.
pub const STRATEGY_HEADER: &str = "amoba-strategy 1";

/// The most bytes of a certificate [`load_strategy`] reads.
pub const MAX_STRATEGY_BYTES: u64 = 1 << 32;

/// A strategy certificate as read: the digest of the game file it names, and its nodes
/// (the root first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// SHA-256 of the game file the certificate is for.
    pub game_sha256: String,
    /// The strategy.
    pub certificate: Certificate,
}

/// Reads the strategy certificate `text` of `game` (FORMATS.md, *Strategy
/// certificates*).
///
/// # Errors
///
/// A [`GameFileError`] at the line and column of the first statement that breaks the
/// grammar, names a cell the game does not have or lists more entries than the game
/// has cells, or (at the line of the node that holds it) refers to a node that is not
/// defined, closes a cycle or starts a line of play longer than the game has cells; at
/// 1:1 for a missing statement or an undefined root.
///
/// # Example
///
/// ```
/// use amoba::game::join::read_strategy;
/// let game = amoba::game::file::parse_bytes(b"first maker\ncells a b c\nset a b\nset a c\n").unwrap();
/// let text = "amoba-strategy 1\ngame 0000000000000000000000000000000000000000000000000000000000000000\n\
///             winner maker\nroot 7\nnode 7 move a 3\nnode 3 reply\n";
/// let s = read_strategy(&game, text).unwrap();
/// assert_eq!(s.certificate.nodes.len(), 2);
/// assert!(read_strategy(&game, "amoba-strategy 1\nnode 1 move z 2\n").is_err());
/// ```
pub fn read_strategy(game: &Game, text: &str) -> Result<Strategy, GameFileError> {
    let labels = label_map(game);
    let mut r = PartReader::new(&labels);
    let lines = after_header(text, STRATEGY_HEADER)?;
    r.line = 1;
    let mut sha = None;
    let mut winner = None;
    let mut root = None;
    // Each node by its number: its line and its body, references unresolved.
    let mut nodes: HashMap<u32, (usize, Node)> = HashMap::new();
    for raw in lines {
        r.line += 1;
        if !r.split(raw) {
            continue;
        }
        match r.fields[0].1 {
            "game" => {
                r.once(sha.is_some())?;
                r.arity(2)?;
                sha = Some(r.digest(1)?);
            }
            "winner" => {
                r.once(winner.is_some())?;
                r.arity(2)?;
                winner = Some(match r.fields[1].1 {
                    "maker" => Side::Maker,
                    "breaker" => Side::Breaker,
                    _ => return Err(r.err(1, "expected maker or breaker".into())),
                });
            }
            "root" => {
                r.once(root.is_some())?;
                r.arity(2)?;
                root = Some(r.number(1, "a node number", u32::MAX as u64)? as u32);
            }
            "node" => {
                let id = r.number(1, "a node number", u32::MAX as u64)? as u32;
                if nodes.len() >= certificate::MAX_NODES {
                    return Err(r.err(0, format!("more than {} nodes", certificate::MAX_NODES)));
                }
                let node = r.node(2, u32::MAX as u64)?;
                if nodes.insert(id, (r.line, node)).is_some() {
                    return Err(r.err(1, format!("node {id} defined twice")));
                }
            }
            word => return Err(r.err(0, format!("unknown statement {word:?}"))),
        }
    }
    let missing = |what: &str| at(1, 1, format!("the {what} line is missing"));
    let game_sha256 = sha.ok_or_else(|| missing("game"))?;
    let winner = winner.ok_or_else(|| missing("winner"))?;
    let root = root.ok_or_else(|| missing("root"))?;
    let nodes = renumbered(&nodes, root, game.ncells())?;
    Ok(Strategy {
        game_sha256,
        certificate: Certificate { winner, nodes },
    })
}

/// The nodes `root` reaches, numbered in the order a depth-first walk first meets them
/// (the root 0), references resolved; an undefined node, a cycle or a line of play of
/// more than `cells` moves (each move takes a cell) is an error.
fn renumbered(
    nodes: &HashMap<u32, (usize, Node)>,
    root: u32,
    cells: usize,
) -> Result<Vec<Node>, GameFileError> {
    if !nodes.contains_key(&root) {
        return Err(at(1, 1, format!("the root, node {root}, is not defined")));
    }
    // New numbers in order of discovery; `done` marks nodes whose walk has ended, so
    // that meeting a node still on the walk's path is a cycle.
    let mut new: HashMap<u32, u32> = HashMap::from([(root, 0)]);
    let mut order = vec![root];
    // The longest line of play below each node whose walk has ended: its children's
    // walks end before its own, so each is known when needed.
    let mut done: HashMap<u32, usize> = HashMap::new();
    let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
    while let Some(&mut (id, ref mut next)) = stack.last_mut() {
        let (line, node) = &nodes[&id];
        let Some(child) = node.child(*next) else {
            let below = node.children().map(|k| done[&k] + 1).max().unwrap_or(0);
            if below > cells {
                return Err(at(
                    *line,
                    1,
                    format!(
                        "node {id} starts a line of play of {below} moves, more than the \
                         game's {cells} cells"
                    ),
                ));
            }
            done.insert(id, below);
            stack.pop();
            continue;
        };
        *next += 1;
        if !nodes.contains_key(&child) {
            return Err(at(
                *line,
                1,
                format!("node {id} goes on at node {child}, which is not defined"),
            ));
        }
        match new.get(&child) {
            Some(_) if !done.contains_key(&child) => {
                return Err(at(
                    *line,
                    1,
                    format!("node {id} goes on at node {child}, which leads back to it"),
                ));
            }
            Some(_) => {}
            None => {
                new.insert(child, order.len() as u32);
                order.push(child);
                stack.push((child, 0));
            }
        }
    }
    Ok(order
        .iter()
        .map(|id| nodes[id].1.mapped(|c| c, |j| new[&j]))
        .collect())
}

/// Reads the strategy certificate at `path` (`-`: stdin) of `game`, refusing more than
/// [`MAX_STRATEGY_BYTES`] bytes before reading them.
///
/// # Errors
///
/// [`ReadError::Io`] when the file cannot be read, [`ReadError::Malformed`] (with the
/// line and column) when it is not a certificate of `game`'s cells ([`read_strategy`]).
pub fn load_strategy(game: &Game, path: &std::path::Path) -> Result<Strategy, ReadError> {
    load_text(path, MAX_STRATEGY_BYTES, |text| read_strategy(game, text))
}

/// One piece of a join: the game after one move and the winner's certificate from
/// there.
#[derive(Clone, Debug)]
pub struct Piece {
    /// A name for messages (the certificate's file).
    pub name: String,
    /// The game's name for messages (its file).
    pub after_name: String,
    /// The game after the move.
    pub after: Game,
    /// SHA-256 of that game's file.
    pub after_sha256: String,
    /// The certificate.
    pub strategy: Strategy,
}

/// The joined certificate and the moves it joins at its root.
#[derive(Clone, Debug)]
pub struct Joined {
    /// The certificate of the position joined.
    pub certificate: Certificate,
    /// The cells of the pieces' moves, in cell order.
    pub moves: Vec<u8>,
}

/// Why pieces cannot be joined.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// The game is over at its start: there is no move to join at.
    #[error("the game is over at its start ({0}): there is no move to join at")]
    Over(String),
    /// No piece was given.
    #[error("no certificate to join")]
    Empty,
    /// A piece's game is not the game after one move.
    #[error(
        "{name}: not the game after one of {mover}'s moves (the same cells and winning \
         sets in the same order, one more cell of {mover}'s, the other player to move)"
    )]
    NotAfterOneMove {
        /// The piece's game file.
        name: String,
        /// The player to move at the position joined.
        mover: Side,
    },
    /// A piece's certificate names another game file.
    #[error(
        "{name}: the certificate is for the game file with digest {named}, not for the \
         game beside it ({actual})"
    )]
    Foreign {
        /// The piece.
        name: String,
        /// The digest the certificate names.
        named: String,
        /// The digest of the piece's game file.
        actual: String,
    },
    /// Two pieces for one move.
    #[error("{second}: the move {label} is joined already, by {first}")]
    Repeated {
        /// The first piece of the move.
        first: String,
        /// The second.
        second: String,
        /// The move's label.
        label: String,
    },
    /// Pieces with different winners.
    #[error("{second}: a strategy for {found}, but {first} is one for {expected}")]
    Winners {
        /// The first piece.
        first: String,
        /// Its winner.
        expected: Side,
        /// The piece that differs.
        second: String,
        /// Its winner.
        found: Side,
    },
    /// The winner is to move and more than one piece was given.
    #[error("{winner} wins and is to move, so the join takes one move, not {count}")]
    OneMove {
        /// The winner.
        winner: Side,
        /// The pieces given.
        count: usize,
    },
    /// More nodes than a certificate may hold.
    #[error("the joined certificate would have more than {0} nodes")]
    TooLarge(usize),
}

/// Joins `pieces` into the certificate of the starting position of `game` (see the
/// module documentation).
///
/// # Errors
///
/// A [`JoinError`]: the game over at its start, no piece, a piece whose game is not
/// the game after one move or whose certificate names another file, two pieces for one
/// move, pieces for different winners, more than one piece where the winner moves, or
/// a result too large.
///
/// # Complexity
///
/// `O(p · (m + n))` to find the pieces' moves (`p` pieces, `m` sets, `n` cells) and
/// linear in the pieces' nodes to renumber them.
pub fn join(game: &Game, pieces: Vec<Piece>) -> Result<Joined, JoinError> {
    if let Some(set) = game.won_set() {
        return Err(JoinError::Over(format!("Maker owns the winning set {set}")));
    }
    if game.all() & !(game.maker | game.breaker) == 0 {
        return Err(JoinError::Over("no cell is free".into()));
    }
    let mover = game.first;
    let mut found: Vec<(u8, Piece)> = Vec::with_capacity(pieces.len());
    for p in pieces {
        let c = move_of(game, &p.after).ok_or_else(|| JoinError::NotAfterOneMove {
            name: p.after_name.clone(),
            mover,
        })?;
        if p.strategy.game_sha256 != p.after_sha256 {
            return Err(JoinError::Foreign {
                name: p.name,
                named: p.strategy.game_sha256,
                actual: p.after_sha256,
            });
        }
        if let Some((_, q)) = found.iter().find(|(d, _)| *d == c) {
            return Err(JoinError::Repeated {
                first: q.name.clone(),
                second: p.name,
                label: game.label(c as usize).to_string(),
            });
        }
        if let Some((_, q)) = found.first()
            && q.strategy.certificate.winner != p.strategy.certificate.winner
        {
            return Err(JoinError::Winners {
                first: q.name.clone(),
                expected: q.strategy.certificate.winner,
                second: p.name,
                found: p.strategy.certificate.winner,
            });
        }
        found.push((c, p));
    }
    let Some((_, first)) = found.first() else {
        return Err(JoinError::Empty);
    };
    let winner = first.strategy.certificate.winner;
    if winner == mover && found.len() > 1 {
        return Err(JoinError::OneMove {
            winner,
            count: found.len(),
        });
    }
    found.sort_by_key(|(c, _)| *c);
    let total = found
        .iter()
        .try_fold(1usize, |n, (_, p)| {
            n.checked_add(p.strategy.certificate.nodes.len())
        })
        .filter(|&n| n <= certificate::MAX_NODES)
        .ok_or(JoinError::TooLarge(certificate::MAX_NODES))?;
    let mut nodes = Vec::with_capacity(total);
    let mut roots = Vec::with_capacity(found.len());
    nodes.push(Node::Closed);
    for (c, p) in &found {
        // Below `MAX_NODES`, so every number fits in a u32.
        let base = nodes.len() as u32;
        roots.push((*c, base));
        nodes.extend(
            p.strategy
                .certificate
                .nodes
                .iter()
                .map(|n| n.mapped(|c| c, |j| j + base)),
        );
    }
    nodes[0] = if winner == mover {
        let (cell, next) = roots[0];
        Node::Move {
            cell,
            next: Next::Node(next),
        }
    } else {
        Node::Reply(roots)
    };
    Ok(Joined {
        certificate: Certificate { winner, nodes },
        moves: found.iter().map(|(c, _)| *c).collect(),
    })
}

/// The cell whose move by the player to move at the start of `game` gives `after`
/// (names aside), if any.
fn move_of(game: &Game, after: &Game) -> Option<u8> {
    let (before, now) = match game.first {
        Side::Maker => (game.maker, after.maker),
        Side::Breaker => (game.breaker, after.breaker),
    };
    let added = now & !before;
    if added.count_ones() != 1 || now & before != before {
        return None;
    }
    let c = added.trailing_zeros() as usize;
    let mut expected = super::generate::after(game, game.labels.get(c)?).ok()?;
    expected.name.clone_from(&after.name);
    (expected == *after).then_some(c as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::file::parse_bytes;

    fn seven() -> Game {
        parse_bytes(include_bytes!("../../data/games/seven.game")).unwrap()
    }

    #[test]
    fn renumbering_keeps_the_graph_and_drops_what_the_root_does_not_reach() {
        let g = seven();
        let sha = "0".repeat(64);
        let text = format!(
            "amoba-strategy 1\n# a comment\nnode 9 reply 2 4 3 4\nwinner maker\n\
             node 4 reply\ngame {sha}\nroot 5\nnode 5 move 1 9\nnode 77 closed\n"
        );
        let s = read_strategy(&g, &text).unwrap();
        let c = &s.certificate;
        assert_eq!(c.nodes.len(), 3);
        assert!(matches!(
            c.nodes[0],
            Node::Move {
                next: Next::Node(1),
                ..
            }
        ));
        assert_eq!(c.nodes[1], Node::Reply(vec![(1, 2), (2, 2)]));
        assert_eq!(c.nodes[2], Node::Reply(vec![]));
    }

    #[test]
    fn undefined_nodes_cycles_and_missing_statements_are_errors_with_their_line() {
        let g = seven();
        let head = format!(
            "amoba-strategy 1\ngame {}\nwinner maker\nroot 0\n",
            "0".repeat(64)
        );
        let e = read_strategy(&g, &format!("{head}node 0 move 1 5\n")).unwrap_err();
        assert_eq!((e.line, e.message.contains("not defined")), (5, true));
        let e =
            read_strategy(&g, &format!("{head}node 0 move 1 1\nnode 1 reply 2 0\n")).unwrap_err();
        assert_eq!((e.line, e.message.contains("leads back")), (6, true));
        let e = read_strategy(&g, "amoba-strategy 1\nwinner maker\nroot 0\nnode 0 reply\n")
            .unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = read_strategy(&g, &format!("{head}node 0 reply\nnode 0 reply\n")).unwrap_err();
        assert_eq!(e.line, 6);
        assert!(read_strategy(&g, "amoba-strategy 2\n").is_err());
        // A line of play longer than the game's seven cells.
        let chain: String = (0..8)
            .map(|i| format!("node {i} move 1 {}\n", i + 1))
            .collect();
        let e = read_strategy(&g, &format!("{head}{chain}node 8 reply\n")).unwrap_err();
        assert!(e.message.contains("more than the game's 7 cells"), "{e}");
    }
}
