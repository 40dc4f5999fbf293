//! File output that never leaves a half-written file behind.
//!
//! Every file the engine writes goes through [`write_atomic`]: the bytes go to a
//! temporary file in the same directory, which is flushed, synced and then renamed over
//! the target. A reader sees the old file or the new one, never a torn one, and a
//! failed run leaves the old file in place.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// An I/O failure, with the path it concerns.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {source}")]
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

/// Writes `path` atomically: `body` writes into a buffered temporary file, which is
/// renamed over `path` only when `body` and the flush succeed. Creates the parent
/// directory if needed.
pub fn write_atomic(
    path: &Path,
    body: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), IoError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(|e| IoError::new(&dir, e))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    let result = (|| {
        let file = File::create(&tmp)?;
        let mut w = BufWriter::with_capacity(1 << 20, file);
        body(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(IoError::new(path, e));
    }
    Ok(())
}

/// Peak resident memory of this process in bytes (Linux `VmHWM`), if known.
pub fn peak_memory_bytes() -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_body_keeps_the_old_file() {
        let dir = std::env::temp_dir().join(format!("amoba-io-{}", std::process::id()));
        let path = dir.join("x.txt");
        write_atomic(&path, |w| w.write_all(b"old")).unwrap();
        let err = write_atomic(&path, |w| {
            w.write_all(b"new")?;
            Err(io::Error::other("boom"))
        });
        assert!(err.is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "temp file removed");
        fs::remove_dir_all(&dir).unwrap();
    }
}
