//! Board geometry: the periodic board, its direction codes, dominoes, lines and
//! point group (docs/spec.md §2, §7, §8).
//!
//! Every board of the published work — the 8×8 torus of 9-in-a-row, the hexagonal
//! board, the small tori, the 6×6×6 cube, the 16-toroidal board — is one kind of
//! object, so a board is *data*:
//!
//! * a **period lattice** `Λ` ([`lattice::Lattice`], in Hermite normal form): the
//!   board is `Z^d / Λ`, `d ≤ 3`, and its cells are the points of the fundamental
//!   domain `0 ≤ x_i < s_i`, numbered with the first coordinate fastest (cell `(x, y)`
//!   of the 8×8 torus is `8y + x`; of the 16-toroidal board `16y + x`), which is the
//!   order of the one-line text form;
//! * `n` **directions** `v_f` (primitive integer vectors, *families*). The direction
//!   codes are `f` for `+v_f` and `f + n` for `−v_f`, so a code and its opposite differ
//!   by `n` (for the square board E, SE, S, SW give exactly the codes 0–7 of §2);
//! * the **spacing** `p = k − 1` (`2n` for a tight game). A line of family `f` is an
//!   orbit of the translation by `v_f`; it has `ord(v_f)` cells (the least `t > 0` with
//!   `t·v_f ∈ Λ`), which must be a multiple of `p`, and a good pairing puts
//!   `q_f = ord(v_f)/p` dominoes on it, exactly `p` apart ([`Board::per_line`]);
//! * a **point group** ([`group`]): the integer matrices of determinant ±1 that map
//!   `Λ` and the set `{±v_f}` onto themselves, computed unless the board names a
//!   subgroup. With the translations they form the symmetry group of §4;
//! * what is *special* about a board, also as data ([`Info`]): its name, the tag of
//!   its file names, a description, the published figures ([`Published`]), whether a
//!   catalogue of its classes is within reach, the board it refines (the 16-toroidal
//!   board refines the 8×8 torus: its catalogue leaves out the pairings of the
//!   coarser board), and which fast path of the engine applies ([`FastPath`]).
//!
//! The built-in boards are the files of `data/boards/`, compiled in ([`builtin`]);
//! a board file of the same format (FORMATS.md, *Board files*) poses any other game.
//!
//! Derived tables, all computed once in [`Board::from_def`]:
//!
//! * `neighbor[c·2n + k]` — the cell reached from `c` by code `k`;
//! * `lines` — the lines of each family, numbered by family, then by smallest cell;
//!   [`Board::line_of`] finds the line of a domino. On the square board (families E,
//!   SE, S, SW) this gives rows `0..8` (by y), diagonals `8..16` (by x−y mod 8),
//!   columns `16..24` (by x) and antidiagonals `24..32` (by x+y mod 8);
//! * a *domino* is named by its family `f` and its *anchor* `a`: it covers `a` and
//!   `a + v_f`, and `a` carries code `f`, `a + v_f` code `f + n`. On the 2-cycle torus
//!   of 3-in-a-row the anchors 0 and 1 cover the same two cells but are different
//!   pairings of the line (`{2k, 2k+1}` versus `{2k+1, 2k+2}`), which is why dominoes
//!   are named by anchor and not by their cell set;
//! * `jump[f·N + a]` — the anchor `a + p·v_f` of the next domino of the same line;
//! * `mcode[m·2n + k]` — the code of `M_m · v_k`: how a point-group element rewrites
//!   codes;
//! * `pull[(m·N + a)·N + i]` — the cell `a + M_m⁻¹ · pos(i)`. For the symmetry
//!   `g(x) = M_m (x − a)`, which sends `a` to the origin, `g⁻¹(i)` is that cell, so the
//!   code of cell `i` in `g(P)` is `mcode[m][P[pull[m][a][i]]]`. Every canonical-form
//!   computation in the crate (§4) reads images through this table without building
//!   them. It has `|M|·N²` entries, so it is built on first use.

mod build;
pub mod builtin;
pub mod directions;
pub mod group;
pub mod lattice;
pub mod pairing;
pub mod published;
pub mod square16;
pub mod square8;

