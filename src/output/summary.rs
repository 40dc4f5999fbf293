//! Summaries of an enumeration: the human summary `amoba enumerate` prints and the
//! rows of the published-beside-computed table it can fill (docs/spec.md §6, §7).

use crate::catalogue::enumerate::EnumerateOutput;
use crate::io::peak_memory_bytes;
use crate::output::table::{Row, fmt_int, int_row};

/// A short human summary.
pub fn human_summary(out: &EnumerateOutput) -> String {
    let c = &out.census;
    let mut s = format!(
        "board {}: {} classes, {} labelled good pairings, {} containing the first domino\n",
        out.board,
        fmt_int(c.classes),
        fmt_int(c.labelled),
        fmt_int(c.labelled_with_first_domino)
    );
    let hist: Vec<String> = c
        .classes_by_stabiliser_order
        .iter()
        .map(|(k, v)| format!("|stab|={k}: {}", fmt_int(*v)))
        .collect();
    s += &format!("classes by stabiliser order: {}\n", hist.join(", "));
    if let Some(e) = out.explained() {
        s += &format!(
            "published {} = pairings with (0,0)-(1,0) and (2,0) paired south: {} \
             (north: {}, fixed by the mirror y -> -y: {})\n",
            fmt_int(e.published),
            fmt_int(e.computed),
            fmt_int(e.first_domino_pairings_with_2_0_north),
            fmt_int(e.first_domino_pairings_fixed_by_mirror_y)
        );
    }
    s += &format!(
        "search: {} nodes in {} subtrees, {:.3} s on {} threads, peak memory {}\n",
        fmt_int(out.stats.nodes),
        fmt_int(out.stats.subtrees),
        out.wall_seconds,
        out.threads,
        peak_memory_bytes()
            .map(|b| format!("{:.1} MB", b as f64 / 1e6))
            .unwrap_or_else(|| "unknown".into())
    );
    s
}

/// Rows of the published-figure table this step can fill (SPEC §6, §7).
pub fn published_rows(out: &EnumerateOutput) -> Vec<Row> {
    let p = &out.published;
    let mut rows = vec![int_row("classes (vertices)", p.classes, out.census.classes)];
    if let Some(e) = out.explained() {
        rows.push(int_row(
            "pairings before reduction (with (0,0)-(1,0), (2,0) paired south)",
            p.before_reduction,
            e.computed,
        ));
    }
    rows
}
