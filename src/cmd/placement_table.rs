//! `amoba placement-table`: the k-versus-t table of good t-placements (docs/spec.md
//! §10), each entry decided by an argument amoba computes, beside the published table.
//!
//! Per `k`, one census of line-connected cookies ([`amoba::placement::cookie`]) gives the
//! best blocking number per cell `ρ(k, t)` for every `t` it reaches, and the cookies
//! blocking at least 4 sets per cell; an entry beyond the census's budget that a
//! smaller one does not answer gets both by peeling ([`cookie::peel`]: `c_s` from the
//! best king-connected cookie, and every cookie at or above 4 per cell). Then an entry is
//!
//! * **N** by counting when `ρ < 4`;
//! * when `ρ = 4` (tight): **N** if some square no tight placement covers
//!   ([`tight::plane`]), else **Y** with a tight placement found on a lattice (and
//!   passed by the independent checker), else open with "none on lattices of index
//!   ≤ N";
//! * when `ρ > 4`: **Y** with a good placement (a covering) found by the SAT search of
//!   [`amoba::placement::covering`] on a lattice of small index, from the cookies blocking
//!   at least 4 sets per cell, and passed by the independent checker; else open, saying
//!   how far the search went;
//! * open when neither the census nor peeling reaches it;
//!
//! and then **Y** spreads to larger `k` and `t` (a good placement stays good), **N** to
//! smaller ones. Entries are compared with the published table (data/published).

use super::covering::{self, Kinds};
use super::note;
use amoba::placement::cookie::{self, Game, Growth};
use amoba::placement::covering::Outcome;
use amoba::placement::tight::{self, Plane, Tightness};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// The published table, as data.
const PUBLISHED: &str = include_str!("../../data/published/k-vs-t.csv");

/// The four directions of the published table.
const FOUR: [[i64; 2]; 4] = [[1, 0], [0, 1], [1, 1], [1, -1]];

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba placement-table                                  # k = 2..9, t = 2..8\n  \
    amoba placement-table --budget 3e7 --out results/placements-k-vs-t.md\n  \
    amoba placement-table --k-max 5 --t-max 4 --json | jq '.entries[] | select(.comparison == \"differs\")'\n\n\
    Exit status: 0 the table was computed (entries that contradict the published table \
    are marked DIFFER), 1 with --check-published when some entry does, 2 usage error.")]
pub struct Args {
    /// Greatest k (rows 2..=K).
    #[arg(long, default_value_t = 9, value_name = "K")]
    pub k_max: usize,
    /// Greatest t (columns 2..=T).
    #[arg(long, default_value_t = 8, value_name = "T")]
    pub t_max: usize,
    /// Most line-connected sets one census may enumerate (estimated up front).
    #[arg(long, default_value_t = 2e6, value_name = "SETS")]
    pub budget: f64,
    /// Lattices searched for tight placements: index up to N.
    #[arg(long, default_value_t = 72, value_name = "N")]
    pub max_index: usize,
    /// Largest square tried to exclude tight placements from the plane.
    #[arg(long, default_value_t = 10, value_name = "M")]
    pub side: i64,
    /// Node limit of each search.
    #[arg(long, default_value_t = 10_000_000, value_name = "NODES")]
    pub node_limit: u64,
    /// Lattices searched for coverings (entries with more than 4 per cell): index up
    /// to N.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub cover_index: usize,
    /// Conflicts the SAT solver may spend on each lattice of a covering search.
    #[arg(long, default_value_t = 20_000, value_name = "N")]
    pub conflicts: u64,
    /// Write the report here instead of stdout (`-` = stdout).
    #[arg(long, default_value = "-")]
    pub out: PathBuf,
    /// Print the table as JSON (docs/schemas/placement-table.schema.json) on stdout
    /// instead of the report.
    #[arg(long)]
    pub json: bool,
    /// Also write the JSON document here (`-` = stdout, in place of the report).
    #[arg(long, value_name = "PATH")]
    pub json_out: Option<PathBuf>,
    /// Exit 1 when a computed entry contradicts the published table.
    #[arg(long)]
    pub check_published: bool,
    /// Progress display (one step an entry of the table).
    #[arg(long, value_enum, default_value_t = super::progress::Mode::Auto)]
    pub progress: super::progress::Mode,
}

