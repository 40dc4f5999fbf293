//! Period lattices: the `Λ` of a periodic board `Z^d / Λ` (docs/spec.md §8).
//!
//! A board is the grid `Z^d` (`d ≤ 3`) taken modulo a full-rank sublattice `Λ`, its
//! *period lattice*. Many bases give the same lattice; this module keeps the one
//! normal form, the lower-triangular **Hermite normal form** (HNF), so that two
//! descriptions of a board are the same board exactly when their lattices are equal.
//!
//! # The normal form
//!
//! The basis vectors are rows `b_0, …, b_{d−1}` with
//!
//! * `b_i[j] = 0` for `j > i` (lower triangular),
//! * `b_i[i] > 0` (the *sides* `s_i = b_i[i]`),
//! * `0 ≤ b_i[j] < s_j` for `j < i` (reduced).
//!
//! In the plane that is `(a, 0), (b, c)` with `0 ≤ b < a`; the 8×8 torus is
//! `(8, 0), (0, 8)` and the 16-toroidal lattice `⟨(8, 8), (8, −8)⟩` is `(16, 0), (8, 8)`.
//! [`Lattice::new`] computes it from any basis by unimodular row operations (Euclid on
//! each column from the last one down, then reduction of the entries left of the
//! diagonal).
//!
//! # Cells
//!
//! The *fundamental domain* is the box `0 ≤ x_i < s_i`; it holds exactly one point of
//! every coset of `Λ`, so its `s_0 · s_1 ⋯` points are the cells of the board. A point
//! is reduced into the box by subtracting multiples of `b_{d−1}`, then `b_{d−2}`, …,
//! then `b_0` ([`Lattice::reduce`]): `b_i` has zeros after coordinate `i`, so
//! reducing coordinate `i` leaves the coordinates after it alone. The cell index of
//! `(x_0, x_1, x_2)` is `x_0 + s_0·(x_1 + s_1·x_2)`: the first coordinate runs fastest,
//! so on the 8×8 torus cell `(x, y)` is `8y + x`, as in the one-line text form.
//!
//! *Complexity*: `O(d²)` to reduce a point; `O(d³ log max|entry|)` for the normal
//! form.

use std::fmt;

/// Why a lattice description was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LatticeError {
    /// Wrong number of vectors or coordinates.
    #[error("expected {expected}, found {found}")]
    Shape {
        /// What was expected.
        expected: String,
        /// What was found.
        found: String,
    },
    /// The vectors do not span a full-rank lattice.
    #[error("the basis vectors {0} are linearly dependent (the lattice is degenerate)")]
    Singular(String),
    /// The board would be too large to tabulate.
    #[error("the lattice has index {0}, more than the {1} cells a board may have")]
    TooLarge(u128, usize),
    /// The normal form's arithmetic left the range of 128-bit integers (the index is
    /// then far beyond [`MAX_CELLS`]).
    #[error(
        "the basis {0} is too large: its normal form overflows 128-bit arithmetic (a \
         board has at most {MAX_CELLS} cells)"
    )]
    Overflow(String),
}

/// The most cells a board may have (its tables are indexed by `u16`... and its
/// searches must stay within memory).
pub const MAX_CELLS: usize = 1 << 15;

/// A full-rank sublattice of `Z^d`, `1 ≤ d ≤ 3`, kept in Hermite normal form.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lattice {
    basis: Vec<Vec<i64>>,
}

impl fmt::Debug for Lattice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lattice{}", self)
    }
}

impl fmt::Display for Lattice {
    /// `⟨(16,0), (8,8)⟩`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = self.basis.iter().map(|r| vector_text(r)).collect();
        write!(f, "⟨{}⟩", rows.join(", "))
    }
}

/// `(8,-8)`.
pub fn vector_text(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("({})", parts.join(","))
}

