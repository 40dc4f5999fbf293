//! `amoba reproduce`: the whole pipeline with default settings — enumerate, graph,
//! analysis, exports, report — and the published figures beside the computed ones
//! (docs/spec.md §6, §7) on stdout, as a Markdown table or (`--json`) as a JSON
//! document with a verdict per row. On a board whose enumeration is out of reach (the
//! cube) it finds a good pairing and estimates the count instead; on a board that a
//! finer one refines (9-in-a-row: the 16-toroidal board of docs/spec.md §8) it
//! enumerates that one too, to count every good pairing of the game. The cost, which
//! figures differ and the exit status are [`amoba::report::table`]'s.

use super::{enumerate, note};
use amoba::core::provenance::Provenance;
use amoba::pairing::scan::Existence;
use amoba::report::results::{
    estimate_board, estimate_rows, report_rows, run_graph, write_estimate, write_results,
};
use amoba::report::table::{
    Cost, Row, Stage, differing, published_table, reproduce_document, reproduce_status,
};
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

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    super::directory_option(&args.out_dir, "--out-dir")?;
    let out_dir = args.out_dir.as_path();
    let board = args.board.load()?;
    let published = board.published().cost.clone();
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
        let stages = vec![
            Stage::new("first pairing", run.first_pairing_seconds),
            Stage::new("partial counts", run.partial.seconds),
        ];
        let cost = Cost::new(published, stages, rayon::current_num_threads());
        (provenance, estimate_rows(&run), cost)
    } else {
        // The defaults of `amoba enumerate`, in --out-dir.
        let (files, how) = ((None, None, out_dir), (args.threads, false, args.progress));
        let (out, provenance) = enumerate::enumerate(&args.board, files, how, None)?;
        let stages = vec![Stage::new("enumeration", out.wall_seconds)];
        let mut cost = Cost::new(published, stages, out.threads);
        if !board.one_domino_per_line() {
            // No pairing graph (its move needs one domino per line): the enumeration alone.
            let mut rows = amoba::report::summary::published_rows(&out);
            rows.extend(amoba::report::summary::refinement_rows(&out));
            (provenance, rows, cost)
        } else {
            // The board that refines this one (the 16-toroidal board of 9-in-a-row): its
            // enumeration completes the count of every good pairing of the game.
            let finer = amoba::core::board::builtin::finer(&board);
            let finer_out = match &finer {
                Some(f) => {
                    let f = super::BoardArgs::named(f.name());
                    let coarse = Some((&out.catalogue, &out.census));
                    Some(enumerate::enumerate(&f, files, how, coarse)?.0)
                }
                None => None,
            };
            if let Some(f) = &finer_out {
                let what = format!("enumeration of {}", f.board);
                cost.stages.push(Stage::new(&what, f.wall_seconds));
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
                cost.stages.push(Stage::new("graph", run.build_seconds));
                cost.stages
                    .push(Stage::new("analysis", run.analysis_seconds));
                cost.stages
                    .push(Stage::new("files", t.elapsed().as_secs_f64()));
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
    cost.finish(start.elapsed().as_secs_f64());
    let differ = differing(&rows);
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
    let status = reproduce_status(none_exists, args.check_published, differ);
    Ok(ExitCode::from(status))
}