pub use build::check_directions;
use group::{GroupError, Matrix, apply};
use lattice::{Lattice, LatticeError, vector_text};
pub use published::Published;
use std::fmt;
use std::sync::OnceLock;

/// Largest board the bitboard search handles with symmetry breaking and one-byte
/// cell indices; larger boards use wider indices.
pub const MAX_SEARCH_CELLS: usize = 254;

/// The most direction families a board may have (codes are one character each, `0–9`
/// then `a–z`).
pub const MAX_FAMILIES: usize = 18;

/// A symmetry `g(x) = M_m · x + t` of the board: point-group element `m`, translation
/// `t` given as the cell index of the vector `t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symmetry {
    /// Index into [`Board::point_group`].
    pub m: usize,
    /// Cell index of the translation vector.
    pub t: usize,
}

/// One line of the board.
#[derive(Clone, Debug)]
pub struct Line {
    /// The family (index of the direction vector) the line runs along.
    pub family: usize,
    /// Its cells, starting at the smallest index and stepping by `v_family`.
    pub cells: Vec<usize>,
}

/// A fast path of the engine that applies to a board (decided from its geometry, never
/// from its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FastPath {
    /// The 8×8 torus with directions E, SE, S, SW and the point group D4: bitboard
    /// shifts in the search ([`square8`]) and bitboard class keys in the graph
    /// (`crate::pairing::symmetry::torus8`).
    Square8,
    /// The 16-toroidal board of 9-in-a-row, `Z² / ⟨(16,0), (8,8)⟩`, with directions
    /// E, SE, S, SW and the point group D4: hand-written `u128` shifts in the search
    /// ([`square16`]).
    Square16,
}

/// What is special about a board, as data.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Info {
    /// Name, e.g. `square9`.
    pub name: String,
    /// Tag of its file names, e.g. `9` in `catalogue-9.txt`.
    pub tag: String,
    /// One line saying what it is.
    pub description: String,
    /// The published figures.
    pub published: Published,
    /// `Some(false)` when a catalogue of its classes is known to be out of reach.
    pub catalogue: Option<bool>,
    /// The board this one refines: its good pairings that are also good pairings of
    /// that board (periodic with its lattice) are left out of the catalogue.
    pub refines: Option<String>,
}

/// A board as described by a board file, before its tables are built.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardDef {
    /// Name, tag, description, published figures, feasibility.
    pub info: Info,
    /// The period lattice.
    pub lattice: Lattice,
    /// The directions `v_f`, in code order.
    pub directions: Vec<Vec<i64>>,
    /// The spacing `p = k − 1`.
    pub spacing: usize,
    /// An explicit point group (a subgroup of the computed one), if given.
    pub point_group: Option<Vec<Matrix>>,
    /// The lattice of the refined board, when [`Info::refines`] is set.
    pub coarser: Option<Lattice>,
}

/// A board: lattice, line families and point group, with derived lookup tables.
#[derive(Clone)]
pub struct Board {
    info: Info,
    lattice: Lattice,
    dims: Vec<usize>,
    spacing: usize,
    families: Vec<Vec<i64>>,
    group: Vec<Matrix>,
    ncells: usize,
    coords: Vec<Vec<i64>>,
    neighbor: Vec<usize>,
    lines: Vec<Line>,
    line_of_cell: Vec<usize>,
    order: Vec<usize>,
    jump: Vec<usize>,
    mcode: Vec<u8>,
    inverse: Vec<usize>,
    pull: OnceLock<Vec<u16>>,
    fast: Option<FastPath>,
    coarser: Option<Lattice>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("name", &self.info.name)
            .field("lattice", &self.lattice)
            .field("families", &self.families)
            .field("spacing", &self.spacing)
            .field("group_order", &self.group.len())
            .finish()
    }
}

