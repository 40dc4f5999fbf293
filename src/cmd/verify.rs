//! `amoba verify FILE...`: what is right and wrong with candidate pairings.
//! (`amoba verify --strategy GAME FILE`, which checks a strategy certificate of a
//! Maker–Breaker game, is `verify_strategy.rs`.)
//!
//! The checks are [`amoba::verify`]'s ([`amoba::verify::check_input`] reads one
//! file), and so is the classifying state ([`amoba::verify::Classes`], shared with the
//! Python package): it loads the catalogue and the pairing graph the first time a good
//! pairing needs them (`--catalogue`, `results/` or the per-user cache, never the
//! current directory unasked; the graph through its on-disk index). This file opens
//! the files (`-` is standard input), prints one report per pairing (or one JSON
//! document with `--json`) and exits with the code of the totals: 0 every pairing
//! good, 1 some pairing not good, 2 some input unreadable or malformed or an internal cross-check
//! failed. A malformed line is reported (`FILE:LINE:COLUMN: …` on stderr, the first
//! [`amoba::check::pairing::MAX_REPORTED_ERRORS`] of each file) and skipped: the
//! well-formed pairings of the same file are still checked and reported. A closed
//! stdout changes nothing: the files are still checked and the exit code is their
//! verdict.
//!
//! Boards of more than 64 cells (cube7, the 6×6×6 torus) have no catalogue: none is
//! loaded or enumerated, and good pairings are reported with their canonical form and
//! stabiliser but no ID and no graph facts ([`amoba::verify::no_catalogue_reason`]).
//!
//! A board that refines a coarser one (square9-16 refines square9) has a catalogue of
//! the pairings that are not periodic with the coarser lattice (the 16-toroidal
//! ones): it is read when present and never enumerated here. A pairing periodic with
//! the coarser lattice (8-toroidal) is classified on the coarser board instead, with
//! that board's catalogue and graph ([`amoba::verify::Refinement`]).
//!
//! The totals, the exit code they give, the JSON document and the summary line are
//! [`amoba::report::verify`]'s.

use super::note;
use amoba::report::verify::{Totals, limits_notes};
use amoba::verify::{Classes, Event, check_input};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Pairing files: grid or one-line form, `#` comments (FORMATS.md); `-` reads stdin.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub board: super::BoardArgs,
    /// Catalogue for the IDs (enumerated and written there if missing). Default:
    /// results/catalogue-<tag>.txt if it exists, else the per-user cache
    /// ($AMOBA_CACHE_DIR, or amoba/ in the platform cache directory). Not used on
    /// cube7, which has none. On square9-16 the 16-toroidal catalogue, read if present
    /// and never enumerated here.
    #[arg(long, value_name = "PATH")]
    pub catalogue: Option<PathBuf>,
    /// On a board that refines a coarser one (square9-16 refines square9): the coarser
    /// board's catalogue, for pairings periodic with its lattice (found and enumerated
    /// like --catalogue on that board).
    #[arg(long, value_name = "PATH")]
    pub coarser_catalogue: Option<PathBuf>,
    /// One JSON document on stdout instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// One line per pairing instead of the full report.
    #[arg(long, conflicts_with = "json")]
    pub brief: bool,
    /// Do not build the pairing graph (no component or degree in the report).
    #[arg(long)]
    pub no_graph: bool,
    /// The files are periodic t-placements (docs/spec.md §10; FORMATS.md, *Placement
    /// files*), checked against the board's directions and k (or --k).
    #[arg(long)]
    pub placements: bool,
    /// With --placements: the most cells a cookie may have.
    #[arg(long, value_name = "T", requires = "placements")]
    pub t: Option<usize>,
    /// With --placements: cells in a winning set (default: the board's k).
    #[arg(long, value_name = "K", requires = "placements")]
    pub k: Option<usize>,
    /// FILE is a strategy certificate for the game file GAME (FORMATS.md, *Strategy
    /// certificates*): exit 0 a proof, 1 not a proof, 2 a file unreadable or malformed.
    #[arg(long, value_name = "GAME",
          conflicts_with_all = ["placements", "brief", "no_graph", "catalogue", "coarser_catalogue"])]
    pub strategy: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.placements {
        return super::placements::run(&args);
    }
    if let Some(game) = &args.strategy {
        return super::verify_strategy::run(game, &args.files, args.json);
    }
    let board = args.board.load()?;
    // A board that refines a coarser one classifies the pairings periodic with the
    // coarser lattice there.
    let mut classes = Classes::new(
        board.clone(),
        args.catalogue.as_deref(),
        args.coarser_catalogue.as_deref(),
        !args.no_graph,
        |s| note!("amoba: {s}"),
    )?;
    let geom = classes.geometry();
    for line in limits_notes(&board, &geom, args.no_graph) {
        note!("{line}");
    }
    let mut out = std::io::BufWriter::new(amoba::core::io::stdout());
    let mut totals = Totals::default();
    let mut files = Vec::new();
    for name in &args.files {
        let (display, input) = match amoba::core::io::open_input(name) {
            Ok(opened) => opened,
            Err((display, e)) => {
                out.flush()?;
                let (doc, line) = totals.unopened(&display, &e);
                note!("{line}");
                files.push(doc);
                continue;
            }
        };
        let checked = check_input(
            &mut classes,
            &geom,
            &display,
            input,
            args.json,
            &mut |event| -> anyhow::Result<()> {
                match event {
                    Event::Report(r) if args.brief => writeln!(out, "{}", r.brief())?,
                    Event::Report(r) => writeln!(out, "{}", r.to_text(&geom))?,
                    Event::Error(e) => {
                        out.flush()?;
                        note!("{}", super::chain(e));
                    }
                }
                Ok(())
            },
        )?;
        if checked.doc.errors_not_listed > 0 {
            note!(
                "{display}: and {} more malformed lines",
                checked.doc.errors_not_listed
            );
        }
        totals.add(&checked);
        files.push(checked.doc);
    }
    if args.json {
        let doc = totals.document(&board, &classes, files, &super::command_line());
        serde_json::to_writer_pretty(&mut out, &doc)?;
        writeln!(out)?;
    } else if !args.brief {
        writeln!(out, "{}", totals.summary())?;
    }
    out.flush()?;
    Ok(ExitCode::from(totals.exit_code()))
}
