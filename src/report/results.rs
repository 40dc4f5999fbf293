//! The graph stage's results behind `amoba graph` and `amoba reproduce`: build the
//! pairing graph (docs/spec.md §5), analyse it, and write every result file — and
//! the estimate that replaces all this on boards too large to enumerate.
//!
//! Files written into the results directory (tag `9` for the 8×8 torus) by
//! [`write_results`], the one function both commands call:
//!
//! * the exports of [`crate::report::export`] (`graph-9.*`);
//! * `analysis-9.json` — the [`Analysis`] and the construction counters, opening with
//!   the provenance block ([`crate::core::provenance::ANALYSIS`]);
//! * `degrees-9.svg` and `component-<k>-9.svg` for every component but the giant;
//! * `report-9.md` — every published figure (docs/spec.md §6, §7) beside the computed
//!   one, the notes that explain the differences, the chart and the drawings.
//!
//! The report and the JSON analysis are byte-deterministic: run times and memory are
//! printed by the commands (and `amoba reproduce --json`), never written into these
//! files, and the report names no command, so `amoba graph` and `amoba reproduce`
//! write the same report from the same catalogue.

use crate::core::board::Board;
use crate::core::io::{IoError, write_atomic};
use crate::core::provenance::{ANALYSIS, ESTIMATE, Provenance, sha256_of};
use crate::core::text::fmt_int;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::catalogue::census::Census;
use crate::pairing::graph::analysis::{Analysis, ComponentFacts, analyse};
use crate::pairing::graph::{BuildStats, GraphError, PairingGraph};
use crate::pairing::scan::Existence;
use crate::report::export::{Source, degree_counts, write_all};
use crate::report::plot::{degree_chart, graph_drawing};
use crate::report::table::{Row, int_row, published_table, text_row};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// SHA-256 (lowercase hex) of the catalogue file of `cat`: the bytes
/// [`Catalogue::write`] writes, so `sha256sum results/catalogue-9.txt` prints the same.
pub fn catalogue_sha256(cat: &Catalogue) -> String {
    // Hashing into memory: the only error `write_to` can return is the writer's.
    sha256_of(|w| cat.write_to(w)).unwrap_or_default()
}

/// Codes per row of `board`'s grid form (docs/spec.md §3): the board's first
/// dimension (8 on the 8×8 torus, 6 on the cube, whose grid stacks its z-layers).
pub fn grid_width(board: &Board) -> usize {
    board.dims().first().copied().unwrap_or(1).max(1)
}

/// The graph, its analysis and how long each took.
pub struct GraphRun {
    /// The graph.
    pub graph: PairingGraph,
    /// Construction counters.
    pub build: BuildStats,
    /// The analysis.
    pub analysis: Analysis,
    /// Seconds to build the graph.
    pub build_seconds: f64,
    /// Seconds to analyse it.
    pub analysis_seconds: f64,
}

/// Builds and analyses the pairing graph of `cat`.
pub fn run_graph(board: &Board, cat: &Catalogue) -> Result<GraphRun, GraphError> {
    let t = Instant::now();
    let (graph, build) = PairingGraph::build(board, cat)?;
    let build_seconds = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let analysis = analyse(&graph);
    Ok(GraphRun {
        graph,
        build,
        analysis,
        build_seconds,
        analysis_seconds: t.elapsed().as_secs_f64(),
    })
}

/// `analysis-<tag>.json`.
#[derive(serde::Serialize)]
struct AnalysisFile<'a> {
    provenance: Provenance,
    construction: &'a BuildStats,
    analysis: AnalysisJson<'a>,
}

/// The analysis as written: the degree distribution as counts indexed by degree from
/// 0, as in every JSON file of amoba.
#[derive(serde::Serialize)]
struct AnalysisJson<'a> {
    vertices: usize,
    edges: usize,
    components: usize,
    degree_distribution: Vec<usize>,
    min_degree: usize,
    max_degree: usize,
    mean_degree: f64,
    triangles: u64,
    bipartite: bool,
    every_induced_cycle_has_length_4: bool,
    component_facts: &'a [ComponentFacts],
}

