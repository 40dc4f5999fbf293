//! The pairing figures kept in `results/` (`amoba show --figures DIR`,
//! `scripts/draw-figures.sh`): which pairings are drawn, and how they are captioned.
//!
//! * `pairing-1.svg` — the first pairing of the catalogue;
//! * `symmetric-<ID>.svg` — every class of the largest stabiliser order, each with
//!   its stabiliser spelled out under the title, symmetry by symmetry
//!   (docs/spec.md §4), so that the picture can be checked by eye;
//! * `component6-<ID>.svg` — the classes of the 6-vertex component of the pairing
//!   graph (docs/spec.md §6), when there is one.
//!
//! Every caption names the board, the ID, the stabiliser order and the class's
//! component and degree in the pairing graph. The pictures are [`svg_with_notes`]'s,
//! on the torus view; the bytes depend only on the catalogue and the graph.

use crate::check::pairing::{Geometry, VerifyError};
use crate::core::board::Board;
use crate::core::io::IoError;
use crate::pairing::catalogue::Catalogue;
use crate::pairing::graph::PairingGraph;
use crate::report::draw::{View, svg_with_notes};
use crate::verify::{classify, graph_facts};

/// One figure: its file name and its SVG text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// File name (no directory).
    pub file: String,
    /// The SVG document.
    pub svg: String,
}

/// The figure set of a catalogue and what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureSet {
    /// The figures, in the order above.
    pub figures: Vec<Figure>,
    /// The largest stabiliser order.
    pub top_order: usize,
    /// The classes of that order.
    pub symmetric: Vec<usize>,
    /// The component of 6 vertices and its classes, if there is one.
    pub six: Option<(usize, Vec<usize>)>,
}

/// Why the figures could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum FigureError {
    /// The catalogue has no class.
    #[error("the catalogue is empty: there is nothing to draw")]
    Empty,
    /// A catalogue pairing could not be drawn (not a pairing of this board).
    #[error("class {id}: {source}")]
    Draw {
        /// The class.
        id: usize,
        /// Why.
        source: crate::report::draw::DrawError,
    },
    /// The stabiliser could not be computed.
    #[error("class {id}: {source}")]
    Classify {
        /// The class.
        id: usize,
        /// Why.
        source: VerifyError,
    },
}

/// The figure set of the catalogue `cat` of `board` (geometry `geom`), its pairing
/// graph built first (announced through `note`).
///
/// *Errors*: the graph cannot be built; those of [`figure_set`].
pub fn of_catalogue(
    board: &Board,
    geom: &Geometry,
    cat: &Catalogue,
    note: &dyn Fn(&str),
) -> Result<FigureSet, FiguresError> {
    note(&format!(
        "building the pairing graph of {}",
        crate::core::text::counted(cat.len() as u64, "class", "classes")
    ));
    let graph = crate::pairing::graph::of_catalogue(board, cat)?;
    Ok(figure_set(board, geom, cat, &graph)?)
}

/// Why the figure set of a catalogue could not be made.
#[derive(Debug, thiserror::Error)]
pub enum FiguresError {
    /// The pairing graph could not be built.
    #[error(transparent)]
    Graph(#[from] crate::pairing::graph::GraphError),
    /// A figure could not be drawn.
    #[error(transparent)]
    Figure(#[from] FigureError),
}

/// Draws the figure set of `cat` (a catalogue of `board`, with pairing graph
/// `graph`).
///
/// # Errors
/// [`FigureError`] when the catalogue is empty or one of its pairings cannot be drawn
/// or classified on `board`.
///
/// *Complexity*: one SVG per figure, plus a stabiliser computation (`|G|` images) per
/// symmetric class.
pub fn figure_set(
    board: &Board,
    geom: &Geometry,
    cat: &Catalogue,
    graph: &PairingGraph,
) -> Result<FigureSet, FigureError> {
    if cat.is_empty() {
        return Err(FigureError::Empty);
    }
    let name = board.name();
    let facts = |id: usize| {
        graph_facts(graph, id)
            .map(|g| {
                format!(
                    " · component {} ({} vertices), degree {}",
                    g.component, g.component_size, g.degree
                )
            })
            .unwrap_or_default()
    };
    let draw = |file: String, id: usize, caption: String, notes: &[String]| {
        svg_with_notes(geom, cat.codes_of(id), View::Torus, &caption, notes)
            .map(|svg| Figure { file, svg })
            .map_err(|source| FigureError::Draw { id, source })
    };
    let mut figures = vec![draw(
        "pairing-1.svg".into(),
        1,
        format!(
            "{name} pairing ID 1 (first of the catalogue) · stabiliser order {}{}",
            cat.stabiliser(1),
            facts(1)
        ),
        &[],
    )?];
    let top_order = (1..=cat.len())
        .map(|id| cat.stabiliser(id))
        .max()
        .unwrap_or(1);
    let symmetric: Vec<usize> = (1..=cat.len())
        .filter(|&id| cat.stabiliser(id) == top_order)
        .collect();
    for &id in &symmetric {
        let notes = stabiliser_notes(geom, board, cat, id)?;
        figures.push(draw(
            format!("symmetric-{id}.svg"),
            id,
            format!(
                "{name} pairing ID {id} · stabiliser order {top_order} (the largest){}",
                facts(id)
            ),
            &notes,
        )?);
    }
    let six = graph
        .component_sizes()
        .iter()
        .position(|&s| s == 6)
        .map(|c| (c + 1, graph.component_members(c + 1)));
    if let Some((_, members)) = &six {
        for &id in members {
            figures.push(draw(
                format!("component6-{id}.svg"),
                id,
                format!(
                    "{name} pairing ID {id} · stabiliser order {}{}",
                    cat.stabiliser(id),
                    facts(id)
                ),
                &[],
            )?);
        }
    }
    Ok(FigureSet {
        figures,
        top_order,
        symmetric,
        six,
    })
}

/// The stabiliser of class `id`'s canonical pairing, one line per symmetry:
/// `half turn, then translation by (4,4): (x,y) ↦ (−x+4, −y+4) (mod 8)`.
pub fn stabiliser_notes(
    geom: &Geometry,
    board: &Board,
    cat: &Catalogue,
    id: usize,
) -> Result<Vec<String>, FigureError> {
    let class = classify(geom, board, cat.codes_of(id), None)
        .map_err(|source| FigureError::Classify { id, source })?;
    let mut notes = vec![format!(
        "its stabiliser, the {} symmetries that map it to itself:",
        class.stabiliser_order
    )];
    notes.extend(
        class
            .stabiliser
            .iter()
            .map(|g| format!("{}: {}", g.kind, g.formula)),
    );
    Ok(notes)
}

impl FigureSet {
    /// Writes every figure into `dir` (atomically, one file each). *Returns* the files
    /// written, in order.
    ///
    /// *Errors*: the first file that cannot be written.
    pub fn write(&self, dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>, IoError> {
        let mut written = Vec::new();
        for f in &self.figures {
            let path = dir.join(&f.file);
            crate::core::io::write_atomic(&path, |w| w.write_all(f.svg.as_bytes()))?;
            written.push(path);
        }
        Ok(written)
    }
}
