//! The documents of `amoba query`, `amoba path`, `amoba canon` and `amoba select`
//! (FORMATS.md, *Questions to the catalogue and the graph*; schemas
//! `docs/schemas/query.schema.json`, `path.schema.json`, `canon.schema.json`,
//! `select.schema.json`). The Python package returns the same documents, so the shell
//! and Python give the same answers by construction.
//!
//! An [`Answers`] holds one board's catalogue and graph ([`crate::pairing::graph::index`]); its
//! methods answer one question each. Pairings are named by a [`Target`]: a catalogue
//! ID, or a pairing as read from a file (by [`read_pairings`], the verifier's reader).
//! Cells are written as coordinate vectors, symmetries in the text form of
//! [`crate::pairing::symmetry::text`] together with the verifier's description in words.

use crate::check::pairing::SymmetryReport;
use crate::check::pairing::{Geometry, Reader};
use crate::core::board::pairing::Pairing;
use crate::core::board::{Board, Symmetry};
use crate::core::provenance::{CANON, PATH, Provenance, QUERY, SELECT};
use crate::pairing::graph::index::Indexed;
use crate::pairing::graph::moves::Slide;
use crate::pairing::graph::query::{self, Filter, QueryError};
use crate::pairing::symmetry::{self, text};
use serde::Serialize;
use std::io::BufRead;

/// Why a question has no answer.
#[derive(Debug, thiserror::Error)]
pub enum AskError {
    /// An ID outside the catalogue.
    #[error("found ID {id}, expected a catalogue ID from 1 to {classes}")]
    Id {
        /// The ID given.
        id: usize,
        /// Classes in the catalogue.
        classes: usize,
    },
    /// A pairing that is not good.
    #[error(
        "{source_name}: expected a good pairing of board {board}; this one is not (`amoba verify` says why)"
    )]
    NotGood {
        /// Where it was read.
        source_name: String,
        /// The board.
        board: String,
    },
    /// A file with no pairing, or a malformed one.
    #[error("{0}")]
    Input(String),
    /// The catalogue and graph disagree with a move.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// The board has no pairing graph or no catalogue.
    #[error("{0}")]
    Board(String),
    /// The catalogue or its graph could not be loaded.
    #[error(transparent)]
    Index(#[from] crate::pairing::graph::index::IndexError),
}

/// A pairing named on the command line or in Python.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A catalogue ID (its canonical form).
    Id(usize),
    /// A pairing, with where it came from (`file:line`).
    Pairing {
        /// Its codes.
        codes: Vec<u8>,
        /// Where it was read, for messages and documents.
        source: String,
    },
}

/// The most pairings [`read_pairings`] reads from one file: every one is held in
/// memory (about 100 bytes each on the 8×8 torus), so a huge file is refused by its
/// line instead of filling the memory.
pub const MAX_PAIRINGS: usize = 1 << 20;

/// Reads every pairing of a text stream as the verifier does (one-line forms and
/// grids, comments, blank lines; FORMATS.md, *Candidate pairing files*), each with
/// `name:line`. A malformed line is an error naming the file, line and column.
pub fn read_pairings(
    geom: &Geometry,
    name: &str,
    input: impl BufRead,
) -> Result<Vec<Target>, AskError> {
    let mut reader = Reader::new(geom, name.to_string(), input);
    let mut out = Vec::new();
    loop {
        match reader.next_candidate() {
            Ok(Some(c)) if out.len() == MAX_PAIRINGS => {
                return Err(AskError::Input(format!(
                    "{name}:{}: found more than {MAX_PAIRINGS} pairings, expected at most \
                     that many in one file (`amoba verify` reads any number, one at a time)",
                    c.line
                )));
            }
            Ok(Some(c)) => out.push(Target::Pairing {
                codes: c.codes,
                source: format!("{name}:{}", c.line),
            }),
            Ok(None) => break,
            Err(e) => return Err(AskError::Input(crate::core::io::error_chain(&e))),
        }
    }
    if out.is_empty() {
        return Err(AskError::Input(format!(
            "{name}: found no pairing, expected at least one (one-line form or grid; FORMATS.md)"
        )));
    }
    Ok(out)
}