/// Writes the exports, `analysis-<tag>.json`, the figures and `report-<tag>.md` of the
/// graph of `cat` into `dir`: what `amoba graph` and `amoba reproduce` both write.
/// `census` is the catalogue's ([`Census::of`]); `provenance` is the run's (each JSON
/// file stamps its own format). Returns the paths written.
///
/// # Errors
/// The first file that could not be written ([`write_all`] for the exports).
pub fn write_results(
    dir: &Path,
    board: &Board,
    cat: &Catalogue,
    census: &Census,
    run: &GraphRun,
    provenance: &Provenance,
) -> Result<Vec<PathBuf>, IoError> {
    let tag = crate::pairing::catalogue::enumerate::file_tag(board);
    let a = &run.analysis;
    let mut written = write_all(
        dir,
        &Source {
            tag: &tag,
            graph: &run.graph,
            catalogue: cat,
            analysis: a,
            provenance,
            grid_width: grid_width(board),
        },
    )?;
    let path = dir.join(format!("analysis-{tag}.json"));
    let file = AnalysisFile {
        provenance: provenance.stamped(&ANALYSIS),
        construction: &run.build,
        analysis: AnalysisJson {
            vertices: a.vertices,
            edges: a.edges,
            components: a.components,
            degree_distribution: degree_counts(a),
            min_degree: a.min_degree,
            max_degree: a.max_degree,
            mean_degree: a.mean_degree,
            triangles: a.triangles,
            bipartite: a.bipartite,
            every_induced_cycle_has_length_4: a.every_induced_cycle_has_length_4,
            component_facts: &a.component_facts,
        },
    };
    write_json(&path, &file)?;
    written.push(path);
    let chart = dir.join(format!("degrees-{tag}.svg"));
    let svg = degree_chart(
        &degree_counts(a),
        &format!(
            "Degree distribution of the pairing graph ({}, {} {})",
            board.name(),
            fmt_int(a.vertices as u64),
            if a.vertices == 1 {
                "vertex"
            } else {
                "vertices"
            }
        ),
    );
    write_atomic(&chart, |w| w.write_all(svg.as_bytes()))?;
    written.push(chart);
    for f in a.component_facts.iter().skip(1) {
        let path = dir.join(format!("component-{}-{tag}.svg", f.component));
        let svg = component_drawing(&run.graph, f);
        write_atomic(&path, |w| w.write_all(svg.as_bytes()))?;
        written.push(path);
    }
    let report = dir.join(format!("report-{tag}.md"));
    let text = report_markdown(board, cat, census, run, provenance, &tag);
    write_atomic(&report, |w| w.write_all(text.as_bytes()))?;
    written.push(report);
    Ok(written)
}

/// Writes `value` as pretty-printed JSON and a final newline, atomically; a file that
/// holds the same document apart from its command line is left as it is
/// ([`crate::core::provenance::same_document_but_command`]).
pub fn write_json(path: &Path, value: &impl serde::Serialize) -> Result<(), IoError> {
    if crate::core::provenance::same_document_but_command(path, value) {
        return Ok(());
    }
    write_atomic(path, |w| {
        serde_json::to_writer_pretty(&mut *w, value)?;
        w.write_all(b"\n")
    })
}

/// The drawing of component `f` (not the giant one): its vertices labelled by ID.
fn component_drawing(g: &PairingGraph, f: &ComponentFacts) -> String {
    let members = g.component_members(f.component);
    let index = |id: usize| members.binary_search(&id).unwrap_or(0);
    let edges: Vec<(usize, usize)> = members
        .iter()
        .flat_map(|&u| g.neighbors(u).filter(move |&v| v > u).map(move |v| (u, v)))
        .map(|(u, v)| (index(u), index(v)))
        .collect();
    let labels: Vec<String> = members.iter().map(|id| id.to_string()).collect();
    graph_drawing(
        &labels,
        &edges,
        &format!(
            "Component {} of the pairing graph: {} vertices, {} edges, diameter {}{}",
            f.component,
            f.size,
            f.edges,
            f.diameter,
            match f.is_q4 {
                Some(true) => " (a 4-cube)",
                _ => "",
            }
        ),
    )
}

/// The rows of docs/spec.md §6 (or §7) that the catalogue fills: the classes and, on
/// the 8×8 torus, the published count before reduction with what it counts.
pub fn enumeration_rows(board: &Board, census: &Census) -> Vec<Row> {
    let p = board.published();
    let mut rows = vec![int_row("classes (vertices)", p.classes, census.classes)];
    if let (Some(m), Some(_)) = (census.mirror.as_ref(), p.before_reduction) {
        rows.push(int_row(
            "pairings before reduction (with (0,0)-(1,0), (2,0) paired south)",
            p.before_reduction,
            m.cell_2_0_pairs_south,
        ));
    }
    rows
}

/// Every row of the published-beside-computed table of a graph run: the rows of
/// [`enumeration_rows`] and of [`graph_rows`].
pub fn report_rows(board: &Board, census: &Census, run: &GraphRun) -> Vec<Row> {
    let mut rows = enumeration_rows(board, census);
    rows.extend(graph_rows(board, run));
    rows
}

