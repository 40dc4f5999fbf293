//! The answer of a search for one object, and the JSON document `--json` prints for
//! it: a good pairing of a board (`amoba search`), a tight placement (`amoba tight`,
//! and `search`, `enumerate` and `scan` with `--t` when every good placement is
//! tight), a good placement that may block a winning set twice (`amoba covering`, and
//! the same three commands when placements need not be tight).
//!
//! # What an answer holds
//!
//! Each question is answered once, in the library, as an [`Answer`]: the note for
//! standard error (times go there and only there), the text for standard output, the
//! object to write (a pairing's one-line form or a placement file, already accepted by
//! the independent checker), the exit status, and the [`Facts`] the text words — the
//! engine that answered, the question, the verdict, whether it is proved, each lattice
//! searched, the census of classes, the squares of the plane. A command prints the
//! answer one way or the other ([`Answer::emit`]): the text and the object (by the
//! rule of `--out`), or with `--json` the [`Document`] on standard output, the object
//! inside it (and in the file `--out` names, if any).
//!
//! # Invariants
//!
//! The document and the text come from the same answer, so they cannot disagree: its
//! `found` is the object the text prints, its `message` the text, its `exit_code` the
//! exit status. `proved` is true only for a checked object or a "none" whose search
//! covered every candidate of its scope (the lattice, the lattices of the range, the
//! whole plane); a verdict reached at a node or conflict limit is `unknown` and never
//! proved. The document holds no time, so the same question gives the same bytes on
//! any machine (docs/schemas/search.schema.json; FORMATS.md, *JSON documents*).

use crate::core::board::lattice::Lattice;
use crate::core::io::stdout;
use crate::core::provenance::{Provenance, SEARCH};
use crate::core::verdict::Verdict;
use crate::report::output::OutputError;
use serde::Serialize;
use std::io::Write as _;
use std::path::Path;

/// What is sought.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Object {
    /// A good pairing of a board (docs/spec.md §8).
    #[default]
    Pairing,
    /// A tight t-placement: every winning set blocked exactly once (docs/spec.md §10).
    TightPlacement,
    /// A good t-placement, which may block a winning set more than once.
    Placement,
}

/// The engine that answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Engine {
    /// The bitboard backtracking search of pairings.
    #[default]
    Pairing,
    /// The cookie census alone: the best cookies block too few winning sets per cell.
    Counting,
    /// The exact cover of tight placements.
    Tight,
    /// The SAT search of coverings.
    Covering,
}

/// The question asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// One object on one lattice (or, by counting, anywhere).
    #[default]
    Find,
    /// Every tight placement on one lattice, counted and classified.
    Count,
    /// The lattices of an index range, one per orbit of the directions' symmetries.
    Scan,
    /// Squares of growing side in the plane.
    Plane,
}

/// The verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Said {
    /// An object, checked.
    Found,
    /// None: proved when `proved` says so, else only among the candidates searched.
    #[default]
    None,
    /// A limit stopped the search first: nothing follows.
    Unknown,
    /// `--plane`: every square tried can be covered, which concludes nothing.
    Covered,
}

/// One lattice searched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LatticeEntry {
    /// Its basis.
    pub lattice: Vec<Vec<i64>>,
    /// Its index: the cells of the torus.
    pub index: usize,
    /// The lattices in its orbit under the directions' symmetries (a scan), or `None`.
    pub orbit: Option<usize>,
    /// What the search of this lattice concluded.
    pub answer: Said,
    /// A "none" that covered every candidate, or an object found.
    pub proved: bool,
    /// Nodes of the backtracking search, when it counts nodes.
    pub nodes: Option<u64>,
    /// Conflicts the SAT solver ran, in whole rounds, when it answered.
    pub conflicts: Option<u64>,
}

impl LatticeEntry {
    /// The entry of `lattice` (with `orbit`, a scan's) after a verdict `v` of a search
    /// counted in `nodes`.
    pub fn of_nodes<T, E>(
        lattice: &Lattice,
        orbit: Option<usize>,
        v: &Verdict<T, E>,
        nodes: u64,
    ) -> Self {
        Self::of(lattice, orbit, v, (Some(nodes), None))
    }

    /// The entry of `lattice` after a covering search's verdict `v` within `conflicts`.
    pub fn of_conflicts<T, E>(lattice: &Lattice, v: &Verdict<T, E>, conflicts: u64) -> Self {
        Self::of(lattice, None, v, (None, Some(conflicts)))
    }

