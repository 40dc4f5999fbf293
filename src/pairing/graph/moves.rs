//! The pairing move (docs/spec.md §5).
//!
//! A move takes a good pairing `P` and a cell `A`:
//!
//! 1. the domino `{A, B}` slides one step along its own line, away from `A`: it becomes
//!    `{B, C}` with `C = B + (B − A)`. `A` is now uncovered and `C` covered twice;
//! 2. while a cell `X ≠ A` is covered twice, the domino that covered `X` *before the
//!    last slide*, `{X, Y}`, slides one step away from `X`: it becomes
//!    `{Y, Y + (Y − X)}`;
//! 3. the chain stops when the newly covered cell is `A`.
//!
//! # Representation
//!
//! The pairing is its codes (one direction code per cell, docs/spec.md §3). A slide of
//! `{X, Y}` away from `X` with `k` the code from `X` to `Y` (so `Y = X + v_k`) makes
//! `Y` point on by the same code `k` to `Z = Y + v_k`, and `Z` point back by the
//! opposite code. The cell `X` keeps its stale code until the chain re-covers it —
//! that is exactly "the domino that covered `X` before the last slide": `Z`'s *old*
//! partner is read from `Z`'s code before it is overwritten. The chain works on the
//! current state throughout, so a domino met twice may slide back, as docs/spec.md §5 says.
//!
//! Every slide keeps its domino on its own line (it moves along the line's
//! direction), so the result has one domino per line again and is a good pairing.
//! docs/spec.md §5 says every chain ends; [`apply_move`] nevertheless bounds the chain (a
//! chain longer than `ncells²` slides would have to revisit a state) and reports
//! [`MoveError::Endless`] rather than loop, and the tests check no chain reaches it.
//!
//! # All moves at once
//!
//! The graph needs the results of all `N` moves of a pairing, and they are far fewer
//! than `N` different pairings: on the 8×8 torus about 5.5 per class against 64 moves.
//! [`AllMoves`] finds them with about one slide per cell instead of a chain per cell.
//!
//! Let `f(X) = Y + (Y − X)` for the partner `Y` of `X` in the start pairing: the cell a
//! chain goes on to when the domino on `X` slides away from `X`. While a chain meets
//! only dominoes still in their start position, it follows `f`. From a start `A`, `f`
//! leads along a *tail* `T₀ = A, …, T_{m−1}` (`m ≥ 0`) into a *cycle*
//! `C₀, …, C_{L−1}` (`f(T_{m−1}) = C₀`, `f(C_{L−1}) = C₀`). Suppose the `m + L` dominoes
//! on these cells are all different (no two of the cells are partners or equal; a
//! 64-bit mask of their cells checks it). Then the chain from `A`:
//!
//! 1. slides the tail dominoes forward in turn, each still in its start position;
//! 2. reaches `C₀`, now covered by the slid `D(T_{m−1})` and by `D(C₀)`, and slides
//!    the cycle's dominoes once round, `D(C_{L−1})` ending on `C₀` again;
//! 3. at `C₀` the domino that covered it before that last slide is the slid
//!    `D(T_{m−1})`, which slides back into its start position and re-covers `T_{m−1}`,
//!    then `D(T_{m−2})` slides back, and so on, until `D(T₀)` re-covers `A` and the
//!    chain stops.
//!
//! The tail ends where it started, so the result is that of the cycle alone — the
//! same for every start whose path leads into the cycle — and the chain has
//! `2m + L` slides. [`AllMoves::compute`] therefore writes each cycle's result
//! directly (every domino of the cycle slides once, `{C, Y}` to `{Y, f(C)}`, and the
//! cells written are all different), derives the other starts from `f`, and
//! simulates slide by slide only the starts whose path meets a domino twice (a chain
//! that slides a domino back over its own path). The tests compare it with
//! [`apply_move`] at every cell of every class.

use crate::core::board::Board;

/// Why a move could not be completed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The chain did not return to `A` within the bound.
    #[error("the move chain from cell {0} did not end")]
    Endless(usize),
}

/// Applies the move at cell `a` to the good pairing `codes`, in place. Returns the
/// number of slides in the chain.
///
/// *Complexity*: `O(length of the chain)`.
///
/// ```
/// use amoba::core::board::Board;
/// use amoba::core::board::pairing::Pairing;
/// use amoba::pairing::graph::moves::apply_move;
/// let b = Board::square9();
/// let first = "0411111504155555041522220435666627333304677773044222733046667710";
/// let mut codes = Pairing::parse_line(&b, first).unwrap().codes().to_vec();
/// apply_move(&b, &mut codes, 0).unwrap();
/// assert!(Pairing::from_codes(codes).is_good(&b));
/// ```
#[inline]
pub fn apply_move(board: &Board, codes: &mut [u8], a: usize) -> Result<usize, MoveError> {
    apply_move_with(board, codes, a, |_| {})
}

/// One slide of a move chain: the domino `{from, pivot}` becomes `{pivot, to}`, one
/// step further along its line (`to = pivot + (pivot − from)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Slide {
    /// The cell the domino leaves.
    pub from: usize,
    /// The cell it keeps.
    pub pivot: usize,
    /// The cell it moves onto.
    pub to: usize,
}

