//! The exhaustive search: every good pairing of a board, one per symmetry class.
//!
//! # The problem (docs/spec.md §2)
//!
//! A good pairing is an exact cover of the cells *and* the lines by dominoes: each
//! domino covers two cells and one line, and every cell and every line is covered
//! exactly once. The search is a dancing-links style backtracking over that exact
//! cover, but on bitboards instead of linked lists.
//!
//! # Bit layout
//!
//! Bit `c` of a `u64` is cell `c` (`y·8 + x` on the 8×8 torus; a board needs at most
//! [`MAX_SEARCH_CELLS`](crate::board::MAX_SEARCH_CELLS) cells). A node of the search holds
//!
//! * `free` — the uncovered cells;
//! * `allowed[f]` — the cells that may still anchor a domino of family `f`, i.e. the
//!   cells of the family-`f` lines that hold no domino yet;
//! * `open` — bit `l` set while line `l` holds no domino;
//! * `codes` — the codes decided so far (`UNKNOWN` elsewhere), needed by the symmetry
//!   pruning below.
//!
//! The dominoes that can still be placed are, per family, the bitboard
//! `avail_f = allowed_f & free & pull_f(free)`, where `pull_f(s)` holds cell `a`
//! exactly when `a + v_f ∈ s` ([`Shift`]). On the 8×8 torus `pull_f` is two byte-wise
//! rotations ([`Square8`]); other boards use a table ([`TableShift`]).
//!
//! # Branching
//!
//! Each node branches on the most constrained item (fewest remaining options), as
//! Knuth's Algorithm X does: a line with `popcount(avail_f & line)` options, or a cell
//! whose options are counted in bit-sliced form over the `2F` bitboards
//! `avail_f` and `push_f(avail_f)` (the cells reachable as the *second* cell of an
//! available domino). A cell or line with no option ends the branch at once.
//!
//! # Symmetry breaking inside the search (docs/spec.md §4)
//!
//! We want each class once, in its canonical (lexicographically least) form. So the
//! search only builds pairings that *could* be canonical:
//!
//! 1. the domino at cell 0 has code 0 (every canonical form starts `0…`);
//! 2. the first row (the first `n₀` cells of the one-line form) is decided first, cell
//!    by cell, so that the prefix the comparisons below need is known early;
//! 3. every time a domino is placed, each symmetry that would put code 0 at cell 0
//!    (a *candidate*, see [`crate::symmetry`]) becomes defined if that domino is its
//!    anchor, and every defined candidate `g` is compared with the partial pairing `P`:
//!    `g(P)` against `P`, position by position, as far as both are known. If `g(P)`
//!    is already smaller, no completion is canonical and the branch is cut. If it is
//!    already larger, the candidate is dropped. If they agree so far, the candidate
//!    remembers how far it got and waits for more cells.
//!
//! At a leaf every candidate has been compared to the end, so the pairing is canonical
//! and the candidates that survive equal to the end are exactly its non-identity
//! automorphisms: the stabiliser order falls out of the search for free.
//!
//! # Parallelism and determinism
//!
//! The tree is cut at the end of step 2: the *frontier* is the list of nodes with the
//! first row decided, produced in lexicographic order of that row. Frontier nodes are
//! independent subtrees; rayon runs them on all threads, each sorts its own output,
//! and the outputs are concatenated in frontier order. Since different frontier nodes
//! have different first rows, that concatenation is the sorted catalogue, byte for byte
//! the same for any number of threads.

// Families index several parallel arrays at once in the hot loops.
#![allow(clippy::needless_range_loop)]

pub mod bits;

use crate::board::Board;
use crate::search::bits::{Bits, Wide};
use rayon::prelude::*;

/// Code of an undecided cell.
const UNKNOWN: u8 = u8::MAX;
/// Most line families a searchable board may have.
const MAX_FAMILIES: usize = 4;
/// Most candidates (symmetries putting code 0 at cell 0) a searchable board may have.
const MAX_CANDIDATES: usize = 2048;

/// Moves bitboards along a family's direction.
pub trait Shift<B: Bits>: Sync {
    /// Cells `a` with `a + v_f` in `s`.
    fn pull(&self, f: usize, s: B) -> B;
    /// Cells `a + v_f` for `a` in `s`.
    fn push(&self, f: usize, s: B) -> B;
}

/// The 8×8 torus: byte `y` of the `u64` is row `y`, bit `x` of it is column `x`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Square8;

