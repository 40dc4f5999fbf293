//! The point group of a board, computed from its lattice and directions
//! (docs/spec.md §8).
//!
//! The symmetries of a periodic board are the maps `x ↦ M·x + t`: `t` any translation
//! of `Z^d / Λ`, and `M` an integer matrix with determinant ±1 that maps the lattice
//! onto itself (`M·Λ = Λ`) and the set of directions onto itself up to sign
//! (`M·{±v} = {±v}`). Those `M` form the *point group*; this module finds all of them,
//! so that no board lists its symmetries by hand.
//!
//! # How
//!
//! When the directions span `R^d`, a matrix is fixed by the images of `d` linearly
//! independent directions `u_1 … u_d` (the first such in the given order), and each
//! image must be one of the `2n` signed directions. So every candidate is
//! `M = W · U⁻¹` for a choice `W = (w_1 … w_d)` of images: `(2n)^d` choices (at most
//! 17,576 for 13 directions in space). A candidate is kept when it is integral,
//! has determinant ±1, maps every signed direction to a signed direction, and maps
//! each basis vector of `Λ` into `Λ` (with determinant ±1 that makes `M·Λ = Λ`).
//!
//! Matrices are row-major `d × d` and act on column vectors. The group is returned
//! identity first, then in lexicographic order of the entries read from the last to
//! the first (the order a plain count over matrices with entries −1, 0, 1 gives).

use super::lattice::{Lattice, vector_text};

/// A row-major `d × d` integer matrix.
pub type Matrix = Vec<i64>;

/// Why a point group could not be built or accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GroupError {
    /// The directions do not span the space: the point group would be infinite.
    #[error(
        "the directions span only {rank} of {d} dimensions: the board's point group is \
         infinite; give the point group explicitly"
    )]
    Rank {
        /// Rank of the direction set.
        rank: usize,
        /// Dimension.
        d: usize,
    },
    /// A given matrix is not a symmetry of the board.
    #[error("point-group matrix {index} {matrix:?} {why}")]
    NotASymmetry {
        /// Its position in the given list (0-based).
        index: usize,
        /// The matrix.
        matrix: Matrix,
        /// What it fails.
        why: String,
    },
    /// The given matrices are not a group.
    #[error("the point group {0}")]
    NotAGroup(String),
    /// A direction or a matrix entry is beyond [`MAX_COORDINATE`].
    #[error(
        "{0} has a coordinate beyond ±{MAX_COORDINATE}, the largest a direction or a \
         point-group matrix may have"
    )]
    Coordinate(String),
    /// Directions of no dimension amoba handles, or of unequal lengths.
    #[error("expected directions of 1, 2 or 3 coordinates each, all of one length")]
    Dimension,
}

/// The largest coordinate (in absolute value) of a direction, and of an entry of a
/// point-group matrix given in a board file. Within it every product this module and
/// [`super::directions`] form fits in 64 bits: a determinant of three directions is at
/// most `6 · 512³ < 2^30`, so is an entry of a candidate matrix `W · adj(U) / det U`,
/// and a product of two such matrices stays below `3 · 2^60`.
pub const MAX_COORDINATE: i64 = 512;

/// Refuses directions with a coordinate beyond [`MAX_COORDINATE`].
pub fn check_coordinates(directions: &[Vec<i64>]) -> Result<(), GroupError> {
    match directions
        .iter()
        .find(|v| v.iter().any(|x| x.unsigned_abs() > MAX_COORDINATE as u64))
    {
        Some(v) => Err(GroupError::Coordinate(format!(
            "the direction {}",
            vector_text(v)
        ))),
        None => Ok(()),
    }
}

/// `M·v`.
pub fn apply(m: &[i64], v: &[i64]) -> Vec<i64> {
    let d = v.len();
    (0..d)
        .map(|r| (0..d).map(|c| m[r * d + c] * v[c]).sum())
        .collect()
}

