//! Lattice scans: one game — a set of directions `S`, `k = 2n + 1` — on every period
//! lattice up to an index, each searched for a tight pairing (docs/spec.md §8, §9).
//!
//! # What is scanned
//!
//! The lattices `Λ ⊂ Z^d` of index `N` in Hermite normal form are listed by
//! [`Lattice::all_of_index`]. A lattice is a board of the game only when every
//! direction has `ord(v)` a multiple of `p = 2n`; the others are skipped (their lines
//! cannot hold dominoes `p` apart). The symmetries of `S` ([`crate::core::board::directions::symmetries`]) map a board
//! onto an isomorphic one, so each orbit is searched once, at its least Hermite form,
//! and the row says how many lattices the orbit has.
//!
//! # What is asked of each board
//!
//! * **exists**: [`find_one_within`], a depth-first search with no symmetry
//!   reduction, stopped at a node limit. Its three outcomes are a pairing (the
//!   certificate, which the caller checks with the independent verifier), *none* —
//!   the search was exhaustive, with its node count — or *unknown*: the limit was
//!   reached. "None" is exhaustive on that lattice only.
//! * **counts** (optional, on the boards where a pairing was found): the canonical
//!   enumeration ([`enumerate`](crate::pairing::search::enumerate)) on one thread, stopped at a node limit: classes,
//!   labelled pairings `Σ |G| / |stab|` and classes by stabiliser order, or
//!   *unfinished*.
//!
//! # Planning
//!
//! [`given`] checks the directions of one game, [`class_games`] lists one game per
//! class of a box, and [`plan`] lists every game's lattices, refusing a dimension
//! other than 2 or 3 and lattices larger than the search handles, before anything is
//! searched. The default limits are [`FIND_LIMIT`] and [`COUNT_LIMIT`].
//!
//! Every figure is a function of the game, the lattice and the limits: the same for
//! any number of threads (the boards are searched in parallel, each on one thread,
//! and the rows are put back in order).

use crate::core::board::directions::{BoxError, Candidate, candidates, check_box, classes_in_box};
use crate::core::board::group::GroupError;
use crate::core::board::lattice::Lattice;
use crate::core::board::{Board, BoardDef, BoardError, Info};
use crate::core::verdict::{Limit, Unit, Verdict};
use crate::pairing::search::{Options, Shard, Stats, count_classes, find_one_within, labelled};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The bound on the largest index of a scan, shared with the placement commands.
pub use crate::core::board::directions::{IndexError, check_max_index};

/// Node limit of each existence search unless the caller says otherwise
/// (`--node-limit`).
pub const FIND_LIMIT: u64 = 10_000_000;

/// Node limit of each count unless the caller says otherwise (`--count-limit`).
pub const COUNT_LIMIT: u64 = 100_000_000;

/// Why the games or lattices of a scan were refused.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// Neither directions nor a class of them to scan.
    #[error("expected the directions of a game (--directions) or a class of them (--all)")]
    NoGame,
    /// The directions do not parse.
    #[error(transparent)]
    Vectors(BoardError),
    /// `--dims` disagrees with the directions.
    #[error("--dims is {dims}, but the directions have {d} coordinates")]
    Dims {
        /// The dimension asked for.
        dims: usize,
        /// The directions' coordinates.
        d: usize,
    },
    /// The directions cannot make a board (not primitive, repeated, ...).
    #[error("--directions: {0}")]
    Directions(BoardError),
    /// The box of `--all` holds no set of that many directions.
    #[error("--all {n} --box {r} --dims {d}: the box holds no set of {n} directions")]
    NoSets {
        /// Directions in a set.
        n: usize,
        /// The box's radius.
        r: i64,
        /// Dimension.
        d: usize,
    },
    /// The box of `--all` is beyond the classes listed.
    #[error("--all {n} --box {r} --dims {d}: {error}")]
    Box {
        /// Directions in a set.
        n: usize,
        /// The box's radius.
        r: i64,
        /// Dimension.
        d: usize,
        /// Why the box was refused.
        error: BoxError,
    },
    /// Scans are of the plane or of space.
    #[error("scans are for dimension 2 or 3; the directions have dimension {0}")]
    Dimension(usize),
    /// The lattices of the directions cannot be listed (they do not span).
    #[error("--directions: {0}")]
    Lattices(GroupError),
    /// A lattice of the range has more cells than the search handles.
    #[error(
        "--max-index {0}: the search handles boards of at most {max} cells",
        max = crate::pairing::search::MAX_CELLS
    )]
    TooLarge(usize),
}