/// Low 7 bits of every byte (all columns but x = 7).
const NOT_COL7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// Bit 0 of every byte (column x = 0).
const COL0: u64 = 0x0101_0101_0101_0101;

impl Square8 {
    /// Cell (x, y) → (x+1, y): rotate every byte left by one bit.
    #[inline(always)]
    fn east(s: u64) -> u64 {
        ((s & NOT_COL7) << 1) | ((s >> 7) & COL0)
    }
    /// Cell (x, y) → (x−1, y): rotate every byte right by one bit.
    #[inline(always)]
    fn west(s: u64) -> u64 {
        ((s >> 1) & NOT_COL7) | ((s & COL0) << 7)
    }
}

impl Shift<u64> for Square8 {
    #[inline(always)]
    fn pull(&self, f: usize, s: u64) -> u64 {
        // Families E (1,0), SE (1,1), S (0,1), SW (−1,1); moving the set by −v_f.
        // North is a rotation of the whole word by one row (8 bits).
        match f {
            0 => Self::west(s),
            1 => Self::west(s).rotate_right(8),
            2 => s.rotate_right(8),
            _ => Self::east(s).rotate_right(8),
        }
    }
    #[inline(always)]
    fn push(&self, f: usize, s: u64) -> u64 {
        match f {
            0 => Self::east(s),
            1 => Self::east(s).rotate_left(8),
            2 => s.rotate_left(8),
            _ => Self::west(s).rotate_left(8),
        }
    }
}

/// Any board, by lookup tables (one step per set bit).
#[derive(Clone, Debug)]
pub struct TableShift {
    /// `step[f][c]` = `c + v_f`.
    step: Vec<Vec<u16>>,
    /// `back[f][c]` = `c − v_f`.
    back: Vec<Vec<u16>>,
}

impl TableShift {
    /// Tables for `board`.
    pub fn new(board: &Board) -> TableShift {
        let table = |k: usize| -> Vec<u16> {
            (0..board.ncells())
                .map(|c| board.neighbor(c, k) as u16)
                .collect()
        };
        let nf = board.nfamilies();
        TableShift {
            step: (0..nf).map(table).collect(),
            back: (0..nf).map(|f| table(f + nf)).collect(),
        }
    }
}

impl<B: Bits> Shift<B> for TableShift {
    fn pull(&self, f: usize, mut s: B) -> B {
        // a is in the result when a + v_f is in s: map each member b to b − v_f.
        let back = &self.back[f];
        let mut out = B::empty();
        while !s.is_empty() {
            out |= B::single(back[s.least()] as usize);
            s.remove_least();
        }
        out
    }
    fn push(&self, f: usize, mut s: B) -> B {
        let step = &self.step[f];
        let mut out = B::empty();
        while !s.is_empty() {
            out |= B::single(step[s.least()] as usize);
            s.remove_least();
        }
        out
    }
}

/// What the search produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One canonical pairing per class, with symmetry breaking (the catalogue).
    Canonical,
    /// Every labelled good pairing, no symmetry reduction at all.
    Labelled,
    /// Every labelled good pairing whose cell 0 has code 0 (contains the domino
    /// from cell 0 along family 0, e.g. (0,0)–(1,0)); no other reduction.
    LabelledFirstDomino,
}

/// A canonical pairing found by the search.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Found {
    /// Canonical codes.
    pub codes: Vec<u8>,
    /// Order of its stabiliser in the board's symmetry group.
    pub stabiliser: usize,
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes visited (dominoes placed).
    pub nodes: u64,
    /// Leaves reached (complete pairings that passed every check).
    pub leaves: u64,
    /// Frontier subtrees the work was split into.
    pub subtrees: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.nodes += o.nodes;
        self.leaves += o.leaves;
        self.subtrees += o.subtrees;
    }
}

#[derive(Clone, Copy, Default)]
struct Cand {
    m: u8,
    a: u8,
    /// Next position of the one-line form still to compare.
    pos: u8,
    /// The undecided cell the comparison waits for (`UNKNOWN` once complete): the
    /// candidate needs a look only when a domino covers this cell.
    block: u8,
}

/// One search node. The candidates of a node live outside it, on the search's
/// candidate stack: the node at depth `d` owns the stack from its frame start to the
/// top, so a child copies only the candidates that survive its comparisons.
#[derive(Clone, Copy)]
struct Node<B: Bits> {
    free: B,
    open: B,
    allowed: [B; MAX_FAMILIES],
    codes: B::Bytes,
}

/// A subtree to search: a node and its candidates.
struct Subtree<B: Bits> {
    node: Node<B>,
    cands: Vec<Cand>,
}

