//! Symmetries, the canonical form and stabilisers (docs/spec.md §4).
//!
//! The group `G` acts by `g(x) = M·x + t`; applying `g` to a pairing moves every
//! domino `{a, b}` to `{g(a), g(b)}` and rewrites the codes through `M`
//! ([`Board::mcode`]).
//!
//! # Canonical form without building 512 images
//!
//! The canonical form is the lexicographically smallest one-line form among the
//! `|G|` images. Its first code is 0 (every pairing has dominoes of family 0, and a
//! translation puts one at cell 0), so only the images with code 0 at cell 0 can win.
//! Those are exactly the symmetries `g(x) = M_m (x − a)` where cell `a` holds a code
//! `k` with `M_m · v_k = v_0`: for each point-group element, one anchor per line of
//! one family. On the 8×8 torus that is 8 × 8 = 64 *candidates* instead of 512.
//!
//! A candidate's image is never built: its code at cell `i` is
//! `mcode[m][P[pull[m][a][i]]]` ([`Board::pull`]), so comparing two candidates reads
//! only as many cells as it takes to tell them apart — a handful, except between
//! images that are equal (then the two symmetries differ by an automorphism, and the
//! full comparison is what counts the stabiliser).
//!
//! The same candidates drive the pruning inside the search (`crate::pairing::search`), and
//! every automorphism is a candidate (it fixes cell 0's code), so the stabiliser is
//! counted among them.

pub mod text;
pub mod torus8;

use crate::core::board::pairing::Pairing;
use crate::core::board::{Board, Symmetry};
use std::cmp::Ordering;

/// Applies a symmetry to a code sequence: the result's code at `g(c)` is `M·P[c]`.
pub fn apply(board: &Board, codes: &[u8], g: Symmetry) -> Vec<u8> {
    let mut out = vec![0u8; codes.len()];
    for (c, &k) in codes.iter().enumerate() {
        out[board.map_cell(g, c)] = board.mcode(g.m, k);
    }
    out
}

/// Applies a symmetry to a pairing.
pub fn apply_pairing(board: &Board, p: &Pairing, g: Symmetry) -> Pairing {
    Pairing::from_codes(apply(board, p.codes(), g))
}

/// The symmetry `x ↦ M_m (x − a)` as a [`Symmetry`] (point-group element and translation).
pub fn candidate_symmetry(board: &Board, m: usize, a: usize) -> Symmetry {
    let ma = board.map_cell(Symmetry { m, t: 0 }, a);
    let neg: Vec<i64> = board.coords(ma).iter().map(|x| -x).collect();
    Symmetry {
        m,
        t: board.index_of(&neg),
    }
}

/// Compares the images of `codes` under candidates `(m1, a1)` and `(m2, a2)`.
#[inline]
fn compare_images(board: &Board, codes: &[u8], c1: (usize, usize), c2: (usize, usize)) -> Ordering {
    let (p1, k1) = (board.pull(c1.0, c1.1), board.mcode_row(c1.0));
    let (p2, k2) = (board.pull(c2.0, c2.1), board.mcode_row(c2.0));
    for i in 1..codes.len() {
        let x = k1[codes[p1[i] as usize] as usize];
        let y = k2[codes[p2[i] as usize] as usize];
        if x != y {
            return x.cmp(&y);
        }
    }
    Ordering::Equal
}

/// Result of a canonicalisation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The canonical codes.
    pub codes: Vec<u8>,
    /// A symmetry mapping the input onto its canonical form.
    pub to_canonical: Symmetry,
    /// The stabiliser of the input (symmetries `g` with `g(P) = P`), identity first.
    pub stabiliser: Vec<Symmetry>,
}

/// The candidates `(m, a)` of a code sequence: symmetries `x ↦ M_m (x − a)` that put
/// code 0 at cell 0.
fn candidates(board: &Board, codes: &[u8], out: &mut Vec<(usize, usize)>) {
    out.clear();
    for m in 0..board.point_group().len() {
        let row = board.mcode_row(m);
        for (a, &k) in codes.iter().enumerate() {
            if row[k as usize] == 0 {
                out.push((m, a));
            }
        }
    }
}

