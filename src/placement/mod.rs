//! The placement engine: cookies (line-connected blocks) and the tight placements of
//! them on a periodic board (docs/spec.md §10).
//!
//! * [`cookie`] — cookies of a game, their scores and blocking numbers, the census,
//!   peeling and growth;
//! * [`tight`] — tight placements: an exact cover of cells and lines by translates of
//!   cookies, solved by dancing links;
//! * [`covering`] — placements that may waste blocks, when a tight one cannot exist;
//! * [`verify`] — `amoba verify --placements`: the game each placement file is checked
//!   against, and the document of a run.
//!
//! It uses [`crate::core`], [`crate::solvers`] and the checker [`crate::check`].

pub mod cookie;
pub mod covering;
pub mod tight;
pub mod verify;
