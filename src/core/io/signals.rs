//! Interrupts (README, *Where output goes, exit codes, interruptions*).
//!
//! Once [`remove_temp_files_on_signals`] has been called, a thread waits for SIGINT,
//! SIGTERM and SIGHUP. By default the first of them removes the temporary files of
//! the writes in progress and ends the process by that signal, as if no handler had
//! been installed: its parent sees "killed by SIGINT" (a shell reports 130, 143 for
//! SIGTERM, 129 for SIGHUP) and a script loop around amoba stops.
//!
//! A command whose long work can stop early and still say how far it got (`amoba
//! solve`, whose searches stop as at a node limit) asks for the first SIGINT or
//! SIGTERM to be *deferred* instead ([`stop_on_first_signal`]): the signal sets a flag
//! that the work polls, the command prints what it has and writes what it was asked
//! to keep, and [`end_if_interrupted`] then ends the process by that signal, so that
//! the parent sees the same status as without the deferral. A second signal, or
//! SIGHUP, ends the process at once as above. Nothing else changes: a command that
//! does not ask never sees the flag.

use super::{pending, remove_listed};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::io::{self, Write as _};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// Whether the first SIGINT or SIGTERM is deferred.
static DEFER: AtomicBool = AtomicBool::new(false);
/// Set by a deferred signal: the work in progress should stop.
static STOP: AtomicBool = AtomicBool::new(false);
/// The deferred signal's number, 0 while none came, [`CLOSED`] once the command has
/// passed [`end_if_interrupted`] without one.
static DEFERRED: AtomicI32 = AtomicI32::new(0);

/// [`DEFERRED`] once no signal may be deferred any more.
const CLOSED: i32 = -1;

/// Installs, once per process, the thread that waits for SIGINT, SIGTERM or SIGHUP
/// (module documentation): it removes the temporary files of the writes in progress
/// ([`super::remove_temp_files`]) and then ends the process by that signal, unless a
/// first SIGINT or SIGTERM is deferred ([`stop_on_first_signal`]). For programs; a
/// library user who handles these signals itself can call
/// [`super::remove_temp_files`] from its own handler instead.
///
/// # Errors
///
/// When the signal handlers or the thread cannot be set up.
pub fn remove_temp_files_on_signals() -> io::Result<()> {
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    if INSTALLED.swap(true, Ordering::SeqCst) {
        return Ok(());
    }
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::Builder::new()
        .name("amoba-signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                if signal != SIGHUP
                    && DEFER.load(Ordering::SeqCst)
                    && DEFERRED
                        .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok()
                {
                    STOP.store(true, Ordering::SeqCst);
                    continue;
                }
                end_by(signal);
            }
        })?;
    Ok(())
}

/// Defers the first SIGINT or SIGTERM from now on (module documentation) and returns
/// the flag it sets, for the work to poll. The caller must end with
/// [`end_if_interrupted`] once it has printed and written what it has.
pub fn stop_on_first_signal() -> &'static AtomicBool {
    DEFER.store(true, Ordering::SeqCst);
    &STOP
}

/// Ends the process by the deferred signal, if one came (standard output flushed,
/// temporary files removed first); returns otherwise, and from then on no signal is
/// deferred: one that comes while the process ends ends it at once.
pub fn end_if_interrupted() {
    match DEFERRED.compare_exchange(0, CLOSED, Ordering::SeqCst, Ordering::SeqCst) {
        Ok(_) | Err(CLOSED) => {}
        Err(signal) => {
            let _ = super::stdout().flush();
            let _ = io::stderr().flush();
            end_by(signal);
        }
    }
}

/// Removes the temporary files of the writes in progress and ends the process by
/// `signal`.
fn end_by(signal: i32) -> ! {
    // Keep the lock to the end: no write may create or rename a temporary file
    // after this point.
    let mut list = pending();
    remove_listed(&mut list, |_| true);
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    // Not reached unless the default action could not be restored.
    std::process::exit(128 + signal);
}
