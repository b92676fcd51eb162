"""One Looney Ludo board as printed: its squares, arrows, corner dot, size and markers.

The geometry is catalog data a user can correct for their boards without touching
code: ``catalog/board/board.csv`` (sizes), ``catalog/board/squares.csv`` (arrows
and the dot, in the printed, unrotated frame) and the marker rows of
``catalog/boards.csv`` (tag positions on the board). An override folder works as for
every catalog: ``$COMPANION_CATALOGS/TCG/board/squares.csv`` replaces the shipped file.

The board frame: millimetres from the centre of the middle square, x toward the
printed right edge, y toward the printed top edge (row 1). Example::

    >>> spec = load_board_spec(marker_rows=[("TCG:BOARD:A1", "A", -50, -95, 0, 25)])
    >>> spec.arrows_at(1, 1), spec.dot
    ('URD', (1, 1))
    >>> spec.square_centre(1, 1)
    (-50.0, 50.0)

This module is also what the print kit needs: :meth:`BoardSpec.outline`,
:meth:`BoardSpec.square_centre`, ``squares`` (arrows, dot) and ``markers``.
"""
from __future__ import annotations

import csv
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..catalog import OVERRIDE_ENV, CatalogError, Column

BOARD_DIR = Path(__file__).parent / "catalog" / "board"
DIRECTIONS = "URDL"

_BOARD_COLUMNS = {"square_mm": Column("int"), "strip_mm": Column("int"), "dot_mm": Column("int")}
_SQUARE_COLUMNS = {"row": Column("int", choices=("1", "2", "3")), "col": Column("int", choices=("1", "2", "3")),
                   "arrows": Column("str"), "dot": Column("bool")}


@dataclass(frozen=True)
class Marker:
    """A board marker tag: which board, where on it (board frame, mm) and how it is turned."""

    payload: str
    board: str
    x_mm: float
    y_mm: float
    angle_deg: float = 0.0
    tag_mm: float = 25.0


