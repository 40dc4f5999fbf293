//! Building a board from its description: the checks a board description must pass
//! (dimensions, directions, lattice, point group) and the derived tables of the module
//! essay (neighbours, lines, jumps, code images), computed once in [`Board::from_def`].

use super::group::{check_group, point_group};
use super::*;

impl Board {
    /// Builds a rectangular torus board from its sides, its line directions and its
    /// point group (`None`: computed), with the tight spacing `p = 2n`.
    pub fn new(
        name: &str,
        dims: Vec<usize>,
        families: Vec<Vec<i64>>,
        group: Option<Vec<Vec<i64>>>,
    ) -> Result<Board, BoardError> {
        if dims.is_empty() || dims.iter().any(|&n| n < 2) {
            return Err(BoardError::Dimension(
                "every side must be at least 2".into(),
            ));
        }
        let spacing = 2 * families.len();
        Board::from_def(BoardDef {
            info: Info {
                name: name.into(),
                tag: name.into(),
                ..Info::default()
            },
            lattice: Lattice::rectangular(&dims)?,
            directions: families,
            spacing,
            point_group: group,
            coarser: None,
        })
    }

    /// Builds a board and all its tables from its description.
    pub fn from_def(def: BoardDef) -> Result<Board, BoardError> {
        let BoardDef {
            info,
            lattice,
            directions: families,
            spacing,
            point_group: given,
            coarser,
        } = def;
        let d = lattice.dim();
        let fam = families.len();
        if fam == 0 || fam > MAX_FAMILIES {
            return Err(BoardError::Family(format!(
                "expected 1 to {MAX_FAMILIES} directions, found {fam}"
            )));
        }
        check_directions(&families, d)?;
        if let Some(v) = families.iter().find(|v| {
            v.iter()
                .any(|x| x.unsigned_abs() > group::MAX_COORDINATE as u64)
        }) {
            return Err(BoardError::Family(format!(
                "direction {} has a coordinate beyond ±{}, the largest a direction may have",
                vector_text(v),
                group::MAX_COORDINATE
            )));
        }
        if spacing < 1 {
            return Err(BoardError::Family(
                "the spacing p = k − 1 must be positive".into(),
            ));
        }
        let order: Vec<usize> = families.iter().map(|v| lattice.order(v)).collect();
        for (v, &o) in families.iter().zip(&order) {
            if o % spacing != 0 {
                return Err(BoardError::Family(format!(
                    "direction {} has order {o} on the lattice {lattice}, not a multiple of \
                     the spacing p = {spacing}: its lines of {o} cells cannot hold dominoes \
                     exactly {spacing} apart",
                    vector_text(v)
                )));
            }
        }
        let group = match given {
            Some(g) => check_group(&lattice, &families, &g)?,
            None => point_group(&lattice, &families)?,
        };
        let ncells = lattice.index();
        let dims = lattice.sides();
        let coords: Vec<Vec<i64>> = (0..ncells).map(|c| lattice.coords_of(c)).collect();
        let ncodes = 2 * fam;
        let code_vec = |k: usize| -> Vec<i64> {
            let v = &families[k % fam];
            if k < fam {
                v.clone()
            } else {
                v.iter().map(|x| -x).collect()
            }
        };
        let mut neighbor = vec![0usize; ncells * ncodes];
        for c in 0..ncells {
            for k in 0..ncodes {
                let x: Vec<i64> = coords[c]
                    .iter()
                    .zip(code_vec(k))
                    .map(|(a, b)| a + b)
                    .collect();
                neighbor[c * ncodes + k] = lattice.cell_of(&x);
            }
        }
        // Lines: orbits of the translation by v_f, numbered by family then smallest cell.
        let mut lines = Vec::new();
        let mut line_of_cell = vec![usize::MAX; fam * ncells];
        let mut jump = vec![0usize; fam * ncells];
        for f in 0..fam {
            for start in 0..ncells {
                if line_of_cell[f * ncells + start] != usize::MAX {
                    continue;
                }
                let id = lines.len();
                let mut cells = vec![start];
                line_of_cell[f * ncells + start] = id;
                let mut c = neighbor[start * ncodes + f];
                while c != start {
                    line_of_cell[f * ncells + c] = id;
                    cells.push(c);
                    c = neighbor[c * ncodes + f];
                }
                for (i, &c) in cells.iter().enumerate() {
                    jump[f * ncells + c] = cells[(i + spacing) % cells.len()];
                }
                lines.push(Line { family: f, cells });
            }
        }
        let code_of = |v: &[i64]| (0..ncodes).find(|&k| code_vec(k) == v);
        let mut mcode = Vec::with_capacity(group.len() * ncodes);
        for m in &group {
            for k in 0..ncodes {
                let c = code_of(&apply(m, &code_vec(k))).expect("the group preserves ±S");
                mcode.push(c as u8);
            }
        }
        let identity = group::identity(d);
        let inverse: Vec<usize> = group
            .iter()
            .map(|m| {
                group
                    .iter()
                    .position(|n| group::multiply(m, n, d) == identity)
                    .expect("a group has inverses")
            })
            .collect();
        let square_game = families == [[1, 0], [1, 1], [0, 1], [-1, 1]] && group.len() == 8;
        let fast = if square_game && lattice == Lattice::rectangular(&[8, 8]).expect("8×8") {
            Some(FastPath::Square8)
        } else if square_game
            && lattice == Lattice::new(&[vec![16, 0], vec![8, 8]]).expect("a lattice")
        {
            Some(FastPath::Square16)
        } else {
            None
        };
        Ok(Board {
            info,
            lattice,
            dims,
            spacing,
            families,
            group,
            ncells,
            coords,
            neighbor,
            lines,
            line_of_cell,
            order,
            jump,
            mcode,
            inverse,
            pull: OnceLock::new(),
            fast,
            coarser,
        })
    }
}

/// Checks a set of directions as a board needs them: each of `d` coordinates,
/// primitive, and no two equal up to sign. (Whether they span `R^d` is the point
/// group's concern, [`group::point_group`].)
pub fn check_directions(directions: &[Vec<i64>], d: usize) -> Result<(), BoardError> {
    for (i, v) in directions.iter().enumerate() {
        if v.len() != d {
            return Err(BoardError::Dimension(format!(
                "direction {} has {} coordinates, expected {d} (the lattice's dimension)",
                vector_text(v),
                v.len()
            )));
        }
        // In u64: the magnitude of i64::MIN is 2^63.
        let g = v.iter().fold(0u64, |g, &x| gcd_u64(g, x.unsigned_abs()));
        if g != 1 {
            return Err(BoardError::Family(if g == 0 {
                "the direction (0…) is zero".to_string()
            } else {
                format!(
                    "direction {} is not primitive (its coordinates have the common \
                     factor {g}); use {}",
                    vector_text(v),
                    vector_text(&v.iter().map(|x| x / g as i64).collect::<Vec<_>>())
                )
            }));
        }
        // The negative of a coordinate i64::MIN is no i64: no direction equals it.
        let neg: Option<Vec<i64>> = v.iter().map(|x| x.checked_neg()).collect();
        if let Some(w) = directions[..i]
            .iter()
            .find(|w| **w == *v || Some(*w) == neg.as_ref())
        {
            return Err(BoardError::Family(format!(
                "direction {} repeats {} (a direction and its opposite are one direction)",
                vector_text(v),
                vector_text(w)
            )));
        }
    }
    Ok(())
}

/// Greatest common divisor of magnitudes.
fn gcd_u64(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd_u64(b, a % b) }
}
