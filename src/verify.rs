//! The stand-alone verifier behind `amoba verify` (issue 4; SPEC §2, §3, §4).
//!
//! # What it computes
//!
//! A researcher hands us text files of candidate pairings. For each candidate this
//! module answers, in this order:
//!
//! 1. **Is the text well formed?** ([`Reader`]) The grammar is the SPEC §3 text form
//!    plus comments and blank lines; FORMATS.md, section *Candidate pairing files*,
//!    is its precise statement (what is lenient, what is rejected). A malformed file
//!    is an error naming `FILE:LINE:COLUMN`, what was found and what was expected.
//! 2. **Is it consistent?** (SPEC §3: for every cell `c` with code `k`, the cell
//!    `c + v(k)` has code `k + F mod 2F`.) Every offending cell is named with its
//!    would-be partner and what that partner points to.
//! 3. **Are all pairs dominoes?** On this text form every code is a step to a
//!    king-neighbour (SPEC §2), so every pair of a consistent grid is a domino; the
//!    report says so rather than pretending to find out.
//! 4. **Does every line hold exactly one domino?** (SPEC §2.) Lines holding none and
//!    lines holding two or more are named, with their dominoes.
//! 5. **The torus rule, checked a second way.** The pairing is extended periodically
//!    to a 64×64 window of the plane (a 24×24×24 window of space on a 3-D board), and every run of `k` consecutive cells (k = the
//!    torus line length + 1: 9 on the 8×8 torus) along every board direction inside
//!    the window must contain both cells of some pair. The first run that does not is
//!    reported. For a consistent pairing this holds exactly when no torus line is
//!    empty — a run of `L + 1` cells covers all `L` domino positions of its line — so
//!    the two checks must agree ([`Analysis::checks_agree`]); a disagreement is a bug
//!    in one of them and is reported as such.
//! 6. **If good: which class?** The canonical form (SPEC §4) and the stabiliser are
//!    computed twice: by [`crate::symmetry::canonical`] (the definition the catalogue
//!    was built with) and by a brute-force minimum over all `|G|` images computed
//!    with this module's own arithmetic. They must agree, the canonical form must
//!    itself pass checks 2–5, and its catalogue ID is confirmed against the text of
//!    that catalogue line ([`check_catalogue_line`]).
//!
//! # Independence
//!
//! Like a proof checker beside a solver, the verifier shares as little as possible
//! with the search and canonical-form machinery. It has its own parser (not
//! [`crate::pairing::Pairing::parse_line`]), its own neighbour arithmetic on
//! coordinates, its own line numbering (orbits of `+v_f`) and its own application
//! of symmetries. From [`Board`] it takes only data: the torus sides, the direction
//! vectors, the point-group matrices, and the human names of codes, cells and lines.
//! The only calls into the machinery are [`crate::symmetry::canonical`] and
//! [`Catalogue::id_of`], and both results are cross-checked as described above.
//!
//! # Invariants
//!
//! * No input makes it panic, loop forever or buffer more than
//!   [`MAX_LINE_BYTES`] + 1 bytes of one line: input is read line by line from a
//!   [`BufRead`] and a longer line is rejected.
//! * Output is deterministic: every list is in a fixed order (cells and lines in
//!   index order, symmetries by point-group element, then translation).
//! * Cost: about 0.2 ms per good pairing on square9, most of it the two 64×64
//!   window checks (the candidate's and its canonical form's); the whole catalogue
//!   of 194,543 pairings verifies in well under a minute. The catalogue (about a
//!   second to read and validate) and the pairing graph (seconds to build) are loaded
//!   by the caller only when a good pairing needs them. On cube7 the tables take
//!   about 50 ms to build (2.2 M cell images) and a good pairing about 2 ms (0.3 ms
//!   per 24³ window check, 1.5 ms for the brute-force minimum over 10,368 images).
//! * Boards of one, two and three dimensions are supported (every board of SPEC §7).
//!   On a 3-D board (cube7, the 6×6×6 torus) the window of check 5 is
//!   [`WINDOW_3D`]³ cells, and check 6 has no catalogue to consult (its classes are
//!   not enumerated, [`no_catalogue_reason`]): it gives the canonical form and the
//!   stabiliser, brute force over all 10,368 symmetries included.

use crate::board::Board;
use crate::catalogue::Catalogue;
use crate::symmetry;
use serde::Serialize;
use std::io::{self, BufRead, Read, Seek, SeekFrom};
use std::path::Path;

/// Longest line the reader accepts, in bytes, not counting the line ending.
pub const MAX_LINE_BYTES: usize = 4096;

/// Side of the square window of the plane used by the periodic check (1- and 2-D
/// boards).
pub const WINDOW: usize = 64;

/// Side of the cubic window of space used by the periodic check on 3-D boards: four
/// periods of the 6×6×6 torus, 13,824 cells.
pub const WINDOW_3D: usize = 24;

/// Why verification could not proceed. Verdicts about pairings (not good,
/// inconsistent, …) are not errors: they are in [`Analysis`].
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// The input is not a pairing file (FORMATS.md, *Candidate pairing files*).
    #[error("{file}:{line}:{column}: {message}")]
    Malformed {
        /// File name as given (`<stdin>` for standard input).
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What was found and what was expected.
        message: String,
    },
    /// The input could not be read.
    #[error("{file}: cannot read: {source}")]
    Read {
        /// File name as given.
        file: String,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// The board cannot be handled by the verifier.
    #[error("board {board}: {message}")]
    Board {
        /// Board name.
        board: String,
        /// Why.
        message: String,
    },
    /// Two computations that must agree did not: a bug in the verifier or in the
    /// machinery it checks, or a catalogue that does not match the board.
    #[error("cross-check failed: {0}")]
    CrossCheck(String),
}

// ---------------------------------------------------------------------------------
// Geometry: the verifier's own view of the board.
// ---------------------------------------------------------------------------------

