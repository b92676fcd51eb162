"""The shape of a The Closest Ghost state: plain JSON, built by ``TheClosestGhost.setup``
(squares are combined-area names such as ``"B2"``)."""
from __future__ import annotations

from typing import Any, TypedDict


class TheClosestGhostState(TypedDict):
    """A whole The Closest Ghost game between two actions."""

    players: list[str]
    owners: dict[str, str]                      # board A/B -> player
    options: dict[str, Any]
    rotations: dict[str, int]                   # board A/B -> degrees
    phase: str                                  # place_ghost | move | ghost | over
    turn: str
    avatars: dict[str, str]
    ghosts: list[str]
    candy: list[str]
    taken: dict[str, dict[str, int]]            # board -> player -> pieces taken from it
    moves: int                                  # avatar moves followed (since the setup or the take-over)
    notes: list[str]
    winner: str | None
    result: str
