//! Direction sets up to unimodular equivalence, and the lattices of a direction set
//! up to its symmetries (docs/spec.md §9).
//!
//! A matrix `M` of `GL(d, Z)` maps the board `Z^d/Λ` with directions `S` onto the board
//! `Z^d/MΛ` with directions `MS`, cells, lines and dominoes included, so the two games
//! are one game: a good pairing of one is a good pairing of the other, with the same
//! counts. Two direction sets are **equivalent** when some `M` maps `±S` onto `±S'`.
//! This module decides equivalence by a normal form, and lists the lattices a scan
//! must search once each.
//!
//! # The normal form
//!
//! Take `d` linearly independent vectors `b_1 … b_d` of `±S`, in order, as the columns
//! of a matrix `B`. The unimodular matrices `U` that make `U·B` upper triangular with
//! positive diagonal and reduced off-diagonal entries (Hermite's normal form for row
//! operations) come down to one: `U·B = H` where `H` is the Hermite normal form of the
//! lattice spanned by the *rows* of `B` ([`Lattice::new`] computes it), so
//! `U = H·B⁻¹`. Apply `U` to all of `S`, write each direction with its first non-zero
//! coordinate positive, and sort: that is the candidate of the tuple. The **normal
//! form** of `S` is the least candidate over all ordered tuples.
//!
//! It is an invariant: if `S' = N·S`, the tuple `N·b` of `S'` spans the row lattice of
//! `N·B`, which is that of `B` (`N` is unimodular), so it has the same `H` and the
//! matrix `U·N⁻¹`, whose image of `S'` is `U·S`. The candidates of `S` and `S'` are the
//! same list, and so are their least elements. Conversely the normal form is the image
//! of `S` under a unimodular matrix ([`Normal::matrix`]), so equal normal forms mean
//! equivalent sets: the certificate is `M'^{-1}·M`.
//!
//! In the plane the tuple `(u, w)` gives `U·u = (1, 0)` and `U·w = (x, y)` with
//! `y = |det(u, w)|` and `0 ≤ x < y`: the familiar way of normalising a pair.
//!
//! *Complexity*: `(2n)^d` tuples, each a Hermite normal form of a `d × d` matrix and
//! `n` matrix–vector products; instant for any board amoba handles (`n ≤ 18`).
//!
//! # Lattices up to symmetry
//!
//! The symmetries of `S` — the matrices of `GL(d, Z)` mapping `±S` onto itself, the
//! point group of `S` on the lattice `Z^d` — map a board `Z^d/Λ` onto the isomorphic
//! board `Z^d/MΛ` with the same directions. A scan therefore searches one lattice of
//! each orbit: the least Hermite normal form of the orbit ([`least_image`]).

use super::gcd;
use super::group::{GroupError, Matrix, adjugate, det, point_group, signed};
use super::lattice::Lattice;
use rayon::prelude::*;

/// The normal form of a direction set and the matrix that takes the set there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Normal {
    /// The directions of the normal form, each with its first non-zero coordinate
    /// positive, sorted.
    pub form: Vec<Vec<i64>>,
    /// A unimodular matrix (row-major, acting on column vectors) mapping `±S` onto
    /// `±form`.
    pub matrix: Matrix,
}

/// `v` or `−v`, whichever has its first non-zero coordinate positive.
pub fn sign_normal(v: &[i64]) -> Vec<i64> {
    let neg = v.iter().find(|&&x| x != 0).is_some_and(|&x| x < 0);
    v.iter().map(|&x| if neg { -x } else { x }).collect()
}