/// Writes the canonical form of a good pairing's codes into `out` and returns the
/// order of its stabiliser.
///
/// *Arguments*: `codes` must be a consistent pairing of `board` (the result is
/// meaningless otherwise, but never unsafe); `out` must have the same length.
///
/// *Complexity*: `O(C · d)` code reads for `C` candidates (64 on the 8×8 torus) and
/// `d` the average length of the common prefix of two images, plus `O(s · N)` for a
/// stabiliser of order `s`.
pub fn canonical_into(board: &Board, codes: &[u8], out: &mut [u8]) -> usize {
    let mut best: Option<(usize, usize)> = None;
    let mut stab = 0;
    for m in 0..board.point_group().len() {
        let row = board.mcode_row(m);
        for (a, &k) in codes.iter().enumerate() {
            if row[k as usize] != 0 {
                continue;
            }
            match best {
                None => {
                    best = Some((m, a));
                    stab = 1;
                }
                Some(b) => match compare_images(board, codes, (m, a), b) {
                    Ordering::Less => {
                        best = Some((m, a));
                        stab = 1;
                    }
                    Ordering::Equal => stab += 1,
                    Ordering::Greater => {}
                },
            }
        }
    }
    let (m, a) = best.expect("a pairing has a domino of family 0");
    let pull = board.pull(m, a);
    let row = board.mcode_row(m);
    for (i, o) in out.iter_mut().enumerate() {
        *o = row[codes[pull[i] as usize] as usize];
    }
    stab
}

/// Canonical form, a symmetry reaching it and the full stabiliser of a good pairing.
pub fn canonical(board: &Board, p: &Pairing) -> Canonical {
    let codes = p.codes();
    let mut cands = Vec::new();
    candidates(board, codes, &mut cands);
    let mut best = cands[0];
    for &c in &cands[1..] {
        if compare_images(board, codes, c, best) == Ordering::Less {
            best = c;
        }
    }
    let pull = board.pull(best.0, best.1);
    let row = board.mcode_row(best.0);
    let canon: Vec<u8> = (0..codes.len())
        .map(|i| row[codes[pull[i] as usize] as usize])
        .collect();
    let to_canonical = candidate_symmetry(board, best.0, best.1);
    let mut stabiliser = Vec::new();
    // g(P) = P  ⇔  to_canonical ∘ g = a candidate with the same image; collect via images.
    for &c in &cands {
        if compare_images(board, codes, c, best) == Ordering::Equal {
            // h = c, and h(P) = canonical = best(P), so best⁻¹ ∘ h fixes P.
            let h = candidate_symmetry(board, c.0, c.1);
            stabiliser.push(compose_inverse_first(board, to_canonical, h));
        }
    }
    stabiliser.sort_by_key(|g| (g.m != 0 || g.t != 0, *g));
    Canonical {
        codes: canon,
        to_canonical,
        stabiliser,
    }
}

/// `f⁻¹ ∘ h`, found as the symmetry with the same action on cells *and* on codes.
/// (Cells alone do not determine a symmetry: on the 2-cell torus of line3 the
/// reflection and a translation move the cells alike but rewrite codes differently.)
pub fn compose_inverse_first(board: &Board, f: Symmetry, h: Symmetry) -> Symmetry {
    let n = board.ncells();
    let mut finv = vec![0usize; n];
    for c in 0..n {
        finv[board.map_cell(f, c)] = c;
    }
    let target: Vec<usize> = (0..n).map(|c| finv[board.map_cell(h, c)]).collect();
    // Code map of f⁻¹ ∘ h: apply h's, then undo f's.
    let f_codes = board.mcode_row(f.m);
    let codes: Vec<u8> = board
        .mcode_row(h.m)
        .iter()
        .map(|&k| f_codes.iter().position(|&x| x == k).expect("a permutation") as u8)
        .collect();
    board
        .symmetries()
        .find(|&g| {
            board.mcode_row(g.m) == codes && (0..n).all(|c| board.map_cell(g, c) == target[c])
        })
        .expect("the group is closed")
}

/// The inverse symmetry `g⁻¹`.
pub fn inverse(board: &Board, g: Symmetry) -> Symmetry {
    compose_inverse_first(board, g, Symmetry { m: 0, t: 0 })
}

