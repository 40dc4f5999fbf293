//! The estimate that replaces the graph stage on boards too large to enumerate (the
//! 6×6×6 cube): a good pairing searched for within a node budget, exact counts below
//! random subtrees, the whole count and the cost of the full search estimated from
//! them, written as `estimate-<board>.json` and as rows beside the published figures.

use super::*;
use crate::core::provenance::ESTIMATE;
use crate::core::verdict::Limit;
use crate::pairing::scan::{Existence, FoundPairing};

/// What `reproduce` does on a board too large to enumerate (more than 64 cells, the
/// 6×6×6 cube): find a good pairing, count exactly below random subtrees, and
/// estimate the whole count and the cost of the full search from them.
#[derive(Clone, Debug)]
pub struct EstimateRun {
    /// Board name.
    pub board: String,
    /// The board's description (from its board file).
    pub description: String,
    /// Whether the existence of a good pairing is published.
    pub published_exists: bool,
    /// Cells, lines and the order of the symmetry group.
    pub cells: usize,
    /// Lines.
    pub lines: usize,
    /// Order of the symmetry group.
    pub group_order: usize,
    /// The search for a good pairing within [`FIRST_PAIRING_NODES`] nodes: the pairing
    /// (one-line form), none (the search was exhaustive: the board has no good
    /// pairing) or unknown (stopped at the node limit).
    pub first_pairing: Existence,
    /// The canonical form of the pairing found.
    pub first_pairing_canonical: Option<String>,
    /// Seconds to find it.
    pub first_pairing_seconds: f64,
    /// Exact counts below random subtrees and the estimate built on them.
    pub partial: crate::pairing::search::PartialCounts,
    /// Labelled good pairings with the first domino, estimated.
    pub estimated_labelled_with_first_domino: f64,
    /// All labelled good pairings, estimated (first-domino count × cells / lines of
    /// family 0, by translation).
    pub estimated_labelled: f64,
    /// Classes, estimated from below: labelled / group order (exact when no pairing has
    /// a symmetry; a lower bound in general).
    pub estimated_classes_at_least: f64,
    /// Search nodes of a full first-domino count, estimated.
    pub estimated_nodes: f64,
    /// Measured speed of the exact counts, nodes per second (all threads).
    pub nodes_per_second: f64,
    /// Estimated years of the full count at that speed.
    pub estimated_years: f64,
}

/// Depth and samples of the partial counts (fixed so that reports are reproducible):
/// the walks go at least this deep…
pub const ESTIMATE_DEPTH: usize = 45;
/// …and deep enough that at most this many options are left below them to count
/// exactly (a complete pairing places one option per line), so that on large boards
/// each exact count stays as small as on the 6×6×6 cube (108 lines).
pub const ESTIMATE_TAIL: usize = 63;
/// Random subtrees counted exactly.
pub const ESTIMATE_SAMPLES: u64 = 1000;

/// Most nodes the estimate spends looking for a good pairing (a few seconds at the
/// slowest boards' speed).
pub const FIRST_PAIRING_NODES: u64 = 20_000_000;

/// Runs the estimate of `board` (see [`EstimateRun`]).
pub fn estimate_board(board: &Board, threads: usize) -> EstimateRun {
    use crate::pairing::search::{Mode, Options, find_one_within, partial_counts};
    let t = Instant::now();
    let (first, stats) = find_one_within(board, Some(FIRST_PAIRING_NODES));
    let first_pairing_seconds = t.elapsed().as_secs_f64();
    let first_pairing = Existence::of(first.as_deref(), &stats);
    let first_pairing_canonical = first.map(|codes| {
        let p = crate::core::board::pairing::Pairing::from_codes(codes);
        assert!(p.is_good(board), "the search returns good pairings");
        crate::pairing::symmetry::canonical_pairing(board, &p).to_line()
    });
    let partial = partial_counts(
        board,
        Mode::LabelledFirstDomino,
        ESTIMATE_DEPTH.max(board.nlines().saturating_sub(1 + ESTIMATE_TAIL)),
        ESTIMATE_SAMPLES,
        1,
        Options {
            threads,
            shard: None,
            ..Options::default()
        },
    );
    let family0_lines = board.lines().iter().filter(|l| l.family == 0).count();
    let labelled = partial.leaves * board.ncells() as f64 / family0_lines as f64;
    let rate = partial.nodes_counted as f64 / partial.seconds.max(1e-9);
    EstimateRun {
        board: board.name().into(),
        description: board.info().description.clone(),
        published_exists: board.published().exists.is_some(),
        cells: board.ncells(),
        lines: board.nlines(),
        group_order: board.group_order(),
        first_pairing,
        first_pairing_canonical,
        first_pairing_seconds,
        estimated_labelled_with_first_domino: partial.leaves,
        estimated_labelled: labelled,
        estimated_classes_at_least: labelled / board.group_order() as f64,
        estimated_nodes: partial.nodes,
        nodes_per_second: rate,
        estimated_years: partial.nodes / rate.max(1e-9) / (365.25 * 86400.0),
        partial,
    }
}