/// Why a board description was rejected.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardError {
    /// A vector or matrix has the wrong number of coordinates, or a value is out of
    /// range.
    #[error("{0}")]
    Dimension(String),
    /// The lattice is malformed. The message includes the cause, which is therefore
    /// not kept as a source: printed with its causes, the reason appears once.
    #[error("lattice: {0}")]
    Lattice(LatticeError),
    /// The point group cannot be built or is not a group of symmetries. The message
    /// includes the cause, which is therefore not kept as a source.
    #[error("point group: {0}")]
    Group(GroupError),
    /// No board of that name.
    #[error("{0}")]
    Unknown(String),
    /// A direction is zero, not primitive or repeated, or its lines cannot hold
    /// dominoes `p` apart.
    #[error("{0}")]
    Family(String),
    /// A board file could not be read or parsed.
    #[error("{0}")]
    File(String),
    /// Vectors typed on the command line ([`builtin::parse_vectors`]) do not parse.
    #[error(
        "{flag}: expected vectors of integers separated by commas, the vectors separated \
         by spaces (e.g. \"1,0 0,1\"), found {found:?}"
    )]
    Vectors {
        /// The option or argument that gave them, e.g. `--directions`.
        flag: String,
        /// The vector that does not parse, as typed.
        found: String,
    },
}

impl From<LatticeError> for BoardError {
    fn from(e: LatticeError) -> BoardError {
        BoardError::Lattice(e)
    }
}

impl From<GroupError> for BoardError {
    fn from(e: GroupError) -> BoardError {
        BoardError::Group(e)
    }
}

impl Board {
    /// The 8×8 torus of 9-in-a-row (§2): four directions, 512 symmetries.
    pub fn square9() -> Board {
        builtin::board("square9").expect("a built-in board")
    }

    /// The 16-toroidal board of 9-in-a-row (§8): `Z² / ⟨(8,8),(8,−8)⟩`, 128 cells,
    /// 1,024 symmetries; its catalogue holds the 16-toroidal pairings.
    pub fn square9_16() -> Board {
        builtin::board("square9-16").expect("a built-in board")
    }

    /// The 4×4 torus of 5-in-a-row with rows and columns only (§7).
    pub fn square5() -> Board {
        builtin::board("square5").expect("a built-in board")
    }

    /// The hexagonal board of 7-in-a-row (§7) under the group of the published work
    /// (order 6; see `data/boards/hex7.toml`).
    pub fn hex7() -> Board {
        builtin::board("hex7").expect("a built-in board")
    }

    /// The hexagonal board of 7-in-a-row under the full hexagonal point group (order
    /// 12: six rotations, six reflections).
    pub fn hex7full() -> Board {
        builtin::board("hex7full").expect("a built-in board")
    }

    /// One direction, 3-in-a-row: the torus of 2 cells (§7).
    pub fn line3() -> Board {
        builtin::board("line3").expect("a built-in board")
    }

    /// Three dimensions, three axis directions, 7-in-a-row (§7): the 6×6×6 torus, 216
    /// cells, 108 axis lines, 10,368 symmetries.
    pub fn cube7() -> Board {
        builtin::board("cube7").expect("a built-in board")
    }