/// The board as the verifier sees it: sides, direction vectors, point-group matrices
/// and names, with its own derived tables (lines as orbits, code images).
///
/// Coordinates are handled as three integers `(x, y, z)` whatever the dimension `d`
/// (1, 2 or 3): unused coordinates are 0 with side 1, and a `d × d` point-group
/// matrix is embedded in the 3 × 3 identity. Cell `(x, y, z)` has index
/// `x + w·(y + h·z)`, as in [`Board::index_of`].
#[derive(Clone, Debug)]
pub struct Geometry {
    name: String,
    dimension: usize,
    /// Sides `[w, h, depth]`, 1 for unused dimensions.
    sides: [usize; 3],
    nfam: usize,
    /// Vector of each code `0..2F`: `+v_f` for `f < F`, `−v_{f−F}` otherwise.
    vec: Vec<[i64; 3]>,
    /// Length of the torus lines of each family.
    line_len: Vec<usize>,
    /// `line[f·N + c]`: number of the line of family `f` through cell `c`.
    line: Vec<usize>,
    /// First (smallest) cell of each line.
    line_start: Vec<usize>,
    /// Family of each line.
    line_family: Vec<usize>,
    line_names: Vec<String>,
    code_names: Vec<String>,
    cell_names: Vec<String>,
    /// Point-group matrices, row-major 3×3 (a `d × d` matrix embedded in the identity).
    matrices: Vec<[i64; 9]>,
    /// `mcode[m·2F + k]`: the code of `M_m · v(k)`.
    mcode: Vec<u8>,
    /// `image[(m·N + t)·N + c]`: the cell `M_m · c + t`.
    image: Vec<u16>,
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

// ---------------------------------------------------------------------------------
// The reader: FORMATS.md, "Candidate pairing files".
// ---------------------------------------------------------------------------------

/// Which text form a candidate was written in (SPEC §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// `height · depth` lines of `width` codes (SPEC §3; on a 3-D board the z-layers
    /// one after the other).
    Grid,
    /// All codes on one line.
    OneLine,
}

impl Form {
    /// `grid` or `one-line`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Grid => "grid",
            Form::OneLine => "one-line",
        }
    }
}

/// One candidate pairing as read: where it starts and its codes (each `< 2F`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// 1-based line of its first row.
    pub line: usize,
    /// 1-based column of its first code.
    pub column: usize,
    /// The form it was written in.
    pub form: Form,
    /// Direction codes in cell order.
    pub codes: Vec<u8>,
}

struct GridInProgress {
    line: usize,
    column: usize,
    rows: usize,
    codes: Vec<u8>,
}

/// One physical line as classified by the reader.
enum LineKind {
    /// Nothing but whitespace.
    Blank,
    /// Only a comment (possibly indented).
    Comment,
    /// Codes starting at `column`, `count` of them, pushed onto the scratch buffer.
    Codes { column: usize, count: usize },
}

/// Reads candidate pairings from a text stream, one line at a time.
///
/// Call [`Reader::next_candidate`] until it returns `Ok(None)`; after an error it
/// returns `Ok(None)` for ever. At most [`MAX_LINE_BYTES`] + 1 bytes of one line are
/// held in memory.
pub struct Reader<'g, R> {
    geom: &'g Geometry,
    file: String,
    input: R,
    buf: Vec<u8>,
    scratch: Vec<u8>,
    lineno: usize,
    /// Characters on the last line read, and whether it ended with `\n`.
    last_chars: usize,
    last_terminated: bool,
    grid: Option<GridInProgress>,
    found: usize,
    done: bool,
}

