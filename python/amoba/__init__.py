"""amoba from Python: the catalogue of good pairings, the pairing graph, and the
questions the command line answers (query, path, select, canon, transform, verify).

Every function takes ``board`` (a built-in name such as ``"square9"`` or ``"hex7"``,
or a board file) and ``catalogue`` (a catalogue file; by default the one the command
line would use: ``results/catalogue-<tag>.txt`` if it exists, else the per-user
cache). The first call on a board loads its catalogue and graph (through the on-disk
index of the command line); later calls reuse them.

Pairings are named as on the command line: an ``int`` is a catalogue ID (1-based), a
``str`` the text of a pairing (one-line form or grid). The dictionaries returned are
the JSON documents of ``amoba query --json``, ``amoba path --json`` and
``amoba canon --json`` (schemas in ``docs/schemas/``). Errors raise
:class:`AmobaError` (a ``ValueError``) with the command line's message.
"""

import json

import numpy as np

from . import _native
from ._native import AmobaError

__all__ = [
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
    """The catalogue as NumPy arrays (see :class:`Catalogue`)."""
    n, cells, codes, stab = _native.catalogue_data(board, catalogue)
    return Catalogue(
        board,
        np.arange(1, n + 1, dtype=np.int64),
        np.frombuffer(codes, dtype=np.uint8).reshape(n, cells),
        np.frombuffer(stab, dtype="<u2").astype(np.uint16),
    )


def _csr(board, catalogue):
    offsets, targets, component = _native.graph_data(board, catalogue)
    return (
        np.frombuffer(offsets, dtype="<u8").astype(np.int64),
        np.frombuffer(targets, dtype="<u4").astype(np.int32),
        np.frombuffer(component, dtype="<u4").astype(np.int64),
    )


def graph(board=DEFAULT_BOARD, catalogue=None):
    """The pairing graph as a SciPy sparse matrix (``scipy.sparse.csr_array``,
    symmetric, ``n × n``, entries 1): row and column ``i`` are catalogue ID ``i + 1``."""
    import scipy.sparse

    offsets, targets, _ = _csr(board, catalogue)
    n = len(offsets) - 1
    data = np.ones(len(targets), dtype=np.int8)
    return scipy.sparse.csr_array((data, targets, offsets), shape=(n, n))


def networkx_graph(board=DEFAULT_BOARD, catalogue=None):
    """The pairing graph as a ``networkx.Graph`` on the catalogue IDs, each node with
    ``component``, ``degree`` and ``stabiliser_order`` (as in the GraphML export)."""
    import networkx as nx

    offsets, targets, component = _csr(board, catalogue)
    stab = np.frombuffer(_native.catalogue_data(board, catalogue)[3], dtype="<u2")
    n = len(offsets) - 1
    g = nx.Graph()
    g.add_nodes_from(
        (i + 1, {
            "component": int(component[i]),
            "degree": int(offsets[i + 1] - offsets[i]),
            "stabiliser_order": int(stab[i]),
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
    return json.loads(_native.query(board, pairing, catalogue))


def path(a, b, board=DEFAULT_BOARD, catalogue=None):
    """``amoba path``: a shortest sequence of moves from ``a`` to ``b`` (IDs or
    texts). When they lie in different components the document says
    ``connected: False`` and has no steps (the command line exits 1)."""
    return json.loads(_native.path(board, a, b, catalogue))


def canonical(pairing, board=DEFAULT_BOARD, catalogue=None):
    """``amoba canon``: canonical form, ID, stabiliser order and the symmetry reaching
    the canonical form, for the first pairing of ``pairing`` (ID or text); use
    :func:`canonical_all` for every pairing of a text."""
    return canonical_all(pairing, board, catalogue)[0]


def canonical_all(text, board=DEFAULT_BOARD, catalogue=None):
    """``amoba canon`` on every pairing of ``text``: a list of entries."""
    return json.loads(_native.canon(board, text, catalogue))["pairings"]


def verify(text, board=DEFAULT_BOARD, catalogue=None, *, coarser_catalogue=None,
           graph=True):
    """``amoba verify``: the verifier's report on every pairing of ``text`` (the
    ``reports`` of ``amoba verify --json``); ``report["good"]`` is the verdict. Works
    on every board: on one with no catalogue (cube7) a good pairing gets its canonical
    form and stabiliser; on one that refines a coarser board (square9-16) a pairing
    periodic with the coarser lattice is classified there, with its catalogue
    ``coarser_catalogue``. ``graph=False`` skips the graph facts (``--no-graph``)."""
    return json.loads(_native.verify(board, text, catalogue, coarser_catalogue, graph))


def _range(x):
    if x is None:
        return None
    if isinstance(x, int):
        return (x, x)
    lo, hi = x
    return (0 if lo is None else lo, 2**63 - 1 if hi is None else hi)


def select(board=DEFAULT_BOARD, catalogue=None, *, ids=None, stabiliser=None,
           component=None, degree=None, symmetry=None):
    """``amoba select``: the IDs of the classes passing every condition given. Each of
    ``ids``, ``stabiliser``, ``component``, ``degree`` is a number or an inclusive
    ``(lo, hi)`` pair (``None`` for an open end); ``symmetry`` is a symmetry text
    (FORMATS.md, Symmetries): with ``+ t`` that element, a matrix alone any element
    with that linear part other than the identity."""
    return list(_native.select(
        board, catalogue, _range(ids), _range(stabiliser), _range(component),
        _range(degree), symmetry,
    ))


def transform(text, symmetry, board=DEFAULT_BOARD):
    """``amoba transform``: the images of the pairings of ``text`` under ``symmetry``
    (a symmetry text), one-line forms."""
    return list(_native.transform(board, text, symmetry))
