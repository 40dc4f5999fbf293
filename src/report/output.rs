//! Where a command's output goes, by the rules of README, *Where output goes*: a
//! product (a pairing or placement found) by `--out`, a text report and its JSON
//! document by `--out`, `--json` and `--json-out`, and the JSON documents a merge
//! reads back. Standard output carries one document at most; a file written is
//! announced through the caller's `wrote`, which `amoba` prints on stderr.

use crate::core::io::{IoError, is_stdout, stdout, write_atomic};
use std::io::Write as _;
use std::path::Path;

/// Why output could not be written: a file (named), or standard output.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// A file, or standard output written as a file.
    #[error(transparent)]
    File(#[from] IoError),
    /// Standard output.
    #[error(transparent)]
    Stdout(#[from] std::io::Error),
}

/// Writes a product by the rule of `--out`: to `out` instead of standard output when
/// given (`-` = stdout); `wrote` is told the file unless it is standard output.
///
/// *Errors*: the file cannot be written.
pub fn product(out: Option<&Path>, text: &str, wrote: &dyn Fn(&Path)) -> Result<(), IoError> {
    let path = out.unwrap_or(Path::new("-"));
    write_atomic(path, |w| w.write_all(text.as_bytes()))?;
    if !is_stdout(path) {
        wrote(path);
    }
    Ok(())
}

/// Writes a text report and its JSON document: the report goes to `out` (`-` =
/// stdout); `json` (the `--json` flag) prints the document on stdout instead of the
/// report; `json_out` (`--json-out PATH`) also writes it to PATH (`-` = stdout, in
/// place of the report). `wrote` is told each file written, in order, as it is.
///
/// *Errors*: a file or standard output cannot be written.
pub fn report_and_json(
    report: &str,
    doc: &impl serde::Serialize,
    out: &Path,
    json: bool,
    json_out: Option<&Path>,
    wrote: &dyn Fn(&Path),
) -> Result<(), OutputError> {
    let json_out_stdout = json_out.is_some_and(is_stdout);
    if let Some(path) = json_out {
        super::results::write_json(path, doc)?;
        if !json_out_stdout {
            wrote(path);
        }
    }
    if json && !json_out_stdout {
        super::results::write_json(Path::new("-"), doc)?;
    }
    if is_stdout(out) {
        if !(json || json_out_stdout) {
            stdout().write_all(report.as_bytes())?;
        }
    } else {
        write_atomic(out, |w| w.write_all(report.as_bytes()))?;
        wrote(out);
    }
    Ok(())
}

/// Why a JSON document to merge cannot be read: its message names the file (and the
/// line and column of a syntax error), with the cause in words.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct DocumentError(String);

/// Reads JSON documents of one kind (`what`, e.g. "scan document") from `files`, each
/// with its file name, for a merge.
///
/// *Errors*: the first file that cannot be read or is not such a document, with its
/// line and column.
pub fn read_documents<D: serde::de::DeserializeOwned>(
    files: &[std::path::PathBuf],
    what: &str,
) -> Result<Vec<(String, D)>, DocumentError> {
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f)
                .map_err(|e| DocumentError(format!("{}: {e}", f.display())))?;
            let doc = serde_json::from_str(&text).map_err(|e| {
                DocumentError(format!(
                    "{}:{}:{}: not a {what}: {e}",
                    f.display(),
                    e.line(),
                    e.column()
                ))
            })?;
            Ok((f.display().to_string(), doc))
        })
        .collect()
}
