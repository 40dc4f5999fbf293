//! The placement engine: cookies (line-connected blocks) and the tight placements of
//! them on a periodic board (docs/spec.md §10).
//!
//! * [`cookie`] — cookies of a game, their scores and blocking numbers, the census,
//!   peeling and growth;
//! * [`tight`] — tight placements: an exact cover of cells and lines by translates of
//!   cookies, solved by dancing links;
//! * [`covering`] — placements that may waste blocks, when a tight one cannot exist.
//!
//! It uses [`crate::core`] and [`crate::solvers`].

pub mod cookie;
pub mod covering;
pub mod tight;
