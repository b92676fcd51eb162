"""The shape of a Pumpkin Pairs state: plain JSON data.

``middle`` is the card turned up and not yet taken (or None); ``areas`` each
player's cards; the deck is what is neither (face down: its order is unknown)."""
from __future__ import annotations

from typing import TypedDict


class PumpkinPairsState(TypedDict):
    players: list[str]
    turn: int               # index into players
    phase: str              # "reveal", "take" or "over"
    middle: str | None
    areas: dict[str, list[str]]
