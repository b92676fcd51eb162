"""What a difference between the expected table and the reading can be: a card
turned up in the middle (reveal), and that card taken by the player whose turn
it is (take), one or both; anything else is out of sync (``explain``)."""
from __future__ import annotations

from typing import Any

from models.engine import Action, Prompt, VerdictStatus

from .actions import Reveal, Take
from .state import PumpkinPairsState as State


def candidates(game: Any, state: State, reading: dict[str, Any]) -> list[list[Action]]:
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


def explain(game: Any, state: State, expected: dict[str, Any],
            reading: dict[str, Any]) -> tuple[VerdictStatus, list[Prompt]]:
    """Out of sync: each card lying where no marker says whose it is, then how to put the table right."""
    return "out_of_sync", [*(Prompt(p, level="error") for p in reading["problems"]),
                           Prompt("The table does not match the game: put the cards back as the page shows",
                                  level="error")]
