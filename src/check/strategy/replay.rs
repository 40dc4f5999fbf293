//! The replay of a certificate read: from the root with the game's starting position,
//! every move the certificate makes and every answer it gives, each node's rule
//! checked where it is reached (the essay of [`super`]).

use super::*;

/// What a node asks of the replay once its rule holds.
enum Step {
    /// Nothing more: a leaf. `win`: Maker's last move was made by `move L win`.
    Leaf { win: bool },
    /// Follow the node's entries, each a move of `mover`.
    Follow { mover: Side },
}

/// The count of every minimal winning set at one position.
#[derive(Default)]
struct Census {
    /// A set Maker owns, if any.
    maker_owns: Option<usize>,
    /// The live sets (no cell of Breaker's), each with its number of free cells.
    live: Vec<(usize, u32)>,
    /// The union of the live sets.
    live_cells: u128,
    /// The free cell of a live set with exactly one free cell, if any.
    threat: Option<u8>,
    /// Whether two live sets with one free cell each have different free cells.
    threats_differ: bool,
}

impl Census {
    /// Recounts every minimal set of `game` at the position (`maker`, `breaker`), from
    /// the sets' cell lists.
    fn take(&mut self, game: &Game, maker: u128, breaker: u128) {
        self.maker_owns = None;
        self.live.clear();
        self.live_cells = 0;
        self.threat = None;
        self.threats_differ = false;
        for &i in game.minimal() {
            let set = &game.sets()[i];
            let mut free = 0u32;
            let mut last_free = 0u8;
            let mut dead = false;
            for &c in &set.cells {
                if breaker >> c & 1 == 1 {
                    dead = true;
                    break;
                }
                if maker >> c & 1 == 0 {
                    free += 1;
                    last_free = c;
                }
            }
            if dead {
                continue;
            }
            if free == 0 {
                self.maker_owns = Some(i);
                return;
            }
            self.live.push((i, free));
            self.live_cells |= set.bits;
            if free == 1 {
                match self.threat {
                    None => self.threat = Some(last_free),
                    Some(t) if t != last_free => self.threats_differ = true,
                    Some(_) => {}
                }
            }
        }
    }

    /// Whether, after Breaker takes the free cell `x`, some live set has exactly one
    /// free cell left: some live set with one free cell does not contain `x`, which
    /// is the case when its free cell is not `x`.
    fn maker_completes_after(&self, x: u8) -> bool {
        self.threats_differ || self.threat.is_some_and(|t| t != x)
    }
}

const UNSEEN: u8 = 0;
const ACTIVE: u8 = 1;
const DONE: u8 = 2;

/// A node on the current line of play, with its entries still to follow.
struct Frame {
    node: usize,
    mover: Side,
    next: usize,
    end: usize,
}

/// The replay of a certificate.
pub(super) struct Replay<'a> {
    game: &'a Game,
    cert: &'a Certificate,
    state: Vec<u8>,
    pos: Vec<(u128, u128)>,
    start_owned: u32,
    visited: usize,
    depth: usize,
    census: Census,
}

