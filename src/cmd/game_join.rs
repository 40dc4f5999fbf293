//! `amoba game join GAME --after AFTER STRATEGY … [--dir DIR] [--out FILE]`: the
//! certificate of GAME's starting position joined from the certificates of the games
//! after one move each ([`amoba::game::join`]; FORMATS.md, *Joining certificates*).
//!
//! Reads the pieces (each game after a move with its certificate, or every
//! `after-LABEL.game` / `after-LABEL.strategy` pair of a directory that `solve --moves
//! --move-certificates` wrote), joins them, writes the certificate. Exit 0 when it is
//! written, 2 with the file, line and column or the reason when the pieces cannot be
//! joined; nothing is written then. Whether the result is a proof is `amoba verify
//! --strategy`'s to say.

use super::{note, shown};
use amoba::game::file;
use amoba::game::join::{self, Piece};
use anyhow::Context;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct JoinArgs {
    /// The game file whose starting position the certificate is for (`-` = stdin).
    #[arg(value_name = "GAME")]
    pub game: PathBuf,
    /// A game file after one move of GAME's player to move (as `amoba game after GAME
    /// --moves LABEL` writes it) and its winner's certificate; repeat for each move.
    #[arg(long, num_args = 2, value_names = ["AFTER", "STRATEGY"], action = clap::ArgAction::Append)]
    pub after: Vec<PathBuf>,
    /// Every after-LABEL.strategy in DIR with the after-LABEL.game beside it, as
    /// `amoba solve GAME --moves --move-certificates DIR` writes them (where the loser
    /// is to move at GAME; where the winner is, name its one move with --after).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Write the joined certificate here (`-` = stdout).
    #[arg(long, default_value = "-", value_name = "FILE")]
    pub out: PathBuf,
}

pub fn run(a: &JoinArgs) -> anyhow::Result<ExitCode> {
    let stdin = std::iter::once(&a.game)
        .chain(&a.after)
        .filter(|p| amoba::core::io::is_dash(p))
        .count();
    if stdin > 1 {
        anyhow::bail!("`-` (standard input) is given {stdin} times: it can be read once");
    }
    let loaded = file::load(&a.game)?;
    let game = &loaded.game;
    let mut pairs: Vec<(PathBuf, PathBuf)> = a
        .after
        .chunks(2)
        .map(|p| (p[0].clone(), p[1].clone()))
        .collect();
    if let Some(dir) = &a.dir {
        pairs.extend(directory_pairs(dir, game.ncells())?);
    }
    if pairs.len() > game.ncells() {
        anyhow::bail!(
            "{} certificates to join, but {} has only {} cells: at most one per move",
            pairs.len(),
            loaded.name,
            game.ncells()
        );
    }
    let mut pieces = Vec::with_capacity(pairs.len());
    for (after_path, strategy_path) in &pairs {
        let after = file::load(after_path)?;
        let strategy = join::load_strategy(&after.game, strategy_path)?;
        pieces.push(Piece {
            name: strategy_path.display().to_string(),
            after_name: after_path.display().to_string(),
            after: after.game,
            after_sha256: after.sha256,
            strategy,
        });
    }
    let joined =
        join::join(game, pieces).with_context(|| format!("cannot join at {}", loaded.name))?;
    let c = &joined.certificate;
    let labels: Vec<&str> = joined
        .moves
        .iter()
        .map(|&m| game.label(m as usize))
        .collect();
    let note = format!(
        "a strategy for {}, joined from the certificates after {}'s moves {} (a proof \
         if amoba verify --strategy accepts it)",
        c.winner,
        game.first,
        labels.join(" ")
    );
    amoba::core::io::write_atomic(&a.out, |w| c.write_noted(game, &loaded.sha256, &note, w))?;
    note!(
        "joined {} certificate{} at {}'s move{} {}: a strategy for {} of {} nodes, depth {}; \
         wrote {} (amoba verify --strategy checks it)",
        labels.len(),
        if labels.len() == 1 { "" } else { "s" },
        game.first,
        if labels.len() == 1 { "" } else { "s" },
        labels.join(" "),
        c.winner,
        c.nodes.len(),
        c.depth(),
        shown(&a.out)
    );
    Ok(ExitCode::SUCCESS)
}

/// The pairs (after-LABEL.game, after-LABEL.strategy) of `dir`, by file name; more
/// than `cells` of them is refused before any is read.
fn directory_pairs(dir: &Path, cells: usize) -> anyhow::Result<Vec<(PathBuf, PathBuf)>> {
    super::directory_option(dir, "--dir")?;
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("--dir: cannot read {}", dir.display()))?;
    let mut strategies = Vec::new();
    for e in entries {
        let e = e.with_context(|| format!("--dir: cannot read {}", dir.display()))?;
        let name = e.file_name();
        let shown = name.to_string_lossy();
        if shown.starts_with("after-") && shown.ends_with(".strategy") {
            if name.to_str().is_none() {
                anyhow::bail!(
                    "--dir: {}: a file name that is not UTF-8",
                    e.path().display()
                );
            }
            strategies.push(e.path());
            if strategies.len() > cells {
                anyhow::bail!(
                    "--dir: {} holds more than {cells} certificates, one per cell of the game",
                    dir.display()
                );
            }
        }
    }
    strategies.sort();
    if strategies.is_empty() {
        anyhow::bail!(
            "--dir: {} holds no after-LABEL.strategy file",
            dir.display()
        );
    }
    Ok(strategies
        .into_iter()
        .map(|s| (s.with_extension("game"), s))
        .collect())
}
