"""amoba from Python: the catalogue of good pairings, the pairing graph, and the
questions the command line answers (query, path, select, canon, transform, verify).

Every function takes ``board`` (a built-in name such as ``"square9"`` or ``"hex7"``,
or a board file) and ``catalogue`` (a catalogue file, ``str`` or ``pathlib.Path``,
which must exist: a missing one raises :class:`FileNotFoundError`; by default the
one the command line would use: ``results/catalogue-<tag>.txt`` if it exists, else
the per-user cache, ``$AMOBA_CACHE_DIR``, where it is enumerated on first use). No
call writes anywhere else. The first call on a board loads its catalogue and graph
(through the on-disk index of the command line), with the GIL released; later calls
reuse them.

Pairings are named as on the command line: an ``int`` is a catalogue ID (1-based), a
``str`` the text of a pairing (one-line form or grid). The dictionaries returned are
the JSON documents of ``amoba query --json``, ``amoba path --json`` and
``amoba canon --json`` (schemas in ``docs/schemas/``). Errors raise
:class:`AmobaError` (a ``ValueError``) with the command line's message and its
causes; it pickles, so it crosses ``multiprocessing``. An argument of the wrong type
raises ``TypeError``.

>>> import amoba
>>> amoba.query(1)["id"]                      # doctest: +SKIP
1
>>> amoba.select(stabiliser=(16, None))[:3]   # doctest: +SKIP
[1, 2, 3]
"""

import errno
import json
import operator
import os

import numpy as np

from . import _native
from ._native import AmobaError

# Pickled by reference as ``amoba.AmobaError`` (the native module's own name is not
# importable as such).
AmobaError.__module__ = "amoba"

try:
    from importlib.metadata import PackageNotFoundError, version as _version

    try:
        __version__ = _version("amoba")
    except PackageNotFoundError:  # imported from a source tree
        __version__ = "0.1.0"
except ImportError:  # pragma: no cover
    __version__ = "0.1.0"

__all__ = [
    "__version__",
    "AmobaError",
    "Catalogue",
    "boards",
    "canonical",
    "canonical_all",
    "catalogue",
    "graph",
    "networkx_graph",
    "path",
    "query",
    "select",
    "transform",
    "verify",
]

DEFAULT_BOARD = "square9"


def _board(board):
    """A board name or board file (``str`` or ``os.PathLike``) as the engine takes it."""
    if isinstance(board, (str, os.PathLike)):
        return os.fspath(board)
    raise TypeError(f"board: expected a board name or a board file path, found {type(board).__name__}")


def _catalogue(catalogue):
    """A catalogue path that exists (``None``: the default place), as a ``str``."""
    if catalogue is None:
        return None
    if not isinstance(catalogue, (str, os.PathLike)):
        raise TypeError(f"catalogue: expected a path, found {type(catalogue).__name__}")
    path = os.fspath(catalogue)
    if not os.path.isfile(path):
        raise FileNotFoundError(errno.ENOENT, "no catalogue file here (amoba enumerate --out writes one)", path)
    return path


def _pairing(p):
    """A pairing argument: a catalogue ID (any integer, NumPy's too) or a text."""
    if isinstance(p, str):
        return p
    if isinstance(p, bool):
        raise TypeError("expected a catalogue ID (int) or the text of a pairing (str), found bool")
    try:
        return operator.index(p)
    except TypeError:
        raise TypeError(
            f"expected a catalogue ID (int) or the text of a pairing (str), found {type(p).__name__}"
        ) from None


def boards():
    """The names of the built-in boards."""
    return list(_native.boards())


class Catalogue:
    """The catalogue of a board.

    Attributes:
        ids: ``int64`` array of the catalogue IDs, ``1..n``.
        codes: ``uint8`` array ``n × cells``: row ``i`` is the canonical form of ID
            ``ids[i]``, one direction code per cell (docs/spec.md §3).
        stabiliser: ``uint16`` array of the stabiliser orders.
    """

    def __init__(self, board, ids, codes, stabiliser):
        self.board = board
        self.ids = ids
        self.codes = codes
        self.stabiliser = stabiliser

    def __len__(self):
        return len(self.ids)

    def line(self, id):
        """The one-line form of class ``id``."""
        if not 1 <= id <= len(self):
            raise AmobaError(f"found ID {id}, expected a catalogue ID from 1 to {len(self)}")
        return "".join("0123456789abcdefghijklmnopqrstuvwxyz"[k] for k in self.codes[id - 1])