@dataclass(frozen=True)
class BoardSpec:
    """The printed board: ``squares[(row, col)]`` -> arrows (a string of U/R/D/L in the
    printed frame), ``dot`` the (row, col) with the corner dot, sizes in mm, and the
    markers of each board (``markers["A"]``)."""

    square_mm: float
    strip_mm: float
    dot_mm: float
    squares: dict[tuple[int, int], str]
    dot: tuple[int, int]
    markers: dict[str, tuple[Marker, ...]] = field(default_factory=dict)

    def arrows_at(self, row: int, col: int) -> str:
        """The printed arrows of a square (1-based row and column)."""
        return self.squares[(row, col)]

    def square_centre(self, row: int, col: int) -> tuple[float, float]:
        """A square's centre in the board frame, mm (row 1 = top, col 1 = left)."""
        return ((col - 2) * float(self.square_mm), (2 - row) * float(self.square_mm))

    def outline(self) -> tuple[float, float, float, float]:
        """The printed board's rectangle in the board frame: (left, bottom, right, top) mm.
        The grid fills the top; the marker strip runs along the bottom."""
        half = 1.5 * self.square_mm
        return (-half, -half - self.strip_mm, half, half)

    def printed_cell(self, x_mm: float, y_mm: float, tolerance_mm: float = 6.0) -> tuple[int, int] | None:
        """The (row, col) of the printed square under a board-frame point, or None when
        the point is off the grid (by more than ``tolerance_mm``)."""
        s = float(self.square_mm)
        half = 1.5 * s
        if abs(x_mm) > half + tolerance_mm or abs(y_mm) > half + tolerance_mm:
            return None
        col = min(3, max(1, int((x_mm + half) // s) + 1))
        row = min(3, max(1, int((half - y_mm) // s) + 1))
        return row, col


def _rows(path: Path) -> Iterable[tuple[int, dict[str, str]]]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise CatalogError(f"{path}: cannot read: {e}") from None
    header: list[str] | None = None
    for lineno, row in enumerate(csv.reader(text.splitlines()), start=1):
        if not row or not any(c.strip() for c in row) or row[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [h.strip() for h in row]
            continue
        if len(row) != len(header):
            raise CatalogError(f"{path}:{lineno}: has {len(row)} fields, the header has {len(header)}")
        yield lineno, dict(zip(header, row))
    if header is None:
        raise CatalogError(f"{path}:1: the file has no header row")


def _convert(path: Path, lineno: int, cells: dict[str, str], columns: dict[str, Column]) -> dict[str, Any]:
    out = {}
    for name, col in columns.items():
        if name not in cells:
            raise CatalogError(f"{path}:{lineno}: field {name!r}: column missing from the header")
        try:
            out[name] = col.convert(cells[name])
        except ValueError as e:
            raise CatalogError(f"{path}:{lineno}: field {name!r}: {e}") from None
    return out


def _find(name: str, override_dirs: list[Path] | None) -> Path:
    path = BOARD_DIR / name
    dirs = list(override_dirs or [])
    env = os.environ.get(OVERRIDE_ENV)
    if env:
        dirs.extend(Path(p) for p in env.split(os.pathsep) if p)
    for d in dirs:
        cand = Path(d) / "TCG" / "board" / name
        if cand.is_file():
            path = cand
    return path


def load_board_spec(marker_rows: Iterable[tuple[str, str, float, float, float, float]] = (),
                    override_dirs: list[Path] | None = None) -> BoardSpec:
    """Read the board geometry files; ``marker_rows`` are (payload, board, x_mm, y_mm,
    angle_deg, tag_mm) from the tag catalog. Raises CatalogError naming file, line and field."""
    path = _find("board.csv", override_dirs)
    sizes = None
    for lineno, cells in _rows(path):
        if sizes is not None:
            raise CatalogError(f"{path}:{lineno}: board.csv holds exactly one row of sizes")
        sizes = _convert(path, lineno, cells, _BOARD_COLUMNS)
        for k in ("square_mm", "strip_mm"):
            if sizes[k] <= 0:
                raise CatalogError(f"{path}:{lineno}: field {k!r}: must be more than 0, got {sizes[k]}")
    if sizes is None:
        raise CatalogError(f"{path}:2: field 'square_mm': no row of sizes")

    path = _find("squares.csv", override_dirs)
    squares: dict[tuple[int, int], str] = {}
    dots = []
    for lineno, cells in _rows(path):
        v = _convert(path, lineno, cells, _SQUARE_COLUMNS)
        key = (v["row"], v["col"])
        if key in squares:
            raise CatalogError(f"{path}:{lineno}: field 'col': square row {key[0]} col {key[1]} is listed twice")
        arrows = v["arrows"].upper().replace(" ", "")
        bad = [ch for ch in arrows if ch not in DIRECTIONS]
        if bad or len(set(arrows)) != len(arrows):
            raise CatalogError(f"{path}:{lineno}: field 'arrows': use each of U, R, D, L at most once, got "
                               f"{v['arrows']!r}")
        squares[key] = "".join(d for d in DIRECTIONS if d in arrows)
        if v["dot"]:
            dots.append((key, lineno))
    missing = [f"row {r} col {c}" for r in (1, 2, 3) for c in (1, 2, 3) if (r, c) not in squares]
    if missing:
        raise CatalogError(f"{path}:1: field 'row': squares missing: {', '.join(missing)}")
    if len(dots) != 1:
        where = dots[1][1] if len(dots) > 1 else 1
        raise CatalogError(f"{path}:{where}: field 'dot': exactly one square has the corner dot, found {len(dots)}")
    if dots[0][0] == (2, 2):
        raise CatalogError(f"{path}:{dots[0][1]}: field 'dot': the middle square is the avatar's start, not the dot")

    markers: dict[str, list[Marker]] = {}
    for payload, board, x, y, angle, tag in marker_rows:
        markers.setdefault(board, []).append(Marker(payload, board, float(x), float(y), float(angle), float(tag)))
    return BoardSpec(float(sizes["square_mm"]), float(sizes["strip_mm"]), float(sizes["dot_mm"] or 0),
                     squares, dots[0][0], {b: tuple(m) for b, m in sorted(markers.items())})
