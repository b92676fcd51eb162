"""The Closest Ghost's actions, as the table or a script tells them to the engine.

Squares are named on the combined area (``"B2"``: column letter, row number, A1 top
left). Examples (JSON)::

    {"type": "turn_board", "board": "B", "rotation": 90}
    {"type": "place_ghost", "player": "BLUE", "square": "E3"}
    {"type": "move_avatar", "player": "RED", "to": "C2"}
    {"type": "move_ghost", "player": "RED", "square": "D1", "to": "D2"}

A trapped player's pass and a ghost move nobody can make are not actions: the
engine applies them itself and says so in its events and prompts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ..engine import Action


@dataclass(frozen=True)
class TurnBoard(Action):
    """Before play starts (until the third ghost is placed), a board's owner turns
    their board; the pieces on it turn with it. ``rotation``: 0, 90, 180 or 270
    degrees counter-clockwise from the combined area's top."""

    type: ClassVar[str] = "turn_board"
    board: Literal["A", "B"]
    rotation: int


@dataclass(frozen=True)
class PlaceGhost(Action):
    """Setup: the second player places the third ghost on any open square."""

    type: ClassVar[str] = "place_ghost"
    player: str
    square: str


@dataclass(frozen=True)
class MoveAvatar(Action):
    """A player moves their avatar one square along an arrow of the square it leaves."""

    type: ClassVar[str] = "move_avatar"
    player: str
    to: str


@dataclass(frozen=True)
class MoveGhost(Action):
    """After moving their avatar, the player moves the closest ghost (on ``square``)
    one square to ``to``."""

    type: ClassVar[str] = "move_ghost"
    player: str
    square: str
    to: str


ACTIONS = (TurnBoard, PlaceGhost, MoveAvatar, MoveGhost)
