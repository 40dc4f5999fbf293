//! The two 8×8 blocks of a 16-toroidal pairing (docs/spec.md §8): C, W, their catalogue IDs
//! and the diagonal alternating cycles on which they differ.
//!
//! # The board and the plane
//!
//! A pairing of the board `square9-16` is given by its 128 codes (docs/spec.md §8): cell
//! `(x, y)`, `0 ≤ x < 16`, `0 ≤ y < 8`, at index `16y + x`, codes as on the 8×8 torus
//! (0..7 = E, SE, S, SW, W, NW, N, NE). Its periodic extension gives every cell
//! `(X, Y)` of the plane a code: the period lattice Λ16 = ⟨(8, 8), (8, −8)⟩ contains
//! `(−8q, 8q)`, so `(X, Y) ≡ (X + 8q mod 16, Y − 8q)` with `q = ⌊Y / 8⌋`
//! ([`cell_of`], [`plane_code`]).
//!
//! # Blocks, offsets, goodness
//!
//! For an *offset* `(ox, oy)`, `0 ≤ ox, oy < 8`, of the grid of 8×8 blocks, the block
//! **C** is the 8×8 window of the plane at `(ox, oy)` read as an 8×8 torus (its code at
//! `(x, y)` is the plane's code at `(ox + x, oy + y)`), and the block **W** the window
//! at `(ox + 8, oy)` ([`block`]). Translation by `(8, 8)` is a period, so the blocks of
//! one colour of the checkerboard of blocks are all copies of C, those of the other
//! colour copies of W. A block is *consistent* when it is a domino pairing of the 8×8
//! torus (docs/spec.md §3) and *good* when it is a good 8-toroidal pairing (docs/spec.md §2)
//! ([`check_block`]). An offset is **good** when both blocks are good.
//!
//! A block need not even be consistent: a diagonal domino that leaves the window
//! through one side lands in a block of the other colour, and the torus reading
//! wraps it back into its own block, where the cell may carry another code. The rows
//! and columns never cause this: a row (or column) of the board has 16 cells and two
//! dominoes exactly 8 apart, so the horizontal and vertical dominoes are invariant
//! under translation by `(8, 0)` and the blocks share them.
//!
//! **The reported offset** is the least good offset in row-major order, i.e. the good
//! `(ox, oy)` with the least `8·oy + ox`. docs/spec.md §8 states that every 16-toroidal pairing
//! has a good offset; a pairing without one is reported as such ([`Blocks::reported`]
//! is `None`), never hidden and never a panic.
//!
//! # Diagonal alternating cycles
//!
//! At a good offset, C and W are two good pairings of the same 8×8 torus. The cells
//! whose codes differ in C and W carry the dominoes of their symmetric difference;
//! each such cell lies on one domino of C and one of W, so the symmetric difference
//! splits into alternating cycles ([`Cycle`]). The **length** of a cycle is the number
//! of its dominoes, those of C and those of W together, which is also the number of
//! cells it visits (always even, at least 4). Because C and W share their horizontal
//! and vertical dominoes, every domino of a cycle is diagonal or antidiagonal.
//!
//! The cycles do not depend on the good offset chosen: a cell's C code and W code are
//! the plane's codes at a cell and at its translate by `(8, 0)` whatever the offset,
//! and the union of the two domino sets, reduced mod 8, is the same for every offset.
//! Which of the two is called C may change with the offset; the IDs are given at the
//! reported offset. (On the 16-toroidal catalogue the unordered pair `{C ID, W ID}`
//! turns out to be the same at every good offset; the tests check it, the table does
//! not spend the canonical forms on it.)
//!
//! # The per-class table
//!
//! [`class_row`] computes one row of the table written as `blocks-9-16.csv` (format in
//! FORMATS.md): the class ID, the number of good offsets, the reported offset, the
//! catalogue IDs (docs/spec.md §4) of C and W there and the cycle lengths. [`table`] computes
//! every row of a 16-toroidal catalogue in parallel, [`write_csv`] writes them and
//! [`distributions()`] summarises them (good offsets and cycles per class, cycle
//! lengths, the most frequent pairs of IDs and 8×8 classes) for the JSON summary and
//! the report ([`Distributions::markdown`]).
//!
//! Reference: the published characterisation is in Győrffy's dissertation and in
//! Győrffy–Makay–Pluhár (docs/spec.md §1).

use crate::core::board::Board;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::symmetry::canonical_into;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

mod distributions;