def catalogue(board=DEFAULT_BOARD, catalogue=None):
    """The catalogue as NumPy arrays (see :class:`Catalogue`).

    >>> cat = amoba.catalogue("square5")       # doctest: +SKIP
    >>> len(cat), cat.codes.shape
    (2, (2, 16))
    """
    n, cells, codes, stab = _native.catalogue_data(_board(board), _catalogue(catalogue))
    return Catalogue(
        board,
        np.arange(1, n + 1, dtype=np.int64),
        np.frombuffer(codes, dtype=np.uint8).reshape(n, cells),
        np.frombuffer(stab, dtype="<u2").astype(np.uint16),
    )


_catalogue_arrays = catalogue


def _csr(board, catalogue):
    offsets, targets, component = _native.graph_data(_board(board), _catalogue(catalogue))
    return (
        np.frombuffer(offsets, dtype="<u8").astype(np.int64),
        np.frombuffer(targets, dtype="<u4").astype(np.int32),
        np.frombuffer(component, dtype="<u4").astype(np.int64),
    )


def graph(board=DEFAULT_BOARD, catalogue=None):
    """The pairing graph as a SciPy sparse matrix (``scipy.sparse.csr_array``,
    symmetric, ``n × n``, entries 1 of type ``int64``, so that its powers count walks
    without overflow): row and column ``i`` are catalogue ID ``i + 1``.

    >>> a = amoba.graph()                       # doctest: +SKIP
    >>> int((a @ a).diagonal().sum()) // 2      # the edges
    532107
    """
    import scipy.sparse

    offsets, targets, _ = _csr(board, catalogue)
    n = len(offsets) - 1
    data = np.ones(len(targets), dtype=np.int64)
    return scipy.sparse.csr_array((data, targets, offsets), shape=(n, n))


def networkx_graph(board=DEFAULT_BOARD, catalogue=None):
    """The pairing graph as a ``networkx.Graph`` on the catalogue IDs, each node with
    ``canonical`` (its canonical form, one-line), ``component``, ``degree`` and
    ``stabiliser_order`` (as in the GraphML export); the graph's attributes name the
    ``board`` and the ``amoba_version``.

    >>> g = amoba.networkx_graph("square5")     # doctest: +SKIP
    >>> g.nodes[1]["canonical"], g.graph["board"]
    ('0211023311023302', 'square5')
    """
    import networkx as nx

    offsets, targets, component = _csr(board, catalogue)
    cat = _catalogue_arrays(board, catalogue)
    n = len(offsets) - 1
    g = nx.Graph(board=_board(board), amoba_version=__version__)
    g.add_nodes_from(
        (i + 1, {
            "canonical": cat.line(i + 1),
            "component": int(component[i]),
            "degree": int(offsets[i + 1] - offsets[i]),
            "stabiliser_order": int(cat.stabiliser[i]),
        })
        for i in range(n)
    )
    sources = np.repeat(np.arange(n), np.diff(offsets))
    keep = sources < targets
    g.add_edges_from(zip((sources[keep] + 1).tolist(), (targets[keep] + 1).tolist()))
    return g


def query(pairing, board=DEFAULT_BOARD, catalogue=None):
    """``amoba query``: the class of ``pairing`` (ID or text), its stabiliser,
    component, degree and each neighbour with the move that reaches it."""
    return json.loads(_native.query(_board(board), _pairing(pairing), _catalogue(catalogue)))


def path(a, b, board=DEFAULT_BOARD, catalogue=None):
    """``amoba path``: a shortest sequence of moves from ``a`` to ``b`` (IDs or
    texts). When they lie in different components the document says
    ``connected: False`` and has no steps (the command line exits 1)."""
    return json.loads(_native.path(_board(board), _pairing(a), _pairing(b), _catalogue(catalogue)))


