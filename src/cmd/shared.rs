//! What every command shares: its thread pool, the progress of listing lattices
//! ([`listing`]), and how it writes its products, reports and JSON documents by the
//! rules of README, *Where output goes* ([`write_report_and_json`]). How a command
//! takes its board or its game of placements is in [`super::args`].

use super::note;
use std::path::Path;

pub use amoba::core::io::error_chain as chain;

/// Runs `f` on a pool of `threads` threads (0 = rayon's default, all cores).
pub fn with_threads<T: Send>(
    threads: usize,
    f: impl FnOnce() -> anyhow::Result<T> + Send,
) -> anyhow::Result<T> {
    if threads == 0 {
        return f();
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?
        .install(f)
}

/// Refuses `-` for an option that names a directory (`-` means standard output only
/// where a file is written).
pub fn directory_option(path: &Path, option: &str) -> anyhow::Result<()> {
    if amoba::core::io::is_dash(path) {
        anyhow::bail!(
            "{option} names a directory, expected a directory path: '-' (standard output) \
             stands for a file only (use ./- for a directory called '-')"
        );
    }
    Ok(())
}

/// How a written file is named in messages: its path, or `standard output`.
pub fn shown(path: &Path) -> String {
    if amoba::core::io::is_stdout(path) {
        "standard output".into()
    } else {
        path.display().to_string()
    }
}

/// The command line of this process, as recorded in the provenance of every file it
/// writes ([`amoba::core::provenance::command_line`]); an argument that is not UTF-8 is
/// written with U+FFFD in place of its bad bytes.
pub fn command_line() -> String {
    amoba::core::provenance::this_command()
}

/// Refuses work that is out of reach before it starts ([`amoba::report::reach`]): on
/// a board whose catalogue is known to be out of reach, or that the search cannot
/// hold, says so with an estimate of the cost and fails with exit 2, unless `force`
/// is set.
pub fn refuse_out_of_reach(
    board: &amoba::core::board::Board,
    threads: usize,
    force: bool,
) -> anyhow::Result<()> {
    Ok(amoba::report::reach::check(board, threads, force, || {
        note!(
            "board {}: enumerating its classes is out of reach; estimating the cost…",
            board.name()
        )
    })?)
}

/// Reads JSON documents of one kind (`what`, e.g. "scan document") from `files`, each
/// with its file name ([`amoba::report::output::read_documents`]).
pub fn read_json_docs<D: serde::de::DeserializeOwned>(
    files: &[std::path::PathBuf],
    what: &str,
) -> anyhow::Result<Vec<(String, D)>> {
    Ok(amoba::report::output::read_documents(files, what)?)
}

/// `n` and the noun, singular or plural: `counted(1, "class", "classes")` is "1 class".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    amoba::core::text::counted(n as u64, one, many)
}

/// Announces a file written on stderr.
fn wrote(path: &Path) {
    note!("wrote {}", path.display());
}

/// Writes a command's product (a pairing or placement found) by the rule of `--out`
/// ([`amoba::report::output::product`]).
pub fn write_product(out: Option<&Path>, text: &str) -> anyhow::Result<()> {
    Ok(amoba::report::output::product(out, text, &wrote)?)
}

/// Writes a command's text report and its JSON document where `--out`, `--json` and
/// `--json-out` say ([`amoba::report::output::report_and_json`]).
pub fn write_report_and_json(
    report: &str,
    doc: &impl serde::Serialize,
    out: &Path,
    json: bool,
    json_out: Option<&Path>,
) -> anyhow::Result<()> {
    Ok(amoba::report::output::report_and_json(
        report, doc, out, json, json_out, &wrote,
    )?)
}

/// Runs `list`, which lists lattices and calls its argument with `(done, total)` as
/// it goes ([`amoba::placement::setup::lattices`],
/// [`amoba::placement::setup::candidates`]), with a progress display in `mode` (the
/// listing takes minutes for indices in the thousands). The display starts with the first index listed, so a lattice given as
/// text shows none. Returns what `list` returns.
pub fn listing<T>(
    mode: super::progress::Mode,
    list: impl FnOnce(&(dyn Fn(u64, u64) + Sync)) -> T,
) -> T {
    let progress = std::sync::OnceLock::new();
    let listed = list(&|done, total| {
        progress
            .get_or_init(|| {
                super::progress::Progress::counting(mode, "listing lattices", "of the index sum")
            })
            .update(done, total)
    });
    if let Some(progress) = progress.into_inner() {
        progress.finish();
    }
    listed
}

/// The flag a long search polls to stop early: set by the first SIGINT or SIGTERM,
/// which is deferred until the command has printed how far it got
/// ([`amoba::core::io::stop_on_first_signal`]); `main` then ends the process by it
/// ([`end_if_interrupted`]), after the command's output or its error.
pub fn stop_flag() -> Option<&'static std::sync::atomic::AtomicBool> {
    #[cfg(unix)]
    return Some(amoba::core::io::stop_on_first_signal());
    #[cfg(not(unix))]
    None
}

/// Ends the process by the signal that set [`stop_flag`], if one came: the parent sees
/// the status it would have seen without the deferral (a shell reports 130 or 143).
pub fn end_if_interrupted() {
    #[cfg(unix)]
    amoba::core::io::end_if_interrupted();
}