pub use distributions::{BlockCount, Distributions, PairCount, distributions};

/// Cells of the board `square9-16`.
pub const CELLS: usize = 128;
/// Side of a block (and the spacing of the game, docs/spec.md §8).
pub const SIDE: usize = 8;
/// Offsets of the block grid, `(ox, oy)` with `0 ≤ ox, oy < 8`.
pub const OFFSETS: usize = SIDE * SIDE;

/// The direction vector of each code (docs/spec.md §2).
pub const DIRS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Why codes cannot be analysed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BlocksError {
    /// Not 128 codes, or a code that is not a direction code.
    #[error("expected {CELLS} direction codes 0 to 7 (a pairing of square9-16), found {found}")]
    Codes {
        /// What was found instead.
        found: String,
    },
}

/// Does `board` have the shape this module assumes: the quotient of the plane by
/// Λ16 = ⟨(8, 8), (8, −8)⟩ with the directions E, SE, S, SW, spacing 8, and cell
/// `(x, y)` at index `16y + x`? (`square9-16` does.)
pub fn applies_to(board: &Board) -> bool {
    let l = board.lattice();
    board.dim() == 2
        && board.spacing() == SIDE
        && board.ncells() == CELLS
        && l.index() == CELLS
        && l.contains(&[8, 8])
        && l.contains(&[8, -8])
        && board
            .directions()
            .iter()
            .zip(&DIRS)
            .all(|(v, &(dx, dy))| v[..] == [dx, dy])
        && board.nfamilies() == 4
        && (0..CELLS).all(|c| board.coords(c) == [(c % 16) as i64, (c / 16) as i64])
}

fn check_codes(codes: &[u8]) -> Result<(), BlocksError> {
    if codes.len() != CELLS {
        return Err(BlocksError::Codes {
            found: format!("{} codes", codes.len()),
        });
    }
    if let Some(i) = codes.iter().position(|&k| k > 7) {
        return Err(BlocksError::Codes {
            found: format!("code {} at cell {i}", codes[i]),
        });
    }
    Ok(())
}

/// The index (`16y + x`) on the board `square9-16` of the plane cell `(X, Y)`.
///
/// ```
/// use amoba::pairing::catalogue::blocks::cell_of;
/// assert_eq!(cell_of(3, 2), 35);
/// assert_eq!(cell_of(3, 10), 16 * 2 + 11); // (3, 10) ≡ (11, 2)
/// assert_eq!(cell_of(-1, -1), 16 * 7 + 7); // (−1, −1) ≡ (7, 7) by (8, 8)
/// ```
#[inline]
pub fn cell_of(x: i64, y: i64) -> usize {
    let q = y.div_euclid(SIDE as i64);
    let y = y - SIDE as i64 * q;
    let x = (x + SIDE as i64 * q).rem_euclid(2 * SIDE as i64);
    (2 * SIDE as i64 * y + x) as usize
}

/// The code of the plane cell `(X, Y)` in the periodic extension of `codes`
/// (128 codes of `square9-16`).
#[inline]
pub fn plane_code(codes: &[u8], x: i64, y: i64) -> u8 {
    codes[cell_of(x, y)]
}

/// The 8×8 window of the plane at `(ox, oy)` as 64 codes of the 8×8 torus: entry
/// `8y + x` is the code of the plane cell `(ox + x, oy + y)`. Block C of offset
/// `(ox, oy)` is `block(codes, ox, oy)`, block W is `block(codes, ox + 8, oy)`.
pub fn block(codes: &[u8], ox: i64, oy: i64) -> [u8; 64] {
    let mut b = [0u8; 64];
    for y in 0..SIDE {
        // Row oy + y of the plane is row `r` of the board, shifted by `s` (the lattice
        // reduction of `cell_of`, done once per row).
        let row = oy + y as i64;
        let q = row.div_euclid(SIDE as i64);
        let r = (row - SIDE as i64 * q) as usize;
        let s = ox + SIDE as i64 * q;
        let line = &codes[16 * r..16 * r + 16];
        for (x, out) in b[SIDE * y..SIDE * y + SIDE].iter_mut().enumerate() {
            *out = line[((s + x as i64) & 15) as usize];
        }
    }
    b
}