impl Lattice {
    /// The lattice spanned by `basis` (`d` vectors of `d` integers, any basis).
    ///
    /// ```
    /// use amoba::core::board::lattice::Lattice;
    /// let l = Lattice::new(&[vec![8, 8], vec![8, -8]]).unwrap();
    /// assert_eq!(l.basis(), &[vec![16, 0], vec![8, 8]]);
    /// assert_eq!(l.index(), 128);
    /// ```
    pub fn new(basis: &[Vec<i64>]) -> Result<Lattice, LatticeError> {
        let rows = hermite(basis)?;
        let d = rows.len();
        // The sides are positive; their product is the index. Checked: a wrapped
        // product (2^62 · 2^62 · 16 is 0 modulo 2^128) would pass for a small board.
        let index = (0..d)
            .try_fold(1i128, |p, i| p.checked_mul(rows[i][i]))
            .ok_or_else(|| overflow(basis))?;
        if index > MAX_CELLS as i128 {
            return Err(LatticeError::TooLarge(index as u128, MAX_CELLS));
        }
        Ok(Lattice {
            basis: rows
                .iter()
                .map(|r| r.iter().map(|&x| x as i64).collect())
                .collect(),
        })
    }

    /// The Hermite normal form of `basis` as [`Lattice::new`] computes it, for a
    /// lattice of any index (not only a board's): its rows, or why not.
    pub fn hermite_basis(basis: &[Vec<i64>]) -> Result<Vec<Vec<i64>>, LatticeError> {
        hermite(basis)?
            .iter()
            .map(|r| r.iter().map(|&x| i64::try_from(x).ok()).collect())
            .collect::<Option<Vec<Vec<i64>>>>()
            .ok_or_else(|| overflow(basis))
    }
    /// The rectangular lattice `diag(sides)`: the torus `Z/s_0 × Z/s_1 × …`.
    pub fn rectangular(sides: &[usize]) -> Result<Lattice, LatticeError> {
        let d = sides.len();
        if let Some(&s) = sides.iter().find(|&&s| s > MAX_CELLS) {
            return Err(LatticeError::TooLarge(s as u128, MAX_CELLS));
        }
        let basis: Vec<Vec<i64>> = (0..d)
            .map(|i| {
                (0..d)
                    .map(|j| if i == j { sides[i] as i64 } else { 0 })
                    .collect()
            })
            .collect();
        Lattice::new(&basis)
    }

    /// Dimension `d`.
    pub fn dim(&self) -> usize {
        self.basis.len()
    }

    /// The basis in Hermite normal form (module docs).
    pub fn basis(&self) -> &[Vec<i64>] {
        &self.basis
    }

    /// The sides `s_i = b_i[i]` of the fundamental domain.
    pub fn sides(&self) -> Vec<usize> {
        (0..self.dim()).map(|i| self.basis[i][i] as usize).collect()
    }

    /// Is this the rectangular lattice of its sides (a plain torus)?
    pub fn is_rectangular(&self) -> bool {
        (0..self.dim()).all(|i| (0..i).all(|j| self.basis[i][j] == 0))
    }

    /// The index `[Z^d : Λ]`: the number of cells.
    pub fn index(&self) -> usize {
        self.sides().iter().product()
    }

    /// Reduces `x` into the fundamental domain, in place.
    ///
    /// Any point of `Z^d` is accepted: coordinates of `2^31` or more in absolute value
    /// are first taken modulo the index `N` (`N·e_i` lies in the lattice), so that the
    /// products below stay far inside `i64` (the sides are at most [`MAX_CELLS`]).
    #[inline]
    pub fn reduce(&self, x: &mut [i64]) {
        if x.iter().any(|v| v.unsigned_abs() >= 1 << 31) {
            let n = self.index() as i64;
            x.iter_mut().for_each(|v| *v = v.rem_euclid(n));
        }
        for i in (0..self.dim()).rev() {
            let q = x[i].div_euclid(self.basis[i][i]);
            if q != 0 {
                for (xj, bj) in x.iter_mut().zip(&self.basis[i]).take(i + 1) {
                    *xj -= q * bj;
                }
            }
        }
    }

    /// The cell index of the point `x` (any point of `Z^d`).
    #[inline]
    pub fn cell_of(&self, x: &[i64]) -> usize {
        let d = self.dim();
        let mut p = [0i64; 3];
        p[..d].copy_from_slice(&x[..d]);
        self.reduce(&mut p[..d]);
        let mut idx = 0usize;
        for i in (0..d).rev() {
            idx = idx * self.basis[i][i] as usize + p[i] as usize;
        }
        idx
    }

    /// The coordinates of cell `c` in the fundamental domain.
    pub fn coords_of(&self, mut c: usize) -> Vec<i64> {
        self.sides()
            .iter()
            .map(|&s| {
                let x = c % s;
                c /= s;
                x as i64
            })
            .collect()
    }

    /// Does `x` lie in the lattice?
    pub fn contains(&self, x: &[i64]) -> bool {
        let mut p = x.to_vec();
        self.reduce(&mut p);
        p.iter().all(|&v| v == 0)
    }