impl<'g, R: BufRead> Reader<'g, R> {
    /// A reader of `input`, called `file` in messages (`<stdin>` for standard input).
    pub fn new(geom: &'g Geometry, file: impl Into<String>, input: R) -> Reader<'g, R> {
        Reader {
            geom,
            file: file.into(),
            input,
            buf: Vec::with_capacity(256),
            scratch: Vec::with_capacity(geom.ncells()),
            lineno: 0,
            last_chars: 0,
            last_terminated: true,
            grid: None,
            found: 0,
            done: false,
        }
    }

    /// The file name used in messages.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Number of candidates returned so far.
    pub fn pairings_read(&self) -> usize {
        self.found
    }

    fn malformed(&mut self, line: usize, column: usize, message: String) -> VerifyError {
        self.done = true;
        VerifyError::Malformed {
            file: self.file.clone(),
            line,
            column,
            message,
        }
    }

    /// Reads one line into `buf` without its `\n`. Returns `None` at end of input,
    /// `Some(true)` when the line is longer than [`MAX_LINE_BYTES`] (then `buf` holds
    /// its first `MAX_LINE_BYTES + 1` bytes and the rest is not read).
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        loop {
            let avail = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                if self.buf.is_empty() {
                    return Ok(None);
                }
                self.last_terminated = false;
                return Ok(Some(false));
            }
            let room = MAX_LINE_BYTES + 1 - self.buf.len();
            match avail.iter().position(|&b| b == b'\n') {
                Some(i) if i <= room => {
                    let too_long = i > MAX_LINE_BYTES - self.buf.len();
                    self.buf.extend_from_slice(&avail[..i]);
                    self.input.consume(i + 1);
                    self.last_terminated = true;
                    return Ok(Some(too_long));
                }
                _ => {
                    let take = avail.len().min(room);
                    self.buf.extend_from_slice(&avail[..take]);
                    self.input.consume(take);
                    if self.buf.len() > MAX_LINE_BYTES {
                        self.last_terminated = false;
                        return Ok(Some(true));
                    }
                }
            }
        }
    }

    /// Classifies the line in `buf`, pushing its codes onto `scratch`.
    fn scan(&mut self, too_long: bool) -> Result<LineKind, VerifyError> {
        let lineno = self.lineno;
        let mut bytes: &[u8] = &self.buf;
        if lineno == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes = &bytes[3..];
        }
        let (text, bad_utf8) = match std::str::from_utf8(bytes) {
            Ok(s) => (s, None),
            Err(e) => {
                let valid = &bytes[..e.valid_up_to()];
                // Valid by construction; the fallback is never taken.
                let s = std::str::from_utf8(valid).unwrap_or("");
                // A multi-byte character cut by the length cap is not an encoding error.
                let truly_bad = !(too_long && e.error_len().is_none());
                (s, truly_bad.then(|| bytes[e.valid_up_to()]))
            }
        };
        let ncodes = self.geom.ncodes();
        let top = (b'0' + ncodes as u8 - 1) as char;
        #[derive(PartialEq)]
        enum Phase {
            Lead,
            Codes,
            Trail,
        }
        let mut phase = Phase::Lead;
        let mut start_col = 0;
        let mut count = 0;
        let mut comment = false;
        for (i, ch) in text.chars().enumerate() {
            let col = i + 1;
            if ch == '#' {
                comment = true;
                break;
            }
            let is_code = ch.is_ascii_digit() && (ch as u8 - b'0') < ncodes as u8;
            match phase {
                Phase::Lead if ch == ' ' || ch == '\t' => {}
                Phase::Lead | Phase::Trail if ch == '\r' => phase = Phase::Trail,
                Phase::Lead | Phase::Codes if is_code => {
                    if phase == Phase::Lead {
                        phase = Phase::Codes;
                        start_col = col;
                    }
                    self.scratch.push(ch as u8 - b'0');
                    count += 1;
                }
                Phase::Codes if ch == ' ' || ch == '\t' || ch == '\r' => phase = Phase::Trail,
                Phase::Trail if ch == ' ' || ch == '\t' => {}
                Phase::Trail if is_code => {
                    let msg = format!(
                        "found {} after whitespace, expected the codes of a row or pairing \
                         to be written without spaces between them",
                        describe_char(ch)
                    );
                    return Err(self.malformed(lineno, col, msg));
                }
                _ => {
                    let expected = if phase == Phase::Codes {
                        format!("a direction code 0–{top}, whitespace or '#'")
                    } else if phase == Phase::Lead {
                        format!("a direction code 0–{top}, whitespace, '#' or the end of the line")
                    } else {
                        "whitespace, '#' or the end of the line".to_string()
                    };
                    let extra = if ch.is_ascii_digit() {
                        format!(" (board {} has {ncodes} direction codes)", self.geom.name)
                    } else {
                        String::new()
                    };
                    let msg = format!("found {}, expected {expected}{extra}", describe_char(ch));
                    return Err(self.malformed(lineno, col, msg));
                }
            }
        }
        if let Some(byte) = bad_utf8 {
            let col = text.chars().count() + 1;
            let msg = format!(
                "found byte 0x{byte:02X}, which is not UTF-8 text; expected a text file \
                 (UTF-8) of direction codes"
            );
            return Err(self.malformed(lineno, col, msg));
        }
        if too_long {
            let msg = format!(
                "found a line longer than {MAX_LINE_BYTES} bytes, expected a grid row of {} \
                 codes or a one-line pairing of {} codes (plus an optional comment)",
                self.geom.width(),
                self.geom.ncells()
            );
            return Err(self.malformed(lineno, MAX_LINE_BYTES + 1, msg));
        }
        self.last_chars = text.chars().count();
        Ok(match (count, comment) {
            (0, false) => LineKind::Blank,
            (0, true) => LineKind::Comment,
            _ => LineKind::Codes {
                column: start_col,
                count,
            },
        })
    }

    /// The next candidate, `Ok(None)` at the end of the input (or after an error).
    pub fn next_candidate(&mut self) -> Result<Option<Candidate>, VerifyError> {
        if self.done {
            return Ok(None);
        }
        let (width, height, ncells) =
            (self.geom.width(), self.geom.grid_rows(), self.geom.ncells());
        loop {
            let too_long = match self.read_line() {
                Ok(Some(t)) => t,
                Ok(None) => return self.finish(),
                Err(source) => {
                    self.done = true;
                    return Err(VerifyError::Read {
                        file: self.file.clone(),
                        source,
                    });
                }
            };
            self.lineno += 1;
            let lineno = self.lineno;
            self.scratch.clear();
            match self.scan(too_long)? {
                LineKind::Comment => {}
                LineKind::Blank => {
                    if let Some(g) = &self.grid {
                        let msg = format!(
                            "found a blank line, expected row {} of {height} of the grid that \
                             starts at line {} (blank lines may only separate pairings)",
                            g.rows + 1,
                            g.line
                        );
                        return Err(self.malformed(lineno, 1, msg));
                    }
                }
                LineKind::Codes { column, count } => {
                    if let Some(mut g) = self.grid.take() {
                        if count != width {
                            let (col, what) = if count < width {
                                (column + count, "too few")
                            } else {
                                (column + width, "too many")
                            };
                            let msg = format!(
                                "found {count} codes ({what}), expected {width}: row {} of {height} \
                                 of the grid that starts at line {}",
                                g.rows + 1,
                                g.line
                            );
                            return Err(self.malformed(lineno, col, msg));
                        }
                        g.codes.extend_from_slice(&self.scratch);
                        g.rows += 1;
                        if g.rows == height {
                            self.found += 1;
                            return Ok(Some(Candidate {
                                line: g.line,
                                column: g.column,
                                form: Form::Grid,
                                codes: g.codes,
                            }));
                        }
                        self.grid = Some(g);
                    } else if count == ncells {
                        self.found += 1;
                        return Ok(Some(Candidate {
                            line: lineno,
                            column,
                            form: Form::OneLine,
                            codes: self.scratch.clone(),
                        }));
                    } else if count == width {
                        let mut codes = Vec::with_capacity(ncells);
                        codes.extend_from_slice(&self.scratch);
                        self.grid = Some(GridInProgress {
                            line: lineno,
                            column,
                            rows: 1,
                            codes,
                        });
                    } else {
                        let col = if count < ncells {
                            column + count
                        } else {
                            column + ncells
                        };
                        let msg = format!(
                            "found {count} codes, expected {width} (a row of a grid) or {ncells} \
                             (a pairing in one-line form)"
                        );
                        return Err(self.malformed(lineno, col, msg));
                    }
                }
            }
        }
    }

    fn finish(&mut self) -> Result<Option<Candidate>, VerifyError> {
        let (line, column) = if self.last_terminated {
            (self.lineno + 1, 1)
        } else {
            (self.lineno, self.last_chars + 1)
        };
        if let Some(g) = self.grid.take() {
            let msg = format!(
                "found the end of the file after {} of {} rows, expected the rest of the grid \
                 that starts at line {}",
                g.rows,
                self.geom.grid_rows(),
                g.line
            );
            return Err(self.malformed(line, column, msg));
        }
        if self.found == 0 {
            let what = if self.lineno == 0 {
                "an empty file"
            } else {
                "only comments and blank lines"
            };
            let msg = format!("found {what}, expected at least one pairing");
            return Err(self.malformed(line, column, msg));
        }
        self.done = true;
        Ok(None)
    }
}

impl<R: BufRead> Iterator for Reader<'_, R> {
    type Item = Result<Candidate, VerifyError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_candidate().transpose()
    }
}

/// `'x'` for printable characters, `U+0000` style for the rest.
fn describe_char(ch: char) -> String {
    if ch.is_control() || (ch.is_whitespace() && ch != ' ') {
        format!("U+{:04X}", ch as u32)
    } else if ch == '\'' {
        "\"'\"".to_string()
    } else if ch.is_ascii() {
        format!("'{ch}'")
    } else {
        format!("'{ch}' (U+{:04X})", ch as u32)
    }
}

