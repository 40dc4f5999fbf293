//! What `amoba show` prints: the pairing a catalogue ID or a pairing file names, with
//! the caption that says which it is, and its picture in the form asked for
//! ([`Form`]): the drawing of [`super::draw`], the pairing as a file that `amoba
//! verify`, `canon` and `query` read back, the blocks C and W of a pairing of
//! square9-16 labelled with their 8×8 catalogue IDs ([`super::blocks`]), or a periodic
//! t-placement in a window of the plane ([`super::placement`]).
//!
//! The command only finds the pairing (or reads the placement file) and writes the
//! picture where `--out` says; what is drawn, and how large, is decided here.

use crate::check::pairing::{Geometry, Reader, VerifyError, analyse};
use crate::core::board::Board;
use crate::core::board::pairing::Pairing;
use crate::core::text::counted;
use crate::pairing::catalogue::blocks::{self, BlocksError};
use crate::pairing::catalogue::source;
use crate::pairing::catalogue::{Catalogue, CatalogueError};
use crate::report::blocks::BlockIds;
use crate::report::draw::{DrawError, MAX_WINDOW, View, ascii, svg};
use std::io::BufRead;

/// The forms a picture takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Characters.
    Ascii,
    /// Scalable vector graphics.
    Svg,
    /// The file that reads back: a pairing in the candidate file form, a placement
    /// file as it was read.
    Codes,
}

