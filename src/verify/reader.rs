//! The reader: FORMATS.md, "Candidate pairing files".

use super::*;

/// Which text form a candidate was written in (SPEC §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// `height · depth` lines of `width` codes (SPEC §3; on a 3-D board the z-layers
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

/// `0–7`, or `0–9, a–f` on a board of 16 codes.
fn code_range(ncodes: usize) -> String {
    let top = code_char(ncodes.saturating_sub(1) as u8);
    if ncodes <= 10 {
        format!("0–{top}")
    } else if ncodes == 11 {
        "0–9, a".to_string()
    } else {
        format!("0–9, a–{top}")
    }
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

/// Rows of a grid or block read so far.
struct GridInProgress {
    line: usize,
    column: usize,
    rows: usize,
    codes: Vec<u8>,
    /// Line and column of the first code of each row.
    row_starts: Vec<(usize, usize)>,
}

/// One physical line as classified by the reader.
enum LineKind {
    /// Nothing but whitespace.
    Blank,
    /// Only a comment (possibly indented).
    Comment,
    /// Codes starting at `column`, `count` of them, pushed onto the scratch buffer.
    Codes { column: usize, count: usize },
}

/// Reads candidate pairings from a text stream, one line at a time.
///
/// Call [`Reader::next_candidate`] until it returns `Ok(None)`; after an error it
/// returns `Ok(None)` for ever. At most [`MAX_LINE_BYTES`] + 1 bytes of one line are
/// held in memory.
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
    grid: Option<GridInProgress>,
    /// What the line after a complete grid held, returned on the next call: on a
    /// board with a block form a grid is known to end only when a line that is not
    /// one of its rows follows.
    pending: Option<Result<Candidate, VerifyError>>,
    found: usize,
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
            grid: None,
            pending: None,
            found: 0,
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

    fn malformed(&mut self, line: usize, column: usize, message: String) -> VerifyError {
        self.done = true;
        VerifyError::Malformed {
            file: self.file.clone(),
            line,
            column,
            message,
        }
    }

    /// Reads one line into `buf` without its `\n`. Returns `None` at end of input,
    /// `Some(true)` when the line is longer than [`MAX_LINE_BYTES`] (then `buf` holds
    /// its first `MAX_LINE_BYTES + 1` bytes and the rest is not read).
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        loop {
            let avail = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                if self.buf.is_empty() {
                    return Ok(None);
                }
                self.last_terminated = false;
                return Ok(Some(false));
            }
            let room = MAX_LINE_BYTES + 1 - self.buf.len();
            match avail.iter().position(|&b| b == b'\n') {
                Some(i) if i <= room => {
                    let too_long = i > MAX_LINE_BYTES - self.buf.len();
                    self.buf.extend_from_slice(&avail[..i]);
                    self.input.consume(i + 1);
                    self.last_terminated = true;
                    return Ok(Some(too_long));
                }
                _ => {
                    let take = avail.len().min(room);
                    self.buf.extend_from_slice(&avail[..take]);
                    self.input.consume(take);
                    if self.buf.len() > MAX_LINE_BYTES {
                        self.last_terminated = false;
                        return Ok(Some(true));
                    }
                }
            }
        }
    }

    /// Classifies the line in `buf`, pushing its codes onto `scratch`.
    fn scan(&mut self, too_long: bool) -> Result<LineKind, VerifyError> {
        let lineno = self.lineno;
        let mut bytes: &[u8] = &self.buf;
        if lineno == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes = &bytes[3..];
        }
        let (text, bad_utf8) = match std::str::from_utf8(bytes) {
            Ok(s) => (s, None),
            Err(e) => {
                let valid = &bytes[..e.valid_up_to()];
                // Valid by construction; the fallback is never taken.
                let s = std::str::from_utf8(valid).unwrap_or("");
                // A multi-byte character cut by the length cap is not an encoding error.
                let truly_bad = !(too_long && e.error_len().is_none());
                (s, truly_bad.then(|| bytes[e.valid_up_to()]))
            }
        };
        let ncodes = self.geom.ncodes();
        let top = code_range(ncodes);
        #[derive(PartialEq)]
        enum Phase {
            Lead,
            Codes,
            Trail,
        }
        let mut phase = Phase::Lead;
        let mut start_col = 0;
        let mut count = 0;
        let mut comment = false;
        for (i, ch) in text.chars().enumerate() {
            let col = i + 1;
            if ch == '#' {
                comment = true;
                break;
            }
            let value = code_value(ch);
            let is_code = value.is_some_and(|k| (k as usize) < ncodes);
            match phase {
                Phase::Lead if ch == ' ' || ch == '\t' => {}
                Phase::Lead | Phase::Trail if ch == '\r' => phase = Phase::Trail,
                Phase::Lead | Phase::Codes if is_code => {
                    if phase == Phase::Lead {
                        phase = Phase::Codes;
                        start_col = col;
                    }
                    self.scratch.push(value.unwrap_or(0));
                    count += 1;
                }
                Phase::Codes if ch == ' ' || ch == '\t' || ch == '\r' => phase = Phase::Trail,
                Phase::Trail if ch == ' ' || ch == '\t' => {}
                Phase::Trail if is_code => {
                    let msg = format!(
                        "found {} after whitespace, expected the codes of a row or pairing \
                         to be written without spaces between them",
                        describe_char(ch)
                    );
                    return Err(self.malformed(lineno, col, msg));
                }
                _ => {
                    let expected = if phase == Phase::Codes {
                        format!("a direction code {top}, whitespace or '#'")
                    } else if phase == Phase::Lead {
                        format!("a direction code {top}, whitespace, '#' or the end of the line")
                    } else {
                        "whitespace, '#' or the end of the line".to_string()
                    };
                    // A code out of range gets a hint; letters only where they are codes.
                    let extra = if value.is_some_and(|k| k < 10 || ncodes > 10) {
                        format!(" (board {} has {ncodes} direction codes)", self.geom.name)
                    } else {
                        String::new()
                    };
                    let msg = format!("found {}, expected {expected}{extra}", describe_char(ch));
                    return Err(self.malformed(lineno, col, msg));
                }
            }
        }
        if let Some(byte) = bad_utf8 {
            let col = text.chars().count() + 1;
            let msg = format!(
                "found byte 0x{byte:02X}, which is not UTF-8 text; expected a text file \
                 (UTF-8) of direction codes"
            );
            return Err(self.malformed(lineno, col, msg));
        }
        if too_long {
            let msg = format!(
                "found a line longer than {MAX_LINE_BYTES} bytes, expected a grid row of {} \
                 codes or a one-line pairing of {} codes (plus an optional comment)",
                self.geom.width(),
                self.geom.ncells()
            );
            return Err(self.malformed(lineno, MAX_LINE_BYTES + 1, msg));
        }
        self.last_chars = text.chars().count();
        Ok(match (count, comment) {
            (0, false) => LineKind::Blank,
            (0, true) => LineKind::Comment,
            _ => LineKind::Codes {
                column: start_col,
                count,
            },
        })
    }

    /// The next candidate, `Ok(None)` at the end of the input (or after an error).
    ///
    /// Rows of `s_0` codes make a grid of [`Geometry::grid_rows`] rows. On a board with
    /// a block form ([`Geometry::has_block_form`]) rows keep coming after a complete
    /// grid make a block of [`Geometry::block_rows`] rows instead; so there a grid
    /// ends at a blank line, the end of the file or a line of another length, and
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
        let (width, grid_rows) = (self.geom.width(), self.geom.grid_rows());
        let block_rows = self.geom.has_block_form().then(|| self.geom.block_rows());
        loop {
            let too_long = match self.read_line() {
                Ok(Some(t)) => t,
                Ok(None) => return self.finish(),
                Err(source) => {
                    self.done = true;
                    return Err(VerifyError::Read {
                        file: self.file.clone(),
                        source,
                    });
                }
            };
            self.lineno += 1;
            let lineno = self.lineno;
            self.scratch.clear();
            match self.scan(too_long)? {
                LineKind::Comment => {}
                LineKind::Blank => {
                    if let Some(g) = self.grid.take() {
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
                    if count != width {
                        if g.rows == grid_rows {
                            // A complete grid, and this line starts something else.
                            self.pending = self.start(lineno, column, count).transpose();
                            return Ok(Some(self.grid_candidate(g)));
                        }
                        let (col, what) = if count < width {
                            (column + count, "too few")
                        } else {
                            (column + width, "too many")
                        };
                        let msg = format!(
                            "found {count} codes ({what}), expected {width}: {}",
                            self.expected_row(&g)
                        );
                        return Err(self.malformed(lineno, col, msg));
                    }
                    g.codes.extend_from_slice(&self.scratch);
                    g.row_starts.push((lineno, column));
                    g.rows += 1;
                    if block_rows.is_none() && g.rows == grid_rows {
                        return Ok(Some(self.grid_candidate(g)));
                    }
                    if block_rows == Some(g.rows) {
                        let cand = self.block_candidate(g)?;
                        self.found += 1;
                        return Ok(Some(cand));
                    }
                    self.grid = Some(g);
                }
            }
        }
    }

    /// A line of `count` codes outside a grid: a one-line pairing, the first row of a
    /// grid (`Ok(None)`), or an error.
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
            " or a block)".to_string()
        } else {
            ")".to_string()
        };
        let msg = format!(
            "found {count} codes, expected {width} (a row of a grid{block} or {ncells} (a \
             pairing in one-line form)"
        );
        Err(self.malformed(lineno, col, msg))
    }

    /// `row 3 of 8 of the grid that starts at line 5`, or of the block.
    fn expected_row(&self, g: &GridInProgress) -> String {
        let grid_rows = self.geom.grid_rows();
        if self.geom.has_block_form() && g.rows >= grid_rows {
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

    fn finish(&mut self) -> Result<Option<Candidate>, VerifyError> {
        let (line, column) = if self.last_terminated {
            (self.lineno + 1, 1)
        } else {
            (self.lineno, self.last_chars + 1)
        };
        if let Some(g) = self.grid.take() {
            if g.rows == self.geom.grid_rows() {
                return Ok(Some(self.grid_candidate(g)));
            }
            let grid_rows = self.geom.grid_rows();
            let msg = if self.geom.has_block_form() && g.rows > grid_rows {
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
        if self.found == 0 {
            let what = if self.lineno == 0 {
                "an empty file"
            } else {
                "only comments and blank lines"
            };
            let msg = format!("found {what}, expected at least one pairing");
            return Err(self.malformed(line, column, msg));
        }
        self.done = true;
        Ok(None)
    }
}

impl<R: BufRead> Iterator for Reader<'_, R> {
    type Item = Result<Candidate, VerifyError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_candidate().transpose()
    }
}

/// `'x'` for printable characters, `U+0000` style for the rest.
fn describe_char(ch: char) -> String {
    if ch.is_control() || (ch.is_whitespace() && ch != ' ') {
        format!("U+{:04X}", ch as u32)
    } else if ch == '\'' {
        "\"'\"".to_string()
    } else if ch.is_ascii() {
        format!("'{ch}'")
    } else {
        format!("'{ch}' (U+{:04X})", ch as u32)
    }
}
