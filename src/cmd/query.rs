//! `amoba query ID|FILE`: a class and everything around it — canonical form,
//! stabiliser with its elements, component and degree, and each neighbour with the move
//! that reaches it ([`amoba::report::query::Answers::query`]).

use super::ask::{AskArgs, cell, chain, print_json, target};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Catalogue ID, or a pairing file (`-` = stdin) whose pairing's moves are listed.
    #[arg(value_name = "ID|FILE")]
    pub target: PathBuf,
    /// Which pairing of FILE (1-based).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub pick: usize,
    /// Print the document as JSON (docs/schemas/query.schema.json).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub ask: AskArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let answers = args.ask.answers()?;
    let t = target(&answers.geom, &args.target, args.pick)?;
    let doc = answers.query(&t)?;
    if args.json {
        print_json(&doc)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = amoba::core::io::stdout();
    writeln!(
        out,
        "class ID {} of {} (board {})",
        doc.id,
        answers.classes(),
        answers.board.name()
    )?;
    writeln!(out, "canonical form: {}", doc.canonical)?;
    if let Some(kind) = &doc.kind {
        writeln!(out, "kind: {kind}")?;
    }
    if let Some(input) = &doc.input {
        writeln!(out, "pairing: {} ({})", input.pairing, input.source)?;
        writeln!(
            out,
            "  to the canonical form by: {}   [{}: {}]",
            input.to_canonical.text,
            input.to_canonical.report.kind,
            input.to_canonical.report.formula
        )?;
    }
    writeln!(out, "stabiliser order {}:", doc.stabiliser_order)?;
    for g in &doc.stabiliser {
        writeln!(
            out,
            "  {}   [{}: {}]",
            g.text, g.report.kind, g.report.formula
        )?;
    }
    writeln!(
        out,
        "pairing graph: component {} ({} vertices), degree {}",
        doc.component, doc.component_size, doc.degree
    )?;
    let moved = if doc.input.is_some() {
        "this pairing"
    } else {
        "the canonical form"
    };
    if doc.same_class_cells.is_empty() {
        writeln!(out, "moves of {moved}: none stays in the class")?;
    } else {
        let cells: Vec<String> = doc.same_class_cells.iter().map(|c| cell(c)).collect();
        writeln!(
            out,
            "moves of {moved} staying in the class: at {}",
            cells.join(" ")
        )?;
    }
    writeln!(out, "neighbours ({}):", doc.neighbours.len())?;
    for n in &doc.neighbours {
        let cells: Vec<String> = n.cells.iter().map(|c| cell(c)).collect();
        writeln!(out, "  ID {}: moves at {}", n.id, cells.join(" "))?;
        writeln!(
            out,
            "    move at {}, {} slides: {}",
            cell(&n.mv.cell),
            n.mv.slides.len(),
            chain(&n.mv.slides)
        )?;
        writeln!(out, "    gives {}", n.pairing)?;
    }
    Ok(ExitCode::SUCCESS)
}