/// One entry of the JSON document.
#[derive(serde::Serialize)]
struct JsonEntry {
    k: usize,
    t: usize,
    /// `Y`, `N` or `?`.
    computed: &'static str,
    /// `Y`, `N` or `?`, or null outside the published table.
    published: Option<String>,
    /// `agrees`, `settled`, `differs`, `not reproduced`, or `unpublished`.
    comparison: &'static str,
    why: String,
    /// The placement found for a direct Y, in the placement file form.
    placement: Option<String>,
}

/// The `--json` document (docs/schemas/placement-table.schema.json).
#[derive(serde::Serialize)]
struct Document {
    provenance: amoba::core::provenance::Provenance,
    directions: Vec<[i64; 2]>,
    entries: Vec<JsonEntry>,
    settled: usize,
    differ: usize,
}

#[derive(Clone, Debug, PartialEq)]
enum Answer {
    Yes,
    No,
    Open,
}

#[derive(Clone, Debug)]
struct Entry {
    answer: Answer,
    why: String,
    /// A placement found, in the text form (for direct Y entries).
    placement: Option<String>,
}

fn published() -> Vec<(usize, Vec<String>)> {
    PUBLISHED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('k'))
        .filter_map(|l| {
            let mut it = l.split(',');
            let k = it.next()?.trim().parse().ok()?;
            Some((k, it.map(|x| x.trim().to_string()).collect()))
        })
        .collect()
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.k_max < 2 || !(2..=8).contains(&args.t_max) {
        anyhow::bail!(
            "expected --k-max ≥ 2 and 2 ≤ --t-max ≤ 8, found {} and {}",
            args.k_max,
            args.t_max
        );
    }
    // The largest k bounds every census below, the side every plane search.
    Game {
        directions: FOUR.to_vec(),
        k: args.k_max,
    }
    .check_largest(args.t_max)?;
    if !(1..=amoba::placement::tight::MAX_SIDE).contains(&args.side) {
        anyhow::bail!(
            "--side {}: expected 1 ≤ M ≤ {}",
            args.side,
            amoba::placement::tight::MAX_SIDE
        );
    }
    amoba::pairing::scan::check_max_index(args.max_index)?;
    amoba::pairing::scan::check_max_index(args.cover_index).map_err(|e| {
        anyhow::anyhow!("{}", e.to_string().replace("--max-index", "--cover-index"))
    })?;
    let ks: Vec<usize> = (2..=args.k_max).collect();
    let ts: Vec<usize> = (2..=args.t_max).collect();
    // One census per k, on all threads: the largest t within the budget. With k up to
    // 64 they take about a minute: progress from the start.
    let census_progress = super::progress::Progress::counting(
        args.progress,
        "placement-table censuses",
        "values of k",
    );
    let censuses_done = std::sync::atomic::AtomicU64::new(0);
    census_progress.update(0, ks.len() as u64);
    type Census = (
        Growth,
        usize,
        Vec<cookie::SizeCensus>,
        Vec<cookie::SizeCensus>,
    );
    let censuses: Vec<Census> = ks
        .par_iter()
        .map(|&k| {
            let game = Game {
                directions: FOUR.to_vec(),
                k,
            };
            let growth = Growth::of(&game);
            let t = growth.reach(args.t_max, args.budget);
            // Beyond the budget, the cookies linking within one step (a lower bound):
            // one blocking more than 4 per cell shows that counting cannot exclude t.
            let near = if t < args.t_max && Growth::within(&game, 1).sets(args.t_max) <= args.budget
            {
                cookie::census_within(&game, args.t_max, 1)
            } else {
                Vec::new()
            };
            // Keeping the cookies that pay for their cells, for the covering searches.
            let census = (
                growth,
                t,
                cookie::kept(&game, t, &Kinds::floor(4.0, t)),
                near,
            );
            let d = censuses_done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            census_progress.update(d, ks.len() as u64);
            census
        })
        .collect();
    census_progress.finish();
    let dirs: Vec<Vec<i64>> = FOUR.iter().map(|v| v.to_vec()).collect();
    let group =
        amoba::core::board::directions::symmetries(&dirs).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut grid: Vec<Vec<Entry>> = Vec::new();
    let progress = super::progress::Progress::counting(args.progress, "placement-table", "entries");
    for (i, (&k, (growth, reach, sizes, near))) in ks.iter().zip(&censuses).enumerate() {
        progress.update((i * ts.len()) as u64, (ks.len() * ts.len()) as u64);
        let game = Game {
            directions: FOUR.to_vec(),
            k,
        };
        let mut row = Vec::new();
        // Sizes beyond the census, settled by peeling when an entry needs them.
        let mut extended: Option<(Vec<cookie::SizeCensus>, cookie::Beyond)> = None;
        for &t in &ts {
            // A Y at smaller k and t already answers this entry (spread below).
            let j = row.len();
            let implied = grid[..i]
                .iter()
                .flat_map(|r| &r[..=j])
                .chain(&row[..j])
                .any(|e| e.answer == Answer::Yes);
            if implied {
                row.push(Entry {
                    answer: Answer::Open,
                    why: "follows from a smaller k or t".into(),
                    placement: None,
                });
                continue;
            }
            if t > *reach {
                let (more, done) = extended.get_or_insert_with(|| {
                    let mut more = sizes.clone();
                    let floor = Kinds::floor(4.0, args.t_max);
                    let done = cookie::beyond(
                        &game,
                        &mut more,
                        near,
                        args.t_max,
                        &group,
                        args.budget,
                        Some(&floor),
                    );
                    (more, done)
                });
                if more.len() > t {
                    row.push(decide(&args, &Kinds::from_census(&game, t, more, 4.0), t)?);
                } else {
                    let why = done
                        .stuck
                        .as_ref()
                        .map_or(String::new(), |(_, w)| format!(": {w}"));
                    row.push(Entry {
                        answer: Answer::Open,
                        why: format!(
                            "the census of {t}-cell cookies for k = {k} is beyond the budget \
                             (about {:.1e} sets), and peeling does not settle it{why}",
                            growth.sets(t)
                        ),
                        placement: None,
                    });
                }
                continue;
            }
            row.push(decide(&args, &Kinds::from_census(&game, t, sizes, 4.0), t)?);
        }
        grid.push(row);
    }
    progress.finish();
    infer(&mut grid, &ks, &ts)?;
    let (text, entries) = report(&args, &grid, &ks, &ts);
    let differ = entries.iter().filter(|e| e.comparison == "differs").count();
    let doc = Document {
        provenance: amoba::core::provenance::Provenance::new("plane", &super::command_line(), None)
            .stamped(&amoba::core::provenance::PLACEMENT_TABLE),
        directions: FOUR.to_vec(),
        settled: entries.iter().filter(|e| e.comparison == "settled").count(),
        differ,
        entries,
    };
    super::write_report_and_json(&text, &doc, &args.out, args.json, args.json_out.as_deref())?;
    if differ > 0 {
        note!(
            "{}",
            super::counted(differ, "entry contradicts", "entries contradict")
                + " the published table"
        );
        if args.check_published {
            return Ok(ExitCode::from(1));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One entry from its own census.
fn decide(args: &Args, kinds: &Kinds, t: usize) -> anyhow::Result<Entry> {
    let cookies = &kinds.cookies;
    let (best, size) = cookies.ratio;
    let ratio = format!("the best cookie blocks {best} winning sets with {size} cells");
    let open = |why: String| Entry {
        answer: Answer::Open,
        why,
        placement: None,
    };
    match cookies.tightness {
        Tightness::Below => Ok(Entry {
            answer: Answer::No,
            why: format!("counting: {ratio}, fewer than 4 per cell"),
            placement: None,
        }),
        Tightness::Above => {
            let dirs: Vec<Vec<i64>> = FOUR.iter().map(|v| v.to_vec()).collect();
            let lattices =
                amoba::core::board::directions::candidates(&dirs, 1, 1, args.cover_index)?;
            let mut undecided = 0;
            for c in &lattices {
                let searched = covering::search(kinds, &c.lattice, args.conflicts)?;
                if let Some(text) = searched.text {
                    let Outcome::Found(lattice, _) = &searched.outcome else {
                        unreachable!("a text comes with a placement found")
                    };
                    return Ok(Entry {
                        answer: Answer::Yes,
                        why: format!(
                            "{ratio}, more than 4 per cell: a good placement (a covering) \
                             with period lattice {lattice}, found by the SAT search and \
                             confirmed by the checker"
                        ),
                        placement: Some(text),
                    });
                }
                if searched.outcome == Outcome::Unknown {
                    undecided += 1;
                }
            }
            let how = match undecided {
                0 => "every formula unsatisfiable".to_string(),
                u => format!(
                    "{u} of them undecided within {} conflicts each",
                    args.conflicts
                ),
            };
            Ok(open(format!(
                "{ratio}, more than 4 per cell: no good placement built from cookies \
                 blocking at least 4 sets per cell on the {} lattices of index ≤ {} \
                 ({how}); other cookies and larger lattices are not searched",
                lattices.len(),
                args.cover_index,
            )))
        }
        Tightness::Tight => {
            match tight::plane(cookies, args.side, Some(args.node_limit), &mut |_| {}) {
                Plane::Excluded { side, nodes, .. } => {
                    return Ok(Entry {
                        answer: Answer::No,
                        why: format!(
                            "tight ({ratio}, 4 per cell), and no tight placement covers the \
                             {side}×{side} square ({nodes} nodes)"
                        ),
                        placement: None,
                    });
                }
                Plane::Undecided { .. } | Plane::Covered { .. } => {}
            }
            let mut found = None;
            let mut failure = None;
            let dirs: Vec<Vec<i64>> = cookies.game.directions.iter().map(|v| v.to_vec()).collect();
            let lattices = amoba::core::board::directions::candidates(&dirs, 1, 1, args.max_index)?;
            tight::on_lattices(
                cookies,
                &lattices,
                Some(args.node_limit),
                &mut |c, board, p, stats| {
                    let Some(p) = p else { return true };
                    match super::tight::certified(board, p, &cookies.game, t) {
                        Ok(text) => found = Some((c.lattice.clone(), stats.nodes, text)),
                        Err(e) => failure = Some(e),
                    }
                    false
                },
            );
            if let Some(e) = failure {
                return Err(e);
            }
            Ok(match found {
                Some((lattice, nodes, text)) => Entry {
                    answer: Answer::Yes,
                    why: format!(
                        "tight ({ratio}, 4 per cell): a tight placement with period lattice \
                         {lattice}, found after {nodes} nodes and confirmed by the checker"
                    ),
                    placement: Some(text),
                },
                None => open(format!(
                    "tight ({ratio}, 4 per cell): the squares up to {s}×{s} can be covered, and no \
                     lattice of index ≤ {m} has a tight placement (or the node limit \
                     stopped its search)",
                    s = args.side,
                    m = args.max_index
                )),
            })
        }
    }
}

/// Y spreads to larger k and t, N to smaller.
fn infer(grid: &mut [Vec<Entry>], ks: &[usize], ts: &[usize]) -> anyhow::Result<()> {
    let direct: Vec<Vec<Answer>> = grid
        .iter()
        .map(|r| r.iter().map(|e| e.answer.clone()).collect())
        .collect();
    // A direct Y and a direct N that imply each other's opposite are a contradiction
    // between two arguments: a bug, never a table.
    for (i, row) in direct.iter().enumerate() {
        for (j, a) in row.iter().enumerate() {
            if *a == Answer::Yes {
                let clash = (i..ks.len())
                    .flat_map(|x| (j..ts.len()).map(move |y| (x, y)))
                    .find(|&(x, y)| direct[x][y] == Answer::No);
                if let Some((x, y)) = clash {
                    anyhow::bail!(
                        "internal contradiction: k = {}, t = {} is Y but k = {}, t = {} is N",
                        ks[i],
                        ts[j],
                        ks[x],
                        ts[y]
                    );
                }
            }
        }
    }
    for (i, row) in grid.iter_mut().enumerate() {
        for (j, entry) in row.iter_mut().enumerate() {
            if entry.answer != Answer::Open {
                continue;
            }
            let yes = (0..=i)
                .flat_map(|a| (0..=j).map(move |b| (a, b)))
                .find(|&(a, b)| direct[a][b] == Answer::Yes);
            let no = (i..ks.len())
                .flat_map(|a| (j..ts.len()).map(move |b| (a, b)))
                .find(|&(a, b)| direct[a][b] == Answer::No);
            if let Some((a, b)) = yes {
                *entry = Entry {
                    answer: Answer::Yes,
                    why: format!(
                        "a good {}-placement of {}-in-a-row is one here",
                        ts[b], ks[a]
                    ),
                    placement: None,
                };
            } else if let Some((a, b)) = no {
                *entry = Entry {
                    answer: Answer::No,
                    why: format!(
                        "a good placement here would be a good {}-placement of {}-in-a-row",
                        ts[b], ks[a]
                    ),
                    placement: None,
                };
            }
        }
    }
    Ok(())
}

/// The Markdown report, and every entry with its comparison for the JSON document.
fn report(
    args: &Args,
    grid: &[Vec<Entry>],
    ks: &[usize],
    ts: &[usize],
) -> (String, Vec<JsonEntry>) {
    let published = published();
    let mut out = String::new();
    let _ = writeln!(out, "# Good t-placements of k-in-a-row, four directions\n");
    let _ = writeln!(
        out,
        "Computed by `amoba placement-table --budget {:.0e} --max-index {} --side {} \
         --cover-index {} --conflicts {}` \
         (docs/spec.md §10). Each entry: computed (published); **settled** where the \
         published table has \"?\", **DIFFER** where it says the opposite, *not reproduced* \
         where amoba cannot decide a published answer.\n",
        args.budget, args.max_index, args.side, args.cover_index, args.conflicts
    );
    let _ = write!(out, "| k \\ t |");
    for t in ts {
        let _ = write!(out, " {t} |");
    }
    let _ = write!(out, "\n|---|");
    for _ in ts {
        let _ = write!(out, "---|");
    }
    out.push('\n');
    let mut entries = Vec::new();
    let mut notes = String::new();
    for (i, &k) in ks.iter().enumerate() {
        let _ = write!(out, "| {k} |");
        for (j, &t) in ts.iter().enumerate() {
            let e = &grid[i][j];
            let mine = match e.answer {
                Answer::Yes => "Y",
                Answer::No => "N",
                Answer::Open => "?",
            };
            let theirs = published
                .iter()
                .find(|(pk, _)| *pk == k)
                .and_then(|(_, row)| row.get(t - 2))
                .map(String::as_str);
            let (comparison, mark) = match (mine, theirs) {
                (_, None) => ("unpublished", ""),
                (m, Some(p)) if m == p => ("agrees", ""),
                ("?", Some(_)) => ("not reproduced", " *not reproduced*"),
                (_, Some("?")) => ("settled", " **settled**"),
                (_, Some(_)) => ("differs", " **DIFFER**"),
            };
            let _ = write!(out, " {mine} ({}){mark} |", theirs.unwrap_or("–"));
            let _ = writeln!(notes, "- k = {k}, t = {t}: {mine} — {}", e.why);
            entries.push(JsonEntry {
                k,
                t,
                computed: mine,
                published: theirs.map(String::from),
                comparison,
                why: e.why.clone(),
                placement: e.placement.clone(),
            });
        }
        out.push('\n');
    }
    let _ = writeln!(out, "\n## Why\n\n{notes}");
    let found: Vec<(usize, usize, &String)> = ks
        .iter()
        .enumerate()
        .flat_map(|(i, &k)| {
            ts.iter()
                .enumerate()
                .filter_map(move |(j, &t)| grid[i][j].placement.as_ref().map(|p| (k, t, p)))
        })
        .collect();
    if !found.is_empty() {
        let _ = writeln!(
            out,
            "## The placements found\n\nEach is a placement file (FORMATS.md, *Placement \
             files*), the game it blocks first: `amoba verify --placements FILE` checks it.\n"
        );
        for (k, t, p) in found {
            let _ = writeln!(out, "k = {k}, t = {t}:\n\n```\n{p}```\n");
        }
    }
    (out, entries)
}
