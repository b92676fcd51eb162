"""The actions of Old Witch, as the table shows them (or does not).

* ``{"type": "draw", "player": "BLUE"}``: the player draws one card face down
  from the hand of the player to their left. Which card is no one's business:
  the action has no card, and the camera sees nothing change;
* ``{"type": "lay_pair", "player": "BLUE", "cards": ["OWT:CARD:BAT1", "OWT:CARD:BAT2"]}``:
  the player lays a pair face up in front of their seat (the camera reads both tags).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from models.engine import Action


@dataclass(frozen=True)
class Draw(Action):
    """The player draws a card face down from the hand of the player to their left."""

    type: ClassVar[str] = "draw"
    player: str


@dataclass(frozen=True)
class LayPair(Action):
    """The player lays a pair from their hand face up in front of their seat."""

    type: ClassVar[str] = "lay_pair"
    player: str
    cards: tuple[str, ...]


ACTIONS: tuple[type[Action], ...] = (Draw, LayPair)
