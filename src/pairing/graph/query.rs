//! Questions about one class or two, answered from the catalogue and the pairing graph
//! (docs/spec.md §5): the moves out of a pairing with their chains ([`moves_from`]), a
//! shortest sequence of moves between two pairings ([`shortest_ids`], [`realise`]),
//! and the classes that pass a filter ([`select`]).
//!
//! # Pairings, not only classes
//!
//! The graph joins *classes*; a researcher moves *pairings*. [`moves_from`] applies
//! the move at every cell of the pairing it is given — the canonical form of a class,
//! or a pairing exactly as it was read from a file — and names the class of each result
//! by its canonical form and a binary search in the catalogue. [`realise`] turns a path
//! of class IDs into moves of concrete pairings: from the start pairing, at each step
//! the least cell whose move lands in the next class. The last pairing lies in the
//! target class; the symmetry carrying it onto the target pairing is the caller's last
//! step ([`crate::pairing::symmetry::compose_inverse_first`]).
//!
//! # Determinism
//!
//! Neighbours are listed by ascending ID, each with the cells whose moves reach it in
//! ascending order; the breadth-first search scans neighbours in ascending order and
//! keeps the first parent found, so the same path comes out on any machine.

use crate::core::board::{Board, Symmetry};
use crate::pairing::catalogue::Catalogue;
use crate::pairing::graph::PairingGraph;
use crate::pairing::graph::moves::{MoveError, Slide, apply_move_with};
use crate::pairing::symmetry::canonical_into;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::ops::RangeInclusive;

/// Why a question could not be answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// A move chain did not end.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A pairing's class is not in the catalogue (the catalogue is incomplete, or of
    /// another board).
    #[error("the class of {what} ({canonical}) is not in the catalogue")]
    Missing {
        /// Which pairing (e.g. "the move at cell (3,4)").
        what: String,
        /// Its canonical form, one-line.
        canonical: String,
    },
    /// The graph has an edge that no move of the pairing realises (a graph that does
    /// not belong to this catalogue).
    #[error("no move leads from class {from} to class {to}, although the graph joins them")]
    NoMove {
        /// The class left.
        from: usize,
        /// The class to be reached.
        to: usize,
    },
}

/// A class reached by moves of a pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Neighbour {
    /// Catalogue ID of the class reached.
    pub id: usize,
    /// Every cell whose move reaches it, ascending.
    pub cells: Vec<usize>,
    /// The chain of the move at the first of these cells.
    pub slides: Vec<Slide>,
    /// The pairing that move produces (not in canonical form).
    pub codes: Vec<u8>,
}

/// All moves of one pairing, grouped by the class they reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moves {
    /// The pairing's own class.
    pub id: usize,
    /// Cells whose move stays in the pairing's own class.
    pub same_class: Vec<usize>,
    /// The other classes reached, ascending ID.
    pub neighbours: Vec<Neighbour>,
}

/// One move of a move sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The cell moved (docs/spec.md §5's `A`), in the coordinates of the pairing before
    /// the move.
    pub cell: usize,
    /// The chain of slides.
    pub slides: Vec<Slide>,
    /// The class reached.
    pub id: usize,
    /// The pairing after the move.
    pub codes: Vec<u8>,
}

/// The catalogue ID of the class of `codes`, a good pairing of `board`.
///
/// *Complexity*: one canonical form and a binary search, `O(N log n)`.
pub fn class_of(
    board: &Board,
    cat: &Catalogue,
    codes: &[u8],
    what: &str,
) -> Result<usize, QueryError> {
    let mut canon = vec![0u8; codes.len()];
    canonical_into(board, codes, &mut canon);
    cat.id_of(&canon).ok_or_else(|| QueryError::Missing {
        what: what.to_string(),
        canonical: crate::core::board::pairing::Pairing::from_codes(canon).to_line(),
    })
}

/// The move at cell `a` of `codes` with its chain: the pairing it produces and the
/// slides in order.
pub fn traced_move(
    board: &Board,
    codes: &[u8],
    a: usize,
) -> Result<(Vec<u8>, Vec<Slide>), MoveError> {
    let mut out = codes.to_vec();
    let mut slides = Vec::new();
    apply_move_with(board, &mut out, a, |s| slides.push(s))?;
    Ok((out, slides))
}

