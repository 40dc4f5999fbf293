//! `amoba graph`: the pairing graph (docs/spec.md §5), its analysis, every export and
//! the report, from the catalogue (enumerated first if missing).

use amoba::catalogue::Catalogue;
use amoba::catalogue::census::Census;
use amoba::catalogue::enumerate::file_tag;
use amoba::output::results::{catalogue_sha256, report_rows, run_graph, write_results};
use amoba::output::table::published_table;
use amoba::provenance::Provenance;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Board (docs/spec.md, appendix A).
    #[arg(long, default_value = "square9", value_name = "NAME", help = super::board_help())]
    pub board: String,
    /// Catalogue to read (default results/catalogue-<tag>.txt; enumerated if missing).
    #[arg(long, value_name = "PATH")]
    pub catalogue: Option<PathBuf>,
    /// Directory for the result files.
    #[arg(long, default_value = "results", value_name = "DIR")]
    pub out_dir: PathBuf,
    /// Worker threads (0 = all cores); the files are the same for any number.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    super::with_threads(args.threads, || {
        let board = super::board(&args.board)?;
        let tag = file_tag(&board);
        let path = args
            .catalogue
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("results/catalogue-{tag}.txt")));
        let cat = if path.exists() {
            Catalogue::read(&board, &path)?
        } else {
            eprintln!("{} is missing: enumerating first", path.display());
            let out = amoba::catalogue::enumerate::run(&board, 0, &|_, _| {});
            out.catalogue.write(&path)?;
            out.catalogue
        };
        let census = Census::of(&board, &cat);
        let run = run_graph(&board, &cat)?;
        let provenance = Provenance::new(
            board.name(),
            &super::command(),
            Some(catalogue_sha256(&cat)),
        );
        let written = write_results(&args.out_dir, &board, &cat, &census, &run, &provenance)?;
        eprintln!(
            "graph built in {:.3} s, analysed in {:.3} s; wrote {} files in {} (report: \
             report-{tag}.md)",
            run.build_seconds,
            run.analysis_seconds,
            written.len(),
            args.out_dir.display()
        );
        let mut out = std::io::stdout().lock();
        write!(
            out,
            "{}",
            published_table(&report_rows(board.name(), &census, &run))
        )?;
        Ok(ExitCode::SUCCESS)
    })
}
