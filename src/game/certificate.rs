//! The winner's strategy as a certificate: a DAG of positions that the independent
//! checker replays (docs/spec.md §11; FORMATS.md, *Strategy certificates*).
//!
//! # What it computes
//!
//! [`extract`] walks the game from a decided position with the solver's table as a
//! guide. At a node where the winner moves it writes one move whose position the
//! table shows won (where the table has forgotten them, it searches the node again,
//! which leaves a winning move in the table; only if that is forgotten at once does it
//! search the moves one by one); at a node
//! where the loser moves it writes an answer to every move the rules require:
//!
//! * every free cell of a live winning set, except — in Maker's certificates — a
//!   Breaker move after which a live set with one free cell is left (Maker completes
//!   it at once, and the checker plays that move itself);
//! * never a cell in no live set: the dead-cell lemma lets the checker answer it with
//!   the answer to any listed cell.
//!
//! Leaves are the rules of [`super::solve::Rule`] that the checker re-checks: Maker
//! completing a set (`move L win`), no live set (`closed`), a pairing of the live sets
//! (`pairing`, the pairs found by [`super::solve::pairing`]) and the Erdős–Selfridge
//! potential (`potential`). A double threat is not a leaf: it is written as Maker's
//! move and a Breaker node with no answers, which the checker expands itself.
//!
//! # Invariants
//!
//! Nodes are numbered in the order the walk first meets them (the root is 0); a
//! position met again — a transposition — is the node already made, so the file is
//! a DAG whose every node the checker reaches with one position. Positions are keyed
//! by their cells alone: the player to move follows from the number of cells taken.
//! The walk recurses at most once per cell of the game (≤ 128 levels).

use super::solve::{Eval, Position, Rule, Solver, pairing};
use super::{Game, Side};
use std::collections::HashMap;
use std::io::{self, Write};

/// Where play goes on after the winner's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// At this node.
    Node(u32),
    /// Nowhere: Maker's move completes a winning set.
    Win,
}

/// One node of a certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// The winner takes `cell`.
    Move {
        /// The cell taken.
        cell: u8,
        /// Where play goes on.
        next: Next,
    },
    /// The loser's moves that need an answer, each with its node.
    Reply(Vec<(u8, u32)>),
    /// No live winning set is left (Breaker's certificates).
    Closed,
    /// Disjoint pairs of free cells, one inside every live set (Breaker's certificates).
    Pairing(Vec<(u8, u8)>),
    /// The Erdős–Selfridge potential is below the bound (Breaker's certificates).
    Potential,
}

impl Node {
    /// The `i`-th node this one goes on at, in the order written (a `move` to a node
    /// has one, a `reply` one per answer, the others none).
    pub fn child(&self, i: usize) -> Option<u32> {
        match self {
            Node::Move {
                next: Next::Node(j),
                ..
            } => (i == 0).then_some(*j),
            Node::Reply(r) => r.get(i).map(|&(_, j)| j),
            _ => None,
        }
    }

    /// The nodes this one goes on at, in the order written ([`Node::child`]).
    pub fn children(&self) -> impl Iterator<Item = u32> + '_ {
        (0..).map_while(|i| self.child(i))
    }

    /// The same node with every cell `c` renamed `cell(c)` and every node `j` it
    /// refers to renumbered `id(j)` (entries in the order they were).
    pub fn mapped(&self, cell: impl Fn(u8) -> u8, id: impl Fn(u32) -> u32) -> Node {
        match self {
            Node::Move { cell: c, next } => Node::Move {
                cell: cell(*c),
                next: match next {
                    Next::Node(j) => Next::Node(id(*j)),
                    Next::Win => Next::Win,
                },
            },
            Node::Reply(r) => Node::Reply(r.iter().map(|&(c, j)| (cell(c), id(j))).collect()),
            Node::Pairing(p) => Node::Pairing(p.iter().map(|&(a, b)| (cell(a), cell(b))).collect()),
            Node::Closed => Node::Closed,
            Node::Potential => Node::Potential,
        }
    }
}

/// A strategy for the winner of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The player the strategy wins for.
    pub winner: Side,
    /// The nodes; node 0 is the root.
    pub nodes: Vec<Node>,
}

impl Certificate {
    /// The longest path from the root, in moves.
    pub fn depth(&self) -> usize {
        let mut memo = vec![usize::MAX; self.nodes.len()];
        // Children have larger numbers than some parent but not always than every
        // parent (transpositions), so compute by a post-order walk.
        fn walk(c: &Certificate, i: usize, memo: &mut [usize]) -> usize {
            if memo[i] != usize::MAX {
                return memo[i];
            }
            let n = &c.nodes[i];
            // A `move … win` ends the line with its move.
            let end = usize::from(matches!(
                n,
                Node::Move {
                    next: Next::Win,
                    ..
                }
            ));
            let d = n
                .children()
                .map(|j| 1 + walk(c, j as usize, memo))
                .max()
                .unwrap_or(end);
            memo[i] = d;
            d
        }
        if self.nodes.is_empty() {
            0
        } else {
            walk(self, 0, &mut memo)
        }
    }

