//! Who wins a finite Maker–Breaker game: depth-first proof-number search (docs/spec.md
//! §11).
//!
//! # What it computes
//!
//! [`Solver::solve`] decides the position it is given — Maker wins or Breaker wins
//! with perfect play — or stops at a node limit and says how far it got (the root's
//! proof and disproof numbers). Proofs are from Maker's side: a *proof number* `pn`
//! is a lower estimate of how many leaves must still be shown won for Maker, a
//! *disproof number* `dn` the same for Breaker; `pn = 0` means Maker wins, `dn = 0`
//! Breaker wins. Maker-to-move nodes are OR nodes (one winning move suffices),
//! Breaker-to-move nodes are AND nodes.
//!
//! # The search
//!
//! df-pn (Nagai 2002): the best-first proof-number search of Allis, van der Meulen
//! and van den Herik (1994) run depth first, each node searched until its numbers
//! reach thresholds handed down by its parent, all numbers kept in a transposition
//! table. Thresholds use the 1 + ε trick of Pawlewicz and Lew (2007): the best child
//! is searched until its number exceeds (1 + ε) times the second best's, not the
//! second best's plus one, which avoids the thrashing of plain df-pn between two
//! children of nearly equal promise (ε = 1/4). A Maker node's disproof number is the
//! *weak* one of Ueda et al. (2008), its hardest move's plus one for each other move
//! not yet refuted, not their sum, which counts the shared refutations of transposing
//! moves once per move (`numbers.rs` says why, BENCHMARKS.md what it bought).
//! Best-first PN search keeps its whole tree in memory and ends the run when memory
//! is full; df-pn keeps only what the table holds, and a full table merely loses
//! information — the search goes on, at the price of re-searching what was
//! forgotten. That is why it is the engine here: `--memory` bounds the run, never
//! ends it.
//!
//! A game has no cycles (every move takes a cell), so the graph-history interaction
//! that haunts df-pn in chess and Go does not arise; transpositions join positions
//! with the same cells taken, which have the same value.
//!
//! # What each node knows at once (docs/spec.md §11, each rule proved there)
//!
//! [`Solver::evaluate`] scans the winning sets once per node (a set is *live* while
//! Breaker owns none of its cells; `f` is its number of free cells):
//!
//! * a live set with `f = 0`: Maker has already won;
//! * no live set: Breaker has won;
//! * Maker to move and a live set with `f = 1`: Maker wins (takes the cell);
//!   Maker to move and a cell in two live sets with `f = 2` whose other cells differ:
//!   Maker wins (a double threat);
//! * Breaker to move and live sets with `f = 1` on two different cells: Maker wins;
//!   on one cell: Breaker's only move (a forced move);
//! * the Erdős–Selfridge potential `Σ 2^(−f)` below 1 with Breaker to move, below
//!   1/2 with Maker to move: Breaker wins (exact arithmetic, [`potential_below`]);
//! * every live set holding two free cells of its own, disjoint from every other
//!   set's two (a bipartite matching, [`pairing`]): Breaker wins by the pairing;
//! * otherwise the moves: the free cells of live sets only — a cell in no live set is
//!   never worth taking, for either player (the dead-cell lemma). At a position
//!   searched (not in the first look at a child, which only counts the moves), also
//!   none in a *hopeless component* — a component of the live sets (joined by shared
//!   free cells) whose potential is below 1/2, which Breaker wins even with Maker
//!   first; whoever wins the position wins by a move elsewhere (docs/spec.md §11.9) —
//!   and, for Maker, none *dominated* by another move left: a cell `x` is dropped when
//!   another move `y` lies in every live set through `x` and in more live sets, or in
//!   as many with a lower number (docs/spec.md §11.10: `y` wins whenever `x` does;
//!   `scan.rs`). The moves are ordered by their weight `Σ 2^(−f)` over
//!   the live sets through them, heaviest first.
//!
//! A child the table lacks is scanned at once (a win by threats included, its search
//! on a smaller budget when Breaker is to move: there the line only narrows the moves
//! counted; `scan.rs`): decided children get their final numbers, open ones first
//! numbers from their mobility and potential (`open_numbers`). The one exception is a
//! Breaker move outside the zone of a move already refuted at that node (below): it is
//! refuted with that move and is not looked at.
//!
//! The decided children go into the table, and so do the open ones with Breaker to
//! move, so that the parent's next visit does not scan them again. An open child with
//! Maker to move is not stored: its numbers follow from its number of live cells and
//! its potential alone, the same in every frame of its orbit, so the next look finds
//! them again (or, looking from another frame of the orbit, finds a line of threats
//! the first look missed: an open look is one that found none). Such looks were two
//! fifths to two thirds of the first looks, and the search that stored them took
//! nearly the same nodes (within 1 % on most boards) in up to four times the memory
//! (BENCHMARKS.md, *Open children with Maker to move left out of the table*). An open
//! child with Breaker to move is stored, because its numbers depend on the line of
//! threats its look found, and that line on the frame it was looked at in: looked at
//! again from another frame of its orbit, the same position can count other moves
//! (one search of (4, 12, 7^tr) took 2.4 times the nodes when those looks were
//! repeated, though over three first-move tables the counts moved by 3 % or less).
//!
//! # Zones
//!
//! Every position proved won for Maker carries a *zone* (docs/spec.md §11.3 (f)): a
//! set of cells such that Maker wins the position even when only the winning sets
//! inside the zone count — the set a rule completes, the two sets of a double threat,
//! the sets of a threat line; the zone of the winning move at Maker's nodes; the union
//! over the moves searched at Breaker's. Once one of Breaker's moves is refuted with
//! zone `Z`, every Breaker move outside `Z` is refuted by the same strategy (Maker
//! pretends Breaker took the first move instead), so a Breaker node searches only the
//! moves inside the zones of all its moves refuted so far. Near the leaves, where
//! Maker's wins are local, this removes most of Breaker's moves. Zones are stored in
//! the table with the proof, in the frame of the orbit's canonical image.
//!
//! # Narrowing
//!
//! With [`Options::narrow`], the moves of one player are cut to the first few of the
//! list at each of its positions searched; the search then reports that player's wins
//! only ([`Narrow`], docs/spec.md §11.20). Without it, nothing is cut.
//!
//! # Symmetry
//!
//! The automorphisms of the game — permutations of the cells that map the winning
//! sets onto the winning sets — are computed from the sets ([`automorphisms`], a
//! backtracking search over colour-refined cells) and folded into the table: a
//! position's key is the least of its Zobrist hashes under the automorphisms, so
//! the positions of one orbit share one entry. What is hashed is the position's
//! *reduction* (docs/spec.md §11.4): every cell in no live set counts as Breaker's,
//! so positions that differ only in cells that can no longer matter share an entry
//! too. The hashes are kept per automorphism and updated with a few XORs per move
//! (`keys`).
//!
//! # The table
//!
//! [`Table`] (in [`super::table`]): at most a given number of slots, in a table that
//! doubles in place each time half its slots are in use (a search touches two to four
//! times the memory of its entries) and replaces the least worked-on entry of a full
//! bucket first. A 64-bit key can in principle collide; the solver's answer is
//! therefore never the last word: [`crate::game::certificate`] replays it into a
//! strategy that the independent checker verifies position by position.
//!
//! # Complexity
//!
//! Each node costs one look at its position (`scan.rs`: `O(m)` word operations for
//! `m` sets by scanning; through bit-sliced counters, a few words per set with one or
//! two free cells), a table probe per child, and for each child the table lacks
//! (Breaker's moves outside a refuted move's zone aside) its own look — its
//! counters follow from the parent's in `O(log s)` words for sets of at most `s`
//! cells — and a search for a line of threats ([`super::threats`]: at most 31
//! positions, 16 at the first look at a child with Breaker to move, each a few word
//! operations on the same counters); where the matching's precondition holds,
//! `O(m · n)` for the pairing test. The number of nodes is what the heuristics are
//! for; BENCHMARKS.md gives it for the strip boards.