/// The composition `h ∘ g` (first `g`, then `h`).
pub fn compose(board: &Board, h: Symmetry, g: Symmetry) -> Symmetry {
    compose_inverse_first(board, inverse(board, h), g)
}

/// The canonical form of a pairing, as a pairing.
pub fn canonical_pairing(board: &Board, p: &Pairing) -> Pairing {
    let mut out = vec![0u8; p.len()];
    canonical_into(board, p.codes(), &mut out);
    Pairing::from_codes(out)
}

/// A canonicaliser for one board with its tables laid out for the hot loop.
///
/// Same result as [`canonical_into`], computed as a *tournament*: all candidates
/// (symmetries putting code 0 at cell 0) are compared position by position at once;
/// after each position only those showing the least code survive. Typically one
/// survivor remains after two or three positions, so a canonical form costs about
/// one code read per candidate plus the final image, instead of a pairwise
/// comparison against the running best. The survivors that are still tied after the
/// last position have equal images: their number is the stabiliser order.
pub struct Canonicalizer {
    n: usize,
    ng: usize,
    /// `to_zero[k][..zeros[k]]`: the point-group elements mapping code `k` to code 0.
    to_zero: [[u8; 64]; 8],
    zeros: [usize; 8],
    /// First position still to compare: 2 when cell 1 is the partner of cell 0 along
    /// family 0 (then every candidate shows code F there), else 1.
    first: usize,
    /// `near[(i·G + m)·N + a]` = `pull[m][a][i]` for the first [`NEAR`] positions: the
    /// rounds that see many candidates read this small table, not the big one.
    near: Vec<u16>,
    /// `pull[(m·N + a)·N + i]` as `u16` (see [`Board::pull`]).
    pull: Vec<u16>,
    /// `mcode[m]`: code map of point-group element `m` (padded to 8 codes).
    mcode: Vec<[u8; 8]>,
}

/// Working space of the tournament: the surviving candidates and their codes.
#[derive(Default)]
pub struct TournamentScratch {
    cand: Vec<(u16, u8)>,
    code: Vec<u8>,
}
/// Positions served from the compact table.
const NEAR: usize = 16;

impl Canonicalizer {
    /// Tables for `board` (at most 8 direction codes).
    pub fn new(board: &Board) -> Canonicalizer {
        assert!(board.ncodes() <= 8, "at most 8 direction codes");
        let n = board.ncells();
        let ng = board.point_group().len();
        assert!(ng <= 64, "point group too large");
        let mut to_zero = [[0u8; 64]; 8];
        let mut zeros = [0usize; 8];
        for k in 0..board.ncodes() {
            for m in 0..ng {
                if board.mcode(m, k as u8) == 0 {
                    to_zero[k][zeros[k]] = m as u8;
                    zeros[k] += 1;
                }
            }
        }
        let near_len = NEAR.min(n);
        let mut near = vec![0u16; near_len * ng * n];
        for i in 0..near_len {
            for m in 0..ng {
                for a in 0..n {
                    near[(i * ng + m) * n + a] = board.pull(m, a)[i];
                }
            }
        }
        let first = if n > 1 && board.neighbor(0, 0) == 1 {
            2
        } else {
            1
        };
        let mut pull = Vec::with_capacity(ng * n * n);
        for m in 0..ng {
            for a in 0..n {
                pull.extend_from_slice(board.pull(m, a));
            }
        }
        let mcode = (0..ng)
            .map(|m| {
                let mut row = [0u8; 8];
                for (k, r) in row.iter_mut().enumerate().take(board.ncodes()) {
                    *r = board.mcode(m, k as u8);
                }
                row
            })
            .collect();
        Canonicalizer {
            n,
            ng,
            to_zero,
            zeros,
            first,
            near,
            pull,
            mcode,
        }
    }

    /// Writes the canonical form of the good pairing `codes` into `out`; returns the
    /// stabiliser order. Allocates its working space; see
    /// [`Canonicalizer::canonical_with`] for the allocation-free form.
    pub fn canonical_into(&self, codes: &[u8], out: &mut [u8]) -> usize {
        self.canonical_with(codes, out, &mut TournamentScratch::default())
    }