    /// Whether every cell named is below `cells` and every node referred to exists:
    /// what the readers of certificates guarantee of what they return.
    ///
    /// ```
    /// use amoba::game::certificate::{Certificate, Next, Node};
    /// use amoba::game::Side;
    /// let c = Certificate {
    ///     winner: Side::Maker,
    ///     nodes: vec![Node::Move { cell: 2, next: Next::Node(1) }, Node::Reply(vec![])],
    /// };
    /// assert!(c.well_formed(3));
    /// assert!(!c.well_formed(2));
    /// ```
    pub fn well_formed(&self, cells: usize) -> bool {
        let k = self.nodes.len();
        let inside = |c: u8, j: u32| (c as usize) < cells && (j as usize) < k;
        self.nodes.iter().all(|n| match n {
            Node::Move { cell, next } => match next {
                Next::Node(j) => inside(*cell, *j),
                Next::Win => inside(*cell, 0),
            },
            Node::Reply(r) => r.iter().all(|&(c, j)| inside(c, j)),
            Node::Pairing(p) => p.iter().all(|&(a, b)| inside(a, 0) && inside(b, 0)),
            Node::Closed | Node::Potential => true,
        })
    }

    /// The same strategy with every cell `c` renamed `map[c]`. For an automorphism
    /// `map` of the game (a permutation of the cells that maps the winning sets onto
    /// the winning sets), it wins from the image of the position this one wins from:
    /// every move and answer is the image of one that wins here. The nodes keep their
    /// numbers, so the image of a DAG is a DAG.
    ///
    /// # Example
    ///
    /// ```
    /// use amoba::game::certificate::{Certificate, Next, Node};
    /// use amoba::game::Side;
    /// let c = Certificate {
    ///     winner: Side::Maker,
    ///     nodes: vec![Node::Move { cell: 0, next: Next::Node(1) }, Node::Reply(vec![(1, 2)]), Node::Closed],
    /// };
    /// let m = c.mapped(&[2, 1, 0]);
    /// assert_eq!(m.nodes[0], Node::Move { cell: 2, next: Next::Node(1) });
    /// assert_eq!(m.nodes[1], Node::Reply(vec![(1, 2)]));
    /// ```
    pub fn mapped(&self, map: &[u8]) -> Certificate {
        let at = |c: u8| map[c as usize];
        let nodes = self
            .nodes
            .iter()
            .map(|n| match n.mapped(at, |j| j) {
                // In cell order, as the extraction writes them.
                Node::Reply(mut r) => {
                    r.sort_unstable();
                    Node::Reply(r)
                }
                // Each pair in increasing order, the pairs sorted, as extracted.
                Node::Pairing(p) => {
                    let mut p: Vec<(u8, u8)> =
                        p.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
                    p.sort_unstable();
                    Node::Pairing(p)
                }
                other => other,
            })
            .collect();
        Certificate {
            winner: self.winner,
            nodes,
        }
    }

    /// Writes the certificate in the text form of FORMATS.md, for the game whose
    /// file has SHA-256 `game_sha256`.
    pub fn write(&self, game: &Game, game_sha256: &str, out: &mut dyn Write) -> io::Result<()> {
        let name = if game.name.is_empty() {
            String::new()
        } else {
            format!(" {}", game.name)
        };
        self.write_noted(
            game,
            game_sha256,
            &format!("{} wins{name}", self.winner),
            out,
        )
    }

    /// [`Certificate::write`] with `note` in its opening comment instead of the claim
    /// that the winner wins.
    pub fn write_noted(
        &self,
        game: &Game,
        game_sha256: &str,
        note: &str,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        writeln!(out, "amoba-strategy 1")?;
        writeln!(
            out,
            "# {note}: {} nodes, depth {} (FORMATS.md, Strategy certificates)",
            self.nodes.len(),
            self.depth()
        )?;
        writeln!(out, "game {game_sha256}")?;
        writeln!(out, "winner {}", self.winner.word())?;
        writeln!(out, "root 0")?;
        write_nodes(self, game, out)
    }
}