pub use super::stops::{pairing, potential_below};
use super::symmetry::automorphisms;
pub use super::table::Table;
pub use super::threats::{Line, Threats};
use numbers::{child_thresholds, combine, numbers, open_numbers, select};
use scan::Look;
pub use scan::{Eval, Moves, Rule};

mod counted;
mod keys;
mod narrow;
pub use narrow::{MAX_NARROW, Narrow};
mod pool;
use counted::Node;
use keys::Step;
pub use pool::Pool;
mod numbers;
mod scan;
mod scanned;
use super::{Cells, Game, Side, cells};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The "infinite" proof or disproof number: the other side has won.
pub const INF: u32 = u32::MAX;

/// ε of the 1 + ε thresholds, as a fraction `EPS_NUM / EPS_DEN`.
const EPS_NUM: u64 = 1;
const EPS_DEN: u64 = 4;

/// The most automorphisms folded into the table.
pub const MAX_SYMMETRIES: usize = 16;

/// Nodes between two calls of the progress callback (and checks of the clock).
const PROGRESS_EVERY: u64 = 1 << 16;

/// Nodes between two looks at [`Options::stop`].
pub const STOP_EVERY: u64 = 1 << 10;

/// Whether one of the flags of [`Options::stop`] is set.
pub fn stop_set(stop: &[&AtomicBool]) -> bool {
    stop.iter().any(|s| s.load(Ordering::Relaxed))
}

