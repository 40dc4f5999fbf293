//! `amoba verify FILE...`: what is right and wrong with candidate pairings.
//!
//! The checks are [`amoba::verify`]'s; this file reads the files (`-` is standard
//! input), loads the catalogue and the pairing graph the first time a good pairing
//! needs them ([`amoba::catalogue::source`]: `--catalogue`, `results/` or the per-user
//! cache, never the current directory unasked), prints one report per pairing (or one
//! JSON document with `--json`) and chooses the exit code: 0 every pairing good, 1 some
//! pairing not good, 2 some input unreadable or malformed or an internal cross-check
//! failed. A malformed line is reported (`FILE:LINE:COLUMN: …` on stderr, the first
//! [`MAX_REPORTED_ERRORS`] of each file) and skipped: the well-formed pairings of the
//! same file are still checked and reported. A closed stdout changes nothing: the
//! files are still checked and the exit code is their verdict.
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

use super::note;
use amoba::board::Board;
use amoba::catalogue::Catalogue;
use amoba::catalogue::source::{self, Location};
use amoba::graph::PairingGraph;
use amoba::verify::{
    Candidate, Geometry, GraphFacts, MAX_REPORTED_ERRORS, PairingReport, Reader, Refinement,
    VerifyError, check_catalogue_line, classify, graph_facts, no_catalogue_reason,
};
use serde::Serialize;
use std::io::{BufRead, BufReader, Write};
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
}

/// Builds the pairing graph of `cat` (docs/spec.md §5), with a note on stderr.
pub fn build_graph(board: &Board, cat: &Catalogue) -> anyhow::Result<PairingGraph> {
    note!(
        "amoba: building the pairing graph of {} classes (--no-graph skips it)",
        cat.len()
    );
    Ok(amoba::graph::of_catalogue(board, cat)?)
}

/// Loads the catalogue from `location`, with notes on stderr.
pub fn load_catalogue(board: &Board, location: &Location) -> anyhow::Result<source::Loaded> {
    Ok(source::load(board, location, &|s| note!("amoba: {s}"))?)
}

/// Catalogue and graph, loaded on first use.
struct Context<'b> {
    board: &'b Board,
    location: Location,
    want_graph: bool,
    catalogue: Option<source::Loaded>,
    graph: Option<PairingGraph>,
    /// The coarser board, on a board that refines one.
    coarser: Option<Coarser<'b>>,
}

/// The coarser board of a refining board: its geometry, the refinement, and its own
/// catalogue and graph.
struct Coarser<'b> {
    geom: &'b Geometry,
    refinement: Refinement,
    ctx: Box<Context<'b>>,
}

impl Context<'_> {
    fn loaded(&mut self) -> anyhow::Result<&source::Loaded> {
        if self.catalogue.is_none() {
            self.catalogue = Some(load_catalogue(self.board, &self.location)?);
        }
        self.catalogue
            .as_ref()
            .ok_or_else(|| anyhow::anyhow!("catalogue not loaded"))
    }

    fn catalogue(&mut self) -> anyhow::Result<&Catalogue> {
        Ok(&self.loaded()?.catalogue)
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
        if self.coarser.is_some() {
            return self.classify_refining(geom, report, codes);
        }
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
                // The ID is confirmed against the text of the file (when the catalogue
                // has one; classify has already compared the codes in memory).
                if let Some(file) = &self.loaded()?.file {
                    check_catalogue_line(file, id, &class.canonical)?;
                }
                class.graph = self.graph_facts(id)?;
            }
            None => {
                return Err(VerifyError::CrossCheck(format!(
                    "{}:{}: the pairing is good but its canonical form {} is not in the \
                     catalogue {}: the catalogue is incomplete or belongs to another board",
                    report.file,
                    report.line,
                    class.canonical,
                    self.location.describe()
                ))
                .into());
            }
        }
        report.class = Some(class);
        Ok(())
    }

    /// Check 6 on a board that refines a coarser one: the class on this board, with
    /// its ID when the pairing is not periodic with the coarser lattice (and this
    /// board's catalogue is there), else its class on the coarser board.
    fn classify_refining(
        &mut self,
        geom: &Geometry,
        report: &mut PairingReport,
        codes: &[u8],
    ) -> anyhow::Result<()> {
        let board = self.board;
        // This board's catalogue is read when its file is there, never enumerated here.
        if self.catalogue.is_none()
            && let Some(path) = self.location.path().filter(|p| p.is_file())
        {
            self.catalogue = Some(source::Loaded {
                catalogue: Catalogue::read(board, path)?,
                file: Some(path.to_path_buf()),
            });
        }
        let own = self.catalogue.as_ref();
        let mut class = classify(geom, board, codes, own.map(|l| &l.catalogue))?;
        let file = own.and_then(|l| l.file.clone());
        let place = format!("{}:{}", report.file, report.line);
        let Some(coarser) = self.coarser.as_mut() else {
            anyhow::bail!("no coarser board");
        };
        let mut periodicity = coarser.refinement.periodicity(geom, codes);
        let (coarse_kind, fine_kind) = coarser.refinement.kinds();
        match coarser.refinement.restrict(codes) {
            Some(coarse_codes) => {
                if let Some(id) = class.id {
                    return Err(VerifyError::CrossCheck(format!(
                        "{place}: the pairing is {coarse_kind}, yet its canonical form is line \
                         {id} of the catalogue {}, which holds the {fine_kind} classes only",
                        self.location.describe()
                    ))
                    .into());
                }
                class.no_catalogue = Some(format!(
                    "the catalogue of {} holds the {fine_kind} classes only; this pairing is \
                     {coarse_kind}, its class on {} follows",
                    board.name(),
                    coarser.refinement.coarse_board()
                ));
                let cand = Candidate {
                    line: report.line,
                    column: report.column,
                    form: report.form,
                    codes: coarse_codes,
                };
                let mut sub = PairingReport::new(coarser.geom, &report.file, report.index, &cand);
                if !sub.good {
                    return Err(VerifyError::CrossCheck(format!(
                        "{place}: the pairing is good and {coarse_kind}, but its pairing of {} \
                         is not good",
                        coarser.refinement.coarse_board()
                    ))
                    .into());
                }
                coarser.ctx.classify(coarser.geom, &mut sub, &cand.codes)?;
                periodicity.coarser_class = sub.class.map(Box::new);
            }
            None => match class.id {
                Some(id) => {
                    if let Some(file) = &file {
                        check_catalogue_line(file, id, &class.canonical)?;
                    }
                }
                None if self.catalogue.is_some() => {
                    return Err(VerifyError::CrossCheck(format!(
                        "{place}: the pairing is good and {fine_kind} but its canonical form \
                         {} is not in the catalogue {}: the catalogue is incomplete or belongs \
                         to another board",
                        class.canonical,
                        self.location.describe()
                    ))
                    .into());
                }
                None => {
                    class.no_catalogue = Some(format!(
                        "{} not found, so the ID is unknown; `amoba enumerate --board {}` \
                         writes {}",
                        self.location.describe(),
                        board.name(),
                        source::results_path(board).display()
                    ));
                }
            },
        }
        class.periodicity = Some(periodicity);
        report.class = Some(class);
        Ok(())
    }
}