/// The moves at every cell of the good pairing `codes`, grouped by the class reached.
///
/// *Arguments*: `board` with one domino per line (the move is defined there only), its
/// catalogue `cat`, a good pairing `codes` of the board (canonical or not).
///
/// *Returns* the pairing's class, the cells whose move stays in it, and each other
/// class reached with every cell that reaches it and the chain of the first.
///
/// *Complexity*: `N` moves and `N` canonical forms for `N` cells.
///
/// ```
/// use amoba::core::board::Board;
/// use amoba::pairing::catalogue::Catalogue;
/// use amoba::pairing::graph::query::moves_from;
/// let b = Board::line3();
/// let cat = amoba::pairing::catalogue::enumerate::run(&b, 1, None, &|_, _| {}).catalogue;
/// let m = moves_from(&b, &cat, cat.codes_of(1)).unwrap();
/// assert_eq!(m.id, 1);
/// ```
pub fn moves_from(board: &Board, cat: &Catalogue, codes: &[u8]) -> Result<Moves, QueryError> {
    let id = class_of(board, cat, codes, "the pairing")?;
    let mut same_class = Vec::new();
    let mut reached: BTreeMap<usize, Neighbour> = BTreeMap::new();
    for a in 0..codes.len() {
        let (out, slides) = traced_move(board, codes, a)?;
        let what = format!("the move at cell {}", board.cell_name(a));
        let to = class_of(board, cat, &out, &what)?;
        if to == id {
            same_class.push(a);
            continue;
        }
        reached
            .entry(to)
            .or_insert_with(|| Neighbour {
                id: to,
                cells: Vec::new(),
                slides,
                codes: out,
            })
            .cells
            .push(a);
    }
    Ok(Moves {
        id,
        same_class,
        neighbours: reached.into_values().collect(),
    })
}

/// A shortest path of class IDs from `from` to `to` (both included), or `None` when
/// they lie in different components.
///
/// *Complexity*: `O(V + E)` breadth-first search, stopped at `to`.
pub fn shortest_ids(graph: &PairingGraph, from: usize, to: usize) -> Option<Vec<usize>> {
    if graph.component(from) != graph.component(to) {
        return None;
    }
    let n = graph.vertex_count();
    let (s, t) = (from - 1, to - 1);
    let mut parent = vec![u32::MAX; n];
    parent[s] = s as u32;
    let mut queue = std::collections::VecDeque::from([s as u32]);
    while let Some(u) = queue.pop_front() {
        if u as usize == t {
            break;
        }
        for &v in graph.neighbors0(u as usize) {
            if parent[v as usize] == u32::MAX {
                parent[v as usize] = u;
                queue.push_back(v);
            }
        }
    }
    let mut path = vec![to];
    let mut v = t;
    while v != s {
        v = parent[v] as usize;
        path.push(v + 1);
    }
    path.reverse();
    Some(path)
}

/// Realises a path of class IDs (from [`shortest_ids`]) as moves of concrete
/// pairings, starting from `start` (a pairing of class `ids[0]`): at each step the
/// least cell whose move lands in the next class.
///
/// *Complexity*: at most `N` moves and canonical forms per step.
pub fn realise(
    board: &Board,
    cat: &Catalogue,
    start: &[u8],
    ids: &[usize],
) -> Result<Vec<Step>, QueryError> {
    let mut codes = start.to_vec();
    let mut steps = Vec::with_capacity(ids.len().saturating_sub(1));
    for pair in ids.windows(2) {
        let mut found = None;
        for a in 0..codes.len() {
            let (out, slides) = traced_move(board, &codes, a)?;
            let what = format!("the move at cell {}", board.cell_name(a));
            if class_of(board, cat, &out, &what)? == pair[1] {
                found = Some(Step {
                    cell: a,
                    slides,
                    id: pair[1],
                    codes: out,
                });
                break;
            }
        }
        let step = found.ok_or(QueryError::NoMove {
            from: pair[0],
            to: pair[1],
        })?;
        codes.clone_from(&step.codes);
        steps.push(step);
    }
    Ok(steps)
}

