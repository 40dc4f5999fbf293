//! `amoba count`: the classes and labelled good pairings of a board, counted by the
//! canonical search without keeping a catalogue, for the whole board or one shard of
//! its search; `--merge` adds up the shards (`amoba::report::count`).

use super::note;
use super::progress::{Mode, Progress};
use amoba::pairing::search::{Options, Shard, count_classes};
use amoba::report::count::{self, CountDoc, merge};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba count --board data/boards/research/knight9.toml\n  \
    amoba count --board data/boards/research/five11.toml --shard 17/2000 --progress log\n  \
    amoba count --merge results/parts/count-five11.part-*-of-2000.json\n  \
    amoba count --board square5 --json --out-dir /tmp/count   # the document on stdout\n\n\
    The memory is that of the search, whatever the number of classes. Shards are the \
    subtrees of the search taken I mod N, as in `amoba enumerate --shard`; the \
    Slurm array variables SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT choose the \
    shard when --shard is not given.\n\n\
    Exit status: 0 counted (or merged), 2 usage or input error.")]
pub struct Args {
    #[command(flatten)]
    pub board: super::BoardArgs,
    /// Count only shard I of N (0-based) of the search.
    #[arg(long, value_name = "I/N", conflicts_with = "merge")]
    pub shard: Option<Shard>,
    /// Add up the documents of all N shards of one count instead of counting.
    #[arg(long, num_args = 1.., value_name = "FILES")]
    pub merge: Option<Vec<PathBuf>>,
    /// Where the JSON document (docs/schemas/count.schema.json) is written (`-` =
    /// stdout). Default: DIR/count-<tag>.json, or DIR/parts/count-<tag>.part-I-of-N.json
    /// for a shard, DIR being --out-dir.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Directory of the default document.
    #[arg(long, value_name = "DIR", default_value = "results")]
    pub out_dir: PathBuf,
    /// Print the JSON document on stdout instead of its one-line summary (the file is
    /// written all the same).
    #[arg(long)]
    pub json: bool,
    /// Worker threads (0 = all cores); the document is the same for any number.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Progress display.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
    /// Count the whole board even when its enumeration is known to be out of reach.
    #[arg(long)]
    pub force: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(files) = &args.merge {
        let parts: Vec<(String, CountDoc)> = super::read_json_docs(files, "count document")?;
        let mut doc = merge(&parts)?;
        // A board named on the command line must be the parts' board.
        let named = std::env::args().any(|a| {
            ["--board", "--directions", "--lattice"]
                .iter()
                .any(|f| a == *f || a.starts_with(&format!("{f}=")))
        });
        if named {
            count::check_board(&doc, &args.board.load()?)?;
        }
        doc.provenance.command = super::command_line();
        super::directory_option(&args.out_dir, "--out-dir")?;
        let board = &doc.provenance.board;
        let path =
            (args.out.clone()).unwrap_or_else(|| count::default_path(&args.out_dir, board, None));
        return write(&doc, &path, args.json);
    }
    super::directory_option(&args.out_dir, "--out-dir")?;
    let board = args.board.load()?;
    let shard = match args.shard {
        Some(s) => Some(s),
        None => amoba::pairing::catalogue::parts::slurm_shard()?,
    };
    // A shard is one part of a job meant to be out of reach as a whole: only the
    // whole board is sized up first.
    super::refuse_out_of_reach(&board, args.threads, args.force || shard.is_some())?;
    let tag = amoba::pairing::catalogue::enumerate::file_tag(&board);
    let path =
        (args.out.clone()).unwrap_or_else(|| count::default_path(&args.out_dir, &tag, shard));
    if let Some(s) = shard {
        match count::existing(&path, s, board.name()) {
            count::Existing::Complete(done) => {
                note!("{} is complete: skipped", path.display());
                print(&done, args.json)?;
                return Ok(ExitCode::SUCCESS);
            }
            count::Existing::Other => {
                note!("{} is not this shard's count: redoing it", path.display())
            }
            count::Existing::Absent => {}
        }
    }
    let what = match shard {
        Some(s) => format!("count {s}"),
        None => "count".into(),
    };
    let progress = Progress::new(args.progress, &what);
    let start = std::time::Instant::now();
    let (by_stab, stats) = count_classes(
        &board,
        Options {
            threads: args.threads,
            shard,
            ..Options::default()
        },
        &|d, t| progress.update(d, t),
    );
    progress.finish();
    note!(
        "count: {:.3} s, {:.2e} nodes per second",
        start.elapsed().as_secs_f64(),
        stats.nodes as f64 / start.elapsed().as_secs_f64().max(1e-9)
    );
    let provenance =
        amoba::core::provenance::Provenance::new(board.name(), &super::command_line(), None);
    let doc = CountDoc::new(&board, &provenance, shard, by_stab, &stats);
    write(&doc, &path, args.json)
}

/// Prints the document (`json`) or its line on stdout ([`count::shown`]).
fn print(doc: &CountDoc, json: bool) -> anyhow::Result<()> {
    let text = count::shown(doc, json)?;
    amoba::core::io::stdout().write_all(text.as_bytes())?;
    Ok(())
}

/// Writes the document to `path`, then prints it or its line on stdout (nothing more
/// when the document itself went to stdout); the message on stderr.
fn write(doc: &CountDoc, path: &Path, json: bool) -> anyhow::Result<ExitCode> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && !amoba::core::io::is_stdout(path)
    {
        std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    }
    amoba::report::results::write_json(path, doc)?;
    if amoba::core::io::is_stdout(path) {
        note!("{}", doc.line());
    } else {
        print(doc, json)?;
        note!("wrote {}", super::shown(path));
    }
    Ok(ExitCode::SUCCESS)
}
