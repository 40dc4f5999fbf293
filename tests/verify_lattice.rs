//! The verifier on periodic boards that are not rectangular tori (docs/spec.md §8): the
//! 16-toroidal board square9-16 first, then other lattices in the plane and in space.
//!
//! What is tested: the verifier's own lattice arithmetic (reduction, lines, line
//! positions, axis periods, the window size), the three text forms of square9-16 and
//! the periodicity check of the block form, the sample files of `data/square9-16/`,
//! 8-toroidal against 16-toroidal pairings (the refinement of square9), and on random
//! consistent pairings of several lattices that the periodic-window check agrees with
//! the line check and with a third, naive count done here.
//!
//! One file for one subject, the verifier on period lattices, past the usual 600
//! lines: its cases share the board, geometry and sample fixtures below.

mod common;
use common::{Rng, catalogue, digits, square9};

use amoba::check::pairing::{
    BoardData, Form, Geometry, Reader, VerifyError, analyse, code_char, code_value, codes_text,
};
use amoba::core::board::Board;
use amoba::verify::{Refinement, brute_force_class, classify};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const BIN: &str = env!("CARGO_BIN_EXE_amoba");

/// The data of square9-16 as docs/spec.md §8 states it: square9's directions, spacing, point
/// group and names on the lattice ⟨(8,8), (8,−8)⟩ = ⟨(16,0), (8,8)⟩.
fn spec_square9_16() -> BoardData {
    BoardData {
        name: "square9-16".into(),
        basis: vec![vec![16, 0], vec![8, 8]],
        has_catalogue: true,
        refines: Some("square9".into()),
        ..BoardData::of(square9())
    }
}

fn board16() -> &'static Board {
    static B: OnceLock<Board> = OnceLock::new();
    B.get_or_init(|| Board::by_name("square9-16").unwrap())
}

fn geom16() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::new(board16()).unwrap())
}

#[test]
fn the_board_square9_16_is_the_one_of_spec_section_8() {
    let mut board = BoardData::of(board16());
    let mut spec = spec_square9_16();
    // The point group is computed by the board: the same eight matrices, maybe in
    // another order.
    board.point_group.sort();
    spec.point_group.sort();
    assert_eq!(board, spec);
    // Both geometries agree cell by cell.
    let g = Geometry::from_data(&spec_square9_16()).unwrap();
    for c in 0..128 {
        for k in 0..8 {
            assert_eq!(g.step(c, k), geom16().step(c, k));
        }
    }
}

fn geom8() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::new(square9()).unwrap())
}

fn refinement() -> &'static Refinement {
    static R: OnceLock<Refinement> = OnceLock::new();
    R.get_or_init(|| Refinement::new(geom16(), geom8()).unwrap())
}

fn read(g: &Geometry, text: &[u8]) -> Result<Vec<amoba::check::pairing::Candidate>, VerifyError> {
    Reader::new(g, "t", text).collect()
}

fn sample(name: &str) -> Vec<u8> {
    std::fs::read(format!("{ROOT}/data/square9-16/{name}")).unwrap()
}

/// Is the plane vector `d` in ⟨(8,8), (8,−8)⟩? Both coordinates multiples of 8 with
/// quotients of the same parity (independent of the verifier's reduction).
fn in_lambda16(d: [i64; 3]) -> bool {
    d[0] % 8 == 0 && d[1] % 8 == 0 && (d[0] / 8 - d[1] / 8).rem_euclid(2) == 0
}

#[test]
fn square9_16_geometry_follows_spec_section_8() {
    let g = geom16();
    assert_eq!(
        (g.ncells(), g.dims(), g.axis_periods()),
        (128, &[16, 8][..], &[16, 16][..])
    );
    assert_eq!(g.basis(), vec![vec![16, 0], vec![8, 8]]);
    assert_eq!(g.lattice_text(), "⟨(16,0), (8,8)⟩");
    assert!(!g.is_rectangular() && g.has_block_form());
    assert_eq!((g.grid_rows(), g.block_rows(), g.width()), (8, 16, 16));
    // Rows and columns: 16 cells, 2 dominoes 8 apart; diagonals: 8 cells, one domino.
    let lens: Vec<usize> = (0..4).map(|f| g.line_length(f)).collect();
    let per: Vec<usize> = (0..4).map(|f| g.per_line(f)).collect();
    assert_eq!((lens, per), (vec![16, 8, 16, 8], vec![2, 1, 2, 1]));
    assert_eq!(g.nlines(), 8 + 16 + 8 + 16);
    assert_eq!((g.spacing(), g.run_length(0), g.window_side()), (8, 9, 64));
    assert_eq!(g.npoint() * g.ncells(), 1024);
    assert_eq!(g.refines(), Some("square9"));
    // Every step lands in the fundamental domain on a point equivalent modulo Λ16.
    for c in 0..128 {
        for k in 0..8 {
            let to = g.coords(g.step(c, k));
            let (dx, dy) = g.vector(k);
            let from = g.coords(c);
            assert!((0..16).contains(&to[0]) && (0..8).contains(&to[1]));
            assert!(in_lambda16([from[0] + dx - to[0], from[1] + dy - to[1], 0]));
        }
    }
    assert_eq!(g.cell_name(g.index([16, 8, 0])), "(8,0)");
    assert_eq!(g.cell_name(g.index([-1, 0, 0])), "(15,0)");
    assert_eq!(g.cell_name(g.index([3, -1, 0])), "(11,7)");
    // Lines are named by their invariant modulo its period on Λ16.
    let names: Vec<&str> = (0..g.nlines()).map(|l| g.line_name(l)).collect();
    assert_eq!(names[3], "row y≡3 (mod 8)");
    assert!(names.contains(&"diagonal x−y≡15 (mod 16)"));
    assert!(names.contains(&"column x≡7 (mod 8)"));
    assert!(names.contains(&"antidiagonal x+y≡9 (mod 16)"));
    // The row through (0,3) is the plane row y = 3, which is also y = 11.
    let (row, pos) = g.line_through(0, g.index([5, 11, 0]));
    assert_eq!((row, pos), (3, 13)); // (5,11) ≡ (13,3): 13 steps east of (0,3)
    let half = board16()
        .point_group()
        .iter()
        .position(|m| m == &vec![-1, 0, 0, -1])
        .unwrap();
    let d = g.describe_symmetry(half, g.index([4, 4, 0]));
    assert_eq!(d.formula, "(x,y) ↦ (−x+4, −y+4) (mod ⟨(16,0), (8,8)⟩)");
}

