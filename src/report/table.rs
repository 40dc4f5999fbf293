//! Reports: the published figures beside the computed ones (docs/spec.md §6), as a
//! Markdown table ([`published_table`]) and as the JSON document of `amoba reproduce
//! --json` ([`reproduce_document`]).

use crate::core::provenance::{Provenance, REPRODUCE};
use crate::core::text::fmt_int;
use serde::Serialize;

/// One line of the side-by-side table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// What is compared.
    pub figure: String,
    /// The published value, as printed.
    pub published: String,
    /// The computed value, as printed.
    pub computed: String,
    /// Whether they agree.
    pub status: Status,
}

/// How a computed figure relates to the published one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Equal.
    Match,
    /// Different.
    Differ,
    /// Not comparable (e.g. run times on different machines).
    Info,
}

impl Status {
    fn of(equal: bool) -> Status {
        if equal { Status::Match } else { Status::Differ }
    }
    /// The verdict in JSON: `match`, `differ` or `info`.
    pub fn key(self) -> &'static str {
        match self {
            Status::Match => "match",
            Status::Differ => "differ",
            Status::Info => "info",
        }
    }

    /// `match`, `DIFFER` or `info` (the Markdown table's word, loud where it matters).
    pub fn label(self) -> &'static str {
        match self {
            Status::Match => "match",
            Status::Differ => "DIFFER",
            Status::Info => "info",
        }
    }
}

impl Row {
    /// An integer figure that must match exactly.
    pub fn exact(figure: &str, published: u64, computed: u64) -> Row {
        Row {
            figure: figure.into(),
            published: fmt_int(published),
            computed: fmt_int(computed),
            status: Status::of(published == computed),
        }
    }

    /// A figure compared as text (distributions, lists, rounded means).
    pub fn text(figure: &str, published: &str, computed: &str) -> Row {
        Row {
            figure: figure.into(),
            published: published.into(),
            computed: computed.into(),
            status: Status::of(published == computed),
        }
    }

    /// A figure shown for reference only, never marked match or differ.
    pub fn info(figure: &str, published: &str, computed: &str) -> Row {
        Row {
            figure: figure.into(),
            published: published.into(),
            computed: computed.into(),
            status: Status::Info,
        }
    }
}

/// An integer row: exact comparison, or computed only when nothing is published.
pub fn int_row(figure: &str, published: Option<u64>, computed: u64) -> Row {
    match published {
        Some(p) => Row::exact(figure, p, computed),
        None => Row::info(figure, "—", &fmt_int(computed)),
    }
}

/// A text row: compared as text, or computed only when nothing is published.
pub fn text_row(figure: &str, published: Option<&str>, computed: &str) -> Row {
    match published {
        Some(p) => Row::text(figure, p, computed),
        None => Row::info(figure, "—", computed),
    }
}

/// The side-by-side table as Markdown.
pub fn published_table(rows: &[Row]) -> String {
    let mut s = String::from("| figure | published | computed | |\n|---|---|---|---|\n");
    for r in rows {
        s += &format!(
            "| {} | {} | {} | {} |\n",
            r.figure,
            r.published,
            r.computed,
            r.status.label()
        );
    }
    s
}

/// What a run cost: printed by `amoba reproduce` and in its `--json` document, never
/// written into a committed file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cost {
    /// The published programs' cost, as published (`null` when not published).
    pub published: Option<String>,
    /// Wall time of each stage, in order.
    pub stages: Vec<Stage>,
    /// Wall time of the whole command.
    pub total_seconds: f64,
    /// Peak resident memory, when the platform reports it.
    pub peak_memory_bytes: Option<u64>,
    /// Worker threads.
    pub threads: usize,
}

/// One stage of a run and its wall time.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stage {
    /// What was done (`enumeration`, `graph`, `analysis`, `files`, …).
    pub stage: String,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl Stage {
    /// The stage `stage` and its wall time.
    pub fn new(stage: &str, seconds: f64) -> Stage {
        Stage {
            stage: stage.into(),
            seconds,
        }
    }
}