enum Branch {
    Cell(usize),
    Line(usize),
}

/// Precomputed tables of one search.
struct Ctx<'b, S: Shift<B>, B: Bits> {
    board: &'b Board,
    shift: S,
    n: usize,
    nfam: usize,
    mode: Mode,
    /// Anchor cells of each line (the line's own cells).
    line_mask: Vec<B>,
    line_family: Vec<usize>,
    /// Per family: `(m, far)` — placing a domino of this family defines candidate
    /// `m` anchored at its first cell (`far = false`) or its second (`far = true`).
    activations: Vec<Vec<(u8, bool)>>,
    /// Cells decided first, in order (the first row) — `0` to skip that phase.
    phase1: usize,
    /// `mcode` rows and `pull` tables copied to `u8` for the hot loop.
    mcode: Vec<[u8; 8]>,
    pull: Vec<u8>,
}

impl<'b, S: Shift<B>, B: Bits> Ctx<'b, S, B> {
    fn new(board: &'b Board, shift: S, mode: Mode) -> Ctx<'b, S, B> {
        let n = board.ncells();
        assert!(
            n <= B::CAPACITY && n < UNKNOWN as usize,
            "board too large for this bit set"
        );
        let nfam = board.nfamilies();
        assert!(nfam <= MAX_FAMILIES);
        let line_mask = board
            .lines()
            .iter()
            .map(|l| l.cells.iter().fold(B::empty(), |m, &c| m | B::single(c)))
            .collect();
        let line_family = board.lines().iter().map(|l| l.family).collect();
        let ngroup = board.point_group().len();
        let activations = (0..nfam)
            .map(|f| {
                let mut v = Vec::new();
                for m in 0..ngroup {
                    if board.mcode(m, f as u8) == 0 {
                        v.push((m as u8, false));
                    }
                    if board.mcode(m, (f + nfam) as u8) == 0 {
                        v.push((m as u8, true));
                    }
                }
                v
            })
            .collect::<Vec<_>>();
        let total: usize = board
            .lines()
            .iter()
            .map(|l| activations[l.family].len())
            .sum();
        assert!(total <= MAX_CANDIDATES, "too many candidate symmetries");
        let mcode = (0..ngroup)
            .map(|m| {
                let mut row = [0u8; 8];
                for k in 0..board.ncodes() {
                    row[k] = board.mcode(m, k as u8);
                }
                row
            })
            .collect();
        let mut pull = Vec::with_capacity(ngroup * n * n);
        for m in 0..ngroup {
            for a in 0..n {
                pull.extend(board.pull(m, a).iter().map(|&c| c as u8));
            }
        }
        Ctx {
            board,
            shift,
            n,
            nfam,
            mode,
            line_mask,
            line_family,
            activations,
            phase1: if mode == Mode::Canonical {
                board.dims()[0]
            } else {
                0
            },
            mcode,
            pull,
        }
    }

    fn root(&self) -> Subtree<B> {
        let n = self.n;
        let all = B::first_n(n);
        let mut node = Node {
            free: all,
            open: B::first_n(self.board.nlines()),
            allowed: [B::empty(); MAX_FAMILIES],
            codes: B::bytes(UNKNOWN),
        };
        for f in 0..self.nfam {
            node.allowed[f] = all;
        }
        let mut cands = Vec::new();
        if self.mode != Mode::Labelled {
            // Cell 0 carries code 0: the domino of family 0 anchored at cell 0.
            self.place(&mut node, 0, 0);
            if self.mode == Mode::Canonical {
                self.activate(&node, 0, 0, &mut cands, 0..0);
            }
        }
        Subtree { node, cands }
    }

    /// Places the domino of family `f` anchored at `a`.
    #[inline]
    fn place(&self, node: &mut Node<B>, f: usize, a: usize) {
        let b = self.board.neighbor(a, f);
        // Clear both cells, close the line, and forbid its cells as anchors of family f.
        node.free &= !(B::single(a) | B::single(b));
        let l = self.board.line_of(f, a);
        node.open &= !B::single(l);
        node.allowed[f] &= !self.line_mask[l];
        let codes = node.codes.as_mut();
        codes[a] = f as u8;
        codes[b] = (f + self.nfam) as u8;
    }

    /// Compares one candidate's image with the partial pairing as far as both are
    /// known. `None`: the image is already smaller (prune). `Some(None)`: already
    /// larger (drop the candidate). `Some(Some(c))`: equal so far, `c.pos` advanced.
    #[inline(always)]
    fn advance(&self, codes: &[u8], c: Cand) -> Option<Option<Cand>> {
        let n = self.n;
        let mc = &self.mcode[c.m as usize];
        let base = (c.m as usize * n + c.a as usize) * n;
        let pull = &self.pull[base..base + n];
        let mut pos = c.pos as usize;
        while pos < n {
            let mine = codes[pos];
            if mine == UNKNOWN {
                return Some(Some(Cand {
                    pos: pos as u8,
                    block: pos as u8,
                    ..c
                }));
            }
            let src = codes[pull[pos] as usize];
            if src == UNKNOWN {
                return Some(Some(Cand {
                    pos: pos as u8,
                    block: pull[pos],
                    ..c
                }));
            }
            let theirs = mc[src as usize];
            if theirs != mine {
                return if theirs < mine { None } else { Some(None) };
            }
            pos += 1;
        }
        Some(Some(Cand {
            pos: pos as u8,
            block: UNKNOWN,
            ..c
        }))
    }

    /// Pushes the child's candidates onto the stack: the parent's (`stack[parent]`)
    /// that are still undecided after the placement of the domino `(f, a)`, then those
    /// this domino defines. Returns false when some candidate's image is already
    /// smaller.
    #[inline]
    fn activate(
        &self,
        node: &Node<B>,
        f: usize,
        a: usize,
        out: &mut Vec<Cand>,
        parent: std::ops::Range<usize>,
    ) -> bool {
        let b = self.board.neighbor(a, f);
        for i in parent {
            let c = out[i];
            // Only the cells a and b were decided since the parent compared c.
            if c.block as usize != a && c.block as usize != b {
                out.push(c);
                continue;
            }
            match self.advance(node.codes.as_ref(), c) {
                None => return false,
                Some(None) => {}
                Some(Some(c)) => out.push(c),
            }
        }
        for &(m, far) in &self.activations[f] {
            let anchor = if far { b } else { a };
            if m == 0 && anchor == 0 {
                continue; // the identity
            }
            let c = Cand {
                m,
                a: anchor as u8,
                pos: 1,
                block: 0,
            };
            match self.advance(node.codes.as_ref(), c) {
                None => return false,
                Some(None) => {}
                Some(Some(c)) => out.push(c),
            }
        }
        true
    }

    /// Picks the item to branch on, or `None` when some cell or line has no option.
    /// `blocked` marks cells that candidate comparisons wait for; ties prefer them.
    #[inline]
    fn choose(&self, node: &Node<B>, avail: &mut [B; MAX_FAMILIES], blocked: B) -> Option<Branch> {
        let free = node.free;
        for f in 0..self.nfam {
            avail[f] = node.allowed[f] & free & self.shift.pull(f, free);
        }
        // Bit-sliced option counts per cell: s1 = at least one, s2 = two, s3 = three.
        let (mut s1, mut s2, mut s3) = (B::empty(), B::empty(), B::empty());
        for f in 0..self.nfam {
            for x in [avail[f], self.shift.push(f, avail[f])] {
                s3 |= s2 & x;
                s2 |= s1 & x;
                s1 |= x;
            }
        }
        if !(free & !s1).is_empty() {
            return None;
        }
        let first = free.least();
        if first < self.phase1 {
            return Some(Branch::Cell(first));
        }
        let one = s1 & !s2;
        if !one.is_empty() {
            return Some(Branch::Cell(one.least()));
        }

        let mut best = (u32::MAX, 0usize);
        let mut open = node.open;
        while !open.is_empty() {
            let l = open.least();
            open.remove_least();
            let cnt = (avail[self.line_family[l]] & self.line_mask[l]).len();
            if cnt < best.0 {
                if cnt == 0 {
                    return None;
                }
                best = (cnt, l);
            }
        }
        // Among two-way choices, prefer a cell some symmetry comparison waits for:
        // deciding it settles comparisons sooner (13% fewer nodes on the 8×8 torus).
        if best.0 >= 2 {
            let two = s2 & !s3 & blocked;
            if !two.is_empty() {
                return Some(Branch::Cell(two.least()));
            }
        }
        if best.0 > 2 {
            let two = s2 & !s3;
            if !two.is_empty() {
                return Some(Branch::Cell(two.least()));
            }
        }
        Some(Branch::Line(best.1))
    }

    /// Calls `child` for every domino the branch allows, in ascending code order for
    /// a cell and ascending anchor order for a line.
    #[inline]
    fn branches(
        &self,
        branch: Branch,
        avail: &[B; MAX_FAMILIES],
        mut child: impl FnMut(usize, usize),
    ) {
        match branch {
            Branch::Cell(c) => {
                for k in 0..2 * self.nfam {
                    let (f, a) = if k < self.nfam {
                        (k, c)
                    } else {
                        (k - self.nfam, self.board.neighbor(c, k))
                    };
                    if avail[f].contains(a) {
                        child(f, a);
                    }
                }
            }
            Branch::Line(l) => {
                let f = self.line_family[l];
                let mut s = avail[f] & self.line_mask[l];
                while !s.is_empty() {
                    let a = s.least();
                    s.remove_least();
                    child(f, a);
                }
            }
        }
    }

    /// Depth-first search below `node`, whose candidates are `cands[start..]`; `leaf`
    /// gets every complete pairing with its number of surviving candidates.
    fn dfs(
        &self,
        node: &Node<B>,
        cands: &mut Vec<Cand>,
        start: usize,
        stats: &mut Stats,
        leaf: &mut dyn FnMut(&Node<B>, usize),
    ) {
        if node.free.is_empty() {
            stats.leaves += 1;
            leaf(node, cands.len() - start);
            return;
        }
        let mut avail = [B::empty(); MAX_FAMILIES];
        // Cells that some candidate's comparison waits for (bit c = cell c).
        let blocked = cands[start..]
            .iter()
            .filter(|c| c.block != UNKNOWN)
            .fold(B::empty(), |m, c| m | B::single(c.block as usize));
        let Some(branch) = self.choose(node, &mut avail, blocked) else {
            return;
        };
        let end = cands.len();
        self.branches(branch, &avail, |f, a| {
            let mut child = *node;
            self.place(&mut child, f, a);
            stats.nodes += 1;
            if self.mode != Mode::Canonical {
                self.dfs(&child, cands, end, stats, leaf);
                return;
            }
            // The child's frame starts at `end`; the parent's is cands[start..end].
            if self.activate(&child, f, a, cands, start..end) {
                self.dfs(&child, cands, end, stats, leaf);
            }
            cands.truncate(end);
        });
    }

    /// The first complete pairing below `node` in search order (no symmetry pruning).
    fn first_leaf(&self, node: &Node<B>) -> Option<Node<B>> {
        if node.free.is_empty() {
            return Some(*node);
        }
        let mut avail = [B::empty(); MAX_FAMILIES];
        let branch = self.choose(node, &mut avail, B::empty())?;
        let mut found = None;
        self.branches(branch, &avail, |f, a| {
            if found.is_none() {
                let mut child = *node;
                self.place(&mut child, f, a);
                found = self.first_leaf(&child);
            }
        });
        found
    }

    /// Takes one uniformly random branch below `node` (xorshift64* on `rng`) and returns
    /// its branching degree, or `None` at a dead end. A complete pairing has degree 1.
    fn random_step(
        &self,
        node: &mut Node<B>,
        rng: &mut u64,
        kids: &mut Vec<(usize, usize)>,
    ) -> Option<usize> {
        let mut avail = [B::empty(); MAX_FAMILIES];
        let branch = self.choose(node, &mut avail, B::empty())?;
        kids.clear();
        self.branches(branch, &avail, |f, a| kids.push((f, a)));
        if kids.is_empty() {
            return None;
        }
        *rng ^= *rng >> 12;
        *rng ^= *rng << 25;
        *rng ^= *rng >> 27;
        let r = rng.wrapping_mul(0x2545_F491_4F6C_DD1D);
        let (f, a) = kids[(r % kids.len() as u64) as usize];
        self.place(node, f, a);
        Some(kids.len())
    }

    /// The frontier: nodes where the first phase ends (canonical mode), or nodes
    /// `depth` branchings below the root (labelled modes), in search order.
    fn frontier(&self, depth: usize) -> Vec<Subtree<B>> {
        let mut out = Vec::new();
        let root = self.root();
        self.expand(&root.node, &root.cands, depth, &mut out);
        out
    }

    fn expand(&self, node: &Node<B>, cands: &[Cand], depth: usize, out: &mut Vec<Subtree<B>>) {
        let phase_done = node.free.least() >= self.phase1;
        if node.free.is_empty()
            || (self.phase1 > 0 && phase_done)
            || (self.phase1 == 0 && depth == 0)
        {
            out.push(Subtree {
                node: *node,
                cands: cands.to_vec(),
            });
            return;
        }
        let mut avail = [B::empty(); MAX_FAMILIES];
        let Some(branch) = self.choose(node, &mut avail, B::empty()) else {
            return;
        };
        self.branches(branch, &avail, |f, a| {
            let mut child = *node;
            self.place(&mut child, f, a);
            let mut next = cands.to_vec();
            let parent = 0..next.len();
            if self.mode != Mode::Canonical
                || self.activate(&child, f, a, &mut next, parent.clone())
            {
                next.drain(parent);
                self.expand(&child, &next, depth.saturating_sub(1), out);
            }
        });
    }

    /// Searches one frontier subtree.
    fn search(&self, sub: &Subtree<B>, stats: &mut Stats, leaf: &mut dyn FnMut(&Node<B>, usize)) {
        let mut cands = sub.cands.clone();
        cands.reserve(MAX_CANDIDATES * self.board.ndominoes());
        self.dfs(&sub.node, &mut cands, 0, stats, leaf);
    }
}

/// Options of an enumeration.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Threads to use (`0`: rayon's default, all cores).
    pub threads: usize,
    /// Search only part of the tree: shard `index` of `count` (see [`Shard`]).
    pub shard: Option<Shard>,
}