/// One game of a scan before its lattices are listed: its directions and, for a game
/// standing for a class of sets in a box (`--all`), how many sets the class has.
#[derive(Clone, Debug)]
pub struct ScanGame {
    /// The directions, in code order.
    pub directions: Vec<Vec<i64>>,
    /// With `--all`: the sets of the box in this game's class.
    pub class_members: Option<usize>,
    /// The lattices to search, one per orbit (empty until [`plan`] lists them).
    pub candidates: Vec<Candidate>,
}

/// The game of the directions given as option text, checked: they must be primitive
/// and distinct up to sign, of `dims` coordinates when given (that they span is
/// checked with their symmetries, when the lattices are listed).
pub fn given(text: &str, dims: Option<usize>) -> Result<Vec<ScanGame>, PlanError> {
    let dirs = crate::core::board::builtin::parse_vectors("--directions", text)
        .map_err(PlanError::Vectors)?;
    let d = dirs.first().map_or(0, Vec::len);
    if let Some(dims) = dims
        && dims != d
    {
        return Err(PlanError::Dims { dims, d });
    }
    crate::core::board::check_directions(&dirs, d).map_err(PlanError::Directions)?;
    Ok(vec![ScanGame {
        directions: dirs,
        class_members: None,
        candidates: Vec::new(),
    }])
}

/// One game per class (up to `GL(d, Z)`) of sets of `n` primitive directions in the
/// box `{−r, …, r}^d`: each scanned as its least member in the box (a
/// familiar-looking set, unlike the normal form; the report gives both).
pub fn class_games(d: usize, r: i64, n: usize) -> Result<Vec<ScanGame>, PlanError> {
    check_box(d, r, n).map_err(|error| PlanError::Box { n, r, d, error })?;
    let classes = classes_in_box(d, r, n);
    if classes.is_empty() {
        return Err(PlanError::NoSets { n, r, d });
    }
    Ok(classes
        .into_iter()
        .map(|(_, members)| ScanGame {
            directions: members[0].clone(),
            class_members: Some(members.len()),
            candidates: Vec::new(),
        })
        .collect())
}

/// The dimension of the games of `--all` unless `--dims` says otherwise.
pub const ALL_DIMS: usize = 2;

/// The games a scan runs: those of the directions given as option text (of `dims`
/// coordinates when given, [`given`]), or with `all = Some((n, r))` one per class of
/// sets of `n` primitive directions in the box `{−r, …, r}^d`, `d` being `dims` or
/// [`ALL_DIMS`] ([`class_games`]). The directions win when both are given.
///
/// *Errors*: those of [`given`] and [`class_games`]; neither given.
pub fn games(
    directions: Option<&str>,
    all: Option<(usize, i64)>,
    dims: Option<usize>,
) -> Result<Vec<ScanGame>, PlanError> {
    match (directions, all) {
        (Some(text), _) => given(text, dims),
        (None, Some((n, r))) => class_games(dims.unwrap_or(ALL_DIMS), r, n),
        (None, None) => Err(PlanError::NoGame),
    }
}

/// Lists the lattices of index `min..=max` of every game, one per orbit of the
/// symmetries of its directions, where every direction's order is a multiple of
/// `p = 2n`. *Returns* the dimension of the games.
///
/// *Errors*: a dimension other than 2 or 3; directions that do not span; a lattice of
/// more cells than the search handles.
pub fn plan(games: &mut [ScanGame], min: usize, max: usize) -> Result<usize, PlanError> {
    let d = games
        .first()
        .and_then(|g| g.directions.first())
        .map_or(0, Vec::len);
    if !(2..=3).contains(&d) {
        return Err(PlanError::Dimension(d));
    }
    for g in games.iter_mut() {
        let dirs = &g.directions;
        let list = candidates(dirs, 2 * dirs.len(), min, max).map_err(PlanError::Lattices)?;
        if list
            .iter()
            .any(|c| c.lattice.index() > crate::pairing::search::MAX_CELLS)
        {
            return Err(PlanError::TooLarge(max));
        }
        g.candidates = list;
    }
    Ok(d)
}

/// Limits of a scan.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Nodes the existence search may visit per lattice.
    pub find_nodes: u64,
    /// Nodes the counting enumeration may visit per lattice (`None`: do not count).
    pub count_nodes: Option<u64>,
}

