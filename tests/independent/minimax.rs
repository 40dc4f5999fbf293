//! Maker–Breaker games on small hypergraphs by plain minimax, and strategy
//! certificates built from its table, so that the certificate checker can be tested
//! on proofs that no solver wrote. No `amoba::` item is used: the game file and the
//! certificate are written here from FORMATS.md (*Game files*, *Strategy
//! certificates*), positions are two `u32` bit sets (Maker's cells, Breaker's cells).
//!
//! The minimax is the definition itself: Maker has won when he owns every cell of a
//! winning set; otherwise Breaker has won when he holds a cell of every winning set
//! (Maker can no longer complete one; so in particular when no cell is free);
//! otherwise the player to move wins when some move leads to a position he wins.
//! Values are kept in a `HashMap` over (Maker's cells, Breaker's cells); nothing else
//! prunes the search.

use std::collections::HashMap;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Maker,
    Breaker,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Maker => Side::Breaker,
            Side::Breaker => Side::Maker,
        }
    }

    /// As written in game files and certificates.
    pub fn word(self) -> &'static str {
        match self {
            Side::Maker => "maker",
            Side::Breaker => "breaker",
        }
    }
}

/// A tiny xorshift64 generator of its own.
pub struct XorShift(u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A Maker–Breaker game: cells `0..ncells`, winning sets of cells, who moves first.
/// The starting position is empty.
#[derive(Clone, Debug)]
pub struct Hypergraph {
    pub ncells: usize,
    pub sets: Vec<Vec<usize>>,
    pub maker_first: bool,
}

/// A position: Maker's cells, Breaker's cells.
pub type Pos = (u32, u32);

/// What a certificate node says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// `move L N`, or `move L win` when the target is `None`.
    Move(usize, Option<u32>),
    /// `reply L1 N1 …`.
    Reply(Vec<(usize, u32)>),
    Closed,
    /// `pairing A1 B1 …` (cells).
    Pairing(Vec<(usize, usize)>),
    Potential,
}

/// One node of a certificate, with the position the strategy reaches it in.
#[derive(Clone, Debug)]
pub struct CertNode {
    pub id: u32,
    pub pos: Pos,
    pub body: Body,
}

/// A certificate, as its statements.
#[derive(Clone, Debug)]
pub struct Certificate {
    pub hash: String,
    pub winner: Side,
    pub root: u32,
    pub nodes: Vec<CertNode>,
}

/// `c0`, `c1`, …: the label of a cell in the game files written here.
pub fn label(c: usize) -> String {
    format!("c{c}")
}

impl Certificate {
    /// The text of FORMATS.md, *Strategy certificates*.
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "amoba-strategy 1\ngame {}\nwinner {}\nroot {}\n",
            self.hash,
            self.winner.word(),
            self.root
        );
        for n in &self.nodes {
            s += &format!("node {} ", n.id);
            match &n.body {
                Body::Move(c, Some(t)) => s += &format!("move {} {t}", label(*c)),
                Body::Move(c, None) => s += &format!("move {} win", label(*c)),
                Body::Reply(entries) => {
                    s += "reply";
                    for (c, t) in entries {
                        s += &format!(" {} {t}", label(*c));
                    }
                }
                Body::Closed => s += "closed",
                Body::Pairing(pairs) => {
                    s += "pairing";
                    for (a, b) in pairs {
                        s += &format!(" {} {}", label(*a), label(*b));
                    }
                }
                Body::Potential => s += "potential",
            }
            s += "\n";
        }
        s
    }

    /// The node with id `id`.
    pub fn node(&self, id: u32) -> &CertNode {
        self.nodes
            .iter()
            .find(|n| n.id == id)
            .expect("a node of the certificate")
    }
}

/// Lowercase hexadecimal SHA-256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The numbers of a certificate's nodes: each position met gets the next number, and
/// the positions are handed out in that order to be given their bodies.
#[derive(Default)]
struct Ids {
    of: HashMap<Pos, u32>,
    order: Vec<Pos>,
    done: usize,
}

impl Ids {
    /// The number of `p`, given now if it has none.
    fn id(&mut self, p: Pos) -> u32 {
        let n = self.of.len() as u32;
        *self.of.entry(p).or_insert_with(|| {
            self.order.push(p);
            n
        })
    }

    /// The next position numbered and not yet handed out.
    fn next(&mut self) -> Option<Pos> {
        let p = self.order.get(self.done).copied();
        self.done += 1;
        p
    }
}

