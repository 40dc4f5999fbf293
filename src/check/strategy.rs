//! The checker's reader of strategy certificates and its replay of them (FORMATS.md,
//! *Strategy certificates*), sharing no code with the solver (see [`crate::check`]).
//!
//! # What it computes
//!
//! [`check_strategy`] reads a game file ([`Game::parse`]) and streams a certificate
//! line by line, then replays it: starting at the node named by `root` with the
//! game's starting position and the game's `first` to move, it follows every move the
//! certificate makes and every answer it gives, and at each node it reaches it checks
//! the one rule that node states. The result is a [`Verdict`], or an [`Error`] for
//! input that breaks the grammar.
//!
//! # The order of the checks
//!
//! 1. The game file is read; any rejection is an error about it.
//! 2. The certificate is read to its end. A line that breaks the grammar (header,
//!    statements, ids, arity of a body), a repeated statement or node, a line over
//!    1 MiB or a file over 4 GiB stops the reading with an error. A label that is not
//!    a cell of the game is remembered (the first one) and the reading goes on.
//! 3. A missing `game`, `winner` or `root` is an error.
//! 4. The certificate's `game` digest is compared with the SHA-256 of the game file's
//!    bytes: a certificate of another game is *not a proof* (reported at the root),
//!    even when its labels are not cells of this game.
//! 5. The first label that is not a cell, then the first reference (in file order)
//!    to a node never defined, is an error.
//! 6. The replay: depth first from the root, the entries of a node in the order they
//!    are written; the first node found wrong is the verdict.
//!
//! # The replay
//!
//! Each node gets, on its first arrival, the position of the path that reached it;
//! every later arrival must bring the same position, and an arrival at a node whose
//! moves are still being followed is a cycle. The stack is explicit: one frame per
//! node on the current line of play, at most 129 since each move takes a free cell.
//! At a node, first every minimal winning set ([`Game::minimal`]) is recounted from
//! its cell list: whether Breaker owns one of its cells (then it is dead), and how
//! many of its cells are free. From that count:
//!
//! * a *terminal* position — Maker owns a whole set (Maker has won), or no cell is
//!   free (Breaker has won) — ends the line of play whatever the node says: it is a
//!   proof when the certificate's winner has won, and not a proof otherwise;
//! * `move L N` / `move L win`: the certificate's winner is to move, `L` is free, and
//!   for `win` Maker then owns a whole set;
//! * `reply`: the loser is to move; each answered cell is free and answered once;
//!   each free cell left out is *dead* (in no live set) with at least one cell
//!   answered, or, in Maker's certificate, leaves Maker a live set with one free
//!   cell after Breaker takes it — the case when some live set with exactly one free
//!   cell has that cell elsewhere than at the cell left out;
//! * `closed`, `pairing`, `potential` (Breaker's certificate): no live set; disjoint
//!   pairs of free cells with a pair inside every live set; `Σ 2^(−f)` below 1
//!   (Breaker to move) or 1/2 (Maker to move), decided exactly by adding the counts
//!   of live sets per `f` as a binary number from the largest `f` down.
//!
//! # Storage
//!
//! A node is 20 bytes (its id, its kind and the start and length of its entries);
//! the cells of all entries are one `Vec<u8>` and the target nodes one `Vec<u32>`;
//! a map takes ids to nodes, and one more map holds the ids referred to before their
//! definition. The replay adds 33 bytes per node (position and state). Everything
//! grows with the lines read, never with a number read.
//!
//! Complexity: reading is linear in the certificate; the replay does, per node
//! reached, work linear in the total size of the minimal winning sets plus the
//! node's entries.

use super::game::Game;
use super::{Error, Input, Side, Verdict, column_of, tokens};
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::io::{BufRead, Read};

/// Hashing of node ids for the maps of the reader: the splitmix64 finaliser of the id
/// mixed with a seed drawn once per map from the standard library's random state
/// (fast on 32-bit keys, and not predictable from the certificate).
#[derive(Clone, Copy)]
struct IdHashing(u64);

impl IdHashing {
    fn new() -> IdHashing {
        IdHashing(std::collections::hash_map::RandomState::new().hash_one(0x5eed_u64))
    }
}

