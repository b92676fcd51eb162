"""The shape of a Ghost at Home state: plain JSON, built by ``rules.setup``
(rules.py says what each part means). Nothing in it is secret."""
from __future__ import annotations

from typing import Any, TypedDict


class GhostAtHomeState(TypedDict):
    """A whole Ghost at Home game between two actions."""

    players: list[str]
    options: dict[str, Any]
    houses: dict[str, list[dict[str, Any]]]     # per player, floors 1-3: lit, rooms, cats, ghosts
    hands: dict[str, int]                       # how many cards each hand holds (never which)
    deck: int
    discard: dict[str, Any]                     # count, seen (and unnamed)
    phase: str                                  # turn | escape | over
    turn: str
    turns: int
    pending: dict[str, Any] | None              # a ghost waiting for its target's answer
    escape: dict[str, Any] | None
    winner: str | None
    clearing: list[str]                         # cards the last action sent to the pile, maybe still lying here
    lit_by: dict[str, list[str]]                # "RED:1": the cards (or Light Bulb) that paid for its last light
    untold: list[dict[str, Any]]                # lights no camera saw paid, until the console tells
