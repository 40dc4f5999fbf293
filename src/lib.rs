//! amoba: exhaustive search of pairing strategies for k-in-a-row games.
//!
//! The modules follow the pipeline: board geometry ([`board`], with the bit sets of
//! [`bits`]) → search ([`search`], sharded by [`shard`])
//! → symmetry and canonical form ([`symmetry`], class keys of the 8×8 torus in
//! [`torus8`]) → pairings and text formats
//! ([`pairing`]), the catalogue ([`catalogue`]) and what it implies ([`census`]) →
//! moves ([`moves`]) → the graph ([`graph`]) and its analysis ([`analysis`]) → reports
//! and exports ([`report`], [`plot`], [`export`], [`pipeline`]). The enumeration
//! pipeline is [`enumerate`]; the stand-alone checker of candidate files is
//! [`verify`].
//! `../shared/SPEC.md` is the contract; each module names the section it implements.

pub mod analysis;
pub mod bits;
pub mod board;
pub mod catalogue;
pub mod census;
pub mod draw;
pub mod enumerate;
pub mod export;
pub mod graph;
pub mod io;
pub mod moves;
pub mod pairing;
pub mod pipeline;
pub mod plot;
pub mod report;
pub mod search;
pub mod shard;
pub mod symmetry;
pub mod torus8;
pub mod verify;