/// `STEP8[c][k]`: the cell of the 8×8 torus reached from cell `c` by code `k`.
const STEP8: [[u8; 8]; 64] = {
    let mut t = [[0u8; 8]; 64];
    let mut c = 0;
    while c < 64 {
        let mut k = 0;
        while k < 8 {
            let (dx, dy) = DIRS[k];
            let x = (c as i64 % 8 + dx).rem_euclid(8);
            let y = (c as i64 / 8 + dy).rem_euclid(8);
            t[c][k] = (8 * y + x) as u8;
            k += 1;
        }
        c += 1;
    }
    t
};

/// The cell of the 8×8 torus reached from cell `c` (`0..64`) by code `k`.
#[inline]
pub fn step8(c: usize, k: u8) -> usize {
    STEP8[c][k as usize & 7] as usize
}

/// What an 8×8 block is, read as a torus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BlockState {
    /// Every cell's partner points back (docs/spec.md §3).
    pub consistent: bool,
    /// Consistent, and each of the 32 lines holds exactly one domino (docs/spec.md §2).
    pub good: bool,
}

/// Checks 64 codes (codes above 7 make them inconsistent) as an 8×8 torus pairing.
///
/// *Complexity*: `O(64)`.
pub fn check_block(b: &[u8; 64]) -> BlockState {
    let consistent = b
        .iter()
        .enumerate()
        .all(|(c, &k)| k < 8 && b[step8(c, k)] == (k + 4) & 7);
    if !consistent {
        return BlockState {
            consistent,
            good: false,
        };
    }
    // Dominoes per line, counted at the anchor (the cell whose code is below 4): rows
    // by y, diagonals by x − y, columns by x, antidiagonals by x + y (all mod 8).
    let mut count = [0u8; 32];
    for (c, &k) in b.iter().enumerate() {
        let (x, y) = (c % SIDE, c / SIDE);
        let line = match k {
            0 => y,
            1 => 8 + (x + SIDE - y) % SIDE,
            2 => 16 + x,
            3 => 24 + (x + y) % SIDE,
            _ => continue,
        };
        count[line] += 1;
    }
    BlockState {
        consistent,
        good: count.iter().all(|&n| n == 1),
    }
}

/// The blocks at one offset of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offset {
    /// Offset in x, `0..8`.
    pub ox: u8,
    /// Offset in y, `0..8`.
    pub oy: u8,
    /// Block C, the window at `(ox, oy)`.
    pub c: BlockState,
    /// Block W, the window at `(ox + 8, oy)`.
    pub w: BlockState,
}

impl Offset {
    /// Both blocks are good 8-toroidal pairings.
    pub fn good(&self) -> bool {
        self.c.good && self.w.good
    }
}

/// All 64 offsets, in row-major order (`8·oy + ox`).
///
/// *Complexity*: `O(64 · 128)`.
pub fn offsets(codes: &[u8]) -> Result<Vec<Offset>, BlocksError> {
    check_codes(codes)?;
    Ok((0..OFFSETS)
        .map(|i| {
            let (ox, oy) = ((i % SIDE) as i64, (i / SIDE) as i64);
            Offset {
                ox: ox as u8,
                oy: oy as u8,
                c: check_block(&block(codes, ox, oy)),
                w: check_block(&block(codes, ox + SIDE as i64, oy)),
            }
        })
        .collect())
}

/// One alternating cycle of the symmetric difference of C and W.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// Its cells on the 8×8 torus of the blocks (`8y + x`), in the order the cycle
    /// visits them: from its least cell along C's domino, then W's, and so on.
    pub cells: Vec<usize>,
}

