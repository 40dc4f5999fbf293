//! `amoba serve`: a local web explorer of the catalogue and the pairing graph.
//!
//! # What it serves
//!
//! One page (HTML, CSS and JavaScript compiled into the binary with `include_str!`: no
//! CDN, no file read at run time, nothing fetched from the network) and the JSON API
//! it calls. The page's addresses are stable, so a class can be bookmarked or cited:
//!
//! | page | what it shows |
//! |---|---|
//! | `/pairing/ID` | the drawing (a hexagonal board on the hexagonal grid), canonical form, kind (`8-toroidal`, …), stabiliser, component, degree, place in the graph; each neighbour with its move, the slid dominoes highlighted |
//! | `/path?from=A&to=B` | a shortest path, stepped through, the dominoes of each move highlighted |
//! | `/select?…` | the classes passing `amoba select`'s filters, a page at a time |
//! | `/verify` | a pasted candidate (any form `amoba verify` reads): the verdict, the malformed text lines and the wrong board lines highlighted |
//! | `/graph`, `/component/C`, `/neighbourhood/ID?radius=R` | the components; a small one drawn whole; the ball of radius R around a vertex |
//! | `/placement` | a periodic t-placement (pasted, or one of the samples of `data/placements/`, compiled in): the verdict of `amoba verify --placements`, its unblocked winning sets, and the picture `amoba show --placement` draws |
//! | `/game` | a Maker–Breaker game (a sample or a pasted game file) solved: the winner, every first move's value; then played against the solver from either side (each position solved on request, the solver answering with a move its side wins after, each free cell showing who wins after it) |
//! | `/strategy` | a game file and a strategy certificate (pasted, or written by the solver for the game): the verdict of `amoba verify --strategy`, then the strategy walked through on the board — the winner's moves made, the loser's chosen among those the certificate answers or leaves to the checker's own rule (Maker completing a set at once), each leaf with its rule |
//!
//! Every page takes `?board=NAME` for another built-in board (the served one is the
//! default). The API under `/api/` answers with the documents the command line
//! prints with `--json` where one exists ([`crate::report::query::QueryDoc`] of
//! `amoba query`, [`crate::report::query::PathDoc`] of `amoba path`,
//! [`crate::verify::VerifyDoc`] of `amoba verify`,
//! [`crate::game::decide::SolveDoc`] of `amoba solve`,
//! [`crate::placement::verify::PlacementsDoc`] of `amoba verify --placements`,
//! [`crate::report::strategy_check::Document`] of `amoba verify --strategy`, the rows
//! of `amoba select`), computed by the same library calls
//! ([`crate::report::query::Answers`], [`crate::verify::check_text`],
//! [`crate::placement::verify::GameChoice::check`],
//! [`crate::report::strategy_check::Checked`]); every picture is an SVG of
//! [`crate::report::draw`], [`crate::report::placement`] or
//! [`crate::report::plot::graph_drawing`], downloadable as
//! it is. FORMATS.md (*The explorer's API*) lists the endpoints.
//!
//! # Invariants
//!
//! * **Read-only.** No request changes what is served: the catalogues and graphs are
//!   loaded once (the served board's before the address is printed, another board's
//!   at its first request, as every command loads them: from `results/` or the cache,
//!   enumerated and indexed into the cache when missing, the only files the server
//!   ever writes) and only read afterwards.
//! * **Loopback by default.** The server listens on 127.0.0.1 unless `--bind` names
//!   another address; port 0 picks a free port. The address is printed on stderr once
//!   the served board is loaded, so a caller that reads it can connect at once. On a
//!   loopback address a request must name a loopback host (`127.0.0.1`, `localhost`,
//!   `[::1]`) in its `Host` header, or it is refused (403): a web page elsewhere cannot
//!   read the explorer through a name that it points at 127.0.0.1 (DNS rebinding).
//! * **No file of the machine is reachable.** Only the routes below exist; any other
//!   path, `..` included, is a 404 with a JSON error. No route maps a path to a file.
//! * **Limits.** A request body is at most [`MAX_BODY`] bytes (413 beyond), a pasted
//!   text at most [`MAX_PASTED_PAIRINGS`] pairings, a page of `select` at most
//!   [`MAX_PER_PAGE`] rows, a drawn graph at most [`MAX_DRAWN`] vertices, a
//!   neighbourhood radius at most [`MAX_RADIUS`], a game one search of at most
//!   [`MAX_GAME_NODES`] nodes per position with a table of [`GAME_MEMORY_MIB`] MiB, a
//!   placement picture at most [`MAX_PLACEMENT_WINDOW`] cells a side,
//!   one game at a time (503 while another is being solved). Computations run on the blocking
//!   pool, so a slow one does not hold up the others.
//! * **Errors are JSON.** Every failure is a 4xx (the request's fault: a bad ID, a
//!   malformed pairing, an unknown board, a body too large) or a 500 (the catalogue
//!   and graph disagree) with the body `{"error": "…"}`; bad input never ends the
//!   server.

mod api;

