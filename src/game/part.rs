//! The part files of a split game search (FORMATS.md, *Game parts*): one shard's
//! frontier positions, each with its winner, its nodes and the winner's certificate,
//! in the node syntax of strategy certificates. [`Part::write`] writes one,
//! [`read_part`] reads one back (every statement bounded where it is read, every node
//! pointing inside its own certificate, errors at `LINE:COLUMN`), [`load_part`] reads a
//! file of at most [`MAX_PART_BYTES`] bytes. [`super::shard`] makes and merges them.

use super::certificate::{self, Certificate, Next, Node};
use super::file::{GameFileError, ReadError};
use super::shard::{Frontier, MAX_FRONTIER, MAX_SHARDS, MAX_SPLIT_DEPTH, Solved};
use super::{Game, Side};
use std::collections::HashMap;
use std::io::{self, Write};

/// The most bytes of a part file.
pub const MAX_PART_BYTES: u64 = 1 << 32;

/// The first line of every part file.
pub const PART_HEADER: &str = "amoba-game-part 1";

/// A part file: one shard's frontier positions decided so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// SHA-256 of the game file.
    pub game_sha256: String,
    /// The split depth.
    pub depth: usize,
    /// The split's fingerprint ([`Frontier::fingerprint`]).
    pub fingerprint: String,
    /// This part's shard.
    pub shard: usize,
    /// The number of shards.
    pub count: usize,
    /// The positions written, by increasing index.
    pub solved: Vec<Solved>,
}

impl Part {
    /// Whether this part is of the same run as `other` (game, split and shard); if not,
    /// what differs.
    pub fn differs(&self, game_sha256: &str, frontier: &Frontier) -> Option<String> {
        if self.game_sha256 != game_sha256 {
            Some(format!(
                "a part of another game (SHA-256 {}…, this game's is {}…)",
                &self.game_sha256[..12],
                &game_sha256[..12.min(game_sha256.len())]
            ))
        } else if self.depth != frontier.depth {
            Some(format!(
                "split at depth {}, not {}",
                self.depth, frontier.depth
            ))
        } else if self.fingerprint != frontier.fingerprint {
            Some("a split with other frontier positions (the fingerprint differs)".into())
        } else {
            None
        }
    }

    /// The positions of this part a rerun keeps: the decided ones, and the undecided
    /// ones whose search already went as far as `node_limit` allows.
    pub fn resumable(&self, node_limit: Option<u64>) -> Vec<Solved> {
        self.solved
            .iter()
            .filter(|s| s.winner.is_some() || node_limit.is_some_and(|l| s.nodes >= l))
            .cloned()
            .collect()
    }

    /// Why this part, found where shard `index` of `count` of the split `frontier` of
    /// the game `game_sha256` is to resume, belongs to another run ([`Part::differs`],
    /// or another shard), or `None` when it is the shard's own.
    pub fn foreign(
        &self,
        game_sha256: &str,
        frontier: &Frontier,
        index: usize,
        count: usize,
    ) -> Option<String> {
        self.differs(game_sha256, frontier).or_else(|| {
            (self.shard != index || self.count != count)
                .then(|| format!("shard {}/{}, not {index}/{count}", self.shard, self.count))
        })
    }

    /// Writes the part in the text form of FORMATS.md (*Game parts*).
    pub fn write(&self, game: &Game, out: &mut dyn Write) -> io::Result<()> {
        let decided = self.solved.iter().filter(|s| s.winner.is_some()).count();
        writeln!(out, "{PART_HEADER}")?;
        writeln!(
            out,
            "# {}shard {} of {}, split depth {}: {} positions written, {} decided \
             (FORMATS.md, Game parts)",
            if game.name.is_empty() {
                String::new()
            } else {
                format!("{}: ", game.name)
            },
            self.shard,
            self.count,
            self.depth,
            self.solved.len(),
            decided
        )?;
        writeln!(out, "game {}", self.game_sha256)?;
        writeln!(out, "split {} {}", self.depth, self.fingerprint)?;
        writeln!(out, "shard {} {}", self.shard, self.count)?;
        for s in &self.solved {
            let k = s.certificate.as_ref().map_or(0, |c| c.nodes.len());
            writeln!(
                out,
                "position {} {} {} {k}",
                s.index,
                s.winner.map_or("undecided", Side::word),
                s.nodes
            )?;
            if let Some(c) = &s.certificate {
                certificate::write_nodes(c, game, out)?;
            }
        }
        Ok(())
    }
}

