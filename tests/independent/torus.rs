//! Pairings of a small square torus as plain grids of codes, written from the
//! definitions alone: goodness (one domino per line), the images under a symmetry
//! group, the canonical form as the least image by brute force, and the move that
//! slides dominoes along their lines, slide by slide.
//!
//! A torus here is `n × n` cells, cell `(x, y)` at index `n·y + x`, with `F` direction
//! vectors `v_0 … v_{F−1}`: code `f` points from a cell to its partner at `+v_f`, code
//! `f + F` at `−v_f`. A line of family `f` is an orbit of `+v_f`, named by its least
//! cell index. The symmetries are `c ↦ M·c + t` for `M` in the given point group
//! (2×2 integer matrices, row-major) and every translation `t`.

/// An `n × n` torus with its directions and point group.
pub struct Torus {
    /// Side.
    pub n: i64,
    /// Direction vectors; code `f` is `+dirs[f]`, code `f + F` is `−dirs[f]`.
    pub dirs: Vec<(i64, i64)>,
    /// Point group, row-major 2×2 matrices.
    pub group: Vec<[i64; 4]>,
    /// `line[f][c]`: the line of family `f` through cell `c` (its least cell).
    line: Vec<Vec<usize>>,
    /// For each symmetry `(m, t)`, in the order `m` major: the cell each image cell
    /// comes from.
    preimage: Vec<Vec<usize>>,
    /// For each matrix `m`: the image of each code.
    code_image: Vec<Vec<u8>>,
}

impl Torus {
    /// Builds the tables; panics if a matrix does not map the direction set to itself
    /// (up to sign).
    pub fn new(n: i64, dirs: Vec<(i64, i64)>, group: Vec<[i64; 4]>) -> Torus {
        let cells = (n * n) as usize;
        let mut t = Torus {
            n,
            dirs,
            group,
            line: Vec::new(),
            preimage: Vec::new(),
            code_image: Vec::new(),
        };
        t.line = (0..t.dirs.len())
            .map(|f| {
                (0..cells)
                    .map(|c| {
                        let (x, y) = t.xy(c);
                        let (dx, dy) = t.dirs[f];
                        (0..n).map(|s| t.at(x + s * dx, y + s * dy)).min().unwrap()
                    })
                    .collect()
            })
            .collect();
        for m in t.group.clone() {
            let image: Vec<u8> = (0..t.codes())
                .map(|k| {
                    let (vx, vy) = t.vector(k as u8);
                    t.code_of((m[0] * vx + m[1] * vy, m[2] * vx + m[3] * vy))
                        .expect("the point group maps directions to directions")
                })
                .collect();
            t.code_image.push(image);
            for tr in 0..cells {
                let (tx, ty) = t.xy(tr);
                let mut pre = vec![usize::MAX; cells];
                for c in 0..cells {
                    let (x, y) = t.xy(c);
                    pre[t.at(m[0] * x + m[1] * y + tx, m[2] * x + m[3] * y + ty)] = c;
                }
                assert!(pre.iter().all(|&c| c < cells), "a symmetry is a bijection");
                t.preimage.push(pre);
            }
        }
        t
    }

    /// The 8×8 torus of 9-in-a-row: E, SE, S, SW and the eight rotations and
    /// reflections of the square.
    pub fn square8() -> Torus {
        Torus::new(8, vec![(1, 0), (1, 1), (0, 1), (-1, 1)], dihedral_square())
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        (self.n * self.n) as usize
    }
    /// Number of codes, `2F`.
    pub fn codes(&self) -> usize {
        2 * self.dirs.len()
    }
    /// Number of symmetries.
    pub fn symmetries(&self) -> usize {
        self.preimage.len()
    }
    /// Coordinates of cell `c`.
    pub fn xy(&self, c: usize) -> (i64, i64) {
        ((c as i64) % self.n, (c as i64) / self.n)
    }
    /// The cell at `(x, y)`, wrapped.
    pub fn at(&self, x: i64, y: i64) -> usize {
        (y.rem_euclid(self.n) * self.n + x.rem_euclid(self.n)) as usize
    }
    /// The vector of code `k`.
    pub fn vector(&self, k: u8) -> (i64, i64) {
        let f = self.dirs.len();
        let (dx, dy) = self.dirs[k as usize % f];
        if (k as usize) < f {
            (dx, dy)
        } else {
            (-dx, -dy)
        }
    }
    /// The code of vector `v`, if it is one.
    pub fn code_of(&self, v: (i64, i64)) -> Option<u8> {
        (0..self.codes() as u8).find(|&k| self.vector(k) == v)
    }
    /// The cell `c + vector(k)`.
    pub fn step(&self, c: usize, k: u8) -> usize {
        let (x, y) = self.xy(c);
        let (dx, dy) = self.vector(k);
        self.at(x + dx, y + dy)
    }

    /// Whether `codes` is a good pairing: consistent (every partner points back) and
    /// every line holding exactly one domino.
    pub fn is_good(&self, codes: &[u8]) -> bool {
        let cells = self.cells();
        let f = self.dirs.len();
        if codes.len() != cells || codes.iter().any(|&k| k as usize >= 2 * f) {
            return false;
        }
        // Dominoes per (family, line); lines are named by their least cell.
        let mut on_line = vec![0u32; f * cells];
        for (c, &k) in codes.iter().enumerate() {
            let p = self.step(c, k);
            if codes[p] as usize != (k as usize + f) % (2 * f) {
                return false;
            }
            if (k as usize) < f {
                on_line[k as usize * cells + self.line[k as usize][c]] += 1;
            }
        }
        (0..f).all(|fam| (0..cells).all(|c| on_line[fam * cells + self.line[fam][c]] == 1))
    }

