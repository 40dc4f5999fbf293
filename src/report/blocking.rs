//! The report of `amoba blocking`: the Markdown table of the largest blocking numbers
//! `d_t(k)` of t-cookies beside the published values, and its JSON document
//! (docs/schemas/blocking.schema.json).
//!
//! [`placement::blocking`](crate::placement::blocking) decides every entry; this module
//! only writes the table down. The Markdown gives the table itself (`≥ v` a lower
//! bound, `—` beyond the budget, DIFFER where the computed value exceeds the
//! published one, with a cookie that shows it), the linear forms observed on the
//! range computed, the lower bounds proved for every `k`, the best cookies of each
//! entry up to symmetry with drawings of them, and how each `k` was settled (the
//! census, and the levels of peeling as the certificate). The JSON document holds the
//! same entries and forms, field by field.

use crate::core::provenance::Provenance;
use crate::core::text::fmt_int;
use crate::placement::blocking::{Options, Table, above_from, differs, observed};
use crate::placement::cookie::{self, Cookie};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One entry `(t, k)` of the JSON document.
#[derive(serde::Serialize)]
struct JsonEntry {
    t: usize,
    k: usize,
    /// d_t(k), or null beyond the budget.
    d: Option<u32>,
    /// c_t(k): the best line-connected cookie of exactly t cells, or null.
    c: Option<u32>,
    /// The largest blocking number found: d when exact, else a lower bound (or null).
    d_at_least: Option<u32>,
    /// The same for c_t(k).
    c_at_least: Option<u32>,
    /// Beyond the budget: the lower bounds come from the cookies whose cells link within
    /// this many steps; null when d is exact.
    link_steps: Option<i64>,
    /// How c_t(k) was settled: "census", "peeling" or "lower bound"; null when not even
    /// a lower bound is known.
    method: Option<&'static str>,
    /// With peeling: per size 2..=t, the threshold and the cookies (up to symmetry and
    /// exchange of parts) blocking at least it.
    peel_levels: Option<Vec<[u64; 2]>>,
    /// With peeling: the cookies scored over all levels.
    peel_scored: Option<u64>,
    /// The published value, if there is one for these directions.
    published: Option<i64>,
    differs: bool,
    /// The best line-connected cookies of exactly t cells: up to translation, up to
    /// symmetry, and the representatives of the first few orbits.
    best_cookies: Option<usize>,
    best_cookie_orbits: Option<usize>,
    best_cookie_shapes: Vec<String>,
}

/// A lower bound `d_t(k) ≥ slope·k + constant` for every `k ≥ from_k`, in the JSON
/// document.
#[derive(serde::Serialize)]
struct JsonForm {
    t: usize,
    slope: i64,
    constant: i64,
    from_k: usize,
    /// The cookies whose union attains it (one unless the form is a sum).
    cookies: Vec<String>,
    /// The published form `a·k − b` as `[a, b]`, if any.
    published: Option<[i64; 2]>,
    /// The least k from which the bound is above the published value at every k, if so.
    above_published_from: Option<usize>,
}

