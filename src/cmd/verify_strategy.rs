//! `amoba verify --strategy GAME FILE`: is this strategy certificate a proof?
//!
//! The checking is [`amoba::check`]'s (FORMATS.md, *Strategy certificates*); reading
//! the two files (FILE may be `-`, standard input), the exit status, the verdict's
//! line and the JSON document (docs/schemas/strategy-check.schema.json) are
//! [`amoba::report::strategy_check`]'s: 0 a proof, 1 not a proof, 2 a file unreadable
//! or malformed (`FILE:LINE:COLUMN: …` on stderr). This file prints them.

use super::note;
use amoba::report::strategy_check::Checked;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Checks the certificate `files` (exactly one) against the game file `game`.
pub fn run(game_path: &Path, files: &[PathBuf], json: bool) -> anyhow::Result<ExitCode> {
    let [cert_path] = files else {
        anyhow::bail!(
            "--strategy GAME: expected one certificate FILE, found {}",
            files.len()
        );
    };
    let checked = Checked::read(game_path, cert_path);
    if let Some(line) = checked.error_line() {
        note!("{line}");
    }
    let mut out = std::io::BufWriter::new(amoba::core::io::stdout());
    if json {
        let doc = checked.document(&super::command_line());
        serde_json::to_writer_pretty(&mut out, &doc)?;
        writeln!(out)?;
    } else {
        let (line, unreached) = checked.text();
        if let Some(line) = line {
            writeln!(out, "{line}")?;
        }
        if let Some(unreached) = unreached {
            out.flush()?;
            note!("{unreached}");
        }
    }
    out.flush()?;
    Ok(ExitCode::from(checked.status()))
}
