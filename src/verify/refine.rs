//! Boards that refine a coarser board: which pairings of the 16-toroidal board are
//! 8×8 torus pairings (docs/spec.md §8).
//!
//! A board `B` *refines* a board `A` when both have the same directions and spacing
//! and the period lattice of `B` lies inside that of `A`: `Λ_B ⊂ Λ_A`
//! (square9-16 refines square9: `⟨(8,8), (8,−8)⟩` has index 2 in `⟨(8,0), (0,8)⟩`).
//! Then
//!
//! * every good pairing of `A`, *lifted* to `B` (cell `c` of `B` gets the code of the
//!   cell of `A` it reduces to), is a good pairing of `B`: a line of `B` runs
//!   `ord_B(v)/ord_A(v)` times round a line of `A`, so its dominoes are still `p`
//!   apart and there are `ord_B(v)/p` of them;
//! * a good pairing of `B` that is invariant under the translations of `Λ_A` (it is
//!   enough to test the basis of `Λ_A`) is the lift of a good pairing of `A`, its
//!   *restriction*: read the fundamental domain of `A` (the 8×8 block at (0,0));
//! * the catalogue of `B` holds the classes of the good pairings of `B` that are
//!   **not** periodic with `Λ_A`: on square9-16 the 16-toroidal pairings, those not
//!   invariant under translation by (8,0).
//!
//! When the axis periods of a lattice are all equal to `P`, its pairings are called
//! *`P`-toroidal* (square9: 8-toroidal, square9-16: 16-toroidal), as in the published
//! work. Everything here uses the verifier's own arithmetic ([`Geometry::index`]).

use super::*;

/// How a board refines a coarser one, with the tables to test, restrict and lift.
#[derive(Clone, Debug)]
pub struct Refinement {
    coarse_name: String,
    /// The basis of the coarse lattice: the periods to test.
    periods: Vec<[i64; 3]>,
    /// `shift[j][c]`: the fine cell `c + periods[j]`.
    shift: Vec<Vec<u16>>,
    /// `restrict[c]`: the fine cell at the coordinates of coarse cell `c`.
    restrict: Vec<u16>,
    /// `lift[c]`: the coarse cell that fine cell `c` reduces to.
    lift: Vec<u16>,
    coarse_kind: String,
    fine_kind: String,
}

/// A period of the coarser lattice that changes a pairing, and a cell where it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovedBy {
    /// The translation, e.g. `(8,0)`.
    pub translation: Vec<i64>,
    /// A cell `c` whose code differs from that of `c + translation`.
    pub cell: String,
    /// Its code.
    pub code: String,
    /// The cell `c + translation`.
    pub image_cell: String,
    /// Its code.
    pub image_code: String,
}

/// Whether a good pairing of a refining board is periodic with the coarser lattice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The coarser board, e.g. `square9`.
    pub coarser_board: String,
    /// Invariant under every translation of the coarser lattice.
    pub coarser_periodic: bool,
    /// `8-toroidal` or `16-toroidal` on square9-16 (in general `P-toroidal` for axis
    /// periods all `P`, else `periodic with the lattice of …` or `not …`).
    pub kind: String,
    /// When not periodic: a period that changes the pairing.
    pub moved_by: Option<MovedBy>,
    /// When periodic: the pairing of the coarser board, in one-line form (on
    /// square9-16 the 8×8 block at (0,0)).
    pub coarser_pairing: Option<String>,
    /// When periodic: its class on the coarser board (canonical form, catalogue ID,
    /// …), filled in by the caller, who holds that board's catalogue.
    pub coarser_class: Option<Box<ClassReport>>,
}

/// `P-toroidal` when every axis period of `geom`'s lattice is `P`.
fn toroidal_name(geom: &Geometry) -> Option<String> {
    let periods = geom.axis_periods();
    periods
        .iter()
        .all(|&p| p == periods[0])
        .then(|| format!("{}-toroidal", periods[0]))
}

