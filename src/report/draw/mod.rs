//! Pictures of pairings: ASCII and SVG (`amoba show`; docs/spec.md §2, §3).
//!
//! A pairing is drawn as its dominoes: a bar between the centres of the two cells of
//! each pair, coloured by orientation (horizontal, vertical, diagonal, antidiagonal —
//! one colour per line family, docs/spec.md §2), over the cells of a *view*:
//!
//! * **the torus** (the default): the `w × h` cells of the board, `(0,0)` at the top
//!   left, x to the right, y down (docs/spec.md §2). A domino that wraps around the torus,
//!   such as `(7,3)-(0,3)`, is drawn as two half-bars, each leaving its cell towards
//!   the frame: the bar cut by the right edge continues at the left edge;
//! * **a window** of `N × N` cells of the periodic extension to the plane, cells
//!   `(X, Y)` with `0 ≤ X, Y < N`, cell `(X, Y)` carrying the code of
//!   `(X mod w, Y mod h)`. Pairs with one cell outside the window are drawn as half
//!   bars leaving the window.
//!
//! Both views are the same computation: a view is a rectangle of the plane, and for
//! each of its cells with code `k` a bar goes from the cell towards `v(k)`. When the
//! partner is inside the view the two halves make one full bar (drawn once, from the
//! cell whose code is `+v_f`); otherwise the half-bar stops at the edge. The torus is
//! the `w × h` window, so its cut bars are exactly the wrap-around dominoes.
//!
//! ASCII: cell `(X, Y)` is the character `o` at row `2Y + 1`, column `2X + 1` of a
//! character grid; the bar of a pair whose cells differ by `v = (dx, dy)` is the
//! character at row `2Y + 1 + dy`, column `2X + 1 + dx`: `-` horizontal, `|`
//! vertical, `\` diagonal (SE–NW), `/` antidiagonal (SW–NE), `X` where a diagonal and
//! an antidiagonal domino cross. The outermost rows and columns of the grid hold
//! only the halves of cut bars.
//!
//! **Three dimensions** (cube7): the view is drawn once per z-layer, the layers side
//! by side from `z = 0` (ASCII: [`LAYER_GAP`] columns apart under a ` z=…` header
//! line; SVG: one cell apart, each labelled `z=…`). Dominoes along x and y are bars
//! within their layer, exactly as on the plane; a domino along z joins two layers, so
//! both of its cells carry a marker instead of a bar: `^` (SVG: an orange disc `+z`)
//! when the partner is in the next layer, `v` (`−z`) when it is in the previous one,
//! the layer after the last being the first. A window repeats each layer in x and y;
//! z always stays on the torus.
//!
//! **Hexagonal boards** (hex7: the directions `(1,0)`, `(0,1)` and `(1,1)`): the SVG
//! draws the same cells and bars on the hexagonal grid, each row shifted half a cell
//! against the one above and the rows `√3/2` apart ([`hex_shear`]), so that the three
//! directions are equally long and 60° apart; the frame is a parallelogram. Which
//! boards are hexagonal is read from their directions. Every other board keeps the
//! square grid, drawn exactly as before. The ASCII picture is square on every board.
//!
//! Only consistent pairings (docs/spec.md §3) are drawn: an inconsistent grid has no
//! dominoes. Goodness is not required, so a bad candidate can be looked at too.
//! Output is deterministic (fixed order, fixed number formatting).
//!
//! # Files
//!
//! This file holds the views, the errors and the scene both pictures are drawn from;
//! `ascii.rs` draws the character picture, `svg.rs` the SVG ones (plain, with notes,
//! with highlighted dominoes, with flagged cells).

mod ascii;
mod svg;

pub use ascii::ascii;
pub use svg::{colour, hex_shear, svg, svg_flagged, svg_marked, svg_with_notes};

use crate::check::pairing::{Geometry, analyse};
use std::fmt::Write;

/// Largest window side accepted.
pub const MAX_WINDOW: usize = 512;

/// What part of the plane to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The board itself, with wrap-around dominoes as half bars at the edges.
    Torus,
    /// An `N × N` window of the periodic plane (`N × 1` on a 1-D board; on a 3-D
    /// board an `N × N` window of the periodic extension of each z-layer in x and y).
    Window(usize),
}