impl Cycle {
    /// Length in dominoes (those of C and W together) = number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }
    /// Never true: a cycle has at least 4 cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

/// The alternating cycles of two consistent 8×8 pairings, ordered by least cell.
///
/// *Arguments*: `c` and `w`, 64 codes each, both consistent ([`check_block`]).
/// *Returns*: the connected components of the symmetric difference of their domino
/// sets, each a cycle alternating between dominoes of `c` and of `w`.
/// *Complexity*: `O(64)`.
///
/// ```
/// use amoba::pairing::catalogue::blocks::alternating_cycles;
/// // Horizontal dominoes everywhere (consistent, not good), and the same with the two
/// // dominoes (0,0)-(1,0), (0,1)-(1,1) turned into (0,0)-(0,1), (1,0)-(1,1).
/// let mut c = [0u8; 64];
/// for i in (1..64).step_by(2) {
///     c[i] = 4;
/// }
/// let mut w = c;
/// (w[0], w[1], w[8], w[9]) = (2, 2, 6, 6);
/// let cycles = alternating_cycles(&c, &w);
/// assert_eq!(cycles.len(), 1);
/// assert_eq!(cycles[0].cells, vec![0, 1, 9, 8]);
/// assert!(alternating_cycles(&c, &c).is_empty());
/// ```
pub fn alternating_cycles(c: &[u8; 64], w: &[u8; 64]) -> Vec<Cycle> {
    let mut seen = [false; 64];
    let mut cycles = Vec::new();
    for start in 0..64 {
        if seen[start] || c[start] == w[start] {
            continue;
        }
        let mut cells = Vec::new();
        let mut cur = start;
        let mut along_c = true;
        // Each cell of the difference has one domino of C and one of W, both in the
        // difference, so the walk returns to `start`; the bound guards bad input.
        while !seen[cur] && cells.len() < 64 {
            seen[cur] = true;
            cells.push(cur);
            cur = step8(cur, if along_c { c[cur] } else { w[cur] });
            along_c = !along_c;
        }
        cycles.push(Cycle { cells });
    }
    cycles
}

/// The blocks at the reported offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reported {
    /// Offset in x.
    pub ox: u8,
    /// Offset in y.
    pub oy: u8,
    /// Block C (64 codes of the 8×8 torus).
    pub c: [u8; 64],
    /// Block W.
    pub w: [u8; 64],
    /// The alternating cycles of C and W, ordered by least cell.
    pub cycles: Vec<Cycle>,
}

impl Reported {
    /// The cycle lengths (dominoes of C and W together), ascending.
    pub fn cycle_lengths(&self) -> Vec<usize> {
        let mut l: Vec<usize> = self.cycles.iter().map(Cycle::len).collect();
        l.sort_unstable();
        l
    }
}

/// The block structure of a pairing of `square9-16`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocks {
    /// All 64 offsets, row-major.
    pub offsets: Vec<Offset>,
    /// The blocks at the least good offset; `None` when no offset is good (for a
    /// 16-toroidal pairing that contradicts docs/spec.md §8 and is reported as a finding).
    pub reported: Option<Reported>,
}

impl Blocks {
    /// Number of good offsets.
    pub fn good_offsets(&self) -> usize {
        self.offsets.iter().filter(|o| o.good()).count()
    }
}

/// Analyses the 128 codes of a pairing of `square9-16`: every offset, and C, W and
/// their cycles at the reported (least good) offset.
///
/// *Errors*: [`BlocksError::Codes`] unless `codes` are 128 codes `0..8`. Any such
/// codes are analysed; for a good 16-toroidal pairing docs/spec.md §8 promises a good offset.
/// *Complexity*: `O(64 · 128)`.
///
/// ```
/// use amoba::pairing::catalogue::blocks::analyse;
/// // An 8-toroidal pairing (docs/spec.md §3's example) is a pairing of square9-16 too; every
/// // offset is good and C = W.
/// let p8 = "0411111504155555041522220435666627333304677773044222733046667710";
/// let row = |y: usize| &p8[8 * y..8 * y + 8];
/// let line: String = (0..8).map(|y| format!("{}{}", row(y), row(y))).collect();
/// let codes: Vec<u8> = line.bytes().map(|b| b - b'0').collect();
/// let b = analyse(&codes).unwrap();
/// assert_eq!(b.good_offsets(), 64);
/// let r = b.reported.unwrap();
/// assert_eq!((r.ox, r.oy), (0, 0));
/// assert!(r.cycles.is_empty());
/// ```
pub fn analyse(codes: &[u8]) -> Result<Blocks, BlocksError> {
    let offsets = offsets(codes)?;
    let reported = offsets.iter().find(|o| o.good()).map(|o| {
        let (ox, oy) = (o.ox as i64, o.oy as i64);
        let c = block(codes, ox, oy);
        let w = block(codes, ox + SIDE as i64, oy);
        Reported {
            ox: o.ox,
            oy: o.oy,
            cycles: alternating_cycles(&c, &w),
            c,
            w,
        }
    });
    Ok(Blocks { offsets, reported })
}

/// One row of the per-class table (`blocks-9-16.csv`, FORMATS.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassRow {
    /// The class ID in the 16-toroidal catalogue (1-based).
    pub id: usize,
    /// Number of good offsets (0 to 64).
    pub good_offsets: usize,
    /// The reported offset `(ox, oy)`, if any offset is good.
    pub offset: Option<(u8, u8)>,
    /// Catalogue ID (docs/spec.md §4) of block C at the reported offset, if it is in the 8×8
    /// catalogue.
    pub c_id: Option<usize>,
    /// Catalogue ID of block W at the reported offset.
    pub w_id: Option<usize>,
    /// Lengths of the alternating cycles of C and W, ascending.
    pub cycle_lengths: Vec<usize>,
}

