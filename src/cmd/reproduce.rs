//! `amoba reproduce`: the whole pipeline with default settings — enumerate, graph,
//! analysis, exports, report — and the published figures beside the computed ones
//! (docs/spec.md §6) on stdout.

use super::enumerate;
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
    if board.ncells() > 64 {
        // Too large to enumerate here (the 6×6×6 cube): find, count partially, estimate.
        let run = amoba::output::results::estimate_board(&board, args.threads);
        let written = amoba::output::results::write_estimate(Path::new("results"), &run)?;
        eprintln!(
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
        write!(std::io::stdout().lock(), "{}", published_table(&rows))?;
        return Ok(ExitCode::SUCCESS);
    }
    let out = enumerate::enumerate(&enumerate::Args::defaults(&args.board, args.threads))?;
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
            &super::graph::command_line(),
        )?;
        let write_seconds = t.elapsed().as_secs_f64();
        let mut rows = out.published_rows();
        rows.extend(amoba::output::results::graph_rows(board.name(), &run));
        rows.push(Row::info(
            "cost",
            amoba::output::table::Published::of(board.name()).cost.unwrap_or("—"),
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
        eprintln!(
            "wrote {} files in results/ (report: results/report-{}.md)",
            written.len(),
            amoba::catalogue::enumerate::file_tag(&board)
        );
        let mut stdout = std::io::stdout().lock();
        write!(stdout, "{}", published_table(&rows))?;
        Ok(ExitCode::SUCCESS)
    })
}
