//! What the catalogue implies about labelled pairings (orbit–stabiliser, docs/spec.md §4, §6).
//!
//! A class whose canonical form `C` has stabiliser order `s` contains `|G| / s`
//! labelled pairings. Of those, the ones that contain the *first domino* (cell 0 with
//! code 0, i.e. (0,0)–(1,0) on the square board) are the distinct images `g(C)` over
//! the candidates `g` of [`crate::pairing::symmetry`]: `c / s` of them for `c` candidates.
//! Summing over the catalogue gives the labelled counts without listing a single
//! labelled pairing; the tests compare them with a search that does no symmetry
//! reduction at all.
//!
//! # The published 6,210,560
//!
//! docs/spec.md §6 quotes 6,210,560 "pairings found by the published search before
//! reduction". It is half of the 12,421,120 labelled good pairings that contain the
//! domino (0,0)–(1,0): the reflection `y ↦ −y` fixes that domino, swaps "the partner
//! of (2,0) lies in row 1" with "… in row 7" (cell (2,0) cannot pair along its row,
//! whose domino is (0,0)–(1,0)), and fixes none of the 12,421,120 pairings. A search
//! that fixes (0,0)–(1,0) and breaks that mirror at the next cell, as a
//! lowest-free-cell backtracking does, finds exactly the 6,210,560 pairings with
//! (2,0) paired southward. [`Census::mirror`] computes all three numbers from the
//! catalogue, independently of each other.

use crate::core::board::{Board, Symmetry};
use crate::pairing::catalogue::Catalogue;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// Counts derived from a catalogue.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Census {
    /// Classes (catalogue entries).
    pub classes: u64,
    /// Labelled good pairings: `Σ |G| / s`.
    pub labelled: u64,
    /// Labelled good pairings containing the first domino (cell 0, code 0).
    pub labelled_with_first_domino: u64,
    /// Classes per stabiliser order.
    pub classes_by_stabiliser_order: BTreeMap<usize, u64>,
    /// The split of the first-domino pairings by the mirror `y ↦ −y` (2-D boards
    /// whose point group contains it and that have a published count before
    /// reduction to explain).
    pub mirror: Option<MirrorSplit>,
}

/// How the mirror `y ↦ −y` splits the pairings that contain the first domino.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MirrorSplit {
    /// Pairings with the first domino fixed by the mirror.
    pub fixed_by_mirror: u64,
    /// Pairings with the first domino in which cell (2,0) pairs southward (dy = +1).
    pub cell_2_0_pairs_south: u64,
    /// Pairings with the first domino in which cell (2,0) pairs northward (dy = −1).
    pub cell_2_0_pairs_north: u64,
}

impl Census {
    /// The census of the classes of a coarser board seen as classes of a board that
    /// refines it by a translation group of order `index` (docs/spec.md §8): on the
    /// 16-toroidal board, the 8-toroidal classes, `index = 2`.
    ///
    /// Each good pairing `X` of the coarser board lifts to exactly one good pairing of
    /// the finer board, invariant under the translations, and every invariant good
    /// pairing is a lift. When the two boards have the same point group, the finer
    /// group maps onto the coarser one with those `index` translations as kernel, so
    /// two lifts are equivalent exactly when the pairings are, and the stabiliser of a
    /// lift is `index` times the pairing's. The numbers of classes and of labelled
    /// pairings (with or without the first domino) are therefore the same; only the
    /// stabiliser orders are multiplied. The mirror split is not carried over.
    pub fn lifted(&self, index: usize) -> Census {
        Census {
            classes: self.classes,
            labelled: self.labelled,
            labelled_with_first_domino: self.labelled_with_first_domino,
            classes_by_stabiliser_order: self
                .classes_by_stabiliser_order
                .iter()
                .map(|(&s, &k)| (s * index, k))
                .collect(),
            mirror: None,
        }
    }