/// The rows of docs/spec.md §6 (or §7) that the graph fills, against `board`'s published
/// figures.
pub fn graph_rows(board: &Board, run: &GraphRun) -> Vec<Row> {
    let p = board.published();
    let a = &run.analysis;
    let facts = &a.component_facts;
    let dist: Vec<String> = a
        .degree_distribution
        .iter()
        .map(|(d, n)| format!("{d}:{n}"))
        .collect();
    let giant = &facts[0];
    let mut small: Vec<usize> = facts[1..].iter().map(|f| f.size).collect();
    small.sort_unstable();
    let n16 = facts.iter().filter(|f| f.size == 16).count();
    let q4 = facts.iter().filter(|f| f.is_q4 == Some(true)).count();
    let witness = facts.iter().find_map(|f| f.long_induced_cycle.as_ref());
    let not_chordal = facts
        .iter()
        .filter(|f| f.chordal_bipartite != Some(true))
        .count();
    let induced = if a.every_induced_cycle_has_length_4 {
        "yes".to_string()
    } else {
        format!(
            "no: {not_chordal} of {} components have a chordless cycle of length ≥ 6{}",
            a.components,
            witness
                .map(|w| {
                    let ids: Vec<String> = w.iter().map(|id| id.to_string()).collect();
                    format!(", e.g. {}", ids.join("–"))
                })
                .unwrap_or_default()
        )
    };
    vec![
        int_row("edges", p.edges, a.edges as u64),
        int_row("connected components", p.components, a.components as u64),
        text_row(
            "degree min / max / mean",
            p.degrees.as_deref(),
            &format!("{} / {} / {:.2}", a.min_degree, a.max_degree, a.mean_degree),
        ),
        text_row(
            "degree distribution (degree:vertices)",
            p.degree_distribution.as_deref(),
            &dist.join(", "),
        ),
        text_row(
            "giant component",
            p.giant.as_deref(),
            &format!(
                "{} vertices, diameter {}",
                fmt_int(giant.size as u64),
                giant.diameter
            ),
        ),
        text_row(
            "other components (sizes)",
            p.other_components.as_deref(),
            &if small.is_empty() {
                "none".to_string()
            } else {
                size_list(&small)
            },
        ),
        text_row(
            "16-vertex components that are 4-cubes",
            p.cubes.as_deref(),
            &format!("{q4} of {n16}"),
        ),
        text_row(
            "triangles",
            p.triangles.as_deref(),
            &format!(
                "{} ({})",
                a.triangles,
                if a.triangles == 0 {
                    "triangle-free"
                } else {
                    "has triangles"
                }
            ),
        ),
        text_row(
            "every induced cycle has length 4",
            p.induced_cycles_of_length_4.as_deref(),
            &induced,
        ),
    ]
}