    /// The entry of `lattice` after a verdict `v` that cost `(nodes, conflicts)`.
    fn of<T, E>(
        lattice: &Lattice,
        orbit: Option<usize>,
        v: &Verdict<T, E>,
        (nodes, conflicts): (Option<u64>, Option<u64>),
    ) -> Self {
        let (answer, proved) = said(v);
        LatticeEntry {
            lattice: lattice.basis().to_vec(),
            index: lattice.index(),
            orbit,
            answer,
            proved,
            nodes,
            conflicts,
        }
    }
}

/// A verdict in the document's words, and whether it is proved.
pub fn said<T, E>(v: &Verdict<T, E>) -> (Said, bool) {
    match v {
        Verdict::Found(_) => (Said::Found, true),
        Verdict::None { complete, .. } => (Said::None, *complete),
        Verdict::Unknown(_) => (Said::Unknown, false),
    }
}

/// The census of `--count`: the classes of tight placements on one lattice.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CensusDoc {
    /// The order of the group the classes are taken under.
    pub symmetries: usize,
    /// Symmetry classes.
    pub classes: u64,
    /// Labelled placements, `Σ |G| / |stabiliser|`.
    pub labelled: u64,
    /// `[stabiliser order, classes]`, increasing.
    pub classes_by_stabiliser_order: Vec<(u64, u64)>,
    /// Nodes of the exhaustive search.
    pub nodes: u64,
}

/// What `--plane` reached: the last square searched.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlaneDoc {
    /// Its side.
    pub side: i64,
    /// Nodes of that square's search, when it decided none or hit the limit.
    pub nodes: Option<u64>,
    /// Nodes of every square searched, when known.
    pub total: Option<u64>,
}

/// What an answer says, in the document's terms (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Facts {
    /// What is sought.
    pub object: Object,
    /// The engine that answered.
    pub engine: Engine,
    /// The question.
    pub question: Question,
    /// The game's directions, in code order.
    pub directions: Vec<Vec<i64>>,
    /// Cells in a winning set.
    pub k: usize,
    /// The most cells in a cookie, for placements.
    pub t: Option<usize>,
    /// The verdict.
    pub answer: Said,
    /// Whether the verdict is proved for the question's whole scope.
    pub proved: bool,
    /// Lattices the question ranges over (a scan: up to symmetry), when it has any.
    pub lattices_total: Option<usize>,
    /// The lattices searched, in order (a tight scan's lattices whose index no sum of
    /// piece sizes reaches have none and are not searched; the covering search stops at
    /// its first placement unless asked for all).
    pub lattices: Vec<LatticeEntry>,
    /// `--count`'s census.
    pub census: Option<CensusDoc>,
    /// `--plane`'s last square.
    pub plane: Option<PlaneDoc>,
}

impl Facts {
    /// The facts of a question about `t`-placements of `k`-in-a-row with `directions`.
    pub fn placements(
        object: Object,
        engine: Engine,
        question: Question,
        game: &crate::placement::cookie::Game,
        t: usize,
    ) -> Facts {
        Facts {
            object,
            engine,
            question,
            directions: game.directions.iter().map(|d| d.to_vec()).collect(),
            k: game.k,
            t: Some(t),
            ..Facts::default()
        }
    }

    /// These facts about one lattice, whose `entry`'s verdict is the answer.
    pub fn on_one_lattice(self, entry: LatticeEntry) -> Facts {
        Facts {
            answer: entry.answer,
            proved: entry.proved,
            lattices_total: Some(1),
            lattices: vec![entry],
            ..self
        }
    }

    /// These facts with the verdict `answer`, `proved` or not.
    pub fn saying(self, answer: Said, proved: bool) -> Facts {
        Facts {
            answer,
            proved,
            ..self
        }
    }
}

/// What one question answers, ready to print in this order: the note on standard
/// error, the text on standard output, then the object where `--out` says — or, with
/// `--json`, the [`Document`] in place of the text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// A note for standard error (times go here, never into the text).
    pub note: Option<String>,
    /// The text for standard output, whole lines.
    pub text: String,
    /// The checked object to write, when there is one.
    pub product: Option<String>,
    /// The exit status: 0 answered yes, 1 none (or none found before a limit).
    pub status: u8,
    /// What the text words, for the document.
    pub facts: Facts,
}

/// The JSON document of an answer (docs/schemas/search.schema.json).
#[derive(Serialize)]
pub struct Document<'a> {
    /// The provenance block, stamped `amoba-search`.
    pub provenance: Provenance,
    /// The answer's facts.
    #[serde(flatten)]
    pub facts: &'a Facts,
    /// The object found, checked: a pairing's one-line form or a placement file.
    pub found: Option<&'a str>,
    /// The text the command prints without `--json`.
    pub message: &'a str,
    /// The exit status.
    pub exit_code: u8,
}

