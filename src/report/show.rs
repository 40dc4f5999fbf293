//! What `amoba show` draws besides the picture itself ([`super::draw`]): the pairing a
//! catalogue ID or a pairing file names, with the caption that says which it is, and
//! the pairing as a file that `amoba verify`, `canon` and `query` read back.

use crate::check::pairing::{Geometry, Reader, VerifyError, analyse};
use crate::core::board::Board;
use crate::core::board::pairing::Pairing;
use crate::core::text::counted;
use crate::pairing::catalogue::Catalogue;
use std::io::BufRead;

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
