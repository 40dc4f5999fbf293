//! File output that never leaves a half-written file behind and never destroys what
//! is not a file.
//!
//! Every file the engine writes goes through [`write_atomic`]. What happens depends on
//! what the path names (README, *Where output goes*):
//!
//! * **`-`**: standard output ([`STDOUT`]). So is a symbolic link that resolves to the
//!   file standard output is connected to (`/dev/stdout`, `/proc/self/fd/1`), which is
//!   written through this process's own standard output.
//! * **A regular file, or nothing yet**: the bytes go to a temporary file
//!   `.NAME.PID-XXXXXX.tmp` in the same directory (`PID` the writing process's id), which is flushed, synced and then
//!   renamed over the target. A reader sees the old file or the new one, never a torn
//!   one, and a failed run leaves the old file in place. A replaced file keeps its
//!   permission bits; a new one gets `0666` less the umask, as with `File::create`.
//! * **A symbolic link to a regular file** (or a dangling one): the link is followed
//!   and the file it leads to is replaced atomically as above; the link itself stays a
//!   link. Links through `/proc` (descriptors such as `/dev/fd/3`) are the exception:
//!   they name an open file, so that file is written through, appending, rather than
//!   replaced.
//! * **Anything else that exists** — a character or block device such as `/dev/null`,
//!   a FIFO, a Unix socket, or a link to one of these — is *written through*: opened
//!   (for a socket: connected to) and written in place, never removed or replaced. A
//!   directory is refused.
//!
//! [`write_staged`] is the first half of such a write: the temporary file written and
//! flushed, its sync and rename left to [`Staged::commit`], which a caller writing
//! several large files runs on another thread, so that no worker waits for the disk.
//! While a temporary file is written, the kernel is asked to start writing it out
//! every 8 MiB (Linux), so that the final sync has little left to wait for.
//!
//! A reader that closes its end of a pipe early (`amoba … | head`) is not an error:
//! writes to a closed pipe — standard output or a FIFO — are discarded from then on
//! ([`stdout`], [`stdout_closed`]), so the command still finishes its work and its exit
//! code still reports its verdict.
//!
//! Temporary files are removed whatever happens: when the writer fails or panics (the
//! [`tempfile`] crate's guard), and when the process is interrupted by SIGINT, SIGTERM
//! or SIGHUP, once [`remove_temp_files_on_signals`] has been called: the signal thread
//! removes every temporary file still pending ([`remove_temp_files`]) and then lets the
//! signal end the process as it would have (a shell reports 130 or 143). A command
//! that can stop early and say how far it got defers the first SIGINT or SIGTERM until
//! it has done so ([`stop_on_first_signal`], `signals.rs`).

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

mod pipe;
#[cfg(unix)]
mod signals;

use pipe::ClosedPipeOk;
pub use pipe::{Stdout, stdout, stdout_closed};
#[cfg(unix)]
pub use signals::{end_if_interrupted, remove_temp_files_on_signals, stop_on_first_signal};

/// The path that means standard output wherever a file is written.
pub const STDOUT: &str = "-";

/// An I/O failure, with the path it concerns. The path is its message; the failure
/// itself is its [`source`](std::error::Error::source), so that a report that prints
/// the whole chain (as `amoba` does) names each once: `results/x.json: Permission
/// denied (os error 13)`.
#[derive(Debug, thiserror::Error)]
#[error("{}", path.display())]
pub struct IoError {
    /// The file.
    pub path: PathBuf,
    /// The underlying error.
    #[source]
    pub source: io::Error,
}

