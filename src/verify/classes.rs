//! Check 6 for a whole run of the verifier: the class, ID and graph facts of every
//! good pairing, on every kind of board (docs/spec.md §4, §5, §8).
//!
//! [`classify`] answers for one pairing given a catalogue in hand. A run of `amoba
//! verify` (or the Python package's `verify`) needs more: the catalogue and the
//! pairing graph are loaded the first time a good pairing needs them, and once only;
//! a board with no catalogue (cube7) reports the canonical form and stabiliser alone;
//! and a board that refines a coarser one (square9-16 refines square9) classifies a
//! pairing periodic with the coarser lattice on the coarser board, with that board's
//! catalogue and graph, while its own catalogue (of the finer classes) is read when its
//! file is there and never enumerated. [`Classes`] holds that state, so that the
//! command line and Python give the same reports by construction.
//!
//! The catalogue and graph come through [`crate::pairing::graph::index`] when graph facts are
//! wanted (the index makes a later run fast), else through
//! [`crate::pairing::catalogue::source`]. Every ID found is confirmed against the text of its
//! catalogue line ([`check_catalogue_line`]), as check 6 requires.

use super::{
    Candidate, Geometry, GraphFacts, PairingReport, Refinement, VerifyError, check_catalogue_line,
    classify, graph_facts, no_catalogue_reason,
};
use crate::core::board::Board;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::catalogue::source::{self, Location};
use crate::pairing::graph::PairingGraph;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A catalogue with the file its lines came from and, when wanted, its graph.
struct Loaded {
    catalogue: Catalogue,
    file: Option<PathBuf>,
    graph: Option<PairingGraph>,
}

/// The classifying state of one verifier run on one board (module docs).
pub struct Classes {
    board: Board,
    /// Shared, so that a run can read pairings with it while classifying them.
    geom: Arc<Geometry>,
    location: Location,
    want_graph: bool,
    note: fn(&str),
    loaded: Option<Loaded>,
    /// The coarser board, on a board that refines one.
    coarser: Option<Coarser>,
}

/// The coarser board of a refining board: the refinement and the coarser board's own
/// classifying state.
struct Coarser {
    refinement: Refinement,
    classes: Box<Classes>,
}

