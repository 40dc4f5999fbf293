//! `amoba show ID|FILE`: draws a pairing as dominoes, ASCII or SVG.
//!
//! The picture is [`amoba::report::draw`]'s, the pairing and its caption
//! [`amoba::report::show`]'s. An argument that is a whole number and not the
//! name of an existing file is a catalogue ID (docs/spec.md §4); anything else is a pairing
//! file in the format `amoba verify` reads (`-` is standard input), of which
//! `--pick` chooses one pairing. `--figures DIR` writes the set of SVGs kept in
//! `results/` (scripts/draw-figures.sh). The catalogue comes from where `amoba verify`
//! finds it ([`amoba::pairing::catalogue::source`]). On the board square9-16 the picture
//! (unless `--window` asks for a plain window) is [`amoba::report::blocks`]'s: the 16×16
//! window of the plane at the blocks C and W of the pairing, with the dominoes on which
//! they differ highlighted.
//!
//! This file finds the pairing (or reads the placement file) and writes the picture
//! by the rule of `--out` ([`amoba::report::output::product`]);
//! [`amoba::report::show`] decides what is drawn.

use super::note;
use amoba::check::pairing::{Geometry, Reader};
use amoba::core::board::Board;
use amoba::pairing::catalogue::source::{self, Location};
use amoba::report::show::{self, Form};
use amoba::verify::no_catalogue_reason;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Characters: o cells, - | \ / dominoes.
    Ascii,
    /// Scalable vector graphics, dominoes coloured by orientation.
    Svg,
    /// The pairing as a file `amoba verify`, `canon` and `query` read back: a comment
    /// line naming it, then its grid of direction codes (FORMATS.md).
    Codes,
}

#[derive(clap::Args)]
pub struct Args {
    /// Catalogue ID (1-based line of the catalogue) or pairing file (`-` = stdin).
    #[arg(value_name = "ID|FILE", required_unless_present = "figures")]
    pub target: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "ascii")]
    pub format: Format,
    /// Draw an N×N window of the periodic plane instead of the torus (on cube7: of
    /// each z-layer, repeated in x and y).
    #[arg(long, value_name = "N")]
    pub window: Option<usize>,
    #[command(flatten)]
    pub board: super::BoardArgs,
    /// Write the picture to PATH (atomically; `-` = stdout, the default).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Catalogue for IDs (enumerated and written there if missing). Default:
    /// results/catalogue-<tag>.txt if it exists, else the per-user cache
    /// ($AMOBA_CACHE_DIR, or amoba/ in the platform cache directory).
    #[arg(long, value_name = "PATH")]
    pub catalogue: Option<PathBuf>,
    /// Which pairing of FILE to draw (1-based).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub pick: usize,
    /// Write the figure set as SVGs into DIR: pairing-1.svg, symmetric-<ID>.svg for
    /// the classes of largest stabiliser, component6-<ID>.svg for the 6-vertex
    /// component of the pairing graph.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["target", "out"])]
    pub figures: Option<PathBuf>,
    /// FILE is a periodic t-placement (docs/spec.md §10; FORMATS.md, *Placement
    /// files*): draw an N×N window of the plane (--window N; default two periods of
    /// the lattice, at least 8 and at most 48 cells), part a grey, part b white,
    /// cookies outlined.
    #[arg(long, conflicts_with = "figures")]
    pub placement: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let form = match args.format {
        Format::Ascii => Form::Ascii,
        Format::Svg => Form::Svg,
        Format::Codes => Form::Codes,
    };
    if args.placement {
        // The window is checked before the file is read.
        let target = args.target.as_deref();
        let target = target.ok_or_else(|| anyhow::anyhow!("expected a placement file"))?;
        show::check_window(args.window)?;
        let (display, text) = super::ask::read_text(target)?;
        let picture = show::placement_picture(&display, &text, args.window, form)?;
        super::write_product(args.out.as_deref(), &picture)?;
        return Ok(ExitCode::SUCCESS);
    }
    let board = args.board.load()?;
    let blocks = show::as_blocks(&board, args.window, args.figures.is_some());
    let geom = Geometry::new(&board)?;
    let location = source::locate(&board, args.catalogue.as_deref());
    // A pairing drawn as its blocks looks its ID up in the board's own catalogue.
    let no_catalogue = no_catalogue_reason(&geom).filter(|_| !blocks);
    if let Some(dir) = &args.figures {
        super::directory_option(dir, "--figures")?;
        if let Some(why) = &no_catalogue {
            anyhow::bail!("--figures draws catalogue pairings, but {why}");
        }
        return figures(&board, &geom, &location, dir);
    }
    let target = args
        .target
        .clone()
        .ok_or_else(|| anyhow::anyhow!("expected a catalogue ID or a pairing file"))?;
    let (codes, caption) = match super::ask::as_id(&target) {
        Some(id) => {
            if let Some(why) = &no_catalogue {
                anyhow::bail!(
                    "found {:?}, which is not a file, expected a pairing file: ID {id} \
                     cannot be looked up because {why}",
                    target.display().to_string()
                );
            }
            let cat = load_catalogue(&board, &location)?.catalogue;
            show::by_id(board.name(), &cat, &location.describe(), id)?
        }
        _ => {
            let (display, input) = super::ask::open_input(&target)?;
            let mut reader = Reader::new(&geom, display.clone(), input);
            show::pick(&geom, &mut reader, &display, args.pick)?
        }
    };
    let note = |s: &str| note!("amoba: {s}");
    let shown = (codes.as_slice(), caption.as_str());
    let picture = show::drawn(&board, &geom, shown, args.window, form, &note)?;
    super::write_product(args.out.as_deref(), &picture)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the figure set of `results/` into `dir` ([`amoba::report::figures`]).
fn figures(
    board: &Board,
    geom: &Geometry,
    location: &Location,
    dir: &Path,
) -> anyhow::Result<ExitCode> {
    let cat = load_catalogue(board, location)?.catalogue;
    let note = |s: &str| note!("amoba: {s}");
    let set = amoba::report::figures::of_catalogue(board, geom, &cat, &note)?;
    let written = set.write(dir)?;
    amoba::core::io::stdout().write_all(show::figures_summary(&set).as_bytes())?;
    for p in &written {
        note!("wrote {}", p.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Loads the catalogue from `location`, with notes on stderr.
fn load_catalogue(board: &Board, location: &Location) -> anyhow::Result<source::Loaded> {
    Ok(source::load(board, location, &|s| note!("amoba: {s}"))?)
}
