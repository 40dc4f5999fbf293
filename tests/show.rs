//! `amoba show` — ASCII and SVG pictures of the torus and of plane windows.

mod common;
use common::{digits as codes, output_text as out};

use amoba::check::pairing::Geometry;
use amoba::report::draw::{DrawError, View, ascii, svg};
use common::{catalogue, square9};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

const BIN: &str = env!("CARGO_BIN_EXE_amoba");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const FIRST: &str = "0411111504155555041522220435666627333304677773044222733046667710";

fn tmp() -> &'static Path {
    static P: OnceLock<PathBuf> = OnceLock::new();
    P.get_or_init(|| {
        let dir = common::shared_dir("show");
        catalogue().write(&dir.join("catalogue-9.txt")).unwrap();
        dir
    })
}

fn show(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(BIN)
        .arg("show")
        .arg("--catalogue")
        .arg(tmp().join("catalogue-9.txt"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut w = child.stdin.take().unwrap();
    if let Some(input) = stdin {
        w.write_all(input).unwrap();
    }
    drop(w);
    child.wait_with_output().unwrap()
}

const FIRST_ASCII: &str = "\
square9 pairing ID 1 · stabiliser order 1
              \\
 o-o o o o o o o
      \\ \\ \\ \\ \\
 o-o o o o o o o
      \\
 o-o o o o o o o
      \\  | | | |
 o-o o o o o o o
    /
 o o o o o o o-o
 |  / / / /
 o o o o o o o-o
          /
-o o o o o o o o-
   | | |  / /
-o o o o o o o o-
              \\
legend: o cell, - horizontal (8), \\ diagonal (8), | vertical (8), / antidiagonal (8)
the 8×8 torus: a bar cut by an edge continues at the opposite edge
";

#[test]
fn ascii_torus_of_the_first_pairing() {
    let (o, e, code) = out(&show(&["1"], None));
    assert_eq!(code, 0, "{e}");
    assert_eq!(o, FIRST_ASCII);
    // The same pairing from a file, under another caption.
    let (o, _, code) = out(&show(&["data/good/first.txt"], None));
    assert_eq!(code, 0);
    assert!(o.starts_with("data/good/first.txt: pairing 1 (line 3), good\n"));
    assert_eq!(
        o.lines().skip(1).collect::<Vec<_>>(),
        FIRST_ASCII.lines().skip(1).collect::<Vec<_>>()
    );
}

#[test]
fn ascii_window_repeats_the_torus() {
    let g = Geometry::new(square9()).unwrap();
    let a = ascii(&g, &codes(FIRST), View::Window(16), "").unwrap();
    let rows: Vec<&str> = a.lines().collect();
    assert_eq!(rows.len(), 33 + 2);
    // Cell rows repeat with period 8 (16 grid rows); interior bars too.
    for r in 1..16 {
        assert_eq!(rows[r], rows[r + 16], "grid row {r}");
    }
    // Horizontal period: the cell row y=6 is "-o o o o o o o o-o …": the domino
    // (7,6)-(8,6) of the plane is a full bar inside the window.
    assert!(
        rows[13].starts_with("-o o o o o o o o-o o o o o o o o-"),
        "{}",
        rows[13]
    );
    assert!(a.contains("a 16×16 window of the periodic plane"));
    assert!(a.contains("- horizontal (36)"), "{a}");
}

#[test]
fn crossing_diagonals_are_drawn_as_x() {
    let g = Geometry::new(square9()).unwrap();
    // data/bad/line-empty.txt: (0,0)-(1,1) and (1,0)-(0,1) cross.
    let bad = "1311111575155555041522220435666627333304677773044222733046667710";
    let a = ascii(&g, &codes(bad), View::Torus, "").unwrap();
    assert_eq!(a.lines().nth(2).unwrap().chars().nth(2), Some('X'));
}

#[test]
fn svg_has_a_bar_per_domino_and_a_legend() {
    let g = Geometry::new(square9()).unwrap();
    let c = codes(FIRST);
    let s = svg(&g, &c, View::Torus, "ID 1 <&>").unwrap();
    assert!(s.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(s.trim_end().ends_with("</svg>"));
    assert!(s.contains("<title>ID 1 &lt;&amp;&gt;</title>"));
    // Wrapping dominoes of pairing 1: the NW code at (7,0), the SE at (6,7), W at (0,6),
    // (0,7) and E at (7,6), (7,7): three dominoes cut by the frame, six half bars.
    let half = s.matches("stroke-linecap=\"butt\"").count();
    let full = s.matches("stroke-linecap=\"round\"").count();
    assert_eq!(half, 6);
    assert_eq!(full, 32 - 3 + 4, "29 whole dominoes + 4 legend samples");
    assert_eq!(s.matches("<circle").count(), 64 + half);
    for name in [
        "horizontal (W–E): 8",
        "vertical (N–S): 8",
        "diagonal (NW–SE): 8",
        "antidiagonal (NE–SW): 8",
    ] {
        assert!(s.contains(name), "{name}");
    }
    for colour in ["#d62728", "#1f77b4", "#2ca02c", "#9467bd"] {
        assert!(s.contains(colour));
    }
    assert_eq!(
        s,
        svg(&g, &c, View::Torus, "ID 1 <&>").unwrap(),
        "deterministic"
    );
}

#[test]
fn svg_to_a_file_and_windows_from_stdin() {
    let path = tmp().join("p.svg");
    let (_, e, code) = out(&show(
        &["2", "--format", "svg", "--out", path.to_str().unwrap()],
        None,
    ));
    assert_eq!(code, 0, "{e}");
    let s = std::fs::read_to_string(&path).unwrap();
    assert!(s.contains("square9 pairing ID 2 · stabiliser order"));
    let input = format!(
        "# two pairings\n{FIRST}\n\n{}\n",
        std::str::from_utf8(
            &catalogue()
                .codes_of(3)
                .iter()
                .map(|k| b'0' + k)
                .collect::<Vec<_>>()
        )
        .unwrap()
    );
    let (o, e, code) = out(&show(
        &["-", "--pick", "2", "--window", "10", "--format", "svg"],
        Some(input.as_bytes()),
    ));
    assert_eq!(code, 0, "{e}");
    assert!(o.contains("&lt;stdin&gt;: pairing 2 (line 4), good"), "{o}");
    assert_eq!(
        o.matches("<circle").count() - o.matches("stroke=\"none\"").count(),
        100
    );
    assert!(o.contains("a 10×10 window of the periodic plane"));
}

#[test]
fn show_refuses_what_it_cannot_draw() {
    let (_, e, code) = out(&show(&["data/bad/inconsistent.txt"], None));
    assert_eq!(code, 2);
    assert!(
        e.contains("the pairing is not consistent ((2,0) points to (2,1)"),
        "{e}"
    );
    let (_, e, code) = out(&show(&["0"], None));
    assert_eq!(code, 2);
    assert!(
        e.contains("found ID 0, expected a catalogue ID from 1 to 194543"),
        "{e}"
    );
    let (_, e, code) = out(&show(&["194544"], None));
    assert_eq!(code, 2);
    assert!(e.contains("found ID 194544"), "{e}");
    let (_, e, code) = out(&show(&["data/good/first.txt", "--pick", "2"], None));
    assert_eq!(code, 2);
    assert!(e.contains("found 1 pairing, expected at least 2"), "{e}");
    let (_, e, code) = out(&show(&["data/malformed/short-row.txt"], None));
    assert_eq!(code, 2);
    assert!(
        e.contains("data/malformed/short-row.txt:4:8: found 7 codes"),
        "{e}"
    );
    let (_, e, code) = out(&show(&["1", "--window", "100000"], None));
    assert_eq!(code, 2);
    assert!(e.contains("window size 100000 is out of range"), "{e}");
    let g = Geometry::new(square9()).unwrap();
    assert!(matches!(
        svg(&g, &[0; 3], View::Torus, ""),
        Err(DrawError::Codes { .. })
    ));
}

/// A small well-formedness check of XML: tags balance, attributes are quoted, `&`
/// starts an entity and `<` only starts a tag.
fn assert_well_formed_xml(s: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = s;
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        for (i, _) in text.match_indices('&') {
            let ent = &text[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| ent.starts_with(e)),
                "bare & in {text:?}"
            );
        }
        let close = rest[open..].find('>').expect("unclosed tag") + open;
        let tag = &rest[open + 1..close];
        assert!(!tag.contains('<'), "< inside a tag: {tag:?}");
        assert_eq!(
            tag.matches('"').count() % 2,
            0,
            "unbalanced quotes: {tag:?}"
        );
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name.trim()), "at <{tag}>");
        } else if !tag.ends_with('/') && !tag.starts_with('?') && !tag.starts_with('!') {
            let name = tag.split_whitespace().next().unwrap().to_string();
            stack.push(name);
        }
        rest = &rest[close + 1..];
    }
    assert!(rest.trim().is_empty(), "text after the root: {rest:?}");
    assert!(stack.is_empty(), "unclosed: {stack:?}");
}