/// A deterministic part of the search tree (nauty's `res/mod`).
///
/// The tree is cut at the *frontier* — the nodes where the first row is decided, in
/// search order, independent of the number of shards (4,778 on the 8×8 torus). Shard
/// `index` of `count` searches the frontier subtrees `j` with `j mod count = index`, so
/// shard `i` of `n` is exactly shards `i` and `i + n` of `2n` together, and the shards
/// of any `count` partition the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based shard number, below `count`.
    pub index: usize,
    /// Number of shards, at least 1.
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;
    /// Parses `I/N` (0-based `I < N`).
    fn from_str(text: &str) -> Result<Shard, String> {
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| format!("expected I/N (e.g. 3/16), found {text:?}"))?;
        let index: usize = i
            .trim()
            .parse()
            .map_err(|_| format!("bad shard index {i:?}"))?;
        let count: usize = n
            .trim()
            .parse()
            .map_err(|_| format!("bad shard count {n:?}"))?;
        if count == 0 || index >= count {
            return Err(format!("expected 0 <= I < N, found {index}/{count}"));
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Runs `f` on a pool of `threads` threads (`0` = default pool).
fn with_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    if threads == 0 {
        f()
    } else {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool")
            .install(f)
    }
}

/// Binds `$ctx` to the search context of `$board` in `$mode` and evaluates `$body`,
/// monomorphised per board kind: [`Square8`] shifts on `u64` for the 8×8 torus, table
/// shifts on `u64` up to 64 cells, table shifts on [`Wide`] beyond.
macro_rules! with_ctx {
    ($board:expr, $mode:expr, |$ctx:ident| $body:expr) => {{
        let board: &Board = $board;
        if is_square8(board) {
            let $ctx = &Ctx::<_, u64>::new(board, Square8, $mode);
            $body
        } else if board.ncells() <= u64::CAPACITY {
            let $ctx = &Ctx::<_, u64>::new(board, TableShift::new(board), $mode);
            $body
        } else {
            let $ctx = &Ctx::<_, Wide>::new(board, TableShift::new(board), $mode);
            $body
        }
    }};
}

