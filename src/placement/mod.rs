//! The placement engine: cookies (line-connected blocks) and the tight placements of
//! them on a periodic board (docs/spec.md §10).
//!
//! * [`cookie`] — cookies of a game, their scores and blocking numbers, the census,
//!   peeling and growth;
//! * [`tight`] — tight placements: an exact cover of cells and lines by translates of
//!   cookies, solved by dancing links;
//! * [`covering`] — placements that may waste blocks, when a tight one cannot exist;
//! * [`setup`] — the inputs of a placement question, checked: directions, `k`, `t`, a
//!   lattice, the census's budget;
//! * [`engine`] — one lattice's search as a question with a [`crate::core::verdict`]:
//!   which engine answers, and every placement found passed through the checker
//!   ([`crate::check::certify`]);
//! * [`route`] — which engine answers a question asked with `--t` of `search`,
//!   `enumerate` and `scan`, the options refused, and the question's exit status;
//! * [`blocking`] — the largest blocking numbers `d_t(k)` and their linear forms
//!   (`amoba blocking`);
//! * [`table`] — the k-versus-t table of good t-placements, each entry decided by an
//!   argument (`amoba placement-table`);
//! * [`verify`] — `amoba verify --placements`: the game each placement file is checked
//!   against, and the document of a run.
//!
//! It uses [`crate::core`], [`crate::solvers`] and the checker [`crate::check`].

pub mod blocking;
pub mod cookie;
pub mod covering;
pub mod engine;
pub mod route;
pub mod setup;
pub mod table;
pub mod tight;
pub mod verify;
