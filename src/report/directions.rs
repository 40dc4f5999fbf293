//! What `amoba directions` says about a set of directions up to `GL(d, Z)` — its
//! normal form, the matrix that takes it there, its symmetries, its class among the
//! sets of a box — or about every class of sets in a box (docs/spec.md §9), as text
//! and as the JSON document of `--json` (docs/schemas/directions.schema.json).
//!
//! Both come from one [`Directions`] value built here from the engine's answers
//! ([`crate::core::board::directions`]), so they say the same; matrices are given by
//! rows, acting on column vectors, as `--symmetry` reads them.

use crate::core::board::directions::{self as dirs, Class, classes_in_box, symmetries};
use crate::core::board::group::{GroupError, Matrix};
use crate::core::provenance::{DIRECTIONS, Provenance};
use crate::core::text::counted;
use crate::report::scan::set_text as set;
use serde::Serialize;
use std::fmt::Write as _;

/// A set's class among the sets of `n` directions in the box `{−r, …, r}^d`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassOf {
    /// `r`.
    #[serde(rename = "box")]
    pub box_: i64,
    /// The classes of the box, numbered from 1 as `--all` numbers them.
    pub classes: usize,
    /// The set's class, or `None` when no set of the box is equivalent.
    pub number: Option<usize>,
    /// The sets of the box in that class.
    pub members: Option<usize>,
}

/// One set of directions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetFacts {
    /// The directions as given.
    pub directions: Vec<Vec<i64>>,
    /// Its normal form.
    pub normal_form: Vec<Vec<i64>>,
    /// A matrix mapping the directions, up to sign, onto the normal form, by rows.
    pub matrix: Vec<Vec<i64>>,
    /// The matrices of `GL(d, Z)` mapping the set, up to sign, onto itself, by rows.
    pub symmetries: Vec<Vec<Vec<i64>>>,
    /// Its class among the sets of a box, when one was given.
    pub class: Option<ClassOf>,
}

/// One class of the sets of a box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassFacts {
    /// Its number, from 1, in the order of the normal forms.
    pub number: usize,
    /// Its normal form.
    pub normal_form: Vec<Vec<i64>>,
    /// The sets of the box in it.
    pub members: usize,
    /// The least of them.
    pub example: Vec<Vec<i64>>,
    /// The order of its group of symmetries.
    pub symmetries: usize,
}

/// Every class of the sets of `n` directions in the box `{−r, …, r}^d`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoxFacts {
    /// `d`.
    pub dims: usize,
    /// `r`.
    #[serde(rename = "box")]
    pub box_: i64,
    /// `n`.
    pub n: usize,
    /// The classes, by normal form.
    pub classes: Vec<ClassFacts>,
}

/// What `amoba directions` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Directions {
    /// About one set.
    Set(SetFacts),
    /// About the sets of a box.
    Box(BoxFacts),
}

/// The JSON document of an answer.
#[derive(Serialize)]
pub struct Document<'a> {
    /// The provenance block (board `directions`).
    pub provenance: Provenance,
    /// The answer.
    #[serde(flatten)]
    pub answer: &'a Directions,
}

/// The rows of the `d × d` matrix `m` (row-major).
fn rows(m: &Matrix, d: usize) -> Vec<Vec<i64>> {
    m.chunks(d.max(1)).map(<[i64]>::to_vec).collect()
}

/// The facts of the set `given` (already checked: primitive, spanning, of one
/// dimension; [`dirs::typed`]) with normal form `normal`, and its class among the
/// sets of the box `{−r, …, r}^d` when `r` is given.
///
/// *Errors*: the symmetries cannot be computed, or the box is out of bounds
/// ([`dirs::check_box`]).
///
/// Complexity: the box's classes are enumerated, as `--all` does, when `r` is given.
pub fn of_set(
    given: Vec<Vec<i64>>,
    normal: dirs::Normal,
    r: Option<i64>,
) -> Result<Directions, DirectionsError> {
    let d = given.first().map_or(0, Vec::len);
    let group = symmetries(&given)?;
    let class = match r {
        None => None,
        Some(r) => {
            dirs::check_box(d, r, given.len())?;
            let classes = classes_in_box(d, r, given.len());
            let at = classes.iter().position(|(f, _)| *f == normal.form);
            Some(ClassOf {
                box_: r,
                classes: classes.len(),
                number: at.map(|i| i + 1),
                members: at.map(|i| classes[i].1.len()),
            })
        }
    };
    Ok(Directions::Set(SetFacts {
        matrix: rows(&normal.matrix, d),
        normal_form: normal.form,
        symmetries: group.iter().map(|m| rows(m, d)).collect(),
        directions: given,
        class,
    }))
}

