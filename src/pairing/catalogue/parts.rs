//! Sharded enumeration for clusters: part files and their merge.
//!
//! `amoba enumerate --shard I/N` searches the deterministic part `I` of `N` of the tree
//! ([`crate::pairing::search::Shard`]) and writes a *part file*: a header, then that shard's
//! canonical forms in catalogue order. `amoba merge` checks a complete set of parts and
//! writes exactly the bytes of the unsharded catalogue.
//!
//! # Part file
//!
//! ```text
//! # amoba part
//! # board square9
//! # shard 3/16
//! # depth first-row
//! # version 0.1.0
//! # count 12158
//! # sha256 <hex digest of the data lines, each with its \n>
//! 0411111504155555041522220435666627333304677773044222733046667710
//! …
//! ```
//!
//! The header fixes everything a merge must agree on: board, shard, how the tree was
//! split ([`split`]: `first-row`, the frontier after the first row, see [`crate::pairing::search`]), and the
//! program version; `count` and `sha256` let a rerun recognise a finished part (it is
//! then skipped, so a requeued job resumes) and let the merge refuse a damaged one.
//! Parts are written atomically, so a killed job leaves no part at all. [`existing`]
//! says what a part already on disk means for a rerun of its shard, and
//! [`slurm_shard`] reads the shard of a Slurm job array from its environment.

use crate::core::board::Board;
use crate::core::io::{IoError, write_atomic};
use crate::pairing::catalogue::Catalogue;
use crate::pairing::catalogue::enumerate::{EnumerateOutput, file_tag, run_with};
use crate::pairing::search::{Options, Shard};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// How the tree of `board` is split into shards (recorded in every part): `first-row`
/// (the frontier after the first row), or `rooted-4` for a board whose catalogue comes
/// from the rooted search (its frontier
/// [`ROOTED_SPLIT_DEPTH`](crate::pairing::search::ROOTED_SPLIT_DEPTH) = 4 branchings below the
/// root).
pub fn split(board: &Board) -> String {
    if crate::pairing::catalogue::enumerate::rooted(board) {
        format!("rooted-{}", crate::pairing::search::ROOTED_SPLIT_DEPTH)
    } else {
        "first-row".into()
    }
}

/// The header of a part file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartHeader {
    /// Board name.
    pub board: String,
    /// Which shard.
    pub shard: Shard,
    /// Split rule ([`split`]).
    pub split: String,
    /// amoba version.
    pub version: String,
    /// Number of canonical forms.
    pub count: usize,
    /// SHA-256 of the data lines, hex.
    pub sha256: String,
}

/// Why parts could not be read or merged.
#[derive(Debug, thiserror::Error)]
pub enum ShardError {
    /// I/O failure.
    #[error(transparent)]
    Io(#[from] IoError),
    /// A part is malformed or damaged.
    #[error("{path}:{line}: {message}")]
    Part {
        /// The part file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The set of parts is incomplete or inconsistent.
    #[error("{0}")]
    Set(String),
}

/// Why the shard of a Slurm job array could not be read from its environment.
#[derive(Debug, thiserror::Error)]
pub enum SlurmError {
    /// A variable is not Unicode.
    #[error("{name} is {value}, expected a number")]
    NotUnicode {
        /// The variable.
        name: &'static str,
        /// Its value, with U+FFFD for the bytes that are not UTF-8.
        value: String,
    },
    /// The variables do not make a shard `I/N`.
    #[error("SLURM_ARRAY_TASK_ID/COUNT: {0}")]
    Shard(String),
}

/// The shard given by a Slurm job array (`SLURM_ARRAY_TASK_ID` of
/// `SLURM_ARRAY_TASK_COUNT`), if this process runs in one: the default shard of a
/// sharded enumeration or count.
pub fn slurm_shard() -> Result<Option<Shard>, SlurmError> {
    let var = |name: &'static str| match std::env::var(name) {
        Ok(v) => Ok(Some(v)),
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(v)) => Err(SlurmError::NotUnicode {
            name,
            value: v.to_string_lossy().into_owned(),
        }),
    };
    match (var("SLURM_ARRAY_TASK_ID")?, var("SLURM_ARRAY_TASK_COUNT")?) {
        (Some(i), Some(n)) => Ok(Some(format!("{i}/{n}").parse().map_err(SlurmError::Shard)?)),
        _ => Ok(None),
    }
}

