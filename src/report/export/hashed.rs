//! Files written through a hasher: each export is staged atomically through a buffer
//! that counts and hashes its bytes, so that its record (name, size, SHA-256) for the
//! sidecar comes with the file, without reading it back.

use super::*;
use crate::core::io::write_staged;
use crate::core::provenance::hex;
use sha2::{Digest, Sha256};
use std::io::BufWriter;

/// A writer that hashes and counts what passes through it.
pub(super) struct Hashing<'a> {
    inner: &'a mut dyn Write,
    hasher: Sha256,
    bytes: u64,
}

impl Write for Hashing<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes `path` atomically through a buffer and a hasher; returns its record.
pub(super) fn write_hashed(
    path: &Path,
    body: impl FnOnce(&mut BufWriter<&mut Hashing>) -> io::Result<()>,
) -> Result<FileRecord, IoError> {
    let (record, staged) = stage_hashed(path, body)?;
    staged.commit()?;
    Ok(record)
}

/// [`write_hashed`] up to the commit: the bytes are staged, not yet in place.
pub(super) fn stage_hashed(
    path: &Path,
    body: impl FnOnce(&mut BufWriter<&mut Hashing>) -> io::Result<()>,
) -> Result<(FileRecord, Staged), IoError> {
    let mut digest = None;
    let staged = write_staged(path, |w| {
        let mut hashing = Hashing {
            inner: w,
            hasher: Sha256::new(),
            bytes: 0,
        };
        {
            // Large chunks into the hasher, few calls through `dyn Write`.
            let mut buf = BufWriter::with_capacity(1 << 16, &mut hashing);
            body(&mut buf)?;
            buf.flush()?;
        }
        digest = Some((hashing.bytes, hashing.hasher.finalize()));
        Ok(())
    })?;
    let Some((bytes, hash)) = digest else {
        return Err(IoError::new(
            path,
            io::Error::other("write_staged returned without running the writer"),
        ));
    };
    let record = FileRecord {
        name: file_name(path),
        bytes,
        sha256: hex(&hash),
    };
    Ok((record, staged))
}

pub(super) fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
