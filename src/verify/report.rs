//! The report of one candidate.

use super::*;

/// The verdict on one candidate: where it is, what checks 2–6 found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairingReport {
    /// File name as given.
    pub file: String,
    /// 1-based position of the pairing in its file.
    pub index: usize,
    /// 1-based line of its first row.
    pub line: usize,
    /// 1-based column of its first code.
    pub column: usize,
    /// The form it was written in.
    pub form: Form,
    /// The pairing in one-line form.
    pub pairing: String,
    /// Good (docs/spec.md §2).
    pub good: bool,
    /// Checks 2–5.
    pub analysis: Analysis,
    /// Check 6, for good pairings.
    pub class: Option<ClassReport>,
}

impl PairingReport {
    /// Runs checks 2–5 on a candidate; check 6 is [`classify`], run by the caller
    /// (it needs the catalogue) and stored in [`PairingReport::class`].
    pub fn new(geom: &Geometry, file: &str, index: usize, cand: &Candidate) -> PairingReport {
        let analysis = analyse(geom, &cand.codes);
        PairingReport {
            file: file.to_string(),
            index,
            line: cand.line,
            column: cand.column,
            form: cand.form,
            pairing: cand.codes.iter().map(|&k| (b'0' + k) as char).collect(),
            good: analysis.good,
            analysis,
            class: None,
        }
    }

    /// One line: `FILE:LINE: pairing I: good, ID 17` or the main reason it is not.
    pub fn brief(&self) -> String {
        let a = &self.analysis;
        let verdict = if self.good {
            match self.class.as_ref().and_then(|c| c.id) {
                Some(id) => format!("good, ID {id}"),
                None => "good".to_string(),
            }
        } else if !a.consistent {
            format!(
                "NOT GOOD: inconsistent at {} cells",
                a.inconsistencies.len()
            )
        } else {
            format!(
                "NOT GOOD: {} lines without a domino, {} with two or more",
                a.lines_without_domino.len(),
                a.lines_with_several.len()
            )
        };
        format!(
            "{}:{}: pairing {}: {verdict}",
            self.file, self.line, self.index
        )
    }

    /// The full human report (several lines, each ending in `\n`).
    pub fn to_text(&self, geom: &Geometry) -> String {
        use std::fmt::Write;
        let a = &self.analysis;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{}:{}: pairing {} ({} form): {}",
            self.file,
            self.line,
            self.index,
            self.form.name(),
            if self.good { "GOOD" } else { "NOT GOOD" }
        );
        let _ = writeln!(s, "  pairing: {}", self.pairing);
        if a.consistent {
            let _ = writeln!(
                s,
                "  consistent: yes, every cell's partner points back ({} pairs)",
                a.pairs
            );
            let by: Vec<String> = a
                .dominoes_by_orientation
                .iter()
                .map(|o| format!("{} {}", o.dominoes, o.orientation))
                .collect();
            let _ = writeln!(
                s,
                "  dominoes: all {} pairs are dominoes (on the text form every code is a \
                 step to a neighbouring cell): {}",
                a.pairs,
                by.join(", ")
            );
        } else {
            let _ = writeln!(
                s,
                "  consistent: no, {} cells' partners do not point back:",
                a.inconsistencies.len()
            );
            for i in &a.inconsistencies {
                let _ = writeln!(
                    s,
                    "    {} has code {} ({}) → {}, whose code {} points to {}",
                    i.cell, i.code, i.direction, i.partner, i.partner_code, i.partner_points_to
                );
            }
            let _ = writeln!(
                s,
                "  dominoes and lines: not examined (the grid is not a pairing)"
            );
        }
        if a.consistent {
            if a.lines_without_domino.is_empty() && a.lines_with_several.is_empty() {
                let _ = writeln!(
                    s,
                    "  lines: each of the {} lines holds exactly one domino",
                    geom.nlines()
                );
            } else {
                let _ = writeln!(
                    s,
                    "  lines: {} without a domino, {} with two or more:",
                    a.lines_without_domino.len(),
                    a.lines_with_several.len()
                );
                for l in &a.lines_without_domino {
                    let _ = writeln!(s, "    {}: none", l.line);
                }
                for l in &a.lines_with_several {
                    let _ = writeln!(
                        s,
                        "    {}: {} dominoes {}",
                        l.line,
                        l.dominoes.len(),
                        l.dominoes.join(", ")
                    );
                }
            }
        }
        if let Some(w) = &a.window {
            let dims = match (geom.dimension, w.depth) {
                (1, _) => format!("{} cells of the line", w.width),
                (_, Some(d)) => format!("{}×{}×{d} window of space", w.width, w.height),
                _ => format!("{}×{} window of the plane", w.width, w.height),
            };
            match &w.first_failure {
                None => {
                    let _ = writeln!(
                        s,
                        "  periodic check ({dims}): all {} runs of {} consecutive cells hold a pair",
                        w.runs_checked,
                        geom.run_length(0)
                    );
                }
                Some(f) => {
                    let at = |x: i64, y: i64, z: Option<i64>| match (geom.dimension, z) {
                        (1, _) => format!("({x})"),
                        (_, Some(z)) => format!("({x},{y},{z})"),
                        _ => format!("({x},{y})"),
                    };
                    let _ = writeln!(
                        s,
                        "  periodic check ({dims}): FAILS: the {} cells from {} going {} to {} \
                         hold no pair ({} of {} runs fail)",
                        f.cells,
                        at(f.x, f.y, f.z),
                        f.direction,
                        at(f.last_x, f.last_y, f.last_z),
                        w.runs_failed,
                        w.runs_checked
                    );
                }
            }
            if !a.checks_agree {
                let _ = writeln!(
                    s,
                    "  INTERNAL DISAGREEMENT: the periodic check and the line count disagree"
                );
            }
        }
        if let Some(c) = &self.class {
            let _ = writeln!(s, "  canonical form: {}", c.canonical);
            let _ = writeln!(
                s,
                "    reached by {}: {}",
                c.to_canonical.kind, c.to_canonical.formula
            );
            match c.id {
                Some(id) => {
                    let _ = writeln!(s, "  catalogue ID: {id}");
                }
                None => match &c.no_catalogue {
                    Some(why) => {
                        let _ = writeln!(s, "  catalogue ID: none ({why})");
                    }
                    None => {
                        let _ = writeln!(s, "  catalogue ID: not looked up");
                    }
                },
            }
            let _ = writeln!(s, "  stabiliser order: {}", c.stabiliser_order);
            for g in &c.stabiliser {
                let _ = writeln!(s, "    {}: {}", g.kind, g.formula);
            }
            if let Some(gf) = &c.graph {
                let _ = writeln!(
                    s,
                    "  pairing graph: component {} ({} vertices), degree {}",
                    gf.component, gf.component_size, gf.degree
                );
            }
        }
        s
    }
}
