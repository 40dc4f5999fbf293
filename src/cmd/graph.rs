//! `amoba graph`: the pairing graph (docs/spec.md §5), its analysis, every export and
//! the report, from the catalogue (enumerated first if missing).

use super::note;
use amoba::core::provenance::Provenance;
use amoba::pairing::catalogue::census::Census;
use amoba::pairing::catalogue::source::{self, Location};
use amoba::report::results::{catalogue_sha256, report_rows, run_graph, write_results};
use amoba::report::table::published_table;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub board: super::BoardArgs,
    /// Catalogue to read (enumerated and written there if missing). Default: DIR/
    /// catalogue-<tag>.txt, DIR being --out-dir, or results/catalogue-<tag>.txt when
    /// only that one exists; enumerated and written into DIR when neither does.
    #[arg(long, value_name = "PATH")]
    pub catalogue: Option<PathBuf>,
    /// Directory for the result files.
    #[arg(long, default_value = "results", value_name = "DIR")]
    pub out_dir: PathBuf,
    /// Progress display (one step a stage: catalogue, graph and analysis, files).
    #[arg(long, value_enum, default_value_t = super::progress::Mode::Auto)]
    pub progress: super::progress::Mode,
    /// Worker threads (0 = all cores); the files are the same for any number.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
    /// Run even when the board's enumeration is known to be out of reach.
    #[arg(long)]
    pub force: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    super::directory_option(&args.out_dir, "--out-dir")?;
    super::with_threads(args.threads, || {
        let board = args.board.load()?;
        if let Some(why) = amoba::pairing::graph::no_graph_reason(&board) {
            anyhow::bail!(why);
        }
        super::refuse_out_of_reach(&board, args.threads, args.force)?;
        // `amoba graph` writes into --out-dir anyway: a missing catalogue is enumerated
        // and written there.
        let path = args.catalogue.clone().unwrap_or_else(|| {
            let results = source::results_path(&board);
            let here = args.out_dir.join(results.file_name().expect("a file name"));
            if !here.exists() && results.is_file() {
                results
            } else {
                here
            }
        });
        let progress = super::progress::Progress::counting(args.progress, "graph", "stages");
        progress.update(0, 3);
        let cat = source::load(&board, &Location::Given(path), &|s| note!("{s}"))?.catalogue;
        progress.update(1, 3);
        let census = Census::of(&board, &cat);
        let run = run_graph(&board, &cat)?;
        progress.update(2, 3);
        let provenance = Provenance::new(
            board.name(),
            &super::command_line(),
            Some(catalogue_sha256(&cat)),
        );
        let written = write_results(&args.out_dir, &board, &cat, &census, &run, &provenance)?;
        progress.finish();
        note!(
            "graph built in {:.3} s, analysed in {:.3} s; wrote {} files in {} (report: \
             report-{}.md)",
            run.build_seconds,
            run.analysis_seconds,
            written.len(),
            args.out_dir.display(),
            board.tag()
        );
        write!(
            amoba::core::io::stdout(),
            "{}",
            published_table(&report_rows(&board, &census, &run))
        )?;
        Ok(ExitCode::SUCCESS)
    })
}