impl Answer {
    /// The document of this answer, with `provenance` (stamped here).
    pub fn document(&self, provenance: &Provenance) -> Document<'_> {
        Document {
            provenance: provenance.stamped(&SEARCH),
            facts: &self.facts,
            found: self.product.as_deref(),
            message: &self.text,
            exit_code: self.status,
        }
    }

    /// Prints the answer in its order: the note through `note` (standard error); then
    /// without `json` the text on standard output and the object by the rule of
    /// `--out` (`out`; standard output when `None`, [`crate::report::output::product`]);
    /// with `json` (the provenance of the run) the [`Document`] on standard output,
    /// and the object in `out` only when it names a file. *Returns* the exit status.
    ///
    /// *Errors*: standard output or the file cannot be written.
    pub fn emit(
        &self,
        out: Option<&Path>,
        note: &dyn Fn(&str),
        json: Option<&Provenance>,
    ) -> Result<u8, OutputError> {
        if let Some(line) = &self.note {
            note(line);
        }
        let wrote = |p: &Path| note(&format!("wrote {}", p.display()));
        match json {
            Some(provenance) => {
                if let (Some(text), Some(path)) = (&self.product, out) {
                    crate::report::output::product(Some(path), text, &wrote)?;
                }
                let doc = self.document(provenance);
                crate::report::results::write_json(Path::new("-"), &doc)?;
            }
            None => {
                stdout().write_all(self.text.as_bytes())?;
                if let Some(text) = &self.product {
                    crate::report::output::product(out, text, &wrote)?;
                }
            }
        }
        Ok(self.status)
    }
}

/// `--json` with `--out -`: two documents on one stream.
#[derive(Debug, thiserror::Error)]
#[error(
    "--json prints the answer on standard output, with the object found inside it, and \
     --out - would print the object there too: expected one of them"
)]
pub struct JsonAndStdout;

/// The provenance of a run of `command` on `board` when `json` asks for the
/// [`Document`] (`None` without it), checked against `--out` (`out`) before any
/// search.
///
/// *Errors*: [`JsonAndStdout`] for `json` with `out` on standard output.
pub fn json_provenance(
    json: bool,
    out: Option<&Path>,
    board: &str,
    command: &str,
) -> Result<Option<Provenance>, JsonAndStdout> {
    match (json, out.is_some_and(crate::core::io::is_stdout)) {
        (false, _) => Ok(None),
        (true, true) => Err(JsonAndStdout),
        (true, false) => Ok(Some(Provenance::new(board, command, None))),
    }
}

/// The answer of the pairing search on `board`: the pairing found, checked (`found`,
/// its one-line form; exit 0, with a note of the nodes and the `seconds`), or none
/// after `nodes` (exit 1) — exhaustive on this board, or not known when the node
/// limit stopped the search (`cut`).
pub fn pairing(
    board: &crate::core::board::Board,
    found: Option<String>,
    cut: bool,
    nodes: u64,
    seconds: f64,
) -> Answer {
    use crate::core::text::counted;
    let verdict = Verdict::of_search(found, cut, nodes);
    let entry = LatticeEntry::of_nodes(board.lattice(), None, &verdict, nodes);
    let facts = Facts {
        directions: board.directions().to_vec(),
        k: board.k(),
        ..Facts::default()
    }
    .on_one_lattice(entry);
    let searched = counted(nodes, "search node", "search nodes");
    let (name, nodes) = (board.name(), counted(nodes, "node", "nodes"));
    match verdict {
        Verdict::Found(line) => Answer {
            note: Some(format!(
                "board {name}: a good pairing, found after {searched} in {seconds:.3} s"
            )),
            product: Some(format!("{line}\n")),
            facts,
            ..Answer::default()
        },
        Verdict::Unknown(_) => Answer {
            text: format!(
                "board {name}: no good pairing found within {nodes} (--node-limit): the \
                 search stopped before finishing, so whether one exists on this board is \
                 not known.\n"
            ),
            status: 1,
            facts,
            ..Answer::default()
        },
        Verdict::None { .. } => Answer {
            text: format!(
                "board {name}: no good pairing exists on this board (lattice {}, {} \
                 directions, k = {}): the search was exhaustive, {nodes}. This says \
                 nothing about other lattices.\n",
                board.lattice(),
                board.nfamilies(),
                board.k(),
            ),
            status: 1,
            facts,
            ..Answer::default()
        },
    }
}
