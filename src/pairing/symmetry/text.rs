//! The text form of a symmetry (FORMATS.md, *Symmetries*), read by `amoba transform`
//! and `amoba select` and written by `amoba canon`, `amoba query` and `amoba path`.
//!
//! A symmetry `g(x) = M·x + t` of a board of dimension `d` is written as the `d` rows
//! of `M`, separated by spaces, each row its `d` entries separated by commas, then
//! `+` and the translation `t`:
//!
//! ```text
//! 0,-1 1,0 + 3,0        (x,y) ↦ (−y+3, x) on the plane
//! -1 + 2                x ↦ −x+2 on a line
//! ```
//!
//! The translation may be left out (it is then 0), and so may the matrix (it is then
//! the identity): `+ 1,0` is the translation by (1,0), `1,0 0,1` the identity. The word
//! `identity` is the identity too. A matrix must be an element of the board's point
//! group; a translation is any integer vector, reduced modulo the period lattice.
//! [`format()`] writes the translation reduced to its cell (the one `amoba` prints for
//! the cell index), so `parse(format(g)) == g`.

use crate::core::board::{Board, Symmetry};

/// Why a text is not a symmetry of the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SymmetryTextError {
    /// Not of the shape `ROWS [+ VECTOR]`.
    #[error("{text:?}: {message}")]
    Syntax {
        /// The text read.
        text: String,
        /// What was expected.
        message: String,
    },
    /// The matrix is not in the point group.
    #[error(
        "{text:?}: the matrix {matrix} is not a symmetry of board {board}; its point group \
         has {order} elements: {elements}"
    )]
    NotInGroup {
        /// The text read.
        text: String,
        /// The matrix, as read.
        matrix: String,
        /// The board.
        board: String,
        /// Order of the point group.
        order: usize,
        /// Its elements in the text form, separated by `; `.
        elements: String,
    },
}

/// Reads a symmetry of `board` from its text form (module docs).
///
/// # Errors
///
/// A malformed text (naming what was expected), or a matrix outside the point group.
///
/// ```
/// use amoba::core::board::Board;
/// use amoba::pairing::symmetry::text::{format, parse};
/// let b = Board::square9();
/// let g = parse(&b, "0,-1 1,0 + 3,0").unwrap();
/// assert_eq!(format(&b, g), "0,-1 1,0 + 3,0");
/// assert_eq!(parse(&b, "identity").unwrap(), parse(&b, "+ 8,-16").unwrap());
/// ```
pub fn parse(board: &Board, text: &str) -> Result<Symmetry, SymmetryTextError> {
    let d = board.dim();
    let syntax = |message: String| SymmetryTextError::Syntax {
        text: text.to_string(),
        message,
    };
    let trimmed = text.trim();
    let (matrix_text, shift_text) = match trimmed.split_once('+') {
        // A `+` that starts a number belongs to it only after a comma; the separator
        // stands alone or follows the matrix.
        Some((m, t)) => (m.trim(), Some(t.trim())),
        None => (trimmed, None),
    };
    let numbers = |part: &str, what: &str| -> Result<Vec<i64>, SymmetryTextError> {
        let v: Vec<&str> = part.split(',').map(str::trim).collect();
        if v.len() != d {
            return Err(syntax(format!(
                "{what} {part:?} has {} entries, expected {d} (the board's dimension), \
                 separated by commas",
                v.len()
            )));
        }
        v.iter()
            .map(|x| {
                x.parse::<i64>()
                    .map_err(|_| syntax(format!("{x:?} in {what} {part:?} is not an integer")))
            })
            .collect()
    };
    let matrix: Vec<i64> = if matrix_text.is_empty() || matrix_text == "identity" {
        if matrix_text == "identity" && shift_text.is_some() {
            return Err(syntax(
                "`identity` stands alone; write a translation as `+ VECTOR`".into(),
            ));
        }
        crate::core::board::group::identity(d)
    } else {
        let rows: Vec<&str> = matrix_text.split_whitespace().collect();
        if rows.len() != d {
            return Err(syntax(format!(
                "expected a matrix of {d} rows separated by spaces (e.g. {}), then \
                 optionally `+` and a translation; found {} rows",
                example(d),
                rows.len()
            )));
        }
        let mut m = Vec::with_capacity(d * d);
        for (i, r) in rows.iter().enumerate() {
            m.extend(numbers(r, &format!("row {}", i + 1))?);
        }
        m
    };
    let shift = match shift_text {
        None => vec![0; d],
        Some("") => {
            return Err(syntax(
                "`+` must be followed by a translation vector".into(),
            ));
        }
        Some(t) => numbers(t, "translation")?,
    };
    let m = board
        .point_group()
        .iter()
        .position(|g| *g == matrix)
        .ok_or_else(|| SymmetryTextError::NotInGroup {
            text: text.to_string(),
            matrix: matrix_text.to_string(),
            board: board.name().to_string(),
            order: board.point_group().len(),
            elements: board
                .point_group()
                .iter()
                .map(|g| matrix_text_of(g, d))
                .collect::<Vec<_>>()
                .join("; "),
        })?;
    Ok(Symmetry {
        m,
        t: board.index_of(&shift),
    })
}

/// The text form of `g` (module docs): matrix rows, then `+` and the translation
/// reduced to its cell.
pub fn format(board: &Board, g: Symmetry) -> String {
    let d = board.dim();
    let m = &board.point_group()[g.m];
    let rows: Vec<String> = (0..d)
        .map(|r| {
            (0..d)
                .map(|c| m[r * d + c].to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let t: Vec<String> = board.coords(g.t).iter().map(i64::to_string).collect();
    format!("{} + {}", rows.join(" "), t.join(","))
}

/// An example matrix text for dimension `d`.
fn example(d: usize) -> &'static str {
    match d {
        1 => "-1",
        2 => "0,-1 1,0",
        _ => "0,-1,0 1,0,0 0,0,1",
    }
}

/// A matrix of dimension `d` (row-major) in the text form: `0,-1 1,0`.
fn matrix_text_of(m: &[i64], d: usize) -> String {
    m.chunks(d)
        .map(|r| r.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symmetry_reads_back_from_its_text() {
        for b in [
            Board::square9(),
            Board::hex7(),
            Board::line3(),
            Board::cube7(),
        ] {
            for g in b.symmetries().step_by(7) {
                assert_eq!(parse(&b, &format(&b, g)), Ok(g), "{}", b.name());
            }
        }
    }

    #[test]
    fn bad_texts_say_what_was_expected() {
        let b = Board::square9();
        for (text, expect) in [
            ("0,-1", "expected a matrix of 2 rows"),
            ("0,-1 1,x", "\"x\" in row 2"),
            ("0,-1 1,0 +", "followed by a translation"),
            ("0,-1 1,0 + 1", "has 1 entries, expected 2"),
            ("2,0 0,1", "not a symmetry of board square9"),
            ("identity + 1,0", "stands alone"),
        ] {
            let e = parse(&b, text).unwrap_err().to_string();
            assert!(e.contains(expect), "{text}: {e}");
        }
    }
}