/// C and W of the sample: catalogue pairing 177 and its flip along a diagonal
/// alternating cycle of 8 cells around (3,2).
fn c_and_w() -> (Vec<u8>, Vec<u8>) {
    let c = catalogue().codes_of(177).to_vec();
    let mut w = c.clone();
    // (3,0)-(4,1) (2,1)-(1,2) (5,2)-(4,3) (2,3)-(3,4) become
    // (3,0)-(2,1) (4,1)-(5,2) (1,2)-(2,3) (4,3)-(3,4).
    for (x, y, code) in [
        (3, 0, 3),
        (2, 1, 7),
        (4, 1, 1),
        (5, 2, 5),
        (1, 2, 1),
        (2, 3, 5),
        (4, 3, 3),
        (3, 4, 7),
    ] {
        w[8 * y + x] = code;
    }
    (c, w)
}

#[test]
fn the_16_toroidal_sample_is_c_and_w_on_the_checkerboard_of_blocks() {
    let (c, w) = c_and_w();
    let g8 = geom8();
    assert!(analyse(g8, &c).good && analyse(g8, &w).good);
    let hv = |p: &[u8]| -> Vec<bool> { p.iter().map(|&k| k % 2 == 0).collect() };
    assert_eq!(hv(&c), hv(&w), "same horizontal and vertical dominoes");
    // C on the 8×8 blocks (i, j) with i + j even, W on the others.
    let g = geom16();
    let mut q = vec![0u8; 128];
    for (cell, code) in q.iter_mut().enumerate() {
        let [x, y, _] = g.coords(cell);
        let src = if (x / 8 + y / 8) % 2 == 0 { &c } else { &w };
        *code = src[(8 * (y % 8) + x % 8) as usize];
    }
    let cands = read(g, &sample("good-16.txt")).unwrap();
    assert_eq!(cands[0].codes, q);
}

#[test]
fn the_three_text_forms_of_the_16_toroidal_sample_agree_and_it_is_good() {
    let g = geom16();
    let cands = read(g, &sample("good-16.txt")).unwrap();
    let forms: Vec<Form> = cands.iter().map(|c| c.form).collect();
    assert_eq!(forms, [Form::OneLine, Form::Grid, Form::Block]);
    assert!(cands.iter().all(|c| c.codes == cands[0].codes));
    let codes = &cands[0].codes;
    let a = analyse(g, codes);
    assert!(a.good && a.checks_agree, "{a:?}");
    assert!(a.lines_misplaced.is_empty() && a.lines_with_several.is_empty());
    let w = a.window.unwrap();
    assert_eq!((w.width, w.height, w.runs_failed), (64, 64, 0));
    // Rows and columns: 64 segments of 64 cells, 56 runs each; diagonals fewer.
    assert!(w.runs_checked > 2 * 64 * 56);
    // Not periodic with square9's lattice: (8,0) moves it.
    let r = refinement();
    assert_eq!(r.kinds(), ("8-toroidal", "16-toroidal"));
    assert_eq!(r.index(), 2);
    assert!(r.restrict(codes).is_none());
    let p = r.periodicity(g, codes);
    assert!(!p.coarser_periodic);
    assert_eq!(p.kind, "16-toroidal");
    let m = p.moved_by.unwrap();
    assert_eq!(m.translation, vec![8, 0]);
    assert_ne!(m.code, m.image_code);
    // Its canonical form (brute force over the 1,024 symmetries) is good, and the same
    // from every image.
    let canon = brute_force_class(g, codes);
    assert!(analyse(g, &canon.canonical).good);
    assert!(canon.stabiliser.contains(&(0, 0)));
    let mut rng = Rng(16);
    let mut img = vec![0; 128];
    for _ in 0..8 {
        let (m, t) = (rng.below(g.npoint()), rng.below(128));
        g.apply(codes, m, t, &mut img);
        assert!(analyse(g, &img).good);
        assert_eq!(brute_force_class(g, &img).canonical, canon.canonical);
        assert!(r.restrict(&img).is_none());
    }
}

