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

/// Greatest common divisor (`gcd(0, n) = n`).
fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
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

/// `M · v` for a row-major 3×3 matrix.
fn mat_vec(m: &[i64; 9], v: [i64; 3]) -> [i64; 3] {
    [
        m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
        m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
        m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
    ]
}

fn add(a: [i64; 3], b: [i64; 3]) -> [i64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// Largest number of symmetry-table entries (point-group elements × cells²).
const MAX_IMAGE_ENTRIES: usize = 1 << 26;

/// Largest number of points in the window of the periodic check.
const MAX_WINDOW_POINTS: usize = 1 << 24;

impl Geometry {
    /// Reads the board's data ([`BoardData::of`]) and derives the verifier's own
    /// tables.
    pub fn new(board: &Board) -> Result<Geometry, VerifyError> {
        Geometry::from_data(&BoardData::of(board))
    }

    /// Derives the verifier's tables from board data, checking everything it relies
    /// on: the basis is in Hermite normal form, every line length is a multiple of
    /// the spacing, every point-group matrix has determinant ±1 and maps the lattice
    /// and the directions onto themselves.
    pub fn from_data(data: &BoardData) -> Result<Geometry, VerifyError> {
        let err = |message: String| VerifyError::Board {
            board: data.name.clone(),
            message,
        };
        let dimension = data.basis.len();
        if !(1..=3).contains(&dimension) {
            return Err(err(format!(
                "the verifier handles boards of 1, 2 or 3 dimensions, this one has {dimension}"
            )));
        }
        let as3 = |v: &[i64]| -> [i64; 3] {
            let mut out = [0i64; 3];
            for (o, &x) in out.iter_mut().zip(v) {
                *o = x;
            }
            out
        };
        if let Some(row) = data.basis.iter().find(|r| r.len() != dimension) {
            return Err(err(format!(
                "basis vector {} does not have {dimension} coordinates",
                vector_text(row)
            )));
        }
        let mut basis = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
        for (i, row) in data.basis.iter().enumerate() {
            let hnf = row[i] > 0
                && row[i + 1..].iter().all(|&x| x == 0)
                && (0..i).all(|j| (0..data.basis[j][j].max(1)).contains(&row[j]));
            if !hnf {
                return Err(err(format!(
                    "basis vector {i} {} is not in lower-triangular Hermite normal form",
                    vector_text(row)
                )));
            }
            basis[i] = as3(row);
        }
        let sides = [
            basis[0][0] as usize,
            basis[1][1] as usize,
            basis[2][2] as usize,
        ];
        let ncells = sides.iter().try_fold(1usize, |acc, &s| acc.checked_mul(s));
        let ncells = match ncells {
            Some(n) if n <= u16::MAX as usize => n,
            _ => {
                return Err(err(format!(
                    "the lattice has more than {} cells, too many for the verifier",
                    u16::MAX
                )));
            }
        };
        let rectangular = (0..3).all(|i| (0..i).all(|j| basis[i][j] == 0));
        let nfam = data.directions.len();
        let ncodes = 2 * nfam;
        if nfam == 0 || ncodes > MAX_CODES {
            return Err(err(format!(
                "{ncodes} direction codes: expected 2 to {MAX_CODES} (one character each, \
                 0–9 then a–z)"
            )));
        }
        if data.code_names.len() != ncodes {
            return Err(err(format!(
                "{} code names for {ncodes} codes",
                data.code_names.len()
            )));
        }
        let mut vec = Vec::with_capacity(ncodes);
        for (f, v) in data.directions.iter().enumerate() {
            if v.len() != dimension || v.iter().all(|&x| x == 0) {
                return Err(err(format!(
                    "direction {f} {} is not a non-zero vector of {dimension} coordinates",
                    vector_text(v)
                )));
            }
            vec.push(as3(v));
        }
        for f in 0..nfam {
            let v = vec[f];
            vec.push([-v[0], -v[1], -v[2]]);
        }
        for (k, v) in vec.iter().enumerate() {
            if vec[..k].contains(v) {
                return Err(err(format!(
                    "direction {} is given twice (up to sign)",
                    vector_text(&v[..dimension])
                )));
            }
        }
        let spacing = data.spacing;
        let mut geom = Geometry {
            name: data.name.clone(),
            dimension,
            basis,
            sides,
            periods: [1; 3],
            rectangular,
            spacing,
            nfam,
            vec,
            line_len: vec![0; nfam],
            line: vec![usize::MAX; nfam * ncells],
            line_pos: vec![0; nfam * ncells],
            line_start: Vec::new(),
            line_family: Vec::new(),
            line_names: Vec::new(),
            code_names: data.code_names.clone(),
            cell_names: Vec::with_capacity(ncells),
            matrices: Vec::new(),
            mcode: Vec::new(),
            image: Vec::new(),
            window: 0,
            window_cells: Vec::new(),
            has_catalogue: data.has_catalogue,
            refines: data.refines.clone(),
        };
        for i in 0..dimension {
            let mut e = [0i64; 3];
            e[i] = 1;
            geom.periods[i] = geom.order(e);
        }
        // Lines: orbits of +v_f, numbered by family, then by smallest cell.
        for f in 0..nfam {
            let v = geom.vec[f];
            for start in 0..ncells {
                if geom.line[f * ncells + start] != usize::MAX {
                    continue;
                }
                let id = geom.line_start.len();
                geom.line_start.push(start);
                geom.line_family.push(f);
                let mut p = geom.coords(start);
                let mut len = 0;
                loop {
                    let c = geom.index(p);
                    if geom.line[f * ncells + c] != usize::MAX {
                        break;
                    }
                    geom.line[f * ncells + c] = id;
                    geom.line_pos[f * ncells + c] = len;
                    len += 1;
                    p = add(p, v);
                }
                geom.line_len[f] = len;
            }
            let len = geom.line_len[f];
            if len < 2 || spacing == 0 || !len.is_multiple_of(spacing) {
                return Err(err(format!(
                    "the lines of direction {} have {len} cells, not a positive multiple of \
                     the spacing {spacing}",
                    vector_text(&v[..dimension])
                )));
            }
        }
        geom.line_names = (0..geom.line_start.len())
            .map(|l| geom.own_line_name(l))
            .collect();
        geom.cell_names = (0..ncells)
            .map(|c| vector_text(&geom.coords(c)[..dimension]))
            .collect();
        for m in &data.point_group {
            if m.len() != dimension * dimension {
                return Err(err("a point-group matrix has the wrong size".into()));
            }
            let mut mat = [1, 0, 0, 0, 1, 0, 0, 0, 1];
            for r in 0..dimension {
                for c in 0..dimension {
                    mat[3 * r + c] = m[r * dimension + c];
                }
            }
            if det3(&mat).abs() != 1 {
                return Err(err(format!(
                    "the point-group matrix {m:?} does not have determinant ±1"
                )));
            }
            for b in &data.basis {
                if geom.reduce(mat_vec(&mat, as3(b))) != [0; 3] {
                    return Err(err(format!(
                        "the point-group matrix {m:?} maps the period {} out of the lattice",
                        vector_text(b)
                    )));
                }
            }
            geom.matrices.push(mat);
        }
        if geom.matrices.is_empty() {
            return Err(err("the point group is empty".into()));
        }
        for mat in &geom.matrices {
            for &v in &geom.vec {
                let image = mat_vec(mat, v);
                match geom.vec.iter().position(|&u| u == image) {
                    Some(k) => geom.mcode.push(k as u8),
                    None => {
                        return Err(err(
                            "a point-group matrix does not preserve the directions".into()
                        ));
                    }
                }
            }
        }
        if geom.matrices.len() * ncells * ncells > MAX_IMAGE_ENTRIES {
            return Err(err(format!(
                "{ncells} cells are too many for the verifier's symmetry tables"
            )));
        }
        let mut image = Vec::with_capacity(geom.matrices.len() * ncells * ncells);
        for mat in &geom.matrices {
            let moved: Vec<[i64; 3]> = (0..ncells).map(|c| mat_vec(mat, geom.coords(c))).collect();
            for t in 0..ncells {
                let tp = geom.coords(t);
                for &g in &moved {
                    image.push(geom.index(add(g, tp)) as u16);
                }
            }
        }
        geom.image = image;
        geom.window = geom.needed_window()?;
        geom.window_cells = geom.window_table(geom.window);
        Ok(geom)
    }

    /// The side of the window of the periodic check: [`WINDOW`] on 1- and 2-D boards
    /// and [`WINDOW_3D`] on 3-D boards, or more when the lattice needs it. Along axis
    /// `i` the window must hold a whole period box `P_i` plus `p·max_f |v_f[i]|` cells
    /// on either side, so that a run of `k = p + 1` cells along every direction starts
    /// at a representative of every cell; the side is the least multiple of `P_i`
    /// that is at least that, maximised over the axes.
    fn needed_window(&self) -> Result<usize, VerifyError> {
        let default = if self.dimension == 3 {
            WINDOW_3D
        } else {
            WINDOW
        };
        let mut side = default;
        for i in 0..self.dimension {
            let reach = self
                .vec
                .iter()
                .map(|v| v[i].unsigned_abs())
                .max()
                .unwrap_or(0) as usize;
            let need = self.periods[i] + 2 * self.spacing * reach;
            side = side.max(need.div_ceil(self.periods[i]) * self.periods[i]);
        }
        if side
            .checked_pow(self.dimension as u32)
            .is_none_or(|n| n > MAX_WINDOW_POINTS)
        {
            return Err(VerifyError::Board {
                board: self.name.clone(),
                message: format!(
                    "the periodic check would need a window of side {side}, too large"
                ),
            });
        }
        Ok(side)
    }

    /// The cells of the points of a window of side `size` (`x` fastest).
    pub(crate) fn window_table(&self, size: usize) -> Vec<u32> {
        let d = self.dimension;
        let extent = |i: usize| if i < d { size as i64 } else { 1 };
        let mut out = Vec::with_capacity(size.pow(d as u32));
        for z in 0..extent(2) {
            for y in 0..extent(1) {
                for x in 0..extent(0) {
                    out.push(self.index([x, y, z]) as u32);
                }
            }
        }
        out
    }

    /// The order of `v` in `Z^d/Λ`: the least `t > 0` with `t·v ∈ Λ`.
    fn order(&self, v: [i64; 3]) -> usize {
        let mut p = self.reduce(v);
        let mut t = 1;
        while p != [0; 3] {
            p = self.reduce(add(p, v));
            t += 1;
        }
        t
    }

    /// The name of line `l`, from its family and first cell. In the plane, lines of
    /// the king directions are named by the invariant that tells them apart, `y`,
    /// `x`, `x−y` or `x+y`, which is unique modulo `m = gcd(φ(b_0), φ(b_1))` for the
    /// linear form `φ` vanishing on the direction: `row y=3`, `diagonal x−y≡3` on a
    /// rectangular torus (docs/spec.md §2's names), `row y≡3 (mod 8)`, `diagonal x−y≡3 (mod
    /// 16)` on any other lattice. Other lines are `line 12 (direction (1,2) through
    /// (0,3))`.
    fn own_line_name(&self, l: usize) -> String {
        let f = self.line_family[l];
        let v = self.vec[f];
        let c = self.coords(self.line_start[l]);
        if self.dimension == 2 {
            // φ(x, y) = v_y·x − v_x·y vanishes on v; its values on Λ are the multiples of m.
            let phi = |p: [i64; 3]| v[1] * p[0] - v[0] * p[1];
            let m = gcd(
                phi(self.basis[0]).unsigned_abs() as usize,
                phi(self.basis[1]).unsigned_abs() as usize,
            ) as i64;
            let named = match (v[0], v[1]) {
                (1, 0) => Some(("row", "y", c[1])),
                (0, 1) => Some(("column", "x", c[0])),
                (1, 1) => Some(("diagonal", "x−y", c[0] - c[1])),
                (-1, 1) => Some(("antidiagonal", "x+y", c[0] + c[1])),
                _ => None,
            };
            if let Some((kind, invariant, value)) = named {
                let value = value.rem_euclid(m);
                return match (self.rectangular, kind) {
                    (true, "row" | "column") => format!("{kind} {invariant}={value}"),
                    (true, _) => format!("{kind} {invariant}≡{value}"),
                    (false, _) => format!("{kind} {invariant}≡{value} (mod {m})"),
                };
            }
        }
        format!(
            "line {l} (direction {} through {})",
            vector_text(&v[..self.dimension]),
            vector_text(&c[..self.dimension])
        )
    }

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
