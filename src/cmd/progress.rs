//! Progress reporting: a bar on a terminal, a plain periodic line for cluster logs.
//!
//! The log line comes every 10 s whether or not a step finished in between: a
//! background thread repeats the last known state, so a long step (one heavy subtree
//! of a search) never leaves a job silent.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How progress is shown (`--progress`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// A bar when stdout and stderr are terminals, otherwise a log line every 10 s.
    Auto,
    /// Always a bar (hidden by indicatif when stderr is not a terminal).
    Bar,
    /// A plain line on stderr every 10 s: for batch jobs, where a bar hides itself.
    Log,
    /// Nothing.
    None,
}

/// Interval between log lines.
const LOG_EVERY: Duration = Duration::from_secs(10);

/// The state the log lines print.
struct LogState {
    /// When the last line was printed.
    last: Instant,
    /// What is being done (the line's first words).
    what: String,
    /// Steps done and their total (`None`: a count with no known total).
    done: u64,
    total: Option<u64>,
}

/// What the log lines and their background thread share.
struct Log {
    state: Mutex<LogState>,
    stop: AtomicBool,
    start: Instant,
    unit: &'static str,
}

impl Log {
    /// Prints the line of the current state if the last one is `LOG_EVERY` old.
    fn tick(&self) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if st.last.elapsed() < LOG_EVERY {
            return;
        }
        st.last = Instant::now();
        let secs = self.start.elapsed().as_secs_f64();
        let unit = self.unit;
        let done = st.done;
        match st.total {
            Some(total) => {
                let eta = if done > 0 {
                    format!(
                        "ETA {:.0} s",
                        secs * (total - done.min(total)) as f64 / done as f64
                    )
                } else {
                    "ETA unknown".into()
                };
                super::note!(
                    "{}: {done}/{total} {unit} ({:.1}%), {secs:.0} s elapsed, {eta}",
                    st.what,
                    100.0 * done as f64 / total.max(1) as f64
                );
            }
            None => super::note!(
                "{}: {done} {unit} in {secs:.0} s ({:.2e} per second)",
                st.what,
                done as f64 / secs.max(1e-9)
            ),
        }
    }
}

/// A progress reporter over `total` steps (the total may be set later).
pub struct Progress {
    bar: Option<ProgressBar>,
    log: Option<Arc<Log>>,
    heartbeat: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    /// A reporter for `what`, counted in subtrees, in the given mode.
    pub fn new(mode: Mode, what: &str) -> Progress {
        Progress::counting(mode, what, "subtrees")
    }

    /// A reporter for `what` whose log lines count `unit`s.
    pub fn counting(mode: Mode, what: &str, unit: &'static str) -> Progress {
        let terminal = std::io::stdout().is_terminal() && std::io::stderr().is_terminal();
        let mode = match mode {
            Mode::Auto if terminal => Mode::Bar,
            Mode::Auto => Mode::Log,
            m => m,
        };
        let bar = (mode == Mode::Bar).then(|| {
            let bar = ProgressBar::new(0);
            bar.set_style(
                ProgressStyle::with_template(
                    "{msg:>10} [{elapsed_precise}] {wide_bar} {pos}/{len} (ETA {eta})",
                )
                .expect("a valid template"),
            );
            bar.set_message(what.to_string());
            // The elapsed time moves on while a long step runs.
            bar.enable_steady_tick(Duration::from_secs(1));
            bar
        });
        let log = (mode == Mode::Log).then(|| {
            Arc::new(Log {
                state: Mutex::new(LogState {
                    last: Instant::now(),
                    what: what.into(),
                    done: 0,
                    total: Some(0),
                }),
                stop: AtomicBool::new(false),
                start: Instant::now(),
                unit,
            })
        });
        let heartbeat = log.clone().map(|log| {
            std::thread::spawn(move || {
                while !log.stop.load(Ordering::Relaxed) {
                    // Woken early by `stop`, so finishing does not wait.
                    std::thread::park_timeout(Duration::from_millis(500));
                    if !log.stop.load(Ordering::Relaxed) {
                        log.tick();
                    }
                }
            })
        });
        Progress {
            bar,
            log,
            heartbeat,
        }
    }

    /// Renames what is being done (one reporter over several stages, e.g. the games of
    /// a scan: the count and its ETA go on across them).
    pub fn set_what(&self, what: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(what.to_string());
        }
        if let Some(log) = &self.log {
            log.state.lock().unwrap_or_else(|e| e.into_inner()).what = what.into();
        }
    }

    /// Records that `done` of `total` steps are finished.
    pub fn update(&self, done: u64, total: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(total);
            bar.set_position(done);
        }
        self.record(done, Some(total));
    }

    /// Records that `done` steps are finished, of a total not known in advance (the
    /// bar shows the count and the rate, the log line the same).
    pub fn update_open(&self, done: u64) {
        if let Some(bar) = &self.bar {
            if bar.length() != Some(u64::MAX) {
                bar.set_length(u64::MAX);
                bar.set_style(
                    ProgressStyle::with_template(
                        "{msg:>10} [{elapsed_precise}] {human_pos} {per_sec}",
                    )
                    .expect("a valid template"),
                );
            }
            bar.set_position(done);
        }
        self.record(done, None);
    }

    fn record(&self, done: u64, total: Option<u64>) {
        if let Some(log) = &self.log {
            {
                let mut st = log.state.lock().unwrap_or_else(|e| e.into_inner());
                st.done = done;
                st.total = total;
            }
            log.tick();
        }
    }

    /// Clears the bar and stops the log lines.
    pub fn finish(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        if let Some(log) = &self.log {
            log.stop.store(true, Ordering::Relaxed);
        }
        if let Some(h) = self.heartbeat.take() {
            h.thread().unpark();
            let _ = h.join();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop();
    }
}
