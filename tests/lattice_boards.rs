//! Boards on skew lattices and lines of several dominoes, cross-checked against a
//! brute force that shares nothing with the engine: its own lattice arithmetic (a
//! point is reduced into the fundamental parallelogram of the given basis, not the
//! Hermite normal form), its own lines, its own point group (every 2×2 matrix with
//! small entries that preserves the lattice and the directions), plain recursion over
//! cells, and canonical forms as the minimum over every symmetry.

use amoba::core::board::Board;
use amoba::pairing::catalogue::enumerate::build_catalogue;
use amoba::pairing::search::Options;
use std::collections::{BTreeMap, BTreeSet};

/// A periodic board of the plane, in the brute force's own terms.
struct Plain {
    basis: [[i64; 2]; 2],
    dirs: Vec<[i64; 2]>,
    p: usize,
    /// The cells, as representatives in the half-open parallelogram of the basis.
    cells: Vec<[i64; 2]>,
    index: BTreeMap<[i64; 2], usize>,
    /// The engine's text order: cell `i` of the one-line form is `order[i]`.
    order: Vec<usize>,
}

impl Plain {
    fn det(&self) -> i64 {
        let [[a, b], [c, d]] = self.basis;
        a * d - b * c
    }

    /// `x` reduced into the parallelogram `{s·b1 + t·b2 : 0 ≤ s, t < 1}`.
    fn rep(&self, x: [i64; 2]) -> [i64; 2] {
        let [[a, b], [c, d]] = self.basis;
        let det = self.det();
        // x = s·b1 + t·b2 with s = (x0·d − x1·c)/det, t = (a·x1 − b·x0)/det.
        let floor = |num: i64| {
            if det < 0 {
                (-num).div_euclid(-det)
            } else {
                num.div_euclid(det)
            }
        };
        let (fs, ft) = (floor(x[0] * d - x[1] * c), floor(a * x[1] - b * x[0]));
        [x[0] - fs * a - ft * c, x[1] - fs * b - ft * d]
    }

    fn in_lattice(&self, x: [i64; 2]) -> bool {
        self.rep(x) == self.rep([0, 0])
    }