// ---------------------------------------------------------------------------------
// Checks 2–5: consistency, dominoes, lines, the plane window.
// ---------------------------------------------------------------------------------

/// A cell whose partner does not point back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Inconsistency {
    /// The cell, `(x,y)`.
    pub cell: String,
    /// Its code and the code's name.
    pub code: u8,
    /// E, SE, …
    pub direction: String,
    /// The would-be partner.
    pub partner: String,
    /// The partner's code.
    pub partner_code: u8,
    /// Where the partner's code points instead.
    pub partner_points_to: String,
}

/// How many dominoes of one orientation a pairing has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OrientationCount {
    /// `horizontal`, `vertical`, `diagonal`, `antidiagonal`, …
    pub orientation: String,
    /// Dominoes of that orientation.
    pub dominoes: usize,
}

/// A line holding no domino or two or more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineReport {
    /// Line name, e.g. `row y=2`.
    pub line: String,
    /// Line number in the board's order (rows, diagonals, columns, antidiagonals on
    /// square9: family, then smallest cell), from 0.
    pub index: usize,
    /// The dominoes on it, `(a)-(b)` with `b = a + v`.
    pub dominoes: Vec<String>,
}

/// The first run of the window that holds no pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WindowFailure {
    /// Plane coordinates of the run's first cell (window coordinates, from 0).
    pub x: i64,
    /// Second coordinate (0 on a 1-D board).
    pub y: i64,
    /// Direction name (E, SE, S, SW, …).
    pub direction: String,
    /// Run length `k`.
    pub cells: usize,
    /// Plane coordinates of the run's last cell.
    pub last_x: i64,
    /// Second coordinate of the last cell.
    pub last_y: i64,
    /// Third coordinates of the first and last cells (3-D boards only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub z: Option<i64>,
    /// Third coordinate of the last cell (3-D boards only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_z: Option<i64>,
}

/// Result of the periodic-window check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WindowReport {
    /// Window width.
    pub width: usize,
    /// Window height (1 on a 1-D board).
    pub height: usize,
    /// Window depth (3-D boards only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<usize>,
    /// Runs examined.
    pub runs_checked: u64,
    /// Runs holding no pair.
    pub runs_failed: u64,
    /// The first failing run: smallest direction, then layer, then row, then column.
    pub first_failure: Option<WindowFailure>,
}

/// Everything checks 2–5 found about one code sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// Every cell's partner points back.
    pub consistent: bool,
    /// The cells that break consistency, in cell order.
    pub inconsistencies: Vec<Inconsistency>,
    /// Pairs (dominoes) of a consistent grid; 0 otherwise.
    pub pairs: usize,
    /// Always true on this text form: every code is a step to a neighbour.
    pub all_pairs_are_dominoes: bool,
    /// Dominoes per orientation, in family order (consistent grids only).
    pub dominoes_by_orientation: Vec<OrientationCount>,
    /// Lines without a domino (consistent grids only), in line order.
    pub lines_without_domino: Vec<LineReport>,
    /// Lines with two or more dominoes (consistent grids only), in line order.
    pub lines_with_several: Vec<LineReport>,
    /// The periodic-window check (consistent grids only).
    pub window: Option<WindowReport>,
    /// Consistent, one domino on every line, and the window check passed.
    pub good: bool,
    /// The window check agrees with the line count (it fails exactly when some
    /// line is empty). False means a bug.
    pub checks_agree: bool,
}

impl Analysis {
    /// The verdict on a sequence that is not a consistent pairing: the line and
    /// window checks do not apply (they are defined on pairings only).
    fn inconsistent(inconsistencies: Vec<Inconsistency>) -> Analysis {
        Analysis {
            consistent: false,
            inconsistencies,
            pairs: 0,
            all_pairs_are_dominoes: true,
            dominoes_by_orientation: Vec::new(),
            lines_without_domino: Vec::new(),
            lines_with_several: Vec::new(),
            window: None,
            good: false,
            checks_agree: true,
        }
    }
}

/// Runs checks 2–5 on `codes` (length `ncells`, every code `< 2F`, as the reader
/// produces them). Other input is reported as inconsistent, never a panic.
pub fn analyse(geom: &Geometry, codes: &[u8]) -> Analysis {
    let n = geom.ncells();
    let nf = geom.nfam;
    let ncodes = geom.ncodes();
    let mut inconsistencies = Vec::new();
    let well_formed = codes.len() == n && codes.iter().all(|&k| (k as usize) < ncodes);
    if !well_formed {
        return Analysis::inconsistent(inconsistencies);
    }
    for (c, &k) in codes.iter().enumerate() {
        let k = k as usize;
        let p = geom.step(c, k);
        let back = codes[p] as usize;
        if back != (k + nf) % ncodes {
            inconsistencies.push(Inconsistency {
                cell: geom.cell_name(c).to_string(),
                code: k as u8,
                direction: geom.code_name(k).to_string(),
                partner: geom.cell_name(p).to_string(),
                partner_code: back as u8,
                partner_points_to: geom.cell_name(geom.step(p, back)).to_string(),
            });
        }
    }
    let consistent = inconsistencies.is_empty();
    if !consistent {
        return Analysis::inconsistent(inconsistencies);
    }
    // Each domino counted once, at its anchor (the cell whose code is +v_f).
    let mut on_line: Vec<Vec<usize>> = vec![Vec::new(); geom.nlines()];
    let mut by_family = vec![0usize; nf];
    for (c, &k) in codes.iter().enumerate() {
        let k = k as usize;
        if k < nf {
            on_line[geom.line[k * n + c]].push(c);
            by_family[k] += 1;
        }
    }
    let domino = |l: usize, a: usize| -> String {
        let f = geom.line_family[l];
        format!("{}-{}", geom.cell_name(a), geom.cell_name(geom.step(a, f)))
    };
    let mut lines_without_domino = Vec::new();
    let mut lines_with_several = Vec::new();
    for (l, anchors) in on_line.iter().enumerate() {
        let report = LineReport {
            line: geom.line_name(l).to_string(),
            index: l,
            dominoes: anchors.iter().map(|&a| domino(l, a)).collect(),
        };
        match anchors.len() {
            0 => lines_without_domino.push(report),
            1 => {}
            _ => lines_with_several.push(report),
        }
    }
    let window = window_check(geom, codes, window_size(geom.dimension));
    let window_ok = window.runs_failed == 0;
    let lines_ok = lines_without_domino.is_empty() && lines_with_several.is_empty();
    Analysis {
        consistent,
        inconsistencies,
        pairs: n / 2,
        all_pairs_are_dominoes: true,
        dominoes_by_orientation: (0..nf)
            .map(|f| OrientationCount {
                orientation: geom.orientation_name(f),
                dominoes: by_family[f],
            })
            .collect(),
        checks_agree: window_ok == lines_without_domino.is_empty(),
        lines_without_domino,
        lines_with_several,
        window: Some(window),
        good: lines_ok && window_ok,
    }
}

