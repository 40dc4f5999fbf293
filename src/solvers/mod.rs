//! Generic solvers without a domain: they know sets and columns, not boards.
//!
//! * [`dlx`] — exact cover by dancing links (Knuth's Algorithm X), used by the tight
//!   placements;
//! * [`bits`] — fixed- and variable-width bit sets, the representation of the pairing
//!   search.
//!
//! Nothing here imports another module of amoba.

pub mod bits;
pub mod dlx;
