//! The document of `amoba verify --json` (docs/schemas/verify.schema.json), and the
//! check of one text of candidate pairings into its part of that document
//! ([`check_text`]). The command line streams files through the same structures
//! ([`check_input`]); the explorer (`amoba serve`) checks a pasted text with
//! [`check_text`], so both give the same document for the same pairings.

use super::{Classes, Geometry, MAX_REPORTED_ERRORS, PairingReport, Reader, VerifyError};
use serde::Serialize;
use std::io::BufRead;

/// One input (file, standard input or pasted text) of a verifier run.
#[derive(Clone, Debug, Serialize)]
pub struct FileDoc {
    /// Its name as messages give it.
    pub file: String,
    /// One report per well-formed pairing, in order.
    pub reports: Vec<PairingReport>,
    /// The first [`MAX_REPORTED_ERRORS`] malformed lines (or the read error).
    pub errors: Vec<ErrorDoc>,
    /// Malformed lines beyond those listed.
    pub errors_not_listed: usize,
}

impl FileDoc {
    /// The part of an input that could not be opened: `message` says why.
    pub fn unreadable(file: &str, message: String) -> FileDoc {
        FileDoc {
            file: file.to_string(),
            reports: Vec::new(),
            errors: vec![ErrorDoc {
                line: None,
                column: None,
                message,
            }],
            errors_not_listed: 0,
        }
    }
}

/// One input checked by [`check_input`]: its part of the document, and what it held.
pub struct Checked {
    /// Its part of the document.
    pub doc: FileDoc,
    /// Its well-formed pairings.
    pub pairings: usize,
    /// Of those, the good ones.
    pub good: usize,
    /// Its malformed lines, listed or not.
    pub malformed_lines: usize,
}

/// What [`check_input`] hands on as it reads an input.
pub enum Event<'a> {
    /// The report of a well-formed pairing (when the document does not keep it).
    Report(&'a PairingReport),
    /// A malformed line, one of the first [`MAX_REPORTED_ERRORS`] of the input.
    Error(&'a VerifyError),
}

/// Checks every pairing of `input` (named `name`, read with `geom`) as `amoba verify`
/// checks a file: every well-formed pairing gets its report and a good one its class
/// ([`Classes::report`]); a malformed line is skipped, and the first
/// [`MAX_REPORTED_ERRORS`] of them listed. Each report goes to `each` as it is made,
/// or into the document when `keep`; each listed malformed line goes to `each` too.
/// *Returns* the input's part of the document, with its counts.
///
/// # Errors
///
/// A failed cross-check, a catalogue that cannot be loaded, or what `each` returns.
pub fn check_input<R: BufRead, E: From<VerifyError>>(
    classes: &mut Classes,
    geom: &Geometry,
    name: &str,
    input: R,
    keep: bool,
    each: &mut dyn FnMut(Event<'_>) -> Result<(), E>,
) -> Result<Checked, E> {
    let mut reader = Reader::new(geom, name.to_string(), input);
    let mut doc = FileDoc {
        file: name.to_string(),
        reports: Vec::new(),
        errors: Vec::new(),
        errors_not_listed: 0,
    };
    let (mut pairings, mut good, mut errors) = (0usize, 0usize, 0usize);
    loop {
        match reader.next_candidate() {
            Ok(Some(cand)) => {
                let report = classes.report(geom, name, reader.pairings_read(), &cand)?;
                pairings += 1;
                good += usize::from(report.good);
                if keep {
                    doc.reports.push(report);
                } else {
                    each(Event::Report(&report))?;
                }
            }
            Ok(None) => break,
            Err(e) => {
                errors += 1;
                if errors > MAX_REPORTED_ERRORS {
                    doc.errors_not_listed += 1;
                    continue;
                }
                each(Event::Error(&e))?;
                doc.errors.push(ErrorDoc::of(&e));
            }
        }
    }
    Ok(Checked {
        doc,
        pairings,
        good,
        malformed_lines: errors,
    })
}

/// A malformed line, or an input that could not be read.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorDoc {
    /// 1-based line (null when the whole input failed).
    pub line: Option<usize>,
    /// 1-based column, in characters.
    pub column: Option<usize>,
    /// What was found and what was expected.
    pub message: String,
}

impl ErrorDoc {
    /// The entry of a reader error: its line and column when it has them.
    pub fn of(e: &VerifyError) -> ErrorDoc {
        match e {
            VerifyError::Malformed {
                line,
                column,
                message,
                ..
            } => ErrorDoc {
                line: Some(*line),
                column: Some(*column),
                message: message.clone(),
            },
            other => ErrorDoc {
                line: None,
                column: None,
                message: crate::core::io::error_chain(other),
            },
        }
    }
}

/// `amoba verify --json`: every input with its reports and errors, and the totals.
#[derive(Clone, Debug, Serialize)]
pub struct VerifyDoc {
    /// The shared provenance block.
    pub provenance: crate::core::provenance::Provenance,
    /// Where the catalogue is read ([`Classes::describe`]).
    pub catalogue: String,
    /// The inputs, in order.
    pub inputs: Vec<FileDoc>,
    /// Well-formed pairings checked.
    pub pairings: usize,
    /// Of them good.
    pub good_pairings: usize,
    /// Of them not good.
    pub not_good_pairings: usize,
    /// Inputs with a malformed line or a read error.
    pub malformed_files: usize,
    /// Malformed lines in all.
    pub malformed_lines: usize,
    /// The exit code of the run ([`crate::check::exit_code`]).
    pub exit_code: u8,
}

/// Checks every pairing of `text` (named `name`) as `amoba verify` checks a file: a
/// malformed line is listed and skipped, every well-formed pairing gets its report,
/// and a good one its class ([`Classes::classify`]). At most `max_pairings` pairings
/// are read.
///
/// # Errors
///
/// More than `max_pairings` pairings ([`VerifyError::Malformed`] at the first one too
/// many), a failed cross-check, a catalogue that cannot be loaded.
pub fn check_text(
    classes: &mut Classes,
    name: &str,
    text: &str,
    max_pairings: usize,
) -> Result<FileDoc, VerifyError> {
    let geom = classes.geometry();
    let mut reader = Reader::new(&geom, name.to_string(), text.as_bytes());
    let mut doc = FileDoc {
        file: name.to_string(),
        reports: Vec::new(),
        errors: Vec::new(),
        errors_not_listed: 0,
    };
    loop {
        match reader.next_candidate() {
            Ok(Some(cand)) => {
                if doc.reports.len() == max_pairings {
                    return Err(VerifyError::Malformed {
                        file: name.to_string(),
                        line: cand.line,
                        column: 1,
                        message: format!(
                            "found more than {max_pairings} pairings, expected at most that \
                             many in one request"
                        ),
                    });
                }
                let report = classes.report(&geom, name, reader.pairings_read(), &cand)?;
                doc.reports.push(report);
            }
            Ok(None) => break,
            Err(e) => {
                if doc.errors.len() < MAX_REPORTED_ERRORS {
                    doc.errors.push(ErrorDoc::of(&e));
                } else {
                    doc.errors_not_listed += 1;
                }
                // A read error ends the input; a malformed line is skipped.
                if !matches!(e, VerifyError::Malformed { .. }) {
                    break;
                }
            }
        }
    }
    Ok(doc)
}
