//! What `amoba query`, `path`, `select` and `canon` share: the board and catalogue
//! options, the answers over the catalogue and its graph (through the index of
//! [`amoba::pairing::graph::index`]), and how a command-line argument names a pairing.

use super::note;
use amoba::check::pairing::Geometry;
use amoba::report::query::{Answers, Target, read_pairings};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The board and where its catalogue comes from.
#[derive(clap::Args, Clone, Debug)]
pub struct AskArgs {
    #[command(flatten)]
    pub board: super::BoardArgs,
    /// Catalogue to read (default results/catalogue-<tag>.txt if it exists, else the
    /// per-user cache; enumerated there if missing). Its graph is indexed in the cache
    /// on first use, so later questions are answered at once.
    #[arg(long, value_name = "PATH")]
    pub catalogue: Option<PathBuf>,
}

impl AskArgs {
    /// The answers from the board's catalogue and graph; refuses a board without a
    /// catalogue or without a pairing graph.
    pub fn answers(&self) -> anyhow::Result<Answers> {
        Ok(Answers::open(
            self.board.load()?,
            self.catalogue.as_deref(),
            &super::command_line(),
            &|s| note!("amoba: {s}"),
        )?)
    }
}

/// The catalogue ID an argument names, if it does: a whole number that is not the
/// name of an existing file.
pub fn as_id(arg: &Path) -> Option<usize> {
    arg.to_str()
        .and_then(|t| t.parse::<usize>().ok())
        .filter(|_| !arg.exists())
}

/// Opens `name` for reading (`-` = standard input), with the name messages give it.
pub fn open_input(name: &Path) -> anyhow::Result<(String, Box<dyn BufRead>)> {
    if amoba::core::io::is_dash(name) {
        return Ok(("<stdin>".to_string(), Box::new(std::io::stdin().lock())));
    }
    let display = name.display().to_string();
    let f =
        std::fs::File::open(name).map_err(|e| anyhow::anyhow!("{display}: cannot open: {e}"))?;
    Ok((display, Box::new(BufReader::new(f))))
}

/// The whole text of `name` (`-` = standard input), with the name used in messages.
pub fn read_text(name: &Path) -> anyhow::Result<(String, String)> {
    let (display, mut input) = open_input(name)?;
    let mut text = String::new();
    input
        .read_to_string(&mut text)
        .map_err(|e| anyhow::anyhow!("{display}: cannot read: {e}"))?;
    Ok((display, text))
}

/// Reads every pairing of `name` (`-` = standard input).
pub fn read_file(geom: &Geometry, name: &Path) -> anyhow::Result<Vec<Target>> {
    let (display, input) = open_input(name)?;
    Ok(read_pairings(geom, &display, input)?)
}

/// An argument naming a pairing: a whole number that is not the name of an existing
/// file is a catalogue ID; anything else a pairing file, of which `pick` (1-based)
/// chooses one.
pub fn target(geom: &Geometry, arg: &Path, pick: usize) -> anyhow::Result<Target> {
    if let Some(id) = as_id(arg) {
        return Ok(Target::Id(id));
    }
    let mut all = read_file(geom, arg)?;
    let found = all.len();
    if pick == 0 || pick > found {
        anyhow::bail!(
            "{}: found {}, expected at least {pick} (--pick {pick})",
            arg.display(),
            super::counted(found, "pairing", "pairings")
        );
    }
    Ok(all.swap_remove(pick - 1))
}

/// Prints a document as pretty JSON on stdout.
pub fn print_json(doc: &impl serde::Serialize) -> anyhow::Result<()> {
    amoba::report::results::write_json(std::path::Path::new("-"), doc)?;
    Ok(())
}

/// A cell as `(x,y)`.
pub fn cell(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("({})", parts.join(","))
}

/// A chain of slides, `(0,0)-(1,0) → (1,0)-(2,0), …`.
pub fn chain(slides: &[amoba::report::query::SlideDoc]) -> String {
    slides
        .iter()
        .map(|s| {
            format!(
                "{}-{} → {}-{}",
                cell(&s.from),
                cell(&s.pivot),
                cell(&s.pivot),
                cell(&s.to)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}
