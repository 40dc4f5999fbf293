//! Pictures of periodic t-placements (docs/spec.md §10): an `n × n` window of the
//! plane, cells `0 ≤ x, y < n` with `y` growing downwards, as the pairing pictures.
//!
//! In the SVG, part `a` of every cookie is grey and part `b` white, as in the
//! dissertation's figures; a heavy line separates cells of different cookies (copies
//! of the same listed cookie under different lattice vectors are different cookies),
//! and a line joins the centres of diagonal neighbours in one cookie.
//! In the text picture each cell is a letter naming its listed cookie (`A`, `B`, …
//! in file order, wrapping after `Z`), upper case in part `a`, lower case in part `b`.

use crate::check::placement::{Part, Placement, Tiling};
use std::fmt::Write;

/// Side of a cell in the SVG, in pixels.
const CELL: usize = 18;

fn letter(i: usize, part: Part) -> char {
    let c = (b'A' + (i % 26) as u8) as char;
    if part == Part::A {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// The side of the window drawn when none is asked for: twice the period of the
/// lattice (at least 4), at most 48 cells.
pub fn default_window(tiling: &Tiling) -> usize {
    (2 * tiling.hnf().period().max(4)).min(48)
}

/// The text picture: `n` rows of `n` letters.
pub fn ascii(tiling: &Tiling, n: usize) -> String {
    let mut s = String::new();
    for y in 0..n as i64 {
        let row: String = (0..n as i64)
            .map(|x| {
                let (i, _, part) = tiling.copy([x, y]);
                letter(i, part)
            })
            .collect();
        s.push_str(&row);
        s.push('\n');
    }
    s
}

/// The SVG picture, titled with the lattice.
pub fn svg(placement: &Placement, tiling: &Tiling, n: usize) -> String {
    let side = n * CELL;
    let [[x1, y1], [x2, y2]] = placement.lattice;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{w}\" \
         viewBox=\"-2 -2 {w} {w}\">",
        w = side + 4
    );
    let _ = writeln!(
        s,
        "<title>placement of {} cookies, lattice {x1},{y1} {x2},{y2}</title>",
        placement.cookies.len()
    );
    let _ = writeln!(s, "<g stroke=\"#bbbbbb\" stroke-width=\"0.5\">");
    for y in 0..n {
        for x in 0..n {
            let (_, _, part) = tiling.copy([x as i64, y as i64]);
            let fill = if part == Part::A {
                "#9a9a9a"
            } else {
                "#ffffff"
            };
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>",
                x * CELL,
                y * CELL
            );
        }
    }
    let _ = writeln!(s, "</g>");
    // Heavy edges: between horizontally or vertically adjacent cells of different
    // cookies, and around the window.
    let _ = writeln!(
        s,
        "<g stroke=\"#000000\" stroke-width=\"2.5\" stroke-linecap=\"square\">"
    );
    let cookie = |x: usize, y: usize| {
        let (i, l, _) = tiling.copy([x as i64, y as i64]);
        (i, l)
    };
    for y in 0..n {
        for x in 0..n {
            if x + 1 < n && cookie(x, y) != cookie(x + 1, y) {
                let px = (x + 1) * CELL;
                let _ = writeln!(
                    s,
                    "<line x1=\"{px}\" y1=\"{}\" x2=\"{px}\" y2=\"{}\"/>",
                    y * CELL,
                    (y + 1) * CELL
                );
            }
            if y + 1 < n && cookie(x, y) != cookie(x, y + 1) {
                let py = (y + 1) * CELL;
                let _ = writeln!(
                    s,
                    "<line x1=\"{}\" y1=\"{py}\" x2=\"{}\" y2=\"{py}\"/>",
                    x * CELL,
                    (x + 1) * CELL
                );
            }
        }
    }
    let _ = writeln!(
        s,
        "<rect x=\"0\" y=\"0\" width=\"{side}\" height=\"{side}\" fill=\"none\"/>"
    );
    let _ = writeln!(s, "</g>");
    // Diagonal neighbours in one cookie: a line joining their centres.
    let _ = writeln!(s, "<g stroke=\"#000000\" stroke-width=\"2\">");
    let centre = |v: usize| v * CELL + CELL / 2;
    for y in 0..n {
        for x in 0..n.saturating_sub(1) {
            for y2 in [y.wrapping_sub(1), y + 1] {
                if y2 < n && cookie(x, y) == cookie(x + 1, y2) {
                    let _ = writeln!(
                        s,
                        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                        centre(x),
                        centre(y),
                        centre(x + 1),
                        centre(y2)
                    );
                }
            }
        }
    }
    let _ = writeln!(s, "</g>");
    s.push_str("</svg>\n");
    s
}
