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
//! The part file is rewritten whole and atomically by a thread of its own
//! (`saving`) once a position has been decided since the last save, at least
//! [`SAVE_EVERY`] after that save and at least twenty times as long as it took, so
//! that rewriting a large part stays a small share of the run; and once more at the
//! end. A decided position is therefore on disk within seconds even when the next one
//! takes hours, and a job killed without warning (`SIGKILL`, the out-of-memory
//! killer, a scheduler's hard limit) loses only the positions it was working on.
//!
//! A save that fails is tried again at the next interval, so that a passing
//! failure (a network file system's hiccup) costs nothing. A second failure in a row
//! stops the job rather than let it search on for hours with nothing reaching the
//! disk: a flag of the job's own, beside the caller's [`PartRequest::stop`], stops
//! the searches under way (their positions are left for a rerun, as on an
//! interruption), the part is saved once more (a full disk may have been freed), and
//! [`Job::run`] returns [`JobError::Unsaved`], which says whether that last save
//! worked. A panic while saving stops the searches the same way and is then passed
//! on.

use super::certificate::CertificateError;
use super::file::{Loaded, ReadError};
use super::shard::{self, Frontier, Part, PartRequest, Solved, load_part, part_name};
use crate::core::io::{IoError, write_atomic};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
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
    /// The part file could not be saved twice in a row while the searches ran, so
    /// they were stopped; `saved_at_end` says whether the save after them worked.
    #[error(
        "the part file could not be saved twice in a row, so the searches stopped; {}",
        if *saved_at_end {
            "a last save then worked: the file holds every position decided, and the same command goes on from it"
        } else {
            "a last save failed too"
        }
    )]
    Unsaved {
        /// Whether the save after the searches stopped worked.
        saved_at_end: bool,
        /// Why the second save in a row failed.
        #[source]
        source: IoError,
    },
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
    /// the end; `progress(decided, total)` follows the positions this run searches
    /// (those not kept), so that a rate taken from it is this run's. The threads
    /// are rayon's current pool's. *Returns* every position of the shard decided or
    /// given up, by index (not those an interruption cut short: [`PartRequest::stop`]).
    ///
    /// # Errors
    ///
    /// [`JobError::Unsaved`] when saves failed while the searches ran (they are then
    /// stopped, and what was decided is saved once more: see the module's essay),
    /// [`JobError::Write`] when only the last save fails, [`JobError::Certificate`]
    /// when a certificate cannot be extracted.
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
        let total = todo.len() as u64;
        let save = |solved: &BTreeMap<usize, Solved>| -> Result<(), IoError> {
            let part = Part {
                game_sha256: sha256.clone(),
                depth: frontier.depth,
                fingerprint: frontier.fingerprint.clone(),
                shard: self.index,
                count: self.count,
                solved: solved.values().cloned().collect(),
            };
            write_atomic(&self.path, |w| part.write(game, w))
        };
        // Set by the saving thread when saves fail: it stops the searches.
        let halt = AtomicBool::new(false);
        let stops: Vec<&AtomicBool> = request.stop.iter().copied().chain([&halt]).collect();
        let request = PartRequest {
            stop: &stops,
            ..*request
        };
        progress(0, total);
        let (solved, searched, failed) = saving(self.kept.clone(), &save, &halt, |decided| {
            let on_solved = |x: &Solved| {
                decided.update(|solved| {
                    solved.insert(x.index, x.clone());
                    progress((solved.len() - self.kept.len()) as u64, total);
                });
            };
            shard::solve_part(game, frontier, &todo, &request, &on_solved)
        });
        // Saved at the end whatever happened: after a failed save too, what was
        // decided may still reach the disk.
        let last = save(&solved);
        if let Some(source) = failed {
            let saved_at_end = last.is_ok();
            return Err(JobError::Unsaved {
                saved_at_end,
                source,
            });
        }
        searched?;
        last?;
        Ok(solved)
    }
}

/// A value that `work` updates through [`Pending::update`] while a thread of its own
/// saves it with `save`: a copy taken under the lock and saved outside it, once an
/// update has come since the last save, at least [`SAVE_EVERY`] after that save and at
/// least twenty times as long as it took. A save that fails is tried again at the
/// next interval; a second failure in a row, or a panic, sets `halt` (for `work` to
/// see and stop) and ends the saving, and a panic is passed on once `work` has
/// returned. *Returns* the value at the end (not saved here: the caller saves it once
/// more), `work`'s result, and the error of the second failure in a row, if any.
fn saving<T, E, R>(
    value: T,
    save: &(dyn Fn(&T) -> Result<(), E> + Sync),
    halt: &AtomicBool,
    work: impl FnOnce(&Pending<T>) -> R,
) -> (T, R, Option<E>)
where
    T: Clone + Send,
    E: Send,
{
    let pending = Pending {
        state: Mutex::new(State {
            value,
            changed: false,
            ended: false,
        }),
        tick: Condvar::new(),
    };
    let mut failed = None;
    let result = std::thread::scope(|s| {
        let failed = &mut failed;
        let pending = &pending;
        s.spawn(move || {
            // Stops the work when a save panics (the scope then passes the panic on).
            let _halt = Halt(halt);
            let (mut last, mut took) = (Instant::now(), Duration::ZERO);
            let mut failing = false;
            let mut st = pending.lock();
            while !st.ended {
                let due = SAVE_EVERY.max(20 * took);
                let since = last.elapsed();
                if st.changed && since >= due {
                    let copy = st.value.clone();
                    st.changed = false;
                    drop(st);
                    let began = Instant::now();
                    let saved = save(&copy);
                    (last, took) = (Instant::now(), began.elapsed());
                    match saved {
                        Ok(()) => failing = false,
                        Err(e) if failing => {
                            *failed = Some(e);
                            halt.store(true, Ordering::Relaxed);
                            return;
                        }
                        Err(_) => failing = true,
                    }
                    st = pending.lock();
                    // A failed save is tried again, changed or not.
                    st.changed |= failing;
                } else {
                    let wait = due.saturating_sub(since).max(SAVE_EVERY / 4);
                    st = pending
                        .tick
                        .wait_timeout(st, wait)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0;
                }
            }
        });
        // Ends the saving thread when the work ends, by returning or by a panic
        // (which the scope then passes on once that thread is joined).
        let _ended = Ended(pending);
        work(pending)
    });
    let value = pending
        .state
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .value;
    (value, result, failed)
}

