"""Where the state puts each card, for the engine's "nothing in two places"
check (the deck holds the rest)."""
from __future__ import annotations

from typing import Any

from models.text import tr
from models.whereabouts import Whereabouts

from .state import PumpkinPairsState as State


def whereabouts(game: Any, state: State) -> Whereabouts:
    w: Whereabouts = game.new_whereabouts()
    if state["middle"]:
        w.place(state["middle"], tr("in the middle"), tr("on the table"))
    for p, cards in state["areas"].items():
        for c in cards:
            w.place(c, tr("in {player}'s area", player=p), tr("on the table"))
    return w
