//! The reader's lines: one physical line read at a time (at most
//! [`MAX_LINE_BYTES`] + 1 bytes held, the rest of a longer line skipped), then
//! classified as blank, comment or a run of codes, every character that is not a code
//! of the board reported at its column.

use super::*;

/// One physical line as classified by the reader.
pub(super) enum LineKind {
    /// Nothing but whitespace.
    Blank,
    /// Only a comment (possibly indented).
    Comment,
    /// Codes starting at `column`, `count` of them, pushed onto the scratch buffer.
    Codes { column: usize, count: usize },
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

impl<R: BufRead> Reader<'_, R> {
    /// Reads one line into `buf` without its `\n`. Returns `None` at end of input,
    /// `Some(true)` when the line is longer than [`MAX_LINE_BYTES`] (then `buf` holds
    /// its first `MAX_LINE_BYTES + 1` bytes; the next call skips the rest).
    ///
    /// Lines are read as the strategy checker reads them (`check::strategy`): a
    /// `read_until` through a `take` that caps what one line may hold, so neither
    /// reader has a buffer loop of its own. The cap is one byte beyond the longest
    /// line kept, so that a line of exactly `MAX_LINE_BYTES + 1` bytes is still seen
    /// with its `\n`.
    pub(super) fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        if self.skip_rest {
            self.skip_to_next_line()?;
        }
        let cap = MAX_LINE_BYTES as u64 + 2;
        if io::Read::take(&mut self.input, cap).read_until(b'\n', &mut self.buf)? == 0 {
            return Ok(None);
        }
        self.last_terminated = self.buf.last() == Some(&b'\n');
        if self.last_terminated {
            self.buf.pop();
        }
        let too_long = self.buf.len() > MAX_LINE_BYTES;
        if too_long && !self.last_terminated {
            // The rest of the line (the byte beyond the kept ones included) is skipped.
            self.buf.truncate(MAX_LINE_BYTES + 1);
            self.skip_rest = true;
        }
        Ok(Some(too_long))
    }

    /// Reads and discards the rest of an over-long line, its `\n` included, without
    /// storing it.
    pub(super) fn skip_to_next_line(&mut self) -> io::Result<()> {
        self.input.skip_until(b'\n')?;
        self.skip_rest = false;
        Ok(())
    }

    /// Classifies the line in `buf`, pushing its codes onto `scratch`.
    pub(super) fn scan(&mut self, too_long: bool) -> Result<LineKind, VerifyError> {
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