/// The moves of the line being searched that a progress report shows.
pub const PATH_SHOWN: usize = 8;

/// A position: Maker's cells, Breaker's cells and the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Maker's cells.
    pub maker: Cells,
    /// Breaker's cells.
    pub breaker: Cells,
    /// The player to move.
    pub to_move: Side,
}

impl Position {
    /// The starting position of `game`.
    pub fn start(game: &Game) -> Position {
        Position {
            maker: game.maker,
            breaker: game.breaker,
            to_move: game.first,
        }
    }

    /// The position after the player to move takes cell `c`.
    pub fn play(&self, c: usize) -> Position {
        let bit = 1u128 << c;
        match self.to_move {
            Side::Maker => Position {
                maker: self.maker | bit,
                breaker: self.breaker,
                to_move: Side::Breaker,
            },
            Side::Breaker => Position {
                maker: self.maker,
                breaker: self.breaker | bit,
                to_move: Side::Maker,
            },
        }
    }
}

/// Limits and reporting of one search.
#[derive(Clone, Copy)]
pub struct Options<'a> {
    /// Bytes for the transposition table.
    pub memory: usize,
    /// Stop after this many nodes (the answer is then undecided).
    pub node_limit: Option<u64>,
    /// Called every 65,536 nodes with the search's state.
    pub progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
    /// Once one of these flags is set, the search stops as at its node limit (within
    /// [`STOP_EVERY`] nodes): the answer is then undecided, with the numbers the
    /// search had reached. An interrupted run (`amoba solve` on SIGINT) sets one; a
    /// shard's job has one of its own, set when its part file cannot be saved.
    pub stop: &'a [&'a AtomicBool],
    /// Search only the heaviest moves of one player ([`Narrow`]): that player's wins
    /// are reported, the other's read as not decided.
    pub narrow: Option<Narrow>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            memory: 64 << 20,
            node_limit: None,
            progress: None,
            stop: &[],
            narrow: None,
        }
    }
}

/// The state of a running search, for progress reports.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Seconds since the search started.
    pub seconds: f64,
    /// Entries of the table in use, and its capacity.
    pub table_used: u64,
    /// Capacity of the table in entries.
    pub table_capacity: u64,
    /// The root's proof number as it stands: combined up the line being searched,
    /// from each node's children, the child searched now counting with the numbers
    /// just combined below it (the node being entered with the numbers its parent
    /// holds for it). A search returns to the root only when its move's numbers cross
    /// their thresholds, which on a hard move can take hours; these numbers move as
    /// the searches below return. While a certificate is extracted, the root is the
    /// position being searched again, as for [`Progress::path`].
    pub root_pn: u32,
    /// The root's disproof number, likewise.
    pub root_dn: u32,
    /// The root's moves searched (those of its moves the rules leave to search).
    pub root_moves: u32,
    /// Of those, the moves decided so far.
    pub root_settled: u32,
    /// The first moves (cells) of the line from the root to the position being
    /// searched: `path[..depth.min(PATH_SHOWN)]`. While a certificate is extracted,
    /// the line starts at the position being searched again, not at the game's start.
    pub path: [u8; PATH_SHOWN],
    /// The number of moves of that line.
    pub depth: u32,
    /// When the search is one of a batch of searches — the first moves of `--moves`
    /// ([`crate::game::decide`]), the frontier positions of a shard
    /// ([`crate::game::shard`]) — which one it is and how far the batch has got.
    pub batch: Option<BatchProgress>,
}