/// A symmetry: its text form ([`crate::pairing::symmetry::text`]) and the verifier's
/// description.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SymmetryDoc {
    /// Text form, e.g. `0,-1 1,0 + 3,0`.
    pub text: String,
    /// Matrix, translation, words and formula.
    #[serde(flatten)]
    pub report: SymmetryReport,
}

/// One slide of a move chain: the domino `{from, pivot}` becomes `{pivot, to}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlideDoc {
    /// The cell the domino leaves.
    pub from: Vec<i64>,
    /// The cell it keeps.
    pub pivot: Vec<i64>,
    /// The cell it moves onto.
    pub to: Vec<i64>,
}

/// A move: the cell moved and its chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveDoc {
    /// The cell moved (docs/spec.md §5's `A`).
    pub cell: Vec<i64>,
    /// The chain of slides, in order.
    pub slides: Vec<SlideDoc>,
}

/// A class reached by moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NeighbourDoc {
    /// Its catalogue ID.
    pub id: usize,
    /// Every cell whose move reaches it.
    pub cells: Vec<Vec<i64>>,
    /// The move at the first of those cells.
    #[serde(rename = "move")]
    pub mv: MoveDoc,
    /// The pairing that move produces (one-line form, not canonical).
    pub pairing: String,
}

/// A pairing given as a file, and how it relates to its class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InputDoc {
    /// Where it was read (`file:line`).
    pub source: String,
    /// The pairing, one-line form.
    pub pairing: String,
    /// A symmetry carrying it onto the canonical form.
    pub to_canonical: SymmetryDoc,
}

/// `amoba query`: one class and everything around it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QueryDoc {
    /// The shared provenance block.
    pub provenance: Provenance,
    /// Catalogue ID.
    pub id: usize,
    /// Canonical form, one-line.
    pub canonical: String,
    /// What the pairing is called by its periods (`8-toroidal`, `16-toroidal`, …;
    /// [`crate::verify::Kinds`]), or null on a board whose pairings have no such name.
    pub kind: Option<String>,
    /// The pairing as given, when it came from a file (the moves are its own).
    pub input: Option<InputDoc>,
    /// Order of the stabiliser.
    pub stabiliser_order: usize,
    /// The stabiliser of the pairing whose moves are listed, identity first.
    pub stabiliser: Vec<SymmetryDoc>,
    /// Component of the pairing graph (1 = the largest).
    pub component: usize,
    /// Vertices in that component.
    pub component_size: usize,
    /// Degree in the pairing graph.
    pub degree: usize,
    /// Cells whose move stays in the class.
    pub same_class_cells: Vec<Vec<i64>>,
    /// The neighbours, ascending ID.
    pub neighbours: Vec<NeighbourDoc>,
}

/// One end of a path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndDoc {
    /// Catalogue ID.
    pub id: usize,
    /// The pairing (the canonical form of an ID, or the pairing as given).
    pub pairing: String,
    /// `ID n` or where the pairing was read.
    pub source: String,
    /// Component of the pairing graph.
    pub component: usize,
}

/// One move of a path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepDoc {
    /// 1-based step number.
    pub step: usize,
    /// The move.
    #[serde(rename = "move")]
    pub mv: MoveDoc,
    /// The class reached.
    pub id: usize,
    /// The pairing after the move, one-line form.
    pub pairing: String,
}

