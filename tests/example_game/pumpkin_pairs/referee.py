"""What a difference between the expected table and the reading can be: a card
turned up in the middle (reveal), and that card taken by the player whose turn
it is (take), one or both."""
from __future__ import annotations

from typing import Any

from models.engine import Action

from .actions import Reveal, Take
from .state import PumpkinPairsState as State


def candidates(state: State, reading: dict[str, Any]) -> list[list[Action]]:
    who = state["players"][state["turn"]]
    new_middle = [c for c in reading["middle"] if c != state["middle"]]
    gained = [c for c in reading["areas"].get(who, []) if c not in state["areas"][who]]
    out: list[list[Action]] = []
    if new_middle:
        out.append([Reveal(new_middle[0])])
    if gained and state["middle"] in gained:
        out.append([Take(who, gained[0])])
    if gained and state["phase"] == "reveal":
        out.append([Reveal(gained[0]), Take(who, gained[0])])   # turned up and taken while the camera looked away
    return out
