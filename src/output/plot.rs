//! SVG figures for the reports: a bar chart of the degree distribution and drawings of
//! small graph components.
//!
//! Plain SVG 1.1 text, no dependencies, byte-deterministic: the layouts are computed
//! from the graph alone (a fixed-iteration spring embedding started from a circle),
//! and every coordinate is printed with one decimal.

use std::collections::BTreeMap;
use std::fmt::Write;

/// A bar chart of `vertices per degree`, with counts above the bars.
pub fn degree_chart(dist: &BTreeMap<usize, usize>, title: &str) -> String {
    let (w, h, left, bottom, top) = (640.0, 360.0, 60.0, 40.0, 40.0);
    let max_deg = dist.keys().next_back().copied().unwrap_or(0);
    let max_count = dist.values().copied().max().unwrap_or(1).max(1) as f64;
    let bars = max_deg + 1;
    let slot = (w - left - 20.0) / bars as f64;
    let scale = (h - bottom - top) / max_count;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="20" text-anchor="middle" font-size="14">{}</text>"#,
        w / 2.0,
        escape(title)
    );
    let base = h - bottom;
    let _ = writeln!(
        s,
        r#"<line x1="{left}" y1="{base}" x2="{:.1}" y2="{base}" stroke="black"/>"#,
        w - 20.0
    );
    for d in 0..=max_deg {
        let count = dist.get(&d).copied().unwrap_or(0);
        let x = left + d as f64 * slot;
        let bh = count as f64 * scale;
        let _ = writeln!(
            s,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#4477aa"/>"##,
            x + slot * 0.1,
            base - bh,
            slot * 0.8,
            bh
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{d}</text>"#,
            x + slot / 2.0,
            base + 15.0
        );
        if count > 0 {
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                x + slot / 2.0,
                base - bh - 4.0,
                crate::output::table::fmt_int(count as u64)
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">degree</text>"#,
        w / 2.0,
        h - 8.0
    );
    let _ = writeln!(
        s,
        r#"<text x="14" y="{:.1}" transform="rotate(-90 14 {:.1})" text-anchor="middle">vertices</text>"#,
        h / 2.0,
        h / 2.0
    );
    s.push_str("</svg>\n");
    s
}

/// A drawing of a small graph: `labels[i]` names vertex `i`, `edges` are index pairs.
/// Layout: vertices on a circle, then a deterministic spring embedding
/// (Fruchterman–Reingold, fixed iterations and cooling).
pub fn graph_drawing(labels: &[String], edges: &[(usize, usize)], title: &str) -> String {
    let n = labels.len();
    let (size, margin) = (420.0f64, 40.0f64);
    let mut pos: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n.max(1) as f64;
            (a.cos(), a.sin())
        })
        .collect();
    let k = (4.0 / n.max(1) as f64).sqrt();
    let mut temp = 0.2;
    for _ in 0..500 {
        let mut disp = vec![(0.0f64, 0.0f64); n];
        for i in 0..n {
            for j in 0..n {
                if i != j {
                    let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                    let d2 = (dx * dx + dy * dy).max(1e-9);
                    let f = k * k / d2;
                    disp[i].0 += dx * f;
                    disp[i].1 += dy * f;
                }
            }
        }
        for &(a, b) in edges {
            let (dx, dy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
            let d = (dx * dx + dy * dy).sqrt().max(1e-9);
            let f = d / k;
            disp[a].0 -= dx * f;
            disp[a].1 -= dy * f;
            disp[b].0 += dx * f;
            disp[b].1 += dy * f;
        }
        for i in 0..n {
            let (dx, dy) = disp[i];
            let d = (dx * dx + dy * dy).sqrt().max(1e-9);
            pos[i].0 += dx / d * d.min(temp);
            pos[i].1 += dy / d * d.min(temp);
        }
        temp *= 0.99;
    }
    let (minx, maxx) = pos
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (miny, maxy) = pos
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let span = (maxx - minx).max(maxy - miny).max(1e-9);
    let map = |p: (f64, f64)| {
        (
            margin + (p.0 - minx) / span * (size - 2.0 * margin),
            margin + 10.0 + (p.1 - miny) / span * (size - 2.0 * margin),
        )
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{:.0}" viewBox="0 0 {size} {:.0}" font-family="sans-serif" font-size="9">"#,
        size + 10.0,
        size + 10.0
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="18" text-anchor="middle" font-size="13">{}</text>"#,
        size / 2.0,
        escape(title)
    );
    for &(a, b) in edges {
        let (p, q) = (map(pos[a]), map(pos[b]));
        let _ = writeln!(
            s,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#888"/>"##,
            p.0, p.1, q.0, q.1
        );
    }
    for (i, label) in labels.iter().enumerate() {
        let p = map(pos[i]);
        let _ = writeln!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="4" fill="#cc6677"/><text x="{:.1}" y="{:.1}">{}</text>"##,
            p.0,
            p.1,
            p.0 + 5.0,
            p.1 - 5.0,
            escape(label)
        );
    }
    s.push_str("</svg>\n");
    s
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    #[test]
    fn figures_are_deterministic_svg() {
        let dist = [(1usize, 3usize), (2, 5)].into_iter().collect();
        let a = super::degree_chart(&dist, "t");
        assert!(a.starts_with("<svg") && a.ends_with("</svg>\n"));
        assert_eq!(a, super::degree_chart(&dist, "t"));
        let labels: Vec<String> = (0..4).map(|i| i.to_string()).collect();
        let e = [(0, 1), (1, 2), (2, 3), (3, 0)];
        assert_eq!(
            super::graph_drawing(&labels, &e, "c4"),
            super::graph_drawing(&labels, &e, "c4")
        );
    }
}
