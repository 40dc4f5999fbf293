"""Tests of the amoba Python package: the same answers as the command line, and the
published figures of the 8×8 torus recomputed from the arrays it returns.

The catalogue is enumerated into a temporary cache (``AMOBA_CACHE_DIR``) on first use;
the command line is ``target/release/amoba`` (built by ``cargo build --release`` or
``cargo test --release``), or ``$AMOBA_BIN``.
"""

import csv
import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session", autouse=True)
def cache(tmp_path_factory):
    d = tmp_path_factory.mktemp("cache")
    os.environ["AMOBA_CACHE_DIR"] = str(d)
    return d


@pytest.fixture(scope="session")
def cat_file(cache):
    """The square9 catalogue, enumerated once by the package and cached."""
    import amoba

    amoba.catalogue()  # enumerates into the cache when results/ has none
    found = sorted(cache.glob("catalogue-9.txt"))
    return str(found[0]) if found else str(ROOT / "results" / "catalogue-9.txt")


def cli(*args):
    exe = os.environ.get("AMOBA_BIN", str(ROOT / "target" / "release" / "amoba"))
    p = subprocess.run([exe, *args], capture_output=True, text=True, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def without_command(doc):
    doc = dict(doc)
    doc["provenance"] = {k: v for k, v in doc["provenance"].items() if k != "command"}
    return doc


def test_catalogue_arrays_give_the_published_counts(cat_file):
    import amoba

    cat = amoba.catalogue(catalogue=cat_file)
    assert len(cat) == 194543
    assert cat.codes.shape == (194543, 64) and cat.codes.dtype == np.uint8
    assert cat.ids[0] == 1 and cat.ids[-1] == 194543
    # Labelled pairings: Σ 512 / stabiliser order (docs/spec.md §6).
    assert int((512 // cat.stabiliser.astype(np.int64)).sum()) == 99368960
    assert cat.line(1) == "0411111504155555041522220435666627333304677773044222733046667710"
    # Rows ascending, as the catalogue is sorted.
    rows = cat.codes.astype(np.int16)
    first_diff = np.argmax(rows[1:] != rows[:-1], axis=1)
    i = np.arange(len(rows) - 1)
    assert (rows[1:][i, first_diff] > rows[:-1][i, first_diff]).all()


def test_sparse_matrix_and_networkx_graph_agree_with_the_exports(cat_file):
    import amoba
    import networkx as nx

    m = amoba.graph(catalogue=cat_file)
    assert m.shape == (194543, 194543)
    assert (m != m.T).nnz == 0
    assert m.nnz // 2 == 532107
    degrees = np.asarray(m.sum(axis=1)).ravel()
    g = amoba.networkx_graph(catalogue=cat_file)
    assert g.number_of_nodes() == 194543 and g.number_of_edges() == 532107
    assert all(g.degree(i + 1) == degrees[i] for i in range(0, 194543, 997))
    sizes = sorted((len(c) for c in nx.connected_components(g)), reverse=True)
    assert sizes[0] == 194333
    assert g.nodes[1]["component"] == 1
    committed = ROOT / "results" / "graph-9.degrees.csv"
    if committed.exists():
        with open(committed) as f:
            want = {int(r["degree"]): int(r["vertices"]) for r in csv.DictReader(f) if int(r["vertices"])}
        got = dict(zip(*np.unique(degrees, return_counts=True)))
        assert {int(k): int(v) for k, v in got.items()} == want


def test_query_path_canon_are_the_command_lines_documents(cat_file):
    import amoba

    for id in (1, 11211, 194543):
        code, out, err = cli("query", str(id), "--json", "--catalogue", cat_file)
        assert code == 0, err
        assert without_command(amoba.query(id, catalogue=cat_file)) == without_command(json.loads(out))
    code, out, err = cli("path", "1", "2000", "--json", "--catalogue", cat_file)
    assert code == 0, err
    assert without_command(amoba.path(1, 2000, catalogue=cat_file)) == without_command(json.loads(out))
    line = amoba.catalogue(catalogue=cat_file).line(42)
    moved = amoba.transform(line, "0,-1 1,0 + 3,0")[0]
    entry = amoba.canonical(moved, catalogue=cat_file)
    assert entry["id"] == 42 and entry["canonical"] == line
    assert entry["to_canonical"]["text"].startswith("0,1 -1,0")
    q = amoba.query(moved, catalogue=cat_file)
    assert q["id"] == 42 and q["input"]["pairing"] == moved


def test_select_and_verify(cat_file):
    import amoba

    assert len(amoba.select(catalogue=cat_file, stabiliser=4)) == 24
    assert len(amoba.select(catalogue=cat_file, stabiliser=(2, None))) == 914
    code, out, _ = cli("select", "--symmetry", "-1,0 0,-1", "--catalogue", cat_file)
    assert amoba.select(catalogue=cat_file, symmetry="-1,0 0,-1") == [int(x) for x in out.split()]
    reports = amoba.verify(amoba.catalogue(catalogue=cat_file).line(7), catalogue=cat_file)
    assert reports[0]["good"] and reports[0]["class"]["id"] == 7
    assert reports[0]["class"]["graph"]["degree"] == amoba.query(7, catalogue=cat_file)["degree"]


def test_different_components_say_so(cat_file):
    import amoba

    other = amoba.select(catalogue=cat_file, component=2)[0]
    doc = amoba.path(1, other, catalogue=cat_file)
    assert doc["connected"] is False and doc["length"] is None and doc["steps"] == []
    code, _, err = cli("path", "1", str(other), "--catalogue", cat_file)
    assert code == 1 and "different components" in err


@pytest.mark.parametrize("id", [0, 194544])
def test_bad_ids_raise_the_command_lines_message(cat_file, id):
    import amoba

    with pytest.raises(amoba.AmobaError) as e:
        amoba.query(id, catalogue=cat_file)
    code, _, err = cli("query", str(id), "--catalogue", cat_file)
    assert code == 2
    assert str(e.value) in err


def test_other_errors_are_amoba_errors(cat_file):
    import amoba

    with pytest.raises(amoba.AmobaError, match="not a symmetry of board square9"):
        amoba.transform(amoba.catalogue(catalogue=cat_file).line(1), "2,0 0,1")
    with pytest.raises(amoba.AmobaError, match="no pairing graph") as e:
        amoba.query(1, board="square9-16")
    code, _, err = cli("query", "1", "--board", "square9-16")
    assert code == 2 and str(e.value) in err
    with pytest.raises(amoba.AmobaError, match="expected a good pairing"):
        bad = "4011111504155555041522220435666627333304677773044222733046667710"
        amoba.query(bad, catalogue=cat_file)
    with pytest.raises(amoba.AmobaError, match="found 4 codes"):
        amoba.query("0411", catalogue=cat_file)
    with pytest.raises(amoba.AmobaError):
        amoba.query(1, board="no-such-board")


def test_the_worked_example_reproduces_the_degree_distribution(cat_file, tmp_path):
    import sys

    sys.path.insert(0, str(ROOT / "python" / "examples"))
    import degrees

    got = degrees.degree_distribution()
    assert sum(got.values()) == 194543
    assert sum(d * n for d, n in got.items()) == 2 * 532107
    out = tmp_path / "p.svg"
    p = subprocess.run([sys.executable, str(ROOT / "python" / "examples" / "degrees.py"), "1", str(out)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "degree 4: 39811 classes" in p.stdout
    assert out.read_text().count("<line") == 64


def without_files(x):
    """A verifier report with the names of the files it was read from left out."""
    if isinstance(x, dict):
        return {k: without_files(v) for k, v in x.items() if k != "file"}
    if isinstance(x, list):
        return [without_files(v) for v in x]
    return x


def cli_reports(*args):
    code, out, err = cli("verify", "--json", *args)
    assert code in (0, 1), err
    doc = json.loads(out)
    return [r for f in doc["inputs"] for r in f["reports"]]


@pytest.fixture(scope="session")
def cat16_file(tmp_path_factory):
    """The 16-toroidal catalogue of square9-16, enumerated by the command line."""
    d = tmp_path_factory.mktemp("cat16")
    path = d / "catalogue-9-16.txt"
    code, _, err = cli("enumerate", "--board", "square9-16", "--out", str(path),
                       "--summary", str(d / "enumerate.json"))
    assert code == 0, err
    return str(path)


@pytest.mark.parametrize("name", ["good-8.txt", "good-16.txt"])
def test_verify_on_a_refining_board(cat_file, cat16_file, name):
    """square9-16: an 8-toroidal pairing is classified on square9, a 16-toroidal one in
    the 16-toroidal catalogue, as the command line does."""
    import amoba

    path = ROOT / "data" / "square9-16" / name
    fine = cat16_file
    reports = amoba.verify(path.read_text(), board="square9-16", catalogue=fine,
                           coarser_catalogue=cat_file)
    assert reports and all(r["good"] for r in reports)
    expected = cli_reports("--board", "square9-16", "--catalogue", fine,
                           "--coarser-catalogue", cat_file, str(path))
    assert without_files(reports) == without_files(expected)
    kinds = {r["class"]["periodicity"]["coarser_class"] is None for r in reports}
    assert kinds == {name == "good-16.txt"}


def test_verify_on_boards_without_graph_or_catalogue(tmp_path):
    """cube7 (no catalogue) and a board whose lines hold two dominoes (no pairing
    graph): reports with the canonical form and stabiliser, as the command line's."""
    import amoba

    path = ROOT / "data" / "cube7" / "good.txt"
    reports = amoba.verify(path.read_text(), board="cube7")
    assert reports[0]["good"] and reports[0]["class"]["id"] is None
    assert without_files(reports) == without_files(cli_reports("--board", "cube7", str(path)))

    board = tmp_path / "two5.toml"
    board.write_text('name = "two5"\ndescription = "5-in-a-row along E and S"\n'
                     'torus = [8, 8]\ndirections = [[1, 0], [0, 1]]\ncatalogue = false\n')
    pairing = tmp_path / "p.txt"
    code, _, err = cli("search", "--board", str(board), "--out", str(pairing))
    assert code == 0, err
    reports = amoba.verify(pairing.read_text(), board=str(board))
    assert reports[0]["good"] and reports[0]["class"]["graph"] is None
    assert without_files(reports) == without_files(cli_reports("--board", str(board), str(pairing)))
    for empty in ("", "# nothing\n"):
        with pytest.raises(amoba.AmobaError, match="expected at least one pairing"):
            amoba.verify(empty, board=str(board))
