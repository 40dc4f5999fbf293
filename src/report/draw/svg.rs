//! The SVG pictures of a pairing: the plain picture, and the pictures with notes,
//! highlighted dominoes or flagged cells, on the square and the hexagonal grid (the
//! essay of [`super`]).

use super::*;

/// On a hexagonal board (2-D, three directions: two independent ones `u`, `v` and
/// `u + v` or `u − v`, here the axes and a diagonal), the shear `s` of its picture: the
/// point `(x, y)` is drawn at `(x + s·y, y·√3/2)`, which makes the three directions
/// of the same length and 60° apart (`s = −½` when the third direction is `(1,1)`,
/// `+½` when it is `(1,−1)`). `None` on every other board, which is drawn square.
/// Decided from the board's directions, not its name.
pub fn hex_shear(geom: &Geometry) -> Option<f64> {
    if geom.dimension() != 2 || geom.nfamilies() != 3 {
        return None;
    }
    // Each direction up to sign: the first non-zero coordinate positive.
    let mut dirs: Vec<(i64, i64)> = (0..3)
        .map(|f| {
            let (x, y) = geom.vector(f);
            if x < 0 || (x == 0 && y < 0) {
                (-x, -y)
            } else {
                (x, y)
            }
        })
        .collect();
    dirs.sort_unstable();
    match dirs.as_slice() {
        [(0, 1), (1, 0), (1, 1)] => Some(-0.5),
        [(0, 1), (1, -1), (1, 0)] => Some(0.5),
        _ => None,
    }
}

/// The colour of a family, by orientation: red horizontal, blue vertical, green
/// diagonal, purple antidiagonal, orange along z (others from a fixed palette).
pub fn colour(geom: &Geometry, f: usize) -> &'static str {
    if geom.vector3(f)[2] != 0 {
        return "#ff7f0e";
    }
    match geom.vector(f) {
        (1, 0) => "#d62728",
        (0, 1) => "#1f77b4",
        (1, 1) => "#2ca02c",
        (-1, 1) => "#9467bd",
        _ => ["#ff7f0e", "#8c564b", "#e377c2", "#17becf"][f % 4],
    }
}

fn xml_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            _ => o.push(ch),
        }
    }
    o
}

/// The SVG picture (see the module docs): title, the view with its frame, cell
/// coordinates along the top and left edges, bars and cells, and a legend of the
/// orientations with their domino counts.
pub fn svg(geom: &Geometry, codes: &[u8], view: View, caption: &str) -> Result<String, DrawError> {
    svg_with_notes(geom, codes, view, caption, &[])
}

/// [`svg`] with `notes`, one line each under the title (e.g. the symmetries of the
/// pairing's stabiliser).
pub fn svg_with_notes(
    geom: &Geometry,
    codes: &[u8],
    view: View,
    caption: &str,
    notes: &[String],
) -> Result<String, DrawError> {
    svg_marked(geom, codes, view, caption, notes, &[])
}

/// [`svg_with_notes`] with some dominoes highlighted: a domino whose two cells are both
/// in `marked` (cell indices) is drawn over a wide yellow halo (`amoba path --svg`
/// marks the dominoes a move slid).
pub fn svg_marked(
    geom: &Geometry,
    codes: &[u8],
    view: View,
    caption: &str,
    notes: &[String],
    marked: &[usize],
) -> Result<String, DrawError> {
    svg_flagged(geom, codes, view, caption, notes, marked, &[])
}

