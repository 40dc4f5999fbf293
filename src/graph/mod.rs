//! The pairing move and the pairing graph: construction ([`build`], from the moves of
//! [`moves`]), breadth-first search ([`bfs`]), exact diameters ([`diameter`]), cycle
//! structure ([`structure`]) and the analysis that gathers them ([`analysis`]).

pub mod analysis;
pub mod bfs;
pub mod build;
pub mod diameter;
pub mod moves;
pub mod structure;

pub use build::{BuildStats, GraphError, Naming, PairingGraph};
