//! Beyond one machine: a game's search split at a depth below the root into parts
//! that separate jobs solve, each saving what it has proved, and a merge of the parts
//! into the root's verdict and one certificate (docs/spec.md §11.18; FORMATS.md, *Game
//! parts*).
//!
//! # What it computes
//!
//! [`Frontier::new`] expands the game from its starting position to a *split depth*
//! `D`: a position fewer than `D` moves deep that [`Solver::evaluate`] leaves open is a
//! *top node*, and its children are the positions after each free cell of a live set
//! (every move either player may need: a cell in no live set is never worth taking,
//! docs/spec.md §11, *dead cells*). Every other position met — `D` moves deep, or
//! decided at once by a rule — is a *frontier position*. Positions reached by several
//! orders of moves are one node, and a frontier position is stored once per orbit of
//! the game's automorphisms (its least image, `(maker, breaker)` compared as numbers),
//! with the automorphism that leads from each occurrence to it. The frontier is listed
//! in the order a depth-first walk from the root (children by cell) first meets it; its
//! SHA-256 fingerprint names the split in every part file.
//!
//! Shard `I` of `N` ([`solve_part`]) takes the frontier positions whose index is `I`
//! modulo `N` and decides each by a search of its own (a fresh [`Solver`], so every
//! position's node count is the same for any thread count and any shard count), with
//! the winner's certificate ([`certificate::extract`]). [`merge()`] takes the values of
//! all the parts, evaluates the top nodes by minimax — the player to move wins if one
//! child is won for them, loses if every child is lost — and, when the root is decided,
//! builds one certificate: the top nodes written as the winner's move (the first child
//! in cell order won for the winner) or the loser's replies (every child), each
//! frontier position's certificate from its part, mapped back through the automorphism
//! that led to it. The merged certificate is an ordinary strategy certificate: `amoba
//! verify --strategy` replays it without knowing it was merged.
//!
//! # Invariants
//!
//! * The frontier is a function of the game (its sets, first player and starting
//!   position) and `D` alone; a part whose fingerprint, game digest, depth or shard
//!   count differs from the others is refused, as are a missing or repeated shard.
//! * A part lists only positions of its own shard, each at most once; a position
//!   missing from a part (its job was stopped before it got there) or written as
//!   undecided leaves the nodes above it undecided unless their other children decide
//!   them.
//! * A shard's part file is rewritten whole and atomically as positions are decided
//!   (within seconds of each, and at the end; [`super::job`]), so a job stopped by its
//!   time limit or killed loses only the positions it was working on; started again
//!   on the same file it keeps every decided position and searches only the others
//!   ([`Part::resumable`]).
//!
//! # Why split this way
//!
//! The split solves positions the root's search would not need (a Maker win at the
//! root needs one good move per Maker node; the parts decide them all). That is the
//! price of independence: the jobs share nothing, not even a table, and any subset of
//! them can be rerun. At depth 2 a 13×4 strip has about 1,350 frontier positions,
//! enough to balance many jobs; a deeper split balances better and wastes more.
//!
//! # Complexity
//!
//! The frontier: one evaluation per top node and one canonical image (`O(s·n)` for
//! `s` automorphisms) per frontier occurrence; at most [`MAX_FRONTIER`] positions. A
//! part: the searches of its positions. The merge: linear in the top nodes, the
//! frontier and the certificates' nodes.

use super::certificate::{self, Certificate, CertificateError, Next, Node};
pub use super::part::{Part, PartsDoc, load_part, part_name, read_part};
use super::solve::{Batch, BatchRoot, Eval, Narrow, Options, Pool, Position, Progress, Solver};
use super::symmetry::image;
use super::{Cells, Game, Side, cells};
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};

mod merge;

pub use merge::{MAX_OPEN_LINES, Merged, RootMove, merge};

/// The deepest split.
pub const MAX_SPLIT_DEPTH: usize = 8;

/// The most frontier positions of a split.
pub const MAX_FRONTIER: usize = 1 << 22;

/// The most shards of a split.
pub const MAX_SHARDS: usize = 1 << 20;

/// Where a top node's move leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Link {
    /// To another top node.
    Top(u32),
    /// To the frontier position `index`, which is the image of the position reached
    /// under automorphism `sym`.
    Leaf { index: u32, sym: u16 },
}

/// A position the split expands.
struct Top {
    to_move: Side,
    /// Each free cell of a live set, and where it leads.
    children: Vec<(u8, Link)>,
}

/// A game split at a depth: the top nodes above, the frontier positions below.
pub struct Frontier {
    /// The split depth.
    pub depth: usize,
    /// The frontier positions, each its orbit's least image.
    pub positions: Vec<Position>,
    /// SHA-256 of the depth and the positions, in lowercase hexadecimal.
    pub fingerprint: String,
    /// The inverses of the automorphisms (identity first).
    inverses: Vec<Vec<u8>>,
    top: Vec<Top>,
    root: Link,
}

