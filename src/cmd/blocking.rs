//! `amoba blocking`: the largest blocking numbers `d_t(k)` of t-cookies (docs/spec.md
//! §10), computed by the exhaustive census of line-connected cookies
//! ([`amoba::search::cookie`]) and printed beside the published values.
//!
//! The census of `t` cells grows like `(8(k − 1))^(t − 1)`; entries the estimate puts
//! beyond the budget are printed as `—` and listed with their estimate, never guessed.

use super::note;
use amoba::search::cookie::{self, Cookie, Game};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::process::ExitCode;

/// The published values `d_t(k) = a·k − b` (four directions), as data.
const PUBLISHED: &str = include_str!("../../data/published/blocking.csv");

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba blocking                          # t = 2..8, k = 2..12, as far as reachable\n  \
    amoba blocking --t-max 4 --k-max 9\n  \
    amoba blocking --t-max 6 --k-min 4 --k-max 4 --budget 1e9\n\n\
    Exit status: 0 every computed value equals the published one, 1 some differ (marked \
    DIFFER, with a cookie that shows it), 2 usage error.")]
pub struct Args {
    /// Largest cookie size.
    #[arg(long, default_value_t = 8, value_name = "T")]
    pub t_max: usize,
    /// Least k.
    #[arg(long, default_value_t = 2, value_name = "K")]
    pub k_min: usize,
    /// Greatest k.
    #[arg(long, default_value_t = 12, value_name = "K")]
    pub k_max: usize,
    /// The winning directions (the published values are for the default four).
    #[arg(long, default_value = super::tight::FOUR_DIRECTIONS, value_name = "VECTORS")]
    pub directions: String,
    /// Most line-connected sets one census may enumerate (estimated up front).
    #[arg(long, default_value_t = 1e7, value_name = "SETS")]
    pub budget: f64,
    /// Write the table here instead of stdout (`-` = stdout).
    #[arg(long, default_value = "-")]
    pub out: std::path::PathBuf,
    /// Also write the table as JSON (docs/schemas/blocking.schema.json) here.
    #[arg(long, value_name = "PATH")]
    pub json: Option<std::path::PathBuf>,
}

/// One entry `(t, k)` of the JSON document.
#[derive(serde::Serialize)]
struct JsonEntry {
    t: usize,
    k: usize,
    /// d_t(k), or null beyond the budget.
    d: Option<u32>,
    /// c_t(k): the best line-connected cookie of exactly t cells, or null.
    c: Option<u32>,
    /// The published value, if there is one for these directions.
    published: Option<i64>,
    differs: bool,
    /// The best line-connected cookies of exactly t cells: up to translation, up to
    /// symmetry, and the representatives of the first few orbits.
    best_cookies: Option<usize>,
    best_cookie_orbits: Option<usize>,
    best_cookie_shapes: Vec<String>,
}

/// The `--json` document (docs/schemas/blocking.schema.json).
#[derive(serde::Serialize)]
struct Document {
    provenance: amoba::provenance::Provenance,
    directions: Vec<[i64; 2]>,
    entries: Vec<JsonEntry>,
}

/// `(a, b)` by `t` from the published table.
fn published() -> BTreeMap<usize, (i64, i64)> {
    PUBLISHED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('t'))
        .filter_map(|l| {
            let v: Vec<i64> = l.split(',').filter_map(|x| x.trim().parse().ok()).collect();
            (v.len() == 3).then(|| (v[0] as usize, (v[1], v[2])))
        })
        .collect()
}

/// `a·k − b` as text: `6k − 8`, `k − 1`, `2k + 1`, `3k`.
fn linear(a: i64, b: i64) -> String {
    let ak = if a == 1 {
        "k".to_string()
    } else {
        format!("{a}k")
    };
    match b.cmp(&0) {
        std::cmp::Ordering::Greater => format!("{ak} − {b}"),
        std::cmp::Ordering::Less => format!("{ak} + {}", -b),
        std::cmp::Ordering::Equal => ak,
    }
}

