//! `amoba reproduce`: the whole pipeline with default settings — enumerate, graph,
//! analysis, exports, report — and the published figures beside the computed ones
//! (docs/spec.md §6, §7) on stdout, as a Markdown table or (`--json`) as a JSON
//! document with a verdict per row. On a board too large to enumerate (more than 64
//! cells: the cube) it finds a good pairing and estimates the count instead.

use super::enumerate;
use amoba::output::results::{
    catalogue_sha256, estimate_board, estimate_rows, report_rows, run_graph, write_estimate,
    write_results,
};
use amoba::output::table::{Cost, Published, Row, Stage, published_table, reproduce_document};
use amoba::provenance::Provenance;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Board (docs/spec.md, appendix A).
    #[arg(long, default_value = "square9", value_name = "NAME", help = super::board_help())]
    pub board: String,
    /// Worker threads (0 = all cores); the files are the same for any number.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
    /// Print the table as one JSON document (docs/schemas/reproduce.schema.json).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let board = super::board(&args.board)?;
    let stage = |stage: &str, seconds: f64| Stage {
        stage: stage.into(),
        seconds,
    };
    let (provenance, rows, mut cost) = if board.ncells() > 64 {
        // Too large to enumerate here (the 6×6×6 cube): find, count partially, estimate.
        let run = estimate_board(&board, args.threads);
        let provenance = Provenance::new(board.name(), &super::command(), None);
        let written = write_estimate(Path::new("results"), &run, &provenance)?;
        eprintln!(
            "wrote {}",
            written
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        let cost = Cost {
            published: None,
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
        let out = enumerate::enumerate(&enumerate::Args::defaults(&args.board, args.threads))?;
        super::with_threads(args.threads, || {
            let run = run_graph(&board, &out.catalogue)?;
            let provenance = Provenance::new(
                board.name(),
                &super::command(),
                Some(catalogue_sha256(&out.catalogue)),
            );
            let t = Instant::now();
            let written = write_results(
                Path::new("results"),
                &board,
                &out.catalogue,
                &out.census,
                &run,
                &provenance,
            )?;
            let files_seconds = t.elapsed().as_secs_f64();
            eprintln!(
                "wrote {} files in results/ (report: results/report-{}.md)",
                written.len(),
                amoba::catalogue::enumerate::file_tag(&board)
            );
            let cost = Cost {
                published: Published::of(board.name()).cost.map(String::from),
                stages: vec![
                    stage("enumeration", out.wall_seconds),
                    stage("graph", run.build_seconds),
                    stage("analysis", run.analysis_seconds),
                    stage("files", files_seconds),
                ],
                total_seconds: 0.0,
                peak_memory_bytes: None,
                threads: out.threads,
            };
            Ok((
                provenance,
                report_rows(board.name(), &out.census, &run),
                cost,
            ))
        })?
    };
    cost.total_seconds = start.elapsed().as_secs_f64();
    cost.peak_memory_bytes = amoba::io::peak_memory_bytes();
    let mut stdout = std::io::stdout().lock();
    if args.json {
        write!(stdout, "{}", reproduce_document(&provenance, &rows, &cost))?;
    } else {
        let mut table: Vec<Row> = rows;
        table.push(cost.row());
        write!(stdout, "{}", published_table(&table))?;
    }
    Ok(ExitCode::SUCCESS)
}