/// How far a batch of searches has got, as one of them reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchProgress {
    /// The reporting search's root.
    pub root: BatchRoot,
    /// Searches of the batch ended so far (decided or stopped at their node limit).
    pub ended: u32,
    /// Searches of the batch in all.
    pub searches: u32,
}

/// The root of one search of a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchRoot {
    /// The position after this first move (`--moves`): its moves are the replies.
    FirstMove(u8),
    /// The frontier position of this index in a split search (`--shard`).
    Frontier(u32),
}

/// The tally of a batch of searches, shared by the searches on every thread for
/// their progress reports ([`Solver::set_batch`]).
#[derive(Debug, Default)]
pub struct Batch {
    /// Searches ended so far.
    pub ended: std::sync::atomic::AtomicU32,
    /// Searches in all.
    pub searches: u32,
}

/// The answer of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` when the node limit (or [`Options::stop`]) stopped the
    /// search first.
    pub winner: Option<Side>,
    /// Nodes searched (calls of the search on a position).
    pub nodes: u64,
    /// The root's proof and disproof numbers at the end.
    pub pn: u32,
    /// The root's disproof number at the end.
    pub dn: u32,
}

/// A search over one game: its sets, hash keys, automorphisms and table.
pub struct Solver<'g> {
    game: &'g Game,
    /// The winning sets.
    sets: Vec<Cells>,
    /// Zobrist keys: `zobrist[c]` for Maker's cell `c`, `zobrist[128 + c]` for Breaker's.
    zobrist: Vec<u64>,
    /// The automorphisms folded into the table, identity first: `syms[g][c]` is the
    /// image of cell `c`.
    syms: Vec<Vec<u8>>,
    table: Table,
    nodes: u64,
    limit: u64,
    stopped: bool,
    start: Instant,
    /// The nodes from the root to the position being searched, each with its
    /// children as they stand: what progress reports combine into the root's numbers.
    frames: Vec<Frame>,
    /// The moves from the root to the position being searched.
    path: Vec<u8>,
    /// The root of this search in its batch, with the batch's tally, for progress
    /// reports (`--moves`, `--shard`).
    batch: Option<(BatchRoot, &'g Batch)>,
    progress: Option<&'g (dyn Fn(&Progress) + Sync)>,
    stop: &'g [&'g AtomicBool],
    /// The player whose moves are narrowed, and to how many ([`Narrow`]): as asked
    /// ([`Options::narrow`]), and as in force (`None` once lifted for a certificate,
    /// [`Solver::lift_narrowing`]).
    narrow_asked: Option<Narrow>,
    narrow: Option<Narrow>,
    /// Whether the narrowing has left out a move since the table was last cleared:
    /// until then every number in the table is the game's.
    cut: bool,
    /// Once the narrowing is lifted after a cut, the player whose wins in the table
    /// are not trusted (they may hold only against the narrowed player): lookups
    /// read them as absent ([`Solver::trusted`]).
    distrust: Option<Side>,
    /// The search for wins by threats alone, with its cache, and the bit-sliced
    /// counters' geometry when the game has at most 128 sets of at most 15 cells:
    /// positions are then looked at through their counters ([`counted`]), else by
    /// scanning the sets.
    threats: Threats,
}

/// The hashes of a position under each folded automorphism.
#[derive(Clone, Copy)]
struct Hashes {
    h: [u64; MAX_SYMMETRIES],
}

/// A node of the line being searched: its children with their numbers as they stand,
/// Breaker's moves still to refute, and the child searched now.
struct Frame {
    children: Vec<Child>,
    or: bool,
    must: Cells,
    best: usize,
}

