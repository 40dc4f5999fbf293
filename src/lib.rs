//! amoba: exhaustive search of pairing strategies for k-in-a-row games.
//!
//! The modules follow the pipeline: board geometry ([`board`]) → search ([`search`])
//! → symmetry and canonical form ([`symmetry`]) → pairings and text formats
//! ([`pairing`]), the catalogue ([`catalogue`]) and what it implies ([`census`]).
//! `../shared/SPEC.md` is the contract; each module names the section it implements.

pub mod board;
pub mod catalogue;
pub mod census;
pub mod enumerate;
pub mod graph;
pub mod io;
pub mod moves;
pub mod pairing;
pub mod report;
pub mod search;
pub mod symmetry;
