//! The walks of the search tree on a [`Ctx`]: the depth-first search of a subtree
//! (`dfs`), the first leaf in search order (`first_leaf`), one random step for the
//! estimator (`random_step`), and the frontier that splits the tree into
//! independent subtrees (`frontier`, `expand`, `search`).
//!
//! Invariants: every walk visits children in the order of `Ctx::branches` (ascending
//! code for a cell, ascending anchor for a line), so the frontier is in search order
//! and the output of a canonical search, concatenated in frontier order, is sorted;
//! `stats.nodes` counts options placed, and a walk stops with `stats.cut` set once
//! it reaches its limit.

use super::*;

impl<'b, S: Shift<B>, B: Bits, const F: usize> Ctx<'b, S, B, F> {
    /// Depth-first search below `node`, whose candidates are `cands[start..]`; `leaf`
    /// gets every complete pairing with its number of surviving candidates. The search
    /// stops, setting `stats.cut`, once `stats.nodes` reaches `limit`.
    pub(in crate::pairing::search) fn dfs(
        &self,
        node: &Node<B, F>,
        cands: &mut Vec<Cand<B::Idx>>,
        start: usize,
        stats: &mut Stats,
        limit: u64,
        leaf: &mut dyn FnMut(&Node<B, F>, usize),
    ) {
        if node.free.is_empty() {
            stats.leaves += 1;
            leaf(node, cands.len() - start);
            return;
        }
        if stats.nodes >= limit {
            stats.cut = true;
            return;
        }
        let mut avail = [B::empty(); F];
        // Cells that some candidate's comparison waits for (bit c = cell c).
        let blocked = cands[start..]
            .iter()
            .filter(|c| c.block != B::Idx::NONE)
            .fold(B::empty(), |m, c| m | B::single(c.block.get()));
        let Some(branch) = self.choose(node, &mut avail, blocked) else {
            return;
        };
        let end = cands.len();
        self.branches(branch, &avail, |f, a| {
            let mut child = *node;
            self.place(&mut child, f, a);
            stats.nodes += 1;
            if !self.mode.canonical() {
                self.dfs(&child, cands, end, stats, limit, leaf);
                return;
            }
            // The child's frame starts at `end`; the parent's is cands[start..end].
            if self.activate(&child, f, a, cands, start..end) {
                self.dfs(&child, cands, end, stats, limit, leaf);
            }
            cands.truncate(end);
        });
    }

    /// The first complete pairing below `node` in search order (no symmetry pruning),
    /// or `None` — with `stats.cut` set if the search stopped at `limit` nodes. (The
    /// limit is an argument, not a field: a field of `Ctx` would slow `dfs`, which
    /// is sensitive to the context's layout.)
    /// `tick(nodes)` is called every 2^20 nodes.
    ///
    /// The descent keeps its path in a vector, not on the call stack: a search as deep
    /// as half the cells of the largest board (2,048 levels of nodes of several
    /// kilobytes) would overflow any thread's stack.
    pub(in crate::pairing::search) fn first_leaf(
        &self,
        node: &Node<B, F>,
        stats: &mut Stats,
        limit: u64,
        tick: &dyn Fn(u64),
    ) -> Option<Node<B, F>> {
        // Each level: its node and the branches (family, anchor) still to try, the
        // next one last.
        type Level<B, const F: usize> = (Node<B, F>, Vec<(usize, usize)>);
        let mut path: Vec<Level<B, F>> = Vec::new();
        let mut current = *node;
        loop {
            if current.free.is_empty() {
                stats.leaves += 1;
                return Some(current);
            }
            if stats.nodes >= limit {
                stats.cut = true;
                return None;
            }
            if stats.nodes & 0xF_FFFF == 0 {
                tick(stats.nodes);
            }
            let mut avail = [B::empty(); F];
            let mut kids = Vec::new();
            if let Some(branch) = self.choose(&current, &mut avail, B::empty()) {
                self.branches(branch, &avail, |f, a| kids.push((f, a)));
                kids.reverse();
            }
            path.push((current, kids));
            // The next branch: the deepest level with one left.
            loop {
                let (parent, kids) = path.last_mut()?;
                if let Some((f, a)) = kids.pop() {
                    current = *parent;
                    self.place(&mut current, f, a);
                    stats.nodes += 1;
                    break;
                }
                path.pop();
            }
        }
    }

    /// Takes one uniformly random branch below `node` (xorshift64* on `rng`) and returns
    /// its branching degree, or `None` at a dead end. A complete pairing has degree 1.
    pub(in crate::pairing::search) fn random_step(
        &self,
        node: &mut Node<B, F>,
        rng: &mut u64,
        kids: &mut Vec<(usize, usize)>,
    ) -> Option<usize> {
        let mut avail = [B::empty(); F];
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
    pub(in crate::pairing::search) fn frontier(&self, depth: usize) -> Vec<Subtree<B, F>> {
        let mut out = Vec::new();
        let root = self.root();
        self.expand(&root.node, &root.cands, depth, &mut out);
        out
    }

    pub(in crate::pairing::search) fn expand(
        &self,
        node: &Node<B, F>,
        cands: &[Cand<B::Idx>],
        depth: usize,
        out: &mut Vec<Subtree<B, F>>,
    ) {
        let phase_done = node.free.least() >= self.split;
        if node.free.is_empty() || (self.split > 0 && phase_done) || (self.split == 0 && depth == 0)
        {
            out.push(Subtree {
                node: *node,
                cands: cands.to_vec(),
            });
            return;
        }
        let mut avail = [B::empty(); F];
        let Some(branch) = self.choose(node, &mut avail, B::empty()) else {
            return;
        };
        self.branches(branch, &avail, |f, a| {
            let mut child = *node;
            self.place(&mut child, f, a);
            let mut next = cands.to_vec();
            let parent = 0..next.len();
            if !self.mode.canonical() || self.activate(&child, f, a, &mut next, parent.clone()) {
                next.drain(parent);
                self.expand(&child, &next, depth.saturating_sub(1), out);
            }
        });
    }

    /// Searches one frontier subtree, up to `limit` nodes in `stats.nodes`.
    pub(in crate::pairing::search) fn search(
        &self,
        sub: &Subtree<B, F>,
        stats: &mut Stats,
        limit: u64,
        leaf: &mut dyn FnMut(&Node<B, F>, usize),
    ) {
        let mut cands = sub.cands.clone();
        cands.reserve(self.total_candidates * (self.board.nlines() + 1));
        self.dfs(&sub.node, &mut cands, 0, stats, limit, leaf);
    }
}
