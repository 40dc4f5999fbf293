//! The exhaustive search: every good pairing of a board, one per symmetry class.
//!
//! # The problem (docs/spec.md §2, §8)
//!
//! A good pairing is an exact cover of the cells *and* the lines: every cell is
//! covered by one domino, and every line of family `f` by one *option*, the `q_f`
//! dominoes of that line that sit exactly `p` apart (`q_f = ord(v_f)/p`,
//! [`Board::per_line`]; on the 8×8 torus `q_f = 1` and an option is one domino). The
//! search is a dancing-links style backtracking over that exact cover, on bit sets
//! instead of linked lists.
//!
//! # Bit layout
//!
//! Bit `c` of a bit set ([`bits::Bits`](crate::solvers::bits::Bits): `u64`, `u128` or [`bits::Words`](crate::solvers::bits::Words)) is cell `c`
//! (`y·8 + x` on the 8×8 torus). A node of the search holds
//!
//! * `free` — the uncovered cells;
//! * `allowed[f]` — the cells that may still anchor a domino of family `f`, i.e. the
//!   cells of the family-`f` lines that hold no option yet;
//! * `open` — bit `l` set while line `l` holds no option;
//! * `codes` — the codes decided so far (`UNKNOWN` elsewhere), needed by the symmetry
//!   pruning below.
//!
//! The options that can still be placed are, per family, the anchors of
//! `avail_f = allowed_f & free & pull_f(free)` (the dominoes whose two cells are
//! free), intersected, when `q_f > 1`, with its own images under the jumps by
//! `p·v_f` (every domino of the option must be free). `pull_f(s)` holds cell `a`
//! exactly when `a + v_f ∈ s` ([`Shift`]). On the 8×8 torus `pull_f` is two byte-wise
//! rotations ([`Square8`]), on the 16-toroidal board a few lane rotations of a `u128`
//! ([`Square16`]); on every other board it is a [`SegShift`]: a translation
//! moves the cells of at most `2^d` segments of the cell numbering by one index
//! difference each, so it is that many masked word shifts. The fast paths are chosen
//! from the board's geometry ([`crate::core::board::FastPath`]) and tested equal to the
//! segment shifts of the same board.
//!
//! # Branching
//!
//! Each node branches on the most constrained item (fewest remaining options), as
//! Knuth's Algorithm X does: a line with `popcount(avail_f & first_p(line))` options
//! (an option is counted at its anchor among the first `p` cells of the line), or a
//! cell whose options are counted in bit-sliced form over the `2n` bit sets `avail_f`
//! and `push_f(avail_f)` (the cells reachable as the *second* cell of an available
//! domino). A cell or line with no option ends the branch at once.
//!
//! # Symmetry breaking inside the search (docs/spec.md §4)
//!
//! We want each class once, in its canonical (lexicographically least) form. So the
//! search only builds pairings that *could* be canonical:
//!
//! 1. the domino at cell 0 has code 0 (every canonical form starts `0…`);
//! 2. the first row (the first `s_0` cells of the one-line form) is decided first, cell
//!    by cell, so that the prefix the comparisons below need is known early;
//! 3. every time a domino is placed, each symmetry that would put code 0 at cell 0
//!    (a *candidate*, see [`crate::pairing::symmetry`]) becomes defined if that domino is its
//!    anchor, and every defined candidate `g` is compared with the partial pairing `P`:
//!    `g(P)` against `P`, position by position, as far as both are known. If `g(P)`
//!    is already smaller, no completion is canonical and the branch is cut. If it is
//!    already larger, the candidate is dropped. If they agree so far, the candidate
//!    remembers how far it got and waits for more cells.
//!
//! At a leaf every candidate has been compared to the end, so the pairing is canonical
//! and the candidates that survive equal to the end are exactly its non-identity
//! automorphisms: the stabiliser order falls out of the search for free.
//!
//! # Parallelism and determinism
//!
//! The tree is cut during step 2: the *frontier* is the list of nodes with the first
//! cells of the first row decided (all 8 on the 8×8 torus, 8 of the 16 on the
//! 16-toroidal board), produced in lexicographic order of those cells. Frontier nodes are
//! independent subtrees; rayon runs them on all threads, each sorts its own output,
//! and the outputs are concatenated in frontier order. Since different frontier nodes
//! differ in those first cells, that concatenation is sorted, byte for byte the same
//! for any number of threads.
//!
//! # The rooted search (docs/spec.md §8)
//!
//! On a board that refines a coarser one by a translation `τ` of order 2 (the
//! 16-toroidal board), the catalogue wants only the pairings that are not
//! `τ`-invariant, which the canonical search meets among 34 times as many invariant
//! ones. [`Mode::Rooted`] starts instead from a *root* option that `τ` moves, forbids
//! its image under `τ`, and breaks symmetries among the images that keep that shape
//! ([`Rooted`]); it decides a few cells near the root first
//! (`Rooted::first_cells`) instead of the first row, and cuts its frontier four
//! branchings below the root, so its output is sorted after the fact.

// Families index several parallel arrays at once in the hot loops.
#![allow(clippy::needless_range_loop)]

pub mod shard;

use crate::core::board::{Board, square8};
use crate::solvers::bits::{Bits, CellIndex, Words};
use rayon::prelude::*;
pub use shard::Shard;

/// Code of an undecided cell.
const UNKNOWN: u8 = u8::MAX;
/// Most codes of a board (`2 · MAX_FAMILIES`).
const MAX_CODES: usize = 2 * crate::core::board::MAX_FAMILIES;
/// Most candidates (symmetries putting code 0 at cell 0) a board may have.
const MAX_CANDIDATES: usize = 1 << 16;
/// Most entries of the symmetry table (`|M| · N²`) a canonical search may build.
const MAX_SYMMETRY_TABLE: usize = 1 << 26;
/// The frontier of canonical mode cuts the tree where this many cells of the first
/// row are decided (the whole first row of the 8×8 torus: 4,778 subtrees).
const SPLIT_CELLS: usize = 8;
/// The frontier of rooted mode: nodes this many branchings below the root.
pub const ROOTED_SPLIT_DEPTH: usize = 4;
/// Most cells the search handles.
pub const MAX_CELLS: usize = 4096;

/// Why a board cannot be searched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// Too many cells for the widest bit set.
    #[error("the board has {0} cells; the search handles at most {MAX_CELLS}")]
    TooLarge(usize),
    /// The symmetry breaking needs too large a table.
    #[error(
        "enumerating classes needs a symmetry table of {0} entries (point group × cells²), \
         more than the {MAX_SYMMETRY_TABLE} this build allows"
    )]
    SymmetryTable(usize),
}

/// Checks that `board` can be searched, with symmetry breaking when `canonical`.
pub fn searchable(board: &Board, canonical: bool) -> Result<(), SearchError> {
    let n = board.ncells();
    if n > MAX_CELLS {
        return Err(SearchError::TooLarge(n));
    }
    let entries = board.point_group().len() * n * n;
    if canonical && entries > MAX_SYMMETRY_TABLE {
        return Err(SearchError::SymmetryTable(entries));
    }
    Ok(())
}

