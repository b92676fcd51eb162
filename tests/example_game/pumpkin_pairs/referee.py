"""What a difference between the expected table and the reading can be: a card
turned up in the middle (reveal), and that card taken by the player whose turn
it is (take), one or both; anything else is out of sync (``explain``). And the
referee's search (``steps`` and ``distance``: a game taken over as it lies is
followed from its setup, and a camera gap caught up)."""
from __future__ import annotations

from typing import Any

from models.engine import Action, Prompt, VerdictStatus
from models.text import tr

from . import rules
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
                           Prompt(tr("The table does not match the game: put the cards back as the page shows"),
                                  level="error")]


def steps(game: Any, state: State, reading: dict[str, Any]) -> list[list[Action]]:
    """The steps the referee's search may take toward the reading (a game
    started late, a camera gap): turn up a card the table shows in the middle
    or in the area of the player whose turn it is, or that player's take of the
    card in the middle when their area shows it."""
    who = state["players"][state["turn"]]
    mine = reading["areas"].get(who, [])
    if state["phase"] == "reveal":
        return [[Reveal(c)] for c in rules.deck(game.kit, state) if c in reading["middle"] or c in mine]
    middle = state["middle"]
    if state["phase"] == "take" and middle is not None and middle in mine:
        return [[Take(who, middle)]]
    return []


def distance(game: Any, state: State, reading: dict[str, Any]) -> int | None:
    """A lower bound of the actions still needed: a reveal and a take for each
    card an area shows that the state has not put there (the take alone for the
    card in the middle), a reveal for a new card in the middle; None when an
    area lacks a card the state put there (a card taken never leaves)."""
    if any(not set(cards) <= set(reading["areas"].get(p, [])) for p, cards in state["areas"].items()):
        return None
    taken = {c for p, cards in reading["areas"].items() for c in cards if c not in state["areas"].get(p, [])}
    turned = [c for c in reading["middle"] if c != state["middle"]]
    return 2 * len(taken) - (state["middle"] in taken) + len(turned)