/// Reads a part file of `game` (the text of FORMATS.md, *Game parts*).
///
/// # Errors
///
/// [`GameFileError`] at the line and column where the text stops being a part of
/// `game`: a wrong header, a statement missing, repeated or out of range, a label the
/// game does not have, a certificate node out of order or pointing outside its
/// position's certificate.
pub fn read_part(game: &Game, text: &str) -> Result<Part, GameFileError> {
    let labels = label_map(game);
    let mut r = PartReader::new(&labels);
    let lines = after_header(text, PART_HEADER)?;
    r.line = 1;
    let mut sha = None;
    let mut split = None;
    let mut shard = None;
    let mut solved: Vec<Solved> = Vec::new();
    // The certificate being read: its position and the nodes still to come.
    let mut pending: Option<(Vec<Node>, usize)> = None;
    for raw in lines {
        r.line += 1;
        if !r.split(raw) {
            continue;
        }
        let word = r.fields[0].1;
        if let Some((nodes, k)) = &mut pending {
            if word != "node" {
                return Err(r.err(
                    0,
                    format!(
                        "expected node {} of the position's certificate",
                        nodes.len()
                    ),
                ));
            }
            let id: usize = r.number(1, "a node number", *k as u64 - 1)? as usize;
            if id != nodes.len() {
                return Err(r.err(1, format!("expected node {}", nodes.len())));
            }
            nodes.push(r.node(2, *k as u64 - 1)?);
            if nodes.len() == *k {
                let nodes = std::mem::take(nodes);
                pending = None;
                let s = solved.last_mut().expect("a position precedes its nodes");
                s.certificate = Some(Certificate {
                    winner: s.winner.expect("only decided positions have nodes"),
                    nodes,
                });
            }
            continue;
        }
        match word {
            "game" => {
                r.arity(2)?;
                r.once(sha.is_some())?;
                sha = Some(r.digest(1)?);
            }
            "split" => {
                r.arity(3)?;
                r.once(split.is_some())?;
                let d = r.number(1, "a split depth", MAX_SPLIT_DEPTH as u64)? as usize;
                split = Some((d, r.digest(2)?));
            }
            "shard" => {
                r.arity(3)?;
                r.once(shard.is_some())?;
                let n = r.number(2, "a shard count", MAX_SHARDS as u64)? as usize;
                if n == 0 {
                    return Err(r.err(2, "expected at least 1 shard".into()));
                }
                let i = r.number(1, "a shard number below the count", n as u64 - 1)? as usize;
                shard = Some((i, n));
            }
            "position" => {
                r.arity(5)?;
                let Some((i, n)) = shard else {
                    return Err(r.err(0, "expected the shard line before the positions".into()));
                };
                let index = r.number(1, "a position index", MAX_FRONTIER as u64 - 1)? as usize;
                if index % n != i {
                    return Err(r.err(1, format!("position {index} is not of shard {i} of {n}")));
                }
                if solved.last().is_some_and(|s| s.index >= index) {
                    return Err(r.err(
                        1,
                        "expected positions by increasing index, each once".into(),
                    ));
                }
                let winner = match r.fields[2].1 {
                    "maker" => Some(Side::Maker),
                    "breaker" => Some(Side::Breaker),
                    "undecided" => None,
                    _ => return Err(r.err(2, "expected maker, breaker or undecided".into())),
                };
                let nodes = r.number(3, "a node count", u64::MAX)?;
                let k = r.number(4, "a certificate size", certificate::MAX_NODES as u64)? as usize;
                if winner.is_none() != (k == 0) {
                    return Err(r.err(4, "a decided position has a certificate of at least one node, an undecided one none".into()));
                }
                solved.push(Solved {
                    index,
                    winner,
                    nodes,
                    certificate: None,
                });
                if k > 0 {
                    pending = Some((Vec::new(), k));
                }
            }
            _ => return Err(r.err(0, format!("unknown statement {word:?}"))),
        }
    }
    if let Some((nodes, k)) = pending {
        return Err(at(
            r.line,
            1,
            format!(
                "the certificate ends after {} of its {k} nodes",
                nodes.len()
            ),
        ));
    }
    let missing = |what: &str| at(r.line, 1, format!("the {what} line is missing"));
    let game_sha256 = sha.ok_or_else(|| missing("game"))?;
    let (depth, fingerprint) = split.ok_or_else(|| missing("split"))?;
    let (shard, count) = shard.ok_or_else(|| missing("shard"))?;
    Ok(Part {
        game_sha256,
        depth,
        fingerprint,
        shard,
        count,
        solved,
    })
}

