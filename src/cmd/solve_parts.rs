//! `amoba solve GAME --shard I/N` and `amoba solve GAME --merge PART…`: one search
//! split over jobs, each deciding its share of the positions a few moves below the
//! root and saving them as it goes, then merged into the root's verdict and one
//! certificate ([`amoba::game::shard`]). Exit 0 decided (every position of the shard;
//! the root for a merge), 1 not decided within the limits given, 2 bad input.

use super::note;
use super::progress::Progress;
use super::solve::Args;
use amoba::game::Side;
use amoba::game::decide::CertificateDoc;
use amoba::game::file::{self, Loaded};
use amoba::game::shard::{self, Frontier, Part, PartRequest, PartsDoc, Solved};
use amoba::pairing::search::shard::Shard;
use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The least time between two saves of a part file; a save also waits twenty times
/// as long as the last one took, so that rewriting a large part stays a small share of
/// the run.
const SAVE_EVERY: Duration = Duration::from_secs(1);

/// `--shard I/N`: decides the shard's positions, resuming from its part file.
pub fn run_shard(a: &Args, s: Shard) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let loaded = file::load(&a.game)?;
    let game = &loaded.game;
    let frontier = Frontier::new(game, usize::try_from(a.split_depth)?)?;
    let dir = a.out_dir.join("parts");
    std::fs::create_dir_all(&dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    let path = dir.join(shard::part_name(&a.game, s.index, s.count));
    let mut kept = BTreeMap::new();
    if path.exists() {
        let part = shard::load_part(game, &path)?;
        if let Some(why) = part.foreign(&loaded.sha256, &frontier, s.index, s.count) {
            anyhow::bail!(
                "{}: a part of another run ({why}); remove it or choose another --out-dir",
                path.display()
            );
        }
        kept.extend(
            part.resumable(a.node_limit)
                .into_iter()
                .map(|x| (x.index, x)),
        );
    }
    let mine: Vec<usize> = frontier.shard(s.index, s.count).collect();
    let todo: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|i| !kept.contains_key(i))
        .collect();
    note!(
        "{}: split at depth {}: {} above {}; shard {s}: {}, {} kept from {}",
        loaded.title(),
        frontier.depth,
        super::counted(
            frontier.top_nodes(),
            "expanded position",
            "expanded positions"
        ),
        super::counted(
            frontier.positions.len(),
            "frontier position",
            "frontier positions"
        ),
        super::counted(mine.len(), "position", "positions"),
        kept.len(),
        path.display()
    );
    let resumed = kept.len();
    let total = mine.len() as u64;
    let progress = Progress::counting(a.progress, &format!("shard {s}"), "positions");
    // The positions decided, the last save's end and its duration.
    let state = Mutex::new((kept, Instant::now(), Duration::ZERO));
    let save = |solved: &BTreeMap<usize, Solved>| -> anyhow::Result<()> {
        let part = Part {
            game_sha256: loaded.sha256.clone(),
            depth: frontier.depth,
            fingerprint: frontier.fingerprint.clone(),
            shard: s.index,
            count: s.count,
            solved: solved.values().cloned().collect(),
        };
        amoba::core::io::write_atomic(&path, |w| part.write(game, w))?;
        Ok(())
    };
    let failed = Mutex::new(None);
    let on_solved = |x: &Solved| {
        let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
        st.0.insert(x.index, x.clone());
        progress.update(st.0.len() as u64, total);
        if st.1.elapsed() >= SAVE_EVERY.max(20 * st.2) {
            let began = Instant::now();
            if let Err(e) = save(&st.0) {
                *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
            }
            st.1 = Instant::now();
            st.2 = began.elapsed();
        }
    };
    let request = PartRequest {
        memory: usize::try_from(a.memory << 20)?,
        node_limit: a.node_limit,
    };
    let threads = usize::try_from(a.threads)?;
    super::with_threads(threads, || {
        Ok(shard::solve_part(
            game, &frontier, &todo, &request, &on_solved,
        )?)
    })?;
    progress.finish();
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let (solved, _, _) = state.into_inner().unwrap_or_else(|e| e.into_inner());
    save(&solved)?;
    note!("wrote {}", super::shown(&path));
    let all: Vec<&Solved> = solved.values().collect();
    let mut doc = PartsDoc::new(
        loaded.title(),
        &loaded.sha256,
        &frontier,
        s.count,
        &all,
        &super::command_line(),
        start.elapsed().as_secs_f64(),
    );
    doc.shard = Some(s.index);
    doc.resumed = resumed;
    doc.part = Some(path.display().to_string());
    let code = exit(doc.decided == doc.positions);
    print(
        a.json,
        &doc,
        &format!("shard {s} of {}", loaded.title()),
        None,
    )?;
    Ok(code)
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
    let all: Vec<&Solved> = parts.iter().flat_map(|(_, p)| &p.solved).collect();
    let mut doc = PartsDoc::new(
        loaded.title(),
        &loaded.sha256,
        &frontier,
        parts.len(),
        &all,
        &super::command_line(),
        0.0,
    );
    doc.positions = merged.positions;
    doc.winner = merged.winner.map(Side::word);
    doc.certificate = write_certificate(a.certificate.as_deref(), &loaded, &merged.certificate)?;
    doc.cost.seconds = start.elapsed().as_secs_f64();
    let what = format!(
        "{} from {}",
        loaded.title(),
        super::counted(parts.len(), "part", "parts")
    );
    print(a.json, &doc, &what, Some(merged.winner))?;
    Ok(exit(merged.winner.is_some()))
}

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

/// Prints `doc` (JSON, or a few lines); `root` is the merge's verdict, `None` for a
/// shard.
fn print(json: bool, doc: &PartsDoc, what: &str, root: Option<Option<Side>>) -> anyhow::Result<()> {
    if json {
        return super::ask::print_json(doc);
    }
    let mut out = amoba::core::io::stdout();
    writeln!(
        out,
        "{what}: split at depth {} into {} ({} above {})",
        doc.split_depth,
        super::counted(doc.shards, "shard", "shards"),
        super::counted(doc.top_nodes, "expanded position", "expanded positions"),
        super::counted(doc.frontier, "frontier position", "frontier positions"),
    )?;
    writeln!(
        out,
        "positions: {}, decided {} (Maker {}, Breaker {}), undecided {}; {} nodes",
        doc.positions,
        doc.decided,
        doc.maker,
        doc.breaker,
        doc.positions - doc.decided,
        doc.nodes
    )?;
    match root {
        Some(Some(w)) => writeln!(out, "winner: {w}")?,
        Some(None) => writeln!(
            out,
            "not decided: the decided positions do not settle the root"
        )?,
        None => {}
    }
    Ok(())
}