/// Why a picture cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ShowError {
    /// The pairing cannot be drawn.
    #[error(transparent)]
    Draw(#[from] DrawError),
    /// The codes are not a pairing of square9-16.
    #[error(transparent)]
    Blocks(#[from] BlocksError),
    /// The square9 catalogue for the labels of the blocks cannot be loaded.
    #[error(transparent)]
    Catalogue(#[from] CatalogueError),
    /// The placement file does not read, or does not tile the plane.
    #[error(transparent)]
    Placement(#[from] VerifyError),
    /// The window asked for is out of range.
    #[error("--window {0}: expected 1 to {MAX_WINDOW}")]
    Window(usize),
}

/// A pairing to draw: its direction codes and a caption naming it.
pub type Shown = (Vec<u8>, String);

/// Why the pairing asked for is not there.
#[derive(Debug, thiserror::Error)]
pub enum PickError {
    /// The catalogue has no class of that ID.
    #[error("found ID {id}, expected a catalogue ID from 1 to {len} ({catalogue})")]
    Id {
        /// The ID asked for.
        id: usize,
        /// The classes of the catalogue.
        len: usize,
        /// Where the catalogue comes from.
        catalogue: String,
    },
    /// The file does not read as pairings.
    #[error(transparent)]
    Read(#[from] VerifyError),
    /// The file has fewer pairings than the one asked for.
    #[error("{file}: found {}, expected at least {pick} (--pick {pick})", counted(*.seen as u64, "pairing", "pairings"))]
    TooFew {
        /// The file, as messages name it.
        file: String,
        /// The pairings it has.
        seen: usize,
        /// The one asked for (1-based).
        pick: usize,
    },
}

/// Catalogue pairing `id` of `board` (1-based), captioned with its stabiliser order;
/// `catalogue` says where the catalogue comes from, for the error.
pub fn by_id(board: &str, cat: &Catalogue, catalogue: &str, id: usize) -> Result<Shown, PickError> {
    if id == 0 || id > cat.len() {
        return Err(PickError::Id {
            id,
            len: cat.len(),
            catalogue: catalogue.into(),
        });
    }
    Ok((
        cat.codes_of(id).to_vec(),
        format!(
            "{board} pairing ID {id} · stabiliser order {}",
            cat.stabiliser(id)
        ),
    ))
}

/// Pairing number `pick` (1-based) of the file `reader` reads, captioned with its
/// line and whether it is good.
pub fn pick<R: BufRead>(
    geom: &Geometry,
    reader: &mut Reader<'_, R>,
    file: &str,
    pick: usize,
) -> Result<Shown, PickError> {
    let mut seen = 0;
    while let Some(cand) = reader.next_candidate()? {
        seen += 1;
        if seen == pick {
            let verdict = if analyse(geom, &cand.codes).good {
                "good"
            } else {
                "not good"
            };
            let caption = format!("{file}: pairing {pick} (line {}), {verdict}", cand.line);
            return Ok((cand.codes, caption));
        }
    }
    Err(PickError::TooFew {
        file: file.into(),
        seen,
        pick,
    })
}

/// The pairing `codes` of `board` in the candidate file form (FORMATS.md), headed by
/// `caption`: a grid on the plane, the one-line form elsewhere.
pub fn codes_file(board: &Board, codes: &[u8], caption: &str) -> String {
    let pairing = Pairing::from_codes(codes.to_vec());
    let body = if board.dim() == 2 {
        pairing.to_grid(board)
    } else {
        pairing.to_line()
    };
    format!("# {caption}\n{}\n", body.trim_end())
}

/// The picture of the pairing `codes` of `board` (geometry `geom`) in `form`, headed
/// by `caption`; `view` says which part of the plane the drawings show.
pub fn picture(
    board: &Board,
    geom: &Geometry,
    codes: &[u8],
    view: View,
    caption: &str,
    form: Form,
) -> Result<String, DrawError> {
    Ok(match form {
        Form::Ascii => ascii(geom, codes, view, caption)?,
        Form::Svg => svg(geom, codes, view, caption)?,
        Form::Codes => codes_file(board, codes, caption),
    })
}

/// The picture of the pairing `codes` of square9-16 (`board`) in `form`: the 16×16
/// window of the plane at its blocks C and W, labelled with their IDs in the square9
/// catalogue (found where `amoba verify` finds it, loaded with `note` for messages)
/// when the pairing has a reported pair of blocks.
pub fn blocks_picture(
    board: &Board,
    codes: &[u8],
    caption: &str,
    form: Form,
    note: &dyn Fn(&str),
) -> Result<String, ShowError> {
    let mut ids = BlockIds::default();
    if let Some(r) = blocks::analyse(codes)?.reported {
        let board8 = Board::square9();
        let cat8 = source::load(&board8, &source::locate(&board8, None), note)?.catalogue;
        ids.c = blocks::block_id(&board8, &cat8, &r.c);
        ids.w = blocks::block_id(&board8, &cat8, &r.w);
    }
    Ok(match form {
        Form::Ascii => super::blocks::ascii(codes, ids, caption)?,
        Form::Svg => super::blocks::svg(codes, ids, caption)?,
        Form::Codes => codes_file(board, codes, caption),
    })
}

/// Whether a pairing of `board` is drawn as its blocks ([`blocks_picture`]): on
/// square9-16, unless a plain window (`--window`) or the figure set (`--figures`) is
/// asked for.
pub fn as_blocks(board: &Board, window: Option<usize>, figures: bool) -> bool {
    blocks::applies_to(board) && window.is_none() && !figures
}

/// The picture of the pairing `codes` of `board` (geometry `geom`) in `form`, headed
/// by `caption`: as its blocks when [`as_blocks`] says so (`note` for the messages of
/// loading the square9 catalogue), else of the torus, or of a window of side `window`
/// when given.
///
/// *Errors*: those of [`blocks_picture`] and [`picture`].
pub fn drawn(
    board: &Board,
    geom: &Geometry,
    (codes, caption): (&[u8], &str),
    window: Option<usize>,
    form: Form,
    note: &dyn Fn(&str),
) -> Result<String, ShowError> {
    if as_blocks(board, window, false) {
        return blocks_picture(board, codes, caption, form, note);
    }
    let view = window.map_or(View::Torus, View::Window);
    Ok(picture(board, geom, codes, view, caption, form)?)
}

/// Refuses a window side of a placement's picture out of `1..=`[`MAX_WINDOW`] (before
/// the file is read).
pub fn check_window(window: Option<usize>) -> Result<(), ShowError> {
    match window {
        Some(n) if !(1..=MAX_WINDOW).contains(&n) => Err(ShowError::Window(n)),
        _ => Ok(()),
    }
}

/// The picture of the periodic t-placement `text` (read from `file`) in `form`: an
/// N×N window of the plane, `window` or by default two periods of its lattice
/// ([`super::placement::default_window`]); the codes form is the file itself.
pub fn placement_picture(
    file: &str,
    text: &str,
    window: Option<usize>,
    form: Form,
) -> Result<String, ShowError> {
    use crate::check::placement::{parse_placement, tile};
    check_window(window)?;
    let placement = parse_placement(file, text)?;
    let tiling = tile(file, &placement, None)?;
    let n = window.unwrap_or_else(|| super::placement::default_window(&tiling));
    Ok(match form {
        Form::Ascii => super::placement::ascii(&tiling, n),
        Form::Svg => super::placement::svg(&placement, &tiling, n),
        Form::Codes => text.to_string(),
    })
}

/// What `amoba show --figures` prints on stdout: the classes of the largest
/// stabiliser order, and the component of 6 vertices of the pairing graph.
pub fn figures_summary(set: &super::figures::FigureSet) -> String {
    let ids = |v: &[usize]| {
        v.iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = format!(
        "{} of stabiliser order {}: IDs {}\n",
        counted(set.symmetric.len() as u64, "class", "classes"),
        set.top_order,
        ids(&set.symmetric)
    );
    match &set.six {
        Some((c, members)) => {
            out += &format!("component {c} has 6 vertices: IDs {}\n", ids(members));
        }
        None => out += "no component of the pairing graph has 6 vertices\n",
    }
    out
}
