//! Geometry: the verifier's own view of the board, on any period lattice.
//!
//! A board is the quotient `Z^d / Λ` of the grid by a period lattice `Λ` (docs/spec.md §8;
//! the rectangular tori of docs/spec.md §2 and §7 are the lattices `diag(n₀, n₁, …)`). The
//! verifier takes the lattice as its basis in lower-triangular Hermite normal form,
//! rows `b_0 … b_{d−1}` with `b_i[j] = 0` for `j > i`, `b_i[i] > 0` and
//! `0 ≤ b_i[j] < b_j[j]` for `j < i`, and does all its arithmetic itself:
//!
//! * **cells** are the points of the box `0 ≤ x_i < s_i`, `s_i = b_i[i]`, numbered
//!   with the first coordinate fastest (`(z·s_1 + y)·s_0 + x`); the box holds one
//!   point of every coset of `Λ`;
//! * **reduction** of a point into the box subtracts multiples of `b_2`, then `b_1`,
//!   then `b_0` (each `b_i` has zeros after coordinate `i`, so fixing coordinate `i`
//!   leaves the later ones alone);
//! * **lines** of family `f` are the orbits of translation by `v_f`; each has
//!   `ord(v_f)` cells (the least `t > 0` with `t·v_f ∈ Λ`), a multiple of the spacing
//!   `p`, and a good pairing puts `q_f = ord(v_f)/p` dominoes on it, exactly `p` apart;
//! * the **axis period** `P_i` is the least `t > 0` with `t·e_i ∈ Λ`. The box
//!   `[0, P_0) × [0, P_1) × …` of the plane is a union of translates of the
//!   fundamental domain; it is the *block* text form of a board that is not a
//!   rectangular torus, and sets the size of the window of the periodic check;
//! * **symmetries** are `x ↦ M·x + t` with `M` from the point group (checked to map `Λ`
//!   onto itself and the directions onto themselves) and `t` a cell.
//!
//! From [`Board`] the verifier takes data only ([`BoardData`]): the basis, the
//! directions, the spacing, the point-group matrices and the names of the codes —
//! never the board's neighbour, line or symmetry tables.

use super::*;

mod build;

/// A symmetry `g(x) = M·x + t`, readable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SymmetryReport {
    /// Index into the board's point group ([`crate::core::board::Symmetry::m`]).
    pub point_group_element: usize,
    /// Cell index of the translation ([`crate::core::board::Symmetry::t`]).
    pub translation_cell: usize,
    /// The matrix `M`, row by row.
    pub matrix: Vec<Vec<i64>>,
    /// The translation `t`.
    pub translation: Vec<i64>,
    /// In words, e.g. `half turn, then translation by (4,4)`.
    pub kind: String,
    /// As a map, e.g. `(x,y) ↦ (−x+4, −y+4) (mod 8)`.
    pub formula: String,
}

/// What the verifier takes from a [`Board`]: data, no derived table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardData {
    /// Board name, e.g. `square9-16`.
    pub name: String,
    /// The period lattice: `d` rows of `d` integers in lower-triangular Hermite normal
    /// form (module docs), e.g. `(16,0), (8,8)` for `⟨(8,8), (8,−8)⟩`.
    pub basis: Vec<Vec<i64>>,
    /// The directions `v_f`, in code order.
    pub directions: Vec<Vec<i64>>,
    /// The spacing `p = k − 1`.
    pub spacing: usize,
    /// Point-group matrices, row-major `d × d`.
    pub point_group: Vec<Vec<i64>>,
    /// Names of the codes `0 … 2F−1` (E, SE, …).
    pub code_names: Vec<String>,
    /// Whether the board has a catalogue of its classes at all.
    pub has_catalogue: bool,
    /// The coarser board this one refines (its lattice contains this board's), whose
    /// pairings this board's catalogue leaves out: `square9` for `square9-16`.
    pub refines: Option<String>,
}

impl BoardData {
    /// The data of `board`.
    pub fn of(board: &Board) -> BoardData {
        BoardData {
            name: board.name().to_string(),
            basis: board_basis(board),
            directions: (0..board.nfamilies())
                .map(|f| board.family(f).to_vec())
                .collect(),
            spacing: board_spacing(board),
            point_group: board.point_group().to_vec(),
            code_names: (0..board.ncodes()).map(|k| board.code_name(k)).collect(),
            has_catalogue: board_has_catalogue(board),
            refines: board_refines(board),
        }
    }
}

/// A board whose description does not say whether a catalogue of its classes is
/// within reach is taken to have one when it has at most this many cells or refines a
/// coarser board; otherwise the verifier reports the canonical form and stabiliser
/// only (as on cube7, whose description says its count is out of reach).
pub const MAX_CATALOGUE_CELLS: usize = 64;