impl Hypergraph {
    /// `nsets` random winning sets of 2 to 4 distinct cells among `ncells`.
    pub fn random(seed: u64, ncells: usize, nsets: usize, maker_first: bool) -> Hypergraph {
        let mut rng = XorShift::new(seed);
        let sets = (0..nsets)
            .map(|_| {
                let size = 2 + rng.below(3).min(ncells - 2);
                let mut set = Vec::new();
                while set.len() < size {
                    let c = rng.below(ncells);
                    if !set.contains(&c) {
                        set.push(c);
                    }
                }
                set
            })
            .collect();
        Hypergraph {
            ncells,
            sets,
            maker_first,
        }
    }

    /// k-in-a-row on an `n`×`n` board with `k = n`: the rows, the columns and the two
    /// diagonals; cell `(x, y)` is `y·n + x`.
    pub fn square(n: usize, maker_first: bool) -> Hypergraph {
        let mut sets = Vec::new();
        for i in 0..n {
            sets.push((0..n).map(|x| i * n + x).collect());
            sets.push((0..n).map(|y| y * n + i).collect());
        }
        sets.push((0..n).map(|i| i * n + i).collect());
        sets.push((0..n).map(|i| i * n + (n - 1 - i)).collect());
        Hypergraph {
            ncells: n * n,
            sets,
            maker_first,
        }
    }

    /// The game file, in the grammar of FORMATS.md, with labels `c0`, `c1`, ….
    pub fn to_game_text(&self) -> String {
        let mut s = String::from("# a game written by tests/independent/minimax.rs\ngame h\n");
        s += if self.maker_first {
            "first maker\n"
        } else {
            "first breaker\n"
        };
        s += "cells";
        for c in 0..self.ncells {
            s += " ";
            s += &label(c);
        }
        s += "\n";
        for set in &self.sets {
            s += "set";
            for &c in set {
                s += " ";
                s += &label(c);
            }
            s += "\n";
        }
        s
    }

    fn bits(set: &[usize]) -> u32 {
        set.iter().fold(0, |b, &c| b | 1 << c)
    }

    /// The side to move at `pos` (every move adds one cell to an empty start).
    pub fn mover(&self, (m, b): Pos) -> Side {
        let first = if self.maker_first {
            Side::Maker
        } else {
            Side::Breaker
        };
        if (m | b).count_ones() % 2 == 0 {
            first
        } else {
            first.other()
        }
    }

    /// The free cells at `pos`, increasing.
    pub fn free(&self, (m, b): Pos) -> Vec<usize> {
        (0..self.ncells)
            .filter(|&c| (m | b) >> c & 1 == 0)
            .collect()
    }

    fn maker_owns_a_set(&self, m: u32) -> bool {
        self.sets.iter().any(|s| Self::bits(s) & !m == 0)
    }

    /// Breaker holds a cell of every winning set, so Maker can no longer own one (true
    /// in particular when no cell is free and Maker owns no set).
    fn breaker_meets_every_set(&self, b: u32) -> bool {
        self.sets.iter().all(|s| Self::bits(s) & b != 0)
    }

    /// Who wins from `pos` with the player of [`Hypergraph::mover`] to move.
    fn value(&self, memo: &mut HashMap<Pos, Side>, pos: Pos) -> Side {
        self.bounded(memo, pos, usize::MAX)
            .expect("an unbounded memo never gives up")
    }

    /// [`Hypergraph::value`], or `None` once `memo` holds more than `limit` positions.
    fn bounded(&self, memo: &mut HashMap<Pos, Side>, pos: Pos, limit: usize) -> Option<Side> {
        if let Some(&v) = memo.get(&pos) {
            return Some(v);
        }
        if memo.len() > limit {
            return None;
        }
        let (m, b) = pos;
        let v = if self.maker_owns_a_set(m) {
            Side::Maker
        } else if self.breaker_meets_every_set(b) {
            Side::Breaker
        } else {
            let mover = self.mover(pos);
            let mut best = mover.other();
            for c in self.free(pos) {
                if self.bounded(memo, self.play(pos, c), limit)? == mover {
                    best = mover;
                    break;
                }
            }
            best
        };
        memo.insert(pos, v);
        Some(v)
    }

    /// The position after the player to move takes `c`.
    pub fn play(&self, (m, b): Pos, c: usize) -> Pos {
        match self.mover((m, b)) {
            Side::Maker => (m | 1 << c, b),
            Side::Breaker => (m, b | 1 << c),
        }
    }

    /// Who wins the game.
    pub fn winner(&self) -> Side {
        self.value(&mut HashMap::new(), (0, 0))
    }

