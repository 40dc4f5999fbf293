//! Progress bars: shown only when both stdout and stderr are terminals.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar over `total` steps drawn on stderr, or a hidden one when output is
/// not interactive (so logs and pipes stay clean).
pub fn bar(total: u64, what: &str) -> ProgressBar {
    if !(std::io::stdout().is_terminal() && std::io::stderr().is_terminal()) {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg:>10} [{elapsed_precise}] {wide_bar} {pos}/{len} (ETA {eta})",
        )
        .expect("a valid template"),
    );
    bar.set_message(what.to_string());
    bar
}
