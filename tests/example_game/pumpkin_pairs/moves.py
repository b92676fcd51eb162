"""What can happen next: every action ``apply`` accepts now, the one list the
console's forms, the random games and the referee's search derive from."""
from __future__ import annotations

from typing import Any

from models.engine import Action

from . import rules
from .actions import Reveal, Take
from .state import PumpkinPairsState as State


def legal_actions(game: Any, state: State) -> list[Action]:
    """A card turned up: one action per card the face-down deck can still hand
    out (the chance outcomes); or the card in the middle taken by whoever's turn it is."""
    if state["phase"] == "reveal":
        return [Reveal(c) for c in rules.deck(game.kit, state)]
    if state["phase"] == "take" and state["middle"]:
        return [Take(state["players"][state["turn"]], state["middle"])]
    return []
