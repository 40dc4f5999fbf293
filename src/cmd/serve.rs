//! `amoba serve`: the local web explorer ([`amoba::serve`]): parses the options,
//! loads the served board and prints the URL on stderr once it can be opened.

use super::note;
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The board served by default (the page offers the other built-in boards too).
    #[arg(long, default_value = "square9", value_name = "NAME|FILE", help = super::board_help())]
    pub board: String,
    /// Catalogue of the served board (default results/catalogue-<tag>.txt if it
    /// exists, else the per-user cache; enumerated there if missing).
    #[arg(long, value_name = "PATH")]
    pub catalogue: Option<PathBuf>,
    /// The port to listen on; 0 picks a free one (the URL printed names it).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. The default answers this machine only; another
    /// address opens the explorer (read-only) to whoever reaches it.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let board = super::board(&args.board)?;
    if !args.bind.is_loopback() {
        note!(
            "amoba: warning: listening on {}, not a loopback address: anyone who reaches it can \
             read the explorer",
            args.bind
        );
    }
    let config = amoba::serve::Config {
        board,
        catalogue: args.catalogue,
        bind: args.bind,
        port: args.port,
        command: super::command_line(),
    };
    amoba::serve::run(config, |url| {
        note!("amoba: the explorer is at {url} (Ctrl-C stops it)");
    })?;
    Ok(ExitCode::SUCCESS)
}
