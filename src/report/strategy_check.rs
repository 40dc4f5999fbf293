//! `amoba verify --strategy GAME FILE`: the check of a strategy certificate against a
//! game file ([`crate::check`], FORMATS.md, *Strategy certificates*), read from the two
//! files, and what is made of its outcome — the exit status (0 a proof, 1 not a
//! proof, 2 a file unreadable or malformed), the line printed, the note on stderr and
//! the JSON document (docs/schemas/strategy-check.schema.json).

use crate::check::{Error as CheckError, Game, Input, Verdict, check_with_game};
use crate::core::provenance::{Provenance, STRATEGY_CHECK};
use serde::Serialize;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// Where a malformed or unreadable file went wrong.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorDoc {
    /// The file, as named on the command line (`<stdin>` for standard input).
    pub file: String,
    /// 1-based line, when the file was read.
    pub line: Option<u64>,
    /// 1-based character column, when the file was read.
    pub column: Option<u64>,
    /// What is wrong.
    pub message: String,
}

/// The `--json` document (docs/schemas/strategy-check.schema.json).
#[derive(Debug, Serialize)]
pub struct Document {
    provenance: Provenance,
    game: String,
    game_sha256: Option<String>,
    certificate: String,
    verdict: &'static str,
    winner: Option<&'static str>,
    nodes: Option<usize>,
    depth: Option<usize>,
    unreachable: Option<usize>,
    opening: Option<Vec<Played>>,
    node: Option<u32>,
    reason: Option<String>,
    error: Option<ErrorDoc>,
    exit_code: u8,
}

/// One move of a proof's opening ([`Verdict::Proof`]): who takes which cell.
#[derive(Clone, Debug, Serialize)]
pub struct Played {
    /// `maker` or `breaker`.
    pub side: &'static str,
    /// The cell's label.
    pub cell: String,
}

/// A certificate checked against a game file.
pub struct Checked {
    /// The game file as named.
    pub game_name: String,
    /// The certificate as named (`<stdin>` for standard input).
    pub cert_name: String,
    /// The game, when its file is well formed.
    pub game: Option<Game>,
    /// The verdict, or where a file is unreadable or malformed.
    pub outcome: Result<Verdict, ErrorDoc>,
}

impl Checked {
    /// Reads the game file `game_path` (at most [`crate::check::game::MAX_FILE_BYTES`])
    /// and checks the certificate `cert_path` (`-` = standard input) against it.
    pub fn read(game_path: &Path, cert_path: &Path) -> Checked {
        let game_name = game_path.display().to_string();
        let stdin = crate::core::io::is_dash(cert_path);
        let cert_name = if stdin {
            "<stdin>".to_string()
        } else {
            cert_path.display().to_string()
        };
        let unreadable = |file: &str, e: std::io::Error| ErrorDoc {
            file: file.to_string(),
            line: None,
            column: None,
            message: format!("cannot read: {e}"),
        };
        // One byte beyond the limit is enough to reject a file that is too large.
        let mut bytes = Vec::new();
        let game = std::fs::File::open(game_path)
            .and_then(|f| {
                f.take(crate::check::game::MAX_FILE_BYTES as u64 + 1)
                    .read_to_end(&mut bytes)
            })
            .map(|_| bytes.as_slice())
            .map_err(|e| unreadable(&game_name, e));
        Checked::check(game_name.clone(), cert_name.clone(), game, || {
            if stdin {
                Ok(Box::new(std::io::stdin().lock()))
            } else {
                let f = std::fs::File::open(cert_path).map_err(|e| unreadable(&cert_name, e))?;
                Ok(Box::new(BufReader::with_capacity(1 << 16, f)))
            }
        })
    }

    /// [`Checked::read`] of a game file and a certificate given as bytes (the
    /// explorer's pasted texts), named `game_name` and `cert_name` in messages.
    pub fn from_bytes(game_name: &str, game: &[u8], cert_name: &str, cert: &[u8]) -> Checked {
        Checked::check(game_name.into(), cert_name.into(), Ok(game), || {
            Ok(Box::new(cert))
        })
    }

