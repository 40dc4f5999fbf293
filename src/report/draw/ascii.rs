//! The ASCII picture of a pairing (the character grid of the essay of [`super`]).

use super::*;

/// The ASCII picture (see the module docs), with a legend.
pub fn ascii(
    geom: &Geometry,
    codes: &[u8],
    view: View,
    caption: &str,
) -> Result<String, DrawError> {
    let sc = scene(geom, codes, view)?;
    let (gw, gh) = (2 * sc.cols + 1, 2 * sc.rows + 1);
    // Layers side by side, LAYER_GAP columns apart.
    let lw = gw + LAYER_GAP;
    let total_w = sc.layers * lw - LAYER_GAP;
    let mut grid = vec![vec![' '; total_w as usize]; gh as usize];
    for z in 0..sc.layers {
        for y in 0..sc.rows {
            for x in 0..sc.cols {
                grid[(2 * y + 1) as usize][(z * lw + 2 * x + 1) as usize] = 'o';
            }
        }
    }
    for m in &sc.markers {
        grid[(2 * m.y + 1) as usize][(m.z * lw + 2 * m.x + 1) as usize] =
            if m.up { '^' } else { 'v' };
    }
    for b in &sc.bars {
        let (r, c) = (
            (2 * b.y + 1 + b.dy) as usize,
            (b.z * lw + 2 * b.x + 1 + b.dx) as usize,
        );
        let ch = match (b.dx, b.dy) {
            (_, 0) => '-',
            (0, _) => '|',
            (1, 1) | (-1, -1) => '\\',
            _ => '/',
        };
        let cell = &mut grid[r][c];
        *cell = match (*cell, ch) {
            ('\\', '/') | ('/', '\\') | ('X', _) => 'X',
            _ => ch,
        };
    }
    let mut s = String::new();
    if !caption.is_empty() {
        let _ = writeln!(s, "{caption}");
    }
    if geom.dimension() == 3 {
        let heads: Vec<String> = (0..sc.layers)
            .map(|z| format!("{:<width$}", format!(" z={z}"), width = lw as usize))
            .collect();
        let _ = writeln!(s, "{}", heads.concat().trim_end());
    }
    for row in &grid {
        let line: String = row.iter().collect();
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let legend: Vec<String> = (0..geom.nfamilies())
        .map(|f| {
            let [dx, dy, dz] = geom.vector3(f);
            if dz != 0 {
                return format!(
                    "^ v {} ({}): the partner is in the next (^) or previous (v) layer",
                    geom.orientation_name(f),
                    sc.count[f]
                );
            }
            let ch = match (dx, dy) {
                (_, 0) => '-',
                (0, _) => '|',
                (1, 1) => '\\',
                _ => '/',
            };
            format!("{ch} {} ({})", geom.orientation_name(f), sc.count[f])
        })
        .collect();
    let _ = writeln!(s, "legend: o cell, {}", legend.join(", "));
    let _ = writeln!(s, "{}", view_note(geom, view));
    Ok(s)
}