/// The normal form of `directions` under `GL(d, Z)` (see the module essay).
///
/// *Arguments*: `d`-dimensional primitive directions, no two equal up to sign,
/// spanning `R^d`. *Returns* the form and its matrix, or the rank error of a set that
/// does not span (a board needs its directions to span, docs/spec.md §8).
///
/// *Complexity*: `O((2n)^d · (d³ + n·d²))`.
///
/// ```
/// use amoba::core::board::directions::normal_form;
/// // {E, S, (1,2), (2,1)} and {E, SE, (1,3), (3,2)}… are they one game?
/// let a = normal_form(&[vec![1, 0], vec![0, 1], vec![1, 2], vec![2, 1]]).unwrap();
/// let b = normal_form(&[vec![1, 1], vec![0, 1], vec![1, 3], vec![2, 3]]).unwrap();
/// assert_eq!(a.form, b.form);
/// ```
pub fn normal_form(directions: &[Vec<i64>]) -> Result<Normal, GroupError> {
    let d = directions.first().map_or(0, Vec::len);
    let all = signed(directions);
    let mut best: Option<Normal> = None;
    let mut tuple: Vec<usize> = Vec::with_capacity(d);
    // Depth-first over ordered tuples of distinct directions (by index mod n).
    fn walk(
        all: &[Vec<i64>],
        n: usize,
        d: usize,
        directions: &[Vec<i64>],
        tuple: &mut Vec<usize>,
        best: &mut Option<Normal>,
    ) {
        if tuple.len() == d {
            // B: the chosen vectors as columns, row-major.
            let mut b = vec![0i64; d * d];
            for (col, &i) in tuple.iter().enumerate() {
                for r in 0..d {
                    b[r * d + col] = all[i][r];
                }
            }
            let db = det(&b, d);
            if db == 0 {
                return;
            }
            let rows: Vec<Vec<i64>> = (0..d).map(|r| b[r * d..(r + 1) * d].to_vec()).collect();
            // Of any index (|det B| < 2^30 within the coordinate limit), so not a
            // board's lattice.
            let h = Lattice::hermite_basis(&rows).expect("independent rows span a lattice");
            let hm: Vec<i64> = h.iter().flatten().copied().collect();
            // U = H·B⁻¹ = H·adj(B)/det(B), integral because H = U·B.
            let u: Matrix = super::group::multiply(&hm, &adjugate(&b, d), d)
                .iter()
                .map(|x| x / db)
                .collect();
            let mut form: Vec<Vec<i64>> = directions
                .iter()
                .map(|v| sign_normal(&super::group::apply(&u, v)))
                .collect();
            form.sort();
            if best.as_ref().is_none_or(|b| form < b.form) {
                *best = Some(Normal { form, matrix: u });
            }
            return;
        }
        for i in 0..all.len() {
            if tuple.iter().any(|&j| j % n == i % n) {
                continue;
            }
            tuple.push(i);
            walk(all, n, d, directions, tuple, best);
            tuple.pop();
        }
    }
    if !(1..=3).contains(&d) || directions.iter().any(|v| v.len() != d) {
        return Err(GroupError::Dimension);
    }
    super::group::check_coordinates(directions)?;
    let rank = super::group::rank(&directions.iter().collect::<Vec<_>>(), d);
    if d == 0 || rank < d {
        return Err(GroupError::Rank { rank, d });
    }
    walk(&all, directions.len(), d, directions, &mut tuple, &mut best);
    Ok(best.expect("a spanning set has an independent tuple"))
}

/// The symmetries of a direction set: the matrices of `GL(d, Z)` mapping `±S` onto
/// itself, sorted with the identity first.
pub fn symmetries(directions: &[Vec<i64>]) -> Result<Vec<Matrix>, GroupError> {
    let d = directions.first().map_or(0, Vec::len);
    if !(1..=3).contains(&d) || directions.iter().any(|v| v.len() != d) {
        return Err(GroupError::Dimension);
    }
    let unit: Vec<Vec<i64>> = (0..d)
        .map(|i| (0..d).map(|j| i64::from(i == j)).collect())
        .collect();
    let z = Lattice::new(&unit).expect("the unit lattice");
    point_group(&z, directions)
}

