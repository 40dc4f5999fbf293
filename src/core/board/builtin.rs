//! Board files (FORMATS.md, *Board files*) and the built-in boards, which are the
//! board files of `data/boards/` compiled into the program.
//!
//! A board file is TOML: a name, a lattice (`torus = [8, 8]` for a rectangular torus,
//! or `lattice = [[8, 8], [8, -8]]`, any basis), the directions, and optionally `k`,
//! a point group, the board it refines, whether a catalogue is within reach, and the
//! published figures. Every error names the file and the key, and says what was
//! expected.

use super::group::Matrix;
use super::lattice::{Lattice, vector_text};
use super::{Board, BoardDef, BoardError, Info, Published};
use serde::Deserialize;
use sha2::Digest as _;
use std::path::Path;

/// Names of the built-in boards, in the order `--help` lists them.
pub const NAMES: [&str; 7] = [
    "square9",
    "square9-16",
    "hex7",
    "hex7full",
    "square5",
    "line3",
    "cube7",
];

/// The text of a built-in board file.
fn text(name: &str) -> Option<&'static str> {
    Some(match name {
        "square9" => include_str!("../../../data/boards/square9.toml"),
        "square9-16" => include_str!("../../../data/boards/square9-16.toml"),
        "hex7" => include_str!("../../../data/boards/hex7.toml"),
        "hex7full" => include_str!("../../../data/boards/hex7full.toml"),
        "square5" => include_str!("../../../data/boards/square5.toml"),
        "line3" => include_str!("../../../data/boards/line3.toml"),
        "cube7" => include_str!("../../../data/boards/cube7.toml"),
        _ => return None,
    })
}

/// A built-in board by name.
pub fn board(name: &str) -> Result<Board, BoardError> {
    let text = text(name).ok_or_else(|| {
        BoardError::Unknown(format!(
            "unknown board {name:?}; expected one of {}, or a board file (a path ending in .toml)",
            NAMES.join(", ")
        ))
    })?;
    parse(text, &format!("data/boards/{name}.toml"))
}

/// The built-in board that refines `board` (whose `refines` names it: the 16-toroidal
/// board of 9-in-a-row refines square9), if there is one.
pub fn finer(board: &Board) -> Option<Board> {
    NAMES
        .iter()
        .filter_map(|name| Board::by_name(name).ok())
        .find(|b| b.info().refines.as_deref() == Some(board.name()))
}

