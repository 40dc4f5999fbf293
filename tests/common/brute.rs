//! A brute force on small 2-D tori that shares nothing with the engine's search:
//! plain recursion over cells and explicit coordinate arithmetic for the symmetries.
#![allow(dead_code)]

use std::collections::BTreeSet;

/// A plain brute force on an n×n torus: cells are filled in index order, each free
/// cell paired with a free neighbour along a direction whose line has no domino yet;
/// no bitboards, no branching heuristics. Canonical forms by applying every group
/// element with explicit coordinates.
pub struct Brute {
    pub n: i64,
    pub dirs: Vec<(i64, i64)>,
}

impl Brute {
    /// Every perfect matching into dominoes, as (anchor, family) lists.
    pub fn matchings(&self) -> Vec<Vec<(usize, usize)>> {
        let cells = (self.n * self.n) as usize;
        let mut out = Vec::new();
        let mut used = vec![false; cells];
        let mut cur = Vec::new();
        self.rec_matching(&mut used, &mut cur, &mut out);
        out
    }
    fn rec_matching(
        &self,
        used: &mut Vec<bool>,
        cur: &mut Vec<(usize, usize)>,
        out: &mut Vec<Vec<(usize, usize)>>,
    ) {
        let Some(c) = used.iter().position(|u| !u) else {
            out.push(cur.clone());
            return;
        };
        let (x, y) = ((c as i64) % self.n, (c as i64) / self.n);
        for (f, &(dx, dy)) in self.dirs.iter().enumerate() {
            for (anchor, other) in [
                (c, self.idx(x + dx, y + dy)),
                (self.idx(x - dx, y - dy), self.idx(x - dx, y - dy)),
            ] {
                // c is either the anchor (partner at c+v) or the second cell (anchor c−v).
                let partner = if anchor == c { other } else { anchor };
                if used[partner] {
                    continue;
                }
                used[c] = true;
                used[partner] = true;
                cur.push((anchor, f));
                self.rec_matching(used, cur, out);
                cur.pop();
                used[c] = false;
                used[partner] = false;
            }
        }
    }
    /// Codes of a matching, or None unless every line holds exactly one domino.
    pub fn good_codes(&self, m: &[(usize, usize)]) -> Option<Vec<u8>> {
        let n = self.n;
        let f = self.dirs.len();
        let mut codes = vec![0u8; (n * n) as usize];
        let mut lines = BTreeSet::new();
        for &(a, fam) in m {
            let (x, y) = ((a as i64) % n, (a as i64) / n);
            let (dx, dy) = self.dirs[fam];
            codes[a] = fam as u8;
            codes[self.idx(x + dx, y + dy)] = (fam + f) as u8;
            // Line id: the family and the orbit of the anchor under +v (its least cell).
            let mut least = a;
            let (mut px, mut py) = (x, y);
            for _ in 0..n {
                px += dx;
                py += dy;
                least = least.min(self.idx(px, py));
            }
            if !lines.insert((fam, least)) {
                return None;
            }
        }
        let nlines: BTreeSet<(usize, usize)> = (0..f)
            .flat_map(|fam| (0..(n * n) as usize).map(move |c| (fam, c)))
            .map(|(fam, c)| {
                let (dx, dy) = self.dirs[fam];
                let (x, y) = ((c as i64) % n, (c as i64) / n);
                (
                    fam,
                    (0..n)
                        .map(|t| self.idx(x + t * dx, y + t * dy))
                        .min()
                        .unwrap(),
                )
            })
            .collect();
        (lines.len() == nlines.len()).then_some(codes)
    }
    fn idx(&self, x: i64, y: i64) -> usize {
        (y.rem_euclid(self.n) * self.n + x.rem_euclid(self.n)) as usize
    }
    /// The line of direction f through (x, y): its least cell index.
    fn line(&self, f: usize, x: i64, y: i64) -> usize {
        let (dx, dy) = self.dirs[f];
        (0..self.n)
            .map(|t| self.idx(x + t * dx, y + t * dy))
            .min()
            .unwrap()
    }
    /// Every good pairing, by recursion over the cells with the one-domino-per-line rule.
    pub fn all_good(&self) -> Vec<Vec<u8>> {
        let cells = (self.n * self.n) as usize;
        let mut codes = vec![u8::MAX; cells];
        let mut used_lines = BTreeSet::new();
        let mut out = Vec::new();
        self.rec(&mut codes, &mut used_lines, &mut out);
        out
    }
    fn rec(
        &self,
        codes: &mut Vec<u8>,
        lines: &mut BTreeSet<(usize, usize)>,
        out: &mut Vec<Vec<u8>>,
    ) {
        let Some(c) = codes.iter().position(|&k| k == u8::MAX) else {
            out.push(codes.clone());
            return;
        };
        let f = self.dirs.len();
        let (x, y) = ((c as i64) % self.n, (c as i64) / self.n);
        for k in 0..2 * f {
            let (dx, dy) = self.dirs[k % f];
            let (dx, dy) = if k < f { (dx, dy) } else { (-dx, -dy) };
            let p = self.idx(x + dx, y + dy);
            let line = (k % f, self.line(k % f, x, y));
            if codes[p] != u8::MAX || lines.contains(&line) {
                continue;
            }
            codes[c] = k as u8;
            codes[p] = ((k + f) % (2 * f)) as u8;
            lines.insert(line);
            self.rec(codes, lines, out);
            lines.remove(&line);
            codes[c] = u8::MAX;
            codes[p] = u8::MAX;
        }
    }
    fn code_of(&self, v: (i64, i64)) -> u8 {
        let f = self.dirs.len();
        (0..2 * f)
            .find(|&k| {
                let (dx, dy) = self.dirs[k % f];
                v == if k < f { (dx, dy) } else { (-dx, -dy) }
            })
            .expect("the group preserves the directions") as u8
    }
    /// The least image under `group` × translations.
    pub fn canonical(&self, codes: &[u8], group: &[[i64; 4]]) -> Vec<u8> {
        let f = self.dirs.len();
        let mut best: Option<Vec<u8>> = None;
        for m in group {
            for t in 0..self.n * self.n {
                let (tx, ty) = (t % self.n, t / self.n);
                let mut img = vec![0u8; codes.len()];
                for (c, &k) in codes.iter().enumerate() {
                    let (x, y) = ((c as i64) % self.n, (c as i64) / self.n);
                    let (dx, dy) = self.dirs[k as usize % f];
                    let v = if (k as usize) < f {
                        (dx, dy)
                    } else {
                        (-dx, -dy)
                    };
                    let gx = m[0] * x + m[1] * y + tx;
                    let gy = m[2] * x + m[3] * y + ty;
                    img[self.idx(gx, gy)] =
                        self.code_of((m[0] * v.0 + m[1] * v.1, m[2] * v.0 + m[3] * v.1));
                }
                if best.as_ref().is_none_or(|b| img < *b) {
                    best = Some(img);
                }
            }
        }
        best.unwrap()
    }
}