/// [`apply_move`], calling `on_slide` with every slide of the chain in order (the
/// chain `amoba query` and `amoba path` print).
///
/// *Complexity*: `O(length of the chain)`.
#[inline]
pub fn apply_move_with(
    board: &Board,
    codes: &mut [u8],
    a: usize,
    mut on_slide: impl FnMut(Slide),
) -> Result<usize, MoveError> {
    let nfam = board.nfamilies();
    let ncodes = 2 * nfam;
    let limit = codes.len() * codes.len();
    // The domino {x, y} slides away from x; k is the code from x to y.
    let mut x = a;
    let mut k = codes[a] as usize;
    let mut slides = 0;
    loop {
        let y = board.neighbor(x, k);
        let z = board.neighbor(y, k);
        slides += 1;
        on_slide(Slide {
            from: x,
            pivot: y,
            to: z,
        });
        // z's partner before this slide (meaningless when z = a, which is uncovered).
        let old = codes[z] as usize;
        codes[y] = k as u8;
        codes[z] = ((k + nfam) % ncodes) as u8;
        if z == a {
            return Ok(slides);
        }
        if slides > limit {
            return Err(MoveError::Endless(a));
        }
        // z is covered twice; its old domino {z, old partner} slides away from z.
        x = z;
        k = old;
    }
}

/// The results of all `N` moves of one pairing, grouped by result (module docs, *All
/// moves at once*), with the counters of the `N` chains. Reuse one value across
/// pairings: it keeps its working space.
#[derive(Clone, Debug, Default)]
pub struct AllMoves {
    n: usize,
    /// The distinct results, `n` codes each, in order of discovery.
    results: Vec<u8>,
    /// The number of moves giving each result.
    counts: Vec<u64>,
    slides: u64,
    longest: usize,
    simulated: u64,
    /// `f(X)` per cell.
    next: Vec<usize>,
    /// Bits of `X` and its partner.
    domino: Vec<u64>,
    /// Per cell: its result's index, or one of the markers below.
    result_of: Vec<u32>,
    /// Per cell: the cells of the dominoes on its path (tail and cycle).
    path_mask: Vec<u64>,
    /// Per cell: slides of the chain from it (`2m + L`).
    chain_len: Vec<usize>,
    path: Vec<usize>,
    buf: Vec<u8>,
}

/// `result_of` markers: not reached yet; on the path being followed; to simulate.
const UNSEEN: u32 = u32::MAX;
const ON_PATH: u32 = u32::MAX - 1;
const SIMULATE: u32 = u32::MAX - 2;

impl AllMoves {
    /// Applies the move at every cell of the good pairing `start` and groups the
    /// results.
    ///
    /// *Complexity*: `O(N)` plus one chain per start whose path meets a domino twice
    /// (none on the 8×8 torus of docs/spec.md §6: every start of every class there takes the
    /// shortcut); boards of more than 64 cells simulate every move.
    pub fn compute(&mut self, board: &Board, start: &[u8]) -> Result<(), MoveError> {
        let n = start.len();
        self.n = n;
        self.results.clear();
        self.counts.clear();
        self.slides = 0;
        self.longest = 0;
        self.simulated = 0;
        self.result_of.clear();
        self.result_of.resize(n, UNSEEN);
        if n <= 64 {
            self.follow_cycles(board, start);
        } else {
            self.result_of.fill(SIMULATE);
        }
        for a in 0..n {
            if self.result_of[a] == SIMULATE {
                self.buf.clear();
                self.buf.extend_from_slice(start);
                let slides = apply_move(board, &mut self.buf, a)?;
                self.count_chain(slides, 1);
                self.simulated += 1;
                self.result_of[a] = self.add_buf(1);
            }
        }
        Ok(())
    }

