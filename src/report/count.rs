//! The count of a board's classes without a catalogue (`amoba count`): a JSON document
//! (`docs/schemas/count.schema.json`) for the whole board or for one shard of its
//! search, and [`merge`], which adds up a complete set of shards.
//!
//! The canonical search finds each class once with the order of its stabiliser
//! (docs/spec.md §4), so the classes by stabiliser order are all a count needs: the
//! labelled good pairings are `Σ |G|/|stabiliser|` over them. Nothing else is kept, so
//! the memory is that of the search whatever the number of classes, and shards of the
//! search (the frontier subtrees taken `I mod N`, as `amoba enumerate --shard` takes
//! them) add up to the whole. The document holds no times: a rerun writes the same
//! bytes.

use crate::core::board::Board;
use crate::core::provenance::Provenance;
use crate::core::text::{counted, fmt_int};
use crate::pairing::search::{Shard, Stats};
use crate::report::{MergeError, check_shards};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A count document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountDoc {
    /// The shared provenance block (`catalogue_sha256` is `null`: no catalogue).
    pub provenance: Provenance,
    /// Cells of the board.
    pub cells: usize,
    /// Order of the board's symmetry group.
    pub group_order: usize,
    /// `"I/N"` for one shard of the search, `null` for the whole board.
    pub shard: Option<String>,
    /// Frontier subtrees searched (docs/spec.md §4: the tree cut after the first
    /// cells of the first row).
    pub subtrees: u64,
    /// Classes (canonical pairings found).
    pub classes: u64,
    /// Labelled good pairings: `Σ group_order / stabiliser order` over the classes.
    pub labelled_good_pairings: u64,
    /// Classes by the order of their stabiliser.
    pub classes_by_stabiliser_order: BTreeMap<usize, u64>,
    /// Search nodes.
    pub search_nodes: u64,
}

impl CountDoc {
    /// The document of a count of `board` (or of its shard `shard`): the classes by
    /// stabiliser order and the search counters of [`crate::pairing::search::count_classes`].
    pub fn new(
        board: &Board,
        provenance: &Provenance,
        shard: Option<Shard>,
        by_stabiliser: BTreeMap<usize, u64>,
        stats: &Stats,
    ) -> CountDoc {
        CountDoc {
            provenance: provenance.stamped(&crate::core::provenance::COUNT),
            cells: board.ncells(),
            group_order: board.group_order(),
            shard: shard.map(|s| s.to_string()),
            subtrees: stats.subtrees,
            classes: by_stabiliser.values().sum(),
            labelled_good_pairings: crate::pairing::search::labelled(
                &by_stabiliser,
                board.group_order(),
            ),
            classes_by_stabiliser_order: by_stabiliser,
            search_nodes: stats.nodes,
        }
    }

    /// One line for a person: the board, the counts and the shard.
    pub fn line(&self) -> String {
        let by = self
            .classes_by_stabiliser_order
            .iter()
            .map(|(s, n)| format!("|stab|={s}: {}", fmt_int(*n)))
            .collect::<Vec<_>>()
            .join(", ");
        let part = match &self.shard {
            Some(s) => format!("shard {s} of "),
            None => String::new(),
        };
        format!(
            "{part}board {}: {}, {} ({by}); {} in {}",
            self.provenance.board,
            counted(self.classes, "class", "classes"),
            counted(
                self.labelled_good_pairings,
                "labelled good pairing",
                "labelled good pairings"
            ),
            counted(self.search_nodes, "search node", "search nodes"),
            counted(self.subtrees, "subtree", "subtrees")
        )
    }
}

/// Adds up the shards `I/N`, `I = 0 … N−1`, of one count: each must be there once, all
/// of the same board (name, cells, group order) and amoba version (which fixes how
/// the search is cut into shards).
///
/// *Returns* the document of the whole count (`shard: null`), or what is wrong,
/// naming the file.
///
/// ```
/// use amoba::report::count::{CountDoc, merge};
/// use amoba::core::provenance::Provenance;
/// use amoba::pairing::search::{Options, Shard, count_classes};
/// let board = amoba::core::board::Board::by_name("square5").unwrap();
/// let prov = Provenance::new(board.name(), "amoba count", None);
/// let parts: Vec<(String, CountDoc)> = (0..2)
///     .map(|i| {
///         let shard = Shard { index: i, count: 2 };
///         let opts = Options { shard: Some(shard), ..Options::default() };
///         let (by, stats) = count_classes(&board, opts, &|_, _| {});
///         (format!("part {i}"), CountDoc::new(&board, &prov, Some(shard), by, &stats))
///     })
///     .collect();
/// let whole = merge(&parts).unwrap();
/// let (by, _) = count_classes(&board, Options::default(), &|_, _| {});
/// assert_eq!(whole.classes, by.values().sum::<u64>());
/// ```
pub fn merge(parts: &[(String, CountDoc)]) -> Result<CountDoc, MergeError> {
    for (name, d) in parts {
        d.check().map_err(|e| MergeError(format!("{name}: {e}")))?;
    }
    let same = |a: &CountDoc, b: &CountDoc| {
        a.provenance.board == b.provenance.board
            && a.provenance.amoba_version == b.provenance.amoba_version
            && a.cells == b.cells
            && a.group_order == b.group_order
    };
    check_shards(
        parts,
        |d| d.shard.as_deref(),
        same,
        "count (board, cells, group order or amoba version differ)",
    )?;
    let mut out = parts[0].1.clone();
    out.shard = None;
    out.subtrees = 0;
    out.classes = 0;
    out.labelled_good_pairings = 0;
    out.classes_by_stabiliser_order.clear();
    out.search_nodes = 0;
    // Adds a shard's figure to the total, refusing a sum beyond 2^64.
    let add = |total: &mut u64, x: u64, key: &str| {
        *total = total.checked_add(x).ok_or_else(|| {
            MergeError(format!("the sum of `{key}` over the shards exceeds 2^64"))
        })?;
        Ok::<(), MergeError>(())
    };
    for (_, d) in parts {
        add(&mut out.subtrees, d.subtrees, "subtrees")?;
        add(&mut out.classes, d.classes, "classes")?;
        add(
            &mut out.labelled_good_pairings,
            d.labelled_good_pairings,
            "labelled_good_pairings",
        )?;
        add(&mut out.search_nodes, d.search_nodes, "search_nodes")?;
        for (&s, &n) in &d.classes_by_stabiliser_order {
            let e = out.classes_by_stabiliser_order.entry(s).or_default();
            add(e, n, "classes_by_stabiliser_order")?;
        }
    }
    Ok(out)
}

