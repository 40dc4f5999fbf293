//! `amoba verify --placements FILE...`: are these periodic t-placements good?
//!
//! Each file holds one placement (docs/spec.md §10; FORMATS.md, *Placement files*);
//! [`amoba::check::placement`] checks it against the game the command line names
//! (`--board`, or `--directions` with `--k`), or else the game the file records (its
//! `directions`, `k` and `t` lines), or else square9's; `--k` and `--t` override. One report per file, or one
//! JSON document with `--json` (docs/schemas/placements.schema.json). Exit 0 every
//! placement good, 1 some placement leaves a winning set unblocked (the report names
//! it), 2 some file unreadable or malformed (the message names the line).

use super::note;
use amoba::check::placement::{Game, PlacementReport, Recorded, check_placement, parse_placement};
use serde::Serialize;
use std::io::{Read, Write};
use std::process::ExitCode;

#[derive(Serialize)]
struct Input {
    file: String,
    report: Option<PlacementReport>,
    error: Option<String>,
}

#[derive(Serialize)]
struct Document {
    provenance: amoba::core::provenance::Provenance,
    inputs: Vec<Input>,
    placements: usize,
    good: usize,
    not_good: usize,
    malformed: usize,
    exit_code: u8,
}

/// The game the options name, and the name the provenance gives it: `--directions`
/// alone (with `--k`; named `plane`), or the board's directions and k (the default
/// board's when no option names one). `t` is `--t`.
fn options_game(args: &super::verify::Args) -> anyhow::Result<(String, Game)> {
    if let (Some(text), None) = (&args.board.directions, &args.board.lattice) {
        let Some(k) = args.k else {
            anyhow::bail!("--directions without a board: expected --k too");
        };
        let game = checked(super::tight::plane_directions(text)?, k, args.t)?;
        return Ok(("plane".into(), game));
    }
    let board = args.board.load()?;
    let directions = board
        .directions()
        .iter()
        .map(|v| match v.as_slice() {
            [x, y] => Ok([*x, *y]),
            _ => anyhow::bail!(
                "board {}: placements are checked in the plane, expected a 2-D board, found \
                 directions of dimension {}",
                board.name(),
                v.len()
            ),
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let game = checked(directions, args.k.unwrap_or(board.k()), args.t)?;
    Ok((board.name().to_string(), game))
}

/// The game one file is checked against, and whether it is the one the file records:
/// the options' game when they name one (or the file records no directions), else the
/// file's; `--k` and `--t` override what the file records.
fn file_game(
    args: &super::verify::Args,
    options: &Game,
    recorded: &Recorded,
) -> anyhow::Result<(bool, Game)> {
    let t = args.t.or(recorded.t);
    match (args.board.explicit(), &recorded.directions) {
        (false, Some(directions)) => {
            let Some(k) = args.k.or(recorded.k) else {
                anyhow::bail!(
                    "the file records its directions but not k: expected a `k` line or --k"
                );
            };
            Ok((true, checked(directions.clone(), k, t)?))
        }
        _ => Ok((false, checked(options.directions.clone(), options.k, t)?)),
    }
}

/// The game, once `k` and `t` are in range.
fn checked(directions: Vec<[i64; 2]>, k: usize, t: Option<usize>) -> anyhow::Result<Game> {
    if k < 2 {
        anyhow::bail!("--k {k}: expected k ≥ 2");
    }
    if t == Some(0) {
        anyhow::bail!("--t 0: expected t ≥ 2");
    }
    // The limits of the games of cookies (k, t, the directions' coordinates).
    amoba::placement::cookie::Game {
        directions: directions.clone(),
        k,
    }
    .check(Some(t.unwrap_or(2)))?;
    Ok(Game { directions, k, t })
}

pub fn run(args: &super::verify::Args) -> anyhow::Result<ExitCode> {
    // The options alone must name a valid game, whatever the files record.
    let (mut board, options) = options_game(args)?;
    let mut out = std::io::BufWriter::new(amoba::core::io::stdout());
    let mut inputs = Vec::new();
    for name in &args.files {
        let (display, input) = super::ask::open_input(name)?;
        let mut text = String::new();
        // A placement has at most MAX_INDEX cells: a file of more than 64 MiB is refused
        // before it is held in memory.
        const MAX_BYTES: u64 = 64 << 20;
        let result = input
            .take(MAX_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|e| anyhow::anyhow!("{display}: cannot read: {e}"))
            .and_then(|n| {
                if n as u64 > MAX_BYTES {
                    anyhow::bail!(
                        "{display}: the file is larger than {MAX_BYTES} bytes, expected a \
                         placement of at most {} cells (FORMATS.md, Placement files)",
                        amoba::check::placement::MAX_INDEX
                    );
                }
                Ok(())
            })
            .and_then(|_| Ok(parse_placement(&display, &text)?))
            .and_then(|p| {
                let (own, game) = file_game(args, &options, &p.recorded)
                    .map_err(|e| anyhow::anyhow!("{display}: {e:#}"))?;
                // Named `plane` as soon as one file is checked against its recorded game.
                if own {
                    board = "plane".into();
                }
                Ok(check_placement(&display, &p, &game)?)
            });
        match result {
            Ok(report) => {
                if !args.json {
                    write!(out, "{}", report.to_text(&display))?;
                }
                inputs.push(Input {
                    file: display,
                    report: Some(report),
                    error: None,
                });
            }
            Err(e) => {
                out.flush()?;
                let message = super::chain(&*e);
                note!("{message}");
                inputs.push(Input {
                    file: display,
                    report: None,
                    error: Some(message),
                });
            }
        }
    }
    let reports = inputs.iter().filter_map(|i| i.report.as_ref());
    let good = reports.clone().filter(|r| r.good).count();
    let placements = reports.count();
    let malformed = inputs.len() - placements;
    let code = super::verify::exit_code(malformed, good, placements);
    if args.json {
        let doc = Document {
            provenance: amoba::core::provenance::Provenance::new(
                &board,
                &super::command_line(),
                None,
            )
            .stamped(&amoba::core::provenance::PLACEMENTS),
            inputs,
            placements,
            good,
            not_good: placements - good,
            malformed,
            exit_code: code,
        };
        serde_json::to_writer_pretty(&mut out, &doc)?;
        writeln!(out)?;
    }
    out.flush()?;
    Ok(ExitCode::from(code))
}
