//! Geometry: the verifier's own view of the board.

use super::*;

/// The board as the verifier sees it: sides, direction vectors, point-group matrices
/// and names, with its own derived tables (lines as orbits, code images).
///
/// Coordinates are handled as three integers `(x, y, z)` whatever the dimension `d`
/// (1, 2 or 3): unused coordinates are 0 with side 1, and a `d × d` point-group
/// matrix is embedded in the 3 × 3 identity. Cell `(x, y, z)` has index
/// `x + w·(y + h·z)`, as in [`Board::index_of`].
#[derive(Clone, Debug)]
pub struct Geometry {
    pub(super) name: String,
    pub(super) dimension: usize,
    /// Sides `[w, h, depth]`, 1 for unused dimensions.
    pub(super) sides: [usize; 3],
    pub(super) nfam: usize,
    /// Vector of each code `0..2F`: `+v_f` for `f < F`, `−v_{f−F}` otherwise.
    pub(super) vec: Vec<[i64; 3]>,
    /// Length of the torus lines of each family.
    pub(super) line_len: Vec<usize>,
    /// `line[f·N + c]`: number of the line of family `f` through cell `c`.
    pub(super) line: Vec<usize>,
    /// First (smallest) cell of each line.
    pub(super) line_start: Vec<usize>,
    /// Family of each line.
    pub(super) line_family: Vec<usize>,
    pub(super) line_names: Vec<String>,
    pub(super) code_names: Vec<String>,
    pub(super) cell_names: Vec<String>,
    /// Point-group matrices, row-major 3×3 (a `d × d` matrix embedded in the identity).
    pub(super) matrices: Vec<[i64; 9]>,
    /// `mcode[m·2F + k]`: the code of `M_m · v(k)`.
    pub(super) mcode: Vec<u8>,
    /// `image[(m·N + t)·N + c]`: the cell `M_m · c + t`.
    pub(super) image: Vec<u16>,
}

/// `M · v` for a row-major 3×3 matrix.
fn mat_vec(m: &[i64; 9], v: [i64; 3]) -> [i64; 3] {
    [
        m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
        m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
        m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
    ]
}

impl Geometry {
    /// Reads the board's data and derives the verifier's own tables.
    pub fn new(board: &Board) -> Result<Geometry, VerifyError> {
        let err = |message: String| VerifyError::Board {
            board: board.name().to_string(),
            message,
        };
        let dims = board.dims();
        let dimension = dims.len();
        if !(1..=3).contains(&dimension) {
            return Err(err(format!(
                "the verifier handles boards of 1, 2 or 3 dimensions, this one has {dimension}"
            )));
        }
        let mut sides = [1usize; 3];
        sides[..dimension].copy_from_slice(dims);
        let nfam = board.nfamilies();
        let ncodes = 2 * nfam;
        if ncodes > 10 {
            return Err(err(format!(
                "{ncodes} direction codes do not fit in one decimal digit each"
            )));
        }
        let as3 = |v: &[i64]| -> [i64; 3] {
            let mut out = [0i64; 3];
            for (o, &x) in out.iter_mut().zip(v) {
                *o = x;
            }
            out
        };
        let mut vec = Vec::with_capacity(ncodes);
        for f in 0..nfam {
            if board.family(f).len() != dimension {
                return Err(err(format!(
                    "direction {f} has the wrong number of coordinates"
                )));
            }
            vec.push(as3(board.family(f)));
        }
        for f in 0..nfam {
            let v = vec[f];
            vec.push([-v[0], -v[1], -v[2]]);
        }
        let ncells = sides[0] * sides[1] * sides[2];
        let geom_sides = sides;
        let coords = move |c: usize| -> [i64; 3] {
            [
                (c % geom_sides[0]) as i64,
                ((c / geom_sides[0]) % geom_sides[1]) as i64,
                (c / (geom_sides[0] * geom_sides[1])) as i64,
            ]
        };
        let index = move |p: [i64; 3]| -> usize {
            let x = p[0].rem_euclid(geom_sides[0] as i64) as usize;
            let y = p[1].rem_euclid(geom_sides[1] as i64) as usize;
            let z = p[2].rem_euclid(geom_sides[2] as i64) as usize;
            x + geom_sides[0] * (y + geom_sides[1] * z)
        };
        // Lines: orbits of +v_f, numbered by family, then by smallest cell.
        let mut line = vec![usize::MAX; nfam * ncells];
        let mut line_len = vec![0usize; nfam];
        let (mut line_start, mut line_family) = (Vec::new(), Vec::new());
        for f in 0..nfam {
            let v = vec[f];
            for start in 0..ncells {
                if line[f * ncells + start] != usize::MAX {
                    continue;
                }
                let id = line_start.len();
                line_start.push(start);
                line_family.push(f);
                let mut p = coords(start);
                let mut len = 0;
                loop {
                    let c = index(p);
                    if line[f * ncells + c] != usize::MAX {
                        break;
                    }
                    line[f * ncells + c] = id;
                    len += 1;
                    p = [p[0] + v[0], p[1] + v[1], p[2] + v[2]];
                }
                if len < 2 || (line_len[f] != 0 && line_len[f] != len) {
                    return Err(err(format!("lines of direction {f} are degenerate")));
                }
                line_len[f] = len;
            }
        }
        // Names come from the board, looked up by the verifier's own line identity.
        let line_names = line_start
            .iter()
            .zip(&line_family)
            .map(|(&c, &f)| board.line_name(board.line_of(f, c)))
            .collect();
        let code_names = (0..ncodes).map(|k| board.code_name(k)).collect();
        let cell_names = (0..ncells)
            .map(|c| {
                let p = coords(c);
                let parts: Vec<String> = p[..dimension].iter().map(|x| x.to_string()).collect();
                format!("({})", parts.join(","))
            })
            .collect();
        let mut matrices = Vec::new();
        for m in board.point_group() {
            if m.len() != dimension * dimension {
                return Err(err("a point-group matrix has the wrong size".into()));
            }
            let mut mat = [1, 0, 0, 0, 1, 0, 0, 0, 1];
            for r in 0..dimension {
                for c in 0..dimension {
                    mat[3 * r + c] = m[r * dimension + c];
                    if m[r * dimension + c] != 0 && sides[r] != sides[c] {
                        return Err(err(
                            "a point-group matrix swaps sides of unequal length".into()
                        ));
                    }
                }
            }
            matrices.push(mat);
        }
        let mut mcode = Vec::with_capacity(matrices.len() * ncodes);
        for mat in &matrices {
            for &v in &vec {
                let image = mat_vec(mat, v);
                match vec.iter().position(|&u| u == image) {
                    Some(k) => mcode.push(k as u8),
                    None => {
                        return Err(err(
                            "a point-group matrix does not preserve the directions".into()
                        ));
                    }
                }
            }
        }
        if ncells > u16::MAX as usize || matrices.len() * ncells * ncells > 1 << 24 {
            return Err(err(format!(
                "{ncells} cells are too many for the verifier's symmetry tables"
            )));
        }
        let mut image = Vec::with_capacity(matrices.len() * ncells * ncells);
        for mat in &matrices {
            for t in 0..ncells {
                let tp = coords(t);
                for c in 0..ncells {
                    let g = mat_vec(mat, coords(c));
                    image.push(index([g[0] + tp[0], g[1] + tp[1], g[2] + tp[2]]) as u16);
                }
            }
        }
        Ok(Geometry {
            name: board.name().to_string(),
            image,
            dimension,
            sides,
            nfam,
            vec,
            line_len,
            line,
            line_start,
            line_family,
            line_names,
            code_names,
            cell_names,
            matrices,
            mcode,
        })
    }