    fn new(basis: [[i64; 2]; 2], dirs: Vec<[i64; 2]>) -> Plain {
        let mut plain = Plain {
            basis,
            p: 2 * dirs.len(),
            dirs,
            cells: Vec::new(),
            index: BTreeMap::new(),
            order: Vec::new(),
        };
        let n = plain.det().unsigned_abs() as usize;
        // The cells: the representatives of a box large enough to meet every coset.
        let r = basis.iter().flatten().map(|v| v.abs()).sum::<i64>() + 1;
        let mut reps = BTreeSet::new();
        for x in -r..=r {
            for y in -r..=r {
                reps.insert(plain.rep([x, y]));
            }
        }
        assert_eq!(reps.len(), n);
        plain.cells = reps.into_iter().collect();
        plain.index = plain
            .cells
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i))
            .collect();
        // The text order (the spec's fundamental domain): 0 ≤ x < a, 0 ≤ y < n / a,
        // index y·a + x, where a is the least t > 0 with (t, 0) in the lattice.
        let a = (1..).find(|&t| plain.in_lattice([t, 0])).unwrap();
        let c = n as i64 / a;
        for y in 0..c {
            for x in 0..a {
                plain.order.push(plain.index[&plain.rep([x, y])]);
            }
        }
        plain
    }

    fn step(&self, c: usize, v: [i64; 2], k: i64) -> usize {
        let x = self.cells[c];
        self.index[&self.rep([x[0] + k * v[0], x[1] + k * v[1]])]
    }

    /// Code of the step `v` (`f` for `+v_f`, `f + n` for `−v_f`).
    fn code(&self, f: usize, forward: bool) -> u8 {
        (if forward { f } else { f + self.dirs.len() }) as u8
    }

    /// Every good pairing, as codes in the engine's text order.
    fn all_good(&self) -> Vec<Vec<u8>> {
        let n = self.cells.len();
        let mut codes = vec![u8::MAX; n];
        let mut out = Vec::new();
        self.rec(&mut codes, &mut out);
        out
    }

    fn rec(&self, codes: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let Some(c) = codes.iter().position(|&k| k == u8::MAX) else {
            if self.lines_good(codes) {
                out.push(self.order.iter().map(|&i| codes[i]).collect());
            }
            return;
        };
        for (f, &v) in self.dirs.iter().enumerate() {
            for forward in [true, false] {
                let other = self.step(c, v, if forward { 1 } else { -1 });
                if other == c || codes[other] != u8::MAX {
                    continue;
                }
                // No other domino of this family anchored less than p cells away on
                // the line (the final check makes the spacing exact).
                let anchor = if forward { c } else { other };
                if (1..self.p as i64).any(|k| {
                    codes[self.step(anchor, v, k)] == f as u8
                        || codes[self.step(anchor, v, -k)] == f as u8
                }) {
                    continue;
                }
                codes[c] = self.code(f, forward);
                codes[other] = self.code(f, !forward);
                self.rec(codes, out);
                codes[c] = u8::MAX;
                codes[other] = u8::MAX;
            }
        }
    }

    /// Every k = p + 1 consecutive cells of every line hold exactly one domino of it.
    fn lines_good(&self, codes: &[u8]) -> bool {
        let nf = self.dirs.len();
        for (f, &v) in self.dirs.iter().enumerate() {
            for start in 0..self.cells.len() {
                // Dominoes of family f anchored at start, start + v, …, start + (p−1)v
                // (a run of p + 1 cells holds a domino exactly when one is anchored
                // at one of its first p cells).
                let count = (0..self.p as i64)
                    .filter(|&k| codes[self.step(start, v, k)] == f as u8)
                    .count();
                if count != 1 {
                    return false;
                }
            }
            let _ = nf;
        }
        true
    }

    /// The point group: matrices with entries in −2..=2, determinant ±1, preserving
    /// the lattice and the signed directions.
    fn point_group(&self) -> Vec<[i64; 4]> {
        let mut out = Vec::new();
        let signed: Vec<[i64; 2]> = self
            .dirs
            .iter()
            .flat_map(|&v| [v, [-v[0], -v[1]]])
            .collect();
        for e in 0..625i64 {
            let m = [e % 5 - 2, e / 5 % 5 - 2, e / 25 % 5 - 2, e / 125 - 2];
            if (m[0] * m[3] - m[1] * m[2]).abs() != 1 {
                continue;
            }
            let ap = |v: [i64; 2]| [m[0] * v[0] + m[1] * v[1], m[2] * v[0] + m[3] * v[1]];
            if signed.iter().all(|&v| signed.contains(&ap(v)))
                && self.basis.iter().all(|&b| self.in_lattice(ap(b)))
            {
                out.push(m);
            }
        }
        out
    }

    /// The canonical form (least text over every symmetry) and the stabiliser order.
    fn canonical(&self, text: &[u8], group: &[[i64; 4]]) -> (Vec<u8>, usize) {
        let n = self.cells.len();
        let nf = self.dirs.len();
        // Codes by brute-force cell.
        let mut codes = vec![0u8; n];
        for (i, &c) in self.order.iter().enumerate() {
            codes[c] = text[i];
        }
        let vec_of = |k: u8| {
            let v = self.dirs[k as usize % nf];
            if (k as usize) < nf { v } else { [-v[0], -v[1]] }
        };
        let mut best: Option<Vec<u8>> = None;
        let mut stab = 0;
        for m in group {
            let ap = |v: [i64; 2]| [m[0] * v[0] + m[1] * v[1], m[2] * v[0] + m[3] * v[1]];
            let code_of = |v: [i64; 2]| {
                (0..2 * nf as u8)
                    .find(|&k| vec_of(k) == v)
                    .expect("the group preserves the directions")
            };
            for t in &self.cells {
                let mut img = vec![0u8; n];
                for (c, &k) in codes.iter().enumerate() {
                    let x = ap(self.cells[c]);
                    let to = self.index[&self.rep([x[0] + t[0], x[1] + t[1]])];
                    img[to] = code_of(ap(vec_of(k)));
                }
                let img_text: Vec<u8> = self.order.iter().map(|&i| img[i]).collect();
                if img_text == text {
                    stab += 1;
                }
                if best.as_ref().is_none_or(|b| img_text < *b) {
                    best = Some(img_text);
                }
            }
        }
        (best.unwrap(), stab)
    }
}

