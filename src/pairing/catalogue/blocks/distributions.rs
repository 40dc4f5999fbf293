//! Distributions over the per-class table of the 16-toroidal catalogue: how many good
//! offsets and alternating cycles the classes have, which pairs of 8×8 classes occur as
//! `{C, W}` and which 8×8 classes occur most, for the JSON summary and the report.

use super::*;

/// How often an unordered pair of 8×8 IDs occurs as `{C, W}` at the reported offset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairCount {
    /// The smaller ID.
    pub a: usize,
    /// The larger ID (equal to `a` when C and W are in the same class).
    pub b: usize,
    /// Number of 16-toroidal classes with this pair.
    pub classes: u64,
}

/// How many 16-toroidal classes have a given 8×8 class as C or W.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlockCount {
    /// The 8×8 ID.
    pub id: usize,
    /// Number of 16-toroidal classes with it as C or W (at the reported offset).
    pub classes: u64,
}

/// Distributions over the per-class table, for the JSON summary and the report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Distributions {
    /// Classes in the table.
    pub classes: u64,
    /// Number of good offsets → classes (0 included when it occurs).
    pub good_offsets_per_class: BTreeMap<usize, u64>,
    /// Number of alternating cycles → classes.
    pub cycles_per_class: BTreeMap<usize, u64>,
    /// Cycle length (dominoes) → cycles, over all classes.
    pub cycle_lengths: BTreeMap<usize, u64>,
    /// IDs of the classes without a good offset (docs/spec.md §8 says there are none).
    pub without_good_offset: Vec<usize>,
    /// IDs of the classes whose C or W is missing from the 8×8 catalogue.
    pub block_not_in_catalogue: Vec<usize>,
    /// Classes whose C and W are in the same 8×8 class.
    pub same_class_blocks: u64,
    /// Distinct unordered `{C, W}` ID pairs.
    pub distinct_pairs: u64,
    /// The most frequent `{C, W}` pairs: by count, descending, then by IDs.
    pub top_pairs: Vec<PairCount>,
    /// Distinct 8×8 classes that occur as C or W.
    pub block_classes: u64,
    /// Number of 16-toroidal classes an 8×8 class occurs in (as C or W) → 8×8 classes.
    pub block_class_occurrences: BTreeMap<u64, u64>,
    /// The 8×8 classes that occur in the most 16-toroidal classes: by count,
    /// descending, then by ID.
    pub top_blocks: Vec<BlockCount>,
}

/// Summarises `rows`, keeping the `top` most frequent `{C, W}` pairs and 8×8 classes.
///
/// *Complexity*: `O(n log n)` for `n` rows.
pub fn distributions(rows: &[ClassRow], top: usize) -> Distributions {
    let mut d = Distributions {
        classes: rows.len() as u64,
        good_offsets_per_class: BTreeMap::new(),
        cycles_per_class: BTreeMap::new(),
        cycle_lengths: BTreeMap::new(),
        without_good_offset: Vec::new(),
        block_not_in_catalogue: Vec::new(),
        same_class_blocks: 0,
        distinct_pairs: 0,
        top_pairs: Vec::new(),
        block_classes: 0,
        block_class_occurrences: BTreeMap::new(),
        top_blocks: Vec::new(),
    };
    let mut pairs: BTreeMap<(usize, usize), u64> = BTreeMap::new();
    let mut ids: BTreeMap<usize, u64> = BTreeMap::new();
    for r in rows {
        *d.good_offsets_per_class.entry(r.good_offsets).or_default() += 1;
        if r.offset.is_none() {
            d.without_good_offset.push(r.id);
            continue;
        }
        *d.cycles_per_class.entry(r.cycle_lengths.len()).or_default() += 1;
        for &l in &r.cycle_lengths {
            *d.cycle_lengths.entry(l).or_default() += 1;
        }
        match (r.c_id, r.w_id) {
            (Some(c), Some(w)) => {
                d.same_class_blocks += u64::from(c == w);
                *pairs.entry((c.min(w), c.max(w))).or_default() += 1;
                *ids.entry(c).or_default() += 1;
                if w != c {
                    *ids.entry(w).or_default() += 1;
                }
            }
            _ => d.block_not_in_catalogue.push(r.id),
        }
    }
    d.distinct_pairs = pairs.len() as u64;
    let mut ranked: Vec<PairCount> = pairs
        .into_iter()
        .map(|((a, b), classes)| PairCount { a, b, classes })
        .collect();
    // Stable sorts: equal counts stay in ID order.
    ranked.sort_by_key(|r| std::cmp::Reverse(r.classes));
    ranked.truncate(top);
    d.top_pairs = ranked;
    d.block_classes = ids.len() as u64;
    for &n in ids.values() {
        *d.block_class_occurrences.entry(n).or_default() += 1;
    }
    let mut ranked: Vec<BlockCount> = ids
        .into_iter()
        .map(|(id, classes)| BlockCount { id, classes })
        .collect();
    ranked.sort_by_key(|r| std::cmp::Reverse(r.classes));
    ranked.truncate(top);
    d.top_blocks = ranked;
    d
}

