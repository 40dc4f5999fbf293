//! Board geometry: the torus, its direction codes, dominoes, lines and point group.
//!
//! docs/spec.md §2 defines the 8×8 torus of 9-in-a-row; docs/spec.md §7 the other boards of the
//! published work. Every one of them is the same kind of object, so a board is *data*:
//!
//! * a torus `Z/n₀ × Z/n₁ × …` (`dims`), cells numbered row-major with the first
//!   coordinate fastest, so cell `(x, y)` of the 8×8 torus is `y·8 + x` and the
//!   one-line text form (docs/spec.md §3) lists cells in index order;
//! * `F` line *families*, each a direction vector `v_f`. The direction codes are
//!   `f` for `+v_f` and `f + F` for `−v_f`, so a code and its opposite differ by `F`
//!   (for the square board, `F = 4` and the families E, SE, S, SW give exactly the
//!   docs/spec.md §2 codes 0–7);
//! * a *point group*: integer matrices that permute the set `{±v_f}`. Together with
//!   the translations they form the symmetry group of docs/spec.md §4 (512 elements on the
//!   8×8 torus).
//!
//! Derived tables, all computed once in [`Board::new`]:
//!
//! * `neighbor[c·2F + k]` — the cell reached from `c` by code `k`;
//! * `lines` — the lines of each family (orbits of the translation by `v_f`), each
//!   numbered by family, then by smallest cell; [`Board::line_of`] finds the line of a
//!   domino. On the square board (families E, SE, S, SW) this gives rows `0..8` (by
//!   y), diagonals `8..16` (by x−y mod 8), columns `16..24` (by x) and antidiagonals
//!   `24..32` (by x+y mod 8);
//! * a *domino* is named by its family `f` and its *anchor* `a`: it covers `a` and
//!   `a + v_f`, and `a` carries code `f`, `a + v_f` code `f + F`. On the 2-cycle torus
//!   of 3-in-a-row the anchors 0 and 1 cover the same two cells but are different
//!   pairings of the line (`{2k, 2k+1}` versus `{2k+1, 2k+2}`), which is why dominoes
//!   are named by anchor and not by their cell set;
//! * `mcode[m·2F + k]` — the code of `M_m · v_k`: how a point-group element rewrites
//!   codes;
//! * `pull[(m·N + a)·N + i]` — the cell `a + M_m⁻¹ · pos(i)`. For the symmetry
//!   `g(x) = M_m (x − a)`, which sends `a` to the origin, `g⁻¹(i)` is that cell, so the
//!   code of cell `i` in `g(P)` is `mcode[m][P[pull[m][a][i]]]`. Every canonical-form
//!   computation in the crate (docs/spec.md §4) reads images through this table without
//!   building them.
//!
//! Invariants checked by the constructor: every family's lines have the same length,
//! the point group contains the identity (index 0), is closed under composition and
//! maps `{±v_f}` onto itself. Boards of at most [`MAX_SEARCH_CELLS`] cells can be
//! searched by [`crate::search`] (with `u64` bitboards up to 64 cells, 256-bit ones
//! beyond).

pub mod pairing;

use std::fmt;

/// Largest board the bitboard search handles (`crate::search::bits::Wide`; cell indices
/// must also stay below the search's `UNKNOWN` marker 255).
pub const MAX_SEARCH_CELLS: usize = 254;

/// A symmetry `g(x) = M_m · x + t` of the torus: point-group element `m`, translation
/// `t` given as the cell index of the vector `t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symmetry {
    /// Index into [`Board::point_group`].
    pub m: usize,
    /// Cell index of the translation vector.
    pub t: usize,
}

/// One line of the torus.
#[derive(Clone, Debug)]
pub struct Line {
    /// The family (index of the direction vector) the line runs along.
    pub family: usize,
    /// Its cells, starting at the smallest index and stepping by `v_family`.
    pub cells: Vec<usize>,
}