impl IoError {
    /// Wraps `source` with `path`.
    pub fn new(path: &Path, source: io::Error) -> IoError {
        IoError {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// True when `path` is `-`.
pub fn is_dash(path: &Path) -> bool {
    path.as_os_str() == STDOUT
}

/// True when writing `path` with [`write_atomic`] writes to standard output: `-`, or a
/// symbolic link to the file standard output is connected to (`/dev/stdout`).
pub fn is_stdout(path: &Path) -> bool {
    matches!(destination(path), Ok(Destination::Stdout))
}

/// Writes `path` (see the module documentation for what each kind of path gets):
/// `body` writes into a buffer in front of the destination; a regular file is
/// replaced only when `body`, the flush and the sync succeed. Creates the parent
/// directory of a new file if needed.
///
/// # Errors
///
/// An [`IoError`] naming `path` when `body` fails, the destination cannot be opened or
/// written, or `path` is a directory. A closed pipe is not an error.
pub fn write_atomic(
    path: &Path,
    body: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), IoError> {
    write_staged(path, body)?.commit()
}

/// The first half of [`write_atomic`]: runs `body` and, for a regular file, leaves
/// the bytes in the temporary file, flushed but neither synced nor renamed. The file
/// appears at `path` when the returned [`Staged`] is committed; dropping it instead
/// removes the temporary file and leaves the old file in place. Every other kind of
/// destination is written in full here, and committing it does nothing.
///
/// This lets a caller that writes several large files hand the waiting part (the sync
/// to disk) to another thread while its workers go on computing the next file.
///
/// # Errors
///
/// As [`write_atomic`], for everything but the sync and the rename.
pub fn write_staged(
    path: &Path,
    body: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<Staged, IoError> {
    let err_path = if is_dash(path) {
        Path::new("<stdout>")
    } else {
        path
    };
    let result = destination(path).and_then(|dest| match dest {
        Destination::Stdout => {
            let mut w = BufWriter::with_capacity(1 << 16, stdout());
            body(&mut w)?;
            w.flush().map(|()| None)
        }
        Destination::Through { path, append } => {
            let file = OpenOptions::new().write(true).append(append).open(&path)?;
            write_through(file, body).map(|()| None)
        }
        #[cfg(unix)]
        Destination::Socket(path) => {
            write_through(std::os::unix::net::UnixStream::connect(&path)?, body).map(|()| None)
        }
        Destination::Replace { path, permissions } => {
            stage(&path, permissions, body).map(|tmp| Some((tmp, path)))
        }
    });
    result
        .map(|replace| Staged {
            replace,
            err_path: err_path.to_path_buf(),
        })
        .map_err(|e| IoError::new(err_path, e))
}

/// A file written by [`write_staged`] and not yet in place.
#[must_use = "a staged file appears only when committed"]
pub struct Staged {
    /// The temporary file and the regular file it replaces; `None` when the bytes
    /// already went to their destination.
    replace: Option<(tempfile::NamedTempFile, PathBuf)>,
    /// The path errors name.
    err_path: PathBuf,
}

impl Staged {
    /// Syncs the temporary file to disk and renames it over its target. Blocks until
    /// the disk has the bytes; no CPU work.
    ///
    /// # Errors
    ///
    /// An [`IoError`] naming the path when the sync or the rename fails; the old file
    /// is then left in place and the temporary file removed.
    pub fn commit(mut self) -> Result<(), IoError> {
        let Some((tmp, target)) = self.replace.take() else {
            return Ok(());
        };
        let synced = tmp.as_file().sync_all();
        // Unregister, and remove or rename, under one lock (see PENDING). Dropping the
        // temporary file, on failure or inside a failed persist, removes it.
        let mut list = pending();
        list.retain(|p| p != tmp.path());
        let result = synced.and_then(|()| tmp.persist(&target).map(drop).map_err(|e| e.error));
        drop(list);
        result.map_err(|e| IoError::new(&self.err_path, e))
    }
}

impl Drop for Staged {
    /// Abandons a write that was never committed: the temporary file goes.
    fn drop(&mut self) {
        if let Some((tmp, _)) = self.replace.take() {
            discard(tmp);
        }
    }
}

/// Where the bytes for a path go.
enum Destination {
    Stdout,
    /// Opened and written in place (devices, FIFOs, descriptors).
    Through {
        path: PathBuf,
        append: bool,
    },
    /// A Unix socket, connected to and written.
    #[cfg(unix)]
    Socket(PathBuf),
    /// A regular file (or none yet) replaced by renaming a temporary file over it;
    /// `permissions` are those of the file it replaces.
    Replace {
        path: PathBuf,
        permissions: Option<fs::Permissions>,
    },
}

fn destination(path: &Path) -> io::Result<Destination> {
    if is_dash(path) {
        return Ok(Destination::Stdout);
    }
    let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let meta = match fs::metadata(path) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    if is_link && meta.as_ref().is_some_and(is_our_stdout) {
        return Ok(Destination::Stdout);
    }
    match meta {
        Some(m) if m.is_dir() => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a directory, expected a file",
        )),
        Some(m) if !m.is_file() => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::FileTypeExt;
                if m.file_type().is_socket() {
                    return Ok(Destination::Socket(path.to_path_buf()));
                }
            }
            Ok(Destination::Through {
                path: path.to_path_buf(),
                append: false,
            })
        }
        _ if is_link => {
            let (target, through_proc) = follow_links(path)?;
            if through_proc {
                Ok(Destination::Through {
                    path: path.to_path_buf(),
                    append: true,
                })
            } else {
                Ok(Destination::Replace {
                    path: target,
                    permissions: meta.map(|m| m.permissions()),
                })
            }
        }
        m => Ok(Destination::Replace {
            path: path.to_path_buf(),
            permissions: m.map(|m| m.permissions()),
        }),
    }
}

