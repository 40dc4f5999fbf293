//! `amoba directions`: a set of directions up to `GL(d, Z)` — its normal form, the
//! matrix that takes it there, its symmetries — or every class of sets in a box
//! (`amoba::core::board::directions`, docs/spec.md §9).

use amoba::core::board::directions::{Class, classes_in_box, symmetries, typed};
use amoba::report::scan::set_text as set;
use std::io::Write;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    amoba directions \"1,0 0,1 1,2 2,1\"          # normal form and symmetries\n  \
    amoba directions \"1,0 0,1 1,1 1,-1 1,2\" --box 2   # and its class among the 5-sets in the box\n  \
    amoba directions --all 5 --box 2            # every class of 5 directions in {-2..2}^2\n\n\
    Two sets with the same normal form are one game: the matrix printed for each maps it \
    onto the normal form, so M2^-1 M1 maps the first onto the second.")]
pub struct Args {
    /// The directions, e.g. "1,0 0,1 1,2 2,1".
    #[arg(value_name = "VECTORS", required_unless_present = "all")]
    pub directions: Option<String>,
    /// List every class of this many primitive directions in the box instead.
    #[arg(
        long,
        value_name = "N",
        requires = "box_",
        conflicts_with = "directions"
    )]
    pub all: Option<usize>,
    /// The box {−R, …, R}^d: with VECTORS, also say which class of the sets of the box
    /// it is in (numbered as `--all` numbers them).
    #[arg(long = "box", id = "box_", value_name = "R")]
    pub box_: Option<i64>,
    /// Dimension of `--all` (2 or 3).
    #[arg(long, default_value_t = 2, value_name = "D")]
    pub dims: usize,
}

/// Checks the bounds of a box of directions (`--box R`, `--dims D`, `n` directions).
pub fn check_box(d: usize, r: i64, n: usize) -> anyhow::Result<()> {
    Ok(amoba::core::board::directions::check_box(d, r, n)?)
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut out = amoba::core::io::stdout();
    if let Some(n) = args.all {
        let r = args.box_.expect("clap requires --box");
        check_box(args.dims, r, n)?;
        let classes: Vec<Class> = classes_in_box(args.dims, r, n);
        writeln!(
            out,
            "{} of {n} primitive directions in {{−{r}, …, {r}}}^{} up to GL({}, Z):",
            super::counted(classes.len(), "class", "classes"),
            args.dims,
            args.dims
        )?;
        for (i, (form, members)) in classes.iter().enumerate() {
            writeln!(
                out,
                "{:>3}. normal form {}; {}, e.g. {}; {}",
                i + 1,
                set(form),
                super::counted(members.len(), "set", "sets"),
                set(&members[0]),
                super::counted(symmetries(form)?.len(), "symmetry", "symmetries")
            )?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let (dirs, nf) = typed(
        "VECTORS",
        args.directions.as_deref().expect("clap requires VECTORS"),
    )?;
    let d = dirs.first().map_or(0, Vec::len);
    writeln!(out, "directions   {}", set(&dirs))?;
    writeln!(out, "normal form  {}", set(&nf.form))?;
    let rows: Vec<String> = nf
        .matrix
        .chunks(d)
        .map(|r| {
            r.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    writeln!(
        out,
        "matrix       [{}] (maps the directions, up to sign, onto the normal form)",
        rows.join("; ")
    )?;
    let group = symmetries(&dirs)?;
    writeln!(
        out,
        "symmetries   {} of GL({d}, Z), in the text form of --symmetry (rows):",
        super::counted(group.len(), "matrix", "matrices")
    )?;
    for m in &group {
        let rows: Vec<String> = m
            .chunks(d)
            .map(|r| r.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
            .collect();
        writeln!(out, "             {}", rows.join(" "))?;
    }
    if let Some(r) = args.box_ {
        check_box(d, r, dirs.len())?;
        let classes = classes_in_box(d, r, dirs.len());
        match classes.iter().position(|(f, _)| *f == nf.form) {
            Some(i) => writeln!(
                out,
                "class        {} of the {} of {} directions in {{−{r}, …, {r}}}^{d} ({} of \
                 the box)",
                i + 1,
                super::counted(classes.len(), "class", "classes"),
                dirs.len(),
                super::counted(classes[i].1.len(), "set", "sets")
            )?,
            None => writeln!(
                out,
                "class        none of the {} of {} directions in {{−{r}, …, {r}}}^{d}: no \
                 set of the box is equivalent",
                super::counted(classes.len(), "class", "classes"),
                dirs.len()
            )?,
        }
    }
    Ok(ExitCode::SUCCESS)
}