impl CountDoc {
    /// Checks the document against itself: its format, every stabiliser order a
    /// divisor of the group order, `classes` the sum of the classes by stabiliser
    /// order and `labelled_good_pairings` their `Σ |G|/|stabiliser|` (in checked
    /// arithmetic). *Returns* what is wrong, naming the key.
    pub fn check(&self) -> Result<(), String> {
        let f = &crate::core::provenance::COUNT;
        if self.provenance.format != f.name || self.provenance.format_version != f.version {
            return Err(format!(
                "key `provenance.format`: is {:?} version {}, expected {:?} version {}",
                self.provenance.format, self.provenance.format_version, f.name, f.version
            ));
        }
        let g = self.group_order;
        if g == 0 {
            return Err("key `group_order`: expected a positive order".into());
        }
        let mut classes = 0u64;
        let mut labelled = 0u64;
        for (&s, &n) in &self.classes_by_stabiliser_order {
            if s == 0 || !g.is_multiple_of(s) {
                return Err(format!(
                    "key `classes_by_stabiliser_order`: order {s} does not divide the group \
                     order {g}"
                ));
            }
            let sum = classes
                .checked_add(n)
                .zip((g as u64 / s as u64).checked_mul(n))
                .and_then(|(c, l)| Some((c, labelled.checked_add(l)?)));
            let Some((c, l)) = sum else {
                return Err("key `classes_by_stabiliser_order`: the totals exceed 2^64".to_string());
            };
            (classes, labelled) = (c, l);
        }
        if classes != self.classes {
            return Err(format!(
                "key `classes`: is {}, but the classes by stabiliser order add up to {classes}",
                self.classes
            ));
        }
        if labelled != self.labelled_good_pairings {
            return Err(format!(
                "key `labelled_good_pairings`: is {}, but Σ |G|/|stabiliser| over the classes \
                 is {labelled}",
                self.labelled_good_pairings
            ));
        }
        Ok(())
    }
}

/// What `amoba count` prints of `doc` on stdout: the document itself with `json`
/// (`--json`), else its one line.
pub fn shown(doc: &CountDoc, json: bool) -> Result<String, serde_json::Error> {
    Ok(if json {
        serde_json::to_string_pretty(doc)? + "\n"
    } else {
        doc.line() + "\n"
    })
}

/// Where a count's document goes unless `--out` says otherwise: `out_dir` (`--out-dir`)
/// holds `count-<tag>.json` for a whole board, `parts/count-<tag>.part-I-of-N.json`
/// for a shard. `tag` is the board's file tag (or, for a merge, the parts' board).
pub fn default_path(out_dir: &std::path::Path, tag: &str, shard: Option<Shard>) -> PathBuf {
    match shard {
        Some(s) => out_dir.join(format!(
            "parts/count-{tag}.part-{}-of-{}.json",
            s.index, s.count
        )),
        None => out_dir.join(format!("count-{tag}.json")),
    }
}

/// Checks that the merged count `doc` is of `board`, the board named on the command
/// line: same name, cells and group order.
///
/// *Errors*: the parts count another board.
pub fn check_board(doc: &CountDoc, board: &Board) -> Result<(), MergeError> {
    if (board.name(), board.ncells(), board.group_order())
        != (doc.provenance.board.as_str(), doc.cells, doc.group_order)
    {
        return Err(MergeError(format!(
            "--board: the parts count board {} ({} cells, group order {}), expected \
             {} ({} cells, group order {})",
            doc.provenance.board,
            doc.cells,
            doc.group_order,
            board.name(),
            board.ncells(),
            board.group_order()
        )));
    }
    Ok(())
}

/// What is at the path of a shard's document before the shard is counted.
pub enum Existing {
    /// Nothing readable.
    Absent,
    /// This shard's document, complete (documents are written atomically), by this
    /// version: a requeued job resumes by skipping the shard.
    Complete(Box<CountDoc>),
    /// Something else: the shard is counted again.
    Other,
}

/// What is at `path` for the shard `shard` of the count of the board `board` (its
/// name).
pub fn existing(path: &std::path::Path, shard: Shard, board: &str) -> Existing {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Existing::Absent;
    };
    match serde_json::from_str::<CountDoc>(&text) {
        Ok(done)
            if done.shard == Some(shard.to_string())
                && done.provenance.board == board
                && done.provenance.amoba_version == env!("CARGO_PKG_VERSION") =>
        {
            Existing::Complete(Box::new(done))
        }
        _ => Existing::Other,
    }
}