/// The value of [`saving`], shared by the work and the saving thread.
struct Pending<T> {
    state: Mutex<State<T>>,
    /// Wakes the saving thread when the work ends.
    tick: Condvar,
}

/// What [`Pending`] guards.
struct State<T> {
    value: T,
    /// Whether the value changed since the last save.
    changed: bool,
    /// Whether the work has ended.
    ended: bool,
}

impl<T> Pending<T> {
    fn lock(&self) -> std::sync::MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Changes the value by `f`, to be saved; *returns* `f`'s result.
    fn update<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        let mut st = self.lock();
        st.changed = true;
        f(&mut st.value)
    }
}

/// Sets its flag when dropped by a panic: a saving thread that panics stops the work.
struct Halt<'a>(&'a AtomicBool);

impl Drop for Halt<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// Marks the work of a [`Pending`] ended when dropped.
struct Ended<'a, T>(&'a Pending<T>);

impl<T> Drop for Ended<'_, T> {
    fn drop(&mut self) {
        self.0.lock().ended = true;
        self.0.tick.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Waits (at most 20 saving intervals) until `done()`.
    fn wait_for(done: impl Fn() -> bool) {
        let began = Instant::now();
        while !done() {
            assert!(began.elapsed() < 20 * SAVE_EVERY, "waited in vain");
            std::thread::sleep(SAVE_EVERY / 10);
        }
    }

    /// A value changed once and then left alone while the work goes on is saved
    /// without waiting for the work to end or change it again; a save that fails once
    /// is tried again; two failures in a row stop the work and the error is returned;
    /// nothing changed, nothing is saved.
    #[test]
    fn a_change_is_saved_while_the_work_goes_on() {
        let saves = Mutex::new(Vec::new());
        let save = |v: &u32| -> Result<(), String> {
            let mut saves = saves.lock().unwrap();
            saves.push(*v);
            match *v {
                7 => Err("seven".into()),
                8 if saves.iter().filter(|&&x| x == 8).count() == 1 => Err("eight".into()),
                9 => panic!("nine"),
                _ => Ok(()),
            }
        };
        let halt = AtomicBool::new(false);
        let (value, (), failed) = saving(5u32, &save, &halt, |p| {
            p.update(|v| *v = 6);
            wait_for(|| !saves.lock().unwrap().is_empty());
            assert!(!halt.load(Ordering::Relaxed));
        });
        assert_eq!((value, failed), (6, None));
        assert_eq!(*saves.lock().unwrap(), vec![6]);
        // A save that fails once is tried again, and the work goes on.
        let (value, (), failed) = saving(0u32, &save, &halt, |p| {
            p.update(|v| *v = 8);
            wait_for(|| saves.lock().unwrap().len() == 3);
            assert!(!halt.load(Ordering::Relaxed));
        });
        assert_eq!((value, failed), (8, None));
        // Two failed saves in a row stop the work, and the error comes back.
        let (value, (), failed) = saving(0u32, &save, &halt, |p| {
            p.update(|v| *v = 7);
            wait_for(|| halt.load(Ordering::Relaxed));
        });
        assert_eq!((value, failed), (7, Some("seven".to_string())));
        // Nothing changed, nothing saved.
        halt.store(false, Ordering::Relaxed);
        let (_, (), failed) = saving(1u32, &save, &halt, |_| std::thread::sleep(2 * SAVE_EVERY));
        assert_eq!(failed, None);
        assert_eq!(*saves.lock().unwrap(), vec![6, 8, 8, 7, 7]);
        // A panic while saving stops the work and then reaches the caller.
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            saving(2u32, &save, &halt, |p| {
                p.update(|v| *v = 9);
                wait_for(|| halt.load(Ordering::Relaxed));
            })
        }));
        assert!(caught.is_err());
        // A panic of the work ends the saving thread and reaches the caller.
        halt.store(false, Ordering::Relaxed);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            saving(3u32, &save, &halt, |p| {
                p.update(|v| *v = 4);
                panic!("the work failed")
            })
        }));
        assert!(caught.is_err());
    }
}