impl BuildHasher for IdHashing {
    type Hasher = IdHasher;
    fn build_hasher(&self) -> IdHasher {
        IdHasher(self.0)
    }
}

/// The hasher of [`IdHashing`].
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        let mut z = (self.0 ^ n).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = z ^ (z >> 31);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map keyed by node ids.
type IdMap<V> = HashMap<u32, V, IdHashing>;

/// The first line of every certificate.
pub const HEADER: &str = "amoba-strategy 1";

/// How much a certificate may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest file, in bytes.
    pub bytes: u64,
    /// The most nodes.
    pub nodes: u64,
    /// The longest line, in bytes, its `\n` excluded.
    pub line: usize,
}

impl Limits {
    /// The limits of FORMATS.md: 4 GiB, 2³² − 1 nodes, lines of 1 MiB.
    pub const DEFAULT: Limits = Limits {
        bytes: 1 << 32,
        nodes: (1 << 32) - 1,
        line: 1 << 20,
    };
}

/// Checks the certificate read from `cert` against the game file `game_bytes`.
///
/// Arguments: the raw bytes of the game file (at most 16 MiB: the caller reads no
/// more than one byte beyond that), and the certificate as any buffered reader (a
/// file, standard input, or `text.as_bytes()`), read line by line to its end.
///
/// Returns the [`Verdict`]: [`Verdict::Proof`] (exit 0) or [`Verdict::NotAProof`]
/// (exit 1).
///
/// # Errors
/// An [`Error`] (exit 2) for a game file or certificate that FORMATS.md rejects, and
/// for a certificate that cannot be read; [`Error::input`] says which file.
///
/// Complexity: see the module docs; memory grows with the certificate's size.
pub fn check_strategy(game_bytes: &[u8], cert: impl BufRead) -> Result<Verdict, Error> {
    let game = Game::parse(game_bytes)?;
    check_with_game(&game, cert)
}

/// [`check_strategy`] for a game already read (its digest is [`Game::sha256`]).
///
/// # Errors
/// An [`Error`] with `input == Input::Certificate`.
pub fn check_with_game(game: &Game, cert: impl BufRead) -> Result<Verdict, Error> {
    check_with_limits(game, cert, Limits::DEFAULT)
}

/// [`check_with_game`] with other limits on the certificate's size (tests use small
/// ones to reach the limits quickly).
///
/// # Errors
/// An [`Error`] with `input == Input::Certificate`.
pub fn check_with_limits(
    game: &Game,
    cert: impl BufRead,
    limits: Limits,
) -> Result<Verdict, Error> {
    let cert = match read(game, cert, limits)? {
        Ok(cert) => cert,
        Err(verdict) => return Ok(verdict),
    };
    Ok(Replay::new(game, &cert).run())
}

fn err(line: u64, column: u64, message: impl Into<String>) -> Error {
    Error {
        input: Input::Certificate,
        line,
        column,
        message: message.into(),
    }
}

/// What a node says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Move,
    Win,
    Reply,
    Closed,
    Pairing,
    Potential,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Move | Kind::Win => "move",
            Kind::Reply => "reply",
            Kind::Closed => "closed",
            Kind::Pairing => "pairing",
            Kind::Potential => "potential",
        }
    }
}

/// One node: its entries are `cells[cells_at..cells_at + len]` and, for `move` and
/// `reply`, the targets `targets[targets_at..]` (one per cell).
#[derive(Clone, Copy, Debug)]
struct Node {
    id: u32,
    kind: Kind,
    cells_at: u32,
    targets_at: u32,
    len: u32,
}

/// A certificate read, its references resolved: targets are node indices.
struct Certificate {
    winner: Side,
    root: u32,
    nodes: Vec<Node>,
    cells: Vec<u8>,
    targets: Vec<u32>,
}

