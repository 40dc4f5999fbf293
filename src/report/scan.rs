//! The report of a lattice scan (`amoba scan`): a JSON document
//! (`docs/schemas/scan.schema.json`) and the Markdown tables rendered from it.
//!
//! [`Game::of`] and [`ScanDoc::new`] build the document from what
//! [`pairing::scan`](crate::pairing::scan) planned and found; [`game_note`] and
//! [`tally_note`] are the lines `amoba scan` prints on stderr as each game begins and
//! ends. Every pairing a document holds has passed the pairing checker first
//! ([`certify`]): a pairing it rejects is a bug and stops the scan.
//!
//! The document holds only what the scan computed — games, lattices, answers, node
//! counts — and no times, so that a scan rerun writes the same bytes; times go to
//! stderr. Shards of one scan are documents of the same layout with `shard` set;
//! [`merge`] puts them back together.

use crate::core::board::directions::{normal_form, symmetries};
use crate::core::board::group::GroupError;
use crate::core::board::lattice::vector_text;
use crate::core::provenance::Provenance;
use crate::core::text::{counted, fmt_int};
use crate::pairing::scan::{Counts, Existence, Limits, Row, ScanGame};
use crate::pairing::search::Shard;
pub use crate::report::MergeError;
use crate::report::check_shards;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// One game of a scan and its rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The directions, in code order.
    pub directions: Vec<Vec<i64>>,
    /// Their normal form under `GL(d, Z)` (`amoba::core::board::directions`).
    pub normal_form: Vec<Vec<i64>>,
    /// `k = 2n + 1`.
    pub k: usize,
    /// Order of the symmetry group of the directions (matrices of `GL(d, Z)`).
    pub symmetries: usize,
    /// With `--all`: how many sets of directions of the box are in this game's class
    /// (the game is the least of them).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub class_members: Option<usize>,
    /// Lattices of the index range with every order a multiple of `p`.
    pub lattices: usize,
    /// One row per orbit of those lattices, in order of index, then basis.
    pub rows: Vec<Row>,
}

impl Game {
    /// The game of `planned` before its rows: its normal form, the order of its
    /// symmetry group and the lattices of its orbits.
    ///
    /// *Errors*: directions that do not span.
    pub fn of(planned: &ScanGame) -> Result<Game, GroupError> {
        let dirs = &planned.directions;
        Ok(Game {
            directions: dirs.clone(),
            normal_form: normal_form(dirs)?.form,
            k: 2 * dirs.len() + 1,
            symmetries: symmetries(dirs)?.len(),
            class_members: planned.class_members,
            lattices: planned.candidates.iter().map(|c| c.orbit).sum(),
            rows: Vec::new(),
        })
    }
}

/// A scan document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanDoc {
    /// The shared provenance block.
    pub provenance: Provenance,
    /// Dimension.
    pub dims: usize,
    /// Least index scanned.
    pub min_index: usize,
    /// Greatest index scanned.
    pub max_index: usize,
    /// Node limit of each existence search.
    pub node_limit: u64,
    /// Node limit of each counting enumeration (`null`: no counts).
    pub count_node_limit: Option<u64>,
    /// `"I/N"` for one shard of a scan (its rows are the lattices at positions
    /// `≡ I mod N` of each game), `null` for a whole scan.
    pub shard: Option<String>,
    /// The games.
    pub games: Vec<Game>,
}

impl ScanDoc {
    /// The document of a scan run by `command` over the index range `min..=max` of
    /// `dims` dimensions with `limits`, of one `shard` or the whole.
    pub fn new(
        command: &str,
        dims: usize,
        (min_index, max_index): (usize, usize),
        limits: Limits,
        shard: Option<Shard>,
        games: Vec<Game>,
    ) -> ScanDoc {
        ScanDoc {
            provenance: Provenance::new("scan", command, None),
            dims,
            min_index,
            max_index,
            node_limit: limits.find_nodes,
            count_node_limit: limits.count_nodes,
            shard: shard.map(|s| s.to_string()),
            games,
        }
    }

    /// The document as written, its provenance stamped with the scan format.
    pub fn stamped(&self) -> ScanDoc {
        ScanDoc {
            provenance: self.provenance.stamped(&crate::core::provenance::SCAN),
            ..self.clone()
        }
    }
}

