"""Type hints of the amoba package (the functions are documented in __init__.py)."""

import os
from typing import Any, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

Board = Union[str, os.PathLike[str]]
CataloguePath = Optional[Union[str, os.PathLike[str]]]
# A catalogue ID (any integer, NumPy's too) or the text of a pairing.
PairingArg = Union[int, np.integer[Any], str]
# A number, an inclusive (lo, hi) pair with None for an open end, or "A..B".
Range = Optional[Union[int, np.integer[Any], str, Tuple[Optional[int], Optional[int]], Sequence[Optional[int]]]]

DEFAULT_BOARD: str

class AmobaError(ValueError): ...

class Catalogue:
    board: Board
    ids: npt.NDArray[np.int64]
    codes: npt.NDArray[np.uint8]
    stabiliser: npt.NDArray[np.uint16]
    def __init__(
        self,
        board: Board,
        ids: npt.NDArray[np.int64],
        codes: npt.NDArray[np.uint8],
        stabiliser: npt.NDArray[np.uint16],
    ) -> None: ...
    def __len__(self) -> int: ...
    def line(self, id: int) -> str: ...

def boards() -> list[str]: ...
def catalogue(board: Board = ..., catalogue: CataloguePath = ...) -> Catalogue: ...
def graph(board: Board = ..., catalogue: CataloguePath = ...) -> Any: ...
def networkx_graph(board: Board = ..., catalogue: CataloguePath = ...) -> Any: ...
def query(pairing: PairingArg, board: Board = ..., catalogue: CataloguePath = ...) -> dict[str, Any]: ...
def path(
    a: PairingArg, b: PairingArg, board: Board = ..., catalogue: CataloguePath = ...
) -> dict[str, Any]: ...
def canonical(pairing: PairingArg, board: Board = ..., catalogue: CataloguePath = ...) -> dict[str, Any]: ...
def canonical_all(text: PairingArg, board: Board = ..., catalogue: CataloguePath = ...) -> list[dict[str, Any]]: ...
def verify(
    text: str,
    board: Board = ...,
    catalogue: CataloguePath = ...,
    *,
    coarser_catalogue: CataloguePath = ...,
    graph: bool = ...,
) -> Any: ...
def select(
    board: Board = ...,
    catalogue: CataloguePath = ...,
    *,
    ids: Range = ...,
    stabiliser: Range = ...,
    component: Range = ...,
    degree: Range = ...,
    symmetry: Optional[str] = ...,
) -> list[int]: ...
def transform(text: str, symmetry: str, board: Board = ...) -> list[str]: ...
