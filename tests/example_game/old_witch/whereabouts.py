"""Where the state puts each card, for the engine's "nothing in two places"
check: the pairs laid by name, the hands as counts (unnamed)."""
from __future__ import annotations

from typing import Any

from models.text import tr
from models.whereabouts import Whereabouts

from .state import OldWitchState as State


def whereabouts(game: Any, state: State) -> Whereabouts:
    w: Whereabouts = game.new_whereabouts()
    for p, cards in state["laid"].items():
        for c in cards:
            w.place(c, tr("laid in front of {player}", player=p), tr("on the table"))
    for p, n in state["hands"].items():
        w.unnamed("cards", tr("in {player}'s hand", player=p), n, tr("in a hand"))
    return w
