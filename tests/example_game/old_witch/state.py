"""The shape of an Old Witch state: plain JSON data.

``hands`` are counts: how many cards each player holds, never which (no one but
the holder knows, and the drawer of a card, and the companion neither);
``laid`` the pairs each player has laid face up (public: the camera reads them).
``turn`` is the player who drew last (only they may lay a pair now), None
before the first draw, when anyone may lay the pairs they were dealt."""
from __future__ import annotations

from typing import TypedDict


class OldWitchState(TypedDict):
    players: list[str]
    phase: str                  # "opening", "play" or "over"
    turn: int | None            # index into players of who drew last; None in the opening
    hands: dict[str, int]       # how many cards each hand holds (never which)
    laid: dict[str, list[str]]  # the cards of the pairs laid face up in front of each player
    loser: str | None           # who was left holding the Witch, once over