    /// The image of `codes` under symmetry number `g` (`m = g / cells`).
    pub fn image(&self, codes: &[u8], g: usize) -> Vec<u8> {
        let map = &self.code_image[g / self.cells()];
        self.preimage[g]
            .iter()
            .map(|&c| map[codes[c] as usize])
            .collect()
    }

    /// The canonical form: the lexicographically least image over every symmetry.
    /// Each image is compared with the best so far one cell at a time and abandoned
    /// at the first cell where it is larger.
    pub fn canonical(&self, codes: &[u8]) -> Vec<u8> {
        let mut best = codes.to_vec();
        let cells = self.cells();
        for (g, pre) in self.preimage.iter().enumerate() {
            let map = &self.code_image[g / cells];
            for i in 0..cells {
                let k = map[codes[pre[i]] as usize];
                if k < best[i] {
                    for j in i..cells {
                        best[j] = map[codes[pre[j]] as usize];
                    }
                    break;
                }
                if k > best[i] {
                    break;
                }
            }
        }
        best
    }

    /// The number of symmetries that fix `codes`.
    pub fn stabiliser(&self, codes: &[u8]) -> usize {
        (0..self.symmetries())
            .filter(|&g| self.image(codes, g) == codes)
            .count()
    }

    /// The move at cell `a`, done literally as defined: the domino on `a` slides one
    /// step along its line away from `a`; while some cell other than `a` is covered
    /// twice, the domino that covered it before the last slide slides one step away
    /// from it; the chain stops when the newly covered cell is `a`. Dominoes are kept
    /// as a list of cell pairs with, per cell, the dominoes covering it, so that a cell
    /// covered twice is visible. Returns the resulting codes and the number of slides,
    /// or an error if the state ever differs from what the definition says (or the
    /// chain exceeds `limit` slides).
    pub fn slide_move(
        &self,
        codes: &[u8],
        a: usize,
        limit: usize,
    ) -> Result<(Vec<u8>, usize), String> {
        let cells = self.cells();
        // Domino i covers cells (from, from + v) with v its vector.
        let mut dominoes: Vec<(usize, (i64, i64))> = Vec::new();
        let mut covering: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for (c, &k) in codes.iter().enumerate() {
            let p = self.step(c, k);
            if (k as usize) < self.dirs.len() {
                covering[c].push(dominoes.len());
                covering[p].push(dominoes.len());
                dominoes.push((c, self.vector(k)));
            }
        }
        if covering.iter().any(|d| d.len() != 1) {
            return Err("the start is not a pairing".into());
        }
        let cell_after = |c: usize, v: (i64, i64)| {
            let (x, y) = self.xy(c);
            self.at(x + v.0, y + v.1)
        };
        // Slide domino d one step away from cell `from`; returns the newly covered cell.
        let slide = |dominoes: &mut Vec<(usize, (i64, i64))>,
                     covering: &mut Vec<Vec<usize>>,
                     d: usize,
                     from: usize|
         -> usize {
            let (p, v) = dominoes[d];
            let q = cell_after(p, v);
            // The other cell and the direction from `from` to it.
            let (other, dir) = if p == from { (q, v) } else { (p, (-v.0, -v.1)) };
            let new = cell_after(other, dir);
            dominoes[d] = (other, dir);
            covering[from].retain(|&e| e != d);
            covering[new].push(d);
            new
        };
        let first = covering[a][0];
        let mut last = first;
        let mut newly = slide(&mut dominoes, &mut covering, first, a);
        let mut slides = 1;
        while newly != a {
            // Exactly one cell other than a is covered twice: the one just covered.
            let twice: Vec<usize> = (0..cells)
                .filter(|&c| c != a && covering[c].len() == 2)
                .collect();
            if twice != [newly] || covering.iter().any(|d| d.len() > 2) {
                return Err(format!(
                    "after {slides} slides, cells covered twice: {twice:?}"
                ));
            }
            if !covering[a].is_empty() {
                return Err(format!("after {slides} slides, the start cell is covered"));
            }
            let before = *covering[newly].iter().find(|&&e| e != last).unwrap();
            last = before;
            newly = slide(&mut dominoes, &mut covering, before, newly);
            slides += 1;
            if slides > limit {
                return Err(format!("the chain did not end within {limit} slides"));
            }
        }
        if covering.iter().any(|d| d.len() != 1) {
            return Err("the chain ended on a state that is not a pairing".into());
        }
        let mut out = vec![u8::MAX; cells];
        for &(p, v) in &dominoes {
            let k = self.code_of(v).ok_or("a domino changed direction")?;
            out[p] = k;
            out[cell_after(p, v)] = (k + self.dirs.len() as u8) % self.codes() as u8;
        }
        Ok((out, slides))
    }
}

/// The eight rotations and reflections of the square, row-major.
pub fn dihedral_square() -> Vec<[i64; 4]> {
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