/// Why a pairing cannot be drawn.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DrawError {
    /// The codes are not a pairing of the board.
    #[error(
        "the pairing is not consistent ({cell} points to {partner}, which does not point \
         back): only a consistent pairing has dominoes to draw (amoba verify tells more)"
    )]
    Inconsistent {
        /// The first offending cell.
        cell: String,
        /// Its would-be partner.
        partner: String,
    },
    /// Wrong number of codes, or a code out of range.
    #[error("expected {expected} direction codes below {ncodes}")]
    Codes {
        /// Cells on the board.
        expected: usize,
        /// Codes of the board.
        ncodes: usize,
    },
    /// The window size is out of range.
    #[error("window size {0} is out of range: expected 1 to {MAX_WINDOW}")]
    Window(usize),
}

/// One bar: from cell `(x, y)` of layer `z` of the view along `v`, the whole way or
/// half of it.
#[derive(Clone, Copy, Debug)]
struct Bar {
    x: i64,
    y: i64,
    z: i64,
    dx: i64,
    dy: i64,
    family: usize,
    half: bool,
}

/// A cell of a 3-D board whose partner is in the next (`up`) or previous layer.
#[derive(Clone, Copy, Debug)]
struct Marker {
    x: i64,
    y: i64,
    z: i64,
    up: bool,
    family: usize,
}

/// The cells and bars of a view: `layers` layers (z-slices, 1 on a 1- or 2-D board)
/// of `cols × rows` cells.
struct Scene {
    cols: i64,
    rows: i64,
    layers: i64,
    bars: Vec<Bar>,
    markers: Vec<Marker>,
    /// Dominoes per family with a cell in the view, each counted once.
    count: Vec<usize>,
}

fn scene(geom: &Geometry, codes: &[u8], view: View) -> Result<Scene, DrawError> {
    let ncodes = geom.ncodes();
    if codes.len() != geom.ncells() || codes.iter().any(|&k| k as usize >= ncodes) {
        return Err(DrawError::Codes {
            expected: geom.ncells(),
            ncodes,
        });
    }
    let a = analyse(geom, codes);
    if let Some(i) = a.inconsistencies.first() {
        return Err(DrawError::Inconsistent {
            cell: i.cell.clone(),
            partner: i.partner.clone(),
        });
    }
    let (w, h) = (geom.width() as i64, geom.height() as i64);
    let layers = geom.depth() as i64;
    let (cols, rows) = match view {
        View::Torus => (w, h),
        View::Window(n) if n == 0 || n > MAX_WINDOW => return Err(DrawError::Window(n)),
        View::Window(n) if geom.dimension() == 1 => (n as i64, 1),
        View::Window(n) => (n as i64, n as i64),
    };
    let nf = geom.nfamilies();
    let mut bars = Vec::new();
    let mut markers = Vec::new();
    let mut count = vec![0usize; nf];
    for z in 0..layers {
        for y in 0..rows {
            for x in 0..cols {
                let k = codes[((z * h + y.rem_euclid(h)) * w + x.rem_euclid(w)) as usize] as usize;
                let [dx, dy, dz] = geom.vector3(k);
                let family = k % nf;
                if dz != 0 {
                    // Across layers (3-D torus only): a marker on each cell.
                    if k < nf {
                        count[family] += 1;
                    }
                    markers.push(Marker {
                        x,
                        y,
                        z,
                        up: dz > 0,
                        family,
                    });
                    continue;
                }
                let (px, py) = (x + dx, y + dy);
                let inside = px >= 0 && py >= 0 && px < cols && py < rows;
                if inside && k >= nf {
                    continue; // the full bar is drawn from the partner
                }
                // Each pair once: on the torus a cut pair has both halves in view.
                if inside || k < nf || view != View::Torus {
                    count[family] += 1;
                }
                bars.push(Bar {
                    x,
                    y,
                    z,
                    dx,
                    dy,
                    family,
                    half: !inside,
                });
            }
        }
    }
    Ok(Scene {
        cols,
        rows,
        layers,
        bars,
        markers,
        count,
    })
}

/// Columns between two layers of a 3-D board in the ASCII picture.
pub const LAYER_GAP: i64 = 3;

