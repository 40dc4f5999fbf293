//! `amoba solve GAME --shard I/N` and `amoba solve GAME --merge PART…`: one search
//! split over jobs, each deciding its share of the positions a few moves below the
//! root and saving them as it goes, then merged into the root's verdict and one
//! certificate ([`amoba::game::shard`]). Exit 0 decided (every position of the shard;
//! the root for a merge), 1 not decided within the limits given, 2 bad input or a
//! part file that cannot be written (the shard's searches then stop). On
//! SIGINT or SIGTERM a shard stops its searches, saves the positions decided and
//! prints its document, and the process then ends by the signal ([`super::stop_flag`]).
//!
//! The job is [`amoba::game::job`]'s (which part file, what it keeps, when it saves),
//! the document and the text [`amoba::report::solve_parts`]'s; this file reads the
//! game and the parts, shows progress and writes the certificate.

use super::note;
use super::progress::{Mode, Progress};
use super::solve::Args;
use amoba::game::decide::CertificateDoc;
use amoba::game::file::{self, Loaded};
use amoba::game::job::Job;
use amoba::game::shard::{self, Frontier, PartRequest, PartsDoc};
use amoba::pairing::search::shard::Shard;
use amoba::report::solve_parts as report;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// `--shard I/N`: decides the shard's positions, resuming from its part file.
pub fn run_shard(a: &Args, s: Shard) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let memory = super::solve::table_bytes(a.memory)?;
    let loaded = file::load(&a.game)?;
    let frontier = Frontier::new(&loaded.game, usize::try_from(a.split_depth)?)?;
    let job = Job::open(
        &loaded,
        &a.game,
        &frontier,
        &a.out_dir,
        s.index,
        s.count,
        a.node_limit,
    )?;
    note!("{}", report::shard_start(&loaded, &frontier, &job));
    // The count is of this run's positions ([`Job::run`]); the kept ones are named.
    let what = match job.kept.len() {
        0 => format!("shard {s}"),
        k => format!("shard {s} ({k} positions kept)"),
    };
    let progress = Progress::counting(a.progress, &what, "positions");
    let stop = super::stop_flag();
    let solved = {
        // The searches' lines go through the shard's display, above its bar.
        let (title, labels) = (loaded.title(), &loaded.game.labels);
        let show = super::solve::search_progress(title, labels, Some(&progress));
        let request = PartRequest {
            memory,
            node_limit: a.node_limit,
            stop: stop.as_slice(),
            narrow: a.narrow,
            progress: (a.progress != Mode::None).then_some(&show),
        };
        super::with_threads(usize::try_from(a.threads)?, || {
            let on_progress = |done, total| progress.update(done, total);
            Ok(job.run(&loaded, &frontier, &request, &on_progress))
        })?
    };
    progress.finish();
    let solved = solved?;
    note!("wrote {}", super::shown(&job.path));
    if stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed)) {
        note!(
            "interrupted: the part file keeps what was decided; the same command goes on from it"
        );
    }
    let seconds = start.elapsed().as_secs_f64();
    let doc = report::shard_doc(
        &loaded,
        &frontier,
        &job,
        &solved,
        &super::command_line(),
        seconds,
    );
    print(a.json, &loaded, &doc, None)?;
    Ok(exit(doc.decided == doc.positions))
}

/// `--merge PART…`: the root's verdict from the parts, and the merged certificate.
pub fn run_merge(a: &Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let loaded = file::load(&a.game)?;
    let game = &loaded.game;
    let mut parts = Vec::with_capacity(a.merge.len());
    for p in &a.merge {
        parts.push((p.display().to_string(), shard::load_part(game, p)?));
    }
    let depth = parts.first().map_or(0, |(_, p)| p.depth);
    let frontier = Frontier::new(game, depth)?;
    let merged = shard::merge(&frontier, &loaded.sha256, &parts, a.certificate.is_some())?;
    let certificate = write_certificate(a.certificate.as_deref(), &loaded, &merged.certificate)?;
    let seconds = start.elapsed().as_secs_f64();
    let command = super::command_line();
    let doc = report::merge_doc(
        &loaded,
        &frontier,
        &parts,
        &merged,
        certificate,
        &command,
        seconds,
    );
    print(a.json, &loaded, &doc, Some(merged.winner))?;
    Ok(exit(merged.winner.is_some()))
}

/// Writes the merged certificate `c` to `path`, when both are there.
fn write_certificate(
    path: Option<&Path>,
    loaded: &Loaded,
    c: &Option<amoba::game::certificate::Certificate>,
) -> anyhow::Result<Option<CertificateDoc>> {
    let (Some(path), Some(c)) = (path, c) else {
        return Ok(None);
    };
    amoba::core::io::write_atomic(path, |w| c.write(&loaded.game, &loaded.sha256, w))?;
    note!("wrote {}", super::shown(path));
    Ok(Some(CertificateDoc {
        file: path.display().to_string(),
        nodes: c.nodes.len(),
        depth: c.depth(),
    }))
}

fn exit(decided: bool) -> ExitCode {
    if decided {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Prints `doc`: JSON, or its text ([`report::text`]; `root` is the merge's
/// verdict, `None` for a shard).
fn print(
    json: bool,
    loaded: &Loaded,
    doc: &PartsDoc,
    root: Option<Option<amoba::game::Side>>,
) -> anyhow::Result<()> {
    if json {
        return super::ask::print_json(doc);
    }
    let text = report::text(loaded, doc, root);
    amoba::core::io::stdout().write_all(text.as_bytes())?;
    Ok(())
}
