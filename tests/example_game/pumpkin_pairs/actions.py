"""The actions of Pumpkin Pairs, as the table shows them.

* ``{"type": "reveal", "card": "PUP:PUMPKIN:3A"}``: the top card of the deck is
  turned up in the middle (a chance outcome: the deck is the game's randomness);
* ``{"type": "take", "player": "RED", "card": "PUP:PUMPKIN:3A"}``: the player
  whose turn it is takes the card from the middle into their area.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from models.engine import Action


@dataclass(frozen=True)
class Reveal(Action):
    """The top card of the deck is turned up in the middle."""

    type: ClassVar[str] = "reveal"
    card: str


@dataclass(frozen=True)
class Take(Action):
    """The player whose turn it is takes the card in the middle."""

    type: ClassVar[str] = "take"
    player: str
    card: str


ACTIONS: tuple[type[Action], ...] = (Reveal, Take)