pub(super) fn view_note(geom: &Geometry, view: View) -> String {
    match view {
        View::Torus if geom.dimension() == 3 => format!(
            "the {}×{}×{} torus as its {} z-layers side by side, z = 0 first: a bar cut by \
             an edge continues at the opposite edge of its layer; after the last layer \
             comes the first",
            geom.width(),
            geom.height(),
            geom.depth(),
            geom.depth()
        ),
        View::Torus => format!(
            "the {}×{} torus: a bar cut by an edge continues at the opposite edge",
            geom.width(),
            geom.height()
        ),
        View::Window(n) if geom.dimension() == 1 => {
            format!("{n} cells of the periodic line: a cut bar continues outside")
        }
        View::Window(n) if geom.dimension() == 3 => format!(
            "a {n}×{n} window of the periodic extension of each of the {} z-layers, side \
             by side, z = 0 first: a bar cut by the frame continues outside; after the last \
             layer comes the first; counts are of dominoes meeting the window",
            geom.depth()
        ),
        View::Window(n) => format!(
            "a {n}×{n} window of the periodic plane: a bar cut by the frame continues \
             outside; counts are of dominoes meeting the window"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;

    const FIRST: &str = "0411111504155555041522220435666627333304677773044222733046667710";

    fn codes() -> Vec<u8> {
        FIRST.bytes().map(|b| b - b'0').collect()
    }

    #[test]
    fn torus_ascii_shows_wrapping_dominoes_at_both_edges() {
        let g = Geometry::new(&Board::square9()).unwrap();
        let a = ascii(&g, &codes(), View::Torus, "").unwrap();
        let lines: Vec<&str> = a.lines().collect();
        // Row y=0 is "04111115": (7,0) has code 5 (NW) → (6,7): a half bar at the top
        // edge of the grid at column 2·7+1−1 = 14, and one at the bottom edge.
        assert_eq!(lines[1], " o-o o o o o o o");
        assert_eq!(lines[0].chars().nth(14), Some('\\'));
        assert_eq!(lines[16].chars().nth(14), Some('\\'));
        assert!(a.contains("legend: o cell, - horizontal (8)"));
    }

    #[test]
    fn cube_layers_side_by_side() {
        let g = Geometry::new(&Board::cube7()).unwrap();
        let text = include_str!("../../../data/cube7/good.txt");
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        let c: Vec<u8> = line.bytes().map(|b| b - b'0').collect();
        let a = ascii(&g, &c, View::Torus, "").unwrap();
        let lines: Vec<&str> = a.lines().collect();
        assert!(lines[0].starts_with(" z=0             z=1"));
        // Cell (x, y, z) is at row 2y + 2 (after the header), column 16z + 2x + 1.
        for (i, &k) in c.iter().enumerate() {
            let (x, y, z) = (i % 6, (i / 6) % 6, i / 36);
            let ch = lines[2 * y + 2].chars().nth(16 * z + 2 * x + 1);
            let want = match k {
                2 => '^',
                5 => 'v',
                _ => 'o',
            };
            assert_eq!(ch, Some(want), "cell ({x},{y},{z})");
        }
        // A window repeats each layer periodically in x and y.
        let w = ascii(&g, &c, View::Window(12), "").unwrap();
        let rows: Vec<&str> = w.lines().collect();
        assert!(rows[0].starts_with(" z=0                         z=1"));
        assert_eq!(&rows[2][..11], &lines[2][..11]);
        assert_eq!(&rows[2][12..23], &lines[2][..11]);
        assert!(w.contains("12×12 window of the periodic extension of each of the 6 z-layers"));
    }

    #[test]
    fn hexagonal_boards_are_drawn_sheared_and_square_ones_are_not() {
        let hex = Geometry::new(&Board::by_name("hex7").unwrap()).unwrap();
        assert_eq!(hex_shear(&hex), Some(-0.5));
        for name in ["square9", "square5", "square9-16", "line3", "cube7"] {
            let g = Geometry::new(&Board::by_name(name).unwrap()).unwrap();
            assert_eq!(hex_shear(&g), None, "{name}");
        }
        // All horizontal dominoes: a consistent hex7 pairing.
        let codes: Vec<u8> = "030303".repeat(6).bytes().map(|b| b - b'0').collect();
        let pic = svg(&hex, &codes, View::Torus, "hex").unwrap();
        assert!(pic.contains("<polygon points=") && pic.contains("hexagonal grid"));
        // A square board keeps its square grid.
        let sq = Geometry::new(&Board::square9()).unwrap();
        let flat = svg(&sq, &super::tests::codes(), View::Torus, "sq").unwrap();
        assert!(!flat.contains("<polygon") && !flat.contains("hexagonal"));
    }

    #[test]
    fn inconsistent_pairings_are_refused() {
        let g = Geometry::new(&Board::square9()).unwrap();
        let mut c = codes();
        c[2] = 2;
        assert!(matches!(
            svg(&g, &c, View::Torus, "x"),
            Err(DrawError::Inconsistent { .. })
        ));
        assert_eq!(
            ascii(&g, &codes(), View::Window(0), ""),
            Err(DrawError::Window(0))
        );
    }
}