/// Moves bit sets along a family's direction.
pub trait Shift<B: Bits>: Sync {
    /// Cells `a` with `a + v_f` in `s`.
    fn pull(&self, f: usize, s: B) -> B;
    /// Cells `a + v_f` for `a` in `s`.
    fn push(&self, f: usize, s: B) -> B;
    /// Cells `a` with `a + p·v_f` in `s` (the next domino of the same line).
    fn pull_jump(&self, f: usize, s: B) -> B;
}

/// The 8×8 torus: byte `y` of the `u64` is row `y`, bit `x` of it is column `x`
/// ([`crate::core::board::square8`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Square8;

impl Shift<u64> for Square8 {
    #[inline(always)]
    fn pull(&self, f: usize, s: u64) -> u64 {
        // Families E (1,0), SE (1,1), S (0,1), SW (−1,1); moving the set by −v_f.
        match f {
            0 => square8::west(s),
            1 => square8::north(square8::west(s)),
            2 => square8::north(s),
            _ => square8::north(square8::east(s)),
        }
    }
    #[inline(always)]
    fn push(&self, f: usize, s: u64) -> u64 {
        match f {
            0 => square8::east(s),
            1 => square8::south(square8::east(s)),
            2 => square8::south(s),
            _ => square8::south(square8::west(s)),
        }
    }
    #[inline(always)]
    fn pull_jump(&self, _f: usize, s: u64) -> u64 {
        // 8·v_f is a period of the 8×8 torus.
        s
    }
}

/// The 16-toroidal board of 9-in-a-row: lane `y` of the `u128` is row `y`, bit `x` of
/// it is column `x` ([`crate::core::board::square16`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Square16;

impl Shift<u128> for Square16 {
    #[inline(always)]
    fn pull(&self, f: usize, s: u128) -> u128 {
        use crate::core::board::square16::{east, north, west};
        // Families E (1,0), SE (1,1), S (0,1), SW (−1,1); moving the set by −v_f.
        match f {
            0 => west(s),
            1 => north(west(s)),
            2 => north(s),
            _ => north(east(s)),
        }
    }
    #[inline(always)]
    fn push(&self, f: usize, s: u128) -> u128 {
        use crate::core::board::square16::{east, south, west};
        match f {
            0 => east(s),
            1 => south(east(s)),
            2 => south(s),
            _ => south(west(s)),
        }
    }
    #[inline(always)]
    fn pull_jump(&self, f: usize, s: u128) -> u128 {
        // 8·E and 8·S are both (8,0) modulo the lattice; 8·SE and 8·SW are periods.
        if f == 0 || f == 2 {
            crate::core::board::square16::half_turn_of_rows(s)
        } else {
            s
        }
    }
}

/// A translation of the board as masked shifts: the cells of segment `i` (bit set
/// `mask[i]`) all move by the index difference `by[i]`.
#[derive(Clone, Copy, Debug)]
struct Segments<B: Bits> {
    n: usize,
    mask: [B; 8],
    by: [i32; 8],
}

impl<B: Bits> Segments<B> {
    /// The segments of the cell permutation `to`.
    fn of(ncells: usize, to: impl Fn(usize) -> usize) -> Segments<B> {
        let mut seg = Segments {
            n: 0,
            mask: [B::empty(); 8],
            by: [0; 8],
        };
        for c in 0..ncells {
            let by = to(c) as i32 - c as i32;
            let i = match seg.by[..seg.n].iter().position(|&b| b == by) {
                Some(i) => i,
                None => {
                    assert!(seg.n < 8, "a translation has at most 2^d segments");
                    seg.by[seg.n] = by;
                    seg.n += 1;
                    seg.n - 1
                }
            };
            seg.mask[i] |= B::single(c);
        }
        seg
    }

    #[inline(always)]
    fn apply(&self, s: B) -> B {
        let mut out = B::empty();
        for i in 0..self.n {
            out |= (s & self.mask[i]).shifted(self.by[i]);
        }
        out
    }
}

/// Any board: translations as a few masked shifts each (module docs).
#[derive(Clone, Debug)]
pub struct SegShift<B: Bits> {
    push: Vec<Segments<B>>,
    pull: Vec<Segments<B>>,
    pull_jump: Vec<Segments<B>>,
}

impl<B: Bits> SegShift<B> {
    /// Shifts for `board`.
    pub fn new(board: &Board) -> SegShift<B> {
        let n = board.ncells();
        let nf = board.nfamilies();
        let mut back_jump = vec![vec![0usize; n]; nf];
        for f in 0..nf {
            for a in 0..n {
                back_jump[f][board.jump(f, a)] = a;
            }
        }
        SegShift {
            push: (0..nf)
                .map(|f| Segments::of(n, |c| board.neighbor(c, f)))
                .collect(),
            pull: (0..nf)
                .map(|f| Segments::of(n, |c| board.neighbor(c, f + nf)))
                .collect(),
            pull_jump: (0..nf)
                .map(|f| Segments::of(n, |c| back_jump[f][c]))
                .collect(),
        }
    }
}

impl<B: Bits> Shift<B> for SegShift<B> {
    #[inline(always)]
    fn pull(&self, f: usize, s: B) -> B {
        self.pull[f].apply(s)
    }
    #[inline(always)]
    fn push(&self, f: usize, s: B) -> B {
        self.push[f].apply(s)
    }
    #[inline(always)]
    fn pull_jump(&self, f: usize, s: B) -> B {
        self.pull_jump[f].apply(s)
    }
}

/// What the search produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One canonical pairing per class, with symmetry breaking (the catalogue).
    Canonical,
    /// Every labelled good pairing, no symmetry reduction at all.
    Labelled,
    /// Every labelled good pairing whose cell 0 has code 0 (contains the domino
    /// from cell 0 along family 0, e.g. (0,0)–(1,0)); no other reduction.
    LabelledFirstDomino,
    /// On a board with a coarse translation `τ` ([`Board::coarse_translation`]): one
    /// pairing per class of the good pairings that are *not* invariant under `τ`, in
    /// its *rooted form* (see [`Rooted`]), with symmetry breaking.
    Rooted,
}

impl Mode {
    /// Whether the search breaks symmetries (one pairing per class).
    fn canonical(self) -> bool {
        matches!(self, Mode::Canonical | Mode::Rooted)
    }
}

