//! How `--progress` is chosen: the display of [`amoba::report::progress`], `auto`
//! being a bar when standard output and standard error are terminals and a log line
//! every 10 s otherwise. The display itself is the library's; what stays here is the
//! option, whose values clap derives, and the look at the terminal.

use amoba::report::progress::Display;
use std::io::IsTerminal;

pub use amoba::report::progress::Progress;

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

impl From<Mode> for Display {
    fn from(mode: Mode) -> Display {
        match mode {
            Mode::Auto if std::io::stdout().is_terminal() && std::io::stderr().is_terminal() => {
                Display::Bar
            }
            Mode::Auto => Display::Log,
            Mode::Bar => Display::Bar,
            Mode::Log => Display::Log,
            Mode::None => Display::None,
        }
    }
}