/// Enumerates the canonical pairings of `board`, streaming them to `sink` in
/// ascending (catalogue) order, and returns the search counters.
///
/// `progress(done, total)` is called after each frontier subtree, in completion
/// order, from worker threads.
///
/// *Complexity*: exponential in the board size, as any exhaustive search; on the
/// 8×8 torus about a million nodes (see BENCHMARKS.md).
pub fn enumerate(
    board: &Board,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    sink: &mut dyn FnMut(&Found),
) -> Stats {
    with_ctx!(board, Mode::Canonical, |ctx| run_canonical(
        ctx, opts, progress, sink
    ))
}

/// Runs the enumeration and returns the catalogue (docs/spec.md §4) and the search counters.
pub fn build_catalogue(
    board: &Board,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> (crate::catalogue::Catalogue, Stats) {
    let mut found = Vec::new();
    let stats = enumerate(board, opts, progress, &mut |f| found.push(f.clone()));
    (
        crate::catalogue::Catalogue::from_found(board.ncells(), &found),
        stats,
    )
}

/// Enumerates with the table-driven shifts even on the 8×8 torus (a cross-check of
/// the [`Square8`] bit tricks).
pub fn enumerate_generic(board: &Board, opts: Options, sink: &mut dyn FnMut(&Found)) -> Stats {
    if board.ncells() <= u64::CAPACITY {
        let ctx = Ctx::<_, u64>::new(board, TableShift::new(board), Mode::Canonical);
        run_canonical(&ctx, opts, &|_, _| {}, sink)
    } else {
        let ctx = Ctx::<_, Wide>::new(board, TableShift::new(board), Mode::Canonical);
        run_canonical(&ctx, opts, &|_, _| {}, sink)
    }
}

/// Collects [`enumerate`]'s output.
pub fn enumerate_all(board: &Board, opts: Options) -> (Vec<Found>, Stats) {
    let mut out = Vec::new();
    let stats = enumerate(board, opts, &|_, _| {}, &mut |f| out.push(f.clone()));
    (out, stats)
}

/// The 8×8 torus with the four directions of docs/spec.md §2, served by [`Square8`].
fn is_square8(board: &Board) -> bool {
    board.dims() == [8, 8]
        && board.nfamilies() == 4
        && (0..4).all(|f| board.family(f) == [[1, 0], [1, 1], [0, 1], [-1, 1]][f])
}

fn run_canonical<S: Shift<B>, B: Bits>(
    ctx: &Ctx<'_, S, B>,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    sink: &mut dyn FnMut(&Found),
) -> Stats {
    let mut frontier = ctx.frontier(0);
    if let Some(sh) = opts.shard {
        // Keep subtrees j ≡ index (mod count), in order.
        let mut j = 0;
        frontier.retain(|_| {
            j += 1;
            (j - 1) % sh.count == sh.index
        });
    }
    let total = frontier.len() as u64;
    let done = std::sync::atomic::AtomicU64::new(0);
    let n = ctx.n;
    let results: Vec<(Vec<Found>, Stats)> = with_pool(opts.threads, || {
        frontier
            .par_iter()
            .map(|node| {
                let mut stats = Stats {
                    subtrees: 1,
                    ..Stats::default()
                };
                let mut found = Vec::new();
                ctx.search(node, &mut stats, &mut |leaf, ncand| {
                    found.push(Found {
                        codes: leaf.codes.as_ref()[..n].to_vec(),
                        stabiliser: 1 + ncand,
                    })
                });
                found.sort_unstable();
                let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(d, total);
                (found, stats)
            })
            .collect()
    });
    let mut stats = Stats::default();
    for (found, s) in &results {
        stats += *s;
        for f in found {
            sink(f);
        }
    }
    stats
}

/// Counts labelled good pairings with no symmetry reduction (`Mode::Labelled` or
/// `Mode::LabelledFirstDomino`), in parallel, and how many of them satisfy `filter`
/// (which sees the codes). An independent path to the labelled counts that the orbit
/// sums over the catalogue ([`crate::catalogue::census`]) must equal.
pub fn count_labelled(
    board: &Board,
    mode: Mode,
    opts: Options,
    filter: &(dyn Fn(&[u8]) -> bool + Sync),
) -> (Stats, u64) {
    assert!(
        mode != Mode::Canonical,
        "count_labelled does no symmetry reduction"
    );
    fn run<S: Shift<B>, B: Bits>(
        ctx: &Ctx<'_, S, B>,
        opts: Options,
        filter: &(dyn Fn(&[u8]) -> bool + Sync),
    ) -> (Stats, u64) {
        let frontier = ctx.frontier(3);
        let n = ctx.n;
        let parts: Vec<(Stats, u64)> = with_pool(opts.threads, || {
            frontier
                .par_iter()
                .map(|node| {
                    let mut stats = Stats {
                        subtrees: 1,
                        ..Stats::default()
                    };
                    let mut hits = 0;
                    ctx.search(node, &mut stats, &mut |leaf, _| {
                        hits += u64::from(filter(&leaf.codes.as_ref()[..n]));
                    });
                    (stats, hits)
                })
                .collect()
        });
        let mut total = (Stats::default(), 0);
        for (s, h) in parts {
            total.0 += s;
            total.1 += h;
        }
        total
    }
    with_ctx!(board, mode, |ctx| run(ctx, opts, filter))
}

/// The first good pairing of `board` in search order (its codes), found by the same
/// search with no symmetry reduction; `None` if the board has none.
pub fn first_pairing(board: &Board) -> Option<Vec<u8>> {
    fn run<S: Shift<B>, B: Bits>(ctx: &Ctx<'_, S, B>) -> Option<Vec<u8>> {
        let root = ctx.root();
        ctx.first_leaf(&root.node)
            .map(|leaf| leaf.codes.as_ref()[..ctx.n].to_vec())
    }
    with_ctx!(board, Mode::Labelled, |ctx| run(ctx))
}

/// Exact counts below random nodes at a fixed depth.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PartialCounts {
    /// Depth (dominoes placed below the root) of the sampled subtrees.
    pub depth: usize,
    /// Subtrees sampled.
    pub samples: u64,
    /// Samples whose random walk reached depth `depth` (the others hit a dead end).
    pub reached: u64,
    /// Leaves (complete pairings) counted exactly, over all sampled subtrees.
    pub leaves_counted: u64,
    /// Nodes visited by those exact counts.
    pub nodes_counted: u64,
    /// Seconds the exact counts took.
    pub seconds: f64,
    /// Estimated leaves of the whole tree: mean over samples of (product of branching
    /// degrees on the walk) × (exact leaves below).
    pub leaves: f64,
    /// Standard error of that estimate.
    pub leaves_stderr: f64,
    /// Estimated nodes of the whole tree, the same way.
    pub nodes: f64,
}