/// The path a chain of symbolic links leads to (it may not exist), and whether the
/// chain passes through `/proc` (a descriptor, not a file to replace).
fn follow_links(path: &Path) -> io::Result<(PathBuf, bool)> {
    let mut p = path.to_path_buf();
    let mut through_proc = false;
    // Linux gives up after 40 links (ELOOP); so do we.
    for _ in 0..40 {
        through_proc |= p.starts_with("/proc");
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok((p, through_proc)),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Whether `meta` describes the file standard output is connected to.
#[cfg(unix)]
fn is_our_stdout(meta: &fs::Metadata) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() else {
        return false;
    };
    File::from(fd)
        .metadata()
        .is_ok_and(|s| (s.dev(), s.ino()) == (meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn is_our_stdout(_: &fs::Metadata) -> bool {
    false
}

fn write_through<W: Write>(
    sink: W,
    body: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut w = BufWriter::with_capacity(1 << 16, ClosedPipeOk::new(sink));
    body(&mut w)?;
    w.flush()
}

/// Temporary files being written, removed by [`remove_temp_files`]. A path is added
/// under the lock together with the file's creation and removed under it together
/// with the rename, so the signal thread, which holds the lock to the end, never misses
/// a file and never removes a finished one.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes the temporary files `.NAME.PID-XXXXXX.tmp` for `name` in `dir` whose
/// process is gone: a run killed by SIGKILL (or a power cut) cannot remove its own.
/// A file of a process still running — another run writing the same file — stays;
/// so does every file where this cannot be told (no `/proc`). Failures are ignored:
/// the cleaning is a courtesy, the write does not depend on it.
fn remove_stale(dir: &Path, name: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.");
    for e in entries.flatten() {
        let file = e.file_name();
        let Some(rest) = file
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .and_then(|f| f.strip_suffix(".tmp"))
        else {
            continue;
        };
        let Some(pid) = rest
            .split_once('-')
            .and_then(|(p, _)| p.parse::<u32>().ok())
        else {
            continue;
        };
        let regular = e.file_type().is_ok_and(|t| t.is_file());
        if regular && pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// Writes the bytes meant for the regular file `target` into a new temporary file
/// beside it, registered in [`PENDING`]; [`Staged::commit`] syncs and renames it.
fn stage(
    target: &Path,
    permissions: Option<fs::Permissions>,
    body: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<tempfile::NamedTempFile> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir)?;
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    remove_stale(&dir, &name);
    let prefix = format!(".{name}.{}-", std::process::id());
    let tmp = {
        let mut list = pending();
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // As File::create: 0666 less the umask (tempfile's default is 0600).
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        let tmp = builder.tempfile_in(&dir).map_err(without_temp_path)?;
        list.push(tmp.path().to_path_buf());
        tmp
    };
    // Should `body` panic, the unwinding removes the file (`tmp`) and this guard its
    // registration.
    let unregister_on_panic = UnregisterOnPanic(tmp.path().to_path_buf());
    let written = (|| {
        if let Some(p) = permissions {
            tmp.as_file().set_permissions(p)?;
        }
        let mut w = BufWriter::with_capacity(1 << 20, WriteBack::new(tmp.as_file()));
        body(&mut w)?;
        w.flush()
    })();
    drop(unregister_on_panic);
    if let Err(e) = written {
        discard(tmp);
        return Err(e);
    }
    Ok(tmp)
}

/// The error of a temporary file that could not be created, without the `at path
/// "….tmp"` that `tempfile` appends: the caller names the target, and a file that
/// never came to exist is no concern of the reader (`out/x.txt: Permission denied
/// (os error 13)`).
fn without_temp_path(e: io::Error) -> io::Error {
    if e.get_ref().is_none() {
        return e;
    }
    match e.to_string().rsplit_once(" at path ") {
        Some((cause, _)) => io::Error::new(e.kind(), cause.to_string()),
        None => e,
    }
}

/// Unregisters a temporary file from [`PENDING`] when dropped during a panic.
struct UnregisterOnPanic(PathBuf);

impl Drop for UnregisterOnPanic {
    fn drop(&mut self) {
        if std::thread::panicking() {
            pending().retain(|p| p != &self.0);
        }
    }
}

/// Unregisters and removes a temporary file, under one lock (see [`PENDING`]).
fn discard(tmp: tempfile::NamedTempFile) {
    let mut list = pending();
    list.retain(|p| p != tmp.path());
    // Dropping the temporary file removes it.
    drop(tmp);
    drop(list);
}

/// A file writer that asks the kernel to start writing each [`WriteBack::EVERY`]
/// bytes to disk as soon as they are written, so that the final sync finds little
/// left to do: without it, a 74 MB export waits about 0.1 s in `fsync`, with the CPU
/// idle. The request does not wait (Linux `sync_file_range` with
/// `SYNC_FILE_RANGE_WRITE`); elsewhere this is a plain writer.
struct WriteBack<'a> {
    file: &'a File,
    /// Bytes written so far.
    written: u64,
    /// Bytes already handed to the kernel's writeback.
    started: u64,
}

impl<'a> WriteBack<'a> {
    const EVERY: u64 = 8 << 20;

    fn new(file: &'a File) -> Self {
        WriteBack {
            file,
            written: 0,
            started: 0,
        }
    }

    /// Starts writeback of the bytes written since the last call.
    #[cfg(target_os = "linux")]
    fn start(&mut self) {
        use std::os::fd::AsRawFd;
        let (Ok(offset), Ok(len)) = (
            i64::try_from(self.started),
            i64::try_from(self.written - self.started),
        ) else {
            return;
        };
        // SAFETY: a plain system call on a descriptor this borrow keeps open; it reads
        // no memory of ours. It is advice: a failure only means the final sync does
        // all the work, so its result is ignored.
        unsafe {
            libc::sync_file_range(
                self.file.as_raw_fd(),
                offset,
                len,
                libc::SYNC_FILE_RANGE_WRITE,
            );
        }
        self.started = self.written;
    }

    #[cfg(not(target_os = "linux"))]
    fn start(&mut self) {
        self.started = self.written;
    }
}

impl Write for WriteBack<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = (&mut &*self.file).write(buf)?;
        self.written += n as u64;
        if self.written - self.started >= Self::EVERY {
            self.start();
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Removes every temporary file [`write_atomic`] is writing now, and returns how many
/// it removed. For interrupt handlers: the writes in progress then fail (or their
/// process ends), and no `.NAME.PID-XXXXXX.tmp` is left behind. Writes that start later
/// are not affected.
pub fn remove_temp_files() -> usize {
    remove_listed(&mut pending(), |_| true)
}

/// Removes the pending temporary files for which `which` holds.
fn remove_listed(list: &mut Vec<PathBuf>, which: impl Fn(&Path) -> bool) -> usize {
    let mut removed = 0;
    list.retain(|p| {
        if !which(p) {
            return true;
        }
        removed += usize::from(fs::remove_file(p).is_ok());
        false
    });
    removed
}

/// Opens the input file `name` (`-` = standard input) with the name messages give
/// it (`<stdin>` for standard input).
///
/// *Errors*: that name and why the file cannot be opened.
#[allow(clippy::type_complexity)]
pub fn open_input(name: &Path) -> Result<(String, Box<dyn io::BufRead>), (String, io::Error)> {
    if is_dash(name) {
        return Ok(("<stdin>".to_string(), Box::new(io::stdin().lock())));
    }
    let display = name.display().to_string();
    match File::open(name) {
        Ok(f) => Ok((display, Box::new(io::BufReader::with_capacity(1 << 16, f)))),
        Err(e) => Err((display, e)),
    }
}

/// The machine's memory in bytes, where the system tells it (Linux: `MemTotal` of
/// `/proc/meminfo`).
pub fn total_memory_bytes() -> Option<u64> {
    proc_kib("/proc/meminfo", "MemTotal:")
}

/// The figure in KiB on the line of `path` that starts with `key`, in bytes.
fn proc_kib(path: &str, key: &str) -> Option<u64> {
    let text = fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Peak resident memory of this process in bytes (Linux `VmHWM`), if known.
pub fn peak_memory_bytes() -> Option<u64> {
    proc_kib("/proc/self/status", "VmHWM:")
}

/// Whether `e` or one of its causes is a closed pipe ([`io::ErrorKind::BrokenPipe`]):
/// a reader that went away, which is not an error of the program (`amoba … | head`
/// exits 0).
pub fn is_broken_pipe(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(e);
    while let Some(c) = cause {
        if c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
        {
            return true;
        }
        cause = c.source();
    }
    false
}

/// An error and its causes, `: `-separated (what `{:#}` does for `anyhow::Error`).
pub fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cause = c.source();
    }
    s
}

#[cfg(test)]
mod tests;
