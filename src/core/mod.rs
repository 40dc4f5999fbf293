//! The core every engine stands on: board data and the plumbing of files.
//!
//! * [`board`] — the periodic board (lattice, directions, lines, point group), the
//!   built-in and published boards, pairings and their text forms;
//! * [`io`] — atomic file output and the error chain every command prints;
//! * [`provenance`] — the block every JSON document opens with, the command line;
//! * [`text`] — numbers in running text (`194,543 classes`);
//! * [`verdict`] — what one search concluded: found (checked), none (proved, or among
//!   restricted candidates), unknown (a limit hit); shared by the engines.
//!
//! Nothing here imports an engine (`pairing`, `placement`, `game`), a checker or a
//! report: it is plain data and its rules.

pub mod board;
pub mod io;
pub mod provenance;
pub mod text;
pub mod verdict;