/// Knuth's estimator with exact subtree counts: `samples` random walks to `depth`,
/// then an exhaustive count below each (in `mode`: `Labelled` or
/// `LabelledFirstDomino`). The exact counts are real partial results of the full
/// search and time its speed; the weighted mean estimates the whole tree.
/// Deterministic for a given `seed` whatever the number of threads.
pub fn partial_counts(
    board: &Board,
    mode: Mode,
    depth: usize,
    samples: u64,
    seed: u64,
    opts: Options,
) -> PartialCounts {
    assert!(
        mode != Mode::Canonical,
        "partial counts walk the unreduced tree"
    );
    fn run<S: Shift<B>, B: Bits>(
        ctx: &Ctx<'_, S, B>,
        depth: usize,
        samples: u64,
        seed: u64,
        opts: Options,
    ) -> PartialCounts {
        let root = ctx.root();
        let start = std::time::Instant::now();
        let results: Vec<Option<(f64, Stats, f64)>> = with_pool(opts.threads, || {
            (0..samples)
                .into_par_iter()
                .map(|i| {
                    let mut rng = (seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1;
                    let mut node = root.node;
                    let mut weight = 1.0f64;
                    let mut nodes_above = 1.0f64;
                    let mut kids: Vec<(usize, usize)> = Vec::new();
                    for _ in 0..depth {
                        if node.free.is_empty() {
                            break;
                        }
                        let degree = ctx.random_step(&mut node, &mut rng, &mut kids)?;
                        weight *= degree as f64;
                        nodes_above += weight;
                    }
                    let mut stats = Stats::default();
                    let mut cands = Vec::new();
                    ctx.dfs(&node, &mut cands, 0, &mut stats, &mut |_, _| {});
                    Some((weight, stats, nodes_above))
                })
                .collect()
        });
        let k = samples.max(1) as f64;
        let est: Vec<f64> = results
            .iter()
            .map(|r| r.as_ref().map_or(0.0, |(w, s, _)| w * s.leaves as f64))
            .collect();
        let mean = est.iter().sum::<f64>() / k;
        let var = est.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (k - 1.0).max(1.0);
        let reached: Vec<&(f64, Stats, f64)> = results.iter().flatten().collect();
        PartialCounts {
            depth,
            samples,
            reached: reached.len() as u64,
            leaves_counted: reached.iter().map(|r| r.1.leaves).sum(),
            nodes_counted: reached.iter().map(|r| r.1.nodes).sum(),
            seconds: start.elapsed().as_secs_f64(),
            leaves: mean,
            leaves_stderr: (var / k).sqrt(),
            nodes: results
                .iter()
                .map(|r| {
                    r.as_ref()
                        .map_or(0.0, |(w, s, above)| above + w * s.nodes as f64)
                })
                .sum::<f64>()
                / k,
        }
    }
    with_ctx!(board, mode, |ctx| run(ctx, depth, samples, seed, opts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square8_shifts_match_tables() {
        let b = Board::square9();
        let t = TableShift::new(&b);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for f in 0..4 {
                assert_eq!(Square8.pull(f, x), t.pull(f, x), "pull {f}");
                assert_eq!(Square8.push(f, x), t.push(f, x), "push {f}");
            }
        }
    }

    #[test]
    fn small_boards() {
        let b = Board::square5();
        let (found, _) = enumerate_all(&b, Options::default());
        assert_eq!(found.len(), 2);
    }
}