/// The file name of shard `index` of `count` of the game file `game`:
/// `solve-<game>.part-I-of-N.txt`, the game named by its file's stem (`stdin` for `-`).
pub fn part_name(game: &std::path::Path, index: usize, count: usize) -> std::path::PathBuf {
    let stem = if crate::core::io::is_dash(game) {
        "stdin".to_string()
    } else {
        game.file_stem()
            .map_or("game".into(), |x| x.to_string_lossy().into_owned())
    };
    format!("solve-{stem}.part-{index}-of-{count}.txt").into()
}

/// Reads the part file at `path` (`-`: stdin) of `game`, refusing more than
/// [`MAX_PART_BYTES`] bytes before reading them.
///
/// # Errors
///
/// [`ReadError::Io`] when the file cannot be read, [`ReadError::Malformed`] (with the
/// line and column) when it is not a part of `game` ([`read_part`]).
pub fn load_part(game: &Game, path: &std::path::Path) -> Result<Part, ReadError> {
    load_text(path, MAX_PART_BYTES, |text| read_part(game, text))
}

/// Reads the text file at `path` (`-`: stdin), refusing more than `max` bytes before
/// reading them, through `read`.
pub(super) fn load_text<T>(
    path: &std::path::Path,
    max: u64,
    read: impl FnOnce(&str) -> Result<T, GameFileError>,
) -> Result<T, ReadError> {
    let (name, bytes) = super::file::read_limited(path, max, |len| {
        at(
            1,
            1,
            format!("found {len} bytes or more, expected at most {max}"),
        )
    })?;
    super::file::utf8(&bytes)
        .and_then(read)
        .map_err(|error| ReadError::Malformed { name, error })
}

/// Each cell of `game` by its label.
pub(super) fn label_map(game: &Game) -> HashMap<&str, u8> {
    game.labels
        .iter()
        .enumerate()
        .map(|(i, l)| (l.as_str(), i as u8))
        .collect()
}

/// The lines of `text` after its first, which must be `header` (a `\r` before the line
/// break aside).
pub(super) fn after_header<'t>(
    text: &'t str,
    header: &str,
) -> Result<std::str::Split<'t, char>, GameFileError> {
    let mut lines = text.split('\n');
    let first = lines.next().unwrap_or("");
    if first.strip_suffix('\r').unwrap_or(first) != header {
        return Err(at(1, 1, format!("expected the header {header:?}")));
    }
    Ok(lines)
}

pub(super) fn at(line: usize, column: usize, message: String) -> GameFileError {
    GameFileError {
        line,
        column,
        message,
    }
}

/// The reader of the lines of part files and strategy certificates: fields split at
/// blanks, comments dropped, errors at `LINE:COLUMN` of the field at fault.
pub(super) struct PartReader<'a, 't> {
    labels: &'a HashMap<&'a str, u8>,
    /// The current line's number (1-based; the caller counts).
    pub(super) line: usize,
    /// The fields of the current line with their 1-based columns.
    pub(super) fields: Vec<(usize, &'t str)>,
}

impl<'a, 't> PartReader<'a, 't> {
    /// A reader of lines whose cells are the keys of `labels`.
    pub(super) fn new(labels: &'a HashMap<&'a str, u8>) -> PartReader<'a, 't> {
        PartReader {
            labels,
            line: 0,
            fields: Vec::new(),
        }
    }