/// Why the pairings of a scan could not be certified.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// A row's lattice is not a lattice (a bug in the scan).
    #[error(transparent)]
    Lattice(#[from] crate::core::board::lattice::LatticeError),
    /// A row's board cannot be built (a bug in the scan).
    #[error(transparent)]
    Board(#[from] crate::core::board::BoardError),
    /// The checker rejects a pairing found (a bug in the search).
    #[error(transparent)]
    Certify(#[from] crate::check::certify::CertifyError),
    /// The thread pool could not be built.
    #[error(transparent)]
    Pool(#[from] rayon::ThreadPoolBuildError),
}

/// How many rows found a pairing: the certificates [`certify`] checks.
pub fn found(rows: &[Row]) -> usize {
    rows.iter()
        .filter(|r| matches!(r.existence, Existence::Found { .. }))
        .count()
}

/// Passes every pairing a scan of `directions` found through the one certification
/// path of the checkers ([`crate::check::certify::pairing`]) on its row's board,
/// before any is written: in parallel on `threads` threads (0: the current pool), as
/// the periodic check of a large 3-D board takes a while.
///
/// *Errors*: the first rejection, or a row whose board cannot be built.
pub fn certify(directions: &[Vec<i64>], rows: &[Row], threads: usize) -> Result<(), CertifyError> {
    use rayon::prelude::*;
    let found: Vec<(&Row, &str)> = rows
        .iter()
        .filter_map(|r| match &r.existence {
            Existence::Found(f) => Some((r, f.pairing.as_str())),
            _ => None,
        })
        .collect();
    let each = |&(row, text): &(&Row, &str)| -> Result<(), CertifyError> {
        let lattice = crate::core::board::lattice::Lattice::new(&row.lattice)?;
        let board = crate::pairing::scan::board_on("scan", directions, &lattice)?;
        crate::check::certify::pairing(&board, &lattice.to_string(), text)?;
        Ok(())
    };
    if threads == 0 {
        return found.par_iter().try_for_each(each);
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?
        .install(|| found.par_iter().try_for_each(each))
}

/// Why a scan stopped: a game whose directions do not span, a lattice whose board
/// cannot be built, or a pairing found that the checker rejects.
#[derive(Debug, thiserror::Error)]
pub enum ScanError {
    /// Directions that do not span ([`Game::of`]).
    #[error(transparent)]
    Group(#[from] GroupError),
    /// A lattice's board cannot be built ([`crate::pairing::scan::scan`]).
    #[error(transparent)]
    Board(#[from] crate::core::board::BoardError),
    /// A pairing found is not certified ([`certify`]).
    #[error(transparent)]
    Certify(#[from] CertifyError),
}

/// What a scan tells its caller as it goes.
pub struct Hooks<'a> {
    /// A note on each game, as its scan begins and once it is scanned.
    pub note: &'a dyn Fn(&str),
    /// The stage under way: `scan` (or `game I of N`), then the same with
    /// `: certifying N`.
    pub stage: &'a dyn Fn(&str),
    /// Lattice orbits searched, and their total over every game.
    pub progress: &'a (dyn Fn(u64, u64) + Sync),
}

/// Scans every game of `games` (planned for the lattices of index `min..=max`) within
/// `limits`, on shard `shard` of each game's lattices if given, on `threads` threads;
/// every pairing found passes the checker ([`certify`]) before the game is returned.
///
/// *Errors*: the first game that cannot be scanned or certified.
pub fn scan_games(
    games: &[ScanGame],
    (min, max): (usize, usize),
    limits: Limits,
    shard: Option<Shard>,
    threads: usize,
    hooks: &Hooks,
) -> Result<Vec<Game>, ScanError> {
    // One progress report runs over every game's lattices.
    let total: u64 = games.iter().map(|g| g.candidates.len() as u64).sum();
    let mut before = 0u64;
    let mut out = Vec::new();
    for planned in games {
        let (dirs, list) = (&planned.directions, &planned.candidates);
        let game = Game::of(planned)?;
        (hooks.note)(&game_note(&game, planned, min, max));
        let what = match games.len() {
            1 => "scan".to_string(),
            n => format!("game {} of {n}", out.len() + 1),
        };
        (hooks.stage)(&what);
        let rows = crate::pairing::scan::scan(dirs, list, limits, shard, threads, &|a, _| {
            (hooks.progress)(before + a, total)
        })?;
        before += list.len() as u64;
        // Every pairing found passes the verifier before it is written.
        (hooks.stage)(&format!("{what}: certifying {}", found(&rows)));
        certify(dirs, &rows, threads)?;
        let game = Game { rows, ..game };
        (hooks.note)(&tally_note(&game));
        out.push(game);
    }
    Ok(out)
}

/// The note of the games of `scan --all n --box r` in dimension `d`: how many
/// classes of directions there are.
pub fn classes_note(classes: usize, n: usize, r: i64, d: usize) -> String {
    format!(
        "{} of {n} primitive directions in {{−{r}, …, {r}}}^{d} up to GL({d}, Z)",
        counted(classes as u64, "class", "classes")
    )
}

/// The note of a game as its scan begins: its directions, and its lattices of index
/// `min..=max` in their orbits.
pub fn game_note(game: &Game, planned: &ScanGame, min: usize, max: usize) -> String {
    format!(
        "game {}: {} of index {min}–{max} in {}",
        set_text(&game.directions),
        counted(game.lattices as u64, "lattice", "lattices"),
        counted(planned.candidates.len() as u64, "orbit", "orbits")
    )
}

/// The note of a game once scanned: on how many orbits a pairing was found, none
/// exists, or the search did not decide.
pub fn tally_note(game: &Game) -> String {
    let (f, no, u) = tally(game);
    format!("  found on {f}, none on {no}, unknown on {u}")
}

/// A set of directions as `{(1,0), (0,1)}`.
pub fn set_text(vs: &[Vec<i64>]) -> String {
    format!(
        "{{{}}}",
        vs.iter()
            .map(|v| vector_text(v))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn lattice_text(basis: &[Vec<i64>]) -> String {
    format!(
        "⟨{}⟩",
        basis
            .iter()
            .map(|v| vector_text(v))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// How many rows of `game` are found / none / unknown.
pub fn tally(game: &Game) -> (usize, usize, usize) {
    let mut t = (0, 0, 0);
    for r in &game.rows {
        match r.existence {
            Existence::Found { .. } => t.0 += 1,
            Existence::None { .. } => t.1 += 1,
            Existence::Unknown { .. } => t.2 += 1,
        }
    }
    t
}

/// The Markdown report of a scan.
pub fn markdown(doc: &ScanDoc) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Tight pairings on period lattices\n");
    let _ = writeln!(
        s,
        "Every period lattice of Z^{} of index {}–{} on which each direction has order a \
         multiple of p = 2n, one per orbit of the symmetries of the directions, searched \
         for a good pairing (k = 2n + 1). \"none\" means the search of that lattice was \
         exhaustive and found no good pairing: it says nothing about other lattices, and \
         does not settle the question for the game. \"unknown\" means the search stopped \
         at its limit of {} nodes.{}\n",
        doc.dims,
        doc.min_index,
        doc.max_index,
        fmt_int(doc.node_limit),
        match doc.count_node_limit {
            Some(l) => format!(
                " Where a pairing exists, the classes are counted by the canonical \
                 enumeration, up to about {} nodes.",
                fmt_int(l)
            ),
            None => String::new(),
        }
    );
    if let Some(sh) = &doc.shard {
        let _ = writeln!(s, "This is shard {sh} of the scan.\n");
    }
    if doc.games.len() > 1 {
        let _ = writeln!(
            s,
            "| # | directions | normal form | sets in the class | lattices (orbits) | found | \
             none | unknown |\n|---|---|---|---|---|---|---|---|"
        );
        for (i, g) in doc.games.iter().enumerate() {
            let (f, n, u) = tally(g);
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} ({}) | {f} | {n} | {u} |",
                i + 1,
                set_text(&g.directions),
                set_text(&g.normal_form),
                g.class_members.map_or("".into(), |m| m.to_string()),
                g.lattices,
                g.rows.len()
            );
        }
        let _ = writeln!(s);
    }
    for (i, g) in doc.games.iter().enumerate() {
        let n = g.directions.len();
        let _ = writeln!(
            s,
            "## {}{}\n\nn = {n}, k = {}, p = {}; normal form {}; {} symmetries of the \
             directions. {} lattices of index {}–{} have every order a multiple of {}, in \
             {} orbits.\n",
            if doc.games.len() > 1 {
                format!("{}. ", i + 1)
            } else {
                String::new()
            },
            set_text(&g.directions),
            g.k,
            2 * n,
            set_text(&g.normal_form),
            g.symmetries,
            g.lattices,
            doc.min_index,
            doc.max_index,
            2 * n,
            g.rows.len()
        );
        if g.rows.is_empty() {
            continue;
        }
        let _ = writeln!(
            s,
            "| index | lattice | orbit | orders | point group | answer | nodes | classes | \
             labelled | classes by stabiliser |\n|---|---|---|---|---|---|---|---|---|---|"
        );
        for r in &g.rows {
            let (answer, nodes) = (r.existence.answer(), r.existence.nodes());
            let (classes, labelled, stabs) = match &r.counts {
                None => ("".into(), "".into(), "".into()),
                Some(Counts::Unfinished { nodes }) => {
                    (format!("> {} nodes", fmt_int(*nodes)), "".into(), "".into())
                }
                Some(Counts::Complete {
                    classes,
                    labelled,
                    classes_by_stabiliser_order,
                    ..
                }) => (
                    fmt_int(*classes),
                    fmt_int(*labelled),
                    classes_by_stabiliser_order
                        .iter()
                        .map(|(k, v)| format!("{k}:{v}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
            };
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {answer} | {} | {classes} | {labelled} | {stabs} |",
                r.index,
                lattice_text(&r.lattice),
                r.orbit,
                r.orders
                    .iter()
                    .map(|o| o.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
                r.point_group_order,
                fmt_int(nodes)
            );
        }
        let (f, no, u) = tally(g);
        let _ = writeln!(s, "\nfound on {f}, none on {no}, unknown on {u}.\n");
        let found: Vec<&Row> = g
            .rows
            .iter()
            .filter(|r| matches!(r.existence, Existence::Found { .. }))
            .collect();
        if !found.is_empty() {
            let _ = writeln!(
                s,
                "Certificates (one-line forms, cells in the order of the lattice's Hermite \
                 normal form; `amoba verify --directions … --lattice …` checks them):\n"
            );
            for r in found {
                if let Existence::Found(f) = &r.existence {
                    let _ = writeln!(s, "- {}: `{}`", lattice_text(&r.lattice), f.pairing);
                }
            }
            let _ = writeln!(s);
        }
    }
    s
}

/// Merges the shards `I/N`, `I = 0 … N−1`, of one scan into the whole scan.
pub fn merge(parts: &[(String, ScanDoc)]) -> Result<ScanDoc, MergeError> {
    let f = &crate::core::provenance::SCAN;
    for (name, d) in parts {
        if d.provenance.format != f.name || d.provenance.format_version != f.version {
            return Err(MergeError(format!(
                "{name}: key `provenance.format`: is {:?} version {}, expected {:?} version {}",
                d.provenance.format, d.provenance.format_version, f.name, f.version
            )));
        }
        if let Some(r) = d
            .games
            .iter()
            .flat_map(|g| &g.rows)
            .find(|r| !(d.min_index..=d.max_index).contains(&r.index))
        {
            return Err(MergeError(format!(
                "{name}: key `rows`: a row of index {}, outside the scan's {}..={}",
                r.index, d.min_index, d.max_index
            )));
        }
    }
    let same = |a: &ScanDoc, b: &ScanDoc| {
        a.dims == b.dims
            && a.min_index == b.min_index
            && a.max_index == b.max_index
            && a.node_limit == b.node_limit
            && a.count_node_limit == b.count_node_limit
            && a.games.len() == b.games.len()
            && a.games
                .iter()
                .zip(&b.games)
                .all(|(x, y)| x.directions == y.directions)
    };
    check_shards(
        parts,
        |d| d.shard.as_deref(),
        same,
        "scan (games, index range or limits differ)",
    )?;
    let mut out = parts[0].1.clone();
    out.shard = None;
    for g in &mut out.games {
        g.rows.clear();
    }
    for (_, d) in parts {
        for (g, h) in out.games.iter_mut().zip(&d.games) {
            g.rows.extend(h.rows.iter().cloned());
        }
    }
    for g in &mut out.games {
        g.rows
            .sort_by(|a, b| (a.index, &a.lattice).cmp(&(b.index, &b.lattice)));
        if let Some(w) = g
            .rows
            .windows(2)
            .find(|w| (w[0].index, &w[0].lattice) == (w[1].index, &w[1].lattice))
        {
            return Err(MergeError(format!(
                "the lattice {:?} of index {} appears in two shards",
                w[0].lattice, w[0].index
            )));
        }
    }
    Ok(out)
}