/// `A·B`.
pub fn multiply(a: &[i64], b: &[i64], d: usize) -> Matrix {
    (0..d * d)
        .map(|i| (0..d).map(|k| a[(i / d) * d + k] * b[k * d + i % d]).sum())
        .collect()
}

/// The identity of dimension `d`.
pub fn identity(d: usize) -> Matrix {
    (0..d * d).map(|i| i64::from(i / d == i % d)).collect()
}

/// Determinant of a `d × d` matrix, `d ≤ 3`, of entries within the coordinate limits
/// of directions and lattices (so that it fits in 64 bits; `det_wide` is exact for
/// any entries below `2^40`).
///
/// # Panics
///
/// When the determinant does not fit in 64 bits, which entries within the limits
/// never give.
pub fn det(m: &[i64], d: usize) -> i64 {
    i64::try_from(det_wide(m, d)).expect("entries within the limits of a board")
}

/// The adjugate (`adj(M)·M = det(M)·I`) of a `d × d` matrix, `d ≤ 3`.
pub fn adjugate(m: &[i64], d: usize) -> Matrix {
    match d {
        1 => vec![1],
        2 => vec![m[3], -m[1], -m[2], m[0]],
        _ => {
            let c = |r: usize, k: usize| {
                // Cofactor of entry (r, k).
                let rows: Vec<usize> = (0..3).filter(|&i| i != r).collect();
                let cols: Vec<usize> = (0..3).filter(|&i| i != k).collect();
                let minor = m[rows[0] * 3 + cols[0]] * m[rows[1] * 3 + cols[1]]
                    - m[rows[0] * 3 + cols[1]] * m[rows[1] * 3 + cols[0]];
                if (r + k).is_multiple_of(2) {
                    minor
                } else {
                    -minor
                }
            };
            // adj = transpose of the cofactor matrix.
            (0..9).map(|i| c(i % 3, i / 3)).collect()
        }
    }
}

/// The signed directions `±v_f`.
pub fn signed(directions: &[Vec<i64>]) -> Vec<Vec<i64>> {
    directions
        .iter()
        .cloned()
        .chain(directions.iter().map(|v| v.iter().map(|x| -x).collect()))
        .collect()
}

/// Determinant of a `d × d` matrix, `d ≤ 3`, in 128 bits: exact for entries below
/// `2^40`, which every candidate of [`point_group`] has.
fn det_wide(m: &[i64], d: usize) -> i128 {
    let m = |i: usize| i128::from(m[i]);
    match d {
        1 => m(0),
        2 => m(0) * m(3) - m(1) * m(2),
        _ => {
            m(0) * (m(4) * m(8) - m(5) * m(7)) - m(1) * (m(3) * m(8) - m(5) * m(6))
                + m(2) * (m(3) * m(7) - m(4) * m(6))
        }
    }
}

/// Why `m` is not a symmetry of the board, if it is not.
fn check(m: &[i64], lattice: &Lattice, signed: &[Vec<i64>]) -> Option<String> {
    let d = lattice.dim();
    if m.len() != d * d {
        return Some(format!("does not have {} entries", d * d));
    }
    if m.iter().any(|x| x.unsigned_abs() >= 1 << 40) {
        return Some("has an entry of 2^40 or more".into());
    }
    if det_wide(m, d).abs() != 1 {
        return Some("does not have determinant ±1".into());
    }
    if let Some(v) = signed.iter().find(|v| !signed.contains(&apply(m, v))) {
        return Some(format!(
            "maps the direction {} to {}, which is not a direction of the board",
            vector_text(v),
            vector_text(&apply(m, v))
        ));
    }
    if let Some(b) = lattice
        .basis()
        .iter()
        .find(|b| !lattice.contains(&apply(m, b)))
    {
        return Some(format!(
            "maps the lattice vector {} to {}, which is not in the lattice",
            vector_text(b),
            vector_text(&apply(m, b))
        ));
    }
    None
}