    /// The cycle-and-tail shortcut: fills `result_of` for every start it covers and
    /// marks the others [`SIMULATE`].
    fn follow_cycles(&mut self, board: &Board, start: &[u8]) {
        let n = start.len();
        self.next.clear();
        self.domino.clear();
        for (x, &k) in start.iter().enumerate() {
            let y = board.neighbor(x, k as usize);
            self.next.push(board.neighbor(y, k as usize));
            self.domino.push((1u64 << x) | (1u64 << y));
        }
        self.path_mask.resize(n, 0);
        self.chain_len.resize(n, 0);
        for x0 in 0..n {
            if self.result_of[x0] != UNSEEN {
                continue;
            }
            self.path.clear();
            let mut x = x0;
            while self.result_of[x] == UNSEEN {
                self.result_of[x] = ON_PATH;
                self.path.push(x);
                x = self.next[x];
            }
            let mut tail_end = self.path.len();
            if self.result_of[x] == ON_PATH {
                // A new cycle: the path from x on.
                let pos = self
                    .path
                    .iter()
                    .position(|&c| c == x)
                    .expect("x is on the path");
                tail_end = pos;
                let mut mask = 0u64;
                let mut simple = true;
                for &c in &self.path[pos..] {
                    simple &= mask & self.domino[c] == 0;
                    mask |= self.domino[c];
                }
                let len = self.path.len() - pos;
                if simple {
                    // Each domino of the cycle slides once, {c, y} to {y, f(c)}: the
                    // cells written are all different, so no chain needs following.
                    let nfam = board.nfamilies();
                    self.buf.clear();
                    self.buf.extend_from_slice(start);
                    for &c in &self.path[pos..] {
                        let k = start[c] as usize;
                        self.buf[board.neighbor(c, k)] = k as u8;
                        self.buf[self.next[c]] = ((k + nfam) % (2 * nfam)) as u8;
                    }
                    let r = self.add_buf(len as u64);
                    self.count_chain(len, len as u64);
                    for &c in &self.path[pos..] {
                        self.result_of[c] = r;
                        self.path_mask[c] = mask;
                        self.chain_len[c] = len;
                    }
                } else {
                    for &c in &self.path[pos..] {
                        self.result_of[c] = SIMULATE;
                    }
                }
            }
            // The tail, nearest the cycle first: each start inherits its successor's
            // result when its domino is not already on the successor's path.
            for i in (0..tail_end).rev() {
                let c = self.path[i];
                let u = self.next[c];
                let r = self.result_of[u];
                if r < SIMULATE && self.domino[c] & self.path_mask[u] == 0 {
                    self.result_of[c] = r;
                    self.path_mask[c] = self.path_mask[u] | self.domino[c];
                    self.chain_len[c] = self.chain_len[u] + 2;
                    self.counts[r as usize] += 1;
                    self.count_chain(self.chain_len[c], 1);
                } else {
                    self.result_of[c] = SIMULATE;
                }
            }
        }
    }

    fn count_chain(&mut self, slides: usize, moves: u64) {
        self.slides += slides as u64 * moves;
        self.longest = self.longest.max(slides);
    }

    /// Records `buf` as a result of `moves` more moves; returns its index.
    fn add_buf(&mut self, moves: u64) -> u32 {
        let n = self.n;
        match self
            .results
            .chunks_exact(n)
            .position(|r| r == self.buf.as_slice())
        {
            Some(r) => {
                self.counts[r] += moves;
                r as u32
            }
            None => {
                self.results.extend_from_slice(&self.buf);
                self.counts.push(moves);
                (self.counts.len() - 1) as u32
            }
        }
    }

    /// The distinct results with the number of moves giving each (together `N`).
    pub fn results(&self) -> impl Iterator<Item = (&[u8], u64)> + '_ {
        self.results
            .chunks_exact(self.n.max(1))
            .zip(self.counts.iter().copied())
    }

    /// The result of the move at cell `a` (of the last [`AllMoves::compute`]).
    pub fn result_at(&self, a: usize) -> &[u8] {
        let r = self.result_of[a] as usize;
        &self.results[r * self.n..(r + 1) * self.n]
    }

    /// Slides over all `N` chains.
    pub fn slides(&self) -> u64 {
        self.slides
    }

    /// The longest chain, in slides.
    pub fn longest_chain(&self) -> usize {
        self.longest
    }

    /// Moves simulated slide by slide (their path met a domino twice).
    pub fn simulated(&self) -> u64 {
        self.simulated
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::pairing::Pairing;

    #[test]
    fn move_keeps_the_pairing_good_and_is_reversible_somewhere() {
        let b = Board::square9();
        let first = "0411111504155555041522220435666627333304677773044222733046667710";
        let p = Pairing::parse_line(&b, first).unwrap();
        for a in 0..64 {
            let mut codes = p.codes().to_vec();
            apply_move(&b, &mut codes, a).unwrap();
            let q = Pairing::from_codes(codes.clone());
            assert_eq!(q.check(&b), Ok(()), "move at {a}");
            // Some move from the result leads back to P exactly (the relation is symmetric
            // on labelled pairings, not only on classes).
            let back = (0..64).any(|c| {
                let mut r = codes.clone();
                apply_move(&b, &mut r, c).unwrap();
                r == p.codes()
            });
            assert!(back || q == p, "no move undoes the move at {a}");
        }
    }
    #[test]
    fn all_moves_agree_with_single_moves_on_every_board() {
        // A walk of moves from a good pairing of each board; at every step all N moves
        // are compared with their own chains.
        for name in Board::NAMES {
            let b = Board::by_name(name).unwrap();
            if b.ncells() > 64 {
                continue;
            }
            let mut p = crate::pairing::search::first_pairing(&b).expect("a good pairing");
            let mut all = AllMoves::default();
            for step in 0..60 {
                all.compute(&b, &p).unwrap();
                let mut total = 0;
                for a in 0..b.ncells() {
                    let mut q = p.clone();
                    total += apply_move(&b, &mut q, a).unwrap() as u64;
                    assert_eq!(
                        all.result_at(a),
                        q.as_slice(),
                        "{name}, step {step}, cell {a}"
                    );
                }
                assert_eq!(all.slides(), total, "{name}");
                let n = b.ncells();
                apply_move(&b, &mut p, (step * 7 + 3) % n).unwrap();
            }
        }
    }
}
