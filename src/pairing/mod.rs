//! The pairing engine: every good pairing of a board, its symmetry class, the
//! catalogue of classes and the graph of the pairing move (docs/spec.md §2–§9).
//!
//! * [`search`] — the exact-cover search over bit sets with symmetry pruning,
//!   sharding, partial counts and estimates;
//! * [`symmetry`] — symmetries, canonical forms, stabilisers, the 8×8 class keys;
//! * [`catalogue`] — the catalogue file, the census of labelled pairings, the
//!   enumeration pipeline, part files and their merge;
//! * [`graph`] — the move, the pairing graph (CSR), BFS, exact diameters, cycle
//!   structure, the analysis, the questions of query/path/select and their index;
//! * [`scan`] — one game on every period lattice up to an index, each searched for a
//!   tight pairing.
//!
//! It uses [`crate::core`] and [`crate::solvers`].

pub mod catalogue;
pub mod graph;
pub mod scan;
pub mod search;
pub mod symmetry;