/// `estimate-<board>.json`: the estimate without the run's speed and times, which
/// vary between runs (they are printed).
#[derive(serde::Serialize)]
struct EstimateFile<'a> {
    provenance: Provenance,
    cells: usize,
    lines: usize,
    group_order: usize,
    first_pairing: Option<&'a str>,
    first_pairing_canonical: Option<&'a str>,
    first_pairing_outcome: &'a str,
    first_pairing_nodes: u64,
    partial: PartialJson,
    estimated_labelled_with_first_domino: f64,
    estimated_labelled: f64,
    estimated_classes_at_least: f64,
    estimated_nodes: f64,
}

/// [`crate::pairing::search::PartialCounts`] without its time.
#[derive(serde::Serialize)]
struct PartialJson {
    depth: usize,
    samples: u64,
    reached: u64,
    leaves_counted: u64,
    nodes_counted: u64,
    leaves: f64,
    leaves_stderr: f64,
    nodes: f64,
}

/// Writes `estimate-<board>.json` (format [`ESTIMATE`], no catalogue) and
/// `report-<board>.md` for an estimate. Both are byte-deterministic.
pub fn write_estimate(
    dir: &Path,
    run: &EstimateRun,
    provenance: &Provenance,
) -> Result<Vec<PathBuf>, IoError> {
    let json = dir.join(format!("estimate-{}.json", run.board));
    let p = &run.partial;
    write_json(
        &json,
        &EstimateFile {
            provenance: provenance.stamped(&ESTIMATE),
            cells: run.cells,
            lines: run.lines,
            group_order: run.group_order,
            first_pairing: match &run.first_pairing {
                Existence::Found(f) => Some(&f.pairing),
                _ => None,
            },
            first_pairing_canonical: run.first_pairing_canonical.as_deref(),
            first_pairing_outcome: run.first_pairing.answer(),
            first_pairing_nodes: run.first_pairing.nodes(),
            partial: PartialJson {
                depth: p.depth,
                samples: p.samples,
                reached: p.reached,
                leaves_counted: p.leaves_counted,
                nodes_counted: p.nodes_counted,
                leaves: p.leaves,
                leaves_stderr: p.leaves_stderr,
                nodes: p.nodes,
            },
            estimated_labelled_with_first_domino: run.estimated_labelled_with_first_domino,
            estimated_labelled: run.estimated_labelled,
            estimated_classes_at_least: run.estimated_classes_at_least,
            estimated_nodes: run.estimated_nodes,
        },
    )?;
    let report = dir.join(format!("report-{}.md", run.board));
    let published = if run.published_exists {
        "Published: a good pairing exists; how many there are is not published."
    } else {
        "Nothing about its pairings is published as far as we know."
    };
    let found = match &run.first_pairing {
        Existence::Found(FoundPairing { pairing, nodes }) => format!(
            "Found by the search after {nodes} nodes and checked good:\n\n`{pairing}`\n\n\
             Its canonical form: `{}`",
            run.first_pairing_canonical.as_deref().unwrap_or_default()
        ),
        Existence::None {
            evidence: nodes, ..
        } => format!(
            "**None exists on this board**: the search for one was exhaustive ({nodes} nodes)."
        ),
        Existence::Unknown(Limit { spent: nodes, .. }) => format!(
            "None found within {nodes} search nodes (the limit of this step); whether one \
             exists is not known. `amoba search --board {}` searches without a limit.",
            run.board
        ),
    };
    let text = format!(
        "# Pairing strategies on board `{b}`: an estimate\n\n\
         Board `{b}` ({desc}): {cells} cells, {lines} lines, symmetry group of order {g}. \
         {published}\n\n\
         ## A good pairing\n\n{found}\n\n\
         ## How many\n\nA full count is out of reach on this machine. amoba walked {n} random \
         paths {d} dominoes deep into the search tree of the pairings that contain the first \
         domino (cell 0, code 0), and counted every completion below the {r} that did not \
         dead-end, exactly: {lc} good pairings in {nc} search nodes. Weighting each \
         exact count by the branching along its path (Knuth 1975) estimates the whole tree:\n\n\
         | quantity | estimate |\n|---|---|\n\
         | labelled good pairings with the first domino | {e1:.2e} ± {se:.1e} (one standard error) |\n\
         | labelled good pairings | {el:.2e} |\n\
         | classes (at least labelled / {g}) | {ec:.2e} |\n\
         | search nodes of the full count | {en:.2e} |\n\n\
         `amoba reproduce --board {b}` prints the speed of the exact counts on the machine \
         at hand and the time a full count would take at that speed (`--json` gives them as \
         numbers; BENCHMARKS.md records a run).\n\n\
         The estimate is unbiased but heavy-tailed (the standard error is of the order of the \
         estimate itself): read it as an order of magnitude. Reproduce with \
         `amoba reproduce --board {b}` (seed 1, depth {d}, {n} samples).\n",
        b = run.board,
        desc = run.description,
        cells = run.cells,
        lines = run.lines,
        g = run.group_order,
        n = p.samples,
        d = p.depth,
        r = p.reached,
        lc = p.leaves_counted,
        nc = p.nodes_counted,
        e1 = run.estimated_labelled_with_first_domino,
        se = p.leaves_stderr,
        el = run.estimated_labelled,
        ec = run.estimated_classes_at_least,
        en = run.estimated_nodes,
    );
    write_atomic(&report, |w| w.write_all(text.as_bytes()))?;
    Ok(vec![json, report])
}