impl Cost {
    /// The cost of a run on `threads` threads whose stages so far are `stages`, beside
    /// the `published` one; its total and peak memory are set when it ends
    /// ([`Cost::finish`]).
    pub fn new(published: Option<String>, stages: Vec<Stage>, threads: usize) -> Cost {
        Cost {
            published,
            stages,
            total_seconds: 0.0,
            peak_memory_bytes: None,
            threads,
        }
    }

    /// Ends the run: its wall time `total_seconds` and the peak memory of this process.
    pub fn finish(&mut self, total_seconds: f64) {
        self.total_seconds = total_seconds;
        self.peak_memory_bytes = crate::core::io::peak_memory_bytes();
    }

    /// The cost as one row of the Markdown table (`info`: it is never compared).
    pub fn row(&self) -> Row {
        let stages: Vec<String> = self
            .stages
            .iter()
            .map(|s| format!("{} {:.2} s", s.stage, s.seconds))
            .collect();
        Row::info(
            "cost",
            self.published.as_deref().unwrap_or("—"),
            &format!(
                "{}; total {:.2} s, peak {} ({} thread{})",
                stages.join(", "),
                self.total_seconds,
                self.peak_memory_bytes
                    .map(|b| format!("{:.0} MB", b as f64 / 1e6))
                    .unwrap_or_else(|| "unknown".into()),
                self.threads,
                if self.threads == 1 { "" } else { "s" }
            ),
        )
    }
}

#[derive(Serialize)]
struct RowJson<'a> {
    figure: &'a str,
    published: &'a str,
    computed: &'a str,
    verdict: &'static str,
}

#[derive(Serialize)]
struct Verdicts {
    #[serde(rename = "match")]
    matched: usize,
    differ: usize,
    info: usize,
}

#[derive(Serialize)]
struct ReproduceDocument<'a> {
    provenance: Provenance,
    rows: Vec<RowJson<'a>>,
    verdicts: Verdicts,
    cost: &'a Cost,
}

/// The document `amoba reproduce --json` prints (format [`REPRODUCE`],
/// `docs/schemas/reproduce.schema.json`): the provenance, every row of the table
/// with its verdict (`match`, `differ`, `info`), the number of each verdict, and the
/// cost of the run. Pretty-printed, with a final newline.
pub fn reproduce_document(provenance: &Provenance, rows: &[Row], cost: &Cost) -> String {
    let count = |s: Status| rows.iter().filter(|r| r.status == s).count();
    let doc = ReproduceDocument {
        provenance: provenance.stamped(&REPRODUCE),
        rows: rows
            .iter()
            .map(|r| RowJson {
                figure: &r.figure,
                published: &r.published,
                computed: &r.computed,
                verdict: r.status.key(),
            })
            .collect(),
        verdicts: Verdicts {
            matched: count(Status::Match),
            differ: count(Status::Differ),
            info: count(Status::Info),
        },
        cost,
    };
    // Serialising plain strings and numbers cannot fail.
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

/// The rows of `rows` whose computed figure differs from the published one.
pub fn differing(rows: &[Row]) -> usize {
    rows.iter().filter(|r| r.status == Status::Differ).count()
}

/// The exit status of `amoba reproduce`: 1 when the board has no good pairing at all
/// (`none_exists`), or with `check_published` (`--check-published`) when `differ`
/// figures differ from the published ones; else 0.
pub fn reproduce_status(none_exists: bool, check_published: bool, differ: usize) -> u8 {
    u8::from(none_exists || (check_published && differ > 0))
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands() {
        assert_eq!(super::fmt_int(194_543), "194,543");
        assert_eq!(super::fmt_int(12), "12");
        assert_eq!(super::fmt_int(6_210_560), "6,210,560");
    }

    #[test]
    fn reproduce_exits_1_for_no_pairing_or_a_checked_difference() {
        assert_eq!(super::reproduce_status(false, false, 3), 0);
        assert_eq!(super::reproduce_status(false, true, 0), 0);
        assert_eq!(super::reproduce_status(false, true, 1), 1);
        assert_eq!(super::reproduce_status(true, false, 0), 1);
    }
}