/// `amoba path`: a shortest sequence of moves from one pairing to another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PathDoc {
    /// The shared provenance block.
    pub provenance: Provenance,
    /// The start.
    pub from: EndDoc,
    /// The target.
    pub to: EndDoc,
    /// Whether the two lie in one component.
    pub connected: bool,
    /// Moves on a shortest path (the distance in the graph); null when not connected.
    pub length: Option<usize>,
    /// The moves, from the start pairing.
    pub steps: Vec<StepDoc>,
    /// A symmetry carrying the last pairing onto the target pairing; null when not
    /// connected.
    pub last_to_target: Option<SymmetryDoc>,
}

/// One pairing of `amoba canon`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CanonEntry {
    /// Where it was read (`file:line`).
    pub source: String,
    /// The pairing, one-line form.
    pub pairing: String,
    /// Whether it is a good pairing of the board.
    pub good: bool,
    /// Its canonical form (null when not good).
    pub canonical: Option<String>,
    /// Its catalogue ID (null when not good).
    pub id: Option<usize>,
    /// A symmetry carrying it onto the canonical form (null when not good).
    pub to_canonical: Option<SymmetryDoc>,
    /// Stabiliser order (null when not good).
    pub stabiliser_order: Option<usize>,
}

/// `amoba canon --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CanonDoc {
    /// The shared provenance block.
    pub provenance: Provenance,
    /// One entry per pairing read, in order.
    pub pairings: Vec<CanonEntry>,
}

/// One class of `amoba select --format json` (a line of JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SelectRow {
    /// Catalogue ID.
    pub id: usize,
    /// Canonical form, one-line.
    pub canonical: String,
    /// Stabiliser order.
    pub stabiliser_order: usize,
    /// Component of the pairing graph.
    pub component: usize,
    /// Degree in the pairing graph.
    pub degree: usize,
}

/// The first line of `amoba select --format json`: the provenance block alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SelectHead {
    /// The shared provenance block.
    pub provenance: Provenance,
}

/// One board's catalogue and graph, and the questions they answer.
pub struct Answers {
    /// The board.
    pub board: Board,
    /// The verifier's geometry of the board (for reading pairings and describing
    /// symmetries).
    pub geom: Geometry,
    /// The catalogue and graph.
    pub data: Indexed,
    /// What its pairings are called by their periods.
    pub kinds: crate::verify::Kinds,
    /// Provenance of every document, not yet stamped.
    pub provenance: Provenance,
}

impl Answers {
    /// The answers from the catalogue and graph of `board`, the catalogue found at
    /// `catalogue` or where every command finds it ([`crate::pairing::catalogue::source`]),
    /// through the index ([`crate::pairing::graph::index`]); `command` goes into the provenance
    /// of the documents, `note` receives one-line messages for the user. The command
    /// line and the Python package both open their answers here.
    ///
    /// # Errors
    ///
    /// A board without a pairing graph or without a catalogue, with the reason; a
    /// catalogue that cannot be read or enumerated.
    pub fn open(
        board: Board,
        catalogue: Option<&std::path::Path>,
        command: &str,
        note: &dyn Fn(&str),
    ) -> Result<Answers, AskError> {
        if let Some(why) = crate::pairing::graph::no_graph_reason(&board) {
            return Err(AskError::Board(why));
        }
        let geom = Geometry::new(&board).map_err(|e| AskError::Board(e.to_string()))?;
        if let Some(why) = crate::verify::no_catalogue_reason(&geom) {
            return Err(AskError::Board(why));
        }
        let kinds = crate::verify::Kinds::of(&geom).map_err(|e| AskError::Board(e.to_string()))?;
        let location = crate::pairing::catalogue::source::locate(&board, catalogue);
        let data = crate::pairing::graph::index::load(&board, &location, note)?;
        let provenance =
            Provenance::new(board.name(), command, Some(data.catalogue_sha256.clone()));
        Ok(Answers {
            board,
            geom,
            data,
            kinds,
            provenance,
        })
    }

    /// Number of classes.
    pub fn classes(&self) -> usize {
        self.data.catalogue.len()
    }