/// [`svg_marked`] with some cells flagged: each cell of `flagged` (cell indices) is
/// ringed in red (the explorer flags the cells of the lines a candidate pairing gets
/// wrong).
pub fn svg_flagged(
    geom: &Geometry,
    codes: &[u8],
    view: View,
    caption: &str,
    notes: &[String],
    marked: &[usize],
    flagged: &[usize],
) -> Result<String, DrawError> {
    let sc = scene(geom, codes, view)?;
    let mut is_flagged = vec![false; codes.len()];
    for &c in flagged {
        if let Some(f) = is_flagged.get_mut(c) {
            *f = true;
        }
    }
    let mut is_marked = vec![false; codes.len()];
    for &c in marked {
        if let Some(m) = is_marked.get_mut(c) {
            *m = true;
        }
    }
    // The cell of view position (x, y, z), as `scene` reads the codes.
    let (bw, bh) = (geom.width() as i64, geom.height() as i64);
    let cell_at =
        |x: i64, y: i64, z: i64| ((z * bh + y.rem_euclid(bh)) * bw + x.rem_euclid(bw)) as usize;
    let longest = sc.cols.max(sc.rows) as f64;
    // A 3-D board is drawn as its layers side by side, one cell apart, each with its
    // label `z=…` above it.
    let pitch = if sc.layers > 1 {
        (1080.0 / (sc.cols * sc.layers) as f64).clamp(10.0, 48.0)
    } else {
        (640.0 / longest).clamp(10.0, 48.0)
    };
    let bar = (pitch * 0.24).max(2.0);
    let dot = (pitch * 0.08).max(1.2);
    let pad = 32.0;
    // Cell coordinates: every `coord_step`-th column and row is numbered.
    let coord_h = 16.0;
    let digits = (sc.cols.max(sc.rows) as f64).log10().floor() + 1.0;
    let coord_step = [1i64, 2, 5, 10, 20, 50, 100]
        .into_iter()
        .find(|&k| k as f64 * pitch >= 7.0 * digits + 4.0)
        .unwrap_or(100);
    let legend_h = 26.0 * (geom.nfamilies() as f64 + 1.0) + 12.0;
    // One more line of notes under the legend of a hexagonal board.
    let legend_h = if hex_shear(geom).is_some() {
        legend_h + 16.0
    } else {
        legend_h
    };
    // A hexagonal board is drawn sheared, its rows squashed (module docs); a square
    // one with no shear, the same numbers as ever.
    let hex = hex_shear(geom);
    let (shear, squash) = match hex {
        Some(s) => (s, 3f64.sqrt() / 2.0),
        None => (0.0, 1.0),
    };
    // How far the last row of a sheared layer is moved sideways, and where row 0 starts.
    let slant = shear.abs() * sc.rows as f64 * pitch;
    let x0 = if shear < 0.0 { slant } else { 0.0 };
    let layer_w = sc.cols as f64 * pitch + slant;
    let gap = if sc.layers > 1 { pitch } else { 0.0 };
    let label_h = if sc.layers > 1 { 18.0 } else { 0.0 };
    let frame_w = sc.layers as f64 * layer_w + (sc.layers - 1) as f64 * gap;
    let frame_h = sc.rows as f64 * pitch * squash;
    let width = (frame_w + 2.0 * pad).max(520.0);
    // The caption, wrapped at its " · " separators to fit (about 8.5 px a character).
    let fit = ((width - 24.0) / 8.5) as usize;
    let mut title: Vec<String> = Vec::new();
    for part in caption.split(" · ") {
        match title.last_mut() {
            Some(last) if last.chars().count() + 3 + part.chars().count() <= fit => {
                last.push_str(" · ");
                last.push_str(part);
            }
            _ => title.push(part.to_string()),
        }
    }
    // The codes, on lines of at most 108 characters when they are more than 128.
    let text: String = codes
        .iter()
        .map(|&k| crate::core::board::pairing::code_char(k))
        .collect();
    let code_lines: Vec<&str> = if text.len() > 128 {
        text.as_bytes()
            .chunks(108)
            .map(|c| std::str::from_utf8(c).unwrap_or(""))
            .collect()
    } else {
        vec![text.as_str()]
    };
    let title_h = 36.0
        + 20.0 * title.len() as f64
        + 14.0 * (code_lines.len() - 1) as f64
        + 16.0 * notes.len() as f64;
    let left = (width - frame_w) / 2.0;
    let top = title_h + pad / 2.0 + label_h + coord_h;
    let height = top + frame_h + pad + legend_h;
    let layer_left = |z: i64| left + z as f64 * (layer_w + gap);
    // The centre of view cell (x, y) of layer z; at fractions, points of the bars.
    let cxz =
        |z: i64, x: f64, y: f64| layer_left(z) + x0 + (x + 0.5) * pitch + shear * (y + 0.5) * pitch;
    let cy = |y: f64| top + (y + 0.5) * pitch * squash;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">"
    );
    let _ = writeln!(s, "<title>{}</title>", xml_escape(caption));
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    for (i, line) in title.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\">{}</text>",
            width / 2.0,
            24 + 20 * i,
            xml_escape(line)
        );
    }
    for (i, line) in code_lines.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{}\" font-size=\"11\" font-family=\"DejaVu Sans Mono, monospace\" \
             text-anchor=\"middle\" fill=\"#444\">{}</text>",
            width / 2.0,
            20 + 20 * title.len() + 14 * i,
            xml_escape(line)
        );
    }
    for (i, note) in notes.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">{}</text>",
            width / 2.0,
            20.0 + 20.0 * title.len() as f64
                + 14.0 * code_lines.len() as f64
                + 4.0
                + 16.0 * i as f64,
            xml_escape(note)
        );
    }
    // Faint cell grid and the frame, per layer.
    let dash = if view == View::Torus {
        " stroke-dasharray=\"6 4\""
    } else {
        ""
    };
    for z in 0..sc.layers {
        let left = layer_left(z);
        if sc.layers > 1 {
            let _ = writeln!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">z={z}</text>",
                left + layer_w / 2.0,
                top - coord_h - 6.0
            );
        }
        // Coordinates: x along the top of each layer, y down the left of the first.
        let _ = writeln!(
            s,
            "<g font-size=\"10\" fill=\"#666\" text-anchor=\"middle\" class=\"coordinates\">"
        );
        for x in (0..sc.cols).filter(|x| x % coord_step == 0) {
            let _ = writeln!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\">{x}</text>",
                cxz(z, x as f64, -0.5),
                top - 5.0
            );
        }
        if z == 0 {
            for y in (0..sc.rows).filter(|y| y % coord_step == 0) {
                let _ = writeln!(
                    s,
                    "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{y}</text>",
                    cxz(0, -0.5, y as f64) - 5.0,
                    cy(y as f64) + 3.5
                );
            }
        }
        let _ = writeln!(s, "</g>");
        if hex.is_some() {
            // The sheared grid: the point at (X, Y) of the layer, in cells from its
            // top-left corner (cell (x, y) spans X in x..x+1, Y in y..y+1).
            let at = |x: f64, y: f64| (cxz(z, x - 0.5, y - 0.5), top + y * pitch * squash);
            let (cols, rows) = (sc.cols as f64, sc.rows as f64);
            let _ = writeln!(s, "<g stroke=\"#e4e4e4\" stroke-width=\"1\">");
            let lines = (1..sc.cols)
                .map(|i| (at(i as f64, 0.0), at(i as f64, rows)))
                .chain((1..sc.rows).map(|j| (at(0.0, j as f64), at(cols, j as f64))));
            for ((x1, y1), (x2, y2)) in lines {
                let _ = writeln!(
                    s,
                    "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>"
                );
            }
            let _ = writeln!(s, "</g>");
            let corners: Vec<String> = [(0.0, 0.0), (cols, 0.0), (cols, rows), (0.0, rows)]
                .iter()
                .map(|&(x, y)| {
                    let (px, py) = at(x, y);
                    format!("{px:.1},{py:.1}")
                })
                .collect();
            let _ = writeln!(
                s,
                "<polygon points=\"{}\" fill=\"none\" stroke=\"#888\" stroke-width=\"1.5\"{dash}/>",
                corners.join(" ")
            );
            continue;
        }
        let _ = writeln!(s, "<g stroke=\"#e4e4e4\" stroke-width=\"1\">");
        for i in 1..sc.cols {
            let x = left + i as f64 * pitch;
            let _ = writeln!(
                s,
                "<line x1=\"{x:.1}\" y1=\"{top:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\"/>",
                top + frame_h
            );
        }
        for j in 1..sc.rows {
            let y = top + j as f64 * pitch;
            let _ = writeln!(
                s,
                "<line x1=\"{left:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\"/>",
                left + layer_w
            );
        }
        let _ = writeln!(s, "</g>");
        let _ = writeln!(
            s,
            "<rect x=\"{left:.1}\" y=\"{top:.1}\" width=\"{layer_w:.1}\" height=\"{frame_h:.1}\" \
             fill=\"none\" stroke=\"#888\" stroke-width=\"1.5\"{dash}/>"
        );
    }
    // Halos under the marked dominoes.
    if !marked.is_empty() {
        let _ = writeln!(
            s,
            "<g stroke=\"#ffd23f\" stroke-width=\"{:.1}\" stroke-linecap=\"round\" class=\"marked\">",
            bar * 2.6
        );
        for b in &sc.bars {
            if !(is_marked[cell_at(b.x, b.y, b.z)]
                && is_marked[cell_at(b.x + b.dx, b.y + b.dy, b.z)])
            {
                continue;
            }
            let t = if b.half { 0.5 } else { 1.0 };
            let _ = writeln!(
                s,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>",
                cxz(b.z, b.x as f64, b.y as f64),
                cy(b.y as f64),
                cxz(
                    b.z,
                    b.x as f64 + t * b.dx as f64,
                    b.y as f64 + t * b.dy as f64
                ),
                cy(b.y as f64 + t * b.dy as f64)
            );
        }
        let _ = writeln!(s, "</g>");
    }
    // Bars, one group per family.
    for f in 0..geom.nfamilies() {
        let col = colour(geom, f);
        let _ = writeln!(
            s,
            "<g stroke=\"{col}\" fill=\"{col}\" stroke-width=\"{bar:.1}\" class=\"{}\">",
            xml_escape(&geom.orientation_name(f))
        );
        for b in sc.bars.iter().filter(|b| b.family == f) {
            let (x1, y1) = (cxz(b.z, b.x as f64, b.y as f64), cy(b.y as f64));
            let t = if b.half { 0.5 } else { 1.0 };
            let (x2, y2) = (
                cxz(
                    b.z,
                    b.x as f64 + t * b.dx as f64,
                    b.y as f64 + t * b.dy as f64,
                ),
                cy(b.y as f64 + t * b.dy as f64),
            );
            if b.half {
                let _ = writeln!(
                    s,
                    "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" \
                     stroke-linecap=\"butt\"/><circle cx=\"{x1:.1}\" cy=\"{y1:.1}\" r=\"{:.1}\" \
                     stroke=\"none\"/>",
                    bar / 2.0
                );
            } else {
                let _ = writeln!(
                    s,
                    "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" \
                     stroke-linecap=\"round\"/>"
                );
            }
        }
        let _ = writeln!(s, "</g>");
    }
    // Cell centres.
    let _ = writeln!(s, "<g fill=\"#222\">");
    for z in 0..sc.layers {
        for y in 0..sc.rows {
            for x in 0..sc.cols {
                let _ = writeln!(
                    s,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{dot:.1}\"/>",
                    cxz(z, x as f64, y as f64),
                    cy(y as f64)
                );
            }
        }
    }
    let _ = writeln!(s, "</g>");
    // Rings around the flagged cells.
    if !flagged.is_empty() {
        let _ = writeln!(
            s,
            "<g fill=\"none\" stroke=\"#d62728\" stroke-width=\"{:.1}\" class=\"flagged\">",
            (pitch * 0.07).max(1.5)
        );
        for z in 0..sc.layers {
            for y in 0..sc.rows {
                for x in 0..sc.cols {
                    if is_flagged[cell_at(x, y, z)] {
                        let _ = writeln!(
                            s,
                            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\"/>",
                            cxz(z, x as f64, y as f64),
                            cy(y as f64),
                            pitch * 0.3
                        );
                    }
                }
            }
        }
        let _ = writeln!(s, "</g>");
    }
    // Dominoes across layers (3-D): a coloured disc marked +z or −z on both cells.
    if !sc.markers.is_empty() {
        let r = pitch * 0.32;
        let _ = writeln!(
            s,
            "<g font-size=\"{:.1}\" text-anchor=\"middle\" class=\"across layers\">",
            pitch * 0.3
        );
        for m in &sc.markers {
            let (x, y) = (cxz(m.z, m.x as f64, m.y as f64), cy(m.y as f64));
            let (label, k) = if m.up {
                ("+z", m.family)
            } else {
                ("−z", m.family + geom.nfamilies())
            };
            let _ = writeln!(
                s,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{}\"><title>{} {}</title></circle>\
                 <text x=\"{x:.1}\" y=\"{:.1}\" fill=\"white\">{label}</text>",
                colour(geom, m.family),
                xml_escape(&format!("({},{},{})", m.x, m.y, m.z)),
                xml_escape(geom.code_name(k)),
                y + pitch * 0.1
            );
        }
        let _ = writeln!(s, "</g>");
    }
    // Legend.
    let mut ly = top + frame_h + pad + 8.0;
    let lx = 24.0;
    for f in 0..geom.nfamilies() {
        let (dx, dy) = geom.vector(f);
        let name = geom.orientation_name(f);
        let what = match geom.dimension() {
            1 => String::new(),
            _ => format!(
                " ({}–{})",
                geom.code_name(f + geom.nfamilies()),
                geom.code_name(f)
            ),
        };
        if geom.vector3(f)[2] != 0 {
            // Across layers: the disc of the picture.
            let _ = writeln!(
                s,
                "<circle cx=\"{:.1}\" cy=\"{ly:.1}\" r=\"8\" fill=\"{}\"/>",
                lx + 14.0,
                colour(geom, f)
            );
            let _ = writeln!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\">{}{}: {} dominoes, marked on \
                 both cells: +z the partner is in the next layer, −z in the previous one</text>",
                lx + 40.0,
                ly + 4.5,
                xml_escape(&name),
                xml_escape(&what),
                sc.count[f]
            );
            ly += 26.0;
            continue;
        }
        // A sample bar along the family's direction as drawn, fitted into a 28-px box.
        let (sx, sy, ex, ey) = if hex.is_some() {
            let (vx, vy) = (dx as f64 + shear * dy as f64, dy as f64 * squash);
            let len = 18.0 / (vx * vx + vy * vy).sqrt();
            (
                lx + 14.0 - vx * len / 2.0,
                ly - vy * len / 2.0,
                lx + 14.0 + vx * len / 2.0,
                ly + vy * len / 2.0,
            )
        } else {
            let len = 18.0 / ((dx * dx + dy * dy) as f64).sqrt();
            (
                lx + 14.0 - dx as f64 * len / 2.0,
                ly - dy as f64 * len / 2.0,
                lx + 14.0 + dx as f64 * len / 2.0,
                ly + dy as f64 * len / 2.0,
            )
        };
        let _ = writeln!(
            s,
            "<line x1=\"{sx:.1}\" y1=\"{sy:.1}\" x2=\"{ex:.1}\" y2=\"{ey:.1}\" stroke=\"{}\" \
             stroke-width=\"6\" stroke-linecap=\"round\"/>",
            colour(geom, f)
        );
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\">{}{}: {} dominoes{}</text>",
            lx + 40.0,
            ly + 4.5,
            xml_escape(&name),
            xml_escape(&what),
            sc.count[f],
            if view == View::Torus {
                ""
            } else {
                " meet the window"
            }
        );
        ly += 26.0;
    }
    let _ = writeln!(
        s,
        "<text x=\"{lx:.1}\" y=\"{:.1}\" font-size=\"12\" fill=\"#444\">{}</text>",
        ly + 4.5,
        xml_escape(&view_note(geom, view))
    );
    if hex.is_some() {
        let _ = writeln!(
            s,
            "<text x=\"{lx:.1}\" y=\"{:.1}\" font-size=\"12\" fill=\"#444\">on the \
             hexagonal grid: rows sheared, the three directions 60° apart</text>",
            ly + 20.5
        );
    }
    let _ = writeln!(s, "</svg>");
    Ok(s)
}
