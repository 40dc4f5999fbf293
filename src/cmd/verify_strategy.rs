//! `amoba verify --strategy GAME FILE`: is this strategy certificate a proof?
//!
//! The checking is [`amoba::check`]'s (FORMATS.md, *Strategy certificates*); this
//! file reads the two files (FILE may be `-`, standard input), prints the verdict (or
//! one JSON document with `--json`, docs/schemas/strategy-check.schema.json) and
//! chooses the exit code: 0 a proof, 1 not a proof, 2 a file unreadable or malformed
//! (`FILE:LINE:COLUMN: …` on stderr).

use super::note;
use amoba::check::{Error as CheckError, Game, Input, Verdict, check_with_game};
use serde::Serialize;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Where a malformed or unreadable file went wrong.
#[derive(Serialize)]
struct ErrorJson {
    file: String,
    line: Option<u64>,
    column: Option<u64>,
    message: String,
}

/// The `--json` document (docs/schemas/strategy-check.schema.json).
#[derive(Serialize)]
struct Document {
    provenance: amoba::core::provenance::Provenance,
    game: String,
    game_sha256: Option<String>,
    certificate: String,
    verdict: &'static str,
    winner: Option<&'static str>,
    nodes: Option<usize>,
    depth: Option<usize>,
    unreachable: Option<usize>,
    node: Option<u32>,
    reason: Option<String>,
    error: Option<ErrorJson>,
    exit_code: u8,
}

/// Checks the certificate `files` (exactly one) against the game file `game`.
pub fn run(game_path: &Path, files: &[PathBuf], json: bool) -> anyhow::Result<ExitCode> {
    let [cert_path] = files else {
        anyhow::bail!(
            "--strategy GAME: expected one certificate FILE, found {}",
            files.len()
        );
    };
    let game_name = game_path.display().to_string();
    let stdin = amoba::core::io::is_dash(cert_path);
    let cert_name = if stdin {
        "<stdin>".to_string()
    } else {
        cert_path.display().to_string()
    };
    let located = |e: &CheckError| ErrorJson {
        file: match e.input {
            Input::Game => game_name.clone(),
            Input::Certificate => cert_name.clone(),
        },
        line: Some(e.line),
        column: Some(e.column),
        message: e.message.clone(),
    };
    let unreadable = |file: &str, e: std::io::Error| ErrorJson {
        file: file.to_string(),
        line: None,
        column: None,
        message: format!("cannot read: {e}"),
    };
    let mut game = None;
    let outcome: Result<Verdict, ErrorJson> = (|| {
        // One byte beyond the limit is enough to reject a file that is too large.
        let mut bytes = Vec::new();
        std::fs::File::open(game_path)
            .and_then(|f| {
                f.take(amoba::check::game::MAX_FILE_BYTES as u64 + 1)
                    .read_to_end(&mut bytes)
            })
            .map_err(|e| unreadable(&game_name, e))?;
        let g = game.insert(Game::parse(&bytes).map_err(|e| located(&e))?);
        let input: Box<dyn BufRead> = if stdin {
            Box::new(std::io::stdin().lock())
        } else {
            let f = std::fs::File::open(cert_path).map_err(|e| unreadable(&cert_name, e))?;
            Box::new(BufReader::with_capacity(1 << 16, f))
        };
        check_with_game(g, input).map_err(|e| located(&e))
    })();
    let code: u8 = match &outcome {
        Ok(Verdict::Proof { .. }) => 0,
        Ok(Verdict::NotAProof { .. }) => 1,
        Err(_) => 2,
    };
    if let Err(e) = &outcome {
        match (e.line, e.column) {
            (Some(l), Some(c)) => note!("{}:{l}:{c}: {}", e.file, e.message),
            _ => note!("{}: {}", e.file, e.message),
        }
    }
    let mut out = std::io::BufWriter::new(amoba::core::io::stdout());
    if json {
        let board = game
            .as_ref()
            .and_then(|g| g.name())
            .unwrap_or("game")
            .to_string();
        let mut doc = Document {
            provenance: amoba::core::provenance::Provenance::new(
                &board,
                &super::command_line(),
                None,
            )
            .stamped(&amoba::core::provenance::STRATEGY_CHECK),
            game: game_name.clone(),
            game_sha256: game.as_ref().map(|g| g.sha256().to_string()),
            certificate: cert_name.clone(),
            verdict: "malformed",
            winner: None,
            nodes: None,
            depth: None,
            unreachable: None,
            node: None,
            reason: None,
            error: None,
            exit_code: code,
        };
        match outcome {
            Ok(Verdict::Proof {
                winner,
                nodes,
                depth,
                unreachable,
            }) => {
                doc.verdict = "proof";
                doc.winner = Some(winner.word());
                doc.nodes = Some(nodes);
                doc.depth = Some(depth);
                doc.unreachable = Some(unreachable);
            }
            Ok(Verdict::NotAProof { node, reason }) => {
                doc.verdict = "not-a-proof";
                doc.node = Some(node);
                doc.reason = Some(reason);
            }
            Err(e) => doc.error = Some(e),
        }
        serde_json::to_writer_pretty(&mut out, &doc)?;
        writeln!(out)?;
    } else {
        match outcome {
            Ok(Verdict::Proof {
                winner,
                nodes,
                depth,
                unreachable,
            }) => {
                let s = if nodes == 1 { "" } else { "s" };
                writeln!(
                    out,
                    "strategy for {winner}: a proof ({nodes} node{s}, depth {depth})"
                )?;
                if unreachable > 0 {
                    out.flush()?;
                    note!(
                        "amoba: {cert_name}: {unreachable} node{} not reached from the root \
                         (not checked)",
                        if unreachable == 1 { "" } else { "s" }
                    );
                }
            }
            Ok(Verdict::NotAProof { node, reason }) => {
                writeln!(out, "NOT a proof: node {node}: {reason}")?;
            }
            Err(_) => {}
        }
    }
    out.flush()?;
    Ok(ExitCode::from(code))
}
