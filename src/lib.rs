//! amoba: exhaustive search of pairing strategies for k-in-a-row games.
//!
//! The modules follow the pipeline, each stage using only the stages before it:
//!
//! 1. [`board`] — geometry: the periodic board (lattice, directions, lines, point
//!    group), pairings of it and their text forms;
//! 2. [`search`] — the exact-cover search over bit sets, sharding, estimates;
//! 3. [`symmetry`] — symmetries, canonical forms, class keys;
//! 4. [`catalogue`] — the catalogue of classes, its file format, the census of
//!    labelled pairings, the enumeration pipeline;
//! 5. [`graph`] — the pairing move, the pairing graph and its analysis;
//! 6. [`verify`] — the stand-alone checker of candidate pairings;
//! 7. [`output`] — reports, exports, plots and drawings.
//!
//! Beside the pipeline, the third engine: [`game`] decides finite Maker–Breaker games
//! (game files, generators of the strip boards of 7-in-a-row, the proof-number search,
//! the winner's certificate; docs/spec.md §11). It uses [`board`] only to turn a
//! periodic board into a game, and [`io`] and [`provenance`]. [`check`] replays its
//! strategy certificates with readers and rules of its own, sharing no code with the
//! solver: it imports nothing of amoba.
//!
//! [`serve`] is the local web explorer (`amoba serve`): a read-only HTTP view of the
//! catalogue, the graph and the verifier, through [`output::query`] and [`verify`].
//!
//! [`io`] (atomic file output) and [`provenance`] (the block every JSON file opens
//! with) serve every stage. The `amoba` binary (`src/main.rs`,
//! one file per subcommand in `src/cmd/`) only parses arguments and calls these.

pub mod io;
pub mod provenance;

pub mod board;
pub mod catalogue;
pub mod check;
pub mod game;
pub mod graph;
pub mod output;
pub mod search;
pub mod serve;
pub mod symmetry;
pub mod verify;