impl Distributions {
    /// The distributions as Markdown list items for a report (deterministic).
    pub fn markdown(&self) -> String {
        fn list<K: std::fmt::Display>(m: &BTreeMap<K, u64>) -> String {
            m.iter()
                .map(|(k, v)| format!("{k}: {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        }
        let ids = |v: &[usize]| {
            v.iter()
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut s = String::new();
        let _ = writeln!(s, "- 16-toroidal classes analysed: {}", self.classes);
        let _ = writeln!(
            s,
            "- good block offsets per class (offsets: classes): {}",
            list(&self.good_offsets_per_class)
        );
        let _ = writeln!(
            s,
            "- diagonal alternating cycles per class (cycles: classes): {}",
            list(&self.cycles_per_class)
        );
        let _ = writeln!(
            s,
            "- cycle lengths in dominoes (length: cycles): {}",
            list(&self.cycle_lengths)
        );
        let _ = writeln!(
            s,
            "- blocks C and W in the same 8×8 class: {} classes",
            self.same_class_blocks
        );
        match self.top_pairs.first() {
            Some(p) if p.classes == 1 => {
                let _ = writeln!(
                    s,
                    "- distinct {{C, W}} pairs of 8×8 IDs: {}; each occurs in exactly one class",
                    self.distinct_pairs
                );
            }
            _ => {
                let top: Vec<String> = self
                    .top_pairs
                    .iter()
                    .map(|p| format!("{{{}, {}}}: {}", p.a, p.b, p.classes))
                    .collect();
                let _ = writeln!(
                    s,
                    "- distinct {{C, W}} pairs of 8×8 IDs: {}; the most frequent (pair: \
                     classes): {}",
                    self.distinct_pairs,
                    top.join(", ")
                );
            }
        }
        let top: Vec<String> = self
            .top_blocks
            .iter()
            .map(|b| format!("{}: {}", b.id, b.classes))
            .collect();
        let _ = writeln!(
            s,
            "- 8×8 classes occurring as C or W: {} (16-toroidal classes: 8×8 classes: {}); the \
             most frequent (ID: 16-toroidal classes): {}",
            self.block_classes,
            list(&self.block_class_occurrences),
            top.join(", ")
        );
        if self.without_good_offset.is_empty() {
            let _ = writeln!(s, "- every class has a good block offset");
        } else {
            let _ = writeln!(
                s,
                "- FINDING: {} classes have no good block offset: IDs {}",
                self.without_good_offset.len(),
                ids(&self.without_good_offset)
            );
        }
        if !self.block_not_in_catalogue.is_empty() {
            let _ = writeln!(
                s,
                "- FINDING: {} classes have a block missing from the 8×8 catalogue: IDs {}",
                self.block_not_in_catalogue.len(),
                ids(&self.block_not_in_catalogue)
            );
        }
        s
    }
}
