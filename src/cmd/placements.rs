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
use amoba::placement::verify::{
    GameChoice, PlacementInput, PlacementsDoc, board_game, checked_game,
};
use std::io::{Read, Write};
use std::process::ExitCode;

/// The game the options name, and the name the provenance gives it: `--directions`
/// alone (with `--k`; named `plane`), or the board's directions and k (the default
/// board's when no option names one). `t` is `--t`.
fn options_game(args: &super::verify::Args) -> anyhow::Result<(String, GameChoice)> {
    let choice = |options| GameChoice {
        options,
        explicit: args.board.explicit(),
        k: args.k,
        t: args.t,
    };
    if let (Some(text), None) = (&args.board.directions, &args.board.lattice) {
        let Some(k) = args.k else {
            anyhow::bail!("--directions without a board: expected --k too");
        };
        let game = checked_game(amoba::placement::setup::plane_directions(text)?, k, args.t)?;
        return Ok(("plane".into(), choice(game)));
    }
    let board = args.board.load()?;
    let game = board_game(&board, args.k, args.t)?;
    Ok((board.name().to_string(), choice(game)))
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
            .and_then(|_| {
                let checked = options.check(&display, &text)?;
                // Named `plane` as soon as one file is checked against its recorded game.
                if checked.own_game {
                    board = "plane".into();
                }
                Ok(checked.report)
            });
        match result {
            Ok(report) => {
                if !args.json {
                    write!(out, "{}", report.to_text(&display))?;
                }
                inputs.push(PlacementInput {
                    file: display,
                    report: Some(report),
                    error: None,
                });
            }
            Err(e) => {
                out.flush()?;
                let message = super::chain(&*e);
                note!("{message}");
                inputs.push(PlacementInput {
                    file: display,
                    report: None,
                    error: Some(message),
                });
            }
        }
    }
    let doc = PlacementsDoc::new(&board, &super::command_line(), inputs);
    if args.json {
        serde_json::to_writer_pretty(&mut out, &doc)?;
        writeln!(out)?;
    }
    out.flush()?;
    Ok(ExitCode::from(doc.exit_code))
}