/// A label that is not a cell of the game, in the table of cells.
const NO_CELL: u8 = u8::MAX;

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
            format!("found '{text}', expected a node id (a decimal integer below 2^32)"),
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
                        format!("found '{label}', expected the label of a cell of the game"),
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
                    format!("found '{extra}', expected nothing more after {what}"),
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
                            "found '{h}', expected the SHA-256 of the game file: 64 lowercase \
                             hexadecimal digits"
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
                    err(line, c, format!("found '{w}', expected maker or breaker"))
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
                format!("found '{other}', expected a statement: game, winner, root or node"),
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
                format!("found '{extra}', expected nothing after `{body}`"),
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
                        "found '{other}', expected the node's body: move, reply, closed, \
                         pairing or potential"
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
fn read(
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
                        format!("found version '{v}', expected `{HEADER}` (version 1)"),
                    ),
                    _ => err(
                        line,
                        1,
                        format!("found '{head}', expected the header line `{HEADER}`"),
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

/// What a node asks of the replay once its rule holds.
enum Step {
    /// Nothing more: a leaf. `win`: Maker's last move was made by `move L win`.
    Leaf { win: bool },
    /// Follow the node's entries, each a move of `mover`.
    Follow { mover: Side },
}

/// The count of every minimal winning set at one position.
#[derive(Default)]
struct Census {
    /// A set Maker owns, if any.
    maker_owns: Option<usize>,
    /// The live sets (no cell of Breaker's), each with its number of free cells.
    live: Vec<(usize, u32)>,
    /// The union of the live sets.
    live_cells: u128,
    /// The free cell of a live set with exactly one free cell, if any.
    threat: Option<u8>,
    /// Whether two live sets with one free cell each have different free cells.
    threats_differ: bool,
}

impl Census {
    /// Recounts every minimal set of `game` at the position (`maker`, `breaker`), from
    /// the sets' cell lists.
    fn take(&mut self, game: &Game, maker: u128, breaker: u128) {
        self.maker_owns = None;
        self.live.clear();
        self.live_cells = 0;
        self.threat = None;
        self.threats_differ = false;
        for &i in game.minimal() {
            let set = &game.sets()[i];
            let mut free = 0u32;
            let mut last_free = 0u8;
            let mut dead = false;
            for &c in &set.cells {
                if breaker >> c & 1 == 1 {
                    dead = true;
                    break;
                }
                if maker >> c & 1 == 0 {
                    free += 1;
                    last_free = c;
                }
            }
            if dead {
                continue;
            }
            if free == 0 {
                self.maker_owns = Some(i);
                return;
            }
            self.live.push((i, free));
            self.live_cells |= set.bits;
            if free == 1 {
                match self.threat {
                    None => self.threat = Some(last_free),
                    Some(t) if t != last_free => self.threats_differ = true,
                    Some(_) => {}
                }
            }
        }
    }

    /// Whether, after Breaker takes the free cell `x`, some live set has exactly one
    /// free cell left: some live set with one free cell does not contain `x`, which
    /// is the case when its free cell is not `x`.
    fn maker_completes_after(&self, x: u8) -> bool {
        self.threats_differ || self.threat.is_some_and(|t| t != x)
    }
}

const UNSEEN: u8 = 0;
const ACTIVE: u8 = 1;
const DONE: u8 = 2;

/// A node on the current line of play, with its entries still to follow.
struct Frame {
    node: usize,
    mover: Side,
    next: usize,
    end: usize,
}

/// The replay of a certificate.
struct Replay<'a> {
    game: &'a Game,
    cert: &'a Certificate,
    state: Vec<u8>,
    pos: Vec<(u128, u128)>,
    start_owned: u32,
    visited: usize,
    depth: usize,
    census: Census,
}

