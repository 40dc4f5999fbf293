//! SVG figures for the reports: a chart of the degree distribution and drawings of
//! small graph components.
//!
//! Plain SVG 1.1 text, no dependencies, byte-deterministic: the layouts are computed
//! from the graph alone and every coordinate is printed with one decimal.
//!
//! * **Degree chart** ([`degree_chart`]): two panels over the same degree axis. The
//!   top one has a linear scale, which shows the shape of the distribution; on the 8×8
//!   torus its largest bar (66,185 vertices of degree 5) flattens the bars of degrees
//!   1–3 and 10–11 (17 to 395 vertices) to nothing, so the bottom panel repeats the
//!   bars on a logarithmic scale, where every non-zero count is visible. Each bar
//!   carries its count in both panels.
//! * **Component drawing** ([`graph_drawing`]): a stress-majorisation layout (the
//!   SMACOF iteration of Gansner, Koren and North, *Graph drawing by stress
//!   majorization*, 2004) that places vertices so that their distances in the picture
//!   match their distances in the graph, started from a circle and run a fixed number
//!   of times. Labels go on the side of each vertex away from its neighbours, the
//!   first free one of eight positions, on a white halo, so that they do not cover
//!   edges or each other.

use std::fmt::Write;

/// Bar colour of the degree chart.
const BAR: &str = "#4477aa";

/// A two-panel bar chart of `counts[d]` = vertices of degree `d` (see the module
/// docs): linear scale above, logarithmic below, counts above the bars.
///
/// ```
/// let svg = amoba::report::plot::degree_chart(&[0, 17, 66185, 10], "degrees");
/// assert!(svg.contains(">17<") && svg.contains(">66,185<") && svg.contains("log scale"));
/// ```
pub fn degree_chart(counts: &[usize], title: &str) -> String {
    let (w, left, right) = (720.0f64, 70.0f64, 20.0f64);
    let panel_h = 190.0f64;
    let (top1, gap) = (56.0f64, 64.0f64);
    let top2 = top1 + panel_h + gap;
    let h = top2 + panel_h + 56.0;
    let bars = counts.len().max(1);
    let slot = (w - left - right) / bars as f64;
    let max_count = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<title>{}</title>"#, escape(title));
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="24" text-anchor="middle" font-size="15">{}</text>"#,
        w / 2.0,
        escape(title)
    );
    // Linear panel: ticks at a round step.
    let step = nice_step(max_count);
    let top_value = (max_count / step).ceil() * step;
    let lin = |c: f64| top1 + panel_h - c / top_value * panel_h;
    let mut ticks = Vec::new();
    let mut t = 0.0;
    while t <= top_value + 0.5 {
        ticks.push((lin(t), crate::core::text::fmt_int(t as u64)));
        t += step;
    }
    panel(
        &mut s,
        (left, w - right, top1, panel_h),
        "vertices (linear scale)",
        &ticks,
    );
    // Logarithmic panel: from a little below 1 (so that a count of 1 still shows a bar)
    // to the first power of ten above the maximum.
    let decades = max_count.log10().ceil().max(1.0);
    let floor = -0.3;
    let log =
        |c: f64| top2 + panel_h - ((c.max(1.0).log10() - floor) / (decades - floor)) * panel_h;
    let ticks: Vec<(f64, String)> = (0..=decades as u32)
        .map(|k| {
            (
                log(10f64.powi(k as i32)),
                crate::core::text::fmt_int(10u64.pow(k)),
            )
        })
        .collect();
    panel(
        &mut s,
        (left, w - right, top2, panel_h),
        "vertices (log scale)",
        &ticks,
    );
    for (d, &count) in counts.iter().enumerate() {
        let x = left + d as f64 * slot;
        let cx = x + slot / 2.0;
        let label = crate::core::text::fmt_int(count as u64);
        for (base, y) in [
            (top1 + panel_h, lin(count as f64)),
            (top2 + panel_h, log(count as f64)),
        ] {
            if count > 0 {
                // A bar from the axis (below 1 on the log panel) to the count.
                let _ = writeln!(
                    s,
                    r#"<rect x="{:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{BAR}"/>"#,
                    x + slot * 0.15,
                    slot * 0.7,
                    (base - y).max(0.0)
                );
            }
            let _ = writeln!(
                s,
                r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle">{label}</text>"#,
                y.min(base) - 4.0
            );
            let _ = writeln!(
                s,
                r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle">{d}</text>"#,
                base + 15.0
            );
        }
    }
    for base in [top1 + panel_h, top2 + panel_h] {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">degree</text>"#,
            left + (w - left - right) / 2.0,
            base + 32.0
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Frame, grid lines and tick labels of one chart panel `(left, right, top, height)`.
fn panel(
    s: &mut String,
    (left, right, top, height): (f64, f64, f64, f64),
    axis: &str,
    ticks: &[(f64, String)],
) {
    let base = top + height;
    for (y, label) in ticks {
        let _ = writeln!(
            s,
            r##"<line x1="{left:.1}" y1="{y:.1}" x2="{right:.1}" y2="{y:.1}" stroke="#e0e0e0"/><text x="{:.1}" y="{:.1}" text-anchor="end" fill="#555">{label}</text>"##,
            left - 6.0,
            y + 4.0
        );
    }
    let _ = writeln!(
        s,
        r#"<line x1="{left:.1}" y1="{base:.1}" x2="{right:.1}" y2="{base:.1}" stroke="black"/><line x1="{left:.1}" y1="{top:.1}" x2="{left:.1}" y2="{base:.1}" stroke="black"/>"#
    );
    let mid = top + height / 2.0;
    let _ = writeln!(
        s,
        r#"<text x="14" y="{mid:.1}" transform="rotate(-90 14 {mid:.1})" text-anchor="middle">{axis}</text>"#
    );
}

/// A round tick step (1, 2 or 5 times a power of ten) giving 3 to 7 ticks up to `max`.
fn nice_step(max: f64) -> f64 {
    let raw = max / 4.0;
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&st| st >= raw)
        .unwrap_or(10.0 * p)
        .max(1.0)
}