/// The root of the rooted search (docs/spec.md §8).
///
/// A good pairing `P` of a board with a coarse translation `τ` is a pairing of the
/// coarser board exactly when `τ(P) = P`, that is when `τ(o) ∈ P` for each of its
/// options `o`. Options of some families are `τ`-invariant by themselves (on the
/// 16-toroidal board a row's two dominoes 8 apart, `τ` being the translation by
/// (8,0)); call the other families *rooting*. A pairing that is not `τ`-invariant has
/// an option `o` of a rooting family with `τ(o) ∉ P`. When the rooting families form
/// one orbit of the point group, a symmetry `g` carries `o` to the *root* `r`, the
/// option of the least rooting family anchored at cell 0, and since `τ` commutes
/// with `g`, `g(P)` contains `r` and not `τ(r)`. The *rooted form* of a class is the
/// least one-line form among these *rooted images* of its pairings.
///
/// The rooted search places `r` at the root, forbids `τ(r)`, and prunes as the
/// canonical search does, except that a candidate symmetry anchored at an option `o`
/// counts only once `τ(o)` is known to be absent (until then it waits, like a
/// comparison that needs an undecided cell; the bit layout of such a candidate is
/// position 0, which no comparison uses, and `block = τ(anchor)`). It never enters
/// the `τ`-invariant pairings, 97 % of the classes on the 16-toroidal board: every
/// leaf is a pairing of the finer board alone, in its rooted form, and the candidates
/// that reach a leaf equal are again its non-identity automorphisms (an automorphism
/// `g` maps `g⁻¹(r) ∈ P` to `r`, and `τ(g⁻¹(r)) = g⁻¹(τ(r)) ∉ P`). The catalogue
/// then takes the canonical form of each rooted form.
///
/// ```
/// use amoba::core::board::Board;
/// use amoba::pairing::search::Rooted;
/// let root = Rooted::of(&Board::square9_16()).unwrap();
/// assert_eq!(root.code, 1); // SE: the root is (0,0)–(1,1)
/// assert_eq!(root.families, [1, 3]); // the diagonals and antidiagonals
/// assert_eq!(root.tau[0], 8); // τ(0,0) = (8,0)
/// assert!(Rooted::of(&Board::square9()).is_none());
/// ```
pub struct Rooted {
    /// The root's code: the least rooting family.
    pub code: u8,
    /// The rooting families.
    pub families: Vec<usize>,
    /// `τ` as a cell map.
    pub tau: Vec<usize>,
}

impl Rooted {
    /// The root of `board`'s rooted search, when it has a coarse translation and its
    /// rooting families form one orbit of the point group.
    pub fn of(board: &Board) -> Option<Rooted> {
        let tau = board.coarse_translation()?;
        let nfam = board.nfamilies();
        // The option of family f anchored at cell 0 is τ-invariant when τ(0) is one of
        // its anchors 0, 0 + p·v_f, ….
        let rooting: Vec<usize> = (0..nfam)
            .filter(|&f| {
                let mut x = 0;
                (0..board.per_line(f)).all(|_| {
                    let here = x != tau[0];
                    x = board.jump(f, x);
                    here
                })
            })
            .collect();
        let &code = rooting.first()?;
        let one_orbit = rooting.iter().all(|&f| {
            (0..board.point_group().len()).any(|m| {
                board.mcode(m, f as u8) == code as u8
                    || board.mcode(m, (f + nfam) as u8) == code as u8
            })
        });
        one_orbit.then_some(Rooted {
            code: code as u8,
            families: rooting,
            tau,
        })
    }

    /// The cells the rooted search decides first, before it branches on the most
    /// constrained item: cells 1 and 2 (the next positions of the one-line form, which
    /// every comparison with a candidate reads first), `τ(0)` (where the absence of
    /// `τ(r)` must be paid for), and the two neighbours of cell 0 along each other
    /// rooting family (on the 16-toroidal board, the antidiagonal through the root's
    /// first cell, which needs a domino of its own). Chosen by measurement: on the
    /// 16-toroidal board this order takes the search from 9.9 million nodes (no cell
    /// decided first) to 1.7 million (BENCHMARKS.md).
    fn first_cells(&self, board: &Board) -> Vec<usize> {
        let nfam = board.nfamilies();
        let mut cells = vec![1, 2, self.tau[0]];
        for &g in self.families.iter().filter(|&&g| g != self.code as usize) {
            cells.extend([board.neighbor(0, g), board.neighbor(0, g + nfam)]);
        }
        cells.retain(|&c| c < board.ncells());
        cells
    }
}

/// A canonical pairing found by the search.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Found {
    /// Canonical codes.
    pub codes: Vec<u8>,
    /// Order of its stabiliser in the board's symmetry group.
    pub stabiliser: usize,
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes visited (options placed).
    pub nodes: u64,
    /// Leaves reached (complete pairings that passed every check).
    pub leaves: u64,
    /// Frontier subtrees the work was split into.
    pub subtrees: u64,
    /// Whether the search stopped at its node limit ([`Options::node_limit`]) before
    /// finishing: then the other counters describe only the part searched.
    pub cut: bool,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.nodes += o.nodes;
        self.leaves += o.leaves;
        self.subtrees += o.subtrees;
        self.cut |= o.cut;
    }
}

#[derive(Clone, Copy)]
struct Cand<I: CellIndex> {
    m: u8,
    a: I,
    /// Next position of the one-line form still to compare.
    pos: I,
    /// The undecided cell the comparison waits for (`NONE` once complete): the
    /// candidate needs a look only when a domino covers this cell.
    block: I,
}

/// One search node. The candidates of a node live outside it, on the search's
/// candidate stack: the node at depth `d` owns the stack from its frame start to the
/// top, so a child copies only the candidates that survive its comparisons.
#[derive(Clone, Copy)]
struct Node<B: Bits, const F: usize> {
    free: B,
    open: B,
    allowed: [B; F],
    codes: B::Bytes,
}

/// A subtree to search: a node and its candidates.
struct Subtree<B: Bits, const F: usize> {
    node: Node<B, F>,
    cands: Vec<Cand<B::Idx>>,
}

/// The tables of the rooted search ([`Rooted`]).
struct RootedCtx<I> {
    /// The root's code.
    code: u8,
    /// Cells decided first, in order, while they are free ([`Rooted::first_cells`]).
    order: Vec<usize>,
    /// `τ` as a cell map.
    tau: Vec<I>,
}

enum Branch {
    Cell(usize),
    Line(usize),
}

/// Precomputed tables of one search. `F` bounds the number of families (the size of
/// a node's `allowed` array).
struct Ctx<'b, S: Shift<B>, B: Bits, const F: usize> {
    board: &'b Board,
    shift: S,
    n: usize,
    nfam: usize,
    mode: Mode,
    /// Anchor cells of each line (the line's own cells).
    line_mask: Vec<B>,
    /// The first `p` cells of each line: one anchor per option.
    line_first: Vec<B>,
    line_family: Vec<usize>,
    /// Options per line of each family (`q_f`).
    per_line: [usize; F],
    /// Whether some family has `q_f > 1`.
    multi: bool,
    /// Per family: `(m, far)` — placing a domino of this family defines candidate
    /// `m` anchored at its first cell (`far = false`) or its second (`far = true`).
    activations: Vec<Vec<(u8, bool)>>,
    /// Candidates a complete pairing defines (the stack's frame size).
    total_candidates: usize,
    /// Cells decided first, in order (the first row) — `0` to skip that phase.
    phase1: usize,
    /// The frontier of canonical mode: nodes whose first `split` cells are decided.
    split: usize,
    /// `mcode` rows and `pull` tables laid out for the hot loop.
    mcode: Vec<[u8; MAX_CODES]>,
    pull: Vec<B::Idx>,
    /// Rooted mode's tables (`None` otherwise), behind a pointer: the canonical
    /// search's hot loop is sensitive to the layout of this context.
    rooted: Option<Box<RootedCtx<B::Idx>>>,
}