/// One cookie in the cell text of placement files: `x,y:a x,y:b …`.
fn cookie_text(c: &Cookie) -> String {
    c.cells
        .iter()
        .enumerate()
        .map(|(i, x)| format!("{},{}:{}", x[0], x[1], if c.in_b(i) { 'b' } else { 'a' }))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.t_max < 2 || args.k_min < 2 || args.k_max < args.k_min {
        anyhow::bail!(
            "expected --t-max ≥ 2 and 2 ≤ --k-min ≤ --k-max, found t-max {}, k {}..{}",
            args.t_max,
            args.k_min,
            args.k_max
        );
    }
    if args.t_max > 16 {
        anyhow::bail!("--t-max {}: expected at most 16", args.t_max);
    }
    let directions = super::tight::plane_directions(&args.directions)?;
    let four = directions == [[1, 0], [0, 1], [1, 1], [1, -1]];
    let published = if four { published() } else { BTreeMap::new() };
    // Per k (independent censuses, on all threads): d_t for t = 0..=reached, the
    // census of each size, and what was out of the budget.
    type Row = (Vec<u32>, Vec<cookie::SizeCensus>, Option<(usize, f64)>);
    let computed: Vec<(usize, Row)> = (args.k_min..=args.k_max)
        .into_par_iter()
        .map(|k| {
            let game = Game {
                directions: directions.clone(),
                k,
            };
            let growth = cookie::Growth::of(&game);
            let t = growth.reach(args.t_max, args.budget);
            let skipped = (t < args.t_max).then(|| (t + 1, growth.sets(t + 1)));
            let sizes = cookie::census(&game, t);
            let connected: Vec<u32> = sizes.iter().map(|e| e.best).collect();
            (k, (cookie::largest(&connected), sizes, skipped))
        })
        .collect();
    let skipped: Vec<(usize, usize, f64)> = computed
        .iter()
        .filter_map(|(k, (_, _, s))| s.map(|(t, e)| (*k, t, e)))
        .collect();
    let rows: BTreeMap<usize, Row> = computed.into_iter().collect();
    let mut out = String::new();
    let mut differ = Vec::new();
    let _ = writeln!(
        out,
        "# Largest blocking numbers of t-cookies\n\nd_t(k): the largest number of winning sets of k-in-a-row a cookie of at most t \
         cells blocks (directions {}).",
        args.directions
    );
    let _ = writeln!(
        out,
        "Computed by `amoba blocking --t-max {} --k-min {} --k-max {} --budget {:.0e}`: \
         exhaustive over line-connected cookies, exact by additivity (docs/spec.md §10); \
         \"computed / published\"; — out of the budget.\n",
        args.t_max, args.k_min, args.k_max, args.budget
    );
    let _ = write!(out, "| t \\ k |");
    for k in args.k_min..=args.k_max {
        let _ = write!(out, " {k} |");
    }
    let _ = write!(out, "\n|---|");
    for _ in args.k_min..=args.k_max {
        let _ = write!(out, "---|");
    }
    out.push('\n');
    for t in 2..=args.t_max {
        let _ = write!(out, "| {t} |");
        for k in args.k_min..=args.k_max {
            let (d, sizes, _) = &rows[&k];
            let Some(&v) = d.get(t) else {
                let _ = write!(out, " — |");
                continue;
            };
            match published.get(&t) {
                Some(&(a, b)) => {
                    let p = a * k as i64 - b;
                    if i64::from(v) == p {
                        let _ = write!(out, " {v} |");
                    } else {
                        let _ = write!(out, " **{v} / {p} DIFFER** |");
                        // A cookie that shows it: the best connected one of the size
                        // attaining d_t (or d_t is a sum of smaller ones).
                        let witness = (2..=t)
                            .find(|&s| sizes[s].best == v)
                            .and_then(|s| sizes[s].best_cookies.first());
                        differ.push((t, k, v, p, witness.map(cookie_text)));
                    }
                }
                None => {
                    let _ = write!(out, " {v} |");
                }
            }
        }
        out.push('\n');
    }
    // The linear form each row takes over the largest k computed: a fit to computed
    // values, stated for the range it was seen on and no further.
    let _ = writeln!(
        out,
        "\nLinear forms: the last run of at least three computed values of a row with \
         constant differences (observed on that range of k, not proved beyond it):\n"
    );
    for t in 2..=args.t_max {
        let seen: Vec<(i64, i64)> = (args.k_min..=args.k_max)
            .filter_map(|k| rows[&k].0.get(t).map(|&v| (k as i64, i64::from(v))))
            .collect();
        let mut from = seen.len().saturating_sub(1);
        while from >= 2
            && seen[from - 1].0 + 1 == seen[from].0
            && seen[from].1 - seen[from - 1].1 == seen[from - 1].1 - seen[from - 2].1
            && seen[from - 2].0 + 1 == seen[from - 1].0
        {
            from -= 1;
        }
        let from = from.saturating_sub(1);
        if seen.len() < 3 || seen.len() - from < 3 {
            continue;
        }
        let ((k0, v0), (k1, v1)) = (seen[from], seen[from + 1]);
        let a = v1 - v0;
        let b = a * k0 - v0;
        let _ = writeln!(
            out,
            "- t = {t}: d_t(k) = {} for k = {k0}..{}{}",
            linear(a, b),
            seen.last().map_or(k1, |l| l.0),
            published
                .get(&t)
                .map(|&(pa, pb)| format!(" (published {})", linear(pa, pb)))
                .unwrap_or_default()
        );
    }
    if !differ.is_empty() {
        let _ = writeln!(
            out,
            "\nDIFFER: computed above published, with a cookie attaining the computed value \
             (cells x,y and parts a/b, as in placement files):"
        );
        for (t, k, v, p, w) in &differ {
            let _ = writeln!(
                out,
                "- t = {t}, k = {k}: {v} (published {p}): {}",
                w.as_deref().unwrap_or("a union of smaller best cookies")
            );
        }
    }
    // The best line-connected cookies of each entry, up to the symmetries of the
    // directions (c_t: those of exactly t cells; d_t may be larger through a union).
    let dirs: Vec<Vec<i64>> = directions.iter().map(|v| v.to_vec()).collect();
    let group = amoba::board::directions::symmetries(&dirs).map_err(|e| anyhow::anyhow!("{e}"))?;
    let _ = writeln!(
        out,
        "\nThe best line-connected cookies of exactly t cells (blocking number c_t), up to \
         the {} symmetries of the directions: how many, and the first few (cells x,y and \
         parts a/b):\n",
        group.len()
    );
    // The orbits of each computed entry `(t, k)`, once for the list, the drawings and
    // the JSON document.
    let orbits: BTreeMap<(usize, usize), Vec<(Cookie, usize)>> = rows
        .iter()
        .flat_map(|(&k, (_, sizes, _))| {
            let group = &group;
            sizes
                .iter()
                .enumerate()
                .skip(2)
                .map(move |(t, e)| ((t, k), cookie::orbits(&e.best_cookies, group)))
        })
        .collect();
    for t in 2..=args.t_max {
        for k in args.k_min..=args.k_max {
            let (_, sizes, _) = &rows[&k];
            let Some(e) = sizes.get(t) else { continue };
            let classes = &orbits[&(t, k)];
            let shown: Vec<String> = classes
                .iter()
                .take(3)
                .map(|(c, _)| format!("`{}`", cookie_text(c)))
                .collect();
            let _ = writeln!(
                out,
                "- t = {t}, k = {k}: c_t = {}, {} up to symmetry ({} up to translation): {}{}",
                e.best,
                classes.len(),
                e.best_cookies.len(),
                shown.join(", "),
                if classes.len() > 3 { ", …" } else { "" }
            );
        }
    }
    // Drawings, like the dissertation's figures: per t, the shapes at the largest k
    // computed.
    let _ = writeln!(
        out,
        "\nDrawings of the best cookies of each t at the largest k computed (`#` part a, \
         grey in the figures; `o` part b, white; `.` not in the cookie; y grows downwards), \
         up to symmetry, at most four:\n"
    );
    for t in 2..=args.t_max {
        let Some((k, e)) = (args.k_min..=args.k_max)
            .rev()
            .find_map(|k| rows[&k].1.get(t).map(|e| (k, e)))
        else {
            continue;
        };
        let classes = &orbits[&(t, k)];
        let pictures: Vec<Vec<String>> = classes.iter().take(4).map(|(c, _)| drawing(c)).collect();
        let _ = writeln!(out, "t = {t}, k = {k} (c_t = {}):\n\n```", e.best);
        let height = pictures.iter().map(Vec::len).max().unwrap_or(0);
        for y in 0..height {
            let line: Vec<String> = pictures
                .iter()
                .map(|p| {
                    let w = p[0].chars().count();
                    p.get(y).cloned().unwrap_or_else(|| " ".repeat(w))
                })
                .collect();
            let _ = writeln!(out, "{}", line.join("    ").trim_end());
        }
        let _ = writeln!(out, "```\n");
    }
    if !skipped.is_empty() {
        let _ = writeln!(
            out,
            "\nOut of the budget of {:.0e} sets (raise --budget):",
            args.budget
        );
        for (k, t, e) in &skipped {
            let _ = writeln!(out, "- k = {k}: t ≥ {t} (about {e:.1e} sets for t = {t})");
        }
    }
    // `-` is standard output: write_atomic handles it.
    amoba::io::write_atomic(&args.out, |w| w.write_all(out.as_bytes()))?;
    if let Some(path) = &args.json {
        let mut entries = Vec::new();
        for t in 2..=args.t_max {
            for k in args.k_min..=args.k_max {
                let (d, sizes, _) = &rows[&k];
                let e = sizes.get(t);
                let classes = orbits.get(&(t, k));
                let published = published.get(&t).map(|&(a, b)| a * k as i64 - b);
                let d = d.get(t).copied();
                entries.push(JsonEntry {
                    t,
                    k,
                    d,
                    c: e.map(|e| e.best),
                    published,
                    differs: matches!((d, published), (Some(v), Some(p)) if i64::from(v) != p),
                    best_cookies: e.map(|e| e.best_cookies.len()),
                    best_cookie_orbits: classes.map(Vec::len),
                    best_cookie_shapes: classes
                        .into_iter()
                        .flatten()
                        .take(4)
                        .map(|(c, _)| cookie_text(c))
                        .collect(),
                });
            }
        }
        let doc = Document {
            provenance: amoba::provenance::Provenance::new("plane", &super::command_line(), None)
                .stamped(&amoba::provenance::BLOCKING),
            directions: directions.clone(),
            entries,
        };
        amoba::output::results::write_json(path, &doc)?;
    }
    if !differ.is_empty() {
        note!("{} entries differ from the published values", differ.len());
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// A cookie drawn in its bounding box: `#` part a, `o` part b, `.` elsewhere; one string
/// per row, `y` increasing.
fn drawing(c: &cookie::Cookie) -> Vec<String> {
    let xs = c.cells.iter().map(|p| p[0]);
    let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
    let y1 = c.cells.iter().map(|p| p[1]).max().unwrap_or(0);
    (0..=y1)
        .map(|y| {
            (x0..=x1)
                .map(|x| match c.cells.iter().position(|p| *p == [x, y]) {
                    Some(i) if c.in_b(i) => 'o',
                    Some(_) => '#',
                    None => '.',
                })
                .collect()
        })
        .collect()
}