/// The published-beside-computed rows of an estimate (nothing is published but the
/// existence of a good pairing). The speed row varies between runs: print it, do not
/// write it into a committed file.
pub fn estimate_rows(run: &EstimateRun) -> Vec<Row> {
    let mut rows = vec![Row::info(
        "a good pairing",
        if run.published_exists {
            "exists"
        } else {
            "—"
        },
        &match &run.first_pairing {
            Existence::Found(f) => f.pairing.clone(),
            Existence::None {
                evidence: nodes, ..
            } => format!("none exists (exhaustive search, {nodes} nodes)"),
            Existence::Unknown(Limit { spent: nodes, .. }) => {
                format!("none found within {nodes} nodes")
            }
        },
    )];
    if let Existence::None { .. } = run.first_pairing {
        rows.push(Row::info("good pairings", "not published", "0"));
        return rows;
    }
    let estimate = if run.partial.leaves_counted == 0 {
        format!(
            "none met below the {} random walks: the estimate is 0 and says only that \
             good pairings are rare in the search tree",
            run.partial.samples
        )
    } else {
        format!(
            "≈ {:.1e} labelled, ≥ ≈ {:.1e} classes (estimate, see report)",
            run.estimated_labelled, run.estimated_classes_at_least
        )
    };
    rows.extend([
        Row::info("good pairings", "not published", &estimate),
        Row::info(
            "full count",
            "—",
            &format!(
                "≈ {:.1e} nodes, ≈ {:.0e} years at {:.1e} nodes/s: out of reach",
                run.estimated_nodes, run.estimated_years, run.nodes_per_second
            ),
        ),
    ]);
    rows
}
