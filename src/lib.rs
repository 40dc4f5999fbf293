//! amoba: exhaustive search of pairing strategies for k-in-a-row games, tight
//! placements of cookies, and finite Maker–Breaker games.
//!
//! The crate is a house for three engines on a shared core. Each top-level module uses
//! only the modules listed before it (`tests/layout.rs` holds the table and checks
//! every `crate::` path of `src/` against it):
//!
//! 1. [`core`] — board data: the periodic board (lattice, directions, lines, point
//!    group), pairings and their text forms, atomic file output ([`core::io`]), the
//!    provenance block every JSON file opens with ([`core::provenance`]), and the
//!    verdict of one search that the engines share ([`core::verdict`]). It imports
//!    nothing of the engines.
//! 2. [`solvers`] — generic machinery without a domain: exact cover by dancing links
//!    ([`solvers::dlx`]) and the bit sets of the pairing search ([`solvers::bits`]).
//! 3. [`check`] — the independent checkers: candidate pairings and placements,
//!    strategy certificates. They read board data only and share no code with an engine;
//!    every find of an engine passes through them by one path ([`check::certify`]).
//! 4. [`pairing`] — the pairing engine: the exact-cover search, sharding and estimates
//!    ([`pairing::search`]), symmetries and canonical forms ([`pairing::symmetry`]), the
//!    catalogue and the enumeration pipeline ([`pairing::catalogue`]), the pairing
//!    graph and its analysis ([`pairing::graph`]), lattice scans ([`pairing::scan`]).
//! 5. [`placement`] — the placement engine: cookies, their census, peeling and growth
//!    ([`placement::cookie`]), tight placements by dancing links
//!    ([`placement::tight`]), coverings that may waste blocks ([`placement::covering`]),
//!    the inputs of a question checked ([`placement::setup`]), one lattice's search as
//!    a certified verdict ([`placement::engine`]), the blocking numbers `d_t(k)`
//!    ([`placement::blocking`]), the k-versus-t table ([`placement::table`]), and
//!    `amoba verify --placements` ([`placement::verify`]: the game each placement is
//!    checked against by [`check`]).
//! 6. [`game`] — the Maker–Breaker engine: game files, generators of the strip boards
//!    of 7-in-a-row, the proof-number search, the winner's certificate (docs/spec.md
//!    §11), and one search split over jobs and merged ([`game::shard`]). It uses
//!    [`core`] only to turn a periodic board into a game, and to write.
//! 7. [`verify`] — what `amoba verify` adds to a checked pairing: its class, catalogue
//!    ID and graph facts.
//! 8. [`report`] — what is written: tables, exports, plots and drawings, and whether
//!    an enumeration is within reach before it starts ([`report::reach`]).
//! 9. [`serve`] — the local web explorer (`amoba serve`): a read-only HTTP view of the
//!    catalogue, the graph and the verifier, through [`report::query`] and [`verify`].
//!
//! The `amoba` binary (`src/main.rs`, one file per subcommand in `src/cmd/`, and the
//! options and functions they share in `src/cmd/args.rs` and `src/cmd/shared.rs`) only
//! parses arguments, calls these and prints.

pub mod core;
pub mod solvers;

pub mod check;

pub mod pairing;
pub mod placement;

pub mod game;

pub mod verify;

pub mod report;
pub mod serve;