/// The 8×8 catalogue ID of a good 8×8 block, if the catalogue has it.
pub fn block_id(board8: &Board, cat8: &Catalogue, b: &[u8; 64]) -> Option<usize> {
    let mut canon = [0u8; 64];
    canonical_into(board8, b, &mut canon);
    cat8.id_of(&canon)
}

/// The table row of class `id` with canonical codes `codes`.
///
/// *Arguments*: `board8` is [`Board::square9`], `cat8` its catalogue.
/// *Errors*: as [`analyse`].
/// *Complexity*: `O(64 · 128)` plus two 8×8 canonical forms.
pub fn class_row(
    board8: &Board,
    cat8: &Catalogue,
    id: usize,
    codes: &[u8],
) -> Result<ClassRow, BlocksError> {
    let b = analyse(codes)?;
    let good_offsets = b.good_offsets();
    Ok(match b.reported {
        Some(r) => ClassRow {
            id,
            good_offsets,
            offset: Some((r.ox, r.oy)),
            c_id: block_id(board8, cat8, &r.c),
            w_id: block_id(board8, cat8, &r.w),
            cycle_lengths: r.cycle_lengths(),
        },
        None => ClassRow {
            id,
            good_offsets,
            offset: None,
            c_id: None,
            w_id: None,
            cycle_lengths: Vec::new(),
        },
    })
}

/// Every row of the table of a 16-toroidal catalogue, in ID order (computed in
/// parallel; the result does not depend on the number of threads).
///
/// *Arguments*: `board8` is [`Board::square9`], `cat8` its catalogue, `cat16` the
/// 16-toroidal catalogue (128 codes per class).
/// *Errors*: as [`analyse`], for the first class (by ID) that fails.
/// *Complexity*: `O(n · 64 · 128)` for `n` classes.
pub fn table(
    board8: &Board,
    cat8: &Catalogue,
    cat16: &Catalogue,
) -> Result<Vec<ClassRow>, BlocksError> {
    (1..=cat16.len())
        .into_par_iter()
        .map(|id| class_row(board8, cat8, id, cat16.codes_of(id)))
        .collect()
}

/// Why the table of blocks could not be written.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// A class is not a pairing of square9-16.
    #[error(transparent)]
    Blocks(#[from] BlocksError),
    /// The file could not be written.
    #[error(transparent)]
    Io(#[from] crate::core::io::IoError),
}

/// The [`table`] of `cat16`, the catalogue of `board` written at `catalogue`, written
/// beside it as `blocks-<tag>.csv` ([`write_csv`]). *Returns* the file written and the
/// rows (for their [`distributions`]).
pub fn write_table(
    board: &Board,
    board8: &Board,
    cat8: &Catalogue,
    cat16: &Catalogue,
    catalogue: &std::path::Path,
) -> Result<(std::path::PathBuf, Vec<ClassRow>), TableError> {
    let rows = table(board8, cat8, cat16)?;
    let path = catalogue.with_file_name(format!("blocks-{}.csv", board.tag()));
    crate::core::io::write_atomic(&path, |w| write_csv(&rows, w))?;
    Ok((path, rows))
}

/// The CSV header of the table.
pub const CSV_HEADER: &str = "id,good_offsets,offset_x,offset_y,c_id,w_id,cycles,cycle_lengths";

/// Writes the table as CSV (FORMATS.md): the header, then one row per class. Empty
/// fields mark what does not exist (no good offset, a block not in the catalogue).
pub fn write_csv(rows: &[ClassRow], w: &mut dyn Write) -> io::Result<()> {
    let opt = |v: Option<usize>| v.map(|v| v.to_string()).unwrap_or_default();
    writeln!(w, "{CSV_HEADER}")?;
    for r in rows {
        let lengths: Vec<String> = r.cycle_lengths.iter().map(|l| l.to_string()).collect();
        writeln!(
            w,
            "{},{},{},{},{},{},{},{}",
            r.id,
            r.good_offsets,
            opt(r.offset.map(|o| o.0 as usize)),
            opt(r.offset.map(|o| o.1 as usize)),
            opt(r.c_id),
            opt(r.w_id),
            r.cycle_lengths.len(),
            lengths.join(" ")
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
