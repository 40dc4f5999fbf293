//! `amoba graph`: the pairing graph (SPEC §5), its analysis and every export.

use super::note;
use amoba::catalogue::source::{self, Location};
use amoba::output::table::published_table;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Board (see `amoba enumerate --help`).
    #[arg(long, default_value = "square9")]
    pub board: String,
    /// Catalogue to read (default results/catalogue-<tag>.txt; enumerated and written
    /// there if missing).
    #[arg(long)]
    pub catalogue: Option<PathBuf>,
    /// Directory for the result files.
    #[arg(long, default_value = "results")]
    pub out_dir: PathBuf,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Run even when the board's enumeration is known to be out of reach.
    #[arg(long)]
    pub force: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    super::directory_option(&args.out_dir, "--out-dir")?;
    super::with_threads(args.threads, || {
        let board = super::board(&args.board)?;
        if !board.one_domino_per_line() {
            anyhow::bail!(
                "board {}: the pairing move (docs/spec.md §5) slides one domino along its \
                 line, which keeps a pairing good only when every line holds one domino; \
                 this board's lines hold {} dominoes, so it has no pairing graph",
                board.name(),
                (0..board.nfamilies())
                    .map(|f| board.per_line(f).to_string())
                    .collect::<Vec<_>>()
                    .join("/")
            );
        }
        super::refuse_out_of_reach(&board, args.threads, args.force)?;
        // `amoba graph` writes into results/ anyway: a missing catalogue is enumerated
        // and written where it was looked for.
        let path = args
            .catalogue
            .clone()
            .unwrap_or_else(|| source::results_path(&board));
        let cat = source::load(&board, &Location::Given(path), &|s| note!("{s}"))?.catalogue;
        let run = amoba::output::results::run_graph(&board, &cat)?;
        let written = amoba::output::results::write_results(
            &args.out_dir,
            &board,
            &cat,
            &run,
            None,
            &super::command_line(),
        )?;
        note!(
            "graph built in {:.3} s, analysed in {:.3} s; wrote {} files in {}",
            run.build_seconds,
            run.analysis_seconds,
            written.len(),
            args.out_dir.display()
        );
        write!(
            amoba::io::stdout(),
            "{}",
            published_table(&amoba::output::results::graph_rows(&board, &run))
        )?;
        Ok(ExitCode::SUCCESS)
    })
}