#[derive(Serialize)]
struct FileJson {
    file: String,
    reports: Vec<PairingReport>,
    /// The first MAX_REPORTED_ERRORS malformed lines (or the read error).
    errors: Vec<ErrorJson>,
    /// Malformed lines beyond those listed.
    errors_not_listed: usize,
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
    malformed_lines: usize,
    exit_code: u8,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let board = args.board.load()?;
    let geom = Geometry::new(&board)?;
    if let Some(why) = no_catalogue_reason(&geom) {
        note!("amoba: {why}; good pairings get their canonical form and stabiliser only");
    }
    let no_graph = amoba::graph::no_graph_reason(&board);
    if let (Some(why), false) = (&no_graph, args.no_graph) {
        note!("amoba: {why}; good pairings get no graph facts");
    }
    // A board that refines a coarser one classifies the pairings periodic with the
    // coarser lattice there.
    let coarser_board = geom.refines().map(super::board).transpose()?;
    let coarser_geom = coarser_board.as_ref().map(Geometry::new).transpose()?;
    let coarser = match (&coarser_board, &coarser_geom) {
        (Some(b), Some(g)) => Some(Coarser {
            geom: g,
            refinement: Refinement::new(&geom, g)?,
            ctx: Box::new(Context {
                board: b,
                location: source::locate(b, args.coarser_catalogue.as_deref()),
                want_graph: !args.no_graph && amoba::graph::no_graph_reason(b).is_none(),
                catalogue: None,
                graph: None,
                coarser: None,
            }),
        }),
        _ => None,
    };
    let mut ctx = Context {
        board: &board,
        location: source::locate(&board, args.catalogue.as_deref()),
        want_graph: !args.no_graph && no_graph.is_none(),
        catalogue: None,
        graph: None,
        coarser,
    };
    let mut out = std::io::BufWriter::new(amoba::io::stdout());
    let (mut total, mut good, mut malformed, mut bad_lines) = (0usize, 0usize, 0usize, 0usize);
    let mut files = Vec::new();
    for name in &args.files {
        let stdin = amoba::io::is_dash(name);
        let display = if stdin {
            "<stdin>".to_string()
        } else {
            name.display().to_string()
        };
        let mut file = FileJson {
            file: display.clone(),
            reports: Vec::new(),
            errors: Vec::new(),
            errors_not_listed: 0,
        };
        let input: Box<dyn BufRead> = if stdin {
            Box::new(std::io::stdin().lock())
        } else {
            match std::fs::File::open(name) {
                Ok(f) => Box::new(BufReader::with_capacity(1 << 16, f)),
                Err(e) => {
                    out.flush()?;
                    note!("{display}: cannot open: {e}");
                    malformed += 1;
                    file.errors.push(ErrorJson {
                        line: None,
                        column: None,
                        message: format!("cannot open: {e}"),
                    });
                    files.push(file);
                    continue;
                }
            }
        };
        let mut reader = Reader::new(&geom, display.clone(), input);
        let mut errors = 0usize;
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
                        file.reports.push(report);
                    } else if args.brief {
                        writeln!(out, "{}", report.brief())?;
                    } else {
                        writeln!(out, "{}", report.to_text(&geom))?;
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    errors += 1;
                    if errors > MAX_REPORTED_ERRORS {
                        file.errors_not_listed += 1;
                        continue;
                    }
                    out.flush()?;
                    note!("{}", super::chain(&e));
                    file.errors.push(match &e {
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
                            message: super::chain(other),
                        },
                    });
                }
            }
        }
        if file.errors_not_listed > 0 {
            note!(
                "{display}: and {} more malformed lines",
                file.errors_not_listed
            );
        }
        if errors > 0 {
            malformed += 1;
            bad_lines += errors;
        }
        files.push(file);
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
                &super::command_line(),
                ctx.catalogue
                    .as_ref()
                    .map(|l| amoba::output::results::catalogue_sha256(&l.catalogue)),
            )
            .stamped(&amoba::provenance::VERIFY),
            catalogue: match no_catalogue_reason(&geom) {
                Some(_) => "none".to_string(),
                None => ctx.location.describe(),
            },
            inputs: files,
            pairings: total,
            good_pairings: good,
            not_good_pairings: total - good,
            malformed_files: malformed,
            malformed_lines: bad_lines,
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
