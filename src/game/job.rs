//! One job of a split game search (`amoba solve GAME --shard I/N`): the positions of
//! shard `I` of `N` of a [`Frontier`], decided by [`shard::solve_part`] and saved in
//! the shard's part file as they are decided, so that a job stopped by its time limit
//! loses only the positions it was working on.
//!
//! [`Job::open`] finds the part file (`DIR/parts/`[`part_name`]), refuses one of
//! another run ([`Part::foreign`]) and keeps what a rerun may keep
//! ([`Part::resumable`]); [`Job::run`] decides the other positions of the shard.
//!
//! # Saving
//!
//! The part file is rewritten whole and atomically, at least [`SAVE_EVERY`] after
//! the last save and at least twenty times as long as that save took, so that
//! rewriting a large part stays a small share of the run; and once more at the end. A
//! save that fails ends the job (after the positions being searched are decided).

use super::certificate::CertificateError;
use super::file::{Loaded, ReadError};
use super::shard::{self, Frontier, Part, PartRequest, Solved, load_part, part_name};
use crate::core::io::{IoError, write_atomic};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The least time between two saves of a part file.
pub const SAVE_EVERY: Duration = Duration::from_secs(1);

/// Why a shard's job cannot run.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// The directory of the part files cannot be made.
    #[error("{dir}")]
    Dir {
        /// The directory.
        dir: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The part file found does not read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The part file found is of another run.
    #[error("{path}: a part of another run ({why}); remove it or choose another --out-dir")]
    Foreign {
        /// The part file.
        path: String,
        /// What differs ([`Part::foreign`]).
        why: String,
    },
    /// The part file cannot be written.
    #[error(transparent)]
    Write(#[from] IoError),
    /// A decided position's certificate cannot be extracted.
    #[error(transparent)]
    Certificate(#[from] CertificateError),
}

/// Shard `index` of `count` of a split, with its part file and what it keeps from it.
#[derive(Clone, Debug)]
pub struct Job {
    /// The part file.
    pub path: PathBuf,
    /// The shard.
    pub index: usize,
    /// The number of shards.
    pub count: usize,
    /// The frontier positions of the shard (indices).
    pub mine: Vec<usize>,
    /// The positions kept from the part file, by index.
    pub kept: BTreeMap<usize, Solved>,
}

impl Job {
    /// The job of shard `index` of `count` of `frontier` (a split of the game
    /// `loaded` from the file `game_file`), with its part file in `out_dir/parts` (made
    /// if missing); a part file already there is resumed, keeping the positions a rerun
    /// with `node_limit` would not search further.
    ///
    /// # Errors
    ///
    /// [`JobError`] when the directory cannot be made, or the part file there does not
    /// read or is of another run.
    pub fn open(
        loaded: &Loaded,
        game_file: &Path,
        frontier: &Frontier,
        out_dir: &Path,
        index: usize,
        count: usize,
        node_limit: Option<u64>,
    ) -> Result<Job, JobError> {
        let dir = out_dir.join("parts");
        std::fs::create_dir_all(&dir).map_err(|source| JobError::Dir {
            dir: dir.display().to_string(),
            source,
        })?;
        let path = dir.join(part_name(game_file, index, count));
        let mut kept = BTreeMap::new();
        if path.exists() {
            let part = load_part(&loaded.game, &path)?;
            if let Some(why) = part.foreign(&loaded.sha256, frontier, index, count) {
                return Err(JobError::Foreign {
                    path: path.display().to_string(),
                    why,
                });
            }
            kept.extend(part.resumable(node_limit).into_iter().map(|x| (x.index, x)));
        }
        Ok(Job {
            path,
            index,
            count,
            mine: frontier.shard(index, count).collect(),
            kept,
        })
    }

    /// Decides the positions of the shard not kept (of `frontier`, a split of the game
    /// `loaded`) within the limits of `request`, saving the part file as it goes and at
    /// the end; `progress(decided, total)` follows the shard's positions. The threads
    /// are rayon's current pool's. *Returns* every position of the shard decided or
    /// given up, by index (not those an interruption cut short: [`PartRequest::stop`]).
    ///
    /// # Errors
    ///
    /// [`JobError`] when the part file cannot be written or a certificate cannot be
    /// extracted.
    pub fn run(
        &self,
        loaded: &Loaded,
        frontier: &Frontier,
        request: &PartRequest,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<BTreeMap<usize, Solved>, JobError> {
        let (game, sha256) = (&loaded.game, &loaded.sha256);
        let todo: Vec<usize> = self
            .mine
            .iter()
            .copied()
            .filter(|i| !self.kept.contains_key(i))
            .collect();
        let total = self.mine.len() as u64;
        let save = |solved: &BTreeMap<usize, Solved>| -> Result<(), JobError> {
            let part = Part {
                game_sha256: sha256.clone(),
                depth: frontier.depth,
                fingerprint: frontier.fingerprint.clone(),
                shard: self.index,
                count: self.count,
                solved: solved.values().cloned().collect(),
            };
            write_atomic(&self.path, |w| part.write(game, w))?;
            Ok(())
        };
        // The positions decided, the last save's end and its duration.
        let state = Mutex::new((self.kept.clone(), Instant::now(), Duration::ZERO));
        let failed = Mutex::new(None);
        let on_solved = |x: &Solved| {
            let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
            st.0.insert(x.index, x.clone());
            progress(st.0.len() as u64, total);
            if st.1.elapsed() >= SAVE_EVERY.max(20 * st.2) {
                let began = Instant::now();
                if let Err(e) = save(&st.0) {
                    *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                }
                st.1 = Instant::now();
                st.2 = began.elapsed();
            }
        };
        shard::solve_part(game, frontier, &todo, request, &on_solved)?;
        if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(e);
        }
        let (solved, _, _) = state.into_inner().unwrap_or_else(|e| e.into_inner());
        save(&solved)?;
        Ok(solved)
    }
}