/// A board: torus, line families and point group, with derived lookup tables.
#[derive(Clone)]
pub struct Board {
    name: String,
    dims: Vec<usize>,
    families: Vec<Vec<i64>>,
    group: Vec<Vec<i64>>,
    ncells: usize,
    coords: Vec<Vec<i64>>,
    neighbor: Vec<usize>,
    lines: Vec<Line>,
    line_of_cell: Vec<usize>,
    mcode: Vec<u8>,
    pull: Vec<u16>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("name", &self.name)
            .field("dims", &self.dims)
            .field("families", &self.families)
            .field("group_order", &self.group.len())
            .finish()
    }
}

/// Why a board description was rejected.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardError {
    /// A vector or matrix has the wrong number of coordinates.
    #[error("dimension mismatch: {0}")]
    Dimension(String),
    /// The point group is not a group preserving the directions.
    #[error("bad point group: {0}")]
    Group(String),
    /// No board of that name.
    #[error("{0}")]
    Unknown(String),
    /// Lines of one family have different lengths, or a family is degenerate.
    #[error("bad line family: {0}")]
    Family(String),
}

impl Board {
    /// Builds a board from its torus sides, its line directions and its point group
    /// (`None`: every matrix with entries in {−1, 0, 1} and determinant ±1 that maps
    /// the set of directions `{±v_f}` onto itself).
    pub fn new(
        name: &str,
        dims: Vec<usize>,
        families: Vec<Vec<i64>>,
        group: Option<Vec<Vec<i64>>>,
    ) -> Result<Board, BoardError> {
        let d = dims.len();
        if d == 0 || dims.iter().any(|&n| n < 2) {
            return Err(BoardError::Dimension(
                "every side must be at least 2".into(),
            ));
        }
        if families.is_empty() || families.iter().any(|v| v.len() != d) {
            return Err(BoardError::Dimension(format!(
                "every direction needs {d} coordinates"
            )));
        }
        let ncells: usize = dims.iter().product();
        if ncells > u16::MAX as usize {
            return Err(BoardError::Dimension("board too large".into()));
        }
        let coords: Vec<Vec<i64>> = (0..ncells)
            .map(|mut c| {
                dims.iter()
                    .map(|&n| {
                        let x = c % n;
                        c /= n;
                        x as i64
                    })
                    .collect()
            })
            .collect();
        let fam = families.len();
        let ncodes = 2 * fam;
        let code_vec = |k: usize| -> Vec<i64> {
            let v = &families[k % fam];
            if k < fam {
                v.clone()
            } else {
                v.iter().map(|x| -x).collect()
            }
        };
        let index_of = |x: &[i64]| -> usize {
            let mut idx = 0usize;
            for i in (0..d).rev() {
                let n = dims[i] as i64;
                idx = idx * dims[i] + x[i].rem_euclid(n) as usize;
            }
            idx
        };
        let mut neighbor = vec![0usize; ncells * ncodes];
        for c in 0..ncells {
            for k in 0..ncodes {
                let v = code_vec(k);
                let x: Vec<i64> = coords[c].iter().zip(&v).map(|(a, b)| a + b).collect();
                neighbor[c * ncodes + k] = index_of(&x);
            }
        }
        // Lines: orbits of the translation by v_f, numbered by family then smallest cell.
        let mut lines = Vec::new();
        let mut line_of_cell = vec![usize::MAX; fam * ncells];
        for f in 0..fam {
            let mut len = None;
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
                if cells.len() < 2 {
                    return Err(BoardError::Family(format!("direction {f} is zero")));
                }
                if *len.get_or_insert(cells.len()) != cells.len() {
                    return Err(BoardError::Family(format!(
                        "lines of direction {f} have different lengths"
                    )));
                }
                lines.push(Line { family: f, cells });
            }
        }
        // Point group.
        let code_of = |v: &[i64]| (0..ncodes).find(|&k| code_vec(k) == v);
        let apply = |m: &[i64], v: &[i64]| -> Vec<i64> {
            (0..d)
                .map(|r| (0..d).map(|c| m[r * d + c] * v[c]).sum())
                .collect()
        };
        let identity: Vec<i64> = (0..d * d).map(|i| i64::from(i / d == i % d)).collect();
        let group = match group {
            Some(g) => g,
            None => {
                let mut all = vec![identity.clone()];
                let total = 3usize.pow((d * d) as u32);
                for mut n in 0..total {
                    let m: Vec<i64> = (0..d * d)
                        .map(|_| {
                            let e = (n % 3) as i64 - 1;
                            n /= 3;
                            e
                        })
                        .collect();
                    if m != identity
                        && det(&m, d).abs() == 1
                        && (0..ncodes).all(|k| code_of(&apply(&m, &code_vec(k))).is_some())
                    {
                        all.push(m);
                    }
                }
                all
            }
        };
        if group.first() != Some(&identity) {
            return Err(BoardError::Group("element 0 must be the identity".into()));
        }
        let mut mcode = Vec::with_capacity(group.len() * ncodes);
        for (i, m) in group.iter().enumerate() {
            if m.len() != d * d || det(m, d).abs() != 1 {
                return Err(BoardError::Group(format!("matrix {i} is not invertible")));
            }
            for k in 0..ncodes {
                match code_of(&apply(m, &code_vec(k))) {
                    Some(c) => mcode.push(c as u8),
                    None => {
                        return Err(BoardError::Group(format!(
                            "matrix {i} does not preserve the directions"
                        )));
                    }
                }
            }
        }
        let mul = |a: &[i64], b: &[i64]| -> Vec<i64> {
            (0..d * d)
                .map(|i| (0..d).map(|k| a[(i / d) * d + k] * b[k * d + i % d]).sum())
                .collect()
        };
        for a in &group {
            for b in &group {
                if !group.contains(&mul(a, b)) {
                    return Err(BoardError::Group("not closed under composition".into()));
                }
            }
        }
        // pull[m][a][i] = a + M⁻¹ pos(i).
        let inverse: Vec<Vec<i64>> = group
            .iter()
            .map(|m| {
                group
                    .iter()
                    .find(|n| mul(m, n) == identity)
                    .cloned()
                    .ok_or_else(|| BoardError::Group("missing inverse".into()))
            })
            .collect::<Result<_, _>>()?;
        let mut pull = vec![0u16; group.len() * ncells * ncells];
        for (m, inv) in inverse.iter().enumerate() {
            let img: Vec<Vec<i64>> = coords.iter().map(|p| apply(inv, p)).collect();
            for a in 0..ncells {
                for i in 0..ncells {
                    let x: Vec<i64> = coords[a].iter().zip(&img[i]).map(|(p, q)| p + q).collect();
                    pull[(m * ncells + a) * ncells + i] = index_of(&x) as u16;
                }
            }
        }
        Ok(Board {
            name: name.to_string(),
            dims,
            families,
            group,
            ncells,
            coords,
            neighbor,
            lines,
            line_of_cell,
            mcode,
            pull,
        })
    }

    /// The 8×8 torus of 9-in-a-row (docs/spec.md §2): four directions, 512 symmetries.
    pub fn square9() -> Board {
        Board::new(
            "square9",
            vec![8, 8],
            vec![vec![1, 0], vec![1, 1], vec![0, 1], vec![-1, 1]],
            None,
        )
        .expect("the square board is well formed")
    }

    /// The 4×4 torus of 5-in-a-row with rows and columns only (docs/spec.md §7).
    pub fn square5() -> Board {
        Board::new("square5", vec![4, 4], vec![vec![1, 0], vec![0, 1]], None)
            .expect("the two-direction board is well formed")
    }

    /// The hexagonal board of 7-in-a-row (docs/spec.md §7) under the group of the published
    /// work: the 6×6 torus with directions (1,0), (1,1), (0,1), translations, the
    /// rotations by 0°, 120°, 240° and the three reflections whose mirror lines are
    /// parallel to the three line directions (each fixes one direction vector).
    ///
    /// The hexagonal point group (order 12) has three subgroups of order 6: this one
    /// reproduces the published figures (26 classes; graph of 53 edges, mean degree
    /// 4.08, degrees 2–6, connected, diameter 7). The other D3, whose mirrors are
    /// perpendicular to the line directions, gives 26 classes but 51 edges; the
    /// rotation group C6 gives 32 classes (see tests/boards.rs).
    pub fn hex7() -> Board {
        let full = Board::hex7full();
        let d = 2;
        let fixes_a_direction = |m: &[i64]| {
            full.families
                .iter()
                .any(|v| (0..d).all(|r| (0..d).map(|c| m[r * d + c] * v[c]).sum::<i64>() == v[r]))
        };
        let group: Vec<Vec<i64>> = full
            .group
            .iter()
            .filter(|m| {
                let det = m[0] * m[3] - m[1] * m[2];
                // The identity and the rotations of order 3 (trace −1), or a reflection
                // fixing one of the direction vectors.
                (det == 1 && (m[0] + m[3] == -1 || m[0] + m[3] == 2))
                    || (det == -1 && fixes_a_direction(m))
            })
            .cloned()
            .collect();
        Board::new("hex7", vec![6, 6], full.families.clone(), Some(group))
            .expect("the published hexagonal group is a group")
    }

    /// The hexagonal board of 7-in-a-row under the full hexagonal point group (order
    /// 12: six rotations, six reflections).
    pub fn hex7full() -> Board {
        Board::new(
            "hex7full",
            vec![6, 6],
            vec![vec![1, 0], vec![1, 1], vec![0, 1]],
            None,
        )
        .expect("the hexagonal board is well formed")
    }

    /// One direction, 3-in-a-row: the torus of 2 cells (docs/spec.md §7).
    pub fn line3() -> Board {
        Board::new("line3", vec![2], vec![vec![1]], None).expect("the line board is well formed")
    }

    /// Three dimensions, three axis directions, 7-in-a-row (docs/spec.md §7): the 6×6×6 torus,
    /// 216 cells, 108 axis lines, and the 48 signed permutation matrices (the symmetries
    /// of the cube) with the 216 translations.
    pub fn cube7() -> Board {
        Board::new(
            "cube7",
            vec![6, 6, 6],
            vec![vec![1, 0, 0], vec![0, 1, 0], vec![0, 0, 1]],
            None,
        )
        .expect("the cube board is well formed")
    }

    /// Names accepted by [`Board::by_name`].
    pub const NAMES: [&'static str; 6] =
        ["square9", "hex7", "hex7full", "square5", "line3", "cube7"];

    /// A board by name: `square9`, `hex7`, `hex7full`, `square5`, `line3` or `cube7`.
    pub fn by_name(name: &str) -> Result<Board, BoardError> {
        match name {
            "square9" => Ok(Board::square9()),
            "hex7" => Ok(Board::hex7()),
            "hex7full" => Ok(Board::hex7full()),
            "square5" => Ok(Board::square5()),
            "line3" => Ok(Board::line3()),
            "cube7" => Ok(Board::cube7()),
            _ => Err(BoardError::Unknown(format!(
                "unknown board {name:?}; expected one of {}",
                Board::NAMES.join(", ")
            ))),
        }
    }

    /// Board name, e.g. `square9`.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Torus side lengths.
    pub fn dims(&self) -> &[usize] {
        &self.dims
    }
    /// Number of cells.
    pub fn ncells(&self) -> usize {
        self.ncells
    }
    /// Number of line families `F`.
    pub fn nfamilies(&self) -> usize {
        self.families.len()
    }
    /// Number of direction codes, `2F`.
    pub fn ncodes(&self) -> usize {
        2 * self.families.len()
    }
    /// Direction vector of family `f`.
    pub fn family(&self, f: usize) -> &[i64] {
        &self.families[f]
    }
    /// Coordinates of a cell.
    pub fn coords(&self, c: usize) -> &[i64] {
        &self.coords[c]
    }
    /// The cell reached from `c` by direction code `k`.
    #[inline]
    pub fn neighbor(&self, c: usize, k: usize) -> usize {
        self.neighbor[c * self.ncodes() + k]
    }
    /// All lines, numbered as in the module docs.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }
    /// The line of family `f` through cell `c`.
    #[inline]
    pub fn line_of(&self, f: usize, c: usize) -> usize {
        self.line_of_cell[f * self.ncells + c]
    }
    /// Number of lines; a good pairing has exactly one domino on each.
    pub fn nlines(&self) -> usize {
        self.lines.len()
    }
    /// Number of dominoes in a good pairing (`ncells / 2`, which equals `nlines`).
    pub fn ndominoes(&self) -> usize {
        self.ncells / 2
    }
    /// Point-group matrices (row-major `d × d`), identity first.
    pub fn point_group(&self) -> &[Vec<i64>] {
        &self.group
    }
    /// Order of the full symmetry group: point group × translations.
    pub fn group_order(&self) -> usize {
        self.group.len() * self.ncells
    }
    /// All symmetries, point-group element major, translation minor.
    pub fn symmetries(&self) -> impl Iterator<Item = Symmetry> + '_ {
        let n = self.ncells;
        (0..self.group.len()).flat_map(move |m| (0..n).map(move |t| Symmetry { m, t }))
    }
    /// Code of `M_m · v_k`.
    #[inline]
    pub fn mcode(&self, m: usize, k: u8) -> u8 {
        self.mcode[m * self.ncodes() + k as usize]
    }
    /// The whole code map of point-group element `m` (indexed by code).
    #[inline]
    pub fn mcode_row(&self, m: usize) -> &[u8] {
        let n = self.ncodes();
        &self.mcode[m * n..(m + 1) * n]
    }
    /// `pull[m][a]`: for `g(x) = M_m (x − a)`, entry `i` is the cell `g⁻¹(i)`.
    #[inline]
    pub fn pull(&self, m: usize, a: usize) -> &[u16] {
        let n = self.ncells;
        &self.pull[(m * n + a) * n..(m * n + a + 1) * n]
    }
    /// Image of cell `c` under a symmetry.
    pub fn map_cell(&self, g: Symmetry, c: usize) -> usize {
        let d = self.dims.len();
        let m = &self.group[g.m];
        let x: Vec<i64> = (0..d)
            .map(|r| {
                (0..d)
                    .map(|k| m[r * d + k] * self.coords[c][k])
                    .sum::<i64>()
                    + self.coords[g.t][r]
            })
            .collect();
        self.index_of(&x)
    }
    /// Cell index of a coordinate vector (reduced modulo the torus).
    pub fn index_of(&self, x: &[i64]) -> usize {
        let mut idx = 0usize;
        for i in (0..self.dims.len()).rev() {
            idx = idx * self.dims[i] + x[i].rem_euclid(self.dims[i] as i64) as usize;
        }
        idx
    }
    /// Human name of a direction code: E, SE, S, … on 2-D boards, `+x`, `−z`, … otherwise.
    pub fn code_name(&self, k: usize) -> String {
        let v: Vec<i64> = if k < self.nfamilies() {
            self.families[k].clone()
        } else {
            self.families[k - self.nfamilies()]
                .iter()
                .map(|x| -x)
                .collect()
        };
        if v.len() == 2 {
            let ns = match v[1] {
                1 => "S",
                -1 => "N",
                _ => "",
            };
            let ew = match v[0] {
                1 => "E",
                -1 => "W",
                _ => "",
            };
            format!("{ns}{ew}")
        } else if v.iter().filter(|&&x| x != 0).count() == 1 && v.len() <= 4 {
            // An axis direction: sign and axis letter, `+x` … `−z`.
            let i = v
                .iter()
                .position(|&x| x != 0)
                .expect("one non-zero coordinate");
            let sign = if v[i] > 0 { "+" } else { "−" };
            format!("{sign}{}", ["x", "y", "z", "w"][i])
        } else {
            format!("{v:?}")
        }
    }
    /// Human name of a line, e.g. `row y=3`, `diagonal x−y≡3` (docs/spec.md §2 names).
    pub fn line_name(&self, l: usize) -> String {
        let line = &self.lines[l];
        let v = &self.families[line.family];
        let c = &self.coords[line.cells[0]];
        if v.len() == 2 {
            let n = self.dims[0] as i64;
            match (v[0], v[1]) {
                (1, 0) => format!("row y={}", c[1]),
                (0, 1) => format!("column x={}", c[0]),
                (1, 1) => format!("diagonal x−y≡{}", (c[0] - c[1]).rem_euclid(n)),
                (-1, 1) => format!("antidiagonal x+y≡{}", (c[0] + c[1]).rem_euclid(n)),
                _ => format!("line {l} (direction {v:?} through {c:?})"),
            }
        } else {
            format!("line {l} (direction {v:?} through {c:?})")
        }
    }
    /// Coordinates of a cell as text, `(x,y)`.
    pub fn cell_name(&self, c: usize) -> String {
        let parts: Vec<String> = self.coords[c].iter().map(|x| x.to_string()).collect();
        format!("({})", parts.join(","))
    }
}

