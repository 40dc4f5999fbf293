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
            pairing: codes_text(&cand.codes),
            good: analysis.good,
            analysis,
            class: None,
        }
    }

    /// One line: `FILE:LINE: pairing I: good, ID 17` or the main reason it is not.
    pub fn brief(&self) -> String {
        let a = &self.analysis;
        let verdict = if self.good {
            let class = self.class.as_ref();
            let id = class.and_then(|c| c.id);
            match (class.and_then(|c| c.periodicity.as_ref()), id) {
                (Some(p), _) if p.coarser_periodic => {
                    match p.coarser_class.as_ref().and_then(|c| c.id) {
                        Some(id) => format!("good, {}, {} ID {id}", p.kind, p.coarser_board),
                        None => format!("good, {}", p.kind),
                    }
                }
                (Some(p), Some(id)) => format!("good, {}, ID {id}", p.kind),
                (Some(p), None) => format!("good, {}, ID unknown", p.kind),
                (None, Some(id)) => format!("good, ID {id}"),
                (None, None) => "good".to_string(),
            }
        } else if !a.consistent {
            format!(
                "NOT GOOD: inconsistent at {} cells",
                a.inconsistencies.len()
            )
        } else if a
            .lines_without_domino
            .iter()
            .chain(&a.lines_with_several)
            .chain(&a.lines_misplaced)
            .all(|l| l.expected == 1)
        {
            // One domino per line: the wording of docs/spec.md §2.
            format!(
                "NOT GOOD: {} lines without a domino, {} with two or more",
                a.lines_without_domino.len(),
                a.lines_with_several.len()
            )
        } else {
            format!(
                "NOT GOOD: {} lines without a domino, {} with too many, {} with too few or \
                 not evenly spaced",
                a.lines_without_domino.len(),
                a.lines_with_several.len(),
                a.lines_misplaced.len()
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
            let share = |l: &LineReport| match l.expected {
                1 => "expected one domino".to_string(),
                q => format!("expected {q} dominoes {} apart", geom.spacing()),
            };
            let bad =
                a.lines_without_domino.len() + a.lines_with_several.len() + a.lines_misplaced.len();
            if bad == 0 && geom.one_per_line() {
                let _ = writeln!(
                    s,
                    "  lines: each of the {} lines holds exactly one domino",
                    geom.nlines()
                );
            } else if bad == 0 {
                let each: Vec<String> = (0..geom.nfamilies())
                    .map(|f| {
                        format!(
                            "{} on each {} line",
                            geom.per_line(f),
                            geom.orientation_name(f)
                        )
                    })
                    .collect();
                let _ = writeln!(
                    s,
                    "  lines: each of the {} lines holds its dominoes exactly {} apart: {}",
                    geom.nlines(),
                    geom.spacing(),
                    each.join(", ")
                );
            } else if a.lines_misplaced.is_empty() && geom.one_per_line() {
                let _ = writeln!(
                    s,
                    "  lines: {} without a domino, {} with two or more:",
                    a.lines_without_domino.len(),
                    a.lines_with_several.len()
                );
            } else {
                let _ = writeln!(
                    s,
                    "  lines: {} without a domino, {} with too many, {} with too few or not {} \
                     apart:",
                    a.lines_without_domino.len(),
                    a.lines_with_several.len(),
                    a.lines_misplaced.len(),
                    geom.spacing()
                );
            }
            for l in &a.lines_without_domino {
                let _ = writeln!(s, "    {}: none", l.line);
            }
            for l in &a.lines_with_several {
                let extra = if geom.one_per_line() {
                    String::new()
                } else {
                    format!(" ({})", share(l))
                };
                let _ = writeln!(
                    s,
                    "    {}: {} dominoes {}{extra}",
                    l.line,
                    l.dominoes.len(),
                    l.dominoes.join(", ")
                );
            }
            for l in &a.lines_misplaced {
                let what = if l.dominoes.len() == 1 {
                    "domino"
                } else {
                    "dominoes"
                };
                let _ = writeln!(
                    s,
                    "    {}: {} {what} {} ({})",
                    l.line,
                    l.dominoes.len(),
                    l.dominoes.join(", "),
                    share(l)
                );
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
            if let Some(p) = &c.periodicity {
                periodicity_text(&mut s, p);
            }
        }
        s
    }
}

/// The lines of the report on a pairing of a board that refines a coarser one.
fn periodicity_text(s: &mut String, p: &Periodicity) {
    use std::fmt::Write;
    match &p.moved_by {
        Some(m) => {
            let _ = writeln!(
                s,
                "  {}: not periodic with the lattice of {}: translation by {} changes it ({} \
                 has code {}, {} has code {})",
                p.kind,
                p.coarser_board,
                vector_text(&m.translation),
                m.cell,
                m.code,
                m.image_cell,
                m.image_code
            );
        }
        None => {
            let _ = writeln!(
                s,
                "  {}: periodic with the lattice of {}, whose pairing it repeats:",
                p.kind, p.coarser_board
            );
            if let Some(pairing) = &p.coarser_pairing {
                let _ = writeln!(s, "    {} pairing: {pairing}", p.coarser_board);
            }
            if let Some(c) = &p.coarser_class {
                let _ = writeln!(s, "    {} canonical form: {}", p.coarser_board, c.canonical);
                match c.id {
                    Some(id) => {
                        let _ = writeln!(s, "    {} catalogue ID: {id}", p.coarser_board);
                    }
                    None => {
                        let why = c.no_catalogue.as_deref().unwrap_or("not looked up");
                        let _ = writeln!(s, "    {} catalogue ID: none ({why})", p.coarser_board);
                    }
                }
                let _ = writeln!(
                    s,
                    "    {} stabiliser order: {}",
                    p.coarser_board, c.stabiliser_order
                );
                if let Some(gf) = &c.graph {
                    let _ = writeln!(
                        s,
                        "    {} pairing graph: component {} ({} vertices), degree {}",
                        p.coarser_board, gf.component, gf.component_size, gf.degree
                    );
                }
            }
        }
    }
}