/// Engine and brute force agree on the classes and their stabilisers.
fn agree(name: &str, basis: [[i64; 2]; 2], dirs: Vec<[i64; 2]>) -> usize {
    let plain = Plain::new(basis, dirs.clone());
    let text = format!(
        "name = \"{name}\"\nlattice = [[{}, {}], [{}, {}]]\ndirections = [{}]\n",
        basis[0][0],
        basis[0][1],
        basis[1][0],
        basis[1][1],
        dirs.iter()
            .map(|v| format!("[{}, {}]", v[0], v[1]))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let board = amoba::core::board::builtin::parse(&text, name).unwrap();
    let group = plain.point_group();
    assert_eq!(
        group.len(),
        board.point_group().len(),
        "{name}: point group"
    );
    let mut classes: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
    let good = plain.all_good();
    for g in &good {
        let (c, s) = plain.canonical(g, &group);
        classes.insert(c, s);
    }
    let (cat, _, _) = build_catalogue(&board, Options::default(), &|_, _| {});
    let engine: BTreeMap<Vec<u8>, usize> = (1..=cat.len())
        .map(|id| (cat.codes_of(id).to_vec(), cat.stabiliser(id)))
        .collect();
    assert_eq!(engine, classes, "{name}: classes and stabilisers");
    // Orbit–stabiliser: the brute force's labelled count is Σ |G| / |stab|.
    let labelled: usize = classes.values().map(|s| board.group_order() / s).sum();
    assert_eq!(labelled, good.len(), "{name}: labelled pairings");
    classes.len()
}

fn board_of(text: &str) -> Board {
    amoba::core::board::builtin::parse(text, "test").unwrap()
}

#[test]
fn skew_lattices_agree_with_a_brute_force() {
    let counts = [
        // Rows and columns (p = 4) on skew lattices; columns of 16 and 8 cells.
        agree("skew16", [[4, 0], [1, 4]], vec![[1, 0], [0, 1]]),
        agree("skew16b", [[4, 0], [2, 4]], vec![[1, 0], [0, 1]]),
        // Lines of two dominoes: rows of 8 cells hold two dominoes 4 apart.
        agree("rows2", [[8, 0], [0, 4]], vec![[1, 0], [0, 1]]),
        agree("skew32", [[8, 0], [4, 4]], vec![[1, 0], [0, 1]]),
        // A direction that is not a king step.
        agree("knight", [[4, 0], [1, 4]], vec![[1, 0], [1, 2]]),
        // Three directions (p = 6) on the hexagonal torus and a skew lattice.
        agree("hex", [[6, 0], [0, 6]], vec![[1, 0], [1, 1], [0, 1]]),
        agree("hexskew", [[6, 0], [3, 6]], vec![[1, 0], [1, 1], [0, 1]]),
    ];
    eprintln!("classes: {counts:?}");
    // Both answers occur: boards with good pairings and boards with none.
    assert_eq!(counts[5], 16, "the hexagonal torus under its full group");
    assert!(counts.contains(&0) && counts.iter().filter(|&&c| c > 0).count() >= 3);
}

#[test]
fn the_16_toroidal_board_is_the_quotient_by_its_lattice() {
    let b = Board::square9_16();
    let plain = Plain::new([[8, 8], [8, -8]], vec![[1, 0], [1, 1], [0, 1], [-1, 1]]);
    assert_eq!(plain.point_group().len(), b.point_group().len());
    // The text order of the brute force is the engine's: cell i of the one-line form
    // is (i mod 16, i div 16), and its neighbours agree.
    for i in 0..128 {
        let c = plain.order[i];
        for (f, &v) in plain.dirs.iter().enumerate() {
            let to = plain.step(c, v, 1);
            let j = plain.order.iter().position(|&x| x == to).unwrap();
            assert_eq!(b.neighbor(i, f), j);
        }
    }
    let _ = board_of;
}

/// `amoba scan` against the brute force: on every lattice it lists, "found" exactly
/// when the brute force finds good pairings, "none" exactly when it finds none, and
/// the same classes and labelled count; every certificate passes `amoba verify`.
#[test]
fn scans_agree_with_a_brute_force() {
    use amoba::core::board::directions::candidates;
    use amoba::pairing::scan::{Counts, Existence, Limits, scan};
    let games: [(Vec<[i64; 2]>, usize); 3] = [
        (vec![[1, 0], [0, 1]], 16),
        (vec![[1, 0], [1, 2]], 16),
        (vec![[1, 0], [1, 1], [0, 1]], 18),
    ];
    let (mut found, mut none) = (0, 0);
    for (dirs, max) in games {
        let d: Vec<Vec<i64>> = dirs.iter().map(|v| v.to_vec()).collect();
        let list = candidates(&d, 2 * d.len(), 1, max).unwrap();
        let limits = Limits {
            find_nodes: 1 << 30,
            count_nodes: Some(1 << 30),
        };
        let rows = scan(&d, &list, limits, None, 0, &|_, _| {}).unwrap();
        assert_eq!(rows.len(), list.len());
        for r in &rows {
            let basis = [
                [r.lattice[0][0], r.lattice[0][1]],
                [r.lattice[1][0], r.lattice[1][1]],
            ];
            let plain = Plain::new(basis, dirs.clone());
            let good = plain.all_good();
            let what = format!("{dirs:?} on {basis:?}");
            match &r.existence {
                Existence::Found(f) => {
                    let pairing = &f.pairing;
                    found += 1;
                    assert!(!good.is_empty(), "{what}: found, brute force has none");
                    let out = std::process::Command::new(env!("CARGO_BIN_EXE_amoba"))
                        .args(["verify", "--no-graph", "--directions"])
                        .arg(
                            dirs.iter()
                                .map(|v| format!("{},{}", v[0], v[1]))
                                .collect::<Vec<_>>()
                                .join(" "),
                        )
                        .arg("--lattice")
                        .arg(format!(
                            "{},{} {},{}",
                            basis[0][0], basis[0][1], basis[1][0], basis[1][1]
                        ))
                        .arg("-")
                        .stdin(std::process::Stdio::piped())
                        .stdout(std::process::Stdio::piped())
                        .stderr(std::process::Stdio::piped())
                        .spawn()
                        .and_then(|mut c| {
                            use std::io::Write as _;
                            c.stdin.take().unwrap().write_all(pairing.as_bytes())?;
                            c.wait_with_output()
                        })
                        .unwrap();
                    assert_eq!(out.status.code(), Some(0), "{what}: verify {pairing}");
                }
                Existence::None { .. } => {
                    none += 1;
                    assert!(good.is_empty(), "{what}: none, brute force has some");
                }
                Existence::Unknown { .. } => panic!("{what}: unfinished"),
            }
            if let Some(Counts::Complete {
                classes, labelled, ..
            }) = &r.counts
            {
                let group = plain.point_group();
                let cls: BTreeSet<Vec<u8>> =
                    good.iter().map(|g| plain.canonical(g, &group).0).collect();
                assert_eq!(*classes as usize, cls.len(), "{what}: classes");
                assert_eq!(*labelled as usize, good.len(), "{what}: labelled");
            } else {
                assert!(good.is_empty() || r.counts.is_some(), "{what}: not counted");
            }
        }
    }
    assert!(found >= 10 && none >= 5, "found {found}, none {none}");
}