/// Why a split or a merge cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ShardError {
    /// The split depth is beyond [`MAX_SPLIT_DEPTH`].
    #[error("split depth {0} is beyond the deepest, {MAX_SPLIT_DEPTH}")]
    TooDeep(usize),
    /// The frontier would hold more than [`MAX_FRONTIER`] positions.
    #[error(
        "the split at depth {0} has more than {MAX_FRONTIER} frontier positions; choose a \
         smaller --split-depth"
    )]
    TooWide(usize),
    /// A part does not belong with the others or with this game.
    #[error("{name}: {why}")]
    Foreign {
        /// The part's name.
        name: String,
        /// What differs.
        why: String,
    },
    /// Shards of the split are missing, or no part was given.
    #[error("missing part{}: shard{} {} of {count}", if .missing.len() == 1 { "" } else { "s" }, if .missing.len() == 1 { "" } else { "s" }, shard_list(.missing))]
    Missing {
        /// The missing shards.
        missing: Vec<usize>,
        /// The number of shards.
        count: usize,
    },
    /// Two parts are the same shard.
    #[error("{first} and {second} are both shard {shard}")]
    Repeated {
        /// One part's name.
        first: String,
        /// The other's.
        second: String,
        /// The shard.
        shard: String,
    },
    /// A certificate of a part does not fit the merged strategy.
    #[error(transparent)]
    Certificate(#[from] CertificateError),
}

fn shard_list(v: &[usize]) -> String {
    let shown: Vec<String> = v.iter().take(10).map(|i| i.to_string()).collect();
    let more = if v.len() > 10 { ", …" } else { "" };
    format!("{}{more}", shown.join(", "))
}

impl Frontier {
    /// Splits `game` at `depth` moves below its starting position.
    ///
    /// # Errors
    ///
    /// [`ShardError::TooDeep`] beyond [`MAX_SPLIT_DEPTH`], [`ShardError::TooWide`] when
    /// the frontier would exceed [`MAX_FRONTIER`] positions.
    ///
    /// # Example
    ///
    /// ```
    /// use amoba::game::generate::strip_7tr;
    /// use amoba::game::shard::Frontier;
    /// let game = strip_7tr(8).unwrap();
    /// let split = Frontier::new(&game, 1).unwrap();
    /// // 32 first moves, folded by the board's automorphisms.
    /// assert!(split.positions.len() < 32);
    /// ```
    pub fn new(game: &Game, depth: usize) -> Result<Frontier, ShardError> {
        if depth > MAX_SPLIT_DEPTH {
            return Err(ShardError::TooDeep(depth));
        }
        let options = Options {
            memory: 1 << 16,
            node_limit: Some(1),
            ..Options::default()
        };
        let solver = Solver::new(game, &options);
        let syms = solver.symmetries().to_vec();
        let inverses = syms
            .iter()
            .map(|p| {
                let mut inv = vec![0u8; p.len()];
                for (c, &i) in p.iter().enumerate() {
                    inv[i as usize] = c as u8;
                }
                inv
            })
            .collect();
        let mut b = Builder {
            solver: &solver,
            depth,
            base: (game.maker | game.breaker).count_ones(),
            syms: &syms,
            top: Vec::new(),
            tops: HashMap::new(),
            positions: Vec::new(),
            leaves: HashMap::new(),
        };
        let root = b.visit(&Position::start(game))?;
        let (top, positions) = (b.top, b.positions);
        let mut h = Sha256::new();
        h.update(format!("split {depth}\n"));
        for p in &positions {
            h.update(format!(
                "{:x} {:x} {}\n",
                p.maker,
                p.breaker,
                p.to_move.word()
            ));
        }
        let fingerprint = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
        Ok(Frontier {
            depth,
            positions,
            fingerprint,
            inverses,
            top,
            root,
        })
    }

    /// The number of top nodes (positions the split expands).
    pub fn top_nodes(&self) -> usize {
        self.top.len()
    }

    /// The indices of the frontier positions of shard `index` of `count`.
    pub fn shard(&self, index: usize, count: usize) -> impl Iterator<Item = usize> + use<> {
        (index..self.positions.len()).step_by(count.max(1))
    }
}

struct Builder<'a, 'g> {
    solver: &'a Solver<'g>,
    depth: usize,
    base: u32,
    syms: &'a [Vec<u8>],
    top: Vec<Top>,
    tops: HashMap<(Cells, Cells), u32>,
    positions: Vec<Position>,
    leaves: HashMap<(Cells, Cells), u32>,
}

