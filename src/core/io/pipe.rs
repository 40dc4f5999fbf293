//! Writers for which a closed pipe is not an error: standard output for data
//! ([`stdout`]) and the wrapper of every file written through ([`ClosedPipeOk`]). Once
//! the reader has gone away (EPIPE), the bytes are discarded, so that a command still
//! finishes its work and its exit code still reports its verdict.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when a write to standard output found the pipe closed.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Standard output for data: like [`std::io::stdout`], but a closed pipe (EPIPE, the
/// reader went away) is not an error; the bytes are discarded from then on and
/// [`stdout_closed`] says so. Unbuffered beyond what `std` does (line buffering); wrap it
/// in a [`BufWriter`](std::io::BufWriter) for large outputs.
pub fn stdout() -> Stdout {
    Stdout(())
}

/// True once a write to standard output has found the pipe closed.
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// See [`stdout`].
#[derive(Debug)]
pub struct Stdout(());

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if stdout_closed() {
            return Ok(buf.len());
        }
        match io::stdout().write(buf) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                STDOUT_CLOSED.store(true, Ordering::Relaxed);
                Ok(buf.len())
            }
            r => r,
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        if stdout_closed() {
            return Ok(());
        }
        match io::stdout().flush() {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                STDOUT_CLOSED.store(true, Ordering::Relaxed);
                Ok(())
            }
            r => r,
        }
    }
}

/// A writer that discards everything after its reader closed the pipe.
pub(super) struct ClosedPipeOk<W> {
    inner: W,
    closed: bool,
}

impl<W: Write> ClosedPipeOk<W> {
    pub(super) fn new(inner: W) -> Self {
        ClosedPipeOk {
            inner,
            closed: false,
        }
    }
}

impl<W: Write> Write for ClosedPipeOk<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        match self.inner.write(buf) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(buf.len())
            }
            r => r,
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.inner.flush() {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            r => r,
        }
    }
}