fn det(m: &[i64], d: usize) -> i64 {
    match d {
        1 => m[0],
        _ => (0..d)
            .map(|j| {
                let minor: Vec<i64> = (1..d)
                    .flat_map(|r| (0..d).filter(move |&c| c != j).map(move |c| (r, c)))
                    .map(|(r, c)| m[r * d + c])
                    .collect();
                let s = if j % 2 == 0 { 1 } else { -1 };
                s * m[j] * det(&minor, d - 1)
            })
            .sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_board_matches_spec_section_2() {
        let b = Board::square9();
        assert_eq!(b.ncells(), 64);
        assert_eq!(b.nlines(), 32);
        assert_eq!(b.point_group().len(), 8);
        assert_eq!(b.group_order(), 512);
        let names: Vec<String> = (0..8).map(|k| b.code_name(k)).collect();
        assert_eq!(names, ["E", "SE", "S", "SW", "W", "NW", "N", "NE"]);
        // Cell (x, y) is y*8 + x; code 0 goes east, code 2 south, with wrap-around.
        assert_eq!(b.neighbor(7, 0), 0);
        assert_eq!(b.neighbor(0, 2), 8);
        assert_eq!(b.neighbor(0, 5), 63);
        assert_eq!(b.line_name(3), "row y=3");
        assert_eq!(b.line_name(16 + 5), "column x=5");
        assert_eq!(b.line_name(8 + 3), "diagonal x−y≡3");
        assert_eq!(b.line_name(24 + 6), "antidiagonal x+y≡6");
        assert_eq!(b.line_of(3, b.index_of(&[2, 5])), 24 + 7);
    }

    #[test]
    fn pull_table_inverts_the_symmetry() {
        let b = Board::square9();
        for m in 0..8 {
            for a in [0usize, 9, 63] {
                let pull = b.pull(m, a);
                for (i, &src) in pull.iter().enumerate() {
                    // g(x) = M (x - a): translation part is -M a.
                    let ma = b.map_cell(Symmetry { m, t: 0 }, a);
                    let t = b.index_of(&b.coords(ma).iter().map(|x| -x).collect::<Vec<_>>());
                    assert_eq!(b.map_cell(Symmetry { m, t }, src as usize), i);
                }
            }
        }
    }

    #[test]
    fn other_boards_are_well_formed() {
        let s5 = Board::square5();
        assert_eq!(
            (s5.ncells(), s5.nlines(), s5.point_group().len()),
            (16, 8, 8)
        );
    }
}