impl Builder<'_, '_> {
    fn visit(&mut self, p: &Position) -> Result<Link, ShardError> {
        let key = (p.maker, p.breaker);
        if let Some(&t) = self.tops.get(&key) {
            return Ok(Link::Top(t));
        }
        let deep = ((p.maker | p.breaker).count_ones() - self.base) as usize;
        if deep < self.depth
            && let Eval::Open(moves) = self.solver.evaluate(p)
        {
            let t = self.top.len() as u32;
            self.top.push(Top {
                to_move: p.to_move,
                children: Vec::new(),
            });
            self.tops.insert(key, t);
            let mut children = Vec::new();
            for c in cells(moves.live) {
                children.push((c as u8, self.visit(&p.play(c))?));
            }
            self.top[t as usize].children = children;
            return Ok(Link::Top(t));
        }
        // The least image over the automorphisms, and the one that gives it.
        let (mut best, mut sym) = (key, 0);
        for (g, perm) in self.syms.iter().enumerate().skip(1) {
            let im = (image(p.maker, perm), image(p.breaker, perm));
            if im < best {
                best = im;
                sym = g;
            }
        }
        let index = match self.leaves.get(&best) {
            Some(&i) => i,
            None => {
                if self.positions.len() >= MAX_FRONTIER {
                    return Err(ShardError::TooWide(self.depth));
                }
                let i = self.positions.len() as u32;
                self.positions.push(Position {
                    maker: best.0,
                    breaker: best.1,
                    to_move: p.to_move,
                });
                self.leaves.insert(best, i);
                i
            }
        };
        Ok(Link::Leaf {
            index,
            sym: sym as u16,
        })
    }
}

/// One frontier position decided (or given up) by a part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Its index in the frontier.
    pub index: usize,
    /// Who wins it, or `None` when its search stopped at the node limit.
    pub winner: Option<Side>,
    /// Nodes of its search (and of the extraction of its certificate).
    pub nodes: u64,
    /// The winner's strategy from it.
    pub certificate: Option<Certificate>,
}

/// The limits of the searches of a part.
#[derive(Clone, Copy)]
pub struct PartRequest<'a> {
    /// Bytes of each search's table (one per thread at a time).
    pub memory: usize,
    /// The most nodes of each position's search.
    pub node_limit: Option<u64>,
    /// Flags that stop every search once one is set ([`Options::stop`]): the
    /// positions they cut short are left out of the answer, as if not reached.
    pub stop: &'a [&'a AtomicBool],
    /// Called every 65,536 nodes of each search with its state ([`Options::progress`]),
    /// which names the frontier position searched ([`BatchRoot::Frontier`]).
    pub progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
    /// Search only the heaviest moves of one player ([`Options::narrow`]): the other
    /// player's wins read as not decided, and a rerun searches those positions again
    /// (the part file does not say how they were searched).
    pub narrow: Option<Narrow>,
}

/// Decides the frontier positions `todo` (indices), each by a fresh search, in
/// parallel over rayon's pool; `on_solved` is called as each is decided (from any
/// thread, in any order). The answer is in the order of `todo`, the same for any
/// number of threads. Positions whose search or certificate [`PartRequest::stop`]
/// cut short are left out (a rerun searches them again).
///
/// # Errors
///
/// [`CertificateError`] when a decided position's certificate cannot be extracted.
pub fn solve_part(
    game: &Game,
    frontier: &Frontier,
    todo: &[usize],
    request: &PartRequest,
    on_solved: &(dyn Fn(&Solved) + Sync),
) -> Result<Vec<Solved>, CertificateError> {
    let pool = Pool::new(
        game,
        Options {
            memory: request.memory,
            node_limit: request.node_limit,
            progress: request.progress,
            stop: request.stop,
            narrow: request.narrow,
        },
    );
    let tally = Batch {
        ended: 0.into(),
        // Indices and counts of frontier positions fit: at most `MAX_FRONTIER`.
        searches: todo.len() as u32,
    };
    let at_limit = |nodes: u64| request.node_limit.is_some_and(|l| nodes >= l);
    let solved: Vec<Option<Solved>> = todo
        .par_iter()
        .with_max_len(1)
        .map(|&index| {
            let p = frontier.positions[index];
            let s = pool.with(|solver| {
                solver.set_batch(BatchRoot::Frontier(index as u32), &tally);
                let winner = solver.solve(&p).winner;
                let certificate = match winner {
                    Some(w) => match certificate::extract_unless_stopped(solver, &p, w)? {
                        Some(c) => Some(c),
                        None => return Ok(None),
                    },
                    None if solver.stop_requested() && !at_limit(solver.nodes()) => {
                        return Ok(None);
                    }
                    None => None,
                };
                Ok::<_, CertificateError>(Some(Solved {
                    index,
                    winner,
                    nodes: solver.nodes(),
                    certificate,
                }))
            })?;
            tally.ended.fetch_add(1, Ordering::Relaxed);
            if let Some(s) = &s {
                on_solved(s);
            }
            Ok(s)
        })
        .collect::<Result<_, _>>()?;
    Ok(solved.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests;
