//! Sharding: a deterministic part of the search tree, for clusters (see FORMATS.md,
//! *Part files*, and `crate::pairing::catalogue::parts`).

/// The most shards a search may be cut into: more than the frontier of any board has
/// subtrees (4,778 on the 8×8 torus), so a shard count beyond it is a mistake, and a
/// merge allocates per shard.
pub const MAX_SHARDS: usize = 1 << 16;

/// A deterministic part of the search tree (nauty's `res/mod`).
///
/// The tree is cut at the *frontier* — the nodes where the first row is decided (4,778
/// on the 8×8 torus), or, in the rooted search of the 16-toroidal board, the nodes
/// four branchings below the root (446) — in search order, independent of the number
/// of shards. Shard
/// `index` of `count` searches the frontier subtrees `j` with `j mod count = index`, so
/// shard `i` of `n` is exactly shards `i` and `i + n` of `2n` together, and the shards
/// of any `count` partition the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based shard number, below `count`.
    pub index: usize,
    /// Number of shards, at least 1.
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;
    /// Parses `I/N` (0-based `I < N`).
    fn from_str(text: &str) -> Result<Shard, String> {
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| format!("expected I/N (e.g. 3/16), found {text:?}"))?;
        let index: usize = i
            .trim()
            .parse()
            .map_err(|_| format!("bad shard index {i:?}"))?;
        let count: usize = n
            .trim()
            .parse()
            .map_err(|_| format!("bad shard count {n:?}"))?;
        if count == 0 || index >= count {
            return Err(format!("expected 0 <= I < N, found {index}/{count}"));
        }
        if count > MAX_SHARDS {
            return Err(format!(
                "expected at most {MAX_SHARDS} shards, found {count} (the frontier of the \
                 largest search has fewer subtrees)"
            ));
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