    /// Computes the census of `cat`, a catalogue of `board`.
    ///
    /// *Complexity*: `O(n · C)` for `n` classes and `C` candidates per class.
    pub fn of(board: &Board, cat: &Catalogue) -> Census {
        let n = board.ncells();
        let order = board.group_order() as u64;
        // The split is what explains a published count before reduction; it is
        // computed on the boards that have one.
        let mirror_m = board
            .point_group()
            .iter()
            .position(|m| m.len() == 4 && m[..] == [1, 0, 0, -1])
            .filter(|_| board.published().before_reduction.is_some());
        // dy of each code: +1 one row south, −1 one row north, 0 otherwise.
        let dy: Vec<i8> = (0..board.ncodes())
            .map(|k| {
                let v = board.family(k % board.nfamilies());
                let y = if v.len() > 1 { v[1] } else { 0 };
                match if k < board.nfamilies() { y } else { -y } {
                    1 => 1,
                    -1 => -1,
                    _ => 0,
                }
            })
            .collect();
        let ncodes = board.ncodes();
        // dy_after[m·ncodes + k]: dy of code k mapped by point-group element m.
        let dy_after: Vec<i8> = (0..board.point_group().len())
            .flat_map(|m| (0..ncodes).map(move |k| (m, k)))
            .map(|(m, k)| dy[board.mcode(m, k as u8) as usize])
            .collect();
        let cell20 = if n > 2 { 2 } else { 0 };
        let ngroup = board.point_group().len();
        // The candidates: a symmetry g(x) = M_m (x − a) that maps the domino at cell a
        // (code k) onto (0,0)–(1,0), that is M_m maps k to code 0. For each (k, a), the
        // elements m and the cell t = g⁻¹(cell20) whose code g carries to cell20:
        // `cand[first[k·n + a]..first[k·n + a + 1]]` holds the pairs (m, t).
        let mut first = Vec::with_capacity(ncodes * n + 1);
        let mut cand: Vec<(u16, u16)> = Vec::new();
        for k in 0..ncodes {
            let ms: Vec<usize> = (0..ngroup)
                .filter(|&m| board.mcode(m, k as u8) == 0)
                .collect();
            for a in 0..n {
                first.push(cand.len());
                cand.extend(ms.iter().map(|&m| (m as u16, board.pull(m, a)[cell20])));
            }
        }
        first.push(cand.len());
        // The mirror as a cell map and a code map, applied to images below.
        let mirror = mirror_m.map(|mm| {
            let g = Symmetry { m: mm, t: 0 };
            let cells: Vec<usize> = (0..n).map(|c| board.map_cell(g, c)).collect();
            (cells, board.mcode_row(mm).to_vec())
        });
        let per_class = |id: usize| -> ClassCounts {
            let c = cat.codes_of(id);
            let s = cat.stabiliser(id) as u64;
            let mut k = ClassCounts {
                stabiliser: s as usize,
                labelled: order / s,
                ..ClassCounts::default()
            };
            // Every image g(P) arises from exactly s candidates g (those g·h with h in
            // the stabiliser), so each count over candidates is s times the count over
            // distinct images.
            let (mut ncand, mut fixed, mut south, mut north) = (0u64, 0u64, 0u64, 0u64);
            let mut img = vec![0u8; if s > 1 { n } else { 0 }];
            for (a, &code) in c.iter().enumerate() {
                let slot = code as usize * n + a;
                let here = &cand[first[slot]..first[slot + 1]];
                ncand += here.len() as u64;
                let Some((mirror_cells, mirror_codes)) = mirror.as_ref() else {
                    continue;
                };
                for &(m, t) in here {
                    let m = m as usize;
                    if s > 1 {
                        // Only a pairing with a non-trivial stabiliser can have an image
                        // that the mirror fixes.
                        let row = board.mcode_row(m);
                        let pull = board.pull(m, a);
                        for (i, x) in img.iter_mut().enumerate() {
                            *x = row[c[pull[i] as usize] as usize];
                        }
                        fixed += u64::from(
                            (0..n).all(|c| img[mirror_cells[c]] == mirror_codes[img[c] as usize]),
                        );
                    }
                    // Without branches: which way is as good as random.
                    let d = dy_after[m * ncodes + c[t as usize] as usize];
                    south += u64::from(d == 1);
                    north += u64::from(d == -1);
                }
            }
            debug_assert!([ncand, fixed, south, north].iter().all(|x| x % s == 0));
            k.first = ncand / s;
            k.fixed = fixed / s;
            k.south = south / s;
            k.north = north / s;
            k
        };
        let totals: Vec<ClassCounts> = (1..=cat.len()).into_par_iter().map(per_class).collect();
        let mut hist = BTreeMap::new();
        let mut sum = ClassCounts::default();
        for k in &totals {
            *hist.entry(k.stabiliser).or_insert(0) += 1;
            sum.labelled += k.labelled;
            sum.first += k.first;
            sum.fixed += k.fixed;
            sum.south += k.south;
            sum.north += k.north;
        }
        Census {
            classes: cat.len() as u64,
            labelled: sum.labelled,
            labelled_with_first_domino: sum.first,
            classes_by_stabiliser_order: hist,
            mirror: mirror_m.map(|_| MirrorSplit {
                fixed_by_mirror: sum.fixed,
                cell_2_0_pairs_south: sum.south,
                cell_2_0_pairs_north: sum.north,
            }),
        }
    }
}

/// Per-class contributions to the census.
#[derive(Default)]
struct ClassCounts {
    stabiliser: usize,
    labelled: u64,
    first: u64,
    fixed: u64,
    south: u64,
    north: u64,
}
