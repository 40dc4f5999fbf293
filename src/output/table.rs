//! Reports: the published figures beside the computed ones (docs/spec.md §6), as a
//! Markdown table ([`published_table`]) and as the JSON document of `amoba reproduce
//! --json` ([`reproduce_document`]).

use crate::provenance::{Provenance, REPRODUCE};
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

/// The published figures of one board (docs/spec.md §6 for the 8×8 torus, §7 for the others),
/// as data to compare with; `None` where nothing is published.
#[derive(Clone, Debug, Default)]
pub struct Published {
    /// Classes.
    pub classes: Option<u64>,
    /// "Pairings found before reduction".
    pub before_reduction: Option<u64>,
    /// Graph edges.
    pub edges: Option<u64>,
    /// Connected components.
    pub components: Option<u64>,
    /// `min / max / mean` degree.
    pub degrees: Option<&'static str>,
    /// `degree:vertices, …`.
    pub degree_distribution: Option<&'static str>,
    /// `N vertices, diameter D` of the largest component.
    pub giant: Option<&'static str>,
    /// Sizes of the other components, `6, 10×5, …`.
    pub other_components: Option<&'static str>,
    /// `k of n` 16-vertex components that are 4-cubes.
    pub cubes: Option<&'static str>,
    /// Triangles.
    pub triangles: Option<&'static str>,
    /// Whether every induced cycle has length 4.
    pub induced_cycles_of_length_4: Option<&'static str>,
    /// Cost of the published programs.
    pub cost: Option<&'static str>,
}

impl Published {
    /// The published figures of the board named `board`.
    pub fn of(board: &str) -> Published {
        match board {
            "square9" => Published {
                classes: Some(194_543),
                before_reduction: Some(6_210_560),
                edges: Some(532_107),
                components: Some(14),
                degrees: Some("1 / 11 / 5.47"),
                degree_distribution: Some(
                    "1:17, 2:392, 3:395, 4:39811, 5:66185, 6:53222, 7:25309, 8:7547, 9:1472, 10:183, 11:10",
                ),
                giant: Some("194,333 vertices, diameter 34"),
                other_components: Some("6, 10×5, 16×5, 26, 48"),
                cubes: Some("5 of 5"),
                triangles: Some("0 (triangle-free)"),
                induced_cycles_of_length_4: Some("yes"),
                cost: Some("enumeration ~4 min and 12 GB (3.2 GHz Core i7); graph ~1 min"),
            },
            "hex7" => Published {
                classes: Some(26),
                edges: Some(53),
                components: Some(1),
                degrees: Some("2 / 6 / 4.08"),
                giant: Some("26 vertices, diameter 7"),
                other_components: Some("none"),
                ..Published::default()
            },
            "square5" => Published {
                classes: Some(2),
                ..Published::default()
            },
            "line3" => Published {
                classes: Some(1),
                ..Published::default()
            },
            _ => Published::default(),
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

/// Formats an integer with thousands separators: `194,543`.
pub fn fmt_int(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
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

impl Cost {
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

#[cfg(test)]
mod tests {
    #[test]
    fn thousands() {
        assert_eq!(super::fmt_int(194_543), "194,543");
        assert_eq!(super::fmt_int(12), "12");
        assert_eq!(super::fmt_int(6_210_560), "6,210,560");
    }
}