/// The `--json` document (docs/schemas/blocking.schema.json).
#[derive(serde::Serialize)]
pub struct Document {
    provenance: Provenance,
    directions: Vec<[i64; 2]>,
    entries: Vec<JsonEntry>,
    linear_lower_bounds: Vec<JsonForm>,
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

/// `1 step`, `2 steps`.
fn steps_text(r: i64) -> String {
    if r == 1 {
        "1 step".to_string()
    } else {
        format!("{r} steps")
    }
}

/// The blocking table written down: the Markdown report, the JSON document, and how
/// many entries differ from the published values.
pub struct Report {
    pub markdown: String,
    pub document: Document,
    pub differ: usize,
}

/// The report of `table`, computed with `options` for the `directions` (as given,
/// `directions_text`); `provenance` heads the JSON document.
pub fn report(
    table: &Table,
    options: &Options,
    directions_text: &str,
    directions: &[[i64; 2]],
    provenance: Provenance,
) -> Report {
    let Table {
        rows,
        forms,
        group,
        published,
    } = table;
    let mut out = String::new();
    let mut differ = Vec::new();
    let _ = writeln!(
        out,
        "# Largest blocking numbers of t-cookies\n\nd_t(k): the largest number of winning sets of k-in-a-row a cookie of at most t \
         cells blocks (directions {}).",
        directions_text
    );
    let _ = writeln!(
        out,
        "Computed by `amoba blocking --t-max {} --k-min {} --k-max {} --budget {:.0e} \
         --lower-steps {}`, exact over every cookie: line-connected cookies are enough, by \
         additivity (docs/spec.md §10); each size by the exhaustive census of line-connected \
         cookies while it is within the budget, beyond it by peeling down from the best \
         cookie whose cells link within `--lower-steps` steps (docs/spec.md §10; the levels \
         are listed below); \"computed / published\"; ≥ v: neither settles the entry, and v \
         is the best found among the cookies linking within `--lower-steps` steps, a lower \
         bound; — not even that.\n",
        options.t_max, options.k_min, options.k_max, options.budget, options.lower_steps
    );
    let _ = write!(out, "| t \\ k |");
    for k in options.k_min..=options.k_max {
        let _ = write!(out, " {k} |");
    }
    let _ = write!(out, "\n|---|");
    for _ in options.k_min..=options.k_max {
        let _ = write!(out, "---|");
    }
    out.push('\n');
    for t in 2..=options.t_max {
        let _ = write!(out, "| {t} |");
        for k in options.k_min..=options.k_max {
            let row = &rows[&k];
            let Some((v, exact)) = row.value(t) else {
                let _ = write!(out, " — |");
                continue;
            };
            let at_least = if exact { "" } else { "≥ " };
            let p = published.get(&t).map(|&(a, b)| a * k as i64 - b);
            match p {
                Some(p) if differs((v, exact), p) => {
                    let _ = write!(out, " **{at_least}{v} / {p} DIFFER** |");
                    // The best connected cookie of the size attaining d_t (or d_t is a
                    // sum of smaller ones).
                    let witness = row.witness(t, v);
                    differ.push((t, k, v, p, witness.map(Cookie::to_string)));
                }
                Some(p) if i64::from(v) != p => {
                    let _ = write!(out, " {at_least}{v} / {p} |");
                }
                _ => {
                    let _ = write!(out, " {at_least}{v} |");
                }
            }
        }
        out.push('\n');
    }
    // The linear form each row takes over the largest k computed: a fit to computed
    // values, stated for the range it was seen on and no further.
    let _ = writeln!(
        out,
        "\nLinear forms: the last run of at least three exact values of a row with \
         constant differences (observed on that range of k, not proved beyond it):\n"
    );
    for t in 2..=options.t_max {
        let seen: Vec<(i64, i64)> = (options.k_min..=options.k_max)
            .filter_map(|k| rows[&k].d.get(t).map(|&v| (k as i64, i64::from(v))))
            .collect();
        let Some((a, b, k0, k1)) = observed(&seen) else {
            continue;
        };
        let _ = writeln!(
            out,
            "- t = {t}: d_t(k) = {} for k = {k0}..{k1}{}",
            linear(a, b),
            published
                .get(&t)
                .map(|&(pa, pb)| format!(" (published {})", linear(pa, pb)))
                .unwrap_or_default()
        );
    }
    // Lower bounds for every k: a cookie's count is linear in k once k exceeds its
    // spans (cookie::eventual), so each best cookie found bounds d_t for all larger k.
    let _ = writeln!(
        out,
        "\nLower bounds for every k, proved: once k exceeds the span of a cookie's cells on \
         each line, its blocking number is (lines holding both parts)·k + a constant \
         (docs/spec.md §10); the best such form among the best cookies found, or a union of \
         them:\n"
    );
    for (t, f) in forms.iter().enumerate() {
        let Some(f) = f else { continue };
        let shapes: Vec<String> = f.cookies.iter().map(|c| format!("`{c}`")).collect();
        let vs = published
            .get(&t)
            .map_or(String::new(), |&(a, b)| match above_from(f, (a, b)) {
                Some(k1) => format!("; above the published {} for every k ≥ {k1}", linear(a, b)),
                None if (f.slope, f.constant) == (a, -b) => {
                    format!("; equal to the published {}", linear(a, b))
                }
                None => format!("; published {}", linear(a, b)),
            });
        let _ = writeln!(
            out,
            "- t = {t}: d_t(k) ≥ {} for every k ≥ {}{vs}: {}",
            linear(f.slope, -f.constant),
            f.from,
            shapes.join(" + ")
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
    let _ = writeln!(
        out,
        "\nThe best line-connected cookies of exactly t cells (blocking number c_t), up to \
         the {} symmetries of the directions: how many, and the first few (cells x,y and \
         parts a/b); c_t ≥ v: the best among the cookies whose cells link within the steps \
         named:\n",
        group.len()
    );
    // The orbits of each entry `(t, k)` with a census, once for the list, the drawings
    // and the JSON document.
    let orbits: BTreeMap<(usize, usize), Vec<(Cookie, usize)>> = rows
        .iter()
        .flat_map(|(&k, row)| {
            let group = &group;
            (2..=options.t_max).filter_map(move |t| {
                row.size(t)
                    .map(|(e, _)| ((t, k), cookie::orbits(&e.best_cookies, group)))
            })
        })
        .collect();
    for t in 2..=options.t_max {
        for k in options.k_min..=options.k_max {
            let Some((e, steps)) = rows[&k].size(t) else {
                continue;
            };
            let classes = &orbits[&(t, k)];
            let shown: Vec<String> = classes
                .iter()
                .take(3)
                .map(|(c, _)| format!("`{c}`"))
                .collect();
            let value = match steps {
                None => format!("c_t = {}", e.best),
                Some(r) => format!("c_t ≥ {} (links of at most {})", e.best, steps_text(r)),
            };
            let _ = writeln!(
                out,
                "- t = {t}, k = {k}: {value}, {} up to symmetry ({} up to translation): {}{}",
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
    for t in 2..=options.t_max {
        let Some((k, (e, steps))) = (options.k_min..=options.k_max)
            .rev()
            .find_map(|k| rows[&k].size(t).map(|e| (k, e)))
        else {
            continue;
        };
        let classes = &orbits[&(t, k)];
        let pictures: Vec<Vec<String>> = classes.iter().take(4).map(|(c, _)| drawing(c)).collect();
        let value = match steps {
            None => format!("c_t = {}", e.best),
            Some(r) => format!("c_t ≥ {}, links of at most {}", e.best, steps_text(r)),
        };
        let _ = writeln!(out, "t = {t}, k = {k} ({value}):\n\n```");
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
    let _ = writeln!(
        out,
        "\nHow each k was settled: the census's sets, and for each size peeled the target it \
         started from and its levels from 2 cells up (≥ threshold: how many cookies of \
         that size block at least the threshold, up to symmetry and exchange of parts; the \
         last level holds every cookie at or above the target):\n"
    );
    for (k, row) in rows {
        let sets: u64 = row.sizes[..=row.census_t].iter().map(|e| e.sets).sum();
        let beyond = row.skipped.map_or(String::new(), |(t, e)| {
            format!("; about {e:.1e} for t = {t}, beyond the budget")
        });
        let _ = write!(
            out,
            "- k = {k}: census of t ≤ {} ({} sets{beyond})",
            row.census_t,
            fmt_int(sets)
        );
        for (t, p) in &row.peeled {
            let levels: Vec<String> = p.levels[2..]
                .iter()
                .map(|(threshold, n)| format!("≥ {threshold}: {n}"))
                .collect();
            let _ = write!(
                out,
                "; t = {t} peeled from {} ({}; {} scored)",
                p.levels[*t].0,
                levels.join(", "),
                fmt_int(p.scored)
            );
        }
        if let Some((t, why)) = &row.stuck {
            let _ = write!(out, "; t = {t} not settled: {why}");
        }
        if let Some(l) = &row.low {
            let _ = write!(
                out,
                "; lower bounds up to t = {} from links of at most {}",
                l.d.len() - 1,
                steps_text(l.steps)
            );
        }
        out.push('\n');
    }
    let mut entries = Vec::new();
    for t in 2..=options.t_max {
        for k in options.k_min..=options.k_max {
            let row = &rows[&k];
            let size = row.size(t);
            let classes = orbits.get(&(t, k));
            let published = published.get(&t).map(|&(a, b)| a * k as i64 - b);
            let value = row.value(t);
            let d = value.filter(|v| v.1).map(|v| v.0);
            entries.push(JsonEntry {
                t,
                k,
                d,
                c: size.filter(|s| s.1.is_none()).map(|s| s.0.best),
                d_at_least: value.map(|v| v.0),
                c_at_least: size.map(|s| s.0.best),
                link_steps: size.and_then(|s| s.1),
                method: row.method(t),
                peel_levels: row.peeled.get(&t).map(|p| {
                    p.levels[2..]
                        .iter()
                        .map(|&(threshold, n)| [u64::from(threshold), n])
                        .collect()
                }),
                peel_scored: row.peeled.get(&t).map(|p| p.scored),
                published,
                differs: matches!((value, published), (Some(v), Some(p)) if differs(v, p)),
                best_cookies: size.map(|s| s.0.best_cookies.len()),
                best_cookie_orbits: classes.map(Vec::len),
                best_cookie_shapes: classes
                    .into_iter()
                    .flatten()
                    .take(4)
                    .map(|(c, _)| c.to_string())
                    .collect(),
            });
        }
    }
    let linear_lower_bounds = forms
        .iter()
        .enumerate()
        .filter_map(|(t, f)| {
            let f = f.as_ref()?;
            let p = published.get(&t).copied();
            Some(JsonForm {
                t,
                slope: f.slope,
                constant: f.constant,
                from_k: f.from,
                cookies: f.cookies.iter().map(Cookie::to_string).collect(),
                published: p.map(|(a, b)| [a, b]),
                above_published_from: p.and_then(|p| above_from(f, p)),
            })
        })
        .collect();

    let document = Document {
        provenance,
        directions: directions.to_vec(),
        entries,
        linear_lower_bounds,
    };
    Report {
        markdown: out,
        document,
        differ: differ.len(),
    }
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
