//! The search context: the tables of one search ([`Ctx`]) and the operations of
//! a node: placing an option, comparing candidate symmetries with the partial
//! pairing, the options still available, the item to branch on.
//!
//! A node (`Node`) holds `free`, `allowed[f]`, `open` and `codes` (see the bit
//! layout in the parent module); the candidates of a node sit on one stack, the
//! node's own from its `start` on. Invariants: `avail_f ⊆ allowed_f ∩ free`, every
//! candidate on the stack is equal to the partial pairing up to its `pos` and waits
//! for its `block` cell, and `Ctx` is laid out for the canonical search's hot loop
//! (rooted mode's tables sit behind a pointer; the node limit is an argument, not a
//! field). The walks over the tree (depth-first search, first leaf, random step,
//! frontier) are in [`walk`].

use super::*;

mod walk;

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
    /// Search nodes visited (options placed).
    pub nodes: u64,
    /// Leaves reached (complete pairings that passed every check).
    pub leaves: u64,
    /// Frontier subtrees the work was split into.
    pub subtrees: u64,
    /// Whether the search stopped at its node limit ([`Options::node_limit`]) before
    /// finishing: then the other counters describe only the part searched.
    pub cut: bool,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.nodes += o.nodes;
        self.leaves += o.leaves;
        self.subtrees += o.subtrees;
        self.cut |= o.cut;
    }
}

#[derive(Clone, Copy)]
pub(super) struct Cand<I: CellIndex> {
    pub(super) m: u8,
    pub(super) a: I,
    /// Next position of the one-line form still to compare.
    pub(super) pos: I,
    /// The undecided cell the comparison waits for (`NONE` once complete): the
    /// candidate needs a look only when a domino covers this cell.
    pub(super) block: I,
}

/// One search node. The candidates of a node live outside it, on the search's
/// candidate stack: the node at depth `d` owns the stack from its frame start to the
/// top, so a child copies only the candidates that survive its comparisons.
#[derive(Clone, Copy)]
pub(super) struct Node<B: Bits, const F: usize> {
    pub(super) free: B,
    pub(super) open: B,
    pub(super) allowed: [B; F],
    pub(super) codes: B::Bytes,
}

/// A subtree to search: a node and its candidates.
pub(super) struct Subtree<B: Bits, const F: usize> {
    pub(super) node: Node<B, F>,
    pub(super) cands: Vec<Cand<B::Idx>>,
}

/// The tables of the rooted search ([`Rooted`]).
pub(super) struct RootedCtx<I> {
    /// The root's code.
    pub(super) code: u8,
    /// Cells decided first, in order, while they are free ([`Rooted::first_cells`]).
    pub(super) order: Vec<usize>,
    /// `τ` as a cell map.
    pub(super) tau: Vec<I>,
}

pub(super) enum Branch {
    Cell(usize),
    Line(usize),
}

/// Precomputed tables of one search. `F` bounds the number of families (the size of
/// a node's `allowed` array).
pub(super) struct Ctx<'b, S: Shift<B>, B: Bits, const F: usize> {
    pub(super) board: &'b Board,
    pub(super) shift: S,
    pub(super) n: usize,
    pub(super) nfam: usize,
    pub(super) mode: Mode,
    /// Anchor cells of each line (the line's own cells).
    pub(super) line_mask: Vec<B>,
    /// The first `p` cells of each line: one anchor per option.
    pub(super) line_first: Vec<B>,
    pub(super) line_family: Vec<usize>,
    /// Options per line of each family (`q_f`).
    pub(super) per_line: [usize; F],
    /// Whether some family has `q_f > 1`.
    pub(super) multi: bool,
    /// Per family: `(m, far)` — placing a domino of this family defines candidate
    /// `m` anchored at its first cell (`far = false`) or its second (`far = true`).
    pub(super) activations: Vec<Vec<(u8, bool)>>,
    /// Candidates a complete pairing defines (the stack's frame size).
    pub(super) total_candidates: usize,
    /// Cells decided first, in order (the first row) — `0` to skip that phase.
    phase1: usize,
    /// The frontier of canonical mode: nodes whose first `split` cells are decided.
    pub(super) split: usize,
    /// `mcode` rows and `pull` tables laid out for the hot loop.
    pub(super) mcode: Vec<[u8; MAX_CODES]>,
    pub(super) pull: Vec<B::Idx>,
    /// Rooted mode's tables (`None` otherwise), behind a pointer: the canonical
    /// search's hot loop is sensitive to the layout of this context.
    pub(super) rooted: Option<Box<RootedCtx<B::Idx>>>,
}

