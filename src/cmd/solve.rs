//! `amoba solve GAME`: who wins a Maker–Breaker game, with the value of every first
//! move and the winner's certificate ([`amoba::game::decide`]). The text, the progress
//! line and the exit status are [`amoba::report::solve`]'s: 0 decided, 1 not decided
//! within the limits given; 2 bad input. On SIGINT or SIGTERM the searches stop, the
//! answer so far is printed, and the process then ends by the signal
//! ([`super::stop_flag`]).

use super::note;
use super::progress::Mode;
use amoba::game::certificate::Certificate;
use amoba::game::decide::{CertificateDoc, OnMove, Request, SolveDoc, decide_reporting};
use amoba::game::file;
use amoba::game::solve::{Narrow, Progress};
use amoba::pairing::search::shard::Shard;
use amoba::report::solve::{self as report, MoveFileError, MoveFiles};
use anyhow::Context as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// The game file (FORMATS.md, *Game files*); `-` reads stdin.
    #[arg(value_name = "GAME")]
    pub game: PathBuf,
    /// Also decide the position after each first move: one search per class of moves
    /// that an automorphism fixing the starting position exchanges, the others taking
    /// its winner.
    #[arg(long)]
    pub moves: bool,
    /// Write the winner's strategy here (FORMATS.md, *Strategy certificates*), for
    /// `amoba verify --strategy GAME FILE`.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// With --moves: for each first move decided, write into DIR the game after it
    /// (after-LABEL.game, as `amoba game after GAME --moves LABEL` writes it) and the
    /// winner's strategy from there (after-LABEL.strategy), for `amoba verify
    /// --strategy`, as soon as the move's search ends (a run killed later keeps
    /// them; files that cannot be written stop the run, exit 2); DIR is made (before
    /// the searches) if missing. Refused for a game Maker has already won at its start.
    #[arg(long, value_name = "DIR", requires = "moves")]
    pub move_certificates: Option<PathBuf>,
    /// Print one JSON document on stdout instead of the text.
    #[arg(long)]
    pub json: bool,
    /// MiB of transposition table per search, at most (and at most the machine's
    /// memory): the table starts at about a MiB and doubles when half full (a full table
    /// never ends the run: the search forgets its cheapest knowledge and goes on).
    #[arg(long, value_name = "MIB", default_value_t = 1024,
          value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub memory: u64,
    /// Stop each search after this many nodes (the answer is then "not decided").
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub node_limit: Option<u64>,
    /// With --moves: stop each first move's search after this many nodes instead
    /// (the root's search keeps --node-limit); such a move is then "not decided".
    #[arg(long, value_name = "N", requires = "moves",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub move_node_limit: Option<u64>,
    /// Threads for the first moves of --moves (0 = all cores); the answer is the same
    /// for every count.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=1024))]
    pub threads: u64,
    /// Progress of the searches on stderr: nodes, rate, table fill, the root's proof
    /// and disproof numbers, and the first moves of the line being searched; with
    /// --moves, each first move's search names its move (auto: a line every 10 s).
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
    /// Decide only shard I of N (0-based) of the positions --split-depth moves below
    /// the root, each by its own search, and save them in
    /// DIR/parts/solve-<game>.part-I-of-N.txt as they are decided (a rerun keeps what
    /// the file holds); --merge combines the parts. Exit 0 when every position of the
    /// shard is decided.
    #[arg(long, value_name = "I/N", conflicts_with_all = ["merge", "moves", "certificate"])]
    pub shard: Option<Shard>,
    /// The depth of the split of --shard (moves below the root).
    #[arg(long, value_name = "D", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(0..=amoba::game::shard::MAX_SPLIT_DEPTH as u64))]
    pub split_depth: u64,
    /// The directory of --shard's part files (in DIR/parts).
    #[arg(long, value_name = "DIR", default_value = "results")]
    pub out_dir: PathBuf,
    /// Search only the K heaviest moves of one player at each of its positions
    /// (maker:K or breaker:K, K from 1 to 128): that player's wins are proofs, with
    /// certificates like any other (searched again without the narrowing where
    /// needed); the other player's read as not decided, exit 1 (docs/spec.md §11.20).
    /// For a position thought won by that player: a narrowed search often decides it
    /// in a fraction of the nodes.
    #[arg(long, value_name = "SIDE:K", conflicts_with = "merge")]
    pub narrow: Option<Narrow>,
    /// Merge the part files of every shard of a split search into the game's verdict
    /// (with --certificate, one certificate); refuses a missing, repeated or foreign part.
    #[arg(long, value_name = "PART", num_args = 1.., conflicts_with = "moves")]
    pub merge: Vec<PathBuf>,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    if let Some(s) = a.shard {
        return super::solve_parts::run_shard(&a, s);
    }
    if !a.merge.is_empty() {
        return super::solve_parts::run_merge(&a);
    }
    let loaded = file::load(&a.game)?;
    let (name, game) = (loaded.title(), &loaded.game);
    // A first move's files that cannot be written stop the searches: the run ends
    // with that failure (exit 2), so nothing searched after it would be used.
    let write_failed = AtomicBool::new(false);
    let stop: Vec<&AtomicBool> = super::stop_flag()
        .into_iter()
        .chain([&write_failed])
        .collect();
    let request = Request {
        memory: table_bytes(a.memory)?,
        node_limit: a.node_limit,
        moves: a.moves,
        move_node_limit: a.move_node_limit,
        certificate: a.certificate.is_some(),
        move_certificates: a.move_certificates.is_some(),
        stop: &stop,
        narrow: a.narrow,
    };
    if let Some(dir) = &a.move_certificates {
        // Before the searches, so that what cannot be written is refused at once, not
        // after hours of work.
        super::directory_option(dir, "--move-certificates")?;
        if let Some(set) = game.won_set() {
            anyhow::bail!(
                "--move-certificates: Maker already owns the winning set {set} of {}: the \
                 game is over at its start, so no first move has a game after it to certify",
                loaded.name
            );
        }
        std::fs::create_dir_all(dir)
            .with_context(|| format!("--move-certificates: cannot make {}", dir.display()))?;
    }
    let start = Instant::now();
    let show = search_progress(name, &game.labels, None);
    let progress: Option<&(dyn Fn(&Progress) + Sync)> = (a.progress != Mode::None).then_some(&show);
    let threads = usize::try_from(a.threads)?;
    // Each first move's strategy is written as soon as its search ends, so that a run
    // killed before its end keeps what it has proved; a failure is said at once and
    // stops the searches (the run ends with it, exit 2).
    let files = (a.move_certificates.as_deref()).map(|dir| MoveFiles::new(dir, &a.game, game));
    let failed = |e: &MoveFileError| {
        let e = amoba::core::io::error_chain(e);
        note!("--move-certificates: {e}; the searches stop, and the run ends with it");
        write_failed.store(true, Ordering::Relaxed);
    };
    let write = |cell: usize, c: &Certificate| {
        if let Some(files) = &files {
            files.write(cell, c, &failed);
        }
    };
    let on_move: Option<OnMove> = files.is_some().then_some(&write);
    let answer = super::with_threads(threads, || {
        Ok(decide_reporting(game, &request, progress, on_move)?)
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let cert = match (&a.certificate, &answer.certificate) {
        (Some(path), Some(c)) => {
            amoba::core::io::write_atomic(path, |w| c.write(game, &loaded.sha256, w))?;
            note!("wrote {}", super::shown(path));
            Some(CertificateDoc {
                file: path.display().to_string(),
                nodes: c.nodes.len(),
                depth: c.depth(),
            })
        }
        _ => None,
    };
    let written = match files {
        Some(files) => {
            let dir = files.dir();
            let written = files.finish(&answer).context("--move-certificates")?;
            let n = written.iter().flatten().count();
            if n > 0 {
                note!(
                    "wrote {n} certificate{} of first moves, each beside its game, in {}",
                    if n == 1 { "" } else { "s" },
                    super::shown(dir)
                );
            }
            written
        }
        None => Vec::new(),
    };
    if a.json {
        let mut doc = SolveDoc::new(
            name,
            &loaded.sha256,
            game,
            &answer,
            &super::command_line(),
            cert,
            seconds,
        );
        for (m, c) in doc.moves.iter_mut().flatten().zip(written) {
            m.certificate = c;
        }
        super::ask::print_json(&doc)?;
    } else {
        let text = report::text(game, name, &answer, seconds);
        amoba::core::io::stdout().write_all(text.as_bytes())?;
    }
    Ok(ExitCode::from(report::status(&answer)))
}

/// The bytes of `--memory MIB`, refused (exit 2) beyond the machine's memory: a table
/// that large could only be swapped, and the system may refuse to map it at all.
pub(super) fn table_bytes(mib: u64) -> anyhow::Result<usize> {
    let bytes = mib << 20;
    if let Some(total) = amoba::core::io::total_memory_bytes()
        && bytes > total
    {
        anyhow::bail!(
            "--memory {mib}: more than this machine's memory ({} MiB)",
            total >> 20
        );
    }
    Ok(usize::try_from(bytes)?)
}

/// The searches' progress on stderr: [`report::progress_line`] at most every 10 s
/// (each search reports every 65,536 nodes, from any thread), printed through `via`
/// when a bar or log of its own shows on stderr too
/// ([`super::progress::Progress::println`]).
pub fn search_progress<'a>(
    name: &'a str,
    labels: &'a [String],
    via: Option<&'a super::progress::Progress>,
) -> impl Fn(&Progress) + Sync + 'a {
    let last = Mutex::new(Instant::now());
    move |p: &Progress| {
        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() >= Duration::from_secs(10) {
            *last = Instant::now();
            let line = report::progress_line(name, labels, p);
            match via {
                Some(shown) => shown.println(&line),
                None => note!("{line}"),
            }
        }
    }
}