/// The basis of `board`'s period lattice, in Hermite normal form.
fn board_basis(board: &Board) -> Vec<Vec<i64>> {
    board.lattice().basis().to_vec()
}

/// The spacing `p = k − 1` of `board`.
fn board_spacing(board: &Board) -> usize {
    board.spacing()
}

/// Whether `board` has a catalogue at all: as its description says, else when it is
/// small ([`MAX_CATALOGUE_CELLS`]) or refines a coarser board.
fn board_has_catalogue(board: &Board) -> bool {
    match board.info().catalogue {
        Some(feasible) => feasible,
        None => board.ncells() <= MAX_CATALOGUE_CELLS || board_refines(board).is_some(),
    }
}

/// The coarser board `board` refines, as its description says.
fn board_refines(board: &Board) -> Option<String> {
    board.info().refines.clone()
}

/// `(8,-8)`: a vector as text.
pub fn vector_text(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("({})", parts.join(","))
}

/// The board as the verifier sees it: lattice, direction vectors, spacing, point-group
/// matrices and names, with its own derived tables (lines as orbits, code images).
///
/// Coordinates are handled as three integers `(x, y, z)` whatever the dimension `d`
/// (1, 2 or 3): unused coordinates are 0, the basis is completed by unit vectors (side
/// 1), and a `d × d` point-group matrix is embedded in the 3 × 3 identity. Cell
/// `(x, y, z)` of the fundamental domain has index `x + s_0·(y + s_1·z)`.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub(crate) name: String,
    pub(crate) dimension: usize,
    /// Basis rows `b_0, b_1, b_2` (unit vectors beyond the dimension).
    pub(crate) basis: [[i64; 3]; 3],
    /// Sides `[s_0, s_1, s_2]` of the fundamental domain, 1 for unused dimensions.
    pub(crate) sides: [usize; 3],
    /// Axis periods `[P_0, P_1, P_2]`, 1 for unused dimensions.
    pub(crate) periods: [usize; 3],
    /// The lattice is `diag(s_0, s_1, s_2)`.
    pub(crate) rectangular: bool,
    /// The spacing `p`.
    pub(crate) spacing: usize,
    pub(crate) nfam: usize,
    /// Vector of each code `0..2F`: `+v_f` for `f < F`, `−v_{f−F}` otherwise.
    pub(crate) vec: Vec<[i64; 3]>,
    /// Length `ord(v_f)` of the lines of each family.
    pub(crate) line_len: Vec<usize>,
    /// `line[f·N + c]`: number of the line of family `f` through cell `c`.
    pub(crate) line: Vec<usize>,
    /// `line_pos[f·N + c]`: position of `c` on that line, counted in steps of `v_f`
    /// from the line's first cell.
    pub(crate) line_pos: Vec<usize>,
    /// First (smallest) cell of each line.
    pub(crate) line_start: Vec<usize>,
    /// Family of each line.
    pub(crate) line_family: Vec<usize>,
    pub(crate) line_names: Vec<String>,
    pub(crate) code_names: Vec<String>,
    pub(crate) cell_names: Vec<String>,
    /// Point-group matrices, row-major 3×3 (a `d × d` matrix embedded in the identity).
    pub(crate) matrices: Vec<[i64; 9]>,
    /// `mcode[m·2F + k]`: the code of `M_m · v(k)`.
    pub(crate) mcode: Vec<u8>,
    /// `image[(m·N + t)·N + c]`: the cell `M_m · c + t`.
    pub(crate) image: Vec<u16>,
    /// Side of the window of the periodic check ([`Geometry::window_side`]).
    pub(crate) window: usize,
    /// The cell of each point of that window, `x` fastest, then `y`, then `z`.
    pub(crate) window_cells: Vec<u32>,
    pub(crate) has_catalogue: bool,
    pub(crate) refines: Option<String>,
}

