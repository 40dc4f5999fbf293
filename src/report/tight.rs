//! The sentences of `amoba tight` (and of `search`, `enumerate` and `scan` with
//! `--t`): what the cookie census says about a game, what one lattice's search found
//! or why it found nothing, the census of classes on a lattice, the lines of a scan
//! over lattices, and what squares of growing side say about the whole plane.
//!
//! [`placement::tight`](crate::placement::tight) and
//! [`placement::engine`](crate::placement::engine) decide every answer; this module
//! only words them. Each sentence says what its "none" means: exhaustive on that
//! lattice only, stopped at the node limit (not known), or a proof for the whole plane
//! (no square covered). Times are never part of a sentence that goes to standard
//! output: the caller passes them only to the notes for stderr.
//!
//! [`answer`] asks each question of `amoba tight` and puts its sentences, the
//! placement to write and the exit status together.

use crate::core::board::directions::Candidate;
use crate::core::board::lattice::Lattice;
use crate::core::text::counted;
use crate::core::verdict::Verdict;
use crate::placement::engine::{TightCount, TightScan, TightVerdict};
use crate::placement::tight::{Census, Cookies, Cover, Plane};
use std::fmt::Write as _;

pub mod answer;

/// The sentence of a game whose best cookies block fewer than `n` sets per cell: no
/// good placement exists, by counting (docs/spec.md §10).
pub fn below(cookies: &Cookies) -> String {
    let n = cookies.game.directions.len();
    let (best, size) = cookies.ratio;
    format!(
        "no good {t}-placement of {k}-in-a-row exists with these {n} directions: the best \
         cookie of at most {t} cells blocks {best} winning sets per {size} cells, fewer than \
         {n} per cell (counting, docs/spec.md §10).",
        t = cookies.t,
        k = cookies.game.k
    )
}

/// The note naming the pieces of a game whose placements are tight.
pub fn pieces(cookies: &Cookies) -> String {
    let n = cookies.game.directions.len();
    format!(
        "{}-placements of {}-in-a-row are tight: {} (line-connected cookies blocking {n} \
         winning sets per cell)",
        cookies.t,
        cookies.game.k,
        counted(cookies.pieces.len() as u64, "piece", "pieces")
    )
}

/// The note of a tight placement found on `lattice` after `nodes` in `seconds`.
pub fn found(lattice: &Lattice, nodes: u64, seconds: f64) -> String {
    format!(
        "lattice {lattice}: a tight placement, found after {} in {seconds:.3} s; the \
         checker confirms every winning set blocked exactly once",
        counted(nodes, "node", "nodes")
    )
}

/// The sentence of a search on `lattice` that found nothing after `nodes`: not known
/// when the node limit stopped it, none on this lattice when it was exhaustive.
pub fn not_found(lattice: &Lattice, cookies: &Cookies, stopped: bool, nodes: u64) -> String {
    let (t, k) = (cookies.t, cookies.game.k);
    let nodes = counted(nodes, "node", "nodes");
    if stopped {
        format!(
            "lattice {lattice}: no tight {t}-placement of {k}-in-a-row found within {nodes} \
             (--node-limit): whether one exists on this lattice is not known."
        )
    } else {
        format!(
            "lattice {lattice}: no tight {t}-placement of {k}-in-a-row has this period lattice \
             (the search was exhaustive, {nodes}). This says nothing about other lattices."
        )
    }
}

/// The census of tight placements on `board` under a group of `symmetries` (the
/// point group times the translations): the game and lattice, the classes, the
/// labelled count, the classes by stabiliser order and the search's size, a line each.
pub fn census(board: &Cover, symmetries: usize, census: &Census) -> String {
    let cookies = &board.cookies;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "tight {}-placements of {}-in-a-row with period lattice {} ({} cells, {} \
         directions, {} symmetries)",
        cookies.t,
        cookies.game.k,
        board.lattice,
        board.lattice.index(),
        cookies.game.directions.len(),
        symmetries
    );
    let _ = writeln!(s, "classes: {}", census.classes);
    let _ = writeln!(
        s,
        "labelled placements (Σ |G|/|stabiliser|): {}",
        census.labelled
    );
    let stab: Vec<String> = census
        .by_stabiliser
        .iter()
        .map(|(s, n)| format!("{n} with stabiliser {s}"))
        .collect();
    if !stab.is_empty() {
        let _ = writeln!(s, "classes by stabiliser order: {}", stab.join(", "));
    }
    let _ = writeln!(
        s,
        "search: exhaustive, {}, {} canonicalised",
        counted(census.stats.nodes, "node", "nodes"),
        counted(census.stats.solutions, "placement", "placements")
    );
    s
}

