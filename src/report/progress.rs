//! Progress on standard error while a long computation runs: a bar on a terminal
//! ([`Display::Bar`]), or a plain line every 10 s for cluster logs ([`Display::Log`],
//! [`log_line`]).
//!
//! The log line comes every 10 s whether or not a step finished in between: a
//! background thread repeats the last known state, so a long step (one heavy subtree
//! of a search) never leaves a job silent. Which display a run gets is the caller's
//! choice (`amoba --progress`, which looks at whether it runs on a terminal).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Display {
    /// A bar (hidden by indicatif when standard error is not a terminal).
    Bar,
    /// A plain line on standard error every 10 s: for batch jobs.
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
        let line = log_line(&st.what, st.done, st.total, self.unit, self.start.elapsed());
        let _ = writeln!(std::io::stderr(), "{line}");
    }
}

/// The log line of `what` after `elapsed`: `done` of `total` `unit`s with the
/// percentage and the time left at the rate so far, or with no known total the count
/// and its rate.
pub fn log_line(
    what: &str,
    done: u64,
    total: Option<u64>,
    unit: &str,
    elapsed: Duration,
) -> String {
    let secs = elapsed.as_secs_f64();
    match total {
        Some(total) => {
            let eta = if done > 0 {
                format!(
                    "ETA {:.0} s",
                    secs * (total - done.min(total)) as f64 / done as f64
                )
            } else {
                "ETA unknown".into()
            };
            format!(
                "{what}: {done}/{total} {unit} ({:.1}%), {secs:.0} s elapsed, {eta}",
                100.0 * done as f64 / total.max(1) as f64
            )
        }
        None => format!(
            "{what}: {done} {unit} in {secs:.0} s ({:.2e} per second)",
            done as f64 / secs.max(1e-9)
        ),
    }
}

/// A progress reporter over `total` steps (the total may be set later).
pub struct Progress {
    bar: Option<ProgressBar>,
    log: Option<Arc<Log>>,
    heartbeat: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    /// A reporter for `what`, counted in subtrees, shown as `display` says.
    pub fn new(display: impl Into<Display>, what: &str) -> Progress {
        Progress::counting(display, what, "subtrees")
    }

    /// A reporter for `what` whose log lines count `unit`s.
    pub fn counting(display: impl Into<Display>, what: &str, unit: &'static str) -> Progress {
        let mode = display.into();
        let bar = (mode == Display::Bar).then(|| {
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
        let log = (mode == Display::Log).then(|| {
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

    /// Prints `line` on standard error without breaking the display: a bar is cleared
    /// for it and drawn again below it; a log line or nothing shown, it is printed as
    /// it is.
    pub fn println(&self, line: &str) {
        let print = || {
            let _ = writeln!(std::io::stderr(), "{line}");
        };
        match &self.bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_lines_give_the_share_done_and_the_time_left() {
        let ten = Duration::from_secs(10);
        assert_eq!(
            log_line("count", 1, Some(4), "subtrees", ten),
            "count: 1/4 subtrees (25.0%), 10 s elapsed, ETA 30 s"
        );
        assert_eq!(
            log_line("count", 0, Some(0), "subtrees", ten),
            "count: 0/0 subtrees (0.0%), 10 s elapsed, ETA unknown"
        );
        assert_eq!(
            log_line("search", 20, None, "nodes", ten),
            "search: 20 nodes in 10 s (2.00e0 per second)"
        );
    }
}