/// Side of the window used by [`analyse`] on a board of `dimension` dimensions:
/// [`WINDOW`] on 1- and 2-D boards, [`WINDOW_3D`] on 3-D boards.
pub fn window_size(dimension: usize) -> usize {
    if dimension == 3 { WINDOW_3D } else { WINDOW }
}

/// The periodic check: extends `codes` (a consistent pairing) to a `size × size`
/// window of the plane (`size × 1` on a 1-D board, `size × size × size` of space on
/// a 3-D board) and examines every run of `k` consecutive cells along every
/// direction `+v_f` that lies inside the window.
///
/// For each maximal segment of the window along `v_f`, `end[i]` is the position of
/// the partner of cell `i` when that partner lies further along the same segment
/// (`∞` otherwise); the run starting at `s` holds a pair exactly when
/// `min_{i ≥ s} end[i] ≤ s + k − 1`. That is `O(size^d)` per direction.
pub fn window_check(geom: &Geometry, codes: &[u8], size: usize) -> WindowReport {
    let d = geom.dimension;
    let extent = |i: usize| if i < d { size as i64 } else { 1i64 };
    let (ww, wh, wd) = (extent(0), extent(1), extent(2));
    let inside =
        |p: [i64; 3]| p[0] >= 0 && p[1] >= 0 && p[2] >= 0 && p[0] < ww && p[1] < wh && p[2] < wd;
    // Torus offsets of the window's columns, rows and layers, so the walk divides
    // nothing.
    let [w, h, dp] = geom.sides;
    let xmod: Vec<usize> = (0..ww as usize).map(|x| x % w).collect();
    let ymod: Vec<usize> = (0..wh as usize).map(|y| (y % h) * w).collect();
    let zmod: Vec<usize> = (0..wd as usize).map(|z| (z % dp) * w * h).collect();
    let mut checked = 0u64;
    let mut failed = 0u64;
    let mut first: Option<(usize, i64, i64, i64)> = None;
    let mut end: Vec<usize> = Vec::with_capacity(size);
    for f in 0..geom.nfam {
        let v = geom.vec[f];
        let k = geom.run_length(f);
        let vv: i64 = v.iter().map(|a| a * a).sum();
        // along[code] = s ≥ 1 when the code's vector is s·v_f, else 0: the partner lies
        // s cells further along the segment.
        let along: Vec<usize> = geom
            .vec
            .iter()
            .map(|u| {
                let dot: i64 = (0..3).map(|i| u[i] * v[i]).sum();
                let parallel = (0..3).all(|i| (0..3).all(|j| u[i] * v[j] == u[j] * v[i]));
                if parallel && dot > 0 {
                    (dot / vv) as usize
                } else {
                    0
                }
            })
            .collect();
        for sz in 0..wd {
            for sy in 0..wh {
                for sx in 0..ww {
                    if inside([sx - v[0], sy - v[1], sz - v[2]]) {
                        continue; // not the first cell of a segment
                    }
                    // Walk the segment.
                    end.clear();
                    let mut p = [sx, sy, sz];
                    while inside(p) {
                        let code =
                            codes[zmod[p[2] as usize] + ymod[p[1] as usize] + xmod[p[0] as usize]];
                        let s = along[code as usize];
                        end.push(if s > 0 { end.len() + s } else { usize::MAX });
                        p = [p[0] + v[0], p[1] + v[1], p[2] + v[2]];
                    }
                    let len = end.len();
                    if len < k {
                        continue;
                    }
                    let mut best = usize::MAX;
                    for s in (0..len).rev() {
                        best = best.min(end[s]);
                        if s + k <= len {
                            checked += 1;
                            if best > s + k - 1 {
                                failed += 1;
                                let s = s as i64;
                                let key = (f, sz + v[2] * s, sy + v[1] * s, sx + v[0] * s);
                                if first.is_none_or(|b| key < b) {
                                    first = Some(key);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    let first_failure = first.map(|(f, z, y, x)| {
        let v = geom.vec[f];
        let k = geom.run_length(f) as i64;
        WindowFailure {
            x,
            y,
            direction: geom.code_name(f).to_string(),
            cells: k as usize,
            last_x: x + v[0] * (k - 1),
            last_y: y + v[1] * (k - 1),
            z: (d == 3).then_some(z),
            last_z: (d == 3).then_some(z + v[2] * (k - 1)),
        }
    });
    WindowReport {
        width: ww as usize,
        height: wh as usize,
        depth: (d == 3).then_some(wd as usize),
        runs_checked: checked,
        runs_failed: failed,
        first_failure,
    }
}

// ---------------------------------------------------------------------------------
// Check 6: the class of a good pairing.
// ---------------------------------------------------------------------------------

/// A symmetry `g(x) = M·x + t`, readable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SymmetryReport {
    /// Index into the board's point group ([`crate::board::Symmetry::m`]).
    pub point_group_element: usize,
    /// Cell index of the translation ([`crate::board::Symmetry::t`]).
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

/// Where a class sits in the pairing graph (SPEC §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GraphFacts {
    /// 1-based component number (by decreasing size, then smallest member ID).
    pub component: usize,
    /// Vertices in that component.
    pub component_size: usize,
    /// Degree of the class.
    pub degree: usize,
}

/// The pairing-graph facts of class `id` (1-based), `None` when `graph` has no
/// such vertex.
pub fn graph_facts(graph: &crate::graph::PairingGraph, id: usize) -> Option<GraphFacts> {
    if id == 0 || id > graph.vertex_count() {
        return None;
    }
    let component = graph.component(id);
    Some(GraphFacts {
        component,
        component_size: graph.component_size(component),
        degree: graph.degree(id),
    })
}

/// The class of a good pairing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassReport {
    /// Canonical one-line form (SPEC §4).
    pub canonical: String,
    /// A symmetry taking the pairing as given to its canonical form.
    pub to_canonical: SymmetryReport,
    /// Catalogue ID (1-based line number), when a catalogue was consulted and holds it.
    pub id: Option<usize>,
    /// Order of the stabiliser of the pairing as given.
    pub stabiliser_order: usize,
    /// The symmetries fixing the pairing as given, identity first.
    pub stabiliser: Vec<SymmetryReport>,
    /// Pairing-graph facts, when the graph was available.
    pub graph: Option<GraphFacts>,
    /// Why no catalogue was consulted, on boards that have none
    /// ([`no_catalogue_reason`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_catalogue: Option<String>,
}

/// Boards with more cells than this have no catalogue: their classes are not
/// enumerated (on cube7, 216 cells, the count is out of reach), so the verifier
/// reports the canonical form and stabiliser only.
pub const MAX_CATALOGUE_CELLS: usize = 64;

/// `Some(reason)` when `geom`'s board has no catalogue (more than
/// [`MAX_CATALOGUE_CELLS`] cells): no ID and no pairing-graph facts can be given.
pub fn no_catalogue_reason(geom: &Geometry) -> Option<String> {
    (geom.ncells() > MAX_CATALOGUE_CELLS).then(|| {
        format!(
            "board {} ({} cells) has no catalogue: its classes are not enumerated (the \
             count is out of reach), so there is no ID and no pairing-graph facts",
            geom.name,
            geom.ncells()
        )
    })
}

/// Check 6 for a good pairing: canonical form and stabiliser, computed both by
/// [`symmetry::canonical`] and by brute force with the verifier's own arithmetic,
/// cross-checked; the canonical form re-verified by [`analyse`]; the ID looked up in
/// `catalogue` (if given) and the catalogue's codes compared with the canonical
/// text. Graph facts are left empty for the caller.
pub fn classify(
    geom: &Geometry,
    board: &Board,
    codes: &[u8],
    catalogue: Option<&Catalogue>,
) -> Result<ClassReport, VerifyError> {
    let n = geom.ncells();
    // Brute force: every image, its minimum, and the symmetries fixing `codes`.
    let mut img = vec![0u8; n];
    let mut best: Option<(Vec<u8>, usize, usize)> = None;
    let mut stab: Vec<(usize, usize)> = Vec::new();
    for m in 0..geom.npoint() {
        for t in 0..n {
            geom.apply(codes, m, t, &mut img);
            if img == codes {
                stab.push((m, t));
            }
            if best.as_ref().is_none_or(|b| img < b.0) {
                best = Some((img.clone(), m, t));
            }
        }
    }
    let (own_canon, _, _) =
        best.ok_or_else(|| VerifyError::CrossCheck("the point group is empty".into()))?;
    // The machinery's answer.
    let pairing = crate::pairing::Pairing::from_codes(codes.to_vec());
    let lib = symmetry::canonical(board, &pairing);
    let text = |c: &[u8]| c.iter().map(|&k| (b'0' + k) as char).collect::<String>();
    if lib.codes != own_canon {
        return Err(VerifyError::CrossCheck(format!(
            "canonical form of {}: amoba::symmetry::canonical gives {}, the brute-force \
             minimum over all {} images is {}",
            text(codes),
            text(&lib.codes),
            geom.npoint() * n,
            text(&own_canon)
        )));
    }
    let mut lib_stab: Vec<(usize, usize)> = lib.stabiliser.iter().map(|g| (g.m, g.t)).collect();
    lib_stab.sort_unstable();
    if lib_stab != stab {
        return Err(VerifyError::CrossCheck(format!(
            "stabiliser of {}: amoba::symmetry::canonical finds {} symmetries {:?}, the \
             brute force {} {:?}",
            text(codes),
            lib_stab.len(),
            lib_stab,
            stab.len(),
            stab
        )));
    }
    let (tm, tt) = (lib.to_canonical.m, lib.to_canonical.t);
    geom.apply(codes, tm, tt, &mut img);
    if img != own_canon {
        return Err(VerifyError::CrossCheck(format!(
            "the symmetry returned by amoba::symmetry::canonical does not map {} to its \
             canonical form",
            text(codes)
        )));
    }
    let again = analyse(geom, &own_canon);
    if !again.good {
        return Err(VerifyError::CrossCheck(format!(
            "the canonical form {} of a good pairing is not good",
            text(&own_canon)
        )));
    }
    let canonical = text(&own_canon);
    let id = match catalogue {
        None => None,
        Some(cat) => {
            if cat.ncells() != n {
                return Err(VerifyError::CrossCheck(format!(
                    "the catalogue holds pairings of {} cells, board {} has {n}",
                    cat.ncells(),
                    geom.name
                )));
            }
            match cat.id_of(&own_canon) {
                None => None,
                Some(id) => {
                    if text(cat.codes_of(id)) != canonical {
                        return Err(VerifyError::CrossCheck(format!(
                            "catalogue line {id} reads {}, expected {canonical}",
                            text(cat.codes_of(id))
                        )));
                    }
                    Some(id)
                }
            }
        }
    };
    let stabiliser = stab
        .iter()
        .map(|&(m, t)| geom.describe_symmetry(m, t))
        .collect();
    Ok(ClassReport {
        canonical,
        to_canonical: geom.describe_symmetry(tm, tt),
        id,
        stabiliser_order: stab.len(),
        stabiliser,
        graph: None,
        no_catalogue: None,
    })
}

/// Confirms that line `id` of the catalogue file at `path` reads `canonical`.
///
/// Catalogue lines all have the same length (`N` codes and `\n`, SPEC §4), so line
/// `id` starts at byte `(id − 1)(N + 1)`; that line is read from the file itself, not
/// from memory, and compared as text.
pub fn check_catalogue_line(path: &Path, id: usize, canonical: &str) -> Result<(), VerifyError> {
    let file_name = path.display().to_string();
    let read_err = |source: io::Error| VerifyError::Read {
        file: file_name.clone(),
        source,
    };
    let mut f = std::fs::File::open(path).map_err(read_err)?;
    let len = canonical.len() + 1;
    let offset = (id.saturating_sub(1) as u64) * len as u64;
    f.seek(SeekFrom::Start(offset)).map_err(read_err)?;
    let mut line = Vec::with_capacity(len);
    f.take(len as u64)
        .read_to_end(&mut line)
        .map_err(read_err)?;
    let expected = format!("{canonical}\n");
    if line != expected.as_bytes() {
        return Err(VerifyError::CrossCheck(format!(
            "{}:{id}: the catalogue line reads {:?}, expected {canonical}",
            path.display(),
            String::from_utf8_lossy(&line).trim_end()
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------
// The report of one candidate.
// ---------------------------------------------------------------------------------

/// The verdict on one candidate: where it is, what checks 2–6 found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairingReport {
    /// File name as given.
    pub file: String,
    /// 1-based position of the pairing in its file.
    pub index: usize,
    /// 1-based line of its first row.
    pub line: usize,
    /// 1-based column of its first code.
    pub column: usize,
    /// The form it was written in.
    pub form: Form,
    /// The pairing in one-line form.
    pub pairing: String,
    /// Good (SPEC §2).
    pub good: bool,
    /// Checks 2–5.
    pub analysis: Analysis,
    /// Check 6, for good pairings.
    pub class: Option<ClassReport>,
}

impl PairingReport {
    /// Runs checks 2–5 on a candidate; check 6 is [`classify`], run by the caller
    /// (it needs the catalogue) and stored in [`PairingReport::class`].
    pub fn new(geom: &Geometry, file: &str, index: usize, cand: &Candidate) -> PairingReport {
        let analysis = analyse(geom, &cand.codes);
        PairingReport {
            file: file.to_string(),
            index,
            line: cand.line,
            column: cand.column,
            form: cand.form,
            pairing: cand.codes.iter().map(|&k| (b'0' + k) as char).collect(),
            good: analysis.good,
            analysis,
            class: None,
        }
    }

    /// One line: `FILE:LINE: pairing I: good, ID 17` or the main reason it is not.
    pub fn brief(&self) -> String {
        let a = &self.analysis;
        let verdict = if self.good {
            match self.class.as_ref().and_then(|c| c.id) {
                Some(id) => format!("good, ID {id}"),
                None => "good".to_string(),
            }
        } else if !a.consistent {
            format!(
                "NOT GOOD: inconsistent at {} cells",
                a.inconsistencies.len()
            )
        } else {
            format!(
                "NOT GOOD: {} lines without a domino, {} with two or more",
                a.lines_without_domino.len(),
                a.lines_with_several.len()
            )
        };
        format!(
            "{}:{}: pairing {}: {verdict}",
            self.file, self.line, self.index
        )
    }

    /// The full human report (several lines, each ending in `\n`).
    pub fn to_text(&self, geom: &Geometry) -> String {
        use std::fmt::Write;
        let a = &self.analysis;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{}:{}: pairing {} ({} form): {}",
            self.file,
            self.line,
            self.index,
            self.form.name(),
            if self.good { "GOOD" } else { "NOT GOOD" }
        );
        let _ = writeln!(s, "  pairing: {}", self.pairing);
        if a.consistent {
            let _ = writeln!(
                s,
                "  consistent: yes, every cell's partner points back ({} pairs)",
                a.pairs
            );
            let by: Vec<String> = a
                .dominoes_by_orientation
                .iter()
                .map(|o| format!("{} {}", o.dominoes, o.orientation))
                .collect();
            let _ = writeln!(
                s,
                "  dominoes: all {} pairs are dominoes (on the text form every code is a \
                 step to a neighbouring cell): {}",
                a.pairs,
                by.join(", ")
            );
        } else {
            let _ = writeln!(
                s,
                "  consistent: no, {} cells' partners do not point back:",
                a.inconsistencies.len()
            );
            for i in &a.inconsistencies {
                let _ = writeln!(
                    s,
                    "    {} has code {} ({}) → {}, whose code {} points to {}",
                    i.cell, i.code, i.direction, i.partner, i.partner_code, i.partner_points_to
                );
            }
            let _ = writeln!(
                s,
                "  dominoes and lines: not examined (the grid is not a pairing)"
            );
        }
        if a.consistent {
            if a.lines_without_domino.is_empty() && a.lines_with_several.is_empty() {
                let _ = writeln!(
                    s,
                    "  lines: each of the {} lines holds exactly one domino",
                    geom.nlines()
                );
            } else {
                let _ = writeln!(
                    s,
                    "  lines: {} without a domino, {} with two or more:",
                    a.lines_without_domino.len(),
                    a.lines_with_several.len()
                );
                for l in &a.lines_without_domino {
                    let _ = writeln!(s, "    {}: none", l.line);
                }
                for l in &a.lines_with_several {
                    let _ = writeln!(
                        s,
                        "    {}: {} dominoes {}",
                        l.line,
                        l.dominoes.len(),
                        l.dominoes.join(", ")
                    );
                }
            }
        }
        if let Some(w) = &a.window {
            let dims = match (geom.dimension, w.depth) {
                (1, _) => format!("{} cells of the line", w.width),
                (_, Some(d)) => format!("{}×{}×{d} window of space", w.width, w.height),
                _ => format!("{}×{} window of the plane", w.width, w.height),
            };
            match &w.first_failure {
                None => {
                    let _ = writeln!(
                        s,
                        "  periodic check ({dims}): all {} runs of {} consecutive cells hold a pair",
                        w.runs_checked,
                        geom.run_length(0)
                    );
                }
                Some(f) => {
                    let at = |x: i64, y: i64, z: Option<i64>| match (geom.dimension, z) {
                        (1, _) => format!("({x})"),
                        (_, Some(z)) => format!("({x},{y},{z})"),
                        _ => format!("({x},{y})"),
                    };
                    let _ = writeln!(
                        s,
                        "  periodic check ({dims}): FAILS: the {} cells from {} going {} to {} \
                         hold no pair ({} of {} runs fail)",
                        f.cells,
                        at(f.x, f.y, f.z),
                        f.direction,
                        at(f.last_x, f.last_y, f.last_z),
                        w.runs_failed,
                        w.runs_checked
                    );
                }
            }
            if !a.checks_agree {
                let _ = writeln!(
                    s,
                    "  INTERNAL DISAGREEMENT: the periodic check and the line count disagree"
                );
            }
        }
        if let Some(c) = &self.class {
            let _ = writeln!(s, "  canonical form: {}", c.canonical);
            let _ = writeln!(
                s,
                "    reached by {}: {}",
                c.to_canonical.kind, c.to_canonical.formula
            );
            match c.id {
                Some(id) => {
                    let _ = writeln!(s, "  catalogue ID: {id}");
                }
                None => match &c.no_catalogue {
                    Some(why) => {
                        let _ = writeln!(s, "  catalogue ID: none ({why})");
                    }
                    None => {
                        let _ = writeln!(s, "  catalogue ID: not looked up");
                    }
                },
            }
            let _ = writeln!(s, "  stabiliser order: {}", c.stabiliser_order);
            for g in &c.stabiliser {
                let _ = writeln!(s, "    {}: {}", g.kind, g.formula);
            }
            if let Some(gf) = &c.graph {
                let _ = writeln!(
                    s,
                    "  pairing graph: component {} ({} vertices), degree {}",
                    gf.component, gf.component_size, gf.degree
                );
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST: &str = "0411111504155555041522220435666627333304677773044222733046667710";

    fn read_all(geom: &Geometry, text: &[u8]) -> Result<Vec<Candidate>, VerifyError> {
        Reader::new(geom, "t", text).collect()
    }

    #[test]
    fn own_lines_match_the_board_numbering() {
        let b = Board::square9();
        let g = Geometry::new(&b).unwrap();
        assert_eq!(g.nlines(), 32);
        for l in 0..32 {
            assert_eq!(g.line_name(l), b.line_name(l));
        }
        for c in 0..64 {
            for k in 0..8 {
                assert_eq!(g.step(c, k), b.neighbor(c, k));
            }
        }
    }

    #[test]
    fn first_pairing_is_good_in_both_forms() {
        let b = Board::square9();
        let g = Geometry::new(&b).unwrap();
        let grid: String = FIRST
            .as_bytes()
            .chunks(8)
            .map(|r| format!("{}\r\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let text = format!("# c\n{FIRST}  # trailing\n\n{grid}");
        let cands = read_all(&g, text.as_bytes()).unwrap();
        assert_eq!(cands.len(), 2);
        assert_eq!(cands[0].codes, cands[1].codes);
        assert_eq!((cands[1].line, cands[1].form), (4, Form::Grid));
        let a = analyse(&g, &cands[0].codes);
        assert!(a.good && a.checks_agree, "{a:?}");
        let w = a.window.unwrap();
        assert_eq!(w.runs_failed, 0);
        // Rows and columns: 64 segments × 56 runs each; diagonals: Σ over segments.
        assert!(w.runs_checked > 2 * 64 * 56);
    }

    fn cube_codes() -> Vec<u8> {
        let text = include_str!("../data/cube7/good.txt");
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        line.bytes().map(|b| b - b'0').collect()
    }

    #[test]
    fn cube7_geometry_and_symmetry_names() {
        let b = Board::cube7();
        let g = Geometry::new(&b).unwrap();
        assert_eq!(
            (g.dims(), g.grid_rows(), g.nlines()),
            (&[6, 6, 6][..], 36, 108)
        );
        assert_eq!(g.coords(5 + 6 * (4 + 6 * 3)), [5, 4, 3]);
        assert_eq!(g.index([-1, 6, 13]), 5 + 6 * 6); // (5, 0, 1)
        for c in (0..216).step_by(5) {
            for k in 0..6 {
                assert_eq!(g.step(c, k), b.neighbor(c, k));
            }
        }
        // (x,y,z) ↦ (y, −x, z): a quarter turn about the z axis.
        let m = b
            .point_group()
            .iter()
            .position(|m| m == &vec![0, 1, 0, -1, 0, 0, 0, 0, 1])
            .unwrap();
        let d = g.describe_symmetry(m, 1 + 6 * (2 + 6 * 3));
        assert_eq!(d.formula, "(x,y,z) ↦ (y+1, −x+2, z+3) (mod 6)");
        assert_eq!(
            d.kind,
            "quarter turn about a coordinate axis, then translation by (1,2,3)"
        );
        assert_eq!(d.matrix, vec![vec![0, 1, 0], vec![-1, 0, 0], vec![0, 0, 1]]);
        let inv = b
            .point_group()
            .iter()
            .position(|m| m == &vec![-1, 0, 0, 0, -1, 0, 0, 0, -1])
            .unwrap();
        assert_eq!(
            g.describe_symmetry(inv, 0).kind,
            "inversion through the origin"
        );
        assert_eq!(g.describe_symmetry(0, 0).kind, "identity");
    }

    #[test]
    fn cube7_pairing_is_good_and_its_window_checked() {
        let b = Board::cube7();
        let g = Geometry::new(&b).unwrap();
        let codes = cube_codes();
        let a = analyse(&g, &codes);
        assert!(a.good && a.checks_agree, "{a:?}");
        let w = a.window.unwrap();
        assert_eq!((w.width, w.height, w.depth), (24, 24, Some(24)));
        assert_eq!(w.runs_checked, 3 * 24 * 24 * 18);
        // A 2×2 flip in the xz plane: two x-dominoes stacked along z become two
        // z-dominoes. Still consistent; two x-lines are now empty.
        let mut bad = codes.clone();
        let c = (0..216)
            .find(|&c| codes[c] == 0 && codes[g.step(c, 2)] == 0)
            .expect("two x-dominoes stacked along z");
        let (r, up, rup) = (g.step(c, 0), g.step(c, 2), g.step(g.step(c, 2), 0));
        (bad[c], bad[up], bad[r], bad[rup]) = (2, 5, 2, 5);
        let a = analyse(&g, &bad);
        assert!(a.consistent && !a.good && a.checks_agree);
        assert_eq!(a.lines_without_domino.len(), 2);
        let f = a.window.unwrap().first_failure.unwrap();
        assert_eq!(f.direction, "+x");
        assert!(f.z.is_some() && f.last_x - f.x == 6);
    }

    #[test]
    fn reader_reports_positions() {
        let b = Board::square9();
        let g = Geometry::new(&b).unwrap();
        let err = |t: &[u8]| match read_all(&g, t) {
            Err(VerifyError::Malformed { line, column, .. }) => (line, column),
            other => panic!("{other:?}"),
        };
        assert_eq!(err(b""), (1, 1));
        assert_eq!(err(b"04111118\n"), (1, 8));
        assert_eq!(err(b"0411111\n"), (1, 8));
        assert_eq!(err(b"04111115\n0411\n"), (2, 5));
        assert_eq!(err(b"04111115\n\n"), (2, 1));
        assert_eq!(err(b"04111115\n"), (2, 1));
        assert_eq!(err(b"04111115"), (1, 9));
        assert_eq!(err(b"  0411 1115\n"), (1, 8));
        assert_eq!(err(b"\xff\n"), (1, 1));
        assert_eq!(err(b"# ok\n# \xe2\x88\x92\n"), (3, 1));
        assert_eq!(err(&[b'0'; 10_000]), (1, 4097));
        assert_eq!(err(&[0u8; 10_000]), (1, 1));
    }
}