impl<'a> Replay<'a> {
    pub(super) fn new(game: &'a Game, cert: &'a Certificate) -> Replay<'a> {
        let n = cert.nodes.len();
        Replay {
            game,
            cert,
            state: vec![UNSEEN; n],
            pos: vec![(0, 0); n],
            start_owned: (game.maker() | game.breaker()).count_ones(),
            visited: 0,
            depth: 0,
            census: Census::default(),
        }
    }

    fn id(&self, node: usize) -> u32 {
        self.cert.nodes[node].id
    }

    fn describe(&self, (maker, breaker): (u128, u128)) -> String {
        format!(
            "Maker {}, Breaker {}",
            self.game.describe(maker),
            self.game.describe(breaker)
        )
    }

    pub(super) fn run(mut self) -> Verdict {
        let mut stack: Vec<Frame> = Vec::new();
        let root = self.cert.root as usize;
        let start = (self.game.maker(), self.game.breaker());
        if let Err(v) = self.enter(root, start, &mut stack) {
            return v;
        }
        while let Some(top) = stack.last_mut() {
            if top.next == top.end {
                self.state[top.node] = DONE;
                stack.pop();
                continue;
            }
            let k = top.next;
            top.next += 1;
            let (parent, mover) = (top.node, top.mover);
            let node = self.cert.nodes[parent];
            let cell = self.cert.cells[node.cells_at as usize + k];
            let child = self.cert.targets[node.targets_at as usize + k] as usize;
            let (m, b) = self.pos[parent];
            let bit = 1u128 << cell;
            let here = match mover {
                Side::Maker => (m | bit, b),
                Side::Breaker => (m, b | bit),
            };
            match self.state[child] {
                UNSEEN => {
                    if let Err(v) = self.enter(child, here, &mut stack) {
                        return v;
                    }
                }
                ACTIVE => {
                    return Verdict::NotAProof {
                        node: self.id(child),
                        reason: format!(
                            "a cycle: node {} leads back to node {}, which is on the line of \
                             play that reached it",
                            self.id(parent),
                            self.id(child)
                        ),
                    };
                }
                _ => {
                    if self.pos[child] != here {
                        return Verdict::NotAProof {
                            node: self.id(child),
                            reason: format!(
                                "reached with two different positions: first with {}, then \
                                 from node {} with {}",
                                self.describe(self.pos[child]),
                                self.id(parent),
                                self.describe(here)
                            ),
                        };
                    }
                }
            }
        }
        Verdict::Proof {
            winner: self.cert.winner,
            nodes: self.visited,
            depth: self.depth,
            unreachable: self.cert.nodes.len() - self.visited,
            opening: self.opening(),
        }
    }

    /// The opening of a proof replayed ([`Verdict::Proof`]): from the root, the cell
    /// of each `move` and of each `reply` with one entry, up to a position that ends
    /// the game, a `move L win` (its cell included), or any other node. The replay
    /// reached every node of this walk and found no cycle, and each step takes a cell,
    /// so the walk ends within the game's cells. Whether the game is over is the
    /// replay's own test ([`Census`]).
    fn opening(&mut self) -> Vec<u8> {
        let game = self.game;
        let mut cells = Vec::new();
        let mut node = self.cert.root as usize;
        loop {
            let (maker, breaker) = self.pos[node];
            self.census.take(game, maker, breaker);
            let over = self.census.maker_owns.is_some() || game.all() & !(maker | breaker) == 0;
            let n = self.cert.nodes[node];
            let cell = self.cert.cells.get(n.cells_at as usize).copied();
            match (over, n.kind, cell) {
                (false, Kind::Win, Some(c)) => {
                    cells.push(c);
                    return cells;
                }
                (false, Kind::Move, Some(c)) | (false, Kind::Reply, Some(c)) if n.len == 1 => {
                    cells.push(c);
                    node = self.cert.targets[n.targets_at as usize] as usize;
                }
                _ => return cells,
            }
        }
    }

    /// First arrival at `node` with position `here`: checks its rule, and pushes it
    /// when it has entries to follow.
    fn enter(
        &mut self,
        node: usize,
        here: (u128, u128),
        stack: &mut Vec<Frame>,
    ) -> Result<(), Verdict> {
        self.state[node] = ACTIVE;
        self.pos[node] = here;
        self.visited += 1;
        let moves = ((here.0 | here.1).count_ones() - self.start_owned) as usize;
        self.depth = self.depth.max(moves);
        match self.examine(node, here, moves) {
            Err(reason) => Err(Verdict::NotAProof {
                node: self.id(node),
                reason,
            }),
            Ok(Step::Leaf { win }) => {
                if win {
                    self.depth = self.depth.max(moves + 1);
                }
                self.state[node] = DONE;
                Ok(())
            }
            Ok(Step::Follow { mover }) => {
                let end = match self.cert.nodes[node].kind {
                    Kind::Move => 1,
                    _ => self.cert.nodes[node].len as usize,
                };
                stack.push(Frame {
                    node,
                    mover,
                    next: 0,
                    end,
                });
                Ok(())
            }
        }
    }

    /// The rule of `node` at position (`maker`, `breaker`), `moves` moves after the
    /// start. `Err` is the reason it fails.
    fn examine(
        &mut self,
        node: usize,
        (maker, breaker): (u128, u128),
        moves: usize,
    ) -> Result<Step, String> {
        let game = self.game;
        let n = self.cert.nodes[node];
        let entries = &self.cert.cells[n.cells_at as usize..n.cells_at as usize + n.len as usize];
        let label = |c: u8| game.label(c);
        let winner = self.cert.winner;
        let loser = winner.other();
        let mover = if moves.is_multiple_of(2) {
            game.first()
        } else {
            game.first().other()
        };
        let free = game.all() & !(maker | breaker);
        self.census.take(game, maker, breaker);
        let census = &self.census;
        // A terminal position ends the line of play, whatever the node says.
        if let Some(s) = census.maker_owns {
            return match winner {
                Side::Maker => Ok(Step::Leaf { win: false }),
                Side::Breaker => Err(format!(
                    "Maker owns the whole winning set {} (with {})",
                    game.describe(game.sets()[s].bits),
                    self.describe((maker, breaker))
                )),
            };
        }
        if free == 0 {
            return match winner {
                Side::Breaker => Ok(Step::Leaf { win: false }),
                Side::Maker => Err(format!(
                    "every cell is taken and Maker owns no winning set ({})",
                    self.describe((maker, breaker))
                )),
            };
        }
        match (n.kind, winner) {
            (Kind::Win, Side::Breaker) => {
                return Err(format!(
                    "`move {} win` (a win for Maker) in Breaker's certificate",
                    label(entries[0])
                ));
            }
            (Kind::Closed | Kind::Pairing | Kind::Potential, Side::Maker) => {
                return Err(format!(
                    "`{}` (a leaf for Breaker) in Maker's certificate",
                    n.kind.word()
                ));
            }
            _ => {}
        }
        match n.kind {
            Kind::Move | Kind::Win => {
                if mover != winner {
                    return Err(format!(
                        "{mover} (the loser) is to move, expected `reply`, found `move`"
                    ));
                }
                let c = entries[0];
                if free >> c & 1 == 0 {
                    return Err(format!(
                        "{winner}'s move at {}: the cell is not free",
                        label(c)
                    ));
                }
                if n.kind == Kind::Move {
                    return Ok(Step::Follow { mover: winner });
                }
                let after = maker | 1u128 << c;
                let wins = game
                    .minimal()
                    .iter()
                    .any(|&i| game.sets()[i].bits & !after == 0);
                if wins {
                    Ok(Step::Leaf { win: true })
                } else {
                    Err(format!(
                        "`move {} win`: Maker's move at {} completes no winning set",
                        label(c),
                        label(c)
                    ))
                }
            }
            Kind::Reply => {
                if mover != loser {
                    return Err(format!(
                        "{mover} (the winner) is to move, expected `move`, found `reply`"
                    ));
                }
                let mut answered = 0u128;
                for &c in entries {
                    let bit = 1u128 << c;
                    if free & bit == 0 {
                        return Err(format!(
                            "`reply` answers {loser}'s move at {}, but the cell is not free",
                            label(c)
                        ));
                    }
                    if answered & bit != 0 {
                        return Err(format!("`reply` answers the cell {} twice", label(c)));
                    }
                    answered |= bit;
                }
                let left_out = free & !answered;
                for x in 0..128u8 {
                    if left_out >> x & 1 == 0 {
                        continue;
                    }
                    let dead = census.live_cells >> x & 1 == 0;
                    if dead && answered != 0 {
                        continue;
                    }
                    if winner == Side::Maker && census.maker_completes_after(x) {
                        continue;
                    }
                    let why = if dead {
                        "it is in no live winning set, but no cell is answered"
                    } else {
                        "it is in a live winning set"
                    };
                    return Err(format!(
                        "{loser}'s move at {} is not answered ({why})",
                        label(x)
                    ));
                }
                Ok(Step::Follow { mover: loser })
            }
            Kind::Closed => match census.live.first() {
                Some(&(i, _)) => Err(format!(
                    "`closed`, but the winning set {} is still live",
                    game.describe(game.sets()[i].bits)
                )),
                None => Ok(Step::Leaf { win: false }),
            },
            Kind::Pairing => {
                let mut partner = [NO_CELL; 128];
                let mut used = 0u128;
                for pair in entries.chunks_exact(2) {
                    let (a, b) = (pair[0], pair[1]);
                    if a == b {
                        return Err(format!("`pairing` pairs the cell {} with itself", label(a)));
                    }
                    for x in [a, b] {
                        let bit = 1u128 << x;
                        if free & bit == 0 {
                            return Err(format!("`pairing`: the cell {} is not free", label(x)));
                        }
                        if used & bit != 0 {
                            return Err(format!(
                                "`pairing`: the cell {} is in two pairs",
                                label(x)
                            ));
                        }
                        used |= bit;
                    }
                    partner[usize::from(a)] = b;
                    partner[usize::from(b)] = a;
                }
                for &(i, _) in &census.live {
                    let set = &game.sets()[i];
                    let holds_pair = set.cells.iter().any(|&c| {
                        let p = partner[usize::from(c)];
                        p != NO_CELL && set.bits >> p & 1 == 1
                    });
                    if !holds_pair {
                        return Err(format!(
                            "`pairing`: the live winning set {} contains no pair",
                            game.describe(set.bits)
                        ));
                    }
                }
                Ok(Step::Leaf { win: false })
            }
            Kind::Potential => {
                // Σ count[f]·2^(−f) as a binary number: `carry` is its integer part
                // after the loop, `half` its digit of weight 1/2.
                let mut count = [0u64; 129];
                for &(_, f) in &census.live {
                    count[f as usize] += 1;
                }
                let mut carry = 0u64;
                let mut half = 0u64;
                for f in (1..=128).rev() {
                    let v = count[f] + carry;
                    if f == 1 {
                        half = v & 1;
                    }
                    carry = v >> 1;
                }
                let (below, bound) = match mover {
                    Side::Breaker => (carry == 0, "1"),
                    Side::Maker => (carry == 0 && half == 0, "1/2"),
                };
                if below {
                    Ok(Step::Leaf { win: false })
                } else {
                    Err(format!(
                        "`potential`: the sum of 2^(-f) over the {} live winning sets (f: its \
                         free cells) is not below {bound} with {mover} to move",
                        census.live.len()
                    ))
                }
            }
        }
    }
}