    /// For each first move, who wins after it.
    pub fn move_values(&self) -> Vec<(usize, Side)> {
        let mut memo = HashMap::new();
        (0..self.ncells)
            .map(|c| (c, self.value(&mut memo, self.play((0, 0), c))))
            .collect()
    }

    /// The winner and [`Hypergraph::move_values`], or `None` when the minimax would
    /// keep more than `limit` positions: what "a game the minimax can finish" means.
    pub fn values_within(&self, limit: usize) -> Option<(Side, Vec<(usize, Side)>)> {
        let mut memo = HashMap::new();
        let moves = (0..self.ncells)
            .map(|c| Some((c, self.bounded(&mut memo, self.play((0, 0), c), limit)?)))
            .collect::<Option<Vec<_>>>()?;
        Some((self.bounded(&mut memo, (0, 0), limit)?, moves))
    }

    /// The winning sets that contain no other winning set, as bit sets (FORMATS.md:
    /// the checker's rules are about these).
    pub fn minimal_sets(&self) -> Vec<u32> {
        let all: Vec<u32> = self.sets.iter().map(|s| Self::bits(s)).collect();
        let mut out: Vec<u32> = Vec::new();
        for &s in &all {
            let contains_another = all.iter().any(|&t| t != s && t & !s == 0);
            if !contains_another && !out.contains(&s) {
                out.push(s);
            }
        }
        out
    }

    /// The minimal winning sets in which Breaker owns no cell.
    pub fn live_sets(&self, (_, b): Pos) -> Vec<u32> {
        self.minimal_sets()
            .into_iter()
            .filter(|s| s & b == 0)
            .collect()
    }

    /// Whether free cell `x` is in no live winning set.
    pub fn dead(&self, pos: Pos, x: usize) -> bool {
        self.live_sets(pos).iter().all(|s| s >> x & 1 == 0)
    }

    /// Whether, after Breaker takes `x` at `pos`, some live set has exactly one free
    /// cell.
    pub fn maker_completes_after(&self, (m, b): Pos, x: usize) -> bool {
        let b = b | 1 << x;
        self.live_sets((m, b))
            .iter()
            .any(|s| (s & !m).count_ones() == 1)
    }

    /// Whether Σ 2^(−f) over the live sets is below 1 (Breaker to move) or 1/2 (Maker
    /// to move), in integers scaled by 2^32.
    pub fn potential_below(&self, pos: Pos) -> bool {
        let sum: u128 = self
            .live_sets(pos)
            .iter()
            .map(|s| 1u128 << (32 - (s & !pos.0).count_ones()))
            .sum();
        match self.mover(pos) {
            Side::Breaker => sum < 1 << 32,
            Side::Maker => sum < 1 << 31,
        }
    }

    /// A certificate for the winner, built from the minimax table: at the winner's
    /// turn the least winning move (`move L win` when it completes a set), at the
    /// loser's turn an explicit answer to every free cell, `closed` once Breaker has
    /// won and no live set is left. Node ids follow the order nodes are created in,
    /// from the root 0.
    pub fn strategy(&self, game_file_bytes: &[u8]) -> Certificate {
        let mut memo = HashMap::new();
        let winner = self.value(&mut memo, (0, 0));
        let mut ids = Ids::default();
        ids.id((0, 0));
        let mut nodes = Vec::new();
        while let Some(pos) = ids.next() {
            let body = self.winning_body(&mut memo, pos, winner, &mut ids);
            nodes.push(CertNode {
                id: ids.of[&pos],
                pos,
                body,
            });
        }
        Certificate {
            hash: sha256_hex(game_file_bytes),
            winner,
            root: 0,
            nodes,
        }
    }

    /// The node of [`Hypergraph::strategy`] for `side` at `pos`, a position `side`
    /// wins: `closed` once Breaker has won and no live set is left, at `side`'s turn
    /// the least winning move (`move L win` when it completes a set), at the other
    /// side's turn an explicit answer to every free cell. The positions it leads to
    /// get their numbers from `ids`.
    fn winning_body(
        &self,
        memo: &mut HashMap<Pos, Side>,
        pos: Pos,
        side: Side,
        ids: &mut Ids,
    ) -> Body {
        if side == Side::Breaker && self.live_sets(pos).is_empty() {
            Body::Closed
        } else if self.mover(pos) == side {
            let c = self
                .free(pos)
                .into_iter()
                .find(|&c| self.value(memo, self.play(pos, c)) == side)
                .expect("the side that wins has a winning move");
            let after = self.play(pos, c);
            if side == Side::Maker && self.maker_owns_a_set(after.0) {
                Body::Move(c, None)
            } else {
                Body::Move(c, Some(ids.id(after)))
            }
        } else {
            let entries = self
                .free(pos)
                .into_iter()
                .map(|c| {
                    let after = self.play(pos, c);
                    assert_eq!(self.value(memo, after), side, "every answer wins");
                    (c, ids.id(after))
                })
                .collect();
            Body::Reply(entries)
        }
    }

