"""The combined play area: two 3x3 boards edge to edge, each turned by its owner.

Squares are named like a spreadsheet: a column letter (A = left) and a row number
(1 = top) on the combined area. Layout ``3x6`` puts board A on the left (columns
A-C) and board B on the right (D-F); layout ``6x3`` puts A on top (rows 1-3) and B
below (rows 4-6). A board's rotation is how far (counter-clockwise, seen from
above, in degrees) its printed top is turned from the combined area's top::

    >>> from models.the_closest_ghost.kit import load_board_spec
    >>> area = Area("3x6", {"A": 0, "B": 90}, load_board_spec())
    >>> area.arrows("A1"), area.dot("B")
    ('URD', 'D3')
    >>> area.step("A1", "U", wrap=True), area.step("A1", "U", wrap=False)
    ('A3', None)
    >>> area.step("A3", "L", wrap="area"), area.step("A3", "L", wrap="board")
    ('F3', 'C3')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..text import tr
from .kit import BoardSpec

BOARDS: tuple[Literal["A", "B"], ...] = ("A", "B")
LAYOUTS = ("3x6", "6x3")
ROTATIONS = (0, 90, 180, 270)
STEP = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}


def wrap_target(options: dict[str, Any]) -> str:
    """Where a step off the combined area would wrap to, whether wrapping is on
    or not: ``"area"`` or ``"board"`` (option ``wrap_to``; a game journalled
    before it existed wraps to the area)."""
    return str(options.get("wrap_to", "area"))


def wrapping(options: dict[str, Any]) -> bool | str:
    """How an avatar's step off the combined area wraps, by a game's options:
    False (option ``wrap`` off), else :func:`wrap_target`."""
    return wrap_target(options) if options["wrap"] else False


#: the direction words, as the table is told them ("move up to B1")
WORD = {"U": tr("up"), "R": tr("right"), "D": tr("down"), "L": tr("left")}
# a board turned 90 degrees counter-clockwise: its printed "up" arrow points left, and so on
_CCW = {"U": "L", "L": "D", "D": "R", "R": "U"}


def turn_direction(d: str, rotation: int) -> str:
    """A printed arrow direction as it points on the combined area after a rotation."""
    for _ in range((rotation // 90) % 4):
        d = _CCW[d]
    return d


def turn_cell(r: int, c: int, rotation: int) -> tuple[int, int]:
    """A 0-based (row, col) on a 3x3 board after turning it counter-clockwise."""
    for _ in range((rotation // 90) % 4):
        r, c = 2 - c, r
    return r, c


def square_name(row: int, col: int) -> str:
    """0-based (row, col) on the combined area -> ``"B2"``."""
    return f"{chr(ord('A') + col)}{row + 1}"


@dataclass(frozen=True)
class Area:
    """The combined area for a layout and the boards' rotations."""

    layout: str
    rotations: dict[str, int]
    board: BoardSpec

    @property
    def rows(self) -> int:
        return 3 if self.layout == "3x6" else 6

    @property
    def cols(self) -> int:
        return 6 if self.layout == "3x6" else 3

    def origin(self, board: str) -> tuple[int, int]:
        """The combined (row, col) of a board's top-left square."""
        if board == "A":
            return (0, 0)
        return (0, 3) if self.layout == "3x6" else (3, 0)

    # ---- names

    def squares(self) -> list[str]:
        return [square_name(r, c) for r in range(self.rows) for c in range(self.cols)]

    def parse(self, name: str) -> tuple[int, int]:
        """``"B2"`` -> (1, 1); raises ValueError for a square not on the area."""
        if not isinstance(name, str) or len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
            raise ValueError(tr("{name!r} is not a square name such as B2", name=name))
        col = ord(name[0].upper()) - ord("A")
        row = int(name[1:]) - 1
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            last = square_name(self.rows - 1, self.cols - 1)
            raise ValueError(tr("{square} is not on the {layout} area (squares A1 to {last})",
                                square=name, layout=self.layout, last=last))
        return row, col

    def board_of(self, name: str) -> str:
        r, c = self.parse(name)
        if self.layout == "3x6":
            return "A" if c < 3 else "B"
        return "A" if r < 3 else "B"

    # ---- printed squares <-> combined squares

    def from_printed(self, board: str, row: int, col: int) -> str:
        """The combined square of a printed square (1-based row/col) on a board."""
        r, c = turn_cell(row - 1, col - 1, self.rotations[board])
        r0, c0 = self.origin(board)
        return square_name(r0 + r, c0 + c)

    def to_printed(self, name: str) -> tuple[str, int, int]:
        """(board, printed row, printed col) of a combined square (1-based)."""
        board = self.board_of(name)
        r, c = self.parse(name)
        r0, c0 = self.origin(board)
        pr, pc = turn_cell(r - r0, c - c0, -self.rotations[board] % 360)
        return board, pr + 1, pc + 1

    def centre(self, board: str) -> str:
        return self.from_printed(board, 2, 2)

    def dot(self, board: str) -> str:
        return self.from_printed(board, *self.board.dot)

    def arrows(self, name: str) -> str:
        """The directions (U/R/D/L on the combined area) an avatar may leave a square."""
        board, pr, pc = self.to_printed(name)
        turned = {turn_direction(d, self.rotations[board]) for d in self.board.arrows_at(pr, pc)}
        return "".join(d for d in "URDL" if d in turned)

    # ---- movement and distance

    def step(self, name: str, direction: str, wrap: bool | str) -> str | None:
        """The square one step away in a direction; a step off the edge of the
        combined area wraps (``wrap``: True or ``"area"``) to the area's opposite
        edge, (``"board"``) to the opposite edge of the board the square is on, or
        (False) is None."""
        r, c = self.parse(name)
        dr, dc = STEP[direction]
        rr, cc = r + dr, c + dc
        if not (0 <= rr < self.rows and 0 <= cc < self.cols):
            if not wrap:
                return None
            if wrap == "board":
                r0, c0 = self.origin(self.board_of(name))
                return square_name(r0 + (rr - r0) % 3, c0 + (cc - c0) % 3)
            rr, cc = rr % self.rows, cc % self.cols
        return square_name(rr, cc)

    def neighbours(self, name: str, diagonal: bool = False, wrap: bool = False) -> list[str]:
        """Squares one step away (orthogonally, or also diagonally), in reading order."""
        r, c = self.parse(name)
        out = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr, dc) == (0, 0) or (dr and dc and not diagonal):
                    continue
                rr, cc = r + dr, c + dc
                if not (0 <= rr < self.rows and 0 <= cc < self.cols):
                    if not wrap:
                        continue
                    rr, cc = rr % self.rows, cc % self.cols
                n = square_name(rr, cc)
                if n != name and n not in out:
                    out.append(n)
        return sorted(out, key=self.parse)

    def distance(self, a: str, b: str) -> int:
        """Orthogonal (Manhattan) distance on the combined area, never wrapping."""
        (r1, c1), (r2, c2) = self.parse(a), self.parse(b)
        return abs(r1 - r2) + abs(c1 - c2)