/// What a part file already on disk means for a rerun of its shard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Existing {
    /// No file: the shard is to be searched.
    Absent,
    /// A complete part of this shard and split, with its header: the shard is done.
    Complete(PartHeader),
    /// A file that is not a complete part of this shard: it is to be redone.
    Damaged,
}

/// Whether the part of `shard` at `path` is absent, complete (a requeued job skips
/// it) or incomplete or damaged (redone).
pub fn existing(board: &Board, path: &Path, shard: Shard) -> Existing {
    if !path.exists() {
        return Existing::Absent;
    }
    match read_part(board, path) {
        Ok((h, _)) if h.shard == shard && h.split == split(board) => Existing::Complete(h),
        _ => Existing::Damaged,
    }
}

/// The directory of part files: `given`, by default `out_dir/parts`.
pub fn parts_dir(given: Option<&Path>, out_dir: &Path) -> PathBuf {
    given.map_or_else(|| out_dir.join("parts"), Path::to_path_buf)
}

/// Where the part of `shard` of `board` goes in the directory `dir`: [`part_name`] of
/// the board's file tag.
pub fn part_path(dir: &Path, board: &Board, shard: Shard) -> PathBuf {
    dir.join(part_name(&file_tag(board), shard))
}

/// The default file name of a part: `catalogue-<tag>.part-<I>-of-<N>.txt`.
pub fn part_name(tag: &str, shard: Shard) -> String {
    format!(
        "catalogue-{tag}.part-{}-of-{}.txt",
        shard.index, shard.count
    )
}