/// A symmetry a class must have, for [`select`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetryFilter {
    /// This element (linear part and translation) fixes the canonical form.
    Exact(Symmetry),
    /// Some element with this linear part (an index into [`Board::point_group`]),
    /// other than the identity, fixes the canonical form: for the identity matrix, a
    /// non-zero translation.
    Linear(usize),
}

impl SymmetryFilter {
    /// The filter `amoba select --symmetry` takes: with a translation
    /// (`"-1,0 0,1 + 4,0"`) that element exactly, a matrix alone any element with that
    /// linear part other than the identity (FORMATS.md, *Symmetries*).
    ///
    /// # Errors
    ///
    /// Text that is not a symmetry of `board`, with the reason.
    pub fn parse(board: &Board, s: &str) -> Result<SymmetryFilter, String> {
        let g = crate::pairing::symmetry::text::parse(board, s).map_err(|e| e.to_string())?;
        Ok(if s.contains('+') {
            SymmetryFilter::Exact(g)
        } else {
            SymmetryFilter::Linear(g.m)
        })
    }
}

/// Which classes [`select`] keeps: every condition given must hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Catalogue IDs.
    pub ids: Option<RangeInclusive<usize>>,
    /// Stabiliser order.
    pub stabiliser: Option<RangeInclusive<usize>>,
    /// Component of the pairing graph (1 = the largest).
    pub component: Option<RangeInclusive<usize>>,
    /// Degree in the pairing graph.
    pub degree: Option<RangeInclusive<usize>>,
    /// A symmetry the class must have.
    pub symmetry: Option<SymmetryFilter>,
}

impl Filter {
    /// Whether the filter needs the pairing graph.
    pub fn needs_graph(&self) -> bool {
        self.component.is_some() || self.degree.is_some()
    }
}

/// Parses a range of a [`Filter`] as `amoba select` takes it: `N`, `A..B`, `A..` or
/// `..B` (inclusive). An empty range (`A > B`) is refused.
pub fn parse_range(s: &str) -> Result<RangeInclusive<usize>, String> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("found {t:?}, expected a whole number"))
    };
    let r = match s.split_once("..") {
        None => {
            let n = num(s)?;
            n..=n
        }
        Some((a, b)) => {
            let lo = if a.trim().is_empty() { 0 } else { num(a)? };
            let hi = if b.trim().is_empty() {
                usize::MAX
            } else {
                num(b)?
            };
            lo..=hi
        }
    };
    if r.is_empty() {
        return Err(format!("{s:?} is an empty range: expected A..B with A ≤ B"));
    }
    Ok(r)
}

/// The catalogue IDs of the classes that pass `filter`, ascending.
///
/// *Arguments*: `graph` is needed only when [`Filter::needs_graph`].
///
/// *Complexity*: `O(n)` checks, parallel; a symmetry condition costs one stabiliser
/// computation for each class whose stabiliser order is above 1 (the others have no
/// symmetry but the identity).
pub fn select(
    board: &Board,
    cat: &Catalogue,
    graph: Option<&PairingGraph>,
    filter: &Filter,
) -> Vec<usize> {
    let within =
        |r: &Option<RangeInclusive<usize>>, x: usize| r.as_ref().is_none_or(|r| r.contains(&x));
    let identity = Symmetry { m: 0, t: 0 };
    let range = filter.ids.clone().unwrap_or(1..=cat.len());
    let (lo, hi) = (*range.start().max(&1), *range.end().min(&cat.len()));
    (lo..=hi)
        .into_par_iter()
        .filter(|&id| {
            within(&filter.stabiliser, cat.stabiliser(id))
                && graph.is_none_or(|g| {
                    within(&filter.component, g.component(id))
                        && within(&filter.degree, g.degree(id))
                })
                && filter.symmetry.is_none_or(|want| {
                    if want == SymmetryFilter::Exact(identity) {
                        return true;
                    }
                    if cat.stabiliser(id) == 1 {
                        return false;
                    }
                    let stab =
                        crate::pairing::symmetry::canonical(board, &cat.pairing(id)).stabiliser;
                    stab.iter().any(|&g| match want {
                        SymmetryFilter::Exact(h) => g == h,
                        SymmetryFilter::Linear(m) => g.m == m && g != identity,
                    })
                })
        })
        .collect()
}