impl Refinement {
    /// Checks that `fine` refines `coarse` (same dimension, directions and spacing;
    /// every basis vector of `fine`'s lattice lies in `coarse`'s) and builds the
    /// tables. *Complexity*: `O(d·N)` for `N` cells of `fine`.
    pub fn new(fine: &Geometry, coarse: &Geometry) -> Result<Refinement, VerifyError> {
        let err = |message: String| VerifyError::Board {
            board: fine.name().to_string(),
            message,
        };
        if fine.dimension() != coarse.dimension()
            || fine.vec != coarse.vec
            || fine.spacing() != coarse.spacing()
        {
            return Err(err(format!(
                "it cannot refine board {}: the dimension, the directions or the spacing differ",
                coarse.name()
            )));
        }
        for b in fine.basis() {
            let mut v = [0i64; 3];
            v[..b.len()].copy_from_slice(&b);
            if coarse.reduce(v) != [0; 3] {
                return Err(err(format!(
                    "it cannot refine board {}: its period {} is not a period of {}",
                    coarse.name(),
                    vector_text(&b),
                    coarse.lattice_text()
                )));
            }
        }
        let n = fine.ncells();
        let periods: Vec<[i64; 3]> = coarse
            .basis()
            .iter()
            .map(|b| {
                let mut v = [0i64; 3];
                v[..b.len()].copy_from_slice(b);
                v
            })
            .collect();
        let shift = periods
            .iter()
            .map(|u| {
                (0..n)
                    .map(|c| {
                        let p = fine.coords(c);
                        fine.index([p[0] + u[0], p[1] + u[1], p[2] + u[2]]) as u16
                    })
                    .collect()
            })
            .collect();
        let restrict = (0..coarse.ncells())
            .map(|c| fine.index(coarse.coords(c)) as u16)
            .collect();
        let lift = (0..n)
            .map(|c| coarse.index(fine.coords(c)) as u16)
            .collect();
        let coarse_name = coarse.name().to_string();
        let (coarse_kind, fine_kind) = match (toroidal_name(coarse), toroidal_name(fine)) {
            (Some(a), Some(b)) if a != b => (a, b),
            _ => (
                format!("periodic with the lattice of {coarse_name}"),
                format!("not periodic with the lattice of {coarse_name}"),
            ),
        };
        Ok(Refinement {
            coarse_name,
            periods,
            shift,
            restrict,
            lift,
            coarse_kind,
            fine_kind,
        })
    }

    /// The coarser board's name.
    pub fn coarse_board(&self) -> &str {
        &self.coarse_name
    }

    /// What the pairings periodic with the coarser lattice are called (`8-toroidal`),
    /// and the others (`16-toroidal`).
    pub fn kinds(&self) -> (&str, &str) {
        (&self.coarse_kind, &self.fine_kind)
    }

    /// The index of the fine lattice in the coarse one: fine cells per coarse cell.
    pub fn index(&self) -> usize {
        self.lift.len() / self.restrict.len()
    }

    /// The first period of the coarser lattice (in basis order) that changes `codes`,
    /// with the first cell where it does; `None` when `codes` is periodic with the
    /// coarser lattice.
    pub fn moved_by(&self, codes: &[u8]) -> Option<(usize, usize)> {
        self.shift.iter().enumerate().find_map(|(j, shift)| {
            (0..codes.len())
                .find(|&c| codes[shift[c] as usize] != codes[c])
                .map(|c| (j, c))
        })
    }

    /// The pairing of the coarser board that `codes` is the lift of, or `None` when
    /// `codes` is not periodic with the coarser lattice.
    pub fn restrict(&self, codes: &[u8]) -> Option<Vec<u8>> {
        match self.moved_by(codes) {
            Some(_) => None,
            None => Some(self.restrict.iter().map(|&c| codes[c as usize]).collect()),
        }
    }

    /// The lift of a pairing of the coarser board: each cell gets the code of the
    /// coarse cell it reduces to.
    pub fn lift(&self, coarse_codes: &[u8]) -> Vec<u8> {
        self.lift
            .iter()
            .map(|&c| coarse_codes[c as usize])
            .collect()
    }

    /// Whether `codes` (a pairing of the fine board `fine`) is periodic with the
    /// coarser lattice; [`Periodicity::coarser_class`] is left for the caller.
    pub fn periodicity(&self, fine: &Geometry, codes: &[u8]) -> Periodicity {
        let d = fine.dimension();
        match self.moved_by(codes) {
            None => Periodicity {
                coarser_board: self.coarse_name.clone(),
                coarser_periodic: true,
                kind: self.coarse_kind.clone(),
                moved_by: None,
                coarser_pairing: self.restrict(codes).map(|c| codes_text(&c)),
                coarser_class: None,
            },
            Some((j, c)) => {
                let image = self.shift[j][c] as usize;
                let code = |c: usize| {
                    let k = codes[c];
                    format!("{} ({})", code_char(k), fine.code_name(k as usize))
                };
                Periodicity {
                    coarser_board: self.coarse_name.clone(),
                    coarser_periodic: false,
                    kind: self.fine_kind.clone(),
                    moved_by: Some(MovedBy {
                        translation: self.periods[j][..d].to_vec(),
                        cell: fine.cell_name(c).to_string(),
                        code: code(c),
                        image_cell: fine.cell_name(image).to_string(),
                        image_code: code(image),
                    }),
                    coarser_pairing: None,
                    coarser_class: None,
                }
            }
        }
    }
}

