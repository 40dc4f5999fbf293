//! Progress reporting: a bar on a terminal, a plain periodic line for cluster logs.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;
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

/// A progress reporter over `total` steps (the total may be set later).
pub struct Progress {
    bar: Option<ProgressBar>,
    log: Option<Mutex<Instant>>,
    start: Instant,
    what: String,
    unit: &'static str,
}

impl Progress {
    /// A reporter for `what` in the given mode.
    pub fn new(mode: Mode, what: &str) -> Progress {
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
            bar
        });
        Progress {
            bar,
            log: (mode == Mode::Log).then(|| Mutex::new(Instant::now())),
            start: Instant::now(),
            what: what.into(),
            unit: "subtrees",
        }
    }

    /// Names the steps in the log lines (default "subtrees").
    pub fn with_unit(mut self, unit: &'static str) -> Progress {
        self.unit = unit;
        self
    }

    /// Records that `done` of `total` steps are finished.
    pub fn update(&self, done: u64, total: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(total);
            bar.set_position(done);
        }
        if let Some(last) = &self.log {
            let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
            if last.elapsed() >= LOG_EVERY {
                *last = Instant::now();
                let secs = self.start.elapsed().as_secs_f64();
                let eta = if done > 0 {
                    secs * (total - done) as f64 / done as f64
                } else {
                    f64::NAN
                };
                super::note!(
                    "{}: {done}/{total} {} ({:.1}%), {secs:.0} s elapsed, ETA {eta:.0} s",
                    self.what,
                    self.unit,
                    100.0 * done as f64 / total.max(1) as f64
                );
            }
        }
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
        if let Some(last) = &self.log {
            let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
            if last.elapsed() >= LOG_EVERY {
                *last = Instant::now();
                let secs = self.start.elapsed().as_secs_f64();
                super::note!(
                    "{}: {done} {} in {secs:.0} s ({:.2e} per second)",
                    self.what,
                    self.unit,
                    done as f64 / secs.max(1e-9)
                );
            }
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