use crate::core::board::Board;
use crate::report::query::Answers;
use crate::verify::Classes;
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 1 << 20;
/// The most pairings one pasted text may hold.
pub const MAX_PASTED_PAIRINGS: usize = 1000;
/// The most rows of one page of a selection.
pub const MAX_PER_PAGE: usize = 500;
/// The most vertices of a drawn graph (a component or a neighbourhood).
pub const MAX_DRAWN: usize = 300;
/// The largest radius of a neighbourhood.
pub const MAX_RADIUS: usize = 8;
/// The most nodes of each search of a game solved on request (beyond it the answer
/// is "not decided", as `amoba solve --node-limit` says it).
pub const MAX_GAME_NODES: u64 = 2_000_000;
/// The largest window of a placement picture, in cells a side (a picture of `n × n`
/// cells has a few elements a cell).
pub const MAX_PLACEMENT_WINDOW: usize = 96;
/// MiB of transposition table of each search of a game solved on request.
pub const GAME_MEMORY_MIB: usize = 64;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The served board has no catalogue or graph, or they cannot be loaded.
    #[error("board {board}: {message}")]
    Board {
        /// The board.
        board: String,
        /// Why.
        message: String,
    },
    /// The address cannot be listened on.
    #[error(
        "cannot listen on {addr} (choose another address with --port, 0 = any free port, or \
         --bind)"
    )]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The server failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// What `amoba serve` was asked for.
#[derive(Clone, Debug)]
pub struct Config {
    /// The board served by default.
    pub board: Board,
    /// Its catalogue, if not where every command finds it.
    pub catalogue: Option<PathBuf>,
    /// The address to listen on.
    pub bind: IpAddr,
    /// The port (0 = a free one).
    pub port: u16,
    /// The command line, for the provenance of the documents.
    pub command: String,
}

/// One board's answers and verifier state, loaded once.
pub(crate) struct Loaded {
    pub(crate) answers: Answers,
    /// The verifier's classifying state (it loads its catalogue at the first good
    /// pairing, hence the lock).
    pub(crate) classes: Mutex<Classes>,
}

/// The state every request reads.
pub(crate) struct App {
    /// The served board's name.
    pub(crate) default: String,
    /// Every board the explorer offers, by name, loaded at first use.
    pub(crate) boards: BTreeMap<String, BoardSlot>,
    pub(crate) command: String,
    /// Whether requests must name a loopback host (the server listens on loopback).
    pub(crate) loopback: bool,
    /// Held by the one game being solved ([`MAX_GAME_NODES`]).
    pub(crate) solving: Mutex<()>,
}

/// A board the explorer offers, and its data once loaded (or why it cannot be).
pub(crate) struct BoardSlot {
    pub(crate) board: Board,
    pub(crate) catalogue: Option<PathBuf>,
    /// Why the board has no catalogue or graph, when it has none.
    pub(crate) unavailable: Option<String>,
    pub(crate) loaded: OnceLock<Result<Arc<Loaded>, String>>,
}

fn note(s: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "amoba: {s}");
}

impl BoardSlot {
    fn new(board: Board, catalogue: Option<PathBuf>) -> BoardSlot {
        let unavailable = crate::pairing::graph::no_graph_reason(&board).or_else(|| {
            match crate::check::pairing::Geometry::new(&board) {
                Ok(g) => crate::verify::no_catalogue_reason(&g),
                Err(e) => Some(e.to_string()),
            }
        });
        BoardSlot {
            board,
            catalogue,
            unavailable,
            loaded: OnceLock::new(),
        }
    }

    /// The board's data, loading it at the first call.
    pub(crate) fn get(&self, command: &str) -> Result<Arc<Loaded>, String> {
        if let Some(why) = &self.unavailable {
            return Err(format!("board {}: {why}", self.board.name()));
        }
        self.loaded
            .get_or_init(|| {
                let answers = Answers::open(
                    self.board.clone(),
                    self.catalogue.as_deref(),
                    command,
                    &note,
                )
                .map_err(|e| crate::core::io::error_chain(&e))?;
                let classes = Classes::new(
                    self.board.clone(),
                    self.catalogue.as_deref(),
                    None,
                    true,
                    note,
                )
                .map_err(|e| crate::core::io::error_chain(&e))?;
                Ok(Arc::new(Loaded {
                    answers,
                    classes: Mutex::new(classes),
                }))
            })
            .clone()
    }
}

/// Runs the explorer until the process is stopped: loads the served board, binds the
/// address, calls `ready` with the URL (the command prints it on stderr) and serves.
///
/// # Errors
///
/// The served board has no catalogue or graph or they cannot be loaded; the address
/// cannot be bound.
pub fn run(config: Config, ready: impl FnOnce(&str)) -> Result<(), ServeError> {
    let default = config.board.name().to_string();
    let mut boards = BTreeMap::new();
    for name in Board::NAMES {
        if name == default {
            continue;
        }
        if let Ok(b) = Board::by_name(name) {
            boards.insert(name.to_string(), BoardSlot::new(b, None));
        }
    }
    boards.insert(
        default.clone(),
        BoardSlot::new(config.board.clone(), config.catalogue.clone()),
    );
    let app = Arc::new(App {
        default: default.clone(),
        boards,
        command: config.command.clone(),
        loopback: config.bind.is_loopback(),
        solving: Mutex::new(()),
    });
    // The served board is loaded before the address is printed.
    app.boards[&default]
        .get(&app.command)
        .map_err(|message| ServeError::Board {
            board: default.clone(),
            message,
        })?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(config.bind, config.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| ServeError::Bind { addr, source })?;
        let addr = listener.local_addr()?;
        ready(&format!("http://{addr}/"));
        axum::serve(listener, api::router(app)).await?;
        Ok(())
    })
}