    /// Names of the built-in boards.
    pub const NAMES: [&'static str; 7] = builtin::NAMES;

    /// A built-in board by name, or a board file by path (a name that contains `/` or
    /// ends in `.toml`).
    pub fn by_name(name: &str) -> Result<Board, BoardError> {
        if name.contains('/') || name.ends_with(".toml") {
            return builtin::from_file(std::path::Path::new(name));
        }
        builtin::board(name)
    }

    /// Board name, e.g. `square9`.
    pub fn name(&self) -> &str {
        &self.info.name
    }
    /// What is special about the board (name, tag, published figures, …).
    pub fn info(&self) -> &Info {
        &self.info
    }
    /// The tag of its file names: `9` for the 8×8 torus (`catalogue-9.txt`).
    pub fn tag(&self) -> &str {
        &self.info.tag
    }
    /// The published figures of the board.
    pub fn published(&self) -> &Published {
        &self.info.published
    }
    /// The fast path of the engine that applies, if any.
    pub fn fast_path(&self) -> Option<FastPath> {
        self.fast
    }
    /// The period lattice.
    pub fn lattice(&self) -> &Lattice {
        &self.lattice
    }
    /// The lattice of the board this one refines (see [`Info::refines`]).
    pub fn coarser_lattice(&self) -> Option<&Lattice> {
        self.coarser.as_ref()
    }
    /// On a board that refines a coarser one *of index 2* (the 16-toroidal board of
    /// docs/spec.md §8): the translation `τ` by a vector of the coarser lattice outside
    /// the board's, as a cell map (`τ[c]` is `c + w`), provided every point-group
    /// element fixes `w` modulo the lattice. Then `τ` commutes with every symmetry, and
    /// a pairing of the board is a pairing of the coarser board exactly when it is
    /// invariant under `τ`. `None` on every other board.
    pub fn coarse_translation(&self) -> Option<Vec<usize>> {
        let coarse = self.coarser.as_ref()?;
        if self.lattice.index() != 2 * coarse.index() {
            return None;
        }
        let w = coarse.basis().iter().find(|w| !self.lattice.contains(w))?;
        let d = self.dim();
        let fixed = self.group.iter().all(|m| {
            let mw: Vec<i64> = (0..d)
                .map(|r| (0..d).map(|k| m[r * d + k] * w[k]).sum::<i64>() - w[r])
                .collect();
            self.lattice.contains(&mw)
        });
        fixed.then(|| self.translation(w))
    }
    /// The translation by the vector `w` as a cell map: entry `c` is the cell `c + w`
    /// (the symmetry with the identity of the point group, which comes first).
    pub fn translation(&self, w: &[i64]) -> Vec<usize> {
        let t = self.index_of(w);
        (0..self.ncells)
            .map(|c| self.map_cell(Symmetry { m: 0, t }, c))
            .collect()
    }
    /// The sides of the fundamental domain (the torus sides for a rectangular board).
    pub fn dims(&self) -> &[usize] {
        &self.dims
    }
    /// Dimension `d`.
    pub fn dim(&self) -> usize {
        self.dims.len()
    }
    /// The spacing `p = k − 1`.
    pub fn spacing(&self) -> usize {
        self.spacing
    }
    /// `k`, the length of a winning line segment.
    pub fn k(&self) -> usize {
        self.spacing + 1
    }
    /// Number of cells.
    pub fn ncells(&self) -> usize {
        self.ncells
    }
    /// Number of line families `n`.
    pub fn nfamilies(&self) -> usize {
        self.families.len()
    }
    /// Number of direction codes, `2n`.
    pub fn ncodes(&self) -> usize {
        2 * self.families.len()
    }
    /// Direction vector of family `f`.
    pub fn family(&self, f: usize) -> &[i64] {
        &self.families[f]
    }
    /// All direction vectors, in code order.
    pub fn directions(&self) -> &[Vec<i64>] {
        &self.families
    }
    /// Cells on each line of family `f`: `ord(v_f)`.
    pub fn line_len(&self, f: usize) -> usize {
        self.order[f]
    }
    /// Dominoes a good pairing puts on each line of family `f`: `ord(v_f) / p`.
    pub fn per_line(&self, f: usize) -> usize {
        self.order[f] / self.spacing
    }
    /// Whether every line holds exactly one domino (then the move of §5 is defined).
    pub fn one_domino_per_line(&self) -> bool {
        (0..self.nfamilies()).all(|f| self.per_line(f) == 1)
    }
    /// The anchor `a + p·v_f` of the next domino on the line of a domino `(f, a)`.
    #[inline]
    pub fn jump(&self, f: usize, a: usize) -> usize {
        self.jump[f * self.ncells + a]
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
    /// Number of lines.
    pub fn nlines(&self) -> usize {
        self.lines.len()
    }
    /// Number of dominoes in a good pairing (`ncells / 2`).
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
    /// Index of the inverse of point-group element `m`.
    pub fn inverse(&self, m: usize) -> usize {
        self.inverse[m]
    }
    /// `pull[m][a]`: for `g(x) = M_m (x − a)`, entry `i` is the cell `g⁻¹(i)`.
    #[inline]
    pub fn pull(&self, m: usize, a: usize) -> &[u16] {
        let n = self.ncells;
        &self.pull_table()[(m * n + a) * n..(m * n + a + 1) * n]
    }
    /// The whole `pull` table (module docs), built on first use.
    pub fn pull_table(&self) -> &[u16] {
        self.pull.get_or_init(|| {
            let n = self.ncells;
            let mut pull = vec![0u16; self.group.len() * n * n];
            for (m, chunk) in pull.chunks_mut(n * n).enumerate() {
                let inv = &self.group[self.inverse[m]];
                let img: Vec<Vec<i64>> = self.coords.iter().map(|p| apply(inv, p)).collect();
                for a in 0..n {
                    for i in 0..n {
                        let x: Vec<i64> = self.coords[a]
                            .iter()
                            .zip(&img[i])
                            .map(|(p, q)| p + q)
                            .collect();
                        chunk[a * n + i] = self.lattice.cell_of(&x) as u16;
                    }
                }
            }
            pull
        })
    }
    /// Image of cell `c` under a symmetry.
    #[inline]
    pub fn map_cell(&self, g: Symmetry, c: usize) -> usize {
        let d = self.dim();
        let m = &self.group[g.m];
        let (p, t) = (&self.coords[c], &self.coords[g.t]);
        let mut x = [0i64; 3];
        for r in 0..d {
            x[r] = (0..d).map(|k| m[r * d + k] * p[k]).sum::<i64>() + t[r];
        }
        self.lattice.cell_of(&x[..d])
    }
    /// Cell index of a coordinate vector (reduced modulo the lattice).
    pub fn index_of(&self, x: &[i64]) -> usize {
        self.lattice.cell_of(x)
    }
    /// Human name of a direction code: E, SE, S, … for king steps in the plane, `+x`,
    /// `−z`, … for axis steps in space, the vector otherwise.
    pub fn code_name(&self, k: usize) -> String {
        let v: Vec<i64> = if k < self.nfamilies() {
            self.families[k].clone()
        } else {
            self.families[k - self.nfamilies()]
                .iter()
                .map(|x| -x)
                .collect()
        };
        if v.len() == 2 && v.iter().all(|x| x.abs() <= 1) {
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
        } else if v.iter().filter(|&&x| x != 0).count() == 1 && v.len() <= 4 && v.len() > 1 {
            // An axis direction: sign and axis letter, `+x` … `−z`.
            let i = v
                .iter()
                .position(|&x| x != 0)
                .expect("one non-zero coordinate");
            let sign = if v[i] > 0 { "+" } else { "−" };
            format!("{sign}{}", ["x", "y", "z", "w"][i])
        } else if v.len() == 1 {
            if v[0] > 0 { "E".into() } else { "W".into() }
        } else {
            vector_text(&v)
        }
    }
    /// Human name of a line, e.g. `row y=3`, `diagonal x−y≡3` (§2 names) on a
    /// rectangular square board, `line 12 (direction (1,2) through (0,3))` otherwise.
    pub fn line_name(&self, l: usize) -> String {
        let line = &self.lines[l];
        let v = &self.families[line.family];
        let c = &self.coords[line.cells[0]];
        if v.len() == 2 && self.lattice.is_rectangular() && self.dims[0] == self.dims[1] {
            let n = self.dims[0] as i64;
            match (v[0], v[1]) {
                (1, 0) => return format!("row y={}", c[1]),
                (0, 1) => return format!("column x={}", c[0]),
                (1, 1) => return format!("diagonal x−y≡{}", (c[0] - c[1]).rem_euclid(n)),
                (-1, 1) => return format!("antidiagonal x+y≡{}", (c[0] + c[1]).rem_euclid(n)),
                _ => {}
            }
        }
        if v.len() == 2 && v[..] == [1, 0] {
            return format!("row y={}", c[1]);
        }
        format!(
            "line {l} (direction {} through {})",
            vector_text(v),
            vector_text(c)
        )
    }
    /// Coordinates of a cell as text, `(x,y)`.
    pub fn cell_name(&self, c: usize) -> String {
        vector_text(&self.coords[c])
    }
}

/// Greatest common divisor of non-negative integers.
pub fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests;
