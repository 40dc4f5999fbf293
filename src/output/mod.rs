//! What the engine writes: the published-beside-computed tables ([`table`]), the
//! result files of the graph stage and the reports ([`results`]), the graph exports
//! ([`export`]), charts ([`plot`]), drawings of pairings ([`draw`]) and the figure set
//! kept in `results/` ([`figures`]).

pub mod blocks;
pub mod draw;
pub mod export;
pub mod figures;
pub mod plot;
pub mod results;
pub mod scan;
pub mod summary;
pub mod table;