/// Writes the `node` lines of `c` (FORMATS.md, *Strategy certificates*): the body of
/// a certificate file, and of each decided position of a part file.
pub fn write_nodes(c: &Certificate, game: &Game, out: &mut dyn Write) -> io::Result<()> {
    for (i, n) in c.nodes.iter().enumerate() {
        write!(out, "node {i} ")?;
        match n {
            Node::Move { cell, next } => {
                write!(out, "move {}", game.label(*cell as usize))?;
                match next {
                    Next::Node(j) => writeln!(out, " {j}")?,
                    Next::Win => writeln!(out, " win")?,
                }
            }
            Node::Reply(r) => {
                write!(out, "reply")?;
                for (c, j) in r {
                    write!(out, " {} {j}", game.label(*c as usize))?;
                }
                writeln!(out)?;
            }
            Node::Closed => writeln!(out, "closed")?,
            Node::Potential => writeln!(out, "potential")?,
            Node::Pairing(pairs) => {
                write!(out, "pairing")?;
                for (a, b) in pairs {
                    write!(
                        out,
                        " {} {}",
                        game.label(*a as usize),
                        game.label(*b as usize)
                    )?;
                }
                writeln!(out)?;
            }
        }
    }
    Ok(())
}

/// Why a certificate could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    /// The solver does not decide the position for the claimed winner.
    #[error("the search does not show a {winner} win at a position {depth} moves deep")]
    NotWon {
        /// The claimed winner.
        winner: Side,
        /// Moves from the root.
        depth: usize,
    },
    /// More nodes than a certificate may hold.
    #[error("the certificate would have more than {0} nodes")]
    TooLarge(usize),
    /// The certificate of the position after a first move failed (`--moves` with
    /// certificates); the depth of `source` counts from that position.
    #[error("after the first move {label}: {source}")]
    AfterMove {
        /// The move's label.
        label: String,
        /// Why.
        #[source]
        source: Box<CertificateError>,
    },
}

/// The most nodes [`extract`] writes.
pub const MAX_NODES: usize = u32::MAX as usize - 1;

/// Extracts `winner`'s strategy from `root`, re-searching positions the table has
/// forgotten. The solver should already have decided `root` for `winner`.
///
/// # Errors
///
/// [`CertificateError::NotWon`] when some position the strategy needs is not a win
/// for `winner` (a table collision or a wrong claim), [`CertificateError::TooLarge`].
///
/// # Complexity
///
/// One evaluation per node of the certificate, plus the searches of forgotten
/// positions.
pub fn extract(
    solver: &mut Solver,
    root: &Position,
    winner: Side,
) -> Result<Certificate, CertificateError> {
    // The searches made again must find the winner's wins wherever they are
    // (a narrowed search may miss some: [`Solver::lift_narrowing`]).
    solver.lift_narrowing();
    let mut x = Extractor {
        solver,
        winner,
        ids: HashMap::new(),
        nodes: Vec::new(),
    };
    x.node(root, 0)?;
    Ok(Certificate {
        winner,
        nodes: x.nodes,
    })
}

/// [`extract`] after a search the solver's stop flag may cut short
/// ([`crate::game::solve::Options::stop`]): the node limit lifted (the re-searches of
/// forgotten positions must finish), and `None` when the flag stopped one of them —
/// extraction then reads that position as not won, which is no error: the certificate
/// is only missing.
///
/// # Errors
///
/// Those of [`extract`], except a position not won while the flag is set.
pub fn extract_unless_stopped(
    solver: &mut Solver,
    root: &Position,
    winner: Side,
) -> Result<Option<Certificate>, CertificateError> {
    solver.lift_node_limit();
    match extract(solver, root, winner) {
        Ok(c) => Ok(Some(c)),
        Err(CertificateError::NotWon { .. }) if solver.stop_requested() => Ok(None),
        Err(e) => Err(e),
    }
}

struct Extractor<'a, 'g> {
    solver: &'a mut Solver<'g>,
    winner: Side,
    ids: HashMap<(u128, u128), u32>,
    nodes: Vec<Node>,
}

impl Extractor<'_, '_> {
    fn won(&mut self, p: &Position, depth: usize) -> Result<(), CertificateError> {
        if self.solver.value(p) == Some(self.winner) {
            Ok(())
        } else {
            Err(CertificateError::NotWon {
                winner: self.winner,
                depth,
            })
        }
    }

    /// The first of `moves` after which the table shows `p` won for `w`.
    fn won_in_table(&self, p: &Position, moves: &[u8], w: Side) -> Option<u8> {
        moves.iter().copied().find(|&c| {
            matches!(
                (w, self.solver.known(&p.play(c as usize))),
                (Side::Maker, Some((0, _))) | (Side::Breaker, Some((_, 0)))
            )
        })
    }

