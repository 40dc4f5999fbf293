//! `amoba verify FILE...`: what is right and wrong with candidate pairings.
//!
//! The checks are [`amoba::verify`]'s; this file reads the files (`-` is standard
//! input), loads the catalogue and the pairing graph the first time a good pairing
//! needs them, prints one report per pairing (or one JSON document with `--json`) and
//! chooses the exit code: 0 every pairing good, 1 some pairing not good, 2 some input
//! unreadable or malformed (the message, `FILE:LINE:COLUMN: …`, goes to stderr and
//! the remaining files are still checked) or an internal cross-check failed.
//!
//! Boards of more than 64 cells (cube7, the 6×6×6 torus) have no catalogue: none is
//! loaded or enumerated, and good pairings are reported with their canonical form and
//! stabiliser but no ID and no graph facts ([`amoba::verify::no_catalogue_reason`]).

use amoba::board::Board;
use amoba::catalogue::Catalogue;
use amoba::graph::PairingGraph;
use amoba::verify::{
    Geometry, GraphFacts, PairingReport, Reader, VerifyError, check_catalogue_line, classify,
    graph_facts, no_catalogue_reason,
};
use serde::Serialize;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Pairing files: grid or one-line form, `#` comments (FORMATS.md); `-` reads stdin.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Board (docs/spec.md, appendix A); cube7 has no catalogue, so no IDs.
    #[arg(long, default_value = "square9", value_name = "NAME", help = super::board_help())]
    pub board: String,
    /// Catalogue for the IDs (default results/catalogue-<tag>.txt; enumerated and
    /// written there if missing; not used on cube7, which has none).
    #[arg(long, value_name = "PATH")]
    pub catalogue: Option<PathBuf>,
    /// One JSON document on stdout instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// One line per pairing instead of the full report.
    #[arg(long, conflicts_with = "json")]
    pub brief: bool,
    /// Do not build the pairing graph (no component or degree in the report).
    #[arg(long)]
    pub no_graph: bool,
}

/// The default catalogue path of a board (`results/catalogue-9.txt` for square9).
pub fn default_catalogue(board: &Board) -> PathBuf {
    PathBuf::from(format!(
        "results/catalogue-{}.txt",
        amoba::catalogue::enumerate::file_tag(board)
    ))
}

/// Reads the catalogue at `path`, enumerating the board and writing it there first if
/// the file does not exist.
pub fn load_or_enumerate(board: &Board, path: &Path) -> anyhow::Result<Catalogue> {
    if !path.exists() {
        eprintln!(
            "amoba: {} not found; enumerating board {} (about a second for square9)",
            path.display(),
            board.name()
        );
        let out = amoba::catalogue::enumerate::run(board, 0, &|_, _| {});
        out.catalogue.write(path)?;
        eprintln!(
            "amoba: wrote {} ({} classes)",
            path.display(),
            out.catalogue.len()
        );
        return Ok(out.catalogue);
    }
    Ok(Catalogue::read(board, path)?)
}

/// Builds the pairing graph of `cat` (docs/spec.md §5), with a note on stderr.
pub fn build_graph(board: &Board, cat: &Catalogue) -> anyhow::Result<PairingGraph> {
    eprintln!(
        "amoba: building the pairing graph of {} classes (about 15 s on square9; \
         --no-graph skips it)",
        cat.len()
    );
    let (graph, _) = PairingGraph::build(board, cat)?;
    Ok(graph)
}

/// Catalogue and graph, loaded on first use.
struct Context<'b> {
    board: &'b Board,
    path: PathBuf,
    want_graph: bool,
    catalogue: Option<Catalogue>,
    graph: Option<PairingGraph>,
}

impl Context<'_> {
    fn catalogue(&mut self) -> anyhow::Result<&Catalogue> {
        if self.catalogue.is_none() {
            self.catalogue = Some(load_or_enumerate(self.board, &self.path)?);
        }
        self.catalogue
            .as_ref()
            .ok_or_else(|| anyhow::anyhow!("catalogue not loaded"))
    }

    fn graph_facts(&mut self, id: usize) -> anyhow::Result<Option<GraphFacts>> {
        if !self.want_graph {
            return Ok(None);
        }
        if self.graph.is_none() {
            let graph = build_graph(self.board, self.catalogue()?)?;
            self.graph = Some(graph);
        }
        Ok(self.graph.as_ref().and_then(|g| graph_facts(g, id)))
    }

    /// Check 6 and the graph facts of a good pairing.
    fn classify(
        &mut self,
        geom: &Geometry,
        report: &mut PairingReport,
        codes: &[u8],
    ) -> anyhow::Result<()> {
        let board = self.board;
        if let Some(why) = no_catalogue_reason(geom) {
            // No catalogue to load or enumerate (cube7: the count is out of reach).
            let mut class = classify(geom, board, codes, None)?;
            class.no_catalogue = Some(why);
            report.class = Some(class);
            return Ok(());
        }
        let mut class = classify(geom, board, codes, Some(self.catalogue()?))?;
        match class.id {
            Some(id) => {
                check_catalogue_line(&self.path, id, &class.canonical)?;
                class.graph = self.graph_facts(id)?;
            }
            None => {
                return Err(VerifyError::CrossCheck(format!(
                    "{}:{}: the pairing is good but its canonical form {} is not in the \
                     catalogue {}: the catalogue is incomplete or belongs to another board",
                    report.file,
                    report.line,
                    class.canonical,
                    self.path.display()
                ))
                .into());
            }
        }
        report.class = Some(class);
        Ok(())
    }
}