/// Whether a board has a good pairing: the shared [`Verdict`] of one search, with the
/// pairing found (and the nodes to it) as the object and the nodes of the exhaustive
/// search as the evidence for "none". A scan's "none" is always complete (the search
/// has no restricted mode), and its "unknown" is the node limit, with the nodes spent.
/// In a JSON document it is the object `{"answer": "found", "pairing": …, "nodes": …}`,
/// `{"answer": "none", "nodes": …}` or `{"answer": "unknown", "nodes": …}`.
pub type Existence = Verdict<FoundPairing, u64>;

/// A good pairing found by a scan's search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundPairing {
    /// The pairing, in one-line form.
    pub pairing: String,
    /// Nodes of the search that found it.
    pub nodes: u64,
}

/// The JSON form of an [`Existence`].
#[derive(Serialize, Deserialize)]
#[serde(tag = "answer", rename_all = "snake_case")]
enum ExistenceJson {
    Found { pairing: String, nodes: u64 },
    None { nodes: u64 },
    Unknown { nodes: u64 },
}

impl Serialize for Existence {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Verdict::Found(f) => ExistenceJson::Found {
                pairing: f.pairing.clone(),
                nodes: f.nodes,
            },
            Verdict::None { evidence, .. } => ExistenceJson::None { nodes: *evidence },
            Verdict::Unknown(limit) => ExistenceJson::Unknown { nodes: limit.spent },
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Existence {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Existence, D::Error> {
        Ok(match ExistenceJson::deserialize(d)? {
            ExistenceJson::Found { pairing, nodes } => {
                Verdict::Found(FoundPairing { pairing, nodes })
            }
            ExistenceJson::None { nodes } => Verdict::None {
                complete: true,
                evidence: nodes,
            },
            ExistenceJson::Unknown { nodes } => Verdict::Unknown(Limit {
                unit: Unit::Nodes,
                spent: nodes,
            }),
        })
    }
}

impl Existence {
    /// The answer of a search for one pairing ([`find_one_within`]): the pairing it
    /// found, or none, exhaustively unless the node limit cut the search
    /// (`stats.cut`).
    pub fn of(found: Option<&[u8]>, stats: &Stats) -> Existence {
        let found = found.map(|codes| FoundPairing {
            pairing: crate::core::board::pairing::Pairing::from_codes(codes.to_vec()).to_line(),
            nodes: stats.nodes,
        });
        Verdict::of_search(found, stats.cut, stats.nodes)
    }

    /// `found`, `none` or `unknown`, as in the JSON documents.
    pub fn answer(&self) -> &'static str {
        match self {
            Verdict::Found(_) => "found",
            Verdict::None { .. } => "none",
            Verdict::Unknown(_) => "unknown",
        }
    }

    /// Nodes of the search.
    pub fn nodes(&self) -> u64 {
        match self {
            Verdict::Found(f) => f.nodes,
            Verdict::None { evidence, .. } => *evidence,
            Verdict::Unknown(limit) => limit.spent,
        }
    }
}

/// A map keyed by stabiliser orders, read from JSON object keys. (Inside an
/// internally tagged enum serde buffers the keys as strings, which a `usize` key does
/// not accept: a scan document with counts could not be read back for a merge.)
fn orders_from_strings<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<usize, u64>, D::Error> {
    let map = <BTreeMap<String, u64> as Deserialize>::deserialize(d)?;
    map.into_iter()
        .map(|(k, v)| {
            k.parse::<usize>().map(|k| (k, v)).map_err(|_| {
                serde::de::Error::custom(format!("expected a stabiliser order, found {k:?}"))
            })
        })
        .collect()
}

/// The counts of a board where a pairing exists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Counts {
    /// The enumeration finished.
    Complete {
        /// Classes under the board's symmetry group.
        classes: u64,
        /// Labelled good pairings, `Σ |G| / |stab|`.
        labelled: u64,
        /// Classes by stabiliser order.
        #[serde(deserialize_with = "orders_from_strings")]
        classes_by_stabiliser_order: BTreeMap<usize, u64>,
        /// Search nodes.
        nodes: u64,
    },
    /// The enumeration passed its node limit (it had visited `nodes` nodes).
    Unfinished { nodes: u64 },
}

