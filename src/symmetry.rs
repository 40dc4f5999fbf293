//! Symmetries, the canonical form and stabilisers (SPEC §4).
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
//! The same candidates drive the pruning inside the search (`crate::search`), and
//! every automorphism is a candidate (it fixes cell 0's code), so the stabiliser is
//! counted among them.

use crate::board::{Board, Symmetry};
use crate::pairing::Pairing;
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

/// `f⁻¹ ∘ h`, found as the unique symmetry that agrees on enough cells.
fn compose_inverse_first(board: &Board, f: Symmetry, h: Symmetry) -> Symmetry {
    // Build the permutation f⁻¹ ∘ h on cells and match it against the group.
    let n = board.ncells();
    let mut finv = vec![0usize; n];
    for c in 0..n {
        finv[board.map_cell(f, c)] = c;
    }
    let target: Vec<usize> = (0..n).map(|c| finv[board.map_cell(h, c)]).collect();
    board
        .symmetries()
        .find(|&g| {
            // Matrices are determined by their action on the cells; check all cells.
            (0..n).all(|c| board.map_cell(g, c) == target[c])
        })
        .expect("the group is closed")
}

/// The canonical form of a pairing, as a pairing.
pub fn canonical_pairing(board: &Board, p: &Pairing) -> Pairing {
    let mut out = vec![0u8; p.len()];
    canonical_into(board, p.codes(), &mut out);
    Pairing::from_codes(out)
}

/// Order of the stabiliser of a good pairing.
pub fn stabiliser_order(board: &Board, p: &Pairing) -> usize {
    let mut out = vec![0u8; p.len()];
    canonical_into(board, p.codes(), &mut out)
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