/// A child of a node during the search.
#[derive(Clone, Copy)]
struct Child {
    cell: u8,
    pn: u32,
    dn: u32,
    /// The zone of a move proved won for Maker. At a Breaker node, a move outside
    /// the zone of a move refuted before it was met is not looked at: it reads
    /// `(0, INF)` with zone 0, which means nothing; [`numbers::numbers`] counts it
    /// refuted whatever it holds, and it adds nothing to the node's zone.
    zone: Cells,
}

impl<'g> Solver<'g> {
    /// A solver for `game` with `options` (the table is allocated here).
    pub fn new(game: &'g Game, options: &Options<'g>) -> Solver<'g> {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let zobrist = (0..256)
            .map(|_| {
                seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = seed;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect();
        Solver {
            game,
            sets: game.sets.clone(),
            zobrist,
            syms: automorphisms(game.ncells(), &game.sets, MAX_SYMMETRIES),
            table: Table::new(options.memory),
            nodes: 0,
            limit: options.node_limit.unwrap_or(u64::MAX),
            stopped: false,
            start: Instant::now(),
            frames: Vec::new(),
            path: Vec::new(),
            batch: None,
            progress: options.progress,
            stop: options.stop,
            narrow_asked: options.narrow,
            narrow: options.narrow,
            cut: false,
            distrust: None,
            threats: Threats::new(&game.sets, game.all()),
        }
    }

    /// The automorphisms folded into the table (identity first).
    pub fn symmetries(&self) -> &[Vec<u8>] {
        &self.syms
    }

    /// Nodes searched so far by this solver.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Makes the solver as new (an empty table and caches, no nodes counted) for
    /// another search, with node limit `node_limit`; every count is then the same as
    /// a fresh solver's, without allocating and mapping a new table.
    pub fn reset(&mut self, node_limit: Option<u64>) {
        self.table.clear();
        self.threats.clear();
        self.nodes = 0;
        self.limit = node_limit.unwrap_or(u64::MAX);
        self.stopped = false;
        self.start = Instant::now();
        self.frames.clear();
        self.path.clear();
        self.batch = None;
        self.narrow = self.narrow_asked;
        self.cut = false;
        self.distrust = None;
    }

    /// Marks the next search as the one of `root` in the batch tallied in `tally`:
    /// its progress reports say so ([`Progress::batch`]). [`Solver::reset`] clears
    /// the mark.
    pub fn set_batch(&mut self, root: BatchRoot, tally: &'g Batch) {
        self.batch = Some((root, tally));
    }

    /// Lifts the node limit: the searches that extracting a certificate makes of
    /// positions the table has forgotten must finish, whatever limit the decision had.
    pub fn lift_node_limit(&mut self) {
        self.limit = u64::MAX;
    }

    /// Lifts the narrowing ([`Options::narrow`]) until [`Solver::reset`]: the searches
    /// that extracting a certificate makes must find the narrowed player's wins,
    /// which a narrowed search may miss where the table holds no proof — a Breaker
    /// move refuted by another's zone (§11.3 (f)) may need a move of Maker's left out.
    /// If the narrowing has left out a move, the other player's wins in the table
    /// are then read as absent, since they may hold only against the narrowed
    /// player; the narrowed player's wins are the game's (docs/spec.md §11.20), and
    /// so is every verdict of the searches that follow.
    pub fn lift_narrowing(&mut self) {
        if let Some(n) = self.narrow.take()
            && self.cut
        {
            self.distrust = Some(n.side.other());
        }
    }

    /// Whether the table's numbers `(pn, dn)` may be used: not a win of the player
    /// whose wins are distrusted ([`Solver::lift_narrowing`]).
    fn trusted(&self, pn: u32, dn: u32) -> bool {
        match self.distrust {
            None => true,
            Some(Side::Maker) => pn != 0,
            Some(Side::Breaker) => dn != 0,
        }
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.game
    }

    /// The free cells of the live winning sets at `p`.
    pub fn live_cells(&self, p: &Position) -> Cells {
        let free = self.game.all() & !(p.maker | p.breaker);
        self.sets
            .iter()
            .filter(|&&s| s & p.breaker == 0)
            .fold(0, |a, &s| a | (s & free))
    }

    /// The live winning sets at `p` (those Breaker has no cell of).
    fn live_sets(&self, p: &Position) -> Vec<Cells> {
        self.sets
            .iter()
            .copied()
            .filter(|&s| s & p.breaker == 0)
            .collect()
    }

    /// What the table knows of a position: its proof and disproof numbers.
    pub fn known(&self, p: &Position) -> Option<(u32, u32)> {
        self.table
            .get(self.key_of(p))
            .filter(|&(pn, dn)| self.trusted(pn, dn))
    }

    /// The zone the table holds for `p` when it holds `p` as won for Maker
    /// (docs/spec.md §11.3 (f)): Maker wins `p` with only the winning sets inside it.
    /// A narrowed search's Maker wins count only when [`Solver::solve`] would report
    /// them.
    pub fn proved_zone(&self, p: &Position) -> Option<Cells> {
        match self.lookup(&self.hashes(p), p.to_move) {
            Some((0, dn, zone)) if self.winner_of(0, dn).is_some() => Some(zone),
            _ => None,
        }
    }

    /// Decides `p` (or stops at the node limit, or when [`Options::stop`] is set).
    /// A narrowed search ([`Options::narrow`]) reports only the narrowed player's
    /// wins: the other player's read as not decided, with the numbers reached.
    pub fn solve(&mut self, p: &Position) -> Outcome {
        let before = self.nodes;
        self.stopped = self.stop_requested();
        let h = self.hashes(p);
        let node = self.node_of(p);
        let (pn, dn, _) = self.mid(p, &h, node, INF, INF);
        let winner = self.winner_of(pn, dn);
        Outcome {
            winner,
            nodes: self.nodes - before,
            pn,
            dn,
        }
    }

    /// The decided value of `p` from the table, or a fresh search of it (of a
    /// narrowed search, only the narrowed player's wins, as [`Solver::solve`]).
    pub fn value(&mut self, p: &Position) -> Option<Side> {
        let known = self.known(p).and_then(|(pn, dn)| self.winner_of(pn, dn));
        known.or_else(|| self.solve(p).winner)
    }

    /// The winner that numbers `(pn, dn)` show, when the search may report it: any
    /// winner until the narrowing has left out a move, then only the narrowed
    /// player ([`Narrow::sound`]).
    fn winner_of(&self, pn: u32, dn: u32) -> Option<Side> {
        match (pn, dn) {
            (0, _) => Some(Side::Maker),
            (_, 0) => Some(Side::Breaker),
            _ => None,
        }
        .filter(|&w| !self.cut || Narrow::sound(self.narrow, w))
    }

    /// Whether a flag of [`Options::stop`] is set: the searches stop as at their node limit.
    pub fn stop_requested(&self) -> bool {
        stop_set(self.stop)
    }

    /// The root's numbers as they stand, and its moves to search with how many of
    /// them are decided: each node on the line being searched combines its children's
    /// numbers, the child searched now counting with the numbers just combined below
    /// it. These are the numbers the root would return if the search stopped now,
    /// except that the node being entered (reports are made on entering a node)
    /// counts with the numbers its parent holds for it, not with those its scan may
    /// give it, which might decide it and, below a Breaker node, narrow the moves
    /// that node must still refute. A search returns to the root only when its
    /// move's numbers cross their thresholds, which on a hard move can take hours.
    /// `O(d · b)` for a line of `d` nodes of at most `b` moves each; `((1, 1), (0,
    /// 0))` before the root has its moves.
    fn root_as_it_stands(&self) -> ((u32, u32), (u32, u32)) {
        let mut below: Option<(u32, u32)> = None;
        let mut scratch = Vec::new();
        let mut settled = 0;
        for (depth, f) in self.frames.iter().enumerate().rev() {
            scratch.clear();
            scratch.extend_from_slice(&f.children);
            if let Some((pn, dn)) = below {
                scratch[f.best].pn = pn;
                scratch[f.best].dn = dn;
            }
            below = Some(combine(&scratch, f.or, f.must));
            if depth == 0 {
                settled = scratch
                    .iter()
                    .filter(|c| {
                        let (pn, dn) = numbers(c, f.must);
                        pn == 0 || dn == 0
                    })
                    .count();
            }
        }
        let moves = self.frames.first().map_or(0, |f| f.children.len());
        (below.unwrap_or((1, 1)), (moves as u32, settled as u32))
    }

    fn tick(&mut self) {
        if self.nodes >= self.limit
            || (self.nodes.is_multiple_of(STOP_EVERY) && self.stop_requested())
        {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(PROGRESS_EVERY)
            && let Some(f) = self.progress
        {
            let (used, cap) = self.table.fill();
            let ((root_pn, root_dn), (root_moves, root_settled)) = self.root_as_it_stands();
            let mut path = [0; PATH_SHOWN];
            let shown = self.path.len().min(PATH_SHOWN);
            path[..shown].copy_from_slice(&self.path[..shown]);
            f(&Progress {
                nodes: self.nodes,
                seconds: self.start.elapsed().as_secs_f64(),
                table_used: used,
                table_capacity: cap,
                root_pn,
                root_dn,
                root_moves,
                root_settled,
                path,
                depth: self.path.len() as u32,
                batch: self.batch.map(|(root, tally)| BatchProgress {
                    root,
                    ended: tally.ended.load(Ordering::Relaxed),
                    searches: tally.searches,
                }),
            });
        }
    }

    /// The first numbers of a position not yet in the table, from one scan of it:
    /// decided positions get their final numbers, open ones those of
    /// [`open_numbers`]; and, when Maker has won, the zone.
    fn first_numbers(&self, p: &Position, node: Option<&Node>) -> (u32, u32, Cells) {
        match self.look_at(p, node) {
            Look::Decided(rule, zone) => match rule.winner() {
                Side::Maker => (0, INF, zone),
                Side::Breaker => (INF, 0, 0),
            },
            Look::Open {
                candidates,
                potential,
                ..
            } => {
                let (pn, dn) = open_numbers(candidates.count_ones(), potential, p.to_move);
                (pn, dn, 0)
            }
        }
    }

    /// The numbers of the children of `p` reached by `moves`, from the table where it
    /// has them, else from [`Solver::first_numbers`], which are then stored (with no
    /// work, so they are the first to be replaced), so that the scan is not repeated
    /// when `p` is searched again; a child open with Maker to move is not stored
    /// (module documentation). The children's buckets are read first, all at once
    /// ([`Table::warm`]).
    ///
    /// At Breaker's nodes `must` (all cells on entry) becomes the intersection of the
    /// zones of the moves found proved, in move order; a move outside it by the time
    /// it is met is refuted by an earlier move's zone and is not looked at (its child
    /// reads `(0, INF)` with an empty zone: it adds nothing to the node's zone).
    fn children(
        &mut self,
        p: &Position,
        h: &Hashes,
        moves: &[u8],
        node: Option<&Node>,
        (rel, live): (Cells, &[Cells]),
        must: &mut Cells,
    ) -> Vec<Child> {
        let steps: Vec<(Step, Option<Node>)> = moves
            .iter()
            .map(|&c| self.step_at(p, node, rel, live, c as usize))
            .collect();
        let keys: Vec<(u64, usize)> = steps
            .iter()
            .map(|st| self.child_key(h, p.to_move, &st.0))
            .collect();
        self.table.warm(keys.iter().map(|k| k.0));
        let mut children = Vec::with_capacity(moves.len());
        let or = p.to_move == Side::Maker;
        for ((&c, &(key, frame)), (st, child_node)) in moves.iter().zip(&keys).zip(&steps) {
            if !or && *must >> c & 1 == 0 {
                children.push(Child {
                    cell: c,
                    pn: 0,
                    dn: INF,
                    zone: 0,
                });
                continue;
            }
            let (pn, dn, zone) = match self.lookup_key(key, frame) {
                Some(v) => v,
                None => {
                    let child = p.play(c as usize);
                    let v = self.first_numbers(&child, child_node.as_ref());
                    let open = v.0 != 0 && v.1 != 0;
                    if !(open && child.to_move == Side::Maker) {
                        self.store(&self.child_hashes(h, st), child.to_move, v.0, v.1, 0, v.2);
                    }
                    v
                }
            };
            if !or && pn == 0 {
                *must &= zone;
            }
            children.push(Child {
                cell: c,
                pn,
                dn,
                zone,
            });
        }
        children
    }

    /// The df-pn search of `p` with thresholds `(thpn, thdn)`; returns its numbers
    /// and, when Maker has won, its zone: a set of cells such that Maker also wins
    /// `p` in the game of the winning sets inside the zone alone (docs/spec.md §11).
    ///
    /// At a Breaker node, once a move `b` is proved lost for Breaker with zone `Z`,
    /// every move outside `Z` is lost too (Maker answers it as if Breaker had taken
    /// `b`), so only the moves inside the zones of all moves proved so far are still
    /// searched; the node's zone is the union of the zones of the moves searched.
    fn mid(
        &mut self,
        p: &Position,
        h: &Hashes,
        node: Option<Node>,
        thpn: u32,
        thdn: u32,
    ) -> (u32, u32, Cells) {
        self.nodes += 1;
        self.tick();
        let start_nodes = self.nodes;
        let (mut moves, base) = match self.scan_at(p, node.as_ref(), true, true) {
            (Eval::Decided(rule), zone) => {
                let (pn, dn, zone) = match rule.winner() {
                    Side::Maker => (0, INF, zone),
                    Side::Breaker => (INF, 0, 0),
                };
                self.store(h, p.to_move, pn, dn, 1, zone);
                return (pn, dn, zone);
            }
            (Eval::Open(m), zone) => (m.cells, zone),
        };
        if let Some(n) = self.narrow
            && n.side == p.to_move
            && moves.len() > n.moves as usize
        {
            moves.truncate(n.moves as usize);
            self.cut = true;
        }
        let or = p.to_move == Side::Maker;
        // The threat search of the scan above answers those of many of the children's
        // first looks ([`Threats::base`]).
        self.threats.base(p);
        // Without counters, the live sets and their cells, for the reduction's steps.
        let (live, rel) = match &node {
            Some(n) => (Vec::new(), n.rel),
            None => {
                let live = self.live_sets(p);
                let rel = live.iter().fold(0, |a, &s| a | s);
                (live, rel)
            }
        };
        // Breaker's moves still to be refuted: those inside every proved move's zone.
        let mut must: Cells = !0;
        let children = self.children(p, h, &moves, node.as_ref(), (rel, &live), &mut must);
        // The node joins the line for the progress reports while its children are
        // searched ([`Solver::root_as_it_stands`]).
        let at = self.frames.len();
        self.frames.push(Frame {
            children,
            or,
            must,
            best: 0,
        });
        let (mut pn, mut dn);
        loop {
            let f = &self.frames[at];
            let must = f.must;
            (pn, dn) = combine(&f.children, or, must);
            if pn >= thpn || dn >= thdn || pn == 0 || dn == 0 || self.stopped {
                break;
            }
            let (best, second) = select(&f.children, or, must);
            let c = f.children[best];
            let (cth_pn, cth_dn) =
                child_thresholds(&f.children, or, must, pn, (thpn, thdn), &c, second);
            self.frames[at].best = best;
            let cp = p.play(c.cell as usize);
            let (step, child_node) = self.step_at(p, node.as_ref(), rel, &live, c.cell as usize);
            let chh = self.child_hashes(h, &step);
            self.path.push(c.cell);
            let (cpn, cdn, czone) = self.mid(&cp, &chh, child_node, cth_pn, cth_dn);
            self.path.pop();
            let f = &mut self.frames[at];
            f.children[best].pn = cpn;
            f.children[best].dn = cdn;
            f.children[best].zone = czone;
            if !or && cpn == 0 {
                f.must &= czone;
            }
        }
        debug_assert_eq!(self.frames.len(), at + 1);
        let children = self.frames.pop().expect("the node's own frame").children;
        let zone = if pn != 0 {
            0
        } else if or {
            children.iter().find(|c| c.pn == 0).map_or(0, |c| c.zone)
        } else {
            children
                .iter()
                .filter(|c| c.pn == 0)
                .fold(base, |a, c| a | c.zone)
        };
        self.store(h, p.to_move, pn, dn, self.nodes - start_nodes + 1, zone);
        (pn, dn, zone)
    }
}

#[cfg(test)]
mod tests;
