//! What the search produces ([`Mode`]) and the root of the rooted search
//! ([`Rooted`], docs/spec.md §8).
//!
//! [`Rooted::of`] finds, on a board with a coarse translation `τ` whose rooting
//! families form one orbit of the point group, the root option `r` (the least
//! rooting family, anchored at cell 0) and `τ` as a cell map;
//! `Rooted::first_cells` is the order in which the rooted search decides its first
//! cells. Invariant: `τ` moves the root (`τ(r) ≠ r`), so forbidding `τ(r)` keeps
//! every pairing that is not `τ`-invariant, in its rooted form.

use super::*;

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
    /// On a board with a coarse translation `τ` ([`Board::coarse_translation`]): one
    /// pairing per class of the good pairings that are *not* invariant under `τ`, in
    /// its *rooted form* (see [`Rooted`]), with symmetry breaking.
    Rooted,
}

impl Mode {
    /// Whether the search breaks symmetries (one pairing per class).
    pub(super) fn canonical(self) -> bool {
        matches!(self, Mode::Canonical | Mode::Rooted)
    }
}

/// The root of the rooted search (docs/spec.md §8).
///
/// A good pairing `P` of a board with a coarse translation `τ` is a pairing of the
/// coarser board exactly when `τ(P) = P`, that is when `τ(o) ∈ P` for each of its
/// options `o`. Options of some families are `τ`-invariant by themselves (on the
/// 16-toroidal board a row's two dominoes 8 apart, `τ` being the translation by
/// (8,0)); call the other families *rooting*. A pairing that is not `τ`-invariant has
/// an option `o` of a rooting family with `τ(o) ∉ P`. When the rooting families form
/// one orbit of the point group, a symmetry `g` carries `o` to the *root* `r`, the
/// option of the least rooting family anchored at cell 0, and since `τ` commutes
/// with `g`, `g(P)` contains `r` and not `τ(r)`. The *rooted form* of a class is the
/// least one-line form among these *rooted images* of its pairings.
///
/// The rooted search places `r` at the root, forbids `τ(r)`, and prunes as the
/// canonical search does, except that a candidate symmetry anchored at an option `o`
/// counts only once `τ(o)` is known to be absent (until then it waits, like a
/// comparison that needs an undecided cell; the bit layout of such a candidate is
/// position 0, which no comparison uses, and `block = τ(anchor)`). It never enters
/// the `τ`-invariant pairings, 97 % of the classes on the 16-toroidal board: every
/// leaf is a pairing of the finer board alone, in its rooted form, and the candidates
/// that reach a leaf equal are again its non-identity automorphisms (an automorphism
/// `g` maps `g⁻¹(r) ∈ P` to `r`, and `τ(g⁻¹(r)) = g⁻¹(τ(r)) ∉ P`). The catalogue
/// then takes the canonical form of each rooted form.
///
/// ```
/// use amoba::core::board::Board;
/// use amoba::pairing::search::Rooted;
/// let root = Rooted::of(&Board::square9_16()).unwrap();
/// assert_eq!(root.code, 1); // SE: the root is (0,0)–(1,1)
/// assert_eq!(root.families, [1, 3]); // the diagonals and antidiagonals
/// assert_eq!(root.tau[0], 8); // τ(0,0) = (8,0)
/// assert!(Rooted::of(&Board::square9()).is_none());
/// ```
pub struct Rooted {
    /// The root's code: the least rooting family.
    pub code: u8,
    /// The rooting families.
    pub families: Vec<usize>,
    /// `τ` as a cell map.
    pub tau: Vec<usize>,
}

impl Rooted {
    /// The root of `board`'s rooted search, when it has a coarse translation and its
    /// rooting families form one orbit of the point group.
    pub fn of(board: &Board) -> Option<Rooted> {
        let tau = board.coarse_translation()?;
        let nfam = board.nfamilies();
        // The option of family f anchored at cell 0 is τ-invariant when τ(0) is one of
        // its anchors 0, 0 + p·v_f, ….
        let rooting: Vec<usize> = (0..nfam)
            .filter(|&f| {
                let mut x = 0;
                (0..board.per_line(f)).all(|_| {
                    let here = x != tau[0];
                    x = board.jump(f, x);
                    here
                })
            })
            .collect();
        let &code = rooting.first()?;
        let one_orbit = rooting.iter().all(|&f| {
            (0..board.point_group().len()).any(|m| {
                board.mcode(m, f as u8) == code as u8
                    || board.mcode(m, (f + nfam) as u8) == code as u8
            })
        });
        one_orbit.then_some(Rooted {
            code: code as u8,
            families: rooting,
            tau,
        })
    }

    /// The cells the rooted search decides first, before it branches on the most
    /// constrained item: cells 1 and 2 (the next positions of the one-line form, which
    /// every comparison with a candidate reads first), `τ(0)` (where the absence of
    /// `τ(r)` must be paid for), and the two neighbours of cell 0 along each other
    /// rooting family (on the 16-toroidal board, the antidiagonal through the root's
    /// first cell, which needs a domino of its own). Chosen by measurement: on the
    /// 16-toroidal board this order takes the search from 9.9 million nodes (no cell
    /// decided first) to 1.7 million (BENCHMARKS.md).
    pub(super) fn first_cells(&self, board: &Board) -> Vec<usize> {
        let nfam = board.nfamilies();
        let mut cells = vec![1, 2, self.tau[0]];
        for &g in self.families.iter().filter(|&&g| g != self.code as usize) {
            cells.extend([board.neighbor(0, g), board.neighbor(0, g + nfam)]);
        }
        cells.retain(|&c| c < board.ncells());
        cells
    }
}