    /// The game file's bytes `game` (or why they could not be read) parsed, and the
    /// certificate `cert` opens checked against the game.
    fn check<'a>(
        game_name: String,
        cert_name: String,
        game: Result<&[u8], ErrorDoc>,
        cert: impl FnOnce() -> Result<Box<dyn BufRead + 'a>, ErrorDoc>,
    ) -> Checked {
        let located = |e: &CheckError| ErrorDoc {
            file: match e.input {
                Input::Game => game_name.clone(),
                Input::Certificate => cert_name.clone(),
            },
            line: Some(e.line),
            column: Some(e.column),
            message: e.message.clone(),
        };
        let mut parsed = None;
        let outcome: Result<Verdict, ErrorDoc> = (|| {
            let g = parsed.insert(Game::parse(game?).map_err(|e| located(&e))?);
            check_with_game(g, cert()?).map_err(|e| located(&e))
        })();
        Checked {
            game_name,
            cert_name,
            game: parsed,
            outcome,
        }
    }

    /// The exit status: 0 a proof, 1 not a proof, 2 a file unreadable or malformed.
    pub fn status(&self) -> u8 {
        match &self.outcome {
            Ok(Verdict::Proof { .. }) => 0,
            Ok(Verdict::NotAProof { .. }) => 1,
            Err(_) => 2,
        }
    }

    /// Where a file is unreadable or malformed, `FILE:LINE:COLUMN: …` (or `FILE: …`).
    pub fn error_line(&self) -> Option<String> {
        let e = self.outcome.as_ref().err()?;
        Some(match (e.line, e.column) {
            (Some(l), Some(c)) => format!("{}:{l}:{c}: {}", e.file, e.message),
            _ => format!("{}: {}", e.file, e.message),
        })
    }

    /// The line printed for the verdict (none for a file unreadable or malformed), and
    /// for a proof with nodes never reached from the root the note saying so.
    pub fn text(&self) -> (Option<String>, Option<String>) {
        match &self.outcome {
            Ok(Verdict::Proof {
                winner,
                nodes,
                depth,
                unreachable,
                ..
            }) => {
                let s = if *nodes == 1 { "" } else { "s" };
                let mut line =
                    format!("strategy for {winner}: a proof ({nodes} node{s}, depth {depth})");
                let opening = self.opening();
                if let (Some(game), false) = (&self.game, opening.is_empty()) {
                    let cells: Vec<&str> = opening.iter().map(|p| p.cell.as_str()).collect();
                    line += &format!("; it opens, {} first: {}", game.first(), cells.join(" "));
                }
                let note = (*unreachable > 0).then(|| {
                    format!(
                        "amoba: {}: {unreachable} node{} not reached from the root \
                         (not checked)",
                        self.cert_name,
                        if *unreachable == 1 { "" } else { "s" }
                    )
                });
                (Some(line), note)
            }
            Ok(Verdict::NotAProof { node, reason }) => {
                (Some(format!("NOT a proof: node {node}: {reason}")), None)
            }
            Err(_) => (None, None),
        }
    }

    /// The JSON document, its provenance naming `command`.
    pub fn document(&self, command: &str) -> Document {
        let game = self.game.as_ref();
        let board = game.and_then(|g| g.name()).unwrap_or("game");
        let mut doc = Document {
            provenance: Provenance::new(board, command, None).stamped(&STRATEGY_CHECK),
            game: self.game_name.clone(),
            game_sha256: game.map(|g| g.sha256().to_string()),
            certificate: self.cert_name.clone(),
            verdict: "malformed",
            winner: None,
            nodes: None,
            depth: None,
            unreachable: None,
            opening: None,
            node: None,
            reason: None,
            error: None,
            exit_code: self.status(),
        };
        match &self.outcome {
            Ok(Verdict::Proof {
                winner,
                nodes,
                depth,
                unreachable,
                ..
            }) => {
                doc.verdict = "proof";
                doc.winner = Some(winner.word());
                doc.nodes = Some(*nodes);
                doc.depth = Some(*depth);
                doc.unreachable = Some(*unreachable);
                doc.opening = Some(self.opening());
            }
            Ok(Verdict::NotAProof { node, reason }) => {
                doc.verdict = "not-a-proof";
                doc.node = Some(*node);
                doc.reason = Some(reason.clone());
            }
            Err(e) => doc.error = Some(e.clone()),
        }
        doc
    }

    /// The opening of a proof ([`Verdict::Proof`]), each move with its player (the
    /// game's first player moves first); empty unless a proof.
    pub fn opening(&self) -> Vec<Played> {
        let (Some(game), Ok(Verdict::Proof { opening, .. })) = (&self.game, &self.outcome) else {
            return Vec::new();
        };
        let mut side = game.first();
        opening
            .iter()
            .map(|&c| {
                let played = Played {
                    side: side.word(),
                    cell: game.label(c).to_string(),
                };
                side = side.other();
                played
            })
            .collect()
    }
}