    /// [`Canonicalizer::canonical_into`] with caller-provided working space, reused
    /// across calls (one per thread).
    ///
    /// *Complexity*: `O(C + s·N)` code reads in the common case, `C` candidates; `O(C·N)`
    /// at worst (many equal prefixes).
    #[inline]
    pub fn canonical_with(
        &self,
        codes: &[u8],
        out: &mut [u8],
        scratch: &mut TournamentScratch,
    ) -> usize {
        let n = self.n;
        // (anchor cell a, point-group element m)
        let cand = &mut scratch.cand;
        cand.clear();
        for (a, &k) in codes.iter().enumerate() {
            let k = k as usize;
            for &m in &self.to_zero[k][..self.zeros[k]] {
                cand.push((a as u16, m));
            }
        }
        let mut alive = cand.len();
        let code = &mut scratch.code;
        code.clear();
        code.resize(alive, 0);
        let mut i = self.first;
        while alive > 1 && i < n {
            let mut least = u8::MAX;
            if i < NEAR {
                let row = &self.near[i * self.ng * n..(i + 1) * self.ng * n];
                for (c, v) in cand[..alive].iter().zip(code.iter_mut()) {
                    let src = row[c.1 as usize * n + c.0 as usize];
                    *v = self.mcode[c.1 as usize][codes[src as usize] as usize];
                    least = least.min(*v);
                }
            } else {
                for (c, v) in cand[..alive].iter().zip(code.iter_mut()) {
                    let src = self.pull[(c.1 as usize * n + c.0 as usize) * n + i];
                    *v = self.mcode[c.1 as usize][codes[src as usize] as usize];
                    least = least.min(*v);
                }
            }
            let mut kept = 0;
            for j in 0..alive {
                if code[j] == least {
                    cand[kept] = cand[j];
                    kept += 1;
                }
            }
            alive = kept;
            i += 1;
        }
        let (a, m) = cand[0];
        let base = (m as usize * n + a as usize) * n;
        let row = &self.mcode[m as usize];
        let pull = &self.pull[base..base + n];
        for (o, &p) in out.iter_mut().zip(pull) {
            *o = row[codes[p as usize] as usize];
        }
        if i < n {
            // One survivor before the end: the least image is unique.
            1
        } else {
            alive
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST: &str = "0411111504155555041522220435666627333304677773044222733046667710";

    /// Canonical form by brute force: all |G| images, minimum.
    fn brute(board: &Board, codes: &[u8]) -> (Vec<u8>, usize) {
        let imgs: Vec<Vec<u8>> = board.symmetries().map(|g| apply(board, codes, g)).collect();
        let min = imgs.iter().min().unwrap().clone();
        let stab = imgs.iter().filter(|i| **i == codes).count();
        (min, stab)
    }

    #[test]
    fn tournament_agrees_with_pairwise() {
        let b = Board::square9();
        let c = Canonicalizer::new(&b);
        let p = Pairing::parse_line(&b, FIRST).unwrap();
        let (mut x, mut y) = (vec![0u8; 64], vec![0u8; 64]);
        for g in b.symmetries() {
            let q = apply(&b, p.codes(), g);
            let s1 = canonical_into(&b, &q, &mut x);
            let s2 = c.canonical_into(&q, &mut y);
            assert_eq!((x.clone(), s1), (y.clone(), s2));
        }
    }

    #[test]
    fn canonical_agrees_with_brute_force() {
        let b = Board::square9();
        let p = Pairing::parse_line(&b, FIRST).unwrap();
        for g in b.symmetries().step_by(37) {
            let q = apply_pairing(&b, &p, g);
            assert!(q.is_good(&b));
            let c = canonical(&b, &q);
            let (min, stab) = brute(&b, q.codes());
            assert_eq!(c.codes, min);
            assert_eq!(c.stabiliser.len(), stab);
            assert_eq!(c.codes, FIRST.bytes().map(|x| x - b'0').collect::<Vec<_>>());
            assert_eq!(apply(&b, q.codes(), c.to_canonical), c.codes);
            for &s in &c.stabiliser {
                assert_eq!(apply(&b, q.codes(), s), q.codes());
            }
        }
    }
}