/// The least lattice (by Hermite basis) of the orbit of `lattice` under `group`, and
/// the orbit's size.
pub fn least_image(lattice: &Lattice, group: &[Matrix]) -> (Lattice, usize) {
    let mut orbit: Vec<Lattice> = group.iter().map(|m| lattice.image(m)).collect();
    orbit.sort_by(|a, b| a.basis().cmp(b.basis()));
    orbit.dedup();
    (orbit[0].clone(), orbit.len())
}

/// The primitive directions with coordinates in `{−r, …, r}`, one of each pair
/// `±v` (first non-zero coordinate positive), sorted.
pub fn primitive_in_box(d: usize, r: i64) -> Vec<Vec<i64>> {
    let side = (2 * r + 1) as usize;
    let mut out = Vec::new();
    for mut k in 0..side.pow(d as u32) {
        let v: Vec<i64> = (0..d)
            .map(|_| {
                let x = (k % side) as i64 - r;
                k /= side;
                x
            })
            .collect();
        let g = v.iter().fold(0i64, |g, &x| gcd(g, x.abs()));
        if g == 1 && sign_normal(&v) == v {
            out.push(v);
        }
    }
    out.sort();
    out
}

/// A set of directions.
pub type DirectionSet = Vec<Vec<i64>>;

/// A class of direction sets: its normal form and its members.
pub type Class = (DirectionSet, Vec<DirectionSet>);

/// The classes of `n`-sets of primitive directions with coordinates in `{−r, …, r}`
/// that span `R^d`, up to `GL(d, Z)`: per class its normal form and its members (as
/// given by [`primitive_in_box`], in lexicographic order). Classes are sorted by
/// normal form.
pub fn classes_in_box(d: usize, r: i64, n: usize) -> Vec<Class> {
    let dirs = primitive_in_box(d, r);
    let mut out: std::collections::BTreeMap<Vec<Vec<i64>>, Vec<Vec<Vec<i64>>>> = Default::default();
    let mut pick: Vec<usize> = Vec::new();
    fn subsets(
        k: usize,
        start: usize,
        m: usize,
        pick: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]),
    ) {
        if pick.len() == k {
            f(pick);
            return;
        }
        for i in start..m {
            pick.push(i);
            subsets(k, i + 1, m, pick, f);
            pick.pop();
        }
    }
    subsets(n, 0, dirs.len(), &mut pick, &mut |ix| {
        let set: Vec<Vec<i64>> = ix.iter().map(|&i| dirs[i].clone()).collect();
        if let Ok(nf) = normal_form(&set) {
            out.entry(nf.form).or_default().push(set);
        }
    });
    out.into_iter().collect()
}

/// Why [`check_box`] refused a box of direction sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("expected 1 ≤ n ≤ 18, 1 ≤ R ≤ 3 and d = 2 or 3")]
pub struct BoxError;

/// Checks the bounds of the box [`classes_in_box`] lists: dimension `d` 2 or 3, the
/// box `{−r, …, r}^d` with `1 ≤ r ≤ 3`, and `1 ≤ n ≤ 18` directions a set (beyond
/// them the listing is out of reach).
pub fn check_box(d: usize, r: i64, n: usize) -> Result<(), BoxError> {
    if !(2..=3).contains(&d) || !(1..=3).contains(&r) || n == 0 || n > 18 {
        return Err(BoxError);
    }
    Ok(())
}

/// Why a direction set typed as text ([`typed`]) was refused. Each variant names the
/// option or argument that gave the set; the reason is its [`source`](std::error::Error::source).
#[derive(Debug, thiserror::Error)]
pub enum SetError {
    /// The text does not parse as vectors (the message names the option itself).
    #[error(transparent)]
    Parse(super::BoardError),
    /// The directions are not what a board needs: primitive, distinct up to sign, of
    /// one dimension.
    #[error("{flag}")]
    Directions {
        /// The option or argument, e.g. `VECTORS`.
        flag: String,
        /// What is wrong with them.
        #[source]
        cause: super::BoardError,
    },
    /// The directions have no normal form: they do not span.
    #[error("{flag}")]
    Span {
        /// The option or argument, e.g. `VECTORS`.
        flag: String,
        /// Why the normal form failed.
        #[source]
        cause: GroupError,
    },
}

