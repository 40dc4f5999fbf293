//! The symmetry classes of tight placements on one board ([`Classes`]): each placement
//! written cell by cell as interned shapes, its canonical form the least image over the
//! point group and the translations; and the types of the pieces, their orbits under
//! the point group.

use super::*;

/// The cookie `p` moved by the matrix `m`, in normal form.
fn moved(p: &Cookie, m: &Matrix) -> Cookie {
    let cells: Vec<Cell> = p
        .cells
        .iter()
        .map(|c| {
            let v = apply(m, c);
            [v[0], v[1]]
        })
        .collect();
    Cookie::normal(&cells, p.parts)
}

/// The type of each piece: the index of its orbit under the point group, numbered in
/// order of the orbits' first pieces.
pub(super) fn piece_types(pieces: &[Cookie], point_group: &[Matrix]) -> Vec<usize> {
    let mut types = vec![usize::MAX; pieces.len()];
    let mut next = 0;
    for i in 0..pieces.len() {
        if types[i] != usize::MAX {
            continue;
        }
        for m in point_group {
            let img = moved(&pieces[i], m);
            if let Ok(j) = pieces.binary_search(&img) {
                types[j] = next;
            }
        }
        next += 1;
    }
    types
}

/// The symmetry classes of tight placements on one board.
///
/// A placement is written cell by cell as the *shape seen from the cell* (offsets to
/// its cookie's cells, and whether each is in its own part), interned as a number; a
/// symmetry `g = (M, τ)` moves the label of cell `c` to cell `g(c)` and the shape by
/// `M`. The canonical form is the least image array over the group, compared cell by
/// cell through the inverse permutations so that most comparisons stop early.
pub struct Classes {
    /// Per symmetry: its matrix index and the inverse permutation of the cells.
    inverse: Vec<(usize, Vec<u32>)>,
    point_group: Vec<Matrix>,
    /// Interned shapes seen from a cell: offsets to the cookie's cells, same part.
    shapes: Vec<Vec<(Cell, bool)>>,
    ids: HashMap<Vec<(Cell, bool)>, u32>,
    /// `images[id][m]`: the shape `id` moved by point-group matrix `m`.
    images: Vec<Vec<u32>>,
    /// Canonical form of each class found, with its stabiliser order.
    found: HashMap<Vec<u32>, u64>,
    /// Placements added (labelled, with repeats of a class).
    pub labelled: u64,
}

impl Classes {
    /// Classes under `point_group` (identity first) and all translations of the board.
    pub fn new(board: &Cover, point_group: &[Matrix]) -> Classes {
        let lat = &board.lattice;
        let n = lat.index();
        let mut inverse = Vec::with_capacity(point_group.len() * n);
        for (mi, m) in point_group.iter().enumerate() {
            for t in 0..n {
                let t = cell_at(lat, t);
                let mut inv = vec![0u32; n];
                for c in 0..n {
                    let x = apply(m, &cell_at(lat, c));
                    inv[lat.cell_of(&[x[0] + t[0], x[1] + t[1]])] = c as u32;
                }
                inverse.push((mi, inv));
            }
        }
        Classes {
            inverse,
            point_group: point_group.to_vec(),
            shapes: Vec::new(),
            ids: HashMap::new(),
            images: Vec::new(),
            found: HashMap::new(),
            labelled: 0,
        }
    }

    /// The order of the board's symmetry group.
    pub fn group_order(&self) -> u64 {
        self.inverse.len() as u64
    }

    fn intern(&mut self, shape: Vec<(Cell, bool)>) -> u32 {
        if let Some(&id) = self.ids.get(&shape) {
            return id;
        }
        let id = self.shapes.len() as u32;
        self.ids.insert(shape.clone(), id);
        self.shapes.push(shape);
        self.images.push(Vec::new());
        id
    }

    /// Interns `shape` and its images under every matrix of the point group.
    fn label(&mut self, shape: Vec<(Cell, bool)>) -> u32 {
        let id = self.intern(shape);
        if self.images[id as usize].is_empty() {
            let ms = self.point_group.clone();
            let imgs: Vec<u32> = ms
                .iter()
                .map(|m| {
                    let mut moved: Vec<(Cell, bool)> = self.shapes[id as usize]
                        .iter()
                        .map(|&(o, same)| {
                            let v = apply(m, &o);
                            ([v[0], v[1]], same)
                        })
                        .collect();
                    moved.sort_unstable();
                    self.intern(moved)
                })
                .collect();
            self.images[id as usize] = imgs;
        }
        id
    }

