"""Hostile inputs through the Python facade: the inputs of ``tests/hostile_inputs.rs``
that reach it (huge coordinates in board files, huge IDs and ranges, huge numbers in
symmetries, bad board and catalogue files and paths). Each raises ``AmobaError`` or a
standard ``ValueError``/``TypeError`` naming what is wrong — never a panic
(``pyo3_runtime.PanicException``, which is no ``Exception``, so it fails these tests)
and never a crash of the interpreter.

Everything runs on the small board ``square5``, whose catalogue is enumerated into a
temporary cache (``AMOBA_CACHE_DIR``).
"""

import math
import os

import pytest

MAX_U64 = 2**64 - 1
I64_MIN = -(2**63)


@pytest.fixture(scope="module", autouse=True)
def cache(tmp_path_factory):
    before = os.environ.get("AMOBA_CACHE_DIR")
    os.environ["AMOBA_CACHE_DIR"] = str(tmp_path_factory.mktemp("hostile-cache"))
    yield
    if before is None:
        del os.environ["AMOBA_CACHE_DIR"]
    else:
        os.environ["AMOBA_CACHE_DIR"] = before


@pytest.fixture(scope="module")
def n():
    """The number of classes of square5, as the package reads them."""
    import amoba

    return len(amoba.catalogue("square5"))


def one_line(id=1):
    import amoba

    return amoba.catalogue("square5").line(id)


BOARD_FILES = {
    "torus.toml": (
        'name = "x"\ntorus = [4611686018427387904, 4611686018427387904, 16]\n'
        "directions = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]\n",
        "torus.toml: key `torus`: the lattice has index",
    ),
    "lattice.toml": (
        'name = "x"\nlattice = [[-9223372036854775808, 1], [1, -9223372036854775808]]\n'
        "directions = [[1, 0], [0, 1]]\n",
        "lattice.toml: key `lattice`",
    ),
    "group.toml": (
        'name = "x"\ntorus = [8, 8]\ndirections = [[1, 0], [0, 1]]\n'
        "point_group = [[9223372036854775807, 0, 0, 1]]\n",
        "group.toml: key `point_group`",
    ),
    "directions.toml": (
        'name = "x"\ntorus = [8, 8]\ndirections = [[1, 0], [-9223372036854775808, 1]]\n',
        "directions.toml: key `directions`",
    ),
    "float.toml": (
        'name = "x"\ntorus = [1e400, 8]\ndirections = [[1, 0], [0, 1]]\n',
        "float.toml:2:",
    ),
    "beyond-u64.toml": (
        'name = "x"\ntorus = [99999999999999999999999, 8]\ndirections = [[1, 0], [0, 1]]\n',
        "beyond-u64.toml:2:",
    ),
}

CALLS = {
    "catalogue": lambda amoba, board: amoba.catalogue(board),
    "graph": lambda amoba, board: amoba.graph(board),
    "query": lambda amoba, board: amoba.query(1, board),
    "verify": lambda amoba, board: amoba.verify("0", board),
    "transform": lambda amoba, board: amoba.transform("0", "1,0 0,1", board),
}


@pytest.mark.parametrize("name", sorted(BOARD_FILES))
@pytest.mark.parametrize("call", sorted(CALLS))
def test_board_files_with_huge_numbers_raise_amoba_error(tmp_path, name, call):
    import amoba

    text, expect = BOARD_FILES[name]
    (tmp_path / name).write_text(text)
    with pytest.raises(amoba.AmobaError) as e:
        CALLS[call](amoba, str(tmp_path / name))
    assert expect in str(e.value)
    assert os.listdir(tmp_path) == [name], "nothing written beside the board file"


def test_board_paths_that_are_no_board_files(tmp_path):
    import amoba

    with pytest.raises(amoba.AmobaError, match="No such file"):
        amoba.query(1, str(tmp_path / "missing.toml"))
    with pytest.raises(amoba.AmobaError, match="Is a directory"):
        amoba.query(1, str(tmp_path))
    with pytest.raises(amoba.AmobaError, match="NUL"):
        amoba.query(1, "a\0b.toml")
    with pytest.raises(amoba.AmobaError):
        amoba.query(1, "no-such-board")
    # A str that is no UTF-8 path: the encoder says so (a ValueError).
    with pytest.raises(UnicodeEncodeError):
        amoba.query(1, "\udcff.toml")
    with pytest.raises(TypeError, match="board"):
        amoba.query(1, 5)


@pytest.mark.parametrize(
    "id", [0, -1, I64_MIN, 2**63 - 1, 2**63, MAX_U64, 2**64, 2**200, -(2**200)]
)
def test_huge_ids_name_the_id_and_the_range(n, id):
    import amoba

    expect = f"found ID {id}, expected a catalogue ID from 1 to {n}"
    for call in (
        lambda: amoba.query(id, "square5"),
        lambda: amoba.path(1, id, "square5"),
        lambda: amoba.path(id, 1, "square5"),
        lambda: amoba.canonical(id, "square5"),
        lambda: amoba.catalogue("square5").line(id),
    ):
        with pytest.raises(amoba.AmobaError) as e:
            call()
        assert str(e.value) == expect


