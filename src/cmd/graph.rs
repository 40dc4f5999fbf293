//! `amoba graph`: the pairing graph (docs/spec.md §5), its analysis and every export.

use amoba::catalogue::Catalogue;
use amoba::catalogue::enumerate::file_tag;
use amoba::output::table::published_table;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Board (see `amoba enumerate --help`).
    #[arg(long, default_value = "square9")]
    pub board: String,
    /// Catalogue to read (default results/catalogue-<tag>.txt; enumerated if missing).
    #[arg(long)]
    pub catalogue: Option<PathBuf>,
    /// Directory for the result files.
    #[arg(long, default_value = "results")]
    pub out_dir: PathBuf,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
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
        let run = amoba::output::results::run_graph(&board, &cat)?;
        let written = amoba::output::results::write_results(
            &args.out_dir,
            &board,
            &cat,
            &run,
            None,
            &command_line(),
        )?;
        eprintln!(
            "graph built in {:.3} s, analysed in {:.3} s; wrote {} files in {}",
            run.build_seconds,
            run.analysis_seconds,
            written.len(),
            args.out_dir.display()
        );
        let mut out = std::io::stdout().lock();
        write!(
            out,
            "{}",
            published_table(&amoba::output::results::graph_rows(board.name(), &run))
        )?;
        Ok(ExitCode::SUCCESS)
    })
}

/// The command line as typed, for provenance.
pub fn command_line() -> String {
    std::env::args().collect::<Vec<_>>().join(" ")
}