    /// The order of `v` in `Z^d / Λ`: the least `t > 0` with `t·v ∈ Λ`.
    pub fn order(&self, v: &[i64]) -> usize {
        // Reduced first, so that the sums below stay small; the loop ends after at
        // most `index` steps.
        let mut v = v.to_vec();
        self.reduce(&mut v);
        let mut p = v.clone();
        let mut t = 1;
        while p.iter().any(|&x| x != 0) {
            for (pi, vi) in p.iter_mut().zip(&v) {
                *pi += vi;
            }
            self.reduce(&mut p);
            t += 1;
        }
        t
    }

    /// The image `M·Λ` of the lattice under the integer matrix `m` (row-major
    /// `d × d`, acting on column vectors).
    pub fn image(&self, m: &[i64]) -> Lattice {
        let d = self.dim();
        let rows: Vec<Vec<i64>> = self
            .basis
            .iter()
            .map(|b| {
                (0..d)
                    .map(|r| (0..d).map(|c| m[r * d + c] * b[c]).sum())
                    .collect()
            })
            .collect();
        Lattice::new(&rows).expect("an invertible image of a lattice is a lattice")
    }

    /// The lattice periods along the axes: the least `t` with `t·e_i ∈ Λ`, per axis.
    pub fn axis_periods(&self) -> Vec<usize> {
        let d = self.dim();
        (0..d)
            .map(|i| {
                let e: Vec<i64> = (0..d).map(|j| i64::from(i == j)).collect();
                self.order(&e)
            })
            .collect()
    }