def test_huge_ranges_select_what_they_say(n):
    import amoba

    every = amoba.select("square5")
    assert every == list(range(1, n + 1))
    for huge in (2**63 - 1, 2**63, MAX_U64, 2**64, 2**200):
        for key in ("ids", "stabiliser", "component", "degree"):
            # Up to a huge bound: everything; from one: nothing.
            assert amoba.select("square5", **{key: (0, huge)}) == every
            assert amoba.select("square5", **{key: (None, huge)}) == every
            assert amoba.select("square5", **{key: f"..{huge}"}) == every
            assert amoba.select("square5", **{key: (huge, None)}) == []
            assert amoba.select("square5", **{key: f"{huge}.."}) == []
            assert amoba.select("square5", **{key: huge}) == []
    with pytest.raises(ValueError, match="empty range"):
        amoba.select("square5", ids=(2**200, 2**64))
    with pytest.raises(ValueError, match="expected a number ≥ 0"):
        amoba.select("square5", degree=-(2**200))
    with pytest.raises(ValueError, match="expected a whole number"):
        amoba.select("square5", ids="1e400..")


def test_symmetries_with_huge_numbers():
    import amoba

    line = one_line()
    for text in (
        "9223372036854775807,0 0,1",
        "-9223372036854775808,0 0,1",
        "18446744073709551615,0 0,1",
        "1,0 0,1 + 99999999999999999999,1",
        "1,0 0,1 + 1",
        "1,0,0,1",
    ):
        with pytest.raises(amoba.AmobaError) as e:
            amoba.transform(line, text, "square5")
        assert text in str(e.value)
        with pytest.raises(amoba.AmobaError):
            amoba.select("square5", symmetry=text)
    # A translation is taken modulo the period lattice, however large: a multiple of
    # every period up to 12 (and of 2**33) added to it changes nothing.
    far = math.factorial(12) * 2**33
    assert far < 2**63
    for x, y in ((1, 0), (0, 3), (-1, 2)):
        near = f"1,0 0,1 + {x},{y}"
        beyond = f"1,0 0,1 + {x + far},{y - far}"
        assert amoba.transform(line, beyond, "square5") == amoba.transform(line, near, "square5")
        assert amoba.select("square5", symmetry=beyond) == amoba.select("square5", symmetry=near)


CATALOGUES = {
    "empty.txt": ("", "empty.txt:1:1: expected at least one pairing"),
    "binary.txt": (b"\x00\xff\xfe", "binary.txt:1:"),
    "long.txt": ("0" * 1_000_000 + "\n", "long.txt:1:"),
    "letters.txt": ("# a comment\n", "letters.txt:1:1:"),
    "huge-number.txt": ("99999999999999999999999999\n", "huge-number.txt:1:"),
}


@pytest.mark.parametrize("name", sorted(CATALOGUES) + ["duplicate.txt", "not-good.txt"])
def test_bad_catalogue_files_raise_amoba_error_with_file_line_column(tmp_path, name):
    import amoba

    if name == "duplicate.txt":
        text, expect = f"{one_line()}\n{one_line()}\n", "duplicate.txt:2:1:"
    elif name == "not-good.txt":
        text, expect = "1" * len(one_line()) + "\n", "not-good.txt:1:1: not a good pairing"
    else:
        text, expect = CATALOGUES[name]
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    for call in (
        lambda: amoba.catalogue("square5", path),
        lambda: amoba.graph("square5", path),
        lambda: amoba.query(1, "square5", path),
        lambda: amoba.select("square5", path),
        lambda: amoba.verify(one_line(), "square5", path),
    ):
        with pytest.raises(amoba.AmobaError) as e:
            call()
        assert str(e.value).startswith(str(path)) and expect in str(e.value), str(e.value)


def test_malformed_catalogue_paths(tmp_path):
    import amoba

    for path in (tmp_path / "missing.txt", tmp_path, "a\0b", "", "/dev/null"):
        with pytest.raises(FileNotFoundError):
            amoba.query(1, "square5", path)
    for path in (b"catalogue.txt", 3, 1.5, ["x"]):
        with pytest.raises(TypeError, match="catalogue: expected a path"):
            amoba.query(1, "square5", path)
    assert os.listdir(tmp_path) == []


def test_hostile_pairing_texts():
    import amoba

    for text in (
        "9" * 100_000,
        "lattice 9223372036854775807,0 0,9223372036854775807\n0,0:a 1,0:b\n",
        "0" * 1_000_000,
        "\x00" * 100,
        "",
    ):
        for call in (
            lambda: amoba.query(text, "square5"),
            lambda: amoba.canonical_all(text, "square5"),
            lambda: amoba.verify(text, "square5"),
            lambda: amoba.transform(text, "1,0 0,1", "square5"),
        ):
            try:
                call()
            except amoba.AmobaError as e:
                assert str(e), "an error says what is wrong"