    /// The loser's node at `p`: an answer to each cell of `live` that is not an
    /// immediate loss.
    fn replies(
        &mut self,
        p: &Position,
        live: u128,
        depth: usize,
    ) -> Result<Node, CertificateError> {
        let mut replies = Vec::new();
        for c in super::cells(live) {
            let child = p.play(c);
            if self.winner == Side::Maker && immediate(self.solver, &child) {
                continue;
            }
            self.won(&child, depth + 1)?;
            replies.push((c as u8, self.node(&child, depth + 1)?));
        }
        Ok(Node::Reply(replies))
    }

    fn node(&mut self, p: &Position, depth: usize) -> Result<u32, CertificateError> {
        if let Some(&id) = self.ids.get(&(p.maker, p.breaker)) {
            return Ok(id);
        }
        if self.nodes.len() >= MAX_NODES {
            return Err(CertificateError::TooLarge(MAX_NODES));
        }
        let id = self.nodes.len() as u32;
        self.ids.insert((p.maker, p.breaker), id);
        self.nodes.push(Node::Closed);
        let not_won = CertificateError::NotWon {
            winner: self.winner,
            depth,
        };
        let eval = self.solver.evaluate(p);
        let node = match (self.winner, p.to_move, eval) {
            (Side::Maker, Side::Maker, Eval::Decided(rule)) => match rule {
                Rule::Threat(c) => Node::Move {
                    cell: c,
                    next: Next::Win,
                },
                Rule::DoubleThreat(c) | Rule::ThreatSequence(c) => {
                    let child = self.node(&p.play(c as usize), depth + 1)?;
                    Node::Move {
                        cell: c,
                        next: Next::Node(child),
                    }
                }
                Rule::Complete => {
                    // Maker already owns a set: any free cell "completes" one, and
                    // with none free the game is over, a leaf whatever its body
                    // (FORMATS.md, *Strategy certificates*).
                    let free = self.solver.game().all() & !(p.maker | p.breaker);
                    if free == 0 {
                        Node::Reply(vec![])
                    } else {
                        Node::Move {
                            cell: free.trailing_zeros() as u8,
                            next: Next::Win,
                        }
                    }
                }
                _ => return Err(not_won),
            },
            // Maker already owns a whole set with Breaker to move (a game file that
            // starts there, or a first move that completes one): the game is over, a
            // leaf whatever its body.
            (Side::Maker, Side::Breaker, Eval::Decided(Rule::Complete | Rule::TwoThreats)) => {
                Node::Reply(vec![])
            }
            (Side::Maker, Side::Breaker, Eval::Decided(Rule::DoubleThreatAhead)) => {
                self.replies(p, self.solver.live_cells(p), depth)?
            }
            (Side::Breaker, _, Eval::Decided(rule)) => match rule {
                Rule::NoLiveSet => Node::Closed,
                Rule::Potential => Node::Potential,
                Rule::Pairing => {
                    let free = self.solver.game().all() & !(p.maker | p.breaker);
                    let mut pairs = pairing(&self.solver.game().sets, p, free).ok_or(not_won)?;
                    pairs.sort_unstable();
                    Node::Pairing(pairs)
                }
                _ => return Err(not_won),
            },
            (_, _, Eval::Decided(_)) => return Err(not_won),
            (w, side, Eval::Open(moves)) if w == side => {
                // A move the table already shows won; where the table has forgotten
                // them all, a search of the position itself, which goes down its most
                // promising moves and leaves the winning one in the table; only then
                // a search of each move in turn (which may have to refute the
                // losing moves before it).
                let mut chosen = self.won_in_table(p, &moves.cells, w);
                if chosen.is_none() {
                    if self.solver.solve(p).winner != Some(w) {
                        return Err(not_won);
                    }
                    chosen = self.won_in_table(p, &moves.cells, w);
                }
                if chosen.is_none() {
                    chosen = moves
                        .cells
                        .iter()
                        .copied()
                        .find(|&c| self.solver.value(&p.play(c as usize)) == Some(w));
                }
                let c = chosen.ok_or(not_won)?;
                let child = self.node(&p.play(c as usize), depth + 1)?;
                Node::Move {
                    cell: c,
                    next: Next::Node(child),
                }
            }
            (_, _, Eval::Open(moves)) => self.replies(p, moves.live, depth)?,
        };
        self.nodes[id as usize] = node;
        Ok(id)
    }
}

/// Whether Maker, to move at `p`, completes a live set with one free cell at once.
fn immediate(solver: &Solver, p: &Position) -> bool {
    let free = solver.game().all() & !(p.maker | p.breaker);
    solver
        .game()
        .sets
        .iter()
        .any(|&s| s & p.breaker == 0 && (s & free).count_ones() == 1)
}