def canonical(pairing, board=DEFAULT_BOARD, catalogue=None):
    """``amoba canon``: canonical form, ID, stabiliser order and the symmetry reaching
    the canonical form, for the first pairing of ``pairing`` (ID or text); use
    :func:`canonical_all` for every pairing of a text."""
    return canonical_all(pairing, board, catalogue)[0]


def canonical_all(text, board=DEFAULT_BOARD, catalogue=None):
    """``amoba canon`` on every pairing of ``text``: a list of entries."""
    return json.loads(_native.canon(_board(board), _pairing(text), _catalogue(catalogue)))["pairings"]


def verify(text, board=DEFAULT_BOARD, catalogue=None, *, coarser_catalogue=None,
           graph=True):
    """``amoba verify``: the verifier's report on every pairing of ``text`` (the
    ``reports`` of ``amoba verify --json``); ``report["good"]`` is the verdict. Works
    on every board: on one with no catalogue (cube7) a good pairing gets its canonical
    form and stabiliser; on one that refines a coarser board (square9-16) a pairing
    periodic with the coarser lattice is classified there, with its catalogue
    ``coarser_catalogue``. ``graph=False`` skips the graph facts (``--no-graph``)."""
    if not isinstance(text, str):
        raise TypeError(f"text: expected the text of pairings (str), found {type(text).__name__}")
    return json.loads(_native.verify(
        _board(board), text, _catalogue(catalogue), _catalogue(coarser_catalogue), bool(graph),
    ))


def _range(x, name):
    """A number, an inclusive ``(lo, hi)`` pair (``None`` an open end) or a text
    ``"A..B"``, ``"A.."``, ``"..B"`` as on the command line, as a pair."""
    if x is None:
        return None

    def number(v, default):
        if v is None or v == "":
            return default
        if isinstance(v, str):
            try:
                v = int(v.strip())
            except ValueError:
                raise ValueError(f"{name}: found {v!r}, expected a whole number") from None
        elif isinstance(v, bool):
            raise TypeError(f"{name}: expected a whole number, found bool")
        else:
            try:
                v = operator.index(v)
            except TypeError:
                raise TypeError(f"{name}: expected a whole number, found {type(v).__name__}") from None
        if v < 0:
            raise ValueError(f"{name}: found {v}, expected a number ≥ 0")
        return v

    if isinstance(x, str):
        lo, sep, hi = x.partition("..")
        pair = (lo, hi) if sep else (x, x)
    elif isinstance(x, (tuple, list)):
        if len(x) != 2:
            raise ValueError(f"{name}: expected (lo, hi), found {len(x)} values")
        pair = tuple(x)
    else:
        n = number(x, None)
        pair = (n, n)
    lo, hi = number(pair[0], 0), number(pair[1], None)
    if hi is not None and lo > hi:
        raise ValueError(f"{name}: {lo}..{hi} is an empty range: expected lo ≤ hi")
    # No ID, stabiliser order, component or degree comes near 2**63 - 1, so a bound
    # beyond it (however large) selects the same as that bound.
    largest = 2**63 - 1
    return (min(lo, largest), largest if hi is None else min(hi, largest))


def select(board=DEFAULT_BOARD, catalogue=None, *, ids=None, stabiliser=None,
           component=None, degree=None, symmetry=None):
    """``amoba select``: the IDs of the classes passing every condition given. Each of
    ``ids``, ``stabiliser``, ``component``, ``degree`` is a number or an inclusive
    ``(lo, hi)`` pair (``None`` for an open end) or a text ``"A..B"`` as on the
    command line; ``symmetry`` is a symmetry text (FORMATS.md, Symmetries): with
    ``+ t`` that element, a matrix alone any element with that linear part other than
    the identity.

    >>> amoba.select(stabiliser="4..")[:3]     # doctest: +SKIP
    [...]
    """
    return list(_native.select(
        _board(board), _catalogue(catalogue), _range(ids, "ids"),
        _range(stabiliser, "stabiliser"), _range(component, "component"),
        _range(degree, "degree"), symmetry,
    ))


def transform(text, symmetry, board=DEFAULT_BOARD):
    """``amoba transform``: the images of the pairings of ``text`` under ``symmetry``
    (a symmetry text), one-line forms."""
    return list(_native.transform(_board(board), text, symmetry))