#[derive(Serialize)]
struct FileJson {
    file: String,
    reports: Vec<PairingReport>,
    error: Option<ErrorJson>,
}

#[derive(Serialize)]
struct ErrorJson {
    line: Option<usize>,
    column: Option<usize>,
    message: String,
}

/// The `--json` document (docs/schemas/verify.schema.json).
#[derive(Serialize)]
struct Document {
    provenance: amoba::provenance::Provenance,
    catalogue: String,
    inputs: Vec<FileJson>,
    pairings: usize,
    good_pairings: usize,
    not_good_pairings: usize,
    malformed_files: usize,
    exit_code: u8,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let board = super::board(&args.board)?;
    let geom = Geometry::new(&board)?;
    if let Some(why) = no_catalogue_reason(&geom) {
        eprintln!("amoba: {why}; good pairings get their canonical form and stabiliser only");
    }
    let mut ctx = Context {
        board: &board,
        path: args
            .catalogue
            .clone()
            .unwrap_or_else(|| default_catalogue(&board)),
        want_graph: !args.no_graph,
        catalogue: None,
        graph: None,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut total, mut good, mut malformed) = (0usize, 0usize, 0usize);
    let mut files = Vec::new();
    for name in &args.files {
        let display = if name == "-" {
            "<stdin>".to_string()
        } else {
            name.clone()
        };
        let input: Box<dyn BufRead> = if name == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            match std::fs::File::open(name) {
                Ok(f) => Box::new(BufReader::with_capacity(1 << 16, f)),
                Err(e) => {
                    out.flush()?;
                    eprintln!("{display}: cannot open: {e}");
                    malformed += 1;
                    files.push(FileJson {
                        file: display,
                        reports: Vec::new(),
                        error: Some(ErrorJson {
                            line: None,
                            column: None,
                            message: format!("cannot open: {e}"),
                        }),
                    });
                    continue;
                }
            }
        };
        let mut reader = Reader::new(&geom, display.clone(), input);
        let mut reports = Vec::new();
        let mut error = None;
        loop {
            match reader.next_candidate() {
                Ok(Some(cand)) => {
                    let mut report =
                        PairingReport::new(&geom, &display, reader.pairings_read(), &cand);
                    if !report.analysis.checks_agree {
                        return Err(VerifyError::CrossCheck(format!(
                            "{display}:{}: the periodic check and the line count disagree",
                            cand.line
                        ))
                        .into());
                    }
                    total += 1;
                    if report.good {
                        good += 1;
                        ctx.classify(&geom, &mut report, &cand.codes)?;
                    }
                    if args.json {
                        reports.push(report);
                    } else if args.brief {
                        writeln!(out, "{}", report.brief())?;
                    } else {
                        writeln!(out, "{}", report.to_text(&geom))?;
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    out.flush()?;
                    eprintln!("{e}");
                    malformed += 1;
                    error = Some(match &e {
                        VerifyError::Malformed {
                            line,
                            column,
                            message,
                            ..
                        } => ErrorJson {
                            line: Some(*line),
                            column: Some(*column),
                            message: message.clone(),
                        },
                        other => ErrorJson {
                            line: None,
                            column: None,
                            message: other.to_string(),
                        },
                    });
                    break;
                }
            }
        }
        files.push(FileJson {
            file: display,
            reports,
            error,
        });
    }
    let code: u8 = if malformed > 0 {
        2
    } else if good < total {
        1
    } else {
        0
    };
    if args.json {
        let doc = Document {
            provenance: amoba::provenance::Provenance::new(
                board.name(),
                &super::command(),
                ctx.catalogue
                    .as_ref()
                    .map(amoba::output::results::catalogue_sha256),
            )
            .stamped(&amoba::provenance::VERIFY),
            catalogue: match no_catalogue_reason(&geom) {
                Some(_) => "none".to_string(),
                None => ctx.path.display().to_string(),
            },
            inputs: files,
            pairings: total,
            good_pairings: good,
            not_good_pairings: total - good,
            malformed_files: malformed,
            exit_code: code,
        };
        serde_json::to_writer_pretty(&mut out, &doc)?;
        writeln!(out)?;
    } else if !args.brief {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        writeln!(
            out,
            "{}: {good} good, {} not good; {} unreadable or malformed",
            plural(total, "pairing", "pairings"),
            total - good,
            plural(malformed, "file", "files")
        )?;
    }
    out.flush()?;
    Ok(ExitCode::from(code))
}