    /// Board name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Torus width (cells per grid row).
    pub fn width(&self) -> usize {
        self.sides[0]
    }
    /// Torus height (rows of one layer; 1 on a 1-D board).
    pub fn height(&self) -> usize {
        self.sides[1]
    }
    /// Torus depth (number of z-layers; 1 on a 1- or 2-D board).
    pub fn depth(&self) -> usize {
        self.sides[2]
    }
    /// Sides of the torus, `dimension` of them.
    pub fn dims(&self) -> &[usize] {
        &self.sides[..self.dimension]
    }
    /// Rows of the grid form: `height · depth` (the z-layers one after the other).
    pub fn grid_rows(&self) -> usize {
        self.sides[1] * self.sides[2]
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
    /// Vector `(dx, dy)` of code `k` (`dy = 0` on a 1-D board; the z part, on a 3-D
    /// board, is in [`Geometry::vector3`]).
    pub fn vector(&self, k: usize) -> (i64, i64) {
        (self.vec[k][0], self.vec[k][1])
    }
    /// Vector `(dx, dy, dz)` of code `k` (0 for unused coordinates).
    pub fn vector3(&self, k: usize) -> [i64; 3] {
        self.vec[k]
    }
    /// Coordinates `(x, y, z)` of cell `c` (0 for unused coordinates).
    pub fn coords(&self, c: usize) -> [i64; 3] {
        let [w, h, _] = self.sides;
        [(c % w) as i64, ((c / w) % h) as i64, (c / (w * h)) as i64]
    }
    /// Index of the cell at `p`, reduced modulo the torus.
    pub fn index(&self, p: [i64; 3]) -> usize {
        let [w, h, d] = self.sides;
        let x = p[0].rem_euclid(w as i64) as usize;
        let y = p[1].rem_euclid(h as i64) as usize;
        let z = p[2].rem_euclid(d as i64) as usize;
        x + w * (y + h * z)
    }
    /// The run length `k` of family `f`: its torus line length + 1.
    pub fn run_length(&self, f: usize) -> usize {
        self.line_len[f] + 1
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
        let p = self.coords(c);
        let v = self.vec[k];
        self.index([p[0] + v[0], p[1] + v[1], p[2] + v[2]])
    }
    /// Number of point-group elements.
    pub fn npoint(&self) -> usize {
        self.matrices.len()
    }
    /// Applies `g(x) = M_m·x + t` to a code sequence (own arithmetic); `t` is the
    /// translation's cell index, as in [`crate::board::Symmetry`].
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
        let formula = match d {
            1 => format!("x ↦ {} (mod {})", images[0], self.sides[0]),
            _ => format!(
                "({}) ↦ ({}) (mod {})",
                vars[..d].join(","),
                images.join(", "),
                self.sides[0]
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

/// A name for a 3×3 point-group matrix (the cube's 48 signed permutation matrices):
/// its kind from its determinant, order and trace.
fn point_name3(mat: [i64; 9], m: usize) -> String {
    let det = mat[0] * (mat[4] * mat[8] - mat[5] * mat[7])
        - mat[1] * (mat[3] * mat[8] - mat[5] * mat[6])
        + mat[2] * (mat[3] * mat[7] - mat[4] * mat[6]);
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
