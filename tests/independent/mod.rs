//! Second implementations of the headline computations, written from the definitions
//! of board, pairing, symmetry and move, and sharing no code with the engine: no
//! `amoba::` item is used here.
//! The test files use the library only to obtain what is checked (catalogues, graphs,
//! the census) and compare it with these.
//!
//! * [`count8`]: the labelled good pairings of a four-direction game on the 8×8 torus
//!   (9-in-a-row, the knight game) containing given dominoes, or fixed by one
//!   symmetry (for Burnside's lemma), by backtracking over the lowest free cell on
//!   bitboards of its own.
//! * [`torus`]: pairings of small square tori as plain grids of codes: goodness,
//!   images, the brute-force canonical form, and the move slide by slide.
//! * [`cookies`]: cookies of the plane, their blocking numbers, and tight placements
//!   on small lattices and squares, by brute force over subsets and placements.
//! * [`minimax`]: Maker–Breaker games on small hypergraphs by plain minimax, their
//!   game files, and strategy certificates built from the minimax table.
#![allow(dead_code)]

pub mod cookies;
pub mod count8;
pub mod minimax;
pub mod torus;
