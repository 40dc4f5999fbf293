//! `amoba path A B`: a shortest sequence of moves from one pairing to another (IDs or
//! files), each step with its cell, its chain of slides and the class it reaches
//! ([`amoba::report::query::Answers::path`]); exit 1 when they lie in different
//! components. `--svg DIR` draws every step with the dominoes that slid highlighted.

use super::ask::{AskArgs, cell, chain, print_json, target};
use super::note;
use amoba::core::io::write_atomic;
use amoba::report::draw::{View, svg_marked};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The start: catalogue ID or pairing file.
    #[arg(value_name = "A")]
    pub from: PathBuf,
    /// The target: catalogue ID or pairing file.
    #[arg(value_name = "B")]
    pub to: PathBuf,
    /// Which pairing of a file (1-based; for both A and B).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub pick: usize,
    /// Print the document as JSON (docs/schemas/path.schema.json).
    #[arg(long)]
    pub json: bool,
    /// Draw the start and every step as SVG into DIR: step-000.svg (the start),
    /// step-001.svg, … with the dominoes each move slid highlighted.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub ask: AskArgs,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(dir) = &args.svg {
        super::directory_option(dir, "--svg")?;
    }
    let answers = args.ask.answers()?;
    let a = target(&answers.geom, &args.from, args.pick)?;
    let b = target(&answers.geom, &args.to, args.pick)?;
    let (doc, steps) = answers.path(&a, &b)?;
    if !doc.connected {
        note!(
            "amoba: {} (ID {}, component {}) and {} (ID {}, component {}) lie in different \
             components of the pairing graph: no sequence of moves joins them",
            doc.from.source,
            doc.from.id,
            doc.from.component,
            doc.to.source,
            doc.to.id,
            doc.to.component
        );
    }
    if let Some(dir) = &args.svg
        && doc.connected
    {
        let total = steps.len();
        let start = answers.resolve(&a)?.0;
        let mut pictures = vec![(
            start,
            Vec::new(),
            format!(
                "{} (ID {}) · start of a path of {}",
                doc.from.source,
                doc.from.id,
                super::counted(total, "move", "moves")
            ),
        )];
        for (s, d) in steps.iter().zip(&doc.steps) {
            let marked: Vec<usize> = s.slides.iter().flat_map(|x| [x.pivot, x.to]).collect();
            pictures.push((
                s.codes.clone(),
                marked,
                format!(
                    "step {} of {total} · move at {} · {} slides · ID {}",
                    d.step,
                    cell(&d.mv.cell),
                    d.mv.slides.len(),
                    d.id
                ),
            ));
        }
        for (i, (codes, marked, caption)) in pictures.iter().enumerate() {
            let picture = svg_marked(&answers.geom, codes, View::Torus, caption, &[], marked)?;
            let path = dir.join(format!("step-{i:03}.svg"));
            write_atomic(&path, |w| w.write_all(picture.as_bytes()))?;
        }
        note!(
            "amoba: wrote {} pictures into {}",
            pictures.len(),
            dir.display()
        );
    }
    let code = if doc.connected {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    if args.json {
        print_json(&doc)?;
        return Ok(code);
    }
    let mut out = amoba::core::io::stdout();
    match doc.length {
        Some(n) => writeln!(
            out,
            "a shortest path from ID {} to ID {}: {} (component {})",
            doc.from.id,
            doc.to.id,
            super::counted(n, "move", "moves"),
            doc.from.component
        )?,
        None => writeln!(
            out,
            "no path from ID {} (component {}) to ID {} (component {})",
            doc.from.id, doc.from.component, doc.to.id, doc.to.component
        )?,
    }
    writeln!(out, "start: {} ({})", doc.from.pairing, doc.from.source)?;
    for s in &doc.steps {
        writeln!(
            out,
            "step {}: move at {}, {} slides → ID {}",
            s.step,
            cell(&s.mv.cell),
            s.mv.slides.len(),
            s.id
        )?;
        writeln!(out, "  slides: {}", chain(&s.mv.slides))?;
        writeln!(out, "  pairing: {}", s.pairing)?;
    }
    if let Some(g) = &doc.last_to_target {
        writeln!(
            out,
            "target: {} ({}), the last pairing carried onto it by {}   [{}: {}]",
            doc.to.pairing, doc.to.source, g.text, g.report.kind, g.report.formula
        )?;
    }
    Ok(code)
}