/// The group generated by `gens` (2×2 integer matrices, row-major).
pub fn generate(gens: &[[i64; 4]]) -> Vec<[i64; 4]> {
    let mul = |a: [i64; 4], b: [i64; 4]| {
        [
            a[0] * b[0] + a[1] * b[2],
            a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3],
        ]
    };
    let mut g = vec![[1, 0, 0, 1]];
    loop {
        let mut grew = false;
        for a in g.clone() {
            for &b in gens {
                let c = mul(a, b);
                if !g.contains(&c) {
                    g.push(c);
                    grew = true;
                }
            }
        }
        if !grew {
            return g;
        }
    }
}

/// The engine on `board` agrees with a brute force that found the canonical forms
/// `classes` among `good` labelled good pairings: same classes, the unreduced search
/// finds `good` pairings, and the orbit sum `Σ |G| / |stabiliser|` is `good` too.
pub fn assert_engine_agrees(
    board: &amoba::core::board::Board,
    classes: &BTreeSet<Vec<u8>>,
    good: usize,
) {
    use amoba::pairing::search::{Mode, Options, count_labelled, enumerate_all};
    let (found, _) = enumerate_all(board, Options::default());
    let engine: BTreeSet<Vec<u8>> = found.iter().map(|f| f.codes.clone()).collect();
    assert_eq!(&engine, classes, "{}", board.name());
    let (stats, _) = count_labelled(board, Mode::Labelled, Options::default(), &|_| true);
    assert_eq!(stats.leaves as usize, good, "{}", board.name());
    let orbit_sum: usize = found
        .iter()
        .map(|f| board.group_order() / f.stabiliser)
        .sum();
    assert_eq!(orbit_sum, good, "{}", board.name());
}
