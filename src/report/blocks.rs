//! Pictures of a 16-toroidal pairing as its two 8×8 blocks C and W (docs/spec.md §8;
//! `amoba show --board square9-16`).
//!
//! The view is the 16×16 window of the plane whose top-left cell is the reported
//! offset `(ox, oy)` of [`crate::pairing::catalogue::blocks`] (the least good offset; `(0, 0)`
//! when no offset is good, which the picture then says). The window holds four
//! blocks of the grid: C at the top left and bottom right, W at the top right and
//! bottom left. Each block is outlined and tinted by its kind, and the dominoes on
//! which C and W differ are highlighted: they are exactly the dominoes of the plane
//! that are not invariant under translation by `(8, 0)`, i.e. the dominoes of the
//! diagonal alternating cycles.
//!
//! Dominoes are drawn as in [`crate::report::draw`]: a bar between the centres of the
//! two cells, coloured by orientation (red horizontal, blue vertical, green diagonal,
//! purple antidiagonal); a domino with one cell outside the window is a half bar
//! leaving it. ASCII: cell `(X, Y)` of the window is at row `2Y + 1`, column `2X + 1`,
//! written `c` in a block C and `w` in a block W, in capitals (`C`, `W`) on a
//! highlighted domino; bars are `-`, `|`, `\`, `/`, and `X` where a diagonal and an
//! antidiagonal cross.
//!
//! Only consistent pairings are drawn (an inconsistent grid has no dominoes). The
//! output is deterministic.

use crate::pairing::catalogue::blocks::{Blocks, CELLS, DIRS, SIDE, analyse, cell_of, plane_code};
use crate::report::draw::DrawError;
use std::fmt::Write;

/// Side of the window drawn.
const WINDOW: i64 = 2 * SIDE as i64;

/// Bar colours by family (E, SE, S, SW), as in [`crate::report::draw`].
const COLOURS: [&str; 4] = ["#d62728", "#2ca02c", "#1f77b4", "#9467bd"];
/// Family names.
const NAMES: [&str; 4] = [
    "horizontal (W–E)",
    "diagonal (NW–SE)",
    "vertical (N–S)",
    "antidiagonal (NE–SW)",
];

/// The catalogue IDs of the blocks, when the caller knows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockIds {
    /// ID (docs/spec.md §4) of block C.
    pub c: Option<usize>,
    /// ID of block W.
    pub w: Option<usize>,
}

/// Everything both pictures show.
struct Scene {
    blocks: Blocks,
    ox: i64,
    oy: i64,
    /// Bars: from window cell (x, y) along code k, full or half.
    bars: Vec<(i64, i64, u8, bool)>,
    /// Window cells on a domino where C and W differ.
    differ: Vec<bool>,
    /// Dominoes per family meeting the window.
    count: [usize; 4],
}

fn scene(codes: &[u8]) -> Result<Scene, DrawError> {
    if codes.len() != CELLS || codes.iter().any(|&k| k > 7) {
        return Err(DrawError::Codes {
            expected: CELLS,
            ncodes: 8,
        });
    }
    for (i, &k) in codes.iter().enumerate() {
        let (x, y) = ((i % 16) as i64, (i / 16) as i64);
        let (dx, dy) = DIRS[k as usize];
        if codes[cell_of(x + dx, y + dy)] != (k + 4) & 7 {
            return Err(DrawError::Inconsistent {
                cell: format!("({x},{y})"),
                partner: format!("({},{})", x + dx, y + dy),
            });
        }
    }
    let blocks = analyse(codes).map_err(|_| DrawError::Codes {
        expected: CELLS,
        ncodes: 8,
    })?;
    let (ox, oy) = blocks
        .reported
        .as_ref()
        .map_or((0, 0), |r| (r.ox as i64, r.oy as i64));
    let mut bars = Vec::new();
    let mut differ = vec![false; (WINDOW * WINDOW) as usize];
    let mut count = [0usize; 4];
    for y in 0..WINDOW {
        for x in 0..WINDOW {
            let (px, py) = (ox + x, oy + y);
            let k = plane_code(codes, px, py);
            differ[(WINDOW * y + x) as usize] = k != plane_code(codes, px + WINDOW / 2, py);
            let (dx, dy) = DIRS[k as usize];
            let inside = (0..WINDOW).contains(&(x + dx)) && (0..WINDOW).contains(&(y + dy));
            if !inside {
                bars.push((x, y, k, true));
                count[k as usize % 4] += 1;
            } else if k < 4 {
                bars.push((x, y, k, false));
                count[k as usize] += 1;
            }
        }
    }
    Ok(Scene {
        blocks,
        ox,
        oy,
        bars,
        differ,
        count,
    })
}

