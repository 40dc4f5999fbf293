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
use crate::core::provenance::{ANALYSIS, Provenance, sha256_of};
use crate::core::text::fmt_int;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::catalogue::census::Census;
use crate::pairing::graph::analysis::{Analysis, ComponentFacts, analyse};
use crate::pairing::graph::{BuildStats, GraphError, PairingGraph};
use crate::report::export::{Source, degree_counts, write_all};
use crate::report::plot::{degree_chart, graph_drawing};
use crate::report::table::{Row, int_row, published_table, text_row};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

mod estimate;

pub use estimate::{
    ESTIMATE_DEPTH, ESTIMATE_SAMPLES, ESTIMATE_TAIL, EstimateRun, FIRST_PAIRING_NODES,
    estimate_board, estimate_rows, write_estimate,
};

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
/// ([`crate::core::provenance::same_document_but_command`]). Standard output (`-`) is
/// always written, whatever a file of that name in the working directory holds.
pub fn write_json(path: &Path, value: &impl serde::Serialize) -> Result<(), IoError> {
    let stdout = crate::core::io::is_stdout(path);
    if !stdout && crate::core::provenance::same_document_but_command(path, value) {
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