fn add(a: [i64; 3], b: [i64; 3]) -> [i64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

impl Geometry {
    /// Board name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Width `s_0` of the fundamental domain (cells per grid row).
    pub fn width(&self) -> usize {
        self.sides[0]
    }
    /// Height `s_1` of the fundamental domain (rows of one layer; 1 on a 1-D board).
    pub fn height(&self) -> usize {
        self.sides[1]
    }
    /// Depth `s_2` of the fundamental domain (number of z-layers; 1 on a 1- or 2-D
    /// board).
    pub fn depth(&self) -> usize {
        self.sides[2]
    }
    /// Sides of the fundamental domain, `dimension` of them (the torus sides on a
    /// rectangular board).
    pub fn dims(&self) -> &[usize] {
        &self.sides[..self.dimension]
    }
    /// The lattice basis in Hermite normal form, `dimension` rows.
    pub fn basis(&self) -> Vec<Vec<i64>> {
        (0..self.dimension)
            .map(|i| self.basis[i][..self.dimension].to_vec())
            .collect()
    }
    /// The lattice as text, e.g. `⟨(16,0), (8,8)⟩`.
    pub fn lattice_text(&self) -> String {
        let rows: Vec<String> = self.basis().iter().map(|b| vector_text(b)).collect();
        format!("⟨{}⟩", rows.join(", "))
    }
    /// The coarser board this one refines, if any ([`Refinement`](crate::verify::Refinement)).
    pub fn refines(&self) -> Option<&str> {
        self.refines.as_deref()
    }
    /// Whether the lattice is rectangular (the board is a plain torus).
    pub fn is_rectangular(&self) -> bool {
        self.rectangular
    }
    /// Axis periods `P_i`: the least `t > 0` with `t·e_i ∈ Λ` (module docs).
    pub fn axis_periods(&self) -> &[usize] {
        &self.periods[..self.dimension]
    }
    /// Rows of the grid form: `s_1 · s_2` (the z-layers one after the other).
    pub fn grid_rows(&self) -> usize {
        self.sides[1] * self.sides[2]
    }
    /// Whether the board has a *block* text form besides the grid: the box of the
    /// axis periods, on every lattice that is not rectangular (on a rectangular one
    /// the block is the grid).
    pub fn has_block_form(&self) -> bool {
        !self.rectangular
    }
    /// Rows of the block form: `P_1 · P_2` rows of `P_0 = s_0` codes.
    pub fn block_rows(&self) -> usize {
        self.periods[1] * self.periods[2]
    }
    /// 1, 2 or 3.
    pub fn dimension(&self) -> usize {
        self.dimension
    }
    /// Number of cells.
    pub fn ncells(&self) -> usize {
        self.sides[0] * self.sides[1] * self.sides[2]
    }
    /// Number of direction codes `2F`.
    pub fn ncodes(&self) -> usize {
        2 * self.nfam
    }
    /// Number of line families `F`.
    pub fn nfamilies(&self) -> usize {
        self.nfam
    }
    /// Number of lines.
    pub fn nlines(&self) -> usize {
        self.line_start.len()
    }
    /// The spacing `p = k − 1`.
    pub fn spacing(&self) -> usize {
        self.spacing
    }
    /// Cells on each line of family `f`: `ord(v_f)`.
    pub fn line_length(&self, f: usize) -> usize {
        self.line_len[f]
    }
    /// Dominoes a good pairing puts on each line of family `f`: `ord(v_f) / p`.
    pub fn per_line(&self, f: usize) -> usize {
        self.line_len[f] / self.spacing
    }
    /// Whether every line holds exactly one domino in a good pairing.
    pub fn one_per_line(&self) -> bool {
        (0..self.nfam).all(|f| self.per_line(f) == 1)
    }
    /// Side of the window the periodic check uses ([`analyse`]).
    pub fn window_side(&self) -> usize {
        self.window
    }
    /// Vector `(dx, dy)` of code `k` (`dy = 0` on a 1-D board; the z part, on a 3-D
    /// board, is in [`Geometry::vector3`]).
    pub fn vector(&self, k: usize) -> (i64, i64) {
        (self.vec[k][0], self.vec[k][1])
    }
    /// Vector `(dx, dy, dz)` of code `k` (0 for unused coordinates).
    pub fn vector3(&self, k: usize) -> [i64; 3] {
        self.vec[k]
    }
    /// Coordinates `(x, y, z)` of cell `c` in the fundamental domain (0 for unused
    /// coordinates).
    pub fn coords(&self, c: usize) -> [i64; 3] {
        let [w, h, _] = self.sides;
        [(c % w) as i64, ((c / w) % h) as i64, (c / (w * h)) as i64]
    }
    /// The point `p` reduced into the fundamental domain: multiples of `b_2`, then
    /// `b_1`, then `b_0` subtracted.
    pub fn reduce(&self, mut p: [i64; 3]) -> [i64; 3] {
        for i in (0..3).rev() {
            let q = p[i].div_euclid(self.basis[i][i]);
            if q != 0 {
                for (pj, bj) in p.iter_mut().zip(&self.basis[i]).take(i + 1) {
                    *pj -= q * bj;
                }
            }
        }
        p
    }
    /// Index of the cell at `p`, reduced modulo the lattice.
    pub fn index(&self, p: [i64; 3]) -> usize {
        let [x, y, z] = self.reduce(p);
        x as usize + self.sides[0] * (y as usize + self.sides[1] * z as usize)
    }
    /// The run length `k = p + 1` of the game (the same for every family `f`).
    pub fn run_length(&self, _f: usize) -> usize {
        self.spacing + 1
    }
    /// Name of code `k` (E, SE, …).
    pub fn code_name(&self, k: usize) -> &str {
        &self.code_names[k]
    }
    /// Name of cell `c`, `(x,y)` (`(x,y,z)` on a 3-D board).
    pub fn cell_name(&self, c: usize) -> &str {
        &self.cell_names[c]
    }
    /// Name of line `l`, e.g. `diagonal x−y≡3`.
    pub fn line_name(&self, l: usize) -> &str {
        &self.line_names[l]
    }
    /// Family of line `l`.
    pub fn line_family(&self, l: usize) -> usize {
        self.line_family[l]
    }
    /// The line of family `f` through cell `c`, and the position of `c` on it (steps
    /// of `v_f` from the line's first cell).
    pub fn line_through(&self, f: usize, c: usize) -> (usize, usize) {
        let n = self.ncells();
        (self.line[f * n + c], self.line_pos[f * n + c])
    }
    /// Human name of a family's orientation: `horizontal`, `vertical`, `diagonal`,
    /// `antidiagonal`, `along x|y|z` on a 3-D board, or the vector.
    pub fn orientation_name(&self, f: usize) -> String {
        let v = self.vec[f];
        if self.dimension == 3 {
            return match v {
                [1, 0, 0] => "along x".into(),
                [0, 1, 0] => "along y".into(),
                [0, 0, 1] => "along z".into(),
                [x, y, z] => format!("direction ({x},{y},{z})"),
            };
        }
        match (v[0], v[1]) {
            (1, 0) if self.dimension == 1 => "along the line".into(),
            (1, 0) => "horizontal".into(),
            (0, 1) => "vertical".into(),
            (1, 1) => "diagonal".into(),
            (-1, 1) => "antidiagonal".into(),
            (x, y) => format!("direction ({x},{y})"),
        }
    }
    /// The cell reached from `c` by code `k`, by the verifier's own arithmetic.
    pub fn step(&self, c: usize, k: usize) -> usize {
        self.index(add(self.coords(c), self.vec[k]))
    }
    /// Number of point-group elements.
    pub fn npoint(&self) -> usize {
        self.matrices.len()
    }
    /// Applies `g(x) = M_m·x + t` to a code sequence (own arithmetic); `t` is the
    /// translation's cell index, as in [`crate::core::board::Symmetry`].
    pub fn apply(&self, codes: &[u8], m: usize, t: usize, out: &mut [u8]) {
        let n = self.ncells();
        let image = &self.image[(m * n + t) * n..(m * n + t + 1) * n];
        let row = &self.mcode[m * self.ncodes()..(m + 1) * self.ncodes()];
        for (&k, &to) in codes.iter().zip(image) {
            out[to as usize] = row[k as usize];
        }
    }
    /// A readable description of the symmetry `(m, t)`.
    pub fn describe_symmetry(&self, m: usize, t: usize) -> SymmetryReport {
        let mat = self.matrices[m];
        let tp = self.coords(t);
        let d = self.dimension;
        let vars = ["x", "y", "z"];
        let coord = |r: usize, tr: i64| -> String {
            let mut s = String::new();
            for (c, var) in vars.iter().enumerate().take(d) {
                match mat[3 * r + c] {
                    0 => {}
                    1 => {
                        if !s.is_empty() {
                            s.push('+');
                        }
                        s.push_str(var);
                    }
                    -1 => {
                        s.push('−');
                        s.push_str(var);
                    }
                    a => s.push_str(&format!("{a:+}{var}")),
                }
            }
            if tr != 0 || s.is_empty() {
                if !s.is_empty() {
                    s.push('+');
                }
                s.push_str(&tr.to_string());
            }
            s
        };
        let images: Vec<String> = (0..d).map(|r| coord(r, tp[r])).collect();
        // A torus of equal sides n is written `(mod n)`, any other lattice by its basis.
        let modulus = if self.rectangular && self.dims().iter().all(|&s| s == self.sides[0]) {
            self.sides[0].to_string()
        } else {
            self.lattice_text()
        };
        let formula = match d {
            1 => format!("x ↦ {} (mod {modulus})", images[0]),
            _ => format!(
                "({}) ↦ ({}) (mod {modulus})",
                vars[..d].join(","),
                images.join(", "),
            ),
        };
        let matrix: Vec<Vec<i64>> = (0..d)
            .map(|r| (0..d).map(|c| mat[3 * r + c]).collect())
            .collect();
        let translation: Vec<i64> = tp[..d].to_vec();
        let m2 = [mat[0], mat[1], mat[3], mat[4]];
        let identity = mat == [1, 0, 0, 0, 1, 0, 0, 0, 1];
        let point = match (d, m2) {
            _ if identity => None,
            (1, [-1, ..]) => Some("reflection x ↦ −x".to_string()),
            (2, [0, -1, 1, 0]) => Some("quarter turn clockwise as drawn (E→S)".into()),
            (2, [-1, 0, 0, -1]) => Some("half turn".into()),
            (2, [0, 1, -1, 0]) => Some("quarter turn counter-clockwise as drawn (E→N)".into()),
            (2, [-1, 0, 0, 1]) => Some("mirror x ↦ −x (left–right)".into()),
            (2, [1, 0, 0, -1]) => Some("mirror y ↦ −y (top–bottom)".into()),
            (2, [0, 1, 1, 0]) => Some("mirror in the diagonal x = y".into()),
            (2, [0, -1, -1, 0]) => Some("mirror in the antidiagonal x = −y".into()),
            (2, _) => Some(point_name(m2, m)),
            _ => Some(point_name3(mat, m)),
        };
        let shift = if tp == [0, 0, 0] {
            None
        } else if d == 1 {
            Some(format!("translation by {}", tp[0]))
        } else {
            let parts: Vec<String> = tp[..d].iter().map(|x| x.to_string()).collect();
            Some(format!("translation by ({})", parts.join(",")))
        };
        let kind = match (point, shift) {
            (None, None) => "identity".to_string(),
            (None, Some(s)) => s,
            (Some(p), None) => p,
            (Some(p), Some(s)) => format!("{p}, then {s}"),
        };
        SymmetryReport {
            point_group_element: m,
            translation_cell: t,
            matrix,
            translation,
            kind,
            formula,
        }
    }
}

/// Determinant of a row-major 3×3 matrix.
fn det3(m: &[i64; 9]) -> i64 {
    m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
        + m[2] * (m[3] * m[7] - m[4] * m[6])
}

/// A name for a 3×3 point-group matrix (the cube's 48 signed permutation matrices):
/// its kind from its determinant, order and trace.
fn point_name3(mat: [i64; 9], m: usize) -> String {
    let det = det3(&mat);
    let trace = mat[0] + mat[4] + mat[8];
    let mul = |a: [i64; 9], b: [i64; 9]| {
        let mut o = [0i64; 9];
        for r in 0..3 {
            for c in 0..3 {
                o[3 * r + c] = (0..3).map(|k| a[3 * r + k] * b[3 * k + c]).sum();
            }
        }
        o
    };
    let one = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    let mut power = mat;
    let mut order = 1;
    while power != one && order < 12 {
        power = mul(power, mat);
        order += 1;
    }
    match (det, order, trace) {
        (1, 2, _) => "half turn about an axis".into(),
        (1, 3, _) => "rotation by a third of a turn (about a body diagonal)".into(),
        (1, 4, _) => "quarter turn about a coordinate axis".into(),
        (-1, 2, -3) => "inversion through the origin".into(),
        (-1, 2, _) => "reflection in a plane".into(),
        (-1, 4, _) => "rotoreflection of order 4".into(),
        (-1, 6, _) => "rotoreflection of order 6".into(),
        _ => format!("point-group element {m}"),
    }
}

/// A name for a point-group matrix other than the square's eight: its kind from its
/// determinant and order (on the hexagonal board the lattice is sheared, so a
/// rotation of order 6 is a turn by 60° of the hexagonal grid, not of the drawing).
fn point_name(mat: [i64; 4], m: usize) -> String {
    let det = mat[0] * mat[3] - mat[1] * mat[2];
    let mul = |a: [i64; 4], b: [i64; 4]| {
        [
            a[0] * b[0] + a[1] * b[2],
            a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3],
        ]
    };
    let mut power = mat;
    let mut order = 1;
    while power != [1, 0, 0, 1] && order < 12 {
        power = mul(power, mat);
        order += 1;
    }
    match (det, order) {
        (1, 2) => "half turn".into(),
        (1, 3) => "rotation of order 3 (a third of a turn of the lattice)".into(),
        (1, 4) => "rotation of order 4 (a quarter turn of the lattice)".into(),
        (1, 6) => "rotation of order 6 (a sixth of a turn of the lattice)".into(),
        (-1, 2) => "reflection".into(),
        _ => format!("point-group element {m}"),
    }
}
