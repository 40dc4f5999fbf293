//! `amoba scan`: one game, or every class of games of a kind, on every period lattice
//! up to an index (docs/spec.md §9; the engine is `amoba::pairing::scan`).
//!
//! Every pairing a scan reports passes the independent checker
//! (`amoba::check::certify::pairing`) before it is written; a pairing that fails is a
//! bug and stops the scan with exit 2.

use super::note;
use super::progress::{Mode, Progress};
use amoba::core::board::directions::candidates;
use amoba::core::board::directions::{classes_in_box, normal_form, symmetries};
use amoba::pairing::scan::{Existence, Limits, board_on, scan};
use amoba::pairing::search::Shard;
use amoba::report::scan::{Game, ScanDoc, markdown, merge, set_text, tally};
use std::path::PathBuf;
use std::process::ExitCode;

/// Node limit of each count unless `--count-limit` says otherwise.
const COUNT_LIMIT: u64 = 100_000_000;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba scan --directions \"1,0 0,1 1,2 2,1\" --max-index 64 --count\n  \
    amoba scan --all 5 --box 2 --max-index 100 --json-out scan-5.json --out scan-5.md\n  \
    amoba scan --directions \"1,0,0 0,1,0 0,0,1 1,1,1\" --max-index 128\n  \
    amoba scan --all 5 --box 2 --max-index 100 --shard 3/8 --json-out part-3.json\n  \
    amoba scan --merge part-*.json --json-out scan-5.json --out scan-5.md\n  \
    amoba scan --directions \"1,0 0,1 1,2 2,1\" --max-index 16 --json | jq .games\n\n\
    Exit status: 0 the scan ran (whatever it found), 2 usage or input error.")]
pub struct Args {
    /// The game's directions, e.g. "1,0 0,1 1,2 2,1" (k = 2n + 1).
    #[arg(long, value_name = "VECTORS", required_unless_present_any = ["all", "merge", "t"],
          conflicts_with_all = ["all", "merge"])]
    pub directions: Option<String>,
    /// Scan every class (up to GL(d, Z)) of sets of this many primitive directions with
    /// coordinates in {−R, …, R} (`--box R`), one game per class.
    #[arg(long, value_name = "N", requires = "box_", conflicts_with = "merge")]
    pub all: Option<usize>,
    /// The box of `--all`.
    #[arg(long = "box", id = "box_", value_name = "R")]
    pub box_: Option<i64>,
    /// Dimension (2 or 3); with `--directions`, it must match them.
    #[arg(long, value_name = "D")]
    pub dims: Option<usize>,
    /// Least index (cells) of the lattices.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub min_index: usize,
    /// Greatest index (cells) of the lattices.
    #[arg(long, value_name = "N", required_unless_present = "merge")]
    pub max_index: Option<usize>,
    /// Node limit of each existence search.
    #[arg(long, default_value_t = 10_000_000, value_name = "NODES")]
    pub node_limit: u64,
    /// Also count classes and labelled pairings where a pairing exists.
    #[arg(long)]
    pub count: bool,
    /// Node limit of each count.
    #[arg(long, default_value_t = COUNT_LIMIT, value_name = "NODES")]
    pub count_limit: u64,
    /// Scan only shard I of N of each game's lattices (merge the shards with --merge).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Merge the JSON documents of the shards of one scan instead of scanning.
    #[arg(long, num_args = 1.., value_name = "FILES")]
    pub merge: Option<Vec<PathBuf>>,
    /// Write the Markdown report here instead of stdout (`-` = stdout, the default).
    #[arg(long, default_value = "-")]
    pub out: PathBuf,
    /// Print the JSON document (docs/schemas/scan.schema.json) on stdout instead of the
    /// Markdown report.
    #[arg(long)]
    pub json: bool,
    /// Also write the JSON document here (`-` = stdout, in place of the report).
    #[arg(long, value_name = "PATH")]
    pub json_out: Option<PathBuf>,
    /// Worker threads (0 = all cores); the documents are the same for any number.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Progress display.
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub progress: Mode,
    #[command(flatten)]
    pub placement: super::placement_game::PlacementArgs,
    /// With --t: run a cookie census the estimate puts out of reach.
    #[arg(long, requires = "t", help_heading = "Placements")]
    pub force: bool,
}

