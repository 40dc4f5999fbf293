//! Brute force on boards small enough to list every domino pairing, against the
//! enumerator. The brute force shares nothing with the search: it lists perfect
//! matchings of the torus by plain recursion, keeps those with one domino per line,
//! and canonicalises with its own coordinate arithmetic.

use amoba::board::Board;
use amoba::search::{Mode, Options, count_labelled, enumerate_all};
use std::collections::BTreeSet;

/// A 2-D torus n×n with the given directions and point group (2×2 integer matrices).
struct Brute {
    n: i64,
    dirs: Vec<(i64, i64)>,
    mats: Vec<[i64; 4]>,
}

impl Brute {
    fn idx(&self, x: i64, y: i64) -> usize {
        (y.rem_euclid(self.n) * self.n + x.rem_euclid(self.n)) as usize
    }
    /// Codes: k < F is +dirs[k], k ≥ F is −dirs[k−F].
    fn code_of(&self, dx: i64, dy: i64) -> Option<u8> {
        let f = self.dirs.len();
        (0..2 * f).find_map(|k| {
            let (a, b) = self.dirs[k % f];
            let (a, b) = if k < f { (a, b) } else { (-a, -b) };
            (a == dx && b == dy).then_some(k as u8)
        })
    }
    /// Every perfect matching into dominoes, as (anchor, family) lists.
    fn matchings(&self) -> Vec<Vec<(usize, usize)>> {
        let cells = (self.n * self.n) as usize;
        let mut out = Vec::new();
        let mut used = vec![false; cells];
        let mut cur = Vec::new();
        self.rec(&mut used, &mut cur, &mut out);
        out
    }
    fn rec(
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
                self.rec(used, cur, out);
                cur.pop();
                used[c] = false;
                used[partner] = false;
            }
        }
    }
    /// Codes of a matching, or None unless every line holds exactly one domino.
    fn good_codes(&self, m: &[(usize, usize)]) -> Option<Vec<u8>> {
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
    fn canonical(&self, codes: &[u8]) -> Vec<u8> {
        let n = self.n;
        let f = self.dirs.len();
        let mut best: Option<Vec<u8>> = None;
        for m in &self.mats {
            for tx in 0..n {
                for ty in 0..n {
                    let mut img = vec![0u8; codes.len()];
                    for (c, &k) in codes.iter().enumerate() {
                        let (x, y) = ((c as i64) % n, (c as i64) / n);
                        let (dx, dy) = self.dirs[k as usize % f];
                        let (dx, dy) = if (k as usize) < f {
                            (dx, dy)
                        } else {
                            (-dx, -dy)
                        };
                        let (gx, gy) = (m[0] * x + m[1] * y + tx, m[2] * x + m[3] * y + ty);
                        let (vx, vy) = (m[0] * dx + m[1] * dy, m[2] * dx + m[3] * dy);
                        img[self.idx(gx, gy)] = self.code_of(vx, vy).unwrap();
                    }
                    if best.as_ref().is_none_or(|b| img < *b) {
                        best = Some(img);
                    }
                }
            }
        }
        best.unwrap()
    }
}

fn d4() -> Vec<[i64; 4]> {
    vec![
        [1, 0, 0, 1],
        [0, -1, 1, 0],
        [-1, 0, 0, -1],
        [0, 1, -1, 0],
        [1, 0, 0, -1],
        [-1, 0, 0, 1],
        [0, 1, 1, 0],
        [0, -1, -1, 0],
    ]
}

#[test]
fn square5_brute_force_finds_exactly_two_classes_like_the_enumerator() {
    let brute = Brute {
        n: 4,
        dirs: vec![(1, 0), (0, 1)],
        mats: d4(),
    };
    let all = brute.matchings();
    let good: Vec<Vec<u8>> = all.iter().filter_map(|m| brute.good_codes(m)).collect();
    let classes: BTreeSet<Vec<u8>> = good.iter().map(|c| brute.canonical(c)).collect();
    assert_eq!(classes.len(), 2, "SPEC §7: exactly 2 classes");

    let board = Board::square5();
    let (found, _) = enumerate_all(&board, Options::default());
    let engine: BTreeSet<Vec<u8>> = found.iter().map(|f| f.codes.clone()).collect();
    assert_eq!(engine, classes);
    let (stats, _) = count_labelled(&board, Mode::Labelled, Options::default(), &|_| true);
    assert_eq!(stats.leaves as usize, good.len());
    // Orbit-stabiliser on the small board as well.
    let orbit_sum: usize = found
        .iter()
        .map(|f| board.group_order() / f.stabiliser)
        .sum();
    assert_eq!(orbit_sum, good.len());
}

#[test]
fn line3_has_exactly_one_class() {
    let board = Board::line3();
    let (found, _) = enumerate_all(&board, Options::default());
    assert_eq!(found.len(), 1);
    let (stats, _) = count_labelled(&board, Mode::Labelled, Options::default(), &|_| true);
    assert_eq!(stats.leaves, 2, "{{0,1}} and {{1,2}} pairings of the line");
}
