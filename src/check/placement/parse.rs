//! The reader of the placement text form (docs/spec.md §10; FORMATS.md, *Placement
//! files*): the lattice line, one cookie a line, and the lines recording the game
//! (`directions`, `k`, `t`), each error naming the file, line and column.

use super::*;
use crate::check::quoted;

/// Parses `x,y` at `column` (1-based) of `line`.
fn parse_vector(file: &str, line: usize, column: usize, s: &str) -> Result<[i64; 2], VerifyError> {
    let bad = || {
        malformed(
            file,
            line,
            column,
            format!(
                "found {}, expected a cell or vector x,y of two integers",
                quoted(s)
            ),
        )
    };
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let v: [i64; 2] = [x.parse().map_err(|_| bad())?, y.parse().map_err(|_| bad())?];
    if v.iter().any(|c| c.unsigned_abs() > MAX_COORDINATE as u64) {
        return Err(malformed(
            file,
            line,
            column,
            format!(
                "found {}, expected coordinates of at most {MAX_COORDINATE} in absolute value",
                quoted(s)
            ),
        ));
    }
    Ok(v)
}

/// Reads a placement in the text form of docs/spec.md §10 (FORMATS.md, *Placement
/// files*): `#` comments and blank lines anywhere, a first line `lattice x1,y1 x2,y2`,
/// then one cookie per line, cells `x,y:a` or `x,y:b` separated by blanks.
///
/// Errors: [`VerifyError::Malformed`] naming `file`, the line and column and what was
/// expected.
pub fn parse_placement(file: &str, text: &str) -> Result<Placement, VerifyError> {
    let mut recorded = Recorded::default();
    let mut lattice = None;
    let mut cookies = Vec::new();
    let mut cells_read = 0u64;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let body = raw.split('#').next().unwrap_or("");
        // Tokens with their 1-based character columns (byte offsets for slicing).
        let mut tokens: Vec<(usize, String)> = Vec::new();
        let mut start = None;
        let ends = body
            .char_indices()
            .chain(std::iter::once((body.len(), ' ')));
        for (col, (at, ch)) in ends.enumerate() {
            match (ch.is_whitespace(), start) {
                (false, None) => start = Some((col, at)),
                (true, Some((c, a))) => {
                    tokens.push((c + 1, body[a..at].to_string()));
                    start = None;
                }
                _ => {}
            }
        }
        if tokens.is_empty() {
            continue;
        }
        if lattice.is_none() {
            if matches!(tokens[0].1.as_str(), "directions" | "k" | "t") {
                record(file, line, &tokens, &mut recorded)?;
                continue;
            }
            if tokens[0].1 != "lattice" || tokens.len() != 3 {
                return Err(malformed(
                    file,
                    line,
                    tokens[0].0,
                    format!(
                        "found {}, expected `lattice x1,y1 x2,y2` (after the optional \
                         `directions`, `k` and `t` lines)",
                        quoted(body.trim())
                    ),
                ));
            }
            let v1 = parse_vector(file, line, tokens[1].0, &tokens[1].1)?;
            let v2 = parse_vector(file, line, tokens[2].0, &tokens[2].1)?;
            if let Some(h) = Hnf::new([v1, v2])
                && h.index() > MAX_INDEX
            {
                return Err(malformed(
                    file,
                    line,
                    tokens[1].0,
                    format!(
                        "the lattice has index {}, expected at most {MAX_INDEX}",
                        h.index()
                    ),
                ));
            }
            lattice = Some(([v1, v2], line));
            continue;
        }
        let mut cells = Vec::new();
        for (col, tok) in &tokens {
            cells_read += 1;
            if cells_read > MAX_INDEX {
                return Err(malformed(
                    file,
                    line,
                    *col,
                    format!(
                        "found more than {MAX_INDEX} cells, expected at most one per cell of \
                         a period of the lattice (whose index is at most {MAX_INDEX})"
                    ),
                ));
            }
            let Some((cell, part)) = tok.rsplit_once(':') else {
                return Err(malformed(
                    file,
                    line,
                    *col,
                    format!("found {}, expected a cell x,y:a or x,y:b", quoted(tok)),
                ));
            };
            let part = match part {
                "a" => Part::A,
                "b" => Part::B,
                other => {
                    return Err(malformed(
                        file,
                        line,
                        col + cell.chars().count() + 1,
                        format!("found part {}, expected a or b", quoted(other)),
                    ));
                }
            };
            cells.push((parse_vector(file, line, *col, cell)?, part));
        }
        cookies.push(Cookie { line, cells });
    }
    let Some((lattice, lattice_line)) = lattice else {
        return Err(malformed(
            file,
            1,
            1,
            "found no `lattice` line, expected a placement (FORMATS.md, Placement files)".into(),
        ));
    };
    Ok(Placement {
        recorded,
        lattice,
        lattice_line,
        cookies,
    })
}

/// Reads one line of the game a placement records (`directions x,y …`, `k K` or `t T`,
/// the keyword first among `tokens`) into `recorded`.
fn record(
    file: &str,
    line: usize,
    tokens: &[(usize, String)],
    recorded: &mut Recorded,
) -> Result<(), VerifyError> {
    let (column, keyword) = (tokens[0].0, tokens[0].1.as_str());
    let twice = || {
        malformed(
            file,
            line,
            column,
            format!("found a second `{keyword}` line, expected it at most once"),
        )
    };
    if keyword == "directions" {
        if recorded.directions.is_some() {
            return Err(twice());
        }
        if tokens.len() < 2 || tokens.len() > MAX_DIRECTIONS + 1 {
            return Err(malformed(
                file,
                line,
                column,
                format!("expected `directions` and 1 to {MAX_DIRECTIONS} vectors x,y"),
            ));
        }
        let mut directions: Vec<[i64; 2]> = Vec::new();
        for (col, tok) in &tokens[1..] {
            let v = parse_vector(file, line, *col, tok)?;
            let bad = |why: &str| {
                malformed(
                    file,
                    line,
                    *col,
                    format!("direction {}: {why}", quoted(tok)),
                )
            };
            if v == [0, 0] || v.iter().any(|x| x.unsigned_abs() > MAX_DIRECTION as u64) {
                return Err(bad(&format!(
                    "expected a non-zero vector of coordinates within ±{MAX_DIRECTION}"
                )));
            }
            let (mut a, mut b) = (v[0].unsigned_abs(), v[1].unsigned_abs());
            while b != 0 {
                (a, b) = (b, a % b);
            }
            if a != 1 {
                return Err(bad("expected a primitive vector (coordinates of gcd 1)"));
            }
            if directions.iter().any(|u| *u == v || *u == [-v[0], -v[1]]) {
                return Err(bad(
                    "listed twice (a direction and its negative are the same lines)",
                ));
            }
            directions.push(v);
        }
        recorded.directions = Some(directions);
        return Ok(());
    }
    let (slot, range) = match keyword {
        "k" => (&mut recorded.k, 2..=MAX_K),
        _ => (&mut recorded.t, 2..=MAX_T),
    };
    if slot.is_some() {
        return Err(twice());
    }
    let value = match tokens {
        [_, (_, n)] => n.parse::<usize>().ok().filter(|n| range.contains(n)),
        _ => None,
    };
    let Some(value) = value else {
        return Err(malformed(
            file,
            line,
            tokens.get(1).map_or(column, |t| t.0),
            format!(
                "expected `{keyword} N` with {} ≤ N ≤ {}",
                range.start(),
                range.end()
            ),
        ));
    };
    *slot = Some(value);
    Ok(())
}