fn digest(cat: &Catalogue) -> String {
    let mut h = Sha256::new();
    let mut bytes = Vec::new();
    cat.write_to(&mut bytes).expect("writing to memory");
    h.update(&bytes);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Searches shard `shard` of `board` with `threads` threads (0 = all cores) and writes
/// its part file at `path` ([`write_part`]); `progress(done, total)` is called as the
/// subtrees are searched. Returns the run's output, whose catalogue and census hold the
/// shard's classes only.
///
/// *Errors*: the part file cannot be written.
pub fn run_shard(
    board: &Board,
    shard: Shard,
    threads: usize,
    path: &Path,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<EnumerateOutput, IoError> {
    let options = Options {
        threads,
        shard: Some(shard),
        ..Options::default()
    };
    let out = run_with(board, options, None, progress);
    write_part(path, board, shard, &out.catalogue)?;
    Ok(out)
}

/// Writes the part of `shard` atomically.
pub fn write_part(
    path: &Path,
    board: &Board,
    shard: Shard,
    cat: &Catalogue,
) -> Result<(), IoError> {
    let header = PartHeader {
        board: board.name().into(),
        shard,
        split: split(board),
        version: env!("CARGO_PKG_VERSION").into(),
        count: cat.len(),
        sha256: digest(cat),
    };
    write_atomic(path, |w| {
        write!(
            w,
            "# amoba part\n# board {}\n# shard {}\n# depth {}\n# version {}\n# count {}\n# sha256 {}\n",
            header.board, header.shard, header.split, header.version, header.count, header.sha256
        )?;
        cat.write_to(w)
    })
}

/// Reads and checks a part file: header fields, line format, count and checksum.
/// The data lines are returned as a catalogue fragment (validated as in
/// [`Catalogue::read`]: good, canonical, ascending).
pub fn read_part(board: &Board, path: &Path) -> Result<(PartHeader, Catalogue), ShardError> {
    let text = std::fs::read(path).map_err(|e| IoError::new(path, e))?;
    let bad = |line: usize, message: String| ShardError::Part {
        path: path.to_path_buf(),
        line,
        message,
    };
    let text = std::str::from_utf8(&text).map_err(|_| bad(1, "expected UTF-8 text".into()))?;
    let mut lines = text.split_inclusive('\n');
    let mut field = |n: usize, key: &str| -> Result<String, ShardError> {
        let l = lines
            .next()
            .ok_or_else(|| bad(n, format!("expected the header line '# {key} …'")))?;
        let l = l.strip_suffix('\n').unwrap_or(l);
        let rest = l
            .strip_prefix(&format!("# {key}"))
            .ok_or_else(|| bad(n, format!("expected '# {key} …', found {l:?}")))?;
        Ok(rest.trim().to_string())
    };
    field(1, "amoba part")?;
    let board_name = field(2, "board")?;
    let shard: Shard = field(3, "shard")?.parse().map_err(|e| bad(3, e))?;
    let split = field(4, "depth")?;
    let version = field(5, "version")?;
    let count: usize = field(6, "count")?
        .parse()
        .map_err(|_| bad(6, "expected a count".into()))?;
    let sha256 = field(7, "sha256")?;
    if board_name != board.name() {
        return Err(bad(
            2,
            format!("part of board {board_name}, expected {}", board.name()),
        ));
    }
    let data: String = lines.collect();
    // Validate the data lines through the catalogue reader (via a temporary file would
    // cost a copy; parse in memory instead).
    let cat = Catalogue::parse(board, &data, path, 7).map_err(|e| bad(0, e.to_string()))?;
    if cat.len() != count {
        return Err(bad(
            6,
            format!("header says {count} forms, found {}", cat.len()),
        ));
    }
    if digest(&cat) != sha256 {
        return Err(bad(7, "checksum mismatch: the part is damaged".into()));
    }
    Ok((
        PartHeader {
            board: board_name,
            shard,
            split,
            version,
            count,
            sha256,
        },
        cat,
    ))
}

/// Merges a complete set of parts into the catalogue: refuses a missing, duplicate or
/// mismatched part (board, shard count, split rule, version), then merges the sorted
/// parts into one sorted catalogue — the bytes of the unsharded run.
pub fn merge(board: &Board, paths: &[PathBuf]) -> Result<Catalogue, ShardError> {
    if paths.is_empty() {
        return Err(ShardError::Set("no parts given".into()));
    }
    let mut parts = Vec::new();
    for p in paths {
        parts.push((p.clone(), read_part(board, p)?));
    }
    let (first_path, (h0, _)) = &parts[0];
    let n = h0.shard.count;
    let mut seen: Vec<Option<PathBuf>> = vec![None; n];
    for (path, (h, _)) in &parts {
        if (h.shard.count, &h.split, &h.version) != (n, &h0.split, &h0.version) {
            return Err(ShardError::Set(format!(
                "{} (shard {}, split {}, version {}) does not match {} (shard {}, split {}, version {})",
                path.display(),
                h.shard,
                h.split,
                h.version,
                first_path.display(),
                h0.shard,
                h0.split,
                h0.version
            )));
        }
        if let Some(other) = &seen[h.shard.index] {
            return Err(ShardError::Set(format!(
                "shard {} appears twice: {} and {}",
                h.shard,
                other.display(),
                path.display()
            )));
        }
        seen[h.shard.index] = Some(path.clone());
    }
    let missing: Vec<String> = (0..n)
        .filter(|&i| seen[i].is_none())
        .map(|i| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        // The first few: the list of a mistyped shard count would be long.
        let more = match missing.len() {
            m if m > 10 => format!(" and {} more", m - 10),
            _ => String::new(),
        };
        return Err(ShardError::Set(format!(
            "missing parts: {}{more}",
            missing[..missing.len().min(10)].join(", ")
        )));
    }
    let mut all: Vec<(&[u8], u16)> = Vec::new();
    for (_, (_, cat)) in &parts {
        for id in 1..=cat.len() {
            all.push((cat.codes_of(id), cat.stabiliser(id) as u16));
        }
    }
    all.sort_unstable();
    if all.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err(ShardError::Set("a class appears in two parts".into()));
    }
    let found: Vec<crate::pairing::search::Found> = all
        .iter()
        .map(|(c, s)| crate::pairing::search::Found {
            codes: c.to_vec(),
            stabiliser: *s as usize,
        })
        .collect();
    Ok(Catalogue::from_found(board.ncells(), &found))
}