impl<'a> Replay<'a> {
    fn new(game: &'a Game, cert: &'a Certificate) -> Replay<'a> {
        let n = cert.nodes.len();
        Replay {
            game,
            cert,
            state: vec![UNSEEN; n],
            pos: vec![(0, 0); n],
            start_owned: (game.maker() | game.breaker()).count_ones(),
            visited: 0,
            depth: 0,
            census: Census::default(),
        }
    }

    fn id(&self, node: usize) -> u32 {
        self.cert.nodes[node].id
    }

    fn describe(&self, (maker, breaker): (u128, u128)) -> String {
        format!(
            "Maker {}, Breaker {}",
            self.game.describe(maker),
            self.game.describe(breaker)
        )
    }

    fn run(mut self) -> Verdict {
        let mut stack: Vec<Frame> = Vec::new();
        let root = self.cert.root as usize;
        let start = (self.game.maker(), self.game.breaker());
        if let Err(v) = self.enter(root, start, &mut stack) {
            return v;
        }
        while let Some(top) = stack.last_mut() {
            if top.next == top.end {
                self.state[top.node] = DONE;
                stack.pop();
                continue;
            }
            let k = top.next;
            top.next += 1;
            let (parent, mover) = (top.node, top.mover);
            let node = self.cert.nodes[parent];
            let cell = self.cert.cells[node.cells_at as usize + k];
            let child = self.cert.targets[node.targets_at as usize + k] as usize;
            let (m, b) = self.pos[parent];
            let bit = 1u128 << cell;
            let here = match mover {
                Side::Maker => (m | bit, b),
                Side::Breaker => (m, b | bit),
            };
            match self.state[child] {
                UNSEEN => {
                    if let Err(v) = self.enter(child, here, &mut stack) {
                        return v;
                    }
                }
                ACTIVE => {
                    return Verdict::NotAProof {
                        node: self.id(child),
                        reason: format!(
                            "a cycle: node {} leads back to node {}, which is on the line of \
                             play that reached it",
                            self.id(parent),
                            self.id(child)
                        ),
                    };
                }
                _ => {
                    if self.pos[child] != here {
                        return Verdict::NotAProof {
                            node: self.id(child),
                            reason: format!(
                                "reached with two different positions: first with {}, then \
                                 from node {} with {}",
                                self.describe(self.pos[child]),
                                self.id(parent),
                                self.describe(here)
                            ),
                        };
                    }
                }
            }
        }
        Verdict::Proof {
            winner: self.cert.winner,
            nodes: self.visited,
            depth: self.depth,
            unreachable: self.cert.nodes.len() - self.visited,
        }
    }

    /// First arrival at `node` with position `here`: checks its rule, and pushes it
    /// when it has entries to follow.
    fn enter(
        &mut self,
        node: usize,
        here: (u128, u128),
        stack: &mut Vec<Frame>,
    ) -> Result<(), Verdict> {
        self.state[node] = ACTIVE;
        self.pos[node] = here;
        self.visited += 1;
        let moves = ((here.0 | here.1).count_ones() - self.start_owned) as usize;
        self.depth = self.depth.max(moves);
        match self.examine(node, here, moves) {
            Err(reason) => Err(Verdict::NotAProof {
                node: self.id(node),
                reason,
            }),
            Ok(Step::Leaf { win }) => {
                if win {
                    self.depth = self.depth.max(moves + 1);
                }
                self.state[node] = DONE;
                Ok(())
            }
            Ok(Step::Follow { mover }) => {
                let end = match self.cert.nodes[node].kind {
                    Kind::Move => 1,
                    _ => self.cert.nodes[node].len as usize,
                };
                stack.push(Frame {
                    node,
                    mover,
                    next: 0,
                    end,
                });
                Ok(())
            }
        }
    }

    /// The rule of `node` at position (`maker`, `breaker`), `moves` moves after the
    /// start. `Err` is the reason it fails.
    fn examine(
        &mut self,
        node: usize,
        (maker, breaker): (u128, u128),
        moves: usize,
    ) -> Result<Step, String> {
        let game = self.game;
        let n = self.cert.nodes[node];
        let entries = &self.cert.cells[n.cells_at as usize..n.cells_at as usize + n.len as usize];
        let label = |c: u8| game.label(c);
        let winner = self.cert.winner;
        let loser = winner.other();
        let mover = if moves.is_multiple_of(2) {
            game.first()
        } else {
            game.first().other()
        };
        let free = game.all() & !(maker | breaker);
        self.census.take(game, maker, breaker);
        let census = &self.census;
        // A terminal position ends the line of play, whatever the node says.
        if let Some(s) = census.maker_owns {
            return match winner {
                Side::Maker => Ok(Step::Leaf { win: false }),
                Side::Breaker => Err(format!(
                    "Maker owns the whole winning set {} (with {})",
                    game.describe(game.sets()[s].bits),
                    self.describe((maker, breaker))
                )),
            };
        }
        if free == 0 {
            return match winner {
                Side::Breaker => Ok(Step::Leaf { win: false }),
                Side::Maker => Err(format!(
                    "every cell is taken and Maker owns no winning set ({})",
                    self.describe((maker, breaker))
                )),
            };
        }
        match (n.kind, winner) {
            (Kind::Win, Side::Breaker) => {
                return Err(format!(
                    "`move {} win` (a win for Maker) in Breaker's certificate",
                    label(entries[0])
                ));
            }
            (Kind::Closed | Kind::Pairing | Kind::Potential, Side::Maker) => {
                return Err(format!(
                    "`{}` (a leaf for Breaker) in Maker's certificate",
                    n.kind.word()
                ));
            }
            _ => {}
        }
        match n.kind {
            Kind::Move | Kind::Win => {
                if mover != winner {
                    return Err(format!(
                        "{mover} (the loser) is to move, expected `reply`, found `move`"
                    ));
                }
                let c = entries[0];
                if free >> c & 1 == 0 {
                    return Err(format!(
                        "{winner}'s move at {}: the cell is not free",
                        label(c)
                    ));
                }
                if n.kind == Kind::Move {
                    return Ok(Step::Follow { mover: winner });
                }
                let after = maker | 1u128 << c;
                let wins = game
                    .minimal()
                    .iter()
                    .any(|&i| game.sets()[i].bits & !after == 0);
                if wins {
                    Ok(Step::Leaf { win: true })
                } else {
                    Err(format!(
                        "`move {} win`: Maker's move at {} completes no winning set",
                        label(c),
                        label(c)
                    ))
                }
            }
            Kind::Reply => {
                if mover != loser {
                    return Err(format!(
                        "{mover} (the winner) is to move, expected `move`, found `reply`"
                    ));
                }
                let mut answered = 0u128;
                for &c in entries {
                    let bit = 1u128 << c;
                    if free & bit == 0 {
                        return Err(format!(
                            "`reply` answers {loser}'s move at {}, but the cell is not free",
                            label(c)
                        ));
                    }
                    if answered & bit != 0 {
                        return Err(format!("`reply` answers the cell {} twice", label(c)));
                    }
                    answered |= bit;
                }
                let left_out = free & !answered;
                for x in 0..128u8 {
                    if left_out >> x & 1 == 0 {
                        continue;
                    }
                    let dead = census.live_cells >> x & 1 == 0;
                    if dead && answered != 0 {
                        continue;
                    }
                    if winner == Side::Maker && census.maker_completes_after(x) {
                        continue;
                    }
                    let why = if dead {
                        "it is in no live winning set, but no cell is answered"
                    } else {
                        "it is in a live winning set"
                    };
                    return Err(format!(
                        "{loser}'s move at {} is not answered ({why})",
                        label(x)
                    ));
                }
                Ok(Step::Follow { mover: loser })
            }
            Kind::Closed => match census.live.first() {
                Some(&(i, _)) => Err(format!(
                    "`closed`, but the winning set {} is still live",
                    game.describe(game.sets()[i].bits)
                )),
                None => Ok(Step::Leaf { win: false }),
            },
            Kind::Pairing => {
                let mut partner = [NO_CELL; 128];
                let mut used = 0u128;
                for pair in entries.chunks_exact(2) {
                    let (a, b) = (pair[0], pair[1]);
                    if a == b {
                        return Err(format!("`pairing` pairs the cell {} with itself", label(a)));
                    }
                    for x in [a, b] {
                        let bit = 1u128 << x;
                        if free & bit == 0 {
                            return Err(format!("`pairing`: the cell {} is not free", label(x)));
                        }
                        if used & bit != 0 {
                            return Err(format!(
                                "`pairing`: the cell {} is in two pairs",
                                label(x)
                            ));
                        }
                        used |= bit;
                    }
                    partner[usize::from(a)] = b;
                    partner[usize::from(b)] = a;
                }
                for &(i, _) in &census.live {
                    let set = &game.sets()[i];
                    let holds_pair = set.cells.iter().any(|&c| {
                        let p = partner[usize::from(c)];
                        p != NO_CELL && set.bits >> p & 1 == 1
                    });
                    if !holds_pair {
                        return Err(format!(
                            "`pairing`: the live winning set {} contains no pair",
                            game.describe(set.bits)
                        ));
                    }
                }
                Ok(Step::Leaf { win: false })
            }
            Kind::Potential => {
                // Σ count[f]·2^(−f) as a binary number: `carry` is its integer part
                // after the loop, `half` its digit of weight 1/2.
                let mut count = [0u64; 129];
                for &(_, f) in &census.live {
                    count[f as usize] += 1;
                }
                let mut carry = 0u64;
                let mut half = 0u64;
                for f in (1..=128).rev() {
                    let v = count[f] + carry;
                    if f == 1 {
                        half = v & 1;
                    }
                    carry = v >> 1;
                }
                let (below, bound) = match mover {
                    Side::Breaker => (carry == 0, "1"),
                    Side::Maker => (carry == 0 && half == 0, "1/2"),
                };
                if below {
                    Ok(Step::Leaf { win: false })
                } else {
                    Err(format!(
                        "`potential`: the sum of 2^(-f) over the {} live winning sets (f: its \
                         free cells) is not below {bound} with {mover} to move",
                        census.live.len()
                    ))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEVEN: &str = "# Maker wins, but only by opening at 1\ngame seven\nfirst maker\n\
                         cells 1 2 3 4 5 6 7\nset 5 6\nset 1 2 4\nset 1 2 5\nset 1 3 6\nset 1 3 7\n";

    fn seven_cert(hash: &str) -> String {
        format!(
            "amoba-strategy 1\ngame {hash}\nwinner maker\nroot 0\nnode 0 move 1 1\n\
             node 1 reply 2 2 3 3 4 4 5 5 6 6 7 7\nnode 2 move 3 8\nnode 3 move 2 9\n\
             node 4 move 3 10\nnode 5 move 3 11\nnode 6 move 2 12\nnode 7 move 2 13\n\
             node 8 reply\nnode 9 reply\nnode 10 reply\nnode 11 reply\nnode 12 reply\n\
             node 13 reply\n"
        )
    }

    fn check(game: &str, cert: &str) -> Result<Verdict, Error> {
        check_strategy(game.as_bytes(), cert.as_bytes())
    }

    fn hash(game: &str) -> String {
        super::super::sha256_hex(game.as_bytes())
    }

    #[test]
    fn the_worked_example_is_a_proof() {
        let v = check(SEVEN, &seven_cert(&hash(SEVEN))).unwrap();
        assert_eq!(
            v,
            Verdict::Proof {
                winner: Side::Maker,
                nodes: 14,
                depth: 3,
                unreachable: 0
            }
        );
    }

    #[test]
    fn a_wrong_hash_is_not_a_proof() {
        let v = check(SEVEN, &seven_cert(&"0".repeat(64))).unwrap();
        assert!(
            matches!(v, Verdict::NotAProof { node: 0, ref reason } if reason.contains("SHA-256"))
        );
    }

    #[test]
    fn an_unanswered_threat_is_not_a_proof() {
        let cert = seven_cert(&hash(SEVEN)).replace("reply 2 2 3 3", "reply 3 3");
        let v = check(SEVEN, &cert).unwrap();
        assert_eq!(
            v,
            Verdict::NotAProof {
                node: 1,
                reason: "Breaker's move at 2 is not answered (it is in a live winning set)".into()
            }
        );
    }

    #[test]
    fn maker_owning_a_set_at_the_start_needs_nothing_more() {
        let game = "first breaker\ncells a b c\nset a b\nmaker a b\n";
        let h = hash(game);
        let ok = format!("amoba-strategy 1\ngame {h}\nwinner maker\nroot 7\nnode 7 reply\n");
        assert!(matches!(
            check(game, &ok),
            Ok(Verdict::Proof {
                nodes: 1,
                depth: 0,
                ..
            })
        ));
        let bad = ok.replace("winner maker", "winner breaker");
        assert!(matches!(
            check(game, &bad),
            Ok(Verdict::NotAProof { node: 7, .. })
        ));
    }

    #[test]
    fn potential_is_exact() {
        // Two disjoint sets of two free cells: Σ = 1/2, not below 1/2 with Maker to
        // move, below 1 with Breaker to move.
        for (first, proof) in [("maker", false), ("breaker", true)] {
            let game = format!("first {first}\ncells a b c d\nset a b\nset c d\n");
            let h = hash(&game);
            let cert =
                format!("amoba-strategy 1\ngame {h}\nwinner breaker\nroot 0\nnode 0 potential\n");
            let v = check(&game, &cert).unwrap();
            assert_eq!(matches!(v, Verdict::Proof { .. }), proof, "{first}: {v:?}");
        }
    }

    #[test]
    fn potential_carries_exactly() {
        // 1/2 + 1/4 + 1/8 + 1/8 = 1: not below 1; without the last set, 7/8: below 1
        // with Breaker to move, not below 1/2 with Maker to move.
        let sets = "set a\nset b c\nset d e f\nset g h i\n";
        for (first, drop, proof) in [
            ("breaker", false, false),
            ("breaker", true, true),
            ("maker", true, false),
        ] {
            let sets = if drop {
                sets.replace("set g h i\n", "")
            } else {
                sets.into()
            };
            let game = format!("first {first}\ncells a b c d e f g h i\n{sets}");
            let h = hash(&game);
            let cert =
                format!("amoba-strategy 1\ngame {h}\nwinner breaker\nroot 0\nnode 0 potential\n");
            let v = check(&game, &cert).unwrap();
            assert_eq!(
                matches!(v, Verdict::Proof { .. }),
                proof,
                "{first} {drop}: {v:?}"
            );
        }
    }

    #[test]
    fn limits_are_enforced() {
        let game = Game::parse(SEVEN.as_bytes()).unwrap();
        let cert = seven_cert(game.sha256());
        let small = |bytes, nodes, line| Limits { bytes, nodes, line };
        let e = check_with_limits(&game, cert.as_bytes(), small(100, 100, 100)).unwrap_err();
        assert!(e.message.contains("larger than 100 bytes"), "{e}");
        let e = check_with_limits(&game, cert.as_bytes(), small(1 << 20, 5, 100)).unwrap_err();
        assert_eq!((e.line, e.column), (10, 6), "{e}");
        let e = check_with_limits(&game, cert.as_bytes(), small(1 << 20, 100, 68)).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(check_with_limits(&game, cert.as_bytes(), small(1 << 20, 14, 69)).is_ok());
    }

    #[test]
    fn malformed_certificates() {
        let h = hash(SEVEN);
        let good = seven_cert(&h);
        let at = |cert: &str| {
            let e = check(SEVEN, cert).unwrap_err();
            assert_eq!(e.input, Input::Certificate);
            (e.line, e.column)
        };
        assert_eq!(at(""), (1, 1));
        assert_eq!(
            at(&good.replacen("amoba-strategy 1", "amoba-strategy 2", 1)),
            (1, 16)
        );
        assert_eq!(at(&format!("{good}amoba-strategy 1\n")), (19, 1));
        assert_eq!(at(&format!("{good}node 3 closed\n")), (19, 6));
        assert_eq!(at(&good.replace("node 13 reply\n", "")), (12, 15));
        assert_eq!(at(&good.replace("move 2 12", "move 9 12")), (11, 13));
        assert_eq!(at(&good.replace("root 0\n", "")), (1, 1));
        assert_eq!(at(&format!("{good}root 0\n")), (19, 1));
        assert_eq!(at(&good.replace("move 1 1", "move 1")), (5, 14));
        assert_eq!(at(&good.replace("move 1 1", "move 1 1 2")), (5, 17));
        assert_eq!(at(&good.replace("reply 2 2", "reply 2")), (6, 35));
        assert_eq!(at(&good.replace("node 8 reply", "node 8 replies")), (13, 8));
        assert_eq!(
            at(&good.replace("node 8 reply", "node 4294967296 reply")),
            (13, 6)
        );
        assert_eq!(at(&good.replace(&h, &h.to_uppercase())), (2, 6));
        assert_eq!(at(&good.replace("winner maker", "winner nobody")), (3, 8));
    }
}