impl<'b, S: Shift<B>, B: Bits, const F: usize> Ctx<'b, S, B, F> {
    pub(super) fn new(board: &'b Board, shift: S, mode: Mode) -> Ctx<'b, S, B, F> {
        let n = board.ncells();
        assert!(
            n <= B::CAPACITY && n < <B::Idx as CellIndex>::NONE.get(),
            "board too large for this bit set"
        );
        let nfam = board.nfamilies();
        assert!(nfam <= F, "too many families for this node size");
        let line_mask = board
            .lines()
            .iter()
            .map(|l| l.cells.iter().fold(B::empty(), |m, &c| m | B::single(c)))
            .collect();
        let p = board.spacing();
        let line_first = board
            .lines()
            .iter()
            .map(|l| {
                l.cells[..p]
                    .iter()
                    .fold(B::empty(), |m, &c| m | B::single(c))
            })
            .collect();
        let line_family = board.lines().iter().map(|l| l.family).collect();
        let mut per_line = [1usize; F];
        for f in 0..nfam {
            per_line[f] = board.per_line(f);
        }
        let ngroup = board.point_group().len();
        let rooted = (mode == Mode::Rooted)
            .then(|| Rooted::of(board).expect("a board with a rooted search"));
        let rooted = rooted.map(|r| {
            Box::new(RootedCtx {
                code: r.code,
                order: r.first_cells(board),
                tau: r.tau.iter().map(|&c| B::Idx::from_usize(c)).collect(),
            })
        });
        let root_code = rooted.as_ref().map_or(0, |r| r.code);
        let activations = (0..nfam)
            .map(|f| {
                let mut v = Vec::new();
                for m in 0..ngroup {
                    if board.mcode(m, f as u8) == root_code {
                        v.push((m as u8, false));
                    }
                    if board.mcode(m, (f + nfam) as u8) == root_code {
                        v.push((m as u8, true));
                    }
                }
                v
            })
            .collect::<Vec<_>>();
        let total_candidates: usize = board
            .lines()
            .iter()
            .map(|l| per_line[l.family] * activations[l.family].len())
            .sum();
        assert!(
            total_candidates <= MAX_CANDIDATES,
            "too many candidate symmetries"
        );
        let mcode = (0..ngroup)
            .map(|m| {
                let mut row = [0u8; MAX_CODES];
                for k in 0..board.ncodes() {
                    row[k] = board.mcode(m, k as u8);
                }
                row
            })
            .collect();
        let pull = if mode.canonical() {
            board
                .pull_table()
                .iter()
                .map(|&c| B::Idx::from_usize(c as usize))
                .collect()
        } else {
            Vec::new()
        };
        Ctx {
            board,
            shift,
            n,
            nfam,
            mode,
            line_mask,
            line_first,
            line_family,
            multi: per_line.iter().any(|&q| q > 1),
            per_line,
            activations,
            total_candidates,
            phase1: if mode == Mode::Canonical {
                board.dims()[0]
            } else {
                0
            },
            split: if mode == Mode::Canonical {
                board.dims()[0].min(SPLIT_CELLS)
            } else {
                0
            },
            mcode,
            pull,
            rooted,
        }
    }

    pub(super) fn root(&self) -> Subtree<B, F> {
        let n = self.n;
        let all = B::first_n(n);
        let mut node = Node {
            free: all,
            open: B::first_n(self.board.nlines()),
            allowed: [B::empty(); F],
            codes: B::bytes(UNKNOWN),
        };
        for f in 0..self.nfam {
            node.allowed[f] = all;
        }
        let mut cands = Vec::new();
        if self.mode != Mode::Labelled {
            // Cell 0 carries the root code: the option of that family anchored at
            // cell 0 (family 0 unless rooted).
            let f = self.rooted.as_ref().map_or(0, |r| r.code as usize);
            self.place(&mut node, f, 0);
            if self.mode == Mode::Rooted {
                // Forbid τ of the root: no anchor of that option may be used.
                let tau = &self.rooted.as_ref().expect("rooted mode").tau;
                let mut x = tau[0].get();
                for _ in 0..self.per_line[f] {
                    node.allowed[f] &= !B::single(x);
                    x = self.board.jump(f, x);
                }
            }
            if self.mode.canonical() {
                self.activate(&node, f, 0, &mut cands, 0..0);
            }
        }
        Subtree { node, cands }
    }

    /// Places the option of family `f` anchored at `a`: the `q_f` dominoes from `a`
    /// on, `p` apart.
    #[inline]
    pub(super) fn place(&self, node: &mut Node<B, F>, f: usize, a: usize) {
        // Close the line, and forbid its cells as anchors of family f.
        let l = self.board.line_of(f, a);
        node.open &= !B::single(l);
        node.allowed[f] &= !self.line_mask[l];
        let codes = node.codes.as_mut();
        let mut x = a;
        for _ in 0..self.per_line[f] {
            let b = self.board.neighbor(x, f);
            node.free &= !(B::single(x) | B::single(b));
            codes[x] = f as u8;
            codes[b] = (f + self.nfam) as u8;
            x = self.board.jump(f, x);
        }
    }

    /// Compares one candidate's image with the partial pairing as far as both are
    /// known. `None`: the image is already smaller (prune). `Some(None)`: already
    /// larger (drop the candidate). `Some(Some(c))`: equal so far, `c.pos` advanced.
    #[inline(always)]
    pub(super) fn advance(&self, codes: &[u8], c: Cand<B::Idx>) -> Option<Option<Cand<B::Idx>>> {
        let n = self.n;
        let mc = &self.mcode[c.m as usize];
        let base = (c.m as usize * n + c.a.get()) * n;
        let pull = &self.pull[base..base + n];
        let mut pos = c.pos.get();
        while pos < n {
            let mine = codes[pos];
            if mine == UNKNOWN {
                return Some(Some(Cand {
                    pos: B::Idx::from_usize(pos),
                    block: B::Idx::from_usize(pos),
                    ..c
                }));
            }
            let src = codes[pull[pos].get()];
            if src == UNKNOWN {
                return Some(Some(Cand {
                    pos: B::Idx::from_usize(pos),
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
            pos: B::Idx::from_usize(pos),
            block: B::Idx::NONE,
            ..c
        }))
    }

    /// Pushes the child's candidates onto the stack: the parent's (`stack[parent]`)
    /// that are still undecided after the placement of the option `(f, a)`, then those
    /// its dominoes define. Returns false when some candidate's image is already
    /// smaller.
    #[inline]
    pub(super) fn activate(
        &self,
        node: &Node<B, F>,
        f: usize,
        a: usize,
        out: &mut Vec<Cand<B::Idx>>,
        parent: std::ops::Range<usize>,
    ) -> bool {
        // Two copies: the canonical search's hot loop carries no rooted test.
        if self.rooted.is_none() {
            self.activate_in::<false>(node, f, a, out, parent)
        } else {
            self.activate_in::<true>(node, f, a, out, parent)
        }
    }

    /// [`Self::activate`], in rooted mode when `ROOTED`.
    #[inline]
    pub(super) fn activate_in<const ROOTED: bool>(
        &self,
        node: &Node<B, F>,
        f: usize,
        a: usize,
        out: &mut Vec<Cand<B::Idx>>,
        parent: std::ops::Range<usize>,
    ) -> bool {
        let b = self.board.neighbor(a, f);
        let q = self.per_line[f];
        // The cells decided by this placement (only needed when q > 1).
        let placed = if q > 1 {
            let mut s = B::empty();
            let mut x = a;
            for _ in 0..q {
                s |= B::single(x) | B::single(self.board.neighbor(x, f));
                x = self.board.jump(f, x);
            }
            s
        } else {
            B::empty()
        };
        for i in parent {
            let c = out[i];
            // Only the cells of this option were decided since the parent compared c.
            let hit = if q > 1 {
                c.block != B::Idx::NONE && placed.contains(c.block.get())
            } else {
                c.block.get() == a || c.block.get() == b
            };
            if !hit {
                out.push(c);
                continue;
            }
            let codes = node.codes.as_ref();
            let c = if ROOTED && c.pos.get() == 0 {
                // A rooted candidate waiting for τ of its anchor, now decided: it
                // counts only if its option is not τ-invariant.
                let a = c.a.get();
                if codes[self.tau(a).get()] == codes[a] {
                    continue;
                }
                Cand {
                    pos: B::Idx::from_usize(1),
                    block: B::Idx::from_usize(0),
                    ..c
                }
            } else {
                c
            };
            match self.advance(codes, c) {
                None => return false,
                Some(None) => {}
                Some(Some(c)) => out.push(c),
            }
        }
        let mut x = a;
        for _ in 0..q {
            let y = self.board.neighbor(x, f);
            for &(m, far) in &self.activations[f] {
                let anchor = if far { y } else { x };
                if m == 0 && anchor == 0 {
                    continue; // the identity
                }
                let c = Cand {
                    m,
                    a: B::Idx::from_usize(anchor),
                    pos: B::Idx::from_usize(1),
                    block: B::Idx::from_usize(0),
                };
                if ROOTED {
                    // Rooted: the image is a rooted one only if τ of this option is
                    // absent; wait (position 0) while τ(anchor) is undecided.
                    let codes = node.codes.as_ref();
                    let t = self.tau(anchor);
                    if codes[t.get()] == UNKNOWN {
                        out.push(Cand {
                            pos: B::Idx::from_usize(0),
                            block: t,
                            ..c
                        });
                        continue;
                    }
                    if codes[t.get()] == codes[anchor] {
                        continue;
                    }
                }
                match self.advance(node.codes.as_ref(), c) {
                    None => return false,
                    Some(None) => {}
                    Some(Some(c)) => out.push(c),
                }
            }
            x = self.board.jump(f, x);
        }
        true
    }

    /// The anchors of the options of each family that can still be placed.
    #[inline(always)]
    pub(super) fn available(&self, node: &Node<B, F>, avail: &mut [B; F]) {
        let free = node.free;
        for f in 0..self.nfam {
            let mut av = node.allowed[f] & free & self.shift.pull(f, free);
            if self.multi {
                // Every domino of the option must be free: a + j·p·v_f in av for all j.
                let mut t = av;
                for _ in 1..self.per_line[f] {
                    t = self.shift.pull_jump(f, t);
                    av &= t;
                }
            }
            avail[f] = av;
        }
    }

    /// Picks the item to branch on, or `None` when some cell or line has no option.
    /// `blocked` marks cells that candidate comparisons wait for; ties prefer them.
    #[inline]
    pub(super) fn choose(
        &self,
        node: &Node<B, F>,
        avail: &mut [B; F],
        blocked: B,
    ) -> Option<Branch> {
        let free = node.free;
        self.available(node, avail);
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
        if self.rooted.is_some()
            && let Some(c) = self.first_of_order(free)
        {
            return Some(Branch::Cell(c));
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
            let cnt = (avail[self.line_family[l]] & self.line_first[l]).len();
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

    /// The first free cell of the rooted search's [`Rooted::first_cells`], out of line
    /// (the canonical search never calls it).
    #[cold]
    #[inline(never)]
    pub(super) fn first_of_order(&self, free: B) -> Option<usize> {
        let r = self.rooted.as_ref().expect("rooted mode");
        r.order.iter().copied().find(|&c| free.contains(c))
    }

    /// `τ(c)` in rooted mode.
    #[inline]
    pub(super) fn tau(&self, c: usize) -> B::Idx {
        self.rooted.as_ref().expect("rooted mode").tau[c]
    }

    /// Calls `child` for every option the branch allows, in ascending code order for
    /// a cell and ascending anchor order for a line.
    #[inline]
    pub(super) fn branches(
        &self,
        branch: Branch,
        avail: &[B; F],
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
                let mut s = avail[f] & self.line_first[l];
                while !s.is_empty() {
                    let a = s.least();
                    s.remove_least();
                    child(f, a);
                }
            }
        }
    }
}