/// Sorts a group: identity first, then by the entries read from last to first.
fn sort_group(group: &mut [Matrix], d: usize) {
    let id = identity(d);
    group.sort_by(|a, b| {
        (*a != id)
            .cmp(&(*b != id))
            .then_with(|| a.iter().rev().cmp(b.iter().rev()))
    });
}

/// Every matrix of the point group of the board `(lattice, directions)`.
///
/// *Returns* the group, identity first (module docs), or [`GroupError::Rank`] when
/// the directions do not span the space.
///
/// *Complexity*: `O((2n)^d · (n + d) · d²)`.
///
/// ```
/// use amoba::core::board::{group::point_group, lattice::Lattice};
/// let square = [vec![1, 0], vec![1, 1], vec![0, 1], vec![-1, 1]];
/// let l = Lattice::new(&[vec![8, 8], vec![8, -8]]).unwrap();
/// assert_eq!(point_group(&l, &square).unwrap().len(), 8);
/// ```
pub fn point_group(lattice: &Lattice, directions: &[Vec<i64>]) -> Result<Vec<Matrix>, GroupError> {
    check_coordinates(directions)?;
    let d = lattice.dim();
    // The first d linearly independent directions, as the columns of U.
    let mut chosen: Vec<usize> = Vec::new();
    for (i, v) in directions.iter().enumerate() {
        let mut trial: Vec<&Vec<i64>> = chosen.iter().map(|&j| &directions[j]).collect();
        trial.push(v);
        if rank(&trial, d) == trial.len() {
            chosen.push(i);
        }
        if chosen.len() == d {
            break;
        }
    }
    if chosen.len() < d {
        return Err(GroupError::Rank {
            rank: chosen.len(),
            d,
        });
    }
    let mut u = vec![0i64; d * d];
    for (col, &j) in chosen.iter().enumerate() {
        for r in 0..d {
            u[r * d + col] = directions[j][r];
        }
    }
    let du = det(&u, d);
    let adj = adjugate(&u, d);
    let signed = signed(directions);
    let mut group = Vec::new();
    let total = signed.len().pow(d as u32);
    for mut n in 0..total {
        let mut w = vec![0i64; d * d];
        for col in 0..d {
            let img = &signed[n % signed.len()];
            n /= signed.len();
            for r in 0..d {
                w[r * d + col] = img[r];
            }
        }
        // M = W·U⁻¹ = W·adj(U) / det(U), when integral.
        let num = multiply(&w, &adj, d);
        if num.iter().any(|x| x % du != 0) {
            continue;
        }
        let m: Matrix = num.iter().map(|x| x / du).collect();
        if check(&m, lattice, &signed).is_none() && !group.contains(&m) {
            group.push(m);
        }
    }
    sort_group(&mut group, d);
    Ok(group)
}

/// Checks a point group given explicitly (a subgroup, as for the hexagonal board of
/// the published work): every matrix must be a symmetry, the identity must be among
/// them, and they must be closed under composition. *Returns* the group sorted as
/// [`point_group`] sorts it.
pub fn check_group(
    lattice: &Lattice,
    directions: &[Vec<i64>],
    given: &[Matrix],
) -> Result<Vec<Matrix>, GroupError> {
    check_coordinates(directions)?;
    let d = lattice.dim();
    if let Some(m) = given
        .iter()
        .find(|m| m.iter().any(|x| x.unsigned_abs() > MAX_COORDINATE as u64))
    {
        return Err(GroupError::Coordinate(format!("the matrix {m:?}")));
    }
    let signed = signed(directions);
    for (index, m) in given.iter().enumerate() {
        if let Some(why) = check(m, lattice, &signed) {
            return Err(GroupError::NotASymmetry {
                index,
                matrix: m.clone(),
                why,
            });
        }
    }
    let mut group: Vec<Matrix> = Vec::new();
    for m in given {
        if !group.contains(m) {
            group.push(m.clone());
        }
    }
    if !group.contains(&identity(d)) {
        return Err(GroupError::NotAGroup(
            "does not contain the identity".into(),
        ));
    }
    for a in &group {
        for b in &group {
            let ab = multiply(a, b, d);
            if !group.contains(&ab) {
                return Err(GroupError::NotAGroup(format!(
                    "is not closed: {a:?}·{b:?} = {ab:?} is missing"
                )));
            }
        }
    }
    sort_group(&mut group, d);
    Ok(group)
}

