//! The reader of strategy certificates: [`read`] streams a certificate line by line into
//! its nodes, checking the grammar, the limits and the references as the essay of
//! [`super`] orders them.

use super::*;
use crate::check::quoted;

/// The state of a reading in progress.
struct Reading<'g> {
    game: &'g Game,
    limits: Limits,
    hash: Option<String>,
    winner: Option<Side>,
    root: Option<u32>,
    nodes: Vec<Node>,
    cells: Vec<u8>,
    targets: Vec<u32>,
    index: IdMap<u32>,
    /// Ids referred to but not defined so far, with where they were first named.
    pending: IdMap<(u64, u64)>,
    /// The first label that is not a cell of the game.
    unknown_label: Option<Error>,
}

/// Parses a node id (decimal digits, value below 2³²).
fn parse_id(line: u64, column: u64, text: &str) -> Result<u32, Error> {
    let bad = || {
        err(
            line,
            column,
            format!(
                "found {}, expected a node id (a decimal integer below 2^32)",
                quoted(text)
            ),
        )
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let mut v: u64 = 0;
    for b in text.bytes() {
        v = v * 10 + u64::from(b - b'0');
        if v > u64::from(u32::MAX) {
            return Err(bad());
        }
    }
    u32::try_from(v).map_err(|_| bad())
}

impl Reading<'_> {
    /// The cell of `label`, or [`NO_CELL`] after remembering the first unknown one.
    fn cell(&mut self, line: u64, column: u64, label: &str) -> u8 {
        match self.game.cell(label) {
            Some(c) => c,
            None => {
                if self.unknown_label.is_none() {
                    self.unknown_label = Some(err(
                        line,
                        column,
                        format!(
                            "found {}, expected the label of a cell of the game",
                            quoted(label)
                        ),
                    ));
                }
                NO_CELL
            }
        }
    }

    /// Notes a reference to node `id` at `line`:`column`.
    fn refer(&mut self, id: u32, line: u64, column: u64) {
        if !self.index.contains_key(&id) {
            self.pending.entry(id).or_insert((line, column));
        }
    }

    /// The length of a table, as a 32-bit start of the next entries.
    fn start(len: usize, line: u64) -> Result<u32, Error> {
        u32::try_from(len).map_err(|_| err(line, 1, "more entries than a certificate may hold"))
    }

    /// Reads one statement line after the header.
    fn statement(&mut self, line: u64, text: &str) -> Result<(), Error> {
        let toks = tokens(text);
        let Some(&(col0, keyword)) = toks.first() else {
            return Ok(());
        };
        let args = &toks[1..];
        let after = col0 + keyword.chars().count() as u64;
        // Exactly one argument.
        let one = |what: &str| -> Result<(u64, &str), Error> {
            match args {
                [] => Err(err(line, after, format!("found nothing, expected {what}"))),
                [a] => Ok(*a),
                [_, (c, extra), ..] => Err(err(
                    line,
                    *c,
                    format!(
                        "found {}, expected nothing more after {what}",
                        quoted(extra)
                    ),
                )),
            }
        };
        match keyword {
            "amoba-strategy" => Err(err(
                line,
                col0,
                format!("a second header, expected `{HEADER}` on the first line only"),
            )),
            "game" => {
                if self.hash.is_some() {
                    return Err(err(line, col0, "a second `game` statement, expected one"));
                }
                let (c, h) = one("the SHA-256 of the game file")?;
                if h.len() != 64
                    || !h
                        .bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
                {
                    return Err(err(
                        line,
                        c,
                        format!(
                            "found {}, expected the SHA-256 of the game file: 64 lowercase \
                             hexadecimal digits",
                            quoted(h)
                        ),
                    ));
                }
                self.hash = Some(h.to_string());
                Ok(())
            }
            "winner" => {
                if self.winner.is_some() {
                    return Err(err(line, col0, "a second `winner` statement, expected one"));
                }
                let (c, w) = one("maker or breaker")?;
                self.winner = Some(Side::from_word(w).ok_or_else(|| {
                    err(
                        line,
                        c,
                        format!("found {}, expected maker or breaker", quoted(w)),
                    )
                })?);
                Ok(())
            }
            "root" => {
                if self.root.is_some() {
                    return Err(err(line, col0, "a second `root` statement, expected one"));
                }
                let (c, id) = one("the root's node id")?;
                let id = parse_id(line, c, id)?;
                self.refer(id, line, c);
                self.root = Some(id);
                Ok(())
            }
            "node" => self.node(line, after, args),
            other => Err(err(
                line,
                col0,
                format!(
                    "found {}, expected a statement: game, winner, root or node",
                    quoted(other)
                ),
            )),
        }
    }

    /// Reads `node ID BODY` (`args` after the keyword; `after` is where the keyword
    /// ends).
    fn node(&mut self, line: u64, after: u64, args: &[(u64, &str)]) -> Result<(), Error> {
        let Some(&(id_col, id_text)) = args.first() else {
            return Err(err(line, after, "found nothing, expected a node id"));
        };
        let id = parse_id(line, id_col, id_text)?;
        let Some(&(body_col, body)) = args.get(1) else {
            let at = id_col + id_text.chars().count() as u64;
            return Err(err(
                line,
                at,
                "found nothing, expected the node's body: move, reply, closed, pairing or \
                 potential",
            ));
        };
        if self.index.contains_key(&id) {
            return Err(err(
                line,
                id_col,
                format!("node {id} is defined a second time, expected each id defined once"),
            ));
        }
        if self.nodes.len() as u64 >= self.limits.nodes {
            return Err(err(
                line,
                id_col,
                format!(
                    "a node beyond the {} a certificate may have",
                    self.limits.nodes
                ),
            ));
        }
        let rest = &args[2..];
        let body_end = body_col + body.chars().count() as u64;
        let cells_at = Self::start(self.cells.len(), line)?;
        let targets_at = Self::start(self.targets.len(), line)?;
        let no_more = |rest: &[(u64, &str)]| match rest.first() {
            None => Ok(()),
            Some(&(c, extra)) => Err(err(
                line,
                c,
                format!("found {}, expected nothing after `{body}`", quoted(extra)),
            )),
        };
        let even = |rest: &[(u64, &str)], what: &str| {
            if rest.len() % 2 == 1 {
                let (c, last) = rest[rest.len() - 1];
                let at = c + last.chars().count() as u64;
                Err(err(line, at, format!("found nothing, expected {what}")))
            } else {
                Ok(())
            }
        };
        let kind = match body {
            "move" => {
                let [(lc, label), (tc, target)] = rest else {
                    let at = match rest.get(2) {
                        Some(&(c, _)) => c,
                        None => rest
                            .last()
                            .map_or(body_end, |&(c, t)| c + t.chars().count() as u64),
                    };
                    return Err(err(
                        line,
                        at,
                        "expected `move LABEL NODE` or `move LABEL win`",
                    ));
                };
                let cell = self.cell(line, *lc, label);
                self.cells.push(cell);
                if *target == "win" {
                    Kind::Win
                } else {
                    let t = parse_id(line, *tc, target)?;
                    self.refer(t, line, *tc);
                    self.targets.push(t);
                    Kind::Move
                }
            }
            "reply" => {
                even(rest, "the node answering the last cell")?;
                for pair in rest.chunks_exact(2) {
                    let (lc, label) = pair[0];
                    let (tc, target) = pair[1];
                    let t = parse_id(line, tc, target)?;
                    let cell = self.cell(line, lc, label);
                    self.refer(t, line, tc);
                    self.cells.push(cell);
                    self.targets.push(t);
                }
                Kind::Reply
            }
            "pairing" => {
                even(rest, "the second cell of the last pair")?;
                for &(lc, label) in rest {
                    let cell = self.cell(line, lc, label);
                    self.cells.push(cell);
                }
                Kind::Pairing
            }
            "closed" => {
                no_more(rest)?;
                Kind::Closed
            }
            "potential" => {
                no_more(rest)?;
                Kind::Potential
            }
            other => {
                return Err(err(
                    line,
                    body_col,
                    format!(
                        "found {}, expected the node's body: move, reply, closed, \
                         pairing or potential",
                        quoted(other)
                    ),
                ));
            }
        };
        let len = Self::start(self.cells.len(), line)? - cells_at;
        let index = Self::start(self.nodes.len(), line)?;
        self.nodes.push(Node {
            id,
            kind,
            cells_at,
            targets_at,
            len,
        });
        self.index.insert(id, index);
        self.pending.remove(&id);
        Ok(())
    }
}