/// `6, 10×5, 16×5` style list of sizes (ascending, with multiplicities).
fn size_list(sizes: &[usize]) -> String {
    let mut counts = std::collections::BTreeMap::new();
    for &s in sizes {
        *counts.entry(s).or_insert(0usize) += 1;
    }
    counts
        .iter()
        .map(|(s, c)| {
            if *c == 1 {
                s.to_string()
            } else {
                format!("{s}×{c}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The Markdown report (see the module docs). The one function that writes it.
fn report_markdown(
    board: &Board,
    cat: &Catalogue,
    census: &Census,
    run: &GraphRun,
    provenance: &Provenance,
    tag: &str,
) -> String {
    let a = &run.analysis;
    let rows = report_rows(board, census, run);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Pairing strategies on board `{}`: published and computed\n",
        board.name()
    );
    let _ = writeln!(
        s,
        "Board `{}` (docs/spec.md §2, §7): {} classes under a group of order {}. Every \
         computed value below is computed at run time from the catalogue (SHA-256 `{}`) \
         and its pairing graph by amoba {}, as `amoba reproduce` and `amoba graph` do; the \
         published values are those of docs/spec.md §6 and §7 (— where nothing is \
         published). Run times are printed by the commands and recorded in BENCHMARKS.md.\n",
        board.name(),
        fmt_int(cat.len() as u64),
        board.group_order(),
        provenance.catalogue_sha256.as_deref().unwrap_or("none"),
        provenance.amoba_version,
    );
    let _ = writeln!(s, "## Published beside computed\n");
    s.push_str(&published_table(&rows));
    let _ = writeln!(s, "\n## Notes\n");
    if let (Some(m), Some(published)) = (census.mirror.as_ref(), board.published().before_reduction)
    {
        let _ = writeln!(
            s,
            "* **{}.** The catalogue implies {} labelled good pairings ({} containing \
             the domino (0,0)–(1,0)). The reflection y ↦ −y fixes that domino, swaps \"(2,0) \
             pairs south\" with \"(2,0) pairs north\", and fixes {} of them; {} pair (2,0) \
             southward. A search that fixes (0,0)–(1,0) and breaks that mirror at the next \
             cell finds exactly these: the published count before reduction.",
            fmt_int(published),
            fmt_int(census.labelled),
            fmt_int(census.labelled_with_first_domino),
            m.fixed_by_mirror,
            fmt_int(m.cell_2_0_pairs_south),
        );
    }
    let _ = writeln!(
        s,
        "* **Move relation.** {} moves, {} slides, longest chain {} slides; {} moves \
         return to their own class; {} one-way pairs (docs/spec.md §5 says the relation is \
         symmetric; the graph is built from both directions and this count checks it).",
        fmt_int(run.build.moves),
        fmt_int(run.build.slides),
        run.build.longest_chain,
        fmt_int(run.build.same_class),
        run.build.asymmetric
    );
    let cubes = a
        .component_facts
        .iter()
        .filter(|f| f.is_q4 == Some(true))
        .count();
    if !a.every_induced_cycle_has_length_4 && a.bipartite {
        let _ = writeln!(
            s,
            "* **Induced cycles.** Not every induced cycle has length 4. The graph is \
             bipartite, but bisimplicial edge elimination (Golumbic–Goss) shows it is not \
             chordal bipartite, and a chordless cycle of length 6 or more is exhibited for \
             every failing component (table below).{}",
            if cubes > 0 {
                " Two of the published statements cannot both be true: each 16-vertex \
                 component is a 4-cube, and a 4-cube contains induced 6-cycles (those of \
                 its 3-cube faces: 000–001–011–111–110–100)."
            } else {
                ""
            }
        );
        if let Some(w) = a.component_facts[0].long_induced_cycle.as_ref() {
            let _ = writeln!(
                s,
                "\n  A chordless {}-cycle in the giant component, as catalogue IDs and canonical forms:\n",
                w.len()
            );
            for &id in w {
                let _ = writeln!(s, "  * {id}: `{}`", cat.pairing(id).to_line());
            }
        }
    }
    let _ = writeln!(
        s,
        "\n## Degree distribution\n\n![degree distribution](degrees-{tag}.svg)\n"
    );
    let _ = writeln!(s, "## Components\n");
    let _ = writeln!(
        s,
        "| # | vertices | edges | diameter | method (BFS runs) | degrees | Q4 | every induced cycle of length 4 | smallest ID | chordless long cycle (IDs) |\n|---|---|---|---|---|---|---|---|---|---|"
    );
    for f in &a.component_facts {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} ({}) | {}–{} | {} | {} | {} | {} |",
            f.component,
            fmt_int(f.size as u64),
            fmt_int(f.edges as u64),
            f.diameter,
            f.diameter_method,
            fmt_int(f.diameter_bfs_runs as u64),
            f.min_degree,
            f.max_degree,
            match f.is_q4 {
                Some(true) => "yes",
                Some(false) => "no",
                None => "",
            },
            match f.chordal_bipartite {
                Some(true) => "yes",
                Some(false) => "no",
                None => "not bipartite",
            },
            f.smallest_id,
            f.long_induced_cycle
                .as_ref()
                .map(|w| w
                    .iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join("–"))
                .unwrap_or_default()
        );
    }
    let _ = writeln!(s, "\n## The small components\n");
    for f in a.component_facts.iter().skip(1) {
        let _ = writeln!(
            s,
            "![component {}](component-{}-{tag}.svg)",
            f.component, f.component
        );
    }
    s
}

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
                Existence::Found { pairing, .. } => Some(pairing),
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
        Existence::Found { pairing, nodes } => format!(
            "Found by the search after {nodes} nodes and checked good:\n\n`{pairing}`\n\n\
             Its canonical form: `{}`",
            run.first_pairing_canonical.as_deref().unwrap_or_default()
        ),
        Existence::None { nodes } => format!(
            "**None exists on this board**: the search for one was exhaustive ({nodes} nodes)."
        ),
        Existence::Unknown { nodes } => format!(
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
            Existence::Found { pairing, .. } => pairing.clone(),
            Existence::None { nodes } => format!("none exists (exhaustive search, {nodes} nodes)"),
            Existence::Unknown { nodes } => format!("none found within {nodes} nodes"),
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
