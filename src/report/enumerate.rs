//! The files of an enumeration and where its human summary goes: the catalogue, the
//! summary JSON and, on square9-16, the table of blocks, written by one rule for
//! `amoba enumerate` and `amoba reproduce`; and the one document standard output may
//! carry (README, *Where output goes*).
//!
//! The enumeration itself is [`crate::pairing::catalogue::enumerate`]'s; the lines
//! printed about it are [`crate::report::summary`]'s.

use crate::core::board::Board;
use crate::core::io::{IoError, is_stdout};
use crate::core::provenance::Provenance;
use crate::pairing::catalogue::blocks::{self, TableError};
use crate::pairing::catalogue::enumerate::{EnumerateOutput, Paths, PathsError, file_tag};
use crate::pairing::catalogue::source::{CatalogueCensus, Refined, RefinedError};
use crate::report::results::catalogue_sha256;
use std::io::Write as _;
use std::path::Path;

/// Where the human summary of an enumeration goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SummaryTo {
    /// Standard output: nothing else goes there.
    Stdout,
    /// Standard error, standard output carrying the summary JSON (`--json`).
    StderrJson,
    /// Standard error, standard output carrying a file (`--out -` or `--summary -`).
    Stderr,
}

/// Why the outputs of an enumeration were refused.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// `--json` and a file both on standard output.
    #[error(
        "--json prints the summary on standard output, and so does --out - or --summary -: \
         expected one of them"
    )]
    JsonAndFile,
}

impl SummaryTo {
    /// Where the summary goes when `json` asks for the summary JSON on standard output
    /// and the catalogue and summary files are `out` and `summary` (`-`: standard
    /// output): standard output carries one document at most.
    ///
    /// *Errors*: [`OutputError::JsonAndFile`] for `json` with a file on standard output.
    pub fn of(
        json: bool,
        out: Option<&Path>,
        summary: Option<&Path>,
    ) -> Result<SummaryTo, OutputError> {
        let file_on_stdout = out.is_some_and(is_stdout) || summary.is_some_and(is_stdout);
        match (json, file_on_stdout) {
            (true, true) => Err(OutputError::JsonAndFile),
            (true, false) => Ok(SummaryTo::StderrJson),
            (false, true) => Ok(SummaryTo::Stderr),
            (false, false) => Ok(SummaryTo::Stdout),
        }
    }

    /// Prints the human summary of `out` here ([`crate::report::summary::human_summary`]):
    /// on standard output, or through `note` (standard error) without its last line
    /// break; then with [`SummaryTo::StderrJson`] the summary JSON, of `provenance`, on
    /// standard output.
    ///
    /// *Errors*: standard output cannot be written.
    pub fn emit(
        self,
        out: &EnumerateOutput,
        provenance: &Provenance,
        note: &dyn Fn(&str),
    ) -> Result<(), crate::report::output::OutputError> {
        let human = crate::report::summary::human_summary(out);
        if self == SummaryTo::Stdout {
            crate::core::io::stdout().write_all(human.as_bytes())?;
        } else {
            note(human.trim_end());
        }
        if self == SummaryTo::StderrJson {
            out.write_summary(Path::new("-"), provenance)?;
        }
        Ok(())
    }
}

/// Why the files of an enumeration could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The output paths were refused.
    #[error(transparent)]
    Paths(#[from] PathsError),
    /// The board refined, or a catalogue it needs, could not be had.
    #[error(transparent)]
    Refined(#[from] RefinedError),
    /// A file could not be written.
    #[error(transparent)]
    Io(#[from] IoError),
    /// The table of blocks could not be made or written.
    #[error(transparent)]
    Blocks(#[from] TableError),
}

/// An enumeration about to run: where its files go and the board it refines, with
/// that board's catalogue and census when the search needs them.
pub struct Run {
    /// The catalogue and summary files.
    pub paths: Paths,
    /// The board refined, if any.
    pub refined: Refined,
}

impl Run {
    /// The run of `board` writing to `out` and `summary` when given, else in `dir`
    /// ([`Paths::of`]); `given` says whether the caller has the coarser board's
    /// catalogue and census (else they are loaded when the rooted search needs them,
    /// [`Refined::of`]); `note` receives the messages of loading.
    ///
    /// *Errors*: both files on standard output; the board refined unknown, or its
    /// catalogue not loadable.
    pub fn new(
        board: &Board,
        (out, summary, dir): (Option<&Path>, Option<&Path>, &Path),
        given: bool,
        note: &dyn Fn(&str),
    ) -> Result<Run, WriteError> {
        let paths = Paths::of(out, summary, dir, &file_tag(board))?;
        let refined = Refined::of(board, given, note)?;
        Ok(Run { paths, refined })
    }

    /// Writes the files of the enumeration `out` of `board`, of which `coarse` is the
    /// coarser board's catalogue and census (given, or loaded by [`Run::new`]): the
    /// catalogue, the summary JSON when one is written, and on square9-16 (unless the
    /// catalogue goes to standard output) the table of blocks beside the catalogue,
    /// reading the 8×8 catalogue. `note` receives what the run says on standard
    /// error: the blocks' distributions and each file written, the cost and the
    /// files. Returns the provenance the files carry (of `command`, with the
    /// catalogue's SHA-256).
    ///
    /// *Errors*: a file that cannot be written; a catalogue that cannot be loaded; a
    /// class that is not a pairing of square9-16.
    pub fn write(
        &self,
        board: &Board,
        out: &EnumerateOutput,
        coarse: Option<CatalogueCensus>,
        command: &str,
        note: &dyn Fn(&str),
    ) -> Result<Provenance, WriteError> {
        let paths = &self.paths;
        out.catalogue.write(&paths.catalogue)?;
        let sha = catalogue_sha256(&out.catalogue);
        let provenance = Provenance::new(board.name(), command, Some(sha));
        if let Some(p) = &paths.summary {
            out.write_summary(p, &provenance)?;
        }
        if blocks::applies_to(board) && !is_stdout(&paths.catalogue) {
            // The blocks are 8×8 pairings: the catalogue of square9, which is the
            // refined board's when that is square9.
            let board8 = Board::square9();
            let cat8 = self.refined.blocks_catalogue(&board8, coarse, note)?;
            let (path, rows) =
                blocks::write_table(board, &board8, &cat8, &out.catalogue, &paths.catalogue)?;
            note(&blocks::distributions(&rows, 10).markdown());
            note(&format!("wrote {}", path.display()));
        }
        note(&out.cost_line());
        note(&super::summary::written(paths, out));
        Ok(provenance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_output_carries_one_document_at_most() {
        let dash = Some(Path::new("-"));
        let file = Some(Path::new("c.txt"));
        assert_eq!(SummaryTo::of(false, None, None).unwrap(), SummaryTo::Stdout);
        assert_eq!(
            SummaryTo::of(true, file, None).unwrap(),
            SummaryTo::StderrJson
        );
        assert_eq!(SummaryTo::of(false, dash, None).unwrap(), SummaryTo::Stderr);
        assert_eq!(SummaryTo::of(false, None, dash).unwrap(), SummaryTo::Stderr);
        assert!(SummaryTo::of(true, None, dash).is_err());
    }
}