    /// Every lattice of `Z^d` of index `n`, in Hermite normal form, in lexicographic
    /// order of their bases.
    ///
    /// *Complexity*: `O(σ(n))` lattices in the plane (`σ` the divisor sum), `O(n² ·
    /// τ(n))`-ish in space.
    pub fn all_of_index(d: usize, n: usize) -> Vec<Lattice> {
        let mut out = Vec::new();
        let divisors = |m: usize| (1..=m).filter(move |k| m.is_multiple_of(*k));
        match d {
            1 => out.push(vec![vec![n as i64]]),
            2 => {
                for a in divisors(n) {
                    let c = n / a;
                    for b in 0..a {
                        out.push(vec![vec![a as i64, 0], vec![b as i64, c as i64]]);
                    }
                }
            }
            3 => {
                for a in divisors(n) {
                    for c in divisors(n / a) {
                        let f = n / a / c;
                        for b in 0..a {
                            for dd in 0..a {
                                for e in 0..c {
                                    out.push(vec![
                                        vec![a as i64, 0, 0],
                                        vec![b as i64, c as i64, 0],
                                        vec![dd as i64, e as i64, f as i64],
                                    ]);
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        let mut lattices: Vec<Lattice> = out.into_iter().map(|basis| Lattice { basis }).collect();
        lattices.sort();
        lattices
    }
}

/// The overflow error of `basis`.
fn overflow(basis: &[Vec<i64>]) -> LatticeError {
    LatticeError::Overflow(
        basis
            .iter()
            .map(|v| vector_text(v))
            .collect::<Vec<_>>()
            .join(", "),
    )
}

/// The Hermite normal form of `basis` (module docs), in 128-bit arithmetic that is
/// checked at every step.
fn hermite(basis: &[Vec<i64>]) -> Result<Vec<Vec<i128>>, LatticeError> {
    let d = basis.len();

    if !(1..=3).contains(&d) {
        return Err(LatticeError::Shape {
            expected: "1, 2 or 3 basis vectors".into(),
            found: format!("{d}"),
        });
    }
    if let Some(v) = basis.iter().find(|v| v.len() != d) {
        return Err(LatticeError::Shape {
            expected: format!("{d} coordinates in every basis vector"),
            found: format!("{} in {}", v.len(), vector_text(v)),
        });
    }
    let overflow = || overflow(basis);
    let singular = || {
        LatticeError::Singular(
            basis
                .iter()
                .map(|v| vector_text(v))
                .collect::<Vec<_>>()
                .join(", "),
        )
    };
    let mut rows: Vec<Vec<i128>> = basis
        .iter()
        .map(|v| v.iter().map(|&x| x as i128).collect())
        .collect();
    for col in (0..d).rev() {
        // Euclid on column `col` among rows 0..=col: all but row `col` become 0.
        loop {
            let pivot = (0..=col)
                .filter(|&r| rows[r][col] != 0)
                .min_by_key(|&r| rows[r][col].unsigned_abs())
                .ok_or_else(singular)?;
            rows.swap(pivot, col);
            let mut done = true;
            for r in 0..col {
                let q = rows[r][col]
                    .checked_div_euclid(rows[col][col])
                    .ok_or_else(overflow)?;
                if q != 0 {
                    let (head, tail) = rows.split_at_mut(col);
                    for (x, y) in head[r].iter_mut().zip(&tail[0]) {
                        *x = q
                            .checked_mul(*y)
                            .and_then(|qy| x.checked_sub(qy))
                            .ok_or_else(overflow)?;
                    }
                }
                if rows[r][col] != 0 {
                    done = false;
                }
            }
            if done {
                break;
            }
        }
        if rows[col][col] < 0 {
            for x in rows[col].iter_mut() {
                *x = x.checked_neg().ok_or_else(overflow)?;
            }
        }
    }
    // Reduce the entries left of the diagonal, column by column from the right.
    for i in 0..d {
        for j in (0..i).rev() {
            let q = rows[i][j].div_euclid(rows[j][j]);
            if q != 0 {
                let (head, tail) = rows.split_at_mut(i);
                for (x, y) in tail[0].iter_mut().zip(&head[j]) {
                    *x = q
                        .checked_mul(*y)
                        .and_then(|qy| x.checked_sub(qy))
                        .ok_or_else(overflow)?;
                }
            }
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_form_of_the_16_toroidal_lattice() {
        let l = Lattice::new(&[vec![8, 8], vec![8, -8]]).unwrap();
        assert_eq!(l.basis(), &[vec![16, 0], vec![8, 8]]);
        assert_eq!(l.sides(), [16, 8]);
        assert!(!l.is_rectangular());
        // (x, y + 8) is the cell (x + 8 mod 16, y).
        assert_eq!(l.cell_of(&[3, 9]), l.cell_of(&[11, 1]));
        assert_eq!(l.cell_of(&[3, 9]), 16 + 11);
        assert_eq!(l.order(&[1, 0]), 16);
        assert_eq!(l.order(&[0, 1]), 16);
        assert_eq!(l.order(&[1, 1]), 8);
        assert_eq!(l.order(&[-1, 1]), 8);
        assert_eq!(l.axis_periods(), [16, 16]);
        assert!(l.contains(&[8, -8]) && !l.contains(&[8, 0]));
    }

    #[test]
    fn any_basis_of_the_same_lattice_gives_the_same_form() {
        let a = Lattice::new(&[vec![8, 8], vec![8, -8]]).unwrap();
        let b = Lattice::new(&[vec![24, 8], vec![-16, 0]]).unwrap();
        assert_eq!(a, b);
        let c = Lattice::new(&[vec![2, 3, 1], vec![0, 4, 4], vec![6, 0, 5]]).unwrap();
        for v in [[2, 3, 1], [0, 4, 4], [6, 0, 5]] {
            assert!(c.contains(&v));
        }
        // The index is |det|: 2(20-0) - 3(0-24) + 1(0-24) = 40 + 72 - 24 = 88.
        assert_eq!(c.index(), 88);
    }

    #[test]
    fn cells_round_trip_and_degenerate_bases_are_refused() {
        let l = Lattice::new(&[vec![6, 0, 0], vec![2, 3, 0], vec![1, 2, 4]]).unwrap();
        for c in 0..l.index() {
            assert_eq!(l.cell_of(&l.coords_of(c)), c);
        }
        assert!(matches!(
            Lattice::new(&[vec![1, 2], vec![2, 4]]),
            Err(LatticeError::Singular(_))
        ));
        assert!(matches!(
            Lattice::new(&[vec![1, 2]]),
            Err(LatticeError::Shape { .. })
        ));
    }

    #[test]
    fn all_lattices_of_an_index() {
        // σ(6) = 12 lattices of index 6 in the plane, all distinct.
        let ls = Lattice::all_of_index(2, 6);
        assert_eq!(ls.len(), 12);
        assert!(ls.iter().all(|l| Lattice::new(l.basis()).unwrap() == *l));
        // In space: the number of sublattices of index p is p² + p + 1.
        assert_eq!(Lattice::all_of_index(3, 5).len(), 31);
    }
}
