"""The rules of Pumpkin Pairs (RULES.md): set-up, and one handler per action.

A handler checks legality as it goes and changes the state it is given (the
engine hands it a private copy, so a refusal half-way changes nothing)."""
from __future__ import annotations

from typing import Any

from models.engine import Event, IllegalAction

from .actions import Reveal, Take
from .kit import Kit
from .state import PumpkinPairsState as State


def setup(players: list[str]) -> dict[str, Any]:
    return {"players": list(players), "turn": 0, "phase": "reveal", "middle": None,
            "areas": {p: [] for p in players}}


def deck(kit: Kit, state: State) -> list[str]:
    """The cards still face down: neither in the middle nor in an area."""
    seen = {c for cards in state["areas"].values() for c in cards} | {state["middle"]}
    return sorted(c for c in kit.value if c not in seen)


def reveal(kit: Kit, state: State, a: Reveal) -> list[Event]:
    if a.card not in kit.value:
        raise IllegalAction(f"reveal: {a.card} is not a Pumpkin Pairs card")
    if a.card not in deck(kit, state):
        raise IllegalAction(f"reveal: {a.card} is not in the deck")
    state["middle"], state["phase"] = a.card, "take"
    return [Event("revealed", f"Pumpkin {kit.value[a.card]} is turned up", {"card": a.card})]


def take(kit: Kit, state: State, a: Take) -> list[Event]:
    now = state["players"][state["turn"]]
    if a.player != now:
        raise IllegalAction(f"take: it is {now}'s turn, not {a.player}'s")
    if a.card != state["middle"]:
        raise IllegalAction(f"take: {a.card} is not the card in the middle")
    state["areas"][a.player] = sorted([*state["areas"][a.player], a.card])   # the table shows no order
    state["middle"] = None
    state["turn"] = (state["turn"] + 1) % len(state["players"])
    state["phase"] = "reveal" if deck(kit, state) else "over"
    events = [Event("taken", f"{a.player} takes pumpkin {kit.value[a.card]}", {"player": a.player, "card": a.card})]
    if state["phase"] == "over":
        events.append(Event("game_over", "The deck is empty: the game is over"))
    return events


#: the actions each phase allows (the engine refuses the others)
PHASES = {"reveal": (Reveal,), "take": (Take,), "over": ()}