/// Reads a certificate to its end. Returns the certificate with resolved references,
/// or (inner `Err`) the verdict when the game digest does not match.
pub(super) fn read(
    game: &Game,
    mut input: impl BufRead,
    limits: Limits,
) -> Result<Result<Certificate, Verdict>, Error> {
    let mut r = Reading {
        game,
        limits,
        hash: None,
        winner: None,
        root: None,
        nodes: Vec::new(),
        cells: Vec::new(),
        targets: Vec::new(),
        index: IdMap::with_hasher(IdHashing::new()),
        pending: IdMap::with_hasher(IdHashing::new()),
        unknown_label: None,
    };
    let mut buf = Vec::new();
    let mut line = 0u64;
    let mut total = 0u64;
    let line_limit = u64::try_from(limits.line).unwrap_or(u64::MAX);
    loop {
        buf.clear();
        let n = (&mut input)
            .take(line_limit.saturating_add(1))
            .read_until(b'\n', &mut buf)
            .map_err(|e| err(line + 1, 1, format!("cannot read the certificate: {e}")))?;
        if n == 0 {
            break;
        }
        line += 1;
        total = total.saturating_add(n as u64);
        if total > limits.bytes {
            return Err(err(
                line,
                1,
                format!(
                    "the file is larger than {} bytes, the most a certificate may have",
                    limits.bytes
                ),
            ));
        }
        let content = match buf.strip_suffix(b"\n") {
            Some(c) => c,
            None if buf.len() > limits.line => {
                return Err(err(
                    line,
                    1,
                    format!(
                        "the line is longer than {} bytes, the longest a certificate may have",
                        limits.line
                    ),
                ));
            }
            None => &buf[..],
        };
        let text = std::str::from_utf8(content).map_err(|e| {
            err(
                line,
                column_of(content, e.valid_up_to()),
                "found bytes that are not UTF-8, expected UTF-8 text",
            )
        })?;
        if line == 1 {
            let head = text.strip_suffix('\r').unwrap_or(text);
            if head != HEADER {
                let toks = tokens(head);
                return Err(match toks.as_slice() {
                    [(_, "amoba-strategy"), (c, v)] => err(
                        line,
                        *c,
                        format!(
                            "found version {}, expected `{HEADER}` (version 1)",
                            quoted(v)
                        ),
                    ),
                    _ => err(
                        line,
                        1,
                        format!(
                            "found {}, expected the header line `{HEADER}`",
                            quoted(head)
                        ),
                    ),
                });
            }
            continue;
        }
        r.statement(line, text)?;
    }
    if line == 0 {
        return Err(err(
            1,
            1,
            format!("the file is empty, expected the header line `{HEADER}`"),
        ));
    }
    let Some(hash) = r.hash else {
        return Err(err(
            1,
            1,
            "no `game` statement, expected one with the SHA-256 of the game file",
        ));
    };
    let Some(winner) = r.winner else {
        return Err(err(1, 1, "no `winner` statement, expected one"));
    };
    let Some(root) = r.root else {
        return Err(err(1, 1, "no `root` statement, expected one"));
    };
    if hash != game.sha256() {
        return Ok(Err(Verdict::NotAProof {
            node: root,
            reason: format!(
                "the certificate is for the game file with SHA-256 {hash}, this game file's \
                 SHA-256 is {}",
                game.sha256()
            ),
        }));
    }
    if let Some(e) = r.unknown_label {
        return Err(e);
    }
    if let Some((&id, &(l, c))) = r.pending.iter().min_by_key(|&(_, &at)| at) {
        return Err(err(
            l,
            c,
            format!("node {id} is referred to but never defined"),
        ));
    }
    let lookup = |id: u32| r.index.get(&id).copied();
    let mut targets = r.targets;
    for t in &mut targets {
        // Every reference was resolved (no pending id is left).
        *t = lookup(*t).ok_or_else(|| err(1, 1, format!("node {t} is never defined")))?;
    }
    let root = lookup(root).ok_or_else(|| err(1, 1, format!("node {root} is never defined")))?;
    Ok(Ok(Certificate {
        winner,
        root,
        nodes: r.nodes,
        cells: r.cells,
        targets,
    }))
}
