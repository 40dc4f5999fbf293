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


def test_a_missing_catalogue_raises_file_not_found_and_writes_nothing(tmp_path):
    import amoba

    missing = tmp_path / "no" / "such" / "cat.txt"
    for call in (
        lambda: amoba.catalogue(catalogue=missing),
        lambda: amoba.graph(catalogue=str(missing)),
        lambda: amoba.query(1, catalogue=missing),
        lambda: amoba.select(catalogue=missing),
    ):
        with pytest.raises(FileNotFoundError) as e:
            call()
        assert e.value.filename == str(missing)
    assert list(tmp_path.iterdir()) == []


def test_paths_may_be_pathlib_paths(cat_file, tmp_path):
    import amoba

    assert len(amoba.catalogue(catalogue=pathlib.Path(cat_file))) == 194543
    assert amoba.query(1, catalogue=pathlib.Path(cat_file))["id"] == 1


def test_graph_powers_do_not_overflow(cat_file):
    import amoba

    a = amoba.graph(catalogue=cat_file)
    assert a.dtype == np.int64
    a4 = a @ a @ a @ a
    # Closed walks of length 4 at a vertex of degree d include the d² walks u-v-u-w-u.
    degrees = np.asarray(a.sum(axis=1)).ravel()
    assert (a4.diagonal() >= degrees**2).all()
    assert a4.diagonal().max() > 127


def test_amoba_error_pickles_and_keeps_its_cause(tmp_path):
    import pickle

    import amoba

    bad = tmp_path / "bad.txt"
    bad.write_text("not a catalogue\n")
    with pytest.raises(amoba.AmobaError) as e:
        amoba.catalogue(board="square5", catalogue=bad)
    again = pickle.loads(pickle.dumps(e.value))
    assert type(again) is amoba.AmobaError and str(again) == str(e.value)
    assert isinstance(again, ValueError)
    # The cause is in the message: the file and what is wrong with it.
    assert "bad.txt" in str(e.value), str(e.value)


def test_bad_arguments_raise_clear_errors(cat_file):
    import amoba

    # NumPy integers are integers.
    assert amoba.query(np.int64(1), catalogue=cat_file)["id"] == 1
    assert amoba.select(catalogue=cat_file, ids=(np.int32(1), np.int64(3))) == [1, 2, 3]
    # Ranges as on the command line.
    assert amoba.select(catalogue=cat_file, ids="1..3") == [1, 2, 3]
    assert amoba.select(catalogue=cat_file, ids="..2") == [1, 2]
    assert amoba.select(catalogue=cat_file, stabiliser="4..") == amoba.select(
        catalogue=cat_file, stabiliser=(4, None)
    )
    with pytest.raises(ValueError, match="expected a number ≥ 0"):
        amoba.select(catalogue=cat_file, ids=(-3, 5))
    with pytest.raises(ValueError, match="empty range"):
        amoba.select(catalogue=cat_file, degree="5..2")
    with pytest.raises(ValueError, match="expected a whole number"):
        amoba.select(catalogue=cat_file, ids="a..b")
    with pytest.raises(TypeError, match="found float"):
        amoba.query(1.5, catalogue=cat_file)
    with pytest.raises(TypeError, match="catalogue: expected a path"):
        amoba.catalogue(catalogue=3)


def test_version_types_and_networkx_attributes(cat_file):
    import importlib.resources

    import amoba

    assert amoba.__version__ == "0.1.0"
    files = importlib.resources.files("amoba")
    assert files.joinpath("py.typed").is_file()
    assert files.joinpath("__init__.pyi").is_file()
    g = amoba.networkx_graph(catalogue=cat_file)
    assert g.graph["board"] == "square9"
    assert g.nodes[1]["canonical"] == amoba.catalogue(catalogue=cat_file).line(1)
    assert set(g.nodes[1]) == {"canonical", "component", "degree", "stabiliser_order"}


def test_long_calls_release_the_gil(tmp_path):
    import threading
    import time

    import amoba

    # While one thread loads a board (enumerating it into a fresh cache: a few
    # seconds), another runs Python code. The board file is a pathlib.Path.
    os.environ["AMOBA_CACHE_DIR"] = str(tmp_path)
    try:
        ticks = []
        done = threading.Event()

        def tick():
            while not done.is_set():
                ticks.append(time.monotonic())
                time.sleep(0.001)

        t = threading.Thread(target=tick)
        t.start()
        start = time.monotonic()
        board = ROOT / "data" / "boards" / "research" / "knight9.toml"
        assert len(amoba.catalogue(board=board)) == 231760
        elapsed = time.monotonic() - start
        done.set()
        t.join()
        during = [x for x in ticks if x < start + elapsed]
        assert elapsed > 0.5 and len(during) > 100, (elapsed, len(during))
    finally:
        os.environ["AMOBA_CACHE_DIR"] = str(tmp_path.parent)


def test_schemas_validate_with_plain_jsonschema():
    jsonschema = pytest.importorskip("jsonschema")
    for doc in (ROOT / "results").glob("*.json"):
        d = json.loads(doc.read_text())
        name = d["provenance"]["format"].removeprefix("amoba-")
        schema = json.loads((ROOT / "docs" / "schemas" / f"{name}.schema.json").read_text())
        jsonschema.validate(d, schema)


def test_ctrl_c_interrupts_a_long_call(tmp_path):
    """Opening knight9 from nothing (enumerating its catalogue, building and indexing
    its graph) takes seconds; SIGINT half a second in stops the call at once with
    KeyboardInterrupt (the work runs on a thread of its own, this one checks for
    signals)."""
    import signal
    import sys
    import time

    board = ROOT / "data" / "boards" / "research" / "knight9.toml"
    # A process started in the background by a shell without job control inherits
    # SIGINT ignored, and Python then installs no KeyboardInterrupt handler: the child
    # sets it itself, so the test does not depend on how it was launched.
    script = (
        "import amoba, signal, sys\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "print('start', flush=True)\n"
        "try:\n"
        f"    amoba.catalogue({str(board)!r})\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n"
    )
    env = dict(os.environ, AMOBA_CACHE_DIR=str(tmp_path / "cache"))
    p = subprocess.Popen([sys.executable, "-c", script], cwd=tmp_path, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline() == "start\n"
    time.sleep(0.5)
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 3, (out, err)
    assert out == "interrupted\n", (out, err)
    assert time.monotonic() - sent < 2, "the interrupt waited for the work"