/// A direction set typed as text (`"1,0 0,1 1,2 2,1"`, FORMATS.md), checked as a
/// board's directions are ([`super::check_directions`]), with its normal form. `flag`
/// names the option or argument in errors.
pub fn typed(flag: &str, text: &str) -> Result<(Vec<Vec<i64>>, Normal), SetError> {
    let dirs = super::builtin::parse_vectors(flag, text).map_err(SetError::Parse)?;
    let d = dirs.first().map_or(0, Vec::len);
    super::check_directions(&dirs, d).map_err(|cause| SetError::Directions {
        flag: flag.into(),
        cause,
    })?;
    let nf = normal_form(&dirs).map_err(|cause| SetError::Span {
        flag: flag.into(),
        cause,
    })?;
    Ok((dirs, nf))
}

/// One lattice of a scan: the least Hermite form of its orbit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The lattice.
    pub lattice: Lattice,
    /// Lattices in its orbit under the symmetries of the directions.
    pub orbit: usize,
}

/// The largest index a listing of lattices takes: the most cells a searched board may
/// have (the pairing search's bound, `pairing::search::MAX_CELLS`, is this number).
pub const MAX_INDEX: usize = 4096;

/// Why a largest index was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--max-index {0}: expected at most {MAX_INDEX}, the most cells a searched board may have")]
pub struct IndexError(pub usize);

/// Refuses a largest index beyond [`MAX_INDEX`], before any lattice of it is listed.
///
/// *Errors*: [`IndexError`] when `max_index > MAX_INDEX`.
pub fn check_max_index(max_index: usize) -> Result<(), IndexError> {
    if max_index > MAX_INDEX {
        return Err(IndexError(max_index));
    }
    Ok(())
}

/// The lattices of index `min_index..=max_index` on which every direction has order a
/// multiple of `spacing`, one per orbit of the symmetries of `directions`, by index,
/// then by basis.
///
/// *Complexity*: `O(L · |G| · d³)` for the `L` lattices of those indices (`Σ σ(N)` in
/// the plane, about `N²/1.6` up to `N`).
pub fn candidates(
    directions: &[Vec<i64>],
    spacing: usize,
    min_index: usize,
    max_index: usize,
) -> Result<Vec<Candidate>, GroupError> {
    candidates_reporting(directions, spacing, min_index, max_index, &|_, _| {})
}

