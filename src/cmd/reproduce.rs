//! `amoba reproduce`: the whole pipeline with default settings — enumerate, graph,
//! analysis, exports, report — and the published figures beside the computed ones
//! (docs/spec.md §6, §7) on stdout, as a Markdown table or (`--json`) as a JSON
//! document with a verdict per row. On a board whose enumeration is out of reach (the
//! cube) it finds a good pairing and estimates the count instead; on a board that a
//! finer one refines (9-in-a-row: the 16-toroidal board of docs/spec.md §8) it
//! enumerates that one too, to count every good pairing of the game.

use super::{enumerate, note};
use amoba::core::provenance::Provenance;
use amoba::pairing::scan::Existence;
use amoba::report::results::{
    estimate_board, estimate_rows, report_rows, run_graph, write_estimate, write_results,
};
use amoba::report::table::{Cost, Row, Stage, published_table, reproduce_document};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub board: super::BoardArgs,
    /// Worker threads (0 = all cores); the files are the same for any number.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
    /// Print the table as one JSON document (docs/schemas/reproduce.schema.json)
    /// instead of the Markdown table (the files are written all the same).
    #[arg(long)]
    pub json: bool,
    /// Directory for the result files: catalogues, summaries, graph exports, analysis,
    /// report (or the estimate on a board out of reach).
    #[arg(long, default_value = "results", value_name = "DIR")]
    pub out_dir: std::path::PathBuf,
    /// Exit 1 when a computed figure differs from the published one.
    #[arg(long)]
    pub check_published: bool,
    /// Progress display of the enumerations.
    #[arg(long, value_enum, default_value_t = super::progress::Mode::Auto)]
    pub progress: super::progress::Mode,
}

fn stage(stage: &str, seconds: f64) -> Stage {
    Stage {
        stage: stage.into(),
        seconds,
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    super::directory_option(&args.out_dir, "--out-dir")?;
    let out_dir = args.out_dir.as_path();
    let board = args.board.load()?;
    // Exit 1 when the board turns out to have no good pairing at all.
    let mut none_exists = false;
    let (provenance, rows, mut cost) = if board.info().catalogue == Some(false) {
        // Out of reach (the 6×6×6 cube): find one, count partially, estimate.
        note!(
            "board {}: enumerating its classes is out of reach; finding a good pairing \
             (at most {:.0e} nodes) and estimating the count…",
            board.name(),
            amoba::report::results::FIRST_PAIRING_NODES as f64
        );
        let run = estimate_board(&board, args.threads);
        none_exists = matches!(run.first_pairing, Existence::None { .. });
        let provenance = Provenance::new(board.name(), &super::command_line(), None);
        let written = write_estimate(out_dir, &run, &provenance)?;
        note!(
            "wrote {}",
            written
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        let cost = Cost {
            published: board.published().cost.clone(),
            stages: vec![
                stage("first pairing", run.first_pairing_seconds),
                stage("partial counts", run.partial.seconds),
            ],
            total_seconds: 0.0,
            peak_memory_bytes: None,
            threads: rayon::current_num_threads(),
        };
        (provenance, estimate_rows(&run), cost)
    } else {
        let (out, provenance) = enumerate::enumerate(
            &enumerate::Args::defaults(&args.board, args.threads, out_dir, args.progress),
            None,
        )?;
        let mut cost = Cost {
            published: board.published().cost.clone(),
            stages: vec![stage("enumeration", out.wall_seconds)],
            total_seconds: 0.0,
            peak_memory_bytes: None,
            threads: out.threads,
        };
        if !board.one_domino_per_line() {
            // No pairing graph (its move needs one domino per line): the enumeration alone.
            let mut rows = amoba::report::summary::published_rows(&out);
            rows.extend(amoba::report::summary::refinement_rows(&out));
            (provenance, rows, cost)
        } else {
            // The board that refines this one (the 16-toroidal board of 9-in-a-row): its
            // enumeration completes the count of every good pairing of the game.
            let finer = amoba::core::board::builtin::NAMES
                .iter()
                .filter_map(|name| amoba::core::board::Board::by_name(name).ok())
                .find(|b| b.info().refines.as_deref() == Some(board.name()));
            let finer_out = match &finer {
                Some(f) => Some(
                    enumerate::enumerate(
                        &enumerate::Args::defaults(
                            &super::BoardArgs::named(f.name()),
                            args.threads,
                            out_dir,
                            args.progress,
                        ),
                        Some((&out.catalogue, &out.census)),
                    )?
                    .0,
                ),
                None => None,
            };
            if let Some(f) = &finer_out {
                cost.stages.push(stage(
                    &format!("enumeration of {}", f.board),
                    f.wall_seconds,
                ));
            }
            super::with_threads(args.threads, || {
                let run = run_graph(&board, &out.catalogue)?;
                let t = Instant::now();
                let written = write_results(
                    out_dir,
                    &board,
                    &out.catalogue,
                    &out.census,
                    &run,
                    &provenance,
                )?;
                cost.stages.push(stage("graph", run.build_seconds));
                cost.stages.push(stage("analysis", run.analysis_seconds));
                cost.stages.push(stage("files", t.elapsed().as_secs_f64()));
                note!(
                    "wrote {} in {} (report: {})",
                    super::counted(written.len(), "file", "files"),
                    out_dir.display(),
                    out_dir.join(format!("report-{}.md", board.tag())).display()
                );
                let mut rows = report_rows(&board, &out.census, &run);
                if let Some(f) = &finer_out {
                    rows.extend(amoba::report::summary::all_pairings_rows(&out, f));
                }
                Ok((provenance, rows, cost))
            })?
        }
    };
    cost.total_seconds = start.elapsed().as_secs_f64();
    cost.peak_memory_bytes = amoba::core::io::peak_memory_bytes();
    let differ = rows
        .iter()
        .filter(|r| r.status == amoba::report::table::Status::Differ)
        .count();
    let mut stdout = amoba::core::io::stdout();
    if args.json {
        write!(stdout, "{}", reproduce_document(&provenance, &rows, &cost))?;
    } else {
        let mut table: Vec<Row> = rows;
        table.push(cost.row());
        write!(stdout, "{}", published_table(&table))?;
    }
    if differ > 0 {
        note!(
            "{} from the published one",
            super::counted(differ, "figure differs", "figures differ")
        );
    }
    Ok(if none_exists || (args.check_published && differ > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
