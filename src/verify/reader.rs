//! The reader: FORMATS.md, "Candidate pairing files".

use super::*;

/// Which text form a candidate was written in (docs/spec.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// `height · depth` lines of `width` codes (docs/spec.md §3; on a 3-D board the z-layers
    /// one after the other).
    Grid,
    /// All codes on one line.
    OneLine,
}

impl Form {
    /// `grid` or `one-line`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Grid => "grid",
            Form::OneLine => "one-line",
        }
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

struct GridInProgress {
    line: usize,
    column: usize,
    rows: usize,
    codes: Vec<u8>,
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
        let top = (b'0' + ncodes as u8 - 1) as char;
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
            let is_code = ch.is_ascii_digit() && (ch as u8 - b'0') < ncodes as u8;
            match phase {
                Phase::Lead if ch == ' ' || ch == '\t' => {}
                Phase::Lead | Phase::Trail if ch == '\r' => phase = Phase::Trail,
                Phase::Lead | Phase::Codes if is_code => {
                    if phase == Phase::Lead {
                        phase = Phase::Codes;
                        start_col = col;
                    }
                    self.scratch.push(ch as u8 - b'0');
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
                        format!("a direction code 0–{top}, whitespace or '#'")
                    } else if phase == Phase::Lead {
                        format!("a direction code 0–{top}, whitespace, '#' or the end of the line")
                    } else {
                        "whitespace, '#' or the end of the line".to_string()
                    };
                    let extra = if ch.is_ascii_digit() {
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
    pub fn next_candidate(&mut self) -> Result<Option<Candidate>, VerifyError> {
        if self.done {
            return Ok(None);
        }
        let (width, height, ncells) =
            (self.geom.width(), self.geom.grid_rows(), self.geom.ncells());
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
                    if let Some(g) = &self.grid {
                        let msg = format!(
                            "found a blank line, expected row {} of {height} of the grid that \
                             starts at line {} (blank lines may only separate pairings)",
                            g.rows + 1,
                            g.line
                        );
                        return Err(self.malformed(lineno, 1, msg));
                    }
                }
                LineKind::Codes { column, count } => {
                    if let Some(mut g) = self.grid.take() {
                        if count != width {
                            let (col, what) = if count < width {
                                (column + count, "too few")
                            } else {
                                (column + width, "too many")
                            };
                            let msg = format!(
                                "found {count} codes ({what}), expected {width}: row {} of {height} \
                                 of the grid that starts at line {}",
                                g.rows + 1,
                                g.line
                            );
                            return Err(self.malformed(lineno, col, msg));
                        }
                        g.codes.extend_from_slice(&self.scratch);
                        g.rows += 1;
                        if g.rows == height {
                            self.found += 1;
                            return Ok(Some(Candidate {
                                line: g.line,
                                column: g.column,
                                form: Form::Grid,
                                codes: g.codes,
                            }));
                        }
                        self.grid = Some(g);
                    } else if count == ncells {
                        self.found += 1;
                        return Ok(Some(Candidate {
                            line: lineno,
                            column,
                            form: Form::OneLine,
                            codes: self.scratch.clone(),
                        }));
                    } else if count == width {
                        let mut codes = Vec::with_capacity(ncells);
                        codes.extend_from_slice(&self.scratch);
                        self.grid = Some(GridInProgress {
                            line: lineno,
                            column,
                            rows: 1,
                            codes,
                        });
                    } else {
                        let col = if count < ncells {
                            column + count
                        } else {
                            column + ncells
                        };
                        let msg = format!(
                            "found {count} codes, expected {width} (a row of a grid) or {ncells} \
                             (a pairing in one-line form)"
                        );
                        return Err(self.malformed(lineno, col, msg));
                    }
                }
            }
        }
    }

    fn finish(&mut self) -> Result<Option<Candidate>, VerifyError> {
        let (line, column) = if self.last_terminated {
            (self.lineno + 1, 1)
        } else {
            (self.lineno, self.last_chars + 1)
        };
        if let Some(g) = self.grid.take() {
            let msg = format!(
                "found the end of the file after {} of {} rows, expected the rest of the grid \
                 that starts at line {}",
                g.rows,
                self.geom.grid_rows(),
                g.line
            );
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