    /// The label of every cell of `placement`.
    fn labels(&mut self, board: &Cover, placement: &[u32]) -> Vec<u32> {
        let mut labels = vec![0u32; board.lattice.index()];
        for &r in placement {
            let row = &board.rows[r as usize];
            let p = &board.cookies.pieces[row.piece];
            for (i, o) in p.cells.iter().enumerate() {
                let mut shape: Vec<(Cell, bool)> = p
                    .cells
                    .iter()
                    .enumerate()
                    .map(|(j, q)| ([q[0] - o[0], q[1] - o[1]], p.in_b(j) == p.in_b(i)))
                    .collect();
                shape.sort_unstable();
                let c = board.lattice.cell_of(&[row.at[0] + o[0], row.at[1] + o[1]]);
                labels[c] = self.label(shape);
            }
        }
        labels
    }

    /// The canonical form of a labelling and its stabiliser order.
    fn canonical(&self, labels: &[u32]) -> (Vec<u32>, u64) {
        let n = labels.len();
        let mut best = 0usize;
        let mut stabiliser = 1u64;
        let value = |g: usize, c: usize| {
            let (mi, inv) = &self.inverse[g];
            self.images[labels[inv[c] as usize] as usize][*mi]
        };
        for g in 1..self.inverse.len() {
            let mut order = std::cmp::Ordering::Equal;
            for c in 0..n {
                order = value(g, c).cmp(&value(best, c));
                if order.is_ne() {
                    break;
                }
            }
            match order {
                std::cmp::Ordering::Less => {
                    best = g;
                    stabiliser = 1;
                }
                std::cmp::Ordering::Equal => stabiliser += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
        ((0..n).map(|c| value(best, c)).collect(), stabiliser)
    }

    /// Records one placement; returns whether it is the first of its class.
    pub fn add(&mut self, board: &Cover, placement: &[u32]) -> bool {
        let labels = self.labels(board, placement);
        let (canonical, stabiliser) = self.canonical(&labels);
        self.labelled += 1;
        self.found.insert(canonical, stabiliser).is_none()
    }

    /// The number of classes found.
    pub fn count(&self) -> usize {
        self.found.len()
    }

    /// The classes by stabiliser order: `(order, classes)`, increasing.
    pub fn by_stabiliser(&self) -> Vec<(u64, u64)> {
        let mut m = std::collections::BTreeMap::new();
        for &s in self.found.values() {
            *m.entry(s).or_insert(0u64) += 1;
        }
        m.into_iter().collect()
    }

    /// `Σ |G| / |stabiliser|` over the classes: the labelled count of every placement
    /// in the classes found.
    pub fn orbit_sum(&self) -> u64 {
        let g = self.group_order();
        self.found.values().map(|s| g / s).sum()
    }

    /// The least canonical form found, as rows of the board.
    pub fn least(&self, board: &Cover) -> Option<Placement> {
        let form = self.found.keys().min()?;
        // Rebuild the rows: a cell's label names its cookie's cells relative to it.
        let lat = &board.lattice;
        let mut rows = Vec::new();
        let mut done = vec![false; form.len()];
        for c in 0..form.len() {
            if done[c] {
                continue;
            }
            let shape = &self.shapes[form[c] as usize];
            let at = cell_at(lat, c);
            let cells: Vec<Cell> = shape
                .iter()
                .map(|&(o, _)| [at[0] + o[0], at[1] + o[1]])
                .collect();
            let parts: u32 = shape
                .iter()
                .enumerate()
                .map(|(i, &(_, same))| u32::from(!same) << i)
                .sum();
            let cookie = Cookie::normal(&cells, parts);
            let origin = cells
                .iter()
                .min_by_key(|c| (c[1], c[0]))
                .copied()
                .expect("cells");
            for x in &cells {
                done[lat.cell_of(x)] = true;
            }
            let piece = board.cookies.pieces.binary_search(&cookie).ok()?;
            let oc = lat.cell_of(&origin);
            let r = board
                .rows
                .iter()
                .position(|r| r.piece == piece && lat.cell_of(&r.at) == oc)?;
            rows.push(r as u32);
        }
        rows.sort_unstable();
        Some(rows)
    }
}
