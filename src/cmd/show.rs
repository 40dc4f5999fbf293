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

use super::note;
use amoba::check::pairing::{Geometry, Reader};
use amoba::core::board::Board;
use amoba::core::io::write_atomic;
use amoba::pairing::catalogue::Catalogue;
use amoba::pairing::catalogue::blocks;
use amoba::pairing::catalogue::source::{self, Location};
use amoba::report::blocks::BlockIds;
use amoba::report::draw::{View, ascii, svg};
use amoba::report::figures::figure_set;
use amoba::report::show::{self, codes_file};
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
    if args.placement {
        return show_placement(&args);
    }
    let board = args.board.load()?;
    if blocks::applies_to(&board) && args.window.is_none() && args.figures.is_none() {
        return show_blocks(&board, &args);
    }
    let geom = Geometry::new(&board)?;
    let location = source::locate(&board, args.catalogue.as_deref());
    let no_catalogue = no_catalogue_reason(&geom);
    if let Some(dir) = &args.figures {
        super::directory_option(dir, "--figures")?;
        if let Some(why) = &no_catalogue {
            anyhow::bail!("--figures draws catalogue pairings, but {why}");
        }
        return figures(&board, &geom, &location, dir);
    }
    let view = match args.window {
        Some(n) => View::Window(n),
        None => View::Torus,
    };
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
            by_id(board.name(), &cat, &location, id)?
        }
        _ => from_file(&geom, &target, args.pick)?,
    };
    let picture = match args.format {
        Format::Ascii => ascii(&geom, &codes, view, &caption)?,
        Format::Svg => svg(&geom, &codes, view, &caption)?,
        Format::Codes => codes_file(&board, &codes, &caption),
    };
    emit(args.out.as_deref(), &picture)
}

/// Writes the picture to `out` (atomically; standard output by default).
fn emit(out: Option<&Path>, picture: &str) -> anyhow::Result<ExitCode> {
    let out = out.map_or_else(|| PathBuf::from(amoba::core::io::STDOUT), Path::to_path_buf);
    write_atomic(&out, |w| w.write_all(picture.as_bytes()))?;
    if !amoba::core::io::is_stdout(&out) {
        note!("wrote {}", out.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// A pairing of square9-16 (catalogue ID or file) drawn as its blocks C and W,
/// labelled with their 8×8 catalogue IDs (the square9 catalogue is found as for any
/// ID).
fn show_blocks(board: &Board, args: &Args) -> anyhow::Result<ExitCode> {
    let target = args
        .target
        .clone()
        .ok_or_else(|| anyhow::anyhow!("expected a catalogue ID or a pairing file"))?;
    let (codes, caption) = match super::ask::as_id(&target) {
        Some(id) => {
            let location = source::locate(board, args.catalogue.as_deref());
            let cat = load_catalogue(board, &location)?.catalogue;
            by_id(board.name(), &cat, &location, id)?
        }
        _ => from_file(&Geometry::new(board)?, &target, args.pick)?,
    };
    let mut ids = BlockIds::default();
    if let Some(r) = blocks::analyse(&codes)?.reported {
        let board8 = Board::square9();
        let cat8 = load_catalogue(&board8, &source::locate(&board8, None))?.catalogue;
        ids.c = blocks::block_id(&board8, &cat8, &r.c);
        ids.w = blocks::block_id(&board8, &cat8, &r.w);
    }
    let picture = match args.format {
        Format::Ascii => amoba::report::blocks::ascii(&codes, ids, &caption)?,
        Format::Svg => amoba::report::blocks::svg(&codes, ids, &caption)?,
        Format::Codes => codes_file(board, &codes, &caption),
    };
    emit(args.out.as_deref(), &picture)
}

/// Catalogue pairing `id`, and a caption naming it.
fn by_id(
    board: &str,
    cat: &Catalogue,
    location: &Location,
    id: usize,
) -> anyhow::Result<(Vec<u8>, String)> {
    Ok(show::by_id(board, cat, &location.describe(), id)?)
}

/// Pairing number `pick` of a file, and a caption naming it.
fn from_file(geom: &Geometry, name: &Path, pick: usize) -> anyhow::Result<(Vec<u8>, String)> {
    let (display, input) = super::ask::open_input(name)?;
    let mut reader = Reader::new(geom, display.clone(), input);
    Ok(show::pick(geom, &mut reader, &display, pick)?)
}

/// Writes the figure set of `results/` into `dir` ([`amoba::report::figures`]).
fn figures(
    board: &Board,
    geom: &Geometry,
    location: &Location,
    dir: &Path,
) -> anyhow::Result<ExitCode> {
    let cat: Catalogue = load_catalogue(board, location)?.catalogue;
    let graph = build_graph(board, &cat)?;
    let set = figure_set(board, geom, &cat, &graph)?;
    let mut written = Vec::new();
    for f in &set.figures {
        let path = dir.join(&f.file);
        write_atomic(&path, |w| w.write_all(f.svg.as_bytes()))?;
        written.push(path);
    }
    let ids = |v: &[usize]| {
        v.iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = amoba::core::io::stdout();
    writeln!(
        out,
        "{} of stabiliser order {}: IDs {}",
        super::counted(set.symmetric.len(), "class", "classes"),
        set.top_order,
        ids(&set.symmetric)
    )?;
    match &set.six {
        Some((c, members)) => writeln!(out, "component {c} has 6 vertices: IDs {}", ids(members))?,
        None => writeln!(out, "no component of the pairing graph has 6 vertices")?,
    }
    for p in &written {
        note!("wrote {}", p.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Builds the pairing graph of `cat` (docs/spec.md §5), with a note on stderr.
fn build_graph(
    board: &Board,
    cat: &Catalogue,
) -> anyhow::Result<amoba::pairing::graph::PairingGraph> {
    note!(
        "amoba: building the pairing graph of {}",
        super::counted(cat.len(), "class", "classes")
    );
    Ok(amoba::pairing::graph::of_catalogue(board, cat)?)
}

/// Loads the catalogue from `location`, with notes on stderr.
fn load_catalogue(board: &Board, location: &source::Location) -> anyhow::Result<source::Loaded> {
    Ok(source::load(board, location, &|s| note!("amoba: {s}"))?)
}

/// `--placement`: reads, checks the tiling and draws a placement.
fn show_placement(args: &Args) -> anyhow::Result<ExitCode> {
    use amoba::check::placement::{parse_placement, tile};
    let target = args
        .target
        .as_deref()
        .ok_or_else(|| anyhow::anyhow!("expected a placement file"))?;
    if let Some(n) = args.window
        && !(1..=amoba::report::draw::MAX_WINDOW).contains(&n)
    {
        anyhow::bail!(
            "--window {n}: expected 1 to {}",
            amoba::report::draw::MAX_WINDOW
        );
    }
    let (display, text) = super::ask::read_text(target)?;
    let placement = parse_placement(&display, &text)?;
    let tiling = tile(&display, &placement, None)?;
    let n = args
        .window
        .unwrap_or_else(|| amoba::report::placement::default_window(&tiling));
    let picture = match args.format {
        Format::Ascii => amoba::report::placement::ascii(&tiling, n),
        Format::Svg => amoba::report::placement::svg(&placement, &tiling, n),
        // The placement file itself is the form that reads back.
        Format::Codes => text.clone(),
    };
    emit(args.out.as_deref(), &picture)
}