/// What `tight --count` prints before the least class: the [`census`] of `count` on
/// `board`, then a line announcing the least class when it follows on standard output
/// (`class_follows`) and there is one.
pub fn count(board: &Cover, count: &TightCount, class_follows: bool) -> String {
    let mut s = census(board, count.symmetries, &count.census);
    if class_follows && count.least.is_some() {
        s.push_str("the least class:\n");
    }
    s
}

/// The line of one lattice of a scan, or `None` for a lattice the search showed has
/// none (a scan lists the lattices with a placement and the undecided ones).
pub fn scan_line(c: &Candidate, verdict: &TightVerdict, nodes: u64) -> Option<String> {
    let answer = match verdict {
        Verdict::Found(_) => "found",
        Verdict::Unknown(_) => "unknown (node limit)",
        Verdict::None { .. } => return None,
    };
    Some(format!(
        "index {:>4}  lattice {}  ({} in its orbit): {answer} after {}",
        c.lattice.index(),
        c.lattice,
        c.orbit,
        counted(nodes, "node", "nodes")
    ))
}

/// The last line of a scan of `total` lattices of index `min..=max`: how many have a
/// tight placement, how many have none (exhaustive), how many were not decided.
pub fn scan_summary(total: usize, min: usize, max: usize, found: usize, unknown: usize) -> String {
    format!(
        "{} of index {min}..={max} up to symmetry: {found} with a tight placement, {} \
         without (exhaustive), {unknown} not decided",
        counted(total as u64, "lattice", "lattices"),
        total - found - unknown,
    )
}

/// What a scan prints after its lattices: the [`scan_summary`] of `scan` over `total`
/// lattices of index `min..=max`, then a line announcing the first placement found when
/// it follows on standard output (`first_follows`) and there is one.
pub fn scan_end(
    total: usize,
    min: usize,
    max: usize,
    scan: &TightScan,
    first_follows: bool,
) -> String {
    let mut s = scan_summary(total, min, max, scan.found, scan.unknown);
    if first_follows && scan.first.is_some() {
        s.push_str("\nthe first found:");
    }
    s
}

/// The exit status of a scan: 0 when some lattice has a tight placement, 1 otherwise.
pub fn scan_status(scan: &TightScan) -> u8 {
    if scan.found > 0 { 0 } else { 1 }
}

/// The exit status of `tight --plane`: 1 when a square excludes tight placements from
/// the plane or the node limit stopped a square (as a search stopped by its limit
/// says 1: nothing found, the text saying which), 0 when every square is covered.
pub fn plane_status(plane: &Plane) -> u8 {
    match plane {
        Plane::Excluded { .. } | Plane::Undecided { .. } => 1,
        Plane::Covered { .. } => 0,
    }
}

/// What squares of growing side say about tight placements of the whole plane: none
/// exists (a square no choice of pieces covers, a proof), not decided at the node
/// limit, or every square tried is covered (no conclusion).
pub fn plane(cookies: &Cookies, plane: &Plane) -> String {
    let (t, k) = (cookies.t, cookies.game.k);
    match *plane {
        Plane::Excluded {
            side: m,
            nodes,
            total,
        } => format!(
            "no tight {t}-placement of {k}-in-a-row exists in the plane (periodic or not): \
             no choice of pieces covers the {m}×{m} square with every cell covered and \
             every winning set inside it blocked exactly once (exhaustive, {nodes} nodes; \
             {total} for the squares 1..={m}). Since tight is forced, no good \
             {t}-placement exists.",
        ),
        Plane::Undecided { side: m, nodes } => {
            format!("the {m}×{m} square: not decided within {nodes} nodes (--node-limit)")
        }
        Plane::Covered { side: s, total } => format!(
            "every square up to {s}×{s} can be covered by the pieces of a tight placement \
             ({total} nodes): the plane does not exclude tight {t}-placements of \
             {k}-in-a-row at this size; try --max-index for periodic ones.",
        ),
    }
}