#[test]
fn the_8_toroidal_sample_is_catalogue_pairing_1() {
    let g = geom16();
    let cands = read(g, &sample("good-8.txt")).unwrap();
    assert_eq!((cands.len(), cands[0].form), (1, Form::OneLine));
    let codes = &cands[0].codes;
    assert!(analyse(g, codes).good);
    let r = refinement();
    let block = r.restrict(codes).expect("periodic with square9's lattice");
    assert_eq!(block, catalogue().codes_of(1));
    assert_eq!(r.lift(&block), *codes);
    let p = r.periodicity(g, codes);
    assert!(p.coarser_periodic && p.moved_by.is_none());
    assert_eq!(p.kind, "8-toroidal");
    assert_eq!(
        p.coarser_pairing.as_deref(),
        Some(codes_text(&block).as_str())
    );
    let class = classify(geom8(), square9(), &block, Some(catalogue())).unwrap();
    assert_eq!(class.id, Some(1));
}

#[test]
fn lifted_8x8_pairings_are_good_and_their_canonical_forms_lift() {
    // Lifting preserves the order of one-line forms and maps the 512 images of an 8×8
    // pairing onto the 1,024 images of its lift (each twice), so the canonical form of
    // a lift is the lift of the canonical form.
    let (g, r, cat) = (geom16(), refinement(), catalogue());
    let mut rng = Rng(8);
    for _ in 0..60 {
        let id = 1 + rng.below(cat.len());
        let mut img = vec![0; 64];
        geom8().apply(cat.codes_of(id), rng.below(8), rng.below(64), &mut img);
        let lifted = r.lift(&img);
        let a = analyse(g, &lifted);
        assert!(a.good && a.checks_agree, "ID {id}");
        assert_eq!(r.restrict(&lifted), Some(img));
        let canon = brute_force_class(g, &lifted);
        assert_eq!(canon.canonical, r.lift(cat.codes_of(id)), "ID {id}");
        assert_eq!(canon.stabiliser.len(), 2 * cat.stabiliser(id), "ID {id}");
    }
}

