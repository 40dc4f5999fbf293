//! The reader: FORMATS.md, "Candidate pairing files".
//!
//! A malformed line does not end the reading: it is reported and skipped, and the
//! reader goes on, so that one file's every malformed line is reported and its
//! well-formed pairings are still checked. Skipping must not misalign the grids that
//! follow, so a malformed line that belongs to a grid (or looks like the first row of
//! one) takes the place of a row: the rest of that grid is read, its malformed rows
//! are reported too, and the grid is then dropped. A blank line ends such a grid, and
//! so does a one-line pairing, which is read on its own.
//!
//! On a board whose lattice is not rectangular a pairing may also be written as a
//! *block*, the box of the axis periods ([`Form::Block`]): rows that keep coming
//! after a complete grid make a block, accepted only when it is periodic with the
//! lattice. A broken grid is read on into a broken block the same way.

use super::*;

mod lines;

use lines::LineKind;

/// How many malformed lines of one file `amoba verify` lists; the others are counted
/// (`and N more malformed lines`).
pub const MAX_REPORTED_ERRORS: usize = 100;

/// Which text form a candidate was written in (docs/spec.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// `height · depth` lines of `width` codes (docs/spec.md §3; on a 3-D board the z-layers
    /// one after the other).
    Grid,
    /// All codes on one line.
    OneLine,
    /// The box of the axis periods, `P_1 · P_2` lines of `P_0` codes, on a board whose
    /// lattice is not rectangular (FORMATS.md; 16 lines of 16 codes on square9-16).
    Block,
}

impl Form {
    /// `grid` or `one-line`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Grid => "grid",
            Form::OneLine => "one-line",
            Form::Block => "block",
        }
    }
}

/// The character of code `k`: `0`–`9`, then `a`–`z` for codes 10–35.
pub fn code_char(k: u8) -> char {
    match k {
        0..=9 => (b'0' + k) as char,
        _ => (b'a' + (k - 10)) as char,
    }
}

/// The code written as `ch` (`0`–`9`, then `a`–`z`), whatever the board.
pub fn code_value(ch: char) -> Option<u8> {
    match ch {
        '0'..='9' => Some(ch as u8 - b'0'),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// A code sequence as text, one character per code.
pub fn codes_text(codes: &[u8]) -> String {
    codes.iter().map(|&k| code_char(k)).collect()
}

/// One candidate pairing as read: where it starts and its codes (each `< 2F`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// 1-based line of its first row.
    pub line: usize,
    /// 1-based column of its first code.
    pub column: usize,
    /// The form it was written in.
    pub form: Form,
    /// Direction codes in cell order.
    pub codes: Vec<u8>,
}

struct GridInProgress {
    line: usize,
    column: usize,
    rows: usize,
    codes: Vec<u8>,
    /// A row was malformed (and reported): the grid is read to its end and dropped.
    broken: bool,
    /// Line and column of the first code of each row.
    row_starts: Vec<(usize, usize)>,
}

/// Reads candidate pairings from a text stream, one line at a time.
///
/// Call [`Reader::next_candidate`] until it returns `Ok(None)`. A malformed line is
/// returned as a [`VerifyError::Malformed`] and skipped, and the next call goes on
/// reading (see the module documentation for grids); after a read error
/// ([`VerifyError::Read`]) it returns `Ok(None)` for ever. At most
/// [`MAX_LINE_BYTES`] + 1 bytes of one line are held in memory.
pub struct Reader<'g, R> {
    geom: &'g Geometry,
    file: String,
    input: R,
    buf: Vec<u8>,
    scratch: Vec<u8>,
    lineno: usize,
    /// Characters on the last line read, and whether it ended with `\n`.
    last_chars: usize,
    last_terminated: bool,
    /// The last line was too long and its rest is still to be skipped.
    skip_rest: bool,
    grid: Option<GridInProgress>,
    /// What the next call returns before reading on: a one-line pairing that cut a
    /// grid short (after that grid's error), or, on a board with a block form, what
    /// the line after a complete grid held (a grid is known to end only when a line
    /// that is not one of its rows follows).
    pending: Option<Result<Candidate, VerifyError>>,
    found: usize,
    errors: usize,
    done: bool,
}