/// [`candidates`], calling `progress(done, total)` as each index is listed, the indices
/// weighted by their size (a plane has about `n` lattices of index `n`, `n²` in space),
/// so that `done / total` tracks the time: listing every lattice up to index 4,096
/// takes minutes. The indices are listed in parallel; the order of the result does not
/// depend on the threads.
pub fn candidates_reporting(
    directions: &[Vec<i64>],
    spacing: usize,
    min_index: usize,
    max_index: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<Candidate>, GroupError> {
    let d = directions.first().map_or(0, Vec::len);
    let group = symmetries(directions)?;
    // ord(v) divides the index, and must be a multiple of the spacing.
    let indices: Vec<usize> = (min_index.max(1)..=max_index)
        .filter(|i| i % spacing == 0)
        .collect();
    let total: u64 = indices.iter().map(|&i| i as u64).sum();
    let done = std::sync::atomic::AtomicU64::new(0);
    let per_index: Vec<Vec<Candidate>> = indices
        .par_iter()
        .map(|&index| {
            let mut out = Vec::new();
            for l in Lattice::all_of_index(d, index) {
                if directions.iter().any(|v| l.order(v) % spacing != 0) {
                    continue;
                }
                let (least, orbit) = least_image(&l, &group);
                if least == l {
                    out.push(Candidate { lattice: l, orbit });
                }
            }
            let weight = index as u64;
            let now = done.fetch_add(weight, std::sync::atomic::Ordering::Relaxed) + weight;
            progress(now, total);
            out
        })
        .collect();
    Ok(per_index.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::group::apply;

    /// Brute force: is there a matrix with entries in `{−4, …, 4}` mapping `±a` onto
    /// `±b`?
    fn equivalent_brute(a: &[Vec<i64>], b: &[Vec<i64>]) -> bool {
        let norm = |s: &[Vec<i64>]| {
            let mut v: Vec<Vec<i64>> = s.iter().map(|x| sign_normal(x)).collect();
            v.sort();
            v
        };
        let target = norm(b);
        for k in 0..9i64.pow(4) {
            let m: Vec<i64> = (0..4).map(|i| (k / 9i64.pow(i)) % 9 - 4).collect();
            if det(&m, 2).abs() != 1 {
                continue;
            }
            let img: Vec<Vec<i64>> = a.iter().map(|v| apply(&m, v)).collect();
            if norm(&img) == target {
                return true;
            }
        }
        false
    }

    #[test]
    fn the_normal_form_is_an_image_and_an_invariant() {
        let sets = classes_in_box(2, 2, 4);
        let all: Vec<&Vec<Vec<i64>>> = sets.iter().flat_map(|(_, m)| m).collect();
        for (form, members) in &sets {
            for s in members {
                let nf = normal_form(s).unwrap();
                assert_eq!(&nf.form, form);
                let mut img: Vec<Vec<i64>> = s
                    .iter()
                    .map(|v| sign_normal(&apply(&nf.matrix, v)))
                    .collect();
                img.sort();
                assert_eq!(&img, form);
                assert_eq!(det(&nf.matrix, 2).abs(), 1);
            }
        }
        // Different classes are not equivalent, the same class is (brute force over
        // small matrices, which suffices for sets in this box).
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                let same = normal_form(a).unwrap().form == normal_form(b).unwrap().form;
                assert_eq!(same, equivalent_brute(a, b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn three_dimensional_forms_are_invariant() {
        let s = vec![vec![1, 0, 0], vec![0, 1, 0], vec![0, 0, 1], vec![1, 1, 1]];
        let nf = normal_form(&s).unwrap();
        // Images under products of elementary unimodular matrices.
        let elementary = [
            vec![1, 2, 0, 0, 1, 0, 0, 0, 1],
            vec![1, 0, 0, 0, 1, -3, 0, 0, 1],
            vec![0, 1, 0, 1, 0, 0, 0, 0, -1],
            vec![1, 0, 0, 1, 1, 0, 1, 0, 1],
        ];
        let mut t = s.clone();
        for m in elementary.iter().cycle().take(9) {
            t = t.iter().map(|v| apply(m, v)).collect();
            assert_eq!(normal_form(&t).unwrap().form, nf.form);
        }
        // {e1, e2, e3, (1,1,2)} is another game: (1,1,1) is not (1,1,2) in disguise.
        let other = vec![vec![1, 0, 0], vec![0, 1, 0], vec![0, 0, 1], vec![1, 1, 2]];
        assert_ne!(normal_form(&other).unwrap().form, nf.form);
    }

    #[test]
    fn symmetries_of_the_square_set() {
        let sq = [vec![1, 0], vec![1, 1], vec![0, 1], vec![-1, 1]];
        assert_eq!(symmetries(&sq).unwrap().len(), 8);
        let l = Lattice::new(&[vec![8, 8], vec![8, -8]]).unwrap();
        let (least, size) = least_image(&l, &symmetries(&sq).unwrap());
        assert_eq!(size, 1);
        assert_eq!(least, l);
    }
}