fn parse_vectors(text: &str) -> anyhow::Result<Vec<Vec<i64>>> {
    Ok(amoba::core::board::builtin::parse_vectors(
        "--directions",
        text,
    )?)
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.placement.t.is_some() {
        use super::placement_game::{Job, run};
        super::placement_game::refuse(&[
            ("--all", args.all.is_some()),
            ("--merge", args.merge.is_some()),
            ("--dims", args.dims.is_some()),
            ("--count", args.count),
            ("--shard", args.shard.is_some()),
            ("--json", args.json),
            ("--json-out", args.json_out.is_some()),
            ("--out", !amoba::core::io::is_dash(&args.out)),
            ("--threads", args.threads != 0),
            ("--count-limit", args.count_limit != COUNT_LIMIT),
        ])?;
        let directions =
            (args.directions.clone()).unwrap_or_else(|| super::tight::FOUR_DIRECTIONS.into());
        let max = args.max_index.expect("clap requires --max-index");
        amoba::pairing::scan::check_max_index(max)?;
        let job = Job::Scan {
            min: args.min_index,
            max,
            node_limit: args.node_limit,
        };
        return run(&args.placement, directions, None, job, args.force);
    }
    if let Some(files) = &args.merge {
        let parts: Vec<(String, ScanDoc)> = super::read_json_docs(files, "scan document")?;
        let mut doc = merge(&parts)?;
        doc.provenance.command = super::command_line();
        return write(&args, &doc);
    }
    let max_index = args.max_index.expect("clap requires --max-index");
    amoba::pairing::scan::check_max_index(max_index)?;
    // Each game with the number of sets of its class in the box (`--all`).
    let games: Vec<(Vec<Vec<i64>>, Option<usize>)> = match (&args.directions, args.all) {
        (Some(text), _) => {
            let dirs = parse_vectors(text)?;
            let d = dirs.first().map_or(0, Vec::len);
            if let Some(dims) = args.dims
                && dims != d
            {
                anyhow::bail!("--dims is {dims}, but the directions have {d} coordinates");
            }
            // The directions a board needs (primitive, distinct up to sign); that they
            // span is checked with their symmetries, when the lattices are listed.
            amoba::core::board::check_directions(&dirs, d)
                .map_err(|e| anyhow::anyhow!("--directions: {e}"))?;
            vec![(dirs, None)]
        }
        (None, Some(n)) => {
            let d = args.dims.unwrap_or(2);
            let r = args.box_.expect("clap requires --box");
            super::directions::check_box(d, r, n)
                .map_err(|e| anyhow::anyhow!("--all {n} --box {r} --dims {d}: {e}"))?;
            let classes = classes_in_box(d, r, n);
            note!(
                "{} of {n} primitive directions in {{−{r}, …, {r}}}^{d} up to GL({d}, Z)",
                super::counted(classes.len(), "class", "classes")
            );
            // A class is scanned as its least member in the box (a familiar-looking set,
            // unlike the normal form); the report gives both.
            classes
                .into_iter()
                .map(|(_, members)| (members[0].clone(), Some(members.len())))
                .collect()
        }
        (None, None) => unreachable!("clap requires --directions, --all or --merge"),
    };
    let d = games[0].0.first().map_or(0, Vec::len);
    if !(2..=3).contains(&d) {
        anyhow::bail!("scans are for dimension 2 or 3; the directions have dimension {d}");
    }
    let limits = Limits {
        find_nodes: args.node_limit,
        count_nodes: args.count.then_some(args.count_limit),
    };
    let start = std::time::Instant::now();
    // Every game's lattices first, so that one progress report runs over all of them.
    let mut lists = Vec::with_capacity(games.len());
    for (dirs, _) in &games {
        let list = candidates(dirs, 2 * dirs.len(), args.min_index, max_index)
            .map_err(|e| anyhow::anyhow!("--directions: {e}"))?;
        if list
            .iter()
            .any(|c| c.lattice.index() > amoba::pairing::search::MAX_CELLS)
        {
            anyhow::bail!(
                "--max-index {max_index}: the search handles boards of at most {} cells",
                amoba::pairing::search::MAX_CELLS
            );
        }
        lists.push(list);
    }
    let total: u64 = lists.iter().map(|l| l.len() as u64).sum();
    let progress = Progress::counting(args.progress, "scan", "lattice orbits");
    let mut before = 0u64;
    let mut out_games = Vec::new();
    for ((dirs, members), list) in games.iter().zip(&lists) {
        let n = dirs.len();
        let game = Game {
            directions: dirs.clone(),
            normal_form: normal_form(dirs)?.form,
            k: 2 * n + 1,
            symmetries: symmetries(dirs)?.len(),
            class_members: *members,
            lattices: list.iter().map(|c| c.orbit).sum(),
            rows: Vec::new(),
        };
        note!(
            "game {}: {} of index {}–{max_index} in {}",
            set_text(dirs),
            super::counted(game.lattices, "lattice", "lattices"),
            args.min_index,
            super::counted(list.len(), "orbit", "orbits")
        );
        let what = match games.len() {
            1 => "scan".to_string(),
            n => format!("game {} of {n}", out_games.len() + 1),
        };
        progress.set_what(&what);
        let rows = scan(dirs, list, limits, args.shard, args.threads, &|a, _| {
            progress.update(before + a, total)
        })?;
        before += list.len() as u64;
        // Every pairing found passes the verifier before it is written (in parallel:
        // the periodic check of a large 3-D board takes a while).
        let found: Vec<(&amoba::pairing::scan::Row, &str)> = rows
            .iter()
            .filter_map(|r| match &r.existence {
                Existence::Found { pairing, .. } => Some((r, pairing.as_str())),
                _ => None,
            })
            .collect();
        progress.set_what(&format!("{what}: certifying {}", found.len()));
        super::with_threads(args.threads, || {
            use rayon::prelude::*;
            found
                .par_iter()
                .try_for_each(|&(r, pairing)| certify(dirs, r, pairing))
        })?;
        let g = Game { rows, ..game };
        let (f, no, u) = tally(&g);
        note!("  found on {f}, none on {no}, unknown on {u}");
        out_games.push(g);
    }
    progress.finish();
    note!("scan: {:.1} s", start.elapsed().as_secs_f64());
    let doc = ScanDoc {
        provenance: amoba::core::provenance::Provenance::new("scan", &super::command_line(), None),
        dims: d,
        min_index: args.min_index,
        max_index,
        node_limit: args.node_limit,
        count_node_limit: limits.count_nodes,
        shard: args.shard.map(|s| s.to_string()),
        games: out_games,
    };
    write(&args, &doc)
}

/// Passes the pairing found on a row's board through the one certification path of
/// the checkers ([`amoba::check::certify::pairing`]).
fn certify(
    dirs: &[Vec<i64>],
    row: &amoba::pairing::scan::Row,
    pairing: &str,
) -> anyhow::Result<()> {
    let lattice = amoba::core::board::lattice::Lattice::new(&row.lattice)?;
    let board = board_on("scan", dirs, &lattice)?;
    amoba::check::certify::pairing(&board, &lattice.to_string(), pairing)?;
    Ok(())
}

/// Writes the report and the document where asked ([`super::write_report_and_json`]).
fn write(args: &Args, doc: &ScanDoc) -> anyhow::Result<ExitCode> {
    let stamped = ScanDoc {
        provenance: doc.provenance.stamped(&amoba::core::provenance::SCAN),
        ..doc.clone()
    };
    super::write_report_and_json(
        &markdown(doc),
        &stamped,
        &args.out,
        args.json,
        args.json_out.as_deref(),
    )?;
    Ok(ExitCode::SUCCESS)
}