/// What the good pairings of a board are called, by their periods (module docs): on a
/// board that refines a coarser one, a pairing periodic with the coarser lattice is of
/// the coarser kind and any other of the finer (square9-16: `8-toroidal` or
/// `16-toroidal`); on any other board whose axis periods are all `P`, every pairing is
/// `P-toroidal` (square9: `8-toroidal`); on the rest, no kind is named. Decided from
/// the board's lattice and the board it refines, never from its name.
#[derive(Clone, Debug)]
pub enum Kinds {
    /// The axis periods differ and the board refines none: no kind.
    Unnamed,
    /// Every pairing is of this kind.
    Every(String),
    /// The kind depends on the pairing: periodic with the coarser lattice or not.
    Refined(Box<Refinement>),
}

impl Kinds {
    /// The kinds of the pairings of `geom`'s board; the coarser board, when it refines
    /// one, is a built-in board named by [`Geometry::refines`].
    ///
    /// # Errors
    ///
    /// The coarser board is unknown or is not refined by this one.
    pub fn of(geom: &Geometry) -> Result<Kinds, VerifyError> {
        match geom.refines() {
            Some(name) => {
                let b = Board::by_name(name).map_err(|e| VerifyError::Board {
                    board: name.to_string(),
                    message: e.to_string(),
                })?;
                let coarse = Geometry::new(&b)?;
                Ok(Kinds::Refined(Box::new(Refinement::new(geom, &coarse)?)))
            }
            None => Ok(toroidal_name(geom).map_or(Kinds::Unnamed, Kinds::Every)),
        }
    }

    /// The kind of the pairing `codes` of the board (`8-toroidal`, `16-toroidal`, …),
    /// or `None` on a board whose pairings have no such name. The kind is the same for
    /// every pairing of a class: the translations of the coarser lattice commute with
    /// the board's symmetries.
    pub fn kind(&self, codes: &[u8]) -> Option<String> {
        match self {
            Kinds::Unnamed => None,
            Kinds::Every(k) => Some(k.clone()),
            Kinds::Refined(r) => {
                let (coarse, fine) = r.kinds();
                Some(
                    if r.moved_by(codes).is_none() {
                        coarse
                    } else {
                        fine
                    }
                    .to_string(),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The codes of the first pairing of a candidate file of `board`.
    fn first(board: &Board, text: &str) -> Vec<u8> {
        let geom = Geometry::new(board).unwrap();
        let mut r = Reader::new(&geom, "t", text.as_bytes());
        r.next_candidate().unwrap().unwrap().codes
    }

    #[test]
    fn kinds_of_square9_16_pairings_come_from_the_coarser_lattice() {
        let b = Board::square9_16();
        let kinds = Kinds::of(&Geometry::new(&b).unwrap()).unwrap();
        let k16 = first(&b, include_str!("../../data/square9-16/good-16.txt"));
        let k8 = first(&b, include_str!("../../data/square9-16/good-8.txt"));
        assert_eq!(kinds.kind(&k16).as_deref(), Some("16-toroidal"));
        assert_eq!(kinds.kind(&k8).as_deref(), Some("8-toroidal"));
        // The lift of a square9 pairing is 8-toroidal; translating one half of a row by
        // 8 does not change a 16-toroidal pairing's kind.
        let sq = Board::square9();
        let sq_geom = Geometry::new(&sq).unwrap();
        assert!(matches!(Kinds::of(&sq_geom).unwrap(), Kinds::Every(ref k) if k == "8-toroidal"));
        let Kinds::Refined(r) = &kinds else {
            panic!("square9-16 refines square9")
        };
        let coarse = r.restrict(&k8).unwrap();
        assert_eq!(kinds.kind(&r.lift(&coarse)).as_deref(), Some("8-toroidal"));
        let tau = b.coarse_translation().unwrap();
        let moved: Vec<u8> = (0..k16.len()).map(|c| k16[tau[c]]).collect();
        assert_eq!(kinds.kind(&moved).as_deref(), Some("16-toroidal"));
    }

    #[test]
    fn boards_with_unequal_axis_periods_name_no_kind() {
        let b = Board::by_name("square5").unwrap();
        let g = Geometry::new(&b).unwrap();
        let expect = {
            let p = g.axis_periods();
            p.iter()
                .all(|&q| q == p[0])
                .then(|| format!("{}-toroidal", p[0]))
        };
        assert_eq!(Kinds::of(&g).unwrap().kind(&[]), expect);
    }
}