/// A drawing of a small connected graph: `labels[i]` names vertex `i`, `edges` are
/// index pairs. Layout by stress majorisation, labels placed to avoid each other (see
/// the module docs). Deterministic.
///
/// *Complexity*: `O(n·(n + m))` for the distances and `O(n²)` per iteration, fixed
/// iterations: meant for components of up to a few hundred vertices.
pub fn graph_drawing(labels: &[String], edges: &[(usize, usize)], title: &str) -> String {
    let n = labels.len();
    let pos = stress_layout(n, edges);
    // Scale: the typical edge gets about 70 px, within a canvas of 380 to 760 px.
    let size = (70.0 * (n as f64).sqrt() * 1.4).clamp(380.0, 760.0);
    let margin = 48.0f64;
    let title_h = 40.0f64;
    let (minx, maxx) = pos
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (miny, maxy) = pos
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let span = (maxx - minx).max(maxy - miny).max(1e-9);
    let scale = (size - 2.0 * margin) / span;
    let width = size;
    let height = title_h + (maxy - miny) * scale + 2.0 * margin;
    let xy: Vec<(f64, f64)> = pos
        .iter()
        .map(|p| {
            (
                margin + (p.0 - minx) * scale + (size - 2.0 * margin - (maxx - minx) * scale) / 2.0,
                title_h + margin + (p.1 - miny) * scale,
            )
        })
        .collect();
    let font = 10.0f64;
    let radius = 4.5f64;
    let placed = place_labels(labels, edges, &xy, font, radius, (width, height));
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="{font}">"#
    );
    let _ = writeln!(s, r#"<title>{}</title>"#, escape(title));
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    for (i, line) in wrap(title, ((width - 20.0) / 7.5) as usize)
        .iter()
        .enumerate()
    {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{}" text-anchor="middle" font-size="13">{}</text>"#,
            width / 2.0,
            18 + 16 * i,
            escape(line)
        );
    }
    let _ = writeln!(s, r##"<g stroke="#888" stroke-width="1.2">"##);
    for &(a, b) in edges {
        let (p, q) = (xy[a], xy[b]);
        let _ = writeln!(
            s,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
            p.0, p.1, q.0, q.1
        );
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(s, r##"<g fill="#cc6677" stroke="white" stroke-width="1">"##);
    for p in &xy {
        let _ = writeln!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="{radius}"/>"#,
            p.0, p.1
        );
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(
        s,
        r#"<g paint-order="stroke" stroke="white" stroke-width="3" stroke-linejoin="round" fill="black">"#
    );
    for (label, (x, y, anchor)) in labels.iter().zip(&placed) {
        let _ = writeln!(
            s,
            r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}">{}</text>"#,
            escape(label)
        );
    }
    let _ = writeln!(s, "</g>");
    s.push_str("</svg>\n");
    s
}

/// Stress-majorisation layout of a connected graph on `n` vertices (unit edge length):
/// positions in the plane whose distances approximate the graph distances.
fn stress_layout(n: usize, edges: &[(usize, usize)]) -> Vec<(f64, f64)> {
    if n == 0 {
        return Vec::new();
    }
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        adj[a].push(b);
        adj[b].push(a);
    }
    // All-pairs distances by BFS; unreachable pairs get the largest distance + 1.
    let mut dist = vec![vec![usize::MAX; n]; n];
    for (s, row) in dist.iter_mut().enumerate() {
        row[s] = 0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            for &v in &adj[u] {
                if row[v] == usize::MAX {
                    row[v] = row[u] + 1;
                    queue.push_back(v);
                }
            }
        }
    }
    let far = dist
        .iter()
        .flatten()
        .copied()
        .filter(|&d| d != usize::MAX)
        .max()
        .unwrap_or(0)
        + 1;
    let d: Vec<Vec<f64>> = dist
        .iter()
        .map(|r| {
            r.iter()
                .map(|&x| if x == usize::MAX { far } else { x } as f64)
                .collect()
        })
        .collect();
    // Start on a circle of the right size, vertices in BFS order from vertex 0, so
    // that neighbours start close.
    let order: Vec<usize> = {
        let mut o: Vec<usize> = (0..n).collect();
        o.sort_by_key(|&v| (dist[0][v], v));
        o
    };
    let radius = far as f64 / 2.0;
    let mut pos = vec![(0.0f64, 0.0f64); n];
    for (k, &v) in order.iter().enumerate() {
        let a = std::f64::consts::TAU * k as f64 / n as f64;
        pos[v] = (radius * a.cos(), radius * a.sin());
    }
    // SMACOF with weights 1/d²: x_i ← Σ_j w_ij (x_j + d_ij (x_i − x_j)/|x_i − x_j|) / Σ_j w_ij.
    for _ in 0..300 {
        let prev = pos.clone();
        for i in 0..n {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in 0..n {
                if i == j {
                    continue;
                }
                let w = 1.0 / (d[i][j] * d[i][j]);
                let (dx, dy) = (prev[i].0 - prev[j].0, prev[i].1 - prev[j].1);
                let len = (dx * dx + dy * dy).sqrt().max(1e-9);
                sx += w * (prev[j].0 + d[i][j] * dx / len);
                sy += w * (prev[j].1 + d[i][j] * dy / len);
                sw += w;
            }
            if sw > 0.0 {
                pos[i] = (sx / sw, sy / sw);
            }
        }
    }
    pos
}

