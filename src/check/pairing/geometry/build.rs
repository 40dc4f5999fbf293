//! Building the verifier's geometry from board data: the checks of the basis (Hermite
//! normal form), of the line lengths against the spacing and of the point group
//! against the lattice and the directions, and the derived tables — lines as orbits,
//! their names, the code images, the symmetry images and the window of the periodic
//! check.

use super::*;

/// Largest number of symmetry-table entries (point-group elements × cells²).
const MAX_IMAGE_ENTRIES: usize = 1 << 26;

/// Largest number of points in the window of the periodic check.
const MAX_WINDOW_POINTS: usize = 1 << 24;
/// `M · v` for a row-major 3×3 matrix.
fn mat_vec(m: &[i64; 9], v: [i64; 3]) -> [i64; 3] {
    [
        m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
        m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
        m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
    ]
}
/// Greatest common divisor (`gcd(0, n) = n`).
fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

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
    pub(super) fn needed_window(&self) -> Result<usize, VerifyError> {
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
    pub(super) fn order(&self, v: [i64; 3]) -> usize {
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
    pub(super) fn own_line_name(&self, l: usize) -> String {
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
}
