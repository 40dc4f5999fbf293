//! `amoba graph`: the pairing graph (docs/spec.md §5), its analysis, every export and
//! the report, from the catalogue (enumerated first if missing).

use super::note;
use amoba::catalogue::census::Census;
use amoba::catalogue::source::{self, Location};
use amoba::output::results::{catalogue_sha256, report_rows, run_graph, write_results};
use amoba::output::table::published_table;
use amoba::provenance::Provenance;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub board: super::BoardArgs,
    /// Catalogue to read (default results/catalogue-<tag>.txt; enumerated and written
    /// there if missing).
    #[arg(long, value_name = "PATH")]
    pub catalogue: Option<PathBuf>,
    /// Directory for the result files.
    #[arg(long, default_value = "results", value_name = "DIR")]
    pub out_dir: PathBuf,
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
        if let Some(why) = amoba::graph::no_graph_reason(&board) {
            anyhow::bail!(why);
        }
        super::refuse_out_of_reach(&board, args.threads, args.force)?;
        // `amoba graph` writes into results/ anyway: a missing catalogue is enumerated
        // and written where it was looked for.
        let path = args
            .catalogue
            .clone()
            .unwrap_or_else(|| source::results_path(&board));
        let cat = source::load(&board, &Location::Given(path), &|s| note!("{s}"))?.catalogue;
        let census = Census::of(&board, &cat);
        let run = run_graph(&board, &cat)?;
        let provenance = Provenance::new(
            board.name(),
            &super::command_line(),
            Some(catalogue_sha256(&cat)),
        );
        let written = write_results(&args.out_dir, &board, &cat, &census, &run, &provenance)?;
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
            amoba::io::stdout(),
            "{}",
            published_table(&report_rows(&board, &census, &run))
        )?;
        Ok(ExitCode::SUCCESS)
    })
}