impl<'g, R: BufRead> Reader<'g, R> {
    /// A reader of `input`, called `file` in messages (`<stdin>` for standard input).
    pub fn new(geom: &'g Geometry, file: impl Into<String>, input: R) -> Reader<'g, R> {
        Reader {
            geom,
            file: file.into(),
            input,
            buf: Vec::with_capacity(256),
            scratch: Vec::with_capacity(geom.ncells()),
            lineno: 0,
            last_chars: 0,
            last_terminated: true,
            skip_rest: false,
            grid: None,
            pending: None,
            found: 0,
            errors: 0,
            done: false,
        }
    }

    /// The file name used in messages.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Number of candidates returned so far.
    pub fn pairings_read(&self) -> usize {
        self.found
    }

    /// Number of errors returned so far (malformed lines, and a read error).
    pub fn errors(&self) -> usize {
        self.errors
    }

    fn malformed(&mut self, line: usize, column: usize, message: String) -> VerifyError {
        self.errors += 1;
        VerifyError::Malformed {
            file: self.file.clone(),
            line,
            column,
            message,
        }
    }

    /// The next candidate, `Ok(None)` at the end of the input (or after a read error).
    ///
    /// Rows of `s_0` codes make a grid of [`Geometry::grid_rows`] rows. On a board with
    /// a block form ([`Geometry::has_block_form`]) rows that keep coming after a
    /// complete grid make a block of [`Geometry::block_rows`] rows instead; so there a
    /// grid ends at a blank line, the end of the file or a line that is not a row, and
    /// only a block may run on into the next pairing.
    pub fn next_candidate(&mut self) -> Result<Option<Candidate>, VerifyError> {
        if let Some(next) = self.pending.take() {
            let cand = next?;
            self.found += 1;
            return Ok(Some(cand));
        }
        if self.done {
            return Ok(None);
        }
        let (width, grid_rows, ncells) =
            (self.geom.width(), self.geom.grid_rows(), self.geom.ncells());
        let has_block = self.geom.has_block_form();
        loop {
            let too_long = match self.read_line() {
                Ok(Some(t)) => t,
                Ok(None) => return self.finish(),
                Err(source) => {
                    self.done = true;
                    self.errors += 1;
                    return Err(VerifyError::Read {
                        file: self.file.clone(),
                        source,
                    });
                }
            };
            self.lineno += 1;
            let lineno = self.lineno;
            self.scratch.clear();
            let kind = match self.scan(too_long) {
                Ok(kind) => kind,
                Err(e) => {
                    // A complete grid stands: it is returned first, then the error.
                    if let Some(g) = self.take_complete_grid() {
                        self.skip_malformed_line();
                        self.pending = Some(Err(e));
                        return Ok(Some(self.grid_candidate(g)));
                    }
                    self.skip_malformed_line();
                    return Err(e);
                }
            };
            match kind {
                LineKind::Comment => {}
                LineKind::Blank => {
                    // A blank line ends a grid; a broken one quietly (its error is out).
                    if let Some(g) = self.grid.take().filter(|g| !g.broken) {
                        if g.rows == grid_rows {
                            return Ok(Some(self.grid_candidate(g)));
                        }
                        let msg = format!(
                            "found a blank line, expected {} (blank lines may only separate \
                             pairings)",
                            self.expected_row(&g)
                        );
                        return Err(self.malformed(lineno, 1, msg));
                    }
                }
                LineKind::Codes { column, count } => {
                    let Some(mut g) = self.grid.take() else {
                        match self.start(lineno, column, count)? {
                            Some(cand) => {
                                self.found += 1;
                                return Ok(Some(cand));
                            }
                            None => continue,
                        }
                    };
                    if g.rows == grid_rows && count != width {
                        // A complete grid (on a board with a block form), and this line
                        // starts something else.
                        let next = self.start(lineno, column, count).transpose();
                        if g.broken {
                            match next {
                                Some(Ok(cand)) => {
                                    self.found += 1;
                                    return Ok(Some(cand));
                                }
                                Some(Err(e)) => return Err(e),
                                None => continue,
                            }
                        }
                        self.pending = next;
                        return Ok(Some(self.grid_candidate(g)));
                    }
                    if count == ncells {
                        // A one-line pairing where a row was expected: the grid is cut
                        // short; the pairing stands on its own.
                        let cand = Candidate {
                            line: lineno,
                            column,
                            form: Form::OneLine,
                            codes: self.scratch.clone(),
                        };
                        if g.broken {
                            self.found += 1;
                            return Ok(Some(cand));
                        }
                        self.pending = Some(Ok(cand));
                        let msg = format!(
                            "found a pairing in one-line form ({ncells} codes), expected {} \
                             (it is cut short; the one-line pairing is checked on its own)",
                            self.expected_row(&g)
                        );
                        return Err(self.malformed(lineno, column, msg));
                    }
                    let target = self.target_rows(&g);
                    if count != width {
                        let (col, what) = if count < width {
                            (column + count, "too few")
                        } else {
                            (column + width, "too many")
                        };
                        let msg = format!(
                            "found {count} codes ({what}), expected {width}: {}",
                            self.expected_row(&g)
                        );
                        g.rows += 1;
                        g.broken = true;
                        if g.rows < target || (has_block && g.rows == grid_rows) {
                            self.grid = Some(g);
                        }
                        return Err(self.malformed(lineno, col, msg));
                    }
                    g.rows += 1;
                    g.codes.extend_from_slice(&self.scratch);
                    g.row_starts.push((lineno, column));
                    if g.rows < target || (has_block && g.rows == grid_rows) {
                        // More rows to come, or a complete grid that may still grow
                        // into a block.
                        self.grid = Some(g);
                    } else if !g.broken {
                        if !has_block {
                            return Ok(Some(self.grid_candidate(g)));
                        }
                        let cand = self.block_candidate(g)?;
                        self.found += 1;
                        return Ok(Some(cand));
                    }
                }
            }
        }
    }

    /// A line of `count` codes outside a grid: a one-line pairing, the first row of a
    /// grid (`Ok(None)`), or an error (after which a line about as long as a row is
    /// taken for the first row of a grid that is read and dropped).
    fn start(
        &mut self,
        lineno: usize,
        column: usize,
        count: usize,
    ) -> Result<Option<Candidate>, VerifyError> {
        let (width, ncells) = (self.geom.width(), self.geom.ncells());
        if count == ncells {
            return Ok(Some(Candidate {
                line: lineno,
                column,
                form: Form::OneLine,
                codes: self.scratch.clone(),
            }));
        }
        if count == width {
            let mut codes = Vec::with_capacity(ncells);
            codes.extend_from_slice(&self.scratch);
            self.grid = Some(GridInProgress {
                line: lineno,
                column,
                rows: 1,
                codes,
                broken: false,
                row_starts: vec![(lineno, column)],
            });
            return Ok(None);
        }
        let col = if count < ncells {
            column + count
        } else {
            column + ncells
        };
        let block = if self.geom.has_block_form() {
            " or a block"
        } else {
            ""
        };
        let msg = format!(
            "found {count} codes, expected {width} (a row of a grid{block}) or {ncells} (a \
             pairing in one-line form)"
        );
        self.start_broken_grid_if_row(count);
        Err(self.malformed(lineno, col, msg))
    }

    /// How many rows the grid in progress needs: those of a grid, or on a board with a
    /// block form, once it has a grid's rows, those of a block.
    fn target_rows(&self, g: &GridInProgress) -> usize {
        let grid_rows = self.geom.grid_rows();
        if self.geom.has_block_form() && g.rows >= grid_rows {
            self.geom.block_rows()
        } else {
            grid_rows
        }
    }

    /// The grid in progress, if it is complete (and whole) and could still grow into a
    /// block.
    fn take_complete_grid(&mut self) -> Option<GridInProgress> {
        let complete = |g: &GridInProgress| !g.broken && g.rows == self.geom.grid_rows();
        if self.geom.has_block_form() && self.grid.as_ref().is_some_and(complete) {
            self.grid.take()
        } else {
            None
        }
    }

    /// `row 3 of 8 of the grid that starts at line 5`, or of the block.
    fn expected_row(&self, g: &GridInProgress) -> String {
        let grid_rows = self.geom.grid_rows();
        if self.target_rows(g) != grid_rows {
            format!(
                "row {} of {} of the block that starts at line {} (a grid has {grid_rows} \
                 rows, a block {})",
                g.rows + 1,
                self.geom.block_rows(),
                g.line,
                self.geom.block_rows()
            )
        } else {
            format!(
                "row {} of {grid_rows} of the grid that starts at line {}",
                g.rows + 1,
                g.line
            )
        }
    }

    fn grid_candidate(&mut self, g: GridInProgress) -> Candidate {
        self.found += 1;
        Candidate {
            line: g.line,
            column: g.column,
            form: Form::Grid,
            codes: g.codes,
        }
    }

    /// The pairing written as a block, if the block is periodic with the lattice:
    /// every two of its points that differ by a lattice vector carry the same code.
    /// Otherwise the error names the first point (in reading order) whose code
    /// differs from that of an earlier point of the same cell, and that point.
    fn block_candidate(&mut self, g: GridInProgress) -> Result<Candidate, VerifyError> {
        let geom = self.geom;
        let d = geom.dimension();
        let periods = geom.axis_periods().to_vec();
        let (p0, p1) = (periods[0], periods.get(1).copied().unwrap_or(1));
        let n = geom.ncells();
        let point = |i: usize| -> [i64; 3] {
            let (x, r) = (i % p0, i / p0);
            [x as i64, (r % p1) as i64, (r / p1) as i64]
        };
        let mut first = vec![usize::MAX; n];
        let mut codes = vec![0u8; n];
        for (i, &k) in g.codes.iter().enumerate() {
            let c = geom.index(point(i));
            if first[c] == usize::MAX {
                first[c] = i;
                codes[c] = k;
            } else if codes[c] != k {
                let (a, b) = (point(first[c]), point(i));
                let name = |p: [i64; 3]| vector_text(&p[..d]);
                let diff = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
                let msg = format!(
                    "found code {} ({}) at {}, expected {} ({}) as at {}, the same cell of the \
                     board ({} − {} = {} is a period): the block is not periodic with the \
                     lattice {} (a grid of {} rows must be followed by a blank line before \
                     the next grid or block)",
                    code_char(k),
                    geom.code_name(k as usize),
                    name(b),
                    code_char(codes[c]),
                    geom.code_name(codes[c] as usize),
                    name(a),
                    name(b),
                    name(a),
                    name(diff),
                    geom.lattice_text(),
                    geom.grid_rows()
                );
                let (line, column) = g.row_starts[i / p0];
                return Err(self.malformed(line, column + i % p0, msg));
            }
        }
        if let Some(c) = first.iter().position(|&i| i == usize::MAX) {
            // A bug, not bad input: reading stops.
            self.done = true;
            return Err(VerifyError::CrossCheck(format!(
                "the block of the axis periods misses the cell {}",
                geom.cell_name(c)
            )));
        }
        Ok(Candidate {
            line: g.line,
            column: g.column,
            form: Form::Block,
            codes,
        })
    }

    /// After a line that could not be scanned: it takes the place of a row of the
    /// grid in progress, or of the first row of a grid when it looks like a row.
    fn skip_malformed_line(&mut self) {
        let grid_rows = self.geom.grid_rows();
        let has_block = self.geom.has_block_form();
        match self.grid.take() {
            Some(mut g) => {
                let target = self.target_rows(&g);
                g.broken = true;
                g.rows += 1;
                if g.rows < target || (has_block && g.rows == grid_rows) {
                    self.grid = Some(g);
                }
            }
            None => {
                // Its length without whitespace and comment, as if every character
                // were a code.
                let text = String::from_utf8_lossy(&self.buf);
                let content = text.split('#').next().unwrap_or("");
                let len = content.chars().filter(|c| !c.is_whitespace()).count();
                self.start_broken_grid_if_row(len);
            }
        }
    }

    /// Outside a grid, a malformed line of `len` characters is taken for the first row
    /// of a grid when `len` is nearer the row width than the one-line length: the
    /// rest of that grid is then read and dropped rather than misread.
    fn start_broken_grid_if_row(&mut self, len: usize) {
        let (width, height, ncells) =
            (self.geom.width(), self.geom.grid_rows(), self.geom.ncells());
        if self.grid.is_none() && height > 1 && len.abs_diff(width) < len.abs_diff(ncells) {
            self.grid = Some(GridInProgress {
                line: self.lineno,
                column: 1,
                rows: 1,
                codes: Vec::new(),
                broken: true,
                row_starts: Vec::new(),
            });
        }
    }

    fn finish(&mut self) -> Result<Option<Candidate>, VerifyError> {
        self.done = true;
        let (line, column) = if self.last_terminated {
            (self.lineno + 1, 1)
        } else {
            (self.lineno, self.last_chars + 1)
        };
        if let Some(g) = self.grid.take().filter(|g| !g.broken) {
            let grid_rows = self.geom.grid_rows();
            if g.rows == grid_rows {
                // A complete grid on a board with a block form.
                return Ok(Some(self.grid_candidate(g)));
            }
            let msg = if self.target_rows(&g) != grid_rows {
                format!(
                    "found the end of the file after {} of {} rows, expected the rest of the \
                     block that starts at line {} (a grid has {grid_rows} rows, a block {})",
                    g.rows,
                    self.geom.block_rows(),
                    g.line,
                    self.geom.block_rows()
                )
            } else {
                format!(
                    "found the end of the file after {} of {grid_rows} rows, expected the rest \
                     of the grid that starts at line {}",
                    g.rows, g.line
                )
            };
            return Err(self.malformed(line, column, msg));
        }
        if self.found == 0 && self.errors == 0 {
            let what = if self.lineno == 0 {
                "an empty file"
            } else {
                "only comments and blank lines"
            };
            let msg = format!("found {what}, expected at least one pairing");
            return Err(self.malformed(line, column, msg));
        }
        Ok(None)
    }
}

impl<R: BufRead> Iterator for Reader<'_, R> {
    type Item = Result<Candidate, VerifyError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_candidate().transpose()
    }
}