/// One row of a scan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// Index of the lattice (cells of the board).
    pub index: usize,
    /// Its basis in Hermite normal form.
    pub lattice: Vec<Vec<i64>>,
    /// Lattices in its orbit under the symmetries of the directions.
    pub orbit: usize,
    /// `ord(v)` of each direction.
    pub orders: Vec<usize>,
    /// Order of the board's point group.
    pub point_group_order: usize,
    /// Whether a good pairing exists.
    pub existence: Existence,
    /// Counts, when asked for and a pairing exists.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub counts: Option<Counts>,
}

/// The board of `directions` (`k = 2n + 1`) on `lattice`.
pub fn board_on(
    name: &str,
    directions: &[Vec<i64>],
    lattice: &Lattice,
) -> Result<Board, BoardError> {
    Board::from_def(BoardDef {
        info: Info {
            name: name.into(),
            tag: name.into(),
            ..Info::default()
        },
        lattice: lattice.clone(),
        directions: directions.to_vec(),
        spacing: 2 * directions.len(),
        point_group: None,
        coarser: None,
    })
}

/// Searches one board (see the module essay); `orbit` is the size of its lattice's
/// orbit, for the row.
pub fn scan_board(board: &Board, orbit: usize, limits: Limits) -> Row {
    let (found, stats) = find_one_within(board, Some(limits.find_nodes));
    let existence = Existence::of(found.as_deref(), &stats);
    let counts = match (&existence, limits.count_nodes) {
        (Verdict::Found(_), Some(limit))
            if crate::pairing::search::searchable(board, true).is_ok() =>
        {
            Some(count(board, limit))
        }
        _ => None,
    };
    Row {
        index: board.ncells(),
        lattice: board.lattice().basis().to_vec(),
        orbit,
        orders: board
            .directions()
            .iter()
            .map(|v| board.lattice().order(v))
            .collect(),
        point_group_order: board.point_group().len(),
        existence,
        counts,
    }
}

/// The canonical enumeration of `board` on one thread, up to about `limit` nodes.
pub fn count(board: &Board, limit: u64) -> Counts {
    let opts = Options {
        threads: 1,
        shard: None,
        node_limit: Some(limit),
    };
    let (by_stab, stats) = count_classes(board, opts, &|_, _| {});
    if stats.cut {
        Counts::Unfinished { nodes: stats.nodes }
    } else {
        Counts::Complete {
            classes: by_stab.values().sum(),
            labelled: labelled(&by_stab, board.group_order()),
            classes_by_stabiliser_order: by_stab,
            nodes: stats.nodes,
        }
    }
}

/// Scans `directions` over `candidates` (or the shard of them: those at positions
/// `j ≡ index mod count`), in parallel on `threads` threads (`0`: all cores).
/// `progress(done, total)` is called after each board. *Returns* the rows in the
/// order of `candidates`.
pub fn scan(
    directions: &[Vec<i64>],
    candidates: &[Candidate],
    limits: Limits,
    shard: Option<Shard>,
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<Row>, BoardError> {
    let mine: Vec<&Candidate> = candidates
        .iter()
        .enumerate()
        .filter(|(j, _)| shard.is_none_or(|s| j % s.count == s.index))
        .map(|(_, c)| c)
        .collect();
    let total = mine.len() as u64;
    let done = std::sync::atomic::AtomicU64::new(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(256 << 20)
        .build()
        .expect("a thread pool");
    // Each board is built where it is searched, and dropped after: a scan holds only
    // the boards in hand, not all of them.
    pool.install(|| {
        mine.par_iter()
            .with_max_len(1)
            .map(|c| {
                let board = board_on("scan", directions, &c.lattice)?;
                let row = scan_board(&board, c.orbit, limits);
                let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(d, total);
                Ok(row)
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_square_game_on_small_lattices() {
        // {E, S}: p = 4; the lattices of index ≤ 16 with both orders multiples of 4.
        let dirs = vec![vec![1, 0], vec![0, 1]];
        let c = candidates(&dirs, 4, 1, 16).unwrap();
        assert!(c.iter().all(|c| c.lattice.index() % 4 == 0));
        let rows = scan(
            &dirs,
            &c,
            Limits {
                find_nodes: 1_000_000,
                count_nodes: Some(1_000_000),
            },
            None,
            2,
            &|_, _| {},
        )
        .unwrap();
        // The 4×4 torus has the two classes of square5.
        let r = rows
            .iter()
            .find(|r| r.lattice == vec![vec![4, 0], vec![0, 4]])
            .unwrap();
        assert!(matches!(r.existence, Verdict::Found(_)));
        assert!(matches!(
            r.counts,
            Some(Counts::Complete { classes: 2, .. })
        ));
    }
}
