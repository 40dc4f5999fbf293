//! What the engine writes: the published-beside-computed tables ([`table`]), the
//! result files of the graph stage and the reports ([`results`]), the graph exports
//! ([`export`]), charts ([`plot`]), drawings of pairings ([`draw`]), the figure set
//! kept in `results/` ([`figures`]), the files of an enumeration and where its summary
//! goes ([`enumerate`]), the documents of lattice scans ([`scan`]), of
//! class counts without a catalogue ([`count`]) and of the questions asked of the
//! catalogue and the graph ([`query`]), the pairing `amoba show` draws and its picture
//! ([`show`]), whether an enumeration is within reach before it starts ([`reach`]), the
//! table of the largest blocking numbers of cookies ([`blocking`]), the k-versus-t
//! table of good placements ([`placement_table`]), the lines of the covering search
//! ([`covering`]), the progress display of long runs ([`progress`]), the text of a game search ([`solve`]) and the documents of a split
//! one ([`solve_parts`]), where a command's reports, documents and products go
//! ([`output`]), what `amoba directions` says of a set of directions
//! ([`directions`]), the totals of `amoba verify` ([`verify`]), the check of a strategy
//! certificate and its verdict ([`strategy_check`]), the sentences of the searches
//! for tight placements ([`tight`]), and the answer of a search for one pairing or
//! placement with its JSON document ([`search_doc`]).

pub mod blocking;
pub mod blocks;
pub mod count;
pub mod covering;
pub mod directions;
pub mod draw;
pub mod enumerate;
pub mod export;
pub mod figures;
pub mod output;
pub mod placement;
pub mod placement_table;
pub mod plot;
pub mod progress;
pub mod query;
pub mod reach;
pub mod results;
pub mod scan;
pub mod search_doc;
pub mod show;
pub mod solve;
pub mod solve_parts;
pub mod strategy_check;
pub mod summary;
pub mod table;
pub mod tight;
pub mod verify;

/// Why shard documents cannot be merged.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct MergeError(pub String);

/// Checks that `parts` (file name, document) are the shards `I/N`, `I = 0 … N−1`, of
/// one computation, each exactly once: `shard(d)` is a document's `"I/N"` (`None` for
/// a whole computation), and `same(first, d)` says whether `d` belongs with the first
/// document (`what` names the difference in the message). *Returns* `N`.
pub fn check_shards<D>(
    parts: &[(String, D)],
    shard: impl Fn(&D) -> Option<&str>,
    same: impl Fn(&D, &D) -> bool,
    what: &str,
) -> Result<usize, MergeError> {
    let Some((first_name, first)) = parts.first() else {
        return Err(MergeError("no shard documents to merge".into()));
    };
    let shard_of = |name: &str, d: &D| -> Result<crate::pairing::search::Shard, MergeError> {
        shard(d)
            .ok_or_else(|| MergeError(format!("{name}: key `shard`: not a shard (null)")))?
            .parse()
            .map_err(|e| MergeError(format!("{name}: key `shard`: {e}")))
    };
    let count = shard_of(first_name, first)?.count;
    let mut seen = vec![false; count];
    for (name, d) in parts {
        let sh = shard_of(name, d)?;
        if sh.count != count {
            return Err(MergeError(format!(
                "{name}: key `shard`: is {sh}, but the first shard is of {count}"
            )));
        }
        if !same(first, d) {
            return Err(MergeError(format!(
                "{name}: not a shard of the same {what} as {first_name}"
            )));
        }
        if std::mem::replace(&mut seen[sh.index], true) {
            return Err(MergeError(format!("{name}: shard {sh} appears twice")));
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        return Err(MergeError(format!("shard {missing}/{count} is missing")));
    }
    Ok(count)
}