    /// Checks an ID.
    pub fn check_id(&self, id: usize) -> Result<usize, AskError> {
        if id == 0 || id > self.classes() {
            return Err(AskError::Id {
                id,
                classes: self.classes(),
            });
        }
        Ok(id)
    }

    /// The codes of a target, its class ID and where it came from; a pairing must be
    /// good.
    pub fn resolve(&self, target: &Target) -> Result<(Vec<u8>, usize, Option<String>), AskError> {
        match target {
            Target::Id(id) => {
                let id = self.check_id(*id)?;
                Ok((self.data.catalogue.codes_of(id).to_vec(), id, None))
            }
            Target::Pairing { codes, source } => {
                if !Pairing::from_codes(codes.clone()).is_good(&self.board) {
                    return Err(AskError::NotGood {
                        source_name: source.clone(),
                        board: self.board.name().to_string(),
                    });
                }
                let id = query::class_of(&self.board, &self.data.catalogue, codes, source)?;
                Ok((codes.clone(), id, Some(source.clone())))
            }
        }
    }

    /// A symmetry as a document.
    pub fn symmetry_doc(&self, g: Symmetry) -> SymmetryDoc {
        SymmetryDoc {
            text: text::format(&self.board, g),
            report: self.geom.describe_symmetry(g.m, g.t),
        }
    }

    fn cell(&self, c: usize) -> Vec<i64> {
        self.board.coords(c).to_vec()
    }

    fn move_doc(&self, cell: usize, slides: &[Slide]) -> MoveDoc {
        MoveDoc {
            cell: self.cell(cell),
            slides: slides
                .iter()
                .map(|s| SlideDoc {
                    from: self.cell(s.from),
                    pivot: self.cell(s.pivot),
                    to: self.cell(s.to),
                })
                .collect(),
        }
    }

    /// `amoba query`: the class of `target`, its stabiliser, its place in the graph
    /// and each neighbour with a move that reaches it.
    pub fn query(&self, target: &Target) -> Result<QueryDoc, AskError> {
        let (codes, id, source) = self.resolve(target)?;
        let cat = &self.data.catalogue;
        let graph = &self.data.graph;
        let moves = query::moves_from(&self.board, cat, &codes)?;
        let canon = symmetry::canonical(&self.board, &Pairing::from_codes(codes.clone()));
        let input = source.map(|source| InputDoc {
            source,
            pairing: Pairing::from_codes(codes.clone()).to_line(),
            to_canonical: self.symmetry_doc(canon.to_canonical),
        });
        Ok(QueryDoc {
            provenance: self.provenance.stamped(&QUERY),
            id,
            canonical: cat.pairing(id).to_line(),
            kind: self.kinds.kind(&codes),
            input,
            stabiliser_order: canon.stabiliser.len(),
            stabiliser: canon
                .stabiliser
                .iter()
                .map(|&g| self.symmetry_doc(g))
                .collect(),
            component: graph.component(id),
            component_size: graph.component_size(graph.component(id)),
            degree: graph.degree(id),
            same_class_cells: moves.same_class.iter().map(|&c| self.cell(c)).collect(),
            neighbours: moves
                .neighbours
                .iter()
                .map(|n| NeighbourDoc {
                    id: n.id,
                    cells: n.cells.iter().map(|&c| self.cell(c)).collect(),
                    mv: self.move_doc(n.cells[0], &n.slides),
                    pairing: Pairing::from_codes(n.codes.clone()).to_line(),
                })
                .collect(),
        })
    }