    /// Splits a line into its fields (comments and blanks dropped); false when empty.
    pub(super) fn split(&mut self, raw: &'t str) -> bool {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let text = raw.split('#').next().unwrap_or("");
        self.fields.clear();
        let mut start = None;
        let mut col = 0;
        for (i, ch) in text.char_indices() {
            col += 1;
            let blank = ch == ' ' || ch == '\t';
            match (blank, start) {
                (false, None) => start = Some((i, col)),
                (true, Some((s, c))) => {
                    self.fields.push((c, &text[s..i]));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some((s, c)) = start {
            self.fields.push((c, &text[s..]));
        }
        !self.fields.is_empty()
    }

    pub(super) fn err(&self, field: usize, message: String) -> GameFileError {
        let column = self.fields.get(field).map_or(1, |f| f.0);
        at(self.line, column, message)
    }

    /// An error when the statement of this line was `seen` before: each may be written
    /// once.
    pub(super) fn once(&self, seen: bool) -> Result<(), GameFileError> {
        if seen {
            Err(self.err(0, format!("{} written twice", self.fields[0].1)))
        } else {
            Ok(())
        }
    }

    pub(super) fn arity(&self, n: usize) -> Result<(), GameFileError> {
        if self.fields.len() == n {
            Ok(())
        } else {
            let f = self.fields.len().min(n);
            Err(self.err(
                f,
                format!(
                    "expected {} fields on a {} line, found {}",
                    n,
                    self.fields[0].1,
                    self.fields.len()
                ),
            ))
        }
    }

    pub(super) fn number(&self, field: usize, what: &str, max: u64) -> Result<u64, GameFileError> {
        let Some(&(_, t)) = self.fields.get(field) else {
            return Err(self.err(field, format!("expected {what}")));
        };
        match t.parse::<u64>() {
            Ok(v) if v <= max && t.bytes().all(|b| b.is_ascii_digit()) => Ok(v),
            _ => Err(self.err(
                field,
                format!("expected {what} (at most {max}), found {t:?}"),
            )),
        }
    }

    /// Field `field` as a SHA-256 digest: 64 lowercase hexadecimal digits.
    pub(super) fn digest(&self, field: usize) -> Result<String, GameFileError> {
        let t = self.fields[field].1;
        if t.len() == 64
            && t.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        {
            Ok(t.to_string())
        } else {
            Err(self.err(field, "expected 64 lowercase hexadecimal digits".into()))
        }
    }

    pub(super) fn cell(&self, field: usize) -> Result<u8, GameFileError> {
        let Some(&(_, t)) = self.fields.get(field) else {
            return Err(self.err(field, "expected a cell".into()));
        };
        self.labels
            .get(t)
            .copied()
            .ok_or_else(|| self.err(field, format!("the game has no cell {t:?}")))
    }

    /// The node body from field `f` on, its references to nodes at most `max_id`.
    pub(super) fn node(&self, f: usize, max_id: u64) -> Result<Node, GameFileError> {
        let Some(&(_, body)) = self.fields.get(f) else {
            return Err(self.err(f, "expected a node body".into()));
        };
        let rest = self.fields.len() - f - 1;
        if (body == "reply" || body == "pairing") && rest / 2 > self.labels.len() {
            // Each entry names a cell, and a cell once: more is no strategy (and would
            // make reading it cost more than its size).
            return Err(self.err(
                f,
                format!(
                    "a {body} of {} entries, more than the game's {} cells",
                    rest / 2,
                    self.labels.len()
                ),
            ));
        }
        let id = |i: usize| {
            self.number(i, "a node of this certificate", max_id)
                .map(|v| v as u32)
        };
        Ok(match body {
            "move" if rest == 2 => {
                let cell = self.cell(f + 1)?;
                let next = if self.fields[f + 2].1 == "win" {
                    Next::Win
                } else {
                    Next::Node(id(f + 2)?)
                };
                Node::Move { cell, next }
            }
            "reply" if rest.is_multiple_of(2) => {
                let mut r = Vec::with_capacity(rest / 2);
                for j in (f + 1..self.fields.len()).step_by(2) {
                    r.push((self.cell(j)?, id(j + 1)?));
                }
                Node::Reply(r)
            }
            "pairing" if rest.is_multiple_of(2) => {
                let mut r = Vec::with_capacity(rest / 2);
                for j in (f + 1..self.fields.len()).step_by(2) {
                    r.push((self.cell(j)?, self.cell(j + 1)?));
                }
                Node::Pairing(r)
            }
            "closed" if rest == 0 => Node::Closed,
            "potential" if rest == 0 => Node::Potential,
            _ => {
                return Err(self.err(
                    f,
                    "expected move L (N|win), reply (L N)…, pairing (L L)…, closed or potential"
                        .into(),
                ));
            }
        })
    }
}

/// The document of `amoba solve --shard I/N --json` and `amoba solve --merge …
/// --json` (docs/schemas/solve-parts.schema.json).
#[derive(Clone, Debug, serde::Serialize)]
pub struct PartsDoc {
    /// The shared provenance block.
    pub provenance: crate::core::provenance::Provenance,
    /// The game's name (the file's when the game has none).
    pub game: String,
    /// SHA-256 of the game file's bytes.
    pub game_sha256: String,
    /// The split depth.
    pub split_depth: usize,
    /// The split's fingerprint.
    pub fingerprint: String,
    /// Positions the split expands above the frontier.
    pub top_nodes: usize,
    /// Frontier positions of the split.
    pub frontier: usize,
    /// The number of shards.
    pub shards: usize,
    /// This part's shard; null for a merge.
    pub shard: Option<usize>,
    /// Frontier positions this document covers (the shard's, or all).
    pub positions: usize,
    /// Of those, the ones decided.
    pub decided: usize,
    /// Of those, the ones Maker wins.
    pub maker: usize,
    /// Of those, the ones Breaker wins.
    pub breaker: usize,
    /// Positions kept from an earlier run of the same shard.
    pub resumed: usize,
    /// The game's winner (a merge that decides it); null otherwise.
    pub winner: Option<super::Side>,
    /// Nodes of the searches (a merge: of every part's).
    pub nodes: u64,
    /// The part file written (a shard).
    pub part: Option<String>,
    /// The merged certificate written, if any.
    pub certificate: Option<super::decide::CertificateDoc>,
    /// A merge: each move at the root with its value and the undecided positions
    /// below it ([`super::shard::RootMove`]); null for a shard.
    pub moves: Option<Vec<RootMoveDoc>>,
    /// What this run cost.
    pub cost: super::decide::CostDoc,
}

/// One move at the root of a merged split, in [`PartsDoc`].
#[derive(Clone, Debug, serde::Serialize)]
pub struct RootMoveDoc {
    /// The cell's label.
    pub cell: String,
    /// Who wins after the move, when the parts decide it.
    pub winner: Option<super::Side>,
    /// Undecided frontier positions below the move that could still change its value.
    pub open: usize,
    /// The first [`MAX_OPEN_LINES`](super::shard::MAX_OPEN_LINES) of them, each as the
    /// moves that reach a member of its orbit from the root (this move first), cell
    /// labels separated by blanks, as `amoba game after --moves` takes them.
    pub open_lines: Vec<String>,
}

impl PartsDoc {
    /// The document of `solved` (the positions this run covers) of `game`, named
    /// `name`, with file digest `sha256`, split as `frontier` into `shards`.
    pub fn new(
        name: &str,
        sha256: &str,
        frontier: &Frontier,
        shards: usize,
        solved: &[&Solved],
        command: &str,
        seconds: f64,
    ) -> PartsDoc {
        let won = |w| solved.iter().filter(|s| s.winner == Some(w)).count();
        PartsDoc {
            provenance: crate::core::provenance::Provenance::new(name, command, None)
                .stamped(&crate::core::provenance::SOLVE_PARTS),
            game: name.to_string(),
            game_sha256: sha256.to_string(),
            split_depth: frontier.depth,
            fingerprint: frontier.fingerprint.clone(),
            top_nodes: frontier.top_nodes(),
            frontier: frontier.positions.len(),
            shards,
            shard: None,
            positions: solved.len(),
            decided: won(Side::Maker) + won(Side::Breaker),
            maker: won(Side::Maker),
            breaker: won(Side::Breaker),
            resumed: 0,
            winner: None,
            nodes: solved.iter().fold(0u64, |a, s| a.saturating_add(s.nodes)),
            part: None,
            certificate: None,
            moves: None,
            cost: super::decide::CostDoc {
                seconds,
                peak_memory_bytes: crate::core::io::peak_memory_bytes(),
            },
        }
    }
}