    /// A certificate that claims the win for the side that loses the game, as near to
    /// a proof as such a certificate can come: from every position the claimed side
    /// really wins, the minimax strategy of [`Hypergraph::strategy`]; from every other
    /// position a body picked at random among what a faulty solver could write — the
    /// claimed side's move at a random free cell (or, for Maker, `move L win` on a cell
    /// that completes nothing), Breaker's leaves (`closed`, `potential`, a `pairing` of
    /// two free cells of each live set taken greedily), or the other side's moves
    /// answered, every one or some left out. No such certificate is a proof: a checker
    /// that accepts one is unsound. Also returns which fakes it holds, by name.
    pub fn loser_strategy(
        &self,
        game_file_bytes: &[u8],
        rng: &mut XorShift,
    ) -> (Certificate, Vec<&'static str>) {
        let mut memo = HashMap::new();
        let claimed = self.value(&mut memo, (0, 0)).other();
        let mut ids = Ids::default();
        ids.id((0, 0));
        let (mut nodes, mut fakes) = (Vec::new(), Vec::new());
        while let Some(pos) = ids.next() {
            let body = if self.value(&mut memo, pos) == claimed {
                self.winning_body(&mut memo, pos, claimed, &mut ids)
            } else {
                let (fake, body) = self.fake(pos, claimed, &self.free(pos), rng);
                fakes.push(fake);
                match body {
                    Body::Move(c, Some(_)) => Body::Move(c, Some(ids.id(self.play(pos, c)))),
                    Body::Reply(cells) => Body::Reply(
                        cells
                            .into_iter()
                            .map(|(c, _)| (c, ids.id(self.play(pos, c))))
                            .collect(),
                    ),
                    other => other,
                }
            };
            nodes.push(CertNode {
                id: ids.of[&pos],
                pos,
                body,
            });
        }
        let cert = Certificate {
            hash: sha256_hex(game_file_bytes),
            winner: claimed,
            root: 0,
            nodes,
        };
        (cert, fakes)
    }

    /// One body of [`Hypergraph::loser_strategy`] at a position `claimed` does not
    /// win (or a final position), with its name; the targets of moves and answers
    /// are filled in by the caller.
    fn fake(
        &self,
        pos: Pos,
        claimed: Side,
        free: &[usize],
        rng: &mut XorShift,
    ) -> (&'static str, Body) {
        let live = self.live_sets(pos);
        let leaf = |rng: &mut XorShift| match rng.below(3) {
            0 => ("closed", Body::Closed),
            1 => ("potential", Body::Potential),
            _ => {
                // Two free cells of each live set, not used before, where it has them.
                let mut used = 0u32;
                let mut pairs = Vec::new();
                for s in &live {
                    let cells: Vec<usize> = (0..self.ncells)
                        .filter(|&c| (s & !(pos.0 | pos.1 | used)) >> c & 1 == 1)
                        .collect();
                    if cells.len() >= 2 {
                        let a = cells[rng.below(cells.len())];
                        let b = *cells.iter().find(|&&c| c != a).expect("two cells");
                        used |= 1 << a | 1 << b;
                        pairs.push((a, b));
                    }
                }
                ("pairing", Body::Pairing(pairs))
            }
        };
        if free.is_empty() {
            return leaf(rng);
        }
        if self.mover(pos) == claimed {
            let c = free[rng.below(free.len())];
            match (claimed, rng.below(3)) {
                (Side::Maker, 0) => ("move win", Body::Move(c, None)),
                (Side::Breaker, 0) => leaf(rng),
                _ => ("move", Body::Move(c, Some(0))),
            }
        } else {
            match (claimed, rng.below(3)) {
                (Side::Breaker, 0) => leaf(rng),
                (_, 1) => {
                    let kept: Vec<(usize, u32)> = free
                        .iter()
                        .filter(|_| rng.below(3) != 0)
                        .map(|&c| (c, 0))
                        .collect();
                    ("reply, some left out", Body::Reply(kept))
                }
                _ => ("reply", Body::Reply(free.iter().map(|&c| (c, 0)).collect())),
            }
        }
    }

    /// [`Hypergraph::strategy`] as the text of a certificate.
    pub fn certificate(&self, game_file_bytes: &[u8]) -> String {
        self.strategy(game_file_bytes).to_text()
    }
}