/// A board from a board file.
pub fn from_file(path: &Path) -> Result<Board, BoardError> {
    let bytes = std::fs::read(path)
        .map_err(|e| BoardError::File(format!("{}: cannot read: {e}", path.display())))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        BoardError::File(format!(
            "{}: expected UTF-8 text (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })?;
    parse(&text, &path.display().to_string())
}

/// Vectors as typed on the command line: `"1,0 0,1"` (coordinates separated by commas,
/// vectors by spaces). Errors name `flag`.
pub fn parse_vectors(flag: &str, text: &str) -> Result<Vec<Vec<i64>>, BoardError> {
    text.split_whitespace()
        .map(|v| {
            v.split(',')
                .map(|x| x.trim().parse::<i64>())
                .collect::<Result<Vec<i64>, _>>()
                .map_err(|_| BoardError::Vectors {
                    flag: flag.into(),
                    found: v.into(),
                })
        })
        .collect()
}

/// An inline board: `directions` like `"1,0 0,1 1,2 2,1"` and `lattice` like
/// `"8,0 0,8"` (basis vectors separated by spaces, coordinates by commas); `k = 2n + 1`
/// and the point group is computed. The board is named `inline-` and eight hex digits
/// of a hash of its directions and its lattice in Hermite normal form, so one board
/// typed with another basis writes the same files. Errors name the flag and what was
/// expected.
pub fn inline(directions: &str, lattice: &str) -> Result<Board, BoardError> {
    let dirs = parse_vectors("--directions", directions)?;
    let basis = parse_vectors("--lattice", lattice)?;
    let list = |vs: &[Vec<i64>]| {
        vs.iter()
            .map(|v| {
                format!(
                    "[{}]",
                    v.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    // The tag names the board, not how its lattice was typed: the directions as given
    // (their order and signs fix the codes) and the lattice in Hermite normal form
    // (which fixes the cells). A lattice that does not parse is reported by `parse`.
    let hnf = Lattice::new(&basis).ok();
    let digest = sha2::Sha256::digest(
        format!(
            "{}|{}",
            list(&dirs),
            hnf.as_ref()
                .map_or_else(|| list(&basis), |l| list(l.basis()))
        )
        .as_bytes(),
    );
    let tag: String = digest[..4].iter().map(|b| format!("{b:02x}")).collect();
    let text = format!(
        "name = \"inline-{tag}\"\ndescription = \"directions {} on the lattice {}\"\n\
         lattice = [{}]\ndirections = [{}]\n",
        dirs.iter()
            .map(|v| vector_text(v))
            .collect::<Vec<_>>()
            .join(" "),
        hnf.as_ref().map_or_else(|| list(&basis), |l| l.to_string()),
        list(&basis),
        list(&dirs)
    );
    parse(&text, "--directions/--lattice")
}

/// The keys of a board file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    name: String,
    tag: Option<String>,
    description: Option<String>,
    dimension: Option<usize>,
    torus: Option<Vec<i64>>,
    lattice: Option<Vec<Vec<i64>>>,
    directions: Vec<Vec<i64>>,
    k: Option<usize>,
    point_group: Option<Vec<Matrix>>,
    catalogue: Option<bool>,
    refines: Option<String>,
    published: Option<Published>,
}

/// Parses board-file text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Board, BoardError> {
    let f: File = toml::from_str(text).map_err(|e| {
        let place = e
            .span()
            .map(|s| {
                let before = &text[..s.start.min(text.len())];
                let line = before.matches('\n').count() + 1;
                let column = before.len() - before.rfind('\n').map_or(0, |p| p + 1) + 1;
                format!(":{line}:{column}")
            })
            .unwrap_or_default();
        BoardError::File(format!("{file}{place}: {}", e.message()))
    })?;
    let key_err = |key: &str, e: &dyn std::fmt::Display| {
        BoardError::File(format!("{file}: key `{key}`: {e}"))
    };
    if f.name.is_empty() || f.name.contains(|c: char| c.is_whitespace() || c == '/') {
        return Err(key_err(
            "name",
            &format!(
                "expected a name without spaces or slashes, found {:?}",
                f.name
            ),
        ));
    }
    let (key, lattice) = match (&f.torus, &f.lattice) {
        (Some(sides), None) => {
            if sides.iter().any(|&s| s < 1) {
                return Err(key_err("torus", &"expected positive sides"));
            }
            let sides: Vec<usize> = sides.iter().map(|&s| s as usize).collect();
            ("torus", Lattice::rectangular(&sides))
        }
        (None, Some(basis)) => ("lattice", Lattice::new(basis)),
        _ => {
            return Err(BoardError::File(format!(
                "{file}: expected exactly one of the keys `torus` (the sides of a \
                 rectangular torus) and `lattice` (a basis of the period lattice)"
            )));
        }
    };
    let lattice = lattice.map_err(|e| key_err(key, &e))?;
    if let Some(d) = f.dimension
        && d != lattice.dim()
    {
        return Err(key_err(
            "dimension",
            &format!("is {d}, but `{key}` has dimension {}", lattice.dim()),
        ));
    }
    let n = f.directions.len();
    let k = f.k.unwrap_or(2 * n + 1);
    if k != 2 * n + 1 {
        return Err(key_err(
            "k",
            &format!(
                "is {k}, but a tight pairing of {n} directions has k = 2n + 1 = {}: with \
                 spacing p = k − 1 the dominoes would cover 2n/p of the cells, not all of \
                 them (amoba searches tight pairings, docs/spec.md §9)",
                2 * n + 1
            ),
        ));
    }
    let coarser = match &f.refines {
        None => None,
        Some(name) => {
            let parent = board(name).map_err(|e| key_err("refines", &e))?;
            let coarse = parent.lattice().clone();
            if !lattice.basis().iter().all(|b| coarse.contains(b)) || coarse == lattice {
                return Err(key_err(
                    "refines",
                    &format!(
                        "the lattice of {name}, {coarse}, must strictly contain this board's, \
                         {lattice}"
                    ),
                ));
            }
            // The same game on a finer lattice: the same directions, in the same code
            // order, and the same k (the census of the coarser board carries over).
            if parent.directions() != &f.directions[..] || parent.k() != k {
                let list = |v: &[Vec<i64>]| {
                    v.iter()
                        .map(|d| crate::core::board::lattice::vector_text(d))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                return Err(key_err(
                    "refines",
                    &format!(
                        "{name} has the directions \"{}\" and k = {}, expected this board's, \
                         \"{}\" and k = {k}, in the same order: a board refines a board of \
                         the same game",
                        list(parent.directions()),
                        parent.k(),
                        list(&f.directions)
                    ),
                ));
            }
            Some(coarse)
        }
    };
    let def = BoardDef {
        info: Info {
            tag: f.tag.clone().unwrap_or_else(|| f.name.clone()),
            name: f.name,
            description: f.description.unwrap_or_default(),
            published: f.published.unwrap_or_default(),
            catalogue: f.catalogue,
            refines: f.refines,
        },
        lattice,
        directions: f.directions,
        spacing: k - 1,
        point_group: f.point_group,
        coarser,
    };
    Board::from_def(def).map_err(|e| {
        let key = match &e {
            BoardError::Group(_) => "point_group",
            BoardError::Lattice(_) => key,
            _ => "directions",
        };
        key_err(key, &e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The errors of a board by name or inline carry no cause of their own: printed
    /// with their causes (`amoba: error: {e:#}`), each reason appears once.
    #[test]
    fn board_errors_are_named_once() {
        use std::error::Error as _;
        let errors = [
            Board::by_name("nope").unwrap_err(),
            Board::by_name("/nonexistent/x.toml").unwrap_err(),
            inline("1,0 0,x", "8,0 0,8").unwrap_err(),
            inline("1,0 0,1", "8,0 0,0").unwrap_err(),
            inline("2,0 0,1", "8,0 0,8").unwrap_err(),
            inline("1,0 0,1 1,1 1,-1", "6,0 0,6").unwrap_err(),
        ];
        for e in errors {
            assert!(e.source().is_none(), "{e}");
        }
    }

    #[test]
    fn a_board_refines_a_board_of_the_same_game() {
        let e = parse(
            "name = \"x\"\nlattice = [[4, 4], [4, -4]]\ndirections = [[1, 1], [-1, 1]]\n\
             refines = \"square5\"\n",
            "x.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("x.toml: key `refines`") && e.contains("the same game"),
            "{e}"
        );
    }

    #[test]
    fn every_built_in_board_parses() {
        for name in NAMES {
            let b = board(name).unwrap();
            assert_eq!(b.name(), name);
        }
    }

    #[test]
    fn errors_name_the_file_and_the_key() {
        let e = parse(
            "name = \"x\"\ntorus = [8, 8]\ndirections = [[1, 0], [0, 2]]\n",
            "x.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("x.toml: key `directions`:"), "{e}");
        let e = parse(
            "name = \"x\"\nlattice = [[1, 2], [2, 4]]\ndirections = [[1, 0]]\n",
            "x.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("key `lattice`") && e.contains("degenerate"),
            "{e}"
        );
        let e = parse(
            "name = \"x\"\ntorus = [8, 8]\ndirection = [[1, 0]]\n",
            "x.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("x.toml:3:1:") && e.contains("direction"),
            "{e}"
        );
        let e = parse(
            "name = \"x\"\ntorus = [8, 8]\ndirections = [[1, 0], [0, 1], [1, 1], [1, -1]]\nk = 11\n",
            "x.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("key `k`"), "{e}");
    }
}