/// Block C (true) or W at window cell `(x, y)`.
fn is_c(x: i64, y: i64) -> bool {
    (x / SIDE as i64 + y / SIDE as i64) % 2 == 0
}

/// One line on the offsets, the blocks and the cycles.
fn summary(sc: &Scene, ids: BlockIds) -> String {
    let id = |v: Option<usize>| v.map_or("not in the catalogue".into(), |v| format!("ID {v}"));
    match &sc.blocks.reported {
        Some(r) => {
            let lengths: Vec<String> = r.cycle_lengths().iter().map(|l| l.to_string()).collect();
            format!(
                "blocks at offset ({}, {}), the least of {} good offsets of 64: C {}, W {}; \
                 {} diagonal alternating cycle{} (lengths in dominoes: {})",
                sc.ox,
                sc.oy,
                sc.blocks.good_offsets(),
                id(ids.c),
                id(ids.w),
                r.cycles.len(),
                if r.cycles.len() == 1 { "" } else { "s" },
                if lengths.is_empty() {
                    "none".into()
                } else {
                    lengths.join(", ")
                }
            )
        }
        None => "no offset of the block grid makes both blocks good 8-toroidal pairings; the \
                 window starts at (0, 0)"
            .into(),
    }
}

/// The ASCII picture (module docs) with `caption` on top and a legend below.
///
/// *Errors*: [`DrawError::Codes`] unless `codes` are 128 codes `0..8`;
/// [`DrawError::Inconsistent`] for a grid that is not a domino pairing.
pub fn ascii(codes: &[u8], ids: BlockIds, caption: &str) -> Result<String, DrawError> {
    let sc = scene(codes)?;
    let g = (2 * WINDOW + 1) as usize;
    let mut grid = vec![vec![' '; g]; g];
    for y in 0..WINDOW {
        for x in 0..WINDOW {
            let ch = match (is_c(x, y), sc.differ[(WINDOW * y + x) as usize]) {
                (true, false) => 'c',
                (true, true) => 'C',
                (false, false) => 'w',
                (false, true) => 'W',
            };
            grid[(2 * y + 1) as usize][(2 * x + 1) as usize] = ch;
        }
    }
    for &(x, y, k, _) in &sc.bars {
        let (dx, dy) = DIRS[k as usize];
        let ch = match (dx, dy) {
            (_, 0) => '-',
            (0, _) => '|',
            (1, 1) | (-1, -1) => '\\',
            _ => '/',
        };
        let cell = &mut grid[(2 * y + 1 + dy) as usize][(2 * x + 1 + dx) as usize];
        *cell = match (*cell, ch) {
            ('\\', '/') | ('/', '\\') | ('X', _) => 'X',
            _ => ch,
        };
    }
    let mut s = String::new();
    if !caption.is_empty() {
        let _ = writeln!(s, "{caption}");
    }
    for row in &grid {
        let line: String = row.iter().collect();
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let _ = writeln!(s, "{}", summary(&sc, ids));
    let _ = writeln!(
        s,
        "legend: c cell of a block C, w of a block W, capitals on a domino where C and W \
         differ; - horizontal ({}), \\ diagonal ({}), | vertical ({}), / antidiagonal ({})",
        sc.count[0], sc.count[1], sc.count[2], sc.count[3]
    );
    let _ = writeln!(
        s,
        "the 16×16 window of the plane from ({}, {}): C top left and bottom right, W top \
         right and bottom left; counts are of dominoes meeting the window",
        sc.ox, sc.oy
    );
    Ok(s)
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The SVG picture (module docs): title, codes, the window with its four outlined
/// blocks, highlighted differences and a legend.
///
/// *Errors*: as [`ascii`].
pub fn svg(codes: &[u8], ids: BlockIds, caption: &str) -> Result<String, DrawError> {
    let sc = scene(codes)?;
    let pitch = 36.0;
    let bar = pitch * 0.24;
    let dot = pitch * 0.08;
    let frame = WINDOW as f64 * pitch;
    let width = 900.0;
    let left = (width - frame) / 2.0;
    let text: String = codes.iter().map(|&k| (b'0' + k) as char).collect();
    let top = 24.0 + 20.0 + 2.0 * 14.0 + 30.0;
    let legend_h = 26.0 * 6.0 + 50.0;
    let height = top + frame + 30.0 + legend_h;
    let cx = |x: f64| left + (x + 0.5) * pitch;
    let cy = |y: f64| top + (y + 0.5) * pitch;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">"
    );
    let _ = writeln!(s, "<title>{}</title>", xml_escape(caption));
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"24\" font-size=\"15\" text-anchor=\"middle\">{}</text>",
        width / 2.0,
        xml_escape(caption)
    );
    for (i, half) in [&text[..64], &text[64..]].iter().enumerate() {
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{}\" font-size=\"11\" font-family=\"DejaVu Sans Mono, monospace\" \
             text-anchor=\"middle\" fill=\"#444\">{half}</text>",
            width / 2.0,
            44 + 14 * i
        );
    }
    // Tinted blocks, the faint cell grid, then the block outlines and their labels.
    let side = SIDE as f64 * pitch;
    for (bx, by) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let c = (bx + by) % 2 == 0;
        let _ = writeln!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{side:.1}\" height=\"{side:.1}\" fill=\"{}\" \
             class=\"block {}\"/>",
            left + bx as f64 * side,
            top + by as f64 * side,
            if c { "#e8f0fe" } else { "#fdf0e2" },
            if c { "C" } else { "W" }
        );
    }
    let _ = writeln!(s, "<g stroke=\"#d8d8d8\" stroke-width=\"1\">");
    for i in 1..WINDOW {
        let v = i as f64 * pitch;
        let _ = writeln!(
            s,
            "<line x1=\"{:.1}\" y1=\"{top:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>\
             <line x1=\"{left:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>",
            left + v,
            left + v,
            top + frame,
            top + v,
            left + frame,
            top + v
        );
    }
    let _ = writeln!(s, "</g>");
    let label = |c: bool| {
        let (name, id) = if c { ("C", ids.c) } else { ("W", ids.w) };
        match id {
            Some(id) => format!("{name} · ID {id}"),
            None => name.to_string(),
        }
    };
    for (bx, by) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let (x, y) = (left + bx as f64 * side, top + by as f64 * side);
        let _ = writeln!(
            s,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{side:.1}\" height=\"{side:.1}\" fill=\"none\" \
             stroke=\"#333\" stroke-width=\"2.5\"/>"
        );
        let ly = if by == 0 { y - 8.0 } else { y + side + 18.0 };
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{ly:.1}\" font-size=\"14\" text-anchor=\"middle\">{}</text>",
            x + side / 2.0,
            xml_escape(&label((bx + by) % 2 == 0))
        );
    }
    // Highlights under the bars of the dominoes where C and W differ.
    let _ = writeln!(
        s,
        "<g stroke=\"#ffc400\" stroke-width=\"{:.1}\" stroke-linecap=\"round\" class=\"differ\">",
        bar * 2.4
    );
    for &(x, y, k, half) in &sc.bars {
        if sc.differ[(WINDOW * y + x) as usize] {
            let (dx, dy) = DIRS[k as usize];
            let t = if half { 0.5 } else { 1.0 };
            let _ = writeln!(
                s,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>",
                cx(x as f64),
                cy(y as f64),
                cx(x as f64 + t * dx as f64),
                cy(y as f64 + t * dy as f64)
            );
        }
    }
    let _ = writeln!(s, "</g>");
    for (f, col) in COLOURS.iter().enumerate() {
        let _ = writeln!(
            s,
            "<g stroke=\"{col}\" stroke-width=\"{bar:.1}\" class=\"{}\">",
            NAMES[f]
        );
        for &(x, y, k, half) in sc.bars.iter().filter(|b| b.2 as usize % 4 == f) {
            let (dx, dy) = DIRS[k as usize];
            let t = if half { 0.5 } else { 1.0 };
            let _ = writeln!(
                s,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke-linecap=\"{}\"/>",
                cx(x as f64),
                cy(y as f64),
                cx(x as f64 + t * dx as f64),
                cy(y as f64 + t * dy as f64),
                if half { "butt" } else { "round" }
            );
        }
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "<g fill=\"#222\">");
    for y in 0..WINDOW {
        for x in 0..WINDOW {
            let _ = writeln!(
                s,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{dot:.1}\"/>",
                cx(x as f64),
                cy(y as f64)
            );
        }
    }
    let _ = writeln!(s, "</g>");
    // Legend.
    let lx = 24.0;
    let mut ly = top + frame + 30.0 + 12.0;
    for (f, col) in COLOURS.iter().enumerate() {
        let (dx, dy) = DIRS[f];
        let len = 18.0 / ((dx * dx + dy * dy) as f64).sqrt();
        let _ = writeln!(
            s,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{col}\" \
             stroke-width=\"6\" stroke-linecap=\"round\"/>",
            lx + 14.0 - dx as f64 * len / 2.0,
            ly - dy as f64 * len / 2.0,
            lx + 14.0 + dx as f64 * len / 2.0,
            ly + dy as f64 * len / 2.0
        );
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\">{}: {} dominoes meet the window</text>",
            lx + 40.0,
            ly + 4.5,
            NAMES[f],
            sc.count[f]
        );
        ly += 26.0;
    }
    let _ = writeln!(
        s,
        "<line x1=\"{:.1}\" y1=\"{ly:.1}\" x2=\"{:.1}\" y2=\"{ly:.1}\" stroke=\"#ffc400\" \
         stroke-width=\"14\" stroke-linecap=\"round\"/>",
        lx + 5.0,
        lx + 23.0
    );
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\">highlighted: the dominoes on which C \
         and W differ (not invariant under translation by (8, 0))</text>",
        lx + 40.0,
        ly + 4.5
    );
    ly += 26.0;
    let _ = writeln!(
        s,
        "<text x=\"{lx:.1}\" y=\"{:.1}\" font-size=\"12\" fill=\"#444\">{}</text>",
        ly + 4.5,
        xml_escape(&summary(&sc, ids))
    );
    let _ = writeln!(
        s,
        "<text x=\"{lx:.1}\" y=\"{:.1}\" font-size=\"12\" fill=\"#444\">the 16×16 window of the \
         plane from ({}, {}): C top left and bottom right (blue), W top right and bottom left \
         (orange)</text>",
        ly + 22.5,
        sc.ox,
        sc.oy
    );
    let _ = writeln!(s, "</svg>");
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/spec.md §3's example, an 8-toroidal pairing, as 128 codes of square9-16.
    fn eight_toroidal() -> Vec<u8> {
        let p = "0411111504155555041522220435666627333304677773044222733046667710";
        (0..8)
            .flat_map(|y| {
                let row = &p[8 * y..8 * y + 8];
                format!("{row}{row}").into_bytes()
            })
            .map(|b| b - b'0')
            .collect()
    }

    #[test]
    fn an_eight_toroidal_pairing_has_nothing_highlighted() {
        let a = ascii(&eight_toroidal(), BlockIds::default(), "x").unwrap();
        let lines: Vec<&str> = a.lines().collect();
        // Row y = 0 of the window: "04111115" twice, C then W.
        assert_eq!(lines[2], " c-c c c c c c c w-w w w w w w w");
        assert!(
            !lines[1..34]
                .iter()
                .any(|l| l.contains('C') || l.contains('W'))
        );
        assert!(a.contains("least of 64 good offsets"));
        assert!(a.contains("0 diagonal alternating cycles"));
        let s = svg(&eight_toroidal(), BlockIds::default(), "x").unwrap();
        assert!(s.starts_with("<svg"));
        assert!(s.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn inconsistent_codes_are_refused() {
        let mut c = eight_toroidal();
        c[0] = 2;
        assert!(matches!(
            svg(&c, BlockIds::default(), ""),
            Err(DrawError::Inconsistent { .. })
        ));
        assert!(matches!(
            ascii(&c[..64], BlockIds::default(), ""),
            Err(DrawError::Codes { .. })
        ));
    }
}
