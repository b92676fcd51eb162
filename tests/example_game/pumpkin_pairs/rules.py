"""The rules of Pumpkin Pairs (RULES.md): set-up, and one handler per action.

A handler checks legality as it goes and changes the state it is given (the
engine hands it a private copy, so a refusal half-way changes nothing)."""
from __future__ import annotations

from typing import Any

from models.engine import Event, IllegalAction
from models.text import tr

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
        raise IllegalAction(tr("reveal: {card} is not a Pumpkin Pairs card", card=a.card))
    if a.card not in deck(kit, state):
        raise IllegalAction(tr("reveal: {card} is not in the deck", card=a.card))
    state["middle"], state["phase"] = a.card, "take"
    return [Event("revealed", tr("Pumpkin {value} is turned up", value=kit.value[a.card]), {"card": a.card})]


def take(kit: Kit, state: State, a: Take) -> list[Event]:
    now = state["players"][state["turn"]]
    if a.player != now:
        raise IllegalAction(tr("take: it is {turn}'s turn, not {player}'s", turn=now, player=a.player))
    if a.card != state["middle"]:
        raise IllegalAction(tr("take: {card} is not the card in the middle", card=a.card))
    state["areas"][a.player] = sorted([*state["areas"][a.player], a.card])   # the table shows no order
    state["middle"] = None
    state["turn"] = (state["turn"] + 1) % len(state["players"])
    state["phase"] = "reveal" if deck(kit, state) else "over"
    events = [Event("taken", tr("{player} takes pumpkin {value}", player=a.player, value=kit.value[a.card]),
                    {"player": a.player, "card": a.card})]
    if state["phase"] == "over":
        events.append(Event("game_over", tr("The deck is empty: the game is over")))
    return events


#: the actions each phase allows (the engine refuses the others)
PHASES = {"reveal": (Reveal,), "take": (Take,), "over": ()}
