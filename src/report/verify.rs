//! The totals of `amoba verify FILE...`: the JSON document of a run
//! (docs/schemas/verify.schema.json, [`VerifyDoc`]) built from every input's part of
//! it, and the last line of the text report. The checks and the classification of
//! each pairing are [`crate::verify`]'s; the command streams the files through them.

use crate::check::pairing::Geometry;
use crate::core::board::Board;
use crate::core::provenance::{Provenance, VERIFY};
use crate::verify::{Checked, Classes, FileDoc, VerifyDoc, no_catalogue_reason};

/// The notes of a run on `board` (of geometry `geom`) that tell what good pairings
/// will lack: their ID and graph facts when the board has no catalogue, their graph
/// facts when it has no pairing graph (unless `no_graph`, `--no-graph`, asked for none).
pub fn limits_notes(board: &Board, geom: &Geometry, no_graph: bool) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(why) = no_catalogue_reason(geom) {
        notes.push(format!(
            "amoba: {why}; good pairings get their canonical form and stabiliser only"
        ));
    }
    let reason = crate::pairing::graph::no_graph_reason(board);
    if let (Some(why), false) = (reason, no_graph) {
        notes.push(format!("amoba: {why}; good pairings get no graph facts"));
    }
    notes
}

/// What a run of the verifier met: pairings read and good ones, inputs unreadable or
/// with malformed lines, and those lines.
#[derive(Clone, Copy, Debug, Default)]
pub struct Totals {
    /// Well-formed pairings.
    pub pairings: usize,
    /// Of those, the good ones.
    pub good: usize,
    /// Inputs that could not be read or had a malformed line.
    pub malformed_files: usize,
    /// Malformed lines, over every input.
    pub malformed_lines: usize,
}

impl Totals {
    /// Counts the input `checked`; an input with a malformed line is a malformed file.
    pub fn add(&mut self, checked: &Checked) {
        self.pairings += checked.pairings;
        self.good += checked.good;
        if checked.malformed_lines > 0 {
            self.malformed_files += 1;
            self.malformed_lines += checked.malformed_lines;
        }
    }

    /// Counts the input `display` that cannot be opened (`error`): a malformed file.
    /// *Returns* its part of the document and the line for standard error.
    pub fn unopened(&mut self, display: &str, error: &std::io::Error) -> (FileDoc, String) {
        self.malformed_files += 1;
        let message = format!("cannot open: {error}");
        let line = format!("{display}: {message}");
        (FileDoc::unreadable(display, message), line)
    }

    /// The exit code of the run ([`crate::check::exit_code`]).
    pub fn exit_code(&self) -> u8 {
        crate::check::exit_code(self.malformed_files, self.good, self.pairings)
    }

    /// The last line of the text report (its numbers without thousands separators).
    pub fn summary(&self) -> String {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        format!(
            "{}: {} good, {} not good; {} unreadable or malformed",
            plural(self.pairings, "pairing", "pairings"),
            self.good,
            self.pairings - self.good,
            plural(self.malformed_files, "file", "files")
        )
    }

    /// The `--json` document of the run on `board` that read `inputs` with `classes`
    /// (which name the catalogue), `command` for the provenance.
    pub fn document(
        &self,
        board: &Board,
        classes: &Classes,
        inputs: Vec<FileDoc>,
        command: &str,
    ) -> VerifyDoc {
        let sha256 = classes.catalogue().map(super::results::catalogue_sha256);
        VerifyDoc {
            provenance: Provenance::new(board.name(), command, sha256).stamped(&VERIFY),
            catalogue: classes.describe(),
            inputs,
            pairings: self.pairings,
            good_pairings: self.good,
            not_good_pairings: self.pairings - self.good,
            malformed_files: self.malformed_files,
            malformed_lines: self.malformed_lines,
            exit_code: self.exit_code(),
        }
    }
}