    /// `amoba path`: a shortest sequence of moves from `from` to `to`, realised on the
    /// pairings themselves; `connected` is false (and there are no steps) when they lie
    /// in different components. The realised pairings of every step come with the
    /// document's steps, for drawing.
    pub fn path(
        &self,
        from: &Target,
        to: &Target,
    ) -> Result<(PathDoc, Vec<query::Step>), AskError> {
        let (a_codes, a, a_src) = self.resolve(from)?;
        let (b_codes, b, b_src) = self.resolve(to)?;
        let graph = &self.data.graph;
        let end = |id: usize, codes: &[u8], src: Option<String>| EndDoc {
            id,
            pairing: Pairing::from_codes(codes.to_vec()).to_line(),
            source: src.unwrap_or_else(|| format!("ID {id}")),
            component: graph.component(id),
        };
        let mut doc = PathDoc {
            provenance: self.provenance.stamped(&PATH),
            from: end(a, &a_codes, a_src),
            to: end(b, &b_codes, b_src),
            connected: false,
            length: None,
            steps: Vec::new(),
            last_to_target: None,
        };
        let Some(ids) = query::shortest_ids(graph, a, b) else {
            return Ok((doc, Vec::new()));
        };
        let steps = query::realise(&self.board, &self.data.catalogue, &a_codes, &ids)?;
        let last = steps.last().map_or(&a_codes, |s| &s.codes);
        let to_canon = |c: &[u8]| {
            symmetry::canonical(&self.board, &Pairing::from_codes(c.to_vec())).to_canonical
        };
        let g = symmetry::compose_inverse_first(&self.board, to_canon(&b_codes), to_canon(last));
        doc.connected = true;
        doc.length = Some(steps.len());
        doc.last_to_target = Some(self.symmetry_doc(g));
        doc.steps = steps
            .iter()
            .enumerate()
            .map(|(i, s)| StepDoc {
                step: i + 1,
                mv: self.move_doc(s.cell, &s.slides),
                id: s.id,
                pairing: Pairing::from_codes(s.codes.clone()).to_line(),
            })
            .collect();
        Ok((doc, steps))
    }

    /// `amoba canon`: the canonical form, ID and a symmetry reaching it, for each
    /// pairing; pairings that are not good are listed as such.
    pub fn canon(&self, pairings: &[Target]) -> Result<CanonDoc, AskError> {
        let mut out = Vec::with_capacity(pairings.len());
        for t in pairings {
            let (codes, source) = match t {
                Target::Id(id) => {
                    let id = self.check_id(*id)?;
                    (
                        self.data.catalogue.codes_of(id).to_vec(),
                        format!("ID {id}"),
                    )
                }
                Target::Pairing { codes, source } => (codes.clone(), source.clone()),
            };
            let p = Pairing::from_codes(codes);
            let mut e = CanonEntry {
                source,
                pairing: p.to_line(),
                good: p.is_good(&self.board),
                canonical: None,
                id: None,
                to_canonical: None,
                stabiliser_order: None,
            };
            if e.good {
                let c = symmetry::canonical(&self.board, &p);
                e.id = Some(query::class_of(
                    &self.board,
                    &self.data.catalogue,
                    &c.codes,
                    &e.source,
                )?);
                e.canonical = Some(Pairing::from_codes(c.codes).to_line());
                e.to_canonical = Some(self.symmetry_doc(c.to_canonical));
                e.stabiliser_order = Some(c.stabiliser.len());
            }
            out.push(e);
        }
        Ok(CanonDoc {
            provenance: self.provenance.stamped(&CANON),
            pairings: out,
        })
    }

    /// `amoba select`: the IDs of the classes that pass `filter`, ascending.
    pub fn select(&self, filter: &Filter) -> Vec<usize> {
        query::select(
            &self.board,
            &self.data.catalogue,
            Some(&self.data.graph),
            filter,
        )
    }

    /// One row of `amoba select --format json`.
    pub fn select_row(&self, id: usize) -> SelectRow {
        SelectRow {
            id,
            canonical: self.data.catalogue.pairing(id).to_line(),
            stabiliser_order: self.data.catalogue.stabiliser(id),
            component: self.data.graph.component(id),
            degree: self.data.graph.degree(id),
        }
    }

    /// The first line of `amoba select --format json`.
    pub fn select_head(&self) -> SelectHead {
        SelectHead {
            provenance: self.provenance.stamped(&SELECT),
        }
    }
}