#[test]
fn a_block_that_is_not_periodic_is_rejected_naming_the_cell_pair() {
    match read(geom16(), &sample("bad-block.txt")) {
        Err(VerifyError::Malformed {
            line: 17,
            column: 4,
            message,
            ..
        }) => {
            for part in [
                "found code 1 (SE) at (3,8), expected 3 (SW) as at (11,0)",
                "(3,8) − (11,0) = (-8,8) is a period",
                "not periodic with the lattice ⟨(16,0), (8,8)⟩",
            ] {
                assert!(message.contains(part), "{message}");
            }
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn grids_and_blocks_are_told_apart_by_their_rows() {
    let g = geom16();
    let text = String::from_utf8(sample("good-16.txt")).unwrap();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    let (one, grid, block) = (rows[0], &rows[1..9], &rows[9..25]);
    assert_eq!((one.len(), block.len()), (128, 16));
    let join = |r: &[&str]| r.iter().map(|s| format!("{s}\n")).collect::<String>();
    let forms = |t: &str| -> Vec<(usize, Form)> {
        read(g, t.as_bytes())
            .unwrap()
            .iter()
            .map(|c| (c.line, c.form))
            .collect()
    };
    // A grid ends at the end of the file, at a blank line, or at a one-line pairing;
    // comment lines may stand inside a grid or block; blocks may follow each other.
    assert_eq!(forms(&join(grid)), [(1, Form::Grid)]);
    assert_eq!(
        forms(&format!("{}# note\n\n{one}\n", join(grid))),
        [(1, Form::Grid), (11, Form::OneLine)]
    );
    assert_eq!(
        forms(&format!("{}{one}\n{}", join(grid), join(grid))),
        [(1, Form::Grid), (9, Form::OneLine), (10, Form::Grid)]
    );
    let commented = format!("{}# lower half\n{}", join(&block[..8]), join(&block[8..]));
    assert_eq!(
        forms(&format!("{commented}{}\n{}", join(block), join(grid))),
        [(1, Form::Block), (18, Form::Block), (35, Form::Grid)]
    );
    let err = |t: &str| match read(g, t.as_bytes()) {
        Err(VerifyError::Malformed {
            line,
            column,
            message,
            ..
        }) => (line, column, message),
        other => panic!("{other:?}"),
    };
    // Between 8 and 16 rows: neither a grid nor a block.
    let (line, column, m) = err(&format!("{}\n", join(&block[..12])));
    assert_eq!((line, column), (13, 1));
    assert!(
        m.contains("expected row 13 of 16 of the block that starts at line 1 (a grid has 8 rows"),
        "{m}"
    );
    let (line, _, m) = err(&join(&block[..12]));
    assert_eq!(line, 13);
    assert!(
        m.contains("after 12 of 16 rows, expected the rest of the block"),
        "{m}"
    );
    // A short row in the block part, and a one-line pairing where row 10 was due.
    let (line, column, m) = err(&format!("{}0411\n", join(&block[..9])));
    assert_eq!((line, column), (10, 5));
    assert!(m.contains("row 10 of 16 of the block"), "{m}");
    let (line, _, m) = err(&format!("{}{one}\n", join(&block[..9])));
    assert_eq!(line, 10);
    assert!(m.contains("expected row 10 of 16 of the block"), "{m}");
    assert!(m.contains("cut short"), "{m}");
    // Two grids without a separator read as a block, which is not periodic here.
    let (line, _, m) = err(&join(&[grid, grid].concat()));
    assert_eq!(line, 9);
    assert!(m.contains("not periodic"), "{m}");
    assert!(m.contains("blank line"), "{m}");
    // A run of codes of any other length names all three forms.
    let (_, _, m) = err("04111\n");
    assert!(
        m.contains("expected 16 (a row of a grid or a block) or 128"),
        "{m}"
    );
}

#[test]
fn reading_goes_on_after_a_malformed_block_or_grid() {
    let g = geom16();
    let text = String::from_utf8(sample("good-16.txt")).unwrap();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    let (one, grid, block) = (rows[0], &rows[1..9], &rows[9..25]);
    let join = |r: &[&str]| r.iter().map(|s| format!("{s}\n")).collect::<String>();
    // Every result, errors included: the reader goes on after each.
    let all = |t: &str| -> Vec<Result<(usize, Form), usize>> {
        Reader::new(g, "t", t.as_bytes())
            .map(|r| match r {
                Ok(c) => Ok((c.line, c.form)),
                Err(VerifyError::Malformed { line, .. }) => Err(line),
                Err(e) => panic!("{e}"),
            })
            .collect()
    };
    // A bad character in row 11 of a block: that block is read to its end and dropped,
    // the grid after it is read.
    let mut broken: Vec<String> = block.iter().map(|r| r.to_string()).collect();
    broken[10].replace_range(3..4, "x");
    let broken: Vec<&str> = broken.iter().map(|s| s.as_str()).collect();
    assert_eq!(
        all(&format!("{}\n{}", join(&broken), join(grid))),
        [Err(11), Ok((18, Form::Grid))]
    );
    // A short row in row 3 of a grid that runs on into a block: dropped at the end of
    // the block.
    let mut short: Vec<&str> = block.to_vec();
    short[2] = "0411";
    assert_eq!(
        all(&format!("{}{one}\n", join(&short))),
        [Err(3), Ok((17, Form::OneLine))]
    );
    // A malformed line right after a complete grid: the grid is checked, then the line
    // is reported (and taken for the first row of a grid, dropped at the blank line).
    assert_eq!(
        all(&format!("{}04111116041311x6\n\n{one}\n", join(grid))),
        [Ok((1, Form::Grid)), Err(9), Ok((11, Form::OneLine))]
    );
    // A block that is not periodic is reported and reading goes on.
    let bad = String::from_utf8(sample("bad-block.txt")).unwrap();
    assert_eq!(
        all(&format!("{bad}\n{one}\n")),
        [Err(17), Ok((26, Form::OneLine))]
    );
}

#[test]
fn codes_beyond_9_are_letters() {
    for k in 0..36u8 {
        assert_eq!(code_value(code_char(k)), Some(k));
    }
    assert_eq!((code_char(10), code_char(35)), ('a', 'z'));
    assert_eq!((code_value('A'), code_value('-')), (None, None));
    // Six directions on the 12×12 torus: codes 0–9, a, b.
    let dirs = vec![
        vec![1, 0],
        vec![1, 1],
        vec![0, 1],
        vec![-1, 1],
        vec![1, 2],
        vec![2, 1],
    ];
    let data = BoardData {
        name: "six".into(),
        basis: vec![vec![12, 0], vec![0, 12]],
        directions: dirs,
        spacing: 12,
        point_group: vec![vec![1, 0, 0, 1], vec![-1, 0, 0, -1]],
        code_names: (0..12).map(|k| format!("c{k}")).collect(),
        has_catalogue: false,
        refines: None,
    };
    let g = Geometry::from_data(&data).unwrap();
    assert_eq!(g.ncodes(), 12);
    // Every cell paired along (1,2): rows y ≡ 0, 1 (mod 4) point forward (code 4),
    // the others back (code 10, `a`).
    let line: String = (0..144)
        .map(|c| if (c / 12) % 4 < 2 { '4' } else { 'a' })
        .collect();
    let cands = read(&g, format!("{line}\n").as_bytes()).unwrap();
    assert_eq!(cands[0].codes[144 - 1], 10);
    assert_eq!(codes_text(&cands[0].codes), line);
    let a = analyse(&g, &cands[0].codes);
    assert!(a.consistent && !a.good && a.checks_agree);
    for bad in ['c', 'A'] {
        let text = format!("{}{bad}\n", &line[..143]);
        match read(&g, text.as_bytes()) {
            Err(VerifyError::Malformed {
                column: 144,
                message,
                ..
            }) => assert!(message.contains("direction code 0–9, a–b"), "{message}"),
            other => panic!("{other:?}"),
        }
    }
}

/// A random parallelogram flip: two dominoes `{a, a+v}` and `{a+u, a+u+v}` become
/// `{a, a+u}` and `{a+v, a+u+v}` when `u` is a direction of the board. Keeps the
/// pairing consistent.
fn flip(g: &Geometry, codes: &mut [u8], rng: &mut Rng) -> bool {
    let n = g.ncells();
    let nc = g.ncodes();
    let a = rng.below(n);
    let kv = codes[a] as usize;
    let ku = rng.below(nc);
    let b = g.step(a, kv);
    let c = g.step(a, ku);
    let d = g.step(b, ku);
    let opp = |k: usize| (k + nc / 2) % nc;
    let distinct = a != c && a != d && b != c && b != d;
    if !distinct || codes[c] as usize != kv || g.step(c, kv) != d {
        return false;
    }
    codes[a] = ku as u8;
    codes[c] = opp(ku) as u8;
    codes[b] = ku as u8;
    codes[d] = opp(ku) as u8;
    true
}

/// The naive check: every run of `p + 1` cells along every line of the quotient,
/// walked with single steps, holds both cells of a pair; and every line holds its
/// share of dominoes.
fn naive(g: &Geometry, codes: &[u8]) -> (bool, bool) {
    let (n, nf, p) = (g.ncells(), g.nfamilies(), g.spacing());
    let mut runs_ok = true;
    for f in 0..nf {
        for start in 0..n {
            let mut cell = start;
            let mut blocked = false;
            for _ in 0..p {
                blocked |= codes[cell] as usize == f;
                cell = g.step(cell, f);
            }
            runs_ok &= blocked;
        }
    }
    let mut counts = vec![0usize; g.nlines()];
    for (c, &k) in codes.iter().enumerate() {
        if (k as usize) < nf {
            counts[g.line_through(k as usize, c).0] += 1;
        }
    }
    let counts_ok = (0..g.nlines()).all(|l| counts[l] == g.per_line(g.line_family(l)));
    (runs_ok, runs_ok && counts_ok)
}

/// Random walks of flips from `start`; every consistent pairing met must get the same
/// verdict from the window check, the line check and the naive check. Returns how
/// many were good and how many had misplaced lines.
fn agree_on_random_pairings(g: &Geometry, start: &[u8], steps: usize, seed: u64) -> (usize, usize) {
    let mut rng = Rng(seed);
    let (mut good, mut misplaced) = (0, 0);
    let mut codes = start.to_vec();
    for step in 0..steps {
        if step % 40 == 0 {
            codes = start.to_vec();
        }
        while !flip(g, &mut codes, &mut rng) {}
        let a = analyse(g, &codes);
        assert!(a.consistent, "{}", codes_text(&codes));
        let (runs_ok, naive_good) = naive(g, &codes);
        let window_ok = a.window.as_ref().unwrap().runs_failed == 0;
        assert!(a.checks_agree, "{}", codes_text(&codes));
        assert_eq!(window_ok, runs_ok, "{}", codes_text(&codes));
        assert_eq!(a.good, naive_good, "{}", codes_text(&codes));
        good += a.good as usize;
        misplaced += !a.lines_misplaced.is_empty() as usize;
    }
    (good, misplaced)
}

#[test]
fn window_and_lines_agree_on_random_pairings_of_square9_16() {
    let g = geom16();
    let sixteen = read(g, &sample("good-16.txt")).unwrap()[0].codes.clone();
    let eight = read(g, &sample("good-8.txt")).unwrap()[0].codes.clone();
    let (good, misplaced) = agree_on_random_pairings(g, &sixteen, 400, 1);
    let (good8, misplaced8) = agree_on_random_pairings(g, &eight, 400, 2);
    assert!(good + good8 > 0 && misplaced + misplaced8 > 0);
    assert!(good + good8 < 800);
}

/// A pairing of dominoes along the first axis: cells with even first coordinate
/// point forward (needs an even side `s_0`).
fn along_x(g: &Geometry) -> Vec<u8> {
    (0..g.ncells())
        .map(|c| {
            if g.coords(c)[0] % 2 == 0 {
                0
            } else {
                g.nfamilies() as u8
            }
        })
        .collect()
}

#[test]
fn other_lattices_window_and_lines_agree() {
    let s9 = BoardData::of(square9());
    // ⟨(8,0), (4,8)⟩: rows of 8 cells, columns and diagonals of 16; the half turn and
    // the two axis mirrors preserve it, the quarter turns do not.
    let mut sheared = BoardData {
        name: "sheared".into(),
        basis: vec![vec![8, 0], vec![4, 8]],
        ..s9.clone()
    };
    match Geometry::from_data(&sheared) {
        Err(VerifyError::Board { message, .. }) => {
            assert!(message.contains("out of the lattice"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    sheared.point_group = vec![
        vec![1, 0, 0, 1],
        vec![-1, 0, 0, -1],
        vec![-1, 0, 0, 1],
        vec![1, 0, 0, -1],
    ];
    let g = Geometry::from_data(&sheared).unwrap();
    assert_eq!(g.axis_periods(), &[8, 16]);
    assert_eq!((g.grid_rows(), g.block_rows()), (8, 16));
    let per: Vec<usize> = (0..4).map(|f| g.per_line(f)).collect();
    assert_eq!(per, [1, 2, 2, 2]);
    agree_on_random_pairings(&g, &along_x(&g), 300, 3);
    // A long period along x: the window grows beyond 64 to hold a period and a run.
    let long = BoardData {
        name: "long".into(),
        basis: vec![vec![40, 0], vec![0, 8]],
        point_group: vec![vec![1, 0, 0, 1], vec![-1, 0, 0, -1]],
        ..s9.clone()
    };
    let g = Geometry::from_data(&long).unwrap();
    assert_eq!(g.window_side(), 80);
    agree_on_random_pairings(&g, &along_x(&g), 200, 4);
    // In space: ⟨(6,0,0), (0,6,0), (3,3,6)⟩, the z axis has period 12.
    let cube = BoardData::of(&Board::cube7());
    let skew = BoardData {
        name: "skew".into(),
        basis: vec![vec![6, 0, 0], vec![0, 6, 0], vec![3, 3, 6]],
        point_group: vec![
            vec![1, 0, 0, 0, 1, 0, 0, 0, 1],
            vec![0, 1, 0, 1, 0, 0, 0, 0, 1],
        ],
        ..cube
    };
    let g = Geometry::from_data(&skew).unwrap();
    assert_eq!(g.axis_periods(), &[6, 6, 12]);
    assert_eq!(
        (g.grid_rows(), g.block_rows(), g.window_side()),
        (36, 72, 24)
    );
    let lens: Vec<usize> = (0..3).map(|f| g.line_length(f)).collect();
    assert_eq!(lens, [6, 6, 12]);
    agree_on_random_pairings(&g, &along_x(&g), 100, 5);
}

#[test]
fn bad_board_data_is_refused_with_a_reason() {
    let s9 = BoardData::of(square9());
    let reason = |data: BoardData| match Geometry::from_data(&data) {
        Err(VerifyError::Board { message, .. }) => message,
        other => panic!("{other:?}"),
    };
    let not_hnf = BoardData {
        basis: vec![vec![8, 8], vec![8, -8]],
        ..s9.clone()
    };
    assert!(reason(not_hnf).contains("Hermite normal form"));
    let spacing = BoardData {
        spacing: 3,
        ..s9.clone()
    };
    assert!(reason(spacing).contains("not a positive multiple of the spacing 3"));
    let twice = BoardData {
        directions: vec![vec![1, 0], vec![1, 1], vec![0, 1], vec![-1, 0]],
        ..s9.clone()
    };
    assert!(reason(twice).contains("given twice"));
    // A sublattice of index 2 that is not square9's refinement.
    let other = Geometry::from_data(&BoardData {
        basis: vec![vec![8, 0], vec![0, 16]],
        point_group: vec![vec![1, 0, 0, 1]],
        ..s9.clone()
    })
    .unwrap();
    assert!(Refinement::new(geom8(), &other).is_err());
    assert!(Refinement::new(&other, geom8()).is_ok());
}

#[test]
fn one_line_forms_with_digits_round_trip() {
    let s = "0411111504155555041522220435666627333304677773044222733046667710";
    assert_eq!(codes_text(&digits(s)), s);
}

/// Two consistent pairings of square9-16 that are not good although every line holds
/// as many dominoes as a good pairing puts on it: on some rows and columns the two
/// dominoes are not 8 apart. In the first, found by a randomised exact-cover search,
/// 13 lines are so; the second differs from the 16-toroidal sample along one
/// alternating cycle, and its only flaw is gaps of 9 cells between the two dominoes
/// of a line (so 7 on the other side): the smallest defect the window check can see.
const SAME_COUNTS: &str = "66040471773711150404111157111555204315555045553363711504042137737042552204675272042622663204262643626637360463607336371722047043";
const NEAR_MISS: &str = "04111116041311160435555504751555370433333104353304277777045737773261110432271104360455573660455720422227204222276046666260466662";

#[test]
fn lines_with_the_right_count_but_not_8_apart_are_named() {
    let g = geom16();
    for (text, lines) in [(SAME_COUNTS, 13), (NEAR_MISS, 2)] {
        let a = analyse(g, &digits(text));
        assert!(a.consistent && !a.good && a.checks_agree, "{text}");
        assert!(a.lines_without_domino.is_empty() && a.lines_with_several.is_empty());
        assert_eq!(a.lines_misplaced.len(), lines);
        assert!(a.window.unwrap().runs_failed > 0);
    }
    let a = analyse(g, &digits(NEAR_MISS));
    let named: Vec<(&str, Vec<&str>)> = a
        .lines_misplaced
        .iter()
        .map(|l| {
            (
                l.line.as_str(),
                l.dominoes.iter().map(|d| d.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        named,
        [
            ("row y≡5 (mod 8)", vec!["(2,5)-(3,5)", "(11,5)-(12,5)"]),
            ("column x≡2 (mod 8)", vec!["(2,3)-(2,4)", "(10,4)-(10,5)"]),
        ]
    );
    // The 9 cells (3,5) … (11,5) hold no pair: the first failing run of the window.
    let f = a.window.unwrap().first_failure.unwrap();
    assert_eq!((f.x, f.y, f.direction.as_str(), f.last_x), (3, 5, "E", 11));
}

// ---------------------------------------------------------------------------------
// `amoba verify --board square9-16`
// ---------------------------------------------------------------------------------

/// Two more 16-toroidal pairings, assembled like the sample: catalogue pairings 179
/// and 278 on the blocks of one colour, on the others a good 8×8 pairing with the
/// same horizontal and vertical dominoes (the second with the block grid at offset
/// (1,2)).
const OTHER_16: [&str; 2] = [
    "04111116041311160435555504751555371043333110453304157777045537773335220433372204770466177704661722220425222204256666046266660462",
    "04111513041111171045557510455555253330422533304267770426677704264222226042222260466666104666663004333315043337115777704537771045",
];

/// A scratch directory of this test binary, made once.
fn scratch() -> PathBuf {
    common::shared_dir("verify-lattice")
}

/// The square9 catalogue as a file, written once.
fn coarse_catalogue() -> &'static Path {
    static P: OnceLock<PathBuf> = OnceLock::new();
    P.get_or_init(|| {
        let path = scratch().join("catalogue-9.txt");
        catalogue().write(&path).unwrap();
        path
    })
}

/// A catalogue file of square9-16 holding the canonical forms of `pairings`.
fn catalogue16(name: &str, pairings: &[Vec<u8>]) -> PathBuf {
    let mut lines: Vec<String> = pairings
        .iter()
        .map(|p| codes_text(&brute_force_class(geom16(), p).canonical))
        .collect();
    lines.sort();
    lines.dedup();
    let path = scratch().join(name);
    std::fs::write(
        &path,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
    path
}

/// `amoba verify --board square9-16 --no-graph --coarser-catalogue … ARGS`, with
/// `stdin` on standard input.
fn verify16(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(BIN)
        .args([
            "verify",
            "--board",
            "square9-16",
            "--no-graph",
            "--coarser-catalogue",
        ])
        .arg(coarse_catalogue())
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = stdin.as_bytes().to_vec();
    let mut w = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        use std::io::Write;
        let _ = w.write_all(&input);
    });
    common::output_text(&child.wait_with_output().unwrap())
}

#[test]
fn cli_without_the_16_toroidal_catalogue_says_how_to_make_it() {
    let missing = scratch().join("none").join("catalogue-9-16.txt");
    let missing_arg = missing.to_str().unwrap();
    let (out, err, code) = verify16(
        &[
            "--catalogue",
            missing_arg,
            "data/square9-16/good-16.txt",
            "data/square9-16/good-8.txt",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
    for part in [
        "data/square9-16/good-16.txt:19: pairing 1 (one-line form): GOOD",
        "data/square9-16/good-16.txt:33: pairing 3 (block form): GOOD",
        "lines: each of the 48 lines holds its dominoes exactly 8 apart: 2 on each \
         horizontal line, 1 on each diagonal line",
        "16-toroidal: not periodic with the lattice of square9: translation by (8,0) \
         changes it ((3,0) has code 1 (SE), (11,0) has code 3 (SW))",
        "not found, so the ID is unknown; `amoba enumerate --board square9-16` writes \
         results/catalogue-9-16.txt",
        "8-toroidal: periodic with the lattice of square9, whose pairing it repeats",
        "    square9 pairing: 0411111504155555041522220435666627333304677773044222733046667710\n",
        "    square9 catalogue ID: 1\n",
        "4 pairings: 4 good, 0 not good",
    ] {
        assert!(out.contains(part), "missing {part:?} in\n{out}");
    }
    assert_eq!(out.matches("catalogue ID: none (").count(), 4);
    assert!(
        !missing.exists(),
        "the 16-toroidal catalogue is never enumerated here"
    );
}

#[test]
fn cli_with_a_16_toroidal_catalogue_gives_class_ids() {
    let g = geom16();
    let sample16 = read(g, &sample("good-16.txt")).unwrap()[0].codes.clone();
    let mut all = vec![sample16.clone()];
    for text in OTHER_16 {
        let codes = digits(text);
        let a = analyse(g, &codes);
        assert!(a.good && refinement().restrict(&codes).is_none(), "{text}");
        all.push(codes);
    }
    // A catalogue of these three classes only (the full one comes from `amoba
    // enumerate --board square9-16`); the sample's ID is its rank among them.
    let path = catalogue16("three.txt", &all);
    let canon = codes_text(&brute_force_class(g, &sample16).canonical);
    let text = std::fs::read_to_string(&path).unwrap();
    let id = 1 + text.lines().position(|l| l == canon).unwrap();
    let mut stdin = String::new();
    for (i, codes) in all.iter().enumerate() {
        // Each under some symmetry, to exercise the canonical form.
        let mut img = vec![0; 128];
        g.apply(codes, i % g.npoint(), 37 * i, &mut img);
        stdin.push_str(&codes_text(&img));
        stdin.push('\n');
    }
    let cat = path.to_str().unwrap();
    let (out, err, code) = verify16(
        &[
            "--catalogue",
            cat,
            "--brief",
            "data/square9-16/good-16.txt",
            "data/square9-16/good-8.txt",
            "-",
        ],
        &stdin,
    );
    assert_eq!(code, 0, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    for l in &lines[..3] {
        assert!(
            l.ends_with(&format!(": good, 16-toroidal, ID {id}")),
            "{out}"
        );
    }
    assert!(lines[3].ends_with("good-8.txt:9: pairing 1: good, 8-toroidal, square9 ID 1"));
    let mut ids: Vec<&str> = lines[4..]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap())
        .collect();
    ids.sort();
    assert_eq!(ids, ["1", "2", "3"], "{out}");
    // JSON: the block form, the periodicity and the class on square9.
    let (out, err, code) = verify16(
        &[
            "--catalogue",
            cat,
            "--json",
            "data/square9-16/good-16.txt",
            "data/square9-16/good-8.txt",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v = common::schema::assert_valid_text(&out);
    let p16 = &v["inputs"][0]["reports"][2];
    assert_eq!(p16["form"], "block");
    assert_eq!(p16["class"]["id"], id);
    assert_eq!(p16["class"]["periodicity"]["kind"], "16-toroidal");
    assert_eq!(
        p16["class"]["periodicity"]["moved_by"]["translation"],
        serde_json::json!([8, 0])
    );
    let p8 = &v["inputs"][1]["reports"][0]["class"];
    assert_eq!(p8["id"], serde_json::Value::Null);
    assert_eq!(p8["periodicity"]["coarser_periodic"], true);
    assert_eq!(p8["periodicity"]["coarser_class"]["id"], 1);
    assert_eq!(p8["stabiliser_order"], 2);
}

#[test]
fn cli_an_8_toroidal_class_in_the_16_toroidal_catalogue_is_a_cross_check_failure() {
    let eight = read(geom16(), &sample("good-8.txt")).unwrap()[0]
        .codes
        .clone();
    let path = catalogue16("with-8.txt", &[eight]);
    let (out, err, code) = verify16(
        &[
            "--catalogue",
            path.to_str().unwrap(),
            "data/square9-16/good-8.txt",
        ],
        "",
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("cross-check failed"), "{err}");
    assert!(
        err.contains("which holds the 16-toroidal classes only"),
        "{err}"
    );
}

#[test]
fn cli_bad_candidates_exit_1_or_2() {
    let (out, err, code) = verify16(&["data/square9-16/bad-block.txt"], "");
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.starts_with("data/square9-16/bad-block.txt:17:4: found code 1 (SE) at (3,8)"),
        "{err}"
    );
    let (out, err, code) = verify16(&["-"], &format!("{NEAR_MISS}\n{SAME_COUNTS}\n"));
    assert_eq!(code, 1, "{out}{err}");
    for part in [
        "lines: 0 without a domino, 0 with too many, 2 with too few or not 8 apart:",
        "    row y≡5 (mod 8): 2 dominoes (2,5)-(3,5), (11,5)-(12,5) (expected 2 dominoes 8 \
         apart)\n",
        "FAILS: the 9 cells from (3,5) going E to (11,5) hold no pair",
        "2 pairings: 0 good, 2 not good",
    ] {
        assert!(out.contains(part), "missing {part:?} in\n{out}");
    }
    let (out, _, code) = verify16(&["--brief", "-"], &format!("{NEAR_MISS}\n"));
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "<stdin>:1: pairing 1: NOT GOOD: 0 lines without a domino, 0 with too many, 2 with \
         too few or not evenly spaced\n"
    );
}

#[test]
fn cli_a_board_with_several_dominoes_per_line_gets_no_graph_facts() {
    // {E, S} on ⟨(12,0), (5,1)⟩: each direction has one line of 12 cells holding 3
    // dominoes 4 apart, where the move of docs/spec.md §5 is not defined. The pairing
    // is still classified; the graph step is skipped with a note, not an error.
    let mut child = Command::new(BIN)
        .args([
            "verify",
            "--directions",
            "1,0 0,1",
            "--lattice",
            "12,0 5,1",
            "-",
        ])
        .current_dir(scratch())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"023102310231\n")
            .unwrap();
    }
    let (out, err, code) = common::output_text(&child.wait_with_output().unwrap());
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("GOOD") && out.contains("catalogue ID: 1"),
        "{out}"
    );
    assert!(out.contains("stabiliser order: 12"), "{out}");
    assert!(
        err.contains("lines hold 3/3 dominoes, so it has no pairing graph"),
        "{err}"
    );
}