/// A rectangle `(left, top, right, bottom)`.
type Rect = (f64, f64, f64, f64);

/// Where a label goes: `(x, y, text-anchor)`.
type LabelAt = (f64, f64, &'static str);

/// Label positions `(x, y, text-anchor)`: for each vertex, in order, the first of
/// eight positions around it — starting with the direction away from its neighbours —
/// whose text box overlaps no placed label, no vertex and stays on the canvas; the
/// least-overlapping one when none is free.
fn place_labels(
    labels: &[String],
    edges: &[(usize, usize)],
    xy: &[(f64, f64)],
    font: f64,
    radius: f64,
    (width, height): (f64, f64),
) -> Vec<LabelAt> {
    let n = labels.len();
    let mut away = vec![(0.0f64, 0.0f64); n];
    for &(a, b) in edges {
        let (dx, dy) = (xy[a].0 - xy[b].0, xy[a].1 - xy[b].1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        away[a].0 += dx / len;
        away[a].1 += dy / len;
        away[b].0 -= dx / len;
        away[b].1 -= dy / len;
    }
    let mut boxes: Vec<Rect> = Vec::with_capacity(n);
    let mut out = Vec::with_capacity(n);
    let char_w = font * 0.62;
    let overlap = |a: Rect, b: Rect| {
        let w = (a.2.min(b.2) - a.0.max(b.0)).max(0.0);
        let h = (a.3.min(b.3) - a.1.max(b.1)).max(0.0);
        w * h
    };
    for i in 0..n {
        let tw = labels[i].chars().count() as f64 * char_w;
        let th = font;
        let start = away[i].1.atan2(away[i].0);
        let mut best: Option<(f64, LabelAt, Rect)> = None;
        for k in 0..8 {
            // Alternate around the preferred direction: 0, +45°, −45°, +90°, …
            let step = [0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 4.0][k];
            let a = start + step * std::f64::consts::FRAC_PI_4;
            let (ux, uy) = (a.cos(), a.sin());
            let gap = radius + 3.0;
            // Anchor the text so that it grows away from the vertex.
            let (x0, anchor) = if ux > 0.38 {
                (xy[i].0 + gap * ux, "start")
            } else if ux < -0.38 {
                (xy[i].0 + gap * ux, "end")
            } else {
                (xy[i].0, "middle")
            };
            let left = match anchor {
                "start" => x0,
                "end" => x0 - tw,
                _ => x0 - tw / 2.0,
            };
            let cy = xy[i].1 + (gap + th / 2.0) * uy;
            let bx = (
                left - 1.0,
                cy - th / 2.0 - 1.0,
                left + tw + 1.0,
                cy + th / 2.0 + 1.0,
            );
            let mut cost: f64 = boxes.iter().map(|&b| overlap(bx, b)).sum();
            for (j, p) in xy.iter().enumerate() {
                if j != i {
                    cost += overlap(bx, (p.0 - radius, p.1 - radius, p.0 + radius, p.1 + radius));
                }
            }
            if bx.0 < 0.0 || bx.2 > width || bx.1 < 0.0 || bx.3 > height {
                cost += 1e6;
            }
            // Baseline: the text's vertical centre at cy.
            let candidate = (x0, cy + th * 0.35, anchor);
            if best.as_ref().is_none_or(|b| cost < b.0 - 1e-9) {
                best = Some((cost, candidate, bx));
            }
            if cost == 0.0 {
                break;
            }
        }
        let (_, c, bx) = best.unwrap_or((0.0, (xy[i].0, xy[i].1, "middle"), (0.0, 0.0, 0.0, 0.0)));
        boxes.push(bx);
        out.push(c);
    }
    out
}

/// `text` cut at spaces into lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_deterministic_svg() {
        let a = degree_chart(&[0, 3, 5], "t");
        assert!(a.starts_with("<svg") && a.ends_with("</svg>\n"));
        assert_eq!(a, degree_chart(&[0, 3, 5], "t"));
        let labels: Vec<String> = (0..4).map(|i| i.to_string()).collect();
        let e = [(0, 1), (1, 2), (2, 3), (3, 0)];
        assert_eq!(
            graph_drawing(&labels, &e, "c4"),
            graph_drawing(&labels, &e, "c4")
        );
    }

    #[test]
    fn stress_layout_matches_graph_distances_on_a_cube() {
        // Q3: 8 vertices, distances 1..3; on average the layout puts neighbours closer
        // than antipodes (a plane drawing of Q3 cannot do so for every vertex at once
        // and keep the faces apart).
        let e: Vec<(usize, usize)> = (0..8usize)
            .flat_map(|x| (0..3).map(move |b| (x, x ^ (1 << b))))
            .filter(|(x, y)| x < y)
            .collect();
        let p = stress_layout(8, &e);
        let d = |a: usize, b: usize| ((p[a].0 - p[b].0).powi(2) + (p[a].1 - p[b].1).powi(2)).sqrt();
        let near: f64 = e.iter().map(|&(a, b)| d(a, b)).sum::<f64>() / e.len() as f64;
        let far: f64 = (0..8).map(|a| d(a, a ^ 7)).sum::<f64>() / 8.0;
        assert!(near < far, "neighbours {near} against antipodes {far}");
    }

    #[test]
    fn labels_of_a_dense_component_do_not_overlap() {
        // A 6×8 grid graph (48 vertices, as the largest small component).
        let (w, h) = (6usize, 8usize);
        let mut e = Vec::new();
        for v in 0..w * h {
            if v % w + 1 < w {
                e.push((v, v + 1));
            }
            if v / w + 1 < h {
                e.push((v, v + w));
            }
        }
        let labels: Vec<String> = (0..w * h).map(|i| format!("{}", 126_811 + i)).collect();
        let svg = graph_drawing(&labels, &e, "grid");
        // Recover the label boxes from the SVG and check them pairwise.
        let mut boxes = Vec::new();
        for line in svg
            .lines()
            .filter(|l| l.starts_with("<text x=") && l.contains("text-anchor=\""))
        {
            let num = |key: &str| -> f64 {
                let i = line.find(key).unwrap() + key.len();
                line[i..].split('"').next().unwrap().parse().unwrap()
            };
            let (x, y) = (num("x=\""), num("y=\""));
            let tw = 6.0 * 10.0 * 0.62;
            let left = if line.contains("\"start\"") {
                x
            } else if line.contains("\"end\"") {
                x - tw
            } else {
                x - tw / 2.0
            };
            if line.contains(">1268") {
                boxes.push((left, y - 8.5, left + tw, y + 1.5));
            }
        }
        assert_eq!(boxes.len(), 48);
        for i in 0..boxes.len() {
            for j in 0..i {
                let (a, b) = (boxes[i], boxes[j]);
                let ov =
                    (a.2.min(b.2) - a.0.max(b.0)).max(0.0) * (a.3.min(b.3) - a.1.max(b.1)).max(0.0);
                assert!(ov < 1.0, "labels {i} and {j} overlap by {ov}");
            }
        }
    }
}