impl<'b, S: Shift<B>, B: Bits, const F: usize> Ctx<'b, S, B, F> {
    fn new(board: &'b Board, shift: S, mode: Mode) -> Ctx<'b, S, B, F> {
        let n = board.ncells();
        assert!(
            n <= B::CAPACITY && n < <B::Idx as CellIndex>::NONE.get(),
            "board too large for this bit set"
        );
        let nfam = board.nfamilies();
        assert!(nfam <= F, "too many families for this node size");
        let line_mask = board
            .lines()
            .iter()
            .map(|l| l.cells.iter().fold(B::empty(), |m, &c| m | B::single(c)))
            .collect();
        let p = board.spacing();
        let line_first = board
            .lines()
            .iter()
            .map(|l| {
                l.cells[..p]
                    .iter()
                    .fold(B::empty(), |m, &c| m | B::single(c))
            })
            .collect();
        let line_family = board.lines().iter().map(|l| l.family).collect();
        let mut per_line = [1usize; F];
        for f in 0..nfam {
            per_line[f] = board.per_line(f);
        }
        let ngroup = board.point_group().len();
        let rooted = (mode == Mode::Rooted)
            .then(|| Rooted::of(board).expect("a board with a rooted search"));
        let rooted = rooted.map(|r| {
            Box::new(RootedCtx {
                code: r.code,
                order: r.first_cells(board),
                tau: r.tau.iter().map(|&c| B::Idx::from_usize(c)).collect(),
            })
        });
        let root_code = rooted.as_ref().map_or(0, |r| r.code);
        let activations = (0..nfam)
            .map(|f| {
                let mut v = Vec::new();
                for m in 0..ngroup {
                    if board.mcode(m, f as u8) == root_code {
                        v.push((m as u8, false));
                    }
                    if board.mcode(m, (f + nfam) as u8) == root_code {
                        v.push((m as u8, true));
                    }
                }
                v
            })
            .collect::<Vec<_>>();
        let total_candidates: usize = board
            .lines()
            .iter()
            .map(|l| per_line[l.family] * activations[l.family].len())
            .sum();
        assert!(
            total_candidates <= MAX_CANDIDATES,
            "too many candidate symmetries"
        );
        let mcode = (0..ngroup)
            .map(|m| {
                let mut row = [0u8; MAX_CODES];
                for k in 0..board.ncodes() {
                    row[k] = board.mcode(m, k as u8);
                }
                row
            })
            .collect();
        let pull = if mode.canonical() {
            board
                .pull_table()
                .iter()
                .map(|&c| B::Idx::from_usize(c as usize))
                .collect()
        } else {
            Vec::new()
        };
        Ctx {
            board,
            shift,
            n,
            nfam,
            mode,
            line_mask,
            line_first,
            line_family,
            multi: per_line.iter().any(|&q| q > 1),
            per_line,
            activations,
            total_candidates,
            phase1: if mode == Mode::Canonical {
                board.dims()[0]
            } else {
                0
            },
            split: if mode == Mode::Canonical {
                board.dims()[0].min(SPLIT_CELLS)
            } else {
                0
            },
            mcode,
            pull,
            rooted,
        }
    }

    fn root(&self) -> Subtree<B, F> {
        let n = self.n;
        let all = B::first_n(n);
        let mut node = Node {
            free: all,
            open: B::first_n(self.board.nlines()),
            allowed: [B::empty(); F],
            codes: B::bytes(UNKNOWN),
        };
        for f in 0..self.nfam {
            node.allowed[f] = all;
        }
        let mut cands = Vec::new();
        if self.mode != Mode::Labelled {
            // Cell 0 carries the root code: the option of that family anchored at
            // cell 0 (family 0 unless rooted).
            let f = self.rooted.as_ref().map_or(0, |r| r.code as usize);
            self.place(&mut node, f, 0);
            if self.mode == Mode::Rooted {
                // Forbid τ of the root: no anchor of that option may be used.
                let tau = &self.rooted.as_ref().expect("rooted mode").tau;
                let mut x = tau[0].get();
                for _ in 0..self.per_line[f] {
                    node.allowed[f] &= !B::single(x);
                    x = self.board.jump(f, x);
                }
            }
            if self.mode.canonical() {
                self.activate(&node, f, 0, &mut cands, 0..0);
            }
        }
        Subtree { node, cands }
    }

    /// Places the option of family `f` anchored at `a`: the `q_f` dominoes from `a`
    /// on, `p` apart.
    #[inline]
    fn place(&self, node: &mut Node<B, F>, f: usize, a: usize) {
        // Close the line, and forbid its cells as anchors of family f.
        let l = self.board.line_of(f, a);
        node.open &= !B::single(l);
        node.allowed[f] &= !self.line_mask[l];
        let codes = node.codes.as_mut();
        let mut x = a;
        for _ in 0..self.per_line[f] {
            let b = self.board.neighbor(x, f);
            node.free &= !(B::single(x) | B::single(b));
            codes[x] = f as u8;
            codes[b] = (f + self.nfam) as u8;
            x = self.board.jump(f, x);
        }
    }

    /// Compares one candidate's image with the partial pairing as far as both are
    /// known. `None`: the image is already smaller (prune). `Some(None)`: already
    /// larger (drop the candidate). `Some(Some(c))`: equal so far, `c.pos` advanced.
    #[inline(always)]
    fn advance(&self, codes: &[u8], c: Cand<B::Idx>) -> Option<Option<Cand<B::Idx>>> {
        let n = self.n;
        let mc = &self.mcode[c.m as usize];
        let base = (c.m as usize * n + c.a.get()) * n;
        let pull = &self.pull[base..base + n];
        let mut pos = c.pos.get();
        while pos < n {
            let mine = codes[pos];
            if mine == UNKNOWN {
                return Some(Some(Cand {
                    pos: B::Idx::from_usize(pos),
                    block: B::Idx::from_usize(pos),
                    ..c
                }));
            }
            let src = codes[pull[pos].get()];
            if src == UNKNOWN {
                return Some(Some(Cand {
                    pos: B::Idx::from_usize(pos),
                    block: pull[pos],
                    ..c
                }));
            }
            let theirs = mc[src as usize];
            if theirs != mine {
                return if theirs < mine { None } else { Some(None) };
            }
            pos += 1;
        }
        Some(Some(Cand {
            pos: B::Idx::from_usize(pos),
            block: B::Idx::NONE,
            ..c
        }))
    }

    /// Pushes the child's candidates onto the stack: the parent's (`stack[parent]`)
    /// that are still undecided after the placement of the option `(f, a)`, then those
    /// its dominoes define. Returns false when some candidate's image is already
    /// smaller.
    #[inline]
    fn activate(
        &self,
        node: &Node<B, F>,
        f: usize,
        a: usize,
        out: &mut Vec<Cand<B::Idx>>,
        parent: std::ops::Range<usize>,
    ) -> bool {
        // Two copies: the canonical search's hot loop carries no rooted test.
        if self.rooted.is_none() {
            self.activate_in::<false>(node, f, a, out, parent)
        } else {
            self.activate_in::<true>(node, f, a, out, parent)
        }
    }

    /// [`Self::activate`], in rooted mode when `ROOTED`.
    #[inline]
    fn activate_in<const ROOTED: bool>(
        &self,
        node: &Node<B, F>,
        f: usize,
        a: usize,
        out: &mut Vec<Cand<B::Idx>>,
        parent: std::ops::Range<usize>,
    ) -> bool {
        let b = self.board.neighbor(a, f);
        let q = self.per_line[f];
        // The cells decided by this placement (only needed when q > 1).
        let placed = if q > 1 {
            let mut s = B::empty();
            let mut x = a;
            for _ in 0..q {
                s |= B::single(x) | B::single(self.board.neighbor(x, f));
                x = self.board.jump(f, x);
            }
            s
        } else {
            B::empty()
        };
        for i in parent {
            let c = out[i];
            // Only the cells of this option were decided since the parent compared c.
            let hit = if q > 1 {
                c.block != B::Idx::NONE && placed.contains(c.block.get())
            } else {
                c.block.get() == a || c.block.get() == b
            };
            if !hit {
                out.push(c);
                continue;
            }
            let codes = node.codes.as_ref();
            let c = if ROOTED && c.pos.get() == 0 {
                // A rooted candidate waiting for τ of its anchor, now decided: it
                // counts only if its option is not τ-invariant.
                let a = c.a.get();
                if codes[self.tau(a).get()] == codes[a] {
                    continue;
                }
                Cand {
                    pos: B::Idx::from_usize(1),
                    block: B::Idx::from_usize(0),
                    ..c
                }
            } else {
                c
            };
            match self.advance(codes, c) {
                None => return false,
                Some(None) => {}
                Some(Some(c)) => out.push(c),
            }
        }
        let mut x = a;
        for _ in 0..q {
            let y = self.board.neighbor(x, f);
            for &(m, far) in &self.activations[f] {
                let anchor = if far { y } else { x };
                if m == 0 && anchor == 0 {
                    continue; // the identity
                }
                let c = Cand {
                    m,
                    a: B::Idx::from_usize(anchor),
                    pos: B::Idx::from_usize(1),
                    block: B::Idx::from_usize(0),
                };
                if ROOTED {
                    // Rooted: the image is a rooted one only if τ of this option is
                    // absent; wait (position 0) while τ(anchor) is undecided.
                    let codes = node.codes.as_ref();
                    let t = self.tau(anchor);
                    if codes[t.get()] == UNKNOWN {
                        out.push(Cand {
                            pos: B::Idx::from_usize(0),
                            block: t,
                            ..c
                        });
                        continue;
                    }
                    if codes[t.get()] == codes[anchor] {
                        continue;
                    }
                }
                match self.advance(node.codes.as_ref(), c) {
                    None => return false,
                    Some(None) => {}
                    Some(Some(c)) => out.push(c),
                }
            }
            x = self.board.jump(f, x);
        }
        true
    }

    /// The anchors of the options of each family that can still be placed.
    #[inline(always)]
    fn available(&self, node: &Node<B, F>, avail: &mut [B; F]) {
        let free = node.free;
        for f in 0..self.nfam {
            let mut av = node.allowed[f] & free & self.shift.pull(f, free);
            if self.multi {
                // Every domino of the option must be free: a + j·p·v_f in av for all j.
                let mut t = av;
                for _ in 1..self.per_line[f] {
                    t = self.shift.pull_jump(f, t);
                    av &= t;
                }
            }
            avail[f] = av;
        }
    }

    /// Picks the item to branch on, or `None` when some cell or line has no option.
    /// `blocked` marks cells that candidate comparisons wait for; ties prefer them.
    #[inline]
    fn choose(&self, node: &Node<B, F>, avail: &mut [B; F], blocked: B) -> Option<Branch> {
        let free = node.free;
        self.available(node, avail);
        // Bit-sliced option counts per cell: s1 = at least one, s2 = two, s3 = three.
        let (mut s1, mut s2, mut s3) = (B::empty(), B::empty(), B::empty());
        for f in 0..self.nfam {
            for x in [avail[f], self.shift.push(f, avail[f])] {
                s3 |= s2 & x;
                s2 |= s1 & x;
                s1 |= x;
            }
        }
        if !(free & !s1).is_empty() {
            return None;
        }
        let first = free.least();
        if first < self.phase1 {
            return Some(Branch::Cell(first));
        }
        if self.rooted.is_some()
            && let Some(c) = self.first_of_order(free)
        {
            return Some(Branch::Cell(c));
        }
        let one = s1 & !s2;
        if !one.is_empty() {
            return Some(Branch::Cell(one.least()));
        }

        let mut best = (u32::MAX, 0usize);
        let mut open = node.open;
        while !open.is_empty() {
            let l = open.least();
            open.remove_least();
            let cnt = (avail[self.line_family[l]] & self.line_first[l]).len();
            if cnt < best.0 {
                if cnt == 0 {
                    return None;
                }
                best = (cnt, l);
            }
        }
        // Among two-way choices, prefer a cell some symmetry comparison waits for:
        // deciding it settles comparisons sooner (13% fewer nodes on the 8×8 torus).
        if best.0 >= 2 {
            let two = s2 & !s3 & blocked;
            if !two.is_empty() {
                return Some(Branch::Cell(two.least()));
            }
        }
        if best.0 > 2 {
            let two = s2 & !s3;
            if !two.is_empty() {
                return Some(Branch::Cell(two.least()));
            }
        }
        Some(Branch::Line(best.1))
    }

    /// The first free cell of the rooted search's [`Rooted::first_cells`], out of line
    /// (the canonical search never calls it).
    #[cold]
    #[inline(never)]
    fn first_of_order(&self, free: B) -> Option<usize> {
        let r = self.rooted.as_ref().expect("rooted mode");
        r.order.iter().copied().find(|&c| free.contains(c))
    }

    /// `τ(c)` in rooted mode.
    #[inline]
    fn tau(&self, c: usize) -> B::Idx {
        self.rooted.as_ref().expect("rooted mode").tau[c]
    }

    /// Calls `child` for every option the branch allows, in ascending code order for
    /// a cell and ascending anchor order for a line.
    #[inline]
    fn branches(&self, branch: Branch, avail: &[B; F], mut child: impl FnMut(usize, usize)) {
        match branch {
            Branch::Cell(c) => {
                for k in 0..2 * self.nfam {
                    let (f, a) = if k < self.nfam {
                        (k, c)
                    } else {
                        (k - self.nfam, self.board.neighbor(c, k))
                    };
                    if avail[f].contains(a) {
                        child(f, a);
                    }
                }
            }
            Branch::Line(l) => {
                let f = self.line_family[l];
                let mut s = avail[f] & self.line_first[l];
                while !s.is_empty() {
                    let a = s.least();
                    s.remove_least();
                    child(f, a);
                }
            }
        }
    }

    /// Depth-first search below `node`, whose candidates are `cands[start..]`; `leaf`
    /// gets every complete pairing with its number of surviving candidates. The search
    /// stops, setting `stats.cut`, once `stats.nodes` reaches `limit`.
    fn dfs(
        &self,
        node: &Node<B, F>,
        cands: &mut Vec<Cand<B::Idx>>,
        start: usize,
        stats: &mut Stats,
        limit: u64,
        leaf: &mut dyn FnMut(&Node<B, F>, usize),
    ) {
        if node.free.is_empty() {
            stats.leaves += 1;
            leaf(node, cands.len() - start);
            return;
        }
        if stats.nodes >= limit {
            stats.cut = true;
            return;
        }
        let mut avail = [B::empty(); F];
        // Cells that some candidate's comparison waits for (bit c = cell c).
        let blocked = cands[start..]
            .iter()
            .filter(|c| c.block != B::Idx::NONE)
            .fold(B::empty(), |m, c| m | B::single(c.block.get()));
        let Some(branch) = self.choose(node, &mut avail, blocked) else {
            return;
        };
        let end = cands.len();
        self.branches(branch, &avail, |f, a| {
            let mut child = *node;
            self.place(&mut child, f, a);
            stats.nodes += 1;
            if !self.mode.canonical() {
                self.dfs(&child, cands, end, stats, limit, leaf);
                return;
            }
            // The child's frame starts at `end`; the parent's is cands[start..end].
            if self.activate(&child, f, a, cands, start..end) {
                self.dfs(&child, cands, end, stats, limit, leaf);
            }
            cands.truncate(end);
        });
    }

    /// The first complete pairing below `node` in search order (no symmetry pruning),
    /// or `None` — with `stats.cut` set if the search stopped at `limit` nodes. (The
    /// limit is an argument, not a field: a field of `Ctx` would slow `dfs`, which
    /// is sensitive to the context's layout.)
    /// `tick(nodes)` is called every 2^20 nodes.
    ///
    /// The descent keeps its path in a vector, not on the call stack: a search as deep
    /// as half the cells of the largest board (2,048 levels of nodes of several
    /// kilobytes) would overflow any thread's stack.
    fn first_leaf(
        &self,
        node: &Node<B, F>,
        stats: &mut Stats,
        limit: u64,
        tick: &dyn Fn(u64),
    ) -> Option<Node<B, F>> {
        // Each level: its node and the branches (family, anchor) still to try, the
        // next one last.
        type Level<B, const F: usize> = (Node<B, F>, Vec<(usize, usize)>);
        let mut path: Vec<Level<B, F>> = Vec::new();
        let mut current = *node;
        loop {
            if current.free.is_empty() {
                stats.leaves += 1;
                return Some(current);
            }
            if stats.nodes >= limit {
                stats.cut = true;
                return None;
            }
            if stats.nodes & 0xF_FFFF == 0 {
                tick(stats.nodes);
            }
            let mut avail = [B::empty(); F];
            let mut kids = Vec::new();
            if let Some(branch) = self.choose(&current, &mut avail, B::empty()) {
                self.branches(branch, &avail, |f, a| kids.push((f, a)));
                kids.reverse();
            }
            path.push((current, kids));
            // The next branch: the deepest level with one left.
            loop {
                let (parent, kids) = path.last_mut()?;
                if let Some((f, a)) = kids.pop() {
                    current = *parent;
                    self.place(&mut current, f, a);
                    stats.nodes += 1;
                    break;
                }
                path.pop();
            }
        }
    }

    /// Takes one uniformly random branch below `node` (xorshift64* on `rng`) and returns
    /// its branching degree, or `None` at a dead end. A complete pairing has degree 1.
    fn random_step(
        &self,
        node: &mut Node<B, F>,
        rng: &mut u64,
        kids: &mut Vec<(usize, usize)>,
    ) -> Option<usize> {
        let mut avail = [B::empty(); F];
        let branch = self.choose(node, &mut avail, B::empty())?;
        kids.clear();
        self.branches(branch, &avail, |f, a| kids.push((f, a)));
        if kids.is_empty() {
            return None;
        }
        *rng ^= *rng >> 12;
        *rng ^= *rng << 25;
        *rng ^= *rng >> 27;
        let r = rng.wrapping_mul(0x2545_F491_4F6C_DD1D);
        let (f, a) = kids[(r % kids.len() as u64) as usize];
        self.place(node, f, a);
        Some(kids.len())
    }

    /// The frontier: nodes where the first phase ends (canonical mode), or nodes
    /// `depth` branchings below the root (labelled modes), in search order.
    fn frontier(&self, depth: usize) -> Vec<Subtree<B, F>> {
        let mut out = Vec::new();
        let root = self.root();
        self.expand(&root.node, &root.cands, depth, &mut out);
        out
    }

    fn expand(
        &self,
        node: &Node<B, F>,
        cands: &[Cand<B::Idx>],
        depth: usize,
        out: &mut Vec<Subtree<B, F>>,
    ) {
        let phase_done = node.free.least() >= self.split;
        if node.free.is_empty() || (self.split > 0 && phase_done) || (self.split == 0 && depth == 0)
        {
            out.push(Subtree {
                node: *node,
                cands: cands.to_vec(),
            });
            return;
        }
        let mut avail = [B::empty(); F];
        let Some(branch) = self.choose(node, &mut avail, B::empty()) else {
            return;
        };
        self.branches(branch, &avail, |f, a| {
            let mut child = *node;
            self.place(&mut child, f, a);
            let mut next = cands.to_vec();
            let parent = 0..next.len();
            if !self.mode.canonical() || self.activate(&child, f, a, &mut next, parent.clone()) {
                next.drain(parent);
                self.expand(&child, &next, depth.saturating_sub(1), out);
            }
        });
    }

    /// Searches one frontier subtree, up to `limit` nodes in `stats.nodes`.
    fn search(
        &self,
        sub: &Subtree<B, F>,
        stats: &mut Stats,
        limit: u64,
        leaf: &mut dyn FnMut(&Node<B, F>, usize),
    ) {
        let mut cands = sub.cands.clone();
        cands.reserve(self.total_candidates * (self.board.nlines() + 1));
        self.dfs(&sub.node, &mut cands, 0, stats, limit, leaf);
    }
}

/// Options of an enumeration.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Threads to use (`0`: rayon's default, all cores).
    pub threads: usize,
    /// Search only part of the tree: shard `index` of `count` (see [`Shard`]).
    pub shard: Option<Shard>,
    /// Stop after about this many nodes (`None`: no limit). A search that stops sets
    /// [`Stats::cut`]. On several threads an enumeration may overrun the limit by the
    /// subtrees in hand (each may use what was left when it started); on one thread,
    /// and in [`find_one_within`], it stops at the limit exactly.
    pub node_limit: Option<u64>,
}