#[test]
fn cube7_is_drawn_as_six_layers() {
    let (o, e, code) = out(&show(&["--board", "cube7", "data/cube7/good.txt"], None));
    assert_eq!(code, 0, "{e}");
    let lines: Vec<&str> = o.lines().collect();
    assert_eq!(lines[0], "data/cube7/good.txt: pairing 1 (line 4), good");
    assert_eq!(
        lines[1],
        " z=0             z=1             z=2             z=3             z=4             z=5"
    );
    // 13 character rows of six 13-column layers 3 columns apart, then the legend.
    let rows = &lines[2..15];
    assert!(rows.iter().all(|r| r.chars().count() <= 6 * 13 + 5 * 3));
    let cells: usize = rows
        .iter()
        .map(|r| r.chars().filter(|c| matches!(c, 'o' | '^' | 'v')).count())
        .sum();
    assert_eq!(cells, 216);
    // Both cells of each of the 36 dominoes along z carry a marker.
    let up: usize = rows.iter().map(|r| r.matches('^').count()).sum();
    let down: usize = rows.iter().map(|r| r.matches('v').count()).sum();
    assert_eq!((up, down), (36, 36));
    assert!(
        o.contains("legend: o cell, - along x (36), | along y (36), ^ v along z (36)"),
        "{o}"
    );
    assert!(o.contains("the 6×6×6 torus as its 6 z-layers side by side"));
    // The first row of layer z=0 against the codes: cell (x,0,0) is code[x].
    let text = std::fs::read_to_string(format!("{ROOT}/data/cube7/good.txt")).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let row0: Vec<char> = lines[3].chars().collect();
    for (x, k) in line.bytes().take(6).enumerate() {
        let want = match k {
            b'2' => '^',
            b'5' => 'v',
            _ => 'o',
        };
        assert_eq!(row0.get(2 * x + 1), Some(&want), "cell ({x},0,0)");
    }

    let (s, e, code) = out(&show(
        &["--board", "cube7", "--format", "svg", "data/cube7/good.txt"],
        None,
    ));
    assert_eq!(code, 0, "{e}");
    assert!(s.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_well_formed_xml(&s);
    for z in 0..6 {
        assert!(s.contains(&format!(">z={z}</text>")), "layer {z}");
    }
    assert_eq!(s.matches(">+z</text>").count(), 36);
    assert_eq!(s.matches(">−z</text>").count(), 36);
    assert!(s.contains("along z (−z–+z): 36 dominoes"), "{s}");
    assert!(s.contains("along x (−x–+x): 36 dominoes"), "{s}");
    // Six dashed frames, one per layer.
    assert_eq!(s.matches("stroke-dasharray=\"6 4\"").count(), 6);

    // The plane picture of square9 is still well-formed XML.
    let g = Geometry::new(square9()).unwrap();
    assert_well_formed_xml(&svg(&g, &codes(FIRST), View::Torus, "ID 1 <&>").unwrap());
}

#[test]
fn cube7_windows_and_refusals() {
    let (o, e, code) = out(&show(
        &["--board", "cube7", "--window", "12", "data/cube7/good.txt"],
        None,
    ));
    assert_eq!(code, 0, "{e}");
    let lines: Vec<&str> = o.lines().collect();
    // Six layers of 25 columns, 3 apart; each layer repeats its 6×6 torus in x and y.
    assert!(
        lines[1].starts_with(" z=0                         z=1"),
        "{o}"
    );
    let cells: usize = lines[2..27]
        .iter()
        .map(|r| r.chars().filter(|c| matches!(c, 'o' | '^' | 'v')).count())
        .sum();
    assert_eq!(cells, 6 * 144);
    assert_eq!(&lines[3][1..12], &lines[15][1..12], "period 6 in y");
    assert!(o.contains("a 12×12 window of the periodic extension of each of the 6 z-layers"));
    let (s, e, code) = out(&show(
        &[
            "--board",
            "cube7",
            "--window",
            "7",
            "--format",
            "svg",
            "data/cube7/good.txt",
        ],
        None,
    ));
    assert_eq!(code, 0, "{e}");
    assert_well_formed_xml(&s);
    let (_, e, code) = out(&show(&["--board", "cube7", "7"], None));
    assert_eq!(code, 2);
    assert!(
        e.contains("board cube7 (216 cells) has no catalogue"),
        "{e}"
    );
    // An inconsistent cube pairing is refused as on the plane.
    let text = std::fs::read_to_string(format!("{ROOT}/data/cube7/good.txt")).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let mut c = codes(line);
    let i = (1..216).find(|&i| c[i] != c[0]).unwrap();
    c.swap(0, i);
    let g = Geometry::new(&amoba::core::board::Board::cube7()).unwrap();
    assert!(matches!(
        ascii(&g, &c, View::Torus, ""),
        Err(DrawError::Inconsistent { .. })
    ));
    assert_eq!(
        ascii(&g, &codes(line), View::Window(0), ""),
        Err(DrawError::Window(0))
    );
}

#[test]
fn svg_numbers_the_rows_and_columns() {
    let g = Geometry::new(square9()).unwrap();
    let s = svg(&g, &codes(FIRST), View::Torus, "t").unwrap();
    let coords = s
        .split("class=\"coordinates\">")
        .nth(1)
        .and_then(|t| t.split("</g>").next())
        .expect("a coordinates group");
    // x = 0..7 along the top, y = 0..7 down the left.
    assert_eq!(coords.matches("<text").count(), 16, "{coords}");
    for k in 0..8 {
        assert!(coords.contains(&format!(">{k}</text>")));
    }
    // A wide window numbers every few cells only, so that the numbers do not collide.
    let w = svg(&g, &codes(FIRST), View::Window(64), "t").unwrap();
    let coords = w.split("class=\"coordinates\">").nth(1).unwrap();
    let shown = coords
        .split("</g>")
        .next()
        .unwrap()
        .matches("<text")
        .count();
    // (x along the top and y down the side: 128 if every cell were numbered.)
    assert!(
        (16..128).contains(&shown),
        "{shown} numbers on a 64-cell window"
    );
    assert_well_formed_xml(&w);
}

#[test]
fn figures_name_the_stabiliser_of_each_symmetric_pairing() {
    let dir = tmp().join("figures");
    let (o, e, code) = out(&show(&["--figures", dir.to_str().unwrap()], None));
    assert_eq!(code, 0, "{e}");
    assert!(
        o.contains("classes of stabiliser order 4: IDs 11211,"),
        "{o}"
    );
    assert!(o.contains("has 6 vertices: IDs 194121,"), "{o}");
    let s = std::fs::read_to_string(dir.join("symmetric-11211.svg")).unwrap();
    assert_well_formed_xml(&s);
    assert!(s.contains("its stabiliser, the 4 symmetries that map it to itself:"));
    assert!(
        s.contains("identity: (x,y) ↦ (x, y) (mod 8)"),
        "names every element"
    );
    // The first pairing has a trivial stabiliser: no such list.
    let p = std::fs::read_to_string(dir.join("pairing-1.svg")).unwrap();
    assert!(p.contains("stabiliser order 1") && !p.contains("its stabiliser"));
    // The figures are the same bytes on a second run.
    let again = tmp().join("figures-again");
    let (_, _, code) = out(&show(&["--figures", again.to_str().unwrap()], None));
    assert_eq!(code, 0);
    assert_eq!(
        std::fs::read(again.join("symmetric-11211.svg")).unwrap(),
        s.as_bytes()
    );
}
