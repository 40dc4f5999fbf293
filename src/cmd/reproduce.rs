//! `amoba reproduce`: the whole pipeline with default settings — enumerate, graph,
//! analysis, exports, report — and the published figures beside the computed ones
//! (SPEC §6) on stdout.

use super::{enumerate, note};
use amoba::output::table::{Row, published_table};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Board: square9 (the 8×8 torus of 9-in-a-row), hex7, hex7full, square5, line3.
    #[arg(long, default_value = "square9")]
    pub board: String,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let board = super::board(&args.board)?;
    if board.info().catalogue == Some(false) {
        // Out of reach (the 6×6×6 cube): find one, count partially, estimate.
        let run = amoba::output::results::estimate_board(&board, args.threads);
        let written = amoba::output::results::write_estimate(Path::new("results"), &run)?;
        note!(
            "wrote {}",
            written
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        let rows = vec![
            Row::info("a good pairing", "exists", &run.first_pairing),
            Row::info(
                "good pairings",
                "not published",
                &format!(
                    "≈ {:.1e} labelled, ≥ ≈ {:.1e} classes (estimate, see report)",
                    run.estimated_labelled, run.estimated_classes_at_least
                ),
            ),
            Row::info(
                "full count",
                "—",
                &format!(
                    "≈ {:.1e} nodes, ≈ {:.0e} years at {:.1e} nodes/s: out of reach",
                    run.estimated_nodes, run.estimated_years, run.nodes_per_second
                ),
            ),
        ];
        write!(amoba::io::stdout(), "{}", published_table(&rows))?;
        return Ok(ExitCode::SUCCESS);
    }
    let out = enumerate::enumerate(&enumerate::Args::defaults(&args.board, args.threads))?;
    if !board.one_domino_per_line() {
        // No pairing graph (its move needs one domino per line): the enumeration alone.
        let mut rows = amoba::output::summary::published_rows(&out);
        rows.extend(amoba::output::summary::refinement_rows(&out));
        write!(amoba::io::stdout(), "{}", published_table(&rows))?;
        return Ok(ExitCode::SUCCESS);
    }
    // The board that refines this one (the 16-toroidal board of 9-in-a-row): its
    // enumeration completes the count of every good pairing of the game.
    let finer = amoba::board::builtin::NAMES
        .iter()
        .filter_map(|name| amoba::board::Board::by_name(name).ok())
        .find(|b| b.info().refines.as_deref() == Some(board.name()));
    let finer_out = match &finer {
        Some(f) => Some(enumerate::enumerate(&enumerate::Args::defaults(
            f.name(),
            args.threads,
        ))?),
        None => None,
    };
    super::with_threads(args.threads, || {
        let board = super::board(&args.board)?;
        let run = amoba::output::results::run_graph(&board, &out.catalogue)?;
        let t = Instant::now();
        let written = amoba::output::results::write_results(
            Path::new("results"),
            &board,
            &out.catalogue,
            &run,
            Some(&out),
            &super::command_line(),
        )?;
        let write_seconds = t.elapsed().as_secs_f64();
        let mut rows = amoba::output::summary::published_rows(&out);
        rows.extend(amoba::output::results::graph_rows(&board, &run));
        if let Some(f) = &finer_out {
            rows.extend(amoba::output::summary::all_pairings_rows(&out, f));
        }
        rows.push(Row::info(
            "cost",
            board.published().cost.as_deref().unwrap_or("—"),
            &format!(
                "enumeration {:.2} s, graph {:.2} s, analysis {:.2} s, files {:.2} s; total {:.2} s, peak {} ({} thread{})",
                out.wall_seconds,
                run.build_seconds,
                run.analysis_seconds,
                write_seconds,
                start.elapsed().as_secs_f64(),
                amoba::io::peak_memory_bytes()
                    .map(|b| format!("{:.0} MB", b as f64 / 1e6))
                    .unwrap_or_else(|| "unknown".into()),
                out.threads,
                if out.threads == 1 { "" } else { "s" }
            ),
        ));
        note!(
            "wrote {} files in results/ (report: results/report-{}.md)",
            written.len(),
            amoba::catalogue::enumerate::file_tag(&board)
        );
        write!(amoba::io::stdout(), "{}", published_table(&rows))?;
        Ok(ExitCode::SUCCESS)
    })
}