/// Stack size of the search's threads: a node is copied at every level, and wide
/// boards have deep trees of large nodes.
fn stack_size(board: &Board) -> usize {
    let words = board.ncells().div_ceil(64).next_power_of_two();
    let node = (board.nfamilies() + 2) * 8 * words + 64 * words;
    (8 << 20).max(4 * node * (board.nlines() + 8))
}

/// Runs `f` on a pool of `threads` threads (`0` = all cores) whose stacks hold the
/// deepest search of `board`.
fn with_pool<T: Send>(board: &Board, threads: usize, f: impl FnOnce() -> T + Send) -> T {
    let need = stack_size(board);
    if threads == 0 && need <= 8 << 20 && board.ncells() <= 256 {
        return f();
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(need)
        .build()
        .expect("a thread pool")
        .install(f)
}

/// Binds `$ctx` to the search context of `$board` in `$mode` and evaluates `$body`,
/// monomorphised per board kind: [`Square8`] shifts on `u64` for the 8×8 torus,
/// [`Square16`] shifts on `u128` for the 16-toroidal board,
/// [`SegShift`]s on the narrowest bit set that holds the board otherwise.
macro_rules! with_ctx {
    ($board:expr, $mode:expr, |$ctx:ident| $body:expr) => {{
        let board: &Board = $board;
        let n = board.ncells();
        let few = board.nfamilies() <= 4;
        if board.fast_path() == Some($crate::core::board::FastPath::Square8) {
            let $ctx = &Ctx::<_, u64, 4>::new(board, Square8, $mode);
            $body
        } else if board.fast_path() == Some($crate::core::board::FastPath::Square16) {
            let $ctx = &Ctx::<_, u128, 4>::new(board, Square16, $mode);
            $body
        } else if n <= 64 && few {
            let $ctx = &Ctx::<_, u64, 4>::new(board, SegShift::<u64>::new(board), $mode);
            $body
        } else if n <= 64 {
            let $ctx = &Ctx::<_, u64, 18>::new(board, SegShift::<u64>::new(board), $mode);
            $body
        } else if n <= 128 && few {
            let $ctx = &Ctx::<_, u128, 4>::new(board, SegShift::<u128>::new(board), $mode);
            $body
        } else if n <= 128 {
            let $ctx = &Ctx::<_, u128, 18>::new(board, SegShift::<u128>::new(board), $mode);
            $body
        } else if n <= 256 {
            let $ctx = &Ctx::<_, Words<4>, 18>::new(board, SegShift::new(board), $mode);
            $body
        } else if n <= 1024 {
            let $ctx = &Ctx::<_, Words<16>, 18>::new(board, SegShift::new(board), $mode);
            $body
        } else {
            assert!(
                n <= $crate::pairing::search::MAX_CELLS,
                "board too large for the search"
            );
            let $ctx = &Ctx::<_, Words<64>, 18>::new(board, SegShift::new(board), $mode);
            $body
        }
    }};
}

pub mod estimate;
pub use estimate::{PartialCounts, partial_counts, quick_size};

/// Enumerates the canonical pairings of `board`, streaming them to `sink` in
/// ascending (catalogue) order, and returns the search counters.
///
/// `progress(done, total)` is called with `done = 0` once the frontier is known, then
/// after each frontier subtree, in completion
/// order, from worker threads. The board must be [`searchable`] with symmetry
/// breaking.
///
/// *Complexity*: exponential in the board size, as any exhaustive search; on the
/// 8×8 torus about ten million nodes (see BENCHMARKS.md).
pub fn enumerate(
    board: &Board,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    sink: &mut dyn FnMut(&Found),
) -> Stats {
    with_ctx!(board, Mode::Canonical, |ctx| run_canonical(
        ctx, opts, progress, sink
    ))
}

/// Enumerates the classes of good pairings of `board` that are not pairings of its
/// coarser board by the rooted search ([`Rooted`]): one pairing per class, in its
/// rooted form (not its canonical form), streamed to `sink` in ascending order of
/// rooted forms; `found.stabiliser` is the order of its stabiliser. Same `opts` and
/// `progress` as [`enumerate`]. `None` when `board` has no root ([`Rooted::of`]).
///
/// *Complexity*: on the 16-toroidal board 1.7 million nodes for its 5,740 classes,
/// against the 25.4 million of [`enumerate`], which also meets every pairing of the
/// 8×8 torus (see BENCHMARKS.md).
pub fn enumerate_rooted(
    board: &Board,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    sink: &mut dyn FnMut(&Found),
) -> Option<Stats> {
    Rooted::of(board)?;
    let mut found = Vec::new();
    let stats = with_ctx!(board, Mode::Rooted, |ctx| run_canonical(
        ctx,
        opts,
        progress,
        &mut |f| found.push(f.clone())
    ));
    // The frontier is cut at a depth, not along the one-line form: sort.
    found.sort_unstable();
    for f in &found {
        sink(f);
    }
    Some(stats)
}

/// Enumerates with the generic shifts even on the 8×8 torus (a cross-check of the
/// [`Square8`] bit tricks).
pub fn enumerate_generic(board: &Board, opts: Options, sink: &mut dyn FnMut(&Found)) -> Stats {
    assert!(board.ncells() <= 64 && board.nfamilies() <= 4);
    let ctx = Ctx::<_, u64, 4>::new(board, SegShift::<u64>::new(board), Mode::Canonical);
    run_canonical(&ctx, opts, &|_, _| {}, sink)
}

/// Collects [`enumerate`]'s output.
pub fn enumerate_all(board: &Board, opts: Options) -> (Vec<Found>, Stats) {
    let mut out = Vec::new();
    let stats = enumerate(board, opts, &|_, _| {}, &mut |f| out.push(f.clone()));
    (out, stats)
}

fn run_canonical<S: Shift<B>, B: Bits, const F: usize>(
    ctx: &Ctx<'_, S, B, F>,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    sink: &mut dyn FnMut(&Found),
) -> Stats {
    let n = ctx.n;
    let results = run_frontier(ctx, opts, progress, |node, stats, limit| {
        let mut found = Vec::new();
        ctx.search(node, stats, limit, &mut |leaf, ncand| {
            found.push(Found {
                codes: leaf.codes.as_ref()[..n].to_vec(),
                stabiliser: 1 + ncand,
            })
        });
        found.sort_unstable();
        found
    });
    let mut stats = Stats::default();
    for (found, s) in &results {
        stats += *s;
        for f in found {
            sink(f);
        }
    }
    stats
}

/// Runs `subtree(node, stats, limit)` on every frontier subtree of canonical mode (or
/// of the shard `opts.shard`) in parallel, and returns the results in frontier order.
/// Once the node limit is spent, the subtrees not yet started are skipped.
fn run_frontier<S: Shift<B>, B: Bits, const F: usize, T: Send + Default>(
    ctx: &Ctx<'_, S, B, F>,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
    subtree: impl Fn(&Subtree<B, F>, &mut Stats, u64) -> T + Sync,
) -> Vec<(T, Stats)> {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    let depth = if ctx.mode == Mode::Rooted {
        ROOTED_SPLIT_DEPTH
    } else {
        0
    };
    let mut frontier = ctx.frontier(depth);
    if let Some(sh) = opts.shard {
        // Keep subtrees j ≡ index (mod count), in order.
        let mut j = 0;
        frontier.retain(|_| {
            j += 1;
            (j - 1) % sh.count == sh.index
        });
    }
    let total = frontier.len() as u64;
    progress(0, total);
    let done = AtomicU64::new(0);
    // Nodes of the finished subtrees: a subtree may use what is left of the node limit
    // when it starts, and once nothing is left the subtrees not yet started are skipped.
    let spent = AtomicU64::new(0);
    with_pool(ctx.board, opts.threads, || {
        frontier
            .par_iter()
            // One subtree per task: rayon's default pieces of several subtrees left one
            // thread idle at the end (0.92 s against 0.78 s on the 8×8 torus).
            .with_max_len(1)
            .map(|node| {
                let mut stats = Stats {
                    subtrees: 1,
                    ..Stats::default()
                };
                let used = spent.load(Relaxed);
                let limit = opts.node_limit.map_or(u64::MAX, |l| l.saturating_sub(used));
                let out = if limit == 0 {
                    stats.cut = true;
                    T::default()
                } else {
                    let out = subtree(node, &mut stats, limit);
                    spent.fetch_add(stats.nodes, Relaxed);
                    out
                };
                progress(done.fetch_add(1, Relaxed) + 1, total);
                (out, stats)
            })
            .collect()
    })
}

/// The labelled good pairings of classes counted by stabiliser order (the orbit of a
/// class of stabiliser order `s` has `group_order / s` pairings).
pub fn labelled(by_stabiliser: &std::collections::BTreeMap<usize, u64>, group_order: usize) -> u64 {
    by_stabiliser
        .iter()
        .map(|(&s, &n)| n * (group_order / s) as u64)
        .sum()
}

/// Counts the classes of `board` by the order of their stabilisers, as [`enumerate`]
/// finds them, without keeping the classes: the memory is that of the search alone,
/// whatever the number of classes. With `opts.shard`, the classes of that shard.
///
/// *Returns* the classes by stabiliser order and the search counters (with
/// `stats.cut` when the node limit stopped the search: then the counts are partial).
/// The same counts for any number of threads.
pub fn count_classes(
    board: &Board,
    opts: Options,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> (std::collections::BTreeMap<usize, u64>, Stats) {
    fn run<S: Shift<B>, B: Bits, const F: usize>(
        ctx: &Ctx<'_, S, B, F>,
        opts: Options,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> (std::collections::BTreeMap<usize, u64>, Stats) {
        let results = run_frontier(ctx, opts, progress, |node, stats, limit| {
            let mut by_stab = std::collections::BTreeMap::<usize, u64>::new();
            ctx.search(node, stats, limit, &mut |_, ncand| {
                *by_stab.entry(1 + ncand).or_default() += 1;
            });
            by_stab
        });
        let mut by_stab = std::collections::BTreeMap::new();
        let mut stats = Stats::default();
        for (part, s) in results {
            stats += s;
            for (k, v) in part {
                *by_stab.entry(k).or_default() += v;
            }
        }
        (by_stab, stats)
    }
    with_ctx!(board, Mode::Canonical, |ctx| run(ctx, opts, progress))
}

/// Counts labelled good pairings with no symmetry reduction (`Mode::Labelled` or
/// `Mode::LabelledFirstDomino`), in parallel, and how many of them satisfy `filter`
/// (which sees the codes). A path to the labelled counts that the orbit sums over the
/// catalogue (`crate::pairing::catalogue::census`) must equal.
pub fn count_labelled(
    board: &Board,
    mode: Mode,
    opts: Options,
    filter: &(dyn Fn(&[u8]) -> bool + Sync),
) -> (Stats, u64) {
    assert!(
        mode != Mode::Canonical,
        "count_labelled does no symmetry reduction"
    );
    fn run<S: Shift<B>, B: Bits, const F: usize>(
        ctx: &Ctx<'_, S, B, F>,
        opts: Options,
        filter: &(dyn Fn(&[u8]) -> bool + Sync),
    ) -> (Stats, u64) {
        let frontier = ctx.frontier(3);
        let n = ctx.n;
        let parts: Vec<(Stats, u64)> = with_pool(ctx.board, opts.threads, || {
            frontier
                .par_iter()
                .map(|node| {
                    let mut stats = Stats {
                        subtrees: 1,
                        ..Stats::default()
                    };
                    let mut hits = 0;
                    ctx.search(node, &mut stats, u64::MAX, &mut |leaf, _| {
                        hits += u64::from(filter(&leaf.codes.as_ref()[..n]));
                    });
                    (stats, hits)
                })
                .collect()
        });
        let mut total = (Stats::default(), 0);
        for (s, h) in parts {
            total.0 += s;
            total.1 += h;
        }
        total
    }
    with_ctx!(board, mode, |ctx| run(ctx, opts, filter))
}

/// The first good pairing of `board` in search order (its codes), found by the same
/// search with no symmetry reduction, and the counters of that search: when there is
/// none, `stats.nodes` is the size of the exhaustive search that shows it.
pub fn find_one(board: &Board) -> (Option<Vec<u8>>, Stats) {
    find_one_within(board, None)
}

/// [`find_one`] stopping after `limit` nodes: `(None, stats)` with `stats.cut` set
/// means the search did not finish, so neither a pairing nor its absence is known.
pub fn find_one_within(board: &Board, limit: Option<u64>) -> (Option<Vec<u8>>, Stats) {
    find_one_reporting(board, limit, &|_| {})
}

/// [`find_one_within`] calling `progress(nodes)` every 2^20 nodes (from the searching
/// thread).
pub fn find_one_reporting(
    board: &Board,
    limit: Option<u64>,
    progress: &(dyn Fn(u64) + Sync),
) -> (Option<Vec<u8>>, Stats) {
    fn run<S: Shift<B>, B: Bits, const F: usize>(
        ctx: &Ctx<'_, S, B, F>,
        limit: u64,
        progress: &(dyn Fn(u64) + Sync),
    ) -> (Option<Vec<u8>>, Stats) {
        let root = ctx.root();
        let mut stats = Stats::default();
        let found = with_pool(ctx.board, 1, || {
            ctx.first_leaf(&root.node, &mut stats, limit, progress)
        });
        (
            found.map(|leaf| leaf.codes.as_ref()[..ctx.n].to_vec()),
            stats,
        )
    }
    with_ctx!(board, Mode::Labelled, |ctx| run(
        ctx,
        limit.unwrap_or(u64::MAX),
        progress
    ))
}

/// The first good pairing of `board` in search order (see [`find_one`]).
pub fn first_pairing(board: &Board) -> Option<Vec<u8>> {
    find_one(board).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square8_shifts_match_segment_shifts() {
        let b = Board::square9();
        let t = SegShift::<u64>::new(&b);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for f in 0..4 {
                assert_eq!(Square8.pull(f, x), t.pull(f, x), "pull {f}");
                assert_eq!(Square8.push(f, x), t.push(f, x), "push {f}");
                assert_eq!(Square8.pull_jump(f, x), t.pull_jump(f, x), "jump {f}");
            }
        }
    }

    #[test]
    fn square16_shifts_match_segment_shifts() {
        let b = Board::square9_16();
        assert_eq!(b.fast_path(), Some(crate::core::board::FastPath::Square16));
        let t = SegShift::<u128>::new(&b);
        // Every shift commutes with union, so agreeing on the 128 single cells is
        // agreeing everywhere; random sets check the union too.
        for c in 0..128 {
            for f in 0..4 {
                let s = 1u128 << c;
                assert_eq!(Square16.pull(f, s), t.pull(f, s), "pull {f} of cell {c}");
                assert_eq!(Square16.push(f, s), t.push(f, s), "push {f} of cell {c}");
                assert_eq!(
                    Square16.pull_jump(f, s),
                    t.pull_jump(f, s),
                    "jump {f} of cell {c}"
                );
            }
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            let mut s = 0u128;
            for _ in 0..2 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                s = (s << 64) | u128::from(x);
            }
            for f in 0..4 {
                assert_eq!(Square16.pull(f, s), t.pull(f, s), "pull {f}");
                assert_eq!(Square16.push(f, s), t.push(f, s), "push {f}");
                assert_eq!(Square16.pull_jump(f, s), t.pull_jump(f, s), "jump {f}");
            }
        }
    }

    #[test]
    fn segment_shifts_move_every_cell_by_its_direction() {
        let b = Board::square9_16();
        let t = SegShift::<u128>::new(&b);
        for f in 0..4 {
            for c in 0..b.ncells() {
                let s = 1u128 << c;
                assert_eq!(t.push(f, s), 1u128 << b.neighbor(c, f));
                assert_eq!(t.pull(f, 1u128 << b.neighbor(c, f)), s);
                assert_eq!(t.pull_jump(f, 1u128 << b.jump(f, c)), s);
            }
        }
    }

    #[test]
    fn small_boards() {
        let b = Board::square5();
        let (found, _) = enumerate_all(&b, Options::default());
        assert_eq!(found.len(), 2);
    }
}