impl Classes {
    /// The state for `board`: its catalogue from `catalogue` or where
    /// [`source::locate`] finds it, on a refining board the coarser board's catalogue
    /// from `coarser_catalogue` (or found likewise), graph facts when `want_graph` and
    /// the board has a pairing graph. `note` receives one-line messages for the user
    /// (enumerating, building the graph). Nothing is loaded yet.
    pub fn new(
        board: Board,
        catalogue: Option<&Path>,
        coarser_catalogue: Option<&Path>,
        want_graph: bool,
        note: fn(&str),
    ) -> Result<Classes, VerifyError> {
        let geom = Arc::new(Geometry::new(&board)?);
        let coarser = match geom.refines() {
            Some(name) => {
                let b = Board::by_name(name).map_err(|e| VerifyError::Board {
                    board: name.to_string(),
                    message: e.to_string(),
                })?;
                let inner = Classes::new(b, coarser_catalogue, None, want_graph, note)?;
                Some(Coarser {
                    refinement: Refinement::new(&geom, &inner.geom)?,
                    classes: Box::new(inner),
                })
            }
            None => None,
        };
        let want_graph = want_graph && crate::pairing::graph::no_graph_reason(&board).is_none();
        Ok(Classes {
            location: source::locate(&board, catalogue),
            board,
            geom,
            want_graph,
            note,
            loaded: None,
            coarser,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The verifier's geometry of the board.
    pub fn geometry(&self) -> Arc<Geometry> {
        Arc::clone(&self.geom)
    }

    /// The catalogue, if one has been loaded.
    pub fn catalogue(&self) -> Option<&Catalogue> {
        self.loaded.as_ref().map(|l| &l.catalogue)
    }

    /// Where the catalogue is (or would be) read, as reports name it; `none` on a
    /// board with no catalogue.
    pub fn describe(&self) -> String {
        match no_catalogue_reason(&self.geom) {
            Some(_) => "none".to_string(),
            None => self.location.describe(),
        }
    }

    /// Loads the catalogue (and the graph when wanted), enumerating it where
    /// [`source::load`] would.
    fn load(&mut self) -> Result<(), VerifyError> {
        if self.loaded.is_none() {
            let note = self.note;
            let loaded = if self.want_graph {
                let ix = crate::pairing::graph::index::load(&self.board, &self.location, &note)?;
                Loaded {
                    catalogue: ix.catalogue,
                    file: ix.catalogue_file,
                    graph: Some(ix.graph),
                }
            } else {
                let l = source::load(&self.board, &self.location, &note)
                    .map_err(crate::pairing::graph::index::IndexError::from)?;
                Loaded {
                    catalogue: l.catalogue,
                    file: l.file,
                    graph: None,
                }
            };
            self.loaded = Some(loaded);
        }
        Ok(())
    }

    /// Check 6 for a good pairing: sets `report.class` (class, ID and graph facts
    /// where the board has them). `codes` are the pairing's codes on this board.
    ///
    /// Errors: the catalogue cannot be loaded, or a cross-check fails (the pairing is
    /// good but its canonical form is not in the catalogue, the catalogue line does
    /// not match, …).
    pub fn classify(
        &mut self,
        report: &mut PairingReport,
        codes: &[u8],
    ) -> Result<(), VerifyError> {
        if self.coarser.is_some() {
            return self.classify_refining(report, codes);
        }
        if let Some(why) = no_catalogue_reason(&self.geom) {
            // No catalogue to load or enumerate (cube7: the count is out of reach).
            let mut class = classify(&self.geom, &self.board, codes, None)?;
            class.no_catalogue = Some(why);
            report.class = Some(class);
            return Ok(());
        }
        self.load()?;
        let (board, geom, location) = (&self.board, &self.geom, &self.location);
        let Some(loaded) = self.loaded.as_ref() else {
            return Err(VerifyError::CrossCheck("catalogue not loaded".into()));
        };
        let mut class = classify(geom, board, codes, Some(&loaded.catalogue))?;
        let Some(id) = class.id else {
            return Err(VerifyError::CrossCheck(format!(
                "{}:{}: the pairing is good but its canonical form {} is not in the catalogue \
                 {}: the catalogue is incomplete or belongs to another board",
                report.file,
                report.line,
                class.canonical,
                location.describe()
            )));
        };
        // The ID is confirmed against the text of the file (when the catalogue has
        // one; classify has already compared the codes in memory).
        if let Some(file) = &loaded.file {
            check_catalogue_line(file, id, &class.canonical)?;
        }
        class.graph = self.graph_facts(id);
        report.class = Some(class);
        Ok(())
    }

    /// The report on `cand`, the `n`-th pairing of `name` read with `geom`: analysed,
    /// its two checks compared, and classified when good.
    ///
    /// Errors: the periodic check and the line count disagreeing, or what
    /// [`Classes::classify`] reports.
    pub fn report(
        &mut self,
        geom: &Geometry,
        name: &str,
        n: usize,
        cand: &Candidate,
    ) -> Result<PairingReport, VerifyError> {
        let mut report = PairingReport::new(geom, name, n, cand);
        if !report.analysis.checks_agree {
            return Err(VerifyError::CrossCheck(format!(
                "{name}:{}: the periodic check and the line count disagree",
                cand.line
            )));
        }
        if report.good {
            self.classify(&mut report, &cand.codes)?;
        }
        Ok(report)
    }

    /// The report on every pairing of `text` (`name` for messages), as `amoba verify
    /// --json` lists them: the checks, and for a good pairing its class, ID and place
    /// in the graph.
    ///
    /// Errors: a malformed line (naming `name`, the line and the column), a text with
    /// no pairing, or what [`Classes::classify`] reports.
    pub fn reports(&mut self, name: &str, text: &str) -> Result<Vec<PairingReport>, VerifyError> {
        let mut out = Vec::new();
        let geom = self.geometry();
        let mut reader = super::Reader::new(&geom, name.to_string(), text.as_bytes());
        while let Some(cand) = reader.next_candidate()? {
            out.push(self.report(&geom, name, reader.pairings_read(), &cand)?);
        }
        if out.is_empty() {
            return Err(VerifyError::Malformed {
                file: name.to_string(),
                line: 1,
                column: 1,
                message: "found no pairing, expected at least one (one-line form or grid; \
                          FORMATS.md)"
                    .into(),
            });
        }
        Ok(out)
    }

    fn graph_facts(&self, id: usize) -> Option<GraphFacts> {
        let graph = self.loaded.as_ref()?.graph.as_ref()?;
        graph_facts(graph, id)
    }

    /// Check 6 on a board that refines a coarser one: the class on this board, with
    /// its ID when the pairing is not periodic with the coarser lattice (and this
    /// board's catalogue is there), else its class on the coarser board.
    fn classify_refining(
        &mut self,
        report: &mut PairingReport,
        codes: &[u8],
    ) -> Result<(), VerifyError> {
        // This board's catalogue is read when its file is there, never enumerated here.
        if self.loaded.is_none()
            && let Some(path) = self.location.path().filter(|p| p.is_file())
        {
            let catalogue = Catalogue::read(&self.board, path)
                .map_err(crate::pairing::graph::index::IndexError::from)?;
            self.loaded = Some(Loaded {
                catalogue,
                file: Some(path.to_path_buf()),
                graph: None,
            });
        }
        let (board, geom, location) = (&self.board, &self.geom, &self.location);
        let own = self.loaded.as_ref();
        let mut class = classify(geom, board, codes, own.map(|l| &l.catalogue))?;
        let place = format!("{}:{}", report.file, report.line);
        let Some(coarser) = self.coarser.as_mut() else {
            return Err(VerifyError::CrossCheck("no coarser board".into()));
        };
        let mut periodicity = coarser.refinement.periodicity(geom, codes);
        let (coarse_kind, fine_kind) = coarser.refinement.kinds();
        match coarser.refinement.restrict(codes) {
            Some(coarse_codes) => {
                if let Some(id) = class.id {
                    return Err(VerifyError::CrossCheck(format!(
                        "{place}: the pairing is {coarse_kind}, yet its canonical form is line \
                         {id} of the catalogue {}, which holds the {fine_kind} classes only",
                        location.describe()
                    )));
                }
                class.no_catalogue = Some(format!(
                    "the catalogue of {} holds the {fine_kind} classes only; this pairing is \
                     {coarse_kind}, its class on {} follows",
                    board.name(),
                    coarser.refinement.coarse_board()
                ));
                let cand = Candidate {
                    line: report.line,
                    column: report.column,
                    form: report.form,
                    codes: coarse_codes,
                };
                let inner = &mut coarser.classes;
                let mut sub = PairingReport::new(&inner.geom, &report.file, report.index, &cand);
                if !sub.good {
                    return Err(VerifyError::CrossCheck(format!(
                        "{place}: the pairing is good and {coarse_kind}, but its pairing of {} \
                         is not good",
                        coarser.refinement.coarse_board()
                    )));
                }
                inner.classify(&mut sub, &cand.codes)?;
                periodicity.coarser_class = sub.class.map(Box::new);
            }
            None => match class.id {
                Some(id) => {
                    if let Some(file) = own.and_then(|l| l.file.as_ref()) {
                        check_catalogue_line(file, id, &class.canonical)?;
                    }
                }
                None if own.is_some() => {
                    return Err(VerifyError::CrossCheck(format!(
                        "{place}: the pairing is good and {fine_kind} but its canonical form \
                         {} is not in the catalogue {}: the catalogue is incomplete or belongs \
                         to another board",
                        class.canonical,
                        location.describe()
                    )));
                }
                None => {
                    class.no_catalogue = Some(format!(
                        "{} not found, so the ID is unknown; `amoba enumerate --board {}` \
                         writes {}",
                        location.describe(),
                        board.name(),
                        source::results_path(board).display()
                    ));
                }
            },
        }
        class.periodicity = Some(periodicity);
        report.class = Some(class);
        Ok(())
    }
}