/// Rank of a set of integer vectors of dimension `d ≤ 3` (by fraction-free
/// elimination).
pub fn rank(vectors: &[&Vec<i64>], d: usize) -> usize {
    let mut rows: Vec<Vec<i128>> = vectors
        .iter()
        .map(|v| v.iter().map(|&x| x as i128).collect())
        .collect();
    let mut r = 0;
    for col in 0..d {
        let Some(p) = (r..rows.len()).find(|&i| rows[i][col] != 0) else {
            continue;
        };
        rows.swap(r, p);
        for i in 0..rows.len() {
            if i != r && rows[i][col] != 0 {
                let (a, b) = (rows[r][col], rows[i][col]);
                let pivot = rows[r].clone();
                for (x, y) in rows[i].iter_mut().zip(&pivot) {
                    *x = *x * a - y * b;
                }
            }
        }
        r += 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Vec<Vec<i64>> {
        vec![vec![1, 0], vec![1, 1], vec![0, 1], vec![-1, 1]]
    }

    #[test]
    fn the_known_point_groups() {
        let torus8 = Lattice::rectangular(&[8, 8]).unwrap();
        let g = point_group(&torus8, &square()).unwrap();
        assert_eq!(g.len(), 8);
        assert_eq!(g[0], identity(2));
        let hex = vec![vec![1, 0], vec![1, 1], vec![0, 1]];
        let torus6 = Lattice::rectangular(&[6, 6]).unwrap();
        assert_eq!(point_group(&torus6, &hex).unwrap().len(), 12);
        let cube = vec![vec![1, 0, 0], vec![0, 1, 0], vec![0, 0, 1]];
        let torus666 = Lattice::rectangular(&[6, 6, 6]).unwrap();
        assert_eq!(point_group(&torus666, &cube).unwrap().len(), 48);
        let line = Lattice::rectangular(&[2]).unwrap();
        assert_eq!(point_group(&line, &[vec![1]]).unwrap().len(), 2);
        // {E, S, (1,2), (2,1)}: the swap and −1 and their product.
        let knight = vec![vec![1, 0], vec![0, 1], vec![1, 2], vec![2, 1]];
        assert_eq!(point_group(&torus8, &knight).unwrap().len(), 4);
    }

    #[test]
    fn the_lattice_restricts_the_group() {
        // On a 4×8 torus the quarter turn does not preserve the lattice.
        let l = Lattice::rectangular(&[4, 8]).unwrap();
        assert_eq!(point_group(&l, &square()).unwrap().len(), 4);
        let l16 = Lattice::new(&[vec![8, 8], vec![8, -8]]).unwrap();
        assert_eq!(point_group(&l16, &square()).unwrap().len(), 8);
    }

    #[test]
    fn explicit_groups_are_checked() {
        let l = Lattice::rectangular(&[8, 8]).unwrap();
        let quarter = vec![0, -1, 1, 0];
        assert!(matches!(
            check_group(&l, &square(), &[identity(2), quarter.clone()]),
            Err(GroupError::NotAGroup(_))
        ));
        assert!(matches!(
            check_group(&l, &square(), &[identity(2), vec![1, 1, 0, 1]]),
            Err(GroupError::NotASymmetry { index: 1, .. })
        ));
        let one = vec![vec![1, 0]];
        assert_eq!(
            point_group(&l, &one),
            Err(GroupError::Rank { rank: 1, d: 2 })
        );
    }
}