/// Every class of the sets of `n` primitive directions in `{−r, …, r}^d`.
///
/// *Errors*: the box is out of bounds ([`dirs::check_box`]), or a class's symmetries
/// cannot be computed.
pub fn of_box(d: usize, r: i64, n: usize) -> Result<Directions, DirectionsError> {
    dirs::check_box(d, r, n)?;
    let classes: Vec<Class> = classes_in_box(d, r, n);
    let mut out = Vec::with_capacity(classes.len());
    for (i, (form, members)) in classes.into_iter().enumerate() {
        out.push(ClassFacts {
            number: i + 1,
            symmetries: symmetries(&form)?.len(),
            members: members.len(),
            example: members.into_iter().next().unwrap_or_default(),
            normal_form: form,
        });
    }
    Ok(Directions::Box(BoxFacts {
        dims: d,
        box_: r,
        n,
        classes: out,
    }))
}

/// Why `amoba directions` cannot answer.
#[derive(Debug, thiserror::Error)]
pub enum DirectionsError {
    /// The symmetries of a set cannot be computed.
    #[error(transparent)]
    Group(#[from] GroupError),
    /// The box is out of bounds.
    #[error(transparent)]
    Box(#[from] dirs::BoxError),
}

impl Directions {
    /// The document of this answer, of a run of `command`.
    pub fn document(&self, command: &str) -> Document<'_> {
        Document {
            provenance: Provenance::new("directions", command, None).stamped(&DIRECTIONS),
            answer: self,
        }
    }

    /// The text `amoba directions` prints.
    pub fn text(&self) -> String {
        let mut s = String::new();
        match self {
            Directions::Box(b) => {
                let (r, d, n) = (b.box_, b.dims, b.n);
                let _ = writeln!(
                    s,
                    "{} of {n} primitive directions in {{−{r}, …, {r}}}^{d} up to GL({d}, Z):",
                    counted(b.classes.len() as u64, "class", "classes"),
                );
                for c in &b.classes {
                    let _ = writeln!(
                        s,
                        "{:>3}. normal form {}; {}, e.g. {}; {}",
                        c.number,
                        set(&c.normal_form),
                        counted(c.members as u64, "set", "sets"),
                        set(&c.example),
                        counted(c.symmetries as u64, "symmetry", "symmetries")
                    );
                }
            }
            Directions::Set(f) => {
                let d = f.directions.first().map_or(0, Vec::len);
                let line = |row: &[i64], sep: &str| {
                    row.iter().map(i64::to_string).collect::<Vec<_>>().join(sep)
                };
                let _ = writeln!(s, "directions   {}", set(&f.directions));
                let _ = writeln!(s, "normal form  {}", set(&f.normal_form));
                let matrix: Vec<String> = f.matrix.iter().map(|r| line(r, " ")).collect();
                let _ = writeln!(
                    s,
                    "matrix       [{}] (maps the directions, up to sign, onto the normal form)",
                    matrix.join("; ")
                );
                let _ = writeln!(
                    s,
                    "symmetries   {} of GL({d}, Z), in the text form of --symmetry (rows):",
                    counted(f.symmetries.len() as u64, "matrix", "matrices")
                );
                for m in &f.symmetries {
                    let rows: Vec<String> = m.iter().map(|r| line(r, ",")).collect();
                    let _ = writeln!(s, "             {}", rows.join(" "));
                }
                if let Some(c) = &f.class {
                    let (r, n) = (c.box_, f.directions.len());
                    let classes = counted(c.classes as u64, "class", "classes");
                    let _ = match (c.number, c.members) {
                        (Some(i), Some(m)) => writeln!(
                            s,
                            "class        {i} of the {classes} of {n} directions in \
                             {{−{r}, …, {r}}}^{d} ({} of the box)",
                            counted(m as u64, "set", "sets")
                        ),
                        _ => writeln!(
                            s,
                            "class        none of the {classes} of {n} directions in \
                             {{−{r}, …, {r}}}^{d}: no set of the box is equivalent"
                        ),
                    };
                }
            }
        }
        s
    }
}
